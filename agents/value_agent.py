"""The value agent (kind ``value`` / ``value:PATH``): the learned value model (``agents.value_model``) playing by
itself with a short look-ahead, compiled; and ``ValueAgent``, the same behind a Python ``act(game)``.

How it decides (``choose``), for the faction f whose decision is pending:

1. It determinizes the state from f's view (``agents.heuristic.determinize``: nothing hidden survives).
2. For each legal option it applies the option to a copy, plays ``look`` more decisions with the heuristic's rollout
   policy (``agents.heuristic.base_policy_done``: every seat's decisions, forced ones included, so that a verb such
   as "battle" shows its effect), and scores the copy by the model's chance that f wins (1 or 0 if the game ended).
3. It averages ``samples`` determinizations and takes the best option (near-ties broken by its own generator).

By default ``look`` and ``samples`` are the second heuristic's for the faction (``agents.heuristic.PARAMS``: its
look-ahead, and its determinizations for battles, Exposure guesses and other decisions), so the value agent is the
heuristic v2 with its hand-written valuation replaced by the learned one.

Options are one float64 array (``options``): ``O_LOOK``, ``O_SAMPLES``, ``O_DONE`` (-1: the faction's heuristic
default), the other fields up to ``agents.ismcts.N_OPTIONS`` unused, then the packed model, the layout ISMCTS's
``"value"`` leaf reads too. The arena passes it per faction like ISMCTS's options.
"""
from __future__ import annotations

import numpy as np
from root_env.engine.jit import njit

from root_env.data import FACTION_NAMES
from root_env.layout import STATE_SIZE, LEGAL, LEGAL_N, GAME_OVER, WINNERS
from root_env.engine.core import apply
from agents.heuristic import determinize, base_policy_done, samples_for, next_rand, seed_rand, PARAMS
from agents.table import P_LOOKAHEAD, P_DONE
from agents.ismcts import N_OPTIONS
from agents import value_model

O_LOOK, O_SAMPLES, O_DONE = range(3)


def options(model=None, look: int = -1, samples: int = -1, p_done: float = -1.0) -> np.ndarray:
    """The value agent's options array: `model` (a path, None for ``value_model.DEFAULT_PATH``, a model dict or a
    packed array), `look` decisions played after each option, `samples` determinizations averaged, `p_done` how
    often the look-ahead takes "done" (each -1: the faction's heuristic v2 default)."""
    for name, v in (("look", look), ("samples", samples)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not (v == -1 or v >= (name == "samples")):
            raise ValueError(f"{name} must be -1 (the faction's default) or an integer >= {int(name == 'samples')}, "
                             f"got {v!r}")
    if not isinstance(p_done, (int, float, np.floating)) or not (p_done == -1 or 0 <= p_done <= 1):
        raise ValueError(f"p_done must be -1 or in [0, 1], got {p_done!r}")
    o = np.zeros(N_OPTIONS, np.float64)
    o[O_LOOK], o[O_SAMPLES], o[O_DONE] = look, samples, p_done
    return np.concatenate([o, value_model.packed(model)])


def spec_model(spec: str):
    """The model path of an agent kind ``value`` (None: the shipped model) or ``value:PATH``."""
    name, sep, path = spec.partition(":")
    if name != "value" or (sep and not path):
        raise ValueError(f"a value agent is 'value' or 'value:PATH', got {spec!r}")
    return path or None


@njit(cache=True)
def _score(s, f, w):
    if s[GAME_OVER] != 0:
        return 1.0 if (s[WINNERS] >> f) & 1 else 0.0
    return value_model.predict(s, f, w)


@njit(cache=True)
def choose(state, f, r, opts, work):
    """The value agent's action for faction f (the decider) in `state` (``work``: scratch of shape (2,
    STATE_SIZE)). Returns (action, r)."""
    n = state[LEGAL_N]
    if n == 1:
        return state[LEGAL], r
    prm = PARAMS[2, f]
    look = int(prm[P_LOOKAHEAD]) if opts[O_LOOK] < 0 else int(opts[O_LOOK])
    k = max(1, samples_for(state, prm)) if opts[O_SAMPLES] < 0 else int(opts[O_SAMPLES])
    p_done = prm[P_DONE] if opts[O_DONE] < 0 else opts[O_DONE]
    w = opts[N_OPTIONS:]
    base = work[0]
    trial = work[1]
    total = np.zeros(n)
    for j in range(k):
        r = determinize(state, base, f, r)
        for i in range(n):
            trial[:] = base
            apply(trial, state[LEGAL + i])
            for _ in range(look):
                if trial[GAME_OVER] != 0:
                    break
                b, r = base_policy_done(trial, r, p_done)
                apply(trial, b)
            total[i] += _score(trial, f, w)
    best = -1e18
    best_a = state[LEGAL]
    for i in range(n):
        r = next_rand(r)
        v = total[i] / k + (r & 0xFFFF) * 1e-10  # near-ties broken at random
        if v > best:
            best = v
            best_a = state[LEGAL + i]
    return best_a, r


class ValueAgent:
    """Plays faction `faction` with the value model in `path` (None: the shipped ``agents/models/value_v1.npz``)
    and a one-option look-ahead (``choose``; `look`, `samples`: see ``options``). Seeded. Acts on a
    ``root_env.Game`` (``act(game)``), like ``ISMCTSAgent``; it reads the game only through ``determinize``.

    >>> agent = ValueAgent("eyrie", seed=1)
    >>> g.apply(agent.act(g))          # when g.current_player == "eyrie"
    """

    def __init__(self, faction: str, path=None, seed: int = 0, look: int = -1, samples: int = -1) -> None:
        if faction not in FACTION_NAMES:
            raise ValueError(f"unknown faction {faction!r}; known factions: {', '.join(FACTION_NAMES)}")
        self.faction = faction
        self.opts = options(path, look=look, samples=samples)
        self._f = FACTION_NAMES.index(faction)
        self._r = int(seed_rand(int(seed)))
        self._work = np.zeros((2, STATE_SIZE), np.int64)

    def act(self, game) -> int:
        """The action for the pending decision of `game`, which must be this agent's to take."""
        if game.current_player != self.faction:
            raise ValueError(f"it is {game.current_player!r}'s decision, not {self.faction!r}'s")
        a, self._r = choose(game.state, self._f, self._r, self.opts, self._work)
        return int(a)

    def win_chance(self, game) -> float:
        """The model's chance that this agent's faction wins `game`, from its view."""
        return float(value_model.predict(game.state, self._f, self.opts[N_OPTIONS:]))

"""A single-agent Gymnasium environment: one faction against fixed opponents (Clockwork bots, compiled agents or
any policy).

    >>> import gymnasium, root_env
    >>> env = gymnasium.make("root_env/VagabondVsBots-v0")      # the Vagabond against the three Clockwork bots
    >>> obs, info = env.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = env.step(env.action_space.sample())   # a legal action

    >>> from root_env.single_agent import SingleAgentEnv
    >>> env = SingleAgentEnv("marquise", factions=("marquise", "eyrie"), opponents="heuristic", normalize=True)

For learners that expect one agent (sb3-contrib's ``MaskablePPO`` reads ``action_masks()``). Seats:
``factions`` in seating order, 2 to 8, each a faction name or a Clockwork bot (``"bot:electric_eyrie[:level]
[+trait...]"``, as ``Game.new`` takes them). A bot plays its own seat inside the engine; every other seat but the
learner's is played by ``opponents``: ``"random"``, ``"heuristic"`` or ``"heuristic_v1"`` (compiled, inside njit:
``agents.train.stepper``), or any object with ``act(observation, action_mask)`` (a ``PPOAgent``, a
``RandomAgent``; it sees the raw observation, as the project's agents expect), or a dict giving each such seat
(by faction name) its own. Against bots only, ``opponents`` is not used.

Spaces: the observation is the learner's own view, ``Box(float32, OBS_SIZE)`` with bounds that hold every value
(``root_env.observation.observation_space``): raw counts in [0, max(max_turns, 255)], or with ``normalize=True``
each entry scaled to about [0, 1] (``Game.observe(normalize=True)``; below 1 where the divisor is a hard bound,
below 255 / divisor where it is a typical maximum). The action space is the engine's ``Discrete(N_ACTIONS)``, a
``LegalActions`` space whose ``sample()`` draws a legal action of the current position (a given ``mask`` or
``probability`` is used as Gymnasium's ``Discrete`` uses it). ``info["action_mask"]`` carries the mask too;
after the episode's end it is all zeros.

Reward: +1 if the learner wins, -1 if not, 0 if the game is cut at ``max_turns`` (then ``truncated``), plus
``vp_reward`` per VP it scores. ``info["won"]`` at the end.

Illegal actions: ``illegal_action="raise"`` (default) raises ``IllegalActionError`` (a ``ValueError``) and leaves
the game unchanged; ``"lose"`` ends the episode (terminated, reward -1, ``info["illegal_action"]``) and leaves the
game unchanged. An id outside the action space always raises. Gymnasium's ``check_env`` needs ``"lose"``: its
determinism check samples an action *before* it resets the environment, so that action was legal in another
position (``tests/test_single_agent.py`` runs ``check_env``). Stepping after the episode's end raises
``RootError``: call ``reset()``.

Registered with Gymnasium on ``import root_env`` (``root_env.registration``; nothing is compiled until an env is
made), each id a set of default keywords that ``gymnasium.make(id, **kwargs)`` overrides:

- ``root_env/SingleAgent-v0``: the Marquise against the Eyrie, the Alliance and the Vagabond played by the
  heuristic, ``normalize=True``.
- ``root_env/VagabondVsBots-v0``: the Vagabond against the Mechanical Marquise, the Electric Eyrie and the
  Automated Alliance (normal difficulty), ``normalize=True``.

``gymnasium.make_vec(id, num_envs)`` gives a ``SyncVectorEnv`` of these (``make_vector``) whose batched
``action_space.sample()`` draws each game's legal action, so ``gymnasium.utils.performance.benchmark_vector_step``
runs on it (``benchmark_step`` runs on one env).
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from .codes import N_ACTIONS
from .data import BASE_FACTIONS, BOT_CODE_FLAG
from .engine.observe import normalize as _normalize
from .errors import IllegalActionError, RootError
from .inputs import check_action, check_choice, check_flag, check_max_turns, faction_ids, faction_names
from .names import is_bot_seat
from .observation import observation_space, seated_fields
from .engine.batch import OBSERVATIONS
from agents.arena import KIND_RANDOM, KIND_HEURISTIC, KIND_HEURISTIC_V1  # the env sits above the agents
from agents.train.stepper import Stepper, KIND_NET

__all__ = ["SingleAgentEnv", "LegalActions", "make_vector", "COMPILED", "ILLEGAL_ACTION"]

ILLEGAL_ACTION = ("raise", "lose")
OPPONENT_HELP = "'random', 'heuristic', 'heuristic_v1' or an object with act(obs, mask)"


# opponent name -> the compiled agent's kind (agents.arena)
COMPILED = {"random": KIND_RANDOM, "heuristic": KIND_HEURISTIC, "heuristic_v1": KIND_HEURISTIC_V1}


class LegalActions(spaces.Discrete):
    """``Discrete(N_ACTIONS)`` whose ``sample()`` without a mask draws uniformly among the legal actions of
    ``mask_fn()`` (an int8/bool mask of the current position; all zeros gives 0, as ``Discrete`` does). A pickled
    or deep-copied one is a plain ``Discrete(N_ACTIONS)`` (it has no game to ask)."""

    def __init__(self, mask_fn, seed=None):
        super().__init__(N_ACTIONS, seed=seed)
        self._mask_fn = mask_fn

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None:
            mask = np.asarray(self._mask_fn(), dtype=np.int8)
        return super().sample(mask=mask, probability=probability)

    def __reduce__(self):
        return spaces.Discrete, (self.n,)


class SingleAgentEnv(gymnasium.Env):
    """One faction (``faction``, not a bot) against the other seats of ``factions`` (see the module doc).

    Args:
        faction: the learner's faction.
        factions: the seats in order: faction names and Clockwork bots (``"bot:..."``), 2 to 8.
        opponents: how the seats that are neither the learner nor a bot play (module doc).
        max_turns: the turn cap; a game reaching it is truncated.
        vp_reward: reward per VP the learner scores, on top of the final +1 / -1.
        normalize: scale observations to about [0, 1] (a bounded ``Box`` either way).
        illegal_action: "raise" or "lose" (module doc).
        observation: "full" (default) or "seated": the learner's observation cut to the seated factions' entries
            and those of the rules in play (``root_env.observation.seated_fields``; ``self.obs_index`` holds the
            full observation's index of each entry). Python opponents still see the full observation.
    """

    metadata = {"render_modes": []}

    def __init__(self, faction: str = "marquise", factions=BASE_FACTIONS, opponents: Any = "heuristic", *,
                 max_turns: int = 300, vp_reward: float = 0.0, normalize: bool = False,
                 illegal_action: str = "raise", observation: str = "full"):
        factions = faction_names(factions)  # RootError (a ValueError) for a bad seat
        ids = faction_ids(factions)
        if not isinstance(faction, str) or faction not in factions or is_bot_seat(faction):
            raise RootError(f"faction {faction!r} is not seated in {factions} (the learner is a seat that is not "
                            "a Clockwork bot)")
        max_turns = check_max_turns(max_turns)
        self.normalize = check_flag("normalize", normalize)
        self.observation = check_choice("observation", observation, OBSERVATIONS)
        self.obs_index = seated_fields(factions).index if self.observation == "seated" else None
        if illegal_action not in ILLEGAL_ACTION:
            raise RootError(f"illegal_action must be one of {ILLEGAL_ACTION}, got {illegal_action!r}")
        if isinstance(vp_reward, bool) or not isinstance(vp_reward, (int, float)) or not np.isfinite(vp_reward):
            raise RootError(f"vp_reward must be a finite number, got {vp_reward!r}")
        self.faction, self.factions, self.max_turns = faction, factions, max_turns
        self.seat = factions.index(faction)
        self.illegal_action, self.vp_reward = illegal_action, float(vp_reward)
        self.kinds = np.full((1, len(factions)), KIND_NET, np.int64)
        self.python_opponents = self._seat_opponents(opponents)
        self.observation_space = observation_space(max_turns, self.normalize, self.obs_index)
        self.action_space = LegalActions(self.action_masks)
        self._st = Stepper(1, ids, max_turns, threads=1)
        self._vp, self._over, self._started = 0, True, False

    def _seat_opponents(self, opponents) -> dict:
        """Fill ``self.kinds`` for the compiled opponents; return {seat: policy} for the Python ones."""
        seats = {f: p for p, f in enumerate(self.factions) if p != self.seat and not is_bot_seat(f)}
        if isinstance(opponents, dict):
            unknown = sorted(map(str, set(opponents) - set(seats)))
            missing = sorted(set(seats) - set(opponents))
            if unknown or missing:
                raise RootError(f"opponents by faction: give exactly the seats {sorted(seats)} (not the learner's, "
                                f"not a bot's); unknown {unknown}, missing {missing}")
        elif isinstance(opponents, str) and opponents not in COMPILED:  # refused even where no seat needs it
            raise RootError(f"opponents: {OPPONENT_HELP}, got {opponents!r}")
        python = {}
        for f, p in seats.items():
            o = opponents[f] if isinstance(opponents, dict) else opponents
            if isinstance(o, str) and o in COMPILED:
                self.kinds[0, p] = COMPILED[o]
            elif not isinstance(o, str) and callable(getattr(o, "act", None)):
                python[p] = o
            else:
                raise RootError(f"opponent for {f}: {OPPONENT_HELP}, got {o!r}")
        return python

    # ------------------------------------------------------------------ Gymnasium API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if options:  # None or {} (Gymnasium's checker passes {})
            raise RootError(f"SingleAgentEnv.reset takes no options, got {options!r}")
        self._st.reset(int(self.np_random.integers(2**31)), self.kinds)
        self._vp, self._over, self._started = 0, False, True
        self._to_learner()
        return self._view(self._st.obs[0]), {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now (bool, ``N_ACTIONS``); all False before ``reset`` and after the end."""
        if self._over:
            return np.zeros(N_ACTIONS, bool)
        return self._st.masks[0].astype(bool)

    def step(self, action):
        if self._over:
            raise RootError("the episode has ended (or not started): call reset() before step()")
        st = self._st
        a = check_action(action)  # IllegalActionError for a non-integer or an id outside the action space
        if not st.masks[0, a]:
            legal = np.flatnonzero(st.masks[0]).tolist()
            if self.illegal_action == "raise":
                raise IllegalActionError(f"action {a} is not legal for {self.faction} now; legal: {legal}")
            self._over = True  # the game is left as it was; the episode ends with a loss
            return (self._view(st.obs[0]), -1.0, True, False,
                    {"action_mask": self.action_masks(), "won": False, "illegal_action": True})
        st.step([a])
        if self._to_learner():
            self._over = True
            won = bool((st.winners[0] >> (st.factions[self.seat] % BOT_CODE_FLAG)) & 1)
            trunc = bool(st.truncated[0])
            r = 0.0 if trunc else (1.0 if won else -1.0)
            r += self.vp_reward * float(st.final_vp[0, self.seat] - self._vp)
            return (self._view(st.final_obs[0, self.seat]), r, not trunc, trunc,
                    {"action_mask": self.action_masks(), "won": won})
        r = self.vp_reward * float(st.vp[0, self.seat] - self._vp)
        self._vp = int(st.vp[0, self.seat])
        return self._view(st.obs[0]), r, False, False, {"action_mask": self.action_masks()}

    # ------------------------------------------------------------------ helpers
    def _view(self, raw: np.ndarray) -> np.ndarray:
        """A copy of a raw observation, normalised if asked (every game of this env has the same turn cap, which
        is all ``engine.observe.normalize`` reads of the state)."""
        out = raw.copy()
        if self.normalize:
            _normalize(self._st.states[0], out)
        return out if self.obs_index is None else out[self.obs_index]

    def _to_learner(self) -> bool:
        """Let Python opponents act until the learner decides or the game ends; True if it ended."""
        st = self._st
        while not st.ended[0] and st.seat[0] != self.seat:
            st.step([self.python_opponents[int(st.seat[0])].act(st.obs[0].copy(), st.masks[0].copy())])
        return bool(st.ended[0])


class _LegalActionsBatch(spaces.MultiDiscrete):
    """The batched action space of ``make_vector``: ``sample()`` draws each game's legal action."""

    def __init__(self, singles):
        super().__init__(np.full(len(singles), N_ACTIONS, np.int64))
        self._singles = singles

    def sample(self, mask=None, probability=None):
        if mask is not None or probability is not None:
            return super().sample(mask=mask, probability=probability)
        return np.array([s.sample(mask=np.asarray(s._mask_fn(), np.int8)) for s in self._singles], np.int64)

    def seed(self, seed=None):
        seeds = super().seed(seed)
        for i, s in enumerate(self._singles):
            s.seed(None if seed is None else int(seed) + i)
        return seeds


def make_vector(num_envs: int = 1, **kwargs) -> gymnasium.vector.SyncVectorEnv:
    """``num_envs`` ``SingleAgentEnv(**kwargs)`` in Gymnasium's ``SyncVectorEnv`` (the registered ids'
    ``vector_entry_point``), with a batched action space whose ``sample()`` is legal in every game (an ended game
    waiting for its reset in the next step draws 0, which the reset ignores)."""
    venv = gymnasium.vector.SyncVectorEnv([lambda: SingleAgentEnv(**kwargs) for _ in range(int(num_envs))])
    venv.action_space = _LegalActionsBatch([e.action_space for e in venv.envs])
    return venv

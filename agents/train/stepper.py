"""Compiled stepping for self-play training: every game of a batch advances through the seats played
by compiled agents (random, heuristic, heuristic_v1, ISMCTS, the value agent) until a seat played by a network must
decide.

A seat's kind is ``KIND_RANDOM``, ``KIND_HEURISTIC``, ``KIND_HEURISTIC_V1``, ``KIND_ISMCTS``, ``KIND_VALUE`` (the codes
of ``agents.arena``; an ISMCTS seat searches with ``Stepper.ismcts_opts[faction]``, set by ``set_ismcts``; a value
seat plays with ``Stepper.value_opts``, set by ``set_value``) or ``KIND_NET``
(any network: the learner or a frozen snapshot; Python decides which). ``kinds[g, p]`` is the kind of
seat ``p`` (an index into ``factions``) in the game of row ``g``; when that game ends, the next one in
the row takes ``next_kinds[g]``, so Python chooses the next opponents ahead of time.

One call applies the network's action of every game (``actions[g] >= 0``), then plays compiled seats
until a network seat decides, and writes its seat, observation and mask. A game that ends on the way
is recorded (``ended``, ``winners``, ``truncated``, the final observation and VP of every seat, for
bootstrapping truncated games) and the row starts its next game at once. Game ``(base, episode)`` is
seeded as ``engine.batch`` seeds it, so episode 0 of row g is ``Game.new(seed=base[g])``.
"""
from __future__ import annotations

import numpy as np
from root_env.engine.jit import njit

from root_env.codes import N_ACTIONS
from root_env.data import BOT_CODE_FLAG, FACTION_NAMES
from root_env.layout import (STATE_SIZE, LEGAL, LEGAL_N, GAME_OVER, DECIDER, VP, WINNERS, TRUNCATED, TURN, DECISIONS,
                             VP_SOURCE, N_VS)
from root_env.engine.core import apply, new_game, fill_mask
from root_env.engine.observe import observe, OBS_SIZE
from root_env.engine.batch import game_seed
from root_env.engine.threads import for_slices, default_threads
from root_env.engine import firstrun
from agents.arena import KIND_RANDOM, KIND_HEURISTIC, KIND_HEURISTIC_V1, KIND_ISMCTS, KIND_VALUE, parse_spec
from agents import ismcts, value_agent
from agents.heuristic import choose, choose_v1, next_rand, seed_rand
from agents.train.privileged import hidden_features, PRIV_SIZE

KIND_NET = 2


@njit(cache=True)
def _seat_of(factions, f):
    for p in range(factions.shape[0]):
        if factions[p] % BOT_CODE_FLAG == f:
            return p
    return -1


@njit(cache=True)
def _start(s, g, base, episode, factions, max_turns, rng):
    seed = game_seed(int(base[g]), int(episode[g]))
    new_game(s, factions, seed, max_turns, 0, 0)
    rng[g] = seed_rand(seed ^ 0x2545F491)


@njit(cache=True)
def _advance(g, states, base, episode, actions, factions, kinds, next_kinds, max_turns, rng, work, obs, masks,
             seat, ended, winners, truncated, final_obs, final_vp, vp, final_stats, final_hidden, opts, tree, vopts):
    s = states[g]
    ended[g] = 0
    if actions[g] >= 0:
        apply(s, actions[g])
    while True:
        if s[GAME_OVER] != 0:
            ended[g] += 1
            winners[g] = s[WINNERS]
            truncated[g] = s[TRUNCATED]
            final_stats[g, 0, 0] = s[TURN]
            final_stats[g, 0, 1] = s[DECISIONS]
            hidden_features(s, final_hidden[g])  # for a privileged critic's bootstrap of a truncated game
            for p in range(factions.shape[0]):
                f = factions[p] % BOT_CODE_FLAG  # a Clockwork bot's seat code carries its level and traits
                observe(s, f, final_obs[g, p])
                final_vp[g, p] = s[VP + f]
                kinds[g, p] = next_kinds[g, p]
                for q in range(N_VS):
                    final_stats[g, p, 2 + q] = s[VP_SOURCE + f * N_VS + q]
            episode[g] += 1
            _start(s, g, base, episode, factions, max_turns, rng)
            continue
        f = s[DECIDER]
        p = _seat_of(factions, f)
        k = kinds[g, p]
        if k == KIND_NET:
            seat[g] = p
            observe(s, f, obs[g])
            fill_mask(s, masks[g])
            for q in range(factions.shape[0]):
                vp[g, q] = s[VP + factions[q] % BOT_CODE_FLAG]
            return
        r = rng[g]
        if k == KIND_HEURISTIC:
            a, r = choose(s, f, r, work[g])
        elif k == KIND_HEURISTIC_V1:
            a, r = choose_v1(s, f, r, work[g])
        elif k == KIND_ISMCTS:
            a, r = ismcts.choose(s, f, r, opts[f], tree[0], tree[1], tree[2], tree[3], work[g])
        elif k == KIND_VALUE:
            a, r = value_agent.choose(s, f, r, vopts, work[g])
        else:
            r = next_rand(r)
            a = s[LEGAL + ((r * s[LEGAL_N]) >> 32)]
        rng[g] = r
        apply(s, a)


@njit(cache=True, nogil=True)
def advance(lo, hi, states, base, episode, actions, factions, kinds, next_kinds, max_turns, rng, work, obs, masks,
            seat, ended, winners, truncated, final_obs, final_vp, vp, final_stats, final_hidden, opts, vopts):
    """Games lo..hi-1; serial and without the GIL, so that slices run on Python threads (engine.threads:
    a parallel=True kernel would compile the engine three more times). An ISMCTS seat searches with opts[f]
    (``agents.ismcts.options``, every row the same iterations), in a tree of this slice; a value seat with vopts
    (``agents.value_agent.options``)."""
    tree = ismcts.new_tree(max(1, int(opts[0, ismcts.O_ITERS])))
    for g in range(lo, hi):
        _advance(g, states, base, episode, actions, factions, kinds, next_kinds, max_turns, rng, work, obs, masks,
                 seat, ended, winners, truncated, final_obs, final_vp, vp, final_stats, final_hidden, opts, tree, vopts)


@njit(cache=True)
def restart(states, base, episode, factions, max_turns, rng):
    for g in range(states.shape[0]):
        _start(states[g], g, base, episode, factions, max_turns, rng)


class Stepper:
    """Buffers for ``advance`` over ``n`` games seated ``factions`` (seat codes, ``inputs.faction_ids``: faction ids,
    a Clockwork bot's with its level and traits; a bot's seat never decides, whatever its kind), with thin
    methods.

    After ``reset`` and each ``step``: ``seat``, ``obs`` and ``masks`` describe the network seat that
    decides in each game; ``ended`` counts games that ended in the call, with ``winners``,
    ``truncated``, ``final_obs`` (every seat's view of the final position), ``final_vp`` and
    ``final_stats`` ([game, seat, 0] the turns and [game, 0, 1] the decisions of the ended game;
    [game, seat, 2 + q] the seat's VP from source q, ``layout.VP_SOURCE_NAMES``) and ``final_hidden``
    (``agents.train.privileged``: the hidden part of the final position).
    """

    def __init__(self, n: int, factions, max_turns: int = 300, threads: int | None = None):
        self.n = int(n)
        self.threads = default_threads() if threads is None else int(threads)
        self.factions = np.ascontiguousarray(factions, dtype=np.int64)
        p = self.factions.shape[0]
        self.max_turns = int(max_turns)
        self.states = np.zeros((self.n, STATE_SIZE), np.int64)
        self.base = np.zeros(self.n, np.int64)
        self.episode = np.zeros(self.n, np.int64)
        self.rng = np.zeros(self.n, np.int64)
        self.work = np.zeros((self.n, 2, STATE_SIZE), np.int64)
        self.actions = np.full(self.n, -1, np.int64)
        self.kinds = np.full((self.n, p), KIND_NET, np.int64)
        self.next_kinds = self.kinds.copy()
        self.obs = np.zeros((self.n, OBS_SIZE), np.float32)
        self.masks = np.zeros((self.n, N_ACTIONS), np.int8)
        self.seat = np.zeros(self.n, np.int64)
        self.ended = np.zeros(self.n, np.int64)
        self.winners = np.zeros(self.n, np.int64)
        self.truncated = np.zeros(self.n, np.int64)
        self.final_obs = np.zeros((self.n, p, OBS_SIZE), np.float32)
        self.final_vp = np.zeros((self.n, p), np.int64)
        self.vp = np.zeros((self.n, p), np.int64)
        self.final_stats = np.zeros((self.n, p, 2 + N_VS), np.int64)
        self.final_hidden = np.zeros((self.n, PRIV_SIZE), np.float32)
        self.set_ismcts("ismcts:1")
        self.value_opts = np.zeros(ismcts.N_OPTIONS, np.float64)  # set_value loads a model when a value seat plays

    def set_ismcts(self, spec: str) -> None:
        """The search of ``KIND_ISMCTS`` seats: an ``ismcts:N[:key=value,...]`` spec (``agents.arena.parse_spec``),
        each faction with its default options (``agents.ismcts.faction_options``) and these. A time budget
        (``ismcts:Xs``, ``seconds=``) is refused: a training run must not depend on the machine's speed."""
        kind, iters, kw = parse_spec(spec)
        if kind != KIND_ISMCTS or kw.get("seconds"):
            raise ValueError(f"an ISMCTS opponent is 'ismcts:N[:key=value,...]' with N iterations (no time "
                             f"budget), got {spec!r}")
        self.ismcts_opts = np.ascontiguousarray(np.stack([ismcts.faction_options(name, **{**kw, "iterations": iters})
                                                          for name in FACTION_NAMES]))

    def set_value(self, spec: str) -> None:
        """The model of ``KIND_VALUE`` seats: ``value`` (the shipped model) or ``value:PATH``
        (``agents.value_agent``)."""
        self.value_opts = value_agent.options(value_agent.spec_model(spec))

    def _advance(self) -> None:
        def run(lo, hi):
            advance(lo, hi, self.states, self.base, self.episode, self.actions, self.factions, self.kinds,
                    self.next_kinds, self.max_turns, self.rng, self.work, self.obs, self.masks, self.seat, self.ended,
                    self.winners, self.truncated, self.final_obs, self.final_vp, self.vp, self.final_stats,
                    self.final_hidden, self.ismcts_opts, self.value_opts)
        for_slices(run, self.n, self.threads, max(1, -(-self.n // max(1, self.threads))))

    def reset(self, seed, kinds) -> None:
        """Row g starts ``Game.new(seed=seed + g)`` (an int) or ``Game.new(seed=seed[g])`` (a sequence),
        with seat kinds ``kinds[g]`` (also the next games' kinds until ``next_kinds`` is changed)."""
        seeds = np.asarray(seed, dtype=np.int64)
        self.base[:] = seeds + np.arange(self.n) if seeds.ndim == 0 else seeds
        self.episode[:] = 0
        self.kinds[:] = kinds
        self.next_kinds[:] = kinds
        if not (self.kinds == KIND_NET).any(axis=1).all():
            raise ValueError("every game needs at least one network seat")
        restart(self.states, self.base, self.episode, self.factions, self.max_turns, self.rng)
        self.actions[:] = -1
        self._advance()

    def step(self, actions) -> None:
        """Apply each game's network action (it must be legal: the mask guarantees it), then advance."""
        a = np.asarray(actions, dtype=np.int64)
        rows = np.arange(self.n)
        if a.shape != (self.n,) or not (self.masks[rows, np.clip(a, 0, N_ACTIONS - 1)] == 1).all() \
                or (a < 0).any() or (a >= N_ACTIONS).any():
            raise ValueError("actions must be one legal action per game (see masks)")
        self.actions[:] = a
        self._advance()


def ensure_compiled() -> None:
    """Compile the engine, the heuristic and the trainer's stepper now if the cache lacks them, saying
    so on stderr (engine.firstrun)."""
    from agents import heuristic_agent
    heuristic_agent.ensure_compiled()
    firstrun.compile_once("trainer", "the self-play stepper", warm)


def warm() -> None:
    """Compile (or load) the stepper as the trainer calls it."""
    st = Stepper(2, np.array([0, 1], dtype=np.int64), max_turns=2, threads=1)
    st.reset(0, np.array([[KIND_NET, KIND_HEURISTIC], [KIND_NET, KIND_RANDOM]]))
    st.step([int(np.flatnonzero(m)[0]) for m in st.masks])
    from agents.train import search_labels  # expert iteration's search targets are in this layer too
    search_labels.warm()

"""A vector environment for training loops: many Root games stepped together inside njit.

    >>> from root_env.vector import RootVectorEnv
    >>> venv = RootVectorEnv(256, factions=("marquise", "eyrie"), seed=0)
    >>> obs, infos = venv.reset()
    >>> obs["observation"].shape, obs["action_mask"].shape    # (256, OBS_SIZE), (256, N_ACTIONS)
    >>> obs, rewards, terminations, truncations, infos = venv.step(actions)   # actions: (256,) ints

Shaped like Gymnasium's vector API (``gymnasium.vector.VectorEnv``), for a multi-player game:

- ``obs`` is ``{"observation": float32 (num_envs, OBS_SIZE), "action_mask": int8 (num_envs, N_ACTIONS)}``,
  each row seen by the player who must act in that game now: ``infos["current_player"][g]`` is that
  player's column, an index into ``venv.possible_agents`` (the ``factions`` given).
- ``step(actions)`` plays ``actions[g]`` for the acting player of game ``g``, one decision in every
  game. An illegal action raises ``IllegalActionError`` (a ``ValueError``) naming the games and
  actions, and no game is changed.
- ``rewards`` is float32 ``(num_envs, num_players)``, column ``p`` for ``possible_agents[p]``: at the
  end of a game +1 for each winner and -1 for the others (as in the AEC environment); 0 while a
  game runs and for a game truncated at ``max_turns``.
- ``terminations`` / ``truncations`` (bool ``(num_envs,)``) mark games that ended in this step. They
  are reset at once (Gymnasium's same-step autoreset): the returned row is already the first
  decision of the next game. ``infos["final_vp"]`` (num_envs, num_players), ``infos["winners"]``
  (bool (num_envs, num_players)), ``infos["episode_decisions"]`` and ``infos["episode_turns"]``
  describe the ended games (rows where ``infos["_final"]`` is True).

Seeding: ``reset(seed=s)`` starts game ``g`` as ``Game.new(factions, seed=s + g)`` (a sequence of
seeds gives one per game); the games that follow in a row are seeded from that seed and their
count, so a run is reproducible from one seed, whatever the number of threads.

Self-play with one policy for every seat: each row is a decision of whichever player must act, so a
single policy simply acts on every row; keep the acting column to credit the rewards::

    obs, infos = venv.reset(seed=0)
    for _ in range(steps):
        seat = infos["current_player"]                   # who acts in each game
        actions = policy(obs["observation"], obs["action_mask"])   # one network for all seats
        obs, rewards, term, trunc, infos = venv.step(actions)
        # store (obs, action, seat) per game; when term|trunc, game g's return for the decisions
        # taken by seat p is rewards[g, p] (zero-sum: +1 winner, -1 loser).

The arrays returned are copies unless ``copy=False``, in which case they are the environment's own
buffers, overwritten by the next call (faster for large batches).
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import gymnasium
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from .codes import N_ACTIONS
from .engine import batch as B
from .engine.observe import OBS_SIZE
from .game import DEFAULT_MAX_TURNS, IllegalActionError, RootError, faction_ids
from .inputs import action_array, check_count as _check_int, check_flag, faction_names

__all__ = ["RootVectorEnv"]


class RootVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of Root stepped together in compiled code (see the module doc).

    Args:
        num_envs: number of games.
        factions: faction names in seating order (validated like ``Game.new``).
        seed: seed of the first ``reset()`` without a seed (``None``: fresh entropy).
        max_turns: turn cap; a game reaching it is truncated.
        random_seating, auto_forced: as in ``Game.new``.
        threads: numba threads for each call (``None``: numba's current setting).
        parallel: run the games in parallel threads (``None``: from 16 games up; the results are
            the same either way).
        copy: return copies of the observation and info arrays (``False``: the internal buffers).
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int, factions: Sequence[str] = ("marquise", "eyrie"), seed: int | None = None, *,
                 max_turns: int = DEFAULT_MAX_TURNS, random_seating: bool = False, auto_forced: bool = False,
                 threads: int | None = None, copy: bool = True, parallel: bool | None = None):
        self.num_envs = _check_int("num_envs", num_envs, 1, 1 << 24)
        factions = faction_names(factions)  # an iterator is read once
        ids = faction_ids(factions)
        if seed is not None:
            _check_int("seed", seed, 0, (1 << 62) - 1)
        _check_int("max_turns", max_turns, 1, 100_000)
        if threads is not None:
            import numba
            threads = _check_int("threads", threads, 1, numba.config.NUMBA_NUM_THREADS)
        self.threads = threads
        self.copy = check_flag("copy", copy)
        parallel = None if parallel is None else check_flag("parallel", parallel)
        random_seating = check_flag("random_seating", random_seating)
        auto_forced = check_flag("auto_forced", auto_forced)
        self.possible_agents = [str(f) for f in factions]
        self.agents = self.possible_agents[:]
        self.num_players = len(self.possible_agents)
        self.max_turns = int(max_turns)
        self._batch = B.Batch(self.num_envs, ids, max_turns=self.max_turns, random_seating=random_seating,
                              auto_forced=auto_forced, parallel=parallel)
        high = float(max(self.max_turns, 255))
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=high, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8),
        })
        self.single_action_space = spaces.Discrete(N_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.init_seed = seed
        self._seed_rng = np.random.default_rng(seed)
        self._first_reset = True
        self._started = False
        self.render_mode = None
        # faction id -> column, for decoding the winners bitmask
        self._col_bits = np.array([1 << int(f) for f in ids], dtype=np.int64)

    # ------------------------------------------------------------------ API
    def reset(self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None):
        """Start every game. Returns ``(obs, infos)``."""
        if seed is None:
            if self._first_reset and self.init_seed is not None:
                base = self.init_seed
            else:
                base = int(self._seed_rng.integers(0, (1 << 62) - self.num_envs))
            seeds = np.arange(base, base + self.num_envs, dtype=np.int64)
        elif isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
            base = _check_int("seed", seed, 0, (1 << 62) - self.num_envs)
            self._seed_rng = np.random.default_rng(base)
            seeds = np.arange(base, base + self.num_envs, dtype=np.int64)
        else:
            seeds_list = list(seed)
            if len(seeds_list) != self.num_envs:
                raise RootError(f"reset(seed=...) needs one seed per game ({self.num_envs}), got {len(seeds_list)}")
            seeds = np.array([_check_int("seed", s, 0, (1 << 62) - 1) for s in seeds_list], dtype=np.int64)
            self._seed_rng = np.random.default_rng(seeds_list)
        self._first_reset = False
        self._call(self._batch.reset, seeds)
        self._started = True
        return self._obs(), self._infos()

    def step(self, actions):
        """One decision in every game. Returns ``(obs, rewards, terminations, truncations, infos)``."""
        if not self._started:
            raise RootError("call reset() before step()")
        a = action_array(actions, self.num_envs)  # no masked, timedelta, float or broadcast arrays
        b = self._batch
        try:
            self._call(b.step, a)
        except ValueError:
            bad = np.flatnonzero(b.info[:, B.I_ERROR] != 0)
            parts = []
            for g in bad[:8]:
                s = b.states[g]
                legal = s[B.LEGAL:B.LEGAL + int(s[B.LEGAL_N])]
                parts.append(f"game {g}: action {int(a[g])} (legal: {', '.join(map(str, legal))})")
            more = f"; and {bad.size - 8} more" if bad.size > 8 else ""
            raise IllegalActionError("illegal actions, no game was stepped: " + "; ".join(parts) + more) from None
        info = b.info
        terminations = info[:, B.I_TERMINATED] != 0
        truncations = info[:, B.I_TRUNCATED] != 0
        rewards = b.rewards.copy() if self.copy else b.rewards
        return self._obs(), rewards, terminations, truncations, self._infos(final=True)

    # ------------------------------------------------------------------ extras
    @property
    def states(self) -> np.ndarray:
        """The (num_envs, STATE_SIZE) state array; row g works with ``Game.from_state``."""
        return self._batch.states

    def random_actions(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action for every game (for tests and baselines)."""
        rng = np.random.default_rng() if rng is None else rng
        s = self._batch.states
        n = s[:, B.LEGAL_N]
        pick = (rng.random(self.num_envs) * n).astype(np.int64)
        return s[np.arange(self.num_envs), B.LEGAL + pick]

    # ------------------------------------------------------------------ helpers
    def _call(self, fn, arg):
        if self.threads is None:
            return fn(arg)
        import numba
        old = numba.get_num_threads()
        numba.set_num_threads(self.threads)
        try:
            return fn(arg)
        finally:
            numba.set_num_threads(old)

    def _obs(self) -> dict[str, np.ndarray]:
        b = self._batch
        if self.copy:
            return {"observation": b.obs.copy(), "action_mask": b.masks.copy()}
        return {"observation": b.obs, "action_mask": b.masks}

    def _infos(self, final: bool = False) -> dict[str, np.ndarray]:
        info = self._batch.info
        out = {"current_player": info[:, B.I_PLAYER].copy()}
        if final:
            ended = info[:, B.I_ENDED] != 0
            out["_final"] = ended
            out["final_vp"] = self._batch.final_vp.copy()
            out["winners"] = (info[:, B.I_WINNERS, None] & self._col_bits) != 0
            out["episode_decisions"] = info[:, B.I_DECISIONS].copy()
            out["episode_turns"] = info[:, B.I_TURNS].copy()
        return out

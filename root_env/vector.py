"""A vector environment for training loops: many Root games stepped together inside njit.

    >>> from root_env.vector import RootVectorEnv
    >>> venv = RootVectorEnv(256, factions=("marquise", "eyrie"), seed=0)
    >>> obs, infos = venv.reset()
    >>> obs["observation"].shape, obs["action_mask"].shape    # (256, OBS_SIZE), (256, N_ACTIONS)
    >>> obs, rewards, terminations, truncations, infos = venv.step(actions)   # actions: (256,) ints

It follows Gymnasium's vector API (``gymnasium.vector.VectorEnv``, Gymnasium 1.x) for a
multi-player game, so Gymnasium's vector wrappers (``RecordEpisodeStatistics``,
``NormalizeObservation``, ``DictInfoToList``, ...) work on it (``tests/test_vector_gymnasium.py``):

- ``obs`` is ``{"observation": float32 (num_envs, OBS_SIZE), "action_mask": int8 (num_envs, N_ACTIONS)}``
  (the observation in ``obs_dtype`` if given: "Compact observations" below),
  each row seen by the player who must act in that game now: ``infos["current_player"][g]`` is that
  player's column, an index into ``venv.possible_agents`` (the ``factions`` given). A Clockwork bot's seat
  (``"bot:mechanical_marquise"``) keeps its column: it never acts (its turns are played inside the step of the
  decision before them), but its VP and reward are reported like any seat's. With
  ``action_mask="info"`` the observation is the float32 array alone and the mask is
  ``infos["action_mask"]`` (a ``Box`` observation, as ``NormalizeObservation`` needs). With
  ``normalize=True`` every entry is scaled to about [0, 1] (``root_env.observation``).
- ``step(actions)`` plays ``actions[g]`` for the acting player of game ``g``, one decision in every
  game. An illegal action raises ``IllegalActionError`` (a ``ValueError``) naming the games and
  actions, and no game is changed.
- Rewards: ``infos["seat_rewards"]`` is float32 ``(num_envs, num_players)``, column ``p`` for
  ``possible_agents[p]``: at the end of a game +1 for each winner and -1 for the others (as in the
  AEC environment); 0 while a game runs and for a game truncated at ``max_turns``. The ``rewards``
  returned by ``step`` are, with ``reward="acting_seat"`` (the default), float32 ``(num_envs,)``:
  each game's ``seat_rewards`` entry of the seat that took this step's decision
  (``infos["acting_player"]``, -1 and reward 0 where no decision was taken); with
  ``reward="matrix"``, the ``(num_envs, num_players)`` matrix itself (not for Gymnasium's wrappers).
- ``terminations`` / ``truncations`` (bool ``(num_envs,)``) mark games that ended in this step.

Seated observations (``observation="seated"``; default ``"full"``): the observation without the entries of the
factions that are not seated and of the rules they bring (``root_env.observation.seated_fields(factions)``: for the
Marquise and the Eyrie 1,464 entries of 4,358): the full observation's entries at ``venv.obs_index``, the same
values, in the same order, so ``full[:, venv.obs_index]`` is it; ``venv.obs_table`` names its fields
(``root_env.observation.obs_fields(obs, venv.obs_table)``). It combines with ``obs_dtype`` and ``normalize``.
The entries it drops are zero in every game of those seats (``tests/test_observe_seated.py``).

Compact observations (``obs_dtype="uint8"`` or ``"uint16"``; default ``"float32"``): the observations (and
``final_obs``, ``seat_obs``) are the raw integer entries in that dtype, written by the same compiled encoder, 4
(2) times fewer bytes per decision. ``venv.obs_scale`` (float64 ``(OBS_SIZE,)``) turns them into the float32
observation of the same env with ``obs_dtype="float32"``, bit for bit::

    venv = RootVectorEnv(64, seed=0, obs_dtype="uint8", normalize=True, max_turns=255)
    obs, infos = venv.reset()
    x = (obs["observation"] * venv.obs_scale).astype(np.float32)   # == the float32 env's observation

(ones without ``normalize``; with it the divisors of ``root_env.observation`` and 1 / ``max_turns`` for the
two turn fields: in float64, whose product rounds to exactly the float32 value; a float32 product differs in
the turn fields by a unit in the last place). uint8 holds every entry but the turn fields, which reach
``max_turns``: it needs ``max_turns`` <= 255, uint16 any cap up to 65,535 (``RootError`` otherwise). The
observation space is then a ``Box`` of that dtype, [0, max(max_turns, 255)].

Autoreset (``autoreset_mode``, declared in ``metadata["autoreset_mode"]``; see
https://farama.org/Vector-Autoreset-Mode):

- ``SAME_STEP`` (default): an ended game is reset in the step it ends; the returned row is already
  the first decision of the next game. The ended game's last observation is
  ``infos["final_obs"][g]`` (an object array, ``None`` for games that did not end;
  ``infos["_final_obs"]`` is the mask) and its info is ``infos["final_info"]`` (a dict of arrays
  with its own ``_key`` masks; ``infos["_final_info"]`` marks the games).
- ``NEXT_STEP``: the step in which a game ends returns its last observation and, in ``infos``, its
  final info; the next ``step`` resets that game, ignores its action and returns the new game's
  first observation with reward 0 and no termination or truncation.
- ``DISABLED``: as ``NEXT_STEP``, but an ended game waits for
  ``reset(options={"reset_mask": mask})``; stepping it first raises ``RootError``.

The last observation of an ended game is the view of the seat that took the last decision (the
seat the scalar reward is for), with an all-zero action mask (read-only, as the final info's ``-1``
``current_player``: constants shared between steps, ``root_env.vector_final``), so a truncated game can be
bootstrapped; ``seat_obs`` in the final info holds every seat's view, ``(num_players, OBS_SIZE)``.
The final info also has ``final_vp`` (num_players,), ``winners`` (bool (num_players,)),
``episode_decisions`` and ``episode_turns``, and ``current_player`` -1.

Seeding: ``reset(seed=s)`` starts game ``g`` as ``Game.new(factions, seed=s + g)`` (a sequence of
seeds gives one per game); the games that follow in a row are seeded from that seed and their
count, so a run is reproducible from one seed, whatever the number of threads or the autoreset mode.

Self-play with one policy for every seat: each row is a decision of whichever player must act, so a
single policy simply acts on every row; keep the acting column to credit the rewards::

    obs, infos = venv.reset(seed=0)
    for _ in range(steps):
        seat = infos["current_player"]                   # who acts in each game
        actions = policy(obs["observation"], obs["action_mask"])   # one network for all seats
        obs, rewards, term, trunc, infos = venv.step(actions)
        # store (obs, action, seat) per game; when term|trunc, game g's return for the decisions
        # taken by seat p is infos["seat_rewards"][g, p] (zero-sum: +1 winner, -1 loser).

The arrays returned are the caller's, never written again, unless ``copy=False``, in which case the
observation and mask are the environment's own buffers, overwritten by the next call (no allocation).
(With ``copy=True`` the kernel writes each call's observations and masks into arrays of the caller's, which are
returned as they are: no copy is made.) A step is one compiled call (``Batch.step_vector``): it checks the
actions, plays them, writes the observations, masks, acting and current columns, rewards and flags into the
arrays the step returns, and writes every seat's view of an ended game's last position (``final_info``'s
``seat_obs``) before restarting it (SAME_STEP); the Python around it only picks those arrays and, in a step
in which a game ended, fills the rest of the final info with a second compiled call (``engine.batch.final_fill``). (The acting and current columns are the two rows of one (2, num_envs)
int64 array, the flags the two rows of one bool array, the seat rewards and the acting seat's reward views of one
float32 array: each returned array is the caller's all the same, never written again with ``copy=True``.)
The step's arrays are not allocated anew each step: a step writes a set of them that nothing outside the env
refers to any more (a caller that dropped a step's results; CPython's reference counts say so exactly, a slice
or a ``torch.from_numpy`` of a returned array counting as a reference), else a new set
(``root_env.vector_outputs``): what a caller keeps is never written, and a loop that drops each step's results
keeps its arrays in the core's caches. The final info is made the same way (``root_env.vector_final``): every array
of it, ``final_obs[g]`` and ``seat_obs[g]`` (rows of the set's arrays) and the dicts' arrays included, belongs to a
set used again only when nothing outside it refers to any of them; the compiled step writes the seats' last views
straight into the next such set.

Threads: the games are stepped one after another in the calling thread unless ``parallel=True`` or
``threads`` > 1 is given; then slices of them run on Python threads (``engine.threads``), with the same
results. Serial is the default because on the 2-core machine the threads gained nothing for 64 games
and no parallel mode can beat one core while another process holds the other (docs/performance.md,
"Threads"; ``python -m benchmarks.threads`` measures both, quiet and beside a busy process).
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import gymnasium
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .codes import N_ACTIONS
from .engine import batch as B
from .game import DEFAULT_MAX_TURNS, IllegalActionError, RootError, faction_ids
from .observation import observation_space as _obs_box, OBS_TABLE
from .inputs import action_array, check_count as _check_int, check_flag, faction_names
from .vector_outputs import OutputPool, Pool
from .vector_final import FINAL_KEYS, FinalSet, constants, info_and_final_vp, winners_table  # noqa: F401 (FINAL_KEYS: as before, from here)
from .data import BOT_CODE_FLAG

__all__ = ["RootVectorEnv", "AutoresetMode"]

REWARD_MODES = ("acting_seat", "matrix")
ACTION_MASK_PLACES = ("obs", "info")
OBS_DTYPES = ("float32",) + tuple(B.COMPACT_DTYPES)


def _check_choice(name, v, choices):
    if not isinstance(v, str):
        raise TypeError(f"{name} must be one of {', '.join(map(repr, choices))}, got {v!r}")
    if v not in choices:
        raise RootError(f"{name} must be one of {', '.join(map(repr, choices))}, got {v!r}")
    return v


def _autoreset_mode(v) -> AutoresetMode:
    """An ``AutoresetMode`` or its value ("NextStep", "SameStep", "Disabled")."""
    if isinstance(v, AutoresetMode):
        return v
    names = ", ".join(repr(m.value) for m in AutoresetMode)
    if not isinstance(v, str):
        raise TypeError(f"autoreset_mode must be a gymnasium.vector.AutoresetMode or one of {names}, got {v!r}")
    try:
        return AutoresetMode(v)
    except ValueError:
        raise RootError(f"autoreset_mode must be a gymnasium.vector.AutoresetMode or one of {names}, "
                        f"got {v!r}") from None


class RootVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of Root stepped together in compiled code (see the module doc).

    Args:
        num_envs: number of games.
        factions: faction names in seating order (validated like ``Game.new``).
        seed: seed of the first ``reset()`` without a seed (``None``: fresh entropy).
        max_turns: turn cap; a game reaching it is truncated.
        random_seating, auto_forced: as in ``Game.new``.
        threads: how many threads step the games when parallel (``None``: numba's thread count,
            ``numba.get_num_threads()``).
        parallel: step slices of the games on ``threads`` Python threads (``True``) or all of them in
            the calling thread (``False``); ``None`` (default): serial unless ``threads`` > 1 is given.
            The results are the same either way (see the module doc, "Threads").
        copy: return arrays of the caller's own (``False``: the internal buffers, overwritten by the next call).
        autoreset_mode: ``AutoresetMode.SAME_STEP`` (default), ``NEXT_STEP`` or ``DISABLED`` (or
            their values "SameStep", "NextStep", "Disabled").
        reward: "acting_seat" (default: float32 (num_envs,), the reward of the seat that decided)
            or "matrix" (float32 (num_envs, num_players)); the matrix is always
            ``infos["seat_rewards"]``.
        action_mask: "obs" (default: ``obs`` is a dict with the mask) or "info" (``obs`` is the
            observation array, the mask is ``infos["action_mask"]``).
        normalize: scale observations to about [0, 1] (``root_env.observation``); with a compact
            ``obs_dtype``, ``obs_scale`` holds the scale instead.
        obs_dtype: "float32" (default), or "uint8" / "uint16": the raw integer observation, which
            ``obs * obs_scale`` turns into the float32 one (see the module doc, "Compact observations").
        map: the map every game is played on, "autumn" (the default), "winter" or "mountain" (``Game.new``).
        observation: "full" (default: ``root_env.observation``'s OBS_SIZE entries) or "seated": only the entries
            of the seated factions and of the rules in play (``root_env.observation.seated_fields``; see the module
            doc, "Seated observations").

    Attributes: ``obs_scale``: float64 (obs_size,), the factors that turn a returned observation into the
    float32 observation (ones with ``obs_dtype="float32"``: it is that observation). ``obs_size``: the
    observation's width (OBS_SIZE, or the seated layout's). ``obs_table``: its fields (``ObsField`` rows, as
    ``root_env.observation.OBS_TABLE``; ``root_env.observation.obs_fields(obs, venv.obs_table)`` splits it).
    ``obs_index``: int64 (obs_size,), the full observation's index of each entry (``arange(OBS_SIZE)`` when full).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int, factions: Sequence[str] = ("marquise", "eyrie"), seed: int | None = None, *,
                 max_turns: int = DEFAULT_MAX_TURNS, random_seating: bool = False, auto_forced: bool = False,
                 threads: int | None = None, copy: bool = True, parallel: bool | None = None,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP, reward: str = "acting_seat",
                 action_mask: str = "obs", normalize: bool = False, obs_dtype: str = "float32", map: str = "autumn",
                 observation: str = "full"):
        self.num_envs = _check_int("num_envs", num_envs, 1, 1 << 24)
        factions = faction_names(factions)  # an iterator is read once
        ids = faction_ids(factions)
        if seed is not None:
            _check_int("seed", seed, 0, (1 << 62) - 1)
        _check_int("max_turns", max_turns, 1, 100_000)
        if threads is not None:
            import numba
            threads = _check_int("threads", threads, 1, numba.config.NUMBA_NUM_THREADS)
        self.autoreset_mode = _autoreset_mode(autoreset_mode)
        self.reward_mode = _check_choice("reward", reward, REWARD_MODES)
        self.mask_in_info = _check_choice("action_mask", action_mask, ACTION_MASK_PLACES) == "info"
        self.normalize = check_flag("normalize", normalize)
        self.observation = _check_choice("observation", observation, B.OBSERVATIONS)
        if isinstance(obs_dtype, np.dtype) or obs_dtype in (np.float32, np.uint8, np.uint16):
            obs_dtype = np.dtype(obs_dtype).name  # np.uint8 or np.dtype("uint8") as well as "uint8"
        self.obs_dtype = np.dtype(_check_choice("obs_dtype", obs_dtype, OBS_DTYPES))
        problem = B.compact_dtype_problem(self.obs_dtype, max_turns)
        if problem:
            raise RootError(problem)
        compact = self.obs_dtype != np.float32
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.threads = threads
        self.copy = check_flag("copy", copy)
        parallel = None if parallel is None else check_flag("parallel", parallel)
        random_seating = check_flag("random_seating", random_seating)
        auto_forced = check_flag("auto_forced", auto_forced)
        self.possible_agents = [str(f) for f in factions]  # a Clockwork bot's column keeps its "bot:..." label
        self.agents = self.possible_agents[:]
        plain = ids % BOT_CODE_FLAG  # the faction ids (a bot seat's code carries its level and traits)
        self.num_players = len(self.possible_agents)
        self.max_turns = int(max_turns)
        # SAME_STEP: the compiled step restarts an ended game after writing every seat's view of its last
        # position (Batch.views); the other modes leave it ended until the next step or reset restarts it.
        self._batch = B.Batch(self.num_envs, ids, max_turns=self.max_turns, random_seating=random_seating,
                              auto_forced=auto_forced, parallel=parallel, threads=threads,
                              normalize=self.normalize and not compact, obs_dtype=self.obs_dtype,
                              autoreset=self.autoreset_mode == AutoresetMode.SAME_STEP, views=True, map=map,
                              observation=self.observation)
        layout = self._batch.layout
        self.obs_index = np.arange(B.OBS_SIZE) if layout is None else layout.index
        self.obs_table = OBS_TABLE if layout is None else layout.table
        self.obs_size = int(self.obs_index.shape[0])
        # the factors from a returned observation to the float32 one: a compact one is raw, a float32 one is it
        self.obs_scale = B.obs_scale(self.max_turns, self.normalize and compact, None if layout is None else
                                     layout.index)
        self.parallel = self._batch.parallel
        box = _obs_box(self.max_turns, self.normalize, None if layout is None else layout.index) if not compact else spaces.Box(
            low=0, high=max(self.max_turns, 255), shape=(self.obs_size,), dtype=self.obs_dtype)
        mask_box = spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8)
        self.single_observation_space = box if self.mask_in_info else spaces.Dict(
            {"observation": box, "action_mask": mask_box})
        self.single_action_space = spaces.Discrete(N_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.init_seed = seed
        self._seed_rng = np.random.default_rng(seed)
        self._first_reset = True
        self._started = False
        self._waiting = np.zeros(self.num_envs, dtype=bool)  # ended games not yet reset (NEXT_STEP, DISABLED)
        self._any_waiting = False
        self._rows = np.arange(self.num_envs)
        # what a step returns, in arrays used again only once nobody else refers to them (root_env.vector_outputs);
        # with copy=False the observations and masks are the batch's own, the rest still the caller's
        b = self._batch
        self._outputs = OutputPool(self.num_envs, self.num_players, *((b.obs.shape, self.obs_dtype, b.masks.shape)
                                                                      if self.copy else ()))
        # the final info of a step in which games end, in arrays used again the same way (root_env.vector_final);
        # the batch's views buffer is the views of the set the next such step fills
        shared = constants(self.num_envs)  # the read-only -1 current player and all-zero masks of the final info
        self._finals = Pool(lambda: FinalSet(self.num_envs, self.num_players, self.obs_size, self.obs_dtype,
                                             self.autoreset_mode == AutoresetMode.SAME_STEP, self.mask_in_info, shared))
        self._final = self._finals.take()
        b.views = self._final.views
        self._final_source = info_and_final_vp(b)  # what a final set copies of the batch's ints in one call
        self._action_shape = (self.num_envs,)
        self._matrix = self.reward_mode == "matrix"
        self.render_mode = None
        # winners bitmask (faction ids' bits) -> each column's flag
        self._winners = winners_table([1 << int(f) for f in plain])

    # ------------------------------------------------------------------ API
    def reset(self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None):
        """Start every game, or with ``options={"reset_mask": mask}`` (bool (num_envs,)) the games
        where `mask` is True (the others keep their position and row). Returns ``(obs, infos)``."""
        mask = self._reset_mask(options)
        if mask is not None and not self._started:
            raise RootError("reset(options={'reset_mask': ...}) needs a first full reset()")
        if seed is None and mask is not None:
            seeds = None  # each reset game moves on to its next seed
        elif seed is None:
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
        if mask is None:
            self._fresh_outputs(every_row=True)
            self._batch.reset(seeds)
            self._waiting[:] = False
            self._any_waiting = False
        else:
            rows = np.flatnonzero(mask)
            # A game reset before its end moves on to its next seed, as an ended one does.
            running = rows[~self._waiting[rows]]
            self._batch.meta[running, B.M_EPISODE] += 1
            self._fresh_outputs(every_row=False)
            self._batch.restart(rows, None if seeds is None else seeds[rows])
            self._waiting[rows] = False
            self._any_waiting = bool(self._waiting.any())
        self._started = True
        return self._obs(), self._infos()

    def step(self, actions):
        """One decision in every game. Returns ``(obs, rewards, terminations, truncations, infos)``."""
        if not self._started:
            raise RootError("call reset() before step()")
        # no masked, timedelta, float or broadcast arrays (inputs.action_array); a plain int64 array of the right
        # shape, the common case, is all that passes its checks as it is
        a = actions if (type(actions) is np.ndarray and actions.dtype == np.int64
                        and actions.shape == self._action_shape) else action_array(actions, self.num_envs)
        if self._any_waiting and self.autoreset_mode == AutoresetMode.DISABLED:
            raise RootError(f"games {np.flatnonzero(self._waiting).tolist()} have ended: reset them with "
                            "reset(options={'reset_mask': mask}) before stepping (autoreset_mode=DISABLED)")
        b = self._batch
        # Everything the step returns is the caller's (copy=True): arrays no caller refers to any more, made once
        # with the views returned of them (vector_outputs), written by one compiled call (Batch.step_vector): the
        # observations and masks, the acting and current columns, the seat rewards and the acting seat's reward,
        # the two flags (numba's call costs about a microsecond per array argument: three arrays for the six).
        out = self._outputs.take()
        kept = b.obs, b.masks
        if self.copy:
            b.obs, b.masks = out.obs, out.masks
        b.actions[:] = a  # validated above: not validated again
        refused, ended = b.step_vector(out.cols, out.floats, out.flags)
        if refused:  # no game changed, nothing was written
            b.obs, b.masks = kept
            self._raise_illegal(a)
        infos = {"current_player": out.current, "seat_rewards": out.seat_rewards, "acting_player": out.acting}
        if self.mask_in_info:
            infos["action_mask"] = b.masks
        if ended or self._any_waiting:
            self._step_ends(infos, ended > 0, out.acting)
        return (self._obs(), out.seat_rewards if self._matrix else out.reward, out.terminated, out.truncated,
                infos)

    def _step_ends(self, infos, any_ended, acting) -> None:
        """The rest of a step in which a game ended or one waited for its reset: the final observations and
        details into `infos`; in NEXT_STEP the restart of the games that ended in the step before. (In SAME_STEP
        the compiled step has already restarted the ended games, after writing every seat's view of their last
        position into ``Batch.views``.)"""
        b = self._batch
        fin = rows = None
        if any_ended:
            # the set whose views the compiled step has just written; the next such step writes another's, taken
            # first (this one is not free while the batch refers to its views), so that `fill` records this set's
            # own references without the batch's
            fin = self._final
            self._final = self._finals.take()
            b.views = self._final.views
            rows = fin.fill(self._final_source, self._winners, acting, not self.mask_in_info)
        if self._any_waiting:  # NEXT_STEP: the games that ended last step start their next game now
            b.restart(np.flatnonzero(self._waiting))
            infos["current_player"] = b.info[:, B.I_PLAYER].copy()
        if self.autoreset_mode != AutoresetMode.SAME_STEP:
            # the env's own copy of the ended mask (the one returned is the caller's)
            self._waiting, self._any_waiting = (fin.ended.copy() if any_ended else
                                                np.zeros(self.num_envs, dtype=bool)), any_ended
            for g in rows or ():  # the row shows the ended game's last position until it is reset
                b.obs[g] = fin.last[g]
                b.masks[g] = 0
        if fin is not None:  # SAME_STEP: final_obs and final_info; else the details at the top of infos
            infos.update(fin.entries())

    # ------------------------------------------------------------------ extras
    @property
    def states(self) -> np.ndarray:
        """The (num_envs, STATE_SIZE) state array; row g works with ``Game.from_state``."""
        return self._batch.states

    def random_actions(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action for every game (for tests and baselines); an ended game
        waiting for its reset gets an arbitrary id (its action is ignored)."""
        rng = np.random.default_rng() if rng is None else rng
        s = self._batch.states
        pick = (rng.random(self.num_envs) * s[:, B.LEGAL_N]).astype(np.int64)
        return s[self._rows, B.LEGAL + pick]

    # ------------------------------------------------------------------ helpers
    def _fresh_outputs(self, every_row: bool) -> None:
        """With ``copy=True``, give the batch new observation and mask buffers before a call writes them, so
        that the arrays returned before are never written again: empty ones when the call writes every row
        (cheaper than copying what it returns), else copies of the current ones. The seat rewards are always
        the caller's (the last step returned the batch's own as ``infos["seat_rewards"]``): a reset writes a
        new array."""
        b = self._batch
        b.rewards = np.zeros_like(b.rewards)
        if self.copy:
            new = np.empty_like if every_row else np.copy
            b.obs, b.masks = new(b.obs), new(b.masks)

    def _raise_illegal(self, a):
        b = self._batch
        bad = np.flatnonzero(b.info[:, B.I_ERROR] != 0)
        parts = []
        for g in bad[:8]:
            s = b.states[g]
            legal = s[B.LEGAL:B.LEGAL + int(s[B.LEGAL_N])]
            parts.append(f"game {g}: action {int(a[g])} (legal: {', '.join(map(str, legal))})")
        more = f"; and {bad.size - 8} more" if bad.size > 8 else ""
        raise IllegalActionError("illegal actions, no game was stepped: " + "; ".join(parts) + more) from None

    def _reset_mask(self, options):
        """The validated ``options["reset_mask"]`` (None: reset every game), as Gymnasium checks it."""
        if options is None:
            return None
        if not isinstance(options, dict):
            raise TypeError(f"options must be a dict or None, got {type(options).__name__}")
        unknown = set(options) - {"reset_mask"}
        if unknown:
            raise RootError(f"unknown reset option(s) {sorted(unknown)}: the only option is 'reset_mask'")
        if "reset_mask" not in options:
            return None
        mask = options["reset_mask"]
        if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
            raise TypeError(f"options['reset_mask'] must be a numpy bool array, got {mask!r}")
        if mask.shape != (self.num_envs,) or not mask.any():
            raise RootError(f"options['reset_mask'] must have shape ({self.num_envs},) and a True entry, "
                            f"got shape {mask.shape}")
        return mask

    def _obs(self):
        b = self._batch  # with copy=True, buffers the next call replaces before writing (_fresh_outputs)
        return b.obs if self.mask_in_info else {"observation": b.obs, "action_mask": b.masks}

    def _infos(self) -> dict[str, np.ndarray]:
        out = {"current_player": self._batch.info[:, B.I_PLAYER].copy()}
        if self.mask_in_info:
            out["action_mask"] = self._batch.masks
        return out

"""Batched stepping: many games in one 2-D state array, advanced together inside njit.

A batch is ``states`` of shape ``(games, STATE_SIZE)``: row ``g`` is an ordinary game state, so a row
can be copied out and used with ``core.apply`` or ``Game.from_state``. One call of ``run_batch``
resets every game, or advances every game by one decision of its current player, then writes the
acting player's observation and action mask of every game into caller-owned buffers (nothing is
allocated per call). Finished games are recorded (rewards, final VP, length) and reset at once; with
``cfg[C_AUTORESET] == 0`` they are left ended instead (a step skips them; ``restart_rows`` starts
their next game), so that a caller can read the final position first.
``MODE_PLAYOUT`` instead plays every game from its start to its end with random actions and records
it without a restart: ``rollout.random_games`` is that mode, so one compiled kernel serves both.
``vector_step`` is MODE_STEP as the vector env needs it, a whole step in one call of eight array arguments: besides
the outputs above it writes each game's acting column and current column (``cols`` (2, games)), the seat rewards and
the acting seat's reward (``floats``), the terminated / truncated flags (``flags`` (2, games)), and (``OUT_VIEWS``)
every seat's view of an ended game's last position into ``views`` before the game is restarted
(``Batch.step_vector``). ``vector_step_seated`` is the same step with the seated observation, a kernel of its own so
that the full observation's never reads the seated layout (``_observe_row`` is decided by the type of its ``sel``).
``final_fill`` is the rest of a vector step in which games ended, in a second call made only then: the vector env's
final info (the ended mask, winners, final VP, lengths, the acting seat's last view) copied into the arrays of a
``vector_final.FinalSet``.

Seeding: each game has a base seed and an episode counter (``meta``). Episode 0 of a game is
``new_game(seed=base)``, exactly ``Game.new(seed=base)``; later episodes use
``game_seed(base, episode)``, a 32-bit-arithmetic hash, so every auto-reset game is reproducible.
The random agent of ``MODE_RANDOM`` draws from its own generator (``meta[:, M_AGENT]``), seeded from
the game seed the same way ``playout.random_playout`` is, so a batch of random games replays
``playout.random_playout`` (and ``rollout.random_games``) game by game.

Illegal actions (``MODE_STEP``): the legality of every game's action is checked first; if any is
illegal, no game is changed, ``info[:, I_ERROR]`` holds each game's code (``core.OK`` or an
``core.ERR_*``) and ``run_batch`` returns the number of bad games. Nothing raises inside a kernel.

Threads: ``run_batch_serial`` plays the games one after another; ``run_batch`` plays slices of them on
Python threads (``engine.threads``: the kernels release the GIL, and idle threads sleep, never spin), with
the same results. ``Batch`` uses the serial kernel unless told otherwise (``parallel``, ``threads``): on the
2-core machine the threads gained nothing on 64 games, and no parallel mode can beat one core when the
other core is busy (docs/performance.md, "Threads"; ``python -m benchmarks.threads``).

Buffers (``B`` games, ``P`` = len(factions) columns in the order of ``factions``):

=========  ==========================  ==================================================
name       shape, dtype                 content
=========  ==========================  ==================================================
states     (B, STATE_SIZE) int64       the games
meta       (B, N_META) int64           base seed, episode, agent RNG (M_*)
actions    (B,) int64                  in: actions (MODE_STEP); out: taken (MODE_RANDOM)
factions   (P,) int64                  faction ids in seating order
cfg        (N_CFG,) int64              max_turns, random_seating, auto_forced, outputs, n, autoreset
obs        (B, OBS_SIZE) float32       acting player's observation (if OUT_OBS; normalised if
           (or obs_dtype)              OUT_NORMALIZE; raw integers in a compact ``obs_dtype``)
masks      (B, N_ACTIONS) int8         acting player's legal actions (if OUT_MASK)
info       (B, N_INFO) int64           error, player column, ended, terminated, truncated,
                                       winners bitmask, decisions, turns of the ended game
rewards    (B, P) float32              +1 winner / -1 others at a game's end, 0 otherwise
final_vp   (B, P) int64                VP of the game that ended (valid where ended)
views      (B, P, OBS_SIZE) obs_dtype  every seat's view of the game that ended (if OUT_VIEWS;
                                       valid where ended; (0, P, OBS_SIZE) without OUT_VIEWS)
=========  ==========================  ==================================================

``cfg``, ``factions``, ``meta``, ``actions``, ``info`` and ``final_vp`` are C-contiguous views of one int64 block,
``Batch.ints`` (``int_views``, ``int_block_size``): ``vector_step`` takes the block as one argument (numba's call of
a kernel costs about a microsecond per array argument), the other kernels take the views as before (the same
array types, so nothing else compiles twice).

Compact observations (``obs_dtype``, ``COMPACT_DTYPES``): ``obs`` and ``views`` may be uint8 or uint16 instead of
float32. The same compiled ``observe`` writes them (numba compiles it, and ``vector_step``, once more for that
array type: one source), each entry the raw integer the float32 observation holds (every raw entry is a count, a
flag, a bitmask or a turn, in [0, max(max_turns, 255)]: ``compact_dtype_problem`` says which dtype fits), 4 or
2 times fewer bytes written per decision. Not normalised (``normalize`` needs float32): ``obs_scale`` gives the
factors. The resets and restarts, rare, write a float32 scratch buffer that is then cast (exact: small
integers), so only ``vector_step`` (and ``vector_rows`` on threads) is compiled for the compact type.
"""
import numpy as np
from .jit import njit

from ..codes import N_ACTIONS
from ..data import BOT_CODE_FLAG
from ..layout import (STATE_SIZE, LEGAL, LEGAL_N, GAME_OVER, VP, WINNERS, TURN, DECISIONS, TRUNCATED, DECIDER)
from .core import (apply, new_game, fill_mask, is_legal, OK, ERR_GAME_OVER, ERR_OUT_OF_RANGE, ERR_ILLEGAL,
                   ensure_compiled as _engine_compiled)
from . import firstrun
from .threads import for_slices, default_threads
from .observe import observe, normalize, OBS_SIZE, OBS_INV_SCALE, _TURN_AT
from .observe_seated import observe_seated, normalize_seated, seated_layout
from .playout import _next
from .borrow import borrowed
from ..errors import RootError
from ..inputs import action_array, seed_array, state_batch, seating_problem, option_bits, check_choice
from ..map_data import check_map

M32 = 0xFFFFFFFF
SEED_MASK = (1 << 62) - 1

# run_batch modes
MODE_RESET, MODE_STEP, MODE_RANDOM, MODE_PLAYOUT = 0, 1, 2, 3
# meta columns
M_BASE, M_EPISODE, M_AGENT = 0, 1, 2
N_META = 3
# cfg entries
C_MAX_TURNS, C_RANDOM_SEATING, C_AUTO_FORCED, C_OUTPUTS, C_N, C_AUTORESET = 0, 1, 2, 3, 4, 5
N_CFG = 6
OUT_OBS, OUT_MASK, OUT_NORMALIZE, OUT_VIEWS = 1, 2, 4, 8  # bits of cfg[C_OUTPUTS]
# info columns
I_ERROR, I_PLAYER, I_ENDED, I_TERMINATED, I_TRUNCATED, I_WINNERS, I_DECISIONS, I_TURNS = range(8)
N_INFO = 8
COMPACT_DTYPES = {"uint8": 255, "uint16": 65535}  # the compact observation dtypes and their largest value
OBSERVATIONS = ("full", "seated")  # Batch(observation=...): observe.OBS_TABLE, or observe_seated's cut of it
PLAYOUT_SLICE = 16  # games per thread slice of whole random games (a random game takes about 0.3 ms)


__all__ = ["Batch", "run_batch", "run_batch_serial", "run_rows", "check_batch", "restart_rows", "vector_step",
           "vector_rows", "vector_step_seated", "vector_rows_seated", "final_fill", "observe_batch",
           "mask_batch", "game_seed", "agent_seed", "MODE_RESET", "MODE_STEP", "MODE_RANDOM", "MODE_PLAYOUT",
           "STATE_SIZE", "OBS_SIZE", "N_ACTIONS"]


@njit(cache=True)
def _mix32(h):
    """lowbias32 integer hash; every product stays below 2**63."""
    h &= M32
    h ^= h >> 16
    h = (h * 0x7FEB352D) & M32
    h ^= h >> 15
    h = (h * 0x846CA68B) & M32
    h ^= h >> 16
    return h


@njit(cache=True)
def game_seed(base, episode):
    """The seed of a game's `episode`-th game: `base` itself for episode 0, else a hash in [0, 2**62)."""
    if episode == 0:
        return base
    lo = base & M32
    hi = (base >> 32) & M32
    e = episode & M32
    a = _mix32(lo ^ _mix32(e ^ 0x9E3779B9))
    b = _mix32(hi ^ _mix32((a + e + 0x632BE5AB) & M32))
    return ((b << 32) | a) & SEED_MASK


@njit(cache=True)
def agent_seed(seed):
    """The random agent's generator for a game seeded `seed`: the state ``playout.random_playout``
    starts from for ``seed ^ 0x5BD1E995`` (as ``playout.random_games`` uses)."""
    r = ((seed ^ 0x5BD1E995) * 2654435761 + 12345) & M32
    if r == 0:
        r = 1
    return r


@njit(cache=True, inline="always")
def _start(states, g, meta, factions, cfg):
    # int(): under NUMBA_DISABLE_JIT the hashes then run on Python ints (no numpy overflow warning)
    seed = game_seed(int(meta[g, M_BASE]), int(meta[g, M_EPISODE]))
    new_game(states[g], factions, seed, cfg[C_MAX_TURNS], cfg[C_RANDOM_SEATING], cfg[C_AUTO_FORCED])
    meta[g, M_AGENT] = agent_seed(seed)


@njit(cache=True, inline="always")
def _record(states, g, factions, info, rewards, final_vp):
    """Record the ended game of row g in info, rewards and final_vp."""
    s = states[g]
    info[g, I_ENDED] += 1
    w = s[WINNERS]
    if s[TRUNCATED] != 0:
        info[g, I_TRUNCATED] = 1
    else:
        info[g, I_TERMINATED] = 1
    info[g, I_WINNERS] = w
    info[g, I_DECISIONS] = s[DECISIONS]
    info[g, I_TURNS] = s[TURN]
    for p in range(factions.shape[0]):
        f = factions[p] % BOT_CODE_FLAG  # a Clockwork bot seat's code carries its level and traits
        final_vp[g, p] = s[VP + f]
        if s[TRUNCATED] == 0 and w != 0:
            rewards[g, p] += 1.0 if (w >> f) & 1 else -1.0


@njit(cache=True, inline="always")
def _random_action(s, g, meta, actions):
    """A uniformly random legal action from the game's own agent generator (as random_playout draws)."""
    r = _next(meta[g, M_AGENT])
    meta[g, M_AGENT] = r
    a = s[LEGAL + ((r * s[LEGAL_N]) >> 32)]
    actions[g] = a
    return a


@njit(cache=True, inline="always")
def _column(factions, d):
    """The column (index into ``factions``) of faction code `d`, -1 if none."""
    col = -1
    for p in range(factions.shape[0]):
        if factions[p] == d:
            col = p
    return col


@njit(cache=True)
def _observe_row(s, viewer, out, cfg, sel):
    """`viewer`'s observation of `s` into `out`, normalised with OUT_NORMALIZE: the full one (`sel` None), or the
    seated one of a ``sel`` (``observe_seated.seated_layout``). Not inlined on purpose: numba compiles it once per
    type of `sel` and drops the branch of the other type (``sel is None`` is decided by the argument's type, which
    it can only see in a function of its own), so the full observation's kernels never read a ``sel``."""
    if sel is None:
        observe(s, viewer, out)
        if cfg[C_OUTPUTS] & OUT_NORMALIZE:
            normalize(s, out)
    else:
        observe_seated(s, viewer, out, sel)
        if cfg[C_OUTPUTS] & OUT_NORMALIZE:
            normalize_seated(s, out, sel)


@njit(cache=True, inline="always")
def _views(s, g, factions, cfg, views, sel):
    """Every seat's observation of the ended game `s` into views[g] (seat p: views[g, p]), normalised with
    OUT_NORMALIZE."""
    for p in range(factions.shape[0]):
        _observe_row(s, factions[p] % BOT_CODE_FLAG, views[g, p], cfg, sel)


@njit(cache=True, inline="always")
def _one(mode, g, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp, views, sel):
    s = borrowed(states[g])  # the row without numba's reference count (engine.borrow): states outlives the call
    info[g, I_ERROR] = OK  # MODE_STEP only gets here when every action passed _check
    for i in range(1, N_INFO):
        info[g, i] = 0
    for p in range(factions.shape[0]):
        rewards[g, p] = 0.0
    if mode == MODE_RESET:
        _start(states, g, meta, factions, cfg)
    elif mode == MODE_PLAYOUT:
        _start(states, g, meta, factions, cfg)
        while s[GAME_OVER] == 0:
            apply(s, _random_action(s, g, meta, actions))
        _record(states, g, factions, info, rewards, final_vp)
    else:
        n = cfg[C_N] if mode == MODE_RANDOM else 1
        for _ in range(n):
            if s[GAME_OVER] != 0:
                break  # an ended game left for restart_rows (cfg[C_AUTORESET] == 0)
            a = _random_action(s, g, meta, actions) if mode == MODE_RANDOM else actions[g]
            apply(s, a)
            if s[GAME_OVER] != 0:
                # The game ended: record it and start the game's next episode at once (unless
                # cfg[C_AUTORESET] == 0 leaves it for restart_rows).
                _record(states, g, factions, info, rewards, final_vp)
                if cfg[C_OUTPUTS] & OUT_VIEWS:  # its last position, seen by every seat (the vector env)
                    _views(s, g, factions, cfg, views, sel)
                meta[g, M_EPISODE] += 1
                if cfg[C_AUTORESET] != 0:
                    _start(states, g, meta, factions, cfg)
    d = s[DECIDER]
    info[g, I_PLAYER] = _column(factions, d)
    if cfg[C_OUTPUTS] & OUT_OBS:
        if s[GAME_OVER] == 0 and d >= 0:
            _observe_row(s, d, obs[g], cfg, sel)
        else:
            obs[g, :] = 0.0
    if cfg[C_OUTPUTS] & OUT_MASK:
        fill_mask(s, masks[g])


@njit(cache=True)
def _check(g, states, actions, cfg, info):
    s = states[g]
    a = actions[g]
    if s[GAME_OVER] != 0:
        e = ERR_GAME_OVER if cfg[C_AUTORESET] != 0 else OK  # an ended game waiting for restart_rows
    elif a < 0 or a >= N_ACTIONS:
        e = ERR_OUT_OF_RANGE
    elif not is_legal(s, a):
        e = ERR_ILLEGAL
    else:
        e = OK
    info[g, I_ERROR] = e
    return 1 if e != OK else 0


@njit(cache=True, nogil=True)
def check_batch(states, actions, cfg, info):
    """MODE_STEP's check of every game's action, each game's code in ``info[:, I_ERROR]``; returns the
    number of refused actions."""
    bad = 0
    for g in range(states.shape[0]):
        bad += _check(g, states, actions, cfg, info)
    return bad


@njit(cache=True, nogil=True)
def run_batch_serial(mode, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp):
    """Reset (MODE_RESET), step with the given actions (MODE_STEP) or with uniformly random legal
    actions (MODE_RANDOM, cfg[C_N] decisions per game), or play from the start to the end with random
    actions (MODE_PLAYOUT, results recorded, no restart) every game of the batch, one after another.
    Returns the number of games whose action was refused (MODE_STEP; then nothing changed)."""
    if mode == MODE_STEP:
        bad = check_batch(states, actions, cfg, info)
        if bad > 0:
            return bad
    views = np.empty((0, 0, 0), np.float32)  # no final views (OUT_VIEWS is the vector env's: vector_step)
    for g in range(states.shape[0]):  # sel None: the full observation (a seated batch's is vector_step_seated's)
        _one(mode, g, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp, views, None)
    return 0


@njit(cache=True, nogil=True)
def run_rows(mode, lo, hi, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp):
    """Games lo..hi-1 of ``run_batch_serial``, without MODE_STEP's check (``run_batch`` checks every game
    first): one thread's slice."""
    views = np.empty((0, 0, 0), np.float32)
    for g in range(lo, hi):
        _one(mode, g, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp, views, None)


def run_batch(mode, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp,
              threads: int | None = None) -> int:
    """``run_batch_serial`` on `threads` Python threads (``None``: numba's thread count), each playing
    slices of the games (``engine.threads``): the same results. In MODE_STEP every action is checked
    before any game moves, so an illegal action still changes no game."""
    threads = default_threads() if threads is None else int(threads)
    n = states.shape[0]
    if threads <= 1 or n <= 1:
        return run_batch_serial(mode, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp)
    if mode == MODE_STEP:
        bad = check_batch(states, actions, cfg, info)
        if bad > 0:
            return bad

    def rows(lo, hi):
        run_rows(mode, lo, hi, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp)
    # one slice per thread for decisions (each costs about the same); small slices for whole games
    for_slices(rows, n, threads, PLAYOUT_SLICE if mode == MODE_PLAYOUT else -(-n // threads))
    return 0


@njit(cache=True)
def restart_rows(rows, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp):
    """Start the next game of each listed row (its seed from ``meta``), with its outputs, as a reset
    does; for ended games left by ``cfg[C_AUTORESET] == 0``. Serial: a handful of rows per call."""
    views = np.empty((0, 0, 0), np.float32)  # a restart ends no game
    for i in range(rows.shape[0]):
        _one(MODE_RESET, rows[i], states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp, views,
             None)


@njit(cache=True, inline="always")
def int_views(ints, n):
    """The views of a batch's int64 block ``ints`` (``int_block_size``) of `n` games: ``cfg`` (N_CFG,), ``factions``
    (P,), ``meta`` (n, N_META), ``actions`` (n,), ``info`` (n, N_INFO), ``final_vp`` (n, P), each C-contiguous (the
    same array types as separate arrays: every kernel keeps its one compiled version). ``ints[N_CFG]`` holds P. One
    block so that ``vector_step`` takes one argument for the six (numba's call costs about a microsecond per array
    argument: docs/performance.md, "Where a decision's time goes"); ``Batch`` takes its views once, in Python."""
    p = ints[N_CFG]
    o = N_CFG + 1
    cfg = ints[0:N_CFG]
    factions = ints[o:o + p]
    o += p
    meta = ints[o:o + n * N_META].reshape((n, N_META))
    o += n * N_META
    actions = ints[o:o + n]
    o += n
    info = ints[o:o + n * N_INFO].reshape((n, N_INFO))
    o += n * N_INFO
    final_vp = ints[o:o + n * p].reshape((n, p))
    return cfg, factions, meta, actions, info, final_vp


@njit(cache=True, inline="always")
def int_sel(ints, n):
    """What follows the views of ``int_views`` in a batch's int64 block: a seated batch's ``sel``
    (``observe_seated.seated_layout``; read by the seated kernels only)."""
    p = ints[N_CFG]
    return ints[N_CFG + 1 + p + n * (N_META + 1 + N_INFO + p):]


def int_block_size(n: int, p: int) -> int:
    """The length of the int64 block of `n` games of `p` seats (``int_views``; a seated batch's ``sel`` follows)."""
    return N_CFG + 1 + p + n * (N_META + 1 + N_INFO + p)


@njit(cache=True, inline="always")
def _vector_one(g, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp, views, sel, acting,
                current, reward, flags):
    """MODE_STEP of game g as the vector env steps it (``vector_step``'s loop body); returns 1 if the game ended."""
    a = _column(factions, states[g, DECIDER])
    acting[g] = a
    _one(MODE_STEP, g, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp, views, sel)
    current[g] = info[g, I_PLAYER]
    flags[0, g] = info[g, I_TERMINATED] != 0
    flags[1, g] = info[g, I_TRUNCATED] != 0
    if info[g, I_ENDED] != 0:
        reward[g] = rewards[g, a] if a >= 0 else 0.0
        return 1
    reward[g] = 0.0
    return 0


@njit(cache=True, inline="always")
def _vector_slice(lo, hi, states, ints, views, obs, masks, cols, floats, flags, sel):
    """Games lo..hi-1 of a vector step, unchecked (the body of ``vector_step`` and of the threads' ``vector_rows``,
    and of their seated twins, inlined into each: the serial stage compiles no second copy of the engine-sized
    loop), with the full observation (`sel` None) or the seated one of `sel`. Returns the number of games that
    ended."""
    n = states.shape[0]
    cfg, factions, meta, actions, info, final_vp = int_views(ints, n)
    p = factions.shape[0]
    rewards = floats[0:n * p].reshape((n, p))
    reward = floats[n * p:n * p + n]
    acting = cols[0]
    current = cols[1]
    ended = 0
    for g in range(lo, hi):
        ended += _vector_one(g, states, meta, actions, factions, cfg, obs, masks, info, rewards, final_vp, views, sel,
                             acting, current, reward, flags)
    return ended


@njit(cache=True, nogil=True)
def vector_rows(lo, hi, states, ints, views, obs, masks, cols, floats, flags):
    """``vector_step`` for games lo..hi-1 without the check (the caller checks every game before any slice runs:
    ``Batch.step_vector`` on threads); the arguments are ``vector_step``'s. Returns the number of games that
    ended."""
    return _vector_slice(lo, hi, states, ints, views, obs, masks, cols, floats, flags, None)


@njit(cache=True, nogil=True)
def vector_rows_seated(lo, hi, states, ints, views, obs, masks, cols, floats, flags):
    """``vector_rows`` with the seated observation (the ``sel`` at the end of ``ints``: ``int_sel``)."""
    return _vector_slice(lo, hi, states, ints, views, obs, masks, cols, floats, flags, int_sel(ints, states.shape[0]))


@njit(cache=True, inline="always")
def _vector_checked(states, ints, views, obs, masks, cols, floats, flags, sel):
    """The body of ``vector_step`` and ``vector_step_seated``: every action checked, then every game stepped."""
    n = states.shape[0]
    cfg, factions, meta, actions, info, final_vp = int_views(ints, n)
    bad = check_batch(states, actions, cfg, info)
    if bad > 0:
        return bad, 0
    return 0, _vector_slice(0, n, states, ints, views, obs, masks, cols, floats, flags, sel)


@njit(cache=True, nogil=True)
def vector_step(states, ints, views, obs, masks, cols, floats, flags):
    """One given decision in every game, checked first (``run_batch_serial``'s MODE_STEP), the whole of a vector env
    step in one call, in eight array arguments (numba's call costs about a microsecond per array): the games
    (``states``), the batch's int64 block (``ints``: cfg, factions, meta, actions, info and final VP,
    ``int_views``), ``views``, and what the step returns: ``obs``, ``masks``, ``cols`` int64 (2, n) (row 0: each
    game's acting column before the step, -1 where none; row 1: its player after it), ``floats`` float32 (n * P + n,)
    (the seat rewards (n, P), then the acting seat's reward (n,)) and ``flags`` bool (2, n) (terminated, truncated:
    the game ended by its end or at the turn cap); with OUT_VIEWS, every seat's view of an ended game's last position
    (``views[g]``), written before the game is restarted (``cfg[C_AUTORESET]``). Returns (refused actions, games
    ended); nothing changes when an action is refused. The full observation: it never reads a ``sel`` (a seated
    batch steps with ``vector_step_seated``, compiled apart, so that the default step carries nothing of it)."""
    return _vector_checked(states, ints, views, obs, masks, cols, floats, flags, None)


@njit(cache=True, nogil=True)
def vector_step_seated(states, ints, views, obs, masks, cols, floats, flags):
    """``vector_step`` with the seated observation: the ``sel`` at the end of ``ints`` (``int_sel``)."""
    return _vector_checked(states, ints, views, obs, masks, cols, floats, flags, int_sel(ints, states.shape[0]))


@njit(cache=True, nogil=True)
def final_fill(source, table, acting, views, last, ints, bools):
    """The vector env's final info of a step in which games ended, in one call (``vector_final.FinalSet.fill``;
    numba's call costs about a microsecond per array argument, the numpy calls it replaces 5-15 us each right after
    the step). `source`: the batch's ``info`` (n, N_INFO) then ``final_vp`` (n, P), flat (``final_source``);
    `table` bool (2 ** bits, P): which seats a winners bitmask names; `acting` (n,): each game's acting column;
    `views` (n, P, width): every seat's last view (written by ``vector_step``). Writes ``ints`` (int64,
    n * (N_INFO + P) + n): a copy of `source`, then the ended games' rows; ``bools`` (bool, n + n * P): the ended
    mask, then the winners (n, P); ``last[g]`` (n, width): the acting seat's view of each ended game. Returns the
    number of ended games (their rows: ``ints[n * (N_INFO + P):][:count]``)."""
    n, p = views.shape[0], views.shape[1]
    m = n * (N_INFO + p)
    for i in range(m):
        ints[i] = source[i]
    top = table.shape[0] - 1  # a power of two less one: a bitmask's seated bits always index the table
    k = 0
    for g in range(n):
        w = source[g * N_INFO + I_WINNERS] & top
        for q in range(p):
            bools[n + g * p + q] = table[w, q]
        ended = source[g * N_INFO + I_ENDED] != 0
        bools[g] = ended
        if ended:
            ints[m + k] = g
            k += 1
            a = acting[g]
            last[g, :] = views[g, a if a >= 0 else a + p]  # (as numpy reads a -1 column)
    return k


def final_source(batch) -> np.ndarray:
    """The part of `batch`'s int64 block (``Batch.ints``) that holds its ``info`` and, right after it, ``final_vp``
    (``int_views``): one view, what ``final_fill`` copies."""
    n, p = batch.n, batch.factions.shape[0]
    start = int_block_size(n, p) - n * (N_INFO + p)
    source = batch.ints[start:start + n * (N_INFO + p)]
    at = lambda a: a.__array_interface__["data"][0]  # noqa: E731 (an array's first byte)
    if at(source) != at(batch.info) or at(source[n * N_INFO:]) != at(batch.final_vp):
        raise RuntimeError("engine.batch.int_views no longer puts final_vp right after info")
    return source


def _warm_fill(batch) -> None:
    """Compile (or load) ``final_fill`` for a vector batch's (``views=True``) observation dtype, with the array
    types ``vector_final.FinalSet`` passes."""
    n, p, width = batch.views.shape
    final_fill(final_source(batch), np.zeros((2, p), np.bool_), np.zeros((2, n), np.int64)[0], batch.views,
               np.zeros((n, width), batch.views.dtype), np.zeros(n * (N_INFO + p) + n, np.int64),
               np.zeros(n + n * p, np.bool_))


@njit(cache=True, nogil=True)
def observe_batch(states, viewers, obs, normalized=False):
    """obs[g] = observe(states[g], viewers[g]) for every game (viewers are faction ids), scaled by
    ``observe.normalize`` if `normalized`."""
    for g in range(states.shape[0]):
        observe(states[g], viewers[g], obs[g])
        if normalized:
            normalize(states[g], obs[g])


@njit(cache=True, nogil=True)
def mask_batch(states, masks):
    """masks[g] = the legal-action mask of states[g] for every game."""
    for g in range(states.shape[0]):
        fill_mask(states[g], masks[g])


def compact_dtype_problem(obs_dtype, max_turns: int) -> str:
    """Why `obs_dtype` cannot hold every raw observation entry of games capped at `max_turns` ("" if it can):
    float32, or a ``COMPACT_DTYPES`` dtype whose largest value is at least max(max_turns, 255) (the turn fields
    reach the cap, every other entry stays in [0, 255]: ``observation.observation_space``)."""
    name = np.dtype(obs_dtype).name
    if name == "float32":
        return ""
    if name not in COMPACT_DTYPES:
        return f"obs_dtype must be float32 or one of {', '.join(COMPACT_DTYPES)}, got {name}"
    if max(int(max_turns), 255) > COMPACT_DTYPES[name]:
        return (f"obs_dtype {name} holds values up to {COMPACT_DTYPES[name]}, but the turn fields reach max_turns "
                f"{max_turns}: use uint16 or max_turns <= {COMPACT_DTYPES[name]}")
    return ""


def obs_scale(max_turns: int, normalize: bool, index=None) -> np.ndarray:
    """float64 (OBS_SIZE,): the factors that make a compact observation the float32 one, bit for bit:
    ``(raw * obs_scale(max_turns, normalize)).astype(np.float32)`` equals ``observe`` (then ``normalize`` if
    `normalize`) of the same position. Ones without `normalize`; with it, ``observe.OBS_INV_SCALE`` (float32
    values, so that a product with a raw entry (< 2**16) is exact in float64 and its rounding to float32 is
    ``normalize``'s float32 product) and 1 / `max_turns` for the turn fields (``normalize`` divides them by the
    cap; float64 makes the product round to the same float32: ``tests/test_vector_compact.py``). With `index` (a
    seated layout's ``index``), the factors of those entries."""
    if not normalize:
        scale = np.ones(OBS_SIZE, np.float64)
    else:
        scale = OBS_INV_SCALE.astype(np.float64)
        scale[_TURN_AT] = 1.0 / max(int(max_turns), 1)
    return scale if index is None else scale[index]


class Batch:
    """Caller-owned buffers for ``run_batch`` (see the module doc), with thin Python methods.

    >>> b = Batch(64, factions=np.array([0, 1]))
    >>> b.reset(seed=0)            # game g starts as Game.new(seed=0 + g)
    >>> b.random_step()            # one uniformly random decision in every game
    >>> b.step(actions)            # one given decision in every game (ValueError if any is illegal)

    ``parallel``: play slices of the games on ``threads`` Python threads (``True``; ``threads=None``:
    numba's thread count, ``engine.threads.default_threads``) or one after another in the calling
    thread (``False``); ``None`` (the default) is serial unless ``threads`` > 1 is given. Both give the
    same bytes; serial is the default because it was never slower by more than noise on the 2-core
    machine and cannot lose to a busy core (docs/performance.md, "Threads"). ``normalize``: scale the
    observations (``observe.normalize``). ``autoreset=False``: leave ended games ended until
    ``restart``. ``obs_dtype``: float32, or a compact dtype (``COMPACT_DTYPES``, see the module doc) for
    ``obs`` and ``views``, raw integers, never normalised. ``observation``: "full" (``observe.OBS_TABLE``, the
    default) or "seated" (``engine.observe_seated``: only the entries of the seated factions and of the rules in
    play, ``layout.size`` wide; ``obs == full_obs[:, layout.index]``). A seated batch's ``layout`` is its
    ``SeatedLayout`` (None for the full one); ``vector_step_seated`` writes the seated observation itself, the other
    kernels (resets, restarts, ``random_step``) write the full one into a scratch buffer, then cut it.

    After each call ``obs``, ``masks`` and ``player`` describe the acting player of every game;
    ``info``, ``rewards`` and ``final_vp`` describe the games that ended (and were reset) in it.
    """

    def __init__(self, n: int, factions, *, max_turns: int = 300, random_seating: bool = False,
                 auto_forced: bool = False, obs: bool = True, mask: bool = True, parallel: bool | None = None,
                 threads: int | None = None, normalize: bool = False, autoreset: bool = True, views: bool = False,
                 obs_dtype="float32", map: str = "autumn", observation: str = "full"):
        check_choice("observation", observation, OBSERVATIONS)
        problem = compact_dtype_problem(obs_dtype, max_turns)
        if problem:
            raise RootError(problem)
        obs_dtype = np.dtype(obs_dtype)
        if normalize and obs_dtype != np.float32:
            raise RootError(f"normalize needs obs_dtype float32, got {obs_dtype.name} (obs_scale gives the factors)")
        self.n = int(n)
        self.threads = None if threads is None else int(threads)
        self.parallel = (self.threads is not None and self.threads > 1) if parallel is None else bool(parallel)
        ensure_compiled(self.parallel)
        seats = np.ascontiguousarray(factions, dtype=np.int64)
        p = seats.shape[0]
        self.states = np.zeros((self.n, STATE_SIZE), np.int64)
        # cfg, factions, meta, actions, info and final_vp: views of one int64 block (vector_step's one argument)
        # a seated batch's sel (observe_seated) follows the views, so that vector_step_seated reads it from the block
        self.layout = seated_layout(seats) if observation == "seated" else None
        sel = np.zeros(0, np.int64) if self.layout is None else self.layout.sel
        self.ints = np.zeros(int_block_size(self.n, p) + sel.shape[0], np.int64)
        self.ints[N_CFG] = p
        self.ints[int_block_size(self.n, p):] = sel
        (self.cfg, self.factions, self.meta, self.actions, self.info,
         self.final_vp) = getattr(int_views, "py_func", int_views)(self.ints, self.n)
        self.factions[:] = seats
        self.cfg[C_MAX_TURNS] = max_turns
        self.cfg[C_RANDOM_SEATING] = int(bool(random_seating))
        # core.new_game's option word: auto_forced and the map (inputs.option_bits)
        self.cfg[C_AUTO_FORCED] = option_bits(bool(auto_forced), map=check_map(map))
        self.cfg[C_OUTPUTS] = ((OUT_OBS if obs else 0) | (OUT_MASK if mask else 0) | (OUT_NORMALIZE if normalize else 0)
                               | (OUT_VIEWS if views else 0))
        self.cfg[C_N] = 1
        self.cfg[C_AUTORESET] = int(bool(autoreset))
        width = OBS_SIZE if self.layout is None else self.layout.size
        self.obs = np.zeros((self.n if obs else 1, width), obs_dtype)
        # compact or seated obs: what the resets and the other kernels write first, the full float32 observation
        # (only vector_step writes obs_dtype and the seated layout itself)
        self._float_obs = None if obs_dtype == np.float32 and self.layout is None else \
            np.zeros((self.obs.shape[0], OBS_SIZE), np.float32)
        self.masks = np.zeros((self.n if mask else 1, N_ACTIONS), np.int8)
        self.rewards = np.zeros((self.n, p), np.float32)
        # every seat's view of each game's last position (OUT_VIEWS; written where a game ends, by step_vector)
        self.views = np.zeros((self.n if views else 0, p, width), obs_dtype)

    @property
    def player(self) -> np.ndarray:
        """Column (index into ``factions``) of each game's acting player."""
        return self.info[:, I_PLAYER]

    def _run(self, mode) -> int:
        obs = self.obs if self._float_obs is None else self._float_obs
        if self.parallel:
            bad = run_batch(mode, self.states, self.meta, self.actions, self.factions, self.cfg, obs,
                            self.masks, self.info, self.rewards, self.final_vp, self.threads)
        else:
            bad = run_batch_serial(mode, self.states, self.meta, self.actions, self.factions, self.cfg, obs,
                                   self.masks, self.info, self.rewards, self.final_vp)
        if obs is not self.obs and not bad:
            self.obs[:] = self._cut(obs)  # small integers: the cast is exact
        return bad

    def _cut(self, full):
        """Full observations (float32, (..., OBS_SIZE)) as this batch's: the seated entries, if seated."""
        return full if self.layout is None else full[..., self.layout.index]

    def step_vector(self, cols, floats, flags) -> tuple[int, int]:
        """``self.actions`` played in every game in one compiled call (``vector_step``; ``vector_rows`` on threads
        when parallel), writing ``obs``, ``masks``, ``views`` and the given arrays: ``cols`` int64 (2, n) (acting
        column, current column), ``floats`` float32 (n * P + n,) (the seat rewards (n, P), then the acting seat's
        reward) and ``flags`` bool (2, n) (terminated, truncated): ``vector_step``'s doc. Returns (refused actions,
        games ended); when an action is refused nothing changes and ``info[:, I_ERROR]`` says which."""
        if not self.parallel:  # the full observation's kernel never reads a sel; the seated one is compiled apart
            if self.layout is None:
                return vector_step(self.states, self.ints, self.views, self.obs, self.masks, cols, floats, flags)
            return vector_step_seated(self.states, self.ints, self.views, self.obs, self.masks, cols, floats, flags)
        bad = check_batch(self.states, self.actions, self.cfg, self.info)
        if bad > 0:
            return bad, 0
        ended = []
        kernel = vector_rows if self.layout is None else vector_rows_seated
        args = (self.states, self.ints, self.views, self.obs, self.masks, cols, floats, flags)

        def rows(lo, hi):
            ended.append(kernel(lo, hi, *args))  # list.append: atomic between threads
        threads = default_threads() if self.threads is None else self.threads
        for_slices(rows, self.n, threads, -(-self.n // max(threads, 1)))
        return 0, sum(ended)

    def restart(self, rows, seeds=None) -> None:
        """Start the next game of each row in `rows` (``autoreset=False``), or a first game seeded
        ``seeds[i]`` where seeds are given; rewrites those rows' outputs and info."""
        rows = np.ascontiguousarray(rows, dtype=np.int64)
        if seeds is not None:
            self.meta[rows, M_BASE] = seeds
            self.meta[rows, M_EPISODE] = 0
        obs = self.obs if self._float_obs is None else self._float_obs
        restart_rows(rows, self.states, self.meta, self.actions, self.factions, self.cfg, obs, self.masks,
                     self.info, self.rewards, self.final_vp)
        if obs is not self.obs:
            self.obs[rows] = self._cut(obs[rows])  # small integers: the cast is exact

    def _seed(self, seed) -> None:
        self.meta[:, M_BASE] = seed_array(seed, self.n)
        self.meta[:, M_EPISODE] = 0

    def reset(self, seed=0) -> None:
        """Start every game: game g gets seed ``seed + g`` (an int) or ``seed[g]`` (a sequence)."""
        self._seed(seed)
        self._run(MODE_RESET)

    def load_states(self, states) -> None:
        """Continue from the given positions (n, STATE_SIZE), each checked in full like
        ``Game.from_state`` and seated like this batch's ``factions``: the same factions in the same seats, each
        played by its Clockwork bot exactly where this batch's is, at its level and with its traits, and the
        batch's options (``auto_forced``; no cooperative play, Law readings, Automated Alliance options or
        first-printing draw bonuses, which a batch does not play). RootError naming the game and what differs;
        nothing is changed if any row is bad. ``obs``, ``masks`` and ``player`` describe the
        games from the next ``step``; games that end are then reset from seed g, as after ``reset(0)``."""
        checked = state_batch(states, self.n)
        for g in range(self.n):  # seats, bots (flag, level, traits) and options as this batch's games have them
            problem = seating_problem(checked[g], self.factions, int(self.cfg[C_AUTO_FORCED]))
            if problem:
                raise RootError(f"state of game {g}: {problem}")
        self.states[:] = checked
        self.meta[:, M_BASE] = np.arange(self.n)
        self.meta[:, M_EPISODE] = 0

    def try_step(self, actions) -> int:
        """One decision in every game, unless an action is illegal: then nothing changes, and ``info[:,
        I_ERROR]`` holds each game's code. Returns the number of refused actions."""
        self.actions[:] = action_array(actions, self.n)
        return self._run(MODE_STEP)

    def step(self, actions) -> None:
        """One decision in every game; ValueError (nothing changed) if any action is illegal."""
        if self.try_step(actions):
            err = self.info[:, I_ERROR]
            bad = np.flatnonzero(err != OK)
            shown = ", ".join(f"game {g}: action {int(self.actions[g])}" for g in bad[:10])
            more = f" and {bad.size - 10} more" if bad.size > 10 else ""
            raise ValueError(f"illegal actions, no game was stepped: {shown}{more}")

    def playout(self, seed=0, threads: int = 1) -> None:
        """Play every game from its start to its end with uniformly random legal actions (game g seeded
        like ``reset``); the results are in ``info`` and ``final_vp``, and the games are not restarted.
        With ``threads`` > 1, slices of the games run on that many threads (engine.threads)."""
        self._seed(seed)
        if threads <= 1:
            self._run(MODE_PLAYOUT)
            return

        def play_slice(lo, hi):  # the serial kernel on views: rollouts need no other compiled kernel
            obs = self.obs if self._float_obs is None else self._float_obs
            run_batch_serial(MODE_PLAYOUT, self.states[lo:hi], self.meta[lo:hi], self.actions[lo:hi], self.factions,
                             self.cfg, obs, self.masks, self.info[lo:hi], self.rewards[lo:hi],
                             self.final_vp[lo:hi])
        for_slices(play_slice, self.n, threads, PLAYOUT_SLICE)

    def random_step(self, n: int = 1) -> None:
        """`n` uniformly random legal decisions in every game (actions taken -> ``actions``)."""
        self.cfg[C_N] = n
        self._run(MODE_RANDOM)


def ensure_compiled(parallel: bool) -> None:
    """Compile the engine and the serial (or the threaded) batch kernels now if the cache lacks them,
    saying so on stderr (engine.firstrun)."""
    _engine_compiled()
    if parallel:
        firstrun.compile_once("parallel", "the threaded batch kernels", lambda: warm(True))
    else:
        firstrun.compile_once("batch", "the batch kernel", lambda: warm(False))


def warm(parallel: bool) -> None:
    """Compile (or load) the serial kernel, or the threaded kernels' slices with the batched observation
    and mask, in every mode."""
    factions = np.array([0, 1], dtype=np.int64)
    b = Batch(2, factions, max_turns=2, parallel=parallel, threads=2 if parallel else 1)
    b.reset(seed=0)
    b.random_step()
    b.step(b.states[:, LEGAL])
    v = Batch(2, factions, max_turns=2, parallel=parallel, threads=2 if parallel else 1, views=True)
    v.reset(seed=0)
    v.actions[:] = v.states[:, LEGAL]
    one = np.zeros((2, 2), np.int64), np.zeros(2 * 2 + 2, np.float32), np.zeros((2, 2), bool)
    v.step_vector(*one)
    _warm_fill(v)
    b.playout(0)
    if parallel:
        observe_batch(b.states, factions, b.obs)
        mask_batch(b.states, b.masks)
        # the vector env's compact and seated observations (obs_dtype="uint8", observation="seated": the seated
        # step is a kernel of its own), serial: with "everything", not the demo's stages
        for kw in ({"obs_dtype": np.uint8}, {"observation": "seated"},
                   {"obs_dtype": np.uint8, "observation": "seated"}):
            c = Batch(2, factions, max_turns=2, views=True, **kw)
            c.reset(seed=0)
            c.actions[:] = c.states[:, LEGAL]
            c.step_vector(*one)
            _warm_fill(c)

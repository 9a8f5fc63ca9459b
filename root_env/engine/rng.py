"""The random number generator kept inside the state: xorshift128 on four 32-bit words.

All arithmetic stays below 2**63 so that the same code runs compiled and under NUMBA_DISABLE_JIT=1
with identical results. Setup, shuffles and dice all draw from it: same seed, same game.
"""
from .jit import njit

from ..layout import RNG, DICE, DICE_N

M32 = 0xFFFFFFFF


@njit(cache=True)
def rng_seed(state, seed):
    """Fill the generator from a 64-bit seed with splitmix-style mixing done in 32-bit halves."""
    x = (seed & M32) ^ 0x9E3779B9
    y = ((seed >> 32) & M32) ^ 0x85EBCA6B
    for i in range(4):
        # a 32-bit integer hash (lowbias32) of a counter mixed with the seed halves
        h = (x + i * 0x632BE5AB + y * (i + 1)) & M32
        h ^= h >> 16
        h = (h * 0x7FEB352D) & M32
        h ^= h >> 15
        h = (h * 0x846CA68B) & M32
        h ^= h >> 16
        if h == 0:
            h = 0x1234567 + i
        state[RNG + i] = h
        y = (y * 0x5851F42D + 0x14057B7E) & M32


@njit(cache=True)
def rng_next(state):
    """Next 32-bit output (xorshift128, Marsaglia 2003)."""
    t = state[RNG]
    t = (t ^ ((t << 11) & M32)) & M32
    state[RNG] = state[RNG + 1]
    state[RNG + 1] = state[RNG + 2]
    w = state[RNG + 3]
    state[RNG + 2] = w
    w = (w ^ (w >> 19)) ^ (t ^ (t >> 8))
    state[RNG + 3] = w
    return w


@njit(cache=True)
def rng_int(state, n):
    """Uniform integer in [0, n), n < 2**31."""
    return (rng_next(state) * n) >> 32


@njit(cache=True)
def rng_shuffle(state, arr, start, n):
    """Fisher-Yates shuffle of arr[start:start+n] in place."""
    for i in range(n - 1, 0, -1):
        j = rng_int(state, i + 1)
        tmp = arr[start + i]
        arr[start + i] = arr[start + j]
        arr[start + j] = tmp


@njit(cache=True)
def xorshift32(r):
    """xorshift32 step for an agent's own choices (kept apart from the game's RNG)."""
    r ^= (r << 13) & M32
    r ^= r >> 17
    r ^= (r << 5) & M32
    return r


@njit(cache=True)
def xorshift_shuffle(arr, n, r):
    """Fisher-Yates shuffle of arr[:n] with an agent's xorshift32 state `r` (a determinization's, not the game's RNG).
    Returns r advanced."""
    for i in range(n - 1, 0, -1):
        r = xorshift32(r)
        j = (r * (i + 1)) >> 32
        x = arr[i]
        arr[i] = arr[j]
        arr[j] = x
    return r


@njit(cache=True)
def battle_dice(state):
    """The two dice of a battle roll (Law 4.3.2), as (first, second): the next roll chosen for a test
    (``Scenario.dice``, ``Game.dice``: DICE, first in first out, used once) if any, else two random dice."""
    n = state[DICE_N]
    if n > 0:
        d1 = state[DICE]
        d2 = state[DICE + 1]
        for i in range(2 * (n - 1)):
            state[DICE + i] = state[DICE + 2 + i]
        state[DICE + 2 * (n - 1)] = 0
        state[DICE + 2 * (n - 1) + 1] = 0
        state[DICE_N] = n - 1
        return d1, d2
    d1 = rng_int(state, 4)
    d2 = rng_int(state, 4)
    return d1, d2

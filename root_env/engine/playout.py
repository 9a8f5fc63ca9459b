"""Compiled random playouts: a whole game inside njit, uniformly random among legal actions.

Many games at once: ``rollout.random_games`` (the batch kernels' ``MODE_PLAYOUT``, the same games)."""
from .jit import njit

from ..layout import LEGAL, LEGAL_N, GAME_OVER
from .core import apply
from .borrow import borrowed
from .rng import xorshift32 as _next, M32


@njit(cache=True)
def random_playout(state, seed, max_decisions):
    """Play the game in `state` to the end with uniformly random legal actions. Returns the number
    of decisions taken. The engine runs on a view of `state` without numba's reference count (``borrow``): the
    state array's counts around every call were a fifth of a random game's time."""
    state = borrowed(state)
    r = (seed * 2654435761 + 12345) & M32
    if r == 0:
        r = 1
    n = 0
    while state[GAME_OVER] == 0 and n < max_decisions:
        r = _next(r)
        a = state[LEGAL + ((r * state[LEGAL_N]) >> 32)]
        apply(state, a)
        n += 1
    return n

"""Compiled random playouts: whole games inside njit, uniformly random among legal actions."""
import numpy as np
from numba import njit, prange

from ..data import NF
from ..layout import LEGAL, LEGAL_N, GAME_OVER, STATE_SIZE, VP, WINNERS, TURN, DECISIONS, TRUNCATED
from .core import apply, new_game

M32 = 0xFFFFFFFF


@njit(cache=True)
def _next(r):
    """xorshift32 step for the agent's own choices (kept apart from the game's RNG)."""
    r ^= (r << 13) & M32
    r ^= r >> 17
    r ^= (r << 5) & M32
    return r


@njit(cache=True)
def random_playout(state, seed, max_decisions):
    """Play the game in `state` to the end with uniformly random legal actions. Returns the number
    of decisions taken."""
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


@njit(cache=True, parallel=True)
def random_games(factions, seeds, max_turns, out_winners, out_vp, out_decisions, out_turns, out_truncated):
    """Play len(seeds) whole random games in parallel; per-game results go to the out arrays."""
    for g in prange(seeds.shape[0]):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        new_game(state, factions, seeds[g], max_turns, 0, 0)
        random_playout(state, seeds[g] ^ 0x5BD1E995, 1 << 40)
        out_winners[g] = state[WINNERS]
        for f in range(NF):
            out_vp[g, f] = state[VP + f]
        out_decisions[g] = state[DECISIONS]
        out_turns[g] = state[TURN]
        out_truncated[g] = state[TRUNCATED]

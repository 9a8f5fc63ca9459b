"""What the Corvid Conspiracy's plot tokens change for everyone (seed 003, Law 13): snares stop placing and
moving (13.7.2), a removed plot leaves its facing and what Exposure ruled out behind (13.2.2, 13.2.4), and a
removed raid places Corvid warriors around it (13.7.4, resolved in engine.interrupts).

A plot's type is its TOKENS row (TT_PLOT + type); CV_FACE_UP says which are face up. This module reads only
the state, so that ``board.may_place``, ``board.remove_piece`` and ``movement`` can ask it.
"""
import numpy as np
from .jit import njit

from ..data import NC, CORVIDS, TT_PLOT, TT_TOTAL, SNARE, RAID
from ..layout import CLEARING_SUITS, TOKENS, CV_FACE_UP, CV_EXCLUDED, CV_RAID
from .enemies import is_enemy
from .rng import xorshift32


@njit(cache=True)
def plot_at(state, c):
    """The type of the plot token in clearing c (13.2.2.II: at most one), or -1."""
    for t in range(4):
        if state[TOKENS + (TT_PLOT + t) * NC + c] > 0:
            return t
    return -1


@njit(cache=True)
def face_down_plot_at(state, c):
    return state[CV_FACE_UP + c] == 0 and plot_at(state, c) >= 0


@njit(cache=True)
def plots_in_suit(state, suit):
    """Plots on the map, face up or down, in clearings of `suit` (the Corvids' crafting pieces, 13.2.1)."""
    n = 0
    for c in range(NC):
        if state[CLEARING_SUITS + c] == suit:
            for t in range(4):
                n += state[TOKENS + (TT_PLOT + t) * NC + c]
    return n


@njit(cache=True)
def face_up_plots(state):
    n = 0
    for c in range(NC):
        n += state[CV_FACE_UP + c]
    return n


@njit(cache=True, inline="always")
def snared(state, f, c):
    """Law 13.7.2: while a snare is face up, enemy pieces cannot be placed in or moved from its clearing."""
    return (state[CV_FACE_UP + c] != 0 and state[TOKENS + (TT_PLOT + SNARE) * NC + c] > 0
            and is_enemy(state, CORVIDS, f))


@njit(cache=True)
def plot_removed(state, t, c):
    """A plot left clearing c (to the Corvids' supply): it is face down again and what was ruled out goes with
    it; a raid places a warrior in each adjacent clearing (13.7.4, unless Exposure removed it: the caller
    undoes that)."""
    state[CV_FACE_UP + c] = 0
    state[CV_EXCLUDED + c] = 0
    if t == RAID:
        state[CV_RAID + c] += 1


RESAMPLE_TRIES = 64


@njit(cache=True)
def resample_plots(state, r):
    """For a player other than the Corvids: deal the face-down plots' types anew from the plots nobody else can
    tell apart (those face down on the map and those in the supply), keeping every type a wrong Exposure ruled
    out (13.2.4). Rejection sampling; after RESAMPLE_TRIES failures the types stay as they are (only possible
    when exclusions leave almost one assignment). `r`: an xorshift32 state, returned advanced."""
    pool = np.empty(8 * 4, np.int64)
    n = 0
    for t in range(4):
        k = TT_TOTAL[TT_PLOT + t]
        for c in range(NC):
            if state[CV_FACE_UP + c] != 0:
                k -= state[TOKENS + (TT_PLOT + t) * NC + c]
        for _ in range(k):
            pool[n] = t
            n += 1
    places = np.empty(NC, np.int64)
    m = 0
    for c in range(NC):
        if state[CV_FACE_UP + c] == 0 and plot_at(state, c) >= 0:
            places[m] = c
            m += 1
    if m == 0:
        return r
    for _ in range(RESAMPLE_TRIES):
        for i in range(n - 1, 0, -1):  # Fisher-Yates
            r = xorshift32(r)
            j = (r * (i + 1)) >> 32
            x = pool[i]
            pool[i] = pool[j]
            pool[j] = x
        ok = True
        for i in range(m):
            if (state[CV_EXCLUDED + places[i]] >> pool[i]) & 1:
                ok = False
                break
        if ok:
            for i in range(m):
                c = places[i]
                for t in range(4):
                    state[TOKENS + (TT_PLOT + t) * NC + c] = 0
                state[TOKENS + (TT_PLOT + pool[i]) * NC + c] = 1
            return r
    return r

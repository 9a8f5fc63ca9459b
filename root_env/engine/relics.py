"""The Keepers in Iron's relics (Law 15.2.1): twelve tokens of three types, each showing a value 1, 2, 3 or 3 on its back.

A relic is counted by its kind (``data.RELIC_KIND_*``: type and value) wherever it is: in a clearing as a Keepers' token
(``TOKENS`` rows ``TT_RELIC`` + kind; a relic reaches a clearing only by Delve, which flips it, so relics in clearings are
face up), in a forest face up or face down (``KP_FOREST_UP`` / ``KP_FOREST_DOWN``: only a face-down relic's type is public),
on the Keepers' Relics spaces (``KP_RECOVERED``), not yet placed while the Keepers set up (``KP_RESERVE``), or removed by
an enemy and waiting for the forest it goes to (``KP_TROPHY``). ``count_relics`` adds them up: always twelve.

The rules of the relics that reach into what every faction does live in the shared mechanism, each in one place, and read
here: Prized Trophies (15.2.5) in ``board.remove_piece`` (``relic_removed``) and ``interrupts`` (the remover places it,
``place_trophy``); Devout Knights (15.2.4) in ``battle.allocate`` (``devout``) and ``movement`` (carrying relics).
"""
import numpy as np
from .jit import njit

from ..data import (NC, KEEPERS, NRELIC_KINDS, NRELIC_TYPES, RELIC_KIND_TYPE, TT_RELIC, RELIC_KIND_TOTAL, KP_TROPHY_VP,
                    NRELICS)
from .geometry import n_forests, forest_touches
from ..layout import (TOKENS, WARRIORS, KP_FOREST_UP, KP_FOREST_DOWN, KP_RESERVE, KP_RECOVERED, KP_TROPHY, KP_TROPHY_BY,
                      VS_REMOVAL)
from ..data import NFOREST
from .enemies import is_enemy
from .score import score
from .rng import xorshift_shuffle


@njit(cache=True)
def relic_at(state, k, c):
    """Relics of kind k in clearing c."""
    return state[TOKENS + (TT_RELIC + k) * NC + c]


@njit(cache=True)
def relics_in(state, c):
    """Relics in clearing c (Law 15.2.4: Devout Knights ask for one)."""
    n = 0
    for k in range(NRELIC_KINDS):
        n += state[TOKENS + (TT_RELIC + k) * NC + c]
    return n


@njit(cache=True)
def relics_in_forest(state, fo):
    n = 0
    for k in range(NRELIC_KINDS):
        n += state[KP_FOREST_UP + fo * NRELIC_KINDS + k] + state[KP_FOREST_DOWN + fo * NRELIC_KINDS + k]
    return n


@njit(cache=True)
def count_relics(state, k):
    """Relics of kind k anywhere (engine.invariants: RELIC_KIND_TOTAL[k] in every state with the Keepers seated)."""
    n = state[KP_RESERVE + k] + state[KP_RECOVERED + k] + state[KP_TROPHY + k]
    for c in range(NC):
        n += state[TOKENS + (TT_RELIC + k) * NC + c]
    for fo in range(NFOREST):
        n += state[KP_FOREST_UP + fo * NRELIC_KINDS + k] + state[KP_FOREST_DOWN + fo * NRELIC_KINDS + k]
    return n


@njit(cache=True)
def devout(state, c):
    """Law 15.2.4 Devout Knights: the clearing of battle has a relic and a Keeper warrior."""
    return state[WARRIORS + KEEPERS * NC + c] > 0 and relics_in(state, c) > 0


@njit(cache=True)
def relic_removed(state, k, remover):
    """A relic of kind k was removed from a clearing (board.remove_piece): Law 15.2.5 Prized Trophies: an enemy places
    it in any forest face up (interrupts asks where) and scores one VP more than the token's (3.2.1). A relic removed
    by no enemy (no rule does so today) goes to a forest too, placed by the Keepers (docs/rules.md)."""
    state[KP_TROPHY + k] += 1
    if remover >= 0 and is_enemy(state, remover, KEEPERS):
        state[KP_TROPHY_BY] = remover
        score(state, remover, KP_TROPHY_VP, VS_REMOVAL)
    elif state[KP_TROPHY_BY] < 0:
        state[KP_TROPHY_BY] = KEEPERS


@njit(cache=True)
def trophy_kind(state):
    """The next removed relic to place in a forest (lowest kind first), -1 when none waits."""
    for k in range(NRELIC_KINDS):
        if state[KP_TROPHY + k] > 0:
            return k
    return -1


@njit(cache=True)
def place_trophy(state, fo):
    """Law 15.2.5: the next removed relic goes face up into forest fo."""
    k = trophy_kind(state)
    state[KP_TROPHY + k] -= 1
    state[KP_FOREST_UP + fo * NRELIC_KINDS + k] += 1
    if trophy_kind(state) < 0:
        state[KP_TROPHY_BY] = -1


@njit(cache=True)
def bot_trophy_forest(state):
    """The forest a Clockwork bot puts a relic it removed in (it takes no decision; seed 004 names no choice): the first
    forest that touches no clearing with a Keeper warrior, else the first forest (a reading, docs/rules.md)."""
    for fo in range(n_forests(state)):
        near = False
        for c in range(NC):
            if forest_touches(state, fo, c) and state[WARRIORS + KEEPERS * NC + c] > 0:
                near = True
        if not near:
            return fo
    return 0


@njit(cache=True)
def move_relic(state, k, a, b):
    """A relic of kind k goes from clearing a to clearing b (carried with a Keeper warrior, 15.2.4)."""
    state[TOKENS + (TT_RELIC + k) * NC + a] -= 1
    state[TOKENS + (TT_RELIC + k) * NC + b] += 1


@njit(cache=True)
def resample_relics(state, r):
    """Law 15.2.1: nobody knows a face-down relic's value. Deal the values of the face-down relics of each type (in the
    forests, and those still to place during the Keepers' setup) anew among them: the same places and types. For
    search agents' determinizations (root_env.hidden does the same in Python). `r`: an xorshift32 state, returned
    advanced."""
    rows = np.empty(NFOREST + 1, np.int64)
    for fo in range(NFOREST):
        rows[fo] = KP_FOREST_DOWN + fo * NRELIC_KINDS
    rows[NFOREST] = KP_RESERVE
    pool = np.empty(NRELICS, np.int64)
    for t in range(NRELIC_TYPES):
        n = 0
        for i in range(NFOREST + 1):
            for k in range(NRELIC_KINDS):
                if RELIC_KIND_TYPE[k] == t:
                    for _ in range(state[rows[i] + k]):
                        pool[n] = k
                        n += 1
        r = xorshift_shuffle(pool, n, r)
        m = 0
        for i in range(NFOREST + 1):
            here = 0
            for k in range(NRELIC_KINDS):
                if RELIC_KIND_TYPE[k] == t:
                    here += state[rows[i] + k]
                    state[rows[i] + k] = 0
            for _ in range(here):
                state[rows[i] + pool[m]] += 1
                m += 1
    return r


@njit(cache=True)
def relics_total_ok(state):
    """Every relic kind is accounted for once (RELIC_KIND_TOTAL)."""
    for k in range(NRELIC_KINDS):
        if count_relics(state, k) != RELIC_KIND_TOTAL[k]:
            return False
    return True

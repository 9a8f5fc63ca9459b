"""The Vagabond's items and pawn (Law 9.2.5-9.2.7, 9.6): ready, exhausted and damaged items, the
tea/coins/bag tracks, item limit, and where the pawn stands.

Items are counted per (item, state) in VB_ITEMS; copies of one item in one state are
interchangeable. With seed 002 (9.2.5.I), a face-up undamaged tea, coins or bag sits on its track
(three at most); everything else is in the Satchel, and damaged items in the Damaged box.
"""
from .jit import njit

from ..data import (NC, NITEM, ADJ, RIVER_ADJ, FOREST_CLEARINGS, NFOREST, SWORD, TEA, COINS, BAG, TRACK_CAPACITY,
                    IS_READY, IS_EXHAUSTED, IS_DAMAGED_READY, IS_DAMAGED_EXHAUSTED, VB_BASE_ITEM_LIMIT, VAGABOND)
from ..codes import A_ITEM
from ..layout import VB_ITEMS, VB_PAWN, FACTION_SEAT
from .machine import offer, allow, wait
from .services import has_riverboats
from .plots import snared


@njit(cache=True)
def count(state, item, status):
    return state[VB_ITEMS + item * 4 + status]


@njit(cache=True, inline="always")
def ready(state, item):
    """Face-up undamaged copies: the ones the Vagabond can exhaust."""
    return state[VB_ITEMS + item * 4 + IS_READY]


@njit(cache=True)
def undamaged(state, item):
    return state[VB_ITEMS + item * 4 + IS_READY] + state[VB_ITEMS + item * 4 + IS_EXHAUSTED]


@njit(cache=True)
def total(state, item):
    n = 0
    for s in range(4):
        n += state[VB_ITEMS + item * 4 + s]
    return n


@njit(cache=True, inline="always")
def shift(state, item, src, dst, n):
    state[VB_ITEMS + item * 4 + src] -= n
    state[VB_ITEMS + item * 4 + dst] += n


@njit(cache=True, inline="always")
def exhaust(state, item, n):
    shift(state, item, IS_READY, IS_EXHAUSTED, n)


@njit(cache=True)
def gain(state, item):
    """A new item goes onto the board face up (9.5.3, 9.5.4, 9.2.1)."""
    state[VB_ITEMS + item * 4 + IS_READY] += 1


@njit(cache=True)
def on_track(state, item):
    """Face-up undamaged tea, coins or bag on their track (9.2.5.I, capacity three)."""
    r = ready(state, item)
    return r if r < TRACK_CAPACITY else TRACK_CAPACITY


@njit(cache=True)
def swords(state):
    """Law 9.2.6: maximum rolled hits = undamaged swords, face up or down."""
    return undamaged(state, SWORD)


@njit(cache=True)
def any_undamaged(state):
    for i in range(NITEM):
        if undamaged(state, i) > 0:
            return True
    return False


@njit(cache=True)
def any_damaged(state):
    for i in range(NITEM):
        if count(state, i, IS_DAMAGED_READY) + count(state, i, IS_DAMAGED_EXHAUSTED) > 0:
            return True
    return False


@njit(cache=True)
def any_ready(state):
    for i in range(NITEM):
        if ready(state, i) > 0:
            return True
    return False


@njit(cache=True)
def item_action(item, status):
    return A_ITEM + status * NITEM + item


@njit(cache=True)
def scan_items(state, s0, s1, offer_them):
    """(number of distinct (item, state) kinds held in states s0..s1, the last such kind's action);
    with offer_them, each kind is also allowed as an option."""
    k = 0
    last = -1
    for s in range(s0, s1 + 1):
        for i in range(NITEM):
            if count(state, i, s) > 0:
                k += 1
                last = item_action(i, s)
                if offer_them:
                    allow(state, last)
    return k, last


@njit(cache=True)
def kinds_in(state, s0, s1):
    return scan_items(state, s0, s1, False)


@njit(cache=True)
def offer_items(state, s0, s1):
    """Allow every item held in states s0..s1; returns how many distinct kinds."""
    return scan_items(state, s0, s1, True)[0]


@njit(cache=True)
def shift_action(state, a, delta):
    """Move the item of action `a` by `delta` states (+1 exhaust, +2 damage, -2 repair, -1 refresh)."""
    i = a - A_ITEM
    shift(state, i % NITEM, i // NITEM, i // NITEM + delta, 1)


@njit(cache=True)
def pick_item(state, s0, s1, delta, decision):
    """Shift one item held in states s0..s1 by `delta` states. With one kind held it is done at once
    (returns 1); with several the Vagabond is asked (returns -1); with none, returns 0."""
    k, last = scan_items(state, s0, s1, False)
    if k == 0:
        return 0
    if k > 1:
        offer(state)
        scan_items(state, s0, s1, True)
        wait(state, decision, VAGABOND)
        return -1
    shift_action(state, last, delta)
    return 1


@njit(cache=True)
def capacity_count(state):
    """Items in the Satchel and Damaged box: everything but the track items (9.6.4)."""
    n = 0
    for i in range(NITEM):
        n += total(state, i)
    return n - on_track(state, TEA) - on_track(state, COINS) - on_track(state, BAG)


@njit(cache=True)
def removable(state, item, status):
    """Copies that lie in the Satchel or Damaged box (track items cannot go for capacity)."""
    n = count(state, item, status)
    if status == IS_READY and (item == TEA or item == COINS or item == BAG):
        n -= on_track(state, item)
    return n


@njit(cache=True)
def item_limit(state):
    """Law 9.6.4: six plus two per bag on the bag track."""
    return VB_BASE_ITEM_LIMIT + 2 * on_track(state, BAG)


# ------------------------------------------------------------- the pawn
@njit(cache=True)
def vb_seated(state):
    return state[FACTION_SEAT + VAGABOND] >= 0


@njit(cache=True)
def pawn_clearing(state):
    """The Vagabond's clearing, or -1 when he is in a forest or not playing."""
    if not vb_seated(state):
        return -1
    p = state[VB_PAWN]
    return p if 0 <= p < NC else -1


@njit(cache=True)
def pawn_in(state, c):
    return vb_seated(state) and state[VB_PAWN] == c


@njit(cache=True)
def pawn_forest(state):
    p = state[VB_PAWN]
    return p - NC if p >= NC else -1


@njit(cache=True)
def clearing_borders_forest(c, forest):
    return FOREST_CLEARINGS[forest, c] == 1


@njit(cache=True)
def adjacent_clearing(state, place, c):
    """Clearing c is adjacent to the pawn's place (a clearing by path, or by river with Riverboats, 11.2.7.II;
    or a forest it borders)."""
    if place < NC:
        return ADJ[place, c] == 1 or (RIVER_ADJ[place, c] == 1 and has_riverboats(state, VAGABOND))
    return FOREST_CLEARINGS[place - NC, c] == 1


@njit(cache=True)
def forests_of(c):
    """Bitmask of the forests bordering clearing c."""
    m = 0
    for fo in range(NFOREST):
        if FOREST_CLEARINGS[fo, c] == 1:
            m |= 1 << fo
    return m


@njit(cache=True)
def pawn_snared(state):
    """Law 13.7.2: the pawn cannot move out of a clearing with a face-up snare (the pawn is a piece)."""
    c = pawn_clearing(state)
    return c >= 0 and snared(state, VAGABOND, c)

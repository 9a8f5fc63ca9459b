"""The Vagabond's items and pawn (Law 9.2.5-9.2.7, 9.6): ready, exhausted and damaged items, the
tea/coins/bag tracks, item limit, and where the pawn stands.

Items are counted per (item, state) in VB_ITEMS, a row per Vagabond (`v` is the Vagabond's faction,
Law 9.8); copies of one item in one state are interchangeable. With seed 002 (9.2.5.I), a face-up undamaged tea, coins or bag sits on its track
(three at most); everything else is in the Satchel, and damaged items in the Damaged box.
"""
from .jit import njit

from ..data import (NC, NITEM, SWORD, TEA, COINS, BAG, TRACK_CAPACITY,
                    IS_READY, IS_EXHAUSTED, IS_DAMAGED_READY, IS_DAMAGED_EXHAUSTED, VB_BASE_ITEM_LIMIT)
from .geometry import adjacent, river_adjacent, forest_touches, n_forests
from ..codes import A_ITEM
from ..layout import VB_ITEMS, VB_PAWN, VB_R_HELD, ITEM_BOX, FACTION_SEAT
from .machine import offer, allow, wait
from .services import has_riverboats
from .plots import snared
from .vagabonds import items_at, vb_row


@njit(cache=True)
def count(state, v, item, status):
    return state[VB_ITEMS + items_at(v) + item * 4 + status]


@njit(cache=True, inline="always")
def ready(state, v, item):
    """Face-up undamaged copies: the ones the Vagabond can exhaust."""
    return state[VB_ITEMS + items_at(v) + item * 4 + IS_READY]


@njit(cache=True)
def undamaged(state, v, item):
    k = VB_ITEMS + items_at(v) + item * 4
    return state[k + IS_READY] + state[k + IS_EXHAUSTED]


@njit(cache=True)
def total(state, v, item):
    k = VB_ITEMS + items_at(v) + item * 4
    n = 0
    for s in range(4):
        n += state[k + s]
    return n


@njit(cache=True, inline="always")
def shift(state, v, item, src, dst, n):
    k = VB_ITEMS + items_at(v) + item * 4
    state[k + src] -= n
    state[k + dst] += n


@njit(cache=True, inline="always")
def exhaust(state, v, item, n):
    shift(state, v, item, IS_READY, IS_EXHAUSTED, n)


@njit(cache=True)
def gain(state, v, item):
    """A new item goes onto the board face up (9.5.3, 9.5.4, 9.2.1)."""
    state[VB_ITEMS + items_at(v) + item * 4 + IS_READY] += 1


@njit(cache=True)
def on_track(state, v, item):
    """Face-up undamaged tea, coins or bag on their track (9.2.5.I, capacity three)."""
    r = ready(state, v, item)
    return r if r < TRACK_CAPACITY else TRACK_CAPACITY


@njit(cache=True)
def swords(state, v):
    """Law 9.2.6: maximum rolled hits = undamaged swords, face up or down."""
    return undamaged(state, v, SWORD)


@njit(cache=True)
def any_undamaged(state, v):
    for i in range(NITEM):
        if undamaged(state, v, i) > 0:
            return True
    return False


@njit(cache=True)
def any_damaged(state, v):
    for i in range(NITEM):
        if count(state, v, i, IS_DAMAGED_READY) + count(state, v, i, IS_DAMAGED_EXHAUSTED) > 0:
            return True
    return False


@njit(cache=True)
def any_ready(state, v):
    for i in range(NITEM):
        if ready(state, v, i) > 0:
            return True
    return False


@njit(cache=True)
def item_action(item, status):
    return A_ITEM + status * NITEM + item


@njit(cache=True)
def scan_items(state, v, s0, s1, offer_them):
    """(number of distinct (item, state) kinds held in states s0..s1, the last such kind's action);
    with offer_them, each kind is also allowed as an option."""
    k = 0
    last = -1
    for s in range(s0, s1 + 1):
        for i in range(NITEM):
            if count(state, v, i, s) > 0:
                k += 1
                last = item_action(i, s)
                if offer_them:
                    allow(state, last)
    return k, last


@njit(cache=True)
def kinds_in(state, v, s0, s1):
    return scan_items(state, v, s0, s1, False)


@njit(cache=True)
def offer_items(state, v, s0, s1):
    """Allow every item held in states s0..s1; returns how many distinct kinds."""
    return scan_items(state, v, s0, s1, True)[0]


@njit(cache=True)
def shift_action(state, v, a, delta):
    """Move the item of action `a` by `delta` states (+1 exhaust, +2 damage, -2 repair, -1 refresh)."""
    i = a - A_ITEM
    shift(state, v, i % NITEM, i // NITEM, i // NITEM + delta, 1)


@njit(cache=True)
def pick_item(state, v, s0, s1, delta, decision):
    """Shift one item held in states s0..s1 by `delta` states. With one kind held it is done at once
    (returns 1); with several the Vagabond is asked (returns -1); with none, returns 0."""
    k, last = scan_items(state, v, s0, s1, False)
    if k == 0:
        return 0
    if k > 1:
        offer(state)
        scan_items(state, v, s0, s1, True)
        wait(state, decision, v)
        return -1
    shift_action(state, v, last, delta)
    return 1


@njit(cache=True)
def capacity_count(state, v):
    """Items in the Satchel and Damaged box: everything but the track items (9.6.4)."""
    n = 0
    for i in range(NITEM):
        n += total(state, v, i)
    return n - on_track(state, v, TEA) - on_track(state, v, COINS) - on_track(state, v, BAG)


@njit(cache=True)
def removable(state, v, item, status):
    """Copies that lie in the Satchel or Damaged box (track items cannot go for capacity)."""
    n = count(state, v, item, status)
    if status == IS_READY and (item == TEA or item == COINS or item == BAG):
        n -= on_track(state, v, item)
    return n


@njit(cache=True)
def item_limit(state, v):
    """Law 9.6.4: six plus two per bag on the bag track."""
    return VB_BASE_ITEM_LIMIT + 2 * on_track(state, v, BAG)


# ------------------------------------------------------------- the pawn
@njit(cache=True)
def vb_seated(state, v):
    return state[FACTION_SEAT + v] >= 0


@njit(cache=True)
def pawn_place(state, v):
    """Where v's pawn stands: a clearing, NC + a forest, or -1 off the map."""
    return state[VB_PAWN + vb_row(v)]


@njit(cache=True)
def pawn_clearing(state, v):
    """The Vagabond's clearing, or -1 when he is in a forest or not playing."""
    if not vb_seated(state, v):
        return -1
    p = state[VB_PAWN + vb_row(v)]
    return p if 0 <= p < NC else -1


@njit(cache=True)
def pawn_in(state, v, c):
    return vb_seated(state, v) and state[VB_PAWN + vb_row(v)] == c


@njit(cache=True)
def pawn_forest(state, v):
    p = state[VB_PAWN + vb_row(v)]
    return p - NC if p >= NC else -1


@njit(cache=True)
def clearing_borders_forest(state, c, forest):
    return forest_touches(state, forest, c)


@njit(cache=True)
def adjacent_clearing(state, v, place, c):
    """Clearing c is adjacent to the pawn's place (a clearing by path, or by river with Riverboats, 11.2.7.II;
    or a forest it borders)."""
    if place < NC:
        return adjacent(state, place, c) or (river_adjacent(state, place, c) and has_riverboats(state, v))
    return forest_touches(state, place - NC, c)


@njit(cache=True)
def forests_of(state, c):
    """Bitmask of the forests bordering clearing c."""
    m = 0
    for fo in range(n_forests(state)):
        if forest_touches(state, fo, c):
            m |= 1 << fo
    return m


@njit(cache=True)
def pawn_snared(state, v):
    """Law 13.7.2: the pawn cannot move out of a clearing with a face-up snare (the pawn is a piece)."""
    c = pawn_clearing(state, v)
    return c >= 0 and snared(state, v, c)


@njit(cache=True)
def remove_from_board(state, v, item, status, n):
    """n copies of `item` in `status` leave v's board for the box (9.6.4). Reading (docs/rules.md): a copy
    that leaves is an unmarked one while he has one, so an "R" item stays on his board (9.8.1) as long as
    any copy of its kind does."""
    state[VB_ITEMS + items_at(v) + item * 4 + status] -= n
    state[ITEM_BOX + item] += n
    k = VB_R_HELD + vb_row(v) * NITEM + item
    t = total(state, v, item)
    if state[k] > t:
        state[k] = t

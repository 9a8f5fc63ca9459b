"""The items under the ruins (Law 9.3.4, 9.5.3) and, with two Vagabonds, two per ruin (Law 9.8.1).

A ruin's items are RUIN_ITEM[slot, c], slot 1 used only in games with two Vagabonds and always after
slot 0 (taking an item moves the other into slot 0). RUIN_SEEN[c] marks the Vagabonds who have looked at
them: an explorer with two items to choose from sees both, and what he saw is his alone."""
from .jit import njit

from ..data import NC, NITEM, VAGABOND, VAGABOND2, RUIN_ITEMS
from .geometry import printed_ruin
from ..layout import RUIN_ITEM, RUIN_SEEN, RUINS, FACTION_SEAT, SCRATCH, ITEM_BOX, VB_R_HELD
from .rng import rng_shuffle
from .vagabonds import vb_row


@njit(cache=True, inline="always")
def two_vagabonds(state):
    """Law 9.8: both Vagabonds are seated."""
    return state[FACTION_SEAT + VAGABOND] >= 0 and state[FACTION_SEAT + VAGABOND2] >= 0


@njit(cache=True)
def ruin_items(state, c):
    """How many items lie under the ruin in clearing c (0, 1 or 2)."""
    return (1 if state[RUIN_ITEM + c] >= 0 else 0) + (1 if state[RUIN_ITEM + NC + c] >= 0 else 0)


@njit(cache=True)
def place_ruin_items(state):
    """Law 9.3.4: the "R" items, shuffled, one under each ruin; Law 9.8.1: with two Vagabonds both sets,
    two under each ruin. Taken from the box."""
    sets = 2 if two_vagabonds(state) else 1
    k = RUIN_ITEMS.shape[0]
    n = 0
    for _ in range(sets):
        for i in range(k):
            state[SCRATCH + n] = RUIN_ITEMS[i]
            n += 1
    rng_shuffle(state, state, SCRATCH, n)
    j = 0
    for slot in range(sets):
        for c in range(NC):
            if printed_ruin(state, c) and j < n:
                state[RUIN_ITEM + slot * NC + c] = state[SCRATCH + j]
                state[ITEM_BOX + state[SCRATCH + j]] -= 1
                j += 1
    for i in range(n):
        state[SCRATCH + i] = 0


@njit(cache=True)
def populate_ruins(state):
    """Law 9.3.4 and 14.3.3: the "R" items go under the ruins once, by the first Vagabond's setup or the Hundreds'
    ("unless this has already been done"): whichever sets up first places them (both sets with two Vagabonds,
    9.8.1), the other places none."""
    for c in range(NC):
        if state[RUIN_ITEM + c] >= 0:
            return
    place_ruin_items(state)


@njit(cache=True)
def may_take(state, v, item):
    """Law 9.8.1: with two Vagabonds, he cannot take an "R" item matching one already on his board."""
    return not two_vagabonds(state) or state[VB_R_HELD + vb_row(v) * NITEM + item] == 0


@njit(cache=True)
def take_from_ruin(state, c, item):
    """Remove one `item` from the ruin in c (the other item, if any, moves into slot 0). Returns True when
    the ruin is now empty."""
    if state[RUIN_ITEM + c] == item:
        state[RUIN_ITEM + c] = state[RUIN_ITEM + NC + c]
    state[RUIN_ITEM + NC + c] = -1
    return state[RUIN_ITEM + c] < 0


@njit(cache=True)
def remove_ruin(state, c):
    state[RUINS + c] = 0
    state[RUIN_SEEN + c] = 0

"""The Lord of the Hundreds' Hoard (Law 14.2.4) and what the shared mechanism asks about the faction.

The Hoard replaces the Crafted Items box: its Command track holds boots, bags and coins, its Prowess track hammers,
tea, swords and crossbows (``data.HD_ITEM_TRACK``), four spaces each. ``HD_HOARD`` counts the items of each kind;
the Command and Prowess values follow from how many items a track holds (``data.HD_TRACK_VALUE``). An item gained
with its track full waits in ``HD_GAINED`` while the Hundreds choose what leaves (engine.factions.hundreds).
"""
from .jit import njit

from ..data import NITEM, HUNDREDS, HD_ITEM_TRACK, HD_TRACK_VALUE, HD_TRACK_SPACES, MOOD_ITEM
from ..layout import HD_HOARD, HD_GAINED, HD_MOOD, HD_WARLORD, CRAFTED_ITEMS, ITEM_BOX
from .vagabonds import is_vagabond


@njit(cache=True)
def track_items(state, t):
    """Items on track t (HD_COMMAND or HD_PROWESS)."""
    n = 0
    for i in range(NITEM):
        if HD_ITEM_TRACK[i] == t:
            n += state[HD_HOARD + i]
    return n


@njit(cache=True)
def track_value(state, t):
    """Law 14.2.4.II: Command / Prowess: 1 with no item, 2 with one or two, 3 with three, 4 with four."""
    return HD_TRACK_VALUE[track_items(state, t)]


@njit(cache=True)
def remove_for_good(state, item):
    """An item removed permanently (14.2.3, 14.2.4.I, 14.7.4): to the box."""
    state[ITEM_BOX + item] += 1


@njit(cache=True)
def gain_item(state, item):
    """Law 14.2.4.I: a gained item goes on its track. Returns True when the track is full: the item waits in
    HD_GAINED for the Hundreds to remove it or one of the track's items (engine.factions.hundreds, PC_HD_HOARD_FULL)."""
    if HD_ITEM_TRACK[item] < 0:
        remove_for_good(state, item)  # no track holds it (a torch: none reaches the Hundreds with these components)
        return False
    if track_items(state, HD_ITEM_TRACK[item]) < HD_TRACK_SPACES:
        state[HD_HOARD + item] += 1
        return False
    state[HD_GAINED] = item
    return True


@njit(cache=True)
def mood_is(state, m):
    """The Hundreds are in play (the caller checks the faction) and their mood is m (Law 14.7)."""
    return state[HD_MOOD] == m


@njit(cache=True)
def mood_allowed(state, m):
    """Law 14.4.4: a mood card that shows no item in the Hoard (Lavish shows none)."""
    return MOOD_ITEM[m] < 0 or state[HD_HOARD + MOOD_ITEM[m]] == 0


@njit(cache=True)
def warlord_here(state, f, c):
    """f is the Hundreds and their warlord stands in clearing c."""
    return f == HUNDREDS and state[HD_WARLORD] == c


@njit(cache=True)
def lootable(state, g):
    """Law 14.2.5: a defender with an item in its Crafted Items box (never the Vagabond)."""
    if is_vagabond(g):
        return False
    for i in range(NITEM):
        if state[CRAFTED_ITEMS + g * NITEM + i] > 0:
            return True
    return False

"""The Woodland Alliance's Supporters stack (Law 8.2.3-8.2.4) and what a removed base costs them."""
from .jit import njit

from ..data import NC, NCARD, ALLIANCE, BIRD, CARD_SUIT, BT_BASE, AL_SUPPORTER_LIMIT, TT_SYMPATHY
from ..layout import (CLEARING_SUITS, CARD_LOC, CARD_KNOWN, LOC_SUPPORTERS, BUILDINGS, AL_OFFICERS, AL_TRIM, SUPPLY_WARRIORS, TURN_FLAGS,
                      TF_BASE_LOST, TOKENS)
from .cards import discard, leave_hand, matches
from .botlog import note, EV_CRACKDOWN


@njit(cache=True)
def supporters_n(state):
    n = 0
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_SUPPORTERS:
            n += 1
    return n


@njit(cache=True)
def matching_supporters(state, suit):
    """Supporters that can be spent for `suit` (8.2.3: only for their suit; birds are wild, 2.1.1)."""
    n = 0
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_SUPPORTERS and matches(c, suit):
            n += 1
    return n


@njit(cache=True)
def bases_on_map(state):
    n = 0
    for s in range(3):
        for c in range(NC):
            n += state[BUILDINGS + (BT_BASE + s) * NC + c]
    return n


@njit(cache=True)
def base_on_map(state, suit):
    for c in range(NC):
        if state[BUILDINGS + (BT_BASE + suit) * NC + c] > 0:
            return True
    return False


@njit(cache=True)
def add_supporter(state, card, also_known_by):
    """Put `card` (from a hand or the deck) on the Supporters stack. Law 8.2.3.I: without a base on
    the map the stack holds five cards; a card it cannot hold is discarded. Returns True if kept."""
    if bases_on_map(state) == 0 and supporters_n(state) >= AL_SUPPORTER_LIMIT:
        discard(state, card)
        return False
    leave_hand(state, card)
    state[CARD_LOC + card] = LOC_SUPPORTERS
    state[CARD_KNOWN + card] = (1 << ALLIANCE) | also_known_by
    return True


@njit(cache=True)
def base_removed(state, suit):
    """Law 8.2.4 (seed 002): discard every supporter of the base's printed suit, birds included;
    remove half the officers, rounded up; with no base left, cut the stack to five (the Alliance
    chooses which, see AL_TRIM)."""
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_SUPPORTERS and (CARD_SUIT[c] == suit or CARD_SUIT[c] == BIRD):
            discard(state, c)
    k = (state[AL_OFFICERS] + 1) // 2
    state[AL_OFFICERS] -= k
    state[SUPPLY_WARRIORS + ALLIANCE] += k
    if bases_on_map(state) == 0 and supporters_n(state) > AL_SUPPORTER_LIMIT:
        state[AL_TRIM] = 1


@njit(cache=True)
def base_lost(state, suit):
    """A base of `suit` left the map. Its 8.2.4 consequences wait for engine.interrupts, where they
    are ordered against an Outrage from the same removals (Law 1.1.3)."""
    state[TURN_FLAGS] |= TF_BASE_LOST << suit


@njit(cache=True)
def crackdown(state, suit):
    """The Automated Alliance's Crackdown (docs/clockwork_alliance.md AA-4): when one of its bases is removed, every sympathy
    token in clearings of that base's suit goes back to its track; nobody scores for them (its own tokens)."""
    n = 0
    for c in range(NC):
        if state[CLEARING_SUITS + c] == suit and state[TOKENS + TT_SYMPATHY * NC + c] > 0:
            state[TOKENS + TT_SYMPATHY * NC + c] = 0
            n += 1
    note(state, EV_CRACKDOWN, suit, n, 0)


@njit(cache=True)
def lost_bases_pending(state):
    return state[TURN_FLAGS] & (TF_BASE_LOST * 7) != 0


@njit(cache=True)
def settle_lost_bases(state):
    """Resolve Law 8.2.4 for every base removed since the last call."""
    for suit in range(3):
        if state[TURN_FLAGS] & (TF_BASE_LOST << suit):
            state[TURN_FLAGS] &= ~(TF_BASE_LOST << suit)
            base_removed(state, suit)

"""The Mountain map (Law Appendix C.3): removing closed paths (C.3.3) and the Pass (C.3.4).

A closed path still on the map is a path of the map's ``MAP_CLOSED_MASK`` whose bit is not in the state's
``ADJ_OPEN`` (C.3.2: its clearings are not adjacent). Once per turn in their Daylight a player may spend a card to
remove one, with any of their pieces in either clearing it links, and scores one VP: a Daylight option of every
player (``card_effects.offer_daylight_options``), chosen as the card, then one clearing, then the other. At the end of
a player's Evening, a player who rules the Pass scores one VP (``turn``'s turn end, ``score_pass``).
"""
from .jit import njit

from ..data import NC, NCARD
from ..map_data import MAP_CLOSED_MASK, MAP_TOWER
from ..codes import A_CARD, A_CLEARING, D_CP_CARD, D_CP_FROM, D_CP_TO
from ..layout import (ACTIVE, MAP, ADJ_OPEN, CARD_LOC, LOC_HAND, HAND_N, REG, R_CP_FROM, TURN_FLAGS, TF_CLOSED_PATH,
                      VS_OTHER)
from .board import has_pieces, ruler
from .cards import discard
from .score import score
from .machine import PC_CP_CARD, PC_CP_FROM, PC_CP_TO, offer, allow, allow_clearings, wait, goto, ret


@njit(cache=True)
def closed_from(state, c):
    """Bitmask of the clearings linked to c by a closed path still on the map (C.3.2)."""
    return MAP_CLOSED_MASK[state[MAP], c] & ~state[ADJ_OPEN + c]


@njit(cache=True)
def removable_from(state, f, c):
    """The clearings b whose closed path to c player f may remove (C.3.3: f has pieces in c or in b)."""
    m = closed_from(state, c)
    if m == 0 or has_pieces(state, f, c):
        return m
    out = 0
    for b in range(NC):
        if (m >> b) & 1 and has_pieces(state, f, b):
            out |= 1 << b
    return out


@njit(cache=True)
def can_remove(state, f):
    """C.3.3: not yet this turn, a card to spend, and a closed path f may remove."""
    if state[TURN_FLAGS] & TF_CLOSED_PATH != 0 or state[HAND_N + f] == 0:
        return False
    for c in range(NC):
        if removable_from(state, f, c) != 0:
            return True
    return False


@njit(cache=True)
def score_pass(state, f):
    """C.3.4: at the end of f's Evening, f scores one VP if it rules the Pass."""
    tower = MAP_TOWER[state[MAP]]
    if tower >= 0 and ruler(state, tower) == f:
        score(state, f, 1, VS_OTHER)


@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    offer(state)
    if pc == PC_CP_CARD:
        for c in range(NCARD):
            if state[CARD_LOC + c] == LOC_HAND + f:
                allow(state, A_CARD + c)
        return wait(state, D_CP_CARD, f)
    if pc == PC_CP_FROM:
        for c in range(NC):
            if removable_from(state, f, c) != 0:
                allow(state, A_CLEARING + c)
        return wait(state, D_CP_FROM, f)
    # PC_CP_TO
    a = state[REG + R_CP_FROM]
    m = removable_from(state, f, a) if a >= 0 else 0
    allow_clearings(state, m)
    return wait(state, D_CP_TO, f)


@njit(cache=True)
def decide(state, d, a):
    f = state[ACTIVE]
    if d == D_CP_CARD:
        state[TURN_FLAGS] |= TF_CLOSED_PATH  # C.3.3: once per turn
        discard(state, a - A_CARD)  # spent (Law 2.1.3; the Lost Souls with the Lizard Cult in play, 10.2.6)
        goto(state, PC_CP_FROM)
    elif d == D_CP_FROM:
        state[REG + R_CP_FROM] = a - A_CLEARING
        goto(state, PC_CP_TO)
    else:
        c, b = state[REG + R_CP_FROM], a - A_CLEARING
        state[ADJ_OPEN + c] |= 1 << b  # C.3.3: removed from the game permanently: the clearings are adjacent
        state[ADJ_OPEN + b] |= 1 << c
        state[REG + R_CP_FROM] = -1
        score(state, f, 1, VS_OTHER)
        ret(state)

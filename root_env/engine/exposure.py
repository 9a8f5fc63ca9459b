"""Exposure (seed 003, Law 13.2.4): when an enemy of the Corvids may guess a face-down plot. The steps that
resolve a guess are in ``factions.corvids``; this module answers "may f expose now, and where", for the places
that offer it (the start of Birdsong and of Evening in engine.turn, and every Daylight menu through
``card_effects.offer_daylight_options``)."""
from .jit import njit

from ..data import NC, NCARD, CORVIDS, CLEARING_SUIT
from ..layout import FACTION_SEAT, CARD_LOC, LOC_HAND
from .board import has_pieces
from .cards import matches
from .enemies import is_enemy
from .plots import face_down_plot_at


@njit(cache=True)
def has_matching_card(state, f, suit):
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + f and matches(card, suit):
            return True
    return False


@njit(cache=True)
def can_expose_at(state, f, c):
    """An enemy with faction pieces where a face-down plot lies, holding a card matching the clearing."""
    return face_down_plot_at(state, c) and has_pieces(state, f, c) and has_matching_card(state, f, CLEARING_SUIT[c])


@njit(cache=True)
def exposure_possible(state, f):
    """Law 13.2.4: on f's own turn (docs/rules.md, Readings), f is an enemy of the Corvids and can guess."""
    if state[FACTION_SEAT + CORVIDS] < 0 or f < 0 or not is_enemy(state, f, CORVIDS):
        return False
    for c in range(NC):
        if can_expose_at(state, f, c):
            return True
    return False

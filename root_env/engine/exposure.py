"""Exposure (seed 003, Law 13.2.4: "Anytime on their turn, but before drawing any cards in their Evening"): when
an enemy of the Corvids may guess a face-down plot. The steps that resolve a guess are in ``factions.corvids``
(PC_CV_EXPOSE, which offers every clearing where a guess is possible, or returns at once when there is none;
PC_CV_EXPOSE_CHOSEN, the same without "not now", when the player chose Exposure from a menu).

This module is the one place that opens Exposure, in three shapes:

- ``offer_exposure`` / ``is_exposure`` / ``start_exposure``: the Exposure option in a menu of the player's turn
  (every Daylight menu through ``card_effects.offer_daylight_options``, the Alliance's Evening military
  operations 8.6.1, the Lizard Cult's Evening crafting 10.6.2);
- ``expose_then``: a step with no menu (the start of Birdsong and of Evening in ``engine.turn``, after the Lizard
  Cult's revealed cards return to hand 10.6.1, after the Riverfolk's Evening discard 11.6.1: they draw no card in
  their Evening);
- ``call_then_expose``: after a sub-procedure of the Evening before the draw (a Cobbler move).

The Evening steps before the draw that change nothing Exposure depends on (the pieces, the hand, the plots) need
no new offer, since it would give the choices already offered at the start of Evening: the Eyrie's roost scoring
(7.6.1) and the Vagabond's rest (9.6.1); the Marquise draws first (6.6)."""
from .jit import njit

from ..data import NC, CORVIDS
from ..codes import A_OPT, OPT_EXPOSE
from ..layout import CLEARING_SUITS, PC, FACTION_SEAT
from .board import has_pieces
from .cards import has_matching
from .enemies import is_enemy
from .plots import face_down_plot_at
from .seats import is_bot
from .machine import PC_CV_EXPOSE, PC_CV_EXPOSE_CHOSEN, allow, call, goto


@njit(cache=True)
def can_expose_at(state, f, c):
    """An enemy with faction pieces where a face-down plot lies, holding a card matching the clearing."""
    return face_down_plot_at(state, c) and has_pieces(state, f, c) and has_matching(state, f, state[CLEARING_SUITS + c])


@njit(cache=True)
def may_expose(state, f):
    """Law 13.2.4: f is an enemy of the Corvids in play (Exposure is used on f's own turn, docs/rules.md); a bot has
    no hand to expose with."""
    return f >= 0 and state[FACTION_SEAT + CORVIDS] >= 0 and is_enemy(state, f, CORVIDS) and not is_bot(state, f)


@njit(cache=True)
def exposure_possible(state, f):
    """f may expose now and has a clearing to guess in."""
    if not may_expose(state, f):
        return False
    for c in range(NC):
        if can_expose_at(state, f, c):
            return True
    return False


@njit(cache=True)
def offer_exposure(state, f):
    """List the Exposure option in the menu being offered to f, when f can guess."""
    if exposure_possible(state, f):
        allow(state, A_OPT + OPT_EXPOSE)


@njit(cache=True)
def is_exposure(a):
    return a == A_OPT + OPT_EXPOSE


@njit(cache=True)
def start_exposure(state):
    """Enter Exposure from the menu step that offered it; it returns there. Having chosen it, the player picks a
    clearing: "not now" there would return to the same menu unchanged, a loop an agent could repeat forever
    (docs/rules.md, "Exposure chosen from a menu"); after a guess, more guesses may be declined."""
    call(state, PC_CV_EXPOSE_CHOSEN, state[PC])


@njit(cache=True)
def expose_then(state, f, then):
    """At a step of f's turn with no menu: Exposure while f can guess, then `then`."""
    if exposure_possible(state, f):
        call(state, PC_CV_EXPOSE, then)
    else:
        goto(state, then)


@njit(cache=True)
def call_then_expose(state, f, pc, then):
    """Enter sub-procedure `pc` of f's Evening before the draw (a Cobbler move), then Exposure while f may use it
    (asked when `pc` returns: what it changed counts), then `then`."""
    if may_expose(state, f):
        call(state, PC_CV_EXPOSE, then)
        then = PC_CV_EXPOSE
    call(state, pc, then)

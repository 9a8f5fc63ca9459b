"""What the Riverfolk Company changes for everyone (Law 11.2): rivers as paths (Swimmers 11.2.2, Riverboats
11.2.7.II), mercenaries (11.2.7.III), the funds boxes and Trade Disruption (11.2.5.I).

These are the state predicates and bookkeeping the shared mechanism asks at one place each: ``board.ruler``
(mercenaries count for rule), ``movement.move_targets`` and ``items.adjacent_clearing`` (rivers, through
``has_riverboats``), ``battle`` (mercenaries fight and take hits), ``board.remove_piece`` (Trade Disruption) and
``interrupts`` (the Riverfolk choosing whose funds go). The services are bought in ``factions.riverfolk``. This
module reads only the state, so that the low-level modules can import it.
"""
from .jit import njit

from ..data import NF, RIVERFOLK, MERCENARIES, RIVERBOATS
from ..codes import A_FACTION
from .machine import offer, allow, wait
from ..layout import (ACTIVE, PHASE, PH_DAYLIGHT, PH_EVENING, RF_BOUGHT, RF_FUNDS, RF_DISRUPT, RF_POSTS_GONE,
                      SUPPLY_WARRIORS)


@njit(cache=True, inline="always")
def merc_buyer(state):
    """Law 11.2.7.III: the faction treating Riverfolk warriors as its own for rule and battle now (the
    player who bought Mercenaries, during Daylight and Evening of that turn), or -1."""
    if state[RF_BOUGHT + MERCENARIES] == 0:
        return -1
    ph = state[PHASE]
    return state[ACTIVE] if ph == PH_DAYLIGHT or ph == PH_EVENING else -1


@njit(cache=True, inline="always")
def merc_fights(state, f, opponent):
    """Law 11.2.7.III: f's mercenaries join a battle of f against anyone but the Riverfolk."""
    return opponent != RIVERFOLK and f >= 0 and merc_buyer(state) == f


@njit(cache=True)
def has_riverboats(state, f):
    """Law 11.2.7.II: the buyer treats rivers as paths until the end of their turn."""
    return state[RF_BOUGHT + RIVERBOATS] > 0 and state[ACTIVE] == f


@njit(cache=True)
def box_total(state, box):
    """Warriors in one of the Riverfolk's boxes (RF_FUNDS, RF_PAYMENTS, RF_COMMITTED), all owners."""
    n = 0
    for g in range(NF):
        n += state[box + g]
    return n


@njit(cache=True)
def funds(state):
    return box_total(state, RF_FUNDS)


@njit(cache=True)
def offer_fund_owners(state, decision):
    """The Riverfolk choose whose fund goes (A_FACTION + owner): paying (11.5) or Trade Disruption (11.2.5.I)."""
    offer(state)
    for g in range(NF):
        if state[RF_FUNDS + g] > 0:
            allow(state, A_FACTION + g)
    wait(state, decision, RIVERFOLK)


@njit(cache=True)
def trade_post_removed(state, suit):
    """Law 11.2.5.I Trade Disruption: the post goes to the box (its track space stays uncovered) and the
    Riverfolk remove half of their funds, rounded up. Whose warriors go is the Riverfolk's choice,
    made in engine.interrupts; posts removed together each take half of what the last left."""
    state[RF_POSTS_GONE + suit] += 1
    left = funds(state) - state[RF_DISRUPT]
    state[RF_DISRUPT] += (left + 1) // 2


@njit(cache=True)
def fund_owners(state, only):
    """Number of factions with funds (only faction `only`'s when only >= 0), and the last of them."""
    k = 0
    last = -1
    for g in range(NF):
        if state[RF_FUNDS + g] > 0 and (only < 0 or g == only):
            k += 1
            last = g
    return k, last


@njit(cache=True)
def fund_to_supply(state, g):
    """A fund of g's is spent or removed: the warrior returns to its owner's supply (11.5)."""
    state[RF_FUNDS + g] -= 1
    state[SUPPLY_WARRIORS + g] += 1

"""Persistent card effects used at set times, and the options open in any Daylight:
Better Burrow Bank, Royal Claim, Stand and Deliver!, Command Warren, Cobbler, Tax Collector,
Codebreakers, and dominance cards (Law 3.3)."""
from .jit import njit

from ..data import (NC, NCARD, CARD_SUIT, CARD_KIND, K_DOMINANCE, BIRD, DOMINANCE_MIN_VP, E_BETTER_BURROW_BANK,
                    E_ROYAL_CLAIM, E_STAND_AND_DELIVER, E_COMMAND_WARREN, E_COBBLER, E_TAX_COLLECTOR,
                    E_CODEBREAKERS, REL_HOSTILE)
from ..codes import (A_DONE, A_CLEARING, A_CARD, A_FACTION, A_OPT, OPT_ROYAL_CLAIM, OPT_STAND_AND_DELIVER,
                     OPT_ACTIVATE_DOMINANCE, OPT_TAKE_DOMINANCE, OPT_TAX_COLLECTOR, OPT_CODEBREAKERS, OPT_EXPOSE, D_BBB_TARGET,
                     D_BIRDSONG_CARDS, D_SND_TARGET, D_DOM_ACTIVATE, D_DOM_TAKE, D_DOM_PAY, D_TAX_WHERE,
                     D_CODEBREAK_TARGET, D_VB_COALITION)
from ..layout import (REG, PC, ACTIVE, NSEATS, SEAT_FACTION, CARD_LOC, CARD_KNOWN, HAND_N, VP, DOMINANCE, TURN_FLAGS,
                      LOC_HAND, LOC_AVAILABLE, LOC_ACTIVE_DOM, TF_TAX, TF_CODEBREAKERS, TF_STAND_AND_DELIVER,
                      VS_CARD, R_ARG, VB_COALITION, VB_REL)
from .board import ruled_mask, warriors, remove_warriors, removable_warriors
from .cards import has_crafted, draw, discard, matches, take_random_card, card_to_take, leave_hand, to_hand, ALL_KNOW
from .score import score
from .movement import any_move
from .battle import any_battle, start_battle
from .relationships import vb_can_move
from .vagabonds import is_vagabond, vb_row, chart_at
from .enemies import in_a_coalition
from .exposure import offer_exposure, is_exposure, start_exposure, call_then_expose
from .machine import (PC_BBB, PC_BIRD_CARDS_PRE, PC_BIRD_CARDS_POST, PC_SND_TARGET, PC_COMMAND_WARREN, PC_COBBLER,
                      PC_DOM_ACTIVATE, PC_DOM_TAKE, PC_DOM_PAY, PC_TAX_WHERE, PC_CODEBREAK, PC_FACTION_BIRDSONG,
                      PC_DAYLIGHT_START, PC_FACTION_DAYLIGHT, PC_FACTION_EVENING, PC_MOVE_FROM, PC_FIELD_HOSPITALS,
                      PC_VB_COALITION, PC_VB_MOVE_TO, PC_EVENING_START, offer, allow, wait, wait_optional, goto, call,
                      ret)
from ..layout import R_MOVE_SUIT, R_MOVE_OPTIONAL, MAP
from ..codes import OPT_CLEAR_PATH
from ..map_data import MOUNTAIN
from .closed_paths import can_remove
from .machine import PC_CP_CARD


@njit(cache=True)
def popcount(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@njit(cache=True)
def offer_other_players(state, f, need_cards):
    """Offer every other seated player; with need_cards, those a card can be taken from (a bot too: card_to_take)."""
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != f and (need_cards == 0 or card_to_take(state, g)):
            allow(state, A_FACTION + g)


@njit(cache=True)
def coalition_partners(state, v, offer_them):
    """Seed 002 9.2.8: who Vagabond v may form a coalition with: a player with fewer VP than each other
    player but v (he chooses among tied players) who is in no coalition. A player with an activated
    dominance card counts with the VP it kept (3.3.1 stops its score, it does not take it away). With two
    Vagabonds (9.8) a Vagabond in a coalition, or one's partner, is in a coalition. Returns how many."""
    low = 1 << 30
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != v and state[VP + g] < low:
            low = state[VP + g]
    n = 0
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != v and state[VP + g] == low and not in_a_coalition(state, g):
            n += 1
            if offer_them:
                allow(state, A_FACTION + g)
    return n


# ------------------------------------------------------------- options open in any Daylight
@njit(cache=True)
def pays_for_dominance(card, dom):
    """Law 3.3.4: a card of the dominance card's suit (birds are wild, 2.1.1, but a bird dominance
    needs a bird card: no reverse substitution)."""
    suit = CARD_SUIT[dom]
    return CARD_SUIT[card] == BIRD if suit == BIRD else matches(card, suit)


@njit(cache=True)
def can_pay_for_dominance(state, f, dom):
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_HAND + f and pays_for_dominance(c, dom):
            return True
    return False


@njit(cache=True)
def offer_daylight_options(state, f):
    """List the options a player has at any point of their own Daylight."""
    # Law 3.3.1: activate a dominance card with at least 10 VP. Seed 002 9.2.8: the Vagabond only
    # activates one to form a coalition, in games of four or more players.
    vb = is_vagabond(f)
    if (state[DOMINANCE + f] == 0 and state[VP + f] >= DOMINANCE_MIN_VP
            and (not vb or (state[NSEATS] >= 4 and not in_a_coalition(state, f)
                            and coalition_partners(state, f, False) > 0))):
        for c in range(NCARD):
            if state[CARD_LOC + c] == LOC_HAND + f and CARD_KIND[c] == K_DOMINANCE:
                allow(state, A_OPT + OPT_ACTIVATE_DOMINANCE)
                break
    # Law 3.3.4: take an available dominance card.
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_AVAILABLE and can_pay_for_dominance(state, f, c):
            allow(state, A_OPT + OPT_TAKE_DOMINANCE)
            break
    flags = state[TURN_FLAGS]
    if flags & TF_TAX == 0 and has_crafted(state, f, E_TAX_COLLECTOR) >= 0:
        for c in range(NC):
            if removable_warriors(state, f, c) > 0:
                allow(state, A_OPT + OPT_TAX_COLLECTOR)
                break
    if flags & TF_CODEBREAKERS == 0 and has_crafted(state, f, E_CODEBREAKERS) >= 0 and state[NSEATS] > 1:
        allow(state, A_OPT + OPT_CODEBREAKERS)
    offer_exposure(state, f)  # Law 13.2.4: any time on their turn
    if state[MAP] == MOUNTAIN and can_remove(state, f):
        allow(state, A_OPT + OPT_CLEAR_PATH)  # C.3.3: once per turn in their Daylight


@njit(cache=True)
def daylight_options_or_evening(state, decision, f):
    """After the last step of f's Daylight: the options listed so far (``offer`` was called) and those of any time in
    Daylight (Law 3.3.1, 3.3.4, ...) with "end Daylight" (A_DONE) as `decision`; Evening when none is open. Returns
    True when it waits."""
    offer_daylight_options(state, f)
    if wait_optional(state, decision, f):
        return True
    goto(state, PC_EVENING_START)
    return False


@njit(cache=True)
def is_daylight_option(a):
    o = a - A_OPT
    return (o == OPT_ACTIVATE_DOMINANCE or o == OPT_TAKE_DOMINANCE or o == OPT_TAX_COLLECTOR
            or o == OPT_CODEBREAKERS or o == OPT_CLEAR_PATH or is_exposure(a))


@njit(cache=True)
def start_daylight_option(state, a):
    """Enter the chosen Daylight option; it returns to the menu step that offered it."""
    o = a - A_OPT
    here = state[PC]
    if o == OPT_ACTIVATE_DOMINANCE:
        call(state, PC_DOM_ACTIVATE, here)
    elif o == OPT_TAKE_DOMINANCE:
        call(state, PC_DOM_TAKE, here)
    elif o == OPT_TAX_COLLECTOR:
        call(state, PC_TAX_WHERE, here)
    elif o == OPT_EXPOSE:
        start_exposure(state)
    elif o == OPT_CLEAR_PATH:
        call(state, PC_CP_CARD, here)
    else:
        call(state, PC_CODEBREAK, here)


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    if pc == PC_BBB:
        goto(state, PC_BIRD_CARDS_PRE)
        # Better Burrow Bank: at the start of Birdsong, you and another player each draw a card.
        if has_crafted(state, f, E_BETTER_BURROW_BANK) >= 0 and state[NSEATS] > 1:
            offer(state)
            offer_other_players(state, f, 0)
            return wait(state, D_BBB_TARGET, f)
        return False
    if pc == PC_BIRD_CARDS_PRE or pc == PC_BIRD_CARDS_POST:
        # Royal Claim and Stand and Deliver! may be used in Birdsong: offered before and after the
        # faction's own Birdsong steps.
        offer(state)
        if has_crafted(state, f, E_ROYAL_CLAIM) >= 0:
            allow(state, A_OPT + OPT_ROYAL_CLAIM)
        # Stand and Deliver! takes one card a turn: the card says "take a random card"; the Law says
        # "any number of times" where it lets an action repeat (8.4.1, 8.4.2).
        if state[TURN_FLAGS] & TF_STAND_AND_DELIVER == 0 and has_crafted(state, f, E_STAND_AND_DELIVER) >= 0:
            for s in range(state[NSEATS]):
                g = state[SEAT_FACTION + s]
                if g != f and card_to_take(state, g):  # a bot too: the taker draws instead (seed 004)
                    allow(state, A_OPT + OPT_STAND_AND_DELIVER)
                    break
        if wait_optional(state, D_BIRDSONG_CARDS, f):
            return True
        goto(state, PC_FACTION_BIRDSONG if pc == PC_BIRD_CARDS_PRE else PC_DAYLIGHT_START)
        return False
    if pc == PC_SND_TARGET:
        offer(state)
        offer_other_players(state, f, 1)
        wait(state, D_SND_TARGET, f)
        return True
    if pc == PC_COMMAND_WARREN:
        # Command Warren: at the start of Daylight, you may initiate a battle.
        goto(state, PC_FACTION_DAYLIGHT)
        if has_crafted(state, f, E_COMMAND_WARREN) >= 0 and any_battle(state, f, -1):
            start_battle(state, -1, 1, PC_FACTION_DAYLIGHT)
        return False
    if pc == PC_COBBLER:
        # Cobbler: at the start of Evening, you may take a move.
        # Law 13.2.4: Exposure again after the move, before the Evening's draw.
        goto(state, PC_FACTION_EVENING)
        if has_crafted(state, f, E_COBBLER) >= 0:
            if is_vagabond(f):
                if vb_can_move(state, f):
                    call_then_expose(state, f, PC_VB_MOVE_TO, PC_FACTION_EVENING)  # his move costs boots (9.5.1)
            elif any_move(state, f, -1):
                state[REG + R_MOVE_SUIT] = -1
                state[REG + R_MOVE_OPTIONAL] = 1
                call_then_expose(state, f, PC_MOVE_FROM, PC_FACTION_EVENING)
        return False
    if pc == PC_DOM_ACTIVATE:
        offer(state)
        for c in range(NCARD):
            if state[CARD_LOC + c] == LOC_HAND + f and CARD_KIND[c] == K_DOMINANCE:
                allow(state, A_CARD + c)
        wait(state, D_DOM_ACTIVATE, f)
        return True
    if pc == PC_DOM_TAKE:
        offer(state)
        for c in range(NCARD):
            if state[CARD_LOC + c] == LOC_AVAILABLE and can_pay_for_dominance(state, f, c):
                allow(state, A_CARD + c)
        wait(state, D_DOM_TAKE, f)
        return True
    if pc == PC_DOM_PAY:
        dom = state[REG + R_ARG]
        offer(state)
        for c in range(NCARD):
            if state[CARD_LOC + c] == LOC_HAND + f and pays_for_dominance(c, dom):
                allow(state, A_CARD + c)
        wait(state, D_DOM_PAY, f)
        return True
    if pc == PC_TAX_WHERE:
        offer(state)
        for c in range(NC):
            if removable_warriors(state, f, c) > 0:  # Law 14.2.2: not the Hundreds' warlord
                allow(state, A_CLEARING + c)
        wait(state, D_TAX_WHERE, f)
        return True
    if pc == PC_VB_COALITION:
        offer(state)
        coalition_partners(state, f, True)
        wait(state, D_VB_COALITION, f)
        return True
    # PC_CODEBREAK
    offer(state)
    offer_other_players(state, f, 0)
    wait(state, D_CODEBREAK_TARGET, f)
    return True


@njit(cache=True)
def decide(state, d, a):
    f = state[ACTIVE]
    if d == D_BBB_TARGET:
        draw(state, f, 1)
        draw(state, a - A_FACTION, 1)
    elif d == D_BIRDSONG_CARDS:
        o = a - A_OPT
        if a == A_DONE:
            goto(state, PC_FACTION_BIRDSONG if state[PC] == PC_BIRD_CARDS_PRE else PC_DAYLIGHT_START)
        elif o == OPT_ROYAL_CLAIM:
            # Royal Claim: discard to score one VP per clearing you rule.
            discard(state, has_crafted(state, f, E_ROYAL_CLAIM))
            score(state, f, popcount(ruled_mask(state, f)), VS_CARD)
        else:
            call(state, PC_SND_TARGET, state[PC])
    elif d == D_SND_TARGET:
        # Stand and Deliver!: take a random card from another player; they score one VP.
        g = a - A_FACTION
        state[TURN_FLAGS] |= TF_STAND_AND_DELIVER
        take_random_card(state, g, f)
        score(state, g, 1, VS_CARD)
        ret(state)
    elif d == D_DOM_ACTIVATE:
        # Law 3.3.1: the card goes to the play area; the player no longer scores VP.
        card = a - A_CARD
        discard_free_move(state, card, LOC_ACTIVE_DOM + f)
        state[DOMINANCE + f] = CARD_SUIT[card] + 1
        if is_vagabond(f):
            goto(state, PC_VB_COALITION)
        else:
            ret(state)
    elif d == D_VB_COALITION:
        g = a - A_FACTION
        state[VB_COALITION + vb_row(f)] = g
        if state[VB_REL + chart_at(f) + g] == REL_HOSTILE:
            state[VB_REL + chart_at(f) + g] = 0  # 9.2.9.III.d: a Hostile partner becomes Indifferent
        ret(state)
    elif d == D_DOM_TAKE:
        state[REG + R_ARG] = a - A_CARD
        goto(state, PC_DOM_PAY)
    elif d == D_DOM_PAY:
        discard(state, a - A_CARD)
        dom = state[REG + R_ARG]
        from_avail_to_hand(state, dom, f)
        ret(state)
    elif d == D_TAX_WHERE:
        # Tax Collector: once in Daylight, remove one of your warriors to draw a card.
        state[TURN_FLAGS] |= TF_TAX
        remove_warriors(state, f, a - A_CLEARING, 1)
        draw(state, f, 1)
        goto(state, PC_FIELD_HOSPITALS)
    else:
        # Codebreakers: once in Daylight, look at another player's hand.
        state[TURN_FLAGS] |= TF_CODEBREAKERS
        g = a - A_FACTION
        for c in range(NCARD):
            if state[CARD_LOC + c] == LOC_HAND + g:
                state[CARD_KNOWN + c] |= 1 << f
        ret(state)


@njit(cache=True)
def discard_free_move(state, card, loc):
    """Move a card out of a hand to a public place."""
    leave_hand(state, card)
    state[CARD_LOC + card] = loc
    state[CARD_KNOWN + card] = ALL_KNOW


@njit(cache=True)
def from_avail_to_hand(state, card, f):
    to_hand(state, card, f)
    state[CARD_KNOWN + card] = ALL_KNOW

"""Crafting (Law 4.1): crafting pieces, costs, items, immediate and persistent effects."""
from .jit import njit

from ..data import (NC, NCARD, CARD_KIND, CARD_COST, CARD_ITEM, CARD_VP, CARD_SUIT, K_ITEM,
                    K_IMMEDIATE, K_PERSISTENT, MARQUISE, EYRIE, ALLIANCE, VAGABOND, VAGABOND2, BT_WORKSHOP, BT_ROOST, BUILDER,
                    TT_SYMPATHY, HAMMER, IS_READY, LIZARDS, BT_GARDEN, RIVERFOLK, CORVIDS, TT_TRADEPOST, TT_PLOT, HUNDREDS,
                    BT_STRONGHOLD, KEEPERS, BT_WAYSTATION, DUCHY, BT_CITADEL)
from ..codes import A_CARD, A_OPT, OPT_SUIT, OPT_EXPORT, D_CRAFT_ANY
from ..layout import (CLEARING_SUITS, REG, ACTIVE, CRAFT_USED, BUILDINGS, TOKENS, ITEM_SUPPLY, CRAFTED_ITEMS, CARD_LOC, CARD_KNOWN,
                      LOC_HAND, LOC_CRAFTED, EY_LEADER, VS_CRAFT, R_CRAFT_CARD, R_ANY_LEFT, LZ_OUTCAST, R_RF_ARG,
                      SUPPLY_WARRIORS, RF_PAYMENTS, RF_POSTS_GONE, VB_PAWN, VB_ITEMS)
from ..data import NITEM
from .board import remove_all_enemies
from .items import exhaust, gain
from .vagabonds import is_vagabond
from .cards import discard, leave_hand, has_crafted_name, ALL_KNOW
from .score import score, check_victory
from .services import funds
from .machine import PC_CRAFT_ANY, PC_CRAFT_RESOLVE, PC_FIELD_HOSPITALS, PC_HD_CONTEMPT, offer, allow, wait, goto, call, ret


@njit(cache=True)
def crafting_pieces(state, f, suit):
    """Crafting pieces of f in clearings of `suit`: Marquise workshops (6.2.1), Eyrie roosts (7.2.1),
    Alliance sympathy tokens (8.2.1), the Vagabond's face-up hammers, all of his clearing's suit (9.2.1),
    the Lizard Cult's gardens of the Outcast suit (10.2.1), the Riverfolk's empty Trade Posts track spaces
    (11.2.1: posts of the suit on the map, and removed ones, whose space stays empty for good), the Corvids'
    plots, face up or down (13.2.1: four token rows), the Keepers' waystations of any type (15.2.3: three rows), the Duchy's citadels and markets (12.6.2: two rows). Written without calls: every craft check asks it."""
    if f == VAGABOND or f == VAGABOND2:
        p = state[VB_PAWN + f - VAGABOND]
        if p < 0 or p >= NC or state[CLEARING_SUITS + p] != suit:
            return 0
        return state[VB_ITEMS + (f - VAGABOND) * NITEM * 4 + HAMMER * 4 + IS_READY]
    n = 0
    if f == LIZARDS:
        # Law 10.2.1: gardens of the Outcast suit (a garden matches its clearing).
        if suit != state[LZ_OUTCAST]:
            return 0
        region = BUILDINGS + (BT_GARDEN + suit) * NC
    elif f == ALLIANCE:
        region = TOKENS + TT_SYMPATHY * NC
    elif f == MARQUISE:
        region = BUILDINGS + BT_WORKSHOP * NC
    elif f == EYRIE:
        region = BUILDINGS + BT_ROOST * NC
    elif f == RIVERFOLK:
        region = TOKENS + (TT_TRADEPOST + suit) * NC  # a post matches its clearing
        n = state[RF_POSTS_GONE + suit]
    elif f == HUNDREDS:
        region = BUILDINGS + BT_STRONGHOLD * NC  # Law 14.2.1: strongholds (a stronghold matches its clearing)
    elif f == KEEPERS:
        region = BUILDINGS + BT_WAYSTATION * NC  # Law 15.2.3: waystations of any type (each matches its clearing)
        for c in range(NC):
            if state[CLEARING_SUITS + c] == suit:
                n += state[region + c] + state[region + NC + c] + state[region + 2 * NC + c]
        return n
    elif f == DUCHY:
        region = BUILDINGS + BT_CITADEL * NC  # Law 12.2.1, 12.6.2: citadels and markets, identical for crafting
        for c in range(NC):
            if state[CLEARING_SUITS + c] == suit:
                n += state[region + c] + state[region + NC + c]
        return n
    elif f == CORVIDS:
        region = TOKENS + TT_PLOT * NC
        for c in range(NC):
            if state[CLEARING_SUITS + c] == suit:  # the four plot rows: bomb, snare, extortion, raid
                n += state[region + c] + state[region + NC + c] + state[region + 2 * NC + c] + state[region + 3 * NC + c]
        return n
    else:
        return 0
    for c in range(NC):
        if state[CLEARING_SUITS + c] == suit:
            n += state[region + c]
    return n


@njit(cache=True)
def available_pieces(state, f, suit):
    """Law 4.1.1: each crafting piece may be activated only once per turn."""
    return crafting_pieces(state, f, suit) - state[CRAFT_USED + suit]


@njit(cache=True)
def can_craft(state, f, card):
    kind = CARD_KIND[card]
    if kind != K_ITEM and kind != K_IMMEDIATE and kind != K_PERSISTENT:
        return False  # ambush and dominance cards cannot be crafted (2.1.4, 2.1.5)
    if state[CARD_LOC + card] != LOC_HAND + f:
        return False
    if kind == K_ITEM and state[ITEM_SUPPLY + CARD_ITEM[card]] == 0:
        return False  # Law 4.1.2: an item not in the supply cannot be crafted
    if kind == K_PERSISTENT and has_crafted_name(state, f, card):
        return False  # Law 4.1.4 no duplicates
    return pieces_pay(state, f, card)


@njit(cache=True)
def can_pay_craft(state, f, card):
    """A craftable card in f's hand whose cost f can pay; what the card gives is not checked (a Riverfolk
    Export ignores it, 11.5.3.I)."""
    kind = CARD_KIND[card]
    if kind != K_ITEM and kind != K_IMMEDIATE and kind != K_PERSISTENT:
        return False
    return state[CARD_LOC + card] == LOC_HAND + f and pieces_pay(state, f, card)


@njit(cache=True, inline="always")
def pieces_pay(state, f, card):
    """f's crafting pieces pay the card's cost (the Riverfolk also need a fund per suit symbol, 11.5.3)."""
    if f == RIVERFOLK and craft_symbols(card) > funds(state):
        return False
    spare = 0
    for s in range(3):
        a = available_pieces(state, f, s)
        need = CARD_COST[card, s]
        if need > a:
            return False
        spare += a - need
    return CARD_COST[card, 3] <= spare


@njit(cache=True)
def offer_craftable(state, f):
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + f and can_craft(state, f, card):
            allow(state, A_CARD + card)


@njit(cache=True)
def start_craft(state, card, return_pc):
    state[REG + R_CRAFT_CARD] = card
    if is_vagabond(state[ACTIVE]):
        # Law 9.5.8: exhaust one hammer per suit symbol of the cost.
        exhaust(state, state[ACTIVE], HAMMER, craft_symbols(card))
        state[REG + R_ANY_LEFT] = 0
    else:
        for s in range(3):
            state[CRAFT_USED + s] += CARD_COST[card, s]
        state[REG + R_ANY_LEFT] = CARD_COST[card, 3]
    call(state, PC_CRAFT_ANY, return_pc)


@njit(cache=True)
def craft_symbols(card):
    return CARD_COST[card, 0] + CARD_COST[card, 1] + CARD_COST[card, 2] + CARD_COST[card, 3]


@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    if pc == PC_CRAFT_ANY:
        left = state[REG + R_ANY_LEFT]
        if left > 0:
            # Which suit pays an "any" cost matters only for later crafts this turn: ask when it can differ.
            suits = 0
            total = 0
            for s in range(3):
                a = available_pieces(state, f, s)
                if a > 0:
                    suits += 1
                    total += a
            if suits > 1 and total > left:
                offer(state)
                for s in range(3):
                    if available_pieces(state, f, s) > 0:
                        allow(state, A_OPT + OPT_SUIT + s)
                wait(state, D_CRAFT_ANY, f)
                return True
            for s in range(3):
                a = available_pieces(state, f, s)
                k = a if a < left else left
                state[CRAFT_USED + s] += k
                left -= k
            state[REG + R_ANY_LEFT] = 0
        goto(state, PC_CRAFT_RESOLVE)
        return False
    # PC_CRAFT_RESOLVE
    card = state[REG + R_CRAFT_CARD]
    kind = CARD_KIND[card]
    if f == RIVERFOLK and state[REG + R_RF_ARG] == OPT_EXPORT:
        # Law 11.5.3.I Export: ignore the benefit, discard the card, a Riverfolk warrior into Payments.
        discard(state, card)
        if state[SUPPLY_WARRIORS + RIVERFOLK] > 0:
            state[SUPPLY_WARRIORS + RIVERFOLK] -= 1
            state[RF_PAYMENTS + RIVERFOLK] += 1
        ret(state)
        return False
    if kind == K_ITEM:
        # Law 4.1.2: take the item into the Crafted Items box, score the card's VP, discard the card.
        item = CARD_ITEM[card]
        if f == HUNDREDS:
            goto(state, PC_HD_CONTEMPT)  # Law 14.2.3 Contempt for Trade: the item, or its VP (engine.factions.hundreds)
            return False
        state[ITEM_SUPPLY + item] -= 1
        if is_vagabond(f):
            gain(state, f, item)  # Law 9.2.1: the Vagabond takes it at once, face up
        else:
            state[CRAFTED_ITEMS + f * NITEM + item] += 1
        vp = CARD_VP[card]
        if f == EYRIE and state[EY_LEADER] != BUILDER:
            vp = 1  # Law 7.2.3 Disdain for Trade (the Builder ignores it, 7.8.1)
        score(state, f, vp, VS_CRAFT)
        if check_victory(state):  # Law 3.1: the win comes before the card is discarded (4.1.2 "then")
            return False
        discard(state, card)
        ret(state)
        return False
    if kind == K_IMMEDIATE:
        # Favor cards: remove all enemy pieces in clearings of the card's suit.
        suit = CARD_SUIT[card]
        discard(state, card)
        for c in range(NC):
            if state[CLEARING_SUITS + c] == suit:
                remove_all_enemies(state, f, c)
        goto(state, PC_FIELD_HOSPITALS)
        return False
    # Law 4.1.3: a persistent effect goes to the crafter's play area.
    leave_hand(state, card)
    state[CARD_LOC + card] = LOC_CRAFTED + f
    state[CARD_KNOWN + card] = ALL_KNOW
    ret(state)
    return False


@njit(cache=True)
def decide(state, d, a):
    s = a - A_OPT - OPT_SUIT
    state[CRAFT_USED + s] += 1
    state[REG + R_ANY_LEFT] -= 1

"""Riverfolk Company (Law 11): setup, prices, Birdsong (Protectionism, Dividends, Gather Funds), Daylight
actions paid with funds, Evening, and the services other players buy at the start of their Birdsong.

Funds are warriors of any faction in the Riverfolk's boxes, counted by owner (RF_FUNDS, RF_PAYMENTS,
RF_COMMITTED). When funds are committed or spent and more than one owner could pay, the Riverfolk choose
whose warrior goes ("funds: whose warrior"). Rules that change what other factions do sit in the shared
mechanism (engine.services says where): rivers in ``movement.can_move`` and ``items.adjacent_clearing``,
mercenaries in ``board.ruler`` and ``battle``, the public hand in ``cards.to_hand``, Trade Disruption in
``board.remove_piece`` and ``interrupts``, crafting on the Trade Posts tracks in ``craft``.
"""
from ..jit import njit

from ...data import (NC, NF, NCARD, RIVERFOLK, NITEM, IS_READY, TT_TRADEPOST, RF_POSTS_PER_SUIT, RF_POST_VP, RF_PRICE_MAX, RF_STARTING_PAYMENTS, RF_PROTECTIONISM,
                     RF_SETUP_WARRIORS, RF_TRADE_POST_COST, HAND_CARD, MERCENARIES)
from ..geometry import on_river
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_FACTION, A_COUNT, A_OPT, OPT_MOVE, OPT_BATTLE, OPT_RECRUIT,
                      OPT_EXPORT, OPT_TRADE_POST, OPT_DRAW, OPT_SERVICE, D_RF_SETUP, D_RF_PRICE, D_RF_SERVICE,
                      D_RF_PAY_ITEM, D_RF_HAND_CARD, D_RF_DAYLIGHT, D_RF_FUND_OWNER, D_RF_RECRUIT_WHERE, D_RF_POST_WHERE,
                      D_RF_EXPORT_CARD)
from ...layout import (CLEARING_SUITS, REG, ACTIVE, PHASE, PH_SETUP, CARD_LOC, LOC_HAND, HAND_N, SUPPLY_WARRIORS, TOKENS, RF_FUNDS,
                       RF_PAYMENTS, RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, RF_SERVICES_LEFT, RF_BOUGHT, VS_TRADE_POSTS,
                       VS_DIVIDENDS, R_CRAFT_CARD, R_BUILD_AT, R_MOVE_SUIT, R_MOVE_OPTIONAL, R_RF_PAY_LEFT,
                       R_RF_PAY_SPEND, R_RF_PAY_OWNER, R_RF_ARG)
from ..board import warriors, has_pieces, may_place, place_warriors, ruler, tokens_on_map
from ..cards import draw, give_card
from ..score import score
from ..items import ready, exhaust, shift_action, pick_item
from ..vagabonds import is_vagabond
from ..craft import can_craft, can_pay_craft, craft_symbols, start_craft
from ..movement import any_move
from ..battle import any_battle, start_battle
from ..card_effects import offer_daylight_options, is_daylight_option, start_daylight_option
from ..services import funds, fund_owners, fund_to_supply, box_total, offer_fund_owners
from ..machine import (PC_RF_SETUP, PC_RF_PRICE, PC_RF_BIRDSONG, PC_RF_DAYLIGHT, PC_RF_ACT, PC_RF_RECRUIT_WHERE,
                       PC_RF_POST_WHERE, PC_RF_EXPORT_CARD, PC_RF_EVENING, PC_RF_PAY, PC_RF_SERVICES_BEGIN,
                       PC_RF_SERVICES, PC_RF_PAY_ITEM, PC_RF_HAND_CARD, PC_SETUP_NEXT_FACTION, PC_BIRD_CARDS_POST,
                       PC_EVENING_START, PC_DISCARD, PC_TURN_END, PC_MOVE_FROM, PC_BBB, offer, allow, wait,
                       wait_with_done, wait_optional, goto, call, ret)

CRAFT_WITH_BENEFIT = -1  # R_RF_ARG while paying for an ordinary craft (the other verbs store their option)


# ------------------------------------------------------------- helpers
@njit(cache=True)
def posts_on_track(state, suit):
    return RF_POSTS_PER_SUIT - tokens_on_map(state, TT_TRADEPOST + suit) - state[RF_POSTS_GONE + suit]


@njit(cache=True)
def trade_post_in(state, c):
    for s in range(3):
        if state[TOKENS + (TT_TRADEPOST + s) * NC + c] > 0:
            return True
    return False


@njit(cache=True)
def can_post_at(state, c):
    """Law 11.5.6: a clearing without a trade post, ruled by a player who has two funds, with a post of its
    suit left on the track (and not the keep's clearing, 6.2.2)."""
    if trade_post_in(state, c) or posts_on_track(state, state[CLEARING_SUITS + c]) == 0 or not may_place(state, RIVERFOLK, c):
        return False
    g = ruler(state, c)
    return g >= 0 and state[RF_FUNDS + g] >= RF_TRADE_POST_COST


@njit(cache=True)
def can_recruit_at(state, c):
    """Law 11.5.5: any clearing with a river."""
    return on_river(state, c) and may_place(state, RIVERFOLK, c)


@njit(cache=True)
def any_clearing(state, test):
    for c in range(NC):
        if (can_post_at(state, c) if test == OPT_TRADE_POST else can_recruit_at(state, c)):
            return True
    return False


@njit(cache=True)
def any_exportable(state):
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + RIVERFOLK and can_pay_craft(state, RIVERFOLK, card):
            return True
    return False


@njit(cache=True)
def pay_funds(state, n, spend, owner, then_pc):
    """Commit (or spend) n funds, of `owner` only when owner >= 0, then continue at then_pc (11.5)."""
    state[REG + R_RF_PAY_LEFT] = n
    state[REG + R_RF_PAY_SPEND] = spend
    state[REG + R_RF_PAY_OWNER] = owner
    call(state, PC_RF_PAY, then_pc)


@njit(cache=True)
def pay_one(state, g):
    """One fund of g's: committed (to the Committed box or a track space, 11.5) or spent (to g's supply)."""
    if state[REG + R_RF_PAY_SPEND] != 0:
        fund_to_supply(state, g)
    else:
        state[RF_FUNDS + g] -= 1
        state[RF_COMMITTED + g] += 1
    state[REG + R_RF_PAY_LEFT] -= 1


@njit(cache=True)
def services_number(state, f):
    """Law 11.2.6.II: one service, plus one per clearing with a trade post where the buyer has pieces."""
    n = 1
    for c in range(NC):
        if trade_post_in(state, c) and has_pieces(state, f, c):
            n += 1
    return n


@njit(cache=True)
def ready_items(state, v):
    n = 0
    for i in range(NITEM):
        n += ready(state, v, i)
    return n


@njit(cache=True)
def can_afford(state, f, price):
    """Law 11.2.6.I: warriors from the buyer's supply; 11.2.6.III: the Vagabond exhausts items instead."""
    if is_vagabond(f):
        return ready_items(state, f) >= price
    return state[SUPPLY_WARRIORS + f] >= price


@njit(cache=True)
def service_open(state, f, k):
    """Service k may be bought by f now (11.2.7): Hand Card while the hand has cards (any number of times),
    Riverboats and Mercenaries once a turn, never Mercenaries by the Vagabond (11.2.7.III.b)."""
    if not can_afford(state, f, state[RF_PRICES + k]):
        return False
    if k == HAND_CARD:
        return state[HAND_N + RIVERFOLK] > 0
    if state[RF_BOUGHT + k] > 0:
        return False
    return k != MERCENARIES or not is_vagabond(f)


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    if pc == PC_RF_SETUP:
        # Law 11.3.2: four warriors, one at a time, in clearings on the river.
        placed = 0
        for c in range(NC):
            placed += warriors(state, RIVERFOLK, c)
        if placed < RF_SETUP_WARRIORS:
            offer(state)
            for c in range(NC):
                if can_recruit_at(state, c):
                    allow(state, A_CLEARING + c)
            wait(state, D_RF_SETUP, RIVERFOLK)
            return True
        # Law 11.3.3-11.3.4: the posts start on their tracks; three warriors into Payments.
        state[SUPPLY_WARRIORS + RIVERFOLK] -= RF_STARTING_PAYMENTS
        state[RF_PAYMENTS + RIVERFOLK] += RF_STARTING_PAYMENTS
        state[REG + R_RF_ARG] = 0
        goto(state, PC_RF_PRICE)
        return False
    if pc == PC_RF_PRICE:
        # Law 11.3.5 / 11.6.2: a price 1..4 for service R_RF_ARG.
        offer(state)
        for p in range(1, RF_PRICE_MAX + 1):
            allow(state, A_COUNT + p - 1)
        wait(state, D_RF_PRICE, RIVERFOLK)
        return True
    if pc == PC_RF_BIRDSONG:
        # Law 11.4.1 Protectionism.
        if box_total(state, RF_PAYMENTS) == 0:
            k = min(RF_PROTECTIONISM, state[SUPPLY_WARRIORS + RIVERFOLK])
            state[SUPPLY_WARRIORS + RIVERFOLK] -= k
            state[RF_PAYMENTS + RIVERFOLK] += k
        # Law 11.4.2 Dividends: one VP per two funds while a trade post is on the map.
        posts = 0
        for s in range(3):
            posts += tokens_on_map(state, TT_TRADEPOST + s)
        if posts > 0:
            score(state, RIVERFOLK, funds(state) // 2, VS_DIVIDENDS)
        # Law 11.4.3 Gather Funds: every warrior on the faction board goes to the Funds box.
        for g in range(NF):
            state[RF_FUNDS + g] += state[RF_PAYMENTS + g] + state[RF_COMMITTED + g]
            state[RF_PAYMENTS + g] = 0
            state[RF_COMMITTED + g] = 0
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_RF_DAYLIGHT:
        # Law 11.5: commit and spend funds to act, in any order and number.
        n = funds(state)
        offer(state)
        if n >= 1:
            if any_move(state, RIVERFOLK, -1):
                allow(state, A_OPT + OPT_MOVE)
            if any_battle(state, RIVERFOLK, -1):
                allow(state, A_OPT + OPT_BATTLE)
            allow(state, A_OPT + OPT_DRAW)
            if state[SUPPLY_WARRIORS + RIVERFOLK] > 0 and any_clearing(state, OPT_RECRUIT):
                allow(state, A_OPT + OPT_RECRUIT)
            if any_exportable(state):
                allow(state, A_OPT + OPT_EXPORT)
            for card in range(NCARD):
                if state[CARD_LOC + card] == LOC_HAND + RIVERFOLK and can_craft(state, RIVERFOLK, card):
                    allow(state, A_CARD + card)
        if n >= RF_TRADE_POST_COST and any_clearing(state, OPT_TRADE_POST):
            allow(state, A_OPT + OPT_TRADE_POST)
        offer_daylight_options(state, RIVERFOLK)
        return wait_with_done(state, D_RF_DAYLIGHT, RIVERFOLK)
    if pc == PC_RF_ACT:
        # The funds are paid: take the action they paid for.
        verb = state[REG + R_RF_ARG]
        if verb == CRAFT_WITH_BENEFIT or verb == OPT_EXPORT:
            start_craft(state, state[REG + R_CRAFT_CARD], PC_RF_DAYLIGHT)  # 11.5.3 (craft.py resolves Export)
        elif verb == OPT_MOVE:
            state[REG + R_MOVE_SUIT] = -1
            state[REG + R_MOVE_OPTIONAL] = 0
            call(state, PC_MOVE_FROM, PC_RF_DAYLIGHT)  # Law 11.5.1
        elif verb == OPT_BATTLE:
            start_battle(state, -1, 0, PC_RF_DAYLIGHT)  # Law 11.5.2
        elif verb == OPT_RECRUIT:
            goto(state, PC_RF_RECRUIT_WHERE)  # Law 11.5.5
        elif verb == OPT_TRADE_POST:
            # Law 11.5.6.III: the matching post and a warrior; score the space revealed (2 VP on every space).
            c = state[REG + R_BUILD_AT]
            state[TOKENS + (TT_TRADEPOST + state[CLEARING_SUITS + c]) * NC + c] += 1
            place_warriors(state, RIVERFOLK, c, 1)
            score(state, RIVERFOLK, RF_POST_VP, VS_TRADE_POSTS)
            goto(state, PC_RF_DAYLIGHT)
        else:
            if verb == OPT_DRAW:
                draw(state, RIVERFOLK, 1)  # Law 11.5.4
            goto(state, PC_RF_DAYLIGHT)
        return False
    if pc == PC_RF_RECRUIT_WHERE or pc == PC_RF_POST_WHERE:
        post = pc == PC_RF_POST_WHERE
        offer(state)
        for c in range(NC):
            if (can_post_at(state, c) if post else can_recruit_at(state, c)):
                allow(state, A_CLEARING + c)
        wait(state, D_RF_POST_WHERE if post else D_RF_RECRUIT_WHERE, RIVERFOLK)
        return True
    if pc == PC_RF_EXPORT_CARD:
        offer(state)
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_HAND + RIVERFOLK and can_pay_craft(state, RIVERFOLK, card):
                allow(state, A_CARD + card)
        wait(state, D_RF_EXPORT_CARD, RIVERFOLK)
        return True
    if pc == PC_RF_EVENING:
        # Law 11.6.1 discard down to five, then 11.6.2 set the three prices (turn.AFTER_DISCARD_PC).
        state[REG + R_RF_ARG] = 0
        goto(state, PC_DISCARD)
        return False
    if pc == PC_RF_PAY:
        # Whose warriors pay: asked only when it can differ.
        owner = state[REG + R_RF_PAY_OWNER]
        while state[REG + R_RF_PAY_LEFT] > 0:
            k, last = fund_owners(state, owner)
            if k == 0:
                state[REG + R_RF_PAY_LEFT] = 0
                break
            if k == 1 or (owner < 0 and funds(state) <= state[REG + R_RF_PAY_LEFT]):
                pay_one(state, last)
                continue
            offer_fund_owners(state, D_RF_FUND_OWNER)
            return True
        ret(state)
        return False
    if pc == PC_RF_SERVICES_BEGIN:
        state[RF_SERVICES_LEFT] = services_number(state, f)
        goto(state, PC_RF_SERVICES)
        return False
    if pc == PC_RF_SERVICES:
        # Law 11.2.6: the player whose Birdsong starts may buy services, each at its price.
        if state[RF_SERVICES_LEFT] > 0:
            offer(state)
            for k in range(3):
                if service_open(state, f, k):
                    allow(state, A_OPT + OPT_SERVICE + k)
            if wait_optional(state, D_RF_SERVICE, f):
                return True
        state[RF_SERVICES_LEFT] = 0
        goto(state, PC_BBB)
        return False
    if pc == PC_RF_PAY_ITEM:
        # Law 11.2.6.III: the Vagabond exhausts an item per point of the price; the Riverfolk place one of
        # their warriors in Payments for each.
        while state[REG + R_RF_PAY_LEFT] > 0:
            r = ready_items(state, f)
            if r == 0:
                state[REG + R_RF_PAY_LEFT] = 0
                break
            if r <= state[REG + R_RF_PAY_LEFT]:
                for i in range(NITEM):  # every ready item goes: no choice to make
                    for _ in range(ready(state, f, i)):
                        exhaust(state, f, i, 1)
                        item_paid(state)
                continue
            if pick_item(state, f, IS_READY, IS_READY, 1, D_RF_PAY_ITEM) < 0:
                return True
            item_paid(state)
        goto(state, PC_RF_HAND_CARD if state[REG + R_RF_ARG] == HAND_CARD else PC_RF_SERVICES)
        return False
    # PC_RF_HAND_CARD, Law 11.2.7.I: any card of the Riverfolk's (public) hand.
    offer(state)
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + RIVERFOLK:
            allow(state, A_CARD + card)
    wait(state, D_RF_HAND_CARD, f)
    return True


@njit(cache=True)
def item_paid(state):
    state[REG + R_RF_PAY_LEFT] -= 1
    if state[SUPPLY_WARRIORS + RIVERFOLK] > 0:
        state[SUPPLY_WARRIORS + RIVERFOLK] -= 1
        state[RF_PAYMENTS + RIVERFOLK] += 1


@njit(cache=True)
def decide(state, d, a):
    f = state[ACTIVE]
    if d == D_RF_SETUP:
        place_warriors(state, RIVERFOLK, a - A_CLEARING, 1)
    elif d == D_RF_PRICE:
        k = state[REG + R_RF_ARG]
        state[RF_PRICES + k] = a - A_COUNT + 1
        state[REG + R_RF_ARG] = k + 1
        if k + 1 == 3:
            goto(state, PC_SETUP_NEXT_FACTION if state[PHASE] == PH_SETUP else PC_TURN_END)
    elif d == D_RF_DAYLIGHT:
        if a == A_DONE:
            goto(state, PC_EVENING_START)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        elif a < A_OPT:
            card = a - A_CARD
            state[REG + R_CRAFT_CARD] = card
            state[REG + R_RF_ARG] = CRAFT_WITH_BENEFIT
            pay_funds(state, craft_symbols(card), 0, -1, PC_RF_ACT)  # Law 11.5.3: one fund per symbol
        else:
            verb = a - A_OPT
            state[REG + R_RF_ARG] = verb
            if verb == OPT_EXPORT:
                goto(state, PC_RF_EXPORT_CARD)
            elif verb == OPT_TRADE_POST:
                goto(state, PC_RF_POST_WHERE)
            else:
                pay_funds(state, 1, 1 if verb == OPT_RECRUIT else 0, -1, PC_RF_ACT)  # recruit spends (11.5.5)
    elif d == D_RF_EXPORT_CARD:
        card = a - A_CARD
        state[REG + R_CRAFT_CARD] = card
        pay_funds(state, craft_symbols(card), 0, -1, PC_RF_ACT)
    elif d == D_RF_POST_WHERE:
        # Law 11.5.6.II: spend two funds of the player who rules the chosen clearing.
        c = a - A_CLEARING
        state[REG + R_BUILD_AT] = c
        pay_funds(state, RF_TRADE_POST_COST, 1, ruler(state, c), PC_RF_ACT)
    elif d == D_RF_RECRUIT_WHERE:
        place_warriors(state, RIVERFOLK, a - A_CLEARING, 1)
        goto(state, PC_RF_DAYLIGHT)
    elif d == D_RF_FUND_OWNER:
        pay_one(state, a - A_FACTION)
    elif d == D_RF_SERVICE:
        if a == A_DONE:
            state[RF_SERVICES_LEFT] = 0
            goto(state, PC_BBB)
            return
        k = a - A_OPT - OPT_SERVICE
        price = state[RF_PRICES + k]
        state[RF_SERVICES_LEFT] -= 1
        state[RF_BOUGHT + k] += 1
        state[REG + R_RF_ARG] = k
        if is_vagabond(f):
            state[REG + R_RF_PAY_LEFT] = price
            goto(state, PC_RF_PAY_ITEM)
            return
        state[SUPPLY_WARRIORS + f] -= price  # Law 11.2.6.I: into the Payments box
        state[RF_PAYMENTS + f] += price
        if k == HAND_CARD:
            goto(state, PC_RF_HAND_CARD)
    elif d == D_RF_PAY_ITEM:
        shift_action(state, f, a, 1)
        item_paid(state)
    else:  # D_RF_HAND_CARD
        give_card(state, a - A_CARD, f)
        goto(state, PC_RF_SERVICES)

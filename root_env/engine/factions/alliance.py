"""Woodland Alliance (Law 8, with seed 002's revisions): setup, Revolt and Spread Sympathy,
craft / mobilize / train, military operations led by officers, and income.

Supporters (8.2.3-8.2.4) live in engine.supporters; Outrage (8.2.6) in engine.interrupts;
Guerrilla War (8.2.2) in engine.battle.
"""
from ..jit import njit

from ...data import (NC, NCARD, ALLIANCE, BT_BASE, TT_SYMPATHY,
                     AL_SYMPATHY_COST, AL_SYMPATHY_VP)
from ..geometry import adjacent, slots
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_OPT, OPT_MOVE, OPT_BATTLE, OPT_RECRUIT, OPT_ORGANIZE,
                      OPT_MOBILIZE, OPT_TRAIN, D_AL_REVOLT, D_AL_SPREAD, D_AL_SPEND, D_AL_DAYLIGHT, D_AL_MOBILIZE,
                      D_AL_TRAIN, D_AL_OPS, D_AL_RECRUIT, D_AL_ORGANIZE)
from ...layout import (CLEARING_SUITS, REG, CARD_LOC, LOC_HAND, LOC_SUPPORTERS, HAND_N, TOKENS, BUILDINGS, RUINS, SUPPLY_WARRIORS,
                       AL_OFFICERS, AL_OPS, NSEATS, SEAT_FACTION, VS_SYMPATHY, R_SPEND_SUIT, R_SPEND_LEFT,
                       R_SPEND_THEN, R_AL_TARGET, R_MOVE_SUIT, R_MOVE_OPTIONAL)
from ..board import (warriors, place_warriors, remove_warriors, place_building, place_token, may_place,
                     may_place_once_enemies_removed,
                     token_supply, tokens_on_map, remove_all_enemies)
from ..cards import draw, discard, matches, take_from_deck
from ..supporters import add_supporter, matching_supporters, bases_on_map, base_on_map
from ..score import score, check_victory
from ..craft import offer_craftable, start_craft
from ..movement import any_move
from ..battle import any_battle, start_battle
from ..card_effects import offer_daylight_options, is_daylight_option, start_daylight_option
from ..exposure import offer_exposure, is_exposure, start_exposure
from ..machine import (PC_AL_SETUP, PC_AL_REVOLT, PC_AL_REVOLT_DO, PC_AL_SPREAD, PC_AL_SPREAD_DO, PC_AL_SPEND,
                       PC_AL_DAYLIGHT, PC_AL_MOBILIZE, PC_AL_TRAIN, PC_AL_EVENING, PC_AL_OPS, PC_AL_RECRUIT,
                       PC_AL_ORGANIZE, PC_AL_DRAW, PC_SETUP_NEXT_FACTION, PC_BIRD_CARDS_POST, PC_EVENING_START,
                       PC_DISCARD, PC_MOVE_FROM, PC_FIELD_HOSPITALS, offer, allow, wait, wait_with_done, wait_optional,
                       goto, call)

SETUP_SUPPORTERS = 3  # Law 8.3.4
REVOLT_COST = 2       # Law 8.4.1.II


# ------------------------------------------------------------- helpers
@njit(cache=True)
def sympathetic(state, c):
    return state[TOKENS + TT_SYMPATHY * NC + c] > 0


@njit(cache=True)
def sympathy_on_map(state):
    return tokens_on_map(state, TT_SYMPATHY)


@njit(cache=True)
def place_sympathy(state, c):
    """Place a sympathy token and score the space it uncovers (8.4.2.III, 8.6.1.IV)."""
    k = sympathy_on_map(state)
    place_token(state, TT_SYMPATHY, c)
    score(state, ALLIANCE, AL_SYMPATHY_VP[k], VS_SYMPATHY)


@njit(cache=True)
def martial_law(state, c):
    """Law 8.4.2.II.a: another player has at least three warriors in the clearing (the Vagabond's
    pawn is no warrior, and his Allies' warriors stay theirs)."""
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != ALLIANCE and warriors(state, g, c) >= 3:
            return True
    return False


@njit(cache=True)
def spread_cost(state, c):
    k = sympathy_on_map(state)
    return AL_SYMPATHY_COST[k] + (1 if martial_law(state, c) else 0)


@njit(cache=True)
def sympathy_placeable(state, c):
    """A sympathy token may go here: none there yet (8.2.5.I), tokens left, not the keep (6.2.2)."""
    return (not sympathetic(state, c)) and token_supply(state, TT_SYMPATHY) > 0 and may_place(state, ALLIANCE, c)


@njit(cache=True)
def can_spread_at(state, c):
    """Law 8.4.2.I: an unsympathetic clearing adjacent to a sympathetic one (any, if none is)."""
    if not sympathy_placeable(state, c):
        return False
    if sympathy_on_map(state) > 0:
        near = False
        for b in range(NC):
            if adjacent(state, c, b) and sympathetic(state, b):
                near = True
                break
        if not near:
            return False
    return matching_supporters(state, state[CLEARING_SUITS + c]) >= spread_cost(state, c)


@njit(cache=True)
def can_revolt_at(state, c):
    """Law 8.4.1.I: a sympathetic clearing matching a base still on the faction board, two matching
    supporters, and room for the base once the enemy pieces are gone (8.4.1.III removes them first: a face-up
    snare there goes with them, 13.7.2)."""
    suit = state[CLEARING_SUITS + c]
    return (sympathetic(state, c) and not base_on_map(state, suit) and slots(state, c) - state[RUINS + c] > 0
            and matching_supporters(state, suit) >= REVOLT_COST and may_place_once_enemies_removed(state, ALLIANCE, c))


@njit(cache=True)
def start_spend(state, suit, n, then_pc):
    state[REG + R_SPEND_SUIT] = suit
    state[REG + R_SPEND_LEFT] = n
    state[REG + R_SPEND_THEN] = then_pc
    goto(state, PC_AL_SPEND)


@njit(cache=True)
def can_train_with(state, card):
    """Law 8.5.3 (seed 002): a card matching the printed suit of a base on the map."""
    for s in range(3):
        if base_on_map(state, s) and matches(card, s):
            return True
    return False


@njit(cache=True)
def can_organize_at(state, c):
    return warriors(state, ALLIANCE, c) > 0 and sympathy_placeable(state, c)


@njit(cache=True)
def base_clearing_ok(state, c):
    """Law 8.6.1.III: a clearing with a base, where warriors may be placed (13.7.2 snares)."""
    if not may_place(state, ALLIANCE, c):
        return False
    for s in range(3):
        if state[BUILDINGS + (BT_BASE + s) * NC + c] > 0:
            return True
    return False


@njit(cache=True)
def op_possible(state, op):
    f = ALLIANCE
    if op == OPT_MOVE:
        return any_move(state, f, -1)
    if op == OPT_BATTLE:
        return any_battle(state, f, -1)
    recruit = op == OPT_RECRUIT
    if recruit and state[SUPPLY_WARRIORS + f] == 0:
        return False
    for c in range(NC):
        if (base_clearing_ok(state, c) if recruit else can_organize_at(state, c)):
            return True
    return False


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    f = ALLIANCE
    if pc == PC_AL_SETUP:
        setup(state)
        goto(state, PC_SETUP_NEXT_FACTION)
        return False
    if pc == PC_AL_REVOLT:
        # Law 8.4.1: revolt any number of times, then spread sympathy.
        offer(state)
        for c in range(NC):
            if can_revolt_at(state, c):
                allow(state, A_CLEARING + c)
        if wait_optional(state, D_AL_REVOLT, f):
            return True
        goto(state, PC_AL_SPREAD)
        return False
    if pc == PC_AL_REVOLT_DO:
        # Law 8.4.1.III: remove all enemy pieces, place the base, warriors per matching sympathetic
        # clearing, and one officer.
        c = state[REG + R_AL_TARGET]
        suit = state[CLEARING_SUITS + c]
        remove_all_enemies(state, f, c)
        if check_victory(state):  # Law 3.1: 30 VP from the removed buildings and tokens ends it now
            return False
        place_building(state, BT_BASE + suit, c)
        n = 0
        for b in range(NC):
            if state[CLEARING_SUITS + b] == suit and sympathetic(state, b):
                n += 1
        place_warriors(state, f, c, n)
        if state[SUPPLY_WARRIORS + f] > 0:
            state[SUPPLY_WARRIORS + f] -= 1
            state[AL_OFFICERS] += 1
        call(state, PC_FIELD_HOSPITALS, PC_AL_REVOLT)
        return False
    if pc == PC_AL_SPREAD:
        # Law 8.4.2: spread sympathy any number of times.
        offer(state)
        for c in range(NC):
            if can_spread_at(state, c):
                allow(state, A_CLEARING + c)
        if wait_optional(state, D_AL_SPREAD, f):
            return True
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_AL_SPREAD_DO:
        place_sympathy(state, state[REG + R_AL_TARGET])
        goto(state, PC_AL_SPREAD)
        return False
    if pc == PC_AL_SPEND:
        # Spend supporters of a suit (8.2.3); the Alliance picks which when it has more than needed.
        left = state[REG + R_SPEND_LEFT]
        suit = state[REG + R_SPEND_SUIT]
        if left > 0 and matching_supporters(state, suit) > left:
            offer(state)
            for card in range(NCARD):
                if state[CARD_LOC + card] == LOC_SUPPORTERS and matches(card, suit):
                    allow(state, A_CARD + card)
            wait(state, D_AL_SPEND, f)
            return True
        for card in range(NCARD):
            if left > 0 and state[CARD_LOC + card] == LOC_SUPPORTERS and matches(card, suit):
                discard(state, card)
                left -= 1
        state[REG + R_SPEND_LEFT] = 0
        goto(state, state[REG + R_SPEND_THEN])
        return False
    if pc == PC_AL_DAYLIGHT:
        # Law 8.5: craft, mobilize, train in any order and number.
        offer(state)
        offer_craftable(state, f)
        if state[HAND_N + f] > 0:
            allow(state, A_OPT + OPT_MOBILIZE)
            if state[SUPPLY_WARRIORS + f] > 0:
                for card in range(NCARD):
                    if state[CARD_LOC + card] == LOC_HAND + f and can_train_with(state, card):
                        allow(state, A_OPT + OPT_TRAIN)
                        break
        offer_daylight_options(state, f)
        return wait_with_done(state, D_AL_DAYLIGHT, f)
    if pc == PC_AL_MOBILIZE or pc == PC_AL_TRAIN:
        offer(state)
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_HAND + f and (pc == PC_AL_MOBILIZE or can_train_with(state, card)):
                allow(state, A_CARD + card)
        wait(state, D_AL_MOBILIZE if pc == PC_AL_MOBILIZE else D_AL_TRAIN, f)
        return True
    if pc == PC_AL_EVENING:
        state[AL_OPS] = 0
        goto(state, PC_AL_OPS)
        return False
    if pc == PC_AL_OPS:
        # Law 8.6.1: move, battle, recruit, organize, up to one per officer.
        offer(state)
        if state[AL_OPS] < state[AL_OFFICERS]:
            for op in (OPT_MOVE, OPT_BATTLE, OPT_RECRUIT, OPT_ORGANIZE):
                if op_possible(state, op):
                    allow(state, A_OPT + op)
        offer_exposure(state, f)  # Law 13.2.4: before, between and after the operations, before the draw (8.6.2)
        if wait_optional(state, D_AL_OPS, f):
            return True
        goto(state, PC_AL_DRAW)
        return False
    if pc == PC_AL_RECRUIT or pc == PC_AL_ORGANIZE:
        offer(state)
        for c in range(NC):
            if (base_clearing_ok(state, c) if pc == PC_AL_RECRUIT else can_organize_at(state, c)):
                allow(state, A_CLEARING + c)
        wait(state, D_AL_RECRUIT if pc == PC_AL_RECRUIT else D_AL_ORGANIZE, f)
        return True
    # PC_AL_DRAW, Law 8.6.2: one card plus one per uncovered draw bonus (one per base on the map).
    draw(state, f, 1 + bases_on_map(state))
    goto(state, PC_DISCARD)
    return False


@njit(cache=True)
def setup(state):
    """Law 8.3: bases and sympathy start off the map; draw three supporters."""
    for _ in range(SETUP_SUPPORTERS):
        card = take_from_deck(state)
        if card >= 0:
            add_supporter(state, card, 0)


@njit(cache=True)
def decide(state, d, a):
    f = ALLIANCE
    if d == D_AL_REVOLT:
        if a == A_DONE:
            goto(state, PC_AL_SPREAD)
        else:
            c = a - A_CLEARING
            state[REG + R_AL_TARGET] = c
            start_spend(state, state[CLEARING_SUITS + c], REVOLT_COST, PC_AL_REVOLT_DO)
    elif d == D_AL_SPREAD:
        if a == A_DONE:
            goto(state, PC_BIRD_CARDS_POST)
        else:
            c = a - A_CLEARING
            state[REG + R_AL_TARGET] = c
            start_spend(state, state[CLEARING_SUITS + c], spread_cost(state, c), PC_AL_SPREAD_DO)
    elif d == D_AL_SPEND:
        discard(state, a - A_CARD)
        state[REG + R_SPEND_LEFT] -= 1
    elif d == D_AL_DAYLIGHT:
        if a == A_DONE:
            goto(state, PC_EVENING_START)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        elif a == A_OPT + OPT_MOBILIZE:
            goto(state, PC_AL_MOBILIZE)
        elif a == A_OPT + OPT_TRAIN:
            goto(state, PC_AL_TRAIN)
        else:
            start_craft(state, a - A_CARD, PC_AL_DAYLIGHT)
    elif d == D_AL_MOBILIZE:
        add_supporter(state, a - A_CARD, 0)  # Law 8.5.2
        goto(state, PC_AL_DAYLIGHT)
    elif d == D_AL_TRAIN:
        discard(state, a - A_CARD)  # Law 8.5.3: a warrior from supply becomes an officer
        state[SUPPLY_WARRIORS + f] -= 1
        state[AL_OFFICERS] += 1
        goto(state, PC_AL_DAYLIGHT)
    elif d == D_AL_OPS:
        if a == A_DONE:
            goto(state, PC_AL_DRAW)
            return
        if is_exposure(a):
            start_exposure(state)  # not an operation
            return
        state[AL_OPS] += 1
        op = a - A_OPT
        if op == OPT_MOVE:
            state[REG + R_MOVE_SUIT] = -1
            state[REG + R_MOVE_OPTIONAL] = 0
            call(state, PC_MOVE_FROM, PC_AL_OPS)
        elif op == OPT_BATTLE:
            start_battle(state, -1, 0, PC_AL_OPS)
        elif op == OPT_RECRUIT:
            goto(state, PC_AL_RECRUIT)
        else:
            goto(state, PC_AL_ORGANIZE)
    elif d == D_AL_RECRUIT:
        place_warriors(state, f, a - A_CLEARING, 1)  # Law 8.6.1.III
        goto(state, PC_AL_OPS)
    else:  # D_AL_ORGANIZE, Law 8.6.1.IV
        c = a - A_CLEARING
        remove_warriors(state, f, c, 1)
        place_sympathy(state, c)
        goto(state, PC_AL_OPS)

"""Eyrie Dynasties (Law 7, with seed 002's 7.8.3-7.8.4): setup and leaders, the Decree, turmoil,
A New Roost, Emergency Orders, roost scoring and draw."""
from ..jit import njit

from ...data import (NC, NCARD, CARD_SUIT, BIRD, EYRIE, MARQUISE,
                     BT_ROOST, LEADER_VIZIERS, CHARISMATIC, EY_ROOST_VP, EY_ROOST_DRAW_BONUS)
from ..geometry import N_CORNERS, corner, opposite_corner
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_OPT, OPT_COLUMN, OPT_LEADER, OPT_VIZIER, D_SETUP_EYRIE_CORNER,
                      D_CHOOSE_LEADER, D_DECREE_CARD, D_DECREE_COL, D_NEW_ROOST, D_EY_CRAFT, D_EY_DECREE,
                      D_RECRUIT_WHERE, D_ROOST_WHERE)
from ...layout import (CLEARING_SUITS, REG, LEGAL_N, FACTION_SEAT, CARD_LOC, CARD_FLAG, CARD_KNOWN, HAND_N, LOC_HAND, LOC_DECREE, BUILDINGS,
                       SUPPLY_WARRIORS, EY_LEADER, EY_LEADER_STATE, EY_VIZIER_COL, EY_VIZIER_DONE, EY_ADDED,
                       EY_ADDED_BIRD, VS_ROOSTS, R_DECREE_CARD, R_DECREE_ACTION, R_DECREE_COL, R_MOVE_SUIT, R_MOVE_OPTIONAL)
from ..homelands import advanced, card_homelands, set_homeland
from ..board import (place_warriors, place_building, open_slots, rules, may_place, keep_clearing, buildings_on_map,
                     building_supply, total_warriors_in)
from ..cards import draw, discard, leave_hand, ALL_KNOW
from ..score import score, lose_vp, check_victory
from ..craft import offer_craftable, start_craft
from ..movement import any_move
from ..battle import any_battle, start_battle
from ..card_effects import (offer_daylight_options, is_daylight_option, start_daylight_option,
                            daylight_options_or_evening)
from ..machine import (PC_EY_SETUP_CORNER, PC_CHOOSE_LEADER, PC_EY_EMERGENCY, PC_EY_ADD, PC_EY_ADD_COL, PC_EY_NEW_ROOST,
                       PC_EY_CRAFT, PC_EY_DECREE, PC_EY_RECRUIT, PC_EY_BUILD, PC_EY_TURMOIL, PC_SETUP_NEXT_FACTION,
                       PC_BIRD_CARDS_POST, PC_EVENING_START, PC_DISCARD, PC_MOVE_FROM, offer, allow, allow_clearings, wait,
                       wait_with_done, goto, call, ret)

COL_RECRUIT, COL_MOVE, COL_BATTLE, COL_BUILD = 0, 1, 2, 3


# ------------------------------------------------------------- helpers
@njit(cache=True)
def place_roost_and_warriors(state, c, n):
    place_building(state, BT_ROOST, c)
    place_warriors(state, EYRIE, c, n)


@njit(cache=True)
def suit_ok(state, suit, c):
    """A Decree card's action must be in a clearing matching its suit; birds match any."""
    return suit == BIRD or state[CLEARING_SUITS + c] == suit


@njit(cache=True)
def recruit_count(state):
    return 2 if state[EY_LEADER] == CHARISMATIC else 1  # Law 7.8.2 Charismatic


@njit(cache=True)
def can_recruit_at(state, suit, c):
    return (state[BUILDINGS + BT_ROOST * NC + c] > 0 and suit_ok(state, suit, c) and may_place(state, EYRIE, c))


@njit(cache=True)
def can_build_roost_at(state, suit, c):
    """Law 7.5.2.IV: a clearing you rule, matching, with an open slot and no roost."""
    return (suit_ok(state, suit, c) and state[BUILDINGS + BT_ROOST * NC + c] == 0 and open_slots(state, c) > 0
            and rules(state, EYRIE, c) and may_place(state, EYRIE, c))


@njit(cache=True)
def decree_action_possible(state, col, suit):
    """Whether the Decree action can be fully taken; if not, the Eyrie fall into turmoil (7.5.2)."""
    s = -1 if suit == BIRD else suit
    if col == COL_RECRUIT:
        if state[SUPPLY_WARRIORS + EYRIE] < recruit_count(state):
            return False
        for c in range(NC):
            if can_recruit_at(state, suit, c):
                return True
        return False
    if col == COL_MOVE:
        return any_move(state, EYRIE, s)
    if col == COL_BATTLE:
        return any_battle(state, EYRIE, s)
    if building_supply(state, BT_ROOST) == 0:
        return False
    for c in range(NC):
        if can_build_roost_at(state, suit, c):
            return True
    return False


@njit(cache=True)
def current_column(state):
    """Law 7.5.2: the leftmost column with cards still to resolve, or 4 when all are done."""
    for col in range(4):
        for v in range(2):
            if state[EY_VIZIER_COL + v] == col and state[EY_VIZIER_DONE + v] == 0:
                return col
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_DECREE + col and state[CARD_FLAG + card] == 0:
                return col
    return 4


@njit(cache=True)
def set_leader(state, leader):
    """Law 7.3.3-7.3.4: the leader goes on the board; Loyal Viziers go to its columns."""
    state[EY_LEADER] = leader
    state[EY_LEADER_STATE + leader] = 1
    state[EY_VIZIER_COL] = LEADER_VIZIERS[leader, 0]
    state[EY_VIZIER_COL + 1] = LEADER_VIZIERS[leader, 1]


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    f = EYRIE
    if pc == PC_EY_SETUP_CORNER:
        # Law 7.3.2: opposite the keep; without the Marquise, the corner of your choice. Advanced Setup (the Eyrie's
        # setup card): a map-edge homeland with 2+ clearings between it and enemy homelands if able (A.8.2).
        keep = keep_clearing(state)
        if state[FACTION_SEAT + MARQUISE] >= 0 and keep >= 0 and not advanced(state):
            set_homeland(state, f, opposite_corner(state, keep))  # A.8.2: the starting roost's corner
            place_roost_and_warriors(state, opposite_corner(state, keep), 6)
            call(state, PC_CHOOSE_LEADER, PC_SETUP_NEXT_FACTION)
            return False
        offer(state)
        if advanced(state):
            allow_clearings(state, card_homelands(state, f, True, True))
        else:
            for i in range(N_CORNERS):
                allow(state, A_CLEARING + corner(state, i))
        wait(state, D_SETUP_EYRIE_CORNER, f)
        return True
    if pc == PC_CHOOSE_LEADER:
        offer(state)
        for l in range(4):
            if state[EY_LEADER_STATE + l] == 0:
                allow(state, A_OPT + OPT_LEADER + l)
        wait(state, D_CHOOSE_LEADER, f)
        return True
    if pc == PC_EY_EMERGENCY:
        # Law 7.4.1 Emergency Orders.
        if state[HAND_N + f] == 0:
            draw(state, f, 1)
        state[EY_ADDED] = 0
        state[EY_ADDED_BIRD] = 0
        goto(state, PC_EY_ADD)
        return False
    if pc == PC_EY_ADD:
        # Law 7.4.2: add one or two cards to the Decree, at most one of them a bird.
        if state[EY_ADDED] < 2:
            offer(state)
            for card in range(NCARD):
                if state[CARD_LOC + card] == LOC_HAND + f and (state[EY_ADDED_BIRD] == 0 or CARD_SUIT[card] != BIRD):
                    allow(state, A_CARD + card)
            if state[EY_ADDED] == 1 and state[LEGAL_N] > 0:
                allow(state, A_DONE)
            if wait(state, D_DECREE_CARD, f):
                return True
        goto(state, PC_EY_NEW_ROOST)
        return False
    if pc == PC_EY_ADD_COL:
        offer(state)
        for col in range(4):
            allow(state, A_OPT + OPT_COLUMN + col)
        wait(state, D_DECREE_COL, f)
        return True
    if pc == PC_EY_NEW_ROOST:
        # Law 7.4.3 A New Roost: with no roost on the map, a roost and three warriors in a clearing
        # with the fewest warriors where they can be placed (open slot, not the keep's); with fewer
        # than three in supply, those left (2.5: the maximum possible).
        goto(state, PC_BIRD_CARDS_POST)
        if buildings_on_map(state, BT_ROOST) > 0:
            return False
        best = 1 << 30
        for c in range(NC):
            if open_slots(state, c) > 0 and may_place(state, f, c):
                w = total_warriors_in(state, c)
                if w < best:
                    best = w
        offer(state)
        for c in range(NC):
            if open_slots(state, c) > 0 and may_place(state, f, c) and total_warriors_in(state, c) == best:
                allow(state, A_CLEARING + c)
        return wait(state, D_NEW_ROOST, f)
    if pc == PC_EY_CRAFT:
        # Law 7.5.1: craft with roosts before resolving the Decree.
        offer(state)
        offer_craftable(state, f)
        offer_daylight_options(state, f)
        return wait_with_done(state, D_EY_CRAFT, f)
    if pc == PC_EY_DECREE:
        col = current_column(state)
        offer(state)
        if col == 4:  # the Decree resolved: Daylight goes on (Law 3.3.1, 3.3.4, ...)
            return daylight_options_or_evening(state, D_EY_DECREE, f)
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_DECREE + col and state[CARD_FLAG + card] == 0:
                allow(state, A_CARD + card)
        for v in range(2):
            if state[EY_VIZIER_COL + v] == col and state[EY_VIZIER_DONE + v] == 0:
                allow(state, A_OPT + OPT_VIZIER)
                break
        offer_daylight_options(state, f)
        wait(state, D_EY_DECREE, f)
        return True
    if pc == PC_EY_RECRUIT:
        suit = state[REG + R_DECREE_ACTION]
        offer(state)
        for c in range(NC):
            if can_recruit_at(state, suit, c):
                allow(state, A_CLEARING + c)
        wait(state, D_RECRUIT_WHERE, f)
        return True
    if pc == PC_EY_BUILD:
        suit = state[REG + R_DECREE_ACTION]
        offer(state)
        for c in range(NC):
            if can_build_roost_at(state, suit, c):
                allow(state, A_CLEARING + c)
        wait(state, D_ROOST_WHERE, f)
        return True
    if pc == PC_EY_TURMOIL:
        # Law 7.7.1 Humiliate: lose one VP per bird card on the Decree, Loyal Viziers included.
        birds = 2
        for card in range(NCARD):
            loc = state[CARD_LOC + card]
            if loc >= LOC_DECREE and loc < LOC_DECREE + 4:
                if CARD_SUIT[card] == BIRD:
                    birds += 1
                discard(state, card)  # Law 7.7.2 Purge
        lose_vp(state, f, birds)
        # Law 7.7.3 Depose; A New Clutch when no leader is left face up.
        state[EY_LEADER_STATE + state[EY_LEADER]] = 2
        up = 0
        for l in range(4):
            if state[EY_LEADER_STATE + l] == 0:
                up += 1
        if up == 0:
            for l in range(4):
                state[EY_LEADER_STATE + l] = 0
        # Law 7.7.4 Rest: Daylight ends.
        call(state, PC_CHOOSE_LEADER, PC_EVENING_START)
        return False
    # PC_EY_EVENING: Law 7.6.1 score the rightmost empty roost space; 7.6.2 draw.
    r = buildings_on_map(state, BT_ROOST)
    score(state, f, EY_ROOST_VP[r], VS_ROOSTS)
    if check_victory(state):
        return False  # Law 3.1: 30 VP wins at once, before the Evening's draw
    n = 1
    for i in range(EY_ROOST_DRAW_BONUS.shape[0]):
        if r >= EY_ROOST_DRAW_BONUS[i]:
            n += 1
    draw(state, f, n)
    goto(state, PC_DISCARD)
    return False


@njit(cache=True)
def decide(state, d, a):
    f = EYRIE
    if d == D_SETUP_EYRIE_CORNER:
        set_homeland(state, f, a - A_CLEARING)  # A.8.2: the starting roost's corner
        place_roost_and_warriors(state, a - A_CLEARING, 6)
        call(state, PC_CHOOSE_LEADER, PC_SETUP_NEXT_FACTION)
    elif d == D_CHOOSE_LEADER:
        leader = a - A_OPT - OPT_LEADER
        if state[EY_LEADER] >= 0 and state[EY_LEADER_STATE + state[EY_LEADER]] == 1:
            state[EY_LEADER_STATE + state[EY_LEADER]] = 2
        set_leader(state, leader)
        ret(state)
    elif d == D_DECREE_CARD:
        if a == A_DONE:
            goto(state, PC_EY_NEW_ROOST)
        else:
            state[REG + R_DECREE_CARD] = a - A_CARD
            goto(state, PC_EY_ADD_COL)
    elif d == D_DECREE_COL:
        card = state[REG + R_DECREE_CARD]
        leave_hand(state, card)
        state[CARD_LOC + card] = LOC_DECREE + a - A_OPT - OPT_COLUMN
        state[CARD_KNOWN + card] = ALL_KNOW
        state[EY_ADDED] += 1
        if CARD_SUIT[card] == BIRD:
            state[EY_ADDED_BIRD] = 1
        goto(state, PC_EY_ADD)
    elif d == D_NEW_ROOST:
        place_roost_and_warriors(state, a - A_CLEARING, 3)
    elif d == D_EY_CRAFT:
        if a == A_DONE:
            goto(state, PC_EY_DECREE)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        else:
            start_craft(state, a - A_CARD, PC_EY_CRAFT)
    elif d == D_EY_DECREE:
        if a == A_DONE:  # only offered once the Decree resolved
            goto(state, PC_EVENING_START)
            return
        if is_daylight_option(a):
            start_daylight_option(state, a)
            return
        col = current_column(state)
        if a == A_OPT + OPT_VIZIER:
            suit = BIRD
            v = 0 if (state[EY_VIZIER_COL] == col and state[EY_VIZIER_DONE] == 0) else 1
            state[EY_VIZIER_DONE + v] = 1
        else:
            card = a - A_CARD
            suit = CARD_SUIT[card]
            state[CARD_FLAG + card] = 1
        state[REG + R_DECREE_COL] = col
        state[REG + R_DECREE_ACTION] = suit
        if not decree_action_possible(state, col, suit):
            goto(state, PC_EY_TURMOIL)
            return
        s = -1 if suit == BIRD else suit
        if col == COL_RECRUIT:
            goto(state, PC_EY_RECRUIT)
        elif col == COL_MOVE:
            state[REG + R_MOVE_SUIT] = s
            state[REG + R_MOVE_OPTIONAL] = 0
            call(state, PC_MOVE_FROM, PC_EY_DECREE)
        elif col == COL_BATTLE:
            start_battle(state, s, 0, PC_EY_DECREE)
        else:
            goto(state, PC_EY_BUILD)
    elif d == D_RECRUIT_WHERE:
        place_warriors(state, f, a - A_CLEARING, recruit_count(state))
        goto(state, PC_EY_DECREE)
    else:  # D_ROOST_WHERE
        place_building(state, BT_ROOST, a - A_CLEARING)
        goto(state, PC_EY_DECREE)

"""Vagabond (Law 9, with seed 002's revisions): setup, refresh and slip, the Daylight actions
(move, battle, explore, aid, quest, strike, repair, craft, special action), Evening rest, draw and
item capacity.

Items and the pawn are in engine.items, relationships in engine.relationships, the Vagabond in
battle in engine.battle, coalitions in engine.card_effects.
"""
from ..jit import njit

from ...data import (NC, NCARD, NITEM, CARD_SUIT, BIRD, CORVIDS,
                     BOOT, SWORD, HAMMER, COINS, TEA, CROSSBOW, TORCH, THIEF, TINKER, RANGER,
                     NQUEST, QUEST_SUIT, QUESTS_VISIBLE, VB_REFRESH_BASE,
                     IS_READY, IS_EXHAUSTED, IS_DAMAGED_READY, IS_DAMAGED_EXHAUSTED)
from ..geometry import forests_adjacent, n_forests
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_FACTION, A_COUNT, MAX_COUNT, A_OPT, A_PIECE, A_FOREST, A_ITEM,
                      A_QUEST, OPT_MOVE, OPT_BATTLE, OPT_EXPLORE, OPT_AID, OPT_STRIKE, OPT_REPAIR, OPT_SPECIAL,
                      OPT_QUEST_VP, OPT_QUEST_DRAW, D_VB_CHARACTER, D_VB_FOREST, D_VB_REFRESH,
                      D_VB_SLIP, D_VB_ACTION, D_VB_MOVE_TO, D_VB_ALLY_MOVE, D_VB_ALLY_COUNT, D_VB_AID_TARGET,
                      D_VB_AID_CARD, D_VB_AID_EXHAUST, D_VB_AID_TAKE, D_VB_QUEST_REWARD, D_VB_STRIKE, D_VB_REPAIR,
                      D_VB_STEAL, D_VB_DAY_LABOR, D_VB_CAPACITY, D_VB_EXPLORE)
from ...layout import (CLEARING_SUITS, PHASE, PH_EVENING, REG, NSEATS, SEAT_FACTION, CARD_LOC, CARD_KNOWN, LOC_DISCARD,
                       HAND_N, ACTIVE, FACTION_SEAT,
                       RUINS, CRAFTED_ITEMS, VB_CHAR, VB_PAWN, VB_REL, VB_R_HELD, RUIN_SEEN,
                       VB_REFRESH, QUEST_LOC, QUEST_DECK, QUEST_DECK_N, RUIN_ITEM, QL_VISIBLE,
                       VS_EXPLORE, VS_QUEST, R_VB_TARGET, R_VB_ITEM, R_VB_MOVE_FROM, R_VB_ALLY, R_VB_QUEST,
                       R_VB_HIDEOUT, R_VB_MOVE_TO, TURN_FLAGS, TF_ON_FERRY)
from ..board import warriors, has_pieces, remove_warriors, remove_piece, move_warriors, removable_warriors, rules
from ..cards import draw, matches, allow_matching, has_matching, give_card, take_random_card, to_hand, ALL_KNOW
from ..score import score, check_victory
from ..rng import rng_shuffle
from . import vb_characters
from ..scorched import scorched
from ..quests import quest_ok, quests_done
from ..characters import N_CHARACTERS, may_choose, character_option, option_character, take_starting_items
from ..vagabonds import is_vagabond, vb_row, chart_at, other_vagabond
from ..ruins import (ruin_items, populate_ruins, may_take, take_from_ruin, remove_ruin)
from ..craft import offer_craftable, start_craft
from ..movement import can_move, outrage_on_entry
from ..ferry import ferry_reach, by_ferry, cross
from ..plots import snared
from ..battle import can_battle_in, start_battle_at, allow_pieces_of, plot_choice
from ..card_effects import offer_daylight_options, is_daylight_option, start_daylight_option
from ..relationships import is_allied, aided, vb_removed_warriors, move_cost, can_move_to
from ..items import (count, ready, shift, exhaust, gain, on_track, any_ready, any_damaged, kinds_in, offer_items,
                     item_action, capacity_count, item_limit, removable, pawn_clearing, adjacent_clearing, forests_of,
                     pawn_snared, pawn_place, pick_item, shift_action, remove_from_board)
from ..machine import (PC_VB_FOREST, PC_VB_SETUP, PC_VB_BIRDSONG, PC_VB_REFRESH, PC_VB_SLIP, PC_VB_ACTIONS,
                       PC_VB_MOVE_TO, PC_VB_ALLY_MOVE, PC_VB_ALLY_COUNT, PC_VB_AID_TARGET, PC_VB_AID_CARD,
                       PC_VB_AID_EXHAUST, PC_VB_AID_TAKE, PC_VB_QUEST_REWARD, PC_VB_STRIKE, PC_VB_REPAIR,
                       PC_VB_STEAL, PC_VB_DAY_LABOR, PC_VB_EVENING, PC_SETUP_NEXT_FACTION,
                       PC_BIRD_CARDS_POST, PC_EVENING_START, PC_DISCARD, PC_TURN_END, PC_FIELD_HOSPITALS,
                       PC_INTERRUPTS, PC_VB_EXPLORE, PC_FERRY_ASK, offer, allow, allow_clearings, wait, wait_optional,
                       wait_with_done, goto,
                       call, ret)

HIDEOUT_REPAIRS = 3  # Law 9.7.3.I


# ------------------------------------------------------------- what the Vagabond can do
@njit(cache=True)
def other_with_pieces(state, f, c, need_cards):
    """Another player with pieces in c (and cards in hand, when need_cards)."""
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != f and has_pieces(state, g, c) and (need_cards == 0 or state[HAND_N + g] > 0):
            return True
    return False


@njit(cache=True)
def strike_target_exists(state, f, c):
    """Law 9.5.6: a warrior, building or token of another player in c (another Vagabond's pawn is none)."""
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != f and not is_vagabond(g) and (removable_warriors(state, g, c) > 0
                                               or warriors(state, g, c) == 0 and has_pieces(state, g, c)):
            return True  # Law 14.2.2: the Hundreds' warlord alone is no target (and shields their buildings, 9.5.6)
    return False


@njit(cache=True)
def day_labor_card_ok(state, card, c):
    """Law 9.7.2.I: a discarded card of his clearing's suit; a bird card always."""
    return state[CARD_LOC + card] == LOC_DISCARD and (CARD_SUIT[card] == BIRD
                                                      or (c >= 0 and matches(card, state[CLEARING_SUITS + c])))


@njit(cache=True)
def special_possible(state, f, c):
    ch = state[VB_CHAR + vb_row(f)]
    if ch == THIEF:
        return c >= 0 and other_with_pieces(state, f, c, 0)
    if ch == TINKER:
        for card in range(NCARD):
            if day_labor_card_ok(state, card, c):
                return True
        return False
    if ch == RANGER:
        return True  # Hideout
    return vb_characters.special_possible(state, f, ch, c)  # Appendix D.4-D.9


@njit(cache=True)
def verb_possible(state, f, verb, c):
    if verb == OPT_MOVE:
        for b in range(NC):
            if can_move_to(state, f, b):
                return True
        return False
    if c < 0:  # in a forest: only repair and the special action need no clearing
        if verb == OPT_REPAIR:
            return ready(state, f, HAMMER) > 0 and any_damaged(state, f)
        if verb == OPT_SPECIAL:
            return ready(state, f, TORCH) > 0 and special_possible(state, f, c)
        return False
    if verb == OPT_BATTLE:
        return ready(state, f, SWORD) > 0 and can_battle_in(state, f, c)
    if verb == OPT_EXPLORE:
        return ready(state, f, TORCH) > 0 and state[RUINS + c] > 0 and ruin_items(state, c) > 0
    if verb == OPT_AID:
        return any_ready(state, f) and has_matching(state, f, state[CLEARING_SUITS + c]) and other_with_pieces(state, f, c, 0)
    if verb == OPT_STRIKE:
        return ready(state, f, CROSSBOW) > 0 and strike_target_exists(state, f, c)
    if verb == OPT_REPAIR:
        return ready(state, f, HAMMER) > 0 and any_damaged(state, f)
    return ready(state, f, TORCH) > 0 and special_possible(state, f, c)


@njit(cache=True)
def offer_places_adjacent(state, f, place, forests_too):
    """Allow the clearings (and forests) adjacent to the pawn's place; returns the bitmask of the clearings allowed."""
    near = 0
    for b in range(NC):
        if adjacent_clearing(state, f, place, b) and not scorched(state, b):  # D.6: never into the torch's clearing
            allow(state, A_CLEARING + b)
            near |= 1 << b
    if forests_too:
        m = forests_of(state, place) if place < NC else 0
        for fo in range(n_forests(state)):
            if (m >> fo) & 1 or (place >= NC and forests_adjacent(state, place - NC, fo)):
                allow(state, A_FOREST + fo)
    return near


@njit(cache=True)
def exhausted_kinds(state, f):
    k1, last1 = kinds_in(state, f, IS_EXHAUSTED, IS_EXHAUSTED)
    k2, last2 = kinds_in(state, f, IS_DAMAGED_EXHAUSTED, IS_DAMAGED_EXHAUSTED)
    return k1 + k2, last2 if k2 > 0 else last1


@njit(cache=True)
def exhausted_total(state, f):
    n = 0
    for i in range(NITEM):
        n += count(state, f, i, IS_EXHAUSTED) + count(state, f, i, IS_DAMAGED_EXHAUSTED)
    return n


@njit(cache=True)
def item_of(a):
    return (a - A_ITEM) % NITEM, (a - A_ITEM) // NITEM


# ------------------------------------------------------------- setup
@njit(cache=True)
def finish_setup(state, f):
    """Law 9.3.3-9.3.6 after the pawn is placed: quests, ruin items, relationships. With two Vagabonds
    the first to set up deals the quests (shared, none added: 9.8.3) and both sets of ruin items (9.8.1)."""
    g = other_vagabond(f)
    if state[FACTION_SEAT + g] < 0 or pawn_place(state, g) < 0:
        deal_quests_and_ruins(state)
    k = VB_REL + chart_at(f)
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if not is_vagabond(g):
            state[k + g] = 0  # Indifferent; 9.2.9: the chart holds no Vagabond


@njit(cache=True)
def deal_quests_and_ruins(state):
    for q in range(NQUEST):
        state[QUEST_DECK + q] = q
    rng_shuffle(state, state, QUEST_DECK, NQUEST)
    n = NQUEST
    for _ in range(QUESTS_VISIBLE):
        n -= 1
        state[QUEST_LOC + state[QUEST_DECK + n]] = QL_VISIBLE
    state[QUEST_DECK_N] = n
    populate_ruins(state)  # Law 9.3.4; not again after the Hundreds' setup placed them (14.3.3)


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    c = pawn_clearing(state, f)
    if pc == PC_VB_SETUP:
        # Law 9.3.1: choose a character.
        offer(state)
        for k in range(N_CHARACTERS):
            if may_choose(state, f, k):  # Law 9.8: two Vagabonds play different characters
                allow(state, A_OPT + character_option(k))
        wait(state, D_VB_CHARACTER, f)
        return True
    if pc == PC_VB_FOREST:
        # Law 9.3.2: the pawn in any forest.
        offer(state)
        for fo in range(n_forests(state)):
            allow(state, A_FOREST + fo)
        wait(state, D_VB_FOREST, f)
        return True
    if pc == PC_VB_BIRDSONG:
        # Law 9.4.1: refresh three items plus two per tea on its track.
        state[VB_REFRESH + vb_row(f)] = VB_REFRESH_BASE + 2 * on_track(state, f, TEA)
        goto(state, PC_VB_REFRESH)
        return False
    if pc == PC_VB_REFRESH:
        left = state[VB_REFRESH + vb_row(f)]
        n = exhausted_total(state, f)
        if left > 0 and n > 0:
            k, last = exhausted_kinds(state, f)
            if n > left and k > 1:
                offer(state)
                offer_items(state, f, IS_EXHAUSTED, IS_EXHAUSTED)
                offer_items(state, f, IS_DAMAGED_EXHAUSTED, IS_DAMAGED_EXHAUSTED)
                wait(state, D_VB_REFRESH, f)
                return True
            # Everything exhausted is refreshed, or only one kind is: no choice.
            for s in (IS_EXHAUSTED, IS_DAMAGED_EXHAUSTED):
                for i in range(NITEM):
                    m = count(state, f, i, s)
                    if m > left:
                        m = left
                    shift(state, f, i, s, s - 1, m)
                    left -= m
        state[VB_REFRESH + vb_row(f)] = 0
        goto(state, PC_VB_SLIP)
        return False
    if pc == PC_VB_SLIP:
        if state[REG + R_VB_MOVE_TO] >= 0:  # back from the Ferry's question (C.2.5): the pawn slips
            slip_to(state, f)
            return False
        # Law 9.4.2: may move into an adjacent clearing or forest without boots; a move, so from the Ferry's clearing
        # also with the Ferry (C.2.5: "ignoring adjacency")
        offer(state)
        if not pawn_snared(state, f):
            place = pawn_place(state, f)
            near = offer_places_adjacent(state, f, place, True)
            # C.2.5 with 11.2.7.II: a coastal clearing the lake as a river (Riverboats) already leads to is offered once
            # (ask_ferry then asks whether he goes with the Ferry)
            allow_clearings(state, ferry_reach(state, place) & ~near)
        return wait_with_done(state, D_VB_SLIP, f)
    if pc == PC_VB_ACTIONS:
        # Law 9.5: exhaust items to take actions in any order and number.
        offer(state)
        for verb in (OPT_MOVE, OPT_BATTLE, OPT_EXPLORE, OPT_AID, OPT_STRIKE, OPT_REPAIR, OPT_SPECIAL):
            if verb_possible(state, f, verb, c):
                allow(state, A_OPT + verb)
        for q in range(NQUEST):
            if quest_ok(state, f, q, c):
                allow(state, A_QUEST + q)
        offer_craftable(state, f)
        offer_daylight_options(state, f)
        return wait_with_done(state, D_VB_ACTION, f)
    if pc == PC_VB_MOVE_TO:
        if state[REG + R_VB_MOVE_TO] >= 0:  # back from the Ferry's question (C.2.5): the pawn moves
            pawn_moves(state, f)
            return False
        offer(state)
        for b in range(NC):
            if can_move_to(state, f, b):
                allow(state, A_CLEARING + b)
        if state[PHASE] == PH_EVENING:
            if wait_optional(state, D_VB_MOVE_TO, f):  # Cobbler: a move he may decline
                return True
            ret(state)
            return False
        wait(state, D_VB_MOVE_TO, f)
        return True
    if pc == PC_VB_ALLY_MOVE:
        # Law 9.2.9.II.b: he may move one Ally's warriors along, by their own movement rules.
        a = state[REG + R_VB_MOVE_FROM]
        offer(state)
        if a < NC:
            for s in range(state[NSEATS]):
                g = state[SEAT_FACTION + s]
                if (g != f and is_allied(state, f, g) and (can_move(state, g, a, c) or ally_on_ferry(state, g, a, c))
                        and removable_warriors(state, g, a) > 0):
                    allow(state, A_FACTION + g)
        if wait_optional(state, D_VB_ALLY_MOVE, f):
            return True
        cross(state, f, c)  # C.2.5: the move with the Ferry is over: it lands, he draws
        goto(state, PC_VB_ACTIONS)
        return False
    if pc == PC_VB_ALLY_COUNT:
        n = removable_warriors(state, state[REG + R_VB_ALLY], state[REG + R_VB_MOVE_FROM])  # 14.2.2: not the warlord
        offer(state)
        for k in range(1, min(n, MAX_COUNT) + 1):
            allow(state, A_COUNT + k - 1)
        wait(state, D_VB_ALLY_COUNT, f)
        return True
    if pc == PC_VB_AID_TARGET or pc == PC_VB_STEAL:
        offer(state)
        for s in range(state[NSEATS]):
            g = state[SEAT_FACTION + s]
            if g != f and has_pieces(state, g, c):
                allow(state, A_FACTION + g)
        wait(state, D_VB_AID_TARGET if pc == PC_VB_AID_TARGET else D_VB_STEAL, f)
        return True
    if pc == PC_VB_AID_CARD:
        offer(state)
        allow_matching(state, f, state[CLEARING_SUITS + c])
        wait(state, D_VB_AID_CARD, f)
        return True
    if pc == PC_VB_AID_EXHAUST:
        # Law 9.5.4: exhaust any one item.
        if pick_item(state, f, IS_READY, IS_READY, 1, D_VB_AID_EXHAUST) < 0:
            return True
        goto(state, PC_VB_AID_TAKE)
        return False
    if pc == PC_VB_AID_TAKE:
        # Then he may take an item from that player's Crafted Items box.
        g = state[REG + R_VB_TARGET]
        offer(state)
        for i in range(NITEM):
            if state[CRAFTED_ITEMS + g * NITEM + i] > 0:
                allow(state, item_action(i, IS_READY))
        if wait_optional(state, D_VB_AID_TAKE, f):
            return True
        goto(state, PC_VB_ACTIONS)
        return False
    if pc == PC_VB_QUEST_REWARD:
        offer(state)
        allow(state, A_OPT + OPT_QUEST_VP)
        allow(state, A_OPT + OPT_QUEST_DRAW)
        wait(state, D_VB_QUEST_REWARD, f)
        return True
    if pc == PC_VB_STRIKE:
        # Law 9.5.6: a warrior; a building or token only of a player with no warriors there.
        offer(state)
        for s in range(state[NSEATS]):
            g = state[SEAT_FACTION + s]
            if g == f:
                continue
            if warriors(state, g, c) > 0:
                if removable_warriors(state, g, c) > 0:  # Law 14.2.2: not the Hundreds' warlord
                    allow(state, A_FACTION + g)
            else:
                allow_pieces_of(state, g, c, True)
        wait(state, D_VB_STRIKE, f)
        return True
    if pc == PC_VB_REPAIR:
        while state[REG + R_VB_ITEM] > 0:
            got = pick_item(state, f, IS_DAMAGED_READY, IS_DAMAGED_EXHAUSTED, -2, D_VB_REPAIR)
            if got < 0:
                return True
            state[REG + R_VB_ITEM] = state[REG + R_VB_ITEM] - 1 if got > 0 else 0
        # Law 9.7.3.I: Hideout ends Daylight.
        goto(state, PC_EVENING_START if state[REG + R_VB_HIDEOUT] != 0 else PC_VB_ACTIONS)
        return False
    if pc == PC_VB_DAY_LABOR:
        offer(state)
        for card in range(NCARD):
            if day_labor_card_ok(state, card, c):
                allow(state, A_CARD + card)
        wait(state, D_VB_DAY_LABOR, f)
        return True
    if pc == PC_VB_EVENING:
        # Law 9.6.1 An Evening's Rest: in a forest, repair every damaged item, face up.
        if c < 0:
            for i in range(NITEM):
                shift(state, f, i, IS_DAMAGED_READY, IS_READY, count(state, f, i, IS_DAMAGED_READY))
                shift(state, f, i, IS_DAMAGED_EXHAUSTED, IS_READY, count(state, f, i, IS_DAMAGED_EXHAUSTED))
        # Law 9.6.2: draw one card plus one per coins on its track.
        draw(state, f, 1 + on_track(state, f, COINS))
        goto(state, PC_DISCARD)
        return False
    if pc == PC_VB_EXPLORE:
        # Law 9.8.1: two items under the ruin: he takes one he may take (no "R" item matching one on his
        # board), or none.
        offer(state)
        for slot in range(2):
            i = state[RUIN_ITEM + slot * NC + c]
            if i >= 0 and may_take(state, f, i) and (slot == 0 or i != state[RUIN_ITEM + c]):
                allow(state, item_action(i, IS_READY))
        return wait_with_done(state, D_VB_EXPLORE, f)
    # PC_VB_CAPACITY, Law 9.6.4: remove items down to the item limit.
    over = capacity_count(state, f) - item_limit(state, f)
    if over > 0:
        offer(state)
        kinds = 0
        last = -1
        for s in range(4):
            for i in range(NITEM):
                if removable(state, f, i, s) > 0:
                    kinds += 1
                    last = item_action(i, s)
                    allow(state, last)
        if kinds > 1:
            wait(state, D_VB_CAPACITY, f)
            return True
        i, s = item_of(last)
        remove_from_board(state, f, i, s, over)
    goto(state, PC_TURN_END)
    return False


@njit(cache=True)
def decide(state, d, a):
    f = state[ACTIVE]
    c = pawn_clearing(state, f)
    if d == D_VB_CHARACTER:
        ch = option_character(a - A_OPT)
        state[VB_CHAR + vb_row(f)] = ch
        take_starting_items(state, f, ch)  # Law 9.3.5: starting items face up
        goto(state, PC_VB_FOREST)
    elif d == D_VB_FOREST:
        state[VB_PAWN + vb_row(f)] = NC + a - A_FOREST
        finish_setup(state, f)
        goto(state, PC_SETUP_NEXT_FACTION)
    elif d == D_VB_REFRESH:
        shift_action(state, f, a, -1)  # face up; a damaged item stays damaged
        state[VB_REFRESH + vb_row(f)] -= 1
    elif d == D_VB_SLIP:
        if A_CLEARING <= a < A_CLEARING + NC:
            if not ask_ferry(state, f, a - A_CLEARING, PC_VB_SLIP):
                slip_to(state, f)
            return
        if a != A_DONE:
            state[VB_PAWN + vb_row(f)] = NC + a - A_FOREST
        goto(state, PC_BIRD_CARDS_POST)
    elif d == D_VB_ACTION:
        decide_action(state, f, a, c)
    elif d == D_VB_MOVE_TO:
        if a == A_DONE:
            ret(state)  # Cobbler's move declined
            return
        if not ask_ferry(state, f, a - A_CLEARING, PC_VB_MOVE_TO):
            pawn_moves(state, f)
    elif d == D_VB_ALLY_MOVE:
        if a == A_DONE:
            cross(state, f, c)  # C.2.5: the move with the Ferry is over: it lands, he draws
            goto(state, PC_VB_ACTIONS)
        else:
            state[REG + R_VB_ALLY] = a - A_FACTION
            goto(state, PC_VB_ALLY_COUNT)
    elif d == D_VB_ALLY_COUNT:
        g = state[REG + R_VB_ALLY]
        move_warriors(state, g, state[REG + R_VB_MOVE_FROM], c, a - A_COUNT + 1)
        cross(state, f, c)  # C.2.5: the move with the Ferry is over: it lands, he draws (before any Outrage)
        if outrage_on_entry(state, g, f, c):  # 9.2.9.II.e: the Vagabond gives the card
            call(state, PC_INTERRUPTS, PC_VB_ACTIONS)
        else:
            goto(state, PC_VB_ACTIONS)
    elif d == D_VB_AID_TARGET:
        state[REG + R_VB_TARGET] = a - A_FACTION
        goto(state, PC_VB_AID_CARD)
    elif d == D_VB_AID_CARD:
        g = state[REG + R_VB_TARGET]
        give_card(state, a - A_CARD, g)
        aided(state, f, g)
        goto(state, PC_VB_AID_EXHAUST)
    elif d == D_VB_AID_EXHAUST:
        shift_action(state, f, a, 1)
        goto(state, PC_VB_AID_TAKE)
    elif d == D_VB_AID_TAKE:
        if a != A_DONE:
            i = item_of(a)[0]
            state[CRAFTED_ITEMS + state[REG + R_VB_TARGET] * NITEM + i] -= 1
            gain(state, f, i)
        goto(state, PC_VB_ACTIONS)
    elif d == D_VB_QUEST_REWARD:
        q = state[REG + R_VB_QUEST]
        if a == A_OPT + OPT_QUEST_VP:
            score(state, f, quests_done(state, f, QUEST_SUIT[q]), VS_QUEST)
        else:
            draw(state, f, 2)
        goto(state, PC_VB_ACTIONS)
    elif d == D_VB_STRIKE:
        if a < A_PIECE:
            g = a - A_FACTION
            remove_warriors(state, g, c, 1)
            vb_removed_warriors(state, f, g, 1, False)
        else:
            remove_piece(state, plot_choice(state, a - A_PIECE, c), c, f)
        call(state, PC_FIELD_HOSPITALS, PC_VB_ACTIONS)
    elif d == D_VB_REPAIR:
        shift_action(state, f, a, -2)
        state[REG + R_VB_ITEM] -= 1
    elif d == D_VB_STEAL:
        # Law 9.7.1.I Steal: a random card from that player.
        g = a - A_FACTION
        take_random_card(state, g, f)
        goto(state, PC_VB_ACTIONS)
    elif d == D_VB_DAY_LABOR:
        card = a - A_CARD
        to_hand(state, card, f)
        state[CARD_KNOWN + card] = ALL_KNOW
        goto(state, PC_VB_ACTIONS)
    elif d == D_VB_EXPLORE:
        if a == A_DONE:
            goto(state, PC_VB_ACTIONS)  # Law 9.8.1: no item taken, no VP; the torch stays exhausted
        else:
            explore_take(state, f, c, item_of(a)[0])
    else:  # D_VB_CAPACITY
        i, s = item_of(a)
        remove_from_board(state, f, i, s, 1)


@njit(cache=True)
def pawn_moves(state, f):
    """Law 9.5.1: the pawn moves to R_VB_MOVE_TO, exhausting boots; in Daylight allies may go along (9.2.9.II.b),
    and a move with the Ferry (C.2.5) ends after them; a Cobbler move (Evening) ends at once."""
    exhaust(state, f, BOOT, move_cost(state, f, state[REG + R_VB_MOVE_TO]))
    state[REG + R_VB_MOVE_FROM] = pawn_place(state, f)
    b = take_move_to(state, f)
    if state[PHASE] == PH_EVENING:
        cross(state, f, b)
        ret(state)  # Cobbler: allies move along only in Daylight (9.2.9.II.b)
    else:
        goto(state, PC_VB_ALLY_MOVE)


@njit(cache=True)
def ask_ferry(state, f, b, back):
    """The pawn's move (Move, Slip) to clearing b waits in R_VB_MOVE_TO. True when it asks whether it goes with the
    Ferry (C.2.5: the lake as a river leads there too, Riverboats), step `back` then landing it."""
    place = pawn_place(state, f)
    state[REG + R_VB_MOVE_TO] = b
    if place < NC and by_ferry(state, ferry_reach(state, place), b, adjacent_clearing(state, f, place, b)):
        call(state, PC_FERRY_ASK, back)
        return True
    return False


@njit(cache=True)
def take_move_to(state, f):
    """The pawn goes to the clearing waiting in R_VB_MOVE_TO (cleared), returned."""
    b = state[REG + R_VB_MOVE_TO]
    state[REG + R_VB_MOVE_TO] = -1
    state[VB_PAWN + vb_row(f)] = b
    return b


@njit(cache=True)
def slip_to(state, f):
    """Law 9.4.2: the pawn slips to R_VB_MOVE_TO; with the Ferry, it lands and he draws (C.2.5)."""
    cross(state, f, take_move_to(state, f))
    goto(state, PC_BIRD_CARDS_POST)


@njit(cache=True)
def ally_on_ferry(state, g, a, c):
    """C.2.5 with 9.2.9.II.b: an Ally's warriors go along with the Vagabond's move with the Ferry by their own rules:
    their faction rules the origin or the destination (the Corvids need not, 13.2.3)."""
    return (state[TURN_FLAGS] & TF_ON_FERRY != 0 and warriors(state, g, a) > 0 and not snared(state, g, a)
            and (g == CORVIDS or rules(state, g, a) or rules(state, g, c)))


@njit(cache=True)
def explore_take(state, f, c, item):
    """Law 9.5.3: take the ruin's item face up, "then" score one VP, then remove the emptied ruin (Law 3.1:
    unless that VP won the game)."""
    empty = take_from_ruin(state, c, item)
    gain(state, f, item)
    state[VB_R_HELD + vb_row(f) * NITEM + item] += 1
    score(state, f, 1, VS_EXPLORE)
    if check_victory(state):
        return
    if empty:
        remove_ruin(state, c)
    goto(state, PC_VB_ACTIONS)


@njit(cache=True)
def decide_action(state, f, a, c):
    if a == A_DONE:
        goto(state, PC_EVENING_START)
        return
    if is_daylight_option(a):
        start_daylight_option(state, a)
        return
    if a >= A_QUEST:
        # Law 9.5.5: exhaust the two items (D.7: the Adventurer may improvise one), take the quest, reveal a new
        # one, then the reward.
        vb_characters.start_quest(state, f, a - A_QUEST)
        return
    if a < A_OPT:
        start_craft(state, a - A_CARD, PC_VB_ACTIONS)  # Law 9.5.8
        return
    verb = a - A_OPT
    if verb == OPT_MOVE:
        goto(state, PC_VB_MOVE_TO)
    elif verb == OPT_BATTLE:
        exhaust(state, f, SWORD, 1)  # Law 9.5.2
        start_battle_at(state, c, PC_VB_ACTIONS)
    elif verb == OPT_EXPLORE:
        # Law 9.5.3: take the ruin's item face up, "then" score one VP, then remove the emptied ruin
        # (Law 3.1: unless that VP won the game).
        exhaust(state, f, TORCH, 1)
        if ruin_items(state, c) > 1:
            state[RUIN_SEEN + c] |= 1 << f  # Law 9.8.1: he looks at both, then takes one of his choice
            goto(state, PC_VB_EXPLORE)
        elif may_take(state, f, state[RUIN_ITEM + c]):
            explore_take(state, f, c, state[RUIN_ITEM + c])
        else:
            state[RUIN_SEEN + c] |= 1 << f  # 9.8.1: an "R" item he already has stays; no VP
            goto(state, PC_VB_ACTIONS)
    elif verb == OPT_AID:
        goto(state, PC_VB_AID_TARGET)
    elif verb == OPT_STRIKE:
        exhaust(state, f, CROSSBOW, 1)
        goto(state, PC_VB_STRIKE)
    elif verb == OPT_REPAIR:
        exhaust(state, f, HAMMER, 1)
        state[REG + R_VB_ITEM] = 1
        state[REG + R_VB_HIDEOUT] = 0
        goto(state, PC_VB_REPAIR)
    else:
        exhaust(state, f, TORCH, 1)  # Law 9.5.9 special action
        ch = state[VB_CHAR + vb_row(f)]
        if ch == THIEF:
            goto(state, PC_VB_STEAL)
        elif ch == TINKER:
            goto(state, PC_VB_DAY_LABOR)
        elif ch != RANGER:
            vb_characters.start_special(state, f, ch, c)  # Appendix D.4-D.9
        else:
            state[REG + R_VB_ITEM] = HIDEOUT_REPAIRS
            state[REG + R_VB_HIDEOUT] = 1
            goto(state, PC_VB_REPAIR)


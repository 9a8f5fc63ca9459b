"""Lizard Cult (Law 10): setup, the Outcast and the Lost Souls pile, conspiracies, rituals, Evening
crafting and draw.

Rules that change what other factions do live in the shared mechanism, each in one place:
the Lost Souls pile (10.2.6) in ``cards.discard``, Pilgrims (10.2.4) in ``board.ruler``, Fear of the
Faithful (10.2.5) counted in ``board.remove_piece`` and resolved in ``interrupts`` (ordered, 1.1.3), Revenge
(10.2.3) in ``battle.allocate``, and crafting with Outcast gardens (10.2.1) in ``craft.crafting_pieces``.
"""
import numpy as np
from ..jit import njit

from ...data import (NC, NF, NCARD, NBT, CARD_SUIT, CARD_KIND, K_DOMINANCE,
                     BIRD, MARQUISE, EYRIE, LIZARDS, BT_OWNER, BT_ROOST, BT_GARDEN, LZ_GARDEN_VP, LZ_CONSPIRACY_COST,
                     LZ_HATED_DISCOUNT, LZ_DRAW_BONUS_SPACE, CRUSADE, CONVERT, SANCTIFY)
from ..geometry import adjacent, N_CORNERS, corner, opposite_corner
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_FACTION, A_OPT, A_PIECE, OPT_SUIT, OPT_CONSPIRACY, OPT_BATTLE,
                      OPT_MOVE, OPT_BUILD, OPT_RECRUIT, OPT_SCORE, OPT_SACRIFICE, D_LZ_CORNER, D_LZ_OUTCAST,
                      D_LZ_CONSPIRACY, D_LZ_CONSPIRE_WHERE, D_LZ_CRUSADE, D_LZ_CRUSADE_BATTLE, D_LZ_CONVERT_WHOM,
                      D_LZ_SANCTIFY_WHICH, D_LZ_RITUAL, D_LZ_RITUAL_CARD, D_LZ_RITUAL_WHERE, D_LZ_CRAFT)
from ...layout import (CLEARING_SUITS, REG, CARD_LOC, LOC_HAND, LOC_LOST_SOULS, LOC_DISCARD, LOC_AVAILABLE,
                       BUILDINGS, SUPPLY_WARRIORS, FACTION_SEAT, OPTIONS, O_LZ_FIRST_PRINTING, LZ_ACOLYTES,
                       LZ_OUTCAST, LZ_HATED, LZ_SCORED, VS_GARDENS, R_LZ_RITUAL, R_LZ_CARD, R_LZ_TARGET, R_MOVE_TO,
                       R_MOVE_SUIT, R_MOVE_OPTIONAL)
from ..homelands import advanced, card_homelands, set_homeland, spread_evenly
from ..board import (warriors, removable_warriors, rules, may_place, open_slots, place_warriors, remove_warriors, place_building,
                     remove_piece, building_supply, buildings_on_map, keep_clearing)
from ..cards import draw, discard, reveal, return_revealed
from ..enemies import is_enemy
from ..score import score
from ..craft import offer_craftable, start_craft
from ..movement import any_move
from ..battle import any_battle, can_battle_in, start_battle, start_battle_at
from ..card_effects import offer_daylight_options, is_daylight_option, start_daylight_option
from ..exposure import offer_exposure, is_exposure, start_exposure
from ..machine import (PC_LZ_SETUP, PC_LZ_OUTCAST, PC_LZ_BIRDSONG, PC_LZ_CONSPIRE, PC_LZ_CONSPIRE_WHERE, PC_LZ_CRUSADE,
                       PC_LZ_CRUSADE_BATTLE, PC_LZ_CONVERT_WHOM, PC_LZ_SANCTIFY_WHICH, PC_LZ_DAYLIGHT,
                       PC_LZ_RITUAL_CARD, PC_LZ_RITUAL_WHERE, PC_LZ_EVENING, PC_LZ_CRAFT, PC_LZ_DRAW,
                       PC_SETUP_NEXT_FACTION, PC_BIRD_CARDS_POST, PC_EVENING_START, PC_DISCARD, PC_MOVE_FROM,
                       PC_FIELD_HOSPITALS, offer, allow, allow_clearings, wait, wait_optional, wait_with_done, goto, call)

SETUP_CORNER_WARRIORS = 4  # Law 10.3.2
ADV_SETUP_ADJACENT = 3  # the Cult's setup card: three warriors among the adjacent clearings, as evenly as possible
ADV_SETUP_ACOLYTES = 2  # the Cult's setup card: two warriors in the Acolytes box


# ------------------------------------------------------------- helpers
@njit(cache=True)
def is_outcast_clearing(state, c):
    return state[CLEARING_SUITS + c] == state[LZ_OUTCAST]


@njit(cache=True)
def conspiracy_cost(state, k):
    """Law 10.4.3: two, two or three acolytes; one fewer while the Outcast is Hated."""
    return LZ_CONSPIRACY_COST[k] - (LZ_HATED_DISCOUNT if state[LZ_HATED] != 0 else 0)


@njit(cache=True)
def gardens_of(state, suit):
    return buildings_on_map(state, BT_GARDEN + suit)


@njit(cache=True)
def enemy_building_here(state, bt, c):
    """A building of type bt in clearing c that the Cult may take (Law 2.7: a coalition partner is no enemy)."""
    return state[BUILDINGS + bt * NC + c] > 0 and is_enemy(state, LIZARDS, BT_OWNER[bt])


@njit(cache=True)
def enemy_warriors_here(state, g, c):
    """Faction g is seated, an enemy of the Cult, and has warriors in clearing c."""
    return state[FACTION_SEAT + g] >= 0 and removable_warriors(state, g, c) > 0 and is_enemy(state, LIZARDS, g)


@njit(cache=True)
def enemy_building_kinds(state, c):
    k = 0
    for bt in range(NBT):
        if enemy_building_here(state, bt, c):
            k += 1
    return k


@njit(cache=True)
def enemy_warrior_factions(state, c):
    k = 0
    for g in range(NF):
        if enemy_warriors_here(state, g, c):
            k += 1
    return k


@njit(cache=True)
def can_convert_at(state, c):
    """Law 10.4.3.II: an enemy warrior in an Outcast clearing, where the Cult may then place one (a
    conspiracy that cannot be completed cannot be begun)."""
    return is_outcast_clearing(state, c) and may_place(state, LIZARDS, c) and enemy_warrior_factions(state, c) > 0


@njit(cache=True)
def can_sanctify_at(state, c):
    """Law 10.4.3.III: an enemy building in an Outcast clearing, and a garden of its suit to put there."""
    return (is_outcast_clearing(state, c) and may_place(state, LIZARDS, c)
            and building_supply(state, BT_GARDEN + state[CLEARING_SUITS + c]) > 0 and enemy_building_kinds(state, c) > 0)


@njit(cache=True)
def conspiracy_possible(state, k):
    if state[LZ_ACOLYTES] < conspiracy_cost(state, k):
        return False
    suit = state[LZ_OUTCAST]
    if k == CRUSADE:
        return any_battle(state, LIZARDS, suit) or any_move(state, LIZARDS, suit)
    for c in range(NC):
        if (can_convert_at(state, c) if k == CONVERT else can_sanctify_at(state, c)):
            return True
    return False


@njit(cache=True)
def can_build_garden_at(state, c, suit):
    """Law 10.5.1: a clearing of the card's suit that the Cult rules, with an open slot."""
    return (state[CLEARING_SUITS + c] == suit and rules(state, LIZARDS, c) and open_slots(state, c) > 0
            and may_place(state, LIZARDS, c))


@njit(cache=True)
def ritual_where_ok(state, r, c, suit):
    if r == OPT_BUILD:
        return can_build_garden_at(state, c, suit)
    return state[CLEARING_SUITS + c] == suit and may_place(state, LIZARDS, c)  # Law 10.5.2 recruit


@njit(cache=True)
def ritual_card_ok(state, r, card):
    """Whether revealing `card` allows ritual `r` now. Law 10.2.2: birds are not wild for rituals;
    only Sacrifice takes a bird (10.5.4)."""
    suit = CARD_SUIT[card]
    if r == OPT_SACRIFICE:
        return suit == BIRD and state[SUPPLY_WARRIORS + LIZARDS] > 0
    if suit == BIRD:
        return False
    if r == OPT_SCORE:
        return (state[LZ_SCORED] >> suit) & 1 == 0 and gardens_of(state, suit) > 0
    if r == OPT_BUILD:
        if building_supply(state, BT_GARDEN + suit) == 0:
            return False
    elif state[SUPPLY_WARRIORS + LIZARDS] == 0:
        return False
    for c in range(NC):
        if ritual_where_ok(state, r, c, suit):
            return True
    return False


@njit(cache=True)
def ritual_possible(state, r):
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + LIZARDS and ritual_card_ok(state, r, card):
            return True
    return False


@njit(cache=True)
def draw_bonuses(state):
    """Law 10.6.3: uncovered card-draw icons of the gardens tracks."""
    printing = 1 if state[OPTIONS + O_LZ_FIRST_PRINTING] != 0 else 0
    n = 0
    for s in range(3):
        if gardens_of(state, s) >= LZ_DRAW_BONUS_SPACE[printing, s]:
            n += 1
    return n


@njit(cache=True)
def adjust_outcast(state):
    """Law 10.4.1: the suit with most cards in the Lost Souls pile (birds ignored) becomes the Outcast;
    the same suit again, or no single most common suit, flips the marker to Hated."""
    count = np.zeros(3, np.int64)
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_LOST_SOULS and CARD_SUIT[card] != BIRD:
            count[CARD_SUIT[card]] += 1
    best = -1
    tied = False
    for s in range(3):
        if best < 0 or count[s] > count[best]:
            best = s
            tied = False
        elif count[s] == count[best]:
            tied = True
    if tied or best == state[LZ_OUTCAST]:
        state[LZ_HATED] = 1
    else:
        state[LZ_OUTCAST] = best
        state[LZ_HATED] = 0


@njit(cache=True)
def discard_lost_souls(state):
    """Law 10.4.2: the Lost Souls pile goes to the discard pile; dominance cards become available."""
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_LOST_SOULS:
            state[CARD_LOC + card] = LOC_AVAILABLE if CARD_KIND[card] == K_DOMINANCE else LOC_DISCARD


@njit(cache=True)
def start_acolytes(state, k):
    """The study option ``lizard_start_acolytes`` (``Game.new``): the Cult begins with `k` warriors from its supply in
    the Acolytes box. The Law's setup places none there (Law 10.3); one is the community's proposed buff, and the
    option exists so that a balance study can measure it (``balance whatif``). Nothing when the Cult is not seated."""
    if state[FACTION_SEAT + LIZARDS] < 0:
        return
    k = min(k, state[SUPPLY_WARRIORS + LIZARDS])
    state[SUPPLY_WARRIORS + LIZARDS] -= k
    state[LZ_ACOLYTES] += k


@njit(cache=True)
def setup_at(state, c):
    """Law 10.3.2: four warriors and a matching garden in the corner, a warrior in each adjacent clearing. Advanced
    Setup (the Cult's setup card): the garden matches the homeland's suit marker (A.1); three warriors in the adjacent
    clearings as evenly as possible (the Cult chooses, homelands.spread_evenly) and two in the Acolytes box.
    Returns True when a choice of where the warriors go is pending (the program counter is then PC_LZ_OUTCAST's)."""
    set_homeland(state, LIZARDS, c)
    place_warriors(state, LIZARDS, c, SETUP_CORNER_WARRIORS)
    place_building(state, BT_GARDEN + state[CLEARING_SUITS + c], c)
    if advanced(state):
        start_acolytes(state, ADV_SETUP_ACOLYTES)
        goto(state, PC_LZ_OUTCAST)
        return spread_evenly(state, LIZARDS, c, ADV_SETUP_ADJACENT, PC_LZ_OUTCAST)
    for b in range(NC):
        if adjacent(state, c, b) and may_place(state, LIZARDS, b):
            place_warriors(state, LIZARDS, b, 1)
    return False


@njit(cache=True)
def starting_corner_of(state, f):
    """The corner of f's starting piece (the Marquise's keep, the Eyrie's first roost), -1 if none."""
    if state[FACTION_SEAT + f] < 0:
        return -1
    if f == MARQUISE:
        return keep_clearing(state)
    for i in range(N_CORNERS):
        if state[BUILDINGS + BT_ROOST * NC + corner(state, i)] > 0:
            return corner(state, i)
    return -1


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    f = LIZARDS
    if pc == PC_LZ_SETUP:
        # Law 10.3.2: opposite the keep or the Eyrie's roost; with both in play, one of the two other
        # corners. With neither, any corner (docs/rules.md, Readings: the seed text is silent).
        # Advanced Setup (the Cult's setup card): any homeland not adjacent to enemy homelands if able (A.8.2).
        keep = starting_corner_of(state, MARQUISE)
        roost = starting_corner_of(state, EYRIE)
        if (keep >= 0) != (roost >= 0) and not advanced(state):
            setup_at(state, opposite_corner(state, keep if keep >= 0 else roost))
            goto(state, PC_LZ_OUTCAST)
            return False
        offer(state)
        if advanced(state):
            allow_clearings(state, card_homelands(state, f, False, True))
        else:
            for i in range(N_CORNERS):
                c = corner(state, i)
                if c != keep and c != roost:
                    allow(state, A_CLEARING + c)
        wait(state, D_LZ_CORNER, f)
        return True
    if pc == PC_LZ_OUTCAST:
        # Law 10.3.3: the outcast marker on any suit, its Outcast side up.
        offer(state)
        for s in range(3):
            allow(state, A_OPT + OPT_SUIT + s)
        wait(state, D_LZ_OUTCAST, f)
        return True
    if pc == PC_LZ_BIRDSONG:
        adjust_outcast(state)      # Law 10.4.1
        discard_lost_souls(state)  # Law 10.4.2
        goto(state, PC_LZ_CONSPIRE)
        return False
    if pc == PC_LZ_CONSPIRE:
        # Law 10.4.3: conspiracies in any order and number, paid with acolytes.
        offer(state)
        for k in range(3):
            if conspiracy_possible(state, k):
                allow(state, A_OPT + OPT_CONSPIRACY + k)
        if wait_optional(state, D_LZ_CONSPIRACY, f):
            return True
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_LZ_CONSPIRE_WHERE:
        convert = state[REG + R_LZ_RITUAL] == OPT_CONSPIRACY + CONVERT
        offer(state)
        for c in range(NC):
            if (can_convert_at(state, c) if convert else can_sanctify_at(state, c)):
                allow(state, A_CLEARING + c)
        wait(state, D_LZ_CONSPIRE_WHERE, f)
        return True
    if pc == PC_LZ_CRUSADE:
        # Law 10.4.3.I: battle in an Outcast clearing, or move from one (then perhaps battle there).
        suit = state[LZ_OUTCAST]
        offer(state)
        if any_battle(state, f, suit):
            allow(state, A_OPT + OPT_BATTLE)
        if any_move(state, f, suit):
            allow(state, A_OPT + OPT_MOVE)
        wait(state, D_LZ_CRUSADE, f)
        return True
    if pc == PC_LZ_CRUSADE_BATTLE:
        c = state[REG + R_MOVE_TO]
        offer(state)
        if can_battle_in(state, f, c):
            allow(state, A_CLEARING + c)
        if wait_optional(state, D_LZ_CRUSADE_BATTLE, f):
            return True
        goto(state, PC_LZ_CONSPIRE)
        return False
    if pc == PC_LZ_CONVERT_WHOM:
        c = state[REG + R_LZ_TARGET]
        offer(state)
        for g in range(NF):
            if enemy_warriors_here(state, g, c):
                allow(state, A_FACTION + g)
        wait(state, D_LZ_CONVERT_WHOM, f)
        return True
    if pc == PC_LZ_SANCTIFY_WHICH:
        c = state[REG + R_LZ_TARGET]
        offer(state)
        for bt in range(NBT):
            if enemy_building_here(state, bt, c):
                allow(state, A_PIECE + bt)
        wait(state, D_LZ_SANCTIFY_WHICH, f)
        return True
    if pc == PC_LZ_DAYLIGHT:
        # Law 10.5: reveal cards, one ritual each, in any order and number.
        offer(state)
        for r in (OPT_BUILD, OPT_RECRUIT, OPT_SCORE, OPT_SACRIFICE):
            if ritual_possible(state, r):
                allow(state, A_OPT + r)
        offer_daylight_options(state, f)
        return wait_with_done(state, D_LZ_RITUAL, f)
    if pc == PC_LZ_RITUAL_CARD:
        r = state[REG + R_LZ_RITUAL]
        offer(state)
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_HAND + f and ritual_card_ok(state, r, card):
                allow(state, A_CARD + card)
        wait(state, D_LZ_RITUAL_CARD, f)
        return True
    if pc == PC_LZ_RITUAL_WHERE:
        r = state[REG + R_LZ_RITUAL]
        suit = CARD_SUIT[state[REG + R_LZ_CARD]]
        offer(state)
        for c in range(NC):
            if ritual_where_ok(state, r, c, suit):
                allow(state, A_CLEARING + c)
        wait(state, D_LZ_RITUAL_WHERE, f)
        return True
    if pc == PC_LZ_EVENING:
        return_revealed(state, f, False)  # Law 10.6.1: the revealed cards return to hand (everyone saw them)
        goto(state, PC_LZ_CRAFT)
        return False
    if pc == PC_LZ_CRAFT:
        # Law 10.6.2 / 10.2.1: craft by activating gardens of the Outcast suit; Law 13.2.4: Exposure (the returned
        # cards in hand) before, between and after the crafts, before the draw (10.6.3).
        offer(state)
        offer_craftable(state, f)
        offer_exposure(state, f)
        if wait_optional(state, D_LZ_CRAFT, f):
            return True
        goto(state, PC_LZ_DRAW)
        return False
    # PC_LZ_DRAW, Law 10.6.3: one card plus one per uncovered draw bonus, then discard down to five.
    draw(state, f, 1 + draw_bonuses(state))
    goto(state, PC_DISCARD)
    return False


@njit(cache=True)
def decide(state, d, a):
    f = LIZARDS
    if d == D_LZ_CORNER:
        goto(state, PC_LZ_OUTCAST)
        setup_at(state, a - A_CLEARING)
    elif d == D_LZ_OUTCAST:
        state[LZ_OUTCAST] = a - A_OPT - OPT_SUIT
        state[LZ_HATED] = 0
        goto(state, PC_SETUP_NEXT_FACTION)
    elif d == D_LZ_CONSPIRACY:
        if a == A_DONE:
            goto(state, PC_BIRD_CARDS_POST)
            return
        k = a - A_OPT - OPT_CONSPIRACY
        cost = conspiracy_cost(state, k)
        state[LZ_ACOLYTES] -= cost  # spent acolytes return to the supply (10.4.3)
        state[SUPPLY_WARRIORS + f] += cost
        state[REG + R_LZ_RITUAL] = a - A_OPT
        goto(state, PC_LZ_CRUSADE if k == CRUSADE else PC_LZ_CONSPIRE_WHERE)
    elif d == D_LZ_CONSPIRE_WHERE:
        c = a - A_CLEARING
        state[REG + R_LZ_TARGET] = c
        if state[REG + R_LZ_RITUAL] == OPT_CONSPIRACY + CONVERT:
            goto(state, PC_LZ_CONVERT_WHOM)
        else:
            goto(state, PC_LZ_SANCTIFY_WHICH)
    elif d == D_LZ_CRUSADE:
        if a == A_OPT + OPT_BATTLE:
            start_battle(state, state[LZ_OUTCAST], 0, PC_LZ_CONSPIRE)
        else:
            state[REG + R_MOVE_SUIT] = state[LZ_OUTCAST]
            state[REG + R_MOVE_OPTIONAL] = 0
            call(state, PC_MOVE_FROM, PC_LZ_CRUSADE_BATTLE)
    elif d == D_LZ_CRUSADE_BATTLE:
        if a == A_DONE:
            goto(state, PC_LZ_CONSPIRE)
        else:
            start_battle_at(state, a - A_CLEARING, PC_LZ_CONSPIRE)
    elif d == D_LZ_CONVERT_WHOM:
        # Law 10.4.3.II: remove the enemy warrior, then place a Cult warrior there.
        c = state[REG + R_LZ_TARGET]
        remove_warriors(state, a - A_FACTION, c, 1)
        place_warriors(state, f, c, 1)
        call(state, PC_FIELD_HOSPITALS, PC_LZ_CONSPIRE)
    elif d == D_LZ_SANCTIFY_WHICH:
        # Law 10.4.3.III: remove the enemy building (3.2.1: one VP), then place a matching garden.
        c = state[REG + R_LZ_TARGET]
        remove_piece(state, a - A_PIECE, c, f)
        place_building(state, BT_GARDEN + state[CLEARING_SUITS + c], c)
        call(state, PC_FIELD_HOSPITALS, PC_LZ_CONSPIRE)
    elif d == D_LZ_RITUAL:
        if a == A_DONE:
            goto(state, PC_EVENING_START)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        else:
            state[REG + R_LZ_RITUAL] = a - A_OPT
            goto(state, PC_LZ_RITUAL_CARD)
    elif d == D_LZ_RITUAL_CARD:
        card = a - A_CARD
        r = state[REG + R_LZ_RITUAL]
        reveal(state, card)
        state[REG + R_LZ_CARD] = card
        if r == OPT_SCORE:
            # Law 10.5.3: spend the revealed card (to the Lost Souls pile) and score the VP above the
            # rightmost empty space of its suit's gardens track, once per suit per turn.
            suit = CARD_SUIT[card]
            state[LZ_SCORED] |= 1 << suit
            discard(state, card)
            score(state, f, LZ_GARDEN_VP[gardens_of(state, suit) - 1], VS_GARDENS)
            goto(state, PC_LZ_DAYLIGHT)
        elif r == OPT_SACRIFICE:
            state[SUPPLY_WARRIORS + f] -= 1  # Law 10.5.4: a warrior from supply to the Acolytes box
            state[LZ_ACOLYTES] += 1
            goto(state, PC_LZ_DAYLIGHT)
        else:
            goto(state, PC_LZ_RITUAL_WHERE)
    elif d == D_LZ_RITUAL_WHERE:
        c = a - A_CLEARING
        if state[REG + R_LZ_RITUAL] == OPT_BUILD:
            place_building(state, BT_GARDEN + CARD_SUIT[state[REG + R_LZ_CARD]], c)  # Law 10.5.1
        else:
            place_warriors(state, f, c, 1)  # Law 10.5.2
        goto(state, PC_LZ_DAYLIGHT)
    else:  # D_LZ_CRAFT
        if a == A_DONE:
            goto(state, PC_LZ_DRAW)
        elif is_exposure(a):
            start_exposure(state)
        else:
            start_craft(state, a - A_CARD, PC_LZ_CRAFT)

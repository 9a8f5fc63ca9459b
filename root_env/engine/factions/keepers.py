"""Keepers in Iron (Law 15): setup with the relics, Encamp, Decamp, Recruit, Daylight crafting with waystations, the
Retinue's columns (Move; Battle then Delve; Move or Recover) with their discard checks, Live Off the Land, Gather Retinue
and the Evening draw.

Rules that change what others do, or how the shared mechanism treats the Keepers, live in it, each in one place: the
relics themselves in ``engine.relics`` (counted by kind wherever they are); Devout Knights (15.2.4) in
``battle.allocate`` (the first hit the Keepers take ignored, the ambush's too) and ``movement`` (a relic carried with
each moved Keeper warrior, ``PC_MOVE_CARRY``); Prized Trophies (15.2.5) in ``board.remove_piece`` (every removal, of
every faction, bot, Favor card and bomb: one VP more) and ``interrupts`` (the remover puts the relic in a forest face
up); crafting with waystations (15.2.3) in ``craft.crafting_pieces``; the Retinue's card locations in ``cards`` and
``invariants``; the Keepers' steps in ``turn`` (per-turn bookkeeping in ``reset_turn``).

Relic values are hidden while face down (15.2.1): Delve takes a face-down relic by its type and the engine draws which
one (``OPT_HIDDEN_RELIC``), so no action names a value the Keepers cannot see.
"""
import numpy as np
from ..jit import njit

from ...data import (NC, NCARD, CARD_SUIT, BIRD, KEEPERS, BT_WAYSTATION, KP_WAYSTATIONS, WAYSTATION_FACES, NRELIC_KINDS,
                     NRELIC_TYPES, NRELIC_VALUES, RELIC_KIND_TYPE, RELIC_KIND_VALUE, RELIC_KIND_TOTAL, TT_RELIC, NBT,
                     KP_SETUP_WARRIORS, KP_RECRUIT_WARRIORS, KP_LIVE_OFF_LAND, KP_RETINUE_MAX, KP_COLUMN_VP,
                     FAITHFUL_RETAINERS, RETINUE_COLUMNS, RETINUE_MOVE, RETINUE_BATTLE, RETINUE_RECOVER)
from ..geometry import adjacent, n_forests, forest_touches, on_map_edge
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_OPT, A_PIECE, A_FOREST, OPT_MOVE, OPT_RECOVER, OPT_WAYSTATION,
                      OPT_RETAINER, OPT_RETINUE, OPT_HIDDEN_RELIC, D_KP_CORNER, D_KP_EDGE, D_KP_ENCAMP, D_KP_ENCAMP_WS,
                      D_KP_DECAMP, D_KP_DECAMP_WS, D_KP_RECRUIT_WHERE, D_KP_RECRUIT_CARD, D_KP_CRAFT, D_KP_RETINUE,
                      D_KP_BATTLE_WHERE, D_KP_DELVE, D_KP_DELVE_RELIC, D_KP_MOVE_OR_RECOVER, D_KP_RECOVER_WHERE,
                      D_KP_RECOVER_RELIC, D_KP_GATHER, D_KP_GATHER_COL)
from ...layout import (CLEARING_SUITS, REG, CARD_LOC, CARD_FLAG, CARD_KNOWN, LOC_HAND, LOC_RETINUE, BUILDINGS, TOKENS,
                       SUPPLY_WARRIORS, NSEATS, SEAT_FACTION, R_MOVE_SUIT, R_MOVE_OPTIONAL, VS_RELICS, LEGAL_N,
                       KP_FOREST_UP, KP_FOREST_DOWN, KP_RESERVE, KP_RECOVERED, KP_WS_FACE, KP_RETAINERS, KP_RET_USED,
                       KP_COL, KP_CARD, KP_CLEARING, KP_FOREST, KP_STEP, KP_ENCAMPED, KP_DECAMPED, KP_FALLBACK, KP_AGAIN,
                       KP_ADDED, KP_SHIFTED)
from ..homelands import (advanced, set_homeland, standard_corners, far_homelands, card_homelands, enemy_homelands,
                         HOMELAND_DIST)
from ..board import (warriors, rules, may_place, open_slots, place_warriors, remove_warriors, place_building,
                     building_supply, has_pieces, buildings_on_map)
from ..cards import draw, discard, leave_hand, count_in_hand, allow_matching, ALL_KNOW
from ..enemies import is_enemy
from ..score import score
from ..rng import rng_int, rng_shuffle
from ..craft import offer_craftable, start_craft
from ..movement import any_move
from ..battle import can_battle_in, start_battle_at
from ..card_effects import (offer_daylight_options, is_daylight_option, start_daylight_option,
                            daylight_options_or_evening)
from ..relics import relics_in_forest
from ..machine import (PC_KP_SETUP, PC_KP_CORNER, PC_KP_EDGE, PC_KP_ENCAMP, PC_KP_ENCAMP_WS, PC_KP_DECAMP,
                       PC_KP_DECAMP_WS, PC_KP_RECRUIT, PC_KP_RECRUIT_CARD, PC_KP_CRAFT, PC_KP_RETINUE, PC_KP_BATTLE_WHERE,
                       PC_KP_DELVE, PC_KP_DELVE_RELIC, PC_KP_MOVE_OR_RECOVER, PC_KP_RECOVER_WHERE, PC_KP_RECOVER_RELIC,
                       PC_KP_EVENING, PC_KP_GATHER, PC_KP_GATHER_COL, PC_KP_DRAW, PC_SETUP_NEXT_FACTION,
                       PC_BIRD_CARDS_POST, PC_EVENING_START, PC_DISCARD, PC_MOVE_FROM, offer, allow, allow_clearings, wait,
                       wait_optional,
                       wait_with_done, goto, call)

F = KEEPERS
RETAINER = NCARD  # KP_CARD: a Faithful Retainer acts (or is shifted) rather than a card


# ------------------------------------------------------------- helpers
@njit(cache=True)
def waystation_at(state, w, c):
    return state[BUILDINGS + (BT_WAYSTATION + w) * NC + c] > 0


@njit(cache=True)
def waystations_in(state, c):
    n = 0
    for w in range(KP_WAYSTATIONS):
        n += state[BUILDINGS + (BT_WAYSTATION + w) * NC + c]
    return n


@njit(cache=True)
def face_type(state, w):
    """The relic type on waystation w's face up (Law 15.2.2)."""
    return WAYSTATION_FACES[w, state[KP_WS_FACE + w]]


@njit(cache=True)
def recoverable(state, c, k):
    """Law 15.5.2.III.a: a relic of kind k in c whose type is the face-up type of a waystation there."""
    if state[TOKENS + (TT_RELIC + k) * NC + c] == 0:
        return False
    for w in range(KP_WAYSTATIONS):
        if waystation_at(state, w, c) and face_type(state, w) == RELIC_KIND_TYPE[k]:
            return True
    return False


@njit(cache=True)
def card_suit(state, card):
    """The suit of a Retinue card: a Faithful Retainer is a bird card (docs/rules.md, Game data)."""
    return BIRD if card == RETAINER else CARD_SUIT[card]


@njit(cache=True)
def suit_arg(suit):
    """The suit argument of the shared "any clearing of a suit" helpers: a bird card matches any clearing (Law 2.1.1)."""
    return -1 if suit == BIRD else suit


@njit(cache=True)
def clearing_matches(state, c, suit):
    return suit == BIRD or state[CLEARING_SUITS + c] == suit


@njit(cache=True)
def enemy_pieces_in(state, c):
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != F and is_enemy(state, F, g) and has_pieces(state, g, c):
            return True
    return False


@njit(cache=True)
def can_delve_at(state, c):
    """Law 15.5.2.II: the Keepers rule c with a Keeper warrior there, and an adjacent forest holds a relic."""
    if warriors(state, F, c) == 0 or not rules(state, F, c):
        return False
    for fo in range(n_forests(state)):
        if forest_touches(state, fo, c) and relics_in_forest(state, fo) > 0:
            return True
    return False


@njit(cache=True)
def battle_delve_ok(state, c, suit):
    """Law 15.5.2.II: a clearing of the card's suit where the action does something: a battle the Keepers must fight
    (enemy pieces there, a Keeper warrior to battle with), or with no enemy there, a delve."""
    if not clearing_matches(state, c, suit) or warriors(state, F, c) == 0:
        return False
    if enemy_pieces_in(state, c):
        return can_battle_in(state, F, c)
    return can_delve_at(state, c)


@njit(cache=True)
def can_recover_at(state, c, suit):
    if not clearing_matches(state, c, suit):
        return False
    for k in range(NRELIC_KINDS):
        if recoverable(state, c, k):
            return True
    return False


@njit(cache=True)
def action_clearings(state, col, suit):
    """Bitmask of the clearings where a Retinue card of `suit` battles then delves (col RETINUE_BATTLE, Law
    15.5.2.II) or recovers (otherwise, 15.5.2.III)."""
    m = 0
    for c in range(NC):
        if battle_delve_ok(state, c, suit) if col == RETINUE_BATTLE else can_recover_at(state, c, suit):
            m |= 1 << c
    return m


@njit(cache=True)
def usable(state, col, suit):
    """A Retinue card of `suit` in column `col` has an action to take (Law 15.5.2)."""
    if col == RETINUE_MOVE:
        return any_move(state, F, suit_arg(suit))
    if col == RETINUE_BATTLE:
        return action_clearings(state, col, suit) != 0
    return any_move(state, F, suit_arg(suit)) or action_clearings(state, col, suit) != 0


@njit(cache=True)
def retinue_cards(state):
    """Cards of the deck in the Retinue's columns (Faithful Retainers aside)."""
    n = 0
    for card in range(NCARD):
        loc = state[CARD_LOC + card]
        if LOC_RETINUE <= loc < LOC_RETINUE + RETINUE_COLUMNS:
            n += 1
    return n


@njit(cache=True)
def retinue_size(state):
    """Cards in the Retinue, Faithful Retainers included (Law 15.6.2: at most ten; docs/rules.md)."""
    n = retinue_cards(state)
    for col in range(RETINUE_COLUMNS):
        n += state[KP_RETAINERS + col]
    return n


@njit(cache=True)
def recovered_of_type(state, t):
    n = 0
    for v in range(NRELIC_VALUES):
        n += state[KP_RECOVERED + t * NRELIC_VALUES + v]
    return n


@njit(cache=True)
def full_columns(state):
    """Relics columns filled: a column is filled when each type has a relic in it (Law 15.5.2.III.b)."""
    m = recovered_of_type(state, 0)
    for t in range(1, NRELIC_TYPES):
        n = recovered_of_type(state, t)
        if n < m:
            m = n
    return m


@njit(cache=True)
def ruled_touching(state, fo):
    """Law 15.5.2.II.b: clearings the Keepers rule adjacent to forest fo."""
    n = 0
    for c in range(NC):
        if forest_touches(state, fo, c) and rules(state, F, c):
            n += 1
    return n


@njit(cache=True)
def ruled_of_suit(state, suit):
    """Law 15.5.2.III.c: clearings the Keepers rule of the suit."""
    n = 0
    for c in range(NC):
        if state[CLEARING_SUITS + c] == suit and rules(state, F, c):
            n += 1
    return n


@njit(cache=True)
def random_kind(state, row, t):
    """A relic kind drawn at random from the counts at `row` (of type t, any type if t < 0), weighted by the counts."""
    total = 0
    for k in range(NRELIC_KINDS):
        if t < 0 or RELIC_KIND_TYPE[k] == t:
            total += state[row + k]
    r = rng_int(state, total)
    for k in range(NRELIC_KINDS):
        if t < 0 or RELIC_KIND_TYPE[k] == t:
            r -= state[row + k]
            if r < 0:
                return k
    return -1


@njit(cache=True)
def hide_relic(state, fo):
    """A relic from the setup's reserve goes face down into forest fo, drawn at random (15.3.1, 15.3.4)."""
    k = random_kind(state, KP_RESERVE, -1)
    state[KP_RESERVE + k] -= 1
    state[KP_FOREST_DOWN + fo * NRELIC_KINDS + k] += 1


@njit(cache=True)
def discard_used(state):
    """Law 15.5.2.II.b / III.c: discard the Retinue card used; a Faithful Retainer leaves the game (its card text,
    docs/rules.md)."""
    card = state[KP_CARD]
    if card == RETAINER:
        col = state[KP_COL]
        state[KP_RETAINERS + col] -= 1
        state[KP_RET_USED + col] -= 1
    elif card >= 0:
        discard(state, card)


@njit(cache=True)
def end_action(state):
    state[KP_CARD] = -1
    state[KP_CLEARING] = -1
    state[KP_FOREST] = -1
    state[KP_STEP] &= ~KP_AGAIN
    goto(state, PC_KP_RETINUE)


@njit(cache=True)
def finish_setup(state):
    """Law 15.3.4: the remaining relics at random, as evenly as possible, among the forests not adjacent to clearings
    with Keeper warriors (all forests when every forest is: docs/rules.md); 15.3.5: a Faithful Retainer in each column."""
    nf = n_forests(state)
    far = np.zeros(nf, np.int64)
    m = 0
    for fo in range(nf):
        near = False
        for c in range(NC):
            if forest_touches(state, fo, c) and warriors(state, F, c) > 0:
                near = True
        if not near:
            far[m] = fo
            m += 1
    if m == 0:
        for fo in range(nf):
            far[fo] = fo
        m = nf
    rng_shuffle(state, far, 0, m)  # which forests take one relic more
    left = 0
    for k in range(NRELIC_KINDS):
        left += state[KP_RESERVE + k]
    for i in range(left):
        hide_relic(state, far[i % m])
    for col in range(RETINUE_COLUMNS):
        state[KP_RETAINERS + col] = FAITHFUL_RETAINERS // RETINUE_COLUMNS
    state[KP_CLEARING] = -1
    goto(state, PC_SETUP_NEXT_FACTION)


@njit(cache=True)
def edge_choices(state):
    """Law 15.3.3: a clearing on the map edge adjacent to the chosen corner; Advanced Setup (the Marauder setup card):
    the second homeland, on the map edge and adjacent to the first, as far from enemy homelands as able (A.8.2)."""
    c = state[KP_CLEARING]
    m = 0
    for b in range(NC):
        if adjacent(state, c, b) and on_map_edge(state, b) and may_place(state, F, b):
            m |= 1 << b
    if advanced(state):
        return far_homelands(state, F, m, False, HOMELAND_DIST[F])
    return m


@njit(cache=True)
def corner_choices(state):
    """Law 15.3.3 (homelands.standard_corners); Advanced Setup: any map-edge clearing as far from enemy homelands as
    able (the Marauder setup card; A.8.2.II)."""
    if not advanced(state):
        return standard_corners(state, F, False)
    # the card's "2 adjacent homeland clearings on the map edge": a first homeland with a second beside it (A.8.2.I)
    taken = enemy_homelands(state, F)
    m = 0
    for c in range(NC):
        if on_map_edge(state, c):
            for b in range(NC):
                if adjacent(state, c, b) and on_map_edge(state, b) and may_place(state, F, b) and not (taken >> b) & 1:
                    m |= 1 << c
                    break
    found = far_homelands(state, F, m, False, HOMELAND_DIST[F])
    return found if found != 0 else card_homelands(state, F, True, False)


@njit(cache=True)
def encamp_fallback(state):
    """Law 15.4.1: no Keeper warrior and no waystation on the map."""
    for c in range(NC):
        if warriors(state, F, c) > 0 or waystations_in(state, c) > 0:
            return False
    return True


@njit(cache=True)
def any_waystation_supply(state):
    for w in range(KP_WAYSTATIONS):
        if building_supply(state, BT_WAYSTATION + w) > 0:
            return True
    return False


@njit(cache=True)
def acting_suit(state):
    return card_suit(state, state[KP_CARD])


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    if pc == PC_KP_SETUP:
        # Law 15.3.1: the twelve relics shuffled face down, one at random in each forest (the rest wait, 15.3.4).
        for k in range(NRELIC_KINDS):
            state[KP_RESERVE + k] = RELIC_KIND_TOTAL[k]
        for fo in range(n_forests(state)):
            hide_relic(state, fo)
        goto(state, PC_KP_CORNER)
        return False
    if pc == PC_KP_CORNER:
        offer(state)
        allow_clearings(state, corner_choices(state))
        if wait(state, D_KP_CORNER, F):
            return True
        finish_setup(state)  # no corner is free (not with the factions here)
        return False
    if pc == PC_KP_EDGE:
        offer(state)
        allow_clearings(state, edge_choices(state))
        if wait(state, D_KP_EDGE, F):
            return True
        finish_setup(state)
        return False
    if pc == PC_KP_ENCAMP:
        # Law 15.4.1 Encamp: once per clearing, replace a Keeper warrior with a waystation; with no warrior and no
        # waystation on the map, place a waystation and a warrior in a map-edge clearing instead (not optional: docs/rules.md).
        offer(state)
        if encamp_fallback(state):
            for c in range(NC):
                if on_map_edge(state, c) and may_place(state, F, c) and state[SUPPLY_WARRIORS + F] > 0:
                    allow(state, A_CLEARING + c)
            if wait(state, D_KP_ENCAMP, F):
                return True
        elif any_waystation_supply(state):
            for c in range(NC):
                if (warriors(state, F, c) > 0 and (state[KP_ENCAMPED] >> c) & 1 == 0 and open_slots(state, c) > 0
                        and may_place(state, F, c)):
                    allow(state, A_CLEARING + c)
            if wait_optional(state, D_KP_ENCAMP, F):
                return True
        goto(state, PC_KP_DECAMP)
        return False
    if pc == PC_KP_ENCAMP_WS or pc == PC_KP_DECAMP_WS:
        c = state[KP_CLEARING]
        offer(state)
        for w in range(KP_WAYSTATIONS):
            if pc == PC_KP_ENCAMP_WS and building_supply(state, BT_WAYSTATION + w) > 0:
                allow(state, A_OPT + OPT_WAYSTATION + 2 * w)  # Law 15.4.1: either face up
                allow(state, A_OPT + OPT_WAYSTATION + 2 * w + 1)
            elif pc == PC_KP_DECAMP_WS and waystation_at(state, w, c):
                allow(state, A_OPT + OPT_WAYSTATION + 2 * w + state[KP_WS_FACE + w])
        wait(state, D_KP_ENCAMP_WS if pc == PC_KP_ENCAMP_WS else D_KP_DECAMP_WS, F)
        return True
    if pc == PC_KP_DECAMP:
        # Law 15.4.2 Decamp: once per clearing, replace a waystation with a Keeper warrior.
        offer(state)
        if state[SUPPLY_WARRIORS + F] > 0:
            for c in range(NC):
                if waystations_in(state, c) > 0 and (state[KP_DECAMPED] >> c) & 1 == 0 and may_place(state, F, c):
                    allow(state, A_CLEARING + c)
        if wait_optional(state, D_KP_DECAMP, F):
            return True
        goto(state, PC_KP_RECRUIT)
        return False
    if pc == PC_KP_RECRUIT:
        # Law 15.4.3 Recruit: any number of times, spend a card to place two warriors at a matching waystation.
        offer(state)
        if state[SUPPLY_WARRIORS + F] > 0:
            for c in range(NC):
                if (waystations_in(state, c) > 0 and may_place(state, F, c)
                        and count_in_hand(state, F, state[CLEARING_SUITS + c]) > 0):
                    allow(state, A_CLEARING + c)
        if wait_optional(state, D_KP_RECRUIT_WHERE, F):
            return True
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_KP_RECRUIT_CARD:
        suit = state[CLEARING_SUITS + state[KP_CLEARING]]
        offer(state)
        allow_matching(state, F, suit)
        wait(state, D_KP_RECRUIT_CARD, F)
        return True
    if pc == PC_KP_CRAFT:
        # Law 15.5.1 / 15.2.3: craft by activating waystations (of any type); card Daylight options alongside.
        offer(state)
        offer_craftable(state, F)
        offer_daylight_options(state, F)
        if wait_optional(state, D_KP_CRAFT, F):
            return True
        goto(state, PC_KP_RETINUE)
        return False
    if pc == PC_KP_RETINUE:
        # Law 15.5.2: the columns left to right; each card of the column, in any order, may take the column's action.
        col = state[KP_COL]
        while col < RETINUE_COLUMNS:
            offer(state)
            for card in range(NCARD):
                if (state[CARD_LOC + card] == LOC_RETINUE + col and state[CARD_FLAG + card] == 0
                        and usable(state, col, CARD_SUIT[card])):
                    allow(state, A_CARD + card)
            if state[KP_RETAINERS + col] > state[KP_RET_USED + col] and usable(state, col, BIRD):
                allow(state, A_OPT + OPT_RETAINER + col)
            if state[LEGAL_N] > 0:
                offer_daylight_options(state, F)
                return wait_with_done(state, D_KP_RETINUE, F)
            col += 1
            state[KP_COL] = col  # nothing left to do in this column
        offer(state)  # the Retinue exhausted: Daylight goes on (Law 3.3.1, 3.3.4, ...)
        return daylight_options_or_evening(state, D_KP_RETINUE, F)
    if pc == PC_KP_BATTLE_WHERE or pc == PC_KP_RECOVER_WHERE:
        offer(state)
        allow_clearings(state, action_clearings(state, RETINUE_BATTLE if pc == PC_KP_BATTLE_WHERE else RETINUE_RECOVER,
                                           acting_suit(state)))
        wait(state, D_KP_BATTLE_WHERE if pc == PC_KP_BATTLE_WHERE else D_KP_RECOVER_WHERE, F)
        return True
    if pc == PC_KP_DELVE:
        # Law 15.5.2.II: then, ruling the clearing with a Keeper warrior there, the Keepers may delve.
        c = state[KP_CLEARING]
        offer(state)
        if warriors(state, F, c) > 0 and rules(state, F, c):
            for fo in range(n_forests(state)):
                if forest_touches(state, fo, c) and relics_in_forest(state, fo) > 0:
                    allow(state, A_FOREST + fo)
        if wait_optional(state, D_KP_DELVE, F):
            return True
        end_action(state)
        return False
    if pc == PC_KP_DELVE_RELIC:
        fo = state[KP_FOREST]
        offer(state)
        for k in range(NRELIC_KINDS):
            if state[KP_FOREST_UP + fo * NRELIC_KINDS + k] > 0:
                allow(state, A_PIECE + NBT + TT_RELIC + k)  # a face-up relic: its value shows
        for t in range(NRELIC_TYPES):
            for k in range(NRELIC_KINDS):
                if RELIC_KIND_TYPE[k] == t and state[KP_FOREST_DOWN + fo * NRELIC_KINDS + k] > 0:
                    allow(state, A_OPT + OPT_HIDDEN_RELIC + t)  # a face-down one: only its type shows
                    break
        wait(state, D_KP_DELVE_RELIC, F)
        return True
    if pc == PC_KP_MOVE_OR_RECOVER:
        suit = acting_suit(state)
        offer(state)
        if any_move(state, F, suit_arg(suit)):
            allow(state, A_OPT + OPT_MOVE)
        if action_clearings(state, RETINUE_RECOVER, suit) != 0:
            allow(state, A_OPT + OPT_RECOVER)
        wait(state, D_KP_MOVE_OR_RECOVER, F)
        return True
    if pc == PC_KP_RECOVER_RELIC:
        # Law 15.5.2.III.a: take a relic of a type a waystation there shows; after a relic, taking another is optional.
        c = state[KP_CLEARING]
        offer(state)
        for k in range(NRELIC_KINDS):
            if recoverable(state, c, k):
                allow(state, A_PIECE + NBT + TT_RELIC + k)
        again = state[KP_STEP] & KP_AGAIN != 0
        if (wait_optional(state, D_KP_RECOVER_RELIC, F) if again else wait(state, D_KP_RECOVER_RELIC, F)):
            return True
        end_action(state)
        return False
    if pc == PC_KP_EVENING:
        # Law 15.6.1 Live Off the Land: one Keeper warrior leaves each clearing with four or more.
        for c in range(NC):
            if warriors(state, F, c) >= KP_LIVE_OFF_LAND:
                remove_warriors(state, F, c, 1)
        state[KP_STEP] &= ~(KP_ADDED | KP_SHIFTED)
        for col in range(RETINUE_COLUMNS):
            state[KP_RET_USED + col] = 0  # Daylight is over (a Faithful Retainer may now be shifted, 15.6.2)
        goto(state, PC_KP_GATHER)
        return False
    if pc == PC_KP_GATHER:
        # Law 15.6.2 Gather Retinue: add any number of hand cards to any columns, or shift one Retinue card.
        offer(state)
        st = state[KP_STEP]
        if st & KP_SHIFTED == 0:
            room = retinue_size(state) < KP_RETINUE_MAX
            for card in range(NCARD):
                loc = state[CARD_LOC + card]
                if (loc == LOC_HAND + F and room) or (st & KP_ADDED == 0 and LOC_RETINUE <= loc < LOC_RETINUE + RETINUE_COLUMNS):
                    allow(state, A_CARD + card)
            if st & KP_ADDED == 0:
                for col in range(RETINUE_COLUMNS):
                    if state[KP_RETAINERS + col] > 0:
                        allow(state, A_OPT + OPT_RETAINER + col)
        if wait_optional(state, D_KP_GATHER, F):
            return True
        goto(state, PC_KP_DRAW)
        return False
    if pc == PC_KP_GATHER_COL:
        card = state[KP_CARD]
        if card == RETAINER:
            now = state[KP_CLEARING]
        elif state[CARD_LOC + card] == LOC_HAND + F:
            now = -1
        else:
            now = state[CARD_LOC + card] - LOC_RETINUE
        offer(state)
        for col in range(RETINUE_COLUMNS):
            if col != now:
                allow(state, A_OPT + OPT_RETINUE + col)
        wait(state, D_KP_GATHER_COL, F)
        return True
    # PC_KP_DRAW: Law 15.6.3: one card, plus one per uncovered draw bonus (each waystation on the map); then five.
    n = 1
    for w in range(KP_WAYSTATIONS):
        n += buildings_on_map(state, BT_WAYSTATION + w)  # Law 15.6.3: each waystation on the map uncovers a draw bonus
    draw(state, F, n)
    goto(state, PC_DISCARD)
    return False


@njit(cache=True)
def decide(state, d, a):
    if d == D_KP_CORNER:
        c = a - A_CLEARING
        set_homeland(state, F, c)
        place_warriors(state, F, c, KP_SETUP_WARRIORS)
        state[KP_CLEARING] = c
        goto(state, PC_KP_EDGE)
    elif d == D_KP_EDGE:
        b = a - A_CLEARING
        place_warriors(state, F, b, KP_SETUP_WARRIORS)
        if advanced(state):
            set_homeland(state, F, b)  # the Marauder setup card: two homelands
        finish_setup(state)
    elif d == D_KP_ENCAMP:
        if a == A_DONE:
            goto(state, PC_KP_DECAMP)
            return
        c = a - A_CLEARING
        state[KP_CLEARING] = c
        if encamp_fallback(state):
            state[KP_STEP] |= KP_FALLBACK
            place_warriors(state, F, c, 1)
            if open_slots(state, c) == 0:  # no slot for the waystation: the warrior alone (docs/rules.md)
                state[KP_STEP] &= ~KP_FALLBACK
                state[KP_CLEARING] = -1
                goto(state, PC_KP_DECAMP)
                return
        goto(state, PC_KP_ENCAMP_WS)
    elif d == D_KP_ENCAMP_WS:
        o = a - A_OPT - OPT_WAYSTATION
        w = o // 2
        c = state[KP_CLEARING]
        fallback = state[KP_STEP] & KP_FALLBACK != 0
        if not fallback:
            remove_warriors(state, F, c, 1)  # replaced: back to the supply
        place_building(state, BT_WAYSTATION + w, c)
        state[KP_WS_FACE + w] = o % 2
        state[KP_ENCAMPED] |= 1 << c
        state[KP_CLEARING] = -1
        state[KP_STEP] &= ~KP_FALLBACK
        goto(state, PC_KP_DECAMP if fallback else PC_KP_ENCAMP)
    elif d == D_KP_DECAMP:
        if a == A_DONE:
            goto(state, PC_KP_RECRUIT)
            return
        c = a - A_CLEARING
        state[KP_CLEARING] = c
        if waystations_in(state, c) > 1:
            goto(state, PC_KP_DECAMP_WS)
            return
        for w in range(KP_WAYSTATIONS):
            if waystation_at(state, w, c):
                decamp(state, c, w)
    elif d == D_KP_DECAMP_WS:
        decamp(state, state[KP_CLEARING], (a - A_OPT - OPT_WAYSTATION) // 2)
    elif d == D_KP_RECRUIT_WHERE:
        if a == A_DONE:
            goto(state, PC_BIRD_CARDS_POST)
            return
        state[KP_CLEARING] = a - A_CLEARING
        goto(state, PC_KP_RECRUIT_CARD)
    elif d == D_KP_RECRUIT_CARD:
        discard(state, a - A_CARD)
        place_warriors(state, F, state[KP_CLEARING], KP_RECRUIT_WARRIORS)
        state[KP_CLEARING] = -1
        goto(state, PC_KP_RECRUIT)
    elif d == D_KP_CRAFT:
        if a == A_DONE:
            goto(state, PC_KP_RETINUE)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        else:
            start_craft(state, a - A_CARD, PC_KP_CRAFT)
    elif d == D_KP_RETINUE:
        col = state[KP_COL]
        if a == A_DONE:
            if col >= RETINUE_COLUMNS:  # done after the last column: end Daylight
                goto(state, PC_EVENING_START)
            else:
                state[KP_COL] = col + 1  # the rest of this column's cards do nothing this turn
            return
        if is_daylight_option(a):
            start_daylight_option(state, a)
            return
        if a >= A_OPT:
            card = RETAINER
            state[KP_RET_USED + col] += 1
        else:
            card = a - A_CARD
            state[CARD_FLAG + card] = 1
        state[KP_CARD] = card
        suit = card_suit(state, card)
        if col == RETINUE_MOVE:
            move_with(state, suit)
        elif col == RETINUE_BATTLE:
            goto(state, PC_KP_BATTLE_WHERE)
        else:
            goto(state, PC_KP_MOVE_OR_RECOVER)
    elif d == D_KP_BATTLE_WHERE:
        c = a - A_CLEARING
        state[KP_CLEARING] = c
        if enemy_pieces_in(state, c):
            start_battle_at(state, c, PC_KP_DELVE)  # Law 15.5.2.II: a battle the Keepers must initiate
        else:
            goto(state, PC_KP_DELVE)
    elif d == D_KP_DELVE:
        if a == A_DONE:
            end_action(state)
            return
        state[KP_FOREST] = a - A_FOREST
        goto(state, PC_KP_DELVE_RELIC)
    elif d == D_KP_DELVE_RELIC:
        fo = state[KP_FOREST]
        if a >= A_PIECE:  # a face-up relic, by kind
            k = a - A_PIECE - NBT - TT_RELIC
            state[KP_FOREST_UP + fo * NRELIC_KINDS + k] -= 1
        else:
            k = random_kind(state, KP_FOREST_DOWN + fo * NRELIC_KINDS, a - A_OPT - OPT_HIDDEN_RELIC)
            state[KP_FOREST_DOWN + fo * NRELIC_KINDS + k] -= 1
        # Law 15.5.2.II.a: into the clearing, face up (a relic in a clearing is a face-up token)
        state[TOKENS + (TT_RELIC + k) * NC + state[KP_CLEARING]] += 1
        if ruled_touching(state, fo) < RELIC_KIND_VALUE[k]:
            discard_used(state)  # Law 15.5.2.II.b
        end_action(state)
    elif d == D_KP_MOVE_OR_RECOVER:
        if a == A_OPT + OPT_MOVE:
            move_with(state, acting_suit(state))
        else:
            goto(state, PC_KP_RECOVER_WHERE)
    elif d == D_KP_RECOVER_WHERE:
        state[KP_CLEARING] = a - A_CLEARING
        state[KP_STEP] &= ~KP_AGAIN
        goto(state, PC_KP_RECOVER_RELIC)
    elif d == D_KP_RECOVER_RELIC:
        if a == A_DONE:
            end_action(state)
            return
        recover(state, a - A_PIECE - NBT - TT_RELIC)
    elif d == D_KP_GATHER:
        if a == A_DONE:
            goto(state, PC_KP_DRAW)
            return
        if a >= A_OPT:
            state[KP_CARD] = RETAINER
            state[KP_CLEARING] = a - A_OPT - OPT_RETAINER  # the retainer's column
        else:
            state[KP_CARD] = a - A_CARD
        goto(state, PC_KP_GATHER_COL)
    else:  # D_KP_GATHER_COL
        col = a - A_OPT - OPT_RETINUE
        card = state[KP_CARD]
        if card == RETAINER:
            state[KP_RETAINERS + state[KP_CLEARING]] -= 1
            state[KP_RETAINERS + col] += 1
            state[KP_STEP] |= KP_SHIFTED
        elif state[CARD_LOC + card] == LOC_HAND + F:
            leave_hand(state, card)
            state[CARD_LOC + card] = LOC_RETINUE + col
            state[CARD_KNOWN + card] = ALL_KNOW  # the Retinue is face up
            state[KP_STEP] |= KP_ADDED
        else:
            state[CARD_LOC + card] = LOC_RETINUE + col
            state[KP_STEP] |= KP_SHIFTED
        state[KP_CARD] = -1
        state[KP_CLEARING] = -1
        goto(state, PC_KP_GATHER)


@njit(cache=True)
def move_with(state, suit):
    """Law 15.5.2.I / III: a move from a clearing of the card's suit (relics may go along: engine.movement)."""
    state[KP_CARD] = -1
    state[REG + R_MOVE_SUIT] = suit_arg(suit)
    state[REG + R_MOVE_OPTIONAL] = 0
    call(state, PC_MOVE_FROM, PC_KP_RETINUE)


@njit(cache=True)
def decamp(state, c, w):
    """Law 15.4.2: the waystation back to the Keepers' board, a warrior in its place."""
    state[BUILDINGS + (BT_WAYSTATION + w) * NC + c] -= 1
    place_warriors(state, F, c, 1)
    state[KP_DECAMPED] |= 1 << c
    state[KP_CLEARING] = -1
    goto(state, PC_KP_DECAMP)


@njit(cache=True)
def recover(state, k):
    """Law 15.5.2.III: take the relic to the Relics spaces, score its value and two for a filled column; then the
    discard check: fewer ruled clearings of the clearing's suit than the value ends the Recover and discards the card."""
    c = state[KP_CLEARING]
    before = full_columns(state)
    state[TOKENS + (TT_RELIC + k) * NC + c] -= 1
    state[KP_RECOVERED + k] += 1
    value = RELIC_KIND_VALUE[k]
    score(state, F, value, VS_RELICS)
    if full_columns(state) > before:
        score(state, F, KP_COLUMN_VP, VS_RELICS)
    if ruled_of_suit(state, state[CLEARING_SUITS + c]) < value:
        discard_used(state)
        end_action(state)
        return
    state[KP_STEP] |= KP_AGAIN

"""Marquise de Cat (Law 6): setup, the Keep, Field Hospitals, wood, Daylight actions, Evening."""
from ..jit import njit

from ...data import (NC, NCARD, CARD_SUIT, BIRD, MARQUISE,
                     BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER, TT_WOOD, TT_KEEP, MQ_BUILD_COST, MQ_BUILD_VP,
                     MQ_RECRUITER_DRAW_BONUS)
from ..geometry import adjacent, N_CORNERS, corner, opposite_corner
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_OPT, A_PIECE, OPT_BATTLE, OPT_MARCH, OPT_RECRUIT, OPT_BUILD,
                      OPT_OVERWORK, D_SETUP_KEEP, D_SETUP_BUILDING, D_MQ_CRAFT, D_MQ_ACTION, D_PAY_BIRD,
                      D_BUILD_TYPE, D_BUILD_WHERE, D_PAY_WOOD, D_OVERWORK_WHERE, D_OVERWORK_CARD, D_FIELD_HOSPITAL)
from ...layout import (CLEARING_SUITS, REG, ACTIVE, LEGAL_N, SCRATCH, TURN_FLAGS, TF_FIELD_HOSPITALS_FIRST, FH_QUEUE, FACTION_SEAT, CARD_LOC, LOC_HAND, MQ_ACTIONS, MQ_RECRUITED, TOKENS,
                       BUILDINGS, SUPPLY_WARRIORS, VS_BUILDING, R_ARG2, R_PAY_VERB, R_BUILD_TYPE, R_BUILD_AT, R_WOOD_LEFT,
                       R_WOOD_AREA, R_MOVE_SUIT, R_MOVE_OPTIONAL, R_FH_CLEARING, HOMELAND)
from ..homelands import (advanced, set_homeland, far_homelands, marquise_homeland_choices, KEEP_DIST,
                         MARQUISE_HOMELANDS)
from ..board import (place_warriors, place_building, place_token, open_slots, ruled_mask, connected_area, buildings_on_map,
                     token_supply, keep_clearing, may_place)
from ..cards import draw, discard, matches, allow_matching, has_matching
from ..score import score
from ..craft import offer_craftable, start_craft
from ..movement import any_move
from ..battle import any_battle, start_battle
from ..placement import start_place, TOKEN_KIND
from ..card_effects import offer_daylight_options, is_daylight_option, start_daylight_option
from ..interrupts import ask_effect_order
from ..machine import (PC_MQ_SETUP_KEEP, PC_MQ_SETUP_BLD, PC_MQ_BIRDSONG, PC_MQ_CRAFT, PC_MQ_ACTIONS, PC_MQ_PAY_BIRD,
                       PC_MQ_MARCH2, PC_MQ_BUILD_TYPE, PC_MQ_BUILD_WHERE, PC_MQ_PAY_WOOD, PC_MQ_OVERWORK_WHERE,
                       PC_MQ_OVERWORK_CARD, PC_MQ_EVENING, PC_SETUP_NEXT_FACTION, PC_BIRD_CARDS_POST, PC_EVENING_START,
                       PC_DISCARD, PC_MOVE_FROM, PC_INTERRUPTS, offer, allow, allow_clearings, wait, wait_with_done, goto,
                       call)

BUILD_TYPES = (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER)


# ------------------------------------------------------------- helpers
@njit(cache=True)
def wood_in(state, area):
    n = 0
    for c in range(NC):
        if (area >> c) & 1:
            n += state[TOKENS + TT_WOOD * NC + c]
    return n


@njit(cache=True)
def build_cost(state, bt):
    """Wood cost of the leftmost building of type bt on the track, or -1 if none is left."""
    m = buildings_on_map(state, bt)
    if m >= MQ_BUILD_COST.shape[0]:
        return -1
    return MQ_BUILD_COST[m]


@njit(cache=True)
def can_build_at(state, bt, c, ruled):
    """Law 6.5.4: a clearing you rule with an open slot, paying wood from clearings you rule
    connected to it."""
    cost = build_cost(state, bt)
    if cost < 0 or (ruled >> c) & 1 == 0 or open_slots(state, c) <= 0 or not may_place(state, MARQUISE, c):
        return False
    return wood_in(state, connected_area(state, c, ruled)) >= cost


@njit(cache=True)
def can_build(state, bt):
    ruled = ruled_mask(state, MARQUISE)
    for c in range(NC):
        if can_build_at(state, bt, c, ruled):
            return True
    return False


@njit(cache=True)
def overwork_clearing_ok(state, c, exclude):
    """Law 6.5.5: a clearing with a sawmill, wood in supply, and a matching card (other than `exclude`)."""
    if state[BUILDINGS + BT_SAWMILL * NC + c] == 0 or not may_place(state, MARQUISE, c):
        return False
    for card in range(NCARD):
        if card != exclude and state[CARD_LOC + card] == LOC_HAND + MARQUISE and matches(card, state[CLEARING_SUITS + c]):
            return True
    return False


@njit(cache=True)
def can_overwork(state, exclude):
    if token_supply(state, TT_WOOD) == 0:
        return False
    for c in range(NC):
        if overwork_clearing_ok(state, c, exclude):
            return True
    return False


@njit(cache=True)
def demand_at(state, bt):
    """One piece to place at each building of type bt (wood at sawmills, warriors at recruiters), where
    placing is allowed (a face-up snare stops it, 13.7.2)."""
    for c in range(NC):
        state[SCRATCH + c] = state[BUILDINGS + bt * NC + c] if may_place(state, MARQUISE, c) else 0


@njit(cache=True)
def placeable_at(state, bt):
    for c in range(NC):
        if state[BUILDINGS + bt * NC + c] > 0 and may_place(state, MARQUISE, c):
            return True
    return False


@njit(cache=True)
def verb_possible(state, verb, exclude):
    if verb == OPT_BATTLE:
        return any_battle(state, MARQUISE, -1)
    if verb == OPT_MARCH:
        return any_move(state, MARQUISE, -1)
    if verb == OPT_RECRUIT:
        # Law 6.5.3: once per turn; place one warrior at each recruiter.
        return state[MQ_RECRUITED] == 0 and state[SUPPLY_WARRIORS + MARQUISE] > 0 and placeable_at(state, BT_RECRUITER)
    if verb == OPT_BUILD:
        for i in range(3):
            if can_build(state, BUILD_TYPES[i]):
                return True
        return False
    return can_overwork(state, exclude)


@njit(cache=True)
def bird_cards(state):
    n = 0
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + MARQUISE and CARD_SUIT[card] == BIRD:
            n += 1
    return n


@njit(cache=True)
def start_verb(state, verb):
    if verb == OPT_BATTLE:
        start_battle(state, -1, 0, PC_MQ_ACTIONS)
    elif verb == OPT_MARCH:
        # Law 6.5.2 March: take two moves (the second may be skipped).
        state[REG + R_MOVE_SUIT] = -1
        state[REG + R_MOVE_OPTIONAL] = 0
        call(state, PC_MOVE_FROM, PC_MQ_MARCH2)
    elif verb == OPT_RECRUIT:
        state[MQ_RECRUITED] = 1
        demand_at(state, BT_RECRUITER)
        goto(state, PC_MQ_ACTIONS)
        start_place(state, MARQUISE, state[SUPPLY_WARRIORS + MARQUISE], PC_MQ_ACTIONS)
    elif verb == OPT_BUILD:
        goto(state, PC_MQ_BUILD_TYPE)
    else:
        goto(state, PC_MQ_OVERWORK_WHERE)


# ------------------------------------------------------------- Advanced Setup
@njit(cache=True)
def advanced_setup_step(state):
    """The Marquise's setup card (Advanced Setup, A.8.2): "Choose 3 homeland clearings, each adjacent to one other",
    two warriors in each and one in every other clearing, the keep in a homeland "not adjacent to an enemy homeland if
    able", the sawmill, workshop and recruiter each in a different homeland. Asked as three building choices (each
    chooses a homeland and the building in it: every way of choosing the card's three homelands and placing the
    buildings is reachable, homelands.marquise_homeland_choices), then the keep among them."""
    f = MARQUISE
    own = state[HOMELAND + f]
    n = 0
    for c in range(NC):
        n += (own >> c) & 1
    offer(state)
    if n < MARQUISE_HOMELANDS:
        state[REG + R_ARG2] = n  # the building this choice places (BUILD_TYPES[n]; actions.describe reads it)
        allow_clearings(state, marquise_homeland_choices(state))
        wait(state, D_SETUP_BUILDING, f)
        return True
    allow_clearings(state, far_homelands(state, f, own, False, KEEP_DIST))
    wait(state, D_SETUP_KEEP, f)
    return True


@njit(cache=True)
def advanced_garrison(state):
    """The Marquise's setup card: two warriors in each of her homelands, one in each other clearing (where she may
    place: 13.7.2 snares; a literal reading, docs/rules.md: enemy homelands included)."""
    own = state[HOMELAND + MARQUISE]
    for c in range(NC):
        if may_place(state, MARQUISE, c):
            place_warriors(state, MARQUISE, c, 2 if (own >> c) & 1 else 1)


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    f = MARQUISE
    if pc == PC_MQ_SETUP_KEEP:
        # Law 6.3.2: the keep in the corner clearing of your choice. Advanced Setup: the Marquise's setup card
        # (advanced_setup_step).
        if advanced(state):
            return advanced_setup_step(state)
        offer(state)
        for i in range(N_CORNERS):
            allow(state, A_CLEARING + corner(state, i))
        wait(state, D_SETUP_KEEP, f)
        return True
    if pc == PC_MQ_SETUP_BLD:
        # Law 6.3.4: sawmill, workshop, recruiter in the keep's clearing or adjacent clearings.
        keep = keep_clearing(state)
        offer(state)
        for c in range(NC):
            if (c == keep or adjacent(state, keep, c)) and open_slots(state, c) > 0:
                allow(state, A_CLEARING + c)
        wait(state, D_SETUP_BUILDING, f)
        return True
    if pc == PC_MQ_BIRDSONG:
        # Law 6.4: one wood at each sawmill (as many as the supply allows, 2.5).
        demand_at(state, BT_SAWMILL)
        goto(state, PC_BIRD_CARDS_POST)
        start_place(state, TOKEN_KIND + TT_WOOD, token_supply(state, TT_WOOD), PC_BIRD_CARDS_POST)
        return False
    if pc == PC_MQ_CRAFT:
        # Law 6.5: first, craft with workshops.
        offer(state)
        offer_craftable(state, f)
        offer_daylight_options(state, f)
        return wait_with_done(state, D_MQ_CRAFT, f)
    if pc == PC_MQ_ACTIONS:
        # Law 6.5: up to three actions, then extra actions for one bird card each.
        offer(state)
        extra = state[MQ_ACTIONS] == 0
        birds = bird_cards(state)
        if not extra or birds > 0:
            for verb in range(OPT_BATTLE, OPT_OVERWORK + 1):
                if verb == OPT_OVERWORK and extra:
                    ok = birds >= 2 or can_overwork_without_bird(state)
                    ok = ok and verb_possible(state, verb, -1)
                else:
                    ok = verb_possible(state, verb, -1)
                if ok:
                    allow(state, A_OPT + verb)
        offer_daylight_options(state, f)
        return wait_with_done(state, D_MQ_ACTION, f)
    if pc == PC_MQ_PAY_BIRD:
        offer(state)
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_HAND + f and CARD_SUIT[card] == BIRD:
                if state[REG + R_PAY_VERB] != OPT_OVERWORK or can_overwork(state, card):
                    allow(state, A_CARD + card)
        wait(state, D_PAY_BIRD, f)
        return True
    if pc == PC_MQ_MARCH2:
        goto(state, PC_MQ_ACTIONS)
        if any_move(state, f, -1):
            state[REG + R_MOVE_OPTIONAL] = 1
            call(state, PC_MOVE_FROM, PC_MQ_ACTIONS)
        return False
    if pc == PC_MQ_BUILD_TYPE:
        offer(state)
        for i in range(3):
            if can_build(state, BUILD_TYPES[i]):
                allow(state, A_PIECE + BUILD_TYPES[i])
        wait(state, D_BUILD_TYPE, f)
        return True
    if pc == PC_MQ_BUILD_WHERE:
        bt = state[REG + R_BUILD_TYPE]
        ruled = ruled_mask(state, f)
        offer(state)
        for c in range(NC):
            if can_build_at(state, bt, c, ruled):
                allow(state, A_CLEARING + c)
        wait(state, D_BUILD_WHERE, f)
        return True
    if pc == PC_MQ_PAY_WOOD:
        left = state[REG + R_WOOD_LEFT]
        area = state[REG + R_WOOD_AREA]
        if left > 0:
            places = 0
            with_wood = 0
            for c in range(NC):
                if (area >> c) & 1 and state[TOKENS + TT_WOOD * NC + c] > 0:
                    places += 1
                    with_wood |= 1 << c
            if places > 1 and wood_in(state, area) > left:
                offer(state)
                allow_clearings(state, with_wood)
                wait(state, D_PAY_WOOD, f)
                return True
            for c in range(NC):
                while left > 0 and (area >> c) & 1 and state[TOKENS + TT_WOOD * NC + c] > 0:
                    state[TOKENS + TT_WOOD * NC + c] -= 1
                    left -= 1
            state[REG + R_WOOD_LEFT] = 0
        # Law 6.5.4.III: place the building and score the VP uncovered on the track.
        bt = state[REG + R_BUILD_TYPE]
        m = buildings_on_map(state, bt)
        place_building(state, bt, state[REG + R_BUILD_AT])
        score(state, f, MQ_BUILD_VP[bt, m], VS_BUILDING)
        goto(state, PC_MQ_ACTIONS)
        return False
    if pc == PC_MQ_OVERWORK_WHERE:
        offer(state)
        if token_supply(state, TT_WOOD) > 0:
            for c in range(NC):
                if overwork_clearing_ok(state, c, -1):
                    allow(state, A_CLEARING + c)
        wait(state, D_OVERWORK_WHERE, f)
        return True
    if pc == PC_MQ_OVERWORK_CARD:
        c = state[REG + R_ARG2]
        offer(state)
        allow_matching(state, f, state[CLEARING_SUITS + c])
        wait(state, D_OVERWORK_CARD, f)
        return True
    if pc == PC_MQ_EVENING:
        # Law 6.6: draw one card plus one per uncovered draw bonus (recruiter track).
        n = 1
        r = buildings_on_map(state, BT_RECRUITER)
        for i in range(MQ_RECRUITER_DRAW_BONUS.shape[0]):
            if r >= MQ_RECRUITER_DRAW_BONUS[i]:
                n += 1
        draw(state, f, n)
        goto(state, PC_DISCARD)
        return False
    # PC_FIELD_HOSPITALS (Law 6.2.3): for each clearing Marquise warriors were removed from, the
    # Marquise may spend a matching card to place them in the keep's clearing. Whoever removed them
    # (her own Tax Collector too); with the keep removed by the same hits there is no keep's clearing.
    keep = keep_clearing(state)
    if keep >= 0 and not may_place(state, f, keep):
        keep = -1  # Law 13.7.2: a face-up snare there stops the placing
    # Law 1.1.3: Field Hospitals and an Outrage the Marquise owes both draw on her hand. On her own
    # turn Field Hospitals goes first, which leaves her every outcome of the other order (she may
    # decline it and pay the Outrage); on another player's turn that player chooses.
    if (keep >= 0 and state[ACTIVE] != f and state[TURN_FLAGS] & TF_FIELD_HOSPITALS_FIRST == 0
            and field_hospitals_claimable(state) and ask_effect_order(state, 1 << f)):
        return True
    for c in range(NC):
        if state[FH_QUEUE + c] == 0:
            continue
        if keep >= 0 and state[FACTION_SEAT + f] >= 0:
            offer(state)
            allow_matching(state, f, state[CLEARING_SUITS + c])
            if state[LEGAL_N] > 0:
                allow(state, A_DONE)
                state[REG + R_FH_CLEARING] = c
                wait(state, D_FIELD_HOSPITAL, f)
                return True
        state[FH_QUEUE + c] = 0
    state[TURN_FLAGS] &= ~TF_FIELD_HOSPITALS_FIRST
    goto(state, PC_INTERRUPTS)  # then Vagabond damage, Outrage, supporters (engine.interrupts)
    return False


@njit(cache=True)
def field_hospitals_claimable(state):
    """Some clearing awaits Field Hospitals and the Marquise holds a card matching it."""
    for c in range(NC):
        if state[FH_QUEUE + c] > 0 and state[FACTION_SEAT + MARQUISE] >= 0:
            if has_matching(state, MARQUISE, state[CLEARING_SUITS + c]):
                return True
    return False


@njit(cache=True)
def can_overwork_without_bird(state):
    """Overwork paid with a non-bird card (the extra action then takes a bird card)."""
    if token_supply(state, TT_WOOD) == 0:
        return False
    for c in range(NC):
        if state[BUILDINGS + BT_SAWMILL * NC + c] == 0 or not may_place(state, MARQUISE, c):
            continue  # no sawmill, or a face-up snare there (13.7.2)
        for card in range(NCARD):
            if (state[CARD_LOC + card] == LOC_HAND + MARQUISE and CARD_SUIT[card] == state[CLEARING_SUITS + c]):
                return True
    return False


@njit(cache=True)
def decide(state, d, a):
    f = MARQUISE
    if d == D_SETUP_KEEP:
        keep = a - A_CLEARING
        place_token(state, TT_KEEP, keep)
        if advanced(state):
            advanced_garrison(state)
            goto(state, PC_SETUP_NEXT_FACTION)
            return
        set_homeland(state, f, keep)
        # Law 6.3.3: a warrior in each clearing except the diagonally opposite corner.
        for c in range(NC):
            if c != opposite_corner(state, keep):
                place_warriors(state, f, c, 1)
        state[REG + R_ARG2] = 0
        goto(state, PC_MQ_SETUP_BLD)
    elif d == D_SETUP_BUILDING:
        i = state[REG + R_ARG2]
        place_building(state, BUILD_TYPES[i], a - A_CLEARING)
        if advanced(state):
            set_homeland(state, f, a - A_CLEARING)  # the setup card: each building in a different homeland
            goto(state, PC_MQ_SETUP_KEEP)
            return
        state[REG + R_ARG2] = i + 1
        if i + 1 == 3:
            goto(state, PC_SETUP_NEXT_FACTION)
    elif d == D_MQ_CRAFT:
        if a == A_DONE:
            goto(state, PC_MQ_ACTIONS)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        else:
            start_craft(state, a - A_CARD, PC_MQ_CRAFT)
    elif d == D_MQ_ACTION:
        if a == A_DONE:
            goto(state, PC_EVENING_START)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        else:
            verb = a - A_OPT
            if state[MQ_ACTIONS] > 0:
                state[MQ_ACTIONS] -= 1
                start_verb(state, verb)
            else:
                state[REG + R_PAY_VERB] = verb
                goto(state, PC_MQ_PAY_BIRD)
    elif d == D_PAY_BIRD:
        discard(state, a - A_CARD)
        start_verb(state, state[REG + R_PAY_VERB])
    elif d == D_BUILD_TYPE:
        state[REG + R_BUILD_TYPE] = a - A_PIECE
        goto(state, PC_MQ_BUILD_WHERE)
    elif d == D_BUILD_WHERE:
        c = a - A_CLEARING
        bt = state[REG + R_BUILD_TYPE]
        state[REG + R_BUILD_AT] = c
        state[REG + R_WOOD_LEFT] = build_cost(state, bt)
        state[REG + R_WOOD_AREA] = connected_area(state, c, ruled_mask(state, f))
        goto(state, PC_MQ_PAY_WOOD)
    elif d == D_PAY_WOOD:
        state[TOKENS + TT_WOOD * NC + a - A_CLEARING] -= 1
        state[REG + R_WOOD_LEFT] -= 1
    elif d == D_OVERWORK_WHERE:
        state[REG + R_ARG2] = a - A_CLEARING
        goto(state, PC_MQ_OVERWORK_CARD)
    elif d == D_OVERWORK_CARD:
        discard(state, a - A_CARD)
        place_token(state, TT_WOOD, state[REG + R_ARG2])
        goto(state, PC_MQ_ACTIONS)
    else:  # D_FIELD_HOSPITAL
        c = state[REG + R_FH_CLEARING]
        if a != A_DONE:
            discard(state, a - A_CARD)
            place_warriors(state, f, keep_clearing(state), state[FH_QUEUE + c])
        state[FH_QUEUE + c] = 0

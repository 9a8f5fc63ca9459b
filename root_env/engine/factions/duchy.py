"""The Underground Duchy (Law 12): setup, Birdsong into the Burrow, Daylight (the Assembly's Build, Recruit, Move,
Battle and Dig; Parliament's nine ministers; Sway), Evening (revealed cards back, crafting with citadels and markets,
the draw).

Rules that change what others do, or how the shared mechanism treats the Duchy, live in it, each in one place: the
Burrow (12.2.2) in ``engine.movement`` (place NC, data.BURROW: adjacent to every tunnel's clearing, only the Duchy's
warriors move there, always ruled by the Duchy) and ``board.move_warriors``; the Price of Failure (12.2.3) raised in
``board.remove_piece`` (every remover) and paid in ``engine.interrupts`` (``engine.parliament``); crafting with
citadels and markets (12.2.1) in ``craft.crafting_pieces``; revealed cards (12.5.1.I, 12.5.3.II) are the shared
``LOC_REVEALED`` (``cards.reveal``); the per-turn registers in ``turn.reset_turn``.
"""
from ..jit import njit

from ...data import (NC, NCARD, CARD_SUIT, BIRD, DUCHY, BURROW, BT_CITADEL, BT_MARKET, TT_TUNNEL, DU_SETUP_WARRIORS,
                     DU_ASSEMBLY_ACTIONS, DU_DIG_MAX, DU_BIRDSONG_WARRIORS, DU_EVENING_DRAW, NMINISTER, MINISTER_RANK,
                     DU_CROWN_VP, DU_SWAY_CARDS, DU_DUCHESS_VP, DU_TUNNELS, NOBLE, FOREMOLE, CAPTAIN, MARSHAL,
                     BRIGADIER, BANKER, MAYOR, DUCHESS_OF_MUD, BARON_OF_DIRT, EARL_OF_STONE)
from ..geometry import adjacent
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_OPT, A_PIECE, A_COUNT, OPT_BUILD, OPT_RECRUIT, OPT_MOVE,
                      OPT_BATTLE, OPT_DIG, OPT_MINISTER, D_DU_CORNER, D_DU_ASSEMBLY, D_DU_BUILD_WHERE, D_DU_BUILD_TYPE,
                      D_DU_BUILD_CARD, D_DU_DIG_CARD, D_DU_DIG_REMOVE, D_DU_DIG_WHERE, D_DU_DIG_COUNT,
                      D_DU_PARLIAMENT, D_DU_BRIGADIER, D_DU_BANKER, D_DU_MAYOR, D_DU_SWAY, D_DU_SWAY_CARD, D_DU_CRAFT)
from ...layout import (CLEARING_SUITS, REG, CARD_LOC, LOC_HAND, TOKENS, SUPPLY_WARRIORS,
                       R_MOVE_SUIT, R_MOVE_OPTIONAL, VS_PARLIAMENT, DU_BURROW, DU_SWAYED, DU_ACTIONS, DU_USED,
                       DU_MINISTER, DU_LEFT, DU_KIND, DU_CLEARING, DU_BT, TURN_FLAGS, TF_SWAYED)
from ..homelands import advanced, card_homelands, set_homeland, spread_evenly, standard_corners
from ..board import (warriors, rules, may_place, open_slots, place_warriors, place_building, place_token,
                     building_supply, buildings_on_map, tokens_on_map, token_supply, has_pieces, move_warriors)
from ..cards import draw, discard, matches, reveal, return_revealed, hand_suits, hand_has
from ..score import score
from ..craft import offer_craftable, start_craft
from ..movement import any_move, outrage_on_entry
from ..battle import any_battle, start_battle
from ..card_effects import (offer_daylight_options, is_daylight_option, start_daylight_option,
                            daylight_options_or_evening)
from ..parliament import swayed, crowns_left
from ..machine import (PC_DU_SETUP, PC_DU_BIRDSONG, PC_DU_ASSEMBLY, PC_DU_BUILD_WHERE, PC_DU_BUILD_TYPE,
                       PC_DU_BUILD_CARD, PC_DU_DIG_CARD, PC_DU_DIG_REMOVE, PC_DU_DIG_WHERE, PC_DU_DIG_COUNT,
                       PC_DU_PARLIAMENT, PC_DU_BRIGADIER, PC_DU_BANKER, PC_DU_MAYOR, PC_DU_SWAY, PC_DU_SWAY_CARD,
                       PC_DU_EVENING, PC_DU_CRAFT, PC_DU_DRAW, PC_SETUP_NEXT_FACTION, PC_BIRD_CARDS_POST,
                       PC_EVENING_START, PC_DISCARD, PC_MOVE_FROM, PC_INTERRUPTS, offer, allow, allow_clearings, wait,
                       wait_optional, wait_with_done, goto, call)

F = DUCHY
DU_ADV_SETUP_ADJACENT = 5  # the Duchy's setup card: five warriors among the adjacent clearings, as evenly as possible


# ------------------------------------------------------------- helpers
@njit(cache=True)
def suit_of(state, c):
    return state[CLEARING_SUITS + c]


@njit(cache=True)
def any_building_supply(state):
    return building_supply(state, BT_CITADEL) > 0 or building_supply(state, BT_MARKET) > 0


@njit(cache=True)
def build_clearings(state, any_card):
    """Law 12.5.1.I / 12.5.2.I: clearings the Duchy rules with an open slot, where it may place, with a card to reveal
    (matching, or any for the Foremole), while a citadel or market is left. A bitmask."""
    if not any_building_supply(state):
        return 0
    hand = hand_suits(state, F)  # the hand read once, not once a clearing; rule (the costly test) asked last
    if hand == 0:
        return 0
    m = 0
    for c in range(NC):
        if ((any_card or hand_has(hand, suit_of(state, c))) and open_slots(state, c) > 0
                and may_place(state, F, c) and rules(state, F, c)):
            m |= 1 << c
    return m


@njit(cache=True)
def tunnel_in(state, c):
    return state[TOKENS + TT_TUNNEL * NC + c] > 0


@njit(cache=True)
def dig_clearings(state, suit, removed):
    """Law 12.5.1.V: clearings matching `suit` (any for a bird) without a tunnel (or whose tunnel is the one `removed`),
    where the Duchy may place. A bitmask."""
    m = 0
    for c in range(NC):
        if ((suit == BIRD or suit_of(state, c) == suit) and (not tunnel_in(state, c) or c == removed)
                and may_place(state, F, c)):
            m |= 1 << c
    return m


@njit(cache=True)
def dig_ok(state, s):
    """Spending a card of suit `s` can place a tunnel: a clearing of its suit without one, from the supply or, with all
    three on the map, after removing one (12.2.4; a removed tunnel's clearing is then free)."""
    if token_supply(state, TT_TUNNEL) > 0:
        return dig_clearings(state, s, -1) != 0
    for t in range(NC):
        if tunnel_in(state, t) and dig_clearings(state, s, t) != 0:
            return True
    return False


@njit(cache=True)
def dig_suits(state):
    """The suits (a bitmask) whose cards in hand can pay for a Dig (Law 12.5.1.V). Whether a card can pay depends on its
    suit alone: asked once a suit, not once a card (the Assembly's menu asks it every time it is offered)."""
    hand = hand_suits(state, F)
    m = 0
    for s in range(4):
        if (hand >> s) & 1 and dig_ok(state, s):
            m |= 1 << s
    return m


@njit(cache=True)
def can_dig(state):
    return dig_suits(state) != 0


@njit(cache=True)
def sway_capacity(state):
    """Clearings with a Duchy piece, by suit (0..2), and in all (index 3): each lets one matching card be revealed for a
    Sway (Law 12.5.3.II; the Burrow has no suit and counts for none)."""
    cap = (0, 0, 0, 0)
    n0 = 0
    n1 = 0
    n2 = 0
    for c in range(NC):
        if has_pieces(state, F, c):
            s = suit_of(state, c)
            if s == 0:
                n0 += 1
            elif s == 1:
                n1 += 1
            else:
                n2 += 1
    cap = (n0, n1, n2, n0 + n1 + n2)
    return cap


@njit(cache=True)
def picked(state, s):
    """Cards of suit s (3: birds) revealed so far for the Sway in progress (packed three bits a suit in DU_KIND)."""
    k = state[DU_KIND]
    if k < 0:
        return 0
    return (k >> (3 * s)) & 7


@njit(cache=True)
def sway_room(state, extra_card):
    """How many more cards the hand can still reveal for the Sway in progress, after `extra_card` (-1: none) is
    revealed; -1 when revealing it breaks Law 12.5.3.II (each card needs its own clearing with a Duchy piece of its
    suit; a bird, wild (2.1.1), any such clearing). Suited cards fill their suit's clearings, birds any left over."""
    cap = sway_capacity(state)
    c = [picked(state, 0), picked(state, 1), picked(state, 2), picked(state, 3)]
    if extra_card >= 0:
        c[CARD_SUIT[extra_card]] += 1
    used = c[0] + c[1] + c[2] + c[3]
    if c[0] > cap[0] or c[1] > cap[1] or c[2] > cap[2] or used > cap[3]:
        return -1
    h = [0, 0, 0, 0]
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + F and card != extra_card:
            h[CARD_SUIT[card]] += 1
    more = h[3]
    for s in range(3):
        more += min(h[s], cap[s] - c[s])
    return min(more, cap[3] - used)


@njit(cache=True)
def can_sway(state, m, room):
    """Law 12.5.3.I-II: m unswayed, a crown of its rank on the board, and cards enough to reveal (`room`:
    ``sway_room(state, -1)``, the same for every minister: asked once a menu)."""
    if swayed(state, m) or crowns_left(state, MINISTER_RANK[m]) <= 0:
        return False
    return room >= DU_SWAY_CARDS[MINISTER_RANK[m]]


@njit(cache=True)
def can_act(state, m):
    """Whether minister m's action does something now (Law 12.5.2; the Mayor: through a swayed squire or noble).
    (Not recursive: numba compiles no self-call without declared types.)"""
    if m != MAYOR:
        return can_act_as(state, m)
    for k in range(NMINISTER):
        if k != MAYOR and swayed(state, k) and MINISTER_RANK[k] <= NOBLE and can_act_as(state, k):
            return True
    return False


@njit(cache=True)
def can_act_as(state, m):
    """Whether the action of minister m (not the Mayor) does something now (Law 12.5.2)."""
    if m == FOREMOLE:
        return build_clearings(state, True) != 0
    if m == CAPTAIN:
        return any_battle(state, F, -1)
    if m == MARSHAL:
        return any_move(state, F, -1)
    if m == BRIGADIER:
        return any_move(state, F, -1) or any_battle(state, F, -1)
    if m == BANKER:
        return hand_suits(state, F) != 0  # any card to spend
    if m == DUCHESS_OF_MUD:
        return tokens_on_map(state, TT_TUNNEL) == DU_TUNNELS
    if m == BARON_OF_DIRT:
        return buildings_on_map(state, BT_MARKET) > 0
    return buildings_on_map(state, BT_CITADEL) > 0  # EARL_OF_STONE


@njit(cache=True)
def back(state):
    """After a Build: to Parliament when a minister (the Foremole) built, else to the Assembly."""
    state[DU_CLEARING] = -1
    state[DU_BT] = -1
    if state[DU_MINISTER] >= 0:
        state[DU_MINISTER] = -1
        goto(state, PC_DU_PARLIAMENT)
    else:
        goto(state, PC_DU_ASSEMBLY)


@njit(cache=True)
def move_then(state, return_pc):
    state[REG + R_MOVE_SUIT] = -1
    state[REG + R_MOVE_OPTIONAL] = 0
    call(state, PC_MOVE_FROM, return_pc)


@njit(cache=True)
def act(state, m):
    """Law 12.5.2: minister m's action (also the Mayor's, 12.5.2.VI)."""
    if m == FOREMOLE:
        state[DU_MINISTER] = FOREMOLE
        goto(state, PC_DU_BUILD_WHERE)
    elif m == CAPTAIN:
        start_battle(state, -1, 0, PC_DU_PARLIAMENT)
    elif m == MARSHAL:
        move_then(state, PC_DU_PARLIAMENT)
    elif m == BRIGADIER:
        state[DU_MINISTER] = BRIGADIER
        state[DU_LEFT] = 2
        state[DU_KIND] = -1
        goto(state, PC_DU_BRIGADIER)
    elif m == BANKER:
        state[DU_MINISTER] = BANKER
        state[DU_KIND] = -1
        goto(state, PC_DU_BANKER)
    elif m == MAYOR:
        goto(state, PC_DU_MAYOR)
    elif m == DUCHESS_OF_MUD:
        if tokens_on_map(state, TT_TUNNEL) == DU_TUNNELS:
            score(state, F, DU_DUCHESS_VP, VS_PARLIAMENT)
        goto(state, PC_DU_PARLIAMENT)
    elif m == BARON_OF_DIRT:
        score(state, F, buildings_on_map(state, BT_MARKET), VS_PARLIAMENT)
        goto(state, PC_DU_PARLIAMENT)
    else:
        score(state, F, buildings_on_map(state, BT_CITADEL), VS_PARLIAMENT)
        goto(state, PC_DU_PARLIAMENT)


@njit(cache=True)
def wait_after_first(state, decision, began):
    """A minister's repeated choice (the Brigadier's moves or battles, the Banker's cards): the first is the action
    itself (no 'done'), the ones after it optional."""
    if began:
        return wait_optional(state, decision, F)
    return wait(state, decision, F)


@njit(cache=True)
def end_minister(state):
    state[DU_MINISTER] = -1
    state[DU_KIND] = -1
    state[DU_LEFT] = 0
    goto(state, PC_DU_PARLIAMENT)


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    if pc == PC_DU_SETUP:
        # Law 12.3.3: a corner no other player starts in, diagonally opposite one if possible; Advanced Setup (the
        # Duchy's setup card): any homeland not adjacent to enemy homelands if able (A.8.2, homelands.card_homelands).
        offer(state)
        allow_clearings(state, card_homelands(state, F, False, False) if advanced(state)
                        else standard_corners(state, F, False))
        if wait(state, D_DU_CORNER, F):
            return True
        goto(state, PC_SETUP_NEXT_FACTION)  # no corner is free (not with the factions here)
        return False
    if pc == PC_DU_BIRDSONG:
        # Law 12.4: one warrior, plus one per warrior icon showing (citadels on the map), into the Burrow.
        n = DU_BIRDSONG_WARRIORS[buildings_on_map(state, BT_CITADEL)]
        k = min(n, state[SUPPLY_WARRIORS + F])
        state[SUPPLY_WARRIORS + F] -= k
        state[DU_BURROW] += k
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_DU_ASSEMBLY:
        # Law 12.5.1: up to two actions, in any order and number.
        offer(state)
        if state[DU_ACTIONS] < DU_ASSEMBLY_ACTIONS:
            if build_clearings(state, False) != 0:
                allow(state, A_OPT + OPT_BUILD)
            if state[SUPPLY_WARRIORS + F] > 0:
                allow(state, A_OPT + OPT_RECRUIT)
            if any_move(state, F, -1):
                allow(state, A_OPT + OPT_MOVE)
            if any_battle(state, F, -1):
                allow(state, A_OPT + OPT_BATTLE)
            if can_dig(state):
                allow(state, A_OPT + OPT_DIG)
        offer_daylight_options(state, F)
        return wait_with_done(state, D_DU_ASSEMBLY, F)
    if pc == PC_DU_BUILD_WHERE:
        offer(state)
        allow_clearings(state, build_clearings(state, state[DU_MINISTER] == FOREMOLE))
        if wait(state, D_DU_BUILD_WHERE, F):
            return True
        back(state)
        return False
    if pc == PC_DU_BUILD_TYPE:
        offer(state)
        for bt in range(BT_CITADEL, BT_MARKET + 1):
            if building_supply(state, bt) > 0:
                allow(state, A_PIECE + bt)
        wait(state, D_DU_BUILD_TYPE, F)
        return True
    if pc == PC_DU_BUILD_CARD:
        # Law 12.5.1.I: a card matching the clearing (birds are wild, 2.1.1); the Foremole: any card (12.5.2.I).
        offer(state)
        suit = suit_of(state, state[DU_CLEARING])
        any_card = state[DU_MINISTER] == FOREMOLE
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_HAND + F and (any_card or matches(card, suit)):
                allow(state, A_CARD + card)
        wait(state, D_DU_BUILD_CARD, F)
        return True
    if pc == PC_DU_DIG_CARD:
        offer(state)
        ok = dig_suits(state)
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_HAND + F and (ok >> CARD_SUIT[card]) & 1:
                allow(state, A_CARD + card)
        wait(state, D_DU_DIG_CARD, F)
        return True
    if pc == PC_DU_DIG_REMOVE:
        # Law 12.2.4 / 12.5.1.V: all three tunnels on the map: one is removed first (a tunnel whose removal leaves a
        # clearing of the card's suit to dig in).
        offer(state)
        for t in range(NC):
            if tunnel_in(state, t) and dig_clearings(state, state[DU_KIND], t) != 0:
                allow(state, A_CLEARING + t)
        wait(state, D_DU_DIG_REMOVE, F)
        return True
    if pc == PC_DU_DIG_WHERE:
        offer(state)
        allow_clearings(state, dig_clearings(state, state[DU_KIND], -1))
        wait(state, D_DU_DIG_WHERE, F)
        return True
    if pc == PC_DU_DIG_COUNT:
        # Law 12.5.1.V: then up to four warriors from the Burrow to that clearing (none is "up to four" too).
        offer(state)
        for k in range(1, min(DU_DIG_MAX, state[DU_BURROW]) + 1):
            allow(state, A_COUNT + k - 1)
        if wait_optional(state, D_DU_DIG_COUNT, F):
            return True
        state[DU_CLEARING] = -1
        state[DU_KIND] = -1
        goto(state, PC_DU_ASSEMBLY)
        return False
    if pc == PC_DU_PARLIAMENT:
        # Law 12.5.2: each swayed minister's action once, in any order.
        offer(state)
        for m in range(NMINISTER):
            if swayed(state, m) and (state[DU_USED] >> m) & 1 == 0 and can_act(state, m):
                allow(state, A_OPT + OPT_MINISTER + m)
        offer_daylight_options(state, F)
        return wait_with_done(state, D_DU_PARLIAMENT, F)
    if pc == PC_DU_BRIGADIER:
        # Law 12.5.2.IV: up to two moves, or up to two battles.
        offer(state)
        kind = state[DU_KIND]
        if state[DU_LEFT] > 0:
            if kind != OPT_BATTLE and any_move(state, F, -1):
                allow(state, A_OPT + OPT_MOVE)
            if kind != OPT_MOVE and any_battle(state, F, -1):
                allow(state, A_OPT + OPT_BATTLE)
        if wait_after_first(state, D_DU_BRIGADIER, kind >= 0):
            return True
        end_minister(state)
        return False
    if pc == PC_DU_BANKER:
        # Law 12.5.2.V: cards of one suit (birds are wild, 2.1.1), at least one; a VP each.
        offer(state)
        kind = state[DU_KIND]
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_HAND + F and (kind < 0 or kind == BIRD or matches(card, kind)):
                allow(state, A_CARD + card)
        if wait_after_first(state, D_DU_BANKER, kind >= 0):
            return True
        end_minister(state)
        return False
    if pc == PC_DU_MAYOR:
        # Law 12.5.2.VI: the action of any swayed noble or squire (whether or not it acted: a reading, docs/rules.md).
        offer(state)
        for m in range(NMINISTER):
            if m != MAYOR and swayed(state, m) and MINISTER_RANK[m] <= NOBLE and can_act_as(state, m):
                allow(state, A_OPT + OPT_MINISTER + m)
        if wait(state, D_DU_MAYOR, F):
            return True
        goto(state, PC_DU_PARLIAMENT)
        return False
    if pc == PC_DU_SWAY:
        # Law 12.5.3: may sway one minister; Law 3.3.1, 3.3.4 (and the other any-time options) before and after it.
        offer(state)
        if state[TURN_FLAGS] & TF_SWAYED == 0:
            room = sway_room(state, -1)
            for m in range(NMINISTER):
                if can_sway(state, m, room):
                    allow(state, A_OPT + OPT_MINISTER + m)
        return daylight_options_or_evening(state, D_DU_SWAY, F)
    if pc == PC_DU_SWAY_CARD:
        offer(state)
        need = state[DU_LEFT] - 1
        # sway_room(state, card) for a card in hand depends on its suit alone: asked once a suit in hand
        ok = 0
        hand = hand_suits(state, F)
        for card in range(NCARD):
            s = CARD_SUIT[card]
            if (hand >> s) & 1 and state[CARD_LOC + card] == LOC_HAND + F:
                hand &= ~(1 << s)
                if sway_room(state, card) >= need:
                    ok |= 1 << s
        for card in range(NCARD):
            if state[CARD_LOC + card] == LOC_HAND + F and (ok >> CARD_SUIT[card]) & 1:
                allow(state, A_CARD + card)
        wait(state, D_DU_SWAY_CARD, F)
        return True
    if pc == PC_DU_EVENING:
        return_revealed(state, F, True)  # Law 12.6.1: revealed birds discarded, the others back (everyone saw them)
        goto(state, PC_DU_CRAFT)
        return False
    if pc == PC_DU_CRAFT:
        # Law 12.6.2: craft by activating citadels and markets.
        offer(state)
        offer_craftable(state, F)
        if wait_optional(state, D_DU_CRAFT, F):
            return True
        goto(state, PC_DU_DRAW)
        return False
    # PC_DU_DRAW, Law 12.6.3: one card plus one per draw icon showing (markets on the map); then down to five.
    draw(state, F, DU_EVENING_DRAW[buildings_on_map(state, BT_MARKET)])
    goto(state, PC_DISCARD)
    return False


@njit(cache=True)
def decide(state, d, a):
    if d == D_DU_CORNER:
        c = a - A_CLEARING
        set_homeland(state, F, c)
        place_warriors(state, F, c, DU_SETUP_WARRIORS)
        place_token(state, TT_TUNNEL, c)
        goto(state, PC_SETUP_NEXT_FACTION)
        if advanced(state):
            # the Duchy's setup card: five warriors among the adjacent clearings, as evenly as possible
            spread_evenly(state, F, c, DU_ADV_SETUP_ADJACENT, PC_SETUP_NEXT_FACTION)
            return
        for b in range(NC):
            if adjacent(state, c, b) and may_place(state, F, b):  # Law 12.3.3
                place_warriors(state, F, b, DU_SETUP_WARRIORS)
    elif d == D_DU_ASSEMBLY:
        if a == A_DONE:
            goto(state, PC_DU_PARLIAMENT)
            return
        if is_daylight_option(a):
            start_daylight_option(state, a)
            return
        state[DU_ACTIONS] += 1
        o = a - A_OPT
        if o == OPT_BUILD:
            state[DU_MINISTER] = -1
            goto(state, PC_DU_BUILD_WHERE)
        elif o == OPT_RECRUIT:
            # Law 12.5.1.II: a warrior in the Burrow.
            state[SUPPLY_WARRIORS + F] -= 1
            state[DU_BURROW] += 1
        elif o == OPT_MOVE:
            move_then(state, PC_DU_ASSEMBLY)
        elif o == OPT_BATTLE:
            start_battle(state, -1, 0, PC_DU_ASSEMBLY)
        else:  # OPT_DIG
            goto(state, PC_DU_DIG_CARD)
    elif d == D_DU_BUILD_WHERE:
        state[DU_CLEARING] = a - A_CLEARING
        goto(state, PC_DU_BUILD_TYPE)
    elif d == D_DU_BUILD_TYPE:
        state[DU_BT] = a - A_PIECE
        goto(state, PC_DU_BUILD_CARD)
    elif d == D_DU_BUILD_CARD:
        reveal(state, a - A_CARD)
        place_building(state, state[DU_BT], state[DU_CLEARING])
        back(state)
    elif d == D_DU_DIG_CARD:
        card = a - A_CARD
        state[DU_KIND] = CARD_SUIT[card]
        discard(state, card)  # Law 12.5.1.V: spent
        goto(state, PC_DU_DIG_WHERE if token_supply(state, TT_TUNNEL) > 0 else PC_DU_DIG_REMOVE)
    elif d == D_DU_DIG_REMOVE:
        state[TOKENS + TT_TUNNEL * NC + a - A_CLEARING] -= 1  # back to the supply (the Duchy's own piece: no VP)
        goto(state, PC_DU_DIG_WHERE)
    elif d == D_DU_DIG_WHERE:
        c = a - A_CLEARING
        place_token(state, TT_TUNNEL, c)
        state[DU_CLEARING] = c
        goto(state, PC_DU_DIG_COUNT)
    elif d == D_DU_DIG_COUNT:
        c = state[DU_CLEARING]
        state[DU_CLEARING] = -1
        state[DU_KIND] = -1
        if a == A_DONE:
            goto(state, PC_DU_ASSEMBLY)
            return
        move_warriors(state, F, BURROW, c, a - A_COUNT + 1)
        # Law 8.2.6: warriors moved into a sympathetic clearing cause Outrage
        if outrage_on_entry(state, F, F, c):
            call(state, PC_INTERRUPTS, PC_DU_ASSEMBLY)
        else:
            goto(state, PC_DU_ASSEMBLY)
    elif d == D_DU_PARLIAMENT:
        if a == A_DONE:
            goto(state, PC_DU_SWAY)
            return
        if is_daylight_option(a):
            start_daylight_option(state, a)
            return
        m = a - A_OPT - OPT_MINISTER
        state[DU_USED] |= 1 << m
        act(state, m)
    elif d == D_DU_MAYOR:
        act(state, a - A_OPT - OPT_MINISTER)
    elif d == D_DU_BRIGADIER:
        if a == A_DONE:
            end_minister(state)
            return
        o = a - A_OPT
        state[DU_KIND] = o
        state[DU_LEFT] -= 1
        if o == OPT_MOVE:
            move_then(state, PC_DU_BRIGADIER)
        else:
            start_battle(state, -1, 0, PC_DU_BRIGADIER)
    elif d == D_DU_BANKER:
        if a == A_DONE:
            end_minister(state)
            return
        card = a - A_CARD
        s = CARD_SUIT[card]
        if state[DU_KIND] < 0 or state[DU_KIND] == BIRD:
            state[DU_KIND] = s  # the first non-bird card fixes the suit
        discard(state, card)
        score(state, F, 1, VS_PARLIAMENT)
    elif d == D_DU_SWAY:
        if a == A_DONE:
            goto(state, PC_EVENING_START)
            return
        if is_daylight_option(a):
            start_daylight_option(state, a)
            return
        m = a - A_OPT - OPT_MINISTER
        state[DU_MINISTER] = m
        state[DU_LEFT] = DU_SWAY_CARDS[MINISTER_RANK[m]]
        state[DU_KIND] = 0
        goto(state, PC_DU_SWAY_CARD)
    elif d == D_DU_SWAY_CARD:
        card = a - A_CARD
        state[DU_KIND] += 1 << (3 * CARD_SUIT[card])
        reveal(state, card)
        state[DU_LEFT] -= 1
        if state[DU_LEFT] == 0:
            # Law 12.5.3.III: the minister above the board with a crown of its rank; the uncovered space's VP.
            m = state[DU_MINISTER]
            state[DU_SWAYED + m] = 1
            score(state, F, DU_CROWN_VP[MINISTER_RANK[m]], VS_PARLIAMENT)
            state[DU_MINISTER] = -1
            state[DU_KIND] = -1
            state[TURN_FLAGS] |= TF_SWAYED
            goto(state, PC_DU_SWAY)
    else:  # D_DU_CRAFT
        if a == A_DONE:
            goto(state, PC_DU_DRAW)
        else:
            start_craft(state, a - A_CARD, PC_DU_CRAFT)

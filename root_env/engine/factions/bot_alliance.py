"""The Automated Alliance, the Woodland Alliance's Clockwork bot. Seed 004 gives its traits (rules.autoallitraits);
its turn, abilities and difficulties follow ``docs/clockwork_alliance.md`` (the Law of Rootbotics 6 and
the sources graded there), cited by its ids (AA-B3, AA-D1, ...). The engine plays it: no step waits for a decision.
Its standing abilities live where they act: Automated Ambush and Veterans in engine.battle, Automated Outrage in
engine.interrupts and engine.movement, Crackdown in engine.supporters, Popularity in engine.board.remove_piece.

The open points (Q1-Q5) are game options (layout O_AA_*; ``Game.new(bot_options=...)``), each with the default the
reference recommends: a bird order matches no clearing (Q1), the spread's fallback stays adjacent to sympathy (Q5),
the bot's own Sympathy track (Q3), Wildfire before the order card's discard (Q4).
"""
from ..jit import njit

from ...data import (NC, BIRD, ALLIANCE, BT_BASE, TT_SYMPATHY, AA_SYMPATHY_VP, AL_SYMPATHY_VP,
                     AA_WILDFIRE, AA_ORGANIZE_AT)
from ..geometry import adjacent
from ...layout import (CLEARING_SUITS, BOT_LEVEL, BOT_TRAITS, BOT_I, OPTIONS, O_AA_BIRD_ANY, O_AA_SPREAD_LITERAL,
                       O_AA_HUMAN_TRACK, O_AA_WILDFIRE_AFTER, NSEATS, SEAT_FACTION, VS_SYMPATHY, VS_OTHER)
from ..board import (warriors, open_slots, may_place, may_place_once_enemies_removed, place_warriors, place_building,
                     place_token, remove_warriors,
                     building_supply, buildings_of, tokens_on_map, remove_all_enemies)
from ..score import score, check_victory
from ..bots import (reveal_order, order_suit, craft_order, enemy_pieces, enemy_warriors, nightmare_vp, discard_order)
from ..botlog import (note, EV_RECRUIT, EV_REVOLT, EV_SPREAD, EV_PITY, EV_ORGANIZE)
# AA-5 Martial Law is the human Alliance's test (8.4.2.II.a); a token goes where the human's may (8.2.5.I, 6.2.2)
from .alliance import martial_law, sympathetic, sympathy_placeable as placeable
from ..machine import (PC_AA_BIRDSONG, PC_AA_PITY, PC_AA_DAYLIGHT, PC_AA_EVENING, PC_SETUP_NEXT_FACTION,
                       PC_BIRD_CARDS_POST, PC_EVENING_START, PC_DISCARD, PC_FIELD_HOSPITALS, PC_AA_SETUP, goto, call)

F = ALLIANCE
# Why a spread went where it went (EV_SPREAD's third field): AA-D1's target, its fallback, no token could go.
SPREAD_ORDERED, SPREAD_FALLBACK, SPREAD_NONE = 0, 1, 2
# What placed the token: Public Pity, Daylight, Organize, Wildfire (EV_SPREAD's first field when SPREAD_NONE).
BY_PITY, BY_DAYLIGHT, BY_ORGANIZE, BY_WILDFIRE = 0, 1, 2, 3


# ------------------------------------------------------------- what the bot reads
@njit(cache=True)
def aa_ordered(state, c):
    """An ordered clearing (G-2); a bird order matches none, or every clearing with the option O_AA_BIRD_ANY (Q1)."""
    suit = order_suit(state, F)
    if suit < 0:
        return False
    if suit == BIRD:
        return state[OPTIONS + O_AA_BIRD_ANY] != 0
    return state[CLEARING_SUITS + c] == suit


@njit(cache=True)
def next_to_sympathy(state, c):
    for b in range(NC):
        if adjacent(state, c, b) and sympathetic(state, b):
            return True
    return False


@njit(cache=True)
def spread_target(state):
    """AA-D1: the ordered unsympathetic clearing adjacent to sympathy with the fewest enemy warriors (then the highest
    priority); else the unsympathetic clearing with the fewest enemy pieces, adjacent to sympathy when there is any
    (Q5; anywhere with O_AA_SPREAD_LITERAL, the app's reading). Returns (clearing, SPREAD_*)."""
    best = -1
    bw = 0
    for c in range(NC):
        if aa_ordered(state, c) and placeable(state, c) and next_to_sympathy(state, c):
            w = enemy_warriors(state, F, c)
            if best < 0 or w < bw:
                best, bw = c, w
    if best >= 0:
        return best, SPREAD_ORDERED
    anywhere = state[OPTIONS + O_AA_SPREAD_LITERAL] != 0 or tokens_on_map(state, TT_SYMPATHY) == 0
    for c in range(NC):
        if placeable(state, c) and (anywhere or next_to_sympathy(state, c)):
            w = enemy_pieces(state, F, c)
            if best < 0 or w < bw:
                best, bw = c, w
    return best, (SPREAD_FALLBACK if best >= 0 else SPREAD_NONE)


@njit(cache=True)
def spread(state, by):
    """AA-D1 Spread Sympathy: place the leftmost token of the track and score the space it uncovers (AA-7; the human
    Alliance's track with O_AA_HUMAN_TRACK, Q3), one fewer under Martial Law; no token can go: 5 VP. Wildfire scores
    nothing."""
    c, why = spread_target(state)
    if c < 0:
        vp = 0 if by == BY_WILDFIRE else 5
        if vp > 0:
            score(state, F, vp, VS_OTHER)
        note(state, EV_SPREAD, by, vp, SPREAD_NONE)
        return
    k = tokens_on_map(state, TT_SYMPATHY)
    place_token(state, TT_SYMPATHY, c)
    vp = AL_SYMPATHY_VP[k] if state[OPTIONS + O_AA_HUMAN_TRACK] != 0 else AA_SYMPATHY_VP[k]
    law = martial_law(state, c)
    if law and vp > 0:
        vp -= 1
    if by == BY_WILDFIRE:
        vp = 0
    if vp > 0:
        score(state, F, vp, VS_SYMPATHY)
    note(state, EV_SPREAD, c, vp, why + 4 * by + 16 * int(law))


# ------------------------------------------------------------- revolts (AA-B3, AA-D2)
@njit(cache=True)
def revolt_target(state, suit):
    """The sympathetic clearing (of `suit`, or of any suit whose base is on the faction board when suit < 0) with
    the most enemy pieces, then the highest priority, where the base can go once the enemies are gone (G-8)."""
    best = -1
    bn = -1
    for c in range(NC):
        s = state[CLEARING_SUITS + c]
        if not sympathetic(state, c) or (suit >= 0 and s != suit) or building_supply(state, BT_BASE + s) == 0:
            continue
        room = open_slots(state, c)
        for i in range(state[NSEATS]):
            g = state[SEAT_FACTION + i]
            if g != F:
                room += buildings_of(state, g, c)  # the revolt removes them
        if room == 0 or not may_place_once_enemies_removed(state, F, c):  # a face-up snare goes with them (8.4.1.III)
            continue
        n = enemy_pieces(state, F, c)
        if n > bn:
            best, bn = c, n
    return best


@njit(cache=True)
def revolt(state, c, surprise, then):
    """Remove every enemy piece there (their owners' losses resolved by the interrupts), then place the base of
    its suit; no warriors, no officer. The Automated Alliance scores for the buildings and tokens (Law 3.2.1).
    `surprise`: AA-D2's Surprise Revolt (a bird order), for the log."""
    note(state, EV_REVOLT, c, enemy_pieces(state, F, c), state[CLEARING_SUITS + c] + 4 * surprise)
    remove_all_enemies(state, F, c)
    if not check_victory(state):
        place_building(state, BT_BASE + state[CLEARING_SUITS + c], c)
    call(state, PC_FIELD_HOSPITALS, then)


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    if pc == PC_AA_SETUP:
        # AA-S1..S4: nothing on the map, no cards, no supporters.
        goto(state, PC_SETUP_NEXT_FACTION)
        return False
    if pc == PC_AA_BIRDSONG:
        # AA-B1 Reveal Order, AA-B2 Craft, AA-B3 Revolt (not on a bird order).
        suit = reveal_order(state, F)
        craft_order(state, F)
        state[BOT_I] = 0
        if suit >= 0 and suit != BIRD:
            c = revolt_target(state, suit)
            if c >= 0:
                state[BOT_I] = 1
                revolt(state, c, 0, PC_AA_PITY)
                return False
        goto(state, PC_AA_PITY)
        return False
    if pc == PC_AA_PITY:
        # AA-B4 Public Pity: no revolt this Birdsong: spread twice with four or fewer tokens on the map, else once.
        if state[BOT_I] == 0:
            n = 2 if tokens_on_map(state, TT_SYMPATHY) <= 4 else 1
            note(state, EV_PITY, n, 0, 0)
            for _ in range(n):
                spread(state, BY_PITY)
        state[BOT_I] = 0
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_AA_DAYLIGHT:
        # AA-D1 Spread Sympathy; AA-D2 Surprise Revolt on a bird order.
        spread(state, BY_DAYLIGHT)
        if order_suit(state, F) == BIRD:
            c = revolt_target(state, -1)
            if c >= 0:
                revolt(state, c, 1, PC_EVENING_START)
                return False
        goto(state, PC_EVENING_START)
        return False
    if pc == PC_AA_EVENING:
        # AA-E1 Organize: each base clearing with N or more warriors (by difficulty), in priority order.
        n = AA_ORGANIZE_AT[state[BOT_LEVEL + F]]
        for c in range(NC):
            if buildings_of(state, F, c) > 0 and warriors(state, F, c) >= n:
                w = warriors(state, F, c)
                remove_warriors(state, F, c, w)
                note(state, EV_ORGANIZE, c, w, 0)
                spread(state, BY_ORGANIZE)
        # AA-E2 Recruit: a warrior at each base, in priority order while the supply lasts.
        for c in range(NC):
            if buildings_of(state, F, c) > 0 and may_place(state, F, c):
                k = place_warriors(state, F, c, 1)
                if k > 0:
                    note(state, EV_RECRUIT, c, k, 20)
        wildfire = state[BOT_TRAITS + F] & AA_WILDFIRE != 0
        after = state[OPTIONS + O_AA_WILDFIRE_AFTER] != 0
        if wildfire and not after:
            spread(state, BY_WILDFIRE)  # Q4: before the discard, while the order's suit is known
        nightmare_vp(state, F)
        discard_order(state, F)  # AA-E3
        if wildfire and after:
            spread(state, BY_WILDFIRE)
        goto(state, PC_DISCARD)
        return False
    return False

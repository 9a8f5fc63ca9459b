"""The Electric Eyrie, the Eyrie Dynasties' Clockwork bot (seed 004: rules.electriceyriesetup,
rules.electriceyrieturnorder, rules.electriceyrieabilities, rules.electriceyrietraits,
rules.electriceyriedifficulties). The engine plays it: no step waits for a decision. Order cards, crafting, the bot
log, the defender and targeting rules shared by every bot are in engine.bots; how a bot takes hits in
engine.battle; War Tax in engine.board.remove_piece.

The Decree has a column per suit (fox, mouse, rabbit, bird, left to right): the card places LOC_DECREE + suit;
seed 004's setup puts two bird cards of the deck in the bird column, the Law of Rootbotics (bot_rules="law") the
Loyal Viziers in EY_VIZIER_COL instead (both in the bird column; one on Easy). A bird column matches every
clearing. Clearing priority is the printed number (index + 1): "highest priority" is the lowest index, "lowest
priority" the highest. Readings where the text is open are in docs/rules.md ("The Electric Eyrie").
"""
import numpy as np
from ..jit import njit

from ...data import (NC, NF, NCARD, SETUP_ORDER, CARD_SUIT, CARD_EFFECT,
                     E_AMBUSH, BIRD, EYRIE, BT_ROOST, EE_COLUMNS, EE_RELENTLESS, EE_SWOOP, EE_NOBILITY, BOT_EASY,
                     BOT_CHALLENGING)
from ..geometry import N_CORNERS, corner, opposite_corner
from ...layout import (BOT_LEVEL, BOT_TRAITS, BOT_I, BOT_TURMOIL, ORDER_CARD, CARD_LOC, CARD_KNOWN, LOC_DECREE,
                       DECK, DECK_N, EY_VIZIER_COL, BUILDINGS, NSEATS, SEAT_FACTION, FACTION_SEAT, VP, OPTIONS,
                       O_BOTS_LAW, VS_OTHER, VS_ROOSTS)
from ..homelands import advanced, corners_allowed, random_corner, set_homeland
from ..board import (warriors, buildings_of, ruler, open_slots, may_place, place_warriors, place_building,
                     building_supply, buildings_on_map, keep_clearing, remove_all_non_warriors,
                     non_warrior_pieces)
from ..movement import move_targets
from ..battle import start_battle_vs
from ..cards import discard, ALL_KNOW
from ..score import score, lose_vp
from ..rng import rng_int
from ..bots import (reveal_order, craft_order, suit_matches, track_vp, enemy_pieces, pieces_in, targetable, defenseless_buildings,
                    nightmare_vp, bot_move)
from ..botlog import (note, EV_BATTLE, EV_RECRUIT, EV_BUILD, EV_SCORE, EV_DECREE, EV_NEW_ROOST, EV_COLUMN,
                      EV_TURMOIL, EV_RELENTLESS, EV_SWOOP)
from ..machine import (PC_EE_SETUP, PC_EE_BIRDSONG, PC_EE_DAYLIGHT, PC_EE_MOVE, PC_EE_BATTLE, PC_EE_RELENTLESS,
                       PC_EE_BUILD, PC_EE_EVENING, PC_SETUP_NEXT_FACTION, PC_BIRD_CARDS_POST, PC_EVENING_START,
                       PC_DISCARD, PC_INTERRUPTS, goto, call)

F = EYRIE
STEP_RECRUIT, STEP_MOVE, STEP_BATTLE = 0, 1, 2  # what a column does (the EV_COLUMN row says which)


# ------------------------------------------------------------- the Decree
@njit(cache=True)
def column_counts(state):
    """Cards in each Decree column (by suit), the Loyal Viziers included (bird column): one pass over the cards."""
    n = np.zeros(4, np.int64)
    for card in range(NCARD):
        loc = state[CARD_LOC + card] - LOC_DECREE
        if loc >= 0 and loc < 4:
            n[loc] += 1
    for v in range(2):
        if state[EY_VIZIER_COL + v] >= 0:
            n[state[EY_VIZIER_COL + v]] += 1
    return n


@njit(cache=True)
def column_cards(state, suit):
    return column_counts(state)[suit]


@njit(cache=True)
def fullest(counts, suit):
    """Seed 004 Battle: "If this column has more cards than each other column, you deal one extra hit"."""
    for s in range(4):
        if s != suit and counts[s] >= counts[suit]:
            return False
    return True


@njit(cache=True, inline="always")
def matches(state, suit, c):
    """A clearing matching a Decree column: its suit, or any clearing for the bird column (bots.suit_matches)."""
    return suit_matches(state, suit, c)


@njit(cache=True, inline="always")
def roost_in(state, c):
    return state[BUILDINGS + BT_ROOST * NC + c] > 0


# ------------------------------------------------------------- turmoil (seed 004 "Turmoil")
@njit(cache=True)
def turmoil(state):
    """Humiliate: lose one VP per bird card in the Decree (Nobility: score one each instead). Purge: discard the
    Decree's cards, all of them under seed 004 (its two setup bird cards are deck cards); the Loyal Viziers of
    ``bot_rules="law"`` are not deck cards and stay (as for the human Eyrie, Law 7.7.2). With the
    Law of Rootbotics option the bot then rests: Daylight ends (the caller goes to Evening). Returns whether it
    rests."""
    birds = column_cards(state, BIRD)
    if state[BOT_TRAITS + F] & EE_NOBILITY:
        if birds > 0:
            score(state, F, birds, VS_OTHER)
    else:
        lose_vp(state, F, birds)
    for card in range(NCARD):
        loc = state[CARD_LOC + card]
        if loc >= LOC_DECREE and loc < LOC_DECREE + 4:
            discard(state, card)
    state[ORDER_CARD + F] = -1  # this turn's order card was in the Decree: purged with the rest
    state[BOT_TURMOIL] = 1
    rest = state[OPTIONS + O_BOTS_LAW] != 0
    note(state, EV_TURMOIL, birds, int(state[BOT_TRAITS + F] & EE_NOBILITY != 0), int(rest))
    return rest


# ------------------------------------------------------------- setup (seed 004 rules.electriceyriesetup)
@njit(cache=True)
def take_from_deck_card(state, card):
    """Take a given card out of the deck (the rest keep their order)."""
    n = state[DECK_N]
    j = -1
    for i in range(n):
        if state[DECK + i] == card:
            j = i
            break
    if j < 0:
        return False
    for i in range(j, n - 1):
        state[DECK + i] = state[DECK + i + 1]
    state[DECK_N] = n - 1
    return True


@njit(cache=True)
def birds_to_decree(state, n, ambush_only):
    """Take the n topmost bird cards (ambush_only: bird Ambushes) of the deck into the bird column, face up; fewer
    when the deck holds fewer (Law 2.5)."""
    for i in range(state[DECK_N] - 1, -1, -1):  # removing index i shifts only the cards above it, already seen
        if n == 0:
            break
        card = state[DECK + i]
        if CARD_SUIT[card] == BIRD and (not ambush_only or CARD_EFFECT[card] == E_AMBUSH):
            take_from_deck_card(state, card)
            state[CARD_LOC + card] = LOC_DECREE + BIRD
            state[CARD_KNOWN + card] = ALL_KNOW
            n -= 1


@njit(cache=True)
def setup_decree(state):
    """Seed 004 setup 2nd: "Add two bird suit cards to the Decree" (Easy: "only one"). By default
    (``bot_rules="seed004"``) the topmost bird cards of the shuffled deck, as its order cards come from the deck:
    deck cards, so Purge discards them with the rest ("Discard all of the cards in the Decree"). With the Law of
    Rootbotics (``bot_rules="law"``) the two Loyal Viziers instead, which are no deck cards and stay through Purge."""
    n = 1 if state[BOT_LEVEL + F] == BOT_EASY else 2
    state[EY_VIZIER_COL] = -1
    state[EY_VIZIER_COL + 1] = -1
    if state[OPTIONS + O_BOTS_LAW] != 0:
        for v in range(n):
            state[EY_VIZIER_COL + v] = BIRD
    else:
        birds_to_decree(state, n, False)


@njit(cache=True)
def setup(state):
    """A roost and six warriors in the corner diagonally opposite the keep (a random corner without the keep);
    two bird cards in the Decree (setup_decree; Easy: one). Challenging and Nightmare: the topmost bird Ambush of
    the deck joins the bird column."""
    keep = keep_clearing(state)
    if advanced(state):
        where = random_corner(state, corners_allowed(state, F))  # A.8.2 (docs/rules.md, Advanced Setup: bots)
    else:
        where = opposite_corner(state, keep) if keep >= 0 else corner(state, rng_int(state, N_CORNERS))
    set_homeland(state, F, where)
    place_building(state, BT_ROOST, where)
    place_warriors(state, F, where, 6)
    setup_decree(state)
    if state[BOT_LEVEL + F] >= BOT_CHALLENGING:
        birds_to_decree(state, 1, True)


# ------------------------------------------------------------- Birdsong
@njit(cache=True)
def new_roost(state, suit):
    """Seed 004 A New Roost: with no roost on the map, a roost and four warriors in the ordered clearing of highest
    priority where they can go (a bird order: any clearing). Returns False when no clearing takes them."""
    if buildings_on_map(state, BT_ROOST) > 0:
        return True
    for c in range(NC):
        if matches(state, suit, c) and open_slots(state, c) > 0 and may_place(state, F, c):
            place_building(state, BT_ROOST, c)
            n = place_warriors(state, F, c, 4)
            note(state, EV_NEW_ROOST, c, n, 0)
            return True
    return False


# ------------------------------------------------------------- Daylight: the Decree
@njit(cache=True)
def recruit_clearing(state, suit):
    """Seed 004 Recruit: a clearing with a roost matching the column; ties: the most enemy pieces, then the fewest
    Eyrie warriors, then the lowest priority."""
    best = -1
    be = -1
    bw = 0
    for c in range(NC):
        if roost_in(state, c) and matches(state, suit, c) and may_place(state, F, c):
            e = enemy_pieces(state, F, c)
            w = warriors(state, F, c)
            if e > be or (e == be and w <= bw):  # a later clearing has lower priority: it wins a full tie
                best, be, bw = c, e, w
    return best


@njit(cache=True)
def recruit(state, suit, k):
    """Place k warriors (fewer when the supply runs short). Returns False when not all could be placed."""
    c = recruit_clearing(state, suit)
    if c < 0:
        return False
    n = place_warriors(state, F, c, k)
    note(state, EV_RECRUIT, c, n, 10 + suit)  # n < k: the supply ran short
    return n == k


@njit(cache=True)
def rule_minimum(state, c):
    """The fewest Eyrie warriors in c with which the Eyrie still rule it (Lords of the Forest: a tie is enough, an
    empty clearing never)."""
    other = 0
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != F:
            n = warriors(state, g, c) + buildings_of(state, g, c)
            if n > other:
                other = n
    need = other - buildings_of(state, F, c)
    if need < 0:
        need = 0
    if need == 0 and buildings_of(state, F, c) == 0:
        need = 1
    return need


@njit(cache=True)
def move_destination(state, a):
    """Seed 004 Move: an adjacent clearing with no roost (all with a roost: one with a roost); ties: the fewest
    enemy pieces, then the lowest priority. -1 when the warriors may go nowhere."""
    m = move_targets(state, F, a, False)
    best = -1
    best_roost = True
    best_e = 0
    for b in range(NC):
        if (m >> b) & 1:
            r = roost_in(state, b)
            e = enemy_pieces(state, F, b)
            if best < 0 or (best_roost and not r) or (r == best_roost and e <= best_e):
                best, best_roost, best_e = b, r, e
    return best


@njit(cache=True)
def move(state, suit, k, then):
    """Seed 004 Move: from the clearing she rules matching the column with the most Eyrie warriors (ties: highest
    priority), leaving enough to rule it or k, whichever is more. A clearing with nothing to move, or nowhere to go,
    gives way to the next. Returns whether warriors moved (the step then continues at `then`)."""
    tried = 0
    while True:
        a = -1
        aw = 0
        for c in range(NC):
            if not (tried >> c) & 1 and matches(state, suit, c) and ruler(state, c) == F and warriors(state, F, c) > aw:
                a, aw = c, warriors(state, F, c)
        if a < 0:
            return False
        tried |= 1 << a
        keep = rule_minimum(state, a)
        if k > keep:
            keep = k
        w = aw - keep
        if w <= 0:
            continue
        b = move_destination(state, a)
        if b < 0:
            continue
        bot_move(state, F, a, b, w, then)
        return True


@njit(cache=True)
def battle_clearing(state, suit):
    """Seed 004 Battle: a clearing matching the column where she has warriors and may attack someone; ties: no
    roost, then the most defenseless buildings, then the lowest priority."""
    best = -1
    b_roost = True
    b_def = 0
    for c in range(NC):
        if matches(state, suit, c) and warriors(state, F, c) > 0 and defender(state, c) >= 0:
            r = roost_in(state, c)
            d = defenseless_buildings(state, F, c)
            if best < 0 or (b_roost and not r) or (r == b_roost and d >= b_def):
                best, b_roost, b_def = c, r, d
    return best


@njit(cache=True)
def defender(state, c):
    """Seed 004 Battle: the player with the most buildings there (even zero); ties: the most pieces there, then the
    most VP, then setup order. -1 when no player she may target has a piece there."""
    best = -1
    bb = -1
    bp = 0
    bv = -1
    for i in range(NF):
        g = SETUP_ORDER[i]
        if state[FACTION_SEAT + g] < 0 or not targetable(state, F, g):
            continue
        p = pieces_in(state, g, c)
        if p == 0:
            continue
        b = buildings_of(state, g, c)
        v = state[VP + g]
        if b > bb or (b == bb and (p > bp or (p == bp and v > bv))):
            best, bb, bp, bv = g, b, p, v
    return best


@njit(cache=True)
def next_column(counts, i):
    """The first Decree column from index i on with a card in it (seed 004 resolves the columns left to right; a
    column with no card does nothing); 4 when none is left."""
    while i < 4 and counts[EE_COLUMNS[i]] == 0:
        i += 1
    return i


@njit(cache=True)
def next_column_step(state, kind, done_pc):
    """The next Decree column with cards for the step `kind` (the loop index is kept in BOT_I, so that a battle or an
    interrupt may come between two columns): logs it and returns (suit, its cards, every column's count); with no
    column left it goes on at `done_pc` and returns suit -1."""
    counts = column_counts(state)
    i = next_column(counts, state[BOT_I])
    if i >= 4:
        state[BOT_I] = 0
        goto(state, done_pc)
        return -1, 0, counts
    state[BOT_I] = i + 1
    suit = EE_COLUMNS[i]
    note(state, EV_COLUMN, kind, suit, counts[suit])
    return suit, counts[suit], counts


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    if pc == PC_EE_SETUP:
        setup(state)
        goto(state, PC_SETUP_NEXT_FACTION)
        return False
    if pc == PC_EE_BIRDSONG:
        # Seed 004 Birdsong: reveal an order card, craft its item, add it to the Decree, A New Roost.
        state[BOT_TURMOIL] = 0
        suit = reveal_order(state, F)
        craft_order(state, F)
        if suit >= 0:
            card = state[ORDER_CARD + F]
            state[CARD_LOC + card] = LOC_DECREE + suit
            note(state, EV_DECREE, F, card, suit)
        if not new_roost(state, suit if suit >= 0 else BIRD) and turmoil(state):
            goto(state, PC_EVENING_START)  # the Law of Rootbotics: the bot rests (no Daylight)
            return False
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_EE_DAYLIGHT:
        # Seed 004: "Recruit for all four columns of the Decree from left to right" (placing needs no decision).
        counts = column_counts(state)
        i = next_column(counts, 0)
        while i < 4:
            suit = EE_COLUMNS[i]
            k = counts[suit]
            note(state, EV_COLUMN, STEP_RECRUIT, suit, k)
            if not recruit(state, suit, k) and state[BOT_TRAITS + F] & EE_NOBILITY:
                if turmoil(state):  # Nobility: a warrior that cannot be placed
                    goto(state, PC_EVENING_START)
                    return False
                counts = column_counts(state)  # purged
            i = next_column(counts, i + 1)
        state[BOT_I] = 0
        goto(state, PC_EE_MOVE)
        return False
    if pc == PC_EE_MOVE:
        # "Then move for all four columns from left to right" (an Outrage may interrupt: the loop index is kept).
        suit, k, counts = next_column_step(state, STEP_MOVE, PC_EE_BATTLE)
        if suit >= 0:
            move(state, suit, k, PC_EE_MOVE)  # goes on at PC_EE_MOVE either way
        return False
    if pc == PC_EE_BATTLE:
        # "Then battle for all four columns from left to right."
        suit, k, counts = next_column_step(state, STEP_BATTLE,
                                           PC_EE_RELENTLESS if state[BOT_TRAITS + F] & EE_RELENTLESS else PC_EE_BUILD)
        if suit < 0:
            return False
        c = battle_clearing(state, suit)
        if c >= 0:
            d = defender(state, c)
            extra = 1 if fullest(counts, suit) else 0
            note(state, EV_BATTLE, c, d, 10 + extra)
            start_battle_vs(state, c, d, extra, PC_EE_BATTLE)
        return False
    if pc == PC_EE_RELENTLESS:
        # Seed 004 Relentless: "After resolving the Decree, remove all defenseless buildings and tokens in any
        # clearing with Eyrie warriors" (every other player's, clearing by clearing in priority order). In
        # cooperative play another bot's go too: Relentless targets no clearing by their pieces, and seed 004 lets a
        # bot remove bot pieces "as collateral damage with effects such as revolts" (docs/rules.md).
        for c in range(state[BOT_I], NC):
            if warriors(state, F, c) == 0:
                continue
            hit = False
            for s in range(state[NSEATS]):
                g = state[SEAT_FACTION + s]
                if g != F and warriors(state, g, c) == 0 and non_warrior_pieces(state, g, c) > 0:
                    note(state, EV_RELENTLESS, c, g, non_warrior_pieces(state, g, c))
                    remove_all_non_warriors(state, g, c, F)
                    hit = True
            if hit:
                state[BOT_I] = c + 1
                call(state, PC_INTERRUPTS, PC_EE_RELENTLESS)  # an Outrage, a raid, a Vagabond's damage
                return False
        state[BOT_I] = 0
        goto(state, PC_EE_BUILD)
        return False
    if pc == PC_EE_BUILD:
        # Seed 004 Build: a roost in a clearing she rules with no roost, the highest priority; none: turmoil.
        built = -1
        if building_supply(state, BT_ROOST) > 0:
            for c in range(NC):
                if (ruler(state, c) == F and not roost_in(state, c) and open_slots(state, c) > 0
                        and may_place(state, F, c)):
                    place_building(state, BT_ROOST, c)
                    note(state, EV_BUILD, c, BT_ROOST, 0)
                    built = c
                    break
        if built < 0 and turmoil(state):
            goto(state, PC_EVENING_START)
            return False
        if state[BOT_TRAITS + F] & EE_SWOOP:
            # Seed 004 Swoop: "At the end of Daylight, place two warriors in the clearing of highest priority with
            # no Eyrie pieces".
            for c in range(NC):
                if pieces_in(state, F, c) == 0 and may_place(state, F, c):
                    n = place_warriors(state, F, c, 2)
                    if n > 0:
                        note(state, EV_SWOOP, c, n, 0)
                    break
        goto(state, PC_EVENING_START)
        return False
    if pc == PC_EE_EVENING:
        # Seed 004 Evening: the rightmost empty space of the Roosts track; Nightmare: one more VP. The order card
        # stays in the Decree.
        vp = track_vp(buildings_on_map(state, BT_ROOST))
        if vp > 0:
            score(state, F, vp, VS_ROOSTS)
        note(state, EV_SCORE, vp, 0, 0)
        nightmare_vp(state, F)
        state[ORDER_CARD + F] = -1
        goto(state, PC_DISCARD)
        return False
    return False

"""The Mechanical Marquise, the Marquise de Cat's Clockwork bot (seed 004: rules.mechmarqsetup,
rules.mechmarqturnorder, rules.mechmarqtraits, rules.mechmarqdifficulties). The engine plays it: no step waits
for a decision. Order cards, crafting, the bot log and the defender rule are in engine.bots; how a bot takes hits
and Fortified are in engine.battle.

Clearing priority is the printed number (index + 1): "highest priority" is the lowest index. Every choice here
follows the seed text, then the tiebreaks of the Clockwork overview: the highest priority clearing, setup order
for factions; a target that is not legal gives way to the next one (docs/rules.md, Clockwork readings).
"""
import numpy as np
from ..jit import njit

from ...data import (NC, BIRD, MARQUISE, BT_SAWMILL, BT_WORKSHOP,
                     BT_RECRUITER, TT_KEEP, BOT_EASY, BOT_CHALLENGING, MM_BLITZ, MM_IRON_WILL)
from ..geometry import adjacent, N_CORNERS, corner, opposite_corner
from ...layout import (BOT_LEVEL, BOT_TRAITS, BOT_BUILT, BOT_EXPANDS, BOT_I, BOT_MOVED, ORDER_CARD, VS_BUILDING)
from ..homelands import advanced, corners_allowed, random_corner, set_homeland, spreads_to
from ..board import (warriors, ruler, open_slots, may_place, place_warriors, place_building, place_token,
                     building_supply, buildings_on_map)
from ..movement import move_targets
from ..battle import start_battle_vs
from ..cards import discard
from ..score import score
from ..rng import rng_int
from ..bots import (reveal_order, order_suit, ordered, track_vp, craft_order, enemy_pieces, most_pieces_defender, nightmare_vp,
                    discard_order, bot_move)
from ..botlog import (note, EV_BATTLE, EV_RECRUIT, EV_BUILD, EV_EXPAND, EV_SCORE, EV_ESCALATED, EV_BLITZ)
from ..machine import (PC_MM_DAYLIGHT, PC_MM_BATTLE, PC_MM_RECRUIT, PC_MM_BUILD, PC_MM_MOVE, PC_MM_MOVED_BATTLE,
                       PC_MM_BLITZ, PC_MM_BLITZ_BATTLE, PC_MM_EXPAND, PC_MM_SETUP, PC_MM_BIRDSONG, PC_MM_EVENING,
                       PC_SETUP_NEXT_FACTION, PC_BIRD_CARDS_POST, PC_EVENING_START,
                       PC_DISCARD, goto)

F = MARQUISE
EXPAND_GUARD = 54  # no turn can draw more order cards than the deck holds; an engine guard, not a rule
SUIT_BUILDING = (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER)  # seed 004: fox sawmill, rabbit workshop, mouse recruiter


# ------------------------------------------------------------- what the bot reads
@njit(cache=True, inline="always")
def escalated(state):
    """Seed 004: a bird order card runs Escalated Daylight."""
    return order_suit(state, F) == BIRD


@njit(cache=True, inline="always")
def targeted(state, c):
    """The clearings a Daylight step acts in: ordered clearings, or every clearing in Escalated Daylight."""
    return escalated(state) or ordered(state, F, c)


@njit(cache=True)
def battle_target(state, start):
    """(clearing, defender) of the next battle from clearing `start` on, in priority order: a targeted clearing
    with Marquise warriors and another player's piece; (-1, -1) when none is left."""
    for c in range(start, NC):
        if targeted(state, c) and warriors(state, F, c) > 0:
            d = most_pieces_defender(state, F, c)
            if d >= 0:
                return c, d
    return -1, -1


@njit(cache=True)
def move_destination(state, a):
    """Seed 004: the adjacent clearing with the most enemy pieces (then the highest priority) she may move to."""
    m = move_targets(state, F, a, False)
    best = -1
    best_n = -1
    for b in range(NC):
        if (m >> b) & 1:
            n = enemy_pieces(state, F, b)
            if n > best_n:
                best, best_n = b, n
    return best


@njit(cache=True)
def build_clearing(state, bt):
    """Seed 004 Build: the clearing she rules with the most Marquise warriors (then the highest priority) where a
    building of type bt can go; -1 when none."""
    if building_supply(state, bt) == 0:
        return -1
    best = -1
    best_n = 0
    for c in range(NC):
        n = warriors(state, F, c)
        if n > best_n and ruler(state, c) == F and open_slots(state, c) > 0 and may_place(state, F, c):
            best, best_n = c, n
    return best


@njit(cache=True)
def recruit_amount(state, base):
    """Seed 004 difficulties: Easy recruits two warriors instead of four."""
    return 2 if state[BOT_LEVEL + F] == BOT_EASY else base


@njit(cache=True, inline="always")
def recruit_spot(state, c):
    """A clearing she rules and may place warriors in (seed 004 Recruit: "clearings you rule")."""
    return ruler(state, c) == F and may_place(state, F, c)


@njit(cache=True)
def recruit_in(state, c, n):
    k = place_warriors(state, F, c, n) if may_place(state, F, c) else 0
    if k > 0:
        note(state, EV_RECRUIT, c, k, 0)
    return k


# ------------------------------------------------------------- setup (seed 004 rules.mechmarqsetup)
@njit(cache=True)
def setup(state):
    """The keep in a random corner; a warrior in every clearing but the corner opposite, one more with the keep;
    a sawmill, a workshop and a recruiter at random among the keep's clearing and those adjacent, at most one
    building in each."""
    if advanced(state):
        keep = random_corner(state, corners_allowed(state, F))  # A.8.2 (docs/rules.md, Advanced Setup: bots)
    else:
        keep = corner(state, rng_int(state, N_CORNERS))
    place_token(state, TT_KEEP, keep)
    set_homeland(state, F, keep)
    far = opposite_corner(state, keep)
    for c in range(NC):
        if c != far and spreads_to(state, F, c):
            place_warriors(state, F, c, 1)
    place_warriors(state, F, keep, 1)
    spots = 0
    for c in range(NC):
        if (c == keep or adjacent(state, keep, c)) and open_slots(state, c) > 0:
            spots |= 1 << c
    for bt in (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER):
        n = 0
        for c in range(NC):
            n += (spots >> c) & 1
        if n == 0:
            break
        k = rng_int(state, n)
        for c in range(NC):
            if (spots >> c) & 1:
                if k == 0:
                    place_building(state, bt, c)
                    spots &= ~(1 << c)
                    break
                k -= 1


# ------------------------------------------------------------- Daylight steps
@njit(cache=True)
def recruit_ordered(state):
    """Seed 004 Recruit: four warriors (Easy: two) among the ordered clearings she rules, one at a time round them
    in priority order."""
    n = recruit_amount(state, 4)
    got = np.zeros(NC, np.int64)
    placed = 0
    more = True
    while placed < n and more:
        more = False
        for c in range(NC):
            if placed < n and ordered(state, F, c) and recruit_spot(state, c):
                k = place_warriors(state, F, c, 1)
                got[c] += k
                placed += k
                more = more or k > 0
    for c in range(NC):
        if got[c] > 0:
            note(state, EV_RECRUIT, c, got[c], 0)


@njit(cache=True)
def recruit(state):
    """Seed 004 Recruit: four warriors among ordered clearings she rules, evenly, the odd ones to the highest
    priority (one at a time, round the clearings in priority order). Escalated: two each in the two clearings she
    rules of lowest priority, or all four in the only one (Iron Will: twice as many). Challenging and Nightmare: two
    more in the ordered clearing she rules of highest priority."""
    if escalated(state):
        n = recruit_amount(state, 4)
        if state[BOT_TRAITS + F] & MM_IRON_WILL:
            n *= 2
        last = -1
        second = -1
        for c in range(NC - 1, -1, -1):
            if recruit_spot(state, c):
                if last < 0:
                    last = c
                elif second < 0:
                    second = c
        if second >= 0:
            recruit_in(state, second, (n + 1) // 2)  # the higher priority of the two first
            recruit_in(state, last, n // 2)
        elif last >= 0:
            recruit_in(state, last, n)
    else:
        recruit_ordered(state)
    # "Whenever you Recruit", Escalated Daylight too: with a bird order card every clearing is ordered (birds are
    # wild, bots.ordered), so the two go to the clearing she rules of highest priority (not doubled by Iron Will,
    # which doubles the Escalated Recruit's own warriors).
    if state[BOT_LEVEL + F] >= BOT_CHALLENGING:
        for c in range(NC):
            if ordered(state, F, c) and recruit_spot(state, c):
                recruit_in(state, c, 2)
                break


@njit(cache=True)
def build(state):
    """Seed 004 Build: the ordered type (Escalated: the type with the most buildings on the map, ties sawmill,
    recruiter, workshop) in the clearing she rules with the most Marquise warriors. No wood, no VP."""
    if escalated(state):
        bt = -1
        best = -1
        for t in (BT_SAWMILL, BT_RECRUITER, BT_WORKSHOP):
            n = buildings_on_map(state, t)
            if n > best and build_clearing(state, t) >= 0:
                bt, best = t, n
        if bt < 0:
            return
    else:
        bt = SUIT_BUILDING[order_suit(state, F)]
    c = build_clearing(state, bt)
    if c >= 0:
        place_building(state, bt, c)
        state[BOT_BUILT] = 1
        note(state, EV_BUILD, c, bt, 0)


@njit(cache=True)
def move_from(state, a, leave, then):
    """Move all but `leave` of her warriors from a to the adjacent clearing with the most enemy pieces; resolve an
    Outrage, then go on at step `then`. Returns the destination (-1: no move)."""
    w = warriors(state, F, a) - leave
    if w <= 0:
        return -1
    b = move_destination(state, a)
    if b < 0:
        return -1
    bot_move(state, F, a, b, w, then)
    return b


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    if pc == PC_MM_SETUP:
        setup(state)
        goto(state, PC_SETUP_NEXT_FACTION)
        return False
    if pc == PC_MM_BIRDSONG:
        # Seed 004 Birdsong: reveal an order card, craft its item.
        state[BOT_BUILT] = 0
        state[BOT_EXPANDS] = 0
        reveal_order(state, F)
        craft_order(state, F)
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_MM_EVENING:
        # Seed 004 Evening: the ordered Buildings track's rightmost empty space (a bird order: the best track);
        # Nightmare: one more VP. The order card is discarded (the next turn reveals a new one).
        suit = order_suit(state, F)
        vp = 0
        if suit == BIRD:
            for bt in (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER):
                vp = max(vp, buildings_track_vp(state, bt))
        elif suit >= 0:
            vp = buildings_track_vp(state, SUIT_BUILDING[suit])
        if vp > 0:
            score(state, F, vp, VS_BUILDING)
        note(state, EV_SCORE, vp, 0, 0)
        nightmare_vp(state, F)
        discard_order(state, F)
        goto(state, PC_DISCARD)
        return False
    if pc == PC_MM_DAYLIGHT:
        if escalated(state):
            note(state, EV_ESCALATED, 0, 0, 0)
        state[BOT_I] = 0
        goto(state, PC_MM_BATTLE)
        return False
    if pc == PC_MM_BATTLE:
        # Seed 004 Battle: in each targeted clearing, in priority order.
        c, d = battle_target(state, state[BOT_I])
        if c < 0:
            goto(state, PC_MM_RECRUIT)
            return False
        state[BOT_I] = c + 1
        note(state, EV_BATTLE, c, d, 0)
        start_battle_vs(state, c, d, 0, PC_MM_BATTLE)
        return False
    if pc == PC_MM_RECRUIT:
        recruit(state)
        goto(state, PC_MM_BUILD)
        return False
    if pc == PC_MM_BUILD:
        build(state)
        state[BOT_I] = 0
        state[BOT_MOVED] = 0
        goto(state, PC_MM_MOVE)
        return False
    if pc == PC_MM_MOVE:
        # Seed 004 Move: all but three warriors from each targeted clearing, origins in priority order.
        for a in range(state[BOT_I], NC):
            state[BOT_I] = a + 1
            if targeted(state, a) and warriors(state, F, a) > 3:
                b = move_from(state, a, 3, PC_MM_MOVE)
                if b >= 0:
                    state[BOT_MOVED] |= 1 << b
                    return False
        state[BOT_I] = 0
        goto(state, PC_MM_MOVED_BATTLE if escalated(state) else blitz_or(state, PC_MM_EXPAND))
        return False
    if pc == PC_MM_MOVED_BATTLE:
        # Seed 004 Escalated Daylight: "Then battle in each clearing you moved into."
        for c in range(state[BOT_I], NC):
            state[BOT_I] = c + 1
            if (state[BOT_MOVED] >> c) & 1 and warriors(state, F, c) > 0:
                d = most_pieces_defender(state, F, c)
                if d >= 0:
                    note(state, EV_BATTLE, c, d, 1)
                    start_battle_vs(state, c, d, 0, PC_MM_MOVED_BATTLE)
                    return False
        goto(state, blitz_or(state, PC_EVENING_START))
        return False
    if pc == PC_MM_BLITZ:
        # Seed 004 Blitz: from the clearing she rules of highest priority with no enemy pieces, all but one warrior
        # move to the adjacent clearing with the most enemy pieces; then battle in the destination.
        state[BOT_I] = -1
        for c in range(NC):
            if ruler(state, c) == F and enemy_pieces(state, F, c) == 0:
                note(state, EV_BLITZ, c, 0, 0)
                state[BOT_I] = move_from(state, c, 1, PC_MM_BLITZ_BATTLE)
                if state[BOT_I] >= 0:
                    return False
                break
        state[BOT_I] = 0
        goto(state, PC_EVENING_START if escalated(state) else PC_MM_EXPAND)
        return False
    if pc == PC_MM_BLITZ_BATTLE:
        c = state[BOT_I]
        state[BOT_I] = 0
        then = PC_EVENING_START if escalated(state) else PC_MM_EXPAND
        d = most_pieces_defender(state, F, c) if warriors(state, F, c) > 0 else -1
        if d >= 0:
            note(state, EV_BATTLE, c, d, 2)
            start_battle_vs(state, c, d, 0, then)
        else:
            goto(state, then)
        return False
    if pc == PC_MM_EXPAND:
        # Seed 004 Expand: no building placed and five or fewer on the map: a new order card (its item not
        # crafted), and Daylight again.
        n = 0
        for bt in (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER):
            n += buildings_on_map(state, bt)
        if state[BOT_BUILT] == 0 and n <= 5 and state[BOT_EXPANDS] < EXPAND_GUARD:
            state[BOT_EXPANDS] += 1
            discard(state, state[ORDER_CARD + F])
            state[ORDER_CARD + F] = -1
            if reveal_order(state, F) >= 0:
                note(state, EV_EXPAND, state[ORDER_CARD + F], 0, 0)
                goto(state, PC_MM_DAYLIGHT)
                return False
        goto(state, PC_EVENING_START)
        return False
    return False


@njit(cache=True)
def blitz_or(state, then):
    return PC_MM_BLITZ if state[BOT_TRAITS + F] & MM_BLITZ else then


@njit(cache=True)
def buildings_track_vp(state, bt):
    """The rightmost empty space of the building track of type bt (bots.track_vp)."""
    return track_vp(buildings_on_map(state, bt))



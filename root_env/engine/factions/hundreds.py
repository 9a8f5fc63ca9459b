"""Lord of the Hundreds (Law 14): setup, Raze and the mob die, Recruit, Anoint, moods, Daylight crafting, Command the
Hundreds, Advance the Warlord, Incite, Oppress and the Evening draw; the Hoard's choices (Contempt for Trade, a full
track), Looters' item and Bitter's mobs, asked from inside the shared mechanism.

Rules that change what others do, or how the shared mechanism treats the Hundreds, live in it, each in one place:
the warlord (14.2.2) in ``board.take_warriors`` (removed only in battle, last; ``board.removable_warriors`` for every
removal outside battle: Strike, Convert, Tax Collector, the Vagabond moving an Ally), ``board.move_warriors`` and
``movement`` (it moves only when the Hundreds say so, in their turn); Looters (14.2.5), Stubborn (14.7.7), Wrathful
(14.7.8) and Bitter (14.7.1) in ``battle``; Contempt for Trade (14.2.3) in ``craft``'s item branch; crafting with
strongholds (14.2.1) in ``craft.crafting_pieces``; the Hoard's tracks (14.2.4) in ``engine.hoard``.
"""
from ..jit import njit

from ...data import (NC, NCARD, NITEM, NF, BIRD, CARD_SUIT, CARD_ITEM, CARD_VP, HUNDREDS,
                     BT_STRONGHOLD, TT_MOB, NBT, NTT, BT_OWNER, TT_OWNER, HD_SETUP_WARRIORS, HD_OPPRESS_VP, HD_ITEM_TRACK,
                     HD_COMMAND, HD_PROWESS, HD_LAVISH_WARRIORS, HD_JUBILANT_SPREADS, HD_ROWDY_ENEMY_PIECES, MOOD_NAMES,
                     GRANDIOSE, JUBILANT, LAVISH, RELENTLESS, ROWDY, STUBBORN, VAGABOND, VAGABOND2)
from ..geometry import adjacent
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_OPT, A_ITEM, OPT_MOVE, OPT_BATTLE, OPT_BUILD, OPT_MOOD, OPT_LOOT,
                      OPT_WARLORD, OPT_KEEP_ITEM, OPT_ROLL, OPT_SCORE, D_HD_CORNER, D_HD_RUIN_ITEM, D_HD_MOB_WHERE,
                      D_HD_ANOINT, D_HD_MOOD, D_HD_LAVISH, D_HD_CRAFT, D_HD_CONTEMPT, D_HD_HOARD_FULL, D_HD_COMMAND,
                      D_HD_BUILD_WHERE, D_HD_BUILD_CARD, D_HD_ADVANCE, D_HD_WARLORD_MOVES, D_HD_INCITE_WHERE,
                      D_HD_INCITE_CARD, D_HD_JUBILANT, D_HD_LOOT, D_HD_LOOT_ITEM, D_HD_BITTER)
from ...layout import (ITEM_SUPPLY, CLEARING_SUITS, REG, CARD_LOC, LOC_HAND, WARRIORS, BUILDINGS, TOKENS, RUINS, RUIN_ITEM, SCRATCH,
                       SUPPLY_WARRIORS, CRAFTED_ITEMS, NSEATS, SEAT_FACTION, VS_CRAFT, VS_OTHER, VS_OPPRESS, R_MOVE_FROM,
                       R_MOVE_SUIT, R_MOVE_OPTIONAL, R_CRAFT_CARD, R_B_CLEARING, R_B_DEF, R_ARG2, HD_WARLORD, HD_MOOD,
                       HD_HOARD, HD_ACTIONS, HD_STEP, HD_LOOT, HD_SPREADS, HD_ROLL, HD_GAINED, HD_CURSOR, HD_MOVED,
                       HD_BATTLED, HD_RELENTLESS, HD_WARLORD_ASKED, HD_WARLORD_GOES, HD_JUBILANT, LEGAL_N)
from ..homelands import advanced, card_homelands, set_homeland, standard_corners
from ..board import (warriors, rules, may_place, open_slots, place_warriors, place_building, place_token, remove_piece,
                     building_supply, token_supply, tokens_of, buildings_of)
from ..cards import draw, discard, allow_matching, hand_suits, hand_has
from ..enemies import is_enemy
from ..items import pawn_in
from ..score import score, check_victory
from ..rng import rng_int
from ..ruins import ruin_items, populate_ruins, take_from_ruin, remove_ruin
from ..hoard import track_items, track_value, gain_item, remove_for_good, mood_is, mood_allowed, lootable
from ..placement import start_place
from ..craft import offer_craftable, start_craft
from ..movement import any_move, can_move_from
from ..battle import any_battle, can_battle_in, start_battle, start_battle_at
from ..card_effects import offer_daylight_options, is_daylight_option, start_daylight_option
from ..exposure import is_exposure, start_exposure
from ..machine import (PC_HD_SETUP, PC_HD_RAZE, PC_HD_RUIN_ITEM, PC_HD_ROLL, PC_HD_MOB_WHERE, PC_HD_RECRUIT,
                       PC_HD_ANOINT, PC_HD_MOOD, PC_HD_LAVISH, PC_HD_CRAFT, PC_HD_COMMAND_START, PC_HD_COMMAND,
                       PC_HD_BUILD_WHERE, PC_HD_BUILD_CARD, PC_HD_ADVANCE_START, PC_HD_ADVANCE, PC_HD_WARLORD_MOVES,
                       PC_HD_INCITE, PC_HD_INCITE_CARD, PC_HD_JUBILANT, PC_HD_OPPRESS, PC_HD_DRAW, PC_HD_CONTEMPT,
                       PC_HD_HOARD_FULL, PC_HD_LOOT, PC_HD_LOOT_ITEM, PC_HD_BITTER, PC_SETUP_NEXT_FACTION,
                       PC_BIRD_CARDS_POST, PC_EVENING_START, PC_DISCARD, PC_MOVE_FROM, PC_MOVE_TO, PC_MOVE_COUNT,
                       PC_FIELD_HOSPITALS, PC_BATTLE_ROLL, offer, allow, allow_clearings, wait, wait_optional,
                       wait_with_done, ask_option_or_done, goto, call, ret)

F = HUNDREDS
WARRIOR_KIND = HUNDREDS  # placement.start_place: a faction's warriors


# ------------------------------------------------------------- helpers
@njit(cache=True)
def command(state):
    return track_value(state, HD_COMMAND)


@njit(cache=True)
def prowess(state):
    return track_value(state, HD_PROWESS)


@njit(cache=True)
def warlord(state):
    """The warlord's clearing, -1 off the map."""
    return state[HD_WARLORD]


@njit(cache=True)
def enemy_pieces(state, c):
    """Enemy pieces in c (warriors, buildings, tokens, a Vagabond's pawn) of the Hundreds' enemies (Law 2.7)."""
    n = 0
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g == F or not is_enemy(state, F, g):
            continue
        n += warriors(state, g, c) + buildings_of(state, g, c) + tokens_of(state, g, c)
        if (g == VAGABOND or g == VAGABOND2) and pawn_in(state, g, c):
            n += 1
    return n


@njit(cache=True)
def oppressed(state):
    """Law 14.6.2: clearings the Hundreds rule with a Hundreds piece and no enemy piece."""
    n = 0
    for c in range(NC):
        if rules(state, F, c) and enemy_pieces(state, c) == 0:
            n += 1
    return n


@njit(cache=True)
def oppress_vp(state):
    n = oppressed(state)
    return HD_OPPRESS_VP[n if n < HD_OPPRESS_VP.shape[0] else HD_OPPRESS_VP.shape[0] - 1]


@njit(cache=True)
def mob_at(state, c):
    return state[TOKENS + TT_MOB * NC + c] > 0


@njit(cache=True)
def mob_spread_ok(state, c, suit):
    """Law 14.4.1: a clearing of the rolled suit with no mob, adjacent to a clearing with a mob."""
    if state[CLEARING_SUITS + c] != suit or mob_at(state, c) or not may_place(state, F, c):
        return False
    for b in range(NC):
        if adjacent(state, c, b) and mob_at(state, b):
            return True
    return False


@njit(cache=True)
def razable(state, c):
    """Law 14.4.1: enemy buildings and tokens in c, each removed by the mob."""
    n = 0
    for bt in range(NBT):
        if state[BUILDINGS + bt * NC + c] > 0 and is_enemy(state, F, BT_OWNER[bt]):
            n += state[BUILDINGS + bt * NC + c]
    for tt in range(NTT):
        if state[TOKENS + tt * NC + c] > 0 and is_enemy(state, F, TT_OWNER[tt]):
            n += state[TOKENS + tt * NC + c]
    return n


@njit(cache=True)
def can_build_at(state, c, hand):
    """Law 14.5.2.III: a clearing the Hundreds rule, a free slot, a matching card to spend (`hand`: ``hand_suits``).
    The card and the slot are tested first: rule is the costly test."""
    return (hand_has(hand, state[CLEARING_SUITS + c]) and open_slots(state, c) > 0 and rules(state, F, c)
            and may_place(state, F, c))


@njit(cache=True)
def can_build(state):
    if building_supply(state, BT_STRONGHOLD) == 0:
        return False
    hand = hand_suits(state, F)
    for c in range(NC):
        if can_build_at(state, c, hand):
            return True
    return False


@njit(cache=True)
def can_incite_at(state, c, hand):
    """Law 14.6.1: no mob there, a Hundreds warrior (the warlord too), a matching card (`hand`: ``hand_suits``)."""
    return (not mob_at(state, c) and warriors(state, F, c) > 0 and hand_has(hand, state[CLEARING_SUITS + c])
            and may_place(state, F, c))


@njit(cache=True)
def start_spreads(state, n, return_pc):
    """Roll the mob die n times (Raze: once; Jubilant: one at a time), each placing a mob where it may."""
    state[HD_SPREADS] = n
    call(state, PC_HD_ROLL, return_pc)


@njit(cache=True)
def after_command(state):
    goto(state, PC_HD_ADVANCE_START if not mood_is(state, GRANDIOSE) else PC_EVENING_START)


@njit(cache=True)
def after_advance(state):
    goto(state, PC_HD_COMMAND_START if mood_is(state, GRANDIOSE) else PC_EVENING_START)


@njit(cache=True)
def corner_choices(state):
    """Law 14.3.2: a corner that is no other player's starting corner and, if possible, diagonally opposite one.
    Advanced Setup (the Hundreds' setup card): a map-edge homeland with 2+ clearings between it and enemy homelands
    if able, a free slot for the stronghold (A.8.2, homelands.card_homelands)."""
    if advanced(state):
        return card_homelands(state, F, True, True)
    return standard_corners(state, F, True)  # a free slot for the stronghold


@njit(cache=True)
def setup_at(state, c):
    """Law 14.3.2-14.3.4: the warlord, four warriors and a stronghold; the ruin items if nobody placed them; Stubborn."""
    set_homeland(state, F, c)
    place_warriors(state, F, c, HD_SETUP_WARRIORS)
    state[WARRIORS + F * NC + c] += 1  # the warlord, a warrior that never was in the supply (14.3.1)
    state[HD_WARLORD] = c
    place_building(state, BT_STRONGHOLD, c)
    populate_ruins(state)  # Law 14.3.3
    state[HD_MOOD] = STUBBORN  # Law 14.3.4


@njit(cache=True)
def allow_hoard_items(state, track):
    """Allow each item kind in the Hoard (of one track, or all with track < 0) as an item action (ready state)."""
    for i in range(NITEM):
        if state[HD_HOARD + i] > 0 and (track < 0 or HD_ITEM_TRACK[i] == track):
            allow(state, A_ITEM + i)


@njit(cache=True)
def gain(state, item, next_pc):
    """Gain an item into the Hoard, then go on at next_pc (after a choice if its track is full)."""
    if gain_item(state, item):
        call(state, PC_HD_HOARD_FULL, next_pc)
    else:
        goto(state, next_pc)


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    if pc == PC_HD_SETUP:
        offer(state)
        allow_clearings(state, corner_choices(state))
        if wait(state, D_HD_CORNER, F):
            return True
        goto(state, PC_SETUP_NEXT_FACTION)  # no corner is free (not with the factions here)
        return False
    if pc == PC_HD_RAZE:
        # Law 14.4.1 Raze: in each clearing with a mob, remove enemy buildings and tokens, take a ruin item.
        c = state[HD_CURSOR]
        while c < NC and not mob_at(state, c):
            c += 1
        if c >= NC:
            state[HD_CURSOR] = 0
            start_spreads(state, 1, PC_HD_RECRUIT)
            return False
        state[HD_CURSOR] = c + 1
        for bt in range(NBT):
            while state[BUILDINGS + bt * NC + c] > 0 and is_enemy(state, F, BT_OWNER[bt]):
                remove_piece(state, bt, c, F)
        for tt in range(NTT):
            while state[TOKENS + tt * NC + c] > 0 and is_enemy(state, F, TT_OWNER[tt]):
                remove_piece(state, NBT + tt, c, F)
        if check_victory(state):
            return False
        call(state, PC_FIELD_HOSPITALS, PC_HD_RUIN_ITEM)  # what the removals set off (Outrage, Fear, ...)
        return False
    if pc == PC_HD_RUIN_ITEM:
        c = state[HD_CURSOR] - 1
        if state[RUINS + c] == 0 or ruin_items(state, c) == 0:
            goto(state, PC_HD_RAZE)
            return False
        a = state[RUIN_ITEM + c]
        b = state[RUIN_ITEM + NC + c]
        if b >= 0 and b != a:
            offer(state)
            allow(state, A_ITEM + a)
            allow(state, A_ITEM + b)
            wait(state, D_HD_RUIN_ITEM, F)
            return True
        take_ruin_item(state, c, a)
        return False
    if pc == PC_HD_ROLL:
        # Law 14.4.1: roll the mob die, place a mob in a matching clearing adjacent to a mob (if any).
        if state[HD_SPREADS] == 0 or token_supply(state, TT_MOB) == 0:
            state[HD_SPREADS] = 0
            ret(state)
            return False
        state[HD_SPREADS] -= 1
        state[HD_ROLL] = rng_int(state, 3)
        goto(state, PC_HD_MOB_WHERE)
        return False
    if pc == PC_HD_MOB_WHERE:
        suit = state[HD_ROLL]
        offer(state)
        for c in range(NC):
            if mob_spread_ok(state, c, suit):
                allow(state, A_CLEARING + c)
        if wait(state, D_HD_MOB_WHERE, F):
            return True
        state[HD_ROLL] = -1
        goto(state, PC_HD_ROLL)
        return False
    if pc == PC_HD_RECRUIT:
        # Law 14.4.2: Prowess warriors to the warlord's clearing, then one per stronghold.
        w = warlord(state)
        if w >= 0 and may_place(state, F, w):
            place_warriors(state, F, w, prowess(state))
        for c in range(NC):
            state[SCRATCH + c] = state[BUILDINGS + BT_STRONGHOLD * NC + c] if may_place(state, F, c) else 0
        if start_place(state, WARRIOR_KIND, state[SUPPLY_WARRIORS + F], PC_HD_ANOINT):
            return False
        goto(state, PC_HD_ANOINT)
        return False
    if pc == PC_HD_ANOINT:
        # Law 14.4.3: no warlord on the map: replace a Hundreds warrior with it, else place it anywhere.
        if warlord(state) >= 0:
            goto(state, PC_HD_MOOD)
            return False
        offer(state)
        for c in range(NC):
            if warriors(state, F, c) > 0:
                allow(state, A_CLEARING + c)
        if state[LEGAL_N] == 0:
            for c in range(NC):
                if may_place(state, F, c):
                    allow(state, A_CLEARING + c)
        if wait(state, D_HD_ANOINT, F):
            return True
        goto(state, PC_HD_MOOD)
        return False
    if pc == PC_HD_MOOD:
        # Law 14.4.4: a different mood card showing no item of the Hoard; Lavish with no other stays Lavish.
        offer(state)
        for m in range(len(MOOD_NAMES)):
            if m != state[HD_MOOD] and mood_allowed(state, m):
                allow(state, A_OPT + OPT_MOOD + m)
        if wait(state, D_HD_MOOD, F):
            return True
        goto(state, PC_HD_LAVISH)
        return False
    if pc == PC_HD_LAVISH:
        # Law 14.7.4 Lavish: at the end of Birdsong, remove Hoard items for two warriors each at the warlord.
        if mood_is(state, LAVISH):
            offer(state)
            allow_hoard_items(state, -1)
            if wait_optional(state, D_HD_LAVISH, F):
                return True
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_HD_CRAFT:
        # Law 14.5.1 / 14.2.1: craft with strongholds; card Daylight options (Exposure among them) alongside.
        offer(state)
        offer_craftable(state, F)
        offer_daylight_options(state, F)
        if wait_optional(state, D_HD_CRAFT, F):
            return True
        goto(state, PC_HD_ADVANCE_START if mood_is(state, GRANDIOSE) else PC_HD_COMMAND_START)
        return False
    if pc == PC_HD_COMMAND_START:
        state[HD_ACTIONS] = 0  # actions taken: "up to your Command", as it stands when acting
        goto(state, PC_HD_COMMAND)
        return False
    if pc == PC_HD_COMMAND:
        # Law 14.5.2: move, battle, build, up to Command times in any order.
        offer(state)
        if state[HD_ACTIONS] < command(state):
            if any_move(state, F, -1):
                allow(state, A_OPT + OPT_MOVE)
            if any_battle(state, F, -1):
                allow(state, A_OPT + OPT_BATTLE)
            if can_build(state):
                allow(state, A_OPT + OPT_BUILD)
        offer_daylight_options(state, F)
        return wait_with_done(state, D_HD_COMMAND, F)
    if pc == PC_HD_BUILD_WHERE:
        offer(state)
        hand = hand_suits(state, F)
        for c in range(NC):
            if can_build_at(state, c, hand):
                allow(state, A_CLEARING + c)
        wait(state, D_HD_BUILD_WHERE, F)
        return True
    if pc == PC_HD_BUILD_CARD or pc == PC_HD_INCITE_CARD:
        suit = state[CLEARING_SUITS + state[REG + R_ARG2]]
        offer(state)
        allow_matching(state, F, suit)
        wait(state, D_HD_BUILD_CARD if pc == PC_HD_BUILD_CARD else D_HD_INCITE_CARD, F)
        return True
    if pc == PC_HD_ADVANCE_START:
        state[HD_ACTIONS] = 0  # Advances begun: "up to your Prowess", as it stands when acting
        state[HD_STEP] = 0
        goto(state, PC_HD_ADVANCE)
        return False
    if pc == PC_HD_ADVANCE:
        # Law 14.5.3: up to Prowess times: move the warlord with any warriors, then battle in its clearing.
        # Law 14.7.5 Relentless: having both moved and battled, one more move or battle.
        w = warlord(state)
        st = state[HD_STEP] & (HD_MOVED | HD_BATTLED)
        offer(state)
        if w >= 0 and (state[HD_ACTIONS] < prowess(state) or st != 0):
            extra = st == HD_MOVED | HD_BATTLED  # Relentless (the Advance would have ended otherwise)
            if (st == 0 or extra) and can_move_from(state, F, w):
                allow(state, A_OPT + OPT_MOVE)
            if (st != HD_BATTLED) and can_battle_in(state, F, w):
                allow(state, A_OPT + OPT_BATTLE)
        if st == 0:  # Law 3.3.1, 3.3.4 (and the other any-time options): between Advances, as in every Daylight
            offer_daylight_options(state, F)
        return wait_with_done(state, D_HD_ADVANCE, F)
    if pc == PC_HD_WARLORD_MOVES:
        # Law 14.2.2: in their turn, the Hundreds say whether the warlord moves with the warriors.
        return ask_option_or_done(state, A_OPT + OPT_WARLORD, D_HD_WARLORD_MOVES, F)
    if pc == PC_HD_INCITE:
        # Law 14.6.1: any number of times, spend a card for a mob.
        offer(state)
        if token_supply(state, TT_MOB) > 0:
            hand = hand_suits(state, F)
            for c in range(NC):
                if can_incite_at(state, c, hand):
                    allow(state, A_CLEARING + c)
        if wait_optional(state, D_HD_INCITE_WHERE, F):
            return True
        goto(state, PC_HD_OPPRESS)
        return False
    if pc == PC_HD_JUBILANT:
        # Law 14.7.3 Jubilant: up to four mob-die rolls after inciting in the warlord's clearing.
        if state[HD_JUBILANT] > 0 and token_supply(state, TT_MOB) > 0:
            return ask_option_or_done(state, A_OPT + OPT_ROLL, D_HD_JUBILANT, F)
        state[HD_JUBILANT] = 0
        goto(state, PC_HD_INCITE)
        return False
    if pc == PC_HD_OPPRESS:
        score(state, F, oppress_vp(state), VS_OPPRESS)  # Law 14.6.2
        goto(state, PC_HD_DRAW)
        return False
    if pc == PC_HD_DRAW:
        # Law 14.6.3, 14.7.6 Rowdy: one card; Rowdy one more, two more with three enemy pieces at the warlord.
        n = 1
        if mood_is(state, ROWDY):
            w = warlord(state)
            n += 2 if w >= 0 and enemy_pieces(state, w) >= HD_ROWDY_ENEMY_PIECES else 1
        draw(state, F, n)
        goto(state, PC_DISCARD)
        return False
    if pc == PC_HD_CONTEMPT:
        # Law 14.2.3 Contempt for Trade: keep the crafted item (no VP) or remove it for the card's VP.
        offer(state)
        allow(state, A_OPT + OPT_KEEP_ITEM)
        allow(state, A_OPT + OPT_SCORE)
        wait(state, D_HD_CONTEMPT, F)
        return True
    if pc == PC_HD_HOARD_FULL:
        # Law 14.2.4.I: the track is full: remove the gained item or one on the track, and score one VP.
        item = state[HD_GAINED]
        offer(state)
        allow_hoard_items(state, HD_ITEM_TRACK[item])
        if state[HD_HOARD + item] == 0:
            allow(state, A_ITEM + item)
        wait(state, D_HD_HOARD_FULL, F)
        return True
    if pc == PC_HD_LOOT:
        return ask_option_or_done(state, A_OPT + OPT_LOOT, D_HD_LOOT, F)
    if pc == PC_HD_LOOT_ITEM:
        g = state[REG + R_B_DEF]
        offer(state)
        for i in range(NITEM):
            if state[CRAFTED_ITEMS + g * NITEM + i] > 0:
                allow(state, A_ITEM + i)
        wait(state, D_HD_LOOT_ITEM, F)
        return True
    # PC_HD_BITTER (14.7.1): remove mobs at or next to the warlord's clearing, a warrior there for each.
    c = state[REG + R_B_CLEARING]
    offer(state)
    if state[SUPPLY_WARRIORS + F] > 0:
        for b in range(NC):
            if (b == c or adjacent(state, c, b)) and mob_at(state, b):
                allow(state, A_CLEARING + b)
    if wait_optional(state, D_HD_BITTER, F):
        return True
    ret(state)
    return False


@njit(cache=True)
def take_ruin_item(state, c, item):
    """Law 14.4.1: take the item from the ruin (removing the emptied ruin), into the Hoard; then the next mob."""
    if take_from_ruin(state, c, item):
        remove_ruin(state, c)
    gain(state, item, PC_HD_RAZE)


@njit(cache=True)
def decide(state, d, a):
    if d == D_HD_CORNER:
        setup_at(state, a - A_CLEARING)
        goto(state, PC_SETUP_NEXT_FACTION)
    elif d == D_HD_RUIN_ITEM:
        take_ruin_item(state, state[HD_CURSOR] - 1, a - A_ITEM)
    elif d == D_HD_MOB_WHERE:
        place_token(state, TT_MOB, a - A_CLEARING)
        state[HD_ROLL] = -1
        goto(state, PC_HD_ROLL)
    elif d == D_HD_ANOINT:
        c = a - A_CLEARING
        if warriors(state, F, c) > 0:
            state[WARRIORS + F * NC + c] -= 1  # the replaced warrior goes to the supply (14.4.3)
            state[SUPPLY_WARRIORS + F] += 1
        state[WARRIORS + F * NC + c] += 1
        state[HD_WARLORD] = c
        goto(state, PC_HD_MOOD)
    elif d == D_HD_MOOD:
        state[HD_MOOD] = a - A_OPT - OPT_MOOD
        goto(state, PC_HD_LAVISH)
    elif d == D_HD_LAVISH:
        if a == A_DONE:
            goto(state, PC_BIRD_CARDS_POST)
            return
        item = a - A_ITEM
        state[HD_HOARD + item] -= 1
        remove_for_good(state, item)
        w = warlord(state)
        if w >= 0 and may_place(state, F, w):
            place_warriors(state, F, w, HD_LAVISH_WARRIORS)
    elif d == D_HD_CRAFT:
        if a == A_DONE:
            goto(state, PC_HD_ADVANCE_START if mood_is(state, GRANDIOSE) else PC_HD_COMMAND_START)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        elif is_exposure(a):
            start_exposure(state)
        else:
            start_craft(state, a - A_CARD, PC_HD_CRAFT)
    elif d == D_HD_CONTEMPT:
        card = state[REG + R_CRAFT_CARD]
        item = CARD_ITEM[card]
        state[ITEM_SUPPLY + item] -= 1  # out of the supply now (craft leaves it there while the Hundreds choose)
        discard(state, card)
        if a == A_OPT + OPT_SCORE:
            remove_for_good(state, item)
            score(state, F, CARD_VP[card], VS_CRAFT)
            ret(state)
        elif gain_item(state, item):
            goto(state, PC_HD_HOARD_FULL)  # its return is the craft's
        else:
            ret(state)
    elif d == D_HD_HOARD_FULL:
        item = a - A_ITEM
        gained = state[HD_GAINED]
        state[HD_GAINED] = -1
        if item != gained or state[HD_HOARD + item] > 0:
            state[HD_HOARD + item] -= 1
            state[HD_HOARD + gained] += 1
        remove_for_good(state, item)
        score(state, F, 1, VS_OTHER)
        ret(state)
    elif d == D_HD_COMMAND:
        if a == A_DONE:
            state[HD_ACTIONS] = 0
            after_command(state)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        elif a == A_OPT + OPT_MOVE:
            state[HD_ACTIONS] += 1
            state[REG + R_MOVE_SUIT] = -1
            state[REG + R_MOVE_OPTIONAL] = 0
            call(state, PC_MOVE_FROM, PC_HD_COMMAND)
        elif a == A_OPT + OPT_BATTLE:
            state[HD_ACTIONS] += 1
            start_battle(state, -1, 0, PC_HD_COMMAND)
        else:
            state[HD_ACTIONS] += 1
            goto(state, PC_HD_BUILD_WHERE)
    elif d == D_HD_BUILD_WHERE:
        state[REG + R_ARG2] = a - A_CLEARING
        goto(state, PC_HD_BUILD_CARD)
    elif d == D_HD_BUILD_CARD:
        discard(state, a - A_CARD)
        place_building(state, BT_STRONGHOLD, state[REG + R_ARG2])
        goto(state, PC_HD_COMMAND)
    elif d == D_HD_ADVANCE:
        if is_daylight_option(a):
            start_daylight_option(state, a)
            return
        st = state[HD_STEP]
        if a == A_DONE:
            if st != 0:
                state[HD_STEP] = 0  # the Advance in progress ends
                goto(state, PC_HD_ADVANCE)
            else:
                state[HD_ACTIONS] = 0
                after_advance(state)
            return
        if st == 0:
            state[HD_ACTIONS] += 1  # an Advance begins
        new = st | (HD_MOVED if a == A_OPT + OPT_MOVE else HD_BATTLED)
        if st & HD_MOVED != 0 and st & HD_BATTLED != 0:
            new |= HD_RELENTLESS  # Law 14.7.5: the extra move or battle
        ended = new & HD_RELENTLESS != 0 or (a == A_OPT + OPT_BATTLE and not (
            new & HD_MOVED != 0 and mood_is(state, RELENTLESS)))
        state[HD_STEP] = 0 if ended else new
        w = warlord(state)
        if a == A_OPT + OPT_MOVE:
            state[HD_STEP] |= HD_WARLORD_ASKED | HD_WARLORD_GOES  # the warlord moves, with any warriors
            state[REG + R_MOVE_FROM] = w
            call(state, PC_MOVE_TO, PC_HD_ADVANCE)
        else:
            start_battle_at(state, w, PC_HD_ADVANCE)
    elif d == D_HD_WARLORD_MOVES:
        state[HD_STEP] |= HD_WARLORD_ASKED | (HD_WARLORD_GOES if a == A_OPT + OPT_WARLORD else 0)
        goto(state, PC_MOVE_COUNT)
    elif d == D_HD_INCITE_WHERE:
        if a == A_DONE:
            goto(state, PC_HD_OPPRESS)
            return
        state[REG + R_ARG2] = a - A_CLEARING
        goto(state, PC_HD_INCITE_CARD)
    elif d == D_HD_INCITE_CARD:
        c = state[REG + R_ARG2]
        discard(state, a - A_CARD)
        place_token(state, TT_MOB, c)
        if mood_is(state, JUBILANT) and warlord(state) == c:
            state[HD_JUBILANT] = HD_JUBILANT_SPREADS
            goto(state, PC_HD_JUBILANT)
        else:
            goto(state, PC_HD_INCITE)
    elif d == D_HD_JUBILANT:
        if a == A_DONE:
            state[HD_JUBILANT] = 0
            goto(state, PC_HD_INCITE)
        else:
            state[HD_JUBILANT] -= 1
            start_spreads(state, 1, PC_HD_JUBILANT)
    elif d == D_HD_LOOT:
        state[HD_LOOT] = 1 if a == A_OPT + OPT_LOOT else 0
        ret(state)
    elif d == D_HD_LOOT_ITEM:
        item = a - A_ITEM
        state[CRAFTED_ITEMS + state[REG + R_B_DEF] * NITEM + item] -= 1
        if gain_item(state, item):
            goto(state, PC_HD_HOARD_FULL)  # its return is the battle's
        else:
            ret(state)
    else:  # D_HD_BITTER
        if a == A_DONE:
            ret(state)  # back to the battle's roll
            return
        b = a - A_CLEARING
        state[TOKENS + TT_MOB * NC + b] -= 1
        place_warriors(state, F, state[REG + R_B_CLEARING], 1)

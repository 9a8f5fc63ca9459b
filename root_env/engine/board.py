"""Pieces on the map: counting, ruling (Law 2.8), placing and removing (Law 2.5, 3.2.1)."""
import numpy as np
from .jit import njit

from ..data import (NC, NBT, BT_OWNER, TT_OWNER, BT_FIRST, BT_END, TT_FIRST, TT_END,
                    BT_TOTAL, TT_TOTAL, MARQUISE, EYRIE, ALLIANCE, LIZARDS, RIVERFOLK, CORVIDS, TT_KEEP, TT_SYMPATHY,
                    TT_TRADEPOST, TT_PLOT, BT_BASE, BT_GARDEN, EE_WAR_TAX, AA_POPULARITY, HUNDREDS, KEEPERS, TT_RELIC,
                    DUCHY)
from .geometry import adj_mask, slots
from ..layout import (WARRIORS, BUILDINGS, TOKENS, RUINS, SUPPLY_WARRIORS, FH_QUEUE, NSEATS, SEAT_FACTION,
                      FACTION_SEAT, AL_OUTRAGE, VB_DAMAGE, VS_REMOVAL, LZ_ACOLYTES, LZ_FEAR, BOT_TRAITS, BOT,
                      HD_WARLORD, HD_STEP, HD_WARLORD_ASKED, HD_WARLORD_GOES, DU_FAILURE, DU_FAILURE_OWED, DU_BURROW)
from .score import score, lose_vp
from .items import pawn_in
from .vagabonds import is_vagabond, vb_row
from .supporters import base_lost, crackdown
from .relationships import vb_removed_warriors
from .enemies import is_enemy
from .services import merc_buyer, trade_post_removed
from .plots import snared, plot_removed
from .scorched import scorched
from .relics import relic_removed


@njit(cache=True)
def warriors(state, f, c):
    return state[WARRIORS + f * NC + c]


# Each faction's building types are consecutive (data.BT_FIRST..BT_END) and at most three: buildings_of reads the
# same three rows for every faction, each weighed 1 (the faction's) or 0 (a faction with fewer types: row 0, weight 0),
# without a branch. It is asked per seat for every clearing by ruler, the engine's most asked function; the loop over
# every type tested by owner (unrolled) grew with the Keepers' waystations (11 -> 14 types) and was no longer inlined,
# and a loop over the owner's own range costs branches (about 5 % of random games, 2026-11-28). docs/performance.md.
_BT_N = BT_END - BT_FIRST
assert _BT_N.max() <= 3 and (BT_FIRST + _BT_N <= NBT).all()  # rows past a faction's own read row 0 (weight 0)
assert all((BT_OWNER[BT_FIRST[f]:BT_END[f]] == f).all() and (BT_OWNER == f).sum() == _BT_N[f]
           for f in range(len(_BT_N)))
assert all((TT_OWNER[TT_FIRST[f]:TT_END[f]] == f).all() and (TT_OWNER == f).sum() == TT_END[f] - TT_FIRST[f]
           for f in range(len(_BT_N)))  # tokens_of and has_pieces read each faction's token range
BT_ROWS = np.array([[(BT_FIRST[f] + j) * NC if j < _BT_N[f] else 0 for j in range(3)] for f in range(len(_BT_N))],
                   dtype=np.int64)
BT_WEIGHT = np.array([[1 if j < _BT_N[f] else 0 for j in range(3)] for f in range(len(_BT_N))], dtype=np.int64)


@njit(cache=True)
def buildings_of(state, f, c):
    """Buildings of faction f in clearing c."""
    b = BUILDINGS + c
    return (state[b + BT_ROWS[f, 0]] * BT_WEIGHT[f, 0] + state[b + BT_ROWS[f, 1]] * BT_WEIGHT[f, 1]
            + state[b + BT_ROWS[f, 2]] * BT_WEIGHT[f, 2])


@njit(cache=True)
def tokens_of(state, f, c):
    """Tokens of faction f in clearing c: its own token types, consecutive (data.TT_FIRST..TT_END; up to the
    Keepers' nine relic kinds, where a loop over all twenty types tested by owner was no longer inlined)."""
    n = 0
    for tt in range(TT_FIRST[f], TT_END[f]):
        n += state[TOKENS + tt * NC + c]
    return n


@njit(cache=True)
def has_pieces(state, f, c):
    """Any piece of f in clearing c (warriors, buildings, tokens, or the Vagabond pawn). Answered at the first kind
    found: warriors, then buildings, then tokens (counts are never negative)."""
    if is_vagabond(f):
        return pawn_in(state, f, c)
    if warriors(state, f, c) > 0 or buildings_of(state, f, c) > 0:
        return True
    for tt in range(TT_FIRST[f], TT_END[f]):
        if state[TOKENS + tt * NC + c] > 0:
            return True
    return False


@njit(cache=True, inline="always")
def _garden(state, c):
    """Law 10.2.4 Pilgrims: a garden of any suit in clearing c."""
    return (state[BUILDINGS + BT_GARDEN * NC + c] + state[BUILDINGS + (BT_GARDEN + 1) * NC + c]
            + state[BUILDINGS + (BT_GARDEN + 2) * NC + c]) > 0


@njit(cache=True, inline="always")
def _rule_count(state, f, c, merc):
    """f's warriors plus buildings in c for rule (Law 2.8), `merc` the buyer of Mercenaries or -1 (Law 11.2.7.III)."""
    p = warriors(state, f, c) + buildings_of(state, f, c)
    if merc >= 0:
        if f == merc:
            p += warriors(state, RIVERFOLK, c)
        elif f == RIVERFOLK:
            p -= warriors(state, RIVERFOLK, c)
    return p


@njit(cache=True)
def ruler(state, c):
    """Law 2.8: most warriors plus buildings rules; a tie means nobody rules, except that the Eyrie
    rule when tied for most and present (Law 7.2.2 Lords of the Forest). Law 10.2.4 Pilgrims: the
    Lizard Cult rule any clearing with a garden, over Lords of the Forest. Law 11.2.7.III: a buyer of
    Mercenaries counts the Riverfolk's warriors as its own, and so they are not the Riverfolk's for rule then
    (docs/rules.md, Readings). Returns a faction or -1."""
    if _garden(state, c):
        return LIZARDS
    best = 0
    who = -1
    tied = False
    eyrie_top = False
    merc = merc_buyer(state)
    for s in range(state[NSEATS]):
        f = state[SEAT_FACTION + s]
        p = _rule_count(state, f, c, merc)
        if p == 0:
            continue
        if p > best:
            best = p
            who = f
            tied = False
            eyrie_top = f == EYRIE
        elif p == best:
            tied = True
            if f == EYRIE:
                eyrie_top = True
    if who < 0:
        return -1
    if tied:
        return EYRIE if eyrie_top else -1
    return who


@njit(cache=True, inline="always")
def _rules(state, f, c, merc):
    """``ruler(state, c) == f`` (the same laws), answered at the first seat that outdoes f: a random game asks
    whether a faction rules far more often than who rules, and most answers are "no" (docs/performance.md)."""
    if _garden(state, c):
        return f == LIZARDS  # Law 10.2.4
    if f < 0:
        return ruler(state, c) == f  # (-1: nobody rules)
    if state[FACTION_SEAT + f] < 0:
        return False  # only a seated faction rules (a garden's aside)
    mine = _rule_count(state, f, c, merc)
    if mine == 0:
        return False
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != f:
            p = _rule_count(state, g, c, merc)
            # more than f: f does not rule; as many: a tie, which only the Eyrie win (Law 7.2.2)
            if p > mine or (p == mine and f != EYRIE):
                return False
    return True


@njit(cache=True)
def rules(state, f, c):
    return _rules(state, f, c, merc_buyer(state))


@njit(cache=True)
def ruled_mask(state, f):
    merc = merc_buyer(state)
    m = 0
    for c in range(NC):
        if _rules(state, f, c, merc):
            m |= 1 << c
    return m


@njit(cache=True)
def connected_area(state, start, mask):
    """Clearings of bitmask `mask` connected to `start` through clearings of `mask` (start included)."""
    if (mask >> start) & 1 == 0:
        return 0
    area = 1 << start
    frontier = area
    while frontier != 0:
        nxt = 0
        for c in range(NC):
            if (frontier >> c) & 1:
                nxt |= adj_mask(state, c)
        nxt &= mask & ~area
        area |= nxt
        frontier = nxt
    return area


# used_slots / open_slots inlined by numba (inline="always"), not left to LLVM: with the Duchy's citadel and market
# (14 -> 16 building types) LLVM unrolled the loop and no longer inlined open_slots, a call (and its array reference
# count) in every build menu: about 2 % of random Marquise+Eyrie games (2026-11-29, docs/performance.md).
@njit(cache=True, inline="always")
def used_slots(state, c):
    n = state[RUINS + c]
    for bt in range(NBT):
        n += state[BUILDINGS + bt * NC + c]
    return n


@njit(cache=True, inline="always")
def open_slots(state, c):
    """Law 2.2.3: slots not filled by a building or a ruin."""
    return slots(state, c) - used_slots(state, c)


@njit(cache=True)
def keep_clearing(state):
    for c in range(NC):
        if state[TOKENS + TT_KEEP * NC + c] > 0:
            return c
    return -1


@njit(cache=True)
def may_place(state, f, c):
    """Law 6.2.2: only the Marquise can place pieces in the clearing with the keep token. Law 13.7.2: no
    enemy of the Corvids places pieces where a snare is face up. D.6 Scorched Earth: no piece is placed where the
    Scoundrel's torch lies. Every placement asks here."""
    return ((f == MARQUISE or state[TOKENS + TT_KEEP * NC + c] == 0) and not snared(state, f, c)
            and not scorched(state, c))


@njit(cache=True)
def may_place_once_enemies_removed(state, f, c):
    """May f place pieces in c after every enemy piece there is removed? Law 8.4.1.III (seed 002) revolt:
    "Remove all enemy pieces from the chosen clearing. Then, place the matching base there": a face-up snare
    (13.7.2) is an enemy piece and goes first, so it stops nothing; the keep (6.2.2) stops the placing only
    while it stays, when the Marquise is no enemy of f."""
    if f != MARQUISE and state[TOKENS + TT_KEEP * NC + c] != 0 and not is_enemy(state, f, MARQUISE):
        return False
    if scorched(state, c):
        return False  # D.6: the torch is no enemy piece and stays
    return not snared(state, f, c) or is_enemy(state, f, CORVIDS)


@njit(cache=True)
def building_supply(state, bt):
    n = BT_TOTAL[bt]
    for c in range(NC):
        n -= state[BUILDINGS + bt * NC + c]
    return n


@njit(cache=True)
def buildings_on_map(state, bt):
    n = 0
    for c in range(NC):
        n += state[BUILDINGS + bt * NC + c]
    return n


@njit(cache=True)
def tokens_on_map(state, tt):
    n = 0
    for c in range(NC):
        n += state[TOKENS + tt * NC + c]
    return n


@njit(cache=True)
def token_supply(state, tt):
    return TT_TOTAL[tt] - tokens_on_map(state, tt)


@njit(cache=True)
def place_warriors(state, f, c, n):
    """Place up to n warriors from supply (Law 2.5: as many as possible). Returns how many."""
    k = state[SUPPLY_WARRIORS + f]
    if n < k:
        k = n
    if k > 0:
        state[SUPPLY_WARRIORS + f] -= k
        state[WARRIORS + f * NC + c] += k
    return k


@njit(cache=True)
def warlord_in(state, f, c):
    """1 if c holds the Hundreds' warlord and f is the Hundreds, else 0 (Law 14.2.2)."""
    return 1 if f == HUNDREDS and state[HD_WARLORD] == c else 0


@njit(cache=True)
def removable_warriors(state, f, c):
    """f's warriors in c that may be removed outside battle: Law 14.2.2, never the Hundreds' warlord."""
    return state[WARRIORS + f * NC + c] - warlord_in(state, f, c)


@njit(cache=True)
def take_warriors(state, f, c, n, in_battle):
    """Remove up to n warriors of f from c to supply; returns how many. Marquise warriors removed are queued for Field
    Hospitals (Law 6.2.3). Law 14.2.2: the Hundreds' warlord is removed only in battle, and then last of the Hundreds'
    warriors there (a reading: losing it is never better than losing a warrior, docs/rules.md); it leaves the map,
    not to the supply (only Anoint places it again, 14.4.3)."""
    k = state[WARRIORS + f * NC + c] if in_battle else removable_warriors(state, f, c)
    if n < k:
        k = n
    if k > 0:
        lord = warlord_in(state, f, c) == 1 and k == state[WARRIORS + f * NC + c]
        state[WARRIORS + f * NC + c] -= k
        state[SUPPLY_WARRIORS + f] += k - 1 if lord else k
        if lord:
            state[HD_WARLORD] = -1
        if f == MARQUISE:
            state[FH_QUEUE + c] += k
    return k


@njit(cache=True)
def remove_warriors(state, f, c, n):
    """Remove up to n warriors of f from c to supply outside battle (``take_warriors``). Returns how many."""
    return take_warriors(state, f, c, n, False)


@njit(cache=True)
def remove_warriors_in_battle(state, f, c, n):
    """Remove up to n warriors of f from c to supply as hits of a battle (``take_warriors``). Returns how many."""
    return take_warriors(state, f, c, n, True)


@njit(cache=True)
def move_warriors(state, f, a, b, n):
    """Move n of f's warriors from a to b; the Hundreds' warlord goes with them only when the move says so
    (``HD_WARLORD_GOES``, Law 14.2.2: never outside the Hundreds' turn; engine.movement asks). Either place may be
    the Duchy's Burrow (data.BURROW = NC, Law 12.2.2: only the Duchy's warriors go there)."""
    state[(DU_BURROW if a == NC else WARRIORS + f * NC + a)] -= n
    state[(DU_BURROW if b == NC else WARRIORS + f * NC + b)] += n
    if f == HUNDREDS and state[HD_WARLORD] == a and (state[HD_STEP] & HD_WARLORD_GOES or state[WARRIORS + f * NC + a] == 0):
        state[HD_WARLORD] = b
    if f == HUNDREDS:
        state[HD_STEP] &= ~(HD_WARLORD_ASKED | HD_WARLORD_GOES)


@njit(cache=True)
def place_building(state, bt, c):
    state[BUILDINGS + bt * NC + c] += 1


@njit(cache=True)
def place_token(state, tt, c):
    state[TOKENS + tt * NC + c] += 1


@njit(cache=True)
def remove_piece(state, kind, c, remover):
    """Remove one building (kind < NBT) or token (kind - NBT) from c. The remover scores one VP
    for an enemy building or token (Law 3.2.1). Returns the owner."""
    if kind < NBT:
        state[BUILDINGS + kind * NC + c] -= 1
        owner = BT_OWNER[kind]
        if owner == ALLIANCE:
            if state[BOT + ALLIANCE]:
                crackdown(state, kind - BT_BASE)  # the Automated Alliance (docs/clockwork_alliance.md AA-4)
            else:
                base_lost(state, kind - BT_BASE)  # Law 8.2.4, resolved with Outrage (engine.interrupts)
        elif owner == LIZARDS:
            state[LZ_FEAR] += 1  # Law 10.2.5 Fear of the Faithful, resolved by engine.interrupts (ordered, Law 1.1.3)
        elif owner == DUCHY:
            # Law 12.2.3 The Price of Failure: once for any number of Duchy buildings removed together (a flag, not a
            # count: engine.interrupts resolves it after the removals, 1.5.5's "remove all pieces before effects")
            state[DU_FAILURE] = DU_FAILURE_OWED
    else:
        state[TOKENS + (kind - NBT) * NC + c] -= 1
        owner = TT_OWNER[kind - NBT]
        if owner == RIVERFOLK:
            trade_post_removed(state, kind - NBT - TT_TRADEPOST)  # Law 11.2.5.I Trade Disruption
        elif owner == CORVIDS:
            plot_removed(state, kind - NBT - TT_PLOT, c)  # Law 13.7.4 raids (seed 003)
        elif owner == KEEPERS:
            relic_removed(state, kind - NBT - TT_RELIC, remover)  # Law 15.2.5 Prized Trophies (engine.interrupts)
        # Law 6.2.2: a removed keep goes back to the box (it simply leaves the map).
        if kind - NBT == TT_SYMPATHY and remover >= 0 and remover != ALLIANCE and not (
                state[BOT + ALLIANCE] and state[BOT + remover]):
            # Law 8.2.6 Outrage, resolved by engine.interrupts; only a player who is not a bot owes the Automated
            # Alliance its Automated Outrage (AA-3)
            state[AL_OUTRAGE + c] |= 1 << remover
    if remover >= 0 and is_enemy(state, remover, owner) and not popular(state, kind):
        score(state, remover, 1, VS_REMOVAL)  # Law 3.2.1: only an enemy's building or token scores
        if remover == EYRIE and state[BOT_TRAITS + EYRIE] & EE_WAR_TAX:
            lose_vp(state, owner, 1)  # seed 004 War Tax (the Electric Eyrie's trait; a human has no traits)
    return owner


@njit(cache=True, inline="always")
def popular(state, kind):
    """Seed 004 Popularity (the Automated Alliance's trait): enemies score no VP for removing sympathy tokens."""
    return kind - NBT == TT_SYMPATHY and state[BOT + ALLIANCE] != 0 and state[BOT_TRAITS + ALLIANCE] & AA_POPULARITY != 0


@njit(cache=True)
def warriors_to_acolytes(state, k):
    """Law 10.2.3 Revenge: k Cult warriors just removed to the supply go to the Acolytes box instead."""
    state[SUPPLY_WARRIORS + LIZARDS] -= k
    state[LZ_ACOLYTES] += k


@njit(cache=True)
def non_warrior_pieces(state, f, c):
    return buildings_of(state, f, c) + tokens_of(state, f, c)


@njit(cache=True)
def piece_kinds_present(state, f, c):
    """Number of distinct building/token kinds of f in c."""
    k = 0
    for bt in range(BT_FIRST[f], BT_END[f]):
        if state[BUILDINGS + bt * NC + c] > 0:
            k += 1
    for tt in range(TT_FIRST[f], TT_END[f]):
        if state[TOKENS + tt * NC + c] > 0:
            k += 1
    return k


@njit(cache=True)
def remove_all_non_warriors(state, f, c, remover):
    for bt in range(BT_FIRST[f], BT_END[f]):
        while state[BUILDINGS + bt * NC + c] > 0:
            remove_piece(state, bt, c, remover)
    for tt in range(TT_FIRST[f], TT_END[f]):
        while state[TOKENS + tt * NC + c] > 0:
            remove_piece(state, NBT + tt, c, remover)


@njit(cache=True)
def remove_all_enemies(state, f, c):
    """Remove every enemy piece in c (Alliance revolt 8.4.1, Favor cards). Law 2.7: a coalition
    partner is not an enemy, so its pieces stay. Seed 002 9.2.2.I: an enemy Vagabond there damages
    three items instead (resolved by engine.interrupts). Law 11.2.7.III: a buyer of Mercenaries removes
    the Riverfolk's warriors only by hits, so they stay."""
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if not is_enemy(state, f, g):
            continue
        k = 0 if g == RIVERFOLK and merc_buyer(state) == f else remove_warriors(state, g, c, warriors(state, g, c))
        if is_vagabond(f):
            vb_removed_warriors(state, f, g, k, False)
        remove_all_non_warriors(state, g, c, f)
        if is_vagabond(g) and pawn_in(state, g, c):
            state[VB_DAMAGE + vb_row(g)] += 3


@njit(cache=True)
def seated(state, f):
    return state[FACTION_SEAT + f] >= 0


@njit(cache=True)
def total_warriors_in(state, c):
    n = 0
    for s in range(state[NSEATS]):
        n += warriors(state, state[SEAT_FACTION + s], c)
    return n

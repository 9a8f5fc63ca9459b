"""Invariants of every state the engine can reach: pieces, cards and items conserved, counts within the
rules, the pending decision well formed.

``check_state(state)`` returns 0 or the first broken ``CHECKS`` code. It runs after every decision of
thousands of random games in the tests (tests/test_invariants.py), and on every state that enters from
outside (``engine.validate``), after the range checks of the ``layout.BOUNDS`` table: it relies on
every entry being in range and on the seating being consistent (``validate`` checks both first).
"""
import numpy as np
from .jit import njit

from ..data import (HUNDREDS, HD_ITEM_TRACK, HD_TRACK_SPACES, NC, NF, NBT, NTT, NCARD, NITEM, WARRIOR_TOTAL, BT_TOTAL, TT_TOTAL, TT_WOOD, TT_KEEP, CARD_KIND,
                    K_DOMINANCE, ALLIANCE, VAGABOND, VAGABOND2, SECOND_VAGABOND_ITEMS, EYRIE, VICTORY_VP, ITEM_POOL, TT_SYMPATHY, BT_BASE, NQUEST,
                    REL_HOSTILE, AL_SUPPORTER_LIMIT, QUESTS_VISIBLE, LIZARDS, BT_OWNER, TT_OWNER,
                    RIVERFOLK, TT_TRADEPOST, RF_POSTS_PER_SUIT, RF_PRICE_MAX, CORVIDS, TT_PLOT, CARD_SUIT, EE_WAR_TAX)
from ..map_data import AUTUMN, MAP_PRINTED_SUIT, MAP_ADJ_MASK, MAP_CLOSED_MASK, SUIT_MARKERS, MAP_COASTAL, MAP_FERRY_START
from .geometry import n_forests
from ..data import TORCH, SCOUNDREL, VAGRANT
from ..codes import N_ACTIONS, D_AL_TRIM
from ..layout import SCORCHED, B_INSTIGATOR, ITEM_ADDED, VB_CHOICE, MAP, ADJ_OPEN, FERRY, TURN_FLAGS, TF_FERRY, TF_ON_FERRY
from ..layout import (HD_WARLORD, HD_HOARD, HD_GAINED, HD_MOOD, HD_ACTIONS, HD_STEP, HD_LOOT, HD_SPREADS, HD_ROLL,
                      HD_CURSOR, HD_JUBILANT, R_B_ATT, PC, REG, TURN_FLAGS, TF_BASE_LOST, NSEATS, SEAT_FACTION, TURN, ACTIVE, PHASE, PH_SETUP, PH_OVER,
                      GAME_OVER, MAX_TURNS,
                      SUPPRESS_WIN, DECISION, DECIDER, LEGAL, LEGAL_N, WARRIORS, BUILDINGS, TOKENS, SUPPLY_WARRIORS,
                      CARD_LOC, DECK, DECK_N, HAND_N, VP, VP_SOURCE, DOMINANCE, ITEM_SUPPLY, CRAFTED_ITEMS, LOC_DECK,
                      LOC_DISCARD, LOC_REMOVED, LOC_AVAILABLE, LOC_HAND, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE,
                      LOC_SUPPORTERS, N_VS, AL_OFFICERS, AL_TRIM, VB_ITEMS, VB_PAWN, VB_REL, VB_COALITION, VB_CHAR, VB_R_HELD, RUIN_SEEN, QUEST_LOC,
                      QUEST_DECK, QUEST_DECK_N, QL_DECK, QL_VISIBLE, QL_DONE, QUEST_BY, RUIN_ITEM, ITEM_BOX, RUINS, MAX_VP,
                      LOC_LOST_SOULS, LOC_REVEALED, LOC_ORDER, BOT, ORDER_CARD, LZ_OUTCAST, LZ_ACOLYTES, LZ_FEAR, LZ_HATED, RF_FUNDS, RF_PAYMENTS, RF_COMMITTED,
                      RF_PRICES, RF_POSTS_GONE, RF_DISRUPT, RF_SERVICES_LEFT, RF_BOUGHT, CV_FACE_UP, CV_EXCLUDED,
                      CV_PLACED, BOT_TRAITS, OPTIONS, O_COOPERATIVE, MAX_COUNTER, CLEARING_SUITS, SETUP_KIND,
                      SETUP_STANDARD, HOMELAND)
from .board import open_slots, has_pieces, buildings_of, tokens_of
from .characters import played_by
from .machine import PC_HD_HOARD_FULL, PC_HD_MOB_WHERE
from ..data import DUCHY, NMINISTER
from ..layout import (DU_BURROW, DU_SWAYED, DU_CROWNS_LOST, DU_ACTIONS, DU_USED, DU_MINISTER, DU_LEFT, DU_KIND,
                      DU_CLEARING, DU_BT, DU_FAILURE)
from .parliament import crowns_left
from ..data import (KEEPERS, RELIC_KIND_TOTAL, NRELIC_KINDS, NRELIC_TYPES, NRELIC_VALUES, KP_RELIC_SPACES, KP_RETINUE_MAX, RETINUE_COLUMNS,
                    FAITHFUL_RETAINERS, NFOREST)
from ..layout import (KP_FOREST_UP, KP_FOREST_DOWN, KP_RECOVERED, KP_WS_FACE, KP_RETAINERS, KP_RET_USED,
                      KP_COL, KP_CARD, KP_CLEARING, KP_FOREST, KP_STEP, KP_ENCAMPED, KP_DECAMPED, KP_CARRY,
                      KP_TROPHY_BY, LOC_RETINUE)
from .relics import count_relics, trophy_kind

# Invariant codes returned by the compiled checker (index into CHECKS; 0 = all good). The codes that only a
# whole game can break (hand limit at a turn's end, apply refused, no end, winners) are checked by the
# tests' game driver (tests/test_invariants.py), not by check_state.
CHECKS = (
    "ok",
    "warriors not conserved (map + supply + officers/acolytes + the Riverfolk's funds, payments and committed "
    "!= WARRIOR_TOTAL) for a seated faction",
    "negative warrior count on the map or in supply",
    "pieces of a faction that is not seated",
    "buildings of a type on the map exceed BT_TOTAL (or negative)",
    "tokens of a type on the map exceed TT_TOTAL (or negative)",
    "more than 8 wood tokens on the map",
    "more than one keep token on the map",
    "negative open building slots in a clearing",
    "a card has an invalid location",
    "HAND_N differs from the number of cards in that hand",
    "DECK_N differs from the number of LOC_DECK cards",
    "DECK[0:DECK_N] is not exactly the set of LOC_DECK cards",
    "a dominance card is not LOC_REMOVED in a 2-player game",
    "LEGAL_N < 1 while the game runs",
    "legal action id out of [0, N_ACTIONS)",
    "duplicate legal action id",
    "the decider is not a seated faction, or is a Clockwork bot",
    "VP outside [0, MAX_VP] (MAX_COUNTER for a player who is not a bot in Cooperative play)",
    "VP > sum of VP_SOURCE (gains)",
    "VP != sum of VP_SOURCE for a faction that never loses VP (all but the Eyrie)",
    "the faction that just ended its turn holds more than 5 cards",
    "apply() rejected an action taken from the legal list",
    "game over but LEGAL_N != 0 or DECIDER != -1 or PHASE != over",
    "truncated game has winners",
    "game over, not truncated, but not exactly one winner",
    "winner has fewer than 30 VP",
    "TURN exceeds MAX_TURNS",
    "game did not end within the decision guard",
    "a faction has >= 30 VP at a decision point but the game is not over",
    "items not conserved (supply + crafted != starting supply)",
    "the active faction is not seated",
    "truncated game did not stop exactly at the turn cap",
    "more than one sympathy token in a clearing, or more than one base of a suit",
    "Alliance supporters above five with no base and no trim pending",
    "supporters stack of an unseated Alliance",
    "quests not accounted for (deck/visible/done), a completed quest without its Vagabond, or fewer visible than possible",
    "Vagabond pawn, relationships or items out of range",
    "coalition without an activated dominance card, or with an absent partner",
    "winners are not one faction (or one faction and its Vagabond coalition partner)",
    "ruin item under a clearing without a ruin",
    "Lizard Cult state out of place (no Outcast after setup, acolytes or Cult cards while the Cult is absent, "
    "revealed cards outside the Cult's turn)",
    "Riverfolk state out of place (trade posts on the map and in the box above three a suit, a price outside "
    "1..4 after setup, funds owed above the funds, services or Riverfolk boxes while the Riverfolk are absent)",
    "Corvid plots out of place (two plots in a clearing, a face-up mark or a ruled-out type where no face-down plot "
    "is, a ruled-out type that is the plot's own, plot marks while the Corvids are absent)",
    "clearing suits out of place (not the twelve suit markers, four a suit, Appendix A.1; not the printed suits in "
    "Standard Setup), or a homeland of a faction that is not seated (A.8.2)",
    "Lord of the Hundreds state out of place (a warlord where no Hundreds warrior is or missing after setup, a Hoard "
    "track over four items, a gained item or a mob-die roll outside their choices, Hundreds regions while the "
    "Hundreds are absent, Law 14)",
    "map geometry out of place (open paths that are not the map's, or not both ways, Law 2.2.1, C.3.2)",
    "Keepers in Iron state out of place (relics not twelve, four of a type, in this map's forests; more than ten "
    "Retinue cards or three Faithful Retainers; Relics spaces over four a type; relics waiting for a forest without "
    "their placer; Keepers regions while the Keepers are absent, Law 15)",
    "Underground Duchy state out of place (more crowns used than a rank has, a minister acting or a Build/Dig in "
    "progress outside the Duchy's turn, Burrow warriors or Duchy regions while the Duchy is absent, Law 12)",
)
(C_OK, C_WARRIORS, C_WARRIORS_NEG, C_UNSEATED, C_BUILDINGS, C_TOKENS, C_WOOD, C_KEEP, C_SLOTS, C_CARD_LOC, C_HAND_N,
 C_DECK_N, C_DECK_SET, C_DOMINANCE, C_LEGAL_N, C_LEGAL_RANGE, C_LEGAL_DUP, C_DECIDER, C_VP_RANGE, C_VP_SOURCE,
 C_VP_MARQUISE, C_HAND_LIMIT, C_APPLY, C_OVER_STATE, C_TRUNC_WINNER, C_ONE_WINNER, C_WINNER_VP, C_TURN_CAP,
 C_NO_END, C_UNDETECTED_WIN, C_ITEMS, C_ACTIVE, C_TRUNC_TURN, C_SYMPATHY, C_SUPPORTERS, C_SUPPORTERS_SEAT, C_QUESTS,
 C_VAGABOND, C_COALITION, C_WINNER_SET, C_RUIN_ITEM, C_LIZARDS, C_RIVERFOLK, C_CORVIDS, C_SUITS,
 C_HUNDREDS, C_MAP, C_KEEPERS, C_DUCHY) = range(len(CHECKS))



# The state regions each check reads, named in the error of a refused state (engine.validate).
CHECK_REGIONS = (
    (), ("WARRIORS", "SUPPLY_WARRIORS", "AL_OFFICERS", "LZ_ACOLYTES", "RF_FUNDS", "RF_PAYMENTS", "RF_COMMITTED"),
    ("WARRIORS", "SUPPLY_WARRIORS", "AL_OFFICERS", "RF_FUNDS", "RF_PAYMENTS", "RF_COMMITTED"),
    ("WARRIORS", "BUILDINGS", "TOKENS", "SEAT_FACTION"), ("BUILDINGS",), ("TOKENS",), ("TOKENS",), ("TOKENS",), ("BUILDINGS", "RUINS"),
    ("CARD_LOC",), ("HAND_N", "CARD_LOC"), ("DECK_N", "CARD_LOC"), ("DECK", "DECK_N", "CARD_LOC"),
    ("CARD_LOC",), ("LEGAL_N",), ("LEGAL",), ("LEGAL",), ("DECIDER",), ("VP",), ("VP", "VP_SOURCE"),
    ("VP", "VP_SOURCE"), ("HAND_N",), ("LEGAL",), ("GAME_OVER", "LEGAL_N", "DECIDER", "PHASE"), ("WINNERS",),
    ("WINNERS",), ("WINNERS", "VP"), ("TURN", "MAX_TURNS"), ("DECISIONS",), ("VP", "DOMINANCE", "GAME_OVER"),
    ("ITEM_SUPPLY", "ITEM_BOX", "CRAFTED_ITEMS", "VB_ITEMS", "VB_R_HELD", "RUIN_ITEM", "ITEM_ADDED", "SCORCHED"), ("ACTIVE",), ("TURN", "TRUNCATED"),
    ("TOKENS", "BUILDINGS"), ("CARD_LOC", "AL_TRIM"), ("CARD_LOC",), ("QUEST_LOC", "QUEST_DECK", "QUEST_DECK_N", "QUEST_BY"),
    ("VB_PAWN", "VB_REL", "VB_CHAR", "SEAT_FACTION", "SCORCHED", "B_INSTIGATOR", "VB_CHOICE"), ("VB_COALITION", "DOMINANCE"), ("WINNERS", "VB_COALITION"),
    ("RUIN_ITEM", "RUINS", "RUIN_SEEN"), ("LZ_OUTCAST", "LZ_ACOLYTES", "LZ_FEAR", "CARD_LOC", "ACTIVE"),
    ("TOKENS", "RF_POSTS_GONE", "RF_PRICES", "RF_DISRUPT", "RF_FUNDS", "RF_SERVICES_LEFT", "RF_BOUGHT"),
    ("TOKENS", "CV_FACE_UP", "CV_EXCLUDED", "CV_PLACED"),
    ("CLEARING_SUITS", "SETUP_KIND", "HOMELAND"),
    ("HD_WARLORD", "HD_MOOD", "HD_HOARD", "HD_ACTIONS", "HD_STEP", "HD_LOOT", "HD_SPREADS", "HD_ROLL", "HD_GAINED",
     "HD_CURSOR", "HD_JUBILANT", "WARRIORS"),
    ("MAP", "ADJ_OPEN", "FERRY", "TURN_FLAGS"),
    ("KP_FOREST_UP", "KP_FOREST_DOWN", "KP_RESERVE", "KP_RECOVERED", "KP_RETAINERS", "KP_RET_USED", "KP_TROPHY",
     "KP_TROPHY_BY", "TOKENS", "CARD_LOC"),
    ("DU_BURROW", "DU_SWAYED", "DU_CROWNS_LOST", "DU_ACTIONS", "DU_USED", "DU_MINISTER", "DU_LEFT", "DU_KIND",
     "DU_CLEARING", "DU_BT", "DU_FAILURE", "ACTIVE"),
)
assert len(CHECK_REGIONS) == len(CHECKS)


@njit(cache=True)
def _on_map(state, row):
    """Pieces of one kind on the map (the NC counts from `row`), or -1 if a count is negative."""
    k = 0
    for c in range(NC):
        if state[row + c] < 0:
            return -1
        k += state[row + c]
    return k


@njit(cache=True)
def check_corvids(state, seated):
    if not seated and state[CV_PLACED] != 0:
        return C_CORVIDS
    for c in range(NC):
        t = -1
        for k in range(4):
            n = state[TOKENS + (TT_PLOT + k) * NC + c]
            if n > 1 or (n == 1 and t >= 0):
                return C_CORVIDS  # seed 003 13.2.2.II: one plot per clearing
            if n == 1:
                t = k
        up = state[CV_FACE_UP + c]
        ex = state[CV_EXCLUDED + c]
        if (up != 0 and t < 0) or (ex != 0 and (t < 0 or up != 0 or (ex >> t) & 1 != 0)):
            return C_CORVIDS
    return C_OK


@njit(cache=True)
def check_riverfolk(state, seated):
    own = 0
    for g in range(NF):
        own += state[RF_FUNDS + g] + state[RF_PAYMENTS + g] + state[RF_COMMITTED + g]
    if not seated:
        bought = state[RF_BOUGHT] + state[RF_BOUGHT + 1] + state[RF_BOUGHT + 2]
        gone = state[RF_POSTS_GONE] + state[RF_POSTS_GONE + 1] + state[RF_POSTS_GONE + 2]
        if own + bought + gone + state[RF_DISRUPT] + state[RF_SERVICES_LEFT] != 0:
            return C_RIVERFOLK
        return C_OK
    for s in range(3):
        on_map = _on_map(state, TOKENS + (TT_TRADEPOST + s) * NC)
        if on_map < 0 or on_map + state[RF_POSTS_GONE + s] > RF_POSTS_PER_SUIT:
            return C_RIVERFOLK
        p = state[RF_PRICES + s]
        if (p < 1 or p > RF_PRICE_MAX) and not (state[PHASE] == PH_SETUP and state[TURN] == 0):
            return C_RIVERFOLK
    funds = 0
    for g in range(NF):
        funds += state[RF_FUNDS + g]
    if state[RF_DISRUPT] > funds:
        return C_RIVERFOLK
    return C_OK


@njit(cache=True)
def check_ruin(state, c, two):
    """The items under a ruin (9.3.4, 9.8.1): only in a ruin; slot 1 only with two Vagabonds and after slot 0;
    only Vagabonds have looked at them."""
    a = state[RUIN_ITEM + c]
    b = state[RUIN_ITEM + NC + c]
    if (a >= 0 or b >= 0) and state[RUINS + c] == 0:
        return C_RUIN_ITEM
    if b >= 0 and (a < 0 or not two):
        return C_RUIN_ITEM
    if state[RUIN_SEEN + c] & ~((1 << VAGABOND) | (1 << VAGABOND2)) != 0:
        return C_RUIN_ITEM
    return C_OK


@njit(cache=True)
def check_vagabond(state, v, seated):
    """One Vagabond's pawn and relationship chart (9.2.9: every seated non-Vagabond faction, no other)."""
    k = v - VAGABOND
    p = state[VB_PAWN + k]
    if not seated[v]:
        if p != -1 or state[VB_CHAR + k] != -1:
            return C_VAGABOND
        for f in range(NF):
            if state[VB_REL + k * NF + f] != -1:
                return C_VAGABOND
        return C_OK
    if state[PHASE] != PH_SETUP and (p < 0 or p >= NC + n_forests(state)):
        return C_VAGABOND
    for f in range(NF):
        r = state[VB_REL + k * NF + f]
        if seated[f] and f != VAGABOND and f != VAGABOND2:
            if state[PHASE] != PH_SETUP and (r < 0 or r > REL_HOSTILE):
                return C_VAGABOND
        elif r != -1:
            return C_VAGABOND
    return C_OK


@njit(cache=True)
def order_card_of_a_bot(state, card):
    for f in range(NF):
        if state[ORDER_CARD + f] == card and state[BOT + f] != 0:
            return True
    return False


@njit(cache=True)
def map_bad(state):
    """The open paths are the map's: every path open at setup, of the closed ones any (a removed closed path, C.3.3),
    nothing else, each both ways (Law 2.2.1). The Ferry is on a coastal clearing on the Lake map (C.2.1, C.2.5: it
    cannot be removed) and nowhere on the others, where it is never used."""
    m = state[MAP]
    fc = state[FERRY]
    if MAP_FERRY_START[m] < 0:
        if fc != -1 or state[TURN_FLAGS] & (TF_FERRY | TF_ON_FERRY) != 0:
            return True
    elif fc < 0 or MAP_COASTAL[m, fc] == 0:
        return True
    for c in range(NC):
        a = state[ADJ_OPEN + c]
        if a & MAP_ADJ_MASK[m, c] != MAP_ADJ_MASK[m, c] or a & ~(MAP_ADJ_MASK[m, c] | MAP_CLOSED_MASK[m, c]) != 0:
            return True
        for b in range(NC):
            if (a >> b) & 1 != (state[ADJ_OPEN + b] >> c) & 1:
                return True
    return False


@njit(cache=True)
def suits_bad(state, seated):
    """Appendix A.1: the clearings carry the twelve suit markers (as many of each suit as the printed map has), the
    printed suits themselves in Standard Setup (Law 5.1); a homeland belongs to a seated faction (A.8.2)."""
    counts = np.zeros(3, np.int64)
    for c in range(NC):
        s = state[CLEARING_SUITS + c]
        counts[s] += 1
        counts[SUIT_MARKERS[c]] -= 1
        # the Autumn map in Standard Setup keeps its printed suits (Law 5.1); variant maps shuffle markers (A.1, C)
        if state[SETUP_KIND] == SETUP_STANDARD and state[MAP] == AUTUMN and s != MAP_PRINTED_SUIT[AUTUMN, c]:
            return True
    for s in range(3):
        if counts[s] != 0:
            return True
    for f in range(NF):
        if state[HOMELAND + f] != 0 and not seated[f]:
            return True
    return False


@njit(cache=True)
def hundreds_bad(state, seated):
    """Law 14: the Hundreds' regions hold what the rules allow (engine.factions.hundreds, engine.hoard)."""
    if not seated:
        if (state[HD_WARLORD] != -1 or state[HD_MOOD] != 0 or state[HD_ACTIONS] != 0 or state[HD_STEP] != 0
                or state[HD_LOOT] != 0 or state[HD_SPREADS] != 0 or state[HD_ROLL] != -1 or state[HD_GAINED] != -1
                or state[HD_CURSOR] != 0 or state[HD_JUBILANT] != 0):
            return True
        for i in range(NITEM):
            if state[HD_HOARD + i] != 0:
                return True
        return False
    w = state[HD_WARLORD]
    if w >= 0 and state[WARRIORS + HUNDREDS * NC + w] < 1:
        return True
    for t in range(2):
        k = 0
        for i in range(NITEM):
            if HD_ITEM_TRACK[i] == t:
                k += state[HD_HOARD + i]
        if k > HD_TRACK_SPACES:
            return True
    for i in range(NITEM):
        if HD_ITEM_TRACK[i] < 0 and state[HD_HOARD + i] != 0:
            return True  # the torch has no track
    pc = state[PC]
    if state[HD_GAINED] >= 0 and (pc != PC_HD_HOARD_FULL or HD_ITEM_TRACK[state[HD_GAINED]] < 0):
        return True
    if state[HD_ROLL] >= 0 and pc != PC_HD_MOB_WHERE:
        return True
    if state[HD_LOOT] != 0 and state[REG + R_B_ATT] != HUNDREDS:
        return True
    return False


@njit(cache=True)
def duchy_bad(state, seated):
    """Law 12: the Duchy's regions hold what the rules allow (engine.factions.duchy, engine.parliament)."""
    busy = (state[DU_MINISTER] != -1 or state[DU_CLEARING] != -1 or state[DU_BT] != -1 or state[DU_KIND] != -1
            or state[DU_LEFT] != 0)
    if not seated:
        if busy or state[DU_BURROW] != 0 or state[DU_ACTIONS] != 0 or state[DU_USED] != 0 or state[DU_FAILURE] != 0:
            return True
        for m in range(NMINISTER):
            if state[DU_SWAYED + m] != 0:
                return True
        for r in range(3):
            if state[DU_CROWNS_LOST + r] != 0:
                return True
        return False
    if busy and state[ACTIVE] != DUCHY:
        return True
    for r in range(3):
        if crowns_left(state, r) < 0:
            return True
    return False


@njit(cache=True)
def keepers_bad(state, seated):
    """Law 15: the Keepers' regions hold what the rules allow (engine.factions.keepers, engine.relics)."""
    if not seated:
        if (state[KP_COL] != 0 or state[KP_CARD] != -1 or state[KP_CLEARING] != -1 or state[KP_FOREST] != -1
                or state[KP_STEP] != 0 or state[KP_ENCAMPED] != 0 or state[KP_DECAMPED] != 0 or state[KP_CARRY] != 0
                or state[KP_TROPHY_BY] != -1):
            return True
        for k in range(NRELIC_KINDS):
            if count_relics(state, k) != 0:
                return True
        for col in range(RETINUE_COLUMNS):
            if state[KP_RETAINERS + col] != 0 or state[KP_RET_USED + col] != 0:
                return True
        for w in range(3):
            if state[KP_WS_FACE + w] != 0:
                return True
        return False
    placed = 0
    for k in range(NRELIC_KINDS):
        placed += count_relics(state, k)
    for k in range(NRELIC_KINDS):
        # every relic once: all twelve from the Keepers' setup on (none before it, Law 15.3.1)
        if placed != 0 and count_relics(state, k) != RELIC_KIND_TOTAL[k]:
            return True
    if placed == 0 and state[PHASE] != PH_SETUP:
        return True
    nf = n_forests(state)
    for fo in range(nf, NFOREST):
        for k in range(NRELIC_KINDS):
            if state[KP_FOREST_UP + fo * NRELIC_KINDS + k] != 0 or state[KP_FOREST_DOWN + fo * NRELIC_KINDS + k] != 0:
                return True
    for t in range(NRELIC_TYPES):
        n = 0
        for v in range(NRELIC_VALUES):
            n += state[KP_RECOVERED + t * NRELIC_VALUES + v]
        if n > KP_RELIC_SPACES:
            return True
    size = 0
    retainers = 0
    for col in range(RETINUE_COLUMNS):
        if state[KP_RET_USED + col] > state[KP_RETAINERS + col]:
            return True
        retainers += state[KP_RETAINERS + col]
    for card in range(NCARD):
        loc = state[CARD_LOC + card]
        if LOC_RETINUE <= loc < LOC_RETINUE + RETINUE_COLUMNS:
            size += 1
    if retainers > FAITHFUL_RETAINERS or size + retainers > KP_RETINUE_MAX:
        return True
    if (trophy_kind(state) >= 0) != (state[KP_TROPHY_BY] >= 0):
        return True
    return False


@njit(cache=True)
def check_state(state):
    """Check every per-decision invariant of `state`; returns 0 or the first broken CHECKS code."""
    n = state[NSEATS]
    seated = np.zeros(NF, np.bool_)
    for s in range(n):
        seated[state[SEAT_FACTION + s]] = True
    # ---- warriors (the Alliance's officers and the Cult's acolytes are warriors off the map, 8.4.1.III, 10.2.3)
    for f in range(NF):
        tot = state[SUPPLY_WARRIORS + f] + (state[AL_OFFICERS] if f == ALLIANCE else 0)
        if f == LIZARDS:
            tot += state[LZ_ACOLYTES]
        for box in (RF_FUNDS, RF_PAYMENTS, RF_COMMITTED):  # Law 11.2.4: funds are warriors, whoever owns them
            if state[box + f] < 0:
                return C_WARRIORS_NEG
            if state[box + f] > 0 and not seated[f]:
                return C_UNSEATED
            tot += state[box + f]
        if tot < 0:
            return C_WARRIORS_NEG
        for c in range(NC):
            w = state[WARRIORS + f * NC + c]
            if w < 0:
                return C_WARRIORS_NEG
            if w > 0 and not seated[f]:
                return C_UNSEATED
            tot += w
        if f == DUCHY:
            tot += state[DU_BURROW]  # Law 12.2.2: warriors in the Burrow are on no clearing of the map
        if f == HUNDREDS and state[HD_WARLORD] >= 0:
            if state[WARRIORS + f * NC + state[HD_WARLORD]] < 1:
                return C_WARRIORS  # Law 14.2.2: the warlord is a warrior in its clearing
            tot -= 1  # the warlord is no warrior of the 20 (14.3.1)
        if seated[f] and tot != WARRIOR_TOTAL[f]:
            return C_WARRIORS
    # ---- the clearings' suits (A.1) and homelands (A.8.2)
    if suits_bad(state, seated):
        return C_SUITS
    if map_bad(state):
        return C_MAP
    # ---- buildings and tokens
    for bt in range(NBT):
        k = _on_map(state, BUILDINGS + bt * NC)
        if k < 0 or k > BT_TOTAL[bt]:
            return C_BUILDINGS
        if k > 0 and not seated[BT_OWNER[bt]]:
            return C_UNSEATED
    for tt in range(NTT):
        k = _on_map(state, TOKENS + tt * NC)
        if k < 0 or k > TT_TOTAL[tt]:
            return C_TOKENS
        if k > 0 and not seated[TT_OWNER[tt]]:
            return C_UNSEATED
        if tt == TT_WOOD and k > 8:
            return C_WOOD
        if tt == TT_KEEP and k > 1:
            return C_KEEP
    for c in range(NC):
        if open_slots(state, c) < 0:
            return C_SLOTS
        if state[TOKENS + TT_SYMPATHY * NC + c] > 1:
            return C_SYMPATHY
        code = check_ruin(state, c, seated[VAGABOND2])
        if code != C_OK:
            return code
    nbases = 0
    for suit in range(3):
        k = 0
        for c in range(NC):
            k += state[BUILDINGS + (BT_BASE + suit) * NC + c]
        if k > 1:
            return C_SYMPATHY
        nbases += k
    # ---- items: supply + crafted + the Vagabonds' boards + ruins + box = every item of the game
    for i in range(NITEM):
        k = state[ITEM_SUPPLY + i] + state[ITEM_BOX + i] + state[HD_HOARD + i]  # the Hundreds' Hoard (14.2.4)
        if state[ITEM_SUPPLY + i] < 0 or state[ITEM_BOX + i] < 0 or state[HD_HOARD + i] < 0:
            return C_ITEMS
        if state[HD_GAINED] == i:
            k += 1  # gained with its track full, waiting for the Hundreds' choice (14.2.4.I)
        for f in range(NF):
            if state[CRAFTED_ITEMS + f * NITEM + i] < 0:
                return C_ITEMS
            k += state[CRAFTED_ITEMS + f * NITEM + i]
        for v in range(2):
            held = 0
            for st in range(4):
                if state[VB_ITEMS + v * NITEM * 4 + i * 4 + st] < 0:
                    return C_ITEMS
                held += state[VB_ITEMS + v * NITEM * 4 + i * 4 + st]
            r = state[VB_R_HELD + v * NITEM + i]
            if r < 0 or r > 1 or r > held:
                return C_ITEMS
            k += held
        for c in range(NC):
            for slot in range(2):
                if state[RUIN_ITEM + slot * NC + c] == i:
                    k += 1
            if i == TORCH and (state[SCORCHED] >> c) & 1:
                k += 1  # D.6: the Scoundrel's torch in the clearing
        # the game's items: the base game's, the second Vagabond's (9.8), what the expansions brought for starting
        # items (9.3.5, Appendix D)
        if k != ITEM_POOL[i] + (SECOND_VAGABOND_ITEMS[i] if seated[VAGABOND2] else 0) + state[ITEM_ADDED + i]:
            return C_ITEMS
    # ---- the Vagabonds (Law 9.8: two at most, different characters; VAGABOND2 only beside VAGABOND)
    if seated[VAGABOND2] and not seated[VAGABOND]:
        return C_VAGABOND
    for v in range(VAGABOND, VAGABOND2 + 1):
        if check_vagabond(state, v, seated) != C_OK:
            return C_VAGABOND
    if seated[VAGABOND2] and state[VB_CHAR] >= 0 and state[VB_CHAR] == state[VB_CHAR + 1]:
        return C_VAGABOND
    # Law 9.3.1: a Vagabond still to choose has a character to choose (VB_CHOICE, less the other's, 9.8)
    for v in range(VAGABOND, VAGABOND2 + 1):
        if seated[v] and state[VB_CHAR + v - VAGABOND] < 0:
            left = state[VB_CHOICE]
            other = state[VB_CHAR + VAGABOND2 - v]
            if other >= 0:
                left &= ~(1 << other)
            if left == 0:
                return C_VAGABOND
    # Appendix D: Scorched Earth's torch only from a Scoundrel; an instigated battle only by a Vagrant
    if state[SCORCHED] != 0:
        sc = played_by(state, SCOUNDREL)
        if sc < 0:
            return C_VAGABOND
        # D.6: nothing is placed in or moved into the scorched clearing, and Scorched Earth removed every enemy
        # piece: only the Scoundrel's coalition partner (no enemy, 2.7) may still have pieces there
        partner = state[VB_COALITION + sc - VAGABOND]
        for c in range(NC):
            if (state[SCORCHED] >> c) & 1:
                for f in range(NF):
                    if f != partner and has_pieces(state, f, c) and not (f == VAGABOND or f == VAGABOND2):
                        if (f == HUNDREDS and state[HD_WARLORD] == c and state[WARRIORS + f * NC + c] == 1
                                and buildings_of(state, f, c) + tokens_of(state, f, c) == 0):
                            continue  # Law 14.2.2: the warlord is never removed outside battle, so it stays
                        return C_VAGABOND
    b = state[B_INSTIGATOR]
    if b >= 0 and (b < VAGABOND or b > VAGABOND2 or not seated[b] or state[VB_CHAR + b - VAGABOND] != VAGRANT):
        return C_VAGABOND
    if seated[VAGABOND]:
        q_vis = 0
        q_deck = 0
        for q in range(NQUEST):
            loc = state[QUEST_LOC + q]
            if loc == QL_VISIBLE:
                q_vis += 1
            elif loc == QL_DECK:
                q_deck += 1
            elif loc != QL_DONE:
                return C_QUESTS
            # Law 9.5.5: a completed quest is in one seated Vagabond's play area; no other has a completer
            by = state[QUEST_BY + q]
            if loc == QL_DONE:
                if (by != VAGABOND and by != VAGABOND2) or not seated[by]:
                    return C_QUESTS
            elif by != -1:
                return C_QUESTS
        if state[QUEST_DECK_N] != q_deck and not (state[PHASE] == PH_SETUP and q_vis == 0):
            return C_QUESTS
        listed = 0  # the deck lists each of its quests once (a quest listed twice would be drawn twice)
        for i in range(state[QUEST_DECK_N]):
            q = state[QUEST_DECK + i]
            if state[QUEST_LOC + q] != QL_DECK or (listed >> q) & 1:
                return C_QUESTS
            listed |= 1 << q
        if state[PHASE] != PH_SETUP and q_vis != min(QUESTS_VISIBLE, q_vis + q_deck):
            return C_QUESTS
    else:
        for q in range(NQUEST):
            if state[QUEST_BY + q] != -1:
                return C_QUESTS
    # ---- the Lizard Cult
    if seated[LIZARDS]:
        o = state[LZ_OUTCAST]
        if o > 2 or (o < 0 and (state[PHASE] != PH_SETUP or state[TURN] > 0)):
            return C_LIZARDS
    elif state[LZ_OUTCAST] != -1 or state[LZ_ACOLYTES] != 0 or state[LZ_HATED] != 0 or state[LZ_FEAR] != 0:
        return C_LIZARDS
    # ---- the Lord of the Hundreds
    if hundreds_bad(state, seated[HUNDREDS]):
        return C_HUNDREDS
    # ---- the Keepers in Iron
    if keepers_bad(state, seated[KEEPERS]):
        return C_KEEPERS
    if duchy_bad(state, seated[DUCHY]):
        return C_DUCHY
    # ---- the Riverfolk Company
    code = check_riverfolk(state, seated[RIVERFOLK])
    if code == C_OK:
        code = check_corvids(state, seated[CORVIDS])
    if code != C_OK:
        return code
    # Law 9.2.8: a coalition needs the Vagabond's activated dominance card and a seated partner; seed 002: no
    # one is in two coalitions (two Vagabonds, 9.8).
    for k in range(2):
        partner = state[VB_COALITION + k]
        if partner >= 0 and (state[DOMINANCE + VAGABOND + k] == 0 or not seated[partner] or partner == VAGABOND + k):
            return C_COALITION
    p = state[VB_COALITION]
    q = state[VB_COALITION + 1]
    if p >= 0 and q >= 0 and (p == q or p == VAGABOND2 or q == VAGABOND):
        return C_COALITION
    # ---- cards: each of the 54 cards is in exactly one valid place
    hand = np.zeros(NF, np.int64)
    ndeck = 0
    nsup = 0
    for card in range(NCARD):
        loc = state[CARD_LOC + card]
        dom = CARD_KIND[card] == K_DOMINANCE
        if n == 2 and dom and loc != LOC_REMOVED:
            return C_DOMINANCE
        if loc == LOC_DECK:
            ndeck += 1
        elif loc == LOC_DISCARD or loc == LOC_REMOVED:
            pass
        elif loc == LOC_AVAILABLE:
            if not dom:
                return C_CARD_LOC
        elif LOC_HAND <= loc < LOC_HAND + NF:
            if not seated[loc - LOC_HAND]:
                return C_CARD_LOC
            hand[loc - LOC_HAND] += 1
        elif LOC_CRAFTED <= loc < LOC_CRAFTED + NF:
            if not seated[loc - LOC_CRAFTED] or dom:
                return C_CARD_LOC
        elif LOC_ACTIVE_DOM <= loc < LOC_ACTIVE_DOM + NF:
            if not seated[loc - LOC_ACTIVE_DOM] or not dom:
                return C_CARD_LOC
        elif LOC_DECREE <= loc < LOC_DECREE + 4:
            if not seated[EYRIE]:
                return C_CARD_LOC
        elif loc == LOC_SUPPORTERS:
            if not seated[ALLIANCE]:
                return C_SUPPORTERS_SEAT
            nsup += 1
        elif loc == LOC_LOST_SOULS:
            if not seated[LIZARDS]:
                return C_LIZARDS
        elif loc == LOC_REVEALED:
            if state[ACTIVE] != LIZARDS and state[ACTIVE] != DUCHY:
                return C_LIZARDS  # revealed cards: only the Cult's (10.5) or the Duchy's (12.5.1.I, 12.5.3.II), its turn
        elif loc == LOC_ORDER:
            if not order_card_of_a_bot(state, card):
                return C_CARD_LOC
        elif LOC_RETINUE <= loc < LOC_RETINUE + RETINUE_COLUMNS:
            if not seated[KEEPERS]:
                return C_CARD_LOC
        else:
            return C_CARD_LOC
    for f in range(NF):
        if state[HAND_N + f] != hand[f]:
            return C_HAND_N
        # Seed 004: a bot is seated, has no hand, and its order card lies face up.
        if state[BOT + f] != 0 and (not seated[f] or hand[f] != 0):
            return C_HAND_N
        o = state[ORDER_CARD + f]
        # (the Electric Eyrie files its order card in the Decree column of its suit)
        if o >= 0 and (state[BOT + f] == 0 or state[CARD_LOC + o] != LOC_ORDER
                       and not (f == EYRIE and state[CARD_LOC + o] == LOC_DECREE + CARD_SUIT[o])):
            return C_CARD_LOC
    if state[DECK_N] != ndeck:
        return C_DECK_N
    # (a removed base's 8.2.4 discards may still wait for its Outrage, Law 1.1.3: TF_BASE_LOST bits)
    if (nsup > AL_SUPPORTER_LIMIT and nbases == 0 and state[AL_TRIM] == 0 and state[GAME_OVER] == 0
            and state[DECISION] != D_AL_TRIM and state[TURN_FLAGS] & (TF_BASE_LOST * 7) == 0):
        return C_SUPPORTERS
    seen = np.zeros(NCARD, np.bool_)
    for i in range(state[DECK_N]):
        card = state[DECK + i]
        if card < 0 or card >= NCARD or seen[card] or state[CARD_LOC + card] != LOC_DECK:
            return C_DECK_SET
        seen[card] = True
    # ---- scores
    for f in range(NF):
        v = state[VP + f]
        # layout.MAX_VP: only a player who is not a bot scores on past 30, in Cooperative play (seed 004)
        if v < 0 or v > (MAX_COUNTER if state[OPTIONS + O_COOPERATIVE] != 0 and state[BOT + f] == 0 else MAX_VP):
            return C_VP_RANGE
        gains = 0
        for i in range(N_VS):
            gains += state[VP_SOURCE + f * N_VS + i]
        if v > gains:
            return C_VP_SOURCE
        # only the Eyrie ever lose VP (turmoil, Law 7.7.1), or anyone under the Electric Eyrie's War Tax (seed 004)
        # (saturated counters, engine.score.saturating_add: the score stops at MAX_COUNTER, its sources may not)
        if f != EYRIE and v != min(gains, MAX_COUNTER) and state[BOT_TRAITS + EYRIE] & EE_WAR_TAX == 0:
            return C_VP_MARQUISE
    if state[TURN] > state[MAX_TURNS]:
        return C_TURN_CAP
    # ---- the pending decision
    if state[GAME_OVER] == 0:
        ln = state[LEGAL_N]
        if ln < 1:
            return C_LEGAL_N
        used = np.zeros(N_ACTIONS, np.bool_)
        for i in range(ln):
            a = state[LEGAL + i]
            if a < 0 or a >= N_ACTIONS:
                return C_LEGAL_RANGE
            if used[a]:
                return C_LEGAL_DUP
            used[a] = True
        d = state[DECIDER]
        if d < 0 or d >= NF or not seated[d] or state[BOT + d] != 0:
            return C_DECIDER  # seed 004: a bot never decides
        act = state[ACTIVE]
        if act < 0 or act >= NF or not seated[act]:
            return C_ACTIVE
        if state[SUPPRESS_WIN] == 0:
            # seed 004 Cooperative: a player at 30 plays on until every player (or one bot) has 30
            short = False
            for f in range(NF):
                if seated[f] and state[OPTIONS + O_COOPERATIVE] != 0:
                    if state[VP + f] >= VICTORY_VP and state[BOT + f] != 0:
                        return C_UNDETECTED_WIN
                    short = short or state[VP + f] < VICTORY_VP and state[BOT + f] == 0
                elif seated[f] and state[VP + f] >= VICTORY_VP and state[DOMINANCE + f] == 0:
                    return C_UNDETECTED_WIN
            if state[OPTIONS + O_COOPERATIVE] != 0 and not short:
                return C_UNDETECTED_WIN
    else:
        if state[LEGAL_N] != 0 or state[DECIDER] != -1 or state[PHASE] != PH_OVER:
            return C_OVER_STATE
    return C_OK


"""Observation encoding: a fixed-size float32 vector of what one player may know.

Public: the board, VP, hand sizes, crafted cards and items, the discard pile, the Decree, the
pending decision and its public context. Private to the viewer: its own hand, and cards it has
legitimately seen in other hands (Codebreakers, Stand and Deliver!). Never: other hands, the deck
order, the RNG. The layout is listed in ``OBS_FIELDS`` (name, size) in order.
"""
import numpy as np
from numba import njit

from ..data import NC, NF, NBT, NTT, NCARD, NITEM, NFOREST, NQUEST, REL_HOSTILE
from ..codes import N_DECISIONS
from ..layout import (WARRIORS, BUILDINGS, TOKENS, RUINS, VP, DOMINANCE, HAND_N, NSEATS, FACTION_SEAT, ACTIVE,
                      DECIDER, CRAFTED_ITEMS, ITEM_SUPPLY, CARD_LOC, CARD_FLAG, CARD_KNOWN, LOC_HAND, LOC_DISCARD,
                      LOC_AVAILABLE, LOC_REMOVED, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE, PHASE, DECISION,
                      TURN, MAX_TURNS, DECK_N, MQ_ACTIONS, MQ_RECRUITED, EY_LEADER, EY_LEADER_STATE, EY_VIZIER_COL,
                      EY_VIZIER_DONE, EY_ADDED, EY_ADDED_BIRD, CRAFT_USED, TURN_FLAGS, REG, SCRATCH, FH_QUEUE,
                      SUPPLY_WARRIORS, R_MOVE_FROM, R_MOVE_TO, R_B_CLEARING, R_B_ATT, R_B_DEF, R_B_ROLL_ATT,
                      R_B_ROLL_DEF, R_B_EXTRA_ATT, R_B_EXTRA_DEF, R_B_HITS_ATT, R_B_HITS_DEF, R_BUILD_TYPE,
                      R_BUILD_AT, R_WOOD_LEFT, R_FH_CLEARING, R_PLACE_LEFT, R_ANY_LEFT, R_DECREE_CARD,
                      R_PAY_VERB, LOC_SUPPORTERS, AL_OFFICERS, AL_OUTRAGE, AL_OPS, AL_TRIM, VB_CHAR, VB_PAWN,
                      VB_ITEMS, VB_REL, VB_AIDS, VB_COALITION, VB_DAMAGE, VB_REFRESH, VB_BATTLE_HITS, QUEST_LOC,
                      QUEST_DECK_N, ITEM_BOX, R_AL_TARGET, R_SPEND_LEFT, R_SPEND_SUIT, R_OUTRAGE_CLEARING,
                      R_OUTRAGE_PAYER, R_VB_TARGET, R_VB_ALLY, R_B_ALLY, R_VB_QUEST, R_VB_MOVE_FROM, R_VB_ITEM,
                      R_VB_HIDEOUT, QL_VISIBLE, QL_DONE)
from ..data import EYRIE
from .supporters import supporters_n

# hand, discard, available, removed, unseen, decree-done; crafted[f]; known-in-hand[f]; decree col; supporter (known)
CARD_FEATURES = 6 + NF + NF + 4 + 1
PUBLIC_REGS = np.array([R_MOVE_FROM, R_MOVE_TO, R_B_CLEARING, R_B_ATT, R_B_DEF, R_B_ROLL_ATT, R_B_ROLL_DEF,
                        R_B_EXTRA_ATT, R_B_EXTRA_DEF, R_B_HITS_ATT, R_B_HITS_DEF, R_BUILD_TYPE, R_BUILD_AT,
                        R_WOOD_LEFT, R_FH_CLEARING, R_PLACE_LEFT, R_ANY_LEFT, R_PAY_VERB, R_AL_TARGET, R_SPEND_LEFT,
                        R_SPEND_SUIT, R_OUTRAGE_CLEARING, R_OUTRAGE_PAYER, R_VB_TARGET, R_VB_ALLY, R_B_ALLY,
                        R_VB_QUEST, R_VB_MOVE_FROM, R_VB_ITEM, R_VB_HIDEOUT], dtype=np.int64)
N_REL_VALUES = REL_HOSTILE + 1

OBS_FIELDS = (
    ("viewer", NF), ("warriors", NF * NC), ("buildings", NBT * NC), ("tokens", NTT * NC), ("ruins", NC),
    ("supply_warriors", NF), ("vp", NF), ("dominance", NF * 4), ("hand_size", NF), ("seated", NF),
    ("seat_from_viewer", NF), ("active", NF), ("decider", NF), ("crafted_items", NF * NITEM),
    ("item_supply", NITEM), ("cards", NCARD * CARD_FEATURES), ("phase", 5), ("decision", N_DECISIONS),
    ("turn", 1), ("turns_left", 1), ("deck_size", 1), ("mq_actions", 1), ("mq_recruited", 1), ("ey_leader", 4),
    ("ey_leader_state", 12), ("ey_vizier_col", 8), ("ey_vizier_done", 2), ("ey_added", 2), ("craft_used", 3),
    ("turn_flags", 4), ("context", PUBLIC_REGS.shape[0]), ("own_pending_card", NCARD), ("placement_demand", NC),
    ("field_hospital_queue", NC),
    ("alliance_officers", 1), ("alliance_supporters", 1), ("alliance_ops_used", 1), ("alliance_trim", 1),
    ("outrage_pending", NC), ("vagabond_character", 3), ("vagabond_pawn", NC + NFOREST), ("vagabond_items", NITEM * 4),
    ("vagabond_relationship", NF * N_REL_VALUES), ("vagabond_aids", NF), ("vagabond_coalition", NF),
    ("vagabond_damage_pending", 1), ("vagabond_refresh_left", 1), ("vagabond_battle_hits", 2), ("quests", NQUEST * 2),
    ("quest_deck_size", 1), ("item_box", NITEM),
)
OBS_SIZE = sum(s for _, s in OBS_FIELDS)


@njit(cache=True)
def observe(state, viewer, out):
    """Fill `out` (float32[OBS_SIZE]) with what faction `viewer` may know."""
    out[:] = 0.0
    k = 0
    out[k + viewer] = 1.0
    k += NF
    for i in range(NF * NC):
        out[k + i] = state[WARRIORS + i]
    k += NF * NC
    for i in range(NBT * NC):
        out[k + i] = state[BUILDINGS + i]
    k += NBT * NC
    for i in range(NTT * NC):
        out[k + i] = state[TOKENS + i]
    k += NTT * NC
    for i in range(NC):
        out[k + i] = state[RUINS + i]
    k += NC
    for f in range(NF):
        out[k + f] = state[SUPPLY_WARRIORS + f]
        out[k + NF + f] = state[VP + f]
        d = state[DOMINANCE + f]
        if d > 0:
            out[k + 2 * NF + f * 4 + d - 1] = 1.0
        out[k + 6 * NF + f] = state[HAND_N + f]
        seat = state[FACTION_SEAT + f]
        if seat >= 0:
            out[k + 7 * NF + f] = 1.0
            n = state[NSEATS]
            out[k + 8 * NF + f] = (seat - state[FACTION_SEAT + viewer] + n) % n
    k += 9 * NF
    if state[ACTIVE] >= 0:
        out[k + state[ACTIVE]] = 1.0
    k += NF
    if state[DECIDER] >= 0:
        out[k + state[DECIDER]] = 1.0
    k += NF
    for i in range(NF * NITEM):
        out[k + i] = state[CRAFTED_ITEMS + i]
    k += NF * NITEM
    for i in range(NITEM):
        out[k + i] = state[ITEM_SUPPLY + i]
    k += NITEM
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        b = k + c * CARD_FEATURES
        if loc == LOC_HAND + viewer:
            out[b] = 1.0
        elif loc == LOC_DISCARD:
            out[b + 1] = 1.0
        elif loc == LOC_AVAILABLE:
            out[b + 2] = 1.0
        elif loc == LOC_REMOVED:
            out[b + 3] = 1.0
        elif loc >= LOC_CRAFTED and loc < LOC_CRAFTED + NF:
            out[b + 6 + loc - LOC_CRAFTED] = 1.0
        elif loc >= LOC_ACTIVE_DOM and loc < LOC_ACTIVE_DOM + NF:
            out[b + 6 + loc - LOC_ACTIVE_DOM] = 1.0
        elif loc >= LOC_DECREE and loc < LOC_DECREE + 4:
            out[b + 6 + 2 * NF + loc - LOC_DECREE] = 1.0
            out[b + 5] = state[CARD_FLAG + c]
        elif loc >= LOC_HAND and loc < LOC_HAND + NF and (state[CARD_KNOWN + c] >> viewer) & 1:
            out[b + 6 + NF + loc - LOC_HAND] = 1.0  # seen in another player's hand
        elif loc == LOC_SUPPORTERS and (state[CARD_KNOWN + c] >> viewer) & 1:
            out[b + 6 + 2 * NF + 4] = 1.0  # a supporter this player knows (the Alliance, or its giver)
        else:
            out[b + 4] = 1.0  # deck or an unseen hand
    k += NCARD * CARD_FEATURES
    out[k + state[PHASE]] = 1.0
    k += 5
    out[k + state[DECISION]] = 1.0
    k += N_DECISIONS
    out[k] = state[TURN]
    out[k + 1] = state[MAX_TURNS] - state[TURN]
    out[k + 2] = state[DECK_N]
    out[k + 3] = state[MQ_ACTIONS]
    out[k + 4] = state[MQ_RECRUITED]
    k += 5
    if state[EY_LEADER] >= 0:
        out[k + state[EY_LEADER]] = 1.0
    k += 4
    for l in range(4):
        out[k + l * 3 + state[EY_LEADER_STATE + l]] = 1.0
    k += 12
    for v in range(2):
        if state[EY_VIZIER_COL + v] >= 0:
            out[k + v * 4 + state[EY_VIZIER_COL + v]] = 1.0
    k += 8
    out[k] = state[EY_VIZIER_DONE]
    out[k + 1] = state[EY_VIZIER_DONE + 1]
    k += 2
    out[k] = state[EY_ADDED]
    out[k + 1] = state[EY_ADDED_BIRD]
    k += 2
    for s in range(3):
        out[k + s] = state[CRAFT_USED + s]
    k += 3
    for b in range(4):
        out[k + b] = (state[TURN_FLAGS] >> b) & 1
    k += 4
    for i in range(PUBLIC_REGS.shape[0]):
        out[k + i] = state[REG + PUBLIC_REGS[i]] + 1  # +1: registers use -1 for "none"
    k += PUBLIC_REGS.shape[0]
    # The card the Eyrie is placing on the Decree is theirs to know until it is placed.
    if viewer == EYRIE and state[DECIDER] == EYRIE:
        c = state[REG + R_DECREE_CARD]
        if c >= 0 and c < NCARD and state[CARD_LOC + c] == LOC_HAND + viewer:
            out[k + c] = 1.0
    k += NCARD
    for c in range(NC):
        out[k + c] = state[SCRATCH + c]
        out[k + NC + c] = state[FH_QUEUE + c]
    k += 2 * NC
    # Woodland Alliance: the number of supporters is public, the cards are not (8.2.3).
    out[k] = state[AL_OFFICERS]
    out[k + 1] = supporters_n(state)
    out[k + 2] = state[AL_OPS]
    out[k + 3] = state[AL_TRIM]
    k += 4
    for c in range(NC):
        out[k + c] = state[AL_OUTRAGE + c]
    k += NC
    # Vagabond: everything on his board is public; ruin items and the quest deck order are not.
    if state[VB_CHAR] >= 0:
        out[k + state[VB_CHAR]] = 1.0
    k += 3
    if state[VB_PAWN] >= 0:
        out[k + state[VB_PAWN]] = 1.0
    k += NC + NFOREST
    for i in range(NITEM * 4):
        out[k + i] = state[VB_ITEMS + i]
    k += NITEM * 4
    for f in range(NF):
        r = state[VB_REL + f]
        if r >= 0:
            out[k + f * N_REL_VALUES + r] = 1.0
    k += NF * N_REL_VALUES
    for f in range(NF):
        out[k + f] = state[VB_AIDS + f]
    k += NF
    if state[VB_COALITION] >= 0:
        out[k + state[VB_COALITION]] = 1.0
    k += NF
    out[k] = state[VB_DAMAGE]
    out[k + 1] = state[VB_REFRESH]
    out[k + 2] = state[VB_BATTLE_HITS]
    out[k + 3] = state[VB_BATTLE_HITS + 1]
    k += 4
    for q in range(NQUEST):
        loc = state[QUEST_LOC + q]
        if loc == QL_VISIBLE:
            out[k + q * 2] = 1.0
        elif loc == QL_DONE:
            out[k + q * 2 + 1] = 1.0
    k += NQUEST * 2
    out[k] = state[QUEST_DECK_N]
    k += 1
    for i in range(NITEM):
        out[k + i] = state[ITEM_BOX + i]
    return out

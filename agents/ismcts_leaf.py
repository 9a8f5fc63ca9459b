"""Leaf evaluations for the ISMCTS search that go beyond the heuristic's faction score (``agents.heuristic.evaluate``).

EXPERIMENTAL: weights come from the options array while they are being tuned.
"""
import numpy as np
from root_env.engine.jit import njit

from root_env.data import (NF, NC, NITEM, NQUEST, VAGABOND, REL_AIDS, REL_VP, REL_ALLIED, REL_HOSTILE, QUEST_ITEMS,
                           TORCH, TEA, COINS, BAG, IS_READY, IS_EXHAUSTED)
from root_env.layout import (GAME_OVER, VB_REL, VB_AIDS, VB_ITEMS, QUEST_LOC, QL_VISIBLE, RUIN_ITEM, RUINS, HAND_N,
                             ACTIVE)
from agents.heuristic import evaluate

N_VB_W = 10


@njit(cache=True)
def _undamaged(s, i):
    return s[VB_ITEMS + i * 4 + IS_READY] + s[VB_ITEMS + i * 4 + IS_EXHAUSTED]


@njit(cache=True)
def vagabond_score(s, w):
    """The Vagabond's search score: the heuristic's, plus what leads to VP later (weights w)."""
    v = evaluate(s, VAGABOND)
    if s[GAME_OVER] != 0:
        return v
    for g in range(NF):
        rel = s[VB_REL + g]
        if 0 <= rel < REL_ALLIED:
            if s[VB_AIDS + g] > 0 and s[ACTIVE] == VAGABOND:
                v += w[0] * s[VB_AIDS + g] / REL_AIDS[rel] * (10.0 * REL_VP[rel] + 1.5)
        elif rel == REL_ALLIED:
            v += w[4]
        elif rel == REL_HOSTILE:
            v -= w[3]
    for q in range(NQUEST):
        if s[QUEST_LOC + q] == QL_VISIBLE:
            a = QUEST_ITEMS[q, 0]
            b = QUEST_ITEMS[q, 1]
            if (_undamaged(s, a) >= 2) if a == b else (_undamaged(s, a) >= 1 and _undamaged(s, b) >= 1):
                v += w[1]
    torches = _undamaged(s, TORCH)
    if torches > 0:
        n = 0
        for c in range(NC):
            if s[RUINS + c] > 0 and s[RUIN_ITEM + c] >= 0:
                n += 1
        v += w[2] * min(n, 2)
    items = 0
    for i in range(NITEM):
        items += _undamaged(s, i)
    v += w[5] * items
    v += w[6] * (min(3, s[VB_ITEMS + TEA * 4 + IS_READY]) + min(3, s[VB_ITEMS + COINS * 4 + IS_READY])
                 + min(3, s[VB_ITEMS + BAG * 4 + IS_READY]))
    v += w[7] * s[HAND_N + VAGABOND]
    return v

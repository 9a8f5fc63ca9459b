"""Readable names of things in a state (cards, the Vagabond's pawn, items and relationships), shared by
``Game``, the game log and the hidden-information view. Below ``Game``: it imports nothing above data."""
from __future__ import annotations

import numpy as np

from .data import (CARD_NAMES, CARD_SUIT, SUIT_NAMES, NC, NITEM, ITEM_NAMES, CHARACTER_NAMES, QUEST_NAMES, NQUEST,
                   REL_ALLIED, FACTION_NAMES)
from .layout import (VB_CHAR, VB_PAWN, VB_ITEMS, VB_REL, VB_COALITION, QUEST_LOC, QUEST_DECK_N, QL_VISIBLE, QL_DONE,
                     LZ_OUTCAST, LZ_HATED, LZ_ACOLYTES, LZ_SCORED, CARD_LOC, LOC_REVEALED)

ITEM_STATE_NAMES = ("face up", "exhausted", "damaged", "damaged exhausted")
RELATIONSHIP_NAMES = ("indifferent",) + tuple(f"amiable {i}" for i in range(1, REL_ALLIED)) + ("allied", "hostile")


def pawn_place(p: int) -> str | None:
    """Readable place of the Vagabond pawn (VB_PAWN value)."""
    if p < 0:
        return None
    return f"clearing {p + 1}" if p < NC else f"forest {p - NC + 1}"


def vagabond_dict(s: np.ndarray, seated: list[int]) -> dict:
    ch = int(s[VB_CHAR])
    items = {}
    for st, name in enumerate(ITEM_STATE_NAMES):
        got = {ITEM_NAMES[i]: int(s[VB_ITEMS + i * 4 + st]) for i in range(NITEM) if s[VB_ITEMS + i * 4 + st] > 0}
        if got:
            items[name] = got
    partner = int(s[VB_COALITION])
    return {
        "character": CHARACTER_NAMES[ch] if ch >= 0 else None,
        "pawn": pawn_place(int(s[VB_PAWN])),
        "items": items,
        "relationships": {FACTION_NAMES[f]: RELATIONSHIP_NAMES[int(s[VB_REL + f])] for f in seated
                          if s[VB_REL + f] >= 0},
        "coalition": FACTION_NAMES[partner] if partner >= 0 else None,
        "quests": [QUEST_NAMES[q] for q in range(NQUEST) if s[QUEST_LOC + q] == QL_VISIBLE],
        "quests_done": [QUEST_NAMES[q] for q in range(NQUEST) if s[QUEST_LOC + q] == QL_DONE],
        "quest_deck": int(s[QUEST_DECK_N]),
    }


def lizards_dict(s: np.ndarray) -> dict:
    """The Lizard Cult's public board: the outcast marker, acolytes, revealed cards, suits scored this turn."""
    o = int(s[LZ_OUTCAST])
    return {
        "outcast": SUIT_NAMES[o] if o >= 0 else None,
        "hated": bool(s[LZ_HATED]),
        "acolytes": int(s[LZ_ACOLYTES]),
        "revealed": [card_label(c) for c in range(len(CARD_NAMES)) if s[CARD_LOC + c] == LOC_REVEALED],
        "scored_this_turn": [SUIT_NAMES[k] for k in range(3) if (int(s[LZ_SCORED]) >> k) & 1],
    }


def card_label(c: int) -> str:
    return f"{CARD_NAMES[c]} ({SUIT_NAMES[CARD_SUIT[c]]})"

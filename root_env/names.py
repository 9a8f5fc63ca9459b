"""Readable names of things in a state (cards, the Vagabond's pawn, items and relationships), shared by
``Game``, the game log and the hidden-information view. Below ``Game``: it imports nothing above data."""
from __future__ import annotations

import numpy as np

from .data import (CARD_NAMES, CARD_SUIT, SUIT_NAMES, NC, NF, NITEM, ITEM_NAMES, CHARACTER_NAMES, QUEST_NAMES, NQUEST,
                   REL_ALLIED, FACTION_NAMES, RF_SERVICE_NAMES, RF_POSTS_PER_SUIT, TT_TRADEPOST)
from .layout import (VB_CHAR, VB_PAWN, VB_ITEMS, VB_REL, VB_COALITION, QUEST_LOC, QUEST_DECK_N, QL_VISIBLE, QL_DONE,
                     LZ_OUTCAST, LZ_HATED, LZ_ACOLYTES, LZ_SCORED, CARD_LOC, LOC_REVEALED, TOKENS, ACTIVE, RF_FUNDS,
                     RF_PAYMENTS, RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, RF_DISRUPT, RF_SERVICES_LEFT, RF_BOUGHT)

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


def by_owner(s: np.ndarray, box: int) -> dict:
    """Warriors in one of the Riverfolk's boxes (RF_FUNDS, RF_PAYMENTS, RF_COMMITTED), by owner."""
    return {FACTION_NAMES[g]: int(s[box + g]) for g in range(NF) if s[box + g] > 0}


def trade_posts(s: np.ndarray) -> dict:
    """The Riverfolk's trade posts of each suit: on the map, still on the Trade Posts track, returned to
    the box by Trade Disruption (Law 11.2.5.I; their track spaces stay empty)."""
    out = {}
    for k, suit in enumerate(SUIT_NAMES[:3]):
        on_map = int(s[TOKENS + (TT_TRADEPOST + k) * NC:TOKENS + (TT_TRADEPOST + k + 1) * NC].sum())
        gone = int(s[RF_POSTS_GONE + k])
        out[suit] = {"on_map": on_map, "on_track": RF_POSTS_PER_SUIT - on_map - gone, "gone": gone}
    return out


def riverfolk_dict(s: np.ndarray) -> dict:
    """The Riverfolk Company's public board (Law 11): warriors in the Funds, Payments and Committed boxes
    by owner, the service prices (None before setup sets them), the trade posts of each suit, the services
    the player taking the turn has bought (with how many more it may buy now), and funds still owed to
    Trade Disruption. Its hand is public too (Law 11.2.3): ``Game.to_dict()["hands"]["riverfolk"]``."""
    bought = {RF_SERVICE_NAMES[k]: int(s[RF_BOUGHT + k]) for k in range(3) if s[RF_BOUGHT + k] > 0}
    return {
        "funds": by_owner(s, RF_FUNDS),
        "payments": by_owner(s, RF_PAYMENTS),
        "committed": by_owner(s, RF_COMMITTED),
        "prices": {RF_SERVICE_NAMES[k]: (int(s[RF_PRICES + k]) or None) for k in range(3)},
        "trade_posts": trade_posts(s),
        "services_bought": bought,
        "services_buyer": FACTION_NAMES[int(s[ACTIVE])] if bought and s[ACTIVE] >= 0 else None,
        "services_left": int(s[RF_SERVICES_LEFT]),
        "disruption_owed": int(s[RF_DISRUPT]),
    }


def card_label(c: int) -> str:
    return f"{CARD_NAMES[c]} ({SUIT_NAMES[CARD_SUIT[c]]})"

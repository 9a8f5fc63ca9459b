"""Readable names of things in a state (cards, the Vagabond's pawn, items and relationships), shared by
``Game``, the game log and the hidden-information view. Below ``Game``: it imports nothing above data."""
from __future__ import annotations

import numpy as np

from .data import (CARD_NAMES, CARD_SUIT, SUIT_NAMES, NC, NF, NITEM, ITEM_NAMES, CHARACTER_NAMES, QUEST_NAMES, NQUEST,
                   REL_ALLIED, FACTION_NAMES, RF_SERVICE_NAMES, RF_POSTS_PER_SUIT, TT_TRADEPOST, TT_PLOT, PLOT_NAMES,
                   CV_PLOTS_PER_TYPE, VAGABOND, VAGABOND2)
from .layout import (VB_CHAR, VB_PAWN, VB_ITEMS, VB_REL, VB_COALITION, VB_R_HELD, RUIN_ITEM, QUEST_LOC, QUEST_DECK_N, QL_VISIBLE, QL_DONE,
                     LZ_OUTCAST, LZ_HATED, LZ_ACOLYTES, LZ_SCORED, CARD_LOC, LOC_REVEALED, TOKENS, ACTIVE, RF_FUNDS,
                     RF_PAYMENTS, RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, RF_DISRUPT, RF_SERVICES_LEFT, RF_BOUGHT,
                     CV_FACE_UP, CV_EXCLUDED, CV_PLACED, CV_ACTIONS, CV_RECRUITED, CV_EXERTED, CV_RAID)

ITEM_STATE_NAMES = ("face up", "exhausted", "damaged", "damaged exhausted")
RELATIONSHIP_NAMES = ("indifferent",) + tuple(f"amiable {i}" for i in range(1, REL_ALLIED)) + ("allied", "hostile")


def pawn_place(p: int) -> str | None:
    """Readable place of the Vagabond pawn (VB_PAWN value)."""
    if p < 0:
        return None
    return f"clearing {p + 1}" if p < NC else f"forest {p - NC + 1}"


def vagabond_dict(s: np.ndarray, seated: list[int], v: int = VAGABOND) -> dict:
    """Vagabond v's public board (v: VAGABOND or VAGABOND2, Law 9.8); the quests are shared (9.8.3)."""
    k = v - VAGABOND
    at = VB_ITEMS + k * NITEM * 4
    ch = int(s[VB_CHAR + k])
    items = {}
    for st, name in enumerate(ITEM_STATE_NAMES):
        got = {ITEM_NAMES[i]: int(s[at + i * 4 + st]) for i in range(NITEM) if s[at + i * 4 + st] > 0}
        if got:
            items[name] = got
    partner = int(s[VB_COALITION + k])
    chart = VB_REL + k * NF
    return {
        "character": CHARACTER_NAMES[ch] if ch >= 0 else None,
        "pawn": pawn_place(int(s[VB_PAWN + k])),
        "items": items,
        "ruin_items_held": [ITEM_NAMES[i] for i in range(NITEM) for _ in range(int(s[VB_R_HELD + k * NITEM + i]))],
        "relationships": {FACTION_NAMES[f]: RELATIONSHIP_NAMES[int(s[chart + f])] for f in seated
                          if s[chart + f] >= 0},
        "coalition": FACTION_NAMES[partner] if partner >= 0 else None,
        "quests": [QUEST_NAMES[q] for q in range(NQUEST) if s[QUEST_LOC + q] == QL_VISIBLE],
        "quests_done": [QUEST_NAMES[q] for q in range(NQUEST) if s[QUEST_LOC + q] == QL_DONE],
        "quest_deck": int(s[QUEST_DECK_N]),
    }


def vagabonds_seated(seated) -> list[int]:
    """The Vagabonds among the seated faction ids (the first, then the second)."""
    return [v for v in (VAGABOND, VAGABOND2) if v in seated]


def pawns_in(s: np.ndarray, seated, c: int) -> list[str]:
    """The names of the Vagabonds whose pawn stands in clearing c."""
    return [FACTION_NAMES[v] for v in vagabonds_seated(seated) if int(s[VB_PAWN + v - VAGABOND]) == c]


def ruin_contents(s: np.ndarray) -> dict:
    """Items under each ruin, by clearing name: a list of item names (two with two Vagabonds, 9.8.1)."""
    out = {}
    for c in range(NC):
        got = [ITEM_NAMES[int(s[RUIN_ITEM + slot * NC + c])] for slot in range(2) if s[RUIN_ITEM + slot * NC + c] >= 0]
        if got:
            out[f"clearing {c + 1}"] = got
    return out


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


# ---------------------------------------------------------------- the Corvid Conspiracy (seed 003, Law 13)
# A face-down plot as a viewer other than the Corvids sees it (13.2.2.I): its token name and its label.
HIDDEN_PLOT = "plot"


def plot_type(s: np.ndarray, c: int) -> int:
    """The type of the plot in clearing c (an index into PLOT_NAMES), or -1 (no plot)."""
    for t in range(len(PLOT_NAMES)):
        if s[TOKENS + (TT_PLOT + t) * NC + c] > 0:
            return t
    return -1


def plot_dict(s: np.ndarray, c: int) -> dict | None:
    """The plot in clearing c (None without one): its type, whether it is face up, and the types a wrong
    Exposure guess ruled out for it (13.2.4: public). Everything, the type of a face-down plot included:
    ``hide_plots`` takes that out for a viewer other than the Corvids."""
    t = plot_type(s, c)
    if t < 0:
        return None
    return {"type": PLOT_NAMES[t], "face_up": bool(s[CV_FACE_UP + c]),
            "ruled_out": [PLOT_NAMES[k] for k in range(len(PLOT_NAMES)) if (int(s[CV_EXCLUDED + c]) >> k) & 1]}


def corvids_dict(s: np.ndarray) -> dict:
    """The Corvid Conspiracy's board (Law 13): plots in the supply (by type: the Corvids' secret, 13.2.2.I,
    since every plot there is face down), plots face up and face down on the map, and this turn's counters
    (plots placed, Daylight actions left, recruited, exerted); raids removed whose warriors are still to be
    placed (13.7.4), by clearing."""
    on_map = [plot_dict(s, c) for c in range(NC)]
    on_map = [p for p in on_map if p is not None]
    by_type = {name: int(CV_PLOTS_PER_TYPE[t]) - sum(p["type"] == name for p in on_map)
               for t, name in enumerate(PLOT_NAMES)}
    return {
        "supply": sum(by_type.values()),
        "supply_by_type": by_type,
        "face_up": sum(p["face_up"] for p in on_map),
        "face_down": sum(not p["face_up"] for p in on_map),
        "plots_placed": int(s[CV_PLACED]),
        "actions_left": int(s[CV_ACTIONS]),
        "recruited": bool(s[CV_RECRUITED]),
        "exerted": bool(s[CV_EXERTED]),
        "raids_pending": {f"clearing {c + 1}": int(s[CV_RAID + c]) for c in range(NC) if s[CV_RAID + c] > 0},
    }


def sees_plots(viewer: str | None) -> bool:
    """Whether `viewer` knows the type of every face-down plot (13.2.2.I: only the Corvids do)."""
    return viewer == "corvids"


def hide_plots(d: dict, viewer: str | None) -> dict:
    """``Game.to_dict()`` output `d` as `viewer` sees the plots (changed in place and returned): unless the
    viewer is the Corvids, a face-down plot is the token ``HIDDEN_PLOT`` with type None, and the supply is
    not told by type (13.2.2.I). What Exposure ruled out stays: it is public (13.2.4)."""
    if sees_plots(viewer):
        return d
    for cl in d["clearings"]:
        p = cl.get("plot")
        if p is not None and not p["face_up"]:
            cl["tokens"] = [HIDDEN_PLOT if t == "plot_" + p["type"] else t for t in cl["tokens"]]
            p["type"] = None
    if "corvids" in d:
        d["corvids"].pop("supply_by_type", None)
    return d


def plot_label(p: dict | None) -> str:
    """A plot dict (``plot_dict``, perhaps hidden) in words: "face-down bomb", "face-up snare", "face-down
    plot (not raid)"."""
    if p is None:
        return "no plot"
    side = "face-up" if p["face_up"] else "face-down"
    kind = p["type"] or "plot"
    out = f"{side} {kind}"
    if p["ruled_out"] and not p["face_up"]:
        out += f" (not {', '.join(p['ruled_out'])})"
    return out


def card_label(c: int) -> str:
    return f"{CARD_NAMES[c]} ({SUIT_NAMES[CARD_SUIT[c]]})"

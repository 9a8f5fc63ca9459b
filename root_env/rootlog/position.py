"""The public position a Rootlog game records: pieces in every clearing, VP, crafted cards and items, each
Vagabond's pawn, items, "R" items taken from ruins, relationships, character, coalition and the quests he
completed by suit (a row per Vagabond,
row 0 the Vagabond ``V``, row 1 the second Vagabond ``G``, Law 9.8), the items left under each ruin, supporters,
the Decree and the leader, the Cult's acolytes and marker, the Riverfolk's board (warriors on it by owner, its
funds, prices, trade posts returned to the box), the Keepers in Iron's relics (face down by type only, Law 15.2.1; face
up by kind), waystation faces, Retinue and Faithful Retainers, the Corvids' plots (face up by type in ``tokens``; face down by
clearing only, in ``plots_down``, with the types Exposure ruled out), the Lord of the Hundreds' warlord, mood and
Hoard (items by kind, one gained and waiting for a full track's choice counted), the Underground Duchy's Burrow
(its warriors there), swayed ministers and crowns lost.  Hands, the deck, the faces of
hidden cards,
the types of face-down plots, the values of face-down relics and the items under ruins are not part of it (human logs leave them out; only the
Corvids know a face-down plot, seed 003 13.2.2.I).

``position_of_state`` reads the same fields from an engine state, so an exported game can be compared
with its import; ``state_of_position`` writes a position into an engine state for drawing.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..data import (NC, NF, NBT, NTT, NITEM, NCARD, NQUEST, QUEST_SUIT, VAGABOND, LEADER_NAMES, CHARACTER_NAMES,
                    ITEM_SUPPLY_START, RIVERFOLK, TT_PLOT, PLOT_NAMES, CV_PLOTS_PER_TYPE, HUNDREDS, MOOD_NAMES, NFOREST,
                    NRELIC_KINDS, NRELIC_TYPES, RELIC_KIND_TYPE, RELIC_KIND_TOTAL, KP_WAYSTATIONS, RETINUE_COLUMNS,
                    TT_RELIC, NMINISTER, MINISTER_NAMES, RANK_NAMES)
from ..layout import (WARRIORS, BUILDINGS, TOKENS, VP, CARD_LOC, LOC_CRAFTED, LOC_DECREE, LOC_SUPPORTERS,
                      LOC_ACTIVE_DOM, VB_PAWN, VB_ITEMS, VB_REL, VB_CHAR, VB_COALITION, VB_R_HELD, RUIN_ITEM, EY_LEADER,
                      CRAFTED_ITEMS, QUEST_LOC, QUEST_BY, QL_DONE,
                      AL_OFFICERS, DOMINANCE, RUINS, ITEM_SUPPLY, LZ_ACOLYTES, LZ_OUTCAST, LZ_HATED, RF_FUNDS,
                      RF_PAYMENTS, RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, CV_FACE_UP, CV_EXCLUDED, HOMELAND, HD_WARLORD,
                      HD_MOOD, HD_HOARD, HD_GAINED, KP_FOREST_UP, KP_FOREST_DOWN, KP_RESERVE, KP_RECOVERED, KP_WS_FACE,
                      KP_RETAINERS, KP_TROPHY, LOC_RETINUE, DU_BURROW, DU_SWAYED, DU_CROWNS_LOST)
from ..map_data import MAP_RUIN, AUTUMN
from .notation import card_code, card_rootlog_name, letter

COMPARED = ("warriors", "buildings", "tokens", "vp", "pawn", "officers", "ruins", "ruin_items", "vb_items", "r_held",
            "crafted_items",
            "relationships", "quests", "crafted", "decree", "supporters", "leader", "character", "dominance", "coalition",
            "acolytes", "outcast", "hated", "rf_board", "funds", "prices", "posts_gone", "plots_down", "ruled_out",
            "warlord", "mood", "hoard", "relics_down", "forest_relics", "relics", "ws_face", "retinue", "retainers",
            "burrow", "ministers", "crowns_lost")
NPLOT = len(PLOT_NAMES)
NVB = 2  # rows of the Vagabond fields: the Vagabond, the second Vagabond (Law 9.8)


@dataclass
class Position:
    warriors: np.ndarray = field(default_factory=lambda: np.zeros((NF, NC), np.int64))
    buildings: np.ndarray = field(default_factory=lambda: np.zeros((NBT, NC), np.int64))
    tokens: np.ndarray = field(default_factory=lambda: np.zeros((NTT, NC), np.int64))
    vp: np.ndarray = field(default_factory=lambda: np.zeros(NF, np.int64))
    # a row per Vagabond (vb_row): his pawn (clearing, NC + forest, or -1), his items by state (ready, exhausted,
    # damaged, damaged exhausted), the "R" items among them (taken from ruins, Law 9.8.1), his relationships
    # (-1 for a faction not on his chart), his character and his coalition partner's letter
    pawn: np.ndarray = field(default_factory=lambda: np.full(NVB, -1, np.int64))
    officers: int = 0
    ruins: np.ndarray = field(default_factory=lambda: MAP_RUIN[AUTUMN].copy())
    ruin_items: np.ndarray = field(default_factory=lambda: np.zeros(NC, np.int64))  # items under each ruin (9.3.4)
    vb_items: np.ndarray = field(default_factory=lambda: np.zeros((NVB, NITEM, 4), np.int64))
    r_held: np.ndarray = field(default_factory=lambda: np.zeros((NVB, NITEM), np.int64))
    crafted_items: np.ndarray = field(default_factory=lambda: np.zeros((NF, NITEM), np.int64))
    item_supply: np.ndarray = field(default_factory=lambda: ITEM_SUPPLY_START.copy())
    relationships: np.ndarray = field(default_factory=lambda: np.full((NVB, NF), -1, np.int64))
    quests: np.ndarray = field(default_factory=lambda: np.zeros((NVB, 3), np.int64))  # completed, by suit (9.5.5)
    crafted: list = field(default_factory=lambda: [[] for _ in range(NF)])   # persistent cards, by name
    decree: list = field(default_factory=lambda: [[] for _ in range(4)])     # card codes such as "B#"
    supporters: int = 0
    leader: str = ""
    character: list = field(default_factory=lambda: [""] * NVB)
    dominance: list = field(default_factory=lambda: [""] * NF)                # suit letter of the card
    coalition: list = field(default_factory=lambda: [""] * NVB)
    acolytes: int = 0                    # the Lizard Cult's Acolytes box (its Rootlog board)
    outcast: str = ""                    # suit letter of the outcast marker, '' before it is placed
    hated: bool = False                  # the marker shows its Hated side
    # The Riverfolk's board (Rootlog: its Funds and Payments, committed warriors included): warriors of each
    # faction on it, the funds last written ($_f), the prices (0 before they are set), posts in the box.
    rf_board: np.ndarray = field(default_factory=lambda: np.zeros(NF, np.int64))
    funds: int = 0
    prices: list = field(default_factory=lambda: [0, 0, 0])
    posts_gone: list = field(default_factory=lambda: [0, 0, 0])
    # The Corvids' face-down plots by clearing (their types are secret: a face-up plot is in ``tokens``), and
    # the types a wrong Exposure guess ruled out for each (a bitmask over PLOT_NAMES, Law 13.2.4).
    plots_down: np.ndarray = field(default_factory=lambda: np.zeros(NC, np.int64))
    ruled_out: np.ndarray = field(default_factory=lambda: np.zeros(NC, np.int64))
    # The Lord of the Hundreds (Rootlog: the warlord ``w_w``, the mood, the Hoard as their board): the warlord's
    # clearing (-1 off the map; it is also one of their warriors in ``warriors``, Law 14.2.2), the mood card ('' before
    # their setup, 14.3.4), the items in their Hoard by kind (14.2.4; an item gained with its track full counts until
    # the choice removes one).
    warlord: int = -1
    mood: str = ""
    hoard: np.ndarray = field(default_factory=lambda: np.zeros(NITEM, np.int64))
    # The Keepers in Iron (Rootlog: relics by type face down, by value and type face up; waystations by their faces;
    # the Retinue's columns): face-down relics by place (clearing, then NC + forest) and type, their values hidden (Law
    # 15.2.1; in a clearing only a delved relic not flipped yet, 15.5.2.II.a); face-up relics in forests by kind (Prized
    # Trophies, 15.2.5; face-up relics in clearings are ``tokens`` rows TT_RELIC + kind); relics on the Relics spaces
    # by kind (15.5.2.III.a); the face up of each waystation (data.WAYSTATION_FACES[w, face]); the Retinue's cards
    # by column (card codes, face up, 15.6.2) and the Faithful Retainers in each column (15.3.5).
    relics_down: np.ndarray = field(default_factory=lambda: np.zeros((NC + NFOREST, NRELIC_TYPES), np.int64))
    forest_relics: np.ndarray = field(default_factory=lambda: np.zeros((NFOREST, NRELIC_KINDS), np.int64))
    relics: np.ndarray = field(default_factory=lambda: np.zeros(NRELIC_KINDS, np.int64))
    ws_face: np.ndarray = field(default_factory=lambda: np.zeros(KP_WAYSTATIONS, np.int64))
    retinue: list = field(default_factory=lambda: [[] for _ in range(RETINUE_COLUMNS)])
    retainers: np.ndarray = field(default_factory=lambda: np.zeros(RETINUE_COLUMNS, np.int64))
    # The Underground Duchy (Rootlog: the Burrow as place ``0``, ministers onto and off its board): its warriors in the
    # Burrow (Law 12.2.2), the ministers swayed (12.5.3.III, by name) and the crowns out of the game by rank (squire,
    # noble, lord: one with each minister lost to the Price of Failure, 12.2.3; the crowns have no notation).
    burrow: int = 0
    ministers: list = field(default_factory=list)
    crowns_lost: np.ndarray = field(default_factory=lambda: np.zeros(len(RANK_NAMES), np.int64))

    def plots_at(self, c: int) -> int:
        """Plots in clearing c, face up (typed) or face down."""
        return int(self.plots_down[c] + self.tokens[TT_PLOT:TT_PLOT + NPLOT, c].sum())

    def copy(self) -> "Position":
        """An independent copy: arrays copied, lists (of names, or of lists of names) copied a level down."""
        new = object.__new__(Position)
        for k, v in self.__dict__.items():
            if isinstance(v, np.ndarray):
                v = v.copy()
            elif isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            new.__dict__[k] = v
        return new

    def summary(self) -> dict:
        """The compared fields as plain Python values (lists sorted where order is not recorded)."""
        out = {}
        for k in COMPARED:
            v = getattr(self, k)
            if isinstance(v, np.ndarray):
                v = v.tolist()
            elif k in ("crafted", "decree", "retinue"):
                v = [sorted(x) for x in v]
            elif k == "ministers":
                v = sorted(v)
            out[k] = v
        return out

    def differences(self, other: "Position") -> list[str]:
        a, b = self.summary(), other.summary()
        return [f"{k}: {a[k]} != {b[k]}" for k in COMPARED if a[k] != b[k]]


def ruin_items_of(s: np.ndarray) -> np.ndarray:
    """How many items lie under the ruin in each clearing (two each with two Vagabonds, Law 9.8.1)."""
    return (s[RUIN_ITEM:RUIN_ITEM + NVB * NC].reshape(NVB, NC) >= 0).sum(axis=0)


def position_of_state(s: np.ndarray) -> Position:
    """The public position of an engine state (the fields a Rootlog export records)."""
    p = Position()
    p.warriors = s[WARRIORS:WARRIORS + NF * NC].reshape(NF, NC).copy()
    p.buildings = s[BUILDINGS:BUILDINGS + NBT * NC].reshape(NBT, NC).copy()
    p.tokens = s[TOKENS:TOKENS + NTT * NC].reshape(NTT, NC).copy()
    down = s[CV_FACE_UP:CV_FACE_UP + NC] == 0
    p.plots_down = (p.tokens[TT_PLOT:TT_PLOT + NPLOT] * down).sum(axis=0)
    p.tokens[TT_PLOT:TT_PLOT + NPLOT] *= ~down  # a face-down plot's type is the Corvids' secret
    p.ruled_out = s[CV_EXCLUDED:CV_EXCLUDED + NC].copy()
    p.vp = s[VP:VP + NF].copy()
    p.pawn = s[VB_PAWN:VB_PAWN + NVB].copy()
    p.officers = int(s[AL_OFFICERS])
    p.ruin_items = ruin_items_of(s)
    # Law 9.5.3: a ruin emptied is removed (the engine keeps it when the VP for its last item won the game,
    # Law 3.1; Rootlog removes an empty ruin with its last item).  Before any Vagabond is placed (the items are
    # dealt after his pawn, 9.3.4) or in a game without one, the ruins hold no items and stay.
    dealt = (p.pawn >= 0).any()
    p.ruins = s[RUINS:RUINS + NC] * ((p.ruin_items > 0) | (not dealt))
    p.vb_items = s[VB_ITEMS:VB_ITEMS + NVB * NITEM * 4].reshape(NVB, NITEM, 4).copy()
    p.r_held = s[VB_R_HELD:VB_R_HELD + NVB * NITEM].reshape(NVB, NITEM).copy()
    p.crafted_items = s[CRAFTED_ITEMS:CRAFTED_ITEMS + NF * NITEM].reshape(NF, NITEM).copy()
    p.item_supply = s[ITEM_SUPPLY:ITEM_SUPPLY + NITEM].copy()
    p.relationships = s[VB_REL:VB_REL + NVB * NF].reshape(NVB, NF).copy()
    for q in range(NQUEST):  # Law 9.5.5: each completed quest lies in its Vagabond's play area
        by = int(s[QUEST_BY + q])
        if s[QUEST_LOC + q] == QL_DONE and by >= VAGABOND:
            p.quests[by - VAGABOND, QUEST_SUIT[q]] += 1
    for c in range(NCARD):
        loc = int(s[CARD_LOC + c])
        if LOC_CRAFTED <= loc < LOC_CRAFTED + NF:
            p.crafted[loc - LOC_CRAFTED].append(card_rootlog_name(c))
        elif LOC_DECREE <= loc < LOC_DECREE + 4:
            p.decree[loc - LOC_DECREE].append(card_code(c))
        elif loc == LOC_SUPPORTERS:
            p.supporters += 1
        elif LOC_ACTIVE_DOM <= loc < LOC_ACTIVE_DOM + NF:
            p.dominance[loc - LOC_ACTIVE_DOM] = card_code(c)[0]
    p.leader = LEADER_NAMES[int(s[EY_LEADER])] if s[EY_LEADER] >= 0 else ""
    p.character = [CHARACTER_NAMES[int(x)] if x >= 0 else "" for x in s[VB_CHAR:VB_CHAR + NVB]]
    p.coalition = [letter(int(x)) if x >= 0 else "" for x in s[VB_COALITION:VB_COALITION + NVB]]
    p.acolytes = int(s[LZ_ACOLYTES])
    p.outcast = "FRM"[int(s[LZ_OUTCAST])] if s[LZ_OUTCAST] >= 0 else ""
    p.hated = bool(s[LZ_HATED])
    p.rf_board = (s[RF_FUNDS:RF_FUNDS + NF] + s[RF_PAYMENTS:RF_PAYMENTS + NF] + s[RF_COMMITTED:RF_COMMITTED + NF]).copy()
    p.funds = int(s[RF_FUNDS:RF_FUNDS + NF].sum())
    p.prices = [int(x) for x in s[RF_PRICES:RF_PRICES + 3]]
    p.posts_gone = [int(x) for x in s[RF_POSTS_GONE:RF_POSTS_GONE + 3]]
    p.warlord = int(s[HD_WARLORD])
    p.mood = MOOD_NAMES[int(s[HD_MOOD])] if s[HOMELAND + HUNDREDS] else ""  # their setup gives a homeland (14.3.2)
    p.hoard = s[HD_HOARD:HD_HOARD + NITEM].copy()
    if s[HD_GAINED] >= 0:
        p.hoard[int(s[HD_GAINED])] += 1
    _keepers_of_state(s, p)
    p.burrow = int(s[DU_BURROW])
    p.ministers = [MINISTER_NAMES[m] for m in range(NMINISTER) if s[DU_SWAYED + m]]
    p.crowns_lost = s[DU_CROWNS_LOST:DU_CROWNS_LOST + len(RANK_NAMES)].copy()
    return p


def _keepers_of_state(s: np.ndarray, p: Position) -> None:
    """The Keepers' public pieces.  Relics count from the end of the Keepers' setup: the engine deals the first ones
    (Law 15.3.1) when their setup begins, which may be during the line before theirs; Rootlog writes them on the
    Keepers' setup line, so while the setup's reserve holds relics, none is counted."""
    if s[KP_RESERVE:KP_RESERVE + NRELIC_KINDS].sum() == 0:
        down = s[KP_FOREST_DOWN:KP_FOREST_DOWN + NFOREST * NRELIC_KINDS].reshape(NFOREST, NRELIC_KINDS)
        for k in range(NRELIC_KINDS):  # Law 15.2.1: a face-down relic shows its type only
            p.relics_down[NC:, int(RELIC_KIND_TYPE[k])] += down[:, k]
        p.forest_relics = s[KP_FOREST_UP:KP_FOREST_UP + NFOREST * NRELIC_KINDS].reshape(NFOREST, NRELIC_KINDS).copy()
    p.relics = s[KP_RECOVERED:KP_RECOVERED + NRELIC_KINDS].copy()
    p.ws_face = s[KP_WS_FACE:KP_WS_FACE + KP_WAYSTATIONS].copy()
    p.retainers = s[KP_RETAINERS:KP_RETAINERS + RETINUE_COLUMNS].copy()
    for c in range(NCARD):
        col = int(s[CARD_LOC + c]) - LOC_RETINUE
        if 0 <= col < RETINUE_COLUMNS:
            p.retinue[col].append(card_code(c))


def state_of_position(base: np.ndarray, p: Position) -> np.ndarray:
    """A copy of engine state ``base`` with the position's pieces, VP, items and relationships written in
    (for drawing an imported position; the hidden parts stay as in ``base``)."""
    s = base.copy()
    s[WARRIORS:WARRIORS + NF * NC] = p.warriors.ravel()
    s[BUILDINGS:BUILDINGS + NBT * NC] = p.buildings.ravel()
    s[TOKENS:TOKENS + NTT * NC] = p.tokens.ravel()
    s[VP:VP + NF] = p.vp
    s[VB_PAWN:VB_PAWN + NVB] = p.pawn
    s[AL_OFFICERS] = p.officers
    s[RUINS:RUINS + NC] = p.ruins
    s[VB_ITEMS:VB_ITEMS + NVB * NITEM * 4] = p.vb_items.ravel()
    s[VB_R_HELD:VB_R_HELD + NVB * NITEM] = p.r_held.ravel()
    s[CRAFTED_ITEMS:CRAFTED_ITEMS + NF * NITEM] = p.crafted_items.ravel()
    charts = s[VB_REL:VB_REL + NVB * NF]
    s[VB_REL:VB_REL + NVB * NF] = np.where(charts >= 0, np.maximum(p.relationships.ravel(), 0), -1)
    for f in range(NF):
        s[DOMINANCE + f] = 0 if not p.dominance[f] else "FRMB".index(p.dominance[f]) + 1
    if p.leader:
        s[EY_LEADER] = LEADER_NAMES.index(p.leader)
    for k, name in enumerate(p.character):
        if name in CHARACTER_NAMES:
            s[VB_CHAR + k] = CHARACTER_NAMES.index(name)
    s[LZ_ACOLYTES] = p.acolytes
    if p.outcast in ("F", "R", "M"):
        s[LZ_OUTCAST] = "FRM".index(p.outcast)
        s[LZ_HATED] = int(p.hated)
    if p.rf_board.any() or any(p.prices):
        _riverfolk_board(s, p)
    s[HD_WARLORD] = p.warlord
    if p.mood in MOOD_NAMES:
        s[HD_MOOD] = MOOD_NAMES.index(p.mood)
    s[HD_HOARD:HD_HOARD + NITEM] = p.hoard
    s[HD_GAINED] = -1
    if p.plots_down.any() or p.tokens[TT_PLOT:TT_PLOT + NPLOT].any():
        _plots(s, p)
    _keepers(s, p)
    s[DU_BURROW] = p.burrow
    s[DU_SWAYED:DU_SWAYED + NMINISTER] = [int(m in p.ministers) for m in MINISTER_NAMES]
    s[DU_CROWNS_LOST:DU_CROWNS_LOST + len(RANK_NAMES)] = p.crowns_lost
    return s


def _keepers(s: np.ndarray, p: Position) -> None:
    """The Keepers' pieces for drawing: face-up relics, waystation faces, Retinue and Faithful Retainers as logged; the
    face-down relics given the values the face-up ones leave (a drawing shows a face-down relic by type only,
    ``names.keepers_dict``); a delved relic not flipped yet drawn face up with such a value; no relic in the setup's
    reserve or waiting to be placed as a trophy (the log places each one)."""
    for region in (KP_RESERVE, KP_TROPHY):
        s[region:region + NRELIC_KINDS] = 0
    s[KP_FOREST_UP:KP_FOREST_UP + NFOREST * NRELIC_KINDS] = p.forest_relics.ravel()
    s[KP_RECOVERED:KP_RECOVERED + NRELIC_KINDS] = p.relics
    s[KP_WS_FACE:KP_WS_FACE + KP_WAYSTATIONS] = p.ws_face
    s[KP_RETAINERS:KP_RETAINERS + RETINUE_COLUMNS] = p.retainers
    left = RELIC_KIND_TOTAL - p.relics - p.forest_relics.sum(axis=0) - p.tokens[TT_RELIC:TT_RELIC + NRELIC_KINDS].sum(axis=1)
    down = np.zeros((NC + NFOREST, NRELIC_KINDS), np.int64)
    for place, t in zip(*np.nonzero(p.relics_down)):
        kinds = [k for k in range(NRELIC_KINDS) if RELIC_KIND_TYPE[k] == t]
        for _ in range(int(p.relics_down[place, t])):
            k = next((k for k in kinds if left[k] > 0), kinds[0])
            left[k] -= 1
            down[place, k] += 1
    s[KP_FOREST_DOWN:KP_FOREST_DOWN + NFOREST * NRELIC_KINDS] = down[NC:].ravel()
    s[TOKENS + TT_RELIC * NC:TOKENS + (TT_RELIC + NRELIC_KINDS) * NC] += down[:NC].T.ravel()
    codes = [card_code(c) for c in range(NCARD)]
    for col, cards in enumerate(p.retinue):
        for code in cards:
            if code in codes:
                c = codes.index(code)
                codes[c] = None  # each card once
                s[CARD_LOC + c] = LOC_RETINUE + col


def _plots(s: np.ndarray, p: Position) -> None:
    """The Corvids' plots for drawing: face-up ones as logged, face-down ones given the types the face-up
    plots leave (a drawing for the table shows them face down, ``names.hide_plots``), avoiding ruled-out types
    where it can."""
    s[CV_FACE_UP:CV_FACE_UP + NC] = (p.tokens[TT_PLOT:TT_PLOT + NPLOT].sum(axis=0) > 0).astype(np.int64)
    s[CV_EXCLUDED:CV_EXCLUDED + NC] = 0
    left = [int(CV_PLOTS_PER_TYPE[t]) - int(p.tokens[TT_PLOT + t].sum()) for t in range(NPLOT)]
    for c in range(NC):
        for _ in range(int(p.plots_down[c])):
            t = next((t for t in range(NPLOT) if left[t] > 0 and not (int(p.ruled_out[c]) >> t) & 1),
                     next((t for t in range(NPLOT) if left[t] > 0), 0))
            left[t] -= 1
            s[TOKENS + (TT_PLOT + t) * NC + c] += 1
            s[CV_EXCLUDED + c] = int(p.ruled_out[c]) & ~(1 << t)


def _riverfolk_board(s: np.ndarray, p: Position) -> None:
    """The Riverfolk's board for drawing: the log gives the number of funds, not whose warriors they are,
    so the funds are drawn from the Riverfolk's own warriors first, then the others' in faction order; the
    rest of the board is drawn in the Payments box."""
    s[RF_FUNDS:RF_FUNDS + NF] = 0
    s[RF_COMMITTED:RF_COMMITTED + NF] = 0
    left = p.funds
    order = [RIVERFOLK] + [g for g in range(NF) if g != RIVERFOLK]
    for g in order:
        k = min(left, int(p.rf_board[g]))
        s[RF_FUNDS + g] = k
        s[RF_PAYMENTS + g] = int(p.rf_board[g]) - k
        left -= k
    s[RF_PRICES:RF_PRICES + 3] = p.prices
    s[RF_POSTS_GONE:RF_POSTS_GONE + 3] = p.posts_gone


__all__ = ["Position", "position_of_state", "state_of_position", "ruin_items_of", "COMPARED"]

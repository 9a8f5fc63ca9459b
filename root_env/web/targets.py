"""What each option of a pending decision names on the game page, from the option's structured data (its action
block and index, the decision, and the decision's registers in the state), never from its text; and the pieces
of the map drawn as groups the page can click.

A *target* is a dict of fields a drawn thing must have for a click on it to choose the option: the map's
clearings (``{"kind": "clearing", "clearing": 3}``) and forests, the pieces in a clearing (``{"kind":
"building", "clearing": 3, "piece": "sawmill"}``, ``{"kind": "warriors", "clearing": 3, "owner": "eyrie"}``,
a token, a Vagabond's pawn), any piece of a faction in a clearing (``{"clearing": 3, "owner": "eyrie"}``: the
defender of a battle, the faction whose warrior is converted), a faction (its board and its VP entry), a card
(wherever the page draws it: the hand, the Decree, the supporters, the other cards an option names), an item
or a quest of the Vagabond, a space of the deciding faction's board (a building track, a Decree column, a plot
kind in the supply, the Hundreds' mood cards), an item of the Hundreds' Hoard. The page (static/game.js) draws every such thing with the same fields as ``data-``
attributes; a thing is clickable when some option has a target all of whose fields it has, and a clearing or
forest also selects every option with a target in it. Several options matching one click are shown alone to
choose from.

Nothing here names more than the seat may see: a Corvid plot is "plot" whatever its type (seed 003 13.2.2.I), a
ruin carries no items, and the cards named are those of the seat's own options and places it sees (its hand,
its supporters, the public Decree)."""
from __future__ import annotations

from html import escape

from .. import codes as K
from ..actions import block_of
from ..data import (NC, NF, NITEM, NBT, ITEM_NAMES, PIECE_NAMES, FACTION_NAMES, VAGABOND, NCARD, QUEST_NAMES,
                    PLOT_NAMES, TT_PLOT, MOOD_NAMES, TT_RELIC, NRELIC_KINDS, RELIC_TYPE_NAMES, RELIC_KIND_TYPE,
                    RELIC_KIND_VALUE, BT_WAYSTATION, KP_WAYSTATIONS, WAYSTATION_FACES, RETINUE_NAMES, RETINUE_COLUMNS,
                    NRELIC_TYPES, BURROW)
from ..layout import (DECISION, REG, R_MOVE_FROM, R_MOVE_TO, R_B_CLEARING, R_LZ_TARGET, R_VB_TARGET, VB_PAWN, DECIDER, CARD_LOC, LOC_DISCARD,
                      LOC_AVAILABLE, LOC_HAND, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE, LOC_SUPPORTERS, LOC_REVEALED,
                      LOC_LOST_SOULS, LOC_ORDER, HD_CURSOR, HD_WARLORD, HD_HOARD, HD_GAINED, R_B_DEF, WARRIORS, BUILDINGS,
                      KP_CLEARING, KP_FOREST, KP_WS_FACE, KP_RETAINERS, LOC_RETINUE)
from ..names import HIDDEN_PLOT, ITEM_STATE_NAMES, card_label
from ..picture import (map_groups, forest_relic_tiles, piece_owner, svg_elements, VAGABONDS, faction_title, piece_title, boards_svg,
                       _boards, _pieces_on_map)

DECIDER_ = "decider"  # in the tables below: the faction deciding

# A clearing chosen for what is in it: the piece of the clearing a click may also choose it by (Law 6.5.4 wood
# paid from a clearing, 6.6.3 overwork at a sawmill, 8.5.1 revolt at sympathy, ...).
CLEARING_PIECE = {
    K.D_MOVE_FROM: {"kind": "warriors", "owner": DECIDER_},
    K.D_TAX_WHERE: {"kind": "warriors", "owner": DECIDER_},
    K.D_AL_ORGANIZE: {"kind": "warriors", "owner": DECIDER_},
    K.D_PAY_WOOD: {"kind": "token", "piece": "wood"},
    K.D_OVERWORK_WHERE: {"kind": "building", "piece": "sawmill"},
    K.D_AL_REVOLT: {"kind": "token", "piece": "sympathy"},
    K.D_AL_RECRUIT: {"kind": "building", "owner": DECIDER_},
    K.D_CV_FLIP: {"kind": "token", "piece": HIDDEN_PLOT},
    K.D_CV_TRICK_A: {"kind": "token", "piece": HIDDEN_PLOT},
    K.D_CV_TRICK_B: {"kind": "token", "piece": HIDDEN_PLOT},
    K.D_CV_EXPOSE_WHERE: {"kind": "token", "piece": HIDDEN_PLOT},
    K.D_HD_ANOINT: {"kind": "warriors", "owner": DECIDER_},         # Law 14.4.3: the warrior made warlord
    K.D_HD_INCITE_WHERE: {"kind": "warriors", "owner": DECIDER_},   # 14.6.1: where their warriors are
    K.D_HD_BITTER: {"kind": "token", "piece": "mob"},                # 14.7.1: a mob removed
    K.D_KP_ENCAMP: {"kind": "warriors", "owner": DECIDER_},         # Law 15.4.1: the warrior a waystation replaces
    K.D_KP_DECAMP: {"kind": "building", "owner": DECIDER_},         # 15.4.2: the waystation a warrior replaces
    K.D_KP_RECRUIT_WHERE: {"kind": "building", "owner": DECIDER_},  # 15.4.3: at a waystation
    K.D_KP_RECOVER_WHERE: {"kind": "token", "owner": DECIDER_},     # 15.5.2.III.a: where their relics are
}
# Where a faction or a piece chosen is: the register holding the clearing, or "pawn" (the deciding Vagabond's).
PAWN = "pawn"
WHERE = {
    K.D_BATTLE_DEFENDER: R_B_CLEARING, K.D_HIT_PIECE: R_B_CLEARING, K.D_PROTECTOR: R_B_CLEARING,
    K.D_LZ_CONVERT_WHOM: R_LZ_TARGET, K.D_LZ_SANCTIFY_WHICH: R_LZ_TARGET,
    K.D_VB_AID_TARGET: PAWN, K.D_VB_STEAL: PAWN, K.D_VB_STRIKE: PAWN, K.D_BATTLE_ALLY: PAWN, K.D_VB_ALLY_MOVE: PAWN,
}
# Pieces chosen by kind from the deciding faction's board, not from the map.
BOARD_PIECES = (K.D_BUILD_TYPE, K.D_CV_PLOT_WHICH)
# A faction chosen for its warriors there (a warrior struck, converted, moved along or battling as an ally).
WARRIORS_OF = (K.D_VB_STRIKE, K.D_LZ_CONVERT_WHOM, K.D_BATTLE_ALLY, K.D_VB_ALLY_MOVE)
DECREE_COLUMNS = ("recruit", "move", "battle", "build")


def waystation_space(w: int, face: int) -> str:
    """The Keepers' board space of waystation w placed with `face` up (Law 15.4.1: either face): "waystation
    figure/tablet: tablet up"."""
    return (f"waystation {'/'.join(RELIC_TYPE_NAMES[t] for t in WAYSTATION_FACES[w])}: "
            f"{RELIC_TYPE_NAMES[WAYSTATION_FACES[w, face]]} up")


def relic_piece(k: int | None, t: int | None = None) -> str:
    """A relic in a forest as the map draws it: "figure 2" face up, "figure" face down (its type only, 15.2.1)."""
    return RELIC_TYPE_NAMES[t] if k is None else f"{RELIC_TYPE_NAMES[RELIC_KIND_TYPE[k]]} {RELIC_KIND_VALUE[k]}"


def _clearing(state, where, decider: int) -> int | None:
    c = int(state[VB_PAWN + decider - VAGABOND]) if where == PAWN else int(state[REG + where])
    return c if 0 <= c < NC else None


def _piece(i: int) -> tuple[str, str]:
    """(kind, name as drawn) of piece kind i: a plot is "plot" whatever its type (13.2.2.I)."""
    if i < NBT:
        return "building", PIECE_NAMES[i]
    if NBT + TT_PLOT <= i < NBT + TT_PLOT + len(PLOT_NAMES):
        return "token", HIDDEN_PLOT
    return "token", PIECE_NAMES[i]


def option_targets(state, a: int) -> list[dict]:
    """The things on the page a click on which chooses action `a` of the pending decision of `state` (see the
    module doc). Clearings, cards, factions and forests are named by index or name as the page draws them."""
    block, i = block_of(int(a))
    d = int(state[DECISION])
    decider = int(state[DECIDER])
    me = FACTION_NAMES[decider] if decider >= 0 else None
    if block == "clearing":
        out = [{"kind": "clearing", "clearing": i}]
        extra = CLEARING_PIECE.get(d)
        if d == K.D_KP_ENCAMP and state[WARRIORS + decider * NC + i] == 0:
            extra = None  # Law 15.4.1's fallback: a warrior and a waystation placed where none of theirs is
        if extra is not None:
            out.append(dict({k: (me if v == DECIDER_ else v) for k, v in extra.items()}, clearing=i))
        return out
    if block == "forest":
        out = [{"kind": "forest", "forest": i}]
        if d == K.D_KP_DELVE:  # Law 15.5.2.II.a: a forest delved from: any relic drawn in it
            out.append({"kind": "relic", "forest": i})
        return out
    if block == "card":
        return [{"kind": "card", "card": i}]
    if block == "burrow":  # the Duchy's Burrow (Law 12.2.2), drawn beside the map
        return [{"kind": "burrow"}]
    if block == "quest":
        return [{"kind": "quest", "quest": i}]
    if block == "faction":
        f = FACTION_NAMES[i]
        out = [{"kind": "faction", "faction": f}]
        c = _clearing(state, WHERE[d], decider) if d in WHERE else None
        if c is not None:
            there = {"clearing": c, "owner": f}  # any piece of that faction there, or its warriors
            out.append(dict(there, kind="warriors") if d in WARRIORS_OF else there)
        return out
    if block == "piece" and NBT + TT_RELIC <= i < NBT + TT_RELIC + NRELIC_KINDS:
        return _relic_targets(state, d, i - NBT - TT_RELIC, None)
    if block == "piece":
        kind, name = _piece(i)
        if d in BOARD_PIECES:
            return [{"kind": "space", "space": name if kind == "building" else PLOT_NAMES[i - NBT - TT_PLOT]}]
        c = _clearing(state, WHERE[d], decider) if d in WHERE else None
        return [] if c is None else [{"kind": kind, "clearing": c, "piece": name}]
    if block == "item":
        if d == K.D_HD_RUIN_ITEM:  # Law 14.4.1: an item of the razed clearing's ruin
            c = int(state[HD_CURSOR]) - 1
            return [{"kind": "building", "clearing": c, "piece": "ruin"}] if 0 <= c < NC else []
        if d == K.D_HD_LOOT_ITEM:  # 14.2.5: an item of the defender's Crafted Items
            return [{"kind": "faction", "faction": FACTION_NAMES[int(state[REG + R_B_DEF]) % NF]}]
        if d in (K.D_HD_HOARD_FULL, K.D_HD_LAVISH):  # 14.2.4.I, 14.7.4: an item of the Hoard (or the one gained)
            return [{"kind": "item", "item": ITEM_NAMES[i % NITEM], "owner": "hundreds"}]
        if d == K.D_VB_EXPLORE:  # an item under the ruin of the pawn's clearing (Law 9.5.1)
            c = _clearing(state, PAWN, decider)
            return [] if c is None else [{"kind": "building", "clearing": c, "piece": "ruin"}]
        if d == K.D_VB_AID_TAKE:  # an item from the Crafted Items of the faction aided (9.5.3)
            return [{"kind": "faction", "faction": FACTION_NAMES[int(state[REG + R_VB_TARGET]) % len(FACTION_NAMES)]}]
        return [{"kind": "item", "item": ITEM_NAMES[i % NITEM], "state": ITEM_STATE_NAMES[i // NITEM]}]
    if block == "count" and d == K.D_MOVE_COUNT:  # how many of the warriors moving: they and where they go
        frm, to = int(state[REG + R_MOVE_FROM]), int(state[REG + R_MOVE_TO])
        return [{"kind": "burrow"} if frm == BURROW else {"kind": "warriors", "clearing": frm, "owner": me},
                {"kind": "burrow"} if to == BURROW else {"kind": "clearing", "clearing": to}]
    if block == "option" and d == K.D_DECREE_COL and K.OPT_COLUMN <= i < K.OPT_COLUMN + 4:
        return [{"kind": "space", "space": "decree: " + DECREE_COLUMNS[i - K.OPT_COLUMN]}]
    if block == "option" and d == K.D_HD_MOOD and K.OPT_MOOD <= i < K.OPT_MOOD + len(MOOD_NAMES):
        return [{"kind": "space", "space": "mood: " + MOOD_NAMES[i - K.OPT_MOOD]}]  # Law 14.4.4
    if block == "option" and d == K.D_HD_WARLORD_MOVES and i == K.OPT_WARLORD:  # 14.5.3: the warlord goes along
        c = int(state[HD_WARLORD])
        return [{"kind": "warriors", "clearing": c, "owner": "hundreds"}] if 0 <= c < NC else []
    if block == "option" and d == K.D_HD_LOOT and i == K.OPT_LOOT:  # 14.2.5: loot the defender's board
        return [{"kind": "faction", "faction": FACTION_NAMES[int(state[REG + R_B_DEF]) % NF]}]
    if block == "option":
        return _keepers_option_targets(state, d, i)
    return []


def _relic_targets(state, d: int, k: int | None, t: int | None) -> list[dict]:
    """A relic chosen (kind k, or face down by type t): in the forest Delve takes it from (Law 15.5.2.II.a), in the
    clearing Recover takes it from (15.5.2.III.a), or in the clearing Keeper warriors move from, carried (15.2.4)."""
    if d == K.D_KP_DELVE_RELIC and 0 <= int(state[KP_FOREST]):
        return [{"kind": "relic", "forest": int(state[KP_FOREST]), "piece": relic_piece(k, t)}]
    c = int(state[REG + R_MOVE_FROM]) if d == K.D_KP_CARRY else int(state[KP_CLEARING])
    if d in (K.D_KP_RECOVER_RELIC, K.D_KP_CARRY) and k is not None and 0 <= c < NC:
        return [{"kind": "token", "clearing": c, "piece": PIECE_NAMES[NBT + TT_RELIC + k]}]
    return []


def _keepers_option_targets(state, d: int, i: int) -> list[dict]:
    """The Keepers' menu options that name a thing: a waystation and its face (on their board to place, 15.4.1; on the
    map to decamp, 15.4.2), a Faithful Retainer (15.5.2, 15.6.2) or a Retinue column (15.6.2) of their board, a
    face-down relic of a type in the forest delved from (15.5.2.II.a)."""
    if K.OPT_WAYSTATION <= i < K.OPT_WAYSTATION + 2 * KP_WAYSTATIONS:
        w, face = divmod(i - K.OPT_WAYSTATION, 2)
        if d == K.D_KP_ENCAMP_WS:
            return [{"kind": "space", "space": waystation_space(w, face)}]
        c = int(state[KP_CLEARING])
        if d == K.D_KP_DECAMP_WS and 0 <= c < NC:
            return [{"kind": "building", "clearing": c, "piece": PIECE_NAMES[BT_WAYSTATION + w]}]
    if K.OPT_RETAINER <= i < K.OPT_RETAINER + RETINUE_COLUMNS and d in (K.D_KP_RETINUE, K.D_KP_GATHER):
        return [{"kind": "space", "space": "retainer: " + RETINUE_NAMES[i - K.OPT_RETAINER]}]
    if K.OPT_RETINUE <= i < K.OPT_RETINUE + RETINUE_COLUMNS and d == K.D_KP_GATHER_COL:
        return [{"kind": "space", "space": "retinue: " + RETINUE_NAMES[i - K.OPT_RETINUE]}]
    if K.OPT_HIDDEN_RELIC <= i < K.OPT_HIDDEN_RELIC + NRELIC_TYPES and d == K.D_KP_DELVE_RELIC:
        return _relic_targets(state, d, None, i - K.OPT_HIDDEN_RELIC)
    return []



# ---------------------------------------------------------------- the map's pieces, as click targets
def _labels(cl: dict) -> list[dict]:
    """The fields of each group ``picture.clearing_groups`` draws for clearing dict `cl`, in its order."""
    c = cl["id"] - 1
    out = []
    for b in cl["buildings"]:
        out.append({"kind": "building", "clearing": c, "piece": b, "owner": piece_owner(b) or ""})
    for t in cl["tokens"]:
        plot = t == HIDDEN_PLOT or t.startswith("plot_")
        out.append({"kind": "token", "clearing": c, "piece": HIDDEN_PLOT if plot else t,
                    "owner": "corvids" if plot else (piece_owner(t) or "")})
    for f in cl["warriors"]:
        out.append({"kind": "warriors", "clearing": c, "owner": f})
    for who in cl.get("pawns", []):
        out.append({"kind": "pawn", "clearing": c, "owner": who})
    if cl.get("scorched"):
        out.append({"kind": "scorched", "clearing": c})
    return out


def _title(t: dict) -> str:
    where = f" in clearing {t['clearing'] + 1}" if "clearing" in t else ""
    if t["kind"] == "warriors":
        return f"{faction_title(t['owner'])} warriors{where}"
    if t["kind"] == "pawn":
        return f"{faction_title(t['owner'])} pawn{where}"
    if t["kind"] == "scorched":
        return f"scorched{where}"
    if t["kind"] == "burrow":
        return "the Burrow (the Underground Duchy's, Law 12.2.2)"
    if t["kind"] == "ferry":
        return f"the Ferry{where}"
    if t["kind"] == "path":
        return f"path opened between clearings {t['clearing'] + 1} and {t['to'] + 1}"
    if t["kind"] == "relic":  # in a forest: "figure 2 relic in forest 3", face down "face-down figure relic ..."
        down = "" if " " in t["piece"] else "face-down "
        return f"{down}{t['piece']} relic in forest {t['forest'] + 1}"
    return f"{piece_title(t['piece'])}{where}"


def pieces_svg(pic: dict) -> str:
    """The pieces of the map (``picture.map_groups`` of the seat's view `pic`), each drawn group wrapped in a
    ``<g class="pc">`` with its fields as ``data-`` attributes (``_labels``; pawns in forests with their forest)."""
    labels = []
    for cl in pic["clearings"]:
        labels += _labels(cl)
    if pic.get("keepers"):  # the relics in the forests, face down by type only (Law 15.2.1)
        labels += [{"kind": "relic", "forest": fo, "piece": kind if value is None else f"{kind} {value}",
                    "owner": "keepers"} for fo, kind, value, _, _ in forest_relic_tiles(pic["keepers"])]
    if "duchy" in pic:  # the Burrow's box beside the map (picture.burrow_groups)
        labels.append({"kind": "burrow", "owner": "duchy"})
    for v in VAGABONDS:
        place = (pic.get(v) or {}).get("pawn")
        if place and place.startswith("forest"):
            labels.append({"kind": "pawn", "forest": int(place.split()[1]) - 1, "owner": v})
    if pic.get("ferry"):  # the Lake's Ferry (Law C.2.5) and the Mountain's removed closed paths (C.3.3), as drawn
        labels.append({"kind": "ferry", "clearing": int(pic["ferry"].split()[1]) - 1})
    labels += [{"kind": "path", "clearing": a - 1, "to": b - 1} for a, b in pic.get("opened_paths", ())]
    groups = map_groups(pic)
    if len(groups) != len(labels):
        raise AssertionError("the map's groups and their labels differ: picture.clearing_groups changed")
    out = []
    for t, g in zip(labels, groups):
        attrs = "".join(f' data-{k}="{escape(str(v))}"' for k, v in t.items())
        out.append(f'<g class="pc"{attrs}><title>{escape(_title(t))}</title>{svg_elements(g)}</g>')
    return "".join(out)


# ---------------------------------------------------------------- the side panel's clickable things
_PLACES = {LOC_DISCARD: "discard pile", LOC_AVAILABLE: "dominance available", LOC_SUPPORTERS: "supporters",
           LOC_REVEALED: "revealed", LOC_LOST_SOULS: "Lost Souls", LOC_ORDER: "order card"}


def card_place(loc: int) -> str:
    if loc in _PLACES:
        return _PLACES[loc]
    for base, word in ((LOC_HAND, "hand of"), (LOC_CRAFTED, "crafted by"), (LOC_ACTIVE_DOM, "activated by")):
        if base <= loc < base + NF:
            return f"{word} {faction_title(FACTION_NAMES[loc - base])}"
    if LOC_DECREE <= loc < LOC_DECREE + 4:
        return f"Decree: {DECREE_COLUMNS[loc - LOC_DECREE]}"
    if LOC_RETINUE <= loc < LOC_RETINUE + RETINUE_COLUMNS:
        return f"Retinue: {RETINUE_NAMES[loc - LOC_RETINUE]}"
    return "elsewhere"


def _chip(label: str, **fields) -> dict:
    return dict(fields, label=label)


def board_rows(game, info: dict, seat: str, option_cards: set[int]) -> list[dict]:
    """The rows of things of `seat`'s own board the page draws as clickable chips (from its information view
    `info` and, for card ids, the places of the state the seat sees: its Decree, its supporters), and the cards
    the pending options name that the hand and these rows do not show (their place said)."""
    s = game.state
    rows = []
    shown: set[int] = set()
    placed: dict[str, int] = {}
    for cl in info["clearings"]:
        for p in cl["buildings"] + cl["tokens"]:
            placed[p] = placed.get(p, 0) + 1
    if seat == "marquise":
        rows.append({"title": "Buildings (track)", "chips": [
            _chip(f"{b} · {placed.get(b, 0)}/6 on the map", kind="space", space=b)
            for b in ("sawmill", "workshop", "recruiter")]})
    if seat == "eyrie" and "eyrie" in info:
        chips = []
        for k, col in enumerate(DECREE_COLUMNS):
            chips.append(_chip(f"Decree: {col}", kind="space", space="decree: " + col))
            for c in range(NCARD):
                if int(s[CARD_LOC + c]) == LOC_DECREE + k:
                    chips.append(_chip(card_label(c), kind="card", card=c, col=col))
                    shown.add(c)
        rows.append({"title": "The Decree", "chips": chips})
    if seat == "alliance" and "alliance" in info:
        chips = []
        for c in range(NCARD):
            if int(s[CARD_LOC + c]) == LOC_SUPPORTERS:
                chips.append(_chip(card_label(c), kind="card", card=c))
                shown.add(c)
        rows.append({"title": "Supporters", "chips": chips})
    if seat == "corvids" and "corvids" in info:
        by_type = info["corvids"].get("supply_by_type", {})
        rows.append({"title": "Plots in supply", "chips": [
            _chip(f"{p} · {by_type.get(p, 0)}", kind="space", space=p) for p in PLOT_NAMES]})
    if seat == "hundreds" and "hundreds" in info:
        hd = info["hundreds"]
        rows.append({"title": "Mood", "chips": [
            _chip(m + (" (now)" if m == hd["mood"] else ""), kind="space", space="mood: " + m) for m in MOOD_NAMES]})
        gained = int(s[HD_GAINED])
        rows.append({"title": "The Hoard", "chips": [
            _chip(f"{ITEM_NAMES[i]} ×{int(s[HD_HOARD + i])}" if s[HD_HOARD + i] > 1 else ITEM_NAMES[i], kind="item",
                  item=ITEM_NAMES[i], owner="hundreds") for i in range(NITEM) if s[HD_HOARD + i] > 0]
            + ([_chip(f"{ITEM_NAMES[gained]} (gained, its track full)", kind="item", item=ITEM_NAMES[gained],
                      owner="hundreds")] if 0 <= gained < NITEM and s[HD_HOARD + gained] == 0 else [])})
    if seat == "keepers" and "keepers" in info:
        rows += _keepers_rows(s, shown)
    if seat in VAGABONDS and seat in info:
        vb = info[seat]
        rows.append({"title": "Items", "chips": [
            _chip(f"{item} ({st})" + (f" ×{n}" if n > 1 else ""), kind="item", item=item, state=st)
            for st, got in vb["items"].items() for item, n in got.items()]})
        rows.append({"title": "Quests", "chips": [
            _chip(q, kind="quest", quest=QUEST_NAMES.index(q)) for q in vb.get("quests", [])]})
    hand = {c for c in range(NCARD) if int(s[CARD_LOC + c]) == LOC_HAND + FACTION_NAMES.index(seat)}
    other = sorted(option_cards - hand - shown)
    if other:
        rows.append({"title": "Other cards the options name", "chips": [
            _chip(f"{card_label(c)} ({card_place(int(s[CARD_LOC + c]))})", kind="card", card=c) for c in other]})
    return rows


def _keepers_rows(s, shown: set[int]) -> list[dict]:
    """The Keepers' own board (Law 15): each waystation, by either face up while on the board (15.4.1) or where it is on
    the map; the Retinue's columns (15.6.2: where a card goes), their cards and their Faithful Retainers (15.5.2)."""
    stations = []
    for w in range(KP_WAYSTATIONS):
        where = [c for c in range(NC) if s[BUILDINGS + (BT_WAYSTATION + w) * NC + c] > 0]
        if where:
            stations.append(_chip(f"{waystation_space(w, int(s[KP_WS_FACE + w]))} · in clearing {where[0] + 1}",
                                  kind="building", clearing=where[0], piece=PIECE_NAMES[BT_WAYSTATION + w]))
        else:
            stations += [_chip(waystation_space(w, face), kind="space", space=waystation_space(w, face))
                         for face in (0, 1)]
    retinue = []
    for col in range(RETINUE_COLUMNS):
        name = RETINUE_NAMES[col]
        retinue.append(_chip(f"Retinue: {name}", kind="space", space="retinue: " + name))
        for c in range(NCARD):
            if int(s[CARD_LOC + c]) == LOC_RETINUE + col:
                retinue.append(_chip(card_label(c), kind="card", card=c, col=name))
                shown.add(c)
        n = int(s[KP_RETAINERS + col])
        if n:
            retinue.append(_chip("Faithful Retainer" + (f" ×{n}" if n > 1 else ""), kind="space",
                                 space="retainer: " + name))
    return [{"title": "Waystations", "chips": stations}, {"title": "The Retinue", "chips": retinue}]


def boards_with_targets(pic: dict, scale: float) -> str:
    """``picture.boards_svg`` with, over each faction's board, a rect the page can click for an option naming that
    faction (``data-kind="faction"``): the first primitive of each board's group is its frame."""
    svg = boards_svg(pic, scale)
    frames, _ = _boards(pic, _pieces_on_map(pic), scale)
    hits = []
    for f, group in zip(pic["factions"], frames):
        kind, x, y, w, h = group[0][:5]
        assert kind == "rect", "picture._boards: a board's group starts with its frame"
        hits.append(f'<rect class="boardhit" data-kind="faction" data-faction="{f}" x="{x:.1f}" y="{y:.1f}" '
                    f'width="{w}" height="{h}"><title>{escape(faction_title(f))}</title></rect>')
    end = svg.rindex("</svg>")
    return svg[:end] + "".join(hits) + svg[end:]

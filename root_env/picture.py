"""Pictures of a position on the Autumn map: SVG text (no dependency), PNG and RGB arrays (matplotlib).

    >>> from root_env.picture import to_svg, to_png, to_rgb_array
    >>> open("board.svg", "w").write(to_svg(game))
    >>> to_png(game, "board.png")

The picture shows the whole public position: the map (numbered clearings and forests, paths, rivers,
every piece and the Vagabond's pawn) and a side panel with each faction's board (VP, hand size,
dominance, crafted cards and items, building tracks, the Decree, officers and supporters, the
Vagabond's items, relationships and quests, the Corvids' plots), the deck and discard pile, and a legend
(docs/see_and_play.md). A picture is public unless made for a ``viewer``: the Corvids' face-down plots are
drawn face down, their type shown only in a picture for the Corvids (seed 003 13.2.2.I). With two Vagabonds
(Law 9.8) both pawns are drawn, told apart by fill, edge and letter (V, V2), each has a board, and the items
under each ruin are drawn on it: "?" but those the picture's viewer looked at (9.8.1, ``as_seen``). The drawing is a
list of primitives (lines, circles, rectangles, text) made
once and sent to either backend, so SVG and PNG show the same thing. It is driven by the data tables: clearings from
``map_data.MAP_POSITIONS``, paths, rivers, the lake, forests and slots from the game's map (``map_data``),
pieces from ``Game.to_dict()`` and owners from ``data.BT_OWNER`` / ``data.TT_OWNER``. A faction or piece
that has no colour or label here is still drawn, in grey with a label made from its name.
Nothing is fetched from the network.
"""
from __future__ import annotations

import io
from collections import Counter
from html import escape

import numpy as np

from .map_data import (MAP_NAMES, MAP_POSITIONS, MAP_FOREST_CLEARINGS, MAP_NFOREST, MAP_ADJ_MASK, MAP_ALL_PATHS,
                       MAP_RIVER, MAP_COASTAL, MAP_SLOTS, MAP_TOWER)
from .layout import MAP, ADJ_OPEN
from .data import (NC, FACTION_NAMES, BT_NAMES, TT_NAMES, BT_OWNER, TT_OWNER,
                   LZ_GARDENS_PER_SUIT, RF_POSTS_PER_SUIT, PLOT_NAMES, KP_RELIC_SPACES, RELIC_TYPE_NAMES, BT_WAYSTATION,
                   HD_STRONGHOLDS, HD_MOBS, HD_ITEM_TRACK, HD_COMMAND, HD_PROWESS, ITEM_NAMES, DU_CITADELS,
                   DU_MARKETS, DU_TUNNELS, DU_ASSEMBLY_ACTIONS, MINISTER_NAMES, MINISTER_RANK, RANK_NAMES)
from .hidden import information_view
from .names import HIDDEN_PLOT, hide_plots

WIDTH, HEIGHT = 1480, 920
MAP_X0, MAP_Y0, MAP_SCALE = 70, 80, 2.0
R_CLEARING = 44
PANEL_X, PANEL_W = 872, 596  # the side panel: faction boards, deck and legend

FACTION_COLORS = {"marquise": "#e8871e", "eyrie": "#2f6fb5", "alliance": "#3d9a40", "vagabond": "#4a4a4a",
                  "vagabond2": "#8e1f47", "lizards": "#e3c619", "riverfolk": "#1f9e9a", "corvids": "#7b3fa0",
                  "hundreds": "#a8322d", "keepers": "#56616e", "duchy": "#c9a27a"}
# The names printed on the faction boards, as a Root player knows them.
FACTION_TITLES = {"marquise": "Marquise de Cat", "eyrie": "Eyrie Dynasties", "alliance": "Woodland Alliance",
                  "vagabond": "Vagabond", "vagabond2": "Second Vagabond", "lizards": "Lizard Cult",
                  "riverfolk": "Riverfolk Company", "corvids": "Corvid Conspiracy", "hundreds": "Lord of the Hundreds",
                  "keepers": "Keepers in Iron", "duchy": "Underground Duchy"}
SUIT_FILL = {"fox": "#f3b3a2", "rabbit": "#f6e39a", "mouse": "#e2c09a"}
SUIT_EDGE = {"fox": "#c8402a", "rabbit": "#c9a212", "mouse": "#a0622a"}
SUIT_TEXT = {"fox": "#a8321d", "rabbit": "#6b5500", "mouse": "#7a4516", "bird": "#2f6fb5"}  # dark: readable
UNKNOWN_COLOR = "#8c8c8c"
# Board titles in a faction's colour, except where it does not read on white (the Cult's yellow).
TITLE_INK = {"vagabond": "#222222", "lizards": "#8a7400", "duchy": "#7a5330"}
PIECE_LABELS = {"sawmill": "Sw", "workshop": "Wk", "recruiter": "Rc", "roost": "Ro", "ruin": "Ru", "wood": "w",
                "keep": "K", "sympathy": "S", "stronghold": "St", "mob": "M", "citadel": "Ci", "market": "Mk",
                "tunnel": "Tu"}
PATH_COLOR, RIVER_COLOR, FOREST_FILL = "#9b805c", "#3b8fd0", "#cfe3b8"
CLOSED_COLOR, LAKE_FILL = "#8a8a8a", "#a9d3f2"  # a closed path (Mountain, C.3.2), the lake (C.2.2)
PAWN_COLOR = "#222222"
# The pawns of the two Vagabonds (Law 9.8): fill, edge and letter, told apart by all three.
PAWNS = {"vagabond": (PAWN_COLOR, "#ffffff", "V"), "vagabond2": ("#8e1f47", "#f2d16b", "V2")}
VAGABONDS = ("vagabond", "vagabond2")
# Items under a ruin (two per ruin with two Vagabonds, Law 9.8.1): a letter pair on a small tile.
ITEM_LETTERS = {"boot": "Bo", "sword": "Sd", "bag": "Bg", "hammer": "Hm", "tea": "Te", "coins": "Co",
                "crossbow": "Cb", "torch": "To", "hidden": "?"}
# The Corvids' plots: face up in their colour with the type's letter; face down pale, with "?" when the
# picture's viewer cannot know the type, else its letter in lower case (13.2.2.I).
PLOT_LETTER = {"bomb": "B", "snare": "S", "extortion": "E", "raid": "R"}
PLOT_DOWN_FILL = "#e4d6ee"
# The Keepers' relics (Law 15.2.1): a small tile in their type's colour with the type's letter and, face up, the
# value ("t2"); face down pale, edged in the type's colour, "t?" (nobody knows a face-down relic's value, 15.2.1,
# so no picture shows it). A waystation (15.2.2) is a Keepers building with "W" and its face-up type's letter,
# edged in that type's colour.
RELIC_COLORS = {"figure": "#b8662a", "tablet": "#2f7f86", "jewelry": "#a8327e"}
RELIC_LETTER = {"figure": "f", "tablet": "t", "jewelry": "j"}  # lower case: "F2" is forest 2
RELIC_DOWN_FILL = "#f3ecdd"
# The Hundreds' warlord (Law 14.2.2): a gold crown badge on the Hundreds' warriors in its clearing, "W" on it.
WARLORD_FILL, WARLORD_EDGE = "#f2c230", "#5a1410"


def faction_color(name) -> str:
    return FACTION_COLORS.get(name, UNKNOWN_COLOR)


def ink_on(fill: str) -> str:
    """Text colour on a piece of colour `fill`: dark on a light colour (the Cult's yellow), else white."""
    r, g, b = (int(fill[k:k + 2], 16) for k in (1, 3, 5))
    return "#222222" if 0.299 * r + 0.587 * g + 0.114 * b > 170 else "#ffffff"


def faction_title(name) -> str:
    return FACTION_TITLES.get(name, str(name).replace("_", " ").title())


def player_title(d: dict, f: str) -> str:
    """Faction f as the picture names it: its board's name, or its Clockwork bot's ("Mechanical Marquise")."""
    bot = d.get("bots", {}).get(f)
    return bot["title"] if bot else faction_title(f)


def bot_words(bot: dict) -> str:
    """A Clockwork bot's public board in a line (``Game.to_dict()["bots"][f]``): difficulty, traits, order card."""
    traits = ", ".join(t.replace("_", " ") for t in bot["traits"]) or "none"
    card = bot["order_card"] or "none (it reveals one in its Birdsong)"
    return f"Clockwork bot (seed 004) · {bot['level']} · traits: {traits} · order card: {card}"


def piece_owner(piece: str) -> str | None:
    if piece in BT_NAMES:
        return FACTION_NAMES[int(BT_OWNER[BT_NAMES.index(piece)])]
    if piece in TT_NAMES:
        return FACTION_NAMES[int(TT_OWNER[TT_NAMES.index(piece)])]
    return None


def piece_label(piece: str) -> str:
    if piece in PIECE_LABELS:
        return PIECE_LABELS[piece]
    parts = piece.replace("-", "_").split("_")
    return (parts[0][0].upper() + (parts[1][0] if len(parts) > 1 else parts[0][1:2])) if piece else "?"


def piece_title(piece: str) -> str:
    """A player-facing name: "base_mouse" -> "mouse base", "tradepost_fox" -> "fox trade post", "sawmill" ->
    "sawmill"."""
    parts = piece.replace("-", "_").replace("tradepost", "trade post").split("_")
    return " ".join(reversed(parts)) if len(parts) == 2 else " ".join(parts)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def map_of(d_or_game) -> int:
    """The map's row (map_data.MAP_NAMES) of a game, or of a ``Game.to_dict()`` / ``as_seen`` dict (the Autumn map when
    it names none)."""
    if isinstance(d_or_game, dict):
        return MAP_NAMES.index(d_or_game.get("map", "autumn"))
    return int(d_or_game.state[MAP])


def clearing_xy(c: int, m: int = 0) -> tuple[float, float]:
    """Where clearing c of map m (the Autumn map by default) is drawn."""
    x, y = MAP_POSITIONS[m, c]
    return MAP_X0 + MAP_SCALE * float(x), MAP_Y0 + MAP_SCALE * float(y)


# ---------------------------------------------------------------- primitives
def _line(x1, y1, x2, y2, color, width=2.0, dash=None):
    return ("line", x1, y1, x2, y2, color, width, dash)


def _circle(cx, cy, r, fill, stroke="#333333", sw=1.5):
    return ("circle", cx, cy, r, fill, stroke, sw)


def _rect(x, y, w, h, fill, stroke="#333333", sw=1.0):
    return ("rect", x, y, w, h, fill, stroke, sw)


def _text(x, y, s, size=12, color="#111111", anchor="middle", bold=False):
    return ("text", x, y, str(s), size, color, anchor, bold)


def wrap(s: str, width_px: float, size: float) -> list[str]:
    """Break `s` into lines that fit `width_px` at font `size` (an average glyph is ~0.6 em wide)."""
    per_line = max(8, int(width_px / (0.6 * size)))
    lines, cur = [], ""
    for word in s.split(" "):
        if cur and len(cur) + 1 + len(word) > per_line:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    lines.append(cur)
    return [ln if len(ln) <= per_line else ln[:per_line - 1] + "…" for ln in lines]


def arrow(x1, y1, x2, y2, color="#d01c1c", width=5.0) -> list:
    """A line from (x1, y1) to (x2, y2) with a head at the end: the last move in the replay viewer."""
    dx, dy = x2 - x1, y2 - y1
    n = max(float(np.hypot(dx, dy)), 1e-9)
    ux, uy = dx / n, dy / n
    # stop short of the clearing's middle so the head does not hide the pieces
    x1, y1, x2, y2 = x1 + ux * 30, y1 + uy * 30, x2 - ux * 30, y2 - uy * 30
    head = [_line(x2, y2, x2 - 16 * ux + 10 * -uy, y2 - 16 * uy + 10 * ux, color, width),
            _line(x2, y2, x2 - 16 * ux - 10 * -uy, y2 - 16 * uy - 10 * ux, color, width)]
    return [_line(x1, y1, x2, y2, color, width)] + head


def battle_mark(c: int, m: int = 0, color="#d01c1c") -> list:
    """A ring round clearing c (of map m) with a cross beside it: a battle there was the last move."""
    x, y = clearing_xy(c, m)
    r, bx, by = R_CLEARING + 7, x + R_CLEARING + 8, y + R_CLEARING + 2
    return [_circle(x, y, r, "none", color, 5), _circle(bx, by, 11, "#ffffff", color, 2.5),
            _line(bx - 6, by - 6, bx + 6, by + 6, color, 3), _line(bx - 6, by + 6, bx + 6, by - 6, color, 3)]


def forest_center(f: int, m: int = 0) -> tuple[float, float]:
    """Where forest f of map m is drawn: the middle of the clearings around it."""
    cs = [c for c in range(NC) if MAP_FOREST_CLEARINGS[m, f, c]]
    return (float(np.mean([clearing_xy(c, m)[0] for c in cs])), float(np.mean([clearing_xy(c, m)[1] for c in cs])))


def lake_center(m: int) -> tuple[float, float]:
    """Where the lake of map m is drawn: the middle of its coastal clearings (Law C.2.3)."""
    coast = [c for c in range(NC) if MAP_COASTAL[m, c]]
    return (float(np.mean([clearing_xy(c, m)[0] for c in coast])), float(np.mean([clearing_xy(c, m)[1] for c in coast])))


def open_paths(game) -> list:
    """Each clearing's open paths in `game` (bitmasks; the Mountain's closed paths are not, C.3.2)."""
    return [int(game.state[ADJ_OPEN + c]) for c in range(NC)]


def clearing_suit(c: int) -> str:
    from .data import RAW
    return RAW["maps"]["autumn"]["clearings"][c]["suit"]


def game_suits(game) -> list:
    """The suit name of each clearing in `game` (printed, or its suit marker in Advanced Setup, Appendix A.1)."""
    from .layout import CLEARING_SUITS
    from .data import SUIT_NAMES
    return [SUIT_NAMES[int(game.state[CLEARING_SUITS + c])] for c in range(NC)]


def static_layer(suits=None, m: int = 0, paths=None) -> list:
    """The map itself (map m, the Autumn map by default): background, numbered forests, the lake (Lake map, C.2.2),
    paths (`paths`: each clearing's open paths as bitmasks, default those open at setup; a closed path, C.3.2, dashed
    grey), rivers, the Pass (Law C.3.4), clearings with suit and priority
    number (`suits`: each clearing's suit name, default the printed ones)."""
    out = [_rect(0, 0, WIDTH, HEIGHT, "#f4efe1", "none", 0)]
    if MAP_COASTAL[m].any():  # the lake in the middle of the coastal clearings
        lx, ly = lake_center(m)
        out.append(_circle(lx, ly, 95, LAKE_FILL, RIVER_COLOR, 3))
        out.append(_text(lx, ly + 6, "lake", 16, "#1d5d8f", bold=True))
    for f in range(int(MAP_NFOREST[m])):
        x, y = forest_center(f, m)
        out.append(_circle(x, y, 30, FOREST_FILL, "#8fb86e", 1.5))
        out.append(_text(x, y + 6, f"F{f + 1}", 17, "#2d5a1b", bold=True))
    paths = [int(MAP_ADJ_MASK[m, c]) for c in range(NC)] if paths is None else paths
    for a in range(NC):
        for b in range(a + 1, NC):
            if (paths[a] >> b) & 1:
                out.append(_line(*clearing_xy(a, m), *clearing_xy(b, m), PATH_COLOR, 7))
            elif MAP_ALL_PATHS[m, a, b]:  # a closed path still on the map (C.3.2)
                out.append(_line(*clearing_xy(a, m), *clearing_xy(b, m), CLOSED_COLOR, 5, "4,8"))
    for a in range(NC):
        for b in range(a + 1, NC):
            if MAP_RIVER[m, a, b]:
                (x1, y1), (x2, y2) = clearing_xy(a, m), clearing_xy(b, m)
                out.append(_line(x1 + 9, y1 + 9, x2 + 9, y2 + 9, RIVER_COLOR, 5, "10,6"))
    for c in range(NC):
        x, y = clearing_xy(c, m)
        if c == MAP_TOWER[m]:  # the Pass (C.3.4); the Ferry moves: drawn with the pieces (map_groups)
            out.append(_circle(x, y, R_CLEARING + 9, "none", "#6b4f2a", 3))
            out.append(_text(x, y + R_CLEARING + 24, "Pass", 12, "#6b4f2a", bold=True))
        suit = (clearing_suit(c) if m == 0 else "marker") if suits is None else suits[c]
        out.append(_circle(x, y, R_CLEARING, SUIT_FILL.get(suit, "#dddddd"), SUIT_EDGE.get(suit, "#555555"), 4))
        out.append(_circle(x - R_CLEARING + 4, y - R_CLEARING + 4, 13, "#ffffff", "#333333", 1.5))
        out.append(_text(x - R_CLEARING + 4, y - R_CLEARING + 9, c + 1, 14, "#111111", bold=True))
        out.append(_rect(x + R_CLEARING - 44, y - R_CLEARING - 8, 48, 15, "#ffffff", SUIT_EDGE.get(suit, "#555"), 1))
        out.append(_text(x + R_CLEARING - 20, y - R_CLEARING + 3, suit, 11, SUIT_TEXT.get(suit, "#333333"),
                         bold=True))
        n = int(MAP_SLOTS[m, c])
        for k in range(n):
            sx = x - n * 12 + 2 + k * 24
            out.append(_rect(sx, y - 30, 20, 20, "#fbf7ec", "#777777", 1))
    return out


# ---------------------------------------------------------------- pieces on the map
def _pawn(x, y, who: str = "vagabond") -> list:
    """A Vagabond's pawn, also drawn in the legend: the Vagabond's a dark tile with a white V, the second
    Vagabond's (Law 9.8) a wine-red tile edged in gold with "V2"."""
    fill, edge, letter = PAWNS.get(who, PAWNS["vagabond"])
    w = 18 if len(letter) == 1 else 24
    return [_rect(x - w / 2, y - 11, w, 22, fill, edge, 1.5),
            _text(x, y + 5, letter, 13 if len(letter) == 1 else 11, ink_on(fill), bold=True)]


def _ruin(x, y, items: list[str]) -> list:
    """A ruin at (x, y) (its top left corner) with the items under it (two Vagabonds, Law 9.8.1): the grey
    tile with a small "Ru", and each item a small tile along its bottom edge: the item's letters where
    the picture's viewer has seen it, "?" where not."""
    out = [_rect(x, y, 20, 20, "#9e9e9e", "#222222", 1.2),
           _text(x + 10, y + 8.5, "Ru", 8, ink_on("#9e9e9e"), bold=True)]
    for k, item in enumerate(items):
        tx = x - 4 + k * 14
        out += [_rect(tx, y + 10, 14, 11, "#fffdf5", "#555555", 0.8),
                _text(tx + 7, y + 18.5, ITEM_LETTERS.get(item, item[:2].title()), 7.5, "#222222", bold=True)]
    return out


def _building(x, y, piece, face: str | None = None) -> list:
    """A building at (x, y) (its top left corner). `face`: a waystation's face-up relic type (Law 15.2.2), shown
    by its letter after "W" and by the edge in that type's colour."""
    fill = "#9e9e9e" if piece == "ruin" else faction_color(piece_owner(piece))
    edge, width, label = "#222222", 1.2, piece_label(piece)
    if piece.startswith("garden_"):  # the Cult's gardens: edged with their suit's (their clearing's) colour
        edge, width = SUIT_EDGE.get(piece.split("_", 1)[1], edge), 2.5
    elif piece.startswith("waystation_"):
        edge, width, label = RELIC_COLORS.get(face, edge), 2.5, "W" + RELIC_LETTER.get(face, "")
    return [_rect(x, y, 20, 20, fill, edge, width), _text(x + 10, y + 14, label, 10, ink_on(fill), bold=True)]


def _relic(x, y, kind: str, value: int | None = None) -> list:
    """A Keepers' relic of type `kind` centred at (x, y): face up (`value` given) a tile in the type's colour with
    its letter and value; face down (`value` None: its value unknown to everyone, Law 15.2.1) a pale tile with "?"."""
    color = RELIC_COLORS.get(kind, UNKNOWN_COLOR)
    letter = RELIC_LETTER.get(kind, "?")
    if value is None:
        return [_rect(x - 9, y - 7, 18, 14, RELIC_DOWN_FILL, color, 2), _text(x, y + 4, f"{letter}?", 8.5, color, bold=True)]
    return [_rect(x - 9, y - 7, 18, 14, color, "#222222", 1), _text(x, y + 4, f"{letter}{value}", 8.5, ink_on(color),
                                                                     bold=True)]


def relic_of(piece: str) -> tuple[str, int] | None:
    """A face-up relic token's (type, value) ("relic_tablet_2" -> ("tablet", 2)); None for any other piece."""
    if not piece.startswith("relic_"):
        return None
    _, kind, value = piece.split("_")
    return kind, int(value)


def waystation_faces(d: dict) -> dict:
    """Each Keepers' waystation's building name with its face-up relic type (Law 15.2.2), from ``Game.to_dict()``."""
    kp = d.get("keepers")
    return {"waystation_" + k.replace("/", "_"): w["face_up"] for k, w in kp["waystations"].items()} if kp else {}


def forest_relic_tiles(kp: dict) -> list[tuple[int, str, int | None, int, int]]:
    """The relics in the forests (``Game.to_dict()["keepers"]["forests"]``) in drawing order: (forest index, type,
    value or None face down, place in the forest's tiles, tiles in its row)."""
    out = []
    for name, f in kp["forests"].items():
        tiles = [(t, int(v)) for t, v in (r.split() for r in f["face_up"])] + [(t, None) for t in f["face_down"]]
        for k, (kind, value) in enumerate(tiles):
            out.append((int(name.split()[1]) - 1, kind, value, k, len(tiles[k // 4 * 4:k // 4 * 4 + 4])))
    return out


def forest_relics(kp: dict, m: int = 0) -> list[list]:
    """The relics in the forests drawn over each forest's number, face up ones with their value, face-down ones by
    type only (Law 15.2.1), four to a row (``forest_relic_tiles``)."""
    out = []
    for fo, kind, value, k, row in forest_relic_tiles(kp):
        x, y = forest_center(fo, m)
        out.append(_relic(x - 10 * (row - 1) + 20 * (k % 4), y - 20 - 15 * (k // 4), kind, value))
    return out


def _token(x, y, piece) -> list:
    fill = faction_color(piece_owner(piece))
    if piece.startswith("tradepost_"):  # the Riverfolk's trade posts: edged with their suit's colour, like gardens
        return [_circle(x, y, 9, fill, SUIT_EDGE.get(piece.split("_", 1)[1], "#ffffff"), 2.5),
                _text(x, y + 4, "T", 10, ink_on(fill), bold=True)]
    return [_circle(x, y, 8, fill, "#ffffff", 1.5),
            _text(x, y + 4, piece_label(piece)[:1], 10, ink_on(fill), bold=True)]


def _plot(x, y, plot: dict | None) -> list:
    """A Corvid plot token (``Game.to_dict()`` clearing ``plot``, perhaps hidden): face up, a solid disc with
    its type's letter; face down, a pale disc with "?" or, for the Corvids, the letter in lower case."""
    color = faction_color("corvids")
    if plot is None or not plot["face_up"]:
        kind = (plot or {}).get("type")
        label = PLOT_LETTER.get(kind, "?").lower() if kind else "?"
        return [_circle(x, y, 9, PLOT_DOWN_FILL, color, 2), _text(x, y + 4, label, 10, color, bold=True)]
    return [_circle(x, y, 9, color, "#ffffff", 1.5),
            _text(x, y + 4, PLOT_LETTER.get(plot["type"], "?"), 10, ink_on(color), bold=True)]


def _is_plot(piece: str) -> bool:
    return piece == HIDDEN_PLOT or piece.startswith("plot_")


def _warriors(x, y, faction, n) -> list:
    wide = len(str(n)) > 1  # two digits need a wider disc
    fill = faction_color(faction)
    return [_circle(x, y, 12 if wide else 10, fill, "#222222", 1.2),
            _text(x, y + 4, n, 11 if wide else 12, ink_on(fill), bold=True)]


def _warlord(x, y) -> list:
    """The Hundreds' warlord (Law 14.2.2), a badge on the top right of their warriors' disc centred at (x, y)."""
    return [_circle(x + 10, y - 10, 7, WARLORD_FILL, WARLORD_EDGE, 1.5),
            _text(x + 10, y - 6.5, "W", 8.5, WARLORD_EDGE, bold=True)]


def clearing_groups(cl: dict, m: int = 0) -> list[list]:
    """The pieces in one clearing of map m (a dict from Game.to_dict(); ``warlord``: the Hundreds' warlord stands
    there; ``waystations``: each Keepers' waystation's face-up relic type, Law 15.2.2), one group per piece kind."""
    c = cl["id"] - 1
    x, y = clearing_xy(c, m)
    n = max(int(MAP_SLOTS[m, c]), len(cl["buildings"]))
    out = []
    under = cl.get("ruin_items")
    for k, b in enumerate(cl["buildings"]):
        bx = x - n * 12 + 2 + k * 24
        out.append(_ruin(bx, y - 30, under) if b == "ruin" and under else
                   _building(bx, y - 30, b, cl.get("waystations", {}).get(b)))
    for k, t in enumerate(cl["tokens"]):
        tx, ty = x - 30 + (k % 7) * 17, y + (k // 7) * 16
        relic = relic_of(t)
        out.append(_plot(tx, ty, cl.get("plot")) if _is_plot(t) else _relic(tx, ty, *relic) if relic else
                   _token(tx, ty, t))
    for k, (f, n_w) in enumerate(cl["warriors"].items()):
        wx, wy = x - 26 + (k % 3) * 26, y + 28 + (k // 3) * 20
        out.append(_warriors(wx, wy, f, n_w) + (_warlord(wx, wy) if f == "hundreds" and cl.get("warlord") else []))
    for k, who in enumerate(cl.get("pawns", [])):
        out.append(_pawn(x + R_CLEARING + 4, y + 10 + 26 * k, who))
    if cl.get("scorched"):  # the Scoundrel's torch (Appendix D.6): nothing is placed in or moved into the clearing
        out.append([_circle(x - R_CLEARING - 2, y - 10, 9, "#e65100", "#222222", 1.2),
                    _text(x - R_CLEARING - 2, y - 6, "F", 10, "#ffffff", bold=True)])
    return out


# ---------------------------------------------------------------- the side panel
class _Panel:
    """Lines of text stacked top to bottom in the side panel, wrapped to its width. ``scale`` shrinks the
    text of a crowded panel (``PANEL_SCALES``) so that every board, the deck and the legend fit."""

    def __init__(self, y: float, scale: float = 1.0):
        self.y = y
        self.scale = scale
        self.out: list = []

    def line(self, s, size=12, color="#222222", bold=False, indent=0):
        size = round(size * self.scale * 2) / 2
        for ln in wrap(s, PANEL_W - 24 - indent, size):
            self.y += size + 4
            self.out.append(_text(PANEL_X + 12 + indent, self.y, ln, size, color, "start", bold))

    def gap(self, h=6):
        self.y += h


def _items_text(items: dict) -> str:
    return ", ".join(f"{i} ×{n}" if n > 1 else i for i, n in items.items())


def _building_track(pan: _Panel, placed: dict, pieces: list[str], total: int):
    pan.line(" · ".join(f"{piece_title(p)}s {placed.get(p, 0)}/{total} on the map" for p in pieces), 11)


def faction_board(d: dict, f: str, placed: dict, scale: float = 1.0) -> _Panel:
    """One faction's public board: VP, hand size, dominance, crafted cards and the faction's own tracks."""
    pan = _Panel(0, scale)
    mark = "  ★ winner" if f in d["winners"] else ("  ◀ to play" if f == d["current_player"] else "")
    bot = d.get("bots", {}).get(f)
    pan.line(f"{player_title(d, f)}{mark}", 14, TITLE_INK.get(f, faction_color(f)), bold=True, indent=22)
    public = " (public)" if f == "riverfolk" else ""  # Law 11.2.3
    hand = "no hand" if bot else f"{plural(len(d['hands'][f]), 'card')} in hand{public}"
    pan.line(f"{d['vp'][f]} VP · {hand}", 12, indent=22)
    if bot:
        pan.line(bot_words(bot), 11, "#5a3a00", True)
    if f in d["dominance"]:
        pan.line(f"Dominance card in play: {d['dominance'][f]} (VP no longer scored)", 11, "#7b1010", True)
    crafted = d["crafted"][f]
    if crafted:
        pan.line("Crafted: " + ", ".join(crafted), 11)
    if d["crafted_items"][f] and f not in VAGABONDS:
        pan.line("Items crafted: " + _items_text(d["crafted_items"][f]), 11)
    if f == "marquise":
        _building_track(pan, placed, ["sawmill", "workshop", "recruiter"], 6)
        keep = "on the map" if placed.get("keep") else ("not placed yet" if d["turn"] == 0 else "removed")
        pan.line(f"keep {keep}" if bot else f"wood on the map {placed.get('wood', 0)}/8 · keep {keep}", 11)
    elif f == "eyrie" and "eyrie" in d:
        ey = d["eyrie"]
        pan.line(f"Leader: {ey['leader'] or 'not chosen yet'} · roosts {placed.get('roost', 0)}/7 on the map", 11)
        _decree(pan, ey["decree"])
    elif f == "alliance" and "alliance" in d:
        al = d["alliance"]
        bases = [piece_title(p) for p in placed if p.startswith("base")]
        pan.line(f"Officers {al['officers']} · supporters {len(al['supporters'])} (face down) · "
                 f"sympathy {placed.get('sympathy', 0)}/10 on the map", 11)
        pan.line("Bases on the map: " + (", ".join(bases) or "none"), 11)
    elif f in VAGABONDS and f in d:
        _vagabond_board(pan, d[f], two="vagabond2" in d["factions"], second=f == "vagabond2")
    elif f == "lizards" and "lizards" in d:
        _cult_board(pan, d["lizards"], d.get("lost_souls", []), placed)
    elif f == "riverfolk" and "riverfolk" in d:
        _riverfolk_board(pan, d["riverfolk"], d["hands"]["riverfolk"])
    elif f == "corvids" and "corvids" in d:
        _corvids_board(pan, d["corvids"], d["clearings"])
    elif f == "hundreds" and "hundreds" in d:
        _hundreds_board(pan, d["hundreds"], placed)
    elif f == "keepers" and "keepers" in d:
        _keepers_board(pan, d["keepers"])
    elif f == "duchy" and "duchy" in d:
        _duchy_board(pan, d["duchy"], placed, d["current_player"] == "duchy")
    return pan


def _duchy_board(pan: _Panel, du: dict, placed: dict, playing: bool):
    """The Underground Duchy's board (Law 12): the Burrow's warriors (12.2.2), citadels, markets and tunnels on the map
    (12.3.4, 12.2.4), ministers swayed (above the board, 12.5.3.III) and unswayed with their ranks, the crowns still on
    the board and those out of the game (the Price of Failure, 12.2.3), the cards revealed this turn (12.6.1) and, on
    its turn, the Assembly actions taken and the ministers that have acted."""
    rank = {m: RANK_NAMES[int(MINISTER_RANK[k])] for k, m in enumerate(MINISTER_NAMES)}
    pan.line(f"Burrow {plural(du['burrow'], 'warrior')} · citadels {placed.get('citadel', 0)}/{DU_CITADELS} · markets "
             f"{placed.get('market', 0)}/{DU_MARKETS} · tunnels {placed.get('tunnel', 0)}/{DU_TUNNELS} on the map", 11)
    for title, names in (("Swayed", du["swayed"]), ("Unswayed", du["unswayed"])):
        pan.line(f"{title} ministers: " + (", ".join(f"{n} ({rank[n]})" for n in names) or "none"), 11)
    lost = {r: n for r, n in du["crowns_lost"].items() if n}
    pan.line("Crowns on the board: " + " · ".join(f"{r} {n}" for r, n in du["crowns_on_board"].items())
             + ((" · out of the game (Price of Failure): " + ", ".join(f"{r} {n}" for r, n in lost.items()))
                if lost else ""), 11)
    if du["revealed"]:
        pan.line("Revealed this turn: " + ", ".join(du["revealed"]), 11)
    if playing and (du["assembly_actions"] or du["ministers_acted"]):
        pan.line(f"Assembly actions taken {du['assembly_actions']}/{DU_ASSEMBLY_ACTIONS} · ministers acted: "
                 + (", ".join(du["ministers_acted"]) or "none"), 11)


def _keepers_board(pan: _Panel, kp: dict):
    """The Keepers in Iron's board (Law 15): the Relics spaces by type (15.5.2.III.a: four of each), the waystations
    and the face each shows (15.2.2), the Retinue's three columns (15.2.6) with their cards and Faithful Retainers,
    relics removed by an enemy waiting for its forest (Prized Trophies, 15.2.5) and, in setup, relics still to place."""
    by_type = {t: [r.split()[1] for r in kp["recovered"] if r.split()[0] == t] for t in RELIC_TYPE_NAMES}
    pan.line("Relics recovered: " + " · ".join(f"{t} {', '.join(v) or 'none'} ({len(v)}/{KP_RELIC_SPACES})"
                                                for t, v in by_type.items()), 11)
    pan.line("Waystations: " + " · ".join(
        f"{k} " + (f"in clearing {w['clearing']} ({w['face_up']} up)" if w["clearing"] else "in supply")
        for k, w in kp["waystations"].items()), 11)
    _columns(pan, {f"Retinue: {col}": cards for col, cards in kp["retinue"].items()}, ("#e6e8eb", "#5b6470", "#2e343b"))
    if kp["relics_removed"]:
        pan.line("Removed by an enemy, to place in a forest (Law 15.2.5): " + ", ".join(kp["relics_removed"]), 11)
    if kp["relics_to_place"]:
        pan.line(f"Relics still to place in the forests (setup, Law 15.3): {kp['relics_to_place']}", 11)


def _hundreds_board(pan: _Panel, hd: dict, placed: dict):
    """The Lord of the Hundreds' board (Law 14): the mood card (14.4.4), where the warlord stands (14.2.2), the Hoard
    by track with the Command and Prowess it sets (14.2.4), strongholds and mobs on the map."""
    where = f"in clearing {hd['warlord']}" if hd["warlord"] else "not on the map"
    pan.line(f"Mood: {hd['mood']} · warlord {where}", 11)
    tracks = []
    for name, value, t in (("Command", hd["command"], HD_COMMAND), ("Prowess", hd["prowess"], HD_PROWESS)):
        items = {i: n for i, n in hd["hoard"].items() if HD_ITEM_TRACK[ITEM_NAMES.index(i)] == t}
        tracks.append(f"{name} {value}" + (f" ({_items_text(items)})" if items else ""))
    pan.line("Hoard: " + " · ".join(tracks), 11)
    pan.line(f"Strongholds {placed.get('stronghold', 0)}/{HD_STRONGHOLDS} on the map · mobs "
             f"{placed.get('mob', 0)}/{HD_MOBS} on the map", 11)


def _corvids_board(pan: _Panel, cv: dict, clearings: list):
    """The Corvid Conspiracy's board (Law 13): plots in the supply (by type in the Corvids' picture only:
    all are face down, 13.2.2.I), face up and face down on the map, what Exposure ruled out where (13.2.4),
    this turn's counters (plots placed, Daylight actions left, recruited, exerted)."""
    by_type = cv.get("supply_by_type")
    kinds = (" (" + ", ".join(f"{k} {n}" for k, n in by_type.items() if n) + ")") if by_type and cv["supply"] else ""
    pan.line(f"Plots in supply {cv['supply']}{kinds} · on the map face up {cv['face_up']}, face down "
             f"{cv['face_down']}", 11)
    ruled = [f"clearing {cl['id']}: not {' or '.join(cl['plot']['ruled_out'])}" for cl in clearings
             if cl.get("plot") and cl["plot"]["ruled_out"] and not cl["plot"]["face_up"]]
    if ruled:
        pan.line("Ruled out by Exposure: " + "; ".join(ruled), 11)
    turn = [f"plots placed {cv['plots_placed']}", f"actions left {cv['actions_left']}"]
    turn += [w for w, on in (("recruited", cv["recruited"]), ("exerted", cv["exerted"])) if on]
    pan.line("This turn: " + ", ".join(turn), 11)


def _box_text(box: dict) -> str:
    """Warriors in a Riverfolk box: their number, then by owner ("3 (Marquise 2, Riverfolk 1)")."""
    return f"{sum(box.values())}" + (" (" + ", ".join(f"{f.title()} {n}" for f, n in box.items()) + ")" if box else "")


def _riverfolk_board(pan: _Panel, rf: dict, hand: list):
    """The Riverfolk Company's board (Law 11): the Funds, Payments and Committed boxes by owner, the Services
    track's prices, the Trade Posts tracks (on the map / on the track / in the box), the services the player
    taking the turn bought, Trade Disruption still owed; and its hand, which is public (11.2.3)."""
    pan.line(f"Funds {_box_text(rf['funds'])} · payments {_box_text(rf['payments'])} · committed "
             f"{_box_text(rf['committed'])}", 11)
    prices = ", ".join(f"{k} {p if p is not None else '-'}" for k, p in rf["prices"].items())
    posts = ", ".join(f"{s} {p['on_map']}/{p['on_track']}/{p['gone']}" for s, p in rf["trade_posts"].items())
    pan.line(f"Prices: {prices} · trade posts on the map/track/box (of {RF_POSTS_PER_SUIT}): {posts}", 11)
    if rf["services_bought"]:
        bought = ", ".join(f"{k} ×{n}" if n > 1 else k for k, n in rf["services_bought"].items())
        pan.line(f"Services bought this turn by {faction_title(rf['services_buyer'])}: {bought}", 11)
    if rf["disruption_owed"]:
        pan.line(f"Funds still owed to Trade Disruption: {rf['disruption_owed']}", 11, "#7b1010")
    pan.line("Public hand: " + (", ".join(hand) or "no cards"), 11)


def _cult_board(pan: _Panel, lz: dict, lost_souls: list, placed: dict):
    """The Lizard Cult's board (Law 10): the outcast marker and its side, acolytes, the gardens tracks,
    the cards revealed for rituals, suits scored this turn; the Lost Souls pile (face up, Law 10.2.6) by
    suit, as the Outcast is adjusted from it (10.4.1)."""
    if lz["outcast"] is None:
        marker = "Outcast not chosen yet"
    else:
        marker = f"Outcast: {lz['outcast']}, {'Hated' if lz['hated'] else 'Outcast'} side up"
    pan.line(f"{marker} · acolytes {lz['acolytes']}", 11, "#7b1010" if lz["hated"] else "#222222")
    pan.line("Gardens on the map: " + " · ".join(f"{s} {placed.get('garden_' + s, 0)}/{LZ_GARDENS_PER_SUIT}"
                                                  for s in ("fox", "rabbit", "mouse")), 11)
    if lz["revealed"]:
        pan.line("Revealed: " + ", ".join(lz["revealed"]), 11)
    if lz["scored_this_turn"]:
        pan.line("Scored this turn: " + ", ".join(lz["scored_this_turn"]), 11)
    suits = ", ".join(f"{s} {sum(c.endswith(f'({s})') for c in lost_souls)}"
                      for s in ("fox", "rabbit", "mouse", "bird"))
    pan.line(f"Lost Souls pile: {plural(len(lost_souls), 'card')}" + (f" ({suits})" if lost_souls else ""), 11)


def _decree(pan: _Panel, decree: dict):
    """The Decree as four columns of card names."""
    _columns(pan, {f"Decree: {col}": cards for col, cards in decree.items()}, ("#dbe7f5", "#2f6fb5", "#17406e"))


def _columns(pan: _Panel, columns: dict, colors: tuple[str, str, str]):
    """Columns of card names side by side (the Eyrie's Decree, the Keepers' Retinue), each under a heading tile;
    `colors`: the heading's fill, edge and ink."""
    fill, edge, ink = colors
    col_w = (PANEL_W - 24) / len(columns)
    top = pan.y + 4
    deepest = top
    k_ = max(1.0, pan.scale)  # larger on the web page's boards (root_env.web); never smaller than before
    for k, (col, cards) in enumerate(columns.items()):
        x = PANEL_X + 12 + k * col_w
        pan.out.append(_rect(x, top, col_w - 6, 16 * k_, fill, edge, 1))
        pan.out.append(_text(x + 4, top + 12 * k_, col, 10 * k_, ink, "start", True))
        y = top + 28 * k_
        for card in cards:
            for ln in wrap(card, col_w - 12, 9.5 * k_):
                pan.out.append(_text(x + 4, y, ln, 9.5 * k_, "#222222", "start"))
                y += 12 * k_
        deepest = max(deepest, y - 8)
    pan.y = deepest + 6


def _vagabond_board(pan: _Panel, vb: dict, two: bool = False, second: bool = False):
    """A Vagabond's board: character and pawn, items by state, relationships and coalition, the quests;
    with two Vagabonds (``two``, Law 9.8) also the "R" items he took from the ruins (9.8.1: he may not take
    a matching one). The quests are shared (9.8.3): the ``second`` Vagabond's board refers to the first's."""
    if vb["character"] is None:
        pan.line("Character not chosen yet", 11)
        return
    pan.line(f"{vb['character'].title()} · pawn in {vb['pawn'] or 'no place yet'}", 11)
    for state, got in vb["items"].items():
        pan.line(f"Items {state}: {_items_text(got)}", 11, "#7b1010" if "damaged" in state else "#222222")
    if not vb["items"]:
        pan.line("No items", 11)
    rel = ", ".join(f"{faction_title(f)} {r}" for f, r in vb["relationships"].items())
    pan.line(f"Relationships: {rel}" + (f" · coalition with {faction_title(vb['coalition'])}"
                                        if vb["coalition"] else ""), 11)
    if two:
        pan.line('"R" items from the ruins: ' + (", ".join(vb["ruin_items_held"]) or "none"), 11)
    if second:
        pan.line("Quests: shared with the Vagabond (Law 9.8.3)", 11)
        return
    pan.line(f"Quests: {', '.join(vb['quests']) or 'none'} · done {len(vb['quests_done'])}"
             + (f" ({', '.join(vb['quests_done'])})" if vb["quests_done"] else ""), 11)


def _pieces_on_map(d: dict) -> dict:
    placed: dict[str, int] = {}
    for cl in d["clearings"]:
        for p in cl["buildings"] + cl["tokens"]:
            placed[p] = placed.get(p, 0) + 1
    return placed


def _legend_kinds(d: dict) -> list[tuple[str, str]]:
    """What the legend shows: each seated faction's warriors, buildings and tokens, ruins, the pawn."""
    seated = set(d["factions"])
    kinds = [("warriors", f) for f in d["factions"] if not f.startswith("vagabond")]  # the Vagabond has none
    # the Keepers' three waystations and nine relic kinds: one entry each for a waystation and a relic face up and down
    kinds += [("building", p) for p in BT_NAMES if piece_owner(p) in seated and not p.startswith("waystation_")
              ] + [("building", "ruin")]
    kinds += [("token", p) for p in TT_NAMES if piece_owner(p) in seated and not relic_of(p)]
    if "keepers" in seated:
        kinds += [("waystation", "tablet"), ("relic", "up"), ("relic", "down")]
    if "corvids" in seated:
        kinds.append(("token", HIDDEN_PLOT))
    kinds += [("pawn", v) for v in VAGABONDS if v in seated]
    if "hundreds" in seated:
        kinds.append(("warlord", "hundreds"))
    return kinds


def legend_height(d: dict) -> float:
    return 18 + ((len(_legend_kinds(d)) + 2) // 3) * 22 + 6


def legend_groups(d: dict, top: float) -> list[list]:
    """Every kind of piece the seated factions own, drawn as on the map with its name; paths, rivers, forests."""
    kinds = _legend_kinds(d)
    out = [[_text(PANEL_X + 12, top, "Legend", 13, "#222222", "start", True)]]
    col_w = (PANEL_W - 24) / 3
    for k, (kind, p) in enumerate(kinds):
        x = PANEL_X + 12 + (k % 3) * col_w
        y = top + 18 + (k // 3) * 22
        if kind == "warriors":
            g, name = _warriors(x + 10, y + 10, p, "n"), f"{player_title(d, p)} warriors"
        elif kind == "building":
            g, name = _building(x, y, p), piece_title(p)
        elif kind == "token" and _is_plot(p):
            plot = None if p == HIDDEN_PLOT else {"type": p[len("plot_"):], "face_up": True}
            g, name = _plot(x + 10, y + 10, plot), ("face-down plot" if plot is None else f"{plot['type']} plot")
        elif kind == "token":
            g, name = _token(x + 10, y + 10, p), piece_title(p)
        elif kind == "waystation":
            g, name = _building(x, y, BT_NAMES[BT_WAYSTATION], p), "waystation (W, face-up type)"
        elif kind == "relic":
            g, name = ((_relic(x + 10, y + 10, "tablet", 2), "relic (type, value)") if p == "up" else
                       (_relic(x + 10, y + 10, "tablet"), "face-down relic"))
        elif kind == "warlord":
            g, name = _warriors(x + 10, y + 10, p, "n") + _warlord(x + 10, y + 10), "warlord (with their warriors)"
        else:
            g, name = _pawn(x + 10, y + 10, p), f"{faction_title(p)} pawn"
        out.append(g + [_text(x + 26, y + 15, name, 11, "#222222", "start")])
    y = top + legend_height(d)
    x = PANEL_X + 12
    out.append([_line(x, y, x + 34, y, PATH_COLOR, 7), _text(x + 42, y + 4, "path", 11, "#222222", "start"),
                _line(x + 100, y, x + 134, y, RIVER_COLOR, 5, "10,6"),
                _text(x + 142, y + 4, "river", 11, "#222222", "start"),
                _circle(x + 215, y, 11, FOREST_FILL, "#8fb86e", 1.5), _text(x + 215, y + 4, "F", 10, "#2d5a1b", bold=True),
                _text(x + 232, y + 4, "forest (number)", 11, "#222222", "start"),
                _circle(x + 355, y, 10, "#ffffff", "#333333", 1.5), _text(x + 355, y + 4, "1", 10, bold=True),
                _text(x + 371, y + 4, "clearing (priority)", 11, "#222222", "start")])
    return out


def status_line(d: dict) -> str:
    """The headline: whose turn and phase, or why the game ended."""
    if d["winners"] or d["truncated"]:
        from .render import end_reason
        return "Game over: " + end_reason(d)
    if d["turn"] == 0:
        return f"Setup · {player_title(d, d['active']) if d['active'] else 'table'} sets up"
    return f"Turn {d['turn']} · {d['phase']} · {player_title(d, d['active'])} to play"


def as_seen(game, viewer: str | None = None) -> dict:
    """``game.to_dict()`` as `viewer` (None: the whole table) sees it: the Corvids' face-down plots
    (``names.hide_plots``) and the items under the ruins, each "hidden" but those the viewer looked at
    exploring with two Vagabonds (Law 9.8.1, ``hidden.information_view``)."""
    d = hide_plots(game.to_dict(), viewer)
    if viewer is None:
        d["ruin_items"] = {k: ["hidden"] * len(items) for k, items in d["ruin_items"].items()}
    else:
        d["ruin_items"] = information_view(game, viewer)["ruin_items"]
    return d


BURROW_W, BURROW_H = 118, 64  # the Duchy's Burrow board (Law 12.2.2, 12.3.2), drawn off the map beside it


def burrow_xy(m: int) -> tuple[float, float]:
    """The top left corner of the Burrow's box for map m: the place in the map's area farthest from every clearing,
    forest and the lake (the Burrow is off the map, Law 12.3.2: "near the map"), so it covers none of them."""
    marks = [clearing_xy(c, m) for c in range(NC)] + [forest_center(f, m) for f in range(int(MAP_NFOREST[m]))]
    if MAP_COASTAL[m].any():
        marks.append(lake_center(m))
    best, where = -1.0, (0.0, 0.0)
    for x in range(20, int(MAP_W - BURROW_W - 10), 10):
        for y in range(70, int(HEIGHT - BURROW_H - 10), 10):
            cx, cy = x + BURROW_W / 2, y + BURROW_H / 2
            gap = min(max(abs(mx - cx) - BURROW_W / 2, abs(my - cy) - BURROW_H / 2) for mx, my in marks)
            if gap > best:
                best, where = gap, (float(x), float(y))
    return where


def burrow_groups(d: dict, m: int) -> list[list]:
    """The Underground Duchy's Burrow (Law 12.2.2): a box beside the map with the Duchy's warriors in it and the
    clearings it is adjacent to (those with a tunnel), named rather than joined by lines that would cross the map."""
    x, y = burrow_xy(m)
    cx = x + BURROW_W / 2
    tunnels = [str(cl["id"]) for cl in d["clearings"] if "tunnel" in cl["tokens"]]
    return [[_rect(x, y, BURROW_W, BURROW_H, "#efe3d3", "#7a5330", 2),
             _text(cx, y + 16, "Burrow", 13, "#7a5330", bold=True),
             _text(cx, y + BURROW_H - 7, (f"by clearing{'s' if len(tunnels) > 1 else ''} " + ", ".join(tunnels)) if tunnels else "no tunnel", 10, "#7a5330")]
            + _warriors(cx, y + 33, "duchy", d["duchy"]["burrow"])]


def map_groups(d: dict) -> list[list]:
    """The pieces on the map (``as_seen`` output `d`), one group per piece kind and clearing, the Keepers' relics
    in the forests (face down by type only, Law 15.2.1) and the Vagabonds' pawns in the forests. With two Vagabonds each ruin shows its items (Law 9.8.1) as ``d["ruin_items"]`` has
    them."""
    out = []
    m = map_of(d)
    under = d.get("ruin_items", {}) if "vagabond2" in d["factions"] else {}
    warlord = (d.get("hundreds") or {}).get("warlord")  # its clearing's number, None off the map
    kp = d.get("keepers")
    faces = waystation_faces(d)
    for cl in d["clearings"]:
        out += clearing_groups(dict(cl, ruin_items=under.get(f"clearing {cl['id']}"), warlord=cl["id"] == warlord,
                                    waystations=faces), m)
    if kp:
        out += forest_relics(kp, m)
    if "duchy" in d:
        out += burrow_groups(d, m)
    in_forest: dict[str, int] = {}
    for v in VAGABONDS:
        place = (d.get(v) or {}).get("pawn")
        if place and place.startswith("forest"):
            x, y = forest_center(int(place.split()[1]) - 1, m)
            k = in_forest[place] = in_forest.get(place, -1) + 1  # both Vagabonds in one forest: side by side
            out.append(_pawn(x + 22 + 28 * k, y, v))
    if d.get("ferry"):  # the Lake's Ferry (Law C.2.5), on the lake's side of its coastal clearing
        out.append(ferry_mark(int(d["ferry"].split()[1]) - 1, m))
    for a, b in d.get("opened_paths", ()):  # a Mountain closed path removed (C.3.3): a path now, over its dashes
        out.append([opened_path(a - 1, b - 1, m)])
    return out


def opened_path(a: int, b: int, m: int) -> tuple:
    """A path between clearings a and b of map m drawn between their rims (over the map, under no clearing)."""
    (x1, y1), (x2, y2) = clearing_xy(a, m), clearing_xy(b, m)
    d = max(float(np.hypot(x2 - x1, y2 - y1)), 1.0)
    ux, uy = (x2 - x1) / d * R_CLEARING, (y2 - y1) / d * R_CLEARING
    return _line(x1 + ux, y1 + uy, x2 - ux, y2 - uy, PATH_COLOR, 7)


FERRY_FILL = "#8b5a2b"


def ferry_mark(c: int, m: int) -> list:
    """The Ferry (a boat with its name) beside coastal clearing c of map m, toward the lake (Law C.2.1, C.2.5)."""
    x, y = clearing_xy(c, m)
    lx, ly = lake_center(m)
    d = max(float(np.hypot(lx - x, ly - y)), 1.0)
    bx, by = x + (lx - x) / d * (R_CLEARING + 30), y + (ly - y) / d * (R_CLEARING + 30)
    return [_rect(bx - 26, by - 10, 52, 20, FERRY_FILL, "#3b2612", 2),
            _text(bx, by + 5, "Ferry", 12, "#ffffff", bold=True)]


def map_svg_inner(d: dict, suits=None) -> str:
    """SVG elements of the map and its pieces (``as_seen`` output `d`), without the side panel: drawn in the
    viewBox ``0 0 MAP_W HEIGHT`` (the web page shows the faction boards beside it, ``boards_svg``). `suits`: each
    clearing's suit name (``game_suits``; default the printed ones)."""
    return svg_elements(static_layer(suits, map_of(d), d.get("open_paths")) + [p for g in map_groups(d) for p in g])


def boards_svg(d: dict, scale: float = 1.0) -> str:
    """Every faction's board, the deck, the discard pile and the items (``as_seen`` output `d`) as an SVG
    document of their own height at text scale `scale` (1.0: the picture's full size; the web page shows it
    beside the map, so that a crowded panel is not shrunk to fit)."""
    boards, foot = _boards(d, _pieces_on_map(d), scale)
    h = foot.y + 12
    inner = svg_elements([p for grp in boards for p in grp] + foot.out)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{PANEL_X} 0 {PANEL_W} {h:.0f}" '
            f'font-family="DejaVu Sans, Arial, sans-serif" class="boards">{inner}</svg>')


MAP_W = PANEL_X - 1  # the map's width in the picture's coordinates (a pawn beside clearing 6 reaches x = 870)


def dynamic_groups(game, d: dict | None = None, viewer: str | None = None) -> list[list]:
    """Everything that changes during a game, as groups of primitives (one piece, one line of a board):
    the replay viewer stores each distinct group once. `d`: ``game.to_dict()`` as it is to be drawn (by
    default ``as_seen(game, viewer)``: the plots and the ruins' items as `viewer` sees them). With two
    Vagabonds each ruin shows its items (Law 9.8.1) as ``d["ruin_items"]`` has them."""
    d = as_seen(game, viewer) if d is None else d
    out = map_groups(d)
    head = status_line(d)
    size = 24 if len(head) < 52 else 16
    out.append([_text(20, 40 - (size == 16) * 14 + 20 * k, ln, size, "#222222", "start", bold=True)
                for k, ln in enumerate(wrap(head, PANEL_X - 40, size)[:2])])
    out.append([_rect(PANEL_X, 12, PANEL_W, HEIGHT - 24, "#fffaf0", "#b9ab8c", 1)])
    placed = _pieces_on_map(d)
    for scale in PANEL_SCALES:  # the largest text with which the boards, the deck and the legend fit
        boards, foot = _boards(d, placed, scale)
        if foot.y + 22 + legend_height(d) + 40 <= HEIGHT:
            break
    out += boards
    out.append(foot.out)
    out += legend_groups(d, max(foot.y + 22, HEIGHT - 40 - legend_height(d)))
    return out


PANEL_SCALES = (1.0, 0.95, 0.9, 0.86, 0.82, 0.78, 0.74, 0.7)


def _boards(d: dict, placed: dict, scale: float) -> tuple[list, _Panel]:
    """Every faction's board stacked in the side panel, then the deck, discard pile and items (``foot``)."""
    out = []
    y = 16
    for f in d["factions"]:
        pan = faction_board(d, f, placed, scale)
        out.append([_rect(PANEL_X + 6, y + 4, PANEL_W - 12, pan.y + 8, "#ffffff", faction_color(f), 2),
                    _rect(PANEL_X + 12, y + 10, 16, 16, faction_color(f), "#222222", 1)]
                   + [_shift(p, y) for p in pan.out])
        y += pan.y + 16
    foot = _Panel(y, scale)
    foot.line(f"Deck {plural(d['deck_size'], 'card')} · discard pile {plural(len(d['discard']), 'card')}"
              + (f" (top: {d['discard'][-1]})" if d["discard"] else ""), 12)
    if d["available_dominance"]:
        foot.line("Dominance cards available: " + ", ".join(d["available_dominance"]), 11)
    supply = {i: n for i, n in d["item_supply"].items() if n > 0}
    foot.line("Items to craft: " + (_items_text(supply) or "none"), 11)
    if "vagabond2" in d["factions"] and d.get("ruin_items"):
        foot.line("Under the ruins (Law 9.8.1): " + " · ".join(
            f"{k} {_items_text(dict(Counter(items)))}" for k, items in d["ruin_items"].items()), 11)
    return out, foot


def _shift(p, dy):
    """Primitive p moved down by dy (panel blocks are laid out from y = 0)."""
    if p[0] == "text":
        return p[:2] + (p[2] + dy,) + p[3:]
    if p[0] == "rect":
        return p[:2] + (p[2] + dy,) + p[3:]
    return p


def dynamic_layer(game, viewer: str | None = None) -> list:
    """The pieces, the boards and the turn: everything that changes during a game."""
    return [p for g in dynamic_groups(game, viewer=viewer) for p in g]


def primitives(game, viewer: str | None = None) -> list:
    return static_layer(game_suits(game), map_of(game), open_paths(game)) + dynamic_layer(game, viewer)


# ---------------------------------------------------------------- SVG
def svg_elements(prims) -> str:
    parts = []
    for p in prims:
        kind = p[0]
        if kind == "line":
            _, x1, y1, x2, y2, color, w, dash = p
            extra = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{color}" '
                         f'stroke-width="{w}" stroke-linecap="round"{extra}/>')
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, sw = p
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="{fill}" stroke="{stroke}" '
                         f'stroke-width="{sw}"/>')
        elif kind == "rect":
            _, x, y, w, h, fill, stroke, sw = p
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" fill="{fill}" stroke="{stroke}" '
                         f'stroke-width="{sw}"/>')
        elif kind == "text":
            _, x, y, s, size, color, anchor, bold = p
            weight = ' font-weight="bold"' if bold else ""
            parts.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{color}" '
                         f'text-anchor="{anchor}"{weight}>{escape(s)}</text>')
    return "".join(parts)


def svg_document(inner: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
            f'height="{HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif">{inner}</svg>')


def _check_viewer(game, viewer):
    if viewer is not None and viewer not in game.factions:
        raise ValueError(f"viewer must be None or a faction in this game ({', '.join(game.factions)}), got {viewer!r}")


def to_svg(game, viewer: str | None = None) -> str:
    """The position as a standalone SVG document (text), public or as `viewer` sees the plots."""
    _check_viewer(game, viewer)
    return svg_document(svg_elements(static_layer(game_suits(game), map_of(game), open_paths(game))) + '<g id="pieces">' + svg_elements(dynamic_layer(game, viewer))
                        + "</g>")


# ---------------------------------------------------------------- matplotlib (PNG, RGB)
_ANCHOR = {"start": "left", "middle": "center", "end": "right"}


def _figure(game, dpi: int = 100, viewer: str | None = None):
    import matplotlib
    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib import patches

    fig = Figure(figsize=(WIDTH / dpi, HEIGHT / dpi), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(HEIGHT, 0)
    ax.set_axis_off()
    z = 0
    for p in primitives(game, viewer):
        z += 1
        kind = p[0]
        if kind == "line":
            _, x1, y1, x2, y2, color, w, dash = p
            ls = (0, tuple(float(v) / max(w, 1) for v in dash.split(","))) if dash else "-"
            ax.plot([x1, x2], [y1, y2], color=color, linewidth=w * 0.75, linestyle=ls, solid_capstyle="round",
                    zorder=z)
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, sw = p
            ax.add_patch(patches.Circle((cx, cy), r, facecolor=fill, edgecolor=None if stroke == "none" else stroke,
                                        linewidth=sw * 0.75, zorder=z))
        elif kind == "rect":
            _, x, y, w, h, fill, stroke, sw = p
            ax.add_patch(patches.Rectangle((x, y), w, h, facecolor=fill, edgecolor="none" if stroke == "none"
                                           else stroke, linewidth=sw * 0.75, zorder=z))
        elif kind == "text":
            _, x, y, s, size, color, anchor, bold = p
            ax.text(x, y, s, fontsize=size * 0.75, color=color, ha=_ANCHOR[anchor], va="baseline",
                    fontweight="bold" if bold else "normal", zorder=z)
    return fig


def to_rgb_array(game, viewer: str | None = None) -> np.ndarray:
    """The picture as a (HEIGHT, WIDTH, 3) uint8 array (public, or as `viewer` sees the plots)."""
    _check_viewer(game, viewer)
    fig = _figure(game, viewer=viewer)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()


def to_png(game, path=None, viewer: str | None = None) -> bytes:
    """PNG bytes of the picture (public, or as `viewer` sees the plots); also written to `path` if given."""
    _check_viewer(game, viewer)
    fig = _figure(game, viewer=viewer)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    data = buf.getvalue()
    if path is not None:
        with open(path, "wb") as f:
            f.write(data)
    return data

"""Pictures of a position on the Autumn map: SVG text (no dependency), PNG and RGB arrays (matplotlib).

    >>> from root_env.picture import to_svg, to_png, to_rgb_array
    >>> open("board.svg", "w").write(to_svg(game))
    >>> to_png(game, "board.png")

The drawing is a list of primitives (lines, circles, rectangles, text) made once and sent to either
backend, so SVG and PNG show the same thing. It is driven by the data tables: clearings from
``data.POSITIONS``, paths from ``data.ADJ``, rivers from ``data.RIVER_ADJ``, forests from the map data,
pieces from ``Game.to_dict()`` and owners from ``data.BT_OWNER`` / ``data.TT_OWNER``. A faction or piece
that has no colour or label here is still drawn, in grey with a label made from its name.
Nothing is fetched from the network.
"""
from __future__ import annotations

import io
from html import escape

import numpy as np

from .data import (POSITIONS, ADJ, RIVER_ADJ, NC, FACTION_NAMES, BT_NAMES, TT_NAMES, BT_OWNER, TT_OWNER,
                   CLEARING_SLOTS, FOREST_CLEARINGS, NFOREST)

WIDTH, HEIGHT = 1040, 900
MAP_X0, MAP_Y0, MAP_SCALE = 70, 80, 2.0
R_CLEARING = 44

FACTION_COLORS = {"marquise": "#e8871e", "eyrie": "#2f6fb5", "alliance": "#3d9a40", "vagabond": "#4a4a4a",
                  "vagabond2": "#111111", "lizards": "#e3c619", "riverfolk": "#1f9e9a", "corvids": "#7b3fa0"}
SUIT_FILL = {"fox": "#f3b3a2", "rabbit": "#f6e39a", "mouse": "#e2c09a"}
SUIT_EDGE = {"fox": "#c8402a", "rabbit": "#c9a212", "mouse": "#a0622a"}
UNKNOWN_COLOR = "#8c8c8c"
PIECE_LABELS = {"sawmill": "Sw", "workshop": "Wk", "recruiter": "Rc", "roost": "Ro", "ruin": "Ru", "wood": "w",
                "keep": "K", "sympathy": "S"}


def faction_color(name) -> str:
    return FACTION_COLORS.get(name, UNKNOWN_COLOR)


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


def _xy(c: int) -> tuple[float, float]:
    x, y = POSITIONS[c]
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


def forest_center(f: int) -> tuple[float, float]:
    """Where forest f is drawn: the middle of the clearings around it."""
    cs = [c for c in range(NC) if FOREST_CLEARINGS[f, c]]
    return float(np.mean([_xy(c)[0] for c in cs])), float(np.mean([_xy(c)[1] for c in cs]))


def static_layer() -> list:
    """The map itself: background, forests, paths, rivers, clearings with suit and priority number."""
    out = [_rect(0, 0, WIDTH, HEIGHT, "#f4efe1", "none", 0)]
    for f in range(NFOREST):
        out.append(_circle(*forest_center(f), 30, "#cfe3b8", "#a9c98c", 1))
    for a in range(NC):
        for b in range(a + 1, NC):
            if ADJ[a, b]:
                out.append(_line(*_xy(a), *_xy(b), "#8a7356", 5))
    for a in range(NC):
        for b in range(a + 1, NC):
            if RIVER_ADJ[a, b]:
                (x1, y1), (x2, y2) = _xy(a), _xy(b)
                out.append(_line(x1 + 6, y1 + 6, x2 + 6, y2 + 6, "#4f9fd6", 4, "8,5"))
    from .data import RAW
    clearings = RAW["maps"]["autumn"]["clearings"]
    for c in range(NC):
        x, y = _xy(c)
        suit = clearings[c]["suit"]
        out.append(_circle(x, y, R_CLEARING, SUIT_FILL.get(suit, "#dddddd"), SUIT_EDGE.get(suit, "#555555"), 4))
        out.append(_circle(x - R_CLEARING + 6, y - R_CLEARING + 6, 11, "#ffffff", "#333333", 1.2))
        out.append(_text(x - R_CLEARING + 6, y - R_CLEARING + 10, c + 1, 12, "#111111", bold=True))
        out.append(_text(x + R_CLEARING - 4, y - R_CLEARING + 8, suit, 10, SUIT_EDGE.get(suit, "#555555"), "end"))
        n = int(CLEARING_SLOTS[c])
        for k in range(n):
            sx = x - n * 12 + 2 + k * 24
            out.append(_rect(sx, y - 26, 20, 20, "#fbf7ec", "#777777", 1))
    return out


def dynamic_layer(game) -> list:
    """The pieces, the scores and the turn: everything that changes during a game."""
    d = game.to_dict()
    out = []
    for cl in d["clearings"]:
        c = cl["id"] - 1
        x, y = _xy(c)
        n = int(CLEARING_SLOTS[c])
        for k, b in enumerate(cl["buildings"]):
            sx = x - max(n, len(cl["buildings"])) * 12 + 2 + k * 24
            owner = piece_owner(b)
            fill = "#9e9e9e" if b == "ruin" else faction_color(owner)
            out.append(_rect(sx, y - 26, 20, 20, fill, "#222222", 1.2))
            out.append(_text(sx + 10, y - 12, piece_label(b), 10, "#ffffff", bold=True))
        for k, t in enumerate(cl["tokens"]):
            tx = x - 30 + (k % 6) * 12
            ty = y + 2 + (k // 6) * 12
            out.append(_circle(tx, ty, 6, faction_color(piece_owner(t)), "#222222", 1))
            out.append(_text(tx, ty + 3.5, piece_label(t)[:1], 8, "#ffffff", bold=True))
        for k, (f, n_w) in enumerate(cl["warriors"].items()):
            wx = x - 24 + (k % 3) * 30
            wy = y + 26 + (k // 3) * 20
            out.append(_circle(wx, wy, 9, faction_color(f), "#222222", 1.2))
            out.append(_text(wx + 11, wy + 4, n_w, 13, "#111111", "start", bold=True))
        for k, p in enumerate(cl.get("pawns", [])):  # a faction pawn (Vagabond), if the engine lists one
            out.append(_rect(x + 26, y - 8 + 14 * k, 12, 12, faction_color(p), "#000000", 1.5))
    vb = d.get("vagabond")
    if vb is not None and vb["pawn"] and vb["pawn"].startswith("forest"):
        x, y = forest_center(int(vb["pawn"].split()[1]) - 1)
        out.append(_rect(x - 6, y - 6, 12, 12, faction_color("vagabond"), "#000000", 1.5))
    # header and side panel
    if d["winners"]:
        status = "Game over: " + ", ".join(d["winners"]) + " wins"
    elif d["truncated"]:
        status = "Game over at the turn cap"
    else:
        status = f"Turn {d['turn']} · {d['phase']} · {d['active'] or 'setup'} to play"
    out.append(_text(20, 34, status, 22, "#222222", "start", bold=True))
    px = 860
    out.append(_rect(px - 14, 60, 180, 60 + 62 * len(d["factions"]), "#fffaf0", "#b9ab8c", 1))
    out.append(_text(px, 84, "Victory points", 15, "#222222", "start", bold=True))
    for k, f in enumerate(d["factions"]):
        y = 110 + 62 * k
        out.append(_rect(px, y, 18, 18, faction_color(f), "#222222", 1))
        mark = " ★" if f in d["winners"] else (" ◀" if f == d["current_player"] else "")
        out.append(_text(px + 26, y + 14, f + mark, 14, "#222222", "start", bold=True))
        out.append(_text(px + 26, y + 36, f"{d['vp'][f]} VP · {len(d['hands'][f])} cards", 13, "#333333", "start"))
        extra = []
        if f in d.get("dominance", {}):
            extra.append(f"dominance: {d['dominance'][f]}")
        if f == "alliance" and "alliance" in d:
            extra.append(f"officers {d['alliance']['officers']} · supporters {len(d['alliance']['supporters'])}")
        if f == "vagabond" and "vagabond" in d:
            items = d["vagabond"]["items"]
            n_all = sum(sum(v.values()) for v in items.values())
            n_dmg = sum(sum(v.values()) for k, v in items.items() if k.startswith("damaged"))
            extra.append(f"{d['vagabond']['character']} · {n_all} items ({n_dmg} damaged)")
        if extra:
            out.append(_text(px + 26, y + 52, " · ".join(extra), 11, "#333333", "start"))
    y = 140 + 62 * len(d["factions"])
    out.append(_text(px, y, f"deck {d['deck_size']} · discard {len(d['discard'])}", 13, "#333333", "start"))
    legend_y = y + 40
    out.append(_text(px, legend_y, "Pieces", 13, "#222222", "start", bold=True))
    seen = sorted({p for cl in d["clearings"] for p in cl["buildings"] + cl["tokens"]})
    for k, p in enumerate(seen):
        out.append(_text(px, legend_y + 20 + 16 * k, f"{piece_label(p)} = {p}", 11, "#333333", "start"))
    return out


def primitives(game) -> list:
    return static_layer() + dynamic_layer(game)


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


def to_svg(game) -> str:
    """The position as a standalone SVG document (text)."""
    return svg_document(svg_elements(static_layer()) + '<g id="pieces">' + svg_elements(dynamic_layer(game)) + "</g>")


# ---------------------------------------------------------------- matplotlib (PNG, RGB)
_ANCHOR = {"start": "left", "middle": "center", "end": "right"}


def _figure(game, dpi: int = 100):
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
    for p in primitives(game):
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


def to_rgb_array(game) -> np.ndarray:
    """The picture as a (HEIGHT, WIDTH, 3) uint8 array."""
    fig = _figure(game)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()


def to_png(game, path=None) -> bytes:
    """PNG bytes of the picture; also written to `path` if given."""
    fig = _figure(game)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    data = buf.getvalue()
    if path is not None:
        with open(path, "wb") as f:
            f.write(data)
    return data

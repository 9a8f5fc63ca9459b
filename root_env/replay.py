"""A self-contained HTML replay viewer for a recorded game.

    python -m root_env.replay GAME.json -o game.html

``GAME.json`` is a record written by ``Game.save`` (or ``Game.to_record``). The page needs no network
and no build step: the map is inline SVG, the frames and the log are inline JSON, the player is a few
lines of plain JavaScript that draws each step from compact data (every distinct piece or board line
is stored once; a step stores only what changed). Step by decision or by turn (buttons, slider, ← →,
PageUp/PageDown, Home, End, space to play), jump to turn N; the step is kept in the URL (``#step=N``);
the last move is marked on the map (arrows for moves, a ring with a cross for battles); a chart shows
the VP over the game; the hands are hidden, all shown, or shown as one player sees them (their own hand,
and the Riverfolk's public hand, Law 11.2.3). The map and the log are public: the Corvids' face-down plots
are drawn face down; in the Corvids' view (and with all hands shown) the map shows their types, and the
Corvids' view reads the log as the Corvids do (seed 003 13.2.2.I). With two Vagabonds (Law 9.8) both pawns
and boards are drawn and each pawn's moves marked; the items under the ruins stay "?" in every view. See
docs/see_and_play.md.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from html import escape
from pathlib import Path

from .game import Game
from .gamelog import log_entries, format_entry, format_sections, entry_events
from .picture import (game_suits, PAWNS, as_seen, static_layer, dynamic_groups, svg_elements, status_line, faction_title,
                      faction_color,
                      arrow, battle_mark, forest_center, clearing_xy, map_of, WIDTH, HEIGHT, MAP_W, PANEL_X,
                      burrow_xy, BURROW_W, BURROW_H)
from .map_data import MAP_NAMES
from .records import parse_record, read_file, RecordError, RECORD_FORMAT, record_beginning, push_recorded_dice


# a move between clearings, or into or out of the Underground Duchy's Burrow (Law 12.2.2)
_MOVE = re.compile(r"^(\w+) moves \d+ warriors? from (clearing \d+|the Burrow)\b.* to (clearing \d+|the Burrow)\b")
_BATTLE = re.compile(r"^battle in clearing (\d+)\b")


def last_move_marks(d0: dict, d1: dict, events: list[str]) -> list:
    """Arrows for the warriors (and each Vagabond's pawn, Law 9.8: the second's in his colour) that moved, a
    mark for each battle fought."""
    out = []
    mp = map_of(d1)
    for e in events:
        m = _MOVE.match(e)
        if m:
            (x1, y1), (x2, y2) = _place_xy(m.group(2), mp), _place_xy(m.group(3), mp)
            out += arrow(x1, y1, x2, y2, faction_color(m.group(1)) if m.group(1) != "vagabond" else "#d01c1c")
        m = _BATTLE.match(e)
        if m:
            out += battle_mark(int(m.group(1)) - 1, mp)
    for v, color in (("vagabond", "#111111"), ("vagabond2", PAWNS["vagabond2"][0])):
        p0, p1 = (d0.get(v) or {}).get("pawn"), (d1.get(v) or {}).get("pawn")
        if p0 and p1 and p0 != p1:
            out += arrow(*_place_xy(p0, mp), *_place_xy(p1, mp), color, 4)
    return out


def _place_xy(place: str, m: int = 0) -> tuple[float, float]:
    """The middle of "clearing N", "forest N" or "the Burrow" (the Duchy's box beside the map) on map m."""
    if place == "the Burrow":
        x, y = burrow_xy(m)
        return x + BURROW_W / 2, y + BURROW_H / 2
    kind, n = place.split()
    return clearing_xy(int(n) - 1, m) if kind == "clearing" else forest_center(int(n) - 1, m)


class _Table:
    """Distinct values, each stored once; frames refer to them by index."""

    def __init__(self):
        self.items: list = []
        self.index: dict = {}

    def id(self, value) -> int:
        if value not in self.index:
            self.index[value] = len(self.items)
            self.items.append(value)
        return self.index[value]


# Factions whose hand everyone sees (Law 11.2.3): shown in every player's view of the hands.
PUBLIC_HANDS = ("riverfolk",)
# The faction whose secret pieces the map draws only in its own view and with all hands shown (13.2.2.I).
SECRET_MAP = "corvids"
STEP_MARK = "\x01"  # stands for a log line's step number, so that equal lines are stored once
_KINDS = ("line", "circle", "rect", "text")
_ANCHORS = ("start", "middle", "end")


def _num(v):
    v = round(float(v), 1)
    return int(v) if v == int(v) else v


def compact(p: tuple, colors: _Table) -> tuple:
    """A drawing primitive as the page draws it: numbers rounded, colours as indices into a table."""
    kind = p[0]
    if kind == "line":
        _, x1, y1, x2, y2, color, w, dash = p
        return (0, _num(x1), _num(y1), _num(x2), _num(y2), colors.id(color), _num(w), dash or "")
    if kind in ("circle", "rect"):
        *geo, fill, stroke, sw = p[1:]
        return (_KINDS.index(kind), *map(_num, geo), colors.id(fill), colors.id(stroke), _num(sw))
    _, x, y, text, size, color, anchor, bold = p
    return (3, _num(x), _num(y), text, _num(size), colors.id(color), _ANCHORS.index(anchor), int(bold))


def layer_of(c: tuple) -> int:
    """Drawing order of a compact primitive in the page: board backgrounds, then shapes, then text."""
    if c[0] == 2 and c[3] >= 200:
        return 0
    return 2 if c[0] == 3 else 1


class Frames:
    """The viewer's data, built one position at a time (``snap``); ``data()`` is what the page reads.
    Compact: every distinct drawing primitive once (``prims``, with its layer in ``z``; colours in
    ``palette``), and per frame only the primitives added and removed since the frame before, its log
    lines (indices into ``lines``), VP, turn, title, the last move's marks, and the hands that changed
    (as card numbers). Used by ``frames`` (a record) and by ``rootlog.view`` (an imported game).

    With the Corvids seated the drawing is public (their face-down plots face down), and (unless `secret` is
    False: an imported game, whose log does not know the types) ``secret`` holds,
    at the frames where it changes, the primitives the Corvids' drawing adds to and removes from it (their
    plots' types, their supply by type); ``secret_log`` the log lines of frames the Corvids read differently
    (``snap``'s ``secret_lines``)."""

    def __init__(self, factions, secret: bool | None = None):
        self.factions = list(factions)
        self.prims, self.titles, self.cards, self.colors, self.lines = _Table(), _Table(), _Table(), _Table(), _Table()
        self.rows: list[dict] = []
        self.prev: set[int] = set()
        self.prev_hands: dict = {}
        self.prev_d = None
        self.secret = SECRET_MAP in self.factions if secret is None else secret and SECRET_MAP in self.factions
        self.prev_secret = None
        self.suits = None  # each clearing's suit name, from the first frame (Appendix A.1)
        self.map = 0  # the map's row (map_data.MAP_NAMES), from the first frame
        self.setup = "standard"

    def _ids(self, g, d) -> set[int]:
        return {self.prims.id(compact(p, self.colors)) for grp in dynamic_groups(g, d) for p in grp}

    def snap(self, g, lines, events=(), title: str | None = None, secret_lines=None) -> None:
        if self.suits is None:
            self.suits = game_suits(g)  # the map drawn once: the clearings' suits of this game (A.1)
            self.map = map_of(g)
            self.setup = g.setup
        d = as_seen(g, None)
        now = self._ids(g, d)
        if self.secret:
            own = self._ids(g, as_seen(g, SECRET_MAP))  # their plots' types (not the ruins' items)
            diff = [sorted(own - now), sorted(now - own)]
            secret = diff if diff != self.prev_secret else None
            self.prev_secret = diff if secret is not None else self.prev_secret
        marks = last_move_marks(self.prev_d, d, events) if self.prev_d is not None else []
        hands = {}
        for k, f in enumerate(self.factions):
            h = [self.cards.id(c) for c in d["hands"][f]]
            if self.prev_hands.get(f) != h:
                hands[k] = h
                self.prev_hands[f] = h
        log = [self.lines.id(ln.replace(f"{len(self.rows):>4}. ", STEP_MARK, 1)) for ln in lines]
        row = {"add": sorted(now - self.prev), "del": sorted(self.prev - now), "log": log,
               "vp": [d["vp"][f] for f in self.factions], "turn": d["turn"],
               "title": self.titles.id(title or status_line(d)),
               "mark": [self.prims.id(compact(p, self.colors)) for p in marks], "hands": hands}
        if self.secret:
            row["secret"] = secret
            own_log = None if secret_lines is None or list(secret_lines) == list(lines) else \
                [self.lines.id(ln.replace(f"{len(self.rows):>4}. ", STEP_MARK, 1)) for ln in secret_lines]
            row["secret_log"] = own_log
        self.rows.append(row)
        self.prev, self.prev_d = now, d

    def data(self) -> dict:
        f = self.factions
        return {"factions": f, "titles": [faction_title(x) for x in f], "colors": [faction_color(x) for x in f],
                "setup": self.setup, "suits": self.suits, "map": MAP_NAMES[self.map],
                "public": [k for k, x in enumerate(f) if x in PUBLIC_HANDS],
                "secret": f.index(SECRET_MAP) if self.secret else -1,
                "prims": self.prims.items, "palette": self.colors.items,
                "z": [layer_of(p) for p in self.prims.items], "frameTitles": self.titles.items,
                "lines": self.lines.items, "cards": self.cards.items, "frames": _columns(self.rows)}


def frames(record) -> dict:
    """The viewer's data for a record (see ``Frames``): a frame per decision."""
    opts, actions = parse_record(record)
    entries = log_entries(record)
    first, dice = record_beginning(record)  # Game.new's first position, or a Scenario's (its record's start)
    g = Game._wrap(first)
    g._options = {**opts, "factions": tuple(opts["factions"])}  # the seats as the record gives them
    fr = Frames(g.factions)
    own = log_entries(record, viewer=SECRET_MAP) if fr.secret else None  # the log as the Corvids read it
    start = ["Start of the game: " + ", ".join(g.seats) + " (seating order)"
             + ("; Advanced Setup (Appendix A)" if g.setup == "advanced" else "")]
    start += format_sections(entries[0].get("before", ())) if entries else []  # the bots' setup
    fr.snap(g, start, secret_lines=start)

    def lines_of(es, i):
        out = format_entry(es[i], before=False)
        if i == len(actions) - 1 and len(es) > len(actions):
            out += format_entry(es[-1], before=False)
        return out
    for i, a in enumerate(actions):
        push_recorded_dice(g.state, dice, i)
        g.apply(a)
        fr.snap(g, lines_of(entries, i), entry_events(entries[i]), secret_lines=lines_of(own, i) if own else None)
    return fr.data()


def _columns(rows: list[dict]) -> dict:
    """Frames as columns (one list per field): JSON repeats no key names."""
    return {k: [r[k] for r in rows] for k in rows[0]}


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: DejaVu Sans, Arial, sans-serif; margin: 12px; background: #f7f3ea; color: #222; }}
#wrap {{ display: flex; gap: 16px; align-items: flex-start; }}
#board {{ flex: 1; min-width: 0; }}
#board svg {{ width: 100%; height: auto; max-height: calc(100vh - 110px); border: 1px solid #b9ab8c; background: #f4efe1; }}
#side {{ width: 600px; flex: none; }}
#panel {{ width: 100%; height: auto; display: block; margin: 6px 0; }}
#controls {{ margin: 8px 0; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }}
#slider {{ width: 360px; }}
#turn {{ width: 4em; }}
#log {{ background: #fff; border: 1px solid #ccc; padding: 6px; height: 320px; overflow-y: auto;
        font-family: DejaVu Sans Mono, monospace; font-size: 12px; white-space: pre-wrap; }}
#log .current {{ background: #fff2b3; }}
#hands {{ font-size: 13px; margin-top: 8px; background: #fff; border: 1px solid #ccc; padding: 6px; }}
#vp {{ font-size: 14px; margin-bottom: 4px; }}
#chart {{ width: 100%; height: auto; background: #fff; border: 1px solid #ccc; cursor: pointer; }}
.key {{ display: inline-block; width: 12px; height: 12px; border: 1px solid #222; margin: 0 3px 0 8px;
        vertical-align: middle; }}
.hidden {{ display: none; }}
</style></head>
<body>
<h2 id="title">{title}</h2>
<div id="controls">
  <button id="first" title="first (Home)">&laquo; first</button>
  <button id="prevturn" title="start of this turn, or of the turn before (PageUp)">&#8676; turn</button>
  <button id="prev" title="back one decision (&larr;)">&#9664;</button>
  <button id="play" title="play / pause (space)">&#9654;&#xFE0E; play</button>
  <button id="next" title="forward one decision (&rarr;)">&#9654;</button>
  <button id="nextturn" title="start of the next turn (PageDown)">turn &#8677;</button>
  <button id="last" title="last (End)">last &raquo;</button>
  <input id="slider" type="range" min="0" max="{last}" value="0" aria-label="decision">
  <span id="pos"></span>
  <label>turn <input id="turn" type="number" min="0" value="0"></label><button id="goturn">go</button>
  <label>hands <select id="view"></select></label>
</div>
<div id="wrap">
  <div id="board"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {map_w} {height}"
    font-family="DejaVu Sans, Arial, sans-serif">{static}<g id="pieces"></g><g id="marks"></g></svg></div>
  <div id="side">
    <div id="vp"></div>
    <svg id="panel" xmlns="http://www.w3.org/2000/svg" viewBox="{panel_x} 0 {panel_w} {height}"
      font-family="DejaVu Sans, Arial, sans-serif"><use href="#pieces"></use></svg>
    <svg id="chart" width="518" height="150" viewBox="0 0 518 150"></svg>
    <div id="hands" class="hidden"></div>
    <div id="log"></div>
  </div>
</div>
<script id="data" type="application/json">{data}</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const F = D.frames, N = F.log.length, NF = D.factions.length;
const $ = (id) => document.getElementById(id);
function esc(s) {{ return String(s).replace(/[&<>"]/g, (c) => ({{"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}})[c]); }}
// Each primitive as SVG once: [0 line, x1, y1, x2, y2, colour, width, dash], [1 circle, cx, cy, r, fill,
// stroke, width], [2 rect, x, y, w, h, fill, stroke, width], [3 text, x, y, text, size, colour, anchor, bold].
const C = D.palette, ANCHOR = ["start", "middle", "end"];
const SVG = D.prims.map((p) => {{
  switch (p[0]) {{
    case 0: return '<line x1="' + p[1] + '" y1="' + p[2] + '" x2="' + p[3] + '" y2="' + p[4] + '" stroke="' + C[p[5]]
      + '" stroke-width="' + p[6] + '" stroke-linecap="round"' + (p[7] ? ' stroke-dasharray="' + p[7] + '"' : "") + "/>";
    case 1: return '<circle cx="' + p[1] + '" cy="' + p[2] + '" r="' + p[3] + '" fill="' + C[p[4]] + '" stroke="' + C[p[5]]
      + '" stroke-width="' + p[6] + '"/>';
    case 2: return '<rect x="' + p[1] + '" y="' + p[2] + '" width="' + p[3] + '" height="' + p[4] + '" fill="' + C[p[5]]
      + '" stroke="' + C[p[6]] + '" stroke-width="' + p[7] + '"/>';
    default: return '<text x="' + p[1] + '" y="' + p[2] + '" font-size="' + p[4] + '" fill="' + C[p[5]] + '" text-anchor="'
      + ANCHOR[p[6]] + '"' + (p[7] ? ' font-weight="bold"' : "") + ">" + esc(p[3]) + "</text>";
  }}
}});
const byLayer = (a, b) => (D.z[a] - D.z[b]) || (a - b);
// Rebuild every frame's primitives and hands once from the stored differences. With the Corvids seated,
// SECRET[i] is the frame as the Corvids see it (their face-down plots' types), shown in their view and "all".
const ON = [], HANDS = [], SECRET = [];
let on = new Set(), hands = D.factions.map(() => []), diff = [[], []];
for (let i = 0; i < N; i++) {{
  for (const g of F.del[i]) on.delete(g);
  for (const g of F.add[i]) on.add(g);
  ON.push([...on].sort(byLayer));
  if (D.secret >= 0) {{
    if (F.secret[i]) diff = F.secret[i];
    const own = new Set(on);
    for (const g of diff[1]) own.delete(g);
    for (const g of diff[0]) own.add(g);
    SECRET.push([...own].sort(byLayer));
  }}
  hands = hands.slice();
  for (const k in F.hands[i]) hands[k] = F.hands[i][k].map((c) => D.cards[c]);
  HANDS.push(hands);
}}
const TURN_START = [];  // first frame of each turn
F.turn.forEach((t, i) => {{ if (TURN_START[t] === undefined) TURN_START[t] = i; }});
const LAST_TURN = F.turn[N - 1];
let cur = -1, timer = null;
const secretView = () => D.secret >= 0 && ($("view").value === "all" || $("view").value === D.factions[D.secret]);
const ownLog = () => D.secret >= 0 && $("view").value === D.factions[D.secret];
const logText = (k) => ((ownLog() && F.secret_log[k]) || F.log[k])
  .map((j) => D.lines[j].replace("\\x01", String(k).padStart(4) + ". ")).join("\\n");
function show(i) {{
  i = Math.max(0, Math.min(N - 1, i | 0));
  cur = i;
  $("pieces").innerHTML = (secretView() ? SECRET[i] : ON[i]).map((g) => SVG[g]).join("");
  $("marks").innerHTML = F.mark[i].map((g) => SVG[g]).join("");
  $("slider").value = i;
  $("pos").textContent = "step " + i + " / " + (N - 1) + " · turn " + F.turn[i];
  if (document.activeElement !== $("turn")) $("turn").value = F.turn[i];
  $("title").textContent = D.frameTitles[F.title[i]];
  $("vp").innerHTML = D.factions.map((x, k) => '<span class="key" style="background:' + D.colors[k] + '"></span>'
    + esc(D.titles[k]) + " <b>" + F.vp[i][k] + "</b>").join(" ");
  let html = "";
  for (let k = Math.max(0, i - 40); k <= i; k++) {{
    html += '<div class="' + (k === i ? "current" : "") + '" data-step="' + k + '">' + esc(logText(k)) + "</div>";
  }}
  $("log").innerHTML = html;
  $("log").scrollTop = $("log").scrollHeight;
  showHands();
  drawChart();
  if (location.hash !== "#step=" + i) history.replaceState(null, "", "#step=" + i);
}}
function showHands() {{
  const v = $("view").value, h = HANDS[cur];
  $("hands").classList.toggle("hidden", v === "none");
  $("hands").innerHTML = D.factions.map((x, k) => "<b>" + esc(D.titles[k]) + "</b>: " +
    (v === "all" || v === x || D.public.includes(k) ? (esc(h[k].join(", ")) || "–")
     + (D.public.includes(k) ? " (public)" : "") : h[k].length + " card" + (h[k].length === 1 ? "" : "s")
     + " (hidden)")).join("<br>");
}}
function drawChart() {{
  const W = 518, H = 150, L = 28, B = 18;
  const top = Math.max(30, ...F.vp[N - 1], ...F.vp.map((r) => Math.max(...r)));
  const x = (i) => L + (W - L - 6) * i / Math.max(1, N - 1), y = (v) => H - B - (H - B - 8) * v / top;
  let s = '<line x1="' + L + '" y1="' + y(30) + '" x2="' + W + '" y2="' + y(30) + '" stroke="#bbb" stroke-dasharray="4,3"/>'
    + '<text x="2" y="' + (y(30) + 4) + '" font-size="10">30</text><text x="2" y="' + (H - B + 4) + '" font-size="10">0</text>'
    + '<text x="' + L + '" y="' + (H - 4) + '" font-size="10">VP over the game (click to jump)</text>';
  const stride = Math.max(1, Math.floor(N / 600));
  D.factions.forEach((f, k) => {{
    let pts = "";
    for (let i = 0; i < N; i += stride) pts += x(i).toFixed(1) + "," + y(F.vp[i][k]).toFixed(1) + " ";
    pts += x(N - 1).toFixed(1) + "," + y(F.vp[N - 1][k]).toFixed(1);
    s += '<polyline fill="none" stroke-width="2" stroke="' + D.colors[k] + '" points="' + pts + '"/>';
  }});
  s += '<line id="cursor" x1="' + x(cur) + '" x2="' + x(cur) + '" y1="4" y2="' + (H - B) + '" stroke="#d01c1c"/>';
  $("chart").innerHTML = s;
}}
function goTurn(t) {{
  t = Math.max(0, Math.min(LAST_TURN, t | 0));
  while (TURN_START[t] === undefined && t < LAST_TURN) t++;
  show(TURN_START[t]);
}}
function play() {{
  if (timer) {{ clearInterval(timer); timer = null; $("play").textContent = "\\u25B6\\uFE0E play"; return; }}
  $("play").textContent = "\\u23F8 pause";
  timer = setInterval(() => {{ if (cur >= N - 1) {{ play(); }} else {{ show(cur + 1); }} }}, 300);
}}
const prevTurn = () => goTurn(TURN_START[F.turn[cur]] === cur ? F.turn[cur] - 1 : F.turn[cur]);
$("view").innerHTML = '<option value="none">hidden</option><option value="all">all hands</option>'
  + D.factions.map((x, k) => '<option value="' + x + '">' + esc(D.titles[k]) + "'s view</option>").join("");
$("first").onclick = () => show(0);
$("prev").onclick = () => show(cur - 1);
$("next").onclick = () => show(cur + 1);
$("last").onclick = () => show(N - 1);
$("prevturn").onclick = prevTurn;
$("nextturn").onclick = () => {{ if (F.turn[cur] >= LAST_TURN) show(N - 1); else goTurn(F.turn[cur] + 1); }};
$("goturn").onclick = () => goTurn(parseInt($("turn").value, 10));
$("turn").onkeydown = (e) => {{ if (e.key === "Enter") goTurn(parseInt(e.target.value, 10)); }};
$("play").onclick = play;
$("slider").oninput = (e) => show(parseInt(e.target.value, 10));
$("view").onchange = () => show(cur);
$("chart").onclick = (e) => {{
  const r = $("chart").getBoundingClientRect();
  show(Math.round((e.clientX - r.left - 28) / (r.width - 34) * (N - 1)));
}};
document.addEventListener("keydown", (e) => {{
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;  // they handle their own keys
  if (e.key === "ArrowRight") {{ show(cur + 1); e.preventDefault(); }}
  else if (e.key === "ArrowLeft") {{ show(cur - 1); e.preventDefault(); }}
  else if (e.key === "PageDown") {{ $("nextturn").click(); e.preventDefault(); }}
  else if (e.key === "PageUp") {{ prevTurn(); e.preventDefault(); }}
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(N - 1);
  else if (e.key === " ") {{ play(); e.preventDefault(); }}
}});
function fromHash() {{
  const m = /step=(\\d+)/.exec(location.hash);
  show(m ? parseInt(m[1], 10) : 0);
}}
window.addEventListener("hashchange", fromHash);
fromHash();
</script>
</body></html>
"""


def to_html(record, title: str = "Root replay") -> str:
    """The whole viewer page as one HTML string."""
    return page(frames(record), title)


def page(data: dict, title: str) -> str:
    """The viewer page for frames made by ``frames`` (or by ``root_env.rootlog.view`` for an import)."""
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return _PAGE.format(title=escape(title), last=len(data["frames"]["log"]) - 1, map_w=MAP_W, height=HEIGHT,
                        panel_x=PANEL_X - 6, panel_w=WIDTH - PANEL_X + 6,
                        static=svg_elements(static_layer(data.get("suits"), map_of(data))), data=blob)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m root_env.replay", description=__doc__.split("\n\n")[0])
    p.add_argument("record", help="a game record (JSON) written by Game.save")
    p.add_argument("-o", "--output", help="the HTML file to write (default: the record's name with .html)")
    args = p.parse_args(argv)
    src = Path(args.record)
    try:
        d = read_file(src)  # a regular file of at most 64 MB (never a device or a pipe)
        if d.get("format") != RECORD_FORMAT:
            raise RecordError(f"{src}: the viewer needs a replayable record (format {RECORD_FORMAT!r}), "
                              f"got format {str(d.get('format'))[:60]!r}")
        html = to_html(d, title=f"Root replay: {src.name}")
    except RecordError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    out = Path(args.output) if args.output else src.with_suffix(".html")
    out.write_text(html, encoding="utf-8")
    print(f"wrote {out} ({len(html) // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

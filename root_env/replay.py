"""A self-contained HTML replay viewer for a recorded game.

    python -m root_env.replay GAME.json -o game.html

``GAME.json`` is a record written by ``Game.save`` (or ``Game.to_record``). The page needs no network
and no build step: the map is inline SVG, the frames and the log are inline JSON, the player is a few
lines of plain JavaScript. Step with the buttons, the slider or the keyboard (← →, Home, End, space to
play); a checkbox shows or hides the hands.
"""
from __future__ import annotations

import argparse
import json
import sys
from html import escape
from pathlib import Path

from .game import Game
from .gamelog import log_entries, format_entry
from .picture import static_layer, dynamic_layer, svg_elements, WIDTH, HEIGHT
from .records import parse_record, read_file, RecordError, RECORD_FORMAT


def frames(record) -> dict:
    """The viewer's data: unique piece layers, and per frame its layer, log lines, VP, hands and title."""
    opts, actions = parse_record(record)
    entries = log_entries(record)
    g = Game.new(opts.pop("factions"), seed=opts.pop("seed"), **opts)
    layers: list[str] = []
    index: dict[str, int] = {}
    out = []

    def snap(lines):
        layer = svg_elements(dynamic_layer(g))
        if layer not in index:
            index[layer] = len(layers)
            layers.append(layer)
        d = g.to_dict()
        out.append({"layer": index[layer], "log": lines, "vp": d["vp"], "hands": d["hands"],
                    "title": (f"Turn {d['turn']} · {d['phase']} · {d['active'] or 'setup'}" if not g.is_over
                              else "Game over")})

    snap(["Start of the game: " + ", ".join(g.factions) + " (seating order)"])
    for i, a in enumerate(actions):
        g.apply(a)
        lines = format_entry(entries[i])
        if i == len(actions) - 1 and len(entries) > len(actions):
            lines += format_entry(entries[-1])
        snap(lines)
    return {"factions": list(g.factions), "layers": layers, "frames": out}


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: DejaVu Sans, Arial, sans-serif; margin: 12px; background: #f7f3ea; color: #222; }}
#wrap {{ display: flex; gap: 16px; align-items: flex-start; }}
#board svg {{ width: 760px; height: auto; border: 1px solid #b9ab8c; background: #f4efe1; }}
#side {{ width: 520px; }}
#controls {{ margin: 8px 0; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }}
#slider {{ width: 360px; }}
#log {{ background: #fff; border: 1px solid #ccc; padding: 6px; height: 360px; overflow-y: auto;
        font-family: DejaVu Sans Mono, monospace; font-size: 12px; white-space: pre-wrap; }}
#log .current {{ background: #fff2b3; }}
#hands {{ font-size: 13px; margin-top: 8px; }}
.hidden {{ display: none; }}
</style></head>
<body>
<h2 id="title">{title}</h2>
<div id="controls">
  <button id="first" title="first (Home)">&laquo; first</button><button id="prev" title="back (←)">◀</button>
  <button id="play" title="play / pause (space)">▶︎ play</button><button id="next" title="forward (→)">▶</button>
  <button id="last" title="last (End)">last &raquo;</button>
  <input id="slider" type="range" min="0" max="{last}" value="0">
  <span id="pos"></span>
  <label><input id="showhands" type="checkbox"> show hands</label>
</div>
<div id="wrap">
  <div id="board"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"
    font-family="DejaVu Sans, Arial, sans-serif">{static}<g id="pieces"></g></svg></div>
  <div id="side">
    <div id="vp"></div>
    <div id="log"></div>
    <div id="hands" class="hidden"></div>
  </div>
</div>
<script id="data" type="application/json">{data}</script>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
const F = DATA.frames, N = F.length;
let cur = 0, timer = null;
const $ = (id) => document.getElementById(id);
function esc(s) {{ return String(s).replace(/[&<>]/g, (c) => ({{"&": "&amp;", "<": "&lt;", ">": "&gt;"}})[c]); }}
function show(i) {{
  cur = Math.max(0, Math.min(N - 1, i));
  const f = F[cur];
  $("pieces").innerHTML = DATA.layers[f.layer];
  $("slider").value = cur;
  $("pos").textContent = "step " + cur + " / " + (N - 1);
  $("title").textContent = f.title;
  $("vp").textContent = "VP: " + DATA.factions.map((x) => x + " " + f.vp[x]).join(" · ");
  let html = "";
  const from = Math.max(0, cur - 40);
  for (let k = from; k <= cur; k++) {{
    html += '<div class="' + (k === cur ? "current" : "") + '" data-step="' + k + '">' + esc(F[k].log.join("\\n")) + "</div>";
  }}
  $("log").innerHTML = html;
  $("log").scrollTop = $("log").scrollHeight;
  $("hands").innerHTML = DATA.factions.map((x) => "<b>" + esc(x) + "</b>: " + (esc(f.hands[x].join(", ")) || "–")).join("<br>");
}}
function play() {{
  if (timer) {{ clearInterval(timer); timer = null; $("play").textContent = "▶︎ play"; return; }}
  $("play").textContent = "⏸ pause";
  timer = setInterval(() => {{ if (cur >= N - 1) {{ play(); }} else {{ show(cur + 1); }} }}, 300);
}}
$("first").onclick = () => show(0);
$("prev").onclick = () => show(cur - 1);
$("next").onclick = () => show(cur + 1);
$("last").onclick = () => show(N - 1);
$("play").onclick = play;
$("slider").oninput = (e) => show(parseInt(e.target.value, 10));
$("showhands").onchange = (e) => $("hands").classList.toggle("hidden", !e.target.checked);
document.addEventListener("keydown", (e) => {{
  if (e.target.tagName === "INPUT" && e.target.type === "range") return;  // the slider handles its own keys
  if (e.key === "ArrowRight") {{ show(cur + 1); e.preventDefault(); }}
  else if (e.key === "ArrowLeft") {{ show(cur - 1); e.preventDefault(); }}
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(N - 1);
  else if (e.key === " ") {{ play(); e.preventDefault(); }}
}});
show(0);
</script>
</body></html>
"""


def to_html(record, title: str = "Root replay") -> str:
    """The whole viewer page as one HTML string."""
    return page(frames(record), title)


def page(data: dict, title: str) -> str:
    """The viewer page for frames made by ``frames`` (or by ``root_env.rootlog.view`` for an import)."""
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return _PAGE.format(title=escape(title), last=len(data["frames"]) - 1, width=WIDTH, height=HEIGHT,
                        static=svg_elements(static_layer()), data=blob)


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

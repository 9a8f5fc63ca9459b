"""One page for a game designer: DIR/report.html, a single self-contained HTML file (inline SVG, no script, no
link to anything) summarising a ladder study (issue 36): what the data do and do not support in plain words
first, then the win rates by rung beside the human figures, the convergence plot (distance from the human
figures by rung), the seat effects and the pairwise matrix; the model-based summaries (conditional logit, Nash
averaging) come after. Factions are drawn in their board colours (``root_env.picture.FACTION_COLORS``, the
colours of the board pictures) everywhere.

Built from the dict ``ladder_stats.analyze_ladder`` returns (``report`` writes it beside report.md).
"""
from __future__ import annotations

import io
import math
from html import escape

from root_env.picture import FACTION_COLORS, FACTION_TITLES, faction_color
from root_env.balance.report import HUMAN_REFERENCE_CITATION, HUMAN_SPREAD
from root_env.balance.table_effects import SMALL_CELL

PAGE = "report.html"
HUMAN_COLOR = "#111111"


def _pct(x, digits=1) -> str:
    return "—" if x is None or x != x else f"{100 * x:.{digits}f} %"


def _pt(x) -> str:
    return "—" if x is None or x != x else f"{100 * x:+.1f}"


def _name(f) -> str:
    return FACTION_TITLES.get(f, f)


def _swatch(f) -> str:
    return (f'<span class="faction" data-faction="{escape(f)}"><span class="swatch" style="background:'
            f'{faction_color(f)}"></span>{escape(_name(f))}</span>')


def _svg(fig) -> str:
    """A matplotlib figure as inline SVG text (the XML header dropped)."""
    import matplotlib.pyplot as plt
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


# ----------------------------------------------------------------------------------------------------------
# What the data support, in words
# ----------------------------------------------------------------------------------------------------------

def _holds_zero(ci) -> bool:
    return ci[0] <= 0 <= ci[1]


def summary(res: dict) -> list[str]:
    """Plain-language sentences: what the games support and what they do not (issue 36). Every number comes from
    `res`; every claim is hedged by its interval."""
    p = res["params"]
    rungs = p["rungs"]
    R = res["rungs"]
    top = rungs[-1]
    S = []
    tables = {"draw": f"Each table seats {p.get('players')} factions drawn as Law 5.2 recommends (total reach at least "
                      "the threshold, the second Vagabond only beside the first), seats random.",
              "draft": f"Each table seats {p.get('players')} factions drafted as Advanced Setup does (A.8.1: the "
                       "faction setup cards, total reach checked), played with Advanced Setup."}
    S.append((f"{res['games_recorded']} games on {len(rungs)} rungs of skill, from {rungs[0]} to {top} (the last is "
              "taken as the strongest). " if len(rungs) > 1 else f"{res['games_recorded']} games, every seat played by "
              f"{top}. ")
             + tables.get(p.get("mix"), f"Every game seats {', '.join(map(_name, p['factions']))}, seats rotated."))
    h = R[top].get("human_distance")
    if h:
        close = h["mad_ci95"][0] <= h["noise_floor"]
        S.append(f"At {top}, the factions' win rates are on average {100 * h['mad']:.1f} points from the human "
                 f"figures (95 % interval {100 * h['mad_ci95'][0]:.1f}–{100 * h['mad_ci95'][1]:.1f}); with this many "
                 f"games even the human rates themselves would show {100 * h['noise_floor']:.1f} points, so "
                 + ("the games cannot tell this rung's balance from human play's." if close else
                    "the difference from human play is real for these agents, not noise."))
        if h["spearman"] == h["spearman"]:
            agree = "agrees with" if h["spearman_p"] < 0.05 and h["spearman"] > 0 else \
                "does not significantly agree with"
            S.append(f"The order of the factions {agree} the human order (Spearman {h['spearman']:+.2f}, "
                     f"p = {h['spearman_p']:.2g}, over {len(h['factions'])} factions). The spread from best to worst is "
                     f"{100 * h['spread']:.1f} points (human: {100 * h['human_spread']:.1f} over these factions, "
                     f"{100 * HUMAN_SPREAD:.1f} over the league's eleven).")
    mads = [(r, R[r]["human_distance"]) for r in rungs if R[r].get("human_distance")]
    if len(mads) >= 2:
        seq = " → ".join(f"{100 * d['mad']:.1f}" for _, d in mads)
        falls = all(b["mad"] < a["mad"] for (_, a), (_, b) in zip(mads[1:], mads[2:])) if len(mads) > 2 else None
        S.append(f"Distance from human play by rung: {seq} points. "
                 + ("It falls with every rung above random: the stronger the agents, the closer to human play."
                    if falls else "It does not fall steadily with skill above random, so the stronger agents' "
                    "balance is not yet shown to approach human play's." if falls is False else ""))
    se = R[top].get("seat_effects", {}).get("seats", {})
    if se:
        ref = R[top]["seat_effects"]["reference_seat"]
        bits = []
        for s in ("1", "4"):
            c = se.get(s)
            if c and c["games"]:
                word = "no clear difference" if _holds_zero(c["ci95"]) else ("more" if c["diff"] > 0 else "less")
                if c["small"]:
                    word += f"; fewer than {SMALL_CELL} games"
                bits.append(f"seat {s} against seat {ref}: {_pt(c['diff'])} points ({word})")
        if bits:
            S.append(f"Seats at {top}: " + "; ".join(bits) + f". In human play, {R[top]['seat_effects']['human']}.")
    pw = R[top].get("pairwise", {})
    big = [(f, g, c) for f in pw for g, c in pw[f].items()
           if c["games"] and c["games_base"] and not c["small"] and not _holds_zero(c["ci95"])]
    cells = [c for f in pw for c in pw[f].values() if c["games"] and c["games_base"]]
    if cells:
        if big:
            f, g, c = max(big, key=lambda x: abs(x[2]["diff"]))
            S.append(f"Pairwise: {len(big)} of {len(cells)} measured pairs differ beyond their interval; the largest: "
                     f"the {_name(f)}'s win rate is {100 * abs(c['diff']):.1f} points "
                     f"{'higher' if c['diff'] > 0 else 'lower'} with the {_name(g)} at the table than without "
                     f"(95 % interval {_pt(c['ci95'][0])} to {_pt(c['ci95'][1])}).")
        else:
            S.append(f"Pairwise: none of the {len(cells)} measured pairs differs beyond its interval and enough games "
                     f"(cells with fewer than {SMALL_CELL} games on a side are marked small).")
    S.append("What the data do not support: a verdict on Root's balance as humans play it. The human figures come "
             "from drafted tables over eleven factions, several maps and decks; these games use the factions the "
             "engine implements on one map, played by these agents, so a gap from the human figures can be an "
             "agent's weakness as much as a rule's effect. Differences within their intervals are not differences.")
    return S


# ----------------------------------------------------------------------------------------------------------
# Figures
# ----------------------------------------------------------------------------------------------------------

def _fig_rates(res) -> str:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    p, R = res["params"], res["rungs"]
    rungs, factions = p["rungs"], p["factions"]
    fig, ax = plt.subplots(figsize=(7.2, 4.0))
    xs = list(range(len(rungs)))
    for j, f in enumerate(factions):
        w = [R[r]["faction_win_rate"][f] for r in rungs]
        y = [v["rate"] if v["games"] else math.nan for v in w]
        off = (j - (len(factions) - 1) / 2) * 0.03
        lo = [max(0.0, v["rate"] - v["ci95"][0]) if v["games"] else 0 for v in w]
        hi = [max(0.0, v["ci95"][1] - v["rate"]) if v["games"] else 0 for v in w]
        ax.errorbar([x + off for x in xs], y, yerr=[lo, hi], color=faction_color(f), marker="o", ms=4, lw=1.6,
                    capsize=2, label=_name(f))
        hf = res["human_reference"].get(f)
        if hf is not None:
            ax.plot([len(rungs) + off], [hf], marker="D", color=faction_color(f), ms=7, mec=HUMAN_COLOR, mew=0.8)
    ax.set_xticks(xs + [len(rungs)], list(rungs) + ["human"])
    ax.axvline(len(rungs) - 0.5, color="#bbbbbb", lw=0.8)
    ax.set_ylabel("win rate (95 % Wilson)")
    ax.set_title("Each faction's win rate by rung, and in human play (diamonds)")
    ax.legend(fontsize=7, ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.1))
    fig.tight_layout()
    return _svg(fig)


def _fig_mad(res) -> str | None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rungs = [r for r in res["params"]["rungs"] if res["rungs"][r].get("human_distance")]
    if not rungs:
        return None
    H = [res["rungs"][r]["human_distance"] for r in rungs]
    fig, ax = plt.subplots(figsize=(6.0, 3.2))
    xs = list(range(len(rungs)))
    mad = [100 * h["mad"] for h in H]
    err = [[max(0.0, 100 * (h["mad"] - h["mad_ci95"][0])) for h in H], [max(0.0, 100 * (h["mad_ci95"][1] - h["mad"])) for h in H]]
    ax.errorbar(xs, mad, yerr=err, marker="o", color="#333333", capsize=3, label="MAD from the human figures (95 %)")
    ax.plot(xs, [100 * h["noise_floor"] for h in H], "s--", color="#888888", ms=6,
            label="noise floor (what the games alone would show)")
    ax.set_xticks(xs, rungs)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("points")
    ax.set_title("Convergence: distance from human play by rung")
    ax.legend(fontsize=7, loc="upper right")
    fig.tight_layout()
    return _svg(fig)


# ----------------------------------------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------------------------------------

def _rates_table(res) -> str:
    p, R = res["params"], res["rungs"]
    rows = []
    for f in p["factions"]:
        cells = []
        for r in p["rungs"]:
            w = R[r]["faction_win_rate"][f]
            cells.append(f'<td>{_pct(w["rate"])}<br><small>{100 * w["ci95"][0]:.1f}–{100 * w["ci95"][1]:.1f}, '
                         f'{w["games"]} games</small></td>' if w["games"] else "<td>—</td>")
        hf = res["human_reference"].get(f)
        human = _pct(hf) if hf is not None else "no human figure"
        rows.append(f"<tr><th>{_swatch(f)}</th>{''.join(cells)}<td class='human'>{human}</td></tr>")
    head = "".join(f"<th>{escape(r)}</th>" for r in p["rungs"])
    return (f"<table id='rates'><tr><th>faction</th>{head}<th>human</th></tr>{''.join(rows)}</table>"
            f"<p class='source'>Human figures: {escape(res.get('human_reference_citation', HUMAN_REFERENCE_CITATION))}</p>")


def _seat_table(res) -> str:
    p, R = res["params"], res["rungs"]
    first = R[p["rungs"][0]].get("seat_effects", {})
    seats = list(R[p["rungs"][0]]["seat_win_rate"])
    ref = first.get("reference_seat", 3)
    rows = []
    for r in p["rungs"]:
        e = R[r].get("seat_effects", {}).get("seats", {})
        cells = []
        for s in seats:
            w = R[r]["seat_win_rate"][s]
            c = e.get(s)
            extra = ""
            if c and c["games"]:
                extra = (f"<br><small>vs seat {ref}: {_pt(c['diff'])} ({_pt(c['ci95'][0])}, {_pt(c['ci95'][1])})"
                         f"{' small' if c['small'] else ''}</small>")
            cls = " class='small'" if c and c["small"] else ""
            cells.append(f"<td{cls}>{_pct(w['rate'])}{extra}</td>")
        rows.append(f"<tr><th>{escape(r)}</th>{''.join(cells)}</tr>")
    head = "".join(f"<th>seat {s}</th>" for s in seats)
    return (f"<table id='seats'><tr><th>rung</th>{head}</tr>{''.join(rows)}</table>"
            f"<p class='note'>Human play: {escape(first.get('human', ''))}. Differences against seat {ref} in points "
            "with approximate Newcombe 95 % intervals (one game's seats are not independent).</p>")


def _cell_color(c) -> str:
    if not (c["games"] and c["games_base"]):
        return "#f2f2f2"
    d = max(-1.0, min(1.0, c["diff"] / 0.3))
    if d >= 0:
        return f"rgb({int(255 - 120 * d)},{int(255 - 40 * d)},{int(255 - 120 * d)})"
    return f"rgb({int(255 + 40 * d)},{int(255 + 120 * d)},{int(255 + 120 * d)})"


def _pair_table(res) -> str:
    p = res["params"]
    rung = p["rungs"][-1]
    pw = res["rungs"][rung].get("pairwise", {})
    fs = p["factions"]
    rows = []
    for f in fs:
        cells = []
        for g in fs:
            if g == f:
                cells.append("<td class='self'></td>")
                continue
            c = pw.get(f, {}).get(g)
            if not c or not (c["games"] and c["games_base"]):
                cells.append("<td class='empty' title='never or always together'>—</td>")
                continue
            cls = "small" if c["small"] else "cell"
            cells.append(f"<td class='{cls}' style='background:{_cell_color(c)}' title='{c['games']} games with, "
                         f"{c['games_base']} without'>{_pt(c['diff'])}<br><small>{_pt(c['ci95'][0])}, "
                         f"{_pt(c['ci95'][1])}{' · small' if c['small'] else ''}</small></td>")
        rows.append(f"<tr><th>{_swatch(f)}</th>{''.join(cells)}</tr>")
    head = "".join(f"<th>{_swatch(g)}</th>" for g in fs)
    return (f"<table id='pairwise'><tr><th>row faction, with ↓ →</th>{head}</tr>{''.join(rows)}</table>"
            f"<p class='note'>At {escape(rung)}: the row faction's win rate with the column faction at the table minus "
            f"without it, in points (Newcombe 95 % interval). Hatched, marked small: fewer than {SMALL_CELL} games "
            "on a side. —: the pair is never or always together. Human play: the Corvids win far less with the "
            "Riverfolk at the table.</p>")


def _lr(t) -> str:
    return f"LR {t['lr']:.1f}, p = {t['p_value']:.2g}" if t else "—"


def _models(res) -> str:
    p, R = res["params"], res["rungs"]
    rows = []
    for r in p["rungs"]:
        t = R[r].get("conditional_logit", {}).get("tests", {})
        rows.append(f"<tr><th>{escape(r)}</th><td>{_lr(t.get('factions_equal'))}</td>"
                    f"<td>{_lr(t.get('seats_equal'))}</td></tr>")
    m = res.get("meta_game", {})
    nash = ("Nash averaging of the rungs: " + ", ".join(f"{escape(r)} {w:.2f}" for r, w in m["nash"].items())
            if "nash" in m else f"No Nash averaging: {escape(m.get('error', 'no cross games'))}")
    return (f"<table id='logit'><tr><th>rung</th><th>all factions equal</th><th>all seats equal</th></tr>"
            f"{''.join(rows)}</table><p>{nash}. Details: report.md.</p>")


CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:1100px;margin:18px auto;
color:#111;padding:0 12px}
h1{font-size:22px;margin:0 0 6px} h2{font-size:17px;margin:22px 0 6px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;font-size:13px;margin:6px 0} td,th{border:1px solid #ddd;padding:3px 6px;text-align:right}
th{text-align:left;background:#fafafa} .swatch{display:inline-block;width:11px;height:11px;border-radius:2px;
margin-right:5px;vertical-align:-1px;border:1px solid #0003} .faction{white-space:nowrap}
td.small{background-image:repeating-linear-gradient(45deg,#0000 0 6px,#00000014 6px 8px)!important;color:#555}
td.self,td.empty{background:#f2f2f2;color:#999;text-align:center} .source,.note{font-size:12px;color:#444}
#summary p{margin:5px 0;line-height:1.4} .grid{display:flex;flex-wrap:wrap;gap:12px} svg{max-width:100%;height:auto}
"""


def html(res: dict) -> str:
    """The page as a string."""
    p = res["params"]
    runs = res.get("runs", [])
    cpu = sum(r.get("cpu_s", 0) for r in runs)
    mad = _fig_mad(res)
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Faction balance</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>Faction balance{' on a ladder of skill' if len(p['rungs']) > 1 else ''}</h1>",
        f"<p class='note'>Rungs {', '.join(escape(r) for r in p['rungs'])}; {res['games_recorded']} games "
        f"({res['truncated']} truncated, left out); {cpu / 60:.1f} CPU-minutes recorded in runs.jsonl.</p>",
        "<section id='summary'><h2>What the data do and do not support</h2>"
        + "".join(f"<p>{escape(s)}</p>" for s in summary(res)) + "</section>",
        "<section id='winrates'><h2>Win rates by rung, beside human play</h2>", _fig_rates(res), _rates_table(res),
        "</section>",
        "<section id='convergence'><h2>Convergence</h2>" + (mad or "<p>No human figure for these factions.</p>")
        + "</section>",
        "<section id='seat-effects'><h2>Seat effects</h2>", _seat_table(res), "</section>",
        "<section id='pairwise-effects'><h2>Pairwise effects</h2>", _pair_table(res), "</section>",
        "<section id='models'><h2>Model-based summaries: conditional logit and Nash averaging</h2>", _models(res),
        "</section></body></html>"]
    return "\n".join(parts)


def study_page(dirpath, params: dict, records: list) -> str | None:
    """The page of a plain study (``run``) whose seats are all played by one agent kind: the study is read as a
    ladder of that one rung. None (no page) when the agents differ by faction or a seat is a Clockwork bot."""
    from root_env.balance.ladder_stats import analyze_ladder, record_problem
    kinds = {a for r in records for a in (r.get("agents") or {}).values()}
    factions = params.get("factions") or []
    if len(kinds) != 1 or not factions or any(f.startswith("bot:") for f in factions):
        return None
    usable = [r for r in records if record_problem(r, factions) is None]
    if not usable:
        return None
    p = {"kind": "study", "factions": list(factions), "rungs": [kinds.pop()], "self_games": len(usable),
         "cross_games": 0, "games": params.get("games", len(usable)), "seed": params.get("seed"),
         "max_turns": params.get("max_turns"), "skipped_cells": []}
    return write_page(analyze_ladder(usable, p), dirpath)


def write_page(res: dict, dirpath) -> str:
    """Write DIR/report.html; returns its file name."""
    from pathlib import Path
    (Path(dirpath) / PAGE).write_text(html(res), encoding="utf-8")
    return PAGE


__all__ = ["html", "write_page", "summary", "FACTION_COLORS", "PAGE"]

"""The report of a ladder study: DIR/report.md, DIR/report.json and PNG plots (``python -m root_env.balance
report DIR`` on a ladder directory, or ``ladder --report``). The figures come from ``ladder_stats``."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from root_env.balance.ladder import load_runs
from root_env.balance.ladder_stats import analyze_ladder, load_ladder
from root_env.balance.report import HUMAN_REFERENCE_SOURCE, HUMAN_REFERENCE_CITATION, _pct

PLOTS = ("win_rates_by_rung.png", "faction_effects.png", "matrix.png")


def _ci(w) -> str:
    if not w["games"]:
        return "—"
    return f"{_pct(w['rate'])} ({100 * w['ci95'][0]:.1f}–{100 * w['ci95'][1]:.1f})"


def _table(header, rows) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)] + \
        ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]


def markdown(res: dict) -> str:
    p = res["params"]
    factions, rungs = p["factions"], p["rungs"]
    runs = res.get("runs", [])
    if p.get("mix") == "draw":
        what = (f"Tables of {p['players']} drawn from {', '.join(factions)} (Law 5.2: total reach at least the "
                "recommended sum, the second Vagabond only beside the first, seats random; the same draw at every "
                "rung)")
    elif p.get("mix") == "draft":
        what = (f"Tables of {p['players']} drafted from the setup cards of {', '.join(factions)} as Advanced Setup "
                "does (A.8.1-A.8.2: a militant card first, the last insurgent locked, total reach checked against "
                "Law 5.2), played with Advanced Setup; the same draft at every rung")
    else:
        what = f"Factions {', '.join(factions)}"
    L = ["# Balance on a ladder of skill", "",
         f"{what}; rungs {', '.join(f'`{r}`' for r in rungs)}; {p['self_games']} self games "
         f"per rung (every seat played by the rung), {p['cross_games']} games per cross cell (one faction played "
         f"by rung A, every other seat by rung B); study seed {p['seed']}, max_turns {p['max_turns']}.", "",
         f"- Games recorded: {res['games_recorded']} of {p['games']} planned; truncated (no winner within "
         f"max_turns, left out of the win rates): {res['truncated']}."]
    if runs:
        L.append(f"- Played in {len(runs)} run(s): {sum(r.get('wall_s', 0) for r in runs) / 60:.1f} minutes wall, "
                 f"{sum(r.get('cpu_s', 0) for r in runs) / 60:.1f} minutes of CPU (runs.jsonl; jobs "
                 f"{sorted({r.get('jobs') for r in runs})}).")
    seat_agents = p.get("seat_agents")  # a per-seat rung's table of agents (ladder.seat_agents); untrusted file
    for rung, table in (seat_agents.items() if isinstance(seat_agents, dict) else ()):
        by_agent = {}
        for f, a in (table.items() if isinstance(table, dict) else ()):
            by_agent.setdefault(str(a), []).append(str(f))
        L.append(f"- `{rung}` seats each faction with its own agent (study.json's seat_agents): "
                 + "; ".join(f"`{a}` {', '.join(fs)}" for a, fs in by_agent.items()) + ".")
    if p.get("skipped_cells"):
        L.append(f"- **{len(p['skipped_cells'])} cross cells not played**: {p['skipped_cells'][0]['reason']}: "
                 + ", ".join(f"{c['faction']} by `{c['rung']}` vs `{c['opponents']}`" for c in p["skipped_cells"][:8])
                 + (" …" if len(p["skipped_cells"]) > 8 else "") + ".")
    if res["bad_lines"]:
        L.append(f"- **{len(res['bad_lines'])} unusable results line(s) skipped**: "
                 + ", ".join(f"{b['line']} ({b['reason']})" for b in res["bad_lines"][:10]))
    R = res["rungs"]
    L += ["", "## Each faction's win rate at each rung", "",
          "Self games of each rung, 95 % Wilson intervals in brackets; a Vagabond coalition's win counts for "
          "both partners.", ""]
    rows = [[f] + [_ci(R[r]["faction_win_rate"][f]) for r in rungs] + [_pct(res["human_reference"].get(f))]
            for f in factions]
    rows += [[f"seat {s}"] + [_ci(R[r]["seat_win_rate"][s]) for r in rungs] + [""] for s in R[rungs[0]]["seat_win_rate"]]
    rows.append(["games used (truncated)"] + [f"{R[r]['games_used']} ({R[r]['truncated']})" for r in rungs] + [""])
    rows.append(["mean rounds"] + [f"{R[r]['rounds_mean']:.1f}" if "rounds_mean" in R[r] else "—" for r in rungs] + [""])
    L += _table(["faction"] + [f"`{r}`" for r in rungs] + [HUMAN_REFERENCE_SOURCE], rows)
    L += ["", f"Human reference: {res.get('human_reference_citation', HUMAN_REFERENCE_CITATION)} A faction without a "
          "human figure shows —."]
    L += _distance(res, rungs)
    L += _seats(res, rungs)
    L += _pairs(res, factions, rungs[-1])
    L += _effects(res, factions, rungs)
    L += ["", "## Win-rate matrix, rung against rung", "",
          "Row: the rung playing the faction; column: the rung playing every other seat; 95 % Wilson interval "
          "and games in brackets. The diagonal is the rung's self games.", ""]
    for f in factions:
        m = res["matrix"][f]
        L += ["", f"**{f}**", ""]
        L += _table([f"{f} by ↓ vs →"] + [f"`{b}`" for b in rungs],
                    [[f"`{a}`"] + [f"{_ci(m[a][b])}, {m[a][b]['games']}" if m[a][b]["games"] else "—" for b in rungs]
                     for a in rungs])
    L += _meta(res)
    L += _openskill(res)
    L += ["", "## Plots", ""] + [f"![{n[:-4]}]({n})" for n in res.get("plots", [])] + [""]
    return "\n".join(L)


def _effects(res, factions, rungs) -> list[str]:
    R = res["rungs"]
    L = ["", "## Faction effects at each rung (conditional logit)", "",
         f"Log-odds of winning against {factions[0]} (the reference), fitted jointly with seat effects on each rung's "
         f"self games; 95 % intervals in brackets. The human column is log(h_f / h_{factions[0]}) of the Root "
         "Digital League win rates: the effect that would give those win shares with one winner a game and no "
         "seat effects.", ""]
    hl = res.get("human_logit") or {}
    rows = []
    for f in factions[1:]:
        row = [f]
        for r in rungs:
            t = R[r].get("conditional_logit", {}).get("terms", {}).get(f"faction[{f}]")
            row.append(f"{t['coef']:+.2f} ({t['ci'][0]:+.2f}, {t['ci'][1]:+.2f})" if t else "—")
        rows.append(row + [f"{hl[f]:+.2f}" if f in hl else "—"])
    row = ["all factions equal: LR (p)"]
    for r in rungs:
        t = R[r].get("conditional_logit", {}).get("tests", {}).get("factions_equal")
        row.append(f"{t['lr']:.1f} (p = {t['p_value']:.2g})" if t else "—")
    rows.append(row + [""])
    row = ["all seats equal: LR (p)"]
    for r in rungs:
        t = R[r].get("conditional_logit", {}).get("tests", {}).get("seats_equal")
        row.append(f"{t['lr']:.1f} (p = {t['p_value']:.2g})" if t else "—")
    rows.append(row + [""])
    return L + _table(["faction"] + [f"`{r}`" for r in rungs] + ["human"], rows)


def _distance(res, rungs) -> list[str]:
    R = res["rungs"]
    if not any("human_distance" in R[r] for r in rungs):
        return []
    L = ["", "## Distance from the human figures", "",
         "MAD: mean over factions of |win rate − human figure|, with a bootstrap 95 % interval over games. Noise "
         "floor: the MAD that the same number of games would show if the true rates were the human ones. Spread: "
         f"best − worst faction (human: {100 * next(R[r]['human_distance']['human_spread'] for r in rungs if 'human_distance' in R[r]):.1f} pt).", ""]
    rows = []
    for r in rungs:
        h = R[r].get("human_distance")
        if not h:
            continue
        rho = "—" if h.get("spearman") != h.get("spearman") else f"{h['spearman']:+.2f} (p = {h['spearman_p']:.2g})"
        rows.append([f"`{r}`", f"{100 * h['mad']:.1f} pt ({100 * h['mad_ci95'][0]:.1f}–{100 * h['mad_ci95'][1]:.1f})",
                     f"{100 * h['noise_floor']:.1f} pt", rho,
                     f"{100 * h['spread']:.1f} pt (human {100 * h['human_spread']:.1f} over these, "
                     f"{100 * h['human_spread_all']:.1f} over the league's eleven)",
                     ", ".join(h["inside"]) or "none"])
    return L + _table(["rung", "MAD (95 %)", "noise floor", "Spearman with human (p)", "spread",
                       "intervals holding the human figure"], rows)


def _seats(res, rungs) -> list[str]:
    R = res["rungs"]
    first = next((R[r]["seat_effects"] for r in rungs if "seat_effects" in R[r]), None)
    if not first or not first["seats"]:
        return []
    ref = first["reference_seat"]
    L = ["", "## Seat effects", "",
         f"Each seat's win rate minus seat {ref}'s in self games (Newcombe 95 % interval; the seats of one game are "
         f"not independent, so the interval is approximate: the conditional logit's test below is exact). Human play: "
         f"{first['human']}. *small*: fewer than {_small()} games.", ""]
    seats = list(first["seats"])
    rows = []
    for r in rungs:
        e = R[r].get("seat_effects", {}).get("seats", {})
        rows.append([f"`{r}`"] + [_diff(e[s]) if s in e else "—" for s in seats])
    return L + _table(["rung"] + [f"seat {s} − seat {ref}" for s in seats], rows)


def _small() -> int:
    from root_env.balance.table_effects import SMALL_CELL
    return SMALL_CELL


def _diff(c) -> str:
    if not c["games"] or not c["games_base"]:
        return "—"
    return (f"{100 * c['diff']:+.1f} ({100 * c['ci95'][0]:+.1f}, {100 * c['ci95'][1]:+.1f})"
            + (" *small*" if c["small"] else ""))


def _pairs(res, factions, rung) -> list[str]:
    pw = res["rungs"][rung].get("pairwise")
    if not pw or not any(c["games"] and c["games_base"] for f in pw for c in pw[f].values()):
        return []
    L = ["", f"## Pairwise effects at `{rung}`", "",
         "Row faction's win rate with the column faction at the table minus without it, in points (Newcombe 95 % "
         f"interval); — where the pair is never or always together; *small*: fewer than {_small()} games on a side.",
         ""]
    return L + _table(["faction ↓ with →"] + factions,
                      [[f] + ["" if g == f else _diff(pw[f][g]) for g in factions] for f in factions])


def _meta(res) -> list[str]:
    m = res["meta_game"]
    L = ["", "## Meta-game of the rungs: Nash averaging", "",
         "Payoff to the row rung against the column rung: the win rate of a faction played by the row rung among "
         "column-rung opponents minus that of the same faction played by the column rung among row-rung opponents, "
         "averaged over the factions (points, ± 1.96 binomial standard errors). Nash averaging (Balduzzi et al. 2018): the maximum-entropy Nash "
         "equilibrium of this symmetric zero-sum game, and each rung's expected payoff against it (0 in its support, "
         "negative for rungs it beats).", ""]
    allr = list(res["params"]["rungs"])
    pay, se = np.array(m["payoff"]), np.array(m["payoff_se"])

    def entry(i, j):
        if i == j:
            return "0"
        return f"{100 * pay[i, j]:+.1f} ± {196 * se[i, j]:.1f}" if np.isfinite(pay[i, j]) else "—"
    L += _table(["row vs column"] + [f"`{b}`" for b in allr],
                [[f"`{a}`"] + [entry(i, j) for j in range(len(allr))] for i, a in enumerate(allr)])
    if "error" in m:
        return L + ["", f"No Nash averaging: {m['error']}."]
    L += [""] + _table(["rung", "Nash mixture", "Nash average (pt)"] + [f"{f} (pt)" for f in m["per_faction"]],
                       [[f"`{r}`", f"{m['nash'][r]:.2f}", f"{100 * m['nash_average'][r]:+.1f}"]
                        + [f"{100 * m['per_faction'][f]['nash_average'][r]:+.1f}" for f in m["per_faction"]]
                        for r in m["rungs"]])
    if m["left_out"]:
        L.append(f"\nLeft out (cells missing): {', '.join(m['left_out'])}.")
    return L


def _openskill(res) -> list[str]:
    o = res["openskill"]
    L = ["", "## OpenSkill ratings of agent × faction", ""]
    if "error" in o:
        return L + [o["error"]]
    L += ["Plackett–Luce, every game in game order (winners first, the others tied). Ordinal = μ − 3σ.", ""]
    return L + _table(["agent", "faction", "μ", "σ", "ordinal", "games"],
                      [[f"`{x['agent']}`", x["faction"], f"{x['mu']:.2f}", f"{x['sigma']:.2f}", f"{x['ordinal']:.2f}",
                        x["games"]] for x in o["rows"]])


# ----------------------------------------------------------------------------------------------------------
# Plots
# ----------------------------------------------------------------------------------------------------------

def figures(res: dict) -> dict:
    """The ladder's matplotlib figures by file name (raises ImportError without matplotlib)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    p = res["params"]
    factions, rungs = p["factions"], p["rungs"]
    R = res["rungs"]
    figs = {}
    x = np.arange(len(factions))
    width = 0.8 / len(rungs)

    from root_env.picture import faction_color, TITLE_INK
    fc = [faction_color(f) for f in factions]
    hatches = ["", "//", "..", "xx", "\\\\", "oo", "++", "--"]
    markers = ["o", "s", "^", "v", "P", "X", "*", "h"]

    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for j, r in enumerate(rungs):   # factions in their board colours; rungs told apart by shade and hatch
        w = [R[r]["faction_win_rate"][f] for f in factions]
        rate = np.array([v["rate"] for v in w])
        err = np.clip(np.nan_to_num(np.array([[v["rate"] - v["ci95"][0], v["ci95"][1] - v["rate"]] for v in w]).T), 0, None)
        ax.bar(x - 0.4 + width * (j + 0.5), rate, width, yerr=err, capsize=2, color=fc,
               alpha=0.45 + 0.55 * (j + 1) / len(rungs), hatch=hatches[j % len(hatches)], edgecolor="#333333",
               linewidth=0.5, label=r)
    ax.plot(x, [res["human_reference"].get(f, np.nan) for f in factions], "D", color="#111111", ms=7,
            label=HUMAN_REFERENCE_SOURCE)
    ax.axhline(1 / (p.get("players") or len(factions)), color="grey", lw=0.8, ls="--")
    ax.set_xticks(x, factions)
    ax.set_ylabel("win rate in self games (95 % Wilson)")
    leg = ax.legend(fontsize=7, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.08))
    for h in getattr(leg, "legend_handles", [])[1:]:   # rungs in the legend: grey, with their shade and hatch
        if hasattr(h, "set_facecolor"):
            h.set_facecolor("#999999")
    ax.set_title("Each faction's win rate at each rung (bars: rungs left to right)")
    fig.tight_layout()
    figs["win_rates_by_rung.png"] = fig

    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    hl = res.get("human_logit") or {}
    for j, r in enumerate(rungs):
        terms = R[r].get("conditional_logit", {}).get("terms", {})
        c = [0.0] + [terms.get(f"faction[{f}]", {}).get("coef", np.nan) for f in factions[1:]]
        lo = [0.0] + [terms.get(f"faction[{f}]", {}).get("ci", [np.nan] * 2)[0] for f in factions[1:]]
        hi = [0.0] + [terms.get(f"faction[{f}]", {}).get("ci", [np.nan] * 2)[1] for f in factions[1:]]
        c, lo, hi = map(np.array, (c, lo, hi))
        err = np.clip(np.nan_to_num(np.array([c - lo, hi - c])), 0, None)
        xs = x - 0.3 + 0.6 * j / max(1, len(rungs) - 1)
        for i in range(len(factions)):   # each faction in its colour; the rung is the marker
            ax.errorbar(xs[i], c[i], yerr=err[:, i:i + 1], fmt=markers[j % len(markers)], capsize=3, color=fc[i],
                        label=r if i == 0 else None)
    if hl:
        ax.plot(x, [hl[f] for f in factions], "D", color="#111111", ms=7, label=HUMAN_REFERENCE_SOURCE)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(x, factions)
    ax.set_ylabel(f"faction effect: log-odds vs {factions[0]} (95 %)")
    ax.legend(fontsize=7, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.08))
    ax.set_title("Faction effects (conditional logit, seat effects fitted jointly; marker: rung)")
    fig.tight_layout()
    figs["faction_effects.png"] = fig

    cols = min(2, len(factions))
    rows = -(-len(factions) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.4 * cols, 3.9 * rows), squeeze=False, layout="constrained")
    for ax, f in zip(axes.flat, factions):
        m = np.array([[res["matrix"][f][a][b]["rate"] if res["matrix"][f][a][b]["games"] else np.nan for b in rungs]
                      for a in rungs])
        im = ax.imshow(m, vmin=0, vmax=1, cmap="RdYlGn")
        for i in range(len(rungs)):
            for j in range(len(rungs)):
                if np.isfinite(m[i, j]):
                    small = res["matrix"][f][rungs[i]][rungs[j]]["games"] < _small()   # marked: "34*", lighter
                    ax.text(j, i, f"{100 * m[i, j]:.0f}{'*' if small else ''}", ha="center", va="center", fontsize=8,
                            alpha=0.6 if small else 1.0, style="italic" if small else "normal")
        ax.set_xticks(range(len(rungs)), rungs, rotation=30, fontsize=7)
        ax.set_yticks(range(len(rungs)), rungs, fontsize=7)
        ax.set_title(f"{f} played by the row's rung", fontsize=9, color=TITLE_INK.get(f, faction_color(f)))
        ax.set_xlabel("rung of every other seat", fontsize=7)
    for ax in list(axes.flat)[len(factions):]:
        ax.axis("off")
    fig.colorbar(im, ax=axes, shrink=0.7, label=f"win rate (cells: %; * fewer than {_small()} games)")
    figs["matrix.png"] = fig
    return figs


def write_ladder_report(dirpath, make_plots=True, fit=True) -> dict:
    """Write DIR/report.md, DIR/report.json and the PNG plots of a ladder; returns the report dict."""
    d = Path(dirpath)
    params, records, bad = load_ladder(d)
    if not params.get("rungs"):
        raise SystemExit(f"{d}: no ladder study.json (rungs) to report")
    if not records:
        raise SystemExit(f"{d}: no game results to report")
    res = analyze_ladder(records, params, bad, fit=fit)
    res["runs"] = load_runs(d)
    res["plots"] = []
    if make_plots:
        try:
            import matplotlib.pyplot as plt
            for name, fig in figures(res).items():
                fig.savefig(d / name, dpi=100)
                plt.close(fig)
                res["plots"].append(name)
        except ImportError:
            pass
    if make_plots:   # the one page for a designer (inline SVG: it needs matplotlib as the plots do)
        try:
            from root_env.balance.designer_page import write_page
            res["page"] = write_page(res, d)
        except ImportError:
            pass
    (d / "report.json").write_text(json.dumps(res, indent=1, default=float) + "\n")
    (d / "report.md").write_text(markdown(res))
    return res

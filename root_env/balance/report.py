"""The report of a balance study (DIR/report.md, DIR/report.json, PNG plots in DIR) and the comparison of two.

How winners are counted: a game's winners are the factions whose bit is set in the engine's winner mask. A
Vagabond in a coalition wins together with its partner, so such a game counts as a win for both (win rates
then add up to slightly more than 100 %; the conditional logit conditions on the number of winners in each
game, which handles two winners exactly). Truncated games (no winner within max_turns) are left out of the
win statistics and counted.
"""
from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

import numpy as np

from root_env.balance import stats
from root_env.balance.ordering import count_range
from root_env.balance.study import load_results, read_params, STUDY_FILE

# The human yardstick (HUMAN_REFERENCE_CITATION below): the Root Digital League's win rates over
# about 9,000 recorded games of the Marauders era (mostly four players, ADSET draft, coalition victories removed;
# the author gives them as within about 2 points). Every faction of that table, the engine's or not: the spread
# of human play (13.0 points) is over all of them.
HUMAN_LEAGUE = {"duchy": 0.3055, "eyrie": 0.2911, "rats": 0.2788, "badgers": 0.2738, "alliance": 0.2712,
                "vagabond": 0.2378, "riverfolk": 0.2282, "marquise": 0.2126, "corvids": 0.2104, "vagabond2": 0.2054,
                "lizards": 0.1753}
# The factions the engine implements (root_env.data.IMPLEMENTED_FACTIONS), each with the league's figure;
# "vagabond2" is the league's "second drafted (first to act)" Vagabond. Every implemented faction has one
# (tests/test_balance_tables.py); a faction without a human figure would be left out, never given one.
HUMAN_REFERENCE = {f: HUMAN_LEAGUE[f] for f in ("eyrie", "alliance", "vagabond", "marquise", "riverfolk", "corvids",
                                                 "vagabond2", "lizards")}
HUMAN_REFERENCE["hundreds"] = HUMAN_LEAGUE["rats"]  # the league's "rats": the Lord of the Hundreds
HUMAN_REFERENCE["keepers"] = HUMAN_LEAGUE["badgers"]  # the league's "badgers": the Keepers in Iron (27.38 %)
HUMAN_REFERENCE["duchy"] = HUMAN_LEAGUE["duchy"]  # the Underground Duchy (30.55 %, the league's highest)
HUMAN_REFERENCE_SOURCE = "Root Digital League (human players)"
# Printed beside the figures in every report.
HUMAN_REFERENCE_CITATION = ("Root Digital League, about 9,000 recorded games of the Marauders era, mostly four "
                            "players, ADSET draft, coalition victories removed (\"Back to the Woodland: A Retrospective "
                            "on the Marauders Era of Root\", compulsiveresearchmtg.blogspot.com, August 2025; rates "
                            "within about 2 points). Second Vagabond: the league's second drafted, first to act.")
HUMAN_SPREAD = max(HUMAN_LEAGUE.values()) - min(HUMAN_LEAGUE.values())   # best minus worst: 13.0 points


def human_figure(faction: str):
    """The human win rate of `faction` (None if the reference has no figure for it: none is invented)."""
    return HUMAN_REFERENCE.get(faction)


def _load_params(d: Path) -> dict:
    """study.json, or {} with a message when it is missing, truncated or not an object of known fields."""
    p = d / STUDY_FILE
    if not os.path.lexists(p):
        return {}
    try:
        params = read_params(p)  # the bounded reader: a folder, pipe or device is refused unopened
        fs = params.get("factions")
        if fs is not None and (not isinstance(fs, list) or not all(isinstance(f, str) for f in fs)
                               or len(set(fs)) != len(fs) or len(fs) < 2):
            raise ValueError(f"'factions' is not a list of distinct faction names: {str(fs)[:60]}")
        return params
    except (ValueError, UnicodeDecodeError, OverflowError, RecursionError) as e:
        print(f"warning: {p}: unreadable, ignored ({type(e).__name__}: {str(e)[:120]})", file=sys.stderr)
        return {}


def _is_count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _record_problem(r: dict, factions: list | None) -> str | None:
    """Why a results line cannot be used (None if it can): every field the report reads is checked."""
    seating = r.get("seating")
    if not isinstance(seating, list) or len(seating) < 2 or not all(isinstance(f, str) for f in seating) \
            or len(set(seating)) != len(seating):
        return "'seating' is not a list of distinct faction names"
    if factions and sorted(seating) != sorted(factions):
        return f"'seating' {seating} does not seat the study's factions {factions}"
    if not isinstance(r.get("winners"), list) or not all(w in seating for w in r["winners"]):
        return "'winners' is not a list of seated factions"
    vp = r.get("vp")
    if not isinstance(vp, dict) or any(not _is_count(vp.get(f)) for f in seating):
        return "'vp' does not give a count for every seated faction"
    if not isinstance(r.get("truncated"), bool):
        return f"'truncated' must be true or false, got {str(r.get('truncated'))[:20]!r}"
    if not _is_count(r.get("turns")) or not _is_count(r.get("decisions", 0)):
        return "'turns' (or 'decisions') is missing or not a count"
    rounds = r.get("vp_by_round", {})
    if not isinstance(rounds, dict) or any(not isinstance(v, list) or not all(_is_count(x) for x in v)
                                           for v in rounds.values()):
        return "'vp_by_round' is not lists of counts"
    sources = r.get("vp_sources", {})
    if not isinstance(sources, dict) or any(not isinstance(v, dict) or not all(_is_count(x) for x in v.values())
                                            for v in sources.values()):
        return "'vp_sources' is not objects of counts"
    return None


def load_checked(dirpath, problem) -> tuple[dict, list[dict], list[tuple]]:
    """(study.json, the results lines `problem(record, factions)` finds usable, bad lines as (where, why))
    of a study directory; each skipped line is warned about on stderr."""
    d = Path(dirpath)
    params = _load_params(d)
    records, bad = load_results(d)
    factions = params.get("factions")
    good = []
    for r in records:
        why = problem(r, factions)
        if why:
            bad.append((f"game {str(r.get('game'))[:20]}", why))
            print(f"warning: {d}: skipped the results of game {str(r.get('game'))[:20]} ({why})", file=sys.stderr)
        else:
            good.append(r)
    return params, good, bad


def _load(dirpath):
    params, records, bad = load_checked(dirpath, _record_problem)
    factions = params.get("factions")
    if not factions:
        factions = []
        for r in records:
            for f in r["seating"]:
                if f not in factions:
                    factions.append(f)
    if records and any(len(r["seating"]) != len(factions) for r in records):
        k = len(records[0]["seating"])
        bad += [(f"game {r['game']}", "a different number of players") for r in records if len(r["seating"]) != k]
        records = [r for r in records if len(r["seating"]) == k]
        factions = [f for f in factions if any(f in r["seating"] for r in records)]
    return params, records, bad, list(factions)


def _pct(x):
    return "—" if x is None or x != x else f"{100 * x:.1f} %"


def _p(p):
    return "< 1e-300" if p == 0 else f"= {p:.3g}"


def _q(a, qs=(0.05, 0.25, 0.5, 0.75, 0.95)):
    a = np.asarray(a, float)
    if a.size == 0:
        return {}
    out = {"mean": float(a.mean()), "sd": float(a.std(ddof=1)) if a.size > 1 else 0.0,
           "min": float(a.min()), "max": float(a.max())}
    out.update({f"p{int(q * 100)}": float(np.quantile(a, q)) for q in qs})
    return out


def analyze(records, factions, params=None, bad=(), fit=True) -> dict:
    """Everything in the report, as a JSON-able dict."""
    k = len(factions)
    played = [r for r in records if not r.get("truncated") and r.get("winners")]
    n = len(played)
    res = {"params": params or {}, "games_recorded": len(records), "games_used": n,
           "truncated": sum(1 for r in records if r.get("truncated")),
           "no_winner_not_truncated": sum(1 for r in records if not r.get("truncated") and not r.get("winners")),
           "bad_lines": [{"line": no, "reason": why} for no, why in bad],
           "multiple_winner_games": sum(1 for r in played if len(r["winners"]) > 1),
           "human_reference": HUMAN_REFERENCE, "human_reference_source": HUMAN_REFERENCE_SOURCE,
           "map": ((params or {}).get("game_options") or {}).get("map", "autumn")}  # Law Appendix C
    # Win rates per faction and per seat, and per (faction, seat).
    fw = {f: sum(1 for r in played if f in r["winners"]) for f in factions}
    sw = [sum(1 for r in played if r["seating"][s] in r["winners"]) for s in range(k)]
    res["faction_win_rate"] = {}
    for f in factions:
        lo, hi = stats.wilson(fw[f], n)
        res["faction_win_rate"][f] = {
            "wins": fw[f], "games": n, "rate": fw[f] / n if n else float("nan"), "ci95": [lo, hi],
            "extra_games_for_pm1pt": stats.extra_games_for_half_width(fw[f], n, 0.01) if n else None,
            "human_reference": HUMAN_REFERENCE.get(f)}
    res["seat_win_rate"] = {}
    for s in range(k):
        lo, hi = stats.wilson(sw[s], n)
        res["seat_win_rate"][str(s + 1)] = {"wins": sw[s], "games": n, "rate": sw[s] / n if n else float("nan"),
                                            "ci95": [lo, hi]}
    fs = {}
    for f in factions:
        fs[f] = {}
        for s in range(k):
            gs = [r for r in played if r["seating"][s] == f]
            w = sum(1 for r in gs if f in r["winners"])
            fs[f][str(s + 1)] = {"wins": w, "games": len(gs), "rate": w / len(gs) if gs else float("nan")}
    res["faction_seat_win_rate"] = fs
    # Seat balance of the recorded games.
    res["seat_counts"] = {f: [sum(1 for r in records if r["seating"][s] == f) for s in range(k)] for f in factions}
    # Conditional logit.
    if fit and n >= 2 * k:
        try:
            res["conditional_logit"] = stats.fit_conditional_logit(played, factions)
        except Exception as e:  # noqa: BLE001 - a failed fit must not lose the rest of the report
            res["conditional_logit"] = {"error": f"{type(e).__name__}: {e}"}
    # Game length and VP.
    turns = [r["turns"] for r in records]
    res["game_length"] = {"turns": _q(turns), "rounds": _q([t / k for t in turns]),
                          "decisions": _q([r.get("decisions", 0) for r in records])}
    res["final_vp"] = {f: _q([r["vp"][f] for r in records]) for f in factions}
    res["winner_vp"] = _q([r["vp"][w] for r in played for w in r["winners"] if w in r["vp"]])
    # Mean VP over rounds (a finished game carries its final VP on).
    maxr = max((len(v) for r in records for v in r.get("vp_by_round", {}).values()), default=0)
    curves = {}
    for f in factions:
        m = np.zeros((len(records), maxr))
        for i, r in enumerate(records):
            v = r.get("vp_by_round", {}).get(f, [r["vp"][f]])
            m[i, :len(v)] = v
            m[i, len(v):] = v[-1] if v else 0
        curves[f] = m.mean(axis=0).round(3).tolist() if len(records) else []
    res["mean_vp_by_round"] = curves
    res["rounds_p95"] = float(np.quantile([t / k for t in turns], 0.95)) if turns else 0.0
    # VP sources.
    src = {}
    for f in factions:
        tot: dict = {}
        for r in records:
            for name, v in r.get("vp_sources", {}).get(f, {}).items():
                tot[name] = tot.get(name, 0) + v
        s = sum(tot.values())
        net = sum(r["vp"][f] for r in records)
        src[f] = {"total_gained": s, "total_final_vp": net, "lost": s - net,
                  "share": {name: v / s for name, v in sorted(tot.items(), key=lambda kv: -kv[1]) if s and v}}
    res["vp_sources"] = src
    return res


# ----------------------------------------------------------------------------------------------------------
# Markdown
# ----------------------------------------------------------------------------------------------------------

def _several_winners(res: dict, p: dict) -> str:
    """The line on games with more than one winner: Vagabond coalitions, or a side of a cooperative game."""
    if p.get("cooperative"):
        return (f"- Cooperative play (seed 004): each side wins together, every seat of it counted as a winner; games "
                f"with more than one winner: {res['multiple_winner_games']}.")
    return (f"- Games with two winners (a Vagabond coalition; counted as a win for both): "
            f"{res['multiple_winner_games']}.")


def markdown(res: dict, factions) -> str:
    p = res.get("params", {})
    k = len(factions)
    L = ["# Balance study", ""]
    if p:
        L += [f"Factions {', '.join(factions)}; agents "
              f"{', '.join(f'{f}={a}' for f, a in p.get('agents', {}).items())}"
              f"{''.join(f', {f} plays itself (Clockwork bot)' for f in factions if f.startswith('bot:'))}; "
              f"{p.get('games')} games planned, "
              f"study seed {p.get('seed')}, max_turns {p.get('max_turns')}; map {res['map']}"
              + "".join(f", {k}={v}" for k, v in (p.get("game_options") or {}).items() if k != "map") + ".", ""]
    L += [f"- Games recorded: {res['games_recorded']}; used for win statistics: {res['games_used']}; "
          f"truncated (no winner within max_turns, excluded): {res['truncated']}.",
          _several_winners(res, p)]
    if res["bad_lines"]:
        L.append(f"- **{len(res['bad_lines'])} corrupted results line(s) skipped**: "
                 + ", ".join(f"line {b['line']} ({b['reason']})" for b in res["bad_lines"][:10])
                 + (" …" if len(res["bad_lines"]) > 10 else ""))
    L += [f"- Seat rotation: each faction sat in each seat {count_range(res['seat_counts'])}.", ""]
    L += ["## Win rate per faction", "",
          "| faction | wins | win rate | 95 % Wilson interval | human reference (RDL) | more games for ±1 pt |",
          "|---|---:|---:|---|---:|---:|"]
    for f in factions:
        w = res["faction_win_rate"][f]
        L.append(f"| {f} | {w['wins']} | {_pct(w['rate'])} | {_pct(w['ci95'][0])} – {_pct(w['ci95'][1])} | "
                 f"{_pct(w['human_reference'])} | {w['extra_games_for_pm1pt']} |")
    L += ["", f"Human reference: {HUMAN_REFERENCE_CITATION} \"More games\" is at the observed rate, for a 95 % "
          "interval of ±1 percentage point (n = 1.96² p(1−p) / 0.01²).", "",
          "## Win rate per seat", "", "| seat | wins | win rate | 95 % Wilson interval |", "|---|---:|---:|---|"]
    for s, w in res["seat_win_rate"].items():
        L.append(f"| {s} | {w['wins']} | {_pct(w['rate'])} | {_pct(w['ci95'][0])} – {_pct(w['ci95'][1])} |")
    L += ["", "Win rate by faction and seat:", "",
          "| faction | " + " | ".join(f"seat {s + 1}" for s in range(k)) + " |", "|---|" + "---:|" * k]
    for f in factions:
        L.append(f"| {f} | " + " | ".join(_pct(res["faction_seat_win_rate"][f][str(s + 1)]["rate"])
                                          for s in range(k)) + " |")
    cl = res.get("conditional_logit")
    L += ["", "## Faction and seat effects (conditional logit)", ""]
    if not cl:
        L.append("Not fitted (too few games).")
    elif "error" in cl:
        L.append(f"The fit failed: {cl['error']}")
    else:
        L += [f"One group per game ({cl['games']} games), one row per seat, outcome = the seat's faction won; "
              f"covariates: faction dummies (reference {cl['reference_faction']}) and seat dummies (reference "
              f"seat 1). Two-winner games ({cl['multiple_winner_games']}) enter with both winners: the "
              "conditional likelihood conditions on the number of winners in each game.", "",
              "| term | log-odds | 95 % interval | odds ratio | p |", "|---|---:|---|---:|---:|"]
        for name, t in cl["terms"].items():
            L.append(f"| {name} | {t['coef']:+.3f} | {t['ci'][0]:+.3f} – {t['ci'][1]:+.3f} | "
                     f"{t['odds_ratio']:.2f} | {_p(t['p_value'])[2:] if t['p_value'] else '< 1e-300'} |")
        fe, se = cl["tests"]["factions_equal"], cl["tests"]["seats_equal"]
        L += ["", f"- **All factions equal**: likelihood ratio {fe['lr']:.1f} on {fe['df']} df, p {_p(fe['p_value'])}"
              + (f" (Wald {fe['wald']:.1f}, p {_p(fe['wald_p_value'])})" if "wald" in fe else "") + ".",
              f"- **All seats equal**: likelihood ratio {se['lr']:.1f} on {se['df']} df, p {_p(se['p_value'])}.",
              "- Seat-neutral win shares implied by the faction effects (softmax): "
              + ", ".join(f"{f} {_pct(v)}" for f, v in cl["faction_share"].items()) + "."]
    g = res["game_length"]
    L += ["", "## Game length", "", "| measure | mean | sd | 5 % | median | 95 % | max |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, q in g.items():
        if q:
            L.append(f"| {name} | {q['mean']:.1f} | {q['sd']:.1f} | {q['p5']:.0f} | {q['p50']:.0f} | {q['p95']:.0f} | "
                     f"{q['max']:.0f} |")
    L += ["", "## Final VP", "", "| faction | mean | sd | 5 % | median | 95 % |", "|---|---:|---:|---:|---:|---:|"]
    for f in factions:
        q = res["final_vp"][f]
        if q:
            L.append(f"| {f} | {q['mean']:.1f} | {q['sd']:.1f} | {q['p5']:.0f} | {q['p50']:.0f} | {q['p95']:.0f} |")
    if res["winner_vp"]:
        L.append(f"\nWinners' VP: mean {res['winner_vp']['mean']:.1f}, median {res['winner_vp']['p50']:.0f}.")
    L += ["", "## Where VP came from", "", "Share of each faction's VP gained, by source (\"lost\" = VP gained "
          "but lost again, e.g. Eyrie turmoil, as a share of VP gained):", ""]
    for f in factions:
        s = res["vp_sources"][f]
        lost = s["lost"] / s["total_gained"] if s["total_gained"] else 0
        L.append(f"- **{f}**: " + ", ".join(f"{name} {_pct(v)}" for name, v in s["share"].items())
                 + f"; lost {_pct(lost)}")
    L += ["", "## Plots", "", "![win rates](win_rates.png)", "![seat win rates](seat_win_rates.png)",
          "![mean VP over rounds](vp_over_rounds.png)", "![final VP](final_vp.png)",
          "![game length](game_length.png)", "![VP sources](vp_sources.png)", ""]
    return "\n".join(L)


# ----------------------------------------------------------------------------------------------------------
# Plots
# ----------------------------------------------------------------------------------------------------------

def plots(res: dict, records, factions, outdir) -> list[str]:
    """Write the PNG plots into `outdir`; returns their file names (none without matplotlib)."""
    try:
        import matplotlib.pyplot as plt
        figs = figures(res, records, factions)
    except ImportError:
        return []
    for name, fig in figs.items():
        fig.savefig(Path(outdir) / name, dpi=110)
        plt.close(fig)
    return list(figs)


def figures(res: dict, records, factions) -> dict:
    """The report's matplotlib figures, laid out, by file name (raises ImportError without matplotlib)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator
    figs = {}

    def save(fig, name):
        fig.tight_layout()
        figs[name] = fig

    x = np.arange(len(factions))
    fig, ax = plt.subplots(figsize=(6.5, 4))
    r = [res["faction_win_rate"][f] for f in factions]
    rate = np.array([w["rate"] for w in r])
    # clipped: at a win rate of 0 or 1 the interval's end is the rate up to rounding (matplotlib refuses -1e-17)
    err = np.clip(np.array([[w["rate"] - w["ci95"][0], w["ci95"][1] - w["rate"]] for w in r]).T, 0, None)
    from root_env.picture import faction_color
    from root_env.names import seat_faction
    fc = [faction_color(seat_faction(f)) for f in factions]   # board colours (a Clockwork bot: its faction's)
    ax.bar(x, rate, yerr=err, capsize=4, color=fc, label="study (95 % Wilson)")
    ref = [HUMAN_REFERENCE.get(f, np.nan) for f in factions]
    ax.plot(x, ref, "D", color="#111111", label=HUMAN_REFERENCE_SOURCE)
    ax.axhline(1 / len(factions), color="grey", lw=0.8, ls="--")
    ax.set_xticks(x, factions)
    ax.set_ylabel("win rate")
    # Below the axes: inside, it covered a low bar's error bar.
    ax.legend(fontsize=8, ncol=2, loc="upper center", bbox_to_anchor=(0.5, -0.1))
    ax.set_title(f"Win rate per faction ({res['games_used']} games)")
    save(fig, "win_rates.png")

    fig, ax = plt.subplots(figsize=(5, 3.5))
    seats = list(res["seat_win_rate"])
    r = [res["seat_win_rate"][s] for s in seats]
    rate = np.array([w["rate"] for w in r])
    # clipped: at a win rate of 0 or 1 the interval's end is the rate up to rounding (matplotlib refuses -1e-17)
    err = np.clip(np.array([[w["rate"] - w["ci95"][0], w["ci95"][1] - w["rate"]] for w in r]).T, 0, None)
    ax.bar(np.arange(len(seats)), rate, yerr=err, capsize=4, color="#7aa974")
    ax.axhline(1 / len(factions), color="grey", lw=0.8, ls="--")
    ax.set_xticks(np.arange(len(seats)), [f"seat {s}" for s in seats])
    ax.set_ylabel("win rate")
    ax.set_title("Win rate per seat")
    save(fig, "seat_win_rates.png")

    fig, ax = plt.subplots(figsize=(6.5, 4))
    last = max(2, int(math.ceil(res.get("rounds_p95", 0))) + 1)
    for f, col in zip(factions, fc):
        c = res["mean_vp_by_round"][f][:last]
        ax.plot(np.arange(1, len(c) + 1), c, label=f, color=col)
    ax.set_xlabel("round")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))   # rounds are whole numbers
    ax.set_ylabel("mean VP (finished games carry their final VP)")
    ax.legend(fontsize=8)
    ax.set_title("Mean VP over rounds")
    save(fig, "vp_over_rounds.png")

    fig, ax = plt.subplots(figsize=(6.5, 4))
    box = ax.boxplot([[r["vp"][f] for r in records] for f in factions], patch_artist=True)
    for patch, col in zip(box["boxes"], fc):
        patch.set_facecolor(col)
        patch.set_alpha(0.75)
    ax.set_xticks(np.arange(1, len(factions) + 1), factions)
    ax.set_ylabel("final VP")
    ax.set_title("Final VP per faction")
    save(fig, "final_vp.png")

    fig, ax = plt.subplots(figsize=(6.5, 3.5))
    k = len(factions)
    rounds = [r["turns"] / k for r in records]
    # One bin per round (a round is k turns): 40 equal bins split rounds unevenly and made false spikes.
    ax.hist(rounds, bins=np.arange(math.floor(min(rounds)), math.ceil(max(rounds)) + 2) - 0.5, color="#8f6fb0")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("rounds (turns / number of players)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    save(fig, "game_length.png")

    fig, ax = plt.subplots(figsize=(7, 4))
    names = []
    for f in factions:
        for n in res["vp_sources"][f]["share"]:
            if n not in names:
                names.append(n)
    bottom = np.zeros(len(factions))
    cmap = plt.get_cmap("tab20")
    for j, n in enumerate(names):
        v = np.array([res["vp_sources"][f]["share"].get(n, 0.0) for f in factions])
        ax.bar(x, v, bottom=bottom, label=n, color=cmap(j % 20))
        bottom += v
    ax.set_xticks(x, factions)
    ax.set_ylabel("share of VP gained")
    ax.legend(fontsize=7, ncol=2, bbox_to_anchor=(1.01, 1), loc="upper left")
    ax.set_title("Where VP came from")
    save(fig, "vp_sources.png")
    return figs


def write_report(dirpath, fit=True, make_plots=True) -> dict:
    """Write DIR/report.md, DIR/report.json and the PNG plots; returns the report dict."""
    d = Path(dirpath)
    params, records, bad, factions = _load(d)
    if not records:
        raise SystemExit(f"{d}: no game results to report")
    res = analyze(records, factions, params, bad, fit=fit)
    res["plots"] = plots(res, records, factions, d) if make_plots else []
    if make_plots:   # the one page for a designer, when one agent kind plays every seat (designer_page)
        try:
            from root_env.balance.designer_page import study_page
            page = study_page(d, params, records)
            if page:
                res["page"] = page
        except ImportError:
            pass
    (d / "report.json").write_text(json.dumps(res, indent=1, default=float) + "\n")
    (d / "report.md").write_text(markdown(res, factions))
    return res


# ----------------------------------------------------------------------------------------------------------
# Compare two studies
# ----------------------------------------------------------------------------------------------------------

def compare(dir_a, dir_b, out=None) -> tuple[str, dict]:
    """How balance shifts from study A to study B (e.g. random vs heuristic agents): per faction and per
    seat win rates with the difference (Newcombe interval, z-test), a chi-square test of whether the winning
    factions are distributed alike, mean VP and game length. Returns (markdown, dict); writes both to
    `out` (a directory) when given."""
    from scipy import stats as st
    pa, ra, ba, fa = _load(dir_a)
    pb, rb, bb, fb = _load(dir_b)
    factions = [f for f in fa if f in fb]
    A, B = analyze(ra, fa, pa, ba, fit=False), analyze(rb, fb, pb, bb, fit=False)

    def agents(p):
        return ", ".join(f"{f}={a}" for f, a in p.get("agents", {}).items()) or "?"

    res = {"a": str(dir_a), "b": str(dir_b), "agents_a": pa.get("agents"), "agents_b": pb.get("agents"),
           "games_a": A["games_used"], "games_b": B["games_used"], "faction": {}, "seat": {}}
    L = ["# Balance comparison", "", f"- A: `{dir_a}` ({agents(pa)}): {A['games_used']} games used, "
         f"{A['truncated']} truncated", f"- B: `{dir_b}` ({agents(pb)}): {B['games_used']} games used, "
         f"{B['truncated']} truncated", "", "## Win rate per faction", "",
         "| faction | A | B | B − A (95 %) | p | mean VP A | mean VP B |", "|---|---:|---:|---|---:|---:|---:|"]
    for f in factions:
        wa, wb = A["faction_win_rate"][f], B["faction_win_rate"][f]
        t = stats.two_proportion_test(wa["wins"], wa["games"], wb["wins"], wb["games"])
        res["faction"][f] = {**t, "mean_vp_a": A["final_vp"][f].get("mean"), "mean_vp_b": B["final_vp"][f].get("mean")}
        L.append(f"| {f} | {_pct(t['p1'])} | {_pct(t['p2'])} | {100 * t['diff']:+.1f} pt "
                 f"({100 * t['ci'][0]:+.1f} – {100 * t['ci'][1]:+.1f}) | {_p(t['p_value'])[2:] if t['p_value'] else '< 1e-300'} | "
                 f"{A['final_vp'][f].get('mean', float('nan')):.1f} | {B['final_vp'][f].get('mean', float('nan')):.1f} |")
    table = np.array([[A["faction_win_rate"][f]["wins"] for f in factions],
                      [B["faction_win_rate"][f]["wins"] for f in factions]])
    if table.min() >= 0 and table.sum(axis=1).min() > 0 and (table.sum(axis=0) > 0).all():
        chi2, pv, dof, _ = st.chi2_contingency(table)
        res["winner_distribution_test"] = {"chi2": float(chi2), "df": int(dof), "p_value": float(pv)}
        L += ["", f"Do the winning factions differ between A and B (chi-square on wins by faction)? "
              f"chi² = {chi2:.1f} on {dof} df, p {_p(pv)}."]
    spread = {lab: max(R["faction_win_rate"][f]["rate"] for f in factions)
              - min(R["faction_win_rate"][f]["rate"] for f in factions) for lab, R in (("a", A), ("b", B))}
    res["win_rate_spread"] = spread
    L += [f"Spread of faction win rates (best − worst): A {100 * spread['a']:.1f} pt, B {100 * spread['b']:.1f} pt.",
          "", "## Win rate per seat", "", "| seat | A | B | B − A (95 %) | p |", "|---|---:|---:|---|---:|"]
    for s in A["seat_win_rate"]:
        if s not in B["seat_win_rate"]:
            continue
        wa, wb = A["seat_win_rate"][s], B["seat_win_rate"][s]
        t = stats.two_proportion_test(wa["wins"], wa["games"], wb["wins"], wb["games"])
        res["seat"][s] = t
        L.append(f"| {s} | {_pct(t['p1'])} | {_pct(t['p2'])} | {100 * t['diff']:+.1f} pt "
                 f"({100 * t['ci'][0]:+.1f} – {100 * t['ci'][1]:+.1f}) | {_p(t['p_value'])[2:] if t['p_value'] else '< 1e-300'} |")
    ga, gb = A["game_length"]["rounds"], B["game_length"]["rounds"]
    res["rounds"] = {"a": ga, "b": gb}
    L += ["", f"Game length (rounds): A mean {ga['mean']:.1f} (median {ga['p50']:.0f}), "
          f"B mean {gb['mean']:.1f} (median {gb['p50']:.0f}).", ""]
    md = "\n".join(L)
    if out:
        o = Path(out)
        o.mkdir(parents=True, exist_ok=True)
        (o / "compare.md").write_text(md)
        (o / "compare.json").write_text(json.dumps(res, indent=1, default=float) + "\n")
    return md, res

"""Advanced Setup or the tables? A draft ladder (``balance ladder --mix draft``) differs from a drawn one in two ways:
its tables (drafted from the setup cards, A.8.1) and their setup (Advanced Setup, Appendix A). This control replays the
self games of one rung of a draft ladder on the same tables, seeds and seats with the Standard Setup (Law 5.1), and sets
each faction's win rate there beside its rate in the ladder's own (Advanced Setup) games of those tables:

    python -m benchmarks.ladder_setup_control benchmarks/results/ladder_draft_4p --rung heuristic --games 2400 \\
        --out benchmarks/results/ladder_draft_4p/setup_control_heuristic.json

Prints a table (faction, Standard, Advanced, Advanced minus Standard with a Newcombe 95 % interval treating the two as
independent samples, the human figure) and writes it as JSON with the games and CPU seconds.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path


def control(ladder_dir, rung: str, games: int) -> dict:
    from root_env.balance import ladder
    from root_env.balance.ladder_stats import load_ladder, self_rung
    from root_env.balance.study import play_specs
    from root_env.balance.stats import wilson, two_proportion_test
    from root_env.balance.report import HUMAN_REFERENCE
    params, records, _ = load_ladder(ladder_dir)
    if params.get("mix") != "draft" or rung not in params["rungs"]:
        raise SystemExit(f"{ladder_dir}: not a draft ladder with a rung {rung!r}")
    games = min(int(games), int(params["self_games"]))
    adv = {r["seed"]: r for r in records if self_rung(r) == rung}
    specs = ladder.self_specs(params, rung, games)   # the ladder's own self games of the rung, table by table
    for spec in specs:  # without the setup option: the Standard Setup (a drafted Vagabond keeps his dealt character)
        spec["game_options"] = {k: v for k, v in spec["game_options"].items() if k != "setup"}
    t = time.process_time()
    std = play_specs(specs, max_turns=params["max_turns"], threads=1)   # no setup option: the Standard Setup
    cpu = time.process_time() - t
    rows, paired = [], [(s, adv.get(s["seed"])) for s in std]
    paired = [(s, a) for s, a in paired if a is not None and a["seating"] == s["seating"]]
    for f in params["factions"]:
        def rate(recs):
            used = [x for x in recs if f in x["seating"] and not x["truncated"] and x["winners"]]
            return sum(f in x["winners"] for x in used), len(used)
        ks, ns = rate([s for s, _ in paired])
        ka, na = rate([a for _, a in paired])
        d = two_proportion_test(ks, ns, ka, na) if ns and na else None
        rows.append({"faction": f, "standard": [ks, ns, wilson(ks, ns) if ns else None],
                     "advanced": [ka, na, wilson(ka, na) if na else None],
                     "advanced_minus_standard": d, "human": HUMAN_REFERENCE.get(f)})
    return {"ladder": str(ladder_dir), "rung": rung, "tables": len(paired), "cpu_s_standard_games": round(cpu, 1),
            "rows": rows}


def table(res: dict) -> str:
    L = [f"{res['rung']} on the first {res['tables']} tables of {res['ladder']} (same seeds and seats)", "",
         "| faction | Standard Setup | Advanced Setup | Advanced − Standard (95 %) | human |", "|---|---:|---:|---:|---:|"]
    for r in res["rows"]:
        def cell(x):
            k, n, ci = x
            return f"{100 * k / n:.1f} % ({100 * ci[0]:.1f}–{100 * ci[1]:.1f}), {n}" if n else "—"
        d = r["advanced_minus_standard"]
        dd = "—" if not d else (f"{100 * d['diff']:+.1f} ({100 * d['ci'][0]:+.1f}, {100 * d['ci'][1]:+.1f})")
        h = r["human"]
        L.append(f"| {r['faction']} | {cell(r['standard'])} | {cell(r['advanced'])} | {dd} | "
                 f"{'—' if h is None else f'{100 * h:.1f} %' if h <= 1 else f'{h:.1f} %'} |")
    L.append("")
    for key, name in (("standard", "Standard Setup"), ("advanced", "Advanced Setup")):
        gaps = [abs(r[key][0] / r[key][1] - r["human"]) for r in res["rows"] if r[key][1] and r["human"] is not None]
        L.append(f"MAD from the human figures, {name}: {100 * sum(gaps) / len(gaps):.1f} points over {len(gaps)} "
                 "factions")
    return "\n".join(L)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ladder")
    ap.add_argument("--rung", default="heuristic")
    ap.add_argument("--games", type=int, default=2400)
    ap.add_argument("--out")
    ap.add_argument("--show", action="store_true", help="print the table of the JSON file LADDER (a control's --out)")
    a = ap.parse_args(argv)
    if a.show:
        print(table(json.loads(Path(a.ladder).read_text())))
        return 0
    res = control(a.ladder, a.rung, a.games)
    print(table(res))
    if a.out:
        Path(a.out).write_text(json.dumps(res, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Strength of the learned value model (issue 34, section 2): the value agent against the heuristic, and ISMCTS with
the ``"value"`` leaf against ISMCTS with its default leaf.

    python -m benchmarks.value_strength [--games 48] [--ismcts-games 16] [--budget 50] [--factions marquise,eyrie]
                                        [--model agents/models/value_v1.npz] [--json benchmarks/results/value_model.json]

Tables: ``benchmarks.heuristic_strength.TABLES`` (four players: the base four, or faction F in the place of a base
faction). Game i of an arm is seated in rotation i % 4 of F's table and seeded SEED0 + i, so the arms of one
comparison play the same seats and seeds (paired), every seat equally often. The other three seats are always the
heuristic (version 2, kind ``heuristic``). Arms, for each faction F:

- ``value``: F played by the value agent (kind ``value``), against ``heuristic``: F played by the heuristic;
- ``ismcts_value``: F played by ``ismcts:BUDGET`` with the leaf ``"value"`` (every other option the faction's
  default), against ``ismcts``: ``ismcts:BUDGET`` with the faction's default options.

Win rates with Wilson 95 % intervals (``root_env.balance.stats.wilson``); a Vagabond's coalition win counts for him.
``apart`` says whether the two intervals of a comparison are disjoint.
"""
from __future__ import annotations

import argparse
import json
import platform
import time
from datetime import datetime, timezone


from benchmarks.heuristic_strength import TABLES, FACTIONS

SEED0 = 470_000


def arm(faction: str, kind: str, games: int, ismcts_options=None) -> dict:
    """Wins of `faction` played by `kind` (the other three seats ``heuristic``) over `games` games, seats rotated
    (``benchmarks.heuristic_strength.arm`` with this benchmark's opponents and seeds)."""
    from benchmarks import heuristic_strength
    return heuristic_strength.arm(faction, kind, games, opponents="heuristic", seed0=SEED0,
                                  ismcts_options=ismcts_options)


def compare(a: dict, b: dict) -> dict:
    return {"margin_points": round(100 * (a["win_rate"] - b["win_rate"]), 1),
            "apart": a["wilson95"][0] > b["wilson95"][1] or b["wilson95"][0] > a["wilson95"][1]}


def run(games: int, ismcts_games: int, budget: int, factions, model=None) -> dict:
    value_kind = "value" if model is None else f"value:{model}"
    rows = {}
    for f in factions:
        row = {"table": list(TABLES[f])}
        if games:
            v, h = arm(f, value_kind, games), arm(f, "heuristic", games)
            row.update(value=v, heuristic=h, value_vs_heuristic=compare(v, h))
        if ismcts_games:
            leaf = {"leaf": "value"} if model is None else {"value": model}
            iv, i0 = arm(f, f"ismcts:{budget}", ismcts_games, leaf), arm(f, f"ismcts:{budget}", ismcts_games)
            row.update(ismcts_value=iv, ismcts=i0, ismcts_value_vs_ismcts=compare(iv, i0))
        rows[f] = row
        print(f"{f}: " + ", ".join(f"{k} {row[k]['wins']}/{row[k]['games']}" for k in
                                   ("value", "heuristic", "ismcts_value", "ismcts") if k in row), flush=True)
    return {"factions": rows, "games": games, "ismcts_games": ismcts_games, "budget": budget, "seed0": SEED0,
            "model": model or "agents/models/value_v1.npz (shipped)"}


def pct(a: dict) -> str:
    return f"{100 * a['win_rate']:.1f} % [{100 * a['wilson95'][0]:.1f}, {100 * a['wilson95'][1]:.1f}]"


def table_md(res: dict) -> str:
    lines = []
    if res["games"]:
        lines += [f"Value agent against the heuristic (v2), {res['games']} games per faction:", "",
                  "| faction | value | heuristic | margin (points) | intervals apart |", "|---|---|---|---|---|"]
        for f, r in res["factions"].items():
            c = r["value_vs_heuristic"]
            lines.append(f"| {f} | {pct(r['value'])} | {pct(r['heuristic'])} | {c['margin_points']:+.1f} | "
                         f"{'yes' if c['apart'] else 'no'} |")
        lines.append("")
    if res["ismcts_games"]:
        lines += [f"ISMCTS ({res['budget']} iterations) with the value leaf against its default leaf, "
                  f"{res['ismcts_games']} games per faction:", "",
                  "| faction | ISMCTS, value leaf | ISMCTS, default leaf | margin (points) | intervals apart |",
                  "|---|---|---|---|---|"]
        for f, r in res["factions"].items():
            c = r["ismcts_value_vs_ismcts"]
            lines.append(f"| {f} | {pct(r['ismcts_value'])} | {pct(r['ismcts'])} | {c['margin_points']:+.1f} | "
                         f"{'yes' if c['apart'] else 'no'} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.value_strength", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=48, help="games per faction, value agent arms (0: skip)")
    ap.add_argument("--ismcts-games", type=int, default=16, help="games per faction, ISMCTS arms (0: skip)")
    ap.add_argument("--budget", type=int, default=50, help="ISMCTS iterations per decision")
    ap.add_argument("--factions", default=",".join(FACTIONS))
    ap.add_argument("--model", default=None, help="a model file (default: the shipped one)")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    factions = [f for f in args.factions.split(",") if f]
    if any(f not in TABLES for f in factions) or args.games < 0 or args.ismcts_games < 0 or args.budget < 1:
        ap.error(f"factions among {FACTIONS}, games >= 0, budget >= 1")
    t0 = time.perf_counter()
    res = run(args.games, args.ismcts_games, args.budget, factions, args.model)
    res.update(command="python -m benchmarks.value_strength " + " ".join(argv if argv is not None else
                                                                         __import__("sys").argv[1:]),
               seconds=round(time.perf_counter() - t0, 1), machine=platform.processor() or platform.machine(),
               date=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    print(table_md(res))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(res, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

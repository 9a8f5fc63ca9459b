"""A faction's heuristic against the random agent of the same faction, in the same seats and seeds, every other seat
random (issue 7's measurement, which ``tests/test_heuristic_agents.py`` checks at a smaller size; issue 38 asks the
Lord of the Hundreds' heuristic to beat the random Hundreds by at least 30 points).

    nice -n 5 python -m benchmarks.heuristic_vs_random [--factions hundreds] [--games-per-seating 40] [--kind heuristic]
                                                       [--table marquise,eyrie,alliance] [--opponents heuristic]
                                                       [--json benchmarks/results/heuristic_vs_random_hundreds.json]

The table of a base faction is the base four (``BASE4``); of any other faction, the base four and that faction
(five seats), as the Cult's, Riverfolk's and Corvids' figures were measured. Every rotation of the table is played
``games_per_seating`` times (rotation k seeded SEED0 + 100 k + i, as the test does), once with the faction played by
`kind` and once by ``random``: the two arms play the same seats and seeds (paired). ``--table`` names the other seats
instead (the faction is added to them), ``--opponents`` the kind that plays them (``random`` unless told: issue 7's
measurement; ``heuristic`` asks more of the faction, as the Keepers' figures do, issue 39). Win rates with Wilson 95 %
intervals (``root_env.balance.stats.wilson``) and the mean VP of the faction in each arm; ``goal_met``: the margin is
at least ``GOAL_POINTS`` and the two intervals are apart.
"""
from __future__ import annotations

import argparse
import platform
import time
from datetime import datetime, timezone

import numpy as np

from benchmarks.heuristic_strength import write_results

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
SEED0 = 7000
GOAL_POINTS = 30.0


def table_of(faction: str, others: tuple = BASE4) -> tuple:
    """The seats `faction` is measured at: `others` (the base four unless told), with `faction` added if absent."""
    return others if faction in others else others + (faction,)


def arm(faction: str, kind: str, games_per_seating: int, seed0: int = SEED0, others: tuple = BASE4,
        opponents: str = "random") -> dict:
    """`faction` played by `kind`, every other seat by `opponents`, each rotation of its table (``table_of``)
    `games_per_seating` times: wins (a Vagabond's coalition win counts for him), Wilson 95 %, mean VP, decisions and
    the CPU time taken."""
    from agents.arena import play_games
    from root_env.data import FACTION_NAMES
    from root_env.balance.stats import wilson
    mix = table_of(faction, others)
    wins = n = 0
    vps = []
    by_seat = []
    c0, t0 = time.process_time(), time.perf_counter()
    for rot in range(len(mix)):
        seats = mix[rot:] + mix[:rot]
        agents = {f: opponents for f in mix}
        agents[faction] = kind
        r = play_games(games_per_seating, seats, agents, seed=seed0 + 100 * rot)
        won = int(((r["winners"] >> FACTION_NAMES.index(faction)) & 1).sum())
        wins += won
        n += games_per_seating
        vps.extend(r["vp"][:, seats.index(faction)].tolist())
        by_seat.append({"seat": seats.index(faction) + 1, "wins": won, "games": games_per_seating})
    lo, hi = wilson(wins, n)
    return {"kind": kind, "wins": wins, "games": n, "win_rate": wins / n, "wilson95": [lo, hi],
            "mean_vp": float(np.mean(vps)), "by_rotation": by_seat,
            "cpu_seconds": time.process_time() - c0, "seconds": time.perf_counter() - t0}


def run(factions, games_per_seating: int, kind: str = "heuristic", others: tuple = BASE4,
        opponents: str = "random") -> dict:
    rows = {}
    for f in factions:
        h = arm(f, kind, games_per_seating, others=others, opponents=opponents)
        r = arm(f, "random", games_per_seating, others=others, opponents=opponents)
        margin = 100 * (h["win_rate"] - r["win_rate"])
        rows[f] = {"table": list(table_of(f, others)), "opponents": opponents, kind: h, "random": r,
                   "margin_points": margin,
                   "goal_met": bool(margin >= GOAL_POINTS and h["wilson95"][0] > r["wilson95"][1])}
        print(f"{f:10s} {kind} {h['win_rate']:.3f} [{h['wilson95'][0]:.3f}, {h['wilson95'][1]:.3f}] "
              f"VP {h['mean_vp']:.1f}  random {r['win_rate']:.3f} [{r['wilson95'][0]:.3f}, {r['wilson95'][1]:.3f}] "
              f"VP {r['mean_vp']:.1f}  margin {margin:+.1f}", flush=True)
    return {"command": "python -m benchmarks.heuristic_vs_random", "date": datetime.now(timezone.utc).isoformat(),
            "machine": platform.processor() or platform.machine(), "kind": kind,
            "games_per_seating": games_per_seating, "seed0": SEED0, "goal_points": GOAL_POINTS, "rows": rows}


def table_md(res: dict) -> str:
    kind = res["kind"]
    lines = [f"| faction | table | {kind} | 95 % Wilson | mean VP | random | 95 % Wilson | mean VP | margin | goal |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for f, r in res["rows"].items():
        a, b = r[kind], r["random"]
        lines.append(f"| {f} | {', '.join(r['table'])} ({r.get('opponents', 'random')}) | {a['win_rate']:.3f} | {a['wilson95'][0]:.3f}–"
                     f"{a['wilson95'][1]:.3f} | {a['mean_vp']:.1f} | {b['win_rate']:.3f} | {b['wilson95'][0]:.3f}–"
                     f"{b['wilson95'][1]:.3f} | {b['mean_vp']:.1f} | {r['margin_points']:+.1f} | "
                     f"{'met' if r['goal_met'] else 'not met'} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    from root_env.data import FACTION_NAMES
    ap = argparse.ArgumentParser(prog="python -m benchmarks.heuristic_vs_random", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--factions", default="hundreds")
    ap.add_argument("--games-per-seating", type=int, default=40, help="games per rotation of the table and arm")
    ap.add_argument("--kind", default="heuristic", help="the agent kind measured (heuristic, heuristic_v1)")
    ap.add_argument("--table", default=None, help="the other seats, comma-separated (the base four unless told)")
    ap.add_argument("--opponents", default="random", help="the kind playing the other seats (random, heuristic, "
                    "heuristic_v1)")
    ap.add_argument("--json", default=None, help="write the results here (and a .md table beside it)")
    a = ap.parse_args(argv)
    factions = tuple(x.strip() for x in a.factions.split(","))
    others = BASE4 if a.table is None else tuple(x.strip() for x in a.table.split(","))
    bad = [f for f in factions + others if f not in FACTION_NAMES]
    if (bad or a.games_per_seating < 1 or a.kind not in ("heuristic", "heuristic_v1")
            or a.opponents not in ("random", "heuristic", "heuristic_v1")):
        ap.error(f"factions and table must be among {FACTION_NAMES} (got {bad}), games-per-seating >= 1, "
                 "kind heuristic or heuristic_v1, opponents random, heuristic or heuristic_v1")
    res = run(factions, a.games_per_seating, a.kind, others, a.opponents)
    res["table"], res["opponents"] = list(others), a.opponents
    md = table_md(res)
    print(md)
    if a.json:
        write_results(a.json, res, md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

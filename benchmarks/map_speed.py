"""Engine speed on each map, side by side in one run (issue 41: the other maps within 10 % of the Autumn map).

    python -m benchmarks.map_speed [--maps autumn,winter,lake,mountain] [--rounds 5] [--seconds 2] [--json PATH]

Round after round, the maps take turns, each in a fresh process of this tree (its numba cache) timing random
playouts of every faction mix and the serial batch kernel (64 games, observations and masks) for ``--seconds`` CPU
seconds each: ``benchmarks.side_by_side``'s timer, on that map. Figures are per CPU second; the median over rounds is
reported with the ratio map / Autumn, the median of the rounds' own ratios (``paired``: the maps of a round ran back
to back) and the ratio of the best rounds (``best``: a neighbour's load only ever slows a run). The load average
before and after is printed and kept in the JSON.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
from pathlib import Path

from benchmarks.side_by_side import ROOT, MIXES, _run, timer_args
from root_env.map_data import PLAYABLE_MAPS

BATCH = "batch 64, obs+mask"


def measure(maps, rounds: int, seconds: float) -> dict:
    """{map: [one dict per round of {mix: {decisions_per_cpu_s, games_per_cpu_s}}]}, the maps taking turns."""
    runs = {m: [] for m in maps}
    for _ in range(rounds):
        for m in maps:
            runs[m].append(json.loads(_run(ROOT, None, timer_args(MIXES, seconds, m))[0]))
    return runs


def summarize(runs: dict, base: str = "autumn") -> dict:
    """Per mix and map: the median decisions and games per CPU second, and against `base` the ratio of medians,
    the median of the rounds' ratios (paired) and the ratio of the best rounds."""
    out = {}
    for mix in list(MIXES) + [BATCH]:
        row = {}
        ref = [r[mix]["decisions_per_cpu_s"] for r in runs[base]]
        for m, rs in runs.items():
            d = [r[mix]["decisions_per_cpu_s"] for r in rs]
            row[m] = {"decisions_per_cpu_s": statistics.median(d),
                      "games_per_cpu_s": statistics.median(r[mix]["games_per_cpu_s"] for r in rs),
                      "rounds_decisions": d, "ratio": statistics.median(d) / statistics.median(ref),
                      "ratio_paired": statistics.median(b / a for a, b in zip(ref, d)),
                      "ratio_best": max(d) / max(ref)}
        out[mix] = row
    return out


def table(res: dict) -> str:
    maps = res["maps"]
    L = [f"decisions per CPU second by map, median of {res['rounds']} rounds "
         f"(load {res['load_before']} before, {res['load_after']} after)",
         f"{'mix':<20}" + "".join(f"{m:>12}" for m in maps) + "".join(f"{m + ' / autumn':>20}" for m in maps[1:])]
    for mix, row in res["mixes"].items():
        L.append(f"{mix:<20}" + "".join(f"{row[m]['decisions_per_cpu_s']:>12,.0f}" for m in maps)
                 + "".join(f"{row[m]['ratio']:>8.3f} (p {row[m]['ratio_paired']:.3f}, b {row[m]['ratio_best']:.3f})"
                           for m in maps[1:]))
    return "\n".join(L)


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.map_speed", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--maps", default=",".join(PLAYABLE_MAPS), help="the maps, the Autumn map first (the reference)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per mix per round")
    p.add_argument("--json", metavar="PATH")
    a = p.parse_args(argv)
    maps = [m.strip() for m in a.maps.split(",")]
    if maps[0] != "autumn" or len(maps) < 2 or any(m not in PLAYABLE_MAPS for m in maps) or len(set(maps)) < len(maps):
        p.error(f"--maps: autumn first, then other maps of {', '.join(PLAYABLE_MAPS)}, got {a.maps!r}")
    if a.rounds < 1 or a.seconds <= 0:
        p.error("--rounds must be >= 1 and --seconds > 0")
    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    runs = measure(maps, a.rounds, a.seconds)
    res = {"maps": maps, "rounds": a.rounds, "cpu_seconds_per_mix": a.seconds, "load_before": load_before,
           "load_after": " ".join(f"{x:.2f}" for x in os.getloadavg()), "mixes": summarize(runs)}
    print(table(res))
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=2))
    return res


if __name__ == "__main__":
    main()

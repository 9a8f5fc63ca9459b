"""Strength of a trained policy played alone (no search) against three heuristic agents, beside the heuristic of the
same faction on the same seeds (issue 35, section 2).

    python -m benchmarks.pretrained_strength --faction eyrie [--policy agents/models/policy_eyrie.npz] [--games 384]
                                             [--json benchmarks/results/pretrained_eyrie.json] [--md ...md]

The faction's four-player table (``benchmarks.heuristic_strength.TABLES``); game i seated in rotation i % 4 and seeded
``seed0 + i``, the faction played by the policy (``agents.pretrained``: its likeliest legal action, or with ``--sample`` a
draw from it) and, in the
other arm, by ``heuristic``; the three other seats ``heuristic`` in both (a paired comparison). Win rates with Wilson
95 % intervals; ``goal_met``: the policy's win rate is at least the heuristic's plus 15 points with the intervals
apart. CPU seconds are the process's (``time.process_time``). ``--merge a.json b.json ...`` combines the results of
one run split into consecutive game ranges (``--seed0``, ``--games``: each part's games keep their seeds and seats).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

# The policy's matrix products are a few dozen rows at a time: OpenBLAS's worker threads cost far more than they
# save there, and on a loaded machine they spin for their turn (measured: 127 ms of CPU per product of 24 rows with
# the threads, 1.4 ms with one). Set before numpy is first imported, so that its OpenBLAS starts with one thread
# (a caller's own setting is kept).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402  (after the thread setting above)

from benchmarks.heuristic_strength import TABLES, rotated_games, win_rate, GOAL_POINTS

SEED0 = 350_000


def policy_arm(faction: str, agent, games: int, seed0: int = SEED0) -> dict:
    """`agent` (a policy object, or an agent's name such as ``"random"``) as `faction` against three heuristic agents,
    seats rotated."""
    from agents.policies import play
    from root_env.data import FACTION_NAMES
    from root_env.balance.stats import wilson
    table = TABLES[faction]
    fid = FACTION_NAMES.index(faction)
    t0, c0 = time.perf_counter(), time.process_time()
    wins, by_seat = 0, [[0, 0] for _ in table]
    for rot in range(4):
        seeds = seed0 + np.arange(rot, games, 4)
        if seeds.size == 0:
            continue
        seats = table[rot:] + table[:rot]
        r = play(seats, {x: (agent if x == faction else "heuristic") for x in seats}, seeds.size, seeds=seeds)
        w = int(((r["winners"] >> fid) & 1).sum())
        wins += w
        by_seat[seats.index(faction)][0] += w
        by_seat[seats.index(faction)][1] += int(seeds.size)
    lo, hi = wilson(wins, games)
    return {"wins": wins, "games": games, "win_rate": wins / games, "wilson95": [lo, hi], "by_seat": by_seat,
            "seconds": time.perf_counter() - t0, "cpu_seconds": time.process_time() - c0}


def heuristic_arm(faction: str, games: int, seed0: int = SEED0) -> dict:
    played, wall, cpu = rotated_games(TABLES[faction], lambda seats: "heuristic", games, seed0, None, 1)
    return win_rate(played, faction, "heuristic", games, wall, cpu)


def compare(faction: str, agent, games: int, seed0: int = SEED0) -> dict:
    pol = policy_arm(faction, agent, games, seed0)
    heu = heuristic_arm(faction, games, seed0)
    margin = 100 * (pol["win_rate"] - heu["win_rate"])
    apart = pol["wilson95"][0] > heu["wilson95"][1] or heu["wilson95"][0] > pol["wilson95"][1]
    return {"faction": faction, "table": list(TABLES[faction]), "games": games, "seed0": seed0, "policy": pol,
            "heuristic": {k: heu[k] for k in ("wins", "games", "win_rate", "wilson95", "by_seat", "seconds",
                                             "cpu_seconds")},
            "margin_points": margin, "intervals_apart": bool(apart),
            "goal_met": bool(margin >= GOAL_POINTS and pol["wilson95"][0] > heu["wilson95"][1])}


def merge(parts: list[dict]) -> dict:
    """One result from ``compare`` results of consecutive game ranges (a run split over processes: part k's
    ``seed0`` is the previous part's ``seed0`` plus its games, every part but the last a multiple of 4 games, so game
    i of the whole keeps seed ``seed0 + i`` and rotation i % 4): the wins, seats and seconds added, the Wilson
    intervals, margin and goal of the whole; ValueError for parts that are not consecutive or not of one policy."""
    from root_env.balance.stats import wilson
    parts = sorted(parts, key=lambda r: r["seed0"])
    first = parts[0]
    for a, b in zip(parts, parts[1:]):
        if b["seed0"] != a["seed0"] + a["games"] or a["games"] % 4:
            raise ValueError(f"parts not consecutive: seed0 {a['seed0']} + {a['games']} games, then seed0 {b['seed0']}")
    for key in ("faction", "table", "policy_sha256", "play"):
        if any(r.get(key) != first.get(key) for r in parts):
            raise ValueError(f"parts of different runs: their {key!r} differ")
    games = sum(r["games"] for r in parts)

    def arm(name):
        wins = sum(r[name]["wins"] for r in parts)
        by_seat = [[sum(r[name]["by_seat"][s][k] for r in parts) for k in (0, 1)] for s in range(len(first["table"]))]
        return {"wins": wins, "games": games, "win_rate": wins / games, "wilson95": list(wilson(wins, games)),
                "by_seat": by_seat, "seconds": sum(r[name]["seconds"] for r in parts),
                "cpu_seconds": sum(r[name]["cpu_seconds"] for r in parts)}
    pol, heu = arm("policy"), arm("heuristic")
    margin = 100 * (pol["win_rate"] - heu["win_rate"])
    apart = pol["wilson95"][0] > heu["wilson95"][1] or heu["wilson95"][0] > pol["wilson95"][1]
    out = {"faction": first["faction"], "table": first["table"], "games": games, "seed0": first["seed0"],
           "policy": pol, "heuristic": heu, "margin_points": margin, "intervals_apart": bool(apart),
           "goal_met": bool(margin >= GOAL_POINTS and pol["wilson95"][0] > heu["wilson95"][1]),
           "parts": [r.get("command", "") for r in parts]}
    if all("random" in r for r in parts):
        out["random"] = arm("random")
    for key in ("policy_sha256", "play"):
        if key in first:
            out[key] = first[key]
    return out


def markdown(r: dict, command: str) -> str:
    p, h = r["policy"], r["heuristic"]
    return "\n".join([
        f"# Trained policy alone vs the heuristic: {r['faction']}", "",
        f"`{command}`", "",
        f"Table {', '.join(r['table'])}; game i seated in rotation i % 4, seeded {r['seed0']} + i; the other three seats "
        f"`heuristic`; both arms on the same seeds and seats. The policy plays alone, no search: "
        f"{r.get('play', 'likeliest legal action')}.", "",
        "| faction | games | policy | 95 % Wilson | heuristic | 95 % Wilson | margin | intervals apart | goal (+15, apart) |",
        "|---|---|---|---|---|---|---|---|---|",
        f"| {r['faction']} | {r['games']} | {p['win_rate']:.3f} ({p['wins']}) | {p['wilson95'][0]:.3f}–{p['wilson95'][1]:.3f} "
        f"| {h['win_rate']:.3f} ({h['wins']}) | {h['wilson95'][0]:.3f}–{h['wilson95'][1]:.3f} | {r['margin_points']:+.1f} "
        f"| {'yes' if r['intervals_apart'] else 'no'} | {'met' if r['goal_met'] else 'not met'} |", "",
        f"Wins by seat (seat index of the rotated table): policy {p['by_seat']}, heuristic {h['by_seat']}.", "",
        f"CPU seconds: policy arm {p['cpu_seconds']:.0f}, heuristic arm {h['cpu_seconds']:.0f} (wall {p['seconds']:.0f} "
        f"and {h['seconds']:.0f}, `nice -n 5` on the shared 2-core machine).", "", random_line(r)])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.pretrained_strength", description=__doc__.split("\n\n")[0])
    ap.add_argument("--faction", required=True, choices=sorted(TABLES))
    ap.add_argument("--policy", default=None, help="a policy file (agents.pretrained); default the shipped one")
    ap.add_argument("--games", type=int, default=384)
    ap.add_argument("--seed0", type=int, default=SEED0)
    ap.add_argument("--sample", action="store_true", help="draw from the policy instead of its likeliest action")
    ap.add_argument("--random-arm", action="store_true",
                    help="also the random agent in the faction's seat on the same seeds (a floor for a weak heuristic)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--md", default=None)
    ap.add_argument("--merge", nargs="+", default=None, metavar="JSON",
                    help="combine the --json results of consecutive game ranges (one run split over processes: "
                         "--seed0 350000 --games 128, --seed0 350128 --games 128, ...) into one result")
    a = ap.parse_args(argv)
    if a.merge:
        r = merge([json.loads(open(f).read()) for f in a.merge])
        if r["faction"] != a.faction:
            print(f"error: the parts measure {r['faction']!r}, not {a.faction!r}", file=sys.stderr)
            return 2
        r["command"] = command = ("python -m benchmarks.pretrained_strength " +
                                  " ".join(sys.argv[1:] if argv is None else argv) + "   # of: " + "; ".join(r["parts"]))
        return _write(r, command, a)
    from agents import pretrained
    greedy = not a.sample
    agent = pretrained.load(a.faction, greedy=greedy) if a.policy is None else pretrained.load_path(a.policy, greedy=greedy)
    if agent.faction != a.faction:
        print(f"error: the policy plays {agent.faction!r}, not {a.faction!r}", file=sys.stderr)
        return 2
    r = compare(a.faction, agent, a.games, a.seed0)
    if a.random_arm:
        r["random"] = policy_arm(a.faction, "random", a.games, a.seed0)
    command = "python -m benchmarks.pretrained_strength " + " ".join(sys.argv[1:] if argv is None else argv)
    r["command"] = command
    from agents.train.export import file_digest
    r["policy_sha256"] = file_digest(pretrained.path_of(a.faction) if a.policy is None else a.policy)
    r["play"] = "likeliest legal action" if greedy else "sampled from the policy (generator seed 0)"
    return _write(r, command, a)


def _write(r: dict, command: str, a) -> int:
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(r, fh, indent=1)
    if a.md:
        with open(a.md, "w") as fh:
            fh.write(markdown(r, command))
    print(markdown(r, command))
    return 0


def random_line(r: dict) -> str:
    """The random arm's line (``--random-arm``), empty without one."""
    if "random" not in r:
        return ""
    q = r["random"]
    return (f"The random agent in the same seats and seeds: {q['win_rate']:.3f} ({q['wins']} / {q['games']}, "
            f"{q['wilson95'][0]:.3f}–{q['wilson95'][1]:.3f}); by seat {q['by_seat']}.\n")


if __name__ == "__main__":
    raise SystemExit(main())

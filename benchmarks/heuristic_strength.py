"""Strength of the second heuristic (``heuristic``, playing the table) against the first (``heuristic_v1``), and the
speed of both (issue 34, section 1).

    python -m benchmarks.heuristic_strength [--games 400] [--factions marquise,corvids] [--speed-games 40]
                                            [--json benchmarks/results/heuristic_strength.json]

Strength: for each of the eight faction types F, four-player tables (``TABLES``: the base four, or F in the place
of a base faction), F played by ``heuristic`` and the three others by ``heuristic_v1``, against the same seeds and
seats with F played by ``heuristic_v1`` (then all four seats are v1). Game i is seated in rotation i % 4 of F's
table and seeded SEED0 + i, so both arms play the same seats and seeds (paired) and every seat is played
games / 4 times. Win rates with Wilson 95 % intervals (``root_env.balance.stats.wilson``); a Vagabond's
coalition win counts for him and his partner (both are winners, Law 9.2.8). ``goal_met[F]``: v2's win rate is
at least v1's plus 15 points and the two intervals are apart (v2's lower end above v1's upper end).

Speed: four-player base games per CPU second (``time.process_time``, one thread) with every seat ``heuristic``
and with every seat ``heuristic_v1``, the same seeds, in alternating rounds (``speed``). ``--speed-only --against REV``
compares this tree with another revision side by side, a fresh process per tree and round (``speed_against``):

    python -m benchmarks.heuristic_strength --speed-only --against 5a2a680 [--speed-games 24] [--rounds 6]
                                            [--json benchmarks/results/heuristic_speed.json]
"""
from __future__ import annotations

import argparse
import json
import platform
import time
from datetime import datetime, timezone

import numpy as np

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards", "riverfolk", "corvids")
TABLES = {f: BASE4 for f in BASE4}
TABLES.update({"vagabond2": ("marquise", "eyrie", "vagabond", "vagabond2"),
               "lizards": ("marquise", "eyrie", "alliance", "lizards"),
               "riverfolk": ("marquise", "eyrie", "alliance", "riverfolk"),
               "corvids": ("marquise", "eyrie", "alliance", "corvids"),
               "hundreds": ("marquise", "eyrie", "alliance", "hundreds"),  # issue 38: ISMCTS measured for them
               "keepers": ("marquise", "eyrie", "alliance", "keepers"),  # issue 35: trained policies measured there
               "duchy": ("marquise", "eyrie", "alliance", "duchy")})  # issue 37: its heuristic measured there
SEED0 = 340_000
GOAL_POINTS = 15.0


def rotated_games(table, agents_of, games, seed0, ismcts_options=None, threads=None):
    """Game i of `table` seated in rotation i % 4 and seeded seed0 + i: [(seats, winners)] per rotation, wall and
    CPU seconds. agents_of(seats) gives the agents."""
    from agents.arena import play_games
    out = []
    t0, c0 = time.perf_counter(), time.process_time()
    for rot in range(4):
        seeds = seed0 + np.arange(rot, games, 4)
        if seeds.size == 0:
            continue
        seats = table[rot:] + table[:rot]
        r = play_games(seeds.size, seats, agents_of(seats), seeds=seeds, threads=threads, ismcts_options=ismcts_options)
        out.append((seats, r["winners"]))
    return out, time.perf_counter() - t0, time.process_time() - c0


def win_rate(played, faction, kind, games, wall, cpu) -> dict:
    """`faction`'s wins in `played` (``rotated_games``), with a Wilson 95 % interval, per seat, and the time taken; a
    Vagabond's coalition win counts for him and his partner."""
    from root_env.data import FACTION_NAMES
    from root_env.balance.stats import wilson
    wins = 0
    by_seat = [[0, 0] for _ in played[0][0]]
    for seats, winners in played:
        won = int(((winners >> FACTION_NAMES.index(faction)) & 1).sum())
        wins += won
        by_seat[seats.index(faction)][0] += won
        by_seat[seats.index(faction)][1] += int(winners.size)
    lo, hi = wilson(wins, games)
    return {"kind": kind, "wins": wins, "games": games, "win_rate": wins / games, "wilson95": [lo, hi],
            "by_seat": by_seat, "seconds": wall, "cpu_seconds": cpu, "games_per_cpu_second": games / max(cpu, 1e-9)}


def arm(faction: str, kind: str, games: int, threads: int | None = None, opponents: str = "heuristic_v1",
        seed0: int = SEED0, ismcts_options: dict | None = None) -> dict:
    """Wins of `faction` played by `kind` (the other three by `opponents`) over `games` games, seats rotated (game i
    in rotation i % 4, seeded seed0 + i); `ismcts_options`: the faction's ISMCTS options, when it searches."""
    def agents_of(seats):
        return {g: (kind if g == faction else opponents) for g in seats}
    played, wall, cpu = rotated_games(TABLES[faction], agents_of, games, seed0,
                                      {faction: ismcts_options} if ismcts_options else None, threads)
    return dict(win_rate(played, faction, kind, games, wall, cpu), options=ismcts_options or {})


def write_results(path, res: dict, table: str) -> None:
    """The results as JSON at `path` and the Markdown `table` beside it (same name, .md)."""
    from pathlib import Path
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(res, indent=1) + "\n")
    p.with_suffix(".md").write_text(table + "\n")


def speed(games: int, reps: int = 6) -> dict:
    """Four-player base games per CPU second, one thread, with every seat ``heuristic`` and with every seat
    ``heuristic_v1``: `reps` rounds of `games` games (the same seeds for both kinds within a round), the kinds
    alternating, so that a busy machine slows both alike; the best round and the median of each kind."""
    from agents.arena import play_games
    rates = {"heuristic": [], "heuristic_v1": []}
    for rep in range(reps):
        for kind in rates:
            t = time.process_time()
            play_games(games, BASE4, kind, seed=SEED0 + rep * games, threads=1)
            rates[kind].append(games / (time.process_time() - t))
    out = {k: {"best": max(v), "median": float(np.median(v)), "rounds": v} for k, v in rates.items()}
    out["ratio_best"] = out["heuristic"]["best"] / out["heuristic_v1"]["best"]
    out["games_per_round"] = games
    return out


# Run inside a tree (``speed_against``): one round, every seat `kind` for each kind, one JSON line {kind: [games per
# CPU second, decisions]}. The first game loads (or compiles) the arena, untimed.
_SPEED_ROUND = r"""
import json, sys, time
from agents.arena import play_games
games, seed, seats = int(sys.argv[1]), int(sys.argv[2]), tuple(sys.argv[3].split(","))
play_games(1, seats, "heuristic", seed=0, threads=1)
play_games(1, seats, "heuristic_v1", seed=0, threads=1)
out = {}
for kind in ("heuristic", "heuristic_v1"):
    t = time.process_time()
    r = play_games(games, seats, kind, seed=seed, threads=1)
    out[kind] = [games / (time.process_time() - t), int(r["decisions"].sum())]
print(json.dumps(out))
"""


def speed_against(rev: str, games: int = 24, reps: int = 6, seats=BASE4) -> dict:
    """This tree's heuristics against revision `rev`'s (or the tree at the path `rev`), side by side: `reps` rounds, in
    each a fresh process per tree (the order alternating from round to round) times `games` games of `seats` with
    every seat ``heuristic``, then ``heuristic_v1`` (the same seeds in both trees, new seeds each round; games per CPU
    second, one thread). Per tree and kind the rounds, median and best; per kind the ratio of medians (this tree /
    the other), the median of the rounds' own ratios (``paired``) and the ratio of the best rounds. Both trees must
    play the same games: their decision counts are compared in every round (``same_games``)."""
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path
    from benchmarks.side_by_side import export, _loadavg
    here = Path(__file__).resolve().parents[1]
    tmp = None
    other = Path(rev)
    if not other.is_dir():
        tmp = tempfile.TemporaryDirectory(prefix="heuristic_speed_")
        other = export(rev, Path(tmp.name))
    trees = {"this": here, "other": other}
    rounds = {t: {"heuristic": [], "heuristic_v1": []} for t in trees}
    same = True
    load = [_loadavg()]
    for rep in range(reps):
        seen = {}
        for t in (("this", "other") if rep % 2 == 0 else ("other", "this")):
            env = {**os.environ, "PYTHONPATH": str(trees[t])}
            p = subprocess.run([sys.executable, "-c", _SPEED_ROUND, str(games), str(SEED0 + rep * games),
                                ",".join(seats)], cwd=trees[t], env=env, capture_output=True, text=True)
            if p.returncode != 0:
                raise RuntimeError(f"speed round in {trees[t]} failed:\n{p.stderr[-2000:]}")
            res = json.loads(p.stdout.strip().splitlines()[-1])
            for kind, (rate, decisions) in res.items():
                rounds[t][kind].append(rate)
                seen.setdefault(kind, set()).add(decisions)
        same = same and all(len(v) == 1 for v in seen.values())
        print(f"round {rep + 1}/{reps}: " + ", ".join(f"{t} {k} {rounds[t][k][-1]:.1f}" for t in trees
                                                      for k in rounds[t]), flush=True)
    load.append(_loadavg())
    if tmp is not None:
        tmp.cleanup()
    out = {"rev": rev, "games_per_round": games, "rounds": reps, "seats": list(seats), "loadavg": load,
           "same_games": same, "trees": {}}
    for t in trees:
        out["trees"][t] = {k: {"median": float(np.median(v)), "best": max(v), "rounds": v} for k, v in rounds[t].items()}
    out["ratio"] = {}
    for k in ("heuristic", "heuristic_v1"):
        a, b = rounds["this"][k], rounds["other"][k]
        out["ratio"][k] = {"medians": float(np.median(a) / np.median(b)),
                           "paired": float(np.median([x / y for x, y in zip(a, b)])), "best": max(a) / max(b)}
    return out


def speed_table_md(res: dict) -> str:
    """``speed_against``'s figures as a Markdown table."""
    lines = [f"Four-player games ({', '.join(res['seats'])}) per CPU second, one thread, {res['rounds']} alternating "
             f"rounds of {res['games_per_round']} games; this tree against {res['rev']}; load {res['loadavg'][0]} -> "
             f"{res['loadavg'][1]}; same games in both trees: {res['same_games']}.", "",
             "| kind | this: median | this: best | other: median | other: best | ratio of medians | paired | best |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for k, r in res["ratio"].items():
        a, b = res["trees"]["this"][k], res["trees"]["other"][k]
        lines.append(f"| {k} | {a['median']:.1f} | {a['best']:.1f} | {b['median']:.1f} | {b['best']:.1f} | "
                     f"{r['medians']:.3f} | {r['paired']:.3f} | {r['best']:.3f} |")
    return "\n".join(lines)


def run(games: int = 400, factions=FACTIONS, speed_games: int = 12, threads: int | None = None) -> dict:
    from agents.arena import play_games
    play_games(1, BASE4, {"marquise": "heuristic", "eyrie": "heuristic_v1", "alliance": "heuristic_v1",
                          "vagabond": "heuristic_v1"}, seed=0)  # compile before timing
    rows = {}
    for f in factions:
        v2 = arm(f, "heuristic", games, threads)
        v1 = arm(f, "heuristic_v1", games, threads)
        margin = 100 * (v2["win_rate"] - v1["win_rate"])
        rows[f] = {"table": list(TABLES[f]), "heuristic": v2, "heuristic_v1": v1, "margin_points": margin,
                   "goal_met": bool(margin >= GOAL_POINTS and v2["wilson95"][0] > v1["wilson95"][1])}
        print(f"{f:10s} v2 {v2['win_rate']:.3f} [{v2['wilson95'][0]:.3f}, {v2['wilson95'][1]:.3f}]  "
              f"v1 {v1['win_rate']:.3f} [{v1['wilson95'][0]:.3f}, {v1['wilson95'][1]:.3f}]  "
              f"margin {margin:+.1f}  goal {'met' if rows[f]['goal_met'] else 'not met'}", flush=True)
    out = {"command": "python -m benchmarks.heuristic_strength", "date": datetime.now(timezone.utc).isoformat(),
           "machine": platform.processor() or platform.machine(), "games_per_faction": games, "seed0": SEED0,
           "goal_points": GOAL_POINTS, "rows": rows}
    if speed_games:
        out["speed_games_per_cpu_second"] = speed(speed_games)
        print("speed, 4-player games per CPU second:", out["speed_games_per_cpu_second"], flush=True)
    return out


def table_md(res: dict) -> str:
    lines = ["| faction | table | heuristic (v2) | 95 % Wilson | heuristic_v1 | 95 % Wilson | margin | goal |",
             "|---|---|---|---|---|---|---|---|"]
    for f, r in res["rows"].items():
        a, b = r["heuristic"], r["heuristic_v1"]
        lines.append(f"| {f} | {', '.join(r['table'])} | {a['win_rate']:.3f} | {a['wilson95'][0]:.3f}–"
                     f"{a['wilson95'][1]:.3f} | {b['win_rate']:.3f} | {b['wilson95'][0]:.3f}–{b['wilson95'][1]:.3f} | "
                     f"{r['margin_points']:+.1f} | {'met' if r['goal_met'] else 'not met'} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.heuristic_strength", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="games per faction and arm (a multiple of 4)")
    ap.add_argument("--factions", default=",".join(FACTIONS))
    ap.add_argument("--speed-games", type=int, default=12, help="games per round and kind for the speed figure "
                    "(six rounds; 0: none)")
    ap.add_argument("--speed-only", action="store_true", help="only the speed figure")
    ap.add_argument("--against", default=None, help="with --speed-only: this tree's speed against a git revision's "
                    "(or a tree's folder), side by side (speed_against); --rounds rounds of --speed-games games")
    ap.add_argument("--rounds", type=int, default=6, help="rounds of --against")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--json", default=None, help="write the results here (and a .md table beside it)")
    a = ap.parse_args(argv)
    factions = tuple(x.strip() for x in a.factions.split(","))
    bad = [f for f in factions if f not in TABLES]
    if bad or a.games < 4 or a.speed_games < 0:
        ap.error(f"factions must be among {FACTIONS} (got {bad}), games >= 4, speed-games >= 0")
    if a.against:
        if not a.speed_only or a.speed_games < 1 or a.rounds < 1:
            ap.error("--against needs --speed-only, --speed-games >= 1 and --rounds >= 1")
        res = speed_against(a.against, a.speed_games, a.rounds)
        print(speed_table_md(res))
        if a.json:
            write_results(a.json, res, speed_table_md(res))
        return 0
    res = run(a.games, () if a.speed_only else factions, a.speed_games, a.threads)
    print(table_md(res))
    if a.json:
        write_results(a.json, res, table_md(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

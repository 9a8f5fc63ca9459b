"""The ISMCTS arm of ``benchmarks.ismcts_strength`` in resumable chunks, for budgets whose 200 games take hours.

    python -m benchmarks.ismcts_chunked --faction corvids --budget 6400 [--games 200] [--chunk 8] [--threads 2]
                                        [--options '{"c": 0.35}'] --log benchmarks/results/x.jsonl
    python -m benchmarks.ismcts_chunked --faction corvids --budget 6400 --start 100 --log y.jsonl   # a second process
    python -m benchmarks.ismcts_chunked --faction corvids --budget 6400 --log x.jsonl --log y.jsonl --summary x.json

Games and seats are exactly ``benchmarks.ismcts_strength``'s: game i is seeded ``seed0 + i`` and seated in rotation
i % 4 of the faction's table (``rotated_games``), so a chunk of ``--chunk`` games (a multiple of 4) starting at game
k plays games k .. k + chunk - 1 of the full run with every seat equally often. Each finished chunk is appended to
``--log`` as one JSON line (wins, games, by seat, CPU and wall seconds); a rerun skips the chunks already there, and a
run stopped early leaves a seat-balanced partial result. ``--start`` (a multiple of 4) begins at that game, so that
a second process can play another range into its own log. ``--summary`` combines the logs' chunks with heuristic v2
on the same games (``ismcts_strength.heuristic_arm`` on each run of consecutive chunks, cheap) into
``ismcts_strength``'s JSON and table (``games`` = the games played so far, stated as partial when fewer than
``--games``).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from benchmarks.heuristic_strength import TABLES
from benchmarks.ismcts_strength import GOAL_POINTS, SEED0, arm, goal_met, heuristic_arm, table_md


def done_chunks(*logs: Path) -> dict:
    """First game of each chunk already in the logs -> its row."""
    out = {}
    for log in logs:
        if log.exists():
            out.update((r["first_game"], r) for r in map(json.loads, log.read_text().splitlines()))
    return out


def play(faction: str, budget: int, games: int, chunk: int, seed0: int, options: dict, threads, log: Path,
         start: int = 0) -> None:
    if chunk % 4 or start % 4:
        raise ValueError(f"--chunk and --start must be multiples of 4 (every seat equally often), got {chunk}, {start}")
    have = done_chunks(log)
    for k in range(start, games, chunk):
        if k in have:
            continue
        n = min(chunk, games - k)
        r = arm(faction, f"ismcts:{budget}", n, seed0 + k, options or None, threads)
        row = {"first_game": k, "faction": faction, "budget": budget, "seed0": seed0, "options": options,
               "date": datetime.now(timezone.utc).isoformat(), **r}
        with log.open("a") as fh:
            fh.write(json.dumps(row) + "\n")
        print(f"{faction} ismcts:{budget} games {k}-{k + n - 1}: {r['wins']}/{n}  "
              f"{r['games_per_cpu_second']:.3f} games/CPU s", flush=True)


def _sum_rows(rows: list, kind: str) -> dict:
    """Rows of ``win_rate`` (disjoint games) summed into one, its Wilson interval anew."""
    from root_env.balance.stats import wilson
    wins, games = sum(r["wins"] for r in rows), sum(r["games"] for r in rows)
    cpu = sum(r["cpu_seconds"] for r in rows)
    return {"kind": kind, "wins": wins, "games": games, "win_rate": wins / games, "wilson95": list(wilson(wins, games)),
            "by_seat": [[sum(r["by_seat"][s][i] for r in rows) for i in (0, 1)] for s in range(4)],
            "seconds": sum(r["seconds"] for r in rows), "cpu_seconds": cpu,
            "games_per_cpu_second": games / max(cpu, 1e-9)}


def summary(faction: str, budget: int, games: int, seed0: int, logs, threads) -> dict:
    """The logs' chunks beside heuristic v2 on the same games (played for each run of consecutive chunks), as
    ismcts_strength's JSON."""
    from agents import ismcts
    have = done_chunks(*logs)
    if not have:
        raise ValueError(f"no chunk in {[str(x) for x in logs]}")
    chunks = [have[k] for k in sorted(have)]
    if any(a["first_game"] + a["games"] > b["first_game"] for a, b in zip(chunks, chunks[1:])):
        raise ValueError("overlapping chunks in the logs")
    runs = []  # [first game, games] of each run of consecutive chunks
    for c in chunks:
        if runs and sum(runs[-1]) == c["first_game"]:
            runs[-1][1] += c["games"]
        else:
            runs.append([c["first_game"], c["games"]])
    played = sum(n for _, n in runs)
    s = _sum_rows(chunks, f"ismcts:{budget}")
    h = _sum_rows([heuristic_arm(TABLES[faction], n, seed0 + k, threads)[faction] for k, n in runs], "heuristic")
    options = chunks[0]["options"]
    return {
        "command": "python -m benchmarks.ismcts_chunked " + " ".join(sys.argv[1:]),
        "date": datetime.now(timezone.utc).isoformat(), "opponents": "heuristic (v2)", "budget": budget,
        "games_per_faction": played, "games_planned": games, "partial": played < games, "seed0": seed0,
        "game_ranges": [[k, k + n - 1] for k, n in runs], "factions": [faction], "goal_points": GOAL_POINTS,
        "chunks": len(chunks),
        "chunk_dates": [min(c["date"] for c in chunks), max(c["date"] for c in chunks)],
        "options": {faction: {k: v for k, v in ismcts.describe(ismcts.faction_options(faction, **options)).items()
                              if k != "iterations"}},
        "rows": {faction: {"table": list(TABLES[faction]), "ismcts": s, "heuristic": h,
                           "margin_points": 100 * (s["win_rate"] - h["win_rate"]), "goal_met": goal_met(s, h)}},
        "curve": {}, "heuristic_same_games": {}, "speed_1core": {}, "root_parallel": None,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--faction", required=True, choices=sorted(TABLES))
    p.add_argument("--budget", type=int, required=True)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--chunk", type=int, default=8)
    p.add_argument("--seed0", type=int, default=SEED0)
    p.add_argument("--start", type=int, default=0, help="first game to play (a multiple of 4)")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--options", default="{}", help="JSON: agents.ismcts.options keywords for the faction")
    p.add_argument("--log", required=True, action="append",
                   help="JSON lines, one per chunk (appended; resumed); --summary reads every --log given")
    p.add_argument("--summary", default=None, help="write the combined JSON here (and a .md table beside it)")
    a = p.parse_args(argv)
    logs = [Path(x) for x in a.log]
    if a.summary:
        res = summary(a.faction, a.budget, a.games, a.seed0, logs, a.threads)
        Path(a.summary).write_text(json.dumps(res, indent=1) + "\n")
        Path(a.summary).with_suffix(".md").write_text(table_md(res) + "\n")
        print(table_md(res))
        return 0
    options = json.loads(a.options)
    if not isinstance(options, dict):
        raise ValueError("--options must be a JSON object of agents.ismcts.options keywords")
    t0 = time.perf_counter()
    if len(logs) != 1:
        raise ValueError("play into one --log")
    play(a.faction, a.budget, a.games, a.chunk, a.seed0, options, a.threads, logs[0], a.start)
    print(f"done in {time.perf_counter() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Strength of a policy-guided ISMCTS agent (``ismcts:N:guide=pretrained``, ``agents.ismcts_agent``) against heuristic
v2, on the games of ``benchmarks.ismcts_strength`` (issue 34, section 2), in resumable chunks.

    python -m benchmarks.guided_search_strength --faction corvids --spec ismcts:1600:guide=pretrained \\
        [--games 200] [--start 0] [--chunk 4] --log runs/x.jsonl
    python -m benchmarks.guided_search_strength --faction corvids --spec ismcts:1600:guide=pretrained \\
        --log runs/x.jsonl --summary benchmarks/results/ismcts_guided_corvids.json

Game i is seeded ``440,000 + i`` and seated in rotation i % 4 of the faction's table (``ismcts_strength``'s games):
the faction played by `--spec`, the three others by heuristic v2, through the Python loop (``agents.game_loop``: a guided
search asks its policy in Python). Each chunk of ``--chunk`` games (a multiple of 4, so every seat is played equally
often) is appended to ``--log`` as one JSON line (wins, by seat, CPU seconds); a rerun skips the chunks already there.
``--summary`` reads the logs' chunks (they must cover games 0 .. n-1), plays heuristic v2 in the faction's seat on
the same n games (the arena, as ``ismcts_strength`` does) and writes the JSON and a markdown table beside it: win
rates with Wilson 95 % intervals, the margin, and the goal (at least +25 points, intervals apart).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # the policy's one-row products (benchmarks.pretrained_strength)

from benchmarks.heuristic_strength import TABLES  # noqa: E402
from benchmarks.ismcts_strength import SEED0, goal_met, heuristic_arm  # noqa: E402


def chunks_done(logs) -> dict:
    """First game of each chunk already in the logs -> its row."""
    out = {}
    for log in logs:
        if Path(log).exists():
            out.update((r["first_game"], r) for r in map(json.loads, Path(log).read_text().splitlines()))
    return out


def play_chunk(faction: str, spec: str, first: int, n: int, seed0: int = SEED0) -> dict:
    """Games first .. first + n - 1 (``ismcts_strength``'s seeds and seats) with `spec` in `faction`'s seat."""
    from agents.game_loop import play_games
    from root_env.data import FACTION_NAMES
    table = TABLES[faction]
    fid = FACTION_NAMES.index(faction)
    c0, t0 = time.process_time(), time.perf_counter()
    wins, by_seat, search_cpu = 0, [[0, 0] for _ in table], 0.0
    for i in range(first, first + n):
        rot = i % 4
        seats = table[rot:] + table[:rot]
        r = play_games(seats, {f: (spec if f == faction else "heuristic") for f in seats}, [seed0 + i])
        w = int((int(r["winners"][0]) >> fid) & 1)
        wins += w
        by_seat[seats.index(faction)][0] += w
        by_seat[seats.index(faction)][1] += 1
        search_cpu += float(r["search_seconds"][seats.index(faction)])
    return {"first_game": first, "games": n, "wins": wins, "by_seat": by_seat, "cpu_seconds": time.process_time() - c0,
            "wall_seconds": time.perf_counter() - t0, "search_cpu_seconds": search_cpu}


def play(faction: str, spec: str, games: int, start: int, chunk: int, log: Path, seed0: int = SEED0) -> None:
    done = chunks_done([log])
    for first in range(start, games, chunk):
        if first in done:
            continue
        row = play_chunk(faction, spec, first, min(chunk, games - first), seed0)
        row.update(faction=faction, spec=spec, seed0=seed0)
        with open(log, "a") as fh:
            fh.write(json.dumps(row) + "\n")
        print(f"games {first}-{first + row['games'] - 1}: {row['wins']} wins, {row['cpu_seconds']:.0f} CPU s",
              flush=True)


def summary(faction: str, spec: str, logs, seed0: int = SEED0) -> dict:
    from root_env.balance.stats import wilson
    rows = sorted(chunks_done(logs).values(), key=lambda r: r["first_game"])
    rows = [r for r in rows if r.get("spec", spec) == spec and r.get("faction", faction) == faction]
    n = 0
    for r in rows:
        if r["first_game"] != n:
            raise ValueError(f"the logs' chunks do not cover games 0..: game {n} missing")
        n += r["games"]
    if not n:
        raise ValueError("no games in the logs")
    wins = sum(r["wins"] for r in rows)
    cpu = sum(r["cpu_seconds"] for r in rows)
    by_seat = [[sum(r["by_seat"][s][k] for r in rows) for k in (0, 1)] for s in range(len(TABLES[faction]))]
    s = {"kind": spec, "wins": wins, "games": n, "win_rate": wins / n, "wilson95": list(wilson(wins, n)),
         "by_seat": by_seat, "cpu_seconds": cpu, "games_per_cpu_second": n / max(cpu, 1e-9),
         "search_cpu_seconds": sum(r["search_cpu_seconds"] for r in rows)}
    h = heuristic_arm(TABLES[faction], n, seed0, 1)[faction]
    margin = 100 * (s["win_rate"] - h["win_rate"])
    return {"command": "python -m benchmarks.guided_search_strength " + " ".join(sys.argv[1:]),
            "date": datetime.now(timezone.utc).isoformat(), "faction": faction, "table": list(TABLES[faction]),
            "spec": spec, "games": n, "seed0": seed0, "search": s,
            "heuristic": {k: h[k] for k in ("wins", "games", "win_rate", "wilson95", "by_seat")},
            "margin_points": margin, "goal_met": goal_met(s, h)}


def table_md(r: dict) -> str:
    s, h = r["search"], r["heuristic"]
    return "\n".join([
        "| faction | agent | games | search [Wilson 95 %] | heuristic v2, same games [Wilson 95 %] | margin | goal | "
        "games/CPU s |", "|---|---|---|---|---|---|---|---|",
        f"| {r['faction']} | `{r['spec']}` | {r['games']} | {s['win_rate']:.3f} [{s['wilson95'][0]:.3f}, "
        f"{s['wilson95'][1]:.3f}] ({s['wins']}) | {h['win_rate']:.3f} [{h['wilson95'][0]:.3f}, {h['wilson95'][1]:.3f}]"
        f" ({h['wins']}) | {r['margin_points']:+.1f} | {'met' if r['goal_met'] else 'not met'} | "
        f"{s['games_per_cpu_second']:.3f} |"])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.guided_search_strength", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--faction", required=True, choices=sorted(TABLES))
    p.add_argument("--spec", required=True, help="the searcher's spec, e.g. ismcts:1600:guide=pretrained")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--chunk", type=int, default=4)
    p.add_argument("--seed0", type=int, default=SEED0)
    p.add_argument("--log", action="append", required=True, help="JSON lines of finished chunks (repeatable with "
                                                                 "--summary)")
    p.add_argument("--summary", default=None, help="write the summary JSON here (and a .md beside it); plays nothing "
                                                   "but heuristic v2's arm")
    a = p.parse_args(argv)
    if a.chunk < 1 or a.chunk % 4 or a.start % 4 or a.games < 1:
        p.error("--chunk and --start must be multiples of 4 (every seat equally often), --games positive")
    from agents.game_loop import seat_agent
    seat_agent(a.faction, a.spec, 0)  # a bad spec fails here, before any game
    if a.summary:
        r = summary(a.faction, a.spec, a.log, a.seed0)
        Path(a.summary).write_text(json.dumps(r, indent=1) + "\n")
        Path(a.summary).with_suffix(".md").write_text(f"`{r['command']}`\n\n{table_md(r)}\n")
        print(table_md(r))
        return 0
    if len(a.log) != 1:
        p.error("play into one --log")
    play(a.faction, a.spec, a.games, a.start, a.chunk, Path(a.log[0]), a.seed0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Strength and speed of the ISMCTS agent against heuristic v2 (issue 34, section 2), for the eight faction types
(``--factions`` also takes ``hundreds``: the Lord of the Hundreds' table, ``TABLES["hundreds"]``).

    python -m benchmarks.ismcts_strength [--budget 200] [--games 200] [--curve 100,400,1600] [--curve-games 48]
                                         [--factions marquise,corvids] [--options '{"vagabond": {"depth": 12}}']
                                         [--all-options '{"leaf": "heuristic"}'] [--seed0 440000] [--threads 2]
                                         [--json benchmarks/results/ismcts_strength.json]

Strength: for each faction type F, F's four-player table (``benchmarks.heuristic_strength.TABLES``: the base four,
or F in the place of a base faction; the second Vagabond at a table with two), F played by ``ismcts:BUDGET`` and the
three others by ``heuristic`` (v2), against the same seeds and seats with F played by ``heuristic`` (then all four
seats are v2). Game i is seated in rotation i % 4 of F's table and seeded ``seed0 + i``, so both arms play the same
seats and seeds (paired) and every seat is played games / 4 times. Win rates with Wilson 95 % intervals
(``root_env.balance.stats.wilson``); a Vagabond's coalition win counts for him and his partner (Law 9.2.8).
``goal_met[F]``: ISMCTS's win rate is at least the heuristic's plus ``GOAL_POINTS`` (25) and the two intervals are
apart (ISMCTS's lower end above the heuristic's upper end).

Curve: the ISMCTS arm again at each budget of ``--curve`` with ``--curve-games`` games per faction (the first
games of the same seeds), beside the main budget's row.

Speed: ISMCTS iterations per second on one core at each budget (``ISMCTSAgent``, one thread, mid-game positions of
heuristic games of every faction's table, CPU time), and each arm's games per CPU second (``time.process_time`` of
the whole process over the arm, so it is per core whatever the threads; the arena plays games on ``--threads``
threads). ``--root-parallel`` adds the wall-clock iterations per second of one decision with ``trees=K`` on K
threads against one tree (a loaded machine makes this figure meaningless: say what else ran).

Each faction searches with its default options (``agents.ismcts.faction_options``), changed by ``--all-options``
then ``--options`` (JSON: faction -> ``agents.ismcts.options`` keywords), recorded in the JSON.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from datetime import datetime, timezone

from benchmarks.heuristic_strength import FACTIONS, TABLES, rotated_games, win_rate, write_results

SEED0 = 440_000  # heuristic_strength uses 340,000; the ISMCTS defaults were chosen on 900,000 onwards
GOAL_POINTS = 25.0


def arm(faction: str, kind: str, games: int, seed0: int = SEED0, overrides: dict | None = None,
        threads: int | None = None) -> dict:
    """Wins of `faction` played by `kind` (the other three by heuristic v2) over `games` games, seats rotated."""
    def agents_of(seats):
        return {g: (kind if g == faction else "heuristic") for g in seats}
    played, wall, cpu = rotated_games(TABLES[faction], agents_of, games, seed0,
                                      {faction: overrides} if overrides else None, threads)
    return win_rate(played, faction, kind, games, wall, cpu)


def heuristic_arm(table, games: int, seed0: int = SEED0, threads: int | None = None) -> dict:
    """Every seat heuristic v2 at `table` (the same games as any faction's ISMCTS arm there): faction -> its row."""
    played, wall, cpu = rotated_games(table, lambda seats: "heuristic", games, seed0, None, threads)
    return {f: win_rate(played, f, "heuristic", games, wall, cpu) for f in table}


def goal_met(s: dict, h: dict) -> bool:
    """ISMCTS's wins at least the heuristic's plus GOAL_POINTS (in whole games, no rounding error) and its interval
    above the heuristic's."""
    return bool(s["wins"] * h["games"] - h["wins"] * s["games"] >= GOAL_POINTS / 100 * s["games"] * h["games"] - 1e-9
                and s["wilson95"][0] > h["wilson95"][1])


def positions(per_table: int = 3):
    """Mid-game positions with a real choice, from heuristic games at every table (one decider each)."""
    from root_env import Game
    from agents import HeuristicAgent
    out = []
    tables = sorted({TABLES[f] for f in FACTIONS})
    for t, table in enumerate(tables):
        for k in range(per_table):
            seed = 1000 * t + k
            g = Game.new(table, seed=seed)
            agents = {f: HeuristicAgent(f, seed=seed) for f in table}
            for _ in range(120 + 40 * k):
                if g.is_over:
                    break
                g.apply(agents[g.current_player].act(g))
            while not g.is_over and len(g.legal_actions()) < 2:
                g.apply(agents[g.current_player].act(g))
            if not g.is_over:
                out.append(g)
    return out


def iterations_per_s(budget: int, games, overrides_of) -> dict:
    """One-core ISMCTS iterations per CPU second at `budget` over the positions (after one warm-up decision)."""
    from agents import ISMCTSAgent
    agents = [ISMCTSAgent(g.current_player, iterations=budget, seed=i, threads=1, **overrides_of(g.current_player))
              for i, g in enumerate(games)]
    agents[0].act(games[0])  # compiled before timing
    c0 = time.process_time()
    iters = 0
    for a, g in zip(agents, games):
        a.act(g)
        iters += a.last_iterations
    cpu = time.process_time() - c0
    return {"iterations_per_cpu_s": iters / cpu, "decisions_per_cpu_s": len(games) / cpu, "decisions": len(games)}


def root_parallel(budget: int, trees: int, games, overrides_of) -> dict:
    """Wall-clock iterations per second of one decision: `trees` trees on as many threads, and one tree."""
    from agents import ISMCTSAgent
    out = {}
    for k in (1, trees):
        agents = [ISMCTSAgent(g.current_player, iterations=budget, seed=i, trees=k, threads=k,
                              **overrides_of(g.current_player)) for i, g in enumerate(games)]
        agents[0].act(games[0])
        t0 = time.perf_counter()
        iters = 0
        for a, g in zip(agents, games):
            a.act(g)
            iters += a.last_iterations
        out[f"trees={k}"] = iters / (time.perf_counter() - t0)
    out["speedup"] = out[f"trees={trees}"] / out["trees=1"]
    return out


def run(budget: int = 200, games: int = 200, curve=(100, 400, 1600), curve_games: int = 48, factions=FACTIONS,
        overrides: dict | None = None, all_options: dict | None = None, seed0: int = SEED0,
        threads: int | None = None, speed: bool = True, parallel_trees: int = 0) -> dict:
    import numba
    from agents import ismcts
    from agents.arena import play_games
    overrides = overrides or {}

    def overrides_of(f):
        return {**(all_options or {}), **overrides.get(f, {})}

    play_games(1, TABLES["marquise"], {"marquise": "ismcts:2", "eyrie": "heuristic", "alliance": "heuristic",
                                       "vagabond": "heuristic"}, seed=0)  # compile before timing
    t_start = time.perf_counter()
    rows = {}
    base_cache = {}
    for f in (factions if games else ()):
        s = arm(f, f"ismcts:{budget}", games, seed0, overrides_of(f), threads)
        if TABLES[f] not in base_cache:  # all-heuristic games: one set per table serves each of its factions
            base_cache[TABLES[f]] = heuristic_arm(TABLES[f], games, seed0, threads)
        h = base_cache[TABLES[f]][f]
        margin = 100 * (s["win_rate"] - h["win_rate"])
        rows[f] = {"table": list(TABLES[f]), "ismcts": s, "heuristic": h, "margin_points": margin,
                   "goal_met": goal_met(s, h)}
        print(f"{f:10s} ismcts:{budget} {s['win_rate']:.3f} [{s['wilson95'][0]:.3f}, {s['wilson95'][1]:.3f}]  "
              f"heuristic {h['win_rate']:.3f} [{h['wilson95'][0]:.3f}, {h['wilson95'][1]:.3f}]  margin {margin:+.1f}"
              f"  {s['games_per_cpu_second']:.2f} games/CPU s", flush=True)
    curve_rows = {}
    for b in curve:
        curve_rows[str(b)] = {}
        for f in factions:
            c = arm(f, f"ismcts:{b}", curve_games, seed0, overrides_of(f), threads)
            curve_rows[str(b)][f] = c
            print(f"curve {b:5d} {f:10s} {c['win_rate']:.3f} [{c['wilson95'][0]:.3f}, {c['wilson95'][1]:.3f}]  "
                  f"{c['games_per_cpu_second']:.3f} games/CPU s", flush=True)
    curve_base = {}
    if curve:  # heuristic v2 in the curve's seats and seeds (its first curve_games games)
        tables = {}
        for f in factions:
            if TABLES[f] not in tables:
                tables[TABLES[f]] = heuristic_arm(TABLES[f], curve_games, seed0, threads)
            curve_base[f] = {k: tables[TABLES[f]][f][k] for k in ("wins", "games", "win_rate", "wilson95")}
    speed_rows = {}
    par = None
    if speed:
        pos = positions()
        for b in sorted(set(curve) | {budget}):
            speed_rows[str(b)] = iterations_per_s(b, pos, overrides_of)
            print(f"speed {b:5d}: {speed_rows[str(b)]}", flush=True)
        if parallel_trees > 1:
            par = root_parallel(budget, parallel_trees, pos, overrides_of)
            print(f"root-parallel {parallel_trees} trees: {par}", flush=True)
    return {
        "command": "python -m benchmarks.ismcts_strength " + " ".join(sys.argv[1:]),
        "date": datetime.now(timezone.utc).isoformat(), "machine": platform.processor() or platform.machine(),
        "opponents": "heuristic (v2)", "budget": budget, "games_per_faction": games, "seed0": seed0,
        "curve_games_per_faction": curve_games, "factions": list(factions), "goal_points": GOAL_POINTS,
        "options": {f: {k: v for k, v in ismcts.describe(ismcts.faction_options(f, **overrides_of(f))).items()
                        if k != "iterations"} for f in factions},
        "rows": rows, "curve": curve_rows, "heuristic_same_games": curve_base, "speed_1core": speed_rows,
        "root_parallel": par,
        "threads": threads or numba.get_num_threads(), "wall_seconds": time.perf_counter() - t_start,
    }


def table_md(res: dict) -> str:
    b = res["budget"]
    lines = [f"| faction | table | ismcts:{b} | 95 % Wilson | heuristic (v2) | 95 % Wilson | margin | goal | "
             "ISMCTS games/CPU s |", "|---|---|---|---|---|---|---|---|---|"] if res["rows"] else []
    for f, r in res["rows"].items():
        a, h = r["ismcts"], r["heuristic"]
        lines.append(f"| {f} | {', '.join(r['table'])} | {a['win_rate']:.3f} | {a['wilson95'][0]:.3f}–"
                     f"{a['wilson95'][1]:.3f} | {h['win_rate']:.3f} | {h['wilson95'][0]:.3f}–{h['wilson95'][1]:.3f} | "
                     f"{r['margin_points']:+.1f} | {'met' if r['goal_met'] else 'not met'} | "
                     f"{a['games_per_cpu_second']:.2f} |")
    if res["curve"]:
        factions = res["factions"]
        main_n = f"; the main budget's {res['games_per_faction']}" if res["rows"] else ""
        lines += ["", f"Win rate against budget ({res['curve_games_per_faction']} games per faction and budget, the "
                  f"first games of the same seeds{main_n}):", "",
                  "| budget | " + " | ".join(factions) + " | iterations/CPU s |",
                  "|---" * (len(factions) + 2) + "|"]
        budgets = sorted({int(k) for k in res["curve"]} | ({b} if res["rows"] else set()))
        for k in budgets:
            src = res["curve"].get(str(k)) or {f: res["rows"][f]["ismcts"] for f in factions}
            sp = res["speed_1core"].get(str(k))
            lines.append(f"| {k} | " + " | ".join(f"{src[f]['win_rate']:.3f}" if f in src else "" for f in factions)
                         + (f" | {sp['iterations_per_cpu_s']:.0f} |" if sp else " | |"))
        same = res.get("heuristic_same_games") or {}
        if same:
            lines.append(f"| heuristic v2, same {res['curve_games_per_faction']} games | "
                         + " | ".join(f"{same[f]['win_rate']:.3f}" for f in factions) + " | |")
        if res["rows"]:
            lines.append(f"| heuristic v2, {res['games_per_faction']} games | "
                         + " | ".join(f"{res['rows'][f]['heuristic']['win_rate']:.3f}" for f in factions) + " | |")
    if res["speed_1core"]:
        lines += ["", "One core (CPU time, one thread, mid-game positions of every table): " + "; ".join(
            f"{b} iterations: {v['iterations_per_cpu_s']:.0f} iterations/s, {v['decisions_per_cpu_s']:.1f} decisions/s"
            for b, v in sorted(res["speed_1core"].items(), key=lambda kv: int(kv[0])))]
    if res.get("root_parallel"):
        par = res["root_parallel"]
        lines += ["", "Root-parallel, wall clock, one decision at the main budget: " + ", ".join(
            f"{k}: {v:.0f} iterations/s" for k, v in par.items() if k != "speedup") + f" (x{par['speedup']:.2f})"]
    return "\n".join(lines)


def _json_dict(p, flag, text, factions=None):
    try:
        d = json.loads(text)
        if not isinstance(d, dict):
            raise ValueError("give a JSON object")
        return d
    except ValueError as e:
        p.error(f"{flag}: {e}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.ismcts_strength", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--budget", type=int, default=200)
    p.add_argument("--games", type=int, default=200, help="games per faction and arm (seats rotated; 0: curve only)")
    p.add_argument("--curve", default="100,400,1600", help="comma-separated budgets for the curve ('' for none)")
    p.add_argument("--curve-games", type=int, default=48)
    p.add_argument("--factions", default=",".join(FACTIONS))
    p.add_argument("--options", default=None, help='JSON: faction -> agents.ismcts.options keywords, '
                                                   'e.g. \'{"vagabond": {"leaf": "vagabond", "depth": 4}}\'')
    p.add_argument("--all-options", default=None, help='JSON: options keywords for every faction, '
                                                       'e.g. \'{"leaf": "heuristic"}\'')
    p.add_argument("--seed0", type=int, default=SEED0)
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--no-speed", action="store_true")
    p.add_argument("--root-parallel", type=int, default=0, help="K: also time trees=K on K threads")
    p.add_argument("--json", default=None, help="write the JSON here (and a .md table beside it)")
    a = p.parse_args(argv)
    curve = [int(x) for x in a.curve.split(",") if x.strip()]
    if a.budget < 1 or a.games < 0 or a.curve_games < 1 or any(c < 1 for c in curve):
        p.error("budgets must be positive, game counts non-negative")
    factions = tuple(f.strip() for f in a.factions.split(",") if f.strip())
    if not factions or len(set(factions)) != len(factions) or not set(factions) <= set(TABLES):
        p.error(f"--factions must name distinct factions among {', '.join(TABLES)}, got {a.factions!r}")
    from agents import ismcts
    overrides = _json_dict(p, "--options", a.options) if a.options else {}
    all_options = _json_dict(p, "--all-options", a.all_options) if a.all_options else {}
    try:
        for f in factions:
            kw = {**all_options, **overrides.get(f, {})}
            if "iterations" in kw:
                raise ValueError("the budget is --budget, not an option")
            ismcts.faction_options(f, **kw)
        if not set(overrides) <= set(TABLES):
            raise ValueError(f"faction names must be among {', '.join(TABLES)}")
    except (ValueError, TypeError) as e:
        p.error(f"--options/--all-options: {e}")
    res = run(a.budget, a.games, curve, a.curve_games, factions, overrides, all_options, a.seed0,
              a.threads, not a.no_speed, a.root_parallel)
    print(table_md(res))
    if a.json:
        write_results(a.json, res, table_md(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

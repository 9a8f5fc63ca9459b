"""Strength and speed of the ISMCTS agent (issue 20, section 1) against the heuristic.

    python -m benchmarks.ismcts_strength [--budget 100] [--games 8] [--curve 25,50] [--curve-games 4]
                                         [--factions vagabond] [--options '{"vagabond": {"depth": 12}}']
                                         [--json benchmarks/results/ismcts_strength.json]

Strength: for each base faction F and each of the four rotations of the seating, `games` games with F
played by ``ismcts:BUDGET`` and the three others by the heuristic, against the same seeds and seats
with F played by the heuristic (then all four seats are heuristic, so that arm is shared by the
factions). Win rates with Wilson 95% intervals (statsmodels) and the margin ISMCTS minus heuristic.
The curve repeats the ISMCTS arm at smaller budgets with `curve_games` games per seating.
``--factions`` measures only some of the four (the seatings and seeds stay the same, so a faction's row
does not depend on which others are measured). Each faction searches with its own default options
(``agents.ismcts.faction_options``), changed by ``--options`` (JSON: faction -> ``agents.ismcts.options``
keywords), and recorded in the JSON.

Speed: decisions/s of one ISMCTS decision on one core (mid-game positions of heuristic games, each
budget), and games/s of the ISMCTS arm on all cores (one ISMCTS seat, three heuristic).

``target_met[F]`` is the strict reading of the issue's goal: the lower end of ISMCTS's Wilson interval
is at least the heuristic's win rate plus 20 points (``margin_points`` is the point estimate).
"""
from __future__ import annotations

import argparse
import json
import platform
import time

import numpy as np

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
SEED0 = 50_000


def seatings():
    return [BASE4[k:] + BASE4[:k] for k in range(4)]


def wins_of(res, faction) -> int:
    from root_env.data import FACTION_NAMES
    return int(((res["winners"] >> FACTION_NAMES.index(faction)) & 1).sum())


def arm(faction, kind, games, overrides=None) -> dict:
    """Wins of `faction` played by `kind` (the others heuristic) over the four seatings, and timing."""
    from agents.arena import play_games
    wins = n = 0
    t0 = time.perf_counter()
    for k, seats in enumerate(seatings()):
        agents = {f: "heuristic" for f in BASE4}
        agents[faction] = kind
        r = play_games(games, seats, agents, seed=SEED0 + 1000 * k, ismcts_options=overrides)
        wins += wins_of(r, faction)
        n += games
    return {"wins": wins, "games": n, "seconds": time.perf_counter() - t0}


def heuristic_arm(games) -> dict:
    """All-heuristic games at the same seeds and seats: every faction's baseline at once."""
    from agents.arena import play_games
    out = {f: {"wins": 0, "games": 0} for f in BASE4}
    for k, seats in enumerate(seatings()):
        r = play_games(games, seats, "heuristic", seed=SEED0 + 1000 * k)
        for f in BASE4:
            out[f]["wins"] += wins_of(r, f)
            out[f]["games"] += games
    return out


def with_interval(d) -> dict:
    from statsmodels.stats.proportion import proportion_confint
    lo, hi = proportion_confint(d["wins"], d["games"], alpha=0.05, method="wilson")
    return dict(d, win_rate=d["wins"] / d["games"], wilson95=[float(lo), float(hi)])


def positions(n=12):
    """Mid-game positions with a real choice, from heuristic games."""
    from root_env import Game
    from agents import HeuristicAgent
    out = []
    for seed in range(n):
        g = Game.new(BASE4, seed=seed)
        agents = {f: HeuristicAgent(f, seed=seed) for f in BASE4}
        for _ in range(150 + 20 * seed):
            if g.is_over:
                break
            g.apply(agents[g.current_player].act(g))
        while not g.is_over and len(g.legal_actions()) < 2:
            g.apply(agents[g.current_player].act(g))
        if not g.is_over:
            out.append(g)
    return out


def decisions_per_s(budget, games, overrides=None) -> float:
    """One-core ISMCTS decisions per second at `budget` over the positions (after one warm-up)."""
    from agents import ISMCTSAgent
    agents = [ISMCTSAgent(g.current_player, iterations=budget, seed=i, **(overrides or {}).get(g.current_player, {}))
              for i, g in enumerate(games)]
    agents[0].act(games[0])  # compiled before timing
    t0 = time.perf_counter()
    for a, g in zip(agents, games):
        a.act(g)
    return len(games) / (time.perf_counter() - t0)


def run(budget, games, curve, curve_games, factions=BASE4, overrides=None) -> dict:
    import numba
    from agents.arena import play_games
    from agents import ismcts
    play_games(1, BASE4, {"marquise": "ismcts:2", "eyrie": "heuristic", "alliance": "random",
                          "vagabond": "heuristic"}, seed=0)  # compile before timing
    t_start = time.perf_counter()
    base = heuristic_arm(games)
    rows = {}
    for f in factions:
        s = with_interval(arm(f, f"ismcts:{budget}", games, overrides))
        h = with_interval(base[f])
        rows[f] = {"ismcts": s, "heuristic": h, "margin_points": 100 * (s["win_rate"] - h["win_rate"]),
                   "games_per_s": s["games"] / s["seconds"]}
    curve_rows = {}
    for b in curve:
        curve_rows[b] = {f: with_interval(arm(f, f"ismcts:{b}", curve_games, overrides)) for f in factions}
        for f in factions:
            curve_rows[b][f]["games_per_s"] = curve_rows[b][f]["games"] / curve_rows[b][f]["seconds"]
    pos = positions()
    speed = {b: decisions_per_s(b, pos, overrides) for b in sorted(set(curve) | {budget})}
    return {
        "budget": budget, "games_per_seating": games, "seatings": 4, "curve_games_per_seating": curve_games,
        "factions": list(factions),
        "options": {f: {k: v for k, v in ismcts.describe(ismcts.faction_options(f, **(overrides or {}).get(f, {})))
                        .items() if k != "iterations"} for f in factions},
        "strength": rows, "curve": {str(b): v for b, v in curve_rows.items()},
        "decisions_per_s_1core": {str(b): v for b, v in speed.items()}, "speed_positions": len(pos),
        "threads": numba.get_num_threads(), "machine": platform.processor() or platform.machine(),
        "wall_seconds": time.perf_counter() - t_start,
        "target_margin_points": 20,
        "target_met": {f: rows[f]["ismcts"]["wilson95"][0] >= rows[f]["heuristic"]["win_rate"] + 0.20
                       for f in factions},
    }


def table(res) -> str:
    b = res["budget"]
    lines = [f"ISMCTS ({b} iterations/decision) vs heuristic in the same seat, three heuristic opponents, "
             f"{4 * res['games_per_seating']} games per faction and arm",
             f"{'faction':10} {'ismcts':>7} {'95% Wilson':>15} {'heuristic':>9} {'95% Wilson':>15} "
             f"{'margin':>7} {'games/s':>8}"]
    for f, r in res["strength"].items():
        s, h = r["ismcts"], r["heuristic"]
        lines.append(f"{f:10} {s['win_rate']:7.3f} [{s['wilson95'][0]:.3f}, {s['wilson95'][1]:.3f}] "
                     f"{h['win_rate']:9.3f} [{h['wilson95'][0]:.3f}, {h['wilson95'][1]:.3f}] "
                     f"{r['margin_points']:+7.1f} {r['games_per_s']:8.3f}")
    lines.append("options: " + "; ".join(f"{f} " + ", ".join(f"{k}={v}" for k, v in o.items())
                                         for f, o in res["options"].items()))
    lines.append("")
    curve_n = f"{4 * res['curve_games_per_seating']} games per faction; " if res["curve"] else ""
    lines.append(f"win rate against budget ({curve_n}main budget: {4 * res['games_per_seating']})")
    budgets = sorted([int(k) for k in res["curve"]] + [b])
    factions = list(res["strength"])
    lines.append(f"{'budget':>7} " + " ".join(f"{f:>9}" for f in factions) + f" {'dec/s 1core':>12}")
    for k in budgets:
        src = res["curve"].get(str(k)) or {f: res["strength"][f]["ismcts"] for f in factions}
        lines.append(f"{k:7d} " + " ".join(f"{src[f]['win_rate']:9.3f}" for f in factions)
                     + f" {res['decisions_per_s_1core'][str(k)]:12.1f}")
    lines.append(f"{'heur.':>7} " + " ".join(f"{res['strength'][f]['heuristic']['win_rate']:9.3f}"
                                           for f in factions))
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=int, default=100)
    p.add_argument("--games", type=int, default=8, help="games per seating and faction (4 seatings)")
    p.add_argument("--curve", default="25", help="comma-separated smaller budgets for the curve ('' for none)")
    p.add_argument("--curve-games", type=int, default=4)
    p.add_argument("--factions", default=",".join(BASE4), help="comma-separated subset of the four base factions")
    p.add_argument("--options", default=None,
                   help='JSON: faction -> agents.ismcts.options keywords replacing its defaults, '
                        'e.g. \'{"vagabond": {"leaf": "heuristic", "depth": 12}}\'')
    p.add_argument("--json", default=None, help="also write the JSON here")
    a = p.parse_args(argv)
    curve = [int(x) for x in a.curve.split(",") if x.strip()]
    if a.budget < 1 or a.games < 1 or a.curve_games < 1 or any(c < 1 for c in curve):
        p.error("budgets and game counts must be positive")
    factions = [f.strip() for f in a.factions.split(",") if f.strip()]
    if not factions or len(set(factions)) != len(factions) or not set(factions) <= set(BASE4):
        p.error(f"--factions must name distinct factions among {', '.join(BASE4)}, got {a.factions!r}")
    overrides = None
    if a.options:
        from agents import ismcts
        try:
            overrides = json.loads(a.options)
            if not isinstance(overrides, dict) or not set(overrides) <= set(BASE4):
                raise ValueError(f"faction names must be among {', '.join(BASE4)}")
            for f, kw in overrides.items():
                if not isinstance(kw, dict) or "iterations" in kw:
                    raise ValueError(f"{f}: give a dict of options keywords (the budget is --budget)")
                ismcts.faction_options(f, **kw)
        except (ValueError, TypeError) as e:
            p.error(f"--options: {e}")
    res = run(a.budget, a.games, curve, a.curve_games, tuple(f for f in BASE4 if f in factions), overrides)
    text = json.dumps(res, indent=2)
    print(text)
    print(table(res))
    if a.json:
        with open(a.json, "w") as fh:
            fh.write(text + "\n")


if __name__ == "__main__":
    main()

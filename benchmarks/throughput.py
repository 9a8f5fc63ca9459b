"""Throughput of the engine and the environment, with PettingZoo's connect_four_v3 as a reference.

    python -m benchmarks.throughput [--seconds 3] [--json PATH]

Figures: engine decisions/s inside njit (random playouts, one core), games/s and mean decisions
per game; the same with all cores (Python threads); observation encoding cost; AEC steps/s of the wrapped
PettingZoo env with masked random play; cold compile seconds (empty numba cache, in a fresh process)
and warm start seconds (same cache, fresh process); connect_four_v3 AEC steps/s in the same run.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import time

import numpy as np

FACTIONS = ("marquise", "eyrie")
BASE4 = ("marquise", "eyrie", "alliance", "vagabond")


def engine_single_core(seconds: float, factions=FACTIONS, clock=time.perf_counter) -> dict:
    """Random playouts of `factions` for `seconds` of `clock` (wall time; ``time.process_time`` for CPU time)."""
    from root_env.engine.core import make_state, new_game
    from root_env.engine.playout import random_playout
    from root_env.game import faction_ids
    ids = faction_ids(factions)
    s = make_state()
    new_game(s, ids, 0, 300, 0, 0)
    random_playout(s, 0, 1 << 40)  # compiled / cached before timing
    games = decisions = 0
    t0 = clock()
    while clock() - t0 < seconds:
        new_game(s, ids, games + 1, 300, 0, 0)
        decisions += random_playout(s, games + 1, 1 << 40)
        games += 1
    dt = clock() - t0
    return {"engine_decisions_per_s_1core": decisions / dt, "games_per_s_1core": games / dt,
            "mean_decisions_per_game": decisions / games, "games_timed_1core": games}


def engine_all_cores(n_games: int) -> dict:
    import numba
    from root_env.rollout import random_games
    random_games(8, FACTIONS, seed=0)
    t0 = time.perf_counter()
    r = random_games(n_games, FACTIONS, seed=10_000)
    dt = time.perf_counter() - t0
    return {"engine_decisions_per_s_all_cores": r["decisions"].sum() / dt, "games_per_s_all_cores": n_games / dt,
            "threads": numba.get_num_threads(), "cap_fraction": float(r["truncated"].mean())}


def four_player(seconds: float, games_per_rotation: int = 500) -> dict:
    """The four-player base game: one-core engine speed, and win shares over 4 x games_per_rotation
    random games with the seating rotated so that each faction sits in each seat equally often."""
    from root_env.data import FACTION_NAMES
    from root_env.rollout import random_games
    one = engine_single_core(seconds, BASE4)
    res = {"4p_" + k: v for k, v in one.items()}
    wins = {f: 0 for f in BASE4}
    coalition = capped = total = 0
    turns = []
    for r in range(4):
        seats = BASE4[r:] + BASE4[:r]
        out = random_games(games_per_rotation, seats, seed=100_000 + r * games_per_rotation)
        for f in BASE4:
            wins[f] += int(((out["winners"] >> FACTION_NAMES.index(f)) & 1).sum())
        vb = 1 << FACTION_NAMES.index("vagabond")
        coalition += int((((out["winners"] & vb) != 0) & (out["winners"] != vb)).sum())  # Law 9.2.8
        capped += int(out["truncated"].sum())
        total += games_per_rotation
        turns.append(out["turns"])
    for f in BASE4:
        res[f"4p_win_share_{f}"] = wins[f] / total
    res["4p_coalition_win_share"] = coalition / total
    res["4p_turn_cap_share"] = capped / total
    res["4p_mean_turns"] = float(np.concatenate(turns).mean())
    res["4p_games_in_win_study"] = total
    return res


def observation_cost(n: int = 20000) -> dict:
    from root_env.engine.core import make_state, new_game
    from root_env.engine.observe import observe, OBS_SIZE
    from root_env.engine.playout import random_playout
    from root_env.game import faction_ids
    s = make_state()
    new_game(s, faction_ids(FACTIONS), 3, 300, 0, 0)
    random_playout(s, 3, 200)
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    observe(s, 0, out)
    t0 = time.perf_counter()
    for _ in range(n):
        observe(s, 0, out)
    dt = time.perf_counter() - t0
    return {"observe_us_per_call_from_python": dt / n * 1e6, "obs_size": OBS_SIZE}


def aec_steps(env_fn, seconds: float, seed: int = 0) -> float:
    """Masked uniformly random play through the AEC API, resetting when a game ends."""
    rng = np.random.default_rng(seed)
    e = env_fn()
    e.reset(seed=seed)
    steps = 0
    t0 = time.perf_counter()
    games = 0
    while time.perf_counter() - t0 < seconds:
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                action = None
            else:
                mask = obs["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
            e.step(action)
            steps += 1
            if time.perf_counter() - t0 >= seconds:
                break
        games += 1
        e.reset(seed=seed + games)
    return steps / (time.perf_counter() - t0)


def compile_times() -> dict:
    """Cold and warm start, measured as in ``benchmarks.suite`` (fresh processes, empty numba cache)."""
    from benchmarks.suite import compile_times as suite_compile_times
    c = suite_compile_times()
    return {"cold_compile_engine_s": c["cold_engine"]["wall_s"], "cold_compile_demo_s": c["cold_demo"]["wall_s"],
            "cold_compile_full_s": c["cold_full"]["wall_s"], "warm_start_s": c["warm_start_s"]}


def machine() -> dict:
    import numba
    return {"python": platform.python_version(), "platform": platform.platform(), "cpu_count": os.cpu_count(),
            "numpy": np.__version__, "numba": numba.__version__}


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0, help="time per timed figure")
    p.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    p.add_argument("--no-compile", action="store_true", help="skip the cold/warm compile measurement")
    args = p.parse_args(argv)

    from pettingzoo.classic import connect_four_v3
    import root_env

    res: dict = {"machine": machine(), "factions": list(FACTIONS)}
    if not args.no_compile:
        res.update(compile_times())
    res.update(engine_single_core(args.seconds))
    res.update(engine_all_cores(4000))
    res.update(observation_cost())
    res.update(four_player(args.seconds))
    res["aec_steps_per_s"] = aec_steps(lambda: root_env.env(factions=FACTIONS), args.seconds)
    res["connect_four_v3_aec_steps_per_s"] = aec_steps(connect_four_v3.env, args.seconds)
    c4 = res["connect_four_v3_aec_steps_per_s"]
    res["ratio_engine_1core_to_connect_four"] = res["engine_decisions_per_s_1core"] / c4
    res["ratio_aec_to_connect_four"] = res["aec_steps_per_s"] / c4

    rows = [(k, v) for k, v in res.items() if k not in ("machine", "factions")]
    width = max(len(k) for k, _ in rows)
    print(f"root_env throughput ({', '.join(FACTIONS)}; {res['machine']['platform']})")
    print(f"{'figure':<{width}}  value")
    print(f"{'-' * width}  ----------")
    for k, v in rows:
        print(f"{k:<{width}}  {v:,.2f}" if isinstance(v, float) else f"{k:<{width}}  {v}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(res, f, indent=2)
        print(f"wrote {args.json}")
    return res


if __name__ == "__main__":
    main()

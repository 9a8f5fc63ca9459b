"""Training throughput of ``agents.train``: decisions per second of the whole loop (rollout with the
network's inference, GAE, the PPO update) and the share of the loop spent in the environment; and the
speed of evaluating a network policy: games per second of a 2 x `hidden` per-faction policy in one seat
against three heuristic agents, through ``agents.policies.play`` (what ``agents.evaluate`` and the balance
tools use: the heuristic seats inside njit, the network batched across every game waiting on it).

    python -m benchmarks.train_throughput [--updates 30] [--threads 2] [--hidden 256] [--eval-games 256] [--json PATH]

The first updates are warm-up (numba compile or cache load, torch start-up) and are not counted. Figures
are per wall second and per CPU second of the process (its CPU time over all its threads), so that a
run on a shared machine can be read against one on an idle machine.
"""
from __future__ import annotations

import argparse
import csv
import json
import tempfile
import time
from pathlib import Path


def measure(updates: int = 30, warmup: int = 3, threads: int = 2, hidden: int = 256, envs: int = 32, steps: int = 64,
            factions=("marquise", "eyrie", "alliance", "vagabond")) -> dict:
    from agents.train.ppo import Config, train
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Config(factions=tuple(factions), updates=warmup + updates, threads=threads, hidden=hidden, envs=envs,
                     steps=steps, eval_games=0, out=tmp)
        c0, w0 = time.process_time(), time.perf_counter()
        train(cfg)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        rows = list(csv.DictReader(open(Path(tmp) / "log.csv")))[warmup:]
    # Per update: decisions / seconds of that update (log.csv), and the environment's share of it.
    counts = [int(r["decisions"]) - int(p["decisions"]) for p, r in zip(rows, rows[1:])]
    upd_s = [n / float(r["decisions_per_s"]) for n, r in zip(counts, rows[1:])]
    env = sum(float(r["env_share"]) * t for r, t in zip(rows[1:], upd_s)) / sum(upd_s)
    decisions = sum(counts)
    return {"factions": list(factions), "hidden": f"2x{hidden}", "threads": threads, "envs": envs,
            "steps_per_update": steps, "updates_timed": len(upd_s),
            "decisions_per_s": decisions / sum(upd_s), "env_share": env,
            "process_cpu_per_wall": cpu / wall}


def measure_evaluation(games: int = 256, threads: int = 2, hidden: int = 256,
                       factions=("marquise", "eyrie", "alliance", "vagabond")) -> dict:
    """Games/s of a network policy in one seat (rotated) against heuristic agents, after a warm-up game."""
    import numpy as np
    import torch
    from agents.policies import play
    from agents.train.ppo import Policy, PPOAgent
    torch.set_num_threads(threads)
    agent = PPOAgent(Policy(hidden, per_faction=True), seed=0)  # untrained: the same work per decision
    play(factions, {f: agent if i == 0 else "heuristic" for i, f in enumerate(factions)}, 1, seed=0)
    per_seat = max(1, games // len(factions))
    c0, w0 = time.process_time(), time.perf_counter()
    decisions = 0
    for i, f in enumerate(factions):
        r = play(factions, {g: agent if g == f else "heuristic" for g in factions}, per_seat, seed=1000 * i)
        decisions += int(np.sum(r["decisions"]))
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    n = per_seat * len(factions)
    return {"eval_games": n, "eval_games_per_s": n / wall, "eval_decisions_per_s": decisions / wall,
            "eval_cpu_per_wall": cpu / wall}


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.train_throughput", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--updates", type=int, default=30)
    p.add_argument("--threads", type=int, default=2, help="torch threads")
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--eval-games", type=int, default=256, help="games of the evaluation figure (0: skip it)")
    p.add_argument("--json", metavar="PATH")
    a = p.parse_args(argv)
    if a.updates < 2 or a.threads < 1 or a.hidden < 1 or a.eval_games < 0:
        p.error("--updates must be >= 2, --threads and --hidden >= 1, --eval-games >= 0")
    r = measure(a.updates, threads=a.threads, hidden=a.hidden)
    if a.eval_games:
        r.update(measure_evaluation(a.eval_games, threads=a.threads, hidden=a.hidden))
    print(f"{'figure':<34}{'value':>12}")
    print(f"{'decisions/s (whole training loop)':<34}{r['decisions_per_s']:>12,.0f}")
    print(f"{'environment share of the loop':<34}{r['env_share']:>12.1%}")
    print(f"{'process CPU s per wall s':<34}{r['process_cpu_per_wall']:>12.2f}")
    if "eval_games_per_s" in r:
        print(f"{'evaluation games/s (vs 3 heuristic)':<34}{r['eval_games_per_s']:>12,.1f}")
        print(f"{'evaluation decisions/s':<34}{r['eval_decisions_per_s']:>12,.0f}")
    print(f"({r['hidden']} MLP, {r['threads']} torch threads, {r['envs']} games x {r['steps_per_update']} "
          f"decisions per update, {r['updates_timed']} updates timed)")
    if a.json:
        Path(a.json).write_text(json.dumps(r, indent=2))
    return r


if __name__ == "__main__":
    main()

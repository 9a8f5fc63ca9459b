"""Evaluating a checkpoint with one torch thread (the default, ``root_env.torch_threads``) against more, side by side.

    python -m benchmarks.torch_threads [--checkpoint PATH] [--games 8,32] [--threads 1,2] [--reps 2] [--json PATH]

A checkpoint's policy (``ppo:PATH``; without ``--checkpoint``, a fresh one of the default network, written by one
tiny training update: the same work per decision as a trained one) plays the Marquise against three heuristic
agents through ``agents.policies.play``, as ``agents.evaluate`` and the balance tools play it: the heuristic seats
inside the compiled stepper on the engine's threads, the network batched over the games waiting on it. Each arm
sets its torch threads the documented way (``ROOT_ENV_TORCH_THREADS``, read when the policy is loaded); the arms
take turns, ``--reps`` times, and the best time of each is kept. The machine is measured as it is: the load average
before and after is recorded, and the table says it.
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")


def _checkpoint(folder: str) -> str:
    from agents.train.ppo import Config, train
    cfg = Config(factions=BASE4, envs=2, steps=8, updates=1, eval_games=0, threads=1, tensorboard=False, out=folder)
    return train(cfg)["checkpoint"]


def time_evaluation(path: str, games: int, threads: int) -> dict:
    import numpy as np
    import torch
    from root_env import torch_threads
    from agents.policies import play, resolve
    torch_threads.reset()  # this process trained the fresh checkpoint: forget the trainer's threads
    os.environ[torch_threads.ENV_VAR] = str(threads)
    try:
        w0, c0 = time.perf_counter(), time.process_time()
        agent = resolve(f"ppo:{path}")
        r = play(BASE4, {f: agent if f == "marquise" else "heuristic" for f in BASE4}, games, seed=100)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        used = torch.get_num_threads()
        if used != threads:
            raise RuntimeError(f"asked for {threads} torch threads, played with {used}")
    finally:
        del os.environ[torch_threads.ENV_VAR]
    return {"wall_s": wall, "cpu_s": cpu, "torch_threads": used, "decisions": int(np.sum(r["decisions"]))}


def measure(path: str, games=(8, 32), threads=(1, 2), reps: int = 2) -> dict:
    time_evaluation(path, 1, 1)  # warm-up: caches, torch start-up
    runs = {(g, t): [] for g in games for t in threads}
    for _ in range(reps):
        for g in games:
            for t in threads:
                runs[(g, t)].append(time_evaluation(path, g, t))
    out = {}
    for (g, t), rs in runs.items():
        best = min(rs, key=lambda x: x["wall_s"])
        out[f"{g}/{t}"] = {"games": g, "torch_threads": best["torch_threads"], "wall_s": best["wall_s"],
                           "cpu_s": best["cpu_s"], "games_per_s": g / best["wall_s"],
                           "all_wall_s": [round(x["wall_s"], 2) for x in rs]}
    return out


def table(figures: dict, threads) -> str:
    lines = ["| games | " + " | ".join(f"{t} torch thread{'s' if t > 1 else ''}: wall s" for t in threads)
             + " | " + " | ".join(f"{t} / {threads[0]}" for t in threads[1:]) + " |",
             "|---|" + "---|" * (2 * len(threads) - 1)]
    for g in sorted({f["games"] for f in figures.values()}):
        w = [figures[f"{g}/{t}"]["wall_s"] for t in threads]
        lines.append(f"| {g} | " + " | ".join(f"{x:.2f}" for x in w) + " | "
                     + " | ".join(f"{x / w[0]:.1f}x" for x in w[1:]) + " |")
    return "\n".join(lines)


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.torch_threads", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--checkpoint", default=None, help="a checkpoint of python -m agents.train (default: a fresh one)")
    p.add_argument("--games", default="8,32", help="comma-separated game counts")
    p.add_argument("--threads", default="1,2", help="comma-separated torch thread counts, the default first")
    p.add_argument("--reps", type=int, default=2)
    p.add_argument("--note", default="")
    p.add_argument("--json", metavar="PATH")
    a = p.parse_args(argv)
    games = tuple(int(x) for x in a.games.split(","))
    threads = tuple(int(x) for x in a.threads.split(","))
    if min(games) < 1 or min(threads) < 1 or a.reps < 1:
        p.error("games, threads and --reps must be positive")
    load0 = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        path = a.checkpoint or _checkpoint(tmp)
        figures = measure(path, games, threads, a.reps)
    doc = {"figures": figures, "cores": len(os.sched_getaffinity(0)), "loadavg_before": load0,
           "loadavg_after": os.getloadavg(), "checkpoint": a.checkpoint or "fresh (default network)",
           "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    if a.note:
        doc["note"] = a.note
    print(table(figures, threads))
    print(f"load average before {load0}, after {doc['loadavg_after']}; {doc['cores']} cores")
    print(json.dumps(doc, indent=1))
    if a.json:
        Path(a.json).write_text(json.dumps(doc, indent=2) + "\n")
    return doc


if __name__ == "__main__":
    main()

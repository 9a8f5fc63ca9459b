"""Shipped policies playing with one BLAS thread (the default, ``root_env.blas_threads``) against more, side by side.

    python -m benchmarks.blas_threads [--threads 1,2] [--games 32] [--reps 2] [--json PATH]

Every seat of a base-four table is its shipped policy (``pretrained``), `games` games through
``agents.policies.play`` (the policies batched over the games waiting on them, as ``agents.evaluate`` and the
balance tools play them), once with ``ROOT_ENV_BLAS_THREADS`` at each count. The arms take turns ``--reps`` times;
wall and CPU seconds of the best run of each are kept, on the machine as it is ("quiet") and beside a compiled
workload the benchmark starts ("loaded": another process playing heuristic arena games on every core at nice 5,
as a balance study's other jobs or a trainer would). The load average before and after is recorded.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
LOADS = ("quiet", "loaded")
ENGINE_WORK = ("from agents.arena import play_games\nwhile True:\n"
               "    play_games(64, ('marquise', 'eyrie', 'alliance', 'vagabond'), 'heuristic', threads={cores})\n")


def time_games(games: int, threads: int) -> dict:
    from root_env import blas_threads
    from agents.policies import play
    os.environ[blas_threads.ENV_VAR] = str(threads)
    try:
        w0, c0 = time.perf_counter(), time.process_time()
        r = play(BASE4, {f: "pretrained" for f in BASE4}, games, seed=100)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    finally:
        del os.environ[blas_threads.ENV_VAR]
    return {"wall_s": wall, "cpu_s": cpu, "decisions": int(r["decisions"].sum())}


def measure(threads=(1, 2), games: int = 32, reps: int = 2) -> dict:
    from root_env.torch_threads import usable_cores
    time_games(2, 1)  # warm-up: the policies' files, the compiled stepper
    runs = {(t, load): [] for t in threads for load in LOADS}
    for load in LOADS:
        work = None
        if load == "loaded":
            work = subprocess.Popen([sys.executable, "-c", ENGINE_WORK.format(cores=usable_cores())],
                                    preexec_fn=lambda: os.nice(5), env={**os.environ, "PYTHONPATH": os.getcwd()})
            time.sleep(8)  # its imports and first games
        try:
            for _ in range(reps):
                for t in threads:
                    runs[(t, load)].append(time_games(games, t))
        finally:
            if work is not None:
                work.kill()
                work.wait()
    return {f"{load}/{t}": min(rs, key=lambda x: x["wall_s"]) for (t, load), rs in runs.items()}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", default="1,2", help="BLAS thread counts to compare (comma-separated)")
    ap.add_argument("--games", type=int, default=32)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--json", default=None, help="write the figures here too")
    a = ap.parse_args(argv)
    threads = tuple(int(t) for t in a.threads.split(","))
    load0 = os.getloadavg()[0]
    res = measure(threads, a.games, a.reps)
    doc = {"threads": threads, "games": a.games, "table": BASE4, "load_before": load0,
           "load_after": os.getloadavg()[0], "arms": res}
    print(json.dumps(doc, indent=1))
    print(f"\n{a.games} games, every seat its shipped policy, best of {a.reps} (loaded = beside heuristic arena games "
          f"on every core at nice 5); load average {load0:.1f} before, {doc['load_after']:.1f} after")
    print("| machine | BLAS threads | wall s | CPU s | decisions per wall s |")
    print("|---|---:|---:|---:|---:|")
    for key, r in res.items():
        load, t = key.split("/")
        print(f"| {load} | {t} | {r['wall_s']:.2f} | {r['cpu_s']:.2f} | {r['decisions'] / r['wall_s']:,.0f} |")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(doc, fh, indent=1)


if __name__ == "__main__":
    main()

"""Serial against parallel, on a quiet machine and beside one busy process, side by side in one run.

    python -m benchmarks.threads [--seconds 1.0] [--reps 3] [--json benchmarks/results/threads.json]

For each workload, decisions per second of its serial mode, its parallel mode (every core, Python threads
on nogil kernels: ``engine.threads``) and its default, first QUIET (nothing started beside it) and then
LOADED (beside one competing busy process that this benchmark starts, a Python loop, and stops after):

- ``vector_4p``, ``vector_2p``: ``RootVectorEnv`` of 64 four-player (Marquise, Eyrie, Alliance, Vagabond)
  or two-player (Marquise, Eyrie) games, uniformly random legal actions chosen in numpy
  (``random_actions``), observations and action masks returned (``copy=True``, the default);
- ``rollouts``: ``rollout.random_games`` of 64 whole two-player games (``threads=1`` against every core);
- ``arena``: ``agents.arena.play_games`` of 4 four-player games between heuristic agents (``--no-arena``
  leaves it out: it compiles the arena the first time).

Each figure is the best of ``--reps`` runs of ``--seconds`` each, the quiet and loaded rounds and the
modes interleaved (interference only ever slows a run). It prints a table and the JSON it writes
(``--json``), with the machine, the date and the load average before and after. No figure is judged here:
docs/performance.md ("Threads") reads them against the goals (a default that loses at most 10 % to serial
on a quiet machine and at most 2x beside one busy process).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time

import numpy as np

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
TWO = ("marquise", "eyrie")
BUSY = "while True:\n    pass\n"  # the competing process: one core's worth of work, never sleeping


def cores() -> int:
    """Cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _timed(step, seconds: float) -> float:
    """Calls of `step` (which returns the decisions it took) for about `seconds`: decisions per second."""
    done, t0 = 0, time.perf_counter()
    while True:
        done += step()
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return done / dt


def vector_workload(factions, n: int = 64):
    """A RootVectorEnv stepper per mode (random legal actions, observations and masks returned)."""
    from root_env.vector import RootVectorEnv
    kwargs = {"serial": {"parallel": False}, "parallel": {"parallel": True, "threads": cores()}, "default": {}}

    def make(mode):
        v = RootVectorEnv(n, factions=factions, seed=0, **kwargs[mode])
        v.reset()
        rng = np.random.default_rng(0)

        def step():
            for _ in range(10):
                v.step(v.random_actions(rng))
            return 10 * n
        return step
    return make


def _whole_games_workload(play, n: int):
    """Whole games per call: `play(n, seed, threads)` returns per-game decisions; each call plays new seeds."""
    threads = {"serial": 1, "parallel": cores(), "default": None}

    def make(mode):
        seed = [0]

        def step():
            r = play(n, seed[0], threads[mode])
            seed[0] += n
            return int(r["decisions"].sum())
        return step
    return make


def rollout_workload(n: int = 64):
    from root_env.rollout import random_games
    return _whole_games_workload(lambda k, seed, threads: random_games(k, TWO, seed=seed, threads=threads), n)


def arena_workload(n: int = 4):
    from agents.arena import play_games
    return _whole_games_workload(
        lambda k, seed, threads: play_games(k, BASE4, "heuristic", seed=seed, threads=threads), n)


MODES = ("serial", "parallel", "default")
LOADS = ("quiet", "loaded")


def measure(seconds: float = 1.0, reps: int = 3, arena: bool = True) -> dict:
    workloads = {"vector_4p": vector_workload(BASE4), "vector_2p": vector_workload(TWO),
                 "rollouts": rollout_workload()}
    if arena:
        workloads["arena"] = arena_workload()
    steppers = {(w, m): make(m) for w, make in workloads.items() for m in MODES}
    for step in steppers.values():  # compile or load, and warm the caches, before any timing
        step()
    runs = {(w, m, load): [] for w in workloads for m in MODES for load in LOADS}
    for _ in range(reps):
        for load in LOADS:
            busy = subprocess.Popen([sys.executable, "-c", BUSY]) if load == "loaded" else None
            try:
                if busy is not None:
                    time.sleep(0.2)  # let it take its core
                for w in workloads:
                    for m in MODES:
                        runs[(w, m, load)].append(_timed(steppers[(w, m)], seconds))
            finally:
                if busy is not None:
                    busy.kill()
                    busy.wait()
    return {"figures": {w: {load: {m: max(runs[(w, m, load)]) for m in MODES} for load in LOADS} for w in workloads},
            "runs": {f"{w}/{m}/{load}": [round(x) for x in v] for (w, m, load), v in runs.items()}}


def describe() -> dict:
    import numba
    from root_env.vector import RootVectorEnv
    default = RootVectorEnv(64, factions=TWO)
    return {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "machine": platform.machine(), "processor": platform.processor(), "python": platform.python_version(),
            "numba": numba.__version__, "cores": cores(), "numba_threads": numba.get_num_threads(),
            "vector_env_default_parallel": default.parallel, "loadavg_before": os.getloadavg()}


def table(res: dict) -> str:
    lines = ["| workload | load | serial | parallel | default | parallel / serial | default / serial |",
             "|---|---|---|---|---|---|---|"]
    for w, by_load in res["figures"].items():
        for load, f in by_load.items():
            lines.append(f"| {w} | {load} | {f['serial']:,.0f} | {f['parallel']:,.0f} | {f['default']:,.0f} | "
                         f"{f['parallel'] / f['serial']:.2f} | {f['default'] / f['serial']:.2f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=1.0, help="seconds per timed run")
    p.add_argument("--reps", type=int, default=3, help="runs per figure (the best is kept)")
    p.add_argument("--no-arena", action="store_true", help="leave out the arena (heuristic agents)")
    p.add_argument("--note", default="", help="a note stored with the figures (e.g. the machine was shared)")
    p.add_argument("--json", help="write the figures here")
    a = p.parse_args(argv)
    if a.seconds <= 0 or a.reps < 1:
        p.error("--seconds must be > 0 and --reps >= 1")
    res = {"about": describe(), "seconds": a.seconds, "reps": a.reps}
    res.update(measure(a.seconds, a.reps, not a.no_arena))
    res["about"]["loadavg_after"] = os.getloadavg()
    if a.note:
        res["about"]["note"] = a.note
    print("decisions/s, best of", a.reps, "runs; loaded = beside one busy process started by the benchmark")
    print(table(res))
    text = json.dumps(res, indent=1)
    print(text)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

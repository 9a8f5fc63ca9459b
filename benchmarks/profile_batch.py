"""Profile of the batched-stepping hot path, with before/after figures measured side by side.

    python -m benchmarks.profile_batch [--seconds 0.3]

1. Kernel choice for small batches: the prange kernel (``run_batch``, the first version) against the
   serial one (``run_batch_serial``, now used below ``PARALLEL_MIN`` games), one and all threads.
2. Where a batched decision's time goes (batch 256, one thread): engine, action mask, observation.
3. OpenMP wait policy (each in a fresh process): numba's OpenMP threads spinning (``active``, the
   library default) against sleeping (``PASSIVE``, ``batch.prefer_passive_wait``), prange kernel,
   all threads. Run it on an idle machine and on a busy one: the difference is under contention.
4. The training-loop path: one ``Game`` per environment stepped from Python (apply, observe the
   acting player, mask), as a loop had to do before the batch API, against ``RootVectorEnv.step``.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import numba
import numpy as np

FACTIONS = ("marquise", "eyrie")


def _rate(fn, size, seconds, reps=3):
    best = 0.0
    for _ in range(reps):
        n = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            for _ in range(20):
                fn()
            n += 20
        best = max(best, n * size / (time.perf_counter() - t0))
    return best


def kernels(seconds):
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    rows = []
    for size in (1, 8, 64):
        for obs in (False, True):
            for parallel in (True, False):
                b = B.Batch(size, faction_ids(FACTIONS), obs=obs, mask=obs, parallel=parallel)
                b.reset(seed=0)
                for threads in (1, numba.config.NUMBA_NUM_THREADS):
                    numba.set_num_threads(threads)
                    rows.append((size, obs, "prange" if parallel else "serial", threads,
                                 _rate(b.random_step, size, seconds)))
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return rows


def breakdown(seconds):
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    numba.set_num_threads(1)
    out = {}
    for name, obs, mask in (("engine", False, False), ("engine+mask", False, True), ("engine+mask+obs", True, True)):
        b = B.Batch(256, faction_ids(FACTIONS), obs=obs, mask=mask)
        b.reset(seed=0)
        out[name] = 1e9 / _rate(b.random_step, 256, seconds)
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return out


def loop_paths(seconds, size=64):
    from root_env import Game
    from root_env.vector import RootVectorEnv
    rng = np.random.default_rng(0)
    games = [Game.new(FACTIONS, seed=g) for g in range(size)]

    def python_loop():
        for i, g in enumerate(games):
            legal = g.legal_actions()
            g.apply(int(legal[int(rng.integers(legal.size))]))
            if g.is_over:
                games[i] = g = Game.new(FACTIONS, seed=int(rng.integers(1 << 40)))
            g.observe(g.current_player)
            g.action_mask()

    v = RootVectorEnv(size, factions=FACTIONS, seed=0)
    v.reset()
    return {"python_loop_over_games": _rate(python_loop, size, seconds, 1),
            "vector_env_copy": _rate(lambda: v.step(v.random_actions(rng)), size, seconds)}


_POLICY_CODE = """
import time, numba, numpy as np
from root_env.engine import batch as B
out = []
for size in (16, 64, 1024):
    b = B.Batch(size, np.array([0, 1]), parallel=True)
    b.reset(0)
    best = 0.0
    for rep in range(3):
        t = time.perf_counter(); n = 0
        while time.perf_counter() - t < {seconds}:
            b.random_step(); n += 1
        best = max(best, n * size / (time.perf_counter() - t))
    out.append(f"{{best:,.0f}}")
print(" | ".join(out))
"""


def policies(seconds):
    rows = {}
    for policy in ("active", "PASSIVE"):
        env = dict(os.environ, OMP_WAIT_POLICY=policy)
        r = subprocess.run([sys.executable, "-c", _POLICY_CODE.format(seconds=seconds)], env=env,
                           capture_output=True, text=True, check=True)
        rows[policy] = r.stdout.strip()
    return rows


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=0.3)
    args = p.parse_args(argv)
    from root_env.warmup import warmup
    warmup()
    print("| batch | obs+mask | kernel | threads | decisions/s |\n|---|---|---|---|---|")
    for size, obs, kernel, threads, r in kernels(args.seconds):
        print(f"| {size} | {'yes' if obs else 'no'} | {kernel} | {threads} | {r:,.0f} |")
    print("\nns per decision, batch 256, one thread:")
    for k, v in breakdown(args.seconds).items():
        print(f"  {k:<16} {v:7.0f}")
    try:
        load = " (load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg()) + ")"
    except OSError:
        load = ""
    print(f"\nOpenMP wait policy, prange kernel, all threads, decisions/s{load}:")
    print("| policy | 16 games | 64 games | 1024 games |\n|---|---|---|---|")
    for policy, row in policies(args.seconds).items():
        print(f"| {policy} | {row} |")
    print("\ndecisions/s, 64 games, random legal actions chosen in Python:")
    for k, v in loop_paths(args.seconds).items():
        print(f"  {k:<24} {v:12,.0f}")


if __name__ == "__main__":
    main()

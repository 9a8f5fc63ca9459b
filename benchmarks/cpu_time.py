"""Engine throughput in decisions per CPU second, one thread: figures a shared machine cannot skew much.

    python -m benchmarks.cpu_time [--json PATH]

Wall-clock rates on a machine that other work keeps busy measure the share of the CPU a process got;
CPU time (``time.process_time``) measures the work. Each figure runs numba with one thread: whole
random games (``rollout.random_games``, two and four factions), ``Batch.random_step`` with the serial
kernel (64 games, observation and mask) and with the parallel kernel on one thread (256 games, engine
only and with observation and mask), and ``core.apply`` called from Python. Used for the before/after
figures in docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")


def per_cpu_second(run) -> float:
    t = time.process_time()
    n = run()
    return n / (time.process_time() - t)


def rollouts(factions, n):
    from root_env.rollout import random_games
    return lambda: int(random_games(n, factions, seed=1000, threads=1)["decisions"].sum())


def batch(size, obs, parallel, calls):
    from root_env.engine.batch import Batch
    b = Batch(size, np.array([0, 1]), obs=obs, mask=obs, parallel=parallel)
    b.reset(seed=7)

    def run():
        for _ in range(calls):
            b.random_step()
        return calls * size
    return run


def apply_from_python(n):
    from root_env.engine.core import make_state, new_game, apply
    from root_env.layout import LEGAL, GAME_OVER
    factions = np.array([0, 1], np.int64)

    def run():
        s = make_state()
        new_game(s, factions, 3, 300, 0, 0)
        for k in range(n):
            if s[GAME_OVER]:
                new_game(s, factions, 4 + k, 300, 0, 0)
            apply(s, int(s[LEGAL]))
        return n
    return run


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = p.parse_args(argv)
    import numba
    numba.set_num_threads(1)
    figures = {"rollout_2p_t1": rollouts(("marquise", "eyrie"), 300), "rollout_4p_t1": rollouts(BASE4, 100),
               "batch64_serial_obs_mask": batch(64, True, False, 1500),
               "batch256_parallel_1thread_engine": batch(256, False, True, 500),
               "batch256_parallel_1thread_obs_mask": batch(256, True, True, 400),
               "apply_from_python": apply_from_python(50000)}
    for run in figures.values():
        run()  # compile or load, outside the timing
    res = {name: per_cpu_second(run) for name, run in figures.items()}
    width = max(len(k) for k in res)
    print(f"{'figure':<{width}}  decisions per CPU second")
    for k, v in res.items():
        print(f"{k:<{width}}  {v:,.0f}")
    print(json.dumps(res))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(res, f, indent=2)
    return res


if __name__ == "__main__":
    main()

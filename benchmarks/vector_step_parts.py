"""Where a ``RootVectorEnv.step`` goes: the compiled step, numba's call of it, and the Python around it, side by side.

    python -m benchmarks.vector_step_parts [--rounds 9] [--seconds 0.3] [--size 64] [--factions marquise,eyrie]
                                           [--obs-dtype uint8] [--observation seated] [--json PATH]

One core, CPU time (``time.process_time``), ``--size`` games stepped with uniformly random legal actions chosen
before each timed call; every candidate runs ``--seconds`` per round, the candidates in turn, ``--rounds`` rounds;
each figure is the median over the rounds (CPU ns per decision and per step), so that a neighbour's load slows
them alike. The candidates, each on an env (or batch) of its own of the same kind (``--obs-dtype``,
``--observation``; the default is the issue's best case, uint8 seated, cap 255):

- ``step``: ``RootVectorEnv.step(actions)`` (``copy=True``), the figure of the issue's goal;
- ``kernel``: ``Batch.step_vector`` on the env's own buffers, the compiled step with numba's call of it;
- ``call``: numba's call of the same kernel with zero games (its eight array arguments unboxed, nothing stepped);
- ``python``: ``RootVectorEnv.step`` with the kernel replaced by a Python function that returns at once, so that
  no game moves and no game ends: the step's own Python on caches the kernel did not evict;
- ``step_nocopy``: ``RootVectorEnv.step`` with ``copy=False``.

It also splits ``step``'s calls into those in which a game ended (the final observations and info are built) and
the others, and prints ``step`` − ``kernel``, what a step costs beyond its compiled call. Timing harness only:
nothing is asserted (docs/performance.md, "Eighth round").
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import time

import numpy as np


def candidates(size: int, factions: tuple, kw: dict, ended: list) -> dict:
    """Name -> a function () -> (decisions, CPU seconds of what is timed)."""
    from root_env.engine import batch as B
    from root_env.vector import RootVectorEnv
    now = time.process_time
    rng = np.random.default_rng(0)
    out = {}

    def step(copy=True, record=None):
        v = RootVectorEnv(size, factions=factions, seed=0, copy=copy, **kw)
        v.reset()

        def run():
            a = v.random_actions(rng)
            t0 = now()
            res = v.step(a)
            dt = now() - t0
            if record is not None:
                record.append(("final_obs" in res[4], dt))
            return size, dt
        return run
    out["step"] = step(record=ended)
    out["step_nocopy"] = step(copy=False)

    v = RootVectorEnv(size, factions=factions, seed=0, **kw)
    v.reset()
    b = v._batch
    rows = np.arange(size)
    outs = (np.empty((2, size), np.int64), np.empty(size * (len(factions) + 1), np.float32),
            np.empty((2, size), bool))

    def kernel():
        s = b.states
        b.actions[:] = s[rows, B.LEGAL + (rng.random(size) * s[:, B.LEGAL_N]).astype(np.int64)]
        t0 = now()
        b.step_vector(*outs)
        return size, now() - t0
    out["kernel"] = kernel

    fn = B.vector_step if b.layout is None else B.vector_step_seated
    p = len(factions)
    ints0 = np.zeros(B.int_block_size(0, p) + (0 if b.layout is None else b.layout.sel.shape[0]), np.int64)
    ints0[B.N_CFG] = p
    ints0[B.int_block_size(0, p):] = 0 if b.layout is None else b.layout.sel
    empty = (b.states[:0], ints0, b.views[:0], b.obs[:0], b.masks[:0], np.empty((2, 0), np.int64),
             np.empty(0, np.float32), np.empty((2, 0), bool))

    def call():  # 64 calls of zero games, counted as one step's decisions each
        t0 = now()
        for _ in range(64):
            fn(*empty)
        return size * 64, (now() - t0)
    out["call"] = call

    idle = RootVectorEnv(size, factions=factions, seed=0, **kw)
    idle.reset()
    idle._batch.step_vector = lambda cols, floats, flags: (0, 0)  # the kernel a no-op: no game moves or ends
    acts = idle.random_actions(rng)

    def python():
        t0 = now()
        for _ in range(64):
            idle.step(acts)
        return size * 64, now() - t0
    out["python"] = python
    return out


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=0.3)
    p.add_argument("--rounds", type=int, default=9)
    p.add_argument("--size", type=int, default=64)
    p.add_argument("--factions", default="marquise,eyrie")
    p.add_argument("--obs-dtype", default="uint8")
    p.add_argument("--observation", default="seated")
    p.add_argument("--json")
    a = p.parse_args(argv)
    factions = tuple(a.factions.split(","))
    kw = {"obs_dtype": a.obs_dtype, "observation": a.observation, "max_turns": 255}
    from root_env.warmup import run_stage
    for stage in ("engine", "batch", "parallel"):
        run_stage(stage)
    ended = []
    cands = candidates(a.size, factions, kw, ended)
    load0 = os.getloadavg()
    from benchmarks.vector_speed import timed_rounds
    figures = timed_rounds(cands, a.seconds, a.rounds, ended.clear)
    for f in figures.values():
        f["us_per_step"] = f["ns_per_decision"] * a.size / 1000
    per = {k: [1e9 / r for r in f["rounds"]] for k, f in figures.items()}  # ns per decision, round by round
    beyond = statistics.median(s - k for s, k in zip(per["step"], per["kernel"]))
    ends = [dt for e, dt in ended if e]
    plain = [dt for e, dt in ended if not e]
    split = {"share_of_steps_with_an_end": len(ends) / max(len(ended), 1),
             "us_per_step_with_an_end": 1e6 * statistics.median(ends) if ends else None,
             "us_per_step_without": 1e6 * statistics.median(plain) if plain else None}
    res = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "loadavg_before": load0, "loadavg_after": os.getloadavg(), "games": a.size, "factions": list(factions),
           "env": kw, "rounds": a.rounds, "seconds": a.seconds, "clock": "time.process_time, median of the rounds",
           "figures": figures, "step_minus_kernel_ns_per_decision": beyond, "step_split": split}
    print(f"{a.size} games of {', '.join(factions)}, {kw}, one core, median of {a.rounds} rounds; {res['date']}; "
          f"load {load0[0]:.2f} -> {res['loadavg_after'][0]:.2f}")
    print("| part | CPU ns per decision | CPU us per step | decisions per CPU s |\n|---|---:|---:|---:|")
    for k, f in figures.items():
        print(f"| {k} | {f['ns_per_decision']:,.0f} | {f['us_per_step']:,.1f} | {f['decisions_per_cpu_s']:,.0f} |")
    print(f"step - kernel (median of the rounds' differences): {beyond:,.0f} ns per decision, "
          f"{beyond * a.size / 1000:,.1f} us per step")
    print(f"steps with an end: {split['share_of_steps_with_an_end']:.1%}, median "
          f"{split['us_per_step_with_an_end'] or 0:,.1f} us against {split['us_per_step_without'] or 0:,.1f} us without")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=2)
    return res


if __name__ == "__main__":
    main()

"""A shipped policy's forward pass with one BLAS thread (the default, ``root_env.blas_threads``) against more.

    python -m benchmarks.blas_threads [--threads 1,2] [--rows 1,32] [--reps 3] [--json PATH]

Each shipped policy (``agents.pretrained``) evaluates `rows` observations of its own faction (the position after
a few random decisions of a seeded game, repeated) with ``ROOT_ENV_BLAS_THREADS`` set to each count in turn; the arms
take turns ``--reps`` times and the best time per call of each is kept, on the machine as it is ("quiet") and beside
``--busy`` busy processes the benchmark starts ("loaded", ``benchmarks.threads.BUSY``; default one per usable core,
as when a parallel arena or other jobs fill the machine): the default's point is a busy machine. The load average
before and after is recorded.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

LOADS = ("quiet", "loaded")


def _position(faction: str):
    import numpy as np
    from root_env.game import Game
    others = [f for f in ("marquise", "eyrie", "alliance", "riverfolk") if f != faction][:3 - (faction == "vagabond2")]
    g = Game.new([faction, *others, *(["vagabond"] if faction == "vagabond2" else [])], seed=1)
    rng = np.random.default_rng(1)
    while g.current_player != faction:
        legal = np.flatnonzero(g.action_mask())
        g.apply(int(rng.choice(legal)))
    return g.observe(faction), g.action_mask()


def time_calls(policy, obs, mask, calls: int) -> float:
    t = time.perf_counter()
    for _ in range(calls):
        policy.logits(obs, mask)
    return (time.perf_counter() - t) / calls


def _best(policy, o, m, threads, reps: int, calls: int) -> dict:
    from root_env import blas_threads
    best = {t: float("inf") for t in threads}
    for _ in range(reps):
        for t in threads:
            os.environ[blas_threads.ENV_VAR] = str(t)
            try:
                policy.logits(o, m)  # warm
                best[t] = min(best[t], time_calls(policy, o, m, calls))
            finally:
                del os.environ[blas_threads.ENV_VAR]
    return best


def measure(threads=(1, 2), rows=(1, 32), reps: int = 3, calls: int = 200, busy: int = 1) -> dict:
    import numpy as np
    from agents import pretrained
    from benchmarks.threads import BUSY
    cases = []
    for faction in pretrained.shipped():
        policy = pretrained.load(faction)
        obs, mask = _position(faction)
        cases += [(faction, policy, n, np.repeat(obs[None], n, 0), np.repeat(mask[None], n, 0)) for n in rows]
    out = {}
    for load in LOADS:
        procs = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(busy if load == "loaded" else 0)]
        try:
            if procs:
                time.sleep(0.2)  # let them take their cores
            for faction, policy, n, o, m in cases:
                best = _best(policy, o, m, threads, reps, calls)
                out[f"{faction}/{n}/{load}"] = {"faction": faction, "rows": n, "load": load,
                                                "net": policy.model.get("net", "mlp"),
                                                **{f"ms_threads_{t}": best[t] * 1e3 for t in threads}}
        finally:
            for p in procs:
                p.kill()
                p.wait()
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", default="1,2", help="BLAS thread counts to compare (comma-separated)")
    ap.add_argument("--rows", default="1,32", help="observations per call (comma-separated)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--busy", type=int, default=None, help="busy processes beside the loaded arms (default: one per "
                    "usable core)")
    ap.add_argument("--json", default=None, help="write the figures here too")
    a = ap.parse_args(argv)
    threads = tuple(int(t) for t in a.threads.split(","))
    rows = tuple(int(r) for r in a.rows.split(","))
    load0 = os.getloadavg()[0]
    from root_env.torch_threads import usable_cores
    busy = usable_cores() if a.busy is None else a.busy
    res = measure(threads, rows, a.reps, a.calls, busy)
    doc = {"threads": threads, "rows": rows, "busy_processes": busy, "load_before": load0, "load_after": os.getloadavg()[0], "arms": res}
    print(json.dumps(doc, indent=1))
    print(f"\nms per forward pass (best of {a.reps}; loaded = beside {busy} busy process{'es' * (busy > 1)}), load average {load0:.1f} "
          f"before, {doc['load_after']:.1f} after")
    print("| policy | net | rows | load | " + " | ".join(f"{t} thread{'s' * (t > 1)}" for t in threads) + " |")
    print("|---|---|---:|---|" + "---:|" * len(threads))
    for r in res.values():
        print(f"| {r['faction']} | {r['net']} | {r['rows']} | {r['load']} | "
              + " | ".join(f"{r[f'ms_threads_{t}']:.3f}" for t in threads) + " |")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(doc, fh, indent=1)


if __name__ == "__main__":
    main()

"""Where numba's first-run compile time goes, per function (fresh process, empty cache).

    python -m benchmarks.profile_compile [--stage engine|demo|batch|arena|agents|all] [--top 40] [--json PATH]

Wraps ``Dispatcher.compile`` (one call per new type signature, callees compiled inside their
callers) and ``CodeLibrary.finalize`` (LLVM: link the callees in, optimise, emit machine code), and
prints per function: signatures compiled, CPU seconds inclusive of callees, exclusive of them, and the
exclusive part spent in LLVM finalisation (a ``name__jitted`` row is the wrapper-less version that
``root_env.engine.jit`` compiles for calls from jitted code). CPU time (``time.process_time``) rather
than wall time, as the machine may be shared. See docs/performance.md for what the figures showed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--stage", default="all", help="warm-up stage(s), comma-separated (root_env.warmup.STAGES)")
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--json", type=str, default=None, help="also write the rows as JSON")
    args = p.parse_args(argv)
    os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="root-env-profile-")  # empty: everything compiles
    os.environ["ROOT_ENV_SHIPPED_CACHE"] = "0"  # not the precompiled cache either
    from numba.core import codegen, dispatcher

    rows: dict[str, dict] = {}
    stack: list[list[float]] = []  # per active compile: [callee seconds, llvm seconds]
    compile_ = dispatcher.Dispatcher.compile
    finalize = codegen.CPUCodeLibrary.finalize

    def timed_compile(self, sig):
        before = len(self.overloads)
        t0 = time.process_time()
        stack.append([0.0, 0.0])
        try:
            return compile_(self, sig)
        finally:
            dt = time.process_time() - t0
            callees, llvm = stack.pop()
            if stack:
                stack[-1][0] += dt
            if len(self.overloads) > before:
                name = f"{self.py_func.__module__}.{self.py_func.__qualname__}"
                r = rows.setdefault(name, {"signatures": 0, "inclusive_s": 0.0, "exclusive_s": 0.0, "llvm_s": 0.0})
                r["signatures"] += 1
                r["inclusive_s"] += dt
                r["exclusive_s"] += dt - callees
                r["llvm_s"] += llvm

    def timed_finalize(self):
        t0 = time.process_time()
        try:
            return finalize(self)
        finally:
            if stack:
                stack[-1][1] += time.process_time() - t0

    dispatcher.Dispatcher.compile = timed_compile
    codegen.CPUCodeLibrary.finalize = timed_finalize

    from root_env import warmup as W
    stages = W.STAGES if args.stage == "all" else tuple(args.stage.split(","))
    t0 = time.process_time()
    w0 = time.perf_counter()
    per_stage = {}
    for s in stages:
        t = time.process_time()
        W.run_stage(s)
        per_stage[s] = time.process_time() - t
        print(f"stage {s}: {per_stage[s]:.1f} CPU s", flush=True)
    total, wall = time.process_time() - t0, time.perf_counter() - w0
    order = sorted(rows.items(), key=lambda kv: -kv[1]["exclusive_s"])
    print(f"{'function':<58} {'sigs':>4} {'incl s':>7} {'excl s':>7} {'llvm s':>7}")
    for name, r in order[:args.top]:
        print(f"{name:<58} {r['signatures']:>4} {r['inclusive_s']:7.2f} {r['exclusive_s']:7.2f} {r['llvm_s']:7.2f}")
    excl = sum(r["exclusive_s"] for r in rows.values())
    llvm = sum(r["llvm_s"] for r in rows.values())
    print(f"\nstages {', '.join(stages)}: {total:.1f} CPU s ({wall:.1f} s wall); {len(rows)} functions, "
          f"{sum(r['signatures'] for r in rows.values())} signatures; compiles {excl:.1f} s, of which LLVM "
          f"finalisation {llvm:.1f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"stages": per_stage, "cpu_s": total, "wall_s": wall, "functions": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Profile of the batched-stepping hot path and of ``RootVectorEnv.step`` (docs/performance.md, "Vector env").

    python -m benchmarks.profile_batch [--seconds 0.3] [--size 64] [--factions marquise,eyrie] [--cprofile]

1. Kernel choice: the serial kernel (``run_batch_serial``, ``Batch``'s default) against the threaded one
   (``run_batch``: slices on Python threads), one and all threads, 1, 8 and 64 games.
2. Where a batched decision's time goes, one thread, ``--size`` and 256 games: the engine (apply and
   auto-reset, random actions drawn inside the kernel), the action mask, the observation.
3. Where ``RootVectorEnv.step``'s time goes, ``--size`` games, one core, observations and masks: the
   compiled step with given actions (its legality check included), choosing random legal actions in
   numpy (``random_actions``), the rest of ``step`` in Python, and what copying the outputs costs
   (``copy=True`` returns new arrays the kernel wrote, ``copy=False`` the internal buffers).
   ``--cprofile`` adds the Python functions of ``step`` by their own time.
4. The training-loop path: one ``Game`` per environment stepped from Python (apply, observe the
   acting player, mask), as a loop had to do before the batch API, against ``RootVectorEnv.step``.

Parts 2 and 3 are CPU time, the candidates interleaved in short bursts, each keeping its best burst
(interference only ever slows a run); parts 1 and 4 are wall time, the best of three runs. On a shared
machine compare figures of one run only.
"""
from __future__ import annotations

import argparse
import time

import numba
import numpy as np


CLOCK = {"wall": time.perf_counter, "cpu": time.process_time}


def _rate(fn, per_call, seconds, reps=3, clock="wall"):
    """Best calls of `fn` per second (of wall time, or of this process's CPU time) times `per_call`."""
    now = CLOCK[clock]
    best = 0.0
    for _ in range(reps):
        n = 0
        t0 = now()
        while now() - t0 < seconds:
            for _ in range(20):
                fn()
            n += 20
        best = max(best, n * per_call / (now() - t0))
    return best


def kernels(seconds, factions):
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    rows = []
    for size in (1, 8, 64):
        for obs in (False, True):
            for parallel in (True, False):
                for threads in ((1, numba.config.NUMBA_NUM_THREADS) if parallel else (1,)):
                    b = B.Batch(size, faction_ids(factions), obs=obs, mask=obs, parallel=parallel, threads=threads)
                    b.reset(seed=0)
                    rows.append((size, obs, "threaded" if parallel else "serial", threads,
                                 _rate(b.random_step, size, seconds)))
    return rows


def _interleaved(cands: dict, per_call: int, seconds: float, reps: int = 30) -> dict:
    """CPU ns per decision of each candidate (a function of no argument taking `per_call` decisions): the
    candidates run in turn, `reps` bursts of `seconds` / `reps` each, and each keeps its best burst, so a
    busy neighbour slows every candidate alike and the best bursts are the quietest."""
    best = {k: float("inf") for k in cands}
    burst = seconds / reps
    for _ in range(reps):
        for k, fn in cands.items():
            n, t0 = 0, time.process_time()
            while time.process_time() - t0 < burst:
                for _ in range(5):
                    fn()
                n += 5
            best[k] = min(best[k], (time.process_time() - t0) / (n * per_call) * 1e9)
    return best


def breakdown(seconds, factions, size):
    """CPU ns per decision of the serial kernel, one thread: engine, + mask, + observation."""
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    cands = {}
    for name, obs, mask in (("engine", False, False), ("engine+mask", False, True), ("engine+mask+obs", True, True)):
        b = B.Batch(size, faction_ids(factions), obs=obs, mask=mask)
        b.reset(seed=0)
        cands[name] = b.random_step
    return _interleaved(cands, size, seconds)


def vector_step(seconds, factions, size, cprofile=False):
    """CPU ns per decision of RootVectorEnv.step's parts (see the module doc, 3)."""
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    from root_env.vector import RootVectorEnv
    rng = np.random.default_rng(0)
    v = RootVectorEnv(size, factions=factions, seed=0)
    v.reset()
    w = RootVectorEnv(size, factions=factions, seed=0, copy=False)
    w.reset()
    b = B.Batch(size, faction_ids(factions))
    b.reset(seed=0)
    rows = np.arange(size)

    def numpy_actions():
        s = b.states
        return s[rows, B.LEGAL + (rng.random(size) * s[:, B.LEGAL_N]).astype(np.int64)]
    cands = {"RootVectorEnv.step(random_actions()), copy=True": lambda: v.step(v.random_actions(rng)),
             "the same, copy=False": lambda: w.step(w.random_actions(rng)),
             "Batch.step(random actions chosen in numpy)": lambda: b.step(numpy_actions()),
             "Batch.random_step() (actions drawn in the kernel)": b.random_step,
             "choosing random legal actions in numpy": numpy_actions,
             "copying obs and masks (copy=True before)": lambda: (b.obs.copy(), b.masks.copy()),
             "new empty obs and masks (copy=True now)": lambda: (np.empty_like(b.obs), np.empty_like(b.masks))}
    out = _interleaved(cands, size, seconds)
    if cprofile:
        import cProfile
        import pstats
        pr = cProfile.Profile()
        pr.enable()
        for _ in range(2000):
            v.step(v.random_actions(rng))
        pr.disable()
        pstats.Stats(pr).sort_stats("tottime").print_stats(15)
    return out


def loop_paths(seconds, factions, size=64):
    from root_env import Game
    from root_env.vector import RootVectorEnv
    rng = np.random.default_rng(0)
    games = [Game.new(factions, seed=g) for g in range(size)]

    def python_loop():
        for i, g in enumerate(games):
            legal = g.legal_actions()
            g.apply(int(legal[int(rng.integers(legal.size))]))
            if g.is_over:
                games[i] = g = Game.new(factions, seed=int(rng.integers(1 << 40)))
            g.observe(g.current_player)
            g.action_mask()

    v = RootVectorEnv(size, factions=factions, seed=0)
    v.reset()
    return {"python_loop_over_games": _rate(python_loop, size, seconds, 1),
            "vector_env_step": _rate(lambda: v.step(v.random_actions(rng)), size, seconds)}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=0.3, help="seconds per figure (parts 2 and 3: per candidate)")
    p.add_argument("--size", type=int, default=64, help="games per batch in parts 2 and 3")
    p.add_argument("--factions", default="marquise,eyrie")
    p.add_argument("--cprofile", action="store_true", help="add cProfile's view of RootVectorEnv.step")
    p.add_argument("--only", choices=("kernels", "breakdown", "vector", "loop"), help="one part only")
    args = p.parse_args(argv)
    factions = tuple(args.factions.split(","))
    from root_env.warmup import run_stage
    for stage in ("engine", "batch", "parallel"):
        run_stage(stage)
    if args.only in (None, "kernels"):
        print("| batch | obs+mask | kernel | threads | decisions/s |\n|---|---|---|---|---|")
        for size, obs, kernel, threads, r in kernels(args.seconds, factions):
            print(f"| {size} | {'yes' if obs else 'no'} | {kernel} | {threads} | {r:,.0f} |")
    if args.only in (None, "breakdown"):
        for size in sorted({args.size, 256}):
            print(f"\nCPU ns per decision, batch {size}, one thread:")
            for k, v in breakdown(args.seconds, factions, size).items():
                print(f"  {k:<16} {v:7.0f}")
    if args.only in (None, "vector"):
        print(f"\nRootVectorEnv.step, {args.size} games, one core, CPU ns per decision (decisions per CPU s):")
        for k, v in vector_step(args.seconds, factions, args.size, args.cprofile).items():
            print(f"  {k:<52} {v:7.0f}  ({1e9 / v:,.0f})")
    if args.only in (None, "loop"):
        print("\ndecisions/s, 64 games, random legal actions chosen in Python:")
        for k, v in loop_paths(args.seconds, factions).items():
            print(f"  {k:<24} {v:12,.0f}")


if __name__ == "__main__":
    main()

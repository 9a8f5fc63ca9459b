"""Compile (or load from numba's cache) every compiled entry point, stage by stage, in one process.

``make test`` runs it before starting the parallel test workers, and the benchmark suite before its
timings, so that they only read the cache. It sits above both the engine and the agents (it warms
the compiled agents too), so nothing in ``root_env.engine`` needs to import ``agents``.

    python -m root_env.warmup            # everything
    python -m root_env.warmup demo       # only what ``make demo`` needs
    python -m root_env.warmup --json     # and print each stage's cumulative wall and CPU seconds
"""
from __future__ import annotations

import importlib
import json
import sys
import time


# Stage -> the module that compiles it (and the keyword arguments of its two functions), in dependency
# order. Each module has ensure_compiled() (compile when the cache is cold, saying so on stderr:
# engine.firstrun) and warm() (call every entry point). A new compiled layer adds a row.
_STAGES = {"engine": ("root_env.engine.core", {}), "agents": ("agents.heuristic_agent", {}),
           "batch": ("root_env.engine.batch", {"parallel": False}),
           "steps": ("root_env.engine.core", {"steps": True}),
           "parallel": ("root_env.engine.batch", {"parallel": True}), "arena": ("agents.arena", {}),
           "trainer": ("agents.train.stepper", {})}
STAGES = tuple(_STAGES)
# What ``make demo`` needs: the game, the heuristic, one-thread rollouts, and the step-level engine its log
# traces battles with (dice, hits); a prefix of STAGES, so that cumulative timings read it off.
DEMO = ("engine", "agents", "batch", "steps")
FULL = DEMO + ("parallel", "arena")  # the training and balance kernels too


def run_stage(name: str) -> None:
    """Compile (or load) one stage (see ``STAGES``)."""
    if name not in _STAGES:
        raise ValueError(f"unknown warm-up stage {name!r}; stages: {', '.join(STAGES)}")
    module, kwargs = _STAGES[name]
    layer = importlib.import_module(module)
    layer.ensure_compiled(**kwargs)  # cold cache: says so on stderr, compiles
    layer.warm(**kwargs)  # warm cache: loads every entry point (what the suite's warm-start figure times)


def warmup(parallel: bool = True, stages=None) -> None:
    """Compile every stage (``stages``: a subset of ``STAGES``). ``parallel=False`` keeps the
    single-game engine, the agents and the serial batch kernel, without the parallel kernels."""
    if stages is None:
        stages = STAGES if parallel else DEMO
    timed(stages)


def timed(stages=STAGES) -> dict:
    """Warm `stages` in order; for each, the wall and CPU seconds since the call began (cumulative)."""
    w0, c0 = time.perf_counter(), time.process_time()
    out = {}
    for s in stages:
        run_stage(s)
        out[s] = {"wall_s": time.perf_counter() - w0, "cpu_s": time.process_time() - c0}
    return out


def main(argv=None) -> int:
    """``python -m root_env.warmup [demo | STAGE ...] [--json]``: warm the stages (all by default);
    ``--json`` prints each stage's cumulative wall and CPU seconds as JSON (the benchmark suite uses it)."""
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args
    args = [a for a in args if a != "--json"]
    stages = DEMO if args == ["demo"] else tuple(args) or STAGES
    unknown = [s for s in stages if s not in _STAGES]
    if unknown:
        print(f"unknown stage(s) {', '.join(unknown)}; stages: {', '.join(STAGES)} (or demo)", file=sys.stderr)
        return 2
    times = timed(stages)
    if as_json:
        print(json.dumps(times))
    else:
        print(f"numba warm-up ({', '.join(stages)}) done in {times[stages[-1]]['wall_s']:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

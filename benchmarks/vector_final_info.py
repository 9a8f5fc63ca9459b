"""The Python of a vector env step in which games ended (Gymnasium's final info), this tree's against an older one's.

    python -m benchmarks.vector_final_info [--rev 2a45553] [--rounds 11] [--seconds 0.3] [--size 64]
                                           [--factions marquise,eyrie] [--json PATH]

One process, one core, CPU time (``time.process_time``). For each kind of env (float32 full, the default; uint8
seated, cap 255) two ``RootVectorEnv`` of this tree step ``--size`` games with random legal actions: ``now`` as it
is, and ``REV`` with the code that built the final info at ``--rev``, read with ``git show``: its ``_step_ends``
(and ``_final_info``, before ``root_env.vector_final``: they allocated the final info anew every time) bound to that
env, and, where REV has ``root_env/vector_final.py``, its ``FinalSet`` (the numpy ``fill`` before
``engine.batch.final_fill``) making that env's final sets. Both step the same compiled kernel, so only that code
differs. Every candidate runs ``--seconds`` per round, in turn,
``--rounds`` rounds; the figures are medians over the rounds: CPU µs per step in which a game ended spent in that
Python (``_step_ends``, timed apart), and CPU ns per decision of the whole step. Timing harness only: nothing is
asserted (docs/performance.md, "Ninth round", "Tenth round").
"""
from __future__ import annotations

import argparse
import ast
import datetime
import json
import os
import statistics
import subprocess
import time
import types

import numpy as np

OLD_METHODS = ("_step_ends", "_final_info")


def _show(rev: str, path: str) -> str | None:
    """``git show REV:PATH``, None where REV has no such file."""
    out = subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True, text=True)
    return out.stdout if out.returncode == 0 else None


def old_methods(rev: str) -> dict:
    """REV's ``RootVectorEnv._step_ends`` (and ``_final_info`` where it has one) as functions (``git show
    REV:root_env/vector.py``)."""
    src = _show(rev, "root_env/vector.py")
    cls = next(n for n in ast.parse(src).body if isinstance(n, ast.ClassDef) and n.name == "RootVectorEnv")
    funcs = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name in OLD_METHODS]
    from typing import Any
    from gymnasium.vector import AutoresetMode
    from root_env.codes import N_ACTIONS
    from root_env.engine import batch as B
    from root_env.vector_final import FINAL_KEYS
    env = {"np": np, "B": B, "N_ACTIONS": N_ACTIONS, "AutoresetMode": AutoresetMode, "FINAL_KEYS": FINAL_KEYS,
           "Any": Any}
    exec(compile(ast.Module(body=funcs, type_ignores=[]), f"{rev}:root_env/vector.py", "exec"), env)
    return {name: env[name] for name in OLD_METHODS if name in env}


def old_final_set(rev: str):
    """REV's ``vector_final.FinalSet`` (a module of this package made from ``git show REV:root_env/vector_final.py``,
    its relative imports this tree's), None where REV has no such file."""
    src = _show(rev, "root_env/vector_final.py")
    if src is None:
        return None
    module = types.ModuleType(f"root_env._vector_final_{rev}")
    module.__package__ = "root_env"
    exec(compile(src, f"{rev}:root_env/vector_final.py", "exec"), module.__dict__)
    return module.FinalSet


def as_of(v, old: dict, final_set) -> None:
    """Make env `v` build its final info with REV's code (``old_methods``, ``old_final_set``)."""
    v._col_bits = np.array([1 << int(f) for f in v._batch.factions], dtype=np.int64)
    for name, fn in old.items():
        setattr(v, name, types.MethodType(fn, v))
    if final_set is not None:
        from gymnasium.vector import AutoresetMode
        from root_env.vector_final import constants
        from root_env.vector_outputs import Pool
        shared = constants(v.num_envs)
        v._finals = Pool(lambda: final_set(v.num_envs, v.num_players, v.obs_size, v.obs_dtype,
                                           v.autoreset_mode == AutoresetMode.SAME_STEP, v.mask_in_info, shared))
        v._final = v._finals.take()
        v._batch.views = v._final.views


def candidates(size: int, factions: tuple, rev: str, ends: dict) -> dict:
    from root_env.vector import RootVectorEnv
    old, final_set = old_methods(rev), old_final_set(rev)
    now = time.process_time
    rng = np.random.default_rng(0)
    kinds = {"float32_full": {}, "uint8_seated": {"obs_dtype": "uint8", "observation": "seated", "max_turns": 255}}
    out = {}
    for kind, kw in kinds.items():
        for tree in ("now", rev):
            v = RootVectorEnv(size, factions=factions, seed=0, **kw)
            if tree != "now":
                as_of(v, old, final_set)
            v.reset()
            name = f"{kind}_{tree}"
            ends[name] = []
            inner = v._step_ends

            def timed_ends(*a, inner=inner, rec=ends[name]):
                t0 = now()
                inner(*a)
                rec.append(now() - t0)
            v._step_ends = timed_ends

            def run(v=v):
                a = v.random_actions(rng)
                t0 = now()
                v.step(a)
                return size, now() - t0
            out[name] = run
    return out


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rev", default="2a45553")
    p.add_argument("--seconds", type=float, default=0.3)
    p.add_argument("--rounds", type=int, default=11)
    p.add_argument("--size", type=int, default=64)
    p.add_argument("--factions", default="marquise,eyrie")
    p.add_argument("--json")
    a = p.parse_args(argv)
    factions = tuple(a.factions.split(","))
    from root_env.warmup import run_stage
    for stage in ("engine", "batch", "parallel"):
        run_stage(stage)
    ends: dict = {}
    cands = candidates(a.size, factions, a.rev, ends)
    now = time.process_time
    for fn in cands.values():  # first calls out of the timings (caches, allocator, the first game ends)
        t0 = now()
        while now() - t0 < 0.2:
            fn()
    load0 = os.getloadavg()
    rounds = {k: [] for k in cands}  # decisions per CPU s of the whole step, round by round
    marks = {k: [] for k in cands}  # mean CPU us of the final info's Python per step with an end, round by round
    for _ in range(a.rounds):
        for k, fn in cands.items():
            ends[k].clear()
            done = spent = 0.0
            t0 = now()
            while now() - t0 < a.seconds and spent < a.seconds:
                d, dt = fn()
                done += d
                spent += dt
            rounds[k].append(done / spent)
            marks[k].append(statistics.mean(ends[k]) * 1e6 if ends[k] else float("nan"))
    figures = {}
    for k in cands:
        figures[k] = {"decisions_per_cpu_s": statistics.median(rounds[k]),
                      "ns_per_decision": 1e9 / statistics.median(rounds[k]),
                      "us_per_step_with_an_end_in_final_info": statistics.median(marks[k]),
                      "rounds_decisions_per_cpu_s": rounds[k], "rounds_us_final_info": marks[k]}
    ratios = {}
    for kind in ("float32_full", "uint8_seated"):
        n, o = f"{kind}_now", f"{kind}_{a.rev}"
        ratios[kind] = {"final_info_now_over_rev": statistics.median(x / y for x, y in zip(marks[n], marks[o])),
                        "step_time_now_over_rev": statistics.median(y / x for x, y in zip(rounds[n], rounds[o]))}
    res = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "loadavg_before": load0, "loadavg_after": os.getloadavg(), "games": a.size, "factions": list(factions),
           "rev": a.rev, "rounds": a.rounds, "seconds": a.seconds,
           "clock": "time.process_time, median of the rounds", "figures": figures, "ratios": ratios}
    print(f"{a.size} games of {', '.join(factions)}, one core, median of {a.rounds} rounds; {res['date']}; "
          f"load {load0[0]:.2f} -> {res['loadavg_after'][0]:.2f}")
    print("| env | CPU us of final info per step with an end | CPU ns per decision (whole step) |\n|---|---:|---:|")
    for k, f in figures.items():
        print(f"| {k} | {f['us_per_step_with_an_end_in_final_info']:,.1f} | {f['ns_per_decision']:,.0f} |")
    for kind, r in ratios.items():
        print(f"{kind}: final info now / {a.rev} {r['final_info_now_over_rev']:.3f}, whole step "
              f"{r['step_time_now_over_rev']:.3f} (medians of the rounds' ratios)")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=2)
    return res


if __name__ == "__main__":
    main()

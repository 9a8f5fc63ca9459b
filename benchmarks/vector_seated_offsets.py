"""What the seated observation's runtime layout costs: its encoder against the same source with the layout's offsets
as compile-time constants, and without the non-negative masks, on fixed positions (issue 32, seventh round).

    python -m benchmarks.vector_seated_offsets [--rounds 9] [--seconds 0.2] [--size 64] [--factions marquise,eyrie]
                                               [--dtype uint8] [--json PATH]

``engine.observe_seated.observe_seated`` reads every field's offset from the layout (``sel``) at run time, so that
one compiled encoder serves every mix. Variants, each writing the observation of ``--size`` fixed positions (64 games
of ``--factions`` after 40 random decisions, each seen by its decider) into a buffer of ``--dtype``:

- ``full``: the engine's full encoder (``observe``), the reference of every ratio;
- ``seated``: the engine's seated encoder (as the vector env runs it);
- ``seated_unmasked``: its source with the ``& _NONNEG`` masks removed (compiled here with plain numba): numba then
  wraps negative indices at every store, which keeps the field loops from vectorising;
- ``seated_constant``: its source with this mix's offsets and counts written in as constants (plain numba): the
  floor a layout compiled per mix would reach.

CPU time (``time.process_time``), ``--rounds`` rounds of ``--seconds`` per variant in turn; it prints each variant's
median CPU ns per observation and the median of the rounds' ratios to ``full`` (JSON too, with ``--json``). The
variants are checked to write the same bytes first. Timing harness only: nothing is asserted.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import statistics
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def _compiled(src: str, name: str):
    """`src` (an engine module's text) compiled with plain numba as a module of its own; its ``observe_seated``."""
    from benchmarks.vector_speed import plain_module
    return plain_module(src, name).observe_seated


def variants(layout) -> dict:
    """Name -> an encoder (state, viewer, out, sel) of the variants above, but ``full`` (module doc)."""
    from root_env.engine import observe_seated as S
    src = (ROOT / "root_env" / "engine" / "observe_seated.py").read_text()
    unmasked = src.replace(" & _NONNEG", "")
    at = layout.sel[S.S_AT:S.S_AT + S.NFIELDS]
    number = {n: getattr(S, n) for n in dir(S) if n.startswith("F_")}
    constant = re.sub(r"\(at\[(F_\w+)\] & _NONNEG\)", lambda m: str(int(at[number[m.group(1)]])), src)
    for reg in ("S_P", "S_CS", "S_NV"):
        constant = constant.replace(f"sel[{reg}] & _NONNEG", str(int(layout.sel[getattr(S, reg)])))
        constant = constant.replace(f"sel[{reg}]", str(int(layout.sel[getattr(S, reg)])))
    return {"seated": S.observe_seated, "seated_unmasked": _compiled(unmasked, "seated_unmasked"),
            "seated_constant": _compiled(constant, "seated_constant")}


def measure(size: int, factions: tuple, dtype, seconds: float, rounds: int) -> dict:
    import numba
    from root_env.engine import batch as B
    from root_env.engine.observe import observe
    from root_env.engine.observe_seated import seated_layout
    from root_env.game import faction_ids
    ids = faction_ids(factions)
    layout = seated_layout(ids)
    b = B.Batch(size, ids)
    b.reset(seed=0)
    b.random_step(40)
    viewers = np.array([b.factions[p] for p in b.player], dtype=np.int64)

    @numba.njit
    def full(states, viewers, obs, sel):
        for g in range(states.shape[0]):
            observe(states[g], viewers[g], obs[g])

    def loop(enc):
        @numba.njit
        def run(states, viewers, obs, sel):
            for g in range(states.shape[0]):
                enc(states[g], viewers[g], obs[g], sel)
        return run
    runs = {"full": full, **{k: loop(v) for k, v in variants(layout).items()}}
    bufs = {k: np.empty((size, B.OBS_SIZE if k == "full" else layout.size), dtype) for k in runs}
    for k, run in runs.items():
        run(b.states, viewers, bufs[k], layout.sel)
    for k in runs:
        want = bufs["full"][:, layout.index]
        if not np.array_equal(bufs[k] if k != "full" else want, want):
            raise RuntimeError(f"{k} does not write the full observation's entries")
    per_round = {k: [] for k in runs}
    for _ in range(rounds):
        for k, run in runs.items():
            t0 = time.process_time()
            n = 0
            while time.process_time() - t0 < seconds:
                run(b.states, viewers, bufs[k], layout.sel)
                n += size
            per_round[k].append(1e9 * (time.process_time() - t0) / n)
    base = per_round["full"]
    return {"seated_size": layout.size, "figures": {
        k: {"ns_per_observation": statistics.median(v), "best_round_ns": min(v),
            "time_over_full": statistics.median(x / y for x, y in zip(v, base)), "rounds_ns": v}
        for k, v in per_round.items()}}


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=0.2)
    p.add_argument("--rounds", type=int, default=9)
    p.add_argument("--size", type=int, default=64)
    p.add_argument("--factions", default="marquise,eyrie")
    p.add_argument("--dtype", default="uint8", choices=("uint8", "float32"))
    p.add_argument("--json")
    a = p.parse_args(argv)
    factions = tuple(a.factions.split(","))
    from root_env.warmup import run_stage
    for stage in ("engine", "batch"):
        run_stage(stage)
    load0 = os.getloadavg()
    res = measure(a.size, factions, np.dtype(a.dtype), a.seconds, a.rounds)
    res.update({"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "loadavg_before": load0, "loadavg_after": os.getloadavg(), "factions": list(factions),
                "dtype": a.dtype, "rounds": a.rounds, "seconds": a.seconds, "clock": "time.process_time"})
    print(f"{a.size} positions of {', '.join(factions)} (seated: {res['seated_size']} entries), {a.dtype}, "
          f"{a.rounds} rounds of {a.seconds} CPU s; {res['date']}; load {load0[0]:.2f} -> {res['loadavg_after'][0]:.2f}")
    print("| variant | CPU ns per observation (median) | best round | time / full's (median of the rounds' ratios) |")
    print("|---|---|---|---|")
    for k, v in res["figures"].items():
        print(f"| {k} | {v['ns_per_observation']:,.0f} | {v['best_round_ns']:,.0f} | {v['time_over_full']:.3f} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=2)
    return res


if __name__ == "__main__":
    main()

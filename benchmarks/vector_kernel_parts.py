"""Inside a vector step's compiled call: the engine, the check, the mask and the observation, each timed alone on the
positions the env's kernel then steps.

    python -m benchmarks.vector_kernel_parts [--rounds 7] [--seconds 0.25] [--size 64] [--factions marquise,eyrie]
                                             [--obs-dtype uint8] [--observation seated] [--json PATH]

``benchmarks.vector_step_parts`` splits a ``RootVectorEnv.step`` into its compiled call and the Python around it;
this script splits the compiled call. An env of ``--size`` games (``--obs-dtype``, ``--observation``; the default is
the issue's best case, uint8 seated, cap 255) is stepped with uniformly random legal actions; at each position, before
the env's kernel steps it, each part runs alone on the batch's own states, one core, CPU time, and the sums over
``--rounds`` rounds of about ``--seconds`` per part give each part's median CPU ns per decision:

- ``call``: a compiled loop that does nothing (numba's call of two arrays: each part below pays it once per step);
- ``check``: the actions' check (``core.is_legal`` of every game's action, as ``engine.batch.check_batch``);
- ``mask``: the legal-action mask (``core.fill_mask``);
- ``observation``: the acting seat's observation, of the env's kind (full or seated, in the env's dtype);
- ``copy``: the states copied (1.3 MB for 64 games), and ``engine``: ``core.apply`` of every game's action on that
  copy (``copy_engine`` less ``copy``; no restart: an ended game stays ended);
- ``kernel``: then the env's own compiled step of those actions (``Batch.step_vector``: the check, the engine, the
  mask, the observation, the outputs, the views and the restart of an ended game).

Each part runs right after the one before it on the same states, so it finds them in the caches as far as the core's
1 MiB L2 holds them (the kernel too: the parts have just read its states): the parts are each one's own work, not
the cache misses of a step that begins cold. The loops around the engine's functions are compiled here (plain
``numba.njit``, no cache: a few seconds); what they call is the engine's own code. Timing harness only: nothing is
asserted (docs/performance.md, vector section, "Eleventh round").
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import time

import numpy as np


def loops():
    """The compiled loops (plain numba, compiled on first call), one per part."""
    from numba import njit
    from root_env.engine.core import apply, fill_mask, is_legal
    from root_env.engine.observe import observe
    from root_env.engine.observe_seated import observe_seated
    from root_env.layout import DECIDER

    @njit
    def nothing(states, actions):
        return states.shape[0] + actions.shape[0]

    @njit
    def check(states, actions):
        bad = 0
        for g in range(states.shape[0]):
            bad += 0 if is_legal(states[g], actions[g]) else 1
        return bad

    @njit
    def engine(states, actions):
        for g in range(states.shape[0]):
            apply(states[g], actions[g])

    @njit
    def mask(states, masks):
        for g in range(states.shape[0]):
            fill_mask(states[g], masks[g])

    @njit
    def observe_full(states, out, sel):
        for g in range(states.shape[0]):
            d = states[g, DECIDER]
            if d >= 0:
                observe(states[g], d, out[g])

    return nothing, check, engine, mask, observe_full, seated_loop(observe_seated)


def seated_loop(encoder):
    """A compiled loop ``(states, out, sel)`` writing each game's deciding seat's observation with `encoder` (``engine.
    observe_seated`` or a copy of it: ``benchmarks.vector_observe_blocks``)."""
    from numba import njit
    from root_env.layout import DECIDER

    @njit
    def loop(states, out, sel):
        for g in range(states.shape[0]):
            d = states[g, DECIDER]
            if d >= 0:
                encoder(states[g], d, out[g], sel)
    return loop


def measure(size, factions, kw, seconds, rounds) -> tuple:
    """({part: its figures}, the mean count of legal actions of the positions stepped)."""
    from root_env.layout import LEGAL_N
    from root_env.vector import RootVectorEnv
    nothing, check, engine, mask, observe_full, observe_cut = loops()
    v = RootVectorEnv(size, factions=factions, seed=1, **kw)
    v.reset()
    rng = np.random.default_rng(1)
    b = v._batch
    obs, masks = np.empty_like(b.obs), np.empty_like(b.masks)
    sel = np.zeros(1, np.int64) if b.layout is None else b.layout.sel
    observe_one = observe_full if b.layout is None else observe_cut
    out = v._outputs.take()
    copy = np.empty_like(b.states)
    now = time.process_time
    parts = {"call": lambda s, a: nothing(s, a), "check": lambda s, a: check(s, a),
             "mask": lambda s, a: mask(s, masks), "observation": lambda s, a: observe_one(s, obs, sel)}
    names = list(parts) + ["copy", "copy_engine", "kernel"]

    def iteration(t):
        """One position of every game: each part on it, then the engine on a copy, then the env's kernel steps it."""
        a = v.random_actions(rng)
        s = b.states
        legal.append(float(s[:, LEGAL_N].mean()))
        for k, part in parts.items():
            t0 = now()
            part(s, a)
            t[k] += now() - t0
        t0 = now()
        copy[:] = s
        t1 = now()
        engine(copy, a)
        t2 = now()
        b.actions[:] = a
        b.step_vector(out.cols, out.floats, out.flags)
        t3 = now()
        t["copy"] += t1 - t0
        t["copy_engine"] += t2 - t0
        t["kernel"] += t3 - t2
    legal = []
    for _ in range(30):  # compile, spread the games over their lengths a little
        iteration(dict.fromkeys(names, 0.0))
    per = {k: [] for k in names + ["engine"]}
    for _ in range(rounds):
        t, n, t0 = dict.fromkeys(names, 0.0), 0, now()
        while now() - t0 < seconds * len(names):
            iteration(t)
            n += size
        t["engine"] = t["copy_engine"] - t["copy"]
        for k in per:
            per[k].append(t[k] / n * 1e9)
    res = {k: {"ns_per_decision": statistics.median(xs), "rounds_ns": xs} for k, xs in per.items()}
    return res, float(np.mean(legal))


def common_args(p, rounds: int, seconds: float) -> None:
    """The options this script and ``benchmarks.vector_observe_blocks`` share."""
    p.add_argument("--rounds", type=int, default=rounds)
    p.add_argument("--seconds", type=float, default=seconds)
    p.add_argument("--size", type=int, default=64)
    p.add_argument("--factions", default="marquise,eyrie")
    p.add_argument("--json")


def report(res: dict, title: str, columns: tuple, rows, path) -> dict:
    """Print `title` (the date and the load average added) and a table of `columns` and `rows`; write `res` as JSON
    to `path` when given. Returns `res`."""
    print(f"{title}; {res['date']}; load {res['loadavg_before'][0]:.2f} -> {res['loadavg_after'][0]:.2f}")
    print("| " + " | ".join(columns) + " |\n|---|" + "---:|" * (len(columns) - 1))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if path:
        with open(path, "w") as f:
            json.dump(res, f, indent=2)
    return res


def run_info(load0, a, factions) -> dict:
    """The JSON's common head: the date, the load averages, the run's size and timing."""
    return {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "loadavg_before": load0, "loadavg_after": os.getloadavg(), "games": a.size, "factions": list(factions),
            "seconds": a.seconds, "rounds": a.rounds, "clock": "time.process_time"}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_args(p, 7, 0.25)
    p.add_argument("--obs-dtype", default="uint8")
    p.add_argument("--observation", default="seated")
    a = p.parse_args(argv)
    factions = tuple(a.factions.split(","))
    kw = {"obs_dtype": a.obs_dtype, "observation": a.observation}
    if a.obs_dtype != "float32":
        kw["max_turns"] = 255
    load0 = os.getloadavg()
    figures, legal = measure(a.size, factions, kw, a.seconds, a.rounds)
    res = {**run_info(load0, a, factions), "env": kw, "figures": figures, "legal_actions_mean": legal}
    print(f"legal actions per position stepped, mean: {legal:.1f}")
    return report(res, f"{a.size} games of {', '.join(factions)}, {kw}, one core, median of {a.rounds} rounds",
                  ("part", "CPU ns per decision"), ([k, f"{v['ns_per_decision']:,.0f}"] for k, v in figures.items()),
                  a.json)


if __name__ == "__main__":
    main()

"""Decisions per CPU second of 64 two-player games stepped with observations and masks, and where the time goes.

    python -m benchmarks.vector_speed [--seconds 0.5] [--rounds 5] [--size 64] [--factions marquise,eyrie]
                                      [--against REV[,REV...]] [--no-encoders] [--only a,b,...]
                                      [--json benchmarks/results/vector_speed.json]

One core (the serial kernel, ``Batch``'s and ``RootVectorEnv``'s default), CPU time (``time.process_time``: the
machine is shared, and a neighbour's work does not count against this process). Each figure is the MEDIAN over
``--rounds`` rounds; in each round every candidate runs for ``--seconds`` CPU seconds, the candidates in turn, so
that a busy neighbour slows them alike. The candidates (``--size`` games of ``--factions``):

- ``kernel_engine``: ``Batch.random_step`` without outputs (the engine: apply, the random action drawn inside
  the kernel, the auto-reset of ended games);
- ``kernel_engine_hot``: the same, 100 decisions of each game per call (its state stays in the core's caches
  from one decision to the next), and ``engine_one_game``: one game alone, 2,000 decisions per call (the engine
  without the batch's cache misses);
- ``kernel_engine_mask``, ``kernel_engine_obs``: the same with the mask only, the observation only;
- ``kernel_obs_mask``: with the observation and the mask (the goal's kernel figure);
- ``observe``, ``mask``, ``check``: the observation of every game (``observe_batch``), its mask (``mask_batch``)
  and the legality check of given actions (``check_batch``) alone, on 64 fixed positions; ``obs_fill``: numpy
  filling the same (games, OBS_SIZE) float32 buffer, the cost of writing every observation entry at all;
- ``kernel_step``: ``Batch.try_step(actions)`` with random legal actions chosen in numpy before the timed call
  (the check, the engine, the outputs, and ``try_step``'s Python);
- ``kernel_vector_step``: ``Batch.step_vector``, the one compiled call of a vector env step (the check, the
  engine, the outputs, an ended game's views of every seat and its restart), its output arrays allocated once:
  ``vector_step`` less this is the step's Python;
- ``vector_step``: ``RootVectorEnv.step(actions)`` (``copy=True``, the default), the actions (``random_actions``)
  chosen before the timed call: the goal's vector-env figure; its calls are also split into the steps in which a
  game ended (its final observations and info are built, and it restarts) and the others (``vector_step_split``);
- ``vector_step_uint8``, ``kernel_vector_step_uint8``, ``observe_uint8``, ``obs_fill_uint8``: the same with the compact
  observation (``obs_dtype="uint8"``, ``max_turns=255``: games of the same kind, none near either cap), and the
  median of the rounds' ratios of each to its float32 twin (timed in the same rounds, so the load cancels);
- ``vector_step_seated``, ``vector_step_uint8_seated``, ``kernel_vector_step_seated``,
  ``kernel_vector_step_uint8_seated``, ``observe_seated``, ``observe_uint8_seated``: the same with the seated
  observation (``observation="seated"``: only the seated factions' entries and those of the rules in play,
  ``engine.observe_seated``; its encoder over the fixed positions compiled here with plain numba), and the median
  of the rounds' ratios of each to its full twin;
- ``vector_step_nocopy``: the same with ``copy=False``;
- ``vector_step_with_choice``: ``RootVectorEnv.step(random_actions())``, choosing the actions included.

``--against REV`` (or several, comma-separated) adds ``observe_REV``: the observation encoder of git revision REV
(``root_env/engine/observe.py`` read with ``git show``, compiled here with plain ``numba.njit`` over this checkout's
layout) on the same positions, interleaved with ``observe``, and ``observe_now`` (this checkout's encoder compiled the same way): the same process,
so a before/after of the encoder that a loaded machine cannot blur between processes; and
``process_vector_step_REV`` / ``process_vector_step_uint8_REV``: ``RootVectorEnv.step`` of REV's whole tree (``git
archive`` into a temporary folder, loading its own shipped compiled cache), float32 and uint8 (cap 255), in a worker
process of its own, with ``process_vector_step_now`` / ``..._uint8_now`` (this checkout in a worker process alike;
and ``process_vector_step_uint8_seated_REV`` / ``..._now``, the seated uint8 observation, where REV has it; and
``process_kernel_step..._REV`` / ``..._now``, the same env's compiled step alone, ``Batch.step_vector`` on its own
buffers):
each round asks every worker in turn for ``--seconds`` of steps, so the whole step before/after (kernel, its call,
the Python) is timed in the same rounds.

``--only a,b,...`` times only those candidates (with ``--against``'s; ``--no-encoders``: of those, the whole steps
only). It prints a table (medians and the best
round) and the JSON (also written to ``--json``), with the date, the machine and the load average.
Timing harness only: no figure is asserted here (docs/performance.md, "Vector env: where the time goes", reads them).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import time

import numpy as np

GOAL = 700_000  # decisions per CPU second (issue 32)
SPLIT = []  # (a game ended in the step, CPU s) of every timed vector_step call
SECONDS = [0.5]  # --seconds (the worker processes time that much per request)


def machine() -> str:
    """The CPU model and the cores this process may use (``benchmarks.suite.machine``'s lookup)."""
    from benchmarks.suite import machine as described
    m = described()
    model, n = m["cpu"] or platform.machine(), m["usable_cpus"]
    return f"{model}, {n} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def candidates(size: int, factions: tuple) -> dict:
    """Name -> a function taking decisions and returning (decisions, CPU seconds it spent on what is timed)."""
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    from root_env.vector import RootVectorEnv
    ids = faction_ids(factions)
    now = time.process_time
    out = {}

    def kernel(obs, mask):
        b = B.Batch(size, ids, obs=obs, mask=mask)
        b.reset(seed=0)

        def run():
            t0 = now()
            b.random_step()
            return size, now() - t0
        return run
    out["kernel_engine"] = kernel(False, False)

    def hot(games, n):  # decisions in a row per game: its state stays in the core's caches between them
        b = B.Batch(games, ids, obs=False, mask=False)
        b.reset(seed=0)

        def run():
            t0 = now()
            b.random_step(n)
            return games * n, now() - t0
        return run
    out["kernel_engine_hot"] = hot(size, 100)
    out["engine_one_game"] = hot(1, 2000)
    out["kernel_engine_mask"] = kernel(False, True)
    out["kernel_engine_obs"] = kernel(True, False)
    out["kernel_obs_mask"] = kernel(True, True)

    fixed = B.Batch(size, ids)
    fixed.reset(seed=0)
    fixed.random_step(40)  # positions inside the game, not only setup
    viewers = np.array([fixed.factions[p] for p in fixed.player], dtype=np.int64)
    legal = fixed.states[:, B.LEGAL].copy()

    def timed(fn):
        def run():
            t0 = now()
            fn()
            return size, now() - t0
        return run
    out["observe"] = timed(lambda: B.observe_batch(fixed.states, viewers, fixed.obs))
    compact = np.empty(fixed.obs.shape, np.uint8)
    out["observe_uint8"] = timed(lambda: B.observe_batch(fixed.states, viewers, compact))
    seated = fixed_seated(fixed.states, viewers, B.seated_layout(ids).sel)
    out["observe_seated"] = timed(lambda: seated(np.float32))
    out["observe_uint8_seated"] = timed(lambda: seated(np.uint8))
    out["mask"] = timed(lambda: B.mask_batch(fixed.states, fixed.masks))
    out["check"] = timed(lambda: B.check_batch(fixed.states, legal, fixed.cfg, fixed.info))
    out["obs_fill"] = timed(lambda: fixed.obs.fill(1.0))  # the memory floor: writing every observation entry
    out["obs_fill_uint8"] = timed(lambda: compact.fill(1))

    rng = np.random.default_rng(0)
    stepped = B.Batch(size, ids)
    stepped.reset(seed=0)
    rows = np.arange(size)

    def kernel_step():
        s = stepped.states
        a = s[rows, B.LEGAL + (rng.random(size) * s[:, B.LEGAL_N]).astype(np.int64)]
        t0 = now()
        stepped.try_step(a)
        return size, now() - t0
    out["kernel_step"] = kernel_step

    outs = (np.empty((2, size), np.int64), np.empty(size * (len(ids) + 1), np.float32),  # Batch.step_vector's
            np.empty((2, size), bool))

    def kernel_vector_step(**kw):
        whole = B.Batch(size, ids, views=True, **kw)  # the vector env's compiled step alone, outputs allocated once
        whole.reset(seed=0)

        def run():
            s = whole.states
            whole.actions[:] = s[rows, B.LEGAL + (rng.random(size) * s[:, B.LEGAL_N]).astype(np.int64)]
            t0 = now()
            whole.step_vector(*outs)
            return size, now() - t0
        return run
    out["kernel_vector_step"] = kernel_vector_step()
    out["kernel_vector_step_uint8"] = kernel_vector_step(obs_dtype=np.uint8, max_turns=255)
    out["kernel_vector_step_seated"] = kernel_vector_step(observation="seated")
    out["kernel_vector_step_uint8_seated"] = kernel_vector_step(obs_dtype=np.uint8, max_turns=255, observation="seated")

    def vector(copy, with_choice, split=None, **kw):
        v = RootVectorEnv(size, factions=factions, seed=0, copy=copy, **kw)
        v.reset()

        def run():
            if with_choice:
                t0 = now()
                out = v.step(v.random_actions(rng))
            else:
                a = v.random_actions(rng)
                t0 = now()
                out = v.step(a)
            dt = now() - t0
            if split is not None:  # steps in which a game ended (its final info, restart) apart
                split.append(("final_obs" in out[4], dt))
            return size, dt
        return run
    out["vector_step"] = vector(True, False, SPLIT)
    # the compact observation (uint8 needs a cap <= 255; these random games end far below either cap)
    out["vector_step_uint8"] = vector(True, False, max_turns=255, obs_dtype="uint8")
    out["vector_step_seated"] = vector(True, False, observation="seated")
    out["vector_step_uint8_seated"] = vector(True, False, max_turns=255, obs_dtype="uint8", observation="seated")
    out["vector_step_nocopy"] = vector(False, False)
    out["vector_step_with_choice"] = vector(True, True)
    return out


def fixed_seated(states, viewers, sel):
    """A function (dtype) -> the seated observation of every game of `states` by `viewers`, into a buffer of that
    dtype (the seated twin of ``observe_batch``, compiled here with plain numba calling the engine's encoder)."""
    import numba
    from root_env.engine.observe_seated import observe_seated

    @numba.njit
    def run(states, viewers, obs, sel):
        for g in range(states.shape[0]):
            observe_seated(states[g], viewers[g], obs[g], sel)
    bufs = {d: np.empty((states.shape[0], sel[0]), d) for d in (np.float32, np.uint8)}
    return lambda dtype: run(states, viewers, bufs[dtype], sel)


def encoder_at(rev: str):
    """The ``observe`` of root_env/engine/observe.py at git revision `rev` (the current file for ``None``),
    compiled with plain numba (no cache) against this checkout's layout and data."""
    import subprocess
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    if rev is None:
        src = (root / "root_env" / "engine" / "observe.py").read_text()
    else:
        src = subprocess.run(["git", "-C", str(root), "show", f"{rev}:root_env/engine/observe.py"], check=True,
                             capture_output=True, text=True).stdout
    return plain_module(src, f"observe_{rev or 'now'}").observe


def plain_module(src: str, name: str):
    """An engine module's source `src` loaded as module `name`, its functions compiled with plain numba (no cache)."""
    import importlib.util
    import re
    import tempfile
    from pathlib import Path
    src = src.replace("from .jit import njit", "from numba import njit").replace("cache=True", "cache=False")
    src = re.sub(r"^from \.\.(\w+)", r"from root_env.\1", src, flags=re.M)
    src = re.sub(r"^from \.(\w+)", r"from root_env.engine.\1", src, flags=re.M)
    path = Path(tempfile.mkdtemp()) / f"{name}.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# Run in a tree's own process (``step_worker``): steps a RootVectorEnv of that tree for the CPU seconds asked on
# stdin ("<seconds> <obs_dtype>" per line), printing "decisions cpu_seconds" for each request.
_WORKER = r"""
import sys, time
import numpy as np
from root_env.vector import RootVectorEnv
size, factions = int(sys.argv[1]), tuple(sys.argv[2].split(","))
envs = {d: RootVectorEnv(size, factions=factions, seed=0, obs_dtype=d, max_turns=255) for d in ("float32", "uint8")}
try:  # a tree from before the seated observation has no uint8_seated
    envs["uint8_seated"] = RootVectorEnv(size, factions=factions, seed=0, obs_dtype="uint8", max_turns=255,
                                         observation="seated")
except TypeError:
    pass
for v in envs.values():
    v.reset()
rng = np.random.default_rng(1)
# "kernel_<kind>": the env's compiled step alone (Batch.step_vector on its own buffers, outputs allocated once)
outs = (np.empty((2, size), np.int64), np.empty(size * (len(factions) + 1), np.float32), np.empty((2, size), bool))
print("ready", *envs, flush=True)
for line in sys.stdin:
    seconds, kind = line.split()
    kernel = kind.startswith("kernel_")
    v, done, spent = envs[kind[7:] if kernel else kind], 0, 0.0
    t0 = time.process_time()
    while time.process_time() - t0 < float(seconds):
        a = v.random_actions(rng)
        if kernel:
            v._batch.actions[:] = a
            t1 = time.process_time()
            v._batch.step_vector(*outs)
        else:
            t1 = time.process_time()
            v.step(a)
        spent += time.process_time() - t1
        done += size
    print(done, spent, flush=True)
"""


def step_worker(tree, size: int, factions: tuple):
    """A process stepping `tree`'s RootVectorEnv (float32 and uint8 observations, cap 255) on request: a function
    (dtype) -> (function () -> (decisions, CPU s of its steps)). `tree` is a folder whose root_env is imported (its
    own shipped compiled cache); each request times ``--seconds`` of steps inside that process."""
    import atexit
    import subprocess
    import sys
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("NUMBA_CACHE_DIR", None)
    proc = subprocess.Popen([sys.executable, "-c", _WORKER, str(size), ",".join(factions)], cwd=tree, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    atexit.register(proc.kill)
    ready = proc.stdout.readline().split()
    if ready[:1] != ["ready"]:
        raise RuntimeError(f"the vector env worker of {tree} did not start")

    def for_dtype(dtype, seconds):
        def run():
            proc.stdin.write(f"{seconds} {dtype}\n")
            proc.stdin.flush()
            done, spent = proc.stdout.readline().split()
            return int(done), float(spent)
        return run
    for_dtype.kinds = tuple(ready[1:])  # the envs this tree has: float32, uint8 and (since the 7th round) uint8_seated
    return for_dtype


def tree_at(rev: str):
    """The tree of git revision `rev` (git archive) in the temporary folder ``root_env_tree_<commit>``: its root. A
    folder left by an earlier run is used again, with whatever numba compiled there (a revision whose shipped cache
    does not load compiles once, which can take minutes)."""
    import io
    import subprocess
    import tarfile
    import tempfile
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    sha = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", f"{rev}^{{commit}}"], check=True,
                         capture_output=True, text=True).stdout.strip()
    dest = Path(tempfile.gettempdir()) / f"root_env_tree_{sha}"
    if (dest / "root_env" / "__init__.py").exists():
        return dest
    data = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", sha], check=True,
                          capture_output=True).stdout
    part = Path(tempfile.mkdtemp())
    with tarfile.open(fileobj=io.BytesIO(data)) as t:
        t.extractall(part, filter="data")
    part.rename(dest)
    return dest


def encoder_candidates(size: int, factions: tuple, revs, encoders: bool = True) -> dict:
    """``observe_now`` and ``observe_<rev>`` of each of `revs`: the encoders compiled alike, each over the same 64
    positions (unless not `encoders`), and the trees' ``RootVectorEnv.step`` in worker processes."""
    import numba
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    b = B.Batch(size, faction_ids(factions))
    b.reset(seed=0)
    b.random_step(40)
    viewers = np.array([b.factions[p] for p in b.player], dtype=np.int64)
    out = {}
    encs = [(f"observe_{rev}", rev) for rev in revs] + [("observe_now", None)]
    for name, enc in ((name, encoder_at(rev)) for name, rev in encs) if encoders else ():
        @numba.njit
        def run(states, viewers, obs, enc=enc):
            for g in range(states.shape[0]):
                enc(states[g], viewers[g], obs[g])

        def timed(run=run):
            t0 = time.process_time()
            run(b.states, viewers, b.obs)
            return size, time.process_time() - t0
        out[name] = timed
    # RootVectorEnv.step of REV's whole tree and of this checkout, each in a process of its own, timed in turn
    from pathlib import Path
    workers = [(step_worker(tree_at(rev), size, factions), rev) for rev in revs]
    workers.append((step_worker(Path(__file__).resolve().parent.parent, size, factions), "now"))
    for dtype, suffix in (("float32", ""), ("uint8", "_uint8"), ("uint8_seated", "_uint8_seated")):
        for w, tag in workers:  # the seated one where the tree has it
            if dtype in w.kinds:
                out[f"process_vector_step{suffix}_{tag}"] = w(dtype, SECONDS[0])
                out[f"process_kernel_step{suffix}_{tag}"] = w("kernel_" + dtype, SECONDS[0])
    return out


def measure(size: int, factions: tuple, seconds: float, rounds: int, against: list | None = None,
            only: set | None = None, encoders: bool = True) -> dict:
    """Median decisions per CPU second of every candidate over `rounds` interleaved rounds."""
    SECONDS[0] = seconds
    cands = candidates(size, factions)
    if only:
        cands = {k: v for k, v in cands.items() if k in only}
    if against:
        cands.update(encoder_candidates(size, factions, against, encoders))
    return timed_rounds(cands, seconds, rounds, SPLIT.clear)


def timed_rounds(cands: dict, seconds: float, rounds: int, before=None) -> dict:
    """Decisions per CPU second of every candidate (name -> () -> (decisions, CPU s)) in each of `rounds` rounds, the
    candidates in turn for `seconds` each, after a first untimed run of each (`before` is called between): the
    medians, the best round and the rounds."""
    for fn in cands.values():  # first calls out of the timings (caches, allocator, the first game ends)
        t0 = time.process_time()
        spent = 0.0
        while time.process_time() - t0 < max(seconds / 2, 0.2) and spent < max(seconds / 2, 0.2):
            spent += fn()[1]
    if before is not None:
        before()  # e.g. the split counts the timed rounds only
    per_round = {k: [] for k in cands}
    for _ in range(rounds):
        for k, fn in cands.items():
            done = spent = 0.0
            t0 = time.process_time()
            # a worker process's candidate spends its CPU there: one request (`seconds` of its steps) is enough
            while time.process_time() - t0 < seconds and spent < seconds:
                d, dt = fn()
                done += d
                spent += dt
            per_round[k].append(done / spent)
    return {k: {"decisions_per_cpu_s": statistics.median(v), "ns_per_decision": 1e9 / statistics.median(v),
                "best_round_decisions_per_cpu_s": max(v), "rounds": v} for k, v in per_round.items()}


def end_split(size: int) -> dict:
    """vector_step's calls split by whether a game ended in them (the final observations of every seat, the final
    info and the restart are built then): their share, and CPU ns per decision of each kind (medians)."""
    ends = [dt for e, dt in SPLIT if e]
    plain = [dt for e, dt in SPLIT if not e]
    total = sum(ends) + sum(plain)
    return {"steps": len(SPLIT), "share_of_steps_with_an_end": len(ends) / max(len(SPLIT), 1),
            "share_of_time_in_steps_with_an_end": sum(ends) / total if total else 0.0,
            "ns_per_decision_plain_step": 1e9 * statistics.median(plain) / size if plain else None,
            "ns_per_decision_step_with_an_end": 1e9 * statistics.median(ends) / size if ends else None}


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per candidate per round")
    p.add_argument("--rounds", type=int, default=5, help="rounds; the median is reported")
    p.add_argument("--size", type=int, default=64, help="games")
    p.add_argument("--factions", default="marquise,eyrie")
    p.add_argument("--against", metavar="REV[,REV...]", help="also time the observation encoder and the whole step of "
                   "these git revisions (comma-separated)")
    p.add_argument("--json", help="also write the JSON here")
    p.add_argument("--only", help="time only these candidates (comma-separated; --against's are added)")
    p.add_argument("--no-encoders", action="store_true", help="with --against: the whole steps only, not the encoders")
    a = p.parse_args(argv)
    factions = tuple(a.factions.split(","))
    from root_env.warmup import run_stage
    for stage in ("engine", "batch", "parallel"):  # parallel: observe_batch, mask_batch
        run_stage(stage)
    load0 = os.getloadavg()
    revs = a.against.split(",") if a.against else []
    figures = measure(a.size, factions, a.seconds, a.rounds, revs, set(a.only.split(",")) if a.only else None,
                      not a.no_encoders)
    split = end_split(a.size)
    ratios = {}
    for new, old in (("vector_step_uint8", "vector_step"), ("kernel_vector_step_uint8", "kernel_vector_step"),
                     ("observe_uint8", "observe"),  # the compact observation against float32, round by round
                     ("vector_step_seated", "vector_step"), ("vector_step_uint8_seated", "vector_step_uint8"),
                     ("kernel_vector_step_seated", "kernel_vector_step"),  # the seated observation against the full
                     ("kernel_vector_step_uint8_seated", "kernel_vector_step_uint8"),
                     ("observe_seated", "observe"), ("observe_uint8_seated", "observe_uint8")):
        if new not in figures or old not in figures:
            continue
        x, y = figures[new]["rounds"], figures[old]["rounds"]
        ratios[f"{new}_time_over_{old}"] = statistics.median(r / q for r, q in zip(y, x))
    for rev in revs:  # this checkout's time over REV's, round by round (the same rounds: load drifts cancel)
        pairs = [("observe_now", f"observe_{rev}")] + [
            (f"process_{what}{suffix}_now", f"process_{what}{suffix}_{rev}") for what in ("vector_step", "kernel_step")
            for suffix in ("", "_uint8", "_uint8_seated")]
        for now_k, rev_k in pairs:
            if now_k not in figures or rev_k not in figures:
                continue
            x, y = figures[now_k]["rounds"], figures[rev_k]["rounds"]
            ratios[f"{now_k}_time_over_{rev_k}"] = statistics.median(r / q for r, q in zip(y, x))
    res = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "machine": machine(), "loadavg_before": load0, "loadavg_after": os.getloadavg(),
           "games": a.size, "factions": list(factions), "seconds": a.seconds, "rounds": a.rounds, "against": a.against,
           "clock": "time.process_time, median of the rounds", "goal_decisions_per_cpu_s": GOAL,
           "figures": figures, "vector_step_split": split, "time_ratios_median_of_rounds": ratios}
    print(f"{a.size} games of {', '.join(factions)}, one core, median of {a.rounds} rounds of {a.seconds} CPU s; "
          f"{res['date']}; {res['machine']}; load {load0[0]:.2f} -> {res['loadavg_after'][0]:.2f}")
    print("| candidate | decisions per CPU s | CPU ns per decision | best round, decisions per CPU s |\n|---|---|---|---|")
    for k, v in figures.items():
        print(f"| {k} | {v['decisions_per_cpu_s']:,.0f} | {v['ns_per_decision']:,.0f} | "
              f"{v['best_round_decisions_per_cpu_s']:,.0f} |")
    print(f"vector_step: {split['share_of_steps_with_an_end']:.1%} of the steps saw a game end and took "
          f"{split['share_of_time_in_steps_with_an_end']:.1%} of the time; CPU ns per decision, median step: "
          f"{split['ns_per_decision_plain_step'] or 0:,.0f} without an end, {split['ns_per_decision_step_with_an_end'] or 0:,.0f} with one")
    for k, v in ratios.items():
        print(f"{k}: {v:.3f} (median of the rounds' ratios of CPU time per decision)")
    print(json.dumps(res, indent=1))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=2)
    return res


if __name__ == "__main__":
    main()

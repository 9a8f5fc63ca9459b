"""Benchmark suite: root_env throughput against PettingZoo peers measured in the same run.

    python -m benchmarks.suite [--quick] [--out DIR] [--no-compile] [--save-baseline]
    python -m benchmarks.suite --compare benchmarks/results/baseline.json [--quick]

Figures (Marquise vs Eyrie, uniformly random legal play):

- batched stepping (``engine.batch``, one decision of every game per call, auto-reset): decisions/s
  and games/s for batch sizes 1, 8, 64, 256, 1024, with one thread and with all cores, with and
  without the acting player's observation and action mask (one thread: the serial kernel, ``Batch``'s
  default; all cores: ``Batch(parallel=True, threads=cores)``, slices on Python threads; games/s is
  decisions/s divided by the mean game length of the rollouts, as a batch starts all its games at once);
- ``RootVectorEnv.step`` with numpy-chosen random legal actions;
- whole random games inside njit (``rollout.random_games``), one core and all cores;
- the PettingZoo AEC env (wrapped), masked random play;
- the cost of the observation encoding per decision (inside njit, and one call from Python);
- compile time: cold (fresh process, empty ``NUMBA_CACHE_DIR``): the single-game engine, all that
  ``make demo`` needs, every stage (wall and CPU seconds); warm start (fresh process, same cache);
- peers, same loop, same run: PettingZoo ``connect_four_v3``, ``chess_v6``, ``texas_holdem_v4``
  (a peer that cannot be imported is recorded as unavailable, with the reason).

Writes ``suite.json`` (or ``suite_quick.json``), a Markdown table and, when matplotlib imports, a
log-log plot of decisions/s against batch size into ``--out`` (default ``benchmarks/results``).
``--compare BASELINE`` runs the suite, prints each figure's ratio to the baseline and exits with
status 1 when one of root_env's figures is more than 25 % worse (peers are shown, not judged). A
figure that looks regressed is re-measured (``--retries``, default 2, keeping each figure's best),
because on a shared machine another busy process slows the multi-threaded figures (``python -m
benchmarks.threads`` measures them beside a busy process; docs/performance.md, "Threads").
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

FACTIONS = ("marquise", "eyrie")
BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
BATCH_SIZES = (1, 8, 64, 256, 1024)
RESULTS = Path(__file__).resolve().parent / "results"
TOLERANCE = 0.25
PEERS = ("connect_four_v3", "chess_v6", "texas_holdem_v4")


# ---------------------------------------------------------------- machine
def machine() -> dict:
    import numba
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count()
    return {"python": platform.python_version(), "platform": platform.platform(), "cpu": cpu,
            "cpu_count": os.cpu_count(), "usable_cpus": affinity, "numba_threads": numba.config.NUMBA_NUM_THREADS,
            "numpy": np.__version__, "numba": numba.__version__, "node": platform.node(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S %z"), "load_average_at_start": _load()}


def _load():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


class Threads:
    def __init__(self, n):
        self.n = n

    def __enter__(self):
        import numba
        self.old = numba.get_num_threads()
        numba.set_num_threads(self.n)

    def __exit__(self, *exc):
        import numba
        numba.set_num_threads(self.old)


# ---------------------------------------------------------------- root_env figures
def best_of(fn, reps: int):
    """The best of `reps` runs: the machine may be shared, and interference only ever slows a run."""
    return max((fn() for _ in range(reps)), key=lambda r: r if isinstance(r, float) else r["decisions_per_s"])


def batch_rate(size: int, threads: int, obs: bool, mask: bool, seconds: float) -> dict:
    """One random decision of every game per call, as a training loop would call it."""
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    b = B.Batch(size, faction_ids(FACTIONS), obs=obs, mask=mask, parallel=threads > 1, threads=threads)
    with Threads(threads):
        b.reset(seed=1000)
        for _ in range(3):
            b.random_step()
        ep0 = int(b.meta[:, B.M_EPISODE].sum())
        calls = 0
        t0 = time.perf_counter()
        deadline = t0 + seconds
        while True:
            for _ in range(10):
                b.random_step()
            calls += 10
            if time.perf_counter() >= deadline:
                break
        dt = time.perf_counter() - t0
    games = int(b.meta[:, B.M_EPISODE].sum()) - ep0
    return {"batch": size, "threads": threads, "obs": obs, "mask": mask, "decisions_per_s": calls * size / dt,
            "calls_per_s": calls / dt, "games_ended": games}


def vector_env_rate(size: int, seconds: float, copy: bool) -> dict:
    from root_env.vector import RootVectorEnv
    v = RootVectorEnv(size, factions=FACTIONS, seed=0, copy=copy)
    v.reset()
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(5):
            v.step(v.random_actions(rng))
        steps += 5
    return {"decisions_per_s": steps * size / (time.perf_counter() - t0)}


def rollouts(seconds: float, threads: int, factions=FACTIONS) -> dict:
    from root_env.rollout import random_games
    random_games(2, factions, seed=0, threads=threads)
    n, games, decisions, dt = 16 * threads, 0, 0, 0.0
    while dt < seconds:
        t0 = time.perf_counter()
        r = random_games(n, factions, seed=10_000 + games, threads=threads)
        dt += time.perf_counter() - t0
        games += n
        decisions += int(r["length"].sum())
        n = min(n * 2, 4096)
    return {"decisions_per_s": decisions / dt, "games_per_s": games / dt, "mean_length": decisions / games}


def observe_cost(n_states: int = 512, reps: int = 20) -> dict:
    """ns per observation inside njit (observe_batch, one thread, varied positions) and us per call
    from Python (one game)."""
    from root_env.engine import batch as B
    from root_env.engine.core import make_state, new_game
    from root_env.engine.observe import observe, OBS_SIZE
    from root_env.game import faction_ids
    from root_env.layout import DECIDER
    b = B.Batch(n_states, faction_ids(FACTIONS), obs=False, mask=False)
    b.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(8):
        b.random_step(int(rng.integers(1, 80)))
    viewers = b.states[:, DECIDER].copy()
    out = np.zeros((n_states, OBS_SIZE), np.float32)
    with Threads(1):
        B.observe_batch(b.states, viewers, out)
        t0 = time.perf_counter()
        for _ in range(reps):
            B.observe_batch(b.states, viewers, out)
        njit_ns = (time.perf_counter() - t0) / (reps * n_states) * 1e9
    s = make_state()
    new_game(s, faction_ids(FACTIONS), 3, 300, 0, 0)
    o = np.zeros(OBS_SIZE, np.float32)
    observe(s, 0, o)
    t0 = time.perf_counter()
    for _ in range(20000):
        observe(s, 0, o)
    py_us = (time.perf_counter() - t0) / 20000 * 1e6
    return {"observe_ns_in_njit": njit_ns, "observe_us_from_python": py_us, "obs_size": OBS_SIZE}


def compile_times() -> dict:
    """Cold: a fresh process with an empty NUMBA_CACHE_DIR warms every stage of ``root_env.warmup``
    in order (``STAGES``), reporting the cumulative wall and CPU seconds after each: ``DEMO`` is what
    ``make demo`` needs, ``FULL`` the full warm-up (engine, agents, batch kernels, arena). Warm: a fresh process loading every
    stage from that cache (whole process, interpreter start included)."""
    def run(env: dict) -> tuple[dict, float]:
        cmd = [sys.executable, "-m", "root_env.warmup", "--json"]
        t0 = time.perf_counter()
        out = subprocess.run(cmd, env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
        return json.loads(out.strip().splitlines()[-1]), time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, ROOT_ENV_SHIPPED_CACHE="0")  # a compile, not the shipped cache
        cold, _ = run(env)
        _, warm = run(env)
    from root_env.warmup import DEMO, FULL
    return {"cold_engine": cold["engine"], "cold_demo": cold[DEMO[-1]], "cold_full": cold[FULL[-1]],
            "cold_all": cold[list(cold)[-1]], "cold_stages": cold, "warm_start_s": warm}


# ---------------------------------------------------------------- AEC loops (root_env and peers)
def aec_steps(env_fn, seconds: float, seed: int = 0) -> float:
    """Masked uniformly random play through the AEC API, resetting when a game ends."""
    rng = np.random.default_rng(seed)
    e = env_fn()
    e.reset(seed=seed)
    steps, games = 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                action = None
            else:
                mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
            e.step(action)
            steps += 1
            if time.perf_counter() - t0 >= seconds:
                break
        games += 1
        e.reset(seed=seed + games)
    return steps / (time.perf_counter() - t0)


def peer(name: str, seconds: float, reps: int = 1) -> dict:
    try:
        import importlib
        mod = importlib.import_module(f"pettingzoo.classic.{name}")
        env = mod.env()
        env.reset(seed=0)
        env.close()
    except Exception as e:  # missing optional dependency (python-chess, rlcard, pygame) or broken install
        return {"available": False, "reason": f"{type(e).__name__}: {e}"}
    return {"available": True, "steps_per_s": best_of(lambda: aec_steps(mod.env, seconds), reps)}


# ---------------------------------------------------------------- the run
def run_suite(quick: bool, compile_: bool) -> dict:
    import numba
    import root_env
    sec = 0.25 if quick else 1.5
    all_threads = numba.config.NUMBA_NUM_THREADS
    res: dict = {"suite_version": 1, "quick": quick, "factions": list(FACTIONS), "machine": machine(),
                 "seconds_per_figure": sec}
    # Compile / load everything first, so no timed figure pays for it.
    from root_env.warmup import warmup
    t0 = time.perf_counter()
    warmup()
    res["warmup_in_this_process_s"] = time.perf_counter() - t0
    fig: dict[str, dict] = {}
    reps = 1 if quick else 3
    sec_rep = sec / reps

    def put(name, value, unit, better="higher", note=""):
        fig[name] = {"value": float(value), "unit": unit, "better": better, "note": note}

    if compile_:
        c = res["compile"] = compile_times()
        for key, what in (("engine", "the single-game engine"), ("demo", "all that make demo needs"),
                          ("full", "engine, agents, batch kernels, arena"),
                          ("all", "every stage, with the step-level entry points")):
            put(f"compile_cold_{key}_s", c[f"cold_{key}"]["wall_s"], "s", "lower",
                f"{what}; fresh process, empty NUMBA_CACHE_DIR")
            put(f"compile_cold_{key}_cpu_s", c[f"cold_{key}"]["cpu_s"], "s", "lower", f"{what}; CPU seconds")
        put("warm_start_s", c["warm_start_s"], "s", "lower", "fresh process, cache filled, every stage loaded")

    r1 = rollouts(sec, 1)
    put("rollout_t1_decisions_per_s", r1["decisions_per_s"], "decisions/s", note="random_games, one thread")
    put("rollout_t1_games_per_s", r1["games_per_s"], "games/s", note="random_games, one thread")
    if all_threads > 1:
        ra = rollouts(sec, all_threads)
        put("rollout_tall_decisions_per_s", ra["decisions_per_s"], "decisions/s", note=f"{all_threads} threads")
        put("rollout_tall_games_per_s", ra["games_per_s"], "games/s", note=f"{all_threads} threads")
    mean_len = res["mean_decisions_per_game"] = r1["mean_length"]
    r4 = rollouts(sec, 1, BASE4)
    put("rollout_4p_t1_games_per_s", r4["games_per_s"], "games/s",
        note="random_games, four base factions, one thread")
    put("rollout_4p_t1_decisions_per_s", r4["decisions_per_s"], "decisions/s",
        note=f"four base factions, one thread, {r4['mean_length']:.0f} decisions per game")

    batch = []
    thread_counts = (1, all_threads) if all_threads > 1 else (1,)
    for threads in thread_counts:
        for obs in (False, True):
            for size in BATCH_SIZES:
                r = best_of(lambda: batch_rate(size, threads, obs=obs, mask=obs, seconds=sec_rep), reps)
                r["games_per_s"] = r["decisions_per_s"] / mean_len
                batch.append(r)
                tag = f"batch{size}_t{'all' if threads == all_threads and threads > 1 else threads}"
                kind = "obs_mask" if obs else "engine"
                put(f"{tag}_{kind}_decisions_per_s", r["decisions_per_s"], "decisions/s", note=f"{threads} threads")
                put(f"{tag}_{kind}_games_per_s", r["games_per_s"], "games/s",
                    note=f"{threads} threads; decisions/s / mean game length")
    res["batch"] = batch
    # cost breakdown at batch 256, one thread: engine, + mask, + observation
    mask_only = best_of(lambda: batch_rate(256, 1, obs=False, mask=True, seconds=sec_rep), reps)
    eng = next(r for r in batch if r["batch"] == 256 and r["threads"] == 1 and not r["obs"])
    both = next(r for r in batch if r["batch"] == 256 and r["threads"] == 1 and r["obs"])
    res["per_decision_ns_batch256_1thread"] = {
        "engine": 1e9 / eng["decisions_per_s"],
        "mask": 1e9 / mask_only["decisions_per_s"] - 1e9 / eng["decisions_per_s"],
        "observation": 1e9 / both["decisions_per_s"] - 1e9 / mask_only["decisions_per_s"],
        "total": 1e9 / both["decisions_per_s"]}
    put("observation_cost_per_decision_ns", res["per_decision_ns_batch256_1thread"]["observation"], "ns", "lower",
        "batch 256, one thread: with obs minus without")

    oc = observe_cost(128 if quick else 512, 5 if quick else 20)
    put("observe_ns_in_njit", oc["observe_ns_in_njit"], "ns", "lower", "observe_batch, one thread")
    put("observe_us_from_python", oc["observe_us_from_python"], "us", "lower", "one call, one game")

    for size in (64, 256):
        put(f"vector_env_b{size}_decisions_per_s",
            best_of(lambda: vector_env_rate(size, sec_rep, copy=True), reps)["decisions_per_s"], "decisions/s",
            note="RootVectorEnv.step, copy=True, numpy random legal actions")
    put("aec_env_steps_per_s", best_of(lambda: aec_steps(lambda: root_env.env(factions=FACTIONS), sec_rep), reps),
        "steps/s",
        note="PettingZoo AEC, wrapped, masked random play")

    peers = {name: peer(name, sec_rep, reps) for name in PEERS}
    res["peers"] = peers
    for name, p in peers.items():
        if p["available"]:
            put(f"peer_{name}_steps_per_s", p["steps_per_s"], "steps/s", note="peer, same loop")
    res["figures"] = fig
    res["load_average_at_end"] = _load()
    _ratios(res)
    _checks(res, thread_counts)
    return res


def _ratios(res: dict) -> None:
    """Each rate as a multiple of each available peer's steps/s."""
    peers = {n: p["steps_per_s"] for n, p in res["peers"].items() if p["available"]}
    for name, f in res["figures"].items():
        if f["unit"] in ("decisions/s", "steps/s") and not name.startswith("peer_"):
            f["ratio_to_peers"] = {n: f["value"] / v for n, v in peers.items()}


def _checks(res: dict, thread_counts) -> None:
    """The issue's targets, as ratios (pass/fail is informative: the suite never fails on them)."""
    fig = res["figures"]
    checks = {}
    c4 = res["peers"]["connect_four_v3"].get("steps_per_s")
    if len(thread_counts) > 1:
        n = thread_counts[1]
        best = None
        for kind in ("engine", "obs_mask"):
            for size in BATCH_SIZES:
                one = fig[f"batch{size}_t1_{kind}_decisions_per_s"]["value"]
                alln = fig[f"batch{size}_tall_{kind}_decisions_per_s"]["value"]
                eff = alln / (n * one)
                checks[f"scaling_batch{size}_{kind}"] = eff
                if size == max(BATCH_SIZES) and kind == "obs_mask":
                    best = eff
        checks["scaling_target"] = f"all cores >= 0.8 x {n} x one thread; batch {max(BATCH_SIZES)} with obs: " \
                                   f"{best:.2f} ({'met' if best >= 0.8 else 'NOT met'})"
    per_core = max(fig[f"batch{s}_t1_obs_mask_decisions_per_s"]["value"] for s in BATCH_SIZES)
    checks["obs_per_core_decisions_per_s"] = per_core
    checks["obs_per_core_target"] = f">= 100,000 decisions/s per core with observation: {per_core:,.0f} " \
                                    f"({'met' if per_core >= 1e5 else 'NOT met'})"
    if c4:
        checks["obs_per_core_ratio_to_connect_four"] = per_core / c4
    res["checks"] = checks


# ---------------------------------------------------------------- output
def _fmt(v: float) -> str:
    if v >= 1000:
        return f"{v:,.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.3g}"


def markdown(res: dict) -> str:
    m = res["machine"]
    lines = [f"# root_env benchmark suite{' (quick)' if res['quick'] else ''}", "",
             f"{m['date']} on {m['cpu']} ({m['usable_cpus']} usable CPUs, numba {m['numba']} with "
             f"{m['numba_threads']} threads, Python {m['python']}, {m['platform']}); "
             f"{', '.join(res['factions'])}, uniformly random legal play; "
             f"{res['mean_decisions_per_game']:.0f} decisions per game on average.", ""]
    peers = [n for n, p in res["peers"].items() if p["available"]]
    head = "| figure | value | unit | " + " | ".join(f"× {n}" for n in peers) + " | note |"
    lines += [head, "|" + "---|" * (4 + len(peers))]
    for name, f in res["figures"].items():
        r = f.get("ratio_to_peers", {})
        cells = " | ".join(_fmt(r[n]) if n in r else "" for n in peers)
        lines.append(f"| {name} | {_fmt(f['value'])} | {f['unit']} | {cells} | {f['note']} |")
    lines += ["", "Peers (PettingZoo classic, same AEC loop, same run):", ""]
    for n, p in res["peers"].items():
        lines.append(f"- {n}: " + (f"{p['steps_per_s']:,.0f} steps/s" if p["available"]
                                   else f"unavailable ({p['reason']})"))
    lines += ["", "Per decision at batch 256, one thread (ns): " + ", ".join(
        f"{k} {v:.0f}" for k, v in res["per_decision_ns_batch256_1thread"].items()), "", "Targets:", ""]
    lines += [f"- {k}: {v if isinstance(v, str) else _fmt(v)}" for k, v in res["checks"].items()]
    return "\n".join(lines) + "\n"


def plot(res: dict, path: Path) -> str | None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:
        return f"no plot ({type(e).__name__}: {e})"
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for threads in sorted({r["threads"] for r in res["batch"]}):
        for obs in (False, True):
            rows = [r for r in res["batch"] if r["threads"] == threads and r["obs"] == obs]
            ax.plot([r["batch"] for r in rows], [r["decisions_per_s"] for r in rows], marker="o",
                    label=f"batched, {threads} thread{'s' if threads > 1 else ''}{', obs+mask' if obs else ''}")
    styles = iter(zip(["--", ":", "-.", (0, (1, 3)), (0, (5, 1))], ["black", "tab:purple", "tab:brown", "tab:olive",
                                                                      "tab:cyan"]))
    for name, f in res["figures"].items():
        if name == "aec_env_steps_per_s" or name.startswith("peer_"):
            ls, color = next(styles)
            ax.axhline(f["value"], linestyle=ls, color=color,
                       label=name.replace("_steps_per_s", "").replace("peer_", "") + " (AEC)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("games per batch")
    ax.set_ylabel("decisions (steps) per second")
    ax.set_title("root_env batched stepping vs PettingZoo peers")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


def _regressions(res: dict, base: dict) -> list[str]:
    bfig = base.get("figures", {})
    out = []
    for name, f in res["figures"].items():
        if name.startswith("peer_") or name not in bfig or bfig[name]["value"] <= 0 or f["value"] <= 0:
            continue
        raw = f["value"] / bfig[name]["value"]
        if (raw if f["better"] == "higher" else 1 / raw) < 1 - TOLERANCE:
            out.append(name)
    return out


def merge_best(a: dict, b: dict) -> dict:
    """Figure by figure, the better of two runs (interference from other processes only slows)."""
    out = dict(a, figures={})
    for name, f in a["figures"].items():
        g = b["figures"].get(name, f)
        better = max if f["better"] == "higher" else min
        out["figures"][name] = dict(f, value=better(f["value"], g["value"]))
    return out


def compare(res: dict, baseline_path: Path) -> int:
    base = json.loads(Path(baseline_path).read_text(encoding="utf-8"))
    bfig = base.get("figures", {})
    worst, failed = None, []
    width = max(len(k) for k in res["figures"])
    print(f"\nratio to baseline {baseline_path} (performance: >1 better, <{1 - TOLERANCE:.2f} fails)")
    for name, f in res["figures"].items():
        if name not in bfig or bfig[name]["value"] <= 0 or f["value"] <= 0:
            continue
        raw = f["value"] / bfig[name]["value"]
        perf = raw if f["better"] == "higher" else 1 / raw
        judged = not name.startswith("peer_")
        flag = ""
        if judged and perf < 1 - TOLERANCE:
            failed.append(name)
            flag = "  REGRESSION"
        elif not judged:
            flag = "  (peer, not judged)"
        print(f"{name:<{width}}  {raw:7.2f}x  {perf:6.2f}{flag}")
        if judged and (worst is None or perf < worst[1]):
            worst = (name, perf)
    missing = [n for n in bfig if n not in res["figures"]]
    if missing:
        print(f"not measured in this run: {', '.join(missing)}")
    if failed:
        print(f"FAILED: {len(failed)} figure(s) more than {TOLERANCE:.0%} below the baseline: {', '.join(failed)}")
        return 1
    if worst:
        print(f"ok: worst {worst[0]} at {worst[1]:.2f} of the baseline")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="short timings, no cold compile (about a minute)")
    p.add_argument("--no-compile", action="store_true", help="skip the cold/warm compile measurement")
    p.add_argument("--compile", action="store_true", help="measure compile times even with --quick")
    p.add_argument("--out", type=Path, default=RESULTS, help="folder for suite.json/.md/.png")
    p.add_argument("--compare", type=Path, metavar="BASELINE", help="compare with a stored run; exit 1 on regression")
    p.add_argument("--save-baseline", action="store_true", help="also store this run as OUT/baseline.json")
    p.add_argument("--retries", type=int, default=2, metavar="N",
                   help="with --compare: re-run the suite up to N times while a figure looks regressed, "
                        "keeping each figure's best (default 2; a shared machine slows runs at random)")
    args = p.parse_args(argv)
    compile_ = args.compile or not (args.quick or args.no_compile)
    res = run_suite(args.quick, compile_)
    md = markdown(res)
    print(md)
    if args.compare is None or args.save_baseline:
        args.out.mkdir(parents=True, exist_ok=True)
        stem = "suite_quick" if args.quick else "suite"
        (args.out / f"{stem}.json").write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
        (args.out / f"{stem}.md").write_text(md, encoding="utf-8")
        note = plot(res, args.out / f"{stem}.png")
        print(f"wrote {args.out / stem}.json, .md" + (f"; {note}" if note else ", .png"))
        if args.save_baseline:
            shutil.copyfile(args.out / f"{stem}.json", args.out / "baseline.json")
            print(f"stored {args.out / 'baseline.json'}")
    if args.compare is not None:
        base = json.loads(Path(args.compare).read_text(encoding="utf-8"))
        for attempt in range(args.retries):
            bad = _regressions(res, base)
            if not bad:
                break
            print(f"re-measuring ({attempt + 1}/{args.retries}): {', '.join(bad)} below the baseline")
            res = merge_best(res, run_suite(args.quick, compile_))
        return compare(res, args.compare)
    return 0


if __name__ == "__main__":
    sys.exit(main())

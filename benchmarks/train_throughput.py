"""Training throughput of ``agents.train``: decisions per second of the whole loop (rollout with the network's
inference, GAE, the PPO update) and the share of the loop spent in the environment, for several arms (network x
torch threads) side by side in one run; and the speed of evaluating a network policy.

    python -m benchmarks.train_throughput [--arms structured:1,mlp:1,mlp:auto] [--rounds 4] [--updates 3]
                                          [--eval-games 0]
                                          [--json PATH]

An arm is ``NET:THREADS`` (``Config.net``: ``mlp``, the default 2 x 256 MLPs, or ``structured``, agents.train.encoder;
THREADS torch threads, or ``auto``: ``root_env.torch_threads.training_threads()``); ``NET-before`` trains with
``Config(fast=False)``: dense first layers and torch's default Adam, the trainer's arithmetic before issue 35, so
that ``--arms mlp-before:1,mlp:1`` measures the two side by side. ``NET:THREADS@PATH`` trains with the trainer of
another checkout (``git worktree add PATH COMMIT``), in a child process per round run from PATH, so that
``--arms mlp:1@../base,mlp:1`` compares two commits in one run. The arms take turns: each
round trains every arm for ``--updates`` updates (``agents.train.ppo.train``, resumed from the arm's own
checkpoint), so that the machine's load falls on every arm alike. The first round is warm-up (numba cache
load, torch start-up, the first games) and is not counted. Figures are per wall second of the updates
(``log.csv``) and the process's CPU seconds per wall second, so that a run on a shared machine can be read against
one on an idle machine; the load average before and after is recorded. ``decisions_per_cpu_s_updates`` is the
closer figure: decisions over the process's CPU seconds (every thread) between consecutive updates of a round
(``log.csv``'s ``cpu_seconds``).

The evaluation figure (``--eval-games``): games/s of a network policy (one per faction) in one seat against
three heuristic agents, through ``agents.policies.play`` (what ``agents.evaluate`` and the balance tools use).
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import tempfile
import time
from pathlib import Path

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")


BEFORE = "-before"  # an arm's network with this suffix trains with Config(fast=False): the arithmetic before issue 35


def parse_arm(text: str) -> tuple[str, int | None]:
    net, _, threads = text.partition("@")[0].partition(":")
    if threads in ("", "auto"):
        return net, None
    if not threads.isdigit() or int(threads) < 1:
        raise ValueError(f"an arm is NET[-before]:THREADS (THREADS a positive integer or 'auto'), got {text!r}")
    return net, int(threads)


CHILD = """
import json, sys, time
from agents.train.ppo import Config, train
kw = json.loads(sys.argv[1])
kw["factions"] = tuple(kw["factions"])
c0, w0 = time.process_time(), time.perf_counter()
summary = train(Config(**kw), resume=sys.argv[2] or None)
print(json.dumps({"wall_s": time.perf_counter() - w0, "cpu_s": time.process_time() - c0, "summary": summary}))
"""


def train_round(cfg, resume: str | None, tree: str | None = None) -> tuple[dict, float, float]:
    """``agents.train.ppo.train(cfg, resume)``: (summary, wall s, CPU s of the training). With `tree`, the trainer of
    that checkout trains in a child process run from it (its options: the fields of `cfg` that differ from
    ``Config()``'s, so that an older trainer reads them)."""
    import dataclasses
    import subprocess
    import sys
    if tree is None:
        from agents.train.ppo import train
        c0, w0 = time.process_time(), time.perf_counter()
        summary = train(cfg, resume=resume)
        return summary, time.perf_counter() - w0, time.process_time() - c0
    default = type(cfg)()
    kw = {f.name: getattr(cfg, f.name) for f in dataclasses.fields(cfg) if getattr(cfg, f.name) != getattr(default, f.name)}
    kw["factions"] = list(cfg.factions)
    env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()))
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(kw), resume or ""], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)
    res = json.loads(done.stdout.strip().splitlines()[-1])
    return res["summary"], res["wall_s"], res["cpu_s"]


def interleaved(configs: dict, rounds: int, updates: int, after_round=None, trees: dict | None = None) -> dict:
    """Train each Config of `configs` (name -> Config, its ``out`` the arm's folder) for `updates` updates per
    round, the arms taking turns, `rounds` rounds, each round resuming from the arm's checkpoint. After each arm's
    round, ``after_round(name, round, summary)`` may add figures (returned in ``rounds[name]``). ``trees[name]``:
    train that arm with another checkout's trainer (``train_round``). Returns per arm: the log rows of every
    update (with ``round``), and per round the train() summary, wall and CPU seconds."""
    import dataclasses
    out = {name: {"rows": [], "rounds": []} for name in configs}
    for r in range(rounds):
        for name, cfg in configs.items():
            cfg = dataclasses.replace(cfg, updates=updates, minutes=None)
            ck = Path(cfg.out) / "last.pt"
            summary, wall, cpu = train_round(cfg, str(ck) if r else None, (trees or {}).get(name))
            rec = {"round": r, "wall_s": wall, "cpu_s": cpu,
                   "updates": summary["updates"], "decisions": summary["decisions"],
                   "torch_threads": summary["torch_threads"]}
            if after_round is not None:
                rec.update(after_round(name, r, summary) or {})
            out[name]["rounds"].append(rec)
            rows = list(csv.DictReader(open(Path(cfg.out) / "log.csv")))
            out[name]["rows"] = [dict(row, round=i // updates) for i, row in enumerate(rows)]
    return out


def speed(arm: dict, updates: int) -> dict:
    """Decisions/s and environment share of an arm's timed updates (rounds after the first)."""
    rows = [r for r in arm["rows"] if r["round"] >= 1]
    prev = {int(r["update"]): int(r["decisions"]) for r in arm["rows"]}
    secs, dec, env = 0.0, 0, 0.0
    for r in rows:
        n = int(r["decisions"]) - prev.get(int(r["update"]) - 1, 0)
        t = n / float(r["decisions_per_s"])
        secs, dec, env = secs + t, dec + n, env + float(r["env_share"]) * t
    timed = [x for x in arm["rounds"] if x["round"] >= 1]
    cpu_per_wall = sum(x["cpu_s"] for x in timed) / sum(x["wall_s"] for x in timed)
    by_update = {int(r["update"]): r for r in rows}  # consecutive updates of one round: their CPU seconds
    pairs = [(by_update[u - 1], r) for u, r in by_update.items() if u - 1 in by_update
             and by_update[u - 1]["round"] == r["round"]]
    cpu_dec = sum(int(b["decisions"]) - int(a["decisions"]) for a, b in pairs)
    cpu_s = sum(float(b["cpu_seconds"]) - float(a["cpu_seconds"]) for a, b in pairs)
    return {"updates_timed": len(rows), "decisions_per_s": dec / secs, "env_share": env / secs,
            "process_cpu_per_wall": cpu_per_wall,
            "decisions_per_cpu_s": dec / secs / cpu_per_wall,  # about: the CPU share of the whole rounds
            "decisions_per_cpu_s_updates": cpu_dec / cpu_s if cpu_s > 0 else None, "updates_cpu_timed": len(pairs),
            "torch_threads": arm["rounds"][-1]["torch_threads"]}


def measure(arms=("structured:1", "mlp:1", "mlp:auto"), rounds: int = 4, updates: int = 3, envs: int = 32, steps: int = 64,
            factions=BASE4, hidden: int = 256) -> dict:
    from agents.train.ppo import Config
    with tempfile.TemporaryDirectory() as tmp:
        configs, trees = {}, {}
        for i, a in enumerate(arms):
            net, threads = parse_arm(a)
            fast = not net.endswith(BEFORE)
            trees[a] = a.partition("@")[2] or None
            configs[a] = Config(factions=tuple(factions), net=net.removesuffix(BEFORE), fast=fast, threads=threads,
                                hidden=hidden, envs=envs,
                                steps=steps, eval_games=0, tensorboard=False, out=str(Path(tmp) / f"arm{i}"))
        res = interleaved(configs, rounds, updates, trees=trees)
    return {a: speed(res[a], updates) for a in arms}


def measure_evaluation(games: int = 64, threads: int = 1, hidden: int = 256, net: str = "mlp",
                       factions=BASE4) -> dict:
    """Games/s of a network policy in one seat (rotated) against heuristic agents, after a warm-up game."""
    import numpy as np
    import torch
    from agents.policies import play
    from agents.train.ppo import Policy, PPOAgent
    torch.set_num_threads(threads)
    agent = PPOAgent(Policy(hidden, per_faction=True, net=net), seed=0)  # untrained: the same work per decision
    play(factions, {f: agent if i == 0 else "heuristic" for i, f in enumerate(factions)}, 1, seed=0)
    per_seat = max(1, games // len(factions))
    c0, w0 = time.process_time(), time.perf_counter()
    decisions = 0
    for i, f in enumerate(factions):
        r = play(factions, {g: agent if g == f else "heuristic" for g in factions}, per_seat, seed=1000 * i)
        decisions += int(np.sum(r["decisions"]))
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    n = per_seat * len(factions)
    return {"eval_games": n, "eval_games_per_s": n / wall, "eval_decisions_per_s": decisions / wall,
            "eval_cpu_per_wall": cpu / wall, "eval_torch_threads": threads, "eval_net": net}


def table(figures: dict) -> str:
    lines = ["| arm (network:torch threads[@checkout]) | decisions/s | decisions per CPU s (about) | "
             "decisions per CPU s of the updates | environment share | process CPU s / wall s | updates timed |",
             "|---|---|---|---|---|---|---|"]
    for a, f in figures.items():
        per_cpu = f.get("decisions_per_cpu_s_updates")
        lines.append(f"| {a} | {f['decisions_per_s']:,.0f} | {f['decisions_per_cpu_s']:,.0f} | "
                     f"{'-' if per_cpu is None else format(per_cpu, ',.0f')} ({f.get('updates_cpu_timed', 0)}) | "
                     f"{f['env_share']:.1%} | {f['process_cpu_per_wall']:.2f} | {f['updates_timed']} |")
    return "\n".join(lines)


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.train_throughput", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--arms", default="structured:1,mlp:1,mlp:auto",
                   help="comma-separated NET[-before]:THREADS[@CHECKOUT]")
    p.add_argument("--rounds", type=int, default=4, help="rounds, the first one warm-up")
    p.add_argument("--updates", type=int, default=3, help="updates per arm and round")
    p.add_argument("--envs", type=int, default=32)
    p.add_argument("--steps", type=int, default=64)
    p.add_argument("--eval-games", type=int, default=0, help="games of the evaluation figure (0: skip it)")
    p.add_argument("--note", default="", help="a note stored with the figures (e.g. what else ran)")
    p.add_argument("--json", metavar="PATH")
    a = p.parse_args(argv)
    if a.rounds < 2 or a.updates < 1 or a.eval_games < 0:
        p.error("--rounds must be >= 2, --updates >= 1, --eval-games >= 0")
    arms = tuple(x.strip() for x in a.arms.split(","))
    try:
        for x in arms:
            parse_arm(x)
            if "@" in x and not (Path(x.partition("@")[2]) / "agents" / "train" / "ppo.py").is_file():
                raise ValueError(f"{x}: no checkout of root_env at {x.partition('@')[2]}")
    except ValueError as e:
        p.error(str(e))
    load0 = os.getloadavg()
    figures = measure(arms, a.rounds, a.updates, a.envs, a.steps)
    r = {"arms": figures, "rounds": a.rounds, "updates_per_round": a.updates, "envs": a.envs, "steps": a.steps,
         "factions": list(BASE4), "cores": len(os.sched_getaffinity(0)), "loadavg_before": load0}
    if a.eval_games:
        r["evaluation"] = measure_evaluation(a.eval_games)
    r["loadavg_after"] = os.getloadavg()
    r["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if a.note:
        r["note"] = a.note
    print(table(figures))
    if "evaluation" in r:
        e = r["evaluation"]
        print(f"evaluation: {e['eval_games_per_s']:.1f} games/s, {e['eval_decisions_per_s']:,.0f} decisions/s "
              f"({e['eval_games']} games, {e['eval_torch_threads']} torch thread, {e['eval_net']})")
    print(f"load average before {load0}, after {r['loadavg_after']}; {r['cores']} cores")
    print(json.dumps(r, indent=1))
    if a.json:
        Path(a.json).write_text(json.dumps(r, indent=2) + "\n")
    return r


if __name__ == "__main__":
    main()

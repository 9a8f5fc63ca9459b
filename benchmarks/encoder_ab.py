"""Does the structured network learn at least as well per update as the old MLP? A short A/B, both arms in one run.

    python -m benchmarks.encoder_ab [--rounds 6] [--updates 5] [--games 64] [--seeds 0] [--json PATH]

Each arm (``Config.net``: ``structured``, ``mlp``) trains the same quick task from the same seed: the Marquise and
the Eyrie, every learner seat against the random agent (``opponents={"random": 1}``), 32 games x 64 decisions per
update, one torch thread. The arms take turns (``benchmarks.train_throughput.interleaved``): each round trains
each arm ``--updates`` updates, then plays ``--games`` games of its policy (sampling) against the random agent,
seats rotated, the same seeds for both arms (``agents.train.ppo.evaluate``). Prints, per round, each arm's
updates, win rate against random and the training games' recent win rate; the figure that answers the question
is the win rate after the same number of updates.
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

TWO = ("marquise", "eyrie")


def run(rounds: int = 6, updates: int = 5, games: int = 64, seeds=(0,), envs: int = 32, steps: int = 64) -> dict:
    from agents.arena import KIND_RANDOM
    from agents.train.ppo import Config, load, evaluate
    from benchmarks.train_throughput import interleaved
    out = {}
    for seed in seeds:
        with tempfile.TemporaryDirectory() as tmp:
            configs = {net: Config(factions=TWO, net=net, threads=1, envs=envs, steps=steps, seed=seed,
                                   opponents={"random": 1.0}, eval_games=0, tensorboard=False,
                                   out=str(Path(tmp) / net)) for net in ("structured", "mlp")}

            def after(name, r, summary):
                policy = load(summary["checkpoint"], seed=seed).policy
                res = evaluate(policy, TWO, games, seed=777_000 + r, opponent=KIND_RANDOM)
                wins = sum(w for w, _ in res.values())
                n = sum(k for _, k in res.values())
                return {"eval_wins": wins, "eval_games": n, "eval_win_rate": wins / n}
            res = interleaved(configs, rounds, updates, after)
        for net, arm in res.items():
            by_round = {}
            for row in arm["rows"]:
                by_round[row["round"]] = float(row["win_rate_recent"]) if row["win_rate_recent"] else None
            out.setdefault(net, []).append([dict(x, recent_win_rate=by_round.get(x["round"])) for x in arm["rounds"]])
    return out


def table(res: dict, seeds=None) -> str:
    nets = list(res)
    lines = ["| seed | round | updates | " + " | ".join(f"{n}: win rate vs random (recent)" for n in nets) + " |",
             "|---|---|---|" + "---|" * len(nets)]
    for s in range(len(res[nets[0]])):
        for r in range(len(res[nets[0]][s])):
            cells = []
            for n in nets:
                x = res[n][s][r]
                rec = "" if x["recent_win_rate"] is None else f" ({x['recent_win_rate']:.2f})"
                cells.append(f"{x['eval_wins']}/{x['eval_games']} = {x['eval_win_rate']:.3f}{rec}")
            lines.append(f"| {s if seeds is None else seeds[s]} | {r} | {res[nets[0]][s][r]['updates']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.encoder_ab", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--updates", type=int, default=5, help="updates per arm and round")
    p.add_argument("--games", type=int, default=64, help="evaluation games per arm and round")
    p.add_argument("--seeds", default="0", help="comma-separated training seeds")
    p.add_argument("--envs", type=int, default=32)
    p.add_argument("--steps", type=int, default=64)
    p.add_argument("--json", metavar="PATH")
    a = p.parse_args(argv)
    seeds = tuple(int(x) for x in a.seeds.split(","))
    load0, t0 = os.getloadavg(), time.perf_counter()
    res = run(a.rounds, a.updates, a.games, seeds, a.envs, a.steps)
    doc = {"rounds": res, "updates_per_round": a.updates, "games": a.games, "seeds": list(seeds), "envs": a.envs,
           "steps": a.steps, "loadavg_before": load0, "loadavg_after": os.getloadavg(),
           "wall_s": time.perf_counter() - t0, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    print(table(res, seeds))
    if a.json:
        Path(a.json).write_text(json.dumps(doc, indent=2) + "\n")
    return doc


if __name__ == "__main__":
    main()

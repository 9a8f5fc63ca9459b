"""Train a self-play PPO policy for a time budget, then compare it with the heuristic agent, each in one
seat against three heuristic opponents (seats rotated, the same seeds for both: a paired comparison).

    python -m benchmarks.train_vs_heuristic --minutes 55 --games 96 --out benchmarks/results/train_vs_heuristic
    python -m benchmarks.train_vs_heuristic --per-faction --out benchmarks/results/train_vs_heuristic_per_faction

Writes ``result.json`` (training summary, evaluation rows with Wilson intervals) and prints a table.
"""
from __future__ import annotations

import argparse
import json
import platform
from pathlib import Path

from agents.train.ppo import Config, train, load
from agents.evaluate import evaluate, table


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.train_vs_heuristic")
    ap.add_argument("--minutes", type=float, default=55.0)
    ap.add_argument("--games", type=int, default=96, help="evaluation games per agent and faction")
    ap.add_argument("--factions", default="marquise,eyrie,alliance,vagabond")
    ap.add_argument("--out", default="benchmarks/results/train_vs_heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per-faction", action="store_true", help="one network per faction (Config.per_faction)")
    a = ap.parse_args(argv)
    factions = tuple(a.factions.split(","))
    out = Path(a.out)
    cfg = Config(factions=factions, minutes=a.minutes, out=str(out / "run"), seed=a.seed, vp_reward=0.02,
                 opponents={"heuristic": 0.5, "self": 0.3, "league": 0.2}, eval_games=24, eval_every=25,
                 per_faction=a.per_faction)
    summary = train(cfg)
    policy = load(out / "run" / "last.pt", seed=a.seed)
    res = evaluate([policy, "heuristic"], factions, games=a.games, opponents="heuristic", seed=7_000_001)
    res["rows"] = [dict(r, agent="ppo" if r["agent"] == "PPOAgent" else r["agent"]) for r in res["rows"]]
    result = {"config": {k: v for k, v in vars(cfg).items()}, "training": summary, "evaluation": res,
              "machine": {"cpu_count": __import__("os").cpu_count(), "python": platform.python_version()}}
    (out / "result.json").write_text(json.dumps(result, indent=1, default=str))
    print(table(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

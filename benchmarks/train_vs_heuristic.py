"""Train a self-play PPO policy for a time budget, then compare it with the heuristic agent, each in one
seat against three heuristic opponents (seats rotated, the same seeds for both: a paired comparison).

    python -m benchmarks.train_vs_heuristic --minutes 55 --games 96 --out benchmarks/results/train_vs_heuristic
    python -m benchmarks.train_vs_heuristic --per-faction --out benchmarks/results/train_vs_heuristic_per_faction
    python -m benchmarks.train_vs_heuristic --per-faction --bc-samples 150000 --bc-coef 0.05 --greedy \\
        --out benchmarks/results/train_vs_heuristic_bc

Writes ``result.json`` (options, training summary with the warm start's figures, evaluation rows with Wilson
intervals, CPU seconds per wall second) and ``result.md`` (the table, with each faction's margin over the
heuristic and whether the issue's goal holds: at least 15 points, 95 % intervals apart), copies the
learning curve next to them, and prints the table.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import time
from pathlib import Path

from agents.train.ppo import Config, train, load
from agents.evaluate import evaluate

GOAL = 0.15  # the margin over the heuristic


def margins(rows) -> list[dict]:
    """Per faction: the trained policy's and the heuristic's win rates and intervals, the margin, whether
    the intervals are apart and whether the goal holds."""
    by = {(r["agent"], r["faction"]): r for r in rows}
    out = []
    for (agent, f), r in by.items():
        if agent != "ppo":
            continue
        h = by[("heuristic", f)]
        apart = r["ci95"][0] > h["ci95"][1]
        m = r["win_rate"] - h["win_rate"]
        out.append({"faction": f, "ppo": r["win_rate"], "ppo_ci95": r["ci95"], "heuristic": h["win_rate"],
                    "heuristic_ci95": h["ci95"], "margin": m, "apart": apart, "goal_met": apart and m >= GOAL})
    return out


def markdown(result: dict) -> str:
    t, c = result["training"], result["config"]
    lines = [f"# Trained policy against the heuristic ({c['minutes']:g}-minute budget)", "",
             f"Each agent in one seat against three heuristic agents, {result['evaluation']['games']} games per "
             f"faction (seats rotated, the same seeds for both); the policy "
             f"{'plays its likeliest action' if result['greedy'] else 'samples its actions'}. Training: "
             f"{t['decisions']:,} PPO decisions, {t['games']:,} games, {t['seconds'] / 60:.1f} min in all"
             + (f", of which the warm start {t['warm_start']['seconds'] + t['warm_start']['collect_seconds']:.0f} s "
                f"({t['warm_start']['samples']:,} decisions of the {c['bc_teacher']}, held-out agreement "
                f"{t['warm_start']['agreement']:.3f})" if t.get("warm_start") else "")
             + f". CPU seconds per wall second: {result['cpu_per_wall']:.2f} (a shared 2-core machine).", "",
             "| faction | PPO (95 % Wilson) | heuristic (95 % Wilson) | margin | intervals apart | goal |",
             "|---|---|---|---|---|---|"]
    for m in result["margins"]:
        lines.append(f"| {m['faction']} | {m['ppo']:.3f} ({m['ppo_ci95'][0]:.3f}–{m['ppo_ci95'][1]:.3f}) | "
                     f"{m['heuristic']:.3f} ({m['heuristic_ci95'][0]:.3f}–{m['heuristic_ci95'][1]:.3f}) | "
                     f"{100 * m['margin']:+.0f} | {'yes' if m['apart'] else 'no'} | "
                     f"{'met' if m['goal_met'] else 'not met'} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.train_vs_heuristic")
    ap.add_argument("--minutes", type=float, default=55.0, help="training budget, the warm start included")
    ap.add_argument("--games", type=int, default=96, help="evaluation games per agent and faction")
    ap.add_argument("--factions", default="marquise,eyrie,alliance,vagabond")
    ap.add_argument("--out", default="benchmarks/results/train_vs_heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per-faction", action="store_true", help="one network per faction (Config.per_faction)")
    ap.add_argument("--privileged-critic", action="store_true", help="Config.privileged_critic")
    ap.add_argument("--bc-samples", type=int, default=0, help="behaviour-cloning warm start (Config.bc_samples)")
    ap.add_argument("--bc-teacher", default="heuristic", help="heuristic or ismcts:N (Config.bc_teacher)")
    ap.add_argument("--bc-dagger", type=int, default=0, help="DAgger decisions after it (Config.bc_dagger)")
    ap.add_argument("--bc-coef", type=float, default=0.0, help="KL anchor to the warm start (Config.bc_coef)")
    ap.add_argument("--greedy", action="store_true", help="evaluate the likeliest action instead of sampling")
    ap.add_argument("--opponents", default='{"heuristic": 0.5, "self": 0.3, "league": 0.2}', help="JSON weights")
    ap.add_argument("--learner-weights", default="{}", help="JSON: how often each faction is the learner's seat")
    ap.add_argument("--vp-reward", type=float, default=0.02, help="reward per VP scored (Config.vp_reward)")
    ap.add_argument("--shaping", type=float, default=0.0, help="potential-based shaping (Config.shaping)")
    ap.add_argument("--lr", type=float, default=2.5e-4)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    a = ap.parse_args(argv)
    factions = tuple(a.factions.split(","))
    out = Path(a.out)
    wall, cpu = time.perf_counter(), time.process_time()
    cfg = Config(factions=factions, minutes=a.minutes, out=str(out / "run"), seed=a.seed, vp_reward=a.vp_reward,
                 shaping=a.shaping,
                 opponents=json.loads(a.opponents), eval_games=24, eval_every=25, per_faction=a.per_faction,
                 privileged_critic=a.privileged_critic,
                 bc_samples=a.bc_samples, bc_teacher=a.bc_teacher, bc_dagger=a.bc_dagger, bc_coef=a.bc_coef,
                 eval_greedy=a.greedy, lr=a.lr, ent_coef=a.ent_coef, learner_weights=json.loads(a.learner_weights))
    summary = train(cfg)
    policy = load(out / "run" / "last.pt", seed=a.seed, greedy=a.greedy)
    res = evaluate([policy, "heuristic"], factions, games=a.games, opponents="heuristic", seed=7_000_001)
    res["rows"] = [dict(r, agent="ppo" if r["agent"] == "PPOAgent" else r["agent"]) for r in res["rows"]]
    result = {"config": {k: v for k, v in vars(cfg).items()}, "greedy": a.greedy, "training": summary,
              "evaluation": res, "margins": margins(res["rows"]),
              "cpu_per_wall": (time.process_time() - cpu) / (time.perf_counter() - wall),
              "machine": {"cpu_count": os.cpu_count(), "python": platform.python_version()}}
    (out / "result.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "result.md").write_text(markdown(result))
    if (out / "run" / "learning_curve.png").exists():
        shutil.copy(out / "run" / "learning_curve.png", out / "learning_curve.png")
    print(markdown(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

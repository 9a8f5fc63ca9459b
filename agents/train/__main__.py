"""``python -m agents.train``: self-play PPO from the command line (see ``agents.train.ppo.Config``)."""
from __future__ import annotations

import argparse
import json
import logging
import sys


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agents.train", description=__doc__)
    ap.add_argument("--factions", default="marquise,eyrie,alliance,vagabond", help="seating order, comma-separated")
    ap.add_argument("--minutes", type=float, default=None,
                    help="wall-clock budget (default: 60 when --updates is not given either)")
    ap.add_argument("--updates", type=int, default=None,
                    help="stop after this many PPO updates (with --minutes: whichever comes first); a machine-"
                         "independent budget")
    ap.add_argument("--net", default=None, help="network: mlp (default: 2 x 256 MLPs) or structured (agents.train.encoder)")
    ap.add_argument("--threads", type=int, default=None,
                    help="torch threads (default: the cores this process may use; ROOT_ENV_TORCH_THREADS overrides)")
    ap.add_argument("--out", default="runs/ppo", help="folder for last.pt, log.csv, learning_curve.png, tb/")
    ap.add_argument("--envs", type=int, default=32)
    ap.add_argument("--steps", type=int, default=64)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per-faction", action="store_true", help="one network per faction")
    ap.add_argument("--privileged-critic", action="store_true",
                    help="the critic also sees the hidden state (hands, supporters, ruins); the actor never does")
    ap.add_argument("--vp-reward", type=float, default=0.0, help="reward per VP scored (default: win/lose only)")
    ap.add_argument("--shaping", type=float, default=0.0,
                    help="potential-based shaping by the heuristic's position score, this much per point")
    ap.add_argument("--lr", type=float, default=2.5e-4)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--opponents", default=None,
                    help='JSON weights, e.g. \'{"self": 0.5, "league": 0.2, "heuristic": 0.2, "random": 0.1}\'')
    ap.add_argument("--learner-weights", default=None,
                    help='JSON: how often each faction is the learner\'s seat, e.g. \'{"eyrie": 2, "vagabond": 2}\'')
    ap.add_argument("--eval-games", type=int, default=32)
    ap.add_argument("--eval-every", type=int, default=10)
    ap.add_argument("--bc-samples", type=int, default=0,
                    help="behaviour-cloning warm start: teacher decisions to imitate first (inside the budget)")
    ap.add_argument("--bc-teacher", default="heuristic", help="whom the warm start imitates: heuristic, heuristic_v1 or ismcts:N")
    ap.add_argument("--bc-dagger", type=int, default=0, help="then the heuristic's answers at this many of the "
                    "cloned policy's own decisions (DAgger)")
    ap.add_argument("--bc-factions", default="", help="comma-separated: the warm start keeps only these factions' "
                    "decisions, --bc-samples of them (default: every seat's)")
    ap.add_argument("--bc-keep", type=float, default=0.25, help="share of the teacher's decisions recorded")
    ap.add_argument("--bc-epochs", type=int, default=2, help="passes of the warm start over its decisions")
    ap.add_argument("--bc-coef", type=float, default=0.0, help="PPO penalty: KL(warm start || learner)")
    ap.add_argument("--eval-greedy", action="store_true", help="evaluate the likeliest action instead of sampling")
    ap.add_argument("--resume", default=None, help="a last.pt to continue from")
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--no-tensorboard", action="store_true",
                    help="no TensorBoard event files in OUT/tb (written when tensorboard is installed)")
    a = ap.parse_args(argv)
    try:
        from agents.train.ppo import Config, train
    except ImportError as e:
        print(f"training needs the train extra (pip install -e '.[train]'): {e}", file=sys.stderr)
        return 2
    kw = dict(factions=tuple(x.strip() for x in a.factions.split(",")), minutes=a.minutes, updates=a.updates,
              out=a.out, envs=a.envs, steps=a.steps, seed=a.seed, per_faction=a.per_faction,
              privileged_critic=a.privileged_critic,
              vp_reward=a.vp_reward, shaping=a.shaping, lr=a.lr, ent_coef=a.ent_coef, eval_games=a.eval_games, eval_every=a.eval_every,
              tensorboard=not a.no_tensorboard, bc_samples=a.bc_samples, bc_teacher=a.bc_teacher,
              bc_dagger=a.bc_dagger, bc_coef=a.bc_coef,
              bc_factions=tuple(x.strip() for x in a.bc_factions.split(",") if x.strip()), bc_epochs=a.bc_epochs, bc_keep=a.bc_keep, eval_greedy=a.eval_greedy, threads=a.threads)
    if a.net is not None:
        kw["net"] = a.net
    try:
        if a.opponents:
            kw["opponents"] = json.loads(a.opponents)
        if a.learner_weights:
            kw["learner_weights"] = json.loads(a.learner_weights)
        cfg = Config(**kw)
    except (ValueError, TypeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    logging.basicConfig(format="%(message)s")
    logging.getLogger("agents.train").setLevel(logging.INFO)  # the trainer's notes, e.g. TensorBoard logging is off
    print(json.dumps(train(cfg, resume=a.resume, progress=not a.no_progress), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

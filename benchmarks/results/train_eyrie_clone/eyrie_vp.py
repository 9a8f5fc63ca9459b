"""The Eyrie's final VP and VP by source at the Eyrie's table, 96 games (seeds 370,000 + i, rotation i % 4, the other
seats heuristic v2), played by each policy file given and by the heuristic ("heuristic")."""
import os, sys
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np
from agents import pretrained
from agents.policies import play
from benchmarks.heuristic_strength import TABLES
from root_env.layout import VP_SOURCE_NAMES

games, seed0 = int(sys.argv[1]), int(sys.argv[2])
table = TABLES["eyrie"]
from root_env.data import FACTION_NAMES
FID = FACTION_NAMES.index("eyrie")
for spec in sys.argv[3:]:
    if spec == "heuristic":
        agent = "heuristic"
    elif spec.startswith("ppo:"):  # a trainer checkpoint, its likeliest action
        from agents.train import ppo
        agent = ppo.load(spec[4:], greedy=True)
    elif spec.endswith(".pt"):  # an eyrie_lab checkpoint (any network), its likeliest action
        import torch
        torch.set_num_threads(1)
        from agents.train.ppo import PPOAgent
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import eyrie_lab
        agent = PPOAgent(eyrie_lab.restore(spec)[0], 0, greedy=True)
    else:
        agent = pretrained.load_path(spec)
    vps, srcs, wins = [], [], 0
    for rot in range(4):
        seeds = seed0 + np.arange(rot, games, 4)
        seats = table[rot:] + table[:rot]
        s = seats.index("eyrie")
        r = play(seats, {x: (agent if x == "eyrie" else "heuristic") for x in seats}, seeds.size, seeds=seeds)
        vps.append(r["vp"][:, s]); srcs.append(r["vp_sources"][:, s]); wins += int(((r["winners"] >> FID) & 1).sum())
    vp, src = np.concatenate(vps), np.concatenate(srcs).mean(0)
    print(spec, "wins", wins, "of", games, "mean final VP", round(float(vp.mean()), 2), "games >= 20 VP", int((vp >= 20).sum()),
          {n: round(float(x), 2) for n, x in zip(VP_SOURCE_NAMES, src)})

"""The Keepers' final VP and its sources at their table: policy files vs heuristic v2, same seeds and seats."""
import sys, json
import numpy as np
from agents.policies import play
from agents import pretrained
from agents.train.expert import TABLES
from root_env.layout import VP_SOURCE_NAMES

table = TABLES["keepers"]
games, seed0 = int(sys.argv[1]), int(sys.argv[2])
arms = {"heuristic": "heuristic"}
for p in sys.argv[3:]:
    arms[p] = pretrained.load_path(p) if hasattr(pretrained, "load_path") else pretrained.load(p)
out = {}
for name, agent in arms.items():
    vps, src, turns, trunc, wins = [], [], [], 0, 0
    for rot in range(4):
        seeds = seed0 + np.arange(rot, games, 4)
        seats = table[rot:] + table[:rot]
        r = play(seats, {x: (agent if x == "keepers" else "heuristic") for x in seats}, seeds.size, seeds=seeds)
        k = seats.index("keepers")
        vps += list(r["vp"][:, k]); src.append(r["vp_sources"][:, k].sum(0)); turns += list(r["turns"])
        trunc += int(r["truncated"].sum())
    s = np.sum(src, 0) / games
    out[name] = {"mean_vp": float(np.mean(vps)), "vp_ge_20": int(np.sum(np.array(vps) >= 20)), "mean_turns": float(np.mean(turns)), "truncated": trunc,
                 "sources": {VP_SOURCE_NAMES[i]: round(float(v), 2) for i, v in enumerate(s) if v}}
    print(name, json.dumps(out[name]), flush=True)

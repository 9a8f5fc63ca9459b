"""benchmarks.pretrained_strength's paired comparison for a trainer checkpoint (its likeliest action): a structured
network has no policy file yet (agents.pretrained takes MLPs), so the checkpoint plays through agents.train.ppo.load.

    python measure_ppo.py CHECKPOINT GAMES SEED0 OUT.json OUT.md
"""
import os, sys, json, hashlib
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from benchmarks import pretrained_strength as ps
from agents.train import ppo

path, games, seed0, js, md = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
r = ps.compare("eyrie", ppo.load(path, greedy=True), games, seed0)
r["play"] = "likeliest legal action (agents.train.ppo.load(CHECKPOINT, greedy=True), the Eyrie's structured network)"
r["checkpoint_sha256"] = hashlib.sha256(open(path, "rb").read()).hexdigest()
cmd = "python " + " ".join(sys.argv)
r["command"] = cmd
open(js, "w").write(json.dumps(r, indent=1) + "\n")
open(md, "w").write(ps.markdown(r, cmd) + "\n")
print(json.dumps({k: r[k] for k in ("games", "seed0", "margin_points", "intervals_apart", "goal_met")}),
      r["policy"]["wins"], r["policy"]["wilson95"], r["heuristic"]["wins"], r["heuristic"]["wilson95"],
      round(r["policy"]["cpu_seconds"]), round(r["heuristic"]["cpu_seconds"]))

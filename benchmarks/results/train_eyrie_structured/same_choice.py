"""The exported structured file's choices against its torch checkpoint's at the Eyrie's decisions of seeded heuristic
games (agents.train.shrink.positions): python same_choice.py CHECKPOINT POLICY.npz [SAMPLES] [SEED]"""
import os, sys, time, json
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np, torch
from agents import pretrained
from agents.train import ppo
from agents.train.shrink import positions, SEED
ck, path = sys.argv[1], sys.argv[2]
samples = int(sys.argv[3]) if len(sys.argv) > 3 else 2048
seed = int(sys.argv[4]) if len(sys.argv) > 4 else SEED
c0 = time.process_time()
obs, masks = positions("eyrie", samples, seed)
pol = ppo.load(ck, greedy=True).policy
with torch.no_grad():
    lg, _ = pol(torch.as_tensor(obs), torch.as_tensor(masks))
lg = lg.numpy()
agent = pretrained.load_path(path)
mine = agent.logits(obs, masks)
legal = masks != 0
a0, a1 = lg.argmax(1), agent.act_batch(obs, masks)
print(json.dumps({"positions": int(len(obs)), "same_choice": int((a0 == a1).sum()),
                  "max_abs_logit_diff": float(np.abs(mine[legal] - lg[legal]).max()),
                  "bytes": os.path.getsize(path), "cpu_seconds": round(time.process_time() - c0, 1)}))
if len(sys.argv) > 5:  # a tests/data/pretrained_choices.json to record the float32 network's choices in
    rec = json.loads(open(sys.argv[5]).read())
    rec["eyrie"] = {"samples": samples, "seed": seed, "differ": int((a0 != a1).sum()), "choices": a0.tolist()}
    open(sys.argv[5], "w").write(json.dumps(rec, separators=(",", ":")) + "\n")

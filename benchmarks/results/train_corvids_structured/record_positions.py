"""Add the Corvids' positions (agents.train.shrink.positions("corvids", 2048, 7000)) to tests/data/pretrained_positions.npz
and the float32 network's choices there (the torch checkpoint) to tests/data/pretrained_choices.json, with how many
the shipped float16 file changes. python record_positions.py CHECKPOINT"""
import os, sys, json
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np, torch
from agents import pretrained
from agents.train import ppo
from agents.train.shrink import positions, SEED
obs, masks = positions("corvids", 2048, SEED)
with torch.no_grad():
    lg, _ = ppo.load(sys.argv[1], greedy=True).policy(torch.as_tensor(obs), torch.as_tensor(masks))
a0 = lg.numpy().argmax(1)
a1 = pretrained.load("corvids").act_batch(obs, masks)
p = "tests/data/pretrained_positions.npz"
with np.load(p) as z:
    saved = {k: z[k] for k in z.files}
values = list(saved["values"])
for v in np.unique(obs):
    if not (np.asarray(values, np.float32) == np.float32(v)).any():
        values.append(np.float32(v))
values = np.asarray(values, np.float32)
assert len(values) <= 256
idx = np.searchsorted(np.sort(values), obs)  # map through a sorted copy, then back to the stored order
order = np.argsort(values)
ix = order[idx].astype(np.uint8)
assert np.array_equal(values[ix], obs.astype(np.float32))
saved["values"], saved["corvids/obs"], saved["corvids/masks"] = values, ix, masks.astype(saved["duchy/masks"].dtype)
assert np.array_equal(saved["corvids/masks"], masks)
np.savez_compressed(p, **saved)
q = "tests/data/pretrained_choices.json"
rec = json.loads(open(q).read())
rec["corvids"] = {"samples": 2048, "seed": SEED, "differ": int((a0 != a1).sum()), "choices": a0.tolist()}
open(q, "w").write(json.dumps(rec, separators=(",", ":")) + "\n")
print(len(obs), "positions;", int((a0 != a1).sum()), "choices differ; values", len(values))

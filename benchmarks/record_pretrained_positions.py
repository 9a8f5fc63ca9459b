"""Record a shipped policy's test positions and choices from the checkpoint it was exported from.

    python -m benchmarks.record_pretrained_positions FACTION CHECKPOINT

Adds FACTION's positions (``agents.train.shrink.positions(FACTION, 2048, SEED)``) to
``tests/data/pretrained_positions.npz`` (as uint8 indices into its shared float32 ``values``) and the float32
network's likeliest actions there (the torch checkpoint) to ``tests/data/pretrained_choices.json``, with how many the
shipped float16 file (``agents/models/policy_<FACTION>.npz``) changes: what ``tests/test_pretrained.py`` replays.
``agents.train.shrink`` records an MLP file's choices the same way from its float32 file; this one serves any
checkpoint the trainer wrote, the structured network's too."""
from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

POSITIONS = "tests/data/pretrained_positions.npz"
CHOICES = "tests/data/pretrained_choices.json"
SAMPLES = 2048


def record(faction: str, checkpoint: str) -> dict:
    import torch
    from agents import pretrained
    from agents.train import ppo
    from agents.train.shrink import positions, SEED
    obs, masks = positions(faction, SAMPLES, SEED)
    with torch.no_grad():
        lg, _ = ppo.load(checkpoint, greedy=True).policy(torch.as_tensor(obs), torch.as_tensor(masks))
    a0 = lg.numpy().argmax(1)
    a1 = pretrained.load(faction).act_batch(obs, masks)
    with np.load(POSITIONS) as z:
        saved = {k: z[k] for k in z.files}
    values = list(saved["values"])
    for v in np.unique(obs):
        if not (np.asarray(values, np.float32) == np.float32(v)).any():
            values.append(np.float32(v))
    values = np.asarray(values, np.float32)
    assert len(values) <= 256
    idx = np.searchsorted(np.sort(values), obs)  # map through a sorted copy, then back to the stored order
    ix = np.argsort(values)[idx].astype(np.uint8)
    assert np.array_equal(values[ix], obs.astype(np.float32))
    saved["values"], saved[f"{faction}/obs"] = values, ix
    saved[f"{faction}/masks"] = masks.astype(saved["duchy/masks"].dtype)
    assert np.array_equal(saved[f"{faction}/masks"], masks)
    np.savez_compressed(POSITIONS, **saved)
    rec = json.loads(open(CHOICES).read())
    rec[faction] = {"samples": SAMPLES, "seed": SEED, "differ": int((a0 != a1).sum()), "choices": a0.tolist()}
    open(CHOICES, "w").write(json.dumps(rec, separators=(",", ":")) + "\n")
    return {"positions": len(obs), "differ": int((a0 != a1).sum()), "values": len(values)}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    r = record(*argv)
    print(r["positions"], "positions;", r["differ"], "choices differ; values", r["values"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Export one faction's policy from a trainer checkpoint as a shipped-policy file with its model card.

    python -m agents.train.export CHECKPOINT --faction marquise --folder agents/models \\
        [--strength benchmarks/results/pretrained_marquise.json] [--train-command "python -m agents.train ..."] \\
        [--commit SHA]

`CHECKPOINT` is a ``last.pt`` written by ``python -m agents.train`` (one network, or one per faction: the faction's is
taken; an MLP network, or the structured one of ``--net structured``: file format 2). Writes ``policy_<faction>.npz``
(the actor, ``agents.pretrained``'s format) and
``policy_<faction>.json``, the model card: how it was trained (the trainer's options and the command), the budget
(PPO updates, decisions, wall and CPU seconds, the warm start's figures, all read from the checkpoint), the strength
(the ``benchmarks.pretrained_strength`` result given by ``--strength``, measured on the exported file; without it
the card says ``not measured``) and the commit the trainer ran from. A strength file of another faction, or one
measured on another file (``--strength`` records the policy file's SHA-256), is refused.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

STRENGTH_KEYS = ("games", "wins", "win_rate", "wilson95", "by_seat")


def file_digest(path) -> str:
    """SHA-256 of the policy file's arrays (the .npz's members in name order, so rewriting the zip keeps it)."""
    import numpy as np
    from agents import pretrained
    from root_env.files import read_plain_npz
    h = hashlib.sha256()
    arrays = read_plain_npz(path, pretrained.MAX_FILE_BYTES, pretrained._bad)
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(name.encode() + str(a.dtype).encode() + str(a.shape).encode() + a.tobytes())
    return h.hexdigest()


def policy_of_checkpoint(path):
    """(policy, checkpoint dict) of a trainer checkpoint (loaded with ``weights_only``: no code runs)."""
    import torch
    from agents.train import ppo
    agent = ppo.load(path)
    ck = torch.load(path, map_location="cpu", weights_only=True)
    return agent.policy, ck


def budget_of(ck: dict) -> dict:
    """The training budget a checkpoint records."""
    bc = json.loads(ck.get("bc") or "null")
    out = {"updates": int(ck["update"]), "decisions": int(ck["steps"]), "wall_seconds": float(ck["elapsed"]),
           "cpu_seconds": float(ck.get("cpu_seconds", 0.0))}
    if bc:
        out["warm_start"] = {k: bc[k] for k in ("samples", "agreement", "seconds", "collect_seconds") if k in bc}
    return out


def strength_of(result: dict, faction: str, digest: str) -> dict:
    """The card's strength from a ``benchmarks.pretrained_strength`` result for `faction` measured on the file of
    `digest`."""
    if result.get("faction") != faction:
        raise ValueError(f"the strength file measures {result.get('faction')!r}, not {faction!r}")
    if result.get("policy_sha256") not in (None, digest):
        raise ValueError("the strength file was measured on another policy file (its policy_sha256 differs)")
    p, h = result["policy"], result["heuristic"]
    return {**{k: p[k] for k in STRENGTH_KEYS}, "play": result.get("play", "likeliest legal action"),
            "opponents": "three heuristic agents (v2), four-player table " + ", ".join(result["table"]),
            "seed0": result["seed0"], "heuristic_same_seeds": {k: h[k] for k in STRENGTH_KEYS},
            "margin_points": round(result["margin_points"], 2), "intervals_apart": result["intervals_apart"],
            "goal_met": result["goal_met"], "command": result.get("command", "")}


def git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True,
                              cwd=Path(__file__).resolve().parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def export_checkpoint(checkpoint, faction: str, folder, strength: dict | None = None, train_command: str = "",
                      commit: str | None = None) -> Path:
    """Write `faction`'s policy of `checkpoint` and its card into `folder`; returns the .npz path. `strength`: a
    ``benchmarks.pretrained_strength`` result measured on this export (``None``: not measured)."""
    from agents import pretrained
    policy, ck = policy_of_checkpoint(checkpoint)
    cfg = ck["config"]
    if faction not in cfg["factions"]:
        raise ValueError(f"the checkpoint was trained for {', '.join(cfg['factions'])}, not {faction!r}")
    with tempfile.TemporaryDirectory() as tmp:  # the digest of the arrays this export writes
        digest = file_digest(pretrained.export(policy, faction, tmp, {}))
    card = {"faction": faction, "file": f"policy_{faction}.npz", "sha256": digest,
            "trained_by": "agents.train (masked PPO"
                          + (f", warm-started by behaviour cloning of the {cfg['bc_teacher']} agent"
                             if cfg.get("bc_samples") else "")
                          + (", one network per faction" if cfg.get("per_faction") else "") + "); the actor only",
            "command": train_command, "config": cfg, "budget": budget_of(ck),
            "strength": "not measured" if strength is None else strength_of(strength, faction, digest),
            "commit": commit or git_commit()}
    return pretrained.export(policy, faction, folder, card)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agents.train.export", description=__doc__.split("\n\n")[0])
    ap.add_argument("checkpoint")
    ap.add_argument("--faction", required=True)
    ap.add_argument("--folder", required=True, help="where policy_<faction>.npz and .json go")
    ap.add_argument("--strength", default=None, help="a benchmarks.pretrained_strength --json result of this export")
    ap.add_argument("--train-command", default="", help="the command that trained the checkpoint (for the card)")
    ap.add_argument("--commit", default=None, help="the commit the trainer ran from (default: this checkout's HEAD)")
    a = ap.parse_args(argv)
    strength = None if a.strength is None else json.loads(Path(a.strength).read_text())
    try:
        path = export_checkpoint(a.checkpoint, a.faction, a.folder, strength, a.train_command, a.commit)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"wrote {path} and {path.with_suffix('.json')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

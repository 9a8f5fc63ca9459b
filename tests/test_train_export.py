"""``python -m agents.train.export`` (agents/train/export.py): one faction's actor taken from a trainer checkpoint (one
network per faction: that faction's network) plays exactly as the network it came from, and its model card carries
the checkpoint's budget, the strength measured on that very file, and the commit; a strength measured for another
faction or on another file is refused."""
from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from agents import pretrained
from agents.train import export
from agents.train.ppo import Config, Policy, train

TWO = ("marquise", "eyrie")


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    out = tmp_path_factory.mktemp("run")
    train(Config(factions=TWO, envs=2, steps=8, updates=1, epochs=1, minibatches=1, hidden=16, eval_games=0,
                 per_faction=True, tensorboard=False, out=str(out)))
    return out / "last.pt"


def test_a_per_faction_policy_exports_the_network_of_that_faction(tmp_path):
    from root_env import Game
    g, obs, masks, rng = Game.new(("marquise", "eyrie"), seed=5), [], [], np.random.default_rng(0)
    for _ in range(30):  # the Eyrie's view of positions along a random game
        obs.append(g.observe("eyrie"))
        masks.append(g.action_mask())
        g.apply(int(rng.choice(g.legal_actions())))
    d = {"obs": np.array(obs, np.float32), "masks": np.array(masks)}
    torch.manual_seed(2)
    policy = Policy(16, per_faction=True)
    policy.update_normalizer(torch.as_tensor(d["obs"]))
    agent = pretrained.load_path(pretrained.export(policy, "eyrie", tmp_path, {}))
    with torch.no_grad():
        logits, _ = policy(torch.as_tensor(d["obs"]), torch.as_tensor(d["masks"]))  # routed by the viewer: the Eyrie's
    legal = d["masks"] != 0
    assert np.allclose(agent.logits(d["obs"], d["masks"])[legal], logits.numpy()[legal], atol=1e-4)
    with pytest.raises(ValueError, match="unknown faction 'cats'"):
        pretrained.arrays_of(policy, "cats")


def _strength(faction, digest, games=4, wins=1):
    side = {"games": games, "wins": wins, "win_rate": wins / games, "wilson95": [0.05, 0.7], "by_seat": [[0, 1]] * 4}
    return {"faction": faction, "table": ["marquise", "eyrie", "alliance", "vagabond"], "seed0": 1, "games": games,
            "policy": side, "heuristic": dict(side, wins=0, win_rate=0.0), "margin_points": 25.0,
            "intervals_apart": False, "goal_met": False, "policy_sha256": digest, "command": "bench"}


def test_the_card_carries_the_budget_the_strength_of_this_file_and_the_commit(tmp_path, checkpoint):
    first = export.export_checkpoint(checkpoint, "marquise", tmp_path / "a", train_command="train it", commit="abc")
    card = json.loads(first.with_suffix(".json").read_text())
    assert card["strength"] == "not measured" and card["commit"] == "abc" and card["command"] == "train it"
    ck = torch.load(checkpoint, weights_only=True)
    assert card["budget"]["updates"] == ck["update"] == 1 and card["budget"]["decisions"] == ck["steps"]
    assert card["budget"]["cpu_seconds"] > 0 and card["config"]["per_faction"] is True
    digest = export.file_digest(first)
    assert card["sha256"] == digest
    rc = export.main([str(checkpoint), "--faction", "marquise", "--folder", str(tmp_path / "b"),
                      "--strength", _write(tmp_path, _strength("marquise", digest)), "--commit", "abc"])
    assert rc == 0
    card = json.loads((tmp_path / "b" / "policy_marquise.json").read_text())
    s = card["strength"]
    assert (s["games"], s["wins"], s["margin_points"], s["heuristic_same_seeds"]["wins"]) == (4, 1, 25.0, 0)
    assert export.file_digest(tmp_path / "b" / "policy_marquise.npz") == digest  # the file that was measured
    assert pretrained.load_path(tmp_path / "b" / "policy_marquise.npz").faction == "marquise"


def _write(tmp_path, obj):
    path = tmp_path / "strength.json"
    path.write_text(json.dumps(obj))
    return str(path)


@pytest.mark.parametrize("faction, strength, match", [
    ("marquise", lambda d: _strength("eyrie", d), "measures 'eyrie', not 'marquise'"),
    ("marquise", lambda d: _strength("marquise", "0" * 64), "measured on another policy file"),
    ("alliance", lambda d: _strength("alliance", d), "trained for marquise, eyrie, not 'alliance'"),
])
def test_a_strength_of_another_faction_or_file_is_refused(tmp_path, checkpoint, capsys, faction, strength, match):
    digest = export.file_digest(export.export_checkpoint(checkpoint, "marquise", tmp_path / "a", commit="-"))
    rc = export.main([str(checkpoint), "--faction", faction, "--folder", str(tmp_path / "b"),
                      "--strength", _write(tmp_path, strength(digest))])
    assert rc == 2 and match in capsys.readouterr().err
    assert not (tmp_path / "b").exists()

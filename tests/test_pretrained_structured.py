"""A policy of the trainer's structured network (``net="structured"``) as a shipped-policy file (agents.pretrained,
format 2): exported from a network or a trainer checkpoint (``python -m agents.train.export``), stored as float16, it
plays as the torch network it came from (its numpy encoder computes torch's logits to float rounding, and chooses as
torch does wherever the top two logits are not tied within that rounding); a damaged structured file is refused with
a clear error, and MLP files keep their format."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from agents import pretrained
from agents.obs_parts import obs_parts
from agents.pretrained import PretrainedModelError
from agents.train.ppo import Config, Policy, train


@pytest.fixture(scope="module")
def positions():
    """The Eyrie's decisions of a seeded heuristic game (observations and masks)."""
    from agents.train.expert import collect
    d = collect("eyrie", games=1, budget=2, seed=9, envs=1)
    return d["obs"], d["masks"]


def _structured_policy(positions, seed=1):
    torch.manual_seed(seed)
    policy = Policy(16, per_faction=True, net="structured")
    policy.update_normalizer(torch.as_tensor(positions[0]))
    return policy


def _torch_logits(policy, obs, masks):
    with torch.no_grad():
        logits, _ = policy(torch.as_tensor(obs), torch.as_tensor(masks))  # routed by the viewer: the Eyrie's network
    return logits.numpy()


def _plays_as(agent, torch_logits, obs, masks, atol):
    legal = masks != 0
    assert np.allclose(agent.logits(obs, masks)[legal], torch_logits[legal], atol=atol)
    top2 = np.sort(np.where(legal, torch_logits, -np.inf), axis=1)[:, -2:]
    clear = (top2[:, 1] - top2[:, 0] > 2 * atol) | ~np.isfinite(top2[:, 0])  # not a tie within the rounding
    assert clear.mean() > 0.9
    assert (agent.act_batch(obs, masks) == torch_logits.argmax(1))[clear].all()


def test_an_exported_structured_policy_plays_as_the_network_it_came_from(tmp_path, positions):
    obs, masks = positions
    policy = _structured_policy(positions)
    path = pretrained.export(policy, "eyrie", tmp_path, {"faction": "eyrie"})
    with np.load(path) as z:  # format 2; the encoder and the layers stored as float16, the normaliser as float32
        assert int(z["format"]) == pretrained.FORMAT_STRUCTURED
        assert all(z[k].dtype == np.float16 for k in z.files if k.startswith("enc_") or k[0] in "Wb")
        assert z["enc_clearing_embed"].shape[0] == obs_parts()["clearing"].shape[0]
        assert z["mean"].dtype == z["scale"].dtype == np.float32
    agent = pretrained.load_path(path)
    assert agent.model["net"] == "structured" and agent.model["layers"] == 1
    _plays_as(agent, _torch_logits(policy, obs, masks), obs, masks, atol=2e-3)
    exact = pretrained.PretrainedAgent(pretrained.check(pretrained.arrays_of(policy, "eyrie")))  # float32, unrounded
    _plays_as(exact, _torch_logits(policy, obs, masks), obs, masks, atol=1e-4)


def test_a_structured_checkpoint_exports_from_the_command_line(tmp_path, positions):
    from agents.train import export
    from agents.train.ppo import load
    out = tmp_path / "run"
    train(Config(factions=("marquise", "eyrie"), envs=2, steps=8, updates=2, epochs=1, minibatches=1, hidden=16,
                 eval_games=0, per_faction=True, net="structured", tensorboard=False, out=str(out)))
    assert export.main([str(out / "last.pt"), "--faction", "eyrie", "--folder", str(tmp_path / "m"),
                        "--commit", "abc"]) == 0
    agent = pretrained.load_path(tmp_path / "m" / "policy_eyrie.npz")
    assert agent.model["net"] == "structured"
    obs, masks = positions
    _plays_as(agent, _torch_logits(load(out / "last.pt").policy, obs, masks), obs, masks, atol=2e-3)


def _arrays(positions):
    return pretrained.stored(pretrained.arrays_of(_structured_policy(positions), "eyrie"))


@pytest.mark.parametrize("change, match", [
    (lambda a: a.update(format=np.array(3)), "format 3, this version reads formats 1 .* and 2"),
    (lambda a: a.pop("enc_card_embed"), "'enc_card_embed' is missing"),
    (lambda a: a.pop("enc_mix_W"), "'enc_mix_W' is missing"),
    (lambda a: a.update(enc_clearing_W=np.zeros((4, a["enc_clearing_W"].shape[1] + 1), np.float16)),
     "'enc_clearing_W' has shape"),
    (lambda a: a.update(enc_faction_embed=a["enc_faction_embed"][:-1]), "'enc_faction_embed' has shape"),
    (lambda a: a.update(enc_global_W=a["enc_global_W"].astype(np.int32)), "float16, float32 or float64"),
    (lambda a: a["enc_mix_b"].__setitem__(0, np.nan), "not finite"),
    (lambda a: a.update(enc_mix_W=np.zeros((0, 3), np.float16)), "'enc_mix_W' must be a matrix of 1.."),
    (lambda a: a.update(W0=a["W0"][:, :-1]), "'W0' has shape"),  # the first layer reads the encoder's width
    (lambda a: a.update(enc_extra_W=np.zeros((2, 2), np.float16)), "unknown arrays"),
    (lambda a: a.update(format=np.array(pretrained.FORMAT)), "'W0' has shape"),  # format 1: W0 reads the observation
])
def test_a_bad_structured_policy_file_is_refused(tmp_path, positions, change, match):
    a = _arrays(positions)
    pretrained.check(a)  # as written: accepted
    change(a)
    np.savez(tmp_path / "p.npz", **a)
    with pytest.raises(PretrainedModelError, match=match):
        pretrained.load_path(tmp_path / "p.npz")


def test_mlp_files_keep_their_format(tmp_path, positions):
    torch.manual_seed(3)
    policy = Policy(16)  # net="mlp"
    path = pretrained.export(policy, "eyrie", tmp_path, {})
    with np.load(path) as z:
        assert int(z["format"]) == pretrained.FORMAT == 1 and not any(k.startswith("enc_") for k in z.files)
    assert pretrained.load_path(path).model["net"] == "mlp"

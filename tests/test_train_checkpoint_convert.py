"""agents.train.checkpoint_convert: a PPO checkpoint of state format 14 resumes in this engine (format 15) with every
network playing as before, the Adam moments carried to the same weights, the new faction's network untrained."""
import numpy as np
import pytest
import torch

from agents.layout_convert import OLD_LAYOUTS, observation_index
from agents.train.checkpoint_convert import _MLP_PARAMS, convert_checkpoint
from agents.train.ppo import Config, adam, new_policy
from root_env import codes
from root_env.data import FACTION_NAMES
from root_env.engine.observe import OBS_SIZE
from root_env.legacy import ACTION_TABLES

HIDDEN = 8
OLD_NETS = 10  # format 14's factions


def _old_shapes(hidden=HIDDEN):
    n_obs, n_act = OLD_LAYOUTS[14]["obs_size"], OLD_LAYOUTS[14]["n_actions"]
    return {"actor.0.weight": (hidden, n_obs), "actor.0.bias": (hidden,), "actor.2.weight": (hidden, hidden),
            "actor.2.bias": (hidden,), "actor.4.weight": (n_act, hidden), "actor.4.bias": (n_act,),
            "critic.0.weight": (hidden, n_obs), "critic.0.bias": (hidden,), "critic.2.weight": (hidden, hidden),
            "critic.2.bias": (hidden,), "critic.4.weight": (1, hidden), "critic.4.bias": (1,)}


def _old_checkpoint(seed=0):
    """A format-14 checkpoint as ``ppo._save`` wrote it (per-faction MLPs), random weights, Adam moments for the
    networks of factions 0 and 6 (the two that trained)."""
    g = torch.Generator().manual_seed(seed)
    n_obs = OLD_LAYOUTS[14]["obs_size"]
    shapes = _old_shapes()

    def model():
        sd = {}
        for i in range(OLD_NETS):
            sd[f"nets.{i}.mean"] = torch.randn(n_obs, generator=g)
            sd[f"nets.{i}.var"] = torch.rand(n_obs, generator=g) + 0.5
            sd[f"nets.{i}.count"] = torch.tensor(100.0)
            for name, shape in shapes.items():
                sd[f"nets.{i}.{name}"] = torch.randn(shape, generator=g) * 0.02
        return sd
    state = {}
    for net in (0, 6):
        for j, name in enumerate(_MLP_PARAMS):
            state[net * len(_MLP_PARAMS) + j] = {"step": torch.tensor(60.0),
                                                 "exp_avg": torch.randn(shapes[name], generator=g),
                                                 "exp_avg_sq": torch.rand(shapes[name], generator=g)}
    group = {"lr": 2e-4, "betas": (0.9, 0.999), "eps": 1e-5, "weight_decay": 0, "amsgrad": False, "maximize": False,
             "foreach": None, "capturable": False, "differentiable": False, "fused": None,
             "params": list(range(OLD_NETS * len(_MLP_PARAMS)))}
    cfg = {"hidden": HIDDEN, "per_faction": True, "net": "mlp", "privileged_critic": False}
    return {"anchor": model(), "bc": "null", "format": "root_env/ppo", "config": cfg, "env_version": 0,
            "obs_size": n_obs, "n_actions": OLD_LAYOUTS[14]["n_actions"], "model": model(),
            "optimizer": {"state": state, "param_groups": [group]}, "update": 60, "steps": 122880, "elapsed": 1.0,
            "cpu_seconds": 1.0, "league": [], "league_record": [[], []], "numpy_rng": "{}", "torch_rng": None}


def _old_logits(sd, i, x):
    """Format 14's Net.actor on raw rows x (the trainer's normalisation), from a state dict."""
    p = f"nets.{i}."
    z = ((x - sd[p + "mean"]) / torch.sqrt(sd[p + "var"] + 1e-8)).clamp(-10, 10)
    h = torch.tanh(z @ sd[p + "actor.0.weight"].T + sd[p + "actor.0.bias"])
    h = torch.tanh(h @ sd[p + "actor.2.weight"].T + sd[p + "actor.2.bias"])
    return h @ sd[p + "actor.4.weight"].T + sd[p + "actor.4.bias"]


def _cfg():
    return Config(factions=("marquise", "riverfolk"), hidden=HIDDEN, per_faction=True, fast=False)


def test_converted_checkpoint_plays_as_before_with_every_network():
    old = _old_checkpoint()
    new = convert_checkpoint(old, new_policy(_cfg()))
    assert (new["obs_size"], new["n_actions"]) == (OBS_SIZE, codes.N_ACTIONS)
    obs, act = observation_index(14), ACTION_TABLES[14]
    fresh_actions = np.setdiff1d(np.arange(codes.N_ACTIONS), act)
    g = torch.Generator().manual_seed(1)
    x14 = torch.rand(6, OLD_LAYOUTS[14]["obs_size"], generator=g)
    x15 = torch.zeros(6, OBS_SIZE)
    x15[:, torch.as_tensor(obs)] = x14
    for key in ("model", "anchor"):
        policy = new_policy(_cfg())
        policy.load_state_dict(new[key])  # every key and shape of this engine's policy
        for i in range(OLD_NETS):
            before = _old_logits(old[key], i, x14)
            after = policy.nets[i].actor(policy.nets[i].prepare(x15)).detach()
            assert (after[:, torch.as_tensor(act)] - before).abs().max() < 1e-4, (after[:, torch.as_tensor(act)] - before).abs().max()
            assert after[:, torch.as_tensor(fresh_actions)].max() < before.min()
    # the new faction's network: a fresh Net's (normaliser mean 0, variance 1, count as new)
    fresh = new_policy(_cfg()).state_dict()
    duchy = FACTION_NAMES.index("duchy")
    assert len(policy.nets) == OLD_NETS + 1 == duchy + 1
    for name in ("mean", "var", "count"):
        assert torch.equal(new["model"][f"nets.{duchy}.{name}"], fresh[f"nets.{duchy}.{name}"])


def test_converted_optimizer_moments_follow_their_weights_and_resume():
    old = _old_checkpoint()
    new = convert_checkpoint(old, new_policy(_cfg()))
    obs, act = torch.as_tensor(observation_index(14)), torch.as_tensor(ACTION_TABLES[14])
    per = len(_MLP_PARAMS)
    assert sorted(new["optimizer"]["state"]) == sorted(old["optimizer"]["state"])
    w0 = 6 * per + _MLP_PARAMS.index("actor.0.weight")
    m_old, m_new = old["optimizer"]["state"][w0]["exp_avg"], new["optimizer"]["state"][w0]["exp_avg"]
    assert torch.equal(m_new[:, obs], m_old)
    new_cols = torch.ones(OBS_SIZE, dtype=torch.bool)
    new_cols[obs] = False
    assert new_cols.sum() == OBS_SIZE - len(obs) and not m_new[:, new_cols].any()  # the new inputs' moments are 0
    out = 6 * per + _MLP_PARAMS.index("actor.4.bias")
    v_old, v_new = old["optimizer"]["state"][out]["exp_avg_sq"], new["optimizer"]["state"][out]["exp_avg_sq"]
    new_rows = torch.ones(codes.N_ACTIONS, dtype=torch.bool)
    new_rows[act] = False
    assert torch.equal(v_new[act], v_old) and new_rows.any() and not v_new[new_rows].any()
    # the trainer's Adam takes the state, and a step moves the weights
    policy = new_policy(_cfg())
    policy.load_state_dict(new["model"])
    opt = adam(policy.parameters(), 2e-4, False)
    opt.load_state_dict(new["optimizer"])
    assert len(opt.param_groups[0]["params"]) == len(policy.nets) * per
    before = policy.nets[6].actor[0].weight.detach().clone()
    x = torch.rand(4, OBS_SIZE)
    mask = torch.ones(4, codes.N_ACTIONS)
    x[:, :len(policy.nets)] = 0
    x[:, 6] = 1  # the viewer: the Riverfolk
    logits, values = policy(x, mask)
    (logits.logsumexp(-1).sum() + values.sum()).backward()
    opt.step()
    assert not torch.equal(policy.nets[6].actor[0].weight, before)


def test_a_checkpoint_of_another_format_is_refused():
    old = _old_checkpoint()
    old["obs_size"] = OBS_SIZE
    with pytest.raises(ValueError, match="not a checkpoint of state format 14"):
        convert_checkpoint(old, new_policy(_cfg()))
    old = _old_checkpoint()
    old["config"]["net"] = "structured"
    with pytest.raises(ValueError, match="only MLP checkpoints"):
        convert_checkpoint(old, new_policy(_cfg()))

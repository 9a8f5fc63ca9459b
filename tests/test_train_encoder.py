"""The trainer's structured network (agents.train.encoder, Config.net), its budgets in updates and CPU time
(--updates), and the torch thread defaults (root_env.torch_threads) of the tools that play with a network."""
from __future__ import annotations

import csv

import numpy as np
import pytest
import torch

from root_env import Game, torch_threads
from root_env.codes import N_ACTIONS
from root_env.data import NC, NCARD, NF
from root_env.engine.observe import OBS_TABLE, OBS_SIZE, ObsField
from root_env.observation import field_slices, obs_fields
from agents.train.encoder import obs_parts, StructuredEncoder
from agents.train.ppo import Config, Policy, PPOAgent, train, load, draw, budget_spent, _ppo_update
from agents.train.__main__ import main

TWO = ("marquise", "eyrie")


@pytest.fixture(autouse=True)
def _fresh_threads():
    old = torch.get_num_threads()
    torch_threads.reset()
    yield
    torch_threads.reset()
    torch.set_num_threads(old)


def test_parts_come_from_the_named_fields_and_cover_the_observation_once():
    parts = obs_parts()
    assert parts["clearing"].shape[0] == NC and parts["card"].shape[0] == NCARD and parts["faction"].shape[0] == NF
    every = np.concatenate([a.ravel() for a in parts.values()])
    assert np.array_equal(np.sort(every), np.arange(OBS_SIZE))  # each entry in exactly one part
    obs = np.arange(OBS_SIZE, dtype=np.float64)  # entry i holds i: a part's index is the entry it reads
    f = obs_fields(obs)
    for c in (0, 9):  # clearing c's features: every faction's warriors there, every building type, ...
        feats = set(parts["clearing"][c].tolist())
        assert set(f["warriors"][:, c].astype(int).tolist()) <= feats
        assert set(f["buildings"][:, c].astype(int).tolist()) <= feats
        assert f["ruins"][c] in feats and f["ruin_items_seen"][c, 0] in feats
    assert set(f["cards"][7].astype(int).tolist()) | {int(f["own_pending_card"][7])} == set(parts["card"][7].tolist())
    assert int(f["vp"][3]) in parts["faction"][3] and int(f["hand_size"][3]) in parts["faction"][3]
    assert int(f["decision"][0]) in parts["global"] and int(f["turn"][0]) in parts["global"]


def test_parts_follow_a_changed_observation():
    """A field added or resized (another observation) moves the parts with it: nothing is at a fixed offset."""
    table = (ObsField("extra", (3,), ("",), "x", 1, "flag"),) + OBS_TABLE + \
        (ObsField("clearing_extra", (2, NC), ("thing", "clearing"), "x", 1, "flag"),)
    parts = obs_parts(table)
    size = OBS_SIZE + 3 + 2 * NC
    assert np.array_equal(np.sort(np.concatenate([a.ravel() for a in parts.values()])), np.arange(size))
    assert parts["clearing"].shape == (NC, obs_parts()["clearing"].shape[1] + 2)
    assert {0, 1, 2} <= set(parts["global"].tolist())
    assert OBS_SIZE + 3 + NC + 4 in parts["clearing"][4]  # clearing_extra[1, 4]
    enc = StructuredEncoder(hidden=16, table=table)
    assert enc(torch.zeros(2, size)).shape == (2, 16)
    bad = OBS_TABLE + (ObsField("short", (5,), ("clearing",), "x", 1, "flag"),)
    with pytest.raises(ValueError, match="clearing"):
        obs_parts(bad)


def test_structured_network_masks_illegal_actions_and_samples_legal_ones():
    g = Game.new(TWO, seed=2)
    obs = np.stack([g.observe(g.current_player)] * 6).astype(np.float32)
    masks = np.stack([g.action_mask()] * 6)
    pol = Policy(hidden=32, net="structured")
    logits, value = pol(torch.as_tensor(obs), torch.as_tensor(masks))
    assert logits.shape == (6, N_ACTIONS) and value.shape == (6,)
    assert (logits[torch.as_tensor(masks) == 0] == -1e9).all()
    legal = set(g.legal_actions().tolist())
    assert set(PPOAgent(pol, seed=1).act_batch(obs, masks).tolist()) <= legal
    from agents.train.privileged import PRIV_SIZE
    both = Policy(hidden=16, per_faction=True, privileged=True, net="structured")  # one per faction, privileged critic
    logits, value = both(torch.as_tensor(obs), torch.as_tensor(masks), np.zeros((6, PRIV_SIZE), np.float32))
    assert value.shape == (6,) and (logits[torch.as_tensor(masks) == 0] == -1e9).all()
    assert both(torch.as_tensor(obs), torch.as_tensor(masks))[1] is None  # no hidden features: the actor alone
    probs = torch.zeros(4000, 5)
    probs[:, 1], probs[:, 3] = 0.25, 0.75
    a = draw(probs, torch.Generator().manual_seed(0))
    assert set(a.tolist()) == {1, 3} and abs(float((a == 3).float().mean()) - 0.75) < 0.03


def test_a_gradient_step_of_the_structured_network_moves_every_part():
    rng = np.random.default_rng(0)
    n = 64
    obs = (rng.random((n, OBS_SIZE)) < 0.05).astype(np.float32)
    masks = np.zeros((n, N_ACTIONS), np.int8)
    masks[:, :5] = 1
    acts = rng.integers(0, 5, n)
    cfg = Config(factions=TWO, hidden=32, epochs=1, minibatches=2, threads=1, updates=1, out="unused")
    pol = Policy(hidden=32, net="structured")
    before = {k: v.clone() for k, v in pol.state_dict().items()}
    opt = torch.optim.Adam(pol.parameters(), lr=1e-3)
    logp = np.full(n, np.log(0.2), np.float32)
    adv, ret = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
    losses = _ppo_update(cfg, pol, opt, obs, masks, acts, logp, adv, ret, torch.Generator().manual_seed(0))
    assert np.isfinite(losses).all()
    after = pol.state_dict()
    for name in ("entity.clearing.weight", "entity.card.weight", "entity.faction.weight", "embed.card", "glob.weight",
                 "mix.weight"):
        key = f"nets.0.encoder.{name}"
        assert not torch.equal(before[key], after[key]), key
    assert not torch.equal(before["nets.0.actor.0.weight"], after["nets.0.actor.0.weight"])


def test_updates_budget_stops_at_n_and_the_log_records_cpu_time(tmp_path):
    res = train(Config(factions=TWO, envs=4, steps=16, updates=3, minutes=30, epochs=1, minibatches=1, hidden=16,
                       eval_games=0, max_turns=6, threads=1, tensorboard=False, out=str(tmp_path / "a")))
    assert res["updates"] == 3 and res["updates_this_run"] == 3 and res["net"] == "mlp"  # the default network
    rows = list(csv.DictReader(open(tmp_path / "a" / "log.csv")))
    assert [int(r["update"]) for r in rows] == [1, 2, 3]
    cpu = [float(r["cpu_seconds"]) for r in rows]
    assert cpu == sorted(cpu) and cpu[-1] > 0 and res["cpu_seconds"] >= cpu[-1] - 0.05
    assert torch.load(tmp_path / "a" / "last.pt", weights_only=True)["cpu_seconds"] == pytest.approx(cpu[-1], abs=0.1)
    # whichever comes first: the minutes (here at once) before the updates, and the updates before the minutes
    assert budget_spent(Config(factions=TWO, updates=100, minutes=0.001, out="x"), 1, 0.1)
    assert budget_spent(Config(factions=TWO, updates=2, minutes=60, out="x"), 2, 1.0)
    assert not budget_spent(Config(factions=TWO, updates=2, minutes=60, out="x"), 1, 1.0)
    assert Config(factions=TWO, out="x").minutes == 60.0 and Config(factions=TWO, updates=5, out="x").minutes is None
    for bad in ({"updates": 0}, {"minutes": -1.0}, {"minutes": float("nan")}, {"net": "transformer"}, {"threads": 0}):
        with pytest.raises(ValueError):
            Config(factions=TWO, out="x", **bad)


def test_cli_updates_and_old_network_checkpoints(tmp_path):
    out = tmp_path / "cli"
    assert main(["--factions", "marquise,eyrie", "--updates", "1", "--minutes", "30", "--envs", "2", "--steps", "8",
                 "--eval-games", "0", "--net", "mlp", "--threads", "1", "--no-progress", "--no-tensorboard",
                 "--out", str(out)]) == 0
    assert [int(r["update"]) for r in csv.DictReader(open(out / "log.csv"))] == [1]
    ck = torch.load(out / "last.pt", weights_only=True)
    assert ck["config"]["net"] == "mlp"
    del ck["config"]["net"]  # a checkpoint from before Config.net: the old network
    torch.save(ck, tmp_path / "old.pt")
    assert load(tmp_path / "old.pt").policy.nets[0].net == "mlp"
    with pytest.raises(ValueError, match="'mlp' network"):
        train(Config(factions=TWO, envs=2, steps=8, updates=1, eval_games=0, threads=1, net="structured", out=str(out)),
              resume=str(out / "last.pt"))


def test_thread_defaults_for_inference_and_training(tmp_path, monkeypatch):
    monkeypatch.delenv(torch_threads.ENV_VAR, raising=False)
    torch.set_num_threads(2)
    assert torch_threads.for_inference() == 1 and torch.get_num_threads() == 1
    monkeypatch.setenv(torch_threads.ENV_VAR, "3")
    assert torch_threads.for_inference() == 3 and torch.get_num_threads() == 3
    monkeypatch.setenv(torch_threads.ENV_VAR, "many")
    with pytest.raises(ValueError, match=torch_threads.ENV_VAR):
        torch_threads.for_inference()
    monkeypatch.delenv(torch_threads.ENV_VAR)
    cores = torch_threads.usable_cores()
    monkeypatch.setattr(torch_threads.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    assert torch_threads.training_threads() == cores  # an idle machine: every usable core
    monkeypatch.setattr(torch_threads.os, "getloadavg", lambda: (cores + 5.0, 0.0, 0.0))
    assert torch_threads.training_threads() == 1  # every core busy: one thread
    assert torch_threads.for_training(2) == 2 and torch.get_num_threads() == 2
    assert torch_threads.for_inference() == 2 and torch.get_num_threads() == 2  # a trainer's choice stays
    monkeypatch.setenv(torch_threads.ENV_VAR, "1")
    assert torch_threads.for_inference() == 1 and torch.get_num_threads() == 1  # unless the variable says
    monkeypatch.delenv(torch_threads.ENV_VAR)
    torch_threads.reset()
    # loading a checkpoint for play (agents.policies -> ppo.load) applies the inference default
    train(Config(factions=TWO, envs=2, steps=8, updates=1, eval_games=0, threads=2, hidden=16, tensorboard=False,
                 out=str(tmp_path / "t")))
    torch_threads.reset()
    from agents.policies import resolve
    torch.set_num_threads(2)
    resolve(f"ppo:{tmp_path / 't' / 'last.pt'}")
    assert torch.get_num_threads() == 1

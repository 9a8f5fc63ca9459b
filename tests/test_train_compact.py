"""The trainer's compact first layers (``agents.train.ppo.Net.compact_``): the MLP's first layers computed on the
columns where some row is not 0 are the same function, with the same gradients, as the dense layers (to float
rounding), on real observations; the weights and their names do not change, and a loaded checkpoint plays with the
dense layers, bit for bit as before. The trainer's Adam is the fused kernel, also after a resume."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from root_env.data import FACTION_NAMES
from agents.train.stepper import Stepper, KIND_NET
from agents.train.ppo import Config, Policy, new_policy, load, train

FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")


def _observations(rows: int = 96, seed: int = 3):
    """Observations and masks of real positions (every seat a network seat, random legal actions)."""
    st = Stepper(8, np.array([FACTION_NAMES.index(f) for f in FACTIONS]), max_turns=300)
    st.reset(seed=seed, kinds=np.full((8, 4), KIND_NET))
    rng = np.random.default_rng(seed)
    obs, masks = [], []
    while sum(len(o) for o in obs) < rows:
        obs.append(st.obs.copy())
        masks.append(st.masks.copy())
        st.step(np.array([rng.choice(np.flatnonzero(m)) for m in st.masks]))
    return torch.as_tensor(np.concatenate(obs)[:rows]), torch.as_tensor(np.concatenate(masks)[:rows])


def _outputs_and_grads(policy, x, m):
    policy.zero_grad()
    logits, value = policy(x, m)
    legal = m != 0
    (torch.log_softmax(logits, -1)[legal].sum() + (value ** 2).sum()).backward()
    grads = {k: p.grad.clone() for k, p in policy.named_parameters() if p.grad is not None}
    return logits.detach(), value.detach(), grads


@pytest.mark.parametrize("per_faction", [False, True])
def test_compact_first_layers_compute_the_dense_mlp_and_its_gradients(per_faction):
    x, m = _observations()
    torch.manual_seed(0)
    policy = Policy(hidden=64, per_faction=per_faction)
    policy.update_normalizer(x[:64])  # a normaliser of its own rows: entries that are 0 normalise to non-zero values
    nonzero = (x != 0).sum(1).float().mean().item()
    assert nonzero < 0.2 * x.shape[1]  # the premise: most of a row is 0
    dense = _outputs_and_grads(policy.compact_(False), x, m)
    compact = _outputs_and_grads(policy.compact_(True), x, m)
    legal = m != 0
    assert torch.allclose(compact[0][legal], dense[0][legal], atol=1e-4, rtol=1e-5)
    assert torch.allclose(compact[1], dense[1], atol=1e-4, rtol=1e-5)
    assert dense[2].keys() == compact[2].keys()
    for k, g in dense[2].items():
        assert torch.allclose(compact[2][k], g, atol=1e-4, rtol=1e-4), k
    logits_only, none = policy(x, m, value=False)  # the anchor's call: the actor alone
    assert none is None and torch.allclose(logits_only[legal], compact[0][legal])


def test_compact_changes_no_weight_and_a_privileged_critic_stays_dense():
    dense, compact = Policy(hidden=16), Policy(hidden=16).compact_()
    assert {k: v.shape for k, v in dense.state_dict().items()} == {k: v.shape for k, v in compact.state_dict().items()}
    priv = Policy(hidden=16, privileged=True)
    x, m = _observations(rows=16)
    h = torch.zeros(16, priv.nets[0].critic[0].in_features - x.shape[1])
    with torch.no_grad():
        before = priv(x, m, h)
        after = priv.compact_()(x, m, h)
    assert all(torch.equal(a, b) for a, b in zip(before, after))


def test_the_trainer_trains_compact_and_a_loaded_checkpoint_plays_dense_bit_for_bit(tmp_path):
    assert all(net.compact for net in new_policy(Config(factions=FACTIONS[:2], updates=1)).nets)
    cfg = Config(factions=FACTIONS[:2], envs=2, steps=8, updates=1, hidden=16, eval_games=0, tensorboard=False,
                 out=str(tmp_path), threads=1)
    train(cfg)
    agent = load(tmp_path / "last.pt")
    assert not any(net.compact for net in agent.policy.nets)
    ck = torch.load(tmp_path / "last.pt", weights_only=True)
    assert all(g["fused"] for g in ck["optimizer"]["param_groups"])
    same = Policy(hidden=16)
    same.load_state_dict(ck["model"])
    x, m = _observations(rows=24)
    with torch.no_grad():
        assert torch.equal(agent.policy(x, m)[0], same(x, m)[0])
    train(cfg, resume=str(tmp_path / "last.pt"))  # a resumed run keeps the fused kernel
    ck = torch.load(tmp_path / "last.pt", weights_only=True)
    assert ck["update"] == 2 and all(g["fused"] for g in ck["optimizer"]["param_groups"])


def test_rows_prepared_once_and_frozen_weights_compute_the_same_function():
    """The PPO update prepares a rollout's rows once and gathers minibatches from them (``CompactRows``, the columns of
    the whole rollout); inside ``Policy.frozen`` (the rollout, an evaluation) the compact layers reuse W^T and
    W z0 + b: both the same function as the per-call compact layers, to float rounding."""
    from agents.train.ppo import take
    x, m = _observations()
    torch.manual_seed(0)
    policy = Policy(hidden=64).compact_()
    policy.update_normalizer(x[:64])
    i = torch.randperm(x.shape[0])[:40]
    with torch.no_grad():
        direct = policy(x[i], m[i])
        prepared = policy.forward_prepared(take(policy.prepare(x), i), m[i])
        with policy.frozen():
            frozen = policy(x[i], m[i])
            again = policy(x[i], m[i])  # the kept parts, reused
        assert policy.nets[0].frozen_parts is None  # dropped on leaving
    legal = m[i] != 0
    for out in (prepared, frozen, again):
        assert torch.allclose(out[0][legal], direct[0][legal], atol=1e-4, rtol=1e-5)
        assert torch.allclose(out[1], direct[1], atol=1e-4, rtol=1e-5)
    with policy.frozen():  # with gradients (a PPO step) nothing is kept: the weights may change
        policy(x[i], m[i])
        assert policy.nets[0].frozen_parts == {}


def test_the_normaliser_statistics_skip_all_zero_columns_exactly():
    from agents.train.ppo import _moments
    x, _ = _observations()
    mean, var, n = _moments(x)
    assert n == x.shape[0] and (x == 0).all(0).any()  # some columns are 0 in every row
    assert torch.allclose(mean, x.mean(0), atol=1e-6) and torch.allclose(var, x.var(0, unbiased=False), atol=1e-5)
    assert (mean[(x == 0).all(0)] == 0).all() and (var[(x == 0).all(0)] == 0).all()

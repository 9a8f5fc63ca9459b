"""The privileged critic (Config.privileged_critic, agents.train.privileged): the hidden features say where
every hidden card and ruin item is, the critic reads them and the actor never does, and a run trains,
saves and loads with it."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from root_env import Game
from root_env.data import NF, NCARD, NITEM, FACTION_NAMES
from root_env.layout import CARD_LOC, LOC_HAND, LOC_SUPPORTERS, LOC_DECK, RUIN_ITEM
from agents.train.ppo import Config, Policy, train, load
from agents.train.privileged import hidden, PRIV_SIZE, CARD_PLACES
from agents.train.stepper import Stepper, KIND_NET
from agents.arena import KIND_HEURISTIC

FOUR = ("marquise", "eyrie", "alliance", "vagabond")


def _played(seed=2, n=120):
    g = Game.new(FOUR, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(n):
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def test_hidden_features_place_every_hidden_card_and_ruin_item():
    g = _played()
    h = hidden(g.state[None])[0]
    assert h.shape == (PRIV_SIZE,)
    cards = h[:NCARD * CARD_PLACES].reshape(NCARD, CARD_PLACES)
    for c in range(NCARD):
        loc = int(g.state[CARD_LOC + c])
        want = np.zeros(CARD_PLACES)
        if LOC_HAND <= loc < LOC_HAND + NF:
            want[loc - LOC_HAND] = 1
        elif loc == LOC_SUPPORTERS:
            want[NF] = 1
        elif loc == LOC_DECK:
            want[NF + 1] = 1
        assert cards[c].tolist() == want.tolist(), c
    assert cards[:, :NF].sum() == sum(int(g.state[CARD_LOC + c]) in range(LOC_HAND, LOC_HAND + NF) for c in range(NCARD))
    ruins = h[NCARD * CARD_PLACES:NCARD * CARD_PLACES + 2 * 12 * NITEM]
    assert ruins.sum() == int((g.state[RUIN_ITEM:RUIN_ITEM + 24] >= 0).sum()) > 0
    # the same state seen by anyone: one vector; another deal: another vector
    assert not np.array_equal(h, hidden(Game.new(FOUR, seed=3).state[None])[0])


def test_the_actor_never_reads_the_hidden_features_and_the_critic_does():
    g = _played()
    obs = torch.as_tensor(g.observe(g.current_player)[None])
    mask = torch.as_tensor(g.action_mask()[None])
    pol = Policy(hidden=16, per_faction=True, privileged=True)
    seen = torch.as_tensor(hidden(g.state[None]))
    logits, value = pol(obs, mask, seen)
    logits_zero, value_zero = pol(obs, mask, torch.zeros(1, PRIV_SIZE))
    assert torch.equal(logits, logits_zero) and value != value_zero
    logits_alone, none = pol(obs, mask)
    assert none is None and torch.equal(logits_alone, logits)
    # the value loss moves no actor weight
    pol.zero_grad()
    value.sum().backward()
    assert all(p.grad is None or not p.grad.any() for n, p in pol.named_parameters() if ".actor." in n)
    assert any(p.grad is not None and p.grad.any() for n, p in pol.named_parameters() if ".critic." in n)


def test_stepper_keeps_the_hidden_features_of_each_ended_game():
    st = Stepper(2, np.array([FACTION_NAMES.index(f) for f in ("marquise", "eyrie")]), max_turns=2, threads=1)
    st.reset(5, np.array([[KIND_NET, KIND_HEURISTIC]] * 2))
    while not st.ended.any():
        st.step(np.array([int(np.flatnonzero(m)[0]) for m in st.masks]))
    g = int(np.flatnonzero(st.ended)[0])
    assert st.final_hidden[g].sum() > 0  # the deck and the hands of the truncated game
    assert st.final_hidden[g].shape == (PRIV_SIZE,)


def test_a_run_with_a_privileged_critic_trains_saves_and_loads(tmp_path):
    cfg = Config(factions=("marquise", "eyrie"), envs=4, steps=24, updates=2, epochs=1, minibatches=2, hidden=16,
                 eval_games=2, eval_every=1, max_turns=4, out=str(tmp_path / "p"), privileged_critic=True,
                 bc_samples=300, bc_epochs=1)
    res = train(cfg)
    assert res["updates"] == 2 and res["truncated"] > 0  # max_turns 4: truncated games bootstrap from the critic
    assert res["warm_start"]["holdout_value_loss"] is None  # the warm start fits the actor only
    agent = load(tmp_path / "p" / "last.pt")
    assert agent.policy.privileged
    g = Game.new(("marquise", "eyrie"), seed=1)
    assert agent.act(g.observe(g.current_player), g.action_mask()) in set(g.legal_actions().tolist())
    with pytest.raises(ValueError, match="privileged_critic"):
        Config(factions=("marquise", "eyrie"), privileged_critic="yes")

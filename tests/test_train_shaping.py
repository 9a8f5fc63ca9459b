"""Potential-based shaping (agents.train.shaping, Config.shaping): the potential is the heuristic's score, an
ended game's is 0, and a seat's shaped rewards telescope to its outcome minus the first potential."""
from __future__ import annotations

import csv

import numpy as np
import pytest
import torch

from root_env import Game
from root_env.data import FACTION_NAMES
from agents.heuristic import evaluate
from agents.train.ppo import Config, Policy, SelfPlay, train
from agents.train.seats import SeatBook
from agents.train.shaping import potential

TWO = ("marquise", "eyrie")


def test_potential_is_the_heuristic_score_and_zero_once_the_game_is_over():
    g = Game.new(TWO, seed=5)
    for _ in range(40):
        g.apply(int(g.legal_actions()[0]))
    fids = np.array([FACTION_NAMES.index(f) for f in TWO])
    states = np.stack([g.state, g.state])
    phi = potential(states, fids)
    assert phi.tolist() == [evaluate(g.state, int(f)) for f in fids]
    assert phi[0] != 0.0
    done = Game.new(TWO, seed=5, max_turns=2)  # truncated at the turn cap: over all the same
    while not done.is_over:
        done.apply(int(done.legal_actions()[-1]))
    assert potential(done.state[None], fids[:1]).tolist() == [0.0]


def _selfplay(**kw):
    cfg = Config(factions=TWO, envs=1, steps=4, hidden=8, eval_games=0, **kw)
    return SelfPlay(cfg, Policy(8), np.random.default_rng(0), torch.Generator().manual_seed(0))


def test_shaped_rewards_of_a_seat_telescope_to_its_outcome_minus_its_first_potential():
    gamma = 0.9
    sp = _selfplay(shaping=0.5, gamma=gamma)
    sp.reset(seed=1)
    book = SeatBook(1, 2)
    phis = [10.0, 16.0, 4.0]  # seat 0's potential at its three decisions
    for phi in phis:
        sp._credit(book, 0, 0, phi)  # the rollout credits a seat just before it records its decision
        book.record(0, 0, 0.0)
    sp.last_vp[0] = sp.stepper.vp[0]  # no VP reward in play (vp_reward is 0)
    sp.stepper.winners[0] = 1 << FACTION_NAMES.index("marquise")
    sp.stepper.truncated[0] = 0
    sp._game_ended(0, book, {"games": 0, "truncated": 0})
    assert book.reward == pytest.approx([0.5 * (gamma * 16 - 10), 0.5 * (gamma * 4 - 16), 1.0 - 0.5 * 4])
    assert book.terminal == [False, False, True]
    # the discounted return from the first decision is the outcome, discounted, minus the first potential
    ret = sum(gamma ** k * r for k, r in enumerate(book.reward))
    assert ret == pytest.approx(gamma ** 2 * 1.0 - 0.5 * 10)
    assert sp.last_phi[0].tolist() == [0.0, 0.0]  # the next game in the row starts afresh


def test_a_run_with_shaping_trains_logs_each_faction_and_refuses_bad_values(tmp_path):
    res = train(Config(factions=TWO, envs=4, steps=24, updates=2, epochs=1, minibatches=2, hidden=32, eval_games=4,
                       eval_every=1, max_turns=30, out=str(tmp_path / "s"), shaping=0.005, vp_reward=0.0))
    assert res["updates"] == 2 and res["decisions"] > 0
    rows = list(csv.DictReader(open(tmp_path / "s" / "log.csv")))
    assert {"eval_marquise", "eval_eyrie"} <= set(rows[0])  # one learning curve per faction
    assert all(0.0 <= float(r["eval_eyrie"]) <= 1.0 for r in rows)
    for bad in (-0.1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="shaping"):
            Config(factions=TWO, shaping=bad)

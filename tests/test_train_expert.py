"""Expert iteration (agents.train.expert): ISMCTS search data whose policy targets are visit distributions over the
legal actions and whose value targets are the games' outcomes, reproducible from the seed, in ISMCTS-played and
policy-played iterations; the distillation lowers the loss on a fixed batch; the command line runs a tiny
two-iteration loop end to end, writes a checkpoint ``ppo:PATH`` plays and a policy file ``agents.pretrained``
loads; bad options are refused."""
from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from root_env.data import FACTION_NAMES
from agents.train import bc, expert
from agents.train.ppo import Policy

EYRIE = FACTION_NAMES.index("eyrie")


def _check(d, budget, searched_play):
    n = len(d["acts"])
    assert n > 0 and d["obs"].shape[0] == d["masks"].shape[0] == d["votes"].shape[0] == n
    rows = np.arange(n)
    v, m = d["votes"], d["masks"]
    assert (m.sum(1) > 1).all()                                   # only decisions with a choice
    assert (v[m == 0] == 0).all()                                 # visits only on legal actions
    assert (v >= 0).all() and np.allclose(v.sum(1), budget)       # one root visit per iteration
    p = v / v.sum(1, keepdims=True)                               # the policy target: a distribution
    assert np.allclose(p.sum(1), 1.0) and (p[m == 0] == 0).all()
    assert (m[rows, d["acts"]] == 1).all()                        # the played action is legal
    if searched_play:                                             # the search played its most visited action
        assert (v[rows, d["acts"]] == v.max(1)).all()
    assert (d["faction"] == EYRIE).all() and (d["obs"][rows, EYRIE] == 1.0).all()  # the Eyrie's own view
    assert set(np.unique(d["outcome"])) <= {-1, 0, 1}             # every recorded game finished
    assert ((d["q"] >= 0) & (d["q"] <= 1)).all()
    assert (d["dec_at"] < d["dec_total"]).all()


def test_search_data_is_visit_distributions_over_legal_actions_and_reproducible():
    a = expert.collect("eyrie", games=2, budget=6, seed=11, envs=2)
    _check(a, 6, searched_play=True)
    assert a["games"] == 2
    b = expert.collect("eyrie", games=2, budget=6, seed=11, envs=2)
    for k in ("obs", "masks", "votes", "acts", "outcome", "q"):
        assert np.array_equal(a[k], b[k]), k


def test_policy_played_iteration_labels_a_share_of_its_decisions():
    torch.manual_seed(0)
    d = expert.collect("eyrie", games=2, budget=5, seed=3, policy=Policy(32), keep=0.5, envs=2)
    _check(d, 5, searched_play=False)


def test_value_targets_mix_outcome_and_search_value():
    d = expert.collect("eyrie", games=1, budget=4, seed=5, envs=1)
    t = expert.value_targets(d, gamma=1.0, value_mix=0.0)["target"]
    assert np.array_equal(t, d["outcome"].astype(np.float32))
    t = expert.value_targets(d, gamma=1.0, value_mix=1.0)["target"]
    assert np.allclose(t, 2 * d["q"] - 1)
    with pytest.raises(ValueError, match="value_mix"):
        expert.value_targets(d, 1.0, 1.5)


def test_distillation_lowers_the_loss_on_a_fixed_batch():
    d = expert.collect("eyrie", games=1, budget=200, seed=7, envs=1)  # fewer iterations visit near uniformly
    data = expert.value_targets(d, 0.999, 0.0)
    torch.manual_seed(0)
    policy = Policy(64)
    p = data["votes"] / data["votes"].sum(1, keepdims=True)
    entropy = float(-(p * np.log(np.where(p > 0, p, 1.0))).sum(1).mean())  # the cross-entropy's floor
    policy.update_normalizer(torch.as_tensor(data["obs"]))
    before = bc.evaluate_fit(policy, data)
    for _ in range(3):
        bc.fit(policy, data, epochs=3, lr=3e-3, batch=64, holdout=0.0)
    after = bc.evaluate_fit(policy, data)
    # The cross-entropy to the visit distribution falls toward its floor (the visits' own entropy) and the search's
    # most visited action is matched more often. At 200 iterations the visits are close to uniform over the legal
    # actions, so an untrained policy starts only ~0.005-0.007 nats above the floor: "the divergence halves" was
    # within the initialisation's noise (it passed or failed with the observation's size), so it is not asked.
    assert entropy < after["holdout_ce"] < before["holdout_ce"]
    assert after["agreement"] > before["agreement"]
    assert after["holdout_value_loss"] < 0.5 * before["holdout_value_loss"]


def test_command_line_runs_two_iterations_and_exports_a_loadable_policy(tmp_path, capsys):
    out, exp = tmp_path / "run", tmp_path / "models"
    rc = expert.main(["--faction", "eyrie", "--iterations", "2", "--games", "2", "--budget", "4", "--eval-games", "2",
                      "--envs", "2", "--hidden", "32", "--seed", "1", "--out", str(out), "--export", str(exp)])
    assert rc == 0
    log = json.loads((out / "log.json").read_text())["log"]
    assert [r["player"] for r in log] == ["search", "policy"]
    assert log[1]["data"] == log[0]["decisions"] + log[1]["decisions"]      # the data aggregate
    assert all(r["eval_games"] == 2 and r["cpu_seconds_total"] > 0 for r in log)
    from agents.policies import resolve, play
    agent = resolve(f"ppo:{out / 'last.pt'}")
    from agents import pretrained
    exported = pretrained.load_path(exp / "policy_eyrie.npz")
    card = json.loads((exp / "policy_eyrie.json").read_text())
    assert card["trained_by"] == "agents.train.expert" and len(card["log"]) == 2
    seats = expert.TABLES["eyrie"]
    for a in (agent, exported):
        res = play(seats, {f: (a if f == "eyrie" else "heuristic") for f in seats}, 1, seed=2)
        assert res["decisions"][0] > 0


@pytest.mark.parametrize("kw, match", [({"faction": "cats"}, "faction"), ({"budget": 0}, "budget"),
                                        ({"games": 0}, "games"), ({"keep": 0.0}, "keep")])
def test_bad_options_are_refused(kw, match):
    args = dict(faction="eyrie", games=1, budget=2, seed=0)
    args.update(kw)
    with pytest.raises(ValueError, match=match):
        expert.collect(**args)
    assert expert.main(["--faction", "eyrie", "--budget", "0", "--games", "1", "--out", "/nonexistent/x"]) == 2

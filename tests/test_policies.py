"""One policy protocol for every agent (agents.policies), games between any mix of compiled and Python
policies, and the evaluation tool (agents.evaluate: Wilson intervals, OpenSkill ratings)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from agents import RandomAgent
from agents.arena import play_games
from agents.policies import play, resolve, act_batch
from agents.evaluate import evaluate, main

TWO = ("marquise", "eyrie")


def test_compiled_agents_only_is_the_arena():
    ref = play_games(6, TWO, {"marquise": "heuristic", "eyrie": "random"}, seed=40, max_turns=60)
    got = play(TWO, {"marquise": "heuristic", "eyrie": "random"}, 6, seed=40, max_turns=60)
    assert np.array_equal(ref["winners"], got["winners"]) and np.array_equal(ref["vp"], got["vp"])


def test_python_policy_against_compiled_heuristic_is_reproducible():
    a = play(TWO, {"marquise": "agents.random_agent:RandomAgent", "eyrie": "heuristic"}, 4, seed=3, max_turns=40)
    b = play(TWO, {"marquise": "agents.random_agent:RandomAgent", "eyrie": "heuristic"}, 4, seed=3, max_turns=40)
    assert np.array_equal(a["winners"], b["winners"]) and np.array_equal(a["vp"], b["vp"])
    assert a["vp"].shape == (4, 2)


def test_resolve_specs_and_refusals():
    assert resolve("heuristic") == "heuristic" and resolve("random") == "random"
    assert isinstance(resolve("agents.random_agent:RandomAgent", seed=1), RandomAgent)
    r = RandomAgent(0)
    assert resolve(r) is r
    for bad in ("wizard", "no.such.module:f", "agents.random_agent:Nope", 3, "agents.policies:COMPILED_KINDS"):
        with pytest.raises(ValueError):
            resolve(bad)
    with pytest.raises(ValueError, match="positive"):
        play(TWO, "random", 0)
    with pytest.raises(ValueError, match="one agent for each"):
        play(TWO, {"marquise": "random"}, 2)


def test_act_batch_falls_back_to_act():
    masks = np.zeros((3, 214), np.int8)
    masks[:, 5] = 1
    assert act_batch(RandomAgent(0), np.zeros((3, 10)), masks).tolist() == [5, 5, 5]


def test_evaluate_wilson_and_openskill(tmp_path):
    res = evaluate(["heuristic", "random"], TWO, games=4, opponents="random", seed=1, max_turns=60)
    rows = {(r["agent"], r["faction"]): r for r in res["rows"]}
    assert set(rows) == {(a, f) for a in ("heuristic", "random") for f in TWO}
    for r in rows.values():
        assert r["games"] == 4 and 0 <= r["wins"] <= 4
        assert r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
        assert sum(n for _, n in r["by_seat"]) == 4  # seats rotated: both seats played
        assert all(n == 2 for _, n in r["by_seat"])
        assert r["openskill"]["sigma"] > 0
    assert main(["--pool", "random", "--factions", "marquise,eyrie", "--games", "2", "--opponents", "random",
                 "--max-turns", "30", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "evaluation.json").read_text())
    assert len(data["rows"]) == 2 and (tmp_path / "evaluation.png").stat().st_size > 1000
    assert main(["--pool", "wizard", "--games", "2"]) == 2

"""The Lord of the Hundreds and the Keepers in Iron (factions 8 and 9) through the shipped-policy pipeline (issue 35):
the trainer's own-faction warm start keeps their decisions, the strength benchmark and the expert-iteration trainer
seat them at one table (marquise, eyrie, alliance, F, as the Cult, the Riverfolk and the Corvids), and a policy file
for each loads as ``pretrained:<faction>`` and is measured beside the heuristic (and, with ``--random-arm``, the random
agent) on the same seeds."""
from __future__ import annotations

import json

import numpy as np
import pytest

from root_env.data import FACTION_NAMES, IMPLEMENTED_FACTIONS, ENGINE_FACTIONS
from agents import pretrained
from agents.train.ppo import Config

NEW = ("hundreds", "keepers")


def test_the_benchmark_and_the_expert_trainer_seat_every_faction_at_one_table():
    from benchmarks.heuristic_strength import TABLES as BENCH
    from agents.train.expert import TABLES as EXPERT
    # every faction the engine plays, the Duchy included (ready for its flip into IMPLEMENTED_FACTIONS, issue 37)
    assert set(BENCH) == set(EXPERT) == set(ENGINE_FACTIONS) >= set(IMPLEMENTED_FACTIONS)
    assert all(BENCH[f] == EXPERT[f] and f in BENCH[f] and len(BENCH[f]) == 4 for f in ENGINE_FACTIONS)
    for f in NEW + ("duchy",):
        assert BENCH[f] == ("marquise", "eyrie", "alliance", f)


@pytest.mark.parametrize("faction", NEW)
def test_the_warm_start_keeps_only_the_new_factions_own_decisions(faction, monkeypatch):
    from agents.train import ppo
    monkeypatch.setattr(ppo, "BC_ROUND", 300)  # several rounds for a few hundred decisions
    cfg = Config(factions=("marquise", "eyrie", "alliance", faction), bc_samples=200, bc_factions=(faction,),
                 bc_keep=0.5, max_turns=30)
    data = ppo._teacher_data(cfg)
    assert len(data["acts"]) == 200 and (data["faction"] == FACTION_NAMES.index(faction)).all()
    assert (data["masks"].sum(1) > 1).all()
    assert (data["masks"][np.arange(200), data["acts"]] != 0).all()  # the teacher's answers are legal


@pytest.mark.parametrize("faction", NEW)
def test_a_policy_for_the_new_factions_loads_plays_and_is_measured_beside_the_heuristic(faction, tmp_path,
                                                                                      monkeypatch):
    from test_pretrained import _write_model
    from benchmarks import pretrained_strength as ps
    _write_model(tmp_path, faction)
    monkeypatch.setattr(pretrained, "MODELS", tmp_path)
    assert pretrained.shipped() == (faction,)
    agent = pretrained.load(faction)
    assert agent.faction == faction
    out = tmp_path / "r.json"
    assert ps.main(["--faction", faction, "--games", "4", "--random-arm", "--json", str(out), "--md",
                    str(tmp_path / "r.md")]) == 0
    r = json.loads(out.read_text())
    assert r["table"] == ["marquise", "eyrie", "alliance", faction]
    assert r["policy"]["games"] == r["heuristic"]["games"] == 4
    assert [s[1] for s in r["policy"]["by_seat"]] == [1, 1, 1, 1]  # every seat played once
    assert r["heuristic"]["wins"] == ps.heuristic_arm(faction, 4)["wins"]  # the same seeds give the same games
    assert r["random"]["games"] == 4 and [s[1] for s in r["random"]["by_seat"]] == [1, 1, 1, 1]
    assert r["random"]["wins"] == ps.policy_arm(faction, "random", 4)["wins"]  # the random arm: the same games too
    assert "The random agent in the same seats and seeds" in (tmp_path / "r.md").read_text()

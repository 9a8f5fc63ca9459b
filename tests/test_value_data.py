"""The value model's training positions (``agents.value_data``): the draft ladder's kind of table played by a search
agent in every seat (issue 36), recorded as each seat sees it, and the training command's options for them."""
from __future__ import annotations

import numpy as np

from agents import value_data, value_model as vm
from agents.value_features import N_FEATURES
from root_env.data import FACTION_NAMES
from root_env.setup import drafted_table, DRAFTABLE


def test_draft_tables_are_the_draft_ladders_tables_of_their_seed():
    """``draft_tables(n, seed)`` are the tables ``balance ladder --mix draft --seed SEED`` seats (its r-th self game's)."""
    from root_env.balance.ladder import ladder_params, self_specs
    params = ladder_params(None, ("random", "heuristic"), 3, 0, seed=5, mix="draft")
    specs = self_specs(params, "random", 3)
    drafts = value_data.draft_tables(3, 5)
    assert [list(d.factions) for d in drafts] == [s["seating"] for s in specs]
    assert all(d.game_kwargs()["setup"] == "advanced" for d in drafts)


def test_positions_of_drafted_tables_played_by_ismcts_in_every_seat():
    """Two short games on drafted tables (draft seed 3) with ``ismcts:2`` in every seat: rows of the seated factions,
    one per seat for each recorded position, each the features of that seat's view; the games are Advanced Setup."""
    d = value_data.generate(2, seed=4, every=3, max_turns=8, tables_kind="draft", agent="ismcts:2", draft_seed=3)
    tables = [tuple(drafted_table(3, r, 4, DRAFTABLE).factions) for r in range(2)]
    assert d["tables"] == tables
    assert d["X"].shape[1] == N_FEATURES and len(d["y"]) == len(d["X"]) > 0
    for i, t in enumerate(tables):
        rows = d["game"] == i
        assert rows.sum() > 0 and rows.sum() % 4 == 0
        assert {FACTION_NAMES[g] for g in d["faction"][rows]} == set(t)
        assert (d["seats"][rows] == 4).all()
    assert set(np.unique(d["y"])) <= {0.0, 1.0}
    assert np.isfinite(d["X"]).all()


def test_heuristic_mixed_positions_are_unchanged_by_the_agent_option():
    """The default (heuristic, mixed tables) and the same agent named explicitly give the same rows."""
    a = value_data.generate(2, seed=2, every=30, max_turns=20)
    b = value_data.generate(2, seed=2, every=30, max_turns=20, tables_kind="mixed", agent="heuristic")
    assert np.array_equal(a["X"], b["X"]) and np.array_equal(a["y"], b["y"])


def test_training_command_takes_draft_tables_and_an_agent(tmp_path, capsys):
    from agents.value_train import main
    out = str(tmp_path / "m.npz")
    data = str(tmp_path / "pos.npz")
    args = ["--games", "10", "--every", "4", "--epochs", "1", "--hidden", "4", "--max-turns", "6", "--out", out,
            "--tables", "draft", "--agent", "ismcts:2", "--draft-seed", "3", "--data", data,
            "--compare", vm.DEFAULT_PATH, "--quiet"]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "value_v1.npz" in printed and "by faction" in printed
    vm.load(out)
    import json
    meta = json.load(open(str(tmp_path / "m.json")))
    assert meta["data"]["agents"] == "ismcts:2 in every seat" and "draft seed 3" in meta["data"]["tables"]
    # the position file records its tables and agent: the same file read back for another agent is refused
    import pytest
    with pytest.raises(SystemExit):
        main([*args[:args.index("--agent") + 1], "heuristic", *args[args.index("--agent") + 2:]])


def test_a_shipped_model_is_named_by_its_files_tail(tmp_path):
    """``value_model.load("v1")`` is the shipped ``value_v1.npz``; a name with no such file stays a path (refused)."""
    assert vm.named("v1") == vm.DEFAULT_PATH
    assert all(np.array_equal(a, b) for a, b in zip(vm.load("v1").values(), vm.load(vm.DEFAULT_PATH).values()))
    assert vm.named("no_such_model") == "no_such_model"
    import pytest
    with pytest.raises(vm.ValueModelError):
        vm.load("no_such_model")
    from agents.arena import parse_spec
    parse_spec("ismcts:100:value=v1")

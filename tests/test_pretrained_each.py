"""The agent spec ``pretrained``: every seat plays its own faction's shipped policy, heuristic v2 where none ships
(``agents.policies.seat_spec``), so that the trained policies are one agent (a ladder rung, a pool entry, ``--vs``)."""
import numpy as np
import pytest

from agents import pretrained
from agents.policies import PRETRAINED_EACH, play, resolve, seat_spec
from agents.pretrained import PretrainedAgent
from root_env.balance.ladder import cells, parse_rungs
from root_env.balance.study import agent_spec_problem, parse_agents


def test_seat_spec_names_the_shipped_policy_or_heuristic_v2(monkeypatch):
    monkeypatch.setattr(pretrained, "shipped", lambda: ("marquise", "alliance"))
    assert seat_spec(PRETRAINED_EACH, "marquise") == "pretrained:marquise"
    assert seat_spec(PRETRAINED_EACH, "alliance") == "pretrained:alliance"
    assert seat_spec(PRETRAINED_EACH, "eyrie") == "heuristic"  # no policy ships for it here: heuristic v2
    assert seat_spec("heuristic_v1", "eyrie") == "heuristic_v1"  # any other spec is itself
    assert seat_spec("pretrained:alliance", "eyrie") == "pretrained:alliance"


def test_resolve_pretrained_needs_the_seat():
    with pytest.raises(ValueError, match="resolve it for a faction"):
        resolve(PRETRAINED_EACH)
    assert isinstance(resolve(PRETRAINED_EACH, faction="marquise"), PretrainedAgent)
    unshipped = [f for f in ("eyrie", "corvids", "keepers") if f not in pretrained.shipped()]
    for f in unshipped:
        assert resolve(PRETRAINED_EACH, faction=f) == "heuristic"


def test_pretrained_plays_the_same_games_as_each_policy_named():
    seating = ["marquise", "eyrie"]
    named = {f: seat_spec(PRETRAINED_EACH, f) for f in seating}
    a = play(seating, PRETRAINED_EACH, 2, seed=5)
    b = play(seating, named, 2, seed=5)
    for k in ("winners", "vp", "decisions", "turns"):
        assert np.array_equal(a[k], b[k]), k


def test_pretrained_is_an_agent_of_the_balance_tools():
    assert agent_spec_problem(PRETRAINED_EACH) is None
    assert parse_agents(PRETRAINED_EACH, ["marquise", "eyrie"]) == {"marquise": "pretrained", "eyrie": "pretrained"}
    assert parse_rungs("heuristic,pretrained") == ["heuristic", "pretrained"]
    played, skipped = cells(["pretrained", "ismcts:10"], ["marquise", "eyrie"])
    # ISMCTS runs only inside the compiled arena: its cells beside the (Python) policies are listed as skipped
    assert [c["rung"] for c in played] == ["pretrained", "ismcts:10"]
    assert len(skipped) == 4


def test_evaluate_takes_pretrained_as_pool_agent_and_as_opponents():
    from agents.evaluate import evaluate
    r = evaluate(["pretrained"], factions=("marquise", "eyrie"), games=2, opponents="pretrained", seed=3)
    assert [(row["agent"], row["faction"], row["games"]) for row in r["rows"]] == [
        ("pretrained", "marquise", 2), ("pretrained", "eyrie", 2)]
    # the same games as each seat's policy named: the Marquise's policy against the Eyrie's agent, seats rotated
    named = play(["marquise", "eyrie"], {f: seat_spec(PRETRAINED_EACH, f) for f in ("marquise", "eyrie")}, 1,
                 seeds=[3])
    assert r["rows"][0]["by_seat"][0] == [int(named["winners"][0] & 1), 1]

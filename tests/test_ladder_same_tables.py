"""``benchmarks.ladder_same_tables``: rungs of published draft ladders side by side on the same first tables."""
from __future__ import annotations

import os

import pytest

from benchmarks.ladder_same_tables import compare, rung_games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRAFT = os.path.join(ROOT, "benchmarks", "results", "ladder_draft_4p")
VALUE = os.path.join(ROOT, "benchmarks", "results", "ladder_draft_4p_value400")


def test_rungs_of_two_ladders_are_compared_on_the_same_tables():
    res = compare([(VALUE, "ismcts:100:leaf=value"), (DRAFT, "ismcts:100"), (DRAFT, "ismcts:400")], 30)
    assert [r["games"] for r in res["rungs"]] == [30, 30, 30]
    _, a = rung_games(VALUE, "ismcts:100:leaf=value", 30)
    _, b = rung_games(DRAFT, "ismcts:100", 30)
    assert [a[r]["seating"] for r in range(30)] == [b[r]["seating"] for r in range(30)]
    wins = sum("hundreds" in a[r]["winners"] for r in range(30) if not a[r]["truncated"])
    assert res["rungs"][0]["faction_win_rate"]["hundreds"]["wins"] == wins
    first = res["mad_minus_first"][0]
    assert first["difference"] == 0 and first["ci95"] == [0, 0]
    d = res["mad_minus_first"][1]
    mads = [r["human_distance"]["mad"] for r in res["rungs"]]
    assert d["difference"] == pytest.approx(mads[1] - mads[0]) and d["ci95"][0] <= d["difference"] <= d["ci95"][1]


def test_tables_a_rung_did_not_play_are_refused():
    with pytest.raises(SystemExit, match="not played"):
        rung_games(VALUE, "ismcts:100:leaf=value", 241)
    with pytest.raises(SystemExit, match="no rung"):
        rung_games(VALUE, "heuristic", 10)

"""benchmarks.faction_search, generalised to any faction (issue 36): the figures it prints and writes name the faction
studied, and its decision filters work for any faction (kinds for the Hundreds, decision names for all)."""
import pytest

from benchmarks.faction_search import rates, searched_decisions, HUNDREDS_KINDS, KINDS


def _game(winners, vp, sources, own, seating=("keepers", "marquise", "eyrie", "hundreds")):
    return {"seating": list(seating), "winners": winners, "vp": {f: vp.get(f, 0) for f in seating}, "turns": 4 * own,
            "own_turns": own, "vp_source": sources}


def test_rates_name_the_faction_and_give_its_vp_by_source_per_own_turn():
    games = [_game(["keepers"], {"keepers": 30}, {"relics": 20, "craft": 10}, 10),
             _game(["hundreds"], {"keepers": 10}, {"relics": 6, "removal": 4}, 10)]
    r = rates(games, "keepers")
    assert r["keepers"] == 0.5 and r["keepers_vp"] == 20 and r["others"] == pytest.approx(1 / 6)
    assert r["own_turns"] == 10 and r["vp_source"] == {"craft": 5, "relics": 13, "removal": 2}
    assert r["vp_source_per_own_turn"] == {"craft": 0.5, "relics": 1.3, "removal": 0.2}
    lo, hi = r["keepers_ci"]
    assert lo < 0.5 < hi
    # the ladder's own records have no own turns: the rates leave the sources out
    old = [{k: v for k, v in g.items() if k not in ("own_turns", "vp_source")} for g in games]
    assert "vp_source" not in rates(old, "keepers") and rates(old)["hundreds"] == 0.5


def test_decision_filters_for_the_hundreds_kinds_and_any_factions_decision_names():
    assert KINDS is HUNDREDS_KINDS and searched_decisions("all", "keepers") is None
    assert searched_decisions("military") == set(HUNDREDS_KINDS["military"])
    assert searched_decisions("none", "keepers") == set()
    assert searched_decisions("retinue: which card", "keepers") == {"retinue: which card"}
    with pytest.raises(SystemExit):
        searched_decisions("military", "keepers")  # the Hundreds' kinds are theirs


def test_paired_counts_the_tables_won_on_one_side_only_with_the_sign_test():
    from benchmarks.faction_search import paired
    here = [dict(_game(w, {}, {}, 10), seed=s) for s, w in enumerate((["keepers"], ["keepers"], ["eyrie"], ["keepers"]))]
    there = [dict(_game(w, {}, {}, 10), seed=s) for s, w in enumerate((["keepers"], ["eyrie"], ["keepers"], ["marquise"]))]
    p = paired(here, there, "keepers")
    assert (p["here_only"], p["ladder_only"]) == (2, 1)
    assert p["sign_test_p"] == pytest.approx(1.0)   # 2 against 1: binomial two-sided p = 1
    assert p["difference"] == pytest.approx(0.25)     # 3 of 4 won here, 2 of 4 there
    lo, hi = p["difference_ci95"]
    assert -1 <= lo < 0.25 < hi <= 1
    q = paired([dict(_game(["keepers"], {}, {}, 10), seed=s) for s in range(10)],
               [dict(_game(["eyrie"], {}, {}, 10), seed=s) for s in range(10)], "keepers")
    assert (q["here_only"], q["ladder_only"]) == (10, 0) and q["sign_test_p"] == pytest.approx(2 / 2 ** 10)


def test_summary_tables_the_saved_runs_of_the_search_gain_study():
    import os
    from benchmarks.faction_search import summary
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks", "results")
    path = os.path.join(root, "search_gain", "ismcts100", "none_hundreds.json")
    lines = summary([path]).splitlines()
    assert len(lines) == 3
    assert lines[2].startswith("| hundreds | ismcts:100; search=none | 120 | 15.0 (9.7-22.5) | 58.3 | -43.3 (")
    assert "| 10 / 62 (0.000) |" in lines[2]
    parts = os.path.join(root, "contest_leaf", "c3_0_120.json") + "," + os.path.join(root, "contest_leaf",
                                                                                    "c3_120_360.json")
    row = summary([parts]).splitlines()[2]   # one run played in two parts: 120 + 240 tables
    assert row.startswith("| hundreds | ismcts:100; every seat: contest=3 | 360 | 55.8 ")


def test_summary_against_a_baseline_pairs_the_same_tables_with_its_games():
    """``--summary A --against BASE``: each run paired table by table (by seed) with a baseline's games (rung folders
    and --out files) instead of the ladder's; the published Marquise screen's figures are reproduced."""
    import os
    import pytest
    from benchmarks.faction_search import summary
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks", "results")
    m = os.path.join(root, "faction_tune", "marquise_defaults", "extra100")
    row = summary([os.path.join(m, "depth2_t371-739.json")], os.path.join(m, "default_t371-739.json")).splitlines()
    assert "the baseline's games" in row[0]
    assert row[2].startswith("| marquise | ismcts:100; marquise only: depth=2 | 369 | 15.4 (12.1-19.5) | 16.3 | -0.8 (")
    assert "| 43 / 46 (0.832) | +1.06 ± 1.01 |" in row[2]
    # a rung folder as the baseline: its self games of the run's rung, only the tables both played
    folder = os.path.join(root, "ladder_draft_4p_defaults", "ismcts100")
    row = summary([os.path.join(root, "faction_tune", "marquise_defaults", "screen100", "depth2.json")],
                  folder).splitlines()[2]
    assert row.startswith("| marquise | ismcts:100; marquise only: depth=2 | 120 | 19.2 ") and "| 20 / 11 (" in row
    with pytest.raises(SystemExit, match="no table in common"):
        summary([os.path.join(m, "depth2_t371-739.json")], folder)

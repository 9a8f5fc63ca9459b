"""Issue 41: the map as a balance-study option (``balance run --map``, ``whatif --option map=...``) and the map
comparison (``balance maps``): one faction's win rate per map with Wilson intervals and a test of whether they
differ."""
from __future__ import annotations

import json

import pytest
from scipy.stats import chi2_contingency, fisher_exact

from root_env.balance import stats
from root_env.balance.study import load_results, StudyMismatch


def test_homogeneity_test_is_fishers_for_two_maps_and_chi_square_for_more():
    t = stats.homogeneity_test([30, 12], [60, 60])
    assert t["test"] == "fisher_exact" and t["p_value"] == pytest.approx(fisher_exact([[30, 30], [12, 48]])[1])
    t = stats.homogeneity_test([30, 12, 20], [60, 60, 50])
    chi2, p, df, _ = chi2_contingency([[30, 30], [12, 48], [20, 30]], correction=False)
    assert t["test"] == "chi_square" and t["df"] == df == 2
    assert t["statistic"] == pytest.approx(chi2) and t["p_value"] == pytest.approx(p) and p < 0.05
    assert stats.homogeneity_test([0, 0, 0], [5, 6, 7])["p_value"] == 1.0   # no wins anywhere: nothing differs
    assert stats.homogeneity_test([5, 6], [5, 6])["p_value"] == 1.0
    for wins, games in (([1], [4]), ([3, 1], [2, 4]), ([1, 1], [4, 0])):
        with pytest.raises(ValueError):
            stats.homogeneity_test(wins, games)


def test_balance_run_map_is_recorded_and_reaches_the_engine(tmp_path, capsys):
    from root_env.balance.cli import main
    a, w = str(tmp_path / "a"), str(tmp_path / "w")
    assert main(["run", "--games", "4", "--agents", "random", "--out", a, "--quiet"]) == 0
    assert main(["run", "--games", "4", "--agents", "random", "--out", w, "--quiet", "--map", "winter", "--report"]) == 0
    assert "game_options" not in json.loads((tmp_path / "a" / "study.json").read_text())   # the default: Autumn
    assert json.loads((tmp_path / "w" / "study.json").read_text())["game_options"] == {"map": "winter"}
    ra, _ = load_results(a, warn=False)
    rw, _ = load_results(w, warn=False)
    assert [(r["seed"], r["seating"]) for r in ra] == [(r["seed"], r["seating"]) for r in rw]
    assert [r["vp"] for r in ra] != [r["vp"] for r in rw]   # the same seeds on another map: other games
    assert json.loads((tmp_path / "w" / "report.json").read_text())["map"] == "winter"
    assert "map winter" in (tmp_path / "w" / "report.md").read_text()
    capsys.readouterr()
    assert main(["run", "--games", "4", "--agents", "random", "--out", str(tmp_path / "x"), "--quiet",
                 "--map", "narnia"]) == 2
    assert "narnia" in capsys.readouterr().err and not (tmp_path / "x").exists()
    # resuming with another map is another study: refused
    assert main(["run", "--games", "4", "--agents", "random", "--out", w, "--quiet", "--resume"]) == 2


def test_whatif_takes_the_map_as_its_option(tmp_path):
    from root_env.balance.whatif import run_whatif
    res = run_whatif(tmp_path / "w", "map=mountain", agents="random", games=4, progress=False)
    assert res["option"] == {"map": "mountain"}


def test_balance_maps_prints_one_factions_win_rate_per_map_with_intervals(tmp_path, capsys):
    from root_env.balance.cli import main
    out = tmp_path / "m"
    assert main(["maps", "--faction", "eyrie", "--maps", "autumn,winter,mountain", "--agents", "random",
                 "--games", "6", "--out", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "eyrie: win rate by map" in printed and "maps differ:" in printed and "maps.md" in printed
    for m in ("autumn", "winter", "mountain"):
        assert m in printed
        assert json.loads((out / m / "study.json").read_text()).get("game_options", {}).get("map", "autumn") == m
    res = json.loads((out / "maps.json").read_text())
    assert res["faction"] == "eyrie" and res["maps"] == ["autumn", "winter", "mountain"]
    w = res["win_rate"]["eyrie"]
    for m in res["maps"]:
        r = w["by_map"][m]
        assert r["games"] == res["games"][m] and r["ci95"][0] <= r["rate"] <= r["ci95"][1]
        assert (r["ci95"][0], r["ci95"][1]) == pytest.approx(stats.wilson(r["wins"], r["games"]))
    t = stats.homogeneity_test([w["by_map"][m]["wins"] for m in res["maps"]], [w["by_map"][m]["games"] for m in res["maps"]])
    assert w["test"] == t and w["differ"] == (t["p_value"] < 0.05)
    assert set(res["win_rate"]) == {"marquise", "eyrie", "alliance", "vagabond"}
    assert "| **eyrie** |" in (out / "maps.md").read_text()
    # --json prints the comparison itself; --resume replays nothing
    assert main(["maps", "--faction", "eyrie", "--maps", "autumn,winter,mountain", "--agents", "random",
                 "--games", "6", "--out", str(out), "--quiet", "--resume", "--json"]) == 0
    again = json.loads(capsys.readouterr().out.split("\nreport:")[0])
    assert again["played"] == {"autumn": 0, "winter": 0, "mountain": 0} and again["win_rate"] == res["win_rate"]


@pytest.mark.parametrize("args,message", [
    (["--faction", "eyrie", "--maps", "autumn"], "two or more different maps"),
    (["--faction", "eyrie", "--maps", "autumn,autumn"], "two or more different maps"),
    (["--faction", "eyrie", "--maps", "autumn,narnia"], "two or more different maps"),
    (["--faction", "lizards", "--maps", "autumn,winter"], "not seated")])
def test_balance_maps_refuses_bad_input_before_any_game(tmp_path, capsys, args, message):
    from root_env.balance.cli import main
    assert main(["maps", *args, "--games", "4", "--out", str(tmp_path / "m"), "--quiet"]) == 2
    assert message in capsys.readouterr().err and not (tmp_path / "m").exists()


def test_compare_maps_refuses_studies_that_do_not_match(tmp_path):
    from root_env.balance.maps import compare_maps
    from root_env.balance.study import run_study
    run_study(tmp_path / "autumn", games=2, agents="random", progress=False)
    run_study(tmp_path / "winter", games=2, agents="random", seed=5, progress=False, game_options={"map": "winter"})
    with pytest.raises(StudyMismatch):
        compare_maps(tmp_path, "eyrie")   # another seed
    run_study(tmp_path / "mountain", games=2, agents="random", progress=False)   # played on the Autumn map
    with pytest.raises(StudyMismatch):
        compare_maps(tmp_path, "eyrie", "autumn,mountain")

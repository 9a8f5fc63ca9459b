"""The ladder of skill (root_env.balance.ladder): its layout, resume, statistics from hand-made lines, Nash
averaging on known games, agents that are Python policies, and bad input."""
from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from root_env.errors import RootError
from root_env.balance import ladder, ladder_stats, nash, stats
from root_env.balance.study import StudyMismatch, RESULTS_FILE, STUDY_FILE, load_results

FOUR = ["marquise", "eyrie", "alliance", "vagabond"]


def _records(d):
    recs, bad = load_results(d, warn=False)
    assert not bad
    return recs


# ---------------------------------------------------------------------------------------------- layout

def test_layout_cells_seats_and_interleaving():
    p = ladder.ladder_params(FOUR, "random,heuristic", self_games=8, cross_games=4, seed=3)
    assert p["games"] == 2 * 8 + 2 * 4 * 4 and p["skipped_cells"] == []
    specs = [ladder.ladder_spec(p, i) for i in range(p["games"])]
    cells = Counter(tuple(sorted(s["agents"].items())) for s in specs)
    assert cells[tuple(sorted({f: "random" for f in FOUR}.items()))] == 8
    for a, b in (("random", "heuristic"), ("heuristic", "random")):
        for f in FOUR:
            mine = [s for s in specs if s["agents"] == {g: a if g == f else b for g in FOUR}]
            assert len(mine) == 4
            assert sorted(s["seating"].index(f) for s in mine) == [0, 1, 2, 3]   # every seat once
    # the r-th game of every cell shares seed and seating (paired cells)
    first = [s for s in specs if s["seating"] == specs[0]["seating"]]
    assert len({s["seed"] for s in first}) == 1
    # any prefix holds about the same share of every cell: after half the games, half of each
    half = Counter(tuple(sorted(s["agents"].items())) for s in specs[:p["games"] // 2])
    assert all(half[c] == n // 2 for c, n in cells.items())
    assert [s["game"] for s in specs] == list(range(p["games"]))


def test_game_order():
    assert ladder.game_order([2, 1]) == [(0, 0), (1, 0), (0, 1)]
    assert Counter(c for c, _ in ladder.game_order([6, 3, 0])) == {0: 6, 1: 3}


# ---------------------------------------------------------------------------------------------- resume

def test_resume_and_workers_reproduce_the_ladder(tmp_path):
    kw = dict(factions=FOUR, rungs="random,heuristic,ismcts:2", self_games=4, cross_games=1, seed=7, max_turns=40,
              progress=False, chunk=10)
    full = ladder.run_ladder(tmp_path / "full", **kw)
    assert full["played"] == full["games"] == 3 * 4 + 6 * 4
    ref = _records(tmp_path / "full")
    assert [r["game"] for r in ref] == list(range(36))
    # interrupted mid-chunk, then resumed in two worker processes: the same games
    part = ladder.run_ladder(tmp_path / "part", stop_after=13, **kw)
    assert part["done"] == 13 and len(_records(tmp_path / "part")) == 13
    ladder.run_ladder(tmp_path / "part", resume=True, jobs=2, **kw)
    assert _records(tmp_path / "part") == ref
    runs = ladder.load_runs(tmp_path / "part")
    assert [r["played"] for r in runs] == [13, 23] and all(r["cpu_s"] >= 0 for r in runs)
    # a half-written last line is dropped and its game replayed
    rf = tmp_path / "part" / RESULTS_FILE
    data = rf.read_bytes()
    rf.write_bytes(data[:-len(data.splitlines()[-1]) // 2 - 1])
    recs, bad = load_results(tmp_path / "part", warn=False)
    assert len(recs) == 35 and [no for no, _ in bad] == [36]
    ladder.run_ladder(tmp_path / "part", resume=True, **kw)
    assert _records(tmp_path / "part") == ref
    # a used directory needs --resume, and --resume with other parameters is refused
    with pytest.raises(StudyMismatch):
        ladder.run_ladder(tmp_path / "full", **kw)
    with pytest.raises(StudyMismatch, match="cross_games"):
        ladder.run_ladder(tmp_path / "full", **dict(kw, cross_games=2), resume=True)


# ---------------------------------------------------------------------------------------------- statistics

def _line(game, seating, agents, winners, truncated=False):
    return {"game": game, "seating": seating, "agents": agents, "winners": winners, "truncated": truncated,
            "vp": {f: 0 for f in seating}}


def _all(rung):
    return {f: rung for f in FOUR}


def _one(faction, rung, others):
    return {f: rung if f == faction else others for f in FOUR}


ROT = [FOUR[k:] + FOUR[:k] for k in range(4)]
HAND = [
    # four self games of "a": marquise wins two, alliance one, a marquise+vagabond coalition one
    _line(0, ROT[0], _all("a"), ["marquise"]), _line(1, ROT[1], _all("a"), ["marquise"]),
    _line(2, ROT[2], _all("a"), ["alliance"]), _line(3, ROT[3], _all("a"), ["marquise", "vagabond"]),
    # one self game of "b", truncated
    _line(4, ROT[0], _all("b"), [], truncated=True),
    # marquise by "b" against "a": won once, lost once, truncated once
    _line(5, ROT[0], _one("marquise", "b", "a"), ["marquise"]),
    _line(6, ROT[1], _one("marquise", "b", "a"), ["eyrie"]),
    _line(7, ROT[2], _one("marquise", "b", "a"), [], truncated=True),
    # eyrie by "a" against "b": lost
    _line(8, ROT[3], _one("eyrie", "a", "b"), ["alliance"]),
    # mixed opponents for everyone but none: counts in no cell
    _line(9, ROT[0], {"marquise": "a", "eyrie": "b", "alliance": "a", "vagabond": "b"}, ["eyrie"]),
]


@pytest.fixture()
def hand_dir(tmp_path):
    params = {"kind": "ladder", "factions": FOUR, "rungs": ["a", "b"], "self_games": 4, "cross_games": 3,
              "games": 10, "seed": 0, "max_turns": 300, "skipped_cells": []}
    (tmp_path / STUDY_FILE).write_text(json.dumps(params))
    lines = [json.dumps(r) for r in HAND] + ['{"game": 10, "seating": ["marquise", "eyrie", "alliance"]}',
                                             json.dumps(dict(HAND[0], game=11, agents={"marquise": "a"}))]
    (tmp_path / RESULTS_FILE).write_text("\n".join(lines) + "\n")
    return tmp_path


def test_rates_and_matrix_from_hand_made_lines(hand_dir):
    params, records, bad = ladder_stats.load_ladder(hand_dir)
    assert [r["game"] for r in records] == list(range(10))
    assert len(bad) == 2   # a line missing fields, and one naming no agent for most factions
    res = ladder_stats.analyze_ladder(records, params, bad)
    a = res["rungs"]["a"]
    assert a["games_used"] == 4 and a["truncated"] == 0
    assert {f: w["wins"] for f, w in a["faction_win_rate"].items()} == \
        {"marquise": 3, "eyrie": 0, "alliance": 1, "vagabond": 1}
    assert a["faction_win_rate"]["marquise"]["ci95"] == pytest.approx(list(stats.wilson(3, 4)))
    # seat 1 holds marquise, eyrie, alliance, vagabond in games 0-3: wins in games 0, 2 and 3 (the coalition)
    assert a["seat_win_rate"]["1"]["wins"] == 3
    assert res["rungs"]["b"]["games_used"] == 0 and res["rungs"]["b"]["truncated"] == 1
    m = res["matrix"]
    assert (m["marquise"]["b"]["a"]["wins"], m["marquise"]["b"]["a"]["games"], m["marquise"]["b"]["a"]["truncated"]) \
        == (1, 2, 1)
    assert m["marquise"]["a"]["a"]["wins"] == 3 and m["marquise"]["a"]["a"]["games"] == 4
    assert (m["eyrie"]["a"]["b"]["wins"], m["eyrie"]["a"]["b"]["games"]) == (0, 1)
    # the other factions of a cross game face mixed opponents: no cell; game 9 counts nowhere
    assert m["alliance"]["b"]["a"]["games"] == 0 and m["alliance"]["a"]["b"]["games"] == 0
    assert m["eyrie"]["b"]["a"]["games"] == 0
    assert sum(m[f][x][y]["games"] + m[f][x][y]["truncated"] for f in FOUR for x in "ab" for y in "ab") == \
        4 * 4 + 4 + 3 + 1
    # the meta-game: payoff(b vs a) averages over the factions with both cells played
    mg = res["meta_game"]
    assert mg["left_out"] and "error" in mg   # alliance/vagabond cross cells are missing
    h = a["human_distance"]
    rate = np.array([3, 0, 1, 1]) / 4
    from root_env.balance.report import HUMAN_REFERENCE
    human = np.array([HUMAN_REFERENCE[f] for f in FOUR])
    assert h["mad"] == pytest.approx(np.abs(rate - human).mean())
    assert h["spread"] == pytest.approx(0.75) and h["human_spread"] == pytest.approx(human.max() - human.min())
    # openskill: one rating per agent x faction seen in a usable game, the marquise of "a" on top
    rows = res["openskill"]["rows"]
    assert {(r["agent"], r["faction"]) for r in rows} == {(x, f) for x in "ab" for f in FOUR}
    assert rows[0]["agent"] == "a" and rows[0]["faction"] == "marquise"
    # self games 0-3 and the mixed game 9 (truncated game 7 left out; marquise is "b"'s in games 5, 6 and 8)
    assert next(r for r in rows if r["agent"] == "a" and r["faction"] == "marquise")["games"] == 4 + 1


def test_meta_game_payoff_from_a_full_matrix():
    def cell(rate):
        return {"rate": rate, "games": 10}
    mat = {f: {"x": {"x": cell(.25), "y": cell(.6)}, "y": {"x": cell(.1), "y": cell(.25)}} for f in ("p", "q")}
    mat["q"]["x"]["y"] = cell(.4)
    mg = ladder_stats.meta_game(mat, ["p", "q"], ["x", "y"])
    # x vs y: p: .6 - .1, q: .4 - .1 -> mean .4
    assert np.array(mg["payoff"]) == pytest.approx(np.array([[0, .4], [-.4, 0]]))
    assert mg["nash"] == pytest.approx({"x": 1, "y": 0}) and mg["nash_average"]["y"] == pytest.approx(-.4)
    assert mg["per_faction"]["q"]["nash_average"]["y"] == pytest.approx(-.3)


def test_report_files(hand_dir):
    from root_env.balance.ladder_report import write_ladder_report
    res = write_ladder_report(hand_dir)
    md = (hand_dir / "report.md").read_text()
    assert "Root Digital League" in md and "**marquise**" in md and "2 unusable results line(s)" in md
    assert set(res["plots"]) == {"win_rates_by_rung.png", "faction_effects.png", "matrix.png"}
    assert json.loads((hand_dir / "report.json").read_text())["matrix"]["marquise"]["b"]["a"]["wins"] == 1


# ---------------------------------------------------------------------------------------------- Nash averaging

def test_nash_averaging_on_known_games():
    rps = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    r = nash.nash_average(rps, ["rock", "paper", "scissors"])
    assert list(r["nash"].values()) == pytest.approx([1 / 3] * 3, abs=1e-6)
    assert list(r["nash_average"].values()) == pytest.approx([0, 0, 0], abs=1e-6)
    # a copy of rock: the maximum-entropy equilibrium splits rock's third between the copies (Balduzzi et al.'s
    # invariance to copies); the linear program alone may return any split
    dup = np.array([[0, 0, -1, 1], [0, 0, -1, 1], [1, 1, 0, -1], [-1, -1, 1, 0]])
    assert nash.maxent_nash(dup) == pytest.approx([1 / 6, 1 / 6, 1 / 3, 1 / 3], abs=1e-5)
    # transitive: the best agent alone; the others rated by their loss to it
    t = np.array([[0, .3, .5], [-.3, 0, .2], [-.5, -.2, 0]])
    r = nash.nash_average(t)
    assert list(r["nash"].values()) == pytest.approx([1, 0, 0], abs=1e-6)
    assert list(r["nash_average"].values()) == pytest.approx([0, -.3, -.5], abs=1e-6)
    # rock-paper-scissors plus an agent that all three beat: it gets no weight, the cycle stays uniform
    x = np.array([[0, -1, 1, .5], [1, 0, -1, .5], [-1, 1, 0, .5], [-.5, -.5, -.5, 0]])
    r = nash.nash_average(x)
    assert list(r["nash"].values()) == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0], abs=1e-5)
    assert r["nash_average"][3] == pytest.approx(-.5, abs=1e-5)
    p, v = nash.game_value(np.array([[3.0, -1.0], [-2.0, 1.0]]))   # not symmetric: value 1/7 at p = (3/7, 4/7)
    assert v == pytest.approx(1 / 7) and p == pytest.approx([3 / 7, 4 / 7])


@pytest.mark.parametrize("bad,match", [(np.array([[0, 1], [1, 0]]), "antisymmetric"), (np.zeros((2, 3)), "square"),
                                       (np.array([[0, np.nan], [np.nan, 0]]), "finite")])
def test_nash_refuses_bad_matrices(bad, match):
    with pytest.raises(RootError, match=match):
        nash.nash_average(bad)


# ---------------------------------------------------------------------------------------------- Python policies

def test_python_policy_rung_plays_beside_compiled_agents_not_ismcts(tmp_path):
    py = "agents.random_agent:RandomAgent"
    p = ladder.ladder_params(FOUR, ["heuristic", "ismcts:2", py], self_games=1, cross_games=1, max_turns=12)
    skipped = {(c["rung"], c["opponents"]) for c in p["skipped_cells"]}
    assert skipped == {("ismcts:2", py), (py, "ismcts:2")} and len(p["skipped_cells"]) == 8
    assert "cannot seat ISMCTS or the value agent beside a Python policy" in p["skipped_cells"][0]["reason"]
    assert p["games"] == 3 + 4 * 4
    res = ladder.run_ladder(tmp_path / "py", FOUR, ["heuristic", "ismcts:2", py], 1, 1, max_turns=12, progress=False)
    recs = _records(tmp_path / "py")
    assert res["done"] == len(recs) == 19
    mine = [r for r in recs if py in r["agents"].values()]
    assert len(mine) == 1 + 8 and all(r["turns"] >= 1 and "vp_by_round" not in r for r in mine)
    assert all("turns" in r and "vp_by_round" in r for r in recs if py not in r["agents"].values())
    # a Python-policy game depends on its seed only, not on the chunk it was played in
    again = ladder.play_ladder_specs([ladder.ladder_spec(p, mine[0]["game"])], max_turns=12)[0]
    assert again == mine[0]


# ---------------------------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("kw,match", [
    (dict(rungs="random"), "at least two distinct rungs"),
    (dict(rungs="random,random"), "at least two distinct rungs"),
    (dict(rungs="random,ismcts:0"), "ismcts:N"),
    (dict(rungs="random,ppo:/nonexistent/x.pt"), "no checkpoint file"),
    (dict(rungs="random,nosuchagent"), "is not an agent"),
    (dict(self_games=-1), "self_games"),
    (dict(cross_games=1.5), "cross_games"),
    (dict(self_games=0, cross_games=0), "above 0"),
    (dict(seed=-3), "seed"),
    (dict(max_turns=0), "max_turns"),
    (dict(factions="marquise,bogus"), "factions"),
])
def test_bad_ladder_parameters_raise_clear_errors(kw, match, tmp_path):
    args = dict(factions=FOUR, rungs="random,heuristic", self_games=4, cross_games=1)
    args.update(kw)
    with pytest.raises(ValueError, match=match):
        ladder.run_ladder(tmp_path / "x", progress=False, **args)
    assert not (tmp_path / "x").exists()   # nothing written


def test_cli_ladder_and_report(tmp_path, capsys):
    from root_env.balance.cli import main
    d = str(tmp_path / "lad")
    assert main(["ladder", "--rungs", "random,heuristic", "--self-games", "4", "--cross-games", "1", "--max-turns",
                 "60", "--out", d, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "16 games played" in out and "report:" in out
    assert (tmp_path / "lad" / "matrix.png").exists() and (tmp_path / "lad" / "report.md").exists()
    assert main(["report", d, "--no-plots"]) == 0   # `report` knows a ladder directory
    assert "marquise" in capsys.readouterr().out
    assert main(["ladder", "--rungs", "random,heuristic", "--out", d, "--quiet"]) == 2   # used: needs --resume
    assert "--resume" in capsys.readouterr().err
    for bad, msg in ((["--rungs", "random,bogus"], "is not an agent"), (["--self-games", "-2"], "self_games"),
                     (["--jobs", "0"], "jobs")):
        try:
            code = main(["ladder", "--out", str(tmp_path / "bad"), "--quiet"] + bad)
        except SystemExit as e:  # refused by argparse itself (a count below 1), which exits 2 too
            code = e.code
        assert code == 2
        assert msg in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()


def test_a_published_ladder_reads_its_gzipped_lines(hand_dir):
    import gzip
    rf = hand_dir / RESULTS_FILE
    (hand_dir / (RESULTS_FILE + ".gz")).write_bytes(gzip.compress(rf.read_bytes()))
    before = ladder_stats.load_ladder(hand_dir)
    rf.unlink()
    assert ladder_stats.load_ladder(hand_dir) == before


# ---------------------------------------------------------------------------------------------- one more rung

def test_rung_replays_a_published_ladders_own_tables_and_extends_on_resume(tmp_path, capsys):
    """``balance rung``: the self games of a rung on the draft ladder's first tables are that ladder's own games (the
    same seating, seed and game options; only the game's index differs), and a resume with more tables plays only the
    new ones, the games of a run in one go. (The published games themselves were played before the Daylight-end fix of
    2026-12-02, which changes games with the Eyrie, the Keepers, the Hundreds or the Duchy; every table seats one.)"""
    import os
    from root_env.balance.cli import main
    from benchmarks.ladder_same_tables import rung_games
    src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks", "results",
                       "ladder_draft_4p")
    d = str(tmp_path / "rung")
    assert main(["rung", "--ladder", src, "--rung", "heuristic", "--tables", "3", "--out", d, "--quiet",
                 "--no-report"]) == 0
    assert "3 games played" in capsys.readouterr().out
    assert main(["rung", "--ladder", src, "--rung", "heuristic", "--tables", "5", "--out", d, "--quiet",
                 "--no-report"]) == 2   # used: needs --resume
    assert "--resume" in capsys.readouterr().err
    assert main(["rung", "--ladder", src, "--rung", "heuristic", "--tables", "5", "--out", d, "--quiet",
                 "--no-report", "--resume"]) == 0
    out = capsys.readouterr().out
    assert "2 games played" in out and "5/5 done" in out
    params, mine = rung_games(d, "heuristic", 5)
    assert params["rungs"] == ["heuristic"] and params["games"] == 5 and params["mix"] == "draft"
    _, theirs = rung_games(src, "heuristic", 5)
    once = str(tmp_path / "once")
    assert main(["rung", "--ladder", src, "--rung", "heuristic", "--tables", "5", "--out", once, "--quiet",
                 "--no-report"]) == 0
    _, again = rung_games(once, "heuristic", 5)
    for r in range(5):
        a, b, c = dict(mine[r]), dict(theirs[r]), dict(again[r])
        assert a.pop("game") == r == c.pop("game")
        assert a == c  # resumed: the games of one run
        assert {k: a[k] for k in ("seating", "seed", "agents")} == {k: b[k] for k in ("seating", "seed", "agents")}
    runs = ladder.load_runs(d)
    assert [x["played"] for x in runs] == [3, 2] and runs[-1]["done"] == 5


def test_rung_refuses_what_is_not_a_ladder_and_bad_arguments(tmp_path):
    src = tmp_path / "lad"
    ladder.run_ladder(src, FOUR, "random,heuristic", self_games=2, cross_games=0, max_turns=40, progress=False)
    with pytest.raises(RootError, match="not a ladder directory"):
        ladder.run_rung(tmp_path / "o1", tmp_path / "nowhere", "heuristic", 2, progress=False)
    study = tmp_path / "study"
    from root_env.balance.study import run_study
    run_study(study, FOUR, "random", 2, max_turns=40, progress=False)
    with pytest.raises(RootError, match="not a ladder"):
        ladder.run_rung(tmp_path / "o2", study, "heuristic", 2, progress=False)
    with pytest.raises(ValueError, match="is not an agent"):
        ladder.run_rung(tmp_path / "o3", src, "nosuchagent", 2, progress=False)
    with pytest.raises(ValueError, match="tables"):
        ladder.run_rung(tmp_path / "o4", src, "heuristic", 0, progress=False)
    assert not any((tmp_path / f"o{i}").exists() for i in range(1, 5))   # nothing written
    ladder.run_rung(tmp_path / "o5", src, "heuristic", 3, progress=False)
    with pytest.raises(StudyMismatch, match="differ"):   # fewer tables, or another rung, is another study
        ladder.run_rung(tmp_path / "o5", src, "heuristic", 2, resume=True, progress=False)
    with pytest.raises(StudyMismatch, match="differ"):
        ladder.run_rung(tmp_path / "o5", src, "random", 4, resume=True, progress=False)
    # a one-rung ladder of a rotated ladder plays that ladder's own games too
    mine = {r["game"]: r for r in _records(tmp_path / "o5")}
    theirs = {r["seed"]: r for r in _records(src) if set(r["agents"].values()) == {"heuristic"}}
    for r in range(2):
        a, b = dict(mine[r]), dict(theirs[mine[r]["seed"]])
        a.pop("game"), b.pop("game")
        assert a == b


@pytest.mark.parametrize("change", [{"factions": 5}, {"factions": None}, {"factions": ["marquise"]}, {"seed": None},
                                    {"seed": "0"}, {"max_turns": None}, {"mix": "bogus"}, {"players": 0},
                                    {"vagabond_character": None}, {"factions": "DROP"}, {"seed": "DROP"}])
def test_rung_refuses_a_malformed_ladder_study_file_with_a_clear_error(change, tmp_path):
    """The --ladder directory is outside input: a study.json with a missing or wrong field is a ValueError naming it,
    never a crash, and nothing is written."""
    import os
    src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks", "results",
                       "ladder_draft_4p", STUDY_FILE)
    with open(src) as fh:
        params = json.load(fh)
    for k, v in change.items():
        if v == "DROP":
            del params[k]
        else:
            params[k] = v
    (tmp_path / "lad").mkdir()
    (tmp_path / "lad" / STUDY_FILE).write_text(json.dumps(params))
    with pytest.raises(ValueError):
        ladder.run_rung(tmp_path / "out", tmp_path / "lad", "heuristic", 2, progress=False)
    assert not (tmp_path / "out").exists()

"""Balance studies (root_env.balance): statistics, seat rotation, resume, corrupted lines, SPRT, the CLI."""
from __future__ import annotations

import itertools
import json
import math
from collections import Counter

import numpy as np
import pytest

from root_env.balance import ordering, stats
from root_env.balance.study import (run_study, load_results, seatings, game_spec, study_params, parse_agents,
                                    StudyMismatch, RESULTS_FILE, sprt_play)

FOUR = ["marquise", "eyrie", "alliance", "vagabond"]


# ---------------------------------------------------------------------------------------------- statistics

@pytest.mark.parametrize("k,n", [(0, 10), (1, 10), (5, 10), (10, 10), (213, 1000), (2910, 10008), (37, 96)])
def test_wilson_matches_statsmodels_and_formula(k, n):
    from statsmodels.stats import proportion  # a dev dependency: the test must run, never skip
    ref = proportion.proportion_confint(k, n, alpha=0.05, method="wilson")
    assert stats.wilson(k, n) == pytest.approx(ref, abs=1e-12)
    assert stats.wilson_formula(k, n) == pytest.approx(ref, abs=1e-9)


def test_wilson_hand_checked_value():
    # 8 of 10, z = 1.959964: centre (0.8 + z²/20)/(1 + z²/10) = 0.7159, half width 0.2262
    lo, hi = stats.wilson_formula(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4)
    assert hi == pytest.approx(0.9433, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_games_for_half_width():
    # p = 0.25: 1.96² · 0.1875 / 0.0001 = 7203
    assert stats.games_for_half_width(0.25, 0.01) == 7203
    assert stats.extra_games_for_half_width(250, 1000, 0.01) == 6203
    assert stats.extra_games_for_half_width(2500, 10000, 0.01) == 0


def _simulate(n, faction_u, seat_u, seed, coalition_every=0):
    """Records of n games with a single winner drawn from softmax(faction + seat utilities)."""
    rng = np.random.default_rng(seed)
    seats = seatings(FOUR)
    recs = []
    for i in range(n):
        seating = seats[i % len(seats)]
        u = np.array([faction_u[FOUR.index(f)] for f in seating]) + np.asarray(seat_u)
        p = np.exp(u) / np.exp(u).sum()
        w = rng.choice(4, p=p)
        recs.append({"game": i, "seating": list(seating), "winners": [seating[w]], "truncated": False})
    return recs


@pytest.fixture(scope="module")
def planted():
    f_u, s_u = [0.0, 0.6, -0.4, 0.2], [0.0, 0.3, 0.0, -0.3]
    return f_u, s_u, stats.fit_conditional_logit(_simulate(3000, f_u, s_u, 1), FOUR)


def test_conditional_logit_recovers_planted_effects(planted):
    f_u, s_u, fit = planted
    for j, f in enumerate(FOUR[1:], 1):
        t = fit["terms"][f"faction[{f}]"]
        assert t["coef"] == pytest.approx(f_u[j], abs=0.2)
        assert t["ci"][0] < f_u[j] < t["ci"][1] or abs(t["coef"] - f_u[j]) < 3 * t["se"]
    for s in range(1, 4):
        assert fit["terms"][f"seat[{s + 1}]"]["coef"] == pytest.approx(s_u[s], abs=0.2)
    assert fit["tests"]["factions_equal"]["p_value"] < 1e-6
    assert fit["tests"]["seats_equal"]["p_value"] < 1e-3
    assert sum(fit["faction_share"].values()) == pytest.approx(1)


def test_conditional_logit_does_not_reject_equal_factions():
    fit = stats.fit_conditional_logit(_simulate(1500, [0, 0, 0, 0], [0.0, 0.4, 0.0, -0.2], 7), FOUR)
    assert fit["tests"]["factions_equal"]["p_value"] > 0.05
    assert fit["tests"]["seats_equal"]["p_value"] < 0.01


def test_conditional_logit_takes_two_winners():
    recs = _simulate(400, [0, 0.5, 0, 0], [0, 0, 0, 0], 3)
    for r in recs[::10]:  # coalition-like games: the vagabond wins with the winner
        if "vagabond" not in r["winners"]:
            r["winners"].append("vagabond")
    fit = stats.fit_conditional_logit(recs, FOUR)
    assert fit["multiple_winner_games"] > 0
    assert np.isfinite(fit["tests"]["factions_equal"]["lr"])


# ---------------------------------------------------------------------------------------------- SPRT

def test_sprt_bounds_and_decisions():
    t = stats.SPRT(0.25, 0.35, alpha=0.05, beta=0.1)
    assert t.upper == pytest.approx(np.log(0.9 / 0.05))
    assert t.lower == pytest.approx(np.log(0.1 / 0.95))
    rng = np.random.default_rng(0)
    assert stats.sprt(rng.random(20000) < 0.40, 0.25, 0.35)["decision"] == "H1"
    assert stats.sprt(rng.random(20000) < 0.20, 0.25, 0.35)["decision"] == "H0"
    assert stats.sprt([1, 0, 0], 0.25, 0.35)["decision"] == "continue"


def test_sprt_error_rates_on_simulated_streams():
    rng = np.random.default_rng(1)
    runs = 300
    wrong_h1 = sum(stats.sprt(rng.random(5000) < 0.25, 0.25, 0.35)["decision"] == "H1" for _ in range(runs))
    wrong_h0 = sum(stats.sprt(rng.random(5000) < 0.35, 0.25, 0.35)["decision"] == "H0" for _ in range(runs))
    assert wrong_h1 / runs < 0.1 and wrong_h0 / runs < 0.1   # nominal 0.05 each


def test_sprt_rejects_bad_parameters():
    with pytest.raises(ValueError):
        stats.SPRT(0.3, 0.3)


# ---------------------------------------------------------------------------------------------- studies

def test_parse_agents():
    assert parse_agents("random", FOUR) == {f: "random" for f in FOUR}
    spec = "marquise=heuristic,eyrie=random,alliance=random,vagabond=heuristic"
    assert parse_agents(spec, FOUR)["eyrie"] == "random"
    with pytest.raises(ValueError):
        parse_agents("marquise=heuristic", FOUR)
    with pytest.raises(ValueError):
        parse_agents("clever", FOUR)


def test_seat_rotation_is_exact():
    p = study_params(FOUR, "random", 240)
    seats = seatings(FOUR)
    assert len(seats) == 24 and len(set(seats)) == 24
    specs = [game_spec(p, i) for i in range(240)]
    assert set(Counter(tuple(s["seating"]) for s in specs).values()) == {10}
    for f in FOUR:
        assert [sum(s["seating"][k] == f for s in specs) for k in range(4)] == [60] * 4
    assert len({s["seed"] for s in specs}) == 240


# ---------------------------------------------------------------------------------------------- ordering

def _spreads_of_every_prefix(cells, factions, with_candidate):
    """The largest spread of each balance measure over all prefixes of `cells`."""
    worst: dict = {}
    for n in range(1, len(cells) + 1):
        seats = [c[0] if with_candidate else c for c in cells[:n]]
        cands = [c[1] for c in cells[:n]] if with_candidate else None
        for name, v in ordering.balance(seats, factions, cands)["spread"].items():
            worst[name] = max(worst.get(name, 0), v)
    return worst


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_run_order_every_prefix_is_seat_balanced(k):
    names = [f"f{j}" for j in range(k)]
    period = len(ordering.run_order(k))
    cells = [ordering.seating_at(names, i) for i in range(2 * period)]
    # every seating once per period, and within a prefix each faction's seat counts differ by at most one
    assert sorted(cells[:period]) == sorted(itertools.permutations(names))
    assert cells[period:] == cells[:period]
    assert _spreads_of_every_prefix(cells, names, False) == {"faction_seat": 1}


def test_run_order_spreads_who_sits_after_whom():
    # 4 factions: 6 cyclic orders, in blocks of 4 games. The first two blocks give every faction two different
    # right-hand neighbours (no three blocks can give three: the complete digraph on 4 vertices has no
    # decomposition into Hamiltonian cycles, Tillson 1980); the period gives every ordered pair twice.
    order = ordering.run_order(4)

    def after(blocks):
        return Counter((p[s], p[(s + 1) % 4]) for p in order[:4 * blocks:4] for s in range(4))
    assert set(after(2).values()) == {1} and len(after(2)) == 8
    assert max(after(3).values()) == 2
    assert set(after(6).values()) == {2} and len(after(6)) == 12


@pytest.mark.parametrize("k", [3, 4])
def test_sprt_order_every_prefix_is_balanced(k):
    names = [f"f{j}" for j in range(k)]
    period = len(ordering.sprt_order(k))
    assert period == k * math.factorial(k)
    cells = [ordering.sprt_cell_at(names, i) for i in range(period)]
    assert len(set(cells)) == period   # every (seating, candidate) once per period
    assert _spreads_of_every_prefix(cells, names, True) == {
        "faction_seat": 1, "candidate_faction": 1, "candidate_seat": 1, "candidate_faction_seat": 1}


def test_sprt_order_two_factions():
    # two seatings cannot alternate faction-in-seat and the candidate's faction and seat at once: the
    # candidate is kept even, every faction's seat may be two apart
    cells = [ordering.sprt_cell_at(["a", "b"], i) for i in range(8)]
    worst = _spreads_of_every_prefix(cells, ["a", "b"], True)
    assert worst["candidate_faction"] == worst["candidate_seat"] == worst["candidate_faction_seat"] == 1
    assert worst["faction_seat"] <= 2


def test_sprt_stopped_after_nine_games_tried_every_faction_and_seat():
    # the case: before, the first 24 games all had the Marquise as the candidate
    cells = [ordering.sprt_cell_at(FOUR, i) for i in range(9)]
    b = ordering.balance([s for s, _ in cells], FOUR, [c for _, c in cells])
    assert sorted(b["candidate_faction"].values()) == [2, 2, 2, 3]
    assert sorted(b["candidate_seat"]) == [2, 2, 2, 3]
    assert b["games"] == 9


def test_balance_measures_and_wording():
    seats = [("a", "b"), ("b", "a"), ("a", "b")]
    b = ordering.balance(seats, ["a", "b"], ["a", "a", "b"])
    assert b["faction_seat"] == {"a": [2, 1], "b": [1, 2]}
    assert b["candidate_faction"] == {"a": 2, "b": 1} and b["candidate_seat"] == [1, 2]
    assert b["candidate_faction_seat"] == {"a": [1, 1], "b": [0, 1]}
    assert b["spread"] == {"faction_seat": 1, "candidate_faction": 1, "candidate_seat": 1,
                           "candidate_faction_seat": 1}
    assert ordering.count_range({"a": [60, 60], "b": [60, 60]}) == "exactly 60 times"
    assert ordering.count_range({"a": [59, 60], "b": [60, 60]}) == "59 to 60 times"
    line = ordering.describe(b)
    assert line.startswith("after 3 games: candidate's faction a 2, b 1; candidate's seat 1: 1, 2: 2")
    with pytest.raises(ValueError):
        ordering.balance(seats, ["a", "b"], ["a"])
    with pytest.raises(ValueError):
        ordering.run_order(1)


def test_game_i_depends_only_on_study_seed_and_index():
    short, long = study_params(FOUR, "random", 30, seed=4), study_params(FOUR, "random", 1000, seed=4)
    assert [game_spec(short, i) for i in range(30)] == [game_spec(long, i) for i in range(30)]
    other = study_params(FOUR, "random", 30, seed=5)
    assert [game_spec(other, i)["seating"] for i in range(30)] == [game_spec(short, i)["seating"] for i in range(30)]
    assert all(game_spec(other, i)["seed"] != game_spec(short, i)["seed"] for i in range(30))


def _records(d):
    recs, bad = load_results(d)
    assert not bad
    return recs


def test_study_rotation_and_records(tmp_path):
    res = run_study(tmp_path / "s", FOUR, "random", 48, seed=5, progress=False, chunk=20)
    assert res["played"] == 48
    recs = _records(tmp_path / "s")
    assert [r["game"] for r in recs] == list(range(48))
    assert set(Counter(tuple(r["seating"]) for r in recs).values()) == {2}
    for f in FOUR:
        assert [sum(r["seating"][k] == f for r in recs) for k in range(4)] == [12] * 4
    r = recs[0]
    assert set(r["vp"]) == set(FOUR) and set(r["vp_by_round"]) == set(FOUR)
    for f in FOUR:
        v = r["vp_by_round"][f]
        assert v[-1] == r["vp"][f] and (len(v) == 1 or v[-1] != v[-2])
    assert all(set(w) <= set(FOUR) for w in (x["winners"] for x in recs))
    # a second run into the same directory needs --resume; --resume with other parameters is refused
    with pytest.raises(StudyMismatch):
        run_study(tmp_path / "s", FOUR, "random", 48, seed=5, progress=False)
    with pytest.raises(StudyMismatch):
        run_study(tmp_path / "s", FOUR, "random", 48, seed=6, progress=False, resume=True)


def test_resume_gives_identical_results(tmp_path):
    kw = dict(factions=FOUR, agents="marquise=heuristic,eyrie=random,alliance=random,vagabond=random", games=72,
              seed=11, progress=False, chunk=24)
    run_study(tmp_path / "full", **kw)
    full = _records(tmp_path / "full")
    # interrupted after 30 games (mid-chunk), then resumed
    res = run_study(tmp_path / "part", stop_after=30, **kw)
    assert res["done"] == 30
    part = _records(tmp_path / "part")
    assert [r["game"] for r in part] == list(range(30))
    # the interrupted study is as seat-balanced as 30 games can be (7 or 8 per faction and seat)
    assert ordering.balance([r["seating"] for r in part], FOUR)["spread"] == {"faction_seat": 1}
    run_study(tmp_path / "part", resume=True, **kw)
    assert _records(tmp_path / "part") == full
    # an interrupted write: a partial last line is dropped and its game replayed
    rf = tmp_path / "cut" / RESULTS_FILE
    run_study(tmp_path / "cut", stop_after=40, **kw)
    data = rf.read_bytes()
    rf.write_bytes(data[:-len(data.splitlines()[-1]) // 2 - 1])
    run_study(tmp_path / "cut", resume=True, **kw)
    assert _records(tmp_path / "cut") == full
    assert json.loads((tmp_path / "cut" / "study.json").read_text())["seed"] == 11


def test_parallel_workers_match_one_process(tmp_path):
    run_study(tmp_path / "one", FOUR, "random", 48, seed=3, progress=False, chunk=12)
    run_study(tmp_path / "two", FOUR, "random", 48, seed=3, jobs=2, progress=False, chunk=12)
    assert _records(tmp_path / "one") == _records(tmp_path / "two")


def test_corrupted_line_is_reported_and_skipped(tmp_path):
    from root_env.balance.report import write_report
    d = tmp_path / "s"
    run_study(d, FOUR, "random", 24, progress=False)
    lines = (d / RESULTS_FILE).read_text().splitlines(keepends=True)
    lines[4] = '{"game": 4, "seating": ["marq\n'
    (d / RESULTS_FILE).write_text("".join(lines))
    recs, bad = load_results(d, warn=False)
    assert len(recs) == 23 and [no for no, _ in bad] == [5]
    res = write_report(d, make_plots=False)
    assert res["bad_lines"][0]["line"] == 5 and res["games_recorded"] == 23
    assert "line 5" in (d / "report.md").read_text()
    # resume replays the lost game
    run_study(d, FOUR, "random", 24, progress=False, resume=True)
    recs, bad = load_results(d, warn=False)
    assert len(recs) == 24 and [no for no, _ in bad] == [5]


def test_cli_end_to_end(tmp_path, capsys):
    from root_env.balance.cli import main
    a, b = str(tmp_path / "h"), str(tmp_path / "r")
    assert main(["run", "--games", "24", "--out", a, "--agents", "heuristic", "--quiet"]) == 0
    assert main(["run", "--games", "48", "--out", b, "--agents", "random", "--quiet", "--seed", "2"]) == 0
    assert main(["report", a]) == 0
    for name in ("report.md", "report.json", "win_rates.png", "vp_over_rounds.png", "vp_sources.png"):
        assert (tmp_path / "h" / name).exists(), name
    rep = json.loads((tmp_path / "h" / "report.json").read_text())
    assert set(rep["faction_win_rate"]) == set(FOUR)
    assert "factions_equal" in rep["conditional_logit"]["tests"]
    md = (tmp_path / "h" / "report.md").read_text()
    assert "Root Digital League" in md and "All factions equal" in md
    assert "each faction sat in each seat exactly 6 times." in md
    assert main(["compare", b, a, "--out", str(tmp_path / "cmp")]) == 0
    assert (tmp_path / "cmp" / "compare.md").exists()
    assert main(["sprt", "--wins", "60", "--games", "100", "--p0", "0.25", "--p1", "0.35"]) == 0
    assert "H1" in capsys.readouterr().out
    assert main(["sprt", "--candidate", "heuristic", "--baseline", "random", "--p0", "0.25", "--p1", "0.6",
                 "--max-games", "200"]) == 0
    out = capsys.readouterr().out
    assert "sample at the stop, after " in out and "candidate's faction marquise " in out
    assert main(["run", "--games", "24", "--out", a, "--quiet"]) == 2  # exists: needs --resume


@pytest.mark.parametrize("args,message", [
    (["--games", "-1"], "argument --games: must be at least 1, got -1"),
    (["--games", "0"], "argument --games: must be at least 1, got 0"),
    (["--games", "ten"], "argument --games: 'ten' is not a whole number"),
    (["--games", "24", "--jobs", "0"], "argument --jobs: must be at least 1, got 0"),
    (["--games", "24", "--chunk", "0"], "argument --chunk: must be at least 1, got 0"),
])
def test_cli_run_refuses_a_count_below_one(tmp_path, capsys, args, message):
    from root_env.balance.cli import main
    out = tmp_path / "s"
    with pytest.raises(SystemExit) as e:
        main(["run", *args, "--out", str(out), "--quiet"])
    assert e.value.code != 0
    assert message in capsys.readouterr().err
    assert not out.exists()   # nothing written


@pytest.mark.parametrize("kw,name", [({"games": -1}, "games"), ({"games": 0}, "games"), ({"jobs": 0}, "jobs"),
                                     ({"chunk": 0}, "chunk")])
def test_run_study_refuses_a_count_below_one(tmp_path, kw, name):
    args = {"games": 24, **kw}
    with pytest.raises(ValueError, match=f"{name} must be a whole number of at least 1"):
        run_study(tmp_path / "s", FOUR, "random", progress=False, **args)
    assert not (tmp_path / "s").exists()


def test_sprt_play_heuristic_beats_random():
    from root_env.balance.study import sprt_play
    res = sprt_play("heuristic", "random", FOUR, p0=0.25, p1=0.40, max_games=960)
    assert res["decision"] == "H1" and res["n"] <= res["games_played"] <= 960
    # the balance of the games the test used, wherever it stopped
    b = res["balance"]
    assert b["games"] == res["n"] and sum(b["candidate_faction"].values()) == res["n"]
    assert max(b["spread"].values()) <= 1 and len(b["spread"]) == 4


def test_report_figures_legend_clear_of_data_and_whole_rounds(tmp_path):
    from root_env.balance.report import analyze, figures
    run_study(tmp_path / "s", FOUR, "random", 24, progress=False)
    recs = _records(tmp_path / "s")
    figs = figures(analyze(recs, FOUR, fit=False), recs, FOUR)
    try:
        fig = figs["win_rates.png"]
        fig.canvas.draw()
        ax = fig.axes[0]
        legend = ax.get_legend().get_window_extent()
        assert not legend.overlaps(ax.get_window_extent())   # no bar, error bar or marker hidden under it
        assert fig.bbox.contains(legend.x0, legend.y0) and fig.bbox.contains(legend.x1, legend.y1)
        for name in ("vp_over_rounds.png", "game_length.png"):
            ticks = figs[name].axes[0].get_xticks()
            assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks), (name, ticks)
    finally:
        import matplotlib.pyplot as plt
        for f in figs.values():
            plt.close(f)


PY_POLICY = "agents.random_agent:RandomAgent"


def test_study_and_sprt_take_python_policies(tmp_path):
    """issue 22: a checkpoint or module:callable seat works in `run` and `sprt`; its games are played one per
    call, seeded by the game's seed, so resuming changes no result, and the records carry turns,
    decisions and VP sources like compiled games."""
    agents = {"marquise": PY_POLICY, "eyrie": "heuristic"}
    res = run_study(tmp_path / "a", "marquise,eyrie", agents, 6, seed=2, max_turns=30, progress=False)
    recs, _ = load_results(tmp_path / "a" / "results.jsonl")
    assert len(recs) == 6 and all(r["agents"]["marquise"] == PY_POLICY for r in recs)
    assert all(r["turns"] >= 1 and r["decisions"] > 0 and set(r["vp_sources"]) == {"marquise", "eyrie"}
               for r in recs)
    run_study(tmp_path / "b", "marquise,eyrie", agents, 6, seed=2, max_turns=30, progress=False, chunk=2,
              stop_after=3)
    run_study(tmp_path / "b", "marquise,eyrie", agents, 6, seed=2, max_turns=30, progress=False, chunk=4,
              resume=True)
    part, _ = load_results(tmp_path / "b" / "results.jsonl")
    by_game = {r["game"]: r for r in recs}
    assert len(part) == 6 and all(by_game[r["game"]] == r for r in part)
    out = sprt_play(candidate=PY_POLICY, baseline="random", factions="marquise,eyrie", max_games=4, seed=1,
                    max_turns=20)
    assert out["games_played"] == 4 and out["candidate"] == PY_POLICY


@pytest.mark.parametrize("spec", ["ppo:/no/such.pt", "nosuchmodule:x", "ismcts:0"])
def test_bad_python_agent_specs_are_refused_before_any_game(tmp_path, spec):
    with pytest.raises(ValueError, match="no checkpoint|nosuchmodule|ISMCTS budget"):
        parse_agents({"marquise": spec, "eyrie": "random"}, ["marquise", "eyrie"])
    with pytest.raises(ValueError):
        sprt_play(candidate=spec, baseline="random", factions="marquise,eyrie", max_games=2)


# ---------------------------------------------------------------------------------------------- issue 33: files
def _small_study(tmp_path):
    d = tmp_path / "s"
    run_study(d, FOUR, "random", 4, progress=False)
    return d


def test_a_line_nested_100000_deep_is_a_bad_line_not_a_recursion_error(tmp_path, capsys):
    """Issue 33: report, compare and --resume printed a RecursionError traceback."""
    from root_env.balance.cli import main
    d = _small_study(tmp_path)
    lines = (d / RESULTS_FILE).read_text().splitlines(keepends=True)
    lines[1] = "[" * 100_000 + "]" * 100_000 + "\n"  # game 1's line
    (d / RESULTS_FILE).write_text("".join(lines))
    recs, bad = load_results(d, warn=False)
    assert len(recs) == 3 and bad == [(2, "ValueError: JSON nested too deeply")]
    assert main(["report", str(d), "--no-plots"]) == 0
    assert main(["compare", str(d), str(d)]) == 0
    assert run_study(d, FOUR, "random", 4, progress=False, resume=True)["played"] == 1  # game 1 replayed
    (d / "study.json").write_text("[" * 100_000 + "]" * 100_000)
    assert main(["run", "--games", "4", "--out", str(d), "--agents", "random", "--quiet", "--resume"]) == 2
    assert "nested too deeply" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["folder", "fifo", "dev_zero"])
def test_results_file_that_is_a_folder_a_fifo_or_dev_zero_gives_a_clear_error(tmp_path, capsys, kind):
    """Issue 33: a folder gave IsADirectoryError, a FIFO hung, /dev/zero was read without limit."""
    import os
    from root_env.balance.cli import main
    from root_env.balance.study import StudyFileError
    d = _small_study(tmp_path)
    raw = (d / RESULTS_FILE).read_bytes()
    (d / RESULTS_FILE).unlink()
    if kind == "folder":
        (d / RESULTS_FILE).mkdir()
    elif kind == "fifo":
        os.mkfifo(d / RESULTS_FILE)
    else:
        os.symlink("/dev/zero", d / RESULTS_FILE)
    with pytest.raises(StudyFileError, match="not a regular file"):
        load_results(d)
    assert main(["report", str(d), "--no-plots"]) == 2
    assert main(["compare", str(d), str(d)]) == 2
    assert main(["run", "--games", "4", "--out", str(d), "--agents", "random", "--quiet", "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("not a regular file") == 3 and "Traceback" not in err
    (d / RESULTS_FILE).rmdir() if kind == "folder" else (d / RESULTS_FILE).unlink()
    (d / RESULTS_FILE).write_bytes(raw)
    (d / "study.json").unlink()  # the study's other files go through the same reader
    os.mkfifo(d / "study.json")
    assert main(["report", str(d), "--no-plots"]) == 0  # study.json unreadable: warned, as a truncated one
    assert "study.json: unreadable" in capsys.readouterr().err
    os.mkfifo(d / "runs.jsonl")
    from root_env.balance.ladder import load_runs
    with pytest.raises(StudyFileError, match="not a regular file"):
        load_runs(d)


def test_a_gzipped_results_file_is_read_within_the_limit(tmp_path, monkeypatch):
    import gzip
    from root_env.balance import study
    d = _small_study(tmp_path)
    raw = (d / RESULTS_FILE).read_bytes()
    (d / RESULTS_FILE).unlink()
    (d / (RESULTS_FILE + ".gz")).write_bytes(gzip.compress(raw))
    assert len(load_results(d)[0]) == 4
    monkeypatch.setattr(study, "MAX_RESULTS_BYTES", len(raw) - 1)
    with pytest.raises(study.StudyFileError, match="decompressed"):
        load_results(d)


def test_a_study_refuses_bot_options_without_the_automated_alliance(tmp_path, capsys):
    """Issue 33: options that do not apply are refused, before any game is played."""
    from root_env.balance.cli import main
    from root_env.errors import RootError
    with pytest.raises(RootError, match="Automated Alliance"):
        study_params(FOUR, "random", 4, bot_options={"aa_track": "alliance"})
    assert main(["run", "--games", "4", "--out", str(tmp_path / "s"), "--agents", "random", "--quiet",
                 "--bot-options", "aa_track=alliance"]) == 2
    assert "Automated Alliance" in capsys.readouterr().err
    assert not (tmp_path / "s" / RESULTS_FILE).exists()

"""Issue 36's study tooling: reach (Law 5.2) and drawn tables, the human reference of every implemented faction,
per-rung statistics (MAD, Spearman, spread, seat and pairwise effects), the designer's one-page report in
headless Chromium, and ladders of drawn tables."""
from __future__ import annotations

import itertools
import json
import re
from collections import Counter

import numpy as np
import pytest

from root_env import setup
from root_env.data import IMPLEMENTED_FACTIONS, ENGINE_FACTIONS
from root_env.balance import ladder, ladder_stats, stats, table_effects
from root_env.balance.report import HUMAN_REFERENCE, HUMAN_LEAGUE, HUMAN_SPREAD, HUMAN_REFERENCE_CITATION


# ---------------------------------------------------------------------------------------------- Law 5.2: reach

def test_law_5_2_reach_values_of_the_implemented_factions():
    # Law 5.2 Reach Values: Marquise 10, Eyrie 7, Vagabond (first/second) 5/2, Riverfolk 5, Alliance 3,
    # Corvids 3, Lizard Cult 2, Lord of the Hundreds 9, Keepers in Iron 8, Underground Duchy 8.
    assert setup.REACH == {"marquise": 10, "eyrie": 7, "vagabond": 5, "vagabond2": 2, "riverfolk": 5,
                           "alliance": 3, "corvids": 3, "lizards": 2, "hundreds": 9, "keepers": 8, "duchy": 8}
    assert set(setup.REACH) == set(ENGINE_FACTIONS) >= set(IMPLEMENTED_FACTIONS)
    assert setup.reach(["marquise", "eyrie", "alliance", "vagabond"]) == 25
    assert setup.reach("vagabond,vagabond2") == 7


def test_law_5_2_viable_reach_sums():
    assert [setup.viable_reach(n) for n in range(2, 7)] == [17, 18, 21, 25, 28]
    assert setup.is_viable(["marquise", "eyrie", "lizards", "vagabond2"]) is False   # vagabond2 without vagabond
    assert setup.is_viable(["marquise", "alliance", "corvids", "lizards"]) is False   # 18 < 21
    assert setup.is_viable(["marquise", "eyrie", "corvids", "lizards"]) is True       # 22
    with pytest.raises(setup.ReachError, match="2 to 6 players"):
        setup.viable_reach(7)


def test_law_5_2_reach_of_an_unknown_faction_is_a_clear_error():
    with pytest.raises(setup.ReachError, match="no reach value for faction 'warden'.*Law 5.2"):
        setup.reach(["marquise", "warden"])
    assert setup.reach(["marquise", "duchy"]) == 18  # the Underground Duchy's 8
    assert issubclass(setup.ReachError, ValueError)


def test_law_5_2_draws_only_viable_four_player_mixes():
    mixes = setup.viable_mixes(4)
    every = [m for m in itertools.combinations(IMPLEMENTED_FACTIONS, 4)
             if sum(setup.REACH[f] for f in m) >= 21 and ("vagabond2" not in m or "vagabond" in m)]
    assert sorted(mixes) == sorted(every) and len(mixes) == len(every)
    tables = setup.draw_tables(7, 10 * len(mixes))  # enough draws to see every mix (97 of 10 factions, 175 of 11)
    assert all(setup.reach(t) >= 21 and len(set(t)) == 4 for t in tables)
    assert all("vagabond" in t for t in tables if "vagabond2" in t)   # Law 9.8: the second only beside the first
    assert {tuple(sorted(t)) for t in tables} == {tuple(sorted(m)) for m in mixes}   # every mix is drawn
    # seats random: every faction of a mix lands in every seat
    seats = Counter((f, t.index(f)) for t in tables for f in t)
    assert all(seats[(f, s)] > 0 for f in IMPLEMENTED_FACTIONS for s in range(4))
    # seeded: the same seed, the same tables; another seed, others
    assert setup.draw_tables(7, 50) == tables[:50] and setup.draw_tables(8, 50) != tables[:50]
    assert all("corvids" in setup.draw_table(7, r, include="corvids") for r in range(50))


# ---------------------------------------------------------------------------------------------- human reference

def test_every_implemented_faction_has_its_human_figure_and_source():
    assert set(HUMAN_REFERENCE) == set(ENGINE_FACTIONS) >= set(IMPLEMENTED_FACTIONS)
    assert HUMAN_REFERENCE["duchy"] == 0.3055  # the league's highest (issue 37)
    # the Root Digital League table (HUMAN_REFERENCE_CITATION)
    assert HUMAN_REFERENCE["eyrie"] == 0.2911 and HUMAN_REFERENCE["lizards"] == 0.1753
    assert HUMAN_REFERENCE["vagabond2"] == 0.2054 and HUMAN_LEAGUE["duchy"] == 0.3055
    assert round(100 * HUMAN_SPREAD, 1) == 13.0
    assert "Root Digital League" in HUMAN_REFERENCE_CITATION and "2025" in HUMAN_REFERENCE_CITATION


# ---------------------------------------------------------------------------------------------- statistics

def _game(i, seating, winners):
    return {"game": i, "seating": list(seating), "winners": list(winners), "truncated": False, "turns": 40,
            "agents": {f: "a" for f in seating}, "vp": {f: 0 for f in seating}}


def test_pairwise_effects_with_and_without_each_faction():
    # corvids win 3 of 4 without the riverfolk, 0 of 4 with them
    games = [_game(i, ["marquise", "eyrie", "corvids", "alliance"], ["corvids"] if i < 3 else ["eyrie"]) for i in range(4)]
    games += [_game(4 + i, ["marquise", "riverfolk", "corvids", "eyrie"], ["riverfolk"]) for i in range(4)]
    pw = table_effects.pairwise(games, ["marquise", "eyrie", "corvids", "riverfolk", "alliance"])
    c = pw["corvids"]["riverfolk"]
    assert (c["wins"], c["games"], c["wins_base"], c["games_base"]) == (0, 4, 3, 4)
    assert c["diff"] == pytest.approx(-0.75) and c["small"] and c["ci95"][0] < -0.75 < c["ci95"][1]
    assert pw["corvids"]["marquise"]["games_base"] == 0   # always together: nothing to compare


def test_seat_effects_against_seat_three():
    games = [_game(i, ["marquise", "eyrie", "alliance", "vagabond"][i % 4:] + ["marquise", "eyrie", "alliance",
                                                                              "vagabond"][:i % 4], []) for i in range(40)]
    for i, g in enumerate(games):
        g["winners"] = [g["seating"][0 if i % 2 else 3]]   # seats 1 and 4 win every game, seat 3 never
    e = table_effects.seat_effects(games, 4)
    assert e["reference_seat"] == 3 and set(e["seats"]) == {"1", "2", "4"}
    assert e["seats"]["1"]["diff"] == pytest.approx(0.5) and e["seats"]["4"]["diff"] == pytest.approx(0.5)
    assert e["seats"]["1"]["ci95"][0] > 0 and not e["seats"]["1"]["small"]


def test_mad_spearman_and_spread_over_drawn_tables():
    rng = np.random.default_rng(0)
    factions = list(IMPLEMENTED_FACTIONS)
    games = []
    for i, t in enumerate(setup.draw_tables(3, 4000)):   # winners drawn in proportion to the human figures
        w = np.array([HUMAN_REFERENCE[f] for f in t])
        games.append(_game(i, t, [t[rng.choice(4, p=w / w.sum())]]))
    h = ladder_stats.human_distance(games, factions, boot=300)
    seen = np.array([sum(f in g["seating"] for g in games) for f in factions])
    wins = np.array([sum(f in g["winners"] for g in games) for f in factions])
    assert h["mad"] == pytest.approx(np.abs(wins / seen - [HUMAN_REFERENCE[f] for f in factions]).mean())
    assert h["mad_ci95"][0] <= h["mad"] <= h["mad_ci95"][1] and 0 < h["noise_floor"] < 0.1
    assert h["human_spread_all"] == pytest.approx(HUMAN_SPREAD)
    assert -1 <= h["spearman"] <= 1 and h["factions"] == factions


def test_conditional_logit_on_drawn_tables_recovers_planted_effects():
    rng = np.random.default_rng(1)
    factions = list(IMPLEMENTED_FACTIONS)
    planted = {f: 0.0 for f in factions}
    planted.update(riverfolk=1.0, lizards=-0.7)
    games = []
    for i, t in enumerate(setup.draw_tables(5, 800)):
        u = np.exp([planted[f] for f in t])
        games.append(_game(i, t, [t[rng.choice(4, p=u / u.sum())]]))
    fit = stats.fit_conditional_logit(games, factions)
    assert fit["tests"]["seats_equal"]["df"] == 3 and fit["tests"]["factions_equal"]["df"] == len(factions) - 1
    for f in ("riverfolk", "lizards"):
        t = fit["terms"][f"faction[{f}]"]
        assert t["ci"][0] < planted[f] < t["ci"][1]


# ---------------------------------------------------------------------------------------------- drawn ladders

def test_ladder_of_drawn_tables_layout():
    p = ladder.ladder_params(None, "random,heuristic", self_games=10, cross_games=2, mix="draw")
    assert p["factions"] == list(IMPLEMENTED_FACTIONS) and p["mix"] == "draw" and p["players"] == 4
    specs = [ladder.ladder_spec(p, i) for i in range(p["games"])]
    assert all(setup.is_viable(s["seating"]) for s in specs)
    by_rung = {r: [s["seating"] for s in specs if set(s["agents"].values()) == {r}] for r in ("random", "heuristic")}
    assert by_rung["random"] == by_rung["heuristic"] and len(by_rung["random"]) == 10   # the same draw each rung
    cross = [s for s in specs if len(set(s["agents"].values())) == 2]
    assert all(f in s["seating"] for s in cross for f, a in s["agents"].items()
               if list(s["agents"].values()).count(a) == 1)   # a cross cell's faction sits at its tables
    assert "mix" not in ladder.ladder_params(None, "random,heuristic", 4, 0)   # rotated ladders as before
    with pytest.raises(ValueError, match="mix must be"):
        ladder.ladder_params(None, "random,heuristic", 4, 0, mix="shuffle")
    with pytest.raises(setup.ReachError, match="no 4-player mix"):
        ladder.ladder_params("alliance,corvids,lizards,vagabond,vagabond2", "random,heuristic", 4, 0, mix="draw")


def _hex_rgb(c):
    c = c.lstrip("#")
    return f"rgb({int(c[0:2], 16)}, {int(c[2:4], 16)}, {int(c[4:6], 16)})"


def test_designer_page_in_headless_chromium(tmp_path, capsys):
    """A small ladder of drawn tables, played from the CLI (random and heuristic agents, a few games), and its
    one page in Chromium: self-contained, the summary before the model sections, factions in board colours,
    small cells marked."""
    from playwright import sync_api
    from test_replay_viewer import _browser
    from root_env.balance.cli import main
    from root_env.picture import FACTION_COLORS
    d = tmp_path / "ladder"
    assert main(["ladder", "--mix", "draw", "--rungs", "random,heuristic", "--self-games", "12", "--cross-games",
                 "1", "--out", str(d), "--quiet"]) == 0
    text = (d / "report.html").read_text()
    assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", text)   # nothing linked: one self-contained file
    assert "Human figures: Root Digital League" in text
    md = (d / "report.md").read_text()
    assert "## Pairwise effects at `heuristic`" in md and "Spearman" in md and "## Seat effects" in md
    requests = []
    with sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda r: requests.append(r.url))
            page.goto((d / "report.html").as_uri())
            order = page.eval_on_selector_all("section", "els => els.map(e => e.id)")
            assert order.index("summary") < order.index("models")
            assert order[:5] == ["summary", "winrates", "convergence", "seat-effects", "pairwise-effects"]
            assert page.locator("#summary p").count() >= 3
            assert page.locator("#winrates svg").count() == 1 and page.locator("#convergence svg").count() == 1
            swatches = page.eval_on_selector_all(
                "#rates .faction", "els => els.map(e => [e.dataset.faction, getComputedStyle(e.querySelector('.swatch')).backgroundColor])")
            assert len(swatches) == len(IMPLEMENTED_FACTIONS)
            assert all(col == _hex_rgb(FACTION_COLORS[f]) for f, col in swatches)
            small = page.locator("#pairwise td.small")
            assert small.count() > 0 and "small" in small.first.inner_text()   # 12 games: every cell is small
            assert page.locator("#seats tr").count() == 3
            page.screenshot(path=str(tmp_path / "page.png"), full_page=True)
            assert not errors
        finally:
            browser.close()
    assert all(u.startswith(("file:", "data:", "about:")) for u in requests)
    res = json.loads((d / "report.json").read_text())
    assert res["page"] == "report.html" and res["params"]["mix"] == "draw"


def test_a_draft_ladder_reports_its_drafted_tables(tmp_path):
    """A ladder of tables drafted as Advanced Setup does (``--mix draft``) seats 4 of its 10 factions a game: its
    lines are used by the report (before, every line was refused as not seating all the study's factions)."""
    from root_env.balance.ladder_stats import load_ladder
    from root_env.balance.ladder_report import write_ladder_report
    out = tmp_path / "draft"
    ladder.run_ladder(out, factions=None, rungs="random,heuristic", self_games=4, cross_games=0, mix="draft",
                      progress=False)
    write_ladder_report(out)
    params, records, bad = load_ladder(out)
    assert params["mix"] == "draft" and len(params["factions"]) == 10
    assert len(records) == 8 and not bad and all(len(r["seating"]) == 4 for r in records)
    md = (out / "report.md").read_text()
    assert "drafted from the setup cards" in md and "Advanced Setup" in md
    assert "played with Advanced Setup" in (out / "report.html").read_text()


def test_a_drawn_ladder_interrupted_then_resumed_on_a_local_ray_instance_matches_one_process(tmp_path):
    """The study's Ray path (--ray) on a real local Ray instance: a ladder of drawn tables interrupted after 10
    games and resumed on Ray gives exactly the lines of one uninterrupted process."""
    import os
    import ray
    import root_env
    from root_env.balance.study import load_results
    kw = dict(factions=None, rungs="random,heuristic", self_games=6, cross_games=1, mix="draw", progress=False, chunk=4)
    ladder.run_ladder(tmp_path / "one", **kw)
    assert ladder.run_ladder(tmp_path / "ray", stop_after=10, **kw)["done"] == 10   # as if interrupted
    repo = str(__import__("pathlib").Path(root_env.__file__).resolve().parents[1])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join([repo, os.environ.get("PYTHONPATH", "")])}})
    try:
        res = ladder.run_ladder(tmp_path / "ray", resume=True, ray_address="local", **kw)
    finally:
        ray.shutdown()
    assert res["played"] == res["games"] - 10 and res["done"] == res["games"]
    one, _ = load_results(tmp_path / "one", warn=False)
    both, _ = load_results(tmp_path / "ray", warn=False)
    assert one == both and len(one) == res["games"]
    assert json.loads((tmp_path / "ray" / "runs.jsonl").read_text().splitlines()[-1])["ray"] is True


# ---------------------------------------------------------------------------------------------- what-if studies

def test_whatif_lizard_draw_bonus_from_the_cli(tmp_path, capsys):
    from root_env.balance.cli import main
    from root_env.balance.study import load_results
    out = tmp_path / "w"
    assert main(["whatif", "--option", "lizard_draw_bonus=first_printing", "--factions", "marquise,eyrie,alliance,lizards",
                 "--agents", "random", "--games", "12", "--out", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "lizards" in printed and "effect" in printed and "whatif.md" in printed
    res = json.loads((out / "whatif.json").read_text())
    assert res["option"] == {"lizard_draw_bonus": "first_printing"} and set(res["effect"]) == {
        "marquise", "eyrie", "alliance", "lizards"}
    e = res["effect"]["lizards"]
    assert e["effect"] == pytest.approx(e["changed"] - e["unchanged"]) and e["ci95"][0] <= e["effect"] <= e["ci95"][1]
    assert json.loads((out / "changed" / "study.json").read_text())["game_options"] == {"lizard_draw_bonus": "first_printing"}
    assert "game_options" not in json.loads((out / "unchanged" / "study.json").read_text())
    a, _ = load_results(out / "unchanged", warn=False)
    b, _ = load_results(out / "changed", warn=False)
    assert [(r["seed"], r["seating"]) for r in a] == [(r["seed"], r["seating"]) for r in b]   # paired games
    assert [r["vp"] for r in a] != [r["vp"] for r in b]   # the option reaches the engine: the games differ
    assert "What if lizard_draw_bonus=first_printing?" in (out / "whatif.md").read_text()


def test_whatif_lizard_start_acolytes_reaches_the_engine(tmp_path):
    # The community's proposed buff of the Cult as a study option: the changed games start with one acolyte.
    from root_env.balance.whatif import run_whatif
    from root_env.balance.study import load_results
    out = tmp_path / "w"
    res = run_whatif(out, "lizard_start_acolytes=1", factions="marquise,eyrie,alliance,lizards", agents="heuristic",
                     games=8, progress=False)
    assert res["option"] == {"lizard_start_acolytes": "1"}
    a, _ = load_results(out / "unchanged", warn=False)
    b, _ = load_results(out / "changed", warn=False)
    assert [r["vp"] for r in a] != [r["vp"] for r in b]


@pytest.mark.parametrize("option,factions,message", [
    ("lizard_draw_bonus=first_printing", "marquise,eyrie,alliance,vagabond", "Lizard Cult, which is not seated"),
    ("lizard_start_acolytes=1", "marquise,eyrie,alliance,vagabond", "Lizard Cult, which is not seated"),
    ("lizard_start_acolytes=9", "marquise,eyrie,alliance,lizards", "choices 0, 1, 2, 3, 4"),
    ("acolytes=1", "marquise,eyrie,alliance,lizards", "unknown game option 'acolytes'"),
    ("lizard_draw_bonus=current", "marquise,eyrie,alliance,lizards", "is the default"),
    ("bot_rules", "marquise,eyrie,alliance,lizards", "takes name=choice")])
def test_whatif_refuses_a_bad_option_before_any_game(tmp_path, capsys, option, factions, message):
    from root_env.balance.cli import main
    assert main(["whatif", "--option", option, "--factions", factions, "--games", "4", "--out", str(tmp_path / "w"),
                 "--quiet"]) == 2
    assert message in capsys.readouterr().err and not (tmp_path / "w").exists()


def test_a_plain_study_gets_the_designer_page_too(tmp_path, capsys):
    from root_env.balance.cli import main
    out = tmp_path / "s"
    assert main(["run", "--agents", "random", "--games", "8", "--out", str(out), "--quiet"]) == 0
    assert main(["report", str(out)]) == 0
    assert f"{out}/report.html" in capsys.readouterr().out
    text = (out / "report.html").read_text()
    assert "every seat played by random" in text and text.index("id='summary'") < text.index("id='models'")
    # per-faction agents: no single rung, no page
    mixed = tmp_path / "m"
    assert main(["run", "--agents", "marquise=random,eyrie=heuristic,alliance=random,vagabond=random", "--games", "4",
                 "--out", str(mixed), "--quiet", "--report"]) == 0
    assert not (mixed / "report.html").exists()


def test_published_drawn_ladder_and_whatif_figures_are_the_stored_ones():
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    text = " ".join((root / "docs" / "balance.md").read_text(encoding="utf-8").split())
    rep = json.loads((root / "benchmarks/results/ladder_draw_4p/report.json").read_text())
    R = rep["rungs"]
    mads = " / ".join(f"{100 * R[r]['human_distance']['mad']:.1f}" for r in rep["params"]["rungs"])
    assert f"the MAD from the human figures is {mads} points" in text
    rf = ", ".join(f"{100 * R[r]['faction_win_rate']['riverfolk']['rate']:.1f} %" for r in rep["params"]["rungs"])
    assert f"the Riverfolk win {rf.replace(', ' + rf.split(', ')[-1], ' and ' + rf.split(', ')[-1])}" in text
    c = R["heuristic"]["pairwise"]["corvids"]["riverfolk"]
    assert (f"Corvids win {100 * c['rate']:.1f} % of {c['games']} games with the Riverfolk and "
            f"{100 * c['rate_base']:.1f} % of {c['games_base']} without") in text
    assert rep["params"]["mix"] == "draw" and rep["games_recorded"] == 3456 and rep["page"] == "report.html"
    for study, sign in (("whatif_lizard_draw_bonus_heuristic", ""), ("whatif_lizard_start_acolytes_heuristic", "+")):
        w = json.loads((root / "benchmarks/results" / study / "whatif.json").read_text())
        e = w["effect"]["lizards"]
        assert (f"the Lizard Cult wins {100 * e['changed']:.1f} % instead of {100 * e['unchanged']:.1f} %" in text
                and f"an effect of {sign}{100 * e['effect']:.1f} points (95 % interval {sign}{100 * e['ci95'][0]:.1f} to "
                    f"{sign}{100 * e['ci95'][1]:.1f})".replace("-", "−") in text)


# ------------------------------------------------------------------ Law A.8.1: the drafted Vagabond's character

def _drafted_vagabond_specs(n=40):
    p = ladder.ladder_params(None, "heuristic,random", self_games=n, cross_games=0, mix="draft")
    specs = [ladder.ladder_spec(p, i) for i in range(p["games"])]
    return p, [s for s in specs if "vagabond" in s["seating"]]


def test_law_A_8_1_drafted_vagabond_plays_the_dealt_character(monkeypatch):
    """A.8.1: "Whenever a Vagabond faction setup card is dealt out, also deal out one random character card next to
    it face up. If a player chooses this Vagabond as their faction, they must use this character card." A draft
    ladder's game seating the Vagabond offers him that card alone (the game option vagabond_characters), in the
    compiled arena's option word and through the Game API, and its record names it (before, he played the
    default character)."""
    from root_env.game import Game
    from root_env.data import CHARACTER_NAMES
    from root_env.layout import VB_CHAR
    from root_env.inputs import option_bits
    from root_env.balance.study import play_specs
    import agents.arena as arena
    p, specs = _drafted_vagabond_specs()
    assert len(specs) >= 4
    dealt = {}
    for s in specs:
        rep = s["game"] // 2   # two self cells, interleaved: the r-th game of each has table r
        d = setup.drafted_table(p["seed"], rep, p["players"], tuple(p["factions"]))
        assert d.factions == tuple(s["seating"]) and d.character is not None
        assert s["game_options"] == {"setup": "advanced", "vagabond_characters": (d.character,)}
        dealt[s["game"]] = d.character
    assert len(set(dealt.values())) >= 3   # a random card, not one character
    # The Game API (the Python game loop's path): the Vagabond set up plays the dealt character.
    s = specs[0]
    g = Game.new(s["seating"], seed=s["seed"], **s["game_options"])
    rng = np.random.default_rng(0)
    for _ in range(400):
        if g.state[VB_CHAR] >= 0 or g.is_over:
            break
        g.apply(int(rng.choice(np.flatnonzero(g.action_mask()))))
    assert CHARACTER_NAMES[g.state[VB_CHAR]] == dealt[s["game"]]
    # The compiled arena: its option word offers the dealt character alone; the record names it.
    words = []
    real = arena.play_many

    def spy(*a):
        words.append(int(a[6]))
        return real(*a)
    monkeypatch.setattr(arena, "play_many", spy)
    recs = play_specs(specs[:3], max_turns=2)
    for s, r, w in zip(specs[:3], recs, words):
        assert r["vagabond_characters"] == [dealt[s["game"]]]
        assert w == option_bits(False, setup="advanced", vagabond_characters=(dealt[s["game"]],))


def test_law_A_8_1_the_draft_deals_no_second_vagabond():
    # A.8.1 deals faction setup cards; there is one Vagabond card (the second Vagabond, Law 9.8, has none), so a
    # draft ladder never seats vagabond2 and the one Vagabond it seats gets the character dealt beside his card.
    assert "vagabond" in setup.DRAFTABLE and "vagabond2" not in setup.DRAFTABLE
    tables = [setup.drafted_table(0, r) for r in range(200)]
    assert not any("vagabond2" in d.factions for d in tables)
    assert all((d.character is not None) == ("vagabond" in d.factions) for d in tables)


def test_resuming_a_draft_ladder_made_before_the_dealt_character_is_refused(tmp_path):
    """A draft ladder made before a drafted Vagabond played his dealt character (its study.json lacks
    vagabond_character) cannot be resumed: its games and new ones would be two kinds of games. The refusal says
    why; a ladder made now resumes."""
    from root_env.balance.study import StudyMismatch
    kw = dict(factions=None, rungs="random,heuristic", self_games=4, cross_games=0, mix="draft", progress=False)
    old = ladder.ladder_params(None, "random,heuristic", 4, 0, mix="draft")
    assert old.pop("vagabond_character") == ladder.DEALT_CHARACTER
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "study.json").write_text(json.dumps(old))
    with pytest.raises(StudyMismatch, match="A.8.1"):
        ladder.run_ladder(tmp_path / "old", resume=True, **kw)
    assert not (tmp_path / "old" / "results.jsonl").exists()
    assert ladder.run_ladder(tmp_path / "new", stop_after=3, **kw)["done"] == 3
    assert ladder.run_ladder(tmp_path / "new", resume=True, **kw)["done"] == 8


def test_self_specs_are_the_ladders_own_self_games_and_an_old_draft_ladder_keeps_its_games():
    """``ladder.self_specs`` gives the first n self games of a rung (table r, seed game_seed(seed, r)) as the ladder
    plays them (what benchmarks.ladder_setup_control replays); the spec of a draft ladder made before the A.8.1 key
    (no vagabond_character in its params) is the game it played then: no character option."""
    from root_env.balance.study import game_seed
    p = ladder.ladder_params(None, "random,heuristic", self_games=12, cross_games=1, mix="draft")
    specs = ladder.self_specs(p, "heuristic", 5)
    rep_of = {game_seed(p["seed"], r): r for r in range(12)}
    mine = [s for s in (ladder.ladder_spec(p, i) for i in range(p["games"]))
            if set(s["agents"].values()) == {"heuristic"}]   # every seat heuristic: the rung's self games
    assert len(mine) == 12
    assert specs == sorted((s for s in mine if rep_of[s["seed"]] < 5), key=lambda s: rep_of[s["seed"]])
    assert [rep_of[s["seed"]] for s in specs] == list(range(5))
    old = {k: v for k, v in p.items() if k != "vagabond_character"}
    for new_spec, old_spec in zip(ladder.self_specs(p, "heuristic", 12), ladder.self_specs(old, "heuristic", 12)):
        assert old_spec["game_options"] == {"setup": "advanced"}
        assert {k: v for k, v in new_spec["game_options"].items() if k != "vagabond_characters"} == {"setup": "advanced"}
        assert new_spec["seating"] == old_spec["seating"] and new_spec["seed"] == old_spec["seed"]

"""Ladders on other maps (Law Appendix C): ``balance rung --map`` (a ladder's own tables on another map) and
``balance ladder --maps`` (each table's map drawn from the study seed and the table), and ladders without either key
played and specified as before."""
from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from root_env.errors import RootError
from root_env.balance import ladder
from root_env.balance.study import STUDY_FILE, load_results, game_seed

PUBLISHED = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks", "results",
                         "ladder_draft_4p")
FOUR_MAPS = "autumn,winter,lake,mountain"


def _records(d):
    recs, bad = load_results(d, warn=False)
    assert not bad
    return sorted(recs, key=lambda r: r["game"])


def test_rung_map_plays_the_ladders_own_tables_on_that_map(tmp_path, capsys):
    """``rung --map winter``: the draft ladder's first tables (same seating, seed, Advanced Setup, dealt character) on
    the Winter map, recorded in study.json and in each game's line; ``--map autumn`` plays the ladder's own games
    (those ``rung`` plays without ``--map``: the published games were played before the Daylight-end fix of
    2026-12-02, which changes games with the Eyrie, the Keepers, the Hundreds or the Duchy, and every table seats one
    of them)."""
    from root_env.balance.cli import main
    from benchmarks.ladder_same_tables import rung_games
    w, a, plain = str(tmp_path / "winter"), str(tmp_path / "autumn"), str(tmp_path / "plain")
    for m, d in (("winter", w), ("autumn", a), (None, plain)):
        assert main(["rung", "--ladder", PUBLISHED, "--rung", "heuristic", "--tables", "3", "--out", d,
                     "--quiet", "--no-report"] + (["--map", m] if m else [])) == 0
        assert "3 games played" in capsys.readouterr().out
    pw = json.loads((tmp_path / "winter" / STUDY_FILE).read_text())
    assert pw["map"] == "winter" and "maps" not in pw and pw["mix"] == "draft"
    _, theirs = rung_games(PUBLISHED, "heuristic", 3)
    _, autumn = rung_games(a, "heuristic", 3)
    _, winter = rung_games(w, "heuristic", 3)
    _, own = rung_games(plain, "heuristic", 3)
    for r in range(3):
        assert winter[r]["map"] == "winter" and autumn[r]["map"] == "autumn" and "map" not in own[r]
        assert winter[r]["seating"] == theirs[r]["seating"] and winter[r]["seed"] == theirs[r]["seed"]
        assert own[r]["seating"] == theirs[r]["seating"] and own[r]["seed"] == theirs[r]["seed"]
        x, y = dict(autumn[r]), dict(own[r])
        for k in ("game", "map"):
            x.pop(k, None), y.pop(k, None)
        assert x == y   # the Autumn map named explicitly: the ladder's own game
        spec = ladder.ladder_spec(pw, r)
        assert spec["game_options"]["map"] == "winter" and spec["game_options"]["setup"] == "advanced"
    # another map on resume is another study
    from root_env.balance.study import StudyMismatch
    with pytest.raises(StudyMismatch, match="differ"):
        ladder.run_rung(w, PUBLISHED, "heuristic", 4, resume=True, progress=False, map="mountain")


def test_rung_map_refuses_a_bad_map_with_a_clear_error(tmp_path, capsys, monkeypatch):
    from root_env.balance.cli import main
    for bad in ("bogus", "winter,lake"):
        assert main(["rung", "--ladder", PUBLISHED, "--rung", "heuristic", "--tables", "2", "--map", bad,
                     "--out", str(tmp_path / "x"), "--quiet"]) == 2
        assert "map" in capsys.readouterr().err
    # a map that the tables' setup cannot use (Game.new refuses it) is refused before any game, naming the map
    from root_env.game import Game
    real = Game.new.__func__

    def refuse_lake(cls, *args, **kw):
        if kw.get("map") == "lake":
            raise RootError("stand-in refusal")
        return real(cls, *args, **kw)
    monkeypatch.setattr(Game, "new", classmethod(refuse_lake))
    with pytest.raises(RootError, match="the lake map cannot be played at this ladder's tables .*setup advanced"):
        ladder.run_rung(tmp_path / "y", PUBLISHED, "heuristic", 2, progress=False, map="lake")
    with pytest.raises(RootError, match="the lake map"):
        ladder.ladder_params(None, "random,heuristic", 4, 0, mix="draft", maps=FOUR_MAPS)
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


def test_map_draw_is_balanced_by_blocks_and_the_same_for_every_rung():
    p = ladder.ladder_params(None, "random,heuristic", self_games=40, cross_games=2, mix="draft", maps=FOUR_MAPS)
    assert p["maps"] == FOUR_MAPS.split(",") and "map" not in p
    drawn = [ladder.table_map(p, r) for r in range(40)]
    for b in range(0, 40, 4):   # every block of four tables plays each map once
        assert sorted(drawn[b:b + 4]) == sorted(p["maps"])
    assert drawn[:8] != drawn[:4] * 2   # the blocks are permuted, not repeated
    by_rung: dict = {}
    for i in range(p["games"]):
        s = ladder.ladder_spec(p, i)
        assert s["game_options"]["setup"] == "advanced"
        rep = next(r for r in range(40) if game_seed(p["seed"], r) == s["seed"])
        assert s["game_options"]["map"] == drawn[rep]
        if len(set(s["agents"].values())) == 1:
            by_rung.setdefault(rep, set()).add(s["game_options"]["map"])
    assert all(len(v) == 1 for v in by_rung.values()) and len(by_rung) == 40
    # another seed draws other maps
    q = ladder.ladder_params(None, "random,heuristic", self_games=40, cross_games=0, mix="draft", maps=FOUR_MAPS,
                             seed=1)
    assert [ladder.table_map(q, r) for r in range(40)] != drawn


def test_ladders_without_maps_are_specified_as_before():
    """A ladder without ``map``/``maps`` has the same study.json and game specs as before the maps: the published
    draft ladder's study.json is re-derived exactly, and its specs name no map."""
    with open(os.path.join(PUBLISHED, STUDY_FILE)) as fh:
        pub = json.load(fh)
    again = ladder.ladder_params(pub["factions"], pub["rungs"], pub["self_games"], pub["cross_games"], pub["seed"],
                                 pub["max_turns"], pub["mix"], pub["players"])
    assert again == pub and "map" not in again and "maps" not in again
    for i in range(0, pub["games"], 997):
        assert "map" not in ladder.ladder_spec(pub, i).get("game_options", {})
    assert ladder.parse_maps(None) is None and ladder.parse_maps("") is None
    with pytest.raises(RootError, match="different maps"):
        ladder.parse_maps("autumn,autumn")


def test_cli_ladder_with_a_map_draw_records_each_games_map(tmp_path, capsys):
    from root_env.balance.cli import main
    d = str(tmp_path / "lad")
    assert main(["ladder", "--mix", "draft", "--maps", FOUR_MAPS, "--rungs", "random,heuristic", "--self-games", "4",
                 "--cross-games", "0", "--max-turns", "40", "--out", d, "--quiet", "--no-report"]) == 0
    assert "8 games played" in capsys.readouterr().out
    p = json.loads((tmp_path / "lad" / STUDY_FILE).read_text())
    recs = _records(d)
    assert len(recs) == 8
    for r in recs:
        assert r["map"] == ladder.ladder_spec(p, r["game"])["game_options"]["map"]
    assert Counter(r["map"] for r in recs) == Counter({m: 2 for m in FOUR_MAPS.split(",")})
    assert main(["ladder", "--mix", "draft", "--maps", "autumn,bogus", "--rungs", "random,heuristic",
                 "--out", str(tmp_path / "bad"), "--quiet"]) == 2
    assert "Law Appendix C" in capsys.readouterr().err and not (tmp_path / "bad").exists()


def test_cochran_q_on_known_tables():
    import numpy as np
    from benchmarks.ladder_maps import cochran_q
    t = cochran_q([[1, 1, 0], [1, 0, 0], [1, 1, 1], [1, 0, 0], [0, 0, 0]])
    assert t["df"] == 2 and t["blocks"] == 5 and t["statistic"] == pytest.approx(28 / 6)
    assert t["p_value"] == pytest.approx(np.exp(-(28 / 6) / 2))   # chi-square on 2 df: sf(x) = exp(-x/2)
    # two samples: McNemar's statistic (b - c)^2 / (b + c), here b = 6, c = 2 discordant blocks
    x = [[1, 0]] * 6 + [[0, 1]] * 2 + [[1, 1]] * 5 + [[0, 0]] * 7
    assert cochran_q(x)["statistic"] == pytest.approx(16 / 8)
    assert cochran_q([[1, 1], [0, 0]])["p_value"] == 1.0   # no block differs


def test_ladder_maps_groups_a_rungs_games_by_map(tmp_path, capsys):
    """``benchmarks.ladder_maps``: one-rung ladders of the same tables on two maps, each game counted on its map,
    the pool over both, and the checks of ``ladder_same_tables`` (the same draw, every table played)."""
    from benchmarks.ladder_maps import main
    for m in ("winter", "mountain"):
        ladder.run_rung(tmp_path / m, PUBLISHED, "heuristic", 4, progress=False, map=m)
    out = tmp_path / "m.json"
    assert main(["--tables", "4", "--rung", f"{tmp_path / 'winter'}:heuristic",
                 "--rung", f"{tmp_path / 'mountain'}:heuristic", "--out", str(out)]) == 0
    assert "| MAD (95 % CI) |" in capsys.readouterr().out
    res = json.loads(out.read_text())
    assert res["maps"] == ["winter", "mountain"] and res["games"] == {"winter": 4, "mountain": 4, "pool": 8}
    recs = {m: _records(tmp_path / m) for m in ("winter", "mountain")}
    for f, w in res["win_rate"].items():
        for m in ("winter", "mountain"):
            u = [r for r in recs[m] if r["winners"] and not r["truncated"]]
            assert w["by_map"][m]["wins"] == sum(f in r["winners"] for r in u)
            assert w["by_map"][m]["games"] == sum(f in r["seating"] for r in u)
        assert w["by_map"]["pool"]["wins"] == w["by_map"]["winter"]["wins"] + w["by_map"]["mountain"]["wins"]
        if w["by_map"]["winter"]["games"]:
            assert w["homogeneity"]["test"] == "fisher_exact" and w["cochran_q"]["df"] == 1
        else:
            assert "homogeneity" not in w and "cochran_q" not in w   # a faction not seated at these tables
    assert set(res["mad_minus_first"]) == {"mountain", "pool"}
    lo, hi = res["mad_minus_first"]["mountain"]["ci95"]
    assert lo <= hi
    assert out.with_suffix(".md").exists()
    # --draw: one game per table, on the map a ladder with --maps winter,mountain draws for it
    assert main(["--tables", "4", "--rung", f"{tmp_path / 'winter'}:heuristic", "--draw", "winter,mountain",
                 "--rung", f"{tmp_path / 'mountain'}:heuristic", "--out", str(out)]) == 0
    assert "| pool | draw |" in capsys.readouterr().out
    res = json.loads(out.read_text())
    drawn = [ladder.table_map({"seed": 0, "maps": ["winter", "mountain"]}, r) for r in range(4)]
    by_game = {m: {r["game"]: r for r in recs[m]} for m in recs}
    chosen = [by_game[drawn[r]][r] for r in range(4)]
    assert res["games"]["draw"] == 4 and set(res["mad_minus_first"]) == {"mountain", "pool", "draw"}
    o = res["other_draws"]
    assert o["draws"] == 1000 and o["q025"] <= o["mean"] <= o["q975"]
    for f, w in res["win_rate"].items():
        assert w["by_map"]["draw"]["wins"] == sum(f in g["winners"] for g in chosen if not g["truncated"])
    with pytest.raises(SystemExit, match="not played"):
        main(["--tables", "5", "--rung", f"{tmp_path / 'winter'}:heuristic"])


def test_a_map_draw_ladders_game_is_the_rung_on_that_map(tmp_path):
    """Table r of a draft ladder with a map draw is the draft ladder's table r played on ``table_map(r)``: the same
    game, record for record, as ``rung --map`` of that map (so a pool over maps can be read from single-map rungs)."""
    lad = tmp_path / "lad"
    ladder.run_ladder(lad, None, "random,heuristic", self_games=8, cross_games=0, mix="draft", maps=FOUR_MAPS,
                      progress=False)
    p = json.loads((lad / STUDY_FILE).read_text())
    mine = {r["seed"]: r for r in _records(lad) if set(r["agents"].values()) == {"heuristic"}}
    for m in FOUR_MAPS.split(","):
        ladder.run_rung(tmp_path / m, PUBLISHED, "heuristic", 8, progress=False, map=m)
        for rec in _records(tmp_path / m):
            r = rec["game"]
            if ladder.table_map(p, r) == m:
                a, b = dict(rec), dict(mine[rec["seed"]])
                a.pop("game"), b.pop("game")
                assert a == b


def test_published_map_figures_in_docs_are_the_stored_comparisons():
    """docs/balance.md's figures of ladder_draft_4p_maps are its ismcts100.json and ismcts400.json."""
    from pathlib import Path
    root = Path(PUBLISHED).parent / "ladder_draft_4p_maps"
    doc = " ".join((Path(PUBLISHED).parents[2] / "docs" / "balance.md").read_text(encoding="utf-8").split())
    r100, r400 = (json.loads((root / f"ismcts{b}.json").read_text()) for b in (100, 400))
    assert r100["tables"] == 720 and r400["tables"] == 360 and "720 tables at ISMCTS-100 and 360 at ISMCTS-400" in doc

    def pct(res, f, m):
        return f"{100 * res['win_rate'][f]['by_map'][m]['rate']:.1f}"
    assert (f"the Marquise win {pct(r100, 'marquise', 'mountain')} % there at 100 ({pct(r100, 'marquise', 'autumn')} "
            f"% on Autumn) and {pct(r400, 'marquise', 'mountain')} % at 400 ({pct(r400, 'marquise', 'autumn')} %)") in doc
    mad = [f"{100 * r['other_draws']['mean']:.1f}" for r in (r100, r400)]
    aut = [f"{100 * r['human_distance']['autumn']['mad']:.1f}" for r in (r100, r400)]
    assert (f"MAD {mad[0]} at ISMCTS-100 (mean over map draws; Autumn {aut[0]}) and {mad[1]} at ISMCTS-400 "
            f"(Autumn {aut[1]}") in doc
    for res in (r100, r400):   # "neither differing by map (Cochran's Q p >= 0.29)"
        assert min(res["win_rate"][f]["cochran_q"]["p_value"] for f in ("hundreds", "keepers")) >= 0.29

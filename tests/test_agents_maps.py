"""Issue 41: the agents and tools read the game's map (``engine.geometry`` by the state's MAP row, the state's
ADJ_OPEN), not the Autumn map's constants of ``root_env.data``; ISMCTS, the arena, agents.evaluate, terminal play and
the web page play on every map."""
from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from agents.arena import play_games
from root_env import Game
from root_env.data import NC, NF, NCARD, BIRD, MARQUISE, EYRIE, ALLIANCE, TT_SYMPATHY, TT_KEEP, BT_ROOST
from root_env.engine import geometry
from root_env.layout import MAP, ADJ_OPEN, DOMINANCE, TOKENS, BUILDINGS, CARD_LOC, LOC_SUPPORTERS, WARRIORS
from root_env.map_data import (PLAYABLE_MAPS, MAP_NAMES, AUTUMN, LAKE, MAP_CORNERS, MAP_OPPOSITE_CORNER, MAP_SLOTS,
                               MAP_RIVER_MASK, MAP_ADJ_MASK)

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
ROOT = Path(__file__).resolve().parents[1]
# root_env.data's Autumn-map geometry (its printed suits, CLEARING_SUIT, stay: the fallback of a clearing's name
# without a game). Code that plays or describes a game reads engine.geometry or map_data instead.
AUTUMN_GEOMETRY = {"ADJ", "ADJ_MASK", "RIVER_ADJ", "RIVER_MASK", "RIVER_CLEARING", "CORNERS", "OPPOSITE_CORNER",
                   "CLEARING_DIST", "CLEARING_SLOTS", "CLEARING_RUIN", "FOREST_CLEARINGS", "FOREST_ADJ",
                   "NFOREST_AUTUMN", "POSITIONS"}


def _sources():
    for d in ("agents", "root_env", "benchmarks"):
        for p in sorted((ROOT / d).rglob("*.py")):
            if p.name not in ("data.py", "map_data.py"):
                yield p


def test_no_agent_or_tool_imports_the_autumn_maps_geometry():
    found = []
    for p in _sources():
        for node in ast.walk(ast.parse(p.read_text(), str(p))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "data":
                found += [f"{p.relative_to(ROOT)}: {a.name}" for a in node.names if a.name in AUTUMN_GEOMETRY]
    assert not found, found


@pytest.mark.parametrize("m", range(len(MAP_NAMES)))
def test_bird_dominance_progress_reads_the_maps_opposite_corners(m):
    """agents.table.dominance_progress (Law 3.3.1.II): two clearings in opposite corners of the game's map; on the
    Lake map (its row read from the state, whether or not the map is playable yet) the pairs are 1-2 and 3-4."""
    from agents.table import dominance_progress
    s = Game.new(BASE4, seed=1).state.copy()
    s[MAP] = m
    s[DOMINANCE + MARQUISE] = BIRD + 1
    for i in range(MAP_CORNERS.shape[1]):
        assert geometry.corner(s, i) == MAP_CORNERS[m, i]
        a = MAP_CORNERS[m, i]
        for b in MAP_CORNERS[m]:
            if b == a:
                continue
            rul = np.full(NC, -1, np.int64)
            rul[a] = rul[b] = MARQUISE
            want = 1.0 if MAP_OPPOSITE_CORNER[m, a] == b else 0.5
            assert geometry.opposite_corner(s, a) == MAP_OPPOSITE_CORNER[m, a]
            assert dominance_progress(s, MARQUISE, rul) == want, (MAP_NAMES[m], a, b)
    if m == LAKE:
        assert MAP_OPPOSITE_CORNER[LAKE, 0] == 1 != MAP_OPPOSITE_CORNER[AUTUMN, 0]


@pytest.mark.parametrize("map", PLAYABLE_MAPS)
def test_spread_potential_reads_the_states_open_paths(map):
    """agents.ismcts_leaf.spread_potential: Spread Sympathy goes to a clearing adjacent to a sympathetic one (Law
    8.4.2.I) along the game's open paths (ADJ_OPEN; a Mountain closed path is no path, C.3.2)."""
    from agents.ismcts_leaf import spread_potential
    s = Game.new(BASE4, seed=2, map=map).state.copy()
    s[TOKENS + TT_SYMPATHY * NC:TOKENS + (TT_SYMPATHY + 1) * NC] = 0
    s[WARRIORS:WARRIORS + NF * NC] = 0
    s[TOKENS + TT_SYMPATHY * NC + 0] = 1
    s[CARD_LOC:CARD_LOC + NCARD] = LOC_SUPPORTERS   # every card a supporter: cost is no limit
    assert spread_potential(s) > 0
    for c in range(NC):
        s[ADJ_OPEN + c] = 0   # no open path anywhere: nowhere to spread
    assert spread_potential(s) == 0


def test_eyrie_setup_sentence_reads_the_maps_opposite_corner():
    from root_env.bot_eyrie_sentences import eyrie_setup_sentence
    s = Game.new(BASE4, seed=1).state.copy()
    s[BUILDINGS + BT_ROOST * NC:BUILDINGS + (BT_ROOST + 1) * NC] = 0
    s[TOKENS + TT_KEEP * NC:TOKENS + (TT_KEEP + 1) * NC] = 0
    s[TOKENS + TT_KEEP * NC + 0] = 1
    s[BUILDINGS + BT_ROOST * NC + 1] = 1   # clearing 2: opposite clearing 1 on the Lake map, not on the Autumn map
    assert "random corner" in eyrie_setup_sentence(s)
    s[MAP] = LAKE
    assert "diagonally opposite the keep" in eyrie_setup_sentence(s)


def test_scenario_checks_the_maps_building_slots():
    from root_env.scenario import Scenario, ScenarioError
    c = next(c for c in range(NC) if MAP_SLOTS[1, c] > MAP_SLOTS[AUTUMN, c])   # more slots on the Winter map
    n = int(MAP_SLOTS[1, c])
    Scenario(("marquise", "eyrie"), seed=1, map="winter").building("sawmill", c + 1, n).start("marquise")
    with pytest.raises(ScenarioError, match="building slot"):
        Scenario(("marquise", "eyrie"), seed=1).building("sawmill", c + 1, n).start("marquise")


def test_a_move_along_a_river_is_named_on_the_games_map():
    """actions._riverfolk_detail: "along the river" where the game's map has a river and no open path (Law 11.2.2)."""
    from root_env import codes as K
    from root_env.actions import _riverfolk_detail, block_of
    from root_env.layout import REG, R_MOVE_FROM, DECIDER
    clearing = {block_of(a)[1]: a for a in range(K.N_ACTIONS) if block_of(a)[0] == "clearing"}
    for map in PLAYABLE_MAPS:
        s = Game.new(("marquise", "riverfolk"), seed=1, map=map).state.copy()
        s[DECIDER] = MARQUISE
        m = int(s[MAP])
        for a in range(NC):
            s[REG + R_MOVE_FROM] = a
            for b in range(NC):
                river_only = (MAP_RIVER_MASK[m, a] >> b) & 1 and not (MAP_ADJ_MASK[m, a] >> b) & 1
                assert (_riverfolk_detail(s, K.D_MOVE_TO, clearing[b]) == " along the river") == bool(river_only)


@pytest.mark.parametrize("map", PLAYABLE_MAPS)
def test_ismcts_plays_a_whole_game_on_every_map(map):
    r = play_games(1, BASE4, "ismcts:8", seed=5, threads=1, map=map)
    assert not r["truncated"][0] and r["winners"][0] != 0 and r["decisions"][0] > 100


def test_the_arena_plays_on_the_map_it_is_given():
    a = play_games(2, BASE4, "heuristic_v1", seed=3, threads=1)
    w = play_games(2, BASE4, "heuristic_v1", seed=3, threads=1, map="winter")
    assert not np.array_equal(a["vp_sources"], w["vp_sources"])
    assert np.array_equal(a["vp"], play_games(2, BASE4, "heuristic_v1", seed=3, threads=1, map="autumn")["vp"])
    with pytest.raises(ValueError, match="unknown map"):
        play_games(1, BASE4, "random", map="narnia")


def test_evaluate_takes_the_map(tmp_path, capsys):
    from agents.evaluate import evaluate, main
    res = evaluate(["heuristic"], factions=("marquise", "eyrie"), games=2, opponents="random", map="mountain")
    assert res["map"] == "mountain" and res["rows"][0]["games"] == 2
    assert main(["--pool", "random", "--factions", "marquise,eyrie", "--games", "2", "--map", "winter",
                 "--out", str(tmp_path)]) == 0
    assert '"map": "winter"' in (tmp_path / "evaluation.json").read_text()
    assert main(["--pool", "random", "--factions", "marquise,eyrie", "--games", "2", "--map", "narnia"]) == 2
    assert "narnia" in capsys.readouterr().err


class _First:
    """A Python policy: the first legal action."""
    def act(self, obs, mask):
        return int(np.flatnonzero(mask)[0])


def test_network_seats_are_refused_on_another_map():
    from agents.policies import play
    with pytest.raises(ValueError, match="Autumn map only"):
        play(("marquise", "eyrie"), {"marquise": _First(), "eyrie": "random"}, 1, map="winter")


def test_terminal_play_names_the_map(tmp_path):
    from root_env.play import play, main
    out = []
    g = play("marquise", "random", seed=4, save=tmp_path / "g.json", read=lambda _: "q", write=out.append,
             opponents=("eyrie",), map="mountain")
    assert g.map == "mountain" and out[0].startswith("Root on the mountain map: you play marquise")
    assert any(line.startswith("Map: mountain") for line in out)
    assert Game.load(tmp_path / "g.json").map == "mountain"
    assert main(["--as", "marquise", "--map", "narnia", "--save", str(tmp_path / "x.json")]) == 2


def test_web_page_offers_the_maps_and_draws_the_games_map():
    from root_env.web.server import meta, OPTION_KEYS
    from root_env.web.views import geometry as web_geometry
    assert meta()["maps"] == list(PLAYABLE_MAPS) and "map" in OPTION_KEYS
    assert web_geometry(1) != web_geometry(0)   # the Winter map's clearings are elsewhere

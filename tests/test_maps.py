"""The maps (Law Appendix C, A.1): Game.new(map=...), each map's geometry read by the engine, the Winter map's rules,
the Mountain map's rules (the Lake's: tests/test_lake.py), records, observations and the validator.

Winter geometry used below (root_data.json, docs/rules.md "Map geometry"): corners 1-4 with 1/3 and 2/4 opposite,
ruins in 8, 9, 11, 12, rivers 7-12, 10-11, 11-12; forest 1 touches clearings 1, 2, 5, 6, 11, 12 and is divided
from forest 8 by the river 11-12 only (C.1.1).
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from root_env import Game, codes as K
from root_env.data import NC, SUIT_NAMES, FACTION_NAMES
from root_env.errors import RootError, RecordError
from root_env.layout import (MAP, ADJ_OPEN, CLEARING_SUITS, RUINS, VB_PAWN, FORMAT_VERSION, STATE_SIZE, VP, CARD_LOC,
                             LOC_HAND, LOC_DISCARD, REG, R_CP_FROM)
from root_env.map_data import (AUTUMN, WINTER, MOUNTAIN, MAP_NAMES, MAP_ADJ_MASK, MAP_PRINTED_SUIT, MAP_RUIN, MAP_NFOREST,
                               MAP_CLOSED_MASK, PLAYABLE_MAPS)
from root_env.observation import obs_fields
from root_env.scenario import Scenario
from rules_helpers import FOUR, cl, clearings_offered, forest, legal, do, opt

DATA = Path(__file__).parent / "data" / "records"


def _to(g: Game, decision: str) -> Game:
    """Play the first legal action until `decision` is pending."""
    for _ in range(500):
        if g.decision == decision:
            return g
        g.apply(int(g.legal_actions()[0]))
    raise AssertionError(f"never reached {decision!r}")


def _forests_offered(g: Game) -> set[int]:
    return {a - K.A_FOREST + 1 for a in legal(g) if K.A_FOREST <= a < K.A_FOREST + 10}


def _random_game(factions, seed, mp, turns=6) -> Game:
    g = Game.new(factions, seed=seed, max_turns=turns, map=mp)
    rng = np.random.default_rng(seed)
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
    return g


# ------------------------------------------------------------------ Game.new(map=...)
def test_game_new_names_its_map():
    assert Game.new(FOUR, seed=1).map == "autumn"
    g = Game.new(FOUR, seed=1, map="winter")
    assert g.map == "winter" and g.to_dict()["map"] == "winter" and int(g.state[MAP]) == WINTER
    assert [int(x) for x in g.state[ADJ_OPEN:ADJ_OPEN + NC]] == [int(x) for x in MAP_ADJ_MASK[WINTER]]


@pytest.mark.parametrize("bad, words", [("moon", "unknown map 'moon'"), ("Winter", "unknown map 'Winter'"), (3, "unknown map")])
def test_a_map_not_played_is_refused_by_name(bad, words):
    with pytest.raises(RootError) as e:
        Game.new(FOUR, seed=1, map=bad)
    assert words in str(e.value) and ", ".join(PLAYABLE_MAPS) in str(e.value)


def test_same_seed_same_winter_game():
    a = _random_game(FOUR, 5, "winter")
    b = _random_game(FOUR, 5, "winter")
    assert np.array_equal(a.state, b.state)


# ------------------------------------------------------------------ A.1 suits, 5.1.4 ruins
def test_law_a_1_a_variant_map_shuffles_the_suit_markers_onto_its_clearings():
    """A.1: on a variant map the twelve suit markers (four of each suit) are shuffled onto the clearings; the Autumn
    map in Standard Setup keeps its printed suits (Law 5.1)."""
    layouts = set()
    for seed in range(8):
        s = Game.new(FOUR, seed=seed, map="winter").state
        suits = [int(x) for x in s[CLEARING_SUITS:CLEARING_SUITS + NC]]
        assert sorted(suits) == [0] * 4 + [1] * 4 + [2] * 4
        layouts.add(tuple(suits))
        a = Game.new(FOUR, seed=seed).state
        assert [int(x) for x in a[CLEARING_SUITS:CLEARING_SUITS + NC]] == [int(x) for x in MAP_PRINTED_SUIT[AUTUMN]]
    assert len(layouts) > 4  # shuffled per game


def test_law_5_1_4_ruins_go_in_the_maps_ruin_clearings():
    s = Game.new(FOUR, seed=2, map="winter").state
    assert [c + 1 for c in range(NC) if s[RUINS + c]] == [c + 1 for c in range(NC) if MAP_RUIN[WINTER, c]] == [8, 9, 11, 12]


# ------------------------------------------------------------------ setups on the Winter map
def test_law_6_3_1_and_7_3_1_keep_in_a_winter_corner_roost_in_the_opposite_corner():
    g = _to(Game.new(FOUR, seed=3, map="winter"), "setup: keep")
    assert legal(g) == {cl(c) for c in (1, 2, 3, 4)}
    do(g, cl(2))
    g = _to(g, "choose leader")  # the Eyrie's roost goes opposite the keep by itself (Law 7.3.1)
    d = g.to_dict()
    assert "roost" in d["clearings"][4 - 1]["buildings"]  # Winter: 2 and 4 are opposite


def test_law_9_3_2_the_pawn_in_any_forest_of_the_winter_map():
    g = Game.new(FOUR, seed=7, map="winter")
    g = _to(g, "vagabond: forest")
    assert _forests_offered(g) == set(range(1, int(MAP_NFOREST[WINTER]) + 1)) == set(range(1, 9))
    do(g, forest(8))
    assert g.to_dict()["vagabond"]["pawn"] == "forest 8" and int(g.state[VB_PAWN]) == NC + 7


def test_law_11_3_2_riverfolk_set_up_on_the_winter_rivers():
    g = _to(Game.new(("riverfolk", "marquise"), seed=4, map="winter"), "setup: riverfolk warrior")
    assert clearings_offered(g) == {7, 10, 11, 12}


# ------------------------------------------------------------------ C.1.1 the river divides forests
def test_law_c_1_1_the_river_divides_forests_the_vagabond_slips_across_it():
    """Winter: forests 1 and 8 are divided by the river 11-12 alone; they are two forests, adjacent (9.4.2 Slip)."""
    sc = Scenario(FOUR, seed=1, map="winter")
    sc.vagabond("thief", at="forest 1")
    g = sc.start("vagabond", at="vagabond_slip")
    assert g.decision == "vagabond: slip"
    assert clearings_offered(g) == {1, 2, 5, 6, 11, 12}
    assert _forests_offered(g) == {2, 3, 8}
    do(g, forest(8))
    assert g.to_dict()["vagabond"]["pawn"] == "forest 8"


def test_law_4_2_1_moves_follow_the_winter_paths():
    from root_env.engine.movement import move_targets
    sc = Scenario(FOUR, seed=1, map="winter")
    sc.warriors("marquise", 1, 3)
    s = sc.state
    assert move_targets(s, FACTION_NAMES.index("marquise"), 0, False) == MAP_ADJ_MASK[WINTER, 0]
    assert MAP_ADJ_MASK[WINTER, 0] != MAP_ADJ_MASK[AUTUMN, 0]


# ------------------------------------------------------------------ records, observations, the validator
def test_a_winter_record_names_its_map_and_replays():
    g = _random_game(("marquise", "eyrie", "riverfolk", "vagabond"), 9, "winter")
    rec = g.to_record()
    assert rec["options"]["map"] == "winter" and rec["state_format_version"] == FORMAT_VERSION
    assert np.array_equal(Game.from_record(rec).state, g.state)
    assert "map" not in Game.new(FOUR, seed=1).to_record()["options"]  # absent on the Autumn map, as before
    bad = dict(rec, options=dict(rec["options"], map="moon"))
    with pytest.raises(RecordError, match="unknown map"):
        Game.from_record(bad)


def test_records_of_format_11_replay_with_their_final_digest():
    """A format-11 record (made by the engine before the maps, a game of all eight faction kinds) replays here to the
    same final position: its digest is checked on that state written back in format 11 (root_env.legacy)."""
    rec = json.loads((DATA / "format11_record.json").read_text())
    assert rec["state_format_version"] == 11 and FORMAT_VERSION >= 13
    g = Game.from_record(rec)
    assert len(g._actions) == len(rec["actions"]) and g.is_over and g.map == "autumn"
    wrong = dict(rec, final_sha256="0" * 64)
    with pytest.raises(RecordError):
        Game.from_record(wrong)


def test_observation_carries_the_map_and_its_open_paths():
    for mp in ("autumn", "winter"):
        g = Game.new(FOUR, seed=1, map=mp)
        f = obs_fields(g.observe("marquise"))
        m = MAP_NAMES.index(mp)
        assert list(f["map"]) == [1.0 if k == m else 0.0 for k in range(len(MAP_NAMES))]
        assert all(f["open_paths"][a, b] == (MAP_ADJ_MASK[m, a] >> b) & 1 for a in range(NC) for b in range(NC))
        n = obs_fields(g.observe("marquise", normalize=True))
        assert n["map"].max() == 1.0


def test_information_view_and_determinize_keep_the_map():
    g = Game.new(FOUR, seed=1, map="winter")
    assert g.information_view("eyrie")["map"] == "winter"
    assert g.determinize("eyrie", seed=3).map == "winter"


def _snapshot_of(state):
    from root_env.records import to_snapshot
    return to_snapshot(Game.from_state(state))


@pytest.mark.parametrize("what", ["map", "path", "one_way", "closed"])
def test_validator_refuses_a_map_not_the_states(what):
    g = Game.new(FOUR, seed=1, map="winter")
    bad = g.state.copy()
    if what == "map":
        bad[MAP] = 7
    elif what == "path":
        bad[ADJ_OPEN + 0] = int(g.state[ADJ_OPEN + 0]) & (int(g.state[ADJ_OPEN + 0]) - 1)  # a path dropped
    elif what == "one_way":
        b = next(b for b in range(NC) if b != 0 and not (int(bad[ADJ_OPEN]) >> b) & 1)
        bad[ADJ_OPEN + 0] |= 1 << b  # a path the map does not print, one way only
    else:
        bad[MAP] = AUTUMN  # the Winter paths are not the Autumn map's
    with pytest.raises(RootError):
        Game.from_state(bad)
    Game.from_state(g.state.copy())  # the state itself loads
    assert not MAP_CLOSED_MASK[WINTER].any()


def test_env_vector_env_and_rollouts_take_the_map():
    from root_env.pettingzoo_env import raw_env
    from root_env.vector import RootVectorEnv
    from root_env.rollout import random_games
    e = raw_env(factions=("marquise", "eyrie"), seed=1, map="winter")
    e.reset(seed=1)
    assert e.game.map == "winter"
    with pytest.raises(RootError, match="unknown map"):
        raw_env(map="moon")
    v = RootVectorEnv(2, ("marquise", "eyrie"), seed=1, map="winter")
    obs, _ = v.reset(seed=1)
    m = obs_fields(obs["observation"])["map"]
    assert (m[:, WINTER] == 1).all()
    assert int(v._batch.states[0, MAP]) == WINTER
    r = random_games(3, ("marquise", "eyrie"), seed=1, max_turns=5, map="winter")
    assert len(r["winner"]) == 3
    with pytest.raises(RootError, match="unknown map"):
        RootVectorEnv(2, ("marquise", "eyrie"), map="moon")


def test_rootlog_export_writes_the_map_line():
    g = _random_game(FOUR, 2, "winter", turns=2)
    lines = g.to_rootlog().splitlines()
    assert lines[0] == "Map: Winter"
    suits = [int(x) for x in g.state[CLEARING_SUITS:CLEARING_SUITS + NC]]
    assert lines[2] == "Clearings: " + ", ".join(f"{'FRM'[s]}{c + 1}" for c, s in enumerate(suits))
    assert Game.new(FOUR, seed=1).to_rootlog().splitlines()[0] == "Map: Fall"


def test_pictures_and_terminal_map_draw_the_winter_map():
    from root_env.render import map_text
    g = _random_game(FOUR, 3, "winter", turns=2)
    svg = g.to_svg()
    assert ">F8<" in svg and ">F9<" not in svg
    assert map_text(g).startswith("Map: winter") and "forest F8" in map_text(g)
    assert [SUIT_NAMES[int(x)] for x in g.state[CLEARING_SUITS:CLEARING_SUITS + NC]] == \
        [c["suit"] for c in g.to_dict()["clearings"]]
    assert STATE_SIZE == len(g.state)


# ------------------------------------------------------------------ C.3 the Mountain map
# Mountain geometry: closed paths at setup 2-5, 3-7, 5-9, 6-11, 8-9, 11-12; the Pass is clearing 10.
CLOSE = ((2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12))


def _open(s, a, b) -> bool:
    return (int(s[ADJ_OPEN + a - 1]) >> (b - 1)) & 1 == 1


def test_law_c_3_2_clearings_linked_by_a_closed_path_are_not_adjacent():
    from root_env.engine.movement import move_targets
    g = Game.new(FOUR, seed=1, map="mountain")
    s = g.state
    assert [(a + 1, b + 1) for a in range(NC) for b in range(a + 1, NC) if (MAP_CLOSED_MASK[MOUNTAIN, a] >> b) & 1] \
        == list(CLOSE)
    assert not any(_open(s, a, b) for a, b in CLOSE)
    sc = Scenario(FOUR, seed=1, map="mountain")
    sc.warriors("marquise", 2, 3)
    assert (move_targets(sc.state, 0, 1, False) >> 4) & 1 == 0  # 2 -> 5 is closed
    assert move_targets(sc.state, 0, 1, False) == MAP_ADJ_MASK[MOUNTAIN, 1]


def _mountain_daylight(pieces_at=2):
    sc = Scenario(FOUR, seed=1, map="mountain")
    sc.warriors("marquise", pieces_at, 1)
    sc.hand("marquise", [("Ambush!", "fox"), ("Ambush!", "mouse")])
    return sc.start("marquise", at="marquise_actions")


def test_law_c_3_3_remove_a_closed_path_spending_a_card_for_one_vp():
    g = _mountain_daylight()
    assert opt(K.OPT_CLEAR_PATH) in legal(g)
    vp = int(g.state[VP])
    do(g, opt(K.OPT_CLEAR_PATH))
    assert g.decision == "closed path: card"
    c = next(x for x in range(54) if int(g.state[CARD_LOC + x]) == LOC_HAND)  # a card of the Marquise's hand
    do(g, K.A_CARD + c)
    assert int(g.state[CARD_LOC + c]) == LOC_DISCARD  # spent
    assert g.decision == "closed path: from"
    assert clearings_offered(g) == {2, 5}  # the marquise has pieces in 2: its closed path 2-5, from either end
    do(g, cl(5))
    assert g.decision == "closed path: to" and clearings_offered(g) == {2}
    do(g, cl(2))
    assert _open(g.state, 2, 5) and _open(g.state, 5, 2)  # removed permanently: the clearings are adjacent
    assert int(g.state[VP]) == vp + 1 and int(g.state[REG + R_CP_FROM]) == -1
    assert g.decision == "marquise: action"
    assert opt(K.OPT_CLEAR_PATH) not in legal(g)  # once per turn


def test_law_c_3_3_needs_pieces_at_either_end_and_a_card():
    g = _mountain_daylight(pieces_at=1)  # clearing 1 has no closed path
    assert opt(K.OPT_CLEAR_PATH) not in legal(g)
    sc = Scenario(FOUR, seed=1, map="mountain")
    sc.warriors("marquise", 2, 1)
    g = sc.start("marquise", at="marquise_actions")  # no card in hand
    assert opt(K.OPT_CLEAR_PATH) not in legal(g)
    g = _mountain_daylight()
    g2 = Scenario(FOUR, seed=1).warriors("marquise", 2, 1).hand("marquise", [("Ambush!", "fox")])
    assert opt(K.OPT_CLEAR_PATH) not in legal(g2.start("marquise", at="marquise_actions"))  # no closed path on Autumn


def test_law_c_3_4_ruling_the_pass_scores_at_the_end_of_evening():
    for mp, gain in (("mountain", 1), ("autumn", 0)):
        sc = Scenario(("marquise", "eyrie"), seed=1, map=mp)
        sc.warriors("marquise", 10, 2)  # the Pass (Mountain clearing 10)
        vp = int(sc.state[VP])
        g = sc.start("marquise", at="turn_end")
        assert int(g.state[VP]) == vp + gain, mp
    sc = Scenario(("marquise", "eyrie"), seed=1, map="mountain")
    sc.warriors("marquise", 10, 1).warriors("eyrie", 10, 1)  # a tie: the Eyrie rule (Lords of the Forest)
    g = sc.start("marquise", at="turn_end")
    assert int(g.state[VP]) == 0


def test_mountain_pictures_draw_the_closed_paths_and_the_pass():
    g = _random_game(FOUR, 3, "mountain", turns=2)
    svg = g.to_svg()
    assert ">Pass<" in svg and "4,8" in svg and ">F10<" in svg
    assert "closed:" in __import__("root_env.render", fromlist=["map_text"]).map_text(g)


def converted_logits(fmt: int, g: Game):
    """agents.layout_convert on a random policy of state format `fmt` (its observation and action sizes): the
    converted policy's logits on `g`'s position for the Marquise, the old policy's logits on the same position read
    through the old layout, and the action ids the old format did not have."""
    from agents.layout_convert import convert, observation_index, OLD_LAYOUTS
    from agents.pretrained import PretrainedAgent
    from root_env.legacy import ACTION_TABLES
    rng = np.random.default_rng(0)
    n_obs, n_act = OLD_LAYOUTS[fmt]["obs_size"], OLD_LAYOUTS[fmt]["n_actions"]
    raw = {"format": np.array(1), "faction": np.array("marquise"), "obs_size": np.array(n_obs),
           "n_actions": np.array(n_act), "obs_signature": np.array("old"),
           "mean": rng.normal(size=n_obs).astype(np.float32), "scale": rng.random(n_obs).astype(np.float32),
           "W0": rng.normal(size=(6, n_obs)).astype(np.float32) * 0.05, "b0": np.zeros(6, np.float32),
           "Wout": rng.normal(size=(n_act, 6)).astype(np.float32), "bout": rng.normal(size=n_act).astype(np.float32)}
    new = convert(raw)
    model = {k: new[k] for k in ("mean", "scale", "W0", "b0", "Wout", "bout")}
    model.update(faction="marquise", layers=1)
    o, m = g.observe("marquise"), g.action_mask()
    lg = PretrainedAgent(model).logits(o, np.ones_like(m))[0]
    x = o[observation_index(fmt)].astype(np.float64)
    z = np.tanh(np.clip((x - raw["mean"]) * raw["scale"], -10, 10) @ raw["W0"].T.astype(np.float64))
    old = z @ raw["Wout"].T + raw["bout"]
    assert np.allclose(lg[ACTION_TABLES[fmt]], old, atol=1e-4)
    return lg, old, actions_since(fmt)


def actions_since(fmt: int) -> set:
    """The action ids this format has that format `fmt` did not (e.g. the Keepers' since 13)."""
    from root_env.legacy import ACTION_TABLES
    return set(np.setdiff1d(np.arange(K.N_ACTIONS), ACTION_TABLES[fmt]).tolist())


def test_policy_files_of_format_11_convert_to_the_same_play():
    """agents.layout_convert: a format-11 policy (3423 inputs, 249 actions) rewritten for this format gives the same
    logits to every old action on an Autumn position (the new inputs unweighted), and a new action (the forests 8-10,
    removing a closed path, the Ferry) gets a logit below every old one."""
    lg, old, fresh = converted_logits(11, Game.new(FOUR, seed=1))
    assert fresh == {K.A_FOREST + 7, K.A_FOREST + 8, K.A_FOREST + 9, K.A_OPT + K.OPT_CLEAR_PATH,
                     K.A_OPT + K.OPT_FERRY} | actions_since(13)
    assert lg[sorted(fresh)].max() < old.min()


def test_law_c_3_3_rootlog_writes_a_removed_closed_path():
    """Rootlog's Mountain notation (``2_5->``, read by the community parser) for a closed path removed (C.3.3), the
    card spent and the VP as any discard and VP; the importer opens the path and reads the game back."""
    import re
    from root_env.rootlog import from_rootlog
    for seed in range(40):
        g = _random_game(FOUR, seed, "mountain", turns=24)
        text = g.to_rootlog()
        removed = re.findall(r"(?:^|[:/])(\d+)_(\d+)->", text, re.M)
        if removed:
            break
    else:
        raise AssertionError("no random Mountain game removed a closed path")
    assert text.splitlines()[0] == "Map: Mountain"
    for a, b in removed:
        assert MAP_CLOSED_MASK[MOUNTAIN, int(a) - 1] >> (int(b) - 1) & 1 and _open(g.state, int(a), int(b))
    imported = from_rootlog(text)
    assert imported.map == "mountain" and [str(d) for d in imported.disagreements] == []

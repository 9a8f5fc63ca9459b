"""The Lake map (Law Appendix C.2): the Ferry (C.2.1, C.2.5), the lake as rivers (C.2.2), the Lake playable everywhere a
map is taken, the Ferry in the observation and the validator, and what the format change (13) left readable.

Lake geometry used below (root_data.json, docs/rules.md "Map geometry"): coastal clearings 1, 10, 11, 12, linked
pairwise by the lake (C.2.2); the Ferry starts in 1, the coastal corner (C.2.1); clearing 1's paths lead to 5 and 9;
no path links two coastal clearings.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from root_env import Game, codes as K
from root_env.data import FACTION_NAMES, MARQUISE, RIVERFOLK
from root_env.errors import RecordError
from root_env.layout import FERRY, HAND_N, TURN_FLAGS, TF_FERRY, TF_ON_FERRY, FORMAT_VERSION
from root_env.map_data import LAKE, MAP_FERRY_START, MAP_COASTAL, PLAYABLE_MAPS
from root_env.observation import obs_fields
from root_env.scenario import Scenario
from rules_helpers import FOUR, cl, clearings_offered, legal, do, opt

DATA = Path(__file__).parent / "data" / "records"


def _hand(g: Game, name: str) -> int:
    return int(g.state[HAND_N + FACTION_NAMES.index(name)])


def _count(n: int) -> int:
    return K.A_COUNT + n - 1


def _march_from_1(*, marquise_at_1=3, eyrie_at_1=0, marquise_at_12=0):
    sc = Scenario(FOUR, seed=1, map="lake")
    sc.warriors("marquise", 1, marquise_at_1)
    if eyrie_at_1:
        sc.warriors("eyrie", 1, eyrie_at_1)
    if marquise_at_12:
        sc.warriors("marquise", 12, marquise_at_12)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH))
    assert g.decision == "move: from"
    return g


def test_law_c_2_1_the_ferry_starts_in_the_coastal_corner():
    g = Game.new(FOUR, seed=1, map="lake")
    assert g.map == "lake" and int(g.state[FERRY]) == 0 == MAP_FERRY_START[LAKE]  # clearing 1
    assert MAP_COASTAL[LAKE, 0] == 1
    for mp in ("autumn", "winter", "mountain"):
        assert int(Game.new(FOUR, seed=1, map=mp).state[FERRY]) == -1  # no Ferry on the other maps


def test_law_c_2_5_warriors_cross_with_the_ferry_and_the_mover_draws_a_card():
    g = _march_from_1()
    do(g, cl(1))
    assert clearings_offered(g) == {5, 9, 10, 11, 12}  # the paths, and every other coastal clearing by the Ferry
    hand = _hand(g, "marquise")
    do(g, cl(11), _count(2))
    assert int(g.state[FERRY]) == 10  # the Ferry went along (clearing 11)
    assert _hand(g, "marquise") == hand + 1  # "After this, the moving player draws one card."
    assert int(g.state[TURN_FLAGS]) & TF_FERRY and not int(g.state[TURN_FLAGS]) & TF_ON_FERRY


def test_law_c_2_5_once_per_turn():
    g = _march_from_1()
    do(g, cl(1), cl(11), _count(2))
    assert g.decision == "move: from"  # the march's second move
    do(g, cl(11))
    assert not clearings_offered(g) & {1, 10, 12}  # the Ferry (now in 11) was used this turn
    g2 = _march_from_1()
    do(g2, cl(1), cl(5), _count(1))  # a move along a path leaves the Ferry for later
    do(g2, cl(1))
    assert {10, 11, 12} <= clearings_offered(g2)


def test_law_c_2_5_the_mover_still_rules_the_origin_or_the_destination():
    g = _march_from_1(marquise_at_1=1, eyrie_at_1=2, marquise_at_12=1)
    do(g, cl(1))
    assert clearings_offered(g) == {12}  # the Eyrie rule 1: only 12, which the Marquise rule, by the Ferry


def test_law_c_2_2_the_lake_is_rivers_for_the_riverfolk_whoever_rules():
    sc = Scenario(("riverfolk", "marquise"), seed=1, map="lake")
    sc.funds("riverfolk", 1).warriors("riverfolk", 10, 1).warriors("marquise", 10, 3).warriors("marquise", 11, 2)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_MOVE), cl(10))
    assert clearings_offered(g) == {1, 11, 12}  # 11.2.2 Swimmers on the lake (C.2.2); paths need rule
    do(g, cl(11))
    if g.decision == "move: how many":
        do(g, _count(1))
    assert int(g.state[FERRY]) == 0  # the Ferry is in 1: untouched


@pytest.mark.parametrize("take", [True, False])
def test_law_c_2_5_the_riverfolk_choose_the_ferry_or_the_lake_as_a_river(take):
    sc = Scenario(("riverfolk", "marquise"), seed=1, map="lake")
    sc.funds("riverfolk", 1).warriors("riverfolk", 1, 2)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    hand = _hand(g, "riverfolk")
    do(g, opt(K.OPT_MOVE), cl(1), cl(12))
    assert g.decision == "move: with the Ferry?" and legal(g) == {opt(K.OPT_FERRY), K.A_DONE}
    do(g, opt(K.OPT_FERRY) if take else K.A_DONE)
    if g.decision == "move: how many":
        do(g, _count(2))
    assert int(g.state[FERRY]) == (11 if take else 0)
    assert _hand(g, "riverfolk") == hand + (1 if take else 0)


def test_law_c_2_5_the_vagabond_crosses_with_the_ferry_ruling_neither_clearing():
    sc = Scenario(FOUR, seed=1, map="lake")
    sc.vagabond("thief", at=1).vb_items("ready", boot=1).warriors("eyrie", 1, 2)  # the Eyrie rule 1
    g = sc.start("vagabond", at="vagabond_actions")
    hand = _hand(g, "vagabond")
    do(g, opt(K.OPT_MOVE))
    assert clearings_offered(g) == {5, 9, 10, 11, 12}  # Nimble (9.2.3): no rule needed, with the Ferry either
    do(g, cl(10))
    assert g.to_dict()["vagabond"]["pawn"] == "clearing 10"
    assert int(g.state[FERRY]) == 9 and _hand(g, "vagabond") == hand + 1


def test_law_c_2_5_the_vagabond_slips_with_the_ferry():
    """Reading (docs/rules.md): the Slip (9.4.2) is a move, so from the Ferry's clearing it may cross the lake too."""
    sc = Scenario(FOUR, seed=1, map="lake")
    sc.vagabond("thief", at=1)
    g = sc.start("vagabond", at="vagabond_slip")
    hand = _hand(g, "vagabond")
    assert {5, 9, 10, 11, 12} == clearings_offered(g)
    do(g, cl(12))
    assert g.to_dict()["vagabond"]["pawn"] == "clearing 12"
    assert int(g.state[FERRY]) == 11 and _hand(g, "vagabond") == hand + 1


def test_law_c_2_5_with_riverboats_the_vagabond_chooses_the_ferry_or_the_lake():
    sc = Scenario(("vagabond", "riverfolk"), seed=1, map="lake")
    sc.vagabond("thief", at=1).vb_items("ready", boot=1).bought("riverboats")  # 11.2.7.II: rivers are his paths
    g = sc.start("vagabond", at="vagabond_actions")
    hand = _hand(g, "vagabond")
    do(g, opt(K.OPT_MOVE), cl(10))
    assert g.decision == "move: with the Ferry?"
    do(g, K.A_DONE)  # along the lake as a river: no Ferry
    assert g.to_dict()["vagabond"]["pawn"] == "clearing 10"
    assert int(g.state[FERRY]) == 0 and _hand(g, "vagabond") == hand


def test_law_c_2_5_an_allied_warband_crosses_with_the_vagabond():
    sc = Scenario(FOUR, seed=1, map="lake")
    sc.vagabond("thief", at=1).vb_items("ready", boot=1).relationship("marquise", "allied")
    sc.warriors("marquise", 1, 3)
    g = sc.start("vagabond", at="vagabond_actions")
    hand = _hand(g, "vagabond")
    do(g, opt(K.OPT_MOVE), cl(11))
    assert g.decision == "move with ally" and K.A_FACTION + MARQUISE in legal(g)  # the Marquise rule 1
    do(g, K.A_FACTION + MARQUISE, _count(2))
    assert int(g.state[FERRY]) == 10 and _hand(g, "vagabond") == hand + 1  # the Vagabond moved: he draws
    assert g.decision == "vagabond: action"


def test_law_c_2_5_reading_the_clockwork_bots_move_along_paths_only():
    """docs/rules.md (The Lake map): the bots' moves name adjacent clearings, so they never take the Ferry:
    ``movement.move_targets`` (what the bots read) has no coastal clearing from 1, a player's moves have."""
    from root_env.engine.movement import move_targets, player_targets
    sc = Scenario(FOUR, seed=1, map="lake").warriors("marquise", 1, 2)
    s = sc.state
    path_only = int(move_targets(s, MARQUISE, 0, False))
    with_ferry = int(player_targets(s, MARQUISE, 0, False))
    assert path_only == (1 << 4) | (1 << 8) and with_ferry == path_only | (1 << 9) | (1 << 10) | (1 << 11)


def test_law_c_2_5_the_ferry_in_the_observation_and_the_validator():
    from root_env.engine.invariants import check_state, C_MAP
    g = Game.new(FOUR, seed=1, map="lake")
    f = obs_fields(g.observe("marquise"))["ferry"]
    assert list(f) == [1.0] + [0.0] * 11 + [0.0]  # in clearing 1, not used this turn
    assert obs_fields(Game.new(FOUR, seed=1).observe("marquise"))["ferry"].sum() == 0  # no Ferry on Autumn
    assert check_state(g.state) == 0
    s = g.state.copy()
    s[FERRY] = 1  # clearing 2 is not coastal
    assert check_state(s) == C_MAP
    s = Game.new(FOUR, seed=1).state.copy()
    s[FERRY] = 0  # a Ferry on the Autumn map
    assert check_state(s) == C_MAP
    s = g.state.copy()
    s[FERRY] = -1  # C.2.5: the Ferry cannot be removed
    assert check_state(s) == C_MAP


def test_the_lake_is_playable_everywhere_a_map_is_taken():
    from root_env.pettingzoo_env import raw_env
    from root_env.vector import RootVectorEnv
    assert "lake" in PLAYABLE_MAPS
    e = raw_env(factions=("marquise", "riverfolk"), seed=1, map="lake")
    e.reset(seed=1)
    assert e.game.map == "lake" and e.metadata["name"] == "root_v14"
    v = RootVectorEnv(2, ("marquise", "eyrie"), seed=1, map="lake")
    obs, _ = v.reset(seed=1)
    assert (obs_fields(obs["observation"])["map"][:, LAKE] == 1).all()
    g = Game.new(("marquise", "riverfolk", "vagabond"), seed=4, map="lake", max_turns=8)
    rng = np.random.default_rng(4)
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
    rec = g.to_record()
    assert rec["options"]["map"] == "lake" and rec["state_format_version"] == FORMAT_VERSION == 15
    assert np.array_equal(Game.from_record(rec).state, g.state)


def test_records_of_format_12_replay_with_their_final_digest():
    """A format-12 record (made by the engine before the Ferry: a Mountain game of all eight faction kinds) replays
    here to the same final position, its digest checked on that state written back in format 12 (root_env.legacy)."""
    rec = json.loads((DATA / "format12_record.json").read_text())
    assert rec["state_format_version"] == 12 and rec["options"]["map"] == "mountain"
    g = Game.from_record(rec)
    assert len(g._actions) == len(rec["actions"]) and g.is_over and g.map == "mountain"
    with pytest.raises(RecordError):
        Game.from_record(dict(rec, final_sha256="0" * 64))


def test_policy_files_of_format_12_convert_to_the_same_play():
    """agents.layout_convert: a format-12 policy (3581 inputs, 253 actions) rewritten for format 13 gives the same
    logits to every old action on a Lake position (the ferry inputs unweighted), and "with the Ferry" a logit below
    every old one."""
    from agents.layout_convert import OLD_LAYOUTS
    from test_maps import converted_logits, actions_since
    assert (OLD_LAYOUTS[12]["obs_size"], OLD_LAYOUTS[12]["n_actions"]) == (3581, 253)
    lg, old, fresh = converted_logits(12, Game.new(FOUR, seed=1, map="lake"))
    assert fresh == {K.A_OPT + K.OPT_FERRY} | actions_since(13)
    assert lg[sorted(fresh)].max() < old.min()


def test_a_lake_game_plays_the_same_compiled_and_without_jit():
    """NUMBA_DISABLE_JIT=1 still runs a Lake game (the Ferry's module in plain Python), to the same final state."""
    from rules_helpers import same_compiled_and_without_jit
    same_compiled_and_without_jit('g = Game.new(("riverfolk", "vagabond", "marquise", "corvids"), seed=7, map="lake", '
                                  'max_turns=16)')


@pytest.mark.parametrize("mp", ["winter", "lake", "mountain"])
def test_rootlog_round_trip_on_the_variant_maps(mp):
    """Export and import on the Winter, Lake and Mountain maps (the ``Map:`` and ``Clearings:`` lines; the importer
    reads the map's paths, forests, slots, rivers and the lake, ruins, the Ferry's crossings, C.2.5, and the closed
    paths removed, C.3.3): the position after every line is the engine's, no disagreement, the same winners."""
    from root_env.rootlog import from_rootlog, FACTION_LETTER
    from root_env.rootlog.export import export_lines
    from root_env.rootlog.position import position_of_state
    crossed = 0
    for seed, factions in enumerate((("marquise", "eyrie", "riverfolk", "vagabond"),
                                     ("alliance", "corvids", "lizards", "hundreds"),
                                     ("riverfolk", "vagabond", "marquise", "corvids"))):
        g = Game.new(factions, seed=seed, map=mp, max_turns=60)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            g.apply(int(rng.choice(g.legal_actions())))
        lines, states = export_lines(g)
        imported = from_rootlog("\n".join(lines) + "\n")
        assert imported.map == mp and lines[0] == f"Map: {mp.capitalize()}" and lines[2].startswith("Clearings: ")
        for (number, pos), state in zip(imported.line_positions, states):
            assert pos.differences(position_of_state(state)) == [], lines[number - 1]
        assert [str(d) for d in imported.disagreements] == [], factions
        assert imported.winners == [FACTION_LETTER[n] for n in FACTION_NAMES if n in g.winners]
        crossed += int(g.state[FERRY]) not in (-1, 0)
    assert mp != "lake" or crossed > 0  # the Ferry crossed in the Lake games

"""Law of Root, section 7 (Eyrie Dynasties), with seed 002's revision of 7.8.3-7.8.4: each rule
checked in isolation through the action space.

Positions are built with ``root_env.scenario.Scenario``; actions are chosen by id and applied with
``Game.apply``; assertions read ``Game.to_dict()`` or the state regions of ``root_env.layout``.
Clearings are named by their printed number 1..12 (Autumn map):
fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite.
The scenario's default leader is the Commander (viziers in Move and Battle).
"""
from __future__ import annotations

import pytest

from root_env import codes as K
from root_env.data import (NC, NCARD, MARQUISE, EYRIE, ALLIANCE, BT_SAWMILL, BT_WORKSHOP, BT_ROOST, TT_WOOD,
                           EY_ROOST_VP, LEADER_NAMES, HAND_LIMIT)
from root_env.engine.board import ruler
from root_env.game import Game
from root_env.layout import (TOKENS, EY_LEADER, EY_LEADER_STATE, REG, R_B_ROLL_ATT, R_B_ROLL_DEF, CARD_LOC, DECK_N,
                             LOC_AVAILABLE, LOC_DISCARD)
from root_env.scenario import Scenario, card_id
from rules_helpers import (building, card, cl, clearings_offered, do, finish_hits, hand_n, in_discard, in_hand, legal,
                           opt, supply, vp, warriors)

OPPOSITE = {1: 3, 3: 1, 2: 4, 4: 2}
COLUMNS = ("recruit", "move", "battle", "build")
VIZIERS = {"builder": ("recruit", "move"), "charismatic": ("recruit", "battle"),
           "commander": ("move", "battle"), "despot": ("move", "build")}

ANVIL = ("Anvil", "fox")                    # craft: fox -> hammer, 2 VP
FOX_STEEL = ("Foxfolk Steel", "fox")
FOX_TEA = ("Root Tea", "fox")
VISIT = ("A Visit to Friends", "rabbit")    # craft: rabbit -> boot, 1 VP
BAKE_SALE = ("Bake Sale", "rabbit")         # craft: rabbit rabbit -> coins, 3 VP
SACK = ("Mouse-in-a-Sack", "mouse")         # craft: mouse -> bag, 1 VP
MOUSE_TEA = ("Root Tea", "mouse")
BIRD_A = ("Armorers", "bird")
BIRD_B = ("Sappers", "bird")
BIRD_C = ("Crossbow", "bird")


# ------------------------------------------------------------------ helpers



VIZIER = K.A_OPT + K.OPT_VIZIER


def leader_opt(name: str) -> int:
    return K.A_OPT + K.OPT_LEADER + LEADER_NAMES.index(name)


def column_opt(name: str) -> int:
    return K.A_OPT + K.OPT_COLUMN + COLUMNS.index(name)




def roosts(g: Game) -> int:
    return sum(building(g, BT_ROOST, n) for n in range(1, 13))



def leader(g: Game) -> str:
    return LEADER_NAMES[int(g.state[EY_LEADER])]


def leader_state(g: Game, name: str) -> int:
    """0 face up (available), 1 current, 2 face down."""
    return int(g.state[EY_LEADER_STATE + LEADER_NAMES.index(name)])


def decree(g: Game) -> dict:
    return g.to_dict()["eyrie"]["decree"]


def move(g: Game, frm: int, to: int, n: int) -> None:
    do(g, cl(frm), cl(to), K.A_COUNT + n - 1)


def vizier_move(g: Game, frm: int, to: int, n: int = 1) -> None:
    do(g, VIZIER)
    move(g, frm, to, n)


# ------------------------------------------------------------------ 7.3 setup
@pytest.mark.parametrize("corner", [1, 2, 3, 4])
@pytest.mark.parametrize("lead", ["builder", "charismatic", "commander", "despot"])
def test_law_7_3_setup_roost_warriors_leader_and_viziers(corner, lead):
    g = Game.new(seed=100 + corner)
    do(g, cl(corner))
    for _ in range(3):
        do(g, int(g.legal_actions()[0]))  # the Marquise's starting buildings
    # 7.3.2: one roost and six warriors in the corner diagonally opposite the keep.
    opp = OPPOSITE[corner]
    assert building(g, BT_ROOST, opp) == 1 and roosts(g) == 1
    assert warriors(g, "eyrie", opp) == 6
    assert sum(warriors(g, "eyrie", n) for n in range(1, 13)) == 6
    assert supply(g, "eyrie") == 20 - 6  # 7.3.1
    # 7.3.3: the leader is chosen through the action space among the four.
    assert g.decision == "choose leader" and g.current_player == "eyrie"
    assert legal(g) == {leader_opt(n) for n in LEADER_NAMES}
    do(g, leader_opt(lead))
    assert leader(g) == lead
    assert leader_state(g, lead) == 1
    assert all(leader_state(g, n) == 0 for n in LEADER_NAMES if n != lead)  # the rest face up
    # 7.3.4: the Loyal Viziers go into the columns listed on the leader.
    d = decree(g)
    for col in COLUMNS:
        assert d[col] == ["Loyal Vizier"] * VIZIERS[lead].count(col), (col, d)
    # Setup is over: the first player's turn begins.
    assert g.turn == 1 and g.active == "marquise"


# ------------------------------------------------------------------ 7.2.1 crafting
def test_law_7_2_1_crafting_with_roosts_before_the_decree():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1).building("roost", 7).warriors("eyrie", 7, 1)
    sc.building("workshop", 8).warriors("marquise", 8, 1)  # not an Eyrie crafting piece
    sc.hand("eyrie", [VISIT, SACK, BAKE_SALE, ANVIL])
    sc.leader("charismatic").decree("recruit", [MOUSE_TEA])
    g = sc.start("eyrie", at="daylight")
    assert g.decision == "eyrie: craft"
    # One rabbit roost and one mouse roost: rabbit-rabbit and fox costs are out of reach.
    assert legal(g) == {card(VISIT), card(SACK), K.A_DONE}
    do(g, card(VISIT))
    assert legal(g) == {card(SACK), K.A_DONE}  # the rabbit roost was activated
    do(g, card(SACK))
    assert legal(g) == {K.A_DONE}
    assert g.to_dict()["crafted_items"]["eyrie"] == {"boot": 1, "bag": 1}
    do(g, K.A_DONE)
    # Then the Decree, with no more crafting.
    assert g.decision == "eyrie: resolve decree"
    assert legal(g) == {card(MOUSE_TEA), VIZIER}


# ------------------------------------------------------------------ 7.2.2 Lords of the Forest
def test_law_7_2_2_lords_of_the_forest_ruler():
    sc = Scenario(seed=1)
    sc.warriors("eyrie", 8, 2).warriors("marquise", 8, 2)            # tie of warriors
    sc.warriors("eyrie", 7, 2).warriors("marquise", 7, 1).building("sawmill", 7)  # tie with a building
    sc.warriors("eyrie", 9, 2).warriors("marquise", 9, 3)            # the Marquise have more
    sc.warriors("marquise", 5, 1)
    s = sc.state
    assert ruler(s, 8 - 1) == EYRIE
    assert ruler(s, 7 - 1) == EYRIE
    assert ruler(s, 9 - 1) == MARQUISE
    assert ruler(s, 5 - 1) == MARQUISE
    assert ruler(s, 1 - 1) == -1  # an empty clearing: nobody, not the Eyrie


def test_law_7_2_2_tied_clearings_are_ruled_for_building_roosts():
    sc = Scenario(seed=1)
    sc.leader("despot")  # viziers: move, build
    sc.warriors("eyrie", 8, 2).warriors("marquise", 8, 2)
    sc.warriors("eyrie", 7, 2).warriors("marquise", 7, 1).building("sawmill", 7)
    sc.warriors("eyrie", 9, 2).warriors("marquise", 9, 3)
    sc.warriors("eyrie", 5, 1)
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 5, 1)
    do(g, VIZIER)
    assert g.decision == "build roost: where"
    assert clearings_offered(g) == {1, 7, 8}


def test_law_7_2_2_eyrie_do_not_rule_empty_clearings():
    # Outnumbered in fox clearing 8 and every neighbour empty: no move is possible from 8.
    sc = Scenario(seed=1)
    sc.leader("despot").warriors("eyrie", 8, 1).warriors("marquise", 8, 2)
    sc.decree("move", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, card(ANVIL))
    assert g.decision == "choose leader"  # turmoil: the move cannot be taken

    # A neighbour where the Eyrie tie: they rule it, and may move there.
    sc = Scenario(seed=1)
    sc.leader("despot").warriors("eyrie", 8, 1).warriors("marquise", 8, 2)
    sc.warriors("eyrie", 4, 1).warriors("marquise", 4, 1)
    sc.decree("move", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, card(ANVIL))
    assert g.decision == "move: from" and legal(g) == {cl(8)}
    do(g, cl(8))
    assert legal(g) == {cl(4)}


# ------------------------------------------------------------------ 7.2.3 Disdain for Trade
@pytest.mark.parametrize("lead,gain", [("builder", 2), ("charismatic", 1), ("commander", 1), ("despot", 1)])
def test_law_7_2_3_disdain_for_trade_and_7_8_1_builder(lead, gain):
    sc = Scenario(seed=1)
    sc.leader(lead).building("roost", 8).warriors("eyrie", 8, 1)
    sc.hand("eyrie", [ANVIL])  # 2 VP on the card
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, card(ANVIL))
    assert vp(g, "eyrie") == gain
    assert g.to_dict()["crafted_items"]["eyrie"] == {"hammer": 1}


def test_law_7_2_3_disdain_for_trade_three_vp_item():
    sc = Scenario(seed=1)
    sc.building("roost", 3).building("roost", 5).warriors("eyrie", 3, 1).warriors("eyrie", 5, 1)
    sc.hand("eyrie", [BAKE_SALE])  # 3 VP on the card
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, card(BAKE_SALE))
    assert vp(g, "eyrie") == 1


# ------------------------------------------------------------------ 7.4 Birdsong
def test_law_7_4_1_emergency_orders_empty_hand_draws_one():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1)
    sc.deck_top([FOX_TEA])
    g = sc.start("eyrie", at="birdsong")
    assert hand_n(g, "eyrie") == 1 and in_hand(g, "eyrie", FOX_TEA)
    assert g.decision == "decree: add card" and legal(g) == {card(FOX_TEA)}


def test_law_7_4_1_no_emergency_orders_with_cards_in_hand():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1)
    sc.hand("eyrie", [SACK]).deck_top([FOX_TEA])
    g = sc.start("eyrie", at="birdsong")
    assert hand_n(g, "eyrie") == 1 and not in_hand(g, "eyrie", FOX_TEA)
    assert legal(g) == {card(SACK)}


def test_law_7_4_2_add_one_or_two_cards_only_one_bird():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1)
    sc.hand("eyrie", [BIRD_A, BIRD_B, ANVIL, SACK])
    g = sc.start("eyrie", at="eyrie_add_to_decree")
    # At least one card: no way to decline yet.
    assert legal(g) == {card(BIRD_A), card(BIRD_B), card(ANVIL), card(SACK)}
    do(g, card(BIRD_A))
    assert g.decision == "decree: column"
    assert legal(g) == {column_opt(c) for c in COLUMNS}  # any column
    do(g, column_opt("build"))
    # The second card may not be a bird; it may be skipped.
    assert g.decision == "decree: add card"
    assert legal(g) == {card(ANVIL), card(SACK), K.A_DONE}
    do(g, card(ANVIL), column_opt("build"))  # same column is fine
    # Two cards added: no third.
    assert g.decision != "decree: add card"
    d = decree(g)
    assert sorted(d["build"]) == sorted(["Armorers (bird)", "Anvil (fox)"])
    assert hand_n(g, "eyrie") == 2


def test_law_7_4_2_bird_may_be_the_second_card():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1)
    sc.hand("eyrie", [BIRD_A, ANVIL])
    g = sc.start("eyrie", at="eyrie_add_to_decree")
    do(g, card(ANVIL), column_opt("recruit"))
    assert legal(g) == {card(BIRD_A), K.A_DONE}
    do(g, card(BIRD_A), column_opt("move"))
    assert decree(g)["move"] == ["Armorers (bird)", "Loyal Vizier"]


def test_law_7_4_2_add_only_one_card():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1)
    sc.hand("eyrie", [ANVIL, SACK])
    g = sc.start("eyrie", at="eyrie_add_to_decree")
    do(g, card(SACK), column_opt("recruit"), K.A_DONE)
    assert g.phase == "daylight"
    assert decree(g)["recruit"] == ["Mouse-in-a-Sack (mouse)"] and in_hand(g, "eyrie", ANVIL)


def test_law_7_4_2_only_birds_left_after_a_bird():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1)
    sc.hand("eyrie", [BIRD_A, BIRD_B])
    g = sc.start("eyrie", at="eyrie_add_to_decree")
    do(g, card(BIRD_A), column_opt("recruit"))
    assert g.decision != "decree: add card"
    assert in_hand(g, "eyrie", BIRD_B)


def test_law_7_4_3_a_new_roost_fewest_warriors_choice_among_ties():
    sc = Scenario(seed=1)
    sc.token("keep", 1)                                    # empty but the keep's clearing
    sc.building("sawmill", 3)                              # empty but no open slot
    for n in (2, 4, 5, 7, 9, 10, 11, 12):
        sc.warriors("marquise", n, 1)
    # 6 and 8 are empty with open slots: the fewest warriors (0).
    sc.hand("eyrie", [ANVIL])
    g = sc.start("eyrie", at="eyrie_add_to_decree")
    do(g, card(ANVIL), column_opt("battle"))
    assert g.decision == "a new roost: clearing" and g.current_player == "eyrie"
    assert clearings_offered(g) == {6, 8}
    sup = supply(g, "eyrie")
    do(g, cl(8))
    assert building(g, BT_ROOST, 8) == 1 and roosts(g) == 1
    assert warriors(g, "eyrie", 8) == 3 and supply(g, "eyrie") == sup - 3


def test_law_7_4_3_a_new_roost_counts_all_warriors():
    sc = Scenario(seed=1)
    for n in range(1, 13):
        sc.warriors("marquise", n, 2)
    sc.warriors("marquise", 6, 1).warriors("eyrie", 9, 1)  # 6: one Marquise warrior; 9: one Eyrie warrior
    sc.hand("eyrie", [ANVIL])
    g = sc.start("eyrie", at="eyrie_add_to_decree")
    do(g, card(ANVIL), column_opt("battle"))
    assert g.decision == "a new roost: clearing"
    assert clearings_offered(g) == {6}


def test_law_7_4_3_no_new_roost_with_a_roost_on_the_map():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1)
    sc.hand("eyrie", [ANVIL])
    g = sc.start("eyrie", at="eyrie_add_to_decree")
    do(g, card(ANVIL), column_opt("battle"))
    assert g.decision != "a new roost: clearing"
    assert roosts(g) == 1 and warriors(g, "eyrie", 3) == 1


# ------------------------------------------------------------------ 7.5.2 resolving the Decree
def test_law_7_5_2_leftmost_column_first_cards_in_any_order():
    sc = Scenario(seed=1)
    sc.leader("builder")  # viziers: recruit, move
    sc.building("roost", 8).warriors("eyrie", 8, 2)
    sc.decree("recruit", [ANVIL]).decree("move", [FOX_STEEL]).decree("build", [FOX_TEA])
    g = sc.start("eyrie", at="eyrie_decree")
    assert g.decision == "eyrie: resolve decree"
    # Only the recruit column; its cards in any order; no way to skip.
    assert legal(g) == {card(ANVIL), VIZIER}
    do(g, VIZIER, cl(8))
    assert legal(g) == {card(ANVIL)}
    do(g, card(ANVIL), cl(8))
    assert warriors(g, "eyrie", 8) == 4
    # Then the move column.
    assert legal(g) == {card(FOX_STEEL), VIZIER}
    do(g, card(FOX_STEEL))
    move(g, 8, 7, 1)
    vizier_move(g, 8, 4, 1)
    # Battle column empty; then build.
    assert legal(g) == {card(FOX_TEA)}


def test_law_7_5_2_recruit_at_a_matching_roost():
    sc = Scenario(seed=1)
    sc.leader("builder")
    sc.building("roost", 8).warriors("eyrie", 8, 1).building("roost", 3).warriors("eyrie", 3, 1)
    sc.decree("recruit", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, card(ANVIL))
    assert g.decision == "recruit: where" and clearings_offered(g) == {8}
    do(g, cl(8))
    assert warriors(g, "eyrie", 8) == 2
    do(g, VIZIER)  # a Loyal Vizier is a bird: any roost
    assert clearings_offered(g) == {8, 3}
    do(g, cl(3))
    assert warriors(g, "eyrie", 3) == 2


def test_law_7_5_2_move_from_a_matching_clearing():
    sc = Scenario(seed=1)
    sc.leader("despot")  # viziers: move, build
    sc.warriors("eyrie", 8, 2).warriors("eyrie", 5, 2)
    sc.decree("move", [VISIT])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, card(VISIT))
    assert g.decision == "move: from" and clearings_offered(g) == {5}  # rabbit only
    assert K.A_DONE not in legal(g)
    move(g, 5, 2, 1)
    do(g, VIZIER)
    assert clearings_offered(g) == {8, 5, 2}  # bird: any suit
    move(g, 8, 7, 2)
    assert warriors(g, "eyrie", 7) == 2 and warriors(g, "eyrie", 2) == 1


def test_law_7_5_2_battle_in_a_matching_clearing():
    sc = Scenario(seed=1)
    sc.leader("despot")
    sc.warriors("eyrie", 8, 2).warriors("marquise", 8, 1).warriors("eyrie", 7, 2).warriors("marquise", 7, 1)
    sc.warriors("eyrie", 5, 1)
    sc.decree("battle", [SACK])
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 5, 1)
    do(g, card(SACK))
    assert g.decision == "battle: where" and clearings_offered(g) == {7}  # mouse only
    assert K.A_DONE not in legal(g)


def test_law_7_5_2_build_a_roost_in_a_matching_ruled_clearing_without_one():
    sc = Scenario(seed=1)
    sc.leader("despot")
    sc.building("roost", 8).warriors("eyrie", 8, 2)   # fox, has a roost
    sc.warriors("eyrie", 12, 1)                        # fox, ruled, no roost
    sc.warriors("eyrie", 1, 1).warriors("marquise", 1, 2)  # fox, not ruled
    sc.warriors("eyrie", 5, 1)                         # rabbit, ruled
    sc.decree("build", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 8, 4, 1)
    do(g, card(ANVIL))
    assert g.decision == "build roost: where" and clearings_offered(g) == {12}
    do(g, cl(12))
    assert building(g, BT_ROOST, 12) == 1
    do(g, VIZIER)
    assert clearings_offered(g) == {4, 5}


def test_law_7_5_2_decree_done_daylight_ends():
    sc = Scenario(seed=1)
    sc.leader("builder")
    sc.building("roost", 8).warriors("eyrie", 8, 2).building("roost", 3).building("roost", 7)
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, VIZIER, cl(8))
    vizier_move(g, 8, 7, 1)
    # Evening: roost VP (3 roosts: 2) and draws (1 + 1 bonus at 3 roosts).
    assert vp(g, "eyrie") == 2 and hand_n(g, "eyrie") == 2
    assert g.active == "marquise"


# ------------------------------------------------------------------ 7.7 turmoil
def _turmoil_scenario(vp_start=5, lead="despot", deposed=()):
    """Recruit (mouse) succeeds, then a fox move that cannot be taken: turmoil."""
    sc = Scenario(seed=1)
    sc.leader(lead, deposed=deposed).vp("eyrie", vp_start)
    sc.building("roost", 7).warriors("eyrie", 7, 1).building("roost", 3).building("roost", 9)
    sc.decree("recruit", [SACK]).decree("move", [ANVIL, BIRD_A]).decree("build", [VISIT])
    return sc


def test_law_7_7_turmoil_humiliate_purge_depose_rest():
    g = _turmoil_scenario().start("eyrie", at="eyrie_decree")
    do(g, card(SACK), cl(7))         # resolved
    do(g, card(ANVIL))               # no Eyrie warrior in a fox clearing: cannot move
    # 7.7.1 Humiliate: one VP per bird card on the Decree, Loyal Viziers included: 1 + 2.
    assert vp(g, "eyrie") == 5 - 3
    # 7.7.2 Purge: every Decree card but the viziers is discarded (resolved ones too).
    for c in (SACK, ANVIL, BIRD_A, VISIT):
        assert in_discard(g, c), c
    # 7.7.3 Depose: the Despot is face down; a new leader from the face-up ones.
    assert leader_state(g, "despot") == 2
    assert g.decision == "choose leader" and g.current_player == "eyrie"
    assert legal(g) == {leader_opt("builder"), leader_opt("charismatic"), leader_opt("commander")}
    do(g, leader_opt("commander"))
    assert leader(g) == "commander" and leader_state(g, "commander") == 1 and leader_state(g, "despot") == 2
    d = decree(g)
    assert d == {"recruit": [], "move": ["Loyal Vizier"], "battle": ["Loyal Vizier"], "build": []}
    # 7.7.4 Rest: Daylight ends; Evening scores 3 roosts (2 VP) and draws 2.
    assert vp(g, "eyrie") == 2 + 2
    assert hand_n(g, "eyrie") == 2
    assert g.active == "marquise"


def test_law_7_7_1_humiliate_does_not_go_below_zero():
    g = _turmoil_scenario(vp_start=1).start("eyrie", at="eyrie_decree")
    do(g, card(SACK), cl(7), card(ANVIL))
    assert vp(g, "eyrie") == 0


def test_law_7_7_1_humiliate_counts_only_bird_cards():
    sc = Scenario(seed=1)
    sc.leader("despot").vp("eyrie", 10)
    sc.decree("move", [ANVIL, SACK]).decree("build", [VISIT, FOX_TEA])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, card(ANVIL))
    assert vp(g, "eyrie") == 10 - 2  # the two viziers only


def test_law_7_7_3_depose_only_face_up_leaders():
    g = _turmoil_scenario(deposed=("builder",)).start("eyrie", at="eyrie_decree")
    do(g, card(SACK), cl(7), card(ANVIL))
    assert legal(g) == {leader_opt("charismatic"), leader_opt("commander")}
    do(g, leader_opt("charismatic"))
    assert leader_state(g, "builder") == 2 and leader_state(g, "despot") == 2
    d = decree(g)
    assert d["recruit"] == ["Loyal Vizier"] and d["battle"] == ["Loyal Vizier"]


def test_law_7_7_3_a_new_clutch():
    g = _turmoil_scenario(deposed=("builder", "charismatic", "commander")).start("eyrie", at="eyrie_decree")
    do(g, card(SACK), cl(7), card(ANVIL))
    # None face up: flip them all face up.
    assert legal(g) == {leader_opt(n) for n in LEADER_NAMES}
    do(g, leader_opt("builder"))
    assert leader(g) == "builder"
    assert all(leader_state(g, n) == 0 for n in LEADER_NAMES if n != "builder")


@pytest.mark.parametrize("column", COLUMNS)
def test_law_7_7_turmoil_when_any_column_action_is_impossible(column):
    # Nothing of the Eyrie's in any fox clearing: a fox card cannot be resolved in any column.
    sc = Scenario(seed=1)
    sc.leader("despot").vp("eyrie", 9)
    sc.building("roost", 3).warriors("eyrie", 3, 2).warriors("marquise", 3, 1)
    sc.warriors("marquise", 8, 1)
    sc.decree(column, [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    if column in ("battle", "build"):
        vizier_move(g, 3, 7, 1)  # the Despot's move vizier comes first
    do(g, card(ANVIL))
    assert g.decision == "choose leader"
    assert vp(g, "eyrie") == 9 - 2


def test_law_7_7_turmoil_build_with_no_roost_left():
    sc = Scenario(seed=1)
    sc.leader("despot")
    for n in (2, 3, 5, 7, 9, 11, 11):
        sc.building("roost", n, building(sc.game, BT_ROOST, n) + 1)  # all seven roosts on the map
    sc.warriors("eyrie", 3, 1).warriors("eyrie", 12, 1)  # 12: ruled, fox, no roost
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 3, 6, 1)
    do(g, VIZIER)
    assert g.decision == "choose leader"


# ------------------------------------------------------------------ 7.6 Evening
ROOST_SPOTS = (2, 3, 5, 7, 8, 9, 11)


@pytest.mark.parametrize("r", range(8))
def test_law_7_6_1_roost_vp_and_7_6_2_draw_bonuses(r):
    sc = Scenario(seed=1)
    for n in ROOST_SPOTS[:r]:
        sc.building("roost", n).warriors("eyrie", n, 1)
    g = sc.start("eyrie", at="evening")
    assert vp(g, "eyrie") == [0, 0, 1, 2, 3, 4, 4, 5][r] == EY_ROOST_VP[r]
    assert hand_n(g, "eyrie") == 1 + (r >= 3) + (r >= 6)
    assert g.active == "marquise"


def test_law_7_6_2_discard_down_to_five():
    sc = Scenario(seed=1)
    for n in ROOST_SPOTS[:3]:
        sc.building("roost", n).warriors("eyrie", n, 1)  # draw 2
    sc.hand("eyrie", [ANVIL, SACK, VISIT, BIRD_A, BIRD_B])
    g = sc.start("eyrie", at="evening")
    assert hand_n(g, "eyrie") == 7
    assert g.decision == "discard (hand limit)" and g.current_player == "eyrie"
    do(g, card(ANVIL), card(SACK))
    assert hand_n(g, "eyrie") == HAND_LIMIT
    assert g.active == "marquise"


# ------------------------------------------------------------------ 7.8 leaders
def test_law_7_8_2_charismatic_recruits_two():
    sc = Scenario(seed=1)
    sc.leader("charismatic").building("roost", 8).warriors("eyrie", 8, 1)
    g = sc.start("eyrie", at="eyrie_decree")
    sup = supply(g, "eyrie")
    do(g, VIZIER, cl(8))
    assert warriors(g, "eyrie", 8) == 3 and supply(g, "eyrie") == sup - 2


def test_law_7_8_2_charismatic_one_warrior_left_is_turmoil():
    sc = Scenario(seed=1)
    sc.leader("charismatic").vp("eyrie", 5).building("roost", 8).warriors("eyrie", 8, 19)
    g = sc.start("eyrie", at="eyrie_decree")
    assert supply(g, "eyrie") == 1
    do(g, VIZIER)
    assert g.decision == "choose leader"
    assert vp(g, "eyrie") == 3 and warriors(g, "eyrie", 8) == 19


def test_law_7_8_2_other_leaders_recruit_one():
    sc = Scenario(seed=1)
    sc.leader("builder").building("roost", 8).warriors("eyrie", 8, 19)
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, VIZIER, cl(8))
    assert warriors(g, "eyrie", 8) == 20 and supply(g, "eyrie") == 0
    assert g.decision == "eyrie: resolve decree"


@pytest.mark.parametrize("seed", range(1, 9))
def test_law_7_8_3_commander_extra_hit_as_attacker(seed):
    sc = Scenario(seed=seed)  # Commander: viziers in move and battle
    sc.warriors("eyrie", 8, 3).warriors("marquise", 8, 5).warriors("eyrie", 5, 1)
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 5, 1)
    do(g, VIZIER, cl(8), K.A_FACTION + MARQUISE)
    att = int(g.state[REG + R_B_ROLL_ATT])
    assert 5 - warriors(g, "marquise", 8) == att + 1
    assert 3 - warriors(g, "eyrie", 8) == int(g.state[REG + R_B_ROLL_DEF])


@pytest.mark.parametrize("seed", range(1, 9))
def test_law_7_8_3_no_extra_hit_for_other_leaders(seed):
    sc = Scenario(seed=seed)
    sc.leader("despot").warriors("eyrie", 8, 3).warriors("marquise", 8, 5).warriors("eyrie", 5, 1)
    sc.decree("battle", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 5, 1)
    do(g, card(ANVIL), cl(8), K.A_FACTION + MARQUISE)
    assert 5 - warriors(g, "marquise", 8) == int(g.state[REG + R_B_ROLL_ATT])


@pytest.mark.parametrize("seed", range(1, 9))
def test_law_7_8_3_commander_no_extra_hit_as_defender(seed):
    sc = Scenario(seed=seed)
    sc.warriors("marquise", 8, 3).warriors("eyrie", 8, 5)  # Commander defends
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(8), K.A_FACTION + EYRIE)
    assert 3 - warriors(g, "marquise", 8) == int(g.state[REG + R_B_ROLL_DEF])
    assert 5 - warriors(g, "eyrie", 8) == int(g.state[REG + R_B_ROLL_ATT])


def _despot_battle(seed, lead="despot", marquise=None):
    sc = Scenario(seed=seed)
    sc.leader(lead).warriors("eyrie", 8, 3).warriors("eyrie", 5, 1)
    (marquise or (lambda s: s.building("sawmill", 8).building("workshop", 8)))(sc)
    sc.decree("battle", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    if lead in ("despot", "commander"):
        vizier_move(g, 5, 1)
    do(g, card(ANVIL), cl(8), K.A_FACTION + MARQUISE)
    finish_hits(g)
    return g


def test_law_7_8_4_despot_one_extra_vp_once_per_battle():
    outcomes = set()
    for seed in range(1, 13):
        g = _despot_battle(seed)
        removed = 2 - building(g, BT_SAWMILL, 8) - building(g, BT_WORKSHOP, 8)
        assert removed >= 1  # defenseless: at least one hit
        # One VP per building (3.2.1) plus one extra, once, for the Despot (7.8.4).
        assert vp(g, "eyrie") == removed + 1, (seed, removed)
        outcomes.add(removed)
    assert 2 in outcomes  # two buildings removed in one battle still give one extra VP only


def test_law_7_8_4_despot_extra_vp_for_a_token():
    g = _despot_battle(3, marquise=lambda s: s.token("wood", 8))
    assert g.state[TOKENS + TT_WOOD * NC + 8 - 1] == 0
    assert vp(g, "eyrie") == 2


def test_law_7_8_4_despot_no_extra_vp_for_warriors_only():
    for seed in range(1, 6):
        g = _despot_battle(seed, marquise=lambda s: s.warriors("marquise", 8, 2))
        assert vp(g, "eyrie") == 0


def test_law_7_8_4_other_leaders_score_only_the_removal():
    for seed in range(1, 6):
        g = _despot_battle(seed, lead="commander")
        removed = 2 - building(g, BT_SAWMILL, 8) - building(g, BT_WORKSHOP, 8)
        assert vp(g, "eyrie") == removed


def test_law_7_8_4_despot_as_defender():
    # The Marquise attack the Despot in a clearing holding a sawmill; if the Despot's hits reach
    # the sawmill, he scores 1 + 1.
    seen = False
    for seed in range(1, 40):
        sc = Scenario(seed=seed)
        sc.leader("despot").warriors("eyrie", 8, 3)
        sc.warriors("marquise", 8, 1).building("sawmill", 8)
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(8), K.A_FACTION + EYRIE)
        finish_hits(g)
        lost = building(g, BT_SAWMILL, 8) == 0
        assert vp(g, "eyrie") == (2 if lost else 0), seed
        seen = seen or lost
        if seen:
            break
    assert seen


# ================================================================== audit additions (issue 12)
# Four players where a rule needs dominance cards in the deck or a third faction.
FOUR = ("marquise", "eyrie", "alliance", "vagabond")
FOX_DOM = ("Dominance", "fox")
BIRD_DOM = ("Dominance", "bird")
FOX_AMBUSH = ("Ambush!", "fox")


def card_loc(g: Game, c) -> int:
    return int(g.state[CARD_LOC + card_id(c)])


def pass_turn(g: Game, faction: str) -> None:
    """Play out `faction`'s turn taking 'done' where offered, otherwise the first option."""
    while g.active == faction and not g.is_over:
        options = legal(g)
        g.apply(K.A_DONE if K.A_DONE in options else min(options))


# ------------------------------------------------------------------ 7.3.2 setup without the Marquise
@pytest.mark.parametrize("factions", [("eyrie", "alliance"), ("eyrie", "alliance", "vagabond")])
@pytest.mark.parametrize("corner", [1, 2, 3, 4])
def test_law_7_3_2_setup_without_the_marquise_corner_of_choice(factions, corner):
    g = Game.new(factions, seed=7)
    # No keep on the map: the Eyrie choose any corner clearing.
    assert g.decision == "setup: eyrie corner" and g.current_player == "eyrie"
    assert clearings_offered(g) == {1, 2, 3, 4}
    do(g, cl(corner))
    assert building(g, BT_ROOST, corner) == 1 and roosts(g) == 1
    assert warriors(g, "eyrie", corner) == 6 and supply(g, "eyrie") == 20 - 6
    assert g.decision == "choose leader" and g.current_player == "eyrie"


# ------------------------------------------------------------------ 7.7.2 Purge and 3.3.3
def test_law_7_7_2_purge_makes_a_dominance_card_available():
    sc = Scenario(FOUR, seed=1)
    sc.leader("despot").vp("eyrie", 6)
    sc.decree("move", [ANVIL]).decree("battle", [BIRD_DOM]).decree("build", [FOX_DOM])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, card(ANVIL))  # no Eyrie warrior in a fox clearing: turmoil
    # 7.7.1: the bird dominance card is a bird card on the Decree (two viziers + one).
    assert vp(g, "eyrie") == 6 - 3
    # 7.7.2 Purge discards; 3.3.3: a discarded dominance card is placed near the map, available.
    assert card_loc(g, FOX_DOM) == LOC_AVAILABLE and card_loc(g, BIRD_DOM) == LOC_AVAILABLE
    assert in_discard(g, ANVIL)
    assert g.decision == "choose leader"


# ------------------------------------------------------------------ 7.5.2.I recruit, empty supply
@pytest.mark.parametrize("lead", LEADER_NAMES)
def test_law_7_5_2_i_recruit_with_an_empty_supply_is_turmoil_for_every_leader(lead):
    sc = Scenario(seed=1)
    sc.leader(lead).vp("eyrie", 5).building("roost", 8).warriors("eyrie", 8, 20)
    sc.decree("recruit", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    assert supply(g, "eyrie") == 0
    do(g, card(ANVIL))
    # Not a single warrior can be placed: the action cannot be fully taken (7.5.2), turmoil (7.7).
    assert g.decision == "choose leader"
    assert warriors(g, "eyrie", 8) == 20
    assert vp(g, "eyrie") == 5 - 2 and leader_state(g, lead) == 2


# ------------------------------------------------------------------ 7.5.2.IV build refused
def _build_scenario(open_six: bool):
    sc = Scenario(seed=1)
    sc.leader("despot")  # viziers: move, build
    sc.warriors("eyrie", 8, 3).building("sawmill", 8).building("workshop", 8)  # ruled, both slots full
    sc.token("keep", 1).warriors("eyrie", 1, 1)                                 # ruled, the keep's clearing
    sc.warriors("eyrie", 12, 2).building("recruiter", 12)                       # ruled, ruin + recruiter: full
    if open_six:
        sc.warriors("eyrie", 6, 1)                                              # ruled, ruin + one open slot
    sc.warriors("eyrie", 5, 1)
    sc.decree("build", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 5, 2, 1)
    return g


def test_law_7_5_2_iv_build_refused_in_a_full_clearing_and_the_keeps_clearing():
    g = _build_scenario(open_six=True)
    do(g, card(ANVIL))
    # 2.2.3 no open slot in 8 or 12; 6.2.2 only the Marquise places pieces where the keep is.
    assert g.decision == "build roost: where" and clearings_offered(g) == {6}
    g = _build_scenario(open_six=False)
    do(g, card(ANVIL))
    assert g.decision == "choose leader"  # no fox clearing can take the roost: turmoil
    assert roosts(g) == 0


# ------------------------------------------------------------------ 7.5.2.III bird card in Battle
def test_law_7_5_2_iii_bird_card_in_the_battle_column_battles_in_any_suit():
    sc = Scenario(seed=1)
    sc.leader("despot")
    for n in (8, 5, 7):  # fox, rabbit, mouse
        sc.warriors("eyrie", n, 2).warriors("marquise", n, 1)
    sc.warriors("eyrie", 3, 1)
    sc.decree("battle", [BIRD_A])
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 3, 11, 1)
    do(g, card(BIRD_A))
    assert g.decision == "battle: where" and clearings_offered(g) == {8, 5, 7}
    assert K.A_DONE not in legal(g)


# ------------------------------------------------------------------ 7.8.3 Commander
@pytest.mark.parametrize("seed", range(1, 7))
def test_law_7_8_3_commander_extra_hit_in_a_command_warren_battle(seed):
    sc = Scenario(seed=seed)  # the Commander
    sc.crafted("eyrie", ("Command Warren", "rabbit"))
    sc.warriors("eyrie", 8, 3).warriors("marquise", 8, 5)
    g = sc.start("eyrie", at="daylight")
    # Command Warren: at the start of Daylight the Eyrie may battle; the Commander attacks.
    assert g.decision == "battle: where" and g.current_player == "eyrie"
    assert clearings_offered(g) == {8} and K.A_DONE in legal(g)
    do(g, cl(8), K.A_FACTION + MARQUISE)
    att = int(g.state[REG + R_B_ROLL_ATT])
    assert 5 - warriors(g, "marquise", 8) == att + 1
    assert g.decision == "eyrie: craft"  # then the Eyrie's Daylight goes on


def test_law_7_8_3_commander_extra_hit_with_a_single_warrior():
    rolled = set()
    for seed in range(1, 80):
        if rolled == {0, 1}:
            break
        sc = Scenario(seed=seed)
        sc.warriors("eyrie", 8, 1).warriors("marquise", 8, 5).warriors("eyrie", 5, 1)
        g = sc.start("eyrie", at="eyrie_decree")
        vizier_move(g, 5, 1)
        do(g, VIZIER, cl(8), K.A_FACTION + MARQUISE)
        att = int(g.state[REG + R_B_ROLL_ATT])
        assert att <= 1  # 4.3.2.I: rolled hits at most the one warrior
        # 4.3.2.II: the extra hit is not limited by the warriors in the clearing.
        assert 5 - warriors(g, "marquise", 8) == att + 1, seed
        rolled.add(att)
    assert rolled == {0, 1}


# ------------------------------------------------------------------ 7.8.4 Despot (seed 002)
def test_law_7_8_4_despot_one_extra_vp_in_each_battle():
    for seed in range(1, 7):
        sc = Scenario(seed=seed)
        sc.leader("despot").warriors("eyrie", 5, 1)
        sc.warriors("eyrie", 8, 2).building("sawmill", 8)
        sc.warriors("eyrie", 12, 2).building("workshop", 12)
        sc.decree("battle", [ANVIL, FOX_TEA])
        g = sc.start("eyrie", at="eyrie_decree")
        vizier_move(g, 5, 1)
        do(g, card(ANVIL), cl(8), K.A_FACTION + MARQUISE)
        assert building(g, BT_SAWMILL, 8) == 0 and vp(g, "eyrie") == 1 + 1
        do(g, card(FOX_TEA), cl(12), K.A_FACTION + MARQUISE)
        assert building(g, BT_WORKSHOP, 12) == 0 and vp(g, "eyrie") == 2 + 2  # one extra per battle


def test_law_7_8_4_despot_no_extra_vp_from_a_favor_card():
    sc = Scenario(seed=1)
    sc.leader("despot")
    for n in (1, 6, 8):
        sc.building("roost", n).warriors("eyrie", n, 1)
    sc.warriors("marquise", 12, 2).building("sawmill", 12).token("wood", 12)
    sc.hand("eyrie", [("Favor of the Foxes", "fox")])
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, card(("Favor of the Foxes", "fox")))
    assert warriors(g, "marquise", 12) == 0 and building(g, BT_SAWMILL, 12) == 0
    # 3.2.1: one VP per building and token; no Despot point, as this is not a battle.
    assert vp(g, "eyrie") == 2


def test_law_7_8_4_despot_extra_vp_from_its_own_ambush_as_defender():
    for seed in range(1, 5):
        sc = Scenario(seed=seed)
        sc.leader("despot").warriors("eyrie", 8, 2).hand("eyrie", [FOX_AMBUSH])
        sc.warriors("marquise", 8, 1).building("sawmill", 8)
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(8), K.A_FACTION + EYRIE)
        assert g.decision == "ambush?" and g.current_player == "eyrie"
        do(g, card(FOX_AMBUSH))
        finish_hits(g)
        # Two hits: the attacking warrior, then the sawmill; no attacker left, the battle ends.
        assert warriors(g, "marquise", 8) == 0 and building(g, BT_SAWMILL, 8) == 0
        assert vp(g, "eyrie") == 1 + 1
        assert warriors(g, "eyrie", 8) == 2 and g.active == "marquise"


# ------------------------------------------------------------------ 7.5.2 the Decree persists
def test_law_7_5_2_decree_persists_and_is_resolved_again_next_turn():
    sc = Scenario(seed=1)
    sc.leader("builder")  # viziers: recruit, move
    sc.building("roost", 7).warriors("eyrie", 7, 1).building("roost", 8).warriors("eyrie", 8, 1)
    sc.decree("recruit", [SACK])
    sc.deck_top([VISIT, ANVIL])  # the Eyrie draw the Anvil in Evening, the Marquise the Visit
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, card(SACK), cl(7), VIZIER, cl(8))
    vizier_move(g, 8, 4, 1)
    assert g.active == "marquise" and in_hand(g, "eyrie", ANVIL)
    assert decree(g)["recruit"] == ["Mouse-in-a-Sack (mouse)", "Loyal Vizier"]
    pass_turn(g, "marquise")
    # Next Birdsong: the Decree still holds last turn's cards; one more card is added.
    assert g.active == "eyrie" and g.decision == "decree: add card"
    do(g, card(ANVIL), column_opt("recruit"))  # the only card in hand
    assert sorted(decree(g)["recruit"]) == ["Anvil (fox)", "Loyal Vizier", "Mouse-in-a-Sack (mouse)"]
    assert g.decision == "eyrie: craft"
    do(g, K.A_DONE)  # no crafting
    assert g.decision == "eyrie: resolve decree"
    assert legal(g) == {card(SACK), card(ANVIL), VIZIER}  # every card resolved again
    do(g, card(SACK), cl(7), card(ANVIL), cl(8), VIZIER, cl(8))
    assert warriors(g, "eyrie", 7) == 3 and warriors(g, "eyrie", 8) == 3


# ------------------------------------------------------------------ 7.4.1 with a reshuffle
def test_law_7_4_1_emergency_orders_reshuffle_the_discard_pile():
    sc = Scenario(seed=1)
    sc.building("roost", 3).warriors("eyrie", 3, 1)
    sc.discard(ANVIL).discard(SACK)
    sc.empty_deck()
    s = sc.state
    pile = sum(1 for c in range(NCARD) if s[CARD_LOC + c] == LOC_DISCARD)
    assert int(s[DECK_N]) == 0 and pile > 2
    g = sc.start("eyrie", at="birdsong")
    # 2.1.2: the empty deck is formed again from the discard pile, then one card is drawn.
    assert hand_n(g, "eyrie") == 1
    assert int(g.state[DECK_N]) == pile - 1
    assert not any(int(g.state[CARD_LOC + c]) == LOC_DISCARD for c in range(NCARD))
    assert g.decision == "decree: add card"


# ------------------------------------------------------------------ 7.2.2 three-way ties
@pytest.mark.parametrize("seating", [FOUR, ("alliance", "vagabond", "eyrie", "marquise"),
                                     ("vagabond", "marquise", "alliance", "eyrie")])
def test_law_7_2_2_three_way_ties_and_eyrie_tied_but_not_most(seating):
    sc = Scenario(seating, seed=1)
    sc.warriors("marquise", 1, 2).warriors("eyrie", 1, 2).warriors("alliance", 1, 2)   # three-way tie
    sc.warriors("marquise", 2, 1).building("sawmill", 2).warriors("alliance", 2, 2)
    sc.warriors("eyrie", 2, 1)                                                          # M 2, A 2, E 1
    sc.warriors("marquise", 3, 3).warriors("eyrie", 3, 2).warriors("alliance", 3, 2)   # E tied, not most
    sc.warriors("marquise", 5, 1).warriors("eyrie", 5, 1).building("base_rabbit", 5)
    sc.warriors("alliance", 5, 1)                                                       # A 2 beats E 1, M 1
    sc.warriors("marquise", 6, 2).warriors("alliance", 6, 2).vagabond("thief", at=6)  # tie, pawn no warrior
    s = sc.state
    assert ruler(s, 1 - 1) == EYRIE   # 7.2.2: tied for most
    assert ruler(s, 2 - 1) == -1      # 2.8: tie of others, the Eyrie fewer
    assert ruler(s, 3 - 1) == MARQUISE
    assert ruler(s, 5 - 1) == ALLIANCE
    assert ruler(s, 6 - 1) == -1


# ------------------------------------------------------------------ 3.3.1 with Lords of the Forest
# Pieces with which the Eyrie rule the clearings a dominance card needs, some only by a tie.
TIED_RULE = {
    "fox": (FOX_DOM, [("eyrie", 1, 1), ("marquise", 1, 1), ("eyrie", 6, 2), ("eyrie", 8, 2), ("alliance", 8, 2)]),
    "bird": (BIRD_DOM, [("eyrie", 2, 1), ("marquise", 2, 1), ("eyrie", 4, 2), ("alliance", 4, 2)]),  # corners
}


@pytest.mark.parametrize("suit", TIED_RULE)
def test_law_7_2_2_and_3_3_1_lords_of_the_forest_count_for_a_dominance_win(suit):
    dom, pieces = TIED_RULE[suit]
    sc = Scenario(FOUR, seed=1)
    sc.active_dominance("eyrie", dom)
    for f, n, k in pieces:
        sc.warriors(f, n, k)
    g = sc.start("eyrie", at="birdsong")
    assert g.is_over and g.winners == ["eyrie"]  # 3.3.1, at the start of Birdsong


def test_law_7_2_2_and_3_3_1_clearings_tied_with_the_eyrie_do_not_count_for_others_dominance():
    sc = Scenario(FOUR, seed=1)
    sc.active_dominance("marquise", FOX_DOM)
    sc.warriors("marquise", 1, 1).warriors("marquise", 6, 1)
    sc.warriors("marquise", 8, 2).warriors("eyrie", 8, 2)      # the Eyrie rule the tie
    g = sc.start("marquise", at="birdsong")
    assert not g.is_over and g.active == "marquise"


# ------------------------------------------------------------------ 3.1 reaching 30 VP
def test_law_3_1_eyrie_reach_30_mid_decree_and_win_at_once():
    sc = Scenario(seed=1)
    sc.leader("despot").vp("eyrie", 28)
    sc.warriors("eyrie", 8, 2).building("sawmill", 8).warriors("eyrie", 5, 1)
    # Left to resolve after the battle: a build that cannot be taken (it would be turmoil).
    sc.decree("battle", [ANVIL]).decree("build", [VISIT, SACK])
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 5, 1)
    do(g, card(ANVIL), cl(8), K.A_FACTION + MARQUISE)
    # The sawmill (1) and the Despot's point (1): 30, the game ends in the middle of the Decree.
    assert g.is_over and g.winners == ["eyrie"]
    assert vp(g, "eyrie") == 30
    assert leader(g) == "despot"
    assert sorted(decree(g)["build"]) == ["A Visit to Friends (rabbit)", "Loyal Vizier", "Mouse-in-a-Sack (mouse)"]


def test_law_3_1_eyrie_reach_30_in_evening_and_win_at_once():
    sc = Scenario(seed=1)
    sc.vp("eyrie", 29)
    for n in ROOST_SPOTS[:3]:
        sc.building("roost", n).warriors("eyrie", n, 1)
    g = sc.start("eyrie", at="evening")
    # 7.6.1: three roosts score 2: 31; the game ends then, before the Evening's draw (7.6.2).
    assert g.is_over and g.winners == ["eyrie"]
    assert vp(g, "eyrie") == 31
    assert hand_n(g, "eyrie") == 0

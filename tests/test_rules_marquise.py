"""Law of Root, section 6 (Marquise de Cat): each rule checked in isolation through the action space.

Positions are built with ``root_env.scenario.Scenario``; actions are chosen by id and applied with
``Game.apply``; assertions read ``Game.to_dict()`` or the state regions of ``root_env.layout``.
Clearings are named by their printed number 1..12 (Autumn map):
fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite.
"""
from __future__ import annotations

import pytest

from root_env import codes as K
from root_env.data import (ADJ, NC, MARQUISE, EYRIE, BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER, BT_ROOST, TT_WOOD,
                           TT_KEEP, PIECE_NAMES, MQ_BUILD_COST, MQ_BUILD_VP, HAND_LIMIT)
from root_env.game import Game, IllegalActionError
from root_env.layout import (TOKENS, MQ_ACTIONS, REG, R_B_ROLL_ATT, R_B_ROLL_DEF, PHASE, PH_EVENING)
from root_env.scenario import Scenario
from root_env.errors import ScenarioError
from rules_helpers import building, card, cl, do, hand_n, in_discard, legal, opt, piece, supply, vp, warriors

OPPOSITE = {1: 3, 3: 1, 2: 4, 4: 2}

# Cards used below (name, suit) and what crafting them costs.
ANVIL = ("Anvil", "fox")                    # craft: fox -> hammer, 2 VP
FOX_STEEL = ("Foxfolk Steel", "fox")        # craft: fox fox -> sword, 2 VP
MOUSE_CROSSBOW = ("Crossbow", "mouse")      # craft: fox -> crossbow, 1 VP
FOX_TRAVEL_GEAR = ("Travel Gear", "fox")    # craft: rabbit -> boot
VISIT = ("A Visit to Friends", "rabbit")    # craft: rabbit -> boot
SACK = ("Mouse-in-a-Sack", "mouse")         # craft: mouse -> bag
BIRD_A = ("Armorers", "bird")
BIRD_B = ("Sappers", "bird")
BIRD_C = ("Crossbow", "bird")


# ------------------------------------------------------------------ helpers



def on_map(g: Game, faction: str) -> int:
    return sum(warriors(g, faction, n) for n in range(1, 13))



def wood(g: Game, n: int) -> int:
    return int(g.state[TOKENS + TT_WOOD * NC + n - 1])


def keep_at(g: Game) -> list[int]:
    return [n for n in range(1, 13) if g.state[TOKENS + TT_KEEP * NC + n - 1] > 0]



def march(g: Game, frm: int, to: int, n: int) -> None:
    """Answer one move: origin, destination, count."""
    do(g, cl(frm), cl(to), K.A_COUNT + n - 1)


def vizier_move(g: Game, frm: int, to: int, n: int = 1) -> None:
    """Resolve a Loyal Vizier in the Eyrie's Move column as a plain move."""
    do(g, opt(K.OPT_VIZIER))
    march(g, frm, to, n)


# ------------------------------------------------------------------ 6.3 setup
@pytest.mark.parametrize("corner", [1, 2, 3, 4])
def test_law_6_3_setup_keep_garrison_and_starting_buildings(corner):
    g = Game.new(seed=10 + corner)
    # 6.3.2: the keep goes in the corner clearing of the Marquise's choice.
    assert g.decision == "setup: keep" and g.current_player == "marquise"
    assert legal(g) == {cl(1), cl(2), cl(3), cl(4)}
    do(g, cl(corner))
    assert keep_at(g) == [corner]
    # 6.3.3: a warrior in each clearing but the diagonally opposite corner.
    for n in range(1, 13):
        assert warriors(g, "marquise", n) == (0 if n == OPPOSITE[corner] else 1), n
    # 6.3.1: 25 warriors in all.
    assert on_map(g, "marquise") + supply(g, "marquise") == 25
    assert supply(g, "marquise") == 14
    # 6.3.4: sawmill, workshop, recruiter, one decision each, in the keep's clearing or adjacent ones.
    allowed = {corner} | {n for n in range(1, 13) if ADJ[corner - 1, n - 1]}
    placed = []
    for bt in (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER):
        assert g.decision == "setup: building" and g.current_player == "marquise"
        offered = {a - K.A_CLEARING + 1 for a in legal(g)}
        assert offered and offered <= allowed
        far = next(n for n in range(1, 13) if n not in allowed)
        with pytest.raises(IllegalActionError):
            g.apply(cl(far))
        choice = max(offered)
        before = building(g, bt, choice)
        do(g, cl(choice))
        assert building(g, bt, choice) == before + 1
        placed.append(choice)
    for bt in (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER):
        assert sum(building(g, bt, n) for n in range(1, 13)) == 1
    assert all(n in allowed for n in placed)
    # The Marquise is done: the Eyrie set up next (their leader is the next decision).
    assert g.current_player == "eyrie" and g.decision == "choose leader"
    assert on_map(g, "marquise") + supply(g, "marquise") == 25


def test_law_6_3_4_starting_buildings_any_combination_in_one_clearing():
    # Corner 2 has two slots: two starting buildings may share the keep's clearing.
    g = Game.new(seed=5)
    do(g, cl(2))
    do(g, cl(2))  # sawmill
    assert cl(2) in legal(g)
    do(g, cl(2))  # workshop
    assert cl(2) not in legal(g)  # no slot left there
    assert building(g, BT_SAWMILL, 2) == building(g, BT_WORKSHOP, 2) == 1
    do(g, cl(5))  # recruiter in an adjacent clearing
    assert building(g, BT_RECRUITER, 5) == 1


# ------------------------------------------------------------------ 6.2.1 crafting
def test_law_6_2_1_crafting_with_workshops_each_once_per_turn():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 8, 1).building("workshop", 8)  # one fox workshop
    sc.hand("marquise", [ANVIL, MOUSE_CROSSBOW, FOX_TRAVEL_GEAR, SACK])
    g = sc.start("marquise", at="daylight")
    assert g.decision == "marquise: craft"
    # Only cards costing the workshop's suit (fox) can be crafted.
    assert legal(g) == {card(ANVIL), card(MOUSE_CROSSBOW), K.A_DONE}
    do(g, card(ANVIL))
    assert vp(g, "marquise") == 2 and g.to_dict()["crafted_items"]["marquise"] == {"hammer": 1}
    # The workshop was activated: it cannot be activated again this turn.
    assert legal(g) == {K.A_DONE}


def test_law_6_2_1_each_workshop_is_one_crafting_piece():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 8, 1).warriors("marquise", 12, 1)
    sc.building("workshop", 8).building("workshop", 12)  # two fox workshops
    sc.hand("marquise", [ANVIL, MOUSE_CROSSBOW, FOX_STEEL])
    g = sc.start("marquise", at="daylight")
    assert legal(g) == {card(ANVIL), card(MOUSE_CROSSBOW), card(FOX_STEEL), K.A_DONE}
    do(g, card(ANVIL))
    assert legal(g) == {card(MOUSE_CROSSBOW), K.A_DONE}  # one workshop left: fox-fox is out of reach
    do(g, card(MOUSE_CROSSBOW))
    assert legal(g) == {K.A_DONE}
    assert vp(g, "marquise") == 3


def test_law_6_2_1_eyrie_roosts_are_not_marquise_crafting_pieces():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 9, 1).building("roost", 8).warriors("eyrie", 8, 1)
    sc.hand("marquise", [ANVIL])
    g = sc.start("marquise", at="daylight")
    assert legal(g) == {K.A_DONE}


# ------------------------------------------------------------------ 6.2.2 the Keep
def test_law_6_2_2_eyrie_cannot_recruit_in_the_keep_clearing():
    """6.2.2: only the Marquise place pieces in the keep's clearing. A roost is placed, so none stands there and the
    Eyrie, who recruit at roosts, never recruit there: a Scenario refuses to build a roost in the keep's clearing,
    and the Eyrie recruit at their other roost."""
    with pytest.raises(ScenarioError, match="keep"):
        Scenario(seed=1).token("keep", 1).building("roost", 1).start("eyrie", at="eyrie_decree")
    sc = Scenario(seed=1)
    sc.token("keep", 1).leader("charismatic")  # viziers: recruit, battle
    sc.warriors("eyrie", 1, 1)  # Eyrie warriors moved into the keep's clearing
    sc.building("roost", 5).warriors("eyrie", 5, 1)
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, opt(K.OPT_VIZIER))  # recruit with a bird: any suit
    assert g.decision == "recruit: where"
    assert legal(g) == {cl(5)}


def test_law_6_2_2_eyrie_cannot_build_a_roost_in_the_keep_clearing():
    sc = Scenario(seed=1)
    sc.token("keep", 1).leader("despot")  # viziers: move, build
    sc.warriors("eyrie", 1, 3).warriors("eyrie", 8, 3).warriors("eyrie", 5, 1)
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 5, 2)
    do(g, opt(K.OPT_VIZIER))  # build with a bird: any ruled clearing without a roost
    assert g.decision == "build roost: where"
    offered = {a - K.A_CLEARING + 1 for a in legal(g)}
    assert 1 not in offered
    assert offered == {2, 8}


def test_law_6_2_2_a_new_roost_is_not_placed_in_the_keep_clearing():
    sc = Scenario(seed=1)
    sc.token("keep", 1)  # the keep's clearing is empty: it would have the fewest warriors
    for n in range(2, 13):
        sc.warriors("marquise", n, 1)
    sc.hand("eyrie", [ANVIL])
    g = sc.start("eyrie", at="eyrie_add_to_decree")
    do(g, card(ANVIL), opt(K.OPT_COLUMN + 0))
    assert g.decision == "a new roost: clearing"
    assert legal(g) == {cl(n) for n in range(2, 13)}


def test_law_6_2_2_eyrie_may_move_into_the_keep_clearing():
    sc = Scenario(seed=1)
    sc.token("keep", 1).warriors("marquise", 1, 1).leader("despot")
    sc.warriors("eyrie", 9, 3)
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, opt(K.OPT_VIZIER), cl(9))
    assert cl(1) in legal(g)
    do(g, cl(1), K.A_COUNT + 2)
    assert warriors(g, "eyrie", 1) == 3 and keep_at(g) == [1]


def test_law_6_2_2_removing_the_keep_scores_and_it_does_not_return():
    sc = Scenario(seed=1)
    sc.token("keep", 1).building("sawmill", 5).warriors("marquise", 5, 1)  # the keep alone in clearing 1
    sc.leader("builder")  # viziers: recruit, move; no battle bonus
    sc.building("roost", 9).warriors("eyrie", 9, 1).warriors("eyrie", 1, 2)
    sc.decree("battle", [ANVIL]).decree("build", [FOX_STEEL])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, opt(K.OPT_VIZIER), cl(9))        # recruit at the roost in 9
    vizier_move(g, 9, 12)                   # move
    do(g, card(ANVIL), cl(1), K.A_FACTION + MARQUISE)  # battle the keep (defenseless: at least one hit)
    assert keep_at(g) == []
    assert vp(g, "eyrie") == 1
    assert all("keep" not in c["tokens"] for c in g.to_dict()["clearings"])
    # Clearing 1 is no longer the keep's clearing: the Eyrie may now place a roost there.
    do(g, card(FOX_STEEL))
    assert cl(1) in legal(g)
    do(g, cl(1))
    assert building(g, BT_ROOST, 1) == 1
    # The keep does not come back in the following turns.
    for _ in range(40):
        if g.is_over or g.turn > 3:
            break
        g.apply(int(g.legal_actions()[0]))
    assert keep_at(g) == []


# ------------------------------------------------------------------ 6.2.3 Field Hospitals
def _field_hospital_battle(hand, keep=True, seed=1):
    """The Eyrie (Commander: at least one hit) battles 3 Marquise warriors in fox clearing 8."""
    sc = Scenario(seed=seed)
    if keep:
        sc.token("keep", 1)
    sc.warriors("marquise", 8, 3).warriors("eyrie", 8, 3).warriors("eyrie", 5, 1)
    sc.hand("marquise", hand).decree("build", [FOX_STEEL])
    g = sc.start("eyrie", at="eyrie_decree")  # Commander: viziers in move and battle
    vizier_move(g, 5, 2)
    do(g, opt(K.OPT_VIZIER), cl(8), K.A_FACTION + MARQUISE)
    return g


def test_law_6_2_3_field_hospitals_spend_matching_card_to_return_warriors_to_keep():
    g = _field_hospital_battle([VISIT, ANVIL])
    removed = 3 - warriors(g, "marquise", 8)
    assert removed >= 1  # the Commander's extra hit
    # The Marquise decides, although it is the Eyrie's turn.
    assert g.decision == "field hospitals"
    assert g.current_player == "marquise" and g.active == "eyrie"
    # Only a card matching the clearing (fox) can be spent.
    assert legal(g) == {card(ANVIL), K.A_DONE}
    sup = supply(g, "marquise")
    do(g, card(ANVIL))
    assert warriors(g, "marquise", 1) == removed
    assert supply(g, "marquise") == sup - removed
    assert in_discard(g, ANVIL) and hand_n(g, "marquise") == 1
    assert on_map(g, "marquise") + supply(g, "marquise") == 25
    # Then the Eyrie go on with their Decree (the build card, or turmoil if it cannot be taken).
    assert g.current_player == "eyrie" and g.decision in ("eyrie: resolve decree", "choose leader")


def test_law_6_2_3_field_hospitals_bird_card_is_wild():
    g = _field_hospital_battle([BIRD_C, VISIT])
    removed = 3 - warriors(g, "marquise", 8)
    assert g.decision == "field hospitals"
    assert legal(g) == {card(BIRD_C), K.A_DONE}
    do(g, card(BIRD_C))
    assert warriors(g, "marquise", 1) == removed


def test_law_6_2_3_field_hospitals_declined_warriors_stay_in_supply():
    g = _field_hospital_battle([ANVIL])
    removed = 3 - warriors(g, "marquise", 8)
    sup = supply(g, "marquise")
    assert g.decision == "field hospitals"
    do(g, K.A_DONE)
    assert warriors(g, "marquise", 1) == 0
    assert supply(g, "marquise") == sup
    assert sup == 25 - on_map(g, "marquise") and removed >= 1
    assert not in_discard(g, ANVIL) and hand_n(g, "marquise") == 1


def test_law_6_2_3_no_keep_no_field_hospitals():
    g = _field_hospital_battle([ANVIL, BIRD_C], keep=False)
    assert 3 - warriors(g, "marquise", 8) >= 1
    assert g.decision != "field hospitals"
    assert hand_n(g, "marquise") >= 2  # nothing spent


def test_law_6_2_3_no_matching_card_no_field_hospitals():
    g = _field_hospital_battle([VISIT, SACK])
    assert 3 - warriors(g, "marquise", 8) >= 1
    assert g.decision != "field hospitals"


def test_law_6_2_3_field_hospitals_after_an_ambush():
    sc = Scenario(seed=1)
    sc.token("keep", 1).warriors("marquise", 8, 2).warriors("eyrie", 8, 1)
    sc.hand("eyrie", [("Ambush!", "fox")]).hand("marquise", [ANVIL])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(8), K.A_FACTION + EYRIE)
    assert g.decision == "ambush?" and g.current_player == "eyrie"
    do(g, card(("Ambush!", "fox")))  # two hits: both attacking warriors
    assert warriors(g, "marquise", 8) == 0
    assert g.decision == "field hospitals" and g.current_player == "marquise"
    do(g, card(ANVIL))
    assert warriors(g, "marquise", 1) == 2
    # No attacker left: the battle is over, back to the Marquise's actions.
    assert g.decision == "marquise: action" and warriors(g, "eyrie", 8) == 1


def test_law_6_2_3_field_hospitals_for_the_attacking_marquise():
    for seed in range(1, 60):
        sc = Scenario(seed=seed)
        sc.token("keep", 1).warriors("marquise", 8, 3).warriors("eyrie", 8, 3)
        sc.hand("marquise", [BIRD_A])
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(8), K.A_FACTION + EYRIE)
        lost = 3 - warriors(g, "marquise", 8)
        assert lost == int(g.state[REG + R_B_ROLL_DEF])
        if lost == 0:
            assert g.decision == "marquise: action"
            continue
        assert g.decision == "field hospitals" and legal(g) == {card(BIRD_A), K.A_DONE}
        do(g, card(BIRD_A))
        assert warriors(g, "marquise", 1) == lost
        assert g.decision == "marquise: action"
        return
    pytest.fail("no seed made the defender roll a hit")


# ------------------------------------------------------------------ 6.4 Birdsong
def test_law_6_4_birdsong_one_wood_at_each_sawmill():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).building("sawmill", 5, 2).building("sawmill", 8).warriors("marquise", 8, 1)
    g = sc.start("marquise", at="birdsong")
    assert wood(g, 5) == 2 and wood(g, 8) == 1
    assert sum(wood(g, n) for n in range(1, 13)) == 3
    assert g.phase == "daylight" and g.decision == "marquise: craft"


def test_law_6_4_birdsong_wood_short_supply_owner_chooses():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).building("sawmill", 5).building("sawmill", 8).warriors("marquise", 8, 1)
    sc.token("wood", 9, 7)  # 8 wood in all: one left in supply for two sawmills (Law 2.5)
    g = sc.start("marquise", at="birdsong")
    assert g.decision == "place piece (short supply)" and legal(g) == {cl(5), cl(8)}
    do(g, cl(8))
    assert wood(g, 8) == 1 and wood(g, 5) == 0


# ------------------------------------------------------------------ 6.5 Daylight
def _daylight(hand=(), recruiter=True):
    sc = Scenario(seed=2)
    sc.warriors("marquise", 5, 6).warriors("marquise", 2, 1)
    if recruiter:
        sc.building("recruiter", 5)
    sc.building("workshop", 2)
    sc.hand("marquise", list(hand))
    return sc.start("marquise", at="daylight")


def test_law_6_5_craft_first_then_up_to_three_actions():
    g = _daylight(hand=[SACK])
    assert g.decision == "marquise: craft"
    assert card(SACK) in legal(g)
    do(g, K.A_DONE)
    assert g.decision == "marquise: action"
    assert all(not (K.A_CARD <= a < K.A_FACTION) for a in legal(g))  # crafting is over
    assert int(g.state[MQ_ACTIONS]) == 3
    do(g, opt(K.OPT_MARCH)); march(g, 5, 1, 1); do(g, K.A_DONE)
    do(g, opt(K.OPT_MARCH)); march(g, 5, 1, 1); do(g, K.A_DONE)
    do(g, opt(K.OPT_MARCH)); march(g, 5, 1, 1); do(g, K.A_DONE)
    assert int(g.state[MQ_ACTIONS]) == 0
    # No bird card: nothing but ending Daylight.
    assert g.decision == "marquise: action" and legal(g) == {K.A_DONE}
    do(g, K.A_DONE)
    assert int(g.state[PHASE]) == PH_EVENING or g.active == "eyrie"


def test_law_6_5_extra_actions_cost_one_bird_card_each():
    g = _daylight(hand=[BIRD_A, ANVIL])
    do(g, K.A_DONE)
    for _ in range(3):
        do(g, opt(K.OPT_MARCH)); march(g, 5, 1, 1); do(g, K.A_DONE)
    assert opt(K.OPT_MARCH) in legal(g)
    do(g, opt(K.OPT_MARCH))
    assert g.decision == "pay bird card for extra action"
    assert legal(g) == {card(BIRD_A)}  # only a bird card pays
    do(g, card(BIRD_A))
    assert in_discard(g, BIRD_A)
    assert g.decision == "move: from"
    march(g, 5, 1, 1)
    do(g, K.A_DONE)
    assert warriors(g, "marquise", 1) == 4
    # No bird card left: no further action.
    assert legal(g) == {K.A_DONE}


def test_law_6_5_1_battle():
    sc = Scenario(seed=3)
    sc.warriors("marquise", 8, 3).warriors("marquise", 5, 2)
    sc.warriors("eyrie", 8, 2).building("roost", 8).warriors("eyrie", 2, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE))
    assert g.decision == "battle: where" and legal(g) == {cl(8)}  # own warriors and an enemy there
    do(g, cl(8))
    assert g.decision == "battle: defender" and legal(g) == {K.A_FACTION + EYRIE}
    do(g, K.A_FACTION + EYRIE)
    att, dfd = int(g.state[REG + R_B_ROLL_ATT]), int(g.state[REG + R_B_ROLL_DEF])
    eyrie_lost = 2 - warriors(g, "eyrie", 8) + 1 - building(g, BT_ROOST, 8)
    assert eyrie_lost == att
    assert 3 - warriors(g, "marquise", 8) == dfd
    assert vp(g, "marquise") == 1 - building(g, BT_ROOST, 8)
    assert g.decision == "marquise: action" and int(g.state[MQ_ACTIONS]) == 2


def test_law_6_5_2_march_is_two_moves():
    g = _daylight()
    do(g, K.A_DONE, opt(K.OPT_MARCH))
    march(g, 5, 1, 3)
    # The second move of the march: any group, and it may be skipped.
    assert g.decision == "move: from" and K.A_DONE in legal(g)
    march(g, 1, 9, 2)
    assert warriors(g, "marquise", 5) == 3 and warriors(g, "marquise", 1) == 1 and warriors(g, "marquise", 9) == 2
    assert g.decision == "marquise: action" and int(g.state[MQ_ACTIONS]) == 2


def test_law_6_5_2_march_second_move_optional():
    g = _daylight()
    do(g, K.A_DONE, opt(K.OPT_MARCH))
    assert K.A_DONE not in legal(g)  # the first move is the action itself
    march(g, 5, 1, 3)
    do(g, K.A_DONE)
    assert g.decision == "marquise: action" and int(g.state[MQ_ACTIONS]) == 2
    assert warriors(g, "marquise", 1) == 3


def test_law_6_5_3_recruit_once_per_turn():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).warriors("marquise", 8, 1).warriors("marquise", 9, 1)
    sc.building("recruiter", 5).building("recruiter", 8, 2).building("sawmill", 9)
    sc.hand("marquise", [BIRD_A, BIRD_B])
    g = sc.start("marquise", at="marquise_actions")
    sup = supply(g, "marquise")
    do(g, opt(K.OPT_RECRUIT))
    # One warrior at each recruiter.
    assert warriors(g, "marquise", 5) == 2 and warriors(g, "marquise", 8) == 3 and warriors(g, "marquise", 9) == 1
    assert supply(g, "marquise") == sup - 3
    assert g.decision == "marquise: action" and int(g.state[MQ_ACTIONS]) == 2
    assert opt(K.OPT_RECRUIT) not in legal(g)
    # Not even as an extra action paid with a bird card.
    do(g, opt(K.OPT_MARCH)); march(g, 5, 1, 1); do(g, K.A_DONE)
    do(g, opt(K.OPT_MARCH)); march(g, 5, 1, 1); do(g, K.A_DONE)
    assert int(g.state[MQ_ACTIONS]) == 0 and opt(K.OPT_MARCH) in legal(g)
    assert opt(K.OPT_RECRUIT) not in legal(g)


def test_law_6_5_3_recruit_short_supply_place_the_maximum():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).warriors("marquise", 8, 23)  # one warrior left in supply
    sc.building("recruiter", 5).building("recruiter", 8)
    g = sc.start("marquise", at="marquise_actions")
    assert supply(g, "marquise") == 1
    do(g, opt(K.OPT_RECRUIT))
    assert g.decision == "place piece (short supply)" and legal(g) == {cl(5), cl(8)}
    do(g, cl(5))
    assert warriors(g, "marquise", 5) == 2 and supply(g, "marquise") == 0


# 6.5.4 Build: cost and VP by the buildings of that type already on the map.
TRACK_CLEARINGS = (7, 7, 8, 8, 9, 9)  # two slots each, ruled by the Marquise


@pytest.mark.parametrize("kind", ["sawmill", "workshop", "recruiter"])
@pytest.mark.parametrize("m", [0, 1, 2, 3, 4, 5])
def test_law_6_5_4_build_cost_and_vp_from_the_track(kind, m):
    bt = PIECE_NAMES.index(kind)
    sc = Scenario(seed=1)
    for n in (5, 7, 8, 9):
        sc.warriors("marquise", n, 1)
    for n in TRACK_CLEARINGS[:m]:
        sc.building(kind, n, building(sc.game, bt, n) + 1)
    sc.token("wood", 5, 4)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD))
    assert g.decision == "build: which"
    do(g, piece(kind))
    assert cl(5) in legal(g)
    do(g, cl(5))
    cost = [0, 1, 2, 3, 3, 4][m]
    gain = {"sawmill": [0, 1, 2, 3, 4, 5], "workshop": [0, 2, 2, 3, 4, 5], "recruiter": [0, 1, 2, 3, 3, 4]}[kind][m]
    assert cost == MQ_BUILD_COST[m] and gain == MQ_BUILD_VP[bt, m]
    assert building(g, bt, 5) == 1
    assert wood(g, 5) == 4 - cost
    assert vp(g, "marquise") == gain
    assert g.decision == "marquise: action" and int(g.state[MQ_ACTIONS]) == 2


def test_law_6_5_4_build_no_building_left_on_the_track():
    sc = Scenario(seed=1)
    for n in (5, 7, 8, 9, 2):
        sc.warriors("marquise", n, 1)
    sc.building("sawmill", 7, 2).building("sawmill", 8, 2).building("sawmill", 9, 2)  # all six on the map
    sc.token("wood", 5, 4)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD))
    assert piece("sawmill") not in legal(g)
    assert legal(g) == {piece("workshop"), piece("recruiter")}


def test_law_6_5_4_build_needs_a_ruled_clearing_with_an_open_slot():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).warriors("marquise", 2, 1).warriors("eyrie", 2, 2)  # Eyrie rule 2
    sc.warriors("marquise", 1, 1).building("sawmill", 1)  # clearing 1: its only slot is full
    sc.token("wood", 5, 2)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD), piece("workshop"))
    assert legal(g) == {cl(5)}


def test_law_6_5_4_wood_only_from_clearings_connected_through_ruled_clearings():
    # Marquise rule 5 and 10, but not 1 between them: wood in 10 cannot pay for a building in 5.
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).warriors("marquise", 10, 1)
    sc.building("sawmill", 9)  # one sawmill on the map: the next costs 1
    sc.warriors("marquise", 9, 1).warriors("eyrie", 9, 1)  # tied: the Eyrie rule (Lords of the Forest)
    sc.token("wood", 10, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD), piece("sawmill"))
    assert legal(g) == {cl(10)}

    # Rule clearing 1 as well: 5-1-10 is a chain of ruled clearings and the wood can pay.
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).warriors("marquise", 10, 1).warriors("marquise", 1, 1)
    sc.building("sawmill", 9).warriors("marquise", 9, 1).warriors("eyrie", 9, 1)
    sc.token("wood", 10, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD), piece("sawmill"))
    assert cl(5) in legal(g)
    do(g, cl(5))
    assert building(g, BT_SAWMILL, 5) == 1 and wood(g, 10) == 0 and vp(g, "marquise") == 1


def test_law_6_5_4_choose_which_clearings_wood_pays():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).warriors("marquise", 2, 1).warriors("marquise", 1, 1)
    sc.building("workshop", 2).building("workshop", 1)  # two workshops: the next costs 2
    sc.token("wood", 5, 2).token("wood", 2, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD), piece("workshop"), cl(5))
    assert g.decision == "build: pay wood" and legal(g) == {cl(5), cl(2)}
    do(g, cl(2))  # the rest must come from 5
    assert wood(g, 2) == 0 and wood(g, 5) == 1
    assert building(g, BT_WORKSHOP, 5) == 1 and vp(g, "marquise") == 2
    assert g.decision == "marquise: action"


def test_law_6_5_4_exact_wood_is_paid_without_a_choice():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).warriors("marquise", 2, 1).warriors("marquise", 1, 1)
    sc.building("workshop", 2).building("workshop", 1)
    sc.token("wood", 5, 1).token("wood", 2, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD), piece("workshop"), cl(5))
    assert g.decision == "marquise: action"
    assert wood(g, 2) == 0 and wood(g, 5) == 0 and building(g, BT_WORKSHOP, 5) == 1


def test_law_6_5_5_overwork():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 8, 1).building("sawmill", 8).warriors("marquise", 5, 1).building("sawmill", 5)
    sc.hand("marquise", [ANVIL, SACK])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_OVERWORK))
    # A sawmill whose clearing matches a card in hand: fox 8, not rabbit 5.
    assert g.decision == "overwork: where" and legal(g) == {cl(8)}
    do(g, cl(8))
    assert legal(g) == {card(ANVIL)}
    do(g, card(ANVIL))
    assert wood(g, 8) == 1 and wood(g, 5) == 0
    assert in_discard(g, ANVIL)
    assert g.decision == "marquise: action" and int(g.state[MQ_ACTIONS]) == 2


def test_law_6_5_5_overwork_bird_card_matches_any_sawmill():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 8, 1).building("sawmill", 8).warriors("marquise", 5, 1).building("sawmill", 5)
    sc.hand("marquise", [BIRD_A])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_OVERWORK))
    assert legal(g) == {cl(8), cl(5)}
    do(g, cl(5), card(BIRD_A))
    assert wood(g, 5) == 1


def test_law_6_5_5_overwork_as_extra_action_needs_a_bird_and_a_matching_card():
    def after_three_actions(hand):
        sc = Scenario(seed=1)
        sc.warriors("marquise", 8, 4).building("sawmill", 8)
        sc.hand("marquise", hand)
        g = sc.start("marquise", at="marquise_actions")
        for _ in range(3):
            do(g, opt(K.OPT_MARCH)); march(g, 8, 7, 1); do(g, K.A_DONE)
        return g

    g = after_three_actions([BIRD_A])  # the only bird pays for the action; nothing left to overwork with
    assert opt(K.OPT_OVERWORK) not in legal(g) and opt(K.OPT_MARCH) in legal(g)

    g = after_three_actions([BIRD_A, ANVIL])
    do(g, opt(K.OPT_OVERWORK), card(BIRD_A), cl(8))
    assert legal(g) == {card(ANVIL)}
    do(g, card(ANVIL))
    assert wood(g, 8) == 1

    g = after_three_actions([BIRD_A, BIRD_B])
    do(g, opt(K.OPT_OVERWORK), card(BIRD_A), cl(8), card(BIRD_B))
    assert wood(g, 8) == 1 and hand_n(g, "marquise") == 0


def test_law_6_5_5_overwork_needs_wood_in_supply():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 8, 1).building("sawmill", 8).token("wood", 9, 8)
    sc.hand("marquise", [ANVIL])
    g = sc.start("marquise", at="marquise_actions")
    assert opt(K.OPT_OVERWORK) not in legal(g)


def test_law_6_5_5_overwork_needs_a_matching_card():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 8, 1).building("sawmill", 8)
    sc.hand("marquise", [SACK, VISIT])
    g = sc.start("marquise", at="marquise_actions")
    assert opt(K.OPT_OVERWORK) not in legal(g)


# ------------------------------------------------------------------ 6.6 Evening
@pytest.mark.parametrize("recruiters,drawn", [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_law_6_6_evening_draw_one_plus_recruiter_bonuses(recruiters, drawn):
    sc = Scenario(seed=1)
    spots = (2, 2, 5, 5, 7, 7)
    for n in set(spots[:recruiters]):
        sc.warriors("marquise", n, 1).building("recruiter", n, spots[:recruiters].count(n))
    g = sc.start("marquise", at="evening")
    assert hand_n(g, "marquise") == drawn
    assert g.active == "eyrie"  # no discard needed: the turn passed on


def test_law_6_6_evening_discard_down_to_five():
    sc = Scenario(seed=1)
    for n in (2, 5, 7):
        sc.warriors("marquise", n, 1).building("recruiter", n)  # 3 recruiters: draw 2
    sc.hand("marquise", [ANVIL, SACK, VISIT, BIRD_A, BIRD_B])
    g = sc.start("marquise", at="evening")
    assert hand_n(g, "marquise") == 7
    assert g.decision == "discard (hand limit)" and g.current_player == "marquise"
    assert len(legal(g)) == 7  # any card of her choice
    do(g, card(ANVIL))
    assert g.decision == "discard (hand limit)"
    do(g, card(BIRD_A))
    assert hand_n(g, "marquise") == HAND_LIMIT == 5
    assert in_discard(g, ANVIL) and in_discard(g, BIRD_A)
    assert g.active == "eyrie"


def test_law_6_6_evening_no_discard_at_five():
    sc = Scenario(seed=1)
    sc.hand("marquise", [ANVIL, SACK, VISIT, BIRD_A])
    g = sc.start("marquise", at="evening")
    assert hand_n(g, "marquise") == 5
    assert g.decision != "discard (hand limit)" and g.active == "eyrie"


# ------------------------------------------------------------------ 6.2.3 Field Hospitals: more occasions
def test_law_6_2_3_field_hospitals_for_several_clearings_after_one_favor():
    # Favor of the Foxes removes Marquise warriors from three fox clearings at once: one Field
    # Hospitals choice per clearing, each paid (or declined) on its own.
    sc = Scenario(seed=1)
    sc.leader("builder").token("keep", 3)
    for n in (1, 6, 12):
        sc.building("roost", n)
    sc.warriors("marquise", 6, 2).warriors("marquise", 8, 1).warriors("marquise", 12, 3)
    sc.hand("marquise", [ANVIL, BIRD_A])
    sc.hand("eyrie", [("Favor of the Foxes", "fox")])
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, card(("Favor of the Foxes", "fox")))
    seen = []
    while g.decision == "field hospitals":
        assert g.current_player == "marquise"
        seen.append(legal(g))
        if len(seen) == 1:
            do(g, card(ANVIL))        # clearing 6: two warriors back
        elif len(seen) == 2:
            do(g, K.A_DONE)           # clearing 8: declined
        else:
            do(g, card(BIRD_A))       # clearing 12: three warriors back, paid with a bird
    assert seen == [{card(ANVIL), card(BIRD_A), K.A_DONE}, {card(BIRD_A), K.A_DONE}, {card(BIRD_A), K.A_DONE}]
    assert warriors(g, "marquise", 3) == 5
    assert sum(warriors(g, "marquise", n) for n in (6, 8, 12)) == 0
    assert hand_n(g, "marquise") == 0
    assert g.decision == "eyrie: craft" and g.current_player == "eyrie"


def test_law_6_2_3_field_hospitals_inside_an_eyrie_decree():
    # A Decree battle (7.5.2) removes Marquise warriors: she is asked at once, and the Decree goes on.
    sc = Scenario(seed=1)  # Commander: viziers in Move and Battle; an extra hit as attacker
    sc.token("keep", 3).warriors("marquise", 8, 2).warriors("eyrie", 8, 3).warriors("eyrie", 5, 1)
    sc.decree("battle", [FOX_STEEL])
    sc.hand("marquise", [ANVIL])
    g = sc.start("eyrie", at="eyrie_decree")
    vizier_move(g, 5, 2)
    do(g, card(FOX_STEEL), cl(8), K.A_FACTION + MARQUISE)
    lost = 2 - warriors(g, "marquise", 8)
    assert lost >= 1  # the Commander's extra hit at least
    assert g.decision == "field hospitals" and g.current_player == "marquise"
    do(g, card(ANVIL))
    assert warriors(g, "marquise", 3) == lost
    assert g.decision == "eyrie: resolve decree" and g.current_player == "eyrie"
    assert opt(K.OPT_VIZIER) in legal(g)  # the battle vizier is still to resolve


# ------------------------------------------------------------------ 6.5 actions: bird-paid Recruit, clearings she does not rule
def test_law_6_5_3_recruit_as_an_extra_action_paid_with_a_bird_card():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 4).warriors("marquise", 1, 1).building("recruiter", 5).building("recruiter", 1)
    sc.hand("marquise", [BIRD_A])
    g = sc.start("marquise", at="marquise_actions")
    for _ in range(3):
        do(g, opt(K.OPT_MARCH)); march(g, 5, 1, 1); do(g, K.A_DONE)
    assert int(g.state[MQ_ACTIONS]) == 0 and opt(K.OPT_RECRUIT) in legal(g)
    sup = supply(g, "marquise")
    do(g, opt(K.OPT_RECRUIT))
    assert g.decision == "pay bird card for extra action"
    do(g, card(BIRD_A))
    assert in_discard(g, BIRD_A)
    assert supply(g, "marquise") == sup - 2
    assert (warriors(g, "marquise", 5), warriors(g, "marquise", 1)) == (2, 5)
    assert opt(K.OPT_RECRUIT) not in legal(g)


def test_law_6_5_3_recruit_at_a_recruiter_in_a_clearing_she_does_not_rule():
    sc = Scenario(seed=1)
    sc.building("recruiter", 5).warriors("eyrie", 5, 3).warriors("marquise", 1, 1)
    g = sc.start("marquise", at="marquise_actions")
    assert opt(K.OPT_RECRUIT) in legal(g)
    do(g, opt(K.OPT_RECRUIT))
    assert warriors(g, "marquise", 5) == 1


def test_law_6_5_5_overwork_at_a_sawmill_in_a_clearing_she_does_not_rule():
    sc = Scenario(seed=1)
    sc.building("sawmill", 1).warriors("eyrie", 1, 3).warriors("marquise", 5, 1)
    sc.hand("marquise", [ANVIL])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_OVERWORK))
    assert legal(g) == {cl(1)}
    do(g, cl(1), card(ANVIL))
    assert wood(g, 1) == 1 and in_discard(g, ANVIL)


def test_law_6_2_1_craft_with_a_workshop_in_a_clearing_she_does_not_rule():
    sc = Scenario(seed=1)
    sc.building("workshop", 1).warriors("eyrie", 1, 3).warriors("marquise", 5, 1)
    sc.hand("marquise", [ANVIL])
    g = sc.start("marquise", at="marquise_craft")
    assert card(ANVIL) in legal(g)
    do(g, card(ANVIL))
    assert vp(g, "marquise") == 2
    assert g.to_dict()["crafted_items"]["marquise"] == {"hammer": 1}

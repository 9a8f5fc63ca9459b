"""Card effects of the base deck (Law 4.1 crafting, 4.3.1 ambushes, and each crafted effect), each
checked in isolation with the scenario builder.

Clearings are written by their printed number (1..12, Autumn map): fox 1, 6, 8, 12; rabbit 3, 4, 5, 10;
mouse 2, 7, 9, 11. Battle dice come from the in-state RNG: tests assert relations that hold for every
roll, reading the rolled values from the battle registers.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (NC, NF, NCARD, NITEM, CARD_NAMES, CARD_SUIT, CARD_KIND, CARD_COST, K_ITEM, K_PERSISTENT,
                           CLEARING_SUIT, SUIT_NAMES, FACTION_NAMES, MARQUISE, EYRIE)
from root_env.engine.observe import OBS_FIELDS, CARD_FEATURES
from root_env.layout import (REG, R_B_ROLL_ATT, R_B_ROLL_DEF, R_B_EXTRA_ATT, R_B_EXTRA_DEF, CARD_KNOWN, CRAFT_USED,
                             SUPPLY_WARRIORS, VB_ITEMS)
from root_env.scenario import Scenario, card_id
from rules_helpers import C, CARD, OPT, clearing, do, legal, w

SUIT_CLEARINGS = {s: [c + 1 for c in range(NC) if SUIT_NAMES[CLEARING_SUIT[c]] == s] for s in ("fox", "rabbit", "mouse")}
RAW_CARDS = json.loads((Path(__file__).parents[1] / "root_env" / "data" / "root_data.json").read_text())["decks"]["base"]


# ------------------------------------------------------------------ helpers



def workshops_for(sc: Scenario, card: int) -> Scenario:
    """Marquise workshops paying exactly the card's cost (any-suit costs paid in fox clearings)."""
    used = {s: 0 for s in SUIT_CLEARINGS}
    for i, s in enumerate(("fox", "rabbit", "mouse")):
        for _ in range(CARD_COST[card, i]):
            sc.building("workshop", SUIT_CLEARINGS[s][used[s]])
            used[s] += 1
    for _ in range(CARD_COST[card, 3]):
        sc.building("workshop", SUIT_CLEARINGS["fox"][used["fox"]])
        used["fox"] += 1
    return sc


def marquise_battle(g, n: int) -> None:
    do(g, OPT(K.OPT_BATTLE))
    do(g, C(n))
    do(g, K.A_FACTION + EYRIE)


def rolls(g) -> tuple[int, int]:
    return int(g.state[REG + R_B_ROLL_ATT]), int(g.state[REG + R_B_ROLL_DEF])


# ================================================================== crafting each kind of card
ITEM_CARDS = sorted({(CARD_NAMES[c], SUIT_NAMES[CARD_SUIT[c]]) for c in range(NCARD) if CARD_KIND[c] == K_ITEM})
PERSISTENT_CARDS = sorted({(CARD_NAMES[c], SUIT_NAMES[CARD_SUIT[c]]) for c in range(NCARD)
                           if CARD_KIND[c] == K_PERSISTENT})


@pytest.mark.parametrize("name, suit", ITEM_CARDS)
def test_law_4_1_2_item_card_takes_item_scores_and_is_discarded(name, suit):
    raw = next(r for r in RAW_CARDS if r["name"] == name and r["suit"] == suit)
    c = card_id(name, suit)
    sc = workshops_for(Scenario(seed=1), c)
    sc.hand("marquise", [c])
    g = sc.start("marquise", at="marquise_craft")
    supply = g.to_dict()["item_supply"][raw["item"]]
    do(g, K.A_CARD + c)
    d = g.to_dict()
    assert d["crafted_items"]["marquise"] == {raw["item"]: 1}
    assert d["item_supply"][raw["item"]] == supply - 1
    assert g.vp["marquise"] == raw["vp"]
    assert d["discard"] == [f"{name} ({suit})"]
    assert d["hands"]["marquise"] == []


@pytest.mark.parametrize("leader, vp", [("commander", 1), ("despot", 1), ("charismatic", 1), ("builder", 2)])
def test_law_7_2_3_eyrie_disdain_for_trade_item_scores_one(leader, vp):
    sc = Scenario(seed=1)
    sc.leader(leader).building("roost", 1).warriors("eyrie", 1, 1)  # a fox roost
    sc.hand("eyrie", [("Anvil", "fox")])  # hammer, 2 VP printed
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, CARD("Anvil", "fox"))
    assert g.vp["eyrie"] == vp  # the Builder ignores Disdain for Trade (7.8.1)
    assert g.to_dict()["crafted_items"]["eyrie"] == {"hammer": 1}


@pytest.mark.parametrize("name, suit", PERSISTENT_CARDS)
def test_law_4_1_3_persistent_card_goes_to_play_area(name, suit):
    c = card_id(name, suit)
    sc = workshops_for(Scenario(seed=1), c)
    sc.hand("marquise", [c])
    g = sc.start("marquise", at="marquise_craft")
    if g.decision == "marquise: craft" and K.A_CARD + c in legal(g):
        do(g, K.A_CARD + c)
    while g.decision == "craft: any-suit piece":
        do(g, int(g.legal_actions()[0]))
    d = g.to_dict()
    assert d["crafted"]["marquise"] == [f"{name} ({suit})"]
    assert d["hands"]["marquise"] == [] and d["discard"] == []
    assert g.vp["marquise"] == 0


def test_law_4_1_1_ambush_and_dominance_cannot_be_crafted():
    sc = Scenario(seed=1)
    for n in (1, 6, 8, 2, 7, 9):
        sc.building("workshop", n)
    sc.hand("marquise", [("Ambush!", "fox"), ("Ambush!", "bird")])
    g = sc.start("marquise", at="marquise_craft")
    assert legal(g) == {K.A_DONE}


# ================================================================== Favor cards
@pytest.mark.parametrize("suit, name", [("fox", "Favor of the Foxes"), ("rabbit", "Favor of the Rabbits"),
                                        ("mouse", "Favor of the Mice")])
def test_favor_removes_all_enemy_pieces_in_suit_clearings(suit, name):
    a, b, c3, target = SUIT_CLEARINGS[suit]
    other = SUIT_CLEARINGS["rabbit" if suit != "rabbit" else "fox"][3]
    sc = Scenario(seed=1)
    sc.building("workshop", a).building("workshop", b).building("workshop", c3)
    sc.warriors("eyrie", a, 1)
    sc.warriors("eyrie", target, 2).building("roost", target).warriors("marquise", target, 1)
    sc.warriors("eyrie", other, 2).building("roost", other)
    sc.hand("marquise", [(name, suit)])
    g = sc.start("marquise", at="marquise_craft")
    supply = int(g.state[SUPPLY_WARRIORS + EYRIE])
    do(g, CARD(name, suit))
    assert w(g, "eyrie", a) == 0
    assert w(g, "eyrie", target) == 0 and "roost" not in clearing(g, target)["buildings"]
    assert w(g, "marquise", target) == 1  # the crafter's own pieces stay
    assert clearing(g, a)["buildings"] == ["workshop"]
    assert w(g, "eyrie", other) == 2 and "roost" in clearing(g, other)["buildings"]  # other suits untouched
    assert int(g.state[SUPPLY_WARRIORS + EYRIE]) == supply + 3
    assert g.vp["marquise"] == 1  # one roost removed; warriors score nothing
    d = g.to_dict()
    assert d["discard"] == [f"{name} ({suit})"] and d["crafted"]["marquise"] == []


def test_favor_of_the_mice_crafted_by_eyrie_scores_buildings_and_tokens():
    sc = Scenario(seed=1)
    sc.leader("builder")
    for n in (2, 7, 9):
        sc.building("roost", n)
    sc.warriors("marquise", 11, 2).building("sawmill", 11).token("wood", 11, 2)
    sc.warriors("marquise", 12, 1).building("sawmill", 12)  # fox: untouched
    sc.hand("eyrie", [("Favor of the Mice", "mouse")])
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, CARD("Favor of the Mice", "mouse"))
    assert clearing(g, 11)["warriors"] == {}
    assert clearing(g, 11)["buildings"] == ["ruin"] and clearing(g, 11)["tokens"] == []
    assert clearing(g, 12)["buildings"] == ["sawmill", "ruin"] and w(g, "marquise", 12) == 1
    assert g.vp["eyrie"] == 3


# ================================================================== battle cards
def _battle_with(att_cards=(), def_cards=(), seed=1, att=3, dfd=3):
    sc = Scenario(seed=seed)
    sc.leader("builder")
    sc.warriors("marquise", 12, att).warriors("eyrie", 12, dfd)
    for c in att_cards:
        sc.crafted("marquise", c)
    for c in def_cards:
        sc.crafted("eyrie", c)
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 12)
    return g


def test_armorers_attacker_ignores_rolled_hits_and_is_discarded():
    for seed in range(10):
        g = _battle_with(att_cards=[("Armorers", "bird")], seed=seed)
        assert g.decision == "battle effects" and g.current_player == "marquise"
        assert legal(g) == {CARD("Armorers", "bird"), K.A_DONE}
        ra, rd = rolls(g)
        do(g, CARD("Armorers", "bird"))
        assert w(g, "marquise", 12) == 3  # every rolled hit ignored
        assert w(g, "eyrie", 12) == 3 - ra
        d = g.to_dict()
        assert d["crafted"]["marquise"] == [] and d["discard"] == ["Armorers (bird)"]


def test_armorers_defender_ignores_rolled_hits():
    for seed in range(10):
        g = _battle_with(def_cards=[("Armorers", "bird")], seed=seed)
        assert g.decision == "battle effects" and g.current_player == "eyrie"
        ra, rd = rolls(g)
        do(g, CARD("Armorers", "bird"))
        assert w(g, "eyrie", 12) == 3
        assert w(g, "marquise", 12) == 3 - rd
        assert g.to_dict()["discard"] == ["Armorers (bird)"]


def test_armorers_declined_stays():
    g = _battle_with(att_cards=[("Armorers", "bird")])
    ra, rd = rolls(g)
    do(g, K.A_DONE)
    assert w(g, "marquise", 12) == 3 - rd
    assert g.to_dict()["crafted"]["marquise"] == ["Armorers (bird)"]


def test_sappers_defender_extra_hit_and_discarded():
    for seed in range(10):
        g = _battle_with(def_cards=[("Sappers", "bird")], seed=seed)
        assert g.decision == "battle effects" and g.current_player == "eyrie"
        assert legal(g) == {CARD("Sappers", "bird"), K.A_DONE}
        ra, rd = rolls(g)
        do(g, CARD("Sappers", "bird"))
        assert int(g.state[REG + R_B_EXTRA_DEF]) == 1
        assert w(g, "marquise", 12) == 3 - min(rd + 1, 3)
        assert w(g, "eyrie", 12) == 3 - ra
        d = g.to_dict()
        assert d["crafted"]["eyrie"] == [] and d["discard"] == ["Sappers (bird)"]


def test_sappers_extra_hit_lands_through_armorers():
    # Armorers ignore rolled hits only: the Sappers' extra hit still removes one attacker.
    for seed in range(6):
        g = _battle_with(att_cards=[("Armorers", "bird")], def_cards=[("Sappers", "bird")], seed=seed)
        ra, rd = rolls(g)
        do(g, CARD("Armorers", "bird"))
        assert g.current_player == "eyrie"
        do(g, CARD("Sappers", "bird"))
        assert w(g, "marquise", 12) == 2
        assert w(g, "eyrie", 12) == 3 - ra
        assert sorted(g.to_dict()["discard"]) == ["Armorers (bird)", "Sappers (bird)"]


def test_brutal_tactics_extra_hit_not_limited_by_warriors():
    for seed in range(10):
        g = _battle_with(att_cards=[("Brutal Tactics", "bird")], seed=seed, att=1, dfd=3)
        ra, rd = rolls(g)
        assert ra <= 1
        do(g, CARD("Brutal Tactics", "bird"))
        assert w(g, "eyrie", 12) == 3 - (ra + 1)


def test_brutal_tactics_extra_hit_lands_through_defender_armorers():
    for seed in range(6):
        g = _battle_with(att_cards=[("Brutal Tactics", "bird")], def_cards=[("Armorers", "bird")], seed=seed)
        ra, rd = rolls(g)
        do(g, CARD("Brutal Tactics", "bird"))
        do(g, CARD("Armorers", "bird"))
        assert w(g, "eyrie", 12) == 2
        assert w(g, "marquise", 12) == 3 - rd
        assert g.vp["eyrie"] == 1


def test_sappers_not_usable_as_attacker():
    g = _battle_with(att_cards=[("Sappers", "bird")])
    assert g.decision != "battle effects"
    assert g.to_dict()["crafted"]["marquise"] == ["Sappers (bird)"]


def test_brutal_tactics_attacker_extra_hit_defender_scores_card_stays():
    for seed in range(10):
        g = _battle_with(att_cards=[("Brutal Tactics", "bird")], seed=seed)
        assert g.decision == "battle effects" and g.current_player == "marquise"
        assert legal(g) == {CARD("Brutal Tactics", "bird"), K.A_DONE}
        ra, rd = rolls(g)
        do(g, CARD("Brutal Tactics", "bird"))
        assert g.vp["eyrie"] == 1
        assert w(g, "eyrie", 12) == 3 - min(ra + 1, 3)
        assert w(g, "marquise", 12) == 3 - rd
        assert g.to_dict()["crafted"]["marquise"] == ["Brutal Tactics (bird)"]
        assert g.vp["marquise"] == 0


def test_brutal_tactics_not_usable_as_defender():
    g = _battle_with(def_cards=[("Brutal Tactics", "bird")])
    assert g.decision != "battle effects"
    assert g.vp["eyrie"] == 0


# ================================================================== Royal Claim
def test_royal_claim_any_cost_asks_which_suit_pays():
    sc = Scenario(seed=1)
    for n in (1, 6, 3, 4, 2):  # fox x2, rabbit x2, mouse x1: five pieces for a cost of four
        sc.building("workshop", n)
    sc.hand("marquise", [("Royal Claim", "bird"), ("Woodland Runners", "bird")])  # the second costs rabbit
    g = sc.start("marquise", at="marquise_craft")
    do(g, CARD("Royal Claim", "bird"))
    assert g.decision == "craft: any-suit piece" and g.current_player == "marquise"
    assert legal(g) == {OPT(K.OPT_SUIT + s) for s in range(3)}
    do(g, OPT(K.OPT_SUIT + 2))  # mouse pays first
    while g.decision == "craft: any-suit piece":
        assert OPT(K.OPT_SUIT + 2) not in legal(g)
        do(g, OPT(K.OPT_SUIT + 0))
    assert g.decision == "marquise: craft"
    assert g.to_dict()["crafted"]["marquise"] == ["Royal Claim (bird)"]
    used = [int(g.state[CRAFT_USED + s]) for s in range(3)]
    assert sum(used) == 4 and used[2] == 1 and used[0] == 2
    # One rabbit piece is left: Woodland Runners (rabbit cost) can still be crafted.
    assert CARD("Woodland Runners", "bird") in legal(g)


def test_royal_claim_no_choice_when_pieces_exactly_pay():
    sc = Scenario(seed=1)
    for n in (1, 6, 3, 2):
        sc.building("workshop", n)
    sc.hand("marquise", [("Royal Claim", "bird")])
    g = sc.start("marquise", at="marquise_craft")
    do(g, CARD("Royal Claim", "bird"))
    assert g.decision == "marquise: craft"
    assert [int(g.state[CRAFT_USED + s]) for s in range(3)] == [2, 1, 1]


def test_royal_claim_not_craftable_with_three_pieces():
    sc = Scenario(seed=1)
    for n in (1, 6, 3):
        sc.building("workshop", n)
    sc.hand("marquise", [("Royal Claim", "bird")])
    g = sc.start("marquise", at="marquise_craft")
    assert CARD("Royal Claim", "bird") not in legal(g)


def test_royal_claim_birdsong_discard_scores_ruled_clearings():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Royal Claim", "bird"))
    sc.warriors("marquise", 1, 1).warriors("marquise", 5, 2).building("sawmill", 9)
    sc.warriors("marquise", 12, 1).warriors("eyrie", 12, 2)  # not ruled
    g = sc.start("marquise", at="birdsong")
    assert g.decision == "birdsong cards"
    assert legal(g) == {OPT(K.OPT_ROYAL_CLAIM), K.A_DONE}
    do(g, OPT(K.OPT_ROYAL_CLAIM))
    assert g.vp["marquise"] == 3
    d = g.to_dict()
    assert d["crafted"]["marquise"] == [] and d["discard"] == ["Royal Claim (bird)"]


def test_royal_claim_declined_stays():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Royal Claim", "bird")).warriors("marquise", 1, 1)
    g = sc.start("marquise", at="birdsong")
    do(g, K.A_DONE)
    assert g.vp["marquise"] == 0
    assert g.to_dict()["crafted"]["marquise"] == ["Royal Claim (bird)"]


# ================================================================== Stand and Deliver!
def test_stand_and_deliver_takes_random_card_once_per_turn():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Stand and Deliver!", "fox")).warriors("marquise", 1, 1)
    sc.hand("eyrie", [("Anvil", "fox"), ("Bake Sale", "rabbit")])
    g = sc.start("marquise", at="birdsong")
    assert g.decision == "birdsong cards"
    assert OPT(K.OPT_STAND_AND_DELIVER) in legal(g)
    do(g, OPT(K.OPT_STAND_AND_DELIVER))
    assert g.decision == "stand and deliver: player"
    assert legal(g) == {K.A_FACTION + EYRIE}
    do(g, K.A_FACTION + EYRIE)
    d = g.to_dict()
    assert len(d["hands"]["marquise"]) == 1 and len(d["hands"]["eyrie"]) == 1
    taken = card_id(*d["hands"]["marquise"][0].rstrip(")").split(" ("))
    assert taken in (card_id("Anvil", "fox"), card_id("Bake Sale", "rabbit"))
    assert g.state[CARD_KNOWN + taken] & (1 << MARQUISE) and g.state[CARD_KNOWN + taken] & (1 << EYRIE)
    assert g.vp == {"marquise": 0, "eyrie": 1}
    assert d["crafted"]["marquise"] == ["Stand and Deliver! (fox)"]  # it stays
    # Not a second time this turn.
    while g.phase == "birdsong":
        assert OPT(K.OPT_STAND_AND_DELIVER) not in legal(g)
        do(g, K.A_DONE)
    assert g.to_dict()["hands"]["eyrie"] == d["hands"]["eyrie"]


def test_stand_and_deliver_needs_a_card_to_take():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Stand and Deliver!", "fox")).warriors("marquise", 1, 1)
    g = sc.start("marquise", at="birdsong")
    assert g.decision != "birdsong cards"


# ================================================================== Tax Collector
def test_tax_collector_once_in_daylight_remove_warrior_draw():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Tax Collector", "fox")).warriors("marquise", 5, 2).warriors("marquise", 1, 1)
    sc.deck_top([("Sword", "mouse")])
    g = sc.start("marquise", at="marquise_craft")
    assert OPT(K.OPT_TAX_COLLECTOR) in legal(g)
    do(g, OPT(K.OPT_TAX_COLLECTOR))
    assert g.decision == "tax collector: where"
    assert legal(g) == {C(1), C(5)}
    do(g, C(5))
    assert w(g, "marquise", 5) == 1
    assert g.to_dict()["hands"]["marquise"] == ["Sword (mouse)"]
    assert g.decision == "marquise: craft"
    assert OPT(K.OPT_TAX_COLLECTOR) not in legal(g)
    do(g, K.A_DONE)
    assert OPT(K.OPT_TAX_COLLECTOR) not in legal(g)  # nor later in the same Daylight
    assert g.to_dict()["crafted"]["marquise"] == ["Tax Collector (fox)"]


def test_tax_collector_needs_a_warrior():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Tax Collector", "fox")).building("sawmill", 5)
    g = sc.start("marquise", at="marquise_craft")
    assert OPT(K.OPT_TAX_COLLECTOR) not in legal(g)


# ================================================================== Better Burrow Bank
def test_better_burrow_bank_start_of_birdsong_both_draw():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Better Burrow Bank", "rabbit")).warriors("marquise", 1, 1)
    sc.deck_top([("Sword", "mouse"), ("Anvil", "fox")])  # Anvil drawn first (by the crafter)
    g = sc.start("marquise", at="birdsong")
    assert g.decision == "better burrow bank: player" and g.current_player == "marquise"
    assert legal(g) == {K.A_FACTION + EYRIE}
    do(g, K.A_FACTION + EYRIE)
    d = g.to_dict()
    assert d["hands"] == {"marquise": ["Anvil (fox)"], "eyrie": ["Sword (mouse)"]}
    assert d["crafted"]["marquise"] == ["Better Burrow Bank (rabbit)"]


def test_better_burrow_bank_not_in_daylight():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Better Burrow Bank", "rabbit")).warriors("marquise", 1, 1)
    g = sc.start("marquise", at="daylight")
    assert g.decision == "marquise: craft"
    assert g.to_dict()["hands"] == {"marquise": [], "eyrie": []}


# ================================================================== Cobbler
def test_cobbler_start_of_evening_may_move():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Cobbler", "rabbit")).warriors("marquise", 1, 3)
    g = sc.start("marquise", at="evening")
    assert g.decision == "move: from" and g.current_player == "marquise"
    assert legal(g) == {C(1), K.A_DONE}
    do(g, C(1))
    do(g, C(5))
    do(g, K.A_COUNT + 2)
    assert (w(g, "marquise", 1), w(g, "marquise", 5)) == (0, 3)
    assert g.active == "eyrie"  # the Evening went on and the turn passed


def test_cobbler_move_may_be_declined():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Cobbler", "rabbit")).warriors("marquise", 1, 3)
    g = sc.start("marquise", at="evening")
    do(g, K.A_DONE)
    assert w(g, "marquise", 1) == 3 and g.active == "eyrie"


def test_no_evening_move_without_cobbler():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 3)
    g = sc.start("marquise", at="evening")
    assert g.active == "eyrie"


# ================================================================== Codebreakers
def _obs_card_offset() -> int:
    k = 0
    for name, size in OBS_FIELDS:
        if name == "cards":
            return k
        k += size
    raise AssertionError("no cards field")


def test_codebreakers_look_at_hand_changes_observation():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Codebreakers", "mouse")).warriors("marquise", 1, 1)
    sc.hand("eyrie", [("Anvil", "fox"), ("Bake Sale", "rabbit")])
    g = sc.start("marquise", at="marquise_craft")
    base = _obs_card_offset()
    ids = [card_id("Anvil", "fox"), card_id("Bake Sale", "rabbit")]
    known = lambda obs, c: obs[base + c * CARD_FEATURES + 6 + NF + EYRIE]  # known-in-hand[eyrie]
    unseen = lambda obs, c: obs[base + c * CARD_FEATURES + 4]
    before = g.observe("marquise")
    assert all(known(before, c) == 0 and unseen(before, c) == 1 for c in ids)
    do(g, OPT(K.OPT_CODEBREAKERS))
    assert g.decision == "codebreakers: player"
    do(g, K.A_FACTION + EYRIE)
    after = g.observe("marquise")
    assert all(known(after, c) == 1 and unseen(after, c) == 0 for c in ids)
    # Only those cards; nothing else about the deck is revealed.
    changed = np.nonzero(before[base:base + NCARD * CARD_FEATURES] != after[base:base + NCARD * CARD_FEATURES])[0]
    assert {int(i) // CARD_FEATURES for i in changed} == set(ids)
    # Once per Daylight.
    assert OPT(K.OPT_CODEBREAKERS) not in legal(g)
    assert g.to_dict()["crafted"]["marquise"] == ["Codebreakers (mouse)"]


# ================================================================== Command Warren
def test_command_warren_start_of_daylight_may_battle():
    sc = Scenario(seed=1)
    sc.leader("builder").crafted("marquise", ("Command Warren", "rabbit"))
    sc.warriors("marquise", 12, 3).warriors("eyrie", 12, 3)
    g = sc.start("marquise", at="daylight")
    assert g.decision == "battle: where" and g.current_player == "marquise"
    assert legal(g) == {C(12), K.A_DONE}
    do(g, C(12))
    do(g, K.A_FACTION + EYRIE)
    ra, rd = rolls(g)
    assert w(g, "eyrie", 12) == 3 - ra and w(g, "marquise", 12) == 3 - rd
    assert g.decision == "marquise: craft"  # then the Daylight goes on as usual


def test_command_warren_may_be_declined_and_needs_a_target():
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Command Warren", "rabbit")).warriors("marquise", 12, 3).warriors("eyrie", 12, 3)
    g = sc.start("marquise", at="daylight")
    do(g, K.A_DONE)
    assert g.decision == "marquise: craft" and w(g, "eyrie", 12) == 3
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Command Warren", "rabbit")).warriors("marquise", 12, 3).warriors("eyrie", 1, 3)
    g = sc.start("marquise", at="daylight")
    assert g.decision == "marquise: craft"


# ================================================================== Scouting Party and ambushes
def test_scouting_party_attacker_not_affected_by_ambush():
    sc = Scenario(seed=1)
    sc.leader("builder").crafted("marquise", ("Scouting Party", "mouse"))
    sc.warriors("marquise", 1, 2).warriors("eyrie", 1, 2)
    sc.hand("eyrie", [("Ambush!", "fox"), ("Ambush!", "bird")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 1)
    assert g.decision != "ambush?"
    ra, rd = rolls(g)
    assert w(g, "marquise", 1) == 2 - rd and w(g, "eyrie", 1) == 2 - ra
    assert len(g.to_dict()["hands"]["eyrie"]) == 2


def test_scouting_party_protects_only_its_owner_as_attacker():
    # The Eyrie hold Scouting Party but defend: they may still ambush the attacking Marquise.
    sc = Scenario(seed=1)
    sc.leader("builder").crafted("eyrie", ("Scouting Party", "mouse"))
    sc.warriors("marquise", 1, 2).warriors("eyrie", 1, 2)
    sc.hand("eyrie", [("Ambush!", "fox")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 1)
    assert g.decision == "ambush?"


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_law_4_3_1_ambush_cards_match_clearing_suit_bird_matches_any(n):
    suit = SUIT_NAMES[CLEARING_SUIT[n - 1]]
    sc = Scenario(seed=1)
    sc.warriors("marquise", n, 2).warriors("eyrie", n, 1)
    sc.hand("eyrie", [("Ambush!", s) for s in ("fox", "rabbit", "mouse", "bird")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, n)
    assert g.decision == "ambush?"
    assert legal(g) == {CARD("Ambush!", suit), CARD("Ambush!", "bird"), K.A_DONE}


def test_law_4_3_1_foil_needs_matching_ambush():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 2, 3).warriors("eyrie", 2, 1)  # mouse clearing
    sc.hand("eyrie", [("Ambush!", "bird")])
    sc.hand("marquise", [("Ambush!", "mouse"), ("Ambush!", "fox"), ("Ambush!", "rabbit"), ("Ambush!", "bird")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 2)
    do(g, CARD("Ambush!", "bird"))
    assert g.decision == "foil ambush?"
    assert legal(g) == {CARD("Ambush!", "mouse"), K.A_CARD + card_id("Ambush!", "bird", exclude=[card_id("Ambush!", "bird")]),
                        K.A_DONE}


def test_law_4_3_1_declined_foil_takes_two_hits():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 2, 3).warriors("eyrie", 2, 1)
    sc.hand("eyrie", [("Ambush!", "mouse")]).hand("marquise", [("Ambush!", "bird")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 2)
    do(g, CARD("Ambush!", "mouse"))
    do(g, K.A_DONE)
    # Two ambush hits, then the dice with the one warrior left.
    ra, rd = rolls(g)
    assert ra <= 1
    assert w(g, "marquise", 2) == 1 - min(rd, 1)
    d = g.to_dict()
    assert d["hands"]["marquise"] == ["Ambush! (bird)"] and d["discard"] == ["Ambush! (mouse)"]


# ================================================================== base-deck cards held by the Alliance and the Vagabond
# Law 4.1.3: a crafted persistent effect is used "as described on the card", whoever crafted it.
def _defend_against_marquise(holder: str, cards, seed=1):
    """The Marquise (3 warriors) attacks `holder` in fox clearing 12: the Alliance with 3 warriors,
    or the Vagabond with two swords and two boots."""
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond"), seed=seed)
    sc.warriors("marquise", 12, 3)
    if holder == "alliance":
        sc.warriors("alliance", 12, 3)
    else:
        sc.vagabond("thief", at=12).vb_items("ready", sword=2, boot=2)
    for c in cards:
        sc.crafted(holder, c)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_BATTLE), C(12), K.A_FACTION + FACTION_NAMES.index(holder))
    return g


def _attack_eyrie(holder: str, cards, eyrie_hand=(), seed=1):
    """`holder` attacks the Eyrie (3 warriors) in fox clearing 12: the Alliance by a battle operation
    with 3 warriors, or the Vagabond with two swords."""
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond"), seed=seed)
    sc.leader("builder").warriors("eyrie", 12, 3).hand("eyrie", list(eyrie_hand))
    for c in cards:
        sc.crafted(holder, c)
    if holder == "alliance":
        sc.warriors("alliance", 12, 3).officers(1)
        g = sc.start("alliance", at="alliance_operations")
        do(g, OPT(K.OPT_BATTLE), C(12), K.A_FACTION + EYRIE)
    else:
        sc.vagabond("thief", at=12).vb_items("ready", sword=2, boot=2)
        g = sc.start("vagabond", at="vagabond_actions")
        do(g, OPT(K.OPT_BATTLE), K.A_FACTION + EYRIE)
    return g


def _damaged_items(g) -> int:
    return sum(int(g.state[VB_ITEMS + i * 4 + st]) for i in range(NITEM) for st in (2, 3))


@pytest.mark.parametrize("holder", ["alliance", "vagabond"])
def test_law_4_1_3_armorers_held_by_the_alliance_and_the_vagabond(holder):
    for seed in range(6):
        g = _defend_against_marquise(holder, [("Armorers", "bird")], seed=seed)
        assert g.decision == "battle effects" and g.current_player == holder
        do(g, CARD("Armorers", "bird"))
        assert int(g.state[REG + R_B_EXTRA_DEF]) == 0
        if holder == "alliance":
            assert w(g, "alliance", 12) == 3  # every rolled hit ignored
        else:
            assert _damaged_items(g) == 0
        assert g.to_dict()["discard"] == ["Armorers (bird)"]


@pytest.mark.parametrize("holder", ["alliance", "vagabond"])
def test_law_4_1_3_sappers_held_by_the_alliance_and_the_vagabond(holder):
    g = _defend_against_marquise(holder, [("Sappers", "bird")])
    assert g.decision == "battle effects" and g.current_player == holder
    do(g, CARD("Sappers", "bird"))
    assert int(g.state[REG + R_B_EXTRA_DEF]) == 1
    assert g.to_dict()["discard"] == ["Sappers (bird)"]


@pytest.mark.parametrize("holder", ["alliance", "vagabond"])
def test_law_4_1_3_brutal_tactics_held_by_the_alliance_and_the_vagabond(holder):
    g = _attack_eyrie(holder, [("Brutal Tactics", "bird")])
    assert g.decision == "battle effects" and g.current_player == holder
    do(g, CARD("Brutal Tactics", "bird"))
    assert g.vp["eyrie"] == 1  # the defender scores one
    assert int(g.state[REG + R_B_EXTRA_ATT]) >= 1
    assert g.to_dict()["crafted"][holder] == ["Brutal Tactics (bird)"]


@pytest.mark.parametrize("holder", ["alliance", "vagabond"])
def test_law_4_1_3_scouting_party_held_by_the_alliance_and_the_vagabond(holder):
    g = _attack_eyrie(holder, [("Scouting Party", "mouse")], eyrie_hand=[("Ambush!", "fox"), ("Ambush!", "bird")])
    assert g.decision != "ambush?"
    assert len(g.to_dict()["hands"]["eyrie"]) == 2
    # Without it, the same battle offers the Eyrie its ambush.
    g = _attack_eyrie(holder, [], eyrie_hand=[("Ambush!", "fox")])
    assert g.decision == "ambush?" and g.current_player == "eyrie"


@pytest.mark.parametrize("holder", ["alliance", "vagabond"])
def test_law_4_1_3_command_warren_held_by_the_alliance_and_the_vagabond(holder):
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond"), seed=1)
    sc.crafted(holder, ("Command Warren", "rabbit")).warriors("marquise", 5, 2)
    if holder == "alliance":
        sc.warriors("alliance", 5, 2)
    else:
        sc.vagabond("thief", at=5).vb_items("ready", sword=1)
    g = sc.start(holder, at="daylight")
    assert g.decision == "battle: where" and g.current_player == holder
    assert legal(g) == {C(5), K.A_DONE}
    do(g, C(5), K.A_FACTION + MARQUISE)
    ra, rd = rolls(g)
    assert w(g, "marquise", 5) == 2 - min(ra, 2)


@pytest.mark.parametrize("holder", ["alliance", "vagabond"])
def test_law_4_1_3_cobbler_held_by_the_alliance_and_the_vagabond(holder):
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond"), seed=1)
    sc.crafted(holder, ("Cobbler", "rabbit"))
    if holder == "alliance":
        sc.warriors("alliance", 1, 2)
    else:
        sc.vagabond("thief", at=1).vb_items("ready", boot=1)  # his move costs a boot (9.5.1)
    g = sc.start(holder, at="evening")
    assert g.current_player == holder
    if holder == "alliance":
        assert g.decision == "move: from" and legal(g) == {C(1), K.A_DONE}
        do(g, C(1), C(5), K.A_COUNT + 1)
        assert (w(g, "alliance", 1), w(g, "alliance", 5)) == (0, 2)
    else:
        assert g.decision == "vagabond: move to" and K.A_DONE in legal(g)
        do(g, C(5))
        assert g.to_dict()["vagabond"]["pawn"] == "clearing 5"


@pytest.mark.parametrize("factions", [("marquise", "eyrie", "alliance"), ("marquise", "eyrie", "alliance", "vagabond")])
def test_law_4_1_3_better_burrow_bank_with_three_and_four_players(factions):
    others = factions[1:]
    for target in others:
        sc = Scenario(factions, seed=1)
        sc.crafted("marquise", ("Better Burrow Bank", "rabbit")).warriors("marquise", 1, 1)
        sc.deck_top([("Sword", "mouse"), ("Anvil", "fox")])  # Anvil first, to the crafter
        g = sc.start("marquise", at="birdsong")
        assert g.decision == "better burrow bank: player"
        assert legal(g) == {K.A_FACTION + FACTION_NAMES.index(f) for f in others}
        do(g, K.A_FACTION + FACTION_NAMES.index(target))
        hands = g.to_dict()["hands"]
        assert hands["marquise"] == ["Anvil (fox)"]
        assert hands[target] == ["Sword (mouse)"]
        assert all(hands[f] == [] for f in others if f != target)

"""Law of Root 9.8, playing with two Vagabonds: two "R" items per ruin (9.8.1), random setup order (9.8.2),
shared quests (9.8.3), and everything a Vagabond does done by either one, each with his own board, chart,
coalition and damage. Readings where the rules leave room are named ``test_reading_...`` (docs/rules.md).

Positions are built with ``root_env.scenario.Scenario`` for the base four plus the second Vagabond; the
scenario's Vagabond is a Thief in forest 1, the second a Tinker in forest 2. Clearings by printed number;
ruins in 6 10 11 12.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (NF, NC, NITEM, ITEM_NAMES, RUIN_ITEMS, CLEARING_RUIN, QUEST_NAMES, VAGABOND, VAGABOND2,
                           ITEM_POOL, SECOND_VAGABOND_ITEMS, CHARACTER_NAMES, QUESTS_VISIBLE, IMPLEMENTED_CHARACTERS)
from root_env.errors import RootError
from root_env.game import Game
from root_env.layout import (VB_ITEMS, VB_CHAR, VB_REL, RUIN_ITEM, RUIN_SEEN, RUINS, VP, ITEM_BOX, QUEST_LOC,
                             QL_VISIBLE, DOMINANCE, SEAT_FACTION)
from root_env.engine.score import check_victory
from root_env.scenario import Scenario
from rules_helpers import card, cl, do, faction, item, legal, opt, quest, random_play, vp

FIVE = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2")
ITEM_STATES = ("ready", "exhausted", "damaged", "damaged_exhausted")
DOM_BIRD = ("Dominance", "bird")
FAVOR_RABBITS = ("Favor of the Rabbits", "rabbit")
BRUTAL = ("Brutal Tactics", "fox")


def sc5(seed: int = 1) -> Scenario:
    return Scenario(FIVE, seed=seed)


def held(g: Game, who: str, name: str, state: str = "ready") -> int:
    """Copies of item `name` in one state on the board of Vagabond `who`."""
    k = 0 if who == "vagabond" else 1
    return int(g.state[VB_ITEMS + k * NITEM * 4 + ITEM_NAMES.index(name) * 4 + ITEM_STATES.index(state)])


def ruin(g: Game, n: int) -> list[str]:
    return g.to_dict()["ruin_items"].get(f"clearing {n}", [])


def explorer(which: str = "vagabond", items=("sword", "bag"), held_r=(), **extra) -> Game:
    """Vagabond `which` in clearing 10 (a ruin holding `items`) with a torch, at his Daylight actions."""
    sc = sc5()
    sc.vagabond("thief" if which == "vagabond" else "tinker", at=10, which=which)
    sc.vb_items("ready", which=which, **{"torch": 1, **extra})
    if held_r:
        sc.vb_items("ready", which=which, **{n: 1 for n in held_r})
        sc.ruin_items_held(*held_r, which=which)
    sc.ruin_item(10, *items)
    return sc.start(which, at="vagabond_actions")


# ------------------------------------------------------------------ setup
def test_law_9_8_second_vagabond_needs_the_first():
    with pytest.raises(RootError, match="vagabond2"):
        Game.new(factions=("marquise", "vagabond2"), seed=1)


def test_law_9_8_1_both_sets_of_r_items_two_per_ruin_at_setup():
    for seed in range(6):
        g = Game.new(factions=("marquise", "vagabond", "eyrie", "vagabond2"), seed=seed)
        random_play(g, seed, 12)  # through setup
        assert g.turn >= 1
        under = [i for c in range(NC) if CLEARING_RUIN[c] for i in ruin(g, c + 1)]
        assert sorted(under) == sorted(ITEM_NAMES[i] for i in np.concatenate([RUIN_ITEMS, RUIN_ITEMS]))
        assert all(len(ruin(g, c + 1)) == 2 for c in range(NC) if CLEARING_RUIN[c])
    # One Vagabond: one set, one item per ruin (9.3.4).
    g = random_play(Game.new(factions=("marquise", "vagabond"), seed=3), 3, 8)
    assert all(len(ruin(g, c + 1)) == 1 for c in range(NC) if CLEARING_RUIN[c])


def test_law_9_8_the_second_vagabond_brings_his_own_items():
    """The box holds the second Vagabond's starting and "R" items (the invariant checker counts them)."""
    g = Game.new(factions=FIVE, seed=2)
    one = Game.new(factions=FIVE[:4], seed=2)
    extra = g.state[ITEM_BOX:ITEM_BOX + NITEM] - one.state[ITEM_BOX:ITEM_BOX + NITEM]
    assert (extra == SECOND_VAGABOND_ITEMS).all()
    assert int(SECOND_VAGABOND_ITEMS.sum()) == len(RUIN_ITEMS) + 7  # 4 "R" and 7 "S" items
    assert (g.state[ITEM_BOX:ITEM_BOX + NITEM] <= ITEM_POOL + SECOND_VAGABOND_ITEMS).all()


def test_law_9_8_2_random_setup_order_between_the_vagabonds():
    first = set()
    for seed in range(24):
        g = Game.new(factions=("vagabond2", "marquise", "vagabond", "eyrie"), seed=seed)
        while g.decision != "vagabond: character":
            g.apply(int(g.legal_actions()[0]))
        first.add(g.current_player)
    assert first == {"vagabond", "vagabond2"}


def test_law_9_8_two_vagabonds_play_different_characters():
    g = Game.new(factions=("vagabond", "vagabond2"), seed=5)
    while g.decision != "vagabond: character":
        g.apply(int(g.legal_actions()[0]))
    first = g.current_player
    thief = opt(K.OPT_CHARACTER + CHARACTER_NAMES.index("thief"))
    do(g, thief)
    while g.decision != "vagabond: character":
        g.apply(int(g.legal_actions()[0]))
    assert g.current_player != first
    assert thief not in legal(g) and len(legal(g)) == len(IMPLEMENTED_CHARACTERS) - 1


def test_law_9_2_9_each_chart_holds_only_the_non_vagabond_factions():
    g = random_play(Game.new(factions=FIVE, seed=4), 4, 30)
    d = g.to_dict()
    for v in ("vagabond", "vagabond2"):
        assert set(d[v]["relationships"]) == {"marquise", "eyrie", "alliance"}
    assert int(g.state[VB_REL + VAGABOND2]) == -1 and int(g.state[VB_REL + NF + VAGABOND]) == -1


# ------------------------------------------------------------------ 9.8.1 exploring with two items
def test_law_9_8_1_explore_looks_at_both_items_and_takes_one():
    g = explorer("vagabond2", items=("sword", "bag"))
    v0 = vp(g, "vagabond2")
    do(g, opt(K.OPT_EXPLORE))
    assert g.decision == "explore: which item" and g.current_player == "vagabond2"
    assert legal(g) == {item("sword"), item("bag"), K.A_DONE}
    do(g, item("bag"))
    assert held(g, "vagabond2", "bag") == 1 and held(g, "vagabond2", "torch", "exhausted") == 1
    assert vp(g, "vagabond2") == v0 + 1
    assert ruin(g, 10) == ["sword"] and int(g.state[RUINS + 9]) == 1  # the ruin stays with one item
    assert g.to_dict()["vagabond2"]["ruin_items_held"] == ["bag"]


def test_law_9_8_1_what_one_vagabond_saw_is_his_alone():
    g = explorer("vagabond2", items=("sword", "bag"))
    do(g, opt(K.OPT_EXPLORE), item("bag"))
    assert (int(g.state[RUIN_SEEN + 9]) >> VAGABOND2) & 1
    assert g.information_view("vagabond2")["ruin_items"]["clearing 10"] == ["sword"]
    for other in ("vagabond", "marquise", "eyrie"):
        assert g.information_view(other)["ruin_items"]["clearing 10"] == ["hidden"]
    # The observation: swapping the seen item with another ruin's changes only the explorer's view.
    g2 = g.copy()
    g2.state[RUIN_ITEM + 9] = ITEM_NAMES.index("hammer")
    assert not (g2.observe("vagabond2") == g.observe("vagabond2")).all()
    for other in ("vagabond", "marquise", "alliance"):
        assert (g2.observe(other) == g.observe(other)).all(), other


def test_law_9_8_1_determinize_keeps_what_the_viewer_saw():
    sc = sc5()
    sc.vagabond("tinker", at=10, which="vagabond2").vb_items("ready", which="vagabond2", torch=1)
    sc.ruin_item(10, "sword", "bag").ruin_item(6, "boot", "hammer").ruin_item(11, "sword", "boot")
    g = sc.start("vagabond2", at="vagabond_actions")
    do(g, opt(K.OPT_EXPLORE), item("bag"))
    seen_by_2, others = set(), set()
    for seed in range(30):
        seen_by_2.add(tuple(ruin(g.determinize("vagabond2", seed=seed), 10)))
        d1 = g.determinize("vagabond", seed=seed)
        others.add(tuple(ruin(d1, 10)))
        assert sorted(i for n in (6, 10, 11) for i in ruin(d1, n)) == ["boot", "boot", "hammer", "sword", "sword"]
    assert seen_by_2 == {("sword",)}       # the second Vagabond looked: the sword stays
    assert len(others) > 1                 # the first did not: anything from the unseen pool


def test_law_9_8_1_cannot_take_an_r_item_matching_one_on_his_board():
    g = explorer("vagabond", items=("bag", "sword"), held_r=("bag",))
    do(g, opt(K.OPT_EXPLORE))
    assert legal(g) == {item("sword"), K.A_DONE}


def test_law_9_8_1_an_unmarked_copy_does_not_block_taking_an_r_item():
    g = explorer("vagabond", items=("bag", "sword"), sword=1)  # a starting (not "R") sword
    do(g, opt(K.OPT_EXPLORE))
    assert legal(g) == {item("sword"), item("bag"), K.A_DONE}
    do(g, item("sword"))
    assert held(g, "vagabond", "sword") == 2


def test_law_9_8_1_taking_nothing_scores_nothing_but_the_torch_is_exhausted():
    g = explorer("vagabond", items=("sword", "bag"))
    v0 = vp(g, "vagabond")
    do(g, opt(K.OPT_EXPLORE), K.A_DONE)
    assert vp(g, "vagabond") == v0
    assert held(g, "vagabond", "torch", "exhausted") == 1
    assert sorted(ruin(g, 10)) == ["bag", "sword"] and g.decision == "vagabond: action"


def test_reading_two_vagabonds_may_take_no_item_though_both_are_takeable():
    """Reading (docs/rules.md) of 9.8.1: "he may look at them and take one of his choice ... If he explores but does
    not take an item, he does not score a victory point, but the torch is still exhausted": taking none is his
    choice also when both items are takeable (the "may" and the sentence on not taking name no cause). He has looked
    at both. A ruin with one item left is explored as in 9.5.3: he takes it (nothing to choose)."""
    g = explorer("vagabond2", items=("sword", "bag"))
    v0 = vp(g, "vagabond2")
    do(g, opt(K.OPT_EXPLORE))
    assert legal(g) == {item("sword"), item("bag"), K.A_DONE}  # both takeable, and "take none"
    do(g, K.A_DONE)
    assert vp(g, "vagabond2") == v0 and sorted(ruin(g, 10)) == ["bag", "sword"]
    assert held(g, "vagabond2", "torch", "exhausted") == 1 and int(g.state[RUIN_SEEN + 9]) >> VAGABOND2 & 1
    g = explorer("vagabond2", items=("sword",))
    do(g, opt(K.OPT_EXPLORE))
    assert held(g, "vagabond2", "sword") == 1 and vp(g, "vagabond2") == v0 + 1


def test_law_9_8_1_two_explores_take_both_items_and_remove_the_ruin():
    g = explorer("vagabond", items=("sword", "bag"), torch=2)
    do(g, opt(K.OPT_EXPLORE), item("sword"))
    do(g, opt(K.OPT_EXPLORE))  # one item left: he takes it (9.5.3), no choice to make
    assert held(g, "vagabond", "bag") == 1 and held(g, "vagabond", "sword") == 1
    assert int(g.state[RUINS + 9]) == 0 and ruin(g, 10) == []
    assert vp(g, "vagabond") == 2


def test_law_9_8_1_a_last_item_matching_his_r_item_stays_and_scores_nothing():
    g = explorer("vagabond", items=("sword",), held_r=("sword",))
    v0 = vp(g, "vagabond")
    do(g, opt(K.OPT_EXPLORE))
    assert ruin(g, 10) == ["sword"] and int(g.state[RUINS + 9]) == 1
    assert vp(g, "vagabond") == v0 and held(g, "vagabond", "torch", "exhausted") == 1


def test_law_9_8_1_explore_with_one_vagabond_is_unchanged():
    sc = Scenario(FIVE[:4], seed=1)
    sc.vagabond("thief", at=10).vb_items("ready", torch=1).ruin_item(10, "sword")
    sc.vb_items("ready", sword=1)
    sc.ruin_items_held("sword")  # one Vagabond: no "R" restriction (it is a rule of 9.8)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_EXPLORE))
    assert held(g, "vagabond", "sword") == 2 and int(g.state[RUINS + 9]) == 0


# ------------------------------------------------------------------ 9.8.3 shared quests
def test_law_9_8_3_either_vagabond_may_complete_any_face_up_quest():
    from root_env.data import QUEST_ITEMS, QUEST_SUIT, CLEARING_SUIT
    q = QUEST_NAMES[0]
    at = next(c + 1 for c in range(NC) if CLEARING_SUIT[c] == QUEST_SUIT[0])
    a, b = (ITEM_NAMES[int(x)] for x in QUEST_ITEMS[0])
    need = {a: 2} if a == b else {a: 1, b: 1}

    def position(who):
        sc = sc5()
        sc.quests(visible=[0, 1, 2])
        for which in ("vagabond", "vagabond2"):
            sc.vagabond("thief" if which == "vagabond" else "tinker", at=at, which=which)
            sc.vb_items("ready", which=which, **need)
        return sc.start(who, at="vagabond_actions")

    for who in ("vagabond", "vagabond2"):
        g = position(who)
        assert quest(q) in legal(g)
    do(g, quest(q), opt(K.OPT_QUEST_VP))
    d = g.to_dict()
    assert d["vagabond2"]["quests_done"] == [q] and d["vagabond"]["quests_done"] == []  # his own (9.5.5)
    assert len(d["vagabond"]["quests"]) == 3 and d["vagabond"]["quests"] == d["vagabond2"]["quests"]  # shared


def test_law_9_5_5_quest_vp_counts_only_the_quests_he_completed():
    """Seed 002 9.5.5: "score one victory point per quest of matching suit you have completed": with two
    Vagabonds, the other Vagabond's completed quests of that suit are not his (they lie in the other's play area).
    The first Vagabond has completed two fox quests; the second completes his first fox quest: 1 VP, not 3."""
    from root_env.data import QUEST_ITEMS, QUEST_SUIT, CLEARING_SUIT, NQUEST
    from root_env.layout import QUEST_BY
    from root_env.observation import obs_fields
    fox = [k for k in range(NQUEST) if QUEST_SUIT[k] == QUEST_SUIT[0]]
    q, done = fox[0], fox[1:3]
    at = next(c + 1 for c in range(NC) if CLEARING_SUIT[c] == QUEST_SUIT[q])
    a, b = (ITEM_NAMES[int(x)] for x in QUEST_ITEMS[q])
    need = {a: 2} if a == b else {a: 1, b: 1}

    def position(who):
        sc = sc5()
        sc.quests(visible=[q] + [k for k in range(NQUEST) if QUEST_SUIT[k] != QUEST_SUIT[q]][:2])
        sc.quests(done=done, by="vagabond")
        sc.vagabond("tinker" if who == "vagabond2" else "thief", at=at, which=who)
        sc.vb_items("ready", which=who, **need)
        return sc.start(who, at="vagabond_actions")

    for who, vp_gained in (("vagabond2", 1), ("vagabond", 3)):
        g = position(who)
        before = vp(g, who)
        do(g, quest(QUEST_NAMES[q]), opt(K.OPT_QUEST_VP))
        assert vp(g, who) == before + vp_gained, who
        assert int(g.state[QUEST_BY + q]) == (VAGABOND2 if who == "vagabond2" else VAGABOND)
        d = g.to_dict()
        assert QUEST_NAMES[q] in d[who]["quests_done"]
        assert sorted(d["vagabond"]["quests_done"]) == sorted(
            [QUEST_NAMES[k] for k in done] + ([QUEST_NAMES[q]] if who == "vagabond" else []))
        # the observation shows whose each completed quest is (a column per Vagabond), to every viewer
        for viewer in g.factions:
            quests = obs_fields(g.observe(viewer))["quests"]
            assert quests[q, 2 if who == "vagabond2" else 1] == 1 and quests[q].sum() == 1
            assert all(quests[k, 1] == 1 and quests[k, 2] == 0 for k in done)


def test_law_9_8_3_no_extra_quests_at_setup():
    g = random_play(Game.new(factions=FIVE, seed=7), 7, 20)
    assert sum(int(g.state[QUEST_LOC + q]) == QL_VISIBLE for q in range(len(QUEST_NAMES))) == QUESTS_VISIBLE


# ------------------------------------------------------------------ the Vagabonds meet
def test_law_9_8_a_vagabond_battles_the_other_who_damages_items():
    sc = sc5()
    sc.vagabond("thief", at=5).vb_items("ready", sword=3)
    sc.vagabond("tinker", at=5, which="vagabond2").vb_items("ready", which="vagabond2", boot=2, hammer=1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_BATTLE), faction("vagabond2"))
    while g.decision == "remove piece (hits)":
        do(g, sorted(legal(g))[0])
    damaged2 = sum(held(g, "vagabond2", n, s) for n in ("boot", "hammer") for s in ("damaged", "damaged_exhausted"))
    assert damaged2 >= 1  # the defender takes hits on items (9.2.7); he has no swords: defenseless (+1)
    # No relationship between the Vagabonds (9.2.9): neither chart changed.
    assert set(g.to_dict()["vagabond"]["relationships"].values()) == {"indifferent"}


def test_law_9_2_2_I_an_enemy_vagabond_favor_damages_the_other_vagabond():
    # Favor of the Rabbits costs three rabbits: the Thief crafts with hammers in rabbit clearing 5.
    sc2 = sc5()
    sc2.vagabond("thief", at=5).hand("vagabond", [FAVOR_RABBITS]).vb_items("ready", hammer=3)
    sc2.vagabond("tinker", at=4, which="vagabond2").vb_items("ready", which="vagabond2", boot=2, sword=1, torch=1)
    g = sc2.start("vagabond", at="vagabond_actions")
    do(g, card(FAVOR_RABBITS))
    while g.decision == "damage item":
        assert g.current_player == "vagabond2"
        do(g, sorted(legal(g))[0])
    dmg = sum(held(g, "vagabond2", n, "damaged") for n in ("boot", "sword", "torch"))
    assert dmg == 3
    assert g.to_dict()["vagabond2"]["pawn"] == "clearing 4"


def test_law_9_5_4_the_other_vagabond_may_be_aided_without_a_relationship():
    sc = sc5()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).hand("vagabond", [("A Visit to Friends", "rabbit")])
    sc.vagabond("tinker", at=5, which="vagabond2")
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_AID))
    assert faction("vagabond2") in legal(g)
    do(g, faction("vagabond2"), card(("A Visit to Friends", "rabbit")))
    assert len(g.to_dict()["hands"]["vagabond2"]) == 1 and len(g.to_dict()["hands"]["vagabond"]) == 0
    assert "vagabond2" not in g.to_dict()["vagabond"]["relationships"]


def test_law_9_5_6_strike_finds_no_piece_of_the_other_vagabond():
    sc = sc5()
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=1)
    sc.vagabond("tinker", at=5, which="vagabond2")
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_STRIKE) not in legal(g)  # a pawn is no warrior, building or token
    sc.warriors("eyrie", 5, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_STRIKE) in legal(g)


def test_law_9_7_1_I_the_thief_steals_from_the_other_vagabond():
    sc = sc5()
    sc.vagabond("thief", at=5).vb_items("ready", torch=1)
    sc.vagabond("tinker", at=5, which="vagabond2").hand("vagabond2", [("Bake Sale", "rabbit")])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL), faction("vagabond2"))
    assert len(g.to_dict()["hands"]["vagabond2"]) == 0 and len(g.to_dict()["hands"]["vagabond"]) == 1


def test_law_11_2_7_III_b_neither_vagabond_buys_mercenaries():
    sc = Scenario(("marquise", "vagabond", "vagabond2", "riverfolk"), seed=1)
    sc.vagabond("tinker", at=5, which="vagabond2").vb_items("ready", which="vagabond2", boot=3, hammer=2)
    g = sc.start("vagabond2", at="birdsong")
    assert g.decision == "buy services"
    names = {g.describe(a) for a in legal(g)}
    assert not any("mercenaries" in n for n in names)
    assert any("riverboats" in n or "hand card" in n for n in names)


# ------------------------------------------------------------------ coalitions (9.2.8), readings
def _two_coalitions(vps):
    sc = sc5()
    sc.vagabond("thief", at=5).vp("vagabond", 12).hand("vagabond", [DOM_BIRD])
    sc.vagabond("tinker", at=4, which="vagabond2")
    for f, v in vps.items():
        sc.vp(f, v)
    return sc


def test_law_9_2_8_each_vagabond_forms_his_own_coalition():
    sc = _two_coalitions({"marquise": 3, "eyrie": 5, "alliance": 4, "vagabond2": 13})
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_ACTIVATE_DOMINANCE), card(DOM_BIRD), faction("marquise"))
    assert g.to_dict()["vagabond"]["coalition"] == "marquise"
    assert g.to_dict()["vagabond2"]["coalition"] is None


def test_reading_both_vagabonds_cannot_join_the_same_partner():
    """Seed 002 9.2.8: the partner "cannot be in a coalition": the second Vagabond cannot join the first's."""
    sc = _two_coalitions({"marquise": 3, "eyrie": 5, "alliance": 4})
    sc.coalition("marquise", card=("Dominance", "mouse"), which="vagabond")
    sc.vp("vagabond2", 12).hand("vagabond2", [("Dominance", "fox")])
    g = sc.start("vagabond2", at="vagabond_actions")
    # Marquise has the fewest VP but is in a coalition: nobody may be chosen, so activating is not offered.
    assert opt(K.OPT_ACTIVATE_DOMINANCE) not in legal(g)
    sc.vp("alliance", 3)  # now the Alliance ties for fewest and is free
    g = sc.start("vagabond2", at="vagabond_actions")
    do(g, opt(K.OPT_ACTIVATE_DOMINANCE), card(("Dominance", "fox")))
    assert legal(g) == {faction("alliance")}


def test_reading_a_vagabond_may_join_the_other_vagabond_who_then_forms_none():
    sc = _two_coalitions({"marquise": 9, "eyrie": 9, "alliance": 9, "vagabond2": 2})
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_ACTIVATE_DOMINANCE), card(DOM_BIRD))
    assert legal(g) == {faction("vagabond2")}
    do(g, faction("vagabond2"))
    assert g.to_dict()["vagabond"]["coalition"] == "vagabond2"
    # The partner is in a coalition: he cannot form one of his own.
    sc = _two_coalitions({"marquise": 9, "eyrie": 9, "alliance": 9})
    sc.coalition("vagabond2", card=("Dominance", "mouse"), which="vagabond")
    sc.vp("vagabond2", 12).hand("vagabond2", [("Dominance", "fox")])
    g = sc.start("vagabond2", at="vagabond_actions")
    assert opt(K.OPT_ACTIVATE_DOMINANCE) not in legal(g)


def test_law_9_2_8_a_partner_win_is_each_vagabonds_own_win():
    sc = _two_coalitions({"marquise": 3, "eyrie": 5, "alliance": 4})
    sc.coalition("marquise", card=("Dominance", "mouse"), which="vagabond")
    sc.coalition("eyrie", card=("Dominance", "fox"), which="vagabond2")
    sc.vp("eyrie", 29)
    g = sc.start("eyrie", at="birdsong")
    g.state[VP + 1] = 30  # the Eyrie reach 30 VP
    check_victory(g.state)
    assert sorted(g.winners) == ["eyrie", "vagabond2"]


def test_reading_two_vagabonds_at_30_together_the_player_taking_the_turn_wins():
    """Law 3.1 decides for two Vagabonds as for any two players: the one taking the turn, else the first in
    turn order after him."""
    for active, expected in (("vagabond2", "vagabond2"), ("marquise", "vagabond"), ("vagabond", "vagabond")):
        sc = sc5()  # seats in FIVE's order
        g = sc.start(active, at="birdsong")
        g.state[VP + VAGABOND] = 30
        g.state[VP + VAGABOND2] = 30
        check_victory(g.state)
        assert g.winners == [expected], active


def test_law_9_2_8_the_vagabond_in_a_coalition_is_no_enemy_of_his_partner_only():
    sc = _two_coalitions({"marquise": 3, "eyrie": 5, "alliance": 4})
    sc.coalition("marquise", card=("Dominance", "mouse"), which="vagabond2")
    from root_env.engine.enemies import is_enemy
    s = sc.state
    assert not is_enemy(s, 0, VAGABOND2) and not is_enemy(s, VAGABOND2, 0)
    assert is_enemy(s, 0, VAGABOND) and is_enemy(s, VAGABOND, VAGABOND2)
    assert int(s[DOMINANCE + VAGABOND2]) != 0

"""Law of Root, Appendix D: the six Vagabond characters beyond the base three (Vagrant, Arbiter, Scoundrel,
Adventurer, Ronin, Harrier): starting items (9.3.5 with the expansions' items) and special actions, each test named
by its Appendix D item. The base three are in test_rules_vagabond.py (Law 9.7 / D.1-D.3).

Positions are built with ``root_env.scenario.Scenario``; clearings are named by their printed number 1..12 (Autumn
map): fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (NITEM, ITEM_NAMES, CHARACTER_NAMES, CHARACTER_ITEMS, IMPLEMENTED_CHARACTERS, ITEM_POOL,
                           SECOND_VAGABOND_ITEMS)
from root_env.engine.invariants import check_state
from root_env.errors import RootError
from root_env.game import Game
from root_env.layout import VB_ITEMS, ITEM_ADDED, ITEM_BOX
from rules_helpers import ITEM_STATES, cl, do, faction, item, legal, opt, sc4, vp, warriors


def n_item(g: Game, name: str, state: str = "ready", row: int = 0) -> int:
    return int(g.state[VB_ITEMS + row * NITEM * 4 + ITEM_NAMES.index(name) * 4 + ITEM_STATES.index(state)])


def choose_character(g: Game, name: str) -> None:
    while g.decision != "vagabond: character":
        g.apply(int(g.legal_actions()[0]))
    do(g, opt(K.character_option(CHARACTER_NAMES.index(name))))


def vb_take_hits(g: Game, first: str = "boot") -> None:
    while g.decision == "remove piece (hits)" and g.current_player in ("vagabond", "vagabond2"):
        options = legal(g)
        g.apply(item(first) if item(first) in options else min(options))


def others_take_hits(g: Game) -> None:
    while g.decision == "remove piece (hits)" and g.current_player not in ("vagabond", "vagabond2"):
        g.apply(int(g.legal_actions()[0]))


# ------------------------------------------------------------------ starting items (9.3.5, Appendix D)
@pytest.mark.parametrize("character", [c for c in IMPLEMENTED_CHARACTERS])
def test_law_9_3_5_appendix_d_starting_items_face_up(character):
    """Each character starts with the items Appendix D lists; an item the box lacks (a second boot or sword, the
    coins) comes from the expansion that brings the character, and every item stays counted (invariants)."""
    g = Game.new(("marquise", "eyrie", "vagabond"), seed=3, vagabond_characters=(character,))
    choose_character(g, character)
    ch = CHARACTER_NAMES.index(character)
    for i, name in enumerate(ITEM_NAMES):
        assert n_item(g, name) == CHARACTER_ITEMS[ch, i], name
    assert check_state(g.state) == 0
    total = g.state[ITEM_BOX:ITEM_BOX + NITEM].sum() + g.state[VB_ITEMS:VB_ITEMS + NITEM * 4].sum()
    assert total <= ITEM_POOL.sum() + g.state[ITEM_ADDED:ITEM_ADDED + NITEM].sum()


def test_law_9_8_appendix_d_two_vagabonds_take_the_pack_items_once():
    """Two Vagabonds: the base game's and the Riverfolk box's "S" items serve first; the Vagabond Pack adds one coin,
    one hammer, one boot (B.9) where both characters need more."""
    pairs = [(a, b) for a in IMPLEMENTED_CHARACTERS for b in IMPLEMENTED_CHARACTERS if a != b]
    for a, b in pairs:
        g = Game.new(("vagabond", "marquise", "vagabond2"), seed=4, vagabond_characters=(a, b))
        choose_character(g, a)
        first = g.current_player
        choose_character(g, b)
        assert g.current_player != first or g.decision != "vagabond: character"
        added = g.state[ITEM_ADDED:ITEM_ADDED + NITEM]
        assert (added <= np.array([1 if n in ("coins", "hammer", "boot") else 0 for n in ITEM_NAMES])).all(), (a, b)
        assert check_state(g.state) == 0
        assert SECOND_VAGABOND_ITEMS.sum() > 0


# ------------------------------------------------------------------ the character option
def test_vagabond_characters_option_limits_the_choice():
    g = Game.new(("marquise", "vagabond"), seed=1, vagabond_characters=("thief", "ranger"))
    while g.decision != "vagabond: character":
        g.apply(int(g.legal_actions()[0]))
    assert legal(g) == {opt(K.character_option(CHARACTER_NAMES.index(n))) for n in ("thief", "ranger")}
    g = Game.new(("marquise", "vagabond"), seed=1)
    while g.decision != "vagabond: character":
        g.apply(int(g.legal_actions()[0]))
    assert legal(g) == {opt(K.character_option(CHARACTER_NAMES.index(n))) for n in IMPLEMENTED_CHARACTERS}


@pytest.mark.parametrize("bad, words", [
    ("thief", "list of character names"), (["wizard"], "unknown Vagabond character"), ([], "offers 0"),
    ([3], "unknown Vagabond character"),
])
def test_vagabond_characters_option_bad_input(bad, words):
    with pytest.raises(RootError, match=words):
        Game.new(("marquise", "vagabond"), seed=1, vagabond_characters=bad)


def test_vagabond_characters_option_needs_a_vagabond_and_enough_characters():
    with pytest.raises(RootError, match="no Vagabond is seated"):
        Game.new(("marquise", "eyrie"), seed=1, vagabond_characters=("thief",))
    with pytest.raises(RootError, match="different characters"):
        Game.new(("marquise", "vagabond", "vagabond2"), seed=1, vagabond_characters=("thief",))


def test_vagabond_characters_option_recorded_and_replayed():
    g = Game.new(("marquise", "vagabond"), seed=2, vagabond_characters=("tinker",))
    choose_character(g, "tinker")
    rec = g.to_record()
    assert rec["options"]["vagabond_characters"] == ["tinker"]
    h = Game.from_record(rec)
    assert (h.state == g.state).all()


# ------------------------------------------------------------------ D.8 Ronin: Swift Strike
def ronin_at_5(swords: int = 2, seed: int = 1):
    sc = sc4(seed)
    sc.vagabond("ronin", at=5).vb_items("ready", sword=swords, boot=2)
    return sc


def test_law_d_8_ronin_swift_strike_as_attacker_deals_an_extra_hit():
    sc = ronin_at_5().warriors("marquise", 5, 4).dice(1, 0)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_BATTLE), faction("marquise"))
    assert g.decision == "battle effects" and g.current_player == "vagabond"
    assert opt(K.OPT_SWIFT_STRIKE) in legal(g)
    do(g, opt(K.OPT_SWIFT_STRIKE))
    # D.8: he exhausts a sword (both swords still count for his maximum rolled hits, 9.2.6), once a battle
    assert n_item(g, "sword") == 0 and n_item(g, "sword", "exhausted") == 2
    assert opt(K.OPT_SWIFT_STRIKE) not in legal(g)
    while g.decision == "battle effects":
        do(g, K.A_DONE)
    vb_take_hits(g)
    assert warriors(g, "marquise", 5) == 4 - 2  # the roll's hit and the extra hit
    assert vp(g, "vagabond") == 1  # Infamy for the second warrior (9.2.9.III.a)


def test_law_d_8_ronin_swift_strike_as_defender():
    sc = ronin_at_5().warriors("marquise", 5, 3).dice(1, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), faction("vagabond"))
    while g.decision != "battle effects" or g.current_player != "vagabond":
        do(g, K.A_DONE)
    do(g, opt(K.OPT_SWIFT_STRIKE))
    vb_take_hits(g)
    assert warriors(g, "marquise", 5) == 3 - 2


def test_law_d_8_swift_strike_needs_a_face_up_sword_and_the_ronin():
    sc = ronin_at_5(swords=1).warriors("marquise", 5, 4).dice(1, 0)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_BATTLE), faction("marquise"))  # his only sword exhausted to battle
    assert g.decision != "battle effects" or opt(K.OPT_SWIFT_STRIKE) not in legal(g)
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=2).warriors("marquise", 5, 4).dice(1, 0)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_BATTLE), faction("marquise"))
    assert g.decision != "battle effects" or opt(K.OPT_SWIFT_STRIKE) not in legal(g)


def test_law_d_8_ronin_has_no_torch_action():
    sc = ronin_at_5().vb_items("ready", torch=1).warriors("marquise", 5, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_SPECIAL) not in legal(g)


# ------------------------------------------------------------------ D.9 Harrier: Glide
def test_law_d_9_harrier_glide_to_any_clearing_without_boots_even_hostile():
    sc = sc4()
    sc.vagabond("harrier", at="forest 1").vb_items("ready", torch=1, boot=1)
    sc.relationship("marquise", "hostile").warriors("marquise", 8, 2).warriors("eyrie", 1, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert g.decision == "glide: clearing"
    assert legal(g) == {cl(n) for n in range(1, 13)}  # ignoring adjacency and paths
    do(g, cl(8))  # far from forest 1, with Hostile warriors
    assert g.to_dict()["vagabond"]["pawn"] == "clearing 8"
    assert n_item(g, "torch", "exhausted") == 1 and n_item(g, "boot") == 1  # no boot exhausted
    assert g.decision == "vagabond: action"


def test_law_d_9_glide_moves_only_the_pawn_not_allied_warriors():
    sc = sc4()
    sc.vagabond("harrier", at=5).vb_items("ready", torch=1).relationship("marquise", "allied")
    sc.warriors("marquise", 5, 3)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL), cl(12))
    assert warriors(g, "marquise", 5) == 3 and warriors(g, "marquise", 12) == 0
    assert g.decision == "vagabond: action"


def test_law_d_9_glide_not_to_his_own_clearing_and_not_out_of_a_snare():
    sc = sc4()
    sc.vagabond("harrier", at=5).vb_items("ready", torch=1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert cl(5) not in legal(g) and len(legal(g)) == 11
    sc = Scenario_with_corvids()
    sc.vagabond("harrier", at=5).vb_items("ready", torch=1).plot("snare", 5, face_up=True)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_SPECIAL) not in legal(g)  # 13.7.2: only the Slip ignores a snare (9.4.2)


def Scenario_with_corvids():
    from root_env.scenario import Scenario
    return Scenario(("marquise", "corvids", "vagabond"), seed=1)


# ------------------------------------------------------------------ D.5 Arbiter: Protector
def arbiter_in_5(seed: int = 1):
    sc = sc4(seed)
    sc.vagabond("arbiter", at=5).vb_items("ready", sword=2, boot=1)
    return sc


def test_law_d_5_defender_enlists_the_arbiter_who_scores_and_adds_his_swords():
    sc = arbiter_in_5().vb_items("exhausted", sword=1).warriors("eyrie", 5, 1).warriors("marquise", 5, 6).dice(3, 3)
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 5, "eyrie")
    assert g.decision == "protector: enlist?" and g.current_player == "eyrie"
    assert legal(g) == {K.A_DONE, opt(K.OPT_ENLIST)}
    do(g, opt(K.OPT_ENLIST))
    assert vp(g, "vagabond") == 1
    others_done(g)
    # the defender's maximum rolled hits: one warrior plus the Arbiter's three undamaged swords (face up or down)
    assert warriors(g, "marquise", 5) == 6 - 3


def test_law_d_5_defender_may_decline_the_arbiter():
    sc = arbiter_in_5().warriors("eyrie", 5, 1).warriors("marquise", 5, 6).dice(3, 3)
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 5, "eyrie")
    do(g, K.A_DONE)
    assert vp(g, "vagabond") == 0
    others_done(g)
    assert warriors(g, "marquise", 5) == 6 - 1


def test_law_d_5_arbiter_cannot_enlist_himself_or_be_enlisted_against_himself():
    sc = arbiter_in_5().warriors("marquise", 5, 2).dice(3, 3)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_BATTLE), faction("marquise"))
    assert g.decision != "protector: enlist?"
    sc = arbiter_in_5().warriors("marquise", 5, 2).dice(3, 3)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), faction("vagabond"))
    while g.decision in ("ambush?",):
        do(g, K.A_DONE)
    assert g.decision != "protector: enlist?"


def test_law_d_5_only_in_the_clearing_of_battle():
    sc = sc4()
    sc.vagabond("arbiter", at=4).vb_items("ready", sword=2)
    sc.warriors("eyrie", 5, 1).warriors("marquise", 5, 6).dice(3, 3)
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 5, "eyrie")
    assert g.decision != "protector: enlist?"


def test_law_d_5_the_other_vagabond_may_enlist_the_arbiter():
    from root_env.scenario import Scenario
    sc = Scenario(("marquise", "vagabond", "vagabond2"), seed=1)
    sc.vagabond("arbiter", at=5).vb_items("ready", sword=2)
    sc.vagabond("thief", at=5, which="vagabond2").vb_items("ready", boot=1, which="vagabond2")
    sc.warriors("marquise", 5, 3).dice(3, 3)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), faction("vagabond2"))
    while g.decision == "ambush?":
        do(g, K.A_DONE)
    assert g.decision == "protector: enlist?" and g.current_player == "vagabond2"
    do(g, opt(K.OPT_ENLIST))
    assert vp(g, "vagabond") == 1


def marquise_battle(g: Game, n: int, defender: str) -> None:
    """The Marquise battles `defender` in clearing n; the defender plays no ambush."""
    do(g, opt(K.OPT_BATTLE), cl(n), faction(defender))
    while g.decision == "ambush?":
        do(g, K.A_DONE)


def others_done(g: Game) -> None:
    """Decline every optional battle choice and let the non-Vagabond sides take their hits."""
    while not g.is_over and g.decision in ("ambush?", "foil ambush?", "battle effects", "remove piece (hits)"):
        if g.decision == "remove piece (hits)":
            g.apply(int(g.legal_actions()[0]))
        else:
            do(g, K.A_DONE)


# ------------------------------------------------------------------ D.7 Adventurer: Improvise
from rules_helpers import quest  # noqa: E402


def adventurer_in_5(**ready):
    sc = sc4()
    sc.vagabond("adventurer", at=5).vb_items("ready", **ready)
    sc.quests(visible=("Guard Duty (rabbit)", "Errand (rabbit)", "Expel Bandits (rabbit)"))
    return sc


def test_law_d_7_improvise_treats_an_item_as_another_and_damages_it():
    g = adventurer_in_5(torch=1, hammer=1).start("vagabond", at="vagabond_actions")
    # Guard Duty needs a torch and a sword: he has no sword, but may improvise his hammer as one
    assert quest("Guard Duty (rabbit)") in legal(g)
    assert quest("Errand (rabbit)") not in legal(g)  # tea and boot: one improvised item is not enough
    do(g, quest("Guard Duty (rabbit)"))
    assert g.decision == "improvise: which item"
    assert legal(g) == {item("hammer")}  # the torch must stay the torch: no A_DONE without a sword
    do(g, item("hammer"))
    assert n_item(g, "torch", "exhausted") == 1
    assert n_item(g, "hammer", "damaged_exhausted") == 1  # exhausted to complete the quest, and damaged
    assert g.decision == "quest reward"
    assert g.to_dict()["vagabond"]["quests_done"]


def test_law_d_7_improvise_once_per_turn():
    sc = adventurer_in_5(torch=2, hammer=2)
    sc.quests(visible=("Guard Duty (rabbit)", "Fend off a Bear (rabbit)", "Expel Bandits (rabbit)"))
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, quest("Guard Duty (rabbit)"), item("hammer"), opt(K.OPT_QUEST_DRAW))
    assert quest("Fend off a Bear (rabbit)") not in legal(g)  # torch and crossbow: he would improvise again


def test_law_d_7_improvise_is_optional_and_may_replace_either_item():
    g = adventurer_in_5(torch=1, sword=1, boot=1).start("vagabond", at="vagabond_actions")
    do(g, quest("Guard Duty (rabbit)"))
    assert g.decision == "improvise: which item"
    # the torch cannot stand for the sword (the quest would still need a torch), nor the sword for the torch
    assert legal(g) == {K.A_DONE, item("boot")}
    do(g, item("boot"))  # the boot stands for the torch or the sword: he says which
    assert g.decision == "improvise: in place of"
    assert legal(g) == {item("torch"), item("sword")}
    do(g, item("sword"))
    assert n_item(g, "sword") == 1 and n_item(g, "torch", "exhausted") == 1
    assert n_item(g, "boot", "damaged_exhausted") == 1


def test_law_d_7_without_improvising_the_quest_is_as_usual():
    g = adventurer_in_5(torch=1, sword=1, hammer=1).start("vagabond", at="vagabond_actions")
    do(g, quest("Guard Duty (rabbit)"))
    assert legal(g) == {K.A_DONE, item("hammer")}
    do(g, K.A_DONE)
    assert n_item(g, "hammer") == 1
    assert n_item(g, "sword", "exhausted") == 1 and n_item(g, "torch", "exhausted") == 1
    assert g.decision == "quest reward"


def test_law_d_7_only_the_adventurer_improvises():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", torch=1, hammer=1)
    sc.quests(visible=("Guard Duty (rabbit)",))
    g = sc.start("vagabond", at="vagabond_actions")
    assert quest("Guard Duty (rabbit)") not in legal(g)


# ------------------------------------------------------------------ D.6 Scoundrel: Scorched Earth
from root_env.layout import SCORCHED  # noqa: E402
from rules_helpers import building, forest  # noqa: E402


def scoundrel_in_5(seed: int = 1):
    sc = sc4(seed)
    sc.vagabond("scoundrel", at=5).vb_items("ready", torch=1, boot=2)
    sc.quests(visible=(0, 1, 2))
    return sc


def test_law_d_6_scorched_earth_places_the_torch_and_removes_every_enemy_piece():
    sc = scoundrel_in_5().warriors("marquise", 5, 3).building("sawmill", 5).warriors("eyrie", 5, 1)
    sc.token("sympathy", 5)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert int(g.state[SCORCHED]) == 1 << (5 - 1)
    assert n_item(g, "torch") == 0 and n_item(g, "torch", "exhausted") == 0  # the torch left his board
    assert warriors(g, "marquise", 5) == 0 and warriors(g, "eyrie", 5) == 0 and building(g, 0, 5) == 0
    assert g.to_dict()["clearings"][4]["tokens"] == []
    assert vp(g, "vagabond") == 2  # the sawmill and the sympathy token (3.2.1)
    rels = g.to_dict()["vagabond"]["relationships"]
    assert rels["marquise"] == "hostile" and rels["eyrie"] == "hostile"  # 9.2.9.III: he removed their warriors
    assert g.to_dict()["vagabond"]["pawn"] == "clearing 5"  # he remains in the clearing
    while g.decision != "vagabond: action":  # Outrage for the sympathy, Field Hospitals: answered by the others
        g.apply(int(g.legal_actions()[0]))
    assert check_state(g.state) == 0


def test_law_d_6_no_piece_is_placed_in_or_moved_into_the_scorched_clearing():
    from root_env.engine.board import may_place
    sc = sc4().vagabond("scoundrel", at=1).scorched(5).warriors("marquise", 1, 4).warriors("marquise", 2, 4)
    sc.building("sawmill", 1).building("sawmill", 2)
    g = sc.start("marquise", at="marquise_actions")
    assert not any(may_place(g.state, f, 4) for f in range(4))
    assert may_place(g.state, 0, 0)
    do(g, opt(K.OPT_MARCH), cl(1))
    assert cl(5) not in legal(g)  # 1 and 2 border 5
    assert legal(g) == {cl(9), cl(10)}


def test_law_d_6_the_scoundrel_leaves_and_cannot_come_back():
    sc = scoundrel_in_5().vb_items("ready", boot=3)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    do(g, opt(K.OPT_MOVE), cl(1))
    do(g, opt(K.OPT_MOVE))
    assert cl(5) not in legal(g)
    assert opt(K.OPT_SPECIAL) not in legal(g)  # no torch any more


def test_law_d_6_the_slip_does_not_enter_the_scorched_clearing():
    sc = sc4().vagabond("scoundrel", at="forest 1").scorched(5)
    g = sc.start("vagabond", at="birdsong")
    while g.decision != "vagabond: slip":
        g.apply(int(g.legal_actions()[0]))
    assert cl(5) not in legal(g) and cl(1) in legal(g)


def test_law_d_6_another_vagabond_there_damages_three_items():
    from root_env.scenario import Scenario
    sc = Scenario(("marquise", "vagabond", "vagabond2"), seed=1)
    sc.vagabond("scoundrel", at=5).vb_items("ready", torch=1)
    sc.vagabond("thief", at=5, which="vagabond2").vb_items("ready", boot=2, sword=2, which="vagabond2")
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    while g.decision == "damage item":
        g.apply(int(g.legal_actions()[0]))
    damaged = sum(n_item(g, n, st, row=1) for n in ("boot", "sword") for st in ("damaged", "damaged_exhausted"))
    assert damaged == 3  # 9.2.2.I Full Removal
    assert g.to_dict()["vagabond2"]["pawn"] == "clearing 5"  # the pawn cannot be removed (9.2.2)


def test_law_d_6_scorched_earth_needs_a_clearing():
    g = sc4().vagabond("scoundrel", at="forest 1").vb_items("ready", torch=1).start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_SPECIAL) not in legal(g)


# ------------------------------------------------------------------ D.4 Vagrant: Instigate
from root_env.layout import B_INSTIGATOR  # noqa: E402


def vagrant_in_5(seed: int = 1):
    sc = sc4(seed)
    sc.vagabond("vagrant", at=5).vb_items("ready", torch=1, boot=1)
    sc.quests(visible=(0, 1, 2))
    return sc


def test_law_d_4_instigate_he_chooses_attacker_and_defender_and_removes_for_both():
    sc = vagrant_in_5().warriors("marquise", 5, 3).warriors("eyrie", 5, 2).dice(2, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert n_item(g, "torch", "exhausted") == 1
    assert g.decision == "instigate: attacker" and legal(g) == {faction("marquise"), faction("eyrie")}
    do(g, faction("marquise"))
    assert g.decision == "instigate: defender" and legal(g) == {faction("eyrie")}
    do(g, faction("eyrie"))
    others_done(g)
    assert warriors(g, "eyrie", 5) == 0 and warriors(g, "marquise", 5) == 3 - 1
    rels = g.to_dict()["vagabond"]["relationships"]
    # he removed warriors of both: both Hostile (9.2.9.III), and the second Eyrie warrior scores Infamy
    assert rels["marquise"] == "hostile" and rels["eyrie"] == "hostile"
    assert vp(g, "vagabond") == 1 and vp(g, "marquise") == 0 and vp(g, "eyrie") == 0
    assert g.decision == "vagabond: action" and int(g.state[B_INSTIGATOR]) == -1
    assert check_state(g.state) == 0


def test_law_d_4_instigate_he_orders_the_buildings_removed_and_scores_them():
    sc = vagrant_in_5().warriors("eyrie", 5, 3).building("sawmill", 5).building("workshop", 5)
    sc.token("wood", 5).dice(0, 0)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL), faction("eyrie"), faction("marquise"))
    while g.decision in ("ambush?", "foil ambush?", "battle effects"):
        do(g, K.A_DONE)
    # two hits (defenseless, and the Eyrie's Commander, 7.8.3) on three pieces: the Vagrant chooses which go, not
    # the Marquise
    assert g.decision == "remove piece (hits)" and g.current_player == "vagabond"
    from rules_helpers import piece
    do(g, piece("wood"), piece("workshop"))
    assert building(g, 0, 5) == 1 and building(g, 1, 5) == 0
    assert vp(g, "vagabond") == 2 and vp(g, "eyrie") == 0  # a VP per building, to the Vagrant


def test_law_d_4_instigate_needs_an_attacker_with_warriors_and_an_enemy_defender():
    sc = vagrant_in_5().warriors("marquise", 5, 3)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_SPECIAL) not in legal(g)  # nobody for the Marquise to battle but himself
    sc = vagrant_in_5().building("sawmill", 5).warriors("eyrie", 5, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert legal(g) == {faction("eyrie")}  # the Marquise have no warriors to attack with
    do(g, faction("eyrie"))
    assert legal(g) == {faction("marquise")}  # never the Vagrant himself


# ------------------------------------------------------------------ untrusted states
def test_a_state_offering_no_character_to_choose_is_refused():
    from root_env.layout import VB_CHOICE
    g = Game.new(("marquise", "vagabond"), seed=1)
    while g.decision != "vagabond: character":
        g.apply(int(g.legal_actions()[0]))
    s = g.state.copy()
    s[VB_CHOICE] = 0
    with pytest.raises(RootError):
        Game.from_state(s)
    s[VB_CHOICE] = 1 << len(CHARACTER_NAMES)  # out of range
    with pytest.raises(RootError):
        Game.from_state(s)


def test_a_state_with_an_enemy_piece_in_the_scorched_clearing_is_refused():
    from root_env.layout import SCORCHED, WARRIORS
    g = sc4().vagabond("scoundrel", at=1).scorched(5).quests(visible=(0, 1, 2)).start("vagabond", at="vagabond_actions")
    s = g.state.copy()
    assert check_state(s) == 0
    s[WARRIORS + 0 * 12 + 4] += 1
    from root_env.layout import SUPPLY_WARRIORS
    s[SUPPLY_WARRIORS + 0] -= 1
    assert check_state(s) != 0
    with pytest.raises(RootError):
        Game.from_state(s)


def test_law_d_6_no_move_along_a_river_into_the_scorched_clearing():
    """Rivers are paths for the Riverfolk (11.2.2): the torch's clearing is closed to them too."""
    from root_env.scenario import Scenario
    from root_env.engine.movement import move_targets
    from root_env.data import RIVER_ADJ, RIVERFOLK
    a, b = next((a, b) for a in range(12) for b in range(12) if RIVER_ADJ[a, b])
    sc = Scenario(("riverfolk", "marquise", "vagabond"), seed=1)
    sc.vagabond("scoundrel", at="forest 1").warriors("riverfolk", a + 1, 2)
    g = sc.start("riverfolk", at="daylight")
    assert (move_targets(g.state, RIVERFOLK, a, False) >> b) & 1
    sc = Scenario(("riverfolk", "marquise", "vagabond"), seed=1)
    sc.vagabond("scoundrel", at="forest 1").warriors("riverfolk", a + 1, 2).scorched(b + 1)
    g = sc.start("riverfolk", at="daylight")
    assert not (move_targets(g.state, RIVERFOLK, a, False) >> b) & 1

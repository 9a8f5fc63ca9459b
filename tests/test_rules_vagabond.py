"""Law of Root, section 9 (Vagabond), with seed 002's revisions (9.2.2.I full removal, 9.2.5.I item
tracks, 9.2.8 coalitions) and the digital clarifications (Repair keeps the item's face): each rule
checked in isolation through the action space.

Positions are built with ``root_env.scenario.Scenario`` for the four base factions; actions are
chosen by id and applied with ``Game.apply``; assertions read ``Game.to_dict()`` or the state regions
of ``root_env.layout``. Clearings are named by their printed number 1..12 (Autumn map):
fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; ruins in 6 10 11 12.
Forests (1..7) border: 1: 1 2 5 10; 2: 1 9 10 12; 3: 2 6 10 11 12; 4: 3 7 11 12; 5: 3 6 11;
6: 4 9 12; 7: 4 7 8 12. The scenario's Vagabond is a Thief in forest 1 with no items.
"""
from __future__ import annotations

import pytest

from root_env import codes as K
from root_env.data import (NC, NITEM, ITEM_NAMES, CHARACTER_NAMES, IMPLEMENTED_CHARACTERS, CHARACTER_ITEMS, RUIN_ITEMS, CLEARING_RUIN,
                           QUEST_NAMES, MARQUISE, ALLIANCE, VAGABOND)
from root_env.engine.board import ruler
from root_env.game import Game
from root_env.layout import (VB_ITEMS, VB_AIDS, VB_COALITION, QUEST_LOC, QL_VISIBLE, QUEST_DECK_N, RUIN_ITEM, RUINS,
                             ITEM_BOX, REG, R_B_ROLL_ATT, R_B_ROLL_DEF, DOMINANCE)
from root_env.scenario import Scenario
from rules_helpers import (FOUR, ITEM_STATES, building, card, cl, clearings_offered, do, faction, forest, hand_n,
                           in_discard, in_hand, item, legal, opt, piece, quest, sc4, vp, warriors)


FOX_A = ("Anvil", "fox")                  # craft: fox -> hammer, 2 VP
FOX_STEEL = ("Foxfolk Steel", "fox")      # craft: fox fox -> sword, 2 VP
FOX_TEA = ("Root Tea", "fox")
RABBIT_A = ("A Visit to Friends", "rabbit")
RABBIT_B = ("Bake Sale", "rabbit")
RABBIT_C = ("Root Tea", "rabbit")
MOUSE_A = ("Mouse-in-a-Sack", "mouse")
MOUSE_B = ("Root Tea", "mouse")
BIRD_A = ("Armorers", "bird")
BIRD_B = ("Sappers", "bird")
DOM_BIRD = ("Dominance", "bird")
FAVOR_RABBITS = ("Favor of the Rabbits", "rabbit")


# ------------------------------------------------------------------ helpers
def n_item(g: Game, name: str, state: str = "ready") -> int:
    return int(g.state[VB_ITEMS + ITEM_NAMES.index(name) * 4 + ITEM_STATES.index(state)])


def items(g: Game) -> dict:
    """{(item, state): count} of everything on the Vagabond's board."""
    out = {}
    for i, name in enumerate(ITEM_NAMES):
        for st, sn in enumerate(ITEM_STATES):
            k = int(g.state[VB_ITEMS + i * 4 + st])
            if k:
                out[(name, sn)] = k
    return out


def n_damaged(g: Game) -> int:
    return sum(k for (_, st), k in items(g).items() if st.startswith("damaged"))


def rel(g: Game, f: str) -> str:
    return g.to_dict()["vagabond"]["relationships"][f]


def pawn(g: Game) -> str:
    return g.to_dict()["vagabond"]["pawn"]


def forests_offered(g: Game) -> set[int]:
    return {a - K.A_FOREST + 1 for a in legal(g) if K.A_FOREST <= a < K.A_FOREST + 7}


def rolls(g: Game) -> tuple[int, int]:
    return int(g.state[REG + R_B_ROLL_ATT]), int(g.state[REG + R_B_ROLL_DEF])


def vb_take_hits(g: Game, prefer=()) -> None:
    """Answer the Vagabond's hit choices with the first of `prefer` (actions) that is legal, else the
    first legal option."""
    while g.decision == "remove piece (hits)" and g.current_player == "vagabond":
        opts = legal(g)
        for a in prefer:
            if a in opts:
                g.apply(a)
                break
        else:
            g.apply(min(opts))


def vb_battle(g: Game, defender: str) -> None:
    do(g, opt(K.OPT_BATTLE), faction(defender))


def marquise_battle_vb(g: Game, n: int) -> None:
    do(g, opt(K.OPT_BATTLE), cl(n), faction("vagabond"))


def aid(g: Game, target: str, c, exhaust=None) -> None:
    do(g, opt(K.OPT_AID), faction(target), card(c))
    if g.decision == "aid: exhaust":
        do(g, exhaust if exhaust is not None else min(legal(g)))
    if g.decision == "aid: take item":
        do(g, K.A_DONE)


def quests_visible(g: Game) -> list[int]:
    return [q for q in range(len(QUEST_NAMES)) if g.state[QUEST_LOC + q] == QL_VISIBLE]


# ------------------------------------------------------------------ 9.3 setup
@pytest.mark.parametrize("character", IMPLEMENTED_CHARACTERS)
def test_law_9_3_setup_character_pawn_quests_ruins_relationships(character):
    g = Game.new(FOUR, seed=7)
    while g.decision != "vagabond: character":
        assert g.current_player != "vagabond"
        g.apply(int(g.legal_actions()[0]))
    # 9.3.1: choose a character.
    assert g.current_player == "vagabond"
    assert legal(g) == {opt(K.character_option(CHARACTER_NAMES.index(n))) for n in IMPLEMENTED_CHARACTERS}
    ch = CHARACTER_NAMES.index(character)
    do(g, opt(K.character_option(ch)))
    # 9.3.5: the character's starting items, face up (tea/coins/bag on their tracks).
    assert items(g) == {(ITEM_NAMES[i], "ready"): int(CHARACTER_ITEMS[ch, i])
                        for i in range(NITEM) if CHARACTER_ITEMS[ch, i] > 0}
    assert g.to_dict()["vagabond"]["character"] == character
    # 9.3.2: the pawn in any forest.
    assert g.decision == "vagabond: forest"
    assert legal(g) == {forest(k) for k in range(1, 8)}
    do(g, forest(4))
    d = g.to_dict()["vagabond"]
    assert d["pawn"] == "forest 4"
    # 9.3.3: three quests face up, the rest in the quest deck.
    assert len(d["quests"]) == 3 and d["quests_done"] == []
    assert d["quest_deck"] == len(QUEST_NAMES) - 3
    # 9.3.4: one ruin item under each of the four ruins.
    ruins = [c for c in range(NC) if CLEARING_RUIN[c] == 1]
    assert [c + 1 for c in ruins] == [6, 10, 11, 12]
    under = sorted(int(g.state[RUIN_ITEM + c]) for c in ruins)
    assert under == sorted(int(x) for x in RUIN_ITEMS)
    assert all(g.state[RUINS + c] > 0 for c in ruins)
    # 9.3.6: every other faction Indifferent.
    assert d["relationships"] == {"marquise": "indifferent", "eyrie": "indifferent", "alliance": "indifferent"}
    assert int(g.state[VB_COALITION]) == -1


# ------------------------------------------------------------------ 9.2.1 / 9.5.8 crafting
def test_law_9_5_8_craft_with_hammers_of_clearing_suit_item_to_board():
    sc = sc4()
    sc.vagabond("thief", at=1).vb_items("ready", hammer=1).vb_items("exhausted", hammer=1)
    sc.hand("vagabond", [FOX_A, FOX_STEEL, RABBIT_A])
    g = sc.start("vagabond", at="vagabond_actions")
    supply = g.to_dict()["item_supply"].get("hammer", 0)
    opts = legal(g)
    assert card(FOX_A) in opts           # one fox: one face-up hammer in a fox clearing
    assert card(FOX_STEEL) not in opts   # two fox: only one hammer is face up
    assert card(RABBIT_A) not in opts    # his hammers match his clearing (fox), not rabbit
    do(g, card(FOX_A))
    # The hammer is exhausted; the crafted hammer goes onto his board face up; 2 VP.
    assert n_item(g, "hammer", "exhausted") == 2
    assert n_item(g, "hammer", "ready") == 1
    assert vp(g, "vagabond") == 2
    assert g.to_dict()["item_supply"].get("hammer", 0) == supply - 1  # taken from the supply
    assert not g.to_dict()["crafted_items"].get("vagabond")           # not into a Crafted Items box
    assert g.decision == "vagabond: action"


def test_law_9_5_8_craft_two_hammers_for_two_suit_cost():
    sc = sc4()
    sc.vagabond("thief", at=1).vb_items("ready", hammer=2)
    sc.hand("vagabond", [FOX_STEEL])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, card(FOX_STEEL))
    assert n_item(g, "hammer", "exhausted") == 2
    assert n_item(g, "sword", "ready") == 1
    assert vp(g, "vagabond") == 2


def test_law_9_5_8_no_craft_in_a_forest():
    sc = sc4()
    sc.vagabond("thief", at="forest 1").vb_items("ready", hammer=2)
    sc.hand("vagabond", [FOX_A, RABBIT_A, MOUSE_A])
    g = sc.start("vagabond", at="vagabond_actions")
    assert not any(K.A_CARD <= a < K.A_FACTION for a in legal(g))


# ------------------------------------------------------------------ 9.2.2 Lone Wanderer
def test_law_9_2_2_pawn_does_not_rule():
    sc = sc4()
    sc.vagabond("thief", at=5)
    assert ruler(sc.state, 5 - 1) == -1               # the pawn alone rules nothing
    sc.warriors("marquise", 5, 1)
    assert ruler(sc.state, 5 - 1) == MARQUISE         # and does not stop another from ruling


def test_law_9_2_2_I_full_removal_damages_three_items_pawn_stays():
    sc = sc4()
    for n in (3, 4, 10):
        sc.building("workshop", n)
    sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=2, torch=1).vb_items("exhausted", tea=1)
    sc.warriors("eyrie", 5, 2)
    sc.hand("marquise", [FAVOR_RABBITS])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_RABBITS))
    assert warriors(g, "eyrie", 5) == 0
    # The Vagabond chooses three undamaged items to damage.
    for choice in (item("torch"), item("tea", "exhausted"), item("boot")):
        assert g.decision == "damage item" and g.current_player == "vagabond"
        assert choice in legal(g)
        do(g, choice)
    assert g.decision != "damage item"
    assert items(g) == {("sword", "ready"): 1, ("boot", "ready"): 1, ("boot", "damaged"): 1,
                        ("torch", "damaged"): 1, ("tea", "damaged_exhausted"): 1}
    assert pawn(g) == "clearing 5"  # the pawn cannot be removed
    assert rel(g, "marquise") == "indifferent"


def test_law_9_2_2_I_full_removal_with_fewer_items_damages_what_there_is():
    sc = sc4()
    for n in (3, 4, 10):
        sc.building("workshop", n)
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).vb_items("damaged", sword=1)
    sc.hand("marquise", [FAVOR_RABBITS])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_RABBITS))
    assert items(g) == {("boot", "damaged"): 1, ("sword", "damaged"): 1}
    assert pawn(g) == "clearing 5"
    assert g.current_player == "marquise"


def test_law_9_2_2_I_alliance_revolt_damages_three_items():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=2, torch=1)
    sc.token("sympathy", 5).supporters([RABBIT_A, RABBIT_B]).warriors("marquise", 5, 2)
    g = sc.start("alliance", at="alliance_revolt")
    do(g, cl(5))
    assert warriors(g, "marquise", 5) == 0
    assert g.decision == "damage item" and g.current_player == "vagabond"
    do(g, item("boot"), item("sword"))
    assert g.decision == "damage item"
    do(g, item("boot"))
    assert items(g) == {("boot", "damaged"): 2, ("sword", "damaged"): 1, ("torch", "ready"): 1}
    assert pawn(g) == "clearing 5"


# ------------------------------------------------------------------ 9.2.3 Nimble
def test_law_9_2_3_nimble_moves_regardless_of_rule():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1)
    sc.warriors("eyrie", 5, 3)          # the Eyrie rule his origin
    sc.warriors("marquise", 1, 2).building("sawmill", 1)  # the Marquise rule one destination
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE))
    assert clearings_offered(g) == {1, 2}
    do(g, cl(1))
    assert pawn(g) == "clearing 1"
    assert n_item(g, "boot", "exhausted") == 1


# ------------------------------------------------------------------ 9.2.4 defenseless / 9.2.7 hits
def _marquise_attacks(seed, **vb):
    sc = sc4(seed)
    sc.vagabond("thief", at=5)
    for st, counts in vb.items():
        sc.vb_items(st, **counts)
    sc.warriors("marquise", 5, 3)
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle_vb(g, 5)
    return g


def test_law_9_2_4_defenseless_without_undamaged_sword():
    seen = set()
    for seed in range(1, 25):
        # Only boots (and a damaged sword): defenseless, one extra hit; he deals no rolled hits.
        g = _marquise_attacks(seed, ready={"boot": 6}, damaged={"sword": 1})
        ra, rd = rolls(g)
        assert rd == 0
        assert n_item(g, "boot", "damaged") == ra + 1
        assert warriors(g, "marquise", 5) == 3
        seen.add(ra)
    assert len(seen) > 1


def test_law_9_2_4_not_defenseless_with_an_exhausted_sword():
    for seed in range(1, 25):
        g = _marquise_attacks(seed, ready={"boot": 6}, exhausted={"sword": 1})
        vb_take_hits(g, prefer=[item("boot")])
        ra, rd = rolls(g)
        assert n_item(g, "boot", "damaged") == ra  # no extra hit
        assert warriors(g, "marquise", 5) == 3 - rd


def test_law_9_2_7_hits_damage_items_of_his_choice_keeping_their_face():
    for seed in range(1, 40):
        g = _marquise_attacks(seed, ready={"sword": 1, "boot": 1, "torch": 1}, exhausted={"tea": 1})
        ra, _ = rolls(g)
        if ra < 2:
            continue
        assert g.decision == "remove piece (hits)" and g.current_player == "vagabond"
        assert legal(g) == {item("sword"), item("boot"), item("torch"), item("tea", "exhausted")}
        do(g, item("tea", "exhausted"))
        assert g.decision == "remove piece (hits)" and g.current_player == "vagabond"
        assert item("tea", "exhausted") not in legal(g)
        do(g, item("torch"))
        assert n_item(g, "tea", "damaged_exhausted") == 1  # face down stays face down
        assert n_item(g, "torch", "damaged") == 1           # face up stays face up
        return
    pytest.fail("no seed with two rolled hits")


def test_law_9_2_7_hits_beyond_his_items_are_ignored():
    for seed in range(1, 25):
        g = _marquise_attacks(seed, ready={"boot": 1})
        # Defenseless: at least one hit; the boot is damaged, the rest ignored.
        assert items(g) == {("boot", "damaged"): 1}
        assert pawn(g) == "clearing 5"
        assert g.current_player == "marquise" and g.decision == "marquise: action"


# ------------------------------------------------------------------ 9.2.5 items and tracks
def test_law_9_2_5_face_up_tea_on_track_adds_refreshes():
    sc = sc4()
    sc.vb_items("ready", tea=1).vb_items("exhausted", boot=4, sword=3)
    g = sc.start("vagabond", at="vagabond_refresh")
    # 3 + 2 = 5 refreshes among 7 exhausted items of two kinds: he chooses (the last ones are forced
    # once a single kind is left).
    assert g.decision == "vagabond: refresh"
    while g.decision == "vagabond: refresh":
        do(g, item("boot", "exhausted"))
    assert g.decision == "vagabond: slip"
    assert n_item(g, "boot", "ready") == 4 and n_item(g, "sword", "ready") == 1
    assert n_item(g, "sword", "exhausted") == 2


@pytest.mark.parametrize("tea_state", ["exhausted", "damaged", "damaged_exhausted"])
def test_law_9_2_5_tea_not_face_up_on_track_adds_nothing(tea_state):
    sc = sc4()
    sc.vb_items(tea_state, tea=1).vb_items("exhausted", boot=6)
    g = sc.start("vagabond", at="vagabond_refresh")
    while g.decision == "vagabond: refresh":
        do(g, item("boot", "exhausted"))
    assert g.decision == "vagabond: slip"
    assert n_item(g, "boot", "ready") == 3 and n_item(g, "boot", "exhausted") == 3
    assert n_item(g, "tea", tea_state) == 1


def test_law_9_2_5_face_up_coins_add_draws_exhausted_do_not():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", coins=1).vb_items("exhausted", coins=1)
    g = sc.start("vagabond", at="vagabond_evening")
    assert hand_n(g, "vagabond") == 2  # 1 + one face-up coins


def test_law_9_2_5_face_up_bag_raises_limit_exhausted_bag_counts_as_an_item():
    # A face-up bag on its track: limit 8, and it is not counted in the Satchel.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", bag=1, boot=4, sword=4)
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision != "remove item (capacity)"
    assert n_item(g, "boot") == 4 and n_item(g, "sword") == 4 and n_item(g, "bag") == 1
    # An exhausted bag lies in the Satchel: limit 6, 7 items there.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("exhausted", bag=1).vb_items("ready", boot=3, sword=3)
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision == "remove item (capacity)" and g.current_player == "vagabond"
    assert item("bag", "exhausted") in legal(g)
    do(g, item("bag", "exhausted"))
    assert g.decision != "remove item (capacity)"
    assert n_item(g, "bag", "exhausted") == 0
    assert n_item(g, "boot") == 3 and n_item(g, "sword") == 3


# ------------------------------------------------------------------ 9.2.6 maximum rolled hits
def test_law_9_2_6_max_rolled_hits_are_undamaged_swords():
    hit_three = False
    for seed in range(1, 40):
        results = []
        for damaged in (0, 1):
            sc = sc4(seed)
            sc.vagabond("thief", at=5).vb_items("ready", sword=2 - damaged, boot=6)
            sc.vb_items("exhausted", sword=1)
            if damaged:
                sc.vb_items("damaged", sword=1)
            sc.warriors("marquise", 5, 4)
            g = sc.start("vagabond", at="vagabond_actions")
            vb_battle(g, "marquise")
            vb_take_hits(g, prefer=[item("boot")])
            ra, _ = rolls(g)
            assert warriors(g, "marquise", 5) == 4 - ra
            results.append(ra)
        # Three undamaged swords (one exhausted, one exhausted to battle): up to 3; with one damaged: 2.
        assert results[1] == min(results[0], 2)
        hit_three |= results[0] == 3
    assert hit_three


# ------------------------------------------------------------------ 9.2.8 coalitions
def _coalition_position(vps, rels=None):
    sc = sc4()
    sc.vagabond("thief", at=5).vp("vagabond", 12).hand("vagabond", [DOM_BIRD])
    for f, v in vps.items():
        sc.vp(f, v)
    for f, r in (rels or {}).items():
        sc.relationship(f, r)
    return sc.start("vagabond", at="vagabond_actions")


def test_law_9_2_8_coalition_with_the_player_with_fewest_vp():
    g = _coalition_position({"marquise": 3, "eyrie": 5, "alliance": 4})
    assert opt(K.OPT_ACTIVATE_DOMINANCE) in legal(g)
    do(g, opt(K.OPT_ACTIVATE_DOMINANCE), card(DOM_BIRD))
    # 9.2.8: no normal victory condition: activating means forming a coalition.
    assert g.decision == "coalition: partner"
    assert legal(g) == {faction("marquise")}
    do(g, faction("marquise"))
    assert g.to_dict()["vagabond"]["coalition"] == "marquise"
    assert int(g.state[DOMINANCE + VAGABOND]) != 0
    assert g.decision == "vagabond: action"


def test_law_9_2_8_coalition_tie_is_his_choice():
    g = _coalition_position({"marquise": 3, "eyrie": 5, "alliance": 3})
    do(g, opt(K.OPT_ACTIVATE_DOMINANCE), card(DOM_BIRD))
    assert legal(g) == {faction("marquise"), faction("alliance")}
    do(g, faction("alliance"))
    assert int(g.state[VB_COALITION]) == ALLIANCE


def test_law_9_2_9_III_d_coalition_with_hostile_faction_makes_it_indifferent():
    g = _coalition_position({"marquise": 3, "eyrie": 5, "alliance": 4}, rels={"marquise": "hostile"})
    do(g, opt(K.OPT_ACTIVATE_DOMINANCE), card(DOM_BIRD), faction("marquise"))
    assert rel(g, "marquise") == "indifferent"


def test_law_9_2_8_no_coalition_with_fewer_than_four_players():
    sc = Scenario(("marquise", "eyrie", "vagabond"), seed=1)
    sc.vagabond("thief", at=5).vp("vagabond", 12).hand("vagabond", [DOM_BIRD])
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_ACTIVATE_DOMINANCE) not in legal(g)


def test_law_9_2_8_in_coalition_he_scores_no_more():
    sc = sc4()
    sc.vagabond("thief", at=6).vb_items("ready", torch=1).ruin_item(6, "hammer")
    sc.vp("vagabond", 12).coalition("marquise")
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_EXPLORE))
    assert n_item(g, "hammer") == 1
    assert vp(g, "vagabond") == 12


def test_law_9_2_8_partners_win_is_his_win():
    sc = sc4()
    sc.vagabond("thief", at=5).vp("vagabond", 12).coalition("marquise")
    sc.vp("marquise", 29).building("workshop", 1).hand("marquise", [FOX_A])
    sc.vp("eyrie", 20)
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FOX_A))
    assert g.is_over
    assert set(g.winners) == {"marquise", "vagabond"}


def test_law_9_2_8_partner_of_another_winner_does_not_win():
    sc = sc4()
    sc.vagabond("thief", at=5).coalition("marquise")
    sc.vp("eyrie", 29).building("roost", 1).hand("eyrie", [FOX_A])
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, card(FOX_A))
    assert g.is_over and set(g.winners) == {"eyrie"}


# ------------------------------------------------------------------ 9.2.9 relationships
def test_law_9_2_9_I_aid_counts_1_2_3_in_one_turn_vp_1_2_2_then_allied_2():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=4, sword=4)
    sc.warriors("marquise", 5, 1)
    sc.hand("vagabond", [RABBIT_A, RABBIT_B, RABBIT_C, ("Smuggler's Trail", "rabbit"),
                         ("Cobbler", "rabbit"), BIRD_A, BIRD_B])
    g = sc.start("vagabond", at="vagabond_actions")
    hand = [RABBIT_A, RABBIT_B, RABBIT_C, ("Smuggler's Trail", "rabbit"), ("Cobbler", "rabbit"),
            BIRD_A, BIRD_B]
    expected = [("amiable 1", 1), ("amiable 1", 1), ("amiable 2", 3), ("amiable 2", 3), ("amiable 2", 3),
                ("allied", 5), ("allied", 7)]
    for c, (r, v) in zip(hand, expected):
        aid(g, "marquise", c, exhaust=item("boot") if n_item(g, "boot") else item("sword"))
        assert in_hand(g, "marquise", c)
        assert (rel(g, "marquise"), vp(g, "vagabond")) == (r, v), c


def test_law_9_2_9_I_a_aids_count_only_within_one_turn():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=2).relationship("marquise", 1)
    sc.warriors("marquise", 5, 1).hand("vagabond", [RABBIT_A])
    g = sc.start("vagabond", at="vagabond_actions")
    aid(g, "marquise", RABBIT_A)
    assert rel(g, "marquise") == "amiable 1"
    assert int(g.state[VB_AIDS + MARQUISE]) == 1
    do(g, K.A_DONE)  # end Daylight; Evening; the turn ends
    while g.active == "vagabond":
        g.apply(int(g.legal_actions()[0]))
    assert int(g.state[VB_AIDS + MARQUISE]) == 0
    assert rel(g, "marquise") == "amiable 1"


def test_law_9_2_9_II_a_aiding_an_ally_scores_two():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).relationship("eyrie", "allied")
    sc.warriors("eyrie", 5, 1).hand("vagabond", [BIRD_A])
    g = sc.start("vagabond", at="vagabond_actions")
    aid(g, "eyrie", BIRD_A)
    assert rel(g, "eyrie") == "allied" and vp(g, "vagabond") == 2


def test_law_9_2_9_III_c_aiding_hostile_no_improvement_but_takes_items():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).relationship("marquise", "hostile")
    sc.warriors("marquise", 5, 1).items("marquise", sword=1).hand("vagabond", [RABBIT_A])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_AID), faction("marquise"), card(RABBIT_A))
    assert g.decision == "aid: take item"
    assert legal(g) == {item("sword"), K.A_DONE}
    do(g, item("sword"))
    assert rel(g, "marquise") == "hostile" and vp(g, "vagabond") == 0
    assert n_item(g, "sword") == 1 and n_item(g, "boot", "exhausted") == 1
    assert g.to_dict()["crafted_items"]["marquise"].get("sword", 0) == 0
    assert in_hand(g, "marquise", RABBIT_A)


def test_law_9_2_9_III_strike_on_non_hostile_warrior_makes_hostile_without_vp():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=2).warriors("eyrie", 5, 3)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_STRIKE), faction("eyrie"))
    assert warriors(g, "eyrie", 5) == 2
    assert rel(g, "eyrie") == "hostile" and vp(g, "vagabond") == 0
    # Striking a Hostile warrior is not battle: no Infamy.
    do(g, opt(K.OPT_STRIKE), faction("eyrie"))
    assert warriors(g, "eyrie", 5) == 1 and vp(g, "vagabond") == 0


def test_law_9_2_9_III_a_infamy_in_battle_except_the_first_warrior():
    found = False
    for seed in range(1, 40):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=3, boot=6).warriors("marquise", 5, 4)
        g = sc.start("vagabond", at="vagabond_actions")
        vb_battle(g, "marquise")
        vb_take_hits(g, prefer=[item("boot")])
        removed = 4 - warriors(g, "marquise", 5)
        if removed == 0:
            assert rel(g, "marquise") == "indifferent" and vp(g, "vagabond") == 0
            continue
        assert rel(g, "marquise") == "hostile"
        assert vp(g, "vagabond") == removed - 1
        found |= removed >= 2
    assert found


def test_law_9_2_9_III_a_infamy_adds_to_building_points():
    for seed in range(1, 10):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=2).relationship("marquise", "hostile")
        sc.building("sawmill", 5).building("workshop", 5)
        g = sc.start("vagabond", at="vagabond_actions")
        vb_battle(g, "marquise")
        while g.decision == "remove piece (hits)" and g.current_player == "marquise":
            g.apply(int(g.legal_actions()[0]))
        removed = 2 - building(g, 0, 5) - building(g, 1, 5)
        assert removed >= 1  # the Marquise are defenseless
        assert vp(g, "vagabond") == 2 * removed  # 1 VP per building + 1 Infamy


def test_law_9_2_9_III_a_no_infamy_outside_his_turn():
    for seed in range(1, 25):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=3, boot=6).relationship("marquise", "hostile")
        sc.warriors("marquise", 5, 4)
        g = sc.start("marquise", at="marquise_actions")
        marquise_battle_vb(g, 5)
        vb_take_hits(g, prefer=[item("boot")])
        _, rd = rolls(g)
        assert warriors(g, "marquise", 5) == 4 - rd
        assert vp(g, "vagabond") == 0


def test_law_9_2_9_III_b_extra_boot_into_hostile_warriors():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).relationship("eyrie", "hostile")
    sc.warriors("eyrie", 1, 1).building("roost", 2)  # 2 has only a Hostile building, no warriors
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE))
    assert clearings_offered(g) == {2}
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=2).relationship("eyrie", "hostile")
    sc.warriors("eyrie", 1, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE), cl(1))
    assert pawn(g) == "clearing 1" and n_item(g, "boot", "exhausted") == 2


def test_law_9_2_9_II_b_moving_with_an_ally():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).relationship("marquise", "allied")
    sc.warriors("marquise", 5, 3)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE), cl(1))
    assert g.decision == "move with ally"
    assert legal(g) == {faction("marquise"), K.A_DONE}
    do(g, faction("marquise"))
    assert g.decision == "ally warriors: how many"
    do(g, K.A_COUNT + 2 - 1)
    assert warriors(g, "marquise", 5) == 1 and warriors(g, "marquise", 1) == 2
    assert pawn(g) == "clearing 1" and g.decision == "vagabond: action"


def test_law_9_2_9_II_b_allied_warriors_follow_their_own_movement_rules():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).relationship("marquise", "allied")
    sc.warriors("marquise", 5, 2).warriors("eyrie", 5, 3).warriors("eyrie", 1, 3)  # Eyrie rule both
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE), cl(1))
    assert pawn(g) == "clearing 1"          # he is Nimble
    assert g.decision == "vagabond: action"  # the Marquise may not move: they rule neither clearing
    assert warriors(g, "marquise", 5) == 2


def test_law_9_2_9_II_c_d_battle_with_ally_hits_on_ally_make_it_hostile():
    done_hostile = done_items = False
    for seed in range(1, 60):
        for use_ally in (True, False):
            sc = sc4(seed)
            sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=3).relationship("marquise", "allied")
            sc.warriors("marquise", 5, 3).warriors("eyrie", 5, 4)
            g = sc.start("vagabond", at="vagabond_actions")
            vb_battle(g, "eyrie")
            assert g.decision == "battle with ally"
            assert legal(g) == {faction("marquise"), K.A_DONE}
            do(g, faction("marquise"))
            vb_take_hits(g, prefer=[faction("marquise")] if use_ally else [item("boot")])
            ra, rd = rolls(g)
            assert ra <= 1 + 3  # one sword plus three allied warriors
            assert warriors(g, "eyrie", 5) == 4 - ra
            if rd == 0:
                continue
            if use_ally:
                assert warriors(g, "marquise", 5) == 3 - rd
                assert rel(g, "marquise") == "hostile"
                done_hostile = True
            else:
                assert n_item(g, "boot", "damaged") == rd and warriors(g, "marquise", 5) == 3
                assert rel(g, "marquise") == "allied"
                done_items = True
        if done_hostile and done_items:
            break
    assert done_hostile and done_items


def test_law_9_2_9_II_c_ally_warriors_add_to_his_maximum_rolled_hits():
    high = False
    for seed in range(1, 40):
        res = []
        for with_ally in (True, False):
            sc = sc4(seed)
            sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=6).relationship("marquise", "allied")
            sc.warriors("marquise", 5, 3).warriors("eyrie", 5, 4)
            g = sc.start("vagabond", at="vagabond_actions")
            vb_battle(g, "eyrie")
            do(g, faction("marquise") if with_ally else K.A_DONE)
            vb_take_hits(g, prefer=[item("boot")])
            res.append(rolls(g)[0])
            assert warriors(g, "eyrie", 5) == 4 - res[-1]
        # One undamaged sword alone: at most one hit; with three allied warriors: up to four.
        assert res[1] == min(res[0], 1)
        high |= res[0] >= 2
    assert high


def test_law_9_2_9_II_c_ally_cannot_join_when_it_is_the_defender():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=1).relationship("marquise", "allied")
    sc.warriors("marquise", 5, 3)
    g = sc.start("vagabond", at="vagabond_actions")
    vb_battle(g, "marquise")
    assert g.decision != "battle with ally"


# ------------------------------------------------------------------ 9.4 Birdsong
def test_law_9_4_1_refresh_three_and_choice_when_more_exhausted():
    sc = sc4()
    sc.vb_items("exhausted", boot=2, sword=2).vb_items("damaged_exhausted", torch=1)
    g = sc.start("vagabond", at="vagabond_refresh")
    assert g.decision == "vagabond: refresh" and g.current_player == "vagabond"
    assert legal(g) == {item("boot", "exhausted"), item("sword", "exhausted"), item("torch", "damaged_exhausted")}
    do(g, item("torch", "damaged_exhausted"), item("sword", "exhausted"), item("sword", "exhausted"))
    assert g.decision == "vagabond: slip"
    assert items(g) == {("boot", "exhausted"): 2, ("sword", "ready"): 2, ("torch", "damaged"): 1}


def test_law_9_4_1_refresh_everything_when_few_exhausted():
    sc = sc4()
    sc.vb_items("exhausted", boot=1, sword=1).vb_items("ready", torch=1)
    g = sc.start("vagabond", at="vagabond_refresh")
    assert g.decision == "vagabond: slip"
    assert items(g) == {("boot", "ready"): 1, ("sword", "ready"): 1, ("torch", "ready"): 1}


def test_law_9_4_1_two_teas_refresh_seven():
    sc = sc4()
    sc.vb_items("ready", tea=2).vb_items("exhausted", boot=4, sword=4)
    g = sc.start("vagabond", at="vagabond_refresh")
    while g.decision == "vagabond: refresh":
        do(g, item("boot", "exhausted"))
    assert g.decision == "vagabond: slip"
    assert n_item(g, "boot", "ready") == 4 and n_item(g, "sword", "ready") == 3
    assert n_item(g, "sword", "exhausted") == 1


def test_law_9_4_2_slip_from_a_forest():
    sc = sc4()
    sc.vagabond("thief", at="forest 1")
    g = sc.start("vagabond", at="vagabond_slip")
    assert g.decision == "vagabond: slip"
    assert clearings_offered(g) == {1, 2, 5, 10}
    assert forests_offered(g) == {2, 3}
    assert K.A_DONE in legal(g)
    do(g, forest(3))
    assert pawn(g) == "forest 3"


def test_law_9_4_2_slip_without_boots_even_into_hostile_clearing():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("exhausted", boot=1).relationship("eyrie", "hostile")
    sc.warriors("eyrie", 1, 3)
    g = sc.start("vagabond", at="vagabond_slip")
    assert clearings_offered(g) == {1, 2}
    assert forests_offered(g) == {1}
    do(g, cl(1))
    assert pawn(g) == "clearing 1"
    assert items(g) == {("boot", "exhausted"): 1}


# ------------------------------------------------------------------ 9.5 Daylight
def test_law_9_5_1_move_from_forest_into_adjacent_clearing_only():
    sc = sc4()
    sc.vagabond("thief", at="forest 1").vb_items("ready", boot=2)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE))
    assert g.decision == "vagabond: move to"
    assert clearings_offered(g) == {1, 2, 5, 10} and forests_offered(g) == set()
    do(g, cl(10))
    assert pawn(g) == "clearing 10"
    assert n_item(g, "boot") == 1 and n_item(g, "boot", "exhausted") == 1
    do(g, opt(K.OPT_MOVE))
    assert clearings_offered(g) == {1, 2, 12} and forests_offered(g) == set()


def test_law_9_5_1_no_move_without_face_up_boot():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("exhausted", boot=1).vb_items("damaged", boot=1)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_MOVE) not in legal(g)


def test_law_9_5_2_battle_exhausts_a_sword_and_he_picks_the_defender():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=3)
    sc.warriors("marquise", 5, 2).warriors("eyrie", 5, 2)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_BATTLE))
    assert g.decision == "battle: defender"
    assert legal(g) == {faction("marquise"), faction("eyrie")}
    do(g, faction("eyrie"))
    vb_take_hits(g, prefer=[item("boot")])
    assert n_item(g, "sword", "exhausted") + n_item(g, "sword", "damaged_exhausted") == 1
    assert n_item(g, "sword") == 0


def test_law_9_5_2_no_battle_without_face_up_sword_or_in_forest():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("exhausted", sword=2).warriors("marquise", 5, 2)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_BATTLE) not in legal(g)
    sc = sc4()
    sc.vagabond("thief", at="forest 1").vb_items("ready", sword=2).warriors("marquise", 5, 2)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_BATTLE) not in legal(g)


def test_law_9_5_3_explore_takes_ruin_item_and_scores():
    sc = sc4()
    sc.vagabond("thief", at=10).vb_items("ready", torch=1).ruin_item(10, "bag")
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_EXPLORE) in legal(g)
    do(g, opt(K.OPT_EXPLORE))
    assert items(g) == {("torch", "exhausted"): 1, ("bag", "ready"): 1}
    assert vp(g, "vagabond") == 1
    assert int(g.state[RUINS + 10 - 1]) == 0 and int(g.state[RUIN_ITEM + 10 - 1]) == -1
    assert "ruin" not in g.to_dict()["clearings"][10 - 1]["buildings"]


def test_law_9_5_3_no_explore_without_ruin_or_torch():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", torch=1)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_EXPLORE) not in legal(g)
    sc = sc4()
    sc.vagabond("thief", at=10).vb_items("exhausted", torch=1).ruin_item(10, "bag")
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_EXPLORE) not in legal(g)


def test_law_9_5_4_aid_exhausts_any_item_gives_matching_card_takes_crafted_item():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1, torch=1)
    sc.warriors("eyrie", 5, 1).items("eyrie", coins=1, crossbow=1)
    sc.hand("vagabond", [RABBIT_A, FOX_A, MOUSE_A, BIRD_A])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_AID))
    assert g.decision == "aid: player" and legal(g) == {faction("eyrie")}
    do(g, faction("eyrie"))
    assert g.decision == "aid: card"
    assert legal(g) == {card(RABBIT_A), card(BIRD_A)}  # matching his rabbit clearing; bird is wild
    do(g, card(RABBIT_A))
    assert in_hand(g, "eyrie", RABBIT_A) and hand_n(g, "vagabond") == 3
    assert g.decision == "aid: exhaust"
    assert legal(g) == {item("boot"), item("torch")}
    do(g, item("torch"))
    assert g.decision == "aid: take item"
    assert legal(g) == {item("coins"), item("crossbow"), K.A_DONE}
    do(g, item("coins"))
    assert items(g) == {("boot", "ready"): 1, ("torch", "exhausted"): 1, ("coins", "ready"): 1}
    assert g.to_dict()["crafted_items"]["eyrie"] == {"crossbow": 1}
    assert rel(g, "eyrie") == "amiable 1" and vp(g, "vagabond") == 1


def test_law_9_5_4_no_aid_without_matching_card_or_other_player():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).warriors("eyrie", 5, 1).hand("vagabond", [FOX_A])
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_AID) not in legal(g)
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).hand("vagabond", [RABBIT_A])
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_AID) not in legal(g)


@pytest.mark.parametrize("reward", ["vp", "draw"])
def test_law_9_5_5_quest_exhausts_two_items_new_quest_and_reward(reward):
    sc = sc4()
    sc.vagabond("thief", at=1).vb_items("ready", tea=1, coins=1, boot=1)
    sc.quests(visible=["Fundraising (fox)", "Errand (rabbit)", "Escort (mouse)"], done=["Errand (fox)"])
    g = sc.start("vagabond", at="vagabond_actions")
    qs = {a for a in legal(g) if a >= K.A_QUEST}
    assert qs == {quest("Fundraising (fox)")}  # fox clearing; Errand (rabbit) is not of its suit
    deck_n = int(g.state[QUEST_DECK_N])
    do(g, quest("Fundraising (fox)"))
    assert items(g) == {("tea", "exhausted"): 1, ("coins", "exhausted"): 1, ("boot", "ready"): 1}
    d = g.to_dict()["vagabond"]
    assert set(d["quests_done"]) == {"Fundraising (fox)", "Errand (fox)"}
    assert len(d["quests"]) == 3 and d["quest_deck"] == deck_n - 1  # a new quest is drawn
    assert g.decision == "quest reward"
    assert legal(g) == {opt(K.OPT_QUEST_VP), opt(K.OPT_QUEST_DRAW)}
    if reward == "vp":
        do(g, opt(K.OPT_QUEST_VP))
        assert vp(g, "vagabond") == 2 and hand_n(g, "vagabond") == 0  # two fox quests done
    else:
        do(g, opt(K.OPT_QUEST_DRAW))
        assert vp(g, "vagabond") == 0 and hand_n(g, "vagabond") == 2
    assert g.decision == "vagabond: action"


def test_law_9_5_5_quest_needing_two_of_one_item():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=1).vb_items("exhausted", sword=1)
    sc.quests(visible=["Expel Bandits (rabbit)"])
    g = sc.start("vagabond", at="vagabond_actions")
    assert quest("Expel Bandits (rabbit)") not in legal(g)
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=2)
    sc.quests(visible=["Expel Bandits (rabbit)"])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, quest("Expel Bandits (rabbit)"))
    assert n_item(g, "sword", "exhausted") == 2


def test_law_9_5_6_strike_warrior_then_building_only_without_warriors():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=2)
    sc.warriors("marquise", 5, 1).building("sawmill", 5).building("roost", 5).token("sympathy", 5)
    sc.warriors("eyrie", 5, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_STRIKE))
    assert g.decision == "strike: target"
    # Marquise and Eyrie have warriors there: only warriors; the Alliance has none: its token.
    assert legal(g) == {faction("marquise"), faction("eyrie"), piece("sympathy")}
    do(g, faction("marquise"))
    assert warriors(g, "marquise", 5) == 0 and n_item(g, "crossbow", "exhausted") == 1
    assert vp(g, "vagabond") == 0
    do(g, opt(K.OPT_STRIKE))
    assert legal(g) == {faction("eyrie"), piece("sawmill"), piece("sympathy")}
    do(g, piece("sawmill"))
    assert "sawmill" not in g.to_dict()["clearings"][5 - 1]["buildings"]
    assert vp(g, "vagabond") == 1  # removing an enemy building scores
    assert rel(g, "marquise") == "hostile"


def test_law_9_5_6_strike_a_token_scores():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=1).token("sympathy", 5)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_STRIKE), piece("sympathy"))
    assert g.to_dict()["clearings"][5 - 1]["tokens"] == []
    assert vp(g, "vagabond") == 1
    assert rel(g, "alliance") == "indifferent"  # not a warrior: no hostility


@pytest.mark.parametrize("st", ["damaged", "damaged_exhausted"])
def test_repair_exhausts_hammer_item_keeps_face(st):
    sc = sc4()
    sc.vagabond("thief", at="forest 2").vb_items("ready", hammer=1).vb_items(st, sword=1)
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_REPAIR) in legal(g)  # also in a forest
    do(g, opt(K.OPT_REPAIR))
    back = "ready" if st == "damaged" else "exhausted"
    assert items(g) == {("hammer", "exhausted"): 1, ("sword", back): 1}


def test_repair_chooses_which_damaged_item():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", hammer=1).vb_items("damaged", sword=1, boot=1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_REPAIR))
    assert g.decision == "repair: item"
    assert legal(g) == {item("sword", "damaged"), item("boot", "damaged")}
    do(g, item("boot", "damaged"))
    assert items(g) == {("hammer", "exhausted"): 1, ("boot", "ready"): 1, ("sword", "damaged"): 1}
    assert opt(K.OPT_REPAIR) not in legal(g)


def test_law_9_7_1_thief_steal_random_card():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", torch=1).warriors("eyrie", 5, 1)
    sc.hand("eyrie", [FOX_A])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert g.decision == "steal: player" and legal(g) == {faction("eyrie")}
    do(g, faction("eyrie"))
    assert in_hand(g, "vagabond", FOX_A) and hand_n(g, "eyrie") == 0
    assert n_item(g, "torch", "exhausted") == 1


def test_law_9_7_2_tinker_day_labor_matching_or_bird():
    sc = sc4()
    sc.vagabond("tinker", at=5).vb_items("ready", torch=1)
    sc.discard(RABBIT_A).discard(FOX_A).discard(BIRD_A).discard(MOUSE_A)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert g.decision == "day labor: card"
    assert legal(g) == {card(RABBIT_A), card(BIRD_A)}
    do(g, card(BIRD_A))
    assert in_hand(g, "vagabond", BIRD_A) and in_discard(g, RABBIT_A)
    assert n_item(g, "torch", "exhausted") == 1


def test_law_9_7_3_ranger_hideout_repairs_three_and_ends_daylight():
    sc = sc4()
    sc.vagabond("ranger", at=5).vb_items("ready", torch=1)
    sc.vb_items("damaged", sword=1, boot=1, crossbow=1).vb_items("damaged_exhausted", hammer=1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    for it in (item("sword", "damaged"), item("hammer", "damaged_exhausted"), item("boot", "damaged")):
        assert g.decision == "repair: item"
        do(g, it)
    assert items(g) == {("torch", "exhausted"): 1, ("sword", "ready"): 1, ("boot", "ready"): 1,
                        ("hammer", "exhausted"): 1, ("crossbow", "damaged"): 1}
    assert g.decision != "vagabond: action"
    assert g.phase == "evening" or g.active != "vagabond"


# ------------------------------------------------------------------ 9.6 Evening
def test_law_9_6_1_rest_in_forest_repairs_all_face_up():
    sc = sc4()
    sc.vagabond("thief", at="forest 2").vb_items("damaged", sword=1).vb_items("damaged_exhausted", boot=2)
    sc.vb_items("exhausted", torch=1)
    g = sc.start("vagabond", at="vagabond_evening")
    assert items(g) == {("sword", "ready"): 1, ("boot", "ready"): 2, ("torch", "exhausted"): 1}


def test_law_9_6_1_no_rest_in_a_clearing():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("damaged", sword=1).vb_items("damaged_exhausted", boot=2)
    g = sc.start("vagabond", at="vagabond_evening")
    assert items(g) == {("sword", "damaged"): 1, ("boot", "damaged_exhausted"): 2}


@pytest.mark.parametrize("coins,draws", [(0, 1), (1, 2), (2, 3)])
def test_law_9_6_2_draw_one_plus_coins(coins, draws):
    sc = sc4()
    sc.vagabond("thief", at=5)
    if coins:
        sc.vb_items("ready", coins=coins)
    g = sc.start("vagabond", at="vagabond_evening")
    assert hand_n(g, "vagabond") == draws


def test_law_9_6_3_discard_to_five():
    sc = sc4()
    sc.vagabond("thief", at=5)
    sc.hand("vagabond", [RABBIT_A, RABBIT_B, RABBIT_C, FOX_A, FOX_STEEL])
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision == "discard (hand limit)" and g.current_player == "vagabond"
    do(g, card(FOX_A))
    assert hand_n(g, "vagabond") == 5 and in_discard(g, FOX_A)


def test_law_9_6_4_item_limit_six_removal_of_his_choice():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=3, sword=2, coins=1).vb_items("damaged", torch=1)
    sc.vb_items("exhausted", hammer=1)
    # Satchel + damaged: 3 boots, 2 swords, torch, hammer = 7 (the face-up coins are on the track).
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision == "remove item (capacity)" and g.current_player == "vagabond"
    assert item("torch", "damaged") in legal(g) and item("hammer", "exhausted") in legal(g)
    assert item("coins") not in legal(g)
    do(g, item("torch", "damaged"))
    assert g.decision != "remove item (capacity)"
    assert items(g) == {("boot", "ready"): 3, ("sword", "ready"): 2, ("coins", "ready"): 1,
                        ("hammer", "exhausted"): 1}
    assert int(g.state[ITEM_BOX + ITEM_NAMES.index("torch")]) >= 1


def test_law_9_6_4_two_bags_on_track_limit_ten():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", bag=2, boot=4, sword=4).vb_items("damaged", hammer=2)
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision != "remove item (capacity)"
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", bag=2, boot=4, sword=4).vb_items("damaged", hammer=3)
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision == "remove item (capacity)"


def test_law_9_2_5_I_bag_track_holds_three():
    # Four face-up bags: three on the track (limit 12), the fourth in the Satchel.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", bag=4, boot=4, sword=4, hammer=3, crossbow=2)
    g = sc.start("vagabond", at="vagabond_evening")
    # Satchel: 1 bag + 13 others = 14 > 12: two items go.
    assert g.decision == "remove item (capacity)"
    assert item("bag") in legal(g)
    do(g, item("bag"))
    assert g.decision == "remove item (capacity)"
    do(g, item("crossbow"))
    assert g.decision != "remove item (capacity)"
    assert n_item(g, "bag") == 3 and n_item(g, "crossbow") == 1


def test_law_9_2_9_III_a_infamy_for_every_warrior_of_an_already_hostile_faction():
    found = False
    for seed in range(1, 30):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=3, boot=6).warriors("marquise", 5, 4)
        sc.relationship("marquise", "hostile")
        g = sc.start("vagabond", at="vagabond_actions")
        vb_battle(g, "marquise")
        vb_take_hits(g, prefer=[item("boot")])
        removed = 4 - warriors(g, "marquise", 5)
        assert vp(g, "vagabond") == removed
        found |= removed > 0
    assert found


def test_law_9_2_9_III_defending_vagabond_removing_warriors_makes_hostile():
    found = False
    for seed in range(1, 30):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=3, boot=6).warriors("marquise", 5, 4)
        g = sc.start("marquise", at="marquise_actions")
        marquise_battle_vb(g, 5)
        vb_take_hits(g, prefer=[item("boot")])
        _, rd = rolls(g)
        assert warriors(g, "marquise", 5) == 4 - rd
        assert rel(g, "marquise") == ("hostile" if rd > 0 else "indifferent")
        assert vp(g, "vagabond") == 0  # not his turn: no Infamy
        found |= rd > 0
    assert found


def test_law_9_2_9_II_d_equal_hits_on_ally_and_items_keeps_the_ally():
    for seed in range(1, 80):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=3).relationship("marquise", "allied")
        sc.warriors("marquise", 5, 3).warriors("eyrie", 5, 4)
        g = sc.start("vagabond", at="vagabond_actions")
        vb_battle(g, "eyrie")
        do(g, faction("marquise"))
        _, rd = rolls(g)
        if rd != 2:
            vb_take_hits(g)
            continue
        do(g, faction("marquise"))
        vb_take_hits(g, prefer=[item("boot")])
        assert warriors(g, "marquise", 5) == 2 and n_item(g, "boot", "damaged") == 1
        assert rel(g, "marquise") == "allied"
        return
    pytest.fail("no seed where the Eyrie roll two hits")


def test_law_9_2_9_II_e_outrage_from_moving_allied_warriors_is_paid_by_vagabond():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).relationship("marquise", "allied")
    sc.warriors("marquise", 5, 3).token("sympathy", 1)
    sc.hand("vagabond", [FOX_A]).hand("marquise", [FOX_TEA])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE), cl(1), faction("marquise"), K.A_COUNT + 1 - 1)
    assert g.decision == "outrage: card" and g.current_player == "vagabond"
    do(g, card(FOX_A))
    assert not in_hand(g, "vagabond", FOX_A) and in_hand(g, "marquise", FOX_TEA)
    assert g.to_dict()["alliance"]["supporters"] == ["Anvil (fox)"]
    assert g.decision == "vagabond: action"


def test_law_9_2_9_II_b_no_ally_move_when_slipping():
    sc = sc4()
    sc.vagabond("thief", at=5).relationship("marquise", "allied").warriors("marquise", 5, 3)
    g = sc.start("vagabond", at="vagabond_slip")
    do(g, cl(1))
    assert g.decision != "move with ally"
    assert warriors(g, "marquise", 5) == 3


def test_law_9_7_3_hideout_with_fewer_than_three_damaged_items():
    sc = sc4()
    sc.vagabond("ranger", at="forest 1").vb_items("ready", torch=1, sword=1).vb_items("damaged", boot=1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert n_item(g, "boot") == 1
    assert g.decision != "vagabond: action"


# A clearing of each suit (printed numbers), for the quest battery.
_CLEARING_OF_SUIT = {"fox": 1, "rabbit": 5, "mouse": 2}


@pytest.mark.parametrize("name", QUEST_NAMES)
def test_law_9_5_5_every_quest_needs_its_two_items_in_a_clearing_of_its_suit(name):
    """Each of the 15 quests: offered only in a clearing of its suit with both its items face up,
    completes by exhausting exactly those items, and scores per completed quest of its suit."""
    from root_env.data import QUEST_ITEMS, QUEST_SUIT, SUIT_NAMES
    q = QUEST_NAMES.index(name)
    a, b = (ITEM_NAMES[i] for i in QUEST_ITEMS[q])
    suit = SUIT_NAMES[QUEST_SUIT[q]]
    need = {a: 1} if a != b else {a: 2}
    if a != b:
        need[b] = 1
    # Missing one of the two items: not offered.
    short = dict(need)
    short[a] -= 1
    sc = sc4()
    sc.vagabond("thief", at=_CLEARING_OF_SUIT[suit]).vb_items("ready", **short).quests(visible=[name])
    assert quest(name) not in legal(sc.start("vagabond", at="vagabond_actions"))
    # In a clearing of another suit: not offered.
    other = next(s for s in _CLEARING_OF_SUIT if s != suit)
    sc = sc4()
    sc.vagabond("thief", at=_CLEARING_OF_SUIT[other]).vb_items("ready", **need).quests(visible=[name])
    assert quest(name) not in legal(sc.start("vagabond", at="vagabond_actions"))
    # With both items in a matching clearing: exhausts exactly them; 1 VP for the first of its suit.
    sc = sc4()
    sc.vagabond("thief", at=_CLEARING_OF_SUIT[suit]).vb_items("ready", **need).quests(visible=[name])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, quest(name), opt(K.OPT_QUEST_VP))
    assert items(g) == {(i, "exhausted"): n for i, n in need.items()}
    assert vp(g, "vagabond") == 1
    assert name in g.to_dict()["vagabond"]["quests_done"]


def test_cobbler_gives_the_vagabond_a_boot_move_at_the_start_of_evening():
    """Cobbler ("at the start of Evening, you may take a move") for the Vagabond: a move by his own
    rules (Law 9.5.1: exhaust a boot), which he may decline."""
    sc = sc4()
    sc.vagabond("thief", at=1).vb_items("ready", boot=1).crafted("vagabond", ("Cobbler", "rabbit"))
    g = sc.start("vagabond", at="evening")
    assert g.decision == "vagabond: move to"
    assert K.A_DONE in legal(g) and cl(5) in legal(g)
    do(g, cl(5))
    assert g.to_dict()["vagabond"]["pawn"] == "clearing 5"
    assert n_item(g, "boot", "exhausted") == 1
    sc = sc4()
    sc.vagabond("thief", at=1).vb_items("ready", boot=1).crafted("vagabond", ("Cobbler", "rabbit"))
    g = sc.start("vagabond", at="evening")
    do(g, K.A_DONE)
    assert g.to_dict()["vagabond"]["pawn"] == "clearing 1" and n_item(g, "boot") == 1


# ------------------------------------------------------------------ audit: issue 12, section 3 (Vagabond)
def _finish_refresh(g: Game) -> None:
    """Answer every refresh choice with the first legal item."""
    while g.decision == "vagabond: refresh":
        do(g, min(legal(g)))


def test_law_9_4_1_refresh_count_fixed_at_the_start_of_birdsong():
    # The tea is exhausted when Birdsong starts: three refreshes, even if the tea is flipped first.
    sc = sc4()
    sc.vb_items("exhausted", tea=1, boot=5)
    g = sc.start("vagabond", at="vagabond_refresh")
    do(g, item("tea", "exhausted"))
    # Face up on its track now, but it adds nothing this Birdsong: the two refreshes left go to
    # boots (forced, one kind left).
    assert g.decision == "vagabond: slip"
    assert n_item(g, "tea") == 1
    assert n_item(g, "boot") == 2 and n_item(g, "boot", "exhausted") == 3
    # A face-up tea at the start counts even when it is the only tea: 3 + 2 = 5.
    sc = sc4()
    sc.vb_items("ready", tea=1).vb_items("exhausted", boot=6)
    g = sc.start("vagabond", at="vagabond_refresh")
    assert g.decision == "vagabond: slip"
    assert n_item(g, "boot") == 5 and n_item(g, "boot", "exhausted") == 1


def test_law_9_2_5_I_tea_track_holds_three_refreshes_nine():
    # Four face-up teas: three on the track (3 + 2 * 3 = 9 refreshes), the fourth in the Satchel.
    sc = sc4()
    sc.vb_items("ready", tea=4).vb_items("exhausted", boot=4, sword=4, crossbow=2)
    g = sc.start("vagabond", at="vagabond_refresh")
    _finish_refresh(g)
    assert g.decision == "vagabond: slip"
    exhausted = sum(k for (_, st), k in items(g).items() if st == "exhausted")
    assert exhausted == 10 - 9


def test_law_9_2_5_I_coins_track_holds_three_draws_four_fourth_in_satchel():
    # Four face-up coins: three on the track draw 1 + 3 cards; the fourth lies in the Satchel and
    # counts toward the item limit (1 coins + 6 boots = 7 > 6).
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", coins=4, boot=6)
    g = sc.start("vagabond", at="vagabond_evening")
    assert hand_n(g, "vagabond") == 4
    assert g.decision == "remove item (capacity)"
    assert legal(g) == {item("coins"), item("boot")}
    do(g, item("coins"))
    assert g.decision != "remove item (capacity)"
    assert n_item(g, "coins") == 3 and n_item(g, "boot") == 6


@pytest.mark.parametrize("st", ["damaged", "damaged_exhausted"])
def test_law_9_6_4_damaged_bag_counts_toward_the_item_limit(st):
    # A damaged bag lies in the Damaged box: it counts as an item and does not raise the limit.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items(st, bag=1).vb_items("ready", boot=6)
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision == "remove item (capacity)"
    assert legal(g) == {item("bag", st), item("boot")}
    do(g, item("boot"))
    assert g.decision != "remove item (capacity)"
    assert n_item(g, "bag", st) == 1 and n_item(g, "boot") == 5


@pytest.mark.parametrize("st", ["damaged", "damaged_exhausted"])
def test_law_9_6_1_rest_comes_before_the_draw(st):
    # Coins repaired by the Evening's rest are face up on their track when he draws (9.6.2).
    sc = sc4()
    sc.vagabond("thief", at="forest 2").vb_items(st, coins=1)
    g = sc.start("vagabond", at="vagabond_evening")
    assert n_item(g, "coins") == 1
    assert hand_n(g, "vagabond") == 2
    # In a clearing there is no rest: the damaged coins draw nothing.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items(st, coins=1)
    g = sc.start("vagabond", at="vagabond_evening")
    assert hand_n(g, "vagabond") == 1


def test_law_9_6_1_rest_comes_before_the_capacity_check():
    # A bag repaired by the rest is on its track at the capacity check: limit 8, seven items kept.
    sc = sc4()
    sc.vagabond("thief", at="forest 2").vb_items("damaged", bag=1).vb_items("ready", boot=4, sword=3)
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision != "remove item (capacity)"
    assert items(g) == {("bag", "ready"): 1, ("boot", "ready"): 4, ("sword", "ready"): 3}
    # The same board in a clearing: the damaged bag counts (8 items) and the limit is 6.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("damaged", bag=1).vb_items("ready", boot=4, sword=3)
    g = sc.start("vagabond", at="vagabond_evening")
    assert g.decision == "remove item (capacity)"


def test_law_9_2_1_tax_collector_needs_three_suits_his_hammers_have_one():
    # Tax Collector costs fox + rabbit + mouse; all his hammers match his clearing: never craftable.
    tax = ("Tax Collector", "fox")
    for at in (1, 5, 2):
        sc = sc4()
        sc.vagabond("thief", at=at).vb_items("ready", hammer=4).hand("vagabond", [tax])
        g = sc.start("vagabond", at="vagabond_actions")
        assert card(tax) not in legal(g)


def test_law_9_2_1_royal_claim_any_suit_four_hammers():
    # Royal Claim costs four of any suit: four face-up hammers in any clearing pay it; three do not.
    claim = ("Royal Claim", "bird")
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", hammer=3).hand("vagabond", [claim])
    g = sc.start("vagabond", at="vagabond_actions")
    assert card(claim) not in legal(g)
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", hammer=4).vb_items("exhausted", hammer=1)
    sc.hand("vagabond", [claim])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, card(claim))
    assert n_item(g, "hammer") == 0 and n_item(g, "hammer", "exhausted") == 5
    assert "Royal Claim (bird)" in g.to_dict()["crafted"]["vagabond"]


def test_law_9_2_9_III_b_one_extra_boot_for_several_hostile_factions():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=3)
    sc.relationship("eyrie", "hostile").relationship("alliance", "hostile")
    sc.warriors("eyrie", 1, 1).warriors("alliance", 1, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE), cl(1))
    assert pawn(g) == "clearing 1"
    assert n_item(g, "boot", "exhausted") == 2 and n_item(g, "boot") == 1


def test_law_9_2_9_III_b_moving_with_an_ally_into_a_hostile_clearing():
    # Allied warriors move with him into a clearing with Hostile warriors: he pays his two boots,
    # nothing more for the allies.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).relationship("marquise", "allied")
    sc.relationship("eyrie", "hostile").warriors("marquise", 5, 3).warriors("eyrie", 1, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE))
    assert 1 not in clearings_offered(g)  # one boot cannot pay for the Hostile clearing
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=3).relationship("marquise", "allied")
    sc.relationship("eyrie", "hostile").warriors("marquise", 5, 3).warriors("eyrie", 1, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE), cl(1))
    assert n_item(g, "boot", "exhausted") == 2
    assert g.decision == "move with ally" and faction("marquise") in legal(g)
    do(g, faction("marquise"), K.A_COUNT + 3 - 1)
    assert warriors(g, "marquise", 1) == 3 and warriors(g, "marquise", 5) == 0
    assert n_item(g, "boot", "exhausted") == 2 and n_item(g, "boot") == 1
    assert rel(g, "marquise") == "allied" and rel(g, "eyrie") == "hostile"


def _to_marquise_actions(g: Game) -> None:
    """Play on (declining what may be declined) until the Marquise's Daylight actions."""
    while g.decision != "marquise: action":
        opts = legal(g)
        g.apply(K.A_DONE if K.A_DONE in opts else min(opts))


def test_law_9_5_3_last_explore_opens_the_ruin_slot():
    # Clearing 10 has two slots, one of them a ruin; the Marquise's sawmill fills the other.
    sc = sc4()
    sc.vagabond("thief", at=10).vb_items("ready", torch=1).ruin_item(10, "bag")
    sc.warriors("marquise", 10, 2).building("sawmill", 10).warriors("marquise", 5, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD), piece("workshop"))
    assert cl(10) not in legal(g) and cl(5) in legal(g)
    sc = sc4()
    sc.vagabond("thief", at=10).vb_items("ready", torch=1).ruin_item(10, "bag")
    sc.warriors("marquise", 10, 2).building("sawmill", 10).warriors("marquise", 5, 1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_EXPLORE))
    assert "ruin" not in g.to_dict()["clearings"][10 - 1]["buildings"]
    do(g, K.A_DONE)
    _to_marquise_actions(g)
    do(g, opt(K.OPT_BUILD), piece("workshop"))
    assert cl(10) in legal(g)
    do(g, cl(10))
    assert building(g, 1, 10) == 1


def test_law_9_2_9_III_a_infamy_for_a_building_after_the_first_warrior_same_battle():
    found = False
    for seed in range(1, 40):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=3, boot=6)
        sc.warriors("marquise", 5, 1).building("sawmill", 5).building("workshop", 5)
        g = sc.start("vagabond", at="vagabond_actions")
        vb_battle(g, "marquise")
        while g.decision == "remove piece (hits)" and g.current_player == "marquise":
            g.apply(min(legal(g)))
        vb_take_hits(g, prefer=[item("boot")])
        if warriors(g, "marquise", 5) == 1:
            assert vp(g, "vagabond") == 0 and rel(g, "marquise") == "indifferent"
            continue
        fallen = 2 - building(g, 0, 5) - building(g, 1, 5)
        # The warrior made them Hostile (no Infamy for it); each building after it: 1 + 1 Infamy.
        assert rel(g, "marquise") == "hostile"
        assert vp(g, "vagabond") == 2 * fallen
        found |= fallen > 0
    assert found


@pytest.mark.parametrize("start", ["indifferent", "hostile"])
def test_law_9_2_9_III_a_infamy_for_hits_dealt_by_allied_warriors(start):
    # With one sword he rolls at most one hit; the Allied Marquise's warriors raise that, and every
    # Hostile piece removed in his battle scores, whoever's warriors "dealt" the hit.
    high = False
    for seed in range(1, 40):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=6).relationship("marquise", "allied")
        sc.relationship("eyrie", start).warriors("marquise", 5, 3).warriors("eyrie", 5, 4)
        g = sc.start("vagabond", at="vagabond_actions")
        vb_battle(g, "eyrie")
        do(g, faction("marquise"))
        vb_take_hits(g, prefer=[item("boot")])
        removed = 4 - warriors(g, "eyrie", 5)
        if removed:
            assert rel(g, "eyrie") == "hostile"
        assert vp(g, "vagabond") == (removed if start == "hostile" else max(removed - 1, 0))
        high |= removed >= 2
    assert high


@pytest.mark.parametrize("start,expected_vp", [("hostile", 2), ("indifferent", 1)])
def test_law_9_2_9_III_a_infamy_for_tokens(start, expected_vp):
    # The Marquise have only a wood token: defenseless, it falls. 1 VP for the token (3.2.1), plus
    # one Infamy when they are Hostile; removing a token does not make them Hostile.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=1).relationship("marquise", start)
    sc.token("wood", 5)
    g = sc.start("vagabond", at="vagabond_actions")
    vb_battle(g, "marquise")
    assert g.to_dict()["clearings"][5 - 1]["tokens"] == []
    assert vp(g, "vagabond") == expected_vp
    assert rel(g, "marquise") == start


def test_law_9_2_2_I_own_favor_no_self_damage_victims_hostile_no_infamy():
    favor = ("Favor of the Rabbits", "rabbit")
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", hammer=3, sword=1, boot=1, torch=1).hand("vagabond", [favor])
    sc.warriors("eyrie", 5, 2).warriors("eyrie", 4, 1)                     # Indifferent
    sc.relationship("marquise", "hostile").warriors("marquise", 10, 3).building("sawmill", 10)
    sc.warriors("marquise", 1, 2)                                         # a fox clearing: untouched
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, card(favor))
    assert warriors(g, "eyrie", 5) == 0 and warriors(g, "eyrie", 4) == 0 and warriors(g, "marquise", 10) == 0
    assert building(g, 0, 10) == 0 and warriors(g, "marquise", 1) == 2
    # His own effect: no item damaged (seed 002 9.2.2.I is an enemy's effect).
    assert n_damaged(g) == 0 and g.decision != "damage item"
    assert items(g) == {("hammer", "exhausted"): 3, ("sword", "ready"): 1, ("boot", "ready"): 1,
                        ("torch", "ready"): 1}
    # Removing warriors makes the Eyrie Hostile (9.2.9.III); not in battle: no Infamy; the sawmill
    # scores its one point (3.2.1).
    assert rel(g, "eyrie") == "hostile" and rel(g, "marquise") == "hostile"
    assert vp(g, "vagabond") == 1
    assert pawn(g) == "clearing 5" and g.decision == "vagabond: action"


@pytest.mark.parametrize("character", ["thief", "tinker", "ranger"])
def test_law_9_5_in_a_forest_only_move_repair_and_special_action(character):
    """Battle, Explore, Aid, Quest, Strike and Craft need a clearing (9.5.1-9.5.8); from a forest he
    may move into an adjacent clearing, repair, and take a special action that needs no clearing."""
    sc = sc4()
    sc.vagabond(character, at="forest 3")
    sc.vb_items("ready", boot=1, sword=1, crossbow=1, torch=2, hammer=3, tea=1, coins=1, bag=1)
    sc.vb_items("damaged", sword=1)
    sc.hand("vagabond", [FOX_A, MOUSE_A, RABBIT_A, BIRD_A]).discard(BIRD_B).discard(MOUSE_B)
    sc.quests(visible=["Expel Bandits (rabbit)", "Fundraising (fox)", "Errand (fox)"])
    for n in (2, 6, 10, 11, 12):  # every clearing around forest 3 holds Eyrie warriors
        sc.warriors("eyrie", n, 1)
    sc.ruin_item(6, "bag")
    g = sc.start("vagabond", at="vagabond_actions")
    opts = legal(g)
    for verb in (K.OPT_BATTLE, K.OPT_EXPLORE, K.OPT_AID, K.OPT_STRIKE):
        assert opt(verb) not in opts
    assert not any(K.A_QUEST <= a for a in opts)
    assert not any(K.A_CARD <= a < K.A_FACTION for a in opts)  # no craft
    assert opt(K.OPT_MOVE) in opts and opt(K.OPT_REPAIR) in opts
    # Steal needs a player in his clearing; Day Labor and Hideout do not.
    assert (opt(K.OPT_SPECIAL) in opts) == (character != "thief")
    if character == "tinker":
        do(g, opt(K.OPT_SPECIAL))
        assert legal(g) == {card(BIRD_B)}  # no clearing suit to match: only a bird card
    sc = sc4()
    sc.vagabond(character, at="forest 3").vb_items("ready", boot=1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE))
    assert clearings_offered(g) == {2, 6, 10, 11, 12} and forests_offered(g) == set()


def _attacked_vb_with_allied_eyrie(seed, **vb):
    sc = sc4(seed)
    sc.vagabond("thief", at=5).relationship("eyrie", "allied").warriors("eyrie", 5, 3)
    for st, counts in vb.items():
        sc.vb_items(st, **counts)
    sc.warriors("marquise", 5, 4)
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle_vb(g, 5)
    return g


def test_law_9_2_9_II_c_allies_do_not_fight_when_he_defends():
    seen = set()
    for seed in range(1, 40):
        g = _attacked_vb_with_allied_eyrie(seed, ready={"sword": 1, "boot": 6})
        assert g.decision != "battle with ally"
        while g.decision == "remove piece (hits)" and g.current_player == "vagabond":
            assert faction("eyrie") not in legal(g)  # his Ally's warriors cannot take his hits
            do(g, item("boot"))
        ra, rd = rolls(g)
        assert rd <= 1                             # one sword, no allied warriors added
        assert warriors(g, "eyrie", 5) == 3
        assert n_item(g, "boot", "damaged") == ra
        assert warriors(g, "marquise", 5) == 4 - rd
        seen.add(ra)
    assert max(seen) >= 2


def test_law_9_2_4_defenseless_with_allied_warriors_present():
    for seed in range(1, 25):
        g = _attacked_vb_with_allied_eyrie(seed, ready={"boot": 6})
        ra, rd = rolls(g)
        assert rd == 0
        assert n_item(g, "boot", "damaged") == ra + 1  # the extra hit of 4.3.2.III
        assert warriors(g, "eyrie", 5) == 3 and warriors(g, "marquise", 5) == 4


@pytest.mark.parametrize("on_ally,stays_allied", [(2, False), (1, True), (0, True)])
def test_law_9_2_9_II_d_ambush_hits_count(on_ally, stays_allied):
    # The Eyrie defend with only a roost and ambush: no rolled hits on his side, so the ambush's two
    # hits alone decide whether more hits were taken by allied warriors than by items.
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=3).relationship("marquise", "allied")
    sc.warriors("marquise", 5, 3).building("roost", 5).hand("eyrie", [("Ambush!", "bird")])
    g = sc.start("vagabond", at="vagabond_actions")
    vb_battle(g, "eyrie")
    do(g, faction("marquise"))
    do(g, card(("Ambush!", "bird")))
    if g.decision == "foil ambush?":
        do(g, K.A_DONE)
    for k in range(2):
        assert g.decision == "remove piece (hits)" and g.current_player == "vagabond"
        assert faction("marquise") in legal(g)
        do(g, faction("marquise") if k < on_ally else item("boot"))
    vb_take_hits(g, prefer=[item("boot")])
    assert warriors(g, "marquise", 5) == 3 - on_ally
    assert n_item(g, "boot", "damaged") == 2 - on_ally
    assert rolls(g)[1] == 0
    assert rel(g, "marquise") == ("allied" if stays_allied else "hostile")


def test_law_9_2_9_III_allied_attacker_turns_hostile():
    seen = set()
    for seed in range(1, 30):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=3, boot=6).relationship("marquise", "allied")
        sc.warriors("marquise", 5, 4)
        g = sc.start("marquise", at="marquise_actions")
        marquise_battle_vb(g, 5)
        vb_take_hits(g, prefer=[item("boot")])
        _, rd = rolls(g)
        assert warriors(g, "marquise", 5) == 4 - rd
        assert rel(g, "marquise") == ("hostile" if rd > 0 else "allied")
        assert vp(g, "vagabond") == 0  # not his turn: no Infamy
        seen.add(rd > 0)
    assert seen == {True, False}


def test_law_9_3_4_ruin_items_hidden_until_explored():
    sc = sc4()
    sc.vagabond("thief", at=10).vb_items("ready", torch=1)
    for n, it in ((6, "bag"), (10, "boot"), (11, "hammer"), (12, "sword")):
        sc.ruin_item(n, it)
    g = sc.start("vagabond", at="vagabond_actions")
    for viewer in ("marquise", "eyrie", "alliance", "vagabond"):
        before = g.observe(viewer).copy()
        saved = g.state.copy()
        g.state[RUIN_ITEM + 10 - 1], g.state[RUIN_ITEM + 6 - 1] = saved[RUIN_ITEM + 6 - 1], saved[RUIN_ITEM + 10 - 1]
        assert (g.observe(viewer) == before).all(), viewer
        g.state[:] = saved
        assert {i for v in g.information_view(viewer)["ruin_items"].values() for i in v} == {"hidden"}
    # Exploring reveals the item: it is on his board, and the ruin is gone.
    do(g, opt(K.OPT_EXPLORE))
    assert n_item(g, "boot") == 1
    assert "clearing 10" not in g.information_view("eyrie")["ruin_items"]


def test_law_9_5_4_aid_a_player_with_only_a_building_or_a_token():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", boot=2).building("sawmill", 5).token("sympathy", 5)
    sc.hand("vagabond", [RABBIT_A, RABBIT_B])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_AID))
    assert legal(g) == {faction("marquise"), faction("alliance")}  # the Eyrie have nothing there
    do(g, faction("alliance"), card(RABBIT_A))
    if g.decision == "aid: exhaust":
        do(g, item("boot"))
    assert in_hand(g, "alliance", RABBIT_A) and rel(g, "alliance") == "amiable 1"
    aid(g, "marquise", RABBIT_B)
    assert in_hand(g, "marquise", RABBIT_B) and rel(g, "marquise") == "amiable 1"
    assert vp(g, "vagabond") == 2


def test_law_9_7_1_steal_from_a_player_with_only_a_building_or_a_token():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", torch=2).building("sawmill", 5).token("sympathy", 5)
    sc.hand("marquise", [FOX_A]).hand("alliance", [MOUSE_A])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert legal(g) == {faction("marquise"), faction("alliance")}
    do(g, faction("marquise"))
    assert in_hand(g, "vagabond", FOX_A)
    do(g, opt(K.OPT_SPECIAL), faction("alliance"))
    assert in_hand(g, "vagabond", MOUSE_A) and hand_n(g, "alliance") == 0


def test_law_9_2_9_II_c_one_allied_faction_per_battle():
    high = False
    for seed in range(1, 40):
        sc = sc4(seed)
        sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=6)
        sc.relationship("marquise", "allied").relationship("alliance", "allied")
        sc.warriors("marquise", 5, 1).warriors("alliance", 5, 3).warriors("eyrie", 5, 5)
        g = sc.start("vagabond", at="vagabond_actions")
        vb_battle(g, "eyrie")
        assert g.decision == "battle with ally"
        assert legal(g) == {faction("marquise"), faction("alliance"), K.A_DONE}
        do(g, faction("marquise"))
        assert g.decision != "battle with ally"   # no second Ally
        while g.decision == "remove piece (hits)" and g.current_player == "vagabond":
            assert faction("alliance") not in legal(g)
            do(g, item("boot"))
        ra, _ = rolls(g)
        assert ra <= 1 + 1                         # his sword plus the Marquise's one warrior
        assert warriors(g, "alliance", 5) == 3
        high |= ra == 2
    assert high

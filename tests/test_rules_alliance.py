"""Law of Root, section 8 (Woodland Alliance), with seed 002's revisions (8.2.4 printed suit of the
base, 8.4.1.I a base on the faction board, 8.5.3 printed suit of a base on the map) and the Vagabond's
full removal (seed 002, 9.2.2.I): each rule checked in isolation through the action space.

Positions are built with ``root_env.scenario.Scenario`` for the four base factions; actions are
chosen by id and applied with ``Game.apply``; assertions read ``Game.to_dict()`` or the state regions
of ``root_env.layout``. Clearings are named by their printed number 1..12 (Autumn map):
fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; ruins in 6 10 11 12.
Adjacency: 1: 5 9 10; 2: 5 6 10; 3: 6 7 11; 4: 8 9 12; 5: 1 2; 6: 2 3 11; 7: 3 8 12; 8: 4 7;
9: 1 4 12; 10: 1 2 12; 11: 3 6 12; 12: 4 7 9 10 11.
Battle dice are chosen with ``Scenario.dice`` / ``Game.dice`` (the roll's two dice; the rules deal them):
the Guerrilla War tests check who is dealt which.
"""
from __future__ import annotations

import pytest

from root_env import codes as K
from root_env.data import (NC, NCARD, CARD_NAMES, ALLIANCE, MARQUISE, VAGABOND, BT_BASE, TT_SYMPATHY, AL_SYMPATHY_COST,
                           AL_SYMPATHY_VP, AL_SYMPATHY, AL_SUPPORTER_LIMIT, WARRIOR_TOTAL, ITEM_NAMES, FOX, RABBIT,
                           MOUSE)
from root_env.game import Game
from root_env.layout import (TOKENS, BUILDINGS, RUINS, CARD_LOC, CARD_KNOWN, LOC_SUPPORTERS, LOC_DISCARD,
                             LOC_REMOVED, LOC_AVAILABLE, AL_OFFICERS, AL_OUTRAGE, DECK_N, REG, R_B_ROLL_ATT,
                             R_B_ROLL_DEF, VB_ITEMS)
from root_env.scenario import card_id
from rules_helpers import (FOUR, ITEM_STATES, card, cards_offered, cl, clearings_offered, do, faction, finish_hits,
                           hand_n, in_discard, in_hand, legal, opt, piece, sc4, supply, vp, warriors)


# Cards with a single copy in the deck, so that (name, suit) names one card.
FOX_A = ("Anvil", "fox")                    # craft: fox -> hammer, 2 VP
FOX_STEEL = ("Foxfolk Steel", "fox")        # craft: fox fox -> sword, 2 VP
FOX_TEA = ("Root Tea", "fox")
FOX_KNAP = ("Gently Used Knapsack", "fox")
FOX_GEAR = ("Travel Gear", "fox")
RABBIT_A = ("A Visit to Friends", "rabbit")  # craft: rabbit -> boot, 1 VP
RABBIT_B = ("Bake Sale", "rabbit")
RABBIT_C = ("Root Tea", "rabbit")
RABBIT_D = ("Smuggler's Trail", "rabbit")
MOUSE_A = ("Mouse-in-a-Sack", "mouse")
MOUSE_B = ("Root Tea", "mouse")
MOUSE_C = ("Investments", "mouse")
MOUSE_D = ("Travel Gear", "mouse")
BIRD_A = ("Arms Trader", "bird")
BIRD_B = ("Birdy Bindle", "bird")
BIRD_C = ("Royal Claim", "bird")
BIRD_D = ("Woodland Runners", "bird")


# ------------------------------------------------------------------ helpers
def label(c) -> str:
    name, suit = c
    return f"{name} ({suit})"


def supporters(g: Game) -> list[str]:
    return sorted(g.to_dict()["alliance"]["supporters"])


def labels(cards) -> list[str]:
    return sorted(label(c) for c in cards)


def officers(g: Game) -> int:
    return int(g.state[AL_OFFICERS])


def sympathy(g: Game, n: int) -> int:
    return int(g.state[TOKENS + TT_SYMPATHY * NC + n - 1])


def sympathy_on_map(g: Game) -> int:
    return sum(sympathy(g, n) for n in range(1, 13))


def base(g: Game, suit: int, n: int) -> int:
    return int(g.state[BUILDINGS + (BT_BASE + suit) * NC + n - 1])


def known_by(g: Game, c, f: int) -> bool:
    return bool(int(g.state[CARD_KNOWN + card_id(c)]) >> f & 1)


def march(g: Game, frm: int, to: int, n: int) -> None:
    do(g, cl(frm), cl(to), K.A_COUNT + n - 1)


def spend_any(g: Game) -> None:
    """Answer 'which supporter to spend' choices with the first option."""
    while g.decision == "spend supporter":
        g.apply(int(g.legal_actions()[0]))


def rolls(g: Game) -> tuple[int, int]:
    return int(g.state[REG + R_B_ROLL_ATT]), int(g.state[REG + R_B_ROLL_DEF])


def n_damaged(g: Game) -> int:
    n = 0
    for i in range(len(ITEM_NAMES)):
        for st, sn in enumerate(ITEM_STATES):
            if sn.startswith("damaged"):
                n += int(g.state[VB_ITEMS + i * 4 + st])
    return n


# ------------------------------------------------------------------ 8.2.1 crafting
def test_law_8_2_1_craft_activates_sympathy_tokens_of_the_card_suit():
    sc = sc4()
    sc.token("sympathy", 1).token("sympathy", 8)  # two fox sympathy tokens
    sc.hand("alliance", [FOX_A, FOX_STEEL, RABBIT_A])
    g = sc.start("alliance", at="alliance_daylight")
    offered = cards_offered(g)
    assert card(FOX_A) in offered and card(FOX_STEEL) in offered
    assert card(RABBIT_A) not in offered  # no rabbit sympathy: nothing to activate
    do(g, card(FOX_STEEL))
    assert g.to_dict()["crafted_items"]["alliance"] == {"sword": 1}
    assert vp(g, "alliance") == 2
    # Both fox tokens were activated this turn: the one-fox Anvil can no longer be crafted.
    assert g.decision == "alliance: daylight"
    assert card(FOX_A) not in legal(g)


def test_law_8_2_1_each_sympathy_token_activates_once_per_turn():
    sc = sc4()
    sc.token("sympathy", 1)  # a single fox token
    sc.hand("alliance", [FOX_A, ("Crossbow", "bird")])  # each costs one fox
    g = sc.start("alliance", at="alliance_daylight")
    assert {card(FOX_A), card(("Crossbow", "bird"))} <= legal(g)
    do(g, card(FOX_A))
    assert g.to_dict()["crafted_items"]["alliance"] == {"hammer": 1}
    assert card(("Crossbow", "bird")) not in legal(g)


def test_law_8_2_1_sympathy_crafts_for_its_clearings_suit_not_warriors_or_bases():
    sc = sc4()
    sc.token("sympathy", 5)  # rabbit
    sc.warriors("alliance", 1, 3).building("base_fox", 1)  # fox warriors and base are no crafting pieces
    sc.hand("alliance", [RABBIT_A, FOX_A])
    g = sc.start("alliance", at="alliance_daylight")
    assert card(RABBIT_A) in legal(g)
    assert card(FOX_A) not in legal(g)
    do(g, card(RABBIT_A))
    assert g.to_dict()["crafted_items"]["alliance"] == {"boot": 1}
    assert vp(g, "alliance") == 1


# ------------------------------------------------------------------ 8.2.2 Guerrilla War
@pytest.mark.parametrize("hi, lo", [(3, 1), (2, 0), (1, 1)])
def test_law_8_2_2_guerrilla_war_defending_alliance_deals_the_higher_roll(hi, lo):
    sc = sc4()
    sc.warriors("marquise", 1, 3).warriors("alliance", 1, 3).dice(hi, lo)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(1), faction("alliance"))
    finish_hits(g)
    assert rolls(g) == (lo, hi)
    assert warriors(g, "marquise", 1) == 3 - hi  # the Alliance dealt the higher roll
    assert warriors(g, "alliance", 1) == 3 - lo  # the attacker dealt the lower


def test_law_8_2_2_guerrilla_war_rolled_hits_still_capped_by_defending_warriors():
    sc = sc4()
    sc.warriors("marquise", 1, 3).warriors("alliance", 1, 1).dice(3, 2)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(1), faction("alliance"))
    finish_hits(g)
    assert rolls(g) == (2, 1)  # the Alliance's higher 3, capped by its one warrior (4.3.2.I)


def test_law_8_2_2_guerrilla_war_does_not_apply_when_the_alliance_attacks():
    sc = sc4()
    sc.warriors("alliance", 1, 3).warriors("marquise", 1, 3).officers(1).dice(3, 1)
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_BATTLE), cl(1), faction("marquise"))
    finish_hits(g)
    assert rolls(g) == (3, 1)  # Law 4.3.2: the attacker deals the higher


# ------------------------------------------------------------------ 8.2.3 supporters
def test_law_8_2_3_supporters_only_spent_for_their_suit_birds_wild():
    # No sympathy on the map: spread anywhere a matching supporter pays the first token's cost.
    sc = sc4()
    sc.supporters([RABBIT_A])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == {3, 4, 5, 10}  # rabbit clearings only
    sc = sc4()
    sc.supporters([BIRD_A])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == set(range(1, 13))  # a bird supporter pays for any suit


def test_law_8_2_3_spending_offers_only_matching_supporters():
    sc = sc4()
    sc.token("sympathy", 8)
    sc.supporters([FOX_A, FOX_TEA, BIRD_A, RABBIT_A, MOUSE_A])
    g = sc.start("alliance", at="alliance_revolt")
    do(g, cl(8))
    assert g.decision == "spend supporter" and g.current_player == "alliance"
    assert cards_offered(g) == {card(FOX_A), card(FOX_TEA), card(BIRD_A)}
    do(g, card(BIRD_A))
    assert cards_offered(g) == {card(FOX_A), card(FOX_TEA)}
    do(g, card(FOX_TEA))
    assert supporters(g) == labels([FOX_A, RABBIT_A, MOUSE_A])
    assert in_discard(g, BIRD_A) and in_discard(g, FOX_TEA)


def test_law_8_2_3_i_capacity_five_without_a_base_extra_card_discarded():
    assert AL_SUPPORTER_LIMIT == 5
    sc = sc4()
    five = [FOX_A, FOX_TEA, RABBIT_A, MOUSE_A, BIRD_A]
    sc.supporters(five).hand("alliance", [RABBIT_B])
    g = sc.start("alliance", at="alliance_daylight")
    do(g, opt(K.OPT_MOBILIZE), card(RABBIT_B))
    assert supporters(g) == labels(five)
    assert in_discard(g, RABBIT_B)
    assert hand_n(g, "alliance") == 0


def test_law_8_2_3_i_capacity_five_applies_to_outrage_cards_too():
    sc = sc4()
    five = [FOX_TEA, RABBIT_A, RABBIT_B, MOUSE_A, BIRD_A]
    sc.supporters(five).token("sympathy", 1)
    sc.warriors("marquise", 5, 2).hand("marquise", [FOX_A])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 1)
    assert g.decision == "outrage: card" and g.current_player == "marquise"
    do(g, card(FOX_A))
    assert supporters(g) == labels(five)
    assert in_discard(g, FOX_A)  # the stack could not hold it


def test_law_8_2_3_i_capacity_unlimited_with_a_base_on_the_map():
    sc = sc4()
    five = [FOX_A, FOX_TEA, RABBIT_A, MOUSE_A, BIRD_A]
    sc.supporters(five).building("base_mouse", 2).hand("alliance", [RABBIT_B, RABBIT_C])
    g = sc.start("alliance", at="alliance_daylight")
    do(g, opt(K.OPT_MOBILIZE), card(RABBIT_B))
    do(g, opt(K.OPT_MOBILIZE), card(RABBIT_C))
    assert supporters(g) == labels(five + [RABBIT_B, RABBIT_C])
    assert len(supporters(g)) == 7


def test_law_8_2_3_supporters_do_not_count_against_hand_size():
    sc = sc4()
    sc.supporters([FOX_A, FOX_TEA, RABBIT_A, MOUSE_A])
    sc.hand("alliance", [RABBIT_B, RABBIT_C, MOUSE_B, MOUSE_C])
    sc.deck_top([BIRD_A])
    g = sc.start("alliance", at="alliance_operations")
    # No officers, no bases: income is one card, hand 5 (supporters not counted): no discard.
    assert hand_n(g, "alliance") == 5
    assert in_hand(g, "alliance", BIRD_A)
    assert g.active != "alliance" or g.decision != "discard (hand limit)"
    assert supporters(g) == labels([FOX_A, FOX_TEA, RABBIT_A, MOUSE_A])


def test_law_8_2_3_supporters_are_hidden_but_known_to_the_alliance():
    sc = sc4()
    sc.hand("alliance", [RABBIT_B])
    g = sc.start("alliance", at="alliance_daylight")
    do(g, opt(K.OPT_MOBILIZE), card(RABBIT_B))
    assert known_by(g, RABBIT_B, ALLIANCE)
    assert not known_by(g, RABBIT_B, MARQUISE) and not known_by(g, RABBIT_B, VAGABOND)


# ------------------------------------------------------------------ 8.2.4 removing bases
def base_battle(seed: int, n_officers: int, sup, extra_base: bool):
    sc = sc4(seed)
    sc.warriors("marquise", 1, 3).building("base_fox", 1)
    if extra_base:
        sc.building("base_rabbit", 5).warriors("alliance", 5, 1)
    sc.supporters(sup).officers(n_officers)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(1), faction("alliance"))
    finish_hits(g)  # defenseless: at least one hit, and the base is the only piece there
    return g


def test_law_8_2_4_base_removed_discards_its_suit_and_birds_and_half_the_officers():
    sup = [FOX_A, FOX_TEA, BIRD_A, RABBIT_A, RABBIT_B, MOUSE_A]
    g = base_battle(1, 3, sup, extra_base=True)
    assert base(g, FOX, 1) == 0
    assert vp(g, "marquise") == 1  # Law 3.2.1: one VP for the building
    assert supporters(g) == labels([RABBIT_A, RABBIT_B, MOUSE_A])
    assert in_discard(g, FOX_A) and in_discard(g, FOX_TEA) and in_discard(g, BIRD_A)
    assert officers(g) == 1  # three officers, half rounded up (two) removed
    assert supply(g, "alliance") == WARRIOR_TOTAL[ALLIANCE] - 1 - 1  # one at base 5, one officer
    assert g.current_player == "marquise"  # a base remains: no trimming to five


@pytest.mark.parametrize("n,left", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_law_8_2_4_base_removed_officers_halved_rounded_up(n, left):
    g = base_battle(2, n, [RABBIT_A], extra_base=True)
    assert officers(g) == left
    assert supply(g, "alliance") == WARRIOR_TOTAL[ALLIANCE] - 1 - left


def test_law_8_2_4_last_base_removed_alliance_chooses_supporters_down_to_five():
    rest = [RABBIT_A, RABBIT_B, RABBIT_C, MOUSE_A, MOUSE_B, MOUSE_C, MOUSE_D]
    g = base_battle(3, 2, [FOX_A, BIRD_A] + rest, extra_base=False)
    # The fox and bird supporters go first (8.2.4), leaving seven: the Alliance discards two.
    assert in_discard(g, FOX_A) and in_discard(g, BIRD_A)
    assert g.decision == "discard supporter" and g.current_player == "alliance"
    assert cards_offered(g) == {card(c) for c in rest}
    do(g, card(MOUSE_D))
    assert g.decision == "discard supporter" and g.current_player == "alliance"
    do(g, card(RABBIT_C))
    assert supporters(g) == labels([RABBIT_A, RABBIT_B, MOUSE_A, MOUSE_B, MOUSE_C])
    assert in_discard(g, MOUSE_D) and in_discard(g, RABBIT_C)
    assert g.current_player == "marquise"


def test_law_8_2_4_last_base_removed_five_or_fewer_supporters_kept():
    rest = [RABBIT_A, RABBIT_B, MOUSE_A, MOUSE_B, MOUSE_C]
    g = base_battle(4, 0, [FOX_A] + rest, extra_base=False)
    assert supporters(g) == labels(rest)
    assert g.decision != "discard supporter" and g.current_player == "marquise"


# ------------------------------------------------------------------ 8.2.5 sympathy tokens
def test_law_8_2_5_i_one_sympathy_token_per_clearing():
    sc = sc4()
    sc.token("sympathy", 1).warriors("alliance", 1, 2).warriors("alliance", 9, 1).officers(1)
    sc.supporters([BIRD_A, BIRD_B, BIRD_C])
    g = sc.start("alliance", at="alliance_spread")
    assert 1 not in clearings_offered(g)
    assert clearings_offered(g) == {5, 9, 10}
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_ORGANIZE))
    assert clearings_offered(g) == {9}  # not in sympathetic clearing 1


def test_law_8_2_5_only_ten_sympathy_tokens():
    assert AL_SYMPATHY == 10
    sc = sc4()
    for n in range(1, 11):
        sc.token("sympathy", n)
    sc.warriors("alliance", 11, 2).warriors("alliance", 12, 2).officers(2)
    sc.supporters([BIRD_A, BIRD_B, BIRD_C, BIRD_D, FOX_A, FOX_TEA, MOUSE_A, MOUSE_B])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == set()  # all ten on the map
    g = sc.start("alliance", at="alliance_operations")
    assert opt(K.OPT_ORGANIZE) not in legal(g)


# ------------------------------------------------------------------ 8.2.6 outrage
def test_law_8_2_6_outrage_moving_into_sympathy_gives_a_matching_card_of_choice():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 5, 3)
    sc.hand("marquise", [FOX_A, RABBIT_A, BIRD_A])
    g = sc.start("marquise", at="marquise_actions")
    deck = int(g.state[DECK_N])
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 2)
    assert g.decision == "outrage: card" and g.current_player == "marquise"
    assert legal(g) == {card(FOX_A), card(BIRD_A)}  # matching, birds included; no 'done'
    do(g, card(BIRD_A))
    assert supporters(g) == [label(BIRD_A)]
    assert known_by(g, BIRD_A, ALLIANCE) and known_by(g, BIRD_A, MARQUISE)
    assert hand_n(g, "marquise") == 2
    assert int(g.state[DECK_N]) == deck
    assert warriors(g, "marquise", 1) == 2
    assert g.current_player == "marquise" and g.decision != "outrage: card"


def test_law_8_2_6_outrage_without_matching_card_shows_hand_and_alliance_draws():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 5, 3)
    sc.hand("marquise", [RABBIT_A, MOUSE_A]).deck_top([MOUSE_C])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 1)
    assert g.decision != "outrage: card"
    assert supporters(g) == [label(MOUSE_C)]  # drawn from the deck onto the stack
    assert known_by(g, MOUSE_C, ALLIANCE) and not known_by(g, MOUSE_C, MARQUISE)
    # The hand was shown to the Alliance.
    assert known_by(g, RABBIT_A, ALLIANCE) and known_by(g, MOUSE_A, ALLIANCE)
    assert hand_n(g, "marquise") == 2
    assert int(g.state[AL_OUTRAGE]) == 0


def test_law_8_2_6_outrage_each_move_into_sympathy():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 5, 3)
    sc.hand("marquise", [FOX_A, FOX_TEA])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 1)
    do(g, card(FOX_A))
    march(g, 5, 1, 1)
    assert g.decision == "outrage: card"
    do(g, card(FOX_TEA))
    assert supporters(g) == labels([FOX_A, FOX_TEA])


def test_law_8_2_6_no_outrage_moving_into_unsympathetic_clearing():
    sc = sc4()
    sc.token("sympathy", 9).warriors("marquise", 5, 3)
    sc.hand("marquise", [FOX_A])
    g = sc.start("marquise", at="marquise_actions")
    deck = int(g.state[DECK_N])
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 1)
    assert g.decision != "outrage: card"
    assert supporters(g) == [] and int(g.state[DECK_N]) == deck
    assert in_hand(g, "marquise", FOX_A)


def test_law_8_2_6_outrage_removing_sympathy_token_in_battle():
    for seed in range(3):
        sc = sc4(seed)
        sc.token("sympathy", 1).warriors("marquise", 1, 2)
        sc.hand("marquise", [FOX_A, RABBIT_A])
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(1), faction("alliance"))
        finish_hits(g)  # defenseless: at least one hit removes the token
        assert sympathy(g, 1) == 0
        assert vp(g, "marquise") == 1
        assert g.decision == "outrage: card" and g.current_player == "marquise"
        assert legal(g) == {card(FOX_A)}
        do(g, card(FOX_A))
        assert supporters(g) == [label(FOX_A)]
        assert in_hand(g, "marquise", RABBIT_A)


def test_law_8_2_6_outrage_removing_sympathy_no_match_alliance_draws():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 1, 2)
    sc.hand("marquise", [RABBIT_A]).deck_top([MOUSE_C])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(1), faction("alliance"))
    finish_hits(g)
    assert sympathy(g, 1) == 0
    assert supporters(g) == [label(MOUSE_C)]
    assert known_by(g, RABBIT_A, ALLIANCE)
    assert in_hand(g, "marquise", RABBIT_A)


def test_law_8_2_6_alliance_moving_into_its_own_sympathy_causes_no_outrage():
    sc = sc4()
    sc.token("sympathy", 1).warriors("alliance", 5, 3).officers(2)
    g = sc.start("alliance", at="alliance_operations")
    deck = int(g.state[DECK_N])
    do(g, opt(K.OPT_MOVE))
    march(g, 5, 1, 2)
    assert g.decision == "alliance: operations" and g.current_player == "alliance"
    assert supporters(g) == [] and int(g.state[DECK_N]) == deck
    assert warriors(g, "alliance", 1) == 2
    assert all(int(g.state[AL_OUTRAGE + c]) == 0 for c in range(NC))


def test_law_8_2_6_vagabond_pawn_is_no_warrior_no_outrage():
    sc = sc4()
    sc.token("sympathy", 1).vagabond("thief", at=5).vb_items("ready", boot=1)
    sc.hand("vagabond", [FOX_A])
    g = sc.start("vagabond", at="vagabond_actions")
    deck = int(g.state[DECK_N])
    do(g, opt(K.OPT_MOVE), cl(1))
    assert g.to_dict()["vagabond"]["pawn"] == "clearing 1"
    assert g.decision != "outrage: card"
    assert supporters(g) == [] and int(g.state[DECK_N]) == deck
    assert in_hand(g, "vagabond", FOX_A)


def test_law_8_2_6_vagabond_moving_allied_warriors_pays_the_outrage():
    sc = sc4()
    sc.token("sympathy", 1).vagabond("thief", at=5).vb_items("ready", boot=1).relationship("marquise", "allied")
    sc.warriors("marquise", 5, 3).hand("vagabond", [FOX_A]).hand("marquise", [FOX_TEA])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE), cl(1), faction("marquise"), K.A_COUNT + 2 - 1)
    assert g.decision == "outrage: card" and g.current_player == "vagabond"
    assert legal(g) == {card(FOX_A)}
    do(g, card(FOX_A))
    assert supporters(g) == [label(FOX_A)]
    assert in_hand(g, "marquise", FOX_TEA)


def test_law_8_2_6_outrage_and_8_2_4_when_a_favor_card_removes_sympathy_and_base():
    sc = sc4()
    sc.building("workshop", 1).building("workshop", 6).building("workshop", 8)
    sc.token("sympathy", 12).building("base_fox", 12).warriors("alliance", 12, 2).officers(3)
    sc.supporters([FOX_TEA, RABBIT_A, BIRD_A])
    sc.hand("marquise", [("Favor of the Foxes", "fox"), FOX_A, RABBIT_B])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(("Favor of the Foxes", "fox")))
    assert warriors(g, "alliance", 12) == 0 and base(g, FOX, 12) == 0 and sympathy(g, 12) == 0
    assert vp(g, "marquise") == 2  # base and sympathy token
    # Law 1.1.3: the Marquise orders the two; the base's discards first (the other order is tested
    # in test_rules_readings.py).
    assert g.decision == "effects: order" and g.current_player == "marquise"
    do(g, K.A_DONE)
    assert officers(g) == 1
    assert g.decision == "outrage: card" and g.current_player == "marquise"
    assert legal(g) == {card(FOX_A)}
    do(g, card(FOX_A))
    assert supporters(g) == labels([RABBIT_A, FOX_A])
    assert in_discard(g, FOX_TEA) and in_discard(g, BIRD_A)


# ------------------------------------------------------------------ 8.3 setup
@pytest.mark.parametrize("seed", [5, 6])
def test_law_8_3_setup_three_supporters_bases_and_tokens_off_the_map(seed):
    g = Game.new(FOUR, seed=seed)
    while g.turn == 0:
        g.apply(int(g.legal_actions()[0]))
    s = g.state
    sup = [c for c in range(NCARD) if s[CARD_LOC + c] == LOC_SUPPORTERS]
    assert len(sup) == 3  # 8.3.4
    assert all(int(s[CARD_KNOWN + c]) == 1 << ALLIANCE for c in sup)  # face down, the Alliance's to see
    assert hand_n(g, "alliance") == 3  # the ordinary starting hand, apart from the supporters
    assert supply(g, "alliance") == 10 and officers(g) == 0  # 8.3.1
    assert sympathy_on_map(g) == 0  # 8.3.3: on the track
    assert all(base(g, s_, n) == 0 for s_ in (FOX, RABBIT, MOUSE) for n in range(1, 13))  # 8.3.2


# ------------------------------------------------------------------ 8.4.1 revolt
def test_law_8_4_1_revolt_removes_enemy_pieces_and_places_base():
    sc = sc4()
    for n in (1, 8, 12, 5):  # three fox sympathetic clearings, one rabbit
        sc.token("sympathy", n)
    sc.warriors("marquise", 8, 2).building("sawmill", 8).token("wood", 8)
    sc.warriors("eyrie", 8, 1).building("roost", 8)
    sc.warriors("alliance", 8, 1)
    sc.supporters([FOX_A, FOX_TEA, BIRD_A, RABBIT_A])
    g = sc.start("alliance", at="alliance_revolt")
    assert g.decision == "alliance: revolt"
    assert clearings_offered(g) == {1, 5, 8, 12}  # 5: a rabbit and a bird supporter
    do(g, cl(8))
    # Three supporters match: the Alliance chooses which two to spend.
    assert g.decision == "spend supporter"
    assert cards_offered(g) == {card(FOX_A), card(FOX_TEA), card(BIRD_A)}
    do(g, card(FOX_A), card(FOX_TEA))
    d = g.to_dict()["clearings"][7]
    assert d["warriors"] == {"alliance": 1 + 3}  # warriors = fox sympathetic clearings
    assert d["buildings"] == ["base_fox"]
    assert d["tokens"] == ["sympathy"]
    assert vp(g, "alliance") == 3  # sawmill, roost, wood
    assert officers(g) == 1
    assert supply(g, "alliance") == WARRIOR_TOTAL[ALLIANCE] - 1 - 3 - 1
    assert supporters(g) == labels([BIRD_A, RABBIT_A])
    assert in_discard(g, FOX_A) and in_discard(g, FOX_TEA)
    assert warriors(g, "marquise", 8) == 0 and warriors(g, "eyrie", 8) == 0
    # Back to choose another revolt: the fox base is on the map, so no more fox revolts.
    assert g.decision in ("alliance: revolt", "alliance: spread sympathy")
    assert not ({1, 12} & clearings_offered(g))


def test_law_8_4_1_revolt_spends_exactly_two_without_a_choice_when_two_match():
    sc = sc4()
    sc.token("sympathy", 5).token("sympathy", 4)
    sc.supporters([RABBIT_A, BIRD_A, FOX_A])
    g = sc.start("alliance", at="alliance_revolt")
    assert clearings_offered(g) == {4, 5}
    do(g, cl(5))
    assert g.decision != "spend supporter"
    assert supporters(g) == [label(FOX_A)]
    assert base(g, RABBIT, 5) == 1
    assert warriors(g, "alliance", 5) == 2  # two rabbit sympathetic clearings
    assert officers(g) == 1


def test_law_8_4_1_i_revolt_only_in_sympathetic_clearing_with_base_unbuilt_and_two_supporters():
    sc = sc4()
    sc.token("sympathy", 1).token("sympathy", 5).token("sympathy", 2)
    sc.building("base_fox", 12).warriors("alliance", 12, 1)  # the fox base is already on the map
    sc.supporters([FOX_A, FOX_TEA, RABBIT_A, RABBIT_B, MOUSE_A, BIRD_D])
    g = sc.start("alliance", at="alliance_revolt")
    # 1: fox base built; 2: one mouse + one bird = two, allowed; 5: rabbit, allowed;
    # unsympathetic clearings never.
    assert clearings_offered(g) == {2, 5}
    sc2 = sc4()
    sc2.token("sympathy", 2).supporters([MOUSE_A, FOX_A])
    g2 = sc2.start("alliance", at="alliance_revolt")
    assert g2.decision == "alliance: spread sympathy"  # no revolt possible: only one mouse supporter


def test_law_8_4_1_revolt_with_vagabond_damages_three_items():
    sc = sc4()
    sc.token("sympathy", 8).vagabond("thief", at=8).vb_items("ready", sword=2, boot=2)
    sc.warriors("marquise", 8, 1)
    sc.supporters([FOX_A, FOX_TEA])
    g = sc.start("alliance", at="alliance_revolt")
    do(g, cl(8))
    assert g.decision == "damage item" and g.current_player == "vagabond"
    while g.decision == "damage item":  # asked while more than one kind is left to damage
        assert g.current_player == "vagabond"
        g.apply(int(g.legal_actions()[0]))
    assert n_damaged(g) == 3
    assert g.to_dict()["vagabond"]["pawn"] in ("clearing 8", 8, "8")  # he stays
    assert warriors(g, "marquise", 8) == 0
    assert base(g, FOX, 8) == 1 and warriors(g, "alliance", 8) == 1
    assert vp(g, "alliance") == 0  # no building or token removed


def test_law_8_4_1_iii_revolt_places_only_the_warriors_left_in_supply():
    sc = sc4()
    for n in (1, 8, 12):
        sc.token("sympathy", n)
    sc.officers(8)  # two warriors left in supply
    sc.supporters([FOX_A, FOX_TEA])
    g = sc.start("alliance", at="alliance_revolt")
    do(g, cl(1))
    assert base(g, FOX, 1) == 1
    assert warriors(g, "alliance", 1) == 2  # three owed, two in supply
    assert officers(g) == 8 and supply(g, "alliance") == 0


# ------------------------------------------------------------------ 8.4.2 spread sympathy
def test_law_8_4_2_i_spread_anywhere_when_no_sympathy_scores_first_space():
    sc = sc4()
    sc.supporters([MOUSE_A, MOUSE_B])
    g = sc.start("alliance", at="alliance_spread")
    assert g.decision == "alliance: spread sympathy"
    assert clearings_offered(g) == {2, 7, 9, 11}
    do(g, cl(11))
    spend_any(g)
    assert sympathy(g, 11) == 1
    assert vp(g, "alliance") == AL_SYMPATHY_VP[0]
    assert len(supporters(g)) == 2 - AL_SYMPATHY_COST[0]


def test_law_8_4_2_i_spread_must_be_adjacent_to_sympathy():
    sc = sc4()
    sc.token("sympathy", 1).supporters([BIRD_A, BIRD_B, BIRD_C])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == {5, 9, 10}
    do(g, cl(10))
    assert g.decision == "spend supporter"  # three birds match, one is spent
    spend_any(g)
    assert sympathy(g, 10) == 1 and len(supporters(g)) == 2
    assert vp(g, "alliance") == AL_SYMPATHY_VP[1]
    # Now 1 and 10 are sympathetic: adjacent to either.
    assert clearings_offered(g) == {5, 9, 2, 12}


def test_law_8_4_2_ii_spread_cost_and_vp_follow_the_track():
    assert list(AL_SYMPATHY_COST) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    assert list(AL_SYMPATHY_VP) == [0, 1, 1, 1, 2, 2, 3, 4, 4, 4]
    sc = sc4()
    for n in (1, 5, 10):
        sc.token("sympathy", n)
    sc.supporters([MOUSE_A]).vp("alliance", 4)
    g = sc.start("alliance", at="alliance_spread")
    assert 2 not in clearings_offered(g)  # the fourth token costs two
    sc = sc4()
    for n in (1, 5, 10):
        sc.token("sympathy", n)
    sc.supporters([MOUSE_A, MOUSE_B, RABBIT_A]).vp("alliance", 4)
    g = sc.start("alliance", at="alliance_spread")
    assert 2 in clearings_offered(g)
    do(g, cl(2))
    assert g.decision != "spend supporter"  # exactly two mouse supporters
    assert sympathy(g, 2) == 1
    assert supporters(g) == [label(RABBIT_A)]
    assert vp(g, "alliance") == 4 + 1


def test_law_8_4_2_ii_a_martial_law_costs_one_more_supporter():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 9, 3).warriors("eyrie", 10, 2).warriors("marquise", 10, 1)
    sc.supporters([MOUSE_A, RABBIT_A])
    g = sc.start("alliance", at="alliance_spread")
    # 9: three Marquise warriors, two needed; 10: three warriors of two players, one needed.
    assert clearings_offered(g) == {5, 10}
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 9, 3)
    sc.supporters([MOUSE_A, MOUSE_B, BIRD_A])
    g = sc.start("alliance", at="alliance_spread")
    assert 9 in clearings_offered(g)
    do(g, cl(9))
    assert g.decision == "spend supporter"  # two of three matching supporters
    do(g, card(BIRD_A), card(MOUSE_A))
    assert sympathy(g, 9) == 1
    assert supporters(g) == [label(MOUSE_B)]
    assert vp(g, "alliance") == AL_SYMPATHY_VP[1]


def test_law_8_4_2_no_sympathy_in_the_keeps_clearing():
    sc = sc4()
    sc.token("keep", 1).supporters([FOX_A])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == {6, 8, 12}


def test_law_8_4_2_spread_any_number_of_times():
    sc = sc4()
    sc.supporters([BIRD_A, BIRD_B, BIRD_C])
    g = sc.start("alliance", at="alliance_spread")
    for n in (5, 1, 10):
        do(g, cl(n))
        spend_any(g)
    assert [sympathy(g, n) for n in (5, 1, 10)] == [1, 1, 1]
    assert vp(g, "alliance") == AL_SYMPATHY_VP[0] + AL_SYMPATHY_VP[1] + AL_SYMPATHY_VP[2]
    assert supporters(g) == []


# ------------------------------------------------------------------ 8.5 daylight
def test_law_8_5_2_mobilize_adds_any_hand_card_to_supporters():
    sc = sc4()
    sc.hand("alliance", [BIRD_A, FOX_A])
    g = sc.start("alliance", at="alliance_daylight")
    do(g, opt(K.OPT_MOBILIZE))
    assert g.decision == "mobilize: card"
    assert cards_offered(g) == {card(BIRD_A), card(FOX_A)}
    do(g, card(BIRD_A))
    assert supporters(g) == [label(BIRD_A)]
    assert hand_n(g, "alliance") == 1
    do(g, opt(K.OPT_MOBILIZE), card(FOX_A))
    assert supporters(g) == labels([BIRD_A, FOX_A])
    assert hand_n(g, "alliance") == 0
    assert opt(K.OPT_MOBILIZE) not in legal(g)


def test_law_8_5_3_train_with_card_matching_a_base_on_the_map():
    sc = sc4()
    sc.building("base_fox", 1).hand("alliance", [FOX_A, RABBIT_A, BIRD_A])
    g = sc.start("alliance", at="alliance_daylight")
    before = supply(g, "alliance")
    do(g, opt(K.OPT_TRAIN))
    assert g.decision == "train: card"
    assert cards_offered(g) == {card(FOX_A), card(BIRD_A)}  # birds match any base
    do(g, card(BIRD_A))
    assert in_discard(g, BIRD_A)
    assert officers(g) == 1 and supply(g, "alliance") == before - 1
    do(g, opt(K.OPT_TRAIN), card(FOX_A))
    assert officers(g) == 2
    assert opt(K.OPT_TRAIN) not in legal(g)  # the rabbit card matches no base


def test_law_8_5_3_train_needs_a_base_on_the_map():
    sc = sc4()
    sc.hand("alliance", [FOX_A, BIRD_A])
    g = sc.start("alliance", at="alliance_daylight")
    assert opt(K.OPT_TRAIN) not in legal(g)


def test_law_8_5_3_train_uses_the_printed_suit_of_the_base():
    sc = sc4()
    sc.building("base_rabbit", 1)  # a rabbit base standing in a fox clearing
    sc.hand("alliance", [FOX_A, RABBIT_A])
    g = sc.start("alliance", at="alliance_daylight")
    do(g, opt(K.OPT_TRAIN))
    assert cards_offered(g) == {card(RABBIT_A)}


def test_law_8_5_3_train_needs_a_warrior_in_supply():
    sc = sc4()
    sc.building("base_fox", 1).warriors("alliance", 1, 10)
    sc.hand("alliance", [FOX_A])
    g = sc.start("alliance", at="alliance_daylight")
    assert opt(K.OPT_TRAIN) not in legal(g)


# ------------------------------------------------------------------ 8.6.1 military operations
def test_law_8_6_1_operations_limited_by_officers():
    sc = sc4()
    sc.building("base_fox", 1).officers(2)
    g = sc.start("alliance", at="alliance_operations")
    assert g.decision == "alliance: operations"
    assert opt(K.OPT_RECRUIT) in legal(g)
    do(g, opt(K.OPT_RECRUIT), cl(1))
    do(g, opt(K.OPT_RECRUIT), cl(1))
    assert warriors(g, "alliance", 1) == 2
    # Two officers, two operations: nothing more is offered.
    assert g.decision != "alliance: operations" or legal(g) == {K.A_DONE}


def test_law_8_6_1_no_officers_no_operations():
    sc = sc4()
    sc.building("base_fox", 1).warriors("alliance", 1, 3).warriors("marquise", 1, 1)
    g = sc.start("alliance", at="alliance_operations")
    assert g.decision != "alliance: operations"


def test_law_8_6_1_iii_recruit_only_in_clearings_with_a_base():
    sc = sc4()
    sc.building("base_fox", 1).building("base_mouse", 2).warriors("alliance", 5, 2).officers(1)
    sc.token("sympathy", 5)
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_RECRUIT))
    assert g.decision == "alliance: recruit"
    assert clearings_offered(g) == {1, 2}
    do(g, cl(2))
    assert warriors(g, "alliance", 2) == 1


def test_law_8_6_1_i_move_operation():
    sc = sc4()
    sc.warriors("alliance", 5, 3).officers(1)
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_MOVE))
    march(g, 5, 1, 2)
    assert warriors(g, "alliance", 1) == 2 and warriors(g, "alliance", 5) == 1
    assert g.decision != "alliance: operations" or legal(g) == {K.A_DONE}


def test_law_8_6_1_ii_battle_operation():
    sc = sc4()
    sc.warriors("alliance", 5, 3).warriors("eyrie", 5, 1).officers(1)
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_BATTLE))
    assert g.decision == "battle: where"
    do(g, cl(5), faction("eyrie"))
    finish_hits(g)
    ra, rd = rolls(g)
    assert warriors(g, "eyrie", 5) == 1 - min(ra, 1)
    assert warriors(g, "alliance", 5) == 3 - rd


def test_law_8_6_1_iv_organize_places_sympathy_and_scores():
    sc = sc4()
    sc.token("sympathy", 1).token("sympathy", 5)
    sc.warriors("alliance", 5, 2).warriors("alliance", 7, 1).officers(1).vp("alliance", 3)
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_ORGANIZE))
    assert g.decision == "alliance: organize"
    assert clearings_offered(g) == {7}  # organize needs no adjacency, only an unsympathetic clearing
    sup = supply(g, "alliance")
    do(g, cl(7))
    assert warriors(g, "alliance", 7) == 0 and supply(g, "alliance") == sup + 1
    assert sympathy(g, 7) == 1
    assert vp(g, "alliance") == 3 + AL_SYMPATHY_VP[2]
    assert supporters(g) == []  # organize spends no supporters


def test_law_8_6_1_iv_organize_not_in_the_keeps_clearing():
    sc = sc4()
    sc.token("keep", 1).warriors("alliance", 1, 1).officers(1)
    g = sc.start("alliance", at="alliance_operations")
    assert opt(K.OPT_ORGANIZE) not in legal(g)


# ------------------------------------------------------------------ 8.6.2 draw and discard
def test_law_8_6_2_draw_one_plus_one_per_base_then_discard_to_five():
    sc = sc4()
    sc.building("base_fox", 1).building("base_rabbit", 5)
    sc.hand("alliance", [RABBIT_B, RABBIT_C, MOUSE_B, MOUSE_C])
    sc.supporters([FOX_TEA, BIRD_D])
    sc.deck_top([MOUSE_A, FOX_A, BIRD_A])
    g = sc.start("alliance", at="alliance_operations")
    assert in_hand(g, "alliance", BIRD_A) and in_hand(g, "alliance", FOX_A) and in_hand(g, "alliance", MOUSE_A)
    assert g.decision == "discard (hand limit)" and g.current_player == "alliance"
    assert hand_n(g, "alliance") == 7
    do(g, card(RABBIT_B))
    do(g, card(MOUSE_C))
    assert hand_n(g, "alliance") == 5
    assert in_discard(g, RABBIT_B) and in_discard(g, MOUSE_C)
    assert supporters(g) == labels([FOX_TEA, BIRD_D])  # the stack is untouched
    assert g.active != "alliance"


def test_law_8_6_2_draw_one_without_bases():
    sc = sc4()
    sc.hand("alliance", [RABBIT_B])
    sc.deck_top([MOUSE_A, FOX_A])
    g = sc.start("alliance", at="alliance_operations")
    assert hand_n(g, "alliance") == 2
    assert in_hand(g, "alliance", FOX_A) and not in_hand(g, "alliance", MOUSE_A)


# ================================================================== audit additions (issue 12)
FOX_AMBUSH = ("Ambush!", "fox")
FOX_DOM = ("Dominance", "fox")


def card_loc(g: Game, c) -> int:
    return int(g.state[CARD_LOC + card_id(c)])


def rolled(setup, first: int, second: int) -> Game:
    """`setup(1)`, the game just before the defender is chosen, with the battle's two dice chosen (``Game.dice``;
    the rules deal them: the attacker the higher, a defending Alliance the higher, Law 4.3.2, 8.2.2)."""
    return setup(1).dice(first, second)


# ------------------------------------------------------------------ 8.2.6 Outrage: who pays
def test_law_8_2_6_outrage_from_an_eyrie_decree_move():
    sc = sc4()  # the Commander: viziers in Move and Battle
    sc.token("sympathy", 1).warriors("eyrie", 5, 2)
    sc.hand("eyrie", [FOX_A, RABBIT_A])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, opt(K.OPT_VIZIER))
    march(g, 5, 1, 1)
    assert g.decision == "outrage: card" and g.current_player == "eyrie"
    assert legal(g) == {card(FOX_A)}
    do(g, card(FOX_A))
    assert supporters(g) == [label(FOX_A)] and in_hand(g, "eyrie", RABBIT_A)
    assert g.decision == "eyrie: resolve decree" and g.current_player == "eyrie"  # the Decree goes on


@pytest.mark.parametrize("how", ["battle", "strike"])
def test_law_8_2_6_outrage_from_the_vagabond_removing_sympathy_in_battle_or_by_strike(how):
    sc = sc4()
    sc.token("sympathy", 1).vagabond("thief", at=1).vb_items("ready", sword=1, crossbow=1)
    sc.hand("vagabond", [RABBIT_A, BIRD_A])
    g = sc.start("vagabond", at="vagabond_actions")
    if how == "battle":
        # Defenseless (no Alliance warrior): at least one hit, and the token is the only piece.
        do(g, opt(K.OPT_BATTLE), faction("alliance"))
    else:
        do(g, opt(K.OPT_STRIKE), piece("sympathy"))
    assert sympathy(g, 1) == 0 and vp(g, "vagabond") == 1
    assert g.decision == "outrage: card" and g.current_player == "vagabond"
    assert legal(g) == {card(BIRD_A)}
    do(g, card(BIRD_A))
    assert supporters(g) == [label(BIRD_A)] and in_hand(g, "vagabond", RABBIT_A)
    assert g.decision == "vagabond: action"


def test_law_8_2_6_outrage_from_the_defender_when_the_alliance_attacks():
    def setup(seed):
        sc = sc4(seed)
        sc.token("sympathy", 1).warriors("alliance", 1, 1).warriors("alliance", 9, 1).officers(2)
        sc.warriors("marquise", 1, 3).hand("marquise", [FOX_A, RABBIT_A])
        g = sc.start("alliance", at="alliance_operations")
        do(g, opt(K.OPT_BATTLE), cl(1))
        return g

    g = rolled(setup, 3, 2)  # the defending Marquise deal the lower, two hits
    do(g, faction("marquise"))
    assert warriors(g, "alliance", 1) == 0 and sympathy(g, 1) == 0
    assert vp(g, "marquise") == 1
    # The defender removed the token: the defender owes the Outrage, on the Alliance's turn.
    assert g.decision == "outrage: card" and g.current_player == "marquise" and g.active == "alliance"
    assert legal(g) == {card(FOX_A)}
    do(g, card(FOX_A))
    assert supporters(g) == [label(FOX_A)]
    assert g.decision == "alliance: operations" and g.current_player == "alliance"


def test_law_8_2_6_outrage_from_an_ambush():
    for seed in range(3):
        sc = sc4(seed)
        sc.token("sympathy", 1).warriors("alliance", 1, 1).officers(1)
        sc.warriors("marquise", 1, 1).hand("marquise", [FOX_AMBUSH, FOX_TEA, RABBIT_A])
        g = sc.start("alliance", at="alliance_operations")
        do(g, opt(K.OPT_BATTLE), cl(1), faction("marquise"))
        assert g.decision == "ambush?" and g.current_player == "marquise"
        do(g, card(FOX_AMBUSH))
        # Two hits: the attacking warrior, then the token; the battle ends with no attacker left.
        assert warriors(g, "alliance", 1) == 0 and sympathy(g, 1) == 0
        assert warriors(g, "marquise", 1) == 1 and vp(g, "marquise") == 1
        assert g.decision == "outrage: card" and g.current_player == "marquise"
        assert legal(g) == {card(FOX_TEA)}  # the ambush card is already discarded
        do(g, card(FOX_TEA))
        assert supporters(g) == [label(FOX_TEA)] and in_discard(g, FOX_AMBUSH)


# ------------------------------------------------------------------ 8.2.6 Outrage: what is paid
def test_law_8_2_6_outrage_with_an_empty_deck_reshuffles_the_discard_pile():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 5, 2).hand("marquise", [RABBIT_A])
    sc.discard(MOUSE_C).empty_deck()
    pile = sum(1 for c in range(NCARD) if sc.state[CARD_LOC + c] == LOC_DISCARD)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 1)
    # No fox card: the hand is shown; 2.1.2: the deck is formed from the discard pile and drawn.
    assert len(supporters(g)) == 1
    assert int(g.state[DECK_N]) == pile - 1
    assert known_by(g, RABBIT_A, ALLIANCE)


def test_law_8_2_6_outrage_with_no_card_left_to_draw():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 5, 2).hand("marquise", [RABBIT_A])
    sc.empty_deck()
    s = sc.state
    for c in range(NCARD):  # every other card out of reach: nothing to reshuffle
        if s[CARD_LOC + c] == LOC_DISCARD:
            s[CARD_LOC + c] = LOC_REMOVED
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 1)
    # 2.5: take the maximum possible, none; the hand is still shown.
    assert supporters(g) == [] and known_by(g, RABBIT_A, ALLIANCE)
    assert in_hand(g, "marquise", RABBIT_A) and g.decision != "outrage: card"


def test_law_8_2_6_several_outrages_from_one_favor_card():
    sc = sc4()
    sc.building("workshop", 1).building("workshop", 6).building("workshop", 8)
    for n in (1, 8, 12):
        sc.token("sympathy", n)
    sc.hand("marquise", [("Favor of the Foxes", "fox"), FOX_A, BIRD_A, RABBIT_A]).deck_top([MOUSE_C])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(("Favor of the Foxes", "fox")))
    assert sympathy_on_map(g) == 0 and vp(g, "marquise") == 3
    # One Outrage per token removed, each for its clearing.
    assert g.decision == "outrage: card" and legal(g) == {card(FOX_A), card(BIRD_A)}
    do(g, card(FOX_A))
    assert g.decision == "outrage: card" and legal(g) == {card(BIRD_A)}
    do(g, card(BIRD_A))
    # Third: no fox card and no bird left: the hand is shown and the Alliance draws.
    assert g.decision != "outrage: card"
    assert supporters(g) == labels([FOX_A, BIRD_A, MOUSE_C])
    assert known_by(g, RABBIT_A, ALLIANCE) and in_hand(g, "marquise", RABBIT_A)


def test_law_8_2_6_outrage_bird_only_hand_gives_a_bird():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 5, 2).hand("marquise", [BIRD_A, BIRD_B])
    g = sc.start("marquise", at="marquise_actions")
    deck = int(g.state[DECK_N])
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 1)
    # 2.1.1.I: birds are treated as the prompted suit; the payer cannot show the hand instead.
    assert g.decision == "outrage: card" and legal(g) == {card(BIRD_A), card(BIRD_B)}
    do(g, card(BIRD_B))
    assert supporters(g) == [label(BIRD_B)] and in_hand(g, "marquise", BIRD_A)
    assert int(g.state[DECK_N]) == deck


def test_law_8_2_6_outrage_empty_hand_alliance_draws():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 5, 2).deck_top([MOUSE_C])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH))
    march(g, 5, 1, 1)
    assert g.decision != "outrage: card"
    assert supporters(g) == [label(MOUSE_C)] and hand_n(g, "marquise") == 0


def test_law_8_2_6_no_outrage_for_placing_warriors():
    # The Marquise recruit at a recruiter in a sympathetic clearing.
    sc = sc4()
    sc.token("sympathy", 1).building("recruiter", 1).hand("marquise", [FOX_A])
    g = sc.start("marquise", at="marquise_actions")
    deck = int(g.state[DECK_N])
    do(g, opt(K.OPT_RECRUIT))
    assert warriors(g, "marquise", 1) == 1
    assert g.decision == "marquise: action" and g.current_player == "marquise"
    assert supporters(g) == [] and in_hand(g, "marquise", FOX_A) and int(g.state[DECK_N]) == deck
    # The Eyrie recruit at a roost in a sympathetic clearing.
    sc = sc4()
    sc.leader("charismatic").token("sympathy", 8).building("roost", 8).hand("eyrie", [FOX_A])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, opt(K.OPT_VIZIER), cl(8))
    assert warriors(g, "eyrie", 8) == 2
    assert g.decision != "outrage: card" and supporters(g) == [] and in_hand(g, "eyrie", FOX_A)


# ------------------------------------------------------------------ 8.4.1 revolt
def test_law_8_4_1_iii_revolt_leaves_the_ruin():
    sc = sc4()
    sc.token("sympathy", 12).building("sawmill", 12).warriors("marquise", 12, 2)  # 12: ruin + sawmill
    sc.supporters([FOX_A, FOX_TEA])
    g = sc.start("alliance", at="alliance_revolt")
    assert 12 in clearings_offered(g)
    do(g, cl(12))
    # 2.2.4: only the Vagabond's Explore removes ruins; the base takes the sawmill's slot.
    assert int(g.state[RUINS + 12 - 1]) == 1
    assert base(g, FOX, 12) == 1 and int(g.state[BUILDINGS + 12 - 1]) == 0
    assert vp(g, "alliance") == 1


def test_law_8_4_1_iii_revolt_scores_removed_tokens():
    sc = sc4()
    sc.token("sympathy", 8).token("wood", 8, 3).warriors("marquise", 8, 2)
    sc.supporters([FOX_A, FOX_TEA])
    g = sc.start("alliance", at="alliance_revolt")
    do(g, cl(8))
    assert g.to_dict()["clearings"][7]["tokens"] == ["sympathy"]
    assert vp(g, "alliance") == 3  # 3.2.1: one per enemy token; warriors score nothing


def test_law_8_4_1_iii_revolt_then_field_hospitals():
    sc = sc4()
    sc.token("keep", 3).token("sympathy", 8).warriors("marquise", 8, 3)
    sc.supporters([FOX_A, FOX_TEA]).hand("marquise", [FOX_STEEL, RABBIT_A])
    g = sc.start("alliance", at="alliance_revolt")
    do(g, cl(8))
    assert warriors(g, "marquise", 8) == 0 and base(g, FOX, 8) == 1
    # 6.2.3: the Marquise may spend a card matching the clearing to bring them to the keep.
    assert g.decision == "field hospitals" and g.current_player == "marquise"
    assert legal(g) == {card(FOX_STEEL), K.A_DONE}
    do(g, card(FOX_STEEL))
    assert warriors(g, "marquise", 3) == 3 and in_discard(g, FOX_STEEL)
    assert g.current_player == "alliance" and g.active == "alliance"  # back to the Alliance's turn


def test_law_8_4_1_i_revolt_again_after_the_base_is_lost():
    sc = sc4()
    sc.building("base_fox", 1).token("sympathy", 8).supporters([FOX_A, FOX_TEA])
    g = sc.start("alliance", at="alliance_revolt")
    assert g.decision != "alliance: revolt"  # the fox base is on the map
    sc.warriors("marquise", 1, 3)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(1), faction("alliance"))
    assert base(g, FOX, 1) == 0
    assert supporters(g) == []  # 8.2.4: the fox supporters went with the base
    sc.supporters([FOX_STEEL, FOX_GEAR])  # gained since (Mobilize, Outrage)
    g = sc.start("alliance", at="alliance_revolt")
    # 2.5.2: the removed base is back on the faction board: a fox revolt is possible again.
    assert 8 in clearings_offered(g)
    do(g, cl(8))
    assert base(g, FOX, 8) == 1 and officers(g) == 1


# ------------------------------------------------------------------ 8.4.2.II.a Martial Law
def test_law_8_4_2_ii_a_martial_law_with_eyrie_warriors():
    sc = sc4()
    sc.token("sympathy", 1).warriors("eyrie", 9, 3).supporters([MOUSE_A, RABBIT_A])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == {5, 10}  # 9 would cost two mouse supporters
    sc.supporters([MOUSE_B])
    g = sc.start("alliance", at="alliance_spread")
    do(g, cl(9))
    assert sympathy(g, 9) == 1 and supporters(g) == [label(RABBIT_A)]


def test_law_8_4_2_ii_a_martial_law_two_qualifying_factions_one_more_supporter():
    sc = sc4()
    sc.token("sympathy", 1).warriors("eyrie", 9, 3).warriors("marquise", 9, 4)
    sc.supporters([MOUSE_A, MOUSE_B, MOUSE_C])
    g = sc.start("alliance", at="alliance_spread")
    do(g, cl(9))
    assert g.decision == "spend supporter"  # two of three: one extra supporter, not two
    spend_any(g)
    assert sympathy(g, 9) == 1 and len(supporters(g)) == 1


def test_law_8_4_2_ii_a_martial_law_the_vagabond_pawn_is_not_a_warrior():
    sc = sc4()
    sc.token("sympathy", 1).warriors("marquise", 9, 2).vagabond("thief", at=9)
    sc.relationship("marquise", "allied").supporters([MOUSE_A])
    g = sc.start("alliance", at="alliance_spread")
    assert 9 in clearings_offered(g)  # two warriors and a pawn: no Martial Law
    do(g, cl(9))
    assert sympathy(g, 9) == 1 and supporters(g) == []


# ------------------------------------------------------------------ 8.4.2 where sympathy goes
def test_law_8_4_2_spread_into_a_clearing_full_of_enemies():
    sc = sc4()
    sc.token("sympathy", 1)
    sc.building("sawmill", 9).building("roost", 9).warriors("marquise", 9, 2).warriors("eyrie", 9, 2)
    sc.supporters([MOUSE_A])
    g = sc.start("alliance", at="alliance_spread")
    # Tokens take no building slot; no player has three warriors there: the usual cost.
    assert 9 in clearings_offered(g)
    do(g, cl(9))
    assert sympathy(g, 9) == 1 and supporters(g) == []
    d = g.to_dict()["clearings"][8]
    assert sorted(d["buildings"]) == ["roost", "sawmill"] and d["warriors"] == {"marquise": 2, "eyrie": 2}


def test_law_2_3_rivers_are_not_paths_for_the_alliance():
    # Rivers 4-7, 5-10, 7-11 and 10-11 are not paths.
    sc = sc4()
    sc.token("sympathy", 5).supporters([BIRD_A])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == {1, 2}
    sc = sc4()
    sc.token("sympathy", 4).supporters([BIRD_A])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == {8, 9, 12}
    sc = sc4()
    sc.warriors("alliance", 10, 2).officers(1)
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_MOVE), cl(10))
    assert clearings_offered(g) == {1, 2, 12}


# ------------------------------------------------------------------ 8.2.5 the sympathy track
CHAIN = (1, 5, 2, 10, 12, 9, 4, 8, 7, 3)  # each adjacent to an earlier one


def test_law_8_4_2_iii_the_whole_sympathy_track():
    sc = sc4()
    sc.building("base_mouse", 11)  # any number of supporters
    sc.supporters([c for c in range(NCARD) if CARD_NAMES[c] != "Dominance"])
    g = sc.start("alliance", at="alliance_spread")
    for k, n in enumerate(CHAIN):
        before_vp, before_sup = vp(g, "alliance"), len(supporters(g))
        do(g, cl(n))
        spend_any(g)
        assert sympathy(g, n) == 1
        assert before_sup - len(supporters(g)) == AL_SYMPATHY_COST[k], k
        assert vp(g, "alliance") - before_vp == AL_SYMPATHY_VP[k], k
    assert sympathy_on_map(g) == 10 and vp(g, "alliance") == sum(AL_SYMPATHY_VP) == 22
    assert g.decision == "alliance: daylight"  # no token left to spread


def test_law_2_5_3_removed_sympathy_token_returns_to_the_track():
    sc = sc4()
    for n in (1, 5, 10, 2):
        sc.token("sympathy", n)
    sc.warriors("marquise", 1, 2).hand("marquise", [FOX_A])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(1), faction("alliance"))
    assert sympathy(g, 1) == 0 and sympathy_on_map(g) == 3
    do(g, card(FOX_A))  # the Outrage
    sc.supporters([FOX_TEA])
    g = sc.start("alliance", at="alliance_spread")
    # The token went back to the fourth space: the next one costs and scores that space again.
    assert 1 in clearings_offered(g)
    do(g, cl(6))
    assert sympathy(g, 6) == 1 and supporters(g) == []
    assert AL_SYMPATHY_COST[3] == 2 and vp(g, "alliance") == AL_SYMPATHY_VP[3]


# ------------------------------------------------------------------ 3.3.3 dominance supporters
def test_law_3_3_3_dominance_card_spent_as_a_supporter_becomes_available():
    sc = sc4()
    sc.supporters([FOX_DOM])
    g = sc.start("alliance", at="alliance_spread")
    do(g, cl(1))  # 2.1.5: spent for its suit
    assert sympathy(g, 1) == 1 and supporters(g) == []
    assert card_loc(g, FOX_DOM) == LOC_AVAILABLE


def test_law_3_3_3_dominance_supporter_discarded_with_its_base_becomes_available():
    g = base_battle(1, 0, [FOX_DOM, RABBIT_A], extra_base=True)
    assert base(g, FOX, 1) == 0
    assert card_loc(g, FOX_DOM) == LOC_AVAILABLE and supporters(g) == [label(RABBIT_A)]


# ------------------------------------------------------------------ 4.3.3 hits on base and token
@pytest.mark.parametrize("chosen", ["base_fox", "sympathy"])
def test_law_4_3_3_alliance_chooses_base_or_token_when_hit(chosen):
    def setup(seed):
        sc = sc4(seed)
        sc.building("base_fox", 1).token("sympathy", 1).officers(2)
        sc.warriors("marquise", 1, 1).hand("marquise", [FOX_A])
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(1))
        return g

    g = rolled(setup, 2, 0)  # 8.2.2: the attacker deals the lower roll: 0 + 1
    do(g, faction("alliance"))
    assert g.decision == "remove piece (hits)" and g.current_player == "alliance"
    assert legal(g) == {piece("base_fox"), piece("sympathy")}
    do(g, piece(chosen))
    assert vp(g, "marquise") == 1
    if chosen == "base_fox":
        assert base(g, FOX, 1) == 0 and sympathy(g, 1) == 1 and officers(g) == 1
        assert g.decision != "outrage: card"
    else:
        assert base(g, FOX, 1) == 1 and sympathy(g, 1) == 0 and officers(g) == 2
        assert g.decision == "outrage: card" and g.current_player == "marquise"


# ------------------------------------------------------------------ 8.6.1 officers lost in Evening
def test_law_8_6_1_and_8_2_4_officers_lost_in_the_middle_of_evening():
    sc = sc4()
    sc.building("base_fox", 1).warriors("alliance", 1, 1).warriors("alliance", 9, 3).officers(4)
    sc.warriors("marquise", 1, 2).hand("marquise", [FOX_AMBUSH])
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_BATTLE), cl(1), faction("marquise"), card(FOX_AMBUSH))
    # The ambush's two hits: the warrior, then the base; 8.2.4 halves the officers (4 -> 2).
    assert base(g, FOX, 1) == 0 and officers(g) == 2
    assert supply(g, "alliance") == WARRIOR_TOTAL[ALLIANCE] - 3 - 2
    # One operation used of the two officers left: exactly one more.
    assert g.decision == "alliance: operations" and opt(K.OPT_MOVE) in legal(g)
    assert opt(K.OPT_RECRUIT) not in legal(g)  # no base left
    do(g, opt(K.OPT_MOVE))
    march(g, 9, 12, 1)
    assert g.decision != "alliance: operations" or legal(g) == {K.A_DONE}

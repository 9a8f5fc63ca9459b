"""Dominance cards (Law 3.3) and immediate victory (3.1) where VP come from another player's effect.

Clearings are written by their printed number (1..12, Autumn map): fox 1, 6, 8, 12; rabbit 3, 4, 5, 10;
mouse 2, 7, 9, 11; 1 is adjacent to 5, 9, 10. Two-player scenarios take the dominance card they need
from the cards set aside at setup (Scenario._place_card).
"""
from __future__ import annotations

from root_env import codes as K
from root_env.data import EYRIE
from root_env.layout import CARD_LOC, LOC_AVAILABLE, LOC_DECK
from root_env.scenario import Scenario, card_id
from rules_helpers import C, CARD, OPT, do, hand_n, in_discard, legal, sc4, vp, warriors

DOM_FOX = ("Dominance", "fox")
DOM_BIRD = ("Dominance", "bird")
DOM_MOUSE = ("Dominance", "mouse")


def available(g, c) -> bool:
    return int(g.state[CARD_LOC + card_id(c)]) == LOC_AVAILABLE


def marquise_battle_eyrie(g, n: int) -> None:
    do(g, OPT(K.OPT_BATTLE), C(n), K.A_FACTION + EYRIE)


# ------------------------------------------------------------------ 3.3.3 every way out of a hand
def test_law_3_3_3_dominance_discarded_at_the_hand_limit_becomes_available():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1)
    sc.hand("marquise", [DOM_FOX, ("Anvil", "fox"), ("Bake Sale", "rabbit"), ("Sword", "mouse"),
                         ("Investments", "mouse")])
    sc.deck_top([("Travel Gear", "fox")])
    g = sc.start("marquise", at="evening")  # draws one: six cards
    assert g.decision == "discard (hand limit)"
    do(g, CARD(DOM_FOX))
    assert available(g, DOM_FOX) and not in_discard(g, DOM_FOX)
    assert hand_n(g, "marquise") == 5


def test_law_3_3_3_bird_dominance_spent_for_an_extra_action_becomes_available():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 4).warriors("marquise", 1, 1)
    sc.hand("marquise", [DOM_BIRD])
    g = sc.start("marquise", at="marquise_actions")
    for _ in range(3):
        do(g, OPT(K.OPT_MARCH), C(5), C(1), K.A_COUNT, K.A_DONE)
    do(g, OPT(K.OPT_MARCH))
    assert g.decision == "pay bird card for extra action"
    do(g, CARD(DOM_BIRD))
    assert available(g, DOM_BIRD) and not in_discard(g, DOM_BIRD)
    assert g.decision == "move: from"


def test_law_3_3_3_dominance_spent_as_a_supporter_becomes_available():
    sc = sc4()
    sc.supporters([DOM_MOUSE])
    g = sc.start("alliance", at="alliance_spread")
    do(g, C(11))  # no sympathy yet: any clearing; the first token costs one mouse supporter
    while g.decision == "spend supporter":
        do(g, CARD(DOM_MOUSE))
    assert g.to_dict()["clearings"][10]["tokens"] == ["sympathy"]
    assert available(g, DOM_MOUSE) and not in_discard(g, DOM_MOUSE)


def test_law_3_3_3_reshuffle_leaves_an_available_dominance_card_where_it_is():
    sc = Scenario(seed=2)
    sc.available_dominance(DOM_FOX).hand("eyrie", [("Anvil", "fox")])
    sc.empty_deck()
    g = sc.start("marquise", at="evening")  # the draw reshuffles the discard pile
    assert hand_n(g, "marquise") == 1
    assert available(g, DOM_FOX)
    assert int(g.state[CARD_LOC + card_id(DOM_FOX)]) != LOC_DECK


# ------------------------------------------------------------------ 3.1 VP given to a player not taking the turn
def _brutal_tactics_battle(eyrie_vp: int, eyrie_dominance: bool):
    sc = Scenario(seed=1)
    sc.leader("builder").vp("eyrie", eyrie_vp)
    if eyrie_dominance:
        sc.active_dominance("eyrie", DOM_FOX)
    sc.warriors("marquise", 12, 3).warriors("eyrie", 12, 3).crafted("marquise", ("Brutal Tactics", "bird"))
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle_eyrie(g, 12)
    assert g.decision == "battle effects" and g.current_player == "marquise"
    do(g, CARD("Brutal Tactics", "bird"))
    return g


def test_law_3_1_defender_reaching_30_from_brutal_tactics_wins_at_once():
    g = _brutal_tactics_battle(29, False)
    assert g.is_over and g.winners == ["eyrie"]
    assert g.active == "marquise"  # in the middle of the Marquise's battle


def _stand_and_deliver(eyrie_vp: int, eyrie_dominance: bool):
    sc = Scenario(seed=1)
    sc.vp("eyrie", eyrie_vp).hand("eyrie", [("Anvil", "fox")])
    if eyrie_dominance:
        sc.active_dominance("eyrie", DOM_FOX)
    sc.crafted("marquise", ("Stand and Deliver!", "fox")).warriors("marquise", 1, 1)
    g = sc.start("marquise", at="birdsong")
    do(g, OPT(K.OPT_STAND_AND_DELIVER), K.A_FACTION + EYRIE)
    return g


def test_law_3_1_target_reaching_30_from_stand_and_deliver_wins_at_once():
    g = _stand_and_deliver(29, False)
    assert g.is_over and g.winners == ["eyrie"]
    assert hand_n(g, "marquise") == 1


# ------------------------------------------------------------------ 3.3.1 "You can no longer score"
def test_law_3_3_1_no_vp_from_other_players_effects_with_an_activated_dominance_card():
    g = _brutal_tactics_battle(29, True)
    assert not g.is_over and vp(g, "eyrie") == 29
    g = _stand_and_deliver(29, True)
    assert not g.is_over and vp(g, "eyrie") == 29 and hand_n(g, "eyrie") == 0


def test_law_3_3_1_royal_claim_scores_nothing_with_an_activated_dominance_card():
    sc = Scenario(seed=1)
    sc.vp("marquise", 12).active_dominance("marquise", DOM_FOX)
    sc.crafted("marquise", ("Royal Claim", "bird")).warriors("marquise", 1, 1).warriors("marquise", 5, 1)
    g = sc.start("marquise", at="birdsong")
    assert OPT(K.OPT_ROYAL_CLAIM) in legal(g)  # the card may still be discarded
    do(g, OPT(K.OPT_ROYAL_CLAIM))
    assert vp(g, "marquise") == 12
    assert in_discard(g, ("Royal Claim", "bird"))
    assert warriors(g, "marquise", 1) == 1

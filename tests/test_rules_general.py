"""General rules of the Law of Root (sections 2-5), each checked in isolation with the scenario builder.

Clearings are written by their printed number (1..12, Autumn map); action ids are built from
root_env.codes. Battle dice come from the in-state RNG: tests either assert relations that hold for
every roll, or read the rolled values from the battle registers, or search seeds for a roll.
"""
from __future__ import annotations

import pytest
from root_env.data import NBT, TT_WOOD

from root_env import codes as K
from root_env.data import (NC, NCARD, CARD_KIND, K_DOMINANCE, CLEARING_SUIT, SUIT_NAMES, MARQUISE, EYRIE, ALLIANCE,
                           MQ_WOOD, QUEST_NAMES, PIECE_NAMES)
from root_env.engine.board import ruler
from root_env.game import Game
from root_env.layout import (REG, R_FH_CLEARING, R_B_ROLL_ATT, R_B_ROLL_DEF, R_B_EXTRA_ATT, R_B_EXTRA_DEF, CARD_LOC, CARD_KNOWN,
                             LOC_DECK, LOC_DISCARD, LOC_REMOVED, LOC_ACTIVE_DOM, LOC_HAND, HAND_N, NSEATS, SEAT_FACTION, FACTION_SEAT,
                             SUPPLY_WARRIORS, WARRIORS, RUINS)
from root_env.scenario import Scenario, card_id
from rules_helpers import C, CARD, OPT, clearing, do, legal, w


# ------------------------------------------------------------------ helpers



def dominance_ok(sc: Scenario, *suits: str) -> Scenario:
    """Two-player games remove the dominance cards (5.1.3); put the named ones back into the deck so
    that the scenario builder can place them."""
    s = sc.state
    for suit in suits:
        c = card_id("Dominance", suit)
        if s[CARD_LOC + c] == LOC_REMOVED:
            s[CARD_LOC + c] = LOC_DECK
    Scenario._rebuild_deck(s)
    return sc


def marquise_battle(g, n: int) -> None:
    """From the Marquise action menu: battle the Eyrie in clearing n."""
    do(g, OPT(K.OPT_BATTLE))
    do(g, C(n))
    do(g, K.A_FACTION + EYRIE)


# ================================================================== 2.1 cards
def test_law_2_1_1_bird_card_spent_for_overwork():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("sawmill", 1)  # clearing 1 is fox
    sc.hand("marquise", [("Woodland Runners", "bird")])
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_OVERWORK))
    do(g, C(1))
    assert legal(g) == {CARD("Woodland Runners", "bird")}
    do(g, CARD("Woodland Runners", "bird"))
    d = g.to_dict()
    assert clearing(g, 1)["tokens"] == ["wood"]
    assert d["hands"]["marquise"] == []
    assert "Woodland Runners (bird)" in d["discard"]


def test_law_2_1_1_off_suit_card_cannot_overwork():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("sawmill", 1)  # fox
    sc.hand("marquise", [("Travel Gear", "mouse")])
    g = sc.start("marquise", at="marquise_actions")
    assert OPT(K.OPT_OVERWORK) not in legal(g)


def test_law_2_1_1_bird_card_spent_for_field_hospitals():
    sc = Scenario(seed=1)
    sc.token("keep", 3).warriors("marquise", 3, 1)
    sc.warriors("marquise", 1, 2).warriors("eyrie", 1, 1)  # fox clearing
    sc.hand("marquise", [("Woodland Runners", "bird")])
    sc.hand("eyrie", [("Ambush!", "fox")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 1)
    do(g, CARD("Ambush!", "fox"))  # two hits: both Marquise warriors in clearing 1 are removed
    assert g.decision == "field hospitals" and g.current_player == "marquise"
    assert legal(g) == {CARD("Woodland Runners", "bird"), K.A_DONE}
    do(g, CARD("Woodland Runners", "bird"))
    assert w(g, "marquise", 1) == 0
    assert w(g, "marquise", 3) == 3  # the two warriors return to the keep's clearing


def test_law_2_1_1_reverse_substitution_bird_dominance_needs_bird_card():
    sc = dominance_ok(Scenario(seed=1), "bird")
    sc.available_dominance(("Dominance", "bird"))
    sc.warriors("marquise", 1, 1)
    sc.hand("marquise", [("Anvil", "fox"), ("Bake Sale", "rabbit"), ("Sword", "mouse")])
    g = sc.start("marquise", at="marquise_actions")
    assert OPT(K.OPT_TAKE_DOMINANCE) not in legal(g)

    sc = dominance_ok(Scenario(seed=1), "bird")
    sc.available_dominance(("Dominance", "bird"))
    sc.warriors("marquise", 1, 1)
    sc.hand("marquise", [("Anvil", "fox"), ("Woodland Runners", "bird")])
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_TAKE_DOMINANCE))
    do(g, CARD("Dominance", "bird"))
    assert g.decision == "take dominance: pay"
    assert legal(g) == {CARD("Woodland Runners", "bird")}  # the fox card cannot pay for a bird card


def test_law_2_1_1_bird_card_takes_suited_dominance():
    sc = dominance_ok(Scenario(seed=1), "fox")
    sc.available_dominance(("Dominance", "fox"))
    sc.warriors("marquise", 1, 1)
    sc.hand("marquise", [("Woodland Runners", "bird"), ("Bake Sale", "rabbit")])
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_TAKE_DOMINANCE))
    do(g, CARD("Dominance", "fox"))
    assert legal(g) == {CARD("Woodland Runners", "bird")}


def test_law_2_1_2_draw_takes_top_of_deck():
    sc = Scenario(seed=2)
    sc.hand("eyrie", [("Anvil", "fox")])
    sc.deck_top([("Bake Sale", "rabbit"), ("Sword", "mouse")])  # the last listed is drawn first
    g = sc.start("marquise", at="evening")  # Marquise Evening: draw one card (no recruiters)
    d = g.to_dict()
    assert d["hands"]["marquise"] == ["Sword (mouse)"]


def test_law_2_1_2_empty_deck_reshuffles_discard():
    sc = Scenario(seed=2)
    sc.hand("eyrie", [("Anvil", "fox")])
    sc.empty_deck()
    before = sc.game.to_dict()
    assert before["deck_size"] == 0
    n_discard = len(before["discard"])
    assert n_discard == NCARD - 4 - 1  # no dominance cards with two players, one card in the Eyrie hand
    g = sc.start("marquise", at="evening")
    d = g.to_dict()
    assert len(d["hands"]["marquise"]) == 1
    assert d["discard"] == []
    assert d["deck_size"] == n_discard - 1
    # The reshuffled deck is unknown to everybody.
    s = g.state
    for c in range(NCARD):
        if s[CARD_LOC + c] == LOC_DECK:
            assert s[CARD_KNOWN + c] == 0


def test_law_2_1_2_reshuffle_in_the_middle_of_an_effect():
    # Better Burrow Bank with one card left in the deck: the crafter draws it, then the discard
    # pile is shuffled into a new deck for the other player's draw.
    sc = Scenario(seed=2)
    sc.crafted("marquise", ("Better Burrow Bank", "rabbit")).warriors("marquise", 1, 1)
    s = sc.state
    last = card_id("Anvil", "fox")
    for c in range(NCARD):
        if s[CARD_LOC + c] == LOC_DECK and c != last:
            s[CARD_LOC + c] = LOC_DISCARD
    Scenario._rebuild_deck(s)
    n_discard = len(sc.game.to_dict()["discard"])
    g = sc.start("marquise", at="birdsong")
    do(g, K.A_FACTION + EYRIE)
    d = g.to_dict()
    assert d["hands"]["marquise"] == ["Anvil (fox)"]
    assert len(d["hands"]["eyrie"]) == 1
    assert d["discard"] == [] and d["deck_size"] == n_discard - 1


def test_law_2_1_2_nothing_to_draw_when_deck_and_discard_are_empty():
    sc = Scenario(seed=2)
    sc.hand("eyrie", [("Anvil", "fox")])
    s = sc.state
    for c in range(NCARD):  # take every deck card out of the game
        if s[CARD_LOC + c] == LOC_DECK:
            s[CARD_LOC + c] = LOC_REMOVED
    Scenario._rebuild_deck(s)
    g = sc.start("marquise", at="evening")
    assert g.to_dict()["hands"]["marquise"] == []
    assert not g.is_over


def test_law_2_1_3_spent_card_goes_to_discard_pile():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("sawmill", 1)
    sc.hand("marquise", [("Anvil", "fox")])
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_OVERWORK))
    do(g, C(1))
    do(g, CARD("Anvil", "fox"))
    d = g.to_dict()
    assert d["discard"] == ["Anvil (fox)"]
    assert d["available_dominance"] == []


def test_law_2_1_3_and_3_3_3_spent_dominance_becomes_available():
    sc = dominance_ok(Scenario(seed=1), "fox")
    sc.warriors("marquise", 1, 1).building("sawmill", 1)
    sc.hand("marquise", [("Dominance", "fox")])
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_OVERWORK))
    do(g, C(1))
    do(g, CARD("Dominance", "fox"))  # a dominance card can be spent for its suit (2.1.5)
    d = g.to_dict()
    assert clearing(g, 1)["tokens"] == ["wood"]
    assert "Dominance (fox)" not in d["discard"]
    assert d["available_dominance"] == ["Dominance (fox)"]


# ================================================================== 2.2 slots and ruins
def test_law_2_2_3_no_building_without_open_slot():
    sc = Scenario(seed=1)
    # Clearing 1 has one slot, filled by a sawmill; clearing 5 (adjacent) has two.
    sc.warriors("marquise", 1, 2).building("sawmill", 1).token("wood", 1, 3)
    sc.warriors("marquise", 5, 2)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_BUILD))
    do(g, K.A_PIECE + 1)  # workshop
    assert C(5) in legal(g)
    assert C(1) not in legal(g)


def test_law_2_2_3_build_not_offered_when_every_ruled_clearing_is_full():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 2).building("sawmill", 1).token("wood", 1, 3)
    g = sc.start("marquise", at="marquise_actions")
    assert OPT(K.OPT_BUILD) not in legal(g)


def test_law_2_2_4_ruins_fill_slots():
    # Clearing 6 has two slots, one of them a ruin: with a sawmill there it is full.
    sc = Scenario(seed=1)
    assert clearing(sc.game, 6)["buildings"] == ["ruin"]
    sc.warriors("marquise", 6, 2).building("sawmill", 6).token("wood", 6, 3)
    g = sc.start("marquise", at="marquise_actions")
    assert OPT(K.OPT_BUILD) not in legal(g)

    # The same clearing without its ruin has room for one more building.
    sc = Scenario(seed=1)
    sc.ruins(6, 0).warriors("marquise", 6, 2).building("sawmill", 6).token("wood", 6, 3)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_BUILD))
    do(g, K.A_PIECE + 1)
    assert legal(g) == {C(6)}


# ================================================================== 2.5 short supply
def _sawmills_with_wood_supply(supply: int) -> Scenario:
    sc = Scenario(seed=1)
    for n in (1, 5, 9):
        sc.warriors("marquise", n, 1).building("sawmill", n)
    sc.token("wood", 2, MQ_WOOD - supply)  # the rest of the wood is on the map
    return sc


def test_law_2_5_place_maximum_possible_owner_chooses_where():
    g = _sawmills_with_wood_supply(1).start("marquise", at="birdsong")
    assert g.decision == "place piece (short supply)" and g.current_player == "marquise"
    assert legal(g) == {C(1), C(5), C(9)}
    do(g, C(5))
    assert [clearing(g, n)["tokens"] for n in (1, 5, 9)] == [[], ["wood"], []]
    assert g.decision == "marquise: craft"  # on to Daylight: nothing else can be placed


def test_law_2_5_two_of_three_wood():
    g = _sawmills_with_wood_supply(2).start("marquise", at="birdsong")
    assert g.decision == "place piece (short supply)"
    do(g, C(1))
    assert g.decision == "place piece (short supply)"
    assert legal(g) == {C(5), C(9)}
    do(g, C(9))
    assert [len(clearing(g, n)["tokens"]) for n in (1, 5, 9)] == [1, 0, 1]
    assert g.decision == "marquise: craft"


def test_law_2_5_enough_supply_or_none_needs_no_choice():
    g = _sawmills_with_wood_supply(3).start("marquise", at="birdsong")
    assert g.decision == "marquise: craft"
    assert [clearing(g, n)["tokens"] for n in (1, 5, 9)] == [["wood"]] * 3
    g = _sawmills_with_wood_supply(0).start("marquise", at="birdsong")
    assert g.decision == "marquise: craft"
    assert [clearing(g, n)["tokens"] for n in (1, 5, 9)] == [[]] * 3


def test_law_2_5_recruit_with_short_warrior_supply():
    sc = Scenario(seed=1)
    for n in (1, 5):
        sc.warriors("marquise", n, 1).building("recruiter", n)
    sc.warriors("marquise", 12, 25 - 2 - 1)  # one warrior left in supply
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_RECRUIT))
    assert g.decision == "place piece (short supply)"
    assert legal(g) == {C(1), C(5)}
    do(g, C(1))
    assert (w(g, "marquise", 1), w(g, "marquise", 5)) == (2, 1)
    assert int(g.state[SUPPLY_WARRIORS + MARQUISE]) == 0


# ================================================================== 2.8 ruler
def test_law_2_8_ruler_most_warriors_plus_buildings():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("sawmill", 1).warriors("eyrie", 1, 1)  # 2 v 1
    sc.warriors("marquise", 5, 1).warriors("eyrie", 5, 2)  # 1 v 2
    sc.warriors("marquise", 9, 2).building("roost", 9).warriors("eyrie", 9, 0)  # 2 v 1 (a building alone)
    s = sc.state
    assert ruler(s, 0) == MARQUISE
    assert ruler(s, 4) == EYRIE
    assert ruler(s, 8) == MARQUISE
    assert ruler(s, 11) == -1  # empty clearing: nobody


def test_law_2_8_tokens_do_not_count_for_rule():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).token("wood", 5, 5).token("keep", 5).warriors("eyrie", 5, 2)
    sc.token("wood", 9, 3)  # tokens alone rule nothing
    s = sc.state
    assert ruler(s, 4) == EYRIE
    assert ruler(s, 8) == -1


def test_law_2_8_tie_rules_nobody():
    # With only the Marquise and the Eyrie implemented, any tie involves the Eyrie, who rule ties
    # (7.2.2). Seat a third faction in the state to check the general tie rule of the ruler function.
    sc = Scenario(seed=1)
    s = sc.state
    s[NSEATS] = 3
    s[SEAT_FACTION + 2] = ALLIANCE
    s[FACTION_SEAT + ALLIANCE] = 2
    sc.warriors("marquise", 5, 2)
    s[WARRIORS + ALLIANCE * NC + 4] = 1
    sc.building("base_rabbit", 5)  # 2 v 1 + 1
    assert ruler(s, 4) == -1
    sc.warriors("marquise", 5, 3)
    assert ruler(s, 4) == MARQUISE


def test_law_2_8_tie_without_rule_blocks_move():
    # Movement sees the same ruler: Marquise 1 warrior v Eyrie 1 warrior (Eyrie rule the tie, 7.2.2),
    # so the Marquise cannot leave clearing 5 towards empty clearings.
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).warriors("eyrie", 5, 1)
    sc.warriors("marquise", 12, 1)  # something else to do
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_MARCH))
    assert C(5) not in legal(g)


# ================================================================== 3.1 winning
def test_law_3_1_reaching_30_wins_immediately():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 2).building("workshop", 5).token("wood", 5, 1).vp("marquise", 28)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_BUILD))
    do(g, K.A_PIECE + 1)  # the second workshop: one wood, 2 VP
    do(g, C(5))
    assert g.is_over
    assert g.winners == ["marquise"]
    assert g.vp["marquise"] == 30
    assert len(g.legal_actions()) == 0


def test_law_3_1_29_vp_does_not_win():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 2).building("sawmill", 5).token("wood", 5, 1).vp("marquise", 28)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_BUILD))
    do(g, K.A_PIECE + 0)  # second sawmill: 1 VP
    do(g, C(5))
    assert not g.is_over and g.vp["marquise"] == 29


def _simultaneous_30(seed: int):
    """The Eyrie (Commander, active, 29 VP) attack with Command Warren; both sides have one warrior and
    one building; the Marquise (29 VP) defend with Sappers. With a defender roll of at least one, each
    side deals two hits and removes the other's building: both reach 30 in the same step."""
    sc = Scenario(seed=seed)
    sc.leader("commander")
    sc.crafted("eyrie", ("Command Warren", "rabbit")).crafted("marquise", ("Sappers", "bird"))
    sc.warriors("eyrie", 5, 1).building("roost", 5)
    sc.warriors("marquise", 5, 1).building("sawmill", 5)
    sc.vp("eyrie", 29).vp("marquise", 29)
    g = sc.start("eyrie", at="daylight")
    do(g, C(5))
    do(g, K.A_FACTION + MARQUISE)
    return g


def test_law_3_1_simultaneous_30_active_player_wins():
    for seed in range(200):
        g = _simultaneous_30(seed)
        assert g.decision == "battle effects" and g.current_player == "marquise"
        if g.state[REG + R_B_ROLL_DEF] >= 1 and g.state[REG + R_B_ROLL_ATT] >= 1:
            break
    else:
        pytest.fail("no seed rolled a defender hit")
    do(g, CARD("Sappers", "bird"))
    assert g.is_over
    assert g.vp == {"marquise": 30, "eyrie": 30}
    assert g.winners == ["eyrie"]  # the player taking the current turn


# ================================================================== 3.2 scoring
def test_law_3_2_1_one_vp_per_enemy_building_removed():
    gained = set()
    for seed in range(80):
        sc = Scenario(seed=seed)
        sc.leader("builder")
        sc.warriors("marquise", 6, 3).ruins(6, 0).building("roost", 6, 2)
        g = sc.start("marquise", at="marquise_actions")
        marquise_battle(g, 6)
        removed = 2 - clearing(g, 6)["buildings"].count("roost")
        hits = min(int(g.state[REG + R_B_ROLL_ATT]), 3) + 1  # defenseless: one extra hit
        assert removed == min(hits, 2)
        assert g.vp["marquise"] == removed
        gained.add(removed)
    assert gained == {1, 2}


def test_law_3_2_1_one_vp_per_enemy_token_removed():
    # Eyrie attack a clearing holding only Marquise wood: defenseless, every hit removes a token.
    for seed in range(12):
        sc = Scenario(seed=seed)
        sc.leader("builder").crafted("eyrie", ("Command Warren", "rabbit"))
        sc.warriors("eyrie", 5, 3).token("wood", 5, 3)
        g = sc.start("eyrie", at="daylight")
        do(g, C(5))
        do(g, K.A_FACTION + MARQUISE)
        hits = min(int(g.state[REG + R_B_ROLL_ATT]), 3) + 1
        removed = 3 - len(clearing(g, 5)["tokens"])
        assert removed == min(hits, 3)
        assert g.vp["eyrie"] == removed
        assert g.vp["marquise"] == 0


def test_law_3_2_1_own_pieces_removed_score_nothing():
    # Tax Collector removes your own warrior: warriors never score, and nothing of yours scores.
    sc = Scenario(seed=1)
    sc.crafted("marquise", ("Tax Collector", "fox")).warriors("marquise", 5, 2)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_TAX_COLLECTOR))
    do(g, C(5))
    assert g.vp == {"marquise": 0, "eyrie": 0}


# ================================================================== 3.3 dominance
def _dominance_in_hand(vp: int, suit: str = "fox") -> Game:
    sc = dominance_ok(Scenario(seed=1), suit)
    sc.warriors("marquise", 1, 1).hand("marquise", [("Dominance", suit)]).vp("marquise", vp)
    return sc.start("marquise", at="marquise_actions")


def test_law_3_3_1_activation_needs_10_vp():
    g = _dominance_in_hand(9)
    assert OPT(K.OPT_ACTIVATE_DOMINANCE) not in legal(g)
    g = _dominance_in_hand(10)
    do(g, OPT(K.OPT_ACTIVATE_DOMINANCE))
    assert g.decision == "activate dominance: card"
    do(g, CARD("Dominance", "fox"))
    d = g.to_dict()
    assert d["dominance"] == {"marquise": "fox"}
    assert d["hands"]["marquise"] == []
    assert g.state[CARD_LOC + card_id("Dominance", "fox")] == LOC_ACTIVE_DOM + MARQUISE
    assert g.decision == "marquise: action"  # back to the Daylight menu
    assert OPT(K.OPT_ACTIVATE_DOMINANCE) not in legal(g)


def test_law_3_3_1_activation_only_in_own_daylight_menu():
    # In Birdsong (Royal Claim menu) there is no activation option.
    sc = dominance_ok(Scenario(seed=1), "fox")
    sc.crafted("marquise", ("Royal Claim", "bird")).warriors("marquise", 1, 1)
    sc.hand("marquise", [("Dominance", "fox")]).vp("marquise", 12)
    g = sc.start("marquise", at="birdsong")
    assert g.decision == "birdsong cards"
    assert OPT(K.OPT_ACTIVATE_DOMINANCE) not in legal(g)


def _active_dominance(suit: str, ruled: list[int], at: str = "birdsong") -> Game:
    sc = dominance_ok(Scenario(seed=1), suit)
    sc.active_dominance("marquise", ("Dominance", suit))
    for n in ruled:
        sc.warriors("marquise", n, 1)
    return sc.start("marquise", at=at)


@pytest.mark.parametrize("suit", ["fox", "rabbit", "mouse"])
def test_law_3_3_1_suit_dominance_wins_with_three_clearings_at_birdsong(suit):
    clearings = [c + 1 for c in range(NC) if SUIT_NAMES[CLEARING_SUIT[c]] == suit]
    g = _active_dominance(suit, clearings[:3])
    assert g.is_over and g.winners == ["marquise"]
    g = _active_dominance(suit, clearings[:2])
    assert not g.is_over


def test_law_3_3_1_suit_dominance_needs_rule_not_presence():
    sc = dominance_ok(Scenario(seed=1), "fox")
    sc.active_dominance("marquise", ("Dominance", "fox"))
    for n in (1, 6, 8):
        sc.warriors("marquise", n, 1)
    sc.warriors("eyrie", 8, 2)  # the Eyrie rule clearing 8
    g = sc.start("marquise", at="birdsong")
    assert not g.is_over


def test_law_3_3_1_dominance_checked_at_start_of_birdsong_only():
    g = _active_dominance("fox", [1, 6, 8], at="daylight")
    assert not g.is_over
    g = _active_dominance("fox", [1, 6, 8], at="evening")
    assert not g.is_over


@pytest.mark.parametrize("pair, wins", [((1, 3), True), ((2, 4), True), ((1, 2), False), ((3, 4), False),
                                        ((1, 4), False)])
def test_law_3_3_1_bird_dominance_opposite_corners(pair, wins):
    g = _active_dominance("bird", list(pair))
    assert g.is_over == wins
    if wins:
        assert g.winners == ["marquise"]


def test_law_3_3_1_active_dominance_scores_no_vp():
    sc = dominance_ok(Scenario(seed=1), "rabbit")
    sc.active_dominance("marquise", ("Dominance", "rabbit")).vp("marquise", 12)
    sc.warriors("marquise", 5, 2).building("workshop", 5).token("wood", 5, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_BUILD))
    do(g, K.A_PIECE + 1)
    do(g, C(5))
    assert clearing(g, 5)["buildings"] == ["workshop", "workshop"]
    assert g.vp["marquise"] == 12


def test_law_3_3_1_active_dominance_player_does_not_win_at_30():
    sc = dominance_ok(Scenario(seed=1), "rabbit")
    sc.active_dominance("marquise", ("Dominance", "rabbit")).vp("marquise", 30)
    sc.warriors("marquise", 5, 1)
    g = sc.start("marquise", at="marquise_actions")
    assert not g.is_over


def test_law_3_3_2_cannot_replace_activated_dominance():
    sc = dominance_ok(Scenario(seed=1), "fox", "rabbit")
    sc.active_dominance("marquise", ("Dominance", "fox")).vp("marquise", 15)
    sc.warriors("marquise", 1, 1).hand("marquise", [("Dominance", "rabbit")])
    g = sc.start("marquise", at="marquise_actions")
    assert OPT(K.OPT_ACTIVATE_DOMINANCE) not in legal(g)


def test_law_3_3_2_activated_dominance_not_in_hand_count():
    g = _dominance_in_hand(10)
    do(g, OPT(K.OPT_ACTIVATE_DOMINANCE))
    do(g, CARD("Dominance", "fox"))
    assert int(g.state[HAND_N + MARQUISE]) == 0


def test_law_3_3_4_take_available_dominance_by_spending_matching_card():
    sc = dominance_ok(Scenario(seed=1), "rabbit")
    sc.available_dominance(("Dominance", "rabbit")).warriors("marquise", 1, 1)
    sc.hand("marquise", [("Bake Sale", "rabbit"), ("Anvil", "fox")])
    g = sc.start("marquise", at="marquise_craft")
    do(g, OPT(K.OPT_TAKE_DOMINANCE))
    assert legal(g) == {CARD("Dominance", "rabbit")}
    do(g, CARD("Dominance", "rabbit"))
    assert legal(g) == {CARD("Bake Sale", "rabbit")}
    do(g, CARD("Bake Sale", "rabbit"))
    d = g.to_dict()
    assert sorted(d["hands"]["marquise"]) == ["Anvil (fox)", "Dominance (rabbit)"]
    assert d["available_dominance"] == []
    assert d["discard"] == ["Bake Sale (rabbit)"]


def test_law_3_3_4_no_matching_card_no_take():
    sc = dominance_ok(Scenario(seed=1), "rabbit")
    sc.available_dominance(("Dominance", "rabbit")).warriors("marquise", 1, 1)
    sc.hand("marquise", [("Anvil", "fox"), ("Sword", "mouse")])
    g = sc.start("marquise", at="marquise_actions")
    assert OPT(K.OPT_TAKE_DOMINANCE) not in legal(g)


# ================================================================== 4.1 crafting
def test_law_4_1_1_each_crafting_piece_once_per_turn():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("workshop", 1)  # one fox crafting piece
    sc.hand("marquise", [("Anvil", "fox"), ("Crossbow", "bird")])  # each costs one fox
    g = sc.start("marquise", at="marquise_craft")
    assert {CARD("Anvil", "fox"), CARD("Crossbow", "bird")} <= legal(g)
    do(g, CARD("Anvil", "fox"))
    assert CARD("Crossbow", "bird") not in legal(g)
    assert g.decision == "marquise: craft"


def test_law_4_1_1_two_pieces_craft_twice():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("workshop", 1).building("workshop", 6)  # two fox clearings
    sc.hand("marquise", [("Anvil", "fox"), ("Crossbow", "bird")])
    g = sc.start("marquise", at="marquise_craft")
    do(g, CARD("Anvil", "fox"))
    do(g, CARD("Crossbow", "bird"))
    assert g.to_dict()["crafted_items"]["marquise"] == {"hammer": 1, "crossbow": 1}


def test_law_4_1_1_crafting_piece_suit_is_its_clearing():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).building("workshop", 5)  # a rabbit workshop
    sc.hand("marquise", [("Anvil", "fox"), ("Travel Gear", "fox")])  # costs fox / rabbit
    g = sc.start("marquise", at="marquise_craft")
    assert CARD("Anvil", "fox") not in legal(g)
    assert CARD("Travel Gear", "fox") in legal(g)


def test_law_4_1_2_item_crafted_takes_item_and_scores():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("workshop", 1)
    sc.hand("marquise", [("Anvil", "fox")])
    g = sc.start("marquise", at="marquise_craft")
    supply = g.to_dict()["item_supply"]["hammer"]
    do(g, CARD("Anvil", "fox"))
    d = g.to_dict()
    assert d["item_supply"]["hammer"] == supply - 1
    assert d["crafted_items"]["marquise"] == {"hammer": 1}
    assert g.vp["marquise"] == 2
    assert d["discard"] == ["Anvil (fox)"]
    assert d["vp_sources"]["marquise"]["craft"] == 2


def test_law_4_1_2_item_not_in_supply_cannot_be_crafted():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("workshop", 1).item_supply(hammer=0)
    sc.hand("marquise", [("Anvil", "fox")])
    g = sc.start("marquise", at="marquise_craft")
    assert CARD("Anvil", "fox") not in legal(g)


def test_law_4_1_4_no_duplicate_persistent_effects():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 1).building("workshop", 5).building("workshop", 4)  # two rabbit pieces
    sc.crafted("marquise", ("Cobbler", "rabbit"))
    sc.hand("marquise", [("Cobbler", "rabbit"), ("Command Warren", "rabbit")])
    g = sc.start("marquise", at="marquise_craft")
    cobbler2 = K.A_CARD + card_id("Cobbler", "rabbit", exclude=[card_id("Cobbler", "rabbit")])
    assert g.state[CARD_LOC + cobbler2 - K.A_CARD] == LOC_HAND + MARQUISE
    assert cobbler2 not in legal(g)
    assert CARD("Command Warren", "rabbit") in legal(g)


# ================================================================== 4.2 moving
def test_law_4_2_move_any_number_to_adjacent_clearing():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 5)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_MARCH))
    assert legal(g) == {C(1)}
    do(g, C(1))
    assert legal(g) == {C(5), C(9), C(10)}  # adjacent clearings of clearing 1
    do(g, C(9))
    assert legal(g) == {K.A_COUNT + k for k in range(5)}  # 1..5 warriors
    do(g, K.A_COUNT + 3)
    assert (w(g, "marquise", 1), w(g, "marquise", 9)) == (1, 4)


def test_law_4_2_1_must_rule_origin_or_destination():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).warriors("eyrie", 1, 2)  # Eyrie rule the origin
    sc.warriors("eyrie", 5, 1)  # Eyrie rule 5; 9 is empty (no ruler)
    sc.warriors("marquise", 10, 0).building("sawmill", 10)  # the Marquise rule 10
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_MARCH))
    do(g, C(1))
    assert legal(g) == {C(10)}


def test_law_4_2_1_no_move_when_ruling_neither():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).warriors("eyrie", 1, 2)
    sc.warriors("eyrie", 5, 1).warriors("eyrie", 10, 1)
    g = sc.start("marquise", at="marquise_actions")
    assert OPT(K.OPT_MARCH) not in legal(g)


def test_law_4_2_1_ruling_origin_allows_any_adjacent():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 3).warriors("eyrie", 5, 4).warriors("eyrie", 9, 4)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_MARCH))
    do(g, C(1))
    assert legal(g) == {C(5), C(9), C(10)}


# ================================================================== 4.3 battle
def test_law_4_3_battle_only_where_you_have_warriors_and_defender_has_pieces():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 2).building("roost", 1)  # warriors + an enemy building: yes
    sc.warriors("marquise", 5, 2)  # no enemy: no
    sc.building("sawmill", 9).warriors("eyrie", 9, 2)  # no Marquise warriors: no
    sc.warriors("marquise", 10, 1).token("wood", 10)  # own token only: no
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_BATTLE))
    assert legal(g) == {C(1)}
    do(g, C(1))
    assert g.decision == "battle: defender"
    assert legal(g) == {K.A_FACTION + EYRIE}


def test_law_4_3_no_battle_option_without_target():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 2).building("sawmill", 9).warriors("eyrie", 9, 2)
    g = sc.start("marquise", at="marquise_actions")
    assert OPT(K.OPT_BATTLE) not in legal(g)


def test_law_4_3_1_ambush_two_hits_and_battle_ends_without_attackers():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 2).warriors("eyrie", 1, 1)  # fox clearing
    sc.hand("eyrie", [("Ambush!", "fox")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 1)
    assert g.decision == "ambush?" and g.current_player == "eyrie"
    assert legal(g) == {CARD("Ambush!", "fox"), K.A_DONE}
    do(g, CARD("Ambush!", "fox"))
    assert w(g, "marquise", 1) == 0
    assert w(g, "eyrie", 1) == 1  # no dice: the battle ended
    assert g.decision == "marquise: action" and g.current_player == "marquise"
    d = g.to_dict()
    assert d["discard"] == ["Ambush! (fox)"] and d["hands"]["eyrie"] == []


def test_law_4_3_1_ambush_survivors_fight_on():
    sc = Scenario(seed=3)
    sc.warriors("marquise", 1, 3).warriors("eyrie", 1, 4)
    sc.hand("eyrie", [("Ambush!", "bird")])  # a bird ambush matches any clearing
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 1)
    do(g, CARD("Ambush!", "bird"))
    ra = int(g.state[REG + R_B_ROLL_ATT])
    rd = int(g.state[REG + R_B_ROLL_DEF])
    assert ra <= 1 and rd <= 4  # one Marquise warrior was left to roll with
    assert w(g, "marquise", 1) == 1 - min(rd, 1)
    assert w(g, "eyrie", 1) == 4 - ra


def test_law_4_3_1_ambush_hits_reach_buildings_after_warriors():
    # Two ambush hits, one attacking warrior: the second hit removes an attacker's building.
    sc = Scenario(seed=1)
    sc.warriors("marquise", 6, 1).building("sawmill", 6).warriors("eyrie", 6, 1)
    sc.hand("eyrie", [("Ambush!", "fox")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 6)
    do(g, CARD("Ambush!", "fox"))
    assert w(g, "marquise", 6) == 0
    assert clearing(g, 6)["buildings"] == ["ruin"]
    assert g.vp["eyrie"] == 1


def test_law_4_3_1_foil_cancels_ambush_both_discarded():
    for seed in range(10):
        sc = Scenario(seed=seed)
        sc.warriors("marquise", 1, 2).warriors("eyrie", 1, 1)
        sc.hand("eyrie", [("Ambush!", "fox")]).hand("marquise", [("Ambush!", "bird")])
        g = sc.start("marquise", at="marquise_actions")
        marquise_battle(g, 1)
        do(g, CARD("Ambush!", "fox"))
        assert g.decision == "foil ambush?" and g.current_player == "marquise"
        assert legal(g) == {CARD("Ambush!", "bird"), K.A_DONE}
        do(g, CARD("Ambush!", "bird"))
        d = g.to_dict()
        assert sorted(d["discard"]) == ["Ambush! (bird)", "Ambush! (fox)"]
        assert d["hands"] == {"marquise": [], "eyrie": []}
        # Only the rolled hit (at most one: one Eyrie warrior) was taken, not the ambush's two.
        rd = int(g.state[REG + R_B_ROLL_DEF])
        assert rd <= 1
        assert w(g, "marquise", 1) == 2 - rd
        assert w(g, "eyrie", 1) == 1 - min(int(g.state[REG + R_B_ROLL_ATT]), 1)


def test_law_4_3_1_ambush_must_match_clearing_suit():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 2).warriors("eyrie", 5, 1)  # rabbit clearing
    sc.hand("eyrie", [("Ambush!", "fox"), ("Ambush!", "rabbit"), ("Ambush!", "bird")])
    sc.hand("marquise", [("Ambush!", "mouse")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 5)
    assert legal(g) == {CARD("Ambush!", "rabbit"), CARD("Ambush!", "bird"), K.A_DONE}
    do(g, CARD("Ambush!", "rabbit"))
    # The Marquise's mouse ambush does not match the rabbit clearing: no foil offered.
    assert g.decision != "foil ambush?"
    assert w(g, "marquise", 5) == 0


def test_law_4_3_1_no_ambush_decision_without_matching_card():
    sc = Scenario(seed=1)
    sc.warriors("marquise", 5, 2).warriors("eyrie", 5, 1)
    sc.hand("eyrie", [("Ambush!", "fox")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 5)
    assert g.decision != "ambush?"
    assert g.to_dict()["hands"]["eyrie"] == ["Ambush! (fox)"]


def test_law_4_3_2_rolled_hits_capped_by_warriors():
    seen = set()
    for seed in range(30):
        sc = Scenario(seed=seed)
        sc.leader("builder")
        sc.warriors("marquise", 12, 1).warriors("eyrie", 12, 1)
        g = sc.start("marquise", at="marquise_actions")
        marquise_battle(g, 12)
        ra = int(g.state[REG + R_B_ROLL_ATT])
        rd = int(g.state[REG + R_B_ROLL_DEF])
        assert 0 <= ra <= 1 and 0 <= rd <= 1
        assert w(g, "eyrie", 12) == 1 - ra
        assert w(g, "marquise", 12) == 1 - rd
        seen.add((ra, rd))
    assert (1, 1) in seen and (1, 0) in seen  # some rolls were capped

    highs = set()
    for seed in range(30):
        sc = Scenario(seed=seed)
        sc.leader("builder")
        sc.warriors("marquise", 12, 5).warriors("eyrie", 12, 5)
        g = sc.start("marquise", at="marquise_actions")
        marquise_battle(g, 12)
        ra = int(g.state[REG + R_B_ROLL_ATT])
        rd = int(g.state[REG + R_B_ROLL_DEF])
        assert 0 <= rd <= ra <= 3  # attacker the higher die, defender the lower
        assert w(g, "eyrie", 12) == 5 - ra and w(g, "marquise", 12) == 5 - rd
        highs.add(ra)
    assert 3 in highs


def test_law_4_3_2_defenseless_extra_hit():
    for seed in range(10):
        sc = Scenario(seed=seed)
        sc.leader("builder")
        sc.warriors("marquise", 12, 1).building("roost", 12)
        g = sc.start("marquise", at="marquise_actions")
        marquise_battle(g, 12)
        assert int(g.state[REG + R_B_EXTRA_ATT]) == 1
        assert clearing(g, 12)["buildings"] == ["ruin"]  # at least the extra hit lands
        assert g.vp["marquise"] == 1


def test_law_4_3_2_no_defenseless_hit_when_defender_has_warriors():
    sc = Scenario(seed=1)
    sc.leader("builder")
    sc.warriors("marquise", 12, 1).warriors("eyrie", 12, 1)
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 12)
    assert int(g.state[REG + R_B_EXTRA_ATT]) == 0
    assert int(g.state[REG + R_B_EXTRA_DEF]) == 0


def _eyrie_attack_marquise_base(seed: int):
    sc = Scenario(seed=seed)
    sc.leader("builder").crafted("eyrie", ("Command Warren", "rabbit"))
    sc.warriors("eyrie", 5, 5)
    sc.warriors("marquise", 5, 1).building("sawmill", 5).building("workshop", 5).token("wood", 5, 1)
    g = sc.start("eyrie", at="daylight")
    do(g, C(5))
    do(g, K.A_FACTION + MARQUISE)
    return g


def test_law_4_3_3_warriors_first_then_taker_chooses_buildings_and_tokens():
    found = False
    for seed in range(60):
        g = _eyrie_attack_marquise_base(seed)
        ra = int(g.state[REG + R_B_ROLL_ATT])
        if g.decision == "remove piece (hits)":
            assert ra >= 2
            assert g.current_player == "marquise"
            assert w(g, "marquise", 5) == 0  # the warrior went first
            assert legal(g) == {K.A_PIECE + 0, K.A_PIECE + 1, K.A_PIECE + NBT + TT_WOOD}  # sawmill, workshop, wood
            do(g, K.A_PIECE + 1)  # remove the workshop
            left = clearing(g, 5)
            if ra == 2:
                assert left["buildings"] == ["sawmill"] and left["tokens"] == ["wood"]
                assert g.vp["eyrie"] == 1
            else:  # a second choice
                assert g.decision == "remove piece (hits)"
                assert legal(g) == {K.A_PIECE + 0, K.A_PIECE + NBT + TT_WOOD}
                do(g, K.A_PIECE + NBT + TT_WOOD)
                left = clearing(g, 5)
                assert left["buildings"] == ["sawmill"] and left["tokens"] == []
                assert g.vp["eyrie"] == 2
            found = True
        else:
            # One hit or none: only the warrior could go, no choice to make.
            assert ra <= 1
            assert w(g, "marquise", 5) == 1 - ra
            assert len(clearing(g, 5)["buildings"]) == 2
    assert found


def test_law_4_3_3_attacker_taking_ambush_hits_chooses_building():
    # Two ambush hits on one attacking warrior, a sawmill and a workshop: the warrior goes first, then
    # the Marquise (taking the hits) chooses which building goes.
    sc = Scenario(seed=1)
    sc.warriors("marquise", 8, 1).building("sawmill", 8).building("workshop", 8).warriors("eyrie", 8, 1)
    sc.hand("eyrie", [("Ambush!", "fox")])
    g = sc.start("marquise", at="marquise_actions")
    marquise_battle(g, 8)
    do(g, CARD("Ambush!", "fox"))
    assert g.decision == "remove piece (hits)" and g.current_player == "marquise"
    assert w(g, "marquise", 8) == 0
    assert legal(g) == {K.A_PIECE + 0, K.A_PIECE + 1}
    do(g, K.A_PIECE + 0)
    assert clearing(g, 8)["buildings"] == ["workshop"]
    assert g.vp["eyrie"] == 1
    assert w(g, "eyrie", 8) == 1  # the battle ended: no attacking warriors left
    assert g.decision == "marquise: action"


def test_law_4_3_3_hits_beyond_pieces_are_lost():
    # Law 2.5: remove as many as possible; extra hits do nothing.
    for seed in range(10):
        sc = Scenario(seed=seed)
        sc.leader("commander")  # an extra hit as attacker (7.8.3)
        sc.crafted("eyrie", ("Command Warren", "rabbit"))
        sc.warriors("eyrie", 5, 3).token("wood", 5, 1)
        g = sc.start("eyrie", at="daylight")
        do(g, C(5))
        do(g, K.A_FACTION + MARQUISE)
        assert clearing(g, 5)["tokens"] == []
        assert g.vp["eyrie"] == 1


# ================================================================== 5.1 setup
def test_law_5_1_3_two_players_no_dominance_three_cards_each():
    for seed in range(5):
        g = Game.new(("marquise", "eyrie"), seed=seed)
        s = g.state
        for c in range(NCARD):
            if CARD_KIND[c] == K_DOMINANCE:
                assert s[CARD_LOC + c] == LOC_REMOVED
        d = g.to_dict()
        assert len(d["hands"]["marquise"]) == 3 and len(d["hands"]["eyrie"]) == 3
        assert all("Dominance" not in x for h in d["hands"].values() for x in h)
        assert d["deck_size"] == NCARD - 4 - 6
        assert d["discard"] == [] and d["available_dominance"] == []


def test_law_5_1_3_deck_is_shuffled_by_seed():
    hands = {tuple(Game.new(("marquise", "eyrie"), seed=s).to_dict()["hands"]["marquise"]) for s in range(6)}
    assert len(hands) > 1
    a = Game.new(("marquise", "eyrie"), seed=11).to_dict()["hands"]
    b = Game.new(("marquise", "eyrie"), seed=11).to_dict()["hands"]
    assert a == b


def test_law_5_1_4_ruins_in_clearings_6_10_11_12():
    g = Game.new(("marquise", "eyrie"), seed=0)
    ruins = [c["id"] for c in g.to_dict()["clearings"] if "ruin" in c["buildings"]]
    assert ruins == [6, 10, 11, 12]
    assert all(c["buildings"].count("ruin") <= 1 for c in g.to_dict()["clearings"])


def test_law_5_1_5_item_supply():
    g = Game.new(("marquise", "eyrie"), seed=0)
    assert g.to_dict()["item_supply"] == {"boot": 2, "sword": 2, "bag": 2, "hammer": 1, "tea": 2, "coins": 2,
                                          "crossbow": 1, "torch": 0}
    assert g.to_dict()["crafted_items"] == {"marquise": {}, "eyrie": {}}


def _finish_setup(g: Game) -> Game:
    n = 0
    while g.phase == "setup":
        g.apply(int(g.legal_actions()[0]))
        n += 1
        assert n < 50
    return g


@pytest.mark.parametrize("order", [("marquise", "eyrie"), ("eyrie", "marquise")])
def test_law_5_1_1_seating_order_first_listed_plays_first(order):
    g = Game.new(order, seed=3)
    assert g.factions == order
    # Law 5.1.7: setup goes in setup order (Marquise first) whatever the seating.
    assert g.active == "marquise" and g.decision == "setup: keep"
    _finish_setup(g)
    assert g.active == order[0] and g.turn == 1 and g.phase in ("birdsong", "daylight")
    # The next turn is the other seat's.
    while g.turn == 1:
        g.apply(int(g.legal_actions()[-1]))
    assert g.active == order[1]


def test_law_5_1_1_random_seating_is_deterministic_by_seed():
    orders = set()
    for seed in range(16):
        a = Game.new(("marquise", "eyrie"), seed=seed, random_seating=True)
        b = Game.new(("marquise", "eyrie"), seed=seed, random_seating=True)
        assert a.factions == b.factions
        assert sorted(a.factions) == ["eyrie", "marquise"]
        orders.add(a.factions)
        _finish_setup(a)
        assert a.active == a.factions[0]
    assert orders == {("marquise", "eyrie"), ("eyrie", "marquise")}


def test_law_5_1_2_scores_start_at_zero():
    g = Game.new(("eyrie", "marquise"), seed=4)
    assert g.vp == {"eyrie": 0, "marquise": 0}


# ================================================================== 2.1.4 ambush cards spent for their suit
def test_law_2_1_4_ambush_card_spent_for_its_suit():
    # "You may spend an ambush card for its suit": a fox ambush pays for Overwork at a fox sawmill,
    # a bird ambush for an extra action.
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 4).building("sawmill", 1)
    sc.hand("marquise", [("Ambush!", "fox"), ("Ambush!", "bird")])
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_OVERWORK), C(1))
    assert legal(g) == {CARD("Ambush!", "fox"), CARD("Ambush!", "bird")}
    do(g, CARD("Ambush!", "fox"))
    assert clearing(g, 1)["tokens"] == ["wood"]
    for _ in range(2):
        do(g, OPT(K.OPT_MARCH), C(1), C(5), K.A_COUNT, K.A_DONE)
    do(g, OPT(K.OPT_MARCH))
    assert g.decision == "pay bird card for extra action"
    do(g, CARD("Ambush!", "bird"))
    assert sorted(g.to_dict()["discard"]) == ["Ambush! (bird)", "Ambush! (fox)"]


# ================================================================== 1.1.3 simultaneous effects
def test_law_1_1_3_field_hospitals_in_fixed_clearing_order_leaves_every_choice_open():
    # One Favor removes Marquise warriors from two clearings at once. The engine asks clearing by
    # clearing; since each may be declined, the one card can save whichever clearing she prefers,
    # as if she had ordered them herself.
    for save in (6, 12):
        sc = Scenario(seed=1)
        sc.leader("builder").token("keep", 3)
        for n in (1, 6, 12):
            sc.building("roost", n)
        sc.warriors("marquise", 6, 1).warriors("marquise", 12, 3)
        sc.hand("marquise", [("Armorers", "bird")]).hand("eyrie", [("Favor of the Foxes", "fox")])
        g = sc.start("eyrie", at="eyrie_craft")
        do(g, CARD("Favor of the Foxes", "fox"))
        asked = []
        while g.decision == "field hospitals":
            asked.append(int(g.state[REG + R_FH_CLEARING]) + 1)
            do(g, CARD("Armorers", "bird") if asked[-1] == save else K.A_DONE)
        assert asked == ([6] if save == 6 else [6, 12])  # nothing left to pay with after 6
        assert w(g, "marquise", 3) == {6: 1, 12: 3}[save]


def test_law_1_1_3_vagabond_damage_and_field_hospitals_from_one_favor_are_independent():
    # The Vagabond's three damaged items (seed 002 9.2.2.I) and the Marquise's Field Hospitals fall on
    # different players and touch nothing the other uses: either order gives the same game.
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond"), seed=1)
    sc.leader("builder").token("keep", 3)
    for n in (1, 6, 12):
        sc.building("roost", n)
    sc.warriors("marquise", 12, 2).hand("marquise", [("Anvil", "fox")])
    sc.vagabond("thief", at=12).vb_items("ready", sword=2, boot=2)
    sc.hand("eyrie", [("Favor of the Foxes", "fox")])
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, CARD("Favor of the Foxes", "fox"))
    assert g.decision == "field hospitals" and g.current_player == "marquise"
    do(g, CARD("Anvil", "fox"))
    assert g.decision == "damage item" and g.current_player == "vagabond"
    while g.decision == "damage item":
        do(g, min(legal(g)))
    assert w(g, "marquise", 3) == 2
    assert g.decision == "eyrie: craft"


# ================================================================== 3.1 "immediately": nothing after the 30th VP
# The engine checks victory before every step (engine.core.advance), so a step that scores last ends
# the game at once; the steps below do more after scoring and check victory themselves.
def _won(g, faction):
    return g.is_over and g.winners == [faction]


def test_law_3_1_revolt_reaching_30_ends_before_the_base_and_warriors_are_placed():
    # Law 8.4.1.III: remove the enemy pieces (one wood token: 1 VP, the 30th), then place the base,
    # warriors and an officer. The win comes first.
    sc = Scenario(("marquise", "eyrie", "alliance"), seed=1)
    sc.token("sympathy", 8).token("wood", 8).vp("alliance", 29)
    sc.supporters([("Anvil", "fox"), ("Root Tea", "fox")])
    g = sc.start("alliance", at="alliance_revolt")
    do(g, C(8))
    assert _won(g, "alliance") and g.vp["alliance"] == 30
    assert clearing(g, 8)["buildings"] == [] and w(g, "alliance", 8) == 0
    assert g.to_dict()["alliance"]["officers"] == 0


def test_law_3_1_crafted_item_reaching_30_wins_before_the_card_is_discarded():
    # Law 4.1.2: "resolve its effect and then discard the card"; the 2 VP of the Anvil win at once.
    sc = Scenario(seed=1)
    sc.warriors("marquise", 1, 1).building("workshop", 1).vp("marquise", 28)
    sc.hand("marquise", [("Anvil", "fox")])
    g = sc.start("marquise", at="marquise_craft")
    do(g, CARD("Anvil", "fox"))
    assert _won(g, "marquise") and g.vp["marquise"] == 30
    assert g.to_dict()["crafted_items"]["marquise"] == {"hammer": 1}
    assert int(g.state[CARD_LOC + card_id(("Anvil", "fox"))]) == LOC_HAND + MARQUISE


def test_law_3_1_explore_reaching_30_wins_before_the_ruin_is_removed():
    # Law 9.5.3: take the item, "then" score one VP, then remove the emptied ruin.
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond"), seed=1)
    sc.vagabond("thief", at=10).vb_items("ready", torch=1).ruin_item(10, "bag").vp("vagabond", 29)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, OPT(K.OPT_EXPLORE))
    assert _won(g, "vagabond") and g.vp["vagabond"] == 30
    assert int(g.state[RUINS + 10 - 1]) == 1  # the ruin stays


def test_law_3_1_organize_reaching_30_in_evening_ends_before_the_draw():
    # Law 8.6.1.IV scores the uncovered sympathy space; the Evening's draw (8.6.2) never comes.
    sc = Scenario(("marquise", "eyrie", "alliance"), seed=1)
    sc.token("sympathy", 1).token("sympathy", 5).warriors("alliance", 7, 1).officers(1).vp("alliance", 29)
    g = sc.start("alliance", at="alliance_operations")
    do(g, OPT(K.OPT_ORGANIZE), C(7))
    assert _won(g, "alliance") and g.vp["alliance"] >= 30
    assert int(g.state[HAND_N + ALLIANCE]) == 0


def test_law_3_1_marquise_build_reaching_30_ends_before_her_next_action():
    # Law 6.5.4.III: the workshop's 2 VP are the 30th; no further Daylight action is offered.
    sc = Scenario(seed=1)
    for n in (5, 7):
        sc.warriors("marquise", n, 1)
    sc.building("workshop", 7).token("wood", 5).vp("marquise", 28)
    g = sc.start("marquise", at="marquise_actions")
    do(g, OPT(K.OPT_BUILD), K.A_PIECE + PIECE_NAMES.index("workshop"), C(5))
    assert _won(g, "marquise") and g.vp["marquise"] == 30
    assert g.decision == "none" and legal(g) == set()


def test_law_3_1_quest_reward_reaching_30_ends_the_vagabonds_daylight():
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond"), seed=1)
    sc.vagabond("thief", at=1).vb_items("ready", tea=1, coins=1, boot=1).vp("vagabond", 28)
    sc.quests(visible=["Fundraising (fox)", "Errand (rabbit)", "Escort (mouse)"], done=["Errand (fox)"])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, K.A_QUEST + QUEST_NAMES.index("Fundraising (fox)"), OPT(K.OPT_QUEST_VP))
    assert _won(g, "vagabond") and g.vp["vagabond"] == 30

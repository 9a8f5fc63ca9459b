"""Law of Root, section 10 (Lizard Cult), seed 001, with the component numbers and readings of
shared/reference/expansion_numbers.md (sections 1 and 5): each rule checked in isolation through the
action space, and how the other factions meet the Cult.

Readings tested here (the Law text leaves room):
- Garden VP by gardens of the suit on the map, [0, 2, 2, 3, 4]; a Score with a single garden is legal
  and scores 0 (its card still goes to the Lost Souls pile).
- The card-draw bonus is on the 2nd garden space of every suit (current printing); the first printing
  (fox 2, rabbit 3, mouse 4) is the option O_LZ_FIRST_PRINTING.
- Sacrifice takes the warrior from the supply (current Law), so it needs one there.
- With neither the Marquise nor the Eyrie in play, the Cult sets up in any corner.
- Birds stay wild for everything but rituals: a bird card pays an Outrage, and a bird card can be
  crafted with Outcast gardens.
- Fear of the Faithful discards a random card from the hand; cards revealed this Daylight are not in it.
- A deck reshuffle (Law 2.1.2) takes only the discard pile, never the Lost Souls pile.

Positions are built with ``root_env.scenario.Scenario``; actions are chosen by id and applied with
``Game.apply``; assertions read the state regions of ``root_env.layout`` or ``Game.to_dict()``.
Clearings are named by their printed number 1..12 (Autumn map): fox 1 6 8 12, rabbit 3 4 5 10,
mouse 2 7 9 11; ruins in 6 10 11 12; slots 1:1 2:2 3:1 4:1 5:2 6:2 7:2 8:2 9:2 10:2 11:3 12:2;
corners 1-3 and 2-4 opposite.
Adjacency: 1: 5 9 10; 2: 5 6 10; 3: 6 7 11; 4: 8 9 12; 5: 1 2; 6: 2 3 11; 7: 3 8 12; 8: 4 7;
9: 1 4 12; 10: 1 2 12; 11: 3 6 12; 12: 4 7 9 10 11.
"""
from __future__ import annotations

import pytest
from root_env.data import NF

from root_env import codes as K
from root_env.data import (NCARD, BT_GARDEN, LIZARDS, EYRIE, WARRIOR_TOTAL, LZ_GARDEN_VP, SUIT_NAMES, CRUSADE,
                           CONVERT, SANCTIFY)
from root_env.engine.board import ruler, building_supply
from root_env.game import Game
from root_env.layout import (CARD_LOC, CARD_KNOWN, LOC_LOST_SOULS, LOC_REVEALED, LOC_DISCARD, LOC_AVAILABLE, LOC_HAND,
                             LOC_DECK, LOC_SUPPORTERS, LZ_ACOLYTES, LZ_OUTCAST, LZ_HATED, LZ_SCORED, OPTIONS,
                             O_LZ_FIRST_PRINTING, DECK_N)
from root_env.scenario import Scenario, card_id
from rules_helpers import (building, card, cards_offered, cl, clearings_offered, do, faction, finish_hits, hand_n,
                           item, legal, next_dice, opt, piece, supply, vp, warriors, loc)


FIVE = ("marquise", "eyrie", "alliance", "vagabond", "lizards")

# Cards with a single copy in the deck, so that (name, suit) names one card.
FOX_A = ("Anvil", "fox")                    # craft: fox -> hammer, 2 VP
FOX_B = ("Foxfolk Steel", "fox")            # craft: fox fox -> sword
FOX_C = ("Root Tea", "fox")                 # craft: mouse
RABBIT_A = ("A Visit to Friends", "rabbit")  # craft: rabbit -> boot, 1 VP
RABBIT_B = ("Bake Sale", "rabbit")
RABBIT_C = ("Root Tea", "rabbit")
MOUSE_A = ("Mouse-in-a-Sack", "mouse")
MOUSE_B = ("Root Tea", "mouse")
MOUSE_C = ("Investments", "mouse")
BIRD_A = ("Arms Trader", "bird")
BIRD_B = ("Birdy Bindle", "bird")
BIRD_XBOW = ("Crossbow", "bird")            # craft: fox -> crossbow, 1 VP
DOM_FOX = ("Dominance", "fox")
DOM_RABBIT = ("Dominance", "rabbit")
FAVOR_FOXES = ("Favor of the Foxes", "fox")
AMBUSH_FOX = ("Ambush!", "fox")
COMMAND_WARREN = ("Command Warren", "rabbit")
ROYAL_CLAIM = ("Royal Claim", "bird")       # craft: any x4

SUIT = {name: i for i, name in enumerate(SUIT_NAMES)}
CONSPIRACY = {"crusade": CRUSADE, "convert": CONVERT, "sanctify": SANCTIFY}


# ------------------------------------------------------------------ helpers
def sc2(seed: int = 1) -> Scenario:
    """An empty board for the Marquise and the Cult (Outcast fox, no acolytes)."""
    return Scenario(("marquise", "lizards"), seed=seed)


def sc5(seed: int = 1) -> Scenario:
    """An empty board for the four base factions and the Cult."""
    return Scenario(FIVE, seed=seed)


def acolytes(g: Game) -> int:
    return int(g.state[LZ_ACOLYTES])


def outcast(g: Game) -> tuple[str, bool]:
    return SUIT_NAMES[int(g.state[LZ_OUTCAST])], bool(g.state[LZ_HATED])


def garden(g: Game, suit: str, n: int) -> int:
    return building(g, BT_GARDEN + SUIT[suit], n)


def gardens_in_supply(g: Game, suit: str) -> int:
    return int(building_supply(g.state, BT_GARDEN + SUIT[suit]))


def lost_souls(g: Game) -> list[int]:
    return [c for c in range(NCARD) if g.state[CARD_LOC + c] == LOC_LOST_SOULS]


def conspiracy(name: str) -> int:
    return opt(K.OPT_CONSPIRACY + CONSPIRACY[name])


def battle_against_marquise(g: Game, c: int, cult: int, marquise: int) -> None:
    """Name the Marquise defender in clearing c, fight, and check the hits: the attacking Cult deals the
    higher die, the Marquise the lower, each at most its warriors (4.3.2)."""
    hi, lo = next_dice(g)
    do(g, faction("marquise"))
    finish_hits(g)
    assert warriors(g, "marquise", c) == max(0, marquise - min(hi, cult))
    assert warriors(g, "lizards", c) == max(0, cult - min(lo, marquise))


def rel(g: Game, f: str) -> str:
    return g.to_dict()["vagabond"]["relationships"][f]


# ================================================================== 10.2 faction rules
@pytest.mark.parametrize("suit, craftable, not_craftable, item_name, points",
                         [("fox", FOX_A, RABBIT_A, "hammer", 2), ("rabbit", RABBIT_A, FOX_A, "boot", 1)])
def test_law_10_2_1_crafts_in_evening_with_outcast_gardens_only(suit, craftable, not_craftable, item_name, points):
    """10.2.1: "The Cult crafts during Evening by activating gardens matching the Outcast suit." """
    sc = sc2()
    sc.outcast(suit).building("garden_fox", 1).building("garden_rabbit", 5)
    sc.hand("lizards", [FOX_A, RABBIT_A])
    g = sc.start("lizards", at="lizards_daylight")
    assert cards_offered(g) == set()  # no crafting in Daylight
    g = sc.start("lizards", at="lizards_evening")
    assert g.decision == "cult: craft" and g.current_player == "lizards"
    assert cards_offered(g) == {card(craftable)}  # the other suit's garden is not a crafting piece
    do(g, card(craftable))
    assert g.to_dict()["crafted_items"]["lizards"] == {item_name: 1}
    assert vp(g, "lizards") == points
    assert loc(g, not_craftable) == LOC_HAND + LIZARDS


def test_law_10_2_1_each_outcast_garden_activates_once_per_turn():
    """10.2.1: a garden is a crafting piece; one garden pays one suit symbol once a turn (4.1)."""
    sc = sc2()
    sc.outcast("fox").building("garden_fox", 1)
    sc.hand("lizards", [FOX_A, BIRD_XBOW])  # each costs one fox
    g = sc.start("lizards", at="lizards_evening")
    assert cards_offered(g) == {card(FOX_A), card(BIRD_XBOW)}
    do(g, card(FOX_A))
    assert loc(g, BIRD_XBOW) == LOC_HAND + LIZARDS  # the only fox garden is used: no second craft
    assert g.to_dict()["crafted_items"]["lizards"] == {"hammer": 1}


@pytest.mark.parametrize("fourth, craftable", [("garden_fox", True), ("garden_rabbit", False)])
def test_law_10_2_1_an_any_suit_cost_is_paid_by_outcast_gardens_only(fourth, craftable):
    """10.2.1: only gardens of the Outcast suit craft, also for an "any" cost: Royal Claim (four of any
    suit) with three fox gardens and a fourth garden, fox or rabbit, with fox the Outcast."""
    sc = sc2()
    sc.outcast("fox").building("garden_fox", 1).building("garden_fox", 6).building("garden_fox", 8)
    sc.building(fourth, 12 if fourth == "garden_fox" else 5)
    sc.hand("lizards", [ROYAL_CLAIM])
    g = sc.start("lizards", at="lizards_evening")
    assert (card(ROYAL_CLAIM) in legal(g)) == craftable


def test_law_10_2_2_birds_are_not_wild_for_rituals():
    """10.2.2: "Bird cards are not wild for Cult rituals." Only Sacrifice takes a bird (10.5.4)."""
    sc = sc2()
    sc.building("garden_fox", 8).warriors("lizards", 8, 1)
    sc.hand("lizards", [BIRD_A])
    g = sc.start("lizards", at="lizards_daylight")
    assert legal(g) == {opt(K.OPT_SACRIFICE), K.A_DONE}  # no build, recruit or score with a bird
    sc.hand("lizards", [FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    for r in (K.OPT_BUILD, K.OPT_RECRUIT, K.OPT_SCORE):
        h = g.copy()
        do(h, opt(r))
        assert cards_offered(h) == {card(FOX_A)}, r  # the bird card is never offered for them
    do(g, opt(K.OPT_SACRIFICE))
    assert cards_offered(g) == {card(BIRD_A)}


def test_law_10_2_2_birds_stay_wild_outside_rituals_crafting_a_bird_card():
    """10.2.2 names rituals only: a bird card is crafted with an Outcast garden like any card (4.1)."""
    sc = sc2()
    sc.outcast("fox").building("garden_fox", 1)
    sc.hand("lizards", [BIRD_XBOW])
    g = sc.start("lizards", at="lizards_evening")
    do(g, card(BIRD_XBOW))
    assert g.to_dict()["crafted_items"]["lizards"] == {"crossbow": 1}
    assert vp(g, "lizards") == 1


@pytest.mark.parametrize("attacker", ["marquise", "eyrie", "alliance", "vagabond"])
def test_law_10_2_3_revenge_defending_cult_warriors_go_to_acolytes(attacker):
    """10.2.3: "Whenever a Cult warrior is removed while defending in battle, it is placed in the
    Acolytes box instead of the Cult's supply." Against every attacker (here through Command Warren)."""
    lost_total = 0
    for seed in range(1, 6):
        sc = sc5(seed)
        sc.warriors("lizards", 5, 3).crafted(attacker, COMMAND_WARREN)
        if attacker == "vagabond":
            sc.vagabond("thief", at=5).vb_items("ready", sword=3)
        else:
            sc.warriors(attacker, 5, 3)
        g = sc.start(attacker, at="daylight")
        before = supply(g, "lizards")
        do(g, cl(5), faction("lizards"))
        finish_hits(g)
        lost = 3 - warriors(g, "lizards", 5)
        lost_total += lost
        assert acolytes(g) == lost, seed
        assert supply(g, "lizards") == before, seed  # none went to the supply
        if attacker == "vagabond" and lost:
            assert rel(g, "lizards") == "hostile"
    assert lost_total > 0


def test_law_10_2_3_attacking_cult_warriors_go_to_the_supply():
    """10.2.3 covers defending only: Cult warriors removed while attacking (a Crusade) go to the supply."""
    lost_total = 0
    for seed in range(1, 7):
        sc = sc2(seed)
        sc.outcast("fox").acolytes(2).warriors("lizards", 1, 3).warriors("marquise", 1, 3)
        g = sc.start("lizards", at="lizards_conspiracies")
        before = supply(g, "lizards")
        do(g, conspiracy("crusade"), opt(K.OPT_BATTLE), cl(1), faction("marquise"))
        finish_hits(g)
        lost = 3 - warriors(g, "lizards", 1)
        lost_total += lost
        assert acolytes(g) == 0, seed  # the two spent, none gained
        assert supply(g, "lizards") == before + 2 + lost, seed
    assert lost_total > 0


def test_law_10_2_3_cult_warriors_hit_by_an_ambush_go_to_the_supply():
    """10.2.3: an ambush hits the attacking Cult: its warriors go to the supply, not the Acolytes box."""
    sc = sc2()
    sc.outcast("fox").acolytes(2).warriors("lizards", 1, 2).warriors("marquise", 1, 1)
    sc.hand("marquise", [AMBUSH_FOX])
    g = sc.start("lizards", at="lizards_conspiracies")
    do(g, conspiracy("crusade"), opt(K.OPT_BATTLE), cl(1), faction("marquise"))
    assert g.decision == "ambush?" and g.current_player == "marquise"
    do(g, card(AMBUSH_FOX))
    assert warriors(g, "lizards", 1) == 0
    assert acolytes(g) == 0
    assert supply(g, "lizards") == WARRIOR_TOTAL[LIZARDS]
    assert loc(g, AMBUSH_FOX) == LOC_LOST_SOULS  # 10.2.6


def test_law_10_2_3_warriors_removed_by_a_favor_card_go_to_the_supply():
    """10.2.3 covers battle only: a Favor card's removal sends Cult warriors to the supply."""
    sc = sc2()
    for n in (1, 6, 8):
        sc.building("workshop", n)
    sc.warriors("lizards", 12, 2).warriors("lizards", 5, 1)
    sc.hand("marquise", [FAVOR_FOXES])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_FOXES))
    assert warriors(g, "lizards", 12) == 0 and warriors(g, "lizards", 5) == 1
    assert acolytes(g) == 0
    assert supply(g, "lizards") == WARRIOR_TOTAL[LIZARDS] - 1


def test_law_10_2_3_a_struck_cult_warrior_goes_to_the_supply():
    """10.2.3 covers battle only: the Vagabond's Strike (9.5.6) is no battle."""
    sc = sc5()
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=1).warriors("lizards", 5, 2)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_STRIKE), faction("lizards"))
    assert warriors(g, "lizards", 5) == 1
    assert acolytes(g) == 0 and supply(g, "lizards") == WARRIOR_TOTAL[LIZARDS] - 1
    assert rel(g, "lizards") == "hostile"


def test_law_10_2_4_pilgrims_a_garden_rules_over_a_plain_majority():
    """10.2.4: "The Cult rules any clearings where they have any gardens." """
    sc = sc2()
    sc.building("garden_mouse", 7).warriors("marquise", 7, 4)
    sc.warriors("lizards", 9, 1).warriors("marquise", 9, 1)  # a tie without a garden: nobody rules
    sc.hand("lizards", [MOUSE_A])
    g = sc.start("lizards", at="lizards_daylight")
    assert ruler(g.state, 7 - 1) == LIZARDS
    assert ruler(g.state, 9 - 1) == -1
    # The Build ritual needs a ruled clearing: 7 (its one open slot) is offered, 9 is not.
    do(g, opt(K.OPT_BUILD), card(MOUSE_A))
    assert clearings_offered(g) == {7}
    do(g, cl(7))
    assert garden(g, "mouse", 7) == 2


def test_law_10_2_4_pilgrims_override_lords_of_the_forest():
    """10.2.4: Pilgrims "overrides the Eyrie's Lords of the Forest (7.2.2)." """
    sc = sc5()
    sc.warriors("eyrie", 9, 1).warriors("lizards", 9, 1)  # tied: the Eyrie rule (7.2.2)
    sc.warriors("eyrie", 7, 3).building("roost", 7).building("garden_mouse", 7)  # Eyrie 4 pieces, Cult 1
    sc.warriors("eyrie", 2, 1).building("garden_mouse", 2)  # tied 1 to 1, with a garden
    g = sc.start("lizards", at="lizards_daylight")
    assert ruler(g.state, 9 - 1) == EYRIE
    assert ruler(g.state, 7 - 1) == LIZARDS
    assert ruler(g.state, 2 - 1) == LIZARDS


def test_law_10_2_4_pilgrims_count_for_a_dominance_card():
    """10.2.4 with 3.3.1: gardens alone rule, so they win with an activated rabbit dominance card
    (three rabbit clearings ruled at the start of the Cult's Birdsong), outnumbered or not."""
    sc = sc5()
    sc.vp("lizards", 12).active_dominance("lizards", DOM_RABBIT)
    for n in (3, 4, 5):
        sc.building("garden_rabbit", n).warriors("marquise", n, 3)
    g = sc.start("lizards", at="birdsong")
    assert g.is_over and g.winners == ["lizards"]


def test_law_10_2_5_fear_of_the_faithful_a_removed_garden_discards_a_random_card():
    """10.2.5: "Whenever a garden is removed, the Cult must discard a random card." It goes to the
    Lost Souls pile (10.2.6); the remover scores the garden like any building (3.2.1)."""
    hand = [FOX_A, RABBIT_A, MOUSE_A]
    seen = set()
    for seed in range(1, 7):
        sc = sc2(seed)
        sc.building("garden_fox", 8).warriors("marquise", 8, 2).hand("lizards", hand)
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(8), faction("lizards"))
        finish_hits(g)
        assert garden(g, "fox", 8) == 0  # defenseless: the extra hit at least
        assert vp(g, "marquise") == 1
        gone = [c for c in hand if loc(g, c) == LOC_LOST_SOULS]
        assert len(gone) == 1 and hand_n(g, "lizards") == 2, seed
        assert all(loc(g, c) == LOC_HAND + LIZARDS for c in hand if c not in gone)
        seen.add(gone[0])
    assert len(seen) > 1  # random, not a fixed card


def test_law_10_2_5_fear_of_the_faithful_with_an_empty_hand():
    """10.2.5 with no card in hand: nothing to discard, the removal goes on."""
    sc = sc2()
    sc.building("garden_fox", 8).warriors("marquise", 8, 2)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(8), faction("lizards"))
    finish_hits(g)
    assert garden(g, "fox", 8) == 0 and lost_souls(g) == []
    assert vp(g, "marquise") == 1


def test_law_10_2_5_each_removed_garden_discards_a_card():
    """10.2.5: "whenever" a garden is removed: two gardens removed by one Favor, two cards."""
    sc = sc2()
    for n in (1, 6, 8):
        sc.building("workshop", n)
    sc.building("garden_fox", 12).building("garden_fox", 8)
    sc.hand("lizards", [RABBIT_A, RABBIT_B, MOUSE_A])
    sc.hand("marquise", [FAVOR_FOXES])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_FOXES))
    assert garden(g, "fox", 12) == 0 and garden(g, "fox", 8) == 0
    assert hand_n(g, "lizards") == 1
    assert len([c for c in (RABBIT_A, RABBIT_B, MOUSE_A) if loc(g, c) == LOC_LOST_SOULS]) == 2
    assert vp(g, "marquise") == 2  # gardens are buildings: one VP each (3.2.1)


def test_law_10_2_5_fear_of_the_faithful_when_the_crusading_cult_loses_a_garden():
    """10.2.5 on the Cult's own turn: the defender's hits remove the attacking Cult's garden (after its
    warriors, 4.3.3); the Cult discards at random, the defender scores the building (3.2.1)."""
    hit = 0
    for seed in range(1, 13):
        sc = sc2(seed)
        sc.outcast("fox").acolytes(2).warriors("lizards", 8, 1).building("garden_fox", 8)
        sc.warriors("marquise", 8, 3).hand("lizards", [RABBIT_A])
        g = sc.start("lizards", at="lizards_conspiracies")
        do(g, conspiracy("crusade"), opt(K.OPT_BATTLE), cl(8), faction("marquise"))
        finish_hits(g)
        if garden(g, "fox", 8) == 0:
            hit += 1
            assert warriors(g, "lizards", 8) == 0
            assert loc(g, RABBIT_A) == LOC_LOST_SOULS
            assert vp(g, "marquise") == 1
        else:
            assert loc(g, RABBIT_A) == LOC_HAND + LIZARDS and vp(g, "marquise") == 0
    assert hit > 0


# ------------------------------------------------------------------ 10.2.6 the Lost Souls pile
def _overwork(g: Game, c) -> None:
    do(g, opt(K.OPT_OVERWORK), cl(8), card(c))


def test_law_10_2_6_a_spent_card_goes_to_lost_souls():
    """10.2.6: "Whenever any card is spent or discarded, place it in the Lost Souls pile instead of
    the discard pile." Here a card the Marquise spends to Overwork."""
    sc = sc2()
    sc.warriors("marquise", 8, 1).building("sawmill", 8).hand("marquise", [FOX_A])
    g = sc.start("marquise", at="marquise_actions")
    _overwork(g, FOX_A)
    assert loc(g, FOX_A) == LOC_LOST_SOULS
    d = g.to_dict()
    assert d["lost_souls"] == ["Anvil (fox)"] and d["discard"] == []


def test_law_10_2_6_any_player_can_inspect_lost_souls_and_the_revealed_cards():
    """10.2.6: "The Lost Souls pile can be inspected by any player at any time"; revealed cards are face
    up (10.5). Both are in another player's information view; the Cult's hand is not."""
    sc = sc5()
    sc.lost_souls([FOX_A]).revealed([RABBIT_A]).hand("lizards", [MOUSE_A])
    g = sc.start("lizards", at="lizards_daylight")
    view = g.information_view("marquise")
    assert view["lost_souls"] == ["Anvil (fox)"]
    assert view["lizards"]["revealed"] == ["A Visit to Friends (rabbit)"]
    assert view["hands"]["lizards"]["size"] == 1 and view["hands"]["lizards"]["known_cards"] == []


def test_law_10_2_6_a_spent_dominance_card_goes_to_lost_souls_not_available():
    """10.2.6: "(even a dominance card)": spent for its suit, it goes to Lost Souls, not near the map."""
    sc = sc2()
    sc.warriors("marquise", 8, 1).building("sawmill", 8).hand("marquise", [DOM_FOX])
    g = sc.start("marquise", at="marquise_actions")
    _overwork(g, DOM_FOX)
    assert loc(g, DOM_FOX) == LOC_LOST_SOULS
    assert g.to_dict()["available_dominance"] == []


def test_law_10_2_6_hand_limit_discards_go_to_lost_souls():
    """10.2.6: cards discarded down to the hand limit go to Lost Souls, a dominance card too (and it
    becomes available only at the Cult's next Birdsong, 10.4.2)."""
    sc = sc2()
    hand = [FOX_A, FOX_B, RABBIT_A, RABBIT_B, MOUSE_A, DOM_RABBIT]
    sc.hand("marquise", hand)
    g = sc.start("marquise", at="evening")
    assert g.decision == "discard (hand limit)"  # six cards and the one drawn
    do(g, card(DOM_RABBIT))
    assert loc(g, DOM_RABBIT) == LOC_LOST_SOULS
    assert g.to_dict()["discard"] == [] and g.to_dict()["available_dominance"] == []
    do(g, card(FOX_A))
    # The Marquise's turn is over; the Cult's Birdsong discarded the Lost Souls pile.
    assert g.active == "lizards"
    assert loc(g, FOX_A) == LOC_DISCARD and loc(g, DOM_RABBIT) == LOC_AVAILABLE


def test_law_10_2_6_a_crafted_favor_card_goes_to_lost_souls():
    """10.2.6: an immediate card discarded after crafting goes to Lost Souls."""
    sc = sc2()
    for n in (1, 6, 8):
        sc.building("workshop", n)
    sc.hand("marquise", [FAVOR_FOXES])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_FOXES))
    assert loc(g, FAVOR_FOXES) == LOC_LOST_SOULS


def test_law_10_2_6_without_the_cult_cards_go_to_the_discard_pile():
    """10.2.6 applies only with the Cult in play; otherwise 2.1.3 and 3.3.3 as usual."""
    sc = Scenario(("marquise", "eyrie", "alliance"), seed=1)
    sc.warriors("marquise", 8, 1).building("sawmill", 8).hand("marquise", [FOX_A, DOM_FOX])
    g = sc.start("marquise", at="marquise_actions")
    _overwork(g, FOX_A)
    _overwork(g, DOM_FOX)
    assert loc(g, FOX_A) == LOC_DISCARD and loc(g, DOM_FOX) == LOC_AVAILABLE


def test_law_10_2_6_a_reshuffle_takes_the_discard_pile_not_lost_souls():
    """10.2.6 / 2.1.2: an empty deck is rebuilt from the discard pile; the Lost Souls pile is no part
    of it and stays until the Cult's Birdsong (10.4.2)."""
    sc = sc2()
    sc.lost_souls([FOX_A, RABBIT_A, MOUSE_A])
    sc.empty_deck()
    g = sc.start("lizards", at="lizards_evening")  # draws one (no gardens): the deck is rebuilt
    assert hand_n(g, "lizards") == 1
    for c in (FOX_A, RABBIT_A, MOUSE_A):
        assert loc(g, c) == LOC_LOST_SOULS
    in_deck = sum(int(g.state[CARD_LOC + c]) == LOC_DECK for c in range(NCARD))
    assert in_deck == int(g.state[DECK_N]) > 0
    assert g.to_dict()["discard"] == []


# ================================================================== 10.3 setup
def _setup(factions, keep=None, roost=None, seed=1) -> Game:
    """A new game played through setup up to the Cult's first setup decision."""
    g = Game.new(factions, seed=seed)
    while g.decision not in ("setup: cult corner", "setup: outcast"):
        if g.decision == "setup: keep":
            do(g, cl(keep))
        elif g.decision == "setup: eyrie corner":
            do(g, cl(roost))
        else:
            g.apply(int(g.legal_actions()[0]))
    return g


ADJACENT = {1: (5, 9, 10), 2: (5, 6, 10), 3: (6, 7, 11), 4: (8, 9, 12)}
CORNER_SUIT = {1: "fox", 2: "mouse", 3: "rabbit", 4: "rabbit"}


def _assert_cult_corner(g: Game, corner: int) -> None:
    assert warriors(g, "lizards", corner) == 4
    assert garden(g, CORNER_SUIT[corner], corner) == 1
    for n in range(1, 13):
        want = 4 if n == corner else 1 if n in ADJACENT[corner] else 0
        assert warriors(g, "lizards", n) == want, n
    assert supply(g, "lizards") == WARRIOR_TOTAL[LIZARDS] - 7


def test_law_10_3_1_twenty_five_warriors():
    """10.3.1: "Form a supply of 25 warriors near you." """
    assert WARRIOR_TOTAL[LIZARDS] == 25
    g = _setup(("alliance", "lizards"))
    assert supply(g, "lizards") == 25 and acolytes(g) == 0
    do(g, cl(1))
    on_map = sum(warriors(g, "lizards", n) for n in range(1, 13))
    assert on_map + supply(g, "lizards") + acolytes(g) == 25


@pytest.mark.parametrize("keep, corner", [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_law_10_3_2_opposite_the_marquise_keep(keep, corner):
    """10.3.2: "In the corner clearing opposite from the Marquise's keep ... place 4 warriors and 1
    garden matching the clearing ... Then place one warrior in each adjacent clearing." """
    g = _setup(("marquise", "lizards"), keep=keep)
    assert g.decision == "setup: outcast"  # no choice to make: the corner is set
    _assert_cult_corner(g, corner)


@pytest.mark.parametrize("roost, corner", [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_law_10_3_2_opposite_the_eyrie_roost(roost, corner):
    """10.3.2: "... opposite from the ... Eyrie's starting roost" when the Marquise is not in play."""
    g = _setup(("eyrie", "lizards"), roost=roost)
    assert g.decision == "setup: outcast"
    _assert_cult_corner(g, corner)


def test_law_10_3_2_with_marquise_and_eyrie_one_of_the_two_other_corners():
    """10.3.2: "if both the Marquise and Eyrie are in play, choose one of the two other corners." """
    g = _setup(("marquise", "eyrie", "lizards"), keep=1)
    assert g.decision == "setup: cult corner" and g.current_player == "lizards"
    assert clearings_offered(g) == {2, 4}
    h = g.copy()
    do(g, cl(2))
    assert warriors(g, "lizards", 2) == 4 and garden(g, "mouse", 2) == 1
    for n in ADJACENT[2]:
        assert warriors(g, "lizards", n) == 1
    do(h, cl(4))
    assert warriors(h, "lizards", 4) == 4 and garden(h, "rabbit", 4) == 1
    assert g.decision == h.decision == "setup: outcast"


@pytest.mark.parametrize("other", ["alliance", "vagabond"])
def test_law_10_3_2_without_marquise_or_eyrie_any_corner(other):
    """10.3.2 says nothing when neither is in play (docs/rules.md, Readings): any corner."""
    g = _setup((other, "lizards"))
    assert g.decision == "setup: cult corner"
    assert clearings_offered(g) == {1, 2, 3, 4}
    do(g, cl(3))
    _assert_cult_corner(g, 3)


def test_law_10_3_3_choose_the_outcast():
    """10.3.3: "Place the outcast marker on any suit space" (its Outcast side)."""
    g = _setup(("marquise", "lizards"), keep=1)
    assert legal(g) == {opt(K.OPT_SUIT + s) for s in range(3)}
    do(g, opt(K.OPT_SUIT + SUIT["rabbit"]))
    assert outcast(g) == ("rabbit", False)
    assert g.to_dict()["lizards"]["outcast"] == "rabbit"


def test_law_10_3_4_gardens_tracks_hold_the_fourteen_others():
    """10.3.4: "Place your 14 remaining gardens on the matching spaces of your Gardens tracks." """
    g = _setup(("marquise", "lizards"), keep=2)  # the Cult in 4 (rabbit)
    assert gardens_in_supply(g, "rabbit") == 4
    assert gardens_in_supply(g, "fox") == 5 and gardens_in_supply(g, "mouse") == 5
    assert sum(gardens_in_supply(g, s) for s in ("fox", "rabbit", "mouse")) == 14
    # Building takes from the track: the track counts down as gardens go onto the map.
    sc = sc2().building("garden_rabbit", 4).building("garden_rabbit", 5).building("garden_fox", 1)
    h = sc.start("lizards", at="lizards_daylight")
    assert gardens_in_supply(h, "rabbit") == 3 and gardens_in_supply(h, "fox") == 4
    assert gardens_in_supply(h, "mouse") == 5


# ================================================================== 10.4 Birdsong
@pytest.mark.parametrize("pile, before, after", [
    ([RABBIT_A, RABBIT_B, FOX_A], ("fox", False), ("rabbit", False)),    # a new suit: Outcast side
    ([RABBIT_A, RABBIT_B, FOX_A], ("fox", True), ("rabbit", False)),     # a new suit: Outcast side again
    ([FOX_A, FOX_B, RABBIT_A], ("fox", False), ("fox", True)),           # the same suit: Hated
    ([FOX_A, FOX_B, RABBIT_A], ("fox", True), ("fox", True)),            # stays Hated
    ([FOX_A, RABBIT_A], ("mouse", False), ("mouse", True)),              # a tie: stays, Hated
    ([FOX_A, RABBIT_A, MOUSE_A], ("rabbit", True), ("rabbit", True)),    # a three-way tie, already Hated
    ([], ("mouse", False), ("mouse", True)),                              # an empty pile is a tie
    ([BIRD_A, BIRD_B, BIRD_XBOW, RABBIT_A], ("fox", False), ("rabbit", False)),  # birds ignored
    ([BIRD_A, BIRD_B], ("fox", False), ("fox", True)),                   # only birds: a tie at 0
    ([BIRD_A, BIRD_B, FOX_A, RABBIT_A], ("mouse", False), ("mouse", True)),
    ([DOM_RABBIT, RABBIT_A, FOX_A], ("fox", False), ("rabbit", False)),  # a dominance card counts by suit
])
def test_law_10_4_1_adjust_the_outcast(pile, before, after):
    """10.4.1: "The suit with the most cards [in Lost Souls, ignoring birds] becomes the new Outcast
    ... If that suit was already the Outcast, flip the marker to Hated. If no one suit had the most
    cards, the marker stays on its current suit and, if it is not Hated, flips to its Hated side." """
    sc = sc5()
    sc.outcast(*before).lost_souls(pile)
    g = sc.start("lizards", at="lizards_birdsong")
    assert outcast(g) == after
    assert g.to_dict()["lizards"]["hated"] == after[1]


def test_law_10_4_1_tie_keeps_suit_and_flips_to_hated():
    """10.4.1: "If no one suit had the most cards, the marker stays on its current suit and ... flips
    to its Hated side": two fox, two mouse, one rabbit with rabbit the Outcast."""
    sc = sc5()
    sc.outcast("rabbit").lost_souls([FOX_A, FOX_B, MOUSE_A, MOUSE_B, RABBIT_A])
    g = sc.start("lizards", at="lizards_birdsong")
    assert outcast(g) == ("rabbit", True)


def test_law_10_4_2_lost_souls_to_the_discard_pile_dominance_available():
    """10.4.2: "Discard all of the cards in the Lost Souls pile to the discard pile. (Dominance cards
    become available to take.)" """
    sc = sc5()
    sc.lost_souls([FOX_A, BIRD_A, DOM_RABBIT])
    g = sc.start("lizards", at="lizards_birdsong")
    assert lost_souls(g) == []
    assert loc(g, FOX_A) == LOC_DISCARD and loc(g, BIRD_A) == LOC_DISCARD
    assert loc(g, DOM_RABBIT) == LOC_AVAILABLE
    d = g.to_dict()
    assert d["lost_souls"] == [] and d["available_dominance"] == ["Dominance (rabbit)"]
    assert sorted(d["discard"]) == ["Anvil (fox)", "Arms Trader (bird)"]


def test_law_10_4_2_an_available_dominance_can_then_be_taken():
    """10.4.2 then 3.3.4: once available, any player may take the dominance card in Daylight."""
    sc = sc5()
    sc.lost_souls([DOM_RABBIT]).hand("lizards", [RABBIT_A])
    g = sc.start("lizards", at="lizards_birdsong")
    while g.decision != "cult: ritual":
        do(g, K.A_DONE)
    do(g, opt(K.OPT_TAKE_DOMINANCE), card(DOM_RABBIT), card(RABBIT_A))
    assert loc(g, DOM_RABBIT) == LOC_HAND + LIZARDS
    assert loc(g, RABBIT_A) == LOC_LOST_SOULS  # the card paid is spent (10.2.6)


# ------------------------------------------------------------------ 10.4.3 conspiracies
def _conspiracy_board(sc: Scenario) -> Scenario:
    """Fox Outcast; in fox clearing 8 the Cult has 2 warriors, the Marquise 2 warriors and a sawmill."""
    return sc.outcast("fox").warriors("lizards", 8, 2).warriors("marquise", 8, 2).building("sawmill", 8)


@pytest.mark.parametrize("name, hated, cost", [("crusade", False, 2), ("convert", False, 2), ("sanctify", False, 3),
                                               ("crusade", True, 1), ("convert", True, 1), ("sanctify", True, 2)])
def test_law_10_4_3_conspiracy_costs_and_the_hated_discount(name, hated, cost):
    """10.4.3: Crusade and Convert cost two acolytes, Sanctify three; "If the Outcast is Hated, the
    conspiracy costs one fewer acolyte." Spent acolytes return to the supply."""
    sc = _conspiracy_board(sc2()).outcast("fox", hated).acolytes(cost - 1)
    g = sc.start("lizards", at="lizards_conspiracies")
    assert conspiracy(name) not in legal(g)
    sc.acolytes(cost)
    g = sc.start("lizards", at="lizards_conspiracies")
    assert g.decision == "cult: conspiracy" and conspiracy(name) in legal(g)
    before = supply(g, "lizards")
    do(g, conspiracy(name))
    assert acolytes(g) == 0
    assert supply(g, "lizards") == before + cost


def test_law_10_4_3_conspiracies_only_in_outcast_clearings():
    """10.4.3: conspiracies are performed "in clearings matching the Outcast"."""
    sc = sc2()
    sc.outcast("rabbit").acolytes(9)
    for n in (5, 1):  # rabbit 5 (the Outcast), fox 1: the Cult rules both
        sc.warriors("lizards", n, 3).warriors("marquise", n, 1)
    sc.building("workshop", 5).building("sawmill", 1)
    g = sc.start("lizards", at="lizards_conspiracies")
    for name in ("convert", "sanctify"):
        h = g.copy()
        do(h, conspiracy(name))
        assert h.decision == "cult: conspiracy where"
        assert clearings_offered(h) == {5}, name
        assert K.A_DONE not in legal(h)  # 10.4.3: Convert and Sanctify must be completed
    h = g.copy()
    do(h, conspiracy("crusade"), opt(K.OPT_BATTLE))
    assert h.decision == "battle: where" and clearings_offered(h) == {5}
    h = g.copy()
    do(h, conspiracy("crusade"), opt(K.OPT_MOVE))
    assert h.decision == "move: from" and clearings_offered(h) == {5}


def test_law_10_4_3_i_crusade_battle():
    """10.4.3.I: "Spend two acolytes to initiate a battle in an Outcast clearing"."""
    sc = sc2(3)
    sc.outcast("fox").acolytes(2).warriors("lizards", 8, 3).warriors("marquise", 8, 2)
    g = sc.start("lizards", at="lizards_conspiracies")
    do(g, conspiracy("crusade"), opt(K.OPT_BATTLE))
    assert clearings_offered(g) == {8}
    do(g, cl(8))
    battle_against_marquise(g, 8, cult=3, marquise=2)
    assert acolytes(g) == 0


def test_law_10_4_3_i_crusade_move_then_battle_in_the_destination():
    """10.4.3.I: "... OR to move at least one warrior from an Outcast clearing and then, if you wish,
    initiate a battle in the destination clearing." """
    sc = sc2(3)
    sc.outcast("rabbit").acolytes(2).warriors("lizards", 5, 3).warriors("marquise", 1, 1)
    g = sc.start("lizards", at="lizards_conspiracies")
    do(g, conspiracy("crusade"))
    assert legal(g) == {opt(K.OPT_MOVE)}  # no battle possible in a rabbit clearing
    do(g, opt(K.OPT_MOVE), cl(5), cl(1), K.A_COUNT + 2 - 1)
    assert warriors(g, "lizards", 1) == 2 and warriors(g, "lizards", 5) == 1
    assert g.decision == "crusade: battle there?"
    assert legal(g) == {cl(1), K.A_DONE}  # fox clearing 1: the battle need not be in an Outcast clearing
    do(g, cl(1))
    battle_against_marquise(g, 1, cult=2, marquise=1)


def test_law_10_4_3_i_crusade_move_without_battle():
    """10.4.3.I: the battle after the move is optional."""
    sc = sc2()
    sc.outcast("rabbit").acolytes(2).warriors("lizards", 5, 3).warriors("marquise", 1, 1)
    g = sc.start("lizards", at="lizards_conspiracies")
    do(g, conspiracy("crusade"), opt(K.OPT_MOVE), cl(5), cl(1), K.A_COUNT + 1 - 1)
    do(g, K.A_DONE)
    assert warriors(g, "marquise", 1) == 1 and warriors(g, "lizards", 1) == 1
    assert acolytes(g) == 0


def test_law_10_4_3_ii_convert_removes_an_enemy_warrior_and_places_one():
    """10.4.3.II: "Spend two acolytes to remove an enemy warrior from an Outcast clearing and then
    place one warrior there." No Cult piece needs to be there."""
    sc = sc5()
    sc.outcast("fox").acolytes(2).warriors("marquise", 8, 2).warriors("eyrie", 8, 1)
    g = sc.start("lizards", at="lizards_conspiracies")
    lz = supply(g, "lizards")
    do(g, conspiracy("convert"), cl(8))
    assert g.decision == "convert: whose warrior" and legal(g) == {faction("marquise"), faction("eyrie")}
    do(g, faction("eyrie"))
    assert warriors(g, "eyrie", 8) == 0 and warriors(g, "marquise", 8) == 2
    assert warriors(g, "lizards", 8) == 1
    assert supply(g, "lizards") == lz + 2 - 1  # two acolytes back, one warrior placed
    assert vp(g, "lizards") == 0  # a warrior scores nothing (3.2.1)


def test_law_10_4_3_iii_sanctify_removes_an_enemy_building_and_places_a_matching_garden():
    """10.4.3.III: "Spend three acolytes to remove an enemy building from an Outcast clearing and
    then place a garden of matching suit there." The removal scores one VP (3.2.1)."""
    sc = sc2()
    sc.outcast("fox").acolytes(3).building("sawmill", 8).building("workshop", 8)
    g = sc.start("lizards", at="lizards_conspiracies")
    do(g, conspiracy("sanctify"), cl(8))
    assert g.decision == "sanctify: which building"
    assert legal(g) == {piece("sawmill"), piece("workshop")}
    do(g, piece("workshop"))
    c8 = g.to_dict()["clearings"][8 - 1]["buildings"]
    assert sorted(c8) == ["garden_fox", "sawmill"]
    assert vp(g, "lizards") == 1
    assert gardens_in_supply(g, "fox") == 4
    assert acolytes(g) == 0


def test_law_10_4_3_iii_sanctify_an_alliance_base():
    """10.4.3.III with 8.2.4: a sanctified base is removed like any other: its suit's and the bird
    supporters are discarded (to Lost Souls, 10.2.6), half the officers go."""
    sc = sc5()
    sc.outcast("fox").acolytes(3).building("base_fox", 8).building("base_rabbit", 5)
    sc.supporters([FOX_A, BIRD_A, RABBIT_A]).officers(2)
    g = sc.start("lizards", at="lizards_conspiracies")
    do(g, conspiracy("sanctify"), cl(8), piece("base_fox"))
    assert g.to_dict()["clearings"][8 - 1]["buildings"] == ["garden_fox"]
    assert vp(g, "lizards") == 1
    assert loc(g, FOX_A) == LOC_LOST_SOULS and loc(g, BIRD_A) == LOC_LOST_SOULS
    assert loc(g, RABBIT_A) == LOC_SUPPORTERS
    assert g.to_dict()["alliance"]["officers"] == 1


def test_law_10_4_3_conspiracies_in_any_order_and_combination():
    """10.4.3: conspiracies "in any order and combination": two Converts, then a Crusade, in one Birdsong."""
    sc = sc2(2)
    sc.outcast("fox", hated=True).acolytes(3).warriors("marquise", 8, 3).warriors("lizards", 8, 1)
    g = sc.start("lizards", at="lizards_conspiracies")
    do(g, conspiracy("convert"), cl(8), faction("marquise"))
    assert g.decision == "cult: conspiracy"
    do(g, conspiracy("convert"), cl(8), faction("marquise"))
    assert warriors(g, "marquise", 8) == 1 and warriors(g, "lizards", 8) == 3
    assert acolytes(g) == 1  # Hated: one each
    do(g, conspiracy("crusade"), opt(K.OPT_BATTLE), cl(8))
    battle_against_marquise(g, 8, cult=3, marquise=1)
    assert acolytes(g) == 0


def test_law_10_4_3_sanctify_not_offered_without_a_garden_of_that_suit():
    """10.4.3: "If you perform ... Sanctify, you must complete the conspiracy": with all five fox
    gardens on the map it cannot be, so it is not offered."""
    sc = sc2()
    sc.outcast("fox").acolytes(3).ruins(12, 0)
    sc.building("sawmill", 12).building("garden_fox", 12)
    sc.building("garden_fox", 1).building("garden_fox", 6).building("garden_fox", 8, 2)
    g = sc.start("lizards", at="lizards_conspiracies")
    assert conspiracy("sanctify") not in legal(g)
    sc.building("garden_fox", 8, 1)  # four on the map: one left on the track
    g = sc.start("lizards", at="lizards_conspiracies")
    assert conspiracy("sanctify") in legal(g)


def test_law_10_4_3_convert_and_sanctify_not_offered_in_the_keep_clearing():
    """10.4.3 with 6.2.2: only the Marquise places pieces in the keep's clearing, so Convert and
    Sanctify cannot be completed there."""
    sc = sc2()
    sc.outcast("fox").acolytes(3).token("keep", 1).building("sawmill", 1).warriors("marquise", 1, 2)
    g = sc.start("lizards", at="lizards_conspiracies")
    assert conspiracy("convert") not in legal(g) and conspiracy("sanctify") not in legal(g)
    sc.warriors("marquise", 8, 1).building("workshop", 8)
    g = sc.start("lizards", at="lizards_conspiracies")
    assert conspiracy("convert") in legal(g) and conspiracy("sanctify") in legal(g)
    do(g, conspiracy("convert"))
    assert clearings_offered(g) == {8}


def test_law_10_4_3_the_vagabonds_coalition_partner_is_still_the_cults_enemy():
    """10.4.3 / 2.7: only the Vagabond and his partner stop being enemies; the Marquise in a coalition
    with the Vagabond is still the Cult's enemy, to Convert and Sanctify."""
    sc = sc5()
    sc.vagabond("thief", at="forest 1").coalition("marquise")
    sc.outcast("fox").acolytes(5).warriors("marquise", 8, 1).building("sawmill", 8)
    g = sc.start("lizards", at="lizards_conspiracies")
    assert conspiracy("convert") in legal(g) and conspiracy("sanctify") in legal(g)


def test_law_2_7_the_vagabonds_favor_spares_his_partner_cult():
    """2.7: a coalition partner is not an enemy: the Vagabond's Favor card leaves the partner Cult's
    warriors and gardens (and so no Fear of the Faithful)."""
    sc = sc5()
    sc.vagabond("thief", at=1).vb_items("ready", hammer=3).coalition("lizards")
    sc.warriors("lizards", 8, 2).building("garden_fox", 8).hand("lizards", [RABBIT_A])
    sc.warriors("marquise", 12, 1)
    sc.hand("vagabond", [FAVOR_FOXES])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, card(FAVOR_FOXES))
    assert warriors(g, "lizards", 8) == 2 and garden(g, "fox", 8) == 1
    assert loc(g, RABBIT_A) == LOC_HAND + LIZARDS
    assert warriors(g, "marquise", 12) == 0


# ================================================================== 10.5 Daylight: rituals
def test_law_10_5_1_build_in_a_ruled_clearing_matching_the_card():
    """10.5.1: "In a clearing you rule matching the revealed card, place a matching garden." """
    sc = sc2()
    sc.warriors("lizards", 5, 2).warriors("marquise", 5, 1)   # rabbit, ruled
    sc.warriors("lizards", 10, 1).warriors("marquise", 10, 2)  # rabbit, not ruled
    sc.warriors("lizards", 1, 3)                              # fox, ruled
    sc.hand("lizards", [RABBIT_A, FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_BUILD), card(RABBIT_A))
    assert g.decision == "ritual: where" and clearings_offered(g) == {5}
    do(g, cl(5))
    assert garden(g, "rabbit", 5) == 1 and gardens_in_supply(g, "rabbit") == 4
    assert loc(g, RABBIT_A) == LOC_REVEALED
    assert hand_n(g, "lizards") == 1
    assert g.decision == "cult: ritual"


def test_law_10_5_1_build_needs_a_garden_of_that_suit_and_an_open_slot():
    """10.5.1: no garden left on the rabbit track, or no open slot: no rabbit Build."""
    sc = sc2()
    sc.building("garden_rabbit", 3).building("garden_rabbit", 4).building("garden_rabbit", 5, 2)
    sc.building("garden_rabbit", 10)  # all five on the map; every rabbit slot full
    sc.warriors("lizards", 1, 1).building("sawmill", 1)  # fox 1: one slot, full
    sc.hand("lizards", [RABBIT_A, FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    assert opt(K.OPT_BUILD) not in legal(g)


def test_law_10_5_2_recruit_in_any_matching_clearing():
    """10.5.2: "In a clearing matching the revealed card, place a warrior." Ruling is not needed."""
    sc = sc2()
    sc.warriors("marquise", 7, 3).hand("lizards", [MOUSE_A])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_RECRUIT), card(MOUSE_A))
    assert clearings_offered(g) == {2, 7, 9, 11}
    sc = sc2().token("keep", 2).hand("lizards", [MOUSE_A])  # 6.2.2: not where the keep is
    h = sc.start("lizards", at="lizards_daylight")
    do(h, opt(K.OPT_RECRUIT), card(MOUSE_A))
    assert clearings_offered(h) == {7, 9, 11}
    do(g, cl(7))
    assert warriors(g, "lizards", 7) == 1 and supply(g, "lizards") == WARRIOR_TOTAL[LIZARDS] - 1
    assert loc(g, MOUSE_A) == LOC_REVEALED


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_law_10_5_3_score_the_vp_above_the_rightmost_empty_space(n):
    """10.5.3: "Spend the same card you reveal (placing in Lost Souls) to score the victory points
    listed above the rightmost empty Gardens space": [0, 2, 2, 3, 4] by gardens of the suit on the
    map (expansion_numbers.md section 1); a single garden scores 0 (section 5, reading 1)."""
    assert list(LZ_GARDEN_VP) == [0, 2, 2, 3, 4]
    sc = sc2()
    for c in (3, 4, 5, 10, 5)[:n]:
        sc.building("garden_rabbit", c, 2 if (c == 5 and n == 5) else 1)
    sc.hand("lizards", [RABBIT_A])
    g = sc.start("lizards", at="lizards_daylight")
    assert gardens_in_supply(g, "rabbit") == 5 - n
    do(g, opt(K.OPT_SCORE), card(RABBIT_A))
    assert vp(g, "lizards") == [0, 2, 2, 3, 4][n - 1]
    assert g.to_dict()["vp_sources"]["lizards"]["gardens"] == [0, 2, 2, 3, 4][n - 1]
    assert loc(g, RABBIT_A) == LOC_LOST_SOULS
    assert g.to_dict()["lizards"]["scored_this_turn"] == ["rabbit"]


def test_law_10_5_3_score_needs_a_garden_of_the_suit():
    """10.5.3: with no garden of the suit on the map there is no space to score from."""
    sc = sc2()
    sc.building("garden_fox", 1).hand("lizards", [RABBIT_A, FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_SCORE))
    assert cards_offered(g) == {card(FOX_A)}


def test_law_10_5_3_score_once_per_turn_per_suit():
    """10.5.3: "You may perform this only once per turn per suit." """
    sc = sc2()
    sc.building("garden_rabbit", 5).building("garden_rabbit", 4).building("garden_fox", 1).building("garden_fox", 8)
    sc.hand("lizards", [RABBIT_A, RABBIT_B, FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_SCORE), card(RABBIT_A))
    assert vp(g, "lizards") == 2
    do(g, opt(K.OPT_SCORE))
    assert cards_offered(g) == {card(FOX_A)}  # rabbit already scored this turn
    do(g, card(FOX_A))
    assert vp(g, "lizards") == 4
    assert opt(K.OPT_SCORE) not in legal(g)
    assert int(g.state[LZ_SCORED]) == (1 << SUIT["rabbit"]) | (1 << SUIT["fox"])
    # A scored suit from earlier this turn (Scenario.scored) blocks it too.
    sc2_ = sc2().building("garden_rabbit", 5).hand("lizards", [RABBIT_A]).scored("rabbit")
    h = sc2_.start("lizards", at="lizards_daylight")
    assert opt(K.OPT_SCORE) not in legal(h)


def test_law_10_5_3_the_score_limit_resets_each_turn():
    """10.5.3 "once per turn": a suit scored this turn can be scored again the Cult's next turn."""
    sc = sc2()
    sc.building("garden_rabbit", 5).building("garden_rabbit", 4).hand("lizards", [RABBIT_A, RABBIT_B])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_SCORE), card(RABBIT_A))
    assert opt(K.OPT_SCORE) not in legal(g)
    do(g, K.A_DONE)
    while not (g.active == "lizards" and g.decision == "cult: ritual"):
        g.apply(int(g.legal_actions()[0]))
    assert int(g.state[LZ_SCORED]) == 0
    assert opt(K.OPT_SCORE) in legal(g)
    do(g, opt(K.OPT_SCORE), card(RABBIT_B))
    assert vp(g, "lizards") == 4


def test_law_10_5_4_sacrifice_puts_a_supply_warrior_in_the_acolytes_box():
    """10.5.4: "Place a warrior in the Acolytes box. To perform this, you must reveal a bird card."
    The warrior comes from the supply (expansion_numbers.md section 1, current Law)."""
    sc = sc2()
    sc.warriors("lizards", 1, 2).hand("lizards", [BIRD_A, FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_SACRIFICE))
    assert cards_offered(g) == {card(BIRD_A)}
    do(g, card(BIRD_A))
    assert acolytes(g) == 1
    assert supply(g, "lizards") == WARRIOR_TOTAL[LIZARDS] - 3
    assert warriors(g, "lizards", 1) == 2  # not from the map
    assert loc(g, BIRD_A) == LOC_REVEALED


def test_law_10_5_4_sacrifice_needs_a_warrior_in_supply():
    """10.5.4 (reading: from the supply): with no warrior in supply, no Sacrifice."""
    sc = sc2()
    sc.warriors("lizards", 1, 20).warriors("lizards", 5, 5).hand("lizards", [BIRD_A])
    g = sc.start("lizards", at="lizards_daylight")
    assert supply(g, "lizards") == 0
    assert opt(K.OPT_SACRIFICE) not in legal(g)


def test_law_10_5_revealed_cards_cannot_be_used_for_anything_else_in_daylight():
    """10.5: "Revealed cards cannot be used for any other purposes during Daylight": out of the
    hand, not revealed again, not spent to take a dominance card."""
    sc = sc5()
    sc.available_dominance(DOM_FOX).hand("lizards", [FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    assert opt(K.OPT_TAKE_DOMINANCE) in legal(g)
    do(g, opt(K.OPT_RECRUIT), card(FOX_A), cl(1))
    assert loc(g, FOX_A) == LOC_REVEALED and hand_n(g, "lizards") == 0
    assert g.to_dict()["hands"]["lizards"] == []
    assert g.to_dict()["lizards"]["revealed"] == ["Anvil (fox)"]
    assert legal(g) == {K.A_DONE}  # no ritual and no dominance card with the revealed fox card


def test_law_10_5_revealed_cards_are_public():
    """10.5: revealed cards are placed "face up in front of you": every player knows them."""
    sc = sc5()
    sc.hand("lizards", [FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_RECRUIT), card(FOX_A), cl(1))
    assert int(g.state[CARD_KNOWN + card_id(FOX_A)]) == (1 << NF) - 1


def test_law_10_5_one_ritual_per_revealed_card_in_any_order():
    """10.5: "perform one ritual per card revealed, in any order and combination"."""
    sc = sc2()
    sc.warriors("lizards", 5, 1)
    sc.hand("lizards", [RABBIT_A, RABBIT_B, BIRD_A])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_RECRUIT), card(RABBIT_A), cl(5))
    do(g, opt(K.OPT_BUILD), card(RABBIT_B), cl(5))
    do(g, opt(K.OPT_SACRIFICE), card(BIRD_A))
    assert warriors(g, "lizards", 5) == 2 and garden(g, "rabbit", 5) == 1 and acolytes(g) == 1
    assert legal(g) == {K.A_DONE}
    assert all(loc(g, c) == LOC_REVEALED for c in (RABBIT_A, RABBIT_B, BIRD_A))


# ================================================================== 10.6 Evening
def test_law_10_6_1_revealed_cards_return_to_hand():
    """10.6.1: "Return all cards that you revealed to your hand." """
    sc = sc5()
    sc.revealed([FOX_A, RABBIT_A]).hand("lizards", [MOUSE_A])
    g = sc.start("lizards", at="lizards_evening")
    for c in (FOX_A, RABBIT_A, MOUSE_A):
        assert loc(g, c) == LOC_HAND + LIZARDS
    assert hand_n(g, "lizards") == 3 + 1  # and one drawn (10.6.3)
    assert g.to_dict()["lizards"]["revealed"] == []
    # Everyone saw them revealed: still known to all.
    assert int(g.state[CARD_KNOWN + card_id(FOX_A)]) == (1 << NF) - 1


def test_law_10_6_1_the_daylight_ends_with_the_revealed_cards_returning():
    """10.5 then 10.6.1: a card revealed in Daylight is back in hand after Evening, unless spent to Score."""
    sc = sc2()
    sc.building("garden_fox", 1).hand("lizards", [FOX_A, FOX_B])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_RECRUIT), card(FOX_A), cl(1))
    do(g, opt(K.OPT_SCORE), card(FOX_B))
    do(g, K.A_DONE)
    while g.active == "lizards" and g.decision == "cult: craft":
        do(g, K.A_DONE)
    assert loc(g, FOX_A) == LOC_HAND + LIZARDS
    assert loc(g, FOX_B) == LOC_LOST_SOULS


@pytest.mark.parametrize("gardens, draws", [
    ({}, 1),
    ({"fox": 1, "rabbit": 1, "mouse": 1}, 1),
    ({"fox": 2}, 2),
    ({"fox": 2, "rabbit": 3}, 3),
    ({"fox": 2, "rabbit": 2, "mouse": 2}, 4),
    ({"fox": 4, "rabbit": 5, "mouse": 3}, 4),
])
def test_law_10_6_3_draw_one_plus_one_per_uncovered_draw_bonus(gardens, draws):
    """10.6.3: "Draw one card, plus one card per uncovered draw bonus": a bonus on the 2nd space of
    every suit, uncovered by 2 gardens of the suit on the map (expansion_numbers.md section 1)."""
    where = {"fox": [1, 6, 8, 8, 12], "rabbit": [3, 4, 5, 5, 10], "mouse": [2, 2, 7, 7, 9]}
    sc = sc2().outcast("fox")
    for suit, n in gardens.items():
        for c in where[suit][:n]:
            sc.building(f"garden_{suit}", c, where[suit][:n].count(c))
    g = sc.start("lizards", at="lizards_evening")
    assert hand_n(g, "lizards") == draws


@pytest.mark.parametrize("rabbit, draws", [(2, 2), (3, 3)])
def test_law_10_6_3_first_printing_draw_bonus_positions(rabbit, draws):
    """10.6.3 with the first printing's board (option): the rabbit bonus on the 3rd space."""
    sc = sc2()
    sc.building("garden_fox", 1).building("garden_fox", 8)
    for c in (3, 4, 5)[:rabbit]:
        sc.building("garden_rabbit", c)
    sc.state[OPTIONS + O_LZ_FIRST_PRINTING] = 1
    g = sc.start("lizards", at="lizards_evening")
    assert hand_n(g, "lizards") == draws


def test_law_10_6_3_discard_down_to_five_into_lost_souls():
    """10.6.3: "if you have more than five cards in your hand, discard cards of your choice until you
    have five" (to Lost Souls, 10.2.6)."""
    sc = sc2()
    sc.building("garden_fox", 1).building("garden_fox", 8)  # one bonus: draw two
    hand = [FOX_C, RABBIT_B, RABBIT_C, MOUSE_B, MOUSE_C]
    sc.hand("lizards", hand)
    g = sc.start("lizards", at="lizards_evening")
    assert g.decision == "discard (hand limit)" and g.current_player == "lizards"
    assert hand_n(g, "lizards") == 7
    do(g, card(RABBIT_B))
    do(g, card(MOUSE_B))
    assert hand_n(g, "lizards") == 5
    assert loc(g, RABBIT_B) == LOC_LOST_SOULS and loc(g, MOUSE_B) == LOC_LOST_SOULS
    assert g.active != "lizards"


# ================================================================== others meeting the Cult
def test_law_8_2_6_outrage_when_the_cult_moves_into_a_sympathetic_clearing():
    """8.2.6: warriors of another player moving into a sympathetic clearing cause Outrage; the Cult pays
    a matching card (birds are wild here: 10.2.2 is about rituals), added to the Supporters stack."""
    sc = sc5()
    sc.outcast("fox").acolytes(2).warriors("lizards", 1, 2).token("sympathy", 5)
    sc.hand("lizards", [RABBIT_A, BIRD_A, FOX_A])
    g = sc.start("lizards", at="lizards_conspiracies")
    do(g, conspiracy("crusade"), opt(K.OPT_MOVE), cl(1), cl(5), K.A_COUNT + 1 - 1)
    assert g.decision == "outrage: card" and g.current_player == "lizards"
    assert legal(g) == {card(RABBIT_A), card(BIRD_A)}
    do(g, card(BIRD_A))
    assert loc(g, BIRD_A) == LOC_SUPPORTERS
    assert g.decision == "crusade: battle there?"


def test_law_8_2_6_no_outrage_for_placing_a_cult_warrior():
    """8.2.6 names moving, not placing: a Recruit ritual in a sympathetic clearing causes no Outrage."""
    sc = sc5()
    sc.token("sympathy", 5).hand("lizards", [RABBIT_A, FOX_A])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_RECRUIT), card(RABBIT_A), cl(5))
    assert g.decision == "cult: ritual"
    assert loc(g, FOX_A) == LOC_HAND + LIZARDS


def test_law_3_2_1_gardens_are_buildings_for_a_favor_card():
    """3.2.1 with a Favor card: a garden is an enemy building; removing it scores one VP, and Fear of
    the Faithful (10.2.5) follows."""
    sc = sc2()
    for n in (1, 6, 8):
        sc.building("workshop", n)
    sc.building("garden_fox", 12).warriors("lizards", 12, 1).hand("lizards", [MOUSE_A])
    sc.hand("marquise", [FAVOR_FOXES])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_FOXES))
    assert garden(g, "fox", 12) == 0 and gardens_in_supply(g, "fox") == 5
    assert vp(g, "marquise") == 1
    assert loc(g, MOUSE_A) == LOC_LOST_SOULS


def test_law_3_2_1_gardens_are_buildings_for_battle_removal_vp():
    """3.2.1: removing a garden in battle scores one VP, as any building."""
    for seed in range(1, 5):
        sc = sc5(seed)
        sc.building("garden_fox", 8).building("garden_fox", 8, 2).warriors("marquise", 8, 3)
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(8), faction("lizards"))
        finish_hits(g)
        removed = 2 - garden(g, "fox", 8)
        assert removed >= 1
        assert vp(g, "marquise") == removed, seed


def test_law_9_5_6_the_vagabond_strikes_a_garden_only_without_cult_warriors():
    """9.5.6: Strike removes a warrior, or a building only where the faction has no warriors: a
    garden is a building; it scores one VP (3.2.1) and the Cult discards (10.2.5)."""
    sc = sc5()
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=2)
    sc.warriors("lizards", 5, 1).building("garden_rabbit", 5).hand("lizards", [FOX_A])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_STRIKE))
    assert legal(g) == {faction("lizards")}  # a warrior first
    do(g, faction("lizards"))
    do(g, opt(K.OPT_STRIKE))
    assert legal(g) == {piece("garden_rabbit")}
    do(g, piece("garden_rabbit"))
    assert garden(g, "rabbit", 5) == 0
    assert vp(g, "vagabond") == 1
    assert loc(g, FOX_A) == LOC_LOST_SOULS


def test_law_9_2_9_the_vagabond_aids_the_cult():
    """9.2.9.I: the Vagabond's relationship track covers the Cult like any other faction."""
    sc = sc5()
    sc.vagabond("thief", at=5).vb_items("ready", boot=1)
    sc.building("garden_rabbit", 5).hand("vagabond", [RABBIT_A])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_AID), faction("lizards"), card(RABBIT_A))
    if g.decision == "aid: exhaust":
        do(g, item("boot"))
    if g.decision == "aid: take item":
        do(g, K.A_DONE)
    assert loc(g, RABBIT_A) == LOC_HAND + LIZARDS
    assert rel(g, "lizards") == "amiable 1" and vp(g, "vagabond") == 1

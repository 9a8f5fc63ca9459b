"""The readings the project chose where the Law's text leaves room (README, "Rule coverage"): one test
per reading, named by the rule it reads.

Clearings are written by their printed number (1..12, Autumn map): fox 1, 6, 8, 12; rabbit 3, 4, 5, 10;
mouse 2, 7, 9, 11; 1 is adjacent to 5, 9, 10 and 2 to 5, 6, 10.
"""
from __future__ import annotations

from root_env import codes as K
from root_env.data import BT_ROOST, TT_KEEP, PIECE_NAMES, CRUSADE
from root_env.engine.observe import OBS_FIELDS
from root_env.layout import REG, R_B_ROLL_ATT, TOKENS, NC, AL_OFFICERS, CARD_LOC, LOC_LOST_SOULS
from root_env.scenario import Scenario, card_id
from rules_helpers import (FOUR, C, CARD, OPT, building, do, faction, hand_n, in_discard, in_hand, legal, next_dice, sc4,
                           supply, vp, warriors)

VIZIER = OPT(K.OPT_VIZIER)
DOM_FOX = ("Dominance", "fox")
DOM_BIRD = ("Dominance", "bird")


def obs_vp(g, viewer: str, of: str) -> float:
    """The VP of `of` as `viewer` observes it."""
    k = 0
    for name, size in OBS_FIELDS:
        if name == "vp":
            return float(g.observe(viewer)[k + FOUR.index(of)])
        k += size
    raise AssertionError("no vp field")


# ------------------------------------------------------------------ Stand and Deliver!
def test_law_4_1_3_stand_and_deliver_once_per_birdsong_whatever_the_target():
    # The card reads "In Birdsong, you may take a random card from another player": one take. Where
    # the Law lets an action repeat within a step it says so ("any number of times", 8.4.1, 8.4.2).
    sc = Scenario(("marquise", "eyrie", "alliance"), seed=1)
    sc.crafted("marquise", ("Stand and Deliver!", "fox")).warriors("marquise", 1, 1)
    sc.hand("eyrie", [("Anvil", "fox"), ("Bake Sale", "rabbit")])
    sc.hand("alliance", [("Sword", "mouse"), ("Investments", "mouse")])
    g = sc.start("marquise", at="birdsong")
    do(g, OPT(K.OPT_STAND_AND_DELIVER), faction("eyrie"))
    assert hand_n(g, "marquise") == 1 and vp(g, "eyrie") == 1
    # Neither again before the Marquise's own Birdsong step nor after it, from any other player.
    while g.phase == "birdsong":
        assert OPT(K.OPT_STAND_AND_DELIVER) not in legal(g)
        do(g, K.A_DONE)
    assert hand_n(g, "alliance") == 2 and hand_n(g, "eyrie") == 1 and hand_n(g, "marquise") == 1


# ------------------------------------------------------------------ frozen VP under a dominance card
def _turmoil_with_dominance(vp_start: int):
    """Eyrie with an activated dominance card and a Decree that falls into turmoil (one bird card
    and the two viziers: three VP of Humiliate)."""
    sc = sc4()
    sc.leader("despot").vp("eyrie", vp_start).active_dominance("eyrie", DOM_FOX)
    sc.building("roost", 7).warriors("eyrie", 7, 1).building("roost", 3).building("roost", 9)
    sc.decree("recruit", [("Mouse-in-a-Sack", "mouse")]).decree("move", [("Anvil", "fox"), ("Armorers", "bird")])
    return sc.start("eyrie", at="eyrie_decree")


def test_law_3_3_1_turmoil_does_not_lower_the_vp_of_a_player_with_an_activated_dominance_card():
    # 3.3.1 "Remove your score marker from the score track. You can no longer score victory points":
    # Humiliate (7.7.1) has no marker on the track to move, so the VP stay where they were.
    g = _turmoil_with_dominance(12)
    do(g, CARD("Mouse-in-a-Sack", "mouse"), C(7))
    do(g, CARD("Anvil", "fox"))  # no Eyrie warrior in a fox clearing: turmoil
    assert g.decision == "choose leader"
    assert vp(g, "eyrie") == 12 and g.vp["eyrie"] == 12
    for viewer in FOUR:
        assert obs_vp(g, viewer, "eyrie") == 12
    do(g, OPT(K.OPT_LEADER + 2))
    assert vp(g, "eyrie") == 12  # nor does the Evening's roost track score (3.3.1)


def test_law_9_2_8_coalition_compares_the_frozen_vp_of_a_player_with_a_dominance_card():
    # The activating player keeps the VP it had (3.3.1 stops scoring, it does not take points away),
    # so the Vagabond compares that number (seed 002 9.2.8 no longer bars such a partner).
    for eyrie_vp, partners in ((4, {"eyrie"}), (12, {"alliance"})):
        sc = sc4()
        sc.vagabond("thief", at=5).vp("vagabond", 12).hand("vagabond", [DOM_BIRD])
        sc.vp("marquise", 6).vp("alliance", 5).vp("eyrie", eyrie_vp).active_dominance("eyrie", DOM_FOX)
        g = sc.start("vagabond", at="vagabond_actions")
        do(g, OPT(K.OPT_ACTIVATE_DOMINANCE), CARD(DOM_BIRD))
        assert g.decision == "coalition: partner"
        assert legal(g) == {faction(p) for p in partners}


# ------------------------------------------------------------------ Field Hospitals
def test_law_6_2_3_field_hospitals_after_tax_collector_removes_her_own_warrior():
    # 6.2.3 "Whenever any number of Marquise warriors are removed from a clearing": the text does not
    # ask who removes them, so her own Tax Collector counts.
    sc = Scenario(seed=1)
    sc.token("keep", 1).crafted("marquise", ("Tax Collector", "fox")).warriors("marquise", 5, 2)
    sc.hand("marquise", [("Bake Sale", "rabbit")])
    sc.deck_top([("Sword", "mouse")])
    g = sc.start("marquise", at="marquise_craft")
    do(g, OPT(K.OPT_TAX_COLLECTOR), C(5))
    assert g.decision == "field hospitals" and g.current_player == "marquise"
    assert legal(g) == {CARD("Bake Sale", "rabbit"), K.A_DONE}  # the drawn mouse card does not match
    do(g, CARD("Bake Sale", "rabbit"))
    assert warriors(g, "marquise", 5) == 1 and warriors(g, "marquise", 1) == 1
    assert in_hand(g, "marquise", ("Sword", "mouse")) and hand_n(g, "marquise") == 1
    assert g.decision == "marquise: craft"


def test_law_6_2_3_no_field_hospitals_when_the_keep_falls_with_the_last_warriors():
    # Hits are dealt together (4.3.3); once they are dealt there is no "clearing with the keep token"
    # to place the warriors in (6.2.2 returns the keep to the box), so nothing is offered.
    tried = 0
    for seed in range(1, 40):
        sc = Scenario(seed=seed)  # Eyrie Commander: an extra hit as attacker
        sc.token("keep", 1).warriors("marquise", 1, 1).warriors("eyrie", 1, 3).warriors("eyrie", 5, 1)
        sc.hand("marquise", [("Anvil", "fox"), ("Armorers", "bird")])
        g = sc.start("eyrie", at="eyrie_decree")
        do(g, VIZIER, C(5), C(2), K.A_COUNT)
        do(g, VIZIER, C(1), faction("marquise"))
        if int(g.state[REG + R_B_ROLL_ATT]) == 0:
            continue  # one hit only: the warrior falls, the keep stays (and Field Hospitals is offered)
        tried += 1
        assert int(g.state[TOKENS + TT_KEEP * NC]) == 0 and warriors(g, "marquise", 1) == 0
        assert g.decision != "field hospitals"
        assert hand_n(g, "marquise") == 2 and supply(g, "marquise") == 25
        assert vp(g, "eyrie") == 1
    assert tried > 0


# ------------------------------------------------------------------ A New Roost
def test_law_7_4_3_a_new_roost_with_fewer_than_three_warriors_places_what_the_supply_holds():
    # 2.5: "If you are prompted to place ... but you cannot, you must place the maximum number
    # possible". "Where all those pieces can be placed" picks the clearing (open slot, not the keep's).
    for left in (2, 1, 0):
        sc = Scenario(seed=1)
        sc.warriors("eyrie", 12, 20 - left)
        sc.hand("eyrie", [("Anvil", "fox")])
        g = sc.start("eyrie", at="eyrie_add_to_decree")
        do(g, CARD("Anvil", "fox"), OPT(K.OPT_COLUMN + 2))
        assert g.decision == "a new roost: clearing"
        do(g, C(8))
        assert building(g, BT_ROOST, 8) == 1
        assert warriors(g, "eyrie", 8) == left and supply(g, "eyrie") == 0


# ------------------------------------------------------------------ 1.1.3 simultaneous effects
def _alliance_attacks_marquise_in_sympathy():
    """The Alliance attacks the Marquise in sympathetic clearing 1: her hits remove its warrior and
    the sympathy token (she owes Outrage), its hit removes one of hers (Field Hospitals). She holds
    one fox card, which either effect could take. Yields the game at the order decision, for each of
    the seeds whose dice give those hits."""
    for seed in range(1, 80):
        sc = sc4(seed)
        sc.token("keep", 3).token("sympathy", 1)
        sc.warriors("marquise", 1, 2).warriors("alliance", 1, 1).officers(1)
        sc.hand("marquise", [("Anvil", "fox")]).deck_top([("Sword", "mouse")])
        g = sc.start("alliance", at="alliance_operations")
        do(g, OPT(K.OPT_BATTLE), C(1), faction("marquise"))
        while g.decision == "remove piece (hits)":
            do(g, min(legal(g)))
        if warriors(g, "marquise", 1) == 1 and g.to_dict()["clearings"][0]["tokens"] == []:
            yield g


def test_law_1_1_3_the_alliance_taking_the_turn_puts_outrage_before_field_hospitals():
    # Both effects come from the same hits and draw on the Marquise's hand, so the order matters:
    # the player taking the turn (the Alliance) chooses it.
    g = next(_alliance_attacks_marquise_in_sympathy())
    assert g.decision == "effects: order" and g.current_player == "alliance"
    assert legal(g) == {K.A_DONE, C(1)}
    assert g.describe(C(1)) == "alliance: resolve the Outrage in clearing 1 (fox) before Field Hospitals"
    assert g.describe(K.A_DONE) == "alliance: resolve Field Hospitals before the Outrage"
    do(g, C(1))  # Outrage first: she must give her only fox card
    assert g.decision == "outrage: card" and g.current_player == "marquise"
    do(g, CARD("Anvil", "fox"))
    assert g.decision != "field hospitals"  # nothing left to pay with
    assert g.to_dict()["alliance"]["supporters"] == ["Anvil (fox)"]
    assert warriors(g, "marquise", 3) == 0


def test_law_1_1_3_the_alliance_taking_the_turn_may_put_field_hospitals_first():
    g = next(_alliance_attacks_marquise_in_sympathy())
    do(g, K.A_DONE)  # Field Hospitals first
    assert g.decision == "field hospitals" and g.current_player == "marquise"
    do(g, CARD("Anvil", "fox"))
    # The Outrage then finds no matching card: she shows her hand and the Alliance draws.
    assert warriors(g, "marquise", 3) == 1
    assert g.to_dict()["alliance"]["supporters"] == ["Sword (mouse)"]


def test_law_1_1_3_on_her_own_turn_field_hospitals_first_leaves_the_marquise_every_outcome():
    # The Marquise attacks: the order is hers. Field Hospitals comes first, without asking: declining
    # it and paying the Outrage is the outcome of the other order, so nothing is lost.
    for pay_hospitals in (True, False):
        found = False
        for seed in range(1, 80):
            sc = sc4(seed)
            sc.token("keep", 3).token("sympathy", 1)
            sc.warriors("marquise", 1, 2).warriors("alliance", 1, 1)
            sc.hand("marquise", [("Anvil", "fox")]).deck_top([("Sword", "mouse")])
            g = sc.start("marquise", at="marquise_actions")
            do(g, OPT(K.OPT_BATTLE), C(1), faction("alliance"))
            while g.decision == "remove piece (hits)":
                do(g, min(legal(g)))
            if not (warriors(g, "marquise", 1) < 2 and g.to_dict()["clearings"][0]["tokens"] == []):
                continue
            found = True
            assert g.decision == "field hospitals" and g.current_player == "marquise"
            do(g, CARD("Anvil", "fox") if pay_hospitals else K.A_DONE)
            if not pay_hospitals:
                assert g.decision == "outrage: card"
                do(g, CARD("Anvil", "fox"))
            supporters = g.to_dict()["alliance"]["supporters"]
            assert supporters == (["Sword (mouse)"] if pay_hospitals else ["Anvil (fox)"])
            break
        assert found


# ------------------------------------------------------------------ 1.1.3 Fear of the Faithful and the Cult's Outrage
ANVIL, VISIT = ("Anvil", "fox"), ("A Visit to Friends", "rabbit")


def _cult_loses_a_garden_and_removes_sympathy():
    """The Cult, taking the turn, crusades (10.4.3.I) against the Alliance in fox clearing 8: one warrior each, the
    Cult's fox garden and the Alliance's sympathy token there. Brutal Tactics (the Cult's) and Sappers (the
    Alliance's) add a hit each, so the Alliance's two hits remove the Cult's warrior and garden (Fear of the Faithful
    10.2.5: a random card) and the Cult's two remove the Alliance's warrior and the sympathy token (the Cult owes an
    Outrage, 8.2.6): both draw on the Cult's hand, a fox card (the only one that pays the Outrage) and a rabbit card.
    Yields the game once the hits are dealt, for each seed whose dice give those hits."""
    for seed in range(1, 200):
        sc = Scenario(("alliance", "lizards"), seed=seed)
        sc.outcast("fox").acolytes(2).warriors("lizards", 8, 1).building("garden_fox", 8)
        sc.warriors("alliance", 8, 1).token("sympathy", 8)
        sc.crafted("lizards", ("Brutal Tactics", "bird")).crafted("alliance", ("Sappers", "bird"))
        sc.hand("lizards", [ANVIL, VISIT]).deck_top([("Sword", "mouse")])
        g = sc.start("lizards", at="lizards_conspiracies")
        do(g, OPT(K.OPT_CONSPIRACY + CRUSADE), OPT(K.OPT_BATTLE), C(8))
        if min(next_dice(g)) == 0:
            continue
        do(g, faction("alliance"))
        while g.decision == "battle effects":
            do(g, min(a for a in legal(g) if a != K.A_DONE))  # Brutal Tactics, then Sappers
        while g.decision == "remove piece (hits)":
            do(g, min(legal(g)))
        assert building(g, PIECE_NAMES.index("garden_fox"), 8) == 0 and g.to_dict()["clearings"][7]["tokens"] == []
        yield g


def test_law_1_1_3_the_cult_taking_the_turn_orders_its_outrage_and_fear_of_the_faithful():
    """Law 1.1.3 ("the player taking the turn chooses the order") with 4.3.3 (one battle's hits are simultaneous):
    the garden's Fear of the Faithful and the Cult's Outrage both take from the Cult's hand, so the Cult is asked;
    with the Outrage first it pays with its fox card, and Fear then takes the rabbit one."""
    g = next(_cult_loses_a_garden_and_removes_sympathy())
    assert g.decision == "effects: order" and g.current_player == "lizards"
    assert legal(g) == {K.A_DONE, C(8)}
    assert g.describe(C(8)) == "lizards: resolve the Outrage in clearing 8 (fox) before Fear of the Faithful"
    assert g.describe(K.A_DONE) == "lizards: resolve Fear of the Faithful before the Outrage"
    do(g, C(8))
    assert g.decision == "outrage: card" and g.current_player == "lizards" and legal(g) == {CARD(*ANVIL)}
    do(g, CARD(*ANVIL))
    assert g.to_dict()["alliance"]["supporters"] == ["Anvil (fox)"]
    assert hand_n(g, "lizards") == 0 and int(g.state[CARD_LOC + card_id(VISIT)]) == LOC_LOST_SOULS


def test_law_1_1_3_fear_of_the_faithful_first_may_take_the_card_that_pays_the_outrage():
    """The other order: Fear of the Faithful first discards one of the two at random; if it takes the fox card the
    Cult shows its hand and the Alliance draws the top card (the Sword) for the Outrage; else the fox card pays."""
    outcomes = set()
    for g in _cult_loses_a_garden_and_removes_sympathy():
        do(g, K.A_DONE)
        if g.decision == "outrage: card":
            do(g, CARD(*ANVIL))
        feared = ANVIL if int(g.state[CARD_LOC + card_id(ANVIL)]) == LOC_LOST_SOULS else VISIT
        assert int(g.state[CARD_LOC + card_id(feared)]) == LOC_LOST_SOULS
        assert g.to_dict()["alliance"]["supporters"] == (["Sword (mouse)"] if feared == ANVIL else ["Anvil (fox)"])
        outcomes.add(feared)
        if len(outcomes) == 2:
            break
    assert outcomes == {ANVIL, VISIT}


# ------------------------------------------------------------------ 1.1.3 raids and Trade Disruption
def _favor_removes_a_trade_post_and_a_raid():
    """The Marquise crafts Favor of the Rabbits: it removes the Riverfolk's trade post and the Corvids' face-down raid
    in rabbit clearing 10 at once. Trade Disruption (11.2.5.I) removes one of the two funds, both Corvid warriors,
    back to the Corvids' supply; the raid (13.7.4) places a Corvid warrior in 1, 2 and 12 from that supply, empty
    (13 warriors in 7, 2 in the funds)."""
    sc = Scenario(("marquise", "riverfolk", "corvids"), seed=1)
    for n in (3, 4, 5):
        sc.building("workshop", n)
    sc.trade_post(10).plot("raid", 10).funds("corvids", 2).warriors("corvids", 7, 13)
    sc.hand("marquise", [("Favor of the Rabbits", "rabbit")])
    g = sc.start("marquise", at="marquise_craft")
    do(g, CARD("Favor of the Rabbits", "rabbit"))
    assert supply(g, "corvids") == 0
    return g


def test_law_1_1_3_the_player_taking_the_turn_orders_raids_and_trade_disruption():
    """Law 1.1.3: the two effects share the Corvids' supply, so the Marquise orders them; with the raid first
    nothing is placed, then the fund goes back to the supply."""
    g = _favor_removes_a_trade_post_and_a_raid()
    assert g.decision == "effects: order" and g.current_player == "marquise"
    assert legal(g) == {K.A_DONE, C(10)}
    assert g.describe(C(10)) == "marquise: resolve the raid in clearing 10 (rabbit) before Trade Disruption"
    assert g.describe(K.A_DONE) == "marquise: resolve Trade Disruption before the raid"
    do(g, C(10))
    assert [warriors(g, "corvids", n) for n in (1, 2, 12)] == [0, 0, 0] and supply(g, "corvids") == 1
    assert g.decision == "marquise: craft"


def test_law_1_1_3_trade_disruption_first_returns_a_warrior_the_raid_places():
    g = _favor_removes_a_trade_post_and_a_raid()
    do(g, K.A_DONE)
    assert g.decision == "place piece (short supply)" and g.current_player == "corvids"  # one warrior, three places
    do(g, C(12))
    assert [warriors(g, "corvids", n) for n in (1, 2, 12)] == [0, 0, 1] and supply(g, "corvids") == 0


# ------------------------------------------------------------------ 1.1.3 a removed base and its Outrage
FOX_TEA, RABBIT_VISIT = ("Root Tea", "fox"), ("A Visit to Friends", "rabbit")


def _eyrie_favor_removes_base_and_sympathy(eyrie_hand, deck_top=()):
    """The Eyrie crafts Favor of the Foxes: it removes the Alliance's fox base and the sympathy token in
    fox clearing 8 at once, so the Eyrie owes an Outrage (8.2.6) while the base's supporters of its suit
    are discarded (8.2.4). The Alliance has three officers and a fox and a rabbit supporter."""
    sc = sc4()
    sc.leader("builder")
    for n in (1, 6, 12):
        sc.building("roost", n)
    sc.building("base_fox", 8).token("sympathy", 8).supporters([FOX_TEA, RABBIT_VISIT]).officers(3)
    sc.hand("eyrie", [("Favor of the Foxes", "fox")] + list(eyrie_hand))
    if deck_top:
        sc.deck_top(list(deck_top))
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, CARD("Favor of the Foxes", "fox"))
    return g


def _supporters(g) -> list[str]:
    return sorted(g.to_dict()["alliance"]["supporters"])


def test_law_1_1_3_the_crafter_orders_the_removed_base_and_the_outrage():
    g = _eyrie_favor_removes_base_and_sympathy([("Anvil", "fox")])
    assert g.decision == "effects: order" and g.current_player == "eyrie"
    assert legal(g) == {K.A_DONE, C(8)}
    assert g.describe(C(8)) == "eyrie: resolve the Outrage in clearing 8 (fox) before the removed base's discards"
    assert g.describe(K.A_DONE) == "eyrie: resolve the removed base's discards before the Outrage"


def test_law_1_1_3_outrage_first_its_card_is_discarded_with_the_base_supporters():
    g = _eyrie_favor_removes_base_and_sympathy([("Anvil", "fox")])
    do(g, C(8))
    assert g.decision == "outrage: card" and g.current_player == "eyrie"
    do(g, CARD("Anvil", "fox"))
    # Law 8.2.4 then discards every fox (and bird) supporter: the Anvil just added goes too.
    assert _supporters(g) == ["A Visit to Friends (rabbit)"]
    assert in_discard(g, ("Anvil", "fox")) and in_discard(g, FOX_TEA)
    assert int(g.state[AL_OFFICERS]) == 1  # three officers, two removed: the same in either order
    assert g.decision == "eyrie: craft"


def test_law_1_1_3_base_discards_first_the_outrage_card_stays():
    g = _eyrie_favor_removes_base_and_sympathy([("Anvil", "fox")])
    do(g, K.A_DONE)
    assert g.decision == "outrage: card" and g.current_player == "eyrie"
    assert in_discard(g, FOX_TEA) and int(g.state[AL_OFFICERS]) == 1
    do(g, CARD("Anvil", "fox"))
    assert _supporters(g) == ["A Visit to Friends (rabbit)", "Anvil (fox)"]
    assert g.decision == "eyrie: craft"


def test_law_1_1_3_outrage_first_the_card_drawn_for_a_shown_hand_is_discarded_with_the_base():
    # Without a matching card the Eyrie shows its hand and the Alliance draws the top card (a fox).
    for first, kept in ((C(8), False), (K.A_DONE, True)):
        g = _eyrie_favor_removes_base_and_sympathy([], deck_top=[("Foxfolk Steel", "fox")])
        do(g, first)
        assert ("Foxfolk Steel (fox)" in _supporters(g)) == kept
        assert in_discard(g, ("Foxfolk Steel", "fox")) != kept


def test_law_1_1_3_no_order_asked_without_a_removed_base():
    # The Favor removes only sympathy: the Outrage has nothing to be ordered against.
    sc = sc4()
    sc.leader("builder")
    for n in (1, 6, 12):
        sc.building("roost", n)
    sc.token("sympathy", 8).supporters([FOX_TEA])
    sc.hand("eyrie", [("Favor of the Foxes", "fox"), ("Anvil", "fox")])
    g = sc.start("eyrie", at="eyrie_craft")
    do(g, CARD("Favor of the Foxes", "fox"))
    assert g.decision == "outrage: card"


def test_law_1_1_3_one_battle_removing_base_and_sympathy_lets_the_attacker_order_them():
    # The hits of one battle are simultaneous (4.3.3): the Marquise, taking the turn, orders her
    # Outrage against the base's discards as for a Favor.
    for seed in range(1, 80):
        sc = sc4(seed)
        sc.building("base_fox", 12).token("sympathy", 12).warriors("marquise", 12, 3)
        sc.supporters([FOX_TEA, RABBIT_VISIT]).hand("marquise", [("Anvil", "fox")])
        g = sc.start("marquise", at="marquise_actions")
        do(g, OPT(K.OPT_BATTLE), C(12), faction("alliance"))
        while g.decision == "remove piece (hits)":
            do(g, min(legal(g)))
        if g.to_dict()["clearings"][11]["tokens"] == [] and building(g, PIECE_NAMES.index("base_fox"), 12) == 0:
            break
    else:
        raise AssertionError("no seed gave two hits")
    assert g.decision == "effects: order" and g.current_player == "marquise"
    assert legal(g) == {K.A_DONE, C(12)}
    do(g, C(12), CARD("Anvil", "fox"))
    assert _supporters(g) == ["A Visit to Friends (rabbit)"] and in_discard(g, ("Anvil", "fox"))

"""Law of Root, section 11 (Riverfolk Company), seed 001, with the component numbers of
shared/reference/expansion_numbers.md section 2 (flat 2 VP per trade post, prices 1-4, 3 starting payments):
each rule checked in isolation through the action space, written from the Law text, and the readings the
engine chose where the text leaves room (tests named ``test_reading_...``):

- rivers are paths for movement only, not adjacency for other rules;
- with Mercenaries the Riverfolk's warriors count for the buyer, and not for the Riverfolk, for rule during
  the buyer's Daylight and Evening;
- the buyer may battle with mercenaries alone, against anyone but the Riverfolk;
- hits are split with the buyer taking the odd hit, and hits one side cannot take fall on the other;
- services are bought before Better Burrow Bank;
- Riverboats and Mercenaries at most once a turn, Hand Card any number of times (within the service count);
- Export needs a craftable card whose cost can be paid (the item in the supply and the no-duplicate checks
  are waived, the benefit is ignored);
- the Riverfolk choose whose funds are committed, spent or removed;
- Trade Disruption for several posts removed at once: each takes half (rounded up) of what is left.

Positions are built with ``root_env.scenario.Scenario``; actions are chosen by id and applied with
``Game.apply``; assertions read the state regions of ``root_env.layout``.
Clearings are named by their printed number 1..12 (Autumn map): fox 1 6 8 12, rabbit 3 4 5 10,
mouse 2 7 9 11; corners 1-3 and 2-4 opposite.
Paths: 1: 5 9 10; 2: 5 6 10; 3: 6 7 11; 4: 8 9 12; 5: 1 2; 6: 2 3 11; 7: 3 8 12; 8: 4 7;
9: 1 4 12; 10: 1 2 12; 11: 3 6 12; 12: 4 7 9 10 11.
Rivers (none of them a path): 5-10, 10-11, 7-11, 4-7; the river clearings are 4 5 7 10 11.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (NC, NCARD, NF, NITEM, ITEM_NAMES, RIVERFOLK, WARRIOR_TOTAL, SUIT_NAMES, FACTION_NAMES,
                           RF_SERVICE_NAMES)
from root_env.engine.board import ruler
from root_env.engine.observe import CARD_FEATURE_NAMES
from root_env.engine.rng import rng_int
from root_env.errors import RootError
from root_env.game import Game, IllegalActionError
from root_env.layout import (CARD_LOC, CARD_KNOWN, CRAFTED_ITEMS, LOC_DISCARD, LOC_HAND, RF_FUNDS, RF_PAYMENTS,
                             RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, RF_BOUGHT, RF_SERVICES_LEFT, TOKENS, VB_ITEMS,
                             FACTION_SEAT)
from root_env.data import TT_TRADEPOST
from root_env.observation import obs_fields
from root_env.scenario import Scenario, card_id
from rules_helpers import (FACTION, card, cl, do, faction, hand_n, in_hand, item, legal, opt, supply, vp, warriors)

ALL_KNOW = (1 << NF) - 1
FIVE = ("marquise", "eyrie", "alliance", "vagabond", "riverfolk")
RIVER_CLEARINGS = {4, 5, 7, 10, 11}

# Cards with a single copy in the deck, so that (name, suit) names one card.
ANVIL = ("Anvil", "fox")                     # craft: fox -> hammer, 2 VP
FOX_STEEL = ("Foxfolk Steel", "fox")         # craft: fox fox -> sword
CROSSBOW = ("Crossbow", "bird")              # craft: fox -> crossbow, 1 VP
VISIT = ("A Visit to Friends", "rabbit")     # craft: rabbit -> boot, 1 VP
BAKE_SALE = ("Bake Sale", "rabbit")
MOUSE_SACK = ("Mouse-in-a-Sack", "mouse")
INVESTMENTS = ("Investments", "mouse")
ROOT_TEA_F = ("Root Tea", "fox")
ARMS_TRADER = ("Arms Trader", "bird")
AMBUSH_FOX = ("Ambush!", "fox")
DOM_FOX = ("Dominance", "fox")
FAVOR_FOXES = ("Favor of the Foxes", "fox")  # craft: fox x3
FAVOR_RABBITS = ("Favor of the Rabbits", "rabbit")
ROYAL_CLAIM = ("Royal Claim", "bird")        # persistent, craft: any x4
HAND_CARD, RIVERBOATS, MERCENARIES = range(3)


# ------------------------------------------------------------------ helpers
def sc2(other: str = "marquise", seed: int = 1) -> Scenario:
    """An empty board for one other faction and the Riverfolk (every price 2, boxes empty)."""
    return Scenario((other, "riverfolk"), seed=seed)


def sc3(seed: int = 1) -> Scenario:
    return Scenario(("marquise", "eyrie", "riverfolk"), seed=seed)


def funds(g: Game, owner: str | None = None) -> int:
    """Warriors in the Funds box: of one owner, or all."""
    if owner is None:
        return int(g.state[RF_FUNDS:RF_FUNDS + NF].sum())
    return int(g.state[RF_FUNDS + FACTION[owner]])


def payments(g: Game, owner: str) -> int:
    return int(g.state[RF_PAYMENTS + FACTION[owner]])


def committed(g: Game, owner: str) -> int:
    return int(g.state[RF_COMMITTED + FACTION[owner]])


def posts(g: Game, n: int) -> int:
    """Trade posts (any suit) in clearing n."""
    return sum(int(g.state[TOKENS + (TT_TRADEPOST + s) * NC + n - 1]) for s in range(3))


def posts_on_map(g: Game, suit: str) -> int:
    s = SUIT_NAMES.index(suit)
    return int(g.state[TOKENS + (TT_TRADEPOST + s) * NC:TOKENS + (TT_TRADEPOST + s + 1) * NC].sum())


def gone(g: Game, suit: str) -> int:
    return int(g.state[RF_POSTS_GONE + SUIT_NAMES.index(suit)])


def prices(g: Game) -> list[int]:
    return [int(x) for x in g.state[RF_PRICES:RF_PRICES + 3]]


def service(k: int) -> int:
    return opt(K.OPT_SERVICE + k)


def price_action(p: int) -> int:
    return K.A_COUNT + p - 1


def count(n: int) -> int:
    return K.A_COUNT + n - 1


def clearings_offered(g: Game) -> set[int]:
    return {a - K.A_CLEARING + 1 for a in legal(g) if K.A_CLEARING <= a < K.A_CLEARING + NC}


def cards_offered(g: Game) -> set[int]:
    return {a for a in legal(g) if K.A_CARD <= a < K.A_CARD + NCARD}


def factions_offered(g: Game) -> set[str]:
    return {FACTION_NAMES[a - K.A_FACTION] for a in legal(g) if K.A_FACTION <= a < K.A_FACTION + NF}


def loc(g: Game, c) -> int:
    return int(g.state[CARD_LOC + card_id(c)])


def crafted_items(g: Game, faction_name: str, name: str) -> int:
    return int(g.state[CRAFTED_ITEMS + FACTION[faction_name] * NITEM + ITEM_NAMES.index(name)])


def vb_item(g: Game, name: str, state: str = "ready") -> int:
    st = ("ready", "exhausted", "damaged", "damaged_exhausted").index(state)
    return int(g.state[VB_ITEMS + ITEM_NAMES.index(name) * 4 + st])


def rules_now(g: Game, n: int) -> str | None:
    f = int(ruler(g.state, n - 1))
    return None if f < 0 else FACTION_NAMES[f]


def finish_hits(g: Game) -> None:
    """Answer any 'which piece does the hit remove' choice with the first option."""
    while g.decision == "remove piece (hits)":
        g.apply(int(g.legal_actions()[0]))


def next_dice(g: Game) -> tuple[int, int]:
    """The two dice the engine's next battle roll will produce, (higher, lower)."""
    st = g.state.copy()
    d1 = rng_int(st, 4)
    d2 = rng_int(st, 4)
    return max(d1, d2), min(d1, d2)


def with_dice(build, want) -> Game:
    """The first seed whose game (built by build(seed), stopped just before the roll) will roll dice
    satisfying want(hi, lo)."""
    for seed in range(1, 400):
        g = build(seed)
        if want(*next_dice(g)):
            return g
    raise AssertionError("no seed gives the dice wanted")


def pay_with(g: Game, owner: str) -> None:
    """Answer 'funds: whose warrior' with owner's warrior."""
    assert g.decision == "funds: whose warrior" and g.current_player == "riverfolk"
    do(g, faction(owner))


# ================================================================== 11.2.1 crafting
def test_law_11_2_1_crafting_needs_an_empty_trade_posts_track_space():
    """11.2.1: "The Riverfolk craft during Daylight by committing funds to empty spaces on the Trade Posts
    tracks." With every post still on its track there is no empty space: nothing can be crafted."""
    sc = sc2()
    sc.funds("riverfolk", 3).hand("riverfolk", [ANVIL])
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert g.decision == "riverfolk: daylight"
    assert card(ANVIL) not in legal(g)
    sc = sc2()
    sc.funds("riverfolk", 3).hand("riverfolk", [ANVIL]).trade_post(1)  # a fox post left its track: one fox space
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert card(ANVIL) in legal(g)
    do(g, card(ANVIL))
    assert g.decision == "riverfolk: daylight"
    assert crafted_items(g, "riverfolk", "hammer") == 1 and vp(g, "riverfolk") == 2
    assert loc(g, ANVIL) == LOC_DISCARD
    # 11.5.3: the fund is committed (onto the track space), not spent.
    assert funds(g, "riverfolk") == 2 and committed(g, "riverfolk") == 1 and supply(g, "riverfolk") == 15 - 3


def test_law_11_2_1_spaces_match_the_suits_of_the_cost():
    """11.5.3: funds go on "empty spaces of the Trade Posts tracks matching the suits listed on the crafting
    cost": an empty rabbit space does not craft a fox card."""
    sc = sc2()
    sc.funds("riverfolk", 3).hand("riverfolk", [ANVIL, VISIT]).trade_post(5)  # rabbit post
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert card(VISIT) in legal(g) and card(ANVIL) not in legal(g)


def test_law_11_2_1_each_empty_space_takes_one_fund_a_turn():
    """11.2.1 / 11.5.3: one fund per empty space; a space holding a committed fund is no longer empty."""
    sc = sc2()
    sc.funds("riverfolk", 3).hand("riverfolk", [ANVIL, CROSSBOW]).trade_post(1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert {card(ANVIL), card(CROSSBOW)} <= legal(g)
    do(g, card(ANVIL))
    assert card(CROSSBOW) not in legal(g)
    sc = sc2()
    sc.funds("riverfolk", 3).hand("riverfolk", [ANVIL, CROSSBOW]).trade_post(1).trade_post(6)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, card(ANVIL), card(CROSSBOW))
    assert crafted_items(g, "riverfolk", "hammer") == 1 and crafted_items(g, "riverfolk", "crossbow") == 1
    assert funds(g) == 1 and committed(g, "riverfolk") == 2


def test_law_11_2_1_a_removed_posts_space_stays_empty_and_crafts():
    """11.2.5.I returns a removed post to the box, not to its track: its space stays empty and crafts
    (expansion_numbers.md section 2)."""
    sc = sc2()
    sc.funds("riverfolk", 3).hand("riverfolk", [ANVIL]).posts_gone(fox=1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert card(ANVIL) in legal(g)
    sc = sc2()
    sc.funds("riverfolk", 3).hand("riverfolk", [FOX_STEEL]).posts_gone(fox=1).trade_post(8)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, card(FOX_STEEL))  # fox + fox: one space uncovered by a post on the map, one by a post in the box
    assert crafted_items(g, "riverfolk", "sword") == 1 and committed(g, "riverfolk") == 2


def test_law_11_2_1_crafting_needs_a_fund_per_symbol():
    """11.5.3: "Commit funds to craft": a two-symbol card needs two funds."""
    sc = sc2()
    sc.funds("riverfolk", 1).hand("riverfolk", [FOX_STEEL]).trade_post(1).trade_post(6)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert card(FOX_STEEL) not in legal(g)


# ================================================================== 11.2.2 Swimmers
def test_law_11_2_2_swimmers_move_along_rivers_whoever_rules():
    """11.2.2: "The Riverfolk treat rivers as paths and may move along rivers regardless of who rules their
    origin or destination clearing." The Marquise rule both 5 and 10; the river 5-10 is open, the paths
    from 5 (to 1 and 2) still need rule."""
    sc = sc2()
    sc.funds("riverfolk", 1).warriors("riverfolk", 5, 1).warriors("marquise", 5, 3).warriors("marquise", 10, 2)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_MOVE))
    assert g.decision == "move: from" and clearings_offered(g) == {5}
    do(g, cl(5))
    assert clearings_offered(g) == {10}
    do(g, cl(10))
    if g.decision == "move: how many":
        do(g, count(1))
    assert warriors(g, "riverfolk", 10) == 1 and warriors(g, "riverfolk", 5) == 0


def test_law_11_2_2_swimmers_still_move_along_paths():
    """11.2.2: "(They can still move using paths.)" Ruling 5, they may take its paths and its river."""
    sc = sc2()
    sc.funds("riverfolk", 1).warriors("riverfolk", 5, 2).warriors("marquise", 1, 3)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_MOVE), cl(5))
    assert clearings_offered(g) == {1, 2, 10}


def test_law_2_3_rivers_are_not_paths_for_others():
    """2.3: rivers "act as paths for only the Riverfolk Company" (without Riverboats)."""
    sc = sc2()
    sc.warriors("marquise", 5, 3)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH), cl(5))
    assert clearings_offered(g) == {1, 2}


# ================================================================== 11.2.3 public hand
def _seen(g: Game, viewer: str, c, holder: str) -> float:
    cards = obs_fields(g.observe(viewer))["cards"]
    return float(cards[card_id(c), CARD_FEATURE_NAMES.index(f"seen_in_hand_of_{holder}")])


def test_law_11_2_3_the_riverfolk_hand_is_public_in_every_observation():
    """11.2.3: "The Riverfolk place their hand face up": a card they draw is seen by every player."""
    sc = sc3()
    sc.funds("riverfolk", 1).hand("marquise", [VISIT]).deck_top([ANVIL])  # deck_top last: hand() rebuilds the deck
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_DRAW))
    assert in_hand(g, "riverfolk", ANVIL)
    assert int(g.state[CARD_KNOWN + card_id(ANVIL)]) == ALL_KNOW
    assert _seen(g, "marquise", ANVIL, "riverfolk") == 1.0 and _seen(g, "eyrie", ANVIL, "riverfolk") == 1.0
    # Other hands stay hidden.
    assert _seen(g, "riverfolk", VISIT, "marquise") == 0.0 and _seen(g, "eyrie", VISIT, "marquise") == 0.0


def test_law_11_2_3_a_determinized_game_keeps_the_public_hand():
    """11.2.3: the Riverfolk's hand is public information, so resampling what a player cannot see keeps it."""
    sc = sc3()
    sc.hand("riverfolk", [ANVIL, BAKE_SALE]).hand("eyrie", [VISIT, MOUSE_SACK])
    g = sc.start("marquise", at="marquise_actions")
    for seed in range(5):
        h = g.determinize("marquise", seed=seed)
        assert sorted(h.hand("riverfolk")) == sorted(g.hand("riverfolk"))


def _steal_from_riverfolk(seed: int) -> Game:
    sc = Scenario(("vagabond", "riverfolk"), seed=seed)
    sc.vagabond("thief", at=5).vb_items("ready", torch=1).warriors("riverfolk", 5, 1)
    sc.hand("riverfolk", [ANVIL, BAKE_SALE, MOUSE_SACK])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL))
    assert g.decision == "steal: player" and legal(g) == {faction("riverfolk")}  # a player, never a card
    do(g, faction("riverfolk"))
    return g


def test_law_11_2_3_a_card_stolen_at_random_is_random_then_known():
    """11.2.3: "If another player would take a random card from the Riverfolk's hand, the cards are flipped
    face down, shuffled, drawn from, and then flipped face up": the Vagabond's Steal takes a card at random,
    and everyone knows which card he took."""
    taken = set()
    for seed in range(1, 13):
        g = _steal_from_riverfolk(seed)
        got = [c for c in (ANVIL, BAKE_SALE, MOUSE_SACK) if in_hand(g, "vagabond", c)]
        assert len(got) == 1 and hand_n(g, "riverfolk") == 2
        taken.add(got[0])
        assert int(g.state[CARD_KNOWN + card_id(got[0])]) == ALL_KNOW
    assert len(taken) >= 2, "the card taken should depend on the shuffle"


def test_law_11_2_3_stand_and_deliver_takes_a_random_card_then_known():
    """11.2.3 with Stand and Deliver!: the card is drawn at random and then known to every player."""
    taken = set()
    for seed in range(1, 13):
        sc = sc3(seed)
        sc.crafted("marquise", ("Stand and Deliver!", "fox")).warriors("marquise", 1, 1)
        sc.hand("riverfolk", [ANVIL, BAKE_SALE, MOUSE_SACK]).prices(hand_card=4, riverboats=4, mercenaries=4)
        g = sc.start("marquise", at="birdsong")
        if g.decision == "buy services":
            do(g, K.A_DONE)
        do(g, opt(K.OPT_STAND_AND_DELIVER))
        assert factions_offered(g) >= {"riverfolk"}
        do(g, faction("riverfolk"))
        got = [c for c in (ANVIL, BAKE_SALE, MOUSE_SACK) if in_hand(g, "marquise", c)]
        assert len(got) == 1
        taken.add(got[0])
        assert int(g.state[CARD_KNOWN + card_id(got[0])]) == ALL_KNOW
        assert vp(g, "riverfolk") == 1
    assert len(taken) >= 2


# ================================================================== 11.2.4 funds
def test_law_11_2_4_funds_are_warriors_of_any_owner():
    """11.2.4: funds are "warriors in their Funds box", whoever owns them; a spent fund returns "to its owner's
    supply" (11.5). Every warrior stays counted: supply + map + boxes = the owner's total."""
    sc = sc2()
    sc.funds("marquise", 2).funds("riverfolk", 1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert funds(g) == 3 and funds(g, "marquise") == 2
    assert supply(g, "marquise") == WARRIOR_TOTAL[FACTION["marquise"]] - 2
    do(g, opt(K.OPT_RECRUIT))
    pay_with(g, "marquise")
    do(g, cl(4))
    assert funds(g, "marquise") == 1 and supply(g, "marquise") == WARRIOR_TOTAL[FACTION["marquise"]] - 1
    assert warriors(g, "riverfolk", 4) == 1
    boxes = obs_fields(g.observe("marquise"))["riverfolk_boxes"]
    assert boxes[0, FACTION["marquise"]] == 1 and boxes[0, RIVERFOLK] == 1  # public, by owner


# ================================================================== 11.2.5 trade posts
def test_law_11_2_5_each_trade_post_scores_two():
    """11.2.5 / 11.5.6.III: a post scores the space it uncovers: 2 VP on every space."""
    sc = sc2()
    sc.funds("riverfolk", 4).warriors("riverfolk", 1, 1).warriors("riverfolk", 6, 1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_TRADE_POST), cl(1))
    assert vp(g, "riverfolk") == 2 and posts(g, 1) == 1
    do(g, opt(K.OPT_TRADE_POST), cl(6))
    assert vp(g, "riverfolk") == 4 and posts_on_map(g, "fox") == 2


def _favor_of_the_foxes(funds_rf: int, funds_mq: int = 0, post_at=(1,)) -> Game:
    """The Marquise about to craft Favor of the Foxes (workshops in 1, 6, 8) against fox trade posts."""
    sc = sc2()
    for n in (1, 6, 8):
        sc.building("workshop", n)
    for n in post_at:
        sc.trade_post(n)
    sc.funds("riverfolk", funds_rf)
    if funds_mq:
        sc.funds("marquise", funds_mq)
    sc.hand("marquise", [FAVOR_FOXES])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_FOXES))
    return g


def test_law_11_2_5_i_trade_disruption_half_the_funds_rounded_up_post_to_the_box():
    """11.2.5.I: "Whenever a trade post is removed, the Riverfolk remove half of their funds, rounded up, and
    return the trade post to the box." 5 funds -> 3 removed."""
    g = _favor_of_the_foxes(5)
    assert posts(g, 1) == 0
    assert funds(g) == 2 and supply(g, "riverfolk") == 15 - 2
    assert gone(g, "fox") == 1 and posts_on_map(g, "fox") == 0  # the box, not the track: 2 left there
    assert vp(g, "marquise") == 1  # and a removed token scores for the remover (3.2.1)


def test_law_11_2_5_i_trade_disruption_with_no_funds():
    g = _favor_of_the_foxes(0)
    assert funds(g) == 0 and gone(g, "fox") == 1


def test_law_11_2_5_i_the_riverfolk_choose_whose_funds_go():
    """11.2.5.I: the Riverfolk remove the funds (they choose which of their funds: docs/rules.md, Readings);
    each removed warrior returns to its owner's supply."""
    g = _favor_of_the_foxes(3, funds_mq=2)
    assert g.decision == "trade disruption: whose fund" and g.current_player == "riverfolk"
    assert factions_offered(g) == {"marquise", "riverfolk"}
    mq = supply(g, "marquise")
    do(g, faction("marquise"))
    do(g, faction("marquise"))  # then only the Riverfolk's own are left: no more asking
    assert funds(g, "marquise") == 0 and funds(g, "riverfolk") == 2 and supply(g, "marquise") == mq + 2


# ================================================================== 11.2.6 buying services
def test_law_11_2_6_services_are_bought_at_the_start_of_another_players_birdsong():
    """11.2.6: "At the start of another player's Birdsong, that player may buy Riverfolk services."""
    sc = sc2()
    sc.hand("riverfolk", [ANVIL])
    g = sc.start("marquise", at="birdsong")
    assert g.decision == "buy services" and g.current_player == "marquise" and g.phase == "birdsong"
    assert legal(g) == {service(HAND_CARD), service(RIVERBOATS), service(MERCENARIES), K.A_DONE}
    sc = sc2()
    sc.hand("riverfolk", [ANVIL]).funds("riverfolk", 1)
    g = sc.start("riverfolk", at="birdsong")
    assert g.decision != "buy services"  # not on the Riverfolk's own turn


def test_law_11_2_6_i_cost_goes_from_the_buyers_supply_to_payments():
    """11.2.6.I: "The buyer must place warriors from their supply into the Riverfolk's Payments box equal in
    number to the cost of that service"."""
    sc = sc2()
    sc.prices(riverboats=3)
    g = sc.start("marquise", at="services")
    mq = supply(g, "marquise")
    do(g, service(RIVERBOATS))
    assert supply(g, "marquise") == mq - 3 and payments(g, "marquise") == 3
    assert int(g.state[RF_BOUGHT + RIVERBOATS]) == 1


def test_law_11_2_6_i_a_service_the_buyer_cannot_afford_is_not_offered():
    sc = sc2()
    sc.prices(hand_card=2, riverboats=3, mercenaries=4).hand("riverfolk", [ANVIL])
    sc.warriors("marquise", 2, 12).warriors("marquise", 3, 11)  # 25 - 23 = 2 in supply
    g = sc.start("marquise", at="services")
    assert supply(g, "marquise") == 2
    assert legal(g) == {service(HAND_CARD), K.A_DONE}


@pytest.mark.parametrize("with_pieces, number", [((), 1), ((1,), 2), ((1, 5), 3), ((1, 5, 7), 4)])
def test_law_11_2_6_ii_one_service_plus_one_per_trade_post_clearing_with_the_buyers_pieces(with_pieces, number):
    """11.2.6.II: "a player may buy one service plus one per clearing with a trade post where that player has
    any pieces" (warriors, buildings or tokens)."""
    sc = sc2()
    sc.prices(hand_card=1).hand("riverfolk", [ANVIL, BAKE_SALE, MOUSE_SACK, INVESTMENTS, ROOT_TEA_F])
    sc.trade_post(1).trade_post(5).trade_post(7).trade_post(10)  # 10: a post without Marquise pieces
    pieces = {1: lambda s: s.warriors("marquise", 1, 1), 5: lambda s: s.building("sawmill", 5),
              7: lambda s: s.token("wood", 7)}
    for n in with_pieces:
        pieces[n](sc)
    g = sc.start("marquise", at="services")
    bought = 0
    while g.decision == "buy services" and service(HAND_CARD) in legal(g):
        do(g, service(HAND_CARD))
        do(g, next(iter(sorted(cards_offered(g)))))
        bought += 1
    assert bought == number and hand_n(g, "marquise") == number
    assert g.decision != "buy services"


def test_law_11_2_6_iii_the_vagabond_pays_by_exhausting_items():
    """11.2.6.III: "The Vagabond pays for services by exhausting items—for each item he exhausts to do so, the
    Riverfolk place one of their own warriors in the Payments box."""
    sc = sc2("vagabond")
    sc.vagabond("thief", at=5).vb_items("ready", boot=2, torch=1).prices(hand_card=1, riverboats=2)
    # His pawn is at a trade post: a second service (a hand card he can still pay for), so that the check
    # below comes before his Refresh readies the items again.
    sc.trade_post(5).hand("riverfolk", [ANVIL])
    g = sc.start("vagabond", at="services")
    assert g.decision == "buy services"
    rf = supply(g, "riverfolk")
    do(g, service(RIVERBOATS))
    assert g.decision == "services: exhaust item" and g.current_player == "vagabond"
    assert legal(g) == {item("torch"), item("boot")}
    do(g, item("torch"))  # the second item is a boot either way: no more asking
    assert g.decision == "buy services"
    assert vb_item(g, "torch", "exhausted") == 1 and vb_item(g, "boot", "exhausted") == 1
    assert vb_item(g, "boot") == 1
    assert payments(g, "riverfolk") == 2 and supply(g, "riverfolk") == rf - 2 and payments(g, "vagabond") == 0


def test_law_11_2_6_iii_the_vagabond_needs_enough_ready_items():
    sc = sc2("vagabond")
    sc.vagabond("thief", at=5).vb_items("ready", boot=1).vb_items("exhausted", torch=2).trade_post(5)
    sc.prices(hand_card=2, riverboats=1, mercenaries=1).hand("riverfolk", [ANVIL])
    g = sc.start("vagabond", at="services")
    assert legal(g) == {service(RIVERBOATS), K.A_DONE}  # not the hand card (2), never mercenaries
    do(g, service(RIVERBOATS))  # one ready item, price one: no choice to make
    assert payments(g, "riverfolk") == 1
    assert g.decision == "vagabond: slip"  # nothing left he can pay for: on to his Birdsong


# ================================================================== 11.2.7.I Hand Card
def test_law_11_2_7_i_hand_card_takes_any_card_and_may_be_bought_again():
    """11.2.7.I: "The buyer takes any card from the Riverfolk's hand and adds it to their hand. (The buyer may
    buy this service multiple times as long as they have access to enough trade posts.)" """
    sc = sc2()
    sc.prices(hand_card=2).hand("riverfolk", [ANVIL, BAKE_SALE, MOUSE_SACK])
    sc.trade_post(1).warriors("marquise", 1, 1)  # two services
    g = sc.start("marquise", at="services")
    do(g, service(HAND_CARD))
    assert g.decision == "hand card: which" and g.current_player == "marquise"
    assert cards_offered(g) == {card(ANVIL), card(BAKE_SALE), card(MOUSE_SACK)}
    do(g, card(BAKE_SALE))
    assert g.decision == "buy services" and service(HAND_CARD) in legal(g)
    do(g, service(HAND_CARD), card(MOUSE_SACK))
    assert in_hand(g, "marquise", BAKE_SALE) and in_hand(g, "marquise", MOUSE_SACK)
    assert in_hand(g, "riverfolk", ANVIL) and hand_n(g, "riverfolk") == 1
    assert payments(g, "marquise") == 4
    assert int(g.state[CARD_KNOWN + card_id(BAKE_SALE)]) == ALL_KNOW  # it left a public hand


# ================================================================== 11.2.7.II Riverboats
def test_law_11_2_7_ii_riverboats_rivers_are_paths_for_the_buyer():
    """11.2.7.II: "The buyer treats rivers as paths until the end of their turn." Moving still needs rule
    (4.2.1)."""
    sc = sc2()
    sc.warriors("marquise", 5, 3).bought("riverboats")
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH), cl(5))
    assert clearings_offered(g) == {1, 2, 10}
    do(g, cl(10), count(2))
    assert warriors(g, "marquise", 10) == 2


def test_law_11_2_7_ii_riverboats_still_need_rule():
    sc = sc2()
    sc.warriors("marquise", 5, 1).warriors("riverfolk", 5, 2).warriors("riverfolk", 10, 1).bought("riverboats")
    sc.warriors("marquise", 1, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH), cl(5))
    assert clearings_offered(g) == {1}  # ruled by the Marquise; 10 (river) and 2 are not


def test_law_11_2_7_ii_riverboats_bought_then_used_the_same_turn():
    """Bought at the start of Birdsong, Riverboats serve in that turn's Daylight."""
    sc = sc2()
    sc.warriors("marquise", 5, 3).prices(riverboats=1)
    g = sc.start("marquise", at="services")
    do(g, service(RIVERBOATS))
    while g.decision != "marquise: action":
        do(g, K.A_DONE)
    do(g, opt(K.OPT_MARCH), cl(5))
    assert 10 in clearings_offered(g)


def test_law_11_2_7_ii_the_vagabond_with_riverboats():
    """11.2.7.II for the Vagabond: he may move along a river too (he needs no rule, 9.2.3)."""
    for boats, want in ((False, {1, 2}), (True, {1, 2, 10})):
        sc = sc2("vagabond")
        sc.vagabond("thief", at=5).vb_items("ready", boot=2)
        if boats:
            sc.bought("riverboats")
        g = sc.start("vagabond", at="vagabond_actions")
        do(g, opt(K.OPT_MOVE))
        assert clearings_offered(g) == want, boats

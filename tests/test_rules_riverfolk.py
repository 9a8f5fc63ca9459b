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

import pytest

from root_env import codes as K, IllegalActionError
from root_env.data import (NC, NCARD, NF, RIVERFOLK, WARRIOR_TOTAL, SUIT_NAMES, FACTION_NAMES, BT_SAWMILL,
                           TT_TRADEPOST)
from root_env.engine.board import ruler
from root_env.engine.observe import CARD_FEATURE_NAMES
from root_env.errors import RootError
from root_env.game import Game
from root_env.layout import (CARD_LOC, CARD_KNOWN, LOC_CRAFTED, LOC_DISCARD, LOC_HAND, RF_FUNDS, RF_PAYMENTS,
                             RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, RF_BOUGHT, RF_SERVICES_LEFT, TOKENS,
                             LOC_SUPPORTERS, RF_DISRUPT)
from root_env.observation import obs_fields
from root_env.scenario import Scenario, card_id
from rules_helpers import (FACTION, random_play, building, card, cards_offered, cl, clearings_offered, do, faction,
                           finish_hits, hand_n, in_hand, item, legal, opt, piece, supply, vp, warriors,
                           loc, crafted_items, vb_item)

ALL_KNOW = (1 << NF) - 1
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


def factions_offered(g: Game) -> set[str]:
    return {FACTION_NAMES[a - K.A_FACTION] for a in legal(g) if K.A_FACTION <= a < K.A_FACTION + NF}


def rules_now(g: Game, n: int) -> str | None:
    f = int(ruler(g.state, n - 1))
    return None if f < 0 else FACTION_NAMES[f]


def with_dice(build, first: int, second: int) -> Game:
    """The game built by build(1), stopped before the battle's roll, with the roll's two dice chosen (``Game.dice``):
    the attacker deals the higher (Law 4.3.2), a defending Alliance the higher (8.2.2)."""
    return build(1).dice(first, second)


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


def test_law_11_2_1_an_any_suit_cost_uses_empty_spaces_of_any_track():
    """11.2.1 with an "any" cost (Royal Claim, 4 of any suit): four empty spaces of mixed suits, four funds."""
    sc = sc2()
    sc.funds("riverfolk", 4).hand("riverfolk", [ROYAL_CLAIM]).trade_post(1).trade_post(5)
    sc.posts_gone(fox=1, mouse=1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, card(ROYAL_CLAIM))
    while g.decision == "craft: any-suit piece":
        do(g, int(g.legal_actions()[0]))
    assert g.decision == "riverfolk: daylight"
    assert loc(g, ROYAL_CLAIM) == LOC_CRAFTED + RIVERFOLK and funds(g) == 0 and committed(g, "riverfolk") == 4
    sc = sc2()
    sc.funds("riverfolk", 4).hand("riverfolk", [ROYAL_CLAIM]).trade_post(1).trade_post(5).posts_gone(fox=1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert card(ROYAL_CLAIM) not in legal(g)  # three empty spaces


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


def test_law_11_2_3_the_starting_hand_is_public():
    """11.2.3 from the deal on: the three cards dealt to the Riverfolk (5.1.3) are known to every player."""
    g = Game.new(("marquise", "eyrie", "riverfolk"), seed=4)
    dealt = [c for c in range(NCARD) if int(g.state[CARD_LOC + c]) == LOC_HAND + RIVERFOLK]
    assert len(dealt) == 3
    assert all(int(g.state[CARD_KNOWN + c]) == ALL_KNOW for c in dealt)


def test_law_11_2_3_the_information_view_and_a_determinized_game_keep_the_public_hand():
    """11.2.3: the Riverfolk's hand is public information, so resampling what a player cannot see keeps it."""
    sc = sc3()
    sc.hand("riverfolk", [ANVIL, BAKE_SALE]).hand("eyrie", [VISIT, MOUSE_SACK])
    g = sc.start("marquise", at="marquise_actions")
    view = g.information_view("marquise")["hands"]
    assert sorted(view["riverfolk"]["known_cards"]) == ["Anvil (fox)", "Bake Sale (rabbit)"]
    assert "known_cards" not in view["eyrie"] or not view["eyrie"]["known_cards"]
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


def test_reading_the_riverfolk_choose_whose_funds_trade_disruption_removes():
    """11.2.5.I: the Riverfolk remove the funds; which owner's is the Riverfolk's choice (docs/rules.md,
    Readings);
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


# ================================================================== 11.2.7.III Mercenaries
def _mercs_at_10(bought: bool) -> Scenario:
    """The Marquise (1 warrior) and the Riverfolk (2) in clearing 10; the paths from 10 lead to empty 1, 2, 12."""
    sc = sc2()
    sc.warriors("marquise", 10, 1).warriors("riverfolk", 10, 2)
    if bought:
        sc.bought("mercenaries")
    return sc


def test_law_11_2_7_iii_mercenaries_count_for_the_buyers_rule():
    """11.2.7.III: "During Daylight and Evening of this turn, the buyer treats Riverfolk warriors as their own
    only for rule": outnumbered in 10 by the Riverfolk, the Marquise rule it with them and may march out."""
    g = _mercs_at_10(False).start("marquise", at="marquise_actions")
    assert rules_now(g, 10) == "riverfolk" and opt(K.OPT_MARCH) not in legal(g)
    g = _mercs_at_10(True).start("marquise", at="marquise_actions")
    assert rules_now(g, 10) == "marquise"
    do(g, opt(K.OPT_MARCH), cl(10))
    assert clearings_offered(g) == {1, 2, 12}
    do(g, cl(1))
    # "The buyer cannot move them": only the Marquise's own warrior moves.
    if g.decision == "move: how many":
        assert legal(g) == {count(1)}
        do(g, count(1))
    assert warriors(g, "marquise", 1) == 1 and warriors(g, "riverfolk", 10) == 2


def test_law_11_2_7_iii_mercenaries_not_in_birdsong_then_in_daylight():
    """11.2.7.III: bought at the start of Birdsong, mercenaries serve "During Daylight and Evening": not in the
    rest of that Birdsong."""
    sc = _mercs_at_10(False)
    sc.prices(hand_card=1, mercenaries=1).hand("riverfolk", [ANVIL]).trade_post(10)  # two services
    g = sc.start("marquise", at="services")
    do(g, service(MERCENARIES))
    assert g.decision == "buy services" and g.phase == "birdsong"
    assert rules_now(g, 10) == "riverfolk"
    do(g, K.A_DONE)
    while g.phase == "birdsong":
        do(g, K.A_DONE)
    assert g.phase == "daylight" and g.active == "marquise"
    assert rules_now(g, 10) == "marquise"


def test_law_11_2_7_iii_mercenaries_in_evening_and_only_this_turn():
    """11.2.7.III: "During Daylight and Evening of this turn"; on the next turn they are the Riverfolk's again.
    So they never count toward the buyer's dominance (checked at the start of Birdsong, 3.3.1): the Marquise
    rule rabbit clearings 3 and 4, and 10 only with the mercenaries."""
    sc = _mercs_at_10(True)
    sc.hand("marquise", [VISIT, BAKE_SALE, MOUSE_SACK, INVESTMENTS, ROOT_TEA_F])  # draws a sixth: a discard
    sc.warriors("marquise", 3, 1).warriors("marquise", 4, 1).active_dominance("marquise", ("Dominance", "rabbit"))
    g = sc.start("marquise", at="evening")
    assert g.decision == "discard (hand limit)" and g.phase == "evening"
    assert rules_now(g, 10) == "marquise"
    do(g, card(VISIT))
    assert g.active == "riverfolk" and rules_now(g, 10) == "riverfolk"
    while g.active != "marquise" and not g.is_over:  # the Riverfolk's turn: done, then prices
        do(g, K.A_DONE if K.A_DONE in legal(g) else int(g.legal_actions()[0]))
    assert not g.is_over and g.phase == "birdsong"
    assert rules_now(g, 10) == "riverfolk"


def _merc_battle(seed: int, mq: int, rf: int, other: str, n_other: int) -> Game:
    """The Marquise (mq warriors, mercenaries bought) at 10 with rf Riverfolk warriors and n_other of `other`;
    stopped at 'battle: defender' in 10."""
    sc = Scenario(("marquise", other, "riverfolk"), seed=seed)
    if mq:
        sc.warriors("marquise", 10, mq)
    sc.warriors("marquise", 1, 1).warriors("riverfolk", 10, rf).warriors(other, 10, n_other).bought("mercenaries")
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(10))
    assert g.decision == "battle: defender"
    return g


def test_reading_battle_with_mercenaries_alone_against_anyone_but_the_riverfolk():
    """Reading (docs/rules.md) of 11.2.7.III: the buyer treats Riverfolk warriors as their own "for battle
    against factions other than the Riverfolk": with no warrior of their own in 10, the Marquise battle the
    Eyrie there with them (the Riverfolk cannot be the defender). The mercenaries deal the hits and take
    those the buyer cannot."""
    g = with_dice(lambda seed: _merc_battle(seed, 0, 2, "eyrie", 1), 1, 1)
    assert legal(g) == {faction("eyrie")}
    do(g, faction("eyrie"))
    finish_hits(g)
    assert warriors(g, "eyrie", 10) == 0 and warriors(g, "riverfolk", 10) == 1


def test_law_11_2_7_iii_no_battle_with_the_riverfolks_warriors_without_buying():
    sc = Scenario(("marquise", "eyrie", "riverfolk"), seed=1)
    sc.warriors("marquise", 1, 1).warriors("eyrie", 1, 1).warriors("riverfolk", 10, 2).warriors("eyrie", 10, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE))
    assert clearings_offered(g) == {1}


def test_law_11_2_7_iii_mercenaries_do_not_fight_the_riverfolk():
    """11.2.7.III: "for battle against factions other than the Riverfolk": battling the Riverfolk, the Marquise
    deal at most their own two hits, and take the Riverfolk's hits alone (no split)."""
    g = with_dice(lambda seed: _merc_battle(seed, 2, 3, "eyrie", 0), 3, 2)
    assert legal(g) == {faction("riverfolk")}
    do(g, faction("riverfolk"))
    finish_hits(g)
    assert warriors(g, "riverfolk", 10) == 1  # 3 - min(3, 2 Marquise warriors)
    assert warriors(g, "marquise", 10) == 0   # both hits on the Marquise


@pytest.mark.parametrize("hits, mq_lost, rf_lost", [(1, 1, 0), (2, 1, 1), (3, 2, 1)])
def test_law_11_2_7_iii_a_hits_split_evenly_the_buyer_takes_odd_hits(hits, mq_lost, rf_lost):
    """11.2.7.III.a: "The buyer must split hits taken evenly between their pieces and Riverfolk warriors, with
    the buyer taking odd hits." The defending Alliance deals the higher roll (8.2.2)."""
    lo = 1
    g = with_dice(lambda seed: _merc_battle(seed, 2, 2, "alliance", 3), hits, lo)
    do(g, faction("alliance"))
    finish_hits(g)
    assert warriors(g, "marquise", 10) == 2 - mq_lost and warriors(g, "riverfolk", 10) == 2 - rf_lost
    assert warriors(g, "alliance", 10) == 3 - min(lo, 3)  # the attack's hits counted the mercenaries (4)


def test_law_11_2_7_iii_a_an_ambush_on_the_buyer_is_split_too():
    """11.2.7.III.a covers every hit taken, an ambush's two (4.3.1) as well: one each. The Eyrie defend with a
    roost only, so the roll deals the Marquise nothing more."""
    sc = sc3()
    sc.warriors("marquise", 10, 2).warriors("riverfolk", 10, 2).building("roost", 10)
    sc.hand("eyrie", [("Ambush!", "bird")]).bought("mercenaries")
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(10), faction("eyrie"))
    assert g.decision == "ambush?" and g.current_player == "eyrie"
    do(g, K.A_CARD + card_id(("Ambush!", "bird")))
    finish_hits(g)
    assert warriors(g, "marquise", 10) == 1 and warriors(g, "riverfolk", 10) == 1


def test_reading_merc_hits_the_buyer_cannot_take_fall_on_the_mercenaries():
    """Reading (docs/rules.md): three hits, the buyer's share two, but the Marquise have one piece there: the
    mercenaries take the rest."""
    g = with_dice(lambda seed: _merc_battle(seed, 1, 3, "alliance", 3), 3, 0)
    do(g, faction("alliance"))
    finish_hits(g)
    assert warriors(g, "marquise", 10) == 0 and warriors(g, "riverfolk", 10) == 1


def _merc_buildings_battle(mq: int, rf: int, hits: int) -> Game:
    """The Marquise (mq warriors and a sawmill at 10, mercenaries bought) battle the Alliance (3 warriors) in 10
    with rf Riverfolk warriors there; the Alliance's defence deals `hits` (8.2.2: the higher roll)."""
    def build(seed):
        sc = Scenario(("marquise", "alliance", "riverfolk"), seed=seed)
        if mq:
            sc.warriors("marquise", 10, mq)
        sc.building("sawmill", 10).warriors("riverfolk", 10, rf).warriors("marquise", 1, 1)
        sc.warriors("alliance", 10, 3).bought("mercenaries")
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(10))
        return g
    g = with_dice(build, hits, 0)
    do(g, faction("alliance"))
    finish_hits(g)
    return g


def test_law_11_2_7_iii_a_the_buyers_buildings_are_among_their_pieces():
    """11.2.7.III.a splits hits between "their pieces" and the mercenaries; the buyer's buildings go only once no
    warrior of the side (his or the mercenaries') is left (4.3.3): three hits on one Marquise warrior, a sawmill and
    two mercenaries take the warrior and both mercenaries; with one mercenary, the sawmill takes the third hit (and
    scores, 3.2.1)."""
    g = _merc_buildings_battle(1, 2, 3)
    assert warriors(g, "marquise", 10) == 0 and warriors(g, "riverfolk", 10) == 0
    assert building(g, BT_SAWMILL, 10) == 1 and vp(g, "alliance") == 0
    g = _merc_buildings_battle(1, 1, 3)
    assert warriors(g, "marquise", 10) == 0 and warriors(g, "riverfolk", 10) == 0
    assert building(g, BT_SAWMILL, 10) == 0 and vp(g, "alliance") == 1


def test_reading_mercenaries_hits_take_the_side_s_warriors_before_the_buyers_buildings():
    """Reading (docs/rules.md) of 11.2.7.III.a ("split hits taken evenly between their pieces and Riverfolk warriors,
    with the buyer taking odd hits") against 4.3.3 ("remove all their warriors there before ... any of their
    buildings or tokens"): the mercenaries are the buyer's own warriors for battle, so his buildings and tokens wait
    until no warrior of the side is left, as the current Law's 11.2.7.III.a says ("owned buildings or tokens only if
    they have no warriors (including Riverfolk) in the clearing of battle"). The Marquise have a sawmill and no
    warrior in 10, two mercenaries: three hits remove both mercenaries, then the sawmill (her share of two falls on
    the mercenaries first), and the Alliance score the sawmill (3.2.1)."""
    g = _merc_buildings_battle(0, 2, 3)
    assert warriors(g, "riverfolk", 10) == 0 and building(g, BT_SAWMILL, 10) == 0 and vp(g, "alliance") == 1
    g = _merc_buildings_battle(0, 3, 2)  # two hits, three mercenaries: the sawmill stays
    assert warriors(g, "riverfolk", 10) == 1 and building(g, BT_SAWMILL, 10) == 1 and vp(g, "alliance") == 0


def _favor_of_the_rabbits(bought: bool) -> Game:
    sc = sc2()
    for n in (3, 4, 5):
        sc.building("workshop", n)
    sc.warriors("riverfolk", 4, 1).warriors("riverfolk", 10, 2).trade_post(10).hand("marquise", [FAVOR_RABBITS])
    if bought:
        sc.bought("mercenaries")
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_RABBITS))
    return g


def test_law_11_2_7_iii_the_buyer_cannot_remove_mercenaries_with_a_favor_card():
    """11.2.7.III: the buyer cannot "remove them except by taking hits": Favor of the Rabbits leaves the
    Riverfolk's warriors (but not their trade post, which is no mercenary)."""
    g = _favor_of_the_rabbits(True)
    assert warriors(g, "riverfolk", 4) == 1 and warriors(g, "riverfolk", 10) == 2
    assert posts(g, 10) == 0 and gone(g, "rabbit") == 1
    g = _favor_of_the_rabbits(False)
    assert warriors(g, "riverfolk", 4) == 0 and warriors(g, "riverfolk", 10) == 0


def test_law_11_2_7_iii_b_the_vagabond_cannot_buy_mercenaries():
    """11.2.7.III.b: "The Vagabond cannot buy Riverfolk mercenaries." """
    sc = sc2("vagabond")
    sc.vagabond("thief", at=5).vb_items("ready", boot=2, torch=1, sword=1)
    sc.prices(1, 1, 1).hand("riverfolk", [ANVIL])
    g = sc.start("vagabond", at="services")
    assert legal(g) == {service(HAND_CARD), service(RIVERBOATS), K.A_DONE}


# ================================================================== 11.3 setup
def _to_riverfolk_setup(keep: int) -> Game:
    g = Game.new(("marquise", "riverfolk"), seed=3)
    do(g, cl(keep))
    while g.decision == "setup: building":
        do(g, int(g.legal_actions()[0]))
    return g


@pytest.mark.parametrize("keep, offered", [(1, RIVER_CLEARINGS), (4, RIVER_CLEARINGS - {4})])
def test_law_11_3_setup(keep, offered):
    """11.3.1 "a supply of 15 warriors"; 11.3.2 "Place four warriors on any clearing or clearings connected to
    the river" (not the keep's, 6.2.2); 11.3.3 the 9 trade posts on their tracks; 11.3.4 "Place three warriors
    in the Payments box"; 11.3.5 "Place a service marker on one space of each Services track" (1-4)."""
    assert WARRIOR_TOTAL[RIVERFOLK] == 15
    g = _to_riverfolk_setup(keep)
    assert g.decision == "setup: riverfolk warrior" and g.current_player == "riverfolk"
    assert supply(g, "riverfolk") == 15
    placed = []
    for _ in range(4):
        assert clearings_offered(g) == offered  # any of them, several in one clearing too
        n = sorted(offered)[-1]
        do(g, cl(n))
        placed.append(n)
    assert warriors(g, "riverfolk", placed[0]) == 4
    assert payments(g, "riverfolk") == 3 and supply(g, "riverfolk") == 15 - 4 - 3 and funds(g) == 0
    for suit in ("fox", "rabbit", "mouse"):
        assert posts_on_map(g, suit) == 0 and gone(g, suit) == 0
    for k, p in enumerate((3, 1, 4)):
        assert g.decision == "riverfolk: set price"
        assert legal(g) == {price_action(x) for x in (1, 2, 3, 4)}
        do(g, price_action(p))
    assert prices(g) == [3, 1, 4]
    assert g.phase == "birdsong" and g.active == "marquise"


# ================================================================== 11.4 Birdsong
def test_law_11_4_1_protectionism_when_payments_are_empty():
    """11.4.1: "If the Payments box is empty, place two warriors in it" (then 11.4.3 gathers them)."""
    sc = sc2()
    g = sc.start("riverfolk", at="riverfolk_birdsong")
    assert g.phase == "daylight" and funds(g, "riverfolk") == 2 and supply(g, "riverfolk") == 13


def test_law_11_4_1_no_protectionism_with_any_payment():
    sc = sc2()
    sc.payments("marquise", 1)
    g = sc.start("riverfolk", at="riverfolk_birdsong")
    assert funds(g) == 1 and funds(g, "marquise") == 1 and supply(g, "riverfolk") == 15


def test_law_11_4_1_protectionism_places_what_the_supply_holds():
    """2.5: "If you are prompted to place ... but you cannot, you must place ... the maximum number possible"."""
    sc = sc2()
    sc.warriors("riverfolk", 4, 14)
    g = sc.start("riverfolk", at="riverfolk_birdsong")
    assert funds(g, "riverfolk") == 1 and supply(g, "riverfolk") == 0


@pytest.mark.parametrize("on_map, points", [(True, 2), (False, 0)])
def test_law_11_4_2_dividends(on_map, points):
    """11.4.2: "If there are any trade posts on the map, score one victory point per two funds. (You do not
    score points for warriors in the Payments or Committed boxes.)" Five funds: 2 VP. A post in the box is
    not on the map."""
    sc = sc2()
    sc.funds("riverfolk", 3).funds("marquise", 2).payments("marquise", 4).committed("riverfolk", 3)
    if on_map:
        sc.trade_post(1)
    else:
        sc.posts_gone(fox=1)
    g = sc.start("riverfolk", at="riverfolk_birdsong")
    assert vp(g, "riverfolk") == points


def test_law_11_4_3_gather_funds_by_owner():
    """11.4.3: "Move all warriors on your faction board to the Funds box" (Payments and Committed), each still
    its owner's."""
    sc = sc2()
    sc.funds("riverfolk", 1).payments("marquise", 3).payments("riverfolk", 1).committed("riverfolk", 2)
    sc.committed("marquise", 1)
    g = sc.start("riverfolk", at="riverfolk_birdsong")
    assert funds(g, "marquise") == 4 and funds(g, "riverfolk") == 4
    assert payments(g, "marquise") == payments(g, "riverfolk") == 0
    assert committed(g, "marquise") == committed(g, "riverfolk") == 0


# ================================================================== 11.5 Daylight
def test_law_11_5_nothing_to_commit_without_funds():
    """11.5: every Daylight action is paid with funds (the trade post with its ruler's): with none, the
    Riverfolk can only end their Daylight."""
    sc = sc2()
    sc.warriors("riverfolk", 5, 2).warriors("marquise", 1, 1).hand("riverfolk", [ANVIL]).trade_post(6)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert legal(g) == {K.A_DONE}


def test_law_11_5_1_move_commits_one_fund():
    """11.5.1: "Commit one fund to take a move." Committing moves the warrior to the Committed box (11.5)."""
    sc = sc2()
    sc.funds("riverfolk", 2).warriors("riverfolk", 5, 2)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_MOVE), cl(5), cl(1), count(2))
    assert warriors(g, "riverfolk", 1) == 2
    assert funds(g) == 1 and committed(g, "riverfolk") == 1 and g.decision == "riverfolk: daylight"


def test_law_11_5_2_battle_commits_one_fund():
    """11.5.2: "Commit one fund to initiate a battle." """
    sc = sc2()
    sc.funds("riverfolk", 1).warriors("riverfolk", 5, 2).warriors("marquise", 5, 1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_BATTLE), cl(5))
    if g.decision == "battle: defender":
        do(g, faction("marquise"))
    finish_hits(g)
    assert funds(g) == 0 and committed(g, "riverfolk") == 1


def test_law_11_5_4_draw_commits_one_fund():
    """11.5.4: "Commit one fund to draw a card." """
    sc = sc2()
    sc.funds("riverfolk", 1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_DRAW))
    assert hand_n(g, "riverfolk") == 1 and funds(g) == 0 and committed(g, "riverfolk") == 1


def test_law_11_5_5_recruit_spends_one_fund_in_any_river_clearing():
    """11.5.5: "Spend one fund to place a warrior in any clearing with a river." Spending returns the warrior
    to its owner's supply (11.5); rule does not matter, the keep's clearing is closed (6.2.2)."""
    sc = sc2()
    sc.funds("riverfolk", 1).warriors("marquise", 10, 5).token("keep", 4)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    rf = supply(g, "riverfolk")
    do(g, opt(K.OPT_RECRUIT))
    assert g.decision == "riverfolk recruit: where"
    assert clearings_offered(g) == RIVER_CLEARINGS - {4}
    do(g, cl(10))
    assert warriors(g, "riverfolk", 10) == 1
    assert funds(g) == 0 and committed(g, "riverfolk") == 0 and supply(g, "riverfolk") == rf  # +1 spent, -1 placed


def _post_position() -> Scenario:
    """Marquise rule 1 (keep), 2 and 6 (a fox post there); the Eyrie rule 3; the Riverfolk rule 5; 7 and 9
    are empty. Funds: Marquise 2, Eyrie 1, Riverfolk 2."""
    sc = sc3()
    sc.token("keep", 1).warriors("marquise", 1, 1).warriors("marquise", 2, 1).warriors("marquise", 6, 1)
    sc.trade_post(6).warriors("eyrie", 3, 1).warriors("riverfolk", 5, 1)
    sc.funds("marquise", 2).funds("eyrie", 1).funds("riverfolk", 2)
    return sc


def test_law_11_5_6_i_trade_post_in_a_ruled_clearing_without_a_post():
    """11.5.6.I: "Choose any clearing without a trade post that is ruled by any player"; 11.5.6.II its ruler
    must have the two funds to spend; not the keep's clearing (6.2.2)."""
    g = _post_position().start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_TRADE_POST))
    assert g.decision == "trade post: where"
    assert clearings_offered(g) == {2, 5}


def test_law_11_5_6_ii_iii_spend_two_funds_of_the_ruler_place_post_and_warrior_score():
    """11.5.6.II: "Spend two funds of the player who rules the chosen clearing." 11.5.6.III: "Place the
    matching trade post and one warrior in the chosen clearing. Score the victory points listed on the space
    revealed" (2)."""
    g = _post_position().start("riverfolk", at="riverfolk_daylight")
    mq = supply(g, "marquise")
    do(g, opt(K.OPT_TRADE_POST), cl(2))
    assert funds(g, "marquise") == 0 and supply(g, "marquise") == mq + 2  # spent: back to the owner's supply
    assert funds(g, "riverfolk") == 2 and funds(g, "eyrie") == 1
    assert int(g.state[TOKENS + (TT_TRADEPOST + SUIT_NAMES.index("mouse")) * NC + 1]) == 1
    assert warriors(g, "riverfolk", 2) == 1 and vp(g, "riverfolk") == 2
    do(g, opt(K.OPT_TRADE_POST), cl(5))  # the Riverfolk's own clearing: their own funds
    assert funds(g, "riverfolk") == 0 and posts(g, 5) == 1 and vp(g, "riverfolk") == 4


def test_law_11_5_6_no_post_of_the_suit_left():
    """11.5.6.III places "the matching trade post": none is left once the three fox posts are on the map or
    in the box."""
    sc = sc2()
    sc.funds("riverfolk", 4).warriors("riverfolk", 1, 1).warriors("riverfolk", 5, 1)
    sc.trade_post(6).trade_post(8).posts_gone(fox=1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_TRADE_POST))
    assert clearings_offered(g) == {5}


def test_law_11_5_3_i_export():
    """11.5.3.I: "You may ignore the listed benefit of crafting a card, discarding it, to place one of your
    warriors in the Payments box." The cost is paid as for crafting (a fund on an empty fox space)."""
    sc = sc2()
    sc.funds("riverfolk", 1).hand("riverfolk", [ANVIL]).trade_post(1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_EXPORT))
    assert g.decision == "export: card" and cards_offered(g) == {card(ANVIL)}
    do(g, card(ANVIL))
    assert loc(g, ANVIL) == LOC_DISCARD and crafted_items(g, "riverfolk", "hammer") == 0 and vp(g, "riverfolk") == 0
    assert payments(g, "riverfolk") == 1 and committed(g, "riverfolk") == 1 and funds(g) == 0
    assert supply(g, "riverfolk") == 15 - 1 - 1


# ================================================================== 11.6 Evening
def test_law_11_6_discard_to_five_then_set_costs():
    """11.6.1: "If you have more than five cards in your hand, discard cards of your choice until there are
    five." 11.6.2: "You may move each service marker to any space on its track" (in that order)."""
    sc = sc2()
    hand = [ANVIL, BAKE_SALE, MOUSE_SACK, INVESTMENTS, ROOT_TEA_F, VISIT, CROSSBOW]
    sc.hand("riverfolk", hand).prices(2, 2, 2)
    g = sc.start("riverfolk", at="riverfolk_evening")
    assert g.decision == "discard (hand limit)" and g.current_player == "riverfolk"
    do(g, card(ANVIL))
    assert g.decision == "discard (hand limit)"
    do(g, card(CROSSBOW))
    assert hand_n(g, "riverfolk") == 5
    for p in (4, 2, 1):
        assert g.decision == "riverfolk: set price"
        assert legal(g) == {price_action(x) for x in (1, 2, 3, 4)}  # any space, the current one too
        do(g, price_action(p))
    assert prices(g) == [4, 2, 1]
    assert g.active == "marquise"


def test_law_11_6_2_set_costs_without_discarding():
    sc = sc2()
    sc.hand("riverfolk", [ANVIL])
    g = sc.start("riverfolk", at="riverfolk_evening")
    assert g.decision == "riverfolk: set price"


def test_law_11_2_7_ii_riverboats_serve_the_eyries_decree():
    """11.2.7.II in another faction's rules: the Eyrie's Decree moves along a river once they bought
    Riverboats (the move still needs rule, 4.2.1)."""
    for boats, want in ((False, {1, 2}), (True, {1, 2, 10})):
        sc = Scenario(("eyrie", "riverfolk"), seed=1)
        sc.leader("despot").warriors("eyrie", 5, 2).decree("move", [VISIT])
        if boats:
            sc.bought("riverboats")
        g = sc.start("eyrie", at="eyrie_decree")
        do(g, card(VISIT), cl(5))
        assert clearings_offered(g) == want, boats


# ================================================================== readings
def test_reading_rivers_are_paths_for_movement_only():
    """Reading (docs/rules.md): rivers are paths for moving (2.3, 11.2.2, 11.2.7.II), not adjacency for other
    rules: with Riverboats, the Alliance still spread sympathy from 5 only to 1 and 2 (8.4.2.I), not over the
    river to 10."""
    sc = Scenario(("alliance", "riverfolk"), seed=1)
    sc.token("sympathy", 5).supporters([ARMS_TRADER, VISIT, BAKE_SALE, ("Root Tea", "rabbit")]).bought("riverboats")
    g = sc.start("alliance", at="alliance_spread")
    assert int(g.state[RF_BOUGHT + RIVERBOATS]) == 1
    assert clearings_offered(g) == {1, 2}


def test_reading_mercenaries_count_for_the_buyer_and_not_for_the_riverfolk():
    """Reading (docs/rules.md) of 11.2.7.III: in the buyer's Daylight the Riverfolk's warriors rule for the
    buyer, even where the buyer has no piece, and not for the Riverfolk."""
    sc = sc3()
    sc.warriors("riverfolk", 7, 2).warriors("eyrie", 7, 1).warriors("riverfolk", 9, 1).warriors("marquise", 1, 1)
    g = sc.start("marquise", at="marquise_actions")
    assert rules_now(g, 7) == "riverfolk" and rules_now(g, 9) == "riverfolk"
    sc = sc3()
    sc.warriors("riverfolk", 7, 2).warriors("eyrie", 7, 1).warriors("riverfolk", 9, 1).warriors("marquise", 1, 1)
    sc.bought("mercenaries")
    g = sc.start("marquise", at="marquise_actions")
    assert rules_now(g, 7) == "marquise" and rules_now(g, 9) == "marquise"


def test_reading_services_are_bought_before_better_burrow_bank():
    """Reading (docs/rules.md): both happen "at the start of Birdsong"; services come first."""
    sc = sc3()
    sc.crafted("marquise", ("Better Burrow Bank", "rabbit")).warriors("marquise", 1, 1)
    sc.hand("riverfolk", [ANVIL]).prices(hand_card=1)
    g = sc.start("marquise", at="birdsong")
    assert g.decision == "buy services"
    do(g, service(HAND_CARD), card(ANVIL))
    assert g.decision == "better burrow bank: player"
    assert in_hand(g, "marquise", ANVIL)


def test_reading_riverboats_and_mercenaries_once_a_turn_hand_card_repeatable():
    """Reading (docs/rules.md): only Hand Card says it may be bought more than once (11.2.7.I); Riverboats and
    Mercenaries last the turn, so a second purchase would do nothing: once a turn each."""
    sc = sc2()
    sc.prices(1, 1, 1).hand("riverfolk", [ANVIL, BAKE_SALE, MOUSE_SACK])
    for n in (1, 5, 6, 8):  # four trade post clearings with Marquise warriors: five services
        sc.trade_post(n).warriors("marquise", n, 1)
    g = sc.start("marquise", at="services")
    assert int(g.state[RF_SERVICES_LEFT]) == 5
    do(g, service(RIVERBOATS))
    assert service(RIVERBOATS) not in legal(g)
    do(g, service(MERCENARIES))
    assert legal(g) == {service(HAND_CARD), K.A_DONE}
    do(g, service(HAND_CARD), card(ANVIL), service(HAND_CARD), card(BAKE_SALE))
    assert g.decision == "buy services" and legal(g) == {service(HAND_CARD), K.A_DONE}


def test_reading_export_waives_the_item_supply_and_duplicates_not_the_card_kind():
    """Reading (docs/rules.md) of 11.5.3.I: Export "ignore[s] the listed benefit", so a card whose benefit could
    not be had (its item gone from the supply, a persistent card already crafted) can still be exported; a
    card that cannot be crafted at all (ambush, dominance) cannot."""
    sc = sc2()
    sc.funds("riverfolk", 2).trade_post(1).item_supply(hammer=0).crafted("riverfolk", 6)  # Armorers (bird) #6
    sc.hand("riverfolk", [ANVIL, 7, AMBUSH_FOX, DOM_FOX])  # Armorers #7: fox cost, a duplicate
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert card(ANVIL) not in legal(g) and K.A_CARD + 7 not in legal(g)
    do(g, opt(K.OPT_EXPORT))
    assert cards_offered(g) == {card(ANVIL), K.A_CARD + 7}
    do(g, K.A_CARD + 7)
    assert int(g.state[CARD_LOC + 7]) == LOC_DISCARD and payments(g, "riverfolk") == 1
    sc = sc2()
    sc.funds("riverfolk", 2).trade_post(1).hand("riverfolk", [AMBUSH_FOX, DOM_FOX])
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert opt(K.OPT_EXPORT) not in legal(g)


def test_reading_the_riverfolk_choose_whose_funds_are_committed_and_spent():
    """Reading (docs/rules.md): 11.5 does not say which funds go; the Riverfolk choose, asked only when it
    can differ."""
    sc = sc2()
    sc.funds("marquise", 1).funds("riverfolk", 2).warriors("riverfolk", 5, 1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_DRAW))
    assert g.decision == "funds: whose warrior" and factions_offered(g) == {"marquise", "riverfolk"}
    do(g, faction("marquise"))
    assert committed(g, "marquise") == 1 and funds(g, "marquise") == 0
    do(g, opt(K.OPT_RECRUIT))  # only the Riverfolk's own are left: no question
    assert g.decision == "riverfolk recruit: where"
    do(g, cl(5))
    assert funds(g) == 1
    sc = sc2()
    sc.funds("marquise", 1).funds("riverfolk", 1).hand("riverfolk", [FOX_STEEL]).trade_post(1).trade_post(6)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, card(FOX_STEEL))  # both funds go anyway: no question
    assert g.decision == "riverfolk: daylight" and committed(g, "marquise") == committed(g, "riverfolk") == 1


def test_law_11_2_5_i_trade_disruption_when_a_battle_removes_the_post():
    """11.2.5.I "Whenever a trade post is removed": by hits too. The Marquise battle a lone post."""
    def build(seed):
        sc = sc2(seed=seed)
        sc.warriors("marquise", 1, 2).trade_post(1).funds("riverfolk", 4)
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_BATTLE), cl(1))
        return g
    g = with_dice(build, 1, 0)
    if g.decision == "battle: defender":
        do(g, faction("riverfolk"))
    finish_hits(g)
    assert posts(g, 1) == 0 and gone(g, "fox") == 1 and funds(g) == 2 and vp(g, "marquise") == 1


def _revolt_on_a_post() -> Game:
    sc = Scenario(("alliance", "riverfolk"), seed=1)
    sc.token("sympathy", 8).warriors("riverfolk", 8, 1).trade_post(8).funds("riverfolk", 5)
    sc.supporters([ANVIL, ROOT_TEA_F])
    g = sc.start("alliance", at="alliance_revolt")
    do(g, cl(8))
    return g


def _strike_on_a_post() -> Game:
    sc = Scenario(("vagabond", "riverfolk"), seed=1)
    sc.vagabond("thief", at=8).vb_items("ready", crossbow=1).trade_post(8).funds("riverfolk", 5)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_STRIKE))
    assert g.decision == "strike: target"
    do(g, piece("tradepost_fox"))
    return g


@pytest.mark.parametrize("remove", [_revolt_on_a_post, _strike_on_a_post])
def test_law_11_2_5_i_trade_disruption_whoever_removes_the_post(remove):
    """11.2.5.I "Whenever a trade post is removed": by the Alliance's revolt (8.4.1) or the Vagabond's Strike
    (9.5.6) as well: 5 funds -> 2."""
    g = remove()
    assert posts(g, 8) == 0 and gone(g, "fox") == 1 and funds(g) == 2


@pytest.mark.parametrize("before, after", [(8, 2), (5, 1), (1, 0)])
def test_reading_trade_disruption_for_several_posts_each_halves_what_is_left(before, after):
    """Reading (docs/rules.md) of 11.2.5.I ("Whenever a trade post is removed"): two posts removed by one Favor
    card take half, rounded up, twice: 8 -> 4 -> 2, 5 -> 2 -> 1."""
    g = _favor_of_the_foxes(before, post_at=(1, 6))
    assert posts_on_map(g, "fox") == 0 and gone(g, "fox") == 2
    assert funds(g) == after


# ================================================================== bad input
def _raises_unchanged(g: Game, action, match: str) -> None:
    before = g.state.copy()
    with pytest.raises(IllegalActionError, match=match):
        g.apply(action)
    assert g.state.tobytes() == before.tobytes(), f"state changed by the rejected action {action!r}"


def _at_setup() -> Game:
    return _to_riverfolk_setup(1)


def _at_price() -> Game:
    g = _to_riverfolk_setup(1)
    for _ in range(4):
        do(g, cl(4))
    return g


def _at_services() -> Game:
    sc = sc2()
    sc.prices(1, 2, 4).hand("riverfolk", [ANVIL]).warriors("marquise", 2, 12).warriors("marquise", 3, 10)
    return sc.start("marquise", at="services")  # 3 in supply: mercenaries (4) unaffordable


def _at_services_vagabond() -> Game:
    sc = sc2("vagabond")
    sc.vagabond("thief", at=5).vb_items("ready", boot=2, torch=1).prices(1, 1, 1).hand("riverfolk", [ANVIL])
    return sc.start("vagabond", at="services")


def _at_pay_item() -> Game:
    sc = sc2("vagabond")
    sc.vagabond("thief", at=5).vb_items("ready", boot=2, torch=1).vb_items("exhausted", sword=1).prices(riverboats=2)
    g = sc.start("vagabond", at="services")
    do(g, service(RIVERBOATS))
    return g


def _at_hand_card() -> Game:
    sc = sc2()
    sc.prices(hand_card=1).hand("riverfolk", [ANVIL, BAKE_SALE]).hand("marquise", [MOUSE_SACK])
    g = sc.start("marquise", at="services")
    do(g, service(HAND_CARD))
    return g


def _at_daylight() -> Game:
    sc = sc2()
    sc.funds("riverfolk", 1).hand("riverfolk", [ANVIL, AMBUSH_FOX]).warriors("riverfolk", 5, 1)
    return sc.start("riverfolk", at="riverfolk_daylight")


def _at_fund_owner() -> Game:
    sc = sc2()
    sc.funds("riverfolk", 1).funds("marquise", 1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_DRAW))
    return g


def _at_recruit_where() -> Game:
    sc = sc2()
    sc.funds("riverfolk", 1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_RECRUIT))
    return g


def _at_post_where() -> Game:
    g = _post_position().start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_TRADE_POST))
    return g


def _at_export_card() -> Game:
    sc = sc2()
    sc.funds("riverfolk", 1).trade_post(1).hand("riverfolk", [ANVIL, AMBUSH_FOX, VISIT])
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_EXPORT))
    return g


def _at_disrupt() -> Game:
    sc = Scenario(("marquise", "eyrie", "riverfolk"), seed=1)
    for n in (1, 6, 8):
        sc.building("workshop", n)
    sc.trade_post(1).funds("riverfolk", 3).funds("marquise", 2).hand("marquise", [FAVOR_FOXES])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_FOXES))
    return g


BAD = {
    # decision: (position, illegal actions)
    "setup: riverfolk warrior": (_at_setup, [cl(1), cl(2), cl(12), K.A_DONE]),
    "riverfolk: set price": (_at_price, [K.A_COUNT + 4, K.A_COUNT + 24, K.A_FACTION + NF - 1, K.A_DONE]),
    "buy services": (_at_services, [service(MERCENARIES), opt(K.OPT_SERVICE + 3), opt(K.OPT_SERVICE - 1)]),
    "buy services (the Vagabond)": (_at_services_vagabond, [service(MERCENARIES)]),
    "services: exhaust item": (_at_pay_item, [item("sword"), item("sword", "exhausted"), item("hammer"), K.A_DONE]),
    "hand card: which": (_at_hand_card, [card(MOUSE_SACK), card(VISIT), K.A_DONE]),
    "riverfolk: daylight": (_at_daylight, [card(ANVIL), card(AMBUSH_FOX), opt(K.OPT_TRADE_POST), opt(K.OPT_EXPORT),
                                           opt(K.OPT_MARCH), service(HAND_CARD)]),
    "funds: whose warrior": (_at_fund_owner, [faction("eyrie"), faction("vagabond"), K.A_DONE]),
    "riverfolk recruit: where": (_at_recruit_where, [cl(1), cl(12), K.A_DONE]),
    "trade post: where": (_at_post_where, [cl(1), cl(3), cl(6), cl(9), K.A_DONE]),
    "export: card": (_at_export_card, [card(AMBUSH_FOX), card(VISIT), card(BAKE_SALE), K.A_DONE]),
    "trade disruption: whose fund": (_at_disrupt, [faction("eyrie"), faction("vagabond"), K.A_DONE]),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_input_each_riverfolk_decision_refuses_illegal_actions_unchanged(name):
    """Every Riverfolk decision refuses an illegal or out-of-range action with a clear error, and the state
    stays byte-identical."""
    build, illegal = BAD[name]
    g = build()
    assert g.decision == name.split(" (")[0], g.decision
    for a in illegal:
        assert a not in legal(g), (name, g.describe(a))
        _raises_unchanged(g, a, f"action {a} is not legal")
    for a in (-1, K.N_ACTIONS, 10**9):
        _raises_unchanged(g, a, "out of range")
    _raises_unchanged(g, "3", "must be an integer")
    g.apply(int(g.legal_actions()[0]))  # and a legal one still goes through


@pytest.mark.parametrize("call, match", [
    (lambda sc: sc.prices(hand_card=5), "price must be 1..4"),
    (lambda sc: sc.prices(riverboats=0), "price must be 1..4"),
    (lambda sc: sc.prices(mercenaries="2"), "price must be 1..4"),
    (lambda sc: sc.funds("riverfolk", -1), "count >= 0"),
    (lambda sc: sc.funds("riverfolk", 16), "only 15 warriors"),
    (lambda sc: sc.payments("eyrie", 1), "not in this game"),
    (lambda sc: sc.committed("cats", 1), "unknown faction"),
    (lambda sc: sc.posts_gone(bird=1), "fox, rabbit or mouse"),
    (lambda sc: sc.posts_gone(fox=4), "cannot be in the box"),
    (lambda sc: sc.trade_post(1).trade_post(6).trade_post(8).trade_post(12), "no fox trade post left"),
    (lambda sc: sc.bought("taxi"), "unknown service"),
])
def test_bad_input_scenario_riverfolk_helpers(call, match):
    """The Scenario's Riverfolk helpers refuse what cannot be, with a RootError naming it."""
    with pytest.raises(RootError, match=match):
        call(sc2())


def test_bad_input_scenario_riverfolk_helpers_need_the_riverfolk():
    with pytest.raises(RootError, match="Riverfolk Company is not in this game"):
        Scenario(("marquise", "eyrie"), seed=1).funds("marquise", 1)
    with pytest.raises(RootError, match=r"by another player \(Law 11.2.6\)"):
        Scenario(("marquise", "eyrie"), seed=1).start("marquise", at="services")
    with pytest.raises(RootError, match=r"by another player \(Law 11.2.6\)"):
        sc2().start("riverfolk", at="services")


# ================================================================== the Scenario's positions
@pytest.mark.parametrize("faction_name, at", [
    ("riverfolk", "riverfolk_birdsong"), ("riverfolk", "riverfolk_daylight"), ("riverfolk", "riverfolk_evening"),
    ("marquise", "services"), ("eyrie", "services"), ("marquise", "marquise_actions")])
def test_scenario_riverfolk_positions_keep_the_engine_invariants(faction_name, at):
    """A position set with every Riverfolk helper conserves every warrior (supply, map and the three boxes, by
    owner) and the trade posts; so does the play that follows (the engine's compiled invariant checker)."""
    sc = sc3(seed=7)
    sc.funds("marquise", 2).funds("eyrie", 1).funds("riverfolk", 3).payments("marquise", 1).committed("eyrie", 2)
    sc.trade_post(1).trade_post(5).posts_gone(fox=1, mouse=2).prices(1, 3, 2).bought("riverboats")
    sc.warriors("riverfolk", 5, 2).warriors("riverfolk", 7, 1).warriors("marquise", 1, 2).warriors("eyrie", 12, 2)
    sc.hand("riverfolk", [ANVIL, BAKE_SALE]).hand("marquise", [VISIT])
    g = sc.start(faction_name, at=at)
    random_play(g, 7, 300, checked=True)


def test_reading_outrage_paid_from_the_public_hand_is_known_to_everyone():
    """8.2.6 with 11.2.3: a card the Riverfolk give as Outrage leaves their face-up hand, so everyone saw it
    go onto the Supporters stack (docs/rules.md, Readings)."""
    anvil = ("Anvil", "fox")
    sc = Scenario(("marquise", "alliance", "riverfolk"), seed=1)
    sc.token("sympathy", 1).funds("riverfolk", 1).warriors("riverfolk", 5, 2).hand("riverfolk", [anvil])
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_MOVE), cl(5), cl(1), count(1))
    assert g.decision == "outrage: card" and g.current_player == "riverfolk"
    do(g, card(anvil))
    c = card_id(*anvil)
    assert int(g.state[CARD_LOC + c]) == LOC_SUPPORTERS and int(g.state[CARD_KNOWN + c]) == ALL_KNOW


def test_law_11_2_5_i_trade_disruption_owing_more_than_thirty_funds_is_a_valid_position():
    """11.2.5.I: the Riverfolk remove half their funds, rounded up: with 80 warriors in Funds (every owner's) a lost
    post owes 40, a position the state's bounds (layout.MAX_FUNDS) and its normalised observation (issue 31) hold."""
    sc = Scenario(("marquise", "eyrie", "lizards", "riverfolk"), seed=1)
    sc.funds("marquise", 20).funds("eyrie", 20).funds("lizards", 25).funds("riverfolk", 15)
    sc.warriors("marquise", 1, 2).trade_post(1).dice(3, 0)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(1))
    if g.decision == "battle: defender":
        do(g, faction("riverfolk"))
    finish_hits(g)
    assert g.current_player == "riverfolk" and int(g.state[RF_DISRUPT]) == 40
    assert (Game.from_state(g.state).state == g.state).all()
    for viewer in g.factions:
        assert 0 <= g.observe(viewer, normalize=True).min() and g.observe(viewer, normalize=True).max() <= 1

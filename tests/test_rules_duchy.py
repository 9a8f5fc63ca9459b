"""Law of Root, section 12 (Underground Duchy), from shared/reference/law_of_root_2024.md, with the numbers of the game
data (factions.underground_duchy) and the readings of docs/rules.md (Underground Duchy): each rule checked through the
action space, and how the shared mechanism meets the faction (movement, removal, crafting, revealed cards).

Readings tested here (docs/rules.md, Underground Duchy):
- The Burrow is place NC (the action A_BURROW): it has no suit, so no card matches it and it counts for no Sway.
- A bird card is wild (Law 2.1.1) for Build, Dig, the Banker and Sway (it may use any clearing with a Duchy piece).
- Dig with all three tunnels on the map removes one first (a Dig that cannot place a tunnel is not offered).
- The Mayor may take the action of a swayed squire or noble that has acted this Parliament.
- Ministers are offered only when their action does something (the Duchess with three tunnels out, ...).

Clearings are named by their printed number 1..12 (Autumn map): fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11;
corners 1-3 and 2-4 opposite. Adjacency: 1: 5 9 10; 2: 5 6 10; 3: 6 7 11; 4: 8 9 12; 5: 1 2; 6: 2 3 11; 7: 3 8 12;
8: 4 7; 9: 1 4 12; 10: 1 2 12; 11: 3 6 12; 12: 4 7 9 10 11.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import DUCHY, ALLIANCE, NC, BT_CITADEL, BT_MARKET, TT_TUNNEL, TT_SYMPATHY, MINISTER_NAMES, DU_WARRIORS
from root_env.engine.invariants import check_state, CHECKS
from root_env.game import Game
from root_env.layout import (DU_BURROW, DU_SWAYED, DU_CROWNS_LOST, TOKENS, BUILDINGS, CARD_LOC, LOC_REVEALED, LOC_HAND,
                             LOC_DISCARD, LOC_SUPPORTERS, HOMELAND, DU_FAILURE)
from root_env.scenario import Scenario, card_id
from rules_helpers import cl, opt, card, do, legal, clearings_offered, vp, warriors, supply, hand_n, finish_hits

DU = "duchy"
F = DUCHY
CITADEL = K.A_PIECE + BT_CITADEL
MARKET = K.A_PIECE + BT_MARKET


def minister(name: str) -> int:
    return K.A_OPT + K.OPT_MINISTER + MINISTER_NAMES.index(name)


def sc(*others, seed=0, **kw):
    return Scenario((DU,) + (others or ("marquise",)), seed=seed, **kw)


def burrow(g) -> int:
    return int(g.state[DU_BURROW])


def tunnel(g, n) -> int:
    return int(g.state[TOKENS + TT_TUNNEL * NC + n - 1])


def bld(g, bt, n) -> int:
    return int(g.state[BUILDINGS + bt * NC + n - 1])


def where(g, c) -> int:
    return int(g.state[CARD_LOC + card_id(c)])


FOX1, FOX2 = ("Anvil", "fox"), ("Foxfolk Steel", "fox")
RABBIT1, RABBIT2 = ("Smuggler's Trail", "rabbit"), ("Root Tea", "rabbit")
MOUSE1, MOUSE2 = ("Mouse-in-a-Sack", "mouse"), ("Sword", "mouse")
BIRD1, BIRD2 = ("Ambush!", "bird"), ("Sappers", "bird")


# ------------------------------------------------------------------ 12.3 setup
def setup_duchy(g):
    """Play the other factions' setups with their first option until the Duchy choose their corner."""
    while g.decision != "setup: duchy corner":
        g.apply(int(g.legal_actions()[0]))
    return g


def test_law_12_3_3_setup_corner_warriors_and_tunnel():
    g = setup_duchy(Game.new((DU, "eyrie"), seed=3))
    eyrie_corner = [n for n in range(1, 5) if warriors(g, "eyrie", n) == 6][0]
    opposite = {1: 3, 3: 1, 2: 4, 4: 2}[eyrie_corner]
    # Law 12.3.3: not another player's corner, diagonally opposite one if possible
    assert clearings_offered(g) == {opposite}
    do(g, cl(opposite))
    assert warriors(g, DU, opposite) == 2 and tunnel(g, opposite) == 1
    adj = {1: (5, 9, 10), 2: (5, 6, 10), 3: (6, 7, 11), 4: (8, 9, 12)}[opposite]
    for n in adj:
        assert warriors(g, DU, n) == 2
    # (the Duchy's first Birdsong has already put one warrior in the Burrow, 12.4)
    assert supply(g, DU) + burrow(g) == DU_WARRIORS - 2 - 2 * len(adj)
    assert int(g.state[HOMELAND + F]) == 1 << (opposite - 1)


def test_law_12_3_4_to_12_3_6_tracks_ministers_and_crowns_at_start():
    g = setup_duchy(Game.new((DU, "marquise"), seed=1))
    do(g, int(g.legal_actions()[0]))
    assert all(int(g.state[DU_SWAYED + m]) == 0 for m in range(9))  # 12.3.5: all nine unswayed
    assert all(int(g.state[DU_CROWNS_LOST + r]) == 0 for r in range(3))  # 12.3.6: nine crowns on the board
    assert sum(bld(g, BT_CITADEL, n) + bld(g, BT_MARKET, n) for n in range(1, 13)) == 0  # 12.3.4: all on the tracks


# ------------------------------------------------------------------ 12.4 Birdsong
@pytest.mark.parametrize("citadels,placed", [(0, 1), (1, 2), (2, 4), (3, 6)])
def test_law_12_4_birdsong_warriors_into_the_burrow(citadels, placed):
    s = sc().warriors(DU, 1, 1)
    for n in (1, 5, 10)[:citadels]:
        s.warriors(DU, n, 1).building("citadel", n)
    g = s.start(DU, at="duchy_birdsong")
    assert burrow(g) == placed


# ------------------------------------------------------------------ 12.2.2 the Burrow
def test_law_12_2_2_burrow_adjacent_to_tunnel_clearings_only():
    g = sc().warriors(DU, 1, 3).warriors(DU, 5, 2).token("tunnel", 1).burrow(2).start(DU, at="duchy_assembly")
    do(g, opt(K.OPT_MOVE))
    assert K.A_BURROW in legal(g)
    do(g, cl(5))
    assert K.A_BURROW not in legal(g)  # clearing 5 has no tunnel
    g = sc().warriors(DU, 1, 3).token("tunnel", 1).start(DU, at="duchy_assembly")
    do(g, opt(K.OPT_MOVE), cl(1), K.A_BURROW, K.A_COUNT + 2)
    assert burrow(g) == 3 and warriors(g, DU, 1) == 0


def test_law_12_2_2_duchy_always_rules_the_burrow():
    # the Marquise rule clearing 1; the Duchy may still move from the Burrow into it (12.2.2 with 4.2.1)
    g = (sc().warriors(DU, 1, 1).warriors("marquise", 1, 4).token("tunnel", 1).burrow(3)
         .start(DU, at="duchy_assembly"))
    do(g, opt(K.OPT_MOVE), K.A_BURROW)
    assert clearings_offered(g) == {1}
    do(g, cl(1), K.A_COUNT + 2)
    assert warriors(g, DU, 1) == 4 and burrow(g) == 0


def test_law_12_2_2_no_other_faction_moves_into_the_burrow():
    g = (sc().warriors("marquise", 1, 3).warriors(DU, 1, 1).token("tunnel", 1)
         .start("marquise", at="marquise_actions"))
    do(g, opt(K.OPT_MARCH), cl(1))
    assert K.A_BURROW not in legal(g)


# ------------------------------------------------------------------ 12.5.1 Assembly
def test_law_12_5_1_two_assembly_actions():
    g = sc().warriors(DU, 1, 1).start(DU, at="duchy_assembly")
    do(g, opt(K.OPT_RECRUIT))
    assert burrow(g) == 1
    do(g, opt(K.OPT_RECRUIT))
    assert burrow(g) == 2
    assert opt(K.OPT_RECRUIT) not in legal(g)  # Law 12.5.1: up to two actions
    assert legal(g) == {K.A_DONE}


def test_law_12_5_1_i_build_reveals_a_matching_card_in_a_ruled_clearing():
    g = (sc().warriors(DU, 1, 2).warriors(DU, 2, 1).warriors("marquise", 2, 3).hand(DU, [FOX1])
         .start(DU, at="duchy_assembly"))
    do(g, opt(K.OPT_BUILD))
    assert clearings_offered(g) == {1}  # fox card: clearing 1 (ruled, fox); 2 is mouse and the Marquise rule it
    do(g, cl(1))
    assert legal(g) == {CITADEL, MARKET}
    do(g, CITADEL, card(FOX1))
    assert bld(g, BT_CITADEL, 1) == 1
    assert where(g, FOX1) == LOC_REVEALED and hand_n(g, DU) == 0  # revealed, not spent
    assert vp(g, DU) == 0


def test_law_12_5_1_ii_recruit_places_in_the_burrow():
    g = sc().warriors(DU, 1, 1).start(DU, at="duchy_assembly")
    before = supply(g, DU)
    do(g, opt(K.OPT_RECRUIT))
    assert burrow(g) == 1 and supply(g, DU) == before - 1


def test_law_12_5_1_v_dig_tunnel_and_up_to_four_warriors():
    g = sc().warriors(DU, 1, 1).burrow(6).hand(DU, [RABBIT1]).start(DU, at="duchy_assembly")
    do(g, opt(K.OPT_DIG), card(RABBIT1))
    assert clearings_offered(g) == {3, 4, 5, 10}  # rabbit clearings without a tunnel
    do(g, cl(5))
    assert tunnel(g, 5) == 1
    assert {a for a in legal(g) if K.A_COUNT <= a < K.A_COUNT + 25} == {K.A_COUNT + k for k in range(4)}
    do(g, K.A_COUNT + 3)
    assert warriors(g, DU, 5) == 4 and burrow(g) == 2
    assert where(g, RABBIT1) == LOC_DISCARD  # spent


def test_law_12_2_4_dig_with_all_tunnels_out_removes_one_first():
    g = (sc().warriors(DU, 1, 1).token("tunnel", 1).token("tunnel", 2).token("tunnel", 3).hand(DU, [FOX1])
         .start(DU, at="duchy_assembly"))
    do(g, opt(K.OPT_DIG), card(FOX1))
    assert g.decision == "dig: remove a tunnel" and clearings_offered(g) == {1, 2, 3}
    do(g, cl(2))
    assert tunnel(g, 2) == 0
    do(g, cl(12))
    assert tunnel(g, 12) == 1 and sum(tunnel(g, n) for n in range(1, 13)) == 3


# ------------------------------------------------------------------ 12.5.2 Parliament
def test_law_12_5_2_each_swayed_minister_once():
    g = (sc().warriors(DU, 1, 1).swayed("captain", "marshal").warriors("marquise", 1, 1).warriors(DU, 5, 1)
         .start(DU, at="duchy_parliament"))
    assert {minister("captain"), minister("marshal")} <= legal(g)
    assert minister("foremole") not in legal(g)  # not swayed
    do(g, minister("marshal"), cl(5), cl(1), K.A_COUNT)
    assert minister("marshal") not in legal(g) and minister("captain") in legal(g)


def test_law_12_5_2_i_foremole_any_card_any_ruled_clearing():
    g = sc().warriors(DU, 2, 1).swayed("foremole").hand(DU, [FOX1]).start(DU, at="duchy_parliament")
    do(g, minister("foremole"))
    assert clearings_offered(g) == {2}  # a mouse clearing, a fox card
    do(g, cl(2), MARKET, card(FOX1))
    assert bld(g, BT_MARKET, 2) == 1 and where(g, FOX1) == LOC_REVEALED


def test_law_12_5_2_iv_brigadier_two_moves():
    g = sc().warriors(DU, 1, 3).swayed("brigadier").start(DU, at="duchy_parliament")
    do(g, minister("brigadier"), opt(K.OPT_MOVE), cl(1), cl(5), K.A_COUNT)
    assert opt(K.OPT_BATTLE) not in legal(g) and opt(K.OPT_MOVE) in legal(g)
    do(g, opt(K.OPT_MOVE), cl(1), cl(9), K.A_COUNT)
    assert warriors(g, DU, 5) == 1 and warriors(g, DU, 9) == 1
    assert g.decision == "duchy: parliament"


def test_law_12_5_2_v_banker_cards_of_one_suit():
    g = sc().warriors(DU, 1, 1).swayed("banker").hand(DU, [FOX1, FOX2, BIRD1, MOUSE1]).start(DU, at="duchy_parliament")
    do(g, minister("banker"), card(FOX1))
    assert card(MOUSE1) not in legal(g) and {card(FOX2), card(BIRD1)} <= legal(g)  # birds are wild (2.1.1)
    do(g, card(FOX2), card(BIRD1), K.A_DONE)
    assert vp(g, DU) == 3
    assert all(where(g, c) == LOC_DISCARD for c in (FOX1, FOX2, BIRD1))


def test_law_12_5_2_vi_mayor_takes_a_swayed_noble_or_squire_action():
    g = sc().warriors(DU, 1, 2).swayed("mayor", "marshal", "earl of stone").start(DU, at="duchy_parliament")
    do(g, minister("marshal"), cl(1), cl(5), K.A_COUNT)
    do(g, minister("mayor"))
    assert legal(g) == {minister("marshal")}  # a squire that acted already; not a lord
    do(g, minister("marshal"), cl(1), cl(9), K.A_COUNT)
    assert warriors(g, DU, 9) == 1


def test_law_12_5_2_vii_to_ix_lords_score():
    s = (sc().warriors(DU, 1, 1).warriors(DU, 5, 1).warriors(DU, 9, 1).swayed("duchess of mud", "baron of dirt",
                                                                             "earl of stone")
         .building("market", 1).building("market", 5).building("citadel", 9)
         .token("tunnel", 1).token("tunnel", 5).token("tunnel", 9))
    g = s.start(DU, at="duchy_parliament")
    do(g, minister("duchess of mud"))
    assert vp(g, DU) == 2
    do(g, minister("baron of dirt"))
    assert vp(g, DU) == 4
    do(g, minister("earl of stone"))
    assert vp(g, DU) == 5


def test_law_12_5_2_vii_duchess_needs_all_three_tunnels():
    g = sc().warriors(DU, 1, 1).swayed("duchess of mud").token("tunnel", 1).start(DU, at="duchy_parliament")
    assert minister("duchess of mud") not in legal(g)


# ------------------------------------------------------------------ 12.5.3 Sway
def test_law_12_5_3_sway_reveals_cards_each_with_its_clearing():
    # Duchy pieces in clearings 1 (fox) and 2 (mouse): two fox cards cannot both be revealed
    g = (sc().warriors(DU, 1, 1).warriors(DU, 2, 1).burrow(5).hand(DU, [FOX1, FOX2, RABBIT1])
         .start(DU, at="duchy_sway"))
    assert minister("captain") not in legal(g)  # a squire needs two cards: one fox clearing, no rabbit clearing
    g = (sc().warriors(DU, 1, 1).warriors(DU, 2, 1).hand(DU, [FOX1, FOX2, BIRD1]).start(DU, at="duchy_sway"))
    assert minister("captain") in legal(g) and minister("brigadier") not in legal(g)  # noble: three cards
    do(g, minister("captain"), card(FOX1))
    assert where(g, FOX1) == LOC_REVEALED
    assert card(FOX2) not in legal(g) and card(BIRD1) in legal(g)  # the bird takes the mouse clearing
    do(g, card(BIRD1))
    assert int(g.state[DU_SWAYED + MINISTER_NAMES.index("captain")]) == 1
    assert vp(g, DU) == 1  # a squire's crown space
    # the turn went on into Evening: the revealed cards came back (12.6.1), the bird discarded
    assert where(g, FOX1) == LOC_HAND + F and where(g, BIRD1) == LOC_DISCARD


def test_law_12_5_3_i_needs_a_crown_of_the_rank():
    g = (sc().warriors(DU, 1, 1).warriors(DU, 2, 1).hand(DU, [FOX1, MOUSE1]).crowns_lost(squire=3)
         .start(DU, at="duchy_sway"))
    assert not {minister(m) for m in ("foremole", "captain", "marshal")} & legal(g)


# ------------------------------------------------------------------ 12.6 Evening
def test_law_12_6_1_revealed_birds_discarded_others_return():
    g = sc().warriors(DU, 1, 1).revealed([FOX1, BIRD1]).start(DU, at="duchy_evening")
    assert where(g, BIRD1) == LOC_DISCARD
    assert where(g, FOX1) == LOC_HAND + F


def test_law_12_6_1_revealed_cards_shown_on_the_revealers_board_only():
    # the Cult and the Duchy share the revealed location (Law 10.5, 12.5.1.I); cards revealed in the Duchy's turn
    # are the Duchy's (returned in its Evening, 12.6.1), never on the Cult's board
    g = sc("lizards").warriors(DU, 1, 2).revealed([FOX1]).start(DU, at="duchy_assembly")
    d = g.to_dict()
    assert d["duchy"]["revealed"] == ["Anvil (fox)"] and d["lizards"]["revealed"] == []


def test_law_12_6_2_craft_with_citadels_and_markets():
    # Law 12.2.1: a citadel and a market in fox clearings pay a two-fox card (Foxfolk Steel)
    g = (sc().warriors(DU, 1, 1).warriors(DU, 6, 1).building("citadel", 1).building("market", 6)
         .hand(DU, [FOX2]).start(DU, at="duchy_evening"))
    assert card(FOX2) in legal(g)
    g = (sc().warriors(DU, 1, 1).warriors(DU, 6, 1).building("citadel", 1)
         .hand(DU, [FOX2]).start(DU, at="duchy_evening"))
    assert card(FOX2) not in legal(g)


@pytest.mark.parametrize("markets,drawn", [(0, 1), (1, 2), (3, 4)])
def test_law_12_6_3_draw_one_plus_markets(markets, drawn):
    s = sc().warriors(DU, 1, 1)
    for n in (1, 5, 10)[:markets]:
        s.warriors(DU, n, 1).building("market", n)
    g = s.start(DU, at="evening_draw")
    assert hand_n(g, DU) == drawn


# ------------------------------------------------------------------ 12.2.3 the Price of Failure
def test_law_12_2_3_price_of_failure_lord_first_crown_lost_random_discard():
    g = (sc().warriors(DU, 1, 1).building("citadel", 1).swayed("captain", "earl of stone")
         .warriors("marquise", 1, 3).hand(DU, [FOX1, FOX2]).dice(3, 0).start("marquise", at="marquise_actions"))
    do(g, opt(K.OPT_BATTLE), cl(1))
    if g.decision == "battle: defender":
        do(g, K.A_FACTION + F)
    while g.decision in ("ambush?", "battle effects"):
        do(g, K.A_DONE)
    finish_hits(g)
    assert bld(g, BT_CITADEL, 1) == 0
    earl = MINISTER_NAMES.index("earl of stone")
    assert int(g.state[DU_SWAYED + earl]) == 0 and int(g.state[DU_SWAYED + MINISTER_NAMES.index("captain")]) == 1
    assert int(g.state[DU_CROWNS_LOST + 2]) == 1  # the lord's crown, out of the game
    assert hand_n(g, DU) == 1  # a random card discarded


def test_law_12_2_3_price_of_failure_duchy_chooses_among_ties():
    g = (sc().warriors(DU, 1, 1).building("market", 1).swayed("captain", "marshal")
         .warriors("marquise", 1, 3).dice(3, 0).start("marquise", at="marquise_actions"))
    do(g, opt(K.OPT_BATTLE), cl(1))
    if g.decision == "battle: defender":
        do(g, K.A_FACTION + F)
    while g.decision in ("ambush?", "battle effects"):
        do(g, K.A_DONE)
    finish_hits(g)
    assert g.decision == "price of failure: minister" and g.current_player == DU
    assert legal(g) == {minister("captain"), minister("marshal")}
    do(g, minister("marshal"))
    assert int(g.state[DU_SWAYED + MINISTER_NAMES.index("marshal")]) == 0
    assert int(g.state[DU_CROWNS_LOST + 0]) == 1


def _price_and_outrage(seed=0):
    """The Duchy (one warrior and a citadel in fox clearing 1, Brutal Tactics) attacks the Alliance (one warrior and
    sympathy there, Sappers): two hits each way remove the Alliance's warrior and sympathy (an Outrage the Duchy owes)
    and the Duchy's warrior and citadel (the Price of Failure), in one battle."""
    g = (sc("alliance", seed=seed).warriors(DU, 1, 1).building("citadel", 1).crafted(DU, ("Brutal Tactics", "bird"))
         .warriors("alliance", 1, 1).token("sympathy", 1).crafted("alliance", ("Sappers", "bird"))
         .hand(DU, [FOX1, FOX2]).dice(3, 3).start(DU, at="duchy_assembly"))
    do(g, opt(K.OPT_BATTLE), cl(1))
    if g.decision == "battle: defender":
        do(g, K.A_FACTION + ALLIANCE)
    while g.decision in ("ambush?", "battle effects"):
        cards = sorted(a for a in legal(g) if K.A_CARD <= a < K.A_CARD + 200)
        do(g, cards[0] if cards else K.A_DONE)
    finish_hits(g)
    assert bld(g, BT_CITADEL, 1) == 0 and int(g.state[TOKENS + TT_SYMPATHY * NC]) == 0
    return g


def test_law_1_1_3_price_of_failure_or_outrage_first_asked_of_the_player_taking_the_turn():
    """Law 1.1.3 with 12.2.3 and 8.2.6: the Price's random discard and the Outrage's matching card both come from the
    Duchy's hand, so the player taking the turn (here the Duchy) orders them."""
    g = _price_and_outrage()
    assert g.decision == K.DECISION_NAMES[K.D_EFFECT_ORDER] and g.current_player == DU
    assert legal(g) == {cl(1), K.A_DONE}
    assert "Price of Failure" in g.describe(K.A_DONE) and "Outrage" in g.describe(cl(1))
    do(g, cl(1))  # the Outrage first: both fox cards may pay it
    assert g.decision == K.DECISION_NAMES[K.D_OUTRAGE] and g.current_player == DU
    assert legal(g) == {card(*FOX1), card(*FOX2)}
    do(g, card(*FOX1))
    assert where(g, FOX1) == LOC_SUPPORTERS and where(g, FOX2) == LOC_DISCARD  # then the Price's random discard
    assert hand_n(g, DU) == 0 and int(g.state[DU_FAILURE]) == 0


def test_law_1_1_3_price_of_failure_first_leaves_the_outrage_what_is_left():
    for seed in range(4):
        g = _price_and_outrage(seed)
        do(g, K.A_DONE)  # the Price first: a random card of the two discarded
        assert g.decision == K.DECISION_NAMES[K.D_OUTRAGE]
        left = [c for c in (FOX1, FOX2) if where(g, c) == LOC_HAND + F]
        assert len(left) == 1 and legal(g) == {card(*left[0])}
        do(g, card(*left[0]))
        assert hand_n(g, DU) == 0 and int(g.state[DU_FAILURE]) == 0


# ------------------------------------------------------------------ invariants with the Duchy
@pytest.mark.parametrize("mix", [(DU, "marquise"), ("eyrie", DU, "alliance", "vagabond"),
                                 ("lizards", "riverfolk", DU, "corvids"), ("hundreds", "keepers", DU, "vagabond"),
                                 (DU, "marquise", "eyrie", "alliance", "vagabond", "lizards")])
def test_law_12_random_games_keep_every_invariant(mix):
    for seed in range(2):
        g = Game.new(mix, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            e = int(check_state(g.state))
            assert e == 0, (CHECKS[e], g.decision)
            g.apply(int(rng.choice(g.legal_actions())))


# ------------------------------------------------------------------ bad input, loading, older formats
def _duchy_homeland_decision(seed):
    """Advanced Setup with the Marquise in seat 2 (she chooses first, her card's first options), up to the Duchy's
    homeland choice."""
    g = Game.new((DU, "marquise"), seed=seed, setup="advanced")
    assert g.current_player == "marquise"
    for _ in range(40):
        if g.decision == K.DECISION_NAMES[K.D_DU_CORNER]:
            return g
        g.apply(int(g.legal_actions()[0]))
    raise AssertionError(g.decision)


def test_law_12_3_3_advanced_setup_a_8_2_the_duchy_homeland_not_adjacent_to_enemy_homelands():
    """Advanced Setup, the Duchy's setup card (docs/rules.md, Advanced Setup): any homeland not adjacent to enemy
    homelands if able (A.8.2.II), none of them (A.8.2.I); two warriors and a tunnel there, five warriors among the
    adjacent clearings as evenly as possible."""
    from root_env.data import MARQUISE, ADJ
    for seed in (3, 4, 5):
        g = _duchy_homeland_decision(seed)
        enemy = {c + 1 for c in range(12) if (int(g.state[HOMELAND + MARQUISE]) >> c) & 1}
        far = {c for c in range(1, 13) if c not in enemy and not any(ADJ[c - 1, e - 1] for e in enemy)}
        assert far and clearings_offered(g) == far
        c = min(far)
        do(g, cl(c))
        while g.decision == K.DECISION_NAMES[K.D_PLACE_SPLIT]:  # the Duchy chooses which get one more
            g.apply(int(g.legal_actions()[-1]))
        assert g.state[HOMELAND + F] == 1 << (c - 1)
        assert warriors(g, DU, c) == 2 and tunnel(g, c) == 1
        counts = [warriors(g, DU, b) for b in range(1, 13) if ADJ[c - 1, b - 1]]
        assert sum(counts) == 5 and max(counts) - min(counts) <= 1


def test_law_12_3_3_advanced_setup_the_five_warriors_go_to_enemy_homelands_too():
    """The card says "among clearings adjacent to it": an adjacent enemy homeland takes its share (a literal
    reading, docs/rules.md; the pieces only need a clearing the Duchy may place in)."""
    from root_env.data import MARQUISE, ADJ
    g = _duchy_homeland_decision(3)
    c = min(clearings_offered(g))
    adj = [b for b in range(1, 13) if ADJ[c - 1, b - 1]]
    g.state[HOMELAND + MARQUISE] |= 1 << (adj[0] - 1)  # an enemy homeland next to the Duchy's
    do(g, cl(c))
    while g.decision == K.DECISION_NAMES[K.D_PLACE_SPLIT]:
        g.apply(int(g.legal_actions()[0]))
    assert warriors(g, DU, adj[0]) >= 1  # its even share, or (five over more) the first extra, chosen first
    assert sum(warriors(g, DU, b) for b in adj) == 5


def test_law_12_3_3_standard_setup_places_in_every_adjacent_clearing():
    g = Game.new((DU, "marquise"), seed=3)
    for _ in range(40):
        if g.decision == K.DECISION_NAMES[K.D_DU_CORNER]:
            break
        g.apply(int(g.legal_actions()[0]))
    c = min(clearings_offered(g))
    do(g, cl(c))
    from root_env.data import ADJ
    assert all(warriors(g, DU, b + 1) == 2 for b in range(NC) if ADJ[c - 1, b])


def test_duchy_illegal_burrow_action_leaves_the_state_unchanged():
    from root_env.errors import RootError
    g = sc().warriors(DU, 1, 2).start(DU, at="duchy_assembly")  # no tunnel: the Burrow is offered nowhere
    do(g, opt(K.OPT_MOVE), cl(1))
    before = g.state.copy()
    assert K.A_BURROW not in legal(g)
    with pytest.raises(RootError):
        g.apply(K.A_BURROW)
    assert np.array_equal(g.state, before)


def test_validator_refuses_a_move_from_the_burrow_outside_the_duchy_turn():
    from root_env.engine.validate import state_problem
    from root_env.layout import REG, R_MOVE_FROM
    g = (sc().warriors("marquise", 1, 3).warriors(DU, 5, 1).start("marquise", at="marquise_actions"))
    do(g, opt(K.OPT_MARCH), cl(1))
    assert state_problem(g.state) is None
    s = g.state.copy()
    s[REG + R_MOVE_FROM] = NC  # the Burrow, in the Marquise's move
    assert state_problem(s) is not None


def test_validator_refuses_duchy_regions_without_the_duchy():
    from root_env.engine.validate import state_problem
    g = Game.new(("marquise", "eyrie"), seed=1)
    s = g.state.copy()
    s[DU_BURROW] = 2
    assert state_problem(s) is not None


def test_records_of_format_14_replay_with_their_final_digest():
    """A format-14 record (made by the engine before the Duchy: a Winter game with the Keepers and two Vagabonds)
    replays here to the same final position, its digest checked on that state written back in format 14.
    The record is seed 19 of seeded random play at 4278484^ (the last format-14 engine). The seed-14 record this test
    read before stopped replaying with the Daylight-end fix: its Keepers could still take an option of any time in
    Daylight after their Retinue (Law 3.3.1/3.3.4), a decision the format-14 engine never asked."""
    import json
    from pathlib import Path
    from root_env.errors import RecordError
    rec = json.loads((Path(__file__).parent / "data" / "records" / "format14_record.json").read_text())
    assert rec["state_format_version"] == 14 and "keepers" in rec["options"]["factions"]
    g = Game.from_record(rec)
    assert len(g._actions) == len(rec["actions"]) and g.is_over
    with pytest.raises(RecordError):
        Game.from_record(dict(rec, final_sha256="0" * 64))


def test_policy_files_of_format_14_convert_to_the_same_play():
    """agents.layout_convert: a format-14 policy (4358 inputs, 283 actions) rewritten for format 15 gives the same
    logits to every old action, the new actions (the Duchy's, the Burrow) below every old one."""
    from agents.layout_convert import OLD_LAYOUTS
    from test_maps import converted_logits
    assert (OLD_LAYOUTS[14]["obs_size"], OLD_LAYOUTS[14]["n_actions"]) == (4358, 283)
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=2)
    lg, old, fresh = converted_logits(14, g)
    assert K.A_FACTION + F in fresh and K.A_BURROW in fresh and K.A_OPT + K.OPT_DIG in fresh
    assert lg[sorted(fresh)].max() < old.min()


def test_law_12_observation_shows_the_burrow_and_parliament():
    from root_env.engine.observe import OBS_TABLE
    g = sc().warriors(DU, 1, 1).burrow(4).swayed("earl of stone").start(DU, at="duchy_assembly")
    o = g.observe("marquise")
    k = 0
    at = {}
    for f in OBS_TABLE:
        at[f.name] = k
        k += f.size
    assert o[at["duchy_burrow"]] == 4
    assert o[at["duchy_ministers"] + 3 * MINISTER_NAMES.index("earl of stone")] == 1
    assert g.to_dict()["duchy"]["burrow"] == 4 and g.to_dict()["duchy"]["swayed"] == ["earl of stone"]


def test_every_surface_shows_the_duchy():
    """The picture, the replay viewer and Rootlog export show the Duchy's games (each surface's own tests check what
    they show: tests/test_picture.py, test_replay_viewer.py, test_rootlog.py, test_rootlog_parser.py)."""
    from root_env.replay import to_html
    g = Game.new(("marquise", "duchy"), seed=3)
    rng = np.random.default_rng(3)
    for _ in range(30):
        g.apply(int(rng.choice(g.legal_actions())))
    assert "Underground Duchy" in g.to_svg() and "Underground Duchy" in to_html(g.to_record())
    assert "D: Underground Duchy" in g.to_rootlog()

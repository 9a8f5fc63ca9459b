"""The Mechanical Marquise, the Marquise de Cat's Clockwork bot (seed 004: rules.mechmarqsetup,
rules.mechmarqturnorder, rules.mechmarqtraits, rules.mechmarqdifficulties, and the Clockwork overview's general
rules): hand-worked positions, each with its order card and the result the seed text gives.

Positions are built with ``Scenario`` for the Mechanical Marquise, the Eyrie and the Vagabond; the order card is put
on top of the deck and the bot's turn runs inside ``start`` until the Eyrie's first decision. Clearings by printed
number (= Clockwork priority 1..12): fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 opposite.
What the bot did is read from its log (engine.bots EV_*) and the board.
"""
from __future__ import annotations


import numpy as np
import pytest

from root_env.data import (NC, NITEM, ITEM_NAMES, MARQUISE, EYRIE, VAGABOND, BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER,
                           CORNERS, OPPOSITE_CORNER, ADJ, CARD_KIND, K_DOMINANCE, TT_KEEP)
from root_env.engine.botlog import EV_BATTLE, EV_RECRUIT, EV_MOVE, EV_EXPAND, EV_ESCALATED, EV_CRAFT, EV_HOSPITALS
from root_env.errors import RootError
from root_env.game import Game
from root_env.layout import (ITEM_SUPPLY, CRAFTED_ITEMS, VP_SOURCE, N_VS, VS_CRAFT, CARD_LOC,
                             LOC_REMOVED, LOC_DISCARD, LOC_HAND, HAND_N, BUILDINGS, TOKENS, WARRIORS, BOT)
from root_env.scenario import Scenario, card_id
from root_env.data import PLOT_NAMES
from rules_helpers import (card, do, faction, legal, finish_hits, next_dice, opt, vp, warriors, same_compiled_and_without_jit,
                           bot_log as events)
from root_env import codes as K

MM = "bot:mechanical_marquise"
SD = ("Stand and Deliver!", "fox")      # a fox order card with no item
FS = ("Foxfolk Steel", "fox")           # fox, a sword
VISIT = ("A Visit to Friends", "rabbit")  # rabbit, a boot
TRAVEL = ("Travel Gear", "mouse")       # mouse, a boot
ARMORERS = ("Armorers", "bird")         # a bird order card: Escalated Daylight


def position(bot=MM, order=SD, more=(), **vps):
    """An empty board with the Mechanical Marquise (`bot`, e.g. "bot:mechanical_marquise:easy+blitz"), the Eyrie
    and the Vagabond; `order` (then `more`) on top of the deck."""
    sc = Scenario((bot, "eyrie", "vagabond"), seed=3)
    sc.order_cards = list(reversed(more)) + [order]  # put on the deck last (setting a hand rebuilds the deck)
    for f, v in vps.items():
        sc.vp(f, v)
    return sc


def keep(sc, n):
    sc.token("keep", n)
    return sc


def run(sc) -> Game:
    """The Mechanical Marquise's turn, to the Eyrie's first decision."""
    sc.deck_top(sc.order_cards)
    g = sc.start("marquise", at="birdsong")
    assert g.current_player == "eyrie"
    return g


def bld(g, bt, n):
    return int(g.state[BUILDINGS + bt * NC + n - 1])


# ------------------------------------------------------------------ Birdsong: order card and crafting
def test_seed004_order_card_is_crafted_for_one_vp():
    sc = keep(position(order=FS), 2).warriors("marquise", 2, 1)
    before = int(sc.state[ITEM_SUPPLY + ITEM_NAMES.index("sword")])
    g = run(sc)
    assert int(g.state[ITEM_SUPPLY + ITEM_NAMES.index("sword")]) == before - 1
    assert int(g.state[CRAFTED_ITEMS + MARQUISE * NITEM + ITEM_NAMES.index("sword")]) == 1
    assert int(g.state[VP_SOURCE + MARQUISE * N_VS + VS_CRAFT]) == 1  # 1 VP, not the card's 2
    assert int(g.state[CARD_LOC + card_id(FS)]) == LOC_DISCARD  # discarded in Evening


def test_seed004_no_craft_without_the_item_in_supply_or_for_other_cards():
    sc = keep(position(order=FS), 2).warriors("marquise", 2, 1).item_supply(sword=0)
    g = run(sc)
    assert events(g, EV_CRAFT) == [] and int(g.state[CRAFTED_ITEMS + MARQUISE * NITEM + 1]) == 0
    g = run(keep(position(order=SD), 2).warriors("marquise", 2, 1))  # a persistent effect is never crafted
    assert events(g, EV_CRAFT) == [] and vp(g, "marquise") == 0


# ------------------------------------------------------------------ Daylight
def test_seed004_battle_defender_has_the_most_pieces():
    sc = keep(position(), 2).warriors("marquise", 2, 1).warriors("marquise", 1, 2)
    sc.building("roost", 1).warriors("eyrie", 1, 1).vagabond("thief", at=1)
    g = run(sc)
    assert events(g, EV_BATTLE)[0][:2] == (0, EYRIE)


def test_seed004_battle_defender_tie_goes_to_most_vp_then_setup_order():
    sc = keep(position(eyrie=3, vagabond=5), 2).warriors("marquise", 2, 1).warriors("marquise", 1, 2)
    sc.warriors("eyrie", 1, 1).vagabond("thief", at=1)
    assert events(run(sc), EV_BATTLE)[0][:2] == (0, VAGABOND)
    sc = keep(position(), 2).warriors("marquise", 2, 1).warriors("marquise", 1, 2)
    sc.warriors("eyrie", 1, 1).vagabond("thief", at=1)
    assert events(run(sc), EV_BATTLE)[0][:2] == (0, EYRIE)  # tied VP: the Eyrie set up before the Vagabond


def test_seed004_battle_in_each_ordered_clearing_in_priority_order():
    sc = keep(position(), 2).warriors("marquise", 2, 1)
    for n in (1, 8, 12):
        sc.warriors("marquise", n, 1)
    sc.warriors("eyrie", 8, 1).building("roost", 12).warriors("eyrie", 6, 2)
    g = run(sc)
    assert [e[0] + 1 for e in events(g, EV_BATTLE)] == [8, 12]


def _recruit_position(bot=MM, **extra):
    sc = keep(position(bot=bot, order=VISIT), 2).warriors("marquise", 2, 1)
    for n in (3, 4, 10):
        sc.warriors("marquise", n, 1)
    return sc


def test_seed004_recruit_four_evenly_the_fourth_to_the_highest_priority():
    g = run(_recruit_position())
    assert [warriors(g, "marquise", n) for n in (3, 4, 10)] == [3, 2, 2]
    # Build: a workshop (rabbit order) where she rules with the most warriors: clearing 3.
    assert bld(g, BT_WORKSHOP, 3) == 1


def test_seed004_easy_recruits_only_two():
    g = run(_recruit_position(bot=MM + ":easy"))
    assert [warriors(g, "marquise", n) for n in (3, 4, 10)] == [2, 2, 1]


def test_seed004_challenging_adds_two_in_the_ordered_clearing_of_highest_priority():
    sc = _recruit_position(bot=MM + ":challenging")
    sc.warriors("eyrie", 7, 1)
    g = run(sc)
    # 3 gets 2 + 2 = 5 warriors, then moves all but three to 7 (the adjacent clearing with an enemy piece).
    assert [warriors(g, "marquise", n) for n in (3, 4, 10, 7)] == [3, 2, 2, 2]
    assert events(g, EV_MOVE) == [(2, 6, 2)]


def test_seed004_nightmare_scores_one_more_vp_in_evening():
    normal = vp(run(_recruit_position()), "marquise")
    assert vp(run(_recruit_position(bot=MM + ":nightmare")), "marquise") == normal + 1


def test_seed004_build_goes_to_the_next_clearing_when_the_first_is_full():
    sc = keep(position(order=SD), 4).building("workshop", 4).warriors("marquise", 4, 5)
    sc.warriors("marquise", 5, 4).warriors("marquise", 7, 4).warriors("eyrie", 10, 1)
    g = run(sc)
    assert events(g, EV_RECRUIT) == []               # no fox clearing is hers
    assert bld(g, BT_SAWMILL, 5) == 1                 # 4 is full; 5 and 7 tie: the higher priority


def test_seed004_move_all_but_three_to_the_most_enemy_pieces():
    sc = keep(position(order=SD), 2).warriors("marquise", 2, 1).warriors("marquise", 12, 6)
    sc.warriors("eyrie", 7, 2).building("roost", 10).warriors("eyrie", 10, 1)
    g = run(sc)
    assert warriors(g, "marquise", 12) == 3 and warriors(g, "marquise", 7) == 7  # 7 and 10 tie: priority 7
    assert bld(g, BT_SAWMILL, 12) == 1


def test_seed004_expand_draws_a_new_order_without_crafting_it():
    sc = keep(position(order=FS, more=(TRAVEL, ARMORERS)), 4).building("workshop", 4).warriors("marquise", 4, 2)
    sc.warriors("eyrie", 12, 1)
    boots = int(sc.state[ITEM_SUPPLY + ITEM_NAMES.index("boot")])
    g = run(sc)
    assert [e[0] for e in events(g, EV_EXPAND)] == [card_id(TRAVEL), card_id(ARMORERS)]
    assert int(g.state[ITEM_SUPPLY + ITEM_NAMES.index("boot")]) == boots   # Travel Gear's boot not crafted
    assert events(g, EV_ESCALATED)                                         # Armorers: Escalated Daylight
    # Escalated: +4 in 4 (her only clearing), then all but three move to 12 and battle there.
    assert events(g, EV_MOVE) == [(3, 11, 3)] and events(g, EV_BATTLE)[-1][:2] == (11, EYRIE)
    for c in (FS, TRAVEL, ARMORERS):
        assert int(g.state[CARD_LOC + card_id(c)]) == LOC_DISCARD


def test_seed004_escalated_recruit_in_the_two_of_lowest_priority_and_iron_will():
    def pos(bot):
        sc = keep(position(bot=bot, order=ARMORERS), 2).warriors("marquise", 2, 1)
        for n in (5, 9, 11):
            sc.warriors("marquise", n, 1)
        return sc.warriors("eyrie", 12, 1)
    g = run(pos(MM))
    assert [warriors(g, "marquise", n) for n in (2, 5, 9, 11)] == [1, 1, 3, 3]
    assert events(g, EV_MOVE) == []
    g = run(pos(MM + ":normal+iron_will"))
    # 4 + 4; a sawmill (no building on the map: sawmills first) in 9 (tied with 11: priority); then all but three
    # move from 9 and from 11 into 12 (the enemy piece), and she battles there once.
    assert bld(g, BT_SAWMILL, 9) == 1
    # Origins go in priority order, each counting the warriors there when its turn comes: 12 now holds four, and
    # one moves on (to 4: no adjacent clearing has an enemy piece left, so the highest priority).
    assert events(g, EV_MOVE) == [(8, 11, 2), (10, 11, 2), (11, 3, 1)]
    assert [e[0] + 1 for e in events(g, EV_BATTLE)] == [12]


def test_reading_bird_order_card_matches_every_clearing_for_both_bots():
    """Reading (docs/rules.md): "ordered" means "matching the suit of the current order card", and a bird card
    matches every clearing (Law 2.1.1, Birds Are Wild), for the Mechanical Marquise as for the Electric Eyrie's bird
    column (tests/test_rules_bot_eyrie.py::test_bird_column_matches_every_clearing). Her bird order runs Escalated
    Daylight, which acts everywhere anyway; the reading shows in Challenging's "also place two warriors in the
    ordered clearing you rule of highest priority": with a bird order, clearing 2 (she rules 2 5 9 11)."""
    from root_env.engine.bots import ordered
    def pos(bot):
        sc = keep(position(bot=bot, order=ARMORERS), 2).warriors("marquise", 2, 1)
        for n in (5, 9, 11):
            sc.warriors("marquise", n, 1)
        return sc.warriors("eyrie", 12, 1)
    g = run(pos(MM + ":challenging"))
    assert [warriors(g, "marquise", n) for n in (2, 5, 9, 11)] == [3, 1, 3, 3]
    g = run(pos(MM))
    assert [warriors(g, "marquise", n) for n in (2, 5, 9, 11)] == [1, 1, 3, 3]
    sc = pos(MM)
    sc.deck_top(sc.order_cards)
    from root_env.engine.bots import reveal_order
    reveal_order(sc.state, MARQUISE)
    assert all(ordered(sc.state, MARQUISE, c) for c in range(NC))


def test_seed004_blitz_moves_from_her_safe_clearing_and_battles():
    sc = keep(position(bot=MM + ":normal+blitz", order=SD), 2).warriors("marquise", 2, 4)
    sc.building("roost", 6).warriors("eyrie", 6, 1)
    g = run(sc)
    assert bld(g, BT_SAWMILL, 2) == 1
    assert events(g, EV_MOVE) == [(1, 5, 3)] and events(g, EV_BATTLE)[-1][:3] == (5, EYRIE, 2)
    sc = keep(position(order=SD), 2).warriors("marquise", 2, 4).building("roost", 6).warriors("eyrie", 6, 1)
    assert events(run(sc), EV_MOVE) == []  # without Blitz nothing moves


# ------------------------------------------------------------------ the bot attacked: hits, traits
def _attacked(bot, mm_warriors=0, seed=5):
    sc = Scenario((bot, "eyrie", "vagabond"), seed=seed)
    sc.token("keep", 2).building("sawmill", 5).building("workshop", 5)
    if mm_warriors:
        sc.warriors("marquise", 5, mm_warriors)
    sc.vagabond("thief", at=5).vb_items("ready", sword=3)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_BATTLE))
    dice = next_dice(g)
    do(g, faction("marquise"))  # the bot has no card and no choice to make
    finish_hits(g)  # the Vagabond's own hits, if any
    assert g.decision == "vagabond: action"
    return g, dice


def test_seed004_taking_hits_the_bot_never_decides():
    g, (hi, lo) = _attacked(MM)
    h = min(hi, 3) + 1  # defenseless: no Marquise warriors
    assert bld(g, BT_SAWMILL, 5) + bld(g, BT_WORKSHOP, 5) == 2 - min(2, h)
    assert g.current_player == "vagabond"


def test_seed004_fortified_buildings_take_two_hits():
    seen = set()
    for seed in range(8):
        g, (hi, lo) = _attacked(MM + ":normal+fortified", seed=seed)
        h = min(hi, 3) + 1  # defenseless: no Marquise warriors
        assert bld(g, BT_SAWMILL, 5) + bld(g, BT_WORKSHOP, 5) == 2 - min(2, h // 2)
        seen.add(h)
    assert seen & {1, 3}  # a single hit left on a building did nothing


def test_seed004_hospitals_returns_two_warriors_to_the_keep():
    triggered = False
    for seed in range(8):
        for bot, extra in ((MM + ":normal+hospitals", 2), (MM, 0)):
            g, (hi, lo) = _attacked(bot, mm_warriors=3, seed=seed)
            removed = min(hi, 3)
            assert warriors(g, "marquise", 5) == 3 - removed
            assert warriors(g, "marquise", 2) == (extra if removed >= 2 else 0)
            assert events(g, EV_HOSPITALS) == ([(1, 2, 0)] if removed >= 2 and extra else [])  # logged: keep in 2
            triggered |= removed >= 2 and extra > 0
    assert triggered


# ------------------------------------------------------------------ general bot rules
def test_seed004_hates_surprises_no_ambush_against_a_bot():
    sc = keep(position(order=SD), 2).warriors("marquise", 2, 1).warriors("marquise", 1, 3)
    sc.warriors("eyrie", 1, 1).hand("eyrie", [("Ambush!", "bird")])
    g = run(sc)
    assert events(g, EV_BATTLE)[0][:2] == (0, EYRIE)
    assert int(g.state[CARD_LOC + card_id(("Ambush!", "bird"))]) == LOC_HAND + EYRIE  # never asked, still held


def test_seed004_poor_manual_dexterity_steal_draws_and_aid_scores():
    sc = Scenario((MM, "eyrie", "vagabond"), seed=5)
    sc.token("keep", 2).warriors("marquise", 5, 1).vagabond("thief", at=5).vb_items("ready", torch=1, boot=1)
    sc.hand("vagabond", [VISIT])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_SPECIAL), faction("marquise"))  # Steal from the bot: the Thief draws instead
    assert int(g.state[HAND_N + VAGABOND]) == 2 and int(g.state[HAND_N + MARQUISE]) == 0
    v0 = vp(g, "marquise")
    do(g, opt(K.OPT_AID), faction("marquise"), card(VISIT))  # a card given to a bot: discarded, the bot +1 VP
    assert int(g.state[CARD_LOC + card_id(VISIT)]) == LOC_DISCARD and vp(g, "marquise") == v0 + 1


def test_seed004_poor_manual_dexterity_stand_and_deliver_targets_a_bot_and_draws():
    """Seed 004 Poor Manual Dexterity: "If a human would take a card from a bot, that human draws a card instead".
    Stand and Deliver! is offered with a bot to take from though no human holds a card (the Vagabond's empty hand
    is not offered); the Eyrie draws the deck's top card, the bot scores the card's one VP."""
    sc = Scenario((MM, "eyrie", "vagabond"), seed=5)
    sc.token("keep", 2).warriors("marquise", 5, 1).building("roost", 7)
    sc.crafted("eyrie", ("Stand and Deliver!", "fox"))
    sc.deck_top([VISIT])
    g = sc.start("eyrie", at="birdsong")
    assert opt(K.OPT_STAND_AND_DELIVER) in legal(g)
    do(g, opt(K.OPT_STAND_AND_DELIVER))
    assert legal(g) == {faction("marquise")}
    v0 = vp(g, "marquise")
    do(g, faction("marquise"))
    assert int(g.state[CARD_LOC + card_id(VISIT)]) == LOC_HAND + EYRIE and int(g.state[HAND_N + MARQUISE]) == 0
    assert vp(g, "marquise") == v0 + 1


def test_seed004_poor_manual_dexterity_extortion_from_a_bot_draws():
    """The other "take a card" effects against a bot (seed 004): a Corvid extortion flipped where the bot has
    pieces draws the Corvids a card (13.7.3). (Steal: test_seed004_poor_manual_dexterity_steal_draws_and_aid_scores;
    the Riverfolk's Hand Card takes from the Riverfolk, never a bot.)"""
    from root_env.data import CORVIDS, EXTORTION
    sc = Scenario((MM, "eyrie", "corvids"), seed=5)
    sc.token("keep", 2).warriors("marquise", 6, 1).warriors("corvids", 6, 1)
    sc.plot(PLOT_NAMES[EXTORTION], 6)
    sc.deck_top([VISIT])
    g = sc.start("corvids", at="corvids_flip")
    do(g, K.A_CLEARING + 5)
    assert int(g.state[CARD_LOC + card_id(VISIT)]) == LOC_HAND + CORVIDS and int(g.state[HAND_N + MARQUISE]) == 0


def test_seed004_dominance_cards_removed_with_fewer_than_three_players():
    dom = [c for c in range(len(CARD_KIND)) if CARD_KIND[c] == K_DOMINANCE]
    g = Game.new(factions=(MM, "eyrie", "alliance"), seed=1)
    assert all(int(g.state[CARD_LOC + c]) == LOC_REMOVED for c in dom)
    g = Game.new(factions=(MM, "eyrie", "alliance", "vagabond"), seed=1)
    assert not any(int(g.state[CARD_LOC + c]) == LOC_REMOVED for c in dom)


def test_seed004_setup_keep_garrison_and_three_buildings():
    for seed in range(40):
        g = Game.new(factions=("eyrie", MM, "vagabond"), seed=seed)
        s = g.state
        k = int(np.flatnonzero(s[TOKENS + TT_KEEP * NC:TOKENS + (TT_KEEP + 1) * NC])[0])
        assert k in CORNERS
        w = s[WARRIORS + MARQUISE * NC:WARRIORS + (MARQUISE + 1) * NC]
        assert w[OPPOSITE_CORNER[k]] == 0 and w[k] == 2 and int(w.sum()) == 12
        spots = [c for c in range(NC) for bt in (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER)
                 if s[BUILDINGS + bt * NC + c]]
        assert len(spots) == len(set(spots)) == 3 and all(c == k or ADJ[k, c] for c in spots)
        assert int(s[HAND_N + MARQUISE]) == 0 and int(s[BOT + MARQUISE]) == 1


def test_seed004_bad_bot_seats_are_refused():
    for bad, match in (("bot:mechanical_mouse", "unknown Clockwork bot"), (MM + ":hard", "difficulty"),
                       (MM + ":easy+swoop", "unknown trait")):
        with pytest.raises(RootError, match=match):
            Game.new(factions=(bad, "eyrie"), seed=1)
    with pytest.raises(RootError, match="seated once"):
        Game.new(factions=(MM, "marquise"), seed=1)


def test_bot_games_are_the_same_compiled_and_without_jit():
    """Determinism: a seeded game with the bot, played by seeded random agents, gives the same final state
    compiled and with NUMBA_DISABLE_JIT=1."""
    same_compiled_and_without_jit("g = Game.new(factions=('bot:mechanical_marquise:nightmare+blitz+fortified+"
                                  "iron_will+hospitals', 'eyrie', 'vagabond'), seed=11)")


def test_a_forged_bot_flag_is_refused_by_name():
    """Untrusted input: a state claiming a bot for a faction with none (the Vagabond), or on an empty seat, is refused
    before the engine touches it."""
    g = Game.new(factions=(MM, "eyrie", "vagabond"), seed=2)
    for f in (VAGABOND, 5):  # the Vagabond (no bot yet), the Lizard Cult (not seated)
        s = g.state.copy()
        s[BOT + f] = 1
        with pytest.raises(RootError, match="BOT"):
            Game.from_state(s)
    Game.from_state(g.state.copy())  # the real one loads


def test_every_player_sees_which_seat_is_a_bot_its_level_traits_and_order_card():
    from root_env.observation import obs_fields
    sc = keep(position(bot=MM + ":challenging+blitz+hospitals", order=FS), 2).warriors("marquise", 2, 1)
    g = sc.start("marquise", at="birdsong")
    for viewer in ("eyrie", "vagabond"):
        fields = obs_fields(g.observe(viewer))
        assert list(fields["bots"][MARQUISE]) == [1, 2, 1, 0, 0, 1]
        assert not fields["bots"][EYRIE].any()
    # The order card lies face up until Evening: seen by everyone as the bot's order card.
    sc = keep(position(order=FS), 2).warriors("marquise", 2, 1)
    sc.deck_top(sc.order_cards)
    g = sc.game
    from root_env.engine.bots import reveal_order
    reveal_order(g.state, MARQUISE)
    fields = obs_fields(g.observe("eyrie"))
    from root_env.engine.observe import CARD_FEATURE_NAMES
    assert fields["cards"][card_id(FS)][CARD_FEATURE_NAMES.index("bot_order_card")] == 1

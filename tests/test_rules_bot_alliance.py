"""The Automated Alliance, the Woodland Alliance's Clockwork bot: seed 004's traits (rules.autoallitraits) and the
turn, abilities and difficulties of ``docs/clockwork_alliance.md``, cited by its ids (AA-B3, AA-D1, ...),
with its open points as ``bot_options``. Hand-worked positions, each with its order card and the result.

Positions are built with ``Scenario`` for the Automated Alliance, the Marquise and the Vagabond; the order card is put
on top of the deck and the bot's turn runs inside ``start`` until the Marquise's first decision. Clearings by printed
number (= Clockwork priority): fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11. Adjacent: 1-5 1-9 1-10, 2-5 2-6 2-10,
3-6 3-7 3-11, 4-8 4-9 4-12, 6-11, 7-8 7-12, 9-12, 10-12, 11-12.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (NC, ALLIANCE, MARQUISE, BT_BASE, BT_SAWMILL, TT_SYMPATHY, FOX, RABBIT, MOUSE,
                           AA_SYMPATHY_VP, AL_SYMPATHY_VP)
from root_env.engine.botlog import (EV_REVOLT, EV_SPREAD, EV_PITY, EV_ORGANIZE, EV_CRACKDOWN, EV_OUTRAGE, EV_MOVE)
from root_env.engine.factions.bot_alliance import SPREAD_ORDERED, SPREAD_FALLBACK, SPREAD_NONE, BY_WILDFIRE
from root_env.errors import RootError
from root_env.game import Game
from root_env.layout import (TOKENS, BUILDINGS, SUPPLY_WARRIORS, HAND_N, CARD_LOC, LOC_DISCARD,
                             REG, R_B_ROLL_DEF, R_B_EXTRA_DEF, VP_SOURCE, N_VS, VS_REMOVAL)
from root_env.scenario import Scenario, card_id
from rules_helpers import cl, do, faction, finish_hits, next_dice, opt, vp, warriors, card, bot_log as events

AA = "bot:automated_alliance"
SD = ("Stand and Deliver!", "fox")      # a fox order card with no item
VISIT = ("A Visit to Friends", "rabbit")  # rabbit, a boot
MOUSE_NO_ITEM = ("Mouse-in-a-Sack", "mouse")
ARMORERS = ("Armorers", "bird")         # a bird order card


def position(bot=AA, order=SD, seats=("marquise", "vagabond"), **kw):
    sc = Scenario((bot,) + tuple(seats), seed=3, bot_options=kw.pop("bot_options", None),
                  cooperative=kw.pop("cooperative", False))
    sc.order_cards = [order]
    for f, v in kw.items():
        sc.vp(f, v)
    return sc


def run(sc, human="marquise") -> Game:
    sc.deck_top(sc.order_cards)
    g = sc.start("alliance", at="birdsong")
    assert g.is_over or g.current_player == human
    return g


def sympathy(sc_or_g, *ns):
    s = sc_or_g.state
    for n in ns:
        s[TOKENS + TT_SYMPATHY * NC + n - 1] = 1
    return sc_or_g


def sym(g, n):
    return int(g.state[TOKENS + TT_SYMPATHY * NC + n - 1])


def base(g, suit, n):
    return int(g.state[BUILDINGS + (BT_BASE + suit) * NC + n - 1])


# ------------------------------------------------------------------ setup (AA-S1..S4)
def test_clockwork_aa_setup_places_nothing():
    g = Game.new(("vagabond", AA), seed=1)  # (the Vagabond sets up after it)
    s = g.state
    assert int(s[SUPPLY_WARRIORS + ALLIANCE]) == 10 and int(s[HAND_N + ALLIANCE]) == 0
    assert all(int(s[TOKENS + TT_SYMPATHY * NC + c]) == 0 for c in range(NC))
    assert all(base(g, k, c + 1) == 0 for k in range(3) for c in range(NC))


# ------------------------------------------------------------------ Birdsong (AA-B1..B4)
def test_clockwork_aa_b3_revolt_in_the_ordered_sympathetic_clearing_with_most_enemy_pieces():
    """Rabbit order (A Visit to Friends: its boot crafted for 1). Sympathy in 3 and 4 (rabbit); 3 holds two Marquise
    warriors and a sawmill, 4 one warrior: the revolt goes to 3, removes all three pieces (1 VP for the sawmill) and
    places the rabbit base, no warriors. No Public Pity. Daylight spreads once: no rabbit clearing next to sympathy,
    so the fallback, the unsympathetic clearing next to sympathy with the fewest enemy pieces: 6 (third token, 1 VP).
    Evening: a warrior at the base."""
    sc = sympathy(position(order=VISIT), 3, 4)
    sc.warriors("marquise", 3, 2).building("sawmill", 3).warriors("marquise", 4, 1)
    g = run(sc)
    assert events(g, EV_REVOLT) == [(2, 3, RABBIT)]
    assert warriors(g, "marquise", 3) == 0 and int(g.state[BUILDINGS + BT_SAWMILL * NC + 2]) == 0
    assert base(g, RABBIT, 3) == 1 and warriors(g, "alliance", 3) == 1  # the Evening recruit, none from the revolt
    assert events(g, EV_PITY) == []
    assert events(g, EV_SPREAD) == [(5, 1, SPREAD_FALLBACK + 4 * 1)]
    assert vp(g, "alliance") == 1 + 1 + 1  # craft, the sawmill, the third token


def test_law_8_4_1_iii_the_automated_alliance_revolts_in_a_snared_clearing_removing_the_snare_first():
    """Law 8.4.1.III "Remove all enemy pieces ... Then, place the matching base there" (AA-B3 follows it): a face-up
    snare (seed 003 13.7.2) is an enemy piece, so it stops no revolt. Rabbit order; sympathy in 3 (one Marquise
    warrior) and 5 (a face-up snare and a Corvid warrior): the revolt goes to 5, the most enemy pieces, removes both
    (1 VP for the snare) and places the rabbit base."""
    sc = sympathy(position(order=VISIT, seats=("marquise", "corvids")), 3, 5)
    sc.warriors("marquise", 3, 1).plot("snare", 5, face_up=True).warriors("corvids", 5, 1)
    g = run(sc)
    assert events(g, EV_REVOLT)[0] == (4, 2, RABBIT)
    assert base(g, RABBIT, 5) == 1 and warriors(g, "corvids", 5) == 0
    assert int(g.state[VP_SOURCE + ALLIANCE * N_VS + VS_REMOVAL]) == 1


def test_clockwork_aa_b4_public_pity_twice_with_four_or_fewer_tokens_else_once():
    # the rabbit base is already on the map: no revolt, so Public Pity
    sc = sympathy(position(order=VISIT), 3, 4).building("base_rabbit", 4)
    g = run(sc)
    assert events(g, EV_REVOLT) == [] and events(g, EV_PITY) == [(2, 0, 0)]
    assert len(events(g, EV_SPREAD)) == 3  # two for Public Pity, one in Daylight
    sc = sympathy(position(order=VISIT), 1, 2, 3, 4, 5).building("base_rabbit", 4)
    g = run(sc)
    assert events(g, EV_PITY) == [(1, 0, 0)] and len(events(g, EV_SPREAD)) == 2


def test_clockwork_aa_d1_spread_fewest_enemy_warriors_then_priority_and_martial_law():
    """Fox order; sympathy in 9 (its neighbours 1, 4, 12) and 10 (1, 2, 12); the fox clearings next to sympathy are 1
    and 12. 1 holds three Marquise warriors, 12 one: Public Pity's first spread goes to 12 (fewest enemy warriors).
    The next: 1 (Martial Law: three Marquise warriors, one VP fewer)."""
    sc = sympathy(position(order=SD), 9, 10).building("base_fox", 8)  # the fox base is out: no revolt
    sc.warriors("marquise", 1, 3).warriors("marquise", 12, 1)
    g = run(sc)
    spreads = events(g, EV_SPREAD)
    assert spreads[0] == (11, int(AA_SYMPATHY_VP[2]), SPREAD_ORDERED)
    assert spreads[1][0] == 0 and spreads[1][2] == SPREAD_ORDERED + 16  # Martial Law
    assert spreads[1][1] == max(int(AA_SYMPATHY_VP[3]) - 1, 0)


def test_clockwork_aa_d1_cannot_spread_scores_five():
    sc = sympathy(position(order=SD), *range(1, 11)).building("base_fox", 8)  # all ten tokens out
    g = run(sc)
    assert [e[2] for e in events(g, EV_SPREAD)] == [SPREAD_NONE] * 2  # Public Pity (once: five or more), Daylight
    assert vp(g, "alliance") == 10


def test_clockwork_aa_d2_bird_order_public_pity_then_surprise_revolt():
    """A bird order: no Birdsong revolt (Public Pity instead); Daylight spreads, then the Surprise Revolt in the
    sympathetic clearing with the most enemy pieces whose suit's base is still off the map: 7 (mouse; 11 has more
    pieces but the mouse base... 11 is mouse too, so it wins)."""
    sc = sympathy(position(order=ARMORERS), 7, 11, 6).building("base_fox", 8)
    sc.warriors("marquise", 7, 1).warriors("marquise", 11, 2).warriors("marquise", 6, 3)
    g = run(sc)
    assert events(g, EV_PITY) == [(2, 0, 0)]
    revolts = events(g, EV_REVOLT)
    assert revolts == [(10, 2, MOUSE + 4)]  # 6 (fox) has more pieces, but the fox base is already out
    assert base(g, MOUSE, 11) == 1 and warriors(g, "marquise", 11) == 0


def test_clockwork_aa_q1_bird_order_matches_no_clearing_or_every_one():
    """Q1: with the default a bird order's spread falls back (fewest enemy pieces); with aa_bird_order="any" every
    clearing is ordered (fewest enemy warriors)."""
    def first_spread(opts):
        sc = sympathy(position(order=ARMORERS, bot_options=opts), 9)
        sc.building("base_mouse", 2).building("base_fox", 8).building("base_rabbit", 3)  # no revolt at all
        return events(run(sc), EV_SPREAD)[0]
    assert first_spread(None)[2] == SPREAD_FALLBACK
    assert first_spread({"aa_bird_order": "any"})[2] == SPREAD_ORDERED


def test_clockwork_aa_q5_spread_fallback_adjacent_or_anywhere():
    """Q5: the fallback stays next to sympathy (1's neighbours 5, 9, 10), or with aa_spread_fallback="literal"
    goes anywhere: the highest-priority unsympathetic clearing with the fewest enemy pieces (2)."""
    def first(opts):
        sc = sympathy(position(order=SD, bot_options=opts), 1).building("base_fox", 8)
        return events(run(sc), EV_SPREAD)[0][0]
    assert first(None) == 4  # clearing 5
    assert first({"aa_spread_fallback": "literal"}) == 1  # clearing 2


def test_clockwork_aa_q3_track_values():
    def second_token_vp(opts):
        sc = sympathy(position(order=SD, bot_options=opts), 1, 2, 3, 4).building("base_fox", 8)
        return events(run(sc), EV_SPREAD)[0][1]
    assert second_token_vp(None) == AA_SYMPATHY_VP[4]
    assert second_token_vp({"aa_track": "alliance"}) == AL_SYMPATHY_VP[4]


# ------------------------------------------------------------------ Evening (AA-E1..E4), difficulties, Wildfire
def test_clockwork_aa_e1_organize_by_difficulty_and_e2_recruit():
    def organized(level, n):
        sc = sympathy(position(bot=AA + level, order=SD), 1).building("base_fox", 8).warriors("alliance", 8, n)
        g = run(sc)
        return events(g, EV_ORGANIZE), warriors(g, "alliance", 8)
    assert organized("", 3) == ([(7, 3, 0)], 1)  # Normal: three warriors organize; then the recruit adds one
    assert organized("", 2) == ([], 3)
    assert organized(":easy", 3) == ([], 4)  # Easy needs four
    assert organized(":challenging", 2) == ([(7, 2, 0)], 1)  # Challenging two


def test_clockwork_aa_nightmare_and_wildfire():
    sc = sympathy(position(bot=AA + ":nightmare+wildfire", order=SD), 1).building("base_fox", 8)
    g = run(sc)
    wild = [e for e in events(g, EV_SPREAD) if (e[2] // 4) % 4 == BY_WILDFIRE]
    assert len(wild) == 1 and wild[0][1] == 0  # Wildfire scores nothing
    before = run(sympathy(position(bot=AA + ":nightmare", order=SD), 1).building("base_fox", 8))
    assert vp(g, "alliance") == vp(before, "alliance")  # the same VP: Wildfire's token scored none
    assert sum(sym(g, n) for n in range(1, 13)) == sum(sym(before, n) for n in range(1, 13)) + 1


# ------------------------------------------------------------------ abilities and traits in battle
def _marquise_battles_alliance(bot, seed, aa_warriors=1, sympathy_there=False, dice=None):
    sc = Scenario((bot, "marquise", "vagabond"), seed=seed)
    sc.warriors("marquise", 1, 3)
    if dice:
        sc.dice(*dice)
    if aa_warriors:
        sc.warriors("alliance", 1, aa_warriors)
    if sympathy_there:
        sympathy(sc, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE))
    hi, lo = next_dice(g)  # (nothing is rolled before the battle's roll: the bot has no ambush to play)
    do(g, cl(1))
    if g.decision == "battle: defender":
        do(g, faction("alliance"))
    finish_hits(g)
    return g, hi, lo


@pytest.mark.parametrize("dice", [(3, 1), (2, 0), (1, 1), (0, 0)])
def test_clockwork_aa_2_automated_ambush_one_extra_hit_and_veterans_guerrilla_war(dice):
    for seed in (1,):
        g, hi, lo = _marquise_battles_alliance(AA, seed, aa_warriors=2, dice=dice)
        assert (hi, lo) == dice
        assert int(g.state[REG + R_B_EXTRA_DEF]) == 1  # Automated Ambush
        assert int(g.state[REG + R_B_ROLL_DEF]) == min(lo, 2)  # no Guerrilla War without Veterans
        assert warriors(g, "marquise", 1) == 3 - min(lo, 2) - 1
        g, hi, lo = _marquise_battles_alliance(AA + "+veterans", seed, aa_warriors=2, dice=dice)
        assert int(g.state[REG + R_B_ROLL_DEF]) == min(hi, 2)  # Veterans: the higher roll


def test_seed004_informants_defenseless_sympathy_ambushes():
    g, _, _ = _marquise_battles_alliance(AA, 2, aa_warriors=0, sympathy_there=True)
    assert int(g.state[REG + R_B_EXTRA_DEF]) == 0
    g, _, _ = _marquise_battles_alliance(AA + "+informants", 2, aa_warriors=0, sympathy_there=True)
    assert int(g.state[REG + R_B_EXTRA_DEF]) == 1


def test_seed004_popularity_removing_sympathy_scores_nothing():
    for bot, gain in ((AA, 1), (AA + "+popularity", 0)):
        g, _, _ = _marquise_battles_alliance(bot, 2, aa_warriors=0, sympathy_there=True)
        assert sym(g, 1) == 0  # defenseless: the extra hit removes it
        assert int(g.state[VP_SOURCE + MARQUISE * N_VS + VS_REMOVAL]) == gain


def test_clockwork_aa_4_crackdown_removes_the_suits_sympathy():
    """The Mechanical Marquise battles the lone fox base in 1 (defenseless: at least one hit): Crackdown takes back
    the sympathy of every fox clearing (6, 8); the rabbit clearing 3 keeps its token; only the base scored."""
    sc = Scenario(("bot:mechanical_marquise", "vagabond", AA), seed=4)  # the Vagabond decides next
    sc.order_cards = [SD]
    sc.token("keep", 2).warriors("marquise", 2, 1).warriors("marquise", 1, 1).building("base_fox", 1)
    sympathy(sc, 6, 8, 3)
    sc.deck_top(sc.order_cards)
    g = sc.start("marquise", at="birdsong")
    assert base(g, FOX, 1) == 0
    assert events(g, EV_CRACKDOWN) == [(FOX, 2, 0)]
    assert sym(g, 6) == 0 and sym(g, 8) == 0 and sym(g, 3) == 1
    assert int(g.state[VP_SOURCE + MARQUISE * N_VS + VS_REMOVAL]) == 1


def test_clockwork_aa_3_automated_outrage_discard_a_matching_card_or_the_bot_scores():
    """The Marquise moves into sympathetic 5 (rabbit): she discards a rabbit (or bird) card of her choice; with none,
    the Automated Alliance scores one. A bot moving in owes nothing."""
    for hand, scored in (([VISIT, SD], 0), ([SD], 1)):
        sc = Scenario((AA, "marquise", "vagabond"), seed=5)
        sc.warriors("marquise", 1, 3).hand("marquise", hand)
        sympathy(sc, 5)
        g = sc.start("marquise", at="marquise_actions")
        do(g, opt(K.OPT_MARCH), cl(1), cl(5))
        g.apply(int(g.legal_actions()[-1]))  # how many: all
        if scored == 0:
            assert g.decision == "outrage: card"
            assert {int(a) for a in g.legal_actions()} == {card(VISIT)}
            assert "Automated Outrage in" in g.describe(card(VISIT))
            g.apply(card(VISIT))
            assert int(g.state[CARD_LOC + card_id(VISIT)]) == LOC_DISCARD
            assert events(g, EV_OUTRAGE)[-1] == (4, MARQUISE, card_id(VISIT))
        else:
            assert events(g, EV_OUTRAGE)[-1] == (4, MARQUISE, -1)
        assert vp(g, "alliance") == scored


def test_clockwork_aa_3_bots_owe_no_automated_outrage():
    sc = Scenario(("bot:mechanical_marquise", "vagabond", AA), seed=4)
    sc.order_cards = [SD]
    sc.token("keep", 2).warriors("marquise", 1, 5)
    sympathy(sc, 5, 9, 10)  # all of 1's neighbours are sympathetic: she moves two into one of them
    sc.deck_top(sc.order_cards)
    g = sc.start("marquise", at="birdsong")
    assert events(g, EV_MOVE) and events(g, EV_OUTRAGE) == [] and vp(g, "alliance") == 0


def test_bot_options_are_checked_and_recorded():
    with pytest.raises(RootError, match="unknown bot option"):
        Game.new((AA, "marquise"), bot_options={"aa_color": "red"})
    with pytest.raises(RootError, match="aa_track"):
        Game.new((AA, "marquise"), bot_options={"aa_track": "printed"})
    g = Game.new((AA, "marquise", "eyrie"), seed=2, bot_options={"aa_spread_fallback": "literal", "aa_track": "bot"})
    rng = np.random.default_rng(3)
    for _ in range(60):
        g.apply(int(rng.choice(g.legal_actions())))
    rec = g.to_record()
    assert rec["options"]["bot_options"] == {"aa_spread_fallback": "literal"}
    assert np.array_equal(Game.from_record(rec).state, g.state)


def test_three_bots_cooperative_game_plays_itself_to_the_end():
    g = Game.new(("bot:mechanical_marquise", "bot:electric_eyrie", AA, "vagabond"), seed=9, cooperative=True)
    rng = np.random.default_rng(1)
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
    assert g.winners in (["vagabond"], ["marquise", "eyrie", "alliance"]) or g.truncated
    assert all(isinstance(x, str) for x in g.log().splitlines())

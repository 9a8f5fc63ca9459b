"""The Electric Eyrie, the Eyrie Dynasties' Clockwork bot (seed 004: rules.electriceyriesetup,
rules.electriceyrieturnorder, rules.electriceyrieabilities, rules.electriceyrietraits,
rules.electriceyriedifficulties), and seed 004's Cooperative play: hand-worked positions, each with its order card
and the result the seed text gives.

Positions are built with ``Scenario`` for the Electric Eyrie, the Marquise and the Vagabond; the order card is put
on top of the deck and the bot's turn runs inside ``start`` until the Marquise's first decision. The Decree starts
with two bird cards in the bird column (seed 004: the two topmost bird cards of the deck, which is in id order in a
Scenario; the Loyal Viziers with bot_rules="law"; a bird column matches every clearing). Clearings by printed number
(= Clockwork priority): fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11. What the bot did is read from its log
(engine.bots EV_*) and the board.
"""
from __future__ import annotations


import numpy as np
import pytest

from root_env.data import (CLEARING_SLOTS, CLEARING_RUIN, NC, NCARD, NITEM, ITEM_NAMES, MARQUISE, EYRIE, BT_ROOST, BT_SAWMILL, BT_WORKSHOP,
                           FOX, MOUSE, RABBIT, BIRD, CORNERS, OPPOSITE_CORNER, CARD_KIND, K_DOMINANCE, CARD_SUIT,
                           CARD_EFFECT, E_AMBUSH, TT_KEEP)
from root_env.engine.botlog import (EV_BATTLE, EV_RECRUIT, EV_MOVE, EV_BUILD, EV_NEW_ROOST, EV_COLUMN, EV_TURMOIL,
                                  EV_RELENTLESS, EV_SWOOP, EV_DECREE)
from root_env.engine.factions.bot_eyrie import STEP_RECRUIT
from root_env.errors import RootError
from root_env.game import Game
from root_env.layout import (ITEM_SUPPLY, CRAFTED_ITEMS, VP_SOURCE, N_VS, VS_CRAFT, VS_REMOVAL, CARD_LOC,
                             LOC_REMOVED, LOC_DISCARD, LOC_DECREE, LOC_AVAILABLE, BUILDINGS, TOKENS, HAND_N,
                             EY_VIZIER_COL, SUPPLY_WARRIORS, OPTIONS, O_COOPERATIVE, CARD_KNOWN)
from root_env.scenario import Scenario, card_id
from root_env.engine.cards import ALL_KNOW
from rules_helpers import vp, warriors, same_compiled_and_without_jit, bot_log as events

EE = "bot:electric_eyrie"
SD = ("Stand and Deliver!", "fox")      # a fox order card with no item
FS = ("Foxfolk Steel", "fox")           # fox, a sword
FOX2 = ("Protection Racket", "fox")
FOX3 = ("Root Tea", "fox")
VISIT = ("A Visit to Friends", "rabbit")  # rabbit, a boot
TRAVEL = ("Travel Gear", "mouse")       # mouse, a boot
ARMORERS = ("Armorers", "bird")


def position(bot=EE, order=SD, more=(), bot_rules="seed004", cooperative=False, seats=("marquise", "vagabond"),
             **vps):
    """An empty board with the Electric Eyrie (`bot`, e.g. "bot:electric_eyrie:easy+swoop") first, then `seats`;
    `order` (then `more`) on top of the deck."""
    sc = Scenario((bot,) + tuple(seats), seed=3, bot_rules=bot_rules, cooperative=cooperative)
    sc.order_cards = list(reversed(more)) + [order]
    for f, v in vps.items():
        sc.vp(f, v)
    return sc


def run(sc, human="marquise") -> Game:
    """The Electric Eyrie's turn, to the next player's first decision."""
    sc.deck_top(sc.order_cards)
    g = sc.start("eyrie", at="birdsong")
    assert g.is_over or g.current_player == human
    return g


def roost(g, n):
    return int(g.state[BUILDINGS + BT_ROOST * NC + n - 1])


def decree(g, suit):
    return sorted(c for c in range(NCARD) if g.state[CARD_LOC + c] == LOC_DECREE + suit)


# ------------------------------------------------------------------ setup (rules.electriceyriesetup, difficulties)
def test_seed004_setup_roost_and_six_warriors_opposite_the_keep_and_two_bird_cards():
    """Seed 004 setup: "Add two bird suit cards to the Decree": the two topmost bird cards of the shuffled deck, face
    up in the bird column (the Law of Rootbotics' Loyal Viziers only with bot_rules="law")."""
    for seed in range(12):
        g = Game.new(("bot:mechanical_marquise", EE, "vagabond"), seed=seed)
        keep = int(np.flatnonzero(g.state[TOKENS + TT_KEEP * NC:TOKENS + (TT_KEEP + 1) * NC])[0])
        corner = int(OPPOSITE_CORNER[keep])
        assert roost(g, corner + 1) == 1 and warriors(g, "eyrie", corner + 1) == 6
        assert int(g.state[SUPPLY_WARRIORS + EYRIE]) == 14  # a supply of 20 warriors
        birds = decree(g, BIRD)
        assert len(birds) == 2 and all(CARD_SUIT[c] == BIRD for c in birds)
        assert [int(g.state[EY_VIZIER_COL + v]) for v in range(2)] == [-1, -1]
        assert all(int(g.state[CARD_KNOWN + c]) == ALL_KNOW for c in birds)  # face up
        assert int(g.state[HAND_N + EYRIE]) == 0  # Poor Manual Dexterity: no hand
        law = Game.new(("bot:mechanical_marquise", EE, "vagabond"), seed=seed, bot_rules="law")
        assert [int(law.state[EY_VIZIER_COL + v]) for v in range(2)] == [BIRD, BIRD] and decree(law, BIRD) == []


def test_seed004_setup_without_the_marquise_is_a_random_corner():
    corners = set()
    for seed in range(24):
        g = Game.new((EE, "alliance", "vagabond"), seed=seed)
        where = [c for c in range(NC) if roost(g, c + 1)]
        assert len(where) == 1 and where[0] in CORNERS
        corners.add(where[0])
    assert len(corners) > 1


def test_seed004_difficulties_at_setup():
    g = Game.new(("vagabond", EE + ":easy"), seed=1)  # (the Vagabond sets up after it)  # Easy: only one card in the bird column
    assert len(decree(g, BIRD)) == 1
    g = Game.new(("vagabond", EE + ":easy"), seed=1, bot_rules="law")  # the Law: one Loyal Vizier
    assert sorted(int(g.state[EY_VIZIER_COL + v]) for v in range(2)) == [-1, BIRD] and decree(g, BIRD) == []
    for level in ("challenging", "nightmare"):  # a bird Ambush from the deck joins the bird column
        for rules, setup_cards in (("seed004", 2), ("law", 0)):
            g = Game.new(("vagabond", EE + ":" + level), seed=1, bot_rules=rules)
            cards = decree(g, BIRD)
            ambushes = [c for c in cards if CARD_EFFECT[c] == E_AMBUSH]
            assert len(cards) == setup_cards + 1 and len(ambushes) >= 1 and CARD_SUIT[ambushes[0]] == BIRD
            assert all(int(g.state[CARD_LOC + c]) == LOC_DECREE + BIRD for c in cards)
    g = Game.new(("vagabond", EE), seed=1, bot_rules="law")
    assert decree(g, BIRD) == []


# ------------------------------------------------------------------ Birdsong
def test_seed004_order_card_crafted_for_one_and_added_to_its_suit_column():
    sc = position(order=FS).building("roost", 3).warriors("eyrie", 2, 1)  # (2: where it builds, no turmoil)
    before = int(sc.state[ITEM_SUPPLY + ITEM_NAMES.index("sword")])
    g = run(sc)
    assert int(g.state[ITEM_SUPPLY + ITEM_NAMES.index("sword")]) == before - 1
    assert int(g.state[CRAFTED_ITEMS + EYRIE * NITEM + ITEM_NAMES.index("sword")]) == 1
    assert int(g.state[VP_SOURCE + EYRIE * N_VS + VS_CRAFT]) == 1
    assert decree(g, FOX) == [card_id(FS)]  # it stays in the Decree after Evening
    assert events(g, EV_DECREE) == [(EYRIE, card_id(FS), FOX)]


def test_seed004_a_new_roost_in_the_ordered_clearing_of_highest_priority_where_it_fits():
    # fox clearings 1 6 8 12; clearing 1 (one slot) is full: the roost and four warriors go to 6
    sc = position(order=SD).building("sawmill", 1)
    g = run(sc)
    assert events(g, EV_NEW_ROOST) == [(5, 4, 0)]
    assert roost(g, 6) == 1


def test_seed004_turmoil_when_no_new_roost_fits_and_law_rest():
    """Every fox clearing is full: turmoil (Humiliate: -1 VP per bird card, the two Viziers; Purge). Seed 004 has
    no Rest, so the Build step finds no roost spot either and falls into turmoil again; the Law of Rootbotics rests
    after the first."""
    def full(rules):
        sc = position(order=SD, bot_rules=rules, eyrie=5)
        for n in (1, 6, 8, 12):
            sc.building("sawmill", n, int(CLEARING_SLOTS[n - 1] - CLEARING_RUIN[n - 1]))  # every slot the ruin leaves
        return run(sc)
    g = full("seed004")
    assert len(events(g, EV_TURMOIL)) == 2
    assert int(g.state[CARD_LOC + card_id(SD)]) == LOC_DISCARD  # purged
    g = full("law")
    assert events(g, EV_TURMOIL) == [(2, 0, 1)] and vp(g, "eyrie") == 3
    assert events(g, EV_COLUMN) == []  # no Daylight


# ------------------------------------------------------------------ Daylight: the Decree
def test_seed004_turmoil_purge_discards_all_decree_cards_the_setup_bird_cards_too():
    """Seed 004 Turmoil "2nd: Purge. Discard all of the cards in the Decree", with setup's "two bird suit cards":
    the first turmoil (no new roost fits) costs 2 VP and discards both bird cards with the order card, so the
    Build step's turmoil finds an empty Decree and costs nothing. (The Law's Loyal Viziers, bot_rules="law", stay.)"""
    sc = position(order=SD, eyrie=5)
    for n in (1, 6, 8, 12):
        sc.building("sawmill", n, int(CLEARING_SLOTS[n - 1] - CLEARING_RUIN[n - 1]))  # every slot the ruin leaves
    birds = decree(sc.game, BIRD)
    assert len(birds) == 2
    g = run(sc)
    assert events(g, EV_TURMOIL) == [(2, 0, 0), (0, 0, 0)] and vp(g, "eyrie") == 3
    assert all(decree(g, suit) == [] for suit in (FOX, MOUSE, RABBIT, BIRD))
    assert all(int(g.state[CARD_LOC + c]) in (LOC_DISCARD, LOC_AVAILABLE) for c in birds + [card_id(SD)])
    assert [int(g.state[EY_VIZIER_COL + v]) for v in range(2)] == [-1, -1]
    sc = position(order=SD, eyrie=5, bot_rules="law")
    for n in (1, 6, 8, 12):
        sc.building("sawmill", n, int(CLEARING_SLOTS[n - 1] - CLEARING_RUIN[n - 1]))
    g = run(sc)
    assert [int(g.state[EY_VIZIER_COL + v]) for v in range(2)] == [BIRD, BIRD]  # the Viziers stay


def test_seed004_recruit_ties_most_enemy_pieces_then_fewest_eyrie_warriors_then_lowest_priority():
    sc = position(order=VISIT)
    for n in (3, 4, 10):
        sc.building("roost", n)
    sc.warriors("eyrie", 3, 2).warriors("eyrie", 4, 1).warriors("marquise", 3, 1).warriors("marquise", 4, 1)
    g = run(sc)
    # rabbit column (1 card): 3 and 4 tie on enemy pieces, 4 has fewer Eyrie warriors; bird column (2 Viziers): 3
    # and 4 tie again on both, 4 is of lower priority
    assert events(g, EV_RECRUIT)[:2] == [(3, 1, 10 + RABBIT), (3, 2, 10 + BIRD)]


def test_seed004_columns_resolve_fox_mouse_rabbit_bird():
    sc = position(order=VISIT).decree("fox", [FOX2]).decree("mouse", [TRAVEL])
    for n in (1, 2, 3):
        sc.building("roost", n)
    g = run(sc)
    cols = [e[1] for e in events(g, EV_COLUMN) if e[0] == STEP_RECRUIT]
    assert cols == [FOX, MOUSE, RABBIT, BIRD]


def test_seed004_move_leaves_enough_to_rule_or_one_per_card_to_a_clearing_without_a_roost():
    """Fox column (1 card): from 12, ruled, with the most Eyrie warriors, leaving one (enough to rule against two
    Marquise warriors with the roost); to 12's neighbours without a roost and no enemy piece (7 9 10 11; 4 has a
    Marquise warrior), the lowest priority: 11."""
    sc = position(order=SD).building("roost", 12).warriors("eyrie", 12, 6).warriors("marquise", 12, 2)
    sc.warriors("marquise", 4, 1)
    g = run(sc)
    # recruits: the fox column's 1 and the bird column's 2 go to the only roost: 9 warriors in 12
    first = events(g, EV_MOVE)[0]
    assert first == (11, 10, 8)


def test_seed004_battle_no_roost_then_most_defenseless_buildings_defender_most_buildings_extra_hit():
    """Fox column with three cards, more than the bird column's two: battle with one extra hit. Candidates 1
    (a roost), 6 (one defenseless sawmill, the Vagabond's pawn) and 8 (a defenseless workshop and recruiter): 8.
    The bird column (not the fullest) then battles in 6, no roost, against the Marquise (a building; the Vagabond
    has none)."""
    sc = position(order=SD).decree("fox", [FOX2, FOX3])
    sc.building("roost", 1).warriors("eyrie", 1, 2).warriors("marquise", 1, 1)
    sc.warriors("eyrie", 6, 2).building("sawmill", 6).vagabond("thief", at=6)
    sc.warriors("eyrie", 8, 2).building("workshop", 8).building("recruiter", 8)
    g = run(sc)
    battles = events(g, EV_BATTLE)
    assert battles[0] == (7, MARQUISE, 11)
    assert battles[1] == (5, MARQUISE, 10)
    assert int(g.state[BUILDINGS + BT_WORKSHOP * NC + 7]) == 0  # two extra hits at least: both buildings go


def test_seed004_build_a_roost_where_it_rules_without_one_highest_priority():
    sc = position(order=SD).building("roost", 5).warriors("eyrie", 3, 1).warriors("eyrie", 2, 1)
    g = run(sc)
    assert events(g, EV_BUILD) == [(1, BT_ROOST, 0)]
    assert roost(g, 2) == 1


def test_seed004_turmoil_when_no_roost_can_be_built_nobility_scores_instead():
    """Both Eyrie clearings hold a roost: nothing to build. Humiliate: -1 VP per bird card (Armorers and the two
    setup bird cards); Purge: the Decree's cards are discarded. Nobility: +1 per bird card instead. Evening: two
    roosts, 1."""
    def at(bot, rules="seed004", supply=None):
        sc = position(bot=bot, order=SD, bot_rules=rules, eyrie=5).decree("bird", [ARMORERS])
        sc.building("roost", 5).building("roost", 1)
        if supply is not None:
            sc.state[SUPPLY_WARRIORS + EYRIE] = supply
        return run(sc)
    g = at(EE)
    assert events(g, EV_TURMOIL) == [(3, 0, 0)] and vp(g, "eyrie") == 5 - 3 + 1
    assert decree(g, BIRD) == [] and decree(g, FOX) == []
    assert int(g.state[CARD_LOC + card_id(ARMORERS)]) == LOC_DISCARD
    g = at(EE + "+nobility")
    assert events(g, EV_TURMOIL) == [(3, 1, 0)] and vp(g, "eyrie") == 5 + 3 + 1
    # Nobility: a warrior that cannot be placed is turmoil too (the fox column takes the last warrior, none is
    # left for the bird column's three)
    g = at(EE + "+nobility", supply=1)
    # the recruit, then (no Rest in seed 004) the Build, with every bird card purged by the first
    assert events(g, EV_TURMOIL) == [(3, 1, 0), (0, 1, 0)]
    assert vp(g, "eyrie") == 5 + 3 + 0 + 1
    g = at(EE + "+nobility", rules="law", supply=1)
    assert events(g, EV_TURMOIL) == [(3, 1, 1)] and vp(g, "eyrie") == 5 + 3 + 1


# ------------------------------------------------------------------ Evening, traits, difficulties
def test_seed004_evening_roosts_track_and_nightmare():
    def at(bot):
        sc = position(bot=bot, order=SD).building("roost", 5).building("roost", 3).building("roost", 10)
        sc.warriors("eyrie", 5, 1).warriors("eyrie", 3, 1).warriors("eyrie", 10, 1)
        g = run(sc)
        return g, int(sum(roost(g, n) for n in range(1, NC + 1)))
    g, n = at(EE)
    assert n >= 3 and vp(g, "eyrie") == n - 1  # n roosts: the n-th space of the track, n - 1 VP
    g, n = at(EE + ":nightmare")
    assert vp(g, "eyrie") == n - 1 + 1


def test_reading_clockwork_tracks_score_n_minus_one_from_the_bot_boards():
    """Reading (docs/rules.md): seed 004 prints no track values; n roosts (or n buildings of the Mechanical Marquise's
    ordered type) on the map score n - 1, the Clockwork bot boards as the public bot assistant reads them, not the
    human boards: six roosts score 5 where the human Eyrie's track gives 4, five recruiters 4 where the human
    Marquise's gives 3."""
    from root_env.data import EY_ROOST_VP, MQ_BUILD_VP
    from root_env.engine.bots import track_vp
    assert [track_vp(n) for n in range(8)] == [0, 0, 1, 2, 3, 4, 5, 6]
    assert EY_ROOST_VP[6] == 4 and MQ_BUILD_VP[2][4] == 3  # the human boards differ
    sc = position(order=SD)
    for n in (1, 3, 5, 7, 10, 11):
        sc.building("roost", n).warriors("eyrie", n, 1)
    g = run(sc)
    n = int(sum(roost(g, k) for k in range(1, NC + 1)))
    assert n >= 6 and events(g, EV_TURMOIL) == [] and vp(g, "eyrie") == n - 1 > EY_ROOST_VP[n]


def test_seed004_relentless_removes_defenseless_buildings_and_war_tax_costs_their_owner():
    sc = position(bot=EE + "+relentless+war_tax", order=SD, marquise=5)
    sc.building("roost", 7).warriors("eyrie", 7, 3).building("workshop", 7)
    sc.warriors("eyrie", 9, 3).building("sawmill", 9)
    g = run(sc)
    assert events(g, EV_BATTLE)[0][:2] == (8, MARQUISE)  # the bird column: 9, no roost
    assert (6, MARQUISE, 1) in events(g, EV_RELENTLESS)
    assert int(g.state[BUILDINGS + BT_WORKSHOP * NC + 6]) == 0 and int(g.state[BUILDINGS + BT_SAWMILL * NC + 8]) == 0
    assert vp(g, "marquise") == 3  # War Tax: one VP per building removed
    sc = position(bot=EE, order=SD, marquise=5)
    sc.building("roost", 7).warriors("eyrie", 7, 3).building("workshop", 7)
    g = run(sc)  # without Relentless the workshop stays
    assert events(g, EV_RELENTLESS) == [] and vp(g, "marquise") == 5


def test_seed004_swoop_two_warriors_in_the_highest_priority_clearing_without_eyrie_pieces():
    sc = position(bot=EE + "+swoop", order=SD).building("roost", 1).warriors("eyrie", 1, 1)
    g = run(sc)
    assert events(g, EV_SWOOP) == [(1, 2, 0)] and warriors(g, "eyrie", 2) >= 2


def test_bird_column_matches_every_clearing():
    sc = position(order=SD).building("roost", 7)  # a mouse clearing: only the bird column recruits there
    g = run(sc)
    assert events(g, EV_RECRUIT) == [(6, 2, 10 + BIRD)]


# ------------------------------------------------------------------ Cooperative (seed 004)
def test_seed004_cooperative_bots_do_not_target_each_other():
    def battles(coop):
        sc = position(order=SD, seats=("bot:mechanical_marquise", "vagabond"), cooperative=coop)
        sc.building("roost", 1).warriors("eyrie", 1, 1).warriors("eyrie", 6, 2).warriors("marquise", 6, 1)
        sc.token("keep", 3)
        return [e for e in events(run(sc, human="vagabond"), EV_BATTLE) if e[2] >= 10]
    assert battles(True) == []
    assert battles(False)[0][:2] == (5, MARQUISE)


def test_reading_cooperative_relentless_removes_another_bots_pieces_as_collateral():
    """Reading (docs/rules.md): in cooperative play "bots do not treat other bot pieces as enemy pieces when targeting
    a clearing to act in ... (However, a bot might still remove bot pieces as collateral damage with effects such as
    revolts, etc.)". Relentless targets no clearing by its pieces (it acts in every clearing with Eyrie warriors) and
    removes every defenseless building and token there, as a revolt removes every enemy piece: the Mechanical
    Marquise's workshop in 7 (no Marquise warrior there) goes, and the Electric Eyrie scores it (Law 3.2.1); it still
    battles no bot."""
    sc = position(bot=EE + "+relentless", order=SD, seats=("bot:mechanical_marquise", "vagabond"), cooperative=True)
    sc.building("roost", 7).warriors("eyrie", 7, 3).building("workshop", 7).token("keep", 3)
    g = run(sc, human="vagabond")
    assert (6, MARQUISE, 1) in events(g, EV_RELENTLESS)
    assert int(g.state[BUILDINGS + BT_WORKSHOP * NC + 6]) == 0
    assert [e for e in events(g, EV_BATTLE) if e[2] >= 10] == []
    assert int(g.state[VP_SOURCE + EYRIE * N_VS + VS_REMOVAL]) == 1


def test_seed004_cooperative_win_needs_every_player_at_30_before_any_bot():
    sc = position(order=SD, cooperative=True, marquise=30, vagabond=29).building("roost", 5)
    g = run(sc)
    assert not g.is_over  # one player at 30 plays on
    sc2 = position(order=SD, cooperative=True, marquise=30, vagabond=30).building("roost", 5)
    g2 = run(sc2)
    assert g2.is_over and sorted(g2.winners) == ["marquise", "vagabond"]
    sc3 = position(order=SD, cooperative=True, eyrie=29, marquise=30, vagabond=12).building("roost", 5)
    sc3.building("roost", 3).building("roost", 10).warriors("eyrie", 2, 1)
    g3 = run(sc3)  # a fourth roost in 2; Evening: 3 VP
    assert g3.is_over and g3.winners == ["eyrie"]


def test_seed004_cooperative_removes_dominance_and_needs_a_bot_and_a_player():
    seats = (EE, "marquise", "alliance", "vagabond")
    doms = [c for c in range(NCARD) if CARD_KIND[c] == K_DOMINANCE]
    g = Game.new(seats, seed=2)
    assert all(int(g.state[CARD_LOC + c]) != LOC_REMOVED for c in doms)  # three players: kept
    g = Game.new(seats, seed=2, cooperative=True)
    assert all(int(g.state[CARD_LOC + c]) == LOC_REMOVED for c in doms)
    with pytest.raises(RootError, match="cooperative"):
        Game.new(("marquise", "eyrie"), cooperative=True)
    with pytest.raises(RootError, match="cooperative"):
        Game.new((EE, "bot:mechanical_marquise"), cooperative=True)
    with pytest.raises(RootError, match="bot_rules"):
        Game.new(seats, bot_rules="digital")
    s = Game.new(("marquise", "eyrie"), seed=1).state.copy()
    s[OPTIONS + O_COOPERATIVE] = 1  # a forged cooperative game without a bot
    with pytest.raises(RootError, match="BOT"):
        Game.from_state(s)


def test_cooperative_and_bot_rules_travel_in_records():
    g = Game.new((EE, "marquise", "vagabond"), seed=4, cooperative=True, bot_rules="law")
    rng = np.random.default_rng(0)
    for _ in range(40):
        g.apply(int(rng.choice(g.legal_actions())))
    h = Game.from_record(g.to_record())
    assert np.array_equal(h.state, g.state)
    assert h.to_record()["options"]["cooperative"] is True and h.to_record()["options"]["bot_rules"] == "law"


# ------------------------------------------------------------------ the rest of the project
def test_every_player_sees_the_bot_rules_and_the_decree_by_suit():
    from root_env.observation import obs_fields
    sc = position(order=SD, cooperative=False).building("roost", 5).warriors("eyrie", 2, 1)  # (2: it builds there)
    birds = decree(sc.game, BIRD)
    g = run(sc)
    assert list(obs_fields(g.observe("marquise"))["bot_rules"]) == [0, 0]
    d = g.to_dict()["eyrie"]["decree"]
    assert list(d) == ["fox", "mouse", "rabbit", "bird"] and len(d["bird"]) == 2 and decree(g, BIRD) == birds
    assert all(name.endswith("(bird)") for name in d["bird"])
    law = run(position(order=SD, bot_rules="law").building("roost", 5).warriors("eyrie", 2, 1))
    assert law.to_dict()["eyrie"]["decree"]["bird"] == ["Loyal Vizier", "Loyal Vizier"]
    sentences = g.bot_events()
    assert any(x.startswith("Electric Eyrie adds Stand and Deliver! (fox) to the Decree's fox column") for x in sentences)
    assert any("bird column, 2 cards" in x for x in sentences)


def test_bot_games_with_all_three_bots_are_the_same_compiled_and_without_jit():
    """Determinism: the Electric Eyrie with every trait, the Mechanical Marquise and the Automated Alliance with
    every trait and two options, cooperative, the same seeded game compiled and with NUMBA_DISABLE_JIT=1."""
    same_compiled_and_without_jit(
        "g = Game.new(factions=('bot:electric_eyrie:nightmare+relentless+swoop+nobility+war_tax', "
        "'bot:mechanical_marquise', 'bot:automated_alliance:challenging+veterans+popularity+informants+wildfire', "
        "'vagabond'), seed=12, cooperative=True, bot_options={'aa_spread_fallback': 'literal', 'aa_bird_order': 'any'})")

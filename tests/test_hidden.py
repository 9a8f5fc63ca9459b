"""Hidden information (issue 5): information_view shows only what a player knows; determinize keeps
everything that player has seen (its observation is unchanged), redeals exactly the cards it cannot see,
and gives a playable game."""
from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from root_env import Game
from root_env.data import NCARD
from root_env.hidden import hidden_cards
from root_env.layout import CARD_LOC, CARD_KNOWN, DECK, DECK_N, HAND_N, LOC_HAND


TWO = (("eyrie", "marquise"), ("marquise", "eyrie"))
MULTI = (("marquise", "eyrie", "alliance", "vagabond"), ("alliance", "vagabond", "eyrie"))


def _positions(n=12, seed=0, mixes=TWO):
    """Random mid-game positions (several decisions of each kind)."""
    out = []
    r = random.Random(seed)
    for i in range(n):
        g = Game.new(mixes[i % len(mixes)], seed=100 + i)
        stop = r.randrange(20, 500)
        while not g.is_over and len(g._actions) < stop:
            legal = g.legal_actions()
            g.apply(int(legal[r.randrange(len(legal))]))
        if not g.is_over:
            out.append(g)
    return out


POSITIONS = _positions()
# Three and four players: supporters, ruin items and the quest deck are hidden too.
POSITIONS_MULTI = _positions(8, seed=1, mixes=MULTI)


def _play_on(g, seed, limit):
    """Play `g` on with seeded random legal actions, to its end or for `limit` decisions."""
    r = random.Random(seed)
    n = 0
    while not g.is_over and n < limit:
        legal = g.legal_actions()
        g.apply(int(legal[r.randrange(len(legal))]))
        n += 1


@pytest.mark.parametrize("gi", range(len(POSITIONS) + len(POSITIONS_MULTI)))
def test_observation_unchanged_and_public_state_kept(gi):
    g = (POSITIONS + POSITIONS_MULTI)[gi]
    for player in g.factions:
        obs = g.observe(player)
        for k in range(5):
            d = g.determinize(player, seed=k)
            assert np.array_equal(d.observe(player), obs), "determinizing changed what the player sees"
            assert d.information_view(player) == g.information_view(player)
            # same hand sizes, deck size, board; own hand untouched
            assert d.hand(player) == g.hand(player)
            s0, s1 = g.state, d.state
            assert s1[DECK_N] == s0[DECK_N] and (s1[HAND_N:HAND_N + 8] == s0[HAND_N:HAND_N + 8]).all()
            assert d.to_dict()["clearings"] == g.to_dict()["clearings"]
            # the hidden cards are a permutation of the same set
            assert sorted(hidden_cards(d, player).tolist()) == sorted(hidden_cards(g, player).tolist())
            # and the sampled game can be played on to the end
            if k == 0:
                _play_on(d, gi, 3000)


def test_hidden_cards_drawn_from_exactly_the_unseen_cards():
    g = POSITIONS[3]
    player = g.factions[0]
    other = g.factions[1]
    f_other = ("marquise", "eyrie").index(other) if other in ("marquise", "eyrie") else None
    hidden = set(hidden_cards(g, player).tolist())
    visible_known = {c for c in range(NCARD) if c not in hidden}
    other_slot = LOC_HAND + g._faction_id(other)
    seen_in_other_hand = Counter()
    top_of_deck = Counter()
    N = 400
    for k in range(N):
        d = g.determinize(player, seed=k)
        s = d.state
        for c in range(NCARD):
            if s[CARD_LOC + c] == other_slot and c in hidden:
                seen_in_other_hand[c] += 1
        if s[DECK_N] > 0:
            top_of_deck[int(s[DECK + s[DECK_N] - 1])] += 1
        # cards the player can see never move
        for c in visible_known:
            assert s[CARD_LOC + c] == g.state[CARD_LOC + c]
    # every card that lands in a hidden place is one the player cannot see, and (over many samples)
    # every unseen card turns up there
    assert set(seen_in_other_hand) <= hidden and set(top_of_deck) <= hidden
    assert set(seen_in_other_hand) | set(top_of_deck) == hidden
    assert f_other is not None


def test_known_cards_in_other_hands_stay_put():
    g = POSITIONS[5].copy()
    player, other = g.factions
    s = g.state
    other_cards = [c for c in range(NCARD) if s[CARD_LOC + c] == LOC_HAND + g._faction_id(other)]
    assert other_cards, "the fixed position must give the other player cards to check"
    c = other_cards[0]
    s[CARD_KNOWN + c] |= 1 << g._faction_id(player)  # as after Codebreakers
    for k in range(20):
        d = g.determinize(player, seed=k)
        assert d.state[CARD_LOC + c] == s[CARD_LOC + c]
    view = g.information_view(player)
    assert view["hands"][other]["size"] == len(other_cards)
    assert len(view["hands"][other]["known_cards"]) == 1


def test_information_view_hides_other_hands_and_deck():
    g = POSITIONS[0]
    player, other = g.factions
    v = g.information_view(player)
    assert v["viewer"] == player
    assert v["hands"][player]["cards"] == g.hand(player)
    assert "cards" not in v["hands"][other]
    assert len(v["unseen_cards"]) == len(hidden_cards(g, player))
    assert "deck" not in v and "rng" not in str(v).lower()


def test_determinize_differs_and_is_seeded():
    g = POSITIONS[1]
    p = g.factions[0]
    a, b, c = g.determinize(p, seed=1), g.determinize(p, seed=1), g.determinize(p, seed=2)
    assert a.state.tobytes() == b.state.tobytes()
    assert a.state.tobytes() != c.state.tobytes()
    with pytest.raises(ValueError, match="not a faction in this game"):
        g.determinize("alliance", seed=0)


def test_other_players_card_decision_stays_playable():
    """When the other player is choosing among cards of its hand (discard, overwork, ambush, ...), the
    redealt hand must still allow that decision: the sampled game always has legal actions."""
    from root_env import codes as K
    exercised = 0
    for i in range(250):
        r = random.Random(i)
        g = Game.new(seed=i)
        stop = r.randrange(10, 600)
        while not g.is_over and len(g._actions) < stop:
            legal = g.legal_actions()
            g.apply(int(legal[r.randrange(len(legal))]))
        if g.is_over:
            continue
        legal = g.legal_actions()
        if not ((legal >= K.A_CARD) & (legal < K.A_CARD + NCARD)).any():
            continue
        exercised += 1
        viewer = next(f for f in g.factions if f != g.current_player)
        d = g.determinize(viewer, seed=i)
        assert np.array_equal(d.observe(viewer), g.observe(viewer))
        assert d.decision == g.decision and d.current_player == g.current_player
        n = 0
        while not d.is_over and n < 3000:
            legal = d.legal_actions()
            assert legal.size, "a determinized game offered a decision with no legal option"
            d.apply(int(legal[r.randrange(len(legal))]))
            n += 1
    assert exercised >= 30


def test_ruin_items_quest_order_and_supporters_are_resampled():
    """Nobody has seen the ruin items or the quest deck order; only the Alliance sees its supporters."""
    from root_env.layout import RUIN_ITEM, QUEST_DECK, QUEST_DECK_N, LOC_SUPPORTERS
    from root_env.data import NC
    g = Game.new(MULTI[0], seed=3)
    while g.phase == "setup":
        g.apply(int(g.legal_actions()[0]))
    s = g.state
    ruins0 = sorted(int(s[RUIN_ITEM + c]) for c in range(NC) if s[RUIN_ITEM + c] >= 0)
    quests0 = sorted(s[QUEST_DECK:QUEST_DECK + s[QUEST_DECK_N]].tolist())
    sup0 = sorted(c for c in range(NCARD) if s[CARD_LOC + c] == LOC_SUPPORTERS)
    ruin_layouts, quest_orders, sup_sets = set(), set(), set()
    for k in range(40):
        d = g.determinize("marquise", seed=k).state
        ruins = [int(d[RUIN_ITEM + c]) for c in range(NC) if d[RUIN_ITEM + c] >= 0]
        assert sorted(ruins) == ruins0
        ruin_layouts.add(tuple(ruins))
        assert sorted(d[QUEST_DECK:QUEST_DECK + d[QUEST_DECK_N]].tolist()) == quests0
        quest_orders.add(tuple(d[QUEST_DECK:QUEST_DECK + d[QUEST_DECK_N]].tolist()))
        sup_sets.add(tuple(sorted(c for c in range(NCARD) if d[CARD_LOC + c] == LOC_SUPPORTERS)))
    assert len(ruin_layouts) > 1 and len(quest_orders) > 1 and len(sup_sets) > 1
    a = g.determinize("alliance", seed=0).state  # the Alliance knows its own supporters
    assert sorted(c for c in range(NCARD) if a[CARD_LOC + c] == LOC_SUPPORTERS) == sup0
    v = g.information_view("eyrie")
    assert "supporters" not in v["alliance"] and v["alliance"]["supporters_count"] == len(sup0)
    assert {i for items in v["ruin_items"].values() for i in items} == {"hidden"}


# ---------------------------------------------------------------- the Lizard Cult (Law 10)
FIVE = ("marquise", "eyrie", "alliance", "vagabond", "lizards")
CULT_MIXES = (FIVE, ("lizards", "marquise"), ("eyrie", "lizards", "alliance"))
POSITIONS_CULT = _positions(8, seed=2, mixes=CULT_MIXES)


def _cult_position(seed, until):
    """A random game with the Cult, played until ``until(game)`` holds at the Cult's decision."""
    g = Game.new(FIVE, seed=seed)
    r = random.Random(seed)
    while not g.is_over and not (g.current_player == "lizards" and until(g)):
        legal = g.legal_actions()
        g.apply(int(legal[r.randrange(len(legal))]))
    assert not g.is_over
    return g


@pytest.mark.parametrize("gi", range(len(POSITIONS_CULT)))
def test_cult_positions_observation_unchanged_and_public_state_kept(gi):
    from root_env.layout import LZ_ACOLYTES, LZ_OUTCAST, LZ_HATED, LZ_SCORED, LOC_REVEALED, LOC_LOST_SOULS
    g = POSITIONS_CULT[gi]
    for s0, s1 in _determinized_seen_alike(g, gi):
        for r in (LZ_ACOLYTES, LZ_OUTCAST, LZ_HATED, LZ_SCORED):
            assert s1[r] == s0[r]
        for loc in (LOC_REVEALED, LOC_LOST_SOULS):  # face up (Law 10.2.6, 10.5): never redealt
            assert ((s0[CARD_LOC:CARD_LOC + NCARD] == loc) == (s1[CARD_LOC:CARD_LOC + NCARD] == loc)).all()


def _determinized_seen_alike(g, gi):
    """Each player's three determinizations of `g`, each checked to leave what that player sees (observation and
    information view) unchanged, as (true state, determinized state); the first of each is played on to the end."""
    for player in g.factions:
        obs = g.observe(player)
        for k in range(3):
            d = g.determinize(player, seed=k)
            assert np.array_equal(d.observe(player), obs), "determinizing changed what the player sees"
            assert d.information_view(player) == g.information_view(player)
            yield g.state, d.state
            if k == 0:
                _play_on(d, gi, 2000)


def test_information_view_shows_the_cult_board_and_hides_its_hand():
    from root_env.layout import LOC_REVEALED, LOC_LOST_SOULS
    g = _cult_position(5, lambda g: g.to_dict()["lizards"]["revealed"] and g.to_dict()["lost_souls"])
    s, full = g.state, g.to_dict()
    cult = [c for c in range(NCARD) if s[CARD_LOC + c] == LOC_HAND + g._faction_id("lizards")]
    for viewer in g.factions:
        v = g.information_view(viewer)
        # public (Law 10.2.6, 10.3.3, 10.5): outcast and side, acolytes, revealed cards, the Lost Souls pile
        assert v["lizards"] == full["lizards"] and v["lost_souls"] == full["lost_souls"]
        assert v["lizards"]["revealed"] and v["lost_souls"]
        public = {c for c in range(NCARD) if s[CARD_LOC + c] in (LOC_REVEALED, LOC_LOST_SOULS)}
        assert not public & set(hidden_cards(g, viewer).tolist())
        if viewer == "lizards":
            assert v["hands"]["lizards"]["cards"] == g.hand("lizards")
            continue
        # the Cult's hand: its size, and only the cards this viewer has seen
        hand = v["hands"]["lizards"]
        assert "cards" not in hand and hand["size"] == len(cult)
        seen = [c for c in cult if (s[CARD_KNOWN + c] >> g._faction_id(viewer)) & 1]
        assert len(hand["known_cards"]) == len(seen)


def test_cult_cards_revealed_and_returned_stay_known_others_are_redealt():
    """Cards the Cult revealed come back to its hand face up for everyone (Law 10.6.1): a determinization
    keeps them; the Cult's other cards are drawn anew from what the viewer has not seen."""
    from root_env.layout import LOC_REVEALED
    from root_env.data import LIZARDS, MARQUISE, NF
    lz, everyone = LOC_HAND + LIZARDS, (1 << NF) - 1

    def known(g):
        return [g.state[CARD_KNOWN + c] == everyone for c in range(NCARD) if g.state[CARD_LOC + c] == lz]
    g = _cult_position(9, lambda g: g.phase == "birdsong" and any(known(g)) and not all(known(g)))
    s = g.state
    shown = {c for c in range(NCARD) if s[CARD_LOC + c] == lz and (s[CARD_KNOWN + c] >> MARQUISE) & 1}
    unseen = {c for c in range(NCARD) if s[CARD_LOC + c] == lz} - shown
    assert shown and unseen and not any(s[CARD_LOC + c] == LOC_REVEALED for c in range(NCARD))
    moved = set()
    for k in range(30):
        d = g.determinize("marquise", seed=k).state
        hand = {c for c in range(NCARD) if d[CARD_LOC + c] == lz}
        assert shown <= hand and len(hand) == len(shown | unseen)
        moved |= unseen - hand
    assert moved == unseen


@pytest.mark.parametrize("decider, decision", [("lizards", "cult: ritual"), ("marquise", "marquise: action")])
def test_a_menu_that_depends_on_the_hand_stays_playable_after_determinizing(decider, decision):
    """The Cult's ritual menu (a ritual needs a matching card, Sacrifice a bird) and the Marquise's
    action menu (overwork needs a matching card) are offered again from the redealt hand: every option
    of the sampled game can be played on."""
    from root_env import codes as K
    exercised = 0
    for i in range(120):
        r = random.Random(i)
        g = Game.new(FIVE if i % 2 else (decider, "eyrie"), seed=i)
        stop = r.randrange(20, 700)
        while not g.is_over and (len(g._actions) < stop or g.current_player != decider or g.decision != decision):
            legal = g.legal_actions()
            g.apply(int(legal[r.randrange(len(legal))]))
            if len(g._actions) > stop + 400:
                break
        if g.is_over or g.decision != decision:
            continue
        exercised += 1
        viewer = next(f for f in g.factions if f != decider)
        for k in range(3):
            d = g.determinize(viewer, seed=k)
            assert d.decision == decision and np.array_equal(d.observe(viewer), g.observe(viewer))
            for a in d.legal_actions():
                e = d.copy()
                e.apply(int(a))
                for _ in range(40):
                    if e.is_over:
                        break
                    legal = e.legal_actions()
                    assert legal.size, f"option {K.OPT_NAMES[int(a) - K.A_OPT] if a >= K.A_OPT else a} led nowhere"
                    e.apply(int(legal[r.randrange(len(legal))]))
    assert exercised >= 20


# ---------------------------------------------------------------- the Riverfolk Company (Law 11)
RF_FIVE = ("marquise", "eyrie", "alliance", "vagabond", "riverfolk")
RF_MIXES = (RF_FIVE, ("riverfolk", "marquise"), ("eyrie", "riverfolk", "lizards"), ("riverfolk", "vagabond"))
POSITIONS_RF = _positions(8, seed=3, mixes=RF_MIXES)


def _rf_hand(g):
    rf = LOC_HAND + g._faction_id("riverfolk")
    return {c for c in range(NCARD) if g.state[CARD_LOC + c] == rf}


@pytest.mark.parametrize("gi", range(len(POSITIONS_RF)))
def test_riverfolk_positions_keep_the_public_hand_and_board(gi):
    """Law 11.2.3: the Riverfolk's hand is public. Every player's determinization keeps it card for card, and
    keeps the Riverfolk's board (funds, payments, committed by owner, prices, posts); the observation is
    unchanged and the sampled game plays on."""
    from root_env.layout import (RF_FUNDS, RF_PAYMENTS, RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, RF_DISRUPT,
                                 RF_SERVICES_LEFT, RF_BOUGHT)
    from root_env.data import NF
    g = POSITIONS_RF[gi]
    hand = _rf_hand(g)
    for player in g.factions:
        assert not hand & set(hidden_cards(g, player).tolist())
        obs = g.observe(player)
        for k in range(3):
            d = g.determinize(player, seed=k)
            assert _rf_hand(d) == hand, "determinizing changed the Riverfolk's public hand"
            assert np.array_equal(d.observe(player), obs) and d.information_view(player) == g.information_view(player)
            for region, n in ((RF_FUNDS, NF), (RF_PAYMENTS, NF), (RF_COMMITTED, NF), (RF_PRICES, 3),
                              (RF_POSTS_GONE, 3), (RF_DISRUPT, 1), (RF_SERVICES_LEFT, 1), (RF_BOUGHT, 3)):
                assert (d.state[region:region + n] == g.state[region:region + n]).all()
            if k == 0:
                _play_on(d, gi, 2000)


def test_information_view_shows_the_riverfolk_hand_to_everyone():
    """Every viewer's information view lists the Riverfolk's whole hand among the cards it knows, and the
    Riverfolk's board as it is."""
    g = next(p for p in POSITIONS_RF if len(_rf_hand(p)) >= 2)
    full = g.to_dict()
    for viewer in g.factions:
        v = g.information_view(viewer)
        assert v["riverfolk"] == full["riverfolk"]
        hand = v["hands"]["riverfolk"]
        cards = hand["cards"] if viewer == "riverfolk" else hand["known_cards"]
        assert sorted(cards) == sorted(full["hands"]["riverfolk"]) and hand["size"] == len(cards)


def test_a_card_bought_from_the_riverfolk_stays_where_it_went():
    """Law 11.2.7.I: a card bought with Hand Card leaves a public hand, so everyone knows where it is:
    no determinization moves it, whoever the viewer (a card the buyer drew is still redealt for others)."""
    from root_env import codes as K
    g = Game.new(RF_FIVE, seed=40)
    r = random.Random(40)
    bought = None
    while not g.is_over and bought is None:
        legal = g.legal_actions()
        a = int(legal[r.randrange(len(legal))])
        if g.decision == "hand card: which":
            bought, buyer = a - K.A_CARD, g.current_player
        g.apply(a)
    assert bought is not None and not g.is_over
    where = int(g.state[CARD_LOC + bought])
    assert where == LOC_HAND + g._faction_id(buyer)
    for viewer in g.factions:
        assert bought not in hidden_cards(g, viewer).tolist()
        for k in range(5):
            assert int(g.determinize(viewer, seed=k).state[CARD_LOC + bought]) == where
    other = next(f for f in g.factions if f not in (buyer, "riverfolk"))
    assert any(c != bought for c in hidden_cards(g, other).tolist())  # the buyer's other cards stay hidden


# ---------------------------------------------------------------- the Corvid Conspiracy (seed 003, Law 13)
CV_MIXES = (("marquise", "eyrie", "alliance", "vagabond", "corvids"), ("corvids", "marquise"),
            ("eyrie", "corvids", "riverfolk"), ("lizards", "corvids", "vagabond"))


def _cv_positions(n=10, seed=4):
    """Random positions of Corvid games with face-down plots on the map, at least one with a type ruled out."""
    from root_env.layout import CV_EXCLUDED
    out, r = [], random.Random(seed)
    for i in range(200):
        g = Game.new(CV_MIXES[i % len(CV_MIXES)], seed=300 + i)
        stop = r.randrange(150, 900)
        while not g.is_over and len(g._actions) < stop:
            legal = g.legal_actions()
            g.apply(int(legal[r.randrange(len(legal))]))
        if not g.is_over and _face_down(g):
            out.append(g)
        if len(out) >= n and any(g.state[CV_EXCLUDED:CV_EXCLUDED + 12].any() for g in out):
            break
    return out


def _face_down(g) -> dict:
    """{clearing: type} of the face-down plots (the true types, read from the state)."""
    from root_env.names import plot_type
    from root_env.layout import CV_FACE_UP
    return {c: plot_type(g.state, c) for c in range(12) if plot_type(g.state, c) >= 0 and not g.state[CV_FACE_UP + c]}


POSITIONS_CV = _cv_positions()


@pytest.mark.parametrize("gi", range(len(POSITIONS_CV)))
def test_corvid_positions_determinize_within_what_each_player_saw(gi):
    """Seed 003 13.2.2.I, 13.2.4: for anyone but the Corvids the face-down plots' types are dealt anew from the
    face-down plots and the supply, never a type Exposure ruled out there; places, facings, face-up types, the
    two-of-each counts, the observation and the information view stay; the Corvids' determinization keeps every
    type; the sampled games play on."""
    from root_env.names import plot_type
    from root_env.layout import CV_FACE_UP, CV_EXCLUDED, TOKENS
    from root_env.data import TT_PLOT, NC
    g = POSITIONS_CV[gi]
    down = _face_down(g)
    up = {c: plot_type(g.state, c) for c in range(NC) if g.state[CV_FACE_UP + c]}
    for player in g.factions:
        obs, view = g.observe(player), g.information_view(player)
        for k in range(4):
            d = g.determinize(player, seed=k)
            assert np.array_equal(d.observe(player), obs) and d.information_view(player) == view
            assert set(_face_down(d)) == set(down) and {c: plot_type(d.state, c) for c in up} == up
            for c, t in _face_down(d).items():
                assert not (int(d.state[CV_EXCLUDED + c]) >> t) & 1, "a ruled-out type was dealt"
            assert (d.state[CV_EXCLUDED:CV_EXCLUDED + NC] == g.state[CV_EXCLUDED:CV_EXCLUDED + NC]).all()
            for t in range(4):
                assert d.state[TOKENS + (TT_PLOT + t) * NC:TOKENS + (TT_PLOT + t + 1) * NC].sum() <= 2
            if player == "corvids":
                assert _face_down(d) == down
            if k == 0:
                _play_on(d, gi, 1500)


def test_determinize_does_not_keep_the_true_face_down_types():
    """Over seeds, another player's determinizations put more than one type under some face-down plot, and not
    always the true one: the true types are not leaked through the sample."""
    g = max(POSITIONS_CV, key=lambda p: len(_face_down(p)))
    down = _face_down(g)
    viewer = next(f for f in g.factions if f != "corvids")
    samples = [_face_down(g.determinize(viewer, seed=k)) for k in range(40)]
    assert any(len({s[c] for s in samples}) > 1 for c in down)
    assert any(s != down for s in samples)


def test_information_view_hides_face_down_plots_from_all_but_the_corvids():
    """No non-Corvid view names a face-down type (tokens, plot, the supply by type); it keeps what Exposure ruled
    out; two games that differ only in face-down types give those players the same view; the Corvids see all."""
    import json
    from root_env.names import HIDDEN_PLOT
    from root_env.data import PLOT_NAMES
    g = max(POSITIONS_CV, key=lambda p: len(_face_down(p)))
    down = _face_down(g)
    from root_env.engine.plots import resample_plots
    other = None
    for k in range(1, 200):  # the same game, only the face-down types dealt anew
        s = g.state.copy()
        resample_plots(s, k * 7919)
        other = Game._wrap(s)
        if _face_down(other) != down:
            break
    assert _face_down(other) != down
    for player in g.factions:
        v = g.information_view(player)
        for c, t in down.items():
            cl = v["clearings"][c]
            if player == "corvids":
                assert cl["plot"]["type"] == PLOT_NAMES[t] and f"plot_{PLOT_NAMES[t]}" in cl["tokens"]
            else:
                assert cl["plot"]["type"] is None and HIDDEN_PLOT in cl["tokens"]
                assert not [x for x in cl["tokens"] if x.startswith("plot_")]
                assert cl["plot"]["ruled_out"] == g.to_dict()["clearings"][c]["plot"]["ruled_out"]
        assert ("supply_by_type" in v["corvids"]) == (player == "corvids")
        if player != "corvids":
            assert json.dumps(v, sort_keys=True) == json.dumps(other.information_view(player), sort_keys=True)
    assert g.information_view("corvids") != other.information_view("corvids")


def test_determinize_reoffers_the_corvids_plot_choice_from_the_resampled_supply():
    """At the Corvids' choice of a plot type (13.5.2), another player's determinization offers the types of the
    supply it dealt, each of which can be placed."""
    from root_env import codes as K
    from root_env.data import NBT, TT_PLOT, NC
    from root_env.engine.invariants import check_state
    from root_env.layout import TOKENS
    found = 0
    for seed in range(40):
        g = Game.new(("marquise", "corvids"), seed=seed)
        r = random.Random(seed)
        while not g.is_over and not (g.decision == "plot: which" and _face_down(g)):
            legal = g.legal_actions()
            g.apply(int(legal[r.randrange(len(legal))]))
        if g.is_over:
            continue
        for k in range(6):
            d = g.determinize("marquise", seed=k)
            supply = {t for t in range(4)
                      if d.state[TOKENS + (TT_PLOT + t) * NC:TOKENS + (TT_PLOT + t + 1) * NC].sum() < 2}
            assert {int(a) - K.A_PIECE - NBT - TT_PLOT for a in d.legal_actions()} == supply
            for a in d.legal_actions():
                e = d.copy()
                e.apply(int(a))
                assert check_state(e.state) == 0
        found += 1
        if found >= 3:
            break
    assert found >= 3


@pytest.mark.parametrize("decision", ["exposure: where", "corvids: daylight"])
def test_menus_that_depend_on_a_hand_stay_playable_after_determinizing(decision):
    """An enemy's Exposure (a card matching the clearing, 13.2.4) and the Corvids' Daylight menu (a dominance
    card to activate) depend on the decider's hand: another player's determinization offers them again from the
    hand it dealt, so that every option it leaves can be played."""
    checked = 0
    for seed in range(40):
        g = Game.new(("marquise", "eyrie", "corvids"), seed=seed)
        r = random.Random(seed)
        while not g.is_over and checked < 300:
            if g.decision == decision and r.random() < 0.3:
                viewer = next(f for f in g.factions if f != g.current_player)
                for k in range(2):
                    d = g.determinize(viewer, seed=k)
                    for a in d.legal_actions():
                        e = d.copy()
                        e.apply(int(a))
                        assert e.is_over or len(e.legal_actions()) > 0
                        checked += 1
            legal = g.legal_actions()
            g.apply(int(legal[r.randrange(len(legal))]))
        if checked >= 300:
            break
    assert checked >= 300


# The Underground Duchy (Law 12): nothing of it is hidden but its hand; its revealed cards are face up (12.5.1.I,
# 12.5.3.II) and never redealt; the Burrow, ministers and crowns are public.
DU_MIXES = (("duchy", "marquise"), ("eyrie", "duchy", "alliance", "vagabond"), ("duchy", "lizards", "corvids"))
POSITIONS_DU = _positions(8, seed=5, mixes=DU_MIXES)


@pytest.mark.parametrize("gi", range(len(POSITIONS_DU)))
def test_duchy_positions_observation_unchanged_and_public_state_kept(gi):
    from root_env.layout import LOC_REVEALED, DU_BURROW, DU_SWAYED, DU_CROWNS_LOST
    g = POSITIONS_DU[gi]
    for s0, s1 in _determinized_seen_alike(g, gi):
        assert s1[DU_BURROW] == s0[DU_BURROW]
        assert (s1[DU_SWAYED:DU_SWAYED + 9] == s0[DU_SWAYED:DU_SWAYED + 9]).all()
        assert (s1[DU_CROWNS_LOST:DU_CROWNS_LOST + 3] == s0[DU_CROWNS_LOST:DU_CROWNS_LOST + 3]).all()
        assert ((s0[CARD_LOC:CARD_LOC + NCARD] == LOC_REVEALED) == (s1[CARD_LOC:CARD_LOC + NCARD] == LOC_REVEALED)).all()

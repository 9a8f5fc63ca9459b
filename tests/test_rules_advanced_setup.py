"""Advanced Setup (the Law's Appendix A): rule tests by step, and bad input.

A.1 suit markers shuffled onto the clearings; A.7 five cards; A.8.2 the factions set up from the last seat to the
first, choosing homelands (I: no enemy homeland, where all setup pieces can go; II: as far from enemy homelands as the
faction must, falling back step by step); A.10 three cards kept, two put back, then the deck shuffled. A.8.1's draft
is ``root_env.setup.draft``.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (NC, CLEARING_SUIT, CORNERS, MARQUISE, EYRIE, LIZARDS, BT_GARDEN, ADVANCED_HAND,
                           ADVANCED_KEEP, STARTING_HAND, CLEARING_DIST, ADJ, BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER,
                           TT_KEEP)
from root_env.map_data import MAP_EDGE
from root_env.errors import RootError, IllegalActionError, RecordError
from root_env.game import Game
from root_env.layout import (CLEARING_SUITS, HOMELAND, SETUP_KIND, SETUP_ADVANCED, HAND_N, CARD_LOC, LOC_HAND, LOC_DECK,
                             DECK, DECK_N, WARRIORS, BUILDINGS, TOKENS, TURN, DECIDER)
from root_env.engine import homelands
from root_env.setup import draft, deal_setup_cards, may_choose, DraftError, MILITANT, reach, is_viable, DRAFTABLE
from tests.rules_helpers import FACTION


def corner_actions(g):
    return sorted(int(a) - K.A_CLEARING for a in g.legal_actions())


def to_decision(g, name, pick=None):
    """Play setup choices (the first legal one, or `pick(g)`) until decision `name` is pending."""
    for _ in range(200):
        if g.decision == name:
            return g
        g.apply(int(pick(g)) if pick else int(g.legal_actions()[0]))
    raise AssertionError(f"no {name!r} decision reached; now {g.decision!r}")


def test_law_A_1_suit_markers_shuffled_onto_the_clearings():
    std = Game.new(("marquise", "eyrie"), seed=5)
    assert list(std.state[CLEARING_SUITS:CLEARING_SUITS + NC]) == list(CLEARING_SUIT)
    assert std.setup == "standard" and std.state[SETUP_KIND] == 0
    rows = set()
    for seed in range(6):
        g = Game.new(("marquise", "eyrie"), seed=seed, setup="advanced")
        suits = g.state[CLEARING_SUITS:CLEARING_SUITS + NC]
        assert sorted(suits) == sorted(CLEARING_SUIT)  # the twelve markers: four of each suit
        rows.add(tuple(suits))
        # what the game shows is the marker, not the printed suit
        assert [c["suit"] for c in g.to_dict()["clearings"]] == [("fox", "rabbit", "mouse")[s] for s in suits]
    assert len(rows) > 1  # shuffled per game (seeded)


def test_law_A_1_the_rules_read_the_suit_markers():
    """Law 10.3.2 with A.1: the Lizard Cult's starting garden matches its corner's suit marker, and the Cult's
    Outcast rules (10.2.x, lizards.outcast) read the marker too."""
    for seed in range(8):
        g = Game.new(("lizards", "marquise"), seed=seed, setup="advanced")
        to_decision(g, "setup: cult corner")
        c = corner_actions(g)[0]
        g.apply(K.A_CLEARING + c)
        suit = int(g.state[CLEARING_SUITS + c])
        assert g.state[BUILDINGS + (BT_GARDEN + suit) * NC + c] == 1
        if suit != CLEARING_SUIT[c]:
            assert g.state[BUILDINGS + (BT_GARDEN + int(CLEARING_SUIT[c])) * NC + c] == 0
            return
    pytest.fail("no seed put another marker on the Cult's corner")


def test_law_A_7_five_cards_drawn_and_a_bot_none():
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=1, setup="advanced")
    for f in ("marquise", "eyrie", "alliance", "vagabond"):
        assert g.state[HAND_N + FACTION[f]] == ADVANCED_HAND, f
    b = Game.new(("bot:mechanical_marquise", "eyrie", "alliance"), seed=1, setup="advanced")
    assert b.state[HAND_N + MARQUISE] == 0 and b.state[HAND_N + EYRIE] == ADVANCED_HAND
    assert Game.new(("marquise", "eyrie"), seed=1).state[HAND_N + MARQUISE] == STARTING_HAND


def test_law_A_8_2_factions_set_up_from_the_last_seat():
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=2, setup="advanced")
    assert g.current_player == "vagabond"  # the last player in turn order chooses first
    g = Game.new(("eyrie", "marquise"), seed=2, setup="advanced")
    assert g.decision == "setup: building" and g.current_player == "marquise"  # her card: homelands, buildings first
    assert Game.new(("eyrie", "marquise"), seed=2).decision == "setup: keep"  # (Law 5.1.7: the Marquise is A)


def _bits(m):
    return [c for c in range(NC) if (int(m) >> c) & 1]


def _far(candidates, enemy, need):
    """A.8.2.II's cascade, written out for the Autumn map: the candidates no enemy homeland, at distance >= need from
    every enemy homeland if any, else not adjacent (distance >= 2) if any, else all of them."""
    cands = [c for c in candidates if c not in enemy]
    while True:
        ok = [c for c in cands if not enemy or min(CLEARING_DIST[c, e] for e in enemy) >= need]
        if ok or need == 0:
            return ok
        need = 2 if need > 2 else 0


def _play_marquise_card(g, picks=(0, 0, 0, 0)):
    """Play the Marquise's card: three building choices, then the keep (the option at each index of `picks`)."""
    for i, name in enumerate(("setup: building",) * 3 + ("setup: keep",)):
        assert g.decision == name and g.current_player == "marquise"
        g.apply(int(g.legal_actions()[picks[i] % len(g.legal_actions())]))


def test_law_A_8_2_I_no_enemy_homeland_and_II_two_clearings_between():
    """The Marquise (seat 2) chooses first; the Eyrie's card then asks a map-edge homeland that is none of hers with
    two or more clearings between it and her homelands if able (A.8.2.I-II), else not adjacent, else any."""
    for seed in range(6):
        g = Game.new(("eyrie", "marquise"), seed=seed, setup="advanced")
        _play_marquise_card(g, picks=(seed, seed + 1, 2 * seed, seed))
        to_decision(g, "setup: eyrie corner")
        enemy = _bits(g.state[HOMELAND + MARQUISE])
        assert len(enemy) == 3
        edge = [c for c in range(NC) if MAP_EDGE[0, c]]
        assert corner_actions(g) == _far(edge, enemy, 3)
        assert not set(corner_actions(g)) & set(enemy)


def test_law_A_8_2_II_falls_back_to_not_adjacent():
    """With every map-edge clearing within two paths of an enemy homeland, the Eyrie's card falls back to those not
    adjacent to one (the engine function, on a position set up for it)."""
    g = Game.new(("eyrie", "marquise"), seed=4, setup="advanced")
    s = g.state.copy()
    edge = [c for c in range(NC) if MAP_EDGE[0, c]]
    enemy = None
    for a in range(NC):  # two enemy homelands leaving no map-edge clearing 3 paths away but some 2 away
        for b in range(a + 1, NC):
            far3 = [c for c in edge if c not in (a, b) and min(CLEARING_DIST[c, a], CLEARING_DIST[c, b]) >= 3]
            far2 = [c for c in edge if c not in (a, b) and min(CLEARING_DIST[c, a], CLEARING_DIST[c, b]) >= 2]
            if not far3 and far2 and enemy is None:
                enemy = [a, b]
    assert enemy is not None
    s[HOMELAND + MARQUISE] = sum(1 << c for c in enemy)
    expect = _far(edge, enemy, 3)
    assert expect and all(min(CLEARING_DIST[c, e] for e in enemy) == 2 for c in expect)
    assert _bits(homelands.card_homelands(s, EYRIE, True, True)) == [
        c for c in expect if homelands.open_slots(s, c) > 0]


def test_law_A_8_2_II_last_resort_adjacent():
    """With every allowed clearing adjacent to an enemy homeland, any that is none goes: the Lizard Cult's card (not
    adjacent if able) and a Clockwork bot's corner (the engine functions, on positions set up for it)."""
    g = Game.new(("eyrie", "marquise", "lizards"), seed=4, setup="advanced")
    s = g.state.copy()
    enemy = None
    for m in range(1, 1 << NC):  # the fewest enemy homelands that every other clearing is adjacent to
        e = _bits(m)
        if len(e) <= 6 and all(any(ADJ[c, h] for h in e) for c in range(NC) if c not in e):
            if enemy is None or len(e) < len(enemy):
                enemy = e
    s[HOMELAND + MARQUISE] = sum(1 << c for c in enemy)
    rest = [c for c in range(NC) if c not in enemy]
    assert all(min(CLEARING_DIST[c, e] for e in enemy) == 1 for c in rest)
    assert _bits(homelands.card_homelands(s, LIZARDS, False, True)) == [
        c for c in rest if homelands.open_slots(s, c) > 0]
    s = g.state.copy()
    m = 0
    for c in map(int, CORNERS[1:]):
        for b in range(NC):
            if ADJ[c, b]:
                m |= 1 << b
    s[HOMELAND + MARQUISE] = m | (1 << int(CORNERS[0]))
    assert homelands.homeland_need(s, EYRIE) == 0
    mask = homelands.corners_allowed(s, EYRIE)
    assert _bits(mask) == [int(c) for c in CORNERS[1:]]


def test_law_A_8_2_marquise_card_three_adjacent_homelands_keep_and_garrison():
    """The Marquise's card: three homelands, each adjacent to another, none an enemy homeland (A.8.2.I); the sawmill,
    workshop and recruiter each in a different one; the keep in one not adjacent to an enemy homeland if able; two
    warriors in each homeland and one in every other clearing, enemy homelands included."""
    for seed in range(8):
        g = Game.new(("marquise", "eyrie"), seed=seed, setup="advanced")
        assert g.current_player == "eyrie"
        g.apply(int(g.legal_actions()[seed % len(g.legal_actions())]))
        to_decision(g, "setup: building")
        roost = _bits(g.state[HOMELAND + EYRIE])
        chosen = []
        for k in range(3):
            allowed = corner_actions(g)
            assert allowed and not set(allowed) & set(roost) and not set(allowed) & set(chosen)
            if chosen:
                assert all(any(ADJ[c, h] for h in chosen) for c in allowed)
            c = allowed[(seed * 5 + k) % len(allowed)]
            g.apply(K.A_CLEARING + c)
            chosen.append(c)
        assert sorted(chosen) == _bits(g.state[HOMELAND + MARQUISE])
        for k, bt in enumerate((BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER)):
            assert g.state[BUILDINGS + bt * NC + chosen[k]] == 1
        assert g.decision == "setup: keep"
        keeps = corner_actions(g)
        far = [c for c in chosen if min(CLEARING_DIST[c, e] for e in roost) >= 2]
        assert keeps == sorted(far or chosen)
        g.apply(K.A_CLEARING + keeps[-1])
        assert g.state[TOKENS + TT_KEEP * NC + keeps[-1]] == 1
        for c in range(NC):
            assert g.state[WARRIORS + MARQUISE * NC + c] == (2 if c in chosen else 1), (seed, c)


def test_law_A_8_2_lizard_and_duchy_cards_spread_warriors_evenly():
    """The Cult's card: a homeland not adjacent to enemy homelands if able, four warriors and a matching garden there,
    three warriors in the adjacent clearings as evenly as possible (the Cult chooses which get more), two acolytes.
    The Duchy's: two warriors and a tunnel, five among the adjacent clearings as evenly as possible."""
    from root_env.data import DUCHY, TT_TUNNEL
    from root_env.layout import LZ_ACOLYTES
    for f, fid, decision, home, spread in (("lizards", LIZARDS, "setup: cult corner", 4, 3),
                                          ("duchy", DUCHY, "setup: duchy corner", 2, 5)):
        seen_choice = False
        for seed in range(10):
            g = Game.new((f, "eyrie"), seed=seed, setup="advanced")
            g.apply(int(g.legal_actions()[seed % len(g.legal_actions())]))  # the Eyrie first (seat 2)
            to_decision(g, decision)
            roost = _bits(g.state[HOMELAND + EYRIE])
            allowed = corner_actions(g)
            assert allowed == [c for c in _far(range(NC), roost, 2)
                               if fid != LIZARDS or homelands.open_slots(g.state, c) > 0]
            c = allowed[(3 * seed) % len(allowed)]
            g.apply(K.A_CLEARING + c)
            while g.decision == "place piece (short supply)":  # "as evenly as possible": the owner chooses
                seen_choice = True
                assert g.current_player == f
                g.apply(int(g.legal_actions()[seed % len(g.legal_actions())]))
            assert g.state[WARRIORS + fid * NC + c] == home
            adj = [b for b in range(NC) if ADJ[c, b]]
            counts = [int(g.state[WARRIORS + fid * NC + b]) for b in adj]
            assert sum(counts) == spread and max(counts) - min(counts) <= 1, (f, seed, counts)
            if fid == LIZARDS:
                assert g.state[BUILDINGS + (BT_GARDEN + int(g.state[CLEARING_SUITS + c])) * NC + c] == 1
                assert g.state[LZ_ACOLYTES] == 2
            else:
                assert g.state[TOKENS + TT_TUNNEL * NC + c] == 1
        assert seen_choice, f


def test_law_A_8_2_corvid_card_homeland_plot_and_one_warrior_a_suit():
    """The Corvids' card: any homeland (A.8.2.I), a warrior and a face-down plot of their choice there, then a warrior
    in a clearing of each suit: four warriors in all."""
    from root_env.data import CORVIDS, TT_PLOT
    for seed in range(6):
        g = Game.new(("corvids", "eyrie"), seed=seed, setup="advanced")
        to_decision(g, "plot: where")
        assert g.current_player == "corvids"
        roost = _bits(g.state[HOMELAND + EYRIE])
        allowed = corner_actions(g)
        assert allowed == [c for c in range(NC) if c not in roost]
        c = allowed[seed % len(allowed)]
        g.apply(K.A_CLEARING + c)
        assert g.decision == "plot: which"
        g.apply(int(g.legal_actions()[seed % len(g.legal_actions())]))
        assert sum(g.state[TOKENS + (TT_PLOT + t) * NC + c] for t in range(4)) == 1
        assert g.state[WARRIORS + CORVIDS * NC + c] == 1 and _bits(g.state[HOMELAND + CORVIDS]) == [c]
        for _ in range(3):
            assert g.decision == "setup: corvid warrior"
            g.apply(int(g.legal_actions()[-1]))
        total = [int(g.state[WARRIORS + CORVIDS * NC + b]) for b in range(NC)]
        assert sum(total) == 4
        suits = {int(g.state[CLEARING_SUITS + b]) for b in range(NC) if total[b] - (b == c) > 0}
        assert suits == {0, 1, 2}


def test_law_A_8_2_bots_take_homelands_the_rules_allow():
    for seed in range(6):
        g = Game.new(("bot:mechanical_marquise", "bot:electric_eyrie", "lizards"), seed=seed, setup="advanced")
        to_decision(g, "setup: outcast")
        to_decision(g, "setup: put a card back")
        mq, ey, lz = (int(g.state[HOMELAND + f]) for f in (MARQUISE, EYRIE, LIZARDS))
        assert mq and ey and lz and not (mq & ey or mq & lz or ey & lz)
        from root_env.data import CLEARING_DIST
        e, lc = ey.bit_length() - 1, lz.bit_length() - 1
        best = max(min(CLEARING_DIST[c, lc], 3) for c in map(int, CORNERS) if c != lc)
        assert min(CLEARING_DIST[e, lc], 3) == best  # the Eyrie set up after the Cult, as far away as able


FIVE_AND_SIX = (("eyrie", "duchy", "hundreds", "keepers", "marquise"),
                ("marquise", "eyrie", "lizards", "hundreds", "duchy"),
                ("marquise", "eyrie", "lizards", "hundreds", "duchy", "keepers"),
                ("keepers", "lizards", "corvids", "duchy", "eyrie", "hundreds"),
                ("bot:mechanical_marquise", "bot:electric_eyrie", "lizards", "hundreds", "keepers"))
CARD_NEED = {"eyrie": 3, "hundreds": 3, "keepers": 3, "lizards": 2, "duchy": 2}  # A.8.2.II on their setup cards
EDGE_CARDS = ("eyrie", "hundreds", "keepers")  # their cards: a homeland on the map edge


def _assert_homelands_legal(g):
    """A.8.2.I-II on a set-up game, homeland by homeland in setup order (from the last seat): no two factions share
    a homeland; each is where its card puts it and as far from the homelands chosen before as its card asks and the
    map allows (for the Keepers, their first homeland; a Clockwork bot: a corner while one is free)."""
    from root_env.names import seat_faction
    taken = []
    edge = [c for c in range(NC) if MAP_EDGE[0, c]]
    for seat in reversed(g.seats):
        f = seat_faction(seat)
        mine = _bits(g.state[HOMELAND + FACTION[f]])
        assert not set(mine) & set(taken), (seat, mine, taken)
        if seat.startswith("bot:"):
            free = [c for c in map(int, CORNERS) if c not in taken]
            assert len(mine) == 1 and (mine[0] in free or not free), (seat, mine, taken)
        elif f in CARD_NEED:
            pool = edge if f in EDGE_CARDS else range(NC)
            best = [c for c in _far(pool, taken, CARD_NEED[f])
                    if f not in ("eyrie", "hundreds", "lizards") or homelands.open_slots(g.state, c) > 0 or c in mine]
            assert set(mine) & set(best), (seat, mine, best)
            if f == "keepers":
                assert len(mine) == 2 and ADJ[mine[0], mine[1]] and all(c in edge for c in mine)
        taken += mine


def test_law_5_five_corner_factions_need_advanced_setup_and_it_seats_them():
    """Law 5: five or more factions that would start in corner clearings must use the Advanced Setup: Standard Setup
    refuses them; Advanced Setup seats five and six (their setup cards' homelands need no corner), every homeland legal
    by A.8.2.I-II; the draft deals and seats such tables, and the Law 5.2 mixes keep them for Advanced Setup only."""
    from root_env.inputs import corners_needed
    from root_env.setup import viable_mixes
    for names in FIVE_AND_SIX:
        with pytest.raises(RootError, match="Law 5: five or more factions that start in corner clearings"):
            Game.new(names, seed=1)
        for seed in range(4):
            g = Game.new(names, seed=seed, setup="advanced")
            rng = np.random.default_rng(seed)
            while g.phase == "setup":
                g.apply(int(rng.choice(g.legal_actions())))
            _assert_homelands_legal(g)
            assert len(g.homelands) == len(names)
    Game.new(("eyrie", "duchy", "hundreds", "marquise", "alliance"), seed=1)
    tables = [draft(seed, 0, players=6).factions for seed in range(300)]
    assert any(corners_needed(t) >= 5 for t in tables)
    assert all(corners_needed(m) <= 4 for m in viable_mixes(6))
    assert any(corners_needed(m) >= 5 for m in viable_mixes(6, setup="advanced"))
    assert set(viable_mixes(6)) < set(viable_mixes(6, setup="advanced"))


def test_law_A_10_keep_three_put_two_back_then_shuffle():
    g = Game.new(("marquise", "eyrie", "alliance"), seed=7, setup="advanced")
    to_decision(g, "setup: put a card back")
    assert g.current_player == "marquise"  # seat order
    legal = sorted(int(a) - K.A_CARD for a in g.legal_actions())
    hand = [c for c in range(len(legal) + 60) if c < 60 and g.state[CARD_LOC + c] == LOC_HAND + MARQUISE]
    assert legal == sorted(hand) and len(hand) == ADVANCED_HAND
    deck_before = int(g.state[DECK_N])
    back = legal[0]
    g.apply(K.A_CARD + back)
    assert g.state[CARD_LOC + back] == LOC_DECK and g.state[DECK_N] == deck_before + 1
    assert g.current_player == "marquise" and g.state[HAND_N + MARQUISE] == ADVANCED_HAND - 1
    g.apply(int(g.legal_actions()[0]))
    assert g.state[HAND_N + MARQUISE] == ADVANCED_KEEP
    assert g.current_player == "eyrie"
    while g.turn == 0:
        g.apply(int(g.legal_actions()[0]))
    for f in ("marquise", "eyrie", "alliance"):
        assert g.state[HAND_N + FACTION[f]] == ADVANCED_KEEP, f
    assert int(g.state[TURN]) == 1 and g.active == "marquise"
    assert set(map(int, g.state[DECK:DECK + int(g.state[DECK_N])])) >= {back}


def test_law_A_8_1_draft_deals_a_militant_first_and_locks_the_last_insurgent():
    rng = np.random.default_rng(0)
    seen_locked = False
    for _ in range(40):
        cards = deal_setup_cards(4, rng)
        assert len(cards) == 5 and cards[0].militant and cards[0].faction in MILITANT
        assert len({c.faction for c in cards}) == 5
        assert all(c.locked == (i == 4 and not c.militant) for i, c in enumerate(cards))
        assert all((c.character is not None) == (c.faction == "vagabond") for c in cards)
        if cards[-1].locked:
            seen_locked = True
            assert 4 not in may_choose(cards, [])
            militant = next(i for i, c in enumerate(cards) if c.militant)
            assert 4 in may_choose(cards, [militant])
    assert seen_locked


def test_law_A_8_1_draft_seats_the_table_and_checks_reach():
    for r in range(20):
        d = draft(11, r)
        assert len(d.factions) == 4 and len(set(d.factions)) == 4
        assert d.reach == reach(d.factions) and d.viable == is_viable(d.factions, 4)
        assert [d.cards[k].faction for k in d.picks] == list(reversed(d.factions))  # A.8.2: last seat first
        if "vagabond" in d.factions:
            assert d.character == next(c.character for c in d.cards if c.faction == "vagabond")
        assert draft(11, r) == d  # table r depends only on (seed, r)
    v = draft(3, 0, viable_only=True)
    assert v.viable
    g = Game.new(**v.game_kwargs(), seed=1)
    assert g.setup == "advanced" and tuple(g.factions) == v.factions


def test_bad_setup_name_raises_and_builds_nothing():
    for bad in ("expert", "", None, 1, "Advanced"):
        with pytest.raises(RootError, match="setup"):
            Game.new(("marquise", "eyrie"), seed=1, setup=bad)
    assert issubclass(RootError, ValueError)


def test_bad_kept_card_choice_raises_and_changes_nothing():
    g = Game.new(("marquise", "eyrie"), seed=8, setup="advanced")
    to_decision(g, "setup: put a card back")
    before = g.state.copy()
    not_in_hand = next(c for c in range(60) if g.state[CARD_LOC + c] != LOC_HAND + int(g.state[DECIDER]))
    with pytest.raises(IllegalActionError):
        g.apply(K.A_CARD + not_in_hand)
    with pytest.raises(IllegalActionError):
        g.apply(K.A_DONE)
    assert np.array_equal(g.state, before)


def test_bad_draft_choice_raises_clearly():
    with pytest.raises(DraftError, match="chose setup card"):
        draft(1, 0, choose=lambda cards, allowed, seat: 99)
    with pytest.raises(DraftError, match="chose setup card"):
        draft(1, 0, choose=lambda cards, allowed, seat: "marquise")
    with pytest.raises(DraftError, match="no faction setup card"):
        draft(1, 0, pool=("marquise", "eyrie", "duchy_of_nothing"))
    with pytest.raises(DraftError, match="2 to 6"):
        draft(1, 0, players=9)
    # A.8.1 Two Players: no insurgent card, so three militant cards are needed: without the Hundreds', the Keepers' and
    # the Duchy's cards there are too few (with one of them, a two-player draft deals the Marquise, Eyrie and that card)
    with pytest.raises(DraftError, match="two players"):
        draft(1, 0, players=2, pool=tuple(f for f in DRAFTABLE if f not in ("hundreds", "keepers", "duchy")))
    assert len(draft(1, 0, players=2, pool=tuple(f for f in DRAFTABLE if f != "hundreds")).factions) == 2


def test_records_know_the_setup_and_old_records_load():
    g = Game.new(("marquise", "eyrie", "alliance"), seed=9, setup="advanced")
    for _ in range(30):
        g.apply(int(g.legal_actions()[0]))
    rec = g.to_record()
    assert rec["options"]["setup"] == "advanced"
    h = Game.from_record(rec)
    assert h.setup == "advanced" and np.array_equal(h.state, g.state)
    s = Game.new(("marquise", "eyrie"), seed=9)
    s.apply(int(s.legal_actions()[0]))
    rs = s.to_record()
    assert "setup" not in rs["options"]  # a standard game's record reads as before Advanced Setup existed
    assert Game.from_record(rs).setup == "standard"
    bad = dict(rec, options=dict(rec["options"], setup="expert"))
    with pytest.raises(RecordError, match="setup"):
        Game.from_record(bad)


def test_rootlog_and_the_replay_viewer_know_the_setup():
    """The Rootlog export writes where the suit markers went (its Clearings line, A.1); the import reads the game
    back as Advanced Setup with those suits; the replay viewer draws the game's suits and says which setup it used."""
    from root_env.replay import frames
    g = Game.new(("marquise", "eyrie", "alliance"), seed=12, setup="advanced")
    while g.turn < 3 and not g.is_over:
        g.apply(int(g.legal_actions()[0]))
    suits = [("F", "R", "M")[int(x)] for x in g.state[CLEARING_SUITS:CLEARING_SUITS + NC]]
    text = g.to_rootlog()
    assert "Clearings: " + ", ".join(f"{x}{c + 1}" for c, x in enumerate(suits)) in text.splitlines()
    imported = Game.from_rootlog(text)
    assert imported.setup == "advanced" and imported.suits == suits
    data = frames(g.to_record())
    assert data["setup"] == "advanced" and data["suits"] == [("fox", "rabbit", "mouse")["FRM".index(x)] for x in suits]
    std = Game.new(("marquise", "eyrie"), seed=12)
    std.apply(int(std.legal_actions()[0]))
    assert "Clearings:" not in std.to_rootlog() and frames(std.to_record())["setup"] == "standard"


def test_law_A_1_descriptions_and_the_log_name_the_suit_markers():
    """What the game says of a clearing (an action, the game log) names its suit in this game, not the printed one."""
    for seed in range(10):
        g = Game.new(("eyrie", "marquise"), seed=seed, setup="advanced")
        c = next((int(x) for x in CORNERS if g.state[CLEARING_SUITS + int(x)] != CLEARING_SUIT[int(x)]), None)
        if c is None:
            continue
        name = ("fox", "rabbit", "mouse")[int(g.state[CLEARING_SUITS + c])]
        assert f"clearing {c + 1} ({name})" in g.describe(K.A_CLEARING + c)
        g.apply(K.A_CLEARING + c)
        assert f"clearing {c + 1} ({name})" in g.log()
        return
    pytest.fail("no seed put another marker on a corner")


def test_law_A_8_1_the_balance_draw_can_draft_tables():
    """``setup.draw_table(method="draft")`` seats a viable drafted table (with `include` when asked), and a ladder
    with ``mix="draft"`` plays each drafted table with Advanced Setup."""
    from root_env.setup import draw_table, ReachError
    from root_env.balance.ladder import ladder_params, ladder_spec
    for r in range(10):
        t = draw_table(5, r, method="draft", include="corvids")
        assert "corvids" in t and is_viable(t, 4) and t == draw_table(5, r, method="draft", include="corvids")
    with pytest.raises(ReachError, match="method"):
        draw_table(5, 0, method="shuffle")
    with pytest.raises(DraftError, match="vagabond2"):
        draw_table(5, 0, method="draft", include="vagabond2")
    p = ladder_params(None, ("random", "heuristic"), 2, 2, seed=1, mix="draft")
    spec = ladder_spec(p, 0)
    assert spec["game_options"]["setup"] == "advanced" and is_viable(spec["seating"], 4)
    # A.8.1: a drafted Vagabond plays the character dealt beside his card (the game option), no other seat has one
    assert ("vagabond_characters" in spec["game_options"]) == ("vagabond" in spec["seating"])
    with pytest.raises(RootError, match="setup cards"):
        ladder_params("marquise,eyrie,vagabond2,vagabond,alliance", ("random",), 2, 0, mix="draft")


def test_records_of_the_layout_before_advanced_setup_still_load():
    """A record written by format 9 (tests/data/records/format9_record.json, made by the engine before Advanced Setup)
    replays here to the same final position: layout 10 only appended regions, and format 11 (the Lord of the
    Hundreds) reads it through root_env.legacy, so its digest is checked on the final state written back in format 9's
    layout; a record claiming format 9 whose replay differs is still refused."""
    import json
    from pathlib import Path
    from root_env.legacy import old_state
    from root_env.records import state_digest
    rec = json.loads((Path(__file__).parent / "data" / "records" / "format9_record.json").read_text())
    assert rec["state_format_version"] == 9 and "setup" not in rec["options"]
    g = Game.from_record(rec)
    assert g.setup == "standard" and len(g._actions) == len(rec["actions"])
    assert state_digest(old_state(g.state, 9)) == rec["final_sha256"]
    with pytest.raises(RecordError, match="final_sha256"):
        Game.from_record(dict(rec, actions=rec["actions"][:-1]))
    with pytest.raises(RecordError, match="state_format_version"):
        Game.from_record(dict(rec, state_format_version=8))

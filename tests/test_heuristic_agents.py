"""Heuristic agents (issue 7): better than random for every faction in the same seats, seeded, whole
games inside njit, and deciding only from what their player can see."""
from __future__ import annotations

import numpy as np
import pytest

from numba import njit

from agents import HeuristicAgent
from agents.arena import play_games
from agents.heuristic import choose, seed_rand, determinize
from rules_helpers import random_play
from root_env import Game
from root_env.map_data import PLAYABLE_MAPS
from root_env.data import FACTION_NAMES, NCARD, NC, NF
from root_env.engine.core import new_game, apply
from root_env.layout import (GAME_OVER, DECIDER, STATE_SIZE, CARD_LOC, CARD_KNOWN, LOC_HAND, LOC_DECK, DECK, DECK_N, RUIN_ITEM,
                             RUIN_SEEN)

from root_env.engine.invariants import check_state, CHECKS

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
GAMES_PER_SEATING = 48
# The smallest margin measured (the Vagabond's, about 0.17 over 400 games per arm); the test asks less.
MIN_MARGIN = 0.08


def _win_rate(faction, kind, mix=BASE4, games=GAMES_PER_SEATING, map="autumn"):
    """Win rate of `faction` played by `kind` against random agents, over every seat rotation of `mix`
    and the same seeds for both kinds, on `map`."""
    wins = n = 0
    for rot in range(len(mix)):
        seats = mix[rot:] + mix[:rot]
        agents = {f: "random" for f in mix}
        agents[faction] = kind
        r = play_games(games, seats, agents, seed=7000 + 100 * rot, map=map)
        wins += int(((r["winners"] >> FACTION_NAMES.index(faction)) & 1).sum())
        n += games
    return wins / n


def _assert_heuristic_beats_random(faction, margin, mix=BASE4, games=GAMES_PER_SEATING, map="autumn"):
    """`faction`'s heuristic wins at least `margin` more than its random agent, in the same seats and seeds."""
    h = _win_rate(faction, "heuristic", mix, games, map)
    r = _win_rate(faction, "random", mix, games, map)
    print(f"\n{faction} on the {map} map: heuristic {h:.3f} vs random {r:.3f} (same seats and seeds)")
    assert h >= r + margin, (faction, h, r)


@pytest.mark.parametrize("faction", BASE4)
def test_heuristic_beats_random_of_the_same_faction(faction):
    _assert_heuristic_beats_random(faction, MIN_MARGIN)


@pytest.mark.parametrize("map", [m for m in PLAYABLE_MAPS if m != "autumn"])
@pytest.mark.parametrize("faction", BASE4)
def test_heuristic_beats_random_on_every_map(faction, map):
    """Issue 41: the second heuristic reads the game's map (corners, paths: agents.table, engine.geometry), so it
    beats random on the other maps as on the Autumn map; half the games per seating of the Autumn test."""
    _assert_heuristic_beats_random(faction, MIN_MARGIN, games=GAMES_PER_SEATING // 2, map=map)


def test_lizard_cult_heuristic_beats_random_cult():
    """The Cult's heuristic against four random base factions, five seat rotations, same seeds for both
    kinds (measured 0.765 vs 0.325 over 200 games per arm)."""
    mix = BASE4 + ("lizards",)
    _assert_heuristic_beats_random("lizards", 0.2, mix, games=24)


def test_second_vagabond_heuristic_beats_random_second_vagabond():
    """Law 9.8: the heuristic plays either Vagabond. The second Vagabond's heuristic against four random base
    factions (the first Vagabond among them), five seat rotations, same seeds for both kinds."""
    mix = BASE4 + ("vagabond2",)
    _assert_heuristic_beats_random("vagabond2", MIN_MARGIN, mix, games=24)


@pytest.mark.parametrize("faction", ["riverfolk", "corvids"])
def test_expansion_heuristic_beats_random_of_the_same_faction(faction):
    """The Riverfolk's and the Corvids' heuristics against four random base factions, five seat rotations, same
    seeds for both kinds (measured over 60 games per arm: Riverfolk 1.00 vs 0.70, Corvids 1.00 vs 0.30)."""
    mix = BASE4 + (faction,)
    _assert_heuristic_beats_random(faction, 0.2, mix, games=12)


def test_hundreds_heuristic_beats_random_hundreds():
    """Issue 38: the Lord of the Hundreds' heuristic against four random base factions, five seat rotations, same
    seeds for both kinds (measured over 200 games per arm, ``benchmarks/results/heuristic_vs_random_hundreds.md``:
    0.915 vs 0.475, +44 points; the issue asks for 30)."""
    mix = BASE4 + ("hundreds",)
    _assert_heuristic_beats_random("hundreds", 0.2, mix, games=12)


def test_the_hundreds_plan_counts_their_pieces_hoard_and_oppress_score():
    """The second heuristic's faction terms for the Hundreds (agents.table.plan_value): a stronghold, a mob, the
    warlord on the map, a Hoard item and the VP Oppress scores (Law 14.6.2) each raise their plan."""
    from agents.table import plan_value, rulers
    from agents.heuristic import PARAMS
    from root_env.data import HUNDREDS, BT_STRONGHOLD, TT_MOB
    from root_env.layout import BUILDINGS, TOKENS, HD_HOARD, HD_WARLORD
    from root_env.engine.factions.hundreds import oppress_vp
    g = Game.new(BASE4 + ("hundreds",), seed=3)
    s = g.state.copy()
    prm = PARAMS[2, HUNDREDS]
    rul = np.empty(NC, np.int64)

    def plan(st):
        rulers(st, rul)
        return plan_value(st, HUNDREDS, rul, prm, True)
    s[HD_WARLORD] = -1
    for change, weight in (("stronghold", 3.0), ("mob", 1.0), ("warlord", 4.0), ("hoard", 2.0)):
        t = s.copy()
        if change == "stronghold":
            t[BUILDINGS + BT_STRONGHOLD * NC + 5] += 1
        elif change == "mob":
            t[TOKENS + TT_MOB * NC + 5] += 1
        elif change == "warlord":
            t[HD_WARLORD] = 5
        else:
            t[HD_HOARD + 0] += 1
        # each piece as the first heuristic weighs it, and 4 points a VP Oppress would score this Evening
        assert plan(t) - plan(s) == pytest.approx(weight + 4.0 * (oppress_vp(t) - oppress_vp(s))), change


def test_heuristic_games_are_seeded_and_end():
    a = play_games(6, BASE4, "heuristic", seed=3, threads=1)
    b = play_games(6, BASE4, "heuristic", seed=3, threads=2)
    c = play_games(6, BASE4, "heuristic", seed=4, threads=1)
    for k in ("winners", "vp", "turns", "decisions", "vp_by_round"):
        assert np.array_equal(a[k], b[k]), k
    assert not np.array_equal(a["decisions"], c["decisions"])
    assert not a["truncated"].any()
    # Each game's VP by round never decreases for factions that cannot lose VP, and ends at the final VP.
    assert np.array_equal(a["vp_by_round"][:, -1, :], a["vp"])


def _midgame(seed, n):
    return random_play(Game.new(BASE4, seed=seed), seed, n)


def _swap_hidden(state, viewer):
    """Swap an unseen card of another hand with a deck card, and two ruin items the viewer has not looked at
    (with two Vagabonds a ruin's items may have been seen, 9.8.1: those are known). Returns whether anything
    changed."""
    loc = state[CARD_LOC:CARD_LOC + NCARD]
    other = [c for c in range(NCARD) if LOC_HAND <= loc[c] < LOC_HAND + NF and loc[c] != LOC_HAND + viewer
             and not (state[CARD_KNOWN + c] >> viewer) & 1]
    deck = [c for c in range(NCARD) if loc[c] == LOC_DECK]
    changed = False
    if other and deck:
        c, d = other[0], deck[0]
        state[CARD_LOC + c], state[CARD_LOC + d] = LOC_DECK, loc[c]
        state[CARD_KNOWN + c], state[CARD_KNOWN + d] = state[CARD_KNOWN + d], state[CARD_KNOWN + c]
        state[DECK + [k for k in range(int(state[DECK_N])) if state[DECK + k] == d][0]] = c
        changed = True
    unseen = [k for k in range(2 * NC) if state[RUIN_ITEM + k] >= 0 and not (state[RUIN_SEEN + k % NC] >> viewer) & 1]
    for i in range(len(unseen)):
        j = next((j for j in unseen[i + 1:] if state[RUIN_ITEM + j] != state[RUIN_ITEM + unseen[i]]), None)
        if j is not None:
            a, b = RUIN_ITEM + unseen[i], RUIN_ITEM + j
            state[a], state[b] = state[b], state[a]
            return True
    return changed


def test_heuristic_decides_only_from_what_its_player_sees():
    """Changing what the decider cannot see (another hand, the deck, ruin items) changes neither its
    determinized view nor its choice."""
    work = np.zeros((2, STATE_SIZE), np.int64)
    checked = 0
    for seed in range(12):
        g = _midgame(seed, 60 + 37 * seed)
        if g.is_over:
            continue
        f = FACTION_NAMES.index(g.current_player)
        s = g.state.copy()
        if not _swap_hidden(s, f):
            continue
        view1, view2 = np.zeros(STATE_SIZE, np.int64), np.zeros(STATE_SIZE, np.int64)
        r = seed_rand(seed)
        determinize(g.state, view1, f, r)
        determinize(s, view2, f, r)
        assert np.array_equal(view1, view2), f"seed {seed}: the view depends on hidden cards"
        a1, _ = choose(g.state, f, r, work)
        a2, _ = choose(s, f, r, work)
        assert a1 == a2
        checked += 1
    assert checked >= 6


def test_heuristic_agent_class_plays_a_game():
    g = Game.new(BASE4, seed=11)
    agents = {f: HeuristicAgent(f, seed=i) for i, f in enumerate(BASE4)}
    while not g.is_over:
        g.apply(agents[g.current_player].act(g))
    assert g.winners or g.truncated
    with pytest.raises(ValueError, match="decision"):
        h = Game.new(BASE4, seed=1)
        HeuristicAgent("eyrie").act(h)  # the Marquise sets up first


def test_bad_agent_names_are_refused():
    with pytest.raises(ValueError, match="agents must give"):
        play_games(2, BASE4, "clever")
    with pytest.raises(ValueError, match="agents must give"):
        play_games(2, BASE4, {"marquise": "heuristic"})
    with pytest.raises(ValueError, match="unknown faction"):
        HeuristicAgent("cats")


@njit  # not cached: numba's cache would not notice a change to check_state in test_invariants.py
def _play_checked(factions, seeds, codes):
    """Heuristic games with every invariant of test_invariants checked after each decision."""
    state = np.zeros(STATE_SIZE, np.int64)
    work = np.zeros((2, STATE_SIZE), np.int64)
    for g in range(seeds.shape[0]):
        new_game(state, factions, seeds[g], 300, 0, 0)
        r = seed_rand(seeds[g])
        while state[GAME_OVER] == 0 and codes[g] == 0:
            a, r = choose(state, state[DECIDER], r, work)
            codes[g] = 999 if apply(state, a) != 0 else check_state(state)


def test_invariants_hold_in_heuristic_games():
    """Heuristic play reaches positions random play rarely does (allied battles, coalitions, long
    Decrees): every invariant of test_invariants holds after every decision of 120 games."""
    for k, factions in enumerate((BASE4, BASE4[::-1], ("alliance", "vagabond", "marquise"),
                                  ("vagabond2", "eyrie", "vagabond", "alliance", "marquise"))):
        ids = np.array([FACTION_NAMES.index(f) for f in factions], np.int64)
        seeds = np.arange(40, dtype=np.int64) + 1000 * k
        codes = np.zeros(40, np.int64)
        _play_checked(ids, seeds, codes)
        bad = np.flatnonzero(codes)
        assert not bad.size, [(int(seeds[i]), CHECKS[codes[i]] if codes[i] < len(CHECKS) else "apply refused")
                              for i in bad]

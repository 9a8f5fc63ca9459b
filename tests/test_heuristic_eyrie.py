"""Heuristic v2's Eyrie (issues 34 and 36): the plan's terms (``agents.table.eyrie_plan``, ``decree_fits``), the
Eyrie's Birdsong rollout (``agents.heuristic.eyrie_rollout``), and the benchmark that measures them
(``benchmarks.heuristic_eyrie``): its base arm plays the arena's games, and games without the Eyrie are those of
525aca8 (before these changes)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from agents.heuristic import PARAMS, eyrie_rollout, seed_rand
from agents.table import (eyrie_plan, decree_fits, P_EY_DECREE, P_EY_STUCK, P_EY_LEADER, P_TURMOIL, P_TURMOIL_VP,
                          P_EY_LONG, P_EY_RISK)
from root_env import Game
from root_env.codes import D_DECREE_CARD, D_DECREE_COL, A_CARD, A_DONE, A_OPT, OPT_COLUMN
from root_env.data import NC, NBT, NTT, NCARD, EYRIE, CARD_SUIT, BIRD, DESPOT, CHARISMATIC, BUILDER, COMMANDER
from root_env.engine.core import apply
from root_env.engine.board import total_warriors_in
from root_env.engine.factions.eyrie import can_build_roost_at, decree_action_possible, COL_RECRUIT, COL_BUILD, COL_MOVE
from root_env.layout import (CARD_LOC, CARD_FLAG, LOC_DECREE, LOC_DECK, WARRIORS, BUILDINGS, CLEARING_SUITS, DECISION,
                             SUPPLY_WARRIORS, EY_LEADER, EY_VIZIER_COL, EY_VIZIER_DONE, TOKENS, LEGAL, LEGAL_N)

ROOT = Path(__file__).resolve().parents[1]
ROW = PARAMS[2, EYRIE]


def eyrie_birdsong(seed=3):
    """A two-player game (the Marquise, the Eyrie) at the Eyrie's first Add to the Decree (Law 7.4.2)."""
    g = Game.new(("marquise", "eyrie"), seed=seed)
    while g.state[DECISION] != D_DECREE_CARD:
        g.apply(int(g.state[LEGAL]))
    return g.state.copy()


def empty_clearing(state):
    """A clearing with no pieces where the Eyrie could build once they rule it."""
    for c in range(NC):
        if (total_warriors_in(state, c) == 0 and state[BUILDINGS + c:BUILDINGS + NBT * NC:NC].sum() == 0
                and state[TOKENS + c:TOKENS + NTT * NC:NC].sum() == 0):
            t = state.copy()
            t[WARRIORS + EYRIE * NC + c] = 1
            if can_build_roost_at(t, t[CLEARING_SUITS + c], c):
                return c
    raise AssertionError("no empty clearing")


def deck_cards(state, suit, n):
    """n cards of `suit` still in the deck (free to place on the Decree in a test)."""
    out = [c for c in range(NCARD) if state[CARD_LOC + c] == LOC_DECK and CARD_SUIT[c] == suit][:n]
    assert len(out) == n
    return out


def to_decree(state, cards, col):
    for c in cards:
        state[CARD_LOC + c] = LOC_DECREE + col
        state[CARD_FLAG + c] = 0


def no_viziers(state):
    state[EY_VIZIER_COL] = state[EY_VIZIER_COL + 1] = -1


def test_law_7_5_2_iv_decree_fits_needs_a_ruled_clearing_without_a_roost_per_build_card():
    s = eyrie_birdsong()
    no_viziers(s)
    c = empty_clearing(s)
    suit = int(s[CLEARING_SUITS + c])
    other = (suit + 1) % 3
    assert decree_fits(s)
    to_decree(s, deck_cards(s, suit, 1), COL_BUILD)
    assert not decree_fits(s)  # the Eyrie rule no clearing without a roost yet
    s[WARRIORS + EYRIE * NC + c] = 1
    assert decree_fits(s)
    two = s.copy()
    to_decree(two, deck_cards(two, suit, 1), COL_BUILD)  # a second card of the suit needs a second clearing
    assert not decree_fits(two)
    bird = s.copy()
    to_decree(bird, deck_cards(bird, BIRD, 1), COL_BUILD)  # a bird card takes any clearing left: none is
    assert not decree_fits(bird)
    wrong = eyrie_birdsong()
    no_viziers(wrong)
    wrong[WARRIORS + EYRIE * NC + c] = 1
    to_decree(wrong, deck_cards(wrong, other, 1), COL_BUILD)
    assert decree_fits(wrong) == any(
        can_build_roost_at(wrong, other, d) for d in range(NC) if wrong[CLEARING_SUITS + d] == other)


def test_law_7_5_2_i_decree_fits_needs_warriors_in_supply_for_every_recruit():
    s = eyrie_birdsong()
    no_viziers(s)
    to_decree(s, deck_cards(s, BIRD, 2), COL_RECRUIT)
    s[SUPPLY_WARRIORS + EYRIE] = 2
    s[EY_LEADER] = BUILDER  # one warrior a recruit (Law 7.8.2: the Charismatic places two)
    assert decree_fits(s)
    s[SUPPLY_WARRIORS + EYRIE] = 1
    assert not decree_fits(s)  # each card alone could recruit: the column together cannot
    assert decree_action_possible(s, COL_RECRUIT, BIRD)
    s[EY_VIZIER_COL] = COL_RECRUIT  # a Loyal Vizier recruits too (Law 7.3.4)
    s[EY_VIZIER_DONE] = 0
    s[SUPPLY_WARRIORS + EYRIE] = 2
    assert not decree_fits(s)


def test_law_7_7_2_decree_cards_count_only_while_the_decree_can_be_kept():
    s = eyrie_birdsong()
    no_viziers(s)
    row = {P_EY_DECREE: 5.0, P_EY_STUCK: 0.0, P_TURMOIL: 0.0, P_TURMOIL_VP: 0.0, P_EY_RISK: 0.0, P_EY_LONG: 0.0}
    before = plan_idx(s, row)
    able = s.copy()
    to_decree(able, deck_cards(able, BIRD, 1), COL_MOVE)  # a bird card moves from the Eyrie's corner
    assert decree_action_possible(able, COL_MOVE, BIRD)
    assert plan_idx(able, row) == pytest.approx(before + 5.0)
    stuck = able.copy()
    to_decree(stuck, deck_cards(stuck, BIRD, 1), COL_BUILD)  # no ruled clearing without a roost: turmoil ahead
    assert not decree_action_possible(stuck, COL_BUILD, BIRD)
    assert plan_idx(stuck, row) == pytest.approx(before)  # Purge (7.7.2): neither card is worth anything


def plan_idx(state, changes):
    row = ROW.copy()
    for k, v in changes.items():
        row[k] = v
    return eyrie_plan(state, EYRIE, row, True)


def test_law_7_7_eyrie_plan_counts_every_decree_action_that_cannot_be_taken():
    s = eyrie_birdsong()
    no_viziers(s)
    row = {P_EY_STUCK: 7.0, P_TURMOIL: 0.0, P_TURMOIL_VP: 0.0, P_EY_DECREE: 0.0, P_EY_RISK: 0.0, P_EY_LONG: 0.0}
    before = plan_idx(s, row)
    to_decree(s, deck_cards(s, BIRD, 2), COL_BUILD)
    assert plan_idx(s, row) == pytest.approx(before - 14.0)
    s[EY_VIZIER_COL] = COL_BUILD  # a Loyal Vizier that cannot build counts as well (7.3.4)
    s[EY_VIZIER_DONE] = 0
    assert plan_idx(s, row) == pytest.approx(before - 21.0)
    # Only the deciding Eyrie look at their own next Daylight.
    r = ROW.copy()
    for k, v in row.items():
        r[k] = v
    assert eyrie_plan(s, EYRIE, r, False) == pytest.approx(eyrie_plan(eyrie_birdsong(), EYRIE, r, False))


@pytest.mark.parametrize("leader,bonus", [(DESPOT, 1), (CHARISMATIC, 1), (BUILDER, 0), (COMMANDER, 0)])
def test_law_7_8_eyrie_plan_prefers_the_despot_and_the_charismatic(leader, bonus):
    s = eyrie_birdsong()
    s[EY_LEADER] = BUILDER
    low = plan_idx(s, {P_EY_LEADER: 9.0})
    s[EY_LEADER] = leader
    assert plan_idx(s, {P_EY_LEADER: 9.0}) == pytest.approx(low + 9.0 * bonus)


def test_law_7_4_2_eyrie_rollout_adds_one_card_to_a_column_where_it_can_act():
    s = eyrie_birdsong()
    r = seed_rand(11)
    a, r = eyrie_rollout(s, r)  # the first card must be added (7.4.2): a card from the hand
    assert a in s[LEGAL:LEGAL + s[LEGAL_N]] and A_CARD <= a < A_CARD + NCARD
    hand = [int(x) - A_CARD for x in s[LEGAL:LEGAL + s[LEGAL_N]]]
    # A card some column can act with, and (when the hand holds one) a card none can.
    cols = {c: {A_OPT + OPT_COLUMN + k for k in range(4) if decree_action_possible(s, k, CARD_SUIT[c])} for c in hand}
    for c, possible in cols.items():
        t = s.copy()
        apply(t, A_CARD + c)
        assert t[DECISION] == D_DECREE_COL
        seen = {eyrie_rollout(t, seed_rand(k))[0] for k in range(60)}
        assert seen == (possible or {A_OPT + OPT_COLUMN + k for k in range(4)})  # none: any column
    assert any(cols.values())
    c = next(c for c, p in cols.items() if p)
    apply(s, A_CARD + c)
    apply(s, next(iter(cols[c])))
    if s[DECISION] == D_DECREE_CARD and A_DONE in s[LEGAL:LEGAL + s[LEGAL_N]]:
        assert eyrie_rollout(s, r)[0] == A_DONE  # no second card


def test_eyrie_benchmark_base_arm_plays_the_arenas_games():
    from agents.arena import play_games
    from benchmarks import heuristic_eyrie as he
    from root_env.data import FACTION_NAMES
    games = 4
    arm = he.play_arm(he.eyrie_row({}), games, threads=1)
    for rot in range(4):
        idx = np.arange(rot, games, 4)
        seats = he.BASE4[rot:] + he.BASE4[:rot]
        r = play_games(idx.size, seats, "heuristic", seeds=he.SEED0 + idx, threads=1)
        assert (r["winners"] == arm["winners"][idx]).all()
        for j, f in enumerate(seats):
            assert (r["vp"][:, j] == arm["vp"][idx, FACTION_NAMES.index(f)]).all()


def test_heuristic_games_without_the_eyrie_are_those_of_525aca8():
    """The Eyrie's changes move no decision of a game the Eyrie are not in (digests recorded at 525aca8 by
    ``python -m benchmarks.heuristic_eyrie --same-games``, again with ``--write`` after the Daylight-end fix of
    2026-12-02, a rules change that moved the games with the Hundreds, the Keepers or the Duchy)."""
    from benchmarks import heuristic_eyrie as he
    recorded = json.loads((ROOT / "tests" / "data" / "heuristic_same_games_no_eyrie.json").read_text())
    got = he.same_games(3)
    assert set(got) == set(recorded)
    for key, digests in got.items():
        assert digests == recorded[key][:3], key


def test_ismcts_table_leaf_keeps_the_eyries_plan_columns_as_before():
    """Only heuristic v2's own decisions use the Eyrie's new row; ISMCTS's table leaf values every seat as before."""
    from agents.heuristic import LEAF_PARAMS, EYRIE_PLAN
    from agents.table import P_EY_ROOST
    from root_env.data import NF
    for g in range(NF):
        if g != EYRIE:
            assert (LEAF_PARAMS[2, g] == PARAMS[2, g]).all()
    leaf = LEAF_PARAMS[2, EYRIE]
    assert tuple(leaf[P_EY_ROOST:P_EY_ROOST + len(EYRIE_PLAN)]) == EYRIE_PLAN
    assert (leaf[:P_EY_ROOST] == PARAMS[2, EYRIE, :P_EY_ROOST]).all()
    assert PARAMS[2, EYRIE, P_EY_LEADER] > 0 and PARAMS[2, EYRIE, P_EY_STUCK] > 0  # heuristic v2's row differs

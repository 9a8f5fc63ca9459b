"""The Underground Duchy's agents (issues 37 and 34): heuristic v2's plan for it (``agents.table.duchy_plan``, weights in
``agents.heuristic.PARAMS``' ``P_DU_*`` columns), ISMCTS's leaf potential (``agents.ismcts_leaf.parliament_potential``),
both playing the Duchy legally, beating the random Duchy, and deciding only from what the Duchy may know.

Clearings are named by their printed number 1..12 (Autumn map): fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11;
adjacency 1: 5 9 10."""
from __future__ import annotations

import numpy as np
import pytest

from agents.heuristic import PARAMS, choose, determinize, seed_rand
from agents.ismcts_leaf import parliament_potential, next_round_vp
from agents.table import (duchy_plan, minister_value, DU_W_MINISTER, DU_BURROW_PER_TUNNEL, DU_W_BURROW,
                          DU_W_BURROW_IDLE, DU_W_EARL, P_DU_BUILDING, P_DU_MINISTER, P_DU_EXPOSED, P_DU_EXPOSED_MINISTER, P_DU_MARGIN)
from root_env import Game
from root_env.data import DUCHY, FACTION_NAMES, MINISTER_NAMES, BT_CITADEL, BT_MARKET, TT_TUNNEL
from root_env.layout import STATE_SIZE, LEGAL_N
from root_env.scenario import Scenario
from rules_helpers import random_play

from test_heuristic_agents import _swap_hidden
from test_ismcts import _swap_face_down, _choose

DU = "duchy"
TABLE = ("marquise", "eyrie", "alliance", DU)
ROW = PARAMS[2, DUCHY]


def plan(s, prm=ROW) -> float:
    return duchy_plan(s.state if isinstance(s, Scenario) else s, prm)


def sc() -> Scenario:
    return Scenario((DU, "marquise"), seed=0).warriors(DU, 1, 2)


# ------------------------------------------------------------------ the plan's terms
def test_law_12_5_2_the_plan_values_ministers_by_their_action_brigadier_and_mayor_first():
    # Tournament records (agents.table): the Brigadier (two moves or battles, 12.5.2.IV) and the Mayor (any swayed
    # noble's or squire's action, 12.5.2.VI) are swayed most; the single move or battle of a squire is worth least.
    w = {m: DU_W_MINISTER[MINISTER_NAMES.index(m)] for m in MINISTER_NAMES}
    assert w["brigadier"] > w["mayor"] > max(w["foremole"], w["banker"]) > max(w["captain"], w["marshal"])
    base = plan(sc())
    gains = {m: plan(sc().swayed(m)) - base for m in ("brigadier", "mayor", "captain")}
    assert gains["brigadier"] > gains["mayor"] > gains["captain"] > 0


def test_law_12_5_2_ix_a_lords_worth_grows_with_what_it_scores():
    def value(citadels: int, earl: bool) -> float:
        s = sc().warriors(DU, 5, 1)
        for n in (1, 5)[:citadels]:
            s.building("citadel", n)
        if earl:
            s.swayed("earl of stone")
        return plan(s)
    # with the Earl of Stone swayed (a VP per citadel each Parliament, 12.5.2.IX) a second citadel is worth DU_W_EARL more
    assert ((value(2, True) - value(1, True)) - (value(2, False) - value(1, False))
            == pytest.approx(ROW[P_DU_MINISTER] * DU_W_EARL))


def test_law_12_5_2_the_leaf_potential_counts_the_lords_next_parliament():
    g = (sc().warriors(DU, 5, 1).warriors(DU, 10, 1).building("citadel", 1).building("citadel", 5)
         .building("market", 10).token("tunnel", 1).token("tunnel", 5).token("tunnel", 10))
    assert parliament_potential(g.state) == 0  # no lord swayed
    g.swayed("earl of stone")
    assert parliament_potential(g.state) == 2  # 12.5.2.IX: one per citadel
    g.swayed("baron of dirt")
    assert parliament_potential(g.state) == 3  # 12.5.2.VIII: one per market
    g.swayed("duchess of mud")
    assert parliament_potential(g.state) == 5  # 12.5.2.VII: two with all three tunnels out
    assert next_round_vp(g.state, DUCHY) == 5


def test_law_12_2_2_burrow_warriors_count_up_to_the_ways_out():
    # One tunnel: the first DU_BURROW_PER_TUNNEL * 2 warriors (the tunnel and the next Dig) count fully, more are idle.
    k = DU_BURROW_PER_TUNNEL * 2
    s = lambda n: plan(sc().token("tunnel", 1).burrow(n))  # noqa: E731
    assert s(k) - s(0) == pytest.approx(DU_W_BURROW * k)
    assert s(k + 3) - s(k) == pytest.approx(DU_W_BURROW_IDLE * 3)


def test_law_12_2_3_exposed_buildings_cost_when_the_exposure_weights_are_on():
    # Off by default (measured: it lost games, agents.heuristic.DUCHY_PLAN); on, a citadel that the Marquise's
    # warriors around it outnumber costs part of its worth and of the minister the Price of Failure would take.
    assert ROW[P_DU_EXPOSED] == 0 and ROW[P_DU_EXPOSED_MINISTER] == 0
    on = ROW.copy()
    on[P_DU_EXPOSED], on[P_DU_EXPOSED_MINISTER], on[P_DU_MARGIN] = 0.5, 0.5, 1.0
    quiet = sc().building("citadel", 1).swayed("brigadier")
    threat = sc().building("citadel", 1).swayed("brigadier").warriors("marquise", 5, 3).warriors("marquise", 9, 2)
    b = MINISTER_NAMES.index("brigadier")
    cost = 0.5 * on[P_DU_BUILDING] + 0.5 * on[P_DU_MINISTER] * minister_value(quiet.state, b, 1, 0, 0)
    assert plan(threat, ROW) == pytest.approx(plan(quiet, ROW))  # off: the Marquise's warriors cost nothing here
    assert plan(quiet, on) - plan(threat, on) == pytest.approx(cost)
    # garrisoned (5 Marquise warriors against 2 + 3 Duchy ones, margin 1): not exposed
    held = sc().building("citadel", 1).swayed("brigadier").warriors("marquise", 5, 3).warriors("marquise", 9, 2)
    held.warriors(DU, 1, 5)
    assert plan(held, on) == pytest.approx(plan(sc().building("citadel", 1).swayed("brigadier").warriors(DU, 1, 5), on))


# ------------------------------------------------------------------ playing the Duchy
def test_heuristic_duchy_beats_the_random_duchy_in_the_same_seats():
    # benchmarks.heuristic_vs_random's measurement, small: every rotation of the base four and the Duchy, random
    # opponents, the same seeds for both arms (200 games per arm: benchmarks/results/heuristic_vs_random_duchy.md).
    from benchmarks.heuristic_vs_random import arm
    h = arm(DU, "heuristic", 8)
    r = arm(DU, "random", 8)
    assert h["games"] == r["games"] == 40
    assert h["win_rate"] - r["win_rate"] >= 0.3 and h["mean_vp"] > r["mean_vp"] + 5


def _duchy_midgame(seed: int, n: int) -> Game:
    """A seeded random game of TABLE after about `n` actions, stopped where the Duchy decides among several options."""
    g = random_play(Game.new(TABLE, seed=seed), seed, n)
    rng = np.random.default_rng(seed + 1)
    while not g.is_over and not (g.current_player == DU and g.state[LEGAL_N] > 1):
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def test_heuristic_duchy_decides_only_from_what_it_may_know():
    work = np.zeros((2, STATE_SIZE), np.int64)
    checked = 0
    for seed in range(10):
        g = _duchy_midgame(seed, 40 + 23 * seed)
        if g.is_over:
            continue
        s = g.state.copy()
        if not _swap_hidden(s, DUCHY):
            continue
        view1, view2 = np.zeros(STATE_SIZE, np.int64), np.zeros(STATE_SIZE, np.int64)
        r = seed_rand(seed)
        determinize(g.state, view1, DUCHY, r)
        determinize(s, view2, DUCHY, r)
        assert np.array_equal(view1, view2), f"seed {seed}: the Duchy's view depends on hidden cards"
        assert choose(g.state, DUCHY, r, work)[0] == choose(s, DUCHY, r, work)[0]
        checked += 1
    assert checked >= 5


def test_ismcts_duchy_decides_only_from_what_it_may_know():
    """Swapping what the Duchy cannot see (other hands, the deck, unseen supporters, ruin items, the quest deck) changes
    neither its choice nor its whole search tree."""
    checked = 0
    for seed in range(8):
        g = _duchy_midgame(seed, 40 + 23 * seed)
        if g.is_over:
            continue
        s = g.state.copy()
        if not _swap_face_down(s, DUCHY):
            continue
        a1, nodes1, value1 = _choose(g.state, DUCHY, seed)
        a2, nodes2, value2 = _choose(s, DUCHY, seed)
        assert a1 == a2 and a1 in g.legal_actions()
        assert np.array_equal(nodes1, nodes2) and np.array_equal(value1, value2)
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("kind", ["ismcts:30", "heuristic_v1"])
def test_search_and_first_heuristic_play_whole_duchy_games_seeded(kind):
    from agents.arena import play_games
    agents = {f: "heuristic" for f in TABLE}
    agents[DU] = kind
    a = play_games(2, TABLE, agents, seed=31, max_turns=60)
    b = play_games(2, TABLE, agents, seed=31, max_turns=60)
    assert np.array_equal(a["vp"], b["vp"]) and np.array_equal(a["winners"], b["winners"])
    assert (a["decisions"] > 0).all() and (a["vp"][:, TABLE.index(DU)] >= 0).all()

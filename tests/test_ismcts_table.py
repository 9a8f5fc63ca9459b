"""ISMCTS for every faction type (issue 34, section 2): the table leaf (each seat's chance to win), the
``ismcts:N[:key=value,...]`` specs, the time budget and root-parallel trees. It plays legal full games with every
faction type, and never reads hidden information."""
from __future__ import annotations

import math

import numpy as np
import pytest

from agents import ISMCTSAgent, ismcts
from agents.arena import play_games, parse_spec, parse_kind, KIND_ISMCTS, KIND_HEURISTIC
from agents.heuristic import determinize, seed_rand
from agents.ismcts_leaf import (table_rewards, race_value, dividend_funds, flip_potential, spread_potential,
                                next_round_vp, razed, warlord_reach, build_potential)
from root_env.scenario import Scenario
from root_env.engine.factions.hundreds import oppress_vp, enemy_pieces, razable, prowess as hd_prowess
from root_env.engine.geometry import adjacent
from root_env.engine.board import ruler as ruler_of
from agents.heuristic import PARAMS
from agents.table import plan_value, P_PLAN, P_RF_PAID
from agents.policies import resolve
from agents.table import rulers
from root_env import Game
from root_env.data import (FACTION_NAMES, NF, NC, NCARD, MARQUISE, EYRIE, ALLIANCE, VAGABOND, RIVERFOLK, CORVIDS,
                           TT_TRADEPOST, TT_PLOT, TT_SYMPATHY, BOMB, SNARE, EXTORTION, RAID, BIRD, CARD_SUIT,
                           AL_SYMPATHY_VP, HUNDREDS, KEEPERS, NBT, NTT, BT_OWNER, TT_OWNER, TT_MOB,
                           BT_SAWMILL, BT_WORKSHOP, TT_WOOD, MQ_BUILD_COST, MQ_BUILD_VP, MQ_WOOD)
from root_env.layout import (STATE_SIZE, LEGAL_N, VP, NSEATS, SEAT_FACTION, VB_COALITION, WARRIORS, RF_FUNDS,
                             RF_PAYMENTS, RF_COMMITTED, TOKENS, DECIDER, CV_FACE_UP, CARD_LOC, CARD_KNOWN,
                             LOC_SUPPORTERS, LOC_DECK, LOC_DISCARD, DECK, DECK_N, DECISION, LEGAL, GAME_OVER,
                             HAND_N, LOC_RETINUE, BUILDINGS, HD_WARLORD)
from root_env.codes import D_CV_EXPOSE_GUESS, D_CV_EXERT

from rules_helpers import random_play
from test_heuristic_v2 import _redealt
from test_ismcts import played

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
# Every faction type: the benchmark's tables (benchmarks.heuristic_strength.TABLES).
TABLES = (BASE4, ("marquise", "eyrie", "vagabond", "vagabond2"), ("marquise", "eyrie", "alliance", "lizards"),
          ("marquise", "eyrie", "alliance", "riverfolk"), ("marquise", "eyrie", "alliance", "corvids"),
          ("marquise", "eyrie", "alliance", "hundreds"))
ALL_TYPES = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards", "riverfolk", "corvids", "hundreds")


def _midgame(factions, seed, n):
    return random_play(Game.new(factions, seed=seed), seed, n)


def _choose(state, f, seed, opts):
    nodes, value, mark, path = ismcts.new_tree(int(opts[ismcts.O_ITERS]))
    work = np.zeros((1, STATE_SIZE), np.int64)
    a, _ = ismcts.choose(state, f, seed_rand(seed), opts, nodes, value, mark, path, work)
    return int(a), nodes.copy(), value.copy()


# ------------------------------------------------------------- defaults, every faction type
def test_every_faction_searches_with_the_table_leaf_by_default():
    for f in ALL_TYPES:
        o = ismcts.describe(ismcts.faction_options(f))
        assert o["leaf"] == "table" and o["trees"] == 1 and o["seconds"] is None, f
    assert ismcts.options()[ismcts.O_LEAF] == ismcts.LEAF_TABLE
    assert len(ismcts.options()) == ismcts.N_OPTIONS  # the fixed fields; a leaf's free tail comes after them


@pytest.mark.parametrize("seats", TABLES, ids=lambda t: t[-1])
def test_every_faction_type_plays_legal_full_games_with_the_defaults(seats):
    """Through the Game API (which refuses an illegal action) every seat is an ISMCTSAgent with its faction's
    defaults, to the end of the game."""
    g = Game.new(seats, seed=7)
    agents = {f: ISMCTSAgent(f, iterations=6, seed=i) for i, f in enumerate(seats)}
    steps = 0
    while not g.is_over:
        a = agents[g.current_player].act(g)
        assert a in g.legal_actions()
        g.apply(a)
        steps += 1
    assert steps > 100 and g.winners


def test_every_faction_type_plays_whole_arena_games_beside_heuristic_v2():
    for seats in TABLES:
        agents = {f: ("ismcts:4" if i % 2 == 0 else "heuristic") for i, f in enumerate(seats)}
        agents[seats[-1]] = "ismcts:4"
        r = play_games(2, seats, agents, seed=11, threads=1)
        assert not r["truncated"].any() and (r["winners"] != 0).all(), seats


# ------------------------------------------------------------- hidden information
def test_the_table_leaf_search_decides_only_from_what_its_player_may_know():
    """Every faction type: swapping another hand's unseen card with the deck's, two ruin items and the types of
    two face-down plots (what only the Corvids know) changes neither the view nor the choice nor the whole tree."""
    checked = set()
    plots = 0
    for t, seats in enumerate(TABLES):
        for seed in range(12):
            g = _midgame(seats, 100 * t + seed, 60 + 37 * seed)
            if g.is_over or g.state[LEGAL_N] < 2:
                continue
            s, f, changed, swapped_plots = _redealt(g)
            plots += swapped_plots
            if not changed:
                continue
            v1, v2 = np.zeros(STATE_SIZE, np.int64), np.zeros(STATE_SIZE, np.int64)
            determinize(g.state, v1, f, seed_rand(seed))
            determinize(s, v2, f, seed_rand(seed))
            assert np.array_equal(v1, v2)
            opts = ismcts.faction_options(g.current_player, iterations=30)
            a1, n1, val1 = _choose(g.state, f, seed, opts)
            a2, n2, val2 = _choose(s, f, seed, opts)
            assert a1 == a2 and np.array_equal(n1, n2) and np.array_equal(val1, val2), (seats, seed)
            checked.add(g.current_player)
    assert set(ALL_TYPES) - checked <= {"vagabond2"} and len(checked) >= 8, checked
    assert plots >= 1


# ------------------------------------------------------------- the table leaf
def _leaf(s, scale=20.0, pace=2.0):
    reward = np.zeros(NF)
    table_rewards(s, reward, scale, pace)
    return reward


def _seated(s):
    return [int(s[SEAT_FACTION + p]) for p in range(int(s[NSEATS]))]


def test_table_leaf_rewards_are_win_chances_that_sum_to_one():
    g = _midgame(BASE4, 3, 120)
    s = g.state.copy()
    reward = _leaf(s)
    seats = _seated(s)
    assert all(0.0 < reward[h] < 1.0 for h in seats)
    assert sum(reward[h] for h in seats) == pytest.approx(1.0)
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    x = {h: race_value(s, h, rul, 2.0) for h in seats}
    top = max(x.values())
    z = sum(math.exp((x[h] - top) / 20.0) for h in seats)
    for h in seats:
        assert reward[h] == pytest.approx(math.exp((x[h] - top) / 20.0) / z)


def test_table_leaf_gangs_up_on_the_leader():
    """Taking a warrior from the seat near 30 VP raises the decider's chance more than taking one from the last."""
    def warrior_at(state, foe):
        return next((c for c in range(NC) if state[WARRIORS + foe * NC + c] > 0), None)
    s = next(st for st in (_midgame(BASE4, seed, 150).state.copy() for seed in range(6, 40))
             if warrior_at(st, ALLIANCE) is not None and warrior_at(st, EYRIE) is not None)
    s[VP + ALLIANCE], s[VP + EYRIE], s[VP + MARQUISE] = 26, 3, 12
    base = _leaf(s)[MARQUISE]
    gain = {}
    for foe in (ALLIANCE, EYRIE):
        t = s.copy()
        t[WARRIORS + foe * NC + warrior_at(t, foe)] -= 1
        gain[foe] = _leaf(t)[MARQUISE] - base
    assert gain[ALLIANCE] > gain[EYRIE] > 0
    # A VP the leader loses is worth more to every other seat than one the last player loses.
    for foe_drop, other in ((ALLIANCE, EYRIE),):
        a, b = s.copy(), s.copy()
        a[VP + foe_drop] -= 1
        b[VP + other] -= 1
        assert _leaf(a)[MARQUISE] - base > _leaf(b)[MARQUISE] - base


def test_table_leaf_rewards_a_coalition_vagabond_with_his_partners_chance():
    g = _midgame(BASE4, 4, 120)
    s = g.state.copy()
    s[VB_COALITION + 0] = EYRIE
    reward = _leaf(s)
    assert reward[VAGABOND] == reward[EYRIE]
    assert sum(reward[h] for h in _seated(s) if h != VAGABOND) == pytest.approx(1.0)


# ------------------------------------------------------------- specs
def test_ismcts_specs_take_a_budget_a_time_and_options():
    assert parse_spec("ismcts") == (KIND_ISMCTS, 200, {})
    assert parse_spec("ismcts:50") == (KIND_ISMCTS, 50, {})
    assert parse_spec("ismcts:0.5s") == (KIND_ISMCTS, ismcts.TIMED_ITERATIONS, {"seconds": 0.5})
    assert parse_spec("ismcts:400:trees=2,leaf=heuristic,depth=4,scale=30") == (
        KIND_ISMCTS, 400, {"trees": 2, "leaf": "heuristic", "depth": 4, "scale": 30.0})
    assert parse_spec("ismcts:2s:c=0.5") == (KIND_ISMCTS, ismcts.TIMED_ITERATIONS, {"seconds": 2.0, "c": 0.5})
    assert parse_spec("heuristic") == (KIND_HEURISTIC, 0, {})
    assert parse_kind("ismcts:400:trees=2") == (KIND_ISMCTS, 400)
    assert resolve("ismcts:400:trees=2") == "ismcts:400:trees=2"
    # Every options keyword but the iterations may be given.
    assert set(ismcts.keywords()) - {"iterations"} >= {"c", "rollout", "depth", "pw_c", "pw_alpha", "scale", "leaf",
                                                        "seconds", "trees", "pace"}


@pytest.mark.parametrize("bad, why", [
    ("ismcts:0", "ismcts:N"), ("ismcts:x", "ismcts:N"), ("ismcts:", "ismcts:N"), ("ismcts:-3", "ismcts:N"),
    ("ismcts:0s", "seconds > 0"), ("ismcts:nans", "seconds > 0"), ("ismcts:10:", "key=value"),
    ("ismcts:10:depth", "key=value"), ("ismcts:10:foo=1", "unknown ISMCTS option 'foo'"),
    ("ismcts:10:iterations=5", "unknown ISMCTS option 'iterations'"), ("ismcts:10:depth=x", "depth='x'"),
    ("ismcts:10:depth=2.5", "integer"), ("ismcts:10:c=inf", "number"), ("ismcts:10:leaf=clever", "leaf"),
    ("ismcts:10:trees=0", "trees"), ("ismcts:10:scale=0", "scale"), ("ismcts:10:depth=2,depth=3", "twice"),
    ("ismcts:10:seconds=-1", "seconds"), ("ismctsx", "unknown agent kind")])
def test_bad_ismcts_specs_are_refused_with_the_reason(bad, why):
    with pytest.raises(ValueError, match=why.replace("(", r"\(")):
        parse_spec(bad)
    with pytest.raises(ValueError):
        resolve(bad)
    with pytest.raises(ValueError, match="agents must give"):
        play_games(1, BASE4, {"marquise": bad, "eyrie": "random", "alliance": "random", "vagabond": "random"})


def test_spec_options_reach_the_search():
    agents = {"marquise": "heuristic", "eyrie": "heuristic", "alliance": "heuristic", "vagabond": "ismcts:24:depth=2"}
    a = play_games(2, BASE4, agents, seed=31, threads=1,
                   ismcts_options={"vagabond": {"leaf": "heuristic", "depth": 2}})
    b = play_games(2, BASE4, dict(agents, vagabond="ismcts:24:depth=2,leaf=heuristic"), seed=31, threads=1)
    c = play_games(2, BASE4, agents, seed=31, threads=1)
    for k in ("winners", "vp", "decisions"):
        assert np.array_equal(a[k], b[k]), k
    assert not (np.array_equal(a["decisions"], c["decisions"]) and np.array_equal(a["vp"], c["vp"]))
    # The spec's keyword wins over ismcts_options.
    d = play_games(2, BASE4, dict(agents, vagabond="ismcts:24:depth=2,leaf=table"), seed=31, threads=1,
                   ismcts_options={"vagabond": {"leaf": "heuristic"}})
    assert np.array_equal(d["decisions"], c["decisions"]) and np.array_equal(d["vp"], c["vp"])
    agent = ISMCTSAgent.from_spec("eyrie", "ismcts:30:trees=3,depth=5", seed=2, threads=1)
    assert agent.iterations == 30 and agent.trees == 3 and ismcts.describe(agent.opts)["depth"] == 5
    with pytest.raises(ValueError, match="not an ISMCTS kind"):
        ISMCTSAgent.from_spec("eyrie", "heuristic")


# ------------------------------------------------------------- time budget
def test_time_budget_per_decision_in_the_agent_and_the_arena():
    g = _midgame(BASE4, 4, 90)
    agent = ISMCTSAgent(g.current_player, seconds=0.05, seed=1)
    assert agent.iterations == ismcts.TIMED_ITERATIONS
    assert agent.act(g) in g.legal_actions()
    assert ismcts.TIME_CHUNK <= agent.last_iterations < ismcts.TIMED_ITERATIONS
    capped = ISMCTSAgent(g.current_player, iterations=40, seconds=30.0, seed=1)
    capped.act(g)
    assert capped.last_iterations == 40  # the iterations cap the time
    # A time budget in the arena: the game plays to the end (how far each search got depends on the clock).
    r = play_games(1, BASE4, {"marquise": "ismcts:0.002s:depth=2", "eyrie": "heuristic", "alliance": "random",
                              "vagabond": "random"}, seed=3, threads=1)
    assert not r["truncated"].any() and r["winners"][0] != 0
    nodes, value, mark, path = ismcts.new_tree(1000)
    work = np.zeros((1, STATE_SIZE), np.int64)
    f = FACTION_NAMES.index(g.current_player)
    _, done = ismcts.run_tree(g.state, f, seed_rand(1), ismcts.faction_options(g.current_player, iterations=1000),
                              1e-4, nodes, value, mark, path, work, -1)
    assert done == ismcts.TIME_CHUNK  # the clock is read after each chunk: one chunk at least


# ------------------------------------------------------------- root-parallel
def test_root_parallel_is_deterministic_for_a_seed_and_tree_count_on_any_threads():
    """trees=K: the same decisions on one thread and on K threads, and the same as the compiled choose (the arena)
    searching the K trees one after another; legal throughout; another K decides differently somewhere."""
    def moves(trees, threads, seed=4):
        g = Game.new(BASE4, seed=9)
        agents = {f: ISMCTSAgent(f, iterations=10, trees=trees, threads=threads, seed=seed + i, depth=4)
                  for i, f in enumerate(BASE4)}
        return played(g, agents, 60)
    one = moves(3, 1)
    assert one == moves(3, 3) == moves(3, 2) and len(one) == 60
    assert moves(1, 1) != one
    g = _midgame(BASE4, 5, 100)
    f = FACTION_NAMES.index(g.current_player)
    opts = ismcts.faction_options(g.current_player, iterations=25, trees=3)
    for seed in range(4):
        agent = ISMCTSAgent(g.current_player, iterations=25, trees=3, threads=3)
        agent._r = int(seed_rand(seed))
        a, _, _ = _choose(g.state, f, seed, opts)
        assert agent.act(g) == a
        assert agent.last_iterations == 75


# ------------------------------------------------------------- the benchmark
def test_strength_benchmark_runs_and_writes_its_tables(tmp_path):
    from benchmarks.ismcts_strength import main
    out = tmp_path / "s.json"
    assert main(["--budget", "3", "--games", "4", "--curve", "2", "--curve-games", "4", "--factions",
                 "corvids,vagabond2", "--no-speed", "--options", '{"corvids": {"depth": 2}}', "--json", str(out)]) == 0
    import json
    res = json.loads(out.read_text())
    assert set(res["rows"]) == {"corvids", "vagabond2"} and res["opponents"] == "heuristic (v2)"
    for f, row in res["rows"].items():
        assert row["ismcts"]["games"] == row["heuristic"]["games"] == 4
        assert [n for _, n in row["ismcts"]["by_seat"]] == [1, 1, 1, 1]
    # --options on top of the faction's defaults (agents.ismcts.FACTION_DEFAULTS["corvids"]: prior 100, shroud, potential)
    assert res["options"]["corvids"]["depth"] == 2 and res["options"]["corvids"]["prior"] == 100.0
    assert res["options"]["corvids"]["shroud"] == 1.0 and res["options"]["corvids"]["potential"] == 1.0
    assert set(res["curve"]["2"]) == {"corvids", "vagabond2"} and set(res["heuristic_same_games"]) == {"corvids",
                                                                                                       "vagabond2"}
    assert "| corvids |" in out.with_suffix(".md").read_text()
    with pytest.raises(SystemExit):
        main(["--factions", "badgers"])
    with pytest.raises(SystemExit):
        main(["--options", '{"corvids": {"iterations": 3}}'])


def test_chunked_benchmark_plays_the_strength_benchmarks_games_resumes_and_sums_them(tmp_path):
    """benchmarks.ismcts_chunked: chunks of 4 games are games k.. of the one-piece arm (same seeds and seats), a
    rerun skips the chunks logged, a second log can hold another range (--start), and the summary's row is the
    one-piece arm's wins beside heuristic v2's on the same games."""
    import json
    from benchmarks.heuristic_strength import TABLES as BENCH_TABLES
    from benchmarks.ismcts_chunked import main
    from benchmarks.ismcts_strength import arm, heuristic_arm
    log, log2, out = tmp_path / "c.jsonl", tmp_path / "c2.jsonl", tmp_path / "c.json"
    args = ["--faction", "riverfolk", "--budget", "3", "--games", "8", "--chunk", "4", "--log", str(log)]
    assert main(args[:5] + ["4"] + args[6:]) == 0  # the first chunk only: a run stopped early
    assert main(args[:5] + ["12"] + args[6:8] + ["--start", "8", "--log", str(log2)]) == 0  # games 8-11
    assert main(args + ["--summary", str(out)]) == 0  # games 0-3 alone: a partial result
    res = json.loads(out.read_text())
    assert res["partial"] is True and res["game_ranges"] == [[0, 3]]
    assert main(args) == 0  # resumed: the second chunk
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    assert [r["first_game"] for r in rows] == [0, 4] and all(r["by_seat"] == [[r["by_seat"][i][0], 1] for i in
                                                                              range(4)] for r in rows)
    assert main(args) == 0 and len(log.read_text().splitlines()) == 2  # nothing left to play
    assert main(args + ["--log", str(log2), "--summary", str(out)]) == 0
    res = json.loads(out.read_text())
    whole = arm("riverfolk", "ismcts:3", 12)
    row = res["rows"]["riverfolk"]
    assert row["ismcts"]["wins"] == whole["wins"] and row["ismcts"]["by_seat"] == whole["by_seat"]
    assert row["heuristic"]["wins"] == heuristic_arm(BENCH_TABLES["riverfolk"], 12)["riverfolk"]["wins"]
    assert res["game_ranges"] == [[0, 11]] and res["games_per_faction"] == 12
    assert res["options"]["riverfolk"]["funds"] == 5.0  # the faction's defaults
    assert "| riverfolk |" in out.with_suffix(".md").read_text()
    with pytest.raises(ValueError, match="multiples of 4"):
        main(args[:-4] + ["--chunk", "6", "--log", str(tmp_path / "d.jsonl")])


def _riverfolk_midgame():
    for seed in range(20, 60):
        g = _midgame(TABLES[3], seed, 90)
        s = g.state.copy()
        if not g.is_over and sum(int(s[RF_FUNDS + h]) for h in range(NF)) > 0:
            return s
    raise AssertionError("no mid-game state with Riverfolk funds")


def test_law_11_4_2_table_leaf_counts_the_riverfolk_funds_that_would_score_dividends():
    """``funds``: each fund in the box counts that many points more for the Riverfolk, but only while a trade post
    stands (Law 11.4.2: no dividends without one; Payments and Committed never score); 0 leaves the leaf as it was."""
    s = _riverfolk_midgame()
    for suit in range(3):
        s[TOKENS + (TT_TRADEPOST + suit) * NC: TOKENS + (TT_TRADEPOST + suit + 1) * NC] = 0
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    assert race_value(s, RIVERFOLK, rul, 2.0, 1.0, 5.0) == race_value(s, RIVERFOLK, rul, 2.0)  # no trade post
    assert dividend_funds(s) == 0
    c = next(c for c in range(NC) if s[TOKENS + TT_TRADEPOST * NC + c] == 0)
    s[TOKENS + TT_TRADEPOST * NC + c] = 1
    rulers(s, rul)
    funds = sum(int(s[RF_FUNDS + h]) for h in range(NF))
    assert dividend_funds(s) == funds > 0
    assert race_value(s, RIVERFOLK, rul, 2.0, 1.0, 5.0) == pytest.approx(race_value(s, RIVERFOLK, rul, 2.0)
                                                                          + 5.0 * funds)
    t = s.copy()
    t[RF_PAYMENTS + MARQUISE] += 3
    t[RF_COMMITTED + MARQUISE] += 2
    assert race_value(t, RIVERFOLK, rul, 2.0, 1.0, 5.0) - race_value(t, RIVERFOLK, rul, 2.0) == pytest.approx(
        5.0 * funds)
    for h in (MARQUISE, EYRIE, ALLIANCE):  # the term is the Riverfolk's alone
        assert race_value(s, h, rul, 2.0, 1.0, 5.0) == race_value(s, h, rul, 2.0)
    # The dividend funds raise the Riverfolk's chance in the leaf and lower everyone else's.
    r0, r5 = np.zeros(NF), np.zeros(NF)
    table_rewards(s, r0, 20.0, 2.0)
    table_rewards(s, r5, 20.0, 2.0, 1.0, 5.0)
    assert r5[RIVERFOLK] > r0[RIVERFOLK] and all(r5[h] < r0[h] for h in (MARQUISE, EYRIE, ALLIANCE))


def test_table_leaf_plan_weighs_each_seats_faction_terms():
    """``plan``: a seat's race value moves by (plan - 1) times its weighted faction terms (agents.table.plan_value;
    2 here, so by the terms once more)."""
    g = _midgame(BASE4, 5, 140)
    s = g.state.copy()
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    for h in BASE4:
        f = FACTION_NAMES.index(h)
        own = f != EYRIE or s[DECIDER] == EYRIE
        # heuristic v2 weighs the plan by P_PLAN for a seat on its own terms (the Eyrie's: only in its own turn)
        terms = PARAMS[2, f, P_PLAN] * plan_value(s, f, rul, PARAMS[2, f], own) if own else 0.0
        assert race_value(s, f, rul, 2.0, 2.0) == pytest.approx(race_value(s, f, rul, 2.0) + terms), h
        assert race_value(s, f, rul, 2.0, 1.0) == race_value(s, f, rul, 2.0)


def test_leaf_options_are_checked_and_reach_the_search():
    o = ismcts.options(plan=1.5, funds=5.0)
    assert o[ismcts.O_PLAN] == 1.5 and o[ismcts.O_FUNDS] == 5.0
    assert ismcts.describe(ismcts.options())["plan"] == 1.0 and ismcts.describe(ismcts.options())["funds"] == 0.0
    for bad in ({"plan": -1.0}, {"funds": float("nan")}, {"funds": "5"}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            ismcts.options(**bad)
    assert parse_spec("ismcts:50:funds=5,plan=2")[2] == {"funds": 5.0, "plan": 2.0}


def _swap_supporter(s, viewer):
    """Swap a Supporters card `viewer` has not seen with a deck card of another suit (the Alliance's supporters are
    face down, Law 8.2.3). Returns whether anything changed."""
    loc = s[CARD_LOC:CARD_LOC + NCARD]
    mine = [c for c in range(NCARD) if loc[c] == LOC_SUPPORTERS and not (s[CARD_KNOWN + c] >> viewer) & 1]
    for c in mine:
        for d in range(NCARD):
            if loc[d] == LOC_DECK and CARD_SUIT[d] != CARD_SUIT[c]:
                k = [k for k in range(int(s[DECK_N])) if s[DECK + k] == d][0]
                s[CARD_LOC + c], s[CARD_LOC + d] = LOC_DECK, LOC_SUPPORTERS
                s[CARD_KNOWN + c], s[CARD_KNOWN + d] = s[CARD_KNOWN + d], s[CARD_KNOWN + c]
                s[DECK + k] = c
                return True
    return False


def test_the_leaf_options_plan_funds_and_potential_decide_only_from_what_the_player_may_know():
    """With ``plan``, ``funds``, ``potential``, ``hand``, ``wares`` and ``paid`` on for every faction type, and with heuristic v2's rollouts, redealing what the decider cannot see
    (another hand's unseen card, ruin items, face-down plot types, the Alliance's unseen supporters) changes neither
    the choice nor the tree."""
    checked = set()
    supporters = 0
    for t, seats in enumerate(TABLES):
        for seed in range(12):
            g = _midgame(seats, 100 * t + seed, 60 + 37 * seed)
            if g.is_over or g.state[LEGAL_N] < 2 or g.current_player in checked:
                continue
            s, f, changed, _ = _redealt(g)
            if f != ALLIANCE and _swap_supporter(s, f):
                changed = True
                supporters += 1
            if not changed:
                continue
            opts = ismcts.faction_options(g.current_player, iterations=30, plan=2.0, funds=5.0, potential=1.0,
                                          shroud=1, hand=4.0, wares=6.0, paid=0.5)
            a1, n1, val1 = _choose(g.state, f, seed, opts)
            a2, n2, val2 = _choose(s, f, seed, opts)
            assert a1 == a2 and np.array_equal(n1, n2) and np.array_equal(val1, val2), (seats, seed)
            # Heuristic v2's rollouts (option rollout="v2") look ahead from each seat's view of the determinization.
            opts = ismcts.faction_options(g.current_player, iterations=12, rollout="v2", depth=2, shroud=1)
            a1, n1, val1 = _choose(g.state, f, seed, opts)
            a2, n2, val2 = _choose(s, f, seed, opts)
            assert a1 == a2 and np.array_equal(n1, n2) and np.array_equal(val1, val2), ("v2", seats, seed)
            checked.add(g.current_player)
    assert len(checked) >= 6 and supporters >= 1, (checked, supporters)


# ------------------------------------------------------------- the VP potential (option ``potential``)
def _corvids_board():
    """A mid-game state of the Corvids' table with the plots and Corvid warriors cleared from the map."""
    for seed in range(30, 60):
        g = _midgame(TABLES[4], seed, 80)
        if not g.is_over:
            s = g.state.copy()
            for t in range(4):
                s[TOKENS + (TT_PLOT + t) * NC: TOKENS + (TT_PLOT + t + 1) * NC] = 0
            s[CV_FACE_UP: CV_FACE_UP + NC] = 0
            s[WARRIORS + CORVIDS * NC: WARRIORS + (CORVIDS + 1) * NC] = 0
            return s
    raise AssertionError("no mid-game state at the Corvids' table")


def test_law_13_4_2_flip_potential_counts_the_next_birdsongs_flips():
    """Each face-down plot with a Corvid warrior in its clearing is flipped at the next Birdsong and scores one VP per
    face-up plot on the map, itself included (Law 13.4.2): with two face up and two flippable, 3 + 4 = 7. A face-down
    plot without a warrior cannot be flipped; the plot types do not matter (they are hidden from the other seats)."""
    s = _corvids_board()
    assert flip_potential(s) == 0
    for c, t, up, w in ((0, BOMB, 1, 0), (1, SNARE, 1, 2), (2, RAID, 0, 1), (3, EXTORTION, 0, 3), (4, BOMB, 0, 0)):
        s[TOKENS + (TT_PLOT + t) * NC + c] = 1
        s[CV_FACE_UP + c] = up
        s[WARRIORS + CORVIDS * NC + c] = w
    assert flip_potential(s) == 3 + 4
    t = s.copy()
    t[TOKENS + (TT_PLOT + RAID) * NC + 2], t[TOKENS + (TT_PLOT + SNARE) * NC + 2] = 0, 1  # another type: the same
    assert flip_potential(t) == flip_potential(s)
    t[WARRIORS + CORVIDS * NC + 3] = 0  # no warrior: no flip
    assert flip_potential(t) == 3
    assert next_round_vp(s, CORVIDS) == 7
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    assert race_value(s, CORVIDS, rul, 2.0, 1.0, 0.0, 0.5) == pytest.approx(race_value(s, CORVIDS, rul, 2.0) + 35.0)
    for h in (MARQUISE, EYRIE):  # no potential of their own: the option leaves them as they were
        assert race_value(s, h, rul, 2.0, 1.0, 0.0, 0.5) == race_value(s, h, rul, 2.0)


def _supporters(s, cards):
    """s with exactly `cards` on the Alliance's Supporters stack (the others back in the deck's place)."""
    for c in range(NCARD):
        if s[CARD_LOC + c] == LOC_SUPPORTERS:
            s[CARD_LOC + c] = LOC_DISCARD
    for c in cards:
        s[CARD_LOC + c] = LOC_SUPPORTERS


def test_law_8_4_2_spread_potential_counts_the_sympathy_the_supporters_pay_for():
    """The Alliance's next Spread Sympathy (Law 8.4.2): tokens go on one after another, each paid with the track's
    cost in supporters matching an adjacent unsympathetic clearing (birds wild) and scoring the VP of the space it
    uncovers (``AL_SYMPATHY_COST``, ``AL_SYMPATHY_VP``)."""
    g = _midgame(BASE4, 3, 60)
    s = g.state.copy()
    s[TOKENS + TT_SYMPATHY * NC: TOKENS + (TT_SYMPATHY + 1) * NC] = 0
    _supporters(s, [])
    assert spread_potential(s) == 0
    birds = [c for c in range(NCARD) if CARD_SUIT[c] == BIRD and s[CARD_LOC + c] in (LOC_DECK, LOC_DISCARD)]
    assert len(birds) >= 5
    _supporters(s, birds[:3])  # three wild supporters, no token on the map: the first three spaces, 1 each
    assert spread_potential(s) == sum(AL_SYMPATHY_VP[:3]) == 0 + 1 + 1
    _supporters(s, birds[:5])  # the fourth space costs 2: five supporters pay for four tokens (1 + 1 + 1 + 2)
    assert spread_potential(s) == sum(AL_SYMPATHY_VP[:4]) == 3
    s[TOKENS + TT_SYMPATHY * NC + 0] = 1  # one on the map: the next spaces are 1..4 of the track
    assert spread_potential(s) == sum(AL_SYMPATHY_VP[1:4])  # costs 1 + 1 + 2 = 4 of the five
    assert next_round_vp(s, ALLIANCE) == spread_potential(s) and next_round_vp(s, MARQUISE) == 0
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    assert race_value(s, ALLIANCE, rul, 2.0, 1.0, 0.0, 1.0) == pytest.approx(
        race_value(s, ALLIANCE, rul, 2.0) + 10.0 * spread_potential(s))


def _marquise_builds(wood_at_5=0, rule_5_and_2=True):
    """The Marquise (Autumn map, clearings by printed number) with a sawmill in 7, a workshop in 8 and a recruiter in
    9 (each track's next building costs 1 wood); with `rule_5_and_2` a warrior in 5 and in 2 (adjacent, two open
    slots each, not connected to 7 and 8)."""
    sc = Scenario(seed=1)
    sc.building("sawmill", 7).building("workshop", 8).building("recruiter", 9)
    if rule_5_and_2:
        sc.warriors("marquise", 5, 1).warriors("marquise", 2, 1)
    if wood_at_5:
        sc.token("wood", 5, wood_at_5)
    return sc.game.state.copy()


def test_law_6_5_4_build_potential_counts_the_builds_her_wood_pays_for():
    """The Marquise's next Daylight's builds (Law 6.5.4), after her next Birdsong's wood (Law 6.4): up to three, each
    the building that scores most where she rules with an open slot, paid from the wood in the ruled clearings
    connected to it (6.5.4.II)."""
    # Only the wood her sawmill in 7 places next Birdsong, in the area 7-8: one build for 1 wood, the workshop's 2 VP.
    s = _marquise_builds()
    assert build_potential(s) == MQ_BUILD_VP[BT_WORKSHOP, 1] == 2
    # Four wood in 5 (area 5-2, four open slots): two workshops there (1 + 2 wood, 2 + 2 VP), then a 1-wood sawmill
    # or recruiter with the last wood (1 VP): 5; the workshop's next space (3 wood) is beyond either area.
    s = _marquise_builds(wood_at_5=4)
    assert MQ_BUILD_COST[1:4].tolist() == [1, 2, 3]
    assert build_potential(s) == 2 + 2 + 1
    # Wood where she rules nothing pays for nothing: only the sawmill's area counts.
    s = _marquise_builds(wood_at_5=4, rule_5_and_2=False)
    assert build_potential(s) == 2
    # With every wood token on the map, her sawmill places none at Birdsong (Law 6.4: from the supply).
    s = _marquise_builds()
    s[TOKENS + TT_WOOD * NC + 11] = MQ_WOOD  # all eight in clearing 12, which she does not rule
    assert build_potential(s) == 0
    # It counts on her race value only with the option, `build` times 10 points a VP, and on no one else's.
    s = _marquise_builds(wood_at_5=4)
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    assert race_value(s, MARQUISE, rul, 0.0, build=0.5) == pytest.approx(race_value(s, MARQUISE, rul, 0.0) + 25.0)
    assert race_value(s, EYRIE, rul, 0.0, build=0.5) == race_value(s, EYRIE, rul, 0.0)
    r0, r1 = np.zeros(NF), np.zeros(NF)
    table_rewards(s, r0, 20.0, 0.0)
    table_rewards(s, r1, 20.0, 0.0, build=1.0)
    assert r1[MARQUISE] > r0[MARQUISE] and r1[EYRIE] < r0[EYRIE]


def test_the_build_option_is_checked_and_reaches_the_search():
    assert ismcts.options(build=0.5)[ismcts.O_BUILD] == 0.5
    assert ismcts.describe(ismcts.faction_options("marquise"))["build"] == 0.0  # no faction's default
    for bad in (-1.0, float("nan"), "1", True):
        with pytest.raises(ValueError, match="build"):
            ismcts.options(build=bad)
    assert parse_spec("ismcts:50:build=1")[2] == {"build": 1.0}


def test_the_potential_option_is_checked_and_reaches_the_search():
    assert ismcts.options(potential=0.5)[ismcts.O_POTENTIAL] == 0.5
    assert ismcts.describe(ismcts.options())["potential"] == 0.0
    for bad in (-1.0, float("inf"), "1", True):
        with pytest.raises(ValueError, match="potential"):
            ismcts.options(potential=bad)
    assert parse_spec("ismcts:50:potential=1")[2] == {"potential": 1.0}
    # It reaches the leaf: the same search with and without it values the root's children differently.
    s = _corvids_board()
    for c, w in ((0, 2), (1, 1), (2, 1)):
        s[TOKENS + (TT_PLOT + RAID) * NC + c] = 1 if c < 2 else 0
        s[WARRIORS + CORVIDS * NC + c] = w
    r0, r1 = np.zeros(NF), np.zeros(NF)
    table_rewards(s, r0, 20.0, 2.0)
    table_rewards(s, r1, 20.0, 2.0, 1.0, 0.0, 1.0)
    assert r1[CORVIDS] > r0[CORVIDS]
    opts0 = ismcts.faction_options("corvids", iterations=40, potential=0.0)
    opts1 = ismcts.faction_options("corvids", iterations=40, potential=1.0)
    g = _midgame(TABLES[4], 4, 90)
    _, _, v0 = _choose(g.state, int(g.state[DECIDER]), 3, opts0)
    _, _, v1 = _choose(g.state, int(g.state[DECIDER]), 3, opts1)
    assert not np.array_equal(v0, v1)



def test_law_14_6_2_the_oppress_option_counts_the_hundreds_next_oppress_as_rounds_of_income():
    """``oppress``: every seat's leaf counts what the Hundreds' next Oppress would score (Law 14.6.2, ``oppress_vp``)
    `oppress` times 10 points a VP on the Hundreds' race value (income each Evening, like a VP pace); no other seat's
    value changes, and a table without the Hundreds is valued as before."""
    g = _midgame(TABLES[5], 5, 60)
    s = g.state.copy()
    # One Hundreds warrior alone in each of three clearings nobody else stands in: three oppressed clearings (2 VP).
    empty = [c for c in range(NC) if ruler_of(s, c) < 0 and enemy_pieces(s, c) == 0][:3]
    for c in empty:
        s[WARRIORS + HUNDREDS * NC + c] += 1
    assert oppress_vp(s) >= 1
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    base = race_value(s, HUNDREDS, rul, 2.0)
    assert race_value(s, HUNDREDS, rul, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 3.0) == pytest.approx(
        base + 10.0 * 3.0 * oppress_vp(s))
    assert race_value(s, MARQUISE, rul, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 3.0) == race_value(s, MARQUISE, rul, 2.0)
    r0, r1 = np.zeros(NF), np.zeros(NF)
    table_rewards(s, r0, 20.0, 2.0)
    table_rewards(s, r1, 20.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 3.0)
    assert r1[HUNDREDS] > r0[HUNDREDS] and r1[MARQUISE] < r0[MARQUISE]
    other = _midgame(BASE4, 5, 60).state  # no Hundreds at the table: the option changes nothing
    r0, r1 = np.zeros(NF), np.zeros(NF)
    table_rewards(other, r0, 20.0, 2.0)
    table_rewards(other, r1, 20.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 3.0)
    assert np.array_equal(r0, r1)


def test_the_oppress_option_is_checked_and_reaches_the_search():
    assert ismcts.options(oppress=2.5)[ismcts.O_OPPRESS] == 2.5
    assert ismcts.describe(ismcts.options(oppress=2.5))["oppress"] == 2.5
    for bad in (-1.0, float("inf"), "1", True):
        with pytest.raises(ValueError, match="oppress"):
            ismcts.options(oppress=bad)
    assert parse_spec("ismcts:50:oppress=5")[2] == {"oppress": 5.0}

def _mob_on_enemy_pieces(seed=5, n=60):
    """A midgame of the Hundreds' table with a mob put on every clearing where the Marquise has a building or a token
    (Law 14.4.1: the next Raze removes them)."""
    g = _midgame(TABLES[5], seed, n)
    s = g.state.copy()
    marked = []
    for c in range(NC):
        mine = sum(s[BUILDINGS + bt * NC + c] for bt in range(NBT) if BT_OWNER[bt] == MARQUISE)
        mine += sum(s[TOKENS + tt * NC + c] for tt in range(NTT) if TT_OWNER[tt] == MARQUISE)
        if mine and s[TOKENS + TT_MOB * NC + c] == 0:
            s[TOKENS + TT_MOB * NC + c] = 1
            marked.append(c)
    assert marked
    return g, s


def _raze_rewards(s, w, pace=2.0):
    reward = np.zeros(NF)
    table_rewards(s, reward, 20.0, pace, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, w)
    return reward


def test_law_14_4_1_the_raze_option_projects_the_hundreds_next_raze_onto_every_seats_race_value():
    """``raze``: every enemy building and token in a clearing with a mob counts as removed by the Hundreds' next Raze
    (Law 14.4.1; 1 VP each, Law 3.2.1): each seat's race value moves `raze` of the way to its value on the board
    without them, the Hundreds' with 10 points a VP of them; 0 leaves the leaf as it was, and so does a board with
    nothing to raze or a table without the Hundreds."""
    _, s = _mob_on_enemy_pieces()
    after = np.empty_like(s)
    k = razed(s, after)
    assert k == sum(razable(s, c) for c in range(NC) if s[TOKENS + TT_MOB * NC + c] > 0) > 0
    for c in range(NC):
        if s[TOKENS + TT_MOB * NC + c] > 0:
            assert razable(after, c) == 0
    # Only enemy buildings and tokens go: every warrior and the Hundreds' own pieces (mobs, strongholds) stay.
    assert np.array_equal(after[WARRIORS:WARRIORS + NF * NC], s[WARRIORS:WARRIORS + NF * NC])
    mobs = slice(TOKENS + TT_MOB * NC, TOKENS + (TT_MOB + 1) * NC)
    assert np.array_equal(after[mobs], s[mobs])
    seats = _seated(s)
    rul, rul_after = np.empty(NC, np.int64), np.empty(NC, np.int64)
    rulers(s, rul)
    rulers(after, rul_after)
    for w in (0.5, 1.0, 2.0):
        x = {g: race_value(s, g, rul, 2.0) for g in seats}
        y = {g: race_value(after, g, rul_after, 2.0) + (10.0 * k if g == HUNDREDS else 0.0) for g in seats}
        z = {g: x[g] + w * (y[g] - x[g]) for g in seats}
        top = max(z.values())
        e = {g: math.exp((z[g] - top) / 20.0) for g in seats}
        r = _raze_rewards(s, w)
        for g in seats:
            assert r[g] == pytest.approx(e[g] / sum(e.values()))
    p, r = _leaf(s), _raze_rewards(s, 1.0)
    assert np.array_equal(_raze_rewards(s, 0.0), p)
    assert r[HUNDREDS] > p[HUNDREDS] and r[MARQUISE] < p[MARQUISE]
    # Nothing to raze: no mob stands with an enemy building or token; no Hundreds at the table.
    bare = s.copy()
    bare[TOKENS + TT_MOB * NC:TOKENS + (TT_MOB + 1) * NC] = 0
    assert np.array_equal(_raze_rewards(bare, 1.0), _leaf(bare))
    other = _midgame(BASE4, 5, 60).state
    assert np.array_equal(_raze_rewards(other, 1.0), _leaf(other))


def test_the_raze_option_is_checked_and_changes_the_search_only_when_set():
    assert ismcts.options(raze=1.0)[ismcts.O_RAZE] == 1.0
    assert ismcts.describe(ismcts.options())["raze"] == ismcts.D_RAZE
    assert ismcts.describe(ismcts.options(raze=0.5))["raze"] == 0.5
    for bad in (-1.0, float("inf"), float("nan"), "1", True):
        with pytest.raises(ValueError, match="raze"):
            ismcts.options(raze=bad)
    assert parse_spec("ismcts:50:raze=1")[2] == {"raze": 1.0}
    g, s = _mob_on_enemy_pieces(5, 90)
    assert s[LEGAL_N] > 1
    f = int(s[DECIDER])
    name = FACTION_NAMES[f]
    d = ismcts.describe(ismcts.faction_options(name))["raze"]
    _, n0, v0 = _choose(s, f, 3, ismcts.faction_options(name, iterations=60))
    _, nz, vz = _choose(s, f, 3, ismcts.faction_options(name, iterations=60, raze=d))
    _, n1, v1 = _choose(s, f, 3, ismcts.faction_options(name, iterations=60, raze=0.0 if d else 1.0))
    assert np.array_equal(n0, nz) and np.array_equal(v0, vz)  # the faction's default raze is its search, value for value
    assert not np.array_equal(v0, v1)


def test_defaults_chosen_on_the_draft_ladder_no_pace_and_the_next_raze_but_for_the_hundreds():
    """2026-12-01 (benchmarks/results/faction_tune/, raze_leaf/): every faction's search but the Hundreds' leaves the
    VP pace out of its leaf and counts the Hundreds' next Raze (raze 2); the Hundreds', which neither made stronger,
    keeps pace 2 and no raze."""
    for name in FACTION_NAMES:
        o = ismcts.describe(ismcts.faction_options(name))
        want = (2.0, 0.0) if name == "hundreds" else (0.0, 2.0)
        assert (o["pace"], o["raze"]) == want, name


def _warlord_next_to_a_sawmill(seed=5, n=60, stack=5, defenders=0, sawmills=1):
    """A midgame of the Hundreds' table with `stack` Hundreds warriors (the warlord among them) in the warlord's
    clearing and, next to it, `sawmills` more Marquise sawmills with `defenders` Marquise warriors; returns the state
    and that clearing."""
    s = _midgame(TABLES[5], seed, n).state.copy()
    w = int(s[HD_WARLORD])
    assert w >= 0
    s[WARRIORS + HUNDREDS * NC + w] = stack
    b = next(c for c in range(NC) if adjacent(s, w, c))
    s[WARRIORS + MARQUISE * NC + b] = defenders
    s[BUILDINGS + BT_SAWMILL * NC + b] += sawmills
    return s, b


def _reach_gains(s):
    """The warlord's possible battles as the option reach counts them, by hand: {(enemy, clearing): its buildings and
    tokens there} within Prowess moves where the enemy has fewer warriors than the stack."""
    w = int(s[HD_WARLORD])
    stack = s[WARRIORS + HUNDREDS * NC + w]
    dist, frontier = {w: 0}, [w]
    for d in range(hd_prowess(s)):
        frontier = [b for a in frontier for b in range(NC) if adjacent(s, a, b) and b not in dist]
        for b in frontier:
            dist.setdefault(b, d + 1)
        frontier = list(dict.fromkeys(frontier))
    gains = {}
    for c in dist:
        for bt in range(NBT):
            g = BT_OWNER[bt]
            if g != HUNDREDS and s[BUILDINGS + bt * NC + c] and s[WARRIORS + g * NC + c] < stack:
                gains[(g, c)] = gains.get((g, c), 0) + s[BUILDINGS + bt * NC + c]
        for tt in range(NTT):
            g = TT_OWNER[tt]
            if g != HUNDREDS and s[TOKENS + tt * NC + c] and s[WARRIORS + g * NC + c] < stack:
                gains[(g, c)] = gains.get((g, c), 0) + s[TOKENS + tt * NC + c]
    return gains


def _marquise_pieces(s, c):
    return (sum(s[BUILDINGS + bt * NC + c] for bt in range(NBT) if BT_OWNER[bt] == MARQUISE)
            + sum(s[TOKENS + tt * NC + c] for tt in range(NTT) if TT_OWNER[tt] == MARQUISE))


def test_law_14_5_3_the_reach_option_projects_what_the_warlords_stack_could_clear_next_daylight():
    """``reach``: up to Prowess battles (Law 14.5.3: each Advance moves the warlord with any warriors, then battles) in
    clearings within Prowess moves of the warlord, each against an enemy with fewer warriors there than the stack,
    remove that enemy's buildings and tokens there (1 VP each, Law 3.2.1); each seat's race value moves `reach` of
    the way to the board after them; 0 leaves the leaf as it was, and so does a table without the Hundreds."""
    s, b = _warlord_next_to_a_sawmill(sawmills=12)  # the largest battle in reach
    after = np.empty_like(s)
    k = warlord_reach(s, after)
    assert k == sum(sorted(_reach_gains(s).values(), reverse=True)[:hd_prowess(s)])
    assert k >= _marquise_pieces(s, b) > 0 and _marquise_pieces(after, b) == 0
    assert np.array_equal(after[WARRIORS:WARRIORS + NF * NC], s[WARRIORS:WARRIORS + NF * NC])  # no warrior removed
    battles = {(g, c) for c in range(NC) for bt in range(NBT) for g in [BT_OWNER[bt]]
               if after[BUILDINGS + bt * NC + c] < s[BUILDINGS + bt * NC + c]}
    battles |= {(g, c) for c in range(NC) for tt in range(NTT) for g in [TT_OWNER[tt]]
                if after[TOKENS + tt * NC + c] < s[TOKENS + tt * NC + c]}
    assert len(battles) <= hd_prowess(s) and all(g != HUNDREDS for g, _ in battles)
    # As many defenders as the stack: that sawmill stands.
    s2, b2 = _warlord_next_to_a_sawmill(defenders=5)
    after2 = np.empty_like(s2)
    warlord_reach(s2, after2)
    assert _marquise_pieces(after2, b2) == _marquise_pieces(s2, b2)
    seats = _seated(s)
    rul, rul_after = np.empty(NC, np.int64), np.empty(NC, np.int64)
    rulers(s, rul)
    rulers(after, rul_after)
    for w in (0.5, 1.0):
        x = {g: race_value(s, g, rul, 2.0) for g in seats}
        y = {g: race_value(after, g, rul_after, 2.0) + (10.0 * k if g == HUNDREDS else 0.0) for g in seats}
        z = {g: x[g] + w * (y[g] - x[g]) for g in seats}
        top = max(z.values())
        e = {g: math.exp((z[g] - top) / 20.0) for g in seats}
        r = np.zeros(NF)
        table_rewards(s, r, 20.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, w)
        for g in seats:
            assert r[g] == pytest.approx(e[g] / sum(e.values()))
    r0, r1 = np.zeros(NF), np.zeros(NF)
    table_rewards(s, r0, 20.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0)
    table_rewards(s, r1, 20.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    assert np.array_equal(r0, _leaf(s)) and r1[HUNDREDS] > r0[HUNDREDS] and r1[MARQUISE] < r0[MARQUISE]
    other, r2 = _midgame(BASE4, 5, 60).state, np.zeros(NF)
    table_rewards(other, r2, 20.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    assert np.array_equal(r2, _leaf(other))


def test_the_reach_option_is_checked_and_changes_the_search_only_when_set():
    assert ismcts.options(reach=1.0)[ismcts.O_REACH] == 1.0
    assert ismcts.describe(ismcts.options())["reach"] == 0.0
    for bad in (-1.0, float("inf"), float("nan"), "1", True):
        with pytest.raises(ValueError, match="reach"):
            ismcts.options(reach=bad)
    assert parse_spec("ismcts:50:reach=1")[2] == {"reach": 1.0}
    s, _ = _warlord_next_to_a_sawmill(5, 90)
    assert s[LEGAL_N] > 1
    f = int(s[DECIDER])
    name = FACTION_NAMES[f]
    _, n0, v0 = _choose(s, f, 3, ismcts.faction_options(name, iterations=60))
    _, nz, vz = _choose(s, f, 3, ismcts.faction_options(name, iterations=60, reach=0.0))
    _, n1, v1 = _choose(s, f, 3, ismcts.faction_options(name, iterations=60, reach=1.0))
    assert np.array_equal(n0, nz) and np.array_equal(v0, vz)  # reach=0 is the default's search, value for value
    assert not np.array_equal(v0, v1)


def _contested(s, w, pace=2.0):
    reward = np.zeros(NF)
    table_rewards(s, reward, 20.0, pace, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, w)
    return reward


def test_the_contest_option_rewards_a_seat_with_its_chance_less_the_best_other_seats():
    """``contest``: each seat's reward is its chance p less `contest` times the best other seat's chance m, rescaled
    to [0, 1]: (p - w m + w) / (1 + w); 0 leaves the table leaf's chances as they were; a Vagabond in a coalition
    keeps his partner's reward and is not another seat in the race."""
    s = _midgame(TABLES[5], 5, 120).state.copy()
    p = _leaf(s)
    assert np.array_equal(_contested(s, 0.0), p)
    seats = _seated(s)
    for w in (0.5, 1.0, 3.0):
        r = _contested(s, w)
        for g in seats:
            m = max(p[h] for h in seats if h != g)
            assert r[g] == pytest.approx((p[g] - w * m + w) / (1.0 + w))
            assert 0.0 <= r[g] <= 1.0
    # The leader's reward rises with its lead; a seat behind gains as much from the leader's loss as from its own gain.
    r = _contested(s, 1.0)
    lead = max(seats, key=lambda g: p[g])
    assert r[lead] >= 0.5 and all(r[g] <= 0.5 for g in seats if g != lead)
    s2 = _midgame(BASE4, 4, 120).state.copy()
    s2[VB_COALITION + 0] = EYRIE
    p2, r2 = _leaf(s2), _contested(s2, 1.0)
    race = [h for h in _seated(s2) if h != VAGABOND]
    assert r2[VAGABOND] == r2[EYRIE]
    for g in race:
        assert r2[g] == pytest.approx((p2[g] - max(p2[h] for h in race if h != g) + 1.0) / 2.0)


def test_the_contest_option_is_checked_and_changes_the_search_only_when_set():
    assert ismcts.options(contest=1.0)[ismcts.O_CONTEST] == 1.0
    assert ismcts.describe(ismcts.options())["contest"] == 0.0
    assert ismcts.describe(ismcts.options(contest=0.5))["contest"] == 0.5
    for bad in (-1.0, float("inf"), "1", True):
        with pytest.raises(ValueError, match="contest"):
            ismcts.options(contest=bad)
    for other in ({"leaf": "heuristic"}, {"idle": 1.0}, {"retinue": 2.0}):
        with pytest.raises(ValueError, match="contest"):
            ismcts.options(contest=1.0, **other)
    assert parse_spec("ismcts:50:contest=1")[2] == {"contest": 1.0}
    g = _midgame(TABLES[5], 5, 90)
    f = int(g.state[DECIDER])
    name = FACTION_NAMES[f]
    _, n0, v0 = _choose(g.state, f, 3, ismcts.faction_options(name, iterations=60))
    _, nz, vz = _choose(g.state, f, 3, ismcts.faction_options(name, iterations=60, contest=0.0))
    _, n1, v1 = _choose(g.state, f, 3, ismcts.faction_options(name, iterations=60, contest=1.0))
    assert np.array_equal(n0, nz) and np.array_equal(v0, vz)  # contest=0 is the default's search, value for value
    assert not np.array_equal(v0, v1)


def _expose_guess_state():
    """A state of the Corvids' table where another seat is to guess a face-down plot's type (Law 13.2.4)."""
    for seed in range(400):
        g = Game.new(TABLES[4], seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if g.is_over:
                break
            if int(g.state[DECISION]) == D_CV_EXPOSE_GUESS:
                return g.state.copy()
            g.apply(int(rng.choice(g.legal_actions())))
    raise AssertionError("no Exposure guess reached")


def test_law_13_2_4_shroud_resolves_the_opponents_exposure_guesses_from_what_they_know():
    """``shroud``: in the Corvids' search (whose determinizations keep the true plot types) an opponent's Exposure guess
    is made against types dealt from what the guesser knows, so it no longer finds the true type every time; for any
    other searcher the option changes nothing (its determinizations already deal the types)."""
    s = _expose_guess_state()
    guesser = int(s[DECIDER])
    assert guesser != CORVIDS
    plain = ismcts.options(iterations=120, prior=0.0)
    shrouded = ismcts.options(iterations=120, prior=0.0, shroud=1)
    assert ismcts.describe(shrouded)["shroud"] == 1.0 and ismcts.describe(plain)["shroud"] == 0.0
    # The Corvids' search from this position (the guesser's decision at the root): without the option every
    # determinization holds the true type, so the guesser's search finds it; with it the tree differs.
    _, n0, v0 = _choose(s, CORVIDS, 5, plain)
    _, n1, v1 = _choose(s, CORVIDS, 5, shrouded)
    assert not (np.array_equal(n0, n1) and np.array_equal(v0, v1))
    # Another searcher (the guesser itself): the same tree with and without it.
    _, m0, w0 = _choose(s, guesser, 5, plain)
    _, m1, w1 = _choose(s, guesser, 5, shrouded)
    assert np.array_equal(m0, m1) and np.array_equal(w0, w1)
    for bad in ("yes", 2, 0.5, -1, True):
        with pytest.raises(ValueError, match="shroud"):
            ismcts.options(shroud=bad)
    assert parse_spec("ismcts:50:shroud=1")[2] == {"shroud": 1.0}


# ------------------------------------------------------------- heuristic v2's rollouts (option ``rollout="v2"``)
def test_the_v2_rollout_option_is_checked_and_reaches_the_search():
    """``rollout="v2"``: each rollout decision is heuristic v2's choice for the seat that decides; a named, checked
    option (a bad rollout name raises naming the keyword) that changes the search's values."""
    o = ismcts.options(rollout="v2", depth=2)
    assert o[ismcts.O_ROLLOUT] == ismcts.ROLLOUT_V2 and ismcts.describe(o)["rollout"] == "v2"
    assert parse_spec("ismcts:50:rollout=v2,depth=2")[2] == {"rollout": "v2", "depth": 2}
    for bad in ("V2", "heuristic", 2, None):
        with pytest.raises(ValueError, match="rollout"):
            ismcts.options(rollout=bad)
    g = _midgame(TABLES[3], 4, 90)
    f = int(g.state[DECIDER])
    _, n0, v0 = _choose(g.state, f, 3, ismcts.faction_options(g.current_player, iterations=30, depth=2))
    _, n1, v1 = _choose(g.state, f, 3, ismcts.faction_options(g.current_player, iterations=30, depth=2,
                                                               rollout="v2"))
    assert not (np.array_equal(n0, n1) and np.array_equal(v0, v1))


def test_a_v2_rollout_of_one_decision_plays_heuristic_v2s_choice():
    """With ``depth=1`` and one iteration the leaf is the state after the root's new child and then heuristic v2's
    choice for the next decision (forced or not) (``agents.heuristic.choose``, the decider's view): the search's value of that child is
    the table leaf of that state, found by replaying the same generator draws outside the search."""
    from agents.heuristic import choose, next_rand
    from root_env.engine.core import apply
    g = _midgame(TABLES[4], 6, 70)
    s0 = g.state
    f = int(s0[DECIDER])
    opts = ismcts.options(iterations=1, rollout="v2", depth=1, pw_c=0.0)
    a, nodes, value = _choose(s0, f, 9, opts)
    # Replay: determinize, expand one random untried child, skip forced decisions, one v2 decision, the leaf.
    r = seed_rand(9)
    s = np.zeros(STATE_SIZE, np.int64)
    r = determinize(s0, s, f, r)
    while s[LEGAL_N] == 1:
        apply(s, s[LEGAL])
    n = int(s[LEGAL_N])
    r = next_rand(r)
    child = int(s[LEGAL + ((r * n) >> 32)])
    assert nodes[1, ismcts.N_ACTION] == child
    apply(s, child)
    assert s[GAME_OVER] == 0
    b, r = choose(s, int(s[DECIDER]), r, np.zeros((2, STATE_SIZE), np.int64))
    apply(s, b)
    reward = np.zeros(NF)
    o = ismcts.describe(opts)
    table_rewards(s, reward, o["scale"], o["pace"])
    assert value[1] == pytest.approx(reward[f])


# ------------------------------------------------------------- cards in hand (option ``hand``)
def _exert_decision():
    """A game at the Corvids' table where the Corvids choose whether to exert (Law 13.6.1) holding under five cards."""
    for seed in range(300):
        g = Game.new(TABLES[4], seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(600):
            if g.is_over:
                break
            if int(g.state[DECISION]) == D_CV_EXERT and g.state[HAND_N + CORVIDS] < 4:
                return g
            g.apply(int(rng.choice(g.legal_actions())))
    raise AssertionError("no Exert decision reached")


def test_law_13_6_1_the_hand_option_values_the_draw_an_exert_gives_up():
    """Exerting (Law 13.6.1) takes one more action instead of the Evening's draw (13.6.2: a card, plus one per face-up
    extortion). With ``hand`` the table leaf counts each card in a seat's hand (a public count) `hand` points more, so
    the draw's position gains `hand` points per card drawn over the exerted one; every other seat's value is unchanged
    but for its own hand."""
    g = _exert_decision()
    acts = [int(a) for a in g.legal_actions()]
    draw = [a for a in acts if "do not exert" in g.describe(a)]
    exert = [a for a in acts if "do not exert" not in g.describe(a)]
    assert len(draw) == 1 and exert
    after_draw, after_exert = g.copy(), g.copy()
    after_draw.apply(draw[0])
    after_exert.apply(exert[0])
    drawn = int(after_draw.state[HAND_N + CORVIDS] - after_exert.state[HAND_N + CORVIDS])
    assert drawn >= 1
    for s in (after_draw.state, after_exert.state):
        rul = np.empty(NC, np.int64)
        rulers(s, rul)
        for h in _seated(s):
            assert race_value(s, h, rul, 0.0, 1.0, 0.0, 0.0, 4.0) == pytest.approx(
                race_value(s, h, rul, 0.0) + 4.0 * s[HAND_N + h])

    def corvids(s, hand):
        rul = np.empty(NC, np.int64)
        rulers(s, rul)
        return race_value(s, CORVIDS, rul, 0.0, 1.0, 0.0, 0.0, hand)
    gap0 = corvids(after_draw.state, 0.0) - corvids(after_exert.state, 0.0)
    gap4 = corvids(after_draw.state, 4.0) - corvids(after_exert.state, 4.0)
    assert gap4 == pytest.approx(gap0 + 4.0 * drawn)


def _assert_leaf_option_checked_and_searched(key, field, default, on, g):
    """Option `key` (field `field` of the options array, default `default`): set, described, a bad value refused naming
    it, read from a spec, and the same search of `g`'s decision with it at `on` values the tree differently."""
    assert ismcts.options(**{key: on})[field] == on
    assert ismcts.describe(ismcts.options())[key] == default
    for bad in (-1.0, float("nan"), "3", True):
        with pytest.raises(ValueError, match=key):
            ismcts.options(**{key: bad})
    assert parse_spec(f"ismcts:50:{key}={on}")[2] == {key: on}
    f = int(g.state[DECIDER])
    _, n0, v0 = _choose(g.state, f, 3, ismcts.faction_options(g.current_player, iterations=40))
    _, n1, v1 = _choose(g.state, f, 3, ismcts.faction_options(g.current_player, iterations=40, **{key: on}))
    assert not np.array_equal(v0, v1)


def test_the_hand_option_is_checked_and_reaches_the_search():
    _assert_leaf_option_checked_and_searched("hand", ismcts.O_HAND, 0.0, 6.0, _exert_decision())


# ------------------------------------------------------------- the Riverfolk's cards (option ``wares``)
def _riverfolk_decision():
    """A mid-game state at the Riverfolk's table where the Riverfolk, holding cards, choose among several options."""
    for seed in range(200):
        g = _midgame(TABLES[3], 700 + seed, 40 + 7 * seed)
        if (not g.is_over and g.current_player == "riverfolk" and g.state[LEGAL_N] >= 2
                and g.state[HAND_N + RIVERFOLK] >= 1):
            return g
    raise AssertionError("no Riverfolk decision with cards in hand reached")


def test_law_11_2_7_the_wares_option_values_the_riverfolks_cards_alone():
    """The Riverfolk's hand is public (Law 11.2.3) and the stock of their Hand Card service (11.2.7.I). With ``wares``
    the table leaf counts each card in the Riverfolk's hand `wares` points more, and no other seat's cards: a card
    drawn (11.5.4: a fund committed) gains `wares` points, every other seat's value is unchanged."""
    s = _riverfolk_decision().state
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    for h in _seated(s):
        extra = 6.0 * s[HAND_N + h] if h == RIVERFOLK else 0.0
        assert race_value(s, h, rul, 0.0, 1.0, 5.0, 0.0, 0.0, 6.0) == pytest.approx(
            race_value(s, h, rul, 0.0, 1.0, 5.0) + extra)
    assert s[HAND_N + RIVERFOLK] >= 1
    drawn = s.copy()
    drawn[HAND_N + RIVERFOLK] += 1
    gap0 = race_value(drawn, RIVERFOLK, rul, 0.0, 1.0, 5.0) - race_value(s, RIVERFOLK, rul, 0.0, 1.0, 5.0)
    gap6 = (race_value(drawn, RIVERFOLK, rul, 0.0, 1.0, 5.0, 0.0, 0.0, 6.0)
            - race_value(s, RIVERFOLK, rul, 0.0, 1.0, 5.0, 0.0, 0.0, 6.0))
    assert gap6 == pytest.approx(gap0 + 6.0)


def test_the_wares_option_is_checked_and_reaches_the_search():
    _assert_leaf_option_checked_and_searched("wares", ismcts.O_WARES, 0.0, 6.0, _riverfolk_decision())


def test_law_11_2_6_the_paid_option_weighs_the_riverfolks_boxes_against_the_other_seats():
    """Warriors in the Riverfolk's boxes (funds, payments, committed: what other seats paid, Law 11.2.6.I) count against
    every other seat heuristic v2's ``P_RF_PAID`` each; with ``paid`` the table leaf weighs them `paid` times that, and
    the Riverfolk's own value is unchanged."""
    s = _riverfolk_decision().state
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    held = int(s[RF_FUNDS: RF_FUNDS + NF].sum() + s[RF_PAYMENTS: RF_PAYMENTS + NF].sum()
               + s[RF_COMMITTED: RF_COMMITTED + NF].sum())
    assert held >= 1
    for h in _seated(s):
        lose = 0.0 if h == RIVERFOLK else PARAMS[2, h, P_RF_PAID] * held
        for paid in (0.0, 0.5, 2.0):
            assert race_value(s, h, rul, 0.0, 1.0, 5.0, 0.0, 0.0, 0.0, paid) == pytest.approx(
                race_value(s, h, rul, 0.0, 1.0, 5.0) + (1.0 - paid) * lose)


def test_the_paid_option_is_checked_and_reaches_the_search():
    _assert_leaf_option_checked_and_searched("paid", ismcts.O_PAID, 1.0, 0.25, _riverfolk_decision())


# ------------------------------------------------------------- the Keepers' rollouts (option ``recover``)
def test_the_recover_option_is_checked_and_searches_full_keepers_games():
    """``recover`` (a Keepers' Move or Recover in a base rollout recovers when it can, Law 15.5.2.III): set,
    described, a bad value refused naming it, read from a spec; with it every seat searches a Keepers table's game
    to its end through the Game API (which refuses an illegal action)."""
    assert ismcts.options(recover=1.0)[ismcts.O_RECOVER] == 1.0
    assert ismcts.describe(ismcts.options())["recover"] == 0.0
    for bad in (-1.0, float("nan"), "3", True):
        with pytest.raises(ValueError, match="recover"):
            ismcts.options(recover=bad)
    assert parse_spec("ismcts:50:recover=1.0")[2] == {"recover": 1.0}
    seats = ("marquise", "eyrie", "alliance", "keepers")
    g = Game.new(seats, seed=11)
    agents = {f: ISMCTSAgent(f, iterations=6, seed=i, recover=1.0) for i, f in enumerate(seats)}
    while not g.is_over:
        g.apply(agents[g.current_player].act(g))
    assert g.is_over


# ------------------------------------------------------------- the Keepers' idle Retinue cards (option ``idle``)
def test_the_idle_charge_lowers_the_keepers_share_and_keeps_the_rewards_a_distribution():
    """``keepers_shift``: the Keepers' race value lowered by `points` in the table leaf's softmax: their share p becomes
    p e / (p e + 1 - p), e = exp(-points / scale), every other seat's q becomes q / (p e + 1 - p); the sum stays 1."""
    g = Game.new(("marquise", "eyrie", "alliance", "keepers"), seed=5)
    reward = np.zeros(NF)
    table_rewards(g.state, reward, 20.0, 2.0)
    before = reward.copy()
    ismcts.keepers_shift(g.state, reward, 16.0, 20.0)
    p, e = before[KEEPERS], math.exp(-16.0 / 20.0)
    assert reward[KEEPERS] == pytest.approx(p * e / (p * e + 1 - p))
    assert reward[KEEPERS] < before[KEEPERS]
    for f in (MARQUISE, EYRIE, ALLIANCE):
        assert reward[f] == pytest.approx(before[f] / (p * e + 1 - p)) and reward[f] > before[f]
    assert reward.sum() == pytest.approx(1.0)


def test_law_15_5_2_the_idle_option_is_checked_and_charges_ending_a_retinue_column_in_the_tree():
    """``idle`` (ending a Retinue column whose cards could still act, Law 15.5.2, charged in the tree as heuristic v2
    charges it): set, described, a bad value refused naming it, read from a spec; at a Keepers' Retinue decision with
    a card that could act the same search values the tree differently with it."""
    from test_keepers_agents import _move_or_recover_scenario
    from agents.table import keepers_idle
    g = _move_or_recover_scenario()
    assert g.decision == "retinue: which card" and keepers_idle(g.state) >= 1
    _assert_leaf_option_checked_and_searched("idle", ismcts.O_IDLE, 0.0, 1.0, g)


# ------------------------------------------------------------- the Keepers' Retinue in the leaf (option ``retinue``)
def test_law_15_5_2_the_retinue_option_counts_the_keepers_retinue_cards_while_the_race_lasts():
    """``keepers_leaf_points``: `per_card` points per card in the Keepers' Retinue (a Retinue card acts every Daylight,
    Law 15.5.2; Faithful Retainers aside), times (30 - the leading seat's VP) / 30; the option is set, described, a bad
    value refused naming it, read from a spec, and changes the values of the same search at a Keepers' decision."""
    from test_keepers_agents import _move_or_recover_scenario
    g = _move_or_recover_scenario()
    s = g.state.copy()
    cards = int(np.sum((s[CARD_LOC:CARD_LOC + NCARD] >= LOC_RETINUE) & (s[CARD_LOC:CARD_LOC + NCARD] < LOC_RETINUE + 3)))
    assert cards == 1
    top = max(int(s[VP + int(s[SEAT_FACTION + q])]) for q in range(int(s[NSEATS])))
    assert ismcts.keepers_leaf_points(s, 10.0) == pytest.approx(10.0 * cards * (30 - top) / 30)
    s[VP + MARQUISE] = 30
    assert ismcts.keepers_leaf_points(s, 10.0) == 0.0  # the race is over: nothing left to act for
    assert ismcts.keepers_leaf_points(g.state, 0.0) == 0.0
    _assert_leaf_option_checked_and_searched("retinue", ismcts.O_RETINUE, 0.0, 10.0, g)


# ------------------------------------------------------------- contesting the leader (options ``threat``, ``leader``)
def _leader_decision():
    """A mid-game decision at the Hundreds' table with one opponent of the decider at 14 VP (a copy: only the VP
    track changed), so that heuristic v2's threat weights (``agents.table.threats``) count."""
    for seed in range(40):
        g = _midgame(TABLES[5], 5 + seed, 60 + seed)
        if not g.is_over and g.state[LEGAL_N] >= 3:
            break
    s = g.state.copy()
    assert s[LEGAL_N] >= 3 and s[GAME_OVER] == 0
    f = int(s[DECIDER])
    other = next(int(s[SEAT_FACTION + q]) for q in range(int(s[NSEATS])) if int(s[SEAT_FACTION + q]) != f)
    s[VP + other] = 14
    return s, f


def test_the_threat_and_leader_options_set_the_rows_of_the_v2_rollouts_and_the_prior_alone():
    """``threat`` scales, ``leader`` adds to, heuristic v2's threat weights (P_W_THREAT, P_W_LEADER) in the rows the
    search's v2 rollout and prior decide with (``ismcts.rollout_rows``): checked and parsed; at their defaults the rows
    are heuristic v2's (so the defaults' games are unchanged); with the v2 rollout they change the search's values; with
    the base rollout and no prior they change nothing."""
    from agents.table import P_W_THREAT, P_W_LEADER
    assert ismcts.describe(ismcts.options())["threat"] == 1.0 and ismcts.describe(ismcts.options())["leader"] == 0.0
    o = ismcts.options(threat=3.0, leader=0.5)
    assert o[ismcts.O_THREAT] == 3.0 and o[ismcts.O_LEADER] == 0.5
    assert parse_spec("ismcts:50:threat=3,leader=0.5")[2] == {"threat": 3.0, "leader": 0.5}
    for key in ("threat", "leader"):
        for bad in (-1.0, float("nan"), "3", True):
            with pytest.raises(ValueError, match=key):
                ismcts.options(**{key: bad})
    assert np.array_equal(ismcts.rollout_rows(ismcts.options()), PARAMS[2])
    rows = ismcts.rollout_rows(o)
    assert np.array_equal(rows[:, P_W_THREAT], 3.0 * PARAMS[2, :, P_W_THREAT])
    assert np.array_equal(rows[:, P_W_LEADER], PARAMS[2, :, P_W_LEADER] + 0.5)
    rest = [k for k in range(PARAMS.shape[2]) if k not in (P_W_THREAT, P_W_LEADER)]
    assert np.array_equal(rows[:, rest], PARAMS[2][:, rest])
    s, f = _leader_decision()
    v2 = dict(iterations=30, rollout="v2", depth=2, prior=0.0)
    _, n0, v0 = _choose(s, f, 3, ismcts.options(**v2))
    _, n1, v1 = _choose(s, f, 3, ismcts.options(**v2, threat=4.0))
    _, n2, v2_ = _choose(s, f, 3, ismcts.options(**v2, leader=1.0))
    assert not np.array_equal(v0, v1) and not np.array_equal(v0, v2_)
    base = dict(iterations=30, depth=4, prior=0.0)
    _, m0, w0 = _choose(s, f, 3, ismcts.options(**base))
    _, m1, w1 = _choose(s, f, 3, ismcts.options(**base, threat=4.0, leader=1.0))
    assert np.array_equal(m0, m1) and np.array_equal(w0, w1)


def test_the_prior_is_heuristic_v2s_choice_with_the_threat_weights_the_options_set():
    """With ``prior`` the root's first child is heuristic v2's choice (``agents.heuristic.choose``) at the defaults,
    and the choice made with ``rollout_rows``' row under ``threat``/``leader``."""
    from agents.heuristic import choose, choose_params
    s, f = _leader_decision()
    work = np.zeros((2, STATE_SIZE), np.int64)
    assert ismcts.heuristic_first(s, f, seed_rand(4), ismcts.options(prior=40.0)) == choose(s, f, seed_rand(4), work)
    o = ismcts.options(prior=40.0, threat=4.0, leader=1.0)
    assert ismcts.heuristic_first(s, f, seed_rand(4), o) == choose_params(s, f, seed_rand(4), work,
                                                                          ismcts.rollout_rows(o)[f])
    assert ismcts.heuristic_first(s, f, seed_rand(4), ismcts.options(threat=4.0))[0] == -1  # no prior: no choice


# ------------------------------------------------------------- where the prior counts (option ``pkind``)
def test_law_15_5_2_the_pkind_option_puts_the_prior_at_the_keepers_retinue_decision_alone_or_everywhere_else():
    """``pkind`` (where heuristic v2's prior counts): set, described, a bad value refused naming it, read from a spec;
    ``prior_here`` is the prior at every decision with 0 (the default, so the defaults' searches are unchanged), only at
    the Keepers' Retinue decision (which card acts or the column ends, Law 15.5.2) with 1, everywhere but there with 2;
    the search of a decision where the prior does not count is the search without a prior, node for node, and where it
    counts the search with it."""
    from test_keepers_agents import _move_or_recover_scenario
    from root_env import codes as K
    assert ismcts.describe(ismcts.options())["pkind"] == 0
    assert ismcts.options(pkind=2)[ismcts.O_PKIND] == 2
    for bad in (-1, 3, 0.5, float("nan"), "1", True):
        with pytest.raises(ValueError, match="pkind"):
            ismcts.options(pkind=bad)
    assert parse_spec("ismcts:50:pkind=1")[2] == {"pkind": 1}
    retinue = _move_or_recover_scenario()
    assert retinue.decision == "retinue: which card"
    other = _move_or_recover_scenario()
    other.apply(next(int(a) for a in other.legal_actions() if int(a) != K.A_DONE))
    assert other.decision == "move or recover" and other.current_player == "keepers" and other.state[LEGAL_N] >= 2
    for g, here in ((retinue, (100.0, 100.0, 0.0)), (other, (100.0, 0.0, 100.0))):
        for k in range(3):
            assert ismcts.prior_here(g.state, ismcts.options(prior=100.0, pkind=k)) == here[k]
    f = KEEPERS
    kw = dict(iterations=40, recover=1.0, idle=1.0)
    for g, searched_alone_with in ((retinue, 2), (other, 1)):
        _, n0, v0 = _choose(g.state, f, 3, ismcts.options(prior=0.0, **kw))
        _, nk, vk = _choose(g.state, f, 3, ismcts.options(prior=100.0, pkind=searched_alone_with, **kw))
        assert np.array_equal(n0, nk) and np.array_equal(v0, vk)
        _, np_, vp = _choose(g.state, f, 3, ismcts.options(prior=100.0, **kw))
        _, nq, vq = _choose(g.state, f, 3, ismcts.options(prior=100.0, pkind=3 - searched_alone_with, **kw))
        assert np.array_equal(np_, nq) and np.array_equal(vp, vq)
        assert not np.array_equal(n0, np_) or not np.array_equal(v0, vp)  # the prior's first child changes the tree


def test_the_pupto_option_lets_the_prior_count_only_up_to_a_budget():
    """``pupto`` (the prior counts only when the search's iterations are at most `pupto`; 0, the default: at any
    budget): set, described, a bad value refused naming it, read from a spec; above it the search of a decision is the
    search without a prior node for node, at or below it the search with the prior."""
    from test_keepers_agents import _move_or_recover_scenario
    assert ismcts.describe(ismcts.options())["pupto"] == 0
    assert ismcts.options(pupto=200)[ismcts.O_PUPTO] == 200
    for bad in (-1, 0.5, float("nan"), "1", True):
        with pytest.raises(ValueError, match="pupto"):
            ismcts.options(pupto=bad)
    assert parse_spec("ismcts:50:pupto=200")[2] == {"pupto": 200}
    g = _move_or_recover_scenario()
    for iters, counts in ((40, True), (60, True), (61, False)):
        o = ismcts.options(iterations=iters, prior=100.0, pupto=60)
        assert ismcts.prior_here(g.state, o) == (100.0 if counts else 0.0)
    assert ismcts.prior_here(g.state, ismcts.options(iterations=4000, prior=100.0)) == 100.0
    kw = dict(iterations=40, recover=1.0, idle=1.0)
    _, n0, v0 = _choose(g.state, KEEPERS, 3, ismcts.options(prior=0.0, **kw))
    _, n1, v1 = _choose(g.state, KEEPERS, 3, ismcts.options(prior=100.0, pupto=39, **kw))
    assert np.array_equal(n0, n1) and np.array_equal(v0, v1)
    _, n2, v2 = _choose(g.state, KEEPERS, 3, ismcts.options(prior=100.0, **kw))
    a3, n3, v3 = _choose(g.state, KEEPERS, 3, ismcts.options(prior=100.0, pupto=40, **kw))
    assert np.array_equal(n2, n3) and np.array_equal(v2, v3)
    assert not np.array_equal(n0, n2) or not np.array_equal(v0, v2)
    # a prior of at least the iterations: the choice is heuristic v2's (its child gets every visit the others do not)
    o = ismcts.options(prior=100.0, pupto=40, **kw)
    assert a3 == int(ismcts.heuristic_first(g.state, KEEPERS, seed_rand(3), o)[0])

"""Information-set MCTS (issue 20, section 1): it decides only from what its player may know, plays legal
actions, is seeded, runs whole games in the arena, and runs without the JIT."""
from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from agents import ISMCTSAgent
from agents import ismcts
from agents.arena import play_games, parse_kind, KIND_ISMCTS
from agents.heuristic import determinize, seed_rand, evaluate
from agents.ismcts_leaf import vagabond_score, quests_in_reach, QUEST_IN_REACH
from agents.ismcts_agent import TIME_CHUNK
from agents.policies import resolve
from root_env import Game
from root_env.data import (FACTION_NAMES, NCARD, NF, NITEM, NQUEST, VAGABOND, QUEST_ITEMS, IS_READY, IS_EXHAUSTED,
                           IS_DAMAGED_READY)
from root_env.layout import (STATE_SIZE, CARD_LOC, CARD_KNOWN, LOC_DECK, LOC_SUPPORTERS, DECK, DECK_N, QUEST_DECK,
                             QUEST_DECK_N, LEGAL, LEGAL_N, FACTION_SEAT, VB_PAWN, VB_ITEMS, VB_COALITION, QUEST_LOC,
                             QL_VISIBLE, NSEATS, SEAT_FACTION)

from test_heuristic_agents import BASE4, _midgame, _swap_hidden

ITERS = 40


def _swap_face_down(state, viewer):
    """Beyond ``_swap_hidden`` (another hand, the deck, ruin items): trade an unseen supporter with a
    deck card and reverse the quest deck. Returns whether anything changed."""
    changed = _swap_hidden(state, viewer)
    loc = state[CARD_LOC:CARD_LOC + NCARD]
    sup = [c for c in range(NCARD) if loc[c] == LOC_SUPPORTERS and not (state[CARD_KNOWN + c] >> viewer) & 1]
    deck = [int(state[DECK + k]) for k in range(int(state[DECK_N]))]
    if sup and deck:
        c, d = sup[0], deck[-1]
        state[CARD_LOC + c], state[CARD_LOC + d] = LOC_DECK, LOC_SUPPORTERS
        state[CARD_KNOWN + c], state[CARD_KNOWN + d] = state[CARD_KNOWN + d], state[CARD_KNOWN + c]
        state[DECK + len(deck) - 1] = c
        changed = True
    n = int(state[QUEST_DECK_N])
    if n >= 2:
        state[QUEST_DECK:QUEST_DECK + n] = state[QUEST_DECK:QUEST_DECK + n][::-1].copy()
        changed = True
    return changed


def _choose(state, f, seed, iters=ITERS):
    nodes, value, mark, path = ismcts.new_tree(iters)
    work = np.zeros((1, STATE_SIZE), np.int64)
    a, _ = ismcts.choose(state, f, seed_rand(seed), ismcts.options(iterations=iters, leaf="heuristic"), nodes, value,
                         mark, path, work)
    return int(a), nodes.copy(), value.copy()


def test_ismcts_decides_only_from_what_its_player_may_know():
    """Swapping what the decider cannot see (other hands, the deck order, unseen supporters, ruin items,
    the quest deck) changes neither its determinized view nor its choice, nor its whole search tree."""
    checked = 0
    for seed in range(10):
        g = _midgame(seed, 50 + 41 * seed)
        if g.is_over or g.state[LEGAL_N] < 2:
            continue
        f = FACTION_NAMES.index(g.current_player)
        s = g.state.copy()
        if not _swap_face_down(s, f):
            continue
        assert not np.array_equal(s, g.state)
        view1, view2 = np.zeros(STATE_SIZE, np.int64), np.zeros(STATE_SIZE, np.int64)
        determinize(g.state, view1, f, seed_rand(seed))
        determinize(s, view2, f, seed_rand(seed))
        assert np.array_equal(view1, view2), f"seed {seed}: the view depends on hidden things"
        a1, nodes1, value1 = _choose(g.state, f, seed)
        a2, nodes2, value2 = _choose(s, f, seed)
        assert a1 == a2
        assert np.array_equal(nodes1, nodes2) and np.array_equal(value1, value2)
        checked += 1
    assert checked >= 5


def played(g, agents, n):
    """The first `n` actions `agents` ({faction: agent with act(game)}) play from `g`, each checked legal."""
    out = []
    for _ in range(n):
        if g.is_over:
            break
        a = agents[g.current_player].act(g)
        assert a in g.legal_actions()
        out.append(a)
        g.apply(a)
    return out


def test_ismcts_plays_legal_actions_and_is_seeded():
    def moves(seed):
        return played(Game.new(BASE4, seed=5),
                      {f: ISMCTSAgent(f, iterations=12, seed=seed + i) for i, f in enumerate(BASE4)}, 80)
    a, b = moves(1), moves(1)
    assert a == b and len(a) == 80
    assert moves(2) != a


def test_search_tree_respects_budget_and_counts():
    g = _midgame(3, 120)
    f = FACTION_NAMES.index(g.current_player)
    _, nodes, value = _choose(g.state, f, 3, iters=60)
    assert nodes[0, ismcts.N_VISITS] == 60
    legal = set(g.state[LEGAL:LEGAL + g.state[LEGAL_N]].tolist())
    ch = nodes[0, ismcts.N_FIRST] - 1
    total = 0
    while ch >= 0:
        assert nodes[ch, ismcts.N_ACTION] in legal
        assert nodes[ch, ismcts.N_AVAIL] >= nodes[ch, ismcts.N_VISITS]
        assert 0.0 <= value[ch] <= nodes[ch, ismcts.N_VISITS]
        total += nodes[ch, ismcts.N_VISITS]
        ch = nodes[ch, ismcts.N_NEXT] - 1
    assert total == 60


def test_ismcts_arena_games_run_and_are_seeded():
    agents = {"marquise": "ismcts:8", "eyrie": "heuristic", "alliance": "random", "vagabond": "ismcts:4"}
    a = play_games(2, BASE4, agents, seed=21, threads=1)
    b = play_games(2, BASE4, agents, seed=21, threads=2)
    for k in ("winners", "vp", "turns", "decisions"):
        assert np.array_equal(a[k], b[k]), k
    assert not a["truncated"].any() and (a["winners"] != 0).all()


def test_ismcts_kind_specs():
    assert parse_kind("ismcts:200") == (KIND_ISMCTS, 200)
    assert parse_kind("ismcts")[0] == KIND_ISMCTS
    assert resolve("ismcts:50") == "ismcts:50"
    for bad in ("ismcts:0", "ismcts:x", "ismcts:", "ismcts:-3", "ismcts:2.5"):  # more: tests/test_ismcts_table.py
        with pytest.raises(ValueError, match="ismcts:N"):
            parse_kind(bad)
        with pytest.raises(ValueError, match="ismcts:N"):
            resolve(bad)
    with pytest.raises(ValueError, match="agents must give"):
        play_games(1, BASE4, {"marquise": "ismcts:0", "eyrie": "random", "alliance": "random",
                              "vagabond": "random"})
    for kw in ({"iterations": 0}, {"rollout": "clever"}, {"depth": -1}, {"c": float("nan")}, {"scale": 0.0},
               {"leaf": "clever"}):
        with pytest.raises(ValueError):
            ismcts.options(**kw)
    with pytest.raises(ValueError, match="decision"):
        ISMCTSAgent("eyrie").act(Game.new(BASE4, seed=1))  # the Marquise sets up first
    with pytest.raises(ValueError, match="seconds"):
        ISMCTSAgent("eyrie", seconds=0)


def test_ismcts_time_budget_stops_between_one_chunk_and_the_cap():
    g = _midgame(4, 90)
    agent = ISMCTSAgent(g.current_player, iterations=100_000, seconds=0.05, seed=1)
    assert agent.act(g) in g.legal_actions()
    assert TIME_CHUNK <= agent.last_iterations < 100_000


def test_ismcts_runs_without_the_jit():
    code = textwrap.dedent("""
        from agents import ISMCTSAgent
        from root_env import Game
        g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=2)
        agents = {f: ISMCTSAgent(f, iterations=3, depth=2, seed=1) for f in g.factions}
        for _ in range(6):
            a = agents[g.current_player].act(g)
            assert a in g.legal_actions()
            g.apply(a)
        print("ok")
    """)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().endswith("ok")


# ------------------------------------------------------------- per-faction options, the Vagabond's leaf
def _vagabond_midgame():
    """A mid-game state with the Vagabond seated and set up, not over."""
    for seed in range(20):
        g = _midgame(seed, 90)
        s = g.state
        if not g.is_over and s[FACTION_SEAT + VAGABOND] >= 0 and s[VB_PAWN] >= 0:
            return g
    raise AssertionError("no mid-game state with the Vagabond")


def test_faction_options_are_the_options_with_the_factions_defaults():
    for f in FACTION_NAMES:
        expect = ismcts.options(**ismcts.FACTION_DEFAULTS.get(f, {}))
        assert np.array_equal(ismcts.faction_options(f), expect), f
    # Keywords override the faction's defaults; the agent searches with them.
    assert ismcts.describe(ismcts.faction_options("vagabond", depth=9, iterations=7))["depth"] == 9
    agent = ISMCTSAgent("vagabond", iterations=30)
    assert np.array_equal(agent.opts, ismcts.faction_options("vagabond", iterations=30))
    assert ISMCTSAgent("vagabond", leaf="heuristic").opts[ismcts.O_LEAF] == ismcts.LEAF_HEURISTIC
    assert ismcts.describe(ismcts.options(leaf="vagabond"))["leaf"] == "vagabond"
    with pytest.raises(ValueError, match="leaf"):
        ismcts.options(leaf="clever")
    with pytest.raises(ValueError, match="unknown faction"):
        ismcts.faction_options("badgers")


def test_vagabond_score_counts_the_quests_whose_items_he_holds():
    g = _vagabond_midgame()
    s = g.state.copy()
    visible = [q for q in range(NQUEST) if s[QUEST_LOC + q] == QL_VISIBLE]
    assert visible
    s[VB_ITEMS:VB_ITEMS + 4 * NITEM] = 0
    assert quests_in_reach(s, VAGABOND) == 0
    assert vagabond_score(s, VAGABOND) == pytest.approx(evaluate(s, VAGABOND))
    q = visible[0]
    a, b = QUEST_ITEMS[q]
    s[VB_ITEMS + a * 4 + IS_READY] += 1
    s[VB_ITEMS + b * 4 + IS_EXHAUSTED] += 1  # exhausted items are his at the next Birdsong
    held = lambda i: s[VB_ITEMS + i * 4 + IS_READY] + s[VB_ITEMS + i * 4 + IS_EXHAUSTED]
    expect = sum(1 for p in visible
                 if (held(QUEST_ITEMS[p, 0]) >= 2 if QUEST_ITEMS[p, 0] == QUEST_ITEMS[p, 1]
                     else held(QUEST_ITEMS[p, 0]) >= 1 and held(QUEST_ITEMS[p, 1]) >= 1))
    assert quests_in_reach(s, VAGABOND) == expect >= 1
    assert vagabond_score(s, VAGABOND) == pytest.approx(evaluate(s, VAGABOND) + QUEST_IN_REACH * expect)
    # A damaged item does not count.
    s[VB_ITEMS + b * 4 + IS_EXHAUSTED] -= 1
    s[VB_ITEMS + b * 4 + IS_DAMAGED_READY] += 1
    assert quests_in_reach(s, VAGABOND) < expect


def test_a_coalition_vagabond_is_rewarded_with_his_partners_chances():
    g = _vagabond_midgame()
    s = g.state.copy()
    seated = [int(s[SEAT_FACTION + p]) for p in range(int(s[NSEATS]))]
    partner = next(h for h in seated if h != VAGABOND)
    s[VB_COALITION] = partner
    scale = ismcts.D_SCALE
    squash = lambda x: 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x / scale))))
    v = {h: (vagabond_score(s, VAGABOND) if h == VAGABOND else evaluate(s, h)) for h in seated}
    reward = np.zeros(NF)
    ismcts._rewards(s, reward, ismcts.options(leaf="vagabond", scale=scale))
    assert reward[VAGABOND] == pytest.approx(squash(v[partner] - max(v[h] for h in seated
                                                                    if h not in (partner, VAGABOND))))
    for h in seated:
        if h != VAGABOND:
            assert reward[h] == pytest.approx(squash(v[h] - max(v[k] for k in seated if k != h)))
    # The heuristic leaf scores his own position, as before.
    ismcts._rewards(s, reward, ismcts.options(leaf="heuristic"))
    own = evaluate(s, VAGABOND) - max(evaluate(s, h) for h in seated if h != VAGABOND)
    assert reward[VAGABOND] == pytest.approx(squash(own))


def test_arena_takes_ismcts_options_per_faction():
    agents = {"marquise": "heuristic", "eyrie": "heuristic", "alliance": "heuristic", "vagabond": "ismcts:4"}
    default = play_games(2, BASE4, agents, seed=31, threads=1)
    own = {k: v for k, v in ismcts.describe(ismcts.faction_options("vagabond")).items() if k != "iterations"}
    same = play_games(2, BASE4, agents, seed=31, threads=1, ismcts_options={"vagabond": own})
    other = play_games(2, BASE4, agents, seed=31, threads=1,
                       ismcts_options={"vagabond": {"leaf": "heuristic" if own["leaf"] != "heuristic" else "table",
                                                    "depth": 12 if own["depth"] != 12 else 4}})
    for k in ("winners", "vp", "decisions"):
        assert np.array_equal(default[k], same[k]), k
    assert not np.array_equal(default["decisions"], other["decisions"])
    for bad in ({"lizards": {}}, {"vagabond": {"leaf": "x"}}, {"vagabond": 3}, ["vagabond"]):
        with pytest.raises(ValueError):
            play_games(1, BASE4, agents, seed=1, ismcts_options=bad)

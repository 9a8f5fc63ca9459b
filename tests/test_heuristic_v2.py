"""The second heuristic (issue 34, section 1): it plays the table (``agents.table``), plays every faction type to the
end beside the first heuristic and the Clockwork bots, decides only from what its player can see, and both
versions are agent kinds wherever agents are named."""
from __future__ import annotations

import numpy as np
import pytest

from agents import HeuristicAgent
from agents.arena import play_games, parse_kind, KIND_HEURISTIC, KIND_HEURISTIC_V1, AGENT_KINDS
from agents.heuristic import choose, choose_v1, seed_rand, determinize, evaluate, base_policy, next_rand, LOOKAHEAD
from agents.heuristic import PARAMS
from agents.table import threats, evaluate as evaluate_table, P_W_BASE, P_W_THREAT

V2 = PARAMS[2, 1]  # the Eyrie's version-2 row with the default table weights
W_BASE, W_THREAT = V2[P_W_BASE], V2[P_W_THREAT]
from rules_helpers import random_play
from root_env import Game
from root_env.data import FACTION_NAMES, NF, NC, TT_PLOT, CORVIDS, MARQUISE, EYRIE, ALLIANCE, VAGABOND, FOX
from root_env.engine.core import apply
from root_env.engine.plots import plot_at
from root_env.layout import (GAME_OVER, STATE_SIZE, LEGAL, LEGAL_N, VP, DOMINANCE, WARRIORS, TOKENS, CV_FACE_UP,
                             VB_COALITION, CV_EXCLUDED)

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
# Every faction type, with heuristic and heuristic_v1 seats side by side and Clockwork bots beside them.
TABLES = (BASE4 + ("vagabond2",), ("lizards", "riverfolk", "corvids", "marquise"),
          ("bot:mechanical_marquise", "corvids", "vagabond", "riverfolk"),
          ("bot:electric_eyrie", "lizards", "alliance", "vagabond2", "vagabond"))


@pytest.mark.parametrize("seats", TABLES, ids=lambda t: "-".join(s.replace("bot:", "") for s in t))
def test_both_heuristics_play_every_faction_type_to_the_end(seats):
    players = [s for s in seats if not s.startswith("bot:")]
    for first in ("heuristic", "heuristic_v1"):
        second = "heuristic_v1" if first == "heuristic" else "heuristic"
        agents = {f: (first if i % 2 == 0 else second) for i, f in enumerate(players)}
        r = play_games(4, seats, agents, seed=90 + len(seats), threads=1)
        assert not r["truncated"].any(), (seats, agents)
        assert (r["winners"] != 0).all(), (seats, agents)


def test_agent_kinds_name_both_versions():
    assert "heuristic_v1" in AGENT_KINDS and "heuristic" in AGENT_KINDS
    assert parse_kind("heuristic") == (KIND_HEURISTIC, 0)
    assert parse_kind("heuristic_v1") == (KIND_HEURISTIC_V1, 0)
    with pytest.raises(ValueError, match="unknown agent kind"):
        parse_kind("heuristic_v3")
    with pytest.raises(ValueError, match="version"):
        HeuristicAgent("eyrie", version=3)


def test_heuristic_agent_versions_play_a_game():
    g = Game.new(BASE4, seed=5)
    agents = {f: HeuristicAgent(f, seed=i, version=1 + i % 2) for i, f in enumerate(BASE4)}
    while not g.is_over:
        g.apply(agents[g.current_player].act(g))
    assert g.winners or g.truncated


def _choose_first_heuristic(state, f, r, work):
    """The first heuristic's choice as it was written before the second (one determinization, each option
    followed by LOOKAHEAD base-policy decisions, scored by ``evaluate``, near-ties broken at random)."""
    n = state[LEGAL_N]
    if n == 1:
        return state[LEGAL], r
    base, trial = work[0], work[1]
    r = determinize(state, base, f, r)
    best, best_a = -1e18, state[LEGAL]
    for i in range(n):
        a = state[LEGAL + i]
        trial[:] = base
        apply(trial, a)
        for _ in range(LOOKAHEAD):
            if trial[GAME_OVER] != 0:
                break
            b, r = base_policy(trial, r)
            apply(trial, b)
        r = next_rand(r)
        v = evaluate(trial, f) + (r & 0xFFFF) * 1e-5
        if v > best:
            best, best_a = v, a
    return best_a, r


def test_heuristic_v1_is_the_first_heuristic_unchanged():
    """``heuristic_v1`` makes the first heuristic's choices and advances its generator the same way."""
    work = np.zeros((2, STATE_SIZE), np.int64)
    for seed in range(3):
        g = random_play(Game.new(BASE4 + ("corvids",), seed=seed), seed, 80 + 30 * seed)
        s = g.state
        r = int(seed_rand(seed))
        for _ in range(3):
            f = FACTION_NAMES.index(g.current_player)
            a1, r1 = choose_v1(s, f, r, work)
            a0, r0 = _choose_first_heuristic(s, f, r, work)
            assert (int(a1), int(r1)) == (int(a0), int(r0))
            r = r1
            g.apply(int(a1))
            s = g.state


def _midgame(factions, seed, n):
    return random_play(Game.new(factions, seed=seed), seed, n)


def _swap_face_down_plots(state):
    """Swap the types of two face-down plots of different types (what only the Corvids know). Returns whether
    anything changed."""
    down = [c for c in range(NC) if plot_at(state, c) >= 0 and state[CV_FACE_UP + c] == 0]
    for i in range(len(down)):
        for j in range(i + 1, len(down)):
            a, b = down[i], down[j]
            ta, tb = plot_at(state, a), plot_at(state, b)
            excl_ok = not (state[CV_EXCLUDED + a] >> tb) & 1 and not (state[CV_EXCLUDED + b] >> ta) & 1
            if ta != tb and excl_ok:
                state[TOKENS + (TT_PLOT + ta) * NC + a] = 0
                state[TOKENS + (TT_PLOT + tb) * NC + b] = 0
                state[TOKENS + (TT_PLOT + tb) * NC + a] = 1
                state[TOKENS + (TT_PLOT + ta) * NC + b] = 1
                return True
    return False


def _redealt(g):
    """(a copy of g's state with what its decider cannot see changed, the decider, whether anything changed, whether
    plot types did): another hand and the deck and unseen ruin items (``test_heuristic_agents._swap_hidden``), and for
    anyone but the Corvids two face-down plot types (``_swap_face_down_plots``)."""
    from test_heuristic_agents import _swap_hidden
    f = FACTION_NAMES.index(g.current_player)
    s = g.state.copy()
    cards = _swap_hidden(s, f)
    plots = f != CORVIDS and _swap_face_down_plots(s)
    return s, f, cards or plots, plots


def test_heuristic_v2_decides_only_from_what_its_player_sees():
    """Changing what the decider cannot see (another hand and the deck, ruin items, face-down plot types)
    changes neither its view nor its choice; tests/test_heuristic_agents.py's ``_swap_hidden`` changes the cards
    and ruins."""
    work = np.zeros((2, STATE_SIZE), np.int64)
    checked = plots = 0
    for seed in range(40):
        g = _midgame(BASE4 + ("corvids",), seed, 150 + 23 * seed)
        if g.is_over:
            continue
        s, f, changed, swapped_plots = _redealt(g)
        plots += swapped_plots
        if not changed:
            continue
        r = int(seed_rand(seed))
        v1, v2 = np.zeros(STATE_SIZE, np.int64), np.zeros(STATE_SIZE, np.int64)
        determinize(g.state, v1, f, r)
        determinize(s, v2, f, r)
        assert np.array_equal(v1, v2), f"seed {seed}: the view depends on hidden information"
        assert choose(g.state, f, r, work) == choose(s, f, r, work), seed
        checked += 1
    assert checked >= 12 and plots >= 3, (checked, plots)


def _weights(state, f):
    w = np.zeros(NF)
    threats(state, f, w, V2)
    return w


def test_threat_grows_with_vp_and_an_active_dominance_card():
    g = _midgame(BASE4, 3, 120)
    s = g.state.copy()
    s[VP + EYRIE], s[VP + ALLIANCE], s[VP + VAGABOND] = 2, 27, 8
    w = _weights(s, MARQUISE)
    assert w[MARQUISE] == 0.0
    assert w[ALLIANCE] > w[VAGABOND] > 0 and w[VAGABOND] >= w[EYRIE] >= W_BASE
    assert w[ALLIANCE] <= W_BASE + W_THREAT
    s[DOMINANCE + EYRIE] = 1 + FOX  # an activated fox dominance card: at least half the largest threat
    w2 = _weights(s, MARQUISE)
    assert w2[EYRIE] >= W_BASE + W_THREAT * 0.25 > w[EYRIE]


def test_a_vagabond_in_a_coalition_plays_for_his_partner():
    """Law 9.2.8: in a coalition he wins with his partner, so the partner weighs nothing against him, the partner's
    threat is not his, and his score is his partner's position."""
    g = _midgame(BASE4, 4, 120)
    s = g.state.copy()
    s[VB_COALITION + 0] = EYRIE
    w = _weights(s, VAGABOND)
    assert w[EYRIE] == 0.0 and w[MARQUISE] > 0
    assert _weights(s, MARQUISE)[VAGABOND] == 0.0
    before = evaluate_table(s, VAGABOND, w, V2)
    s[VP + EYRIE] += 3
    assert evaluate_table(s, VAGABOND, w, V2) > before + 25


def test_the_leaders_losses_count_more_than_the_last_players():
    """Taking a warrior from the player near 30 VP is worth more to the decider than taking one from the player
    far behind (everything else the same)."""
    def warrior_at(state, foe):
        return next((c for c in range(NC) if state[WARRIORS + foe * NC + c] > 0), None)
    s = next(st for st in (_midgame(BASE4, seed, 150).state.copy() for seed in range(6, 40))
             if warrior_at(st, ALLIANCE) is not None and warrior_at(st, EYRIE) is not None)
    s[VP + ALLIANCE], s[VP + EYRIE] = 26, 3
    w = _weights(s, MARQUISE)
    base = evaluate_table(s, MARQUISE, w, V2)
    gains = {}
    for foe in (ALLIANCE, EYRIE):
        t = s.copy()
        t[WARRIORS + foe * NC + warrior_at(t, foe)] -= 1
        gains[foe] = evaluate_table(t, MARQUISE, w, V2) - base
    assert gains[ALLIANCE] > gains[EYRIE] > 0


def test_trainer_league_and_single_agent_take_heuristic_v1():
    from agents.train.ppo import OPPONENT_KINDS, COMPILED_OPPONENTS
    from agents.single_agent import COMPILED
    assert "heuristic_v1" in OPPONENT_KINDS and COMPILED_OPPONENTS["heuristic_v1"] == KIND_HEURISTIC_V1
    assert COMPILED["heuristic_v1"] == KIND_HEURISTIC_V1


def test_stepper_plays_heuristic_v1_seats():
    from agents.train.stepper import Stepper, KIND_NET
    st = Stepper(2, np.array([0, 1], np.int64), 300, threads=1)
    st.reset(0, np.array([[KIND_NET, KIND_HEURISTIC_V1], [KIND_NET, KIND_HEURISTIC]]))
    for _ in range(200):
        st.step(np.array([int(np.flatnonzero(st.masks[g])[0]) for g in range(2)], np.int64))
    assert (st.seat == 0).all()


def test_policies_and_balance_take_both_versions():
    from agents.policies import resolve, play
    from root_env.balance.study import parse_agents
    assert resolve("heuristic_v1") == "heuristic_v1"
    assert parse_agents("marquise=heuristic,eyrie=heuristic_v1", ("marquise", "eyrie")) == \
        {"marquise": "heuristic", "eyrie": "heuristic_v1"}
    r = play(("marquise", "eyrie"), {"marquise": "heuristic", "eyrie": "heuristic_v1"}, 2, seed=3)
    assert len(r["winners"]) == 2


def test_ladder_takes_both_versions_as_rungs():
    from root_env.balance.ladder import parse_rungs
    assert parse_rungs("random,heuristic_v1,heuristic") == ["random", "heuristic_v1", "heuristic"]


def test_evaluate_compares_v2_with_v1():
    """agents.evaluate plays heuristic (v2) in each faction's seat against heuristic_v1 opponents."""
    from agents.evaluate import evaluate
    res = evaluate(["heuristic", "heuristic_v1"], ("marquise", "eyrie"), games=4, opponents="heuristic_v1", seed=2)
    assert {(r["agent"], r["faction"]) for r in res["rows"]} == {(a, f) for a in ("heuristic", "heuristic_v1")
                                                              for f in ("marquise", "eyrie")}
    assert all(r["games"] == 4 for r in res["rows"])


_NOJIT_GAME = """
from root_env import Game
from agents.heuristic_agent import HeuristicAgent
g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=5)
agents = {f: HeuristicAgent(f, seed=3, version=V) for f in g.factions}
out = []
for _ in range(60):
    a = agents[g.current_player].act(g)
    out.append(a)
    g.apply(a)
print(",".join(map(str, out)))
"""


@pytest.mark.parametrize("version", [1, 2])
def test_heuristic_plays_the_same_without_the_jit(version):
    """NUMBA_DISABLE_JIT=1 runs both heuristics (the functions compiled inline into ``choose_params`` included, which are
    wrapped from their Python functions) and they choose exactly what the compiled code chooses."""
    import os
    import subprocess
    import sys
    code = _NOJIT_GAME.replace("version=V", f"version={version}")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert out.returncode == 0, out.stderr[-3000:]
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=5)
    agents = {f: HeuristicAgent(f, seed=3, version=version) for f in g.factions}
    compiled = []
    for _ in range(60):
        a = agents[g.current_player].act(g)
        compiled.append(a)
        g.apply(a)
    assert out.stdout.strip() == ",".join(map(str, compiled))

"""Determinism and state hygiene: same seed, same game; copies and saved states are independent;
``to_dict`` agrees with the state; compiled and pure-Python engines agree; the parallel rollout
gives the same games as playing each seed alone."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from root_env import Game
from root_env.data import NC, NF, NBT, FACTION_NAMES, MARQUISE, EYRIE
from root_env.layout import (STATE_SIZE, TURN, VP, WARRIORS, BUILDINGS, RUINS, HAND_N, DECK_N, DECIDER, GAME_OVER,
                             WINNERS, DECISIONS, TRUNCATED, LEGAL, LEGAL_N)
from root_env.engine.core import make_state, new_game
from root_env.engine.playout import random_playout
from root_env.rollout import random_games

MQ_EY = np.array([MARQUISE, EYRIE], dtype=np.int64)
REPO = Path(__file__).resolve().parent.parent


def _play(g: Game, rng: np.random.Generator, n: int | None = None) -> list[int]:
    """Apply up to n random legal actions (to the end if n is None); returns the actions."""
    taken = []
    while not g.is_over and (n is None or len(taken) < n):
        a = int(rng.choice(g.legal_actions()))
        g.apply(a)
        taken.append(a)
    return taken


# ---------------------------------------------------------------- same seed, same game
@pytest.mark.parametrize("seed,factions", [(0, ("marquise", "eyrie")), (7, ("marquise", "eyrie")),
                                           (123456789, ("marquise", "eyrie")),
                                           (5, ("marquise", "eyrie", "alliance", "vagabond")),
                                           (6, ("vagabond", "alliance", "eyrie"))])
def test_same_seed_gives_byte_identical_states(seed, factions):
    g1 = Game.new(factions, seed=seed)
    g2 = Game.new(factions, seed=seed)
    r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
    assert g1.state.tobytes() == g2.state.tobytes()
    steps = 0
    while not g1.is_over:
        a1 = int(r1.choice(g1.legal_actions()))
        a2 = int(r2.choice(g2.legal_actions()))
        assert a1 == a2
        g1.apply(a1)
        g2.apply(a2)
        steps += 1
        assert g1.state.tobytes() == g2.state.tobytes(), f"states diverge after {steps} decisions"
    assert g2.is_over and steps > 50


def test_same_seed_same_actions_replay():
    """Replaying a recorded action list from the same seed reproduces the final state exactly."""
    g = Game.new(("eyrie", "marquise"), seed=99)
    actions = _play(g, np.random.default_rng(5))
    h = Game.new(("eyrie", "marquise"), seed=99)
    for a in actions:
        h.apply(a)
    assert h.state.tobytes() == g.state.tobytes()


def test_different_seeds_give_different_games():
    seeds = list(range(30)) + [5 + (1 << 32), 5 + (1 << 40), (1 << 62) - 1]
    starts, ends = set(), set()
    for seed in seeds:
        g = Game.new(("marquise", "eyrie"), seed=seed)
        starts.add(g.state.tobytes())
        s = g.state.copy()
        random_playout(s, 12345, 1 << 40)  # the same agent choices: only the game's seed differs
        ends.add(s.tobytes())
    assert len(starts) == len(seeds), "two seeds gave the same initial state"
    assert len(ends) == len(seeds), "two seeds gave the same final state"
    # The deal itself differs: the hands of seed 0 and seed 1 are not the same cards.
    d0 = Game.new(seed=0).to_dict()["hands"]
    d1 = Game.new(seed=1).to_dict()["hands"]
    d2 = Game.new(seed=5 + (1 << 32)).to_dict()["hands"]
    d3 = Game.new(seed=5).to_dict()["hands"]
    assert d0 != d1
    assert d2 != d3, "the high 32 bits of the seed are ignored"


# ---------------------------------------------------------------- copies and saved states
def test_copy_is_independent():
    g = Game.new(("marquise", "eyrie"), seed=3)
    _play(g, np.random.default_rng(3), 40)
    before = g.state.tobytes()
    c = g.copy()
    assert c.state.tobytes() == before and c.state is not g.state
    _play(c, np.random.default_rng(4))  # play the copy to the end
    assert c.is_over
    assert g.state.tobytes() == before, "playing the copy changed the original"
    c.state[VP + MARQUISE] = 29
    assert g.state.tobytes() == before, "writing into the copy's array changed the original"
    # And the other way round: playing the original leaves a fresh copy alone.
    c2 = g.copy()
    snap = c2.state.tobytes()
    _play(g, np.random.default_rng(6), 25)
    assert c2.state.tobytes() == snap


def test_from_state_round_trip():
    g = Game.new(("marquise", "eyrie"), seed=21)
    _play(g, np.random.default_rng(21), 75)
    for src in (g.state, g.state.tolist(), tuple(int(x) for x in g.state)):
        h = Game.from_state(src)
        assert h.state.dtype == np.int64 and h.state.shape == (STATE_SIZE,)
        assert h.state.tobytes() == g.state.tobytes()
    h = Game.from_state(g.state)
    assert h.state is not g.state and not np.shares_memory(h.state, g.state)
    assert h.to_dict() == g.to_dict()
    # Both continue identically, without touching each other.
    ra, rb = np.random.default_rng(8), np.random.default_rng(8)
    while not g.is_over:
        snap_h = h.state.tobytes()
        a = int(ra.choice(g.legal_actions()))
        g.apply(a)
        assert h.state.tobytes() == snap_h
        b = int(rb.choice(h.legal_actions()))
        assert a == b
        h.apply(b)
        assert h.state.tobytes() == g.state.tobytes()
    # A finished game round-trips too.
    f = Game.from_state(g.state)
    assert f.is_over and f.winners == g.winners and f.vp == g.vp


# ---------------------------------------------------------------- to_dict
def _check_dict(g: Game):
    s = g.state
    d = g.to_dict()
    json.dumps(d)  # JSON-serialisable
    assert d["turn"] == int(s[TURN])
    assert d["vp"] == {f: int(s[VP + FACTION_NAMES.index(f)]) for f in g.factions}
    assert d["factions"] == list(g.factions)
    assert d["deck_size"] == int(s[DECK_N])
    assert d["legal_actions"] == [int(a) for a in s[LEGAL:LEGAL + s[LEGAL_N]]]
    assert d["decisions_taken"] == int(s[DECISIONS])
    for f in g.factions:
        fid = FACTION_NAMES.index(f)
        on_map = sum(cl["warriors"].get(f, 0) for cl in d["clearings"])
        assert on_map == int(s[WARRIORS + fid * NC:WARRIORS + (fid + 1) * NC].sum())
        assert len(d["hands"][f]) == int(s[HAND_N + fid])
    n_blds = sum(len(cl["buildings"]) for cl in d["clearings"])
    assert n_blds == int(s[BUILDINGS:BUILDINGS + NBT * NC].sum() + s[RUINS:RUINS + NC].sum())
    assert len(d["clearings"]) == NC
    mask = g.action_mask()
    assert set(np.flatnonzero(mask).tolist()) == set(d["legal_actions"])
    if g.is_over:
        assert d["current_player"] is None and d["legal_actions"] == []
        assert d["truncated"] or len(d["winners"]) == 1
        assert d["winners"] == [FACTION_NAMES[f] for f in range(NF) if (int(s[WINNERS]) >> f) & 1]
    else:
        assert d["current_player"] == FACTION_NAMES[int(s[DECIDER])] == g.current_player
        assert d["winners"] == [] and d["truncated"] is False
    return d


@pytest.mark.parametrize("factions,seed", [(("marquise", "eyrie"), 17), (("eyrie", "marquise"), 18)])
def test_to_dict_matches_state(factions, seed):
    g = Game.new(factions, seed=seed)
    rng = np.random.default_rng(seed)
    _check_dict(g)
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
        _check_dict(g)
    d = _check_dict(g)
    assert d["winners"] or d["truncated"]


def test_to_dict_of_a_truncated_game():
    g = Game.new(("marquise", "eyrie"), seed=4, max_turns=3)
    _play(g, np.random.default_rng(4))
    assert g.truncated and g.winners == []
    d = _check_dict(g)
    assert d["truncated"] is True and d["winners"] == [] and d["turn"] == 3


# ---------------------------------------------------------------- compiled vs pure Python
_NOJIT_SCRIPT = """
import hashlib, numpy as np, numba
assert numba.config.DISABLE_JIT
from root_env.engine.core import make_state, new_game
from root_env.engine.playout import random_playout
assert not hasattr(random_playout, "py_func"), "jit is not disabled"
for seed, fac in SEEDS:
    s = make_state()
    new_game(s, np.array(fac, dtype=np.int64), seed, 300, 0, 0)
    n = random_playout(s, seed ^ 0x5BD1E995, 1 << 40)
    print(seed, n, hashlib.sha256(s.tobytes()).hexdigest())
"""
# (seed, seating): two players, and the four base factions (Alliance and Vagabond included).
NOJIT_SEEDS = ((11, (0, 1)), (202, (0, 1)), (3003, (1, 0)), (44, (0, 1, 2, 3)), (505, (3, 2, 1, 0)))


def _jit_lines(seeds):
    out = []
    for seed, fac in seeds:
        s = make_state()
        new_game(s, np.array(fac, dtype=np.int64), seed, 300, 0, 0)
        n = random_playout(s, seed ^ 0x5BD1E995, 1 << 40)
        assert s[GAME_OVER] == 1
        out.append(f"{seed} {n} {hashlib.sha256(s.tobytes()).hexdigest()}")
    return out


def test_compiled_engine_matches_pure_python():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    script = _NOJIT_SCRIPT.replace("SEEDS", repr(NOJIT_SEEDS))
    proc = subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    nojit = proc.stdout.strip().splitlines()
    assert nojit == _jit_lines(NOJIT_SEEDS)


# ---------------------------------------------------------------- parallel rollouts
def test_random_games_matches_single_games():
    # 64 games: the parallel batch kernel (MODE_PLAYOUT); each game as random_playout plays it alone.
    def run():
        r = random_games(64, ("marquise", "eyrie"), seed=500)
        return r["winners"], r["vp"], r["decisions"], r["turns"], r["truncated"]

    winners, vp, decisions, turns, truncated = run()
    for i in range(64):
        seed = 500 + i
        s = make_state()
        new_game(s, MQ_EY, seed, 300, 0, 0)
        random_playout(s, seed ^ 0x5BD1E995, 1 << 40)
        assert winners[i] == s[WINNERS], seed
        assert list(vp[i]) == [s[VP + MARQUISE], s[VP + EYRIE]], seed
        assert decisions[i] == s[DECISIONS], seed
        assert turns[i] == s[TURN], seed
        assert truncated[i] == s[TRUNCATED], seed
    # Running the parallel batch again gives the same results (no shared state between threads).
    again = run()
    for x, y in zip((winners, vp, decisions, turns, truncated), again):
        assert np.array_equal(x, y)


def test_rollout_wrapper_uses_consecutive_seeds():
    from root_env.rollout import random_games as rollout_games
    r = rollout_games(8, factions=("marquise", "eyrie"), seed=40)
    for i in range(8):
        s = make_state()
        new_game(s, MQ_EY, 40 + i, 300, 0, 0)
        random_playout(s, (40 + i) ^ 0x5BD1E995, 1 << 40)
        assert r["winners"][i] == s[WINNERS]
        assert list(r["vp"][i]) == [int(s[VP + MARQUISE]), int(s[VP + EYRIE])]
        assert r["decisions"][i] == s[DECISIONS]

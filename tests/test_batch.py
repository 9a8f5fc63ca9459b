"""Batched stepping (root_env.engine.batch): every row of a batch is exactly the game it would be alone
(byte-identical states, observations and masks, with 1 thread and with all), finished games reset
correctly and reproducibly, games in a batch do not leak into each other, illegal actions change nothing."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

from root_env.codes import N_ACTIONS
from root_env.data import MARQUISE, EYRIE
from root_env.engine import batch as B
from root_env.engine.core import make_state, new_game, apply, fill_mask, OK, ERR_ILLEGAL, ERR_OUT_OF_RANGE
from root_env.engine.observe import observe, OBS_SIZE
from root_env.game import Game, faction_ids
from root_env.layout import GAME_OVER, DECIDER, TRUNCATED, WINNERS, VP, DECISIONS, TURN, LEGAL, LEGAL_N
from root_env.rollout import random_games

MQ_EY = np.array([MARQUISE, EYRIE], dtype=np.int64)
REPO = Path(__file__).resolve().parent.parent


class Single:
    """Independent single-game reference for row g: same seeds, ``core.apply`` one action at a time."""

    def __init__(self, base, factions=MQ_EY, max_turns=300):
        self.base, self.factions, self.max_turns = base, factions, max_turns
        self.episode = 0
        self.state = make_state()
        new_game(self.state, factions, B.game_seed(base, 0), max_turns, 0, 0)
        self.ended = []

    def apply(self, a):
        assert apply(self.state, a) == OK
        if self.state[GAME_OVER]:
            s = self.state
            self.ended.append((int(s[WINNERS]), int(s[TRUNCATED]), [int(s[VP + f]) for f in self.factions],
                               int(s[DECISIONS]), int(s[TURN])))
            self.episode += 1
            new_game(s, self.factions, B.game_seed(self.base, self.episode), self.max_turns, 0, 0)


def _check_rows(b: B.Batch, singles):
    obs = np.zeros(OBS_SIZE, np.float32)
    mask = np.zeros(N_ACTIONS, np.int8)
    for g, s in enumerate(singles):
        assert b.states[g].tobytes() == s.state.tobytes(), f"game {g} differs from its single-game replay"
        d = int(s.state[DECIDER])
        observe(s.state, d, obs)
        fill_mask(s.state, mask)
        assert b.obs[g].tobytes() == obs.tobytes()
        assert b.masks[g].tobytes() == mask.tobytes()
        assert b.factions[b.player[g]] == d


@pytest.fixture(params=[(1, True), ("all", True), (1, False)], ids=["threaded-1thread", "threaded-allthreads", "serial"])
def threads(request):
    """(threads, parallel): the threaded kernel (engine.threads, numba's thread count) with one thread and with
    all, and the serial one."""
    n, parallel = request.param
    old = numba.get_num_threads()
    numba.set_num_threads(1 if n == 1 else numba.config.NUMBA_NUM_THREADS)
    yield numba.get_num_threads(), parallel
    numba.set_num_threads(old)


def test_random_batch_equals_single_games(threads):
    n, base = 5, 100
    b = B.Batch(n, MQ_EY, parallel=threads[1])
    b.reset(seed=base)
    singles = [Single(base + g) for g in range(n)]
    _check_rows(b, singles)
    ended = [[] for _ in range(n)]
    for step in range(1600):  # ~2.5 games per row: auto-resets included
        b.random_step()
        for g, s in enumerate(singles):
            s.apply(int(b.actions[g]))
            if b.info[g, B.I_ENDED]:
                ended[g].append((int(b.info[g, B.I_WINNERS]), int(b.info[g, B.I_TRUNCATED]),
                                 [int(x) for x in b.final_vp[g]], int(b.info[g, B.I_DECISIONS]),
                                 int(b.info[g, B.I_TURNS])))
        if step % 7 == 0 or b.info[:, B.I_ENDED].any():
            _check_rows(b, singles)
    _check_rows(b, singles)
    assert [s.ended for s in singles] == ended
    assert sum(len(e) for e in ended) >= n, "too few games ended to test the auto-reset"


def test_given_actions_batch_equals_single_games(threads):
    n, base = 4, 7
    b = B.Batch(n, MQ_EY, parallel=threads[1])
    b.reset(seed=[base + 10 * g for g in range(n)])
    singles = [Single(base + 10 * g) for g in range(n)]
    rng = np.random.default_rng(1)
    for step in range(900):
        acts = np.array([rng.choice(s.state[LEGAL:LEGAL + s.state[LEGAL_N]]) for s in singles])
        b.step(acts)
        assert (b.info[:, B.I_ERROR] == OK).all()
        for g, s in enumerate(singles):
            s.apply(int(acts[g]))
        if step % 11 == 0 or b.info[:, B.I_ENDED].any():
            _check_rows(b, singles)
    assert sum(s.episode for s in singles) >= 1


def test_random_batch_replays_rollout_random_games():
    n, seed = 6, 40
    r = random_games(n, ("marquise", "eyrie"), seed=seed)
    b = B.Batch(n, MQ_EY, obs=False, mask=False)
    b.reset(seed=seed)
    first = {}
    while len(first) < n:
        b.random_step(50)  # several decisions per call; a row ends at most once per 50 here
        for g in np.flatnonzero(b.info[:, B.I_ENDED]):
            first.setdefault(int(g), (int(b.info[g, B.I_WINNERS]), list(b.final_vp[g]), int(b.info[g, B.I_DECISIONS]),
                                      int(b.info[g, B.I_TURNS])))
    for g in range(n):
        assert first[g] == (int(r["winners"][g]), list(r["vp"][g]), int(r["decisions"][g]), int(r["turns"][g]))


def test_auto_reset_starts_the_next_seeded_game():
    b = B.Batch(3, MQ_EY)
    b.reset(seed=11)
    seen = set()
    for _ in range(4000):
        b.random_step()
        for g in np.flatnonzero(b.info[:, B.I_ENDED]):
            g = int(g)
            ep = int(b.meta[g, B.M_EPISODE])
            fresh = make_state()
            new_game(fresh, MQ_EY, B.game_seed(11 + g, ep), 300, 0, 0)
            assert b.states[g].tobytes() == fresh.tobytes(), "an ended game was not reset to its next seed"
            assert b.states[g, GAME_OVER] == 0 and b.states[g, DECISIONS] == 0
            # rewards: +1 for each winner, -1 for the others; 0 when truncated
            w = int(b.info[g, B.I_WINNERS])
            want = [0.0 if b.info[g, B.I_TRUNCATED] or not w else (1.0 if (w >> f) & 1 else -1.0) for f in MQ_EY]
            assert list(b.rewards[g]) == want
            assert b.info[g, B.I_TERMINATED] + b.info[g, B.I_TRUNCATED] == 1
            seen.add((g, ep))
        # no reward where no game ended
        assert not b.rewards[b.info[:, B.I_ENDED] == 0].any()
        if len(seen) >= 5:
            break
    assert len(seen) >= 5


def test_game_seed_is_deterministic_and_in_range():
    assert B.game_seed(12345, 0) == 12345
    seeds = {B.game_seed(base, ep) for base in (0, 1, 2, (1 << 62) - 1) for ep in range(1, 50)}
    assert len(seeds) == 4 * 49
    assert all(0 <= s < (1 << 62) for s in seeds)
    assert B.game_seed(5, 3) == B.game_seed(5, 3)


def test_truncated_games_reset_with_zero_reward():
    b = B.Batch(4, MQ_EY, max_turns=2)
    b.reset(seed=0)
    ended = 0
    for _ in range(600):
        b.random_step()
        e = b.info[:, B.I_ENDED] != 0
        if e.any():
            assert (b.info[e, B.I_TRUNCATED] == 1).all() and not b.rewards[e].any()
            ended += int(e.sum())
    assert ended >= 4


def test_no_state_leaks_between_games():
    # The same seeds in different rows, next to different games and in batches of different sizes,
    # play exactly the same.
    small = B.Batch(3, MQ_EY, parallel=False)
    small.reset(seed=[5, 5, 9])
    big = B.Batch(7, MQ_EY, parallel=True)
    big.reset(seed=[1, 5, 2, 5, 3, 9, 4])
    for _ in range(700):
        small.random_step()
        big.random_step()
        assert small.states[0].tobytes() == small.states[1].tobytes()
        assert small.states[0].tobytes() == big.states[1].tobytes() == big.states[3].tobytes()
        assert small.states[2].tobytes() == big.states[5].tobytes()
        assert small.obs[2].tobytes() == big.obs[5].tobytes()
    assert big.states[0].tobytes() != big.states[1].tobytes()


@pytest.mark.parametrize("parallel", [True, False])
def test_illegal_action_changes_no_game(parallel):
    b = B.Batch(4, MQ_EY, parallel=parallel)
    b.reset(seed=3)
    b.random_step(30)
    before = b.states.copy(), b.meta.copy(), b.obs.copy()
    acts = np.array([b.states[g, LEGAL] for g in range(4)])
    acts[1] = N_ACTIONS + 5
    legal2 = set(b.states[2, LEGAL:LEGAL + b.states[2, LEGAL_N]])
    acts[2] = next(a for a in range(N_ACTIONS) if a not in legal2)
    with pytest.raises(ValueError, match=rf"game 1: action {N_ACTIONS + 5}.*game 2: action"):
        b.step(acts)
    assert list(b.info[:, B.I_ERROR]) == [OK, ERR_OUT_OF_RANGE, ERR_ILLEGAL, OK]
    assert b.states.tobytes() == before[0].tobytes() and b.meta.tobytes() == before[1].tobytes()
    assert b.obs.tobytes() == before[2].tobytes()
    acts[1] = b.states[1, LEGAL]
    acts[2] = b.states[2, LEGAL]
    b.step(acts)  # now all legal
    assert (b.info[:, B.I_ERROR] == OK).all()


def test_observe_and_mask_batch_match_single_calls():
    b = B.Batch(3, MQ_EY)
    b.reset(seed=21)
    b.random_step(77)
    viewers = np.array([MARQUISE, EYRIE, MARQUISE], dtype=np.int64)
    obs = np.zeros((3, OBS_SIZE), np.float32)
    masks = np.zeros((3, N_ACTIONS), np.int8)
    B.observe_batch(b.states, viewers, obs)
    B.mask_batch(b.states, masks)
    for g in range(3):
        assert (obs[g] == Game.from_state(b.states[g]).observe(["marquise", "eyrie"][viewers[g]])).all()
        assert (masks[g] == Game.from_state(b.states[g]).action_mask()).all()


def test_batch_agrees_with_pure_python():
    """NUMBA_DISABLE_JIT=1 runs the batch kernel as plain Python, with the same bytes."""
    code = ("import numpy as np, hashlib; from root_env.engine import batch as B; "
            "b = B.Batch(2, np.array([0, 1])); b.reset(seed=8); b.random_step(60); b.step(b.states[:, B.LEGAL]); "
            "print(hashlib.sha256(b.states.tobytes() + b.obs.tobytes() + b.masks.tobytes()).hexdigest())")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=REPO)
    import hashlib
    b = B.Batch(2, MQ_EY)
    b.reset(seed=8)
    b.random_step(60)
    b.step(b.states[:, LEGAL])
    assert out.stdout.strip() == hashlib.sha256(b.states.tobytes() + b.obs.tobytes() + b.masks.tobytes()).hexdigest()


def test_rollout_results_winner_columns_and_threads():
    r = random_games(6, ("eyrie", "marquise"), seed=3, threads=1)
    r2 = random_games(6, ("eyrie", "marquise"), seed=3, threads=numba.config.NUMBA_NUM_THREADS)
    for k in ("winner", "winners", "vp", "length", "turns", "truncated"):
        assert np.array_equal(r[k], r2[k]), k
    ids = faction_ids(("eyrie", "marquise"))
    for g in range(6):
        w = int(r["winner"][g])
        if r["truncated"][g]:
            assert w == -1
        else:
            assert r["winners"][g] == 1 << int(ids[w]) and r["vp"][g, w] >= 30
    assert r["length"].dtype == np.int64 and (r["length"] == r["decisions"]).all()
    for bad in ({"n": 0}, {"n": 2, "seed": -1}, {"n": 2, "threads": 0}, {"n": 2, "max_turns": 0}):
        with pytest.raises(ValueError):
            random_games(**bad)


def test_batch_default_is_serial_unless_threads_are_asked_for():
    # docs/performance.md, "Threads": serial by default, whatever the batch size
    assert not B.Batch(64, MQ_EY).parallel
    assert B.Batch(64, MQ_EY, threads=2).parallel and not B.Batch(64, MQ_EY, threads=1).parallel
    assert B.Batch(2, MQ_EY, parallel=True).parallel and not B.Batch(64, MQ_EY, threads=2, parallel=False).parallel


def test_for_slices_runs_slices_on_several_threads_at_once():
    # Two slices, two threads: each slice waits until the other has started, so one thread alone would
    # time out (BrokenBarrierError); the caller plays a slice too, and every slice is played once.
    import threading
    from root_env.engine.threads import for_slices
    meet = threading.Barrier(2, timeout=20)
    played = []

    def kernel(lo, hi):
        meet.wait()
        played.append((lo, hi, threading.get_ident()))
    for_slices(kernel, 10, 2, 5)
    assert sorted(p[:2] for p in played) == [(0, 5), (5, 10)]
    assert len({p[2] for p in played}) == 2 and threading.get_ident() in {p[2] for p in played}


def test_for_slices_raises_a_slices_error_after_every_slice_ran():
    from root_env.engine.threads import for_slices
    played = []

    def kernel(lo, hi):
        played.append(lo)
        if lo == 3:
            raise RuntimeError("slice 3")
    with pytest.raises(RuntimeError, match="slice 3"):
        for_slices(kernel, 8, 2, 1)
    assert sorted(played) == list(range(8))

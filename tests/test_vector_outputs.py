"""The vector env's step outputs (issue 32, root_env.vector_outputs): arrays made once and used again only when no
caller refers to them; what a caller keeps, whole or in part, is never written again."""
from __future__ import annotations

import numpy as np
import pytest

from root_env.engine import batch as B
from root_env.vector import RootVectorEnv
from root_env.vector_outputs import KEPT, OutputPool, OutputSet


def _step(v, rng):
    return v.step(v.random_actions(rng))


@pytest.mark.parametrize("kw", [{}, {"obs_dtype": "uint8", "max_turns": 255, "observation": "seated"},
                                {"action_mask": "info", "reward": "matrix"}, {"copy": False}])
def test_a_loop_that_drops_each_steps_results_steps_with_two_sets(kw):
    v = RootVectorEnv(4, seed=0, **kw)
    v.reset()
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(60):
        obs, rew, term, trunc, infos = _step(v, rng)  # the last step's results are held while the next is taken
        ends += int((term | trunc).sum())
    assert v._outputs.made == 2  # the one the caller holds during the call, and the one the step writes


def test_arrays_a_caller_keeps_whole_or_in_part_are_never_written_again():
    """Slices, a memoryview, a reshaped view, the infos dict alone: each keeps its base from being used again."""
    v = RootVectorEnv(3, seed=1, max_turns=3)  # short games: ends, restarts and final infos in the steps below
    v.reset()
    rng = np.random.default_rng(1)
    kept = []
    for i in range(40):
        obs, rew, term, trunc, infos = _step(v, rng)
        part = [obs["observation"][1:], obs["action_mask"][0], memoryview(rew), term[:2], trunc.reshape(1, 3),
                infos["seat_rewards"][:, 0], infos["current_player"][::2], infos["acting_player"]][i % 8]
        kept.append((part, np.array(part, copy=True)))
    for part, snap in kept:
        assert np.array(part).tobytes() == snap.tobytes()
    assert v._outputs.made > 2  # the sets that held kept parts were not used again


def test_an_output_set_is_free_only_when_nothing_else_refers_to_it():
    s = OutputSet(4, 2, (4, 7), np.uint8, (4, 5))
    assert s.free()
    for get in (lambda: s.obs, lambda: s.obs[1:], lambda: s.masks.T, lambda: s.cols[0, :2], lambda: s.acting,
                lambda: s.seat_rewards[:, 1], lambda: s.reward, lambda: s.flags.ravel(), lambda: s.truncated[1:],
                lambda: memoryview(s.floats), lambda: {"x": s.terminated}):
        held = get()
        assert not s.free()
        del held
        assert s.free()
    assert s.acting.base is s.cols and s.seat_rewards.shape == (4, 2) and s.reward.shape == (4,)
    assert np.shares_memory(s.seat_rewards, s.floats) and np.shares_memory(s.reward, s.floats)


def test_a_pool_forgets_its_oldest_set_when_every_set_is_held():
    pool = OutputPool(2, 2)
    held = [pool.take().cols for _ in range(KEPT + 2)]  # the callers keep one array of each set
    assert len({id(c) for c in held}) == KEPT + 2 and pool.made == KEPT + 2
    assert all(pool.take().cols is not c for c in held) and pool.made == KEPT + 3
    del held
    assert pool.take() is pool.take() and pool.made == KEPT + 3  # a free set is handed out again


def test_a_refused_step_leaves_the_last_results_alone():
    v = RootVectorEnv(2, seed=0)
    obs, _ = v.reset()
    rng = np.random.default_rng(0)
    res = _step(v, rng)
    snap = [np.copy(a) for a in (res[0]["observation"], res[0]["action_mask"], res[1], res[2], res[3])]
    with pytest.raises(ValueError):
        v.step(np.full(2, B.N_ACTIONS + 1))
    assert all(np.array_equal(a, b) for a, b in zip(snap, (res[0]["observation"], res[0]["action_mask"], res[1],
                                                          res[2], res[3])))
    assert v._batch.obs is res[0]["observation"]  # the batch still shows the last step's rows


@pytest.mark.parametrize("actions", [lambda a: a.astype(np.int32), lambda a: a.tolist(),
                                     lambda a: a.astype(">i8"), lambda a: a.view(np.ndarray).copy()])
def test_actions_of_any_accepted_form_step_the_same_games(actions):
    v, w = RootVectorEnv(3, seed=5), RootVectorEnv(3, seed=5)
    v.reset(), w.reset()
    rng = np.random.default_rng(5)
    for _ in range(20):
        a = v.random_actions(rng)
        x, y = v.step(a), w.step(actions(a))
        assert x[0]["observation"].tobytes() == y[0]["observation"].tobytes() and (x[1] == y[1]).all()

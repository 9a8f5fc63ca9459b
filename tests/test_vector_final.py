"""The vector env's final info (issue 32, root_env.vector_final): filled into arrays made once, used again only when
no caller refers to them; what a caller keeps is never written again, and every step's final info is the one
Gymnasium's layout asks for (the other tests/test_vector*.py files check its values against single games)."""
from __future__ import annotations

import numpy as np
import pytest

from root_env.codes import N_ACTIONS
from root_env.vector import RootVectorEnv
from root_env.vector_final import FINAL_KEYS, FinalSet, winners_table


def _ending_steps(v, rng, steps):
    """Yield the results of each of `steps` random steps in which a game ended."""
    for _ in range(steps):
        res = v.step(v.random_actions(rng))
        if (res[2] | res[3]).any():
            yield res


def _contents(x):
    """What `x` (an array, an object array, a dict of them, None) holds, as plain values that refer to none of it."""
    if isinstance(x, dict):
        return tuple((k, _contents(v)) for k, v in x.items())
    if isinstance(x, np.ndarray) and x.dtype == object:
        return tuple(_contents(v) for v in x)
    if isinstance(x, (np.ndarray, memoryview)):
        a = np.asarray(x)
        return a.dtype.str, a.shape, a.tobytes()
    return x


@pytest.mark.parametrize("kw", [{}, {"obs_dtype": "uint8", "max_turns": 3, "observation": "seated"},
                                {"action_mask": "info"}])
def test_a_loop_that_drops_each_steps_results_fills_three_final_sets(kw):
    """The set the next end's views go to, the one the caller holds while it calls step, one it dropped."""
    v = RootVectorEnv(4, seed=0, **({"max_turns": 3} | kw))
    v.reset()
    rng = np.random.default_rng(0)
    ends = sum(1 for _ in _ending_steps(v, rng, 200))
    assert ends >= 10 and v._finals.made <= 3


def test_final_info_a_caller_keeps_is_never_written_again():
    """final_obs entries, seat_obs entries, the final info's arrays, whole or sliced, kept over later ends."""
    v = RootVectorEnv(3, seed=2, max_turns=3)
    v.reset()
    rng = np.random.default_rng(2)
    kept = []
    for i, (obs, rew, term, trunc, infos) in enumerate(_ending_steps(v, rng, 300)):
        g = int(np.flatnonzero(infos["_final_obs"])[0])
        part = [infos["final_obs"][g], infos["final_info"]["seat_obs"][g][0], infos["final_info"]["final_vp"][g:],
                infos["final_info"], infos["_final_info"], infos["final_obs"],
                memoryview(infos["final_info"]["episode_turns"])][i % 7]
        kept.append((part, _contents(part)))
    assert len(kept) >= 14
    for part, before in kept:
        assert _contents(part) == before
    assert v._finals.made > 3  # the sets holding kept parts were not used again


@pytest.mark.parametrize("kw", [{"action_mask": "info"}, {}])
def test_the_final_infos_constants_are_read_only_and_used_again_sets_hold_only_their_steps_entries(kw):
    v = RootVectorEnv(4, seed=3, max_turns=3, **kw)
    v.reset()
    rng = np.random.default_rng(3)
    for _, (obs, rew, term, trunc, infos) in zip(range(20), _ending_steps(v, rng, 400)):
        fi = infos["final_info"]
        ended = infos["_final_info"]
        masks = [fi["action_mask"]] if kw else [infos["final_obs"][g]["action_mask"] for g in np.flatnonzero(ended)]
        assert (fi["current_player"] == -1).all() and not any(m.any() for m in masks)
        for a in [fi["current_player"]] + masks:
            with pytest.raises(ValueError):
                a[...] = 1
        assert all(infos["final_obs"][g] is not None for g in np.flatnonzero(ended))
        assert all(infos["final_obs"][g] is None for g in np.flatnonzero(~ended))
        assert all(fi["seat_obs"][g] is None for g in np.flatnonzero(~ended))
        assert fi["_current_player"] is ended and (not kw or fi["_action_mask"] is ended)
        del obs, rew, term, trunc, infos, fi, ended, masks
    assert v._finals.made <= 3  # the sets were used again


def test_next_step_final_masks_are_not_written_by_a_later_reset():
    """In NEXT_STEP / DISABLED the env keeps its own copy of the ended mask it returned as the _key masks."""
    v = RootVectorEnv(4, seed=4, max_turns=3, autoreset_mode="Disabled")
    v.reset()
    rng = np.random.default_rng(4)
    while True:
        obs, rew, term, trunc, infos = v.step(v.random_actions(rng))
        if (term | trunc).any():
            break
    masks = {k: infos["_" + k].copy() for k in FINAL_KEYS}
    assert all((m == (term | trunc)).all() for m in masks.values())
    v.reset(options={"reset_mask": term | trunc})
    assert all((infos["_" + k] == masks[k]).all() for k in FINAL_KEYS)


def test_the_final_sets_source_is_the_batchs_info_and_final_vp():
    v = RootVectorEnv(3, factions=("marquise", "eyrie", "alliance"), seed=0)
    b = v._batch
    b.info[:] = np.arange(b.info.size).reshape(b.info.shape)
    b.final_vp[:] = -np.arange(b.final_vp.size).reshape(b.final_vp.shape)
    assert v._final_source.tolist() == b.info.ravel().tolist() + b.final_vp.ravel().tolist()


def test_winners_table_decodes_every_bitmask():
    bits = [1 << 3, 1 << 0, 1 << 7]
    t = winners_table(bits)
    assert t.shape == (256, 3) and t.dtype == np.bool_
    for w in range(256):
        assert t[w].tolist() == [(w & b) != 0 for b in bits]


def test_a_final_set_is_free_only_when_nothing_else_refers_to_it():
    s = FinalSet(4, 2, 5, np.uint8)
    assert s.free()
    info = np.zeros((4, 8), np.int64)
    info[1, 2] = 1  # game 1 ended (I_ENDED), its winners bitmask, decisions and turns below
    info[1, 5:8] = (1 << 1, 40, 6)
    s.views[1] = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]
    source = np.concatenate([info.ravel(), np.arange(8)])  # info, then final VP (4, 2), as in a batch's block
    rows = s.fill(source, winners_table([1 << 0, 1 << 1]), np.array([0, 1, 0, 0]), True)
    assert rows == [1] and s.free()
    assert s.ended.tolist() == [False, True, False, False] and s.winners[1].tolist() == [False, True]
    assert s.decisions[1] == 40 and s.turns[1] == 6 and s.final_vp[1].tolist() == [2, 3]
    assert s.final_obs[1]["observation"].tolist() == [6, 7, 8, 9, 10] and s.final_obs[0] is None
    assert s.final_obs[1]["action_mask"].shape == (N_ACTIONS,) and not s.final_obs[1]["action_mask"].any()
    assert not s.final_obs[1]["action_mask"].flags.writeable and not s.current.flags.writeable
    for get in (lambda: s.final_obs[1], lambda: s.final_obs[1]["observation"], lambda: s.seat_obs[1],
                lambda: s.seat_obs[1][0], lambda: s.entries(), lambda: s.winners[:, 1], lambda: s.views[1:],
                lambda: memoryview(s.turns)):
        held = get()
        assert not s.free()
        del held
        assert s.free()

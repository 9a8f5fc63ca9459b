"""The vector env's final info filled in one compiled call (issue 32, ``engine.batch.final_fill``): the same arrays
the numpy calls it replaced wrote, in every observation dtype, compiled and as plain Python, and compiled by the
warm-up stages for the dtypes the vector env's stages warm (tests/test_vector_final.py checks the sets; the other
tests/test_vector*.py files the final info's values against single games)."""
from __future__ import annotations

import numpy as np
import pytest
from numba.core import event

from root_env.engine import batch as B
from root_env.vector import RootVectorEnv
from root_env.vector_final import winners_table


def _case(rng, dtype):
    """Random inputs of final_fill: a batch's info and final VP (flat), a winners table, acting columns, views."""
    n, p, width = int(rng.integers(1, 9)), int(rng.integers(2, 6)), 7
    bits = [1 << int(b) for b in rng.choice(10, p, replace=False)]
    info = np.zeros((n, B.N_INFO), np.int64)
    info[:, B.I_ENDED] = rng.integers(0, 2, n)
    info[:, B.I_WINNERS] = [sum(b for b in bits if rng.random() < 0.4) for _ in range(n)]
    info[:, B.I_DECISIONS] = rng.integers(0, 500, n)
    info[:, B.I_TURNS] = rng.integers(0, 100, n)
    final_vp = rng.integers(0, 30, (n, p))
    source = np.concatenate([info.ravel(), final_vp.ravel()])
    acting = rng.integers(-1, p, n)  # -1: numpy's last column, as the numpy fill read it
    views = rng.integers(0, 250, (n, p, width)).astype(dtype)
    return n, p, width, info, final_vp, source, winners_table(bits), acting, views


def _numpy_fill(info, final_vp, source, table, acting, views):
    """What FinalSet.fill's numpy calls wrote (525aca8): the copy, the ended mask, the winners, the rows, the views."""
    ended = info[:, B.I_ENDED] != 0
    rows = ended.nonzero()[0]
    last = {int(g): views[g, acting[g]].copy() for g in rows}
    return source.copy(), ended, table.take(info[:, B.I_WINNERS], axis=0), rows.tolist(), last


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "plain_python"])
@pytest.mark.parametrize("dtype", [np.float32, np.uint8, np.uint16])
def test_final_fill_writes_what_the_numpy_fill_wrote(dtype, compiled):
    fill = B.final_fill if compiled else getattr(B.final_fill, "py_func", B.final_fill)
    rng = np.random.default_rng(7)
    for _ in range(40):
        n, p, width, info, final_vp, source, table, acting, views = _case(rng, dtype)
        copy, ended, winners, rows, last = _numpy_fill(info, final_vp, source, table, acting, views)
        out_last = np.full((n, width), 99, dtype)
        ints = np.full(n * (B.N_INFO + p) + n, -5, np.int64)
        bools = np.zeros(n + n * p, np.bool_)
        count = fill(source, table, acting, views, out_last, ints, bools)
        at = n * (B.N_INFO + p)
        assert count == len(rows) and ints[at:at + count].tolist() == rows
        assert (ints[:at] == copy).all()
        assert (bools[:n] == ended).all() and (bools[n:].reshape(n, p) == winners).all()
        for g in range(n):  # the acting seat's view where a game ended, the rows of the others left alone
            assert (out_last[g] == last[g]).all() if g in last else (out_last[g] == 99).all()


def test_final_fill_reads_only_the_seated_bits_of_a_winners_bitmask():
    """A bitmask bit above the table's is masked off (a winner is always a seated faction: never read outside)."""
    source = np.zeros(B.N_INFO + 2, np.int64)
    source[B.I_ENDED], source[B.I_WINNERS] = 1, (1 << 9) | (1 << 1)
    views = np.arange(2 * 3, dtype=np.float32).reshape(1, 2, 3)
    last, ints, bools = np.zeros((1, 3), np.float32), np.zeros(B.N_INFO + 2 + 1, np.int64), np.zeros(3, np.bool_)
    assert B.final_fill(source, winners_table([1 << 0, 1 << 1]), np.array([1]), views, last, ints, bools) == 1
    assert bools.tolist() == [True, False, True] and last[0].tolist() == [3.0, 4.0, 5.0]


class _Compiles(event.Listener):
    def __init__(self):
        self.names = []

    def on_start(self, ev):
        self.names.append(ev.data["dispatcher"].py_func.__qualname__)

    def on_end(self, ev):
        pass


@pytest.mark.parametrize("kw", [{}, {"obs_dtype": "uint8"}, {"obs_dtype": "uint8", "observation": "seated"},
                                {"observation": "seated"}])
def test_the_warm_up_stages_compile_final_fill_for_the_vector_envs_dtypes(kw):
    """After the batch and parallel stages (root_env.warmup) a vector env step in which games end compiles nothing:
    final_fill's float32 and uint8 versions are in the stages, as the vector step's are (a fresh install loads
    them from the shipped cache)."""
    from root_env import warmup
    for stage in ("batch", "parallel"):
        warmup.run_stage(stage)
    v = RootVectorEnv(4, seed=1, max_turns=3, **kw)
    v.reset()
    rng = np.random.default_rng(1)
    listener = _Compiles()
    with event.install_listener("numba:compile", listener):
        ends = 0
        for _ in range(200):
            _, _, term, trunc, _ = v.step(v.random_actions(rng))
            ends += int((term | trunc).sum())
    assert ends > 0 and "final_fill" not in listener.names and listener.names == []

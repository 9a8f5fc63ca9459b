"""Compile (or load from cache) every njit entry point once, in one process.

Run before starting parallel test workers or benchmark processes so that they only read the cache.
"""
import numpy as np


def warmup(parallel: bool = True) -> None:
    """Compile the single-game engine, observation and playout; with `parallel`, also the
    prange kernels: the batch of random games and the batched stepping (engine.batch)."""
    from .core import make_state, new_game, fill_mask
    from .observe import observe, OBS_SIZE
    from .playout import random_playout, random_games
    from ..codes import N_ACTIONS
    from ..layout import LEGAL
    s = make_state()
    new_game(s, np.array([0, 1], dtype=np.int64), 0, 300, 0, 0)
    m = np.zeros(N_ACTIONS, dtype=np.int8)
    fill_mask(s, m)
    o = np.zeros(OBS_SIZE, dtype=np.float32)
    observe(s, 0, o)
    random_playout(s, 1, 10)
    if not parallel:
        return
    seeds = np.arange(2, dtype=np.int64)
    random_games(np.array([0, 1], dtype=np.int64), seeds, 300, np.zeros(2, np.int64), np.zeros((2, 8), np.int64),
                 np.zeros(2, np.int64), np.zeros(2, np.int64), np.zeros(2, np.int64))
    # The compiled agents' parallel arena (balance studies, heuristic tests).
    from agents.arena import play_games
    play_games(1, ("marquise", "eyrie"), {"marquise": "heuristic", "eyrie": "random"}, max_turns=2)
    from .batch import Batch, observe_batch, mask_batch
    for parallel_kernel in (True, False):
        b = Batch(2, np.array([0, 1], dtype=np.int64), parallel=parallel_kernel)
        b.reset(seed=0)
        b.random_step()
        b.step(b.states[:, LEGAL])
    observe_batch(b.states, np.array([0, 1], dtype=np.int64), b.obs)
    mask_batch(b.states, b.masks)


if __name__ == "__main__":
    import time
    t = time.perf_counter()
    warmup()
    print(f"numba warm-up done in {time.perf_counter() - t:.1f} s")

"""Compiled random rollouts from Python: whole games inside njit, results as numpy arrays."""
from __future__ import annotations

import numpy as np

from .data import NF, FACTION_NAMES
from .game import faction_ids
from .engine.playout import random_games as _random_games


def random_games(n: int, factions=("marquise", "eyrie"), seed: int = 0, max_turns: int = 300,
                 threads: int | None = None) -> dict[str, np.ndarray]:
    """Play `n` whole games with uniformly random legal actions, in parallel inside njit.

    Game i uses seed ``seed + i`` (the same games as ``RootVectorEnv(n).reset(seed=seed)`` and
    ``engine.batch.Batch.random_step`` play, move for move). Returns numpy arrays, one entry per game:

    - ``winner``: column (index into ``factions``) of the winner, -1 if none (truncated);
    - ``winners``: bitmask of the winning faction ids (several for a coalition);
    - ``vp``: (n, len(factions)) victory points, columns in the order of ``factions``;
    - ``length`` (also ``decisions``): decisions taken; ``turns``: turns begun;
    - ``truncated``: stopped at ``max_turns``;
    - ``factions``: the names, for the columns.

    ``threads`` sets numba's thread count for this call (``None``: numba's current setting)."""
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    ids = faction_ids(factions)
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) \
            or not 0 <= int(seed) <= (1 << 62) - n:
        raise ValueError(f"seed must be an integer in [0, 2**62 - n], got {seed!r}")
    if isinstance(max_turns, (bool, np.bool_)) or not isinstance(max_turns, (int, np.integer)) \
            or not 1 <= int(max_turns) <= 100_000:
        raise ValueError(f"max_turns must be an integer in [1, 100000], got {max_turns!r}")
    if threads is not None:
        import numba
        if isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer)) \
                or not 1 <= int(threads) <= numba.config.NUMBA_NUM_THREADS:
            raise ValueError(f"threads must be an integer in [1, {numba.config.NUMBA_NUM_THREADS}], got {threads!r}")
    seeds = np.arange(seed, seed + n, dtype=np.int64)
    winners = np.zeros(n, np.int64)
    vp = np.zeros((n, NF), np.int64)
    decisions = np.zeros(n, np.int64)
    turns = np.zeros(n, np.int64)
    truncated = np.zeros(n, np.int64)
    if threads is not None:
        import numba
        old = numba.get_num_threads()
        numba.set_num_threads(int(threads))
    try:
        _random_games(ids, seeds, int(max_turns), winners, vp, decisions, turns, truncated)
    finally:
        if threads is not None:
            numba.set_num_threads(old)
    bits = (winners[:, None] >> ids[None, :]) & 1
    winner = np.where(bits.any(axis=1), bits.argmax(axis=1), -1)
    return {"winner": winner, "winners": winners, "vp": vp[:, ids], "length": decisions, "decisions": decisions,
            "turns": turns, "truncated": truncated.astype(bool),
            "factions": np.array([FACTION_NAMES[i] for i in ids])}

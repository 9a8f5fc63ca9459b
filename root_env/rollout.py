"""Compiled random rollouts from Python: whole games inside njit, results as numpy arrays."""
from __future__ import annotations

import numpy as np

from .data import NF, FACTION_NAMES
from .game import faction_ids
from .engine.playout import random_games as _random_games


def random_games(n: int, factions=("marquise", "eyrie"), seed: int = 0, max_turns: int = 300,
                 threads: int | None = None) -> dict[str, np.ndarray]:
    """Play `n` whole games with uniformly random legal actions, in parallel inside njit.

    Game i uses seed ``seed + i``. Returns arrays: ``winners`` (bitmask of winning faction ids),
    ``vp`` (n, len(factions)) in the order given, ``decisions``, ``turns``, ``truncated``, and
    ``factions`` (the names, for the vp columns)."""
    if not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    ids = faction_ids(factions)
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
    return {"winners": winners, "vp": vp[:, ids], "decisions": decisions, "turns": turns,
            "truncated": truncated.astype(bool), "factions": np.array([FACTION_NAMES[i] for i in ids])}

"""Compiled random rollouts from Python: whole games inside njit, results as numpy arrays."""
from __future__ import annotations

import numpy as np

from .data import BOT_CODE_FLAG
from .game import faction_ids
from .inputs import faction_names
from .layout import VP
from .engine import batch as B
from .engine.threads import default_threads

CHUNK = 1024  # games per Batch: bounds the memory (a state is 10 kB)


def random_games(n: int, factions=("marquise", "eyrie"), seed: int = 0, max_turns: int = 300,
                 threads: int | None = None, map: str = "autumn") -> dict[str, np.ndarray]:
    """Play `n` whole games with uniformly random legal actions, compiled, on `threads` threads (the
    serial batch kernel's ``MODE_PLAYOUT`` on slices of the games, engine.threads: each game played to
    its end as ``engine.playout.random_playout`` plays it).

    Game i uses seed ``seed + i`` (the same games as ``RootVectorEnv(n).reset(seed=seed)`` and
    ``engine.batch.Batch.random_step`` play, move for move). Returns numpy arrays, one entry per game:

    - ``winner``: column (index into ``factions``) of the winner, -1 if none (truncated);
    - ``winners``: bitmask of the winning faction ids (several for a coalition);
    - ``vp``: (n, len(factions)) victory points, columns in the order of ``factions``;
    - ``length`` (also ``decisions``): decisions taken; ``turns``: turns begun;
    - ``truncated``: stopped at ``max_turns``;
    - ``factions``: the seats as given, for the columns (a Clockwork bot's "bot:..." label: it plays its own
      turns, the random agent only the others').

    ``threads``: how many threads play (``None``: numba's current thread count). ``map``: the map (``Game.new``)."""
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    names = faction_names(factions)  # an iterator is read once
    ids = faction_ids(names)
    plain = ids % BOT_CODE_FLAG
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
    threads = default_threads() if threads is None else int(threads)
    size = min(n, CHUNK)
    b = B.Batch(size, ids, max_turns=int(max_turns), obs=False, mask=False, parallel=False, map=map)
    winners, decisions, turns, truncated = (np.zeros(n, np.int64) for _ in range(4))
    vp = np.zeros((n, len(ids)), np.int64)
    for lo in range(0, n, size):
        k = min(size, n - lo)
        if k < size:
            b = B.Batch(k, ids, max_turns=int(max_turns), obs=False, mask=False, parallel=False, map=map)
        b.playout(seed + lo, threads)
        winners[lo:lo + k] = b.info[:, B.I_WINNERS]
        decisions[lo:lo + k] = b.info[:, B.I_DECISIONS]
        turns[lo:lo + k] = b.info[:, B.I_TURNS]
        truncated[lo:lo + k] = b.info[:, B.I_TRUNCATED]
        vp[lo:lo + k] = b.states[:, VP + plain]  # by faction id (a bot seat's code carries its level and traits)
    bits = (winners[:, None] >> plain[None, :]) & 1
    winner = np.where(bits.any(axis=1), bits.argmax(axis=1), -1)
    return {"winner": winner, "winners": winners, "vp": vp, "length": decisions, "decisions": decisions,
            "turns": turns, "truncated": truncated.astype(bool),
            "factions": np.array(names)}

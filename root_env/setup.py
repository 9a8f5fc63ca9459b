"""Choosing factions for a table: reach (Law 5.2) and seeded draws of tables like the human ones.

Law 5.2 (Reach): "choose factions whose Reach values add up to at least the total reach recommended for your
player count", with the Viable Reach Sums table (2 players 17+, 3: 18+, 4: 21+, 5: 25+, 6: 28+) and each
faction's Reach value. The values of the factions the engine implements are in ``REACH`` (the Law's list, the
second Vagabond's value being the "5/2" of "Vagabond (first/second)").

``draw_tables`` draws four-player (or k-player) tables as a balance study seats them (issue 36): every
mix of implemented factions whose reach reaches the Law's threshold, the second Vagabond only beside the first
(Law 9.8), drawn uniformly among those mixes, seats in random order; table r depends only on (seed, r).
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from root_env.data import IMPLEMENTED_FACTIONS
from root_env.errors import RootError

# Law 5.2, Reach Values (the factions the engine implements; the Law lists the others too).
REACH = {"marquise": 10, "eyrie": 7, "alliance": 3, "vagabond": 5, "vagabond2": 2, "lizards": 2, "riverfolk": 5,
         "corvids": 3}
# Law 5.2, Viable Reach Sums: players -> the least total reach recommended.
VIABLE_REACH = {2: 17, 3: 18, 4: 21, 5: 25, 6: 28}
# Law 5.2: "Adventurous players are welcome to use any faction mix with 17+ Reach."
ADVENTUROUS_REACH = 17


class ReachError(RootError):
    """A faction without a reach value here, or a table that cannot be drawn."""


def reach(factions) -> int:
    """The total reach of `factions` (names, Law 5.2). Raises ReachError naming an unknown faction."""
    if isinstance(factions, str):
        factions = [s.strip() for s in factions.split(",") if s.strip()]
    total = 0
    for f in factions:
        if f not in REACH:
            raise ReachError(f"no reach value for faction {str(f)[:40]!r} (Law 5.2); known: {', '.join(REACH)}")
        total += REACH[f]
    return total


def viable_reach(players: int) -> int:
    """Law 5.2's recommended least total reach for `players` players (2 to 6)."""
    if players not in VIABLE_REACH:
        raise ReachError(f"Law 5.2 gives reach sums for 2 to 6 players, got {players!r}")
    return VIABLE_REACH[players]


def is_viable(factions, players: int | None = None) -> bool:
    """Whether `factions` reach Law 5.2's threshold for their number of players and seat the second Vagabond
    only beside the first (Law 9.8)."""
    factions = list(factions)
    if "vagabond2" in factions and "vagabond" not in factions:
        return False
    return reach(factions) >= viable_reach(players or len(factions))


@lru_cache(maxsize=32)
def viable_mixes(players: int = 4, pool: tuple = IMPLEMENTED_FACTIONS) -> tuple[tuple[str, ...], ...]:
    """Every mix (sorted in the order of `pool`) of `players` distinct factions of `pool` that ``is_viable``."""
    reach(pool)  # an unknown faction fails here, named
    viable_reach(players)
    if len(set(pool)) != len(pool):
        raise ReachError(f"the pool of factions repeats a name: {list(pool)}")
    mixes = tuple(m for m in itertools.combinations(pool, players) if is_viable(m, players))
    if not mixes:
        raise ReachError(f"no {players}-player mix of {list(pool)} reaches {viable_reach(players)} (Law 5.2)")
    return mixes


def table_rng(seed: int, r: int, salt: int = 0) -> np.random.Generator:
    """The random generator of table r of a draw with `seed` (and `salt`, e.g. to draw a different sequence)."""
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, int(r), int(salt), 0x5EA7])


def draw_table(seed: int, r: int, players: int = 4, pool: tuple = IMPLEMENTED_FACTIONS,
               include: str | None = None) -> list[str]:
    """Table r of the draw `seed`: a viable mix (uniform among ``viable_mixes``, or among those seating
    `include` when given) in a random seating (seat 1 first)."""
    mixes = viable_mixes(players, tuple(pool))
    salt = 0
    if include is not None:
        mixes = tuple(m for m in mixes if include in m)
        if not mixes:
            raise ReachError(f"no viable {players}-player mix of {list(pool)} seats {include!r}")
        salt = 1 + list(pool).index(include)
    rng = table_rng(seed, r, salt)
    mix = mixes[int(rng.integers(len(mixes)))]
    return [mix[i] for i in rng.permutation(players)]


def draw_tables(seed: int, n: int, players: int = 4, pool: tuple = IMPLEMENTED_FACTIONS) -> list[list[str]]:
    """The first `n` tables of the draw `seed` (``draw_table``)."""
    return [draw_table(seed, r, players, pool) for r in range(int(n))]

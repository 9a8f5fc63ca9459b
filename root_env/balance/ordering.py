"""The order in which a study visits seatings (and, for the SPRT, the candidate's faction and seat).

A study may stop at any game: ``sprt`` stops as soon as the test decides and ``run`` can be interrupted.
So the sequence of games is ordered so that *every prefix* is as balanced as it can be, not only whole
periods. Both orders are fixed functions of the number of factions k (factions are named by their index
in the study's list), so game i is still defined by (study seed, i) alone.

- ``run``: period k! (every seating once). The seatings come in blocks of k *rotations* of one cyclic
  order; a block is a Latin square, so after any prefix each faction has sat in each seat q or q+1
  times (the best possible). The (k-1)! cyclic orders are ordered greedily so that "who sits right
  after whom" is spread evenly too.
- ``sprt``: period k·k! (every seating once with each seat as the candidate's). Greedy: each game is the
  unused cell whose features are least represented so far, compared in the order candidate faction,
  candidate seat, candidate (faction, seat), then every faction's seat. For k = 3 and 4 every prefix is
  within one game of even on all four; for k = 2 the first three are, and a faction's seat count
  can be two apart (two seatings cannot also alternate the candidate's faction and seat).

``balance`` measures how even a sample is, so a stopped study can report it.
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np


def _rotation(cyclic: tuple, r: int) -> tuple:
    """Seat s gets cyclic[(s - r) % k]: the k rotations of one cyclic order form a Latin square."""
    k = len(cyclic)
    return tuple(cyclic[(s - r) % k] for s in range(k))


@lru_cache(maxsize=None)
def run_order(k: int) -> tuple[tuple[int, ...], ...]:
    """The k! seatings (tuples of faction indices, seat 0 first) in the order a ``run`` study plays them."""
    if k < 2:
        raise ValueError(f"a study needs at least 2 factions, got {k}")
    cyclic = [(0,) + p for p in itertools.permutations(range(1, k))]
    adjacency = np.zeros((k, k), int)   # adjacency[a, b]: blocks so far where b sits right after a
    order: list[tuple[int, ...]] = []
    while cyclic:
        # Least-used "b after a" pairs first; ties keep the lexicographic order.
        best = min(cyclic, key=lambda c: (max(adjacency[c[j], c[(j + 1) % k]] for j in range(k)),
                                          sum(adjacency[c[j], c[(j + 1) % k]] for j in range(k))))
        cyclic.remove(best)
        for j in range(k):
            adjacency[best[j], best[(j + 1) % k]] += 1
        order += [_rotation(best, r) for r in range(k)]
    return tuple(order)


def _greedy(features: list[np.ndarray], sizes: list[int]) -> list[int]:
    """Order the cells (rows of every ``features[g]``, the feature ids of cell c in group g) so that each
    next cell is the unused one whose least-balanced group is best: compared group by group, first the
    highest count among the cell's features, then their sum; ties go to the lower cell index."""
    n = features[0].shape[0]
    counts = [np.zeros(s, np.int64) for s in sizes]
    used = np.zeros(n, bool)
    big = np.int64(1) << 40
    order = []
    for _ in range(n):
        keys = []
        for f, c in zip(features, counts):
            keys += [c[f].max(axis=1), c[f].sum(axis=1)]
        keys = [np.where(used, big, key) for key in keys]
        j = int(np.lexsort([np.arange(n)] + keys[::-1])[0])   # lexsort: the last key is the primary one
        used[j] = True
        order.append(j)
        for f, c in zip(features, counts):
            np.add.at(c, f[j], 1)
    return order


@lru_cache(maxsize=None)
def sprt_order(k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The k·k! cells (seating, candidate's seat) in the order an SPRT plays them."""
    cells = [(p, s) for p in itertools.permutations(range(k)) for s in range(k)]
    cand_faction = np.array([[p[s]] for p, s in cells])
    cand_seat = np.array([[s] for _, s in cells])
    cand_pair = np.array([[p[s] * k + s] for p, s in cells])
    all_pairs = np.array([[p[t] * k + t for t in range(k)] for p, _ in cells])
    order = _greedy([cand_faction, cand_seat, cand_pair, all_pairs], [k, k, k * k, k * k])
    return tuple(cells[j] for j in order)


def seating_at(factions, index: int) -> tuple[str, ...]:
    """Seating (seat 1 first) of game `index` of a ``run`` study over `factions`."""
    order = run_order(len(factions))
    return tuple(factions[j] for j in order[index % len(order)])


def sprt_cell_at(factions, index: int) -> tuple[tuple[str, ...], str]:
    """(seating, candidate's faction) of game `index` of an SPRT over `factions`."""
    order = sprt_order(len(factions))
    p, s = order[index % len(order)]
    return tuple(factions[j] for j in p), factions[p[s]]


def _spread(counts) -> int:
    a = np.asarray(counts)
    return int(a.max() - a.min()) if a.size else 0


def balance(seatings, factions, candidates=None) -> dict:
    """How even a sample of games is. `seatings`: one seating (seat 1 first) per game; `candidates`: the
    candidate's faction per game (SPRT), or None.

    Returns ``games``, ``faction_seat`` ({faction: [games in seat 1, 2, ...]}) and ``spread`` (max − min
    over those counts: 0 is exact, 1 is the best a count that is not a multiple of k allows); with
    candidates also ``candidate_faction``, ``candidate_seat`` (seat 1 first), ``candidate_faction_seat``
    and their spreads."""
    factions = list(factions)
    k = len(factions)
    seatings = [list(s) for s in seatings]
    fs = {f: [sum(1 for s in seatings if s[t] == f) for t in range(k)] for f in factions}
    out = {"games": len(seatings), "faction_seat": fs, "spread": {"faction_seat": _spread(list(fs.values()))}}
    if candidates is not None:
        candidates = list(candidates)
        if len(candidates) != len(seatings):
            raise ValueError(f"{len(candidates)} candidates for {len(seatings)} seatings")
        seat_of = [s.index(c) for s, c in zip(seatings, candidates)]
        cf = {f: candidates.count(f) for f in factions}
        cs = [seat_of.count(t) for t in range(k)]
        cfs = {f: [sum(1 for c, t in zip(candidates, seat_of) if c == f and t == u) for u in range(k)]
               for f in factions}
        out.update({"candidate_faction": cf, "candidate_seat": cs, "candidate_faction_seat": cfs})
        out["spread"].update({"candidate_faction": _spread(list(cf.values())), "candidate_seat": _spread(cs),
                              "candidate_faction_seat": _spread(list(cfs.values()))})
    return out


def describe(b: dict) -> str:
    """One line for people: 'after N games: ...'."""
    parts = [f"each faction sat in each seat {count_range(b['faction_seat'])}"]
    if "candidate_faction" in b:
        parts = ["candidate's faction " + ", ".join(f"{f} {n}" for f, n in b["candidate_faction"].items()),
                 "candidate's seat " + ", ".join(f"{t + 1}: {n}" for t, n in enumerate(b["candidate_seat"]))] + parts
    return f"after {b['games']} games: " + "; ".join(parts)


def count_range(counts: dict) -> str:
    """'exactly 60 times' or '59 to 60 times' for {faction: [count per seat]}."""
    vals = [n for v in counts.values() for n in v]
    lo, hi = min(vals, default=0), max(vals, default=0)
    return f"exactly {lo} times" if lo == hi else f"{lo} to {hi} times"

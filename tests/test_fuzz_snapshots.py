"""Fuzz of untrusted snapshots (issue 21), in child processes so that a segfault would be seen: thousands
of real positions with 1, 2 or 5 entries changed (extremes, negatives, off-by-one at each region's
bounds), their checksums recomputed. Each is refused with a RecordError naming a state region, or plays
200 random legal actions cleanly within the time limit: 0 crashes, 0 hangs, 0 engine errors.
The larger run is ``python -m benchmarks.fuzz_snapshots`` (docs/untrusted_input.md)."""
from __future__ import annotations

import numpy as np

from benchmarks.fuzz_snapshots import run, mutate, CHANGES
from root_env.layout import BOUNDS, REGIONS, STATE_SIZE

CASES = 3000


def test_fuzz_mutated_snapshots_refused_by_name_or_played_cleanly():
    res = run(CASES, seed=2026, procs=2, n_bases=32, time_limit=60.0)
    c = res["counts"]
    assert res["cases"] == CASES
    assert c["crash"] == 0 and c["hang"] == 0, res["failures"]
    assert c["engine_error"] == 0 and c["load_error"] == 0, res["failures"]
    assert c["unnamed"] == 0, res["failures"]
    assert c["refused"] + c["played"] + c["unchanged"] == CASES
    # The fuzz is not vacuous: it refuses most mutations, and some mutated positions are accepted and played.
    assert c["refused"] > CASES // 2 and c["played"] > 0, c
    for k in CHANGES:
        assert sum(res["by_changes"][str(k)].values()) >= CASES // len(CHANGES) - 1


def test_mutations_reach_every_kind_of_value():
    """Extremes, negatives and values just outside a region's bounds are all drawn."""
    start = {n: o for n, o, _ in REGIONS}
    rng = np.random.default_rng(0)
    seen = {"extreme": 0, "negative": 0, "outside": 0}
    state = np.zeros(STATE_SIZE, np.int64)
    for _ in range(2000):
        _, changes = mutate(state, rng, 1)
        name, idx, old, new = changes[0]
        _, lo, hi = BOUNDS[name]
        j = idx - start[name]
        seen["extreme"] += abs(new) >= 1 << 31
        seen["negative"] += new < 0
        seen["outside"] += new in (lo[j] - 1, hi[j] + 1)
    assert all(v > 50 for v in seen.values()), seen

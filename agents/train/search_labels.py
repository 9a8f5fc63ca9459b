"""ISMCTS targets at positions held by Python (``agents.train.expert``'s search data): the root's visit counts and
value for the decider of each given game, searched from what that faction can see (``agents.ismcts``, compiled,
without the GIL). No torch here: ``stepper.warm`` compiles it with the trainer's layer.
"""
from __future__ import annotations

import numpy as np

from root_env.engine.jit import njit
from root_env.codes import N_ACTIONS
from root_env.data import FACTION_NAMES
from root_env.layout import STATE_SIZE, LEGAL, LEGAL_N, DECIDER
from agents import ismcts
from agents.arena import KIND_HEURISTIC, parse_spec
from agents.train.stepper import Stepper, KIND_NET


@njit(cache=True, nogil=True)
def _label(lo, hi, states, rows, rng, opts, visits, q, work):
    """ISMCTS at the decision of ``states[rows[i]]`` for i in lo..hi-1 (from its decider's view, ``opts[f]``):
    ``visits[i]`` the root children's visit counts by action (plus the heuristic-prior visits of a faction whose
    options have ``prior``), ``q[i]`` the searched faction's mean reward over the root's visited children."""
    iters = 1
    for i in range(lo, hi):
        iters = max(iters, int(opts[states[rows[i], DECIDER], ismcts.O_ITERS]))
    nodes, value, mark, path = ismcts.new_tree(iters)
    for i in range(lo, hi):
        g = rows[i]
        s = states[g]
        f = s[DECIDER]
        r = rng[g]
        first, r = ismcts.heuristic_first(s, f, r, opts[f])
        r, _ = ismcts.run_tree(s, f, r, opts[f], 0.0, nodes, value, mark, path, work[g], first)
        total = 0.0
        reward = 0.0
        for j in range(s[LEGAL_N]):
            a = s[LEGAL + j]
            ch = ismcts._child(nodes, 0, a)
            if ch >= 0 and nodes[ch, ismcts.N_VISITS] > 0:
                visits[i, a] = nodes[ch, ismcts.N_VISITS]
                total += nodes[ch, ismcts.N_VISITS]
                reward += value[ch]
            if a == first:
                visits[i, a] += opts[f, ismcts.O_PRIOR]
        if total == 0.0:  # no root child was visited (cannot happen with >= 1 iteration; kept safe)
            visits[i, s[LEGAL]] = 1.0
            q[i] = 0.5
        else:
            q[i] = reward / total
        rng[g] = r


def search_targets(states, rows, rng, opts, threads: int = 1):
    """(visits (len(rows), N_ACTIONS) float32, q (len(rows),) float32) of ISMCTS at the given rows' decisions."""
    from root_env.engine.threads import for_slices
    n = len(rows)
    visits = np.zeros((n, N_ACTIONS), np.float32)
    q = np.zeros(n, np.float32)
    if n:
        work = np.zeros((states.shape[0], 2, STATE_SIZE), np.int64)
        rows = np.ascontiguousarray(rows, np.int64)

        def run(lo, hi):
            _label(lo, hi, states, rows, rng, opts, visits, q, work)
        for_slices(run, n, threads, max(1, -(-n // threads)))
    return visits, q


def warm() -> None:
    """Compile (or load) the search labels as ``collect`` calls them (``stepper.warm`` calls this)."""
    st = Stepper(1, np.array([0, 1], dtype=np.int64), max_turns=2, threads=1)
    st.reset(0, np.array([[KIND_NET, KIND_HEURISTIC]]))
    search_targets(st.states, np.zeros(1, np.int64), np.ones(1, np.int64), search_options(1))


def search_options(budget: int, options: str = "") -> np.ndarray:
    """Every faction's ISMCTS options (``ismcts.faction_options``) with `budget` iterations and the spec's options."""
    _, _, kw = parse_spec(f"ismcts:{budget}" + (f":{options}" if options else ""))
    if kw.get("seconds"):
        raise ValueError("the search budget is iterations, not seconds (the data must not depend on the machine)")
    return np.ascontiguousarray(np.stack([ismcts.faction_options(name, **{**kw, "iterations": budget})
                                          for name in FACTION_NAMES]))

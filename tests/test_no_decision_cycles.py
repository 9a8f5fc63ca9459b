"""No decision loops back: from every position of random games in every kind of mix, no legal action, and no pair
of legal actions, returns to the same position (the decision counter aside).

A choice that undoes itself is a loop an agent can take forever without the turn ever advancing (the turn cap
cannot end it): heuristic agents found one (Exposure chosen from a menu, then declined, Law 13.2.4; docs/rules.md)
and hung a balance study. Random agents leave such loops by chance, so the invariant sweeps did not see it; this
test looks at every option of every decision, one and two decisions deep, inside one compiled function.
"""
from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from root_env import Game
from root_env.inputs import faction_ids
from root_env.layout import STATE_SIZE, GAME_OVER, LEGAL, LEGAL_N, DECISIONS
from root_env.engine.core import new_game, apply
from root_env.engine.playout import _next

MIXES = [("marquise", "eyrie", "alliance", "vagabond"),
         ("marquise", "eyrie", "alliance", "vagabond", "corvids"),
         ("corvids", "lizards", "riverfolk", "alliance", "vagabond"),
         ("eyrie", "vagabond", "vagabond2", "corvids"),
         ("lizards", "riverfolk", "corvids"),
         ("marquise", "eyrie", "alliance", "vagabond", "lizards", "riverfolk", "corvids")]


@njit(cache=True)
def _same(a, b):
    for k in range(a.shape[0]):
        if a[k] != b[k] and k != DECISIONS:
            return False
    return True


@njit(cache=True)
def first_cycle(factions, seed, max_turns):
    """Play a random game; at each decision with a choice try every option, and every option after it. Returns
    (decision number, i, j) of the first position that an option i (j = -1) or a pair (i, j) leads back to, else
    (-1, -1, -1)."""
    s = np.zeros(STATE_SIZE, np.int64)
    t = np.zeros(STATE_SIZE, np.int64)
    u = np.zeros(STATE_SIZE, np.int64)
    new_game(s, factions, seed, max_turns, 0, 0)
    r = (seed * 2654435761) & 0xFFFFFFFF
    r = r if r != 0 else 1
    while s[GAME_OVER] == 0:
        if s[LEGAL_N] > 1:
            for i in range(s[LEGAL_N]):
                for k in range(STATE_SIZE):
                    t[k] = s[k]
                apply(t, s[LEGAL + i])
                if _same(t, s):
                    return s[DECISIONS], i, -1
                if t[GAME_OVER] != 0:
                    continue
                for j in range(t[LEGAL_N]):
                    for k in range(STATE_SIZE):
                        u[k] = t[k]
                    apply(u, t[LEGAL + j])
                    if _same(u, s):
                        return s[DECISIONS], i, j
        r = _next(r)
        apply(s, s[LEGAL + ((r * s[LEGAL_N]) >> 32)])
    return -1, -1, -1


@pytest.mark.parametrize("factions", MIXES)
def test_no_option_and_no_pair_of_options_returns_to_the_same_position(factions):
    ids = faction_ids(factions)
    for seed in range(4):
        d, i, j = first_cycle(ids, 9_100 + seed, 300)
        if d >= 0:  # replay in Python for a readable report
            g = Game.new(factions, seed=9_100 + seed)
            r = (9_100 + seed) * 2654435761 & 0xFFFFFFFF or 1
            while int(g.state[DECISIONS]) < d:
                from root_env.engine.playout import _next as nxt
                r = int(nxt(r))
                g.apply(int(g.legal_actions()[(r * len(g.legal_actions())) >> 32]))
            a = int(g.legal_actions()[i])
            first = g.describe(a)
            then = ""
            if j >= 0:
                h = g.copy()
                h.apply(a)
                then = " then " + h.describe(int(h.legal_actions()[j]))
            pytest.fail(f"{factions} seed {9_100 + seed}, decision {d} ({g.decision}): {first}{then} returns to the "
                        "same position")

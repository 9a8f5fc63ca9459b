"""Potential-based reward shaping for self-play PPO (Ng, Harada & Russell, 1999).

A seat's reward between two of its decisions gets ``coef * (gamma * phi(s') - phi(s))``, with ``phi`` the
heuristic agent's score of the position for that faction (``agents.heuristic.evaluate``: VP, then what wins
later, such as the Eyrie's roosts and a Decree it can keep) and ``phi = 0`` once the game is over. The shaping
telescopes along a seat's chain, so it changes no policy's ranking (the best policy for the shaped return is
the best for the win); it only gives the learner a dense signal early in training.
"""
from __future__ import annotations

import numpy as np
from root_env.engine.jit import njit

from root_env.layout import GAME_OVER
from agents.heuristic import evaluate


@njit(cache=True)
def potentials(states, factions, out):
    """out[i] = the heuristic's score of states[i] for faction factions[i] (0 when the game is over)."""
    for i in range(states.shape[0]):
        s = states[i]
        out[i] = 0.0 if s[GAME_OVER] != 0 else evaluate(s, factions[i])


def potential(states, factions) -> np.ndarray:
    """The potentials of rows of states (a (n, STATE_SIZE) array), for factions (n,)."""
    out = np.zeros(len(factions), np.float64)
    potentials(np.ascontiguousarray(states), np.ascontiguousarray(factions, dtype=np.int64), out)
    return out

"""What no player sees, as features for a privileged critic (``Config.privileged_critic``).

The critic may look at the whole state while training (the actor never does: it sees the viewer's
observation only), which lowers the variance of its value estimates in a game of hidden hands. This module
encodes the hidden part of a state, the same for every viewer:

- each card: in which faction's hand, among the Alliance's supporters, or in the draw pile (one-hot);
- each ruin slot of each clearing: the item under it (one-hot);
- each clearing: the type of a face-down Corvid plot there (one-hot).

Everything else the critic needs is in the viewer's observation, which it also reads.
"""
from __future__ import annotations

import numpy as np
from root_env.engine.jit import njit

from root_env.data import NC, NF, NCARD, NITEM
from root_env.layout import CARD_LOC, LOC_HAND, LOC_SUPPORTERS, LOC_DECK, RUIN_ITEM, CV_FACE_UP
from root_env.engine.plots import plot_at

CARD_PLACES = NF + 2  # a hand of each faction, the supporters, the deck
_RUINS = CARD_PLACES * NCARD
_PLOTS = _RUINS + 2 * NC * NITEM
PRIV_SIZE = _PLOTS + NC * 4


@njit(cache=True)
def hidden_features(state, out):
    """out[:PRIV_SIZE] = the hidden part of `state` (see the module doc)."""
    out[:PRIV_SIZE] = 0.0
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        if LOC_HAND <= loc < LOC_HAND + NF:
            out[c * CARD_PLACES + loc - LOC_HAND] = 1.0
        elif loc == LOC_SUPPORTERS:
            out[c * CARD_PLACES + NF] = 1.0
        elif loc == LOC_DECK:
            out[c * CARD_PLACES + NF + 1] = 1.0
    for slot in range(2):
        for c in range(NC):
            item = state[RUIN_ITEM + slot * NC + c]
            if 0 <= item < NITEM:
                out[_RUINS + (slot * NC + c) * NITEM + item] = 1.0
    for c in range(NC):
        t = plot_at(state, c)
        if t >= 0 and state[CV_FACE_UP + c] == 0:
            out[_PLOTS + c * 4 + t] = 1.0


@njit(cache=True)
def hidden_batch(states, out):
    for i in range(states.shape[0]):
        hidden_features(states[i], out[i])


def hidden(states) -> np.ndarray:
    """The hidden features of rows of `states` (a (n, STATE_SIZE) array): (n, PRIV_SIZE) float32."""
    states = np.ascontiguousarray(states)
    out = np.zeros((states.shape[0], PRIV_SIZE), np.float32)
    hidden_batch(states, out)
    return out

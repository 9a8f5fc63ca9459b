"""A uniformly random agent that respects the legal-action mask."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np


class RandomAgent:
    """Agent that picks uniformly at random among the legal actions.

    Parameters
    ----------
    seed:
        Seed (or anything accepted by :func:`numpy.random.default_rng`) for
        the agent's private random generator.  ``None`` draws fresh entropy.
    """

    def __init__(self, seed: Any = None) -> None:
        """Create the agent with its own ``numpy.random.Generator``."""
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Any, action_mask: Any = None) -> int:
        """Return a uniformly random legal action index.

        Parameters
        ----------
        observation:
            Either the PettingZoo Dict observation
            ``{"observation": ..., "action_mask": ...}``, a plain array, or
            ``None``.  It is only consulted for its ``"action_mask"`` entry
            when ``action_mask`` is not given.
        action_mask:
            1-D array-like; entry ``i`` is non-zero when action ``i`` is
            legal.  If ``None``, it is read from ``observation["action_mask"]``.

        Returns
        -------
        int
            The chosen action index (a plain Python ``int``).

        Raises
        ------
        ValueError
            If no action mask is available, or the mask has no legal action.
        """
        if action_mask is None:
            if isinstance(observation, Mapping) and "action_mask" in observation:
                action_mask = observation["action_mask"]
            else:
                raise ValueError(
                    "RandomAgent.act: no action_mask given and the observation "
                    "is not a dict with an 'action_mask' entry"
                )
        legal = np.flatnonzero(np.asarray(action_mask).ravel())
        if legal.size == 0:
            raise ValueError(
                "RandomAgent.act: the action mask has no legal action "
                "(all entries are zero)"
            )
        return int(legal[self.rng.integers(legal.size)])

"""``ISMCTSAgent``: the compiled information-set MCTS (``agents.ismcts``) behind a Python interface, for
playing through the ``Game`` API, the terminal player or a custom loop.

Like ``HeuristicAgent`` it acts on a ``Game`` (``act(game)``), not on an observation vector: a search
needs a state to play forward, and the observation does not hold one. It reads the game only through
``determinize``, which redeals everything its player has not seen before each iteration, so the hidden
parts of ``game.state`` cannot change what it does (``tests/test_ismcts.py`` checks this).
"""
from __future__ import annotations

import time

import numpy as np

from root_env.data import FACTION_NAMES
from root_env.layout import STATE_SIZE, LEGAL, LEGAL_N
from agents import ismcts
from agents.heuristic import seed_rand

TIME_CHUNK = 16  # iterations between clock checks when a time budget is given


class ISMCTSAgent:
    """Plays faction `faction` by ISMCTS with `iterations` iterations per decision, or, when `seconds`
    is given, as many as fit in that time (at least one chunk of ``TIME_CHUNK``, at most `iterations`).
    Other keywords are ``agents.ismcts.options``'s (c, rollout, depth, pw_c, pw_alpha, scale, leaf); those
    not given are the faction's defaults (``agents.ismcts.faction_options``). Seeded.

    >>> agent = ISMCTSAgent("eyrie", iterations=200, seed=1)
    >>> g.apply(agent.act(g))          # when g.current_player == "eyrie"
    """

    def __init__(self, faction: str, iterations: int = ismcts.D_ITERS, seconds: float | None = None,
                 seed: int = 0, **opts) -> None:
        if faction not in FACTION_NAMES:
            raise ValueError(f"unknown faction {faction!r}; known factions: {', '.join(FACTION_NAMES)}")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"seconds must be a positive number or None, got {seconds!r}")
        self.faction = faction
        self.seconds = seconds
        self.opts = ismcts.faction_options(faction, iterations=iterations, **opts)
        self.iterations = int(iterations)
        self.last_iterations = 0  # iterations the last decision used
        self._f = FACTION_NAMES.index(faction)
        self._r = int(seed_rand(int(seed)))
        self._work = np.zeros((1, STATE_SIZE), np.int64)
        self._tree = ismcts.new_tree(self.iterations)

    def act(self, game) -> int:
        """The action for the pending decision of `game` (a ``root_env.Game``), which must be this
        agent's to take."""
        if game.current_player != self.faction:
            raise ValueError(f"it is {game.current_player!r}'s decision, not {self.faction!r}'s")
        state = game.state
        if state[LEGAL_N] == 1:
            self.last_iterations = 0
            return int(state[LEGAL])
        nodes, value, mark, path = self._tree
        n_nodes = ismcts.reset_tree(nodes, value)
        if self.seconds is None:
            a, self._r = ismcts.choose(state, self._f, self._r, self.opts, nodes, value, mark, path, self._work)
            self.last_iterations = self.iterations
            return int(a)
        end = time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations and (done == 0 or time.perf_counter() < end):
            k = min(TIME_CHUNK, self.iterations - done)
            n_nodes, self._r = ismcts.search(state, self._f, self._r, k, self.opts, nodes, value, n_nodes, mark,
                                             path, self._work)
            done += k
        self.last_iterations = done
        return int(ismcts.best_root_action(state, nodes))

"""``HeuristicAgent``: the compiled heuristic (``agents.heuristic``) behind a Python interface, for
playing through the ``Game`` API, the terminal player or a custom loop."""
from __future__ import annotations

import numpy as np

from root_env.data import FACTION_NAMES
from root_env.layout import STATE_SIZE, DECIDER
from root_env.engine import core, firstrun
from agents.heuristic import choose_version, seed_rand

VERSIONS = (1, 2)


class HeuristicAgent:
    """Plays faction `faction` with its heuristic plan; seeded, and it decides only from what its
    player can see (everything hidden is resampled before it looks ahead). `version` 2 (the default, kind
    ``heuristic``) plays the table (``agents.table``); version 1 (kind ``heuristic_v1``) is the first heuristic.

    >>> agent = HeuristicAgent("eyrie", seed=1)
    >>> g.apply(agent.act(g))          # when g.current_player == "eyrie"
    """

    def __init__(self, faction: str, seed: int = 0, version: int = 2) -> None:
        if faction not in FACTION_NAMES:
            raise ValueError(f"unknown faction {faction!r}; known factions: {', '.join(FACTION_NAMES)}")
        if isinstance(version, bool) or version not in VERSIONS:
            raise ValueError(f"version must be one of {VERSIONS}, got {version!r}")
        ensure_compiled()
        self.version = int(version)
        self.faction = faction
        self._f = FACTION_NAMES.index(faction)
        self._r = int(seed_rand(int(seed)))
        self._work = np.zeros((2, STATE_SIZE), np.int64)

    def act(self, game) -> int:
        """The action for the pending decision of `game` (a ``root_env.Game``), which must be this
        agent's to take."""
        if game.current_player != self.faction:
            raise ValueError(f"it is {game.current_player!r}'s decision, not {self.faction!r}'s")
        a, self._r = choose_version(game.state, self._f, self._r, self._work, self.version)
        return int(a)


def ensure_compiled() -> None:
    """Compile the engine and the heuristic agents now if the cache lacks them, saying so on stderr."""
    core.ensure_compiled()
    firstrun.compile_once("agents", "the heuristic agents", warm)


def warm() -> None:
    """Compile (or load) the heuristic agent as ``HeuristicAgent.act`` calls it."""
    s = core.make_state()
    core.new_game(s, np.arange(4, dtype=np.int64), 0, 300, 0, 0)
    for version in VERSIONS:
        choose_version(s, int(s[DECIDER]), int(seed_rand(0)), np.zeros((2, STATE_SIZE), np.int64), version)

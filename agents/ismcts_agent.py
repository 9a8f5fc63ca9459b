"""``ISMCTSAgent``: the compiled information-set MCTS (``agents.ismcts``) behind a Python interface, for
playing through the ``Game`` API, the terminal player or a custom loop.

Like ``HeuristicAgent`` it acts on a ``Game`` (``act(game)``), not on an observation vector: a search
needs a state to play forward, and the observation does not hold one. It reads the game only through
``determinize``, which redeals everything its player has not seen before each iteration, so the hidden
parts of ``game.state`` cannot change what it does (``tests/test_ismcts.py`` checks this).

Root-parallel search (``trees=K``): K independent trees, each from its own stream of determinizations
(``ismcts.tree_stream``), searched on up to ``threads`` threads at once (compiled, GIL released, on the
package's thread pool: ``root_env.engine.threads``), their root visit counts summed. Without a time budget the
decision depends only on the seed and K, not on the threads nor on how they were scheduled, and it is the
decision ``ismcts.choose`` makes with the same generator state when it searches the K trees one after another
(the arena, which already plays games in parallel).
"""
from __future__ import annotations

import numpy as np

from root_env.data import FACTION_NAMES
from root_env.layout import STATE_SIZE, LEGAL, LEGAL_N
from root_env.engine.threads import for_slices, default_threads
from agents import ismcts
from agents.heuristic import seed_rand, next_rand

TIME_CHUNK = ismcts.TIME_CHUNK  # iterations between clock checks when a time budget is given


class ISMCTSAgent:
    """Plays faction `faction` by ISMCTS with `iterations` iterations per decision (per tree), or, when `seconds`
    is given, as many as fit in that time (at least one chunk of ``TIME_CHUNK``, at most `iterations`, whose
    default is then ``ismcts.TIMED_ITERATIONS``). Other keywords are ``agents.ismcts.options``'s (c, rollout, depth,
    pw_c, pw_alpha, scale, leaf, trees, pace, ...); those not given are the faction's defaults
    (``agents.ismcts.faction_options``). `threads`: how many of the `trees` search at once (default: as many as
    numba's thread count allows, ``root_env.engine.threads.default_threads``). Seeded.

    >>> agent = ISMCTSAgent("eyrie", iterations=200, seed=1)
    >>> g.apply(agent.act(g))          # when g.current_player == "eyrie"
    """

    def __init__(self, faction: str, iterations: int | None = None, seconds: float | None = None,
                 seed: int = 0, threads: int | None = None, **opts) -> None:
        if faction not in FACTION_NAMES:
            raise ValueError(f"unknown faction {faction!r}; known factions: {', '.join(FACTION_NAMES)}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not seconds > 0):
            raise ValueError(f"seconds must be a positive number or None, got {seconds!r}")
        if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
            raise ValueError(f"threads must be a positive integer or None, got {threads!r}")
        if iterations is None:
            iterations = ismcts.D_ITERS if seconds is None and opts.get("seconds") is None else ismcts.TIMED_ITERATIONS
        if seconds is not None:
            opts["seconds"] = seconds
        self.faction = faction
        self.opts = ismcts.faction_options(faction, iterations=iterations, **opts)
        self.seconds = seconds if seconds is not None else (float(self.opts[ismcts.O_SECONDS]) or None)
        self.iterations = int(iterations)
        self.trees = int(self.opts[ismcts.O_TREES])
        self.threads = min(self.trees, threads if threads is not None else default_threads())
        self.last_iterations = 0  # iterations the last decision used (all trees)
        self._f = FACTION_NAMES.index(faction)
        self._r = int(seed_rand(int(seed)))
        self._work = [np.zeros((1, STATE_SIZE), np.int64) for _ in range(self.trees)]
        self._trees = [ismcts.new_tree(self.iterations) for _ in range(self.trees)]

    @classmethod
    def from_spec(cls, faction: str, spec: str, seed: int = 0, threads: int | None = None) -> "ISMCTSAgent":
        """The agent an arena kind names (``"ismcts"``, ``"ismcts:400"``, ``"ismcts:0.5s"``,
        ``"ismcts:400:trees=2,leaf=heuristic"``: ``agents.arena.parse_spec``) for `faction`."""
        from agents.arena import parse_spec, KIND_ISMCTS
        kind, budget, kw = parse_spec(spec)
        if kind != KIND_ISMCTS:
            raise ValueError(f"{spec!r} is not an ISMCTS kind ('ismcts:N[:key=value,...]')")
        return cls(faction, iterations=budget, seed=seed, threads=threads, **kw)

    def act(self, game) -> int:
        """The action for the pending decision of `game` (a ``root_env.Game``), which must be this
        agent's to take."""
        if game.current_player != self.faction:
            raise ValueError(f"it is {game.current_player!r}'s decision, not {self.faction!r}'s")
        state = game.state
        if state[LEGAL_N] == 1:
            self.last_iterations = 0
            return int(state[LEGAL])
        seconds = float(self.opts[ismcts.O_SECONDS])
        first, self._r = ismcts.heuristic_first(state, self._f, self._r, self.opts)
        first = int(first)
        if self.trees == 1:
            nodes, value, mark, path = self._trees[0]
            self._r, done = ismcts.run_tree(state, self._f, self._r, self.opts, seconds, nodes, value, mark, path,
                                            self._work[0], first)
            self.last_iterations = int(done)
            if first < 0:
                return int(ismcts.best_root_action(state, nodes))
            visits = np.zeros(int(state[LEGAL_N]), np.float64)
            ismcts.add_root_visits(state, nodes, visits)
            ismcts.add_first(state, visits, first, float(self.opts[ismcts.O_PRIOR]))
            return int(ismcts.most_visited(state, visits))
        # Root-parallel: tree k from its own stream; a thread searching several trees gives each its share of time.
        per_thread = -(-self.trees // self.threads)
        tree_seconds = seconds / per_thread
        done = np.zeros(self.trees, np.int64)
        r0 = self._r

        def search(lo, hi):
            for k in range(lo, hi):
                nodes, value, mark, path = self._trees[k]
                _, done[k] = ismcts.run_tree(state, self._f, ismcts.tree_stream(r0, k), self.opts, tree_seconds,
                                             nodes, value, mark, path, self._work[k], first)

        for_slices(search, self.trees, self.threads, 1)
        visits = np.zeros(int(state[LEGAL_N]), np.float64)
        for k in range(self.trees):
            ismcts.add_root_visits(state, self._trees[k][0], visits)
        ismcts.add_first(state, visits, first, float(self.opts[ismcts.O_PRIOR]))
        self._r = int(next_rand(r0))
        self.last_iterations = int(done.sum())
        return int(ismcts.most_visited(state, visits))

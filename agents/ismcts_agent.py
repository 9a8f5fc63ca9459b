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

Policy-guided search (``guide="pretrained"`` or a policy file, ``agents.pretrained``): the root's prior comes from a
trained policy instead of heuristic v2 (the faction's ``prior`` option). Before each search the policy reads the
decider's observation (``Game.observe``: only what that player may know) and the legal actions; its likeliest
legal action is the root's first child, and when the root visits are counted each legal action i gets
``guide_prior * p_i`` visits more, p the policy's probabilities over the legal actions (``guide_spread=1``, a
PUCT-like prior), or the likeliest action alone gets ``guide_prior`` (``guide_spread=0``). Python per decision (one
forward pass), so a guided agent plays through the Python loop (``agents.game_loop``), not the compiled arena.
"""
from __future__ import annotations

import numpy as np

from root_env.data import FACTION_NAMES
from root_env.layout import STATE_SIZE, LEGAL, LEGAL_N
from root_env.engine.threads import for_slices, default_threads
from agents import ismcts
from agents.heuristic import seed_rand, next_rand

GUIDE_KEYWORDS = ("guide", "guide_prior", "guide_spread")  # ISMCTSAgent's Python keywords (not compiled options)
D_GUIDE_PRIOR = 400.0  # the Corvids' best of 100, 400 and 1,600 on the screens (benchmarks/results/ismcts_guided_*)
D_GUIDE_SPREAD = 1

TIME_CHUNK = ismcts.TIME_CHUNK  # iterations between clock checks when a time budget is given


class ISMCTSAgent:
    """Plays faction `faction` by ISMCTS with `iterations` iterations per decision (per tree), or, when `seconds`
    is given, as many as fit in that time (at least one chunk of ``TIME_CHUNK``, at most `iterations`, whose
    default is then ``ismcts.TIMED_ITERATIONS``). Other keywords are ``agents.ismcts.options``'s (c, rollout, depth,
    pw_c, pw_alpha, scale, leaf, trees, pace, ...); those not given are the faction's defaults
    (``agents.ismcts.faction_options``). `threads`: how many of the `trees` search at once (default: as many as
    numba's thread count allows, ``root_env.engine.threads.default_threads``). Seeded. `guide` (None, ``"pretrained"``
    or a policy file), `guide_prior` and `guide_spread`: the policy-guided search of the module doc, which replaces
    heuristic v2's first child and prior (the faction's ``prior`` option) by the policy's.

    >>> agent = ISMCTSAgent("eyrie", iterations=200, seed=1)
    >>> g.apply(agent.act(g))          # when g.current_player == "eyrie"
    """

    def __init__(self, faction: str, iterations: int | None = None, seconds: float | None = None,
                 seed: int = 0, threads: int | None = None, guide=None, guide_prior: float = D_GUIDE_PRIOR,
                 guide_spread: int = D_GUIDE_SPREAD, **opts) -> None:
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
        self.guide = load_guide(guide, faction)
        self.guide_prior, self.guide_spread = check_guide(guide_prior, guide_spread)

    @classmethod
    def from_spec(cls, faction: str, spec: str, seed: int = 0, threads: int | None = None) -> "ISMCTSAgent":
        """The agent an arena kind names (``"ismcts"``, ``"ismcts:400"``, ``"ismcts:0.5s"``,
        ``"ismcts:400:trees=2,leaf=heuristic"``: ``agents.arena.parse_spec``) for `faction`."""
        from agents.arena import parse_spec, KIND_ISMCTS
        plain, guide_kw = split_guide(spec)
        kind, budget, kw = parse_spec(plain)
        if kind != KIND_ISMCTS:
            raise ValueError(f"{spec!r} is not an ISMCTS kind ('ismcts:N[:key=value,...]')")
        return cls(faction, iterations=budget, seed=seed, threads=threads, **guide_kw, **kw)

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
        p = None
        if self.guide is not None:  # the policy's likeliest action first, its probabilities the prior (module doc)
            p = self.guide_probabilities(game)
            first = int(state[LEGAL + int(p.argmax())])
        else:
            first, self._r = ismcts.heuristic_first(state, self._f, self._r, self.opts)
            first = int(first)
        if self.trees == 1 and first < 0:  # one tree and no prior: its most visited child, no visit array
            self.last_iterations = self._search_one(state, seconds, first)
            return int(ismcts.best_root_action(state, self._trees[0][0]))
        visits = self._root_visits(state, seconds, first)
        if p is None:
            ismcts.add_first(state, visits, first, float(ismcts.prior_here(state, self.opts)))
        elif self.guide_spread:
            visits += self.guide_prior * p
        else:
            visits[int(p.argmax())] += self.guide_prior
        return int(ismcts.most_visited(state, visits))

    def _root_visits(self, state, seconds, first) -> np.ndarray:
        """Search the decision in every tree (from the root's first child `first`) and return the root visits of
        each legal action, summed over the trees. One tree: from the agent's generator. Root-parallel: tree k from
        its own stream; a thread searching several trees gives each its share of time."""
        done = np.zeros(self.trees, np.int64)
        if self.trees == 1:
            done[0] = self._search_one(state, seconds, first)
        else:
            tree_seconds = seconds / -(-self.trees // self.threads)
            r0 = self._r

            def search(lo, hi):
                for k in range(lo, hi):
                    nodes, value, mark, path = self._trees[k]
                    _, done[k] = ismcts.run_tree(state, self._f, ismcts.tree_stream(r0, k), self.opts, tree_seconds,
                                                 nodes, value, mark, path, self._work[k], first)

            for_slices(search, self.trees, self.threads, 1)
            self._r = int(next_rand(r0))
        visits = np.zeros(int(state[LEGAL_N]), np.float64)
        for k in range(self.trees):
            ismcts.add_root_visits(state, self._trees[k][0], visits)
        self.last_iterations = int(done.sum())
        return visits

    def _search_one(self, state, seconds, first) -> int:
        """Search the decision in the one tree from the agent's generator; the iterations done."""
        nodes, value, mark, path = self._trees[0]
        self._r, done = ismcts.run_tree(state, self._f, self._r, self.opts, seconds, nodes, value, mark, path,
                                        self._work[0], first)
        return int(done)

    def guide_probabilities(self, game) -> np.ndarray:
        """The guide policy's probabilities of the legal actions of `game` (in ``state[LEGAL:]``'s order), from
        the decider's observation alone (``Game.observe``)."""
        state = game.state
        n = int(state[LEGAL_N])
        legal = state[LEGAL:LEGAL + n]
        lg = self.guide.logits(game.observe(self.faction)[None], game.action_mask()[None])[0, legal].astype(np.float64)
        q = np.exp(lg - lg.max())
        return q / q.sum()


def load_guide(guide, faction: str):
    """The guide policy of a guided agent: None (no guide), ``"pretrained"`` (the faction's shipped policy,
    ``agents.pretrained.load``), a policy file's path (``agents.pretrained.load_path``) or a policy object with
    ``logits(observations, masks)`` (``agents.pretrained.PretrainedAgent``). ValueError for one that plays another
    faction or has no shipped policy."""
    if guide is None:
        return None
    from agents import pretrained
    if isinstance(guide, str):
        g = pretrained.load(faction) if guide == "pretrained" else pretrained.load_path(guide)
    elif callable(getattr(guide, "logits", None)):
        g = guide
    else:
        raise ValueError(f"guide must be 'pretrained', a policy file or a policy with logits(), got {guide!r}")
    if getattr(g, "faction", faction) != faction:
        raise ValueError(f"the guide policy plays {g.faction!r}, not {faction!r}")
    return g


def check_guide(prior, spread) -> tuple[float, int]:
    if isinstance(prior, bool) or not isinstance(prior, (int, float, np.integer, np.floating)) or not prior >= 0 \
            or not np.isfinite(prior):
        raise ValueError(f"guide_prior must be a finite number >= 0, got {prior!r}")
    if isinstance(spread, bool) or spread not in (0, 1):
        raise ValueError(f"guide_spread must be 0 (the likeliest action alone) or 1 (the policy's distribution), "
                         f"got {spread!r}")
    return float(prior), int(spread)


def split_guide(spec: str) -> tuple[str, dict]:
    """An ISMCTS spec without its guide keywords (``GUIDE_KEYWORDS``: ``ismcts:1600:guide=pretrained,c=0.35`` ->
    ``ismcts:1600:c=0.35``) and those keywords (guide as text, guide_prior a float, guide_spread an int)."""
    name, sep, rest = spec.partition(":")
    budget, more, extra = rest.partition(":")
    if name != "ismcts" or not more:
        return spec, {}
    keep, kw = [], {}
    for item in extra.split(","):
        key, eq, text = item.partition("=")
        key, text = key.strip(), text.strip()
        if key not in GUIDE_KEYWORDS:
            keep.append(item)
            continue
        if not eq or not text:
            raise ValueError(f"agent kind {spec!r}: options are 'key=value' separated by commas, got {item!r}")
        if key in kw:
            raise ValueError(f"agent kind {spec!r}: option {key!r} given twice")
        try:
            kw[key] = text if key == "guide" else float(text) if key == "guide_prior" else int(text)
        except ValueError:
            raise ValueError(f"agent kind {spec!r}: {key} must be a number, got {text!r}") from None
    return f"ismcts:{budget}" + (":" + ",".join(keep) if keep else ""), kw


def is_guided(spec) -> bool:
    """Whether `spec` is an ISMCTS spec with a guide (a Python agent: ``agents.game_loop`` plays it)."""
    return isinstance(spec, str) and "guide" in split_guide(spec)[1]

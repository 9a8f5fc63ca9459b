"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012),
compiled, for any implemented faction.

How it decides, for the faction `f` whose decision is pending:

1. **Each iteration determinizes** the state from f's information (``agents.heuristic.determinize``:
   every card f has not seen, the ruin items, the quest deck and the dice are resampled), so nothing
   hidden in the real state can reach the search.
2. **One tree keyed by f's information**: a node is a sequence of actions from the root (every seat's
   decisions; forced decisions with one option are played through without a node). Because a node's
   legal actions differ between determinizations, each child keeps an *availability* count (how often
   it could have been chosen) and selection uses UCB1 with it: ``mean + c * sqrt(ln(avail) / visits)``,
   where the mean is the reward of the seat that decides at the parent.
3. **Progressive widening**: a node with ``k`` children may add another only while
   ``k < pw_c * visits ** pw_alpha`` (or when none of its children is legal in this determinization).
4. **Leaf evaluation**: from the new node the game is played on for ``depth`` decisions with the
   rollout policy (uniform random, or the heuristic's ``base_policy``), then scored: 1/0 for winners
   and losers if it ended, otherwise each seat's heuristic score (``evaluate``) against the best other
   seat's, squashed to [0, 1] by a logistic with scale ``scale`` (10 points = 1 VP). With the leaf
   evaluation ``"vagabond"`` the Vagabond's seat is scored by ``agents.ismcts_leaf.vagabond_score``
   (quests in reach) and, in a coalition, rewarded with his partner's chances (``ismcts_leaf``'s doc).
5. It plays the root action with the most visits (ties: the first found).

Everything is ``@njit`` over flat arrays: the tree is preallocated int64/float64 node arrays (one node
per iteration at most), so whole ISMCTS games run inside ``agents.arena`` in parallel.

Options are one float64 array (``options(...)``) so compiled callers pass a single value. Each faction
has its defaults (``faction_options``): the Vagabond searches with the ``"vagabond"`` leaf and a
rollout of 4 decisions (``FACTION_DEFAULTS``), the others with the defaults below.
"""
from __future__ import annotations

import math

import numpy as np
from root_env.engine.jit import njit

from root_env.codes import N_ACTIONS
from root_env.data import NF, VAGABOND, FACTION_NAMES
from root_env.layout import (LEGAL, LEGAL_N, GAME_OVER, DECIDER, WINNERS, NSEATS, SEAT_FACTION, FACTION_SEAT,
                             VB_COALITION)
from root_env.engine.core import apply
from root_env.engine.vagabonds import is_vagabond
from agents.heuristic import determinize, base_policy, evaluate, next_rand
from agents.ismcts_leaf import vagabond_score
from agents import value_model

# Fields of the options array.
O_ITERS, O_C, O_ROLLOUT, O_DEPTH, O_PW_C, O_PW_ALPHA, O_SCALE, O_LEAF = range(8)
N_OPTIONS = 8
ROLLOUT_RANDOM, ROLLOUT_BASE = 0, 1
ROLLOUTS = ("random", "base")
LEAF_HEURISTIC, LEAF_VAGABOND, LEAF_VALUE = 0, 1, 2
LEAVES = ("heuristic", "vagabond", "value")

# Columns of the node array.
N_FIRST, N_NEXT, N_ACTION, N_VISITS, N_AVAIL = range(5)
N_COLS = 5


# Defaults (``options``'s keywords).
D_ITERS, D_C, D_ROLLOUT, D_DEPTH, D_PW_C, D_PW_ALPHA, D_SCALE = 200, 0.7, "base", 12, 2.0, 0.5, 20.0
D_LEAF = "heuristic"
# Each faction's departures from them (the arena's ``ismcts:N`` and ``ISMCTSAgent`` use ``faction_options``).
# The Vagabond: his own leaf score and a short rollout (benchmarks/results/ismcts_strength.md, "The Vagabond").
FACTION_DEFAULTS = {"vagabond": {"leaf": "vagabond", "depth": 4}}


def options(iterations: int = D_ITERS, c: float = D_C, rollout: str = D_ROLLOUT, depth: int = D_DEPTH,
            pw_c: float = D_PW_C, pw_alpha: float = D_PW_ALPHA, scale: float = D_SCALE,
            leaf: str = D_LEAF, value=None) -> np.ndarray:
    """The options array for ``choose``/``search``, checked.

    iterations: determinize-and-search iterations per decision; c: UCB exploration constant; rollout:
    "random" or "base" (the heuristic's base policy); depth: decisions played after the new node
    before the heuristic scores it; pw_c, pw_alpha: progressive widening (pw_c <= 0 turns it off);
    scale: logistic scale of the score difference (evaluate points; 10 = 1 VP); leaf: "heuristic"
    (every seat scored by ``agents.heuristic.evaluate``) or "vagabond" (the Vagabond's seat by
    ``agents.ismcts_leaf.vagabond_score``, and rewarded with his coalition partner's chances) or "value" (every
    seat's reward is the learned model's chance that it wins, ``agents.value_model``); value: the model (a path, a
    model dict or a packed array; given, it makes the leaf "value"; the leaf "value" without it takes the shipped
    model), packed at the end of the array (``opts[N_OPTIONS:]``)."""
    if isinstance(iterations, bool) or not isinstance(iterations, (int, np.integer)) or iterations < 1:
        raise ValueError(f"iterations must be a positive integer, got {iterations!r}")
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {ROLLOUTS}, got {rollout!r}")
    if isinstance(depth, bool) or not isinstance(depth, (int, np.integer)) or depth < 0:
        raise ValueError(f"depth must be a non-negative integer, got {depth!r}")
    for name, v in (("c", c), ("pw_alpha", pw_alpha), ("scale", scale)):
        if not isinstance(v, (int, float, np.floating, np.integer)) or not v >= 0 or not math.isfinite(v):
            raise ValueError(f"{name} must be a finite number >= 0, got {v!r}")
    if scale <= 0:
        raise ValueError(f"scale must be > 0, got {scale!r}")
    if not isinstance(pw_c, (int, float, np.floating, np.integer)) or not math.isfinite(pw_c):
        raise ValueError(f"pw_c must be a finite number, got {pw_c!r}")
    if value is not None:
        leaf = "value"
    if leaf not in LEAVES:
        raise ValueError(f"leaf must be one of {LEAVES}, got {leaf!r}")
    o = np.zeros(N_OPTIONS, np.float64)
    o[O_ITERS], o[O_C], o[O_ROLLOUT], o[O_DEPTH] = iterations, c, ROLLOUTS.index(rollout), depth
    o[O_PW_C], o[O_PW_ALPHA], o[O_SCALE], o[O_LEAF] = pw_c, pw_alpha, scale, LEAVES.index(leaf)
    if leaf == "value":
        o = np.concatenate([o, value_model.packed(value)])
    return o


def faction_options(faction: str, **overrides) -> np.ndarray:
    """The options array `faction` (a name) searches with by default: ``options`` with its
    ``FACTION_DEFAULTS``, then `overrides` (``options``'s keywords)."""
    if faction not in FACTION_NAMES:
        raise ValueError(f"unknown faction {faction!r}; known factions: {', '.join(FACTION_NAMES)}")
    return options(**{**FACTION_DEFAULTS.get(faction, {}), **overrides})


def describe(o) -> dict:
    """An options array as ``options``'s keywords (for reports)."""
    return {"iterations": int(o[O_ITERS]), "c": float(o[O_C]), "rollout": ROLLOUTS[int(o[O_ROLLOUT])],
            "depth": int(o[O_DEPTH]), "pw_c": float(o[O_PW_C]), "pw_alpha": float(o[O_PW_ALPHA]),
            "scale": float(o[O_SCALE]), "leaf": LEAVES[int(o[O_LEAF])]}


@njit(cache=True)
def new_tree(iterations):
    """Node arrays for up to `iterations` iterations (one node each, plus the root)."""
    nodes = np.zeros((iterations + 1, N_COLS), np.int64)
    value = np.zeros(iterations + 1, np.float64)
    mark = np.zeros(N_ACTIONS, np.int64)     # scratch: which actions are legal / have a child
    path = np.zeros((iterations + 1, 2), np.int64)  # (node, deciding faction) along one descent
    return nodes, value, mark, path


@njit(cache=True)
def _rewards(s, reward, opts):
    """reward[g] in [0, 1] for each seated faction g: the outcome if the game ended, else the squashed
    leaf score against the best other seat's (the Vagabond's, with the "vagabond" leaf: see the module doc)."""
    n = s[NSEATS]
    scale = opts[O_SCALE]
    if s[GAME_OVER] != 0:
        for p in range(n):
            g = s[SEAT_FACTION + p]
            reward[g] = 1.0 if (s[WINNERS] >> g) & 1 else 0.0
        return
    if opts[O_LEAF] == LEAF_VALUE:  # the learned model, each seat from its own view (agents.value_model)
        for p in range(n):
            g = s[SEAT_FACTION + p]
            reward[g] = value_model.predict(s, g, opts[N_OPTIONS:])
        return
    v = np.empty(NF, np.float64)
    vb_leaf = opts[O_LEAF] == LEAF_VAGABOND
    for p in range(n):
        g = s[SEAT_FACTION + p]
        v[g] = vagabond_score(s, g) if vb_leaf and is_vagabond(g) else evaluate(s, g)
    for p in range(n):
        g = s[SEAT_FACTION + p]
        reward[g] = _squashed(s, v, g, g, scale)
    for k in range(2):
        g = VAGABOND + k
        if vb_leaf and s[FACTION_SEAT + g] >= 0 and s[VB_COALITION + k] >= 0:
            # In a coalition a Vagabond wins when his partner wins (9.2.8): the partner's chances are his.
            reward[g] = _squashed(s, v, s[VB_COALITION + k], g, scale)


@njit(cache=True)
def _squashed(s, v, g, skip, scale):
    """g's score against the best score of the seats other than g and `skip`, squashed to [0, 1]."""
    best = -1e18
    for q in range(s[NSEATS]):
        h = s[SEAT_FACTION + q]
        if h != g and h != skip and v[h] > best:
            best = v[h]
    x = (v[g] - best) / scale
    x = min(40.0, max(-40.0, x))
    return 1.0 / (1.0 + math.exp(-x))


@njit(cache=True)
def _child(nodes, node, a):
    """The child of `node` reached by action `a`, or -1."""
    ch = nodes[node, N_FIRST] - 1
    while ch >= 0:
        if nodes[ch, N_ACTION] == a:
            return ch
        ch = nodes[ch, N_NEXT] - 1
    return -1


@njit(cache=True)
def _step(s, nodes, value, n_nodes, node, mark, opts, r):
    """One selection-or-expansion step at `node` for the pending decision of `s`. Returns (child,
    n_nodes, expanded, r); marks the legal actions in `mark` and clears them again."""
    n = s[LEGAL_N]
    for i in range(n):
        mark[s[LEGAL + i]] = 1
    # Availability: every child legal here could have been chosen in this determinization.
    k = 0
    avail = 0
    best = -1
    best_u = -1e18
    log_n = 0.0
    ch = nodes[node, N_FIRST] - 1
    while ch >= 0:
        k += 1
        if mark[nodes[ch, N_ACTION]] == 1:
            mark[nodes[ch, N_ACTION]] = 2
            nodes[ch, N_AVAIL] += 1
            avail += 1
        ch = nodes[ch, N_NEXT] - 1
    untried = n - avail
    allowed = 1e18 if opts[O_PW_C] <= 0 else max(1.0, opts[O_PW_C] * (nodes[node, N_VISITS] + 1) ** opts[O_PW_ALPHA])
    expanded = False
    if untried > 0 and (k < allowed or avail == 0) and n_nodes < nodes.shape[0]:
        r = next_rand(r)
        j = (r * untried) >> 32
        a = -1
        for i in range(n):
            b = s[LEGAL + i]
            if mark[b] == 1:
                if j == 0:
                    a = b
                    break
                j -= 1
        best = n_nodes
        n_nodes += 1
        nodes[best, N_FIRST] = 0
        nodes[best, N_ACTION] = a
        nodes[best, N_VISITS] = 0
        nodes[best, N_AVAIL] = 1
        value[best] = 0.0
        nodes[best, N_NEXT] = nodes[node, N_FIRST]  # links are stored +1 so that 0 means none
        nodes[node, N_FIRST] = best + 1
        expanded = True
    else:
        ch = nodes[node, N_FIRST] - 1
        while ch >= 0:
            if mark[nodes[ch, N_ACTION]] == 2:
                vis = nodes[ch, N_VISITS]
                if vis == 0:
                    u = 1e9
                else:
                    log_n = math.log(max(1, nodes[ch, N_AVAIL]))
                    u = value[ch] / vis + opts[O_C] * math.sqrt(log_n / vis)
                r = next_rand(r)
                u += (r & 0xFFFF) * 1e-12  # ties broken by the agent's generator
                if u > best_u:
                    best_u = u
                    best = ch
            ch = nodes[ch, N_NEXT] - 1
    for i in range(n):
        mark[s[LEGAL + i]] = 0
    return best, n_nodes, expanded, r


@njit(cache=True, inline="always")  # inlined into choose: one compiled copy of the engine less (arena)
def search(state, f, r, iterations, opts, nodes, value, n_nodes, mark, path, work):
    """Run `iterations` more ISMCTS iterations for faction f from `state` (f's decision) into the tree
    (nodes, value) holding `n_nodes` nodes (1 = only the root). `work` is scratch of shape (1+, STATE_SIZE).
    Returns (n_nodes, r)."""
    s = work[0]
    reward = np.zeros(NF, np.float64)
    depth = int(opts[O_DEPTH])
    rollout = int(opts[O_ROLLOUT])
    for _ in range(iterations):
        r = determinize(state, s, f, r)
        node = 0
        plen = 0
        # Selection and expansion, down the tree keyed by the action sequence.
        while s[GAME_OVER] == 0:
            if s[LEGAL_N] == 1:
                apply(s, s[LEGAL])
                continue
            d = s[DECIDER]
            child, n_nodes, expanded, r = _step(s, nodes, value, n_nodes, node, mark, opts, r)
            if child < 0:  # the tree is full and no child is legal here: evaluate from here
                break
            apply(s, nodes[child, N_ACTION])
            path[plen, 0] = child
            path[plen, 1] = d
            plen += 1
            node = child
            if expanded:
                break
        # Rollout to the depth, then the leaf's rewards.
        for _ in range(depth):
            if s[GAME_OVER] != 0:
                break
            if rollout == ROLLOUT_BASE:
                a, r = base_policy(s, r)
            else:
                r = next_rand(r)
                a = s[LEGAL + ((r * s[LEGAL_N]) >> 32)]
            apply(s, a)
        _rewards(s, reward, opts)
        nodes[0, N_VISITS] += 1
        for i in range(plen):
            ch = path[i, 0]
            nodes[ch, N_VISITS] += 1
            value[ch] += reward[path[i, 1]]
    return n_nodes, r


@njit(cache=True)
def best_root_action(state, nodes):
    """The most visited root child legal in `state` (the first legal action if none was visited)."""
    best_a = state[LEGAL]
    best_v = -1
    for i in range(state[LEGAL_N]):
        a = state[LEGAL + i]
        ch = _child(nodes, 0, a)
        if ch >= 0 and nodes[ch, N_VISITS] > best_v:
            best_v = nodes[ch, N_VISITS]
            best_a = a
    return best_a


@njit(cache=True)
def reset_tree(nodes, value):
    nodes[0, :] = 0
    value[0] = 0.0
    return 1


@njit(cache=True)
def choose(state, f, r, opts, nodes, value, mark, path, work):
    """The ISMCTS action for faction f (the decider) in `state`, with ``opts[O_ITERS]`` iterations
    (the tree arrays must hold that many nodes + 1: ``new_tree``). Returns (action, r)."""
    if state[LEGAL_N] == 1:
        return state[LEGAL], r
    n_nodes = reset_tree(nodes, value)
    n_nodes, r = search(state, f, r, int(opts[O_ITERS]), opts, nodes, value, n_nodes, mark, path, work)
    return best_root_action(state, nodes), r

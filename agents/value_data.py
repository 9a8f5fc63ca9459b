"""Training positions for the value model (``agents.value_train``): self-play games, compiled.

Each game seats a table and is played by one agent kind in every seat (``generate``'s `agent`, an ``agents.arena``
kind, its decisions taken by ``agents.arena.decide`` as in the arena's games). The tables: ``tables(n, seed)`` (2-5
players over the eleven factions of ``data.FACTION_NAMES``, the strength tables of ``benchmarks.heuristic_strength``
among them, the Standard Setup; with the heuristic, version 2, the shipped ``value_v1``'s data), or ``draft_tables``:
four players drafted as the draft ladder (``python -m root_env.balance ladder --mix draft``) drafts them, with another
draft seed than the ladder's, played with Advanced Setup (with ``ismcts:100``, the ladder's ISMCTS-100 rung: issue 36).
At about one decision in ``every`` (drawn by the recorder's own generator) the
position is recorded once for each seat, as that seat sees it (``agents.value_features.features``); the label of a
row is whether its seat won the game (a Vagabond's coalition win counts, Law 9.2.8; a game cut at the turn limit
has no winner).
"""
from __future__ import annotations

import numpy as np
from root_env.engine.jit import njit

from root_env.data import FACTION_NAMES, NF
from root_env.layout import STATE_SIZE, GAME_OVER, LEGAL, LEGAL_N, DECIDER, NSEATS, SEAT_FACTION, WINNERS, TRUNCATED
from root_env.engine.core import new_game, apply
from agents.heuristic import seed_rand, next_rand
from agents import ismcts
from agents.arena import decide
from agents.value_features import features, N_FEATURES

FACTIONS = FACTION_NAMES
# The strength tables (benchmarks.heuristic_strength.TABLES) and the five-player balance studies' tables.
FIXED_TABLES = (("marquise", "eyrie", "alliance", "vagabond"), ("marquise", "eyrie", "vagabond", "vagabond2"),
                ("marquise", "eyrie", "alliance", "lizards"), ("marquise", "eyrie", "alliance", "riverfolk"),
                ("marquise", "eyrie", "alliance", "corvids"),
                ("marquise", "eyrie", "alliance", "vagabond", "riverfolk"),
                ("marquise", "eyrie", "alliance", "vagabond", "corvids"))
MAX_ROWS_PER_GAME = 4096
# A game still running after this many decisions is abandoned (its rows dropped): the heuristic can cycle without end
# (seen: the Eyrie starting an Exposure in its Decree decision and declining it, again and again, which the engine
# allows without limit; a game is a few thousand decisions at most otherwise).
MAX_DECISIONS = 30_000


def tables(n: int, seed: int) -> list[tuple[str, ...]]:
    """`n` tables, deterministic in `seed`: every third one of ``FIXED_TABLES`` in turn, the others random (2-5
    seats, weights 1:2:4:3, factions drawn among the eleven; the second Vagabond only beside the first), each
    seated in a random order."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        if i % 3 == 0:
            t = list(FIXED_TABLES[(i // 3) % len(FIXED_TABLES)])
        else:
            k = int(rng.choice([2, 3, 4, 5], p=[0.1, 0.2, 0.4, 0.3]))
            while True:
                t = [FACTIONS[j] for j in rng.choice(len(FACTIONS), k, replace=False)]
                if "vagabond2" not in t or "vagabond" in t:
                    break
        rng.shuffle(t)
        out.append(tuple(t))
    return out


@njit(cache=True)
def record_game(factions, seed, max_turns, options, every, X, who, kinds, budgets, opts):
    """Play one game of `factions` (engine ids, in seating order) seeded `seed`, each seat's decisions taken by
    ``agents.arena.decide`` (kinds, budgets, opts by faction id: ``arena.agent_arrays``); record about one
    position in `every` decisions for every seat into X (rows) and who (the row's faction). Returns (rows,
    winners bitmask, truncated): rows = -1 for a game abandoned after MAX_DECISIONS decisions."""
    state = np.zeros(STATE_SIZE, np.int64)
    work = np.zeros((2, STATE_SIZE), np.int64)
    new_game(state, factions, seed, max_turns, 0, options)
    most = 1
    for b in budgets:
        most = max(most, b)
    nodes, value, mark, path = ismcts.new_tree(most)
    r = seed_rand(seed ^ 0x5EED)
    q = seed_rand(seed ^ 0x7A1E)  # the recorder's own generator: sampling leaves the game unchanged
    n = 0
    rows = X.shape[0]
    steps = 0
    while state[GAME_OVER] == 0:
        steps += 1
        if steps > MAX_DECISIONS:
            return -1, 0, 1
        if state[LEGAL_N] > 1:
            q = next_rand(q)
            if (q % every) == 0 and n + state[NSEATS] <= rows:
                for p in range(state[NSEATS]):
                    g = state[SEAT_FACTION + p]
                    features(state, g, X[n])
                    who[n] = g
                    n += 1
            a, r = decide(state, kinds, budgets, opts, r, nodes, value, mark, path, work)
        else:
            a = state[LEGAL]
        apply(state, a)
    return n, state[WINNERS], state[TRUNCATED]


def draft_tables(n: int, seed: int, players: int = 4) -> list:
    """The first `n` tables of the draft `seed` as ``python -m root_env.balance ladder --mix draft --seed SEED``
    seats them (``root_env.setup.drafted_table`` over ``DRAFTABLE``: Advanced Setup's draft, A.8.1): ``Draft``s,
    whose ``game_kwargs()`` start the game (Advanced Setup, a drafted Vagabond's dealt character)."""
    from root_env.setup import drafted_table, DRAFTABLE
    return [drafted_table(seed, r, players, DRAFTABLE) for r in range(n)]


TABLE_KINDS = ("mixed", "draft")


def generate(games: int, seed: int = 0, every: int = 25, max_turns: int = 300, progress=None,
             tables_kind: str = "mixed", agent: str = "heuristic", draft_seed: int = 1) -> dict:
    """Rows of `games` games (engine seed of game i ``seed * 1_000_003 + i``), every seat played by `agent` (an
    ``agents.arena`` kind: ``heuristic``, ``ismcts:100``, ...). `tables_kind` ``"mixed"``: game i seats
    ``tables(games, seed)[i]`` with the Standard Setup; ``"draft"``: table i of the draft `draft_seed`
    (``draft_tables``; the draft ladder's tables are those of its ``--seed``, 0 by default), played with Advanced Setup.
    Returns X (rows, N_FEATURES) float32, y (rows,) float32 (the row's seat won), faction (rows,), game (rows,),
    seats (rows,) and per game: table, winners, truncated; abandoned: the games cut at MAX_DECISIONS (no rows)."""
    from root_env.inputs import faction_ids
    from agents.arena import agent_arrays, option_word
    if tables_kind not in TABLE_KINDS:
        raise ValueError(f"tables_kind must be one of {TABLE_KINDS}, got {tables_kind!r}")
    if tables_kind == "draft":
        drafts = draft_tables(games, draft_seed)
        ts = [tuple(d.factions) for d in drafts]
        kws = [{k: v for k, v in d.game_kwargs().items() if k != "factions"} for d in drafts]
    else:
        ts = tables(games, seed)
        kws = [{} for _ in ts]
    X = np.zeros((MAX_ROWS_PER_GAME, N_FEATURES), np.float64)
    who = np.zeros(MAX_ROWS_PER_GAME, np.int64)
    xs, ys, fs, gs, ns, win, trunc, abandoned = [], [], [], [], [], [], [], []
    for i, (t, kw) in enumerate(zip(ts, kws)):
        ids = np.asarray(faction_ids(t), np.int64)
        opt = option_word(t, **kw)
        kinds, budgets, opts = agent_arrays({f: agent for f in t}, list(t))
        n, w, tr = record_game(ids, seed * 1_000_003 + i, max_turns, opt, every, X, who, kinds, budgets, opts)
        if n < 0:
            abandoned.append(i)
            n = 0
        xs.append(X[:n].astype(np.float32))
        ys.append(((w >> who[:n]) & 1).astype(np.float32))
        fs.append(who[:n].copy())
        gs.append(np.full(n, i, np.int64))
        ns.append(np.full(n, len(t), np.int64))
        win.append(int(w))
        trunc.append(bool(tr))
        if progress is not None:
            progress(i + 1)
    return {"X": np.concatenate(xs), "y": np.concatenate(ys), "faction": np.concatenate(fs),
            "game": np.concatenate(gs), "seats": np.concatenate(ns), "tables": ts, "winners": win,
            "truncated": trunc, "abandoned": abandoned}


def vp_of(X) -> np.ndarray:
    """The seat's VP minus the best other seat's (in VP) of feature rows (the baseline's input)."""
    from agents.value_features import N_GLOBAL, BLOCK_NAMES
    return X[:, N_GLOBAL + BLOCK_NAMES.index("vp_vs_best_other")] * 30.0


__all__ = ["tables", "draft_tables", "record_game", "generate", "vp_of", "NF", "TABLE_KINDS"]

"""Whole games between compiled agents, on every core (compiled, in threads): the engine of balance studies.

    >>> from agents.arena import play_games
    >>> res = play_games(100, ("marquise", "eyrie", "alliance", "vagabond"), agents="heuristic", seed=1)
    >>> res["winners"], res["vp"], res["vp_by_round"]

Each seat's agent is one of ``AGENT_KINDS`` (``heuristic``: the second heuristic, which plays the table;
``heuristic_v1``: the first, kept for studies), ``ismcts`` with an optional iteration budget
(``"ismcts:200"``; ``agents.ismcts``, with its faction's default options, ``ismcts.faction_options``,
unless ``play_games(ismcts_options=...)`` gives others), ``value`` (the learned value model with a short
look-ahead, ``agents.value_agent``; ``"value:PATH"`` plays another model file); every agent decides only from what its player
can see.
"""
from __future__ import annotations

import numpy as np
from root_env.engine.jit import njit

from root_env.data import NF, FACTION_NAMES, BOT_CODE_FLAG
from root_env.layout import (STATE_SIZE, LEGAL, LEGAL_N, GAME_OVER, DECIDER, VP, WINNERS, TURN, DECISIONS,
                             TRUNCATED, VP_SOURCE, N_VS)
from root_env.engine import core, firstrun
from root_env.engine.threads import for_slices, default_threads
from root_env.engine.core import new_game, apply
from agents.heuristic import choose, choose_v1, next_rand, seed_rand
from agents import ismcts
from agents import value_agent

AGENT_KINDS = ("random", "heuristic", "heuristic_v1", "ismcts", "value")
# Kind codes; 2 is the trainer's KIND_NET (agents.train.stepper), so ISMCTS is 3. "heuristic" is the second
# heuristic (playing the table, agents.table); "heuristic_v1" the first, kept for studies.
# "value" is the learned value model's agent (agents.value_agent; "value:PATH" for another model file).
KIND_RANDOM, KIND_HEURISTIC, KIND_ISMCTS, KIND_HEURISTIC_V1, KIND_VALUE = 0, 1, 3, 4, 5
KIND_CODES = (KIND_RANDOM, KIND_HEURISTIC, KIND_HEURISTIC_V1, KIND_ISMCTS, KIND_VALUE)  # in the order of AGENT_KINDS
DEFAULT_ISMCTS_BUDGET = 200
MAX_ROUNDS = 100  # rounds kept in vp_by_round (a round = every seat has taken a turn)
SLICE = 2  # games per slice handed to a thread: a heuristic game takes tenths of a second


def parse_kind(spec) -> tuple[int, int]:
    """(kind code, ISMCTS budget) of an agent kind: ``random``, ``heuristic``, ``heuristic_v1``, ``ismcts``,
    ``ismcts:N`` (N iterations per decision, N >= 1), ``value`` or ``value:PATH``. Raises ValueError otherwise."""
    if isinstance(spec, str):
        name, sep, budget = spec.partition(":")
        if not sep and name in AGENT_KINDS:
            return (KIND_CODES[AGENT_KINDS.index(name)],
                    DEFAULT_ISMCTS_BUDGET if name == "ismcts" else 0)
        if name == "ismcts" and budget.isdigit() and int(budget) >= 1:
            return KIND_ISMCTS, int(budget)
        if name == "value" and budget:
            return KIND_VALUE, 0
    raise ValueError(f"unknown agent kind {spec!r}: use one of {AGENT_KINDS}, 'ismcts:N' (N iterations >= 1) or "
                     "'value:PATH'")


def is_kind(spec) -> bool:
    """Whether `spec` names a compiled arena kind (see ``parse_kind``)."""
    try:
        parse_kind(spec)
    except ValueError:
        return False
    return True


@njit(cache=True, inline="always")
def play_one(state, factions, kinds, budgets, opts, seed, max_turns, options, vp_by_round, work):
    """Play one game; kinds[f] is the agent of faction id f, budgets[f] its ISMCTS iterations and opts[f]
    its ISMCTS options (``agents.ismcts.options``; the budget replaces their iterations).
    vp_by_round[k, f] = VP at the end of round k (the last value is carried on after the game ends). `options`: the
    option word of ``core.new_game`` (4: seed 004 cooperative play)."""
    new_game(state, factions, seed, max_turns, 0, options)
    most = 1  # the largest budget (a loop: budgets.max() would load numba.np.arraymath, and SciPy, at a warm start)
    for b in budgets:
        most = max(most, b)
    nodes, value, mark, path = ismcts.new_tree(most)
    r = seed_rand(seed ^ 0x2545F491)
    n = factions.shape[0]
    last_round = -1
    while state[GAME_OVER] == 0:
        f = state[DECIDER]
        if kinds[f] == KIND_HEURISTIC:
            a, r = choose(state, f, r, work)
        elif kinds[f] == KIND_HEURISTIC_V1:
            a, r = choose_v1(state, f, r, work)
        elif kinds[f] == KIND_ISMCTS:
            opts[f, ismcts.O_ITERS] = budgets[f]
            a, r = ismcts.choose(state, f, r, opts[f], nodes, value, mark, path, work)
        elif kinds[f] == KIND_VALUE:
            a, r = value_agent.choose(state, f, r, opts[f], work)
        else:
            r = next_rand(r)
            a = state[LEGAL + ((r * state[LEGAL_N]) >> 32)]
        apply(state, a)
        rnd = (state[TURN] - 1) // n  # the round in progress
        while last_round < rnd - 1 and last_round + 1 < MAX_ROUNDS:
            last_round += 1
            for g in range(NF):
                vp_by_round[last_round, g] = state[VP + g]
    for k in range(max(last_round + 1, 0), MAX_ROUNDS):
        for g in range(NF):
            vp_by_round[k, g] = state[VP + g]


@njit(cache=True, nogil=True)
def play_many(factions, kinds, budgets, opts, seeds, max_turns, options, winners, vp, turns, decisions, truncated,
              sources, vp_by_round):
    """Play the games of `seeds` one after another (play_games runs slices of them on several threads)."""
    for i in range(seeds.shape[0]):
        state = np.zeros(STATE_SIZE, np.int64)
        work = np.zeros((2, STATE_SIZE), np.int64)
        play_one(state, factions, kinds, budgets, opts, seeds[i], max_turns, options, vp_by_round[i], work)
        winners[i] = state[WINNERS]
        turns[i] = state[TURN]
        decisions[i] = state[DECISIONS]
        truncated[i] = state[TRUNCATED]
        for g in range(NF):
            vp[i, g] = state[VP + g]
            for k in range(N_VS):
                sources[i, g, k] = state[VP_SOURCE + g * N_VS + k]


def play_games(n: int, factions, agents="heuristic", seed: int = 0, max_turns: int = 300,
               seeds=None, threads: int | None = None, ismcts_options: dict | None = None,
               cooperative: bool = False, bot_options: dict | None = None) -> dict:
    """Play `n` games (game i uses seed ``seed + i``, or ``seeds[i]``) with `factions` seated in the
    order given. `agents` is one kind for every seat, or a dict faction -> kind (``AGENT_KINDS``, or
    ``"ismcts:N"`` for N iterations per decision). A seat may be a Clockwork bot ("bot:mechanical_marquise",
    seed 004), which plays its own turns: agents are given (and asked) for the other seats only. An ISMCTS seat searches with its faction's default
    options (``agents.ismcts.faction_options``), changed by ``ismcts_options[faction]`` when given (a
    dict of ``agents.ismcts.options`` keywords, e.g. ``{"vagabond": {"depth": 12}}``; the budget N
    replaces any ``iterations``). `cooperative`: seed 004 cooperative play against the bot seats; `bot_options`: the
    Automated Alliance's options (both as in ``Game.new``).

    Returns numpy arrays, faction columns in the order of `factions`: ``winners`` (bitmask of faction
    ids), ``vp`` (n, k), ``turns``, ``decisions``, ``truncated``, ``vp_sources`` (n, k, VS_*),
    ``vp_by_round`` (n, MAX_ROUNDS, k), and ``factions`` (the seats as given, a bot's by its "bot:..." label)."""
    seats, ids, plain, names, players = seated(factions)
    from root_env.inputs import check_cooperative, check_bot_options, option_bits
    options = option_bits(False, "current", check_cooperative(seats, cooperative), "seed004",
                          check_bot_options(bot_options))  # core.new_game's option word
    if isinstance(agents, str):
        agents = {f: agents for f in players}
    refuse_bot_agents(agents, seats)
    unknown = [a for a in agents.values() if not is_kind(a)]
    if unknown or set(agents) != set(players):
        raise ValueError(f"agents must give one of {AGENT_KINDS} (or 'ismcts:N') for each of {players}, "
                         f"got {agents!r}")
    kinds = np.zeros(NF, np.int64)
    budgets = np.zeros(NF, np.int64)
    for f, a in agents.items():
        kinds[FACTION_NAMES.index(f)], budgets[FACTION_NAMES.index(f)] = parse_kind(a)
    extra = ismcts_options or {}
    if (not isinstance(extra, dict) or not set(extra) <= set(players)
            or not all(isinstance(v, dict) for v in extra.values())):
        raise ValueError(f"ismcts_options must map seated factions ({players}) to dicts of agents.ismcts.options "
                         f"keywords, got {ismcts_options!r}")
    rows = [ismcts.faction_options(g, **extra.get(g, {})) for g in FACTION_NAMES]
    for f, a in agents.items():  # a value seat's row: agents.value_agent.options (its model at the end)
        if kinds[FACTION_NAMES.index(f)] == KIND_VALUE:
            rows[FACTION_NAMES.index(f)] = value_agent.options(value_agent.spec_model(a))
    opts = np.zeros((NF, max(len(o) for o in rows)), np.float64)  # rows of unequal length (a model) padded
    for g, o in enumerate(rows):
        opts[g, :len(o)] = o
    if seeds is None:
        if not isinstance(n, (int, np.integer)) or n < 1:
            raise ValueError(f"n must be a positive integer, got {n!r}")
        seeds = np.arange(seed, seed + n, dtype=np.int64)
    seeds = np.ascontiguousarray(seeds, dtype=np.int64)
    m = seeds.shape[0]
    if threads is not None and (isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer))
                                or threads < 1):
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    out = {"winners": np.zeros(m, np.int64), "vp": np.zeros((m, NF), np.int64), "turns": np.zeros(m, np.int64),
           "decisions": np.zeros(m, np.int64), "truncated": np.zeros(m, np.int64),
           "vp_sources": np.zeros((m, NF, N_VS), np.int64), "vp_by_round": np.zeros((m, MAX_ROUNDS, NF), np.int64)}
    ensure_compiled()
    arrays = [out[k] for k in ("winners", "vp", "turns", "decisions", "truncated", "vp_sources", "vp_by_round")]

    def play_slice(lo, hi):
        play_many(ids, kinds, budgets, opts.copy(), seeds[lo:hi], int(max_turns), options, *(a[lo:hi] for a in arrays))

    for_slices(play_slice, m, default_threads() if threads is None else int(threads), SLICE)
    out["vp"] = out["vp"][:, plain]
    out["vp_sources"] = out["vp_sources"][:, plain, :]
    out["vp_by_round"] = out["vp_by_round"][:, :, plain]
    out["truncated"] = out["truncated"].astype(bool)
    out["factions"] = np.array(seats)
    return out


def seated(factions) -> tuple[tuple[str, ...], np.ndarray, np.ndarray, list[str], list[str]]:
    """A table's seats checked (``inputs.faction_names``): (the seats as given, their engine codes, their faction
    ids, the factions' names, the factions agents play: all but the Clockwork bots' seats, which play
    themselves)."""
    from root_env.inputs import faction_names, faction_ids
    from root_env.names import is_bot_seat
    seats = faction_names(factions)
    ids = faction_ids(seats)
    plain = ids % BOT_CODE_FLAG
    names = [FACTION_NAMES[i] for i in plain]
    return seats, ids, plain, names, [f for s, f in zip(seats, names) if not is_bot_seat(s)]


def refuse_bot_agents(agents: dict, seats) -> None:
    """ValueError if `agents` gives an agent to a seat a Clockwork bot plays (by its faction or its label)."""
    from root_env.names import is_bot_seat, seat_faction
    bots = {seat_faction(s): s for s in seats if is_bot_seat(s)}
    asked = [f"{f} ({bots[f]})" if f in bots else f for f in agents if f in bots or is_bot_seat(f)]
    if asked:
        raise ValueError(f"agents given for seats a Clockwork bot plays: {', '.join(asked)}; a bot plays its own "
                         "turns, give agents only for the other seats")


def ensure_compiled() -> None:
    """Compile the engine and the arena now if the cache lacks them, saying so on stderr."""
    core.ensure_compiled()
    firstrun.compile_once("arena", "the agents' arena", warm)


def warm() -> None:
    """Compile (or load) the parallel arena (balance studies)."""
    play_games(1, ("marquise", "eyrie", "alliance"), {"marquise": "heuristic", "eyrie": "random",
                                                       "alliance": "heuristic_v1"}, max_turns=2)

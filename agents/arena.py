"""Whole games between compiled agents, on every core (compiled, in threads): the engine of balance studies.

    >>> from agents.arena import play_games
    >>> res = play_games(100, ("marquise", "eyrie", "alliance", "vagabond"), agents="heuristic", seed=1)
    >>> res["winners"], res["vp"], res["vp_by_round"]

Each seat's agent is one of ``AGENT_KINDS`` (``heuristic``: the second heuristic, which plays the table;
``heuristic_v1``: the first, kept for studies), ``ismcts`` with an optional budget and options
(``"ismcts:200"``, ``"ismcts:0.5s"``, ``"ismcts:400:trees=2,leaf=heuristic"``: ``parse_spec``; ``agents.ismcts``,
with its faction's default options, ``ismcts.faction_options``, changed by ``play_games(ismcts_options=...)`` and
then by the spec's own), ``value`` (the learned value model with a short look-ahead, ``agents.value_agent``;
``"value:PATH"`` plays another model file); every agent decides only from what its player can see.
"""
from __future__ import annotations

import math

import numpy as np
from root_env.engine.jit import njit

from root_env.data import NF, FACTION_NAMES, BOT_CODE_FLAG
from root_env.layout import (STATE_SIZE, LEGAL, LEGAL_N, GAME_OVER, DECIDER, VP, WINNERS, TURN, DECISIONS,
                             TRUNCATED, VP_SOURCE, N_VS)
from root_env.engine import core, firstrun
from root_env.engine.threads import for_slices, default_threads
from root_env import torch_threads
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


def parse_spec(spec) -> tuple[int, int, dict]:
    """(kind code, ISMCTS iterations, ISMCTS options) of an agent kind: ``random``, ``heuristic``, ``heuristic_v1``,
    ``value``, ``value:PATH`` (the learned value model's agent), ``ismcts`` (200 iterations), ``ismcts:N`` (N iterations per decision, N >= 1), ``ismcts:Xs`` (a time budget of X
    seconds per decision, at most ``ismcts.TIMED_ITERATIONS`` iterations), each optionally followed by
    ``:key=value,key=value`` (``agents.ismcts.options`` keywords other than ``iterations``, e.g.
    ``ismcts:400:trees=2,leaf=heuristic,depth=4``). Values are converted to the type of the keyword's default
    (int, float; a keyword whose default is a string or None takes the text as it is) and checked by
    ``ismcts.options``. Raises ValueError naming what is wrong."""
    hint = ("use one of random, heuristic, heuristic_v1, ismcts, value, 'value:PATH', 'ismcts:N' (N iterations >= 1) or "
            "'ismcts:Xs' (X seconds > 0), optionally followed by ':key=value,...' (agents.ismcts.options keywords)")
    if not isinstance(spec, str):
        raise ValueError(f"unknown agent kind {spec!r}: {hint}")
    name, sep, rest = spec.partition(":")
    if not sep and name in AGENT_KINDS:
        return KIND_CODES[AGENT_KINDS.index(name)], (DEFAULT_ISMCTS_BUDGET if name == "ismcts" else 0), {}
    if name == "value" and rest:  # another model file (agents.value_agent.spec_model reads it)
        return KIND_VALUE, 0, {}
    if name != "ismcts":
        raise ValueError(f"unknown agent kind {spec!r}: {hint}")
    budget, more, extra = rest.partition(":")
    kw: dict = {}
    if budget.endswith("s"):
        try:
            seconds = float(budget[:-1])
        except ValueError:
            seconds = float("nan")
        if not (seconds > 0 and math.isfinite(seconds)):
            raise ValueError(f"unknown agent kind {spec!r}: a time budget is 'ismcts:Xs' with X seconds > 0; {hint}")
        iterations, kw["seconds"] = ismcts.TIMED_ITERATIONS, seconds
    elif budget.isdigit() and int(budget) >= 1:
        iterations = int(budget)
    else:
        raise ValueError(f"unknown agent kind {spec!r}: {hint}")
    if more:
        defaults = ismcts.keywords()
        for item in extra.split(","):
            key, eq, text = item.partition("=")
            key = key.strip()
            if not eq or not key or not text.strip():
                raise ValueError(f"agent kind {spec!r}: options are 'key=value' separated by commas, got {item!r}")
            if key not in defaults or key == "iterations":
                raise ValueError(f"agent kind {spec!r}: unknown ISMCTS option {key!r}; options: "
                                 f"{', '.join(k for k in defaults if k != 'iterations')} (the iterations are N)")
            if key in kw:
                raise ValueError(f"agent kind {spec!r}: option {key!r} given twice")
            kw[key] = _option_value(spec, key, text.strip(), defaults[key])
        try:
            ismcts.options(iterations=iterations, **kw)
        except (ValueError, TypeError) as e:
            raise ValueError(f"agent kind {spec!r}: {e}") from None
    return KIND_ISMCTS, iterations, kw


def _option_value(spec, key, text, default):
    """`text` as the type of an ISMCTS option's default (``parse_spec``)."""
    kind = type(default)
    if key == "scale" or key == "seconds":  # defaults None, values numbers
        kind = float
    try:
        if kind is int:
            return int(text)
        if kind is float:
            v = float(text)
            if not math.isfinite(v):
                raise ValueError
            return v
    except ValueError:
        raise ValueError(f"agent kind {spec!r}: option {key}={text!r} must be {'an integer' if kind is int else 'a number'}") from None
    return text


def parse_kind(spec) -> tuple[int, int]:
    """(kind code, ISMCTS budget) of an agent kind (``parse_spec`` without the ISMCTS options). Raises ValueError
    otherwise."""
    kind, budget, _ = parse_spec(spec)
    return kind, budget


def is_kind(spec) -> bool:
    """Whether `spec` names a compiled arena kind (see ``parse_kind``)."""
    try:
        parse_kind(spec)
    except ValueError:
        return False
    return True


@njit(cache=True, inline="always")
def decide(state, kinds, budgets, opts, r, nodes, value, mark, path, work):
    """(action, generator) of the player to decide (``state[DECIDER]``, faction id f) by its agent: kinds[f],
    budgets[f] and opts[f] as in ``play_one``; (nodes, value, mark, path): an ISMCTS tree (``ismcts.new_tree``) of at
    least the largest budget. The one place a compiled game asks its agents (``play_one``, ``agents.value_data``)."""
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
    return a, r


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
        a, r = decide(state, kinds, budgets, opts, r, nodes, value, mark, path, work)
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
               cooperative: bool = False, bot_options: dict | None = None, lizard_draw_bonus: str = "current",
               bot_rules: str = "seed004", setup: str = "standard", lizard_start_acolytes: int = 0,
               map: str = "autumn", vagabond_characters=None) -> dict:
    """Play `n` games (game i uses seed ``seed + i``, or ``seeds[i]``) with `factions` seated in the
    order given. `agents` is one kind for every seat, or a dict faction -> kind (``AGENT_KINDS``, or
    ``"ismcts:N[:key=value,...]"`` / ``"ismcts:Xs[:...]"``: ``parse_spec``). A seat may be a Clockwork bot ("bot:mechanical_marquise",
    seed 004), which plays its own turns: agents are given (and asked) for the other seats only. An ISMCTS seat searches with its faction's default
    options (``agents.ismcts.faction_options``), changed by ``ismcts_options[faction]`` when given (a
    dict of ``agents.ismcts.options`` keywords, e.g. ``{"vagabond": {"depth": 12}}``; the budget N
    replaces any ``iterations``; a keyword the kind's spec gives wins over it). `cooperative`: seed 004 cooperative play against the bot seats; `bot_options`: the
    Automated Alliance's options; `lizard_draw_bonus`, `bot_rules`, `setup`, `lizard_start_acolytes`: the named game
    options of ``Game.new`` (all as there; ``setup="advanced"``: Appendix A); `map`: the map every game is played on
    (``Game.new``'s, one of ``map_data.PLAYABLE_MAPS``; Law Appendix C); `vagabond_characters`: the characters a
    Vagabond may choose (``Game.new``'s; a drafted Vagabond's one dealt character, Law A.8.1).

    Returns numpy arrays, faction columns in the order of `factions`: ``winners`` (bitmask of faction
    ids), ``vp`` (n, k), ``turns``, ``decisions``, ``truncated``, ``vp_sources`` (n, k, VS_*),
    ``vp_by_round`` (n, MAX_ROUNDS, k), and ``factions`` (the seats as given, a bot's by its "bot:..." label)."""
    seats, ids, plain, names, players = seated(factions)
    options = option_word(seats, cooperative, bot_options, lizard_draw_bonus, bot_rules, setup, lizard_start_acolytes,
                          map, vagabond_characters)
    if isinstance(agents, str):
        agents = {f: agents for f in players}
    refuse_bot_agents(agents, seats)
    unknown = [a for a in agents.values() if not is_kind(a)]
    if unknown or set(agents) != set(players):
        why = ""
        if unknown:
            try:
                parse_spec(unknown[0])
            except ValueError as e:
                why = f" ({e})"
        raise ValueError(f"agents must give one of {AGENT_KINDS} (or 'ismcts:N[:key=value,...]') for each of "
                         f"{players}, got {agents!r}{why}")
    kinds, budgets, opts = agent_arrays(agents, players, ismcts_options)
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

    torch_threads.for_inference()  # a torch pool sized to every core would spin on the cores the games use
    for_slices(play_slice, m, default_threads() if threads is None else int(threads), SLICE)
    out["vp"] = out["vp"][:, plain]
    out["vp_sources"] = out["vp_sources"][:, plain, :]
    out["vp_by_round"] = out["vp_by_round"][:, :, plain]
    out["truncated"] = out["truncated"].astype(bool)
    out["factions"] = np.array(seats)
    return out


def option_word(seats, cooperative: bool = False, bot_options: dict | None = None, lizard_draw_bonus: str = "current",
                bot_rules: str = "seed004", setup: str = "standard", lizard_start_acolytes: int = 0,
                map: str = "autumn", vagabond_characters=None) -> int:
    """``core.new_game``'s option word for a table of `seats` (names, a bot's by its "bot:..." label) with the named
    game options of ``play_games`` (each checked, as ``Game.new`` checks it)."""
    from root_env.inputs import check_cooperative, check_bot_options, option_bits
    from root_env.inputs import check_choice, check_options_apply, LIZARD_DRAW_BONUS, BOT_RULES
    lizard_draw_bonus = check_choice("lizard_draw_bonus", lizard_draw_bonus, LIZARD_DRAW_BONUS)
    bot_rules = check_choice("bot_rules", bot_rules, BOT_RULES)
    from root_env.inputs import check_start_acolytes
    lizard_start_acolytes = check_start_acolytes(lizard_start_acolytes)
    check_options_apply(seats, lizard_draw_bonus, bot_rules, None, lizard_start_acolytes)
    from root_env.layout import SETUP_NAMES
    setup = check_choice("setup", setup, SETUP_NAMES)
    from root_env.map_data import check_map
    from root_env.inputs import check_vagabond_characters
    return option_bits(False, lizard_draw_bonus, check_cooperative(seats, cooperative), bot_rules,
                       check_bot_options(bot_options), check_vagabond_characters(seats, vagabond_characters), setup,
                       lizard_start_acolytes, check_map(map))


def agent_arrays(agents: dict, players, ismcts_options: dict | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(kinds, budgets, opts) by faction id of ``play_one`` for `agents` (faction -> kind, checked by ``parse_spec``)
    of the seated `players`, with ``ismcts_options`` as ``play_games`` takes them."""
    kinds = np.zeros(NF, np.int64)
    budgets = np.zeros(NF, np.int64)
    from_spec = {}
    for f, a in agents.items():
        kinds[FACTION_NAMES.index(f)], budgets[FACTION_NAMES.index(f)], from_spec[f] = parse_spec(a)
    extra = ismcts_options or {}
    if (not isinstance(extra, dict) or not set(extra) <= set(players)
            or not all(isinstance(v, dict) for v in extra.values())):
        raise ValueError(f"ismcts_options must map seated factions ({players}) to dicts of agents.ismcts.options "
                         f"keywords, got {ismcts_options!r}")
    value_rows = {f: value_agent.options(value_agent.spec_model(a)) for f, a in agents.items()
                  if kinds[FACTION_NAMES.index(f)] == KIND_VALUE}  # a value seat's row: its model at the end
    opts = options_table({g: {**extra.get(g, {}), **from_spec.get(g, {})} for g in FACTION_NAMES}, value_rows)
    return kinds, budgets, opts


def options_table(overrides: dict, rows_given: dict | None = None) -> np.ndarray:
    """One row of ISMCTS options per faction id (``ismcts.faction_options`` with ``overrides[name]``, or the row
    ``rows_given[name]``: a value seat's ``agents.value_agent.options``), rows of different lengths (a leaf's free
    tail after ``ismcts.N_OPTIONS``) zero-padded to the longest."""
    given = rows_given or {}
    rows = [given[g] if g in given else ismcts.faction_options(g, **overrides.get(g, {})) for g in FACTION_NAMES]
    out = np.zeros((len(rows), max(len(r) for r in rows)), np.float64)
    for i, r in enumerate(rows):
        out[i, :len(r)] = r
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

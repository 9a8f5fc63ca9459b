"""Games played one decision at a time through the ``Game`` API, each seat its own Python-side agent.

The compiled arena (``agents.arena.play_games``) plays compiled agents, and the trainer's stepper
(``agents.policies.play``) plays Python policies beside them, Standard Setup on the Autumn map only. What neither
can play comes here: a policy-guided search (``ismcts:N:guide=pretrained``, ``agents.ismcts_agent``), which asks its
policy in Python at every decision, and a Python policy under named game options (a draft ladder's
``setup="advanced"``, ``root_env.balance``). Each seat's spec becomes an agent (``seat_agent``): ISMCTS specs
(guided or not) an ``ISMCTSAgent`` and ``heuristic`` / ``heuristic_v1`` a ``HeuristicAgent``, which act on the game
(they read it only through what their player may know); ``random`` a ``RandomAgent``; anything
``agents.policies.resolve`` loads (``pretrained``, ``ppo:PATH``, ``module:callable``) a policy acting on the
observation and mask. The value agent plays only in the compiled arena.

A game is ``Game.new(seating, seed=seed, max_turns=..., **game_options)``, dealt as the arena's game of that seed; each
seat's agent is seeded with ``seat_seeds[faction]`` (the caller's choice; default the game's seed), so a game
depends only on its seed, seating, specs and seeds. The agents' generators differ from the arena's, so the play is
not the arena's move for move.

    >>> from agents.game_loop import play_games
    >>> r = play_games(("marquise", "eyrie", "alliance", "corvids"),
    ...                {"corvids": "ismcts:1600:guide=pretrained", "marquise": "heuristic", ...}, seeds=[440000])
"""
from __future__ import annotations

import time

import numpy as np

from root_env.data import FACTION_NAMES

GAME_KINDS = ("heuristic", "heuristic_v1")  # compiled heuristics behind HeuristicAgent (act(game))


def seat_agent(faction: str, spec, seed: int):
    """The agent that plays `faction` for `spec` (the module doc), seeded with `seed`; ValueError for a spec this
    loop cannot seat."""
    is_search = isinstance(spec, str) and (spec == "ismcts" or spec.startswith("ismcts:"))
    if not is_search:  # "pretrained" is the faction's policy, or heuristic v2 where none ships (policies.seat_spec)
        from agents.policies import resolve
        spec = resolve(spec, seed, faction=faction)
    if not isinstance(spec, str):
        return spec  # a Python policy: act(observation, action_mask)
    if spec in GAME_KINDS:
        from agents.heuristic_agent import HeuristicAgent
        return HeuristicAgent(faction, seed=seed, version=2 if spec == "heuristic" else 1)
    if is_search:
        from agents.ismcts_agent import ISMCTSAgent
        return ISMCTSAgent.from_spec(faction, spec, seed=seed, threads=1)
    if spec == "random":
        from agents.random_agent import RandomAgent
        return RandomAgent(seed)
    raise ValueError(f"{spec!r} plays only inside the compiled arena, not through the Game API beside a Python agent "
                     f"(seat {faction!r})")


def _acts_on_game(agent) -> bool:
    from agents.heuristic_agent import HeuristicAgent
    from agents.ismcts_agent import ISMCTSAgent
    return isinstance(agent, (HeuristicAgent, ISMCTSAgent))


def play_game(seating, agents: dict, seed: int, max_turns: int = 300, game_options: dict | None = None,
              seat_seeds: dict | None = None) -> dict:
    """One game of `seating` (faction names, seat 1 first) with `agents` (faction -> spec) from `seed`, under
    `game_options` (``Game.new``'s keywords). Returns ``agents.policies.play``'s arrays for one game (``winners``
    bitmask of faction ids, ``vp`` (1, seats), ``truncated``, ``turns``, ``decisions``, ``vp_sources`` (1, seats,
    source), ``factions``) and ``search_seconds`` (CPU seconds each seat's decisions took)."""
    from root_env.game import Game
    from root_env.layout import WINNERS, TRUNCATED, TURN, DECISIONS, VP, VP_SOURCE, N_VS
    seating = tuple(seating)
    if set(agents) != set(seating):
        raise ValueError(f"agents must name one agent for each of {seating}, got {sorted(agents)}")
    g = Game.new(list(seating), seed=int(seed), max_turns=int(max_turns), **(game_options or {}))
    seeds = seat_seeds or {}
    seated = {f: seat_agent(f, agents[f], int(seeds.get(f, seed))) for f in seating}
    on_game = {f: _acts_on_game(a) for f, a in seated.items()}
    spent = np.zeros(len(seating))
    while not g.is_over:
        f = g.current_player
        c0 = time.process_time()
        a = seated[f].act(g) if on_game[f] else seated[f].act(g.observe(f), g.action_mask())
        spent[seating.index(f)] += time.process_time() - c0
        g.apply(a)
    s = g.state
    ids = [FACTION_NAMES.index(f) for f in seating]
    return {"winners": np.array([s[WINNERS]], np.int64),
            "vp": np.array([[s[VP + f] for f in ids]], np.int64),
            "truncated": np.array([bool(s[TRUNCATED])]),
            "turns": np.array([s[TURN]], np.int64), "decisions": np.array([s[DECISIONS]], np.int64),
            "vp_sources": np.array([[[s[VP_SOURCE + f * N_VS + q] for q in range(N_VS)] for f in ids]], np.int64),
            "factions": np.array(list(seating)), "search_seconds": spent}


def faction_seeds(seating, seed: int) -> dict:
    """Seat seeds that differ by faction: ``seed * 8 + faction id`` (the guided search's benchmark seeds its seats
    so, ``benchmarks.guided_search_strength``)."""
    return {f: int(seed) * 8 + FACTION_NAMES.index(f) for f in seating}


def play_games(seating, agents: dict, seeds, max_turns: int = 300, game_options: dict | None = None) -> dict:
    """One game per seed (``play_game``, each seat seeded by ``faction_seeds``), stacked: ``winners``, ``vp``
    (games, seats), ``truncated``, ``turns``, ``decisions``, ``vp_sources``, ``factions`` and ``search_seconds``
    summed over the games."""
    games = [play_game(seating, agents, int(sd), max_turns, game_options, faction_seeds(seating, sd)) for sd in seeds]
    if not games:
        raise ValueError("seeds must name at least one game")
    out = {k: np.concatenate([r[k] for r in games]) for k in ("winners", "vp", "truncated", "turns", "decisions",
                                                                "vp_sources")}
    out["factions"] = games[0]["factions"]
    out["search_seconds"] = np.sum([r["search_seconds"] for r in games], axis=0)
    return out

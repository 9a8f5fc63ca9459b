"""Games with a policy-guided ISMCTS seat (``ismcts:N:guide=pretrained``, ``agents.ismcts_agent``), played in Python.

A guided search asks its policy in Python at every decision, so the compiled arena (``agents.arena.play_games``)
cannot play it. ``play_guided`` plays such games one decision at a time through the ``Game`` API, each seat an agent
with ``act(game)``: a guided or plain ISMCTS spec (``ISMCTSAgent.from_spec``), ``heuristic`` (v2) or
``heuristic_v1`` (``HeuristicAgent``, the compiled heuristics' choice functions). Game i is ``Game.new(seats,
seed=seeds[i])`` with the arena's turn cap, so it is dealt as the arena's game of that seed; the agents' generators
differ from the arena's, so the play is not the arena's move for move (a paired comparison by deal and seat).
``agents.policies.play`` routes a mix with a guided seat here.

    >>> from agents.guided import play_guided
    >>> r = play_guided(("marquise", "eyrie", "alliance", "corvids"),
    ...                 {"corvids": "ismcts:1600:guide=pretrained", "marquise": "heuristic", ...}, seeds=[440000])
"""
from __future__ import annotations

import numpy as np

from root_env.data import FACTION_NAMES

PYTHON_KINDS = ("heuristic", "heuristic_v1")  # beside ismcts specs (guided or not)


def agent_for(faction: str, spec: str, seed: int):
    """The ``act(game)`` agent of `spec` for `faction` (the module doc), seeded."""
    from agents.ismcts_agent import ISMCTSAgent
    from agents.heuristic_agent import HeuristicAgent
    if spec in PYTHON_KINDS:
        return HeuristicAgent(faction, seed=seed, version=2 if spec == "heuristic" else 1)
    if isinstance(spec, str) and (spec == "ismcts" or spec.startswith("ismcts:")):
        return ISMCTSAgent.from_spec(faction, spec, seed=seed, threads=1)
    raise ValueError(f"a game with a guided search seat plays its other seats with {', '.join(PYTHON_KINDS)} or "
                     f"'ismcts:...' specs, got {spec!r} for {faction!r}")


def play_guided(factions, agents: dict, seeds, max_turns: int = 300) -> dict:
    """Play one game per seed (``Game.new(factions, seed=...)``, `max_turns` as the arena's) with `agents`
    (faction -> spec, ``agent_for``). Returns ``winners`` (bitmask of faction ids, as the arena's), ``vp`` (games,
    seats), ``truncated``, ``turns``, ``decisions``, ``factions`` and ``search_seconds`` (CPU seconds each seat's
    decisions took, summed over the games)."""
    import time
    from root_env import Game
    from root_env.layout import WINNERS
    factions = tuple(factions)
    if set(agents) != set(factions):
        raise ValueError(f"agents must name one agent for each of {factions}, got {sorted(agents)}")
    seeds = np.asarray(seeds, np.int64)
    n = len(seeds)
    out = {"winners": np.zeros(n, np.int64), "vp": np.zeros((n, len(factions)), np.int64),
           "truncated": np.zeros(n, bool), "turns": np.zeros(n, np.int64), "decisions": np.zeros(n, np.int64),
           "factions": np.array(factions), "search_seconds": np.zeros(len(factions))}
    for i, seed in enumerate(seeds):
        g = Game.new(factions, seed=int(seed), max_turns=max_turns)
        seated = {f: agent_for(f, agents[f], int(seed) * 8 + FACTION_NAMES.index(f)) for f in factions}
        decisions = 0
        while not g.is_over:
            f = g.current_player
            c0 = time.process_time()
            a = seated[f].act(g)
            out["search_seconds"][factions.index(f)] += time.process_time() - c0
            g.apply(a)
            decisions += 1
        out["winners"][i] = int(g.state[WINNERS])
        out["vp"][i] = [g.vp[f] for f in factions]
        out["truncated"][i] = g.truncated
        out["turns"][i] = g.turn
        out["decisions"][i] = decisions
    return out

"""Games with a Python policy under named game options (e.g. ``setup="advanced"``, the tables of a draft ladder).

``agents.policies.play`` steps Python policies through the trainer's compiled stepper, which starts every game with
the Standard Setup on the Autumn map. A study whose games take game options (``study.check_game_options``) and seat a
Python policy (``pretrained``, ``pretrained:FACTION``, ``ppo:PATH``, ``module:callable``) plays them here instead, one
game at a time through the ``Game`` API: ``Game.new(seating, seed, max_turns=..., **game_options)``, then every decision
by its seat's agent: a Python policy from ``observe`` and the action mask, the compiled heuristics through
``HeuristicAgent`` (seeded with the game's seed), ``random`` through ``RandomAgent``. ISMCTS and the value agent play
only inside the compiled arena (as in ``policies.play``). Game i still depends only on its spec: every agent is
seeded with the game's seed.

Without game options the same seed gives the same game as ``policies.play`` when every seat is a greedy policy (the
test); heuristic and random seats draw from their own generators here, so those games differ from the stepper's.
"""
from __future__ import annotations

import numpy as np


def _seat_agent(spec, faction: str, seed: int):
    """The agent that plays `faction`: a Python policy object, or a HeuristicAgent / RandomAgent for a compiled kind."""
    from agents.policies import resolve
    a = resolve(spec, seed, faction=faction)
    if not isinstance(a, str):
        return a
    if a in ("heuristic", "heuristic_v1"):
        from agents.heuristic_agent import HeuristicAgent
        return HeuristicAgent(faction, seed=seed, version=1 if a == "heuristic_v1" else 2)
    if a == "random":
        from agents.random_agent import RandomAgent
        return RandomAgent(seed)
    raise ValueError(f"ISMCTS and value seats play only inside the compiled arena, not beside a Python policy under "
                     f"game options: got {spec!r} for {faction}")


def play_game(seating, agents: dict, seed: int, max_turns: int = 300, game_options: dict | None = None) -> dict:
    """One game of `seating` (faction names, seat 1 first) with `agents` (faction -> spec) from `seed` under
    `game_options` (``Game.new``'s keyword arguments). Returns ``policies.play``'s result for one game: ``winners``
    (bitmask of faction ids), ``vp`` (1, seats), ``truncated``, ``turns``, ``decisions``, ``vp_sources`` (1, seats,
    VP source), ``factions``."""
    from root_env.game import Game
    from root_env.data import FACTION_NAMES
    from root_env.layout import WINNERS, TRUNCATED, TURN, DECISIONS, VP, VP_SOURCE, N_VS
    from agents.heuristic_agent import HeuristicAgent
    g = Game.new(list(seating), seed=int(seed), max_turns=int(max_turns), **(game_options or {}))
    seat_agents = {f: _seat_agent(agents[f], f, int(seed)) for f in seating}
    while not g.is_over:
        f = g.current_player
        a = seat_agents[f]
        if isinstance(a, HeuristicAgent):  # the compiled heuristic reads the state (only what its player may know)
            g.apply(a.act(g))
        else:
            g.apply(a.act(g.observe(f), g.action_mask()))
    s = g.state
    ids = [FACTION_NAMES.index(f) for f in seating]
    return {"winners": np.array([s[WINNERS]], np.int64),
            "vp": np.array([[s[VP + f] for f in ids]], np.int64),
            "truncated": np.array([bool(s[TRUNCATED])]),
            "turns": np.array([s[TURN]], np.int64), "decisions": np.array([s[DECISIONS]], np.int64),
            "vp_sources": np.array([[[s[VP_SOURCE + f * N_VS + q] for q in range(N_VS)] for f in ids]], np.int64),
            "factions": np.array(list(seating))}

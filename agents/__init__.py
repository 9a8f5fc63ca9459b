"""Baseline agents for root_env: uniformly random, and a heuristic per faction (compiled).

``agents.arena.play_games`` plays whole games between compiled agents inside njit."""

from agents.random_agent import RandomAgent
from agents.heuristic_agent import HeuristicAgent

__all__ = ["RandomAgent", "HeuristicAgent"]

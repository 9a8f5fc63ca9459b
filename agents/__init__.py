"""Baseline agents for root_env: uniformly random, and a heuristic per faction and information-set MCTS (compiled).

``agents.arena.play_games`` plays whole games between compiled agents inside njit."""

from agents.random_agent import RandomAgent
from agents.heuristic_agent import HeuristicAgent
from agents.ismcts_agent import ISMCTSAgent

__all__ = ["RandomAgent", "HeuristicAgent", "ISMCTSAgent"]

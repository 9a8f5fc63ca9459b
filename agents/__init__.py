"""Baseline agents for root_env: uniformly random, a heuristic per faction (``heuristic``, which plays the table, and
the first version ``heuristic_v1``), information-set MCTS and the learned value model's agent (compiled).

``agents.arena.play_games`` plays whole games between compiled agents inside compiled code."""

from agents.random_agent import RandomAgent
from agents.heuristic_agent import HeuristicAgent
from agents.ismcts_agent import ISMCTSAgent
from agents.value_agent import ValueAgent

__all__ = ["RandomAgent", "HeuristicAgent", "ISMCTSAgent", "ValueAgent"]

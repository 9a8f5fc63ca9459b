"""The single-agent Gymnasium environment, now ``root_env.single_agent`` (this module re-exports it, so
``from agents.single_agent import SingleAgentEnv`` keeps working)."""
from root_env.single_agent import SingleAgentEnv, LegalActions, make_vector, COMPILED  # noqa: F401

__all__ = ["SingleAgentEnv", "LegalActions", "make_vector", "COMPILED"]

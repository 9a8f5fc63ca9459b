"""Baseline agents for root_env."""

from agents.random_agent import RandomAgent

__all__ = ["RandomAgent"]

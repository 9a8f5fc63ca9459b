"""The Gymnasium ids of ``root_env.single_agent.SingleAgentEnv``, registered on ``import root_env``.

Registering imports Gymnasium (a core dependency) and nothing else: the entry points are import strings, so the
environment's module, the agents and the compiled engine load only when ``gymnasium.make`` builds an env.

    >>> import gymnasium, root_env
    >>> env = gymnasium.make("root_env/VagabondVsBots-v0", max_turns=100)
"""
from __future__ import annotations

import gymnasium

from .data import BASE_FACTIONS

ENTRY_POINT = "root_env.single_agent:SingleAgentEnv"
VECTOR_ENTRY_POINT = "root_env.single_agent:make_vector"
BOTS = ("bot:mechanical_marquise", "bot:electric_eyrie", "bot:automated_alliance")

# id -> the default keywords of SingleAgentEnv (gymnasium.make(id, **kwargs) overrides any of them)
ENV_IDS = {
    "root_env/SingleAgent-v0": {"faction": "marquise", "factions": BASE_FACTIONS,
                                "opponents": "heuristic", "normalize": True},
    "root_env/VagabondVsBots-v0": {"faction": "vagabond", "factions": ("vagabond",) + BOTS, "normalize": True},
}


def register() -> None:
    """Register every id of ``ENV_IDS`` that is not registered yet."""
    for env_id, kwargs in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, vector_entry_point=VECTOR_ENTRY_POINT,
                               kwargs=dict(kwargs))

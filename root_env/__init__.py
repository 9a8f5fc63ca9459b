"""root_env: a fast, faithful reinforcement-learning environment for Root (Leder Games).

- ``Game``: the engine-level Python API over one flat state array.
- ``env`` / ``raw_env``: the PettingZoo AEC environment with action masking.
- ``Scenario``: build a position directly (for tests and analysis).
- Gymnasium ids ``root_env/SingleAgent-v0`` and ``root_env/VagabondVsBots-v0`` (``root_env.single_agent``),
  registered here; nothing is compiled until ``gymnasium.make`` builds one.
"""
from .game import Game, RootError, IllegalActionError
from .scenario import Scenario
from . import codes, data, layout
from . import registration as _registration

_registration.register()

__all__ = ["Game", "RootError", "IllegalActionError", "Scenario", "env", "raw_env", "obs_fields", "codes", "data",
           "layout"]
__version__ = "0.1.0"


def __getattr__(name):
    # The PettingZoo layer is imported on first use so that the engine API does not pay for it.
    if name in ("env", "raw_env"):
        from . import pettingzoo_env as _env_module
        return getattr(_env_module, name)
    if name == "obs_fields":  # the observation by field name (root_env.observation)
        from .observation import obs_fields
        return obs_fields
    raise AttributeError(f"module 'root_env' has no attribute {name!r}")

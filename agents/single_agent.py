"""A single-agent Gymnasium environment: one faction against a chosen pool of opponents.

    >>> from agents.single_agent import SingleAgentEnv
    >>> env = SingleAgentEnv("marquise", factions=("marquise", "eyrie"), opponents="heuristic")
    >>> obs, info = env.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = env.step(int(env.action_masks().nonzero()[0][0]))

For learners that expect one agent (sb3-contrib's ``MaskablePPO`` reads ``action_masks()``). The
observation is the learner's own view (``Box(float32, OBS_SIZE)``), the action space the engine's
``Discrete(238)``; ``info["action_mask"]`` carries the mask too. Opponents: ``"random"`` and
``"heuristic"`` play inside njit (``agents.train.stepper``); any object with ``act(observation,
action_mask)`` (a ``PPOAgent``, a ``RandomAgent``, a function's wrapper) plays from Python. A dict
gives each opponent faction its own. Reward: +1 if the learner wins, -1 if not, 0 if the game is cut
at ``max_turns`` (then ``truncated``), plus ``vp_reward`` per VP it scores.
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from root_env.codes import N_ACTIONS
from root_env.data import FACTION_NAMES
from root_env.engine.observe import OBS_SIZE
from agents.arena import KIND_RANDOM, KIND_HEURISTIC, KIND_HEURISTIC_V1
from agents.train.stepper import Stepper, KIND_NET

COMPILED = {"random": KIND_RANDOM, "heuristic": KIND_HEURISTIC, "heuristic_v1": KIND_HEURISTIC_V1}


class SingleAgentEnv(gymnasium.Env):
    metadata = {"render_modes": []}

    def __init__(self, faction: str = "marquise", factions=("marquise", "eyrie", "alliance", "vagabond"),
                 opponents: Any = "heuristic", *, max_turns: int = 300, vp_reward: float = 0.0):
        factions = tuple(factions)
        for f in factions:
            if f not in FACTION_NAMES:
                raise ValueError(f"unknown faction {f!r}; known: {', '.join(FACTION_NAMES)}")
        if faction not in factions:
            raise ValueError(f"faction {faction!r} is not seated in {factions}")
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise ValueError(f"max_turns must be a positive int, got {max_turns!r}")
        self.faction, self.factions = faction, factions
        self.seat = factions.index(faction)
        others = {f: (opponents[f] if isinstance(opponents, dict) else opponents) for f in factions if f != faction}
        self.kinds = np.full((1, len(factions)), KIND_NET, np.int64)
        self.python_opponents = {}
        for f, o in others.items():
            p = factions.index(f)
            if isinstance(o, str):
                if o not in COMPILED:
                    raise ValueError(f"opponent {o!r}: 'random', 'heuristic', 'heuristic_v1' or an object with act(obs, mask)")
                self.kinds[0, p] = COMPILED[o]
            elif callable(getattr(o, "act", None)):
                self.python_opponents[p] = o
            else:
                raise ValueError(f"opponent for {f}: 'random', 'heuristic', 'heuristic_v1' or an object with act(obs, mask)")
        self.vp_reward = float(vp_reward)
        self.observation_space = spaces.Box(-np.inf, np.inf, (OBS_SIZE,), np.float32)
        self.action_space = spaces.Discrete(N_ACTIONS)
        self._st = Stepper(1, np.array([FACTION_NAMES.index(f) for f in factions]), max_turns)
        self._vp = 0

    def _to_learner(self) -> bool:
        """Let Python opponents act until the learner decides or the game ends; True if it ended."""
        st = self._st
        while not st.ended[0] and st.seat[0] != self.seat:
            st.step([self.python_opponents[int(st.seat[0])].act(st.obs[0].copy(), st.masks[0].copy())])
        return bool(st.ended[0])

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._st.reset(int(self.np_random.integers(2**31)), self.kinds)
        self._vp = 0
        self._to_learner()
        return self._st.obs[0].copy(), {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        return self._st.masks[0].astype(bool)

    def step(self, action):
        st = self._st
        st.step([int(action)])  # ValueError for an illegal action; the game is unchanged
        if self._to_learner():
            won = (st.winners[0] >> st.factions[self.seat]) & 1
            trunc = bool(st.truncated[0])
            r = 0.0 if trunc else (1.0 if won else -1.0)
            r += self.vp_reward * (st.final_vp[0, self.seat] - self._vp)
            obs = st.final_obs[0, self.seat].copy()
            return obs, r, not trunc, trunc, {"action_mask": np.zeros(N_ACTIONS, bool), "won": bool(won)}
        r = self.vp_reward * (st.vp[0, self.seat] - self._vp)
        self._vp = st.vp[0, self.seat]
        return st.obs[0].copy(), r, False, False, {"action_mask": self.action_masks()}

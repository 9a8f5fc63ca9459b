"""An RLlib multi-agent environment over the engine, and an example self-play PPO config (extra ``dist``).

    >>> from agents.rllib_adapter import RootMultiAgentEnv, self_play_config
    >>> env = RootMultiAgentEnv({"factions": ("marquise", "eyrie")})
    >>> obs, infos = env.reset(seed=0)          # {"marquise": {"observations": ..., "action_mask": ...}}
    >>> algo = self_play_config(("marquise", "eyrie")).build_algo()

Seats: ``factions`` in seating order, 2 to 8 (every faction type, the second Vagabond beside the first; the
engine's ``Game.new`` checks them), any of them a Clockwork bot (``"bot:electric_eyrie[:level][+trait...]"``) as
long as one is not. Agents are the factions that are not bots (``possible_agents``, in seating order); a bot plays
its own seat inside the engine, has no observation and no reward, and can win (every agent then gets -1): one
faction against bots is a single-agent task in RLlib's multi-agent API. Root is turn-based with interrupts, so each step returns an observation for
the one faction that must decide next (RLlib's new API stack lets agents act at different times; an
agent's rewards are collected until its next observation). An observation is a ``Dict`` with the keys
RLlib's action-masking module (``ActionMaskingTorchRLModule``) reads: ``"observations"`` (float32,
``Game.observe(faction, normalize=True)``) and ``"action_mask"`` (float32, 1.0 for a legal action).
At the end of a game every agent gets its final observation and its reward: +1 for a winner, -1 for
the others, 0 for all when the game is cut at ``max_turns`` (then ``truncateds``, else ``terminateds``,
both with ``"__all__"``).

An illegal action raises ``root_env.IllegalActionError`` (a ``ValueError``) and leaves the game unchanged (``illegal_action="raise"``).
RLlib's env checker (run when an algorithm is built) steps one random unmasked action, so the example
config uses ``illegal_action="lose"``: the game ends with -1 for the faction that chose it and 0 for the
others, as in ``root_env.env()``. The masking module itself never picks an illegal action.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from root_env.codes import N_ACTIONS
from root_env.errors import RootError
from root_env.game import Game, IllegalActionError
from root_env.inputs import faction_names
from root_env.names import is_bot_seat
from root_env.observation import observation_space

BASE_FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")
ILLEGAL_ACTION = ("raise", "lose")


class RootMultiAgentEnv(MultiAgentEnv):
    """``config`` (RLlib's ``env_config``): ``factions`` (seating order: 2 to 8 seats, Clockwork bots among them,
    at least one not a bot), ``max_turns`` (300), ``illegal_action`` ("raise" or "lose"). ``seats`` are the seat
    labels as given; ``factions`` and ``possible_agents`` the agents (the seats that are not bots)."""

    def __init__(self, config: dict | None = None):
        super().__init__()
        config = dict(config or {})
        factions = config.pop("factions", BASE_FACTIONS)
        max_turns = config.pop("max_turns", 300)
        illegal = config.pop("illegal_action", "raise")
        if config:
            raise ValueError(f"unknown env_config keys {sorted(config)}; known: factions, max_turns, illegal_action")
        factions = faction_names(factions)  # RootError (a ValueError) for bad seats; an iterator is read once
        Game.new(factions, 0, max_turns=max_turns)  # RootError for a table the engine refuses, or a bad max_turns
        if illegal not in ILLEGAL_ACTION:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTION}, got {illegal!r}")
        self.seats, self.max_turns, self.illegal_action = tuple(factions), max_turns, illegal
        self.factions = tuple(f for f in self.seats if not is_bot_seat(f))  # a bot's seat is no agent
        if not self.factions:
            raise RootError(f"every seat of {list(self.seats)} is a Clockwork bot, so the environment has no agent")
        self.agents = self.possible_agents = list(self.factions)
        space = spaces.Dict({
            # Normalised entries: in [0, 1] where the divisor is a bound, else below 255 / divisor (about [0, 1]).
            "observations": observation_space(max_turns, True),
            "action_mask": spaces.Box(0.0, 1.0, (N_ACTIONS,), np.float32),
        })
        self.observation_spaces = {f: space for f in self.factions}
        self.action_spaces = {f: spaces.Discrete(N_ACTIONS) for f in self.factions}
        self.game: Game | None = None

    def _obs(self, faction: str) -> dict:
        over = self.game.is_over
        mask = np.zeros(N_ACTIONS, np.float32) if over else self.game.action_mask().astype(np.float32)
        return {"observations": self.game.observe(faction, normalize=True), "action_mask": mask}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        # Game i is defined by the seed drawn here, so a seeded reset replays the same game.
        self.game = Game.new(self.seats, int(self.np_random.integers(1 << 62)), max_turns=self.max_turns)
        who = self.game.current_player
        return {who: self._obs(who)}, {}

    def step(self, action_dict: dict):
        if self.game is None or self.game.is_over:
            raise ValueError("step() before reset() or after the game ended")
        who = self.game.current_player
        if set(action_dict) != {who}:
            raise ValueError(f"expected an action for {who!r} only, got one for {sorted(action_dict)}")
        try:
            self.game.apply(int(action_dict[who]))
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            rewards = {f: (-1.0 if f == who else 0.0) for f in self.factions}
            return self._end(rewards, truncated=False)
        if self.game.is_over:
            won = set(self.game.winners)
            truncated = self.game.truncated
            rewards = {f: 0.0 if truncated else (1.0 if f in won else -1.0) for f in self.factions}
            return self._end(rewards, truncated)
        nxt = self.game.current_player
        return {nxt: self._obs(nxt)}, {who: 0.0}, {"__all__": False}, {"__all__": False}, {}

    def _end(self, rewards: dict, truncated: bool):
        """Final observations and rewards for every agent; the episode is over for all of them."""
        obs = {f: self._obs(f) for f in self.factions}
        if not self.game.is_over:  # ended by an illegal action: no more moves are taken in this game
            obs = {f: {**o, "action_mask": np.zeros(N_ACTIONS, np.float32)} for f, o in obs.items()}
        done = {f: not truncated for f in self.factions}
        cut = {f: truncated for f in self.factions}
        return obs, rewards, {**done, "__all__": not truncated}, {**cut, "__all__": truncated}, {}


def shared_policy(agent_id, episode=None, **kwargs) -> str:
    """Self-play: every faction plays the one shared module (the observation tells it which faction it is)."""
    return "shared"


def self_play_config(factions=BASE_FACTIONS, *, max_turns: int = 300, hidden=(256, 256), num_env_runners: int = 0,
                     train_batch_size: int = 4000, minibatch_size: int = 512, num_epochs: int = 4):
    """An example ``PPOConfig``: one shared masked-PPO module for every faction.

    ``num_env_runners`` > 0 samples in that many Ray actors (on any node of the cluster ``ray.init``
    joined); 0 samples in the driver. Build it with ``.build_algo()`` and call ``.train()``."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    module = RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                          model_config={"fcnet_hiddens": list(hidden), "head_fcnet_hiddens": []})
    return (
        PPOConfig()
        .environment(RootMultiAgentEnv, env_config={"factions": tuple(factions), "max_turns": max_turns,
                                                    "illegal_action": "lose"})
        .multi_agent(policies={"shared"}, policy_mapping_fn=shared_policy)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": module}))
        .env_runners(num_env_runners=num_env_runners)
        .training(train_batch_size_per_learner=train_batch_size, minibatch_size=minibatch_size,
                  num_epochs=num_epochs)
    )

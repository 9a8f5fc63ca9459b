# noqa: D212, D415
"""
# Root (PettingZoo AEC environment)

| Import             | `from root_env import env, raw_env`                                   |
|--------------------|-----------------------------------------------------------------------|
| Actions            | Discrete                                                              |
| Parallel API       | No                                                                    |
| Manual Control     | No (terminal play: `python -m root_env.play`)                         |
| Agents             | `agents = ['marquise', 'eyrie']` by default (the factions, in seating order; not a bot seat) |
| Number of agents   | 1 to 5 (2 to 5 seats; a Clockwork bot's seat is no agent)             |
| Action Shape       | (1,)                                                                  |
| Action Values      | Discrete(N_ACTIONS) = Discrete(298)                                   |
| Observation Shape  | dict: observation (OBS_SIZE,) = (4633,) float32, action_mask (298,) int8 |
| Observation Values | counts, flags and turns in [0, max(max_turns, 255)]; [0, ~1] with `normalize=True` |

Root (Leder Games) on the Autumn, Winter, Lake or Mountain map (``map=``), with the four base factions (the Marquise de Cat, the Eyrie
Dynasties, the Woodland Alliance and the Vagabond), a second Vagabond, the Lizard Cult, the Riverfolk
Company, the Corvid Conspiracy, the Lord of the Hundreds, the Keepers in Iron and the Underground Duchy (``factions=``, any two to five of them, in seating order;
``root_env.data.IMPLEMENTED_FACTIONS``).
A seat may be a Clockwork bot (``"bot:mechanical_marquise[:level][+trait...]"``, seed 004): it plays its
faction's turn itself, inside the step of the decision before it, and is no agent: ``possible_agents`` and
``agents`` are the other factions only (one faction against bots is a single-agent environment; a table of bots
alone is refused). A bot can win: every agent then gets -1. ``env.unwrapped.game.bot_events()`` says what the
bots did since the last step, with the rule behind each move.
Agents are faction names. A turn is a sequence of small decisions (choose an action, a clearing, a card,
a count, ...), so one agent usually acts several times in a row, and during an interrupt (Ambush!, Field
Hospitals, Outrage, the Vagabond damaging items, buying Riverfolk services, ...) another faction decides
in the middle of a turn: always act for ``env.agent_selection``, as ``agent_iter()`` does.

### Observation space

``{"observation": float32[OBS_SIZE], "action_mask": int8[N_ACTIONS]}``. The observation is
``Game.observe(agent, normalize=...)``: the public board and what that agent may know (its own hand,
never the other hands, the Alliance's supporters, ruin items, the deck order or, but for the Corvids, the
type of a face-down plot). Its fields are
listed in ``root_env.engine.observe.OBS_TABLE`` and ``docs/actions_and_observations.md``;
``root_env.observation.obs_fields(obs)`` splits it by name. With ``normalize=True`` every entry is
divided by the table's divisor (about [0, 1]). The action mask is the legal actions of the pending
decision for the agent that must decide, all zeros for the others.

### Action space

One fixed ``Discrete(N_ACTIONS)`` = ``Discrete(298)`` (``root_env.codes``) for every faction, seat
and player count: each id belongs to a block (done, clearing, card, faction, count, option, piece,
forest, item, quest); ``env.unwrapped.game.describe(a)`` explains an id in the current position.

### Rewards

Floats. At the end of a game each winner gets +1.0 and every other faction -1.0 (a Vagabond in a
coalition wins with its partner, Law 9.2.8). A game stopped at the turn cap (``max_turns``) is
truncated: all rewards 0.0. In ``env()`` (wrapped) an illegal action ends the game with reward -1.0
for the agent that took it and 0.0 for the others (``TerminateIllegalWrapper``); ``raw_env`` raises
``root_env.IllegalActionError`` and leaves the game unchanged.

### Usage

    >>> from root_env import env as make_env
    >>> e = make_env(factions=("marquise", "eyrie", "alliance", "vagabond"), seed=7)
    >>> e.reset()
    >>> for agent in e.agent_iter():
    ...     obs, reward, termination, truncation, info = e.last()
    ...     if termination or truncation:
    ...         action = None
    ...     else:
    ...         action = e.action_space(agent).sample(obs["action_mask"])
    ...     e.step(action)
    >>> e.close()

``env.unwrapped.game`` is the underlying :class:`root_env.Game` (state array, ``describe``,
``to_dict``, ...). The environment pickles and deep-copies with its whole position.

### Version history

* root_v14: the Underground Duchy (Law 12; the faction ``"duchy"``): an eleventh faction slot, so every per-faction
  field of the observation grows by a row (and the ``cards`` field two features more: a hand and a play area); the
  citadel, market and tunnel piece types (``buildings`` and ``tokens`` grow); seventeen decision kinds more; the
  ``context`` field's move registers may hold the Burrow; the ``duchy_burrow``, ``duchy_ministers``,
  ``duchy_crowns_lost`` and ``duchy_turn`` fields after the last one (4633 entries); the action space has 298 actions
  (a faction, three piece kinds, ten options and the Burrow more); saved states are format 15.
* root_v13: the Keepers in Iron (Law 15; the faction ``"keepers"``): a tenth faction slot, so every per-faction field
  of the observation grows by a row; the waystation and relic piece types (``buildings`` and ``tokens`` grow); the
  ``cards`` field four features more (the Retinue's columns and a card used there this Daylight); twenty decision
  kinds more; the ``keepers_forest_relics``, ``keepers_relics_recovered``, ``keepers_relics_pending``,
  ``keepers_waystations``, ``keepers_retinue``, ``keepers_turn`` and ``keepers_places`` fields after the last one
  (4358 entries); the action space has 283 actions (a faction, twelve piece kinds and sixteen options more); saved
  states take format 14 (records of formats 9 to 13 still replay, ``root_env.legacy``; policy files of formats 11 to
  13 convert with ``python -m agents.layout_convert``).
* root_v12: the Lake map (``map="lake"``; its Ferry, Law C.2.5): the ``ferry`` field (one-hot of the Ferry's clearing,
  then whether it was used this turn) follows the last field (3595 entries in all), the ``decision`` field one kind
  more ("move: with the Ferry?"), and the option block one id more ("with the Ferry", 254 actions); saved states take
  format 13 (records of formats 9 to 12 still replay, ``root_env.legacy``; policy files of formats 11 and 12 convert
  with ``python -m agents.layout_convert``).
* root_v11: the maps (Law Appendix C; ``map="winter"`` or ``"mountain"``): the observation's ``vagabond_pawn`` field
  has a place per forest of the map with the most (10, the Mountain's), the ``decision`` field three kinds more and
  the ``context`` field one register more (removing a Mountain closed path, C.3.3), and ``map`` (one-hot) and
  ``open_paths`` (each pair of clearings linked by an open path) follow the last field (3581 entries in all); the
  action space's forest block grows from 7 to 10 ids and the option block by one (253 actions); saved states take
  format 12 (records of formats 9, 10 and 11 still replay, ``root_env.legacy``).
* root_v10: the Lord of the Hundreds (Law 14; the faction ``"hundreds"``): a ninth faction slot, so every
  per-faction field of the observation grows by a row, the stronghold and mob piece types, twenty decision kinds
  more, the ``hundreds_warlord``, ``hundreds_mood``, ``hundreds_hoard`` and ``hundreds_turn`` fields after the last
  one (3423 entries); the action space has 249 actions (a faction, two piece kinds and eight options more); saved
  states take format 11 (records of formats 9 and 10 still replay, ``root_env.legacy``).
* root_v9: Advanced Setup (Law Appendix A; ``Game.new(setup="advanced")``): the observation's ``decision`` field has
  one kind more ("setup: put a card back", A.10), and ``clearing_suits`` (each clearing's suit this game, A.1),
  ``advanced_setup`` and ``homelands`` follow the last field (3171 entries); saved states take format 10.
* root_v8: the nine Vagabond characters (Law Appendix D; ``Game.new(vagabond_characters=...)``): the
  observation's ``vagabond_character`` field is nine wide, and ``scorched``, ``instigator`` and
  ``vagabond_characters_offered`` follow the last field (3037 entries); six decision kinds more; saved states take
  format 9.
* root_v7: each completed quest is its Vagabond's (Law 9.5.5 with two Vagabonds): the observation's ``quests``
  field has a column per Vagabond for completed quests (2990 entries); the Electric Eyrie's setup puts two bird
  cards from the deck in its Decree under the default ``bot_rules="seed004"`` (the Loyal Viziers under
  ``"law"``); saved states take format 8.
* root_v6: the Electric Eyrie and the Automated Alliance (``bot:electric_eyrie``, ``bot:automated_alliance``) and
  cooperative play against the bots (``cooperative=True``; ``bot_rules="law"`` for the Law of Rootbotics' readings;
  ``bot_options`` for the Automated Alliance's open points): the observation grows to 2975 entries (the game's bot
  options); saved states take format 7.
* root_v5: the first Clockwork bot (``bot:mechanical_marquise``, seed 004), which plays its seat itself and is
  no agent (one faction against bots is a single-agent environment): the
  observation grows to 2973 entries (a card feature for a bot's face-up order card; each faction's bot flag,
  level and traits); saved states take format 6.
* root_v4: a second Vagabond (``vagabond2``, Law 9.8, beside ``vagabond``); the action space stays
  Discrete(238); the observation grows to 2871 entries (every Vagabond field has a row per Vagabond, his
  "R" items, the ruin items the viewer has looked at, the new decision kind); saved states take format 5.
* root_v3: the Riverfolk Company and the Corvid Conspiracy (two to five of the seven implemented
  factions); the action space stays Discrete(238) (new verbs in the option block) and the observation
  grows to 2646 entries (funds, payments and committed warriors by owner, prices, posts in the box,
  services, where plots are and their facing, types ruled out by Exposure, decision kinds); saved states
  take format 4.
* root_v2: the Lizard Cult (two to five of the five implemented factions); the action space grows to
  Discrete(238) (room for the factions still to come in the option block) and the observation to 2502
  entries (the Lost Souls pile, revealed cards, the outcast marker, acolytes); saved states take format 2.
* root_v1: the Woodland Alliance and the Vagabond (two to four of the four base factions); the
  action space grows to Discrete(214) (forest, item and quest blocks) and the observation to 2370
  entries (a decision kind for the order of simultaneous effects, Law 1.1.3); ``normalize=True``;
  rewards are floats.
* root_v0: Marquise de Cat and Eyrie Dynasties, first release (Discrete(182)).
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .codes import N_ACTIONS
from .engine.observe import OBS_SIZE
from .map_data import check_map
from .game import DEFAULT_MAX_TURNS, Game, RootError
from .inputs import (LIZARD_DRAW_BONUS, BOT_RULES, check_choice, check_flag, check_max_turns, check_seed, faction_names,
                     check_cooperative, check_bot_options, check_options_apply)
from .names import is_bot_seat, seat_faction
from .observation import observation_space, seated_fields, OBS_TABLE
from .engine.batch import OBSERVATIONS
from .render import render_text

__all__ = ["env", "raw_env"]


def env(**kwargs) -> AECEnv:
    """The Root AEC environment with the standard PettingZoo classic wrappers (see ``raw_env``)."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1.0)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def _check_seed(seed) -> None:
    if seed is not None:
        check_seed(seed)


class raw_env(AECEnv):
    """Root as a PettingZoo AEC environment (no wrappers).

    Args:
        factions: faction names in seating order (the agents), or Clockwork bot seats
            ("bot:mechanical_marquise:nightmare+blitz", not agents); validated at once.
        seed: seeds the first ``reset()`` that is given no seed, and the seeds drawn for later
            seedless resets (a seeded environment replays the same sequence of games).
        max_turns: turn cap; a game that reaches it ends truncated (no winner, rewards 0).
        render_mode: None, "ansi" (``render()`` returns the position as text), "human" (prints it) or
            "rgb_array" (``render()`` returns the map picture as a uint8 (H, W, 3) array, root_env.picture).
        auto_forced: apply decisions with a single legal option automatically.
        random_seating: draw the seating order at each reset (Law 5.1.1); ``agents`` then lists
            the factions in the drawn order.
        normalize: observations scaled to about [0, 1] (``Game.observe(..., normalize=True)``).
        lizard_draw_bonus: the Lizard Cult's draw-bonus spaces, "current" or "first_printing" (``Game.new``).
        cooperative: seed 004 cooperative play: the agents win together against the bots (``Game.new``); each
            agent's reward is then +1 when the players win and -1 when the bots do.
        bot_rules: "seed004" or "law" (``Game.new``).
        bot_options: the Automated Alliance's options (``Game.new``).
        map: the map, "autumn" (the default), "winter" or "mountain" (``Game.new``; ``map_data.PLAYABLE_MAPS``).
        observation: "full" (the default, OBS_SIZE entries) or "seated": only the entries of the seated factions and
            of the rules in play, the full observation's entries at ``self.obs_index``
            (``root_env.observation.seated_fields``; ``self.obs_table`` names its fields).
    """

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "name": "root_v14", "is_parallelizable": False,
                "render_fps": 2}

    def __init__(self, factions=("marquise", "eyrie"), seed: int | None = None, max_turns: int = DEFAULT_MAX_TURNS,
                 render_mode: str | None = None, auto_forced: bool = False, random_seating: bool = False,
                 normalize: bool = False, lizard_draw_bonus: str = "current", cooperative: bool = False,
                 bot_rules: str = "seed004", bot_options: dict | None = None, map: str = "autumn",
                 observation: str = "full"):
        super().__init__()
        factions = faction_names(factions)  # raises RootError (a ValueError) naming the problem; reads an iterator once
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, "
                             f"got {render_mode!r}")
        _check_seed(seed)
        check_max_turns(max_turns)

        if not isinstance(normalize, (bool, np.bool_)):
            raise TypeError(f"normalize must be True or False, got {normalize!r}")

        self.factions = tuple(factions)  # the seats as given ("bot:..." for a Clockwork bot)
        self.bots = tuple(seat_faction(f) for f in factions if is_bot_seat(f))
        if len(self.bots) == len(self.factions):
            raise RootError(f"factions {list(factions)}: every seat is a Clockwork bot, so the environment has no "
                            "agent; seat at least one faction that is not a bot (a table of bots alone plays itself "
                            "out: Game.new, or a study with root_env.balance)")
        self.normalize = bool(normalize)
        self.init_seed = None if seed is None else int(seed)
        self.max_turns = int(max_turns)
        self.render_mode = render_mode
        self.auto_forced = check_flag("auto_forced", auto_forced)
        self.random_seating = check_flag("random_seating", random_seating)
        self.lizard_draw_bonus = check_choice("lizard_draw_bonus", lizard_draw_bonus, LIZARD_DRAW_BONUS)
        self.cooperative = check_cooperative(factions, cooperative)
        self.bot_rules = check_choice("bot_rules", bot_rules, BOT_RULES)
        self.bot_options = check_bot_options(bot_options)
        check_options_apply(self.factions, self.lizard_draw_bonus, self.bot_rules, bot_options)
        self.map = check_map(map)
        self.observation = check_choice("observation", observation, OBSERVATIONS)
        layout = seated_fields(self.factions) if self.observation == "seated" else None
        self.obs_index = None if layout is None else layout.index  # None: every entry
        self.obs_table = OBS_TABLE if layout is None else layout.table
        self._obs_size = OBS_SIZE if layout is None else layout.size

        # Agents are the factions that are not Clockwork bots (a bot plays its seat itself and never decides).
        self.possible_agents = [f for f in self.factions if not is_bot_seat(f)]
        self.agents = self.possible_agents[:]
        # One (equal) space object per agent, so that seeding one does not reseed another.
        self.observation_spaces = {a: spaces.Dict({
            "observation": observation_space(self.max_turns, self.normalize, self.obs_index),
            "action_mask": spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in self.possible_agents}

        self.game: Game | None = None
        # Seeds for seedless resets: from the constructor seed if given, else fresh entropy.
        self._seed_rng = np.random.default_rng(self.init_seed)
        self._first_reset = True

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ API
    def observe(self, agent) -> dict[str, np.ndarray]:
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        if self.game is None:
            return {"observation": np.zeros(self._obs_size, dtype=np.float32), "action_mask": mask}
        if agent == self.game.current_player:
            mask = self.game.action_mask()
        obs = self.game.observe(agent, self.normalize)
        return {"observation": obs if self.obs_index is None else obs[self.obs_index], "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        _check_seed(seed)
        if seed is not None:
            # Like gymnasium: a seed fixes this game and the seeds of the seedless resets after it.
            game_seed = int(seed)
            self._seed_rng = np.random.default_rng(game_seed)
        elif self._first_reset and self.init_seed is not None:
            game_seed = self.init_seed
        else:
            game_seed = int(self._seed_rng.integers(0, 1 << 62))
        self._first_reset = False
        self.game = Game.new(self.factions, seed=game_seed, max_turns=self.max_turns,
                             random_seating=self.random_seating, auto_forced=self.auto_forced,
                             lizard_draw_bonus=self.lizard_draw_bonus, cooperative=self.cooperative,
                             bot_rules=self.bot_rules, bot_options=self.bot_options, map=self.map)
        self.agents = [f for f in self.game.factions if f not in self.game.bots]  # seating order of this game
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._update_infos()
        self.agent_selection = self.game.current_player
        if self.game.is_over:  # only possible with a degenerate max_turns; keep the API consistent
            self._finish()

    def step(self, action) -> None:
        if self.game is None:
            raise RootError("call reset() before step()")
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        # Raises IllegalActionError (a ValueError) with the game unchanged.
        self.game.apply(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.is_over:
            self._finish()
        else:
            self.agent_selection = self.game.current_player
            self._update_infos()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode. "
                "Use raw_env(render_mode='ansi') to get the position as text.")
            return None
        if self.render_mode == "rgb_array":
            from .picture import to_rgb_array, WIDTH, HEIGHT
            return np.zeros((HEIGHT, WIDTH, 3), np.uint8) if self.game is None else to_rgb_array(self.game)
        text = "(no game: call reset() first)" if self.game is None else render_text(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers
    def _clear_rewards(self) -> None:
        # AECEnv clears to the int 0; rewards here are always floats
        for agent in self.rewards:
            self.rewards[agent] = 0.0

    def _update_infos(self) -> None:
        g = self.game
        for a in self.agents:
            self.infos[a] = {"decision": g.decision, "decider": g.current_player, "turn": g.turn}

    def _finish(self) -> None:
        """The game is over: set rewards, terminations or truncations, and final infos."""
        g = self.game
        winners = g.winners
        if g.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.terminations = dict.fromkeys(self.agents, True)
            if winners:
                for a in self.agents:
                    self.rewards[a] = 1.0 if a in winners else -1.0
        vp = g.vp
        for a in self.agents:
            self.infos[a] = {"decision": g.decision, "decider": None, "turn": g.turn, "winners": list(winners),
                             "truncated": g.truncated, "vp": vp[a]}
        # Keep a valid agent selected; agent_iter then lets each finished agent step with None.
        if self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]


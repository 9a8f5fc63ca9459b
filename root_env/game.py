"""The engine-level Python API, without PettingZoo: ``Game``.

    >>> g = Game.new(factions=("marquise", "eyrie"), seed=7)
    >>> while not g.is_over:
    ...     g.apply(int(g.legal_actions()[0]))

A ``Game`` wraps one state array (``g.state``). Every method checks its input and raises
``ValueError`` (or a subclass) naming the problem, leaving the game exactly as it was.
"""
from __future__ import annotations

import numpy as np

from . import codes as K
from .actions import describe as _describe, AS_DECIDER
from .data import (FACTION_NAMES, SUIT_NAMES, BT_NAMES,
                   TT_NAMES,
                   NC, NF, NBT, NTT, NCARD, NITEM, ITEM_NAMES, LEADER_NAMES, DECREE_COLUMNS,
                   ALLIANCE, LIZARDS, RIVERFOLK, CORVIDS, EYRIE, EE_COLUMNS)
from .engine import core
from .engine.observe import observe as _observe, normalize as _normalize, OBS_SIZE
from .errors import RootError, IllegalActionError
from .inputs import (check_homelands, check_die, check_clearing, DEFAULT_MAX_TURNS, LIZARD_DRAW_BONUS, check_action, check_choice, check_flag, check_max_turns,
                     check_seed, faction_ids, option_bits, check_vagabond_characters, check_cooperative, BOT_RULES, check_bot_options,
                     check_options_apply, check_start_acolytes, faction_names, state_array)
from .names import (card_label, vagabond_dict, vagabonds_seated, pawns_in, ruin_contents, lizards_dict, riverfolk_dict,
                    corvids_dict, plot_dict, hundreds_dict, keepers_dict, duchy_dict)
from .data import HUNDREDS, KEEPERS, DUCHY
from .map_data import check_map, MAP_NAMES
from .names import bot_factions, bot_dict, bot_events, bot_turn, seat_label, seat_faction
from .layout import SCORCHED, SETUP_NAMES, SETUP_KIND, CLEARING_SUITS, HOMELAND, MAP, FERRY, ADJ_OPEN
from .layout import (VERSION, NSEATS, SEAT_FACTION, FACTION_SEAT, TURN, ACTIVE, PHASE,
                     PHASE_NAMES, GAME_OVER, WINNERS, TRUNCATED, DECISION, DECIDER, LEGAL, LEGAL_N, VP, DOMINANCE,
                     WARRIORS, BUILDINGS, TOKENS, RUINS, CARD_LOC, LOC_HAND, LOC_DISCARD, LOC_CRAFTED, LOC_DECREE,
                     LOC_AVAILABLE, DECK_N, ITEM_SUPPLY, CRAFTED_ITEMS, EY_LEADER, EY_VIZIER_COL, MAX_TURNS, BOT,
                     DECISIONS, VP_SOURCE, VP_SOURCE_NAMES, N_VS, LOC_SUPPORTERS, AL_OFFICERS,
                     LOC_LOST_SOULS,
                     ITEM_BOX)

__all__ = ["Game", "RootError", "IllegalActionError", "faction_ids", "validate_state", "DEFAULT_MAX_TURNS"]


def validate_state(state) -> np.ndarray:
    """A checked int64 copy of a state array from outside (``inputs.state_array``)."""
    return state_array(state)


class Game:
    """One game of Root over a flat state array. Create with ``Game.new``."""

    def __init__(self, state: np.ndarray):
        self.state = validate_state(state)
        core.ensure_compiled()  # a cold cache: say so before the first apply compiles (engine.firstrun)
        self._options = None  # Game.new's arguments, for records (None: no replayable history)
        self._actions = None  # actions applied since Game.new
        self._bot_turn = None  # (bot, its order card) when the last decision was taken inside a bot's turn
        self._start = None  # a Scenario's first position: its record replays from there (records.to_record)
        self._dice = []  # [actions taken, attacker, defender] for each roll chosen with Game.dice
        self._paused = False  # Scenario.start(paused=True): no decision pending, bot_step/resume run the steps

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, factions=("marquise", "eyrie"), seed: int | None = None, *, max_turns: int = DEFAULT_MAX_TURNS,
            random_seating: bool = False, auto_forced: bool = False,
            lizard_draw_bonus: str = "current", cooperative: bool = False, bot_rules: str = "seed004",
            bot_options: dict | None = None, vagabond_characters=None, setup: str = "standard",
            lizard_start_acolytes: int = 0, map: str = "autumn") -> "Game":
        """A new game. `factions` is the seating order; the first plays first unless
        `random_seating` (Law 5.1.1). `max_turns` caps the game (it then ends truncated, no winner).
        `auto_forced` applies decisions with a single legal option automatically.
        `lizard_draw_bonus`: where the Lizard Cult's card-draw icons sit, ``"current"`` (the 2nd gardens
        space of every suit) or ``"first_printing"`` (fox 2nd, rabbit 3rd, mouse 4th space).
        `cooperative` (seed 004): the players who are not bots win together when each has 30 VP before any bot
        has 30; the bots win together otherwise; bots do not target each other; no dominance cards. It needs a
        bot seat ("bot:...") and a player. `bot_rules`: ``"seed004"`` (the digital rules, the default) or
        ``"law"`` (the Law of Rootbotics' readings where the two differ; docs/rules.md). `bot_options`: the
        Automated Alliance's open points, e.g. ``{"aa_bird_order": "any"}`` (``inputs.BOT_OPTIONS``; docs/rules.md).
        `vagabond_characters`: the characters a Vagabond may choose (Law 9.3.1, Appendix D), e.g. ``("thief",
        "tinker", "ranger")`` for the base game's; None (the default): every playable one
        (``data.IMPLEMENTED_CHARACTERS``). `setup`: ``"standard"`` (Law 5.1, the default) or ``"advanced"``
        (Appendix A: the suit markers shuffled onto the clearings, five cards drawn and three kept, the factions set up
        in reverse seat order choosing homelands by A.8.2; docs/rules.md, Advanced Setup). To draft the factions as
        A.8.1 does, see ``root_env.setup.draft``. `lizard_start_acolytes`: a study option, the Lizard Cult begins
        with this many warriors (0 to 4) from its supply in the Acolytes box; the Law's setup places none (10.3), and
        one is the community's proposed buff (``balance whatif --option lizard_start_acolytes=1``). `map`: the map
        (Law Appendix C): ``"autumn"`` (the default, its printed suits) or ``"winter"`` (the suit markers shuffled onto
        the clearings, A.1; the river divides forests, C.1.1) or ``"mountain"`` (the markers shuffled; closed paths removed
        for a card and 1 VP, C.3.3; the Pass, C.3.4); ``map_data.PLAYABLE_MAPS``. The Lake map is refused until the Ferry
        (C.2.5) is in."""
        names = faction_names(factions)  # an iterator is read once, here
        ids = faction_ids(names)  # a Clockwork bot seat ("bot:...") carries its level and traits
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 62))
        seed = check_seed(seed)
        max_turns = check_max_turns(max_turns)
        random_seating = check_flag("random_seating", random_seating)
        auto_forced = check_flag("auto_forced", auto_forced)
        lizard_draw_bonus = check_choice("lizard_draw_bonus", lizard_draw_bonus, LIZARD_DRAW_BONUS)
        cooperative = check_cooperative(names, cooperative)
        bot_rules = check_choice("bot_rules", bot_rules, BOT_RULES)
        given, bot_options = bot_options, check_bot_options(bot_options)
        lizard_start_acolytes = check_start_acolytes(lizard_start_acolytes)
        check_options_apply(names, lizard_draw_bonus, bot_rules, given, lizard_start_acolytes)  # none that does not apply
        vagabond_characters = check_vagabond_characters(names, vagabond_characters)
        setup = check_choice("setup", setup, SETUP_NAMES)
        check_homelands(names, setup)
        map = check_map(map)
        state = core.make_state()
        core.new_game(state, ids, seed, max_turns, int(random_seating),
                      option_bits(auto_forced, lizard_draw_bonus, cooperative, bot_rules, bot_options,
                                  vagabond_characters, setup, lizard_start_acolytes, map))
        g = cls._wrap(state)
        g._options = {"factions": names, "seed": seed, "max_turns": max_turns,
                      "random_seating": random_seating, "auto_forced": auto_forced,
                      "lizard_draw_bonus": lizard_draw_bonus, "cooperative": cooperative, "bot_rules": bot_rules,
                      "bot_options": bot_options}
        if vagabond_characters is not None:
            g._options["vagabond_characters"] = vagabond_characters
        if setup != "standard":
            g._options["setup"] = setup  # absent in a standard game's options, as in records made before it existed
        if lizard_start_acolytes:
            g._options["lizard_start_acolytes"] = lizard_start_acolytes  # absent at the Law's 0, as setup is
        if map != "autumn":
            g._options["map"] = map  # absent on the Autumn map, as in records made before the maps
        g._actions = []
        return g

    @classmethod
    def from_state(cls, state) -> "Game":
        """A game from a saved state array, refused (RootError naming the region) unless fully valid."""
        return cls(state)

    @classmethod
    def _wrap(cls, state: np.ndarray) -> "Game":
        """A game over a state the engine itself produced (no check, no copy, no history)."""
        g = cls.__new__(cls)
        g.state = state
        g._options = None
        g._actions = None
        g._bot_turn = None
        g._start = None
        g._dice = []
        g._paused = False
        return g

    def copy(self) -> "Game":
        """An independent copy."""
        g = Game.__new__(Game)
        g.state = self.state.copy()
        g._options = getattr(self, "_options", None)
        actions = getattr(self, "_actions", None)
        g._actions = None if actions is None else list(actions)
        g._bot_turn = getattr(self, "_bot_turn", None)
        start = getattr(self, "_start", None)
        g._start = None if start is None else start.copy()
        g._dice = [list(d) for d in getattr(self, "_dice", [])]
        g._paused = getattr(self, "_paused", False)
        return g

    # ------------------------------------------------------------------ playing
    def legal_actions(self) -> np.ndarray:
        """The legal action ids of the pending decision (empty when the game is over)."""
        return self.state[LEGAL:LEGAL + int(self.state[LEGAL_N])].copy()

    def action_mask(self) -> np.ndarray:
        """int8 mask over the whole action space."""
        m = np.zeros(K.N_ACTIONS, dtype=np.int8)
        core.fill_mask(self.state, m)
        return m

    def apply(self, action) -> None:
        """Apply an action for the current player. Raises IllegalActionError (game unchanged)."""
        a = check_action(action)
        if self.is_over:
            raise IllegalActionError(f"action {a}: the game is over")
        if getattr(self, "_paused", False):
            raise IllegalActionError(f"action {a}: the game is paused before a step (Scenario.start(paused=True)) "
                                     f"and no decision is pending: run bot_step() or resume() first")
        turn = bot_turn(self.state)
        rc = core.apply(self.state, a)
        if rc != core.OK:
            legal = ", ".join(str(x) for x in self.legal_actions())
            raise IllegalActionError(
                f"action {a} is not legal for the pending decision "
                f"({K.DECISION_NAMES[int(self.state[DECISION])]} by {self.current_player}); legal: {legal}")
        if getattr(self, "_actions", None) is not None:
            self._actions.append(a)
        self._bot_turn = turn

    def dice(self, attacker: int, defender: int) -> "Game":
        """Choose the next battle's roll: its two dice show `attacker` and `defender` (each 0..3) instead of a
        random roll. The dice are then dealt by the rules (Law 4.3.2: the attacker the higher, the defender the
        lower; a defending Alliance the other way round, 8.2.2), so give ``attacker >= defender`` for an
        ordinary battle. Several calls queue rolls for the battles that follow, first in first out (at most
        ``layout.N_DICE`` waiting); each is used by one battle's roll (a battle that ends before its roll, as
        after an ambush, uses none). The choice is part of the state (``layout.DICE``) and of the game's
        record (``dice``), so a replay rolls the same; no observation shows it, and ``determinize`` drops it
        with the rest of the dice. Returns the game."""
        from .records import push_dice
        att, dfd = (check_die("attacker", attacker), check_die("defender", defender))
        if self.is_over:
            raise RootError("the game is over: no battle is left to roll for")
        push_dice(self.state, att, dfd)
        if getattr(self, "_actions", None) is not None:
            self._dice.append([len(self._actions), att, dfd])
        return self

    def rules(self, clearing: int) -> dict:
        """Who rules printed clearing `clearing` (1..12) now and why: ``{"ruler": faction or None, "reason": ...,
        "law": rule number, "counts": {faction: warriors + buildings counted}, "mercenaries": buyer or None}``.
        Reasons: ``"pilgrims"`` (a garden: the Lizard Cult, Law 10.2.4), ``"lords of the forest"`` (the Eyrie
        tied for most, 7.2.2), ``"most pieces"`` (2.8), ``"mercenaries"`` (the buyer of Mercenaries rules with the
        Riverfolk's warriors counted as its own, 11.2.7.III), ``"tie"`` (no one rules), ``"empty"`` (no
        warriors or buildings). The ruler is the engine's own (``engine.board.ruler``)."""
        from .rule_reason import rule_reason
        return rule_reason(self.state, check_clearing(clearing))

    def bot_step(self) -> list[str]:
        """Run a paused game (``Scenario.start(..., paused=True)``) one step on: engine steps until a Clockwork
        bot logs one more thing it did and that thing is done (a battle it begins is fought, a move's Outrage is
        paid), a decision is pending, or the game ends. Returns what the bots did in
        that step, in words (``bot_events`` holds everything since the last decision). When a decision comes,
        the game is no longer paused: play on with ``apply``. Use it to check a bot's turn one thing at a
        time; ``resume`` runs to the next decision at once."""
        if not getattr(self, "_paused", False):
            raise RootError("bot_step runs a paused game: start the scenario with Scenario.start(..., paused=True)")
        from .names import bot_row_sentences
        from .layout import BOT_LOG_N, N_BOT_LOG
        from .scenario import run_steps
        s = self.state
        if int(s[BOT_LOG_N]) >= N_BOT_LOG:
            s[BOT_LOG_N] = 0  # the log is full: start a new one, so that the next row can be seen
        n0 = int(s[BOT_LOG_N])
        bot, card = bot_turn(s) or (None, None)
        if run_steps(s, stop_at_log=True):
            self._unpause()
        return [x for x in bot_row_sentences(s, bot, card)[n0:] if x]

    def resume(self) -> "Game":
        """Run a paused game to its next decision (or its end). Returns the game."""
        if not getattr(self, "_paused", False):
            raise RootError("resume runs a paused game (Scenario.start(..., paused=True)); this one is not paused")
        from .scenario import run_steps
        run_steps(self.state, stop_at_log=False)
        self._unpause()
        return self

    def _unpause(self) -> None:
        """A decision is pending (or the game is over): play goes on, and a Scenario's record starts here."""
        self._paused = False
        if getattr(self, "_actions", None) is not None and not self._actions:
            self._start = self.state.copy()

    def bot_events(self) -> list[str]:
        """What the Clockwork bots did since the last decision (right after ``Game.new``: their setup and any
        turns played before the first decision), one sentence per thing done, in order, each naming the seed
        004 rule behind it: "Mechanical Marquise recruits 2 warriors in clearing 3 (rabbit) (ordered clearing
        she rules)" (``names.bot_sentence``). Empty in a game without bots."""
        bot, card = getattr(self, "_bot_turn", None) or (None, None)
        return bot_events(self.state, bot, card)

    def describe(self, action, viewer: str | None = AS_DECIDER) -> str:
        """A readable line for `action` as an answer to the pending decision, as `viewer` reads it (a
        faction name; None: the whole table; default: the faction deciding). Only the Corvids read the type
        of a face-down plot (seed 003 13.2.2.I)."""
        if viewer is not None and viewer != AS_DECIDER:
            self._faction_id(viewer)  # a faction in this game, else RootError
        return _describe(self.state, check_action(action), viewer)

    def observe(self, player: str, normalize: bool = False) -> np.ndarray:
        """float32 observation vector of what `player` may know (see docs/actions_and_observations.md);
        with `normalize`, every entry scaled to about [0, 1] (``engine.observe.normalize``)."""
        if not isinstance(normalize, (bool, np.bool_)):
            raise TypeError(f"normalize must be True or False, got {normalize!r}")
        f = self._faction_id(player)
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        _observe(self.state, f, out)
        return _normalize(self.state, out) if normalize else out

    # ------------------------------------------------------------------ queries
    def _faction_id(self, player: str) -> int:
        if player not in FACTION_NAMES or self.state[FACTION_SEAT + FACTION_NAMES.index(player)] < 0:
            raise RootError(f"{player!r} is not a faction in this game ({', '.join(self.factions)})")
        return FACTION_NAMES.index(player)

    @property
    def factions(self) -> tuple[str, ...]:
        """Faction names in seating order."""
        return tuple(FACTION_NAMES[int(self.state[SEAT_FACTION + s])] for s in range(int(self.state[NSEATS])))

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in seating order as given to ``Game.new`` ("bot:mechanical_marquise:nightmare" for a
        Clockwork bot, else the faction's name); for a game without its options (from a state or a snapshot)
        as the state holds them (``names.seat_label``: the level left out when normal)."""
        given = {}
        for name in (getattr(self, "_options", None) or {}).get("factions", ()):
            given[seat_faction(name)] = name
        return tuple(given.get(f, seat_label(self.state, FACTION_NAMES.index(f))) for f in self.factions)

    @property
    def bots(self) -> tuple[str, ...]:
        """The factions played by Clockwork bots (plain names, as in ``factions``), in seating order."""
        return tuple(FACTION_NAMES[f] for f in bot_factions(self.state))

    @property
    def current_player(self) -> str | None:
        """The faction that must decide now (None when the game is over)."""
        d = int(self.state[DECIDER])
        return None if self.is_over or d < 0 else FACTION_NAMES[d]

    @property
    def active(self) -> str | None:
        """The faction whose turn it is (during setup: the faction setting up)."""
        a = int(self.state[ACTIVE])
        return None if a < 0 else FACTION_NAMES[a]

    @property
    def is_over(self) -> bool:
        return bool(self.state[GAME_OVER])

    @property
    def truncated(self) -> bool:
        """The game stopped at the turn cap without a winner."""
        return bool(self.state[TRUNCATED])

    @property
    def winners(self) -> list[str]:
        w = int(self.state[WINNERS])
        return [FACTION_NAMES[f] for f in range(NF) if (w >> f) & 1]

    @property
    def vp(self) -> dict[str, int]:
        return {n: int(self.state[VP + FACTION_NAMES.index(n)]) for n in self.factions}

    @property
    def turn(self) -> int:
        return int(self.state[TURN])

    @property
    def phase(self) -> str:
        return PHASE_NAMES[int(self.state[PHASE])]

    @property
    def decision(self) -> str:
        return K.DECISION_NAMES[int(self.state[DECISION])]

    def hand(self, player: str) -> list[str]:
        f = self._faction_id(player)
        return [card_label(c) for c in range(NCARD) if self.state[CARD_LOC + c] == LOC_HAND + f]

    @property
    def setup(self) -> str:
        """Which setup the game used: ``"standard"`` (Law 5.1) or ``"advanced"`` (Appendix A)."""
        return SETUP_NAMES[int(self.state[SETUP_KIND])]

    @property
    def map(self) -> str:
        """The map the game is played on: ``"autumn"``, ``"winter"``, ``"lake"`` or ``"mountain"`` (Law Appendix C)."""
        return MAP_NAMES[int(self.state[MAP])]

    @property
    def homelands(self) -> dict:
        """Each faction's homeland clearings (1-based; the starting clearing its setup chose, or in Advanced Setup the
        clearings its setup card chose, A.8.2: the Marquise three, the Keepers two)."""
        s = self.state
        return {FACTION_NAMES[f]: [c + 1 for c in range(NC) if (int(s[HOMELAND + f]) >> c) & 1]
                for f in range(len(FACTION_NAMES)) if s[HOMELAND + f] != 0}

    def to_dict(self) -> dict:
        """The whole position as a JSON-ready dict (everything, hidden information included: every hand,
        and the type of every face-down plot of the Corvids). With the Corvids seated, each clearing has a
        ``plot`` (None, or its type, ``face_up`` and the types Exposure ``ruled_out``) and ``corvids`` is
        their board. What one player may know: ``information_view``; the plots alone as a viewer sees them:
        ``names.hide_plots``."""
        s = self.state
        seated = [FACTION_NAMES.index(n) for n in self.factions]
        clearings = []
        for c in range(NC):
            blds = [BT_NAMES[b] for b in range(NBT) for _ in range(int(s[BUILDINGS + b * NC + c]))]
            blds += ["ruin"] * int(s[RUINS + c])
            toks = [TT_NAMES[t] for t in range(NTT) for _ in range(int(s[TOKENS + t * NC + c]))]
            clearings.append({
                "id": c + 1, "suit": SUIT_NAMES[int(s[CLEARING_SUITS + c])],
                "warriors": {FACTION_NAMES[f]: int(s[WARRIORS + f * NC + c]) for f in seated
                             if s[WARRIORS + f * NC + c] > 0},
                "buildings": blds, "tokens": toks,
                "pawns": pawns_in(s, seated, c)})
            if CORVIDS in seated:
                clearings[-1]["plot"] = plot_dict(s, c)
            if (int(s[SCORCHED]) >> c) & 1:
                clearings[-1]["scorched"] = True  # the Scoundrel's torch lies here (Appendix D.6)
        loc = s[CARD_LOC:CARD_LOC + NCARD]

        def cards_at(where):
            return [card_label(c) for c in range(NCARD) if loc[c] == where]

        d = {
            "format_version": int(s[VERSION]),
            "factions": list(self.factions),
            "setup": self.setup,
            "map": self.map,
            **({"ferry": f"clearing {int(s[FERRY]) + 1}"} if int(s[FERRY]) >= 0 else {}),  # the Lake's (C.2.5)
            **({"opened_paths": opened} if (opened := self._opened_paths()) else {}),  # the Mountain's (C.3.3)
            "turn": self.turn,
            "max_turns": int(s[MAX_TURNS]),
            "active": self.active,
            "current_player": self.current_player,
            "phase": self.phase,
            "decision": self.decision,
            "legal_actions": [int(a) for a in self.legal_actions()],
            "decisions_taken": int(s[DECISIONS]),
            "vp": self.vp,
            "vp_sources": {FACTION_NAMES[f]: {VP_SOURCE_NAMES[i]: int(s[VP_SOURCE + f * N_VS + i])
                                              for i in range(len(VP_SOURCE_NAMES))} for f in seated},
            "dominance": {FACTION_NAMES[f]: SUIT_NAMES[int(s[DOMINANCE + f]) - 1] for f in seated
                          if s[DOMINANCE + f] > 0},
            "clearings": clearings,
            "hands": {FACTION_NAMES[f]: cards_at(LOC_HAND + f) for f in seated},
            "crafted": {FACTION_NAMES[f]: cards_at(LOC_CRAFTED + f) for f in seated},
            "crafted_items": {FACTION_NAMES[f]: {ITEM_NAMES[i]: int(s[CRAFTED_ITEMS + f * NITEM + i])
                                                 for i in range(NITEM) if s[CRAFTED_ITEMS + f * NITEM + i] > 0}
                              for f in seated},
            "item_supply": {ITEM_NAMES[i]: int(s[ITEM_SUPPLY + i]) for i in range(NITEM)},
            "deck_size": int(s[DECK_N]),
            "discard": cards_at(LOC_DISCARD),
            "available_dominance": cards_at(LOC_AVAILABLE),
            "winners": self.winners,
            "truncated": self.truncated,
        }
        if ALLIANCE in seated:
            d["alliance"] = {"officers": int(s[AL_OFFICERS]), "supporters": cards_at(LOC_SUPPORTERS)}
        for v in vagabonds_seated(seated):
            d[FACTION_NAMES[v]] = vagabond_dict(s, seated, v)
        if LIZARDS in seated:
            d["lizards"] = lizards_dict(s)
            d["lost_souls"] = cards_at(LOC_LOST_SOULS)
        if RIVERFOLK in seated:
            d["riverfolk"] = riverfolk_dict(s)
        if CORVIDS in seated:
            d["corvids"] = corvids_dict(s)
        if HUNDREDS in seated:
            d["hundreds"] = hundreds_dict(s)
        if KEEPERS in seated:
            d["keepers"] = keepers_dict(s)  # face-down relics by type only: nobody knows their values (15.2.1)
        if DUCHY in seated:
            d["duchy"] = duchy_dict(s)  # all public (Law 12); its revealed cards too
        d["ruin_items"] = ruin_contents(s)
        d["item_box"] = {ITEM_NAMES[i]: int(s[ITEM_BOX + i]) for i in range(NITEM) if s[ITEM_BOX + i] > 0}
        bots = bot_factions(s)
        if bots:
            d["bots"] = {FACTION_NAMES[f]: {"seat": self.seats[self.factions.index(FACTION_NAMES[f])],
                                            **bot_dict(s, f)} for f in bots}
        if FACTION_NAMES.index("eyrie") in seated:
            lead = int(s[EY_LEADER])
            # the Electric Eyrie's Decree has a column per suit (fox, mouse, rabbit, bird), the human's per action
            cols = ([(SUIT_NAMES[k], int(k)) for k in EE_COLUMNS] if s[BOT + EYRIE]
                    else list(zip(DECREE_COLUMNS, range(4))))
            d["eyrie"] = {
                "leader": LEADER_NAMES[lead] if lead >= 0 else None,
                "decree": {name: cards_at(LOC_DECREE + col)
                           + ["Loyal Vizier"] * sum(int(s[EY_VIZIER_COL + v]) == col for v in range(2))
                           for name, col in cols},
            }
        return d

    # ------------------------------------------------------------------ records, pictures, logs (issue 5)
    # Thin wrappers: the work is done in records.py, picture.py, gamelog.py and hidden.py.
    def _opened_paths(self) -> list:
        """The Mountain's closed paths removed so far (Law C.3.3), as pairs of clearing numbers."""
        from .map_data import MAP_CLOSED_PATH
        m = int(self.state[MAP])
        return [[a + 1, b + 1] for a in range(NC) for b in range(a + 1, NC)
                if MAP_CLOSED_PATH[m, a, b] and (int(self.state[ADJ_OPEN + a]) >> b) & 1]

    def to_record(self) -> dict:
        """JSON-ready replayable record: Game.new's options, the seed and every action (records.py)."""
        from . import records
        return records.to_record(self)

    @classmethod
    def from_record(cls, record) -> "Game":
        """Rebuild a game by replaying a record (dict or JSON text); raises RecordError if it is bad."""
        from . import records
        state, opts, actions, turn, start, dice = records.replay_game(record)
        g = cls._wrap(state)
        g._options = {**opts, "factions": tuple(opts["factions"])}
        g._actions = actions
        g._bot_turn = turn
        g._start = start
        g._dice = dice
        return g

    def to_snapshot(self) -> dict:
        """JSON-ready snapshot of the state array (with its format version and checksum)."""
        from . import records
        return records.to_snapshot(self)

    @classmethod
    def from_snapshot(cls, snapshot) -> "Game":
        """A game from a snapshot (dict or JSON text), refused with a RecordError naming the problem
        unless its state passes every check (it carries no history, so it cannot make a record)."""
        from . import records
        return cls._wrap(records.snapshot_state(snapshot))

    @classmethod
    def from_dict(cls, d: dict, what: str = "game file") -> "Game":
        """A game from a parsed record or snapshot (told apart by its ``format`` field)."""
        from . import records
        try:
            if records.file_form(d, what) == "record":
                return cls.from_record(d)
            return cls.from_snapshot(d)
        except records.RecordError as e:
            raise records.RecordError(f"{what}: {e}" if not str(e).startswith(what) else str(e)) from None

    def save(self, path, form: str = "record"):
        """Write the game to `path` as JSON, as a replayable ``"record"`` or a ``"snapshot"``."""
        from . import records
        return records.save(self, path, form)

    @classmethod
    def load(cls, path) -> "Game":
        """Read a record or a snapshot written by ``save``; refuses (RecordError) a file that is not a
        regular file of at most 64 MB, or whose game it cannot fully validate."""
        from . import records
        return cls.from_dict(records.read_file(path), str(path))

    def to_svg(self, viewer: str | None = None) -> str:
        """The Autumn map with every piece, VP and the turn, as an SVG document (picture.py): public, or
        with the type of each face-down plot for ``viewer="corvids"`` (seed 003 13.2.2.I)."""
        from .picture import to_svg
        return to_svg(self, viewer)

    def to_png(self, path=None, viewer: str | None = None) -> bytes:
        """The same picture as PNG bytes (matplotlib), also written to `path` if given."""
        from .picture import to_png
        return to_png(self, path, viewer)

    def information_view(self, player: str) -> dict:
        """What `player` knows, as a JSON-ready dict (hidden.py)."""
        from .hidden import information_view
        return information_view(self, player)

    def determinize(self, player: str, seed: int | None = None) -> "Game":
        """A full game consistent with what `player` has seen, hidden cards and dice resampled (hidden.py)."""
        from .hidden import determinize
        return self._wrap(determinize(self, player, seed))

    def to_rootlog(self) -> str:
        """The game in Rootlog, the community notation (see ``root_env.rootlog``)."""
        from .rootlog import to_rootlog
        return to_rootlog(self)

    @staticmethod
    def from_rootlog(text: str, allow_unimplemented: bool = False):
        """Import a Rootlog game: its positions after every action and its disagreements with the rules
        (a ``root_env.rootlog.ImportedGame``)."""
        from .rootlog import from_rootlog
        return from_rootlog(text, allow_unimplemented)

    def log(self, reveal: bool = False, viewer: str | None = None) -> str:
        """A readable turn-by-turn log of this game so far (gamelog.py); cards drawn are named only
        with ``reveal=True`` or for ``viewer``'s own hand."""
        from .gamelog import game_log
        return "\n".join(game_log(self.to_record(), reveal=reveal, viewer=viewer))

    def __repr__(self) -> str:
        return (f"Game(factions={self.factions}, turn={self.turn}, phase={self.phase!r}, vp={self.vp}, "
                f"current_player={self.current_player!r}, over={self.is_over})")

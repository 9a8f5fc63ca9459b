"""The engine-level Python API, without PettingZoo: ``Game``.

    >>> g = Game.new(factions=("marquise", "eyrie"), seed=7)
    >>> while not g.is_over:
    ...     g.apply(int(g.legal_actions()[0]))

A ``Game`` wraps one state array (``g.state``). Every method checks its input and raises
``ValueError`` (or a subclass) naming the problem, leaving the game exactly as it was.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

from . import codes as K
from .actions import describe as _describe
from .data import (FACTION_NAMES, IMPLEMENTED_FACTIONS, CARD_NAMES, CARD_SUIT, SUIT_NAMES, CLEARING_SUIT, BT_NAMES,
                   TT_NAMES,
                   NC, NF, NBT, NTT, NCARD, NITEM, ITEM_NAMES, LEADER_NAMES, DECREE_COLUMNS, CHARACTER_NAMES,
                   QUEST_NAMES, NQUEST, REL_ALLIED, ALLIANCE, VAGABOND)
from .engine import core
from .engine.observe import observe as _observe, OBS_SIZE
from .layout import (STATE_SIZE, FORMAT_VERSION, VERSION, NSEATS, SEAT_FACTION, FACTION_SEAT, TURN, ACTIVE, PHASE,
                     PHASE_NAMES, GAME_OVER, WINNERS, TRUNCATED, DECISION, DECIDER, LEGAL, LEGAL_N, VP, DOMINANCE,
                     WARRIORS, BUILDINGS, TOKENS, RUINS, CARD_LOC, LOC_HAND, LOC_DISCARD, LOC_CRAFTED, LOC_DECREE,
                     LOC_AVAILABLE, DECK_N, ITEM_SUPPLY, CRAFTED_ITEMS, EY_LEADER, EY_VIZIER_COL, MAX_TURNS,
                     DECISIONS, MAX_SEATS, RNG, VP_SOURCE, VP_SOURCE_NAMES, N_VS, LOC_SUPPORTERS, AL_OFFICERS,
                     VB_CHAR, VB_PAWN, VB_ITEMS, VB_REL, VB_COALITION, QUEST_LOC, QUEST_DECK_N, QL_VISIBLE, QL_DONE,
                     RUIN_ITEM, ITEM_BOX)

DEFAULT_MAX_TURNS = 300


class RootError(ValueError):
    """Bad input to the Root engine: the game is unchanged."""


class IllegalActionError(RootError):
    """An action that is not legal for the pending decision."""


def faction_ids(factions: Iterable[str]) -> np.ndarray:
    """Validate faction names (seating order) and return their ids."""
    if isinstance(factions, str):
        raise RootError(f"factions must be a sequence of names, got the string {factions!r}")
    names = list(factions)
    if not 2 <= len(names) <= MAX_SEATS:
        raise RootError(f"a game needs 2 to {MAX_SEATS} factions, got {len(names)}")
    ids = []
    for n in names:
        if not isinstance(n, str) or n not in FACTION_NAMES:
            raise RootError(f"unknown faction {n!r}; known factions: {', '.join(FACTION_NAMES)}")
        if n not in IMPLEMENTED_FACTIONS:
            raise RootError(f"faction {n!r} is not implemented yet; implemented: {', '.join(IMPLEMENTED_FACTIONS)}")
        ids.append(FACTION_NAMES.index(n))
    if len(set(ids)) != len(ids):
        raise RootError(f"each faction can be seated once, got {names}")
    return np.array(ids, dtype=np.int64)


def validate_state(state) -> np.ndarray:
    """Check that `state` is a well-formed state array and return it as int64."""
    arr = np.asarray(state)
    if arr.ndim != 1 or arr.shape[0] != STATE_SIZE:
        raise RootError(f"a state array must have shape ({STATE_SIZE},), got {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise RootError(f"a state array must hold integers, got dtype {arr.dtype}")
    if int(arr[VERSION]) != FORMAT_VERSION:
        raise RootError(f"state format version {int(arr[VERSION])} is not the supported version {FORMAT_VERSION}")
    n = int(arr[NSEATS])
    if not 2 <= n <= MAX_SEATS:
        raise RootError(f"state has {n} seats; expected 2..{MAX_SEATS}")
    if not 0 <= int(arr[LEGAL_N]) <= K.N_ACTIONS:
        raise RootError(f"state lists {int(arr[LEGAL_N])} legal actions; at most {K.N_ACTIONS} possible")
    rng = arr[RNG:RNG + 4]
    if rng.min() < 0 or rng.max() > 0xFFFFFFFF or not rng.any():
        raise RootError("state's random generator words must be 32-bit values, not all zero")
    legal = arr[LEGAL:LEGAL + int(arr[LEGAL_N])]
    if legal.size and (legal.min() < 0 or legal.max() >= K.N_ACTIONS):
        raise RootError("state's legal action list holds ids outside the action space")
    return arr.astype(np.int64, copy=True)


class Game:
    """One game of Root over a flat state array. Create with ``Game.new``."""

    def __init__(self, state: np.ndarray):
        self.state = validate_state(state)
        core.ensure_compiled()  # a cold cache: say so before the first apply compiles (engine.firstrun)
        self._options = None  # Game.new's arguments, for records (None: no replayable history)
        self._actions = None  # actions applied since Game.new

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, factions=("marquise", "eyrie"), seed: int | None = None, *, max_turns: int = DEFAULT_MAX_TURNS,
            random_seating: bool = False, auto_forced: bool = False) -> "Game":
        """A new game. `factions` is the seating order; the first plays first unless
        `random_seating` (Law 5.1.1). `max_turns` caps the game (it then ends truncated, no winner).
        `auto_forced` applies decisions with a single legal option automatically."""
        ids = faction_ids(factions)
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 62))
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= int(seed) < (1 << 62):
            raise RootError(f"seed must be an integer in [0, 2**62), got {seed!r}")
        if not isinstance(max_turns, (int, np.integer)) or not 1 <= int(max_turns) <= 100_000:
            raise RootError(f"max_turns must be an integer in [1, 100000], got {max_turns!r}")
        state = core.make_state()
        core.new_game(state, ids, int(seed), int(max_turns), int(bool(random_seating)), int(bool(auto_forced)))
        g = cls.__new__(cls)
        g.state = state
        g._options = {"factions": tuple(factions), "seed": int(seed), "max_turns": int(max_turns),
                      "random_seating": bool(random_seating), "auto_forced": bool(auto_forced)}
        g._actions = []
        return g

    @classmethod
    def from_state(cls, state) -> "Game":
        """A game from a saved state array (validated)."""
        return cls(state)

    def copy(self) -> "Game":
        """An independent copy."""
        g = Game.__new__(Game)
        g.state = self.state.copy()
        g._options = getattr(self, "_options", None)
        actions = getattr(self, "_actions", None)
        g._actions = None if actions is None else list(actions)
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
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"an action must be an integer id, got {action!r}")
        a = int(action)
        if not 0 <= a < K.N_ACTIONS:
            raise IllegalActionError(f"action {a} is out of range: the action space is 0..{K.N_ACTIONS - 1}")
        if self.is_over:
            raise IllegalActionError(f"action {a}: the game is over")
        rc = core.apply(self.state, a)
        if rc != core.OK:
            legal = ", ".join(str(x) for x in self.legal_actions())
            raise IllegalActionError(
                f"action {a} is not legal for the pending decision "
                f"({K.DECISION_NAMES[int(self.state[DECISION])]} by {self.current_player}); legal: {legal}")
        if getattr(self, "_actions", None) is not None:
            self._actions.append(a)

    def describe(self, action) -> str:
        """A readable line for `action` as an answer to the pending decision."""
        a = int(action)
        if not 0 <= a < K.N_ACTIONS:
            raise RootError(f"action {a} is out of range: the action space is 0..{K.N_ACTIONS - 1}")
        return _describe(self.state, a)

    def observe(self, player: str) -> np.ndarray:
        """float32 observation vector of what `player` may know (see docs/actions_and_observations.md)."""
        f = self._faction_id(player)
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        _observe(self.state, f, out)
        return out

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
        return [_card_label(c) for c in range(NCARD) if self.state[CARD_LOC + c] == LOC_HAND + f]

    def to_dict(self) -> dict:
        """The whole position as a JSON-ready dict (everything, hidden information included)."""
        s = self.state
        seated = [FACTION_NAMES.index(n) for n in self.factions]
        clearings = []
        for c in range(NC):
            blds = [BT_NAMES[b] for b in range(NBT) for _ in range(int(s[BUILDINGS + b * NC + c]))]
            blds += ["ruin"] * int(s[RUINS + c])
            toks = [TT_NAMES[t] for t in range(NTT) for _ in range(int(s[TOKENS + t * NC + c]))]
            clearings.append({
                "id": c + 1, "suit": SUIT_NAMES[CLEARING_SUIT[c]],
                "warriors": {FACTION_NAMES[f]: int(s[WARRIORS + f * NC + c]) for f in seated
                             if s[WARRIORS + f * NC + c] > 0},
                "buildings": blds, "tokens": toks,
                "pawns": ["vagabond"] if VAGABOND in seated and int(s[VB_PAWN]) == c else []})
        loc = s[CARD_LOC:CARD_LOC + NCARD]

        def cards_at(where):
            return [_card_label(c) for c in range(NCARD) if loc[c] == where]

        d = {
            "format_version": int(s[VERSION]),
            "factions": list(self.factions),
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
        if VAGABOND in seated:
            d["vagabond"] = _vagabond_dict(s, seated)
        d["ruin_items"] = {f"clearing {c + 1}": ITEM_NAMES[int(s[RUIN_ITEM + c])] for c in range(NC)
                           if s[RUIN_ITEM + c] >= 0}
        d["item_box"] = {ITEM_NAMES[i]: int(s[ITEM_BOX + i]) for i in range(NITEM) if s[ITEM_BOX + i] > 0}
        if FACTION_NAMES.index("eyrie") in seated:
            lead = int(s[EY_LEADER])
            d["eyrie"] = {
                "leader": LEADER_NAMES[lead] if lead >= 0 else None,
                "decree": {DECREE_COLUMNS[col]: cards_at(LOC_DECREE + col)
                           + ["Loyal Vizier"] * sum(int(s[EY_VIZIER_COL + v]) == col for v in range(2))
                           for col in range(4)},
            }
        return d

    # ------------------------------------------------------------------ records, pictures, logs (issue 5)
    # Thin wrappers: the work is done in records.py, picture.py, gamelog.py and hidden.py.
    def to_record(self) -> dict:
        """JSON-ready replayable record: Game.new's options, the seed and every action (records.py)."""
        from . import records
        return records.to_record(self)

    @classmethod
    def from_record(cls, record) -> "Game":
        """Rebuild a game by replaying a record (dict or JSON text); raises RecordError if it is bad."""
        from . import records
        return records.from_record(record)

    def to_snapshot(self) -> dict:
        """JSON-ready snapshot of the state array (with its format version and checksum)."""
        from . import records
        return records.to_snapshot(self)

    @classmethod
    def from_snapshot(cls, snapshot) -> "Game":
        """A game from a snapshot (dict or JSON text); raises RecordError if it is bad."""
        from . import records
        return records.from_snapshot(snapshot)

    def save(self, path, form: str = "record"):
        """Write the game to `path` as JSON, as a replayable ``"record"`` or a ``"snapshot"``."""
        from . import records
        return records.save(self, path, form)

    @classmethod
    def load(cls, path) -> "Game":
        """Read a record or a snapshot written by ``save``."""
        from . import records
        return records.load(path)

    def to_svg(self) -> str:
        """The Autumn map with every piece, VP and the turn, as an SVG document (picture.py)."""
        from .picture import to_svg
        return to_svg(self)

    def to_png(self, path=None) -> bytes:
        """The same picture as PNG bytes (matplotlib), also written to `path` if given."""
        from .picture import to_png
        return to_png(self, path)

    def information_view(self, player: str) -> dict:
        """What `player` knows, as a JSON-ready dict (hidden.py)."""
        from .hidden import information_view
        return information_view(self, player)

    def determinize(self, player: str, seed: int | None = None) -> "Game":
        """A full game consistent with what `player` has seen, hidden cards and dice resampled (hidden.py)."""
        from .hidden import determinize
        return determinize(self, player, seed)

    def log(self, reveal: bool = False, viewer: str | None = None) -> str:
        """A readable turn-by-turn log of this game so far (gamelog.py); cards drawn are named only
        with ``reveal=True`` or for ``viewer``'s own hand."""
        from .gamelog import game_log
        return "\n".join(game_log(self.to_record(), reveal=reveal, viewer=viewer))

    def __repr__(self) -> str:
        return (f"Game(factions={self.factions}, turn={self.turn}, phase={self.phase!r}, vp={self.vp}, "
                f"current_player={self.current_player!r}, over={self.is_over})")


ITEM_STATE_NAMES = ("face up", "exhausted", "damaged", "damaged exhausted")
RELATIONSHIP_NAMES = ("indifferent",) + tuple(f"amiable {i}" for i in range(1, REL_ALLIED)) + ("allied", "hostile")


def pawn_place(p: int) -> str | None:
    """Readable place of the Vagabond pawn (VB_PAWN value)."""
    if p < 0:
        return None
    return f"clearing {p + 1}" if p < NC else f"forest {p - NC + 1}"


def _vagabond_dict(s: np.ndarray, seated: list[int]) -> dict:
    ch = int(s[VB_CHAR])
    items = {}
    for st, name in enumerate(ITEM_STATE_NAMES):
        got = {ITEM_NAMES[i]: int(s[VB_ITEMS + i * 4 + st]) for i in range(NITEM) if s[VB_ITEMS + i * 4 + st] > 0}
        if got:
            items[name] = got
    partner = int(s[VB_COALITION])
    return {
        "character": CHARACTER_NAMES[ch] if ch >= 0 else None,
        "pawn": pawn_place(int(s[VB_PAWN])),
        "items": items,
        "relationships": {FACTION_NAMES[f]: RELATIONSHIP_NAMES[int(s[VB_REL + f])] for f in seated
                          if s[VB_REL + f] >= 0},
        "coalition": FACTION_NAMES[partner] if partner >= 0 else None,
        "quests": [QUEST_NAMES[q] for q in range(NQUEST) if s[QUEST_LOC + q] == QL_VISIBLE],
        "quests_done": [QUEST_NAMES[q] for q in range(NQUEST) if s[QUEST_LOC + q] == QL_DONE],
        "quest_deck": int(s[QUEST_DECK_N]),
    }


def _card_label(c: int) -> str:
    return f"{CARD_NAMES[c]} ({SUIT_NAMES[CARD_SUIT[c]]})"

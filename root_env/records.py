"""Saving and loading games: compact snapshots and replayable records, both plain JSON.

Two forms, both JSON objects with a ``format`` tag and a ``format_version``:

- a **snapshot** (``"format": "root_env/snapshot"``) is the state array itself: its size, the state
  layout version, the little-endian int64 bytes in base64, and a SHA-256 of those bytes. Loading it
  gives back the position exactly (but no history).
- a **record** (``"format": "root_env/record"``) is what is needed to replay the game: the options of
  ``Game.new`` (factions as given, a Clockwork bot's seat label "bot:mechanical_marquise:nightmare+blitz" with its
  difficulty and traits included; seed, max_turns, random_seating, auto_forced) and the sequence of actions
  taken, plus the SHA-256 of the final state. Loading replays every action through the engine's legality
  checks and refuses the record unless the replay ends on exactly that state. A game built by ``Scenario``
  adds ``start``, the snapshot of the position its first action was taken in (checked in full like any
  snapshot), and a game whose battle dice were chosen (``Game.dice``) adds ``dice``: ``[before, attacker,
  defender]`` for each roll chosen, ``before`` the number of actions taken when it was chosen.

Nothing in a file is ever executed: only ``json`` is used to read it, every field is type- and
range-checked, unknown fields are refused, and every problem raises :class:`RecordError` (a
``RootError``, so a ``ValueError``) naming the field that is wrong. A snapshot's state is checked in full
(``engine.validate``: ranges, seats, pieces, cards, the pending decision recomputed); its checksum only
catches accidents, since anyone who edits a file can recompute it. A record is replayed from the start
through the engine's legality checks: the safe form to accept from people you do not trust.

This module works on state arrays and plain dicts; ``Game`` (game.py) wraps them, so the dependency runs
one way: game -> records -> engine.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
from pathlib import Path

import numpy as np

from .engine import core
from .errors import RootError, RecordError
from .codes import N_ACTIONS, DECISION_NAMES
from .inputs import (DEFAULT_MAX_TURNS, LIZARD_DRAW_BONUS, BOT_RULES, SEED_LIMIT, faction_ids, option_bits, state_array,
                     check_cooperative, check_bot_options, check_options_apply,
                     check_vagabond_characters)
from .data import MAX_START_ACOLYTES
from .map_data import check_map
from . import legacy
from .layout import (STATE_SIZE, FORMAT_VERSION, GAME_OVER, MAX_TURNS_LIMIT, LEGAL, LEGAL_N, DECISION, DICE, DICE_N,
                     N_DICE, SETUP_NAMES, PREFIX_FORMATS, VERSION, region)
from .names import bot_turn
from .files import read_bytes, MAX_FILE_BYTES

RECORD_FORMAT = "root_env/record"
SNAPSHOT_FORMAT = "root_env/snapshot"
RECORD_VERSION = 1
SNAPSHOT_VERSION = 1
OPTION_KEYS = ("factions", "seed", "max_turns", "random_seating", "auto_forced", "lizard_draw_bonus", "cooperative",
               "bot_rules", "bot_options", "vagabond_characters", "setup",
               "lizard_start_acolytes", "map")


SNAPSHOT_KEYS = ("format", "format_version", "state_format_version", "state_size", "dtype", "state", "sha256")
RECORD_KEYS = ("format", "format_version", "state_format_version", "options", "actions", "final_sha256", "start",
               "dice")
MAX_ECHO = 60  # characters of a bad value quoted in an error


# ---------------------------------------------------------------- helpers
def state_digest(state: np.ndarray) -> str:
    """SHA-256 (hex) of the state's little-endian int64 bytes."""
    return hashlib.sha256(np.ascontiguousarray(state, dtype="<i8").tobytes()).hexdigest()


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _echo(v) -> str:
    """A bad value as quoted in an error: never more than MAX_ECHO characters of it."""
    r = repr(v) if not isinstance(v, (dict, list)) else f"a JSON {'object' if isinstance(v, dict) else 'array'}"
    return r if len(r) <= MAX_ECHO else f"{r[:MAX_ECHO]}... ({len(r)} characters)"


def _names(keys) -> str:
    """Field names as quoted in an error: each cut to MAX_ECHO characters, at most five of them."""
    keys = sorted(map(str, keys))
    shown = ", ".join(_echo(k) for k in keys[:5])
    return shown + (f" and {len(keys) - 5} more" if len(keys) > 5 else "")


def _check_keys(d: dict, known: tuple, what: str) -> None:
    extra = [k for k in d if k not in known]
    if extra:
        raise RecordError(f"{what}: unknown field(s) {_names(extra)}; known: {', '.join(known)}")


def _object(pairs: list) -> dict:
    """A JSON object, refused when it names a field twice (``json`` would keep the last silently)."""
    d = dict(pairs)
    if len(d) != len(pairs):
        seen, twice = set(), []
        for k, _ in pairs:
            if k in seen and k not in twice:
                twice.append(k)
            seen.add(k)
        raise RecordError(f"duplicate field(s) {_names(twice)} in one JSON object")
    return d


def _check_state_format(d: dict, what: str, older: bool = False) -> None:
    """This engine's state layout; with `older` (a record without a ``start`` snapshot) also a layout this one
    extends at its end (``layout.PREFIX_FORMATS``: its games replay the same, standard setup included)."""
    sv = _require(d, "state_format_version", what)
    readable = sorted(set(PREFIX_FORMATS) | set(legacy.OLDER_FORMATS))
    if not _is_int(sv) or sv != FORMAT_VERSION and not (older and sv in readable and d.get("start") is None):
        raise RecordError(f"{what}: state_format_version {_echo(sv)} is not this engine's state layout "
                          f"{FORMAT_VERSION}" + (f" (records of {readable} without a start position "
                                                 "load too)" if older else ""))


def final_digest(state: np.ndarray, state_format_version: int) -> str:
    """The digest a record of that layout stores for `state`: the whole state, or for an older layout this one
    extends (``layout.PREFIX_FORMATS``) its prefix with that layout's version number."""
    if state_format_version == FORMAT_VERSION:
        return state_digest(state)
    if state_format_version in legacy.OLDER_FORMATS:
        return state_digest(legacy.old_state(state, state_format_version))
    old = state[:PREFIX_FORMATS[state_format_version]].copy()
    old[VERSION] = state_format_version
    return state_digest(old)


def _require(d: dict, key: str, what: str):
    if key not in d:
        raise RecordError(f"{what}: missing field {key!r}")
    return d[key]


def _check_header(d, fmt: str, version: int, what: str) -> None:
    if not isinstance(d, dict):
        raise RecordError(f"{what}: expected a JSON object, got {type(d).__name__}")
    got = _require(d, "format", what)
    if got != fmt:
        raise RecordError(f"{what}: field 'format' is {_echo(got)}, expected {fmt!r}")
    v = _require(d, "format_version", what)
    if not _is_int(v):
        raise RecordError(f"{what}: field 'format_version' must be an integer, got {_echo(v)}")
    if v != version:
        raise RecordError(f"{what}: format_version {v} is not supported (this version of root_env reads {version})")


def parse_json(text, what: str = "file") -> dict:
    """JSON text (str or bytes) -> dict, with a clear error for truncated or malformed input."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"{what}: not UTF-8 text ({e})") from None
    if not isinstance(text, str):
        raise RecordError(f"{what}: expected JSON text or a dict, got {type(text).__name__}")
    if not text.strip():
        raise RecordError(f"{what}: empty")
    try:
        d = json.loads(text, object_pairs_hook=_object)
    except RecordError as e:
        raise RecordError(f"{what}: {e}") from None
    except json.JSONDecodeError as e:
        raise RecordError(f"{what}: malformed or truncated JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except RecursionError:
        raise RecordError(f"{what}: JSON nested too deeply") from None
    except ValueError as e:  # e.g. an integer of thousands of digits (Python's int limit)
        raise RecordError(f"{what}: invalid JSON value ({str(e)[:MAX_ECHO]})") from None
    if not isinstance(d, dict):
        raise RecordError(f"{what}: expected a JSON object, got {type(d).__name__}")
    return d


# ---------------------------------------------------------------- snapshots
def to_snapshot(game) -> dict:
    """The JSON-ready snapshot of `game`'s state array."""
    raw = np.ascontiguousarray(game.state, dtype="<i8").tobytes()
    return {
        "format": SNAPSHOT_FORMAT,
        "format_version": SNAPSHOT_VERSION,
        "state_format_version": FORMAT_VERSION,
        "state_size": STATE_SIZE,
        "dtype": "<i8",
        "state": base64.b64encode(raw).decode("ascii"),
        "sha256": hashlib.sha256(raw).hexdigest(),
    }


def snapshot_state(d) -> np.ndarray:
    """Validate a snapshot (dict or JSON text) and return its state array."""
    what = "snapshot"
    if not isinstance(d, dict):
        d = parse_json(d, what)
    _check_header(d, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, what)
    _check_keys(d, SNAPSHOT_KEYS, what)
    _check_state_format(d, what)
    size = _require(d, "state_size", what)
    if not _is_int(size) or size != STATE_SIZE:
        raise RecordError(f"{what}: state_size {_echo(size)} does not match this engine's state size {STATE_SIZE}")
    dtype = _require(d, "dtype", what)
    if dtype != "<i8":
        raise RecordError(f"{what}: dtype {_echo(dtype)} is not supported (expected '<i8')")
    b64 = _require(d, "state", what)
    if not isinstance(b64, str):
        raise RecordError(f"{what}: field 'state' must be a base64 string")
    try:
        raw = base64.b64decode(b64.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError) as e:
        raise RecordError(f"{what}: field 'state' is not valid base64 ({str(e)[:MAX_ECHO]})") from None
    if len(raw) != 8 * STATE_SIZE:
        raise RecordError(f"{what}: field 'state' holds {len(raw)} bytes, expected {8 * STATE_SIZE} "
                          f"({STATE_SIZE} int64 values): truncated or from another engine version")
    digest = _require(d, "sha256", what)
    if digest != hashlib.sha256(raw).hexdigest():
        raise RecordError(f"{what}: sha256 does not match the state bytes (the file is corrupted)")
    try:
        return state_array(np.frombuffer(raw, dtype="<i8"))
    except RootError as e:
        raise RecordError(f"{what}: {e}") from None


# ---------------------------------------------------------------- records
def to_record(game) -> dict:
    """The JSON-ready replayable record of `game` (only for games made by ``Game.new``)."""
    opts = getattr(game, "_options", None)
    actions = getattr(game, "_actions", None)
    if opts is None or actions is None:
        raise RootError("this game has no replayable history (it was built from a state array or a snapshot): "
                        "save it as a snapshot instead")
    start = getattr(game, "_start", None)
    dice = getattr(game, "_dice", None) or []
    extra = {}
    if start is not None:
        extra["start"] = to_snapshot(_StateOnly(start))
    if dice:
        extra["dice"] = [[int(x) for x in d] for d in dice]
    return {
        "format": RECORD_FORMAT,
        "format_version": RECORD_VERSION,
        "state_format_version": FORMAT_VERSION,
        "options": {"factions": list(opts["factions"]), "seed": int(opts["seed"]),
                    "max_turns": int(opts["max_turns"]), "random_seating": bool(opts["random_seating"]),
                    "auto_forced": bool(opts["auto_forced"]),
                    "lizard_draw_bonus": opts.get("lizard_draw_bonus", "current"),
                    "cooperative": bool(opts.get("cooperative", False)),
                    "bot_rules": opts.get("bot_rules", "seed004"),
                    "bot_options": dict(opts.get("bot_options") or {}),
                    **({"vagabond_characters": list(opts["vagabond_characters"])}
                       if opts.get("vagabond_characters") is not None else {}),
                    **({"setup": opts["setup"]} if opts.get("setup", "standard") != "standard" else {}),
                    **({"lizard_start_acolytes": int(opts["lizard_start_acolytes"])}
                       if opts.get("lizard_start_acolytes", 0) else {}),
                    **({"map": opts["map"]} if opts.get("map", "autumn") != "autumn" else {})},
        "actions": [int(a) for a in actions],
        "final_sha256": state_digest(game.state),
        **extra,
    }


class _StateOnly:
    """A state array where ``to_snapshot`` expects a game."""
    __slots__ = ("state",)

    def __init__(self, state: np.ndarray):
        self.state = state


def record_start(d: dict) -> np.ndarray | None:
    """A record's ``start`` (a Scenario's first position), checked like a snapshot; None when it has none."""
    if "start" not in d:
        return None
    try:
        return snapshot_state(d["start"])
    except RecordError as e:
        raise RecordError(f"record: field 'start': {e}") from None


def record_dice(d: dict, n_actions: int) -> list[list[int]]:
    """A record's ``dice``: ``[before, attacker, defender]`` rows, ``before`` in 0..n_actions, in order, each die
    0..3."""
    rows = d.get("dice", [])
    if not isinstance(rows, list):
        raise RecordError("record: field 'dice' must be a list of [before, attacker, defender]")
    last = 0
    for i, r in enumerate(rows):
        if (not isinstance(r, list) or len(r) != 3 or not all(_is_int(x) for x in r) or not last <= r[0] <= n_actions
                or not all(0 <= x <= 3 for x in r[1:])):
            raise RecordError(f"record: dice #{i} is {_echo(r)}: expected [before, attacker, defender] with before in "
                              f"{last}..{n_actions} (not decreasing) and each die 0..3")
        last = r[0]
    return [list(r) for r in rows]


def push_dice(state: np.ndarray, attacker: int, defender: int) -> None:
    """Queue a chosen roll for the next battle (``layout.DICE``); RootError when N_DICE are queued already."""
    n = int(state[DICE_N])
    if n >= N_DICE:
        raise RootError(f"{N_DICE} battle rolls are chosen already: no room for another until a battle uses one")
    state[DICE + 2 * n] = attacker
    state[DICE + 2 * n + 1] = defender
    state[DICE_N] = n + 1


def _start_state(d: dict, opts: dict) -> np.ndarray:
    """The position a record's actions start from: its ``start``, which must seat the factions (bots, levels,
    traits) and hold the options its ``options`` name, else the first state of ``Game.new(**options)``."""
    first = new_state(opts)
    start = record_start(d)
    if start is None:
        return first
    for name in ("NSEATS", "SEAT_FACTION", "BOT", "BOT_LEVEL", "BOT_TRAITS", "OPTIONS", "MAX_TURNS"):
        o, n = region(name)
        if not np.array_equal(first[o:o + n], start[o:o + n]):
            raise RecordError(f"record: field 'start' does not match the record's options (state region {name})")
    return start.copy()


def record_options(d: dict) -> dict:
    """Validate a record's ``options`` and return them as keyword arguments of ``Game.new``."""
    what = "record options"
    opts = _require(d, "options", "record")
    if not isinstance(opts, dict):
        raise RecordError(f"record: field 'options' must be an object, got {type(opts).__name__}")
    extra = set(opts) - set(OPTION_KEYS)
    if extra:
        raise RecordError(f"{what}: unknown option(s) {_names(extra)}; known: {', '.join(OPTION_KEYS)}")
    factions = _require(opts, "factions", what)
    if not isinstance(factions, list) or not all(isinstance(f, str) for f in factions):
        raise RecordError(f"{what}: 'factions' must be a list of faction names, got {_echo(factions)}")
    try:
        faction_ids(factions)
    except RootError as e:
        raise RecordError(f"{what}: {e}") from None
    seed = _require(opts, "seed", what)
    if not _is_int(seed) or not 0 <= seed < SEED_LIMIT:
        raise RecordError(f"{what}: 'seed' must be an integer in [0, 2**62), got {_echo(seed)}")
    max_turns = opts.get("max_turns", DEFAULT_MAX_TURNS)
    if not _is_int(max_turns) or not 1 <= max_turns <= MAX_TURNS_LIMIT:
        raise RecordError(f"{what}: 'max_turns' must be an integer in [1, {MAX_TURNS_LIMIT}], got {_echo(max_turns)}")
    out = {"factions": tuple(factions), "seed": seed, "max_turns": max_turns}
    for k in ("random_seating", "auto_forced", "cooperative"):
        v = opts.get(k, False)
        if not isinstance(v, bool):
            raise RecordError(f"{what}: {k!r} must be true or false, got {_echo(v)}")
        out[k] = v
    v = opts.get("lizard_draw_bonus", "current")
    if v not in LIZARD_DRAW_BONUS:
        raise RecordError(f"{what}: 'lizard_draw_bonus' must be one of {list(LIZARD_DRAW_BONUS)}, got {_echo(v)}")
    out["lizard_draw_bonus"] = v
    v = opts.get("bot_rules", "seed004")
    if v not in BOT_RULES:
        raise RecordError(f"{what}: 'bot_rules' must be one of {list(BOT_RULES)}, got {_echo(v)}")
    out["bot_rules"] = v
    v = opts.get("setup", "standard")  # absent in records of standard games (and in those made before Advanced Setup)
    if v not in SETUP_NAMES:
        raise RecordError(f"{what}: 'setup' must be one of {list(SETUP_NAMES)}, got {_echo(v)}")
    if v != "standard":
        out["setup"] = v
    v = opts.get("lizard_start_acolytes", 0)  # absent at the Law's 0
    if not _is_int(v) or not 0 <= v <= MAX_START_ACOLYTES:
        raise RecordError(f"{what}: 'lizard_start_acolytes' must be an integer from 0 to {MAX_START_ACOLYTES}, "
                          f"got {_echo(v)}")
    if v:
        out["lizard_start_acolytes"] = int(v)
    v = opts.get("map", "autumn")  # absent on the Autumn map (and in records made before the maps, format 12)
    fmt = d.get("state_format_version")
    first = 13 if v == "lake" else 12  # the format that first played the map (the Lake's Ferry: 13)
    if v != "autumn" and not (_is_int(fmt) and first <= fmt <= FORMAT_VERSION):
        raise RecordError(f"{what}: 'map' {_echo(v)} needs state format {first} or later (older formats play the "
                          "Autumn map)")
    try:
        if check_map(v) != "autumn":
            out["map"] = v
    except RootError as e:
        raise RecordError(f"{what}: {e}") from None
    try:
        check_cooperative(factions, out["cooperative"])
        out["bot_options"] = check_bot_options(opts.get("bot_options", {}))
        check_options_apply(factions, out["lizard_draw_bonus"], out["bot_rules"], opts.get("bot_options"),
                            out.get("lizard_start_acolytes", 0))
        if opts.get("vagabond_characters") is not None:
            out["vagabond_characters"] = check_vagabond_characters(factions, opts["vagabond_characters"])
    except RootError as e:
        raise RecordError(f"{what}: {e}") from None
    return out


def parse_record(d) -> tuple[dict, list[int]]:
    """Validate a record's header, fields, options and action list (not the replay):
    (``Game.new`` keyword arguments, actions)."""
    what = "record"
    if not isinstance(d, dict):
        d = parse_json(d, what)
    _check_header(d, RECORD_FORMAT, RECORD_VERSION, what)
    _check_keys(d, RECORD_KEYS, what)
    _check_state_format(d, what, older=True)
    opts = record_options(d)
    actions = _require(d, "actions", what)
    if not isinstance(actions, list):
        raise RecordError(f"{what}: field 'actions' must be a list of action ids, got {type(actions).__name__}")
    for i, a in enumerate(actions):
        if not _is_int(a):
            raise RecordError(f"{what}: action #{i} is {_echo(a)}, not an integer action id")
    if d["state_format_version"] in legacy.OLDER_FORMATS:
        # root_env.legacy: the older format's action ids in this engine's numbering
        for i, a in enumerate(actions):
            if legacy.new_action(a, d["state_format_version"]) < 0:
                raise RecordError(f"record: action #{i} is invalid: action {a} is out of range: the action space of "
                                  f"state format {d['state_format_version']} is "
                                  f"0..{legacy.n_actions_old(d['state_format_version']) - 1}")
        actions = [legacy.new_action(a, d["state_format_version"]) for a in actions]
    digest = _require(d, "final_sha256", what)
    if not isinstance(digest, str):
        raise RecordError(f"{what}: 'final_sha256' must be a hex string, got {_echo(digest)}")
    return opts, actions


class Replaying:
    """The position a replay has reached: its state array and the actions applied so far."""
    __slots__ = ("state", "_actions")

    def __init__(self, state: np.ndarray):
        self.state = state
        self._actions = []


def new_state(opts: dict) -> np.ndarray:
    """The first state of ``Game.new(**opts)`` (options already validated)."""
    state = core.make_state()
    core.new_game(state, faction_ids(opts["factions"]), opts["seed"], opts["max_turns"],
                  int(opts["random_seating"]),
                  option_bits(opts["auto_forced"], opts.get("lizard_draw_bonus", "current"), opts.get("cooperative", False),
                              opts.get("bot_rules", "seed004"), opts.get("bot_options"),
                              opts.get("vagabond_characters"), opts.get("setup", "standard"),
                              opts.get("lizard_start_acolytes", 0), opts.get("map", "autumn")))
    return state


def _refuse_action(state: np.ndarray, i: int, a: int, n: int) -> None:
    """The RecordError for recorded action #i (`a`) that the engine refuses."""
    if not 0 <= a < N_ACTIONS:
        raise RecordError(f"record: action #{i} is invalid: action {a} is out of range: the action space is "
                          f"0..{N_ACTIONS - 1}")
    if state[GAME_OVER]:
        raise RecordError(f"record: action #{i} ({a}) comes after the end of the game ({n - i} action(s) too many)")
    legal = ", ".join(str(x) for x in state[LEGAL:LEGAL + int(state[LEGAL_N])])
    raise RecordError(f"record: action #{i} is invalid: action {a} is not legal for the pending decision "
                      f"({DECISION_NAMES[int(state[DECISION])]}); legal: {legal}")


def replay_states(d):
    """Yield (position, action) before each recorded action; the caller applies the action to
    ``position.state`` (one object, advanced by the caller; copy what you keep). Validates like
    ``replay``, except for the final checksum."""
    if not isinstance(d, dict):
        d = parse_json(d, "record")
    opts, actions = parse_record(d)
    dice = record_dice(d, len(actions))
    pos = Replaying(_start_state(d, opts))
    for i, a in enumerate(actions):
        _push_recorded_dice(pos.state, dice, i)
        if not 0 <= a < N_ACTIONS or not core.is_legal(pos.state, a):
            _refuse_action(pos.state, i, a, len(actions))
        yield pos, a


def record_beginning(d) -> tuple[np.ndarray, list]:
    """The position a record's first action is taken in (its ``start``, else ``Game.new``'s) and its chosen dice
    rows; push a row's roll with ``push_recorded_dice(state, dice, i)`` before applying action i."""
    if not isinstance(d, dict):
        d = parse_json(d, "record")
    opts, actions = parse_record(d)
    return _start_state(d, opts), record_dice(d, len(actions))


def push_recorded_dice(state: np.ndarray, dice: list, i: int) -> None:
    """Queue the recorded rolls chosen when `i` actions had been taken."""
    _push_recorded_dice(state, dice, i)


def _push_recorded_dice(state: np.ndarray, dice: list, i: int) -> None:
    """Queue the recorded rolls chosen when `i` actions had been taken."""
    for before, att, dfd in dice:
        if before == i:
            try:
                push_dice(state, att, dfd)
            except RootError as e:
                raise RecordError(f"record: dice chosen before action #{i}: {e}") from None


def replay(d) -> tuple[np.ndarray, dict, list[int]]:
    """Replay a record (dict or JSON text): (final state, Game.new options, actions). Every action goes
    through the engine's legality check; the replay must end on the recorded final state."""
    return replay_game(d)[:3]


def replay_game(d) -> tuple[np.ndarray, dict, list[int], tuple[int, int] | None, np.ndarray | None, list]:
    """``replay``, and the Clockwork bot whose turn the last action was taken in, with its order card then
    (``names.bot_turn``; None outside a bot's turn): ``Game.bot_events`` reads the bots' log from it; then the
    record's ``start`` state (None without one) and its chosen ``dice`` rows."""
    if not isinstance(d, dict):
        d = parse_json(d, "record")
    opts, actions = parse_record(d)
    dice = record_dice(d, len(actions))
    state = _start_state(d, opts)
    turn = None
    for i, a in enumerate(actions):
        _push_recorded_dice(state, dice, i)
        turn = bot_turn(state)
        if not 0 <= a < N_ACTIONS or core.apply(state, a) != core.OK:
            _refuse_action(state, i, a, len(actions))
    _push_recorded_dice(state, dice, len(actions))
    if d["final_sha256"] != final_digest(state, d["state_format_version"]):
        raise RecordError(f"record: replaying the {len(actions)} action(s) does not reach the recorded final "
                          f"state (final_sha256 differs): the record is corrupted or from another engine version")
    return state, opts, [int(a) for a in actions], turn, record_start(d), dice


# ---------------------------------------------------------------- files
def check_writable(path) -> Path:
    """Refuse, before any game is played, a path that a game file cannot be written to."""
    path = Path(path)
    if path.is_dir():
        raise RootError(f"{path} is a directory, not a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise RootError(f"cannot write {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise RootError(f"cannot write {path}: permission denied")
    return path


def save(game, path, form: str = "record") -> Path:
    """Write `game` to `path` as JSON: ``form="record"`` (replayable) or ``"snapshot"`` (state only)."""
    if form == "record":
        d = to_record(game)
    elif form == "snapshot":
        d = to_snapshot(game)
    else:
        raise RootError(f"form must be 'record' or 'snapshot', got {_echo(form)}")
    path = check_writable(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(d, separators=(",", ":")) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise RootError(f"cannot write {path}: {e.strerror}") from None
    return path


def read_file(path, limit: int = MAX_FILE_BYTES) -> dict:
    """The JSON object in the regular file `path` (at most `limit` bytes), read by the project's one bounded
    reader (``files.read_bytes``): devices, pipes and folders are refused, never more than `limit` + 1
    bytes are read."""
    return parse_json(read_bytes(path, limit, RecordError, "game file"), str(path))


def file_form(d: dict, what: str = "game file") -> str:
    """"record" or "snapshot", from a parsed file's ``format`` field."""
    fmt = d.get("format") if isinstance(d, dict) else None
    if fmt == RECORD_FORMAT:
        return "record"
    if fmt == SNAPSHOT_FORMAT:
        return "snapshot"
    raise RecordError(f"{what}: field 'format' is {_echo(fmt)}; expected {RECORD_FORMAT!r} or {SNAPSHOT_FORMAT!r}")

"""Saving and loading games: compact snapshots and replayable records, both plain JSON.

Two forms, both JSON objects with a ``format`` tag and a ``format_version``:

- a **snapshot** (``"format": "root_env/snapshot"``) is the state array itself: its size, the state
  layout version, the little-endian int64 bytes in base64, and a SHA-256 of those bytes. Loading it
  gives back the position exactly (but no history).
- a **record** (``"format": "root_env/record"``) is what is needed to replay the game: the options of
  ``Game.new`` (factions, seed, max_turns, random_seating, auto_forced) and the sequence of actions
  taken, plus the SHA-256 of the final state. Loading replays every action through the engine's legality
  checks and refuses the record unless the replay ends on exactly that state.

Nothing in a file is ever executed: only ``json`` is used to read it, every field is type- and
range-checked, and every problem raises :class:`RecordError` (a ``RootError``, so a ``ValueError``)
naming the field that is wrong.
"""
from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import numpy as np

from .game import Game, RootError, IllegalActionError, DEFAULT_MAX_TURNS, faction_ids, validate_state
from .layout import STATE_SIZE, FORMAT_VERSION

RECORD_FORMAT = "root_env/record"
SNAPSHOT_FORMAT = "root_env/snapshot"
RECORD_VERSION = 1
SNAPSHOT_VERSION = 1
MAX_FILE_BYTES = 64 << 20  # a record of 100,000 turns is far below this
OPTION_KEYS = ("factions", "seed", "max_turns", "random_seating", "auto_forced")


class RecordError(RootError):
    """A malformed, truncated, corrupted or wrong-version snapshot or record."""


# ---------------------------------------------------------------- helpers
def state_digest(state: np.ndarray) -> str:
    """SHA-256 (hex) of the state's little-endian int64 bytes."""
    return hashlib.sha256(np.ascontiguousarray(state, dtype="<i8").tobytes()).hexdigest()


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _require(d: dict, key: str, what: str):
    if key not in d:
        raise RecordError(f"{what}: missing field {key!r}")
    return d[key]


def _check_header(d, fmt: str, version: int, what: str) -> None:
    if not isinstance(d, dict):
        raise RecordError(f"{what}: expected a JSON object, got {type(d).__name__}")
    got = _require(d, "format", what)
    if got != fmt:
        raise RecordError(f"{what}: field 'format' is {got!r}, expected {fmt!r}")
    v = _require(d, "format_version", what)
    if not _is_int(v):
        raise RecordError(f"{what}: field 'format_version' must be an integer, got {v!r}")
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
        d = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{what}: malformed or truncated JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except RecursionError:
        raise RecordError(f"{what}: JSON nested too deeply") from None
    if not isinstance(d, dict):
        raise RecordError(f"{what}: expected a JSON object, got {type(d).__name__}")
    return d


# ---------------------------------------------------------------- snapshots
def to_snapshot(game: Game) -> dict:
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
    sv = _require(d, "state_format_version", what)
    if sv != FORMAT_VERSION:
        raise RecordError(f"{what}: state_format_version {sv!r} is not this engine's state layout {FORMAT_VERSION}")
    size = _require(d, "state_size", what)
    if not _is_int(size) or size != STATE_SIZE:
        raise RecordError(f"{what}: state_size {size!r} does not match this engine's state size {STATE_SIZE}")
    if _require(d, "dtype", what) != "<i8":
        raise RecordError(f"{what}: dtype {d['dtype']!r} is not supported (expected '<i8')")
    b64 = _require(d, "state", what)
    if not isinstance(b64, str):
        raise RecordError(f"{what}: field 'state' must be a base64 string")
    try:
        raw = base64.b64decode(b64.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError) as e:
        raise RecordError(f"{what}: field 'state' is not valid base64 ({e})") from None
    if len(raw) != 8 * STATE_SIZE:
        raise RecordError(f"{what}: field 'state' holds {len(raw)} bytes, expected {8 * STATE_SIZE} "
                          f"({STATE_SIZE} int64 values): truncated or from another engine version")
    digest = _require(d, "sha256", what)
    if digest != hashlib.sha256(raw).hexdigest():
        raise RecordError(f"{what}: sha256 does not match the state bytes (the file is corrupted)")
    arr = np.frombuffer(raw, dtype="<i8").astype(np.int64)
    try:
        arr = validate_state(arr)
    except RootError as e:
        raise RecordError(f"{what}: {e}") from None
    check_ranges(arr, what)
    return arr


def check_ranges(arr: np.ndarray, what: str = "state") -> None:
    """Plausibility checks on the regions the engine uses as indexes (the checksum already catches
    accidental corruption; this refuses hand-edited states the engine could not play from)."""
    from . import codes as K
    from .data import NF, NC, NCARD
    from .layout import (SEAT_FACTION, FACTION_SEAT, NSEATS, PC, PHASE, DECISION, DECIDER, ACTIVE, STACK_N, STACK,
                         MAX_STACK, WARRIORS, BUILDINGS, TOKENS, RUINS, SUPPLY_WARRIORS, CARD_LOC, DECK, DECK_N,
                         HAND_N, EY_LEADER, EY_VIZIER_COL, PHASE_NAMES, LOC_HAND, LOC_CRAFTED, LOC_ACTIVE_DOM,
                         LOC_DECREE, LOC_SUPPORTERS, AL_OFFICERS, VB_PAWN, VB_ITEMS, VB_REL, VB_COALITION,
                         QUEST_LOC, QUEST_DECK, QUEST_DECK_N, RUIN_ITEM)
    from .data import NBT, NTT, NFOREST, NITEM, NQUEST, REL_HOSTILE

    def rng(name, start, n, lo, hi):
        v = arr[start:start + n]
        if v.size and (v.min() < lo or v.max() > hi):
            raise RecordError(f"{what}: region {name} holds values outside [{lo}, {hi}]")

    n = int(arr[NSEATS])
    rng("SEAT_FACTION", SEAT_FACTION, n, 0, NF - 1)
    rng("FACTION_SEAT", FACTION_SEAT, NF, -1, n - 1)
    rng("PC", PC, 1, 0, 10_000)
    rng("PHASE", PHASE, 1, 0, len(PHASE_NAMES) - 1)
    rng("DECISION", DECISION, 1, 0, K.N_DECISIONS - 1)
    rng("DECIDER", DECIDER, 1, -1, NF - 1)
    rng("ACTIVE", ACTIVE, 1, -1, NF - 1)
    rng("STACK_N", STACK_N, 1, 0, MAX_STACK)
    rng("STACK", STACK, int(arr[STACK_N]), 0, 10_000)
    for name, start, size in (("WARRIORS", WARRIORS, NF * NC), ("BUILDINGS", BUILDINGS, NBT * NC),
                              ("TOKENS", TOKENS, NTT * NC), ("RUINS", RUINS, NC),
                              ("SUPPLY_WARRIORS", SUPPLY_WARRIORS, NF), ("HAND_N", HAND_N, NF)):
        rng(name, start, size, 0, 100)
    rng("DECK_N", DECK_N, 1, 0, NCARD)
    rng("DECK", DECK, int(arr[DECK_N]), 0, NCARD - 1)
    rng("EY_LEADER", EY_LEADER, 1, -1, 3)
    rng("EY_VIZIER_COL", EY_VIZIER_COL, 2, -1, 3)
    ok = set(range(4)) | {b + i for b in (LOC_HAND, LOC_CRAFTED, LOC_ACTIVE_DOM) for i in range(NF)}
    ok |= {LOC_DECREE + i for i in range(4)} | {LOC_SUPPORTERS}
    rng("AL_OFFICERS", AL_OFFICERS, 1, 0, 100)
    rng("VB_PAWN", VB_PAWN, 1, -1, NC + NFOREST - 1)
    rng("VB_ITEMS", VB_ITEMS, NITEM * 4, 0, 100)
    rng("VB_REL", VB_REL, NF, -1, REL_HOSTILE)
    rng("VB_COALITION", VB_COALITION, 1, -1, NF - 1)
    rng("QUEST_LOC", QUEST_LOC, NQUEST, 0, 2)
    rng("QUEST_DECK_N", QUEST_DECK_N, 1, 0, NQUEST)
    rng("QUEST_DECK", QUEST_DECK, int(arr[QUEST_DECK_N]), 0, NQUEST - 1)
    rng("RUIN_ITEM", RUIN_ITEM, NC, -1, NITEM - 1)
    bad = [c for c in range(NCARD) if int(arr[CARD_LOC + c]) not in ok]
    if bad:
        raise RecordError(f"{what}: card {bad[0]} has an unknown location {int(arr[CARD_LOC + bad[0]])}")


def from_snapshot(d) -> Game:
    """A game from a snapshot (dict or JSON text). It carries no history, so it cannot make a record."""
    return Game(snapshot_state(d))


# ---------------------------------------------------------------- records
def to_record(game: Game) -> dict:
    """The JSON-ready replayable record of `game` (only for games made by ``Game.new``)."""
    opts = getattr(game, "_options", None)
    actions = getattr(game, "_actions", None)
    if opts is None or actions is None:
        raise RootError("this game has no replayable history (it was built from a state array, a snapshot or a "
                        "Scenario): save it as a snapshot instead")
    return {
        "format": RECORD_FORMAT,
        "format_version": RECORD_VERSION,
        "state_format_version": FORMAT_VERSION,
        "options": {"factions": list(opts["factions"]), "seed": int(opts["seed"]),
                    "max_turns": int(opts["max_turns"]), "random_seating": bool(opts["random_seating"]),
                    "auto_forced": bool(opts["auto_forced"])},
        "actions": [int(a) for a in actions],
        "final_sha256": state_digest(game.state),
    }


def record_options(d: dict) -> dict:
    """Validate a record's ``options`` and return them as keyword arguments of ``Game.new``."""
    what = "record options"
    opts = _require(d, "options", "record")
    if not isinstance(opts, dict):
        raise RecordError(f"record: field 'options' must be an object, got {type(opts).__name__}")
    extra = set(opts) - set(OPTION_KEYS)
    if extra:
        raise RecordError(f"{what}: unknown option(s) {sorted(extra)}; known: {list(OPTION_KEYS)}")
    factions = _require(opts, "factions", what)
    if not isinstance(factions, list) or not all(isinstance(f, str) for f in factions):
        raise RecordError(f"{what}: 'factions' must be a list of faction names, got {factions!r}")
    try:
        faction_ids(factions)
    except RootError as e:
        raise RecordError(f"{what}: {e}") from None
    seed = _require(opts, "seed", what)
    if not _is_int(seed) or not 0 <= seed < (1 << 62):
        raise RecordError(f"{what}: 'seed' must be an integer in [0, 2**62), got {seed!r}")
    max_turns = opts.get("max_turns", DEFAULT_MAX_TURNS)
    if not _is_int(max_turns) or not 1 <= max_turns <= 100_000:
        raise RecordError(f"{what}: 'max_turns' must be an integer in [1, 100000], got {max_turns!r}")
    out = {"factions": tuple(factions), "seed": seed, "max_turns": max_turns}
    for k in ("random_seating", "auto_forced"):
        v = opts.get(k, False)
        if not isinstance(v, bool):
            raise RecordError(f"{what}: {k!r} must be true or false, got {v!r}")
        out[k] = v
    return out


def from_record(d) -> Game:
    """Rebuild a game by replaying a record (dict or JSON text). Every action goes through the engine's
    legality check; the replay must end on the recorded final state."""
    what = "record"
    if not isinstance(d, dict):
        d = parse_json(d, what)
    _check_header(d, RECORD_FORMAT, RECORD_VERSION, what)
    sv = d.get("state_format_version", FORMAT_VERSION)
    if sv != FORMAT_VERSION:
        raise RecordError(f"{what}: made with state layout version {sv!r}, this engine uses {FORMAT_VERSION}")
    opts = record_options(d)
    actions = _require(d, "actions", what)
    if not isinstance(actions, list):
        raise RecordError(f"{what}: field 'actions' must be a list of action ids, got {type(actions).__name__}")
    for i, a in enumerate(actions):
        if not _is_int(a):
            raise RecordError(f"{what}: action #{i} is {a!r}, not an integer action id")
    factions = opts.pop("factions")
    seed = opts.pop("seed")
    g = Game.new(factions, seed=seed, **opts)
    for i, a in enumerate(actions):
        if g.is_over:
            raise RecordError(f"{what}: action #{i} ({a}) comes after the end of the game "
                              f"({len(actions) - i} action(s) too many)")
        try:
            g.apply(a)
        except IllegalActionError as e:
            raise RecordError(f"{what}: action #{i} is invalid: {e}") from None
    digest = d.get("final_sha256")
    if digest is not None:
        if not isinstance(digest, str):
            raise RecordError(f"{what}: 'final_sha256' must be a hex string, got {digest!r}")
        if digest != state_digest(g.state):
            raise RecordError(f"{what}: replaying the {len(actions)} action(s) does not reach the recorded final "
                              f"state (final_sha256 differs): the record is corrupted or from another engine version")
    return g


def parse_record(d) -> tuple[dict, list[int]]:
    """Validate a record's header, options and action list (not the replay): (Game.new kwargs, actions)."""
    if not isinstance(d, dict):
        d = parse_json(d, "record")
    _check_header(d, RECORD_FORMAT, RECORD_VERSION, "record")
    opts = record_options(d)
    actions = _require(d, "actions", "record")
    if not isinstance(actions, list):
        raise RecordError(f"record: field 'actions' must be a list of action ids, got {type(actions).__name__}")
    for i, a in enumerate(actions):
        if not _is_int(a):
            raise RecordError(f"record: action #{i} is {a!r}, not an integer action id")
    return opts, actions


def replay_states(d):
    """Yield (game, action) before each recorded action: the caller applies the action to `game` (one
    object, advanced by the caller; copy what you keep). Validates like ``from_record``, except for the
    final checksum."""
    opts, actions = parse_record(d)
    g = Game.new(opts.pop("factions"), seed=opts.pop("seed"), **opts)
    for i, a in enumerate(actions):
        if g.is_over:
            raise RecordError(f"record: action #{i} ({a}) comes after the end of the game")
        if a not in g.legal_actions():
            try:
                g.copy().apply(a)  # raises IllegalActionError with the standard message
            except IllegalActionError as e:
                raise RecordError(f"record: action #{i} is invalid: {e}") from None
        yield g, a


# ---------------------------------------------------------------- files
def save(game: Game, path, form: str = "record") -> Path:
    """Write `game` to `path` as JSON: ``form="record"`` (replayable) or ``"snapshot"`` (state only)."""
    if form == "record":
        d = to_record(game)
    elif form == "snapshot":
        d = to_snapshot(game)
    else:
        raise RootError(f"form must be 'record' or 'snapshot', got {form!r}")
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(d, separators=(",", ":")) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def load(path) -> Game:
    """Read a snapshot or a record written by ``save`` (the form is told by its ``format`` field)."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as e:
        raise RecordError(f"{path}: cannot read ({e.strerror})") from None
    if size > MAX_FILE_BYTES:
        raise RecordError(f"{path}: {size} bytes is too large for a game file (limit {MAX_FILE_BYTES})")
    try:
        d = parse_json(path.read_bytes(), str(path))
    except OSError as e:
        raise RecordError(f"{path}: cannot read ({e.strerror})") from None
    return load_dict(d, str(path))


def load_dict(d: dict, what: str = "game file") -> Game:
    """A game from a parsed snapshot or record dict."""
    fmt = d.get("format") if isinstance(d, dict) else None
    try:
        if fmt == RECORD_FORMAT:
            return from_record(d)
        if fmt == SNAPSHOT_FORMAT:
            return from_snapshot(d)
    except RecordError as e:
        raise RecordError(f"{what}: {e}") from None
    raise RecordError(f"{what}: field 'format' is {fmt!r}; expected {RECORD_FORMAT!r} or {SNAPSHOT_FORMAT!r}")

"""Reading records of older state formats: the action ids and final digests of formats 9 and 10.

Format 11 (the Lord of the Hundreds, Law 14) added a faction slot, a building type (the stronghold) and a token type
(the mob), each at the end of its table: every per-faction region grows by a row, BUILDINGS and TOKENS by a row, and
the action space's faction and piece blocks by one and two ids, which moves every later id. A game without the
Hundreds plays the same as before, so a record of format 9 or 10 (one without a ``start`` position) still replays:
its action ids are renumbered (``new_action``) and its final digest is checked on the final state written back in
its own layout (``old_state``). ``data/format10_layout.json`` is format 10's region table and action blocks, frozen
when format 11 was made; format 9 is format 10's prefix up to ``CLEARING_SUITS``.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from . import codes
from .data import NBT, NF
from .layout import BOUNDS, REGIONS, VERSION, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE

_OLD = json.loads((Path(__file__).parent / "data" / "format10_layout.json").read_text())
OLDER_FORMATS = (9, 10)
_BLOCKS_OLD = {n: (a, k) for n, a, k in _OLD["blocks"]}
_BLOCKS_NEW = {n: (a, k) for n, a, k in codes.BLOCKS}
N_ACTIONS_OLD = _OLD["n_actions"]
FACTION_MASKS = ("WINNERS", "CARD_KNOWN", "AL_OUTRAGE", "RUIN_SEEN")  # the regions holding bitmasks of factions


def _piece_index(i: int) -> int:
    """Old piece index (its buildings, then its tokens) -> this layout's (a building type was added after them)."""
    return i if i < _OLD["n_bt"] else i + NBT - _OLD["n_bt"]


def _action_table() -> np.ndarray:
    table = np.full(N_ACTIONS_OLD, -1, dtype=np.int64)
    for name, (start, size) in _BLOCKS_OLD.items():
        new_start, new_size = _BLOCKS_NEW[name]
        for i in range(size):
            j = _piece_index(i) if name == "piece" else i
            assert j < new_size
            table[start + i] = new_start + j
    return table


ACTION_TABLE = _action_table()  # old action id -> this engine's
INVERSE_TABLE = np.full(codes.N_ACTIONS, -1, dtype=np.int64)
INVERSE_TABLE[ACTION_TABLE] = np.arange(N_ACTIONS_OLD)


def new_action(a: int) -> int:
    """This engine's id of action `a` of a format-9/10 record; -1 when `a` is outside that action space."""
    return int(ACTION_TABLE[a]) if 0 <= a < N_ACTIONS_OLD else -1


def _old_card_loc(loc: np.ndarray) -> np.ndarray:
    """Card locations in format 10's numbering: hands 8.., crafted 16.., activated dominance 24.., the Decree 32.."""
    out = loc.copy()
    for new, old, n in ((LOC_CRAFTED, 16, NF), (LOC_ACTIVE_DOM, 24, NF), (LOC_DECREE, 32, 4)):
        m = (loc >= new) & (loc < new + n)
        out[m] = loc[m] - new + old
    return out


def old_state(state: np.ndarray, fmt: int) -> np.ndarray:
    """`state` (this layout; a game without the Hundreds) written in format `fmt`'s layout (9 or 10): each old region
    is this one's with the added rows dropped, bitmasks of factions cut to its factions, LEGAL's action ids
    renumbered back."""
    if fmt not in OLDER_FORMATS:
        raise ValueError(f"state format {fmt} is not one root_env.legacy converts (those are {OLDER_FORMATS})")
    new = {n: (o, BOUNDS[n][0]) for n, o, _ in REGIONS}
    out = np.zeros(_OLD["state_size"], dtype=np.int64)
    for name, off, shape in _OLD["regions"]:
        o, new_shape = new[name]
        size = int(np.prod(new_shape))
        block = np.asarray(state[o:o + size]).reshape(new_shape)[tuple(slice(0, k) for k in shape)]
        if name in FACTION_MASKS:  # a bitmask of factions ("everyone" has a bit more now)
            block = block & ((1 << _OLD["nf"]) - 1)
        if name == "CARD_LOC":
            block = _old_card_loc(block)
        if name == "LEGAL":
            block = np.where(block >= 0, INVERSE_TABLE[np.clip(block, 0, codes.N_ACTIONS - 1)], block)
        out[off:off + int(np.prod(shape))] = block.reshape(-1)
    out[VERSION] = fmt
    return out if fmt == 10 else out[:_OLD["clearing_suits"]].copy()

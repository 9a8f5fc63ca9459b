"""Reading records of older state formats: the action ids and final digests of formats 9 to 14.

Format 11 (the Lord of the Hundreds, Law 14) added a faction slot, a building type (the stronghold) and a token type
(the mob), each at the end of its table: every per-faction region grows by a row, BUILDINGS and TOKENS by a row, and
the action space's faction and piece blocks by one and two ids, which moves every later id. Format 12 (the four maps,
Law Appendix C) grew the forest block from the Autumn map's 7 forests to the Mountain's 10 (every later id moves, LEGAL
grows) and added the map's regions at the end. Format 13 (the Lake map's Ferry, Law C.2.5) grew the option block by
one id ("with the Ferry": every later id moves, LEGAL grows) and added the Ferry's clearing at the end. Format 14 (the
Keepers in Iron, Law 15) added a faction slot, three building types (waystations) and nine token types (relics), each at
the end of its table, the Retinue's card locations (which moved every card location from the crafted cards on), a VP
source and the Keepers' regions at the end; the action space's faction, option and piece blocks grew. Format 15 (the
Underground Duchy, Law 12) added a faction slot (a hand location more: every card location from the crafted cards on
moves), two building types (citadel, market) and a token type (tunnel), a VP source, the Duchy's regions at the end;
the action space's faction, option (90 -> 100) and piece blocks grew and a Burrow block was appended. A game of an
older format plays the same here (the Autumn map, no Hundreds before format 11; a format-12 game on the Autumn, Winter
or Mountain map; no Keepers before format 14, no Duchy before 15), so a record of format 9 to 14 (one without a
``start`` position) still
replays: its action ids are renumbered (``new_action``) and its final digest is checked on the final state written back
in its own layout (``old_state``). ``data/format10_layout.json`` to ``data/format14_layout.json`` are those formats'
region tables and action blocks, each frozen when the next format was made; format 9 is format 10's prefix up to
``CLEARING_SUITS``.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from . import codes
from .data import NBT, NF, RETINUE_COLUMNS
from .layout import (BOUNDS, REGIONS, VERSION, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE, LOC_SUPPORTERS, LOC_REVEALED,
                     LOC_LOST_SOULS, LOC_ORDER, LOC_RETINUE, R_VB_MOVE_TO)

_DATA = Path(__file__).parent / "data"
_LAYOUTS = {10: json.loads((_DATA / "format10_layout.json").read_text()),
            11: json.loads((_DATA / "format11_layout.json").read_text()),
            12: json.loads((_DATA / "format12_layout.json").read_text()),
            13: json.loads((_DATA / "format13_layout.json").read_text()),
            14: json.loads((_DATA / "format14_layout.json").read_text())}
_LAYOUTS[9] = _LAYOUTS[10]  # format 9 is format 10's prefix (its action space is format 10's)
OLDER_FORMATS = (9, 10, 11, 12, 13, 14)
_BLOCKS_NEW = {n: (a, k) for n, a, k in codes.BLOCKS}
FACTION_MASKS = ("WINNERS", "CARD_KNOWN", "AL_OUTRAGE", "RUIN_SEEN")  # the regions holding bitmasks of factions


def n_actions_old(fmt: int) -> int:
    """The size of format `fmt`'s action space."""
    return _LAYOUTS[fmt]["n_actions"]


def _action_table(old: dict) -> np.ndarray:
    """Old action id -> this engine's: each id keeps its place in its block (a block named alike here); piece
    indices of formats before 11 skip the building type added after their buildings (the stronghold)."""
    table = np.full(old["n_actions"], -1, dtype=np.int64)
    for name, start, size in old["blocks"]:
        new_start, new_size = _BLOCKS_NEW[name]
        for i in range(size):
            j = i + NBT - old["n_bt"] if name == "piece" and i >= old["n_bt"] else i
            assert j < new_size
            table[start + i] = new_start + j
    return table


ACTION_TABLES = {fmt: _action_table(_LAYOUTS[fmt]) for fmt in OLDER_FORMATS}  # old action id -> this engine's
INVERSE_TABLES = {}
for _fmt, _t in ACTION_TABLES.items():
    INVERSE_TABLES[_fmt] = np.full(codes.N_ACTIONS, -1, dtype=np.int64)
    INVERSE_TABLES[_fmt][_t] = np.arange(len(_t))
del _fmt, _t


def new_action(a: int, fmt: int) -> int:
    """This engine's id of action `a` of a format-`fmt` record (9 to 13); -1 when `a` is outside that action space."""
    t = ACTION_TABLES[fmt]
    return int(t[a]) if 0 <= a < len(t) else -1


# Each format's card locations from the crafted cards on (the hands are 8.. in every format): crafted, activated
# dominance, the Decree, the Supporters stack, the Cult's revealed cards, the Lost Souls, a bot's order card.
# The Keepers' Retinue (format 14 on) last: an older game has none, so its old value there is never used.
_LOCS_NOW = (LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE, LOC_SUPPORTERS, LOC_REVEALED, LOC_LOST_SOULS, LOC_ORDER,
             LOC_RETINUE)
_LOC_KEYS = ("crafted", "active_dom", "decree", "supporters", "revealed", "lost_souls", "order")
_OLD_LOCS = {9: (16, 24, 32, 40, 41, 42, 43, 44), 10: (16, 24, 32, 40, 41, 42, 43, 44),
             11: (17, 26, 35, 40, 41, 42, 43, 44), 12: (17, 26, 35, 40, 41, 42, 43, 44),
             13: tuple(_LAYOUTS[13]["locs"][k] for k in _LOC_KEYS) + (44,),
             14: tuple(_LAYOUTS[14]["locs"][k] for k in _LOC_KEYS + ("retinue",))}


def _old_card_loc(loc: np.ndarray, fmt: int) -> np.ndarray:
    """Card locations in format `fmt`'s numbering (``_OLD_LOCS``; an older game has no Retinue)."""
    out = loc.copy()
    sizes = (NF, NF, 4, 1, 1, 1, 1, RETINUE_COLUMNS)
    for new, old, n in zip(_LOCS_NOW, _OLD_LOCS[fmt], sizes):
        m = (loc >= new) & (loc < new + n)
        out[m] = loc[m] - new + old
    return out


def old_state(state: np.ndarray, fmt: int) -> np.ndarray:
    """`state` (this layout; an Autumn game, without the Hundreds before format 11, without the Keepers before 14)
    written in format `fmt`'s layout (9 to 13): each old region is this one's with the added rows dropped, bitmasks of factions cut to its factions,
    card locations and LEGAL's action ids numbered back."""
    if fmt not in OLDER_FORMATS:
        raise ValueError(f"state format {fmt} is not one root_env.legacy converts (those are {OLDER_FORMATS})")
    old = _LAYOUTS[fmt]
    new = {n: (o, BOUNDS[n][0]) for n, o, _ in REGIONS}
    out = np.zeros(old["state_size"], dtype=np.int64)
    for name, off, shape in old["regions"]:
        o, new_shape = new[name]
        size = int(np.prod(new_shape))
        block = np.asarray(state[o:o + size]).reshape(new_shape)[tuple(slice(0, k) for k in shape)]
        if name in FACTION_MASKS:  # a bitmask of factions ("everyone" has a bit more now)
            block = block & ((1 << old["nf"]) - 1)
        if name == "CARD_LOC":
            block = _old_card_loc(block, fmt)
        if name == "LEGAL":
            block = np.where(block >= 0, INVERSE_TABLES[fmt][np.clip(block, 0, codes.N_ACTIONS - 1)], block)
        if name == "REG" and fmt < 13:
            block = block.copy()
            block[R_VB_MOVE_TO] = 0  # unused before format 13 (a Vagabond's move waiting for the Ferry: -1 when none)
        out[off:off + int(np.prod(shape))] = block.reshape(-1)
    out[VERSION] = fmt
    return out if fmt != 9 else out[:old["clearing_suits"]].copy()

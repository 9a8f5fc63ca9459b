"""The seated observation: the full observation (``observe.OBS_TABLE``) without the entries of factions and rules
that are not in the game, for envs whose seated factions are fixed (``RootVectorEnv(observation="seated")``).

A field is kept whole, cut along its per-faction axes, or dropped:

- per-faction axes keep the seated factions' indices, in faction-id order: the "faction" axis; the "vagabond
  (first, second)" axis (the seated Vagabonds' rows); the "building type" and "token type" axes (the types of the
  seated factions, ``data.BT_OWNER`` / ``TT_OWNER``); the "card feature" axis (``crafted_by_f`` and
  ``seen_in_hand_of_f`` of the seated factions, and the features of a faction's own rules: the Decree's with the
  Eyrie, the known supporter with the Alliance, the Lost Souls and the revealed cards with the Lizards, the order
  card with a Clockwork bot, the Retinue's with the Keepers);
- a field of one faction's rules (``FIELD_OWNERS``) is kept only when one of its owners is seated (``BOTS``: a
  Clockwork bot seat);
- every other field (the board's common parts, the decision, the context registers, the map) is kept whole.

So the seated observation is ``full[layout.index]`` entry for entry (values, dtype and ``normalize`` alike), and
what it drops never changes in a game of those factions: zero, or a constant of an absent faction (the Corvids' plots
all in their supply, the Eyrie's leaders all face up, ...). ``tests/test_observe_seated.py`` checks both after every
decision of random games. ``seated_layout(codes)`` gives its table (``ObsField`` rows with the cut shapes, as
``OBS_TABLE``), ``index`` (the full observation's index of each entry) and ``sel``, the int64 array the compiled
``observe_seated`` reads: the offsets of the kept fields and the maps of the cut axes. One compiled encoder serves
every mix: the layout is data, not code.
"""
from typing import NamedTuple

import numpy as np
from .jit import njit

from ..data import (NC, NF, NBT, NTT, NCARD, NITEM, NFOREST, BT_OWNER, TT_OWNER, BOT_CODE_FLAG, MARQUISE, EYRIE,
                    ALLIANCE, VAGABOND, VAGABOND2, LIZARDS, RIVERFOLK, CORVIDS, HUNDREDS, KEEPERS, DUCHY, TT_PLOT,
                    RETINUE_COLUMNS)
from ..data import FACTION_NAMES, BT_NAMES, TT_NAMES
from ..layout import (WARRIORS, BUILDINGS, TOKENS, RUINS, VP, DOMINANCE, HAND_N, NSEATS, FACTION_SEAT, ACTIVE,
                      DECIDER, CRAFTED_ITEMS, ITEM_SUPPLY, CARD_LOC, CARD_FLAG, CARD_KNOWN, LOC_HAND, LOC_DECREE,
                      LOC_RETINUE, LOC_LAST, PHASE, DECISION, TURN, MAX_TURNS, DECK_N, MQ_ACTIONS, MQ_RECRUITED,
                      CRAFT_USED, TURN_FLAGS, REG, SCRATCH, FH_QUEUE, SUPPLY_WARRIORS, AL_OFFICERS, AL_OUTRAGE,
                      AL_OPS, AL_TRIM, VB_CHAR, VB_PAWN, VB_ITEMS, VB_REL, VB_AIDS, VB_COALITION, VB_DAMAGE,
                      VB_REFRESH, VB_BATTLE_HITS, VB_R_HELD, ITEM_BOX, BOT, BOT_LEVEL, BOT_TRAITS, OPTIONS,
                      O_COOPERATIVE, O_BOTS_LAW, RF_FUNDS, RF_PAYMENTS, RF_COMMITTED, CV_FACE_UP, CV_PLACED,
                      CV_ACTIONS, CV_RECRUITED, CV_EXERTED, SCORCHED, B_INSTIGATOR, VB_CHOICE, HOMELAND)
from .observe import (OBS_TABLE, OBS_SIZE, OBS_INV_SCALE, CARD_FEATURE_NAMES, CARD_FEATURES, PUBLIC_REGS,
                      N_CHARACTERS, N_REL_VALUES, _LOC_FEATURE, _HAND, _DECREE_COL, _RETINUE, _RETINUE_FEATURE, _zero,
                      _copy, _eyrie_fields, _own_pending_card, _ruins_and_quests, _lizard_fields, _riverfolk_fields,
                      _plot_fields, _suit_fields, _hundreds_fields, _map_fields, _keepers_fields, _duchy_fields)
from ..codes import N_DECISIONS

BOTS = NF  # an owner in FIELD_OWNERS: a seat played by a Clockwork bot
_VB = (VAGABOND, VAGABOND2)
# The fields of one faction's (or the bots') rules: kept when one of the owners is seated. Every field not named
# here is kept (whole, or cut along its per-faction axes).
FIELD_OWNERS = {
    "mq_actions": (MARQUISE,), "mq_recruited": (MARQUISE,), "field_hospital_queue": (MARQUISE,),
    "ey_leader": (EYRIE,), "ey_leader_state": (EYRIE,), "ey_vizier_col": (EYRIE,), "ey_vizier_done": (EYRIE,),
    "ey_added": (EYRIE,), "own_pending_card": (EYRIE,),
    "alliance_officers": (ALLIANCE,), "alliance_supporters": (ALLIANCE,), "alliance_ops_used": (ALLIANCE,),
    "alliance_trim": (ALLIANCE,), "outrage_pending": (ALLIANCE,),
    "vagabond_battle_hits": _VB, "ruin_items_seen": _VB, "quests": _VB, "quest_deck_size": _VB, "scorched": _VB,
    "instigator": _VB, "vagabond_characters_offered": _VB,
    "lizards_outcast": (LIZARDS,), "lizards_acolytes": (LIZARDS,), "lizards_scored": (LIZARDS,),
    "riverfolk_boxes": (RIVERFOLK,), "riverfolk_prices": (RIVERFOLK,), "riverfolk_posts_gone": (RIVERFOLK,),
    "riverfolk_disruption": (RIVERFOLK,), "services": (RIVERFOLK,),
    "plots": (CORVIDS,), "plots_ruled_out": (CORVIDS,), "plot_supply": (CORVIDS,), "corvids_turn": (CORVIDS,),
    "bots": (BOTS,), "bot_rules": (BOTS,),
    "hundreds_warlord": (HUNDREDS,), "hundreds_mood": (HUNDREDS,), "hundreds_hoard": (HUNDREDS,),
    "hundreds_turn": (HUNDREDS,),
}
FIELD_OWNERS.update({f.name: (KEEPERS,) for f in OBS_TABLE if f.name.startswith("keepers_")})
FIELD_OWNERS.update({f.name: (DUCHY,) for f in OBS_TABLE if f.name.startswith("duchy_")})
FIELD_OWNERS.update({f.name: _VB for f in OBS_TABLE if f.name.startswith("vagabond_")
                     and f.axes[0].startswith("vagabond (")})  # cut by rows too, below
# The card features of one faction's rules (the per-faction ones follow the "faction" rule).
_NAMED_FEATURE_OWNERS = {"resolved_on_decree": (EYRIE,), "known_supporter": (ALLIANCE,), "in_lost_souls": (LIZARDS,),
                         "revealed_by_lizards": (LIZARDS, DUCHY),  # the revealed place: the Cult's and the Duchy's
                         "bot_order_card": (BOTS,)}


def _feature_owners(name):
    if name.startswith("decree_column_"):
        return (EYRIE,)
    if name.startswith("retinue_") or name == "used_in_retinue":
        return (KEEPERS,)
    for prefix in ("crafted_by_", "seen_in_hand_of_"):
        if name.startswith(prefix):
            return (FACTION_NAMES_INDEX[name[len(prefix):]],)
    return _NAMED_FEATURE_OWNERS.get(name, None)  # None: every game has it


FACTION_NAMES_INDEX = {n: i for i, n in enumerate(FACTION_NAMES)}
_AXIS_INDEX_NAMES = {"faction": FACTION_NAMES, "vagabond (first, second)": ("first", "second"),
                     "building type": BT_NAMES, "token type": TT_NAMES, "card feature": CARD_FEATURE_NAMES}
_FIELD_NO = {f.name: i for i, f in enumerate(OBS_TABLE)}
NFIELDS = len(OBS_TABLE)


def _axis_keep(axis, present) -> np.ndarray:
    """bool per index of a per-faction axis, or None for an axis kept whole. `present`: bool (NF + 1,) by owner."""
    if axis == "faction":
        return present[:NF].copy()
    if axis.startswith("vagabond ("):
        return present[list(_VB)]
    if axis == "building type":
        return present[BT_OWNER]
    if axis == "token type":
        return present[TT_OWNER]
    if axis == "card feature":
        return np.array([True if o is None else bool(present[list(o)].any())
                         for o in map(_feature_owners, CARD_FEATURE_NAMES)])
    return None


class SeatedLayout(NamedTuple):
    """The seated observation of a set of seats: ``table`` (``ObsField`` rows of the kept fields, cut shapes, in the
    full table's order), ``index`` (int64 (size,): the full observation's index of each entry), ``sel`` (int64: what
    ``observe_seated`` reads) and ``size``."""
    table: tuple
    index: np.ndarray
    sel: np.ndarray
    size: int


# sel: a header, then the maps of the cut axes, then each field's offset (-1: dropped), then ``index``
S_SIZE, S_P, S_NV, S_CS, S_TURN = 0, 1, 2, 3, 4
S_COLS = 5                       # column j -> faction id (the seated factions in id order), NF entries
S_FCOL = S_COLS + NF             # faction id -> column, -1 if not seated
S_VROW = S_FCOL + NF             # Vagabond v (0, 1) -> row, -1
S_BT = S_VROW + 2                # building type -> row, -1
S_TT = S_BT + NBT                # token type -> row, -1
S_CF = S_TT + NTT                # card feature -> seated feature, -1
S_AT = S_CF + CARD_FEATURES      # field number -> offset, -1
S_INDEX = S_AT + NFIELDS         # the full index of each entry (normalize_seated)


def _present(codes) -> np.ndarray:
    codes = np.asarray(codes, np.int64)
    present = np.zeros(NF + 1, bool)
    present[codes % BOT_CODE_FLAG] = True
    present[BOTS] = bool((codes >= BOT_CODE_FLAG).any())
    return present


def seated_layout(codes) -> SeatedLayout:
    """The seated observation of the seats `codes` (faction ids, or a Clockwork bot seat's code)."""
    present = _present(codes)
    table, index, at = [], [], np.full(NFIELDS, -1, np.int64)
    k = 0
    size = 0
    for i, f in enumerate(OBS_TABLE):
        owners = FIELD_OWNERS.get(f.name)
        if owners is None or present[list(owners)].any():
            mask = np.ones(f.shape, bool)
            axes = list(f.axes)
            for ax, name in enumerate(f.axes):
                keep = _axis_keep(name, present)
                if keep is not None:
                    shape = [1] * len(f.shape)
                    shape[ax] = f.shape[ax]
                    mask &= keep.reshape(shape)
                    axes[ax] = f"{name}: {', '.join(np.array(_AXIS_INDEX_NAMES[name])[keep])}"  # what is left
            cut = tuple(int(n) for n in _cut_shape(mask))
            table.append(f._replace(shape=cut, axes=tuple(axes), scale=_cut_scale(f, mask, cut)))
            at[i] = size
            index.extend((k + np.flatnonzero(mask.ravel())).tolist())
            size += int(mask.sum())
        k += f.size
    index = np.array(index, np.int64)
    fac = present[:NF]
    vrow = np.cumsum(present[list(_VB)]) - 1
    sel = np.concatenate([
        [size, fac.sum(), present[list(_VB)].sum(), _axis_keep("card feature", present).sum(),
         at[_FIELD_NO["turn"]]],
        np.concatenate([np.flatnonzero(fac), np.full(NF - fac.sum(), -1)]),
        _rows(fac), np.where(present[list(_VB)], vrow, -1), _rows(present[BT_OWNER]), _rows(present[TT_OWNER]),
        _rows(_axis_keep("card feature", present)), at, index]).astype(np.int64)
    assert sel.shape[0] == S_INDEX + size and index.shape[0] == size and (index < OBS_SIZE).all()
    return SeatedLayout(tuple(table), index, sel, size)


def _cut_scale(f, mask, cut):
    """The field's divisors for its kept entries: as they were if one number or the turn cap, else shaped `cut`."""
    if isinstance(f.scale, str) or np.ndim(f.scale) == 0:
        return f.scale
    return np.broadcast_to(np.asarray(f.scale, np.float64), f.shape)[mask].reshape(cut).tolist()


def _rows(keep) -> np.ndarray:
    """index -> its row among the kept ones, -1 where dropped."""
    return np.where(keep, np.cumsum(keep) - 1, -1)


def _cut_shape(mask) -> tuple:
    """The shape of `mask`'s kept entries: along each axis, the indices kept on some line (each cut axis keeps
    the same indices on every line, so the kept entries form a grid)."""
    shape = []
    for ax in range(mask.ndim):
        other = tuple(a for a in range(mask.ndim) if a != ax)
        shape.append(int(mask.any(axis=other).sum()) if other else int(mask.sum()))
    return tuple(shape)


# ---------------------------------------------------------------- the compiled encoder
def _fields(*names):
    return tuple(_FIELD_NO[n] for n in names)


(F_VIEWER, F_WARRIORS, F_BUILDINGS, F_TOKENS, F_RUINS, F_SUPPLY, F_VP, F_DOMINANCE, F_HAND, F_SEATED, F_SEAT_FROM,
 F_ACTIVE, F_DECIDER, F_CRAFTED, F_ITEM_SUPPLY, F_CARDS, F_PHASE, F_DECISION, F_TURN, F_TURNS_LEFT, F_DECK, F_MQ_ACTIONS,
 F_MQ_RECRUITED, F_EY_LEADER, F_EY_LEADER_STATE, F_EY_VIZIER_COL, F_EY_VIZIER_DONE, F_EY_ADDED, F_CRAFT_USED,
 F_TURN_FLAGS, F_CONTEXT, F_OWN_PENDING, F_PLACEMENT, F_FH_QUEUE, F_AL_OFFICERS, F_AL_SUPPORTERS, F_AL_OPS, F_AL_TRIM,
 F_OUTRAGE, F_VB_CHAR, F_VB_PAWN, F_VB_ITEMS, F_VB_R_ITEMS, F_VB_REL, F_VB_AIDS, F_VB_COALITION, F_VB_DAMAGE,
 F_VB_REFRESH, F_VB_BATTLE_HITS, F_RUIN_SEEN, F_QUESTS, F_QUEST_DECK, F_ITEM_BOX, F_LZ_OUTCAST, F_LZ_ACOLYTES,
 F_LZ_SCORED, F_RF_BOXES, F_RF_PRICES, F_RF_POSTS, F_RF_DISRUPT, F_SERVICES, F_PLOTS, F_PLOTS_OUT, F_PLOT_SUPPLY, F_BOTS,
 F_BOT_RULES, F_CV_TURN, F_SCORCHED, F_INSTIGATOR, F_VB_OFFERED, F_SUITS, F_ADVANCED, F_HOMELANDS, F_HD_WARLORD,
 F_HD_MOOD, F_HD_HOARD, F_HD_TURN, F_MAP, F_OPEN_PATHS, F_FERRY, F_KP_FOREST, F_KP_RECOVERED, F_KP_PENDING, F_KP_WS,
 F_KP_RETINUE, F_KP_TURN, F_KP_PLACES, F_DU_BURROW, F_DU_MINISTERS, F_DU_CROWNS, F_DU_TURN) = range(NFIELDS)
# Every offset, count and faction id the encoder reads from ``sel`` is masked with _NONNEG where it indexes ``out``:
# the compiler then knows the index is not negative and drops numba's wraparound of negative indices, which kept it
# from vectorising the field loops (measured: 2.2 times the time of the same encoder with constant offsets, and
# 1.7 times the full encoder's; masked, 1.05 times the constant one's: docs/performance.md, "Seventh round"). A
# layout's values are all below OBS_SIZE, so the mask changes none of them.
_NONNEG = 0xFFFF
assert OBS_SIZE <= _NONNEG
# the numbers above follow OBS_TABLE's order: checked here, by name, so that a new field cannot shift them silently
assert (F_CARDS, F_CONTEXT, F_VB_REL, F_RF_BOXES, F_BOTS, F_HOMELANDS, F_FERRY, F_KP_PLACES, F_DU_TURN) == _fields(
    "cards", "context", "vagabond_relationship", "riverfolk_boxes", "bots", "homelands", "ferry", "keepers_places",
    "duchy_turn")
assert NFIELDS == F_DU_TURN + 1


@njit(cache=True, inline="always")
def _cols_copy(out, at, state, base, n, sel):
    """A (faction, n) block of registers (faction f's at base + f * n), the seated factions' rows."""
    for j in range(sel[S_P]):
        _copy(out, at + j * n, state, base + (sel[S_COLS + j] & _NONNEG) * n, n)


@njit(cache=True, inline="always")
def _col_onehot(out, at, sel, f):
    """A one-hot over the faction axis (cut to the seated factions) of faction `f` (nothing if -1 or not seated)."""
    _zero(out, at, sel[S_P])
    if f >= 0 and sel[S_FCOL + f] >= 0:
        out[at + sel[S_FCOL + f]] = 1.0


@njit(cache=True, inline="always")
def _rows_copy(out, at, state, base, nrows, rowmap, n):
    """Rows of n registers (row r at base + r * n) whose ``sel`` row map (at ``rowmap``) keeps them."""
    for r in range(nrows):
        dst = rowmap[r]
        if dst >= 0:
            _copy(out, at + dst * n, state, base + r * n, n)


@njit(cache=True)
def observe_seated(state, viewer, out, sel):
    """Fill `out` (``sel[S_SIZE]`` entries) with the seated observation of `state` for faction `viewer`: the entries
    ``observe`` writes at ``SeatedLayout.index``, the same values (every entry written, whatever `out` held)."""
    at = sel[S_AT:S_AT + NFIELDS]
    p = sel[S_P] & _NONNEG
    _col_onehot(out, (at[F_VIEWER] & _NONNEG), sel, viewer)
    _cols_copy(out, (at[F_WARRIORS] & _NONNEG), state, WARRIORS, NC, sel)
    _rows_copy(out, (at[F_BUILDINGS] & _NONNEG), state, BUILDINGS, NBT, sel[S_BT:S_BT + NBT], NC)
    _rows_copy(out, (at[F_TOKENS] & _NONNEG), state, TOKENS, NTT, sel[S_TT:S_TT + NTT], NC)
    tt = sel[S_TT:S_TT + NTT]
    if viewer != CORVIDS and tt[TT_PLOT] >= 0:
        for c in range(NC):  # seed 003 13.2.2.I: only the Corvids know a face-down plot's type
            if state[CV_FACE_UP + c] == 0:
                for t in range(4):
                    out[(at[F_TOKENS] & _NONNEG) + tt[TT_PLOT + t] * NC + c] = 0.0
    _copy(out, (at[F_RUINS] & _NONNEG), state, RUINS, NC)
    n = state[NSEATS]
    _zero(out, (at[F_DOMINANCE] & _NONNEG), 4 * p)
    for j in range(p):
        f = sel[S_COLS + j] & _NONNEG
        out[(at[F_SUPPLY] & _NONNEG) + j] = np.int32(state[SUPPLY_WARRIORS + f])
        out[(at[F_VP] & _NONNEG) + j] = np.int32(state[VP + f])
        d = state[DOMINANCE + f]
        if d > 0:
            out[(at[F_DOMINANCE] & _NONNEG) + j * 4 + d - 1] = 1.0
        out[(at[F_HAND] & _NONNEG) + j] = np.int32(state[HAND_N + f])
        seat = state[FACTION_SEAT + f]
        if seat >= 0:
            out[(at[F_SEATED] & _NONNEG) + j] = 1.0
            out[(at[F_SEAT_FROM] & _NONNEG) + j] = (seat - state[FACTION_SEAT + viewer] + n) % n
        else:
            out[(at[F_SEATED] & _NONNEG) + j] = 0.0
            out[(at[F_SEAT_FROM] & _NONNEG) + j] = 0.0
    _col_onehot(out, (at[F_ACTIVE] & _NONNEG), sel, state[ACTIVE])
    _col_onehot(out, (at[F_DECIDER] & _NONNEG), sel, state[DECIDER])
    _cols_copy(out, (at[F_CRAFTED] & _NONNEG), state, CRAFTED_ITEMS, NITEM, sel)
    _copy(out, (at[F_ITEM_SUPPLY] & _NONNEG), state, ITEM_SUPPLY, NITEM)
    supporters = _cards(state, viewer, out, (at[F_CARDS] & _NONNEG), sel)
    k = (at[F_PHASE] & _NONNEG)  # phase .. turn_flags: kept in every game but the Marquise's and the Eyrie's fields
    _zero(out, k, 5 + N_DECISIONS)
    out[k + state[PHASE]] = 1.0
    out[(at[F_DECISION] & _NONNEG) + state[DECISION]] = 1.0
    out[(at[F_TURN] & _NONNEG)] = np.int32(state[TURN])
    out[(at[F_TURNS_LEFT] & _NONNEG)] = np.int32(state[MAX_TURNS] - state[TURN])
    out[(at[F_DECK] & _NONNEG)] = np.int32(state[DECK_N])
    if at[F_MQ_ACTIONS] >= 0:
        out[(at[F_MQ_ACTIONS] & _NONNEG)] = np.int32(state[MQ_ACTIONS])
        out[(at[F_MQ_RECRUITED] & _NONNEG)] = np.int32(state[MQ_RECRUITED])
        _copy(out, (at[F_FH_QUEUE] & _NONNEG), state, FH_QUEUE, NC)
    if at[F_EY_LEADER] >= 0:
        _eyrie_fields(state, out, (at[F_EY_LEADER] & _NONNEG))
        _own_pending_card(state, viewer, out, (at[F_OWN_PENDING] & _NONNEG))
    _copy(out, (at[F_CRAFT_USED] & _NONNEG), state, CRAFT_USED, 3)
    for b in range(4):
        out[(at[F_TURN_FLAGS] & _NONNEG) + b] = (state[TURN_FLAGS] >> b) & 1
    for i in range(PUBLIC_REGS.shape[0]):
        out[(at[F_CONTEXT] & _NONNEG) + i] = np.int32(state[REG + PUBLIC_REGS[i]] + 1)  # +1: registers use -1 for "none"
    _copy(out, (at[F_PLACEMENT] & _NONNEG), state, SCRATCH, NC)
    if at[F_AL_OFFICERS] >= 0:
        out[(at[F_AL_OFFICERS] & _NONNEG)] = np.int32(state[AL_OFFICERS])
        out[(at[F_AL_SUPPORTERS] & _NONNEG)] = supporters
        out[(at[F_AL_OPS] & _NONNEG)] = np.int32(state[AL_OPS])
        out[(at[F_AL_TRIM] & _NONNEG)] = np.int32(state[AL_TRIM])
        _copy(out, (at[F_OUTRAGE] & _NONNEG), state, AL_OUTRAGE, NC)
    if sel[S_NV] > 0:
        _vagabonds(state, viewer, out, at, sel)
    _copy(out, (at[F_ITEM_BOX] & _NONNEG), state, ITEM_BOX, NITEM)
    if at[F_LZ_OUTCAST] >= 0:
        _lizard_fields(state, out, (at[F_LZ_OUTCAST] & _NONNEG))
    if at[F_RF_BOXES] >= 0:
        k = (at[F_RF_BOXES] & _NONNEG)
        for box in range(3):
            for j in range(p):
                f = sel[S_COLS + j] & _NONNEG
                out[k + box * p + j] = np.int32(state[(RF_FUNDS, RF_PAYMENTS, RF_COMMITTED)[box] + f])
        _riverfolk_fields(state, out, (at[F_RF_PRICES] & _NONNEG))
    if at[F_PLOTS] >= 0:
        _corvids(state, viewer, out, at)
    if at[F_BOTS] >= 0:
        for j in range(p):
            f = sel[S_COLS + j] & _NONNEG
            bot = state[BOT + f] != 0
            out[(at[F_BOTS] & _NONNEG) + j * 6] = 1.0 if bot else 0.0
            out[(at[F_BOTS] & _NONNEG) + j * 6 + 1] = np.int32(state[BOT_LEVEL + f]) if bot else 0
            for t in range(4):
                out[(at[F_BOTS] & _NONNEG) + j * 6 + 2 + t] = (state[BOT_TRAITS + f] >> t) & 1 if bot else 0
        out[(at[F_BOT_RULES] & _NONNEG)] = np.int32(state[OPTIONS + O_COOPERATIVE])
        out[(at[F_BOT_RULES] & _NONNEG) + 1] = np.int32(state[OPTIONS + O_BOTS_LAW])
    _suit_fields(state, out, (at[F_SUITS] & _NONNEG))
    k = at[F_HOMELANDS] & _NONNEG
    for j in range(p):
        f = sel[S_COLS + j] & _NONNEG
        for c in range(NC):
            out[k + j * NC + c] = (state[HOMELAND + f] >> c) & 1
    if at[F_HD_WARLORD] >= 0:
        _hundreds_fields(state, out, (at[F_HD_WARLORD] & _NONNEG))
    _map_fields(state, out, (at[F_MAP] & _NONNEG))
    if at[F_KP_FOREST] >= 0:
        _keepers_fields(state, out, (at[F_KP_FOREST] & _NONNEG))
    if at[F_DU_BURROW] >= 0:
        _duchy_fields(state, out, (at[F_DU_BURROW] & _NONNEG))
    return out


@njit(cache=True, inline="always")
def _cards(state, viewer, out, k, sel):
    """The "cards" field, its features cut (``S_CF``); returns the number of the Alliance's supporters."""
    cs = sel[S_CS] & _NONNEG
    cf = sel[S_CF:S_CF + CARD_FEATURES]
    _zero(out, k, NCARD * cs)
    supporters = 0
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        b = k + c * cs
        e = _LOC_FEATURE[loc] if loc >= 0 and loc <= LOC_LAST else 4
        if e >= 0:
            if cf[e] >= 0:
                out[b + cf[e]] = 1.0
        elif e == _HAND:
            if loc == LOC_HAND + viewer:
                out[b] = 1.0
            elif (state[CARD_KNOWN + c] >> viewer) & 1 and cf[6 + NF + loc - LOC_HAND] >= 0:
                out[b + cf[6 + NF + loc - LOC_HAND]] = 1.0  # seen in another player's hand
            else:
                out[b + cf[4]] = 1.0
        elif e == _DECREE_COL:
            out[b + cf[6 + 2 * NF + loc - LOC_DECREE]] = 1.0
            out[b + cf[5]] = np.int32(state[CARD_FLAG + c])
        elif e == _RETINUE:
            out[b + cf[_RETINUE_FEATURE + loc - LOC_RETINUE]] = 1.0
            out[b + cf[_RETINUE_FEATURE + RETINUE_COLUMNS]] = np.int32(state[CARD_FLAG + c])
        else:
            supporters += 1
            if (state[CARD_KNOWN + c] >> viewer) & 1:
                out[b + cf[6 + 2 * NF + 4]] = 1.0  # a supporter this player knows (the Alliance, or its giver)
            else:
                out[b + cf[4]] = 1.0
    return supporters


@njit(cache=True, inline="always")
def _vagabonds(state, viewer, out, at, sel):
    """The Vagabonds' fields: the seated Vagabonds' rows (``S_VROW``), the factions' columns cut."""
    p = sel[S_P] & _NONNEG
    nv = sel[S_NV]
    _zero(out, (at[F_VB_CHAR] & _NONNEG), nv * N_CHARACTERS)
    _zero(out, (at[F_VB_PAWN] & _NONNEG), nv * (NC + NFOREST))
    _zero(out, (at[F_VB_REL] & _NONNEG), nv * p * N_REL_VALUES)
    _zero(out, (at[F_VB_COALITION] & _NONNEG), nv * p)
    for v in range(2):
        r = sel[S_VROW + v]
        if r < 0:
            continue
        if state[VB_CHAR + v] >= 0:
            out[(at[F_VB_CHAR] & _NONNEG) + r * N_CHARACTERS + state[VB_CHAR + v]] = 1.0
        if state[VB_PAWN + v] >= 0:
            out[(at[F_VB_PAWN] & _NONNEG) + r * (NC + NFOREST) + state[VB_PAWN + v]] = 1.0
        _copy(out, (at[F_VB_ITEMS] & _NONNEG) + r * NITEM * 4, state, VB_ITEMS + v * NITEM * 4, NITEM * 4)
        _copy(out, (at[F_VB_R_ITEMS] & _NONNEG) + r * NITEM, state, VB_R_HELD + v * NITEM, NITEM)
        for j in range(p):
            f = sel[S_COLS + j] & _NONNEG
            rel = state[VB_REL + v * NF + f]
            if rel >= 0:
                out[(at[F_VB_REL] & _NONNEG) + (r * p + j) * N_REL_VALUES + rel] = 1.0
            out[(at[F_VB_AIDS] & _NONNEG) + r * p + j] = np.int32(state[VB_AIDS + v * NF + f])
        ally = state[VB_COALITION + v]
        if ally >= 0 and sel[S_FCOL + ally] >= 0:
            out[(at[F_VB_COALITION] & _NONNEG) + r * p + sel[S_FCOL + ally]] = 1.0
        out[(at[F_VB_DAMAGE] & _NONNEG) + r] = np.int32(state[VB_DAMAGE + v])
        out[(at[F_VB_REFRESH] & _NONNEG) + r] = np.int32(state[VB_REFRESH + v])
    out[(at[F_VB_BATTLE_HITS] & _NONNEG)] = np.int32(state[VB_BATTLE_HITS])
    out[(at[F_VB_BATTLE_HITS] & _NONNEG) + 1] = np.int32(state[VB_BATTLE_HITS + 1])
    _ruins_and_quests(state, viewer, out, (at[F_RUIN_SEEN] & _NONNEG))
    for c in range(NC):
        out[(at[F_SCORCHED] & _NONNEG) + c] = (state[SCORCHED] >> c) & 1
    _col_onehot(out, (at[F_INSTIGATOR] & _NONNEG), sel, state[B_INSTIGATOR])
    for ch in range(N_CHARACTERS):
        out[(at[F_VB_OFFERED] & _NONNEG) + ch] = (state[VB_CHOICE] >> ch) & 1


@njit(cache=True, inline="always")
def _corvids(state, viewer, out, at):
    _plot_fields(state, viewer, out, (at[F_PLOTS] & _NONNEG))
    k = (at[F_CV_TURN] & _NONNEG)
    out[k] = np.int32(state[CV_PLACED])
    out[k + 1] = np.int32(state[CV_ACTIONS])
    out[k + 2] = np.int32(state[CV_RECRUITED])
    out[k + 3] = np.int32(state[CV_EXERTED])


@njit(cache=True)
def normalize_seated(state, out, sel):
    """``observe.normalize`` of a seated observation: each entry scaled by its full entry's divisor, the turn
    fields divided by the game's turn cap (the same float32 operations, so the same values as the full one's)."""
    for i in range(sel[S_SIZE]):
        out[i] *= OBS_INV_SCALE[sel[S_INDEX + i]]
    cap = max(state[MAX_TURNS], 1)
    out[sel[S_TURN]] /= cap
    out[sel[S_TURN] + 1] /= cap
    return out

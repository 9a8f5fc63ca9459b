"""Gymnasium's final info of a vector env step in which games ended, in arrays made once (issue 32).

When a game ends, ``RootVectorEnv.step`` returns its last observation and details in Gymnasium's layout
(``final_obs`` an object array, ``None`` but for the ended games; ``final_info`` a dict of arrays, each with its
``_key`` mask; in NEXT_STEP / DISABLED the details at the top of ``infos``). Building them anew took about thirteen
numpy calls a step with an end, right after the compiled step, on caches that step had filled with its own data:
about 100-130 us each, the largest part of the step's Python (docs/performance.md, "Eighth round").

A ``FinalSet`` holds every array of one such step's final info, made once: the compiled step writes every seat's
view of an ended game's last position straight into the set's ``views`` (it is the batch's ``views`` buffer until
the set is handed out), and ``fill`` copies the rest in one compiled call (``engine.batch.final_fill``), which
allocates nothing: the batch's info and final VP (they lie side by side in the batch's int64 block,
``engine.batch.int_views``) into the set's int64 block, whose views are the final VP, decisions and turns handed
out, followed by the ended games' rows; the ended mask and the winners (rows of a table by the winners bitmask) into
its bool block; the acting seat's view of each ended game; then it points the object arrays' entries of the ended
games at the set's rows. (Four numpy calls did it before, each 5-15 us right after the step on a loaded machine:
docs/performance.md, "Tenth round".)

The sets come from a ``vector_outputs.Pool``: a set is used again only when nothing outside it
refers to any of its arrays (a caller that keeps ``final_obs[g]``, ``seat_obs[g]`` or any array of the final info
keeps its set from being used again), so what a caller was given is never written again. A set used again first
drops its last entries. The constant arrays of the final info (the ``-1`` current player, the all-zero action masks)
are read-only (numpy's ``writeable`` flag), made once per env and shared by its sets: nothing can change them, so
nothing restores or checks them.
"""
from __future__ import annotations

import numpy as np

from .codes import N_ACTIONS
from .engine import batch as B
from .vector_outputs import HeldSet


# The keys of the ended games' details (final_info in SAME_STEP, the top of infos in NEXT_STEP / DISABLED).
FINAL_KEYS = ("final_vp", "winners", "episode_decisions", "episode_turns", "seat_obs")


def constants(n: int) -> tuple:
    """The final info's read-only constants for `n` games: int64 (n,) all ``-1`` (the ended games' current player)
    and int8 (n, N_ACTIONS) all zero (their action masks)."""
    current, masks = np.full(n, -1, np.int64), np.zeros((n, N_ACTIONS), np.int8)
    current.flags.writeable = masks.flags.writeable = False
    return current, masks


info_and_final_vp = B.final_source  # the batch's info and final VP, one flat view (what ``fill`` copies)


def winners_table(col_bits) -> np.ndarray:
    """bool (2 ** bits, P): row ``w`` says which seats a winners bitmask ``w`` names (`col_bits`: each seat's bit)."""
    width = int(np.max(col_bits)).bit_length()
    return (np.arange(1 << width, dtype=np.int64)[:, None] & np.asarray(col_bits, np.int64)[None, :]) != 0


class FinalSet(HeldSet):
    """The final info of one step of `n` games of `p` seats whose observations are `width` entries of `obs_dtype`:
    ``views`` (n, p, width) (every seat's last view, ``seat_obs``), ``last`` (n, width) (the acting seat's,
    ``final_obs``), ``ended`` bool (n,), ``final_vp`` int64 (n, p), ``winners`` bool (n, p), ``decisions`` and
    ``turns`` int64 (n,), ``current`` and ``masks`` (`shared`, ``constants(n)``: read-only, made anew if None), and
    the object arrays ``final_obs`` and ``seat_obs`` (n,). ``entries`` is what a step adds to its ``infos``: with
    `same_step`, ``final_obs`` and ``final_info`` (with ``current_player`` -1, and with `mask_in_info` the
    all-zero ``action_mask``) and their masks; else the details themselves."""

    __slots__ = ("views", "last", "ended", "final_vp", "_block", "_bools", "_row_at", "decisions", "turns",
                 "winners", "current", "masks", "final_obs", "seat_obs", "_rows", "_details", "_top", "_same",
                 "_arrays")

    def __init__(self, n: int, p: int, width: int, obs_dtype, same_step: bool = True, mask_in_info: bool = False,
                 shared: tuple | None = None):
        self.views = np.zeros((n, p, width), obs_dtype)
        self.last = np.zeros((n, width), obs_dtype)
        # a copy of the batch's info (n, N_INFO) and final VP (n, p), side by side as in the batch's block, then
        # the ended games' rows (engine.batch.final_fill writes them all)
        self._row_at = n * (B.N_INFO + p)
        self._block = np.zeros(self._row_at + n, np.int64)
        info = self._block[:n * B.N_INFO].reshape(n, B.N_INFO)
        self.final_vp = self._block[n * B.N_INFO:self._row_at].reshape(n, p)
        self.decisions, self.turns = info[:, B.I_DECISIONS], info[:, B.I_TURNS]
        del info  # a local view would count as a reference to the block when the counts are recorded
        # the ended mask (n,), then the winners (n, p)
        self._bools = np.zeros(n + n * p, np.bool_)
        self.ended, self.winners = self._bools[:n], self._bools[n:].reshape(n, p)
        self.current, self.masks = constants(n) if shared is None else shared
        self.final_obs = np.empty(n, dtype=object)
        self.seat_obs = np.empty(n, dtype=object)
        self._rows: list = []  # the games whose entries the object arrays hold
        # the dicts a step hands out, made once with this set's arrays (each step gets copies: the caller's dicts)
        ended = self.ended
        d = {"final_vp": self.final_vp, "winners": self.winners, "episode_decisions": self.decisions,
             "episode_turns": self.turns, "seat_obs": self.seat_obs}
        d.update({"_" + k: ended for k in FINAL_KEYS})
        self._same = same_step
        if same_step:  # the ended game's own step info: nobody to act, no legal action
            d["current_player"], d["_current_player"] = self.current, ended
            if mask_in_info:
                d["action_mask"], d["_action_mask"] = self.masks, ended
            # (the keys in the order Gymnasium's own vector envs add them; final_info set per step)
            self._top = {"final_obs": self.final_obs, "_final_obs": ended, "final_info": None, "_final_info": ended}
        self._details = d
        del d, ended
        self._arrays = (self.views, self.last, self._block, self._bools, self.ended, self.final_vp, self.decisions,
                        self.turns, self.winners, self.final_obs, self.seat_obs)  # what can be written: not the constants
        self._held = self._arrays  # and, once filled, the object arrays' entries (``fill``)
        self._record()

    def fill(self, source, table, acting, as_dict: bool) -> list:
        """The final info of the games ended in this step (``views`` already written by the compiled step) from
        `source`, the batch's info and final VP side by side (``info_and_final_vp``); `table` is ``winners_table``
        of the seats, `acting` each game's acting column. ``final_obs[g]`` is a dict with an all-zero mask when
        `as_dict`. Returns the ended games' rows."""
        fo, so = self.final_obs, self.seat_obs
        for g in self._rows:  # used before: let go of the last entries
            fo[g] = so[g] = None
        at = self._row_at
        rows = self._block[at:at + B.final_fill(source, table, acting, self.views, self.last, self._block,
                                                self._bools)].tolist()
        views, last, masks = self.views, self.last, self.masks
        entries = []
        for g in rows:  # (last[g], the acting seat's view, written by final_fill)
            so[g] = views[g]
            fo[g] = {"observation": last[g], "action_mask": masks[g]} if as_dict else last[g]
            entries += (so[g], fo[g], fo[g]["observation"]) if as_dict else (so[g], fo[g])
        # An entry a caller keeps (the dict, a row's view) adds no reference to the set's arrays, only to itself:
        # the entries are checked too (not the masks' rows: read-only). The counts recorded are then the set's own
        # references, no local's.
        self._held = self._arrays + tuple(entries)
        del fo, so, views, last, masks, entries
        self._rows = rows
        self._record()
        return rows

    def entries(self) -> dict:
        """What the step adds to its ``infos`` (see the class doc): new dicts, the caller's, of this set's arrays."""
        if not self._same:
            return self._details.copy()
        top = self._top.copy()
        top["final_info"] = self._details.copy()
        return top

"""The arrays a vector env step returns, allocated once and used again only when nobody else can see them.

``RootVectorEnv.step`` returns new arrays (``copy=True``: the caller's, never written again): the observations and
masks, the acting and current columns, the rewards, the seat rewards and the two flags. Allocating them every step,
and taking the views the step returns of them, was most of the step's Python (docs/performance.md, "Eighth round").
An ``OutputSet`` holds one step's arrays and those views, made once; ``OutputPool`` hands out a set whose every
array and view is referred to by nothing but the set itself: then no caller holds any of them (an array a caller
derives from one, a slice, ``torch.from_numpy``, a ``memoryview``, holds a reference to its base, which is one of
the set's arrays), and writing it cannot change anything a caller was given. CPython counts references exactly
(``sys.getrefcount``); each set records its own counts once built, and a set is free when they are back to those.
When no set is free (a caller that keeps every step's arrays) a new set is made and the oldest one is forgotten,
left to whoever holds it, so the arrays returned are never written again, whatever the caller keeps.
"""
from __future__ import annotations

import sys

import numpy as np

KEPT = 3  # sets the pool keeps: the one a step writes, the one the caller holds while it calls step, one spare


class HeldSet:
    """Arrays handed to callers and used again only when nothing but the set refers to them: a subclass lists them
    in ``_held`` and calls ``_record()`` once they (and whatever the set itself keeps referring to) are in place."""

    __slots__ = ("_held", "_counts")

    def _references(self) -> tuple:
        # the same expression when the counts are recorded and when they are checked: the same transient references
        return tuple(map(sys.getrefcount, self._held))

    def _record(self) -> None:
        self._counts = self._references()

    def free(self) -> bool:
        """True when nothing but this set refers to any of its arrays or views."""
        return self._references() == self._counts


class OutputSet(HeldSet):
    """One step's output arrays (``cols`` int64 (2, n), ``floats`` float32 (n * P + n,), ``flags`` bool (2, n), as
    ``Batch.step_vector`` takes them, and with `obs_shape` the observations and masks) and the views a step returns
    of them: ``acting``, ``current``, ``seat_rewards`` (n, P), ``reward`` (n,), ``terminated``, ``truncated``."""

    __slots__ = ("obs", "masks", "cols", "floats", "flags", "acting", "current", "seat_rewards", "reward",
                 "terminated", "truncated")

    def __init__(self, n: int, p: int, obs_shape=None, obs_dtype=None, mask_shape=None):
        self.obs = None if obs_shape is None else np.empty(obs_shape, obs_dtype)
        self.masks = None if mask_shape is None else np.empty(mask_shape, np.int8)
        self.cols = np.empty((2, n), np.int64)
        self.floats = np.empty(n * p + n, np.float32)
        self.flags = np.empty((2, n), np.bool_)
        self.acting, self.current = self.cols[0], self.cols[1]
        self.seat_rewards = self.floats[:n * p].reshape(n, p)
        self.reward = self.floats[n * p:]
        self.terminated, self.truncated = self.flags[0], self.flags[1]
        self._held = tuple(a for a in (self.obs, self.masks, self.cols, self.floats, self.flags, self.acting,
                                       self.current, self.seat_rewards, self.reward, self.terminated, self.truncated)
                           if a is not None)
        self._record()


class Pool:
    """Sets made by ``make()`` (``HeldSet``s): ``take()`` gives a free one, or a new one (see the module doc)."""

    def __init__(self, make):
        self._make = make
        self._sets: list[HeldSet] = []
        self._next = 0  # the set forgotten when none is free and KEPT are kept: the oldest
        self.made = 0  # sets made so far (a loop that drops each step's results needs two)

    def take(self) -> HeldSet:
        for s in self._sets:
            if s.free():
                return s
        s = self._make()
        self.made += 1
        if len(self._sets) < KEPT:
            self._sets.append(s)
        else:
            self._sets[self._next] = s
            self._next = (self._next + 1) % KEPT
        return s


class OutputPool(Pool):
    """Output sets for the steps of one env (``OutputSet``'s arguments)."""

    def __init__(self, n: int, p: int, obs_shape=None, obs_dtype=None, mask_shape=None):
        super().__init__(lambda: OutputSet(n, p, obs_shape, obs_dtype, mask_shape))

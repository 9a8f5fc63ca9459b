"""The Vagabonds' items in Rootlog: the tokens that write a change of a Vagabond's board, and which Vagabond an
item token with no board belongs to.

An item is in one of four states: 0 ready, 1 exhausted, 2 damaged, 3 damaged and exhausted.  A change is written
as single steps in single-letter item locations (the parser 1.4.0 reads no two-letter ones such as ``de``): the
origin narrows which copy moves (``%se->d`` damages an exhausted sword), as the importer reads it
(``notation.ITEM_ORIGIN``, ``ITEM_DESTINATION``).

Whose board (Law 9.8, two Vagabonds): Rootlog V2 writes an item with no board as the current player's
(``%s->e``), and names another board as the origin (``(2%c+%h)V$->d``) or the destination (``%s5->G$``).  On a
line of a player who has no items, an item token with no board belongs to the Vagabond the line named last, in
a battle (``XG4``) or by naming his board; with one Vagabond seated, to him.  A board named as the origin says
nothing of the face (Rootlog V2: either state): the importer takes a copy in the destination's order of
preference (``%sG$->d`` damages a face-up sword before a face-down one).  So the exporter names a board only
where it must, with the steps in an order in which each reads right (``ItemWriter``); what no token can say (on
one Vagabond's line, the other's face-down item damaged while he has a face-up one of that kind) is written as
the preferred copy, and the importer reads it the other way when a later token needs that (``Importer._reread``).
"""
from __future__ import annotations

import numpy as np

from ..data import NITEM, ITEM_NAMES, FACTION_NAMES, VAGABOND
from ..layout import VB_ITEMS
from .notation import ITEM_LETTER, ITEM_DESTINATION, LETTER_FACTION, VAGABONDS, letter, vb_row
from .reader import Act, classify, expand

# One item between states, a single step each; a removal is (state, None), an item gained (None, 0) (it comes
# face up).  A damaged exhausted item is removed by turning it face up first (``d->r`` reaches only that state).
STEP_TEXT = {(0, 1): "->e", (2, 3): "d->e", (1, 0): "->r", (3, 2): "d->r", (0, 2): "->d", (1, 3): "e->d",
             (2, 0): "->s", (3, 1): "e->s", (0, None): "->", (1, None): "e->", (2, None): "d->"}
_PATH = {(0, 3): (0, 2, 3), (1, 2): (1, 3, 2), (2, 1): (2, 0, 1), (3, 0): (3, 1, 0)}
REMOVE_STEPS = (((0, None),), ((1, None),), ((2, None),), ((3, 2), (2, None)))


def item_path(s: int, t: int) -> list:
    """The single steps from state s to state t."""
    path = _PATH.get((s, t), (s, t))
    return [(a, b) for a, b in zip(path, path[1:]) if a != b]


def item_groups(before: np.ndarray, after: np.ndarray, v: int = VAGABOND) -> list:
    """What changed on Vagabond v's board, as ``(item, steps)`` per item kind, the steps in the order written:
    copies changed from one state to another, copies gained (then turned to their state), copies removed."""
    at = VB_ITEMS + vb_row(v) * NITEM * 4
    out = []
    for i in range(NITEM):
        d = [int(after[at + i * 4 + s] - before[at + i * 4 + s]) for s in range(4)]
        if not any(d):
            continue
        lost = [s for s in range(4) for _ in range(max(0, -d[s]))]
        won = [s for s in range(4) for _ in range(max(0, d[s]))]
        steps = [st for s, t in zip(lost, won) for st in item_path(s, t)]
        for t in won[len(lost):]:
            steps += [(None, 0)] + item_path(0, t)
        for s in lost[len(won):]:
            steps += list(REMOVE_STEPS[s])
        out.append((i, steps))
    return out


def step_token(i: int, step: tuple, board: str, source: str, to_board: str) -> str:
    """One step as a token: the origin narrowed by state (``board`` ''), or named by ``board`` (``G$``); an item
    gained comes from ``source`` (a ruin's clearing, ``E$``, or '' for the supply) to ``to_board``."""
    it = "%" + ITEM_LETTER[ITEM_NAMES[i]]
    if step[0] is None:
        return f"{it}{source}->{to_board}"
    text = STEP_TEXT[step]
    return it + (text if not board else board + text[text.index("->"):])


def read_as_named(counts, step: tuple) -> bool:
    """Whether a step written with its board named (either face) moves the copy it means: the importer takes
    the first state, in the destination's order, that has a copy (``counts``: the item's four states now)."""
    if step[0] is None:
        return True
    dest = STEP_TEXT[step].split("->")[1]
    first = next((s for s in ITEM_DESTINATION[dest][0] if counts[s] > 0), None)
    return first == step[0]


def _apply(counts: list, step: tuple) -> None:
    if step[0] is not None:
        counts[step[0]] -= 1
    if step[1] is not None:
        counts[step[1]] += 1


def named_vagabond(act: Act):
    """The Vagabond an action names (a battle's, or the board an item token names), or None."""
    names = []
    if act.kind == "battle":
        names = [act.m["dfd"], act.m["att"]]
    elif act.kind == "move" and act.m["thing"].startswith("%"):
        names = [x[:-1] for x in (act.m["src"], act.m["dst"]) if x and len(x) == 2 and x.endswith("$")]
    for ch in names:
        f = FACTION_NAMES.index(LETTER_FACTION[ch]) if ch in LETTER_FACTION else -1
        if f in VAGABONDS:
            return f
    return None


def line_vagabond(tokens: list):
    """The Vagabond the tokens of a line named last (see ``named_vagabond``), or None."""
    for tok in reversed(tokens):
        for simple in reversed(expand(tok)):
            v = named_vagabond(classify(simple))
            if v is not None:
                return v
    return None


def item_tokens(before: np.ndarray, after: np.ndarray, current: int, source: str, v: int = VAGABOND,
                board: str = "") -> list[str]:
    """Items gained, flipped, damaged, repaired and removed on Vagabond v's board, each step's origin narrowed
    by state (``board`` '') or naming ``board``.  ``source`` is where gained items come from (a ruin's
    clearing, another faction's board ``C$``, or '' for the supply)."""
    to_board = "$" if current == v else letter(v) + "$"
    return [step_token(i, st, board, source, to_board) for i, steps in item_groups(before, after, v) for st in steps]


def _counts(state: np.ndarray, v: int) -> dict:
    at = VB_ITEMS + vb_row(v) * NITEM * 4
    return {i: [int(state[at + i * 4 + s]) for s in range(4)] for i in range(NITEM)}


class ItemWriter:
    """Writes the Vagabonds' item changes on the lines of one export (see the module's text for whose board a
    token means).  A change of a Vagabond's items on a line not his is held back to the end of that line
    when no order of its steps reads right yet; a later change on the line (the next of three damaged items,
    Seed 002 9.2.2.I) may give one, or the line may name him (a battle).  Held-back steps are written by
    ``flush`` at the end of the line, in the best order found."""

    def __init__(self, two: bool):
        self.two = two          # both Vagabonds seated: boards must be told apart
        self.held: dict = {}    # Vagabond -> (his item counts before the held steps, [(item, step, source)])

    def tokens(self, before: np.ndarray, after: np.ndarray, current: int, source: str, v: int,
               line: list) -> list[str]:
        """The tokens for Vagabond v's items changed from ``before`` to ``after`` on the current player's line,
        whose tokens so far are ``line`` (possibly none, the steps held back)."""
        if current == v or not self.two:
            return item_tokens(before, after, current, source, v)
        counts, steps = self.held.pop(v, (_counts(before, v), []))
        steps = steps + [(i, st, source) for i, sts in item_groups(before, after, v) for st in sts]
        out = self._write(counts, steps, v, current, line, force=False) if steps else []
        if out is None:
            self.held[v] = (counts, steps)
            return []
        return out

    def flush(self, current: int, line: list) -> list[str]:
        """The steps held back on this line, written now (some with the preferred copy, where no order of
        them reads right)."""
        out: list = []
        for v, (counts, steps) in self.held.items():
            out += self._write(counts, steps, v, current, line + out, force=True)
        self.held = {}
        return out

    @staticmethod
    def _write(counts: dict, steps: list, v: int, current: int, line: list, force: bool):
        """The steps as tokens: with no board while the line's owner reads them as v's; else each with v's board,
        in an order where the importer takes the copy meant (each item's steps keep their order).  None when no
        such order exists and not ``force``."""
        counts = {i: list(c) for i, c in counts.items()}
        board = letter(v) + "$"
        foreign_line = current not in VAGABONDS  # a player without items: after one named step, v's board is implied
        named = foreign_line and line_vagabond(line) == v
        left, out, exact = list(steps), [], True
        while left:
            firsts = [k for k, (i, _, _) in enumerate(left) if all(j != i for j, _, _ in left[:k])]
            k = firsts[0] if named else next((k for k in firsts if read_as_named(counts[left[k][0]], left[k][1])),
                                             None)
            if k is None:
                exact, k = False, firsts[0]
            i, st, src = left.pop(k)
            out.append(step_token(i, st, "" if named else board, src, board))
            _apply(counts[i], st)
            named = named or foreign_line
        return out if exact or force else None


__all__ = ["item_tokens", "ItemWriter", "item_groups", "item_path", "named_vagabond", "line_vagabond",
           "read_as_named", "STEP_TEXT"]

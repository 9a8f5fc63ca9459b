"""Checks shared by the faction round-trip tests of the Rootlog import (test_keepers_rootlog_import.py,
test_duchy_rootlog_import.py): exported games read back to the engine's positions, and the tokens of their lines."""
from __future__ import annotations

from benchmarks.fuzz_rootlog import line_differences
from root_env.data import FACTION_NAMES
from root_env.rootlog import FACTION_LETTER


def assert_round_trips(exported) -> None:
    """Each (game, lines, states, imported): the position after every turn line equals the engine's
    (``Position.COMPARED``), no disagreement, the same winners."""
    for g, lines, states, imported in exported:
        assert len(imported.line_positions) == len(states) > 2 * len(g.factions)
        diffs = line_differences(imported, states)
        assert diffs == [], (g.factions, [lines[n - 1] for n, _ in diffs[:1]])
        assert [str(d) for d in imported.disagreements] == [], g.factions
        assert imported.winners == [FACTION_LETTER[n] for n in FACTION_NAMES if n in g.winners]


def tokens(lines, who=None) -> list[str]:
    """The actions of the turn lines (of faction letter ``who``, or all)."""
    out = []
    for ln in lines:
        if len(ln) > 2 and ln[1] == ":" and ln[2] != " " and (who is None or ln[0] == who):
            out += ln[2:].split("/")
    return out

"""The errors of the Python API: every bad input raises one of these (all ``ValueError``)."""
from __future__ import annotations


class RootError(ValueError):
    """Bad input to the Root engine: the game is unchanged."""


class IllegalActionError(RootError):
    """An action that is not legal for the pending decision."""


class RecordError(RootError):
    """A malformed, truncated, corrupted or wrong-version snapshot or record."""


class ScenarioError(RootError):
    """A ``Scenario`` asked for a position or a tool the rules or the game do not allow."""

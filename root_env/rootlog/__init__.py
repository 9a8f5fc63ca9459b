"""Rootlog, the Root community's game notation: export (read by the community parser and RootVis)
and import of recorded games into public positions checked against the engine's rules.

    >>> from root_env.rootlog import to_rootlog, from_rootlog
    >>> text = to_rootlog(game)            # a Game made by Game.new, or a record dict
    >>> imported = from_rootlog(text)      # positions after every action, and the disagreements

Command line: ``python -m root_env.rootlog export GAME.json`` and ``python -m root_env.rootlog import FILE``.
"""
from .notation import place_name, FACTION_LETTER
from .export import to_rootlog, export_lines
from .importer import from_rootlog, ImportedGame, Disagreement
from .reader import RootlogError

__all__ = ["to_rootlog", "export_lines", "from_rootlog", "ImportedGame", "Disagreement", "RootlogError", "place_name",
           "FACTION_LETTER"]

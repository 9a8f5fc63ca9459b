"""An imported Rootlog game in the HTML replay viewer: one frame per action, the board drawn from the
position the log records, the log line and any disagreement shown beside it.

    python -m root_env.rootlog import GAME.rootlog --html game.html
"""
from __future__ import annotations

from ..data import FACTION_NAMES
from .importer import ImportedGame
from .notation import LETTER_FACTION
from .position import Position, state_of_position


def frames(game: ImportedGame) -> dict:
    """The viewer's data (same shape as ``root_env.replay.frames``) for an imported game."""
    from ..game import Game
    from ..picture import dynamic_layer, svg_elements
    names = [LETTER_FACTION[ch] for ch in game.factions]
    base = Game.new(tuple(names), seed=0).state
    notes: dict = {}
    for d in game.disagreements:
        notes.setdefault((d.line, d.action), []).append(f"  ! {d.text}" + (f" (Law {d.law})" if d.law else ""))
    layers: list = []
    index: dict = {}
    out = []

    def snap(pos: Position, log: list, title: str):
        g = Game.from_state(state_of_position(base, pos))
        layer = svg_elements(dynamic_layer(g))
        if layer not in index:
            index[layer] = len(layers)
            layers.append(layer)
        out.append({"layer": index[layer], "log": log, "title": title, "hands": {n: [] for n in names},
                    "vp": {n: int(pos.vp[FACTION_NAMES.index(n)]) for n in names}})

    snap(Position(), ["Start of the imported game: " + ", ".join(names)], "Rootlog import")
    for st in game.steps:
        snap(st.position, [f"line {st.line} {st.taker}: {st.action}"] + notes.get((st.line, st.action), []),
             f"Rootlog line {st.line} · {LETTER_FACTION[st.taker]}")
    return {"factions": names, "layers": layers, "frames": out}


def to_html(game: ImportedGame, title: str = "Rootlog import") -> str:
    from ..replay import page
    return page(frames(game), title)


__all__ = ["frames", "to_html"]

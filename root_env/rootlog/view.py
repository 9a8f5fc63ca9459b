"""An imported Rootlog game in the HTML replay viewer: one frame per action, the board drawn from the
position the log records, the log line and any disagreement shown beside it.

    python -m root_env.rootlog import GAME.rootlog --html game.html
"""
from __future__ import annotations

from .importer import ImportedGame
from .notation import LETTER_FACTION, SUIT_LETTER
from ..data import NC
from ..layout import CLEARING_SUITS
from .position import Position, state_of_position


def frames(game: ImportedGame) -> dict:
    """The viewer's data (``root_env.replay.Frames``) for an imported game: a frame per logged action."""
    from ..game import Game
    from ..replay import Frames
    names = [LETTER_FACTION[ch] for ch in game.factions]
    base = Game.new(tuple(names), seed=0, setup=game.setup).state
    if game.setup == "advanced" and len(game.suits) == NC and all(x in "FRM" for x in game.suits):
        # the suits the log's Clearings line gives (Appendix A.1)
        base[CLEARING_SUITS:CLEARING_SUITS + NC] = [SUIT_LETTER.index(x) for x in game.suits]
    notes: dict = {}
    for d in game.disagreements:
        notes.setdefault((d.line, d.action), []).append(f"  ! {d.text}" + (f" (Law {d.law})" if d.law else ""))
    fr = Frames(names, secret=False)  # the log does not say the face-down plots' types: no Corvid view of them

    def snap(pos: Position, log: list, title: str):
        # A drawing of what the log records, not a playable position: built here, so not validated.
        fr.snap(Game._wrap(state_of_position(base, pos)), log, title=title)

    snap(Position(), ["Start of the imported game: " + ", ".join(names)], "Rootlog import")
    for st in game.steps:
        snap(st.position, [f"line {st.line} {st.taker}: {st.action}"] + notes.get((st.line, st.action), []),
             f"Rootlog line {st.line} · {LETTER_FACTION[st.taker]}")
    return fr.data()


def to_html(game: ImportedGame, title: str = "Rootlog import") -> str:
    from ..replay import page
    return page(frames(game), title)


__all__ = ["frames", "to_html"]

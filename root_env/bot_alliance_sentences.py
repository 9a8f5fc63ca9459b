"""The Automated Alliance's bot log rows in words (``docs/clockwork_alliance.md``, seed 004 traits): what it
did and the rule that chose it. ``names.bot_sentence`` hands its rows here, and the rows of its standing abilities
(Crackdown, Automated Outrage) whoever's turn it is."""
from __future__ import annotations

import numpy as np

from .data import SUIT_NAMES, CLEARING_SUIT
from .engine.botlog import (EV_RECRUIT, EV_SCORE, EV_REVOLT, EV_SPREAD, EV_PITY, EV_ORGANIZE, EV_CRACKDOWN,
                            EV_OUTRAGE)
from .engine.factions.bot_alliance import (SPREAD_ORDERED, SPREAD_FALLBACK, BY_PITY, BY_DAYLIGHT, BY_ORGANIZE,
                                           BY_WILDFIRE)
from .layout import CLEARING_SUITS

WHO = "Automated Alliance"
BY = {BY_PITY: "Public Pity", BY_DAYLIGHT: "Daylight", BY_ORGANIZE: "Organize", BY_WILDFIRE: "Wildfire"}
WHERE = {SPREAD_ORDERED: "the ordered unsympathetic clearing next to sympathy with the fewest enemy warriors",
         SPREAD_FALLBACK: "no ordered clearing: the unsympathetic clearing with the fewest enemy pieces"}


def _clearing(c: int, s=None) -> str:
    """"clearing 5 (fox)": with the state `s`, the suit the clearing has in that game (Advanced Setup, A.1)."""
    suit = CLEARING_SUIT[c] if s is None else int(s[CLEARING_SUITS + c])
    return f"clearing {c + 1} ({SUIT_NAMES[suit]})"


def alliance_sentence(s: np.ndarray, row, player_title, card_label) -> str | None:
    """One row of the Automated Alliance's log in words (None for a row it does not write)."""
    kind, a, b, c = row
    if kind == EV_REVOLT:
        why = ("Surprise Revolt on a bird order: the sympathetic clearing with the most enemy pieces whose base is "
               "still off the map" if c >= 4 else "Revolt: the ordered sympathetic clearing with the most enemy pieces")
        return (f"{WHO} revolts in {_clearing(a, s)}: it removes every enemy piece there ({b} it targets) and places its "
                f"{SUIT_NAMES[c % 4]} base ({why})")
    if kind == EV_PITY:
        return f"{WHO} did not revolt: Public Pity spreads sympathy {'twice' if a == 2 else 'once'}"
    if kind == EV_SPREAD:
        why = c % 4
        if why not in WHERE:
            vp = "" if b == 0 else f": it scores {b} VP instead"
            return f"{WHO} cannot spread sympathy ({BY[a]}){vp}"
        by = (c // 4) % 4
        law = "; Martial Law: one VP fewer" if c // 16 else ""
        score = "no VP (Wildfire)" if by == BY_WILDFIRE else f"{b} VP"
        return f"{WHO} spreads sympathy to {_clearing(a, s)} for {score} ({BY[by]}: {WHERE[why]}{law})"
    if kind == EV_ORGANIZE:
        return (f"{WHO} organizes in {_clearing(a, s)}: its {b} warriors there return to its supply and it spreads "
                "sympathy")
    if kind == EV_RECRUIT:
        return f"{WHO} recruits a warrior at its base in {_clearing(a, s)}"
    if kind == EV_SCORE and b == 1:
        return f"{WHO} scores {a} VP (Nightmare: one more at the end of Evening)"
    if kind == EV_CRACKDOWN:
        return (f"{WHO}'s {SUIT_NAMES[a]} base is removed: Crackdown takes back its {b} sympathy token"
                + ("" if b == 1 else "s") + f" in {SUIT_NAMES[a]} clearings (nobody scores them)")
    if kind == EV_OUTRAGE:
        if c < 0:
            return (f"Automated Outrage in {_clearing(a, s)}: {player_title(s, b)} has no matching card to discard, so "
                    f"the {WHO} scores 1 VP")
        return f"Automated Outrage in {_clearing(a, s)}: {player_title(s, b)} discards {card_label(c)}"
    return None

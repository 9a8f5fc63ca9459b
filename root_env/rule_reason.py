"""``Game.rules``: who rules a clearing and why, in words a rules tester can check against the Law.

The ruler is the engine's own (``engine.board.ruler``, Law 2.8 with its exceptions); this module only explains
it: the counts it compared and the rule that decided.
"""
from __future__ import annotations

import numpy as np

from .data import (NC, NBT, BT_OWNER, FACTION_NAMES, SUIT_NAMES, EYRIE, LIZARDS, RIVERFOLK,
                   BT_GARDEN)
from .layout import WARRIORS, BUILDINGS, NSEATS, SEAT_FACTION, CLEARING_SUITS
from .engine.board import ruler
from .engine.services import merc_buyer

LAW = {"pilgrims": "10.2.4", "lords of the forest": "7.2.2", "most pieces": "2.8", "mercenaries": "11.2.7.III",
       "tie": "2.8", "empty": "2.8"}


def rule_reason(s: np.ndarray, c: int) -> dict:
    """Who rules clearing index `c` of state `s`, with the reason (see ``Game.rules``)."""
    who = int(ruler(s, c))
    merc = int(merc_buyer(s))
    counts = {}
    for i in range(int(s[NSEATS])):
        f = int(s[SEAT_FACTION + i])
        n = int(s[WARRIORS + f * NC + c]) + sum(int(s[BUILDINGS + bt * NC + c]) for bt in range(NBT)
                                                 if BT_OWNER[bt] == f)
        if merc >= 0 and f == merc:
            n += int(s[WARRIORS + RIVERFOLK * NC + c])  # Law 11.2.7.III: the buyer counts them as its own
        elif merc >= 0 and f == RIVERFOLK:
            n -= int(s[WARRIORS + RIVERFOLK * NC + c])
        if n > 0:
            counts[FACTION_NAMES[f]] = n
    gardens = sum(int(s[BUILDINGS + (BT_GARDEN + k) * NC + c]) for k in range(3))
    top = max(counts.values(), default=0)
    leaders = [f for f, n in counts.items() if n == top]
    if who == LIZARDS and gardens > 0:
        reason = "pilgrims"
    elif who < 0:
        reason = "empty" if not counts else "tie"
    elif who == EYRIE and len(leaders) > 1:
        reason = "lords of the forest"
    elif who == merc and int(s[WARRIORS + RIVERFOLK * NC + c]) > 0:
        reason = "mercenaries"
    else:
        reason = "most pieces"
    return {"clearing": c + 1, "suit": SUIT_NAMES[int(s[CLEARING_SUITS + c])],
            "ruler": FACTION_NAMES[who] if who >= 0 else None, "reason": reason, "law": LAW[reason],
            "counts": counts, "mercenaries": FACTION_NAMES[merc] if merc >= 0 else None}

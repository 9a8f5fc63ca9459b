"""The Electric Eyrie's bot log rows in words (seed 004 rules.electriceyrieturnorder and traits): what it did and
the rule that chose it. ``names.bot_sentence`` hands the rows of the Electric Eyrie's turn here."""
from __future__ import annotations

import numpy as np

from .data import (SUIT_NAMES, CLEARING_SUIT, NC, NCARD, BT_ROOST, EYRIE, BIRD, TT_KEEP, CARD_EFFECT,
                   E_AMBUSH, BOT_CHALLENGING)
from .engine.geometry import opposite_corner
from .layout import CLEARING_SUITS, BUILDINGS, WARRIORS, TOKENS, EY_VIZIER_COL, CARD_LOC, LOC_DECREE, BOT_LEVEL
from .engine.botlog import (EV_BATTLE, EV_RECRUIT, EV_BUILD, EV_MOVE, EV_SCORE, EV_DECREE, EV_NEW_ROOST, EV_COLUMN,
                          EV_TURMOIL, EV_RELENTLESS, EV_SWOOP)
from .engine.factions.bot_eyrie import STEP_RECRUIT, STEP_MOVE, STEP_BATTLE

STEP_NAMES = {STEP_RECRUIT: "recruit", STEP_MOVE: "move", STEP_BATTLE: "battle"}
# Why the Electric Eyrie picked what it picked (seed 004 tiebreaks), by the step of the column.
WHY = {
    STEP_RECRUIT: "a matching clearing with a roost; ties: the most enemy pieces, the fewest Eyrie warriors, the "
                  "lowest priority",
    STEP_MOVE: "from the matching clearing it rules with the most Eyrie warriors, leaving enough to rule it or one "
               "per card in the column; to an adjacent clearing without a roost, the fewest enemy pieces, the "
               "lowest priority",
    STEP_BATTLE: "a matching clearing, no roost first, then the most defenseless buildings, then the lowest "
                 "priority; defender: the most buildings there, then the most pieces, then the most VP",
}
NOTHING = {STEP_RECRUIT: "no matching clearing with a roost to recruit in",
           STEP_MOVE: "no warriors it can move from a matching clearing it rules",
           STEP_BATTLE: "no matching clearing where it can battle"}


def _clearing(c: int, s=None) -> str:
    """"clearing 5 (fox)": with the state `s`, the suit the clearing has in that game (Advanced Setup, A.1)."""
    suit = CLEARING_SUIT[c] if s is None else int(s[CLEARING_SUITS + c])
    return f"clearing {c + 1} ({SUIT_NAMES[suit]})"


def _warriors(n: int) -> str:
    return f"{n} warrior" + ("" if n == 1 else "s")


def _cards(k: int) -> str:
    return f"{k} card" + ("" if k == 1 else "s")


def _column(r) -> str:
    suit, k = r.column
    return f"{SUIT_NAMES[suit]} column, {_cards(k)}"


def eyrie_sentence(s: np.ndarray, r, row, nxt, player_title, card_label) -> str | None:
    """One row of the Electric Eyrie's turn in words (None: the next row says it). ``r``: the ``names.BotReading``
    (its ``column`` is kept here); ``nxt``: the next row or None."""
    kind, a, b, c = row
    who = "Electric Eyrie"
    if kind == EV_DECREE:
        return f"{who} adds {card_label(b)} to the Decree's {SUIT_NAMES[c]} column (Add to Decree)"
    if kind == EV_NEW_ROOST:
        return (f"{who} places a roost and {_warriors(b)} in {_clearing(a, s)} (A New Roost: no roost on the map; the "
                "ordered clearing of highest priority where they can go)")
    if kind == EV_COLUMN:
        r.column = (b, c)
        r.column_step = a
        acts = {STEP_RECRUIT: EV_RECRUIT, STEP_MOVE: EV_MOVE, STEP_BATTLE: EV_BATTLE}[a]
        if nxt is not None and nxt[0] == acts:
            return None  # the action's row names the column
        return f"{who} resolves the {_column(r)}: {STEP_NAMES[a]}, but finds {NOTHING[a]}"
    col = _column(r) if r.column else "Decree"
    if kind == EV_RECRUIT:
        short = "" if r.column is None or b >= r.column[1] else f"; its supply held only {b}"
        if b == 0:
            return f"{who} recruits in {_clearing(a, s)} but has no warriors left in its supply ({col})"
        return f"{who} recruits {_warriors(b)} in {_clearing(a, s)} ({col}: {WHY[STEP_RECRUIT]}{short})"
    if kind == EV_MOVE:
        return f"{who} moves {_warriors(c)} from {_clearing(a, s)} to {_clearing(b, s)} ({col}: {WHY[STEP_MOVE]})"
    if kind == EV_BATTLE:
        extra = "; one extra hit: the column has more cards than each other" if c == 11 else ""
        return f"{who} battles {player_title(s, b)} in {_clearing(a, s)} ({col}: {WHY[STEP_BATTLE]}{extra})"
    if kind == EV_RELENTLESS:
        return (f"{who} removes {player_title(s, b)}'s defenseless buildings and tokens in {_clearing(a, s)} ({c} "
                "piece" + ("" if c == 1 else "s") + "; Relentless: after the Decree, in every clearing with Eyrie "
                "warriors)")
    if kind == EV_BUILD:
        return f"{who} builds a roost in {_clearing(a, s)} (Build: the clearing of highest priority it rules with no roost)"
    if kind == EV_SWOOP:
        return (f"{who} places {_warriors(b)} in {_clearing(a, s)} (Swoop: the clearing of highest priority with no "
                "Eyrie pieces)")
    if kind == EV_TURMOIL:
        vp = (f"scores {a} VP (Nobility: one per bird card in the Decree)" if b
              else f"loses {a} VP (Humiliate: one per bird card in the Decree)")
        rest = "; it rests: Daylight ends (Law of Rootbotics)" if c else ""
        return (f"{who} falls into turmoil (it cannot place a roost" + (" or a warrior" if b else "")
                + f"): {vp}, then discards the Decree's cards (Purge; the Loyal Viziers stay){rest}")
    if kind == EV_SCORE:
        if b == 1:
            return f"{who} scores {a} VP (Nightmare: one more at the end of Evening)"
        n = int(sum(s[BUILDINGS + BT_ROOST * NC + x] for x in range(NC)))
        return f"{who} scores {a} VP (Roosts track: {n} roost" + ("" if n == 1 else "s") + " on the map)"
    return None


def eyrie_setup_sentence(s: np.ndarray) -> str | None:
    """How the Electric Eyrie set up, read off the board (during setup only)."""
    roosts = [c for c in range(NC) if s[BUILDINGS + BT_ROOST * NC + c] > 0]
    if not roosts:
        return None
    c = roosts[0]
    keep = [x for x in range(NC) if s[TOKENS + TT_KEEP * NC + x] > 0]
    where = ("the corner diagonally opposite the keep" if keep and opposite_corner(s, keep[0]) == c
             else "a random corner (no keep on the map)")
    viziers = sum(int(s[EY_VIZIER_COL + v]) == BIRD for v in range(2))
    cards = [card for card in range(NCARD) if s[CARD_LOC + card] == LOC_DECREE + BIRD]
    ambush = bool(s[BOT_LEVEL + EYRIE] >= BOT_CHALLENGING) and any(CARD_EFFECT[card] == E_AMBUSH for card in cards)
    setup_cards = len(cards) - int(ambush)
    extra = " and a bird Ambush from the deck (Challenging, Nightmare)" if ambush else ""
    if viziers:  # bot_rules="law"
        what = f"{viziers} Loyal Vizier" + ("" if viziers == 1 else "s")
    else:  # seed 004: deck cards, discarded by Purge
        what = f"{setup_cards} bird card" + ("" if setup_cards == 1 else "s") + " from the deck"
    return (f"Electric Eyrie sets up (seed 004): a roost and {_warriors(int(s[WARRIORS + EYRIE * NC + c]))} in "
            f"{_clearing(c, s)}, {where}; {what} in the Decree's bird column{extra}")


"""Import of the Underground Duchy's notation (Law 12; the community parser 1.4.0's ``RootFaction.Duchy``, written as
``export`` writes it, docs/rootlog.md "The Underground Duchy"): the Burrow as place ``0``, tunnels ``t``, citadels
``b_c`` and markets ``b_m``, cards revealed (``F#anvil^``), ministers swayed (``#captain->$``) and lost to the Price of
Failure (``#captainD$->``).  A mixin of ``importer.Importer``: it reads and changes ``self.p`` (the ``Position``) and
flags disagreements through ``self.flag``.

Hidden information: a revealed card is public while revealed (Law 12.5.1.I, 12.5.3.II); the position keeps none of the
Duchy's hand, only the Burrow's warriors, the swayed ministers and the crowns out of the game (these follow the
ministers lost: the crowns have no notation).
"""
from __future__ import annotations

import re

from ..data import (NC, NCARD, DUCHY, TT_TUNNEL, DU_TUNNELS, MINISTER_NAMES, MINISTER_RANK, RANK_NAMES, DU_CROWNS_PER_RANK,
                    DU_SWAY_CARDS, FOREMOLE, MAYOR, BT_OWNER, BT_NAMES, NBT)
from .notation import BURROW_PLACE, SUIT_LETTER, FACTION_LETTER, squash, INCOMPLETE, VIOLATION

MINISTER_OF_CODE = {squash(name): m for m, name in enumerate(MINISTER_NAMES)}  # ``duchessofmud`` -> DUCHESS_OF_MUD
CARD_SPENT = re.compile(r"^(?P<suit>[BFMR])#[@a-z]*(?:D)?->$")  # a card of the Duchy's hand discarded (a Dig's)
TUNNEL_REMOVED = re.compile(r"^t[0-9]{1,3}->$")                  # the Duchy's own tunnel off the map (12.2.4)
REVEALED = re.compile(r"^(?P<n>[0-9]+)?(?P<suit>[BFMR])?#[@a-z]*\^$")  # cards revealed from the hand (``2M#^``)


class DuchyImport:
    """Law 12 on import.  Per line, ``self.turn`` keeps: ``reveals`` (suits of the cards revealed and not yet used by a
    Build or a Sway), ``off_suit_builds`` (Builds whose card did not match: the Foremole's), ``swayed`` (a Sway
    made), ``failure`` (a Duchy building removed with a minister swayed and none returned since, 12.2.3),
    ``failed`` (Duchy buildings removed with a minister swayed less the ministers returned on the line) and ``tunnel_out`` (the tunnels on the
    map and the action before, when the Duchy removed one of its own)."""

    # ------------------------------------------------------------ the Burrow (Law 12.2.2)
    def duchy_burrow(self, f, code, n, src, dst, taker) -> bool:
        """Pieces into, out of or through the Burrow (place ``0``); False when neither end is the Burrow."""
        if BURROW_PLACE not in (src, dst):
            return False
        p = self.p
        if f != DUCHY or code != "w":
            self.flag(VIOLATION, "12.2.2", "only Duchy warriors go into the Burrow; non-Duchy pieces cannot be placed "
                      "in or moved into it")
            return True
        if src == dst:
            raise ValueError("a move from the Burrow to the Burrow")
        if src == BURROW_PLACE:
            if p.burrow < n:
                self.flag(INCOMPLETE, "12.2.2", f"{n} warriors leave the Burrow, where the log has {p.burrow}")
            p.burrow = max(0, p.burrow - n)
            if dst is not None:
                c = self._place(dst, f)
                if c == "board":
                    raise ValueError(f"warriors from the Burrow go to a clearing, not {dst}")
                self._burrow_path(c, taker, "to")
                p.warriors[DUCHY, c] += n
            return True
        if src is None:  # Law 12.4 Birdsong, 12.5.1.II Recruit: from the supply into the Burrow, on their own line
            self._check_pool(DUCHY, "w", n)
            if taker != DUCHY:
                self.flag(VIOLATION, "12.4", "Duchy warriors are placed in the Burrow on the Duchy's own turn")
        else:
            c = self._place(src, f)
            if c == "board":
                raise ValueError(f"warriors go into the Burrow from a clearing or the supply, not {src}")
            self._burrow_path(c, taker, "from")
            if self._snared(DUCHY, c):
                self.flag(VIOLATION, "13.7.2", f"moves out of clearing {c + 1}, where a snare is face up")
            self._remove(DUCHY, "w", c, n)
        p.burrow += n
        return True

    def _burrow_path(self, c, taker, way) -> None:
        """Law 12.2.2: the Burrow is adjacent to each clearing with a tunnel; a move is the Duchy's, on its turn."""
        if not self.p.tokens[TT_TUNNEL, c]:
            self.flag(VIOLATION, "12.2.2", f"moves {way} the Burrow {way == 'to' and 'into' or 'out of'} clearing "
                      f"{c + 1}, which has no tunnel")
        if taker != DUCHY:
            self.flag(VIOLATION, "4.2", "the Duchy's warriors move to or from the Burrow on another player's turn")

    def duchy_warriors_placed(self, c) -> None:
        """Law 12.4, 12.5.1.II: after setup (12.3.3) Duchy warriors come from the supply into the Burrow only."""
        self.flag(VIOLATION, "12.4, 12.5.1.II", f"places Duchy warriors from the supply in clearing {c + 1}; they are "
                  "placed in the Burrow")

    # ------------------------------------------------------------ tunnels and Dig (Law 12.2.4, 12.5.1.V)
    def duchy_tunnel_removed(self, taker, n) -> None:
        """The Duchy took ``n`` of its tunnels off the map (already removed from the position) on its own line."""
        if taker == DUCHY and not self.turn["setup"]:
            self.turn["tunnel_out"] = (int(self.p.tokens[TT_TUNNEL].sum()) + n, self.previous)

    def duchy_tunnel_placed(self, c, taker) -> None:
        """Law 12.5.1.V Dig: spend a card matching the clearing (birds wild, 2.1.1) to place a tunnel where none is;
        12.2.4: a tunnel of the Duchy's removed first only with all three on the map."""
        p = self.p
        if p.tokens[TT_TUNNEL, c]:
            self.flag(VIOLATION, "12.5.1.V", f"a second tunnel in clearing {c + 1}")
        if self.turn["setup"] or taker != DUCHY:
            if not self.turn["setup"]:
                self.flag(VIOLATION, "12.5.1.V", "the Duchy places tunnels on their own turn (Dig)")
            return
        before = self.previous
        out = self.turn.get("tunnel_out")
        if TUNNEL_REMOVED.match(before) and out is not None:
            if out[0] != DU_TUNNELS:
                self.flag(VIOLATION, "12.2.4", f"the Duchy removes a tunnel with {out[0]} on the map; only with all "
                          f"{DU_TUNNELS} on the map")
            before = out[1]
        self.turn["tunnel_out"] = None
        spent = CARD_SPENT.match(before or "")
        if spent is None:
            self.flag(INCOMPLETE, "12.5.1.V", f"a tunnel dug in {c + 1} with no card spent right before it")
        elif spent.group("suit") not in ("B", self.suits[c]):
            self.flag(VIOLATION, "12.5.1.V", f"digs in clearing {c + 1} ({self.suits[c]}) spending a "
                      f"{spent.group('suit')} card")

    # ------------------------------------------------------------ revealed cards, Build (Law 12.5.1.I, 12.5.2.I)
    def duchy_reveal(self, act, taker) -> None:
        """Cards the Duchy reveals on its line, kept by suit for the Build or Sway that follows; several of a suit may
        be written with a count (``2M#^``, and grouped, ``(B+2M)#^``, as human logs and the parser's tests do)."""
        m = REVEALED.match(act.text)
        if taker != DUCHY or m is None:
            return
        n = int(m.group("n") or 1)
        if not 0 < n <= NCARD:
            self.flag(INCOMPLETE, "12.5.3.II", f"reveals {n} cards; the deck has {NCARD}")
            return
        self.turn.setdefault("reveals", []).extend([m.group("suit") or ""] * n)

    def duchy_build(self, t, c) -> None:
        """Reveal a card matching a clearing the Duchy rules (12.5.1.I) or, by the Foremole, any card (12.5.2.I; a
        second by the Mayor, 12.5.2.VI); the clearing ruled either way."""
        if not self.rules(DUCHY, c):
            self.flag(VIOLATION, "12.5.1.I", f"builds a {BT_NAMES[t]} in {c + 1} without ruling it")
        reveals = self.turn.get("reveals") or []
        if not reveals:
            self.flag(INCOMPLETE, "12.5.1.I", f"builds in {c + 1} with no card revealed right before")
            return
        suit = reveals.pop()
        if suit in ("", "B", self.suits[c]):
            return
        swayed = set(self.p.ministers)
        foremole = MINISTER_NAMES[FOREMOLE] in swayed
        allowed = int(foremole) * (1 + int(MINISTER_NAMES[MAYOR] in swayed))
        self.turn["off_suit_builds"] = self.turn.get("off_suit_builds", 0) + 1
        if self.turn["off_suit_builds"] > allowed:
            self.flag(VIOLATION, "12.5.1.I, 12.5.2.I", f"builds in clearing {c + 1} ({self.suits[c]}) revealing a "
                      f"{suit} card" + (" beyond the Foremole's action" if foremole else "; only the Foremole builds "
                                        "with a card of another suit"))

    # ------------------------------------------------------------ ministers (Law 12.5.3, 12.2.3)
    def duchy_sway(self, name) -> bool:
        """``#captain->$`` on the Duchy's line: Law 12.5.3, one Sway a turn of an unswayed minister with a crown of
        its rank left, revealing the cards its rank lists, each matching a clearing with a Duchy piece (one card a
        clearing; birds wild, 2.1.1)."""
        m = MINISTER_OF_CODE.get(name)
        if m is None:
            return False
        p, rank = self.p, int(MINISTER_RANK[m])
        reveals = self.turn.get("reveals") or []
        self.turn["reveals"] = []
        if self.turn.get("swayed"):
            self.flag(VIOLATION, "12.5.3", "a second minister swayed this turn")
        self.turn["swayed"] = True
        if MINISTER_NAMES[m] in p.ministers:
            self.flag(VIOLATION, "12.5.3.I", f"the {MINISTER_NAMES[m]} is already swayed")
            return True
        held = sum(MINISTER_RANK[MINISTER_NAMES.index(x)] == rank for x in p.ministers) + p.crowns_lost[rank]
        if held >= DU_CROWNS_PER_RANK:
            self.flag(VIOLATION, "12.5.3.I", f"no {RANK_NAMES[rank]} crown left on the Duchy's board")
        need = int(DU_SWAY_CARDS[rank])
        if len(reveals) != need:
            self.flag(INCOMPLETE if len(reveals) < need else VIOLATION, "12.5.3.II", f"sways the "
                      f"{MINISTER_NAMES[m]} revealing {len(reveals)} cards; a {RANK_NAMES[rank]} needs {need}")
        self._check_sway_suits(reveals)
        p.ministers.append(MINISTER_NAMES[m])
        return True

    def _check_sway_suits(self, reveals) -> None:
        """Law 12.5.3.II: a clearing with a Duchy piece per card, of its suit; a bird card (or one written without
        its suit) matches any such clearing (Law 2.1.1), so each suit's cards fit its clearings and all cards fit all."""
        held = [c for c in range(NC) if self._duchy_piece(c)]
        by_suit = {s: sum(self.suits[c] == s for c in held) for s in SUIT_LETTER[:3]}
        short = [s for s in SUIT_LETTER[:3] if reveals.count(s) > by_suit[s]]
        if short or len(reveals) > len(held):
            self.flag(VIOLATION, "12.5.3.II", f"reveals {'/'.join(x or '?' for x in reveals)} to sway with Duchy pieces "
                      f"in {sum(by_suit.values())} clearings ({', '.join(f'{n} {s}' for s, n in by_suit.items())}): "
                      "one matching clearing per card")

    def _duchy_piece(self, c) -> bool:
        p = self.p
        return bool(p.warriors[DUCHY, c] or p.tokens[TT_TUNNEL, c]
                    or any(p.buildings[t, c] for t in range(NBT) if BT_OWNER[t] == DUCHY))

    def duchy_minister_lost(self, name, taker) -> bool:
        """``#captainD$->``: Law 12.2.3, the Price of Failure: after Duchy buildings are removed, the swayed minister of
        highest rank returns to the Unswayed pile and its crown leaves the game.  One step may pay it more than once
        (removals at different times, e.g. two mobs' Raze, 14.4.1): the log then writes all its removals before its
        ministers, highest rank first, so each minister needs a Duchy building removed on the line not yet paid for
        and must be of the highest rank still swayed."""
        m = MINISTER_OF_CODE.get(name)
        if m is None:
            return False
        p = self.p
        if MINISTER_NAMES[m] not in p.ministers:
            self.flag(INCOMPLETE, "12.2.3", f"the {MINISTER_NAMES[m]} is lost; the log has it unswayed")
            return True
        top = max(int(MINISTER_RANK[MINISTER_NAMES.index(x)]) for x in p.ministers)
        if MINISTER_RANK[m] != top:
            self.flag(VIOLATION, "12.2.3", f"the {MINISTER_NAMES[m]} ({RANK_NAMES[MINISTER_RANK[m]]}) is returned; "
                      f"the minister returned is one of the highest rank swayed ({RANK_NAMES[top]})")
        if self.turn.get("failed", 0) <= 0:
            self.flag(VIOLATION, "12.2.3", f"the {MINISTER_NAMES[m]} is returned with no Duchy building removed "
                      "(or more ministers than buildings removed)")
        self.turn["failed"] = max(0, self.turn.get("failed", 0) - 1)
        self.turn["failure"] = False
        p.ministers.remove(MINISTER_NAMES[m])
        p.crowns_lost[int(MINISTER_RANK[m])] += 1
        return True

    def duchy_building_removed(self, n) -> None:
        if self.p.ministers:
            self.turn["failure"] = True  # Law 12.2.3: a minister is owed (any number of buildings at once: one)
            self.turn["failed"] = self.turn.get("failed", 0) + n

    def duchy_end_of_line(self) -> None:
        """Law 12.2.3 owed and not paid on the line; not on a won game's last line (Law 3.1: the game ends at once,
        and the removal that brought the win may owe a minister that is never returned)."""
        last = self.line is self.log.lines[-1] and self.log.header.get("Winner")
        if self.turn.get("failure") and self.p.ministers and not last:
            self.action = "(Price of Failure)"
            self.flag(VIOLATION, "12.2.3", "Duchy buildings were removed and no swayed minister returned")

    @staticmethod
    def duchy_board(loc) -> bool:
        """A location naming the Duchy's board (``D$``)."""
        return loc == FACTION_LETTER["duchy"] + "$"

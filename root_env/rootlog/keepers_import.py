"""Import of the Keepers in Iron's notation (Law 15; Rootlog V2, "Keepers in Iron"; the codes as ``keepers`` writes
them): relics by type face down and by value face up, the delve's flip, waystations by their faces, the Retinue's
columns and the Faithful Retainers.  A mixin of ``importer.Importer``: it reads and changes ``self.p`` (the
``Position``) and flags disagreements through ``self.flag``.

Hidden values (Law 15.2.1): a face-down relic is known by its type only, in the position as in the log
(``Position.relics_down``).  A relic written with its type only is the face-down one of that type where there is one;
otherwise the face-up one of that type there when all of them there show one value (a log may leave out a value
everyone sees); otherwise the log is incomplete (the lowest value is taken).  A relic leaving a forest face down
written with its value is read as a delve and its flip in one token.
"""
from __future__ import annotations

import re

from ..data import (NC, NRELIC_KINDS, NRELIC_VALUES, RELIC_KIND_TYPE, RELIC_KIND_VALUE, RELIC_KIND_TOTAL,
                    RELIC_VALUES, RELIC_TYPE_NAMES, TT_RELIC, BT_WAYSTATION, KP_WAYSTATIONS, WAYSTATION_FACES, KEEPERS,
                    KP_RELIC_SPACES, KP_RETINUE_MAX, FAITHFUL_RETAINERS, RETINUE_COLUMNS)
from ..map_data import MAP_EDGE, MAP_NFOREST
from .keepers import TYPE_LETTER
from .notation import place_of_name, INCOMPLETE, VIOLATION

RELIC = re.compile(r"^t_(?:(?P<v>[0-9])_)?(?P<t>[a-z])$")  # t_f face down (type), t_2_f face up (value and type)
WAYSTATION = re.compile(r"^b_(?P<up>[a-z])_(?P<down>[a-z])$")  # b_<face up>_<face down>
COLUMN = re.compile(r"^K?\$_(?P<col>[123])$")                   # a Retinue column, $_1 .. $_3
ENEMY_REMOVED = "enemy"  # why a relic is off the map: removed by an enemy, to be placed in a forest (15.2.5)


def relic_kind(t: int, v: int) -> int:
    """The engine's relic kind (type and value), ValueError for a value relics do not have (Law 15.2.1)."""
    if v not in RELIC_VALUES:
        raise ValueError(f"a relic's value is {', '.join(map(str, RELIC_VALUES))}, not {v}")
    return t * NRELIC_VALUES + RELIC_VALUES.index(v)


def relic_type(letter_: str) -> int:
    if letter_ not in TYPE_LETTER:
        raise ValueError(f"a relic's type is {', '.join(TYPE_LETTER)} ({', '.join(RELIC_TYPE_NAMES)}), not {letter_}")
    return TYPE_LETTER.index(letter_)


class KeepersImport:
    """The Keepers' part of the importer (Law 15).  Per line (``self.turn``): clearings encamped and decamped, the
    Retinue's additions and shifts, the Keeper warriors' last move (relics carried with it, 15.2.4).  Across lines:
    relics an enemy removed, waiting for their forest (``self.trophies``, kinds; 15.2.5)."""

    trophies: list

    # ------------------------------------------------------------ dispatch from the shared code
    def keepers_piece(self, f: int, code: str, n: int, src, dst, taker: int) -> bool:
        """A relic or waystation token of the Keepers (False for any other piece)."""
        if f != KEEPERS:
            return False
        if m := RELIC.match(code):
            t = relic_type(m["t"])
            for _ in range(n):
                self._relic(t, int(m["v"]) if m["v"] else None, src, dst, taker)
            return True
        if m := WAYSTATION.match(code):
            w, face = self._waystation_code(m["up"], m["down"])
            self._waystation(w, face, n, src, dst, taker)
            return True
        return False

    def keepers_warriors_moved(self, n: int, a: int, b: int) -> None:
        """Keeper warriors moved from a to b: each may carry one relic along (Law 15.2.4)."""
        self.turn["carry"] = [a, b, n]

    def keepers_recruit_exempt(self, c: int) -> bool:
        """A Keeper warrior placed in c not by Recruit: Decamp (Law 15.4.2, the waystation in c removed right before),
        or Encamp's fallback (15.4.1: with no Keeper warrior nor waystation on the map, a warrior and a waystation in a
        map-edge clearing; the warrior written first, or right after the waystation)."""
        if re.match(rf"^K?b_[a-z]_[a-z](?:{c + 1}->|->{c + 1})$", self.previous or ""):
            return True
        if self.turn["taker"] == KEEPERS and self._keepers_absent():
            self._check_edge(c)
            self.turn["fallback"] = c
            return True
        return False

    def _keepers_absent(self) -> bool:
        """No Keeper warrior and no waystation on the map (Law 15.4.1's fallback)."""
        p = self.p
        return not p.warriors[KEEPERS].any() and not p.buildings[BT_WAYSTATION:BT_WAYSTATION + KP_WAYSTATIONS].any()

    def _check_edge(self, c: int) -> None:
        if not MAP_EDGE[self.map, c]:
            self.flag(VIOLATION, "15.4.1", f"with none of theirs on the map, the Keepers encamp on the map edge, not "
                      f"in {c + 1}")

    # ------------------------------------------------------------ relics
    def _relic_place(self, loc):
        """None (the supply, or removed), "board" (the Relics spaces), a clearing or NC + a forest."""
        if loc is None:
            return None
        if loc.endswith("$"):
            if loc not in ("$", "K$"):
                raise ValueError(f"a relic goes to the Keepers' Relics spaces ($), not {loc}")
            return "board"
        return place_of_name(loc, self.map)

    def _relic(self, t: int, v, src, dst, taker: int) -> None:
        a, b = self._relic_place(src), self._relic_place(dst)
        kind = None if v is None else relic_kind(t, v)
        if a is None:
            self._relic_enters(t, kind, b, taker)
            return
        if a == "board":
            self.flag(VIOLATION, "15.5.2.III.a", "a relic on the Relics spaces stays there")
            return
        if a == b:
            raise ValueError("a relic moves to the place it is in")
        self._check_relic_route(t, a, b, taker)
        kind = self._take_relic(t, kind, a)
        if b is None:
            self.trophies.append(kind if kind is not None else -1 - t)  # Law 15.2.5: the remover places it
        elif b == "board":
            self._recover(t, kind, a)
        else:
            self._add_relic(t, kind, b)

    def _relic_enters(self, t: int, kind, b, taker: int) -> None:
        """From the supply: face down into a forest at the Keepers' setup (Law 15.3.1, 15.3.4), or face up into a
        forest by an enemy who removed it (Prized Trophies, 15.2.5)."""
        p = self.p
        if b is None or b == "board" or b < NC:
            self.flag(VIOLATION, "15.3.1", "a relic comes into play only at the Keepers' setup, or as a trophy placed "
                      "in a forest (15.2.5)")
            return
        if kind is None:
            if not (taker == KEEPERS and self.turn["setup"]):
                self.flag(VIOLATION, "15.3.1", "relics are placed face down only at the Keepers' setup")
            if p.relics_down[:, t].sum() + sum(k >= 0 and RELIC_KIND_TYPE[k] == t for k in self._known_kinds()) \
                    >= RELIC_KIND_TOTAL[t * NRELIC_VALUES:(t + 1) * NRELIC_VALUES].sum():
                self.flag(VIOLATION, "15.2.1", f"a fifth {RELIC_TYPE_NAMES[t]} relic; each type has four")
            p.relics_down[b, t] += 1
            return
        if kind in self.trophies:
            self.trophies.remove(kind)
        elif -1 - t in self.trophies:
            self.trophies.remove(-1 - t)  # removed before the log showed its value: the placement shows it
            self._check_relic_total(kind)
        else:
            self.flag(VIOLATION, "15.2.5", "a relic placed face up in a forest that no enemy removed")
            self._check_relic_total(kind)
        p.forest_relics[b - NC, kind] += 1

    def _check_relic_route(self, t: int, a: int, b, taker: int) -> None:
        """Law 15.5.2.II.a (delve: from a forest into an adjacent clearing the Keepers rule with a warrior of
        theirs), 15.2.4 (between clearings with a Keeper warrior moving there), 15.5.2.III.a (recover: checked by
        ``_recover``); a relic leaves a clearing otherwise only when removed."""
        p = self.p
        if a >= NC:
            if b is None or b == "board" or b >= NC:
                self.flag(VIOLATION, "15.5.2.II.a", "a relic leaves a forest only by a delve, into a clearing")
                return
            if taker != KEEPERS or self.turn["setup"]:
                self.flag(VIOLATION, "15.5.2.II.a", "only the Keepers delve, in their Daylight")
            if not self.forests[a - NC, b]:
                self.flag(VIOLATION, "15.5.2.II.a", f"delves a relic into {b + 1} from a forest not adjacent to it")
            if not (p.warriors[KEEPERS, b] and self.rules(KEEPERS, b)):
                self.flag(VIOLATION, "15.5.2.II", f"delves in {b + 1} without ruling it with a Keeper warrior there")
            return
        if b is not None and b != "board":
            if b >= NC:
                self.flag(VIOLATION, "15.2.4", "relics move with Keeper warriors, between clearings, not into a forest")
                return
            carry = self.turn.get("carry")
            if carry is None or carry[:2] != [a, b] or carry[2] <= 0:
                self.flag(VIOLATION, "15.2.4", f"a relic moves from {a + 1} to {b + 1} with no Keeper warrior moving "
                          "there to carry it")
            else:
                carry[2] -= 1

    def _take_relic(self, t: int, kind, a: int):
        """Take a relic of type t (kind: its value written, or None) from clearing or forest a: its kind, or None
        where its value is hidden (face down).  See the module docstring for a relic written without its value."""
        p = self.p
        up = p.tokens[TT_RELIC:TT_RELIC + NRELIC_KINDS, a] if a < NC else p.forest_relics[a - NC]
        where = f"clearing {a + 1}" if a < NC else "the forest"
        if kind is not None:
            if up[kind] > 0:
                up[kind] -= 1
            elif p.relics_down[a, t] > 0:
                p.relics_down[a, t] -= 1  # face down, its value written as it leaves: flipped now (15.5.2.II.a)
                self._check_relic_total(kind)
            else:
                self.flag(INCOMPLETE, "15.2.1", f"no {RELIC_TYPE_NAMES[t]} relic of value "
                          f"{RELIC_KIND_VALUE[kind]} in {where} in the log")
            return kind
        if p.relics_down[a, t] > 0:
            p.relics_down[a, t] -= 1
            return None
        kinds = [k for k in range(NRELIC_KINDS) if RELIC_KIND_TYPE[k] == t and up[k] > 0]
        if not kinds:
            self.flag(INCOMPLETE, "15.2.1", f"no {RELIC_TYPE_NAMES[t]} relic in {where} in the log")
            return None
        if len({int(RELIC_KIND_VALUE[k]) for k in kinds}) > 1:
            self.flag(INCOMPLETE, "15.2.1", f"the {RELIC_TYPE_NAMES[t]} relics face up in {where} show different "
                      "values and the log does not say which leaves")
        up[kinds[0]] -= 1
        return kinds[0]

    def _add_relic(self, t: int, kind, b: int) -> None:
        if kind is None:
            self.p.relics_down[b, t] += 1  # a delved relic, flipped next (15.5.2.II.a)
            self.turn.setdefault("delved", set()).add(b)
        elif b < NC:
            self.p.tokens[TT_RELIC + kind, b] += 1
        else:
            self.p.forest_relics[b - NC, kind] += 1

    def _recover(self, t: int, kind, c: int) -> None:
        """Law 15.5.2.III.a: a relic taken in a clearing with a waystation showing its type, to the leftmost empty
        Relics space of its type (four of each)."""
        p = self.p
        if self.turn["taker"] != KEEPERS:
            self.flag(VIOLATION, "15.5.2.III", "only the Keepers recover relics, in their Daylight")
        if c < NC and not any(p.buildings[BT_WAYSTATION + w, c] and WAYSTATION_FACES[w, p.ws_face[w]] == t
                   for w in range(KP_WAYSTATIONS)):
            self.flag(VIOLATION, "15.5.2.III.a", f"recovers a {RELIC_TYPE_NAMES[t]} relic in {c + 1}, where no "
                      "waystation shows that type")
        if sum(p.relics[k] for k in range(NRELIC_KINDS) if RELIC_KIND_TYPE[k] == t) >= KP_RELIC_SPACES:
            self.flag(VIOLATION, "15.5.2.III.a", f"no empty Relics space of the {RELIC_TYPE_NAMES[t]} type")
        if kind is None:
            self.flag(INCOMPLETE, "15.2.1", "a relic recovered with its value hidden (a relic in a clearing is face "
                      "up)")
            kind = t * NRELIC_VALUES
        p.relics[kind] += 1

    def do_relic_flip(self, act, taker):
        """``t10^t_2_t``: the relic just delved into clearing 10 flipped to show its value (Law 15.5.2.II.a)."""
        if act.m["f"] not in (None, "K"):
            raise ValueError("relics belong to the Keepers (K)")
        self.faction("K", taker)  # a KeyError without a Keepers player
        c = int(act.m["c"]) - 1
        if not 0 <= c < NC:
            raise ValueError(f"no clearing {c + 1}")
        t = relic_type(act.m["t"])
        kind = relic_kind(t, int(act.m["v"]))
        p = self.p
        if taker != KEEPERS:
            self.flag(VIOLATION, "15.5.2.II.a", "a relic is flipped by the Keepers' delve, on their line")
        if p.relics_down[c, t] == 0:
            self.flag(INCOMPLETE, "15.5.2.II.a", f"no face-down {RELIC_TYPE_NAMES[t]} relic in {c + 1} in the log: a "
                      "relic is flipped right after it is delved")
            return
        p.relics_down[c, t] -= 1
        self._check_relic_total(kind)
        p.tokens[TT_RELIC + kind, c] += 1

    def _known_kinds(self) -> list:
        """Every relic whose value the log has shown, by kind (trophies removed by type only: -1 - type)."""
        p = self.p
        out = []
        for k in range(NRELIC_KINDS):
            out += [k] * int(p.tokens[TT_RELIC + k].sum() + p.forest_relics[:, k].sum() + p.relics[k])
        return out + list(self.trophies)

    def _check_relic_total(self, kind: int) -> None:
        """Law 15.2.1: each type has four relics, valued 1, 2, 3 and 3: a value shown now must be one left."""
        if self._known_kinds().count(kind) >= RELIC_KIND_TOTAL[kind]:
            self.flag(VIOLATION, "15.2.1", f"more {RELIC_TYPE_NAMES[RELIC_KIND_TYPE[kind]]} relics of value "
                      f"{RELIC_KIND_VALUE[kind]} than the game has ({RELIC_KIND_TOTAL[kind]})")

    # ------------------------------------------------------------ waystations
    @staticmethod
    def _waystation_code(up: str, down: str) -> tuple:
        """The waystation (and face up) a code ``b_<up>_<down>`` names (Law 15.2.2)."""
        t_up, t_down = relic_type(up), relic_type(down)
        for w in range(KP_WAYSTATIONS):
            for face in (0, 1):
                if WAYSTATION_FACES[w, face] == t_up and WAYSTATION_FACES[w, 1 - face] == t_down:
                    return w, face
        raise ValueError(f"no waystation shows {RELIC_TYPE_NAMES[t_up]} and {RELIC_TYPE_NAMES[t_down]}")

    def _waystation(self, w: int, face: int, n: int, src, dst, taker: int) -> None:
        """Encamp (Law 15.4.1: once per clearing, a Keeper warrior replaced, or the fallback with none of theirs on
        the map: a waystation and a warrior in a map-edge clearing; either face up), Decamp (15.4.2: once per clearing)
        and removal by an enemy.  Waystations never move."""
        kind = ("b", BT_WAYSTATION + w)
        c_src, c_dst = self._place(src, KEEPERS), self._place(dst, KEEPERS)
        if "board" in (c_src, c_dst) or (c_src is not None and c_dst is not None):
            raise ValueError("a waystation is placed (b_f_t->3) or removed (b_f_t3->), it does not move")
        p, turn = self.p, self.turn
        if c_src is not None:
            if p.buildings[BT_WAYSTATION + w, c_src] and p.ws_face[w] != face:
                self.flag(INCOMPLETE, "15.2.2", f"the waystation in {c_src + 1} shows its other face in the log")
            if taker == KEEPERS and not turn["battles"] and not turn["setup"]:
                self._once_per_clearing("decamped", c_src, "15.4.2", "decamps")
            self._remove(KEEPERS, kind, c_src, n, -1)
            return
        if c_dst is None:
            raise ValueError("a waystation token with no clearing")
        if taker != KEEPERS or turn["setup"]:
            self.flag(VIOLATION, "15.4.1", "waystations are placed by the Keepers' Encamp, in their Birdsong (they "
                      "start on the faction board, 15.3.6)")
        else:
            self._once_per_clearing("encamped", c_dst, "15.4.1", "encamps")
            if re.match(rf"^1?w{c_dst + 1}->$", self.previous or ""):
                pass  # a Keeper warrior replaced
            elif turn.get("fallback") == c_dst and self.previous == f"w->{c_dst + 1}":
                turn["fallback"] = None  # the fallback's warrior, then its waystation
            elif self._keepers_absent():
                self._check_edge(c_dst)  # the fallback's waystation written first
            else:
                self.flag(VIOLATION, "15.4.1", f"a waystation in {c_dst + 1} replaces a Keeper warrior removed there "
                          "right before it")
        self._put(KEEPERS, kind, c_dst, n, taker, placed=True)
        p.ws_face[w] = face

    def _once_per_clearing(self, key: str, c: int, law: str, verb: str) -> None:
        done = self.turn.setdefault(key, set())
        if c in done:
            self.flag(VIOLATION, law, f"{verb} in {c + 1} a second time this turn (once per clearing)")
        done.add(c)

    # ------------------------------------------------------------ the Retinue
    def retinue_card(self, suit: str, name: str, n: int, src, dst, taker: int) -> bool:
        """A card into, within or out of the Retinue's columns (``M#sappersK->$_1``, ``M#sappers$_1->$_3``,
        ``M#sappers$_2->``), or a Faithful Retainer (``B#faith``: set up ``->$_1``, shifted, removed ``$_2->``).
        False for a card token that names no column and no retainer."""
        a = COLUMN.match(src or "")
        b = COLUMN.match(dst or "")
        if name != "faith" and a is None and b is None:
            return False
        self.faction("K", taker)  # a KeyError without a Keepers player
        col_a = int(a["col"]) - 1 if a else None
        col_b = int(b["col"]) - 1 if b else None
        if (src and a is None and src not in ("K", "")) or (dst and b is None):
            raise ValueError(f"a Retinue card goes from the Keepers' hand (K) or a column ($_1-$_3) to a column or "
                             f"the discard pile, not {src or ''}->{dst or ''}")
        p, turn = self.p, self.turn
        if taker != KEEPERS:
            self.flag(VIOLATION, "15.6.2", "the Retinue changes only on the Keepers' turns")
        if col_a is not None and col_b is not None:
            turn["shifted"] = turn.get("shifted", 0) + n  # Law 15.6.2: one card shifted, or cards added
        elif col_b is not None and not turn["setup"]:
            turn["added"] = True
        if name == "faith":
            if suit != "B":
                raise ValueError("a Faithful Retainer is a bird card (B#faith)")
            if col_a is None and src is not None or col_a is None and not turn["setup"]:
                self.flag(VIOLATION, "15.3.5", "a Faithful Retainer is tucked into the Retinue at setup only")
            if col_a is not None:
                if p.retainers[col_a] < n:
                    self.flag(INCOMPLETE, "15.3.5", f"no Faithful Retainer in column {col_a + 1} in the log")
                p.retainers[col_a] = max(0, p.retainers[col_a] - n)
            if col_b is not None:
                p.retainers[col_b] += n
            return True
        code = f"{suit}#{name}"
        for _ in range(n):
            if col_a is not None:
                if code in p.retinue[col_a]:
                    p.retinue[col_a].remove(code)
                else:
                    self.flag(INCOMPLETE, "15.6.2", f"no {code} in Retinue column {col_a + 1} in the log")
            if col_b is not None:
                p.retinue[col_b].append(code)
        return True

    def keepers_end_of_line(self, taker: int) -> None:
        """Law 15.5.2.II.a (a delved relic is flipped), 15.6.2 (cards added or one shifted; ten at most), the setup's
        relics and retainers (15.3.1, 15.3.5)."""
        p, turn = self.p, self.turn
        unflipped = [c for c in sorted(turn.get("delved", ())) if p.relics_down[c].any()]
        if unflipped:  # (flagged on the line of the delve; the position keeps it face down there)
            self.action = "(delve)"
            self.flag(INCOMPLETE, "15.5.2.II.a", "a relic delved into clearing " + ", ".join(str(c + 1) for c in unflipped)
                      + " is not flipped in the log")
        if taker != KEEPERS:
            return
        if turn.get("shifted", 0) > 1 or (turn.get("shifted") and turn.get("added")):
            self.action = "(Gather Retinue)"
            self.flag(VIOLATION, "15.6.2", "the Keepers add cards to the Retinue or shift one card, not both nor more")
        held = sum(len(col) for col in p.retinue) + int(p.retainers.sum())
        if held > KP_RETINUE_MAX:
            self.action = "(Gather Retinue)"
            self.flag(VIOLATION, "15.6.2", f"{held} cards in the Retinue; it holds at most {KP_RETINUE_MAX}")
        if turn["setup"]:
            self.action = "(setup)"
            forests = p.relics_down[NC:NC + int(MAP_NFOREST[self.map])]
            per_type = [int(x) for x in p.relics_down[NC:].sum(axis=0)]
            if per_type != [int(RELIC_KIND_TOTAL[t * NRELIC_VALUES:(t + 1) * NRELIC_VALUES].sum())
                            for t in range(len(per_type))] or not forests.sum(axis=1).all():
                self.flag(VIOLATION, "15.3.1, 15.3.4", "the Keepers set up the twelve relics face down, four of each "
                          "type, at least one in each forest; the log has " + ", ".join(
                              f"{n} {RELIC_TYPE_NAMES[t]}" for t, n in enumerate(per_type)))
            if list(p.retainers) != [FAITHFUL_RETAINERS // RETINUE_COLUMNS] * RETINUE_COLUMNS:
                self.flag(VIOLATION, "15.3.5", "a Faithful Retainer is tucked into each Retinue column at setup")


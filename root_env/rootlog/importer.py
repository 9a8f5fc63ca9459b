"""Import a Rootlog game: rebuild the public position after every action and check each action against
the rules where the log gives enough to decide.

Each disagreement names its log line, the action, the Law and one of three kinds:

- ``engine``: the log uses something this engine does not model (the E&P deck, a card outside the base
  game, a character the engine does not know);
- ``incomplete``: the log leaves out what the action needs (it removes or moves pieces the log never
  placed, a battle where the log shows no defender);
- ``violation``: the action breaks a rule on the position the log itself records (a move between
  clearings that are not adjacent, a building paid with too little wood, a second roost in a clearing).

Every map is read (the log's ``Map:`` line: Fall, Winter, Lake, Mountain; a variant map's ``Clearings:`` line gives
its suits): its paths, forests, slots, rivers and ruins; the Lake's Ferry (C.2.5); the Mountain's closed paths
removed (``2_5->``, C.3.3). A game with a faction this engine does not implement, with a Clockwork bot, or
beyond the reader's limits (``reader.MAX_*``) is refused with a ``RootlogError`` (a ``ValueError``) naming it;
nothing else escapes an import.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

import numpy as np

from ..data import (NC, NF, NBT, NTT, NITEM, FACTION_NAMES, CLEARING_SUIT,
                    BT_NAMES, TT_NAMES, BT_OWNER, TT_OWNER, BT_TOTAL, TT_TOTAL, WARRIOR_TOTAL, MQ_BUILD_COST,
                    MARQUISE, EYRIE, ALLIANCE, LIZARDS, LEADER_NAMES, CHARACTER_NAMES, CHARACTER_ITEMS, ITEM_NAMES,
                    DOMINANCE_MIN_VP, VICTORY_VP, IMPLEMENTED_FACTIONS, AL_SYMPATHY_COST, BT_GARDEN, SUIT_NAMES,
                    RIVERFOLK, TT_TRADEPOST, RF_PRICE_MAX, CORVIDS, TT_PLOT, PLOT_NAMES,
                    CV_PLOTS_PER_TYPE, SNARE, RAID, HUNDREDS, MOOD_NAMES, MOOD_ITEM, HD_ITEM_TRACK, HD_TRACK_SPACES,
                    BT_STRONGHOLD, TT_MOB, STUBBORN, KEEPERS, BT_WAYSTATION, KP_WAYSTATIONS, DUCHY, TT_TUNNEL)
from .notation import (LETTER_FACTION, OTHER_FACTIONS, FACTION_TITLE, PIECE_CODE, LETTER_ITEM, DECREE_LETTER,
                       RELATIONSHIP_LETTER, ABBREVIATIONS, SUIT_LETTER, ROOTLOG_MAP, letter, place_of_name, card_rootlog_name,
                       FACE_DOWN_PLOT, PLOT_CODE, ITEM_ORIGIN, ITEM_DESTINATION, VAGABONDS, vb_row, WARLORD_CODE,
                       ENGINE, INCOMPLETE, VIOLATION)
from .keepers_import import KeepersImport
from .duchy_import import DuchyImport
from .items import named_vagabond
from ..map_data import (MAP_ADJ, MAP_CLOSED_PATH, MAP_FOREST_CLEARINGS, MAP_SLOTS, MAP_RIVER, MAP_LAKE,
                        MAP_RIVER_CLEARING, MAP_RUIN, MAP_FERRY_START, MAP_NAMES, AUTUMN)
from .position import Position, NPLOT
from .reader import Act, Line, read, RootlogError

KIND_TEXT = {ENGINE: "engine rule", INCOMPLETE: "incomplete log", VIOLATION: "rule violation"}
BASE_CARD_NAMES = {card_rootlog_name(c) for c in range(54)} - {""}


@dataclass
class Disagreement:
    line: int
    action: str
    kind: str     # ENGINE, INCOMPLETE or VIOLATION
    law: str      # "6.5.4", or "" when no Law section applies
    text: str

    def __str__(self) -> str:
        law = f"; Law {self.law}" if self.law else ""
        return f"line {self.line}: {self.action}: {self.text}{law} ({KIND_TEXT[self.kind]})"


@dataclass
class Step:
    line: int
    taker: str
    action: str
    position: Position


@dataclass
class ImportedGame:
    """What an import gives: the factions (letters in the order of the player lines), the position after
    every action (``steps``) and after every turn line (``line_positions``), the disagreements, and the
    winners written in the log."""
    factions: list
    players: dict
    steps: list = field(default_factory=list)
    line_positions: list = field(default_factory=list)
    disagreements: list = field(default_factory=list)
    winners: list = field(default_factory=list)
    # the clearing suits the game was played on (letters by clearing), and its setup: "advanced" when the log's
    # Clearings line places the suit markers otherwise than the printed Fall suits (Appendix A.1)
    suits: list = field(default_factory=list)
    setup: str = "standard"
    map: str = "autumn"  # the log's Map line (Law Appendix C): "autumn" (Fall), "winter", "lake" or "mountain"

    @property
    def final(self) -> Position:
        return self.line_positions[-1][1] if self.line_positions else Position()

    def report(self) -> str:
        by_kind = {k: sum(d.kind == k for d in self.disagreements) for k in KIND_TEXT}
        head = (f"{len(self.line_positions)} turn lines, {len(self.steps)} actions; disagreements: "
                + ", ".join(f"{n} {KIND_TEXT[k]}" for k, n in by_kind.items()))
        return "\n".join([head] + [str(d) for d in self.disagreements])


def _check_player_titles(log) -> None:
    """A player line ``C: name`` holds the player's name, any text; but a name that reads as a faction's title
    (or its engine name), other than the title of the faction its letter stands for, is a mistake (a misspelt
    ``C: Marquis de Cat``, or ``C: Eyrie Dynasties`` on the Marquise's line): refused, naming the line."""
    known = {**{ch: FACTION_TITLE[f] for ch, f in LETTER_FACTION.items()}, **OTHER_FACTIONS}
    spellings = {}   # lower-case title or engine name -> the faction's letter
    for ch, title in known.items():
        spellings[title.lower()] = ch
        if ch in LETTER_FACTION:
            spellings[LETTER_FACTION[ch]] = ch
    for ch, name in log.players.items():
        said = " ".join(name.lower().split())
        if not said or spellings.get(said) == ch:
            continue
        near = difflib.get_close_matches(said, spellings, n=1, cutoff=0.75)
        if not near:
            continue
        where = f"line {log.player_lines.get(ch, '?')} ({ch}: {name})"
        own = known.get(ch)
        if spellings[near[0]] == ch:
            raise RootlogError(f"{where}: the faction title is misspelt; letter {ch} is the {own}, "
                             f"written {ch}: {own}")
        raise RootlogError(f"{where}: {name!r} is the title of another faction ({spellings[near[0]]}: "
                         f"{known[spellings[near[0]]]}), but letter {ch} is "
                         + (f"the {own}" if own else "no faction Rootlog knows"))


# Names a Clockwork bot goes by (seed 004), squashed: Rootlog has no notation for the bots, which follow their own
# rules (an import would check their turns against the factions' rules), so a log seating one is refused.
BOT_WORDS = ("mechanicalmarquise", "electriceyrie", "automatedalliance", "clockwork")


def _refuse_bots(log) -> None:
    for ch, name in log.players.items():
        squashed = "".join(x for x in name.lower() if x.isalnum())
        if "bot:" in name.lower() or any(w in squashed for w in BOT_WORDS):
            raise RootlogError(f"player line {ch}: {name[:60]!r} names a Clockwork bot; Rootlog has no notation for "
                               "the bots, whose turns follow their own rules: a game with a bot is not imported "
                               "(docs/rootlog.md)")


def _refuse_unsupported(log, allow_unimplemented: bool) -> None:
    letters = list(log.players) + [ln.taker for ln in log.lines if ln.taker]
    bad = []
    for ch in dict.fromkeys(letters):
        name = LETTER_FACTION.get(ch)
        if name is None:
            bad.append(f"{OTHER_FACTIONS.get(ch, 'an unknown faction')} ({ch})")
        elif name not in IMPLEMENTED_FACTIONS and not allow_unimplemented:
            bad.append(f"the {FACTION_TITLE[name]} ({ch})")
    if bad:
        raise RootlogError("this Rootlog game uses " + ", ".join(bad) + ", not implemented in this engine "
                         f"(implemented: {', '.join(IMPLEMENTED_FACTIONS)})")
    if "G" in letters and "V" not in letters:
        raise RootlogError("this Rootlog game has a second Vagabond (G) and no Vagabond (V); Law 9.8: the second "
                         "Vagabond plays beside the first")
    m = map_row(log)
    suits = _suits(log)
    if m != AUTUMN and "Clearings" not in log.header:
        raise RootlogError(f"this Rootlog game on the {log.header['Map']} map has no Clearings line: the suit markers "
                           "of a variant map are placed at setup (Law Appendix A.1), and the log must say where")
    if (len(suits) != NC or sorted(suits) != sorted(SUIT_LETTER[s] for s in CLEARING_SUIT)) and not allow_unimplemented:
        raise RootlogError(f"this Rootlog game uses other clearing suits ({log.header['Clearings']}) than the twelve "
                         "suit markers, four of each suit, placed one a clearing (Appendix A.1)")


def map_row(log) -> int:
    """The map (``map_data``'s row) of the log's ``Map:`` line: Fall (the Autumn map, also when there is none),
    Winter, Lake or Mountain (Law Appendix C); RootlogError naming the maps otherwise."""
    name = log.header.get("Map", "Fall")
    if name not in ROOTLOG_MAP:
        raise RootlogError(f"this Rootlog game is played on the {name[:40]} map; the importer reads "
                           f"{', '.join(ROOTLOG_MAP)}")
    return ROOTLOG_MAP.index(name)


def _suits(log) -> list:
    """The clearing suits (letters) the log gives, or the printed Fall suits."""
    clearings = log.header.get("Clearings")
    if not clearings:
        return [SUIT_LETTER[s] for s in CLEARING_SUIT]
    return [x.strip()[:1] for x in clearings.split(",")]


def _piece_types():
    """(faction, Rootlog code) -> ("b" or "t", engine type index)."""
    out = {}
    for names, owners, kind in ((BT_NAMES, BT_OWNER, "b"), (TT_NAMES, TT_OWNER, "t")):
        for t, n in enumerate(names):
            if n in PIECE_CODE:
                out.setdefault((int(owners[t]), PIECE_CODE[n]), (kind, t))
    return out


PIECE_TYPES = _piece_types()
FACE_DOWN = ("d", None)  # the kind of a face-down Corvid plot (``t`` on the Corvids' pieces): its type unwritten


class Importer(KeepersImport, DuchyImport):
    def __init__(self, log):
        self.log = log
        self.factions = [FACTION_NAMES.index(LETTER_FACTION[ch]) for ch in log.players]
        self.vagabonds = [v for v in VAGABONDS if v in self.factions]
        self.open_reads: dict = {}  # (Vagabond, item) -> item tokens that left the copy open (_note_other_faces)
        self.suits = _suits(log)
        # The map's geometry (Law Appendix C): paths (the Mountain's closed ones opened as the log removes them,
        # C.3.3), forests, slots, rivers (the lake too, C.2.2), ruins; the Lake's Ferry (C.2.5) and its use this turn
        self.map = m = map_row(log)
        self.adj = MAP_ADJ[m].copy()
        self.closed = MAP_CLOSED_PATH[m].copy()
        self.forests = MAP_FOREST_CLEARINGS[m]
        self.slots = MAP_SLOTS[m]
        self.river_adj = np.maximum(MAP_RIVER[m], MAP_LAKE[m])
        self.lake = MAP_LAKE[m]
        self.river_clearing = MAP_RIVER_CLEARING[m]
        # where the Ferry may stand: one clearing, or more after a crossing the text leaves open (``_ferry``)
        self.ferry = {int(MAP_FERRY_START[m])}
        self.lake_pending = None  # (mover, from, to, act): a move along the lake that a draw right after makes a Ferry's
        self.p = Position()
        self.p.ruins = MAP_RUIN[m].copy()
        self.out = ImportedGame([letter(f) for f in self.factions], dict(log.players))
        self.setup_done: set = set()
        self.line = None
        self.action = ""
        self.deposed: set = set()
        self.previous = ""  # the simple action before this one
        self.group: list = []  # the simple actions of the action being applied
        self.turn = {}  # per line: wood paid, decree cards added, birds, purge
        self.act = None  # the simple action being applied
        self.trophies = []  # relics an enemy removed, to be placed in a forest (Law 15.2.5; keepers_import)

    # ---------------------------------------------------------------- helpers
    def flag(self, kind: str, law: str, text: str) -> None:
        self.out.disagreements.append(Disagreement(self.line.number, self.action, kind, law, text))

    def faction(self, ch, default: int) -> int:
        if not ch:
            return default
        if ch not in LETTER_FACTION or FACTION_NAMES.index(LETTER_FACTION[ch]) not in self.factions:
            raise KeyError(ch)
        return FACTION_NAMES.index(LETTER_FACTION[ch])

    def rules(self, f: int, c: int) -> bool:
        """Law 2.8 (7.2.2 for the Eyrie): most warriors and buildings, ties to nobody (the Eyrie win them);
        Law 10.2.4 Pilgrims: the Lizard Cult rule every clearing with a garden of theirs.  Law 11.2.7.III: a
        player who paid the Riverfolk on this line may have bought Mercenaries (Rootlog does not say which
        service), so the Riverfolk's warriors count as theirs, not the Riverfolk's."""
        p = self.p
        if LIZARDS in self.factions and p.buildings[BT_GARDEN:BT_GARDEN + 3, c].any():
            return f == LIZARDS
        buyer = self.turn.get("buyer")

        def pieces(g):
            n = p.warriors[g, c] + sum(p.buildings[t, c] for t in range(NBT) if BT_OWNER[t] == g)
            if buyer is not None and g in (buyer, RIVERFOLK):
                n += p.warriors[RIVERFOLK, c] * (1 if g == buyer else -1)
            return n
        mine = pieces(f)
        if mine == 0:
            return False
        best = max((pieces(g) for g in range(NF) if g != f), default=0)
        return mine > best or (mine == best and f == EYRIE)

    # ---------------------------------------------------------------- the game
    def run(self) -> ImportedGame:
        for ln in self.log.lines:
            self.line = ln
            if not ln.taker:
                self.action = ln.text
                self.flag(INCOMPLETE, "", "a line the notation does not define")
                continue
            taker = FACTION_NAMES.index(LETTER_FACTION[ln.taker])
            if not self._implemented(taker):
                self.action = f"{ln.taker}:"
                self.flag(ENGINE, "", f"the {FACTION_TITLE[FACTION_NAMES[taker]]} are not implemented: their pieces "
                          "are tracked, their own rules are not checked")
            setup = taker not in self.setup_done
            self.setup_done.add(taker)
            if setup and taker in VAGABONDS:
                self._vagabond_setup(taker)
            if setup and taker == HUNDREDS:
                self._place_ruin_items()  # Law 14.3.3: the "R" items under the ruins, unless already done
            self.turn = {"wood": 0, "support": [], "gap": True, "due": [], "decree": 0, "birds": 0, "purge": None,
                         "lost": 0, "setup": setup, "buyer": None, "funds_set": False, "disrupt": None,
                         "plots": 0, "guess": None, "raids": set(), "vagabond": None, "battles": set(),
                         "taker": taker}
            for text, acts in ln.actions:
                self.action = text
                self.group = acts
                paid = (self.turn["wood"], len(self.turn["support"]))
                for act in acts:
                    self.apply(act, taker)
                if self.turn["due"]:
                    self.settle()
                elif (self.turn["wood"], len(self.turn["support"])) == paid:
                    self.turn["gap"] = True
                self.out.steps.append(Step(ln.number, ln.taker, text, self.p.copy()))
            self.end_of_line(taker)
            self.out.line_positions.append((ln.number, self.p.copy()))
        self.check_winner()
        return self.out

    def _vagabond_setup(self, v: int) -> None:
        """Law 9.3.6: his relationships start on Indifferent, with every faction but the Vagabonds (9.2.9, 9.8).
        Law 9.3.4: the first Vagabond to set up puts the ruin items under the ruins: one each, or two each with
        two Vagabonds (9.8.1); Rootlog writes none of them, only each item taken."""
        for g in self.factions:
            if g not in VAGABONDS:
                self.p.relationships[vb_row(v), g] = 0
        self._place_ruin_items()

    def _place_ruin_items(self) -> None:
        """The ruin items (Law 9.3.4, 14.3.3): one under each ruin, two with two Vagabonds (9.8.1), by whoever sets
        up first of the Vagabonds and the Hundreds; Rootlog writes none of them, only each item taken."""
        if not self.p.ruin_items.any():
            self.p.ruin_items = self.p.ruins * max(1, len(self.vagabonds))

    def pay(self, kind: str, what) -> None:
        """Wood the Marquise or supporters the Alliance remove on their own turn: a payment.  Payments
        written one after another pay for what the next action builds or spreads."""
        t = self.turn
        if t["gap"]:
            t["wood"], t["support"], t["gap"] = 0, [], False
        if kind == "wood":
            t["wood"] += what
        else:
            t["support"] += what

    def settle(self) -> None:
        """Check the payments written right before this action against what it placed."""
        t = self.turn
        paid_wood, paid = t["wood"], t["support"]
        builds = [d for d in t["due"] if d[0] == "build"]
        if builds:
            # Law 6.5.4.II: wood equal in number to the cost (several buildings of one action pool it).
            need = sum(cost for _, _, _, cost in builds)
            if paid_wood != need:
                what = " and ".join(f"a {name} in {c + 1}" for _, name, c, _ in builds)
                self.flag(INCOMPLETE if paid_wood == 0 else VIOLATION, "6.5.4", f"builds {what} with {paid_wood} "
                          f"wood; {'they need' if len(builds) > 1 else 'it needs'} {need}")
        dues = [d for d in t["due"] if d[0] != "build"]
        if dues and not self._supporters_pay(paid, dues):
            kinds = dict.fromkeys(kind for kind, _, _, _ in dues)
            what = " and ".join(f"{kind} in " + ", ".join(str(c + 1) for k, _, c, _ in dues if k == kind)
                                for kind in kinds)
            due = ", ".join(f"{need} {self.suits[c]}" for _, _, c, need in dues)
            spent = "".join(x or "?" for x in paid) or "none"
            self.flag(INCOMPLETE if not paid else VIOLATION, ", ".join(dict.fromkeys(law for _, law, _, _ in dues)),
                      f"{what} spending supporters {spent}; due: {due} (birds wild)")
        t["wood"], t["support"], t["due"], t["gap"] = 0, [], [], True

    def _supporters_pay(self, paid: list, dues: list) -> bool:
        """Whether supporters of these suits pay exactly for these revolts and sympathy tokens (Law 2.1.1:
        birds are wild; a supporter written without its suit may be any)."""
        need: dict = {}
        for _, _, c, n in dues:
            need[self.suits[c]] = need.get(self.suits[c], 0) + n
        wild = sum(x in ("B", "") for x in paid)
        short = sum(max(0, n - paid.count(suit)) for suit, n in need.items())
        return len(paid) == sum(need.values()) and short <= wild

    def end_of_line(self, taker: int) -> None:
        t = self.turn
        if t["guess"] is not None:
            self.action = "(Exposure)"
            self.flag(INCOMPLETE, "13.2.4", f"an Exposure guess in {t['guess'][0] + 1} with no outcome written (the "
                      "plot removed, or the card given to the Corvids)")
        if taker == CORVIDS and t["setup"]:
            placed = [int(self.p.warriors[CORVIDS, np.array(self.suits) == SUIT_LETTER[k]].sum()) for k in range(3)]
            if placed != [1, 1, 1]:
                self.action = "(setup)"
                self.flag(VIOLATION, "13.3.2", "the Corvids set up one warrior in a clearing of each suit; the log "
                          "has " + ", ".join(f"{n} {SUIT_NAMES[k]}" for k, n in enumerate(placed)))
        if taker == HUNDREDS:
            self._check_hoard_tracks()
        if KEEPERS in self.factions:
            self.keepers_end_of_line(taker)
        if DUCHY in self.factions:
            self.duchy_end_of_line()
        if taker == RIVERFOLK and not t["funds_set"]:
            self.p.funds = 0  # Rootlog: funds not written at the end of the Riverfolk's turn are zero
        if t["disrupt"] is not None and taker != RIVERFOLK and self.p.funds != t["disrupt"]:
            self.action = "(Trade Disruption)"
            self.flag(VIOLATION if t["funds_set"] else INCOMPLETE, "11.2.5.I", f"a trade post is removed: the "
                      f"Riverfolk keep {t['disrupt']} funds (half removed, rounded up); the log leaves {self.p.funds}")
        if t["purge"] is not None:
            # Law 7.7.1: one VP per bird card, Loyal Viziers included (a score never drops below 0).
            need = min(t["purge"], t["vp_at_purge"])
            if t["lost"] != need:
                self.action = "(turmoil)"
                self.flag(VIOLATION if t["lost"] else INCOMPLETE, "7.7.1", f"the Eyrie fall into turmoil with "
                          f"{t['purge']} bird cards on the Decree and lose {t['lost']} VP; {need} are due")
        if taker == EYRIE and not t["setup"] and (t["decree"] > 2 or t["birds"] > 1):
            self.action = "(Birdsong)"
            self.flag(VIOLATION, "7.4.2", f"the Eyrie add {t['decree']} cards ({t['birds']} birds) to the Decree; "
                      "one or two, at most one bird")

    def check_winner(self) -> None:
        w = self.log.header.get("Winner", "")
        self.out.winners = list(w)
        if not w:
            return
        self.line = Line(self.log.header_lines["Winner"], "", "", [])
        self.action = "Winner: " + w
        for ch in w:
            if ch not in LETTER_FACTION or FACTION_NAMES.index(LETTER_FACTION[ch]) not in self.factions:
                self.flag(INCOMPLETE, "3.1", f"the winner {ch} has no player line")
                continue
            f = FACTION_NAMES.index(LETTER_FACTION[ch])
            coalition = f in VAGABONDS and self.p.coalition[vb_row(f)]
            if self.p.vp[f] < VICTORY_VP and not self.p.dominance[f] and not coalition and ch not in self.p.coalition:
                self.flag(INCOMPLETE, "3.1", f"{FACTION_TITLE[FACTION_NAMES[f]]} win with {self.p.vp[f]} VP logged "
                          "and no dominance")

    # ---------------------------------------------------------------- actions
    def apply(self, act: Act, taker: int) -> None:
        self.act = act
        if taker in VAGABONDS and RIVERFOLK in self.factions and not self.turn.get("acted"):
            # Law 11.2.6.III: items the Vagabond exhausts before anything else on his line pay for services
            # (bought at the start of his Birdsong, before he refreshes), even when the Riverfolk have no
            # warrior left to put in their Payments box
            if act.kind == "move" and act.m["thing"].startswith("%") and act.m["dst"] == "e":
                self.turn["buyer"] = taker
            elif not (act.kind == "move" and act.m["dst"] == "O$") and not self._exposure(act):
                self.turn["acted"] = True
        try:
            getattr(self, "do_" + {"?": "unknown"}.get(act.kind, act.kind))(act, taker)
        except KeyError as e:
            self.flag(INCOMPLETE, "", f"names a faction with no player line ({e.args[0]})")
        except RootlogError:
            raise
        except ValueError as e:  # notation this importer cannot apply: an unimplemented faction's own, or bad
            self.flag(INCOMPLETE if self._implemented(taker) else ENGINE, "", str(e))
        except (ArithmeticError, IndexError, TypeError, AttributeError) as e:
            # a last guard, never reached by the fuzz of the test suite: the import stops with a RootlogError
            # (a ValueError) naming the action rather than a traceback
            raise RootlogError(f"line {self.line.number}: {self.action[:60]!r}: the importer could not apply this "
                               f"action ({type(e).__name__}: {str(e)[:80]})") from None
        self.previous = act.text
        if self.lake_pending is not None:
            self.lake_pending = self.lake_pending if self.lake_pending[3] is act else None
        named = named_vagabond(act)
        if named is not None:
            self.turn["vagabond"] = named  # the board the line's next item tokens with none belong to


    @staticmethod
    def _exposure(act: Act) -> bool:
        """An action of an Exposure (Law 13.2.4, the engine offers it before services are bought): the card shown
        to the Corvids, the guess, and its outcome (the card given them, or the plot removed and the VP)."""
        if act.kind in ("reveal", "expose", "score"):
            return True
        return act.kind == "move" and (act.m["dst"] == letter(CORVIDS) or act.m["thing"].startswith(letter(CORVIDS)
                                                                                                     + "t"))

    def do_unknown(self, act, taker):
        self.flag(INCOMPLETE if self._implemented(taker) else ENGINE, "",
                  f"'{act.text}' is not Rootlog notation this importer reads")

    @staticmethod
    def _implemented(f: int) -> bool:
        return FACTION_NAMES[f] in IMPLEMENTED_FACTIONS

    def do_reveal(self, act, taker):
        self.duchy_reveal(act, taker)  # a hand shown: no change to the position (a Duchy card kept for its Build, Sway)

    def do_score(self, act, taker):
        f = self.faction(act.m["f"], taker)
        n = int(act.m["n"] or 1)
        if act.m["sign"] == "--":
            self.p.vp[f] -= n
            if f == EYRIE:
                self.turn["lost"] += n
            return
        if self.p.dominance[f]:
            self.flag(VIOLATION, "3.3.1", f"{FACTION_TITLE[FACTION_NAMES[f]]} score after activating dominance")
        self.p.vp[f] += n

    def do_marker(self, act, taker):
        f = self.faction(act.m["f"], taker)
        board = self.faction(act.m["board"], taker)
        if board != f:
            if f not in VAGABONDS:
                self.flag(VIOLATION, "9.2.8", "only the Vagabond forms a coalition")
                return
            self.p.coalition[vb_row(f)] = letter(board)

    def do_craft(self, act, taker):
        what = act.m["what"]
        if what.startswith("%"):
            i = LETTER_ITEM.get(what[1])
            if i is None:
                raise ValueError(f"unknown item {what}")
            if self.p.item_supply[i] <= 0:
                self.flag(VIOLATION, "4.1.2", f"no {what} left in the item supply to craft")
            self.p.item_supply[i] -= 1
            if taker in VAGABONDS:
                self.p.vb_items[vb_row(taker), i, 0] += 1
            elif taker == HUNDREDS:
                self.p.hoard[i] += 1  # Law 14.2.4.I: to the Hoard (14.2.3: ``%s$->`` follows when removed for its VP)
            else:
                self.p.crafted_items[taker, i] += 1
            return
        name = ABBREVIATIONS.get(what, what)
        if name not in BASE_CARD_NAMES:
            self.flag(ENGINE, "", f"{name} is not a card of the engine's (Standard) deck")
        if name.startswith("favorof"):
            return  # Law 4.1.2: an immediate effect, discarded
        if name in self.p.crafted[taker]:
            self.flag(VIOLATION, "4.1.4", f"{name} is already in this faction's play area")
        self.p.crafted[taker].append(name)

    def do_battle(self, act, taker):
        att = self.faction(act.m["att"], taker)
        dfd = self.faction(act.m["dfd"], taker)
        c = int(act.m["c"]) - 1
        if not 0 <= c < NC:
            raise ValueError(f"no clearing {c + 1}")
        p = self.p
        if att == dfd:
            self.flag(VIOLATION, "4.3", "a faction cannot battle itself")
        mercs = att == self.turn.get("buyer") and dfd != RIVERFOLK and p.warriors[RIVERFOLK, c] > 0  # 11.2.7.III
        vb = att in VAGABONDS
        if (vb and p.pawn[vb_row(att)] != c) or (not vb and p.warriors[att, c] == 0 and not mercs):
            self.flag(INCOMPLETE, "4.3", f"the log shows no attacking warriors{' or pawn' * vb} "
                      f"in clearing {c + 1}")
        if not self._has_pieces(dfd, c):
            self.flag(INCOMPLETE, "4.3", f"the log shows no {FACTION_TITLE[FACTION_NAMES[dfd]]} pieces in "
                      f"clearing {c + 1}")
        self.turn["battles"].add(c)  # Law 14.2.2: where the warlord may be removed on this line

    def _has_pieces(self, f: int, c: int) -> bool:
        p = self.p
        if f in VAGABONDS:
            return p.pawn[vb_row(f)] == c
        return bool(p.warriors[f, c] or any(p.buildings[t, c] for t in range(NBT) if BT_OWNER[t] == f)
                    or any(p.tokens[t, c] for t in range(NTT) if TT_OWNER[t] == f)
                    or (f == CORVIDS and p.plots_down[c]))

    def do_relation(self, act, taker):
        v = self.faction(act.m["v"], taker)
        f = self.faction(act.m["f"], taker)
        if v not in VAGABONDS:
            self.flag(ENGINE, "9.2.9", f"relationships belong to a Vagabond, not {letter(v)}")
            return
        if f in VAGABONDS:
            self.flag(VIOLATION, "9.2.9", "a Vagabond's relationship chart has no space for a Vagabond")
            return
        self.p.relationships[vb_row(v), f] = RELATIONSHIP_LETTER.index(act.m["r"])

    def do_outcast(self, act, taker):
        """``$_o->F`` / ``$_ho->F``: the Cult's outcast marker, Outcast or Hated side up (Law 10.3.3, 10.4.1)."""
        if taker != LIZARDS:
            self.flag(INCOMPLETE, "10.4.1", "the outcast marker is set on the Lizard Cult's turns only")
        if act.m["suit"] == "B":
            self.flag(VIOLATION, "10.3.3", "the Outcast is a suit of the clearings; birds have none")
        hated = act.m["degree"] == "ho"
        if hated and self.p.outcast not in ("", act.m["suit"]) and not self.turn["setup"]:
            # Law 10.4.1: the marker flips to Hated only on the suit it already marks
            self.flag(VIOLATION, "10.4.1", f"the Hated side on {act.m['suit']}; the marker was on {self.p.outcast}")
        self.p.outcast, self.p.hated = act.m["suit"], hated

    def do_funds(self, act, taker):
        """``$_f->N``: the Riverfolk's funds, written at the end of their turn and after Trade Disruption on
        another player's turn (Law 11.2.4)."""
        self.faction("O", taker)  # a KeyError without a Riverfolk player
        n = int(act.m["n"])
        if taker != RIVERFOLK and n > self.p.funds:
            self.flag(VIOLATION, "11.4.3", f"funds grow from {self.p.funds} to {n} on another player's turn; they "
                      "grow only when the Riverfolk gather them")
        board = int(self.p.rf_board.sum())
        if n > board:
            self.flag(INCOMPLETE, "11.2.4", f"{n} funds; the log shows {board} warriors on the Riverfolk's board")
        self.p.funds = n
        self.turn["funds_set"] = True

    def do_price(self, act, taker):
        """``$_h->2`` (hand card, riverboats ``r``, mercenaries ``m``; ``$_->2`` all three): Law 11.3.5, 11.6.2."""
        self.faction("O", taker)
        if taker != RIVERFOLK:
            self.flag(INCOMPLETE, "11.6.2", "prices are set on the Riverfolk's turns only")
        price = int(act.m["price"])
        if not 1 <= price <= RF_PRICE_MAX:
            self.flag(VIOLATION, "11.6.2", f"a price is 1 to {RF_PRICE_MAX}, not {price}")
            return
        for k in ([("hrm".index(act.m["service"]))] if act.m["service"] else range(3)):
            self.p.prices[k] = price

    # ---------------------------------------------------------------- the Corvid Conspiracy (seed 003, Law 13)
    def _corvids(self, ch, taker) -> int:
        f = self.faction(ch, taker)
        if f != CORVIDS:
            raise ValueError(f"plots belong to the Corvids, not {letter(f)}")
        return f

    def do_flip(self, act, taker):
        """``t4^t_e`` on the Corvids' line: a flip (Law 13.4.2: a face-down plot, Corvid warriors there);
        ``Pt4^t_r`` on another line: a face-down plot's type shown (a raid removed, 13.7.4)."""
        self._corvids(act.m["f"], taker)
        c, t = int(act.m["c"]) - 1, PLOT_CODE.index(act.m["t"])
        p = self.p
        if not 0 <= c < NC:
            raise ValueError(f"no clearing {c + 1}")
        if p.plots_down[c] == 0:
            self.flag(INCOMPLETE, "13.4.2", f"no face-down plot in {c + 1} in the log")
            if p.plots_at(c):
                return
        else:
            p.plots_down[c] -= 1
        if taker == CORVIDS and not act.m["f"] and p.warriors[CORVIDS, c] == 0:
            self.flag(VIOLATION, "13.4.2", f"flips the plot in {c + 1}, where the Corvids have no warrior")
        if (int(p.ruled_out[c]) >> t) & 1:
            self.flag(VIOLATION, "13.2.4", f"the plot in {c + 1} is a {PLOT_NAMES[t]}, a type Exposure ruled out there")
        if p.tokens[TT_PLOT + t].sum() + 1 > CV_PLOTS_PER_TYPE[t]:
            self.flag(VIOLATION, "2.5", f"a {PLOT_NAMES[t]} face up in {c + 1}: the others are face up already; "
                      f"the game has {CV_PLOTS_PER_TYPE[t]}")
        p.tokens[TT_PLOT + t, c] += 1
        p.ruled_out[c] = 0

    def do_trick(self, act, taker):
        """``t12<->t4``: Law 13.5.4, two plots on the map, both face up or both face down, swap."""
        if taker != CORVIDS:
            self.flag(VIOLATION, "13.5.4", "only the Corvids swap plots (Trick)")
        a, b = int(act.m["a"]) - 1, int(act.m["b"]) - 1
        p = self.p
        if not (0 <= a < NC and 0 <= b < NC) or a == b:
            raise ValueError(f"a Trick swaps two clearings' plots, not {a + 1} and {b + 1}")
        if not p.plots_at(a) or not p.plots_at(b):
            self.flag(INCOMPLETE, "13.5.4", f"the log shows no plot in {a + 1 if not p.plots_at(a) else b + 1}")
            return
        if bool(p.plots_down[a]) != bool(p.plots_down[b]):
            self.flag(VIOLATION, "13.5.4", f"swaps a face-up and a face-down plot ({a + 1}, {b + 1}); both must be "
                      "face up or both face down")
        rows = slice(TT_PLOT, TT_PLOT + NPLOT)
        p.tokens[rows, [a, b]] = p.tokens[rows, [b, a]]
        p.plots_down[[a, b]] = p.plots_down[[b, a]]
        p.ruled_out[[a, b]] = p.ruled_out[[b, a]]  # what Exposure ruled out goes with each token

    def do_expose(self, act, taker):
        """``?Pt_e4``: an enemy with pieces where a face-down plot is guesses its type (Law 13.2.4); the actions
        after it say the outcome (the plot removed, or the card given to the Corvids)."""
        self._corvids(act.m["f"], taker)
        c, t = int(act.m["c"]) - 1, PLOT_CODE.index(act.m["t"])
        if not 0 <= c < NC:
            raise ValueError(f"no clearing {c + 1}")
        if taker == CORVIDS:
            self.flag(VIOLATION, "13.2.4", "the Corvids cannot guess their own plots (Exposure is an enemy's)")
        if self.p.plots_down[c] == 0:
            self.flag(INCOMPLETE, "13.2.4", f"no face-down plot in {c + 1} in the log")
        elif not self._has_pieces(taker, c):
            self.flag(VIOLATION, "13.2.4", f"guesses the plot in {c + 1}, where {letter(taker)} has no piece")
        if self.turn["guess"] is not None:
            self.flag(INCOMPLETE, "13.2.4", "the outcome of the previous guess is not written")
        self.turn["guess"] = (c, t)

    def _plot_placed(self, c: int, taker: int) -> None:
        """Law 13.2.2.II: one plot per clearing; 13.5.2: the Corvids remove one warrior there, plus one per plot
        placed this turn, right before."""
        p = self.p
        if p.plots_at(c):
            self.flag(VIOLATION, "13.2.2.II", f"a second plot in clearing {c + 1}")
        if taker != CORVIDS or self.turn["setup"]:
            return
        need = 1 + self.turn["plots"]
        self.turn["plots"] += 1
        m = re.match(rf"^([0-9]{{0,3}})w{c + 1}->$", self.previous)
        if m is None:
            self.flag(INCOMPLETE, "13.5.2", f"a plot in {c + 1} with no Corvid warrior removed there before it; "
                      f"{need} due")
        elif int(m.group(1) or 1) != need:
            self.flag(VIOLATION, "13.5.2", f"a plot in {c + 1} for {int(m.group(1) or 1)} warriors removed; {need} "
                      "due (one, plus one per plot placed this turn)")

    def _plot_removed(self, c: int, t: int) -> None:
        """A plot left clearing c (t: its type if written): an Exposure guess pending there was right (13.2.4);
        a raid's warriors may follow (13.7.4)."""
        guess = self.turn["guess"]
        if guess is not None and guess[0] == c:
            self.turn["guess"] = None
        elif t == RAID:
            self.turn["raids"].add(c)
        if not self.p.plots_at(c):
            self.p.ruled_out[c] = 0

    def _snared(self, f: int, c: int) -> bool:
        """Law 13.7.2: a face-up snare stops the Corvids' enemies placing in and moving from its clearing (Law 2.7,
        9.2.8: a Vagabond in a coalition with them is not their enemy)."""
        partner = f in VAGABONDS and self.p.coalition[vb_row(f)] == letter(CORVIDS)
        return f != CORVIDS and not partner and CORVIDS in self.factions and bool(self.p.tokens[TT_PLOT + SNARE, c])

    # ---------------------------------------------------------------- the Lord of the Hundreds (Law 14)
    def _warlord(self, n, src, dst, taker):
        """``w_w->3`` placed (setup 14.3.2, Anoint 14.4.3), ``w_w3->5`` moved, ``Hw_w3->`` removed in battle: Law
        14.2.2, the warlord is a Hundreds warrior (counted in ``warriors``) that cannot be removed outside battle,
        moved outside the Hundreds' turn or placed but by setup and Anoint."""
        if n != 1:
            raise ValueError(f"the Hundreds have one warlord, not {n}")
        c_src = None if src is None else self._place(src, HUNDREDS)
        c_dst = None if dst is None else self._place(dst, HUNDREDS)
        if "board" in (c_src, c_dst) or (c_src is None and c_dst is None):
            raise ValueError("the warlord goes between clearings (w_w->3, w_w3->5, w_w3->)")
        p, turn = self.p, self.turn
        if c_src is not None and c_dst is not None:  # Law 4.2.1 on the position before the move
            if taker != HUNDREDS:
                self.flag(VIOLATION, "14.2.2", "the warlord moves outside the Hundreds' turn")
            self._check_move(HUNDREDS, c_src, c_dst, taker)
            if self._snared(HUNDREDS, c_src):
                self.flag(VIOLATION, "13.7.2", f"moves out of clearing {c_src + 1}, where a snare is face up")
        if c_src is not None:
            if p.warlord != c_src:
                self.flag(INCOMPLETE, "14.2.2", f"the warlord leaves clearing {c_src + 1}; the log has it "
                          + (f"in {p.warlord + 1}" if p.warlord >= 0 else "off the map"))
                if p.warlord >= 0:
                    self._warlord_off(p.warlord)
            else:
                self._warlord_off(c_src)
            p.warlord = -1
            if c_dst is None and c_src not in turn["battles"]:
                self.flag(VIOLATION, "14.2.2", f"the warlord is removed from {c_src + 1}, where this line has no "
                          "battle; it is removed only in battle")
        elif taker != HUNDREDS or p.warlord >= 0:
            self.flag(VIOLATION, "14.2.2", "a second warlord placed" if p.warlord >= 0 else
                      "the warlord is placed only by the Hundreds' setup and Anoint")
        elif not turn["setup"] and p.warriors[HUNDREDS].sum() and self.previous != f"w{c_dst + 1}->":
            # Law 14.4.3: with Hundreds warriors on the map, the warlord replaces one of them (removed right before)
            self.flag(VIOLATION, "14.4.3", f"the warlord is placed in {c_dst + 1} with Hundreds warriors on the map "
                      "and none replaced there")
        if c_dst is not None:
            if c_src is None and self._snared(HUNDREDS, c_dst):
                self.flag(VIOLATION, "13.7.2", f"places a piece in clearing {c_dst + 1}, where a snare is face up")
            if p.warlord >= 0:
                self._warlord_off(p.warlord)  # (a second warlord, flagged: the log's last one stands)
            p.warriors[HUNDREDS, c_dst] += 1
            p.warlord = c_dst

    def _warlord_off(self, c) -> None:
        """The warlord's warrior leaves clearing c (never below none, whatever the log did before)."""
        self.p.warriors[HUNDREDS, c] = max(0, self.p.warriors[HUNDREDS, c] - 1)

    def _with_warlord(self, f, a, b) -> bool:
        """Warriors moving with the warlord (written right after its ``w_w{a}->{b}``): one move (Law 14.5.3), its
        rule checked with the warlord's token."""
        return f == HUNDREDS and self.previous in (f"{WARLORD_CODE}{a + 1}->{b + 1}",
                                                   f"H{WARLORD_CODE}{a + 1}->{b + 1}")

    def _mood(self, name, taker):
        """``#jubilant->$``: Law 14.4.4, a different mood that shows no item in the Hoard; 14.3.4, Stubborn at setup."""
        if name not in MOOD_NAMES:
            raise ValueError(f"{name} is not a mood of the Lord of the Hundreds ({', '.join(MOOD_NAMES)})")
        p = self.p
        if taker != HUNDREDS:
            self.flag(VIOLATION, "14.4.4", "the Hundreds choose their mood in their own Birdsong")
        elif self.turn["setup"]:
            if name != MOOD_NAMES[STUBBORN]:
                self.flag(VIOLATION, "14.3.4", f"the Hundreds set up Stubborn, not {name}")
        elif name == p.mood:
            self.flag(VIOLATION, "14.4.4", f"the mood {name} again; the new mood card must be a different one")
        item = int(MOOD_ITEM[MOOD_NAMES.index(name)])
        if item >= 0 and p.hoard[item] > 0 and not self.turn["setup"]:
            self.flag(VIOLATION, "14.4.4", f"{name} shows the {ITEM_NAMES[item]}, an item in the Hoard")
        p.mood = name

    def _hoard_move(self, thing, n, src, dst, taker) -> bool:
        """An item into the Hundreds' board, their Hoard (Law 14.2.4): from a ruin where they have a mob (Raze,
        14.4.1: ``%s3->$``), from another faction's Crafted Items (Looters, 14.2.5: ``%sC$->$``) or the supply; out
        of it for good (a full track 14.2.4.I, Contempt for Trade 14.2.3, Lavish 14.7.4: ``%s$->``).  False when the
        token is not about their board."""
        def hundreds_board(loc):
            return loc is not None and loc.endswith("$") and "_" not in loc and \
                self.faction(loc[:-1], taker) == HUNDREDS
        into, out = hundreds_board(dst), hundreds_board(src)
        if not into and not out:
            return False
        if thing[1] not in LETTER_ITEM or into == out or (out and dst is not None):
            raise ValueError(f"{thing}{src or ''}->{dst or ''}: an item goes into the Hoard (%s->$, %s3->$, %sC$->$) "
                             "or out of it for good (%s$->)")
        i, p = LETTER_ITEM[thing[1]], self.p
        if out:
            if p.hoard[i] < n:
                self.flag(INCOMPLETE, "14.2.4", f"removes {n} {ITEM_NAMES[i]} from the Hoard; the log has {p.hoard[i]}")
            p.hoard[i] = max(0, p.hoard[i] - n)
            return True
        if src is not None and src.isdigit():
            c = place_of_name(src, self.map)
            for _ in range(n):
                if not p.ruins[c] or p.ruin_items[c] <= 0:
                    self.flag(INCOMPLETE, "14.4.1", f"no ruin item left in clearing {c + 1} in the log")
                elif not p.tokens[TT_MOB, c]:
                    self.flag(VIOLATION, "14.4.1", f"takes an item from the ruin in {c + 1}, where they have no mob")
                p.ruin_items[c] = max(0, p.ruin_items[c] - 1)
                if p.ruin_items[c] == 0:
                    p.ruins[c] = 0  # Law 14.4.1: the ruin removed with its last item
        elif src is not None:
            g = self.faction(src[:-1], taker) if src.endswith("$") and "_" not in src else None
            if g is None:
                raise ValueError(f"an item comes into the Hoard from a ruin, a Crafted Items box or the supply, "
                                 f"not {src}")
            if g in VAGABONDS:
                self.flag(VIOLATION, "14.2.5", "the Hundreds cannot loot the Vagabond")
            elif p.crafted_items[g, i] < n:
                self.flag(INCOMPLETE, "14.2.5", f"{letter(g)} has no {ITEM_NAMES[i]} crafted in the log")
            if g not in VAGABONDS:
                p.crafted_items[g, i] = max(0, p.crafted_items[g, i] - n)
        else:
            p.item_supply[i] -= n
        p.hoard[i] += n
        return True

    def _check_hoard_tracks(self) -> None:
        """Law 14.2.4.I: at the end of their line, each Hoard track holds at most its spaces (a gained item with the
        track full is removed, or another item on it)."""
        for track, name in enumerate(("Command", "Prowess")):
            k = int(sum(self.p.hoard[i] for i in range(NITEM) if HD_ITEM_TRACK[i] == track))
            if k > HD_TRACK_SPACES:
                self.action = "(Hoard)"
                self.flag(VIOLATION, "14.2.4.I", f"{k} items on the {name} track; it has {HD_TRACK_SPACES} spaces")

    def _check_mob(self, c) -> None:
        """Law 14.4.1, 14.7.3 (the mob die) and 14.6.1 (Incite): a mob goes to a clearing with no mob, adjacent to a
        clearing with a mob or holding a Hundreds warrior (the warlord included)."""
        p = self.p
        if p.tokens[TT_MOB, c]:
            self.flag(VIOLATION, "14.6.1", f"a second mob in clearing {c + 1}")
        elif not p.warriors[HUNDREDS, c] and not any(self.adj[c, b] and p.tokens[TT_MOB, b] for b in range(NC)):
            self.flag(VIOLATION, "14.4.1, 14.6.1", f"a mob in clearing {c + 1}, with no Hundreds warrior there and "
                      "no mob adjacent")

    def do_purge(self, act, taker):
        if taker != EYRIE:
            self.flag(VIOLATION, "7.7.2", "only the Eyrie purge their Decree")
        birds = sum(code.startswith("B") for col in self.p.decree for code in col)
        self.turn["purge"] = birds + 2  # Law 7.7.1: the two Loyal Viziers are birds
        # (Law 3.3.1: with dominance activated, the Eyrie's score marker is off the track: nothing to lose)
        self.turn["vp_at_purge"] = 0 if self.p.dominance[EYRIE] else int(self.p.vp[EYRIE]) + self.turn["lost"]
        self.p.decree = [[] for _ in range(4)]
        if self.p.leader:
            self.deposed.add(self.p.leader)
        self.p.leader = ""

    def do_choose(self, act, taker):
        name = act.m["name"]
        if taker == EYRIE:
            if name not in LEADER_NAMES:
                raise ValueError(f"{name} is not an Eyrie leader")
            if name in self.deposed:
                if len(self.deposed) < len(LEADER_NAMES):
                    self.flag(VIOLATION, "7.7.3", f"{name} was deposed and is face down; a face-up leader must be "
                              "chosen")
                else:
                    self.deposed = set()  # Law 7.7.3.I A New Clutch
            self.p.leader = name
        elif taker == HUNDREDS:
            self._mood(name, taker)
        elif taker == DUCHY and self.duchy_sway(name):
            pass  # Law 12.5.3: a minister swayed
        elif taker in VAGABONDS:
            k = vb_row(taker)
            if name in self.p.character[:k] + self.p.character[k + 1:]:
                self.flag(VIOLATION, "9.8", f"the other Vagabond plays the {name}; two Vagabonds play different "
                          "characters")
            self.p.character[k] = name
            if name not in CHARACTER_NAMES:
                self.flag(ENGINE, "9.3.1", f"the {name} is not among the engine's characters "
                          f"({', '.join(CHARACTER_NAMES)})")
                return
            self.p.vb_items[k, :, 0] += CHARACTER_ITEMS[CHARACTER_NAMES.index(name)]  # Law 9.3.5: starting items
        else:
            self.flag(INCOMPLETE, "", f"#{name}->$ names no leader or character of {letter(taker)}")

    # ---------------------------------------------------------------- moves
    def do_move(self, act, taker):
        m = act.m
        thing, n = m["thing"], int(m["n"] or 1)
        if thing[:1] == "#" and thing[1:] in MOOD_NAMES and (m["dst"] or "").endswith("$") and not m["src"]:
            if self.faction(m["dst"][:-1], taker) != HUNDREDS:
                raise ValueError(f"a mood card goes to the Lord of the Hundreds' board, not {m['dst']}")
            self._mood(thing[1:], taker)  # ``#bitter->H$``: their mood on another player's line
        elif "#" in thing:
            self.move_cards(thing, n, m["src"], m["dst"], taker)
        elif thing.startswith("%"):
            self.move_items(thing, n, m["src"], m["dst"], taker)
        else:
            self.move_pieces(thing, n, m["src"], m["dst"], taker)

    def move_cards(self, thing, n, src, dst, taker):
        lake = self.lake_pending
        if lake is not None and not src and dst and len(dst) == 1 and self.faction(dst, taker) == lake[0]:
            self._cross(lake[1], lake[2])  # Law C.2.5: the mover draws: that move was with the Ferry
        guess = self.turn["guess"]
        if guess is not None and dst == letter(CORVIDS) and (src or letter(taker)) == letter(taker):
            # Law 13.2.4: wrong, the card shown goes to the Corvids; everyone learns "not this type"
            self.p.ruled_out[guess[0]] |= 1 << guess[1]
            self.turn["guess"] = None
        suit, _, name = thing.partition("#")
        if not suit and dst is None and self.duchy_board(src) and self.duchy_minister_lost(name, taker):
            return  # Law 12.2.3: the Price of Failure
        name = ABBREVIATIONS.get(name, name)
        if name == "faith" and self.retinue_card(suit, name, n, src, dst, taker):
            return  # a Faithful Retainer (Law 15.3.5), no card of the deck
        if name and name not in BASE_CARD_NAMES and name not in ("@", "dom"):
            self.flag(ENGINE, "", f"{name} is not a card of the engine's (Standard) deck")
        if self.retinue_card(suit, name, n, src, dst, taker):
            return  # the Keepers' Retinue (Law 15.6.2, 15.5.2)
        p = self.p
        if dst and dst.endswith("$") and "_" not in dst:  # onto a faction board
            f = self.faction(dst[:-1], taker)
            if name == "dom":
                self._activate(f, suit)
            elif f == ALLIANCE:
                p.supporters += n  # Law 8.2.3
            elif src == "Q":
                self._quest(f, suit)
            return
        if dst and dst.startswith("$_") or (dst and "$_" in dst):
            col = DECREE_LETTER.index(dst[-1])
            if taker != EYRIE:
                self.flag(VIOLATION, "7.4.2", "only the Eyrie add cards to the Decree, in their Birdsong")
            p.decree[col] += [f"{suit}#{name}"] * n
            self.turn["decree"] += n
            self.turn["birds"] += n if suit == "B" else 0
            return
        if src and src.endswith("$"):
            f = self.faction(src[:-1], taker)
            if f == ALLIANCE and name not in p.crafted[f]:  # the Alliance's board holds its supporters
                if p.supporters < n:
                    self.flag(INCOMPLETE, "8.2.3", f"spends {n} supporters; the log shows {p.supporters}")
                p.supporters = max(0, p.supporters - n)
                if taker == ALLIANCE:
                    self.pay("support", [suit] * n)
            elif name in p.crafted[f]:
                p.crafted[f].remove(name)
            else:
                self.flag(INCOMPLETE, "", f"{name or 'a card'} is not in {letter(f)}'s play area in the log")

    def _quest(self, f, suit):
        """Law 9.5.5: a completed quest goes to its Vagabond's play area (his own, also with two: 9.8.3)."""
        if f not in VAGABONDS:
            self.flag(VIOLATION, "9.5.5", "only a Vagabond completes quests")
        elif suit in SUIT_LETTER[:3]:
            self.p.quests[vb_row(f), SUIT_LETTER.index(suit)] += 1
        else:
            self.flag(INCOMPLETE, "9.5.5", f"a quest of suit {suit!r}: quests are fox, rabbit or mouse")

    def _activate(self, f, suit):
        if self.p.vp[f] < DOMINANCE_MIN_VP:
            self.flag(VIOLATION, "3.3.1", f"activates dominance with {self.p.vp[f]} VP; 10 are needed")
        if self.p.dominance[f]:
            self.flag(VIOLATION, "3.3.2", "a second dominance card cannot replace the first")
        self.p.dominance[f] = suit or "?"

    def _item_owner(self, board, taker) -> int:
        """The Vagabond whose board an item token means: the board it names (``G``, or '' for the current
        player's); with none named, the current player when he is a Vagabond (Rootlog's default), the only
        Vagabond seated, or the Vagabond the line named last (a battle, a board: ``items.named_vagabond``)."""
        if not self.vagabonds:
            raise ValueError("items with a state belong to a Vagabond, and none plays")
        if board is not None:
            v = self.faction(board, taker)
            if v not in VAGABONDS:
                raise ValueError(f"{letter(v)} has no Vagabond's board")
            return v
        if taker in VAGABONDS:
            return taker
        if len(self.vagabonds) == 1:
            return self.vagabonds[0]
        if self.turn["vagabond"] is None:
            raise ValueError("an item on no Vagabond's board named: two Vagabonds play and this line names neither")
        return self.turn["vagabond"]

    def _take_from_ruin(self, v: int, c: int, i: int) -> None:
        """Law 9.5.3: an item taken from the ruin where his pawn is; the ruin is removed when empty (Rootlog).
        Law 9.8.1: with two Vagabonds, not an "R" item matching one on his board."""
        p, row = self.p, vb_row(v)
        if not p.ruins[c] or p.ruin_items[c] <= 0:
            self.flag(INCOMPLETE, "9.5.3", f"no ruin left in clearing {c + 1} in the log")
        elif p.pawn[row] != c:
            self.flag(VIOLATION, "9.5.3", f"takes an item from the ruin in {c + 1}; the "
                      f"{FACTION_TITLE[FACTION_NAMES[v]]}'s pawn is not there")
        if len(self.vagabonds) > 1 and p.r_held[row, i] > 0:
            self.flag(VIOLATION, "9.8.1", f"takes a {ITEM_NAMES[i]} from a ruin, matching an \"R\" item on his board")
        p.ruin_items[c] = max(0, p.ruin_items[c] - 1)
        if p.ruin_items[c] == 0:
            p.ruins[c] = 0
        p.r_held[row, i] += 1

    def move_items(self, thing, n, src, dst, taker):
        p = self.p
        it = thing[1]
        if self._hoard_move(thing, n, src, dst, taker):
            return
        items = range(NITEM) if it == "_" else [LETTER_ITEM[it]] if it in LETTER_ITEM else None
        if items is None:
            raise ValueError(f"unknown item {thing}")
        to_board = dst is not None and dst.endswith("$") and "_" not in dst
        src_board = src[:-1] if src is not None and src.endswith("$") and "_" not in src else None
        from_other = bool(src_board) and self.faction(src_board, taker) not in VAGABONDS
        if to_board or src is not None and (src.isdigit() or from_other):
            row = vb_row(self._item_owner(dst[:-1] if to_board else None, taker))
            for i in items:
                if src is not None and src.isdigit():
                    for _ in range(n):
                        self._take_from_ruin(VAGABONDS[row], place_of_name(src, self.map), i)  # (no clearing 13: ValueError)
                elif from_other:
                    g = self.faction(src_board, taker)
                    if p.crafted_items[g, i] < n:
                        self.flag(INCOMPLETE, "9.5.6", f"{letter(g)} has no {thing} crafted in the log")
                    p.crafted_items[g, i] = max(0, p.crafted_items[g, i] - n)
                if to_board:
                    p.vb_items[row, i, 0] += n
            return
        v = self._item_owner(src_board, taker)
        row, board = vb_row(v), p.vb_items[vb_row(v)]
        if (dst or "") not in ITEM_DESTINATION:
            raise ValueError(f"an item cannot go to {dst}")
        origin = ITEM_ORIGIN[""] if src_board is not None else ITEM_ORIGIN.get(src or "", ITEM_ORIGIN[""])
        order, change = ITEM_DESTINATION[dst or ""]
        states = [s for s in order if s in origin]
        for i in items:
            if dst in ("s", "t") and not any(board[i, s] for s in states) and not self._reread(v, i, states):
                continue  # between undamaged areas (satchel, track): no change the position records
            k = n if it != "_" else int(board[i, states].sum())
            for _ in range(k):
                s = next((s for s in states if board[i, s] > 0), None)
                if s is None and it != "_" and self._reread(v, i, states):
                    s = next(s for s in states if board[i, s] > 0)
                if s is None:
                    if it != "_":
                        self.flag(INCOMPLETE, "9.2.5", f"the log shows no such {thing} on the "
                                  f"{FACTION_TITLE[FACTION_NAMES[v]]}'s board")
                    break
                if it != "_":
                    self._note_other_faces(v, i, s, [t for t in states if t != s and board[i, t] > 0], change)
                board[i, s] -= 1
                if change is not None:
                    board[i, change(s)] += 1
            # an "R" item stays his while he has a copy of its kind (the engine's reading of 9.8.1)
            p.r_held[row, i] = min(p.r_held[row, i], board[i].sum())

    def _note_other_faces(self, v: int, i: int, s: int, others: list, change) -> None:
        """A token that left the copy open (a board named, ``%sG$->d``: either face) moved one in state s, the
        first in its order, where copies in ``others`` would do too.  Keep, for each, the change that turns this
        reading into that one, for a later token that needs it (``_reread``)."""
        swaps = []
        for t in others:
            d = np.zeros(4, np.int64)
            d[s] += 1
            d[t] -= 1
            if change is not None:
                d[change(s)] -= 1
                d[change(t)] += 1
            swaps.append(d)
        if swaps:
            self.open_reads.setdefault((v, i), []).append(swaps)

    def _reread(self, v: int, i: int, states: list) -> bool:
        """A token needs a copy of item i in one of ``states`` that the position lacks: if an earlier token that
        left the copy open, read the other way, gives one, read it so (the log never said which) and say True."""
        board = self.p.vb_items[vb_row(v), i]
        reads = self.open_reads.get((v, i), [])
        for k, swaps in enumerate(reads):
            for d in swaps:
                new = board + d
                if (new >= 0).all() and any(new[t] > 0 for t in states):
                    board[:] = new
                    del reads[k]
                    return True
        return False

    def move_pieces(self, thing, n, src, dst, taker):
        f = self.faction(thing[0] if thing[0].isupper() else "", taker)
        code = thing[1:] if thing[0].isupper() else thing
        p = self.p
        if code == "p":
            if f not in VAGABONDS:
                raise ValueError(f"{letter(f)} has no pawn")
            self._pawn(f, place_of_name(dst, self.map))
            return
        if code == WARLORD_CODE and f == HUNDREDS:
            self._warlord(n, src, dst, taker)
            return
        if self.keepers_piece(f, code, n, src, dst, taker):
            return  # relics and waystations (Law 15.2.1, 15.2.2)
        if self.duchy_burrow(f, code, n, src, dst, taker):
            return  # the Duchy's Burrow (Law 12.2.2)
        kind = "w" if code == "w" else PIECE_TYPES.get((f, code))
        if f == CORVIDS and code == FACE_DOWN_PLOT:
            kind = FACE_DOWN
        if kind is None and f == ALLIANCE and code == "b":
            kind = ("b", None)  # a base of the clearing's suit
        if kind is None:
            raise ValueError(f"{letter(f)} has no piece {code}")
        c_src = self._place(src, f)
        c_dst = self._place(dst, f)
        if c_src == "board" or c_dst == "board":
            # A faction board is off the map: the Alliance's Officers box (Law 8.5.3), the Cult's Acolytes
            # box (10.2.3, 10.4.3, 10.5.4), or another board.
            own_board = self.faction((dst if c_dst == "board" else src)[:-1], taker) == f
            if f == ALLIANCE and code == "w" and own_board:
                p.officers += n if c_dst == "board" else -n
                if p.officers < 0:
                    self.flag(INCOMPLETE, "8.2.4", "removes more officers than the log shows")
                    p.officers = 0
            elif code == "w" and self.faction((dst if c_dst == "board" else src)[:-1], taker) == RIVERFOLK:
                self._riverfolk_board(f, n if c_dst == "board" else -n, c_src, taker)
            elif f == LIZARDS and code == "w" and own_board:
                if c_dst == "board" and c_src is None:
                    self._check_pool(f, "w", n)
                p.acolytes += n if c_dst == "board" else -n
                if p.acolytes < 0:
                    self.flag(INCOMPLETE, "10.4.3", "spends more acolytes than the log shows")
                    p.acolytes = 0
            if c_src not in (None, "board"):
                self._remove(f, kind, c_src, n)
            if c_dst not in (None, "board"):
                self._put(f, kind, c_dst, n, taker, placed=True)
            return
        if c_src is not None and c_dst is not None and kind == "w" and f == KEEPERS:
            self.keepers_warriors_moved(n, c_src, c_dst)  # Law 15.2.4: relics carried along
        if c_src is not None and c_dst is not None and kind == "w" and not self._with_warlord(f, c_src, c_dst):
            self._check_move(f, c_src, c_dst, taker)  # Law 4.2.1: rule before the move
            if self._snared(f, c_src) and not (f == MARQUISE and c_dst == self._keep() and not self.adj[c_src, c_dst]):
                self.flag(VIOLATION, "13.7.2", f"moves out of clearing {c_src + 1}, where a snare is face up")
        if c_src is not None:
            self._remove(f, kind, c_src, n, taker if c_dst is None else -1)
        if c_dst is not None:
            self._put(f, kind, c_dst, n, taker, placed=c_src is None)

    def _riverfolk_board(self, f, n, c_src, taker):
        """n of f's warriors onto the Riverfolk's board (its Funds and Payments), or -n back to f's supply: a
        service's price (Law 11.2.6.I), the Riverfolk's own for the Vagabond's items (11.2.6.III), starting
        payments, Protectionism or Export; funds spent (11.5) or removed by Trade Disruption (11.2.5.I)."""
        p = self.p
        if n > 0:
            if c_src is None:
                self._check_pool(f, "w", n)
            if taker != RIVERFOLK:
                self.turn["buyer"] = taker  # a service bought: Rootlog does not say which
                prices = [x for x in p.prices if x]
                if f == taker and taker not in VAGABONDS and prices and n not in prices:
                    self.flag(VIOLATION, "11.2.6.I", f"pays {n} warriors for a service; the prices are "
                              + ", ".join(map(str, p.prices)))
        p.rf_board[f] += n
        if p.rf_board[f] < 0:
            self.flag(INCOMPLETE, "11.2.4", f"takes more {FACTION_TITLE[FACTION_NAMES[f]]} warriors from the "
                      "Riverfolk's board than the log shows")
            p.rf_board[f] = 0

    def _place(self, loc, f):
        if loc is None:
            return None
        if loc.endswith("$"):
            return "board"
        c = place_of_name(loc, self.map)
        if c >= NC:
            raise ValueError(f"{loc} is a forest; only the Vagabond's pawn goes there")
        return c

    def _array(self, f, kind):
        p = self.p
        if kind == "w":
            return p.warriors[f], WARRIOR_TOTAL[f]
        if kind == FACE_DOWN:
            return p.plots_down, int(CV_PLOTS_PER_TYPE.sum())
        k, t = kind
        return (p.buildings[t], BT_TOTAL[t]) if k == "b" else (p.tokens[t], TT_TOTAL[t])

    def _base_type(self, c):
        return 4 + SUIT_LETTER.index(self.suits[c])  # BT_BASE + suit

    def _remove(self, f, kind, c, n, taker=-1) -> None:
        if kind == ("b", None):
            kind = ("b", self._base_type(c))
        arr, _ = self._array(f, kind)
        plot = kind == FACE_DOWN or (kind != "w" and kind[0] == "t" and TT_PLOT <= kind[1] < TT_PLOT + NPLOT)
        if plot and arr[c] < n:
            # a typed plot removed where the log has it face down (its type shown by the removal: a right
            # guess, a raid), or a face-down plot written where it is face up
            other = self.p.plots_down if kind != FACE_DOWN else self.p.tokens[TT_PLOT:TT_PLOT + NPLOT].sum(axis=0)
            if arr[c] + other[c] >= n:
                if kind == FACE_DOWN:
                    t = next(t for t in range(NPLOT) if self.p.tokens[TT_PLOT + t, c])
                    arr, kind = self.p.tokens[TT_PLOT + t], ("t", TT_PLOT + t)
                else:
                    arr = self.p.plots_down
        if kind == "w" and f == HUNDREDS and self.p.warlord == c and arr[c] - 1 < n:
            # Law 14.2.2: the warlord is written ``w_w``; a plain warrior token never stands for it
            self.flag(INCOMPLETE, "14.2.2", f"removes {n} Hundreds warriors from clearing {c + 1}, where the log has "
                      f"{arr[c] - 1} besides the warlord")
            arr[c] = 1
            return
        if arr[c] < n:
            self.flag(INCOMPLETE, "", f"removes {n} {self._name(f, kind)} from clearing {c + 1}, where the log has "
                      f"{arr[c]}")
            arr[c] = 0
            return
        arr[c] -= n
        if plot:
            self._plot_removed(c, kind[1] - TT_PLOT if kind != FACE_DOWN else -1)
        if kind != "w" and kind[0] == "b" and BT_OWNER[kind[1]] == DUCHY:
            self.duchy_building_removed(n)  # Law 12.2.3
        if kind == ("t", TT_TUNNEL) and f == taker:
            self.duchy_tunnel_removed(taker, n)
        if kind == ("t", 0) and f == MARQUISE == taker:
            self.pay("wood", n)
        if kind != "w" and kind[0] == "t" and TT_TRADEPOST <= kind[1] < TT_TRADEPOST + 3:
            # Law 11.2.5.I Trade Disruption: the post goes to the box; half the funds, rounded up, are removed
            # (several posts: each takes half of what is left)
            self.p.posts_gone[kind[1] - TT_TRADEPOST] += n
            for _ in range(n):
                left = self.turn["disrupt"] if self.turn["disrupt"] is not None else self.p.funds
                self.turn["disrupt"] = left // 2

    def _name(self, f, kind):
        if kind == "w":
            return f"{FACTION_TITLE[FACTION_NAMES[f]]} warrior(s)"
        if kind == FACE_DOWN:
            return "face-down plot(s)"
        k, t = kind
        return (BT_NAMES if k == "b" else TT_NAMES)[t]

    def _check_move(self, f, a, b, taker):
        if not self._implemented(f):
            return  # their own movement rules (Nimble) are not implemented
        # Law 11.2.2 Swimmers: a river is a path for the Riverfolk, whoever rules; 11.2.7.II Riverboats: for a
        # player who paid the Riverfolk on this line (Rootlog does not say which service)
        river = self.river_adj[a, b] and (f == RIVERFOLK or f == self.turn.get("buyer"))
        # Law C.2.5: in the mover's own turn (an Ally's warriors: going along with the Vagabond's crossing)
        ferry = self._ferry(f, a, b, river) if f == taker or self.turn.get("ferry_cross") == (a, b) else False
        if f == MARQUISE and b == self._keep() and not self.adj[a, b] and not ferry:
            return  # Law 6.2.3 Field Hospitals: written as a move to the keep
        if river and f == RIVERFOLK:
            return
        if not self.adj[a, b] and not river and not ferry:
            self.flag(VIOLATION, "4.2", f"moves from {a + 1} to {b + 1}, which are not adjacent"
                      + (" (a river is a path only for the Riverfolk and a buyer of Riverboats, Law 11.2.7.II)"
                         if self.river_adj[a, b] else ""))
        elif f == taker and f not in (*VAGABONDS, CORVIDS) and not (self.rules(f, a) or self.rules(f, b)):
            # (Law 13.2.3 Nimble: the Corvids move whoever rules)
            self.flag(VIOLATION, "4.2.1", f"moves from {a + 1} to {b + 1} ruling neither")

    def _ferry(self, f, a, b, river) -> bool:
        """Law C.2.5 on the Lake map: a move from the Ferry's clearing to another coastal clearing, once per turn, goes
        with the Ferry (it lands in b) where no path leads there, and so do an Ally's warriors going along with the
        Vagabond's crossing. Where the lake as a river leads there too (Swimmers, Riverboats) the mover's card drawn
        with the move says it took the Ferry (the export writes the draw before the warriors' move; a Vagabond's
        draw may follow his pawn's move)."""
        if self.turn.get("ferry_cross") == (a, b):
            return True  # pieces going along with this turn's crossing
        if a not in self.ferry or not self.lake[a, b] or self.turn.get("ferry_used"):
            return False
        if not river:
            self._cross(a, b)
            return True
        drew = re.match(r"^[BFMR]?#[a-z@]*->([A-Z])$", self.previous or "")
        if drew and drew.group(1) in LETTER_FACTION and FACTION_NAMES.index(LETTER_FACTION[drew.group(1)]) == f:
            # the mover's draw right before may be the crossing's, or a draw of its own (the Riverfolk's Daylight
            # Draw, 11.5.4): the Ferry stays where it was or lands in b, until a later crossing says which
            self.ferry = self.ferry | {b}
        elif f in VAGABONDS:
            # only a Vagabond's draw may follow his crossing; after warriors moving along the lake, a draw of the
            # mover's is another (the Riverfolk's Evening draw right after their last Swimmers move)
            self.lake_pending = (f, a, b, self.act)
        return False

    def _cross(self, a, b):
        self.ferry = {b}
        self.turn["ferry_used"] = True
        self.turn["ferry_cross"] = (a, b)
        self.lake_pending = None

    def do_clearpath(self, act, taker):
        """Law C.3.3 (the Mountain map): a closed path removed (``2_5->``), once per turn, by a player with pieces at
        either end; the card spent and the VP are written as any discard and VP."""
        a, b = int(act.m["a"]) - 1, int(act.m["b"]) - 1
        if not (0 <= a < NC and 0 <= b < NC) or not self.closed[a, b] or self.adj[a, b]:
            self.flag(VIOLATION, "C.3.2", f"no closed path between {a + 1} and {b + 1} to remove")
            return
        if self.turn.get("cleared"):
            self.flag(VIOLATION, "C.3.3", "a second closed path removed this turn")
        if not (self._has_pieces(taker, a) or self._has_pieces(taker, b)):
            self.flag(VIOLATION, "C.3.3", f"removes the closed path {a + 1}-{b + 1} with no piece at either end")
        self.adj[a, b] = self.adj[b, a] = 1
        self.turn["cleared"] = True

    def _keep(self):
        cs = np.nonzero(self.p.tokens[1])[0]
        return int(cs[0]) if len(cs) else -1

    def _put(self, f, kind, c, n, taker, placed):
        p = self.p
        if kind == ("b", None):
            kind = ("b", self._base_type(c))
        if placed:
            self._check_pool(f, kind, n)
        arr, _ = self._array(f, kind)
        keep = self._keep()
        if placed and c == keep and f != MARQUISE:
            self.flag(VIOLATION, "6.2.2", f"places a piece in the keep's clearing {c + 1}")
        if placed and self._snared(f, c):
            self.flag(VIOLATION, "13.7.2", f"places a piece in clearing {c + 1}, where a snare is face up")
        if kind == FACE_DOWN or (kind != "w" and kind[0] == "t" and TT_PLOT <= kind[1] < TT_PLOT + NPLOT):
            self._plot_placed(c, taker)
            arr[c] += n
            return
        if placed and kind == "w" and f == CORVIDS == taker and not self.turn["setup"]:
            self._check_corvid_recruit()
        if placed and kind == "w" and f == RIVERFOLK:
            self._check_riverfolk_warrior(c)
        elif placed and kind == "w" and not (self.turn["setup"] and f == taker):
            self._check_recruit(f, c)
        if placed and kind != "w" and kind[0] == "t" and TT_TRADEPOST <= kind[1] < TT_TRADEPOST + 3:
            self._check_trade_post(kind[1] - TT_TRADEPOST, c)
        if kind != "w" and kind[0] == "b":
            used = p.buildings[:, c].sum() + p.ruins[c]
            if used + n > self.slots[c]:
                self.flag(VIOLATION, "2.2.3", f"builds in clearing {c + 1} with no open slot")
            if not self.turn["setup"] and f == taker:
                self._check_build(f, kind[1], c)
        if kind == ("t", 2) and not self.turn["setup"]:
            self._check_sympathy(c)
        if placed and kind == ("t", TT_MOB):
            self._check_mob(c)
        if placed and kind == ("t", TT_TUNNEL):
            self.duchy_tunnel_placed(c, taker)
        arr[c] += n

    # Where each faction's warriors come onto the map from its supply, by building type (Law 6.5.3 at
    # recruiters, 7.5.2.I and 7.4.3 at roosts, 8.6.1.III and 8.4.1.III at bases).
    # Law 14.4.2: the Hundreds' at strongholds and where the warlord is (Bitter 14.7.1 and Lavish 14.7.4 there too).
    # Law 15.4.3: the Keepers' at waystations (Decamp and Encamp's fallback place one otherwise: keepers_import).
    RECRUIT_AT = {MARQUISE: ((2,), "6.5.3", "recruiter"), EYRIE: ((3,), "7.5.2.I", "roost"),
                  ALLIANCE: ((4, 5, 6), "8.6.1.III", "base"), HUNDREDS: ((BT_STRONGHOLD,), "14.4.2", "stronghold"),
                  KEEPERS: (tuple(range(BT_WAYSTATION, BT_WAYSTATION + KP_WAYSTATIONS)), "15.4.3", "waystation")}

    def _check_recruit(self, f, c):
        if f == DUCHY:
            self.duchy_warriors_placed(c)
            return
        if f not in self.RECRUIT_AT:
            return
        types, law, what = self.RECRUIT_AT[f]
        if any(self.p.buildings[t, c] for t in types):
            return
        if f == MARQUISE and c == self._keep():
            return  # Law 6.2.3 Field Hospitals written as a placement at the keep
        if f == HUNDREDS and self.p.warlord == c:
            return  # Law 14.4.2 (Prowess), 14.7.1, 14.7.4: warriors placed where the warlord is
        if f == KEEPERS and self.keepers_recruit_exempt(c):
            return
        self.flag(VIOLATION, law, f"places {FACTION_TITLE[FACTION_NAMES[f]]} warriors in {c + 1}, which has no {what}")

    def _check_corvid_recruit(self):
        """Law 13.4.3: a recruit places a warrior in each clearing of one suit (not a raid's warriors, 13.7.4)."""
        cs = [int(a.m["dst"]) - 1 for a in self.group if a.kind == "move" and a.m["thing"] == "w"
              and not a.m["src"] and (a.m["dst"] or "").isdigit() and 1 <= int(a.m["dst"]) <= NC]
        near_raid = any(self.adj[c, r] for c in cs for r in self.turn["raids"])
        if len({self.suits[c] for c in cs}) > 1 and not near_raid and self.act is self.group[0]:
            self.flag(VIOLATION, "13.4.3", "the Corvids recruit in clearings " + ", ".join(str(c + 1) for c in cs)
                      + ": one warrior in each clearing of one suit")

    def _check_riverfolk_warrior(self, c):
        """Riverfolk warriors come from the supply into a clearing with a river (setup 11.3.2, recruit 11.5.5),
        or as the garrison of a trade post placed there by the same action (11.5.6.III)."""
        if self.river_clearing[c]:
            return
        garrison = any(a.kind == "move" and a.m["thing"] in ("t_f", "t_r", "t_m") and not a.m["src"]
                       and a.m["dst"] == str(c + 1) for a in self.group)
        if not garrison and self.previous not in (f"t_{x}->{c + 1}" for x in "frm"):
            law = "11.3.2" if self.turn["setup"] else "11.5.5"
            self.flag(VIOLATION, law, f"places Riverfolk warriors in {c + 1}, which has no river and gets no "
                      "trade post")

    def _check_trade_post(self, suit, c):
        """Law 11.5.6: a clearing without a trade post, ruled by a player; the post matches its suit."""
        p = self.p
        if self.suits[c] != SUIT_LETTER[suit]:
            self.flag(VIOLATION, "11.5.6.III", f"a {SUIT_NAMES[suit]} trade post in clearing {c + 1}, a "
                      f"{SUIT_NAMES[SUIT_LETTER.index(self.suits[c])]} clearing")
        if p.tokens[TT_TRADEPOST:TT_TRADEPOST + 3, c].any():
            self.flag(VIOLATION, "11.5.6.I", f"a second trade post in clearing {c + 1}")
        elif not any(self.rules(g, c) for g in self.factions):
            self.flag(VIOLATION, "11.5.6.I", f"a trade post in clearing {c + 1}, which nobody rules")

    def _check_pool(self, f, kind, n):
        """Law 2.5: no more pieces than the game has (officers and acolytes are warriors in play)."""
        p = self.p
        arr, total = self._array(f, kind)
        if kind == FACE_DOWN or (kind != "w" and kind[0] == "t" and TT_PLOT <= kind[1] < TT_PLOT + NPLOT):
            plots = int(p.plots_down.sum() + p.tokens[TT_PLOT:TT_PLOT + NPLOT].sum())
            if plots + n > CV_PLOTS_PER_TYPE.sum():
                self.flag(VIOLATION, "2.5", f"{plots + n} plots on the map; the Corvids have "
                          f"{int(CV_PLOTS_PER_TYPE.sum())}")
            if kind == FACE_DOWN:
                return
        if kind == "w":
            on_map = p.warriors[f].sum() + (p.officers if f == ALLIANCE else 0) + (p.acolytes if f == LIZARDS else 0)
            on_map -= 1 if f == HUNDREDS and p.warlord >= 0 else 0  # Law 14.3.1: the warlord is no supply warrior
            on_map += p.rf_board[f]  # warriors on the Riverfolk's board (11.2.4)
            on_map += p.burrow if f == DUCHY else 0  # the Burrow is off the map (Law 12.2.2)
        else:
            on_map = arr.sum()
            if kind[0] == "t" and TT_TRADEPOST <= kind[1] < TT_TRADEPOST + 3:
                on_map += p.posts_gone[kind[1] - TT_TRADEPOST]  # Law 11.2.5.I: a removed post goes to the box
        if on_map + n > total:
            self.flag(VIOLATION, "2.5", f"{on_map + n} {self._name(f, kind)} in play; the game has {total}")

    def _check_build(self, f, t, c):
        p = self.p
        if f == MARQUISE:
            if not self.rules(f, c):
                self.flag(VIOLATION, "6.5.4.II", f"builds a {BT_NAMES[t]} in {c + 1} without ruling it")
            # Law 6.5.4.I: the cost of the leftmost building left on its track (one per building on the map); with
            # none left on the track there is no cost to check (Law 2.5 is flagged by _check_pool)
            built = int(p.buildings[t].sum())
            if built < len(MQ_BUILD_COST):
                self.turn["due"].append(("build", BT_NAMES[t], c, int(MQ_BUILD_COST[built])))
        elif f == EYRIE:
            if p.buildings[t, c]:
                self.flag(VIOLATION, "7.5.2.IV", f"a second roost in clearing {c + 1}")
            elif p.buildings[t].sum() and not self.rules(f, c):
                self.flag(VIOLATION, "7.5.2.IV", f"builds a roost in {c + 1} without ruling it")
        elif f == LIZARDS:
            # Law 10.5.1, 10.4.3.III: a garden matches its clearing's suit
            if self.suits[c] != SUIT_LETTER[t - BT_GARDEN]:
                self.flag(VIOLATION, "10.5.1", f"a {SUIT_NAMES[t - BT_GARDEN]} garden in clearing {c + 1}, a "
                          f"{SUIT_NAMES[SUIT_LETTER.index(self.suits[c])]} clearing")
        elif f == HUNDREDS:
            if not self.rules(f, c):  # Law 14.5.2.III
                self.flag(VIOLATION, "14.5.2.III", f"builds a stronghold in {c + 1} without ruling it")
        elif f == DUCHY:
            self.duchy_build(t, c)  # Law 12.5.1.I, 12.5.2.I
        elif f == ALLIANCE:
            if not p.tokens[2, c]:
                self.flag(VIOLATION, "8.4.1.I", f"a base in clearing {c + 1}, which has no sympathy")
            self.turn["due"].append(("revolts", "8.4.1.II", c, 2))

    def _check_sympathy(self, c):
        p = self.p
        if p.tokens[2, c]:
            self.flag(VIOLATION, "8.2.5.I", f"a second sympathy token in clearing {c + 1}")
            return
        if self.previous == f"w{c + 1}->":
            return  # Law 8.6.1.IV Organize: a warrior there becomes the token, no adjacency nor cost
        sym = np.nonzero(p.tokens[2])[0]
        if len(sym) and not any(self.adj[c, s] for s in sym):
            self.flag(VIOLATION, "8.4.2.I", f"spreads sympathy to {c + 1}, not adjacent to a sympathetic clearing")
        # Law 8.4.2.II: the cost above the token; a.: one more under martial law.
        martial = any(p.warriors[g, c] >= 3 for g in self.factions if g != ALLIANCE)
        # (an eleventh token, flagged by Law 2.5, costs what the last space does)
        cost = int(AL_SYMPATHY_COST[min(len(sym), len(AL_SYMPATHY_COST) - 1)])
        self.turn["due"].append(("spreads sympathy", "8.4.2.II", c, cost + martial))

    def _pawn(self, v, to):
        p = self.p
        a = int(p.pawn[vb_row(v)])
        if 0 <= a < NC and a != to and self._snared(v, a) and not self.turn["setup"]:
            self.flag(VIOLATION, "13.7.2", f"the pawn moves out of clearing {a + 1}, where a snare is face up")
        if a >= 0 and not self.turn["setup"]:
            ok = (a < NC and to < NC and self.adj[a, to]) or (a >= NC and to < NC and self.forests[a - NC, to]) \
                 or (a < NC and to >= NC and self.forests[to - NC, a]) or a == to
            if to >= NC and a >= NC:
                ok = True  # Law 9.4.2 Slip between forests is decided by the map's forest adjacency
            river = a < NC and to < NC and bool(self.river_adj[a, to]) and self.turn.get("buyer") == v
            if river:
                ok = True  # Law 11.2.7.II Riverboats (a service paid for on this line)
            if 0 <= a < NC and to < NC and self._ferry(v, a, to, river):
                ok = True  # Law C.2.5: the Vagabond crosses the lake with the Ferry
            if to < NC and p.character[vb_row(v)] == "harrier":
                ok = True  # Appendix D.9 Glide: to any clearing, ignoring adjacency and paths
            if not ok:
                self.flag(VIOLATION, "9.5.1", f"the pawn moves from {a + 1 if a < NC else 'a forest'} to "
                          f"{to + 1 if to < NC else 'a forest'}, not adjacent")
        p.pawn[vb_row(v)] = to


def from_rootlog(text: str, allow_unimplemented: bool = False) -> ImportedGame:
    """Read a Rootlog game, rebuild its positions and list its disagreements with the rules.  Raises
    ValueError for a map the engine does not have, a second Vagabond without the first (Law 9.8), or a faction it
    does not implement (unless ``allow_unimplemented``: then the pieces of a faction with a slot in the state are
    tracked and each of its turns is listed as an engine disagreement; every such faction is implemented today)."""
    log = read(text)
    _refuse_bots(log)  # before the titles: a bot's name reads like its faction's title
    _check_player_titles(log)
    _refuse_unsupported(log, allow_unimplemented)
    if not log.players:
        raise RootlogError("no player lines ('C: name') in this Rootlog text")
    imp = Importer(log)
    imp.out.suits = list(imp.suits)
    imp.out.map = MAP_NAMES[imp.map]
    if imp.suits != [SUIT_LETTER[s] for s in CLEARING_SUIT]:
        if imp.map == AUTUMN:
            imp.out.setup = "advanced"  # the suit markers placed otherwise than the printed suits (Appendix A.1)
        if sorted(imp.suits) != sorted(SUIT_LETTER[s] for s in CLEARING_SUIT):
            imp.line = Line(log.header_lines.get("Clearings", 0), "", "", [])
            imp.action = "Clearings: " + log.header["Clearings"]
            imp.flag(ENGINE, "", "the engine's clearings carry the twelve suit markers (four a suit, Appendix A.1); "
                                 "the log's suits are used for its checks")
    deck = log.header.get("Deck", "Standard")
    if deck != "Standard":
        imp.line = Line(log.header_lines.get("Deck", 0), "", "", [])
        imp.action = f"Deck: {deck}"
        imp.flag(ENGINE, "", f"the engine plays the Standard deck; cards of the {deck} deck are tracked by name only")
    return imp.run()

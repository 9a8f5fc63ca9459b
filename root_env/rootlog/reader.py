"""Read Rootlog V2 text into its header and turn lines, and each action into simple actions.

Composite forms are expanded the way the notation defines them: ``w->3+11`` is a warrior to each of
3 and 11; ``t1+t2->`` removes both tokens; ``(2%c+%h)V$->d`` applies ``->d`` to each grouped thing;
``(F+2M)#$->`` spends a fox and two mouse cards.  A simple action is then matched against the
patterns below and returned as an :class:`Act`; text that matches none is kept with kind ``"?"``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

HEADERS = ("Map", "Deck", "Clearings", "Pool", "Landmarks", "Hirelings", "Winner")

_LOC = r"(?:\d+(?:_\d+)+|\d+|[A-Z]?\$_[rmxb]|[A-Z]?\$|[A-Z]|[sdt][re]?|[re]|Q|\*)"
_THING = r"(?:[BFMR]?#[@a-z]*|%[a-z_]|[A-Z]?[wpbtr](?:_[a-z])?)"
MOVE = re.compile(rf"^(?P<n>\d*)(?P<thing>{_THING})(?P<src>{_LOC})?->(?P<dst>{_LOC})?$")
BATTLE = re.compile(r"^(?P<att>[A-Z])?X(?P<dfd>[A-Z])(?P<c>\d+)(?:(?P<amb>[BFMR])@(?:(?P<foil>[BFMR])@)?)?"
                    r"(?:\((?P<ra>\d),(?P<rd>\d)\))?$")
SCORE = re.compile(r"^(?P<f>[A-Z])?(?P<sign>\+\+|--)(?P<n>\d*)$")
MARKER = re.compile(r"^(?P<f>[A-Z])?\+\+->(?P<board>[A-Z])?\$$")
CRAFT = re.compile(r"^Z(?P<what>%[a-z]|[@a-z]+)$")
RELATION = re.compile(r"^(?P<v>[A-Z])?\$_(?P<f>[A-Z])->(?P<r>[012ah])$")
PURGE = re.compile(r"^\$_->$")
OUTCAST = re.compile(r"^\$_(?P<degree>o|ho)->(?P<suit>[BFMR])$")  # the Lizard Cult's outcast marker
FUNDS = re.compile(r"^\$_f->(?P<n>\d+)$")                             # the Riverfolk's funds
PRICE = re.compile(r"^\$_(?P<service>[hrm])?->(?P<price>\d+)$")       # a Riverfolk price (all three if none)
CHOOSE = re.compile(r"^#(?P<name>[a-z]+)->\$$")
# The Corvids (Rootlog V2, "Corvid Conspiracy"): a plot flipped or shown (``[P]t4^t_e``), a Trick (``t12<->t4``),
# an Exposure guess (``?Pt_e4``: the guessed type, then the clearing).
FLIP = re.compile(r"^(?P<f>[A-Z])?t(?P<c>\d+)\^(?P<t>t_[bsre])$")
TRICK = re.compile(r"^t(?P<a>\d+)<->t(?P<b>\d+)$")
EXPOSE = re.compile(r"^\?(?P<f>[A-Z])(?P<t>t_[bsre])(?P<c>\d+)$")
REVEAL = re.compile(r"^[^>]*\^[A-Z]?$")


@dataclass
class Act:
    """One simple action: ``kind`` is move, battle, score, marker, craft, relation, purge, outcast, funds,
    price, choose, flip, trick, expose, reveal or '?' (not understood); ``m`` holds the matched groups."""
    kind: str
    text: str
    m: dict = field(default_factory=dict)


@dataclass
class Line:
    number: int          # 1-based line number in the text
    taker: str           # faction letter
    text: str            # the line without its comment
    actions: list        # [(action text, [Act, ...])]


@dataclass
class Log:
    header: dict
    players: dict        # letter -> player name, in the order written
    lines: list          # [Line]
    header_lines: dict   # header name -> line number
    player_lines: dict = field(default_factory=dict)   # letter -> line number of its player line


def expand(action: str) -> list[str]:
    """The simple actions a composite action stands for."""
    if "+" not in action or "++" in action:
        return [action]
    g = re.match(r"^\((.+)\)(.+)$", action)
    if g:
        # (2%c+%h)V$->d, and (2R+B)#A$-> (grouped suits of cards)
        return [part + g.group(2) for part in g.group(1).split("+")]
    m = re.match(r"^(.*[^<])(->|\^)(.*)$", action)
    if not m:
        return action.split("+")
    lhs, delim, rhs = m.groups()
    return [f"{a}{delim}{b}" for a in lhs.split("+") for b in rhs.split("+")]


def classify(simple: str) -> Act:
    for kind, rx in (("purge", PURGE), ("outcast", OUTCAST), ("funds", FUNDS), ("price", PRICE), ("choose", CHOOSE),
                     ("marker", MARKER), ("score", SCORE), ("craft", CRAFT), ("battle", BATTLE), ("relation", RELATION),
                     ("flip", FLIP), ("trick", TRICK), ("expose", EXPOSE), ("move", MOVE)):
        m = rx.match(simple)
        if m:
            return Act(kind, simple, {k: v for k, v in m.groupdict().items()})
    if REVEAL.match(simple):
        return Act("reveal", simple)
    return Act("?", simple)


def read(text: str) -> Log:
    """Split Rootlog text into header values, player lines and turn lines (comments dropped)."""
    header: dict = {}
    header_lines: dict = {}
    players: dict = {}
    player_lines: dict = {}
    lines: list = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//")[0].strip()
        if not line:
            continue
        name, _, rest = line.partition(":")
        if name in HEADERS:
            header[name] = rest.strip()
            header_lines[name] = number
            continue
        if len(name) != 1 or not _:
            lines.append(Line(number, "", line, [(line, [Act("?", line)])]))
            continue
        if name not in players:
            players[name] = rest.strip()
            player_lines[name] = number
            continue
        acts = [(a, [classify(s) for s in expand(a.strip())]) for a in re.split(r"[/;]", rest) if a.strip()]
        lines.append(Line(number, name, line, acts))
    return Log(header, players, lines, header_lines, player_lines)

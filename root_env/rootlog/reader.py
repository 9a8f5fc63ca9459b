"""Read Rootlog V2 text into its header and turn lines, and each action into simple actions.

Composite forms are expanded the way the notation defines them: ``w->3+11`` is a warrior to each of
3 and 11; ``t1+t2->`` removes both tokens; ``(2%c+%h)V$->d`` applies ``->d`` to each grouped thing;
``(F+2M)#$->`` spends a fox and two mouse cards.  A simple action is then matched against the
patterns below and returned as an :class:`Act`; text that matches none is kept with kind ``"?"``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import RootError

HEADERS = ("Map", "Deck", "Clearings", "Pool", "Landmarks", "Hirelings", "Winner")

# Limits (docs/rootlog.md, "Limits"): what is read is bounded whatever the text holds.
MAX_TEXT_CHARS = 4 << 20   # a whole log (the longest exported game is far below this)
MAX_LINE_CHARS = 16 << 10  # one line
MAX_EXPANSION = 64         # simple actions one composite action stands for (w->1+2+...+12 is 11)
MAX_ACTIONS = 20_000       # actions (``/``-separated) in a log; each keeps its position (about 8 KB)
_NUM = "[0-9]{1,3}"        # clearing numbers, counts, prices: ASCII digits only (``w->٣`` is not clearing 3)


class RootlogError(RootError):
    """Rootlog text this importer refuses: too long, a composite action too large, a map or faction it does not
    have. The import stops; nothing else escapes it (every other problem is a disagreement)."""


def _rx(pattern: str) -> re.Pattern:
    return re.compile(pattern.replace("{N}", _NUM).replace("{{0,3}}", "{0,3}"), re.ASCII)


_LOC = r"(?:{N}(?:_{N})+|{N}|[A-Z]?\$_[rmxb123]|[A-Z]?\$|[A-Z]|[sdt][re]?|[re]|Q|\*)"
# (a piece's type after ``_``: ``b_s``; two for the Keepers' waystations ``b_f_t`` and face-up relics ``t_2_t``)
_THING = r"(?:[BFMR]?#[@a-z]*|%[a-z_]|[A-Z]?[wpbtr](?:_[a-z0-9])?(?:_[a-z])?)"
MOVE = _rx(rf"^(?P<n>[0-9]{{0,3}})(?P<thing>{_THING})(?P<src>{_LOC})?->(?P<dst>{_LOC})?$")
BATTLE = _rx(r"^(?P<att>[A-Z])?X(?P<dfd>[A-Z])(?P<c>{N})(?:(?P<amb>[BFMR])@(?:(?P<foil>[BFMR])@)?)?"
             r"(?:\((?P<ra>[0-9]),(?P<rd>[0-9])\))?$")
SCORE = _rx(r"^(?P<f>[A-Z])?(?P<sign>\+\+|--)(?P<n>[0-9]{{0,3}})$")
MARKER = _rx(r"^(?P<f>[A-Z])?\+\+->(?P<board>[A-Z])?\$$")
CRAFT = _rx(r"^Z(?P<what>%[a-z]|[@a-z]+)$")
RELATION = _rx(r"^(?P<v>[A-Z])?\$_(?P<f>[A-Z])->(?P<r>[012ah])$")
PURGE = _rx(r"^\$_->$")
OUTCAST = _rx(r"^\$_(?P<degree>o|ho)->(?P<suit>[BFMR])$")  # the Lizard Cult's outcast marker
FUNDS = _rx(r"^\$_f->(?P<n>{N})$")                             # the Riverfolk's funds
PRICE = _rx(r"^\$_(?P<service>[hrm])?->(?P<price>{N})$")       # a Riverfolk price (all three if none)
CHOOSE = _rx(r"^#(?P<name>[a-z]+)->\$$")
# The Corvids (Rootlog V2, "Corvid Conspiracy"): a plot flipped or shown (``[P]t4^t_e``), a Trick (``t12<->t4``),
# an Exposure guess (``?Pt_e4``: the guessed type, then the clearing).
FLIP = _rx(r"^(?P<f>[A-Z])?t(?P<c>{N})\^(?P<t>t_[bsre])$")
TRICK = _rx(r"^t(?P<a>{N})<->t(?P<b>{N})$")
EXPOSE = _rx(r"^\?(?P<f>[A-Z])(?P<t>t_[bsre])(?P<c>{N})$")
# The Keepers in Iron (Rootlog V2, "Keepers in Iron"): a delved relic flipped to show its value (``t10^t_2_t``).
RELIC_FLIP = _rx(r"^(?P<f>[A-Z])?t(?P<c>{N})\^t_(?P<v>[0-9])_(?P<t>[a-z])$")
REVEAL = _rx(r"^[^>]*\^[A-Z]?$")
CLEARPATH = _rx(r"^(?P<a>{N})_(?P<b>{N})->$")  # the Mountain map: a closed path removed (Law C.3.3)


@dataclass
class Act:
    """One simple action: ``kind`` is move, battle, score, marker, craft, relation, purge, outcast, funds,
    price, choose, flip, relic_flip, trick, expose, clearpath, reveal or '?' (not understood); ``m`` holds the matched groups."""
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
    """The simple actions a composite action stands for: at most ``MAX_EXPANSION`` of them (RootlogError
    otherwise, before any is built: ``w+w->1+1`` stands for four, so a product is counted first)."""
    if "+" not in action or "++" in action:
        return [action]
    g = re.match(r"^\((.+)\)(.+)$", action)
    if g:
        # (2%c+%h)V$->d, and (2R+B)#A$-> (grouped suits of cards)
        parts = g.group(1).split("+", MAX_EXPANSION)
        _check_expansion(action, len(parts))
        return [part + g.group(2) for part in parts]
    m = re.match(r"^(.*[^<])(->|\^)(.*)$", action)
    if not m:
        parts = action.split("+", MAX_EXPANSION)
        _check_expansion(action, len(parts))
        return parts
    lhs, delim, rhs = m.groups()
    left, right = lhs.split("+", MAX_EXPANSION), rhs.split("+", MAX_EXPANSION)
    _check_expansion(action, len(left) * len(right))
    return [f"{a}{delim}{b}" for a in left for b in right]


def _check_expansion(action: str, n: int) -> None:
    if n > MAX_EXPANSION:
        shown = action if len(action) <= 60 else action[:40] + f"... ({len(action)} characters)"
        raise RootlogError(f"the composite action {shown!r} stands for more than {MAX_EXPANSION} simple actions")


def classify(simple: str) -> Act:
    for kind, rx in (("purge", PURGE), ("outcast", OUTCAST), ("funds", FUNDS), ("price", PRICE), ("choose", CHOOSE),
                     ("marker", MARKER), ("score", SCORE), ("craft", CRAFT), ("battle", BATTLE), ("relation", RELATION),
                     ("flip", FLIP), ("relic_flip", RELIC_FLIP), ("trick", TRICK), ("expose", EXPOSE), ("clearpath", CLEARPATH), ("move", MOVE)):
        m = rx.match(simple)
        if m:
            return Act(kind, simple, {k: v for k, v in m.groupdict().items()})
    if REVEAL.match(simple):
        return Act("reveal", simple)
    return Act("?", simple)


def read(text: str) -> Log:
    """Split Rootlog text into header values, player lines and turn lines (comments dropped).  RootlogError for
    text that is not a string, longer than ``MAX_TEXT_CHARS``, a line longer than ``MAX_LINE_CHARS``, more than
    ``MAX_ACTIONS`` actions, or a composite action standing for more than ``MAX_EXPANSION`` simple ones."""
    if not isinstance(text, str):
        raise RootlogError(f"Rootlog text must be a str, got {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        raise RootlogError(f"the Rootlog text has {len(text)} characters; at most {MAX_TEXT_CHARS} are read")
    raws = text.splitlines()
    for number, raw in enumerate(raws, 1):
        if len(raw) > MAX_LINE_CHARS:
            raise RootlogError(f"line {number} has {len(raw)} characters; a line has at most {MAX_LINE_CHARS}")
    # actions counted before any is read (at most one per '/' or ';', and one per line)
    if len(raws) + text.count("/") + text.count(";") > MAX_ACTIONS:
        n = sum(len([a for a in re.split(r"[/;]", raw.split("//")[0]) if a.strip()]) for raw in raws)
        if n > MAX_ACTIONS:
            raise RootlogError(f"the Rootlog text has {n} actions; at most {MAX_ACTIONS} are read")
    header: dict = {}
    header_lines: dict = {}
    players: dict = {}
    player_lines: dict = {}
    lines: list = []
    for number, raw in enumerate(raws, 1):
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
        try:
            acts = [(a, [classify(s) for s in expand(a)]) for a in (x.strip() for x in re.split(r"[/;]", rest)) if a]
        except RootlogError as e:
            raise RootlogError(f"line {number}: {e}") from None
        lines.append(Line(number, name, line, acts))
    return Log(header, players, lines, header_lines, player_lines)

"""Export a recorded game in the community Rootlog notation (V2, as read by community tools such as
the RootVis viewer), for the moves it can express.

Rootlog records piece movements rather than action names: one line per turn (``C: ...``), actions
separated by ``/``. What is written here:

- warriors moved (``2w3->5``), placed (``w->3+11``) and removed (``Ew4->``); buildings and tokens
  (``b_s->1``, ``At5->``); the Vagabond's pawn (``p->12``, a forest as ``1_2_5_10``);
- battles (``XE4``), crafting (``Z%s``, ``Zarmorers``), cards drawn (``2#->C``), discarded (``F#C->``),
  given (``#V->C``), added to the Decree (``R#E->$_m``) or the supporters (``#A->$``, ``#C->A$``, ``#->A$`` from the deck; spent: ``F#sappersA$->``);
- VP scored and lost (``++3``, ``E--2``); Vagabond items gained, exhausted, refreshed, damaged, repaired
  and removed (``%s->$``, ``%s->e``, ``%se->r``, ``%s->d``, ``%sd->s``, ``%s->``); relationships
  (``$_C->a``); the winners.

Not expressed (the notation has no form for them, or leaves them implicit): dice values, which
ambush card was played, Field Hospitals as a move, the Eyrie leader and turmoil beyond their cards
and VP, quests taken (only their items and reward).

    >>> from root_env.rootlog import to_rootlog
    >>> print(to_rootlog(game))          # a Game made by Game.new, or a record dict
"""
from __future__ import annotations

import numpy as np

from . import codes as K
from .data import (NC, NF, NBT, NTT, NCARD, NITEM, CARD_NAMES, CARD_SUIT, CARD_KIND, K_ITEM, CARD_ITEM, FACTION_NAMES,
                   FOREST_CLEARINGS, BT_NAMES, TT_NAMES, BT_OWNER, TT_OWNER)
from .layout import (WARRIORS, BUILDINGS, TOKENS, VP, CARD_LOC, TURN, ACTIVE, GAME_OVER, WINNERS, TRUNCATED, REG,
                     R_B_CLEARING, DECISION, LOC_DECK, LOC_DISCARD, LOC_HAND, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE,
                     LOC_SUPPORTERS, LOC_AVAILABLE, VB_PAWN, VB_ITEMS, VB_REL, SEAT_FACTION, NSEATS)

FACTION_LETTER = {"marquise": "C", "eyrie": "E", "alliance": "A", "vagabond": "V", "vagabond2": "G",
                  "lizards": "L", "riverfolk": "O", "corvids": "P"}
SUIT_LETTER = "FRMB"  # fox, rabbit, mouse, bird
ITEM_LETTER = {"boot": "f", "sword": "s", "bag": "b", "hammer": "h", "tea": "t", "coins": "c", "crossbow": "x",
               "torch": "r"}
PIECE_CODE = {"sawmill": "b_s", "workshop": "b_w", "recruiter": "b_r", "roost": "b", "base_fox": "b_f",
              "base_rabbit": "b_r", "base_mouse": "b_m", "garden_fox": "b_f", "garden_rabbit": "b_r",
              "garden_mouse": "b_m", "wood": "t", "keep": "t_k", "sympathy": "t", "tradepost_fox": "t_f",
              "tradepost_rabbit": "t_r", "tradepost_mouse": "t_m"}
DECREE_LETTER = "rmxb"
RELATIONSHIP_LETTER = "012ah"  # indifferent, two steps, allied, hostile
ITEM_NAMES_ORDER = ("boot", "sword", "bag", "hammer", "tea", "coins", "crossbow", "torch")


def _f(f: int, current: int) -> str:
    """A faction's letter, omitted for the current player (Rootlog's default)."""
    return "" if f == current else FACTION_LETTER[FACTION_NAMES[f]]


def _n(k: int) -> str:
    return "" if k == 1 else str(k)


def place_name(p: int) -> str:
    """A clearing number, or a forest as its clearings joined by '_' (Rootlog's forest form)."""
    if p < NC:
        return str(p + 1)
    return "_".join(str(c + 1) for c in range(NC) if FOREST_CLEARINGS[p - NC, c])


def _card(c: int) -> str:
    return SUIT_LETTER[CARD_SUIT[c]] + "#" + CARD_NAMES[c].lower().replace(" ", "").replace("!", "").replace("'", "")


def _who(loc: int):
    for base in (LOC_HAND, LOC_CRAFTED, LOC_ACTIVE_DOM):
        if base <= loc < base + NF:
            return loc - base
    return None


def action_tokens(before: np.ndarray, after: np.ndarray, action: int, current: int) -> list[str]:
    """Rootlog actions for one applied decision (state before and after)."""
    out: list[str] = []
    d = int(before[DECISION]) if action >= 0 else -1
    if d == K.D_BATTLE_DEFENDER:
        out.append(f"X{FACTION_LETTER[FACTION_NAMES[action - K.A_FACTION]]}{int(before[REG + R_B_CLEARING]) + 1}")
    # warriors
    for f in range(NF):
        dw = (after[WARRIORS + f * NC:WARRIORS + (f + 1) * NC] - before[WARRIORS + f * NC:WARRIORS + (f + 1) * NC])
        if not dw.any():
            continue
        loss = [(c, -int(dw[c])) for c in range(NC) if dw[c] < 0]
        gain = [(c, int(dw[c])) for c in range(NC) if dw[c] > 0]
        fl = _f(f, current)
        if len(loss) == 1 and len(gain) == 1 and loss[0][1] == gain[0][1]:
            out.append(f"{_n(gain[0][1])}{fl}w{loss[0][0] + 1}->{gain[0][0] + 1}")
            continue
        for k in sorted({n for _, n in gain}):
            out.append(f"{_n(k)}{fl}w->" + "+".join(str(c + 1) for c, n in gain if n == k))
        for c, n in loss:
            out.append(f"{_n(n)}{fl}w{c + 1}->")
    # buildings and tokens
    for base, count, names, owners in ((BUILDINGS, NBT, BT_NAMES, BT_OWNER), (TOKENS, NTT, TT_NAMES, TT_OWNER)):
        for t in range(count):
            code = _f(int(owners[t]), current) + PIECE_CODE.get(names[t], "b" if base == BUILDINGS else "t")
            for c in range(NC):
                k = int(after[base + t * NC + c] - before[base + t * NC + c])
                if k > 0:
                    out.append(f"{_n(k)}{code}->{c + 1}")
                elif k < 0:
                    out.append(f"{_n(-k)}{code}{c + 1}->")
    # the Vagabond's pawn
    if after[VB_PAWN] >= 0 and after[VB_PAWN] != before[VB_PAWN]:
        out.append(f"{_f(FACTION_NAMES.index('vagabond'), current)}p->{place_name(int(after[VB_PAWN]))}")
    # cards
    drawn = [0] * NF
    for c in range(NCARD):
        l0, l1 = int(before[CARD_LOC + c]), int(after[CARD_LOC + c])
        if l0 == l1:
            continue
        w0, w1 = _who(l0), _who(l1)
        if l0 == LOC_DECK and LOC_HAND <= l1 < LOC_HAND + NF:
            drawn[l1 - LOC_HAND] += 1
        elif LOC_HAND <= l0 < LOC_HAND + NF and l1 == LOC_DISCARD:
            out.append(f"{_card(c)}{_f(w0, current)}->")
        elif LOC_HAND <= l0 < LOC_HAND + NF and LOC_HAND <= l1 < LOC_HAND + NF:
            out.append(f"#{FACTION_LETTER[FACTION_NAMES[w0]]}->{FACTION_LETTER[FACTION_NAMES[w1]]}")
        elif LOC_HAND <= l0 < LOC_HAND + NF and LOC_CRAFTED <= l1 < LOC_CRAFTED + NF:
            out.append("Z" + _card(c).split("#", 1)[1])
        elif LOC_HAND <= l0 < LOC_HAND + NF and LOC_DECREE <= l1 < LOC_DECREE + 4:
            out.append(f"{_card(c)}{_f(w0, current)}->$_{DECREE_LETTER[l1 - LOC_DECREE]}")
        elif l1 == LOC_SUPPORTERS:
            al = FACTION_NAMES.index("alliance")
            src = FACTION_LETTER[FACTION_NAMES[w0]] if w0 is not None else ""  # a hand, or the deck
            out.append(f"#{src}->{_f(al, current)}$")
        elif l0 == LOC_SUPPORTERS and l1 in (LOC_DISCARD, LOC_AVAILABLE):
            out.append(f"{_card(c)}{_f(FACTION_NAMES.index('alliance'), current)}$->")
        elif LOC_DECREE <= l0 < LOC_DECREE + 4 and l1 in (LOC_DISCARD, LOC_AVAILABLE):
            out.append(f"{_card(c)}$_{DECREE_LETTER[l0 - LOC_DECREE]}->")
        elif LOC_HAND <= l0 < LOC_HAND + NF and l1 == LOC_ACTIVE_DOM + w0:
            out.append(f"{_card(c)}{_f(w0, current)}->$")
        elif l1 == LOC_HAND + (w1 if w1 is not None else 0) and l0 == LOC_DISCARD:
            out.append(f"{_card(c)}*->{FACTION_LETTER[FACTION_NAMES[w1]]}")
        elif l0 == LOC_AVAILABLE and w1 is not None:
            out.append(f"{_card(c)}->{FACTION_LETTER[FACTION_NAMES[w1]]}")
        elif LOC_CRAFTED <= l0 < LOC_CRAFTED + NF and l1 in (LOC_DISCARD, LOC_AVAILABLE):
            out.append(f"{_card(c)}{_f(w0, current)}$->")
    for f in range(NF):
        if drawn[f]:
            out.append(f"{_n(drawn[f])}#->{FACTION_LETTER[FACTION_NAMES[f]]}")
    # crafted items (the card is discarded, the item goes to the crafter)
    if d in (K.D_MQ_CRAFT, K.D_EY_CRAFT, K.D_AL_DAYLIGHT, K.D_VB_ACTION) and K.A_CARD <= action < K.A_CARD + NCARD:
        c = action - K.A_CARD
        if CARD_KIND[c] == K_ITEM:
            out.append(f"Z%{ITEM_LETTER[ITEM_NAMES_ORDER[CARD_ITEM[c]]]}")
    out += _vagabond_item_tokens(before, after)
    vb = FACTION_NAMES.index("vagabond")
    for f in range(NF):
        r0, r1 = int(before[VB_REL + f]), int(after[VB_REL + f])
        if r0 >= 0 and r1 >= 0 and r0 != r1:
            out.append(f"{_f(vb, current)}$_{FACTION_LETTER[FACTION_NAMES[f]]}->{RELATIONSHIP_LETTER[r1]}")
    for f in range(NF):
        k = int(after[VP + f] - before[VP + f])
        if k > 0:
            out.append(f"{_f(f, current)}++{_n(k)}")
        elif k < 0:
            out.append(f"{_f(f, current)}--{_n(-k)}")
    return out


def _vagabond_item_tokens(before: np.ndarray, after: np.ndarray) -> list[str]:
    """Items on the Vagabond's board by state (ready, exhausted, damaged, damaged exhausted)."""
    out = []
    for i in range(NITEM):
        it = "%" + ITEM_LETTER[ITEM_NAMES_ORDER[i]]
        d = [int(after[VB_ITEMS + i * 4 + s] - before[VB_ITEMS + i * 4 + s]) for s in range(4)]
        if not any(d):
            continue
        total = sum(d)
        if total > 0:
            out.append(f"{_n(total)}{it}->$")
            d[0] -= total
        elif total < 0:
            src = next(s for s in range(4) if d[s] < 0)
            out.append(f"{_n(-total)}{it}{'' if src == 0 else 'e' if src == 1 else 'd'}->")
            d[src] -= total
        moves = [(s, -d[s]) for s in range(4) if d[s] < 0]
        for s, k in moves:
            dst = next((t for t in range(4) if d[t] > 0), None)
            if dst is None:
                break
            d[dst] -= k
            if s < 2 and dst >= 2:
                out.append(f"{_n(k)}{it}{'e' if s == 1 else ''}->d")
            elif s >= 2 and dst < 2:
                out.append(f"{_n(k)}{it}d->{'s' if dst == s - 2 else 'r'}")
            elif dst == s + 1:
                out.append(f"{_n(k)}{it}->e")
            else:
                out.append(f"{_n(k)}{it}{'de' if s == 3 else 'e'}->r")
    return out


def _segments(state: np.ndarray, a: int):
    """Apply action `a` to `state` in place, as ``core.apply`` does, and return [(turn, active, before,
    after)] for each stretch of play under one (turn, active faction): automatic steps that begin the
    next player's turn are written on that player's line."""
    from .engine import core
    from .engine.score import check_victory
    from .layout import DECISIONS, PC, LEGAL, LEGAL_N, OPTIONS, O_AUTO_FORCED
    core.ensure_compiled(steps=True)
    reference = state.copy()
    if core.apply(reference, a) != core.OK:
        raise ValueError(f"action {a} is not legal here")
    work = state.copy()
    work[DECISIONS] += 1
    key = (int(work[TURN]), int(work[ACTIVE]))
    core.decide(work, a)
    seg_start = state.copy()
    out = []
    for _ in range(1_000_000):
        if work[GAME_OVER] != 0 or check_victory(work):
            break
        if core.run_step(work, int(work[PC])):
            if work[OPTIONS + O_AUTO_FORCED] != 0 and work[LEGAL_N] == 1:
                core.decide(work, work[LEGAL])
                continue
            break
        now = (int(work[TURN]), int(work[ACTIVE]))
        if now != key:
            out.append((key[0], key[1], seg_start, work.copy()))
            seg_start, key = work.copy(), now
    out.append((key[0], key[1], seg_start, work.copy()))
    if not np.array_equal(work, reference):  # pragma: no cover - the stepping mirrors core.apply
        out = [(key[0], key[1], state.copy(), reference)]
    state[:] = reference
    return out


def to_rootlog(game_or_record) -> str:
    """The game as Rootlog text (header, one line per turn, the winners). Takes a ``Game`` with a
    history (made by ``Game.new``) or a record (dict or JSON text)."""
    from .records import replay_states
    record = game_or_record.to_record() if hasattr(game_or_record, "to_record") else game_or_record
    lines = ["Map: Fall", "Deck: Standard"]
    turns: dict = {}  # (turn, active) -> tokens, in order of first appearance
    g = None
    for g, a in replay_states(record):
        if a is None:
            break
        s = g.state
        if not lines[2:]:
            for k in range(int(s[NSEATS])):
                name = FACTION_NAMES[int(s[SEAT_FACTION + k])]
                lines.append(f"{FACTION_LETTER[name]}: {name}")
        first = True
        for turn, active, before, after in _segments(s, int(a)):
            toks = action_tokens(before, after, int(a) if first else -1, active)
            first = False
            turns.setdefault((turn, active), []).extend(toks)
        if g._actions is not None:
            g._actions.append(int(a))
    for (turn, active), toks in turns.items():
        if active >= 0 and toks:
            lines.append(f"{FACTION_LETTER[FACTION_NAMES[active]]}: " + "/".join(toks))
    if g is not None and g.state[GAME_OVER] and not g.state[TRUNCATED]:
        w = int(g.state[WINNERS])
        lines.append("Winner: " + "".join(FACTION_LETTER[FACTION_NAMES[f]] for f in range(NF) if (w >> f) & 1))
    return "\n".join(lines) + "\n"

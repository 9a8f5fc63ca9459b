"""A readable turn-by-turn log of a recorded game, for Root players who do not know the action encoding.

    >>> from root_env.gamelog import game_log
    >>> print("\\n".join(game_log(game.to_record())))

Each recorded action is replayed with the engine's own step functions (``core.decide`` and
``core.run_step``), watched step by step so that the battle dice, the hits dealt and choices the
engine made automatically (``auto_forced``) can be reported; the result is checked against
``core.apply`` byte for byte. What changed is then read off the board: warriors moving, placed or
removed, buildings and tokens, cards drawn, played, crafted or discarded, items gained and VP scored.
Everything is driven by the data tables (faction, piece, card and item names), so new factions and
pieces are logged without changes here. The Lizard Cult's own steps are named too (Law 10): its setup
corner, the Outcast chosen and adjusted at Birdsong from the Lost Souls pile, the pile discarded, acolytes
gained by Sacrifice or Revenge and spent on conspiracies, cards revealed or spent for rituals, and the
random discard of Fear of the Faithful. So are the Riverfolk Company's (Law 11): warriors paid into the
Payments box (services, starting payments, Protectionism, Export, the Vagabond's items), Gather Funds,
funds committed or spent (by owner), Dividends and trade post scores, services bought, trade posts
returned to the box and the funds lost to Trade Disruption. So are the Corvid Conspiracy's (seed 003, Law
13): plots placed face down, flipped (with the VP, a bomb's removals, an extortion's cards), swapped by a
Trick, removed (a raid's warriors), an Exposure's guess right or wrong, and Exert. With two Vagabonds (Law
9.8) each is named ("the vagabond", "the second vagabond") in his moves, items and relationships, and the
ruins' items are followed (9.8.1): looked at (named only for that Vagabond), taken, left, or none taken.

By default the log is *public*: cards drawn into a hand are counted, not named, and a face-down plot's
type is not named (13.2.2.I). ``reveal=True`` names both; ``viewer`` names that faction's own cards (and,
for the Corvids, their plots). The Riverfolk's hand is public (Law 11.2.3): its cards are always named.
"""
from __future__ import annotations

from collections import defaultdict

import numpy as np

from . import codes as K
from .actions import describe, clearing_name, action_name
from .data import (FACTION_NAMES, PIECE_NAMES, NC, NF, NBT, NTT, NCARD, NITEM, ITEM_NAMES, CARD_SHORT, CARD_SUIT,
                   SUIT_NAMES, BIRD, LIZARDS, BT_GARDEN, RIVERFOLK, VAGABOND, VAGABOND2, RF_SERVICE_NAMES, HAND_CARD,
                   RIVERBOATS,
                   CORVIDS, TT_PLOT, PLOT_NAMES, RAID, DUCHY, BURROW, MINISTER_NAMES, NMINISTER, RANK_NAMES, MINISTER_RANK)
from .engine import core
from .engine import machine as M
from .engine.rng import rng_int
from .engine.score import check_victory
from .names import (pawn_place, ruin_contents, RELATIONSHIP_NAMES, plot_type, sees_plots, is_bot, bot_turn,
                    bot_row_sentences, bot_events, bot_title, log_full_note, bot_setup_sentence)
from .records import replay_states
from .layout import (DECIDER, DECISION, WARRIORS, BUILDINGS, TOKENS, RUINS, VP, CARD_LOC, CRAFTED_ITEMS, TURN, ACTIVE, PHASE,
                     PHASE_NAMES, PC, GAME_OVER, LEGAL, LEGAL_N, DECISIONS, OPTIONS, O_AUTO_FORCED, REG, R_B_ATT,
                     R_B_DEF, R_B_CLEARING, R_B_ROLL_ATT, R_B_ROLL_DEF, R_B_HITS_ATT, R_B_HITS_DEF, LOC_DECK,
                     LOC_DISCARD, LOC_REMOVED, LOC_AVAILABLE, LOC_HAND, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE, LOC_SUPPORTERS,
                     WINNERS, TRUNCATED, DECK_N, RNG, VB_PAWN, VB_ITEMS, VB_REL, VB_R_HELD, RUIN_ITEM, RUIN_SEEN,
                     SEAT_FACTION, NSEATS, LOC_REVEALED,
                     LOC_LOST_SOULS, LZ_ACOLYTES, LZ_OUTCAST, LZ_HATED, CARD_KNOWN, RF_FUNDS, RF_PAYMENTS,
                     RF_COMMITTED, RF_POSTS_GONE, RF_DISRUPT, RF_BOUGHT, R_RF_ARG, VP_SOURCE, N_VS, VS_DIVIDENDS,
                     VS_TRADE_POSTS, CV_FACE_UP, CV_EXCLUDED, CV_EXERTED, R_CV_TARGET, VS_PLOTS, BOT_LOG_N, LOC_ORDER,
                     DU_BURROW, DU_SWAYED, DU_CROWNS_LOST)
from .engine.cards import ALL_KNOW
from .engine.factions.riverfolk import CRAFT_WITH_BENEFIT

_DECREE_COLS = ("recruit", "move", "battle", "build")
# Decisions whose chosen card only its giver and taker see (Aid, Outrage, Mobilize, the card shown to the
# Corvids for an Exposure, seed 003 13.2.4).
_CARD_STAYS_HIDDEN = (K.D_VB_AID_CARD, K.D_OUTRAGE, K.D_AL_MOBILIZE, K.D_CV_EXPOSE_CARD)
_ITEM_STATES = ("face up", "exhausted", "damaged", "damaged and exhausted")
# A Cult card leaving its hand for the Lost Souls pile in answer to these is spent by a score ritual
# (the ritual menu included: with auto_forced the card may be chosen automatically).
_RITUAL_DECISIONS = (K.D_LZ_RITUAL, K.D_LZ_RITUAL_CARD)


VAGABONDS = (VAGABOND, VAGABOND2)


def vagabond_label(v: int) -> str:
    """How the log names Vagabond v (Law 9.8): "the vagabond" or "the second vagabond"."""
    return "the vagabond" if v == VAGABOND else "the second vagabond"


def _vagabond_changes(before, after) -> list[str]:
    """Each Vagabond's pawn, items and relationships, read from his row (Law 9.8: two may be seated)."""
    out = []
    for v in VAGABONDS:
        k = v - VAGABOND
        who = vagabond_label(v)
        p0, p1 = int(before[VB_PAWN + k]), int(after[VB_PAWN + k])
        if p1 != p0 and p0 >= 0:
            out.append(f"{who} goes to {pawn_place(p1)}")
        at = VB_ITEMS + k * NITEM * 4
        for i in range(NITEM):
            row = slice(at + i * 4, at + i * 4 + 4)
            if (after[row] != before[row]).any():
                now = ", ".join(f"{_ITEM_STATES[st]} {int(n)}" for st, n in enumerate(after[row]) if n > 0) or "none"
                out.append(f"{who[4:]}'s {ITEM_NAMES[i]}: {now}")
        chart = VB_REL + k * NF
        for f in range(NF):
            r0, r1 = int(before[chart + f]), int(after[chart + f])
            if r0 != r1 and r0 >= 0 and r1 >= 0:
                out.append(f"{who} is now {RELATIONSHIP_NAMES[r1]} with {FACTION_NAMES[f]}")
    return out


def ruin_changes(before, after, reveal: bool = False, viewer: str | None = None, decision: int | None = None,
                 action: int | None = None) -> list[str]:
    """Items taken from the ruins and the emptied ruins removed (Law 9.5.3) and, with two Vagabonds (Law
    9.8.1), a Vagabond looking at the two items under a ruin, taking one, or taking none. The items he
    looked at are named only for him and in a revealed log: the others have not seen them."""
    out = []
    r0, r1 = ruin_contents(before), ruin_contents(after)  # {"clearing N": [item names]}
    for c in range(NC):
        where = clearing_name(c, after)
        i0, i1 = r0.get(f"clearing {c + 1}", []), r1.get(f"clearing {c + 1}", [])
        if len(i1) < len(i0):
            taken = list(i0)
            for i in i1:
                taken.remove(i)
            takers = [v for v in VAGABONDS for i in taken
                      if after[VB_R_HELD + (v - VAGABOND) * NITEM + ITEM_NAMES.index(i)]
                      > before[VB_R_HELD + (v - VAGABOND) * NITEM + ITEM_NAMES.index(i)]]
            who = vagabond_label(takers[0]) if takers else "a vagabond"
            left = f"; {_plural(len(i1), 'item')} left under it" if i1 else ""
            out.append(f"{who} takes the {' and '.join(taken)} from the ruin in {where}{left}")
        if after[RUINS + c] < before[RUINS + c]:
            out.append(f"the ruin in {where} is explored: emptied, it is removed (Law 9.5.3)")
        seen = int(after[RUIN_SEEN + c]) & ~int(before[RUIN_SEEN + c])
        for v in VAGABONDS:
            if not (seen >> v) & 1 or len(i1) < len(i0):
                continue
            who = vagabond_label(v)
            shown = reveal or viewer == FACTION_NAMES[v]
            if len(i0) > 1:
                what = f": the {' and '.join(i0)}" if shown else ""
                out.append(f"{who} looks at the {len(i0)} items under the ruin in {where}{what} (Law 9.8.1)")
            else:
                what = f"the {' and '.join(i0)}" if shown else "the item"
                out.append(f"{who} looks under the ruin in {where} and leaves {what}: an \"R\" item he already has "
                           "(no VP, Law 9.8.1)")
    if decision == K.D_VB_EXPLORE and action == K.A_DONE:
        v = int(before[DECIDER])
        c = int(before[VB_PAWN + v - VAGABOND])
        out.append(f"{vagabond_label(v)} takes no item from the ruin in {clearing_name(c, after)}: "
                   f"{_plural(len(r1.get(f'clearing {c + 1}', [])), 'item')} stay under it (no VP, Law 9.8.1)")
    return out


def where(loc: int) -> str:
    """A card location code in words."""
    loc = int(loc)
    if loc == LOC_DECK:
        return "the deck"
    if loc == LOC_DISCARD:
        return "the discard pile"
    if loc == LOC_REMOVED:
        return "out of the game"
    if loc == LOC_AVAILABLE:
        return "the dominance cards by the map"
    for base, text in ((LOC_HAND, "{}'s hand"), (LOC_CRAFTED, "{}'s crafted cards"),
                       (LOC_ACTIVE_DOM, "{}'s activated dominance")):
        if base <= loc < base + NF:
            return text.format(FACTION_NAMES[loc - base])
    if LOC_DECREE <= loc < LOC_DECREE + 4:
        return f"the Decree ({_DECREE_COLS[loc - LOC_DECREE]})"
    if loc == LOC_SUPPORTERS:
        return "the Alliance's supporters"
    if loc == LOC_REVEALED:
        return "the revealed cards"
    if loc == LOC_LOST_SOULS:
        return "the Lost Souls pile"
    if loc == LOC_ORDER:
        return "the bot's order card"
    return f"location {loc}"


def place_name(c: int, state=None) -> str:
    """A clearing in words, or the Duchy's Burrow (place ``data.BURROW``, Law 12.2.2)."""
    return "the Burrow" if c == BURROW else clearing_name(c, state)


def _warrior_deltas(before, after, f: int) -> np.ndarray:
    """Faction f's warriors gained (+) or lost (−) in each clearing, and for the Duchy in the Burrow too (the last
    entry, index BURROW: Law 12.2.2), so that a move into or out of the Burrow reads as one move."""
    d = (after[WARRIORS + f * NC:WARRIORS + (f + 1) * NC] - before[WARRIORS + f * NC:WARRIORS + (f + 1) * NC]).astype(int)
    if f == DUCHY:
        d = np.append(d, int(after[DU_BURROW]) - int(before[DU_BURROW]))
    return d


def _name(c: int) -> str:
    return CARD_SHORT[c]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _short_clearing(c: int) -> str:
    return clearing_name(c).replace("clearing ", "")


# ---------------------------------------------------------------- the Lizard Cult (Law 10)
def _lost_souls_by_suit(state) -> list[int]:
    """Cards of each suit (fox, rabbit, mouse) in the Lost Souls pile, birds ignored (Law 10.4.1)."""
    count = [0, 0, 0]
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_LOST_SOULS and CARD_SUIT[c] != BIRD:
            count[int(CARD_SUIT[c])] += 1
    return count


def outcast_line(souls: list[int], outcast: int, hated: bool) -> str:
    """The Cult's Birdsong adjustment (Law 10.4.1) in words, from the Lost Souls pile before it and the
    outcast marker after it."""
    counted = ", ".join(f"{SUIT_NAMES[k]} {n}" for k, n in enumerate(souls))
    top = max(souls)
    if souls.count(top) > 1:
        why = "no one suit has the most"
    else:
        why = f"{SUIT_NAMES[souls.index(top)]} has the most"
    side = "its Hated side up" if hated else "its Outcast side up"
    return (f"the Lost Souls pile holds {counted} (birds ignored): {why}; the outcast marker is on "
            f"{SUIT_NAMES[outcast]}, {side} (Law 10.4.1)")


def _cult_changes(before, after, revenge: bool) -> list[str]:
    """The Cult's board: the Outcast chosen at setup, acolytes gained or spent. ``revenge``: Cult warriors
    left the map in this step, so acolytes gained are Revenge's (10.2.3), not a Sacrifice (10.5.4)."""
    out = []
    o0, o1 = int(before[LZ_OUTCAST]), int(after[LZ_OUTCAST])
    if o0 < 0 <= o1:
        out.append(f"the Outcast is {SUIT_NAMES[o1]} (Law 10.3.3)")
    a0, a1 = int(before[LZ_ACOLYTES]), int(after[LZ_ACOLYTES])
    if a1 > a0:
        k = a1 - a0
        why = "Revenge: removed while defending, Law 10.2.3" if revenge else "Sacrifice, Law 10.5.4"
        out.append(f"{_plural(k, 'lizards warrior')} to the Acolytes box ({why}); acolytes now {a1}")
    elif a1 < a0:
        out.append(f"lizards spends {_plural(a0 - a1, 'acolyte')} (Law 10.4.3); acolytes now {a1}")
    return out


def _to_cult_pile(c: int, who: str, loc: int, decision, gardens_lost: int) -> str:
    """A card from a hand to the Cult's revealed cards (a ritual, Law 10.5) or to the Lost Souls pile
    (Law 10.2.6): spent for a score ritual (10.5.3), discarded at random for a removed garden (10.2.5), or
    spent or discarded by anyone. Both places are face up: the card is named."""
    if loc == LOC_REVEALED and who == "duchy":  # Law 12.5.3.II to sway; 12.5.1.I Build, 12.5.2.I the Foremole
        return f"duchy reveals {_name(c)} " + ("to sway (Law 12.5.3.II)" if decision == K.D_DU_SWAY_CARD
                                                  else "to build (Law 12.5.1.I)")
    if loc == LOC_REVEALED:
        return f"{who} reveals {_name(c)} (Law 10.5)"
    if who == "lizards" and decision in _RITUAL_DECISIONS:
        return f"lizards reveals and spends {_name(c)} to score, to the Lost Souls pile (Law 10.5.3)"
    if who == "lizards" and gardens_lost > 0:
        return f"lizards discards {_name(c)} at random (Fear of the Faithful, Law 10.2.5) to the Lost Souls pile"
    return f"{who} discards {_name(c)} to the Lost Souls pile (Law 10.2.6)"


def _setup_corner(before, after) -> list[str]:
    """Law 10.3.2: the Cult's first pieces (its corner, chosen or forced by the keep or the roost)."""
    if after[TURN] != 0:
        return []
    placed = [c for c in range(NC) for s in range(3)
              if after[BUILDINGS + (BT_GARDEN + s) * NC + c] > before[BUILDINGS + (BT_GARDEN + s) * NC + c]]
    if len(placed) != 1 or before[WARRIORS + LIZARDS * NC:WARRIORS + (LIZARDS + 1) * NC].any():
        return []
    return [f"the Lizard Cult sets up in {clearing_name(placed[0], after)}: 4 warriors and a garden, and a warrior in "
            "each adjacent clearing (Law 10.3.2)"]


# ---------------------------------------------------------------- the Riverfolk Company (Law 11)
_SERVICE_EFFECT = ("(Hand Card, Law 11.2.7.I)",
                   "(Riverboats, Law 11.2.7.II): rivers are paths for it until the end of its turn",
                   "(Mercenaries, Law 11.2.7.III): the Riverfolk's warriors count as its own for rule and for "
                   "battle against others this Daylight and Evening")


def _owners(counts: dict) -> str:
    """{marquise: 2, riverfolk: 1} -> "marquise 2, riverfolk 1"."""
    return ", ".join(f"{FACTION_NAMES[g]} {n}" for g, n in counts.items())


def _box_delta(before, after, box) -> dict:
    return {g: int(after[box + g] - before[box + g]) for g in range(NF) if after[box + g] != before[box + g]}


def _payments_reason(before, after, g: int, decision) -> str:
    """Why warriors of g went from its supply into the Payments box."""
    if g != RIVERFOLK:
        return "the price of a service, Law 11.2.6.I"
    if after[TURN] == 0:
        return "starting payments, Law 11.3.4"
    if int(after[ACTIVE]) in VAGABONDS and decision in (K.D_RF_SERVICE, K.D_RF_PAY_ITEM):
        who = vagabond_label(int(after[ACTIVE])).replace("vagabond", "Vagabond")
        return f"one for each item {who} exhausts, Law 11.2.6.III"
    if int(after[REG + R_RF_ARG]) == K.OPT_EXPORT:
        return "Export, Law 11.5.3.I"
    return "Law 11.2.6"


def riverfolk_changes(before, after, decision) -> list[str]:
    """The Riverfolk's boxes, services and trade posts in words: warriors paid into Payments, Protectionism and
    Gather Funds at their Birdsong, funds committed or spent (and by whom they are owned), Trade Disruption, the
    services the player taking the turn bought, and the Riverfolk's own scores (Dividends, trade posts)."""
    out = []
    d_fund, d_pay, d_com = (_box_delta(before, after, b) for b in (RF_FUNDS, RF_PAYMENTS, RF_COMMITTED))
    gathered = {g: -d_pay.get(g, 0) * (d_pay.get(g, 0) < 0) - d_com.get(g, 0) * (d_com.get(g, 0) < 0)
                for g in range(NF)}
    gathered = {g: n for g, n in gathered.items() if n > 0}
    committed = {g: n for g, n in d_com.items() if n > 0}
    rest = {g: d_fund.get(g, 0) - gathered.get(g, 0) + committed.get(g, 0) for g in range(NF)}
    for g, n in d_pay.items():
        if n > 0:
            out.append(f"{FACTION_NAMES[g]} puts {_plural(n, 'warrior')} into the Riverfolk's Payments box "
                       f"({_payments_reason(before, after, g, decision)})")
    if rest.get(RIVERFOLK, 0) > 0 and gathered:
        out.append(f"Protectionism (Law 11.4.1): the Payments box was empty, riverfolk puts "
                   f"{_plural(rest[RIVERFOLK], 'warrior')} in it")
    if gathered:
        funds = {g: int(after[RF_FUNDS + g]) for g in range(NF) if after[RF_FUNDS + g] > 0}
        out.append(f"Gather Funds (Law 11.4.3): the Payments and Committed boxes go to the Funds box; funds now "
                   f"{_owners(funds)}")
    if committed:
        crafting = int(after[REG + R_RF_ARG]) in (K.OPT_EXPORT, CRAFT_WITH_BENEFIT)
        where = "empty spaces of the Trade Posts tracks (crafting, Law 11.5.3)" if crafting else "Committed box (Law 11.5)"
        out.append(f"riverfolk commits {_plural(sum(committed.values()), 'fund')} ({_owners(committed)}) to the "
                   f"{where}")
    spent = {g: -n for g, n in rest.items() if n < 0}
    if spent:
        disrupted = (after[RF_POSTS_GONE:RF_POSTS_GONE + 3].sum() > before[RF_POSTS_GONE:RF_POSTS_GONE + 3].sum()
                     or before[RF_DISRUPT] > 0 or decision == K.D_RF_DISRUPT)
        what = "loses" if disrupted else "spends"
        why = " to Trade Disruption (Law 11.2.5.I)" if disrupted else " (Law 11.5)"
        out.append(f"riverfolk {what} {_plural(sum(spent.values()), 'fund')} ({_owners(spent)}){why}; "
                   "the warriors return to their owners' supplies")
    for k in range(3):
        n = int(after[RF_POSTS_GONE + k] - before[RF_POSTS_GONE + k])
        if n > 0:
            out.append(f"{_plural(n, SUIT_NAMES[k] + ' trade post')} to the box, its space on the track left "
                       "empty (Trade Disruption, Law 11.2.5.I)")
    if after[RF_DISRUPT] > 0:
        out.append(f"riverfolk still owes {_plural(int(after[RF_DISRUPT]), 'fund')} to Trade Disruption")
    for k in range(3):
        if after[RF_BOUGHT + k] > before[RF_BOUGHT + k]:
            out.append(f"{FACTION_NAMES[int(after[ACTIVE])]} buys {RF_SERVICE_NAMES[k]} {_SERVICE_EFFECT[k]}")
    for vs, why in ((VS_DIVIDENDS, "Dividends: 1 VP per two funds while a trade post is on the map, Law 11.4.2"),
                    (VS_TRADE_POSTS, "the trade post's space, Law 11.5.6.III")):
        i = VP_SOURCE + RIVERFOLK * N_VS + vs
        if after[i] > before[i]:
            out.append(f"riverfolk scores {int(after[i] - before[i])} VP ({why})")
    return out


def _card_move_riverfolk(c: int, l0: int, l1: int) -> str | None:
    """A card taken from or given to the Riverfolk's hand, named: that hand is public (Law 11.2.3)."""
    rf = LOC_HAND + RIVERFOLK
    if l0 == rf and LOC_HAND <= l1 < LOC_HAND + NF:
        return f"{FACTION_NAMES[l1 - LOC_HAND]} takes {_name(c)} from riverfolk's (public) hand"
    if l1 == rf and LOC_HAND <= l0 < LOC_HAND + NF:
        return f"{FACTION_NAMES[l0 - LOC_HAND]} gives {_name(c)} to riverfolk (a public hand)"
    return None


# ---------------------------------------------------------------- the Corvid Conspiracy (seed 003, Law 13)
def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def corvid_changes(before, after, decision, action, secret: bool) -> list[str]:
    """The Corvids' plots in words: placed face down, flipped (13.4.2; a bomb's or an extortion's effect),
    swapped by a Trick (13.5.4), removed (a raid's warriors, 13.7.4), guessed by Exposure (13.2.4), and Exert
    (13.6.1). `secret`: the reader knows face-down types (the Corvids, or a revealed log); otherwise a
    face-down plot's type is named only once the table learns it (a flip, a right guess, a raid's effect)."""
    out = []
    target = int(before[REG + R_CV_TARGET])
    clearing_a = action - K.A_CLEARING if action is not None and K.A_CLEARING <= action < K.A_CLEARING + NC else -1
    if decision == K.D_CV_TRICK_B and 0 <= target < NC and clearing_a >= 0:
        side = "face-up" if after[CV_FACE_UP + target] else "face-down"
        what = ""
        if secret or after[CV_FACE_UP + target]:
            what = (f": now {_a(PLOT_NAMES[plot_type(after, target)])} in {target + 1} and "
                    f"{_a(PLOT_NAMES[plot_type(after, clearing_a)])} in {clearing_a + 1}")
        out.append(f"corvids swaps the {side} plots in {clearing_name(target, after)} and "
                   f"{clearing_name(clearing_a, after)} "
                   f"(Trick, Law 13.5.4){what}")
    guess = action - K.A_PIECE - NBT - TT_PLOT if decision == K.D_CV_EXPOSE_GUESS and action is not None else -1
    for c in range(NC):
        t0, t1 = plot_type(before, c), plot_type(after, c)
        up0, up1 = bool(before[CV_FACE_UP + c]), bool(after[CV_FACE_UP + c])
        where = clearing_name(c, after)
        if decision == K.D_CV_TRICK_B and c in (target, clearing_a):
            continue
        if t0 < 0 and t1 >= 0:
            kind = _a(PLOT_NAMES[t1] + " plot") if secret else "a plot"
            out.append(f"corvids places {kind} face down in {where} (Law 13.5.2)")
        elif t0 >= 0 and not up0 and up1:
            out.append(f"corvids flips the plot in {where}: it is {_a(PLOT_NAMES[t1])} (Law 13.4.2)")
        elif t0 >= 0 and t1 < 0 and decision == K.D_CV_FLIP and clearing_a == c:
            out.append(f"corvids flips the plot in {where}: it is a bomb; every enemy piece there is removed, "
                       "then the bomb (Law 13.7.1)")
        elif t0 >= 0 and t1 < 0 and c == target and guess == t0:
            effect = "; a raid's warriors are not placed" if t0 == RAID else ""
            out.append(f"Exposure: right, the plot in {where} is {_a(PLOT_NAMES[t0])}: it is removed and its "
                       f"effect ignored (Law 13.2.4){effect}")
        elif t0 >= 0 and t1 < 0:
            if up0 or t0 == RAID or secret:
                what = f"the {'face-up' if up0 else 'face-down'} {PLOT_NAMES[t0]}"
            else:
                what = "the face-down plot"
            out.append(f"{what} in {where} is removed, to the Corvids' supply face down")
            if t0 == RAID:
                out.append(f"a raid: corvids places a warrior in each clearing adjacent to {where} (Law 13.7.4)")
        if (guess >= 0 and c == target and t1 >= 0
                and (int(after[CV_EXCLUDED + c]) >> guess) & 1 and not (int(before[CV_EXCLUDED + c]) >> guess) & 1):
            out.append(f"Exposure: wrong, the plot in {where} is not {_a(PLOT_NAMES[guess])} (everyone learns it); "
                       "the card shown goes to the Corvids (Law 13.2.4)")
    if after[CV_EXERTED] > before[CV_EXERTED]:
        out.append("corvids exerts: one action instead of drawing cards this Evening (Law 13.6.1)")
    i = VP_SOURCE + CORVIDS * N_VS + VS_PLOTS
    if after[i] > before[i]:
        out.append(f"corvids scores {int(after[i] - before[i])} VP for the flip: one per face-up plot on the map, "
                   "the new one included (Law 13.4.2)")
    return out


# ---------------------------------------------------------------- watching the engine
def hundreds_changes(before, after) -> list[str]:
    """The Lord of the Hundreds' public board (Law 14): the warlord's clearing, the mood card, the Hoard."""
    from .layout import HD_WARLORD, HD_MOOD, HD_HOARD
    from .data import MOOD_NAMES, ITEM_NAMES
    out = []
    w0, w1 = int(before[HD_WARLORD]), int(after[HD_WARLORD])
    if w0 != w1:
        out.append("the Hundreds' warlord " + (f"is in {clearing_name(w1, after)}" if w1 >= 0 else "is removed"))
    if int(before[HD_MOOD]) != int(after[HD_MOOD]):
        out.append(f"the Hundreds' mood: {MOOD_NAMES[int(after[HD_MOOD])]}")
    for i, name in enumerate(ITEM_NAMES):
        d = int(after[HD_HOARD + i] - before[HD_HOARD + i])
        if d:
            out.append(f"the Hundreds' Hoard {'+' if d > 0 else '−'} {name}" + (f" ×{abs(d)}" if abs(d) > 1 else ""))
    return out


def keepers_changes(before, after) -> list[str]:
    """The Keepers in Iron (Law 15): relics delved, carried, recovered, removed and placed in forests; waystations'
    faces; the Retinue's Faithful Retainers. Face-down relics show by type only (15.2.1)."""
    from .layout import KP_FOREST_UP, KP_FOREST_DOWN, KP_RECOVERED, KP_RETAINERS, KP_WS_FACE, KP_TROPHY
    from .data import NRELIC_KINDS, RELIC_TYPE_NAMES, RELIC_KIND_TYPE, WAYSTATION_FACES, RETINUE_NAMES, NFOREST
    from .names import relic_label
    out = []
    for k in range(NRELIC_KINDS):
        d = int(after[KP_RECOVERED + k] - before[KP_RECOVERED + k])
        if d > 0:
            out.append(f"keepers recover the relic {relic_label(k)} (Law 15.5.2.III)")
        d = int(after[KP_TROPHY + k] - before[KP_TROPHY + k])
        if d > 0:
            out.append(f"the relic {relic_label(k)} is removed: its remover puts it in a forest (Law 15.2.5)")
        for fo in range(NFOREST):
            i = fo * NRELIC_KINDS + k
            up = int(after[KP_FOREST_UP + i] - before[KP_FOREST_UP + i])
            down = int(after[KP_FOREST_DOWN + i] - before[KP_FOREST_DOWN + i])
            if up > 0:
                out.append(f"the relic {relic_label(k)} lies face up in forest {fo + 1}")
            elif up < 0:
                out.append(f"keepers delve the relic {relic_label(k)} from forest {fo + 1}")
            if down < 0:
                out.append(f"keepers delve a face-down {RELIC_TYPE_NAMES[RELIC_KIND_TYPE[k]]} from forest {fo + 1}: "
                           f"it is {relic_label(k)} (Law 15.5.2.II.a)")
    for col, name in enumerate(RETINUE_NAMES):
        d = int(after[KP_RETAINERS + col] - before[KP_RETAINERS + col])
        if d:
            out.append(f"Faithful Retainers in the Retinue's {name} column: {int(after[KP_RETAINERS + col])}")
    for w in range(len(WAYSTATION_FACES)):
        if int(after[KP_WS_FACE + w]) != int(before[KP_WS_FACE + w]):
            out.append(f"a waystation shows its {RELIC_TYPE_NAMES[WAYSTATION_FACES[w, int(after[KP_WS_FACE + w])]]} face")
    return out


def duchy_changes(before, after) -> list[str]:
    """The Underground Duchy's faction board (Law 12): ministers swayed with their crowns (12.5.3.III) and ministers
    lost to the Price of Failure with their crowns out of the game (12.2.3). Its Burrow's warriors are read with the
    other warriors (``changes``) and its tunnels, citadels and markets with the other pieces."""
    out = []
    for m in range(NMINISTER):
        s0, s1 = int(before[DU_SWAYED + m]), int(after[DU_SWAYED + m])
        if s1 and not s0:
            out.append(f"duchy sways the {MINISTER_NAMES[m]}: a {RANK_NAMES[int(MINISTER_RANK[m])]} crown goes onto it "
                       "(Law 12.5.3.III)")
        elif s0 and not s1:
            out.append(f"Price of Failure: the {MINISTER_NAMES[m]} returns to the Unswayed Ministers (Law 12.2.3)")
    for r in range(len(RANK_NAMES)):
        d = int(after[DU_CROWNS_LOST + r] - before[DU_CROWNS_LOST + r])
        if d > 0:
            out.append(f"{_plural(d, RANK_NAMES[r] + ' crown')} removed from the game (Price of Failure, Law 12.2.3)")
    return out


def _key(s: np.ndarray) -> tuple[int, int, int]:
    """(turn, faction taking it, phase): a new heading in the log when it changes."""
    return int(s[TURN]), int(s[ACTIVE]), int(s[PHASE])


def _section(s: np.ndarray) -> dict:
    """A stretch of play the log reports together, from the position `s` on: ``key`` (turn, active, phase),
    ``before`` and ``after`` (the positions around it), ``events`` (lines, and the index of each bot log row
    noted in it, turned into its sentence at the end), ``steps`` run."""
    return {"key": _key(s), "before": s.copy(), "after": None, "events": [], "steps": 0}


def traced_sections(state: np.ndarray, a: int) -> list[dict]:
    """Apply action `a` to `state` (in place) like ``core.apply``, returning what was seen on the way in
    sections (``_section``): the first is the decision's own, and each Clockwork bot's turn gets its own
    sections (a new one when the turn or phase changes to or from a bot's, and at each thing the bot does), so
    that the log prints it under its turn heading like any faction's. Events are the battle dice and hits,
    decisions applied automatically, and the bots' sentences (``names.bot_sentence``) in the order they
    happened. Falls back to ``core.apply`` (one section, no events) if the step-by-step run disagrees with it."""
    reference = state.copy()
    turn0 = bot_turn(state)
    rc = core.apply(reference, a)
    if rc != core.OK:
        raise ValueError(f"action {a} is not legal here")
    core.ensure_compiled(steps=True)
    work = state.copy()
    sections = [_section(work)]
    try:
        work[DECISIONS] += 1
        work[BOT_LOG_N] = 0  # as core.apply: the bots' log holds what they did since this decision
        core.decide(work, a)
        for _ in range(100_000):
            if work[GAME_OVER] != 0 or check_victory(work):
                break
            pc = int(work[PC])
            key0, rows0 = _key(work), int(work[BOT_LOG_N])
            bot_playing = is_bot(work, key0[1])
            pre = work.copy() if bot_playing else None
            if pc == M.PC_LZ_BIRDSONG:
                souls = _lost_souls_by_suit(work)
            if pc == M.PC_BATTLE_ROLL:
                probe = work.copy()
                probe_rng = work[RNG:RNG + 4].tobytes()
                d1, d2 = int(rng_int(probe, 4)), int(rng_int(probe, 4))
            if pc == M.PC_SETUP_NEXT_FACTION and is_bot(work, int(work[ACTIVE])):
                # a Clockwork bot has just set up (after a decision): its setup, read off the board now
                said_setup = bot_setup_sentence(work, int(work[ACTIVE]))
                if said_setup:
                    sections[-1]["events"].append(said_setup)
                    sections[-1].setdefault("setups", []).append(said_setup)
            stop = core.run_step(work, pc)
            cur = sections[-1]
            if bot_playing and int(work[BOT_LOG_N]) > rows0 and cur["steps"] > 0:
                cur["after"] = pre  # what the bot does next starts a section of its own
                cur = _section(pre)
                sections.append(cur)
            cur["steps"] += 1
            cur["events"] += range(rows0, int(work[BOT_LOG_N]))
            if stop:
                if work[OPTIONS + O_AUTO_FORCED] != 0 and work[LEGAL_N] == 1:
                    cur["events"].append("(forced) " + describe(work, int(work[LEGAL])))
                    core.decide(work, work[LEGAL])
                    continue
                break
            if pc == M.PC_BATTLE_ROLL:
                after = int(work[PC])
                att, dfd = FACTION_NAMES[int(work[REG + R_B_ATT])], FACTION_NAMES[int(work[REG + R_B_DEF])]
                where = clearing_name(int(work[REG + R_B_CLEARING]), state)
                if after == M.PC_BATTLE_PROTECTOR:
                    cur["events"].append(f"{dfd} may enlist the Arbiter before the dice (Protector, Appendix D.5)")
                elif work[RNG:RNG + 4].tobytes() != probe_rng:
                    cur["events"].append(
                        f"battle in {where}: {att} attacks {dfd}; dice "
                        f"{max(d1, d2)} and {min(d1, d2)}: {att} rolls {int(work[REG + R_B_ROLL_ATT])}, "
                        f"{dfd} rolls {int(work[REG + R_B_ROLL_DEF])} (each at most its warriors there)")
                elif after == M.PC_BATTLE_EFFECTS_ATT:  # dice chosen beforehand (Scenario.dice, Game.dice)
                    cur["events"].append(
                        f"battle in {where}: {att} attacks {dfd}; chosen dice: {att} rolls "
                        f"{int(work[REG + R_B_ROLL_ATT])}, {dfd} rolls {int(work[REG + R_B_ROLL_DEF])} (each at most "
                        "its warriors there)")
                else:
                    # Law 4.3.1: the ambush left no attacking warrior, so the battle ends before the dice
                    cur["events"].append(
                        f"battle in {where}: {att} attacks {dfd}; the ambush "
                        f"removed every attacking warrior: the battle ends without dice (Law 4.3.1)")
            if pc == M.PC_LZ_BIRDSONG:
                cur["events"].append(outcast_line(souls, int(work[LZ_OUTCAST]), bool(work[LZ_HATED])))
            if pc == M.PC_BATTLE_HITS:
                att, dfd = FACTION_NAMES[int(work[REG + R_B_ATT])], FACTION_NAMES[int(work[REG + R_B_DEF])]
                cur["events"].append(f"hits: {att} deals {int(work[REG + R_B_HITS_DEF])}, "
                                     f"{dfd} deals {int(work[REG + R_B_HITS_ATT])}")
            key1 = _key(work)
            if key1 != key0 and (bot_playing or is_bot(work, key1[1])):
                cur["after"] = work.copy()
                sections.append(_section(work))
    except Exception:  # pragma: no cover - a changed engine: keep the exact result, drop the details
        sections = []
    if not sections or work.tobytes() != reference.tobytes():
        sections = [_section(state)]
        work = reference
    sections[-1]["after"] = work.copy()
    said = bot_row_sentences(reference, *(turn0 or (None, None)))
    for sec in sections:
        sec["events"] = [said[e] if isinstance(e, int) else e for e in sec["events"]]
        sec["events"] = [e for e in sec["events"] if e]
    if log_full_note(reference):
        sections[-1]["events"].append(log_full_note(reference))
    state[:] = reference
    return sections


def traced_apply(state: np.ndarray, a: int) -> list[str]:
    """Apply action `a` to `state` (in place) like ``core.apply``, returning the events seen on the way:
    battle dice and hits, decisions applied automatically, what Clockwork bots did (``traced_sections``, all in
    one list). No events if the step-by-step run disagrees with ``core.apply``."""
    return [e for sec in traced_sections(state, a) for e in sec["events"]]


# ---------------------------------------------------------------- what changed
def changes(before: np.ndarray, after: np.ndarray, reveal: bool = False, viewer: str | None = None,
            decision: int | None = None, action: int | None = None) -> list[str]:
    """Readable lines for what changed on the board, in the cards and on the scores. ``decision`` is the
    kind of decision the step answered (it tells a Cult's score ritual from a discard) and ``action`` the
    answer (it tells the clearings of a Corvid flip, Trick or Exposure)."""
    out: list[str] = _setup_corner(before, after)
    # a raid removed here places Corvid warriors (13.7.4): a Corvid loss and gain is then no move
    raided = any(plot_type(before, c) == RAID and plot_type(after, c) != RAID for c in range(NC))
    # warriors: pair up losses and gains of one faction as moves
    for f in range(NF):
        d = _warrior_deltas(before, after, f)
        if not d.any():
            continue
        name = FACTION_NAMES[f]
        losses = [(c, -d[c]) for c in range(len(d)) if d[c] < 0]
        gains = [(c, d[c]) for c in range(len(d)) if d[c] > 0]
        if len(losses) == 1 and len(gains) == 1 and losses[0][1] == gains[0][1] and not (raided and f == CORVIDS):
            out.append(f"{name} moves {_plural(gains[0][1], 'warrior')} from {place_name(losses[0][0], after)} "
                       f"to {place_name(gains[0][0], after)}")
            continue
        burrow = d[BURROW] if f == DUCHY else 0
        if burrow > 0 and not losses and decision != K.D_DU_FAILURE:
            why = "Birdsong, Law 12.4" if decision != K.D_DU_ASSEMBLY else "Recruit, Law 12.5.1.II"
            out.append(f"duchy places {_plural(burrow, 'warrior')} in the Burrow ({why})")
            gains = [g for g in gains if g[0] != BURROW]
        for verb, group in (("places", gains), ("loses", losses)):
            by_n = defaultdict(list)
            for c, n in group:
                by_n[n].append(c)
            for n, cs in by_n.items():
                if len(cs) == 1:
                    out.append(f"{name} {verb} {_plural(n, 'warrior')} in {place_name(cs[0], after)}")
                else:
                    out.append(f"{name} {verb} {_plural(n, 'warrior')} in each of clearings "
                               + ", ".join(str(c + 1) if c != BURROW else "the Burrow" for c in cs))
    for kind, base, count in (("building", BUILDINGS, NBT), ("token", TOKENS, NTT)):
        for t in range(count):
            if kind == "token" and TT_PLOT <= t < TT_PLOT + len(PLOT_NAMES):
                continue  # the Corvids' plots: corvid_changes
            piece = PIECE_NAMES[t if kind == "building" else NBT + t]
            for c in range(NC):
                i = base + t * NC + c
                d = int(after[i] - before[i])
                if d > 0:
                    out.append(f"+ {piece}" + (f" ×{d}" if d > 1 else "") + f" in {clearing_name(c, after)}")
                elif d < 0:
                    out.append(f"− {piece}" + (f" ×{-d}" if d < -1 else "")
                               + f" removed from {clearing_name(c, after)}")
    # cards
    drawn = defaultdict(list)
    # Law 10.2.5 Fear of the Faithful: a random Cult card for each garden removed
    gardens_lost = sum(max(0, int(before[i] - after[i])) for i in range(BUILDINGS + BT_GARDEN * NC,
                                                                          BUILDINGS + (BT_GARDEN + 3) * NC))
    returned, souls_out = [], []
    for c in range(NCARD):
        l0, l1 = int(before[CARD_LOC + c]), int(after[CARD_LOC + c])
        if l0 == l1:
            continue
        to_hand = LOC_HAND <= l1 < LOC_HAND + NF
        if to_hand and l0 == LOC_DECK:
            drawn[l1 - LOC_HAND].append(c)
            continue
        if l0 == LOC_REVEALED and to_hand:
            returned.append(c)  # Law 10.6.1
            continue
        if l0 == LOC_LOST_SOULS:
            souls_out.append(c)  # Law 10.4.2
            continue
        if l1 in (LOC_REVEALED, LOC_LOST_SOULS) and LOC_HAND <= l0 < LOC_HAND + NF:
            out.append(_to_cult_pile(c, FACTION_NAMES[l0 - LOC_HAND], l1, decision, gardens_lost))
            if l0 == LOC_HAND + LIZARDS and l1 == LOC_LOST_SOULS and decision not in _RITUAL_DECISIONS:
                gardens_lost -= 1
            continue
        if l0 == LOC_DECK and l1 == LOC_ORDER:
            continue  # a bot's order card revealed: its sentence says so (names.bot_sentence)
        public = _card_move_riverfolk(c, l0, l1)
        if public is not None:
            out.append(public)
            continue
        hidden = to_hand and (LOC_HAND <= l0 < LOC_HAND + NF)
        who = FACTION_NAMES[l0 - LOC_HAND] if LOC_HAND <= l0 < LOC_HAND + NF else None
        if hidden and l1 == LOC_HAND + CORVIDS and decision == K.D_CV_EXPOSE_GUESS:
            continue  # a wrong guess's card (13.2.4): corvid_changes says so
        if hidden and l1 == LOC_HAND + CORVIDS and decision == K.D_CV_FLIP:
            out.append(f"corvids takes {'a card' if not reveal and viewer not in ('corvids', who) else _name(c)} "
                       f"at random from {who} (Extortion, Law 13.7.3)")
            continue
        if hidden and not reveal and viewer not in (FACTION_NAMES[l1 - LOC_HAND], who):
            out.append(f"{who} gives a card to {FACTION_NAMES[l1 - LOC_HAND]}")
            continue
        if l1 == LOC_SUPPORTERS and not reveal and viewer not in ("alliance", who):
            out.append(f"{who or 'the deck'} adds a card to the Alliance's supporters")  # Law 8.2.3: face down
            continue
        if who is not None and l1 == LOC_DISCARD:
            out.append(f"{who} discards {_name(c)}")
        elif who is not None and LOC_CRAFTED <= l1 < LOC_CRAFTED + NF:
            out.append(f"{who} crafts {_name(c)}")
        elif who is not None and LOC_DECREE <= l1 < LOC_DECREE + 4:
            out.append(f"{who} adds {_name(c)} to the Decree ({_DECREE_COLS[l1 - LOC_DECREE]})")
        else:
            out.append(f"{_name(c)}: {where(l0)} → {where(l1)}")
    if returned:  # the revealed cards go back at the end of their owner's turn: the faction whose turn ends
        law = "12.6.1" if int(before[ACTIVE]) == DUCHY else "10.6.1"
        out.append(f"{FACTION_NAMES[int(before[ACTIVE])]} takes its revealed cards back into its hand (Law {law}): "
                   + ", ".join(_name(c) for c in returned))
    if souls_out:
        out.append("the Lost Souls pile goes to the discard pile (Law 10.4.2): "
                   + ", ".join(_name(c) for c in souls_out))
        avail = [_name(c) for c in souls_out if after[CARD_LOC + c] == LOC_AVAILABLE]
        if avail:
            out.append("dominance cards now available to take: " + ", ".join(avail))
    for f, cards in drawn.items():
        name = FACTION_NAMES[f]
        if reveal or viewer == name or f == RIVERFOLK:  # Law 11.2.3: the Riverfolk's hand is public
            out.append(f"{name} draws " + ", ".join(_name(c) for c in cards))
        else:
            out.append(f"{name} draws {_plural(len(cards), 'card')}")
    if after[DECK_N] > before[DECK_N] + 1:
        out.append("the discard pile is shuffled into a new deck")
    for f in range(NF):
        for i in range(NITEM):
            d = int(after[CRAFTED_ITEMS + f * NITEM + i] - before[CRAFTED_ITEMS + f * NITEM + i])
            if d > 0:
                out.append(f"{FACTION_NAMES[f]} gains the item {ITEM_NAMES[i]}")
            elif d < 0:
                out.append(f"{FACTION_NAMES[f]} loses the item {ITEM_NAMES[i]}")
    out += _vagabond_changes(before, after)
    out += ruin_changes(before, after, reveal, viewer, decision, action)
    cult = slice(WARRIORS + LIZARDS * NC, WARRIORS + (LIZARDS + 1) * NC)
    out += _cult_changes(before, after, revenge=int(after[cult].sum()) < int(before[cult].sum()))
    out += riverfolk_changes(before, after, decision)
    out += corvid_changes(before, after, decision, action, reveal or sees_plots(viewer))
    out += hundreds_changes(before, after)
    out += keepers_changes(before, after)
    out += duchy_changes(before, after)
    for f in range(NF):
        d = int(after[VP + f] - before[VP + f])
        if d:
            out.append(f"{FACTION_NAMES[f]} {'+' if d > 0 else '−'}{abs(d)} VP (now {int(after[VP + f])})")
    return out


# ---------------------------------------------------------------- the log
def _knows(state, card: int, viewer: str | None) -> bool:
    """Whether `viewer` (None: the whole table) has seen `card` (``CARD_KNOWN``)."""
    known = int(state[CARD_KNOWN + card])
    if known == ALL_KNOW:
        return True
    return viewer in FACTION_NAMES and bool((known >> FACTION_NAMES.index(viewer)) & 1)


def heading(key: tuple[int, int, int], s: np.ndarray) -> str:
    """The log's heading of a turn and phase: "Turn 3 — eyrie — daylight", "Setup — marquise"; a Clockwork bot is
    named with its faction: "Turn 2 — marquise (Mechanical Marquise) — birdsong"."""
    turn, f, phase = key
    active = FACTION_NAMES[f] if f >= 0 else None
    if active is not None and is_bot(s, f):
        active += f" ({bot_title(f)})"
    return f"Turn {turn} — {active} — {PHASE_NAMES[phase]}" if turn > 0 else f"Setup — {active or 'table'}"


def log_entries(record, reveal: bool = False, viewer: str | None = None) -> list[dict]:
    """One entry per recorded action: ``{"step", "turn", "active", "phase", "heading", "choice",
    "events", "bots"}`` (``heading`` is set when a new turn or phase begins). ``bots`` lists the Clockwork bots'
    turns the action led to, in order, as sections ``{"heading", "events"}`` (a heading when a turn or phase
    begins in which something happens); the first entry also has ``before``, the bots' setup and any turns they played before the first
    decision, in the same form. Validates the record like ``Game.from_record``."""
    writer = LogWriter(reveal, viewer)
    g = None
    for g, a in replay_states(record):
        if a is None:
            break
        writer.entry(g.state, a)  # advances g in place (checked legal by replay_states)
        g._actions.append(int(a))
    if g is None:
        return writer.entries
    return writer.finished(g.state)


class LogWriter:
    """The log built one action at a time (``log_entries`` over a record; ``root_env.web`` as a game is played):
    ``entry(state, a)`` applies `a` to `state` in place and returns its entry; ``finished(state)`` the entries
    with the first's ``before`` (the bots' opening) and, when the game is over, the closing entry."""

    def __init__(self, reveal: bool = False, viewer: str | None = None):
        self.reveal, self.viewer = reveal, viewer
        self.entries: list[dict] = []
        self.last = (None, None, None)
        self.before_first: list = []

    def entry(self, s: np.ndarray, a: int) -> dict:
        reveal, viewer = self.reveal, self.viewer
        if not self.entries:
            self.before_first, self.last = _opening(s, self.last)
        key = _key(s)
        head = None
        if key != self.last:
            head = heading(key, s)
            self.last = key
        # A face-down plot's type: named for the Corvids and in a revealed log only (seed 003 13.2.2.I).
        choice = describe(s, a, "corvids" if reveal or sees_plots(viewer) else None)
        before = s.copy()
        sections = traced_sections(s, a)
        first = sections[0]
        if (not reveal and int(before[DECISION]) in _CARD_STAYS_HIDDEN and K.A_CARD <= a < K.A_CARD + NCARD
                and not _knows(s, a - K.A_CARD, viewer)):
            # The card goes face down (to a hand or the supporters) or is shown to one player: a public log
            # does not name it, unless everyone knows it (a card given to the Riverfolk's public hand, Law
            # 11.2.3); a viewer's log names it when that viewer has seen it (giver, taker, the Corvids shown it).
            choice = choice.replace(action_name(a), "a card")
        events = first["events"] + changes(first["before"], first["after"], reveal=reveal, viewer=viewer,
                                           decision=int(before[DECISION]), action=int(a))
        bots = []
        for sec in sections[1:]:
            lines = sec["events"] + changes(sec["before"], sec["after"], reveal=reveal, viewer=viewer)
            if not lines:
                continue  # a turn or phase passing by with nothing done: no heading
            head2 = None
            if sec["key"] != self.last:
                head2 = heading(sec["key"], s)
                self.last = sec["key"]
            bots.append({"heading": head2, "events": lines})
        active = FACTION_NAMES[int(s[ACTIVE])] if s[ACTIVE] >= 0 else None
        e = {"step": len(self.entries) + 1, "turn": key[0], "active": active, "phase": PHASE_NAMES[key[2]],
             "heading": head, "choice": choice, "events": events, "bots": bots}
        self.entries.append(e)
        return e

    def lines(self, final: np.ndarray) -> list[str]:
        """The log so far as lines of text (``game_log``'s), for a game now at state `final`; before the first
        decision, the Clockwork bots' setup and any turns they played."""
        entries = self.finished(final)
        if not entries:
            return format_sections(_opening(final, self.last)[0])
        return [ln for e in entries for ln in format_entry(e)]

    def finished(self, final: np.ndarray) -> list[dict]:
        """Every entry, as ``log_entries`` gives them, for a game now at state `final` (not changed)."""
        entries = [dict(e) for e in self.entries]
        before_first = self.before_first
        if not entries:
            before_first, _ = _opening(final, self.last)
        if entries:
            entries[0]["before"] = before_first
        if final[GAME_OVER]:
            if final[TRUNCATED]:
                end = f"Game over at the turn cap ({int(final[TURN])} turns): no winner"
            else:
                w = int(final[WINNERS])
                end = "Game over: " + ", ".join(FACTION_NAMES[f] for f in range(NF) if (w >> f) & 1) + " wins"
            vp = ", ".join(f"{FACTION_NAMES[int(f)]} {int(final[VP + int(f)])}"
                           for f in final[SEAT_FACTION:SEAT_FACTION + int(final[NSEATS])])
            entries.append({"step": len(entries) + 1, "turn": int(final[TURN]), "active": None, "phase": "over",
                            "heading": end, "choice": None, "events": [f"final VP: {vp}"], "bots": [],
                            **({"before": before_first} if not entries else {})})
        return entries


def _opening(s: np.ndarray, last) -> tuple[list[dict], tuple]:
    """The Clockwork bots' part of ``Game.new``, before the first decision: their setup (read off the board) and
    any turns they played, as one section under the heading of where the game stands ("Setup — marquise (...)"
    for a bot setting up first); nothing in a game without bots. Returns (sections, the last heading's key)."""
    said = bot_events(s)
    if not said:
        return [], last
    key = _key(s)
    f = next((f for f in range(NF) if is_bot(s, f)), -1)
    head = heading((0, f, key[2]) if key[0] == 0 else key, s) if f >= 0 else None
    return [{"heading": head, "events": said}], (0, f, key[2]) if key[0] == 0 else key


def format_entry(e: dict, before: bool = True) -> list[str]:
    """An entry's lines: the bots' opening (``before``; the replay viewer shows it on its first frame), the
    heading, the choice, what happened, then the bots' turns it led to."""
    lines = []
    if before:
        lines += format_sections(e.get("before", ()))
    if e["heading"]:
        lines.append(f"== {e['heading']} ==")
    if e["choice"]:
        lines.append(f"{e['step']:>4}. {e['choice']}")
    lines += [f"        {x}" for x in e["events"]]
    return lines + format_sections(e.get("bots", ()))


def format_sections(sections) -> list[str]:
    """Sections of the bots' play (``log_entries``) as lines: a heading where one begins, then its events."""
    lines = []
    for sec in sections:
        if sec["heading"]:
            lines.append(f"== {sec['heading']} ==")
        lines += [f"        {x}" for x in sec["events"]]
    return lines


def entry_events(e: dict) -> list[str]:
    """Every event line of an entry, the bots' sections included (for marks drawn from the events)."""
    return list(e["events"]) + [x for sec in e.get("bots", ()) for x in sec["events"]]


def game_log(record, reveal: bool = False, viewer: str | None = None) -> list[str]:
    """The whole log as lines of text."""
    return [line for e in log_entries(record, reveal=reveal, viewer=viewer) for line in format_entry(e)]

"""Export a recorded game as Rootlog V2 text that the community parser (@seiyria/rootlog-parser, used by
RootVis) reads without errors.

Rootlog records piece movements rather than action names: after the header (``Map:``, ``Deck:``, one
``C: name`` line per player), every turn is one line ``C:action/action/...`` (no space after the
colon); each faction's setup is written as its first turn.  The tokens are derived from the state
before and after each engine step, so the log shows every public change:

- pieces placed, moved and removed (``w->1+2``, ``2w1->5``, ``Ew4->``, ``b_s->3``, ``At5->``), the pawn
  (``p->12``, a forest as ``1_2_5_10``);
- battles with ambushes and both dice (``XE4``, ``XE4R@``, ``XE4R@B@``, ``XE4(3,1)``);
- cards drawn (``2#->C``), discarded (``F#sappersC->``), given face down (``#V->C``), added to the Decree
  (``R#betterburrowbankE->$_x``), the Decree purged (``$_->``), supporters gained and spent (``#->$``,
  ``#C->A$``, ``F#A$->``), dominance activated (``F#domC->$`` then ``++->$``, coalitions ``++->E$``);
- crafting (``Zsappers``, ``Z%s``), the Eyrie leader and the Vagabond character (``#commander->$``);
- VP (``++3``, ``E--2``); Vagabond items gained, exhausted, refreshed, damaged, repaired and removed
  (``%s5->$``, ``%sE$->$``, ``%s->e``, ``%se->r``, ``%sr->d``, ``%sd->s``, ``%s->``), completed quests
  (``M#Q->$``) and relationships (``$_C->1``, ``V$_E->h``); the winners;
- a second Vagabond (Law 9.8) as ``G``: his codes on his lines, his letter elsewhere (``XG4``, ``G$_E->h``); an
  item of a Vagabond on a line not his names his board where the line does not (``%sG$->d``, ``items``); two
  items under each ruin, each taken as ``%s10->$``;
- the Lizard Cult: gardens (``b_r->3``), the outcast marker (``$_o->M``, ``$_ho->M``), acolytes on its
  board (``w->$``, ``2w$->``, Revenge ``Lw5->L$``), cards revealed for rituals (``F#roottea^``); cards put
  in the Lost Souls pile are written as discards, as the notation asks;
- the Riverfolk Company: trade posts (``t_f->3``), warriors onto its board (Funds and Payments: a service's
  price ``2w->O$``, the Vagabond's items ``%s->e/Ow->O$``, starting payments, Protectionism and Export
  ``w->$``) and back to their owners' supplies (funds spent or lost to Trade Disruption ``2CwO$->``), the
  prices (``$_h->2``, ``$_r->3``, ``$_m->1``) and the funds (``$_f->4``) at the end of each of its turns and
  after Trade Disruption on another player's turn; its hand is public (Law 11.2.3): the cards it draws,
  gives and loses are named (``R#roottea->O``, ``R#rootteaO->C``).  Committed funds and the services
  bought have no notation: a payment into the Riverfolk's board shows a purchase;
- the Corvid Conspiracy (``P``): plots placed face down with no type (``w4->/t->4``), flipped (``t4^t_e``; a
  bomb then removed, ``t_b4->``), swapped by a Trick (``t12<->t4``), removed face down (``Pt4->``) or face up
  (``Pt_s4->``), a face-down raid shown by its effect (``Pt4^t_r/Pt_r4->/Pw->1+2``; ``t_r4->`` on the Corvids'
  line, where the reveal would read as a flip); an enemy's Exposure: the
  card shown to the Corvids (``#^P``), the guess (``?Pt_e4``), then the plot removed (``Pt_e4->/++``) or the
  card given (``#C->P``).  Extortion's cards are given face down (``#C->P``).  Exert, Embedded Agents and the
  face-down plots' types have no notation (only the Corvids know them, Law 13.2.2.I);
- the Lord of the Hundreds (``H``, Rootlog V2's later "Lord of the Hundreds" section): strongholds ``b->3`` and mobs
  ``t->3`` (their only building and token), the warlord as the warrior ``w_w`` (placed ``w_w->3``, Anointed
  ``w3->/w_w->3``, moved ``w_w3->5``, removed in battle ``Hw_w3->``; the other warriors are written without it),
  the mood ``#stubborn->$``, the Hoard as their board: items taken from a ruin ``%s3->$``, looted from a Crafted
  Items box ``%sC$->$``, crafted ``Z%s``, removed for good ``%s$->`` (the board named: on their line a
  bare item token is a Vagabond's, ``items``).  The mob die is not written (the notation
  says so).  The community parser 1.4.0 has no letter ``H`` (its letters stop at ``P``): it reads the Hundreds'
  own lines but reports the tokens and the player and winner lines that name them (``XH3``, ``Hw3->``);
- the Keepers in Iron (``K``, Rootlog V2's "Keepers in Iron" section): relics by type face down and by value face up,
  the delve's move and flip, waystations by their faces, the Retinue's columns and Faithful Retainers (``keepers``).
"""
from __future__ import annotations

import re

import numpy as np

from .. import codes as K
from ..data import (NC, NF, NBT, NTT, NCARD, NITEM, NQUEST, CARD_KIND, CARD_ITEM, CARD_SUIT, K_ITEM, FACTION_NAMES,
                    BT_NAMES, TT_NAMES, BT_OWNER, TT_OWNER, VAGABOND, VAGABOND2, ALLIANCE, LIZARDS,
                    RIVERFOLK, ITEM_NAMES, CORVIDS, TT_PLOT, PLOT_NAMES, RAID,
                    QUEST_SUIT, LEADER_NAMES, CHARACTER_NAMES, CHARACTER_ITEMS, HUNDREDS, MOOD_NAMES, KEEPERS,
                    BT_WAYSTATION, TT_RELIC, NFOREST, NRELIC_KINDS, KP_WAYSTATIONS, DUCHY, BURROW, NMINISTER, MINISTER_NAMES,
                    MINISTER_RANK)
from ..layout import (SETUP_KIND, SETUP_ADVANCED, CLEARING_SUITS, WARRIORS, BUILDINGS, TOKENS, VP, CARD_LOC, TURN, ACTIVE, GAME_OVER, WINNERS, TRUNCATED, REG,
                      R_B_CLEARING, R_B_ATT, R_B_DEF, DECISION, LOC_DECK, LOC_DISCARD, LOC_HAND, LOC_CRAFTED,
                      LOC_ACTIVE_DOM, LOC_DECREE, LOC_SUPPORTERS, LOC_AVAILABLE, VB_PAWN, VB_ITEMS, VB_REL,
                      VB_CHAR, VB_COALITION, CRAFTED_ITEMS, QUEST_LOC, QL_DONE, QUEST_BY, SEAT_FACTION, NSEATS, FACTION_SEAT,
                      DOMINANCE, AL_OFFICERS, LOC_REVEALED, LOC_LOST_SOULS, LZ_ACOLYTES, LZ_OUTCAST,
                      LZ_HATED, RF_FUNDS, RF_PAYMENTS, RF_COMMITTED, RF_PRICES, CV_FACE_UP, R_CV_TARGET, R_CRAFT_CARD, HD_WARLORD,
                      HD_HOARD, HD_GAINED, HD_MOOD, KP_FOREST_DOWN, DU_BURROW, DU_SWAYED)
from ..names import plot_type
from ..layout import MAP, ADJ_OPEN, RUIN_ITEM
from ..map_data import AUTUMN
from .notation import (SUIT_LETTER, ITEM_LETTER, DECREE_LETTER, RELATIONSHIP_LETTER, PIECE_CODE, letter, card_code,
                       card_rootlog_name, place_name, FACTION_TITLE, FACE_DOWN_PLOT, PLOT_CODE, VAGABONDS, vb_row,
                       WARLORD_CODE, ROOTLOG_MAP, FACTION_LETTER, BURROW_PLACE, squash)
from .items import ItemWriter
from .position import ruin_items_of
from .keepers import relic_tokens, waystation_tokens, retinue_card_token, retainer_tokens

# Decisions whose card choice crafts the card (a Riverfolk Export is written as a discard instead).
CRAFT_DECISIONS = (K.D_MQ_CRAFT, K.D_EY_CRAFT, K.D_AL_DAYLIGHT, K.D_VB_ACTION, K.D_LZ_CRAFT, K.D_RF_DAYLIGHT,
                   K.D_CV_CRAFT, K.D_HD_CRAFT, K.D_KP_CRAFT, K.D_DU_CRAFT)
PRICE_LETTER = "hrm"  # the Riverfolk's services: hand card, riverboats, mercenaries (the engine's order)



def _f(f: int, current: int) -> str:
    """A faction's letter, omitted for the current player (Rootlog's default)."""
    return "" if f == current else letter(f)


def _n(k: int) -> str:
    return "" if k == 1 else str(k)


def _hand_of(loc: int):
    return loc - LOC_HAND if LOC_HAND <= loc < LOC_HAND + NF else None


def _place(c: int) -> str:
    """A clearing's number, or the Duchy's Burrow (place BURROW = NC, Law 12.2.2) as Rootlog's "0"."""
    return BURROW_PLACE if c == BURROW else str(c + 1)


def minister_tokens(before: np.ndarray, after: np.ndarray) -> list[str]:
    """The Underground Duchy's ministers: swayed onto its board (Law 12.5.3.III, ``#captain->$``) and lost to the Price
    of Failure (12.2.3, ``#captainD$->``), as the community parser reads them. The crowns have no notation: they
    follow the ministers (one goes onto each swayed minister, one leaves the game with each minister lost).
    Several ministers lost in one step (the Price paid once for each set of buildings removed together, e.g. by two
    mobs' Raze, Law 14.4.1) are
    written in the order the engine returned them, the highest rank first: each is the highest swayed at its moment
    (12.2.3), so their ranks never rise (the ties, the Duchy's choice, in minister order)."""
    out = []
    for m in range(NMINISTER):
        s0, s1 = int(before[DU_SWAYED + m]), int(after[DU_SWAYED + m])
        if s1 and not s0:
            out.append(f"#{squash(MINISTER_NAMES[m])}->$")
    for m in sorted(range(NMINISTER), key=lambda m: -int(MINISTER_RANK[m])):  # stable: minister order within a rank
        if before[DU_SWAYED + m] and not after[DU_SWAYED + m]:
            out.append(f"#{squash(MINISTER_NAMES[m])}{FACTION_LETTER['duchy']}$->")
    return out


def piece_tokens(before: np.ndarray, after: np.ndarray, current: int, shown=()) -> list[str]:
    """Warriors, buildings, tokens, officers and the pawn: removals first (wood paid before the building
    it pays for), then moves, then placements (buildings and tokens before warriors). ``shown``: clearings
    whose face-down plot's type this step made public before removing it (``plot_tokens``)."""
    rem: list[str] = []
    mov: list[str] = []
    put_pieces: list[str] = []  # buildings and tokens go down before the warriors they bring (7.4.3, 8.4.1.III)
    put: list[str] = []
    for f in range(NF):
        sl = slice(WARRIORS + f * NC, WARRIORS + (f + 1) * NC)
        dw = after[sl] - before[sl]
        if f == HUNDREDS:
            dw = dw.copy()
            rem, mov, put = warlord_tokens(before, after, current, dw, rem, mov, put)
        if f == DUCHY:  # the Burrow (Law 12.2.2) as one more place, written "0"
            dw = np.append(dw, after[DU_BURROW] - before[DU_BURROW])
        if not dw.any():
            continue
        loss = [(c, -int(dw[c])) for c in range(len(dw)) if dw[c] < 0]
        gain = [(c, int(dw[c])) for c in range(len(dw)) if dw[c] > 0]
        code = _f(f, current) + "w"
        if len(loss) == 1 and len(gain) == 1 and loss[0][1] == gain[0][1]:
            mov.append(f"{_n(gain[0][1])}{code}{_place(loss[0][0])}->{_place(gain[0][0])}")
            continue
        rem += [f"{_n(n)}{code}{_place(c)}->" for c, n in loss]
        for k in sorted({n for _, n in gain}):
            put.append(f"{_n(k)}{code}->" + "+".join(_place(c) for c, n in gain if n == k))
    for base, count, names, owners in ((BUILDINGS, NBT, BT_NAMES, BT_OWNER), (TOKENS, NTT, TT_NAMES, TT_OWNER)):
        for t in range(count):
            if base == TOKENS and (TT_PLOT <= t < TT_PLOT + len(PLOT_NAMES) or TT_RELIC <= t < TT_RELIC + NRELIC_KINDS):
                continue  # the Corvids' plots: plot_tokens; the Keepers' relics: keepers.relic_tokens
            if base == BUILDINGS and BT_WAYSTATION <= t < BT_WAYSTATION + KP_WAYSTATIONS:
                continue  # the Keepers' waystations, named by their face up: keepers.waystation_tokens
            d = after[base + t * NC:base + (t + 1) * NC] - before[base + t * NC:base + (t + 1) * NC]
            if not d.any():
                continue  # unchanged
            code = _f(int(owners[t]), current) + PIECE_CODE[names[t]]
            rem += [f"{_n(-int(d[c]))}{code}{c + 1}->" for c in range(NC) if d[c] < 0]
            put_pieces += [f"{_n(int(d[c]))}{code}->{c + 1}" for c in range(NC) if d[c] > 0]
    k = int(after[AL_OFFICERS] - before[AL_OFFICERS])  # Law 8.4.1.III, 8.5.3, 8.2.4: the Officers box
    board = _f(ALLIANCE, current)
    if k > 0:
        put.append(f"{_n(k)}{board}w->{board}$")
    elif k < 0:
        rem.append(f"{_n(-k)}{board}w{board}$->")
    ws_out, ws_in = waystation_tokens(before, after, _f(KEEPERS, current))
    rem, put_pieces = rem + ws_out, put_pieces + ws_in  # Law 15.4.1/15.4.2: a warrior and a waystation trade places
    r_out, r_mov, r_in = relic_tokens(before, after, _f(KEEPERS, current))
    rem, mov, put_pieces = rem + r_out, mov + r_mov, put_pieces + r_in
    plots_out, plots_in = plot_tokens(before, after, current, shown)
    rem, put_pieces = rem + plots_out, put_pieces + plots_in  # a bomb leaves after the pieces it removes
    rem, mov, put = _acolytes(before, after, current, rem, mov, put)
    board_out, board_in = riverfolk_board_tokens(before, after, current)
    rem, put = rem + board_out, put + board_in  # a trade post removed, then the funds Trade Disruption takes
    for v in VAGABONDS:
        at = int(after[VB_PAWN + vb_row(v)])
        if at >= 0 and at != before[VB_PAWN + vb_row(v)]:
            mov.append(f"{_f(v, current)}p->{place_name(at, int(after[MAP]))}")
    return rem + mov + put_pieces + put


def warlord_tokens(before, after, current: int, dw: np.ndarray, rem: list, mov: list, put: list):
    """The Hundreds' warlord (Law 14.2.2) as the warrior ``w_w``: placed (setup, 14.3.3; Anoint, 14.4.3, after the
    warrior it replaces is removed), moved, removed in battle. ``dw`` (the change of the Hundreds' warriors, the
    warlord counted among them) is changed in place to the other warriors' change."""
    w0, w1 = int(before[HD_WARLORD]), int(after[HD_WARLORD])
    if w0 == w1:
        return rem, mov, put
    code = _f(HUNDREDS, current) + WARLORD_CODE
    if w0 >= 0:
        dw[w0] += 1
    if w1 >= 0:
        dw[w1] -= 1
    if w0 >= 0 and w1 >= 0:
        return rem, mov + [f"{code}{w0 + 1}->{w1 + 1}"], put
    if w1 >= 0:
        return rem, mov, put + [f"{code}->{w1 + 1}"]
    return rem + [f"{code}{w0 + 1}->"], mov, put


def hoard_count(s: np.ndarray, i: int) -> int:
    """Copies of item i the Hundreds hold: on their Hoard tracks, or gained and waiting for a full track's choice."""
    return int(s[HD_HOARD + i]) + (1 if int(s[HD_GAINED]) == i else 0)


def hoard_tokens(before: np.ndarray, after: np.ndarray, current: int, crafted: list) -> list[str]:
    """The Hundreds' board (their Hoard, Law 14.2.4) and mood (14.4.4): ``#stubborn->$``; an item gained from a
    ruin ``%s3->$``, from another faction's Crafted Items (Looters, 14.2.5) ``%sC$->$``, crafted (written by its
    ``Z%s``: ``crafted`` holds the items crafted and not yet seen arriving); an item removed for good ``%s$->``."""
    board = _f(HUNDREDS, current) + "$"
    out = []
    m0, m1 = int(before[HD_MOOD]), int(after[HD_MOOD])
    if m0 != m1:
        out.append(f"#{MOOD_NAMES[m1]}->{board}")
    for i in range(NITEM):
        k = hoard_count(after, i) - hoard_count(before, i)
        it = "%" + ITEM_LETTER[ITEM_NAMES[i]]
        for _ in range(max(0, k)):
            if i in crafted:
                crafted.remove(i)
                continue
            out.append(f"{it}{_hoard_source(before, after, i)}->{board}")
        for _ in range(max(0, -k)):
            out.append(f"{it}{board}->")  # the board named: on their line a bare item is a Vagabond's (items.py)
    return out


def _hoard_source(before: np.ndarray, after: np.ndarray, i: int) -> str:
    """Where a Hoard item came from: another faction's Crafted Items (looted), a ruin, or '' (the supply)."""
    for f in range(NF):
        if after[CRAFTED_ITEMS + f * NITEM + i] < before[CRAFTED_ITEMS + f * NITEM + i]:
            return f"{letter(f)}$"
    for c in range(NC):  # the ruin that held an item of this kind (two ruins may be emptied in one step)
        for k in range(2):
            at = RUIN_ITEM + k * NC + c
            if before[at] == i and after[at] != i:
                return str(c + 1)
    r0, r1 = ruin_items_of(before), ruin_items_of(after)
    for c in range(NC):
        if r1[c] < r0[c]:
            return str(c + 1)
    return ""


def plot_tokens(before: np.ndarray, after: np.ndarray, current: int, shown=()) -> tuple[list, list]:
    """The Corvids' plots placed and removed (a flip and a Trick are written by the decision, ``_Exporter``):
    placed face down with no type (``t->4``, Law 13.5.2); removed with their type when it is public (face up,
    or shown this step: ``shown``), a face-down raid shown by its effect first (``Pt4^t_r``, 13.7.4), any
    other face-down plot with no type (``Pt4->``)."""
    out, into = [], []
    who = _f(CORVIDS, current)
    for c in range(NC):
        t0, t1 = plot_type(before, c), plot_type(after, c)
        if t0 < 0 <= t1:
            into.append(f"{who}{FACE_DOWN_PLOT if not after[CV_FACE_UP + c] else PLOT_CODE[t1]}->{c + 1}")
        elif t1 < 0 <= t0:
            if before[CV_FACE_UP + c] or c in shown:
                out.append(f"{who}{PLOT_CODE[t0]}{c + 1}->")
            elif t0 == RAID and current != CORVIDS:  # on the Corvids' line it would read as a flip
                out += [f"{who}{FACE_DOWN_PLOT}{c + 1}^{PLOT_CODE[t0]}", f"{who}{PLOT_CODE[t0]}{c + 1}->"]
            elif t0 == RAID:
                out.append(f"{PLOT_CODE[t0]}{c + 1}->")
            else:
                out.append(f"{who}{FACE_DOWN_PLOT}{c + 1}->")
    return out, into


def _acolytes(before: np.ndarray, after: np.ndarray, current: int, rem: list, mov: list, put: list):
    """The Cult's acolytes: Rootlog's Cult board holds them.  Sacrificed from the supply ``w->$``
    (Law 10.5.4), spent back to the supply ``2w$->`` (10.4.3), and by Revenge (10.2.3) a warrior removed
    from a clearing goes to the board instead of the supply: ``Lw5->L$`` replaces the removal ``Lw5->``."""
    k = int(after[LZ_ACOLYTES] - before[LZ_ACOLYTES])
    if k == 0:
        return rem, mov, put
    board, code = _f(LIZARDS, current), _f(LIZARDS, current) + "w"
    if k < 0:
        return rem + [f"{_n(-k)}{code}{board}$->"], mov, put
    removals = re.compile(rf"^(\d*){code}(\d+)->$")
    kept = []
    for tok in rem:
        m = removals.match(tok)
        if m and k > 0:
            n = int(m.group(1) or 1)
            revenge = min(n, k)
            k -= revenge
            mov.append(f"{_n(revenge)}{code}{m.group(2)}->{board}$")
            if n > revenge:
                kept.append(f"{_n(n - revenge)}{code}{m.group(2)}->")
        else:
            kept.append(tok)
    if k > 0:
        put.append(f"{_n(k)}{code}->{board}$")
    return kept, mov, put


def board_warriors(state: np.ndarray, f: int) -> int:
    """Warriors of f on the Riverfolk's board: Rootlog's board is the Funds and Payments boxes, with the
    committed warriors, which the notation does not write apart."""
    return int(state[RF_FUNDS + f] + state[RF_PAYMENTS + f] + state[RF_COMMITTED + f])


def funds(state: np.ndarray) -> int:
    return int(state[RF_FUNDS:RF_FUNDS + NF].sum())


def riverfolk_board_tokens(before: np.ndarray, after: np.ndarray, current: int) -> tuple[list, list]:
    """Warriors leaving the Riverfolk's board for their owners' supplies (funds spent, Law 11.5, or lost to
    Trade Disruption, 11.2.5.I: ``2CwO$->``) and warriors placed on it from a supply (a service's price,
    11.2.6.I ``2w->O$``; the Riverfolk's own for starting payments, Protectionism, Export and the
    Vagabond's items ``w->$``)."""
    out, into = [], []
    board = _f(RIVERFOLK, current) + "$"
    for g in range(NF):
        k = board_warriors(after, g) - board_warriors(before, g)
        if k < 0:
            out.append(f"{_n(-k)}{_f(g, current)}w{board}->")
        elif k > 0:
            into.append(f"{_n(k)}{_f(g, current)}w->{board}")
    return out, into


def card_tokens(before: np.ndarray, after: np.ndarray, current: int, crafting: set,
                revealed=frozenset()) -> tuple[list, list]:
    """Cards moved between the deck, hands, the discard pile, the Decree, supporters and play areas.
    Cards in ``crafting`` leave the hand by being crafted (written as ``Z...``) and are skipped; so are the reveals of
    cards in ``revealed`` (written by the decision, ``_Exporter.decision``).  Returns
    the tokens written before the step's pieces (payments first) and those written after them: the random discards
    the step's removals caused, the Cult's for its gardens (Fear of the Faithful, Law 10.2.5) and the Duchy's for its
    citadels and markets (the Price of Failure, 12.2.3, after the minister returned)."""
    out: list[str] = []
    late: list[str] = []
    at_random = buildings_removed(before, after)  # the factions discarding at random for this step's removals
    drawn = [0] * NF
    supporters: dict = {}  # source ('' for the deck, or a hand) -> cards added face down
    decree_purged = False
    for c in range(NCARD):
        l0, l1 = int(before[CARD_LOC + c]), int(after[CARD_LOC + c])
        if l0 == l1:
            continue
        h0, h1 = _hand_of(l0), _hand_of(l1)
        if h0 is not None and c in crafting:
            crafting.discard(c)
            continue
        retinue = retinue_card_token(c, l0, l1)  # Law 15.6.2: the Keepers' Retinue, face up
        if retinue is not None:
            out.append(retinue)
        elif l0 == LOC_DECK and h1 == RIVERFOLK:
            out.append(f"{card_code(c)}->{letter(h1)}")  # Law 11.2.3: the Riverfolk's hand is public
        elif l0 == LOC_DECK and h1 is not None:
            drawn[h1] += 1
        elif h0 is not None and l1 == LOC_REVEALED:
            if c not in revealed:
                out.append(f"{card_code(c)}^")  # Law 10.5: revealed to the table for a ritual
        elif h0 is not None and l1 == LOC_LOST_SOULS:
            out.append(f"{card_code(c)}{letter(h0)}->")  # Rootlog writes the Lost Souls pile as a discard
            if h0 in at_random:
                late.append(out.pop())
        elif h0 is not None and h1 is not None and RIVERFOLK in (h0, h1):
            out.append(f"{card_code(c)}{letter(h0)}->{letter(h1)}")  # into or out of the public hand (11.2.3)
        elif h0 is not None and h1 is not None:
            out.append(f"#{letter(h0)}->{letter(h1)}")  # given face down (Aid, Stand and Deliver!)
        elif h0 is not None and l1 in (LOC_DISCARD, LOC_AVAILABLE):
            (late if h0 in at_random else out).append(f"{card_code(c)}{letter(h0)}->")
        elif h0 is not None and LOC_DECREE <= l1 < LOC_DECREE + 4:
            out.append(f"{card_code(c)}{letter(h0)}->$_{DECREE_LETTER[l1 - LOC_DECREE]}")
        elif l1 == LOC_SUPPORTERS:  # face down, from a hand or the deck (Law 8.2.3)
            src = letter(h0) if h0 is not None else ""
            if LOC_CRAFTED <= l0 < LOC_CRAFTED + NF:  # discarded from play, then reshuffled and drawn (an Outrage)
                out.append(f"{card_code(c)}{letter(l0 - LOC_CRAFTED)}$->")
            supporters[src] = supporters.get(src, 0) + 1
        elif l0 == LOC_SUPPORTERS:
            out.append(f"{SUIT_LETTER[CARD_SUIT[c]]}#{letter(ALLIANCE)}$->")
        elif LOC_DECREE <= l0 < LOC_DECREE + 4:
            decree_purged = True  # Law 7.7.3: only turmoil empties the Decree
        elif h0 is not None and LOC_ACTIVE_DOM <= l1 < LOC_ACTIVE_DOM + NF:
            out.append(f"{card_code(c)}{letter(h0)}->$")
        elif l0 == LOC_DISCARD and h1 is not None:
            out.append(f"{card_code(c)}*->{letter(h1)}")
        elif l0 == LOC_AVAILABLE and h1 is not None:
            out.append(f"{card_code(c)}*->{letter(h1)}")  # a dominance card taken from beside the map
        elif LOC_CRAFTED <= l0 < LOC_CRAFTED + NF:
            out.append(f"{card_code(c)}{letter(l0 - LOC_CRAFTED)}$->")
    for f in range(NF):
        if drawn[f]:
            out.append(f"{_n(drawn[f])}#->{letter(f)}")
    for src, k in supporters.items():
        out.append(f"{_n(k)}#{src}->{_f(ALLIANCE, current)}$")
    if decree_purged:
        out.insert(0, "$_->")
    return out, late


def buildings_removed(before: np.ndarray, after: np.ndarray) -> set:
    """The Cult and the Duchy when this step removed one of their buildings: each then discards at random (Law 10.2.5,
    12.2.3; the Cult's Lost Souls are written as discards)."""
    out = set()
    for f in (LIZARDS, DUCHY):
        for t in range(NBT):
            sl = slice(BUILDINGS + t * NC, BUILDINGS + (t + 1) * NC)
            if BT_OWNER[t] == f and (after[sl] < before[sl]).any():
                out.add(f)
    return out


class _Exporter:
    """Collects one token list per (turn, faction) as the record is replayed."""

    def __init__(self):
        self.entries: list = []    # [(turn, faction), tokens, state at its end], one per stretch of play
        self.crafting: set = set()
        self.battle = None  # [tokens list, index, defender, clearing, ambush, foil, rolls]
        self.vb_crafted: list = []  # (Vagabond, item) crafted that have not reached his board yet
        self.items = ItemWriter(False)  # replaced by ``export_lines`` once it knows whether both Vagabonds play
        self.shown: set = set()  # clearings whose face-down plot's type a decision just made public
        self.hd_crafted: list = []  # items the Hundreds crafted that have not reached their Hoard yet
        self.pending: dict = {}  # faction -> tokens of its setup done before the first decision, for its first line
        self.revealed: set = set()  # cards the Duchy's decision revealed this step (written by ``decision``)

    def _entry(self, key, state) -> list:
        """The line being written for ``key``: a new one when play has passed to another (turn, faction)."""
        if not self.entries or self.entries[-1][0] != key:
            self.end_line()
            self.entries.append([key, self.pending.pop(key[1], []), state.copy()])
        return self.entries[-1]

    def end_line(self) -> None:
        """The item steps held back on the line being written (``items.ItemWriter``) go at its end."""
        if self.entries:
            (_, current), toks, _ = self.entries[-1]
            toks += self.items.flush(current, toks)

    def _battle_text(self):
        toks, i, dfd, c, amb, foil, rolls = self.battle
        s = f"X{letter(dfd)}{c + 1}"
        if amb is not None:
            s += SUIT_LETTER[amb] + "@" + (SUIT_LETTER[foil] + "@" if foil is not None else "")
        if rolls is not None:
            s += f"({rolls[0]},{rolls[1]})"
        toks[i] = s

    def decision(self, key, before: np.ndarray, a: int) -> None:
        """Tokens that come from the decision itself, not from the change it made."""
        toks = self._entry(key, before)[1]
        d = int(before[DECISION])
        if d == K.D_BATTLE_DEFENDER:
            toks.append("")
            self.battle = [toks, len(toks) - 1, a - K.A_FACTION, int(before[REG + R_B_CLEARING]), None, None, None]
            self._battle_text()
        elif d == K.D_AMBUSH and a != K.A_DONE and self.battle is not None:
            self.battle[4] = int(CARD_SUIT[a - K.A_CARD])
            self._battle_text()
        elif d == K.D_FOIL and a != K.A_DONE and self.battle is not None:
            self.battle[5] = int(CARD_SUIT[a - K.A_CARD])
            self._battle_text()
        elif d == K.D_CV_FLIP and a != K.A_DONE:  # Law 13.4.2: the type is shown
            c = a - K.A_CLEARING
            toks.append(f"{_f(CORVIDS, key[1])}{FACE_DOWN_PLOT}{c + 1}^{PLOT_CODE[plot_type(before, c)]}")
            self.shown.add(c)
        elif d == K.D_CV_TRICK_B:  # Law 13.5.4
            first, second = int(before[REG + R_CV_TARGET]) + 1, a - K.A_CLEARING + 1
            toks.append(f"{FACE_DOWN_PLOT}{first}<->{FACE_DOWN_PLOT}{second}")
        elif d == K.D_CV_EXPOSE_CARD:  # Law 13.2.4: a card shown to the Corvids alone
            toks.append(f"#^{letter(CORVIDS)}")
        elif d == K.D_CV_EXPOSE_GUESS:
            c, t = int(before[REG + R_CV_TARGET]), a - K.A_PIECE - NBT - TT_PLOT
            toks.append(f"?{letter(CORVIDS)}{PLOT_CODE[t]}{c + 1}")
            if plot_type(before, c) == t:
                self.shown.add(c)  # right: the plot is removed, its type known
        elif d == K.D_HD_CONTEMPT and a == K.A_OPT + K.OPT_SCORE:  # Law 14.2.3: the crafted item removed for its VP
            i = int(CARD_ITEM[int(before[REG + R_CRAFT_CARD])])
            if i in self.hd_crafted:
                self.hd_crafted.remove(i)
                toks.append("%" + ITEM_LETTER[ITEM_NAMES[i]] + "$->")
        elif d in (K.D_DU_BUILD_CARD, K.D_DU_SWAY_CARD) and K.A_CARD <= a < K.A_CARD + NCARD:
            # Law 12.5.1.I, 12.5.3.II: written by the decision, as the card may come back to the hand (or go to the
            # discard pile, a bird) in the same step, when the Sway's last card ends the Daylight (12.6.1)
            self.revealed.add(a - K.A_CARD)
            toks.append(f"{card_code(a - K.A_CARD)}^")
        elif d == K.D_CHOOSE_LEADER:  # Law 7.3.3, 7.7.3 (a New Clutch may choose the same leader again)
            toks.append(f"#{LEADER_NAMES[a - K.A_OPT - K.OPT_LEADER]}->$")
        elif d in CRAFT_DECISIONS and K.A_CARD <= a < K.A_CARD + NCARD:
            c = a - K.A_CARD
            self.crafting.add(c)
            if CARD_KIND[c] == K_ITEM:
                toks.append("Z%" + ITEM_LETTER[ITEM_NAMES[CARD_ITEM[c]]])
                if int(before[ACTIVE]) in VAGABONDS:  # its arrival is written by the Z
                    self.vb_crafted.append((int(before[ACTIVE]), int(CARD_ITEM[c])))
                elif int(before[ACTIVE]) == HUNDREDS:  # to the Hoard (Law 14.2.4.I), written by the Z
                    self.hd_crafted.append(int(CARD_ITEM[c]))
            else:
                toks.append("Z" + card_rootlog_name(c))

    def roll(self, state: np.ndarray) -> None:
        """The two dice of the battle about to be rolled (read from a copy of the generator)."""
        from ..engine.rng import rng_int
        if self.battle is None:
            return
        att, dfd, c = int(state[REG + R_B_ATT]), int(state[REG + R_B_DEF]), int(state[REG + R_B_CLEARING])
        if att not in VAGABONDS and state[WARRIORS + att * NC + c] == 0:
            return  # Law 4.3.1: an ambush removed every attacking warrior, no roll
        s = state.copy()
        d1, d2 = int(rng_int(s, 4)), int(rng_int(s, 4))
        hi, lo = max(d1, d2), min(d1, d2)
        # Law 4.3.2: the attacker deals the higher roll; Law 8.2.2: a defending Alliance deals it.
        self.battle[6] = (lo, hi) if dfd == ALLIANCE else (hi, lo)
        self._battle_text()

    def change(self, key, before: np.ndarray, after: np.ndarray) -> None:
        """Tokens for everything public that changed between two states."""
        entry = self._entry(key, after)
        entry[2] = after.copy()
        toks, current = entry[1], key[1]
        pieces = piece_tokens(before, after, current, self.shown)
        self.shown = set()
        cards, late = card_tokens(before, after, current, self.crafting, self.revealed)
        self.revealed = set()
        if cards[:1] == ["$_->"]:
            toks.append(cards.pop(0))
        for v in VAGABONDS:
            k = vb_row(v)
            ch0, ch1 = int(before[VB_CHAR + k]), int(after[VB_CHAR + k])
            if ch1 >= 0 and ch0 != ch1:
                toks.append(f"#{CHARACTER_NAMES[ch1]}->$")
                before = before.copy()  # Law 9.3.5: the starting items come with the character, unwritten
                at = VB_ITEMS + k * NITEM * 4
                before[at:at + NITEM * 4:4] += CHARACTER_ITEMS[ch1]
        toks += retainer_tokens(before, after) + cards + pieces  # payments before what they pay for
        toks += minister_tokens(before, after) + late + closed_path_tokens(before, after)  # 12.2.3: minister, discard
        for v, i in list(self.vb_crafted):
            at = VB_ITEMS + vb_row(v) * NITEM * 4 + i * 4
            if after[at:at + 4].sum() > before[at:at + 4].sum():
                before = before.copy()
                before[at] += 1
                self.vb_crafted.remove((v, i))
        for v in VAGABONDS:
            toks += self.items.tokens(before, after, current, _item_source(before, after, v), v, toks)
        toks += hoard_tokens(before, after, current, self.hd_crafted)
        for q in range(NQUEST):  # to the play area of the Vagabond who completed it (9.5.5)
            if after[QUEST_LOC + q] == QL_DONE and before[QUEST_LOC + q] != QL_DONE:
                toks.append(f"{SUIT_LETTER[QUEST_SUIT[q]]}#Q->{_f(int(after[QUEST_BY + q]), current)}$")
        for v in VAGABONDS:
            chart = VB_REL + vb_row(v) * NF
            for f in range(NF):
                r0, r1 = int(before[chart + f]), int(after[chart + f])
                if r0 >= 0 and r1 >= 0 and r0 != r1:
                    toks.append(f"{_f(v, current)}$_{letter(f)}->{RELATIONSHIP_LETTER[r1]}")
        for k in range(3):  # Law 11.3.5, 11.6.2: on the Riverfolk's lines
            if after[RF_PRICES + k] != before[RF_PRICES + k] and after[RF_PRICES + k] > 0:
                toks.append(f"$_{PRICE_LETTER[k]}->{int(after[RF_PRICES + k])}")
        if current != RIVERFOLK and funds(after) < funds(before):
            toks.append(f"$_f->{funds(after)}")  # Trade Disruption on another player's turn (11.2.5.I)
        o0, o1, h1 = int(before[LZ_OUTCAST]), int(after[LZ_OUTCAST]), int(after[LZ_HATED])
        if o1 >= 0 and (o1, h1) != (o0, int(before[LZ_HATED])):
            toks.append(f"$_{'ho' if h1 else 'o'}->{SUIT_LETTER[o1]}")  # Law 10.3.3, 10.4.1
        for f in range(NF):
            k = int(after[VP + f] - before[VP + f])
            if k > 0:
                toks.append(f"{_f(f, current)}++{_n(k)}")
            elif k < 0:
                toks.append(f"{_f(f, current)}--{_n(-k)}")
        for f in range(NF):
            if after[DOMINANCE + f] and not before[DOMINANCE + f] and f not in VAGABONDS:
                toks.append(f"{_f(f, current)}++->{_f(f, current)}$")  # Law 3.3.1
        for v in VAGABONDS:
            partner = int(after[VB_COALITION + vb_row(v)])
            if partner >= 0 and partner != before[VB_COALITION + vb_row(v)]:
                toks.append(f"{_f(v, current)}++->{letter(partner)}$")  # Law 9.2.8


def closed_path_tokens(before: np.ndarray, after: np.ndarray) -> list[str]:
    """Law C.3.3: a Mountain closed path removed, in Rootlog's notation for it (``2_5->``, the lower clearing first;
    the card spent and the VP are written as every discard and VP are)."""
    out = []
    for a in range(NC):
        new = int(after[ADJ_OPEN + a]) & ~int(before[ADJ_OPEN + a])
        for b in range(a + 1, NC):
            if (new >> b) & 1:
                out.append(f"{a + 1}_{b + 1}->")
    return out


def _item_source(before: np.ndarray, after: np.ndarray, v: int) -> str:
    """Where Vagabond v's new items come from: another faction's Crafted Items (Aid), the ruin where his pawn
    is (one item fewer under it), or '' (the supply)."""
    for f in range(NF):
        if (before[CRAFTED_ITEMS + f * NITEM:CRAFTED_ITEMS + (f + 1) * NITEM]
                > after[CRAFTED_ITEMS + f * NITEM:CRAFTED_ITEMS + (f + 1) * NITEM]).any():
            return f"{letter(f)}$"
    c = int(after[VB_PAWN + vb_row(v)])
    if 0 <= c < NC and ruin_items_of(before)[c] > ruin_items_of(after)[c]:
        return str(c + 1)
    return ""


def _run(state: np.ndarray, a: int, ex: _Exporter) -> None:
    """Apply action ``a`` to ``state`` in place, as ``core.apply`` does, writing the tokens of each
    stretch of play to the line of its (turn, faction).  Automatic steps that begin the next player's
    turn are written on that player's line."""
    from ..engine import core
    from ..engine.score import check_victory
    from ..engine.machine import PC_BATTLE_ROLL, PC_VB_BIRDSONG, PC_KP_EVENING
    from ..layout import DECISIONS, PC, LEGAL, LEGAL_N, OPTIONS, O_AUTO_FORCED
    if core.apply(state.copy(), a) != core.OK:
        raise ValueError(f"action {a} is not legal here")
    state[DECISIONS] += 1

    def key():
        return int(state[TURN]), int(state[ACTIVE])

    def decide(action):
        before = state.copy()
        core.decide(state, action)
        ex.decision(key(), before, int(action))

    start, k0 = state.copy(), key()
    decide(a)
    while state[GAME_OVER] == 0 and not check_victory(state):
        pc = int(state[PC])
        if pc in (PC_BATTLE_ROLL, PC_VB_BIRDSONG, PC_KP_EVENING):
            # the dice read before the roll; the items a Vagabond exhausted to buy services (Law 11.2.6.III)
            # written before an automatic refresh turns them face up again (9.4.1); the Keepers' last Daylight move
            # written before Live Off the Land (15.6.1) removes warriors in the same stretch of play
            ex.change(k0, start, state)
            start = state.copy()
            if pc == PC_BATTLE_ROLL:
                ex.roll(state)
        if core.run_step(state, pc):
            if state[OPTIONS + O_AUTO_FORCED] != 0 and state[LEGAL_N] == 1:
                ex.change(k0, start, state)
                start, k0 = state.copy(), key()
                decide(int(state[LEGAL]))
                continue
            break
        if key() != k0:
            ex.change(k0, start, state)
            start, k0 = state.copy(), key()
    ex.change(k0, start, state)


def _setup_before_first_decision(state: np.ndarray, ex: _Exporter) -> None:
    """The Alliance's setup needs no decision (Law 8.3): when it comes first in setup order, ``Game.new``
    has already drawn its three supporters.  Write that setup line from the deck.  The Keepers' first relics (Law
    15.3.1) are dealt there too: held for their setup line."""
    if state[FACTION_SEAT + KEEPERS] >= 0:
        # Law 15.3.1: one relic face down in each forest, dealt by Game.new; written first on the Keepers' setup line
        before = state.copy()
        before[KP_FOREST_DOWN:KP_FOREST_DOWN + NFOREST * NRELIC_KINDS] = 0
        ex.pending[KEEPERS] = relic_tokens(before, state, "")[2]
    held = [c for c in range(NCARD) if state[CARD_LOC + c] == LOC_SUPPORTERS]
    if held:
        before = state.copy()
        before[CARD_LOC + np.array(held)] = LOC_DECK
        ex.change((0, ALLIANCE), before, state)


def export_lines(game_or_record) -> tuple[list[str], list[np.ndarray]]:
    """The Rootlog lines of a game, and for each turn line (setup lines included) the engine state when
    it ends.  Takes a ``Game`` with a history (made by ``Game.new``) or a record (dict or JSON text)."""
    from ..records import replay_states, parse_record, parse_json, RecordError
    record = game_or_record.to_record() if hasattr(game_or_record, "to_record") else game_or_record
    if not isinstance(record, dict):
        record = parse_json(record, "record")
    bots = [f for f in parse_record(record)[0]["factions"] if f.startswith("bot:")]
    if bots:
        # Rootlog has no notation for the Clockwork bots (seed 004), and an import would read their turns against
        # the factions' own rules: refused, not written wrong (docs/rootlog.md, "Clockwork bots")
        raise RecordError(f"a game with Clockwork bot seats ({', '.join(bots)}) cannot be exported as Rootlog: the "
                          "notation has no bots, and their turns follow rules of their own")
    lines = ["Map: Fall", "Deck: Standard"]  # the map's line is set from the game's first state below
    ex = _Exporter()
    g = None
    first = True
    for g, a in replay_states(record):
        s = g.state
        if first:
            first = False
            lines[0] = f"Map: {ROOTLOG_MAP[int(s[MAP])]}"
            if s[SETUP_KIND] == SETUP_ADVANCED or s[MAP] != AUTUMN:  # Appendix A.1: where the suit markers went
                lines.append("Clearings: " + ", ".join(f"{SUIT_LETTER[int(s[CLEARING_SUITS + c])]}{c + 1}"
                                                       for c in range(NC)))
            for k in range(int(s[NSEATS])):
                f = int(s[SEAT_FACTION + k])
                lines.append(f"{letter(f)}: {FACTION_TITLE[FACTION_NAMES[f]]}")
            ex.items = ItemWriter(bool(s[FACTION_SEAT + VAGABOND] >= 0 and s[FACTION_SEAT + VAGABOND2] >= 0))
            _setup_before_first_decision(s, ex)
        _run(s, int(a), ex)
        if g._actions is not None:
            g._actions.append(int(a))
    ex.end_line()
    states = []
    for (turn, active), toks, end in ex.entries:
        toks = [t for t in toks if t]
        if active == RIVERFOLK and (toks or (int(end[TURN]) == turn and not end[GAME_OVER])):
            # the funds at the end of each Riverfolk turn (Rootlog reads none as 0); an empty stretch whose
            # turn number moved on is the step between two turns, not a turn
            toks.append(f"$_f->{funds(end)}")
        if active >= 0 and toks:
            lines.append(f"{letter(active)}:" + "/".join(toks))
            states.append(end)
    if g is not None and g.state[GAME_OVER] and not g.state[TRUNCATED]:
        w = int(g.state[WINNERS])
        lines.append("Winner: " + "".join(letter(f) for f in range(NF) if (w >> f) & 1))
    return lines, states


def to_rootlog(game_or_record) -> str:
    """The game as Rootlog text: header, one line per faction setup and per turn, the winners.  Takes a
    ``Game`` with a history (made by ``Game.new``) or a record (dict or JSON text)."""
    return "\n".join(export_lines(game_or_record)[0]) + "\n"

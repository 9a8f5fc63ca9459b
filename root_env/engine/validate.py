"""The check of a state array that enters from outside (a snapshot, ``Game.from_state``, a batch row).

A state that passes can be played by the compiled engine without reading or writing outside an array,
without a runaway loop and without an engine error, because every value the engine later uses as an
index or a loop bound has been checked here first:

1. **ranges** (``first_out_of_range``): every entry against the ``layout.BOUNDS`` table;
2. **seating** (``check_seating``): seats and factions agree, only implemented factions are seated, the
   active faction owns the step the machine is in;
3. **invariants** (``invariants.check_state``): pieces, cards and items conserved, the pending decision
   well formed (the same checker the random-game tests run after every decision);
4. **the machine** (``check_machine``): the program counter and every return address on the call stack
   are real steps, registers with more than one meaning fit the step that reads them (``check_registers``),
   and running the pending step again on a copy offers exactly the recorded decision: the same kind, the
   same decider and the same legal actions in the same order; then each legal action is played on a copy
   (``probe_actions``) and the result must keep the invariants, so a pending decision whose preconditions
   the position contradicts is refused too.

5. **continuations** (``checked_playout``): random games played on from a copy of the position, the ranges
   and the invariants checked after every decision, until every frame of the loaded call stack has returned
   and another turn has begun: the stack, the registers and the counters must play out as the decision they
   describe, or the position is refused (a position whose consistency the checks above cannot prove, a
   shuffled stack, a register copied from another position, is proved or refused here).

All five run in compiled code (``check_loadable`` runs them in order: the invariant sweep of the tests runs it
on positions reached in play, so that every position the engine reaches loads again); ``state_problem``
(Python) turns the first failure into a message naming the region, which ``inputs.state_array`` raises as a
``RootError``. Nothing here runs inside ``apply`` or the batched kernels: only where a state comes in.
"""
import numpy as np
from .jit import njit

from ..codes import (N_DECISIONS, D_BBB_TARGET, D_NEW_ROOST, D_BATTLE_ALLY, OPT_CONSPIRACY, OPT_BUILD, OPT_RECRUIT, OPT_SCORE,
                     OPT_SACRIFICE, OPT_TRADE_POST, OPT_EXPORT, OPT_MOVE, OPT_BATTLE, OPT_DRAW)
from ..data import (HUNDREDS, HD_ITEM_TRACK, K_ITEM, CARD_ITEM, NF, NC, NTT, FACTION_NAMES, ENGINE_FACTIONS, BOT_NAMES, MARQUISE, EYRIE, ALLIANCE, VAGABOND, LIZARDS,
                    RIVERFOLK, CORVIDS,
                    CARD_KIND, K_DOMINANCE, CONVERT, SANCTIFY, NQUEST, QUESTS_VISIBLE, WARRIOR_TOTAL, NBT, BT_OWNER,
                    TT_OWNER, NITEM, KEEPERS, NCARD, RETINUE_COLUMNS)
from ..data import DUCHY, BT_CITADEL, BT_MARKET, BRIGADIER, BANKER, NMINISTER, DU_SWAY_CARDS, MINISTER_RANK
from ..layout import DU_CLEARING, DU_BT, DU_KIND, DU_MINISTER, DU_LEFT, DU_SWAYED, R_MOVE_FROM
from .board import building_supply
from ..layout import (KP_CARD, KP_CLEARING, KP_FOREST, KP_COL, KP_RETAINERS, KP_RET_USED, KP_STEP, KP_FALLBACK,
                      LOC_RETINUE, CARD_FLAG)
from .geometry import n_forests
from ..layout import (HD_CURSOR, HD_ROLL, HD_GAINED, ITEM_SUPPLY, R_B_DEF, R_B_ATT, R_B_CLEARING, BOUNDS, REGIONS, STATE_SIZE, N_PC, NSEATS, SEAT_FACTION, FACTION_SEAT, MAX_SEATS, PC, STACK,
                      STACK_N, GAME_OVER, LEGAL, LEGAL_N, DECISION, DECIDER, ACTIVE, PHASE, PH_SETUP, PH_OVER, TURN,
                      REG, R_ARG, R_ARG2, R_SPEND_THEN, R_RETURN_AFTER, R_PLACE_KIND, CARD_LOC, LOC_AVAILABLE,
                      R_LZ_RITUAL, R_LZ_CARD, R_LZ_TARGET, R_MOVE_TO, LOC_REVEALED, R_RF_ARG, R_CRAFT_CARD, R_BUILD_AT,
                      LOC_HAND, R_CV_TARGET, BOT, BOT_LEVEL, BOT_TRAITS, OPTIONS, O_COOPERATIVE, SUPPRESS_WIN,
                      R_B_STAGE, WARRIORS, BUILDINGS, TOKENS, SUPPLY_WARRIORS, VB_CHAR, VB_PAWN, VB_REL, VB_ITEMS,
                      QUEST_LOC, QUEST_DECK_N, QL_DECK, QL_VISIBLE, RUIN_ITEM, LZ_ACOLYTES)
from .factions.riverfolk import CRAFT_WITH_BENEFIT
from . import machine
from .core import run_step, apply, OK
from .invariants import check_state, CHECKS, CHECK_REGIONS
from .placement import TOKEN_KIND
from .turn import setup_faction, setup_steps
from .homelands import advanced
from .vagabonds import is_vagabond
from .rng import xorshift32, M32

# ---- the bounds table as two arrays, one entry per state entry
LO = np.zeros(STATE_SIZE, np.int64)
HI = np.zeros(STATE_SIZE, np.int64)
for _name, _start, _size in REGIONS:
    _shape, _lo, _hi = BOUNDS[_name]
    LO[_start:_start + _size] = _lo
    HI[_start:_start + _size] = _hi

# ---- the steps of the machine: every PC_* constant of engine.machine
VALID_PC = np.zeros(N_PC, np.bool_)
for _k, _v in vars(machine).items():
    if _k.startswith("PC_") and isinstance(_v, int):
        assert 0 <= _v < N_PC, _k
        VALID_PC[_v] = True

# The faction whose turn it must be while the machine is in one of its steps (-1: any faction). Field
# Hospitals (83) is the Marquise's interrupt in anyone's turn; 102 ends a faction's setup.
STEP_OWNER = np.full(N_PC, -1, np.int64)
STEP_OWNER[machine.PC_MQ_SETUP_KEEP:machine.PC_MQ_EVENING + 1] = MARQUISE
STEP_OWNER[machine.PC_EY_SETUP_CORNER:machine.PC_EY_EVENING + 1] = EYRIE
STEP_OWNER[machine.PC_AL_SETUP:machine.PC_AL_DRAW + 1] = ALLIANCE
STEP_OWNER[machine.PC_VB_SETUP:machine.PC_VB_EXPLORE + 1] = VAGABOND  # either Vagabond (Law 9.8)
STEP_OWNER[machine.PC_LZ_SETUP:machine.PC_LZ_DRAW + 1] = LIZARDS
STEP_OWNER[machine.PC_RF_SETUP:machine.PC_RF_PAY + 1] = RIVERFOLK  # its services are bought in any turn
STEP_OWNER[machine.PC_CV_SETUP:machine.PC_CV_DRAW + 1] = CORVIDS  # Exposure is in an enemy's turn
STEP_OWNER[machine.PC_MM_SETUP:machine.PC_MM_BLITZ_BATTLE + 1] = MARQUISE  # the Mechanical Marquise (a bot)
STEP_OWNER[machine.PC_EE_SETUP:machine.PC_EE_EVENING + 1] = EYRIE  # the Electric Eyrie (a bot)
STEP_OWNER[machine.PC_AA_SETUP:machine.PC_AA_EVENING + 1] = ALLIANCE  # the Automated Alliance (a bot)
STEP_OWNER[machine.PC_HD_SETUP:machine.PC_HD_DRAW + 1] = HUNDREDS  # its Hoard, Looters and Bitter: in battles, crafts
STEP_OWNER[machine.PC_KP_SETUP:machine.PC_KP_CORNER + 1] = KEEPERS  # carrying relics and Prized Trophies: shared steps
STEP_OWNER[machine.PC_DU_SETUP:machine.PC_DU_DRAW + 1] = DUCHY  # the Price of Failure is paid in engine.interrupts

# Decisions offered by a step that has already moved PC on (goto, then offer): the step that offers them.
# Every other decision is offered by the step in PC itself.
OFFERED_BY = np.full(N_DECISIONS, -1, np.int64)
OFFERED_BY[D_BBB_TARGET] = machine.PC_BBB
OFFERED_BY[D_NEW_ROOST] = machine.PC_EY_NEW_ROOST
OFFERED_BY[D_BATTLE_ALLY] = machine.PC_BATTLE_ALLY  # (Law 9.2.9.II.c: it moves on to the ambush, then offers the Ally)

HAS_BOT = np.zeros(NF, np.bool_)  # factions with a Clockwork bot (data.BOT_NAMES)
for _f in BOT_NAMES.values():
    HAS_BOT[_f] = True

IMPLEMENTED = np.zeros(NF, np.bool_)
for _n in ENGINE_FACTIONS:
    IMPLEMENTED[FACTION_NAMES.index(_n)] = True

# Result codes of check_seating and check_machine, with the regions each names.
(V_OK, V_SEAT, V_FACTION_SEAT, V_NOT_IMPLEMENTED, V_ACTIVE, V_PHASE, V_STEP_OWNER, V_PC, V_STACK, V_NOT_PENDING,
 V_DECISION, V_DECIDER, V_LEGAL, V_SETUP_INDEX, V_REG_STEP, V_REG_CARD, V_REG_CLEARING, V_REG_PLACE,
 V_REG_RITUAL, V_REG_RIVERFOLK, V_BOT, V_SUPPRESS, V_SETUP, V_REG_HUNDREDS, V_REG_KEEPERS, V_REG_DUCHY) = range(26)
V_MESSAGES = (
    "ok",
    "a seat below NSEATS is empty or a seat above it is taken",
    "FACTION_SEAT does not match SEAT_FACTION",
    "a faction that is not implemented is seated",
    "the active faction is not seated",
    "PHASE does not match TURN (setup is turn 0)",
    "the step in PC belongs to another faction than the active one",
    "PC is not a step of the engine",
    "the call stack holds an address that is not a step of the engine, or a step of another faction",
    "the step in PC does not wait for a decision",
    "the pending decision is not the one the step in PC offers",
    "the decider is not the one the step in PC asks",
    "the legal actions differ from the ones the engine computes for this position",
    "during setup, R_ARG is not the setup-order index of the active faction",
    "a register that holds a step of the engine (R_SPEND_THEN, R_RETURN_AFTER) names no step",
    "R_ARG is not an available dominance card while one is being paid for",
    "R_ARG2 is not a clearing (overwork) or a building index (Marquise setup) while the step reads it",
    "R_PLACE_KIND is neither a seated faction nor a token type while pieces are being placed",
    "a Lizard Cult register the step reads (R_LZ_RITUAL, R_LZ_CARD, R_LZ_TARGET, R_MOVE_TO) does not fit the step",
    "a Riverfolk or Corvid register the step reads (R_RF_ARG, R_CRAFT_CARD, R_BUILD_AT, R_CV_TARGET, R_ARG2) "
    "does not fit the step",
    "a Clockwork bot flag, level or traits on a faction that is not seated, has no bot, or is not a bot",
    "SUPPRESS_WIN is not 1 exactly while a battle's hits are being allocated (Law 3.1)",
    "during setup, a faction that has not set up yet has pieces, a Vagabond's setup is not where its pawn says, or "
    "the quests and ruin items are not dealt exactly when the first Vagabond has set up (Law 5.1, 9.3.3-9.3.4)",
    "a Lord of the Hundreds register the step reads (R_ARG2, HD_CURSOR, HD_ROLL, HD_GAINED, R_CRAFT_CARD, R_B_DEF, "
    "R_B_CLEARING, HD_WARLORD) does not fit the step (Law 14)",
    "a Keepers in Iron register the step reads (KP_CARD, KP_CLEARING, KP_FOREST, KP_COL) does not fit the step (Law 15)",
    "an Underground Duchy register the step reads (DU_CLEARING, DU_BT, DU_KIND, DU_MINISTER, DU_LEFT, the Burrow in "
    "R_MOVE_FROM) does not fit the step (Law 12)",
)
V_REGIONS = ((), ("SEAT_FACTION", "NSEATS"), ("FACTION_SEAT", "SEAT_FACTION"), ("SEAT_FACTION",), ("ACTIVE",),
             ("PHASE", "TURN"), ("PC", "ACTIVE"), ("PC",), ("STACK", "STACK_N"), ("PC", "DECISION"),
             ("DECISION", "PC"), ("DECIDER", "PC"), ("LEGAL", "LEGAL_N"), ("REG[R_ARG]", "ACTIVE"),
             ("REG[R_SPEND_THEN]", "REG[R_RETURN_AFTER]"), ("REG[R_ARG]",), ("REG[R_ARG2]",),
             ("REG[R_PLACE_KIND]",), ("REG[R_LZ_RITUAL]", "REG[R_LZ_CARD]", "REG[R_LZ_TARGET]", "REG[R_MOVE_TO]"),
             ("REG[R_RF_ARG]", "REG[R_CRAFT_CARD]", "REG[R_BUILD_AT]", "REG[R_CV_TARGET]", "REG[R_ARG2]"),
             ("BOT", "BOT_LEVEL", "BOT_TRAITS"), ("SUPPRESS_WIN", "REG[R_B_STAGE]", "PC", "STACK"),
             ("WARRIORS", "BUILDINGS", "TOKENS", "SUPPLY_WARRIORS", "VB_PAWN", "VB_CHAR", "VB_REL", "VB_ITEMS",
              "QUEST_LOC", "QUEST_DECK_N", "RUIN_ITEM", "REG[R_ARG]"),
             ("REG[R_ARG2]", "HD_CURSOR", "HD_ROLL", "HD_GAINED", "REG[R_CRAFT_CARD]", "REG[R_B_DEF]",
              "REG[R_B_CLEARING]", "HD_WARLORD"),
             ("KP_CARD", "KP_CLEARING", "KP_FOREST", "KP_COL"),
             ("DU_CLEARING", "DU_BT", "DU_KIND", "DU_MINISTER", "DU_LEFT", "REG[R_MOVE_FROM]", "ACTIVE"))
assert len(V_MESSAGES) == len(V_REGIONS) == V_REG_DUCHY + 1


@njit(cache=True)
def step_owner_ok(pc, f):
    """Step pc may run in f's turn: it belongs to no faction, to f, or (a Vagabond step) f is a Vagabond."""
    owner = STEP_OWNER[pc]
    return owner < 0 or owner == f or (owner == VAGABOND and is_vagabond(f))


@njit(cache=True)
def first_out_of_range(state, lo, hi):
    """Index of the first entry outside [lo, hi], or -1."""
    for i in range(state.shape[0]):
        if state[i] < lo[i] or state[i] > hi[i]:
            return i
    return -1


@njit(cache=True)
def check_seating(state):
    """Seats, factions, the active faction and the phase agree (needs ranges checked first)."""
    n = state[NSEATS]
    for s in range(MAX_SEATS):
        f = state[SEAT_FACTION + s]
        if (s < n) != (f >= 0):
            return V_SEAT
        if f >= 0:
            if not IMPLEMENTED[f]:
                return V_NOT_IMPLEMENTED
            if state[FACTION_SEAT + f] != s:
                return V_FACTION_SEAT
    for f in range(NF):
        s = state[FACTION_SEAT + f]
        if s >= n or (s >= 0 and state[SEAT_FACTION + s] != f):
            return V_FACTION_SEAT
        if state[BOT + f] != 0 and (s < 0 or not HAS_BOT[f]):
            return V_BOT
        if state[BOT + f] == 0 and (state[BOT_LEVEL + f] != 0 or state[BOT_TRAITS + f] != 0):
            return V_BOT
    if state[OPTIONS + O_COOPERATIVE] != 0:
        bots = 0
        for s in range(n):
            bots += state[BOT + state[SEAT_FACTION + s]] != 0
        if bots == 0 or bots == n:
            return V_BOT  # cooperative play needs a bot and a player (inputs.check_cooperative)
    a = state[ACTIVE]
    if state[GAME_OVER] == 0 and (a < 0 or state[FACTION_SEAT + a] < 0):
        return V_ACTIVE
    if state[PHASE] != PH_OVER and (state[PHASE] == PH_SETUP) != (state[TURN] == 0):
        return V_PHASE
    if state[GAME_OVER] == 0 and not step_owner_ok(state[PC], a):
        return V_STEP_OWNER
    return V_OK


@njit(cache=True)
def check_registers(state):
    """Registers that a step uses as an index, where one register means different things at different
    steps (the ranges table holds the widest meaning): each must fit the step the machine is in."""
    pc = state[PC]
    a = state[REG + R_ARG]
    if state[PHASE] == PH_SETUP and state[GAME_OVER] == 0 and (a >= setup_steps(state)
                                                                or setup_faction(state, a) != state[ACTIVE]):
        return V_SETUP_INDEX  # Law 5.1.7: setup goes in setup order; R_ARG is the position in it
    for r in (R_SPEND_THEN, R_RETURN_AFTER):
        v = state[REG + r]
        if v != 0 and not VALID_PC[v]:
            return V_REG_STEP
    if pc == machine.PC_DOM_PAY and (a >= CARD_KIND.shape[0] or CARD_KIND[a] != K_DOMINANCE
                                     or state[CARD_LOC + a] != LOC_AVAILABLE):
        return V_REG_CARD
    b = state[REG + R_ARG2]
    if pc == machine.PC_MQ_OVERWORK_CARD and not 0 <= b < NC:
        return V_REG_CLEARING
    if pc == machine.PC_MQ_SETUP_BLD and not 0 <= b < 3:
        return V_REG_CLEARING
    if lizard_registers_bad(state, pc):
        return V_REG_RITUAL
    if expansion_registers_bad(state, pc):
        return V_REG_RIVERFOLK
    if hundreds_registers_bad(state, pc):
        return V_REG_HUNDREDS
    if keepers_registers_bad(state, pc):
        return V_REG_KEEPERS
    if duchy_registers_bad(state, pc):
        return V_REG_DUCHY
    k = state[REG + R_PLACE_KIND]
    if pc == machine.PC_PLACE_SPLIT and not ((k < NF and state[FACTION_SEAT + k] >= 0)
                                              or TOKEN_KIND <= k < TOKEN_KIND + NTT):
        return V_REG_PLACE
    if state[SUPPRESS_WIN] != dealing_hits(state):
        return V_SUPPRESS
    if state[PHASE] == PH_SETUP and setup_bad(state):
        return V_SETUP
    return V_OK


@njit(cache=True)
def dealing_hits(state):
    """1 while a battle's simultaneous hits are being allocated (battle.PC_BATTLE_HITS sets R_B_STAGE and
    SUPPRESS_WIN, PC_BATTLE_AFTER_HITS clears SUPPRESS_WIN): the machine is at an allocation step, or one is on the
    call stack under an interrupt; else 0."""
    if state[REG + R_B_STAGE] != 1:
        return 0
    at = state[PC] == machine.PC_BATTLE_ALLOC_DEF or state[PC] == machine.PC_BATTLE_ALLOC_ATT
    for i in range(state[STACK_N]):
        r = state[STACK + i]
        at = at or r == machine.PC_BATTLE_ALLOC_DEF or r == machine.PC_BATTLE_ALLOC_ATT
    return 1 if at else 0


@njit(cache=True)
def setup_bad(state):
    """Law 5.1.7: factions set up in setup order; R_ARG is the index of the one setting up (check_registers).
    A faction after it has not set up: every warrior in its supply, none of its buildings or tokens on the map, a
    Vagabond without character, pawn, items or relationships (core.new_game). A Vagabond before it has set up: its
    pawn is on the map (the pawn's placement ends its setup, Law 9.3.2). The quests and ruin items are dealt when
    the first Vagabond places its pawn (9.3.3, 9.3.4, 9.8.3): none before, all three visible quests after."""
    now = state[REG + R_ARG]
    dealt = False
    items = False  # the ruin items are placed by the first Vagabond's setup or the Hundreds' (14.3.3)
    for i in range(NF):
        if advanced(state) and i >= state[NSEATS]:
            break  # Advanced Setup: the seats in reverse order (A.8.2), then the hands (A.10, now >= NSEATS)
        f = setup_faction(state, i)
        if state[FACTION_SEAT + f] < 0:
            continue
        items = items or (f == HUNDREDS and i < now)
        if is_vagabond(f):
            k = f - VAGABOND
            placed = state[VB_PAWN + k] >= 0
            if placed != (i < now) or (placed and state[VB_CHAR + k] < 0):
                return True
            dealt = dealt or placed
        if i <= now:
            continue
        # every warrior in the supply; the Cult's study option lizard_start_acolytes (core.new_game; Law 10.3 places
        # none) moves some into the Acolytes box before anyone sets up, and no other acolyte comes in setup (10.2.3)
        if state[SUPPLY_WARRIORS + f] + (state[LZ_ACOLYTES] if f == LIZARDS else 0) != WARRIOR_TOTAL[f]:
            return True
        for c in range(NC):
            if state[WARRIORS + f * NC + c] != 0:
                return True
            for b in range(NBT):
                if BT_OWNER[b] == f and state[BUILDINGS + b * NC + c] != 0:
                    return True
            for t in range(NTT):
                if TT_OWNER[t] == f and state[TOKENS + t * NC + c] != 0:
                    return True
        if is_vagabond(f):
            k = f - VAGABOND
            if state[VB_CHAR + k] != -1:
                return True
            for j in range(NF):
                if state[VB_REL + k * NF + j] != -1:
                    return True
            for j in range(NITEM * 4):
                if state[VB_ITEMS + k * NITEM * 4 + j] != 0:
                    return True
    visible = 0
    for q in range(NQUEST):
        loc = state[QUEST_LOC + q]
        if loc == QL_VISIBLE:
            visible += 1
        elif loc != QL_DECK or not dealt and state[QUEST_DECK_N] != 0:
            return True  # no quest is done during setup; an undealt deck is empty
    if visible != (QUESTS_VISIBLE if dealt else 0):
        return True
    if not dealt and not items:
        for j in range(2 * NC):
            if state[RUIN_ITEM + j] != -1:
                return True
    return False


@njit(cache=True)
def lizard_registers_bad(state, pc):
    """The Cult's steps read a ritual or conspiracy, a revealed card and a clearing from registers."""
    r = state[REG + R_LZ_RITUAL]
    c = state[REG + R_LZ_TARGET]
    if pc == machine.PC_LZ_CONSPIRE_WHERE:
        return r != OPT_CONSPIRACY + CONVERT and r != OPT_CONSPIRACY + SANCTIFY
    if pc == machine.PC_LZ_CONVERT_WHOM or pc == machine.PC_LZ_SANCTIFY_WHICH:
        return not 0 <= c < NC
    if pc == machine.PC_LZ_CRUSADE_BATTLE:
        return not 0 <= state[REG + R_MOVE_TO] < NC
    if pc == machine.PC_LZ_RITUAL_CARD:
        return r != OPT_BUILD and r != OPT_RECRUIT and r != OPT_SCORE and r != OPT_SACRIFICE
    if pc == machine.PC_LZ_RITUAL_WHERE:
        card = state[REG + R_LZ_CARD]
        return ((r != OPT_BUILD and r != OPT_RECRUIT) or not 0 <= card < CARD_KIND.shape[0]
                or state[CARD_LOC + card] != LOC_REVEALED)
    return False


@njit(cache=True)
def expansion_registers_bad(state, pc):
    """The Riverfolk's steps read the service being priced or bought, and the action being paid for (with its
    card or clearing); the Corvids' steps read a clearing (plot, trick, Exposure) and the card shown."""
    k = state[REG + R_RF_ARG]
    if pc == machine.PC_RF_PRICE or pc == machine.PC_RF_PAY_ITEM:
        return not 0 <= k < 3
    c = state[REG + R_CV_TARGET]
    if pc == machine.PC_CV_TRICK_B or pc == machine.PC_CV_PLOT_WHICH or pc == machine.PC_CV_EXPOSE_CARD:
        return not 0 <= c < NC
    if pc == machine.PC_CV_EXPOSE_GUESS:
        card = state[REG + R_ARG2]
        return (not 0 <= c < NC or not 0 <= card < CARD_KIND.shape[0]
                or state[CARD_LOC + card] != LOC_HAND + state[ACTIVE])
    if pc == machine.PC_RF_PAY:
        # what the funds pay for runs when they are paid (PC_RF_ACT)
        if k == OPT_TRADE_POST:
            return not 0 <= state[REG + R_BUILD_AT] < NC
        if k == CRAFT_WITH_BENEFIT or k == OPT_EXPORT:
            card = state[REG + R_CRAFT_CARD]
            return not 0 <= card < CARD_KIND.shape[0] or state[CARD_LOC + card] != LOC_HAND + RIVERFOLK
        return k != OPT_MOVE and k != OPT_BATTLE and k != OPT_DRAW and k != OPT_RECRUIT
    return False


@njit(cache=True)
def hundreds_registers_bad(state, pc):
    """The Hundreds' steps read a clearing (a stronghold or a mob being placed, Raze's ruin, Bitter's battle), the
    mob die's suit, the gained item, the crafted card, the looted defender (engine.factions.hundreds)."""
    if pc == machine.PC_HD_BUILD_CARD or pc == machine.PC_HD_INCITE_CARD:
        return not 0 <= state[REG + R_ARG2] < NC
    if pc == machine.PC_HD_RUIN_ITEM:
        return not 1 <= state[HD_CURSOR] <= NC
    if pc == machine.PC_HD_MOB_WHERE:
        return state[HD_ROLL] < 0
    if pc == machine.PC_HD_HOARD_FULL:
        return state[HD_GAINED] < 0 or HD_ITEM_TRACK[state[HD_GAINED]] < 0
    if pc == machine.PC_HD_CONTEMPT:
        card = state[REG + R_CRAFT_CARD]
        return (not 0 <= card < CARD_KIND.shape[0] or CARD_KIND[card] != K_ITEM
                or state[CARD_LOC + card] != LOC_HAND + HUNDREDS or state[ITEM_SUPPLY + CARD_ITEM[card]] < 1)
    if pc == machine.PC_HD_LOOT_ITEM or pc == machine.PC_HD_LOOT:
        g = state[REG + R_B_DEF]
        return not 0 <= g < NF or state[REG + R_B_ATT] != HUNDREDS
    if pc == machine.PC_HD_BITTER:
        return not 0 <= state[REG + R_B_CLEARING] < NC
    return False


@njit(cache=True)
def duchy_registers_bad(state, pc):
    """The Duchy's steps read the clearing, building, card suit or minister of the action in progress
    (engine.factions.duchy); a move from the Burrow (place NC) is only the Duchy's (Law 12.2.2)."""
    if ((pc == machine.PC_MOVE_TO or pc == machine.PC_MOVE_COUNT) and state[REG + R_MOVE_FROM] == NC
            and state[ACTIVE] != DUCHY):
        return True
    c = state[DU_CLEARING]
    m = state[DU_MINISTER]
    kind = state[DU_KIND]
    if pc == machine.PC_DU_BUILD_TYPE or pc == machine.PC_DU_BUILD_CARD or pc == machine.PC_DU_DIG_COUNT:
        if not 0 <= c < NC:
            return True
    if pc == machine.PC_DU_BUILD_CARD:
        bt = state[DU_BT]
        return (bt != BT_CITADEL and bt != BT_MARKET) or building_supply(state, bt) < 1
    if pc == machine.PC_DU_DIG_REMOVE or pc == machine.PC_DU_DIG_WHERE:
        return not 0 <= kind <= 3
    if pc == machine.PC_DU_BRIGADIER:
        return m != BRIGADIER or not (kind == -1 or kind == OPT_MOVE or kind == OPT_BATTLE) or state[DU_LEFT] > 2
    if pc == machine.PC_DU_BANKER:
        return m != BANKER or not -1 <= kind <= 3
    if pc == machine.PC_DU_SWAY_CARD:
        if not 0 <= m < NMINISTER or state[DU_SWAYED + m] != 0 or kind < 0:
            return True
        return not 1 <= state[DU_LEFT] <= DU_SWAY_CARDS[MINISTER_RANK[m]]
    return False


@njit(cache=True)
def keepers_registers_bad(state, pc):
    """The Keepers' steps read the clearing, forest and Retinue card of the action in progress (engine.factions.keepers)."""
    c = state[KP_CLEARING]
    card = state[KP_CARD]
    col = state[KP_COL]
    if pc == machine.PC_KP_EDGE or pc == machine.PC_KP_RECRUIT_CARD or pc == machine.PC_KP_DECAMP_WS:
        return not 0 <= c < NC
    if pc == machine.PC_KP_ENCAMP_WS:
        return not 0 <= c < NC or (state[KP_STEP] & KP_FALLBACK == 0 and state[WARRIORS + KEEPERS * NC + c] == 0)
    if (pc == machine.PC_KP_BATTLE_WHERE or pc == machine.PC_KP_MOVE_OR_RECOVER or pc == machine.PC_KP_RECOVER_WHERE
            or pc == machine.PC_KP_DELVE or pc == machine.PC_KP_DELVE_RELIC or pc == machine.PC_KP_RECOVER_RELIC):
        if col >= RETINUE_COLUMNS:
            return True
        if card == NCARD:
            if state[KP_RET_USED + col] < 1 or state[KP_RET_USED + col] > state[KP_RETAINERS + col]:
                return True
        elif not 0 <= card < NCARD or state[CARD_LOC + card] != LOC_RETINUE + col or state[CARD_FLAG + card] != 1:
            # (a card discarded by a check ends its action at once)
            return True
        if pc == machine.PC_KP_DELVE or pc == machine.PC_KP_DELVE_RELIC or pc == machine.PC_KP_RECOVER_RELIC:
            if not 0 <= c < NC:
                return True
        if pc == machine.PC_KP_DELVE_RELIC:
            return not 0 <= state[KP_FOREST] < n_forests(state)
        return False
    if pc == machine.PC_KP_GATHER_COL:
        if card == NCARD:
            return not 0 <= c < RETINUE_COLUMNS or state[KP_RETAINERS + c] < 1
        if not 0 <= card < NCARD:
            return True
        loc = state[CARD_LOC + card]
        return loc != LOC_HAND + KEEPERS and not LOC_RETINUE <= loc < LOC_RETINUE + RETINUE_COLUMNS
    return False


@njit(cache=True)
def check_machine(state, work):
    """PC and call stack name real steps; the pending step, run again on `work` (a scratch state),
    offers exactly the recorded decision (needs ranges, seating and invariants checked first)."""
    if not VALID_PC[state[PC]]:
        return V_PC
    for i in range(state[STACK_N]):
        r = state[STACK + i]
        # a return address is a real step, of the faction whose turn it is when it belongs to one
        if not VALID_PC[r] or (state[GAME_OVER] == 0 and not step_owner_ok(r, state[ACTIVE])):
            return V_STACK
    if state[GAME_OVER] != 0:
        return V_OK
    code = check_registers(state)
    if code != V_OK:
        return code
    work[:] = state
    work[LEGAL_N] = 0
    work[DECISION] = 0
    work[DECIDER] = -1
    at = OFFERED_BY[state[DECISION]]
    if not run_step(work, state[PC] if at < 0 else at) or work[PC] != state[PC]:
        return V_NOT_PENDING
    if work[DECISION] != state[DECISION]:
        return V_DECISION
    if work[DECIDER] != state[DECIDER]:
        return V_DECIDER
    if work[LEGAL_N] != state[LEGAL_N]:
        return V_LEGAL
    for i in range(state[LEGAL_N]):
        if work[LEGAL + i] != state[LEGAL + i]:
            return V_LEGAL
    return V_OK


@njit(cache=True)
def probe_actions(state, work):
    """Play each legal action on `work` (a scratch copy): -1 if every successor keeps the invariants,
    else the index (in LEGAL) of the first action whose result breaks one, its code in work[0]. A pending
    decision whose preconditions the position contradicts (an overwork with no wood in supply) shows here."""
    for i in range(state[LEGAL_N]):
        work[:] = state
        if apply(work, state[LEGAL + i]) != OK:
            work[0] = -1
            return i
        code = check_state(work)
        if code != 0:
            work[0] = code
            return i
    return -1


# Continuations played from a copy of every incoming position (checked_playout): a position whose call stack was
# cut short or shuffled, or whose registers were copied from another position, passes the one-step probe and
# breaks at a return or a register's use a few decisions later, so random continuations must play out every
# frame of the loaded stack, with every entry in range and every invariant kept, into another turn.
PLAYOUT_PROBES, PLAYOUT_DECISIONS = 8, 1000
# Stages of check_loadable's result (stage * STAGE + detail).
STAGE = 1 << 20
S_RANGE, S_SEATING, S_INVARIANT, S_MACHINE, S_PROBE, S_PLAYOUT, S_UNPROVED = 1, 2, 3, 4, 5, 6, 7


@njit(cache=True)
def checked_playout(state, work, seed, max_decisions, lo, hi):
    """Play random legal actions from a copy of `state` in `work` until another turn (or another faction's setup,
    or the game's end) is reached, which every frame of its call stack must have returned from first (turn.step),
    checking the ranges and the invariants after every decision. Returns 0, S_RANGE * STAGE + index, S_INVARIANT * STAGE + code, S_PROBE * STAGE (the engine
    refused its own legal action) or S_UNPROVED * STAGE (not played out within `max_decisions`)."""
    work[:] = state
    r = (seed * 2654435761 + 12345) & M32
    if r == 0:
        r = 1
    turn, active = state[TURN], state[ACTIVE]
    for _ in range(max_decisions):
        # (a turn, or a faction's setup, begins only once every procedure has returned: turn.step raises otherwise)
        if work[GAME_OVER] != 0 or work[TURN] != turn or work[ACTIVE] != active:
            return 0
        r = xorshift32(r)
        if apply(work, work[LEGAL + ((r * work[LEGAL_N]) >> 32)]) != OK:
            return S_PROBE * STAGE
        i = first_out_of_range(work, lo, hi)
        if i >= 0:
            return S_RANGE * STAGE + i
        code = check_state(work)
        if code != 0:
            return S_INVARIANT * STAGE + code
    if work[GAME_OVER] != 0 or work[TURN] != turn or work[ACTIVE] != active:
        return 0
    return S_UNPROVED * STAGE


@njit(cache=True)
def check_loadable(state, work, lo, hi, probes, decisions):
    """Every compiled check of an incoming state, in order (ranges, seating, invariants, the machine, each legal
    action, then `probes` checked continuations of at most `decisions` decisions): 0, or stage * STAGE + detail
    (S_RANGE: the index; S_SEATING, S_MACHINE: a V_* code; S_INVARIANT: a CHECKS code; S_PROBE: the index in LEGAL of
    the action, its CHECKS code in work[0], -1 if apply refused it; S_PLAYOUT: the continuation's own result in
    work[0]). The tests' invariant sweep runs it on positions reached in play: a position the engine reaches loads."""
    i = first_out_of_range(state, lo, hi)
    if i >= 0:
        return S_RANGE * STAGE + i
    code = check_seating(state)
    if code != V_OK:
        return S_SEATING * STAGE + code
    code = check_state(state)
    if code != 0:
        return S_INVARIANT * STAGE + code
    code = check_machine(state, work)
    if code != V_OK:
        return S_MACHINE * STAGE + code
    if state[GAME_OVER] != 0:
        return 0
    i = probe_actions(state, work)
    if i >= 0:
        return S_PROBE * STAGE + i
    for k in range(probes):
        code = checked_playout(state, work, k, decisions, lo, hi)
        if code != 0:
            work[0] = code
            return S_PLAYOUT * STAGE + k
    return 0


def region_of(index: int) -> str:
    """The region name (and the register, for REG) of a state index."""
    for name, start, size in REGIONS:
        if start <= index < start + size:
            if name == "REG":
                from .. import layout
                reg = [k for k, v in vars(layout).items() if k.startswith("R_") and v == index - REG]
                return f"REG[{reg[0] if reg else index - REG}]"
            return name if size == 1 else f"{name}[{index - start}]"
    return f"entry {index}"


def state_problem(state: np.ndarray) -> str | None:
    """None if the int64 state array of shape (STATE_SIZE,) is valid, else what is wrong with it,
    naming the region."""
    work = np.empty_like(state)
    try:
        code = int(check_loadable(state, work, LO, HI, PLAYOUT_PROBES, PLAYOUT_DECISIONS))
    except Exception as e:  # noqa: BLE001 - the engine's own errors (no legal option, a return with no caller, ...)
        return f"region PC/STACK/STACK_N/LEGAL: play from this position fails in the engine ({e})"
    return describe_problem(state, code, int(work[0]))


def describe_problem(state: np.ndarray, code: int, work0: int) -> str | None:
    """The message of check_loadable's result `code` (work0: its work[0] after the call), naming the region."""
    stage, detail = divmod(code, STAGE)
    if stage == 0:
        return None
    if stage == S_RANGE:
        return (f"region {region_of(detail)} holds {int(state[detail])}, outside its range "
                f"[{int(LO[detail])}, {int(HI[detail])}]")
    if stage in (S_SEATING, S_MACHINE):
        return f"region {'/'.join(V_REGIONS[detail])}: {V_MESSAGES[detail]}"
    if stage == S_INVARIANT:
        return f"region {'/'.join(CHECK_REGIONS[detail])}: {CHECKS[detail]}"
    if stage == S_PROBE:
        a = int(state[LEGAL + detail])
        if work0 < 0:
            return f"region LEGAL: the engine refuses its own legal action {a}"
        return (f"region {'/'.join(CHECK_REGIONS[work0])}: the position contradicts its pending decision "
                f"(after legal action {a}: {CHECKS[work0]})")
    sub, d = divmod(work0, STAGE)
    what = "random play from this position"
    if sub == S_RANGE:
        why = f"reaches a position where region {region_of(d)} leaves its range"
    elif sub == S_INVARIANT:
        why = f"breaks an invariant ({CHECKS[d]}; regions {'/'.join(CHECK_REGIONS[d])})"
    elif sub == S_PROBE:
        why = "meets an action the engine refuses"
    else:
        why = (f"does not return from every frame of its call stack into another turn within {PLAYOUT_DECISIONS} "
               f"decisions")
    return (f"region PC/STACK/STACK_N/REG: the call stack and registers do not play out as the pending decision "
            f"({what} {why})")

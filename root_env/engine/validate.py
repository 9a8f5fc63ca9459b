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
   are real steps, and running the pending step again on a copy offers exactly the recorded decision:
   the same kind, the same decider and the same legal actions in the same order.

All four run in compiled code; ``validate_state`` (Python) turns the first failure into a ``RootError``
naming the region. Nothing here runs inside ``apply`` or the batched kernels: only where a state comes in.
"""
import numpy as np
from numba import njit

from ..data import NF, FACTION_NAMES, IMPLEMENTED_FACTIONS, MARQUISE, EYRIE, ALLIANCE, VAGABOND
from ..layout import (BOUNDS, REGIONS, STATE_SIZE, N_PC, NSEATS, SEAT_FACTION, FACTION_SEAT, MAX_SEATS, PC, STACK,
                      STACK_N, GAME_OVER, LEGAL, LEGAL_N, DECISION, DECIDER, ACTIVE, PHASE, PH_SETUP, PH_OVER, TURN,
                      REG)
from . import machine
from .core import run_step
from .invariants import check_state, CHECKS, CHECK_REGIONS

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
STEP_OWNER[machine.PC_VB_SETUP:machine.PC_VB_CAPACITY + 1] = VAGABOND

IMPLEMENTED = np.zeros(NF, np.bool_)
for _n in IMPLEMENTED_FACTIONS:
    IMPLEMENTED[FACTION_NAMES.index(_n)] = True

# Result codes of check_seating and check_machine, with the regions each names.
(V_OK, V_SEAT, V_FACTION_SEAT, V_NOT_IMPLEMENTED, V_ACTIVE, V_PHASE, V_STEP_OWNER, V_PC, V_STACK, V_NOT_PENDING,
 V_DECISION, V_DECIDER, V_LEGAL) = range(13)
V_MESSAGES = (
    "ok",
    "a seat below NSEATS is empty or a seat above it is taken",
    "FACTION_SEAT does not match SEAT_FACTION",
    "a faction that is not implemented is seated",
    "the active faction is not seated",
    "PHASE does not match TURN (setup is turn 0)",
    "the step in PC belongs to another faction than the active one",
    "PC is not a step of the engine",
    "the call stack holds an address that is not a step of the engine",
    "the step in PC does not wait for a decision",
    "the pending decision is not the one the step in PC offers",
    "the decider is not the one the step in PC asks",
    "the legal actions differ from the ones the engine computes for this position",
)
V_REGIONS = ((), ("SEAT_FACTION", "NSEATS"), ("FACTION_SEAT", "SEAT_FACTION"), ("SEAT_FACTION",), ("ACTIVE",),
             ("PHASE", "TURN"), ("PC", "ACTIVE"), ("PC",), ("STACK", "STACK_N"), ("PC", "DECISION"),
             ("DECISION", "PC"), ("DECIDER", "PC"), ("LEGAL", "LEGAL_N"))


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
    a = state[ACTIVE]
    if state[GAME_OVER] == 0 and (a < 0 or state[FACTION_SEAT + a] < 0):
        return V_ACTIVE
    if state[PHASE] != PH_OVER and (state[PHASE] == PH_SETUP) != (state[TURN] == 0):
        return V_PHASE
    owner = STEP_OWNER[state[PC]]
    if state[GAME_OVER] == 0 and owner >= 0 and owner != a:
        return V_STEP_OWNER
    return V_OK


@njit(cache=True)
def check_machine(state, work):
    """PC and call stack name real steps; the pending step, run again on `work` (a scratch state),
    offers exactly the recorded decision (needs ranges, seating and invariants checked first)."""
    if not VALID_PC[state[PC]]:
        return V_PC
    for i in range(state[STACK_N]):
        if not VALID_PC[state[STACK + i]]:
            return V_STACK
    if state[GAME_OVER] != 0:
        return V_OK
    work[:] = state
    work[LEGAL_N] = 0
    work[DECISION] = 0
    work[DECIDER] = -1
    if not run_step(work, state[PC]) or work[PC] != state[PC]:
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
    i = first_out_of_range(state, LO, HI)
    if i >= 0:
        name = region_of(i)
        return (f"region {name} holds {int(state[i])}, outside its range [{int(LO[i])}, {int(HI[i])}]")
    code = check_seating(state)
    if code:
        return f"region {'/'.join(V_REGIONS[code])}: {V_MESSAGES[code]}"
    code = check_state(state)
    if code:
        return f"region {'/'.join(CHECK_REGIONS[code])}: {CHECKS[code]}"
    code = check_machine(state, np.empty_like(state))
    if code:
        return f"region {'/'.join(V_REGIONS[code])}: {V_MESSAGES[code]}"
    return None



"""Turn structure (Law 1.4): setup order, Birdsong / Daylight / Evening, hand limit, next player,
and the dominance victory check at the start of Birdsong (Law 3.3.1)."""
import numpy as np
from .jit import njit

from ..data import (NC, NCARD, SETUP_ORDER, BIRD, HAND_LIMIT, NF,
                    RIVERFOLK, CV_DAYLIGHT_ACTIONS, ADVANCED_KEEP)
from .geometry import N_CORNERS, corner, opposite_corner
from ..codes import A_CARD, D_DISCARD, D_KEEP_HAND
from ..layout import (CLEARING_SUITS, REG, ACTIVE, TURN, MAX_TURNS, TRUNCATED, PHASE, PH_BIRDSONG, PH_DAYLIGHT, PH_EVENING, NSEATS,
                      SEAT_FACTION, FACTION_SEAT, CARD_FLAG, CARD_LOC, LOC_HAND, HAND_N, CRAFT_USED, TURN_FLAGS,
                      DOMINANCE, MQ_ACTIONS, MQ_RECRUITED, EY_VIZIER_DONE, R_ARG, VB_AIDS, AL_OPS, LZ_SCORED,
                      RF_BOUGHT, RF_SERVICES_LEFT, CV_PLACED, CV_ACTIONS, CV_RECRUITED, CV_EXERTED, VB_SETUP_SWAP,
                      STACK_N, DECK, DECK_N, KP_ENCAMPED, KP_DECAMPED, KP_COL, KP_RET_USED, KP_STEP, DU_ACTIONS,
                      DU_USED)
from .board import ruler
from .cards import discard, put_on_deck
from .rng import rng_shuffle
from .homelands import advanced
from .score import end_game
from .closed_paths import score_pass
from .machine import (PC_KEEP_HAND, PC_SETUP_NEXT, PC_SETUP_NEXT_FACTION, PC_TURN_START, PC_BIRDSONG_START, PC_FACTION_BIRDSONG,
                      PC_DAYLIGHT_START, PC_FACTION_DAYLIGHT, PC_EVENING_START, PC_FACTION_EVENING, PC_DISCARD,
                      PC_TURN_END, PC_BBB, PC_COMMAND_WARREN, PC_COBBLER, PC_MQ_SETUP_KEEP, PC_EY_SETUP_CORNER,
                      PC_MQ_BIRDSONG, PC_EY_EMERGENCY, PC_MQ_CRAFT, PC_EY_CRAFT, PC_MQ_EVENING, PC_EY_EVENING,
                      PC_AL_SETUP, PC_AL_REVOLT, PC_AL_DAYLIGHT, PC_AL_EVENING, PC_VB_SETUP, PC_VB_BIRDSONG,
                      PC_VB_ACTIONS, PC_VB_EVENING, PC_VB_CAPACITY, PC_LZ_SETUP, PC_LZ_BIRDSONG, PC_LZ_DAYLIGHT,
                      PC_LZ_EVENING, PC_RF_SETUP, PC_RF_BIRDSONG, PC_RF_DAYLIGHT, PC_RF_EVENING, PC_RF_PRICE,
                      PC_RF_SERVICES_BEGIN, PC_BIRDSONG_SERVICES, PC_CV_SETUP, PC_CV_CRAFT, PC_CV_DAYLIGHT,
                      PC_CV_EVENING, PC_MM_SETUP, PC_MM_BIRDSONG, PC_MM_DAYLIGHT, PC_MM_EVENING,
                      PC_EE_SETUP, PC_EE_BIRDSONG, PC_EE_DAYLIGHT, PC_EE_EVENING,
                      PC_AA_SETUP, PC_AA_BIRDSONG, PC_AA_DAYLIGHT, PC_AA_EVENING,
                      PC_HD_SETUP, PC_HD_RAZE, PC_HD_CRAFT, PC_HD_INCITE, PC_KP_SETUP, PC_KP_ENCAMP, PC_KP_CRAFT,
                      PC_KP_EVENING, PC_DU_SETUP, PC_DU_BIRDSONG, PC_DU_ASSEMBLY, PC_DU_EVENING,
                      offer, allow, wait, goto)
from .exposure import expose_then
from .vagabonds import is_vagabond, other_vagabond
from .seats import is_bot

# Where each faction's setup and phases begin (by faction id; -1: not implemented).
SETUP_PC = np.array([PC_MQ_SETUP_KEEP, PC_EY_SETUP_CORNER, PC_AL_SETUP, PC_VB_SETUP, PC_VB_SETUP, PC_LZ_SETUP, PC_RF_SETUP,
                     PC_CV_SETUP, PC_HD_SETUP, PC_KP_SETUP, PC_DU_SETUP], dtype=np.int64)
BIRDSONG_PC = np.array([PC_MQ_BIRDSONG, PC_EY_EMERGENCY, PC_AL_REVOLT, PC_VB_BIRDSONG, PC_VB_BIRDSONG, PC_LZ_BIRDSONG,
                        PC_RF_BIRDSONG, PC_CV_CRAFT, PC_HD_RAZE, PC_KP_ENCAMP, PC_DU_BIRDSONG], dtype=np.int64)
DAYLIGHT_PC = np.array([PC_MQ_CRAFT, PC_EY_CRAFT, PC_AL_DAYLIGHT, PC_VB_ACTIONS, PC_VB_ACTIONS, PC_LZ_DAYLIGHT, PC_RF_DAYLIGHT,
                        PC_CV_DAYLIGHT, PC_HD_CRAFT, PC_KP_CRAFT, PC_DU_ASSEMBLY], dtype=np.int64)
EVENING_PC = np.array([PC_MQ_EVENING, PC_EY_EVENING, PC_AL_EVENING, PC_VB_EVENING, PC_VB_EVENING, PC_LZ_EVENING, PC_RF_EVENING,
                       PC_CV_EVENING, PC_HD_INCITE, PC_KP_EVENING, PC_DU_EVENING], dtype=np.int64)
# A Clockwork bot's setup and phases, by the faction it plays (-1: no bot for that faction yet).
BOT_SETUP_PC = np.array([PC_MM_SETUP, PC_EE_SETUP, PC_AA_SETUP, -1, -1, -1, -1, -1, -1, -1, -1], dtype=np.int64)
BOT_BIRDSONG_PC = np.array([PC_MM_BIRDSONG, PC_EE_BIRDSONG, PC_AA_BIRDSONG, -1, -1, -1, -1, -1, -1, -1, -1], dtype=np.int64)
BOT_DAYLIGHT_PC = np.array([PC_MM_DAYLIGHT, PC_EE_DAYLIGHT, PC_AA_DAYLIGHT, -1, -1, -1, -1, -1, -1, -1, -1], dtype=np.int64)
BOT_EVENING_PC = np.array([PC_MM_EVENING, PC_EE_EVENING, PC_AA_EVENING, -1, -1, -1, -1, -1, -1, -1, -1], dtype=np.int64)
# What follows the discard down to five (Law 9.6.4 item capacity, 11.6.2 Riverfolk prices), else the turn ends.
AFTER_DISCARD_PC = np.array([PC_TURN_END, PC_TURN_END, PC_TURN_END, PC_VB_CAPACITY, PC_VB_CAPACITY, PC_TURN_END, PC_RF_PRICE,
                             PC_TURN_END, PC_TURN_END, PC_TURN_END, PC_TURN_END], dtype=np.int64)


@njit(cache=True)
def setup_steps(state):
    """How many values the setup index (R_ARG during setup) runs through: the setup order's NF places (Law 5.1.7), or
    in Advanced Setup a place per seat for the factions' setups (A.8.2) and one per seat for the hands (A.10)."""
    return 2 * state[NSEATS] if advanced(state) else NF


@njit(cache=True)
def setup_faction(state, i):
    """The faction at index i of the setup order (Law 5.1.7); Law 9.8.2: with two Vagabonds, which of them
    sets up first was drawn at random (VB_SETUP_SWAP). Advanced Setup: "starting with the last player in turn order
    and going counterclockwise" (A.8.2), then each player in seat order chooses its starting hand (A.10)."""
    if advanced(state):
        n = state[NSEATS]
        return state[SEAT_FACTION + (n - 1 - i if i < n else i - n)]
    g = SETUP_ORDER[i]
    if state[VB_SETUP_SWAP] != 0 and is_vagabond(g):
        return other_vagabond(g)
    return g


@njit(cache=True)
def services_or_bbb(state, f):
    """Law 11.2.6: at the start of another player's Birdsong, that player may buy Riverfolk services; then
    Better Burrow Bank and the Birdsong card options."""
    if state[FACTION_SEAT + RIVERFOLK] >= 0 and f != RIVERFOLK and not is_bot(state, f):
        return PC_RF_SERVICES_BEGIN  # a bot buys no service: its turn has no such step (seed 004)
    return PC_BBB


@njit(cache=True)
def dominance_achieved(state, f):
    """Law 3.3.1: rule three clearings of the suit, or (bird) two clearings in opposite corners."""
    suit = state[DOMINANCE + f] - 1
    if suit == BIRD:
        for i in range(N_CORNERS):
            a = corner(state, i)
            b = opposite_corner(state, a)
            if a < b and ruler(state, a) == f and ruler(state, b) == f:
                return True
        return False
    n = 0
    for c in range(NC):
        if state[CLEARING_SUITS + c] == suit and ruler(state, c) == f:
            n += 1
    return n >= 3


@njit(cache=True)
def reset_turn(state):
    """Per-turn bookkeeping: used cards and crafting pieces, Marquise actions, resolved Decree."""
    for c in range(NCARD):
        state[CARD_FLAG + c] = 0
    for s in range(3):
        state[CRAFT_USED + s] = 0
    state[TURN_FLAGS] = 0
    state[MQ_ACTIONS] = 3
    state[MQ_RECRUITED] = 0
    state[EY_VIZIER_DONE] = 0
    state[EY_VIZIER_DONE + 1] = 0
    state[AL_OPS] = 0
    state[LZ_SCORED] = 0  # Law 10.5.3: once per turn per suit
    state[RF_SERVICES_LEFT] = 0
    for k in range(3):
        state[RF_BOUGHT + k] = 0  # Law 11.2.7: services last this turn
    state[CV_PLACED] = 0          # Law 13.5.2: the plot cost counts plots placed this turn
    state[CV_ACTIONS] = CV_DAYLIGHT_ACTIONS
    state[CV_RECRUITED] = 0
    state[CV_EXERTED] = 0
    for g in range(2 * NF):
        state[VB_AIDS + g] = 0  # Law 9.2.9.I.a: aids count within one turn (both Vagabonds' rows)
    state[KP_ENCAMPED] = 0  # Law 15.4.1-15.4.2: once per clearing each Birdsong
    state[KP_DECAMPED] = 0
    state[KP_COL] = 0  # Law 15.5.2: the Retinue acts from its leftmost column, each card once a turn
    state[KP_STEP] = 0
    for col in range(3):
        state[KP_RET_USED + col] = 0
    state[DU_ACTIONS] = 0  # Law 12.5.1: two Assembly actions a turn; 12.5.2: each minister once a Parliament
    state[DU_USED] = 0


@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    if (pc == PC_SETUP_NEXT or pc == PC_TURN_START) and state[STACK_N] != 0:
        # every procedure called in a faction's setup or turn has returned before the next one begins: a frame left
        # over is a forged or cut stack (engine.validate plays loaded positions into the next turn to see this)
        raise RuntimeError("engine call stack not empty between turns")
    if pc == PC_SETUP_NEXT:
        # Law 5.1.7: factions set up in setup order (A, B, C, ...), whatever the seating; Advanced Setup: in reverse
        # seat order (A.8.2), then the starting hands (A.10).
        i = state[REG + R_ARG]
        if advanced(state):
            if i >= state[NSEATS]:
                goto(state, PC_KEEP_HAND)
                return False
            g = setup_faction(state, i)
            state[ACTIVE] = g
            goto(state, BOT_SETUP_PC[g] if is_bot(state, g) else SETUP_PC[g])
            return False
        while i < NF and state[FACTION_SEAT + SETUP_ORDER[i]] < 0:
            i += 1
        state[REG + R_ARG] = i
        if i >= NF:
            state[ACTIVE] = state[SEAT_FACTION]
            goto(state, PC_TURN_START)
            return False
        g = setup_faction(state, i)
        state[ACTIVE] = g
        goto(state, BOT_SETUP_PC[g] if is_bot(state, g) else SETUP_PC[g])
        return False
    if pc == PC_SETUP_NEXT_FACTION:
        state[REG + R_ARG] += 1
        goto(state, PC_SETUP_NEXT)
        return False
    if pc == PC_KEEP_HAND:
        # A.10: each player keeps three cards of the five and puts the others face down on the deck, one at a time;
        # a bot holds no hand (seed 004). Then the deck is shuffled and the first player begins.
        i = state[REG + R_ARG]
        n = state[NSEATS]
        while i < 2 * n:
            g = setup_faction(state, i)
            if not is_bot(state, g) and state[HAND_N + g] > ADVANCED_KEEP:
                break
            i += 1
        state[REG + R_ARG] = i
        if i >= 2 * n:
            rng_shuffle(state, state, DECK, state[DECK_N])
            state[ACTIVE] = state[SEAT_FACTION]
            goto(state, PC_TURN_START)
            return False
        g = setup_faction(state, i)
        state[ACTIVE] = g
        offer(state)
        for c in range(NCARD):
            if state[CARD_LOC + c] == LOC_HAND + g:
                allow(state, A_CARD + c)
        wait(state, D_KEEP_HAND, g)
        return True
    if pc == PC_TURN_START:
        state[TURN] += 1
        if state[TURN] > state[MAX_TURNS]:
            state[TURN] -= 1
            state[TRUNCATED] = 1
            end_game(state, 0)
            return False
        reset_turn(state)
        state[PHASE] = PH_BIRDSONG
        goto(state, PC_BIRDSONG_START)
        return False
    if pc == PC_BIRDSONG_START:
        # Law 3.3.1: an activated dominance card wins at the start of its owner's Birdsong (the
        # Vagabond's activated card marks a coalition instead, 9.2.8).
        if state[DOMINANCE + f] != 0 and not is_vagabond(f) and dominance_achieved(state, f):
            end_game(state, 1 << f)
            return False
        # Law 13.2.4: an enemy of the Corvids may expose plots on their turn (first here, at its start).
        expose_then(state, f, PC_BIRDSONG_SERVICES)
        return False
    if pc == PC_BIRDSONG_SERVICES:
        goto(state, services_or_bbb(state, f))
        return False
    if pc == PC_FACTION_BIRDSONG:
        goto(state, BOT_BIRDSONG_PC[f] if is_bot(state, f) else BIRDSONG_PC[f])
        return False
    if pc == PC_DAYLIGHT_START:
        state[PHASE] = PH_DAYLIGHT
        goto(state, PC_COMMAND_WARREN)
        return False
    if pc == PC_FACTION_DAYLIGHT:
        goto(state, BOT_DAYLIGHT_PC[f] if is_bot(state, f) else DAYLIGHT_PC[f])
        return False
    if pc == PC_EVENING_START:
        state[PHASE] = PH_EVENING
        expose_then(state, f, PC_COBBLER)  # Law 13.2.4: before any card is drawn this Evening
        return False
    if pc == PC_FACTION_EVENING:
        goto(state, BOT_EVENING_PC[f] if is_bot(state, f) else EVENING_PC[f])
        return False
    if pc == PC_DISCARD:
        # Law 6.6 / 7.6.2 / 8.6.2 / 9.6.3: discard down to five cards in Evening.
        if state[HAND_N + f] > HAND_LIMIT:
            offer(state)
            for c in range(NCARD):
                if state[CARD_LOC + c] == LOC_HAND + f:
                    allow(state, A_CARD + c)
            wait(state, D_DISCARD, f)
            return True
        if f == RIVERFOLK:
            # Law 13.2.4: Exposure is open until the Evening's draw; the Riverfolk draw none (11.6), so after their
            # discard too (setting prices changes nothing it depends on)
            expose_then(state, f, AFTER_DISCARD_PC[f])
        else:
            goto(state, AFTER_DISCARD_PC[f])
        return False
    # PC_TURN_END: the end of f's Evening (C.3.4: the Pass scores), then the next player clockwise (the next seat)
    # takes a turn.
    score_pass(state, f)
    s = (state[FACTION_SEAT + f] + 1) % state[NSEATS]
    state[ACTIVE] = state[SEAT_FACTION + s]
    goto(state, PC_TURN_START)
    return False


@njit(cache=True)
def decide(state, d, a):
    if d == D_KEEP_HAND:
        put_on_deck(state, a - A_CARD)  # A.10 (the step asks again until three are left)
        return
    discard(state, a - A_CARD)

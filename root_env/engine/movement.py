"""Moving warriors (Law 4.2): from, to, how many. Used by March, the Decree, Cobbler."""
from .jit import njit

from ..data import NC, ADJ, CLEARING_SUIT, ALLIANCE, RIVERFOLK, CORVIDS, TT_SYMPATHY
from ..codes import A_DONE, A_CLEARING, A_COUNT, MAX_COUNT, D_MOVE_FROM, D_MOVE_TO, D_MOVE_COUNT
from ..layout import LEGAL_N, REG, R_MOVE_FROM, R_MOVE_TO, R_MOVE_SUIT, R_MOVE_OPTIONAL, ACTIVE, TOKENS, AL_OUTRAGE
from .board import warriors, rules, move_warriors
from .services import river_path, path_between
from .plots import snared
from .machine import PC_MOVE_FROM, PC_MOVE_TO, PC_MOVE_COUNT, PC_INTERRUPTS, offer, allow, wait, goto, ret


@njit(cache=True)
def can_move(state, f, a, b):
    """Law 4.2.1: to move you must rule the origin, the destination, or both, along a path. Rivers are paths
    for the Riverfolk, who move along them whoever rules (Swimmers 11.2.2), and for a buyer of Riverboats
    (11.2.7.II). Law 13.2.3 Nimble: the Corvids move whoever rules; 13.7.2: nothing moves out of a face-up
    snare's clearing but the Corvids."""
    if warriors(state, f, a) == 0 or snared(state, f, a):
        return False
    if f == CORVIDS:
        return path_between(state, f, a, b)
    if ADJ[a, b] == 1:
        return rules(state, f, a) or rules(state, f, b)
    if river_path(state, f, a, b):
        return f == RIVERFOLK or rules(state, f, a) or rules(state, f, b)
    return False


@njit(cache=True)
def can_move_from(state, f, a):
    if warriors(state, f, a) == 0 or snared(state, f, a):
        return False
    ra = f == CORVIDS or rules(state, f, a)  # asked once: ruling is the costly test (Nimble: not asked)
    for b in range(NC):
        if ADJ[a, b] == 1 or river_path(state, f, a, b):
            if ra or (f == RIVERFOLK and ADJ[a, b] == 0) or rules(state, f, b):
                return True
    return False


@njit(cache=True)
def any_move(state, f, suit):
    """Whether f can move from any clearing (of `suit`, or any suit when suit < 0)."""
    for a in range(NC):
        if (suit < 0 or CLEARING_SUIT[a] == suit) and can_move_from(state, f, a):
            return True
    return False


@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    if pc == PC_MOVE_FROM:
        offer(state)
        suit = state[REG + R_MOVE_SUIT]
        for a in range(NC):
            if (suit < 0 or CLEARING_SUIT[a] == suit) and can_move_from(state, f, a):
                allow(state, A_CLEARING + a)
        if state[LEGAL_N] > 0 and state[REG + R_MOVE_OPTIONAL] != 0:
            allow(state, A_DONE)
        if wait(state, D_MOVE_FROM, f):
            return True
        ret(state)
        return False
    if pc == PC_MOVE_TO:
        a = state[REG + R_MOVE_FROM]
        offer(state)
        for b in range(NC):
            if can_move(state, f, a, b):
                allow(state, A_CLEARING + b)
        wait(state, D_MOVE_TO, f)
        return True
    # PC_MOVE_COUNT
    a = state[REG + R_MOVE_FROM]
    n = warriors(state, f, a)
    if n > MAX_COUNT:
        n = MAX_COUNT
    offer(state)
    for k in range(1, n + 1):
        allow(state, A_COUNT + k - 1)
    wait(state, D_MOVE_COUNT, f)
    return True


@njit(cache=True)
def decide(state, d, a):
    f = state[ACTIVE]
    if d == D_MOVE_FROM:
        if a == A_DONE:
            ret(state)
        else:
            state[REG + R_MOVE_FROM] = a - A_CLEARING
            goto(state, PC_MOVE_TO)
    elif d == D_MOVE_TO:
        state[REG + R_MOVE_TO] = a - A_CLEARING
        goto(state, PC_MOVE_COUNT)
    else:
        b = state[REG + R_MOVE_TO]
        move_warriors(state, f, state[REG + R_MOVE_FROM], b, a - A_COUNT + 1)
        if outrage_on_entry(state, f, f, b):
            goto(state, PC_INTERRUPTS)  # it returns to whoever called the move
        else:
            ret(state)


@njit(cache=True)
def outrage_on_entry(state, mover, payer, b):
    """Law 8.2.6: warriors of another player moving into a sympathetic clearing cause Outrage,
    owed by `payer` (the mover, or the Vagabond moving his Ally's warriors, 9.2.9.II.e)."""
    if mover == ALLIANCE or state[TOKENS + TT_SYMPATHY * NC + b] == 0:
        return False
    state[AL_OUTRAGE + b] |= 1 << payer
    return True

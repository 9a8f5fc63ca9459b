"""Placing pieces at several places when the supply runs short (Law 2.5: place the maximum
possible; the owner chooses where). Demand per clearing is in SCRATCH."""
from .jit import njit

from ..data import NC
from ..codes import A_CLEARING, D_PLACE_SPLIT
from ..layout import SCRATCH, REG, R_PLACE_KIND, R_PLACE_LEFT, ACTIVE
from .board import place_warriors, place_token
from .machine import PC_PLACE_SPLIT, offer, allow, wait, call, ret

TOKEN_KIND = 100  # R_PLACE_KIND >= TOKEN_KIND: a token type; otherwise a faction's warriors


@njit(cache=True)
def put(state, kind, c):
    if kind >= TOKEN_KIND:
        place_token(state, kind - TOKEN_KIND, c)
    else:
        place_warriors(state, kind, c, 1)


@njit(cache=True)
def start_place(state, kind, available, return_pc):
    """Place SCRATCH[c] pieces of `kind` in each clearing c, `available` in supply. Everything is
    placed at once when the supply suffices or only one clearing wants pieces."""
    need = 0
    places = 0
    for c in range(NC):
        if state[SCRATCH + c] > 0:
            need += state[SCRATCH + c]
            places += 1
    if available >= need or places <= 1:
        for c in range(NC):
            k = state[SCRATCH + c]
            while k > 0 and available > 0:
                put(state, kind, c)
                k -= 1
                available -= 1
            state[SCRATCH + c] = 0
        return False
    state[REG + R_PLACE_KIND] = kind
    state[REG + R_PLACE_LEFT] = available
    call(state, PC_PLACE_SPLIT, return_pc)
    return True


@njit(cache=True)
def step(state, pc):
    if state[REG + R_PLACE_LEFT] > 0:
        offer(state)
        for c in range(NC):
            if state[SCRATCH + c] > 0:
                allow(state, A_CLEARING + c)
        kind = state[REG + R_PLACE_KIND]
        if wait(state, D_PLACE_SPLIT, kind if kind < TOKEN_KIND else state[ACTIVE]):  # the owner chooses (2.5)
            return True
    for c in range(NC):
        state[SCRATCH + c] = 0
    ret(state)
    return False


@njit(cache=True)
def decide(state, d, a):
    c = a - A_CLEARING
    put(state, state[REG + R_PLACE_KIND], c)
    state[SCRATCH + c] -= 1
    state[REG + R_PLACE_LEFT] -= 1

"""The Underground Duchy's Parliament as state: swayed ministers, crowns, and the Price of Failure (Law 12.2.3).

Kept apart from engine.factions.duchy because the Price of Failure falls due wherever any remover takes a Duchy
building (board.remove_piece raises ``DU_FAILURE``) and is paid in engine.interrupts, which must not import a
faction's turn."""
from .jit import njit

from ..data import (NMINISTER, MINISTER_RANK, DU_CROWNS_PER_RANK, DUCHY, LORD)
from ..layout import DU_SWAYED, DU_CROWNS_LOST, DU_FAILURE
from .cards import random_card_from_hand, discard


@njit(cache=True)
def swayed(state, m):
    return state[DU_SWAYED + m] != 0


@njit(cache=True)
def crowns_left(state, rank):
    """Crowns of `rank` still on the faction board (Law 12.3.6: three of each; 12.5.3.III: one goes onto each swayed
    minister of that rank; 12.2.3: one leaves the game with each minister lost)."""
    n = DU_CROWNS_PER_RANK - state[DU_CROWNS_LOST + rank]
    for m in range(NMINISTER):
        if MINISTER_RANK[m] == rank and state[DU_SWAYED + m] != 0:
            n -= 1
    return n


@njit(cache=True)
def failure_choices(state):
    """Law 12.2.3: the swayed ministers of the highest rank (lord, then noble, then squire), a bitmask; 0 if none."""
    for r in range(LORD, -1, -1):
        m = 0
        for k in range(NMINISTER):
            if MINISTER_RANK[k] == r and state[DU_SWAYED + k] != 0:
                m |= 1 << k
        if m != 0:
            return m
    return 0


@njit(cache=True)
def pay_failure(state, m):
    """Law 12.2.3: minister m (-1: none swayed) back to Unswayed Ministers, its crown out of the game for good; then a
    random card discarded (none with an empty hand, Law 1.5.1's most possible)."""
    if m >= 0:
        state[DU_SWAYED + m] = 0
        state[DU_CROWNS_LOST + MINISTER_RANK[m]] += 1
    card = random_card_from_hand(state, DUCHY)
    if card >= 0:
        discard(state, card)
    state[DU_FAILURE] = 0


@njit(cache=True)
def single_choice(mask):
    """The minister of a one-bit mask, -1 when the mask has several (the Duchy chooses) or none."""
    if mask == 0 or mask & (mask - 1) != 0:
        return -1
    m = 0
    while (mask >> m) & 1 == 0:
        m += 1
    return m

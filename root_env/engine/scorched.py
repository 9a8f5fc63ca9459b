"""The Scoundrel's Scorched Earth (Appendix D.6): "Pieces cannot be placed in or moved into the clearing with the
torch" for the rest of the game. One predicate that every placement (board.may_place), every move of warriors
(movement.move_targets) and every move of a pawn (relationships.can_move_to, the Slip, Glide) asks."""
from .jit import njit

from ..layout import SCORCHED


@njit(cache=True, inline="always")
def scorched(state, c):
    """A clearing (0..NC-1) with the Scoundrel's torch: nothing is placed in or moved into it."""
    return (state[SCORCHED] >> c) & 1 == 1


@njit(cache=True, inline="always")
def scorched_mask(state):
    """Bitmask of those clearings."""
    return state[SCORCHED]

"""Who plays a seat: a player, or the faction's Clockwork bot (seed 004), which the engine plays itself."""
from .jit import njit

from ..layout import BOT


@njit(cache=True, inline="always")
def is_bot(state, f):
    return f >= 0 and state[BOT + f] != 0

"""Who is an enemy (Law 2.7): any other faction not in a coalition with you (9.2.8).

Every rule that says "enemy" asks here, so that a coalition changes all of them at once. Rules that say
"another player" (Outrage 8.2.6, Martial Law 8.4.2.a, the defender of a battle 4.3.1) do not.
"""
from .jit import njit

from ..data import VAGABOND
from ..layout import VB_COALITION


@njit(cache=True)
def in_coalition(state, f, g):
    """Law 9.2.8: the Vagabond and the player on whose board he placed his score marker."""
    p = state[VB_COALITION]
    return p >= 0 and ((f == VAGABOND and g == p) or (g == VAGABOND and f == p))


@njit(cache=True)
def is_enemy(state, f, g):
    """Law 2.7: g is an enemy of f."""
    return g != f and not in_coalition(state, f, g)

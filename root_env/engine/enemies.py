"""Who is an enemy (Law 2.7): any other faction not in a coalition with you (9.2.8).

Every rule that says "enemy" asks here, so that a coalition changes all of them at once. Rules that say
"another player" (Outrage 8.2.6, Martial Law 8.4.2.a, the defender of a battle 4.3.1) do not.
"""
from .jit import njit

from ..data import VAGABOND, VAGABOND2
from ..layout import VB_COALITION


@njit(cache=True)
def in_coalition(state, f, g):
    """Law 9.2.8: a Vagabond and the player on whose board he placed his score marker (each of two
    Vagabonds may have his own coalition, Law 9.8)."""
    p = state[VB_COALITION]
    q = state[VB_COALITION + 1]
    if p < 0 and q < 0:
        return False
    return ((p >= 0 and ((f == VAGABOND and g == p) or (g == VAGABOND and f == p)))
            or (q >= 0 and ((f == VAGABOND2 and g == q) or (g == VAGABOND2 and f == q))))


@njit(cache=True)
def in_a_coalition(state, g):
    """g is in some coalition: a Vagabond who formed one, or a Vagabond's partner (seed 002 9.2.8)."""
    for k in range(2):
        p = state[VB_COALITION + k]
        if p >= 0 and (p == g or VAGABOND + k == g):
            return True
    return False


@njit(cache=True)
def is_enemy(state, f, g):
    """Law 2.7: g is an enemy of f."""
    return g != f and not in_coalition(state, f, g)

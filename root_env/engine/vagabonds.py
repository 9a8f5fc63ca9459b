"""Which Vagabond (Law 9.8): a game may seat two, the factions VAGABOND and VAGABOND2. Every Vagabond
region of the state has a row per Vagabond; these give the row of faction v, and every rule that names
"the Vagabond" asks ``is_vagabond``."""
from .jit import njit

from ..data import NITEM, NF, VAGABOND, VAGABOND2


@njit(cache=True, inline="always")
def is_vagabond(f):
    return f == VAGABOND or f == VAGABOND2


@njit(cache=True, inline="always")
def vb_row(v):
    """0 for the Vagabond, 1 for the second Vagabond (the row of v in VB_CHAR, VB_PAWN, ...)."""
    return v - VAGABOND


@njit(cache=True, inline="always")
def items_at(v):
    """Offset of v's rows in VB_ITEMS ([item, IS_*], four states per item)."""
    return (v - VAGABOND) * NITEM * 4


@njit(cache=True, inline="always")
def chart_at(v):
    """Offset of v's row in VB_REL / VB_AIDS (one entry per faction)."""
    return (v - VAGABOND) * NF


@njit(cache=True, inline="always")
def other_vagabond(v):
    return VAGABOND2 if v == VAGABOND else VAGABOND

"""The Vagabond's relationships (Law 9.2.9): aid toward Allied, Hostile factions, Infamy."""
from .jit import njit

from ..data import NC, BOOT, VAGABOND, REL_AIDS, REL_VP, REL_ALLIED, REL_HOSTILE, AID_ALLIED_VP
from ..layout import VB_PAWN, VB_REL, VB_AIDS, ACTIVE, NSEATS, SEAT_FACTION, WARRIORS, VS_RELATIONSHIP, VS_INFAMY
from .score import score
from .items import ready, adjacent_clearing, pawn_snared


@njit(cache=True)
def relationship(state, g):
    return state[VB_REL + g]


@njit(cache=True)
def is_hostile(state, g):
    return state[VB_REL + g] == REL_HOSTILE


@njit(cache=True)
def is_allied(state, g):
    return state[VB_REL + g] == REL_ALLIED


@njit(cache=True)
def hostile_warriors_in(state, c):
    """Law 9.2.9.III.b: any warriors of a Hostile faction in clearing c."""
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != VAGABOND and state[VB_REL + g] == REL_HOSTILE and state[WARRIORS + g * NC + c] > 0:
            return True
    return False


@njit(cache=True)
def aided(state, g):
    """Law 9.2.9.I-II: one Aid to g counts toward the next space, or scores 2 VP if Allied."""
    rel = state[VB_REL + g]
    if rel == REL_HOSTILE or rel < 0:
        return  # 9.2.9.III.c: aiding a Hostile faction does not improve the relationship
    if rel == REL_ALLIED:
        score(state, VAGABOND, AID_ALLIED_VP, VS_RELATIONSHIP)
        return
    state[VB_AIDS + g] += 1
    if state[VB_AIDS + g] >= REL_AIDS[rel]:
        state[VB_AIDS + g] = 0  # 9.2.9.I.a: one Aid counts toward only one improvement
        state[VB_REL + g] = rel + 1
        score(state, VAGABOND, REL_VP[rel], VS_RELATIONSHIP)


@njit(cache=True)
def vb_removed_warriors(state, g, n, in_battle):
    """The Vagabond removed n warriors of g. Law 9.2.9.III: a non-Hostile faction becomes Hostile;
    III.a Infamy: each piece of a Hostile faction removed in battle on his turn scores one VP,
    except the warrior that made it Hostile."""
    if n <= 0 or state[VB_REL + g] < 0:
        return
    if state[VB_REL + g] != REL_HOSTILE:
        state[VB_REL + g] = REL_HOSTILE
        n -= 1
    if in_battle and state[ACTIVE] == VAGABOND:
        score(state, VAGABOND, n, VS_INFAMY)


@njit(cache=True)
def vb_removed_piece(state, g, in_battle):
    """A building or token of g removed by the Vagabond: Infamy if g is Hostile (9.2.9.III.a)."""
    if in_battle and state[ACTIVE] == VAGABOND and state[VB_REL + g] == REL_HOSTILE:
        score(state, VAGABOND, 1, VS_INFAMY)


@njit(cache=True)
def move_cost(state, c):
    """Law 9.5.1: one boot, plus one if the destination has warriors of a Hostile faction."""
    return 2 if hostile_warriors_in(state, c) else 1


@njit(cache=True)
def can_move_to(state, c):
    """Law 9.5.1 / 9.2.3 Nimble: any adjacent clearing (never a forest) he can pay boots for."""
    return (adjacent_clearing(state, state[VB_PAWN], c) and ready(state, BOOT) >= move_cost(state, c)
            and not pawn_snared(state))


@njit(cache=True)
def vb_can_move(state):
    for c in range(NC):
        if can_move_to(state, c):
            return True
    return False

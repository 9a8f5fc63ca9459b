"""The Vagabond's relationships (Law 9.2.9): aid toward Allied, Hostile factions, Infamy.

Each Vagabond has his own chart (a row of VB_REL per Vagabond, `v` his faction); it holds only the
non-Vagabond factions (9.2.9), so the other Vagabond's entry stays -1 and no rule here touches it."""
from .jit import njit

from ..data import NC, BOOT, REL_AIDS, REL_VP, REL_ALLIED, REL_HOSTILE, AID_ALLIED_VP
from ..layout import VB_REL, VB_AIDS, ACTIVE, NSEATS, SEAT_FACTION, WARRIORS, VS_RELATIONSHIP, VS_INFAMY
from .score import score
from .items import ready, adjacent_clearing, pawn_snared, pawn_place
from .ferry import ferry_reach
from .vagabonds import chart_at
from .scorched import scorched


@njit(cache=True)
def relationship(state, v, g):
    return state[VB_REL + chart_at(v) + g]


@njit(cache=True)
def is_hostile(state, v, g):
    return state[VB_REL + chart_at(v) + g] == REL_HOSTILE


@njit(cache=True)
def is_allied(state, v, g):
    return state[VB_REL + chart_at(v) + g] == REL_ALLIED


@njit(cache=True)
def hostile_warriors_in(state, v, c):
    """Law 9.2.9.III.b: any warriors of a faction Hostile to v in clearing c."""
    k = VB_REL + chart_at(v)
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if state[k + g] == REL_HOSTILE and state[WARRIORS + g * NC + c] > 0:
            return True
    return False


@njit(cache=True)
def aided(state, v, g):
    """Law 9.2.9.I-II: one Aid to g counts toward the next space, or scores 2 VP if Allied."""
    k = chart_at(v) + g
    rel = state[VB_REL + k]
    if rel == REL_HOSTILE or rel < 0:
        return  # 9.2.9.III.c: aiding a Hostile faction does not improve the relationship
    if rel == REL_ALLIED:
        score(state, v, AID_ALLIED_VP, VS_RELATIONSHIP)
        return
    state[VB_AIDS + k] += 1
    if state[VB_AIDS + k] >= REL_AIDS[rel]:
        state[VB_AIDS + k] = 0  # 9.2.9.I.a: one Aid counts toward only one improvement
        state[VB_REL + k] = rel + 1
        score(state, v, REL_VP[rel], VS_RELATIONSHIP)


@njit(cache=True)
def vb_removed_warriors(state, v, g, n, in_battle):
    """Vagabond v removed n warriors of g. Law 9.2.9.III: a non-Hostile faction becomes Hostile;
    III.a Infamy: each piece of a Hostile faction removed in battle on his turn scores one VP,
    except the warrior that made it Hostile."""
    k = VB_REL + chart_at(v) + g
    if n <= 0 or state[k] < 0:
        return
    if state[k] != REL_HOSTILE:
        state[k] = REL_HOSTILE
        n -= 1
    if in_battle and state[ACTIVE] == v:
        score(state, v, n, VS_INFAMY)


@njit(cache=True)
def vb_removed_piece(state, v, g, in_battle):
    """A building or token of g removed by Vagabond v: Infamy if g is Hostile (9.2.9.III.a)."""
    if in_battle and state[ACTIVE] == v and state[VB_REL + chart_at(v) + g] == REL_HOSTILE:
        score(state, v, 1, VS_INFAMY)


@njit(cache=True)
def move_cost(state, v, c):
    """Law 9.5.1: one boot, plus one if the destination has warriors of a Hostile faction."""
    return 2 if hostile_warriors_in(state, v, c) else 1


@njit(cache=True)
def can_move_to(state, v, c):
    """Law 9.5.1 / 9.2.3 Nimble: any adjacent clearing (never a forest) he can pay boots for; on the Lake map, from the
    Ferry's clearing any other coastal clearing with the Ferry, ruling neither (C.2.5; Nimble)."""
    place = pawn_place(state, v)
    return ((adjacent_clearing(state, v, place, c) or (ferry_reach(state, place) >> c) & 1 == 1)
            and ready(state, v, BOOT) >= move_cost(state, v, c)
            and not pawn_snared(state, v) and not scorched(state, c))  # D.6: never into the torch's clearing


@njit(cache=True)
def vb_can_move(state, v):
    for c in range(NC):
        if can_move_to(state, v, c):
            return True
    return False

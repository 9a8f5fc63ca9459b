"""Advanced Setup (Appendix A) in the engine: the homeland rules of A.8.2 that the factions' setups ask.

A faction's homeland is the clearing its setup chose (the Marquise's keep, the Eyrie's first roost, the Lizard
Cult's first garden): ``HOMELAND`` holds a bitmask per faction, set by the setups in both setups (in Standard
Setup it is the starting clearing of Law 5.1.7). The rules below apply only to Advanced Setup (``advanced``):

- A.8.2.I: no faction chooses a homeland that an enemy chose as its homeland, nor one where it cannot place all
  the pieces its setup lists (``corner_ok``).
- A.8.2.II: a faction that must set up away from enemy homelands chooses, if able, a homeland with two or more
  clearings between it and every enemy homeland, else one not adjacent to any, else any (``HOMELAND_DIST``, and
  ``corners_allowed``'s cascade). Which factions ask which distance is a reading (docs/rules.md, Advanced Setup).
"""
import numpy as np
from .jit import njit

from ..data import NC, NF, MARQUISE, DUCHY
from .geometry import adjacent, N_CORNERS, corner, distance, opposite_corner
from ..layout import SETUP_KIND, SETUP_ADVANCED, HOMELAND
from .board import may_place, open_slots
from .rng import rng_int

# A.8.2.II, by faction id: the fewest paths a faction's homeland keeps from enemy homelands if able (3: "two or more
# clearings between it and enemy homelands", 2: "not adjacent to enemy homelands", 0: no requirement). Reading
# (docs/rules.md): the factions whose standard setup asks "if possible, diagonally opposite from a starting corner
# clearing" (Law 7.3.2 Eyrie, 10.3.2 Lizard Cult) set up as far away as able; the Marquise has no such requirement.
HOMELAND_DIST = np.array([0, 3, 0, 0, 0, 3, 0, 0, 3, 3, 3], dtype=np.int64)  # the Hundreds (14.3.2), the Keepers
# (15.3.3) and the Underground Duchy (12.3.3) read like 7.3.2
MARQUISE_BUILDINGS = 3  # Law 6.3.4: a sawmill, a workshop and a recruiter


@njit(cache=True, inline="always")
def advanced(state):
    """The game uses Advanced Setup (Appendix A)."""
    return state[SETUP_KIND] == SETUP_ADVANCED


@njit(cache=True)
def enemy_homelands(state, f):
    """Bitmask of the homelands of f's enemies (at setup every other faction is an enemy)."""
    m = 0
    for g in range(NF):
        if g != f:
            m |= state[HOMELAND + g]
    return m


@njit(cache=True)
def distance_to_enemy_homelands(state, f, c):
    """The fewest paths from c to an enemy homeland (NC when no enemy has one)."""
    m = enemy_homelands(state, f)
    d = NC
    for h in range(NC):
        if (m >> h) & 1 and distance(state, c, h) < d:
            d = distance(state, c, h)
    return d


@njit(cache=True)
def corner_ok(state, f, c):
    """A.8.2.I: corner c is no enemy homeland, and f can place all its setup pieces there: the Marquise's keep (and
    three buildings among the keep's clearing and those adjacent, Law 6.3.4), the Eyrie's roost and the Cult's garden
    (a free slot, Law 7.3.2 / 10.3.2), each faction's warriors (Law 6.2.2 keep, 13.7.2 snares). The Underground
    Duchy's corner takes warriors and a tunnel, a token: no slot (Law 12.3.3)."""
    if (enemy_homelands(state, f) >> c) & 1 or not may_place(state, f, c):
        return False
    if f == DUCHY:
        return True
    if f == MARQUISE:
        slots = 0
        for b in range(NC):
            if b == c or adjacent(state, c, b):
                slots += open_slots(state, b)
        return slots >= MARQUISE_BUILDINGS
    return open_slots(state, c) > 0


@njit(cache=True)
def corner_allowed(state, f, c, need):
    return corner_ok(state, f, c) and distance_to_enemy_homelands(state, f, c) >= need


@njit(cache=True)
def homeland_need(state, f):
    """A.8.2.II: the distance f's homeland must keep from enemy homelands: the faction's requirement if some corner
    meets it, else "not adjacent" if some corner meets that, else none ("try to set up as far away as able")."""
    need = HOMELAND_DIST[f]
    while need > 0:
        for i in range(N_CORNERS):
            if corner_allowed(state, f, corner(state, i), need):
                return need
        need = 2 if need > 2 else 0
    return 0


@njit(cache=True)
def corners_allowed(state, f):
    """Bitmask of the corners f may choose as its homeland in Advanced Setup (A.8.2.I-II)."""
    need = homeland_need(state, f)
    m = 0
    for i in range(N_CORNERS):
        c = corner(state, i)
        if corner_allowed(state, f, c, need):
            m |= 1 << c
    if m == 0:  # no corner left (not with the factions here: at most three homelands among four corners)
        for i in range(N_CORNERS):
            m |= 1 << corner(state, i)
    return m


@njit(cache=True)
def random_corner(state, m):
    """A random clearing of the bitmask m (a bot's choice; seed 004 bots choose corners at random), -1 if empty."""
    n = 0
    for c in range(NC):
        n += (m >> c) & 1
    if n == 0:
        return -1
    k = rng_int(state, n)
    for c in range(NC):
        if (m >> c) & 1:
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def standard_corners(state, f, slot):
    """Standard Setup: the corners f may start in, "not the starting corner clearing of another player and, if possible,
    diagonally opposite from a starting corner clearing" (Law 7.3.2, 14.3.2, 15.3.3); f can place there (6.2.2, 13.7.2)
    and, with `slot`, a free building slot is there. A bitmask."""
    taken = enemy_homelands(state, f)
    free = 0
    opposite = 0
    for i in range(N_CORNERS):
        c = corner(state, i)
        if (taken >> c) & 1 or not may_place(state, f, c) or (slot and open_slots(state, c) == 0):
            continue
        free |= 1 << c
        if (taken >> opposite_corner(state, c)) & 1:
            opposite |= 1 << c
    return opposite if opposite != 0 else free


@njit(cache=True)
def far_homelands(state, f, candidates):
    """Advanced Setup (A.8.2.II): of the clearings in the bitmask `candidates` that are no enemy homeland and where f may
    place, those with two or more clearings between them and every enemy homeland if any, else those not adjacent to
    one, else all of them (HOMELAND_DIST's cascade, for a homeland that is not a corner: the Keepers', 15.3.3)."""
    need = HOMELAND_DIST[f]
    taken = enemy_homelands(state, f)
    while True:
        m = 0
        for c in range(NC):
            if ((candidates >> c) & 1 and not (taken >> c) & 1 and may_place(state, f, c)
                    and (need == 0 or distance_to_enemy_homelands(state, f, c) >= need)):
                m |= 1 << c
        if m != 0 or need == 0:
            return m
        need = 2 if need > 2 else 0


@njit(cache=True, inline="always")
def set_homeland(state, f, c):
    state[HOMELAND + f] |= 1 << c


@njit(cache=True, inline="always")
def spreads_to(state, f, c):
    """Warriors a setup spreads beyond f's homeland (the Marquise's garrison, the Cult's adjacent warriors) skip
    enemy homelands in Advanced Setup (A.8.2; docs/rules.md reading)."""
    return not advanced(state) or (enemy_homelands(state, f) >> c) & 1 == 0


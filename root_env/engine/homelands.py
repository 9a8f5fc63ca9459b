"""Advanced Setup (Appendix A) in the engine: the homeland rules of A.8.2 and the Marauder faction setup cards.

A faction's homeland is a clearing its setup chose: ``HOMELAND`` holds a bitmask per faction, set by the setups in
both setups (in Standard Setup it is the starting clearing of Law 5.1.7). The rules below apply only to Advanced
Setup (``advanced``):

- A.8.2.I: no faction chooses a homeland that an enemy chose as its homeland, nor one where it cannot place all
  the pieces its setup card lists (a free building slot for a building, ``may_place`` for warriors and tokens).
- A.8.2.II: a faction whose card asks a homeland "not adjacent to enemy homelands" or with "2+ clearings between it
  and enemy homelands" takes the farthest of those it can (``HOMELAND_DIST`` and ``far_homelands``' cascade).
- Where each card's homeland may be (docs/rules.md, Advanced Setup, two sources): the Eyrie, the Lord of the
  Hundreds and the Keepers in Iron on the map edge; the Lizard Cult, the Underground Duchy and the Corvids any
  clearing; the Marquise three homelands, each adjacent to another (``marquise_homeland_choices``). None needs a
  corner, so any number of such factions can be seated (Law 5 asks Advanced Setup for five or more).
- The Clockwork bots have no setup cards: the Mechanical Marquise and the Electric Eyrie take a corner by the Law of
  Rootbotics, as far from enemy homelands as A.8.2 allows (``corners_allowed``).
"""
import numpy as np
from .jit import njit

from ..data import NC, NF, MARQUISE
from .geometry import adjacent, N_CORNERS, corner, distance, opposite_corner, on_map_edge
from ..layout import SETUP_KIND, SETUP_ADVANCED, HOMELAND, SCRATCH, SUPPLY_WARRIORS
from .board import may_place, open_slots, place_warriors
from .placement import start_place
from .rng import rng_int

# A.8.2.II, by faction id: the fewest paths a faction's homeland keeps from enemy homelands if able (3: "2+ clearings
# between it and enemy homelands", 2: "not adjacent to enemy homelands", 0: no requirement), as the Marauder faction
# setup cards ask: the Eyrie, the Hundreds and the Keepers 3, the Lizard Cult and the Underground Duchy 2, the
# Marquise's homelands and the Corvids' none. The Electric Eyrie (a bot, no card) keeps the Eyrie's 3.
HOMELAND_DIST = np.array([0, 3, 0, 0, 0, 2, 0, 0, 3, 3, 2], dtype=np.int64)
KEEP_DIST = 2  # the Marquise's card: the keep in a homeland "not adjacent to an enemy homeland if able"
MARQUISE_HOMELANDS = 3  # the Marquise's card: "3 homeland clearings, each adjacent to one other"
MARQUISE_BUILDINGS = 3  # Law 6.3.4: a sawmill, a workshop and a recruiter
ALL_CLEARINGS = (1 << NC) - 1


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
    """A.8.2.I for a Clockwork bot's corner (the Law of Rootbotics' setup): c is no enemy homeland, and the bot can
    place its setup pieces there: the Mechanical Marquise's keep (and three buildings among the keep's clearing and
    those adjacent, Law 6.3.4), the Electric Eyrie's roost (a free slot), the warriors (Law 6.2.2 keep, 13.7.2
    snares)."""
    if (enemy_homelands(state, f) >> c) & 1 or not may_place(state, f, c):
        return False
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
    """Bitmask of the corners a Clockwork bot of faction f may choose as its homeland in Advanced Setup (A.8.2.I-II).
    The factions' setup cards put homelands anywhere (the map edge, any clearing), so every corner may already be an
    enemy homeland: then the bot takes any clearing A.8.2.I allows, else any clearing it may place in."""
    need = homeland_need(state, f)
    m = 0
    for i in range(N_CORNERS):
        c = corner(state, i)
        if corner_allowed(state, f, c, need):
            m |= 1 << c
    if m == 0:
        for c in range(NC):
            if corner_ok(state, f, c):
                m |= 1 << c
    if m == 0:
        m = far_homelands(state, f, ALL_CLEARINGS, False, 0)
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
def far_homelands(state, f, candidates, slot, need):
    """A.8.2.I-II: of the clearings in the bitmask `candidates` that are no enemy homeland, where f may place and (with
    `slot`) a free building slot is, those with at least `need` paths to every enemy homeland if any (3: "2+
    clearings between"), else those not adjacent to one, else all of them."""
    taken = enemy_homelands(state, f)
    while True:
        m = 0
        for c in range(NC):
            if ((candidates >> c) & 1 and not (taken >> c) & 1 and may_place(state, f, c)
                    and (not slot or open_slots(state, c) > 0)
                    and (need == 0 or distance_to_enemy_homelands(state, f, c) >= need)):
                m |= 1 << c
        if m != 0 or need == 0:
            return m
        need = 2 if need > 2 else 0


@njit(cache=True)
def card_homelands(state, f, edge, slot):
    """The homelands f's setup card allows (A.8.2.I-II, ``HOMELAND_DIST[f]``): map-edge clearings with `edge` (the
    Eyrie, the Hundreds, the Keepers' first), else any clearing; with `slot` a free building slot (a roost,
    stronghold or garden). Never empty while f may place anywhere."""
    m = 0
    for c in range(NC):
        if not edge or on_map_edge(state, c):
            m |= 1 << c
    found = far_homelands(state, f, m, slot, HOMELAND_DIST[f])
    if found == 0 and edge:  # every map-edge clearing taken (not with six seats): any clearing, as far as able
        found = far_homelands(state, f, ALL_CLEARINGS, slot, HOMELAND_DIST[f])
    if found == 0 and slot:  # no free slot anywhere allowed: the pieces that fit (Law 2.5: place what you can)
        found = far_homelands(state, f, ALL_CLEARINGS, False, HOMELAND_DIST[f])
    return found


@njit(cache=True)
def neighbours(state, group, ok):
    """The clearings of the bitmask `ok` outside `group` adjacent to a clearing of `group`."""
    m = 0
    for c in range(NC):
        if (ok >> c) & 1 and not (group >> c) & 1:
            for h in range(NC):
                if (group >> h) & 1 and adjacent(state, c, h):
                    m |= 1 << c
                    break
    return m


@njit(cache=True)
def marquise_homeland_choices(state):
    """The Marquise's card: "3 homeland clearings, each adjacent to one other", each taking a building (a free slot)
    and two warriors (A.8.2.I). The next homeland: adjacent to those chosen (any for the first), such that the three
    can still be completed; if no three fit together, any clearing A.8.2.I allows (not with the factions here)."""
    ok = far_homelands(state, MARQUISE, ALL_CLEARINGS, True, 0)
    own = state[HOMELAND + MARQUISE]
    n = 0
    for c in range(NC):
        n += (own >> c) & 1
    left = MARQUISE_HOMELANDS - n - 1  # homelands still to choose after this one
    m = 0
    for c in range(NC):
        if not (ok >> c) & 1 or (own >> c) & 1:
            continue
        if n > 0 and not (neighbours(state, own, ok) >> c) & 1:
            continue
        g = own | (1 << c)
        nb = neighbours(state, g, ok)
        fits = left <= 0 or (left == 1 and nb != 0)
        if left == 2:
            for b in range(NC):
                if (nb >> b) & 1 and neighbours(state, g | (1 << b), ok) != 0:
                    fits = True
                    break
        if fits:
            m |= 1 << c
    if m == 0:
        m = ok & ~own
    if m == 0:
        m = far_homelands(state, MARQUISE, ALL_CLEARINGS & ~own, False, 0)
    return m


@njit(cache=True)
def spread_evenly(state, f, c, n, return_pc):
    """Put n warriors of f "in clearings adjacent to [its homeland c] as evenly as possible" (the Lizard Cult's and the
    Underground Duchy's cards): each adjacent clearing where f may place gets n // k, and f chooses which n % k of
    them get one more (one ``D_PLACE_SPLIT`` decision each, placement.start_place). The caller has set the program
    counter to `return_pc`; returns True when a choice is pending."""
    k = 0
    for b in range(NC):
        if adjacent(state, c, b) and may_place(state, f, b):
            k += 1
    if k == 0:
        return False
    for b in range(NC):
        if adjacent(state, c, b) and may_place(state, f, b):
            place_warriors(state, f, b, n // k)
            state[SCRATCH + b] = 1 if n % k > 0 else 0
    return start_place(state, f, min(n % k, state[SUPPLY_WARRIORS + f]), return_pc)


@njit(cache=True, inline="always")
def set_homeland(state, f, c):
    state[HOMELAND + f] |= 1 << c


@njit(cache=True, inline="always")
def spreads_to(state, f, c):
    """Warriors a Clockwork bot's setup spreads beyond its homeland (the Mechanical Marquise's garrison) skip enemy
    homelands in Advanced Setup (A.8.2; docs/rules.md reading; the factions' setup cards say where theirs go)."""
    return not advanced(state) or (enemy_homelands(state, f) >> c) & 1 == 0


"""The Lake map's Ferry (Law Appendix C.2.5).

"Once per turn, pieces moving from the coastal clearing with the Ferry can move on the lake to any other coastal
clearing, ignoring adjacency, and moving the Ferry along with them. (You still must rule the origin or destination
clearing.) After this, the moving player draws one card. The Ferry cannot be battled or removed."

The Ferry's clearing is the state's ``FERRY`` (-1 on the other maps, so every test here fails at its first line
there). A move with the Ferry is one of the mover's ordinary moves (the warriors' move, ``engine.movement``; the
Vagabond's Move, ``factions.vagabond``) reaching a coastal clearing no path leads to: ``ferry_targets`` adds those
destinations (``ferry_reach``, less what the mover may not board, ``movement.ferry_targets``), and when the lake as a river leads there too (the Riverfolk's Swimmers, 11.2.2; Riverboats, 11.2.7.II)
the mover says which way (``PC_FERRY_ASK``: "with the Ferry" or not). ``TF_ON_FERRY`` marks the move in progress as
going with the Ferry until its pieces land, when ``cross`` moves the Ferry and the mover draws.
Readings (docs/rules.md, "The Lake map"): the Vagabond and the Corvids need not rule either clearing (Nimble, 9.2.3,
13.2.3, overrides C.2.5's reminder); the Clockwork bots never take the Ferry (their moves name adjacent clearings).
"""
from .jit import njit

from ..map_data import MAP_LAKE_MASK
from ..codes import A_OPT, A_DONE, OPT_FERRY, D_FERRY
from ..layout import ACTIVE, MAP, FERRY, TURN_FLAGS, TF_FERRY, TF_ON_FERRY
from .cards import draw
from .scorched import scorched_mask
from .machine import offer, allow, wait, ret


@njit(cache=True)
def ferry_reach(state, a):
    """Bitmask of the coastal clearings the Ferry takes pieces to from clearing a (C.2.5): it is in a and not yet used
    this turn; never into the Scoundrel's torch's clearing (D.6). Who may board (ruling) is the mover's test
    (``movement.ferry_targets``; the Vagabond is Nimble)."""
    if state[FERRY] != a or a < 0 or state[TURN_FLAGS] & TF_FERRY != 0:
        return 0
    return MAP_LAKE_MASK[state[MAP], a] & ~scorched_mask(state)


@njit(cache=True)
def by_ferry(state, reach, b, other_way):
    """Start a move to b whose Ferry destinations are `reach`: with the Ferry when only the Ferry leads there
    (``TF_ON_FERRY``); when `other_way` (a path or the lake as a river) leads there too, the mover is asked (returns
    True: ``PC_FERRY_ASK`` must be called); otherwise an ordinary move."""
    if (reach >> b) & 1 == 0:
        return False
    if other_way:
        return True
    state[TURN_FLAGS] |= TF_ON_FERRY
    return False


@njit(cache=True)
def cross(state, f, b):
    """C.2.5: the pieces have moved to b with the Ferry: it lands with them, it is used for this turn, and the moving
    player draws one card. Does nothing for a move without the Ferry."""
    if state[TURN_FLAGS] & TF_ON_FERRY == 0:
        return
    state[TURN_FLAGS] = (state[TURN_FLAGS] | TF_FERRY) & ~TF_ON_FERRY
    state[FERRY] = b
    draw(state, f, 1)


@njit(cache=True)
def step(state, pc):
    """PC_FERRY_ASK: with the Ferry, or the other way (along the lake as a river)."""
    f = state[ACTIVE]
    offer(state)
    allow(state, A_OPT + OPT_FERRY)
    allow(state, A_DONE)
    return wait(state, D_FERRY, f)


@njit(cache=True)
def decide(state, d, a):
    if a == A_OPT + OPT_FERRY:
        state[TURN_FLAGS] |= TF_ON_FERRY
    ret(state)

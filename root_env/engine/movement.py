"""Moving warriors (Law 4.2): from, to, how many. Used by March, the Decree, Cobbler. On the Lake map a move from the
Ferry's clearing may go with the Ferry (Law C.2.5, engine.ferry). The Underground Duchy's Burrow (Law 12.2.2) is place
NC (data.BURROW): a bit above the clearings' in a move's bitmask, the action A_BURROW; only the Duchy moves there."""
from .jit import njit

from ..data import (NC, NBT, ALLIANCE, RIVERFOLK, CORVIDS, TT_SYMPATHY, HUNDREDS, KEEPERS, TT_RELIC, NRELIC_KINDS,
                    DUCHY, TT_TUNNEL)
from .geometry import adj_mask, river_mask
from ..codes import A_DONE, A_CLEARING, A_BURROW, A_COUNT, A_PIECE, MAX_COUNT, D_MOVE_FROM, D_MOVE_TO, D_MOVE_COUNT, D_KP_CARRY
from ..layout import (FERRY, CLEARING_SUITS, LEGAL_N, REG, R_MOVE_FROM, R_MOVE_TO, R_MOVE_SUIT, R_MOVE_OPTIONAL, ACTIVE, TOKENS, AL_OUTRAGE,
                      BOT, HD_WARLORD, HD_STEP, HD_WARLORD_ASKED, HD_WARLORD_GOES, KP_CARRY, DU_BURROW)
from .board import warriors, rules, ruled_mask, move_warriors
from .services import has_riverboats
from .plots import snared
from .scorched import scorched_mask
from .ferry import ferry_reach, by_ferry, cross
from .relics import relics_in, relic_at, move_relic
from .machine import (PC_MOVE_FROM, PC_MOVE_TO, PC_MOVE_COUNT, PC_MOVE_CARRY, PC_INTERRUPTS, PC_HD_WARLORD_MOVES,
                      PC_FERRY_ASK, offer, allow, allow_clearings, wait, wait_optional, goto, call, ret)


@njit(cache=True)
def tunnel_mask(state):
    """The clearings with a tunnel: those adjacent to the Burrow (Law 12.2.2)."""
    m = 0
    for c in range(NC):
        if state[TOKENS + TT_TUNNEL * NC + c] > 0:
            m |= 1 << c
    return m


@njit(cache=True)
def warriors_at(state, f, p):
    """f's warriors at place p: a clearing, or the Burrow (p = NC; only the Duchy's warriors are ever there)."""
    if p == NC:
        return state[DU_BURROW] if f == DUCHY else 0
    return warriors(state, f, p)


@njit(cache=True)
def burrow_targets(state, a):
    """Law 12.2.2: from the Burrow, the Duchy's warriors reach every clearing with a tunnel (the Duchy rules the
    Burrow, so Law 4.2.1 holds whoever rules there); D.6 Scorched Earth still closes the torch's clearing."""
    if state[DU_BURROW] == 0:
        return 0
    return tunnel_mask(state) & ~scorched_mask(state)


@njit(cache=True)
def move_targets(state, f, a, first):
    """``clearing_targets``, and for the Duchy the Burrow's moves (Law 12.2.2). Every other faction takes the first
    branch into the inlined clearing search: one call, as before the Burrow (a second call cost them ~1 %)."""
    if f != DUCHY:
        return 0 if a == NC else clearing_targets(state, f, a, first)
    return duchy_targets(state, a, first)


@njit(cache=True)
def duchy_targets(state, a, first):
    """Where the Duchy's warriors at place a (a clearing or the Burrow, NC) may move (Law 12.2.2)."""
    if a == NC:
        return burrow_targets(state, a)
    m = clearing_targets(state, DUCHY, a, first)
    if state[TOKENS + TT_TUNNEL * NC + a] > 0 and warriors(state, DUCHY, a) > 0 and not snared(state, DUCHY, a):
        m |= 1 << NC  # Law 12.2.2: the Burrow is adjacent to a tunnel's clearing, and the Duchy always rules it
    return m


@njit(cache=True, inline="always")
def clearing_targets(state, f, a, first):
    """Bitmask of the clearings f's warriors in clearing a may move to. Law 4.2.1: along a path, ruling the
    origin or the destination. Rivers are paths for the Riverfolk, who move along them whoever rules
    (Swimmers 11.2.2), and for a buyer of Riverboats (11.2.7.II). Law 13.2.3 Nimble: the Corvids move whoever
    rules; 13.7.2: nothing moves out of a face-up snare's clearing but the Corvids. With `first`, the search
    stops at the first destination found (any bit set answers "can move")."""
    if warriors(state, f, a) == 0 or snared(state, f, a):
        return 0
    closed = scorched_mask(state)  # D.6 Scorched Earth: nothing moves into the torch's clearing
    links = adj_mask(state, a) & ~closed
    river = river_mask(state, a) & ~closed
    if river != 0 and (f == RIVERFOLK or has_riverboats(state, f)):
        links |= river
    if f == CORVIDS or rules(state, f, a):  # ruling is the costly test: asked once for the origin
        return links
    free = river if f == RIVERFOLK else 0
    if first and free != 0:
        return free
    m = free
    rest = links & ~free
    for b in range(NC):
        if (rest >> b) & 1 and rules(state, f, b):
            m |= 1 << b
            if first:
                return m
    return m


@njit(cache=True)
def ferry_targets(state, f, a, nimble):
    """The coastal clearings f's warriors in a may reach with the Ferry (Law C.2.5): "You still must rule the origin or
    destination clearing", unless `nimble` (the Corvids, 13.2.3)."""
    m = ferry_reach(state, a)
    if m == 0 or nimble or rules(state, f, a):
        return m
    return m & ruled_mask(state, f)


@njit(cache=True)
def player_targets(state, f, a, first):
    """``move_targets`` and, on the Lake map, the coastal clearings the Ferry in a reaches (Law C.2.5: a player's
    moves; the Clockwork bots' moves read ``move_targets`` alone). Law 13.2.3 Nimble: the Corvids need not rule."""
    m = move_targets(state, f, a, first)
    # Without the Ferry in a (every map but the Lake, and the Lake's other clearings) ferry_reach is 0: answered
    # before the warriors and snare tests, which only decide whether the Ferry may take them.
    if state[FERRY] != a or (first and m != 0) or warriors(state, f, a) == 0 or snared(state, f, a):
        return m
    return m | ferry_targets(state, f, a, f == CORVIDS)


@njit(cache=True)
def can_move(state, f, a, b):
    return (move_targets(state, f, a, False) >> b) & 1 == 1


@njit(cache=True)
def can_move_from(state, f, a):
    # the common answer (no warriors there) without the call: menus ask it for every clearing
    return warriors(state, f, a) > 0 and player_targets(state, f, a, True) != 0


@njit(cache=True)
def any_move(state, f, suit):
    """Whether f can move from any clearing (of `suit`, or any suit when suit < 0), or the Duchy from the Burrow."""
    for a in range(NC):
        if (suit < 0 or state[CLEARING_SUITS + a] == suit) and can_move_from(state, f, a):
            return True
    return f == DUCHY and suit < 0 and burrow_targets(state, NC) != 0


@njit(cache=True)
def allow_places(state, mask):
    """Allow each clearing of a move's bitmask, then the Burrow (bit NC)."""
    allow_clearings(state, mask)
    if (mask >> NC) & 1:
        allow(state, A_BURROW)


@njit(cache=True)
def place_of(a):
    """The place an action of the clearing block or A_BURROW names (the Burrow is NC)."""
    return NC if a == A_BURROW else a - A_CLEARING


@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    if pc == PC_MOVE_FROM:
        offer(state)
        suit = state[REG + R_MOVE_SUIT]
        for a in range(NC):
            if (suit < 0 or state[CLEARING_SUITS + a] == suit) and can_move_from(state, f, a):
                allow(state, A_CLEARING + a)
        if f == DUCHY and suit < 0 and burrow_targets(state, NC) != 0:
            allow(state, A_BURROW)  # Law 12.2.2: out of the Burrow (it has no suit to match a card's)
        if state[LEGAL_N] > 0 and state[REG + R_MOVE_OPTIONAL] != 0:
            allow(state, A_DONE)
        if wait(state, D_MOVE_FROM, f):
            return True
        ret(state)
        return False
    if pc == PC_MOVE_TO:
        a = state[REG + R_MOVE_FROM]
        offer(state)
        allow_places(state, player_targets(state, f, a, False))
        wait(state, D_MOVE_TO, f)
        return True
    if pc == PC_MOVE_CARRY:
        # Law 15.2.4 Devout Knights: a relic may go along with each Keeper warrior moved
        a = state[REG + R_MOVE_FROM]
        offer(state)
        if state[KP_CARRY] > 0:
            for k in range(NRELIC_KINDS):
                if relic_at(state, k, a) > 0:
                    allow(state, A_PIECE + NBT + TT_RELIC + k)
        if wait_optional(state, D_KP_CARRY, f):
            return True
        state[KP_CARRY] = 0
        moved(state, f, state[REG + R_MOVE_TO])
        return False
    # PC_MOVE_COUNT
    a = state[REG + R_MOVE_FROM]
    n = warriors_at(state, f, a)
    if f == HUNDREDS and state[HD_WARLORD] == a and n > 1:
        # Law 14.2.2: the warlord is a warrior the Hundreds move in their turn: they say whether it goes along
        if state[HD_STEP] & HD_WARLORD_ASKED == 0:
            goto(state, PC_HD_WARLORD_MOVES)
            return False
        if state[HD_STEP] & HD_WARLORD_GOES == 0:
            n -= 1  # the warlord stays: the others may move
    if n > MAX_COUNT:
        n = MAX_COUNT
    offer(state)
    for k in range(1, n + 1):
        allow(state, A_COUNT + k - 1)
    wait(state, D_MOVE_COUNT, f)
    return True


@njit(cache=True)
def decide(state, d, a):
    f = state[ACTIVE]
    if d == D_MOVE_FROM:
        if a == A_DONE:
            ret(state)
        else:
            state[REG + R_MOVE_FROM] = place_of(a)
            goto(state, PC_MOVE_TO)
    elif d == D_MOVE_TO:
        b = place_of(a)
        state[REG + R_MOVE_TO] = b
        src = state[REG + R_MOVE_FROM]
        if state[FERRY] == src and by_ferry(state, ferry_targets(state, f, src, f == CORVIDS), b,
                                            (move_targets(state, f, src, False) >> b) & 1 == 1):
            call(state, PC_FERRY_ASK, PC_MOVE_COUNT)  # Law C.2.5: with the Ferry, or along the lake as a river
        else:
            goto(state, PC_MOVE_COUNT)
    elif d == D_KP_CARRY:
        if a == A_DONE:
            state[KP_CARRY] = 0
        else:
            move_relic(state, a - A_PIECE - NBT - TT_RELIC, state[REG + R_MOVE_FROM], state[REG + R_MOVE_TO])
            state[KP_CARRY] -= 1
    else:
        b = state[REG + R_MOVE_TO]
        src = state[REG + R_MOVE_FROM]
        n = a - A_COUNT + 1
        move_warriors(state, f, src, b, n)
        cross(state, f, b)  # Law C.2.5: with the Ferry, it lands with them and the mover draws (before any Outrage)
        if f == KEEPERS and relics_in(state, src) > 0:
            state[KP_CARRY] = n  # Law 15.2.4: then the relics that go with them
            goto(state, PC_MOVE_CARRY)
        else:
            moved(state, f, b)


@njit(cache=True)
def moved(state, f, b):
    """The move is done: Outrage where it entered sympathy, then back to whoever called the move."""
    if outrage_on_entry(state, f, f, b):
        goto(state, PC_INTERRUPTS)  # it returns to whoever called the move
    else:
        ret(state)


@njit(cache=True)
def outrage_on_entry(state, mover, payer, b):
    """Law 8.2.6: warriors of another player moving into a sympathetic clearing cause Outrage,
    owed by `payer` (the mover, or the Vagabond moving his Ally's warriors, 9.2.9.II.e)."""
    if mover == ALLIANCE or b == NC or state[TOKENS + TT_SYMPATHY * NC + b] == 0:
        return False
    if state[BOT + ALLIANCE] and state[BOT + payer]:
        return False  # the Automated Alliance's Automated Outrage: only a player who is not a bot owes it (AA-3)
    state[AL_OUTRAGE + b] |= 1 << payer
    return True

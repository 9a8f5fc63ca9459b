"""The Vagabond's Quest action (Law 9.5.5), with the Adventurer's Improvise (Appendix D.7): which quests he can
complete, and completing one."""
from .jit import njit

from ..data import NQUEST, NITEM, QUEST_SUIT, QUEST_ITEMS, ADVENTURER, IS_READY, IS_DAMAGED_EXHAUSTED
from ..layout import (CLEARING_SUITS, REG, QUEST_LOC, QUEST_DECK, QUEST_DECK_N, QUEST_BY, QL_VISIBLE, QL_DONE, R_VB_QUEST,
                      TURN_FLAGS, TF_IMPROVISED, VB_CHAR)
from .items import ready, exhaust, shift
from .vagabonds import vb_row


@njit(cache=True)
def quests_done(state, f, suit):
    """Law 9.5.5: the quests of the suit that Vagabond f has completed ("place the quest in your play area ... one
    victory point per quest of matching suit you have completed"). The quests are shared while face up (9.8.3);
    a completed one is its completer's alone."""
    n = 0
    for k in range(NQUEST):
        if state[QUEST_LOC + k] == QL_DONE and state[QUEST_BY + k] == f and QUEST_SUIT[k] == suit:
            n += 1
    return n


@njit(cache=True)
def quest_open(state, q, c):
    """A visible quest of the clearing's suit (Law 9.5.5)."""
    return state[QUEST_LOC + q] == QL_VISIBLE and c >= 0 and QUEST_SUIT[q] == state[CLEARING_SUITS + c]


@njit(cache=True)
def items_ready_for(state, f, q):
    """He can exhaust the quest's two items as they are."""
    a = QUEST_ITEMS[q, 0]
    b = QUEST_ITEMS[q, 1]
    if a == b:
        return ready(state, f, a) >= 2
    return ready(state, f, a) >= 1 and ready(state, f, b) >= 1


@njit(cache=True)
def may_improvise(state, f):
    """D.7 Improvise: the Adventurer, once per turn while taking the Quest action."""
    return state[VB_CHAR + vb_row(f)] == ADVENTURER and state[TURN_FLAGS] & TF_IMPROVISED == 0


@njit(cache=True)
def improvise_fits(state, f, q, x, t):
    """D.7: his unexhausted item x, treated as the quest's item t ("as any other item": x != t), completes quest q
    with the quest's other item, exhausted as usual."""
    if x == t or ready(state, f, x) == 0:
        return False
    a = QUEST_ITEMS[q, 0]
    b = QUEST_ITEMS[q, 1]
    if t != a and t != b:
        return False
    r = b if t == a else a
    return ready(state, f, r) - (1 if r == x else 0) >= 1


@njit(cache=True)
def improvise_item_fits(state, f, q, x):
    return improvise_fits(state, f, q, x, QUEST_ITEMS[q, 0]) or improvise_fits(state, f, q, x, QUEST_ITEMS[q, 1])


@njit(cache=True)
def can_improvise(state, f, q):
    if not may_improvise(state, f):
        return False
    for x in range(NITEM):
        if improvise_item_fits(state, f, q, x):
            return True
    return False


@njit(cache=True)
def quest_ok(state, f, q, c):
    """Law 9.5.5: a visible quest of the clearing's suit whose two items he can exhaust (D.7: the Adventurer
    may improvise one of them)."""
    return quest_open(state, q, c) and (items_ready_for(state, f, q) or can_improvise(state, f, q))


@njit(cache=True)
def pay_quest(state, f, q):
    """Law 9.5.5: exhaust the quest's two items."""
    exhaust(state, f, QUEST_ITEMS[q, 0], 1)
    exhaust(state, f, QUEST_ITEMS[q, 1], 1)


@njit(cache=True)
def pay_quest_improvised(state, f, q, x, t):
    """D.7: item x stands for the quest's item t: the other item is exhausted, and x is exhausted and damaged."""
    a = QUEST_ITEMS[q, 0]
    exhaust(state, f, QUEST_ITEMS[q, 1] if t == a else a, 1)
    shift(state, f, x, IS_READY, IS_DAMAGED_EXHAUSTED, 1)
    state[TURN_FLAGS] |= TF_IMPROVISED


@njit(cache=True)
def complete_quest(state, f, q):
    """Law 9.5.5, the items paid: take the quest, reveal a new one; the reward is asked next (R_VB_QUEST)."""
    state[QUEST_LOC + q] = QL_DONE
    state[QUEST_BY + q] = f  # in his play area: his own quest, also with two Vagabonds (9.5.5, 9.8.3)
    n = state[QUEST_DECK_N]
    if n > 0:
        state[QUEST_DECK_N] = n - 1
        state[QUEST_LOC + state[QUEST_DECK + n - 1]] = QL_VISIBLE
    state[REG + R_VB_QUEST] = q

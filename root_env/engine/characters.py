"""The Vagabond's characters (Law 9.3.1, Appendix D): which a game offers, their starting items, and who plays
which. The special actions that are steps of the Vagabond's turn are in engine.factions.vb_characters; those that
act in a battle (the Arbiter's Protector, the Ronin's Swift Strike) are asked by engine.battle through these
predicates, and Scorched Earth's torch by engine.scorched.
"""
from .jit import njit

from ..data import (NITEM, VAGABOND, VAGABOND2, CHARACTER_ITEMS, SECOND_VAGABOND_ITEMS, RUIN_ITEMS, SWORD,
                    IS_READY)
from ..codes import OPT_CHARACTER, OPT_CHARACTER_MORE
from ..layout import VB_CHAR, VB_CHOICE, ITEM_BOX, ITEM_ADDED, VB_ITEMS, FACTION_SEAT
from .vagabonds import vb_row, items_at, other_vagabond

N_CHARACTERS = CHARACTER_ITEMS.shape[0]


def _s_items():
    """Law 9.3.5: the "S" items, one of each item the base game's characters start with (root_data.json
    ``starting_items_S``), and the second Vagabond's (Law 9.8: the Riverfolk box's items less its "R" set)."""
    import numpy as np
    from ..data import RAW, ITEM_NAMES
    base = np.zeros(NITEM, np.int64)
    for n in RAW["items"]["starting_items_S"]:
        base[ITEM_NAMES.index(n)] += 1
    second = SECOND_VAGABOND_ITEMS.copy()
    for i in RUIN_ITEMS:
        second[i] -= 1
    return base, second


S_ITEMS, S_ITEMS_SECOND = _s_items()


@njit(cache=True, inline="always")
def character_option(k):
    """The option id that chooses character k (codes.character_option, compiled)."""
    return OPT_CHARACTER + k if k < 3 else OPT_CHARACTER_MORE + k - 3


@njit(cache=True, inline="always")
def option_character(opt):
    if OPT_CHARACTER <= opt < OPT_CHARACTER + 3:
        return opt - OPT_CHARACTER
    return opt - OPT_CHARACTER_MORE + 3


@njit(cache=True)
def may_choose(state, v, k):
    """Law 9.3.1: a character the game offers (VB_CHOICE, the ``vagabond_characters`` option) that the other
    Vagabond does not play (9.8)."""
    return (state[VB_CHOICE] >> k) & 1 == 1 and state[VB_CHAR + vb_row(other_vagabond(v))] != k


@njit(cache=True)
def played_by(state, ch):
    """The Vagabond faction playing character ch, -1 if none (two Vagabonds play different characters, 9.8)."""
    for v in (VAGABOND, VAGABOND2):
        if state[FACTION_SEAT + v] >= 0 and state[VB_CHAR + vb_row(v)] == ch:
            return v
    return -1


@njit(cache=True)
def is_character(state, v, ch):
    return (v == VAGABOND or v == VAGABOND2) and state[VB_CHAR + vb_row(v)] == ch


@njit(cache=True)
def take_starting_items(state, v, ch):
    """Law 9.3.5: Vagabond v takes character ch's "S" items, face up. The box holds one "S" set per Vagabond (the
    base game's, and for the second Vagabond the Riverfolk box's, 9.8); a starting item beyond them comes from the
    expansion that brings the character (B.2's extra items, B.9's pack: a coin, a hammer, a boot) and is added to
    the game's items (ITEM_ADDED). Reading: docs/rules.md, Vagabond characters."""
    g = other_vagabond(v)
    other = state[VB_CHAR + vb_row(g)] if state[FACTION_SEAT + g] >= 0 else -1
    two = state[FACTION_SEAT + VAGABOND2] >= 0
    for i in range(NITEM):
        avail = S_ITEMS[i] + (S_ITEMS_SECOND[i] if two else 0)
        if other >= 0:
            avail -= CHARACTER_ITEMS[other, i]  # the first to choose took his from the "S" items first
        if avail < 0:
            avail = 0
        need = CHARACTER_ITEMS[ch, i]
        brought = need - avail if need > avail else 0
        state[VB_ITEMS + items_at(v) + i * 4 + IS_READY] += need
        state[ITEM_BOX + i] -= need - brought
        state[ITEM_ADDED + i] += brought


@njit(cache=True)
def undamaged_swords(state, v):
    k = VB_ITEMS + items_at(v) + SWORD * 4
    return state[k + IS_READY] + state[k + IS_READY + 1]

"""The shared deck, hands and discard pile (Law 2.1, 3.3.3)."""
from .jit import njit

from ..data import NCARD, NF, CARD_SUIT, CARD_KIND, CARD_EFFECT, CARD_NAME_ID, K_DOMINANCE, BIRD, LIZARDS, RIVERFOLK
from ..codes import A_CARD
from ..layout import (CARD_LOC, CARD_KNOWN, CARD_FLAG, DECK, DECK_N, HAND_N, LOC_DECK, LOC_DISCARD, LOC_HAND,
                      LOC_AVAILABLE, LOC_CRAFTED, LOC_LOST_SOULS, LOC_REVEALED, FACTION_SEAT, VS_CARD)
from .rng import rng_shuffle, rng_int
from .seats import is_bot
from .score import score
from .machine import allow

ALL_KNOW = (1 << NF) - 1


@njit(cache=True)
def hand_suits(state, f):
    """The suits of the cards in f's hand, bit s for suit s (BIRD's bit for a bird card): read once per menu, where
    each clearing's or card's test would otherwise scan the deck (the Hundreds' and the Duchy's menus)."""
    m = 0
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + f:
            m |= 1 << CARD_SUIT[card]
    return m


@njit(cache=True)
def hand_has(hand, suit):
    """A card of `hand` (``hand_suits``) matches `suit`: a bird card always does (Law 2.1.1, ``matches``)."""
    return (hand >> BIRD) & 1 == 1 or (suit >= 0 and (hand >> suit) & 1 == 1)


@njit(cache=True)
def matches(card, suit):
    """Law 2.1.1: a bird card can always be treated as a card of another suit."""
    s = CARD_SUIT[card]
    return s == suit or s == BIRD


@njit(cache=True)
def in_hand(state, card, f):
    return state[CARD_LOC + card] == LOC_HAND + f


@njit(cache=True)
def to_hand(state, card, f):
    """A card enters f's hand, known to f only; Law 11.2.3: the Riverfolk's hand is public."""
    state[CARD_LOC + card] = LOC_HAND + f
    state[CARD_KNOWN + card] = ALL_KNOW if f == RIVERFOLK else 1 << f
    state[HAND_N + f] += 1


@njit(cache=True)
def leave_hand(state, card):
    loc = state[CARD_LOC + card]
    if loc >= LOC_HAND and loc < LOC_HAND + NF:
        state[HAND_N + loc - LOC_HAND] -= 1


@njit(cache=True)
def reveal(state, card):
    """A card from the hand of the player taking the turn is revealed (face up, seen by all) until its Evening
    returns it (the Cult's rituals, Law 10.5; the Duchy's Build and Sway, 12.5.1.I, 12.5.3.II, returned in 12.6.1)."""
    leave_hand(state, card)
    state[CARD_LOC + card] = LOC_REVEALED
    state[CARD_KNOWN + card] = ALL_KNOW


@njit(cache=True)
def return_revealed(state, f, discard_birds):
    """Evening: the cards f revealed this turn go back to its hand, known to everyone (Law 10.6.1); with
    `discard_birds`, the revealed birds are discarded instead (the Duchy, 12.6.1)."""
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_REVEALED:
            if discard_birds and CARD_SUIT[card] == BIRD:
                discard(state, card)
            else:
                to_hand(state, card, f)
                state[CARD_KNOWN + card] = ALL_KNOW


@njit(cache=True)
def reshuffle(state):
    """Law 2.1.2: if the deck is empty, shuffle the discard pile to form a new deck."""
    n = 0
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_DISCARD:
            state[DECK + n] = c
            state[CARD_LOC + c] = LOC_DECK
            state[CARD_KNOWN + c] = 0
            n += 1
    rng_shuffle(state, state, DECK, n)
    state[DECK_N] = n


@njit(cache=True)
def put_on_deck(state, card):
    """A card from a hand goes face down on top of the deck (Appendix A.10); nobody tracks it there (the deck is
    shuffled once every player has chosen)."""
    leave_hand(state, card)
    state[CARD_LOC + card] = LOC_DECK
    state[CARD_KNOWN + card] = 0
    state[DECK + state[DECK_N]] = card
    state[DECK_N] += 1


@njit(cache=True)
def take_from_deck(state):
    """The top card of the deck (reshuffling the discard pile first if the deck is empty), taken
    off the deck; -1 when both are empty. The caller gives it a location."""
    if state[DECK_N] == 0:
        reshuffle(state)
        if state[DECK_N] == 0:
            return -1
    state[DECK_N] -= 1
    return state[DECK + state[DECK_N]]


@njit(cache=True)
def draw(state, f, n):
    """Faction f draws n cards (fewer if deck and discard pile run out). Returns how many. Seed 004 Poor Manual
    Dexterity: a bot has no hand, so it draws nothing (Better Burrow Bank naming a bot, for one)."""
    if is_bot(state, f):
        return 0
    k = 0
    for _ in range(n):
        card = take_from_deck(state)
        if card < 0:
            break
        to_hand(state, card, f)
        k += 1
    return k


@njit(cache=True)
def discard(state, card):
    """Law 2.1.3: spent or discarded cards go to the discard pile, but a dominance card becomes
    available near the map instead (3.3.3). Law 10.2.6: with the Lizard Cult in play, every spent or
    discarded card, dominance cards included, goes to the Lost Souls pile instead. Every card that is
    spent or discarded passes here."""
    leave_hand(state, card)
    if state[FACTION_SEAT + LIZARDS] >= 0:
        state[CARD_LOC + card] = LOC_LOST_SOULS
    else:
        state[CARD_LOC + card] = LOC_AVAILABLE if CARD_KIND[card] == K_DOMINANCE else LOC_DISCARD
    state[CARD_KNOWN + card] = ALL_KNOW
    state[CARD_FLAG + card] = 0


@njit(cache=True)
def hand_size(state, f):
    return state[HAND_N + f]


@njit(cache=True)
def count_in_hand(state, f, suit):
    """Cards of f usable as `suit` (birds count as any suit)."""
    n = 0
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_HAND + f and matches(c, suit):
            n += 1
    return n


@njit(cache=True)
def allow_matching(state, f, suit):
    """Offer every card in f's hand that matches `suit` (Law 2.1.1: birds too), lowest card first: the options'
    order is part of the game (a random or seeded chooser picks by index). One loop for every "spend a matching
    card" menu (recruit, overwork, Field Hospitals, aid, build, incite, expose, Outrage)."""
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + f and matches(card, suit):
            allow(state, A_CARD + card)


@njit(cache=True)
def has_matching(state, f, suit):
    """f holds a card that matches `suit` (birds too): whether ``allow_matching`` would offer one."""
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + f and matches(card, suit):
            return True
    return False


@njit(cache=True)
def count_suit_exact(state, f, suit):
    n = 0
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_HAND + f and CARD_SUIT[c] == suit:
            n += 1
    return n


@njit(cache=True, inline="always")
def has_crafted(state, f, effect):
    """The card of `f`'s play area with this effect, or -1."""
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_CRAFTED + f and CARD_EFFECT[c] == effect:
            return c
    return -1


@njit(cache=True)
def has_crafted_name(state, f, card):
    """4.1.4: an identical persistent effect (same card name) is already in f's play area."""
    nid = CARD_NAME_ID[card]
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_CRAFTED + f and CARD_NAME_ID[c] == nid:
            return True
    return False


@njit(cache=True)
def random_card_from_hand(state, f):
    n = state[HAND_N + f]
    if n == 0:
        return -1
    k = rng_int(state, n)
    for c in range(NCARD):
        if state[CARD_LOC + c] == LOC_HAND + f:
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def give_card(state, card, to):
    """Move a card from a hand to faction `to`'s hand; giver and taker both know it. Law 11.2.3: everyone saw
    the Riverfolk's public hand, so everyone knows which card left it (even one drawn at random). Seed 004
    Poor Manual Dexterity: a card given to a bot is discarded, and the bot scores one VP."""
    if is_bot(state, to):
        discard(state, card)
        score(state, to, 1, VS_CARD)
        return
    loc = state[CARD_LOC + card]
    giver = loc - LOC_HAND
    leave_hand(state, card)
    to_hand(state, card, to)
    state[CARD_KNOWN + card] |= ALL_KNOW if giver == RIVERFOLK else 1 << giver


@njit(cache=True)
def card_to_take(state, g):
    """A card can be taken from g (Stand and Deliver!, ...): g holds one, or g is a bot (seed 004 Poor Manual
    Dexterity: "If a human would take a card from a bot, that human draws a card instead")."""
    return state[HAND_N + g] > 0 or is_bot(state, g)


@njit(cache=True)
def take_random_card(state, g, taker):
    """`taker` takes a random card from g's hand (Steal, Stand and Deliver!, extortion). Seed 004 Poor Manual
    Dexterity: a bot has no hand, so taking a card from a bot draws one instead. Returns whether a card came."""
    if is_bot(state, g):
        return draw(state, taker, 1) > 0
    card = random_card_from_hand(state, g)
    if card < 0:
        return False
    give_card(state, card, taker)
    return True

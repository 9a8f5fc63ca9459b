"""What every Clockwork bot does the same way (seed 004, "Clockwork Overview"): order cards, crafting the order
card's item, the defender and the targets they choose (the event log is engine.botlog). Each bot's turn is its own
module (engine.factions.bot_marquise, bot_eyrie, bot_alliance); how a bot takes hits is in engine.battle
(bot_hits_on_pieces), Poor Manual Dexterity in engine.cards, Hates Surprises in engine.battle.

Clearing priority is the printed number 1..12, which is the clearing index + 1: "highest priority" is the
lowest index. Faction ties go by setup order (``data.SETUP_ORDER``)."""
from .jit import njit

from ..data import NF, NITEM, CARD_ITEM, CARD_SUIT, BIRD, SETUP_ORDER, BOT_NIGHTMARE
from ..layout import (CLEARING_SUITS, ORDER_CARD, CARD_LOC, CARD_KNOWN, LOC_ORDER, ITEM_SUPPLY, CRAFTED_ITEMS, VP, NSEATS,
                      SEAT_FACTION, FACTION_SEAT, VS_CRAFT, VS_OTHER, OPTIONS, O_COOPERATIVE, BOT_LEVEL)
from .board import has_pieces, warriors, buildings_of, tokens_of, move_warriors
from .cards import take_from_deck, discard, ALL_KNOW
from .score import score
from .seats import is_bot
from .botlog import note, EV_ORDER, EV_CRAFT, EV_NO_ORDER, EV_SCORE, EV_MOVE
from .movement import outrage_on_entry
from .machine import PC_INTERRUPTS, goto, call


@njit(cache=True)
def reveal_order(state, f):
    """Seed 004 Reveal Order: the top card of the deck is the bot's order card, face up. Returns its suit
    (-1 when no card can be drawn)."""
    card = take_from_deck(state)
    state[ORDER_CARD + f] = card
    if card < 0:
        note(state, EV_NO_ORDER, f, -1, -1)
        return -1
    state[CARD_LOC + card] = LOC_ORDER
    state[CARD_KNOWN + card] = ALL_KNOW
    note(state, EV_ORDER, f, card, -1)
    return CARD_SUIT[card]


@njit(cache=True)
def order_suit(state, f):
    card = state[ORDER_CARD + f]
    return CARD_SUIT[card] if card >= 0 else -1


@njit(cache=True, inline="always")
def suit_matches(state, suit, c):
    """Clearing c matches a card of `suit`: its suit, or any clearing for a bird card (Law 2.1.1 "Birds Are Wild"). The
    one reading for every bot: the Mechanical Marquise's "ordered" and the Electric Eyrie's bird column and A New
    Roost (docs/rules.md)."""
    return suit == BIRD or state[CLEARING_SUITS + c] == suit


@njit(cache=True, inline="always")
def track_vp(n):
    """Seed 004 Evening: "the rightmost empty space" of a Clockwork bot's Buildings or Roosts track with n of those
    buildings on the map: a space per building, the first worth 0, each next one more (n - 1 VP). Seed 004 prints
    no values: these are the Clockwork Expansion's bot boards as the public bot assistant reads them
    (KvanQuilst/Rootbotics: seven roosts score 0..6), not the human boards (the Eyrie's roosts 0 1 2 3 4 4 5,
    the Marquise's workshops 0 2 2 3 4 5, recruiters 0 1 2 3 3 4); docs/rules.md."""
    return n - 1 if n > 1 else 0


@njit(cache=True)
def ordered(state, f, c):
    """Clearing c matches the order card's suit (seed 004: "ordered"); a bird order card matches every clearing
    (suit_matches). The Mechanical Marquise's bird order runs Escalated Daylight, which acts in every clearing, so
    this reading shows in her difficulty's extra recruit only."""
    suit = order_suit(state, f)
    return suit >= 0 and suit_matches(state, suit, c)


@njit(cache=True)
def craft_order(state, f):
    """Seed 004 Crafting: the bot crafts the order card's item if one is in the supply, for 1 VP; never a
    persistent or other effect."""
    card = state[ORDER_CARD + f]
    if card < 0:
        return
    item = CARD_ITEM[card]
    if item >= 0 and state[ITEM_SUPPLY + item] > 0:
        state[ITEM_SUPPLY + item] -= 1
        state[CRAFTED_ITEMS + f * NITEM + item] += 1
        score(state, f, 1, VS_CRAFT)
        note(state, EV_CRAFT, f, item, card)


@njit(cache=True, inline="always")
def cooperative(state):
    return state[OPTIONS + O_COOPERATIVE] != 0


@njit(cache=True, inline="always")
def targetable(state, f, g):
    """Whether bot f may target player g. Seed 004 Cooperative: "Bots do not treat other bot pieces as enemy pieces
    when targeting a clearing to act in, and do not target each other in battle"."""
    return g != f and not (cooperative(state) and is_bot(state, g))


@njit(cache=True)
def bot_move(state, f, a, b, w, then):
    """Bot f moves w warriors from a to b (logged); an Outrage they cause is resolved, then the turn goes on at
    step `then`."""
    move_warriors(state, f, a, b, w)
    note(state, EV_MOVE, a, b, w)
    if outrage_on_entry(state, f, f, b):
        call(state, PC_INTERRUPTS, then)
    else:
        goto(state, then)


@njit(cache=True)
def nightmare_vp(state, f):
    """Seed 004 Nightmare difficulty: "At the end of Evening, score one victory point"."""
    if state[BOT_LEVEL + f] == BOT_NIGHTMARE:
        score(state, f, 1, VS_OTHER)
        note(state, EV_SCORE, 1, 1, 0)


@njit(cache=True)
def discard_order(state, f):
    """The order card is discarded at the end of the bot's turn (the Mechanical Marquise, the Automated Alliance)."""
    if state[ORDER_CARD + f] >= 0:
        discard(state, state[ORDER_CARD + f])
        state[ORDER_CARD + f] = -1


@njit(cache=True)
def pieces_in(state, g, c):
    """Warriors, buildings and tokens of g in c, and a Vagabond's pawn (one piece)."""
    n = warriors(state, g, c) + buildings_of(state, g, c) + tokens_of(state, g, c)
    if n == 0 and has_pieces(state, g, c):
        n = 1  # a pawn
    return n


@njit(cache=True)
def enemy_pieces(state, f, c):
    """Pieces in c of every player bot f may target (every other player; in cooperative play not the bots)."""
    return enemies_in(state, f, c, False)


@njit(cache=True)
def enemy_warriors(state, f, c):
    """Warriors in c of every player bot f may target."""
    return enemies_in(state, f, c, True)


@njit(cache=True)
def enemies_in(state, f, c, only_warriors):
    n = 0
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if targetable(state, f, g):
            n += warriors(state, g, c) if only_warriors else pieces_in(state, g, c)
    return n


@njit(cache=True)
def defenseless_buildings(state, f, c):
    """Buildings in c of the players bot f may target who have no warriors there (seed 004: defenseless)."""
    n = 0
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if targetable(state, f, g) and warriors(state, g, c) == 0:
            n += buildings_of(state, g, c)
    return n


@njit(cache=True)
def most_pieces_defender(state, f, c):
    """Seed 004: "the player with the most pieces in the clearing of battle then most VP if there is a tie";
    a tie left goes by setup order. Returns -1 when no other player has pieces there."""
    best = -1
    best_n = 0
    best_vp = -1
    for i in range(NF):
        g = SETUP_ORDER[i]
        if state[FACTION_SEAT + g] < 0 or not targetable(state, f, g):
            continue
        n = pieces_in(state, g, c)
        if n > 0 and (n > best_n or (n == best_n and state[VP + g] > best_vp)):
            best, best_n, best_vp = g, n, state[VP + g]
    return best

"""Hidden information for search agents: what one player knows, and full games consistent with it.

- ``information_view(game, player)``: a JSON-ready dict of everything `player` may know (the public
  board, its own hand, cards it has seen in other hands, hand sizes, discard pile, Decree, the Corvids'
  face-down plots as such unless `player` is the Corvids, ...). The
  numeric form of the same knowledge is ``game.observe(player)``.
- ``determinize(game, player, seed)``: a new state array equal to `game` in everything `player` has seen,
  with everything else drawn at random: the cards it cannot see (the deck and the unseen cards in other
  hands) are dealt anew into the same places (deck order included), the types of the Corvids' face-down
  plots are dealt anew for anyone but the Corvids (keeping what Exposure ruled out), the values of the Keepers'
  face-down relics are dealt anew among the face-down relics of each type for everyone (Law 15.2.1: no player knows
  them; to_dict shows them by type only), the items under ruins and the quest deck are shuffled, and the random
  generator is reseeded
  (future dice and shuffles). ``CARD_KNOWN`` in the state says which cards each player has seen.

Used by information-set search (ISMCTS and kin): sample a determinization, search it as a perfect-
information game, repeat.
"""
from __future__ import annotations

import numpy as np

from . import codes as K
from .data import FACTION_NAMES, NF, NCARD, NC, CORVIDS, ITEM_NAMES
from .engine import core
from .engine.plots import resample_plots
from .engine.relics import resample_relics
from .inputs import check_seed
from .names import card_label, hide_plots
from .layout import (LOC_SUPPORTERS, RUIN_ITEM, RUIN_SEEN, QUEST_DECK, QUEST_DECK_N,
                     CARD_LOC, CARD_KNOWN, CARD_FLAG, DECK, DECK_N, LOC_DECK, LOC_HAND, LEGAL, LEGAL_N, PC,
                     DECISION, DECIDER, REG, RNG, DICE, DICE_N, N_DICE, R_CRAFT_CARD, R_DECREE_CARD, R_LZ_CARD)

# Context registers that may hold a card id (remapped when that card is redealt).
CARD_REGISTERS = (R_CRAFT_CARD, R_DECREE_CARD, R_LZ_CARD)
# Menus whose options depend on the decider's hand (overwork, train, aid, a ritual's card, a dominance card
# to activate, a card matching a clearing for Exposure, ...) though they may list no card: offered again from a
# redealt hand, like a choice among cards. Each is offered by a step that only lists options, so running it
# again changes nothing else (Exposure's, when it lists none, is a deal rejected).
HAND_MENUS = (K.D_MQ_CRAFT, K.D_MQ_ACTION, K.D_EY_CRAFT, K.D_EY_DECREE, K.D_AL_DAYLIGHT, K.D_VB_ACTION, K.D_LZ_RITUAL,
              K.D_CV_DAYLIGHT, K.D_CV_EXPOSE_WHERE)


def hidden_cards(game, player: str) -> np.ndarray:
    """Card ids whose place `player` does not know: the deck, cards in other hands it has not seen, and
    the Alliance's supporters it has not seen (Law 8.2.3: face down)."""
    f = game._faction_id(player)
    s = game.state
    out = []
    for c in range(NCARD):
        loc = int(s[CARD_LOC + c])
        if loc == LOC_DECK:
            out.append(c)
        elif ((LOC_HAND <= loc < LOC_HAND + NF and loc != LOC_HAND + f) or loc == LOC_SUPPORTERS) \
                and not (int(s[CARD_KNOWN + c]) >> f) & 1:
            out.append(c)
    return np.array(out, dtype=np.int64)


def information_view(game, player: str) -> dict:
    """What `player` knows, as a JSON-ready dict (``Game.to_dict()`` with the hidden parts replaced): hands
    other than its own by size and the cards it has seen in them; unless `player` is the Corvids, each
    face-down plot as ``names.HIDDEN_PLOT`` without its type, with the types Exposure ruled out (seed 003
    13.2.2.I, 13.2.4), and the Corvids' supply by number only."""
    f = game._faction_id(player)
    d = hide_plots(game.to_dict(), player)
    s = game.state
    hidden = set(hidden_cards(game, player).tolist())
    hands = {}
    for name in game.factions:
        g = FACTION_NAMES.index(name)
        cards = [c for c in range(NCARD) if s[CARD_LOC + c] == LOC_HAND + g]
        if g == f:
            hands[name] = {"size": len(cards), "cards": [card_label(c) for c in cards]}
        else:
            hands[name] = {"size": len(cards), "known_cards": [card_label(c) for c in cards if c not in hidden]}
    d["viewer"] = player
    d["hands"] = hands
    d["unseen_cards"] = sorted(card_label(c) for c in hidden)  # where each is, the viewer cannot tell
    if "alliance" in d and player != "alliance":
        sup = d["alliance"].pop("supporters")
        d["alliance"]["supporters_count"] = len(sup)
        d["alliance"]["known_supporters"] = [card_label(c) for c in range(NCARD)
                                             if s[CARD_LOC + c] == LOC_SUPPORTERS and c not in hidden]
    # Items under a ruin are hidden, but those the viewer looked at exploring with two Vagabonds (9.8.1).
    d["ruin_items"] = {name: [ITEM_NAMES[int(s[RUIN_ITEM + slot * NC + c])] if (int(s[RUIN_SEEN + c]) >> f) & 1
                              else "hidden" for slot in range(2) if s[RUIN_ITEM + slot * NC + c] >= 0]
                       for c in range(NC) for name in [f"clearing {c + 1}"] if s[RUIN_ITEM + c] >= 0}
    if d.get("current_player") != player:
        d.pop("legal_actions", None)  # another player's options can depend on its hand
    return d


MAX_TRIES = 200


def _redeal(s0: np.ndarray, hidden: np.ndarray, viewer: int, rng: np.random.Generator):
    """A copy of state `s0` with the `hidden` cards dealt anew into their places, or None when the
    pending decision of another player cannot be offered with the hand it was dealt (the player's choice
    so far, e.g. to overwork, already showed that its hand is not any hand)."""
    s = s0.copy()
    # the places the hidden cards occupy, each with the knowledge bits and flag of that place
    slots = [(int(s[CARD_LOC + c]), int(s[CARD_KNOWN + c]), int(s[CARD_FLAG + c])) for c in hidden]
    new = rng.permutation(hidden)
    perm = dict(zip(hidden.tolist(), new.tolist()))  # old card -> card now in its place
    for (loc, known, flag), c in zip(slots, new):
        s[CARD_LOC + c] = loc
        s[CARD_KNOWN + c] = known
        s[CARD_FLAG + c] = flag
    for i in range(int(s[DECK_N])):
        s[DECK + i] = perm.get(int(s[DECK + i]), int(s[DECK + i]))
    for r in CARD_REGISTERS:
        v = int(s[REG + r])
        if v in perm:
            s[REG + r] = perm[v]
    decider = int(s[DECIDER])
    legal = s[LEGAL:LEGAL + int(s[LEGAL_N])]
    card_choice = bool(((legal >= K.A_CARD) & (legal < K.A_CARD + NCARD)).any())
    if decider >= 0 and decider != viewer and (card_choice or int(s[DECISION]) in HAND_MENUS):
        # The pending options of another player depend on its (redealt) hand: offer them again.
        before = (int(s[DECISION]), decider, int(s[PC]))
        core.ensure_compiled(steps=True)
        if not core.run_step(s, int(s[PC])) or int(s[LEGAL_N]) == 0:
            return None
        if (int(s[DECISION]), int(s[DECIDER]), int(s[PC])) != before:
            return None
    return s


def determinize(game, player: str, seed: int | None = None) -> np.ndarray:
    """The state of a full game consistent with what `player` has seen, the rest resampled (see the
    module doc); ``Game.determinize`` wraps it in a ``Game``.

    When another player is deciding with cards from its hand, hands with which that decision could not
    have been offered are rejected and dealt again; if none is found in ``MAX_TRIES`` deals, that
    player's hand is kept as it is. A menu whose options depend on that hand (``HAND_MENUS``: the
    Cult's rituals, the Marquise's overwork, ...) is offered again from the hand it was dealt."""
    f = game._faction_id(player)
    rng = np.random.default_rng(None if seed is None else check_seed(seed))
    s0 = game.state
    hidden = hidden_cards(game, player)
    s = None
    if hidden.size:
        for _ in range(MAX_TRIES):
            s = _redeal(s0, hidden, f, rng)
            if s is not None:
                break
        if s is None:
            decider_hand = LOC_HAND + int(s0[DECIDER])
            keep = np.array([c for c in hidden if s0[CARD_LOC + c] != decider_hand], dtype=np.int64)
            s = _redeal(s0, keep, f, rng) if keep.size else s0.copy()
            if s is None:  # pragma: no cover - cannot happen: the decider's hand is the real one
                s = s0.copy()
    else:
        s = s0.copy()
    _shuffle_unseen_pieces(s, rng, f)
    _resample_relics(s, rng)
    if f != CORVIDS:  # seed 003 13.2.2.I: a face-down plot's type is the Corvids' secret
        resample_plots(s, int(rng.integers(1, 1 << 32)))
        if int(s[DECISION]) == K.D_CV_PLOT_WHICH:
            # The types the Corvids may place are those of their supply, dealt anew with the map's: offer
            # them again (the step only lists them).
            core.ensure_compiled(steps=True)
            core.run_step(s, int(s[PC]))
    s[RNG:RNG + 4] = rng.integers(1, 1 << 32, size=4, dtype=np.int64)
    s[DICE:DICE + 2 * N_DICE] = 0  # the dice too: a roll chosen for a test (Game.dice) is no one's knowledge
    s[DICE_N] = 0
    return s


def _resample_relics(s: np.ndarray, rng: np.random.Generator) -> None:
    """Law 15.2.1: a face-down relic shows only its type. The values of the face-down relics of each type (in the
    forests, and those still to place during the Keepers' setup) are dealt anew among them (``relics.resample_relics``)."""
    resample_relics(s, int(rng.integers(1, 1 << 32)))


def _shuffle_unseen_pieces(s: np.ndarray, rng: np.random.Generator, viewer: int) -> None:
    """What the viewer has not seen: the items under ruins it has not looked at (two Vagabonds, 9.8.1: a
    ruin one of them looked at keeps its items for him), and the order of the quest deck."""
    slots = [slot * NC + c for slot in range(2) for c in range(NC)
             if s[RUIN_ITEM + slot * NC + c] >= 0 and not (int(s[RUIN_SEEN + c]) >> viewer) & 1]
    if len(slots) > 1:
        items = rng.permutation([int(s[RUIN_ITEM + k]) for k in slots])
        for k, i in zip(slots, items):
            s[RUIN_ITEM + k] = i
    n = int(s[QUEST_DECK_N])
    if n > 1:
        s[QUEST_DECK:QUEST_DECK + n] = rng.permutation(s[QUEST_DECK:QUEST_DECK + n])

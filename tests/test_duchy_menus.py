"""The Underground Duchy's menus that read the hand once a suit (engine.factions.duchy, issue 37's speed round) offer
exactly what the Law's per-card and per-clearing tests offer, at every such menu of seeded random games.

- Law 12.5.1.I Build (and 12.5.2.I the Foremole): a clearing the Duchy rules, with an open slot, where it may place,
  with a matching card in hand (any card for the Foremole): ``build_clearings`` against the four tests clearing by
  clearing, the card one by ``cards.matches`` over the whole hand.
- Law 12.5.1.V Dig: a card pays when a clearing of its suit (any for a bird) lacks a tunnel and takes one, after
  removing one of the three when all are out (12.2.4): the Dig's card menu against that search card by card.
- Law 12.5.3 Sway: a minister is offered when unswayed, with a crown of its rank left and room to reveal its cards
  (``sway_room(state, -1)``); a card to reveal when ``sway_room(state, card)`` leaves room for the rest, card by card.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (DUCHY, NC, NCARD, CARD_SUIT, BIRD, MINISTER_RANK, DU_SWAY_CARDS, NMINISTER, TT_TUNNEL,
                           FOREMOLE, DU_ASSEMBLY_ACTIONS, BT_CITADEL, BT_MARKET)
from root_env.engine.core import make_state, new_game, apply
from root_env.engine.board import rules, open_slots, may_place, token_supply, building_supply
from root_env.engine.cards import matches
from root_env.engine.parliament import swayed, crowns_left
from root_env.engine.factions.duchy import build_clearings, sway_room
from root_env.game import faction_ids
from root_env.layout import (DECISION, LEGAL, LEGAL_N, GAME_OVER, CARD_LOC, LOC_HAND, TOKENS, CLEARING_SUITS, DU_LEFT,
                             DU_MINISTER, DU_ACTIONS, TURN_FLAGS, TF_SWAYED)
from root_env.engine.card_effects import is_daylight_option

F = DUCHY


def hand(state):
    return [c for c in range(NCARD) if state[CARD_LOC + c] == LOC_HAND + F]


def legal(state):
    return set(int(a) for a in state[LEGAL:LEGAL + state[LEGAL_N]])


def build_reference(state, any_card):
    if building_supply(state, BT_CITADEL) == 0 and building_supply(state, BT_MARKET) == 0:
        return 0  # no citadel or market left to place
    m = 0
    for c in range(NC):
        card_ok = any(any_card or matches(k, state_suit(state, c)) for k in hand(state))
        if rules(state, F, c) and open_slots(state, c) > 0 and may_place(state, F, c) and card_ok:
            m |= 1 << c
    return m


def state_suit(state, c):
    return int(state[CLEARING_SUITS + c])


def dig_card_ok(state, card):
    """Law 12.5.1.V / 12.2.4, card by card: a clearing of the card's suit (any for a bird) without a tunnel where the
    Duchy may place; with all three tunnels out, one removed first frees its own clearing."""
    s = CARD_SUIT[card]
    tunnel = [state[TOKENS + TT_TUNNEL * NC + c] > 0 for c in range(NC)]
    removable = [-1] if token_supply(state, TT_TUNNEL) > 0 else [t for t in range(NC) if tunnel[t]]
    return any((s == BIRD or state_suit(state, c) == s) and (not tunnel[c] or c == t) and may_place(state, F, c)
               for t in removable for c in range(NC))


@pytest.mark.parametrize("mix", [("duchy", "marquise", "eyrie", "alliance"), ("duchy", "hundreds", "vagabond")])
def test_law_12_5_duchy_menus_read_by_suit_offer_what_each_card_offers(mix):
    s = make_state()
    ids = faction_ids(mix)
    rng = np.random.default_rng(7)
    seen = {K.D_DU_ASSEMBLY: 0, K.D_DU_BUILD_WHERE: 0, K.D_DU_DIG_CARD: 0, K.D_DU_SWAY: 0, K.D_DU_SWAY_CARD: 0}
    for seed in range(1, 13):
        new_game(s, ids, seed, 300, 1, 0)
        while s[GAME_OVER] == 0:
            d = int(s[DECISION])
            offered = legal(s)
            if d in seen:
                seen[d] += 1
            if d == K.D_DU_ASSEMBLY:
                actions_left = s[DU_ACTIONS] < DU_ASSEMBLY_ACTIONS  # Law 12.5.1: up to two actions
                assert (actions_left and build_reference(s, False) != 0) == (K.A_OPT + K.OPT_BUILD in offered)
                assert (actions_left and any(dig_card_ok(s, k) for k in hand(s))) == (K.A_OPT + K.OPT_DIG in offered)
            elif d == K.D_DU_BUILD_WHERE:
                foremole = bool(s[DU_MINISTER] == FOREMOLE)  # Law 12.5.2.I: any card
                want = build_reference(s, foremole)
                assert build_clearings(s, foremole) == want
                assert {a - K.A_CLEARING for a in offered} == {c for c in range(NC) if (want >> c) & 1}
            elif d == K.D_DU_DIG_CARD:
                assert {a - K.A_CARD for a in offered} == {k for k in hand(s) if dig_card_ok(s, k)}
            elif d == K.D_DU_SWAY:
                room = sway_room(s, -1)
                once = s[TURN_FLAGS] & TF_SWAYED == 0  # Law 12.5.3: one minister a turn
                want = {K.A_OPT + K.OPT_MINISTER + m for m in range(NMINISTER)
                        if once and not swayed(s, m) and crowns_left(s, MINISTER_RANK[m]) > 0
                        and room >= DU_SWAY_CARDS[MINISTER_RANK[m]]}
                # the options of any time in Daylight beside them (Law 3.3.1, 3.3.4, ...)
                assert {a for a in offered - {K.A_DONE} if not is_daylight_option(a)} == want
            elif d == K.D_DU_SWAY_CARD:
                need = s[DU_LEFT] - 1
                assert {a - K.A_CARD for a in offered} == {k for k in hand(s) if sway_room(s, k) >= need}
            acts = sorted(offered)
            apply(s, acts[int(rng.integers(len(acts)))])
    assert all(n > 0 for n in seen.values()), seen

"""Consequences that interrupt play after pieces are removed or warriors move, each decided by the
player it falls on: the Riverfolk's funds lost to Trade Disruption (11.2.5.I), the Corvids' raids (13.7.4), the
Vagabond damaging items after a full removal (seed 002, 9.2.2.I), the Lizard Cult's random discards for removed
gardens (Fear of the Faithful, 10.2.5), a removed base's discards (Law 8.2.4), Outrage (8.2.6), the
Alliance cutting supporters to five (8.2.4), the Underground Duchy's Price of Failure for removed citadels and markets
(12.2.3), and the Keepers' relics an enemy removed, which that enemy places in forests
(Prized Trophies, 15.2.5; first: where a relic lies changes none of the other effects).

Entered at PC_INTERRUPTS (after Field Hospitals, or straight after a move); returns to the caller.

Law 1.1.3 (the player taking the turn orders simultaneous effects) is asked where the order can change
the outcome, always as one decision, "effects: order" (`ask_order`): a clearing puts the effects there first
(the Outrages owed there, or the raids removed there), A_DONE the other effect (`order_question` says which
two, for the decision's text). The pairs asked:
- an Outrage against Field Hospitals on another player's turn when the Marquise owes it (both draw on her hand);
- an Outrage the Cult owes against Fear of the Faithful (a random discard from the hand that pays it);
- an Outrage against the discards of a base removed by the same removals (an Outrage card put on the stack first
  is discarded with the base's supporters if it matches, and the five-card limit may differ); with Fear of the
  Faithful too, Fear is asked first, then the base;
- raids against Trade Disruption when the Corvids' supply is short for the raids and some funds are Corvid
  warriors (Trade Disruption first may return them to that supply);
- the Price of Failure against an Outrage the Duchy owes (its random discard and the Outrage's card both come from
  the Duchy's hand; the Price is asked first, and put after the Outrages by `DU_FAILURE_AFTER_OUTRAGE`).
Several Outrages owed at once come from one Favor or one battle, so their clearings share a suit and any order
gives the same choices; the other effects touch different hands or pieces (docs/rules.md lists every pair).
"""
from .jit import njit

from ..data import (NC, NCARD, ALLIANCE, LIZARDS, RIVERFOLK, CORVIDS, AL_SUPPORTER_LIMIT, IS_READY,
                    IS_EXHAUSTED, VAGABOND, VAGABOND2, DUCHY, NMINISTER)
from .geometry import adjacent
from ..codes import (A_DONE, A_CARD, A_FACTION, A_FOREST, A_OPT, OPT_MINISTER, D_VB_DAMAGE, D_OUTRAGE, D_AL_TRIM,
                     D_EFFECT_ORDER, D_RF_DISRUPT, D_KP_TROPHY, D_DU_FAILURE)
from ..layout import (CLEARING_SUITS, REG, PC, ACTIVE, TURN_FLAGS, TF_FIELD_HOSPITALS_FIRST, TF_OUTRAGE_FIRST, TF_OUTRAGE_BEFORE_FEAR,
                      TF_DISRUPTION_FIRST, LZ_FEAR, HAND_N, RF_FUNDS, CARD_LOC, CARD_KNOWN, LOC_HAND,
                      LOC_SUPPORTERS, AL_OUTRAGE, AL_TRIM, VB_DAMAGE, FACTION_SEAT, R_OUTRAGE_CLEARING, R_OUTRAGE_PAYER,
                      RF_DISRUPT, CV_RAID, SCRATCH, SUPPLY_WARRIORS, DECIDER, BOT, VS_OTHER, KP_TROPHY_BY, DU_FAILURE,
                      DU_FAILURE_OWED, DU_FAILURE_AFTER_OUTRAGE, DU_FAILURE_FIRST)
from .parliament import failure_choices, single_choice, pay_failure
from .geometry import n_forests
from .relics import place_trophy, bot_trophy_forest
from .cards import allow_matching, take_from_deck, discard, random_card_from_hand, ALL_KNOW
from .supporters import add_supporter, supporters_n, bases_on_map, lost_bases_pending, settle_lost_bases
from .items import pick_item, shift_action
from .vagabonds import vb_row
from .seats import is_bot
from .score import score
from .botlog import note, EV_OUTRAGE
from .machine import PC_INTERRUPTS, PC_FIELD_HOSPITALS, offer, allow, allow_clearings, wait, call, ret
from .services import funds, fund_owners, fund_to_supply, offer_fund_owners
from .board import may_place
from .placement import start_place


@njit(cache=True)
def owes_outrage(state, payers):
    """Some faction in the bitmask `payers` owes an Outrage."""
    for c in range(NC):
        if state[AL_OUTRAGE + c] & payers:
            return True
    return False


# What a pending "effects: order" orders (order_question): an Outrage against Field Hospitals, against Fear of
# the Faithful, against a removed base's discards or against the Price of Failure; or raids against Trade Disruption.
ORDER_FIELD_HOSPITALS, ORDER_FEAR, ORDER_BASES, ORDER_RAIDS, ORDER_PRICE = 0, 1, 2, 3, 4


@njit(cache=True)
def outrage_clearings(state, payers):
    """The clearings (a bitmask) where a faction of the bitmask `payers` owes an Outrage."""
    m = 0
    for c in range(NC):
        if state[AL_OUTRAGE + c] & payers:
            m |= 1 << c
    return m


@njit(cache=True)
def raid_clearings(state):
    """The clearings (a bitmask) of removed raids whose warriors are not placed yet (13.7.4)."""
    m = 0
    for c in range(NC):
        if state[CV_RAID + c] > 0:
            m |= 1 << c
    return m


@njit(cache=True)
def raid_placements(state, take):
    """Corvid warriors the pending raids place (13.7.4): one per removed raid in each adjacent clearing open to them.
    With `take`, they are listed for placing (SCRATCH) and the raids are done."""
    n = 0
    for c in range(NC):
        if state[CV_RAID + c] > 0:
            for b in range(NC):
                if adjacent(state, c, b) and may_place(state, CORVIDS, b):
                    n += state[CV_RAID + c]
                    if take:
                        state[SCRATCH + b] += state[CV_RAID + c]
            if take:
                state[CV_RAID + c] = 0
    return n


@njit(cache=True)
def raids_ordered(state):
    """Law 1.1.3: raids (13.7.4) and Trade Disruption (11.2.5.I) from the same removals, where their order can
    change the outcome: the Corvids' supply is short for the raids and some of the funds Trade Disruption removes
    are Corvid warriors, which go back to that supply. Not yet put after Trade Disruption."""
    return (state[RF_DISRUPT] > 0 and state[TURN_FLAGS] & TF_DISRUPTION_FIRST == 0 and state[RF_FUNDS + CORVIDS] > 0
            and raid_placements(state, False) > state[SUPPLY_WARRIORS + CORVIDS])


@njit(cache=True)
def fear_ordered(state):
    """Law 1.1.3: Fear of the Faithful is pending with an Outrage the Cult owes, not yet put after it."""
    return (state[LZ_FEAR] > 0 and state[TURN_FLAGS] & TF_OUTRAGE_BEFORE_FEAR == 0 and state[HAND_N + LIZARDS] > 0
            and owes_outrage(state, 1 << LIZARDS))


@njit(cache=True)
def price_ordered(state):
    """Law 1.1.3: the Price of Failure (12.2.3) is owed, not yet ordered, with an Outrage the Duchy owes from the same
    removals and a hand that both take from (a random discard against a card of the Duchy's choice)."""
    return (state[DU_FAILURE] == DU_FAILURE_OWED and state[HAND_N + DUCHY] > 0 and state[FACTION_SEAT + ALLIANCE] >= 0
            and owes_outrage(state, 1 << DUCHY))


@njit(cache=True)
def order_question(state):
    """What a pending "effects: order" orders (ORDER_*), as `step` asks them."""
    if state[PC] == PC_FIELD_HOSPITALS:
        return ORDER_FIELD_HOSPITALS
    if price_ordered(state):
        return ORDER_PRICE
    if raids_ordered(state):
        return ORDER_RAIDS
    if fear_ordered(state):
        return ORDER_FEAR
    return ORDER_BASES


@njit(cache=True)
def fear_of_the_faithful(state):
    """Law 10.2.5: whenever a garden is removed, the Lizard Cult discards a random card (one per garden; with an
    empty hand nothing happens)."""
    while state[LZ_FEAR] > 0:
        state[LZ_FEAR] -= 1
        card = random_card_from_hand(state, LIZARDS)
        if card >= 0:
            discard(state, card)
    state[TURN_FLAGS] &= ~TF_OUTRAGE_BEFORE_FEAR


@njit(cache=True)
def start_raids(state):
    """Seed 003 13.7.4: each removed raid places a Corvid warrior in each adjacent clearing (the Corvids choose where
    when their supply runs short, 2.5). Returns True when that choice is pending (it returns to PC_INTERRUPTS)."""
    raids = raid_placements(state, True)
    state[TURN_FLAGS] &= ~TF_DISRUPTION_FIRST
    return raids > 0 and start_place(state, CORVIDS, state[SUPPLY_WARRIORS + CORVIDS], PC_INTERRUPTS)


@njit(cache=True)
def ask_order(state, clearings):
    """Law 1.1.3: the player taking the turn orders two effects of the same removals. Returns True when the choice
    is pending (D_EFFECT_ORDER: A_CLEARING + c, for c in the bitmask `clearings`, puts the effects in those clearings
    first, the Outrages or the raids; A_DONE the other effect; `order_question` says which two). Callers ask only
    where the order can change the outcome (see the module notes)."""
    active = state[ACTIVE]
    if active < 0 or clearings == 0 or is_bot(state, active):
        return False  # a Clockwork bot taking the turn chooses nothing: the other effect first (docs/rules.md)
    offer(state)
    allow(state, A_DONE)
    allow_clearings(state, clearings)
    return wait(state, D_EFFECT_ORDER, active)


@njit(cache=True)
def ask_effect_order(state, payers):
    """Law 1.1.3: the player taking the turn orders an Outrage owed by one of `payers` (a bitmask) against another
    effect of the same removals (an owed Outrage's clearing puts the Outrages first)."""
    return ask_order(state, outrage_clearings(state, payers))


@njit(cache=True)
def step(state, pc):
    # Law 15.2.5 Prized Trophies: each removed relic goes face up into a forest its remover chooses (a Clockwork bot's:
    # relics.bot_trophy_forest).
    # (KP_TROPHY_BY >= 0 exactly while a relic waits, invariants.check_state: one read in every other game)
    while state[KP_TROPHY_BY] >= 0:
        g = state[KP_TROPHY_BY]
        if is_bot(state, g):
            place_trophy(state, bot_trophy_forest(state))
            continue
        offer(state)
        for fo in range(n_forests(state)):
            allow(state, A_FOREST + fo)
        wait(state, D_KP_TROPHY, g)
        return True
    # Law 12.2.3 The Price of Failure: the Duchy's highest-ranked swayed minister goes back (the Duchy chooses among
    # ties), its crown leaves the game, and a random card is discarded; before an Outrage the Duchy owes unless the
    # player taking the turn puts the Outrages first (Law 1.1.3: both take from the Duchy's hand).
    if price_ordered(state) and ask_effect_order(state, 1 << DUCHY):
        return True
    if state[DU_FAILURE] == DU_FAILURE_OWED or state[DU_FAILURE] == DU_FAILURE_FIRST:
        choices = failure_choices(state)
        one = single_choice(choices)
        if choices != 0 and one < 0:
            offer(state)
            for m in range(NMINISTER):
                if (choices >> m) & 1:
                    allow(state, A_OPT + OPT_MINISTER + m)
            wait(state, D_DU_FAILURE, DUCHY)
            return True
        pay_failure(state, one)
    # Law 1.1.3: raids and Trade Disruption, where their order matters, as the player taking the turn orders them
    # (the raids first: at once, in `decide`).
    if raids_ordered(state) and ask_order(state, raid_clearings(state)):
        return True
    # Law 11.2.5.I Trade Disruption: the Riverfolk remove the funds they owe, choosing whose (when it can differ).
    while state[RF_DISRUPT] > 0:
        k, last = fund_owners(state, -1)
        if k == 0:
            state[RF_DISRUPT] = 0
            break
        if k > 1 and funds(state) > state[RF_DISRUPT]:
            offer_fund_owners(state, D_RF_DISRUPT)
            return True
        fund_to_supply(state, last)
        state[RF_DISRUPT] -= 1
    # Seed 003 13.7.4 raids.
    if start_raids(state):
        return False
    # Seed 002 9.2.2.I: a Vagabond damages three items when an enemy removes all pieces where he is.
    for v in range(VAGABOND, VAGABOND2 + 1):
        k = VB_DAMAGE + vb_row(v)
        while state[k] > 0:
            got = pick_item(state, v, IS_READY, IS_EXHAUSTED, 2, D_VB_DAMAGE)
            if got < 0:
                return True
            state[k] = state[k] - 1 if got > 0 else 0
    # Law 10.2.5 Fear of the Faithful, before the Outrage unless the player taking the turn put an Outrage the
    # Cult owes first (Law 1.1.3: both draw on the Cult's hand, one card at random).
    if state[LZ_FEAR] > 0 and state[TURN_FLAGS] & TF_OUTRAGE_BEFORE_FEAR == 0:
        if fear_ordered(state) and ask_effect_order(state, 1 << LIZARDS):
            return True
        fear_of_the_faithful(state)
    # Law 8.2.4 for bases removed by the same removals, before the Outrage unless the player taking
    # the turn put the Outrage first (Law 1.1.3; any payer: every Outrage card may match the base).
    if lost_bases_pending(state) and state[TURN_FLAGS] & TF_OUTRAGE_FIRST == 0:
        if ask_effect_order(state, -1):
            return True
        settle_lost_bases(state)
    # Law 8.2.6 Outrage: the payer adds a matching card to the Supporters stack, or shows their hand
    # and the Alliance draws one to the stack.
    for c in range(NC):
        while state[AL_OUTRAGE + c] != 0:
            m = state[AL_OUTRAGE + c]
            payer = 0
            while (m >> payer) & 1 == 0:
                payer += 1
            if state[FACTION_SEAT + ALLIANCE] < 0:
                state[AL_OUTRAGE + c] = 0
                break
            offer(state)
            allow_matching(state, payer, state[CLEARING_SUITS + c])
            state[REG + R_OUTRAGE_CLEARING] = c
            state[REG + R_OUTRAGE_PAYER] = payer
            if wait(state, D_OUTRAGE, payer):
                return True
            if state[BOT + ALLIANCE]:
                # the Automated Outrage (AA-3): no matching card to discard, the Automated Alliance scores one
                score(state, ALLIANCE, 1, VS_OTHER)
                note(state, EV_OUTRAGE, c, payer, -1)
                state[AL_OUTRAGE + c] &= ~(1 << payer)
                continue
            for card in range(NCARD):
                if state[CARD_LOC + card] == LOC_HAND + payer:
                    state[CARD_KNOWN + card] |= 1 << ALLIANCE
            card = take_from_deck(state)
            if card >= 0:  # deck and discard pile empty: nothing to gain (Law 2.5, the most possible)
                add_supporter(state, card, 0)
            state[AL_OUTRAGE + c] &= ~(1 << payer)
    fear_of_the_faithful(state)  # when the Outrage went first (Law 1.1.3)
    settle_lost_bases(state)
    state[TURN_FLAGS] &= ~TF_OUTRAGE_FIRST
    if state[DU_FAILURE] == DU_FAILURE_AFTER_OUTRAGE:  # the Price of Failure after the Outrages (Law 1.1.3)
        state[DU_FAILURE] = DU_FAILURE_FIRST
        return False  # this step again: the Price (the Duchy may choose among tied ministers), nothing else pending
    # Law 8.2.4: with no base left, the Alliance discards supporters of its choice down to five.
    if state[AL_TRIM] != 0:
        if bases_on_map(state) == 0 and supporters_n(state) > AL_SUPPORTER_LIMIT:
            offer(state)
            for card in range(NCARD):
                if state[CARD_LOC + card] == LOC_SUPPORTERS:
                    allow(state, A_CARD + card)
            wait(state, D_AL_TRIM, ALLIANCE)
            return True
        state[AL_TRIM] = 0
    ret(state)
    return False


@njit(cache=True)
def decide(state, d, a):
    if d == D_KP_TROPHY:
        place_trophy(state, a - A_FOREST)
    elif d == D_DU_FAILURE:
        pay_failure(state, a - A_OPT - OPT_MINISTER)
    elif d == D_RF_DISRUPT:
        fund_to_supply(state, a - A_FACTION)
        state[RF_DISRUPT] -= 1
    elif d == D_VB_DAMAGE:
        v = state[DECIDER]
        shift_action(state, v, a, 2)
        state[VB_DAMAGE + vb_row(v)] -= 1
    elif d == D_OUTRAGE:
        payer = state[REG + R_OUTRAGE_PAYER]
        if state[BOT + ALLIANCE]:
            # the Automated Outrage (AA-3): the matching card is discarded (not given: no Poor Manual Dexterity)
            discard(state, a - A_CARD)
            note(state, EV_OUTRAGE, state[REG + R_OUTRAGE_CLEARING], payer, a - A_CARD)
        else:
            # Law 11.2.3: a card from the Riverfolk's public hand was seen by everyone.
            add_supporter(state, a - A_CARD, ALL_KNOW if payer == RIVERFOLK else 1 << payer)
        state[AL_OUTRAGE + state[REG + R_OUTRAGE_CLEARING]] &= ~(1 << payer)
    elif d == D_EFFECT_ORDER:
        q = order_question(state)
        if q == ORDER_FIELD_HOSPITALS:
            if a == A_DONE:
                state[TURN_FLAGS] |= TF_FIELD_HOSPITALS_FIRST
            else:  # the Outrage (and the other pending effects, which do not touch her hand) first
                call(state, PC_INTERRUPTS, state[PC])
        elif q == ORDER_RAIDS:
            if a == A_DONE:  # Trade Disruption first
                state[TURN_FLAGS] |= TF_DISRUPTION_FIRST
            else:  # the raids first, then the interrupts go on (Trade Disruption)
                start_raids(state)
        elif q == ORDER_PRICE:  # A_DONE: the Price of Failure first; a clearing: the Outrages first
            state[DU_FAILURE] = DU_FAILURE_FIRST if a == A_DONE else DU_FAILURE_AFTER_OUTRAGE
        elif q == ORDER_FEAR:
            if a == A_DONE:  # Fear of the Faithful first
                fear_of_the_faithful(state)
            else:
                state[TURN_FLAGS] |= TF_OUTRAGE_BEFORE_FEAR
        elif a == A_DONE:  # the removed bases' discards first
            settle_lost_bases(state)
        else:
            state[TURN_FLAGS] |= TF_OUTRAGE_FIRST
    else:  # D_AL_TRIM
        discard(state, a - A_CARD)

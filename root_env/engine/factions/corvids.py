"""Corvid Conspiracy (seed 003, Law 13): setup, Birdsong (craft, flip plots, recruit), Daylight's three
actions (move, plot, battle, trick), Evening (exert or draw), and Exposure, which enemies use on their turn.

Rules that change what other factions do sit in the shared mechanism: snares in ``board.may_place`` and
``movement`` / ``items.pawn_snared`` (13.7.2), raids in ``board.remove_piece`` and ``interrupts`` (13.7.4),
Nimble in ``movement.can_move`` (13.2.3), Embedded Agents in ``battle`` (13.2.5), crafting with plots in
``craft.crafting_pieces`` (13.2.1), Exposure opened by ``engine.exposure`` wherever the enemy's turn allows it
(13.2.4: the start of Birdsong and Evening, every Daylight menu, the Evening steps before the draw). A plot's type is hidden from the other players while it is face down
(``observe``, ``plots.resample_plots``).
"""
from ..jit import njit

from ...data import NC, NCARD, NBT, CORVIDS, CARD_SUIT, BIRD, TT_PLOT, BOMB, EXTORTION, RAID
from ...codes import (A_DONE, A_CLEARING, A_CARD, A_OPT, A_PIECE, OPT_SUIT, OPT_MOVE, OPT_BATTLE, OPT_PLOT, OPT_TRICK,
                      D_CV_SETUP, D_CV_CRAFT, D_CV_FLIP, D_CV_RECRUIT, D_CV_RECRUIT_SUIT, D_CV_DAYLIGHT, D_CV_PLOT_WHERE,
                      D_CV_PLOT_WHICH, D_CV_TRICK_A, D_CV_TRICK_B, D_CV_EXERT, D_CV_EXPOSE_WHERE, D_CV_EXPOSE_CARD,
                      D_CV_EXPOSE_GUESS)
from ...layout import (CLEARING_SUITS, REG, ACTIVE, NSEATS, SEAT_FACTION, CARD_LOC, CARD_KNOWN, LOC_HAND,
                       TOKENS, SCRATCH, SUPPLY_WARRIORS, CV_FACE_UP, CV_EXCLUDED, CV_PLACED, CV_ACTIONS, CV_RECRUITED,
                       CV_EXERTED, CV_RAID, VS_PLOTS, R_CV_TARGET, R_ARG2, R_MOVE_SUIT, R_MOVE_OPTIONAL, HOMELAND,
                       PHASE, PH_SETUP)
from ..homelands import advanced, card_homelands, set_homeland
from ..board import (warriors, has_pieces, may_place, place_warriors, remove_warriors, remove_piece, remove_all_enemies,
                     token_supply)
from ..cards import draw, discard, allow_matching, take_random_card, give_card
from ..enemies import is_enemy
from ..score import score
from ..craft import offer_craftable, start_craft
from ..movement import any_move
from ..battle import any_battle, start_battle
from ..placement import start_place
from ..card_effects import offer_daylight_options, is_daylight_option, start_daylight_option
from ..plots import plot_at, face_up_plots
from ..exposure import can_expose_at
from ..machine import (PC_CV_SETUP, PC_CV_CRAFT, PC_CV_FLIP, PC_CV_RECRUIT, PC_CV_RECRUIT_SUIT, PC_CV_DAYLIGHT,
                       PC_CV_PLOT_WHERE, PC_CV_PLOT_WHICH, PC_CV_TRICK_A, PC_CV_TRICK_B, PC_CV_EVENING, PC_CV_DRAW,
                       PC_CV_EXPOSE, PC_CV_EXPOSE_CARD, PC_CV_EXPOSE_GUESS, PC_CV_EXPOSE_CHOSEN, PC_SETUP_NEXT_FACTION,
                       PC_BIRD_CARDS_POST, PC_EVENING_START, PC_DISCARD, PC_MOVE_FROM, PC_FIELD_HOSPITALS, offer, allow,
                       allow_clearings,
                       wait, wait_with_done, wait_optional, goto, call, ret)

PLOT_KIND = NBT + TT_PLOT  # A_PIECE + PLOT_KIND + type: a plot type (placing one, guessing one)


# ------------------------------------------------------------- helpers
@njit(cache=True)
def suit_has_warrior(state, suit):
    """Setup (Law 13.3.2): a warrior already placed in a clearing of the suit. Advanced Setup: the homeland's warrior
    does not count (the Corvids' setup card: "Counting the previous step, place 4 warriors in total")."""
    home = state[HOMELAND + CORVIDS]
    for c in range(NC):
        if state[CLEARING_SUITS + c] == suit and warriors(state, CORVIDS, c) > ((home >> c) & 1):
            return True
    return False


@njit(cache=True)
def can_flip_at(state, c):
    """Law 13.4.2: a face-down plot in a clearing with Corvid warriors."""
    return state[CV_FACE_UP + c] == 0 and plot_at(state, c) >= 0 and warriors(state, CORVIDS, c) > 0


@njit(cache=True)
def plot_cost(state):
    """Law 13.5.2: one warrior, plus one per plot placed this turn."""
    return 1 + state[CV_PLACED]


@njit(cache=True)
def can_plot_at(state, c):
    """Law 13.5.2: a clearing with no plot (13.2.2.II) and enough Corvid warriors to remove."""
    return plot_at(state, c) < 0 and warriors(state, CORVIDS, c) >= plot_cost(state) and may_place(state, CORVIDS, c)


@njit(cache=True)
def any_plot_in_supply(state):
    for t in range(4):
        if token_supply(state, TT_PLOT + t) > 0:
            return True
    return False


@njit(cache=True)
def can_trick_from(state, c):
    """Law 13.5.4: two plots on the map, both face up or both face down."""
    if plot_at(state, c) < 0:
        return False
    for b in range(NC):
        if b != c and plot_at(state, b) >= 0 and state[CV_FACE_UP + b] == state[CV_FACE_UP + c]:
            return True
    return False


@njit(cache=True)
def action_possible(state, verb):
    if verb == OPT_MOVE:
        return any_move(state, CORVIDS, -1)
    if verb == OPT_BATTLE:
        return any_battle(state, CORVIDS, -1)
    if verb == OPT_PLOT:
        if not any_plot_in_supply(state):
            return False
        for c in range(NC):
            if can_plot_at(state, c):
                return True
        return False
    for c in range(NC):
        if can_trick_from(state, c):
            return True
    return False


@njit(cache=True)
def offer_actions(state):
    for verb in (OPT_MOVE, OPT_PLOT, OPT_BATTLE, OPT_TRICK):
        if action_possible(state, verb):
            allow(state, A_OPT + verb)


@njit(cache=True)
def start_action(state, verb, back):
    """Law 13.5: take one action; `back` is the step to return to (Daylight's menu, or the draw after Exert)."""
    if verb == OPT_MOVE:
        state[REG + R_MOVE_SUIT] = -1
        state[REG + R_MOVE_OPTIONAL] = 0
        call(state, PC_MOVE_FROM, back)
    elif verb == OPT_BATTLE:
        start_battle(state, -1, 0, back)
    else:
        call(state, PC_CV_PLOT_WHERE if verb == OPT_PLOT else PC_CV_TRICK_A, back)


@njit(cache=True)
def flip(state, c):
    """Law 13.4.2: flip the plot face up, score one VP per face-up plot on the map, then resolve a bomb
    (13.7.1) or an extortion (13.7.3). Returns True when removals need Field Hospitals and interrupts."""
    state[CV_FACE_UP + c] = 1
    state[CV_EXCLUDED + c] = 0
    score(state, CORVIDS, face_up_plots(state), VS_PLOTS)
    t = plot_at(state, c)
    if t == BOMB:
        remove_all_enemies(state, CORVIDS, c)
        remove_piece(state, NBT + TT_PLOT + BOMB, c, CORVIDS)
        return True
    if t == EXTORTION:
        for s in range(state[NSEATS]):
            g = state[SEAT_FACTION + s]
            if is_enemy(state, CORVIDS, g) and has_pieces(state, g, c):
                take_random_card(state, g, CORVIDS)
    return False


@njit(cache=True)
def recruit(state, suit):
    """Law 13.4.3: one warrior in each clearing of the suit (as many as the supply allows, 2.5)."""
    state[CV_RECRUITED] = 1
    for c in range(NC):
        state[SCRATCH + c] = 1 if state[CLEARING_SUITS + c] == suit and may_place(state, CORVIDS, c) else 0
    goto(state, PC_BIRD_CARDS_POST)
    start_place(state, CORVIDS, state[SUPPLY_WARRIORS + CORVIDS], PC_BIRD_CARDS_POST)


@njit(cache=True)
def extortions_face_up(state):
    n = 0
    for c in range(NC):
        if state[CV_FACE_UP + c] != 0 and state[TOKENS + (TT_PLOT + EXTORTION) * NC + c] > 0:
            n += 1
    return n


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    f = state[ACTIVE]
    if pc == PC_CV_SETUP:
        if advanced(state) and state[HOMELAND + CORVIDS] == 0:
            # Advanced Setup (the Corvids' setup card): first a homeland, any clearing A.8.2.I allows, with a warrior
            # and a face-down plot of their choice.
            offer(state)
            allow_clearings(state, card_homelands(state, CORVIDS, False, False))
            if wait(state, D_CV_PLOT_WHERE, CORVIDS):
                return True
        # Law 13.3.2: one warrior in a clearing of each suit.
        offer(state)
        for c in range(NC):
            if not suit_has_warrior(state, state[CLEARING_SUITS + c]) and may_place(state, CORVIDS, c):
                allow(state, A_CLEARING + c)
        if wait(state, D_CV_SETUP, CORVIDS):
            return True
        goto(state, PC_SETUP_NEXT_FACTION)
        return False
    if pc == PC_CV_CRAFT:
        # Law 13.4.1 / 13.2.1: craft by activating plots, face up or down.
        offer(state)
        offer_craftable(state, CORVIDS)
        if wait_optional(state, D_CV_CRAFT, CORVIDS):
            return True
        goto(state, PC_CV_FLIP)
        return False
    if pc == PC_CV_FLIP:
        offer(state)
        for c in range(NC):
            if can_flip_at(state, c):
                allow(state, A_CLEARING + c)
        if wait_optional(state, D_CV_FLIP, CORVIDS):
            return True
        goto(state, PC_CV_RECRUIT)
        return False
    if pc == PC_CV_RECRUIT:
        # Law 13.4.3: once per turn, spend any card.
        offer(state)
        if state[CV_RECRUITED] == 0 and state[SUPPLY_WARRIORS + CORVIDS] > 0:
            for card in range(NCARD):
                if state[CARD_LOC + card] == LOC_HAND + CORVIDS:
                    allow(state, A_CARD + card)
        if wait_optional(state, D_CV_RECRUIT, CORVIDS):
            return True
        goto(state, PC_BIRD_CARDS_POST)
        return False
    if pc == PC_CV_RECRUIT_SUIT:
        offer(state)
        for s in range(3):
            allow(state, A_OPT + OPT_SUIT + s)
        wait(state, D_CV_RECRUIT_SUIT, CORVIDS)
        return True
    if pc == PC_CV_DAYLIGHT:
        # Law 13.5: up to three actions, in any order and number.
        offer(state)
        if state[CV_ACTIONS] > 0:
            offer_actions(state)
        offer_daylight_options(state, CORVIDS)
        return wait_with_done(state, D_CV_DAYLIGHT, CORVIDS)
    if pc == PC_CV_PLOT_WHERE or pc == PC_CV_TRICK_A:
        plot = pc == PC_CV_PLOT_WHERE
        offer(state)
        for c in range(NC):
            if (can_plot_at(state, c) if plot else can_trick_from(state, c)):
                allow(state, A_CLEARING + c)
        wait(state, D_CV_PLOT_WHERE if plot else D_CV_TRICK_A, CORVIDS)
        return True
    if pc == PC_CV_PLOT_WHICH:
        offer(state)
        for t in range(4):
            if token_supply(state, TT_PLOT + t) > 0:
                allow(state, A_PIECE + PLOT_KIND + t)
        wait(state, D_CV_PLOT_WHICH, CORVIDS)
        return True
    if pc == PC_CV_TRICK_B:
        a = state[REG + R_CV_TARGET]
        offer(state)
        for c in range(NC):
            if c != a and plot_at(state, c) >= 0 and state[CV_FACE_UP + c] == state[CV_FACE_UP + a]:
                allow(state, A_CLEARING + c)
        wait(state, D_CV_TRICK_B, CORVIDS)
        return True
    if pc == PC_CV_EVENING:
        # Law 13.6.1 Exert: one Daylight action instead of drawing.
        offer(state)
        offer_actions(state)
        if wait_optional(state, D_CV_EXERT, CORVIDS):
            return True
        goto(state, PC_CV_DRAW)
        return False
    if pc == PC_CV_DRAW:
        # Law 13.6.2: one card plus one per face-up extortion, unless exerted; then discard to five.
        if state[CV_EXERTED] == 0:
            draw(state, CORVIDS, 1 + extortions_face_up(state))
        goto(state, PC_DISCARD)
        return False
    if pc == PC_CV_EXPOSE or pc == PC_CV_EXPOSE_CHOSEN:
        # Law 13.2.4: an enemy with pieces where a face-down plot lies may show a matching card and guess.
        offer(state)
        for c in range(NC):
            if can_expose_at(state, f, c):
                allow(state, A_CLEARING + c)
        if pc == PC_CV_EXPOSE_CHOSEN and wait(state, D_CV_EXPOSE_WHERE, f):
            return True  # chosen from a menu (exposure.start_exposure): no "not now", which would return there unchanged
        if wait_optional(state, D_CV_EXPOSE_WHERE, f):
            return True
        ret(state)
        return False
    if pc == PC_CV_EXPOSE_CARD:
        suit = state[CLEARING_SUITS + state[REG + R_CV_TARGET]]
        offer(state)
        allow_matching(state, f, suit)
        wait(state, D_CV_EXPOSE_CARD, f)
        return True
    # PC_CV_EXPOSE_GUESS: any of the four types.
    offer(state)
    for t in range(4):
        allow(state, A_PIECE + PLOT_KIND + t)
    wait(state, D_CV_EXPOSE_GUESS, f)
    return True


@njit(cache=True)
def decide(state, d, a):
    f = state[ACTIVE]
    if d == D_CV_SETUP:
        place_warriors(state, CORVIDS, a - A_CLEARING, 1)
    elif d == D_CV_CRAFT:
        if a == A_DONE:
            goto(state, PC_CV_FLIP)
        else:
            start_craft(state, a - A_CARD, PC_CV_CRAFT)
    elif d == D_CV_FLIP:
        if a == A_DONE:
            goto(state, PC_CV_RECRUIT)
        elif flip(state, a - A_CLEARING):
            call(state, PC_FIELD_HOSPITALS, PC_CV_FLIP)
    elif d == D_CV_RECRUIT:
        if a == A_DONE:
            goto(state, PC_BIRD_CARDS_POST)
            return
        card = a - A_CARD
        discard(state, card)
        if CARD_SUIT[card] == BIRD:
            state[CV_RECRUITED] = 1
            goto(state, PC_CV_RECRUIT_SUIT)  # "If you spend a bird, choose one suit"
        else:
            recruit(state, CARD_SUIT[card])
    elif d == D_CV_RECRUIT_SUIT:
        recruit(state, a - A_OPT - OPT_SUIT)
    elif d == D_CV_DAYLIGHT:
        if a == A_DONE:
            goto(state, PC_EVENING_START)
        elif is_daylight_option(a):
            start_daylight_option(state, a)
        else:
            state[CV_ACTIONS] -= 1
            start_action(state, a - A_OPT, PC_CV_DAYLIGHT)
    elif d == D_CV_EXERT:
        if a != A_DONE:
            state[CV_EXERTED] = 1
            start_action(state, a - A_OPT, PC_CV_DRAW)
        else:
            goto(state, PC_CV_DRAW)
    elif d == D_CV_PLOT_WHERE and advanced(state) and state[PHASE] == PH_SETUP and state[HOMELAND + CORVIDS] == 0:
        # (in setup only: a loaded position without the Corvids' homeland plots as in play)
        # Advanced Setup: the homeland's warrior and plot. The plot is placed by Law 13.5.2's step (PC_CV_PLOT_WHICH:
        # the type chosen, its cost in warriors removed), so the cost is placed here on top of the card's warrior.
        c = a - A_CLEARING
        set_homeland(state, CORVIDS, c)
        place_warriors(state, CORVIDS, c, 1 + plot_cost(state))
        state[REG + R_CV_TARGET] = c
        call(state, PC_CV_PLOT_WHICH, PC_CV_SETUP)
    elif d == D_CV_PLOT_WHERE or d == D_CV_TRICK_A:
        state[REG + R_CV_TARGET] = a - A_CLEARING
        goto(state, PC_CV_PLOT_WHICH if d == D_CV_PLOT_WHERE else PC_CV_TRICK_B)
    elif d == D_CV_PLOT_WHICH:
        # Law 13.5.2: remove the warriors, place the plot face down.
        c = state[REG + R_CV_TARGET]
        remove_warriors(state, CORVIDS, c, plot_cost(state))
        state[TOKENS + (TT_PLOT + a - A_PIECE - PLOT_KIND) * NC + c] += 1
        state[CV_FACE_UP + c] = 0
        state[CV_EXCLUDED + c] = 0
        state[CV_PLACED] += 1
        ret(state)
    elif d == D_CV_TRICK_B:
        # Law 13.5.4: swap the two plots (what Exposure ruled out goes with each token).
        b = a - A_CLEARING
        c = state[REG + R_CV_TARGET]
        tb = plot_at(state, b)
        tc = plot_at(state, c)
        state[TOKENS + (TT_PLOT + tb) * NC + b] -= 1
        state[TOKENS + (TT_PLOT + tc) * NC + c] -= 1
        state[TOKENS + (TT_PLOT + tc) * NC + b] += 1
        state[TOKENS + (TT_PLOT + tb) * NC + c] += 1
        x = state[CV_EXCLUDED + b]
        state[CV_EXCLUDED + b] = state[CV_EXCLUDED + c]
        state[CV_EXCLUDED + c] = x
        ret(state)
    elif d == D_CV_EXPOSE_WHERE:
        if a == A_DONE:
            ret(state)
        else:
            state[REG + R_CV_TARGET] = a - A_CLEARING
            goto(state, PC_CV_EXPOSE_CARD)
    elif d == D_CV_EXPOSE_CARD:
        card = a - A_CARD
        state[REG + R_ARG2] = card
        state[CARD_KNOWN + card] |= 1 << CORVIDS  # shown to the Corvids
        goto(state, PC_CV_EXPOSE_GUESS)
    else:  # D_CV_EXPOSE_GUESS
        c = state[REG + R_CV_TARGET]
        t = a - A_PIECE - PLOT_KIND
        if plot_at(state, c) == t:
            # Right: the guesser removes the plot (one VP, 3.2.1) and its effect is ignored (no raid).
            remove_piece(state, NBT + TT_PLOT + t, c, f)
            if t == RAID:
                state[CV_RAID + c] -= 1
        else:
            give_card(state, state[REG + R_ARG2], CORVIDS)  # wrong: the card goes to the Corvids
            state[CV_EXCLUDED + c] |= 1 << t
        goto(state, PC_CV_EXPOSE)

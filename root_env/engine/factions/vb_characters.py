"""The special actions of the six Vagabond characters beyond the base three (Law Appendix D): the Vagrant's
Instigate (D.4), the Scoundrel's Scorched Earth (D.6), the Adventurer's Improvise (D.7) and the Harrier's Glide
(D.9), as steps of the Vagabond's Daylight. The Arbiter's Protector (D.5) and the Ronin's Swift Strike (D.8) act in
battle (engine.battle); Scorched Earth's lasting effect is engine.scorched.
"""
from ..jit import njit

from ...data import NC, NITEM, TORCH, QUEST_ITEMS, VAGRANT, SCOUNDREL, HARRIER, IS_READY, IS_EXHAUSTED
from ...codes import (A_DONE, A_CLEARING, A_FACTION, A_ITEM, D_VB_GLIDE, D_VB_IMPROVISE, D_VB_IMPROVISE_FOR,
                      D_VB_INSTIGATE_ATT, D_VB_INSTIGATE_DEF)
from ...layout import (ACTIVE, REG, NSEATS, SEAT_FACTION, VB_PAWN, VB_ITEMS, SCORCHED, B_INSTIGATOR, R_VB_QUEST,
                       R_VB_ITEM, R_VB_TARGET, R_B_CLEARING, R_B_ATT)
from ..board import warriors, has_pieces, remove_all_enemies
from ..enemies import is_enemy
from ..items import pawn_clearing, pawn_place, pawn_in, pawn_snared, item_action
from ..vagabonds import is_vagabond, vb_row, items_at
from ..scorched import scorched
from ..quests import (items_ready_for, can_improvise, improvise_item_fits, improvise_fits, pay_quest,
                      pay_quest_improvised, complete_quest)
from ..battle import begin_battle
from ..machine import (PC_VC_GLIDE, PC_VC_IMPROVISE, PC_VC_IMPROVISE_FOR, PC_VC_INSTIGATE_ATT, PC_VC_INSTIGATE_DEF,
                       PC_VC_INSTIGATE_END, PC_VB_ACTIONS, PC_VB_QUEST_REWARD, PC_BATTLE_ALLY, PC_FIELD_HOSPITALS,
                       offer, allow, wait, goto, call)


# ------------------------------------------------------------- what each special action needs
@njit(cache=True)
def glide_to_ok(state, v, b):
    """D.9 Glide: any clearing on the map (even Hostile, ignoring paths) but his own; a face-up snare holds the
    pawn (13.7.2: only the Slip ignores it, 9.4.2); never into the torch's clearing (D.6)."""
    return b != pawn_place(state, v) and not scorched(state, b) and not pawn_snared(state, v)


@njit(cache=True)
def instigate_side_ok(state, v, g, c):
    """A player other than the Vagrant v who can attack in c: warriors there, or a Vagabond's pawn (4.3)."""
    if g == v:
        return False
    if is_vagabond(g):
        return pawn_in(state, g, c)
    return warriors(state, g, c) > 0


@njit(cache=True)
def instigate_defender_ok(state, v, att, h, c):
    """D.4: the Vagrant chooses an enemy of the attacker with pieces in c (4.3), neither the attacker nor himself."""
    return h != v and h != att and has_pieces(state, h, c) and is_enemy(state, att, h)


@njit(cache=True)
def instigate_attacker_ok(state, v, g, c):
    if not instigate_side_ok(state, v, g, c):
        return False
    for s in range(state[NSEATS]):
        if instigate_defender_ok(state, v, g, state[SEAT_FACTION + s], c):
            return True
    return False


@njit(cache=True)
def special_possible(state, v, ch, c):
    """Whether character ch (beyond the base three) has a special action Vagabond v can take now (Law 9.5.9: he has
    a torch to exhaust; the caller checks it). The Arbiter, the Adventurer and the Ronin have none to take with a
    torch: their abilities act in battle and in the Quest action."""
    if ch == HARRIER:
        for b in range(NC):
            if glide_to_ok(state, v, b):
                return True
        return False
    if ch == SCOUNDREL:
        return c >= 0 and not scorched(state, c)  # in a clearing (his torch is placed there), once per clearing
    if ch == VAGRANT:
        if c < 0:
            return False
        for s in range(state[NSEATS]):
            if instigate_attacker_ok(state, v, state[SEAT_FACTION + s], c):
                return True
        return False
    return False


@njit(cache=True)
def start_special(state, v, ch, c):
    """The torch is exhausted (9.5.9): take character ch's special action."""
    if ch == HARRIER:
        goto(state, PC_VC_GLIDE)
    elif ch == VAGRANT:
        goto(state, PC_VC_INSTIGATE_ATT)
    else:
        scorched_earth(state, v, c)


@njit(cache=True)
def scorched_earth(state, v, c):
    """D.6 Scorched Earth: the exhausted torch goes into his clearing (off his board, for the rest of the game) and
    every enemy piece there is removed, as by any "remove all enemy pieces" effect: VP for buildings and tokens
    (3.2.1), Hostility for warriors (9.2.9.III), three items damaged by another Vagabond there (9.2.2.I), and
    what removals trigger (Field Hospitals, Outrage, ...)."""
    state[VB_ITEMS + items_at(v) + TORCH * 4 + IS_EXHAUSTED] -= 1
    state[SCORCHED] |= 1 << c
    remove_all_enemies(state, v, c)
    call(state, PC_FIELD_HOSPITALS, PC_VB_ACTIONS)


# ------------------------------------------------------------- Improvise (the Quest action)
@njit(cache=True)
def start_quest(state, v, q):
    """Law 9.5.5: he chose quest q. D.7: the Adventurer who may improvise says first whether he does."""
    state[REG + R_VB_QUEST] = q
    if can_improvise(state, v, q):
        goto(state, PC_VC_IMPROVISE)
        return
    pay_quest(state, v, q)
    finish_quest(state, v, q)


@njit(cache=True)
def finish_quest(state, v, q):
    complete_quest(state, v, q)
    goto(state, PC_VB_QUEST_REWARD)


@njit(cache=True)
def improvise_targets(state, v, q, x):
    """The quest items that item x may stand for: (count, the last one)."""
    k = 0
    last = -1
    for j in range(2):
        t = QUEST_ITEMS[q, j]
        if (j == 0 or t != QUEST_ITEMS[q, 0]) and improvise_fits(state, v, q, x, t):
            k += 1
            last = t
    return k, last


# ------------------------------------------------------------- steps
@njit(cache=True)
def step(state, pc):
    v = state[ACTIVE]
    c = pawn_clearing(state, v)
    if pc == PC_VC_GLIDE:
        offer(state)
        for b in range(NC):
            if glide_to_ok(state, v, b):
                allow(state, A_CLEARING + b)
        wait(state, D_VB_GLIDE, v)
        return True
    if pc == PC_VC_IMPROVISE:
        # D.7: which unexhausted item he treats as another (or none, when the quest's items are at hand).
        q = state[REG + R_VB_QUEST]
        offer(state)
        for x in range(NITEM):
            if improvise_item_fits(state, v, q, x):
                allow(state, item_action(x, IS_READY))
        if items_ready_for(state, v, q):
            allow(state, A_DONE)
        wait(state, D_VB_IMPROVISE, v)
        return True
    if pc == PC_VC_IMPROVISE_FOR:
        q = state[REG + R_VB_QUEST]
        x = state[REG + R_VB_ITEM]
        offer(state)
        for j in range(2):
            t = QUEST_ITEMS[q, j]
            if (j == 0 or t != QUEST_ITEMS[q, 0]) and improvise_fits(state, v, q, x, t):
                allow(state, item_action(t, IS_READY))
        wait(state, D_VB_IMPROVISE_FOR, v)
        return True
    if pc == PC_VC_INSTIGATE_ATT:
        offer(state)
        for s in range(state[NSEATS]):
            g = state[SEAT_FACTION + s]
            if instigate_attacker_ok(state, v, g, c):
                allow(state, A_FACTION + g)
        wait(state, D_VB_INSTIGATE_ATT, v)
        return True
    if pc == PC_VC_INSTIGATE_DEF:
        att = state[REG + R_VB_TARGET]
        offer(state)
        for s in range(state[NSEATS]):
            h = state[SEAT_FACTION + s]
            if instigate_defender_ok(state, v, att, h, c):
                allow(state, A_FACTION + h)
        wait(state, D_VB_INSTIGATE_DEF, v)
        return True
    # PC_VC_INSTIGATE_END: the instigated battle is over.
    state[B_INSTIGATOR] = -1
    goto(state, PC_VB_ACTIONS)
    return False


@njit(cache=True)
def decide(state, d, a):
    v = state[ACTIVE]
    c = pawn_clearing(state, v)
    if d == D_VB_GLIDE:
        # D.9: only his pawn moves (no Ally comes along), no boot is exhausted.
        state[VB_PAWN + vb_row(v)] = a - A_CLEARING
        goto(state, PC_VB_ACTIONS)
    elif d == D_VB_IMPROVISE:
        q = state[REG + R_VB_QUEST]
        if a == A_DONE:
            pay_quest(state, v, q)
            finish_quest(state, v, q)
            return
        x = (a - A_ITEM) % NITEM
        k, t = improvise_targets(state, v, q, x)
        if k > 1:
            state[REG + R_VB_ITEM] = x
            goto(state, PC_VC_IMPROVISE_FOR)
            return
        pay_quest_improvised(state, v, q, x, t)
        finish_quest(state, v, q)
    elif d == D_VB_IMPROVISE_FOR:
        q = state[REG + R_VB_QUEST]
        pay_quest_improvised(state, v, q, state[REG + R_VB_ITEM], (a - A_ITEM) % NITEM)
        finish_quest(state, v, q)
    elif d == D_VB_INSTIGATE_ATT:
        state[REG + R_VB_TARGET] = a - A_FACTION
        goto(state, PC_VC_INSTIGATE_DEF)
    else:  # D_VB_INSTIGATE_DEF
        # D.4: a battle in his clearing between the two he chose; he removes the pieces of both sides and scores
        # for them (engine.battle reads B_INSTIGATOR).
        state[REG + R_B_CLEARING] = c
        state[REG + R_B_ATT] = state[REG + R_VB_TARGET]
        begin_battle(state, a - A_FACTION)
        state[B_INSTIGATOR] = v
        call(state, PC_BATTLE_ALLY, PC_VC_INSTIGATE_END)

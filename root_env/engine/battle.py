"""Battle (Law 4.3): clearing, defender, ambush and foil, dice, extra hits, hits dealt with the
taker choosing which buildings and tokens go, then Field Hospitals."""
from .jit import njit

from ..data import (NC, NBT, NTT, NCARD, CARD_EFFECT, CARD_SUIT, BT_OWNER, TT_OWNER, BIRD, E_AMBUSH,
                    E_SCOUTING_PARTY, E_BRUTAL_TACTICS, E_ARMORERS, E_SAPPERS, EYRIE, ALLIANCE, MARQUISE, COMMANDER, MM_FORTIFIED, MM_HOSPITALS,
                    DESPOT, IS_READY, IS_EXHAUSTED, REL_HOSTILE, LIZARDS, RIVERFOLK, CORVIDS, TT_PLOT, TT_SYMPATHY,
                    AA_VETERANS, AA_INFORMANTS, ARBITER, RONIN, SWORD, HUNDREDS, PLOT_NAMES, TT_MOB, BITTER, STUBBORN, WRATHFUL,
                    KEEPERS)
from .geometry import adjacent
from ..codes import (A_DONE, A_CLEARING, A_CARD, A_FACTION, A_PIECE, A_ITEM, A_OPT, D_BATTLE_WHERE, D_BATTLE_DEFENDER,
                     D_AMBUSH, D_FOIL, D_BATTLE_EFFECTS, D_HIT_PIECE, D_BATTLE_ALLY, D_PROTECTOR, OPT_SWIFT_STRIKE,
                     OPT_ENLIST)
from ..layout import (CLEARING_SUITS, REG, PC, ACTIVE, NSEATS, SEAT_FACTION, CARD_LOC, LOC_HAND, SUPPRESS_WIN, EY_LEADER, BUILDINGS,
                      TOKENS, VS_OTHER, R_ARG, R_ARG2, R_BATTLE_SUIT, R_B_CLEARING, R_B_ATT, R_B_DEF, R_B_STAGE,
                      R_B_ROLL_ATT, R_B_ROLL_DEF, R_B_EXTRA_ATT, R_B_EXTRA_DEF, R_B_IGNORE_ATT, R_B_IGNORE_DEF,
                      R_B_HITS_ATT, R_B_HITS_DEF, R_B_AMBUSH, R_B_ALLY, VB_BATTLE_HITS, VB_REL, BOT_DEF_LOST,
                      BOT_TRAITS, BOT_EXTRA, B_INSTIGATOR, HD_LOOT)
from .board import (warriors, rules, has_pieces, remove_warriors, remove_warriors_in_battle, remove_piece, non_warrior_pieces, piece_kinds_present,
                    warriors_to_acolytes, keep_clearing, place_warriors, may_place)
from .seats import is_bot
from .hoard import mood_is, warlord_here, lootable
from .botlog import note, EV_HOSPITALS
from .items import swords, pawn_in, kinds_in, offer_items, shift_action, ready, exhaust
from .characters import played_by, is_character
from .vagabonds import is_vagabond, chart_at
from .relationships import vb_removed_warriors, vb_removed_piece, is_allied
from .cards import discard, has_crafted
from .score import score
from .enemies import is_enemy
from .rng import rng_int, battle_dice
from .services import merc_buyer, merc_fights
from .plots import face_down_plot_at, plot_at
from .relics import devout
from .machine import (PC_BATTLE_WHERE, PC_BATTLE_DEFENDER, PC_BATTLE_AMBUSH, PC_BATTLE_FOIL, PC_BATTLE_AFTER_AMBUSH,
                      PC_BATTLE_ROLL, PC_BATTLE_EFFECTS_ATT, PC_BATTLE_EFFECTS_DEF, PC_BATTLE_HITS,
                      PC_BATTLE_ALLOC_DEF, PC_BATTLE_ALLOC_ATT, PC_BATTLE_AFTER_HITS, PC_FIELD_HOSPITALS,
                      PC_BATTLE_ALLY, PC_BATTLE_PROTECTOR, PC_HD_LOOT, PC_HD_LOOT_ITEM, PC_HD_BITTER, offer, allow, wait, wait_optional, goto, call, ret)

# R_ARG bits: effects already used in this battle; the Arbiter's enlistment asked, and taken (D.5); Swift Strike
# used (D.8).
USED_BRUTAL, USED_ARMORERS_ATT, USED_ARMORERS_DEF, USED_SAPPERS, DESPOT_ATT, DESPOT_DEF = 1, 2, 4, 8, 16, 32
PROTECTOR_ASKED, PROTECTOR_ENLISTED, USED_SWIFT = 64, 128, 256
STUBBORN_USED, BITTER_ASKED = 512, 1024  # the Hundreds' Stubborn ignored its hit (14.7.7); Bitter was offered (14.7.1)
DEVOUT_USED = 2048  # the Keepers' Devout Knights ignored the first hit they took in this battle (15.2.4)
NPLOT = len(PLOT_NAMES)  # the token types TT_PLOT.. are the Corvids' plots (the Hundreds' mob comes after them)


@njit(cache=True)
def defender_exists(state, f, c):
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != f and has_pieces(state, g, c):
            return True
    return False


@njit(cache=True)
def can_battle_in(state, f, c):
    """Law 4.3: a clearing where you have warriors (the Vagabond: his pawn) and another player has pieces.
    Law 11.2.7.III: a buyer of Mercenaries may battle with them alone, against anyone but the Riverfolk."""
    if is_vagabond(f):
        return pawn_in(state, f, c) and defender_exists(state, f, c)
    if warriors(state, f, c) > 0:
        return defender_exists(state, f, c)
    if merc_buyer(state) != f or warriors(state, RIVERFOLK, c) == 0:
        return False
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if g != f and g != RIVERFOLK and has_pieces(state, g, c):
            return True
    return False


@njit(cache=True)
def may_attack(state, att, g, c):
    """g may be the defender of att's battle in c (with mercenaries alone, not the Riverfolk: 11.2.7.III)."""
    return (g != att and has_pieces(state, g, c)
            and (is_vagabond(att) or warriors(state, att, c) > 0 or merc_fights(state, att, g)))


@njit(cache=True)
def any_battle(state, f, suit):
    for c in range(NC):
        if (suit < 0 or state[CLEARING_SUITS + c] == suit) and can_battle_in(state, f, c):
            return True
    return False


@njit(cache=True)
def start_battle(state, suit, optional, return_pc):
    """Enter the battle procedure for the active faction (clearing of `suit`, any if < 0)."""
    state[REG + R_BATTLE_SUIT] = suit
    state[REG + R_ARG2] = optional
    call(state, PC_BATTLE_WHERE, return_pc)


@njit(cache=True)
def start_battle_at(state, c, return_pc):
    """Battle in clearing c, chosen already (the Vagabond battles where his pawn is)."""
    state[REG + R_B_CLEARING] = c
    state[REG + R_B_ATT] = state[ACTIVE]
    call(state, PC_BATTLE_DEFENDER, return_pc)


@njit(cache=True)
def begin_battle(state, dfd):
    """The defender is chosen: clear what the battle counts."""
    state[REG + R_B_DEF] = dfd
    state[REG + R_ARG] = 0
    state[REG + R_B_IGNORE_ATT] = 0
    state[REG + R_B_IGNORE_DEF] = 0
    state[REG + R_B_AMBUSH] = -1
    state[REG + R_B_ALLY] = -1
    state[VB_BATTLE_HITS] = 0
    state[VB_BATTLE_HITS + 1] = 0
    state[BOT_DEF_LOST] = 0
    state[BOT_EXTRA] = 0
    state[B_INSTIGATOR] = -1
    state[HD_LOOT] = 0


@njit(cache=True)
def start_battle_vs(state, c, dfd, extra, return_pc):
    """A Clockwork bot (the active faction) battles `dfd` in clearing c, both chosen by its priorities; `extra`:
    the extra hits it deals (the Electric Eyrie's fullest Decree column)."""
    state[REG + R_B_CLEARING] = c
    state[REG + R_B_ATT] = state[ACTIVE]
    begin_battle(state, dfd)
    state[BOT_EXTRA] = extra
    call(state, PC_BATTLE_ALLY, return_pc)


@njit(cache=True)
def automated_ambush(state, dfd, c):
    """The Automated Alliance's Automated Ambush (docs/clockwork_alliance.md AA-2): defending with a warrior there, it deals
    one extra hit; Informants (seed 004): a sympathy token there without warriors does too."""
    if dfd != ALLIANCE or not is_bot(state, ALLIANCE):
        return 0
    if warriors(state, ALLIANCE, c) > 0:
        return 1
    if state[BOT_TRAITS + ALLIANCE] & AA_INFORMANTS and state[TOKENS + TT_SYMPATHY * NC + c] > 0:
        return 1
    return 0


@njit(cache=True)
def ambush_matches(state, card, c):
    """Law 4.3.1: an ambush card matching the clearing of battle (bird ambushes match any)."""
    return CARD_EFFECT[card] == E_AMBUSH and (CARD_SUIT[card] == state[CLEARING_SUITS + c] or CARD_SUIT[card] == BIRD)


@njit(cache=True)
def offer_ambushes(state, f, c):
    offer(state)
    for card in range(NCARD):
        if state[CARD_LOC + card] == LOC_HAND + f and ambush_matches(state, card, c):
            allow(state, A_CARD + card)


@njit(cache=True)
def leader_is(state, f, leader):
    return f == EYRIE and state[EY_LEADER] == leader


@njit(cache=True)
def allocate(state, taker, remover, hits_reg, despot_bit):
    """Law 4.3.3: the taker removes warriors first, then buildings/tokens in the order they choose.
    Returns True when the taker must choose which kind of piece goes next."""
    c = state[REG + R_B_CLEARING]
    h = state[REG + hits_reg]
    if is_vagabond(taker):
        return vb_take_hits(state, taker, h, hits_reg)
    if (taker == HUNDREDS and h > 0 and state[REG + R_ARG] & STUBBORN_USED == 0 and mood_is(state, STUBBORN)
            and warlord_here(state, taker, c)):
        state[REG + R_ARG] |= STUBBORN_USED  # Law 14.7.7 Stubborn: the first hit taken in the warlord's clearing
        h -= 1
    if taker == KEEPERS and h > 0 and state[REG + R_ARG] & DEVOUT_USED == 0 and devout(state, c):
        # Law 15.2.4 Devout Knights: a relic and a Keeper warrior in the clearing: the first hit they take is ignored
        # (an ambush's hits come first: one of them, and no later one)
        state[REG + R_ARG] |= DEVOUT_USED
        h -= 1
    chooser = taker
    if state[B_INSTIGATOR] >= 0:
        remover = state[B_INSTIGATOR]  # D.4 Instigate: the Vagrant removes the pieces of both sides, in his order
        chooser = remover
    k = remove_warriors_in_battle(state, taker, c, h)
    h -= k
    if taker == LIZARDS and hits_reg == R_B_HITS_DEF:
        warriors_to_acolytes(state, k)  # Law 10.2.3 Revenge: removed while defending
    if is_vagabond(remover):
        vb_removed_warriors(state, remover, taker, k, True)  # Law 9.2.9.III Hostile, III.a Infamy
    if is_bot(state, taker):
        if hits_reg == R_B_HITS_DEF:
            state[BOT_DEF_LOST] += k  # for the Mechanical Marquise's Hospitals
        # seed 004 Taking Hits (and Fortified): a bot's buildings and tokens go by its own rules, also when a
        # Vagrant instigated the battle (docs/rules.md)
        bot_hits_on_pieces(state, taker, remover, h, despot_bit)
        state[REG + hits_reg] = 0
        return False
    while h > 0:
        n = non_warrior_pieces(state, taker, c)
        if n == 0:
            h = 0
            break
        if n > h and piece_kinds_present(state, taker, c) > 1:
            state[REG + hits_reg] = h
            offer(state)
            allow_pieces_of(state, taker, c, chooser != taker)
            wait(state, D_HIT_PIECE, chooser)
            return True
        # Only one kind left, or every piece goes: no choice to make.
        for bt in range(NBT):
            while h > 0 and BT_OWNER[bt] == taker and state[BUILDINGS + bt * NC + c] > 0:
                remove_one(state, bt, c, remover, despot_bit)
                h -= 1
        for tt in range(NTT):
            while h > 0 and TT_OWNER[tt] == taker and state[TOKENS + tt * NC + c] > 0:
                remove_one(state, NBT + tt, c, remover, despot_bit)
                h -= 1
    state[REG + hits_reg] = 0
    return False


@njit(cache=True)
def bot_hits_on_pieces(state, taker, remover, h, despot_bit):
    """Seed 004 Taking Hits: a bot removes all its tokens there before any building, then its buildings, the type
    at random; it is never asked. The Mechanical Marquise's Fortified trait: each building takes two hits, and a
    single hit left on a building does nothing."""
    c = state[REG + R_B_CLEARING]
    for tt in range(NTT):
        while h > 0 and TT_OWNER[tt] == taker and state[TOKENS + tt * NC + c] > 0:
            remove_one(state, NBT + tt, c, remover, despot_bit)
            h -= 1
    per = 2 if taker == MARQUISE and state[BOT_TRAITS + MARQUISE] & MM_FORTIFIED else 1
    while h >= per:
        kinds = 0
        for bt in range(NBT):
            if BT_OWNER[bt] == taker and state[BUILDINGS + bt * NC + c] > 0:
                kinds += 1
        if kinds == 0:
            return
        pick = rng_int(state, kinds) if kinds > 1 else 0
        for bt in range(NBT):
            if BT_OWNER[bt] == taker and state[BUILDINGS + bt * NC + c] > 0:
                if pick == 0:
                    remove_one(state, bt, c, remover, despot_bit)
                    break
                pick -= 1
        h -= per


@njit(cache=True)
def allow_pieces_of(state, g, c, by_other):
    """Allow each kind of building and token of g in clearing c (piece actions). Chosen `by_other` than g, a
    face-down plot is offered as the first plot kind whatever its type (seed 003 13.2.2.I: only the Corvids
    know it); ``plot_choice`` reads it back."""
    for bt in range(NBT):
        if BT_OWNER[bt] == g and state[BUILDINGS + bt * NC + c] > 0:
            allow(state, A_PIECE + bt)
    for tt in range(NTT):
        if TT_OWNER[tt] == g and state[TOKENS + tt * NC + c] > 0:
            hidden = by_other and TT_PLOT <= tt < TT_PLOT + NPLOT and face_down_plot_at(state, c)
            allow(state, A_PIECE + NBT + (TT_PLOT if hidden else tt))


@njit(cache=True)
def plot_choice(state, kind, c):
    """The piece kind an action chose in clearing c: a plot kind means the plot there, of whatever type."""
    if NBT + TT_PLOT <= kind < NBT + TT_PLOT + NPLOT:  # (the Hundreds' mob follows the plot types)
        return NBT + TT_PLOT + plot_at(state, c)
    return kind


@njit(cache=True)
def vb_take_hits(state, v, h, hits_reg):
    """Law 9.2.7: each hit damages an undamaged item of Vagabond v's choice; with none left he
    ignores the rest. 9.2.9.II.d: battling with an Ally, he may remove its warriors instead.
    Returns True when he must choose."""
    c = state[REG + R_B_CLEARING]
    ally = state[REG + R_B_ALLY] if state[REG + R_B_ATT] == v else -1
    while h > 0:
        k, last = kinds_in(state, v, IS_READY, IS_EXHAUSTED)
        ally_ok = ally >= 0 and warriors(state, ally, c) > 0
        if k + (1 if ally_ok else 0) == 0:
            break
        if k + (1 if ally_ok else 0) > 1:
            state[REG + hits_reg] = h
            offer(state)
            offer_items(state, v, IS_READY, IS_EXHAUSTED)
            if ally_ok:
                allow(state, A_FACTION + ally)
            wait(state, D_HIT_PIECE, v)
            return True
        vb_hit_with(state, v, last if k == 1 else A_FACTION + ally)
        h -= 1
    state[REG + hits_reg] = 0
    return False


@njit(cache=True)
def vb_hit_with(state, v, a):
    """One hit on Vagabond v's side, taken by an item (item action) or an allied warrior."""
    if a >= A_ITEM:
        shift_action(state, v, a, 2)  # Law 9.2.7: damaged, keeping its face
        state[VB_BATTLE_HITS] += 1
    else:
        remove_warriors_in_battle(state, a - A_FACTION, state[REG + R_B_CLEARING], 1)
        state[VB_BATTLE_HITS + 1] += 1


@njit(cache=True)
def remover_for(state, side):
    """Who removes the pieces the other side loses to `side`'s hits: that side, or the Vagrant who instigated the
    battle (D.4)."""
    return state[B_INSTIGATOR] if state[B_INSTIGATOR] >= 0 else side


@njit(cache=True)
def remove_one(state, kind, c, remover, despot_bit):
    owner = remove_piece(state, kind, c, remover)
    if is_vagabond(remover):
        vb_removed_piece(state, remover, owner, True)
    # Law 7.8.4 (seed 002): the Despot scores one extra VP when removing at least one enemy
    # building or token in a battle.
    despot = leader_is(state, remover, DESPOT) and is_enemy(state, remover, owner)
    if despot and state[REG + R_ARG] & despot_bit == 0:
        state[REG + R_ARG] |= despot_bit
        score(state, remover, 1, VS_OTHER)


@njit(cache=True)
def step(state, pc):
    att = state[REG + R_B_ATT]
    dfd = state[REG + R_B_DEF]
    c = state[REG + R_B_CLEARING]
    if pc == PC_BATTLE_WHERE:
        f = state[ACTIVE]
        suit = state[REG + R_BATTLE_SUIT]
        offer(state)
        for k in range(NC):
            if (suit < 0 or state[CLEARING_SUITS + k] == suit) and can_battle_in(state, f, k):
                allow(state, A_CLEARING + k)
        if state[REG + R_ARG2] != 0:
            allow(state, A_DONE)
        if wait(state, D_BATTLE_WHERE, f):
            return True
        ret(state)
        return False
    if pc == PC_BATTLE_DEFENDER:
        offer(state)
        for s in range(state[NSEATS]):
            g = state[SEAT_FACTION + s]
            if may_attack(state, att, g, c):
                allow(state, A_FACTION + g)
        wait(state, D_BATTLE_DEFENDER, att)
        return True
    if pc == PC_BATTLE_ALLY:
        # Law 9.2.9.II.c: the Vagabond may treat one Ally's warriors here as his own (not the defender's).
        goto(state, PC_BATTLE_AMBUSH)
        if att == HUNDREDS and lootable(state, dfd):
            call(state, PC_HD_LOOT, PC_BATTLE_AMBUSH)  # Law 14.2.5: at the start of battle, the Hundreds may loot
            return False
        if is_vagabond(att):
            offer(state)
            for s in range(state[NSEATS]):
                g = state[SEAT_FACTION + s]
                if g != dfd and g != att and is_allied(state, att, g) and warriors(state, g, c) > 0:
                    allow(state, A_FACTION + g)
            return wait_optional(state, D_BATTLE_ALLY, att)
        return False
    if pc == PC_BATTLE_PROTECTOR:
        # D.5 Protector: the defender may enlist the Arbiter in the clearing of battle.
        offer(state)
        allow(state, A_OPT + OPT_ENLIST)
        wait_optional(state, D_PROTECTOR, dfd)
        return True
    if pc == PC_BATTLE_AMBUSH:
        # Scouting Party: as attacker, you are not affected by ambush cards. Seed 004 Hates Surprises: no
        # ambush card may be played against a bot.
        if has_crafted(state, att, E_SCOUTING_PARTY) < 0 and not is_bot(state, att):
            offer_ambushes(state, dfd, c)
            if wait_optional(state, D_AMBUSH, dfd):
                return True
        goto(state, PC_BATTLE_ROLL)
        return False
    if pc == PC_BATTLE_FOIL:
        offer_ambushes(state, att, c)
        if wait_optional(state, D_FOIL, att):
            return True
        ambush_hits(state)
        return False
    if pc == PC_BATTLE_AFTER_AMBUSH:
        call(state, PC_FIELD_HOSPITALS, PC_BATTLE_ROLL)
        return False
    if pc == PC_BATTLE_ROLL:
        # Law 4.3.1: if no attacking warriors remain after the ambush, the battle ends (the
        # Vagabond's pawn is never removed, 9.2.2, so his battle goes on).
        if not is_vagabond(att) and max_rolled_hits(state, att, dfd, c) == 0:
            state[HD_LOOT] = 0
            ret(state)
            return False
        if state[REG + R_ARG] & BITTER_ASKED == 0:
            state[REG + R_ARG] |= BITTER_ASKED
            if bitter_may(state, att, c) or bitter_may(state, dfd, c):
                call(state, PC_HD_BITTER, PC_BATTLE_ROLL)  # Law 14.7.1 Bitter: before the roll
                return False
        if state[REG + R_ARG] & PROTECTOR_ASKED == 0:
            state[REG + R_ARG] |= PROTECTOR_ASKED
            if arbiter_to_enlist(state, att, dfd, c) >= 0:
                goto(state, PC_BATTLE_PROTECTOR)  # D.5: before dice are rolled
                return False
        d1, d2 = battle_dice(state)
        hi = d1 if d1 > d2 else d2
        lo = d1 + d2 - hi
        if dfd == ALLIANCE and (not is_bot(state, ALLIANCE) or state[BOT_TRAITS + ALLIANCE] & AA_VETERANS):
            hi, lo = lo, hi  # Law 8.2.2 Guerrilla War: the defending Alliance deals the higher roll (the bot: Veterans)
        # Law 4.3.2: attacker deals the higher roll, defender the lower, each at most its warriors.
        wa = max_rolled_hits(state, att, dfd, c)
        wd = max_rolled_hits(state, dfd, att, c)
        state[REG + R_B_ROLL_ATT] = hi if hi < wa else wa
        if state[HD_LOOT] != 0:
            state[REG + R_B_ROLL_ATT] = 0  # Law 14.2.5 Looters: the looting Hundreds deal no rolled hits
        state[REG + R_B_ROLL_DEF] = lo if lo < wd else wd
        extra = 0
        if wd == 0:
            extra += 1  # Law 4.3.2.III defenseless (9.2.4: the Vagabond without undamaged swords)
        if state[REG + R_ARG] & PROTECTOR_ENLISTED:
            # D.5: the Arbiter's undamaged swords add to the defender's maximum rolled hits (no warrior of the
            # defender's: defenseless stays as it was, 4.3.3.II)
            wd += swords(state, played_by(state, ARBITER))
            state[REG + R_B_ROLL_DEF] = lo if lo < wd else wd
        if leader_is(state, att, COMMANDER):
            extra += 1  # Law 7.8.3 Commander
        extra += state[BOT_EXTRA]  # seed 004: the Electric Eyrie's column with more cards than each other
        if att == HUNDREDS and mood_is(state, WRATHFUL) and warlord_here(state, att, c):
            extra += 1  # Law 14.7.8 Wrathful
        state[REG + R_B_EXTRA_ATT] = extra
        # Seed 003 13.2.5 Embedded Agents: the defending Corvids deal an extra hit with a face-down plot there.
        state[REG + R_B_EXTRA_DEF] = 1 if dfd == CORVIDS and face_down_plot_at(state, c) else 0
        state[REG + R_B_EXTRA_DEF] += automated_ambush(state, dfd, c)
        goto(state, PC_BATTLE_EFFECTS_ATT)
        return False
    if pc == PC_BATTLE_EFFECTS_ATT or pc == PC_BATTLE_EFFECTS_DEF:
        who = att if pc == PC_BATTLE_EFFECTS_ATT else dfd
        used = state[REG + R_ARG]
        offer(state)
        if pc == PC_BATTLE_EFFECTS_ATT:
            allow_effect(state, who, E_BRUTAL_TACTICS, used & USED_BRUTAL)
            allow_effect(state, who, E_ARMORERS, used & USED_ARMORERS_ATT)
        else:
            allow_effect(state, who, E_SAPPERS, used & USED_SAPPERS)
            allow_effect(state, who, E_ARMORERS, used & USED_ARMORERS_DEF)
        if used & USED_SWIFT == 0 and is_character(state, who, RONIN) and ready(state, who, SWORD) > 0:
            allow(state, A_OPT + OPT_SWIFT_STRIKE)  # D.8 Swift Strike, after rolling
        if wait_optional(state, D_BATTLE_EFFECTS, who):
            return True
        goto(state, PC_BATTLE_EFFECTS_DEF if pc == PC_BATTLE_EFFECTS_ATT else PC_BATTLE_HITS)
        return False
    if pc == PC_BATTLE_HITS:
        on_def = state[REG + R_B_EXTRA_ATT]
        if state[REG + R_B_IGNORE_DEF] == 0:
            on_def += state[REG + R_B_ROLL_ATT]
        on_att = state[REG + R_B_EXTRA_DEF]
        if state[REG + R_B_IGNORE_ATT] == 0:
            on_att += state[REG + R_B_ROLL_DEF]
        state[REG + R_B_HITS_DEF] = on_def
        state[REG + R_B_HITS_ATT] = on_att
        merc_split(state, dfd, att, R_B_HITS_DEF)
        merc_split(state, att, dfd, R_B_HITS_ATT)
        state[REG + R_B_STAGE] = 1
        # Law 3.1: hits are simultaneous; whoever reaches 30 VP is decided once both are dealt.
        state[SUPPRESS_WIN] += 1
        goto(state, PC_BATTLE_ALLOC_DEF)
        return False
    if pc == PC_BATTLE_ALLOC_DEF:
        if allocate(state, dfd, att, R_B_HITS_DEF, DESPOT_ATT):
            return True
        goto(state, PC_BATTLE_ALLOC_ATT)
        return False
    if pc == PC_BATTLE_ALLOC_ATT:
        if allocate(state, att, dfd, R_B_HITS_ATT, DESPOT_DEF):
            return True
        goto(state, PC_BATTLE_AFTER_HITS if state[REG + R_B_STAGE] == 1 else PC_BATTLE_AFTER_AMBUSH)
        return False
    # PC_BATTLE_AFTER_HITS
    state[SUPPRESS_WIN] -= 1
    # Law 9.2.9.II.d: more hits taken by the Ally's warriors than by items makes the Ally Hostile.
    ally = state[REG + R_B_ALLY]
    if is_vagabond(att) and ally >= 0 and state[VB_BATTLE_HITS + 1] > state[VB_BATTLE_HITS]:
        state[VB_REL + chart_at(att) + ally] = REL_HOSTILE
    # Seed 004 Hospitals (Mechanical Marquise): two or more of her warriors removed defending: two warriors to
    # the keep's clearing.
    if (dfd == MARQUISE and is_bot(state, dfd) and state[BOT_TRAITS + MARQUISE] & MM_HOSPITALS
            and state[BOT_DEF_LOST] >= 2):
        k = keep_clearing(state)
        if k >= 0:
            note(state, EV_HOSPITALS, k, place_warriors(state, MARQUISE, k, 2), 0)
    # Field Hospitals, then back to whoever started the battle; Law 14.2.5: the looting Hundreds who rule the clearing
    # take an item from the defender's Crafted Items box at the end of the battle.
    loot = state[HD_LOOT] != 0 and rules(state, att, c) and lootable(state, dfd)
    state[HD_LOOT] = 0
    if loot:
        call(state, PC_HD_LOOT_ITEM, PC_FIELD_HOSPITALS)
    else:
        goto(state, PC_FIELD_HOSPITALS)
    return False


@njit(cache=True)
def bitter_may(state, f, c):
    """Law 14.7.1 Bitter: f is the Bitter Hundreds, battling in their warlord's clearing c, with a mob token there or
    adjacent, and may place warriors there."""
    if f != HUNDREDS or not mood_is(state, BITTER) or not warlord_here(state, f, c) or not may_place(state, f, c):
        return False
    for b in range(NC):
        if (b == c or adjacent(state, c, b)) and state[TOKENS + TT_MOB * NC + b] > 0:
            return True
    return False


@njit(cache=True)
def arbiter_to_enlist(state, att, dfd, c):
    """D.5 Protector: the Arbiter in the clearing of battle, neither side of it ("cannot enlist himself or be
    enlisted against himself"), whom a defender who is a player may enlist (a Clockwork bot takes no decision: it
    does not enlist). -1 if none."""
    v = played_by(state, ARBITER)
    if v < 0 or v == att or v == dfd or not pawn_in(state, v, c) or is_bot(state, dfd):
        return -1
    return v


@njit(cache=True)
def max_rolled_hits(state, f, opponent, c):
    """Law 4.3.2.I: rolled hits are capped by warriors, a buyer's mercenaries included (11.2.7.III);
    9.2.6 the Vagabond's by undamaged swords, plus his Ally's warriors when battling with them (9.2.9.II.c)."""
    if not is_vagabond(f):
        n = warriors(state, f, c)
        if merc_fights(state, f, opponent):
            n += warriors(state, RIVERFOLK, c)
        return n
    n = swords(state, f)
    ally = state[REG + R_B_ALLY]
    if state[REG + R_B_ATT] == f and ally >= 0:
        n += warriors(state, ally, c)
    return n


@njit(cache=True)
def allow_effect(state, f, effect, used):
    if used == 0:
        card = has_crafted(state, f, effect)
        if card >= 0:
            allow(state, A_CARD + card)


@njit(cache=True)
def merc_split(state, taker, remover, hits_reg):
    """Law 11.2.7.III.a: a buyer of Mercenaries splits the hits it takes evenly between its own pieces and
    the Riverfolk's warriors, taking the odd hit; hits one side cannot take fall on the other. The mercenaries are
    the buyer's warriors for battle, so 4.3.3's order holds for the whole side: the buyer's buildings and tokens
    go only once no warrior, his or the Riverfolk's, is left there (the current Law's 11.2.7.III.a says so;
    docs/rules.md, Readings). The mercenaries' share is removed here; the register keeps the buyer's share."""
    if not merc_fights(state, taker, remover):
        return
    c = state[REG + R_B_CLEARING]
    h = state[REG + hits_reg]
    rf = warriors(state, RIVERFOLK, c)
    own = warriors(state, taker, c)
    mine = (h + 1) // 2
    theirs = h - mine
    if theirs > rf:
        mine += theirs - rf
        theirs = rf
    if mine > own:  # past his warriors: the mercenaries first, his buildings and tokens last (4.3.3)
        extra = min(mine - own, rf - theirs)
        theirs += extra
        mine -= extra
    k = remove_warriors(state, RIVERFOLK, c, theirs)
    if state[B_INSTIGATOR] >= 0:
        remover = state[B_INSTIGATOR]  # D.4
    if is_vagabond(remover):
        vb_removed_warriors(state, remover, RIVERFOLK, k, True)
    state[REG + hits_reg] = mine


@njit(cache=True)
def ambush_hits(state):
    """The ambush was not foiled: the defender deals two hits to the attacker at once (4.3.1)."""
    state[REG + R_B_HITS_ATT] = 2
    merc_split(state, state[REG + R_B_ATT], state[REG + R_B_DEF], R_B_HITS_ATT)
    state[REG + R_B_STAGE] = 0
    goto(state, PC_BATTLE_ALLOC_ATT)


@njit(cache=True)
def decide(state, d, a):
    att = state[REG + R_B_ATT]
    dfd = state[REG + R_B_DEF]
    if d == D_BATTLE_WHERE:
        if a == A_DONE:
            ret(state)
            return
        state[REG + R_B_CLEARING] = a - A_CLEARING
        state[REG + R_B_ATT] = state[ACTIVE]
        goto(state, PC_BATTLE_DEFENDER)
    elif d == D_BATTLE_DEFENDER:
        begin_battle(state, a - A_FACTION)
        goto(state, PC_BATTLE_ALLY)
    elif d == D_BATTLE_ALLY:
        if a != A_DONE:
            state[REG + R_B_ALLY] = a - A_FACTION
    elif d == D_PROTECTOR:
        if a != A_DONE:
            state[REG + R_ARG] |= PROTECTOR_ENLISTED
            score(state, played_by(state, ARBITER), 1, VS_OTHER)  # D.5: the Arbiter scores one VP
        goto(state, PC_BATTLE_ROLL)
    elif d == D_AMBUSH:
        if a == A_DONE:
            goto(state, PC_BATTLE_ROLL)
        else:
            card = a - A_CARD
            # The defender discards the ambush card whether or not it is foiled (4.3.1.I).
            discard(state, card)
            state[REG + R_B_AMBUSH] = card
            goto(state, PC_BATTLE_FOIL)
    elif d == D_FOIL:
        if a == A_DONE:
            ambush_hits(state)
        else:
            discard(state, a - A_CARD)  # Law 4.3.1.I foil: the ambush is cancelled
            goto(state, PC_BATTLE_ROLL)
    elif d == D_BATTLE_EFFECTS:
        as_attacker = state[PC] == PC_BATTLE_EFFECTS_ATT
        if a == A_DONE:
            goto(state, PC_BATTLE_EFFECTS_DEF if as_attacker else PC_BATTLE_HITS)
            return
        if a == A_OPT + OPT_SWIFT_STRIKE:
            # D.8 Swift Strike: the Ronin exhausts a sword to deal an extra hit (once a battle: docs/rules.md).
            state[REG + R_ARG] |= USED_SWIFT
            exhaust(state, att if as_attacker else dfd, SWORD, 1)
            state[REG + (R_B_EXTRA_ATT if as_attacker else R_B_EXTRA_DEF)] += 1
            return
        card = a - A_CARD
        e = CARD_EFFECT[card]
        if e == E_BRUTAL_TACTICS:
            # Brutal Tactics: an extra hit; the defender scores one VP.
            state[REG + R_ARG] |= USED_BRUTAL
            state[REG + R_B_EXTRA_ATT] += 1
            score(state, dfd, 1, VS_OTHER)
        elif e == E_SAPPERS:
            # Sappers: as defender, discard to deal an extra hit.
            state[REG + R_ARG] |= USED_SAPPERS
            state[REG + R_B_EXTRA_DEF] += 1
            discard(state, card)
        else:
            # Armorers: discard to ignore all rolled hits you take.
            discard(state, card)
            if as_attacker:
                state[REG + R_ARG] |= USED_ARMORERS_ATT
                state[REG + R_B_IGNORE_ATT] = 1
            else:
                state[REG + R_ARG] |= USED_ARMORERS_DEF
                state[REG + R_B_IGNORE_DEF] = 1
    else:  # D_HIT_PIECE
        c = state[REG + R_B_CLEARING]
        kind = a - A_PIECE
        if a < A_PIECE or a >= A_ITEM:
            vb_hit_with(state, dfd if state[PC] == PC_BATTLE_ALLOC_DEF else att, a)  # a Vagabond's side takes it
            hits_reg = R_B_HITS_DEF if state[PC] == PC_BATTLE_ALLOC_DEF else R_B_HITS_ATT
            state[REG + hits_reg] -= 1
        elif state[PC] == PC_BATTLE_ALLOC_DEF:
            remove_one(state, plot_choice(state, kind, c), c, remover_for(state, att), DESPOT_ATT)
            state[REG + R_B_HITS_DEF] -= 1
        else:
            remove_one(state, plot_choice(state, kind, c), c, remover_for(state, dfd), DESPOT_DEF)
            state[REG + R_B_HITS_ATT] -= 1

"""The engine's entry points: new game, advance to the next decision, apply an action.

Everything is plain njit functions over the flat state array (layout.py). ``apply`` checks the
action against the legal list first and returns an error code without touching the state when it
is illegal; the Python layers turn codes into exceptions.
"""
import numpy as np
from .jit import njit

from ..data import (NC, NCARD, NF, CARD_KIND, K_DOMINANCE, ITEM_SUPPLY_START, ITEM_POOL, NITEM,
                    WARRIOR_TOTAL, STARTING_HAND, NQUEST, VAGABOND2, SECOND_VAGABOND_ITEMS, BOT_CODE_FLAG, BOT_CODE_LEVEL,
                    BOT_CODE_TRAITS, IMPLEMENTED_CHARACTER_BITS, CHARACTER_OPTION_SHIFT, SETUP_OPTION_BIT, ACOLYTE_OPTION_SHIFT,
                    ADVANCED_HAND, MAP_OPTION_SHIFT)
from ..map_data import AUTUMN, MAP_PRINTED_SUIT, MAP_ADJ_MASK, SUIT_MARKERS, MAP_FERRY_START
from .geometry import printed_ruin
from .. import codes as K
from ..layout import (CLEARING_SUITS, SETUP_KIND, SETUP_STANDARD, SETUP_ADVANCED, STATE_SIZE, VERSION, FORMAT_VERSION, NSEATS, SEAT_FACTION, FACTION_SEAT, MAX_SEATS, PC, PHASE,
                      PH_SETUP, PH_BIRDSONG, GAME_OVER, MAX_TURNS, DECISION, DECIDER, DECISIONS, LEGAL, LEGAL_N,
                      ACTIVE, REG, R_ARG, CARD_LOC, DECK, DECK_N, LOC_DECK, LOC_REMOVED, RUINS, ITEM_SUPPLY, SUPPLY_WARRIORS, EY_LEADER,
                      EY_VIZIER_COL, OPTIONS, O_AUTO_FORCED, O_LZ_FIRST_PRINTING, O_COOPERATIVE, O_BOTS_LAW, O_AA_BIRD_ANY, STACK_N, ITEM_BOX, RUIN_ITEM, VB_CHAR, VB_PAWN, VB_REL,
                      VB_COALITION, VB_SETUP_SWAP, QUEST_BY, VB_CHOICE, B_INSTIGATOR, LZ_OUTCAST, BOT, BOT_LEVEL, BOT_TRAITS, ORDER_CARD, BOT_LOG_N,
                      HD_WARLORD, HD_ROLL, HD_GAINED, MAP, ADJ_OPEN, R_CP_FROM, FERRY, R_VB_MOVE_TO, KP_CARD, KP_CLEARING,
                      KP_FOREST, KP_TROPHY_BY, DU_MINISTER, DU_KIND, DU_CLEARING, DU_BT)
from .rng import rng_seed, rng_shuffle, rng_int
from .cards import draw
from .score import check_victory, victory_possible, saturating_add
from .borrow import borrowed
from . import turn, card_effects, craft, movement, battle, placement, interrupts, closed_paths, ferry
from .factions import (marquise, eyrie, alliance, vagabond, lizards, riverfolk, corvids, bot_marquise, bot_eyrie, bot_alliance,
                       vb_characters, hundreds, keepers, duchy)
from . import machine, firstrun

# The dispatch table: a row per engine module, with the first step id of its block (its steps run up
# to the next row's first id) and the decision kinds it answers. A new faction adds a row here, its
# step ids in machine.py, and a branch in run_step and decide (numba calls no table of functions
# without its experimental first-class function types).
(M_TURN, M_CARDS, M_CRAFT, M_MOVE, M_BATTLE, M_PLACE, M_MARQUISE, M_EYRIE, M_INTERRUPTS, M_ALLIANCE,
 M_VAGABOND, M_LIZARDS, M_RIVERFOLK, M_CORVIDS, M_BOT_MARQUISE, M_BOT_EYRIE, M_BOT_ALLIANCE, M_VB_CHARACTERS,
 M_HUNDREDS, M_CLOSED_PATHS, M_FERRY, M_KEEPERS, M_DUCHY) = range(23)
MODULES = (
    (M_TURN, machine.PC_NONE, (K.D_DISCARD, K.D_KEEP_HAND)),
    (M_CARDS, machine.PC_BBB, (K.D_BBB_TARGET, K.D_BIRDSONG_CARDS, K.D_SND_TARGET, K.D_DOM_ACTIVATE, K.D_DOM_TAKE,
                         K.D_DOM_PAY, K.D_TAX_WHERE, K.D_CODEBREAK_TARGET, K.D_VB_COALITION)),
    (M_CRAFT, machine.PC_CRAFT_ANY, (K.D_CRAFT_ANY,)),
    (M_MOVE, machine.PC_MOVE_FROM, (K.D_MOVE_FROM, K.D_MOVE_TO, K.D_MOVE_COUNT, K.D_KP_CARRY)),
    (M_BATTLE, machine.PC_BATTLE_WHERE, (K.D_BATTLE_WHERE, K.D_BATTLE_DEFENDER, K.D_AMBUSH, K.D_FOIL,
                                   K.D_BATTLE_EFFECTS, K.D_HIT_PIECE, K.D_BATTLE_ALLY, K.D_PROTECTOR)),
    (M_PLACE, machine.PC_PLACE_SPLIT, (K.D_PLACE_SPLIT,)),
    (M_MARQUISE, machine.PC_MQ_SETUP_KEEP, (K.D_SETUP_KEEP, K.D_SETUP_BUILDING, K.D_MQ_CRAFT, K.D_MQ_ACTION,
                                      K.D_PAY_BIRD, K.D_BUILD_TYPE, K.D_BUILD_WHERE, K.D_PAY_WOOD,
                                      K.D_OVERWORK_WHERE, K.D_OVERWORK_CARD, K.D_FIELD_HOSPITAL)),
    (M_EYRIE, machine.PC_EY_SETUP_CORNER, (K.D_SETUP_EYRIE_CORNER, K.D_CHOOSE_LEADER, K.D_DECREE_CARD, K.D_DECREE_COL,
                                     K.D_NEW_ROOST, K.D_EY_CRAFT, K.D_EY_DECREE, K.D_RECRUIT_WHERE,
                                     K.D_ROOST_WHERE)),
    (M_INTERRUPTS, machine.PC_INTERRUPTS, (K.D_VB_DAMAGE, K.D_OUTRAGE, K.D_AL_TRIM,
                                                          K.D_EFFECT_ORDER, K.D_RF_DISRUPT, K.D_KP_TROPHY,
                                                          K.D_DU_FAILURE)),
    (M_ALLIANCE, machine.PC_AL_SETUP, (K.D_AL_REVOLT, K.D_AL_SPREAD, K.D_AL_SPEND, K.D_AL_DAYLIGHT, K.D_AL_MOBILIZE,
                                 K.D_AL_TRAIN, K.D_AL_OPS, K.D_AL_RECRUIT, K.D_AL_ORGANIZE)),
    (M_VAGABOND, machine.PC_VB_SETUP, (K.D_VB_CHARACTER, K.D_VB_FOREST, K.D_VB_REFRESH, K.D_VB_SLIP, K.D_VB_ACTION,
                                 K.D_VB_MOVE_TO, K.D_VB_ALLY_MOVE, K.D_VB_ALLY_COUNT, K.D_VB_AID_TARGET,
                                 K.D_VB_AID_CARD, K.D_VB_AID_EXHAUST, K.D_VB_AID_TAKE, K.D_VB_QUEST_REWARD,
                                 K.D_VB_STRIKE, K.D_VB_REPAIR, K.D_VB_STEAL, K.D_VB_DAY_LABOR, K.D_VB_CAPACITY,
                                 K.D_VB_EXPLORE)),
    (M_LIZARDS, machine.PC_LZ_SETUP, (K.D_LZ_CORNER, K.D_LZ_OUTCAST, K.D_LZ_CONSPIRACY, K.D_LZ_CONSPIRE_WHERE,
                                K.D_LZ_CRUSADE, K.D_LZ_CRUSADE_BATTLE, K.D_LZ_CONVERT_WHOM, K.D_LZ_SANCTIFY_WHICH,
                                K.D_LZ_RITUAL, K.D_LZ_RITUAL_CARD, K.D_LZ_RITUAL_WHERE, K.D_LZ_CRAFT)),
    (M_RIVERFOLK, machine.PC_RF_SETUP, (K.D_RF_SETUP, K.D_RF_PRICE, K.D_RF_SERVICE, K.D_RF_PAY_ITEM, K.D_RF_HAND_CARD,
                                  K.D_RF_DAYLIGHT, K.D_RF_FUND_OWNER, K.D_RF_RECRUIT_WHERE, K.D_RF_POST_WHERE,
                                  K.D_RF_EXPORT_CARD)),
    (M_CORVIDS, machine.PC_CV_SETUP, (K.D_CV_SETUP, K.D_CV_CRAFT, K.D_CV_FLIP, K.D_CV_RECRUIT, K.D_CV_RECRUIT_SUIT,
                                K.D_CV_DAYLIGHT, K.D_CV_PLOT_WHERE, K.D_CV_PLOT_WHICH, K.D_CV_TRICK_A, K.D_CV_TRICK_B,
                                K.D_CV_EXERT, K.D_CV_EXPOSE_WHERE, K.D_CV_EXPOSE_CARD, K.D_CV_EXPOSE_GUESS)),
    (M_BOT_MARQUISE, machine.PC_MM_SETUP, ()),  # a bot takes no decision
    (M_BOT_EYRIE, machine.PC_EE_SETUP, ()),
    (M_BOT_ALLIANCE, machine.PC_AA_SETUP, ()),
    (M_VB_CHARACTERS, machine.PC_VC_GLIDE, (K.D_VB_GLIDE, K.D_VB_IMPROVISE, K.D_VB_IMPROVISE_FOR, K.D_VB_INSTIGATE_ATT,
                                          K.D_VB_INSTIGATE_DEF)),
    (M_HUNDREDS, machine.PC_HD_SETUP, (K.D_HD_CORNER, K.D_HD_RUIN_ITEM, K.D_HD_MOB_WHERE, K.D_HD_ANOINT, K.D_HD_MOOD,
                                       K.D_HD_LAVISH, K.D_HD_CRAFT, K.D_HD_CONTEMPT, K.D_HD_HOARD_FULL, K.D_HD_COMMAND,
                                       K.D_HD_BUILD_WHERE, K.D_HD_BUILD_CARD, K.D_HD_ADVANCE, K.D_HD_WARLORD_MOVES,
                                       K.D_HD_INCITE_WHERE, K.D_HD_INCITE_CARD, K.D_HD_JUBILANT, K.D_HD_LOOT,
                                       K.D_HD_LOOT_ITEM, K.D_HD_BITTER)),
    (M_CLOSED_PATHS, machine.PC_CP_CARD, (K.D_CP_CARD, K.D_CP_FROM, K.D_CP_TO)),  # the Mountain map (C.3.3)
    (M_FERRY, machine.PC_FERRY_ASK, (K.D_FERRY,)),  # the Lake map's Ferry (C.2.5)
    (M_KEEPERS, machine.PC_KP_SETUP, (K.D_KP_CORNER, K.D_KP_EDGE, K.D_KP_ENCAMP, K.D_KP_ENCAMP_WS, K.D_KP_DECAMP,
                                      K.D_KP_DECAMP_WS, K.D_KP_RECRUIT_WHERE, K.D_KP_RECRUIT_CARD, K.D_KP_CRAFT,
                                      K.D_KP_RETINUE, K.D_KP_BATTLE_WHERE, K.D_KP_DELVE, K.D_KP_DELVE_RELIC,
                                      K.D_KP_MOVE_OR_RECOVER, K.D_KP_RECOVER_WHERE, K.D_KP_RECOVER_RELIC, K.D_KP_GATHER,
                                      K.D_KP_GATHER_COL)),
    (M_DUCHY, machine.PC_DU_SETUP, (K.D_DU_CORNER, K.D_DU_ASSEMBLY, K.D_DU_BUILD_WHERE, K.D_DU_BUILD_TYPE,
                                    K.D_DU_BUILD_CARD, K.D_DU_DIG_CARD, K.D_DU_DIG_REMOVE, K.D_DU_DIG_WHERE,
                                    K.D_DU_DIG_COUNT, K.D_DU_PARLIAMENT, K.D_DU_BRIGADIER, K.D_DU_BANKER, K.D_DU_MAYOR,
                                    K.D_DU_SWAY, K.D_DU_SWAY_CARD, K.D_DU_CRAFT)),
)


def _tables():
    """PC_MODULE[pc] and DECISION_MODULE[d]: the module that runs step pc / answers decision d."""
    pc_module = np.full(machine.N_PC, -1, dtype=np.int64)
    decision_module = np.full(K.N_DECISIONS, -1, dtype=np.int64)
    for i, (m, first, decisions) in enumerate(MODULES):
        assert m == i and (i == 0 or first >= MODULES[i - 1][1]), "MODULES rows are in module-id and step-id order"
        pc_module[first:] = m
        for d in decisions:
            assert decision_module[d] < 0, f"decision {K.DECISION_NAMES[d]} has two owners"
            decision_module[d] = m
    pc_module[machine.PC_SETUP_NEXT_FACTION] = M_TURN  # a turn step that kept its id inside the Eyrie's block
    missing = [K.DECISION_NAMES[d] for d in range(1, K.N_DECISIONS) if decision_module[d] < 0]
    assert not missing, f"decision kinds without an owner: {missing}"
    return pc_module, decision_module


PC_MODULE, DECISION_MODULE = _tables()

# Error codes of apply().
OK, ERR_GAME_OVER, ERR_OUT_OF_RANGE, ERR_ILLEGAL = 0, -1, -2, -3


@njit(cache=True, inline="always")
def run_step(state, pc):
    """Run step `pc` (module by PC_MODULE). Returns True when it left a decision pending."""
    if pc < 0 or pc >= machine.N_PC:
        raise RuntimeError("engine step id out of range")
    m = PC_MODULE[pc]
    if m == M_TURN:
        return turn.step(state, pc)
    if m == M_CARDS:
        return card_effects.step(state, pc)
    if m == M_CRAFT:
        return craft.step(state, pc)
    if m == M_MOVE:
        return movement.step(state, pc)
    if m == M_BATTLE:
        return battle.step(state, pc)
    if m == M_PLACE:
        return placement.step(state, pc)
    if m == M_MARQUISE:
        return marquise.step(state, pc)
    if m == M_EYRIE:
        return eyrie.step(state, pc)
    if m == M_INTERRUPTS:
        return interrupts.step(state, pc)
    if m == M_ALLIANCE:
        return alliance.step(state, pc)
    if m == M_VAGABOND:
        return vagabond.step(state, pc)
    if m == M_LIZARDS:
        return lizards.step(state, pc)
    if m == M_RIVERFOLK:
        return riverfolk.step(state, pc)
    if m == M_CORVIDS:
        return corvids.step(state, pc)
    if m == M_BOT_MARQUISE:
        return bot_marquise.step(state, pc)
    if m == M_BOT_EYRIE:
        return bot_eyrie.step(state, pc)
    if m == M_BOT_ALLIANCE:
        return bot_alliance.step(state, pc)
    if m == M_VB_CHARACTERS:
        return vb_characters.step(state, pc)
    if m == M_HUNDREDS:
        return hundreds.step(state, pc)
    if m == M_CLOSED_PATHS:
        return closed_paths.step(state, pc)
    if m == M_FERRY:
        return ferry.step(state, pc)
    if m == M_KEEPERS:
        return keepers.step(state, pc)
    if m == M_DUCHY:
        return duchy.step(state, pc)
    raise RuntimeError("no engine module runs this step id")


@njit(cache=True, inline="always")
def decide(state, a):
    d = state[DECISION]
    state[DECISION] = 0
    m = DECISION_MODULE[d]
    if m == M_MARQUISE:
        marquise.decide(state, d, a)
    elif m == M_EYRIE:
        eyrie.decide(state, d, a)
    elif m == M_BATTLE:
        battle.decide(state, d, a)
    elif m == M_MOVE:
        movement.decide(state, d, a)
    elif m == M_CARDS:
        card_effects.decide(state, d, a)
    elif m == M_PLACE:
        placement.decide(state, d, a)
    elif m == M_CRAFT:
        craft.decide(state, d, a)
    elif m == M_ALLIANCE:
        alliance.decide(state, d, a)
    elif m == M_VAGABOND:
        vagabond.decide(state, d, a)
    elif m == M_LIZARDS:
        lizards.decide(state, d, a)
    elif m == M_RIVERFOLK:
        riverfolk.decide(state, d, a)
    elif m == M_CORVIDS:
        corvids.decide(state, d, a)
    elif m == M_INTERRUPTS:
        interrupts.decide(state, d, a)
    elif m == M_VB_CHARACTERS:
        vb_characters.decide(state, d, a)
    elif m == M_HUNDREDS:
        hundreds.decide(state, d, a)
    elif m == M_CLOSED_PATHS:
        closed_paths.decide(state, d, a)
    elif m == M_FERRY:
        ferry.decide(state, d, a)
    elif m == M_KEEPERS:
        keepers.decide(state, d, a)
    elif m == M_DUCHY:
        duchy.decide(state, d, a)
    else:
        turn.decide(state, d, a)


@njit(cache=True, inline="always")
def advance(state):
    """Run automatic steps until a decision is pending or the game is over."""
    while True:
        if state[GAME_OVER] != 0 or (victory_possible(state) and check_victory(state)):
            return
        if run_step(state, state[PC]):
            if state[LEGAL_N] == 0:
                raise RuntimeError("engine offered a decision with no legal option")
            if state[OPTIONS + O_AUTO_FORCED] != 0 and state[LEGAL_N] == 1:
                decide(state, state[LEGAL])  # Forced move: one option, applied for the player.
                continue
            return


@njit(cache=True)
def is_legal(state, a):
    if state[GAME_OVER] != 0:
        return False
    for i in range(state[LEGAL_N]):
        if state[LEGAL + i] == a:
            return True
    return False


@njit(cache=True)
def apply(state, a):
    """Apply action `a` for the decider. Returns OK, or an error code with the state untouched. The rules run on a
    view of `state` without numba's reference count (``borrow``; the caller holds `state` for the call)."""
    state = borrowed(state)
    if state[GAME_OVER] != 0:
        return ERR_GAME_OVER
    if a < 0 or a >= K.N_ACTIONS:
        return ERR_OUT_OF_RANGE
    if not is_legal(state, a):
        return ERR_ILLEGAL
    state[DECISIONS] = saturating_add(state[DECISIONS], 1)
    state[BOT_LOG_N] = 0  # the bots' log holds what they did since the last decision
    decide(state, a)
    advance(state)
    return OK


@njit(cache=True)
def fill_mask(state, mask):
    """mask[a] = 1 for each legal action, 0 elsewhere."""
    mask[:] = 0
    for i in range(state[LEGAL_N]):
        mask[state[LEGAL + i]] = 1


@njit(cache=True)
def new_game(state, factions, seed, max_turns, random_seating, option_bits):
    """Set up a game (Law 5) in `state` for the factions in seating order, then run to the first
    decision (the first setup choice). `option_bits`: bit 0 applies forced moves (auto_forced), bit 1
    puts the Lizard Cult's draw bonuses on the first printing's spaces, bit 2 cooperative play against the bots,
    bit 3 the Law of Rootbotics' readings for the bots, bits 4-7 the Automated Alliance's options, bits 8.. the
    characters excluded, bit 20 Advanced Setup, bits 21-23 the Lizard Cult's extra starting acolytes, bits 24-25 the
    map (``inputs.option_bits``)."""
    state[:] = 0
    state[VERSION] = FORMAT_VERSION
    n = factions.shape[0]
    state[NSEATS] = n
    rng_seed(state, seed)
    advanced = option_bits & SETUP_OPTION_BIT != 0
    state[SETUP_KIND] = SETUP_ADVANCED if advanced else SETUP_STANDARD
    m = (option_bits >> MAP_OPTION_SHIFT) & 3
    state[MAP] = m
    for c in range(NC):
        state[ADJ_OPEN + c] = MAP_ADJ_MASK[m, c]  # the map's paths; the Mountain's closed paths are not (C.3.2)
    state[FERRY] = MAP_FERRY_START[m]  # C.2.1: the Lake's coastal corner; -1 (no Ferry) on the other maps
    if m == AUTUMN:
        for c in range(NC):
            state[CLEARING_SUITS + c] = MAP_PRINTED_SUIT[AUTUMN, c]  # Law 5.1: the printed suits
    else:
        for c in range(NC):
            state[CLEARING_SUITS + c] = SUIT_MARKERS[c]
    if advanced or m != AUTUMN:
        # A.1: the 12 suit markers shuffled onto the clearings (a variant map's setup, Appendix C, or Advanced Setup)
        rng_shuffle(state, state, CLEARING_SUITS, NC)
    for s in range(MAX_SEATS):
        state[SEAT_FACTION + s] = -1
    for f in range(NF):
        state[FACTION_SEAT + f] = -1
    for s in range(n):
        # A seat's code: the faction id, plus for its Clockwork bot the flag, level and traits (data.BOT_CODE_*).
        code = factions[s]
        f = code % BOT_CODE_FLAG
        state[SEAT_FACTION + s] = f
        if code >= BOT_CODE_FLAG:
            state[BOT + f] = 1
            state[BOT_LEVEL + f] = (code // BOT_CODE_LEVEL) % 4
            state[BOT_TRAITS + f] = code // BOT_CODE_TRAITS
    if random_seating != 0:
        rng_shuffle(state, state, SEAT_FACTION, n)  # Law 5.1.1 random seating order
    for s in range(n):
        f = state[SEAT_FACTION + s]
        state[FACTION_SEAT + f] = s
        state[SUPPLY_WARRIORS + f] = WARRIOR_TOTAL[f]
    lizards.start_acolytes(state, (option_bits >> ACOLYTE_OPTION_SHIFT) & 7)  # a study option; none by Law 10.3
    # Law 5.1.3: two players play without the dominance cards; shuffle; everyone draws three. Seed 004: with
    # bots and fewer than three players who are not, the dominance cards are removed too; a bot draws none.
    humans = 0
    for f in range(NF):
        if state[FACTION_SEAT + f] >= 0 and state[BOT + f] == 0:
            humans += 1
    # Seed 004 Cooperative: "Dominance cards are removed during Co-op play".
    no_dominance = n == 2 or humans < n and humans < 3 or (option_bits >> 2) & 1 == 1
    k = 0
    for c in range(NCARD):
        if no_dominance and CARD_KIND[c] == K_DOMINANCE:
            state[CARD_LOC + c] = LOC_REMOVED
        else:
            state[CARD_LOC + c] = LOC_DECK
            state[DECK + k] = c
            k += 1
    state[DECK_N] = k
    rng_shuffle(state, state, DECK, k)
    for s in range(n):
        if state[BOT + state[SEAT_FACTION + s]] == 0:
            # Appendix A.7: five cards in Advanced Setup (three kept at A.10, turn.PC_KEEP_HAND)
            draw(state, state[SEAT_FACTION + s], ADVANCED_HAND if advanced else STARTING_HAND)
    for f in range(NF):
        state[ORDER_CARD + f] = -1
    for c in range(NC):
        state[RUINS + c] = 1 if printed_ruin(state, c) else 0  # Law 5.1.4
    for i in range(NITEM):
        state[ITEM_SUPPLY + i] = ITEM_SUPPLY_START[i]  # Law 5.1.5
        state[ITEM_BOX + i] = ITEM_POOL[i] - ITEM_SUPPLY_START[i]
    for k in range(2):  # a row per Vagabond (Law 9.8)
        for f in range(NF):
            state[VB_REL + k * NF + f] = -1
        state[VB_CHAR + k] = -1
        state[VB_PAWN + k] = -1
        state[VB_COALITION + k] = -1
        state[RUIN_ITEM + k * NC:RUIN_ITEM + (k + 1) * NC] = -1
    for q in range(NQUEST):
        state[QUEST_BY + q] = -1  # no quest completed yet (9.5.5)
    if state[FACTION_SEAT + VAGABOND2] >= 0:
        for i in range(NITEM):
            state[ITEM_BOX + i] += SECOND_VAGABOND_ITEMS[i]  # his own starting and "R" items (Law 9.8.1)
        state[VB_SETUP_SWAP] = rng_int(state, 2)  # Law 9.8.2: which Vagabond sets up first
    state[EY_LEADER] = -1
    state[EY_VIZIER_COL] = -1
    state[EY_VIZIER_COL + 1] = -1
    state[LZ_OUTCAST] = -1
    state[HD_WARLORD] = -1  # Law 14.3.2 places it
    state[REG + R_CP_FROM] = -1  # no closed path being removed (C.3.3)
    state[REG + R_VB_MOVE_TO] = -1  # no Vagabond's move waiting for the Ferry's question (C.2.5)
    state[HD_ROLL] = -1
    state[HD_GAINED] = -1
    state[KP_CARD] = -1  # the Keepers (Law 15): no Retinue action, clearing, forest or relic placer in progress
    state[KP_CLEARING] = -1
    state[KP_FOREST] = -1
    state[KP_TROPHY_BY] = -1
    state[DU_MINISTER] = -1  # the Duchy (Law 12): no minister acting, nothing repeating, no Build or Dig in progress
    state[DU_KIND] = -1
    state[DU_CLEARING] = -1
    state[DU_BT] = -1
    state[MAX_TURNS] = max_turns
    # Law 9.3.1: the characters a Vagabond may choose: the implemented ones, less those the option word's bits
    # 8.. exclude (inputs.option_bits, Game.new(vagabond_characters=...)).
    state[VB_CHOICE] = IMPLEMENTED_CHARACTER_BITS & ~(option_bits >> CHARACTER_OPTION_SHIFT)
    state[B_INSTIGATOR] = -1
    state[OPTIONS + O_AUTO_FORCED] = option_bits & 1
    state[OPTIONS + O_LZ_FIRST_PRINTING] = (option_bits >> 1) & 1
    state[OPTIONS + O_COOPERATIVE] = (option_bits >> 2) & 1
    state[OPTIONS + O_BOTS_LAW] = (option_bits >> 3) & 1
    for k in range(4):  # O_AA_BIRD_ANY .. O_AA_WILDFIRE_AFTER (inputs.BOT_OPTION_BITS)
        state[OPTIONS + O_AA_BIRD_ANY + k] = (option_bits >> (4 + k)) & 1
    state[PHASE] = PH_SETUP
    state[ACTIVE] = -1
    state[DECIDER] = -1
    state[REG + R_ARG] = 0
    state[PC] = machine.PC_SETUP_NEXT
    advance(state)


@njit(cache=True)
def start_at(state, pc, phase):
    """Begin the active faction's turn at step `pc` (used by the scenario builder)."""
    turn.reset_turn(state)
    state[PHASE] = phase
    state[STACK_N] = 0
    state[PC] = pc
    advance(state)


def make_state():
    """A zeroed state; the first call in a process compiles the engine if its cache is cold (saying so)."""
    ensure_compiled()
    return np.zeros(STATE_SIZE, dtype=np.int64)


def ensure_compiled(steps: bool = False) -> None:
    """Compile the engine now if the cache does not hold it yet, with a line on stderr (engine.firstrun);
    with `steps`, also the step-level entry points (run_step, decide, start_at: scenarios, logs, hidden
    information), each a compiled copy of the engine of its own."""
    firstrun.compile_once("engine", "the Root engine", warm)
    if steps:
        firstrun.compile_once("steps", "the step-level engine (scenarios, logs)", lambda: warm(steps=True))


def warm(steps: bool = False) -> None:
    """Compile (or load) the single-game entry points the Python layers call (with `steps`: the
    step-level ones), with the argument types they pass (int64 arrays and Python ints, so one
    signature each)."""
    from .observe import observe, OBS_SIZE
    s = make_state()
    new_game(s, np.arange(4, dtype=np.int64), 0, 300, 0, 0)
    if steps:
        check_victory(s)
        t = s.copy()
        run_step(t, int(t[PC]))
        decide(s, int(s[LEGAL]))
        s[GAME_OVER] = 1  # start_at then stops at once: only its types matter here
        start_at(s, machine.PC_BIRDSONG_START, PH_BIRDSONG)
        return
    fill_mask(s, np.zeros(K.N_ACTIONS, dtype=np.int8))
    observe(s, int(s[DECIDER]), np.zeros(OBS_SIZE, dtype=np.float32))
    apply(s, int(s[LEGAL]))

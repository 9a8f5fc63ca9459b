"""The pending-decision machine: step ids, sub-procedure calls, and offering legal options.

The engine runs a program counter (PC) over steps. A step either does automatic work and moves on,
or offers the legal options of one decision (``offer``/``allow``/``wait``) and stops until the
decider answers. Sub-procedures (move, battle, crafting, Field Hospitals, ...) are entered with
``call`` and leave with ``ret``, so one mechanism serves every caller.

The primitives below are plain jitted functions, each compiled once: the engine's ``njit`` (engine.jit)
types a constant argument (a step id, a decision kind) as a plain integer, so they need not be inlined
to avoid one compiled copy per constant (``goto`` was once compiled 70 times); LLVM inlines them where
they are called (docs/performance.md).
"""
from .jit import njit

from ..data import NC
from ..codes import A_CLEARING
from ..layout import PC, STACK, STACK_N, LEGAL, LEGAL_N, DECISION, DECIDER, MAX_STACK

# Step ids come in blocks, one per module (core.MODULES); they are stored in saved states, so a new
# faction takes a new block after the last one.
# ---- turn structure (engine.turn)
PC_NONE = 0  # never run: new_game starts at PC_SETUP_NEXT
PC_SETUP_NEXT = 1
PC_TURN_START = 2
PC_BIRDSONG_START = 3
PC_FACTION_BIRDSONG = 4
PC_DAYLIGHT_START = 5
PC_FACTION_DAYLIGHT = 6
PC_EVENING_START = 7
PC_FACTION_EVENING = 8
PC_DISCARD = 9
PC_TURN_END = 10
PC_BIRDSONG_SERVICES = 11
PC_KEEP_HAND = 12  # Advanced Setup A.10: starting hands
# ---- card effects and other Daylight options (engine.card_effects)
PC_BBB = 20
PC_BIRD_CARDS_PRE = 21
PC_BIRD_CARDS_POST = 22
PC_SND_TARGET = 23
PC_COMMAND_WARREN = 24
PC_COBBLER = 25
PC_DOM_ACTIVATE = 26
PC_DOM_TAKE = 27
PC_DOM_PAY = 28
PC_TAX_WHERE = 29
PC_CODEBREAK = 30
PC_VB_COALITION = 31
# ---- crafting (engine.craft)
PC_CRAFT_ANY = 35
PC_CRAFT_RESOLVE = 36
# ---- moving (engine.movement)
PC_MOVE_FROM = 40
PC_MOVE_TO = 41
PC_MOVE_COUNT = 42
PC_MOVE_CARRY = 43  # Law 15.2.4 Devout Knights: the Keepers carry relics with the warriors just moved
# ---- battle (engine.battle)
PC_BATTLE_WHERE = 50
PC_BATTLE_DEFENDER = 51
PC_BATTLE_AMBUSH = 52
PC_BATTLE_FOIL = 53
PC_BATTLE_AFTER_AMBUSH = 54
PC_BATTLE_ROLL = 55
PC_BATTLE_EFFECTS_ATT = 56
PC_BATTLE_EFFECTS_DEF = 57
PC_BATTLE_HITS = 58
PC_BATTLE_ALLOC_DEF = 59
PC_BATTLE_ALLOC_ATT = 60
PC_BATTLE_AFTER_HITS = 61
PC_BATTLE_ALLY = 62
PC_BATTLE_PROTECTOR = 63  # D.5 Protector: the defender may enlist the Arbiter before the dice
# ---- placement when the supply runs short (engine.placement)
PC_PLACE_SPLIT = 66
# ---- Marquise de Cat (engine.factions.marquise)
PC_MQ_SETUP_KEEP = 70
PC_MQ_SETUP_BLD = 71
PC_MQ_BIRDSONG = 72
PC_MQ_CRAFT = 73
PC_MQ_ACTIONS = 74
PC_MQ_PAY_BIRD = 75
PC_MQ_MARCH2 = 76
PC_MQ_BUILD_TYPE = 77
PC_MQ_BUILD_WHERE = 78
PC_MQ_PAY_WOOD = 79
PC_MQ_OVERWORK_WHERE = 80
PC_MQ_OVERWORK_CARD = 81
PC_MQ_EVENING = 82
PC_FIELD_HOSPITALS = 83
# ---- Eyrie Dynasties (engine.factions.eyrie)
PC_EY_SETUP_CORNER = 90
PC_CHOOSE_LEADER = 91
PC_EY_EMERGENCY = 92
PC_EY_ADD = 93
PC_EY_ADD_COL = 94
PC_EY_NEW_ROOST = 95
PC_EY_CRAFT = 96
PC_EY_DECREE = 97
PC_EY_RECRUIT = 98
PC_EY_BUILD = 99
PC_EY_TURMOIL = 100
PC_EY_EVENING = 101
PC_SETUP_NEXT_FACTION = 102
# ---- after removals and moves: Vagabond damage, Outrage, supporters (engine.interrupts)
PC_INTERRUPTS = 110
# ---- Woodland Alliance (engine.factions.alliance)
PC_AL_SETUP = 120
PC_AL_REVOLT = 121
PC_AL_REVOLT_DO = 122
PC_AL_SPREAD = 123
PC_AL_SPREAD_DO = 124
PC_AL_SPEND = 125
PC_AL_DAYLIGHT = 126
PC_AL_MOBILIZE = 127
PC_AL_TRAIN = 128
PC_AL_EVENING = 129
PC_AL_OPS = 130
PC_AL_RECRUIT = 131
PC_AL_ORGANIZE = 132
PC_AL_DRAW = 133
# ---- Vagabond (engine.factions.vagabond)
PC_VB_SETUP = 140
PC_VB_FOREST = 141
PC_VB_BIRDSONG = 142
PC_VB_REFRESH = 143
PC_VB_SLIP = 144
PC_VB_ACTIONS = 145
PC_VB_MOVE_TO = 146
PC_VB_ALLY_MOVE = 147
PC_VB_ALLY_COUNT = 148
PC_VB_AID_TARGET = 149
PC_VB_AID_CARD = 150
PC_VB_AID_EXHAUST = 151
PC_VB_AID_TAKE = 152
PC_VB_QUEST_REWARD = 153
PC_VB_STRIKE = 154
PC_VB_REPAIR = 155
PC_VB_STEAL = 156
PC_VB_DAY_LABOR = 157
PC_VB_EVENING = 158
PC_VB_CAPACITY = 159
PC_VB_EXPLORE = 160  # Law 9.8.1: two items in the ruin, look and take one
# ---- Lizard Cult (engine.factions.lizards)
PC_LZ_SETUP = 161
PC_LZ_OUTCAST = 162
PC_LZ_BIRDSONG = 163
PC_LZ_CONSPIRE = 164
PC_LZ_CONSPIRE_WHERE = 165
PC_LZ_CRUSADE = 166
PC_LZ_CRUSADE_BATTLE = 167
PC_LZ_CONVERT_WHOM = 168
PC_LZ_SANCTIFY_WHICH = 169
PC_LZ_DAYLIGHT = 170
PC_LZ_RITUAL_CARD = 171
PC_LZ_RITUAL_WHERE = 172
PC_LZ_EVENING = 173
PC_LZ_CRAFT = 174
PC_LZ_DRAW = 175
# ---- Riverfolk Company (engine.factions.riverfolk): its own turn ...
PC_RF_SETUP = 180
PC_RF_PRICE = 181
PC_RF_BIRDSONG = 182
PC_RF_DAYLIGHT = 183
PC_RF_ACT = 184
PC_RF_RECRUIT_WHERE = 185
PC_RF_POST_WHERE = 186
PC_RF_EXPORT_CARD = 187
PC_RF_EVENING = 188
# ... and steps run in any faction's turn: paying funds, buying services (11.2.6)
PC_RF_PAY = 190
PC_RF_SERVICES_BEGIN = 191
PC_RF_SERVICES = 192
PC_RF_PAY_ITEM = 193
PC_RF_HAND_CARD = 194
# ---- Corvid Conspiracy (engine.factions.corvids): its own turn ...
PC_CV_SETUP = 200
PC_CV_CRAFT = 201
PC_CV_FLIP = 202
PC_CV_RECRUIT = 203
PC_CV_RECRUIT_SUIT = 204
PC_CV_DAYLIGHT = 205
PC_CV_PLOT_WHERE = 206
PC_CV_PLOT_WHICH = 207
PC_CV_TRICK_A = 208
PC_CV_TRICK_B = 209
PC_CV_EVENING = 210
PC_CV_DRAW = 211
# ... and Exposure, in any enemy's turn (13.2.4)
PC_CV_EXPOSE = 212
PC_CV_EXPOSE_CARD = 213
PC_CV_EXPOSE_GUESS = 214
PC_CV_EXPOSE_CHOSEN = 215  # Exposure chosen from a menu of the guesser's turn: a guess follows
# ---- Clockwork bots (engine.factions.bot_marquise): steps that take no decision
PC_MM_SETUP = 220
PC_MM_BIRDSONG = 221
PC_MM_DAYLIGHT = 222
PC_MM_BATTLE = 223
PC_MM_RECRUIT = 224
PC_MM_BUILD = 225
PC_MM_MOVE = 226
PC_MM_MOVED_BATTLE = 227
PC_MM_BLITZ = 228
PC_MM_EXPAND = 229
PC_MM_EVENING = 230
PC_MM_BLITZ_BATTLE = 231
# ---- (engine.factions.bot_eyrie)
PC_EE_SETUP = 232
PC_EE_BIRDSONG = 233
PC_EE_DAYLIGHT = 234
PC_EE_MOVE = 235
PC_EE_BATTLE = 236
PC_EE_RELENTLESS = 237
PC_EE_BUILD = 238
PC_EE_EVENING = 239
# ---- (engine.factions.bot_alliance)
PC_AA_SETUP = 240
PC_AA_BIRDSONG = 241
PC_AA_PITY = 242
PC_AA_DAYLIGHT = 243
PC_AA_EVENING = 244
# ---- the six other Vagabond characters' special actions (engine.factions.vb_characters, Appendix D)
PC_VC_GLIDE = 250
PC_VC_IMPROVISE = 251
PC_VC_IMPROVISE_FOR = 252
PC_VC_INSTIGATE_ATT = 253
PC_VC_INSTIGATE_DEF = 254
PC_VC_INSTIGATE_END = 255
# ---- Lord of the Hundreds (engine.factions.hundreds): its own turn ...
PC_HD_SETUP = 260
PC_HD_RAZE = 261
PC_HD_RUIN_ITEM = 262
PC_HD_ROLL = 263
PC_HD_MOB_WHERE = 264
PC_HD_RECRUIT = 265
PC_HD_ANOINT = 266
PC_HD_MOOD = 267
PC_HD_LAVISH = 268
PC_HD_CRAFT = 269
PC_HD_COMMAND_START = 270
PC_HD_COMMAND = 271
PC_HD_BUILD_WHERE = 272
PC_HD_BUILD_CARD = 273
PC_HD_ADVANCE_START = 274
PC_HD_ADVANCE = 275
PC_HD_WARLORD_MOVES = 276
PC_HD_INCITE = 277
PC_HD_INCITE_CARD = 278
PC_HD_JUBILANT = 279
PC_HD_OPPRESS = 280
PC_HD_DRAW = 281
# ... and steps run inside the shared mechanism (crafting, gaining items, battle)
PC_HD_CONTEMPT = 282
PC_HD_HOARD_FULL = 283
PC_HD_LOOT = 284
PC_HD_LOOT_ITEM = 285
PC_HD_BITTER = 286
# The Mountain map (engine.closed_paths): removing a closed path, a Daylight option of every player (C.3.3)
PC_CP_CARD = 287
PC_CP_FROM = 288
PC_CP_TO = 289
# The Lake map (engine.ferry): whether a move that the lake as a river also allows goes with the Ferry (C.2.5)
PC_FERRY_ASK = 290
# ---- Keepers in Iron (engine.factions.keepers): its own turn (Prized Trophies and carrying relics are asked in
# engine.interrupts and engine.movement)
PC_KP_SETUP = 291
PC_KP_EDGE = 292
PC_KP_ENCAMP = 293
PC_KP_ENCAMP_WS = 294
PC_KP_DECAMP = 295
PC_KP_DECAMP_WS = 296
PC_KP_RECRUIT = 297
PC_KP_RECRUIT_CARD = 298
PC_KP_CRAFT = 299
PC_KP_RETINUE = 300
PC_KP_BATTLE_WHERE = 301
PC_KP_DELVE = 302
PC_KP_DELVE_RELIC = 303
PC_KP_MOVE_OR_RECOVER = 304
PC_KP_RECOVER_WHERE = 305
PC_KP_RECOVER_RELIC = 306
PC_KP_EVENING = 307
PC_KP_GATHER = 308
PC_KP_GATHER_COL = 309
PC_KP_DRAW = 310
PC_KP_CORNER = 311
# ---- Underground Duchy (engine.factions.duchy): its own turn (the Price of Failure is resolved in engine.interrupts,
# the Burrow's moves in engine.movement)
PC_DU_SETUP = 312
PC_DU_BIRDSONG = 313
PC_DU_ASSEMBLY = 314
PC_DU_BUILD_WHERE = 315
PC_DU_BUILD_TYPE = 316
PC_DU_BUILD_CARD = 317
PC_DU_DIG_CARD = 318
PC_DU_DIG_REMOVE = 319
PC_DU_DIG_WHERE = 320
PC_DU_DIG_COUNT = 321
PC_DU_PARLIAMENT = 322
PC_DU_BRIGADIER = 323
PC_DU_BANKER = 324
PC_DU_MAYOR = 325
PC_DU_SWAY = 326
PC_DU_SWAY_CARD = 327
PC_DU_EVENING = 328
PC_DU_CRAFT = 329
PC_DU_DRAW = 330

N_PC = 1 + max(v for k, v in list(globals().items()) if k.startswith("PC_"))  # step ids are 0..N_PC-1


@njit(cache=True)
def goto(state, pc):
    state[PC] = pc


@njit(cache=True)
def call(state, pc, return_pc):
    """Enter sub-procedure `pc`; `ret` later resumes at `return_pc`."""
    n = state[STACK_N]
    if n >= MAX_STACK:
        raise RuntimeError("engine call stack overflow")
    state[STACK + n] = return_pc
    state[STACK_N] = n + 1
    state[PC] = pc


@njit(cache=True)
def ret(state):
    n = state[STACK_N] - 1
    if n < 0:
        raise RuntimeError("engine call stack underflow")  # (a position whose stack was cut short: engine.validate)
    state[STACK_N] = n
    state[PC] = state[STACK + n]


@njit(cache=True)
def offer(state):
    """Start listing the options of a new decision."""
    state[LEGAL_N] = 0


@njit(cache=True)
def allow(state, a):
    n = state[LEGAL_N]
    state[LEGAL + n] = a
    state[LEGAL_N] = n + 1


@njit(cache=True)
def allow_clearings(state, mask):
    """Allow each clearing of a bitmask (bit c: clearing c), lowest first: the options' order is part of the game
    (a random or seeded chooser picks by index)."""
    for c in range(NC):
        if (mask >> c) & 1:
            allow(state, A_CLEARING + c)


@njit(cache=True)
def wait(state, decision, decider):
    """Make the listed options the pending decision. Returns False (and waits for nothing) when
    no option was listed, so the calling step can skip what it cannot do."""
    if state[LEGAL_N] == 0:
        return False
    state[DECISION] = decision
    state[DECIDER] = decider
    return True


@njit(cache=True)
def wait_optional(state, decision, decider):
    """Offer the listed options plus 'done' (A_DONE = 0); nothing to decide when none was listed."""
    if state[LEGAL_N] == 0:
        return False
    return wait_with_done(state, decision, decider)


@njit(cache=True)
def wait_with_done(state, decision, decider):
    """Offer the listed options plus 'done' (A_DONE = 0), and ask even when none was listed ('done' alone): a step
    that always lets its decider stop (a menu of actions, Slip, an optional extra). Returns True."""
    allow(state, 0)
    return wait(state, decision, decider)


@njit(cache=True)
def ask_option_or_done(state, a, decision, decider):
    """A new decision of one option `a` or 'done' (A_DONE = 0): whether to do it. Returns True."""
    offer(state)
    allow(state, a)
    return wait_with_done(state, decision, decider)

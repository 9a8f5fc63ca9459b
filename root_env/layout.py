"""The state array: named offsets and sizes, nothing else.

A game is one 1-D ``int64`` numpy array of ``STATE_SIZE`` entries. Every region is a named offset
(``WARRIORS``) with its length; 2-D regions are row-major and documented beside their name.
``REGIONS`` lists them all in order, for documentation, serialisation checks and debugging.
"""
from __future__ import annotations

from .data import NC, NCARD, NF, NBT, NTT, NITEM, NQUEST

FORMAT_VERSION = 1
MAX_SEATS = NF
MAX_STACK = 8
N_REG = 64
N_VS = 12  # VP source slots per faction (VS_* below)
N_ACTIONS_RESERVED = 214  # must equal actions.N_ACTIONS (checked there)

REGIONS: list[tuple[str, int, int]] = []
_off = 0


def _region(name: str, size: int) -> int:
    global _off
    start = _off
    REGIONS.append((name, start, size))
    _off += size
    return start


# --- header and turn machine
VERSION = _region("VERSION", 1)            # FORMAT_VERSION
NSEATS = _region("NSEATS", 1)
SEAT_FACTION = _region("SEAT_FACTION", MAX_SEATS)    # faction id per seat, -1 unused
FACTION_SEAT = _region("FACTION_SEAT", NF)           # seat per faction id, -1 absent
TURN = _region("TURN", 1)                  # turns begun so far
ACTIVE = _region("ACTIVE", 1)              # faction whose turn it is
PHASE = _region("PHASE", 1)                # PH_* below
PC = _region("PC", 1)                      # step of the turn machine (engine.steps)
GAME_OVER = _region("GAME_OVER", 1)
WINNERS = _region("WINNERS", 1)            # bitmask of winning factions
TRUNCATED = _region("TRUNCATED", 1)        # 1 if the game stopped at the turn cap
MAX_TURNS = _region("MAX_TURNS", 1)
DECISIONS = _region("DECISIONS", 1)        # decisions taken so far
SUPPRESS_WIN = _region("SUPPRESS_WIN", 1)  # >0 while simultaneous hits are being dealt (Law 3.1)
# --- the pending decision
DECISION = _region("DECISION", 1)          # D_* kind of the pending decision
DECIDER = _region("DECIDER", 1)            # faction that must decide
LEGAL_N = _region("LEGAL_N", 1)
LEGAL = _region("LEGAL", N_ACTIONS_RESERVED)  # the legal action ids, LEGAL_N of them
STACK_N = _region("STACK_N", 1)
STACK = _region("STACK", MAX_STACK)        # return steps of sub-procedures (battle, move, ...)
RNG = _region("RNG", 4)                    # xorshift128 words, each < 2**32
REG = _region("REG", N_REG)                # context registers, R_* below
SCRATCH = _region("SCRATCH", NC)           # per-clearing counts of a placement in progress
# --- board
WARRIORS = _region("WARRIORS", NF * NC)    # [faction, clearing]
BUILDINGS = _region("BUILDINGS", NBT * NC)  # [building type, clearing]
TOKENS = _region("TOKENS", NTT * NC)       # [token type, clearing]
RUINS = _region("RUINS", NC)
SUPPLY_WARRIORS = _region("SUPPLY_WARRIORS", NF)
CRAFT_USED = _region("CRAFT_USED", 3)      # crafting pieces activated this turn, per suit
# --- cards
CARD_LOC = _region("CARD_LOC", NCARD)      # LOC_* below
CARD_FLAG = _region("CARD_FLAG", NCARD)    # 1 = resolved (Decree) / used this turn (persistent)
CARD_KNOWN = _region("CARD_KNOWN", NCARD)  # bitmask of factions who know where the card is
DECK = _region("DECK", NCARD)              # deck order, top = DECK[DECK_N-1]
DECK_N = _region("DECK_N", 1)
HAND_N = _region("HAND_N", NF)
# --- items and scoring
ITEM_SUPPLY = _region("ITEM_SUPPLY", NITEM)
ITEM_BOX = _region("ITEM_BOX", NITEM)      # items in the box: unused at setup, or removed (9.6.4)
CRAFTED_ITEMS = _region("CRAFTED_ITEMS", NF * NITEM)  # [faction, item]
VP = _region("VP", NF)
DOMINANCE = _region("DOMINANCE", NF)       # suit+1 of the activated dominance card, 0 none
VP_SOURCE = _region("VP_SOURCE", NF * N_VS)  # [faction, VS_*] VP gained by source (statistics)
# --- Marquise de Cat
MQ_ACTIONS = _region("MQ_ACTIONS", 1)      # Daylight actions left before extra actions
MQ_RECRUITED = _region("MQ_RECRUITED", 1)  # Law 6.5.3 once per turn
FH_QUEUE = _region("FH_QUEUE", NC)         # Field Hospitals: warriors removed per clearing, pending
# --- Eyrie Dynasties
EY_LEADER = _region("EY_LEADER", 1)        # current leader, -1 none yet
EY_LEADER_STATE = _region("EY_LEADER_STATE", 4)  # 0 face up (available), 1 current, 2 face down
EY_VIZIER_COL = _region("EY_VIZIER_COL", 2)
EY_VIZIER_DONE = _region("EY_VIZIER_DONE", 2)
EY_ADDED = _region("EY_ADDED", 1)          # cards added to the Decree this Birdsong
EY_ADDED_BIRD = _region("EY_ADDED_BIRD", 1)
# --- Woodland Alliance
AL_OFFICERS = _region("AL_OFFICERS", 1)    # warriors in the Officers box (8.4.1.III, 8.5.3)
AL_OUTRAGE = _region("AL_OUTRAGE", NC)     # per clearing: bitmask of factions owing Outrage (8.2.6)
AL_TRIM = _region("AL_TRIM", 1)            # 1: supporters must be cut to five (8.2.4)
AL_OPS = _region("AL_OPS", 1)              # military operations left this Evening (8.6.1)
# --- Vagabond
VB_CHAR = _region("VB_CHAR", 1)            # character, -1 before setup
VB_PAWN = _region("VB_PAWN", 1)            # clearing 0..11, or NC + forest; -1 off the map
VB_ITEMS = _region("VB_ITEMS", NITEM * 4)  # [item, IS_*] items on the Vagabond's board
VB_REL = _region("VB_REL", NF)             # relationship: 0 indifferent .. REL_ALLIED, REL_HOSTILE; -1 none
VB_AIDS = _region("VB_AIDS", NF)           # aids given this turn toward the next relationship space
VB_COALITION = _region("VB_COALITION", 1)  # coalition partner (9.2.8), -1 none
VB_DAMAGE = _region("VB_DAMAGE", 1)        # items the Vagabond must still damage (full removal, 9.2.2.I)
VB_REFRESH = _region("VB_REFRESH", 1)      # refreshes left this Birdsong (9.4.1)
VB_BATTLE_HITS = _region("VB_BATTLE_HITS", 2)  # this battle: hits taken by items / by allied warriors
QUEST_LOC = _region("QUEST_LOC", NQUEST)   # QL_* below
QUEST_DECK = _region("QUEST_DECK", NQUEST)  # quest deck order, top = QUEST_DECK[QUEST_DECK_N-1]
QUEST_DECK_N = _region("QUEST_DECK_N", 1)
RUIN_ITEM = _region("RUIN_ITEM", NC)       # item under the ruin, -1 none (hidden until explored)
# --- per-turn flags and options
TURN_FLAGS = _region("TURN_FLAGS", 1)      # TF_* bits
OPTIONS = _region("OPTIONS", 4)
STATE_SIZE = _off

# Phases.
PH_SETUP, PH_BIRDSONG, PH_DAYLIGHT, PH_EVENING, PH_OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("setup", "birdsong", "daylight", "evening", "over")

# Card locations.
LOC_DECK, LOC_DISCARD, LOC_REMOVED, LOC_AVAILABLE = 0, 1, 2, 3  # AVAILABLE: dominance near the map (3.3.3)
LOC_HAND = 8            # + faction
LOC_CRAFTED = 16        # + faction (persistent effects in the play area)
LOC_ACTIVE_DOM = 24     # + faction (activated dominance)
LOC_DECREE = 32         # + column (Eyrie Decree)
LOC_SUPPORTERS = 40     # Woodland Alliance Supporters stack (8.2.3)

# Quest locations.
QL_DECK, QL_VISIBLE, QL_DONE = 0, 1, 2

# VP sources (statistics only).
(VS_BUILDING, VS_CRAFT, VS_REMOVAL, VS_ROOSTS, VS_CARD, VS_OTHER, VS_SYMPATHY, VS_QUEST, VS_RELATIONSHIP,
 VS_EXPLORE, VS_INFAMY) = range(11)
VP_SOURCE_NAMES = ("building", "craft", "removal", "roosts", "card", "other", "sympathy", "quest", "relationship",
                   "explore", "infamy")

# Turn flags.
TF_TAX = 1
TF_CODEBREAKERS = 2
TF_STAND_AND_DELIVER = 4
TF_COMMAND_WARREN = 8
TF_FIELD_HOSPITALS_FIRST = 16  # Law 1.1.3: the player taking the turn put Field Hospitals before Outrage
TF_OUTRAGE_FIRST = 32  # Law 1.1.3: the player taking the turn put Outrage before a removed base's discards
TF_BASE_LOST = 64      # << suit (64, 128, 256): a base was removed, its 8.2.4 discards not yet resolved

# Context registers (REG + R_*).
(R_ARG, R_ARG2, R_MOVE_FROM, R_MOVE_TO, R_MOVE_SUIT, R_MOVES_LEFT, R_MOVE_OPTIONAL,
 R_B_CLEARING, R_B_ATT, R_B_DEF, R_B_STAGE, R_B_ROLL_ATT, R_B_ROLL_DEF, R_B_EXTRA_ATT, R_B_EXTRA_DEF,
 R_B_IGNORE_ATT, R_B_IGNORE_DEF, R_B_HITS_ATT, R_B_HITS_DEF, R_B_AMBUSH, R_B_SUIT, R_B_REMOVED_BY_ATT,
 R_B_REMOVED_BY_DEF, R_B_TAKER, R_BUILD_TYPE, R_BUILD_AT, R_WOOD_LEFT, R_WOOD_AREA, R_PLACE_KIND, R_PLACE_LEFT,
 R_CRAFT_CARD, R_ANY_LEFT, R_DECREE_CARD, R_DECREE_COL, R_DECREE_ACTION, R_PAY_VERB, R_DISCARD_TARGET,
 R_FH_CLEARING, R_BATTLE_SUIT, R_EXTRA_PAID, R_RETURN_AFTER,
 R_SPEND_SUIT, R_SPEND_LEFT, R_SPEND_THEN, R_AL_TARGET, R_OUTRAGE_CLEARING, R_OUTRAGE_PAYER,
 R_VB_TARGET, R_VB_ITEM, R_VB_MOVE_FROM, R_VB_MOVE_TO, R_VB_ALLY, R_B_ALLY, R_VB_QUEST, R_VB_HIDEOUT,
 R_MOVE_BY_VB) = range(56)
assert R_MOVE_BY_VB < N_REG
assert len(VP_SOURCE_NAMES) <= N_VS

# Options (OPTIONS + O_*).
O_AUTO_FORCED = 0


def region(name: str) -> tuple[int, int]:
    """(offset, size) of a named region."""
    for n, o, s in REGIONS:
        if n == name:
            return o, s
    raise KeyError(f"no state region named {name!r}")

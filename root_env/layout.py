"""The state array: named offsets and sizes, and the valid range of every entry.

A game is one 1-D ``int64`` numpy array of ``STATE_SIZE`` entries. Every region is a named offset
(``WARRIORS``) with its shape; 2-D regions are row-major and documented beside their name.
``REGIONS`` lists them all in order, for documentation, serialisation checks and debugging.

Each region is declared with the range ``[lo, hi]`` that every one of its entries must hold, in every
state the engine can reach (stale entries past a length, such as ``LEGAL[LEGAL_N:]``, included).
``BOUNDS`` is that table; ``engine.validate`` checks a state from outside against it before the
compiled engine touches it, so that no value read from the state can index outside an array or run
a loop for ages. The registers (``REG``) have one range each (``REG_BOUNDS``).
"""
from __future__ import annotations

from .codes import N_ACTIONS, N_DECISIONS
from .data import (NC, NCARD, NF, NBT, NTT, NITEM, NQUEST, NFOREST, CHARACTER_NAMES, REL_HOSTILE, RF_PRICE_MAX,
                   RF_POSTS_PER_SUIT, WARRIOR_TOTAL, HD_TRACK_SPACES, MOOD_NAMES, NRELIC_KINDS, KP_WAYSTATIONS,
                   RETINUE_COLUMNS, FAITHFUL_RETAINERS, DU_WARRIORS, NMINISTER, DU_CROWNS_PER_RANK, DU_SWAY_CARDS)
from .map_data import NMAP

FORMAT_VERSION = 15  # 15: the Underground Duchy (Law 12): an eleventh faction slot (every per-faction region grows by a
# row), the citadel and market building types and the tunnel token type, the DU_* regions at the end (the Burrow's
# warriors among them: the Burrow is place NC, data.BURROW, in the move registers and the action block A_BURROW), the
# option block grows 90 -> 100 (Dig, the nine ministers), which moves every later action id;
# 14: the Keepers in Iron (Law 15): a tenth faction slot (every per-faction region grows by a row),
# three waystation building types and nine relic token types (a relic kind is its type and value), the KP_* regions at the
# end, the Retinue's three card locations (every card location from the crafted cards on moves), a VP source (relics),
# a battle register bit (Devout Knights); the action space grows (faction, option and piece blocks), so format-13 records
# are read through root_env.legacy;
# 13: the Lake map's Ferry (Law C.2.5): its clearing (FERRY) at the end, an option ("with the
# Ferry", which moves every later action id and grows LEGAL), a decision kind and two turn flags, so format-12 records
# are read through root_env.legacy;
# 12: the four maps (Law Appendix C): which map the game is played on (MAP) and each clearing's open
# paths (ADJ_OPEN, a bitmask per clearing: the Mountain's closed paths are not paths until removed, C.3.2-C.3.3), at the
# end; forest places grow from the Autumn map's 7 to the Mountain's 10 (VB_PAWN's range, the action space's forest block
# 7 -> 10 ids, which moves every later id and grows LEGAL), an option and three decision kinds for removing the
# Mountain's closed paths (C.3.3; a register, R_CP_FROM, and a turn flag), so format-11 records are read through
# root_env.legacy too;
# 11: the Lord of the Hundreds (Law 14): a ninth faction slot (every per-faction region grows by a
# row), the stronghold building type and the mob token type (BUILDINGS/TOKENS grow by a row), the HD_* regions at the
# end; the action space grows (faction and piece blocks), so older records are read through root_env.legacy; 10: Advanced Setup (Appendix A): the per-game clearing suits (CLEARING_SUITS, A.1), which setup
# the game uses (SETUP_KIND), the factions' homelands (HOMELAND, A.8.2); 9: the nine Vagabond characters (Appendix D): the characters a game offers (VB_CHOICE), items the
# expansions brought for starting items (ITEM_ADDED), Scorched Earth's torch (SCORCHED), Instigate's instigator (B_INSTIGATOR);
# 8: 8: who completed each quest (QUEST_BY, Law 9.5.5 with two Vagabonds), chosen dice (DICE), Fear of the Faithful owed (LZ_FEAR); 7: the Electric Eyrie, cooperative mode, 8 option slots; 6: Clockwork bots; 2: the Lizard Cult's regions, card places and action ids; 3: the Riverfolk Company's;
# 4: the Corvid Conspiracy's; 5: a row per Vagabond, two items per ruin (Law 9.8)
MAX_SEATS = NF
MAX_STACK = 8
N_REG = 65
N_VS = 18  # VP source slots per faction (VS_* below)
N_ACTIONS_RESERVED = 298  # must equal actions.N_ACTIONS (checked there)
N_PC = 340  # program counter values are below this (engine.machine checks its steps against it)

# Ranges used by the table below (none is an index by itself; each is what the rules allow, with room).
MAX_TURNS_LIMIT = 100_000         # Game.new(max_turns=...) accepts 1..this
MAX_PIECES = 30                   # warriors of a faction (25 Marquise) and any per-clearing count
MAX_SLOT_PIECES = 3               # buildings of one type in one clearing (at most 3 slots, Law 2.6)
MAX_TOKENS = 8                    # tokens of one type in one clearing (8 wood)
MAX_ITEMS = 8                     # copies of one item anywhere
MAX_VP = 90                       # 29 VP plus one step's gains: the Riverfolk's Dividends score one VP per two funds (11.4.2),
#                                   and funds can hold most of the 110 warriors of a full table. This bounds every score
#                                   but one (engine.invariants.check_state): in seed 004's Cooperative play "the non-bot
#                                   players must each score 30 victory points before any bot scores 30", so a player
#                                   at 30 plays on and keeps scoring (Dividends, crafts, ...) until the last player
#                                   reaches 30 or the turn cap: no rule bounds that score but the game's length, and
#                                   the VP region's range is the counters' (MAX_COUNTER, at which scores saturate).
MAX_SMALL = 64                    # per-turn counters (actions, refreshes, hits, ...)
MAX_COUNTER = 1 << 40             # decision and VP counters: never indexes; they saturate here (engine.score, core.apply)
MAX_FUNDS = int(WARRIOR_TOTAL.sum())  # warriors in the Riverfolk's Funds, of every owner: at most every warrior (11.2.4)
FACTION_BITS = (1 << NF) - 1      # a bitmask of factions
CLEARING_BITS = (1 << NC) - 1     # a bitmask of clearings
WORD32 = (1 << 32) - 1

# Context registers (REG + R_*).
(R_ARG, R_ARG2, R_MOVE_FROM, R_MOVE_TO, R_MOVE_SUIT, R_MOVES_LEFT, R_MOVE_OPTIONAL,
 R_B_CLEARING, R_B_ATT, R_B_DEF, R_B_STAGE, R_B_ROLL_ATT, R_B_ROLL_DEF, R_B_EXTRA_ATT, R_B_EXTRA_DEF,
 R_B_IGNORE_ATT, R_B_IGNORE_DEF, R_B_HITS_ATT, R_B_HITS_DEF, R_B_AMBUSH, R_B_SUIT, R_B_REMOVED_BY_ATT,
 R_B_REMOVED_BY_DEF, R_B_TAKER, R_BUILD_TYPE, R_BUILD_AT, R_WOOD_LEFT, R_WOOD_AREA, R_PLACE_KIND, R_PLACE_LEFT,
 R_CRAFT_CARD, R_ANY_LEFT, R_DECREE_CARD, R_DECREE_COL, R_DECREE_ACTION, R_PAY_VERB, R_DISCARD_TARGET,
 R_FH_CLEARING, R_BATTLE_SUIT, R_EXTRA_PAID, R_RETURN_AFTER,
 R_SPEND_SUIT, R_SPEND_LEFT, R_SPEND_THEN, R_AL_TARGET, R_OUTRAGE_CLEARING, R_OUTRAGE_PAYER,
 R_VB_TARGET, R_VB_ITEM, R_VB_MOVE_FROM, R_VB_MOVE_TO, R_VB_ALLY, R_B_ALLY, R_VB_QUEST, R_VB_HIDEOUT,
 R_MOVE_BY_VB, R_LZ_RITUAL, R_LZ_CARD, R_LZ_TARGET, R_RF_PAY_LEFT, R_RF_PAY_SPEND, R_RF_PAY_OWNER,
 R_RF_ARG, R_CV_TARGET, R_CP_FROM) = range(65)
assert R_CP_FROM < N_REG

# The range of each register; a register holds a clearing, a faction, a card, ... as its name says,
# -1 where "none" is possible.
_CLEARING, _FACTION, _CARD, _FLAG, _COUNT = (-1, NC - 1), (-1, NF - 1), (-1, NCARD - 1), (0, 1), (0, MAX_SMALL)
_PLACE = (-1, NC + NFOREST - 1)  # a clearing or a forest (NC + forest)
_CLEARING_OR_BURROW = (-1, NC)  # a clearing or the Duchy's Burrow (data.BURROW = NC, Law 12.2.2)
REG_BOUNDS = {
    # R_ARG: a card, a setup index or battle-effect bits; R_ARG2: a clearing, a count or a flag
    R_ARG: (0, 4095), R_ARG2: (-1, NCARD), R_MOVE_FROM: _CLEARING_OR_BURROW, R_MOVE_TO: _CLEARING_OR_BURROW,
    R_MOVE_SUIT: (-1, 3), R_MOVES_LEFT: _COUNT, R_MOVE_OPTIONAL: _FLAG,
    R_B_CLEARING: _CLEARING, R_B_ATT: _FACTION, R_B_DEF: _FACTION, R_B_STAGE: (0, 8), R_B_ROLL_ATT: (0, 3),
    R_B_ROLL_DEF: (0, 3), R_B_EXTRA_ATT: _COUNT, R_B_EXTRA_DEF: _COUNT, R_B_IGNORE_ATT: _COUNT,
    R_B_IGNORE_DEF: _COUNT, R_B_HITS_ATT: _COUNT, R_B_HITS_DEF: _COUNT, R_B_AMBUSH: _CARD, R_B_SUIT: (-1, 3),
    R_B_REMOVED_BY_ATT: _COUNT, R_B_REMOVED_BY_DEF: _COUNT, R_B_TAKER: _FACTION, R_BUILD_TYPE: (-1, NBT - 1),
    R_BUILD_AT: _CLEARING, R_WOOD_LEFT: _COUNT, R_WOOD_AREA: (0, CLEARING_BITS), R_PLACE_KIND: (0, 100 + NTT - 1),  # a faction (warriors) or 100 + token type
    R_PLACE_LEFT: _COUNT, R_CRAFT_CARD: _CARD, R_ANY_LEFT: _COUNT, R_DECREE_CARD: _CARD, R_DECREE_COL: (-1, 3),
    R_DECREE_ACTION: (-1, 3), R_PAY_VERB: (-1, 40), R_DISCARD_TARGET: _COUNT, R_FH_CLEARING: _CLEARING,
    R_BATTLE_SUIT: (-1, 3), R_EXTRA_PAID: _FLAG, R_RETURN_AFTER: (0, N_PC - 1), R_SPEND_SUIT: (-1, 3),
    R_SPEND_LEFT: _COUNT, R_SPEND_THEN: (0, N_PC - 1), R_AL_TARGET: _CLEARING, R_OUTRAGE_CLEARING: _CLEARING,
    R_OUTRAGE_PAYER: _FACTION, R_VB_TARGET: _FACTION, R_VB_ITEM: (-1, 4 * NITEM), R_VB_MOVE_FROM: _PLACE,
    R_VB_MOVE_TO: _PLACE, R_VB_ALLY: _FACTION, R_B_ALLY: _FACTION, R_VB_QUEST: (-1, NQUEST - 1),
    R_VB_HIDEOUT: _FLAG, R_MOVE_BY_VB: _FLAG,
    R_LZ_RITUAL: (-1, 63), R_LZ_CARD: _CARD, R_LZ_TARGET: _CLEARING,  # ritual/conspiracy option, its card, clearing
    # Riverfolk: funds still to pay, spend (1) or commit (0), whose funds (-1 any); R_RF_ARG: the verb paid for
    # (an option), the service being priced (0..2) or the setup warriors placed so far
    R_RF_PAY_LEFT: _COUNT, R_RF_PAY_SPEND: _FLAG, R_RF_PAY_OWNER: _FACTION, R_RF_ARG: (-1, 63),
    R_CV_TARGET: _CLEARING,  # Corvids: the clearing of a plot, a trick's first plot, an Exposure (card in R_ARG2)
    R_CP_FROM: _CLEARING,  # the Mountain: the first clearing of the closed path being removed (C.3.3), -1 none
}

# Card locations.
LOC_DECK, LOC_DISCARD, LOC_REMOVED, LOC_AVAILABLE = 0, 1, 2, 3  # AVAILABLE: dominance near the map (3.3.3)
LOC_HAND = 8            # + faction
LOC_CRAFTED = 19        # + faction (persistent effects in the play area); 16 before format 11, 17 before 14, 18 before 15 (root_env.legacy)
LOC_ACTIVE_DOM = 30     # + faction (activated dominance); 24 before format 11, 26 before 14, 28 before 15
LOC_DECREE = 41         # + column (Eyrie Decree); 32 before format 11, 35 before 14, 38 before 15
assert LOC_CRAFTED >= LOC_HAND + NF and LOC_ACTIVE_DOM >= LOC_CRAFTED + NF and LOC_DECREE >= LOC_ACTIVE_DOM + NF
LOC_SUPPORTERS = 45     # Woodland Alliance Supporters stack (8.2.3); 40 before format 14, 42 before 15
LOC_REVEALED = 46       # revealed by the player taking the turn, face up: the Lizard Cult's rituals (10.5), the
# Duchy's Build and Sway (12.5.1.I, 12.5.3.II); 41 before 14, 43 before 15
LOC_LOST_SOULS = 47     # Lizard Cult in play: spent and discarded cards, face up (10.2.6); 42 before 14, 44 before 15
LOC_ORDER = 48          # a Clockwork bot's order card this turn, face up (ORDER_CARD says whose); 43 before 14, 45 before 15
LOC_RETINUE = 49        # + Retinue column: the Keepers' Retinue, face up (Law 15.5.2, 15.6.2), since format 14 (46 in it)
LOC_LAST = LOC_RETINUE + RETINUE_COLUMNS - 1

REGIONS: list[tuple[str, int, int]] = []
BOUNDS: dict[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}  # name -> (shape, lo, hi)
_off = 0


def _region(name: str, shape, lo, hi) -> int:
    """Declare the next region: its shape (an int or a tuple) and the range [lo, hi] of its entries
    (ints, or one (lo, hi) per entry as sequences)."""
    global _off
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    size = 1
    for k in shape:
        size *= k
    lo = (lo,) * size if isinstance(lo, int) else tuple(lo)
    hi = (hi,) * size if isinstance(hi, int) else tuple(hi)
    assert len(lo) == len(hi) == size and all(a <= b for a, b in zip(lo, hi)), name
    start = _off
    REGIONS.append((name, start, size))
    BOUNDS[name] = (shape, lo, hi)
    _off += size
    return start


# --- header and turn machine
VERSION = _region("VERSION", 1, FORMAT_VERSION, FORMAT_VERSION)            # FORMAT_VERSION
NSEATS = _region("NSEATS", 1, 2, MAX_SEATS)
SEAT_FACTION = _region("SEAT_FACTION", MAX_SEATS, -1, NF - 1)    # faction id per seat, -1 unused
FACTION_SEAT = _region("FACTION_SEAT", NF, -1, MAX_SEATS - 1)           # seat per faction id, -1 absent
TURN = _region("TURN", 1, 0, MAX_TURNS_LIMIT)                  # turns begun so far
ACTIVE = _region("ACTIVE", 1, -1, NF - 1)              # faction whose turn it is
PHASE = _region("PHASE", 1, 0, 4)                # PH_* below
PC = _region("PC", 1, 0, N_PC - 1)                      # step of the turn machine (engine.steps)
GAME_OVER = _region("GAME_OVER", 1, 0, 1)
WINNERS = _region("WINNERS", 1, 0, FACTION_BITS)            # bitmask of winning factions
TRUNCATED = _region("TRUNCATED", 1, 0, 1)        # 1 if the game stopped at the turn cap
MAX_TURNS = _region("MAX_TURNS", 1, 1, MAX_TURNS_LIMIT)
DECISIONS = _region("DECISIONS", 1, 0, MAX_COUNTER)        # decisions taken so far
# 1 while one battle's simultaneous hits are dealt (Law 3.1: who reaches 30 is decided once both sides' hits are);
# battles do not nest (Law 4: no battle begins while another's hits are dealt), so 0 or 1 (engine.validate checks
# that it is 1 exactly while a battle's hits are being allocated)
SUPPRESS_WIN = _region("SUPPRESS_WIN", 1, 0, 1)
# --- the pending decision
DECISION = _region("DECISION", 1, 0, N_DECISIONS - 1)          # D_* kind of the pending decision
DECIDER = _region("DECIDER", 1, -1, NF - 1)            # faction that must decide
LEGAL_N = _region("LEGAL_N", 1, 0, N_ACTIONS)
LEGAL = _region("LEGAL", N_ACTIONS_RESERVED, 0, N_ACTIONS - 1)  # the legal action ids, LEGAL_N of them
STACK_N = _region("STACK_N", 1, 0, MAX_STACK)
STACK = _region("STACK", MAX_STACK, 0, N_PC - 1)        # return steps of sub-procedures (battle, move, ...)
RNG = _region("RNG", 4, 0, WORD32)                    # xorshift128 words, each < 2**32
REG = _region("REG", N_REG, [REG_BOUNDS.get(r, (0, 0))[0] for r in range(N_REG)],
                  [REG_BOUNDS.get(r, (0, 0))[1] for r in range(N_REG)])                # context registers, R_* below
SCRATCH = _region("SCRATCH", NC, 0, MAX_PIECES)           # per-clearing counts of a placement in progress
# --- board
WARRIORS = _region("WARRIORS", (NF, NC), 0, MAX_PIECES)    # [faction, clearing]
BUILDINGS = _region("BUILDINGS", (NBT, NC), 0, MAX_SLOT_PIECES)  # [building type, clearing]
TOKENS = _region("TOKENS", (NTT, NC), 0, MAX_TOKENS)       # [token type, clearing]
RUINS = _region("RUINS", NC, 0, 1)
SUPPLY_WARRIORS = _region("SUPPLY_WARRIORS", NF, 0, MAX_PIECES)
CRAFT_USED = _region("CRAFT_USED", 3, 0, MAX_SMALL)      # crafting pieces activated this turn, per suit
# --- cards
CARD_LOC = _region("CARD_LOC", NCARD, 0, LOC_LAST)      # LOC_* below
CARD_FLAG = _region("CARD_FLAG", NCARD, 0, 1)    # 1 = resolved (Decree) / used this turn (persistent)
CARD_KNOWN = _region("CARD_KNOWN", NCARD, 0, FACTION_BITS)  # bitmask of factions who know where the card is
DECK = _region("DECK", NCARD, 0, NCARD - 1)              # deck order, top = DECK[DECK_N-1]
DECK_N = _region("DECK_N", 1, 0, NCARD)
HAND_N = _region("HAND_N", NF, 0, NCARD)
# --- items and scoring
ITEM_SUPPLY = _region("ITEM_SUPPLY", NITEM, 0, MAX_ITEMS)
ITEM_BOX = _region("ITEM_BOX", NITEM, 0, MAX_ITEMS)      # items in the box: unused at setup, or removed (9.6.4)
CRAFTED_ITEMS = _region("CRAFTED_ITEMS", (NF, NITEM), 0, MAX_ITEMS)  # [faction, item]
VP = _region("VP", NF, 0, MAX_COUNTER)  # MAX_VP but in Cooperative play (see MAX_VP; check_state checks it)
DOMINANCE = _region("DOMINANCE", NF, 0, 4)       # suit+1 of the activated dominance card, 0 none
VP_SOURCE = _region("VP_SOURCE", (NF, N_VS), 0, MAX_COUNTER)  # [faction, VS_*] VP gained by source (statistics)
# --- Marquise de Cat
MQ_ACTIONS = _region("MQ_ACTIONS", 1, 0, MAX_SMALL)      # Daylight actions left before extra actions
MQ_RECRUITED = _region("MQ_RECRUITED", 1, 0, 1)  # Law 6.5.3 once per turn
FH_QUEUE = _region("FH_QUEUE", NC, 0, MAX_PIECES)         # Field Hospitals: warriors removed per clearing, pending
# --- Eyrie Dynasties
EY_LEADER = _region("EY_LEADER", 1, -1, 3)        # current leader, -1 none yet
EY_LEADER_STATE = _region("EY_LEADER_STATE", 4, 0, 2)  # 0 face up (available), 1 current, 2 face down
EY_VIZIER_COL = _region("EY_VIZIER_COL", 2, -1, 3)
EY_VIZIER_DONE = _region("EY_VIZIER_DONE", 2, 0, 1)
EY_ADDED = _region("EY_ADDED", 1, 0, 2)          # cards added to the Decree this Birdsong
EY_ADDED_BIRD = _region("EY_ADDED_BIRD", 1, 0, 2)
# --- Woodland Alliance
AL_OFFICERS = _region("AL_OFFICERS", 1, 0, MAX_PIECES)    # warriors in the Officers box (8.4.1.III, 8.5.3)
AL_OUTRAGE = _region("AL_OUTRAGE", NC, 0, FACTION_BITS)     # per clearing: bitmask of factions owing Outrage (8.2.6)
AL_TRIM = _region("AL_TRIM", 1, 0, 1)            # 1: supporters must be cut to five (8.2.4)
AL_OPS = _region("AL_OPS", 1, 0, MAX_PIECES)              # military operations left this Evening (8.6.1)
# --- Vagabond
# Every Vagabond region has a row per Vagabond: row 0 is the Vagabond (faction VAGABOND), row 1 the second
# Vagabond (VAGABOND2, Law 9.8); engine.vagabonds gives the offsets.
VB_CHAR = _region("VB_CHAR", 2, -1, len(CHARACTER_NAMES) - 1)            # character, -1 before setup
VB_PAWN = _region("VB_PAWN", 2, -1, NC + NFOREST - 1)            # clearing 0..11, or NC + forest; -1 off the map
VB_ITEMS = _region("VB_ITEMS", (2, NITEM, 4), 0, MAX_ITEMS)  # [vagabond, item, IS_*] items on his board
VB_R_HELD = _region("VB_R_HELD", (2, NITEM), 0, 2)          # [vagabond, item] "R" items among them (9.8.1)
VB_REL = _region("VB_REL", (2, NF), -1, REL_HOSTILE)        # relationship: 0 indifferent .. REL_ALLIED, REL_HOSTILE; -1 none
VB_AIDS = _region("VB_AIDS", (2, NF), 0, MAX_SMALL)         # aids given this turn toward the next relationship space
VB_COALITION = _region("VB_COALITION", 2, -1, NF - 1)  # coalition partner (9.2.8), -1 none
VB_DAMAGE = _region("VB_DAMAGE", 2, 0, MAX_SMALL)        # items the Vagabond must still damage (full removal, 9.2.2.I)
VB_REFRESH = _region("VB_REFRESH", 2, 0, MAX_SMALL)      # refreshes left this Birdsong (9.4.1)
VB_BATTLE_HITS = _region("VB_BATTLE_HITS", 2, 0, MAX_SMALL)  # this battle: hits taken by items / by allied warriors
VB_SETUP_SWAP = _region("VB_SETUP_SWAP", 1, 0, 1)        # 1: the second Vagabond sets up first (9.8.2)
QUEST_LOC = _region("QUEST_LOC", NQUEST, 0, 2)   # QL_* below
QUEST_DECK = _region("QUEST_DECK", NQUEST, 0, NQUEST - 1)  # quest deck order, top = QUEST_DECK[QUEST_DECK_N-1]
QUEST_DECK_N = _region("QUEST_DECK_N", 1, 0, NQUEST)
RUIN_ITEM = _region("RUIN_ITEM", (2, NC), -1, NITEM - 1)  # [slot, clearing] items under the ruin, -1 none; slot 1 only
# with two Vagabonds (9.8.1). Hidden until looked at.
RUIN_SEEN = _region("RUIN_SEEN", NC, 0, FACTION_BITS)    # bitmask of the Vagabonds who looked at the ruin's items (9.8.1)
# --- Lizard Cult
LZ_ACOLYTES = _region("LZ_ACOLYTES", 1, 0, MAX_PIECES)    # warriors in the Acolytes box (10.2.3, 10.5.4)
LZ_OUTCAST = _region("LZ_OUTCAST", 1, -1, 2)            # the Outcast suit (10.3.3), -1 before it is chosen
LZ_HATED = _region("LZ_HATED", 1, 0, 1)                 # the outcast marker shows its Hated side (10.4.1)
LZ_SCORED = _region("LZ_SCORED", 1, 0, 7)               # bitmask of suits scored this turn (10.5.3)
# --- Riverfolk Company (warriors of any faction sit in its boxes; counted by owner)
RF_FUNDS = _region("RF_FUNDS", NF, 0, MAX_PIECES)          # the Funds box, by owner (11.2.4)
RF_PAYMENTS = _region("RF_PAYMENTS", NF, 0, MAX_PIECES)    # the Payments box, by owner (11.2.6.I)
RF_COMMITTED = _region("RF_COMMITTED", NF, 0, MAX_PIECES)  # the Committed box and the Trade Posts tracks, by owner (11.5)
RF_PRICES = _region("RF_PRICES", 3, 0, RF_PRICE_MAX)       # service prices (11.2.7 order), 0 before setup sets them
RF_POSTS_GONE = _region("RF_POSTS_GONE", 3, 0, RF_POSTS_PER_SUIT)  # trade posts returned to the box, by suit (11.2.5.I)
# funds still to remove for Trade Disruption (11.2.5.I: half the funds, rounded up, per trade post removed, the
# halves of posts removed together adding up): never more than the funds (check_state), so at most MAX_FUNDS; half
# the funds exceeds 30 when they hold many factions' warriors
RF_DISRUPT = _region("RF_DISRUPT", 1, 0, MAX_FUNDS)
RF_SERVICES_LEFT = _region("RF_SERVICES_LEFT", 1, 0, NC + 1)  # services the active player may still buy (11.2.6.II)
RF_BOUGHT = _region("RF_BOUGHT", 3, 0, NC + 1)             # services bought by the active player this turn
# --- Corvid Conspiracy (plot types are TOKENS rows TT_PLOT + type; which are face up is public)
CV_FACE_UP = _region("CV_FACE_UP", NC, 0, 1)             # the plot in the clearing is face up (13.2.2.I)
CV_EXCLUDED = _region("CV_EXCLUDED", NC, 0, 15)          # plot types a wrong Exposure guess ruled out there (13.2.4)
CV_PLACED = _region("CV_PLACED", 1, 0, 8)                # plots placed this turn (13.5.2)
CV_ACTIONS = _region("CV_ACTIONS", 1, 0, MAX_SMALL)      # Daylight actions left (13.5)
CV_RECRUITED = _region("CV_RECRUITED", 1, 0, 1)          # recruited this turn (13.4.3)
CV_EXERTED = _region("CV_EXERTED", 1, 0, 1)              # exerted this Evening: no draw (13.6.1)
CV_RAID = _region("CV_RAID", NC, 0, 2)                   # raids removed from the clearing, warriors still to place (13.7.4)
# --- Clockwork bots (seed 004): a bot plays a faction slot itself, taking no decision; engine.bots
BOT = _region("BOT", NF, 0, 1)                           # 1: the faction is played by its Clockwork bot
BOT_LEVEL = _region("BOT_LEVEL", NF, 0, 3)               # BOT_EASY .. BOT_NIGHTMARE
BOT_TRAITS = _region("BOT_TRAITS", NF, 0, 15)            # bitmask of the bot's traits (data.BOT_TRAIT_NAMES)
ORDER_CARD = _region("ORDER_CARD", NF, -1, NCARD - 1)    # the bot's order card this turn (LOC_ORDER), -1 none
BOT_BUILT = _region("BOT_BUILT", 1, 0, 1)                # the bot placed a building this turn (Expand)
BOT_EXPANDS = _region("BOT_EXPANDS", 1, 0, NCARD)        # order cards drawn by Expand this turn
BOT_I = _region("BOT_I", 1, 0, NC)                       # the clearing a bot step's loop is at
BOT_MOVED = _region("BOT_MOVED", 1, 0, CLEARING_BITS)    # clearings moved into this step (Escalated Daylight)
BOT_DEF_LOST = _region("BOT_DEF_LOST", 1, 0, MAX_PIECES)  # the bot's warriors removed defending this battle
BOT_TURMOIL = _region("BOT_TURMOIL", 1, 0, 1)            # the Electric Eyrie fell into turmoil this turn
BOT_EXTRA = _region("BOT_EXTRA", 1, 0, 1)                # the bot attacker's extra hit in this battle (EE column)
N_BOT_LOG = 96
BOT_LOG = _region("BOT_LOG", (N_BOT_LOG, 4), -1, 255)    # [event, (kind, a, b, c)] what bots did since the last
BOT_LOG_N = _region("BOT_LOG_N", 1, 0, N_BOT_LOG)        # decision (engine.bots.note; names.bot_sentence)
# --- per-turn flags and options
TURN_FLAGS = _region("TURN_FLAGS", 1, 0, 65535)    # TF_* bits (below)
OPTIONS = _region("OPTIONS", 8, 0, 1)
# --- regions added since format 7
QUEST_BY = _region("QUEST_BY", NQUEST, -1, NF - 1)  # the Vagabond who completed the quest (QL_DONE), -1 not done (9.5.5)

# --- dice chosen for the next battles (Scenario.dice, Game.dice): a test's roll instead of a random one
N_DICE = 4
DICE = _region("DICE", (N_DICE, 2), 0, 3)               # [roll, die] the chosen rolls, first in first out
DICE_N = _region("DICE_N", 1, 0, N_DICE)                 # chosen rolls still to be used (engine.rng.battle_dice)

# --- removal effects waiting for engine.interrupts (Law 1.1.3: ordered with the others by the player taking the turn)
LZ_FEAR = _region("LZ_FEAR", 1, 0, MAX_PIECES)          # Fear of the Faithful: random discards the Cult owes (10.2.5)

# --- the nine Vagabond characters (Appendix D), since format 9
VB_CHOICE = _region("VB_CHOICE", 1, 0, (1 << len(CHARACTER_NAMES)) - 1)  # bitmask of the characters a Vagabond may choose
# items the Riverfolk box (B.2) and the Vagabond Pack (B.9) brought into the game for starting items the box lacked (9.3.5)
ITEM_ADDED = _region("ITEM_ADDED", NITEM, 0, 2)
SCORCHED = _region("SCORCHED", 1, 0, CLEARING_BITS)     # bitmask of the clearings where the Scoundrel's torch lies (D.6)
B_INSTIGATOR = _region("B_INSTIGATOR", 1, -1, NF - 1)    # the Vagrant instigating the battle in progress (D.4), -1 none

# --- Advanced Setup (Appendix A), since format 10
CLEARING_SUITS = _region("CLEARING_SUITS", NC, 0, 2)    # each clearing's suit this game: printed (5.1) or a shuffled marker (A.1)
SETUP_KIND = _region("SETUP_KIND", 1, 0, 1)             # SETUP_STANDARD (Law 5.1) or SETUP_ADVANCED (Appendix A)
HOMELAND = _region("HOMELAND", NF, 0, CLEARING_BITS)    # bitmask of each faction's homeland clearings (A.8.2)

# --- the Lord of the Hundreds (Law 14), since format 11 (its warriors, strongholds and mobs are WARRIORS, BUILDINGS and
# TOKENS rows like every faction's)
HD_WARLORD = _region("HD_WARLORD", 1, -1, NC - 1)       # the warlord's clearing (a warrior counted in WARRIORS), -1 off the map
HD_MOOD = _region("HD_MOOD", 1, 0, len(MOOD_NAMES) - 1)  # the mood card in the Mood Card slot (data.MOOD_NAMES, 14.4.4)
HD_HOARD = _region("HD_HOARD", NITEM, 0, HD_TRACK_SPACES)  # items of each kind in the Hoard (14.2.4; a track's spaces
# fill from the left, so which space holds which item never matters: counts suffice)
HD_ACTIONS = _region("HD_ACTIONS", 1, 0, MAX_SMALL)      # actions taken in the Daylight step in progress (14.5.2, 14.5.3)
HD_STEP = _region("HD_STEP", 1, 0, 31)                    # HD_* step bits below (the Advance in progress, the warlord's move)
HD_LOOT = _region("HD_LOOT", 1, 0, 1)                     # the Hundreds declared they loot in the battle in progress (14.2.5)
HD_SPREADS = _region("HD_SPREADS", 1, 0, 8)              # mob-die rolls still owed this step (Raze 1, Jubilant up to 4; 14.7.3)
HD_ROLL = _region("HD_ROLL", 1, -1, 2)                    # the mob die's suit waiting for a clearing, -1 none (14.4.1)
HD_GAINED = _region("HD_GAINED", 1, -1, NITEM - 1)       # an item gained with its track full, waiting (14.2.4.I), -1 none
HD_CURSOR = _region("HD_CURSOR", 1, 0, NC)                # the next clearing Raze looks at (14.4.1)
HD_JUBILANT = _region("HD_JUBILANT", 1, 0, 4)             # Jubilant's mob-die rolls still allowed after this Incite (14.7.3)

# --- the maps (Law Appendix C), since format 12: root_env.map_data's tables are read by this row (engine.geometry)
MAP = _region("MAP", 1, 0, NMAP - 1)                      # map_data.AUTUMN, WINTER, LAKE or MOUNTAIN
ADJ_OPEN = _region("ADJ_OPEN", NC, 0, CLEARING_BITS)      # per clearing: bitmask of the clearings linked to it by an open
# path (the map's paths less the closed paths still on it, C.3.2; engine.validate checks it against the map's table)
# --- the Lake map's Ferry (Law C.2.5), since format 13
FERRY = _region("FERRY", 1, -1, NC - 1)                   # the Ferry's clearing (a coastal one), -1 on the other maps
# --- the Keepers in Iron (Law 15), since format 14. Relics are counted by kind (data.RELIC_KIND_*: type and value): in
# clearings as TOKENS rows TT_RELIC + kind (always face up there), in forests and elsewhere below. Waystations are BUILDINGS
# rows BT_WAYSTATION + w; their warriors WARRIORS rows like every faction's; the Retinue's cards CARD_LOC = LOC_RETINUE + column.
KP_FOREST_UP = _region("KP_FOREST_UP", (NFOREST, NRELIC_KINDS), 0, 2)      # [forest, kind] face-up relics (15.2.5)
KP_FOREST_DOWN = _region("KP_FOREST_DOWN", (NFOREST, NRELIC_KINDS), 0, 2)  # [forest, kind] face-down relics: only
# their type is public (15.2.1; engine.observe and root_env.hidden keep the values hidden)
KP_RESERVE = _region("KP_RESERVE", NRELIC_KINDS, 0, 2)   # relics not placed yet during the Keepers' setup (15.3.1-15.3.4), hidden
KP_RECOVERED = _region("KP_RECOVERED", NRELIC_KINDS, 0, 2)  # relics on the Keepers' Relics spaces (15.5.2.III.a)
KP_WS_FACE = _region("KP_WS_FACE", KP_WAYSTATIONS, 0, 1)  # the face up of each waystation (data.WAYSTATION_FACES[w, face])
KP_RETAINERS = _region("KP_RETAINERS", RETINUE_COLUMNS, 0, FAITHFUL_RETAINERS)  # Faithful Retainers in each column (15.3.5)
KP_RET_USED = _region("KP_RET_USED", RETINUE_COLUMNS, 0, FAITHFUL_RETAINERS)    # of them, acted this Daylight (15.5.2)
KP_COL = _region("KP_COL", 1, 0, RETINUE_COLUMNS)        # the Retinue column acting (15.5.2: left to right; 3 = done)
KP_CARD = _region("KP_CARD", 1, -1, NCARD)               # the Retinue card acting or being gathered: a card, NCARD a
# Faithful Retainer (of column KP_COL when acting, of KP_CLEARING's column when shifted in Evening), -1 none
KP_CLEARING = _region("KP_CLEARING", 1, -1, NC - 1)      # the clearing of the Retinue action in progress (a column
# when a Faithful Retainer is shifted, 15.6.2), -1 none
KP_FOREST = _region("KP_FOREST", 1, -1, NFOREST - 1)     # the forest Delve takes a relic from (15.5.2.II.a), -1 none
KP_STEP = _region("KP_STEP", 1, 0, 15)                   # KP_* step bits below
KP_ENCAMPED = _region("KP_ENCAMPED", 1, 0, CLEARING_BITS)  # clearings encamped in this Birdsong (15.4.1: once per clearing)
KP_DECAMPED = _region("KP_DECAMPED", 1, 0, CLEARING_BITS)  # clearings decamped in this Birdsong (15.4.2)
KP_CARRY = _region("KP_CARRY", 1, 0, MAX_PIECES)         # relics the move in progress may still carry (15.2.4)
KP_TROPHY = _region("KP_TROPHY", NRELIC_KINDS, 0, 2)     # relics an enemy removed, to place in forests (15.2.5)
KP_TROPHY_BY = _region("KP_TROPHY_BY", 1, -1, NF - 1)    # who places them (the remover), -1 none
# --- the Underground Duchy (Law 12), since format 15. Its warriors on the map, citadels, markets and tunnels are
# WARRIORS, BUILDINGS (BT_CITADEL, BT_MARKET) and TOKENS (TT_TUNNEL) rows like every faction's; cards it revealed this
# turn are CARD_LOC = LOC_REVEALED (the Cult's place for revealed cards: only the player taking the turn has any).
DU_BURROW = _region("DU_BURROW", 1, 0, DU_WARRIORS)      # the Duchy's warriors in the Burrow (Law 12.2.2, 12.4)
DU_SWAYED = _region("DU_SWAYED", NMINISTER, 0, 1)        # each minister swayed (above the faction board, 12.5.3.III)
DU_CROWNS_LOST = _region("DU_CROWNS_LOST", 3, 0, DU_CROWNS_PER_RANK)  # crowns of each rank out of the game (12.2.3)
DU_ACTIONS = _region("DU_ACTIONS", 1, 0, 2)               # Assembly actions taken this Daylight (12.5.1)
DU_USED = _region("DU_USED", 1, 0, (1 << NMINISTER) - 1)  # ministers who acted this Parliament (12.5.2: each once)
DU_MINISTER = _region("DU_MINISTER", 1, -1, NMINISTER - 1)  # the minister acting (Brigadier, Banker, Foremole), -1 none
DU_LEFT = _region("DU_LEFT", 1, 0, int(DU_SWAY_CARDS.max()))  # the Brigadier's moves or battles, cards still to reveal
DU_KIND = _region("DU_KIND", 1, -1, 4095)                # the Brigadier's option, the Banker's suit, the Dig card's suit,
# or the Sway's revealed cards by suit (three bits a suit, birds last); -1 none
DU_CLEARING = _region("DU_CLEARING", 1, -1, NC - 1)      # the clearing of the Build or Dig in progress, -1 none
DU_BT = _region("DU_BT", 1, -1, NBT - 1)                 # the building of the Build in progress, -1 none
DU_FAILURE = _region("DU_FAILURE", 1, 0, 3)              # the Price of Failure owed (12.2.3), resolved by engine.interrupts
# DU_FAILURE's values: owed (set by every remover), then, where Law 1.1.3 orders it against an Outrage the Duchy owes,
# put after the Outrages or ordered first (engine.interrupts)
DU_FAILURE_OWED, DU_FAILURE_AFTER_OUTRAGE, DU_FAILURE_FIRST = 1, 2, 3
STATE_SIZE = _off
# Layouts this one extends by regions appended at its end: format -> its state size (records.py replays a record of
# such a format and checks its final digest on that prefix). Formats 9 and 10 are not prefixes of format 11 (a faction
# slot, a building and a token type were added), nor 11 of 12 (the forest action block grew): root_env.legacy
# converts them.
PREFIX_FORMATS: dict[int, int] = {}

# KP_STEP bits: the Encamp in progress is the fallback (15.4.1: no warrior or waystation on the map); the Recover in
# progress took a relic and may stop (15.5.2.III.c); Gather Retinue added a card (then no shift) / shifted one (15.6.2).
KP_FALLBACK, KP_AGAIN, KP_ADDED, KP_SHIFTED = 1, 2, 4, 8

# HD_STEP bits: the Advance in progress moved (1) / battled (2) / took Relentless' extra part (4) (14.5.3, 14.7.5); the
# move in progress was asked whether the warlord goes (8) and it goes (16) (14.2.2).
HD_MOVED, HD_BATTLED, HD_RELENTLESS, HD_WARLORD_ASKED, HD_WARLORD_GOES = 1, 2, 4, 8, 16

# Setups (SETUP_KIND).
SETUP_STANDARD, SETUP_ADVANCED = 0, 1
SETUP_NAMES = ("standard", "advanced")

# Phases.
PH_SETUP, PH_BIRDSONG, PH_DAYLIGHT, PH_EVENING, PH_OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("setup", "birdsong", "daylight", "evening", "over")

# Quest locations.
QL_DECK, QL_VISIBLE, QL_DONE = 0, 1, 2

# VP sources (statistics only).
(VS_BUILDING, VS_CRAFT, VS_REMOVAL, VS_ROOSTS, VS_CARD, VS_OTHER, VS_SYMPATHY, VS_QUEST, VS_RELATIONSHIP,
 VS_EXPLORE, VS_INFAMY, VS_GARDENS, VS_TRADE_POSTS, VS_DIVIDENDS, VS_PLOTS, VS_OPPRESS, VS_RELICS,
 VS_PARLIAMENT) = range(18)
VP_SOURCE_NAMES = ("building", "craft", "removal", "roosts", "card", "other", "sympathy", "quest", "relationship",
                   "explore", "infamy", "gardens", "trade posts", "dividends", "plots", "oppress", "relics", "parliament")

# Turn flags.
TF_TAX = 1
TF_CODEBREAKERS = 2
TF_STAND_AND_DELIVER = 4
TF_COMMAND_WARREN = 8
TF_FIELD_HOSPITALS_FIRST = 16  # Law 1.1.3: the player taking the turn put Field Hospitals before Outrage
TF_OUTRAGE_FIRST = 32  # Law 1.1.3: the player taking the turn put Outrage before a removed base's discards
TF_BASE_LOST = 64      # << suit (64, 128, 256): a base was removed, its 8.2.4 discards not yet resolved
TF_OUTRAGE_BEFORE_FEAR = 512  # Law 1.1.3: the player taking the turn put the Cult's Outrage before Fear of the Faithful
TF_DISRUPTION_FIRST = 1024    # Law 1.1.3: the player taking the turn put Trade Disruption before the raids
TF_IMPROVISED = 2048          # D.7: the Adventurer improvised this turn (once per turn)
TF_CLOSED_PATH = 4096         # C.3.3: the player removed a closed path this turn (once per turn)
TF_FERRY = 8192               # C.2.5: pieces moved with the Ferry this turn (once per turn)
TF_ON_FERRY = 16384           # C.2.5: the move in progress goes with the Ferry (set from its destination until it lands)
TF_SWAYED = 32768             # Law 12.5.3: the Duchy swayed its minister this turn (Daylight goes on after it)

assert len(VP_SOURCE_NAMES) <= N_VS
assert N_ACTIONS == N_ACTIONS_RESERVED

# Options (OPTIONS + O_*).
O_AUTO_FORCED = 0
O_LZ_FIRST_PRINTING = 1  # the Lizard Cult's draw bonuses on the first printing's spaces (data.LZ_DRAW_BONUS_SPACE)
O_COOPERATIVE = 2  # seed 004 Cooperative: the players who are not bots win together against the bots
O_BOTS_LAW = 3  # the Law of Rootbotics' readings where it differs from seed 004 (docs/rules.md, Clockwork bots)
# The Automated Alliance's open points (docs/clockwork_alliance.md, "Open points"), each off by default (the reference's recommendation):
O_AA_BIRD_ANY = 4  # Q1: a bird order card matches every clearing (default: none)
O_AA_SPREAD_LITERAL = 5  # Q5: the spread's fallback may go anywhere, as the app does (default: adjacent to sympathy)
O_AA_HUMAN_TRACK = 6  # Q3: the human Alliance's Sympathy track values (default: the bot's board)
O_AA_WILDFIRE_AFTER = 7  # Q4: Wildfire after the order card's discard (default: before it)


def region(name: str) -> tuple[int, int]:
    """(offset, size) of a named region."""
    for n, o, s in REGIONS:
        if n == name:
            return o, s
    raise KeyError(f"no state region named {name!r}")

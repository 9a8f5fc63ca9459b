"""Integer codes shared by the engine and the Python layers: the action table and decision kinds.

The action space is one fixed ``Discrete(N_ACTIONS)`` for every faction, seat and player count.
Each id belongs to one block and always means the same kind of thing (a clearing, a card, ...);
what it does depends on the pending decision, which is part of every observation.
"""
from __future__ import annotations

from .data import NC, NCARD, NF, NPIECE, NFOREST, NITEM, NQUEST

# ---------------------------------------------------------------- action blocks
A_DONE = 0                          # pass / decline / end this step
A_CLEARING = 1                      # + clearing index 0..11
A_CARD = A_CLEARING + NC            # + card id 0..53
A_FACTION = A_CARD + NCARD          # + faction id 0..7
MAX_COUNT = 25
A_COUNT = A_FACTION + NF            # + (count - 1), counts 1..25
N_OPT = 100  # room for the factions still to come (72 since state format 11, the Lord of the Hundreds; 73 since 12; 74 since 13;
# 90 since 14, the Keepers in Iron; 100 since 15, the Underground Duchy)
A_OPT = A_COUNT + MAX_COUNT         # + option id (OPT_* below)
A_PIECE = A_OPT + N_OPT             # + piece kind (data.PIECE_NAMES)
A_FOREST = A_PIECE + NPIECE         # + forest 0..6
A_ITEM = A_FOREST + NFOREST         # + status * NITEM + item (status: data.IS_* ready/exhausted/damaged)
A_QUEST = A_ITEM + 4 * NITEM        # + quest card 0..14
A_BURROW = A_QUEST + NQUEST         # the Underground Duchy's Burrow as a place (Law 12.2.2; data.BURROW), since format 15
N_ACTIONS = A_BURROW + 1

BLOCKS = (("done", A_DONE, 1), ("clearing", A_CLEARING, NC), ("card", A_CARD, NCARD), ("faction", A_FACTION, NF),
          ("count", A_COUNT, MAX_COUNT), ("option", A_OPT, N_OPT), ("piece", A_PIECE, NPIECE),
          ("forest", A_FOREST, NFOREST), ("item", A_ITEM, 4 * NITEM), ("quest", A_QUEST, NQUEST),
          ("burrow", A_BURROW, 1))


def place_action(c: int) -> int:
    """The action id naming place c: a clearing 0..NC-1, or the Burrow (data.BURROW = NC, Law 12.2.2)."""
    return A_BURROW if c == NC else A_CLEARING + c

# ---------------------------------------------------------------- options
OPT_BATTLE, OPT_MARCH, OPT_RECRUIT, OPT_BUILD, OPT_OVERWORK = 0, 1, 2, 3, 4
OPT_ACTIVATE_DOMINANCE, OPT_TAKE_DOMINANCE, OPT_TAX_COLLECTOR, OPT_CODEBREAKERS = 5, 6, 7, 8
OPT_COLUMN = 9          # + Decree column 0..3 (recruit, move, battle, build)
OPT_LEADER = 13         # + leader 0..3 (builder, charismatic, commander, despot)
OPT_VIZIER = 17         # resolve a Loyal Vizier in the current Decree column
OPT_ROYAL_CLAIM, OPT_STAND_AND_DELIVER = 18, 19
OPT_SUIT = 20           # + suit 0..2 (which crafting piece pays an "any" cost)
OPT_MOVE, OPT_ORGANIZE, OPT_MOBILIZE, OPT_TRAIN = 23, 24, 25, 26
OPT_EXPLORE, OPT_AID, OPT_STRIKE, OPT_REPAIR, OPT_SPECIAL = 27, 28, 29, 30, 31
OPT_QUEST_VP, OPT_QUEST_DRAW = 32, 33
OPT_CHARACTER = 34      # + character 0..2 (thief, tinker, ranger); the six others: OPT_CHARACTER_MORE (character_option)
OPT_CONSPIRACY = 37     # + conspiracy 0..2 (crusade, convert, sanctify; Law 10.4.3)
OPT_SCORE, OPT_SACRIFICE = 40, 41  # Lizard Cult rituals (10.5.3, 10.5.4); build and recruit reuse OPT_BUILD/RECRUIT
OPT_SERVICE = 42        # + Riverfolk service 0..2 (hand card, riverboats, mercenaries; Law 11.2.7)
OPT_EXPORT, OPT_TRADE_POST, OPT_DRAW = 45, 46, 47  # Riverfolk Daylight (11.5.3.I, 11.5.6, 11.5.4); move, battle,
# recruit reuse OPT_MOVE/BATTLE/RECRUIT
OPT_PLOT, OPT_TRICK, OPT_EXPOSE, OPT_FLIP = 48, 49, 50, 51  # Corvids (13.5.2, 13.5.4, 13.2.4, 13.4.2); move, battle,
# recruit reuse OPT_MOVE/BATTLE/RECRUIT
OPT_CHARACTER_MORE = 52  # + character 3..8 - 3 (vagrant, scoundrel, arbiter, adventurer, ronin, harrier; Appendix D)
OPT_SWIFT_STRIKE = 58    # the Ronin exhausts a sword for an extra hit (D.8)
OPT_ENLIST = 59          # the defender enlists the Arbiter (D.5 Protector)
OPT_MOOD = 60            # + mood 0..7 (data.MOOD_NAMES; Law 14.4.4)
OPT_LOOT = 68            # the Hundreds loot the defender (Law 14.2.5)
OPT_WARLORD = 69         # the Hundreds' warlord moves with the warriors (Law 14.2.2, 14.5.3)
OPT_KEEP_ITEM = 70       # Contempt for Trade: take the crafted item, scoring none of its VP (Law 14.2.3)
OPT_ROLL = 71            # Jubilant: roll the mob die (Law 14.7.3)
OPT_CLEAR_PATH = 72      # the Mountain map: spend a card to remove a closed path (Law C.3.3)
OPT_FERRY = 73           # the Lake map: move with the Ferry, where the lake as a river also leads there (Law C.2.5)
OPT_WAYSTATION = 74      # + 2 * waystation + face: the Keepers' waystation w placed (or shown) with that face up (Law 15.4.1)
OPT_RETAINER = 80        # + Retinue column: a Faithful Retainer in that column (Law 15.3.5; its action, or shifting it)
OPT_RETINUE = 83         # + Retinue column 0..2 (move; battle then delve; move or recover): where a card goes (Law 15.6.2)
OPT_RECOVER = 86         # Move or Recover: recover relics (Law 15.5.2.III); the move is OPT_MOVE
OPT_HIDDEN_RELIC = 87    # + relic type: Delve takes a face-down relic of that type from the forest (Law 15.5.2.II.a)
OPT_DIG = 90             # the Underground Duchy's Dig (Law 12.5.1.V); build, recruit, move, battle reuse OPT_BUILD/...
OPT_MINISTER = 91        # + minister 0..8 (data.MINISTER_NAMES): sway it, take its action, or lose it (Law 12.5.2-12.5.3, 12.2.3)
OPT_NAMES = ("battle", "march", "recruit", "build", "overwork", "activate dominance", "take dominance",
             "tax collector", "codebreakers", "decree: recruit", "decree: move", "decree: battle", "decree: build",
             "leader: builder", "leader: charismatic", "leader: commander", "leader: despot", "loyal vizier",
             "royal claim", "stand and deliver", "suit: fox", "suit: rabbit", "suit: mouse", "move", "organize",
             "mobilize", "train", "explore", "aid", "strike", "repair", "special action", "quest reward: VP",
             "quest reward: draw two", "character: thief", "character: tinker", "character: ranger", "crusade", "convert",
             "sanctify", "score", "sacrifice", "service: hand card", "service: riverboats", "service: mercenaries",
             "export", "establish trade post", "draw", "plot", "trick", "exposure", "flip plot", "character: vagrant",
             "character: scoundrel", "character: arbiter", "character: adventurer", "character: ronin",
             "character: harrier", "swift strike", "enlist the arbiter", "mood: bitter", "mood: grandiose",
             "mood: jubilant", "mood: lavish", "mood: relentless", "mood: rowdy", "mood: stubborn", "mood: wrathful",
             "loot", "with the warlord", "keep the item", "roll the mob die", "remove a closed path",
             "with the Ferry", "waystation: figure/tablet, figure up", "waystation: figure/tablet, tablet up",
             "waystation: tablet/jewelry, tablet up", "waystation: tablet/jewelry, jewelry up",
             "waystation: jewelry/figure, jewelry up", "waystation: jewelry/figure, figure up",
             "faithful retainer: move", "faithful retainer: battle then delve", "faithful retainer: move or recover",
             "retinue: move", "retinue: battle then delve", "retinue: move or recover", "recover",
             "face-down relic: figure", "face-down relic: tablet", "face-down relic: jewelry", "dig",
             "minister: foremole", "minister: captain", "minister: marshal", "minister: brigadier", "minister: banker",
             "minister: mayor", "minister: duchess of mud", "minister: baron of dirt", "minister: earl of stone")
assert len(OPT_NAMES) <= N_OPT


def character_option(k: int) -> int:
    """The option id that chooses character k (data.CHARACTER_NAMES; the base three keep their ids)."""
    return OPT_CHARACTER + k if k < 3 else OPT_CHARACTER_MORE + k - 3


def option_character(opt: int) -> int:
    """The character an option id chooses, -1 if none."""
    if OPT_CHARACTER <= opt < OPT_CHARACTER + 3:
        return opt - OPT_CHARACTER
    if OPT_CHARACTER_MORE <= opt < OPT_CHARACTER_MORE + 6:
        return opt - OPT_CHARACTER_MORE + 3
    return -1

# ---------------------------------------------------------------- decision kinds
DECISION_NAMES = (
    "none", "setup: keep", "setup: building", "setup: eyrie corner", "choose leader", "better burrow bank: player",
    "birdsong cards", "stand and deliver: player", "place piece (short supply)", "decree: add card",
    "decree: column", "a new roost: clearing", "marquise: craft", "marquise: action",
    "eyrie: craft", "eyrie: resolve decree", "pay bird card for extra action", "move: from", "move: to",
    "move: how many", "battle: where", "battle: defender", "ambush?", "foil ambush?", "battle effects",
    "remove piece (hits)", "field hospitals", "build: which", "build: where", "build: pay wood", "overwork: where",
    "overwork: card", "recruit: where", "build roost: where", "discard (hand limit)", "craft: any-suit piece",
    "activate dominance: card", "take dominance: card", "take dominance: pay", "tax collector: where",
    "codebreakers: player",
    # Woodland Alliance
    "alliance: revolt", "alliance: spread sympathy", "spend supporter", "alliance: daylight", "mobilize: card",
    "train: card", "alliance: operations", "alliance: recruit", "alliance: organize", "outrage: card",
    "discard supporter",
    # Vagabond
    "vagabond: character", "vagabond: forest", "vagabond: refresh", "vagabond: slip", "vagabond: action",
    "vagabond: move to", "move with ally", "ally warriors: how many", "battle with ally", "aid: player",
    "aid: card", "aid: exhaust", "aid: take item", "quest reward", "strike: target", "repair: item",
    "steal: player", "day labor: card", "damage item", "remove item (capacity)", "coalition: partner",
    # Law 1.1.3: the player taking the turn orders simultaneous effects
    "effects: order",
    # Lizard Cult
    "setup: cult corner", "setup: outcast", "cult: conspiracy", "cult: conspiracy where", "crusade: battle or move",
    "crusade: battle there?", "convert: whose warrior", "sanctify: which building", "cult: ritual",
    "ritual: card", "ritual: where", "cult: craft",
    # Riverfolk Company
    "setup: riverfolk warrior", "riverfolk: set price", "buy services", "services: exhaust item", "hand card: which",
    "riverfolk: daylight", "funds: whose warrior", "riverfolk recruit: where", "trade post: where", "export: card",
    "trade disruption: whose fund",
    # Corvid Conspiracy
    "setup: corvid warrior", "corvids: craft", "corvids: flip", "corvids: recruit", "corvids: recruit suit", "corvids: daylight", "plot: where",
    "plot: which", "trick: first plot", "trick: second plot", "corvids: exert", "exposure: where", "exposure: card",
    "exposure: guess",
    # Two Vagabonds
    "explore: which item",
    # The six other Vagabond characters (Appendix D)
    "glide: clearing", "protector: enlist?", "improvise: which item", "improvise: in place of", "instigate: attacker",
    "instigate: defender",
    # Advanced Setup (Appendix A)
    "setup: put a card back",
    # Lord of the Hundreds (Law 14)
    "setup: hundreds corner", "raze: ruin item", "mob: where", "anoint: where", "hundreds: mood", "lavish: remove item",
    "hundreds: craft", "contempt for trade", "hoard full: remove item", "command the hundreds", "stronghold: where",
    "stronghold: card", "advance the warlord", "move: with the warlord?", "incite: where", "incite: card",
    "jubilant: roll?", "loot?", "loot: which item", "bitter: remove mob",
    # The Mountain map (Law Appendix C.3.3)
    "closed path: card", "closed path: from", "closed path: to",
    # The Lake map (Law Appendix C.2.5)
    "move: with the Ferry?",
    # Keepers in Iron (Law 15)
    "setup: keepers corner", "setup: keepers edge clearing", "encamp: where", "encamp: which waystation",
    "decamp: where", "decamp: which waystation", "keepers recruit: where", "keepers recruit: card", "keepers: craft",
    "retinue: which card", "battle then delve: where", "delve: forest", "delve: which relic", "move or recover",
    "recover: where", "recover: which relic", "gather retinue: card", "gather retinue: column",
    "move: carry relics", "prized trophies: forest",
    # Underground Duchy (Law 12)
    "setup: duchy corner", "duchy: assembly", "duchy build: where", "duchy build: citadel or market",
    "duchy build: card", "dig: card", "dig: remove a tunnel", "dig: where", "dig: warriors", "duchy: parliament",
    "brigadier: moves or battles", "banker: card", "mayor: which minister", "sway: minister", "sway: card",
    "duchy: craft", "price of failure: minister")
(D_NONE, D_SETUP_KEEP, D_SETUP_BUILDING, D_SETUP_EYRIE_CORNER, D_CHOOSE_LEADER, D_BBB_TARGET, D_BIRDSONG_CARDS,
 D_SND_TARGET, D_PLACE_SPLIT, D_DECREE_CARD, D_DECREE_COL, D_NEW_ROOST, D_MQ_CRAFT, D_MQ_ACTION,
 D_EY_CRAFT, D_EY_DECREE, D_PAY_BIRD, D_MOVE_FROM, D_MOVE_TO, D_MOVE_COUNT, D_BATTLE_WHERE, D_BATTLE_DEFENDER,
 D_AMBUSH, D_FOIL, D_BATTLE_EFFECTS, D_HIT_PIECE, D_FIELD_HOSPITAL, D_BUILD_TYPE, D_BUILD_WHERE, D_PAY_WOOD,
 D_OVERWORK_WHERE, D_OVERWORK_CARD, D_RECRUIT_WHERE, D_ROOST_WHERE, D_DISCARD, D_CRAFT_ANY, D_DOM_ACTIVATE,
 D_DOM_TAKE, D_DOM_PAY, D_TAX_WHERE, D_CODEBREAK_TARGET,
 D_AL_REVOLT, D_AL_SPREAD, D_AL_SPEND, D_AL_DAYLIGHT, D_AL_MOBILIZE, D_AL_TRAIN, D_AL_OPS, D_AL_RECRUIT,
 D_AL_ORGANIZE, D_OUTRAGE, D_AL_TRIM,
 D_VB_CHARACTER, D_VB_FOREST, D_VB_REFRESH, D_VB_SLIP, D_VB_ACTION, D_VB_MOVE_TO, D_VB_ALLY_MOVE, D_VB_ALLY_COUNT,
 D_BATTLE_ALLY, D_VB_AID_TARGET, D_VB_AID_CARD, D_VB_AID_EXHAUST, D_VB_AID_TAKE, D_VB_QUEST_REWARD, D_VB_STRIKE,
 D_VB_REPAIR, D_VB_STEAL, D_VB_DAY_LABOR, D_VB_DAMAGE, D_VB_CAPACITY, D_VB_COALITION,
 D_EFFECT_ORDER,
 D_LZ_CORNER, D_LZ_OUTCAST, D_LZ_CONSPIRACY, D_LZ_CONSPIRE_WHERE, D_LZ_CRUSADE, D_LZ_CRUSADE_BATTLE, D_LZ_CONVERT_WHOM,
 D_LZ_SANCTIFY_WHICH, D_LZ_RITUAL, D_LZ_RITUAL_CARD, D_LZ_RITUAL_WHERE, D_LZ_CRAFT,
 D_RF_SETUP, D_RF_PRICE, D_RF_SERVICE, D_RF_PAY_ITEM, D_RF_HAND_CARD, D_RF_DAYLIGHT, D_RF_FUND_OWNER, D_RF_RECRUIT_WHERE,
 D_RF_POST_WHERE, D_RF_EXPORT_CARD, D_RF_DISRUPT,
 D_CV_SETUP, D_CV_CRAFT, D_CV_FLIP, D_CV_RECRUIT, D_CV_RECRUIT_SUIT, D_CV_DAYLIGHT, D_CV_PLOT_WHERE, D_CV_PLOT_WHICH, D_CV_TRICK_A,
 D_CV_TRICK_B, D_CV_EXERT, D_CV_EXPOSE_WHERE, D_CV_EXPOSE_CARD, D_CV_EXPOSE_GUESS,
 D_VB_EXPLORE,
 D_VB_GLIDE, D_PROTECTOR, D_VB_IMPROVISE, D_VB_IMPROVISE_FOR, D_VB_INSTIGATE_ATT, D_VB_INSTIGATE_DEF,
 D_KEEP_HAND,
 D_HD_CORNER, D_HD_RUIN_ITEM, D_HD_MOB_WHERE, D_HD_ANOINT, D_HD_MOOD, D_HD_LAVISH, D_HD_CRAFT, D_HD_CONTEMPT,
 D_HD_HOARD_FULL, D_HD_COMMAND, D_HD_BUILD_WHERE, D_HD_BUILD_CARD, D_HD_ADVANCE, D_HD_WARLORD_MOVES, D_HD_INCITE_WHERE,
 D_HD_INCITE_CARD, D_HD_JUBILANT, D_HD_LOOT, D_HD_LOOT_ITEM, D_HD_BITTER,
 D_CP_CARD, D_CP_FROM, D_CP_TO,
 D_FERRY,
 D_KP_CORNER, D_KP_EDGE, D_KP_ENCAMP, D_KP_ENCAMP_WS, D_KP_DECAMP, D_KP_DECAMP_WS, D_KP_RECRUIT_WHERE,
 D_KP_RECRUIT_CARD, D_KP_CRAFT, D_KP_RETINUE, D_KP_BATTLE_WHERE, D_KP_DELVE, D_KP_DELVE_RELIC, D_KP_MOVE_OR_RECOVER,
 D_KP_RECOVER_WHERE, D_KP_RECOVER_RELIC, D_KP_GATHER, D_KP_GATHER_COL, D_KP_CARRY, D_KP_TROPHY,
 D_DU_CORNER, D_DU_ASSEMBLY, D_DU_BUILD_WHERE, D_DU_BUILD_TYPE, D_DU_BUILD_CARD, D_DU_DIG_CARD, D_DU_DIG_REMOVE,
 D_DU_DIG_WHERE, D_DU_DIG_COUNT, D_DU_PARLIAMENT, D_DU_BRIGADIER, D_DU_BANKER, D_DU_MAYOR, D_DU_SWAY, D_DU_SWAY_CARD,
 D_DU_CRAFT, D_DU_FAILURE) = range(len(DECISION_NAMES))
N_DECISIONS = len(DECISION_NAMES)

"""Game components as constant numpy arrays, built from the packaged ``data/root_data.json``.

Where each value comes from, and how sure it is, is in ``docs/rules.md`` (Game data). Everything here
is a constant: numba freezes module globals at compile time.

Conventions:
- clearings are indexed 0..11 = Clockwork priority numbers 1..12 (Autumn map);
- suits: FOX=0, RABBIT=1, MOUSE=2, BIRD=3 (clearings never have the bird suit);
- the 54 base-deck card copies are numbered 0..53 in the JSON's order, copies adjacent;
- items: BOOT, SWORD, BAG, HAMMER, TEA, COINS, CROSSBOW, TORCH.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

with open(Path(__file__).with_name("data") / "root_data.json", encoding="utf-8") as _f:
    RAW = json.load(_f)

# ---------------------------------------------------------------- suits, factions
SUIT_NAMES = ("fox", "rabbit", "mouse", "bird")
FOX, RABBIT, MOUSE, BIRD = 0, 1, 2, 3
_SUIT = {n: i for i, n in enumerate(SUIT_NAMES)}

# Faction ids are fixed slots in the state layout, whatever the seating.
FACTION_NAMES = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards", "riverfolk", "corvids", "hundreds",
                 "keepers", "duchy")
MARQUISE, EYRIE, ALLIANCE, VAGABOND, VAGABOND2, LIZARDS, RIVERFOLK, CORVIDS, HUNDREDS, KEEPERS, DUCHY = range(11)
NF = len(FACTION_NAMES)
# Factions whose rules are implemented in this version of the engine, and that every surface (agents, pictures, replay
# viewer, web page, terminal play, Rootlog export, balance tables, the trainer) knows.
IMPLEMENTED_FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards", "riverfolk", "corvids",
                        "hundreds", "keepers", "duchy")
# Factions the engine plays (Game.new, the environments, saved states accept them): the same eleven. Kept as its own
# name for a faction whose rules land in the engine before its surfaces do.
ENGINE_FACTIONS = IMPLEMENTED_FACTIONS
# The four factions of the base game: the default mix of studies, demos and benchmarks.
BASE_FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")
# Law 5.1.7: setup order A, B, C, ... (the letter on each faction board). The Lord of the Hundreds' board letter is
# not in the Law's text; the haunt-roll-fail engine gives it "I", after the seven factions before it (docs/rules.md,
# Game data (Lord of the Hundreds)). The Keepers in Iron's letter is K (haunt-roll-fail, EwenDC's setup order, the board's
# back: docs/faction_data_duchy_keepers.md), after every faction the engine has. The Underground Duchy's is H (HRF's
# priority, EwenDC's setup order: between the Corvids' G and the Hundreds' I; the same file).
SETUP_ORDER = np.array([MARQUISE, EYRIE, ALLIANCE, VAGABOND, VAGABOND2, LIZARDS, RIVERFOLK, CORVIDS, DUCHY, HUNDREDS,
                        KEEPERS], dtype=np.int64)

# ---------------------------------------------------------------- the Autumn map
_AUTUMN = RAW["maps"]["autumn"]
NC = 12
# Law 12.2.2: the Underground Duchy's Burrow, an unsuited clearing off the map adjacent to every clearing with a tunnel.
# It is place NC (after the map's clearings) wherever a place is a clearing or the Burrow: the move registers, the
# action block A_BURROW (codes), the Duchy's warriors there (layout.DU_BURROW). Only Duchy warriors can be there (no
# slots, no suit for a building or tunnel; 12.2.2: nobody else places or moves pieces into it), so no per-clearing
# region grows: a game without the Duchy never sees it.
BURROW = NC
CLEARING_SUIT = np.array([_SUIT[c["suit"]] for c in _AUTUMN["clearings"]], dtype=np.int64)
CLEARING_SLOTS = np.array([c["building_slots_total"] for c in _AUTUMN["clearings"]], dtype=np.int64)
CLEARING_RUIN = np.array([1 if c["ruin"] else 0 for c in _AUTUMN["clearings"]], dtype=np.int64)
ADJ = np.zeros((NC, NC), dtype=np.int64)
for _a, _b in _AUTUMN["paths"]:
    ADJ[_a - 1, _b - 1] = ADJ[_b - 1, _a - 1] = 1
# Bitmask of the clearings adjacent to each clearing (bit i = clearing i).
ADJ_MASK = np.array([sum(1 << j for j in range(NC) if ADJ[i, j]) for i in range(NC)], dtype=np.int64)
RIVER_ADJ = np.zeros((NC, NC), dtype=np.int64)
for _a, _b in _AUTUMN["rivers"]:
    RIVER_ADJ[_a - 1, _b - 1] = RIVER_ADJ[_b - 1, _a - 1] = 1
RIVER_MASK = np.array([sum(1 << j for j in range(NC) if RIVER_ADJ[i, j]) for i in range(NC)], dtype=np.int64)
CORNERS = np.array([c - 1 for c in _AUTUMN["corners"]], dtype=np.int64)
OPPOSITE_CORNER = np.full(NC, -1, dtype=np.int64)
for _a, _b in _AUTUMN["opposite_corner_pairs"]:
    OPPOSITE_CORNER[_a - 1] = _b - 1
    OPPOSITE_CORNER[_b - 1] = _a - 1


def clearing_distances(adj: np.ndarray) -> np.ndarray:
    """Clearings between clearings along the paths of `adj` (0 on the diagonal, 1 adjacent; len(adj) if unreachable)."""
    n = len(adj)
    dist = np.full((n, n), n, dtype=np.int64)
    for a in range(n):
        dist[a, a] = 0
        front = [a]
        while front:
            nxt = []
            for x in front:
                for y in range(n):
                    if adj[x, y] and dist[a, y] == n:
                        dist[a, y] = dist[a, x] + 1
                        nxt.append(y)
            front = nxt
    return dist


# Clearings between clearings along paths (1: adjacent), for the homeland rules of Advanced Setup (A.8.2.II).
CLEARING_DIST = clearing_distances(ADJ)
# Forest places in the layout and the action space: the most forests of any map (the Mountain's 10; root_env.map_data
# holds each map's forests, MAP_NFOREST). NFOREST_AUTUMN is the Autumn map's 7, the rows of the arrays below.
NFOREST = max(len(RAW["maps"][_m]["forests"]) for _m in ("autumn", "winter", "lake", "mountain"))
NFOREST_AUTUMN = len(_AUTUMN["forests"])
FOREST_CLEARINGS = np.zeros((NFOREST_AUTUMN, NC), dtype=np.int64)
for _i, _fo in enumerate(_AUTUMN["forests"]):
    for _c in _fo["clearings"]:
        FOREST_CLEARINGS[_i, _c - 1] = 1
# Law 2.3.2 / 9.4.2: forests border the clearings around them; two forests separated by one path
# are adjacent (the Vagabond slips between them).
_FOREST_IDS = [fo["id"] for fo in _AUTUMN["forests"]]
FOREST_ADJ = np.zeros((NFOREST_AUTUMN, NFOREST_AUTUMN), dtype=np.int64)
for _i, _fo in enumerate(_AUTUMN["forests"]):
    for _o in _fo["adjacent_forests"]:
        FOREST_ADJ[_i, _FOREST_IDS.index(_o)] = 1
POSITIONS = np.array([c["approx_position_rootvis"] for c in _AUTUMN["clearings"]], dtype=np.float64)

# ---------------------------------------------------------------- items
ITEM_NAMES = ("boot", "sword", "bag", "hammer", "tea", "coins", "crossbow", "torch")
NITEM = len(ITEM_NAMES)
_ITEM = {n: i for i, n in enumerate(ITEM_NAMES)}
ITEM_POOL = np.zeros(NITEM, dtype=np.int64)  # every item of the base game
for _n, _k in RAW["items"]["base_game_item_pool"].items():
    ITEM_POOL[_ITEM[_n]] = _k
ITEM_SUPPLY_START = np.zeros(NITEM, dtype=np.int64)
for _n, _k in RAW["items"]["item_supply_at_setup"].items():
    ITEM_SUPPLY_START[_ITEM[_n]] = _k  # Law 5.1.5

# ---------------------------------------------------------------- the base deck
# Card effect kinds.
K_ITEM, K_IMMEDIATE, K_PERSISTENT, K_AMBUSH, K_DOMINANCE = 0, 1, 2, 3, 4
_KIND = {"item": K_ITEM, "immediate": K_IMMEDIATE, "persistent": K_PERSISTENT, "ambush": K_AMBUSH,
         "dominance": K_DOMINANCE}
# Named effects (one id per distinct card name; 4.1.4 "identical persistent effect" = same effect id).
EFFECT_NAMES = ("ambush", "dominance", "item", "armorers", "sappers", "brutal_tactics", "royal_claim",
                "stand_and_deliver", "tax_collector", "favor", "command_warren", "better_burrow_bank",
                "cobbler", "scouting_party", "codebreakers")
(E_AMBUSH, E_DOMINANCE, E_ITEM, E_ARMORERS, E_SAPPERS, E_BRUTAL_TACTICS, E_ROYAL_CLAIM, E_STAND_AND_DELIVER,
 E_TAX_COLLECTOR, E_FAVOR, E_COMMAND_WARREN, E_BETTER_BURROW_BANK, E_COBBLER, E_SCOUTING_PARTY,
 E_CODEBREAKERS) = range(len(EFFECT_NAMES))
_EFFECT_BY_NAME = {"Ambush!": E_AMBUSH, "Dominance": E_DOMINANCE, "Armorers": E_ARMORERS, "Sappers": E_SAPPERS,
                   "Brutal Tactics": E_BRUTAL_TACTICS, "Royal Claim": E_ROYAL_CLAIM,
                   "Stand and Deliver!": E_STAND_AND_DELIVER, "Tax Collector": E_TAX_COLLECTOR,
                   "Favor of the Foxes": E_FAVOR, "Favor of the Rabbits": E_FAVOR, "Favor of the Mice": E_FAVOR,
                   "Command Warren": E_COMMAND_WARREN, "Better Burrow Bank": E_BETTER_BURROW_BANK,
                   "Cobbler": E_COBBLER, "Scouting Party": E_SCOUTING_PARTY, "Codebreakers": E_CODEBREAKERS}

_names, _suit, _kind, _effect, _cost, _item, _vp = [], [], [], [], [], [], []
for _c in RAW["decks"]["base"]:
    for _ in range(_c["count"]):
        _names.append(_c["name"])
        _suit.append(_SUIT[_c["suit"]])
        _kind.append(_KIND[_c["type"]])
        _effect.append(E_ITEM if _c["type"] == "item" else _EFFECT_BY_NAME[_c["name"]])
        cost = [0, 0, 0, 0]  # fox, rabbit, mouse, any
        for s in _c["craft_cost"] or []:
            cost[3 if s == "any" else _SUIT[s]] += 1
        _cost.append(cost)
        _item.append(_ITEM[_c["item"]] if _c["type"] == "item" else -1)
        _vp.append(_c.get("vp", 0))
CARD_NAMES = tuple(_names)
NCARD = len(CARD_NAMES)
assert NCARD == 54
CARD_SUIT = np.array(_suit, dtype=np.int64)
CARD_KIND = np.array(_kind, dtype=np.int64)
CARD_EFFECT = np.array(_effect, dtype=np.int64)
CARD_COST = np.array(_cost, dtype=np.int64)
CARD_ITEM = np.array(_item, dtype=np.int64)
CARD_VP = np.array(_vp, dtype=np.int64)
# Unique id per card name: two copies of "Cobbler" share it (4.1.4 No Duplicates).
_name_ids = {n: i for i, n in enumerate(dict.fromkeys(CARD_NAMES))}
CARD_NAME_ID = np.array([_name_ids[n] for n in CARD_NAMES], dtype=np.int64)
CARD_SHORT = tuple(f"{n} ({SUIT_NAMES[s]})" for n, s in zip(CARD_NAMES, _suit))

# ---------------------------------------------------------------- Marquise de Cat (Law 6)
_MQ = RAW["factions"]["marquise"]
MQ_WARRIORS = _MQ["pieces"]["warriors"]
MQ_WOOD = _MQ["pieces"]["wood"]
MQ_BUILDINGS_PER_TYPE = _MQ["pieces"]["sawmills"]
# Index m = buildings of that type already on the map; building the next costs / scores this.
MQ_BUILD_COST = np.array(_MQ["building_track"]["cost_wood_by_column"], dtype=np.int64)
MQ_BUILD_VP = np.array([_MQ["building_track"]["vp_by_column"][k] for k in ("sawmill", "workshop", "recruiter")],
                       dtype=np.int64)
MQ_RECRUITER_DRAW_BONUS = np.array(_MQ["building_track"]["draw_bonus_columns"]["recruiter"], dtype=np.int64)

# ---------------------------------------------------------------- Eyrie Dynasties (Law 7)
_EY = RAW["factions"]["eyrie"]
EY_WARRIORS = _EY["pieces"]["warriors"]
EY_ROOSTS = _EY["pieces"]["roosts"]
EY_ROOST_VP = np.array([_EY["roost_vp_by_roosts_on_map"][str(k)] for k in range(EY_ROOSTS + 1)], dtype=np.int64)
EY_ROOST_DRAW_BONUS = np.array(_EY["draw_bonus_roost_spaces"], dtype=np.int64)
LEADER_NAMES = tuple(l["name"].lower() for l in _EY["leaders"])
BUILDER, CHARISMATIC, COMMANDER, DESPOT = range(4)
DECREE_COLUMNS = ("recruit", "move", "battle", "build")
LEADER_VIZIERS = np.array([[DECREE_COLUMNS.index(v) for v in l["viziers_in"]] for l in _EY["leaders"]],
                          dtype=np.int64)

# ---------------------------------------------------------------- Woodland Alliance (Law 8)
_AL = RAW["factions"]["woodland_alliance"]
AL_WARRIORS = _AL["pieces"]["warriors"]
AL_SYMPATHY = _AL["pieces"]["sympathy"]
# Index k = sympathy tokens already on the map: placing the next costs / scores this (8.4.2).
AL_SYMPATHY_COST = np.array(_AL["sympathy_track"]["cost_supporters_by_token"], dtype=np.int64)
AL_SYMPATHY_VP = np.array(_AL["sympathy_track"]["vp_by_token"], dtype=np.int64)
AL_SUPPORTER_LIMIT = _AL["supporters_limit_without_base"]  # Law 8.2.3.I
BT_BASE = 4  # BT_BASE + suit: the base of that printed suit
TT_SYMPATHY = 2

# ---------------------------------------------------------------- Vagabond (Law 9)
_VB = RAW["factions"]["vagabond"]
BOOT, SWORD, BAG, HAMMER, TEA, COINS, CROSSBOW, TORCH = range(8)
TRACK_ITEMS = (TEA, COINS, BAG)  # Law 9.2.5.I: kept face up on their tracks
TRACK_CAPACITY = 3
# Item states on the Vagabond's board: ready (face up), exhausted (face down), and damaged copies of both.
IS_READY, IS_EXHAUSTED, IS_DAMAGED_READY, IS_DAMAGED_EXHAUSTED = range(4)
# The nine characters of Appendix D (the base game's three, the Riverfolk's three, the Vagabond Pack's three), in
# root_data.json's order: their ids are stored in saved states (VB_CHAR) and name their options (codes.character_option).
_CHARS = list(RAW["vagabond_characters"])
CHARACTER_NAMES = tuple(c["name"].lower() for c in _CHARS)
THIEF, TINKER, RANGER, VAGRANT, SCOUNDREL, ARBITER, ADVENTURER, RONIN, HARRIER = range(len(CHARACTER_NAMES))
assert CHARACTER_NAMES == ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter", "adventurer", "ronin",
                           "harrier"), CHARACTER_NAMES
BASE_CHARACTERS = tuple(c["name"].lower() for c in _CHARS if c["set"] == "base game")
# The characters the engine plays, offered by default (Game.new(vagabond_characters=...) may offer fewer).
IMPLEMENTED_CHARACTERS = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter", "adventurer", "ronin", "harrier")
IMPLEMENTED_CHARACTER_BITS = sum(1 << CHARACTER_NAMES.index(n) for n in IMPLEMENTED_CHARACTERS)
SETUP_OPTION_BIT = 1 << 20  # core.new_game's option word: Advanced Setup (Appendix A; inputs.option_bits)
CHARACTER_OPTION_SHIFT = 8  # core.new_game's option word: bits 8.. exclude characters (inputs.option_bits)
# core.new_game's option word: bits 21-23 the Lizard Cult's extra starting acolytes, a study option (inputs.option_bits)
ACOLYTE_OPTION_SHIFT = 21
MAP_OPTION_SHIFT = 24  # core.new_game's option word: bits 24-25 the map (map_data.MAP_NAMES' index; inputs.option_bits)
MAX_START_ACOLYTES = 4
CHARACTER_ITEMS = np.zeros((len(_CHARS), NITEM), dtype=np.int64)  # Law 9.3.5 / Appendix D starting items
for _i, _c in enumerate(_CHARS):
    for _n in _c["starting_items"]:
        CHARACTER_ITEMS[_i, _ITEM[_n]] += 1
# Law B.9: the Vagabond Pack's items (1 coins, 1 hammer, 1 boot), with B.2's extra items the source of a starting item
# the box lacks (engine.characters.take_starting_items).
PACK_ITEMS = np.zeros(NITEM, dtype=np.int64)
for _n in ("coins", "hammer", "boot"):
    PACK_ITEMS[_ITEM[_n]] += 1
RUIN_ITEMS = np.array([_ITEM[n] for n in RAW["items"]["ruin_items_R"]], dtype=np.int64)  # Law 9.3.4
# Law 9.8: the second Vagabond brings his own "R" and "S" items (the Riverfolk box's extra items).
SECOND_VAGABOND_ITEMS = np.zeros(NITEM, dtype=np.int64)
for _n, _k in RAW["items"]["riverfolk_expansion_extra_items"].items():
    SECOND_VAGABOND_ITEMS[_ITEM[_n]] = _k
QUEST_NAMES = tuple(f"{q['name']} ({q['suit']})" for q in RAW["quests"])
NQUEST = len(QUEST_NAMES)
QUEST_SUIT = np.array([_SUIT[q["suit"]] for q in RAW["quests"]], dtype=np.int64)
QUEST_ITEMS = np.array([[_ITEM[i] for i in q["items"]] for q in RAW["quests"]], dtype=np.int64)
QUESTS_VISIBLE = 3  # Law 9.3.3
# Law 9.2.9.I: aids needed in one turn to reach the next relationship space, and its VP.
REL_AIDS = np.array([s["aids_needed_same_turn"] for s in _VB["relationships"]["track"]], dtype=np.int64)
REL_VP = np.array([s["vp"] for s in _VB["relationships"]["track"]], dtype=np.int64)
REL_ALLIED = REL_AIDS.shape[0]   # relationship value of an Allied faction; 0 = Indifferent
REL_HOSTILE = REL_ALLIED + 1
AID_ALLIED_VP = _VB["relationships"]["aid_allied_vp"]  # Law 9.2.9.II.a
VB_BASE_ITEM_LIMIT = 6           # Law 9.6.4
VB_REFRESH_BASE = 3              # Law 9.4.1

# ---------------------------------------------------------------- Lizard Cult (Law 10)
# Values and their sources: docs/rules.md, Game data (Lizard Cult).
_LZ = RAW["factions"]["lizard_cult"]
LZ_WARRIORS = _LZ["pieces"]["warriors"]
LZ_GARDENS_PER_SUIT = _LZ["pieces"]["gardens_per_suit"]
# Index n-1 = n gardens of the suit on the map: the VP above the rightmost empty space (Law 10.5.3).
LZ_GARDEN_VP = np.array(_LZ["garden_track_vp_spaces_left_to_right"], dtype=np.int64)
LZ_CONSPIRACY_COST = np.array([_LZ["conspiracy_costs"][k] for k in ("crusade", "convert", "sanctify")],
                              dtype=np.int64)
LZ_HATED_DISCOUNT = _LZ["conspiracy_costs"]["hated_outcast_discount"]
# Law 10.6.3: the gardens space (1..5, from the left) holding each suit's card-draw icon; it is uncovered
# once that many gardens of the suit are on the map. Current printing: the 2nd space of every suit; the
# first printing staggers them (fox 2, rabbit 3, mouse 4; expansion_numbers.md section 1), an option.
LZ_DRAW_BONUS_SPACE = np.array([[2, 2, 2], [2, 3, 4]], dtype=np.int64)  # [printing, suit]
CRUSADE, CONVERT, SANCTIFY = 0, 1, 2

# ---------------------------------------------------------------- Riverfolk Company (Law 11)
# Values and their sources: docs/rules.md, Game data (Riverfolk Company).
_RF = RAW["factions"]["riverfolk"]
RF_WARRIORS = _RF["pieces"]["warriors"]
RF_POSTS_PER_SUIT = _RF["pieces"]["trade_posts_per_suit"]
RF_POST_VP = _RF["trade_post_vp_each"]  # flat 2 on every space (expansion_numbers.md section 2)
RF_SERVICE_NAMES = ("hand card", "riverboats", "mercenaries")
HAND_CARD, RIVERBOATS, MERCENARIES = range(3)
RF_PRICE_MAX = max(_RF["service_cost_range"])  # prices 1..4 (11.3.5, 11.6.2)
RF_STARTING_PAYMENTS = _RF["starting_funds_payments"]  # Law 11.3.4
RF_PROTECTIONISM = 2          # Law 11.4.1: warriors placed in an empty Payments box
RF_SETUP_WARRIORS = 4         # Law 11.3.2
RF_TRADE_POST_COST = 2        # Law 11.5.6.II
# Clearings touching a river (11.3.2 setup, 11.5.5 recruit).
RIVER_CLEARING = np.array([1 if RIVER_ADJ[c].any() else 0 for c in range(NC)], dtype=np.int64)

# ---------------------------------------------------------------- Corvid Conspiracy (seed 003, Law 13)
_CV = RAW["factions"]["corvid"]
CV_WARRIORS = _CV["pieces"]["warriors"]
PLOT_NAMES = ("bomb", "snare", "extortion", "raid")
BOMB, SNARE, EXTORTION, RAID = range(4)
CV_PLOTS_PER_TYPE = np.array([_CV["pieces"]["plots"][n] for n in PLOT_NAMES], dtype=np.int64)
CV_DAYLIGHT_ACTIONS = _CV["daylight_actions"]  # Law 13.5
CV_EXPOSE_VP = _CV["expose_vp_for_enemy"]        # Law 13.2.4

# ---------------------------------------------------------------- Lord of the Hundreds (Law 14)
# Values and their sources: docs/rules.md, Game data (Lord of the Hundreds). The engine's rules for the faction are not
# complete yet: "hundreds" is a faction name (a state slot) but not in IMPLEMENTED_FACTIONS, so Game.new refuses it.
HD_WARRIORS = 20            # Law 14.3.1: 20 warriors and 1 warlord (Appendix B: 20 Hundreds warriors, 1 warlord)
HD_STRONGHOLDS = 6          # Law 14.3.1
HD_MOBS = 5                 # Appendix B (Marauder): 5 mob tokens
HD_SETUP_WARRIORS = 4       # Law 14.3.2: the warlord, four warriors and one stronghold
HD_TRACK_SPACES = 4         # Law 14.2.4.II: up to four items on each track (the value reaches 4)
# Law 14.2.4.II: Command / Prowess by the number of items on the track (0..4).
HD_TRACK_VALUE = np.array([1, 2, 2, 3, 4], dtype=np.int64)
# Law 14.6.2: Oppress VP by the number of oppressed clearings (0, 1, 2, ... 6 or more).
HD_OPPRESS_VP = np.array([0, 1, 1, 2, 2, 3, 4], dtype=np.int64)
HD_LAVISH_WARRIORS = 2      # Law 14.7.4
HD_JUBILANT_SPREADS = 4     # Law 14.7.3
HD_ROWDY_ENEMY_PIECES = 3   # Law 14.7.6
# Law 14.2.4: the track that holds each item (0 Command, 1 Prowess; -1 none: the torch). The Law's official text
# (therootdatabase.com, Law 14.2.4) and haunt-roll-fail both put the coins on Command and the crossbow on Prowess; the
# project's own transcription of the Law swaps those two: docs/rules.md flags it.
HD_COMMAND, HD_PROWESS = 0, 1
HD_ITEM_TRACK = np.array([HD_COMMAND, HD_PROWESS, HD_COMMAND, HD_PROWESS, HD_PROWESS, HD_COMMAND, HD_PROWESS, -1],
                         dtype=np.int64)  # boot, sword, bag, hammer, tea, coins, crossbow, torch
# Law 14.7: the eight moods and the item each shows (-1: Lavish shows none). Stubborn/Rowdy: see HD_ITEM_TRACK's note.
MOOD_NAMES = ("bitter", "grandiose", "jubilant", "lavish", "relentless", "rowdy", "stubborn", "wrathful")
BITTER, GRANDIOSE, JUBILANT, LAVISH, RELENTLESS, ROWDY, STUBBORN, WRATHFUL = range(8)
MOOD_ITEM = np.array([HAMMER, TEA, BOOT, -1, BAG, COINS, CROSSBOW, SWORD], dtype=np.int64)

# ---------------------------------------------------------------- Keepers in Iron (Law 15)
# Values and their sources: data/root_data.json (factions.keepers_in_iron) and docs/faction_data_duchy_keepers.md.
_KP = RAW["factions"]["keepers_in_iron"]
KP_WARRIORS = _KP["pieces"]["warriors"]          # Law 15.3.2
KP_WAYSTATIONS = _KP["pieces"]["waystations"]    # Law 15.2.2
KP_SETUP_WARRIORS = 4                            # Law 15.3.3: four in the corner, four in the adjacent edge clearing
KP_RECRUIT_WARRIORS = _KP["recruit_warriors_per_card"]  # Law 15.4.3
KP_LIVE_OFF_LAND = _KP["live_off_the_land_min_warriors"]  # Law 15.6.1
KP_RETINUE_MAX = _KP["retinue"]["max_cards"]     # Law 15.6.2 (Faithful Retainers counted: docs/rules.md)
KP_COLUMN_VP = _KP["relics_track"]["column_complete_vp"]  # Law 15.5.2.III.b
KP_TROPHY_VP = _KP["prized_trophies_vp_total"] - 1  # Law 15.2.5: one extra VP beside the token's (3.2.1)
RELIC_TYPE_NAMES = tuple(_KP["relic_types"])     # figure, tablet, jewelry (Law 15.2.1)
NRELIC_TYPES = len(RELIC_TYPE_NAMES)
RELIC_VALUES = tuple(sorted(set(_KP["relic_values_per_type"])))  # 1, 2, 3
NRELIC_VALUES = len(RELIC_VALUES)
# A relic kind is (type, value): type * NRELIC_VALUES + value - 1. A face-up relic is told by its kind alone (the two
# 3s of a type are alike), so the state counts relics by kind and place (layout.KP_*).
NRELIC_KINDS = NRELIC_TYPES * NRELIC_VALUES
RELIC_KIND_TYPE = np.array([k // NRELIC_VALUES for k in range(NRELIC_KINDS)], dtype=np.int64)
RELIC_KIND_VALUE = np.array([RELIC_VALUES[k % NRELIC_VALUES] for k in range(NRELIC_KINDS)], dtype=np.int64)
RELIC_KIND_TOTAL = np.array([_KP["relic_values_per_type"].count(RELIC_KIND_VALUE[k]) for k in range(NRELIC_KINDS)],
                            dtype=np.int64)  # 1, 1, 2 of each type
NRELICS = int(RELIC_KIND_TOTAL.sum())
assert NRELICS == _KP["pieces"]["relics"] == 12
KP_RELIC_SPACES = _KP["relics_track"]["spaces_per_type"]  # four Relics spaces of each type (15.5.2.III.a)
# Law 15.2.2: each waystation's two faces (relic types); the three cover each pair once.
_RT = {n: i for i, n in enumerate(RELIC_TYPE_NAMES)}
WAYSTATION_FACES = np.array([[_RT[t] for t in w["faces"]] for w in _KP["waystations"]], dtype=np.int64)
FAITHFUL_RETAINERS = _KP["faithful_retainer"]["count"]  # Law 15.3.5: one in each Retinue column
RETINUE_COLUMNS = len(_KP["retinue"]["columns"])  # Move; Battle then Delve; Move or Recover (15.5.2)
RETINUE_NAMES = ("move", "battle then delve", "move or recover")
RETINUE_MOVE, RETINUE_BATTLE, RETINUE_RECOVER = range(RETINUE_COLUMNS)

# ---------------------------------------------------------------- Underground Duchy (Law 12)
# Values and their sources: data/root_data.json (factions.underground_duchy) and docs/faction_data_duchy_keepers.md.
_DU = RAW["factions"]["underground_duchy"]
DU_WARRIORS = _DU["pieces"]["warriors"]             # Law 12.3.1
DU_TUNNELS = _DU["pieces"]["tunnels"]               # Law 12.2.4
DU_CITADELS = _DU["pieces"]["citadels"]             # Law 12.3.4
DU_MARKETS = _DU["pieces"]["markets"]
DU_SETUP_WARRIORS = 2                               # Law 12.3.3: 2 in the corner, 2 in each adjacent clearing
DU_ASSEMBLY_ACTIONS = _DU["assembly_actions"]       # Law 12.5.1: up to two actions
DU_DIG_MAX = _DU["dig_max_warriors_from_burrow"]    # Law 12.5.1.V
DU_HAND_LIMIT = _DU["hand_limit"]
# Law 12.4: warriors placed in the Burrow in Birdsong, by citadels on the map (one plus the warrior icons showing).
DU_BIRDSONG_WARRIORS = np.array([_DU["birdsong_recruit_by_citadels_on_map"][str(k)] for k in range(DU_CITADELS + 1)],
                                dtype=np.int64)
# Law 12.6.3: cards drawn in Evening, by markets on the map (one plus the draw icons showing).
DU_EVENING_DRAW = np.array([_DU["evening_draw_by_markets_on_map"][str(k)] for k in range(DU_MARKETS + 1)],
                           dtype=np.int64)
RANK_NAMES = tuple(_DU["ranks"])                    # squire, noble, lord (Law 12.2.3: lord is the highest)
SQUIRE, NOBLE, LORD = range(3)
DU_CROWNS_PER_RANK = _DU["crowns_per_rank"]         # Law 12.3.6: nine crowns, three of each rank
DU_CROWN_VP = np.array([_DU["crown_vp_by_rank"][r] for r in RANK_NAMES], dtype=np.int64)    # Law 12.5.3.III
DU_SWAY_CARDS = np.array([_DU["sway_cards_by_rank"][r] for r in RANK_NAMES], dtype=np.int64)  # Law 12.5.3.II
MINISTER_NAMES = tuple(m["name"].lower() for m in _DU["ministers"])  # Law 12.5.2 I-IX, in its order
NMINISTER = len(MINISTER_NAMES)
(FOREMOLE, CAPTAIN, MARSHAL, BRIGADIER, BANKER, MAYOR, DUCHESS_OF_MUD, BARON_OF_DIRT, EARL_OF_STONE) = range(NMINISTER)
assert MINISTER_NAMES == ("foremole", "captain", "marshal", "brigadier", "banker", "mayor", "duchess of mud",
                          "baron of dirt", "earl of stone"), MINISTER_NAMES
MINISTER_RANK = np.array([RANK_NAMES.index(m["rank"]) for m in _DU["ministers"]], dtype=np.int64)
DU_DUCHESS_VP = 2                                   # Law 12.5.2.VII

# ---------------------------------------------------------------- pieces
# Building types (one table for every faction; owner in BT_OWNER).
BT_NAMES = ("sawmill", "workshop", "recruiter", "roost", "base_fox", "base_rabbit", "base_mouse",
            "garden_fox", "garden_rabbit", "garden_mouse", "stronghold") + tuple(
    "waystation_" + "_".join(RELIC_TYPE_NAMES[t] for t in w) for w in WAYSTATION_FACES) + ("citadel", "market")
NBT = len(BT_NAMES)
BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER, BT_ROOST = 0, 1, 2, 3
BT_OWNER = np.array([MARQUISE, MARQUISE, MARQUISE, EYRIE, ALLIANCE, ALLIANCE, ALLIANCE, LIZARDS, LIZARDS, LIZARDS,
                     HUNDREDS] + [KEEPERS] * KP_WAYSTATIONS + [DUCHY] * 2, dtype=np.int64)
BT_TOTAL = np.array([6, 6, 6, 7, 1, 1, 1] + [LZ_GARDENS_PER_SUIT] * 3 + [HD_STRONGHOLDS] + [1] * KP_WAYSTATIONS
                    + [DU_CITADELS, DU_MARKETS], dtype=np.int64)
BT_GARDEN = 7  # BT_GARDEN + suit: the Lizard Cult's garden of that suit
BT_STRONGHOLD = 10  # the Hundreds' stronghold (Law 14.3.1)
BT_WAYSTATION = 11  # BT_WAYSTATION + w: the Keepers' waystation w (faces WAYSTATION_FACES[w], Law 15.2.2)
BT_CITADEL, BT_MARKET = 14, 15  # the Underground Duchy's buildings (Law 12.3.4)
assert BT_NAMES[BT_CITADEL] == "citadel" and BT_NAMES[BT_MARKET] == "market"
# Token types.
TT_NAMES = ("wood", "keep", "sympathy", "tradepost_fox", "tradepost_rabbit", "tradepost_mouse",
            "plot_bomb", "plot_snare", "plot_extortion", "plot_raid", "mob") + tuple(
    f"relic_{RELIC_TYPE_NAMES[RELIC_KIND_TYPE[k]]}_{RELIC_KIND_VALUE[k]}" for k in range(NRELIC_KINDS)) + ("tunnel",)
NTT = len(TT_NAMES)
TT_WOOD, TT_KEEP = 0, 1
TT_TRADEPOST = 3  # TT_TRADEPOST + suit: the Riverfolk's trade post of that suit
TT_PLOT = 6  # TT_PLOT + plot type (PLOT_NAMES): the Corvids' plot tokens
TT_MOB = 10  # the Hundreds' mob token (Law 14.4.1)
# TT_RELIC + kind: a face-up relic in a clearing, a Keepers' token (Law 15.2.1; relics in clearings are always face up:
# only Delve brings one there from a forest, and flips it, 15.5.2.II.a). Relics in forests and recovered ones are the
# layout's KP_* regions.
TT_RELIC = 11
TT_TUNNEL = TT_RELIC + NRELIC_KINDS  # the Underground Duchy's tunnel (Law 12.2.4)
TT_OWNER = np.array([MARQUISE, MARQUISE, ALLIANCE, RIVERFOLK, RIVERFOLK, RIVERFOLK, CORVIDS, CORVIDS, CORVIDS, CORVIDS,
                     HUNDREDS] + [KEEPERS] * NRELIC_KINDS + [DUCHY], dtype=np.int64)
TT_TOTAL = np.array([MQ_WOOD, 1, AL_SYMPATHY] + [RF_POSTS_PER_SUIT] * 3 + list(CV_PLOTS_PER_TYPE) + [HD_MOBS]
                    + list(RELIC_KIND_TOTAL) + [DU_TUNNELS], dtype=np.int64)
# The Hundreds' warlord is not counted here: it is a warrior on the map (WARRIORS) or off it (layout.HD_WARLORD).
WARRIOR_TOTAL = np.array([MQ_WARRIORS, EY_WARRIORS, AL_WARRIORS, 0, 0, LZ_WARRIORS, RF_WARRIORS, CV_WARRIORS,
                          HD_WARRIORS, KP_WARRIORS, DU_WARRIORS], dtype=np.int64)


def _owner_ranges(owner):
    """first[f], end[f]: the types f owns, as one half-open range (every faction's types are consecutive in its
    table, which this checks), so that counting one faction's pieces reads only its own types."""
    first = np.zeros(NF, np.int64)
    end = np.zeros(NF, np.int64)
    for f in range(NF):
        own = np.flatnonzero(owner == f)
        if own.size:
            assert own[-1] - own[0] + 1 == own.size, "a faction's piece types must be consecutive"
            first[f], end[f] = own[0], own[-1] + 1
    return first, end


BT_FIRST, BT_END = _owner_ranges(BT_OWNER)
TT_FIRST, TT_END = _owner_ranges(TT_OWNER)
# Piece kinds as offered in the action space: buildings, then tokens.
PIECE_NAMES = BT_NAMES + TT_NAMES
NPIECE = len(PIECE_NAMES)

# Battle dice (Law 4.3.2): each die shows 0..3 with equal chance (faces 0,0,0,1,1,1,2,2,2,3,3,3).
DIE_FACES = np.array(RAW["dice"]["faces"], dtype=np.int64)

VICTORY_VP = 30  # Law 3.1
DOMINANCE_MIN_VP = 10  # Law 3.3.1
HAND_LIMIT = 5  # Law 6.6, 7.6.2
STARTING_HAND = 3  # Law 5.1.3
ADVANCED_HAND = 5  # Appendix A.7: five cards drawn
ADVANCED_KEEP = 3  # Appendix A.10: three kept, the others put back

# ---------------------------------------------------------------- Clockwork bots (seed 004)
# A seat may be a faction's Clockwork bot: "bot:<name>" wherever a faction name is accepted. The bot plays
# that faction's slot (its pieces), so it cannot sit beside the faction itself.
BOT_NAMES = {"mechanical_marquise": MARQUISE, "electric_eyrie": EYRIE, "automated_alliance": ALLIANCE}
BOT_LEVEL_NAMES = ("easy", "normal", "challenging", "nightmare")
BOT_EASY, BOT_NORMAL, BOT_CHALLENGING, BOT_NIGHTMARE = range(4)
# Traits by faction, each a bit of BOT_TRAITS (seed 004 rules.mechmarqtraits, rules.electriceyrietraits).
BOT_TRAIT_NAMES = {MARQUISE: ("blitz", "fortified", "iron_will", "hospitals"),
                   EYRIE: ("relentless", "swoop", "nobility", "war_tax"),
                   ALLIANCE: ("veterans", "popularity", "informants", "wildfire")}
MM_BLITZ, MM_FORTIFIED, MM_IRON_WILL, MM_HOSPITALS = 1, 2, 4, 8
EE_RELENTLESS, EE_SWOOP, EE_NOBILITY, EE_WAR_TAX = 1, 2, 4, 8
AA_VETERANS, AA_POPULARITY, AA_INFORMANTS, AA_WILDFIRE = 1, 2, 4, 8
# The Automated Alliance (docs/clockwork_alliance.md): VP for placing the n-th sympathy token (AA-7, the
# bot's board as the public assistants give it; unverified against a printed board: the option O_AA_HUMAN_TRACK uses
# the human Alliance's), and the warriors a base clearing needs to Organize, by difficulty (AA-E1).
AA_SYMPATHY_VP = np.array([0, 1, 1, 1, 1, 2, 2, 3, 3, 4], dtype=np.int64)
AA_ORGANIZE_AT = np.array([4, 3, 2, 2], dtype=np.int64)
# The Electric Eyrie's Decree: a column per suit, resolved left to right fox, mouse, rabbit, bird (the printed
# board as the Law of Rootbotics and the Clockwork Companion give it; seed 004 says only "left to right").
EE_COLUMNS = np.array([FOX, MOUSE, RABBIT, BIRD], dtype=np.int64)
# The faction code new_game takes for a seat: the faction id, plus for a bot 16 + 32 * level + 128 * traits (since
# state format 11: faction ids reach 8).
BOT_CODE_FLAG, BOT_CODE_LEVEL, BOT_CODE_TRAITS = 16, 32, 128
assert BOT_CODE_FLAG > NF

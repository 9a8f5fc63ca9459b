"""Observation encoding: a fixed-size float32 vector of what one player may know.

Public: the board, VP, hand sizes, crafted cards and items, the discard pile, the Decree, the
pending decision and its public context. Private to the viewer: its own hand, and cards it has
legitimately seen in other hands (Codebreakers, Stand and Deliver!). Never: other hands, the deck
order, the RNG. The layout is ``OBS_TABLE`` (name, shape, axes, content, divisor), in order;
``OBS_FIELDS`` lists (name, size). ``normalize`` scales an observation to about [0, 1].
"""
from typing import NamedTuple

import numpy as np
from .jit import njit

from ..data import CHARACTER_NAMES
from ..data import (NC, NF, NBT, NTT, NCARD, NITEM, NFOREST, NQUEST, REL_HOSTILE, REL_AIDS, FACTION_NAMES, TT_NAMES,
                    ITEM_POOL, SECOND_VAGABOND_ITEMS, WARRIOR_TOTAL, VICTORY_VP, MQ_WOOD, MQ_BUILDINGS_PER_TYPE, EY_ROOSTS,
                    AL_SYMPATHY, AL_WARRIORS, DECREE_COLUMNS, LZ_WARRIORS, RF_PRICE_MAX, RF_POSTS_PER_SUIT, CORVIDS,
                    TT_PLOT, CV_PLOTS_PER_TYPE, VAGABOND, CV_DAYLIGHT_ACTIONS)
from ..codes import N_DECISIONS, N_OPT
from ..layout import SCORCHED, B_INSTIGATOR, VB_CHOICE, CLEARING_SUITS, SETUP_KIND, HOMELAND
from ..map_data import NMAP, MAP_SLOTS
from ..layout import MAP, ADJ_OPEN, R_CP_FROM, FERRY, TF_FERRY
from ..layout import HD_WARLORD, HD_MOOD, HD_HOARD, HD_ACTIONS, HD_STEP, HD_LOOT, HD_MOVED, HD_BATTLED, FACTION_SEAT
from ..data import HUNDREDS, MOOD_NAMES, HD_TRACK_SPACES
from ..data import DU_WARRIORS, NMINISTER, DU_CROWNS_PER_RANK, DU_ASSEMBLY_ACTIONS, DU_SWAY_CARDS
from ..layout import DU_BURROW, DU_SWAYED, DU_USED, DU_MINISTER, DU_CROWNS_LOST, DU_ACTIONS, DU_LEFT, DU_FAILURE, DU_CLEARING
from ..data import (KEEPERS, NRELIC_KINDS, NRELIC_TYPES, RELIC_KIND_TYPE, RELIC_KIND_TOTAL, KP_WAYSTATIONS, KP_WARRIORS,
                    RETINUE_COLUMNS, FAITHFUL_RETAINERS, NRELICS)
from ..layout import (KP_FOREST_UP, KP_FOREST_DOWN, KP_RESERVE, KP_RECOVERED, KP_WS_FACE, KP_RETAINERS, KP_RET_USED,
                      KP_COL, KP_CARD, KP_CLEARING, KP_FOREST, KP_STEP, KP_ENCAMPED, KP_DECAMPED, KP_CARRY, KP_TROPHY,
                      LOC_RETINUE)
from ..layout import (BOUNDS, WARRIORS, BUILDINGS, TOKENS, RUINS, VP, DOMINANCE, HAND_N, NSEATS, FACTION_SEAT, ACTIVE,
                      DECIDER, CRAFTED_ITEMS, ITEM_SUPPLY, CARD_LOC, CARD_FLAG, CARD_KNOWN, LOC_HAND, LOC_DISCARD,
                      LOC_AVAILABLE, LOC_REMOVED, LOC_LAST, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE, PHASE, DECISION,
                      TURN, MAX_TURNS, DECK_N, MQ_ACTIONS, MQ_RECRUITED, EY_LEADER, EY_LEADER_STATE, EY_VIZIER_COL,
                      EY_VIZIER_DONE, EY_ADDED, EY_ADDED_BIRD, CRAFT_USED, TURN_FLAGS, REG, SCRATCH, FH_QUEUE,
                      SUPPLY_WARRIORS, R_MOVE_FROM, R_MOVE_TO, R_B_CLEARING, R_B_ATT, R_B_DEF, R_B_ROLL_ATT,
                      R_B_ROLL_DEF, R_B_EXTRA_ATT, R_B_EXTRA_DEF, R_B_HITS_ATT, R_B_HITS_DEF, R_BUILD_TYPE,
                      R_BUILD_AT, R_WOOD_LEFT, R_FH_CLEARING, R_PLACE_LEFT, R_ANY_LEFT, R_DECREE_CARD,
                      R_PAY_VERB, LOC_SUPPORTERS, AL_OFFICERS, AL_OUTRAGE, AL_OPS, AL_TRIM, VB_CHAR, VB_PAWN,
                      VB_ITEMS, VB_REL, VB_AIDS, VB_COALITION, VB_DAMAGE, VB_REFRESH, VB_BATTLE_HITS, VB_R_HELD, RUIN_ITEM, RUIN_SEEN, QUEST_LOC,
                      QUEST_DECK_N, ITEM_BOX, R_AL_TARGET, R_SPEND_LEFT, R_SPEND_SUIT, R_OUTRAGE_CLEARING,
                      R_OUTRAGE_PAYER, R_VB_TARGET, R_VB_ALLY, R_B_ALLY, R_VB_QUEST, R_VB_MOVE_FROM, R_VB_ITEM,
                      R_VB_HIDEOUT, QL_VISIBLE, QL_DONE, QUEST_BY, LOC_LOST_SOULS, LOC_REVEALED, LOC_ORDER, BOT, BOT_LEVEL, BOT_TRAITS, OPTIONS, O_COOPERATIVE, O_BOTS_LAW, R_LZ_RITUAL, R_LZ_TARGET,
                      LZ_OUTCAST, LZ_HATED, LZ_ACOLYTES, LZ_SCORED, RF_FUNDS, RF_PAYMENTS, RF_COMMITTED, RF_PRICES,
                      RF_POSTS_GONE, RF_DISRUPT, RF_SERVICES_LEFT, RF_BOUGHT, R_RF_ARG, R_RF_PAY_LEFT, CV_FACE_UP,
                      CV_EXCLUDED, CV_PLACED, CV_ACTIONS, CV_RECRUITED, CV_EXERTED, R_CV_TARGET)
from ..data import EYRIE

N_REL_VALUES = REL_HOSTILE + 1
# Each card's features, in order (the inner axis of the "cards" field).
CARD_FEATURE_NAMES = (("in_my_hand", "in_discard", "available_dominance", "removed", "unseen", "resolved_on_decree")
                      + tuple(f"crafted_by_{f}" for f in FACTION_NAMES) + tuple(f"seen_in_hand_of_{f}" for f in FACTION_NAMES)
                      + tuple(f"decree_column_{c}" for c in DECREE_COLUMNS)
                      + ("known_supporter", "in_lost_souls", "revealed_by_lizards", "bot_order_card")
                      + ("retinue_move", "retinue_battle_then_delve", "retinue_move_or_recover", "used_in_retinue"))
CARD_FEATURES = len(CARD_FEATURE_NAMES)
assert CARD_FEATURES == 6 + NF + NF + 4 + 4 + 4
_RETINUE_FEATURE = 6 + 2 * NF + 8  # + column; the "used this Daylight" flag after the three columns

# The registers of the decision in progress that every player may see, in order (the "context" field),
# each stored + 1 (registers use -1 for "none"), with its divisor under normalize=True.
CONTEXT_REGS = (
    # a move's places: a clearing, or the Duchy's Burrow (NC, Law 12.2.2)
    ("move_from", R_MOVE_FROM, NC + 1), ("move_to", R_MOVE_TO, NC + 1), ("battle_clearing", R_B_CLEARING, NC),
    ("attacker", R_B_ATT, NF), ("defender", R_B_DEF, NF), ("roll_attacker", R_B_ROLL_ATT, 4),
    ("roll_defender", R_B_ROLL_DEF, 4), ("extra_hits_attacker", R_B_EXTRA_ATT, 4),
    ("extra_hits_defender", R_B_EXTRA_DEF, 4), ("hits_left_attacker", R_B_HITS_ATT, 8),
    ("hits_left_defender", R_B_HITS_DEF, 8), ("build_type", R_BUILD_TYPE, NBT), ("build_at", R_BUILD_AT, NC),
    ("wood_left", R_WOOD_LEFT, 8), ("field_hospital_clearing", R_FH_CLEARING, NC), ("place_left", R_PLACE_LEFT, 8),
    ("any_suit_left", R_ANY_LEFT, 5), ("pay_verb", R_PAY_VERB, N_OPT), ("alliance_target", R_AL_TARGET, NC),
    ("spend_left", R_SPEND_LEFT, 8), ("spend_suit", R_SPEND_SUIT, 5), ("outrage_clearing", R_OUTRAGE_CLEARING, NC),
    ("outrage_payer", R_OUTRAGE_PAYER, NF), ("vagabond_target", R_VB_TARGET, NF), ("vagabond_ally", R_VB_ALLY, NF),
    ("battle_ally", R_B_ALLY, NF), ("vagabond_quest", R_VB_QUEST, NQUEST),
    ("vagabond_move_from", R_VB_MOVE_FROM, NC + NFOREST), ("vagabond_item", R_VB_ITEM, NITEM * 4),
    ("vagabond_hideout", R_VB_HIDEOUT, 4), ("lizards_ritual", R_LZ_RITUAL, N_OPT), ("lizards_target", R_LZ_TARGET, NC),
    ("riverfolk_arg", R_RF_ARG, N_OPT), ("riverfolk_pay_left", R_RF_PAY_LEFT, 4), ("corvids_target", R_CV_TARGET, NC),
    ("closed_path_from", R_CP_FROM, NC),  # the Mountain (C.3.3): the first clearing of the closed path being removed
)
PUBLIC_REGS = np.array([r for _, r, _ in CONTEXT_REGS], dtype=np.int64)


class ObsField(NamedTuple):
    """One field of the observation. ``root_env.observation.obs_fields(obs)[name]`` has shape
    ``shape`` (C order; ``axes`` name the axes outer to inner). With ``normalize=True`` each entry
    is divided by ``scale``: a number, divisors that broadcast to ``shape`` (numpy rules), or
    ``TURN_CAP`` (the game's turn cap). ``why`` says where the divisor comes from; ``exact``
    whether it is a hard bound (normalised entries in [0, 1]) or a typical maximum (about [0, 1])."""
    name: str
    shape: tuple
    axes: tuple
    content: str
    scale: object
    why: str
    exact: bool = True  # the divisor is a bound: normalised entries never pass 1

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


TURN_CAP = "max_turns"  # the divisor of the turn fields: the game's own turn cap
_HAND_SCALE = 10           # a hand rarely holds more (about [0, 1]; no rule caps it during a turn)
_SUPPORTERS_SCALE = 20     # supporters beyond five need a base (Law 8.2.4); rarely above twenty
_WOOD_PER_CLEARING = MQ_WOOD
# per type (a column): the Marquise's wood; two relics of value 3 of a type may share a clearing (15.2.1); one else
_TOKEN_SCALE = tuple((_WOOD_PER_CLEARING if n == "wood" else 2 if n.startswith("relic_") and n.endswith("_3") else 1,)
                     for n in TT_NAMES)
_ITEM_SCALE = tuple(int(x) for x in ITEM_POOL + SECOND_VAGABOND_ITEMS)  # both Vagabonds' items in
_CRAFT_PIECES = max(MQ_BUILDINGS_PER_TYPE, EY_ROOSTS, AL_SYMPATHY)  # most crafting pieces of one faction
_DISRUPT_MAX = BOUNDS["RF_DISRUPT"][2][0]  # the state's bound on the funds owed: every warrior of the table
_SERVICES_MAX = 1 + 3 * RF_POSTS_PER_SUIT  # Law 11.2.6.II: one service plus one per clearing with a trade post
_F, _C, _I, _V = "faction", "clearing", "item", "vagabond (first, second)"

N_CHARACTERS = len(CHARACTER_NAMES)

# The observation, field by field in order. observe() below writes exactly this layout; the docs'
# field table is generated from it (root_env.observation.fields_markdown).
OBS_TABLE = (
    ObsField("viewer", (NF,), (_F,), "one-hot of the observing faction", 1, "one-hot"),
    ObsField("warriors", (NF, NC), (_F, _C), "warriors on the map", int(WARRIOR_TOTAL.max()),
             "most warriors of a faction"),
    ObsField("buildings", (NBT, NC), ("building type", _C), "buildings on the map", int(MAP_SLOTS.max()),
             "most building slots of a clearing"),
    ObsField("tokens", (NTT, NC), ("token type", _C), "tokens on the map", _TOKEN_SCALE,
             "wood: the Marquise's wood; a relic of value 3: two of a type; other tokens: one per clearing"),
    ObsField("ruins", (NC,), (_C,), "a ruin is in the clearing", 1, "flag"),
    ObsField("supply_warriors", (NF,), (_F,), "warriors in the faction's supply", int(WARRIOR_TOTAL.max()),
             "most warriors of a faction"),
    ObsField("vp", (NF,), (_F,), "victory points", VICTORY_VP, "the winning score (a last score can pass it: about [0, 1.2])", False),
    ObsField("dominance", (NF, 4), (_F, "suit"), "the faction's activated dominance card, one-hot of its suit", 1,
             "one-hot"),
    ObsField("hand_size", (NF,), (_F,), "cards in hand", _HAND_SCALE, "about [0, 1]: no rule caps a hand during a turn", False),
    ObsField("seated", (NF,), (_F,), "the faction plays in this game", 1, "flag"),
    ObsField("seat_from_viewer", (NF,), (_F,), "seats after the viewer's, in turn order (0 = the viewer)", NF - 1,
             "most other seats"),
    ObsField("active", (NF,), (_F,), "one-hot of the faction whose turn it is", 1, "one-hot"),
    ObsField("decider", (NF,), (_F,), "one-hot of the faction that must decide now", 1, "one-hot"),
    ObsField("crafted_items", (NF, NITEM), (_F, _I), "items crafted by the faction", _ITEM_SCALE,
             "copies of the item in the game"),
    ObsField("item_supply", (NITEM,), (_I,), "items in the shared supply (Law 5.1.5)", _ITEM_SCALE,
             "copies of the item in the game"),
    ObsField("cards", (NCARD, CARD_FEATURES), ("card", "card feature"), "per card copy: where it is, as far as the "
             "viewer may know (unseen = the deck or a hand the viewer has not seen)", 1,
             "flags"),
    ObsField("phase", (5,), ("phase",), "one-hot: setup, Birdsong, Daylight, Evening, game over", 1, "one-hot"),
    ObsField("decision", (N_DECISIONS,), ("decision kind",), "one-hot of the pending decision", 1, "one-hot"),
    ObsField("turn", (1,), ("",), "turns begun so far", TURN_CAP, "the turn cap"),
    ObsField("turns_left", (1,), ("",), "turns before the turn cap truncates the game", TURN_CAP, "the turn cap"),
    ObsField("deck_size", (1,), ("",), "cards in the draw pile", NCARD, "cards in the deck"),
    ObsField("mq_actions", (1,), ("",), "the Marquise's Daylight actions left before extra actions", 3,
             "actions per Daylight (Law 6.5)"),
    ObsField("mq_recruited", (1,), ("",), "the Marquise recruited this turn", 1, "flag"),
    ObsField("ey_leader", (4,), ("leader",), "one-hot of the Eyrie's leader (builder, charismatic, commander, despot)",
             1, "one-hot"),
    ObsField("ey_leader_state", (4, 3), ("leader", "leader state"), "each leader: face up, current, face down", 1, "one-hot"),
    ObsField("ey_vizier_col", (2, 4), ("vizier", "Decree column"), "Decree column of each Loyal Vizier", 1, "one-hot"),
    ObsField("ey_vizier_done", (2,), ("vizier",), "the Vizier's action is resolved this turn", 1, "flag"),
    ObsField("ey_added", (2,), ("count, bird",), "cards added to the Decree this Birdsong; one of them a bird",
             (2, 1), "at most two cards, one bird (Law 7.4)"),
    ObsField("craft_used", (3,), ("crafting suit",), "crafting pieces used this turn, per suit",
             _CRAFT_PIECES, "most crafting pieces of a faction"),
    ObsField("turn_flags", (4,), ("once-per-turn card",), "the card was used this turn", 1, "flags"),
    ObsField("context", (len(CONTEXT_REGS),), ("register",), "public registers of the decision in progress, each "
             "+ 1 (0 = none)",
             tuple(s for _, _, s in CONTEXT_REGS), "per register (``CONTEXT_REGS``): a clearing 12, a faction 8, "
             "a die 4, a count 4, 5 or 8", False),
    ObsField("own_pending_card", (NCARD,), ("card",), "the card the viewer is placing on the Decree (Eyrie only)", 1,
             "flag"),
    ObsField("placement_demand", (NC,), (_C,), "pieces of a placement in progress still to place there", 8,
             "about [0, 1]", False),
    ObsField("field_hospital_queue", (NC,), (_C,), "Field Hospitals: the Marquise's warriors removed there, pending",
             int(WARRIOR_TOTAL.max()), "most warriors of a faction"),
    ObsField("alliance_officers", (1,), ("",), "the Alliance's officers", AL_WARRIORS, "the Alliance's warriors"),
    ObsField("alliance_supporters", (1,), ("",), "the *number* of the Alliance's supporters (public, Law 8.2.3)",
             _SUPPORTERS_SCALE, "about [0, 1]: above five needs a base (Law 8.2.4)", False),
    ObsField("alliance_ops_used", (1,), ("",), "military operations left this Evening", AL_WARRIORS,
             "at most one per officer"),
    ObsField("alliance_trim", (1,), ("",), "supporters must be cut to five", 1, "flag"),
    ObsField("outrage_pending", (NC,), (_C,), "bitmask of the factions owing Outrage there (bit f = faction f)",
             (1 << NF) - 1, "all bits set"),
    ObsField("vagabond_character", (2, N_CHARACTERS), (_V, "character"), "one-hot of the character (data.CHARACTER_NAMES: "
             "thief, tinker, ranger, vagrant, scoundrel, arbiter, adventurer, ronin, harrier)", 1, "one-hot"),
    ObsField("vagabond_pawn", (2, NC + NFOREST), (_V, "clearing 1..12, then forest 1..10 (a map's own forests)"),
             "one-hot of the pawn's place", 1, "one-hot"),
    ObsField("vagabond_items", (2, NITEM, 4), (_V, _I, "item state"), "items on the Vagabond's board: face up, "
             "exhausted, damaged, damaged and exhausted", tuple((x,) for x in _ITEM_SCALE),
             "copies of the item in the game"),
    ObsField("vagabond_r_items", (2, NITEM), (_V, _I), "\"R\" items among them (Law 9.8.1)", 2, "two sets"),
    ObsField("vagabond_relationship", (2, NF, N_REL_VALUES), (_V, _F, "relationship"), "one-hot: indifferent, two "
             "amiable steps, allied, hostile", 1, "one-hot"),
    ObsField("vagabond_aids", (2, NF), (_V, _F), "aids given this turn toward the next relationship step",
             int(REL_AIDS.max()), "most aids a step needs", False),
    ObsField("vagabond_coalition", (2, NF), (_V, _F), "one-hot of the coalition partner (Law 9.2.8)", 1, "one-hot"),
    ObsField("vagabond_damage_pending", (2,), (_V,), "items still to damage", 4, "about [0, 1]", False),
    ObsField("vagabond_refresh_left", (2,), (_V,), "refreshes left this Birdsong", 8, "about [0, 1]", False),
    ObsField("vagabond_battle_hits", (2,), ("items, allied warriors",), "hits taken this battle by the Vagabond "
             "battling with an Ally", 4, "about [0, 1]", False),
    ObsField("ruin_items_seen", (NC, NITEM), (_C, _I), "items under the ruin that the viewer has looked at (two "
             "Vagabonds, Law 9.8.1); unseen items are not shown", 2, "two per ruin"),
    ObsField("quests", (NQUEST, 3), ("quest", "face up, completed by the Vagabond, completed by the second Vagabond"),
             "quest cards; a completed quest is its completer's (Law 9.5.5)", 1, "flags"),
    ObsField("quest_deck_size", (1,), ("",), "quests left in the quest deck", NQUEST, "quests in the game"),
    ObsField("item_box", (NITEM,), (_I,), "items out of the game (unused at setup, removed for capacity)", _ITEM_SCALE,
             "copies of the item in the game"),
    ObsField("lizards_outcast", (3, 2), ("suit", "outcast, hated"), "the Lizard Cult's outcast marker: its suit, "
             "Outcast side or Hated side (Law 10.4.1)", 1, "one-hot"),
    ObsField("lizards_acolytes", (1,), ("",), "warriors in the Lizard Cult's Acolytes box", LZ_WARRIORS,
             "the Cult's warriors"),
    ObsField("lizards_scored", (3,), ("suit",), "the Cult scored that suit this turn (Law 10.5.3)", 1, "flags"),
    ObsField("riverfolk_boxes", (3, NF), ("funds, payments, committed", _F), "warriors in the Riverfolk's Funds, "
             "Payments and Committed boxes (the tracks' spaces included), by owner (Law 11.2.4)", int(WARRIOR_TOTAL.max()),
             "most warriors of a faction: a box holds at most its owner's warriors"),
    ObsField("riverfolk_prices", (3,), ("hand card, riverboats, mercenaries",), "service prices (Law 11.2.7)",
             RF_PRICE_MAX, "the highest price"),
    ObsField("riverfolk_posts_gone", (3,), ("suit",), "trade posts returned to the box (Law 11.2.5.I)",
             RF_POSTS_PER_SUIT, "trade posts of a suit"),
    ObsField("riverfolk_disruption", (1,), ("",), "funds the Riverfolk still owe to Trade Disruption", _DISRUPT_MAX,
             "at most the funds (Law 11.2.5.I), at most every warrior of the table (layout.MAX_FUNDS)"),
    ObsField("services", (4,), ("left, hand card, riverboats, mercenaries",), "services the player taking the turn "
             "may still buy, and those bought this turn (Law 11.2.6)", _SERVICES_MAX,
             "most services a turn: one plus one per trade post (11.2.6.II)"),
    ObsField("plots", (NC, 2), (_C, "face down, face up"), "a Corvid plot in the clearing and its facing (the type of "
             "a face-down plot is in `tokens` for the Corvids only, 13.2.2.I)", 1, "flags"),
    ObsField("plots_ruled_out", (NC, 4), (_C, "bomb, snare, extortion, raid"), "types a wrong Exposure guess ruled "
             "out for the face-down plot there (13.2.4)", 1, "flags"),
    ObsField("plot_supply", (5,), ("bomb, snare, extortion, raid, all",), "plots in the Corvids' supply: by type for "
             "the Corvids, the total for everyone", int(CV_PLOTS_PER_TYPE.sum()), "the Corvids' plots"),
    ObsField("bots", (NF, 6), (_F, "bot"), "a Clockwork bot plays the faction (seed 004): flag, level (0 easy .. 3 "
             "nightmare) and its four trait bits (data.BOT_TRAIT_NAMES)", (1, 3, 1, 1, 1, 1), "flag, top level, flags"),
    ObsField("bot_rules", (2,), ("cooperative, Law of Rootbotics",), "the game's bot options: cooperative play (seed "
             "004: the players who are not bots win together) and the Law of Rootbotics' readings", 1, "flags"),
    ObsField("corvids_turn", (4,), ("plots placed, actions left, recruited, exerted",), "the Corvids' counters this "
             "turn (13.5.2, 13.5, 13.4.3, 13.6.1)", (int(CV_PLOTS_PER_TYPE.sum()), CV_DAYLIGHT_ACTIONS, 1, 1),
             "the Corvids' plots, their Daylight actions (13.5), flags"),
    ObsField("scorched", (NC,), (_C,), "the Scoundrel's torch lies in the clearing: nothing is placed in or moved into "
             "it (Appendix D.6)", 1, "flags"),
    ObsField("instigator", (NF,), (_F,), "one-hot of the Vagrant instigating the battle in progress (Appendix D.4)", 1,
             "one-hot"),
    ObsField("vagabond_characters_offered", (N_CHARACTERS,), ("character",), "the characters a Vagabond may choose in "
             "this game (Law 9.3.1; Game.new(vagabond_characters=...))", 1, "flags"),
    ObsField("clearing_suits", (NC, 3), (_C, "suit"), "one-hot of each clearing's suit this game: printed (Law 5.1) or "
             "the suit marker placed on it (Advanced Setup, Appendix A.1)", 1, "one-hot"),
    ObsField("advanced_setup", (1,), ("advanced",), "the game uses Advanced Setup (Appendix A)", 1, "flags"),
    ObsField("homelands", (NF, NC), (_F, _C), "the faction's homeland clearings (its starting corner in Standard Setup; those its setup card chose in Advanced Setup, A.8.2)", 1,
             "flags"),
    # The Lord of the Hundreds (Law 14), since state format 11: everything below is public (the Hoard and the mood
    # card are face up; the warlord is on the map).
    ObsField("hundreds_warlord", (NC,), (_C,), "one-hot of the clearing of the Hundreds' warlord (14.2.2)", 1,
             "one-hot"),
    ObsField("hundreds_mood", (len(MOOD_NAMES),), ("mood",), "one-hot of the Hundreds' mood card (data.MOOD_NAMES, "
             "14.7)", 1, "one-hot"),
    ObsField("hundreds_hoard", (NITEM,), (_I,), "items in the Hundreds' Hoard (14.2.4)", HD_TRACK_SPACES,
             "the spaces of a track"),
    ObsField("hundreds_turn", (4,), ("actions taken, moved, battled, looting",), "the Hundreds' Daylight step in "
             "progress: actions taken (14.5.2) or Advances begun (14.5.3), the Advance's move and battle, looting in "
             "this battle (14.2.5)", (HD_TRACK_SPACES, 1, 1, 1), "Command or Prowess at most 4, flags"),
    # The maps (Law Appendix C), since state format 12: public.
    ObsField("map", (NMAP,), ("autumn, winter, lake, mountain",), "one-hot of the map the game is played on", 1,
             "one-hot"),
    ObsField("open_paths", (NC, NC), (_C, _C), "the clearings are linked by an open path (the Mountain's closed paths "
             "are not, until removed: C.3.2-C.3.3)", 1, "flags"),
    # The Lake map's Ferry (Law C.2.5), since state format 13: public.
    ObsField("ferry", (NC + 1,), ("clearing, then used this turn",), "one-hot of the Ferry's clearing (all zero off the "
             "Lake map), then 1 once pieces moved with it this turn (C.2.5: once per turn)", 1, "one-hot, flag"),
    # The Keepers in Iron (Law 15), since state format 14: public, but a face-down relic's value (15.2.1): face-down
    # relics show by type only, the relics not yet placed at setup by their number only.
    ObsField("keepers_forest_relics", (NFOREST, NRELIC_KINDS + NRELIC_TYPES), ("forest", "face-up relic kind (type, "
             "value 1..3), then face-down relics by type"), "relics in each forest (data.RELIC_KIND_*; the relics in "
             "clearings are the relic rows of `tokens`)", tuple(int(x) for x in RELIC_KIND_TOTAL) + (4,) * NRELIC_TYPES,
             "relics of the kind; four of a type"),
    ObsField("keepers_relics_recovered", (NRELIC_KINDS,), ("relic kind",), "relics on the Keepers' Relics spaces "
             "(15.5.2.III)", tuple(int(x) for x in RELIC_KIND_TOTAL), "relics of the kind"),
    ObsField("keepers_relics_pending", (NRELIC_KINDS + 1,), ("relic kind, then not yet placed",), "relics an enemy "
             "removed, waiting for the forest it puts them in (15.2.5), by kind; then the relics still to place during "
             "the Keepers' setup (15.3.4), by number", tuple(int(x) for x in RELIC_KIND_TOTAL) + (NRELICS,),
             "relics of the kind; all twelve"),
    ObsField("keepers_waystations", (KP_WAYSTATIONS, 2), ("waystation", "face"), "one-hot of the face up of each "
             "waystation (data.WAYSTATION_FACES; where they are is in `buildings`)", 1, "one-hot"),
    ObsField("keepers_retinue", (RETINUE_COLUMNS, 2), ("Retinue column", "Faithful Retainers, of them acted"),
             "Faithful Retainers in each Retinue column and those that acted this Daylight (the Retinue's cards are in "
             "`cards`)", FAITHFUL_RETAINERS, "the Faithful Retainers"),
    ObsField("keepers_turn", (RETINUE_COLUMNS + 1 + 4 + 2,), ("column acting (move, battle then delve, move or "
             "recover, done), step (encamp fallback, recover again, added, shifted), a Faithful Retainer acting, relics "
             "to carry",), "the Keepers' turn in progress (15.4, 15.5.2, 15.6.2, 15.2.4)",
             (1,) * (RETINUE_COLUMNS + 1 + 4 + 1) + (KP_WARRIORS,), "one-hot, flags, the Keepers' warriors"),
    ObsField("keepers_places", (3 * NC + NFOREST,), ("clearing of the action, encamped, decamped, then forest of the "
             "delve",), "the clearing of the Keepers' action in progress (one-hot), the clearings encamped and decamped "
             "this Birdsong (15.4.1-15.4.2), the forest Delve takes a relic from (one-hot)", 1, "one-hot, flags"),
    # The Underground Duchy (Law 12), since state format 15: public (revealed cards are the `cards` field's
    # revealed feature; citadels, markets and tunnels are rows of `buildings` and `tokens`).
    ObsField("duchy_burrow", (1,), ("warriors",), "the Duchy's warriors in the Burrow (12.2.2)", DU_WARRIORS,
             "the Duchy's warriors"),
    ObsField("duchy_ministers", (NMINISTER, 3), ("minister (data.MINISTER_NAMES)", "swayed, acted this Parliament, "
             "acting"), "the Duchy's ministers: swayed (12.5.3.III), acted in this Parliament (12.5.2), acting now",
             1, "flags"),
    ObsField("duchy_crowns_lost", (3,), ("rank (squire, noble, lord)",), "crowns out of the game by the Price of "
             "Failure (12.2.3)", DU_CROWNS_PER_RANK, "three a rank"),
    ObsField("duchy_turn", (3 + NC,), ("Assembly actions taken, moves/battles or cards left, Price of Failure owed, "
             "then the clearing of the Build or Dig",), "the Duchy's turn in progress (12.5.1, 12.5.2.IV, 12.5.3.II, "
             "12.2.3)", (DU_ASSEMBLY_ACTIONS, int(DU_SWAY_CARDS.max())) + (1,) * (1 + NC), "two actions, four cards, "
             "flags, one-hot"),
)
KEEPERS_OBS_SIZE = sum(f.size for f in OBS_TABLE if f.name.startswith("keepers_"))
OBS_FIELDS = tuple((f.name, f.size) for f in OBS_TABLE)
OBS_SIZE = sum(s for _, s in OBS_FIELDS)


def _scale_vector() -> tuple:
    """1 / divisor for every entry (1 where the divisor is the game's turn cap), and those entries."""
    inv = np.ones(OBS_SIZE, np.float32)
    turn_at = []
    k = 0
    for f in OBS_TABLE:
        if isinstance(f.scale, str):
            turn_at.extend(range(k, k + f.size))
        else:
            div = np.broadcast_to(np.asarray(f.scale, np.float64), f.shape)
            inv[k:k + f.size] = (1.0 / div).ravel()
        k += f.size
    return inv, np.array(turn_at, np.int64)


OBS_INV_SCALE, _TURN_AT = _scale_vector()


# What each card location shows in the "cards" field: a feature index, or one of the three cases that depend
# on the viewer or on a second register (a hand, the Decree, the Supporters stack). Locations outside the
# table (none in a valid state) show as unseen, as every location the table does not name.
_HAND, _DECREE_COL, _SUPPORTER, _RETINUE = -1, -2, -3, -4


def _loc_features() -> np.ndarray:
    t = np.full(LOC_LAST + 1, 4, np.int64)  # unseen: the deck or a hand the viewer has not seen
    t[LOC_DISCARD], t[LOC_AVAILABLE], t[LOC_REMOVED] = 1, 2, 3
    for f in range(NF):
        t[LOC_HAND + f] = _HAND
        t[LOC_CRAFTED + f] = 6 + f
        t[LOC_ACTIVE_DOM + f] = 6 + f
    for c in range(4):
        t[LOC_DECREE + c] = _DECREE_COL
    t[LOC_SUPPORTERS] = _SUPPORTER
    t[LOC_LOST_SOULS] = 6 + 2 * NF + 5  # public (Law 10.2.6)
    t[LOC_REVEALED] = 6 + 2 * NF + 6  # face up (Law 10.5)
    t[LOC_ORDER] = 6 + 2 * NF + 7  # a Clockwork bot's order card, face up (seed 004)
    for c in range(RETINUE_COLUMNS):
        t[LOC_RETINUE + c] = _RETINUE  # the Keepers' Retinue, face up (15.5.2)
    return t


_LOC_FEATURE = _loc_features()


@njit(cache=True, inline="always")
def _zero(out, k, n):
    for i in range(n):
        out[k + i] = 0.0


@njit(cache=True, inline="always")
def _copy(out, k, state, at, n):
    # Through int32 (every observed register is far inside it, layout.BOUNDS): converted eight at a time,
    # where int64 to float32 has no vector instruction before AVX-512. The same float32 values.
    for i in range(n):
        out[k + i] = np.int32(state[at + i])


@njit(cache=True, inline="always")
def _eyrie_fields(state, out, k):
    """The Eyrie's leader, leaders, Viziers and the cards added this Birdsong (28 entries)."""
    _zero(out, k, 4 + 12 + 8)
    if state[EY_LEADER] >= 0:
        out[k + state[EY_LEADER]] = 1.0
    k += 4
    for l in range(4):
        out[k + l * 3 + state[EY_LEADER_STATE + l]] = 1.0
    k += 12
    for v in range(2):
        if state[EY_VIZIER_COL + v] >= 0:
            out[k + v * 4 + state[EY_VIZIER_COL + v]] = 1.0
    k += 8
    out[k] = np.int32(state[EY_VIZIER_DONE])
    out[k + 1] = np.int32(state[EY_VIZIER_DONE + 1])
    k += 2
    out[k] = np.int32(state[EY_ADDED])
    out[k + 1] = np.int32(state[EY_ADDED_BIRD])


@njit(cache=True, inline="always")
def _own_pending_card(state, viewer, out, k):
    """The card the Eyrie is placing on the Decree is theirs to know until it is placed."""
    _zero(out, k, NCARD)
    if viewer == EYRIE and state[DECIDER] == EYRIE:
        c = state[REG + R_DECREE_CARD]
        if c >= 0 and c < NCARD and state[CARD_LOC + c] == LOC_HAND + viewer:
            out[k + c] = 1.0


@njit(cache=True, inline="always")
def _ruins_and_quests(state, viewer, out, k):
    """The ruins' items the viewer looked at, the quests and the quest deck's size."""
    _zero(out, k, NC * NITEM)
    if viewer >= 0:
        for c in range(NC):
            if (state[RUIN_SEEN + c] >> viewer) & 1:
                for slot in range(2):
                    i = state[RUIN_ITEM + slot * NC + c]
                    if i >= 0:
                        out[k + c * NITEM + i] += 1.0
    k += NC * NITEM
    _zero(out, k, NQUEST * 3)
    for q in range(NQUEST):
        loc = state[QUEST_LOC + q]
        if loc == QL_VISIBLE:
            out[k + q * 3] = 1.0
        elif loc == QL_DONE and state[QUEST_BY + q] >= VAGABOND:
            out[k + q * 3 + 1 + state[QUEST_BY + q] - VAGABOND] = 1.0
    k += NQUEST * 3
    out[k] = np.int32(state[QUEST_DECK_N])


@njit(cache=True, inline="always")
def _lizard_fields(state, out, k):
    """Lizard Cult: the outcast marker, acolytes and scored suits are public."""
    _zero(out, k, 6)
    if state[LZ_OUTCAST] >= 0:
        out[k + state[LZ_OUTCAST] * 2 + state[LZ_HATED]] = 1.0
    k += 6
    out[k] = np.int32(state[LZ_ACOLYTES])
    k += 1
    for s in range(3):
        out[k + s] = (state[LZ_SCORED] >> s) & 1


@njit(cache=True, inline="always")
def _riverfolk_fields(state, out, k):
    """Riverfolk Company: the prices, the trade posts gone, the funds owed and the services (11.2)."""
    _copy(out, k, state, RF_PRICES, 3)
    _copy(out, k + 3, state, RF_POSTS_GONE, 3)
    k += 6
    out[k] = np.int32(state[RF_DISRUPT])
    out[k + 1] = np.int32(state[RF_SERVICES_LEFT])
    _copy(out, k + 2, state, RF_BOUGHT, 3)


@njit(cache=True, inline="always")
def _plot_fields(state, viewer, out, k):
    """Corvid Conspiracy: where plots are and their facing are public; face-down types are the Corvids'."""
    _zero(out, k, NC * 2)
    supply = 0
    for t in range(4):
        n = CV_PLOTS_PER_TYPE[t]
        for c in range(NC):
            n -= state[TOKENS + (TT_PLOT + t) * NC + c]
        supply += n
        out[k + NC * 6 + t] = n if viewer == CORVIDS else 0
    for c in range(NC):
        present = 0
        for t in range(4):
            present += state[TOKENS + (TT_PLOT + t) * NC + c]
        if present > 0:
            out[k + c * 2 + state[CV_FACE_UP + c]] = 1.0
        for t in range(4):
            out[k + NC * 2 + c * 4 + t] = (state[CV_EXCLUDED + c] >> t) & 1
    k += NC * 6
    out[k + 4] = supply


@njit(cache=True, inline="always")
def _suit_fields(state, out, k):
    """Advanced Setup (Appendix A): the clearings' suits and whether it is used are public."""
    _zero(out, k, NC * 3)
    for c in range(NC):
        out[k + 3 * c + state[CLEARING_SUITS + c]] = 1.0
    k += NC * 3
    out[k] = state[SETUP_KIND]


@njit(cache=True, inline="always")
def _hundreds_fields(state, out, k):
    """the Lord of the Hundreds (Law 14): public"""
    _zero(out, k, NC + len(MOOD_NAMES))
    if state[HD_WARLORD] >= 0:
        out[k + state[HD_WARLORD]] = 1.0
    k += NC
    if state[FACTION_SEAT + HUNDREDS] >= 0:
        out[k + state[HD_MOOD]] = 1.0
    k += len(MOOD_NAMES)
    _copy(out, k, state, HD_HOARD, NITEM)
    k += NITEM
    out[k] = state[HD_ACTIONS]
    out[k + 1] = state[HD_STEP] & HD_MOVED
    out[k + 2] = (state[HD_STEP] & HD_BATTLED) >> 1
    out[k + 3] = state[HD_LOOT]


@njit(cache=True, inline="always")
def _map_fields(state, out, k):
    """the maps (Appendix C): the map, its open paths and the Ferry, public"""
    _zero(out, k, NMAP)
    out[k + state[MAP]] = 1.0
    k += NMAP
    for a in range(NC):
        for b in range(NC):
            out[k + a * NC + b] = (state[ADJ_OPEN + a] >> b) & 1
    k += NC * NC
    _zero(out, k, NC + 1)
    if state[FERRY] >= 0:
        out[k + state[FERRY]] = 1.0
    out[k + NC] = 1.0 if state[TURN_FLAGS] & TF_FERRY != 0 else 0.0


@njit(cache=True, inline="always")
def _keepers_fields(state, out, k):
    """the Keepers in Iron (Law 15): a face-down relic shows its type only (15.2.1)"""
    for fo in range(NFOREST):
        b = k + fo * (NRELIC_KINDS + NRELIC_TYPES)
        _copy(out, b, state, KP_FOREST_UP + fo * NRELIC_KINDS, NRELIC_KINDS)
        _zero(out, b + NRELIC_KINDS, NRELIC_TYPES)
        for kd in range(NRELIC_KINDS):
            out[b + NRELIC_KINDS + RELIC_KIND_TYPE[kd]] += np.int32(state[KP_FOREST_DOWN + fo * NRELIC_KINDS + kd])
    k += NFOREST * (NRELIC_KINDS + NRELIC_TYPES)
    _copy(out, k, state, KP_RECOVERED, NRELIC_KINDS)
    k += NRELIC_KINDS
    _copy(out, k, state, KP_TROPHY, NRELIC_KINDS)
    reserve = 0
    for kd in range(NRELIC_KINDS):
        reserve += state[KP_RESERVE + kd]
    out[k + NRELIC_KINDS] = reserve
    k += NRELIC_KINDS + 1
    _zero(out, k, 2 * KP_WAYSTATIONS)
    if state[FACTION_SEAT + KEEPERS] >= 0:
        for w in range(KP_WAYSTATIONS):
            out[k + 2 * w + state[KP_WS_FACE + w]] = 1.0
    k += 2 * KP_WAYSTATIONS
    for col in range(RETINUE_COLUMNS):
        out[k + 2 * col] = np.int32(state[KP_RETAINERS + col])
        out[k + 2 * col + 1] = np.int32(state[KP_RET_USED + col])
    k += 2 * RETINUE_COLUMNS
    _zero(out, k, RETINUE_COLUMNS + 1 + 4 + 2)
    if state[FACTION_SEAT + KEEPERS] >= 0:
        out[k + state[KP_COL]] = 1.0
    for bit in range(4):
        out[k + RETINUE_COLUMNS + 1 + bit] = (state[KP_STEP] >> bit) & 1
    out[k + RETINUE_COLUMNS + 5] = 1.0 if state[KP_CARD] == NCARD else 0.0
    out[k + RETINUE_COLUMNS + 6] = np.int32(state[KP_CARRY])
    k += RETINUE_COLUMNS + 1 + 4 + 2
    _zero(out, k, 3 * NC + NFOREST)
    if state[KP_CLEARING] >= 0:
        out[k + state[KP_CLEARING]] = 1.0  # (a column's index while a Faithful Retainer is being shifted, 15.6.2)
    for c in range(NC):
        out[k + NC + c] = (state[KP_ENCAMPED] >> c) & 1
        out[k + 2 * NC + c] = (state[KP_DECAMPED] >> c) & 1
    if state[KP_FOREST] >= 0:
        out[k + 3 * NC + state[KP_FOREST]] = 1.0


@njit(cache=True, inline="always")
def _duchy_fields(state, out, k):
    """the Underground Duchy (Law 12): all public"""
    out[k] = np.int32(state[DU_BURROW])
    k += 1
    for m in range(NMINISTER):
        out[k + 3 * m] = np.int32(state[DU_SWAYED + m])
        out[k + 3 * m + 1] = (state[DU_USED] >> m) & 1
        out[k + 3 * m + 2] = 1.0 if state[DU_MINISTER] == m else 0.0
    k += 3 * NMINISTER
    _copy(out, k, state, DU_CROWNS_LOST, 3)
    k += 3
    out[k] = np.int32(state[DU_ACTIONS])
    out[k + 1] = np.int32(state[DU_LEFT])
    out[k + 2] = 1.0 if state[DU_FAILURE] != 0 else 0.0  # owed, however ordered (Law 1.1.3)
    _zero(out, k + 3, NC)
    if state[DU_CLEARING] >= 0:
        out[k + 3 + state[DU_CLEARING]] = 1.0


@njit(cache=True)
def observe(state, viewer, out):
    """Fill `out` (float32[OBS_SIZE]) with what faction `viewer` may know. Every entry is written, whatever
    `out` held: the counts are copied, the one-hot and flag fields zeroed and then set (once each, no
    clearing of the whole vector first)."""
    k = 0
    _zero(out, k, NF)
    out[k + viewer] = 1.0
    k += NF
    _copy(out, k, state, WARRIORS, NF * NC)
    k += NF * NC
    _copy(out, k, state, BUILDINGS, NBT * NC)
    k += NBT * NC
    _copy(out, k, state, TOKENS, NTT * NC)
    if viewer != CORVIDS:
        for c in range(NC):  # seed 003 13.2.2.I: only the Corvids know a face-down plot's type
            if state[CV_FACE_UP + c] == 0:
                for t in range(4):
                    out[k + (TT_PLOT + t) * NC + c] = 0.0
    k += NTT * NC
    _copy(out, k, state, RUINS, NC)
    k += NC
    _zero(out, k + 2 * NF, 4 * NF)
    n = state[NSEATS]
    for f in range(NF):
        out[k + f] = np.int32(state[SUPPLY_WARRIORS + f])
        out[k + NF + f] = np.int32(state[VP + f])
        d = state[DOMINANCE + f]
        if d > 0:
            out[k + 2 * NF + f * 4 + d - 1] = 1.0
        out[k + 6 * NF + f] = np.int32(state[HAND_N + f])
        seat = state[FACTION_SEAT + f]
        if seat >= 0:
            out[k + 7 * NF + f] = 1.0
            out[k + 8 * NF + f] = (seat - state[FACTION_SEAT + viewer] + n) % n
        else:
            out[k + 7 * NF + f] = 0.0
            out[k + 8 * NF + f] = 0.0
    k += 9 * NF
    _zero(out, k, 2 * NF)
    if state[ACTIVE] >= 0:
        out[k + state[ACTIVE]] = 1.0
    k += NF
    if state[DECIDER] >= 0:
        out[k + state[DECIDER]] = 1.0
    k += NF
    _copy(out, k, state, CRAFTED_ITEMS, NF * NITEM)
    k += NF * NITEM
    _copy(out, k, state, ITEM_SUPPLY, NITEM)
    k += NITEM
    _zero(out, k, NCARD * CARD_FEATURES)
    supporters = 0  # the number of the Alliance's supporters (supporters.supporters_n), counted on the way
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        b = k + c * CARD_FEATURES
        e = _LOC_FEATURE[loc] if loc >= 0 and loc <= LOC_LAST else 4
        if e >= 0:
            out[b + e] = 1.0
        elif e == _HAND:
            if loc == LOC_HAND + viewer:
                out[b] = 1.0
            elif (state[CARD_KNOWN + c] >> viewer) & 1:
                out[b + 6 + NF + loc - LOC_HAND] = 1.0  # seen in another player's hand
            else:
                out[b + 4] = 1.0
        elif e == _DECREE_COL:
            out[b + 6 + 2 * NF + loc - LOC_DECREE] = 1.0
            out[b + 5] = np.int32(state[CARD_FLAG + c])
        elif e == _RETINUE:
            out[b + _RETINUE_FEATURE + loc - LOC_RETINUE] = 1.0
            out[b + _RETINUE_FEATURE + RETINUE_COLUMNS] = np.int32(state[CARD_FLAG + c])
        else:
            supporters += 1
            if (state[CARD_KNOWN + c] >> viewer) & 1:
                out[b + 6 + 2 * NF + 4] = 1.0  # a supporter this player knows (the Alliance, or its giver)
            else:
                out[b + 4] = 1.0
    k += NCARD * CARD_FEATURES
    _zero(out, k, 5 + N_DECISIONS)
    out[k + state[PHASE]] = 1.0
    k += 5
    out[k + state[DECISION]] = 1.0
    k += N_DECISIONS
    out[k] = np.int32(state[TURN])
    out[k + 1] = np.int32(state[MAX_TURNS] - state[TURN])
    out[k + 2] = np.int32(state[DECK_N])
    out[k + 3] = np.int32(state[MQ_ACTIONS])
    out[k + 4] = np.int32(state[MQ_RECRUITED])
    k += 5
    _eyrie_fields(state, out, k)
    k += 4 + 12 + 8 + 2 + 2
    _copy(out, k, state, CRAFT_USED, 3)
    k += 3
    for b in range(4):
        out[k + b] = (state[TURN_FLAGS] >> b) & 1
    k += 4
    for i in range(PUBLIC_REGS.shape[0]):
        out[k + i] = np.int32(state[REG + PUBLIC_REGS[i]] + 1)  # +1: registers use -1 for "none"
    k += PUBLIC_REGS.shape[0]
    _own_pending_card(state, viewer, out, k)
    k += NCARD
    _copy(out, k, state, SCRATCH, NC)
    _copy(out, k + NC, state, FH_QUEUE, NC)
    k += 2 * NC
    # Woodland Alliance: the number of supporters is public, the cards are not (8.2.3).
    out[k] = np.int32(state[AL_OFFICERS])
    out[k + 1] = supporters
    out[k + 2] = np.int32(state[AL_OPS])
    out[k + 3] = np.int32(state[AL_TRIM])
    k += 4
    _copy(out, k, state, AL_OUTRAGE, NC)
    k += NC
    # Vagabonds: everything on their boards is public; ruin items (but those the viewer looked at, 9.8.1) and
    # the quest deck order are not. A row per Vagabond (Law 9.8).
    _zero(out, k, 2 * N_CHARACTERS + 2 * (NC + NFOREST))
    for v in range(2):
        if state[VB_CHAR + v] >= 0:
            out[k + v * N_CHARACTERS + state[VB_CHAR + v]] = 1.0
    k += 2 * N_CHARACTERS
    for v in range(2):
        if state[VB_PAWN + v] >= 0:
            out[k + v * (NC + NFOREST) + state[VB_PAWN + v]] = 1.0
    k += 2 * (NC + NFOREST)
    _copy(out, k, state, VB_ITEMS, 2 * NITEM * 4)
    k += 2 * NITEM * 4
    _copy(out, k, state, VB_R_HELD, 2 * NITEM)
    k += 2 * NITEM
    _zero(out, k, 2 * NF * N_REL_VALUES)
    for i in range(2 * NF):
        r = state[VB_REL + i]
        if r >= 0:
            out[k + i * N_REL_VALUES + r] = 1.0
    k += 2 * NF * N_REL_VALUES
    _copy(out, k, state, VB_AIDS, 2 * NF)
    k += 2 * NF
    _zero(out, k, 2 * NF)
    for v in range(2):
        if state[VB_COALITION + v] >= 0:
            out[k + v * NF + state[VB_COALITION + v]] = 1.0
    k += 2 * NF
    for v in range(2):
        out[k + v] = np.int32(state[VB_DAMAGE + v])
        out[k + 2 + v] = np.int32(state[VB_REFRESH + v])
    k += 4
    out[k] = np.int32(state[VB_BATTLE_HITS])
    out[k + 1] = np.int32(state[VB_BATTLE_HITS + 1])
    k += 2
    _ruins_and_quests(state, viewer, out, k)
    k += NC * NITEM + NQUEST * 3 + 1
    _copy(out, k, state, ITEM_BOX, NITEM)
    k += NITEM
    _lizard_fields(state, out, k)
    k += 6 + 1 + 3
    # Riverfolk Company: every box, price and service is public (11.2).
    _copy(out, k, state, RF_FUNDS, NF)
    _copy(out, k + NF, state, RF_PAYMENTS, NF)
    _copy(out, k + 2 * NF, state, RF_COMMITTED, NF)
    k += 3 * NF
    _riverfolk_fields(state, out, k)
    k += 6 + 5
    _plot_fields(state, viewer, out, k)
    k += NC * 6 + 5
    # Clockwork bots: who is one, at which level, with which traits (public, seed 004).
    for f in range(NF):
        bot = state[BOT + f] != 0
        out[k + f * 6] = 1.0 if bot else 0.0
        out[k + f * 6 + 1] = np.int32(state[BOT_LEVEL + f]) if bot else 0
        for t in range(4):
            out[k + f * 6 + 2 + t] = (state[BOT_TRAITS + f] >> t) & 1 if bot else 0
    k += NF * 6
    out[k] = np.int32(state[OPTIONS + O_COOPERATIVE])
    out[k + 1] = np.int32(state[OPTIONS + O_BOTS_LAW])
    k += 2
    out[k] = np.int32(state[CV_PLACED])
    out[k + 1] = np.int32(state[CV_ACTIONS])
    out[k + 2] = np.int32(state[CV_RECRUITED])
    out[k + 3] = np.int32(state[CV_EXERTED])
    k += 4
    # The Vagabond characters (Appendix D): the scorched clearings, the instigator, the characters offered: public.
    for c in range(NC):
        out[k + c] = (state[SCORCHED] >> c) & 1
    k += NC
    _zero(out, k, NF)
    if state[B_INSTIGATOR] >= 0:
        out[k + state[B_INSTIGATOR]] = 1.0
    k += NF
    for ch in range(N_CHARACTERS):
        out[k + ch] = (state[VB_CHOICE] >> ch) & 1
    k += N_CHARACTERS
    # Advanced Setup (Appendix A): the clearings' suits and the homelands are public.
    _suit_fields(state, out, k)
    k += NC * 3 + 1
    for f in range(NF):
        for c in range(NC):
            out[k + f * NC + c] = (state[HOMELAND + f] >> c) & 1
    k += NF * NC
    _hundreds_fields(state, out, k)
    k += NC + len(MOOD_NAMES) + NITEM + 4
    _map_fields(state, out, k)
    k += NMAP + NC * NC + NC + 1
    _keepers_fields(state, out, k)
    k += KEEPERS_OBS_SIZE
    _duchy_fields(state, out, k)
    return out


@njit(cache=True)
def normalize(state, out):
    """Scale an observation of `state` in place so that every entry lies in about [0, 1] (the
    divisors are ``OBS_TABLE``'s ``scale``; the turn fields are divided by the game's turn cap)."""
    for i in range(out.shape[0]):
        out[i] *= OBS_INV_SCALE[i]
    cap = max(state[MAX_TURNS], 1)
    for i in range(_TURN_AT.shape[0]):
        out[_TURN_AT[i]] /= cap
    return out

"""Build a position directly: pieces, hands, crafted cards, VP, Decree, leader, then start a turn
at a chosen point. Used by the rule tests so that each rule is checked in isolation.

    sc = Scenario(("marquise", "eyrie"), seed=1)
    sc.warriors("marquise", 5, 3).building("sawmill", 5).hand("marquise", [("Ambush!", "fox")])
    g = sc.start("marquise", at="daylight")

The Riverfolk Company (Law 11) is set up the same way: funds, payments and committed warriors by owner,
prices, trade posts on the map and in the box, and services a buyer has bought this turn::

    sc = Scenario(("marquise", "riverfolk"), seed=1)
    sc.funds("marquise", 2).funds("riverfolk", 1).prices(hand_card=1, mercenaries=3).trade_post(5)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    g = sc.start("marquise", at="services")  # the Marquise's Birdsong opens: buy services

The Corvid Conspiracy (seed 003, Law 13): plots by type and facing, the types a wrong Exposure guess ruled
out, and the Corvids' counters this turn (plots placed, Daylight actions left, recruited, exerted)::

    sc = Scenario(("marquise", "corvids"), seed=1)
    sc.warriors("corvids", 5, 3).plot("snare", 5, face_up=True).plot("bomb", 1, ruled_out=("raid",))
    g = sc.start("corvids", at="corvids_daylight")
    g = sc.start("marquise", at="exposure_birdsong")  # the Marquise's Birdsong opens: she may expose

Rules testers' tools: the next battles' dice (``dice``), a Clockwork bot's order card, Loyal Viziers and
difficulty setup (``order_card``, ``viziers``, ``bird_ambush``), crafting pieces used this turn (``crafting_used``:
a Riverfolk Trade Posts track space, a workshop), a short supply (``supply``), more entry points (a turn's very
start, the end of a turn so that the next player's begins, a faction's Evening draw) and a paused start that a
test runs one bot step at a time (``Game.bot_step``)::

    sc = Scenario(("bot:mechanical_marquise", "eyrie"), seed=1)
    sc.warriors("marquise", 1, 4).warriors("eyrie", 1, 2).order_card("marquise", ("Ambush!", "fox")).dice(3, 0)
    g = sc.start("marquise", at="daylight", paused=True)
    g.bot_step()  # ["Mechanical Marquise battles ..."]

``start`` checks the position it builds (``check``) and gives the game a record that starts from it, so that
``Game.log``, ``to_record`` and ``from_record`` work on a scenario's game.

The Keepers in Iron (Law 15): relics by type and value wherever they lie (a forest face up or down, a clearing, the
Relics spaces), waystations with their face up, the Retinue's cards and Faithful Retainers, the column acting::

    sc = Scenario(("keepers", "marquise"), seed=1)
    sc.warriors("keepers", 1, 2).waystation("figure/tablet", 1, face_up="tablet").relic("tablet", 3, 1)
    sc.relic("figure", 2, "forest 1", face_up=False).retinue("battle then delve", [("Ambush!", "fox")])
    g = sc.start("keepers", at="keepers_retinue")

A new Scenario with the Keepers deals the twelve relics face down over the map's forests (kind by kind, forest by
forest); ``relic`` moves one of a kind from wherever it is (the forests first) to where a test wants it.

Clearings are given by their printed number 1..12; cards by id, or (name, suit).
"""
from __future__ import annotations

import numpy as np

from .data import TORCH
from .data import (TT_KEEP, MARQUISE, BT_OWNER, TT_OWNER, BOT_CHALLENGING, CARD_EFFECT, E_AMBUSH,
                   FACTION_NAMES, CARD_NAMES, CARD_SUIT, SUIT_NAMES, BT_NAMES, TT_NAMES, NC, NCARD, NBT, NTT,
                   WARRIOR_TOTAL, LEADER_NAMES, DECREE_COLUMNS, LEADER_VIZIERS, ITEM_NAMES, NITEM, EYRIE, NF,
                   ALLIANCE, VAGABOND, VAGABOND2, SECOND_VAGABOND_ITEMS, CHARACTER_NAMES, QUEST_NAMES, NQUEST, ITEM_POOL, ITEM_SUPPLY_START,
                   REL_ALLIED, REL_HOSTILE, LIZARDS, RIVERFOLK, RF_SERVICE_NAMES, RF_PRICE_MAX, RF_POSTS_PER_SUIT,
                   TT_TRADEPOST, CORVIDS, PLOT_NAMES, TT_PLOT, CV_PLOTS_PER_TYPE, CV_DAYLIGHT_ACTIONS)
from .game import Game, RootError
from .engine import core
from .engine import machine as M
from .engine.factions.bot_eyrie import setup_decree
from .map_data import SUIT_MARKERS
from .engine.geometry import slots
from .layout import ITEM_ADDED, SCORCHED, B_INSTIGATOR, CLEARING_SUITS, HD_WARLORD, HD_MOOD, HD_HOARD, ITEM_SUPPLY
from .data import HUNDREDS, MOOD_NAMES, HD_ITEM_TRACK, HD_TRACK_SPACES, ITEM_NAMES, NITEM
from .data import (KEEPERS, NRELIC_KINDS, RELIC_TYPE_NAMES, RELIC_VALUES, RELIC_KIND_TOTAL, NRELIC_VALUES, TT_RELIC,
                   WAYSTATION_FACES, BT_WAYSTATION, RETINUE_NAMES, RETINUE_COLUMNS, FAITHFUL_RETAINERS)
from .map_data import MAP_NFOREST
from .data import DUCHY, MINISTER_NAMES, RANK_NAMES, DU_CROWNS_PER_RANK, DU_ASSEMBLY_ACTIONS
from .layout import DU_BURROW, DU_SWAYED, DU_CROWNS_LOST, DU_ACTIONS, DU_USED
from .layout import (KP_FOREST_UP, KP_FOREST_DOWN, KP_RECOVERED, KP_RESERVE, KP_WS_FACE, KP_RETAINERS, KP_RET_USED,
                     KP_COL, LOC_RETINUE, MAP)
from .layout import (WARRIORS, BUILDINGS, TOKENS, RUINS, SUPPLY_WARRIORS, CARD_LOC, CARD_KNOWN, DECK, DECK_N, HAND_N,
                     LOC_DECK, LOC_REMOVED, LOC_HAND, LOC_CRAFTED, LOC_DISCARD, LOC_DECREE, LOC_AVAILABLE, LOC_ACTIVE_DOM, VP,
                     DOMINANCE, ACTIVE, TURN, EY_LEADER, EY_LEADER_STATE, EY_VIZIER_COL, ITEM_SUPPLY, CRAFTED_ITEMS,
                     FACTION_SEAT, PH_BIRDSONG, PH_DAYLIGHT, PH_EVENING, LOC_SUPPORTERS, AL_OFFICERS, VB_CHAR,
                     VB_PAWN, VB_ITEMS, VB_REL, VB_COALITION, VB_R_HELD, ORDER_CARD, BOT_LOG_N, QUEST_LOC, QUEST_DECK, QUEST_DECK_N, QL_DECK, QUEST_BY,
                     QL_VISIBLE, QL_DONE, RUIN_ITEM, ITEM_BOX, LZ_OUTCAST, LZ_HATED, LZ_ACOLYTES, LZ_SCORED,
                     LOC_LOST_SOULS, LOC_REVEALED, GAME_OVER, PC, RF_FUNDS, RF_PAYMENTS, RF_COMMITTED, RF_PRICES,
                     RF_POSTS_GONE, RF_BOUGHT, CV_FACE_UP, CV_EXCLUDED, CV_PLACED, CV_ACTIONS, CV_RECRUITED,
                     CV_EXERTED, LEGAL, LEGAL_N, OPTIONS, O_AUTO_FORCED, BOT, BOT_LEVEL, LOC_ORDER, CRAFT_USED,
                     DECIDER, VP_SOURCE, N_VS, VS_OTHER, STACK_N)
from .errors import ScenarioError

ENTRY = {
    "birdsong": (M.PC_BIRDSONG_START, PH_BIRDSONG),
    "daylight": (M.PC_DAYLIGHT_START, PH_DAYLIGHT),
    "evening": (M.PC_EVENING_START, PH_EVENING),
    # Faction steps, skipping the card-effect checks that open each phase.
    "marquise_actions": (M.PC_MQ_ACTIONS, PH_DAYLIGHT),
    "marquise_craft": (M.PC_MQ_CRAFT, PH_DAYLIGHT),
    "eyrie_craft": (M.PC_EY_CRAFT, PH_DAYLIGHT),
    "eyrie_decree": (M.PC_EY_DECREE, PH_DAYLIGHT),
    "eyrie_add_to_decree": (M.PC_EY_EMERGENCY, PH_BIRDSONG),
    "alliance_revolt": (M.PC_AL_REVOLT, PH_BIRDSONG),
    "alliance_spread": (M.PC_AL_SPREAD, PH_BIRDSONG),
    "alliance_daylight": (M.PC_AL_DAYLIGHT, PH_DAYLIGHT),
    "alliance_operations": (M.PC_AL_EVENING, PH_EVENING),
    "vagabond_refresh": (M.PC_VB_BIRDSONG, PH_BIRDSONG),
    "vagabond_slip": (M.PC_VB_SLIP, PH_BIRDSONG),
    "vagabond_actions": (M.PC_VB_ACTIONS, PH_DAYLIGHT),
    "vagabond_evening": (M.PC_VB_EVENING, PH_EVENING),
    "lizards_birdsong": (M.PC_LZ_BIRDSONG, PH_BIRDSONG),
    "lizards_conspiracies": (M.PC_LZ_CONSPIRE, PH_BIRDSONG),
    "lizards_daylight": (M.PC_LZ_DAYLIGHT, PH_DAYLIGHT),
    "lizards_evening": (M.PC_LZ_EVENING, PH_EVENING),
    "riverfolk_birdsong": (M.PC_RF_BIRDSONG, PH_BIRDSONG),  # Protectionism, Dividends, Gather Funds (11.4)
    "riverfolk_daylight": (M.PC_RF_DAYLIGHT, PH_DAYLIGHT),
    "riverfolk_evening": (M.PC_RF_EVENING, PH_EVENING),     # discard to five, then set prices (11.6)
    # Another player's Birdsong opening on buying Riverfolk services (11.2.6), after the dominance check.
    "services": (M.PC_RF_SERVICES_BEGIN, PH_BIRDSONG),
    "corvids_craft": (M.PC_CV_CRAFT, PH_BIRDSONG),        # craft with plots (13.4.1), then flip and recruit
    "corvids_flip": (M.PC_CV_FLIP, PH_BIRDSONG),          # flip plots (13.4.2), then recruit
    "corvids_recruit": (M.PC_CV_RECRUIT, PH_BIRDSONG),    # recruit once (13.4.3)
    "corvids_daylight": (M.PC_CV_DAYLIGHT, PH_DAYLIGHT),  # up to three actions (13.5)
    "corvids_evening": (M.PC_CV_EVENING, PH_EVENING),     # exert or draw, then discard to five (13.6)
    "hundreds_raze": (M.PC_HD_RAZE, PH_BIRDSONG),         # Raze, Recruit, Anoint, Choose Mood (14.4)
    "hundreds_recruit": (M.PC_HD_RECRUIT, PH_BIRDSONG),   # Recruit, then Anoint and Choose Mood (14.4.2-14.4.4)
    "hundreds_craft": (M.PC_HD_CRAFT, PH_DAYLIGHT),       # craft (14.5.1), then the two Daylight steps
    "hundreds_command": (M.PC_HD_COMMAND_START, PH_DAYLIGHT),  # Command the Hundreds (14.5.2)
    "hundreds_advance": (M.PC_HD_ADVANCE_START, PH_DAYLIGHT),  # Advance the Warlord (14.5.3)
    "hundreds_evening": (M.PC_HD_INCITE, PH_EVENING),     # Incite, Oppress, draw (14.6)
    "keepers_birdsong": (M.PC_KP_ENCAMP, PH_BIRDSONG),     # Encamp, Decamp, Recruit (15.4)
    "keepers_decamp": (M.PC_KP_DECAMP, PH_BIRDSONG),       # Decamp, then Recruit (15.4.2-15.4.3)
    "keepers_recruit": (M.PC_KP_RECRUIT, PH_BIRDSONG),     # Recruit (15.4.3)
    "keepers_craft": (M.PC_KP_CRAFT, PH_DAYLIGHT),         # craft with waystations (15.5.1), then the Retinue
    "keepers_retinue": (M.PC_KP_RETINUE, PH_DAYLIGHT),     # the Retinue from its leftmost column (or retinue_column)
    "keepers_evening": (M.PC_KP_EVENING, PH_EVENING),      # Live Off the Land, Gather Retinue, draw (15.6)
    "duchy_birdsong": (M.PC_DU_BIRDSONG, PH_BIRDSONG),     # warriors into the Burrow (12.4)
    "duchy_assembly": (M.PC_DU_ASSEMBLY, PH_DAYLIGHT),     # the Assembly (12.5.1), then Parliament and Sway
    "duchy_parliament": (M.PC_DU_PARLIAMENT, PH_DAYLIGHT),  # Parliament (12.5.2), then Sway
    "duchy_sway": (M.PC_DU_SWAY, PH_DAYLIGHT),             # Sway (12.5.3)
    "duchy_evening": (M.PC_DU_EVENING, PH_EVENING),        # revealed cards back, craft, draw (12.6)
    # An enemy of the Corvids on its own turn, where Exposure is offered (13.2.4; docs/rules.md, Readings): the
    # start of its Birdsong (after the dominance check, before services), its Daylight menu (after Command
    # Warren), and the start of its Evening (before Cobbler and any draw).
    "exposure_birdsong": (M.PC_BIRDSONG_START, PH_BIRDSONG),
    "exposure_daylight": (M.PC_FACTION_DAYLIGHT, PH_DAYLIGHT),
    "exposure_evening": (M.PC_EVENING_START, PH_EVENING),
    # The very start of the turn (the turn counter moves to `turn`, the per-turn reset, then Birdsong), and the
    # end of `faction`'s turn: the next player in seating order begins its turn.
    "turn_start": (M.PC_TURN_START, PH_BIRDSONG),
    "turn_end": (M.PC_TURN_END, PH_EVENING),
    # The faction's Evening draw, after the Evening steps that come before it (EVENING_DRAW).
    "evening_draw": (-1, PH_EVENING),
}
# "evening_draw": the step that draws, for the factions whose Evening draws in a step of its own, after the steps
# before the draw (the Alliance's military operations 8.6.1, the Cult's returned cards and crafting 10.6.1-2, the
# Corvids' Exert 13.6.1; the Marquise's Evening opens with it, 6.6). The Eyrie score their roosts and the Vagabond
# rests in the step that draws: start those at "evening".
EVENING_DRAW = {"marquise": M.PC_MQ_EVENING, "alliance": M.PC_AL_DRAW, "lizards": M.PC_LZ_DRAW, "hundreds": M.PC_HD_DRAW,
                "corvids": M.PC_CV_DRAW, "keepers": M.PC_KP_DRAW, "duchy": M.PC_DU_DRAW}
DEFAULT_PRICE = 2  # every service's price on a new Scenario with the Riverfolk (set others with prices())
ITEM_STATES = ("ready", "exhausted", "damaged", "damaged_exhausted")
RELATIONSHIPS = {"indifferent": 0, "allied": REL_ALLIED, "hostile": REL_HOSTILE}


def card_id(name_or_id, suit: str | None = None, exclude=()) -> int:
    """A card id from an id or a (name, suit) pair; the first copy not in `exclude`."""
    if isinstance(name_or_id, (int, np.integer)):
        if not 0 <= int(name_or_id) < NCARD:
            raise RootError(f"card id {name_or_id} out of range 0..{NCARD - 1}")
        return int(name_or_id)
    if isinstance(name_or_id, tuple):
        name_or_id, suit = name_or_id
    for c in range(NCARD):
        if CARD_NAMES[c] == name_or_id and (suit is None or SUIT_NAMES[CARD_SUIT[c]] == suit) and c not in exclude:
            return c
    raise RootError(f"no card {name_or_id!r}" + (f" of suit {suit!r}" if suit else "") + " left in the deck")


class Scenario:
    """An empty board (ruins in place, items in supply, every card in the deck) for the given
    factions, on the given map (``Game.new``'s ``map``; a variant map's suit markers as its setup shuffled them:
    set them with ``suits``); set what you need, then ``start``."""

    def __init__(self, factions=("marquise", "eyrie"), seed: int = 0, max_turns: int = 300, *,
                 cooperative: bool = False, bot_rules: str = "seed004", bot_options: dict | None = None,
                 map: str = "autumn"):
        g = Game.new(factions, seed=seed, max_turns=max_turns, cooperative=cooperative, bot_rules=bot_rules,
                     bot_options=bot_options, map=map)
        g._actions = None  # pieces are placed by hand: the record starts where start() leaves the game
        s = g.state
        s[WARRIORS:WARRIORS + NF * NC] = 0
        s[BUILDINGS:BUILDINGS + NBT * NC] = 0
        s[TOKENS:TOKENS + NTT * NC] = 0
        for f in range(NF):
            if s[FACTION_SEAT + f] >= 0:
                s[SUPPLY_WARRIORS + f] = WARRIOR_TOTAL[f]
        for c in range(NCARD):
            if s[CARD_LOC + c] != LOC_REMOVED:  # two players: dominance cards stay out of the deck
                s[CARD_LOC + c] = LOC_DECK
            s[CARD_KNOWN + c] = 0
        s[HAND_N:HAND_N + NF] = 0
        s[ORDER_CARD:ORDER_CARD + NF] = -1  # a Clockwork bot reveals its order card when its turn starts
        s[BOT_LOG_N] = 0
        self._rebuild_deck(s)
        self.game = g
        self._turn_values = {}  # state cell -> value: per-turn counters a helper set (kept through start's reset)
        if s[FACTION_SEAT + EYRIE] >= 0 and not s[BOT + EYRIE]:
            self.leader("commander")
        elif s[FACTION_SEAT + EYRIE] >= 0:
            setup_decree(s)  # the Electric Eyrie's bird column as its setup fills it: the deck's two topmost bird
            # cards (seed 004; the deck is in id order here), or the Loyal Viziers with bot_rules="law"
            if s[BOT_LEVEL + EYRIE] >= BOT_CHALLENGING:
                self.bird_ambush()  # seed 004 Challenging, Nightmare: a bird Ambush in the bird column
        # Vagabond: a thief in forest 1 with no items, every relationship Indifferent, quests in
        # the deck (in id order) and empty ruins; set what a test needs.
        s[ITEM_BOX:ITEM_BOX + NITEM] = ITEM_POOL - ITEM_SUPPLY_START
        if s[FACTION_SEAT + VAGABOND2] >= 0:
            s[ITEM_BOX:ITEM_BOX + NITEM] += SECOND_VAGABOND_ITEMS  # Law 9.8: the second Vagabond's items
        s[ITEM_ADDED:ITEM_ADDED + NITEM] = 0
        s[SCORCHED] = 0
        s[B_INSTIGATOR] = -1
        s[RUIN_ITEM:RUIN_ITEM + 2 * NC] = -1
        s[QUEST_LOC:QUEST_LOC + NQUEST] = QL_DECK
        s[QUEST_BY:QUEST_BY + NQUEST] = -1
        s[QUEST_DECK:QUEST_DECK + NQUEST] = np.arange(NQUEST)[::-1]
        s[QUEST_DECK_N] = NQUEST
        # Lizard Cult: Outcast fox (its Outcast side), no acolytes, empty Lost Souls pile.
        if s[FACTION_SEAT + LIZARDS] >= 0:
            self.outcast("fox")
            self.acolytes(0)
        # Lord of the Hundreds: no warlord on the map, Stubborn (14.3.4), an empty Hoard.
        if s[FACTION_SEAT + HUNDREDS] >= 0:
            s[HD_WARLORD] = -1
            s[HD_MOOD] = MOOD_NAMES.index("stubborn")
        # Keepers in Iron: the relics face down over the map's forests, a Faithful Retainer in each column (15.3).
        if s[FACTION_SEAT + KEEPERS] >= 0:
            s[KP_RESERVE:KP_RESERVE + NRELIC_KINDS] = 0
            nf = int(MAP_NFOREST[int(s[MAP])])
            i = 0
            for k in range(NRELIC_KINDS):
                for _ in range(int(RELIC_KIND_TOTAL[k])):
                    s[KP_FOREST_DOWN + (i % nf) * NRELIC_KINDS + k] += 1
                    i += 1
            s[KP_RETAINERS:KP_RETAINERS + RETINUE_COLUMNS] = FAITHFUL_RETAINERS // RETINUE_COLUMNS
        # Riverfolk Company: empty boxes, every trade post on its track, every price DEFAULT_PRICE.
        if s[FACTION_SEAT + RIVERFOLK] >= 0:
            s[RF_PRICES:RF_PRICES + 3] = DEFAULT_PRICE
        # A second Vagabond (Law 9.8): a tinker in forest 2, his own chart.
        for k, v in enumerate((VAGABOND, VAGABOND2)):
            if s[FACTION_SEAT + v] >= 0:
                s[VB_CHAR + k] = k
                s[VB_PAWN + k] = NC + k
                for f in range(NF):
                    s[VB_REL + k * NF + f] = 0 if (s[FACTION_SEAT + f] >= 0 and f not in (VAGABOND, VAGABOND2)) else -1

    @property
    def state(self) -> np.ndarray:
        return self.game.state

    @staticmethod
    def _rebuild_deck(s):
        deck = [c for c in range(NCARD) if s[CARD_LOC + c] == LOC_DECK]
        s[DECK:DECK + len(deck)] = deck
        s[DECK_N] = len(deck)

    def _fid(self, faction: str) -> int:
        if faction not in FACTION_NAMES:
            raise RootError(f"unknown faction {faction!r}")
        return FACTION_NAMES.index(faction)

    # ---------------------------------------------------------------- pieces
    def warriors(self, faction: str, clearing: int, n: int) -> "Scenario":
        """n warriors of `faction` in `clearing` from its supply (the Hundreds' warlord, if there, comes on top:
        ``warlord``)."""
        f = self._fid(faction)
        s = self.state
        i = WARRIORS + f * NC + clearing - 1
        lord = 1 if f == HUNDREDS and s[HD_WARLORD] == clearing - 1 else 0
        s[SUPPLY_WARRIORS + f] += s[i] - lord - n
        s[i] = n + lord
        if s[SUPPLY_WARRIORS + f] < 0:
            raise RootError(f"{faction} has only {WARRIOR_TOTAL[f]} warriors")
        return self

    def building(self, kind: str, clearing: int, n: int = 1) -> "Scenario":
        self.state[BUILDINGS + BT_NAMES.index(kind) * NC + clearing - 1] = n
        return self

    def token(self, kind: str, clearing: int, n: int = 1) -> "Scenario":
        self.state[TOKENS + TT_NAMES.index(kind) * NC + clearing - 1] = n
        return self

    # ---------------------------------------------------------------- the Lord of the Hundreds (Law 14)
    def warlord(self, clearing: int | None) -> "Scenario":
        """The Hundreds' warlord in `clearing` (a warrior more there, never from the supply, 14.3.1), or off the map
        with None."""
        s = self.state
        if s[FACTION_SEAT + HUNDREDS] < 0:
            raise ScenarioError("the Lord of the Hundreds are not in this game")
        if clearing is not None and not 1 <= clearing <= NC:
            raise ScenarioError(f"clearing {clearing!r} is not 1..{NC}")
        if s[HD_WARLORD] >= 0:
            s[WARRIORS + HUNDREDS * NC + s[HD_WARLORD]] -= 1
        s[HD_WARLORD] = -1 if clearing is None else clearing - 1
        if clearing is not None:
            s[WARRIORS + HUNDREDS * NC + clearing - 1] += 1
        return self

    def mood(self, name: str) -> "Scenario":
        """The Hundreds' mood card (data.MOOD_NAMES, Law 14.7)."""
        if name not in MOOD_NAMES:
            raise ScenarioError(f"unknown mood {name!r}; moods: {', '.join(MOOD_NAMES)}")
        self.state[HD_MOOD] = MOOD_NAMES.index(name)
        return self

    def hoard(self, **counts: int) -> "Scenario":
        """Items in the Hoard, by name (boot=1, coins=2, ...), taken from the supply and the box (Law 14.2.4: four
        a track at most; the torch has no track)."""
        s = self.state
        for name, k in counts.items():
            if name not in ITEM_NAMES:
                raise ScenarioError(f"unknown item {name!r}; items: {', '.join(ITEM_NAMES)}")
            i = ITEM_NAMES.index(name)
            if HD_ITEM_TRACK[i] < 0 or not isinstance(k, int) or k < 0:
                raise ScenarioError(f"the Hoard holds no {name} (Law 14.2.4) / counts are integers >= 0")
            extra = k - int(s[HD_HOARD + i])
            take = min(extra, int(s[ITEM_BOX + i])) if extra > 0 else extra
            s[ITEM_BOX + i] -= take
            s[ITEM_SUPPLY + i] -= extra - take
            s[HD_HOARD + i] = k
        for t in range(2):
            if sum(int(s[HD_HOARD + i]) for i in range(NITEM) if HD_ITEM_TRACK[i] == t) > HD_TRACK_SPACES:
                raise ScenarioError(f"a Hoard track holds {HD_TRACK_SPACES} items at most (Law 14.2.4)")
        return self

    # ---------------------------------------------------------------- the Keepers in Iron (Law 15)
    def _need_keepers(self) -> None:
        if self.state[FACTION_SEAT + KEEPERS] < 0:
            raise ScenarioError("the Keepers in Iron are not in this game")

    def relic(self, kind: str, value: int, where, face_up: bool = True) -> "Scenario":
        """Move one relic of type `kind` (figure, tablet, jewelry) and `value` (1, 2, 3) to `where`: a clearing 1..12
        (a relic in a clearing is face up, 15.5.2.II.a), ``"forest N"`` (face up or down as `face_up` says), or
        ``"recovered"`` (the Relics spaces). It comes from a forest (face down first), else a clearing, else the
        Relics spaces."""
        self._need_keepers()
        if kind not in RELIC_TYPE_NAMES or value not in RELIC_VALUES:
            raise ScenarioError(f"relics are {', '.join(RELIC_TYPE_NAMES)} of value 1, 2 or 3, got {kind!r} {value!r}")
        k = RELIC_TYPE_NAMES.index(kind) * NRELIC_VALUES + RELIC_VALUES.index(value)
        s = self.state
        nf = int(MAP_NFOREST[int(s[MAP])])
        sources = ([KP_FOREST_DOWN + fo * NRELIC_KINDS + k for fo in range(nf)]
                   + [KP_FOREST_UP + fo * NRELIC_KINDS + k for fo in range(nf)]
                   + [TOKENS + (TT_RELIC + k) * NC + c for c in range(NC)] + [KP_RECOVERED + k])
        if isinstance(where, str) and where == "recovered":
            dest = KP_RECOVERED + k
        elif isinstance(where, str) and where.startswith("forest ") and where[7:].isdigit() and 1 <= int(where[7:]) <= nf:
            dest = (KP_FOREST_UP if face_up else KP_FOREST_DOWN) + (int(where[7:]) - 1) * NRELIC_KINDS + k
        elif isinstance(where, (int, np.integer)) and not isinstance(where, bool) and 1 <= where <= NC:
            dest = TOKENS + (TT_RELIC + k) * NC + where - 1
        else:
            raise ScenarioError(f"a relic goes to a clearing 1..{NC}, 'forest 1'..'forest {nf}' or 'recovered', got "
                                f"{where!r}")
        for src in sources:
            if src != dest and s[src] > 0:
                s[src] -= 1
                s[dest] += 1
                return self
        raise ScenarioError(f"every {kind} {value} is already there (four {kind}s: values 1, 2, 3, 3)")

    def waystation(self, faces: str, clearing: int, face_up: str | None = None) -> "Scenario":
        """The waystation with these `faces` ("figure/tablet", "tablet/jewelry", "jewelry/figure"; Law 15.2.2) in
        `clearing`, showing `face_up` (its first face by default); None for `clearing`: on the Keepers' board."""
        self._need_keepers()
        names = ["/".join(RELIC_TYPE_NAMES[t] for t in w) for w in WAYSTATION_FACES]
        if faces not in names:
            raise ScenarioError(f"waystations are {', '.join(names)}, got {faces!r}")
        w = names.index(faces)
        up = faces.split("/")[0] if face_up is None else face_up
        if up not in faces.split("/"):
            raise ScenarioError(f"the {faces} waystation shows {' or '.join(faces.split('/'))}, not {up!r}")
        s = self.state
        s[BUILDINGS + (BT_WAYSTATION + w) * NC:BUILDINGS + (BT_WAYSTATION + w + 1) * NC] = 0
        if clearing is not None:
            s[BUILDINGS + (BT_WAYSTATION + w) * NC + self._clearing(clearing)] = 1
        s[KP_WS_FACE + w] = faces.split("/").index(up)
        return self

    def retinue(self, column: str, cards, retainers: int | None = None, retainers_used: int = 0) -> "Scenario":
        """Cards into the Retinue's `column` ("move", "battle then delve", "move or recover"; Law 15.5.2), face up;
        `retainers`: the Faithful Retainers there (one at setup), `retainers_used` of them already acted this
        Daylight."""
        self._need_keepers()
        if column not in RETINUE_NAMES:
            raise ScenarioError(f"Retinue columns are {', '.join(RETINUE_NAMES)}, got {column!r}")
        col = RETINUE_NAMES.index(column)
        for card in cards:
            self._place_card(card, LOC_RETINUE + col, (1 << NF) - 1)
        s = self.state
        if retainers is not None:
            if not 0 <= retainers <= FAITHFUL_RETAINERS or not 0 <= retainers_used <= retainers:
                raise ScenarioError(f"Faithful Retainers: 0..{FAITHFUL_RETAINERS}, used at most those")
            s[KP_RETAINERS + col] = retainers
        self._turn_values[KP_RET_USED + col] = retainers_used
        return self

    def retinue_column(self, column: str) -> "Scenario":
        """The Retinue column acting when the turn starts at "keepers_retinue" (the columns left of it are done)."""
        self._need_keepers()
        if column not in RETINUE_NAMES:
            raise ScenarioError(f"Retinue columns are {', '.join(RETINUE_NAMES)}, got {column!r}")
        self._turn_values[KP_COL] = RETINUE_NAMES.index(column)
        return self

    # ---------------------------------------------------------------- the Underground Duchy (Law 12)
    def _need_duchy(self) -> None:
        if self.state[FACTION_SEAT + DUCHY] < 0:
            raise ScenarioError("the Underground Duchy are not in this game")

    def burrow(self, n: int) -> "Scenario":
        """n Duchy warriors in the Burrow (Law 12.2.2), from its supply."""
        self._need_duchy()
        s = self.state
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
            raise ScenarioError(f"Burrow warriors must be a count >= 0, got {n!r}")
        s[SUPPLY_WARRIORS + DUCHY] += s[DU_BURROW] - n
        s[DU_BURROW] = n
        if s[SUPPLY_WARRIORS + DUCHY] < 0:
            raise ScenarioError(f"the Duchy have only {WARRIOR_TOTAL[DUCHY]} warriors")
        return self

    def _minister(self, name: str) -> int:
        if name not in MINISTER_NAMES:
            raise ScenarioError(f"unknown minister {name!r}; choose from {', '.join(MINISTER_NAMES)}")
        return MINISTER_NAMES.index(name)

    def swayed(self, *ministers: str) -> "Scenario":
        """These ministers swayed (above the Duchy's board, each with a crown of its rank, Law 12.5.3.III)."""
        self._need_duchy()
        for name in ministers:
            self.state[DU_SWAYED + self._minister(name)] = 1
        return self

    def crowns_lost(self, **ranks: int) -> "Scenario":
        """Crowns of each rank (squire=, noble=, lord=) out of the game by the Price of Failure (Law 12.2.3)."""
        self._need_duchy()
        for rank, n in ranks.items():
            if rank not in RANK_NAMES:
                raise ScenarioError(f"unknown rank {rank!r}; choose from {', '.join(RANK_NAMES)}")
            if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= DU_CROWNS_PER_RANK:
                raise ScenarioError(f"crowns lost must be 0..{DU_CROWNS_PER_RANK}, got {n!r}")
            self.state[DU_CROWNS_LOST + RANK_NAMES.index(rank)] = n
        return self

    def assembly_actions(self, n: int) -> "Scenario":
        """Assembly actions the Duchy took this Daylight (Law 12.5.1: two)."""
        self._need_duchy()
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= DU_ASSEMBLY_ACTIONS:
            raise ScenarioError(f"assembly actions must be 0..{DU_ASSEMBLY_ACTIONS}, got {n!r}")
        self.state[DU_ACTIONS] = int(n)
        self._turn_values[DU_ACTIONS] = int(n)
        return self

    def ministers_used(self, *ministers: str) -> "Scenario":
        """Ministers who already acted in this Parliament (Law 12.5.2: each once)."""
        self._need_duchy()
        bits = 0
        for name in ministers:
            bits |= 1 << self._minister(name)
        self.state[DU_USED] = bits
        self._turn_values[DU_USED] = bits
        return self

    def ruins(self, clearing: int, n: int) -> "Scenario":
        self.state[RUINS + clearing - 1] = n
        return self

    def suits(self, *names: str) -> "Scenario":
        """Each clearing's suit, clearings 1..12 in order: the twelve suit markers (four of each suit), as a variant
        map's or Advanced Setup's shuffle may lay them (Law A.1)."""
        if len(names) != NC or any(n not in SUIT_NAMES[:3] for n in names):
            raise ScenarioError(f"suits: name the suit of each of the {NC} clearings (fox, rabbit or mouse), got "
                                f"{list(names)!r}")
        if sorted(SUIT_NAMES.index(n) for n in names) != sorted(int(x) for x in SUIT_MARKERS):
            raise ScenarioError("suits: the suit markers are four of each suit (Law A.1)")
        for c, n in enumerate(names):
            self.state[CLEARING_SUITS + c] = SUIT_NAMES.index(n)
        return self

    # ---------------------------------------------------------------- cards
    def _place_card(self, card, loc: int, known: int) -> int:
        """Take a card from the deck, or from the cards removed at setup (two-player dominance
        cards), so that scenarios can test dominance rules with two factions."""
        s = self.state
        c = card_id(card, exclude=[x for x in range(NCARD) if s[CARD_LOC + x] not in (LOC_DECK, LOC_REMOVED)])
        s[CARD_LOC + c] = loc
        s[CARD_KNOWN + c] = known
        self._rebuild_deck(s)
        return c

    def hand(self, faction: str, cards) -> "Scenario":
        """Cards into a hand, known to its holder; the Riverfolk's hand is public (Law 11.2.3)."""
        f = self._fid(faction)
        known = (1 << NF) - 1 if f == RIVERFOLK else 1 << f
        for card in cards:
            self._place_card(card, LOC_HAND + f, known)
            self.state[HAND_N + f] += 1
        return self

    def crafted(self, faction: str, card) -> "Scenario":
        self._place_card(card, LOC_CRAFTED + self._fid(faction), (1 << NF) - 1)
        return self

    def discard(self, card) -> "Scenario":
        self._place_card(card, LOC_DISCARD, (1 << NF) - 1)
        return self

    def available_dominance(self, card) -> "Scenario":
        self._place_card(card, LOC_AVAILABLE, (1 << NF) - 1)
        return self

    def active_dominance(self, faction: str, card) -> "Scenario":
        f = self._fid(faction)
        c = self._place_card(card, LOC_ACTIVE_DOM + f, (1 << NF) - 1)
        self.state[DOMINANCE + f] = CARD_SUIT[c] + 1
        return self

    def deck_top(self, cards) -> "Scenario":
        """Put these cards on top of the deck, the last listed drawn first."""
        s = self.state
        ids = [card_id(c, exclude=[x for x in range(NCARD) if s[CARD_LOC + x] != LOC_DECK]) for c in cards]
        rest = [c for c in s[DECK:DECK + s[DECK_N]] if c not in ids]
        order = rest + ids
        s[DECK:DECK + len(order)] = order
        return self

    def empty_deck(self) -> "Scenario":
        """Move every deck card to the discard pile."""
        s = self.state
        for c in range(NCARD):
            if s[CARD_LOC + c] == LOC_DECK:
                s[CARD_LOC + c] = LOC_DISCARD
        s[DECK_N] = 0
        return self

    # ---------------------------------------------------------------- scores, items, Eyrie
    def vp(self, faction: str, n: int) -> "Scenario":
        """`faction`'s score; the VP gained so far (``to_dict``'s vp_sources) are put down to "other"."""
        f = self._fid(faction)
        s = self.state
        s[VP + f] = n
        s[VP_SOURCE + f * N_VS:VP_SOURCE + (f + 1) * N_VS] = 0
        s[VP_SOURCE + f * N_VS + VS_OTHER] = max(int(n), 0)
        return self

    def items(self, faction: str, **counts) -> "Scenario":
        f = self._fid(faction)
        for name, k in counts.items():
            self.state[CRAFTED_ITEMS + f * NITEM + ITEM_NAMES.index(name)] = k
        return self

    def item_supply(self, **counts) -> "Scenario":
        for name, k in counts.items():
            self.state[ITEM_SUPPLY + ITEM_NAMES.index(name)] = k
        return self

    def leader(self, name: str, deposed=()) -> "Scenario":
        s = self.state
        lead = LEADER_NAMES.index(name)
        s[EY_LEADER_STATE:EY_LEADER_STATE + 4] = 0
        for d in deposed:
            s[EY_LEADER_STATE + LEADER_NAMES.index(d)] = 2
        s[EY_LEADER] = lead
        s[EY_LEADER_STATE + lead] = 1
        s[EY_VIZIER_COL] = LEADER_VIZIERS[lead, 0]
        s[EY_VIZIER_COL + 1] = LEADER_VIZIERS[lead, 1]
        return self

    def decree(self, column: str, cards) -> "Scenario":
        """Put cards in a Decree column: by action (recruit, move, battle, build), or by suit (fox, mouse, rabbit,
        bird) for the Electric Eyrie."""
        if self.state[BOT + EYRIE]:
            if column not in SUIT_NAMES:
                raise RootError(f"the Electric Eyrie's Decree has a column per suit ({', '.join(SUIT_NAMES)}), "
                                f"got {column!r}")
            col = SUIT_NAMES.index(column)
        elif column not in DECREE_COLUMNS:
            raise RootError(f"unknown Decree column {column!r}; columns: {', '.join(DECREE_COLUMNS)}")
        else:
            col = DECREE_COLUMNS.index(column)
        for card in cards:
            self._place_card(card, LOC_DECREE + col, (1 << NF) - 1)
        return self

    # ---------------------------------------------------------------- Woodland Alliance
    def supporters(self, cards) -> "Scenario":
        """Put these cards on the Supporters stack (no capacity check: set up what you need)."""
        for card in cards:
            self._place_card(card, LOC_SUPPORTERS, 1 << ALLIANCE)
        return self

    def officers(self, n: int) -> "Scenario":
        s = self.state
        s[SUPPLY_WARRIORS + ALLIANCE] += s[AL_OFFICERS] - n
        s[AL_OFFICERS] = n
        if s[SUPPLY_WARRIORS + ALLIANCE] < 0:
            raise RootError(f"the Alliance has only {WARRIOR_TOTAL[ALLIANCE]} warriors")
        return self

    # ---------------------------------------------------------------- Lizard Cult
    def outcast(self, suit: str, hated: bool = False) -> "Scenario":
        """The outcast marker on `suit` (fox, rabbit, mouse), on its Hated side if `hated`."""
        if suit not in SUIT_NAMES[:3]:
            raise RootError(f"the Outcast is fox, rabbit or mouse, not {suit!r}")
        self.state[LZ_OUTCAST] = SUIT_NAMES.index(suit)
        self.state[LZ_HATED] = 1 if hated else 0
        return self

    def acolytes(self, n: int) -> "Scenario":
        """n of the Cult's warriors in the Acolytes box (taken from its supply)."""
        if not isinstance(n, int) or n < 0:
            raise RootError(f"acolytes must be a count >= 0, got {n!r}")
        s = self.state
        s[SUPPLY_WARRIORS + LIZARDS] += s[LZ_ACOLYTES] - n
        s[LZ_ACOLYTES] = n
        if s[SUPPLY_WARRIORS + LIZARDS] < 0:
            raise RootError(f"the Lizard Cult has only {WARRIOR_TOTAL[LIZARDS]} warriors")
        return self

    def lost_souls(self, cards) -> "Scenario":
        """Put these cards in the Lost Souls pile (Law 10.2.6)."""
        for card in cards:
            self._place_card(card, LOC_LOST_SOULS, (1 << NF) - 1)
        return self

    def revealed(self, cards) -> "Scenario":
        """Cards the player taking the turn has revealed this turn: the Cult for rituals (Law 10.5), the Duchy to
        build and sway (12.5.1.I, 12.5.3.II)."""
        for card in cards:
            self._place_card(card, LOC_REVEALED, (1 << NF) - 1)
        return self

    def scored(self, *suits: str) -> "Scenario":
        """Suits the Cult has already scored this turn (Law 10.5.3)."""
        self.state[LZ_SCORED] = sum(1 << SUIT_NAMES.index(x) for x in suits)
        return self

    # ---------------------------------------------------------------- Riverfolk Company
    def _rf_box(self, box: int, name: str, owner: str, n: int) -> "Scenario":
        """n warriors of `owner` in one of the Riverfolk's boxes, taken from (or returned to) that supply."""
        if not isinstance(n, int) or n < 0:
            raise RootError(f"{name} must be a count >= 0, got {n!r}")
        f = self._fid(owner)
        s = self.state
        if s[FACTION_SEAT + RIVERFOLK] < 0:
            raise RootError("the Riverfolk Company is not in this game")
        if s[FACTION_SEAT + f] < 0:
            raise RootError(f"{owner} is not in this game")
        s[SUPPLY_WARRIORS + f] += s[box + f] - n
        s[box + f] = n
        if s[SUPPLY_WARRIORS + f] < 0:
            raise RootError(f"{owner} has only {WARRIOR_TOTAL[f]} warriors")
        return self

    def funds(self, owner: str, n: int) -> "Scenario":
        """n of `owner`'s warriors in the Riverfolk's Funds box (Law 11.2.4), from `owner`'s supply."""
        return self._rf_box(RF_FUNDS, "funds", owner, n)

    def payments(self, owner: str, n: int) -> "Scenario":
        """n of `owner`'s warriors in the Payments box (11.2.6.I), from `owner`'s supply."""
        return self._rf_box(RF_PAYMENTS, "payments", owner, n)

    def committed(self, owner: str, n: int) -> "Scenario":
        """n of `owner`'s warriors committed this turn (the Committed box and the Trade Posts tracks' spaces,
        11.5), from `owner`'s supply."""
        return self._rf_box(RF_COMMITTED, "committed", owner, n)

    def prices(self, hand_card: int | None = None, riverboats: int | None = None,
               mercenaries: int | None = None) -> "Scenario":
        """Service prices 1..4 (11.2.7); those not given stay as they are (DEFAULT_PRICE on a new Scenario)."""
        for k, p in enumerate((hand_card, riverboats, mercenaries)):
            if p is None:
                continue
            if not isinstance(p, int) or not 1 <= p <= RF_PRICE_MAX:
                raise RootError(f"the {RF_SERVICE_NAMES[k]} price must be 1..{RF_PRICE_MAX}, got {p!r}")
            self.state[RF_PRICES + k] = p
        return self

    def _posts_left(self, suit: int) -> int:
        """Trade posts of `suit` still on their track: neither on the map nor in the box."""
        s = self.state
        row = TOKENS + (TT_TRADEPOST + suit) * NC
        return RF_POSTS_PER_SUIT - int(s[row:row + NC].sum()) - int(s[RF_POSTS_GONE + suit])

    def trade_post(self, clearing: int) -> "Scenario":
        """The trade post matching `clearing`'s suit, taken from its Trade Posts track, in `clearing` (11.5.6.III).
        No warrior comes with it and nothing is scored: add what the test needs."""
        suit = int(self.state[CLEARING_SUITS + clearing - 1])
        if self._posts_left(suit) <= 0:
            raise RootError(f"no {SUIT_NAMES[suit]} trade post left on its track")
        self.state[TOKENS + (TT_TRADEPOST + suit) * NC + clearing - 1] += 1
        return self

    def posts_gone(self, **counts: int) -> "Scenario":
        """Trade posts returned to the box by suit (Trade Disruption, 11.2.5.I), e.g. ``posts_gone(fox=1)``: their
        track spaces stay empty."""
        for name, k in counts.items():
            if name not in SUIT_NAMES[:3]:
                raise RootError(f"trade posts are fox, rabbit or mouse, not {name!r}")
            suit = SUIT_NAMES.index(name)
            self.state[RF_POSTS_GONE + suit] = 0
            if not isinstance(k, int) or not 0 <= k <= self._posts_left(suit):
                raise RootError(f"{k!r} {name} trade posts cannot be in the box")
            self.state[RF_POSTS_GONE + suit] = k
        return self

    def bought(self, *services: str) -> "Scenario":
        """Services the player whose turn ``start`` begins has bought this turn (11.2.7): "hand card",
        "riverboats", "mercenaries" (a name given twice counts twice). ``start`` keeps them through its
        per-turn reset, as it keeps the Cult's scored suits."""
        s = self.state
        s[RF_BOUGHT:RF_BOUGHT + 3] = 0
        for name in services:
            if name not in RF_SERVICE_NAMES:
                raise RootError(f"unknown service {name!r}; choose from {', '.join(RF_SERVICE_NAMES)}")
            s[RF_BOUGHT + RF_SERVICE_NAMES.index(name)] += 1
        return self

    # ---------------------------------------------------------------- Corvid Conspiracy
    def _need_corvids(self) -> None:
        if self.state[FACTION_SEAT + CORVIDS] < 0:
            raise RootError("the Corvid Conspiracy is not in this game")

    @staticmethod
    def _plot_type(kind: str) -> int:
        if kind not in PLOT_NAMES:
            raise RootError(f"unknown plot {kind!r}; choose from {', '.join(PLOT_NAMES)}")
        return PLOT_NAMES.index(kind)

    @staticmethod
    def _clearing(clearing) -> int:
        if isinstance(clearing, bool) or not isinstance(clearing, (int, np.integer)) or not 1 <= clearing <= NC:
            raise RootError(f"a clearing is 1..{NC}, got {clearing!r}")
        return int(clearing) - 1

    def _plot_at(self, c: int) -> int:
        for t in range(len(PLOT_NAMES)):
            if self.state[TOKENS + (TT_PLOT + t) * NC + c] > 0:
                return t
        return -1

    def plot(self, kind: str, clearing: int, face_up: bool = False, ruled_out=()) -> "Scenario":
        """A plot token (bomb, snare, extortion, raid) from the Corvids' supply in `clearing`, face down unless
        `face_up` (13.2.2.I); `ruled_out`: types a wrong Exposure guess ruled out there (13.2.4, a face-down
        plot only). One plot per clearing (13.2.2.II), two of each type (13.3.1). Nothing else happens: no
        warrior is removed, nothing is scored, a bomb or extortion placed face up has no flip effect."""
        self._need_corvids()
        t = self._plot_type(kind)
        c = self._clearing(clearing)
        s = self.state
        if self._plot_at(c) >= 0:
            raise RootError(f"clearing {clearing} already holds a plot (Law 13.2.2.II: one per clearing)")
        row = TOKENS + (TT_PLOT + t) * NC
        if int(s[row:row + NC].sum()) >= CV_PLOTS_PER_TYPE[t]:
            raise RootError(f"no {kind} plot left in the Corvids' supply ({CV_PLOTS_PER_TYPE[t]} in all)")
        bits = self._ruled_bits(clearing, t, bool(face_up), ruled_out)
        s[row + c] = 1
        s[CV_FACE_UP + c] = 1 if face_up else 0
        s[CV_EXCLUDED + c] = bits
        return self

    def ruled_out(self, clearing: int, *kinds: str) -> "Scenario":
        """The types a wrong Exposure guess ruled out (publicly) for the face-down plot in `clearing` (13.2.4);
        replaces what was set before. The plot's own type cannot be ruled out."""
        self._need_corvids()
        c = self._clearing(clearing)
        self.state[CV_EXCLUDED + c] = self._ruled_bits(clearing, self._plot_at(c), bool(self.state[CV_FACE_UP + c]),
                                                       kinds)
        return self

    def _ruled_bits(self, clearing: int, t: int, up: bool, kinds) -> int:
        """The CV_EXCLUDED bits for `kinds` ruled out at a plot of type t (-1: none there) and facing `up`."""
        if isinstance(kinds, str):
            kinds = (kinds,)
        bits = 0
        for kind in kinds:
            k = self._plot_type(kind)
            if t < 0 or up:
                raise RootError(f"no face-down plot in clearing {clearing}: only its type can be ruled out")
            if k == t:
                raise RootError(f"the plot in clearing {clearing} is a {kind}: a wrong guess cannot rule that out")
            bits |= 1 << k
        return bits

    def _turn_count(self, cell: int, name: str, n, top: int) -> "Scenario":
        self._need_corvids()
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= top:
            raise RootError(f"{name} must be 0..{top}, got {n!r}")
        self.state[cell] = int(n)
        self._turn_values[cell] = int(n)
        return self

    def plots_placed(self, n: int) -> "Scenario":
        """Plots the Corvids placed this turn: the next plot costs 1 + n warriors (13.5.2)."""
        return self._turn_count(CV_PLACED, "plots placed", n, int(CV_PLOTS_PER_TYPE.sum()))

    def actions_left(self, n: int) -> "Scenario":
        """The Corvids' Daylight actions left this turn (13.5: three a Daylight)."""
        return self._turn_count(CV_ACTIONS, "actions left", n, CV_DAYLIGHT_ACTIONS)

    def recruited(self, done: bool = True) -> "Scenario":
        """Whether the Corvids recruited this turn (13.4.3: once per turn)."""
        return self._turn_count(CV_RECRUITED, "recruited", int(bool(done)), 1)

    def exerted(self, done: bool = True) -> "Scenario":
        """Whether the Corvids exerted this Evening (13.6.1: then they draw nothing)."""
        return self._turn_count(CV_EXERTED, "exerted", int(bool(done)), 1)

    # ---------------------------------------------------------------- Vagabond
    def _vb_row(self, which: str) -> int:
        """The row of Vagabond `which` ("vagabond" or "vagabond2", Law 9.8) in the Vagabond regions."""
        if which not in ("vagabond", "vagabond2"):
            raise RootError(f"which must be 'vagabond' or 'vagabond2', got {which!r}")
        self._fid(which)  # seated
        return FACTION_NAMES.index(which) - VAGABOND

    def vagabond(self, character: str = "thief", at: str | int = "forest 1", which: str = "vagabond") -> "Scenario":
        """A Vagabond's character and pawn: a clearing number, or "forest N" (1..7). `which`: "vagabond" or
        "vagabond2" (the second Vagabond, Law 9.8)."""
        s = self.state
        k = self._vb_row(which)
        if character not in CHARACTER_NAMES:
            raise RootError(f"unknown character {character!r}; choose from {', '.join(CHARACTER_NAMES)}")
        s[VB_CHAR + k] = CHARACTER_NAMES.index(character)
        if isinstance(at, str) and at.startswith("forest "):
            s[VB_PAWN + k] = NC + int(at.split()[1]) - 1
        else:
            s[VB_PAWN + k] = int(at) - 1
        return self

    def vb_items(self, state: str = "ready", which: str = "vagabond", **counts) -> "Scenario":
        """Items on a Vagabond's board in one state (ready, exhausted, damaged, damaged_exhausted),
        taken from the box; where the box has none left, from the Riverfolk box's and the Vagabond Pack's items
        (B.2, B.9: up to two more of an item, as the expansions' characters bring them, ITEM_ADDED; a test may ask
        for more, leaving the box short)."""
        st = ITEM_STATES.index(state)
        s = self.state
        at = VB_ITEMS + self._vb_row(which) * NITEM * 4
        for name, k in counts.items():
            i = ITEM_NAMES.index(name)
            s[ITEM_BOX + i] += s[at + i * 4 + st] - k
            s[at + i * 4 + st] = k
            if s[ITEM_BOX + i] < 0:  # from the expansions' items, two at most (beyond: a test's position only)
                k = min(-int(s[ITEM_BOX + i]), 2 - int(s[ITEM_ADDED + i]))
                if k > 0:
                    s[ITEM_ADDED + i] += k
                    s[ITEM_BOX + i] += k
        return self

    def scorched(self, clearing: int) -> "Scenario":
        """The Scoundrel's torch lies in `clearing` (1..12): Scorched Earth was taken there (Appendix D.6). The torch
        comes from the box."""
        c = int(clearing) - 1
        if not 0 <= c < NC:
            raise RootError(f"clearing must be 1..{NC}, got {clearing!r}")
        s = self.state
        s[SCORCHED] |= 1 << c
        s[ITEM_BOX + TORCH] -= 1
        if s[ITEM_BOX + TORCH] < 0:
            s[ITEM_BOX + TORCH] = 0
            s[ITEM_ADDED + TORCH] += 1
        return self

    def ruin_items_held(self, *items: str, which: str = "vagabond") -> "Scenario":
        """Mark items on a Vagabond's board as "R" items taken from ruins (Law 9.8.1); he must hold them."""
        k = self._vb_row(which)
        for name in items:
            self.state[VB_R_HELD + k * NITEM + ITEM_NAMES.index(name)] += 1
        return self

    def relationship(self, faction: str, value, which: str = "vagabond") -> "Scenario":
        """indifferent, allied, hostile, or a track space 0..3, on the chart of Vagabond `which`."""
        v = RELATIONSHIPS[value] if isinstance(value, str) else int(value)
        self.state[VB_REL + self._vb_row(which) * NF + self._fid(faction)] = v
        return self

    def coalition(self, partner: str, card=("Dominance", "bird"), which: str = "vagabond") -> "Scenario":
        self.active_dominance(which, card)
        self.state[VB_COALITION + self._vb_row(which)] = self._fid(partner)
        return self

    def quests(self, visible=(), done=(), by: str = "vagabond") -> "Scenario":
        """Quests face up / completed, by id (0..14) or name as in data.QUEST_NAMES; the `done` ones were completed
        by Vagabond `by` ("vagabond" or "vagabond2"): each scores only his own (Law 9.5.5). Call again with the
        other Vagabond for his."""
        s = self.state
        owner = VAGABOND + self._vb_row(by) if done else -1
        for q in list(visible) + list(done):
            if not isinstance(q, int) and q not in QUEST_NAMES:
                raise RootError(f"unknown quest {q!r}; quests: {', '.join(QUEST_NAMES)}")
            qi = q if isinstance(q, int) else QUEST_NAMES.index(q)
            if not 0 <= qi < NQUEST:
                raise RootError(f"quest id {qi} is not in 0..{NQUEST - 1}")
            s[QUEST_LOC + qi] = QL_VISIBLE if q in visible else QL_DONE
            s[QUEST_BY + qi] = -1 if q in visible else owner
        deck = [q for q in range(NQUEST - 1, -1, -1) if s[QUEST_LOC + q] == QL_DECK]
        s[QUEST_DECK:QUEST_DECK + len(deck)] = deck
        s[QUEST_DECK_N] = len(deck)
        return self

    def ruin_item(self, clearing: int, item: str, *more: str) -> "Scenario":
        """The items under the ruin in `clearing`: one, or two with two Vagabonds (Law 9.8.1)."""
        s = self.state
        s[RUINS + clearing - 1] = 1
        for slot, name in enumerate((item,) + more):
            if slot > 1:
                raise RootError("a ruin holds at most two items (Law 9.8.1)")
            s[RUIN_ITEM + slot * NC + clearing - 1] = ITEM_NAMES.index(name)
            s[ITEM_BOX + ITEM_NAMES.index(name)] -= 1
        return self

    # ---------------------------------------------------------------- tools for rules tests
    def dice(self, attacker: int, defender: int) -> "Scenario":
        """The next battle's roll: its two dice show `attacker` and `defender` (0..3), dealt by the rules (the
        attacker the higher, Law 4.3.2; a defending Alliance the higher, 8.2.2). Call again to choose the rolls
        of the battles after it, in order (``Game.dice`` does the same in a game under way)."""
        self.game.dice(attacker, defender)
        return self

    def _bot(self, bot: str) -> int:
        f = self._fid(bot)
        if self.state[FACTION_SEAT + f] < 0 or not self.state[BOT + f]:
            raise ScenarioError(f"{bot!r} is not played by a Clockwork bot in this game (seat it as 'bot:...')")
        return f

    def order_card(self, bot: str, card) -> "Scenario":
        """The Clockwork bot's order card this turn, face up (seed 004 Reveal Order), taken from the deck. The bot
        reveals a new one when its Birdsong starts: start its turn after that ("daylight", or "evening") to keep
        this one."""
        f = self._bot(bot)
        s = self.state
        old = int(s[ORDER_CARD + f])
        if old >= 0:  # the previous order card goes back to the deck
            s[CARD_LOC + old] = LOC_DECK
            s[CARD_KNOWN + old] = 0
            self._rebuild_deck(s)
        s[ORDER_CARD + f] = self._place_card(card, LOC_ORDER, (1 << NF) - 1)
        return self

    def viziers(self, n: int) -> "Scenario":
        """The Electric Eyrie's Loyal Viziers in its bird column: 0, 1 (its Easy setup) or 2 (its setup)."""
        self._bot("eyrie")
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= 2:
            raise ScenarioError(f"the Electric Eyrie has two Loyal Viziers: give 0, 1 or 2, got {n!r}")
        s = self.state
        for k in range(2):
            s[EY_VIZIER_COL + k] = CARD_SUIT_BIRD if k < n else -1
        return self

    def bird_ambush(self, on: bool = True) -> "Scenario":
        """The Electric Eyrie's difficulty setup (seed 004, Challenging and Nightmare: "take one bird Ambush from the
        deck and add it to the bird column of the Decree"): with `on`, a bird Ambush in its bird column (a
        Challenging or Nightmare Scenario starts with it); without, no bird Ambush there (back to the deck)."""
        self._bot("eyrie")
        s = self.state
        ambushes = [c for c in range(NCARD) if CARD_EFFECT[c] == E_AMBUSH and CARD_SUIT[c] == CARD_SUIT_BIRD]
        there = [c for c in ambushes if s[CARD_LOC + c] == LOC_DECREE + CARD_SUIT_BIRD]
        if on and not there:
            free = [c for c in ambushes if s[CARD_LOC + c] == LOC_DECK]
            if not free:
                raise ScenarioError("no bird Ambush is left in the deck")
            self._place_card(free[0], LOC_DECREE + CARD_SUIT_BIRD, (1 << NF) - 1)
        elif not on:
            for c in there:
                s[CARD_LOC + c] = LOC_DECK
                s[CARD_KNOWN + c] = 0
            self._rebuild_deck(s)
        return self

    def crafting_used(self, **suits: int) -> "Scenario":
        """Crafting pieces already activated this turn, by suit, e.g. ``crafting_used(fox=1)``: workshops, roosts,
        bases, gardens, or the Riverfolk's empty Trade Posts track spaces used (11.5.3). Kept through ``start``'s
        per-turn reset."""
        for name, k in suits.items():
            if name not in SUIT_NAMES[:3]:
                raise ScenarioError(f"crafting pieces are fox, rabbit or mouse, not {name!r}")
            if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= NC:
                raise ScenarioError(f"crafting pieces used must be 0..{NC}, got {k!r}")
            cell = CRAFT_USED + SUIT_NAMES.index(name)
            self.state[cell] = int(k)
            self._turn_values[cell] = int(k)
        return self

    def supply(self, faction: str, n: int, at: int) -> "Scenario":
        """Leave exactly n warriors in `faction`'s supply (e.g. the Corvids with none to recruit or to place
        after a raid): the rest of its supply joins its warriors in printed clearing `at` (warriors are never
        lost, so a short supply means more warriors somewhere; name a clearing the test does not use)."""
        f = self._fid(faction)
        c = self._clearing(at)
        s = self.state
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= s[SUPPLY_WARRIORS + f]:
            raise ScenarioError(f"{faction} has {int(s[SUPPLY_WARRIORS + f])} warriors in its supply: n must be "
                                f"0..that, got {n!r}")
        return self.warriors(faction, c + 1, int(s[WARRIORS + f * NC + c] + s[SUPPLY_WARRIORS + f] - n))

    def check(self) -> "Scenario":
        """Check that the position is one the rules allow, with a ScenarioError naming the first problem: buildings
        and ruins within each clearing's slots (Law 2.2.3), no piece of another faction placed in the keep's
        clearing (a plot, a building, a token; Law 6.2.2), one keep. ``start`` runs it."""
        s = self.state
        keep = [c for c in range(NC) if s[TOKENS + TT_KEEP * NC + c] > 0]
        if len(keep) > 1 or (keep and s[TOKENS + TT_KEEP * NC + keep[0]] > 1):
            raise ScenarioError("there is one keep token (Law 6.2.2)")
        for c in range(NC):
            used = int(s[RUINS + c]) + sum(int(s[BUILDINGS + b * NC + c]) for b in range(NBT))
            if used > slots(s, c):  # the game's map (Appendix C)
                raise ScenarioError(f"clearing {c + 1} has {slots(s, c)} building slot(s) but holds {used} "
                                    f"buildings and ruins (Law 2.2.3)")
        for c in keep:
            for b in range(NBT):
                if BT_OWNER[b] != MARQUISE and s[BUILDINGS + b * NC + c] > 0:
                    raise ScenarioError(f"a {BT_NAMES[b]} in clearing {c + 1}, the keep's clearing: only the Marquise "
                                        f"place pieces there (Law 6.2.2)")
            for t in range(NTT):
                if TT_OWNER[t] != MARQUISE and s[TOKENS + t * NC + c] > 0:
                    raise ScenarioError(f"a {TT_NAMES[t]} token in clearing {c + 1}, the keep's clearing: only the "
                                        f"Marquise place pieces there (Law 6.2.2)")
        return self

    # ---------------------------------------------------------------- go
    def start(self, faction: str, at: str = "birdsong", turn: int = 1, paused: bool = False) -> Game:
        """Make it `faction`'s turn at `at` (see ENTRY) and run to the first decision. The per-turn values a
        scenario set (the Cult's scored suits, the services bought, the Corvids' plots placed, actions left,
        recruited and exerted, crafting pieces used) survive the turn's reset: they are in place before the first
        step runs. ``"turn_start"`` begins turn `turn` from its very start; ``"turn_end"`` ends `faction`'s turn
        `turn`, so the next player begins turn ``turn + 1``; ``"evening_draw"`` is `faction`'s Evening draw
        (EVENING_DRAW).

        With `paused`, no step runs: the game waits at the entry point with no decision pending, and
        ``Game.bot_step`` runs it one bot step at a time (``Game.resume``: to the next decision). The position is
        checked first (``check``); the game's record starts at its first decision (``Game.log`` works)."""
        if at not in ENTRY:
            raise RootError(f"unknown entry point {at!r}; choose from {', '.join(ENTRY)}")
        if not isinstance(paused, (bool, np.bool_)):
            raise ScenarioError(f"paused must be True or False, got {paused!r}")
        self.check()
        s = self.state
        f = self._fid(faction)
        if at == "evening_draw" and faction not in EVENING_DRAW:
            raise ScenarioError(f"{faction}'s Evening draws in a step with other work: start it at 'evening' ("
                                f"'evening_draw' is for {', '.join(EVENING_DRAW)})")
        if at == "evening_draw" and s[BOT + f]:
            raise ScenarioError(f"{faction} is a Clockwork bot: its Evening has no draw (start it at 'evening')")
        if at == "services" and (s[FACTION_SEAT + RIVERFOLK] < 0 or f == RIVERFOLK):
            raise RootError("services are bought from the Riverfolk by another player (Law 11.2.6): start another "
                            "faction's turn with the Riverfolk in the game")
        if at.startswith("corvids_") and f != CORVIDS:
            raise RootError(f"{at!r} is a step of the Corvids' own turn: start it for 'corvids'")
        if at.startswith("exposure_") and (s[FACTION_SEAT + CORVIDS] < 0 or f == CORVIDS):
            raise RootError("Exposure is used on an enemy's own turn (Law 13.2.4): start another faction's turn "
                            "with the Corvids in the game")
        s[ACTIVE] = f
        s[TURN] = turn - 1 if at == "turn_start" else turn
        pc, phase = ENTRY[at]
        if at == "evening_draw":
            pc = EVENING_DRAW[faction]
        kept = {i: int(s[i]) for i in PER_TURN if s[i]}
        kept.update(self._turn_values)
        core.ensure_compiled(steps=True)
        over = int(s[GAME_OVER])
        s[GAME_OVER] = 1  # start_at resets the turn and sets the step, then stops at once ...
        core.start_at(s, pc, phase)
        s[GAME_OVER] = over
        for i, v in kept.items():  # ... so the scenario's per-turn values are in place before any step runs
            s[i] = v
        g = self.game
        g._actions, g._dice, g._start = [], [], None
        if paused:
            s[LEGAL_N] = 0  # nothing to decide until a step offers it (Game.bot_step, Game.resume)
            s[DECIDER] = -1
            s[BOT_LOG_N] = 0
            g._paused = True
            return g
        g._paused = False
        _advance(s)
        g._unpause()
        return g


def _advance(s: np.ndarray) -> None:
    """Run steps until a decision is pending or the game is over."""
    run_steps(s, stop_at_log=False)


def run_steps(s: np.ndarray, stop_at_log: bool) -> bool:
    """Run steps until a decision is pending or the game is over (True), or with `stop_at_log` until a Clockwork
    bot has logged one more thing and what it started is done (False: the sub-procedures it called, a battle or
    a move's interrupts, have returned): ``engine.core.advance`` through the compiled step-level entry points
    (run_step, check_victory, decide), which a scenario has compiled already."""
    core.ensure_compiled(steps=True)
    n0 = int(s[BOT_LOG_N])
    depth = int(s[STACK_N])
    while not s[GAME_OVER] and not core.check_victory(s):
        if core.run_step(s, int(s[PC])):
            if s[LEGAL_N] == 0:
                raise RuntimeError("engine offered a decision with no legal option")
            if s[OPTIONS + O_AUTO_FORCED] == 0 or s[LEGAL_N] != 1:
                return True
            core.decide(s, int(s[LEGAL]))  # a forced move, applied for the player as the engine does
        if stop_at_log and int(s[BOT_LOG_N]) > n0 and int(s[STACK_N]) <= depth:
            return False
    return True


# State cells a scenario may set that a turn's start clears (Law 10.5.3 suits scored, 11.2.7 services bought).
PER_TURN = (LZ_SCORED, RF_BOUGHT, RF_BOUGHT + 1, RF_BOUGHT + 2)
CARD_SUIT_BIRD = SUIT_NAMES.index("bird")

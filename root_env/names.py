"""Readable names of things in a state (cards, the Vagabond's pawn, items and relationships), shared by
``Game``, the game log and the hidden-information view; and the Clockwork bots' log in words
(``bot_sentence``: one row of ``layout.BOT_LOG`` as a sentence naming the seed 004 rule behind it). Below
``Game``: it imports nothing above data (and the bots' event codes, ``engine.bots``)."""
from __future__ import annotations

import numpy as np

from .layout import HD_WARLORD, HD_MOOD, HD_HOARD
from .data import MOOD_NAMES, HD_COMMAND, HD_PROWESS

from .data import (CARD_NAMES, CARD_SUIT, SUIT_NAMES, NC, NF, NITEM, ITEM_NAMES, CHARACTER_NAMES, QUEST_NAMES, NQUEST,
                   REL_ALLIED, FACTION_NAMES, RF_SERVICE_NAMES, RF_POSTS_PER_SUIT, TT_TRADEPOST, TT_PLOT, PLOT_NAMES,
                   CV_PLOTS_PER_TYPE, VAGABOND, VAGABOND2, MARQUISE, EYRIE, ALLIANCE, LIZARDS, DUCHY, BIRD, CLEARING_SUIT, BT_NAMES, BT_SAWMILL,
                   BT_WORKSHOP, BT_RECRUITER, TT_KEEP, BOT_NAMES, BOT_LEVEL_NAMES, BOT_TRAIT_NAMES, BOT_EASY,
                   BOT_CHALLENGING, BOT_CODE_FLAG, SETUP_ORDER)
from .layout import (CLEARING_SUITS, VB_CHAR, VB_PAWN, VB_ITEMS, VB_REL, VB_COALITION, VB_R_HELD, RUIN_ITEM, QUEST_LOC, QUEST_DECK_N, QL_VISIBLE, QL_DONE, QUEST_BY,
                     LZ_OUTCAST, LZ_HATED, LZ_ACOLYTES, LZ_SCORED, CARD_LOC, LOC_REVEALED, TOKENS, ACTIVE, RF_FUNDS,
                     RF_PAYMENTS, RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, RF_DISRUPT, RF_SERVICES_LEFT, RF_BOUGHT,
                     CV_FACE_UP, CV_EXCLUDED, CV_PLACED, CV_ACTIONS, CV_RECRUITED, CV_EXERTED, CV_RAID, BOT, BOT_LEVEL,
                     BOT_TRAITS, ORDER_CARD, BOT_LOG, BOT_LOG_N, N_BOT_LOG, SEAT_FACTION, NSEATS, TURN, DECISIONS, WARRIORS,
                     BUILDINGS)
from .engine.factions.bot_marquise import SUIT_BUILDING
from .engine.botlog import (EV_ORDER, EV_CRAFT, EV_BATTLE, EV_RECRUIT, EV_BUILD, EV_MOVE, EV_EXPAND, EV_SCORE,
                          EV_ESCALATED, EV_BLITZ, EV_HOSPITALS, EV_NO_ORDER, EV_CRACKDOWN, EV_OUTRAGE)

ITEM_STATE_NAMES = ("face up", "exhausted", "damaged", "damaged exhausted")
RELATIONSHIP_NAMES = ("indifferent",) + tuple(f"amiable {i}" for i in range(1, REL_ALLIED)) + ("allied", "hostile")


def pawn_place(p: int) -> str | None:
    """Readable place of the Vagabond pawn (VB_PAWN value)."""
    if p < 0:
        return None
    return f"clearing {p + 1}" if p < NC else f"forest {p - NC + 1}"


def vagabond_dict(s: np.ndarray, seated: list[int], v: int = VAGABOND) -> dict:
    """Vagabond v's public board (v: VAGABOND or VAGABOND2, Law 9.8): the face-up quests are shared (9.8.3),
    ``quests_done`` holds the quests he completed (9.5.5)."""
    k = v - VAGABOND
    at = VB_ITEMS + k * NITEM * 4
    ch = int(s[VB_CHAR + k])
    items = {}
    for st, name in enumerate(ITEM_STATE_NAMES):
        got = {ITEM_NAMES[i]: int(s[at + i * 4 + st]) for i in range(NITEM) if s[at + i * 4 + st] > 0}
        if got:
            items[name] = got
    partner = int(s[VB_COALITION + k])
    chart = VB_REL + k * NF
    return {
        "character": CHARACTER_NAMES[ch] if ch >= 0 else None,
        "pawn": pawn_place(int(s[VB_PAWN + k])),
        "items": items,
        "ruin_items_held": [ITEM_NAMES[i] for i in range(NITEM) for _ in range(int(s[VB_R_HELD + k * NITEM + i]))],
        "relationships": {FACTION_NAMES[f]: RELATIONSHIP_NAMES[int(s[chart + f])] for f in seated
                          if s[chart + f] >= 0},
        "coalition": FACTION_NAMES[partner] if partner >= 0 else None,
        "quests": [QUEST_NAMES[q] for q in range(NQUEST) if s[QUEST_LOC + q] == QL_VISIBLE],
        "quests_done": [QUEST_NAMES[q] for q in range(NQUEST)  # his own (Law 9.5.5): in his play area
                        if s[QUEST_LOC + q] == QL_DONE and int(s[QUEST_BY + q]) == v],
        "quest_deck": int(s[QUEST_DECK_N]),
    }


def vagabonds_seated(seated) -> list[int]:
    """The Vagabonds among the seated faction ids (the first, then the second)."""
    return [v for v in (VAGABOND, VAGABOND2) if v in seated]


def pawns_in(s: np.ndarray, seated, c: int) -> list[str]:
    """The names of the Vagabonds whose pawn stands in clearing c."""
    return [FACTION_NAMES[v] for v in vagabonds_seated(seated) if int(s[VB_PAWN + v - VAGABOND]) == c]


def ruin_contents(s: np.ndarray) -> dict:
    """Items under each ruin, by clearing name: a list of item names (two with two Vagabonds, 9.8.1)."""
    out = {}
    for c in range(NC):
        got = [ITEM_NAMES[int(s[RUIN_ITEM + slot * NC + c])] for slot in range(2) if s[RUIN_ITEM + slot * NC + c] >= 0]
        if got:
            out[f"clearing {c + 1}"] = got
    return out


def revealed_by(s: np.ndarray, f: int) -> list:
    """The cards faction f revealed this turn. The Cult and the Duchy share the revealed location (Law 10.5, 12.5.1.I),
    and revealed cards go back in the revealer's own Evening (10.6.1, 12.6.1): they are f's only on f's turn."""
    if int(s[ACTIVE]) != f:
        return []
    return [card_label(c) for c in range(len(CARD_NAMES)) if s[CARD_LOC + c] == LOC_REVEALED]


def lizards_dict(s: np.ndarray) -> dict:
    """The Lizard Cult's public board: the outcast marker, acolytes, revealed cards, suits scored this turn."""
    o = int(s[LZ_OUTCAST])
    return {
        "outcast": SUIT_NAMES[o] if o >= 0 else None,
        "hated": bool(s[LZ_HATED]),
        "acolytes": int(s[LZ_ACOLYTES]),
        "revealed": revealed_by(s, LIZARDS),
        "scored_this_turn": [SUIT_NAMES[k] for k in range(3) if (int(s[LZ_SCORED]) >> k) & 1],
    }


def hundreds_dict(s: np.ndarray) -> dict:
    """The Lord of the Hundreds' public board (Law 14): the warlord's clearing (printed number, None off the map), the
    mood card, the Hoard by item, Command and Prowess (14.2.4.II)."""
    from .engine.hoard import track_value
    w = int(s[HD_WARLORD])
    return {
        "warlord": w + 1 if w >= 0 else None,
        "mood": MOOD_NAMES[int(s[HD_MOOD])],
        "hoard": {ITEM_NAMES[i]: int(s[HD_HOARD + i]) for i in range(len(ITEM_NAMES)) if s[HD_HOARD + i] > 0},
        "command": int(track_value(s, HD_COMMAND)),
        "prowess": int(track_value(s, HD_PROWESS)),
    }


def relic_label(k: int) -> str:
    """A face-up relic's kind in words: "tablet 2"."""
    from .data import RELIC_TYPE_NAMES, RELIC_KIND_TYPE, RELIC_KIND_VALUE
    return f"{RELIC_TYPE_NAMES[RELIC_KIND_TYPE[k]]} {RELIC_KIND_VALUE[k]}"


def duchy_dict(s: np.ndarray) -> dict:
    """The Underground Duchy's public board (Law 12): the Burrow's warriors, the ministers swayed and unswayed, the
    crowns left on the board and those out of the game by rank, the cards revealed this turn, the Assembly's actions
    taken and the ministers that acted in this Parliament."""
    from .layout import DU_BURROW, DU_SWAYED, DU_CROWNS_LOST, DU_ACTIONS, DU_USED, CARD_LOC, LOC_REVEALED
    from .data import MINISTER_NAMES, RANK_NAMES, NMINISTER
    from .engine.parliament import crowns_left
    return {
        "burrow": int(s[DU_BURROW]),
        "swayed": [MINISTER_NAMES[m] for m in range(NMINISTER) if s[DU_SWAYED + m]],
        "unswayed": [MINISTER_NAMES[m] for m in range(NMINISTER) if not s[DU_SWAYED + m]],
        "crowns_on_board": {RANK_NAMES[r]: int(crowns_left(s, r)) for r in range(3)},
        "crowns_lost": {RANK_NAMES[r]: int(s[DU_CROWNS_LOST + r]) for r in range(3)},
        "revealed": revealed_by(s, DUCHY),
        "assembly_actions": int(s[DU_ACTIONS]),
        "ministers_acted": [MINISTER_NAMES[m] for m in range(NMINISTER) if (int(s[DU_USED]) >> m) & 1],
    }


def keepers_dict(s: np.ndarray) -> dict:
    """The Keepers in Iron's public board (Law 15) and the relics in the forests: each forest's face-up relics by kind
    and face-down ones by type only (15.2.1: nobody knows a face-down relic's value, so no view shows it), the Relics
    spaces, each waystation's face up, the Retinue (cards and Faithful Retainers by column), relics waiting for the
    forest an enemy puts them in (15.2.5)."""
    from .layout import (KP_FOREST_UP, KP_FOREST_DOWN, KP_RECOVERED, KP_WS_FACE, KP_RETAINERS, KP_TROPHY, KP_RESERVE,
                         CARD_LOC, LOC_RETINUE, BUILDINGS, MAP)
    from .data import (NRELIC_KINDS, RELIC_TYPE_NAMES, RELIC_KIND_TYPE, WAYSTATION_FACES, KP_WAYSTATIONS, BT_WAYSTATION,
                       RETINUE_NAMES, RETINUE_COLUMNS)
    from .map_data import MAP_NFOREST
    forests = {}
    for fo in range(int(MAP_NFOREST[int(s[MAP])])):
        up = [relic_label(k) for k in range(NRELIC_KINDS) for _ in range(int(s[KP_FOREST_UP + fo * NRELIC_KINDS + k]))]
        down = [RELIC_TYPE_NAMES[RELIC_KIND_TYPE[k]] for k in range(NRELIC_KINDS)
                for _ in range(int(s[KP_FOREST_DOWN + fo * NRELIC_KINDS + k]))]
        if up or down:
            forests[f"forest {fo + 1}"] = {"face_up": up, "face_down": sorted(down)}
    stations = {}
    for w in range(KP_WAYSTATIONS):
        where = [c + 1 for c in range(NC) if s[BUILDINGS + (BT_WAYSTATION + w) * NC + c] > 0]
        stations["/".join(RELIC_TYPE_NAMES[t] for t in WAYSTATION_FACES[w])] = {
            "face_up": RELIC_TYPE_NAMES[WAYSTATION_FACES[w, int(s[KP_WS_FACE + w])]],
            "clearing": where[0] if where else None}
    return {
        "forests": forests,
        "recovered": [relic_label(k) for k in range(NRELIC_KINDS) for _ in range(int(s[KP_RECOVERED + k]))],
        "waystations": stations,
        "retinue": {RETINUE_NAMES[col]: [card_label(c) for c in range(len(CARD_NAMES))
                                         if s[CARD_LOC + c] == LOC_RETINUE + col]
                    + ["Faithful Retainer"] * int(s[KP_RETAINERS + col]) for col in range(RETINUE_COLUMNS)},
        "relics_removed": [relic_label(k) for k in range(NRELIC_KINDS) for _ in range(int(s[KP_TROPHY + k]))],
        "relics_to_place": int(s[KP_RESERVE:KP_RESERVE + NRELIC_KINDS].sum()),
    }


def by_owner(s: np.ndarray, box: int) -> dict:
    """Warriors in one of the Riverfolk's boxes (RF_FUNDS, RF_PAYMENTS, RF_COMMITTED), by owner."""
    return {FACTION_NAMES[g]: int(s[box + g]) for g in range(NF) if s[box + g] > 0}


def trade_posts(s: np.ndarray) -> dict:
    """The Riverfolk's trade posts of each suit: on the map, still on the Trade Posts track, returned to
    the box by Trade Disruption (Law 11.2.5.I; their track spaces stay empty)."""
    out = {}
    for k, suit in enumerate(SUIT_NAMES[:3]):
        on_map = int(s[TOKENS + (TT_TRADEPOST + k) * NC:TOKENS + (TT_TRADEPOST + k + 1) * NC].sum())
        gone = int(s[RF_POSTS_GONE + k])
        out[suit] = {"on_map": on_map, "on_track": RF_POSTS_PER_SUIT - on_map - gone, "gone": gone}
    return out


def riverfolk_dict(s: np.ndarray) -> dict:
    """The Riverfolk Company's public board (Law 11): warriors in the Funds, Payments and Committed boxes
    by owner, the service prices (None before setup sets them), the trade posts of each suit, the services
    the player taking the turn has bought (with how many more it may buy now), and funds still owed to
    Trade Disruption. Its hand is public too (Law 11.2.3): ``Game.to_dict()["hands"]["riverfolk"]``."""
    bought = {RF_SERVICE_NAMES[k]: int(s[RF_BOUGHT + k]) for k in range(3) if s[RF_BOUGHT + k] > 0}
    return {
        "funds": by_owner(s, RF_FUNDS),
        "payments": by_owner(s, RF_PAYMENTS),
        "committed": by_owner(s, RF_COMMITTED),
        "prices": {RF_SERVICE_NAMES[k]: (int(s[RF_PRICES + k]) or None) for k in range(3)},
        "trade_posts": trade_posts(s),
        "services_bought": bought,
        "services_buyer": FACTION_NAMES[int(s[ACTIVE])] if bought and s[ACTIVE] >= 0 else None,
        "services_left": int(s[RF_SERVICES_LEFT]),
        "disruption_owed": int(s[RF_DISRUPT]),
    }


# ---------------------------------------------------------------- the Corvid Conspiracy (seed 003, Law 13)
# A face-down plot as a viewer other than the Corvids sees it (13.2.2.I): its token name and its label.
HIDDEN_PLOT = "plot"


def plot_type(s: np.ndarray, c: int) -> int:
    """The type of the plot in clearing c (an index into PLOT_NAMES), or -1 (no plot)."""
    for t in range(len(PLOT_NAMES)):
        if s[TOKENS + (TT_PLOT + t) * NC + c] > 0:
            return t
    return -1


def plot_dict(s: np.ndarray, c: int) -> dict | None:
    """The plot in clearing c (None without one): its type, whether it is face up, and the types a wrong
    Exposure guess ruled out for it (13.2.4: public). Everything, the type of a face-down plot included:
    ``hide_plots`` takes that out for a viewer other than the Corvids."""
    t = plot_type(s, c)
    if t < 0:
        return None
    return {"type": PLOT_NAMES[t], "face_up": bool(s[CV_FACE_UP + c]),
            "ruled_out": [PLOT_NAMES[k] for k in range(len(PLOT_NAMES)) if (int(s[CV_EXCLUDED + c]) >> k) & 1]}


def corvids_dict(s: np.ndarray) -> dict:
    """The Corvid Conspiracy's board (Law 13): plots in the supply (by type: the Corvids' secret, 13.2.2.I,
    since every plot there is face down), plots face up and face down on the map, and this turn's counters
    (plots placed, Daylight actions left, recruited, exerted); raids removed whose warriors are still to be
    placed (13.7.4), by clearing."""
    on_map = [plot_dict(s, c) for c in range(NC)]
    on_map = [p for p in on_map if p is not None]
    by_type = {name: int(CV_PLOTS_PER_TYPE[t]) - sum(p["type"] == name for p in on_map)
               for t, name in enumerate(PLOT_NAMES)}
    return {
        "supply": sum(by_type.values()),
        "supply_by_type": by_type,
        "face_up": sum(p["face_up"] for p in on_map),
        "face_down": sum(not p["face_up"] for p in on_map),
        "plots_placed": int(s[CV_PLACED]),
        "actions_left": int(s[CV_ACTIONS]),
        "recruited": bool(s[CV_RECRUITED]),
        "exerted": bool(s[CV_EXERTED]),
        "raids_pending": {f"clearing {c + 1}": int(s[CV_RAID + c]) for c in range(NC) if s[CV_RAID + c] > 0},
    }


def sees_plots(viewer: str | None) -> bool:
    """Whether `viewer` knows the type of every face-down plot (13.2.2.I: only the Corvids do)."""
    return viewer == "corvids"


def hide_plots(d: dict, viewer: str | None) -> dict:
    """``Game.to_dict()`` output `d` as `viewer` sees the plots (changed in place and returned): unless the
    viewer is the Corvids, a face-down plot is the token ``HIDDEN_PLOT`` with type None, and the supply is
    not told by type (13.2.2.I). What Exposure ruled out stays: it is public (13.2.4)."""
    if sees_plots(viewer):
        return d
    for cl in d["clearings"]:
        p = cl.get("plot")
        if p is not None and not p["face_up"]:
            cl["tokens"] = [HIDDEN_PLOT if t == "plot_" + p["type"] else t for t in cl["tokens"]]
            p["type"] = None
    if "corvids" in d:
        d["corvids"].pop("supply_by_type", None)
    return d


def plot_label(p: dict | None) -> str:
    """A plot dict (``plot_dict``, perhaps hidden) in words: "face-down bomb", "face-up snare", "face-down
    plot (not raid)"."""
    if p is None:
        return "no plot"
    side = "face-up" if p["face_up"] else "face-down"
    kind = p["type"] or "plot"
    out = f"{side} {kind}"
    if p["ruled_out"] and not p["face_up"]:
        out += f" (not {', '.join(p['ruled_out'])})"
    return out


def card_label(c: int) -> str:
    return f"{CARD_NAMES[c]} ({SUIT_NAMES[CARD_SUIT[c]]})"


# ---------------------------------------------------------------- Clockwork bots (seed 004)
# A bot's name as players say it, and the pronoun its sentences use, by the faction slot it plays.
BOT_TITLES = {MARQUISE: ("Mechanical Marquise", "she"), EYRIE: ("Electric Eyrie", "it"),
              ALLIANCE: ("Automated Alliance", "it")}
# Another player as a bot's sentence names it (a defender).
PLAYER_TITLES = {"marquise": "the Marquise", "eyrie": "the Eyrie", "alliance": "the Alliance",
                 "vagabond": "the Vagabond", "vagabond2": "the second Vagabond", "lizards": "the Lizard Cult",
                 "riverfolk": "the Riverfolk", "corvids": "the Corvids"}
ORDER_BUILDING = tuple(BT_NAMES[bt] for bt in SUIT_BUILDING)  # seed 004: the building of each suit's order


def is_bot(s: np.ndarray, f: int) -> bool:
    """Faction f is played by its Clockwork bot."""
    return 0 <= f < NF and bool(s[BOT + f])


def bot_factions(s: np.ndarray) -> list[int]:
    """The bots' faction ids, in seating order."""
    return [int(f) for f in s[SEAT_FACTION:SEAT_FACTION + int(s[NSEATS])] if s[BOT + int(f)]]


def bot_name(f: int) -> str:
    """The seat name of faction f's bot ("mechanical_marquise")."""
    return next(name for name, g in BOT_NAMES.items() if g == f)


def bot_title(f: int) -> str:
    """The bot playing faction f as a player names it: "Mechanical Marquise"."""
    return BOT_TITLES[f][0] if f in BOT_TITLES else bot_name(f).replace("_", " ").title()


def player_title(s: np.ndarray, g: int) -> str:
    """Player g as a bot's sentence names it: "the Eyrie", or a bot's own name."""
    if is_bot(s, g):
        return f"the {bot_title(g)}"
    return PLAYER_TITLES.get(FACTION_NAMES[g], FACTION_NAMES[g])


def bot_traits(s: np.ndarray, f: int) -> list[str]:
    """The names of the traits of faction f's bot (``data.BOT_TRAIT_NAMES``), in their table's order."""
    names = BOT_TRAIT_NAMES.get(f, ())
    return [t for k, t in enumerate(names) if (int(s[BOT_TRAITS + f]) >> k) & 1]


def seat_label(s: np.ndarray, f: int) -> str:
    """Faction f's seat as ``inputs.seat_code`` reads it: the faction's name, or for a bot
    "bot:<bot>[:<level>][+<trait>...]" (the level left out when it is "normal")."""
    if not is_bot(s, f):
        return FACTION_NAMES[f]
    level = BOT_LEVEL_NAMES[int(s[BOT_LEVEL + f])]
    return (f"bot:{bot_name(f)}" + ("" if level == "normal" else f":{level}")
            + "".join("+" + t for t in bot_traits(s, f)))


def seat_faction(seat: str) -> str:
    """The faction a seat label plays: "bot:mechanical_marquise:easy" -> "marquise" (RootError if it is none)."""
    from .inputs import seat_code
    return FACTION_NAMES[seat_code(seat) % BOT_CODE_FLAG]


def is_bot_seat(seat) -> bool:
    """A seat label names a Clockwork bot ("bot:...")."""
    return isinstance(seat, str) and seat.startswith("bot:")


def bot_dict(s: np.ndarray, f: int) -> dict:
    """Faction f's bot, all public: its name, difficulty, traits and current order card (None between turns)."""
    card = int(s[ORDER_CARD + f])
    return {"bot": bot_name(f), "title": bot_title(f), "level": BOT_LEVEL_NAMES[int(s[BOT_LEVEL + f])],
            "traits": bot_traits(s, f), "order_card": card_label(card) if card >= 0 else None}


def bot_turn(s: np.ndarray) -> tuple[int, int] | None:
    """(bot, its order card) while a bot takes its turn, else None: kept by ``Game`` at each decision, so that the
    bot's log after it, which may begin inside that turn, is read right (``BotReading``)."""
    f = int(s[ACTIVE])
    return (f, int(s[ORDER_CARD + f])) if is_bot(s, f) else None


def bot_rows(s: np.ndarray) -> np.ndarray:
    """The rows (kind, a, b, c) of the bots' log: what they did since the last decision (engine.bots)."""
    n = int(s[BOT_LOG_N])
    return s[BOT_LOG:BOT_LOG + 4 * n].reshape(n, 4)


class BotReading:
    """What the earlier rows of a bot log tell about the next one: whose turn it is, its order card, whether it
    runs Escalated Daylight, the last clearing it recruited in, the clearing a Blitz leaves.

    A log that begins inside a bot's turn (a player decided in the middle of it, in a battle) starts from
    ``bot`` and ``card``, the bot taking the turn and its order card before that decision (``Game`` keeps them);
    by default from the state: the only bot seated (or the one taking the turn) and its order card if it is
    still face up."""

    def __init__(self, s: np.ndarray, bot: int | None = None, card: int | None = None):
        if bot is None:
            bots = bot_factions(s)
            active = int(s[ACTIVE])
            bot = bots[0] if len(bots) == 1 else active if is_bot(s, active) else (bots[0] if bots else -1)
        self.bot = bot
        self.card = card if card is not None else int(s[ORDER_CARD + bot]) if bot >= 0 else -1
        # only the Mechanical Marquise escalates on a bird order
        self.escalated = bot == MARQUISE and self.card >= 0 and CARD_SUIT[self.card] == BIRD
        self.column = None  # the Electric Eyrie's Decree column being resolved: (suit, cards)
        self.last_recruit = -1  # the clearing of the recruit row just before (-1: the row before was another kind)
        self.blitz_from = -1

    def new_order(self, f: int, card: int) -> None:
        self.bot, self.card, self.escalated = f, card, False


def _clearing(c: int, s=None) -> str:
    """"clearing 5 (fox)": with the state `s`, the suit the clearing has in that game (Advanced Setup, A.1)."""
    suit = CLEARING_SUIT[c] if s is None else int(s[CLEARING_SUITS + c])
    return f"clearing {c + 1} ({SUIT_NAMES[suit]})"


def item_words(i: int) -> str:
    """An item with its article: "a sword", "coins"."""
    return ITEM_NAMES[i] if ITEM_NAMES[i].endswith("s") else f"a {ITEM_NAMES[i]}"


def _warriors(n: int) -> str:
    return f"{n} warrior" + ("" if n == 1 else "s")


def _recruit_reason(s: np.ndarray, r: BotReading, c: int, escalated_rows: int) -> str:
    """Why a bot recruits in clearing c (seed 004 Recruit, Escalated Daylight, difficulties, Iron Will)."""
    level = int(s[BOT_LEVEL + r.bot])
    they = BOT_TITLES.get(r.bot, ("", "it"))[1]
    if r.escalated:
        why = ("Escalated Daylight: one of the two clearings " if escalated_rows > 1
               else "Escalated Daylight: the clearing ") + f"{they} rules of lowest priority"
        if level == BOT_EASY:
            why += "; Easy: half as many"
        if "iron_will" in bot_traits(s, r.bot):
            why += "; Iron Will: twice as many"
        return why
    if 0 <= c <= r.last_recruit and level >= BOT_CHALLENGING:
        return f"{BOT_LEVEL_NAMES[level].title()}: two more in the ordered clearing {they} rules of highest priority"
    return f"ordered clearing {they} rules" + ("; Easy: two warriors in all" if level == BOT_EASY else "")


def bot_row_sentences(s: np.ndarray, bot: int | None = None, card: int | None = None,
                      rows=None) -> list[str | None]:
    """One sentence per row of the bots' log (``rows``, default the state's), naming what the bot did and the
    rule that made it choose so (seed 004), in the order they happened; None for a row that the next one says
    (an order card drawn by Expand). ``bot``, ``card``: whose turn the first rows belong to and its order card
    (``BotReading``)."""
    rows = bot_rows(s) if rows is None else np.asarray(rows).reshape(-1, 4)
    r = BotReading(s, bot, card)
    out: list[str | None] = []
    listed = rows.tolist()
    for i, (kind, a, b, c) in enumerate(listed):
        out.append(bot_sentence(s, (kind, a, b, c), r, listed[i + 1:]))
    return out


def bot_sentences(s: np.ndarray, bot: int | None = None, card: int | None = None) -> list[str]:
    """What the bots did since the last decision, in words (``bot_row_sentences`` without the empty rows), and
    ``log_full_note`` when the log ran out of rows."""
    return [x for x in bot_row_sentences(s, bot, card) + [log_full_note(s)] if x]


def log_full_note(s: np.ndarray) -> str | None:
    """A line saying the bots' log is full (``layout.N_BOT_LOG`` rows: the engine keeps the first ones), or None."""
    if int(s[BOT_LOG_N]) < N_BOT_LOG:
        return None
    return f"(the bots' log holds {N_BOT_LOG} rows and is full: what they did after that is not told)"


def bot_sentence(s: np.ndarray, row, reading: BotReading | None = None, following=()) -> str | None:
    """One row (kind, a, b, c) of the bots' log in words, e.g. "Mechanical Marquise battles the Eyrie in clearing
    4 (rabbit) (ordered clearing; defender: most pieces there)". ``reading``: what the rows before it told
    (``BotReading``, updated here; default: read from the state); ``following``: the rows after it (they tell an
    Expand's card, how many clearings an Escalated recruit shares, whether a Blitz moved). None for a row that
    the next one says (an order card drawn by Expand)."""
    r = BotReading(s) if reading is None else reading
    kind, a, b, c = (int(x) for x in row)
    following = [list(map(int, x)) for x in following]
    nxt = following[0] if following else None
    rest = [[kind, a, b, c]] + following
    if kind == EV_ORDER:
        r.new_order(a, b)
        if nxt is not None and nxt[0] == EV_EXPAND and nxt[1] == b:
            return None  # the Expand row says it
        return f"{bot_title(a)} reveals the order card {card_label(b)}"
    if kind in (EV_CRACKDOWN, EV_OUTRAGE) or (r.bot == ALLIANCE and kind not in (EV_CRAFT, EV_NO_ORDER, EV_HOSPITALS)):
        from .bot_alliance_sentences import alliance_sentence  # its own module (standing abilities in any turn)
        return alliance_sentence(s, (kind, a, b, c), player_title, card_label)
    if r.bot == EYRIE and kind not in (EV_CRAFT, EV_NO_ORDER, EV_HOSPITALS):  # its own module
        from .bot_eyrie_sentences import eyrie_sentence
        return eyrie_sentence(s, r, (kind, a, b, c), nxt, player_title, card_label)
    who = bot_title(r.bot) if r.bot >= 0 else "A Clockwork bot"
    they = BOT_TITLES.get(r.bot, ("", "it"))[1]
    if kind != EV_RECRUIT:
        r.last_recruit = -1
    if kind != EV_MOVE and kind != EV_BLITZ:
        r.blitz_from = -1
    if kind == EV_NO_ORDER:
        r.bot = a if a >= 0 else r.bot
        return (f"{bot_title(r.bot)} cannot reveal an order card (the deck and the discard pile are empty): "
                "no Daylight, nothing scored")
    if kind == EV_CRAFT:
        return f"{bot_title(a)} crafts {item_words(b)} for 1 VP (the item of its order card {card_label(c)})"
    if kind == EV_ESCALATED:
        r.escalated = True
        return f"{who} runs Escalated Daylight (a bird order card: every clearing is a target)"
    if kind == EV_BATTLE:
        why = {0: "Escalated Daylight: every clearing" if r.escalated else "ordered clearing",
               1: f"Escalated Daylight: a clearing {they} moved into",
               2: f"Blitz: the clearing {they} moved into"}.get(c, "")
        return f"{who} battles {player_title(s, b)} in {_clearing(a, s)} ({why}; defender: most pieces there)"
    if kind == EV_RECRUIT:
        n = 0
        while r.escalated and n < len(rest) and rest[n][0] == EV_RECRUIT:
            n += 1
        why = _recruit_reason(s, r, a, n + (r.last_recruit >= 0))
        r.last_recruit = a
        return f"{who} recruits {_warriors(b)} in {_clearing(a, s)} ({why})"
    if kind == EV_BUILD:
        piece = BT_NAMES[b]
        if r.escalated:
            why = "Escalated Daylight: the type with the most pieces on the map"
        elif r.card >= 0:
            why = f"{SUIT_NAMES[CARD_SUIT[r.card]]} order: a {piece}"
        else:
            why = "the ordered building"
        return f"{who} builds a {piece} in {_clearing(a, s)} ({why}, in the clearing {they} rules with the most warriors)"
    if kind == EV_MOVE:
        if r.blitz_from == a:
            why = "Blitz: all but one"
        else:
            why = ("Escalated Daylight: every clearing; " if r.escalated else "") + "all but three"
        r.blitz_from = -1
        return (f"{who} moves {_warriors(c)} from {_clearing(a, s)} to {_clearing(b, s)} ({why}; the adjacent clearing "
                "with the most enemy pieces)")
    if kind == EV_BLITZ:
        r.blitz_from = a
        moved = nxt is not None and nxt[0] == EV_MOVE and nxt[1] == a
        return (f"{who} blitzes from {_clearing(a, s)} (Blitz: the clearing {they} rules of highest priority with no "
                "enemy pieces)" + ("" if moved else "; no warriors can move from there"))
    if kind == EV_EXPAND:
        r.new_order(r.bot, a)
        return (f"{who} draws a new order card, {card_label(a)} (Expand: no building placed this turn and five or "
                "fewer on the map; its item is not crafted), and runs Daylight again")
    if kind == EV_SCORE:
        if b == 1:
            return f"{who} scores {a} VP (Nightmare: one more at the end of Evening)"
        if r.card >= 0 and CARD_SUIT[r.card] == BIRD:
            why = "bird order: the buildings track that scores the most"
        elif r.card >= 0:
            why = f"ordered buildings track: {ORDER_BUILDING[int(CARD_SUIT[r.card])]}s"
        else:
            why = "ordered buildings track"
        return f"{who} scores {a} VP ({why})"
    if kind == EV_HOSPITALS:  # (in anyone's turn: only the Mechanical Marquise has Hospitals)
        where = _clearing(a, s) if 0 <= a < NC else "the keep's clearing"
        return (f"{bot_title(MARQUISE)} places {_warriors(b if b > 0 else 2)} in {where} (Hospitals: two or more of "
                f"{'her' if they == 'she' else 'its'} warriors removed defending)")
    return f"{who}: bot log row {kind} ({a}, {b}, {c})"


def bot_setup_sentence(s: np.ndarray, f: int) -> str | None:
    """How faction f's bot set up, read off the board: only while the game is in its setup (turn 0), before any
    turn has moved its pieces; None otherwise or when it has not set up yet."""
    if int(s[TURN]) != 0:
        return None
    if f == EYRIE:
        from .bot_eyrie_sentences import eyrie_setup_sentence
        return eyrie_setup_sentence(s)
    if f == ALLIANCE:
        return ("Automated Alliance sets up (the Law of Rootbotics 6.3): ten warriors, three bases and ten sympathy "
                "tokens in its supply, nothing on the map, no cards")
    if f != MARQUISE:
        return None
    keep = [c for c in range(NC) if s[TOKENS + TT_KEEP * NC + c] > 0]
    if not keep:
        return None
    where = {BT_NAMES[bt]: [c for c in range(NC) if s[BUILDINGS + bt * NC + c] > 0]
             for bt in (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER)}
    empty = [c for c in range(NC) if s[WARRIORS + f * NC + c] == 0]
    built = ", ".join(f"a {name} in {_clearing(cs[0], s)}" for name, cs in where.items() if cs)
    return (f"{bot_title(f)} sets up (seed 004): the keep in {_clearing(keep[0], s)} with 2 warriors, a warrior in "
            f"every other clearing but {', '.join(_clearing(c, s) for c in empty)}; {built} (at random among the "
            "keep's clearing and those adjacent)")


def bot_has_set_up(s: np.ndarray, f: int) -> bool:
    """Faction f has set up: the game is past its setup, or f comes before the faction setting up now in the
    setup order (Law 5.1.7; the bots are the Marquise, the Eyrie and the Alliance, never a swapped Vagabond)."""
    if int(s[TURN]) != 0:
        return True
    order = [int(g) for g in SETUP_ORDER]
    active = int(s[ACTIVE])
    return active in order and order.index(f) < order.index(active)


def bot_events(s: np.ndarray, bot: int | None = None, card: int | None = None) -> list[str]:
    """``Game.bot_events``: the bots' sentences since the last decision; right after ``Game.new`` (no decision
    taken yet) the setup of each bot that set up before it comes first, while it can still be read off the board
    (``bot_setup_sentence``). A bot that sets up after a decision is reported in that decision's trace
    (``gamelog.traced_sections``: the game log and terminal play print it), not here."""
    out = []
    if int(s[DECISIONS]) == 0:
        out += [x for x in (bot_setup_sentence(s, f) for f in bot_factions(s) if bot_has_set_up(s, f)) if x]
    return out + bot_sentences(s, bot, card)

"""The action table: what each action id means, and ``describe(state, a)`` for a readable line."""
from __future__ import annotations

import numpy as np

from . import codes as K
from .data import (CARD_SHORT, CARD_SUIT, CLEARING_SUIT, SUIT_NAMES, FACTION_NAMES, PIECE_NAMES, ITEM_NAMES, NC, NITEM,
                   NBT, QUEST_NAMES, QUEST_ITEMS, CARD_COST, VAGABOND, VAGABOND2, BIRD, RF_SERVICE_NAMES, RF_TRADE_POST_COST,
                   TT_PLOT, PLOT_NAMES, ALLIANCE, BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER,
                   MQ_BUILD_COST, KEEPERS, RETINUE_NAMES, RETINUE_COLUMNS, RELIC_TYPE_NAMES, WAYSTATION_FACES,
                   KP_SETUP_WARRIORS, KP_RECRUIT_WARRIORS, TT_RELIC, NRELIC_KINDS)
from .layout import (CLEARING_SUITS, VB_PAWN, DECISION, DECIDER, REG, R_MOVE_FROM, R_MOVE_TO, R_ARG2, BUILDINGS, R_B_CLEARING, R_BUILD_TYPE, R_FH_CLEARING, N_ACTIONS_RESERVED,
                     R_OUTRAGE_CLEARING, R_VB_TARGET, R_LZ_RITUAL, R_LZ_TARGET, R_RF_ARG, R_RF_PAY_SPEND, RF_PRICES,
                     R_CV_TARGET, CV_FACE_UP, CV_EXCLUDED, CV_PLACED, CV_ACTIONS, CV_EXERTED, BOT, KP_COL, KP_CLEARING, KP_CARD,
                     KP_FOREST, CARD_LOC, LOC_HAND, LOC_RETINUE)
from .engine.interrupts import order_question, ORDER_FIELD_HOSPITALS, ORDER_FEAR, ORDER_BASES, ORDER_RAIDS, ORDER_PRICE
from .engine.board import ruler
from .engine.geometry import adjacent, river_adjacent
from .engine.factions.keepers import encamp_fallback
from .names import plot_type, sees_plots, relic_label

assert K.N_ACTIONS == N_ACTIONS_RESERVED
ITEM_STATES = ("face up", "exhausted", "damaged", "damaged, exhausted")


def block_of(a: int) -> tuple[str, int]:
    """(block name, index inside the block) of action id `a`."""
    for name, start, size in K.BLOCKS:
        if start <= a < start + size:
            return name, a - start
    raise ValueError(f"action {a} is outside the action space [0, {K.N_ACTIONS})")


def place_name(c: int, state: np.ndarray | None = None) -> str:
    """A clearing's name, or "the Burrow" for the Duchy's Burrow (place NC, Law 12.2.2)."""
    return "the Burrow" if c == NC else clearing_name(c % NC, state)


def clearing_name(c: int, state: np.ndarray | None = None) -> str:
    """"clearing 5 (fox)": its printed suit, or with `state` the suit it has in that game (Advanced Setup, A.1)."""
    suit = CLEARING_SUIT[c] if state is None else int(state[CLEARING_SUITS + c])
    return f"clearing {c + 1} ({SUIT_NAMES[suit]})"


def action_name(a: int, state: np.ndarray | None = None) -> str:
    """The meaning of an action id alone, without the decision it answers (with `state`: a clearing's suit in that
    game)."""
    block, i = block_of(int(a))
    if block == "done":
        return "done / decline"
    if block == "clearing":
        return clearing_name(i, state)
    if block == "card":
        return f"{CARD_SHORT[i]} #{i}"
    if block == "faction":
        return FACTION_NAMES[i]
    if block == "count":
        return f"{i + 1}"
    if block == "option":
        return K.OPT_NAMES[i] if i < len(K.OPT_NAMES) else f"option {i} (unused)"
    if block == "piece":
        return PIECE_NAMES[i]
    if block == "forest":
        return f"forest {i + 1}"
    if block == "burrow":
        return "the Burrow"
    if block == "item":
        return f"{ITEM_NAMES[i % NITEM]} ({ITEM_STATES[i // NITEM]})"
    a_, b_ = QUEST_ITEMS[i]
    return f"quest {QUEST_NAMES[i]} [{ITEM_NAMES[a_]} + {ITEM_NAMES[b_]}]"


# Law 12.5.2 I-IX: what each minister does when it acts in Parliament, in data.MINISTER_NAMES order.
MINISTER_ACTS = ("build with any card (Law 12.5.2.I)", "battle (Law 12.5.2.II)", "move (Law 12.5.2.III)",
                 "two moves or two battles (Law 12.5.2.IV)", "spend cards of one suit for VP (Law 12.5.2.V)",
                 "take the action of a swayed noble or squire (Law 12.5.2.VI)",
                 "2 VP with all three tunnels on the map (Law 12.5.2.VII)", "1 VP per market on the map (Law 12.5.2.VIII)",
                 "1 VP per citadel on the map (Law 12.5.2.IX)")


# How each decision reads: "{x}" is the action's meaning; other fields come from the state.
_TEMPLATES = {
    # the Underground Duchy (Law 12)
    K.D_DU_CORNER: "place 2 warriors and a tunnel in {x}, 2 warriors in each adjacent clearing (Law 12.3.3)",
    K.D_DU_BUILD_WHERE: "build in {x}",
    K.D_DU_BUILD_TYPE: "build a {x}",
    K.D_DU_BUILD_CARD: "reveal {x} to build",
    K.D_DU_DIG_CARD: "spend {x} to dig",
    K.D_DU_DIG_REMOVE: "remove the tunnel in {x} first",
    K.D_DU_DIG_WHERE: "place a tunnel in {x}",
    K.D_DU_DIG_COUNT: "move {x} warrior(s) from the Burrow",
    K.D_DU_BANKER: "spend {x} for 1 VP",
    K.D_DU_MAYOR: "the Mayor takes the action of the {x}",
    K.D_DU_SWAY: "sway the {x}",
    K.D_DU_SWAY_CARD: "reveal {x} to sway",
    K.D_DU_CRAFT: "craft {x}",
    K.D_DU_FAILURE: "Price of Failure: return the {x}",
    K.D_SETUP_KEEP: "place the keep in {x}",
    K.D_SETUP_BUILDING: "place the starting {setup_building} in {x}",
    K.D_SETUP_EYRIE_CORNER: "place the first roost and 6 warriors in {x}",
    K.D_CHOOSE_LEADER: "choose {x}",
    K.D_BBB_TARGET: "Better Burrow Bank: you and {x} each draw a card",
    K.D_BIRDSONG_CARDS: "{x}",
    K.D_SND_TARGET: "Stand and Deliver!: take a random card from {x}",
    K.D_PLACE_SPLIT: "place one piece in {x}",
    K.D_DECREE_CARD: "add {x} to the Decree",
    K.D_DECREE_COL: "put it in the {x} column",
    K.D_NEW_ROOST: "A New Roost in {x}",
    K.D_MQ_CRAFT: "craft {x}",
    K.D_MQ_ACTION: "{x}",
    K.D_EY_CRAFT: "craft {x}",
    K.D_EY_DECREE: "resolve Decree card {x}",
    K.D_PAY_BIRD: "spend {x} for an extra action",
    K.D_MOVE_FROM: "move from {x}",
    K.D_MOVE_TO: "move from {move_from} to {x}",
    K.D_MOVE_COUNT: "move {x} warrior(s) from {move_from} to {move_to}",
    K.D_BATTLE_WHERE: "battle in {x}",
    K.D_BATTLE_DEFENDER: "battle {x} in {battle}",
    K.D_AMBUSH: "ambush with {x}",
    K.D_FOIL: "foil the ambush with {x}",
    K.D_BATTLE_EFFECTS: "in battle, use {x}",
    K.D_HIT_PIECE: "remove a {x} in {battle}",
    K.D_FIELD_HOSPITAL: "Field Hospitals: spend {x} to return warriors removed from {fh} to the keep",
    K.D_BUILD_TYPE: "build a {x}",
    K.D_BUILD_WHERE: "build a {build} in {x}",
    K.D_PAY_WOOD: "pay one wood from {x}",
    K.D_OVERWORK_WHERE: "overwork at the sawmill in {x}",
    K.D_OVERWORK_CARD: "overwork, spending {x}",
    K.D_RECRUIT_WHERE: "recruit in {x}",
    K.D_ROOST_WHERE: "build a roost in {x}",
    K.D_DISCARD: "discard {x} (hand limit)",
    K.D_CRAFT_ANY: "pay the any-suit cost with a crafting piece of {x}",
    K.D_DOM_ACTIVATE: "activate {x}",
    K.D_DOM_TAKE: "take the available {x}",
    K.D_DOM_PAY: "spend {x} to take the dominance card",
    K.D_TAX_WHERE: "Tax Collector: remove a warrior from {x} to draw a card",
    K.D_CODEBREAK_TARGET: "Codebreakers: look at the hand of {x}",
    K.D_AL_REVOLT: "revolt in {x}",
    K.D_AL_SPREAD: "spread sympathy to {x}",
    K.D_AL_SPEND: "spend supporter {x}",
    K.D_AL_DAYLIGHT: "craft {x}",
    K.D_AL_MOBILIZE: "mobilize: add {x} to the supporters",
    K.D_AL_TRAIN: "train an officer, spending {x}",
    K.D_AL_OPS: "{x}",
    K.D_AL_RECRUIT: "recruit a warrior at the base in {x}",
    K.D_AL_ORGANIZE: "organize in {x}",
    K.D_OUTRAGE: "Outrage in {outrage}: give {x} to the Alliance's supporters",
    K.D_AL_TRIM: "discard supporter {x} (no base left)",
    K.D_VB_CHARACTER: "choose {x}",
    K.D_VB_FOREST: "place the pawn in {x}",
    K.D_VB_REFRESH: "refresh {x}",
    K.D_VB_SLIP: "slip into {x}",
    K.D_VB_ACTION: "{x}",
    K.D_VB_MOVE_TO: "move to {x}",
    K.D_VB_ALLY_MOVE: "move warriors of ally {x} along",
    K.D_VB_ALLY_COUNT: "move {x} allied warrior(s) along",
    K.D_BATTLE_ALLY: "battle with the warriors of ally {x}",
    K.D_VB_AID_TARGET: "aid {x}",
    K.D_VB_AID_CARD: "give {x}",
    K.D_VB_AID_EXHAUST: "exhaust {x} to aid",
    K.D_VB_AID_TAKE: "take {x} from the Crafted Items of {target}",
    K.D_VB_QUEST_REWARD: "{x}",
    K.D_VB_STRIKE: "strike: remove {x}",
    K.D_VB_REPAIR: "repair {x}",
    K.D_VB_STEAL: "steal a random card from {x}",
    K.D_VB_DAY_LABOR: "day labor: take {x} from the discard pile",
    K.D_VB_DAMAGE: "damage {x}",
    K.D_VB_EXPLORE: "take {x} from the ruin",
    K.D_VB_CAPACITY: "remove {x} (item limit)",
    K.D_VB_COALITION: "form a coalition with {x}",
    K.D_EFFECT_ORDER: "resolve {first} in {x} before {other}",
    K.D_LZ_CORNER: "place 4 warriors and a garden in {x}",
    K.D_LZ_OUTCAST: "make {x} the Outcast",
    K.D_LZ_CONSPIRACY: "{x}",
    K.D_LZ_CONSPIRE_WHERE: "{conspiracy} in {x}",
    K.D_LZ_CRUSADE: "crusade: {x}",
    K.D_LZ_CRUSADE_BATTLE: "crusade: battle in {x}",
    K.D_LZ_CONVERT_WHOM: "convert a warrior of {x} in {cult_target}",
    K.D_LZ_SANCTIFY_WHICH: "sanctify: replace the {x} in {cult_target} with a garden",
    K.D_LZ_RITUAL: "{x}",
    K.D_LZ_RITUAL_CARD: "{ritual}: reveal {x}",
    K.D_LZ_RITUAL_WHERE: "{ritual} in {x}",
    K.D_LZ_CRAFT: "craft {x}",
    K.D_RF_SETUP: "place a warrior in {x}",
    K.D_RF_PRICE: "set the price of {service} to {x}",
    K.D_RF_SERVICE: "{x}",
    K.D_RF_PAY_ITEM: "exhaust {x} to pay for {service}",
    K.D_RF_HAND_CARD: "take {x} from the Riverfolk's hand",
    K.D_RF_DAYLIGHT: "craft {x}",
    K.D_RF_FUND_OWNER: "{pay} one {x} warrior from the Funds box",
    K.D_RF_RECRUIT_WHERE: "recruit in {x}",
    K.D_RF_POST_WHERE: "establish a trade post in {x}",
    K.D_RF_EXPORT_CARD: "export {x}",
    K.D_RF_DISRUPT: "Trade Disruption: return one {x} warrior from the Funds box to its supply",
    K.D_CV_SETUP: "place a warrior in {x}",
    K.D_CV_CRAFT: "craft {x}",
    K.D_CV_FLIP: "flip the plot in {x}",
    K.D_CV_RECRUIT: "recruit, spending {x}",
    K.D_CV_RECRUIT_SUIT: "recruit a warrior in each {x} clearing",
    K.D_CV_PLOT_WHERE: "plot in {x}",
    K.D_CV_PLOT_WHICH: "place {x} face down in {cv_target}",
    K.D_CV_TRICK_A: "trick: swap the plot in {x}",
    K.D_CV_TRICK_B: "trick: swap the plot in {cv_target} with the plot in {x}",
    K.D_CV_EXERT: "exert: {x} instead of drawing",
    K.D_CV_EXPOSE_WHERE: "Exposure: guess the type of the face-down plot in {x}",
    K.D_CV_EXPOSE_CARD: "Exposure: show {x} to the Corvids",
    K.D_CV_EXPOSE_GUESS: "Exposure: guess that the plot in {cv_target} is {x}",
    K.D_VB_GLIDE: "glide to {x}",
    K.D_PROTECTOR: "Protector: {x} in {battle}",
    K.D_VB_IMPROVISE: "improvise: treat {x} as another item for the quest (damaging it)",
    K.D_VB_IMPROVISE_FOR: "improvise: it stands for {x}",
    K.D_VB_INSTIGATE_ATT: "instigate: {x} attacks",
    K.D_VB_INSTIGATE_DEF: "instigate: {x} defends",
    K.D_CP_CARD: "remove a closed path, spending {x} (1 VP; Law C.3.3)",
    K.D_CP_FROM: "remove a closed path of {x}",
    K.D_CP_TO: "remove the closed path to {x}",
    K.D_FERRY: "cross the lake {x} (draw a card; Law C.2.5)",
}
_DECLINE = {K.D_AMBUSH: "do not ambush", K.D_FOIL: "do not foil the ambush", K.D_BATTLE_EFFECTS: "use no more effects",
            K.D_FIELD_HOSPITAL: "do not use Field Hospitals", K.D_MQ_CRAFT: "stop crafting",
            K.D_EY_CRAFT: "stop crafting", K.D_EY_DECREE: "end Daylight", K.D_MQ_ACTION: "end Daylight", K.D_BIRDSONG_CARDS: "use no card",
            K.D_DECREE_CARD: "add no second card", K.D_MOVE_FROM: "do not move", K.D_BATTLE_WHERE: "do not battle",
            K.D_DU_ASSEMBLY: "end the Assembly", K.D_DU_PARLIAMENT: "end Parliament", K.D_DU_SWAY: "end Daylight",
            K.D_DU_DIG_COUNT: "move no warrior", K.D_DU_BRIGADIER: "no second one", K.D_DU_BANKER: "spend no more",
            K.D_DU_CRAFT: "stop crafting",
            K.D_AL_REVOLT: "revolt no more", K.D_AL_SPREAD: "spread no more sympathy", K.D_AL_DAYLIGHT: "end Daylight",
            K.D_AL_OPS: "end military operations", K.D_VB_SLIP: "do not slip", K.D_VB_ACTION: "end Daylight",
            K.D_VB_ALLY_MOVE: "move alone", K.D_BATTLE_ALLY: "battle without an ally",
            K.D_VB_AID_TAKE: "take no item", K.D_VB_EXPLORE: "take no item (no VP)", K.D_EFFECT_ORDER: "resolve {other} before {first}",
            K.D_LZ_CONSPIRACY: "end conspiracies", K.D_LZ_CRUSADE_BATTLE: "do not battle", K.D_LZ_RITUAL: "end Daylight",
            K.D_LZ_CRAFT: "stop crafting", K.D_RF_SERVICE: "buy no more services", K.D_RF_DAYLIGHT: "end Daylight",
            K.D_CV_CRAFT: "stop crafting", K.D_CV_FLIP: "flip no more plots", K.D_CV_RECRUIT: "do not recruit",
            K.D_CV_DAYLIGHT: "end Daylight", K.D_CV_EXERT: "do not exert: draw in Evening",
            K.D_CV_EXPOSE_WHERE: "do not use Exposure now", K.D_PROTECTOR: "do not enlist the Arbiter",
            K.D_VB_IMPROVISE: "do not improvise", K.D_FERRY: "go along the lake as a river (no Ferry)"}


# What "effects: order" puts against the Outrage (engine.interrupts.order_question).
_ORDER_OTHER = {ORDER_FIELD_HOSPITALS: "Field Hospitals", ORDER_FEAR: "Fear of the Faithful",
                ORDER_BASES: "the removed base's discards", ORDER_RAIDS: "Trade Disruption",
                ORDER_PRICE: "the Price of Failure"}
_MENUS = (K.D_MQ_CRAFT, K.D_MQ_ACTION, K.D_EY_CRAFT, K.D_EY_DECREE, K.D_BIRDSONG_CARDS, K.D_AL_DAYLIGHT,
          K.D_VB_ACTION, K.D_LZ_RITUAL, K.D_RF_DAYLIGHT, K.D_CV_DAYLIGHT, K.D_LZ_CRAFT, K.D_DU_ASSEMBLY,
          K.D_DU_PARLIAMENT, K.D_DU_BRIGADIER)  # Evening crafting offers Exposure
# What the Riverfolk's Daylight options cost (Law 11.5): one fund committed, spent, or per cost symbol.
_RF_COSTS = {K.OPT_MOVE: "commit 1 fund", K.OPT_BATTLE: "commit 1 fund", K.OPT_DRAW: "commit 1 fund",
             K.OPT_RECRUIT: "spend 1 fund", K.OPT_EXPORT: "commit a fund per cost symbol, discard the card",
             K.OPT_TRADE_POST: f"spend {RF_TRADE_POST_COST} funds of the clearing's ruler"}


def _opt_name(o: int) -> str:
    return K.OPT_NAMES[o] if 0 <= o < len(K.OPT_NAMES) else "none"


def _riverfolk_detail(state: np.ndarray, d: int, a: int) -> str:
    """What a Riverfolk option costs, added to its name (Law 11.2.6, 11.5): a service's price, the funds
    an action commits or spends, and whose funds pay for a trade post; a move along a river (11.2.2,
    11.2.7.II) says so."""
    block, i = block_of(a)
    if d == K.D_RF_SERVICE and block == "option":
        price = int(state[RF_PRICES + (i - K.OPT_SERVICE) % 3])
        paid = "item" if int(state[DECIDER]) in (VAGABOND, VAGABOND2) else "warrior"
        return f" (price {price}: {price} {paid}{'s' if price != 1 else ''} " \
               f"{'to exhaust' if paid == 'item' else 'into the Payments box'})"
    if d == K.D_RF_DAYLIGHT and block == "option" and i in _RF_COSTS:
        return f" ({_RF_COSTS[i]})"
    if d == K.D_RF_DAYLIGHT and block == "card":
        n = int(CARD_COST[i].sum())
        return f" (commit {n} fund{'s' if n != 1 else ''})"
    if d in (K.D_MOVE_TO, K.D_VB_MOVE_TO) and block == "clearing":
        a_ = int(state[VB_PAWN + int(state[DECIDER]) - VAGABOND] if d == K.D_VB_MOVE_TO else state[REG + R_MOVE_FROM])
        return " along the river" if 0 <= a_ < NC and river_adjacent(state, a_, i) and not adjacent(state, a_, i) else ""
    if d == K.D_RF_POST_WHERE and block == "clearing":
        owner = int(ruler(state, i))
        return f", spending {RF_TRADE_POST_COST} funds of {FACTION_NAMES[owner] if owner >= 0 else 'nobody'}"
    return ""


# Law 6.3.4: the Marquise's starting buildings, in the order the engine asks for them.
_SETUP_BUILDINGS = (BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER)


def _marquise_detail(state: np.ndarray, d: int, a: int) -> str:
    """What a Marquise build costs, added to the option (Law 6.5.4: the wood under the leftmost building of
    that type on its track), when the type is chosen and when the clearing is."""
    block, i = block_of(a)
    if (d, block) not in ((K.D_BUILD_TYPE, "piece"), (K.D_BUILD_WHERE, "clearing")):
        return ""
    bt = i if d == K.D_BUILD_TYPE else int(state[REG + R_BUILD_TYPE])
    if bt not in _SETUP_BUILDINGS:
        return ""
    on_map = int(state[BUILDINGS + bt * NC:BUILDINGS + (bt + 1) * NC].sum())
    if on_map >= MQ_BUILD_COST.shape[0]:
        return ""
    return f" (costs {int(MQ_BUILD_COST[on_map])} wood)"


def _a(word: str) -> str:
    """"a bomb", "an extortion"."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _corvid_detail(state: np.ndarray, d: int, a: int, secret: bool) -> str:
    """What a Corvid option does, added to its name (Law 13): a flip's VP (13.4.2), the warriors a plot costs
    (13.5.2), the Daylight actions left (13.5), the suit a card recruits in (13.4.3), what Exposure already
    ruled out (13.2.4), and (`secret`: for the Corvids only, 13.2.2.I) the type of the face-down plot."""
    block, i = block_of(a)
    if block == "option" and i == K.OPT_EXPOSE:
        return " (guess the type of a face-down Corvid plot, Law 13.2.4)"
    if d == K.D_CV_FLIP and block == "clearing":
        t = plot_type(state, i)
        kind = f"{_a(PLOT_NAMES[t])}; " if secret and t >= 0 else ""
        n = 1
        for c in range(NC):
            n += int(state[CV_FACE_UP + c])
        return f" ({kind}scores {n} VP)"
    if d == K.D_CV_RECRUIT and block == "card":
        suit = int(CARD_SUIT[i])
        return " (a bird: choose the suit)" if suit == BIRD else f" (a warrior in each {SUIT_NAMES[suit]} clearing)"
    if d in (K.D_CV_DAYLIGHT, K.D_CV_EXERT) and block == "option" and i in (K.OPT_MOVE, K.OPT_PLOT, K.OPT_BATTLE,
                                                                            K.OPT_TRICK):
        extra = f", removing {_plural(1 + int(state[CV_PLACED]), 'warrior')}" if i == K.OPT_PLOT else ""
        if d == K.D_CV_EXERT:
            return extra and f" ({extra[2:]})"
        return f" ({_plural(int(state[CV_ACTIONS]), 'action')} left{extra})"
    if d == K.D_CV_PLOT_WHERE and block == "clearing":
        return f", removing {_plural(1 + int(state[CV_PLACED]), 'warrior')}"
    if d in (K.D_CV_TRICK_A, K.D_CV_TRICK_B, K.D_CV_EXPOSE_WHERE) and block == "clearing":
        side = "face up" if state[CV_FACE_UP + i] else "face down"
        kind = plot_type(state, i)
        ruled = [PLOT_NAMES[k] for k in range(4) if (int(state[CV_EXCLUDED + i]) >> k) & 1]
        out = [PLOT_NAMES[kind]] if kind >= 0 and (secret or state[CV_FACE_UP + i]) else []
        if d != K.D_CV_EXPOSE_WHERE:
            out.append(side)
        if ruled:
            out.append("not " + " or ".join(ruled))
        return f" ({', '.join(out)})" if out else ""
    if d == K.D_CV_EXPOSE_GUESS and block == "piece":
        c = int(state[REG + R_CV_TARGET]) % NC
        if (int(state[CV_EXCLUDED + c]) >> (i - NBT - TT_PLOT)) & 1:
            return " (already ruled out)"
    return ""


def _plot_piece(state: np.ndarray, d: int, a: int, secret: bool) -> str | None:
    """The words for a plot chosen as a piece (placed, guessed, removed), or None when `a` is no plot. Only
    the Corvids know a face-down plot's type (13.2.2.I): for anyone else it is "the face-down plot", and the
    Strike's action names the first plot kind whatever the type (``engine.battle.allow_pieces_of``)."""
    block, i = block_of(a)
    if block != "piece" or not NBT + TT_PLOT <= i < NBT + TT_PLOT + len(PLOT_NAMES):
        return None
    t = i - NBT - TT_PLOT
    if d == K.D_CV_PLOT_WHICH:
        return _a(f"{PLOT_NAMES[t]} plot") if secret else "a plot"
    if d == K.D_CV_EXPOSE_GUESS:
        return _a(PLOT_NAMES[t])
    c = int(state[VB_PAWN + int(state[DECIDER]) - VAGABOND] if d == K.D_VB_STRIKE else state[REG + R_B_CLEARING])
    if 0 <= c < NC and plot_type(state, c) >= 0 and not state[CV_FACE_UP + c]:
        real = plot_type(state, c)
        return f"the face-down plot ({PLOT_NAMES[real]})" if secret else "the face-down plot"
    return f"the face-up {PLOT_NAMES[t]}"


AS_DECIDER = "decider"  # describe's default viewer: the faction that decides


def describe(state: np.ndarray, a: int, viewer: str | None = AS_DECIDER) -> str:
    """A readable line for action `a` as an answer to the pending decision of `state`, as `viewer` may read
    it: a faction name, None for the whole table (a public log), or by default the faction deciding. The
    type of a face-down plot is named only for the Corvids (seed 003 13.2.2.I)."""
    a = int(a)
    d = int(state[DECISION])
    who = FACTION_NAMES[int(state[DECIDER])] if state[DECIDER] >= 0 else "nobody"
    secret = sees_plots(who if viewer == AS_DECIDER else viewer)
    # Law 1.1.3: the effect ordered against an Outrage (engine.interrupts).
    q = int(order_question(state)) if d == K.D_EFFECT_ORDER else ORDER_BASES
    other = _ORDER_OTHER[q]
    first = "the raid" if q == ORDER_RAIDS else "the Outrage"
    keepers = _keepers_text(state, d, a)
    if keepers is not None:
        return f"{who}: {keepers}"
    if a == K.A_DONE:
        return f"{who}: {_DECLINE.get(d, 'done').format(other=other, first=first)}"
    template = _TEMPLATES.get(d, "{x}")
    if d in _MENUS and block_of(a)[0] in ("option", "quest"):
        template = "{x}"  # a verb or Daylight option chosen from a menu (march, tax collector, ...)
    elif d == K.D_DU_SWAY and not K.OPT_MINISTER <= a - K.A_OPT < K.OPT_MINISTER + len(MINISTER_ACTS):
        template = "{x}"  # a Daylight option beside the ministers (take dominance, ...)
    if d == K.D_OUTRAGE and state[BOT + ALLIANCE]:
        template = "Automated Outrage in {outrage}: discard {x}"  # the Automated Alliance takes no card (AA-3)
    x = action_name(a, state)
    if d in (K.D_DU_SWAY, K.D_DU_MAYOR, K.D_DU_FAILURE):
        x = x.replace("minister: ", "")  # "sway the foremole"
    elif d == K.D_DU_PARLIAMENT and K.OPT_MINISTER <= a - K.A_OPT < K.OPT_MINISTER + len(MINISTER_ACTS):
        x = "the " + x.replace("minister: ", "") + ": " + MINISTER_ACTS[a - K.A_OPT - K.OPT_MINISTER]
    if d == K.D_LZ_OUTCAST:
        x = x.replace("suit: ", "")  # "make fox the Outcast"
    elif d == K.D_RF_SERVICE:
        x = x.replace("service: ", "buy ")  # "buy riverboats"
    elif d == K.D_CV_RECRUIT_SUIT:
        x = x.replace("suit: ", "")  # "recruit a warrior in each fox clearing"
    elif d == K.D_CV_EXERT:
        x = "the action " + x
    plot = _plot_piece(state, d, a, secret)
    if plot is not None:
        x = plot
    x += _riverfolk_detail(state, d, a) + _corvid_detail(state, d, a, secret) + _marquise_detail(state, d, a)
    text = template.format(
        x=x,
        move_from=place_name(int(state[REG + R_MOVE_FROM]), state),
        move_to=place_name(int(state[REG + R_MOVE_TO]), state),
        setup_building=PIECE_NAMES[_SETUP_BUILDINGS[int(state[REG + R_ARG2]) % 3]],
        battle=clearing_name(int(state[REG + R_B_CLEARING]) % NC, state),
        fh=clearing_name(int(state[REG + R_FH_CLEARING]) % NC, state),
        build=PIECE_NAMES[int(state[REG + R_BUILD_TYPE]) % len(PIECE_NAMES)],
        outrage=clearing_name(int(state[REG + R_OUTRAGE_CLEARING]) % NC, state),
        target=FACTION_NAMES[int(state[REG + R_VB_TARGET]) % len(FACTION_NAMES)],
        other=other,
        first=first,
        conspiracy=_opt_name(int(state[REG + R_LZ_RITUAL])),
        ritual=_opt_name(int(state[REG + R_LZ_RITUAL])),
        cult_target=clearing_name(int(state[REG + R_LZ_TARGET]) % NC, state),
        service=RF_SERVICE_NAMES[int(state[REG + R_RF_ARG]) % 3],
        pay="spend" if state[REG + R_RF_PAY_SPEND] else "commit",
        cv_target=clearing_name(int(state[REG + R_CV_TARGET]) % NC, state),
    )
    return f"{who}: {text}"


# The Keepers in Iron's decisions (Law 15), read with the state: the Retinue column acting, the clearing of the action
# in progress, the forest delved, where a gathered card is now. Declines: what "done" means at each.
_KP_DECLINE = {K.D_KP_ENCAMP: "encamp no more", K.D_KP_DECAMP: "decamp no more", K.D_KP_RECRUIT_WHERE: "recruit no more",
               K.D_KP_CRAFT: "stop crafting", K.D_KP_DELVE: "do not delve",
               K.D_KP_RECOVER_RELIC: "recover no more relics here", K.D_KP_GATHER: "end Gather Retinue",
               K.D_KP_CARRY: "carry no more relics"}
_KP_DECISIONS = frozenset(range(K.D_KP_CORNER, K.D_KP_TROPHY + 1))


def _suit_clearing(card: int) -> str:
    """Where a Retinue card acts (Law 15.5.2): a clearing of its suit; a bird card (and a Faithful Retainer) any."""
    suit = int(CARD_SUIT[card]) if 0 <= card < len(CARD_SUIT) else BIRD
    return "any clearing" if suit == BIRD else f"a {SUIT_NAMES[suit]} clearing"


def _waystation_words(i: int) -> str:
    """An OPT_WAYSTATION option: "the figure/tablet waystation (tablet face up)" (Law 15.2.2)."""
    w, face = divmod(i - K.OPT_WAYSTATION, 2)
    return (f"the {'/'.join(RELIC_TYPE_NAMES[t] for t in WAYSTATION_FACES[w])} waystation "
            f"({RELIC_TYPE_NAMES[WAYSTATION_FACES[w, face]]} face up)")


# The Keepers' decisions whose words need no more than the option and the state's registers ({x}: the option; {here}:
# the clearing of the action in progress; {ws}: a waystation option; {column}: a Retinue column option).
_KP_TEMPLATES = {
    K.D_KP_CORNER: f"place {KP_SETUP_WARRIORS} warriors in {{x}} (your corner, Law 15.3.3)",
    K.D_KP_EDGE: f"place {KP_SETUP_WARRIORS} warriors in {{x}} (map edge, next to your corner)",
    K.D_KP_ENCAMP_WS: "place {ws}",
    K.D_KP_DECAMP: "decamp in {x}: replace a waystation with a warrior",
    K.D_KP_DECAMP_WS: "return {ws} to your board",
    K.D_KP_RECRUIT_WHERE: f"recruit {KP_RECRUIT_WARRIORS} warriors at the waystation in {{x}}",
    K.D_KP_RECRUIT_CARD: "recruit in {here}, spending {x}",
    K.D_KP_BATTLE_WHERE: "battle then delve in {x}",
    K.D_KP_DELVE: "delve: take a relic from {x} into {here}",
    K.D_KP_RECOVER_WHERE: "recover relics in {x}",
    K.D_KP_RECOVER_RELIC: "recover {x} from {here}",
    K.D_KP_GATHER_COL: "into the Retinue's {column} column",
    K.D_KP_CARRY: "carry {x} from {move_from} to {move_to} (Devout Knights, Law 15.2.4)",
    K.D_KP_TROPHY: "Prized Trophies: put the removed relic face up in {x} (Law 15.2.5)",
}


def _keepers_text(state: np.ndarray, d: int, a: int) -> str | None:
    """A Keepers decision's option in words (Law 15), or None for any other decision. Cards are written as
    ``action_name`` writes them, so that the terminal and the web page can name them as in the hands."""
    if d not in _KP_DECISIONS:
        return None
    block, i = block_of(a)
    col = RETINUE_NAMES[min(int(state[KP_COL]), RETINUE_COLUMNS - 1)]
    x = action_name(a, state)
    if block == "piece" and 0 <= i - NBT - TT_RELIC < NRELIC_KINDS:
        x = f"the {relic_label(i - NBT - TT_RELIC)} relic"
    if a == K.A_DONE:
        if d == K.D_KP_RETINUE:
            return "end Daylight" if state[KP_COL] >= RETINUE_COLUMNS else f"end the Retinue's {col} column"
        return _KP_DECLINE.get(d, "done")
    if d in _KP_TEMPLATES:
        option = block == "option"
        return _KP_TEMPLATES[d].format(
            x=x, here=clearing_name(int(state[KP_CLEARING]) % NC, state),
            move_from=clearing_name(int(state[REG + R_MOVE_FROM]) % NC, state),
            move_to=clearing_name(int(state[REG + R_MOVE_TO]) % NC, state),
            ws=_waystation_words(i) if option and d in (K.D_KP_ENCAMP_WS, K.D_KP_DECAMP_WS) else "",
            column=RETINUE_NAMES[(i - K.OPT_RETINUE) % RETINUE_COLUMNS] if option else "")
    if d == K.D_KP_ENCAMP:
        if encamp_fallback(state):
            return f"encamp in {x}: a waystation and a warrior there (none of yours on the map, Law 15.4.1)"
        return f"encamp in {x}: replace a warrior with a waystation"
    if d == K.D_KP_CRAFT:
        return x if block == "option" else f"craft {x}"
    if d == K.D_KP_RETINUE:
        if block == "option" and K.OPT_RETAINER <= i < K.OPT_RETAINER + RETINUE_COLUMNS:
            return f"Retinue, {col}: a Faithful Retainer ({col} in {_suit_clearing(-1)})"
        if block == "option":
            return x  # a card's Daylight option (Law 3.3, Dominance and the like)
        return f"Retinue, {col}: {x} ({col} in {_suit_clearing(i)})"
    if d == K.D_KP_DELVE_RELIC:
        forest = f"forest {int(state[KP_FOREST]) + 1}"
        if block == "option":  # OPT_HIDDEN_RELIC + type: only its type shows (Law 15.2.1)
            return f"take a face-down {RELIC_TYPE_NAMES[i - K.OPT_HIDDEN_RELIC]} from {forest} (its value drawn unseen)"
        return f"take {x} (face up) from {forest}"
    if d == K.D_KP_MOVE_OR_RECOVER:
        where = _suit_clearing(int(state[KP_CARD]))
        return f"move from {where}" if i == K.OPT_MOVE else f"recover relics in {where}"
    # K.D_KP_GATHER
    if block == "option":
        return f"shift a Faithful Retainer from the {RETINUE_NAMES[i - K.OPT_RETAINER]} column"
    loc = int(state[CARD_LOC + i])
    if loc == LOC_HAND + KEEPERS:
        return f"add {x} to the Retinue"
    return f"shift {x} from the {RETINUE_NAMES[loc - LOC_RETINUE]} column"


def action_table() -> list[tuple[int, str, str]]:
    """Every action id with its block and meaning (for documentation)."""
    return [(a, block_of(a)[0], action_name(a)) for a in range(K.N_ACTIONS)]

"""Playing the table: the second heuristic's valuation (``agents.heuristic``, kind ``heuristic``).

The first heuristic (``heuristic_v1``) scores a position by its own faction's plan minus a small, flat share of
the others' VP, so it never turns on the player about to win. Here the decider's position is scored by
``position_value`` (VP, or progress to an activated dominance card, plus what its faction's VP come from), each
opponent's by ``opponent_value`` (VP or dominance progress, cards, rule, warriors, buildings and tokens on the
map), and the decider's score is its own position minus each opponent's, weighed by that opponent's
**threat** (``threats``):

- how near it is to 30 VP, projecting its recent pace (VP per round so far) two rounds ahead;
- an activated dominance card, weighed by how close it is to dominance (suit clearings ruled, or a pair of
  opposite corners for the bird card; Law 3.3.1).

A far-behind opponent weighs ``P_W_BASE``; one about to win weighs up to ``P_W_BASE + P_W_THREAT``, about as much as
the decider's own position, so that removing the leader's warriors, buildings and tokens, battling where the
leader is weak and breaking the leader's rule in its dominance suit become the best options when someone nears
30. The weights are computed once per decision from the decider's determinized view (``agents.heuristic``), so
they depend only on what it can see, and every faction's choice goes through this one mechanism.

Every weight is a column of the decider's parameter row (``agents.heuristic.PARAMS``, one per faction).

Faction knowledge (in ``position_value``; our own rules of thumb, measured by ``benchmarks.heuristic_strength``:
no published strategy source was at hand to cite):

- Marquise: buildings score as they are placed (Law 6.5.3): sawmills, workshops and recruiters, wood, the keep.
- Eyrie (``eyrie_plan``, weights in the row's ``P_EY_*`` columns): roosts (the roost track scores each Evening,
  7.6.1); a Decree card that cannot be resolved means turmoil (7.7), which costs a VP per bird card in the Decree and
  the leader: the penalty counts those. Version 2's Eyrie row also counts every action that cannot be taken, values
  the Decree's cards while it can be kept and prefers the Despot or the Charismatic (sources and measurements:
  docs/agents.md, "The Eyrie Dynasties").
- Alliance: sympathy (scores when placed, 8.4.2), bases, officers, supporters.
- Vagabond (either): undamaged items, relationships, quests whose items he holds (``quests_in_reach``); in a
  coalition (Law 9.2.8) he wins when his partner wins, so his position *is* his partner's.
- Lizard Cult: gardens, two of each suit first (the draw bonus, 10.6.3), acolytes.
- Riverfolk: trade posts (each one lets funds score as dividends, 11.4.2), funds; for everyone else the warriors
  paid into their funds count against the buyer (a service is bought only when what it brings is worth it, and
  more so when the Riverfolk lead).
- Corvids: plots (face up ones score on every flip, 13.4.2). For everyone else a face-up snare where their
  pieces stand costs them (13.7.2: nothing is placed there or moved from there), so clearing it pays.
- Lord of the Hundreds: strongholds (they recruit and craft, 14.4.2, 14.2.1), mobs (they raze, 14.4.1), the warlord
  on the map (Prowess warriors recruited at it, 14.4.2), Hoard items (Command and Prowess, 14.2.4.II) and the VP
  Oppress would score this Evening (14.6.2), as the first heuristic counts them.
- Keepers in Iron (``keepers_plan``, both versions): waystations (draw, craft, recruit: 15.6.3, 15.2.3, 15.4.3); each
  relic by its step on the way to being recovered (forest -> clearing by Delve -> a waystation of its type, carried
  with warriors -> the Relics spaces, 15.5.2), the types that would fill a Relics column first; the Retinue's cards,
  worth more than in hand (they act every Daylight, 15.5.2). Each version has its weights (``KP_PLAN_V1``, kept as
  measured; ``KP_PLAN_V2``). Version 2's Keepers row looks 4 decisions ahead and weighs ruled clearings and warriors
  more (Delve needs rule, the discard checks count ruled clearings, 15.5.2.II.b, III.c); its rollouts recover
  whenever they can (``agents.heuristic.keepers_recovery``) and it charges ending a Retinue column whose cards could
  still act (``keepers_idle``). Sources and figures: docs/agents.md, "The Keepers in Iron at heuristic tables".

- Underground Duchy (``duchy_plan``, both versions, weights ``DU_W_*`` and the row's ``P_DU_*`` columns): swayed
  ministers by the action each takes every Parliament (the Brigadier and the Mayor first, as tournament players sway
  them; the lords by what they score, 12.5.2), citadels and markets (the Birdsong recruit, 12.4; the Evening draw,
  12.6.3; crafting, 12.6.2), tunnels and the Burrow's warriors up to its ways out (12.2.2), a piece in clearings of
  each suit (Sway reveals a card per matching clearing, 12.5.3.II); a building lost takes its minister with it (the
  Price of Failure, 12.2.3). Sources and measurements: the comment above ``DU_W_MINISTER``, docs/agents.md.

What others lose counts through the table: a trade post, garden, sympathy token, plot or roost removed lowers
its owner's position, weighted by the owner's threat, on top of the VP its removal scores.
"""
import numpy as np
from root_env.engine.jit import njit
from root_env.data import (DUCHY, BT_CITADEL, BT_MARKET, TT_TUNNEL, NMINISTER, MINISTER_RANK, DU_TUNNELS, EARL_OF_STONE,
                           BARON_OF_DIRT, DUCHESS_OF_MUD)
from root_env.layout import DU_BURROW, DU_SWAYED

from root_env.data import (NC, NF, NCARD, NITEM, NQUEST, QUEST_ITEMS, MARQUISE, EYRIE, ALLIANCE, LIZARDS,
                           RIVERFOLK, CORVIDS, TT_TRADEPOST, BT_GARDEN, BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER,
                           BT_ROOST, TT_WOOD, TT_KEEP, TT_SYMPATHY, TT_PLOT,
                           BIRD, SNARE, REL_ALLIED, CARD_SUIT, NBT, NTT, BT_OWNER, TT_OWNER, HUNDREDS, BT_STRONGHOLD,
                           TT_MOB, BT_BASE, AL_SYMPATHY_VP, SWORD)
from root_env.layout import (CLEARING_SUITS, GAME_OVER, WINNERS, VP, HAND_N, WARRIORS, DOMINANCE, CARD_LOC, CARD_FLAG, LOC_DECREE,
                             NSEATS, SEAT_FACTION, FACTION_SEAT, TURN, AL_OFFICERS, VB_ITEMS, VB_REL, VB_COALITION,
                             LZ_ACOLYTES, BUILDINGS, RF_FUNDS, RF_PAYMENTS, RF_COMMITTED, CV_FACE_UP, TOKENS, QUEST_LOC,
                             QL_VISIBLE, HD_WARLORD, HD_HOARD, VB_PAWN)
from root_env.engine.board import ruler, buildings_on_map, tokens_on_map, has_pieces
from root_env.engine.supporters import supporters_n, bases_on_map
from root_env.engine.factions.eyrie import (decree_action_possible, can_build_roost_at, recruit_count, COL_RECRUIT, COL_MOVE,
                                            COL_BUILD)
from root_env.engine.board import building_supply
from root_env.data import DESPOT, CHARISMATIC
from root_env.layout import EY_LEADER, EY_VIZIER_COL, EY_VIZIER_DONE, SUPPLY_WARRIORS
from root_env.engine.plots import plot_at
from root_env.engine.factions.hundreds import oppress_vp
from root_env.engine.items import undamaged
from root_env.engine.geometry import N_CORNERS, corner, opposite_corner
from root_env.engine.vagabonds import is_vagabond, items_at, chart_at, vb_row
from root_env.engine.relics import relic_at, relics_in_forest
from root_env.engine.geometry import n_forests, forest_touches, adjacent, adj_mask
from root_env.engine.factions.keepers import recoverable, recovered_of_type, face_type
from root_env.data import (KEEPERS, BT_WAYSTATION, KP_WAYSTATIONS, RETINUE_COLUMNS, NRELIC_TYPES, NRELIC_KINDS,
                           RELIC_KIND_TYPE, RELIC_KIND_VALUE)
from root_env.layout import KP_RETAINERS, LOC_RETINUE, LEGAL, LEGAL_N
from root_env.codes import A_CARD, A_OPT, OPT_RETAINER

WIN_VP = 30            # Law 3.1
# The weights (``prm``: a row of agents.heuristic.PARAMS): P_W_BASE, an opponent far from winning (v1 counts 0.05
# of its VP alone); P_W_THREAT, added for an opponent about to win; P_THREAT_FROM, the projected VP below which an
# opponent adds no threat; P_HAND, P_RULED, P_WARRIOR: a card in hand, a clearing ruled, a warrior on the map.
# P_SAMPLES: determinizations averaged for every other decision; P_PLAN: the decider's own faction plan (the
# faction terms of ``plan_value``) against its VP; P_QUEST: a Vagabond's quest in reach; P_TURMOIL, P_TURMOIL_VP: an
# Eyrie Decree card that cannot be resolved (points, and points per VP it would cost); P_RF_PAID: a warrior in the
# Riverfolk's funds, for everyone else; P_SNARE: a clearing of one's own under a face-up snare; P_LOOK_ROUNDS:
# rounds of an opponent's pace projected; P_W_LEADER: added weight of the opponent projected highest; P_PIECE: an
# opponent's token on the map (a building counts twice), in ``opponent_value``. The Underground Duchy's plan
# (``duchy_plan``): P_DU_BUILDING, a citadel or market; P_DU_MINISTER, the scale of the swayed ministers' worth;
# P_DU_MARGIN, P_DU_EXPOSED, P_DU_EXPOSED_MINISTER: when a clearing's buildings count as exposed, and what that costs.
# The Eyrie's plan (``eyrie_plan``): P_EY_ROOST, a roost on the map; P_EY_DECREE, a card of the Decree (an action
# every turn) while the Decree can be kept; P_EY_RISK, a suited card outside the Move column; P_EY_CAPACITY (0 or 1),
# whether the turmoil check also counts what the Decree's Recruit and Build columns need together; P_EY_LONG, the cost
# of each Decree card beyond P_EY_LONG_FROM; P_EY_LEADER, the Despot or the Charismatic leader in office; P_EY_STUCK,
# each Decree card (or Loyal Vizier) whose action cannot be taken as the map stands; P_EY_ROLLOUT (0 or 1), whether
# the Eyrie's rollouts add one card to the Decree, in a column where it can act (``agents.heuristic.eyrie_rollout``).
# Playing against the Alliance and the Corvids (``opponent_value``, for every decider but them): P_AL_SYMPATHY, an
# Alliance sympathy token on the map (it scores the Alliance more with every one placed, Law 8.4.2's track, and
# feeds Revolt and Mobilize); P_AL_BASE, an Alliance base (the Alliance recruits, trains officers and crafts at it,
# 8.4; its removal discards the supporters of its suit and half the officers, 8.2.4); P_AL_OFFICER, an officer (an
# Evening operation, 8.6); P_AL_SUPPORTER, a card among the Alliance's supporters (what Outrage pays them, 8.2.4);
# P_CV_PLOT, a Corvid plot on the map (face up or down: it scores on every flip, 13.4.2, and crafts, 13.2.1).
# P_AL_THREAT, P_CV_THREAT (in ``threats``): weight added to the Alliance's (the Corvids') threat with their engine on
# the map, in full with all 10 sympathy tokens (all 8 plots) placed: the Alliance's pace grows with the sympathy it has
# out (each token scores more than the last, 8.4.2), the Corvids' with their plots (13.4.2), so that a projection of
# their pace so far underrates them.
# P_AL_SIEGE (in ``evaluate_into``; a Vagabond counts his swords where his pawn stands): a base attack takes two
# decisions a look-ahead of a few random ones rarely chains, a march into the base's clearing and a battle there that
# clears its defenders (Law 4.3.4: the base falls once the warriors do; 8.2.4). Each Alliance base counts this many
# points, times the Alliance's threat weight, in full where the decider's warriors there outnumber the Alliance's (a
# share of it where they do not), so that the march is valued before the battle; P_AL_BASE must value the base more,
# or taking it would lose the term.
# P_AL_PACE (in ``threats``): the Alliance's pace projected as the larger of its VP per round so far and this many
# sympathy placements a round at the track's next space (8.4.2): it scores most late, when the track pays 3-4 a token.
(P_EVAL, P_LOOKAHEAD, P_DONE, P_SAMPLES_BATTLE, P_SAMPLES_EXPOSE, P_W_BASE, P_W_THREAT, P_THREAT_FROM,
 P_HAND, P_RULED, P_WARRIOR, P_SAMPLES, P_PLAN, P_QUEST, P_TURMOIL, P_TURMOIL_VP, P_RF_PAID, P_SNARE,
 P_LOOK_ROUNDS, P_W_LEADER, P_PIECE, P_DU_BUILDING, P_DU_MINISTER, P_DU_MARGIN, P_DU_EXPOSED, P_DU_EXPOSED_MINISTER,
 P_EY_ROOST, P_EY_DECREE, P_EY_RISK, P_EY_CAPACITY, P_EY_LONG, P_EY_LONG_FROM, P_EY_LEADER, P_EY_STUCK, P_EY_ROLLOUT,
 P_AL_SYMPATHY, P_AL_BASE, P_AL_OFFICER, P_AL_SUPPORTER, P_CV_PLOT, P_AL_THREAT, P_CV_THREAT, P_AL_SIEGE, P_AL_PACE,
 N_PARAMS) = range(45)
QUEST_IN_REACH = 5.0   # score points per visible quest whose items a Vagabond holds undamaged (agents.ismcts_leaf)


@njit(cache=True)
def quests_in_reach(s, v):
    """Visible quests whose two items Vagabond v holds undamaged (two copies when both are one item)."""
    n = 0
    for q in range(NQUEST):
        if s[QUEST_LOC + q] == QL_VISIBLE:
            a = QUEST_ITEMS[q, 0]
            b = QUEST_ITEMS[q, 1]
            if a == b:
                ok = undamaged(s, v, a) >= 2
            else:
                ok = undamaged(s, v, a) >= 1 and undamaged(s, v, b) >= 1
            if ok:
                n += 1
    return n


# The valuation's helpers (``dominance_progress`` to ``opponent_value``) are compiled inline ("always"): they run for
# every option of every decision, and each call of a compiled function that is passed arrays pays their reference
# counting (numba's NRT_incref / NRT_decref, a sixth of a heuristic game's time). The same code, the same values.
@njit(cache=True, inline="always")
def dominance_progress(state, g, rul):
    """How close faction g is to the dominance victory of its activated card (Law 3.3.1), 0..1: suit clearings
    ruled out of three, or the best pair of opposite corners (half for one of the two). 0 without a card."""
    dom = state[DOMINANCE + g]
    if dom == 0 or is_vagabond(g):
        return 0.0
    suit = dom - 1
    if suit == BIRD:
        best = 0
        for i in range(N_CORNERS):  # the game's map: its corners and their opposite pairs (Law 3.3.1.II; Appendix C)
            a = corner(state, i)
            b = opposite_corner(state, a)
            k = (1 if rul[a] == g else 0) + (1 if rul[b] == g else 0)
            best = max(best, k)
        return best / 2.0
    k = 0
    for c in range(NC):
        if state[CLEARING_SUITS + c] == suit and rul[c] == g:
            k += 1
    return min(k, 3) / 3.0


# ``board.ruler`` (Law 2.8 and its exceptions) compiled inline: the same code, inlined into the loops below that ask it
# of every clearing of every evaluated position, where a call per clearing (and its array reference counting) cost
# about a tenth of a heuristic game's time.
ruler_inline = njit(cache=True, inline="always")(getattr(ruler, "py_func", ruler))


@njit(cache=True)
def rulers(state, rul):
    """rul[c] = the ruler of clearing c (``board.ruler``), for every clearing."""
    for c in range(NC):
        rul[c] = ruler_inline(state, c)


@njit(cache=True, inline="always")
def partner_of(state, g):
    """The coalition partner of Vagabond g (Law 9.2.8), or -1."""
    if is_vagabond(g):
        return state[VB_COALITION + vb_row(g)]
    return -1


@njit(cache=True)
def threats(state, f, w, prm):
    """w[g] = how much faction g's position counts against f's (see the module doc); 0 for f, for unseated
    factions, for f's coalition partner and for a Vagabond in a coalition (his partner carries the threat)."""
    rul = np.empty(NC, np.int64)
    rulers(state, rul)
    n = state[NSEATS]
    rounds = max(1, (state[TURN] - 1) // max(1, n) + 1)
    mine = partner_of(state, f)
    top = -1
    top_proj = -1.0
    for g in range(NF):
        w[g] = 0.0
    for s in range(n):
        g = state[SEAT_FACTION + s]
        if g == f or g == mine or partner_of(state, g) >= 0:
            continue
        vp = state[VP + g]
        pace = vp / rounds
        if g == ALLIANCE and prm[P_AL_PACE] != 0.0:
            k = tokens_on_map(state, TT_SYMPATHY)
            if k < AL_SYMPATHY_VP.shape[0]:  # the track's next space (Law 8.4.2)
                pace = max(pace, prm[P_AL_PACE] * AL_SYMPATHY_VP[k])
        proj = vp + prm[P_LOOK_ROUNDS] * pace
        start = prm[P_THREAT_FROM]
        danger = min(1.0, max(0.0, (proj - start) / (WIN_VP - start)))
        if state[DOMINANCE + g] != 0 and not is_vagabond(g):
            danger = max(danger, 0.5 + 0.5 * dominance_progress(state, g, rul))
        w[g] = prm[P_W_BASE] + prm[P_W_THREAT] * danger * danger
        if g == ALLIANCE and prm[P_AL_THREAT] != 0.0:
            w[g] += prm[P_AL_THREAT] * tokens_on_map(state, TT_SYMPATHY) / 10.0
        elif g == CORVIDS and prm[P_CV_THREAT] != 0.0:
            k = 0
            for c in range(NC):
                if plot_at(state, c) >= 0:
                    k += 1
            w[g] += prm[P_CV_THREAT] * k / 8.0
        if proj > top_proj:
            top_proj = proj
            top = g
    if top >= 0:
        w[top] += prm[P_W_LEADER]


@njit(cache=True, inline="always")
def common_value(state, g, rul, prm, extra):
    """What every valuation of faction g counts: its VP (or, with an activated dominance card, its progress
    towards it: VP no longer count, its clearings do, Law 3.3.1), hand, ruled clearings and warriors, plus
    `extra` (summed in the order the valuations always did)."""
    v = 0.0
    ruled = 0
    warriors = 0
    for c in range(NC):
        if rul[c] == g:
            ruled += 1
        warriors += state[WARRIORS + g * NC + c]
    if state[DOMINANCE + g] != 0 and not is_vagabond(g):
        v += 15.0 + 90.0 * dominance_progress(state, g, rul)
    else:
        v += 10.0 * state[VP + g]
    return v + (prm[P_HAND] * state[HAND_N + g] + prm[P_RULED] * ruled + prm[P_WARRIOR] * warriors + extra)


@njit(cache=True, inline="always")
def position_value(state, g, rul, prm, own):
    """Faction g's position on its own terms (10 points = 1 VP), from public information and g's hand size. `own`:
    g is the decider (the Eyrie's turmoil check and the Vagabond's quests in reach look at its own next turn)."""
    v = common_value(state, g, rul, prm, 0.0)
    if state[FACTION_SEAT + RIVERFOLK] >= 0:
        funds = 0
        later = 0
        for h in range(NF):
            funds += state[RF_FUNDS + h]
            later += state[RF_PAYMENTS + h] + state[RF_COMMITTED + h]
        if g == RIVERFOLK:
            posts = 0
            for suit in range(3):
                posts += tokens_on_map(state, TT_TRADEPOST + suit)
            # Funds pay for actions and score as dividends while a trade post stands (Law 11.4.2).
            v += (1.0 + (0.3 if posts > 0 else 0.0)) * funds + 0.7 * later + 2.5 * posts
        else:
            v -= prm[P_RF_PAID] * (funds + later)  # what the others paid the Riverfolk (a service bought) is their gain
    if state[FACTION_SEAT + CORVIDS] >= 0 and g != CORVIDS:
        for c in range(NC):
            if (state[CV_FACE_UP + c] != 0 and state[TOKENS + (TT_PLOT + SNARE) * NC + c] > 0
                    and has_pieces(state, g, c)):
                v -= prm[P_SNARE]
    return v + (prm[P_PLAN] if own else 1.0) * plan_value(state, g, rul, prm, own)


# The Keepers' weights (points; 10 = 1 VP). A relic goes forest -> clearing (Delve, 15.5.2.II) -> a clearing with a
# waystation of its type (carried with warriors, 15.2.4) -> the Relics spaces (Recover, 15.5.2.III: its value in VP, and
# 2 for a filled column): each step is worth more, and a relic left where no Keeper warrior stands is an enemy's 2 VP
# (15.2.5). A relic held by Keeper warriors is worth more the fewer moves it is from a waystation showing its type (a
# gradient every move towards one climbs: a lookahead of a few random decisions cannot see a recovery several moves
# away). A Retinue card acts every Daylight (15.5.2), worth more than the same card in hand (P_HAND).
# The weights are a row (``KP_PLAN_V1``, ``KP_PLAN_V2``: one per heuristic version, columns ``K_*``), so that version
# 1 keeps the plan it was measured with while version 2's is changed.
(K_WAYSTATION,   # a waystation on the map: a card drawn each Evening (15.6.3), crafting, recruiting (15.4.3)
 K_READY,        # a relic a waystation there of its type could recover now ...
 K_READY_VP,     # ... and per VP of its value (recovered, it is worth 10 per VP: Recover gains the rest)
 K_WAY,          # a held relic one move from such a waystation, halved for each further move ...
 K_WAY_VP,       # ... and per VP of its value
 K_HELD,         # a relic in a clearing with a Keeper warrior (it moves with them), wherever it is ...
 K_HELD_VP,      # ... and per VP of its value
 K_LOOSE,        # a relic in a clearing with no Keeper warrior (an enemy may take it for 2 VP)
 K_DELVE,        # a forest with relics touching a clearing the Keepers rule with a warrior there (Delve)
 K_SET,          # per relic of a type the recovered set lacks (filling a column scores 2, 15.5.2.III.b)
 K_RETINUE,      # a card in the Move column; the next two: the Battle-then-Delve and Move-or-Recover columns
 K_RETINUE_BATTLE,
 K_RETINUE_RECOVER,
 K_RETAINER,     # a Faithful Retainer (it stays; where it stands is the Evening's shift, 15.6.2)
 K_CROWD,        # a Keeper warrior beyond three in a clearing (Live off the Land removes one each Evening, 15.6.1)
 K_PILE,         # a relic beyond two in one clearing (an enemy battle there removes them for 2 VP each, 15.2.5)
 K_IDLE,         # ending a Retinue column with a card that could still act: per such card (``keepers_idle``)
 N_KP_WEIGHTS) = range(18)
KP_PLAN_V1 = np.array((5.0, 2.0, 6.0, 1.0, 3.0, 1.0, 1.0, 0.3, 1.0, 1.0, 2.5, 3.5, 3.5, 1.0, 0.0, 0.0, 0.0))
# Version 2 (2026-11-29, docs/agents.md): a ready relic worth less against a recovered one, the Live off the Land and
# piled-relic terms, and K_IDLE 8 (3 won 0.085, 8 won 0.150 of 400 games against three v2 opponents; 0.025 before).
KP_PLAN_V2 = KP_PLAN_V1.copy()
for _k, _v in ((K_READY, 2.0), (K_READY_VP, 4.0), (K_HELD, 0.5), (K_HELD_VP, 0.5), (K_WAY, 0.5), (K_WAY_VP, 2.0),
               (K_CROWD, 0.5), (K_PILE, 1.0), (K_IDLE, 8.0)):
    KP_PLAN_V2[_k] = _v
KP_FAR = NC               # a distance: no waystation of the type on the map


@njit(cache=True)
def keepers_idle(state):
    """At the Keepers' Retinue decision (Law 15.5.2), the cards (Faithful Retainers included) that could still take the
    column's action: ending the column leaves each of them idle this turn. The Retinue is the Keepers' whole action
    economy (tabletopprofessor.com's Keepers page: a Retinue of 8-10 cards, then many actions a turn), but a rollout of
    a few random decisions after a card rarely shows what the action brings, while ending the column looks safe; version
    2 charges ``K_IDLE`` per idle card against ending it (``agents.heuristic.choose_params``)."""
    n = 0
    for i in range(state[LEGAL_N]):
        a = state[LEGAL + i]
        if A_CARD <= a < A_CARD + NCARD or A_OPT + OPT_RETAINER <= a < A_OPT + OPT_RETAINER + RETINUE_COLUMNS:
            n += 1
    return n


@njit(cache=True)
def keepers_plan(state, kw):
    """The Keepers in Iron's plan (weights `kw`: ``KP_PLAN_V1`` or ``KP_PLAN_V2`` above): waystations; relics by how near they are to being
    recovered (ready at a waystation of their type; held by Keeper warriors, more the fewer moves from such a
    waystation, ``waystation_distances``; loose), the types the recovered set lacks first; forests the Keepers can
    delve from; the Retinue's cards by column. Everything it reads is public (a relic in a clearing is face up,
    15.5.2.II.a)."""
    v = kw[K_WAYSTATION] * waystations_of_keepers(state)
    lack = np.zeros(NRELIC_TYPES, np.int64)
    low = recovered_of_type(state, 0)
    for t in range(1, NRELIC_TYPES):
        low = min(low, recovered_of_type(state, t))
    for t in range(NRELIC_TYPES):
        lack[t] = 1 if recovered_of_type(state, t) == low else 0
    dist = np.empty((NRELIC_TYPES, NC), np.int64)
    measured = False
    for c in range(NC):
        kept = state[WARRIORS + KEEPERS * NC + c]
        held = kept > 0
        v -= kw[K_CROWD] * max(0, kept - 3)
        here = 0
        for k in range(NRELIC_KINDS):
            n = relic_at(state, k, c)
            if n == 0:
                continue
            here += n
            val = RELIC_KIND_VALUE[k]
            if recoverable(state, c, k):
                w = kw[K_READY] + kw[K_READY_VP] * val
            elif held:
                if not measured:
                    waystation_distances(state, dist)
                    measured = True
                d = dist[RELIC_KIND_TYPE[k], c]
                w = kw[K_HELD] + kw[K_HELD_VP] * val
                if d < KP_FAR:
                    w += (kw[K_WAY] + kw[K_WAY_VP] * val) * 0.5 ** (max(d, 1) - 1)
            else:
                w = kw[K_LOOSE]
            v += n * (w + kw[K_SET] * lack[RELIC_KIND_TYPE[k]])
        v -= kw[K_PILE] * max(0, here - 2)
    for fo in range(n_forests(state)):
        if relics_in_forest(state, fo) > 0:
            for c in range(NC):
                if forest_touches(state, fo, c) and state[WARRIORS + KEEPERS * NC + c] > 0 and ruler(state, c) == KEEPERS:
                    v += kw[K_DELVE]
                    break
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        if LOC_RETINUE <= loc < LOC_RETINUE + RETINUE_COLUMNS:
            v += kw[K_RETINUE + loc - LOC_RETINUE]
    for col in range(RETINUE_COLUMNS):
        v += kw[K_RETAINER] * state[KP_RETAINERS + col]
    return v


# The Duchy's plan (``duchy_plan``; 10 points = 1 VP). Strategy sources: the ministers strong players sway, from
# tournament records of 36 Duchy games (makecraftgame.com, "Ministers of the Underground Duchy", 2023-07: the
# Brigadier swayed in 97 % of games, the Mayor 92 %, Foremole 83 %, Banker 78 %, Baron of Dirt 61 %, Marshal 58 %,
# Duchess of Mud 50 %, Captain 36 %, Earl of Stone 33 %), and the guides' opening (tabletopprofessor.com's Duchy page:
# the nobles first, the Brigadier then the Mayor, then a lord, who shields the nobles from the Price of Failure,
# Law 12.2.3; the tunnel network first, the Burrow as a safe store of warriors). Our weights follow them and were
# tuned on seeds 900,000 on (benchmarks.heuristic_vs_random publishes other seeds):
# - DU_W_MINISTER[m] (times P_DU_MINISTER): a swayed minister, by the action it takes every Parliament (12.5.2): the Brigadier's two moves
#   or battles and the Mayor's copy most, the Foremole's and the Banker's next, the squires' single move or battle
#   least. A lord scores every turn: the Earl DU_W_EARL per citadel, the Baron DU_W_BARON per market, the Duchess
#   DU_W_DUCHESS with all three tunnels out (12.5.2.VII-IX).
# - a citadel P_DU_BUILDING, a market DU_W_MARKET_OF_CITADEL of that (each also a crafting piece, 12.2.1; citadels
#   recruit into the Burrow, 12.4; markets draw, 12.6.3); a tunnel (the Burrow's way out, 12.2.2, 12.5.1.V); a warrior in the Burrow, up to DU_BURROW_PER_TUNNEL per
#   way out (a tunnel, and the next Dig), more are idle (DU_W_BURROW_IDLE);
# - the Price of Failure (12.2.3): a clearing with Duchy buildings is exposed when the other factions' warriors there
#   and next to it outnumber the Duchy's warriors there by more than P_DU_MARGIN; each costs P_DU_EXPOSED of its
#   buildings' worth plus P_DU_EXPOSED_MINISTER of the minister the Price would take (the least valued of the highest rank swayed: the Duchy
#   chooses, 12.2.3), so that the heuristic garrisons its buildings and does not build where it is outnumbered;
# - DU_W_SUIT_REACH per clearing with a Duchy piece, up to DU_SUIT_REACH of each suit: a card revealed to Sway needs
#   a Duchy piece in its own matching clearing (12.5.3.II), four for a lord.
DU_W_MARKET_OF_CITADEL, DU_W_TUNNEL = 0.9, 2.5
DU_W_BURROW, DU_W_BURROW_IDLE, DU_BURROW_PER_TUNNEL = 0.3, 0.05, 4
#                 foremole captain marshal brigadier banker mayor duchess baron earl (data.MINISTER_NAMES)
DU_W_MINISTER = np.array([5.0, 2.5, 3.0, 8.0, 5.0, 7.0, 3.0, 3.0, 3.0], dtype=np.float64)
DU_W_EARL, DU_W_BARON, DU_W_DUCHESS = 4.0, 4.0, 6.0
DU_W_SUIT_REACH, DU_SUIT_REACH = 0.4, 4


@njit(cache=True, inline="always")
def minister_value(state, m, citadels, markets, tunnels):
    """What swayed minister m is worth to the Duchy's plan (``DU_W_MINISTER``, the lords' scoring by what is out)."""
    v = DU_W_MINISTER[m]
    if m == EARL_OF_STONE:
        v += DU_W_EARL * citadels
    elif m == BARON_OF_DIRT:
        v += DU_W_BARON * markets
    elif m == DUCHESS_OF_MUD and tunnels == DU_TUNNELS:
        v += DU_W_DUCHESS
    return v


@njit(cache=True)
def duchy_plan(state, prm):
    """The Underground Duchy's plan (the weights ``DU_*`` above and the ``P_DU_*`` columns of the parameter row `prm`);
    everything it reads is public (Law 12)."""
    citadels = buildings_on_map(state, BT_CITADEL)
    markets = buildings_on_map(state, BT_MARKET)
    tunnels = tokens_on_map(state, TT_TUNNEL)
    burrow = state[DU_BURROW]
    useful = min(burrow, DU_BURROW_PER_TUNNEL * (tunnels + 1))
    w_citadel = prm[P_DU_BUILDING]
    w_market = DU_W_MARKET_OF_CITADEL * w_citadel
    v = (w_citadel * citadels + w_market * markets + DU_W_TUNNEL * tunnels
         + DU_W_BURROW * useful + DU_W_BURROW_IDLE * (burrow - useful))
    # The swayed ministers, and the one the Price of Failure would take (highest rank, the least valued of it).
    top_rank = -1
    at_risk = 0.0
    for m in range(NMINISTER):
        if state[DU_SWAYED + m] != 0:
            w = prm[P_DU_MINISTER] * minister_value(state, m, citadels, markets, tunnels)
            v += w
            rank = MINISTER_RANK[m]
            if rank > top_rank or (rank == top_rank and w < at_risk):
                top_rank = rank
                at_risk = w
    reach0 = reach1 = reach2 = 0  # clearings with a Duchy piece, by suit (no array: this runs for every option)
    for c in range(NC):
        own = state[WARRIORS + DUCHY * NC + c]
        built = state[BUILDINGS + BT_CITADEL * NC + c] + state[BUILDINGS + BT_MARKET * NC + c]
        if own > 0 or built > 0 or state[TOKENS + TT_TUNNEL * NC + c] > 0:
            suit = state[CLEARING_SUITS + c]
            if suit == 0:
                reach0 += 1
            elif suit == 1:
                reach1 += 1
            elif suit == 2:
                reach2 += 1
        if built == 0 or (prm[P_DU_EXPOSED] == 0.0 and prm[P_DU_EXPOSED_MINISTER] == 0.0):
            continue
        near = adj_mask(state, c) | (1 << c)
        enemy = 0
        for g in range(NF):
            if g == DUCHY:
                continue
            for d in range(NC):
                if (near >> d) & 1:
                    enemy += state[WARRIORS + g * NC + d]
        if enemy > own + prm[P_DU_MARGIN]:  # outnumbered where it stands: the Price of Failure (12.2.3) is near
            worth = (w_citadel * state[BUILDINGS + BT_CITADEL * NC + c]
                     + w_market * state[BUILDINGS + BT_MARKET * NC + c])
            v -= prm[P_DU_EXPOSED] * worth + prm[P_DU_EXPOSED_MINISTER] * at_risk
    return v + DU_W_SUIT_REACH * (min(reach0, DU_SUIT_REACH) + min(reach1, DU_SUIT_REACH) + min(reach2, DU_SUIT_REACH))


@njit(cache=True)
def waystation_distances(state, dist):
    """dist[t, c]: the moves from clearing c to the nearest clearing with a waystation showing relic type t (Law
    15.2.2), along the map's paths; KP_FAR where none is on the map. A breadth-first pass from every such waystation."""
    queue = np.empty(NC, np.int64)
    for t in range(NRELIC_TYPES):
        head = 0
        tail = 0
        for c in range(NC):
            dist[t, c] = KP_FAR
            for w in range(KP_WAYSTATIONS):
                if state[BUILDINGS + (BT_WAYSTATION + w) * NC + c] > 0 and face_type(state, w) == t:
                    dist[t, c] = 0
            if dist[t, c] == 0:
                queue[tail] = c
                tail += 1
        while head < tail:
            c = queue[head]
            head += 1
            for d in range(NC):
                if dist[t, d] == KP_FAR and adjacent(state, c, d):
                    dist[t, d] = dist[t, c] + 1
                    queue[tail] = d
                    tail += 1


@njit(cache=True)
def waystations_of_keepers(state):
    n = 0
    for w in range(KP_WAYSTATIONS):
        n += buildings_on_map(state, BT_WAYSTATION + w)
    return n


@njit(cache=True)
def eyrie_plan(state, g, prm, own):
    """The Eyrie Dynasties' plan (the ``P_EY_*`` columns of `prm`; 10 points = 1 VP): roosts (each raises the roost
    track's Evening score, Law 7.6.1), the Decree's cards while it can be kept, and turmoil when it cannot (Law 7.7).
    `own`: the Eyrie decide, so that the check looks at their own next Daylight. Everything it reads is public."""
    v = prm[P_EY_ROOST] * buildings_on_map(state, BT_ROOST)
    decree = 0
    birds = 0
    risky = 0
    stuck = False
    count = own and prm[P_EY_STUCK] != 0.0  # every card that cannot act counted, not only the first
    n_stuck = 0
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        if LOC_DECREE <= loc < LOC_DECREE + 4:
            decree += 1
            if CARD_SUIT[c] == BIRD:
                birds += 1
            elif loc - LOC_DECREE != COL_MOVE:
                risky += 1
            if (own and (count or not stuck) and state[CARD_FLAG + c] == 0
                    and not decree_action_possible(state, loc - LOC_DECREE, CARD_SUIT[c])):
                stuck = True
                n_stuck += 1
    if count:
        for k in range(2):  # the Loyal Viziers act as bird cards (7.3.4)
            col = state[EY_VIZIER_COL + k]
            if col >= 0 and state[EY_VIZIER_DONE + k] == 0 and not decree_action_possible(state, col, BIRD):
                stuck = True
                n_stuck += 1
        v -= prm[P_EY_STUCK] * n_stuck
    if own and not stuck and prm[P_EY_CAPACITY] != 0.0:
        stuck = not decree_fits(state)
    if stuck:
        # Turmoil (Law 7.7.1-7.7.3): a VP lost per bird card in the Decree (viziers included: +2), the leader lost.
        v -= prm[P_TURMOIL] + prm[P_TURMOIL_VP] * min(state[VP + g], birds + 2)
    v -= prm[P_EY_LONG] * max(0.0, decree - prm[P_EY_LONG_FROM])  # a long Decree risks turmoil
    # A card of the Decree acts every Daylight (7.5.2) until turmoil purges it (7.7.2): worth nothing once stuck.
    # A suited card outside the Move column fails when its suit's clearings change hands ("suited cards in the move
    # column, bird cards everywhere else", r/rootgame, "the Eyrie Dynasties are the most boring faction", 2025-03).
    v += (0.0 if stuck else prm[P_EY_DECREE] * decree) - prm[P_EY_RISK] * risky
    # The Despot and the Charismatic are the strongest leaders (tabletopprofessor.com, Eyrie walkthrough: "the best
    # two by a wide margin"; Law 7.8.2, 7.8.4).
    leader = state[EY_LEADER]
    if leader == DESPOT or leader == CHARISMATIC:
        v += prm[P_EY_LEADER]
    return v


@njit(cache=True)
def decree_fits(state):
    """Whether the unresolved Recruit and Build actions of the Decree (cards and Loyal Viziers) can all be taken
    together as the map stands: Law 7.5.2 takes each in turn, and turmoil follows the first that cannot be (7.7).
    Recruit: warriors enough in supply for all of them (each places ``recruit_count``); Build: a distinct ruled clearing
    without a roost for each (7.5.2.IV), of its suit (a bird card takes any left), and roosts enough in supply."""
    recruits = 0
    need = np.zeros(4, np.int64)  # Build actions by suit, birds last (only with P_EY_CAPACITY on)
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        if LOC_DECREE <= loc < LOC_DECREE + 4 and state[CARD_FLAG + c] == 0:
            if loc - LOC_DECREE == COL_RECRUIT:
                recruits += 1
            elif loc - LOC_DECREE == COL_BUILD:
                need[CARD_SUIT[c]] += 1
    for k in range(2):  # the Loyal Viziers: bird cards (7.3.4)
        if state[EY_VIZIER_COL + k] >= 0 and state[EY_VIZIER_DONE + k] == 0:
            if state[EY_VIZIER_COL + k] == COL_RECRUIT:
                recruits += 1
            elif state[EY_VIZIER_COL + k] == COL_BUILD:
                need[BIRD] += 1
    if recruits * recruit_count(state) > state[SUPPLY_WARRIORS + EYRIE]:
        return False
    total = need[0] + need[1] + need[2] + need[3]  # not need.sum(): a numba NumPy function would load numba.np.arraymath at every warm start (tests/test_first_run.py)
    if total == 0:
        return True
    if total > building_supply(state, BT_ROOST):
        return False
    spare = 0  # ruled clearings without a roost left after each suit's own Build actions
    for suit in range(3):
        open_ = 0
        for c in range(NC):
            if state[CLEARING_SUITS + c] == suit and can_build_roost_at(state, suit, c):
                open_ += 1
        if need[suit] > open_:
            return False
        spare += open_ - need[suit]
    return need[BIRD] <= spare


@njit(cache=True, inline="always")
def plan_value(state, g, rul, prm, own):
    """The faction terms of g's position (see the module doc)."""
    v = 0.0
    if g == MARQUISE:
        v += 3.0 * (buildings_on_map(state, BT_SAWMILL) + buildings_on_map(state, BT_WORKSHOP)
                    + buildings_on_map(state, BT_RECRUITER))
        v += 0.6 * tokens_on_map(state, TT_WOOD) + 4.0 * tokens_on_map(state, TT_KEEP)
    elif g == EYRIE:
        v += eyrie_plan(state, g, prm, own)
    elif g == ALLIANCE:
        v += (3.5 * tokens_on_map(state, TT_SYMPATHY) + 4.0 * bases_on_map(state) + 2.5 * state[AL_OFFICERS]
              + 1.5 * min(supporters_n(state), 10))
    elif g == LIZARDS:
        # Gardens score and draw (Law 10.5.3, 10.6.3), spread over suits; acolytes pay for conspiracies.
        for suit in range(3):
            k = buildings_on_map(state, BT_GARDEN + suit)
            v += 3.0 * min(k, 2) + 2.0 * max(0, k - 2)
        v += 1.5 * state[LZ_ACOLYTES]
    elif g == CORVIDS:
        # Face-up plots score on every flip (13.4.2); face-down ones wait to be flipped and craft (13.2.1).
        for c in range(NC):
            if plot_at(state, c) >= 0:
                v += 3.0 if state[CV_FACE_UP + c] != 0 else 2.0
        for c in range(NC):
            v += 0.2 * state[WARRIORS + g * NC + c]
    elif g == HUNDREDS:
        # Strongholds recruit and craft (14.4.2, 14.2.1), mobs raze (14.4.1), the warlord recruits Prowess warriors
        # (14.4.2), Hoard items raise Command and Prowess (14.2.4.II), oppressed clearings score each Evening (14.6.2).
        v += 3.0 * buildings_on_map(state, BT_STRONGHOLD) + 1.0 * tokens_on_map(state, TT_MOB)
        v += 4.0 if state[HD_WARLORD] >= 0 else 0.0
        for i in range(NITEM):
            v += 2.0 * state[HD_HOARD + i]
        v += 4.0 * oppress_vp(state)
    elif g == KEEPERS:
        v += keepers_plan(state, KP_PLAN_V2)
    elif g == DUCHY:
        v += duchy_plan(state, prm)
    elif is_vagabond(g):
        at = VB_ITEMS + items_at(g)
        for i in range(NITEM):
            v += 1.0 * state[at + i * 4] + 0.8 * state[at + i * 4 + 1]
            v += 0.3 * (state[at + i * 4 + 2] + state[at + i * 4 + 3])
        for h in range(NF):
            rel = state[VB_REL + chart_at(g) + h]
            if 0 <= rel <= REL_ALLIED:
                v += 1.5 * rel
        if own:
            v += prm[P_QUEST] * quests_in_reach(state, g)
    return v


@njit(cache=True, inline="always")
def pieces_on_map(state, out):
    """out[g] = 2 x g's buildings + g's tokens on the map (one pass over the board)."""
    for g in range(NF):
        out[g] = 0.0
    # Each type summed as an integer, then added once: the same sums (small integers are exact as floats), without a
    # float store per clearing.
    for bt in range(NBT):
        n = 0
        for c in range(NC):
            n += state[BUILDINGS + bt * NC + c]
        out[BT_OWNER[bt]] += 2.0 * n
    for tt in range(NTT):
        n = 0
        for c in range(NC):
            n += state[TOKENS + tt * NC + c]
        out[TT_OWNER[tt]] += n


@njit(cache=True, inline="always")
def opponent_value(state, g, rul, prm, pieces):
    """An opponent's position as the decider weighs it (cheaper than ``position_value``, which every option of every
    decision would pay for each seat): its VP (or dominance progress), hand, rule, warriors, and its buildings and
    tokens on the map (P_PIECE each, a building twice), a Vagabond's undamaged items, the Riverfolk's funds."""
    v = common_value(state, g, rul, prm, prm[P_PIECE] * pieces[g])
    if g == ALLIANCE:
        if prm[P_AL_SYMPATHY] != 0.0 or prm[P_AL_BASE] != 0.0:
            v += prm[P_AL_SYMPATHY] * tokens_on_map(state, TT_SYMPATHY) + prm[P_AL_BASE] * bases_on_map(state)
        if prm[P_AL_OFFICER] != 0.0 or prm[P_AL_SUPPORTER] != 0.0:
            v += prm[P_AL_OFFICER] * state[AL_OFFICERS] + prm[P_AL_SUPPORTER] * supporters_n(state)
    elif g == CORVIDS:
        if prm[P_CV_PLOT] != 0.0:
            for c in range(NC):
                if plot_at(state, c) >= 0:
                    v += prm[P_CV_PLOT]
    elif is_vagabond(g):
        at = VB_ITEMS + items_at(g)
        for i in range(NITEM):
            v += state[at + i * 4] + state[at + i * 4 + 1]
    elif g == RIVERFOLK:
        for h in range(NF):
            v += state[RF_FUNDS + h] + 0.7 * (state[RF_PAYMENTS + h] + state[RF_COMMITTED + h])
    return v


@njit(cache=True)
def evaluate(state, f, w, prm):
    """How good the position is for faction f, playing the table: its position (its coalition partner's, for a
    Vagabond in one) minus each opponent's (``opponent_value``) weighed by ``w`` (``threats``)."""
    return evaluate_into(state, f, w, prm, np.empty(NC, np.int64), np.empty(NF))


@njit(cache=True)
def evaluate_into(state, f, w, prm, rul, pieces):
    """``evaluate`` with scratch arrays given (rul: NC ints, pieces: NF floats), as the heuristic calls it."""
    if state[GAME_OVER] != 0:
        return 1e6 if (state[WINNERS] >> f) & 1 else -1e6
    rulers(state, rul)
    pieces_on_map(state, pieces)
    p = partner_of(state, f)
    v = position_value(state, f if p < 0 else p, rul, prm, p < 0)
    if p >= 0:
        v += 0.2 * position_value(state, f, rul, prm, True)  # his items and relationships still help his partner
    for s in range(state[NSEATS]):
        g = state[SEAT_FACTION + s]
        if w[g] != 0.0:
            v -= w[g] * opponent_value(state, g, rul, prm, pieces)
    if prm[P_AL_SIEGE] != 0.0 and w[ALLIANCE] != 0.0:
        v += prm[P_AL_SIEGE] * w[ALLIANCE] * siege(state, f)
    return v


@njit(cache=True, inline="always")
def siege(state, f):
    """How far f's warriors stand ready to take the Alliance's bases (``P_AL_SIEGE``): per base, 1 where f's warriors
    in its clearing outnumber the Alliance's (a battle there can clear them and then the base, Law 4.3.4, 8.2.4), else
    f's warriors there over the Alliance's plus one. A Vagabond counts his undamaged swords where his pawn stands (his
    most hits, 4.3.2.I); moving his pawn is no Outrage (8.2.6 names warriors)."""
    v = 0.0
    pawn = state[VB_PAWN + vb_row(f)] if is_vagabond(f) else -1
    for suit in range(3):
        for c in range(NC):
            if state[BUILDINGS + (BT_BASE + suit) * NC + c] > 0:
                if is_vagabond(f):
                    own = undamaged(state, f, SWORD) if pawn == c else 0
                else:
                    own = state[WARRIORS + f * NC + c]
                if own > 0:
                    v += min(1.0, own / (state[WARRIORS + ALLIANCE * NC + c] + 1.0))
    return v

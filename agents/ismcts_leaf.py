"""Leaf evaluations of ISMCTS (``agents.ismcts``) beyond the first heuristic's score.

**``"table"``: each seat's chance to win (the default leaf of every faction).** Heuristic v2 values a position by
playing the table (``agents.table``); this leaf turns that valuation into a race estimate for every seat and a
softmax over the seats into each one's chance to win:

- each seat g that can win on its own is scored by ``agents.table.position_value`` on its own terms, with
  heuristic v2's parameter row for g (``agents.heuristic.PARAMS[2, g]``): VP, or its progress towards an activated
  dominance card (Law 3.3.1), hand, rule, warriors and what its faction's VP come from (the Vagabond's quests in
  reach included, 10 points = 1 VP; the Eyrie's unresolvable Decree counts as turmoil only in the Eyrie's turn);
- plus its pace: ``pace`` rounds more of its VP per round so far (10 points a VP; not for a dominance card, whose
  VP no longer count);
- reward[g] = exp(x_g / scale) / sum over those seats of exp(x_h / scale), in [0, 1], summing to 1: removing the
  leader's pieces or VP lowers the sum and so raises every other seat's chance, so the search of every seat
  gangs up on whoever nears 30;
- a Vagabond in a coalition (Law 9.2.8: he wins exactly when his partner wins, seed 002) is left out of the race
  and rewarded with his partner's chance.

These options change it per faction (``agents.ismcts.options``; 0 and 1 leave it as above):

- ``plan``: each seat's faction terms (``agents.table.plan_value``) weigh `plan` times heuristic v2's ``P_PLAN``;
- ``funds``: the Riverfolk's funds while a trade post stands count `funds` points more each: at the Riverfolk's next
  Birdsong each two funds still in the box score a VP as dividends (Law 11.4.2: 5 points a fund), which the table's
  valuation (1.3 points a fund) leaves out, so a fund committed or spent on an action is a dividend given up;
- ``potential``: each seat's VP potential counts `potential` times 10 points a VP (``next_round_vp``): what its next
  scoring step would score from its board as it stands, the Corvids' flips at their next Birdsong (Law 13.4.2,
  ``flip_potential``) and the Alliance's Spread Sympathy with the supporters it has (Law 8.4.2,
  ``spread_potential``) and the Duchy's swayed lords at its next Parliament (Law 12.5.2.VII-IX,
  ``parliament_potential``); 0 for the other factions;
- ``hand``: each card in a seat's hand (a public count) counts `hand` points more than heuristic v2's ``P_HAND``
  (1.2 points): a card's worth lies mostly beyond the search's horizon (the Corvids recruit with one and craft with
  them, Law 13.4.3, 13.2.1), so a search whose leaf values it at 0.12 VP trades its Evening draw away for an exerted
  move (Law 13.6.1) far more often than heuristic v2;
- ``wares``: each card in the Riverfolk's hand (public, Law 11.2.3) counts `wares` points more, for their seat alone:
  the others buy those cards with the Hand Card service (Law 11.2.7.I), whose payments become funds at the next
  Birdsong (11.4.3), and the Riverfolk craft with them (11.5.3), both beyond the horizon; with ``funds`` alone a draw
  (a fund committed, 11.5.4) looks like a dividend given up for 0.12 VP, so the search all but never draws;
- ``oppress``: the Lord of the Hundreds' race value counts what their next Oppress would score from the board as it
  stands (Law 14.6.2, ``oppress_vp``: 1 to 4 VP each Evening for the clearings they rule alone) `oppress` times 10
  points a VP: an income every Evening for the rest of the game, which the table's valuation (4 points a VP of it)
  and the VP pace (the VP already scored) leave to the Hundreds' own turn; for the others' searches it is the worth of
  standing in one of their clearings (one enemy piece there and it is not oppressed);
- ``paid``: what the Riverfolk's boxes hold (funds, payments, committed: warriors other seats paid them, 11.2.6.I)
  counts against every other seat `paid` times heuristic v2's ``P_RF_PAID`` (8 points a warrior): with ``funds=5`` a
  fund held is worth 6.3 points to the Riverfolk and 8 against each other seat, so spending one (a trade post costs
  two, 11.5.6; a recruit one, 11.5.5) looks dear to their search.

- ``raze``: the Lord of the Hundreds' next Raze (Law 14.4.1: at their Birdsong every enemy building and token in a
  clearing with a mob is removed, 1 VP each to the Hundreds, Law 3.2.1) is projected onto the board: every seat's race
  value moves `raze` of the way from the board as it stands to the board with those pieces gone and 10 points a VP
  of them on the Hundreds' (``raze_shift``; 1: as if removed). The table's valuation counts a building in a mob
  clearing as its owner's and nothing for the Hundreds; the pieces go at the next Birdsong unless the mob is removed
  first, so a seat that builds or places a token beside a mob, or leaves a mob standing on its pieces, looks to its
  search as well off as anywhere else. Pieces' side effects (Outrage, Fear, a relic's trophy) are not projected.

- ``reach``: what the warlord's stack could clear at the Hundreds' next Daylight (Law 14.5.3: up to Prowess Advances,
  each a move of the warlord with any warriors, then a battle in its clearing) is projected the same way, `reach` of
  the way to the board after it (``reach_shift``): in each clearing within Prowess moves of the warlord (open paths,
  rule ignored), an enemy whose warriors there are fewer than the warlord's stack (the Hundreds' warriors in the
  warlord's clearing, the warlord among them) loses its buildings and tokens there, 1 VP each to the Hundreds
  (Law 3.2.1), at most Prowess such battles, the largest first (``warlord_reach``). A rough bound of one turn's
  battles (no dice, no ambush, no warriors removed), for the others' searches the worth of pieces and defenders out
  of the stack's way.

- ``build``: the Marquise's race value counts what her next Daylight's builds would score (Law 6.5.4,
  ``build_potential``: up to three, each the building that scores most in a clearing she rules with an open slot and
  enough wood in the ruled clearings connected to it, after her next Birdsong's wood, Law 6.4) `build` times 10 points
  a VP: her VP come from buildings placed over several turns (wood brought to ruled, connected clearings with room),
  which the table's valuation (3 points a building, 0.6 a wood) and a search of one turn see only when the build is
  taken; for the others' searches it is the worth of breaking her rule or her wood's connections.

- ``contest``: every racing seat's reward is its chance less `contest` times the best other seat's chance,
  rescaled to [0, 1] (``contest_rewards``): "I lose if the leader wins", so that a seat's search counts what an attack
  takes from the leader, not only its own share of it.

Measured (``benchmarks/results/ismcts_v6_corvids_riverfolk.md``): neither ``wares`` nor ``paid`` other than 1 made
the Riverfolk's search stronger; they are no faction's default.

Everything it reads is public, the seat's own hand size or, for the Alliance's supporters, the searcher's
determinization of them, read from the searcher's determinized copy.

**``"vagabond"``: the first heuristic's score with the Vagabond's terms** (the Vagabond's default before the table
leaf, kept for studies). The heuristic's faction score (``agents.heuristic.evaluate``) is kept as it is and two
things are added for the Vagabond's seat (``benchmarks/results/ismcts_strength.md``, "The Vagabond"):

- **Quests in reach**: each visible quest whose two items the Vagabond holds undamaged (face up or
  exhausted, so ready at his next Birdsong) adds ``QUEST_IN_REACH`` (half a VP: 10 points = 1 VP).
  A quest scores VP or two cards, but only once he stands in a clearing of its suit with the items
  face up; the heuristic's score sees the reward, not the items that lead to it.
- **A coalition is his partner's chances** (``agents.ismcts._rewards``): after activating a dominance
  card the Vagabond scores nothing more and wins exactly when his partner wins (Law 3.3.1, seed 002
  9.2.8), so his leaf reward is his partner's (the partner's score against the best other seat's, the
  Vagabond left out). The heuristic's score counts his own VP plus the partner's, which made an early
  coalition with the last player look like a gain to the search.
"""
import math

import numpy as np
from root_env.engine.jit import njit

from root_env.data import (NC, NF, EYRIE, ALLIANCE, RIVERFOLK, CORVIDS, HUNDREDS, TT_TRADEPOST, TT_SYMPATHY,
                           AL_SYMPATHY_COST, AL_SYMPATHY_VP, NBT, NTT, BT_OWNER, TT_OWNER)
from root_env.layout import (GAME_OVER, NSEATS, SEAT_FACTION, TURN, VP, DOMINANCE, DECIDER, RF_FUNDS, WARRIORS, HAND_N,
                             CV_FACE_UP, TOKENS, CLEARING_SUITS, BUILDINGS, FACTION_SEAT, HD_WARLORD)
from root_env.engine.vagabonds import is_vagabond
from agents.heuristic import evaluate, LEAF_PARAMS
from agents.table import (QUEST_IN_REACH, quests_in_reach, position_value, rulers, partner_of,  # noqa: F401
                          P_PLAN, P_RF_PAID)
from root_env.engine.board import tokens_on_map, may_place, buildings_on_map
from root_env.data import (DUCHY, BT_CITADEL, BT_MARKET, TT_TUNNEL, DU_TUNNELS, DU_DUCHESS_VP, EARL_OF_STONE,
                           BARON_OF_DIRT, DUCHESS_OF_MUD)
from root_env.layout import DU_SWAYED
from root_env.engine.geometry import adjacent  # the game's map, its open paths (Law 8.4.2.I; C.3.2)
from root_env.engine.plots import face_down_plot_at, face_up_plots
from root_env.engine.factions.hundreds import oppress_vp, mob_at, razable, prowess
from root_env.engine.enemies import is_enemy
from root_env.engine.supporters import supporters_n, matching_supporters
from root_env.data import MARQUISE, BT_SAWMILL, TT_WOOD, MQ_BUILD_COST, MQ_BUILD_VP
from root_env.engine.board import ruled_mask, connected_area, open_slots, token_supply
from root_env.engine.factions.marquise import BUILD_TYPES

MQ_POTENTIAL_BUILDS = 3  # Law 6.5: three Daylight actions (a bird card buys more; not counted)

TABLE_VERSION = 2  # the row of agents.heuristic.PARAMS the table leaf values positions with


@njit(cache=True)
def vagabond_score(s, f):
    """Vagabond f's leaf score: the heuristic's (``evaluate``) plus the quests in reach."""
    v = evaluate(s, f)
    if s[GAME_OVER] != 0:
        return v
    return v + QUEST_IN_REACH * quests_in_reach(s, f)


@njit(cache=True)
def dividend_funds(s):
    """The Riverfolk's funds that would score dividends at their next Birdsong (Law 11.4.2: only while a trade post
    stands on the map; warriors in Payments or Committed do not count), 0 without a trade post."""
    posts = 0
    for suit in range(3):
        posts += tokens_on_map(s, TT_TRADEPOST + suit)
    if posts == 0:
        return 0
    n = 0
    for h in range(NF):
        n += s[RF_FUNDS + h]
    return n


@njit(cache=True)
def flip_potential(s):
    """The VP the Corvids' next Birdsong would score by flipping every face-down plot that has a Corvid warrior in its
    clearing (Law 13.4.2: each flip scores one VP per face-up plot on the map, the flipped one included), from the
    board as it stands: public (where the plots are and which are face up; not their types)."""
    k = 0
    for c in range(NC):
        if s[WARRIORS + CORVIDS * NC + c] > 0 and face_down_plot_at(s, c):
            k += 1
    u = face_up_plots(s)
    return k * u + k * (k + 1) // 2


@njit(cache=True)
def spread_potential(s):
    """The VP the Alliance's next Birdsong would score by spreading sympathy (Law 8.4.2) with the supporters it has,
    from the board as it stands: tokens are placed one after another on the track (cost and VP of each next space,
    ``AL_SYMPATHY_COST``/``AL_SYMPATHY_VP``) while some clearing that may take one (unsympathetic, adjacent to a
    sympathetic one unless none is, placement allowed) has enough matching supporters (birds wild) for the next
    token and the stack, less what was spent, still pays it. Martial law is ignored. Supporters are the Alliance's
    own cards (another seat's search reads its determinization of them)."""
    on_map = tokens_on_map(s, TT_SYMPATHY)
    left = supporters_n(s)
    vp = 0
    k = on_map
    n_tokens = AL_SYMPATHY_VP.shape[0]
    for _ in range(NC):
        if k >= n_tokens:
            break
        cost = AL_SYMPATHY_COST[k]
        if left < cost:
            break
        ok = False
        for c in range(NC):
            if s[TOKENS + TT_SYMPATHY * NC + c] > 0 or not may_place(s, ALLIANCE, c):
                continue
            near = on_map == 0
            for b in range(NC):
                if adjacent(s, c, b) and s[TOKENS + TT_SYMPATHY * NC + b] > 0:
                    near = True
                    break
            if near and matching_supporters(s, s[CLEARING_SUITS + c]) >= cost:
                ok = True
                break
        if not ok:
            break
        vp += AL_SYMPATHY_VP[k]
        left -= cost
        k += 1
    return vp


@njit(cache=True)
def parliament_potential(s):
    """The VP the Duchy's next Parliament would score from its swayed lords as the board stands (public): the Earl of
    Stone one per citadel on the map, the Baron of Dirt one per market, the Duchess of Mud two with all three tunnels
    out (Law 12.5.2.VII-IX; the Mayor copies only squires and nobles, 12.5.2.VI)."""
    vp = 0
    if s[DU_SWAYED + EARL_OF_STONE] != 0:
        vp += buildings_on_map(s, BT_CITADEL)
    if s[DU_SWAYED + BARON_OF_DIRT] != 0:
        vp += buildings_on_map(s, BT_MARKET)
    if s[DU_SWAYED + DUCHESS_OF_MUD] != 0 and tokens_on_map(s, TT_TUNNEL) == DU_TUNNELS:
        vp += DU_DUCHESS_VP
    return vp


@njit(cache=True)
def build_potential(s):
    """The VP the Marquise's next Daylight could score by building (Law 6.5.4), from the board as it stands after her
    next Birdsong's wood (Law 6.4: one per sawmill, while the supply lasts): up to ``MQ_POTENTIAL_BUILDS`` builds,
    each the one that scores most (the leftmost building of its type, Law 6.5.4.I and III) in a clearing she rules
    with an open slot, its cost paid from the wood in the clearings she rules connected to it (6.5.4.II). Rule, slots
    and wood are public; moves, battles and Overwork that would change them are not projected."""
    ruled = ruled_mask(s, MARQUISE)
    if ruled == 0:
        return 0
    wood = np.zeros(NC, np.int64)
    spare = token_supply(s, TT_WOOD)
    for c in range(NC):
        wood[c] = s[TOKENS + TT_WOOD * NC + c]
    for c in range(NC):
        k = min(spare, s[BUILDINGS + BT_SAWMILL * NC + c]) if may_place(s, MARQUISE, c) else 0
        wood[c] += k
        spare -= k
    slots = np.zeros(NC, np.int64)
    for c in range(NC):
        if (ruled >> c) & 1 and may_place(s, MARQUISE, c):
            slots[c] = max(0, open_slots(s, c))
    built = np.zeros(3, np.int64)
    for i in range(3):
        built[i] = buildings_on_map(s, BUILD_TYPES[i])
    vp = 0
    for _ in range(MQ_POTENTIAL_BUILDS):
        best, bi, bc, bcost = 0, -1, -1, 0
        for c in range(NC):
            if slots[c] == 0:
                continue
            area = connected_area(s, c, ruled)
            have = 0
            for a in range(NC):
                if (area >> a) & 1:
                    have += wood[a]
            for i in range(3):
                m = built[i]
                if m >= MQ_BUILD_COST.shape[0] or MQ_BUILD_COST[m] > have:
                    continue
                v = MQ_BUILD_VP[BUILD_TYPES[i], m]
                if v > best or (v == best and bi >= 0 and MQ_BUILD_COST[m] < bcost):
                    best, bi, bc, bcost = v, i, c, MQ_BUILD_COST[m]
        if bi < 0 or best == 0:
            break
        vp += best
        slots[bc] -= 1
        built[bi] += 1
        area = connected_area(s, bc, ruled)
        left = bcost
        for a in range(NC):
            if (area >> a) & 1:
                k = min(left, wood[a])
                wood[a] -= k
                left -= k
    return vp


@njit(cache=True)
def next_round_vp(s, g):
    """Faction g's VP potential: what its next scoring step would score from its board as it stands (the Corvids'
    flips, ``flip_potential``; the Alliance's spread, ``spread_potential``; the Duchy's lords, ``parliament_potential``),
    0 for the other factions."""
    if g == CORVIDS:
        return flip_potential(s)
    if g == ALLIANCE:
        return spread_potential(s)
    if g == DUCHY:
        return parliament_potential(s)
    return 0


@njit(cache=True)
def race_value(s, g, rul, pace, plan=1.0, funds=0.0, potential=0.0, hand=0.0, wares=0.0, paid=1.0, oppress=0.0,
               build=0.0):
    """Seat g's race estimate for the table leaf (10 points = 1 VP): its ``position_value`` on its own terms plus
    `pace` rounds more of its VP per round so far (none with an activated dominance card); its faction terms
    weighed `plan` times heuristic v2's, the Riverfolk's dividend funds `funds` points more each, each card in hand
    `hand` points more, each card in the Riverfolk's hand `wares` points more, what the Riverfolk's boxes hold
    weighed `paid` times heuristic v2's ``P_RF_PAID`` against every other seat, the Hundreds' next Oppress `oppress`
    times 10 points a VP (module doc)."""
    # On its own terms (own=True: the faction's plan weight, the Vagabond's quests in reach), but the Eyrie's Decree
    # is judged only in its own turn: its "cannot be resolved now" (Law 7.7) means turmoil then, not while another
    # seat plays.
    own = g != EYRIE or s[DECIDER] == EYRIE
    prm = LEAF_PARAMS[TABLE_VERSION, g]  # (the Eyrie's plan columns as before 2026-11-29: agents.heuristic)
    if plan != 1.0 or paid != 1.0:
        prm = prm.copy()
        prm[P_PLAN] *= plan
        prm[P_RF_PAID] *= paid
    v = position_value(s, g, rul, prm, own)
    if s[DOMINANCE + g] == 0 or is_vagabond(g):
        n = s[NSEATS]
        rounds = max(1, (s[TURN] - 1) // max(1, n) + 1)
        v += 10.0 * pace * s[VP + g] / rounds
    if g == RIVERFOLK and funds != 0.0 and s[DOMINANCE + g] == 0:
        v += funds * dividend_funds(s)  # Law 11.4.2: two funds kept to Birdsong score a VP
    if potential != 0.0 and s[DOMINANCE + g] == 0:
        v += 10.0 * potential * next_round_vp(s, g)
    if g == HUNDREDS and oppress != 0.0 and s[DOMINANCE + g] == 0:
        v += 10.0 * oppress * oppress_vp(s)  # Law 14.6.2: what their next Evening's Oppress scores, every Evening
    if g == MARQUISE and build != 0.0 and s[DOMINANCE + g] == 0:
        v += 10.0 * build * build_potential(s)  # Law 6.5.4: what her next Daylight's builds would score
    if hand != 0.0:
        v += hand * s[HAND_N + g]  # a public count
    if g == RIVERFOLK and wares != 0.0:
        v += wares * s[HAND_N + g]  # Law 11.2.3: their hand is public; stock for the Hand Card service (11.2.7.I)
    return v


@njit(cache=True)
def contest_rewards(s, reward, w):
    """Option contest: each racing seat's chance p_g (``table_rewards``' softmax; a Vagabond in a coalition is not in
    the race) becomes (p_g - w m_g + w) / (1 + w), m_g the best chance among the other racing seats, in [0, 1]: a
    seat that is not leading gains from the leader's loss as much as from its own gain, where the softmax alone pays
    it only its own share of what the leader loses (the rest goes to the seats that stood by). A finished game's
    rewards (1 for a winner, 0 for the others) are the same under any w."""
    n = s[NSEATS]
    top, second, top_g = -1.0, -1.0, -1
    for p in range(n):
        g = s[SEAT_FACTION + p]
        if partner_of(s, g) < 0:
            if reward[g] > top:
                second, top, top_g = top, reward[g], g
            elif reward[g] > second:
                second = reward[g]
    for p in range(n):
        g = s[SEAT_FACTION + p]
        if partner_of(s, g) < 0:
            m = max(0.0, second if g == top_g else top)
            reward[g] = (reward[g] - w * m + w) / (1.0 + w)


@njit(cache=True)
def race_values(s, x, pace, plan, funds, potential, hand, wares, paid, oppress, build):
    """x[g] = ``race_value`` of every racing seat g (not a Vagabond in a coalition); returns the largest."""
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    n = s[NSEATS]
    top = -1e18
    for p in range(n):
        g = s[SEAT_FACTION + p]
        if partner_of(s, g) < 0:
            x[g] = race_value(s, g, rul, pace, plan, funds, potential, hand, wares, paid, oppress, build)
            top = max(top, x[g])
    return top


@njit(cache=True)
def razed(s, out):
    """`out` = the board `s` after the Hundreds' next Raze (Law 14.4.1): every enemy building and token in a clearing
    with a mob removed (what they set off is not); returns how many (1 VP each to the Hundreds, Law 3.2.1). With none,
    `out` is not written (there is nothing to project, and the leaf runs this at every evaluation)."""
    k = 0
    for c in range(NC):
        if mob_at(s, c):
            k += razable(s, c)
    if k == 0:
        return 0
    out[:] = s
    for c in range(NC):
        if not mob_at(s, c):
            continue
        for bt in range(NBT):
            if is_enemy(s, HUNDREDS, BT_OWNER[bt]):
                out[BUILDINGS + bt * NC + c] = 0
        for tt in range(NTT):
            if is_enemy(s, HUNDREDS, TT_OWNER[tt]):
                out[TOKENS + tt * NC + c] = 0
    return k


@njit(cache=True)
def warlord_reach(s, out):
    """`out` = the board `s` after the battles the warlord's stack could win at the Hundreds' next Daylight (option
    reach, module doc: Law 14.5.3, at most Prowess battles in clearings within Prowess moves of the warlord, each
    against an enemy with fewer warriors there than the stack, removing its buildings and tokens there, the largest
    first); returns how many pieces (1 VP each, Law 3.2.1)."""
    out[:] = s
    w = s[HD_WARLORD]
    if w < 0:
        return 0
    stack = s[WARRIORS + HUNDREDS * NC + w]
    p = prowess(s)
    dist = np.full(NC, -1, np.int64)
    dist[w] = 0
    for d in range(p):
        for a in range(NC):
            if dist[a] == d:
                for b in range(NC):
                    if dist[b] < 0 and adjacent(s, a, b):
                        dist[b] = d + 1
    gain = np.zeros((NF, NC), np.int64)
    for c in range(NC):
        if dist[c] < 0:
            continue
        for bt in range(NBT):
            g = BT_OWNER[bt]
            if s[BUILDINGS + bt * NC + c] > 0 and is_enemy(s, HUNDREDS, g) and s[WARRIORS + g * NC + c] < stack:
                gain[g, c] += s[BUILDINGS + bt * NC + c]
        for tt in range(NTT):
            g = TT_OWNER[tt]
            if s[TOKENS + tt * NC + c] > 0 and is_enemy(s, HUNDREDS, g) and s[WARRIORS + g * NC + c] < stack:
                gain[g, c] += s[TOKENS + tt * NC + c]
    k = 0
    for _ in range(p):
        best, bg, bc = 0, -1, -1
        for g in range(NF):
            for c in range(NC):
                if gain[g, c] > best:
                    best, bg, bc = gain[g, c], g, c
        if bg < 0:
            break
        k += best
        gain[bg, bc] = 0
        for bt in range(NBT):
            if BT_OWNER[bt] == bg:
                out[BUILDINGS + bt * NC + bc] = 0
        for tt in range(NTT):
            if TT_OWNER[tt] == bg:
                out[TOKENS + tt * NC + bc] = 0
    return k


@njit(cache=True)
def projection_shift(s, x, after, k, w, pace, plan, funds, potential, hand, wares, paid, oppress, build):
    """Each racing seat's race value x[g] moves `w` of the way to its value on the board `after` (the Hundreds' with
    10 points a VP for the `k` pieces they removed; none with an activated dominance card, Law 3.3.1)."""
    if k <= 0:
        return
    y = np.zeros(NF)
    race_values(after, y, pace, plan, funds, potential, hand, wares, paid, oppress, build)
    if s[DOMINANCE + HUNDREDS] == 0:
        y[HUNDREDS] += 10.0 * k
    for p in range(s[NSEATS]):
        g = s[SEAT_FACTION + p]
        if partner_of(s, g) < 0:
            x[g] += w * (y[g] - x[g])


@njit(cache=True)
def raze_shift(s, x, w, pace, plan, funds, potential, hand, wares, paid, oppress, reach=0.0, build=0.0):
    """Options raze and reach: each racing seat's race value x[g] moves `w` of the way to its value on the board after
    the Hundreds' next Raze (``razed``), then `reach` of the way to its value on the board after the warlord's next
    battles (``warlord_reach``), the Hundreds' with 10 points a VP for the pieces removed (``projection_shift``);
    nothing without the Hundreds or with nothing to remove. Returns the largest."""
    top = -1e18
    n = s[NSEATS]
    if s[FACTION_SEAT + HUNDREDS] >= 0:
        after = np.empty_like(s)
        if w != 0.0:
            projection_shift(s, x, after, razed(s, after), w, pace, plan, funds, potential, hand, wares, paid, oppress,
                             build)
        if reach != 0.0:
            projection_shift(s, x, after, warlord_reach(s, after), reach, pace, plan, funds, potential, hand, wares,
                             paid, oppress, build)
    for p in range(n):
        g = s[SEAT_FACTION + p]
        if partner_of(s, g) < 0:
            top = max(top, x[g])
    return top


@njit(cache=True)
def table_rewards(s, reward, scale, pace, plan=1.0, funds=0.0, potential=0.0, hand=0.0, wares=0.0, paid=1.0,
                  oppress=0.0, contest=0.0, raze=0.0, reach=0.0, build=0.0):
    """reward[g] = seated faction g's estimated chance to win (the module doc) for a game not over; with `contest`
    > 0, that chance less `contest` times the best other seat's, rescaled to [0, 1] (``contest_rewards``); with
    `raze` > 0, the race values `raze` of the way to the board after the Hundreds' next Raze, with `reach` > 0 to the
    board after the warlord's next battles (``raze_shift``); with `build` > 0 the Marquise's next builds
    (``build_potential``)."""
    x = np.zeros(NF)
    n = s[NSEATS]
    top = race_values(s, x, pace, plan, funds, potential, hand, wares, paid, oppress, build)
    if raze != 0.0 or reach != 0.0:
        top = raze_shift(s, x, raze, pace, plan, funds, potential, hand, wares, paid, oppress, reach, build)
    z = 0.0
    for p in range(n):
        g = s[SEAT_FACTION + p]
        if partner_of(s, g) < 0:
            x[g] = math.exp(max(-60.0, (x[g] - top) / scale))
            z += x[g]
    for p in range(n):
        g = s[SEAT_FACTION + p]
        if partner_of(s, g) < 0:
            reward[g] = x[g] / z
    if contest > 0.0:
        contest_rewards(s, reward, contest)
    for p in range(n):
        g = s[SEAT_FACTION + p]
        h = partner_of(s, g)
        if h >= 0:
            reward[g] = reward[h]  # Law 9.2.8: he wins exactly when his partner wins

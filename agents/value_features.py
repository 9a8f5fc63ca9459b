"""The value model's input: a compact feature vector of a position as one seat sees it (``features``), compiled.

Only what seat ``f`` may know goes in: public information (the board, VP, hand *sizes*, dominance, the Decree, the
Vagabonds' items and relationships, the Riverfolk's funds, the number of supporters and of plot tokens on the map,
which plots are face up) and f's own hand (its cards by suit). Never the others' cards, the deck order, the items
under the ruins, the quest deck or the type of a face-down plot. ``tests/test_value_model.py`` checks it: the
features of a position and of every determinization of it from f's view (``agents.heuristic.determinize``) are
equal.

The vector is ego-centric, so that one model serves every faction and table size:

- ``N_GLOBAL`` globals: the number of seats (one-hot, 2-5), the round (/ 20), f's hand by suit (/ 5);
- a block of ``BLOCK`` features for f itself (``seat_block``), then one for each other seat, ordered by VP
  (highest first; ties by faction id), zero blocks for the empty places of a smaller table (``MAX_SEATS`` in all);
- ``N_HUNDREDS`` features of the Lord of the Hundreds (``HUNDREDS_NAMES``, ``hundreds_section``), all zero without
  them at the table: seated, f is the Hundreds, Command / 4 and Prowess / 4 (what the Hoard sets, Law 14.2.4), the
  warlord on the map and in a clearing they rule (14.2.2), mobs on the map / 5 (14.4.1), strongholds on the map / 6,
  oppressed clearings / 6 (14.6.2) and the mood one-hot (14.7). All of it lies face up on the table.
- ``N_DUCHY`` features of the Underground Duchy (``DUCHY_NAMES``, ``duchy_section``), zero without them: seated, f is
  the Duchy, tunnels / 3 (12.2.4), warriors in the Burrow / 10 (12.2.2), citadels / 3 and markets / 3 on the map
  (12.3.4), swayed ministers of each rank / 3 (12.5.3.III) and crowns out of the game / 9 (12.2.3). All public: the
  Burrow and the ministers lie on the faction board.
- ``N_KEEPERS`` features of the Keepers in Iron (``KEEPERS_NAMES``, ``keepers_section``), zero without them: seated,
  f is the Keepers, relics recovered of each type / 4 (15.5.2.III.a), relics in clearings / 12, of them with a Keeper
  warrior (held, 15.2.4), at a waystation showing their type (ready to recover) and one move from one, relics in
  forests / 12, waystations on the map / 3 (15.2.2), each Retinue column's cards (Faithful Retainers counted) / 10
  (15.5.2) and clearings where Devout Knights hold (a relic and a Keeper warrior, 15.2.4) / 6. Relics in clearings
  are face up (15.5.2.II.a); of a forest's relics only the number is read, never a face-down value (15.2.1).

A seat's block (``BLOCK_NAMES``): present, VP / 30, VP per round / 5, VP minus the best other seat's / 30, hand size,
warriors, buildings and tokens on the map, clearings ruled, an activated dominance card and how close it is
(``agents.table.dominance_progress``), a Vagabond in a coalition, two faction terms (``BLOCK_NAMES``' "extra_a",
"extra_b": see ``_extras``) and the faction one-hot.
"""
from __future__ import annotations

import numpy as np
from root_env.engine.jit import njit

from root_env.data import (NC, NF, NCARD, NITEM, MARQUISE, EYRIE, ALLIANCE, LIZARDS, RIVERFOLK, CORVIDS, HUNDREDS,
                           CARD_SUIT, NBT, NTT, BT_OWNER, TT_OWNER, TT_WOOD, TT_KEEP, TT_PLOT, TT_MOB, BT_STRONGHOLD,
                           HD_COMMAND, HD_PROWESS, HD_MOBS, HD_STRONGHOLDS, MOOD_NAMES, DUCHY, KEEPERS, BT_CITADEL,
                           BT_MARKET, TT_TUNNEL, DU_TUNNELS, DU_CITADELS, DU_MARKETS, NMINISTER, MINISTER_RANK,
                           RANK_NAMES, DU_CROWNS_PER_RANK, NFOREST, NRELIC_TYPES, NRELIC_KINDS, RELIC_KIND_TYPE,
                           TT_RELIC, NRELICS, KP_WAYSTATIONS, BT_WAYSTATION, RELIC_TYPE_NAMES, RETINUE_COLUMNS,
                           RETINUE_NAMES, KP_RETINUE_MAX)
from root_env.layout import (VP, HAND_N, WARRIORS, BUILDINGS, TOKENS, DOMINANCE, NSEATS, SEAT_FACTION, TURN, CARD_LOC,
                             LOC_HAND, LOC_DECREE, AL_OFFICERS, LZ_ACOLYTES, RF_FUNDS, RF_PAYMENTS, RF_COMMITTED,
                             CV_FACE_UP, VB_ITEMS, VB_COALITION, FACTION_SEAT, HD_WARLORD, HD_MOOD, DU_BURROW,
                             DU_SWAYED, DU_CROWNS_LOST, LOC_RETINUE, KP_RETAINERS)
from root_env.engine.hoard import track_value
from root_env.engine.factions.hundreds import oppressed
from root_env.engine.supporters import supporters_n
from root_env.engine.vagabonds import is_vagabond, items_at, vb_row
from root_env.engine.board import buildings_on_map, tokens_on_map
from root_env.engine.relics import relics_in, relics_in_forest
from root_env.engine.factions.keepers import recovered_of_type
from agents.table import rulers, dominance_progress, quests_in_reach, waystation_distances

MAX_SEATS = 5
N_GLOBAL = 4 + 1 + 4
# The factions with an identity feature: every faction the shipped model was trained with (data.FACTION_NAMES up to
# the Underground Duchy, its last). A faction added later would have none until a model is trained with it: the
# feature size is fixed by the model's weights, so this is written as that last faction's id, not as data.NF.
N_IDENTITY = DUCHY + 1  # 11
# The layout of the model shipped before the Duchy and the Keepers had features (9194ae6, 141 features): identity
# entries for the first nine factions only and no Duchy or Keepers section. ``OLD_COLUMNS`` (below) picks its columns
# out of today's vector, so that model can be scored on today's rows (benchmarks.value_features_ab).
N_IDENTITY_141 = HUNDREDS + 1
BLOCK_NAMES = ("present", "vp", "pace", "vp_vs_best_other", "hand", "warriors", "buildings", "tokens", "ruled",
               "dominance", "dominance_progress", "coalition", "extra_a", "extra_b") + tuple(
    f"is_{i}" for i in range(N_IDENTITY))
BLOCK = len(BLOCK_NAMES)
HUNDREDS_NAMES = ("hd_seated", "hd_mine", "hd_command", "hd_prowess", "hd_warlord_on_map", "hd_warlord_rules",
                  "hd_mobs", "hd_strongholds", "hd_oppressed") + tuple(f"hd_mood_{m}" for m in MOOD_NAMES)
N_HUNDREDS = len(HUNDREDS_NAMES)
HUNDREDS_AT = N_GLOBAL + MAX_SEATS * BLOCK
RANK_FEATURES = tuple(f"du_swayed_{r}" for r in RANK_NAMES)
DUCHY_NAMES = ("du_seated", "du_mine", "du_tunnels", "du_burrow", "du_citadels", "du_markets") + RANK_FEATURES + (
    "du_crowns_lost",)
N_DUCHY = len(DUCHY_NAMES)
DUCHY_AT = HUNDREDS_AT + N_HUNDREDS
KEEPERS_NAMES = (("kp_seated", "kp_mine") + tuple(f"kp_recovered_{t}" for t in RELIC_TYPE_NAMES)
                 + ("kp_relics_map", "kp_relics_held", "kp_relics_ready", "kp_relics_near", "kp_relics_forest",
                    "kp_waystations")
                 + tuple(f"kp_retinue_{c.replace(' ', '_')}" for c in RETINUE_NAMES) + ("kp_devout_clearings",))
N_KEEPERS = len(KEEPERS_NAMES)
KEEPERS_AT = DUCHY_AT + N_DUCHY
N_FEATURES = KEEPERS_AT + N_KEEPERS
GLOBAL_NAMES = ("seats_2", "seats_3", "seats_4", "seats_5", "round", "hand_fox", "hand_rabbit", "hand_mouse",
                "hand_bird")
assert len(GLOBAL_NAMES) == N_GLOBAL
# Every column's name: "self.<block name>" for f's block, "other<i>.<block name>" for the i-th other seat by VP.
FEATURE_NAMES = GLOBAL_NAMES + tuple(f"{'self' if b == 0 else f'other{b}'}.{n}" for b in range(MAX_SEATS)
                                     for n in BLOCK_NAMES) + HUNDREDS_NAMES + DUCHY_NAMES + KEEPERS_NAMES
assert len(FEATURE_NAMES) == N_FEATURES
# The previous layout's columns (N_IDENTITY_141 identities a block, no Duchy or Keepers section) in today's vector.
OLD_COLUMNS = np.array([i for i, n in enumerate(FEATURE_NAMES) if not n.startswith(("du_", "kp_"))
                        and not any(n.endswith(f".is_{g}") for g in range(N_IDENTITY_141, N_IDENTITY))], np.int64)
assert len(OLD_COLUMNS) == 141


@njit(cache=True)
def _extras(s, g):
    """Two faction terms of faction g (public): Marquise wood, keep; Eyrie Decree cards, -; Alliance supporters
    (their number), officers; Vagabond undamaged items, quests in reach; Lizard Cult acolytes, -; Riverfolk funds,
    payments and committed warriors; Corvids plot tokens on the map, face-up plots."""
    a = 0.0
    b = 0.0
    if g == MARQUISE:
        for c in range(NC):
            a += s[TOKENS + TT_WOOD * NC + c]
            b += s[TOKENS + TT_KEEP * NC + c]
        a /= 8.0
    elif g == EYRIE:
        for c in range(NCARD):
            if LOC_DECREE <= s[CARD_LOC + c] < LOC_DECREE + 4:
                a += 1.0
        a /= 10.0
    elif g == ALLIANCE:
        a = supporters_n(s) / 10.0
        b = s[AL_OFFICERS] / 5.0
    elif is_vagabond(g):
        at = VB_ITEMS + items_at(g)
        for i in range(NITEM):
            a += s[at + i * 4] + s[at + i * 4 + 1]  # undamaged, face up or exhausted
        a /= 10.0
        b = quests_in_reach(s, g) / 3.0
    elif g == LIZARDS:
        a = s[LZ_ACOLYTES] / 5.0
    elif g == RIVERFOLK:
        for h in range(NF):
            a += s[RF_FUNDS + h]
            b += s[RF_PAYMENTS + h] + s[RF_COMMITTED + h]
        a /= 10.0
        b /= 10.0
    elif g == CORVIDS:
        for c in range(NC):
            for k in range(4):  # how many plot tokens stand there is public, their type is not (13.2.2.I)
                a += s[TOKENS + (TT_PLOT + k) * NC + c]
            if s[CV_FACE_UP + c] != 0:
                b += 1.0
        a /= 8.0
        b /= 8.0
    return a, b


@njit(cache=True)
def seat_block(s, g, rul, out, at, rounds, best_other):
    """Faction g's block of features into out[at:at + BLOCK] (see the module doc)."""
    vp = s[VP + g]
    warriors = 0
    ruled = 0
    for c in range(NC):
        warriors += s[WARRIORS + g * NC + c]
        if rul[c] == g:
            ruled += 1
    bld = 0
    for bt in range(NBT):
        if BT_OWNER[bt] == g:
            for c in range(NC):
                bld += s[BUILDINGS + bt * NC + c]
    tok = 0
    for tt in range(NTT):
        if TT_OWNER[tt] == g:
            for c in range(NC):
                tok += s[TOKENS + tt * NC + c]
    dom = s[DOMINANCE + g] != 0 and not is_vagabond(g)
    out[at + 0] = 1.0
    out[at + 1] = vp / 30.0
    out[at + 2] = vp / rounds / 5.0
    out[at + 3] = (vp - best_other) / 30.0
    out[at + 4] = s[HAND_N + g] / 10.0
    out[at + 5] = warriors / 20.0
    out[at + 6] = bld / 10.0
    out[at + 7] = tok / 10.0
    out[at + 8] = ruled / 12.0
    out[at + 9] = 1.0 if dom else 0.0
    out[at + 10] = dominance_progress(s, g, rul) if dom else 0.0
    out[at + 11] = 1.0 if is_vagabond(g) and s[VB_COALITION + vb_row(g)] >= 0 else 0.0
    a, b = _extras(s, g)
    out[at + 12] = a
    out[at + 13] = b
    for i in range(N_IDENTITY):
        out[at + 14 + i] = 1.0 if i == g else 0.0


@njit(cache=True)
def hundreds_section(s, f, rul, out, at):
    """The Lord of the Hundreds' public state into out[at:at + N_HUNDREDS] (``HUNDREDS_NAMES``); left zero when they
    are not at the table. The Hoard (and so Command and Prowess), the warlord, mobs, strongholds and the mood card
    are public (Law 14.2.4, 14.7)."""
    if s[FACTION_SEAT + HUNDREDS] < 0:
        return
    out[at + 0] = 1.0
    out[at + 1] = 1.0 if f == HUNDREDS else 0.0
    out[at + 2] = track_value(s, HD_COMMAND) / 4.0
    out[at + 3] = track_value(s, HD_PROWESS) / 4.0
    w = s[HD_WARLORD]
    if w >= 0:
        out[at + 4] = 1.0
        out[at + 5] = 1.0 if rul[w] == HUNDREDS else 0.0
    mobs = 0
    strongholds = 0
    for c in range(NC):
        mobs += s[TOKENS + TT_MOB * NC + c]
        strongholds += s[BUILDINGS + BT_STRONGHOLD * NC + c]
    out[at + 6] = mobs / float(HD_MOBS)
    out[at + 7] = strongholds / float(HD_STRONGHOLDS)
    out[at + 8] = oppressed(s) / 6.0
    m = s[HD_MOOD]
    if 0 <= m < len(MOOD_NAMES):
        out[at + 9 + m] = 1.0


@njit(cache=True)
def duchy_section(s, f, out, at):
    """The Underground Duchy's public state into out[at:at + N_DUCHY] (``DUCHY_NAMES``); left zero when they are not
    at the table. Tunnels, citadels and markets stand on the map; the Burrow, the swayed ministers and the crowns lie
    on the faction board (Law 12.2.2, 12.2.3, 12.5.3.III): all public."""
    if s[FACTION_SEAT + DUCHY] < 0:
        return
    out[at + 0] = 1.0
    out[at + 1] = 1.0 if f == DUCHY else 0.0
    out[at + 2] = tokens_on_map(s, TT_TUNNEL) / float(DU_TUNNELS)
    out[at + 3] = s[DU_BURROW] / 10.0
    out[at + 4] = buildings_on_map(s, BT_CITADEL) / float(DU_CITADELS)
    out[at + 5] = buildings_on_map(s, BT_MARKET) / float(DU_MARKETS)
    lost = 0
    for m in range(NMINISTER):
        if s[DU_SWAYED + m] != 0:
            out[at + 6 + MINISTER_RANK[m]] += 1.0 / 3.0
    for r in range(len(RANK_NAMES)):
        lost += s[DU_CROWNS_LOST + r]
    out[at + 6 + len(RANK_NAMES)] = lost / float(len(RANK_NAMES) * DU_CROWNS_PER_RANK)


@njit(cache=True)
def keepers_section(s, f, out, at):
    """The Keepers in Iron's public state into out[at:at + N_KEEPERS] (``KEEPERS_NAMES``); left zero when they are not
    at the table. Relics in clearings are face up (Law 15.5.2.II.a) and recovered ones lie on the Relics spaces; of
    the forests only the number of relics is read (a face-down relic's value is hidden, 15.2.1). Waystations and the
    Retinue's cards (15.5.2, 15.6.2) are face up."""
    if s[FACTION_SEAT + KEEPERS] < 0:
        return
    out[at + 0] = 1.0
    out[at + 1] = 1.0 if f == KEEPERS else 0.0
    for t in range(NRELIC_TYPES):
        out[at + 2 + t] = recovered_of_type(s, t) / 4.0
    dist = np.empty((NRELIC_TYPES, NC), np.int64)
    waystation_distances(s, dist)
    on_map = held = ready = near = devout = 0
    for c in range(NC):
        n = relics_in(s, c)
        on_map += n
        knights = s[WARRIORS + KEEPERS * NC + c] > 0
        if knights and n > 0:
            held += n
            devout += 1
        for k in range(NRELIC_KINDS):
            r = s[TOKENS + (TT_RELIC + k) * NC + c]
            d = dist[RELIC_KIND_TYPE[k], c]
            if d == 0:
                ready += r
            elif d == 1 and knights:
                near += r
    forest = 0
    for fo in range(NFOREST):
        forest += relics_in_forest(s, fo)
    j = at + 2 + NRELIC_TYPES
    out[j + 0] = on_map / float(NRELICS)
    out[j + 1] = held / float(NRELICS)
    out[j + 2] = ready / float(NRELICS)
    out[j + 3] = near / float(NRELICS)
    out[j + 4] = forest / float(NRELICS)
    ws = 0
    for w in range(KP_WAYSTATIONS):
        ws += buildings_on_map(s, BT_WAYSTATION + w)
    out[j + 5] = ws / float(KP_WAYSTATIONS)
    for c in range(NCARD):
        col = s[CARD_LOC + c] - LOC_RETINUE
        if 0 <= col < RETINUE_COLUMNS:
            out[j + 6 + col] += 1.0 / KP_RETINUE_MAX
    for col in range(RETINUE_COLUMNS):
        out[j + 6 + col] += s[KP_RETAINERS + col] / float(KP_RETINUE_MAX)
    out[j + 6 + RETINUE_COLUMNS] = devout / 6.0


@njit(cache=True)
def features(s, f, out):
    """out[:N_FEATURES] = the features of state `s` as faction f (seated) sees it (the module doc)."""
    for i in range(N_FEATURES):
        out[i] = 0.0
    n = s[NSEATS]
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    if 2 <= n <= 5:
        out[n - 2] = 1.0
    rounds = max(1, (s[TURN] - 1) // max(1, n) + 1)
    out[4] = rounds / 20.0
    for c in range(NCARD):
        if s[CARD_LOC + c] == LOC_HAND + f:
            out[5 + CARD_SUIT[c]] += 0.2
    # The other seats, highest VP first (ties: lower faction id first).
    others = np.empty(MAX_SEATS, np.int64)
    k = 0
    for p in range(n):
        g = s[SEAT_FACTION + p]
        if g != f and k < MAX_SEATS - 1:
            j = k
            while j > 0 and (s[VP + others[j - 1]] < s[VP + g]
                             or (s[VP + others[j - 1]] == s[VP + g] and others[j - 1] > g)):
                others[j] = others[j - 1]
                j -= 1
            others[j] = g
            k += 1
    best_f = s[VP + others[0]] if k > 0 else 0
    seat_block(s, f, rul, out, N_GLOBAL, rounds, best_f)
    for i in range(k):
        g = others[i]
        best = s[VP + f]
        for j in range(k):
            if j != i and s[VP + others[j]] > best:
                best = s[VP + others[j]]
        seat_block(s, g, rul, out, N_GLOBAL + (i + 1) * BLOCK, rounds, best)
    hundreds_section(s, f, rul, out, HUNDREDS_AT)
    duchy_section(s, f, out, DUCHY_AT)
    keepers_section(s, f, out, KEEPERS_AT)

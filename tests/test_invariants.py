"""Random-game invariants: thousands of seeded random games (two, three and four factions), every
decision checked.

The games are driven and checked inside one compiled function (``play_checked``) so that the file
runs in seconds once numba's cache is warm. A broken invariant is reported as a code (``CHECKS``)
with the seed and the decision number, then replayed in Python for a readable description.
"""
from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from root_env import Game
from root_env.data import (NC, NF, NBT, NTT, NCARD, NITEM, WARRIOR_TOTAL, BT_TOTAL, TT_TOTAL, TT_WOOD, TT_KEEP,
                           CARD_KIND, K_DOMINANCE, E_BETTER_BURROW_BANK, FACTION_NAMES, MARQUISE, EYRIE, ALLIANCE,
                           VAGABOND, HAND_LIMIT, VICTORY_VP, ITEM_POOL, TT_SYMPATHY, BT_BASE, NQUEST, NFOREST,
                           REL_HOSTILE, AL_SUPPORTER_LIMIT, QUESTS_VISIBLE, DOMINANCE_MIN_VP)
from root_env.codes import N_ACTIONS, DECISION_NAMES
from root_env.layout import (STATE_SIZE, TURN_FLAGS, TF_BASE_LOST, NSEATS, SEAT_FACTION, TURN, ACTIVE, PHASE, PH_SETUP, PH_OVER,
                             GAME_OVER, WINNERS, TRUNCATED, MAX_TURNS, DECISIONS, SUPPRESS_WIN, DECISION, DECIDER,
                             LEGAL, LEGAL_N, WARRIORS, BUILDINGS, TOKENS, SUPPLY_WARRIORS, CARD_LOC, DECK, DECK_N,
                             HAND_N, VP, VP_SOURCE, DOMINANCE, ITEM_SUPPLY, CRAFTED_ITEMS, LOC_DECK, LOC_DISCARD,
                             LOC_REMOVED, LOC_AVAILABLE, LOC_HAND, LOC_CRAFTED, LOC_ACTIVE_DOM, LOC_DECREE,
                             LOC_SUPPORTERS, N_VS, AL_OFFICERS, AL_TRIM, VB_ITEMS, VB_PAWN, VB_REL, VB_COALITION,
                             QUEST_LOC, QUEST_DECK, QUEST_DECK_N, QL_DECK, QL_VISIBLE, QL_DONE, RUIN_ITEM, ITEM_BOX,
                             RUINS)
from root_env.codes import D_AL_TRIM
from root_env.engine.core import new_game, apply, OK
from root_env.engine.board import open_slots
from root_env.engine.cards import has_crafted
from root_env.engine.playout import _next

M32 = 0xFFFFFFFF
MAX_VP = 60  # 29 VP plus one step's gains: a Favor can remove a dozen buildings and tokens at once
MAX_DECISIONS_PER_GAME = 200_000

# Invariant codes returned by the compiled checker (index into CHECKS; 0 = all good).
CHECKS = (
    "ok",
    "warriors not conserved (map + supply != WARRIOR_TOTAL) for a seated faction",
    "negative warrior count on the map or in supply",
    "pieces of a faction that is not seated",
    "buildings of a type on the map exceed BT_TOTAL (or negative)",
    "tokens of a type on the map exceed TT_TOTAL (or negative)",
    "more than 8 wood tokens on the map",
    "more than one keep token on the map",
    "negative open building slots in a clearing",
    "a card has an invalid location",
    "HAND_N differs from the number of cards in that hand",
    "DECK_N differs from the number of LOC_DECK cards",
    "DECK[0:DECK_N] is not exactly the set of LOC_DECK cards",
    "a dominance card is not LOC_REMOVED in a 2-player game",
    "LEGAL_N < 1 while the game runs",
    "legal action id out of [0, N_ACTIONS)",
    "duplicate legal action id",
    "the decider is not a seated faction",
    "VP outside [0, MAX_VP]",
    "VP > sum of VP_SOURCE (gains)",
    "VP != sum of VP_SOURCE for a faction that never loses VP (all but the Eyrie)",
    "the faction that just ended its turn holds more than 5 cards",
    "apply() rejected an action taken from the legal list",
    "game over but LEGAL_N != 0 or DECIDER != -1 or PHASE != over",
    "truncated game has winners",
    "game over, not truncated, but not exactly one winner",
    "winner has fewer than 30 VP",
    "TURN exceeds MAX_TURNS",
    "game did not end within the decision guard",
    "a faction has >= 30 VP at a decision point but the game is not over",
    "items not conserved (supply + crafted != starting supply)",
    "the active faction is not seated",
    "truncated game did not stop exactly at the turn cap",
    "more than one sympathy token in a clearing, or more than one base of a suit",
    "Alliance supporters above five with no base and no trim pending",
    "supporters stack of an unseated Alliance",
    "quests not accounted for (deck/visible/done) or fewer visible than possible",
    "Vagabond pawn, relationships or items out of range",
    "coalition without an activated dominance card, or with an absent partner",
    "winners are not one faction (or one faction and its Vagabond coalition partner)",
    "ruin item under a clearing without a ruin",
)
(C_OK, C_WARRIORS, C_WARRIORS_NEG, C_UNSEATED, C_BUILDINGS, C_TOKENS, C_WOOD, C_KEEP, C_SLOTS, C_CARD_LOC, C_HAND_N,
 C_DECK_N, C_DECK_SET, C_DOMINANCE, C_LEGAL_N, C_LEGAL_RANGE, C_LEGAL_DUP, C_DECIDER, C_VP_RANGE, C_VP_SOURCE,
 C_VP_MARQUISE, C_HAND_LIMIT, C_APPLY, C_OVER_STATE, C_TRUNC_WINNER, C_ONE_WINNER, C_WINNER_VP, C_TURN_CAP,
 C_NO_END, C_UNDETECTED_WIN, C_ITEMS, C_ACTIVE, C_TRUNC_TURN, C_SYMPATHY, C_SUPPORTERS, C_SUPPORTERS_SEAT, C_QUESTS,
 C_VAGABOND, C_COALITION, C_WINNER_SET, C_RUIN_ITEM) = range(len(CHECKS))


@njit(cache=True)
def check_state(state):
    """Check every per-decision invariant of `state`; returns 0 or the first broken CHECKS code."""
    n = state[NSEATS]
    seated = np.zeros(NF, np.bool_)
    for s in range(n):
        seated[state[SEAT_FACTION + s]] = True
    # ---- warriors (the Alliance's officers are warriors off the map, Law 8.4.1.III)
    for f in range(NF):
        tot = state[SUPPLY_WARRIORS + f] + (state[AL_OFFICERS] if f == ALLIANCE else 0)
        if tot < 0:
            return C_WARRIORS_NEG
        for c in range(NC):
            w = state[WARRIORS + f * NC + c]
            if w < 0:
                return C_WARRIORS_NEG
            if w > 0 and not seated[f]:
                return C_UNSEATED
            tot += w
        if seated[f] and tot != WARRIOR_TOTAL[f]:
            return C_WARRIORS
    # ---- buildings and tokens
    for bt in range(NBT):
        k = 0
        for c in range(NC):
            v = state[BUILDINGS + bt * NC + c]
            if v < 0:
                return C_BUILDINGS
            k += v
        if k > BT_TOTAL[bt]:
            return C_BUILDINGS
    for tt in range(NTT):
        k = 0
        for c in range(NC):
            v = state[TOKENS + tt * NC + c]
            if v < 0:
                return C_TOKENS
            k += v
        if k > TT_TOTAL[tt]:
            return C_TOKENS
        if tt == TT_WOOD and k > 8:
            return C_WOOD
        if tt == TT_KEEP and k > 1:
            return C_KEEP
    for c in range(NC):
        if open_slots(state, c) < 0:
            return C_SLOTS
        if state[TOKENS + TT_SYMPATHY * NC + c] > 1:
            return C_SYMPATHY
        if state[RUIN_ITEM + c] >= 0 and state[RUINS + c] == 0:
            return C_RUIN_ITEM
    nbases = 0
    for suit in range(3):
        k = 0
        for c in range(NC):
            k += state[BUILDINGS + (BT_BASE + suit) * NC + c]
        if k > 1:
            return C_SYMPATHY
        nbases += k
    # ---- items: supply + crafted + the Vagabond's board + ruins + box = every item of the game
    for i in range(NITEM):
        k = state[ITEM_SUPPLY + i] + state[ITEM_BOX + i]
        if state[ITEM_SUPPLY + i] < 0 or state[ITEM_BOX + i] < 0:
            return C_ITEMS
        for f in range(NF):
            if state[CRAFTED_ITEMS + f * NITEM + i] < 0:
                return C_ITEMS
            k += state[CRAFTED_ITEMS + f * NITEM + i]
        for st in range(4):
            if state[VB_ITEMS + i * 4 + st] < 0:
                return C_ITEMS
            k += state[VB_ITEMS + i * 4 + st]
        for c in range(NC):
            if state[RUIN_ITEM + c] == i:
                k += 1
        if k != ITEM_POOL[i]:
            return C_ITEMS
    # ---- the Vagabond
    if seated[VAGABOND]:
        p = state[VB_PAWN]
        if state[PHASE] != PH_SETUP and (p < 0 or p >= NC + NFOREST):
            return C_VAGABOND
        for f in range(NF):
            r = state[VB_REL + f]
            if seated[f] and f != VAGABOND:
                if state[PHASE] != PH_SETUP and (r < 0 or r > REL_HOSTILE):
                    return C_VAGABOND
            elif r != -1:
                return C_VAGABOND
        q_vis = 0
        q_deck = 0
        for q in range(NQUEST):
            loc = state[QUEST_LOC + q]
            if loc == QL_VISIBLE:
                q_vis += 1
            elif loc == QL_DECK:
                q_deck += 1
            elif loc != QL_DONE:
                return C_QUESTS
        if state[QUEST_DECK_N] != q_deck and not (state[PHASE] == PH_SETUP and q_vis == 0):
            return C_QUESTS
        for i in range(state[QUEST_DECK_N]):
            if state[QUEST_LOC + state[QUEST_DECK + i]] != QL_DECK:
                return C_QUESTS
        if state[PHASE] != PH_SETUP and q_vis != min(QUESTS_VISIBLE, q_vis + q_deck):
            return C_QUESTS
    elif state[VB_PAWN] != -1:
        return C_VAGABOND
    partner = state[VB_COALITION]
    if partner >= 0 and (state[DOMINANCE + VAGABOND] == 0 or not seated[partner] or partner == VAGABOND):
        return C_COALITION
    # ---- cards: each of the 54 cards is in exactly one valid place
    hand = np.zeros(NF, np.int64)
    ndeck = 0
    nsup = 0
    for card in range(NCARD):
        loc = state[CARD_LOC + card]
        dom = CARD_KIND[card] == K_DOMINANCE
        if n == 2 and dom and loc != LOC_REMOVED:
            return C_DOMINANCE
        if loc == LOC_DECK:
            ndeck += 1
        elif loc == LOC_DISCARD or loc == LOC_REMOVED:
            pass
        elif loc == LOC_AVAILABLE:
            if not dom:
                return C_CARD_LOC
        elif LOC_HAND <= loc < LOC_HAND + NF:
            if not seated[loc - LOC_HAND]:
                return C_CARD_LOC
            hand[loc - LOC_HAND] += 1
        elif LOC_CRAFTED <= loc < LOC_CRAFTED + NF:
            if not seated[loc - LOC_CRAFTED] or dom:
                return C_CARD_LOC
        elif LOC_ACTIVE_DOM <= loc < LOC_ACTIVE_DOM + NF:
            if not seated[loc - LOC_ACTIVE_DOM] or not dom:
                return C_CARD_LOC
        elif LOC_DECREE <= loc < LOC_DECREE + 4:
            if not seated[EYRIE]:
                return C_CARD_LOC
        elif loc == LOC_SUPPORTERS:
            if not seated[ALLIANCE]:
                return C_SUPPORTERS_SEAT
            nsup += 1
        else:
            return C_CARD_LOC
    for f in range(NF):
        if state[HAND_N + f] != hand[f]:
            return C_HAND_N
    if state[DECK_N] != ndeck:
        return C_DECK_N
    # (a removed base's 8.2.4 discards may still wait for its Outrage, Law 1.1.3: TF_BASE_LOST bits)
    if (nsup > AL_SUPPORTER_LIMIT and nbases == 0 and state[AL_TRIM] == 0 and state[GAME_OVER] == 0
            and state[DECISION] != D_AL_TRIM and state[TURN_FLAGS] & (TF_BASE_LOST * 7) == 0):
        return C_SUPPORTERS
    seen = np.zeros(NCARD, np.bool_)
    for i in range(state[DECK_N]):
        card = state[DECK + i]
        if card < 0 or card >= NCARD or seen[card] or state[CARD_LOC + card] != LOC_DECK:
            return C_DECK_SET
        seen[card] = True
    # ---- scores
    for f in range(NF):
        v = state[VP + f]
        if v < 0 or v > MAX_VP:
            return C_VP_RANGE
        gains = 0
        for i in range(N_VS):
            gains += state[VP_SOURCE + f * N_VS + i]
        if v > gains:
            return C_VP_SOURCE
        if f != EYRIE and v != gains:  # only the Eyrie ever lose VP (turmoil, Law 7.7.1)
            return C_VP_MARQUISE
    if state[TURN] > state[MAX_TURNS]:
        return C_TURN_CAP
    # ---- the pending decision
    if state[GAME_OVER] == 0:
        ln = state[LEGAL_N]
        if ln < 1:
            return C_LEGAL_N
        used = np.zeros(N_ACTIONS, np.bool_)
        for i in range(ln):
            a = state[LEGAL + i]
            if a < 0 or a >= N_ACTIONS:
                return C_LEGAL_RANGE
            if used[a]:
                return C_LEGAL_DUP
            used[a] = True
        d = state[DECIDER]
        if d < 0 or d >= NF or not seated[d]:
            return C_DECIDER
        act = state[ACTIVE]
        if act < 0 or act >= NF or not seated[act]:
            return C_ACTIVE
        if state[SUPPRESS_WIN] == 0:
            for f in range(NF):
                if seated[f] and state[VP + f] >= VICTORY_VP and state[DOMINANCE + f] == 0:
                    return C_UNDETECTED_WIN
    else:
        if state[LEGAL_N] != 0 or state[DECIDER] != -1 or state[PHASE] != PH_OVER:
            return C_OVER_STATE
    return C_OK


@njit(cache=True)
def play_checked(factions, seed, max_turns, options, state, info):
    """Play one random game in `state`, checking invariants after every decision.
    options = (random_seating, auto_forced). Returns 0 or a CHECKS code; info[0] = decisions taken
    when it stopped."""
    new_game(state, factions, seed, max_turns, options[0], options[1])
    r = (seed * 2654435761 + 99991) & M32
    if r == 0:
        r = 1
    ndec = 0
    info[0] = 0
    e = check_state(state)
    if e != 0:
        return e
    while state[GAME_OVER] == 0:
        if ndec >= MAX_DECISIONS_PER_GAME:
            return C_NO_END
        prev_active = state[ACTIVE]
        prev_phase = state[PHASE]
        r = _next(r)
        a = state[LEGAL + ((r * state[LEGAL_N]) >> 32)]
        if apply(state, a) != OK:
            return C_APPLY
        ndec += 1
        info[0] = ndec
        e = check_state(state)
        if e != 0:
            return e
        # Law 6.6 / 7.6.2: a turn ends with at most five cards in hand.
        if state[ACTIVE] != prev_active and prev_active >= 0 and prev_phase != PH_SETUP:
            limit = HAND_LIMIT
            if options[1] != 0 and has_crafted(state, state[ACTIVE], E_BETTER_BURROW_BANK) >= 0:
                # With auto_forced, a 2-player Better Burrow Bank (one possible target) resolves
                # before the new turn's first decision: the other player has drawn one card.
                limit += 1
            if state[HAND_N + prev_active] > limit:
                return C_HAND_LIMIT
    # ---- the end of the game
    if state[TRUNCATED] != 0:
        if state[WINNERS] != 0:
            return C_TRUNC_WINNER
        if state[TURN] != state[MAX_TURNS]:
            return C_TRUNC_TURN
    else:
        w = state[WINNERS]
        partner = state[VB_COALITION]
        if partner >= 0 and (w >> partner) & 1:
            if (w >> VAGABOND) & 1 == 0:
                return C_WINNER_SET  # Law 9.2.8: the partner's win is the Vagabond's
            w &= ~(1 << VAGABOND)
        if w == 0 or (w & (w - 1)) != 0:
            return C_ONE_WINNER
        for f in range(NF):
            # Law 3.1 / 3.3.1: 30 VP, or an activated dominance card (never with 2 players).
            if (w >> f) & 1 and state[VP + f] < VICTORY_VP and (state[NSEATS] == 2 or state[DOMINANCE + f] == 0):
                return C_WINNER_VP
    return C_OK


@njit(cache=True)
def play_many(factions, seeds, max_turns, options, codes, stops, winners, truncated, turns, decisions, vp):
    state = np.zeros(STATE_SIZE, np.int64)
    info = np.zeros(1, np.int64)
    for g in range(seeds.shape[0]):
        codes[g] = play_checked(factions, seeds[g], max_turns, options, state, info)
        stops[g] = info[0]
        winners[g] = state[WINNERS]
        truncated[g] = state[TRUNCATED]
        turns[g] = state[TURN]
        decisions[g] = state[DECISIONS]
        for f in range(NF):
            vp[g, f] = state[VP + f]


def _run(factions, seeds, max_turns, random_seating=0, auto_forced=0):
    ids = np.array([FACTION_NAMES.index(f) for f in factions], dtype=np.int64)
    seeds = np.asarray(seeds, dtype=np.int64)
    n = seeds.shape[0]
    out = {k: np.zeros(n, np.int64) for k in ("codes", "stops", "winners", "truncated", "turns", "decisions")}
    out["vp"] = np.zeros((n, NF), np.int64)
    options = np.array([random_seating, auto_forced], dtype=np.int64)
    play_many(ids, seeds, int(max_turns), options, out["codes"], out["stops"], out["winners"], out["truncated"],
              out["turns"], out["decisions"], out["vp"])
    out["ids"] = ids
    return out


def _explain(factions, seed, max_turns, stop, random_seating=0, auto_forced=0):
    """Replay a failing game in Python to the decision where the check failed and describe it."""
    ids = np.array([FACTION_NAMES.index(f) for f in factions], dtype=np.int64)
    state = np.zeros(STATE_SIZE, np.int64)
    # Replaying with the same seed reproduces the same game: stop after `stop` decisions.
    new_game(state, ids, seed, max_turns, random_seating, auto_forced)
    r = (seed * 2654435761 + 99991) & M32 or 1
    g = Game.from_state(state)
    last = None
    for _ in range(stop):
        if g.is_over:
            break
        r = int(_next(r))
        a = int(g.state[LEGAL + ((r * int(g.state[LEGAL_N])) >> 32)])
        last = (g.decision, g.current_player, g.describe(a))
        g.apply(a)
    return f"last action: {last}; now {g!r}; decision {DECISION_NAMES[int(g.state[DECISION])]!r}"


def _assert_clean(res, factions, seeds, max_turns, random_seating=0, auto_forced=0):
    bad = np.flatnonzero(res["codes"] != C_OK)
    if bad.size:
        lines = []
        for i in bad[:5]:
            seed = int(seeds[i])
            lines.append(f"seed {seed}: {CHECKS[res['codes'][i]]} after decision {res['stops'][i]} "
                         f"({_explain(factions, seed, max_turns, int(res['stops'][i]), random_seating, auto_forced)})")
        pytest.fail(f"{bad.size} of {len(seeds)} games broke an invariant ({factions}, max_turns={max_turns}):\n"
                    + "\n".join(lines))


def _report(label, res, factions):
    n = len(res["codes"])
    capped = res["truncated"].astype(bool)
    shares = {f: float(np.mean((res["winners"] >> FACTION_NAMES.index(f)) & 1)) for f in factions}
    print(f"\n[{label}] {n} games: reached the turn cap {capped.mean():.3f}; "
          f"win share " + ", ".join(f"{f} {s:.3f}" for f, s in shares.items())
          + f"; mean turns {res['turns'].mean():.1f}, mean decisions {res['decisions'].mean():.0f}")
    return capped, shares


N_GAMES = 1000


def test_invariants_marquise_vs_eyrie():
    factions = ("marquise", "eyrie")
    seeds = np.arange(1000, 1000 + N_GAMES)
    res = _run(factions, seeds, 300)
    _assert_clean(res, factions, seeds, 300)
    capped, shares = _report("marquise vs eyrie, cap 300", res, factions)
    # Every non-truncated game has exactly one winner (checked in njit), so the shares add up.
    assert abs(sum(shares.values()) + capped.mean() - 1.0) < 1e-9
    assert res["turns"].max() <= 300
    # Both factions can win random games.
    assert all(s > 0 for s in shares.values())


def test_invariants_eyrie_seated_first():
    factions = ("eyrie", "marquise")
    seeds = np.arange(5000, 5150)
    res = _run(factions, seeds, 300)
    _assert_clean(res, factions, seeds, 300)
    _report("eyrie vs marquise (eyrie first), cap 300", res, factions)


def test_invariants_with_a_low_turn_cap():
    """A low cap exercises the truncation path: no winner, TURN == MAX_TURNS."""
    factions = ("marquise", "eyrie")
    seeds = np.arange(9000, 9300)
    res = _run(factions, seeds, 40)
    _assert_clean(res, factions, seeds, 40)
    capped, _ = _report("marquise vs eyrie, cap 40", res, factions)
    assert capped.any() and not capped.all(), "a 40-turn cap should stop some random games, not all"
    assert np.all(res["winners"][capped] == 0)
    assert np.all(res["turns"][capped] == 40)
    assert np.all(res["winners"][~capped] != 0)


def test_invariants_random_seating_and_forced_moves():
    """random_seating and auto_forced (single-option decisions applied by the engine)."""
    factions = ("marquise", "eyrie")
    seeds = np.arange(20_000, 20_300)
    res = _run(factions, seeds, 300, random_seating=1, auto_forced=1)
    _assert_clean(res, factions, seeds, 300, random_seating=1, auto_forced=1)
    _report("marquise vs eyrie, random seating + auto_forced", res, factions)


BASE4 = ("marquise", "eyrie", "alliance", "vagabond")


def test_invariants_four_player_base_game():
    """500 four-player games, seats rotated (each faction sits in each seat equally often)."""
    total = {f: 0.0 for f in BASE4}
    for r in range(4):
        factions = BASE4[r:] + BASE4[:r]
        seeds = np.arange(40_000 + 125 * r, 40_000 + 125 * (r + 1))
        res = _run(factions, seeds, 300)
        _assert_clean(res, factions, seeds, 300)
        capped, shares = _report(f"four players, seats {factions}", res, factions)
        for f in BASE4:
            total[f] += shares[f] / 4
        # Random four-player games are long (300 turns = 75 rounds); most still end before the cap.
        assert capped.mean() < 0.25, capped.mean()
    # Every faction wins some random games.
    assert all(v > 0 for v in total.values()), total


@pytest.mark.parametrize("factions", [("marquise", "eyrie", "alliance"), ("eyrie", "alliance", "vagabond"),
                                      ("vagabond", "marquise", "alliance"), ("alliance", "vagabond", "marquise", "eyrie")])
def test_invariants_three_and_four_player_mixes(factions):
    seeds = np.arange(60_000, 60_150)
    res = _run(factions, seeds, 300, random_seating=1)
    _assert_clean(res, factions, seeds, 300, random_seating=1)
    _report(f"{factions}, random seating", res, factions)


@pytest.mark.parametrize("factions", [("alliance", "vagabond"), ("vagabond", "eyrie"), ("marquise", "alliance")])
def test_invariants_two_player_mixes_with_forced_moves(factions):
    seeds = np.arange(70_000, 70_150)
    res = _run(factions, seeds, 300, auto_forced=1)
    _assert_clean(res, factions, seeds, 300, auto_forced=1)
    _report(f"{factions}, auto_forced", res, factions)


def test_coalition_wins_are_reported_with_the_partner():
    """Law 9.2.8: some random four-player games end in a coalition win, always with the partner."""
    factions = BASE4
    seeds = np.arange(80_000, 80_400)
    res = _run(factions, seeds, 300)
    _assert_clean(res, factions, seeds, 300)
    vb = 1 << FACTION_NAMES.index("vagabond")
    both = [(w & vb) and (w & ~vb) for w in res["winners"]]
    assert any(both), "no coalition win in 400 random four-player games"


def test_checker_catches_corruption():
    """The checker itself must notice broken states (guards against a vacuous test)."""
    g = Game.new(("marquise", "eyrie"), seed=3)
    for _ in range(40):
        g.apply(int(g.legal_actions()[0]))
    assert check_state(g.state) == C_OK
    cases = [
        (WARRIORS + MARQUISE * NC + 0, 1, C_WARRIORS),
        (SUPPLY_WARRIORS + EYRIE, -1, C_WARRIORS),
        (HAND_N + MARQUISE, 1, C_HAND_N),
        (DECK_N, -1, C_DECK_N),
        (LEGAL_N, -int(g.state[LEGAL_N]), C_LEGAL_N),
        (VP + EYRIE, MAX_VP + 1, C_VP_RANGE),
        (DECIDER, 5, C_DECIDER),
    ]
    for idx, delta, code in cases:
        s = g.state.copy()
        s[idx] += delta
        assert check_state(s) == code, (CHECKS[code], CHECKS[check_state(s)])
    s = g.state.copy()
    s[TOKENS + TT_KEEP * NC + 5] += 1  # a second keep
    assert check_state(s) in (C_TOKENS, C_KEEP)
    s = g.state.copy()
    dom = int(np.flatnonzero(CARD_KIND == K_DOMINANCE)[0])
    s[CARD_LOC + dom] = LOC_DISCARD
    assert check_state(s) == C_DOMINANCE
    s = g.state.copy()
    s[CARD_LOC + int(s[DECK])] = LOC_DISCARD
    assert check_state(s) in (C_DECK_N, C_DECK_SET)
    s = g.state.copy()
    s[LEGAL + 1] = s[LEGAL]
    if s[LEGAL_N] >= 2:
        assert check_state(s) == C_LEGAL_DUP

"""Random-game invariants: thousands of seeded random games (two to seven factions), every
decision checked; and every position the engine reaches must load again: the validator of incoming states
(``engine.validate.check_loadable``) runs on every ``VALIDATE_EVERY``-th position of every game (at an offset that
depends on the seed, so that every part of a turn is met) and on its final position.

The games are driven and checked inside one compiled function (``play_checked``) so that the file
runs in seconds once numba's cache is warm. A broken invariant is reported as a code (``CHECKS``)
with the seed and the decision number, then replayed in Python for a readable description.
"""
from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from root_env import Game
from root_env.data import NC, NF, CARD_KIND, K_DOMINANCE, E_BETTER_BURROW_BANK, FACTION_NAMES, MARQUISE, EYRIE, \
    VAGABOND, VAGABOND2, HAND_LIMIT, VICTORY_VP, TT_KEEP
from root_env.codes import DECISION_NAMES
from root_env.inputs import faction_ids, seat_code
from root_env.data import BOT_CODE_FLAG
from root_env.layout import (STATE_SIZE, NSEATS, TURN, ACTIVE, PHASE, PH_SETUP, GAME_OVER, WINNERS, TRUNCATED,
                             MAX_TURNS, DECISIONS, DECISION, LEGAL, LEGAL_N, WARRIORS, TOKENS, SUPPLY_WARRIORS,
                             CARD_LOC, DECK, DECK_N, HAND_N, VP, DOMINANCE, LOC_DISCARD, VB_COALITION, DECIDER, MAX_VP,
                             SEAT_FACTION, BOT)
from root_env.engine.invariants import (CHECKS, check_state, C_APPLY, C_DECIDER, C_DECK_N, C_DECK_SET, C_DOMINANCE, C_HAND_LIMIT, C_HAND_N, C_KEEP, C_LEGAL_DUP, C_LEGAL_N, C_NO_END, C_OK, C_ONE_WINNER, C_TOKENS, C_TRUNC_TURN, C_TRUNC_WINNER, C_VP_RANGE, C_WARRIORS, C_WINNER_SET, C_WINNER_VP)
from root_env.engine.core import new_game, apply, OK
from root_env.engine.cards import has_crafted
from root_env.engine.playout import _next
from root_env.engine.validate import check_loadable, describe_problem, LO, HI, PLAYOUT_DECISIONS

M32 = 0xFFFFFFFF
MAX_DECISIONS_PER_GAME = 200_000
# Section 1 of issue 33: positions reached in play must load. The validator runs on one position in
# VALIDATE_EVERY and on the final one, with SWEEP_PROBES checked continuations of SWEEP_DECISIONS decisions
# (a loaded position gets validate.PLAYOUT_PROBES of them; one keeps the sweep quick).
VALIDATE_EVERY, SWEEP_PROBES, SWEEP_DECISIONS = 97, 1, PLAYOUT_DECISIONS
C_NOT_LOADABLE = len(CHECKS)  # a code of this test: check_loadable refused a reached position (info[1], info[2])


@njit(cache=True)
def play_checked(factions, seed, max_turns, options, state, info, work, lo, hi):
    """Play one random game in `state`, checking invariants after every decision, and that the position
    loads again (check_loadable) at every VALIDATE_EVERY-th decision and at the end.
    options = (random_seating, auto_forced). Returns 0, a CHECKS code or C_NOT_LOADABLE; info[0] = decisions
    taken when it stopped; info[1], info[2]: check_loadable's result and its work[0]."""
    new_game(state, factions, seed, max_turns, options[0], options[1])
    r = (seed * 2654435761 + 99991) & M32
    if r == 0:
        r = 1
    ndec = 0
    info[0] = 0
    e = check_state(state)
    if e != 0:
        return e
    offset = seed % VALIDATE_EVERY
    while state[GAME_OVER] == 0:
        if ndec % VALIDATE_EVERY == offset:
            v = check_loadable(state, work, lo, hi, SWEEP_PROBES, SWEEP_DECISIONS)
            if v != 0:
                info[1] = v
                info[2] = work[0]
                return C_NOT_LOADABLE
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
            if options[1] & 1 != 0 and has_crafted(state, state[ACTIVE], E_BETTER_BURROW_BANK) >= 0:
                # With auto_forced, a 2-player Better Burrow Bank (one possible target) resolves
                # before the new turn's first decision: the other player has drawn one card.
                limit += 1
            if state[HAND_N + prev_active] > limit:
                return C_HAND_LIMIT
    v = check_loadable(state, work, lo, hi, SWEEP_PROBES, SWEEP_DECISIONS)
    if v != 0:
        info[1] = v
        info[2] = work[0]
        return C_NOT_LOADABLE
    # ---- the end of the game
    if state[TRUNCATED] != 0:
        if state[WINNERS] != 0:
            return C_TRUNC_WINNER
        if state[TURN] != state[MAX_TURNS]:
            return C_TRUNC_TURN
    elif options[1] & 4:
        # Seed 004 Cooperative: every bot wins (one has 30 VP), or every player who is not a bot (each has 30).
        bots = 0
        humans = 0
        bot30 = False
        humans30 = True
        for s in range(state[NSEATS]):
            f = state[SEAT_FACTION + s]
            if state[BOT + f] != 0:
                bots |= 1 << f
                bot30 = bot30 or state[VP + f] >= VICTORY_VP
            else:
                humans |= 1 << f
                humans30 = humans30 and state[VP + f] >= VICTORY_VP
        if not ((state[WINNERS] == bots and bot30) or (state[WINNERS] == humans and humans30 and not bot30)):
            return C_WINNER_SET
    else:
        w = state[WINNERS]
        # Each Vagabond's coalition (Law 9.8); one whose partner is the other Vagabond is looked at first.
        first = VAGABOND2 if state[VB_COALITION + 1] == VAGABOND else VAGABOND
        for j in range(2):
            v = first if j == 0 else VAGABOND + VAGABOND2 - first
            partner = state[VB_COALITION + v - VAGABOND]
            if partner >= 0 and (w >> partner) & 1:
                if (w >> v) & 1 == 0:
                    return C_WINNER_SET  # Law 9.2.8: the partner's win is the Vagabond's
                w &= ~(1 << v)
        if w == 0 or (w & (w - 1)) != 0:
            return C_ONE_WINNER
        for f in range(NF):
            # Law 3.1 / 3.3.1: 30 VP, or an activated dominance card (never with 2 players).
            if (w >> f) & 1 and state[VP + f] < VICTORY_VP and (state[NSEATS] == 2 or state[DOMINANCE + f] == 0):
                return C_WINNER_VP
    return C_OK


@njit(cache=True)
def play_many(factions, seeds, max_turns, options, codes, stops, winners, truncated, turns, decisions, vp, lo, hi,
              loads):
    state = np.zeros(STATE_SIZE, np.int64)
    work = np.zeros(STATE_SIZE, np.int64)
    info = np.zeros(3, np.int64)
    for g in range(seeds.shape[0]):
        codes[g] = play_checked(factions, seeds[g], max_turns, options, state, info, work, lo, hi)
        stops[g] = info[0]
        loads[g, 0] = info[1]
        loads[g, 1] = info[2]
        winners[g] = state[WINNERS]
        truncated[g] = state[TRUNCATED]
        turns[g] = state[TURN]
        decisions[g] = state[DECISIONS]
        for f in range(NF):
            vp[g, f] = state[VP + f]


def _run(factions, seeds, max_turns, random_seating=0, auto_forced=0):
    ids = faction_ids(factions)  # a bot seat ("bot:...") carries its level and traits
    seeds = np.asarray(seeds, dtype=np.int64)
    n = seeds.shape[0]
    out = {k: np.zeros(n, np.int64) for k in ("codes", "stops", "winners", "truncated", "turns", "decisions")}
    out["vp"] = np.zeros((n, NF), np.int64)
    out["loads"] = np.zeros((n, 2), np.int64)
    options = np.array([random_seating, auto_forced], dtype=np.int64)
    play_many(ids, seeds, int(max_turns), options, out["codes"], out["stops"], out["winners"], out["truncated"],
              out["turns"], out["decisions"], out["vp"], LO, HI, out["loads"])
    out["ids"] = ids
    return out


def _explain(factions, seed, max_turns, stop, random_seating=0, auto_forced=0, load=None):
    """Replay a failing game in Python to the decision where the check failed and describe it (`load`: the
    check_loadable result and work[0] of a reached position that was refused)."""
    ids = faction_ids(factions)  # a bot seat ("bot:...") carries its level and traits
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
    why = f"; refused on load: {describe_problem(g.state, int(load[0]), int(load[1]))}" if load is not None else ""
    return f"last action: {last}; now {g!r}; decision {DECISION_NAMES[int(g.state[DECISION])]!r}{why}"


def _assert_clean(res, factions, seeds, max_turns, random_seating=0, auto_forced=0):
    bad = np.flatnonzero(res["codes"] != C_OK)
    if bad.size:
        lines = []
        for i in bad[:5]:
            seed = int(seeds[i])
            code = int(res["codes"][i])
            load = res["loads"][i] if code == C_NOT_LOADABLE else None
            what = "the reached position does not load" if load is not None else CHECKS[code]
            lines.append(f"seed {seed}: {what} after decision {res['stops'][i]} "
                         f"({_explain(factions, seed, max_turns, int(res['stops'][i]), random_seating, auto_forced, load)})")
        pytest.fail(f"{bad.size} of {len(seeds)} games broke an invariant ({factions}, max_turns={max_turns}):\n"
                    + "\n".join(lines))


def _report(label, res, factions):
    n = len(res["codes"])
    capped = res["truncated"].astype(bool)
    shares = {f: float(np.mean((res["winners"] >> seat_code(f) % BOT_CODE_FLAG) & 1)) for f in factions}
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


def _sweep(factions, random_from, forced_from, bits=0):
    """120 random games with shuffled seats and 40 with forced moves applied, every decision checked. `bits`: more
    option bits of ``core.new_game`` (4: cooperative play, 8: the Law of Rootbotics for the bots)."""
    seeds = np.arange(random_from, random_from + 120)
    res = _run(factions, seeds, 300, random_seating=1, auto_forced=bits)
    _assert_clean(res, factions, seeds, 300, random_seating=1, auto_forced=bits)
    _report(f"{factions}, random seating", res, factions)
    seeds = np.arange(forced_from, forced_from + 40)
    res = _run(factions, seeds, 300, auto_forced=1 | bits)
    _assert_clean(res, factions, seeds, 300, auto_forced=1 | bits)


def _wins_some(factions, faction, seed_from):
    """Some of 200 checked random games with shuffled seats are won by `faction`."""
    seeds = np.arange(seed_from, seed_from + 200)
    res = _run(factions, seeds, 300, random_seating=1)
    _assert_clean(res, factions, seeds, 300, random_seating=1)
    assert any(w & (1 << FACTION_NAMES.index(faction)) for w in res["winners"])


# The Lizard Cult (Law 10) in two-, three-, four- and five-player mixes with every implemented faction.
LIZARD_MIXES = [("lizards", "marquise"), ("eyrie", "lizards"), ("lizards", "alliance"), ("vagabond", "lizards"),
                ("marquise", "eyrie", "lizards"), ("lizards", "alliance", "vagabond"),
                ("marquise", "eyrie", "alliance", "lizards"), ("lizards", "vagabond", "eyrie", "alliance"),
                ("marquise", "eyrie", "alliance", "vagabond", "lizards")]


@pytest.mark.parametrize("factions", LIZARD_MIXES)
def test_invariants_lizard_cult_mixes(factions):
    """Random games with the Lizard Cult, checked after every decision (pieces incl. acolytes and gardens,
    the Lost Souls pile and revealed cards, the outcast marker), seats shuffled and forced moves both ways."""
    _sweep(factions, 90_000, 91_000)


def test_lizard_cult_wins_random_games():
    """The Cult can win: its scoring is reachable in play, not only in scenarios."""
    _wins_some(("marquise", "eyrie", "alliance", "vagabond", "lizards"), "lizards", 92_000)


# The Riverfolk Company (Law 11) in two-, three-, four- and five-player mixes with every implemented faction
# (the Lizard Cult included): every decision checked, funds and payments of every owner conserved.
RIVERFOLK_MIXES = [("riverfolk", "marquise"), ("eyrie", "riverfolk"), ("riverfolk", "alliance"), ("vagabond", "riverfolk"),
                   ("riverfolk", "lizards"), ("marquise", "eyrie", "riverfolk"), ("riverfolk", "alliance", "vagabond"),
                   ("lizards", "riverfolk", "vagabond"), ("marquise", "eyrie", "alliance", "riverfolk"),
                   ("riverfolk", "vagabond", "eyrie", "lizards"), ("marquise", "eyrie", "alliance", "vagabond", "riverfolk"),
                   ("riverfolk", "lizards", "marquise", "alliance", "vagabond"),
                   ("marquise", "eyrie", "alliance", "vagabond", "lizards", "riverfolk")]  # and all six


@pytest.mark.parametrize("factions", RIVERFOLK_MIXES)
def test_invariants_riverfolk_mixes(factions):
    """Random games with the Riverfolk Company, checked after every decision (warriors of every faction
    across supply, map, Funds, Payments and Committed; trade posts on the map, on the tracks and in the box;
    prices; Trade Disruption), seats shuffled and forced moves both ways."""
    _sweep(factions, 93_000, 94_000)


def test_riverfolk_wins_random_games():
    """The Riverfolk can win: trade posts and dividends score in play, not only in scenarios."""
    _wins_some(("marquise", "eyrie", "alliance", "vagabond", "riverfolk"), "riverfolk", 95_000)


# The Corvid Conspiracy (seed 003, Law 13) in two-, three-, four- and five-player mixes with every implemented
# faction (the Riverfolk and the Lizard Cult included): every decision checked (one plot per clearing, the eight
# plots between supply and map, facing and ruled-out types only on face-down plots of the map).
CORVID_MIXES = [("corvids", "marquise"), ("eyrie", "corvids"), ("corvids", "alliance"), ("vagabond", "corvids"),
                ("corvids", "lizards"), ("riverfolk", "corvids"), ("marquise", "eyrie", "corvids"),
                ("corvids", "alliance", "vagabond"), ("lizards", "corvids", "riverfolk"),
                ("marquise", "eyrie", "alliance", "corvids"), ("corvids", "vagabond", "riverfolk", "lizards"),
                ("marquise", "eyrie", "alliance", "vagabond", "corvids"),
                ("corvids", "lizards", "riverfolk", "alliance", "vagabond"),
                ("marquise", "eyrie", "alliance", "vagabond", "lizards", "riverfolk", "corvids")]  # and all seven


@pytest.mark.parametrize("factions", CORVID_MIXES)
def test_invariants_corvid_mixes(factions):
    """Random games with the Corvids, checked after every decision, seats shuffled and forced moves both ways."""
    _sweep(factions, 96_000, 97_000)


def test_corvids_win_random_games():
    """The Corvids can win: flips score in play, not only in scenarios."""
    _wins_some(("marquise", "eyrie", "alliance", "vagabond", "corvids"), "corvids", 98_000)


# The Lord of the Hundreds (Law 14) in two- to six-player mixes with every implemented faction and a Clockwork bot:
# every decision checked (the warlord among the warriors, the Hoard's items conserved, the regions of a reached
# position loadable).
HUNDREDS_MIXES = [("hundreds", "marquise"), ("eyrie", "hundreds"), ("hundreds", "alliance"), ("vagabond", "hundreds"),
                  ("hundreds", "lizards"), ("riverfolk", "hundreds"), ("hundreds", "corvids"),
                  ("marquise", "eyrie", "hundreds"), ("hundreds", "vagabond", "vagabond2", "lizards"),
                  ("bot:mechanical_marquise", "hundreds", "alliance"),
                  ("marquise", "eyrie", "alliance", "vagabond", "riverfolk", "hundreds"),
                  ("corvids", "lizards", "hundreds", "vagabond", "eyrie")]


@pytest.mark.parametrize("factions", HUNDREDS_MIXES)
def test_invariants_hundreds_mixes(factions):
    """Random games with the Lord of the Hundreds, checked after every decision, seats shuffled and forced moves
    both ways."""
    _sweep(factions, 99_000, 99_500)


def test_hundreds_win_random_games():
    """The Hundreds can win: Oppress, Raze and crafting score in play, not only in scenarios."""
    _wins_some(("marquise", "eyrie", "hundreds"), "hundreds", 99_700)


# The Keepers in Iron (Law 15) in two- to six-player mixes with every implemented faction and the Clockwork bots:
# every decision checked (the twelve relics conserved wherever they lie, the Retinue's cards and Faithful Retainers,
# the regions of a reached position loadable).
KEEPERS_MIXES = [("keepers", "marquise"), ("eyrie", "keepers"), ("keepers", "alliance"), ("vagabond", "keepers"),
                 ("keepers", "lizards"), ("riverfolk", "keepers"), ("keepers", "corvids"), ("hundreds", "keepers"),
                 ("marquise", "eyrie", "keepers"), ("keepers", "vagabond", "vagabond2", "lizards"),
                 ("bot:mechanical_marquise", "keepers", "bot:electric_eyrie"),
                 ("keepers", "bot:automated_alliance", "corvids", "hundreds"),
                 ("marquise", "eyrie", "alliance", "vagabond", "riverfolk", "keepers"),
                 ("corvids", "lizards", "keepers", "vagabond", "eyrie", "hundreds")]


@pytest.mark.parametrize("factions", KEEPERS_MIXES)
def test_invariants_keepers_mixes(factions):
    """Random games with the Keepers in Iron, checked after every decision, seats shuffled and forced moves both
    ways."""
    _sweep(factions, 99_000, 99_500)


def test_keepers_win_random_games():
    """The Keepers can win: recovering relics, crafting and removals score in play, not only in scenarios."""
    _wins_some(("marquise", "eyrie", "keepers"), "keepers", 99_800)


# The Underground Duchy (Law 12) in two- to six-player mixes with every implemented faction and the Clockwork bots:
# every decision checked (warriors conserved with the Burrow's, crowns and ministers, revealed cards only in the Duchy's
# turn, the regions of a reached position loadable).
DUCHY_MIXES = [("duchy", "marquise"), ("eyrie", "duchy"), ("duchy", "alliance"), ("vagabond", "duchy"),
               ("duchy", "lizards"), ("riverfolk", "duchy"), ("duchy", "corvids"), ("hundreds", "duchy"),
               ("duchy", "keepers"), ("marquise", "eyrie", "duchy"), ("duchy", "vagabond", "vagabond2", "lizards"),
               ("bot:mechanical_marquise", "duchy", "bot:electric_eyrie"),
               ("duchy", "bot:automated_alliance", "corvids", "keepers"),
               ("marquise", "eyrie", "alliance", "vagabond", "riverfolk", "duchy"),
               ("corvids", "lizards", "duchy", "vagabond", "keepers", "hundreds")]


@pytest.mark.parametrize("factions", DUCHY_MIXES)
def test_invariants_duchy_mixes(factions):
    """Random games with the Underground Duchy, checked after every decision, seats shuffled and forced moves both
    ways."""
    _sweep(factions, 99_000, 99_500)


def test_duchy_win_random_games():
    """The Duchy can win: Parliament, swaying, crafting and removals score in play, not only in scenarios."""
    _wins_some(("marquise", "eyrie", "duchy"), "duchy", 99_900)


# Two Vagabonds (Law 9.8) in two-, four- and five-player mixes, with every other implemented faction: every
# decision checked (items across both boards, two per ruin, the ruins and the box; each chart without the
# other Vagabond; different characters; no one in two coalitions).
TWO_VAGABOND_MIXES = [("vagabond", "vagabond2"), ("marquise", "vagabond", "eyrie", "vagabond2"),
                      ("vagabond2", "alliance", "vagabond", "marquise"),
                      ("marquise", "eyrie", "alliance", "vagabond", "vagabond2"),
                      ("vagabond", "lizards", "vagabond2", "riverfolk", "corvids"),
                      ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards", "riverfolk", "corvids")]


@pytest.mark.parametrize("factions", TWO_VAGABOND_MIXES)
def test_invariants_two_vagabond_mixes(factions):
    """Random games with both Vagabonds, checked after every decision, seats shuffled and forced moves both ways."""
    _sweep(factions, 99_000, 99_500)


def test_second_vagabond_wins_random_games():
    """Either Vagabond can win a game with two: the second is a full faction."""
    _wins_some(("marquise", "eyrie", "alliance", "vagabond", "vagabond2"), "vagabond2", 99_800)


# The Mechanical Marquise (seed 004) in two-, three-, four- and five-player mixes, each difficulty and trait
# somewhere: every decision checked, and no decision ever falls to the bot.
BOT_MIXES = [("bot:mechanical_marquise", "eyrie"), ("alliance", "bot:mechanical_marquise:easy"),
             ("bot:mechanical_marquise:challenging+blitz", "eyrie", "vagabond"),
             ("vagabond", "bot:mechanical_marquise:nightmare+fortified+hospitals", "alliance", "eyrie"),
             ("bot:mechanical_marquise:normal+iron_will+blitz", "lizards", "riverfolk", "corvids"),
             ("eyrie", "alliance", "vagabond", "vagabond2", "bot:mechanical_marquise:nightmare+blitz+fortified+iron_will"
              "+hospitals")]


@pytest.mark.parametrize("factions", BOT_MIXES)
def test_invariants_mechanical_marquise_mixes(factions):
    """Random games against the Mechanical Marquise, checked after every decision, seats shuffled and forced moves
    both ways."""
    _sweep(factions, 101_000, 101_500)


# The Electric Eyrie (seed 004), alone and with the Mechanical Marquise (one to three bots), in competitive and
# cooperative play and under both bot rule sets: every difficulty and trait somewhere.
EE_MIXES = [(("bot:electric_eyrie", "marquise"), 0),
            (("alliance", "bot:electric_eyrie:easy+swoop"), 0),
            (("bot:electric_eyrie:challenging+relentless+war_tax", "marquise", "vagabond"), 8),
            (("vagabond", "bot:electric_eyrie:nightmare+nobility", "alliance", "marquise"), 0),
            (("bot:electric_eyrie:normal+relentless+swoop+nobility+war_tax", "lizards", "riverfolk", "corvids"), 8),
            (("bot:mechanical_marquise:nightmare+blitz", "bot:electric_eyrie:nightmare+relentless+war_tax",
              "alliance", "vagabond"), 4),
            (("bot:mechanical_marquise", "bot:electric_eyrie", "vagabond"), 0),
            (("bot:electric_eyrie:challenging+swoop", "bot:mechanical_marquise:challenging+hospitals+fortified",
              "vagabond", "vagabond2", "lizards"), 4 | 8)]


@pytest.mark.parametrize("factions, bits", EE_MIXES)
def test_invariants_electric_eyrie_mixes(factions, bits):
    """Random games against the Electric Eyrie (and the Mechanical Marquise), cooperative (bit 4) or not, checked
    after every decision, seats shuffled and forced moves both ways."""
    _sweep(factions, 103_000, 103_500, bits)


# The Automated Alliance, alone and with the other bots (three bots at one table), its options (bits 16-128:
# inputs.BOT_OPTION_BITS), cooperative play; every difficulty and trait somewhere.
AA_MIXES = [(("bot:automated_alliance", "marquise"), 0),
            (("eyrie", "bot:automated_alliance:easy+veterans"), 16 | 64),
            (("bot:automated_alliance:challenging+popularity+informants", "marquise", "vagabond"), 32),
            (("vagabond", "bot:automated_alliance:nightmare+wildfire", "eyrie", "marquise"), 128),
            (("bot:automated_alliance:normal+veterans+popularity+informants+wildfire", "lizards", "riverfolk",
              "corvids"), 16 | 32),
            (("bot:mechanical_marquise:nightmare", "bot:electric_eyrie:challenging+war_tax",
              "bot:automated_alliance:nightmare+informants", "vagabond"), 4),
            (("bot:mechanical_marquise", "bot:electric_eyrie", "bot:automated_alliance", "vagabond", "vagabond2",
              "riverfolk"), 0),
            (("bot:automated_alliance:easy+wildfire", "bot:electric_eyrie:easy", "lizards", "corvids"), 4 | 8 | 64)]


@pytest.mark.parametrize("factions, bits", AA_MIXES)
def test_invariants_automated_alliance_mixes(factions, bits):
    """Random games against the Automated Alliance (and the other bots), with its options, cooperative (bit 4) or
    not, checked after every decision, seats shuffled and forced moves both ways."""
    _sweep(factions, 105_000, 105_500, bits)


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


def test_checker_catches_lizard_cult_corruption():
    """Acolytes count as the Cult's warriors; Cult pieces, cards and markers need the Cult seated."""
    from root_env.layout import LZ_ACOLYTES, LZ_OUTCAST, LOC_LOST_SOULS, LOC_REVEALED, BUILDINGS
    from root_env.data import LIZARDS, BT_GARDEN
    from root_env.engine.invariants import C_LIZARDS, C_UNSEATED
    g = Game.new(("marquise", "lizards"), seed=5)
    while g.turn < 2:
        g.apply(int(g.legal_actions()[0]))
    assert check_state(g.state) == C_OK
    s = g.state.copy()
    s[LZ_ACOLYTES] += 1  # a warrior from nowhere
    assert check_state(s) == C_WARRIORS
    s = g.state.copy()
    s[LZ_OUTCAST] = -1  # no Outcast after setup
    assert check_state(s) == C_LIZARDS
    s = g.state.copy()
    card = int(s[DECK + int(s[DECK_N]) - 1])
    s[CARD_LOC + card] = LOC_REVEALED
    s[DECK_N] -= 1
    if int(s[ACTIVE]) != LIZARDS:
        assert check_state(s) == C_LIZARDS
    h = Game.new(("marquise", "eyrie"), seed=5)
    s = h.state.copy()
    s[BUILDINGS + BT_GARDEN * NC + 3] = 1  # a garden with no Cult in the game
    assert check_state(s) == C_UNSEATED
    s = h.state.copy()
    card = int(s[DECK + int(s[DECK_N]) - 1])
    s[CARD_LOC + card] = LOC_LOST_SOULS
    s[DECK_N] -= 1
    assert check_state(s) == C_LIZARDS


def test_checker_catches_riverfolk_corruption():
    """Funds, payments and committed warriors count as their owners' warriors; trade posts are three a suit
    between the map and the box; prices are 1..4 after setup; Riverfolk boxes need the Riverfolk seated."""
    from root_env.layout import RF_FUNDS, RF_PAYMENTS, RF_COMMITTED, RF_PRICES, RF_POSTS_GONE, RF_DISRUPT
    from root_env.data import RIVERFOLK, TT_TRADEPOST
    from root_env.engine.invariants import C_RIVERFOLK, C_UNSEATED
    g = Game.new(("marquise", "riverfolk"), seed=5)
    while g.turn < 3:
        g.apply(int(g.legal_actions()[0]))
    s0 = g.state
    assert check_state(s0) == C_OK
    for box in (RF_FUNDS, RF_PAYMENTS, RF_COMMITTED):
        for owner in (MARQUISE, RIVERFOLK):
            s = s0.copy()
            s[box + owner] += 1  # a warrior from nowhere in a Riverfolk box
            assert check_state(s) == C_WARRIORS
    s = s0.copy()
    s[RF_FUNDS + MARQUISE] += 1  # a Marquise warrior moved from her supply into the Funds: conserved
    s[SUPPLY_WARRIORS + MARQUISE] -= 1
    assert check_state(s) == C_OK
    s = s0.copy()
    s[RF_PRICES + 1] = 0  # no price after setup
    assert check_state(s) == C_RIVERFOLK
    s = s0.copy()
    s[RF_POSTS_GONE + 0] = 3
    s[TOKENS + TT_TRADEPOST * NC + 0] = 1  # a fourth fox post
    assert check_state(s) == C_RIVERFOLK
    s = s0.copy()
    s[RF_DISRUPT] = int(s[RF_FUNDS:RF_FUNDS + NF].sum()) + 1  # more owed than there are funds
    assert check_state(s) == C_RIVERFOLK
    h = Game.new(("marquise", "eyrie"), seed=5)
    s = h.state.copy()
    s[RF_FUNDS + MARQUISE] = 1  # a Riverfolk box with no Riverfolk in the game
    s[SUPPLY_WARRIORS + MARQUISE] -= 1
    assert check_state(s) == C_RIVERFOLK
    s = s0.copy()
    s[RF_FUNDS + EYRIE] = 1  # warriors of a faction not in the game
    assert check_state(s) == C_UNSEATED


def test_checker_catches_corvid_corruption():
    """One plot per clearing (13.2.2.II), two of each type in all (tokens), a face-up mark or a ruled-out type
    only on a face-down plot of the map, never the plot's own type; plot marks need the Corvids seated."""
    from root_env.layout import CV_FACE_UP, CV_EXCLUDED, CV_PLACED
    from root_env.data import TT_PLOT, BOMB, SNARE, RAID
    from root_env.engine.invariants import C_CORVIDS
    g = Game.new(("marquise", "corvids"), seed=5)
    while g.turn < 3:
        g.apply(int(g.legal_actions()[0]))
    s0 = g.state.copy()
    s0[TOKENS + (TT_PLOT + BOMB) * NC + 4] = 1  # a face-down bomb in 5, snare ruled out there
    s0[CV_EXCLUDED + 4] = 1 << SNARE
    s0[TOKENS + (TT_PLOT + RAID) * NC + 8] = 1  # a face-up raid in 9
    s0[CV_FACE_UP + 8] = 1
    assert check_state(s0) == C_OK
    s = s0.copy()
    s[TOKENS + (TT_PLOT + SNARE) * NC + 4] = 1  # a second plot in 5
    assert check_state(s) == C_CORVIDS
    s = s0.copy()
    s[CV_FACE_UP + 0] = 1  # face up where no plot is
    assert check_state(s) == C_CORVIDS
    s = s0.copy()
    s[CV_EXCLUDED + 4] |= 1 << BOMB  # the plot's own type ruled out
    assert check_state(s) == C_CORVIDS
    s = s0.copy()
    s[CV_EXCLUDED + 8] = 1 << SNARE  # ruled out on a face-up plot
    assert check_state(s) == C_CORVIDS
    s = s0.copy()
    for c in (0, 1):
        s[TOKENS + (TT_PLOT + BOMB) * NC + c] = 1  # a third and fourth bomb
    assert check_state(s) == C_TOKENS
    h = Game.new(("marquise", "eyrie"), seed=5)
    s = h.state.copy()
    s[CV_PLACED] = 1  # a Corvid counter with no Corvids in the game
    assert check_state(s) == C_CORVIDS


# Every Vagabond character (Appendix D), alone in the offer (option bits 8..: the characters excluded,
# inputs.option_bits), against the base factions, the expansions' and the Clockwork bots, with one and two Vagabonds:
# every decision checked.
from root_env.data import CHARACTER_NAMES, IMPLEMENTED_CHARACTERS, CHARACTER_OPTION_SHIFT  # noqa: E402

CHARACTER_MIXES = [("marquise", "eyrie", "alliance", "vagabond"),
                   ("vagabond", "lizards", "riverfolk", "corvids"),
                   ("bot:mechanical_marquise", "bot:electric_eyrie", "bot:automated_alliance", "vagabond", "vagabond2"),
                   ("marquise", "vagabond", "eyrie", "vagabond2", "alliance", "corvids")]


def _only(*names) -> int:
    """Option bits that offer only these characters."""
    keep = {CHARACTER_NAMES.index(n) for n in names}
    return sum(1 << (CHARACTER_OPTION_SHIFT + k) for k in range(len(CHARACTER_NAMES)) if k not in keep)


@pytest.mark.parametrize("character", IMPLEMENTED_CHARACTERS)
def test_invariants_every_vagabond_character(character):
    """Random games with each character, in every mix above (with two Vagabonds: the character and the next one),
    seats shuffled and forced moves both ways; every decision checked."""
    k = IMPLEMENTED_CHARACTERS.index(character)
    partner = IMPLEMENTED_CHARACTERS[(k + 1) % len(IMPLEMENTED_CHARACTERS)]
    for i, factions in enumerate(CHARACTER_MIXES):
        bits = _only(character, partner) if "vagabond2" in factions else _only(character)
        seeds = np.arange(107_000 + 1000 * i, 107_000 + 1000 * i + 40)
        res = _run(factions, seeds, 300, random_seating=1, auto_forced=bits)
        _assert_clean(res, factions, seeds, 300, random_seating=1, auto_forced=bits)
        seeds = np.arange(107_500 + 1000 * i, 107_500 + 1000 * i + 15)
        res = _run(factions, seeds, 300, auto_forced=1 | bits)
        _assert_clean(res, factions, seeds, 300, auto_forced=1 | bits)


# Advanced Setup (Appendix A: shuffled suit markers, five cards and three kept, homelands chosen from the last seat
# to the first; option bit data.SETUP_OPTION_BIT): every decision checked, the reached positions load again.
from root_env.data import SETUP_OPTION_BIT, CLEARING_SUIT  # noqa: E402
from root_env.layout import CLEARING_SUITS, HOMELAND  # noqa: E402
from root_env.engine.invariants import C_SUITS  # noqa: E402

ADVANCED_MIXES = [("marquise", "eyrie"),
                  ("marquise", "eyrie", "alliance", "vagabond"),
                  ("lizards", "eyrie", "marquise", "riverfolk", "corvids"),
                  ("bot:mechanical_marquise", "bot:electric_eyrie", "lizards", "vagabond", "vagabond2"),
                  ("corvids", "vagabond", "eyrie", "vagabond2", "alliance", "marquise"),
                  ("duchy", "marquise", "alliance", "vagabond"),  # the Duchy's homeland by its setup card (A.8.2)
                  ("eyrie", "duchy", "hundreds", "marquise", "alliance")]  # four corner factions (five, six: *_corners.py)


@pytest.mark.parametrize("factions", ADVANCED_MIXES)
def test_invariants_advanced_setup(factions):
    seeds = np.arange(130_000, 130_060)
    res = _run(factions, seeds, 300, random_seating=1, auto_forced=SETUP_OPTION_BIT)
    _assert_clean(res, factions, seeds, 300, random_seating=1, auto_forced=SETUP_OPTION_BIT)
    seeds = np.arange(131_000, 131_020)
    res = _run(factions, seeds, 300, auto_forced=1 | SETUP_OPTION_BIT)
    _assert_clean(res, factions, seeds, 300, auto_forced=1 | SETUP_OPTION_BIT)


def test_invariant_clearing_suits_are_the_suit_markers():
    """Appendix A.1: the twelve markers, four a suit; the printed suits in Standard Setup; homelands of seated
    factions only: check_state refuses anything else."""
    g = Game.new(("marquise", "eyrie"), seed=3)
    s = g.state.copy()
    s[CLEARING_SUITS:CLEARING_SUITS + 2] = s[CLEARING_SUITS + 1], s[CLEARING_SUITS]
    assert CLEARING_SUIT[0] != CLEARING_SUIT[1] and check_state(s) == C_SUITS  # a swap is not Standard Setup
    a = Game.new(("marquise", "eyrie"), seed=3, setup="advanced")
    s = a.state.copy()
    s[CLEARING_SUITS] = (s[CLEARING_SUITS] + 1) % 3  # five of one suit
    assert check_state(s) == C_SUITS
    s = a.state.copy()
    s[HOMELAND + 5] = 1  # a homeland of the Lizard Cult, who are not seated
    assert check_state(s) == C_SUITS
    assert check_state(a.state) == 0


# The Winter, Lake and Mountain maps (Law Appendix C.1, C.2, C.3, A.1; option bits data.MAP_OPTION_SHIFT): every faction and the
# Clockwork bots set up on their corners, rivers and forests; closed paths removed (C.3.3) and the Lake's Ferry taken
# (C.2.5) at random; every decision
# checked, the reached positions load again; the same seed plays the same game.
from root_env.data import MAP_OPTION_SHIFT  # noqa: E402
from root_env.map_data import WINTER, LAKE, MOUNTAIN  # noqa: E402
WINTER_BITS = WINTER << MAP_OPTION_SHIFT
LAKE_BITS = LAKE << MAP_OPTION_SHIFT
MOUNTAIN_BITS = MOUNTAIN << MAP_OPTION_SHIFT
WINTER_MIXES = [("marquise", "eyrie", "alliance", "vagabond"),
                ("lizards", "riverfolk", "corvids", "hundreds"),
                ("bot:mechanical_marquise", "bot:electric_eyrie", "bot:automated_alliance", "vagabond", "vagabond2"),
                ("eyrie", "marquise", "riverfolk", "lizards", "hundreds"),
                ("keepers", "vagabond", "alliance", "bot:electric_eyrie", "corvids")]


@pytest.mark.parametrize("bits", [WINTER_BITS, LAKE_BITS, MOUNTAIN_BITS], ids=["winter", "lake", "mountain"])
@pytest.mark.parametrize("factions", WINTER_MIXES)
def test_invariants_on_the_winter_lake_and_mountain_maps(factions, bits):
    seeds = np.arange(140_000, 140_050)
    res = _run(factions, seeds, 300, random_seating=1, auto_forced=bits)
    _assert_clean(res, factions, seeds, 300, random_seating=1, auto_forced=bits)
    assert (res["truncated"] == 0).mean() > 0.5  # the games end
    again = _run(factions, seeds[:5], 300, random_seating=1, auto_forced=bits)
    assert (again["decisions"] == res["decisions"][:5]).all() and (again["vp"] == res["vp"][:5]).all()
    seeds = np.arange(141_000, 141_015)
    res = _run(factions, seeds, 300, auto_forced=1 | bits | SETUP_OPTION_BIT)
    _assert_clean(res, factions, seeds, 300, auto_forced=1 | bits | SETUP_OPTION_BIT)

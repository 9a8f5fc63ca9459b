"""The bounds sweep (benchmarks/bounds_sweep.py): random games over every mix, every position within the state's
declared bounds (layout.BOUNDS) and keeping the invariants; and the games in which the sweep found a break, replayed,
with a test of each rule that was applied wrongly there."""
from __future__ import annotations

import numpy as np
import pytest

from benchmarks.bounds_sweep import MIXES, run_game, steps, sweep, table
from root_env import Game
from root_env.data import NITEM, RUIN_ITEMS, HUNDREDS, VAGABOND, LIZARDS
from root_env.engine.invariants import check_state
from root_env.layout import (ACTIVE, ITEM_BOX, LEGAL, LEGAL_N, NC, RUIN_ITEM, TURN, DECISIONS, FERRY)
from root_env.engine.validate import first_out_of_range, LO, HI

GAMES_PER_MIX = 3


def test_sweep_every_mix_without_a_break():
    """A few games of every mix (each with its drawn map, setup, seating, forced moves, turn cap and characters):
    no position leaves its bounds or breaks an invariant, every turn ends, replayed games are the same."""
    res = sweep(GAMES_PER_MIX * len(MIXES), 0, 7_000_000, 1, 25)
    print(table(res))
    assert res["games"] == GAMES_PER_MIX * len(MIXES)
    assert all(m["games"] == GAMES_PER_MIX for m in res["per_mix"])
    assert res["breaks"] == [], table(res)


# ---------------------------------------------------------------- the breaks the sweep found, replayed
# Law 14.3.3 with 9.3.4: the Hundreds set up before the Vagabond (Advanced Setup seats them in reverse, A.8.2) and
# placed the "R" items; the Vagabond's setup placed them again, taking items the box no longer held (ITEM_BOX = -1).
HUNDREDS_FIRST = [
    {"factions": ["vagabond", "hundreds", "lizards", "corvids"], "mix": 24, "seed": 24,
     "options": {"auto_forced": False, "map": "lake", "max_turns": 300, "random_seating": True, "setup": "advanced",
                 "vagabond_characters": ["ranger", "ronin", "thief", "tinker"]}},
    {"factions": ["keepers", "eyrie", "alliance", "vagabond", "vagabond2", "hundreds"], "mix": 45, "seed": 103,
     "options": {"auto_forced": True, "map": "lake", "max_turns": 300, "random_seating": False, "setup": "advanced"}},
]
# Law C.2.5 with 11.2.7.II: the Vagabond slipping from the Ferry's clearing with Riverboats was offered a coastal
# clearing twice (once as river-adjacent, once by the Ferry): a duplicate legal action.
SLIP_WITH_FERRY = {"factions": ["riverfolk", "vagabond", "marquise", "corvids"], "mix": 38, "seed": 96,
                   "options": {"auto_forced": True, "map": "lake", "max_turns": 300, "random_seating": True,
                               "setup": "standard", "vagabond_characters": ["tinker"]}}
SLIP_DECISION = 54  # the slip's decision in that game (after the refreshes)


@pytest.mark.parametrize("spec", HUNDREDS_FIRST + [SLIP_WITH_FERRY], ids=["hundreds-first", "hundreds-first-2vb",
                                                                          "slip-ferry"])
def test_the_sweeps_breaking_games_play_cleanly(spec):
    broke, decisions, turns, _ = run_game(spec, True)
    assert broke is None, broke
    assert decisions > 100


def _through_setup(spec):
    """Replay the game of `spec` through setup: the faction that placed the ruin items and the state after setup."""
    placer, before = None, None
    for g, _ in steps(spec):
        s = g.state
        if placer is None and (s[RUIN_ITEM:RUIN_ITEM + NC] >= 0).any():
            placer = before  # who took the last action
        if s[TURN] >= 1:
            return placer, s.copy()
        before = int(s[ACTIVE])
    raise AssertionError("the game ended in setup")


@pytest.mark.parametrize("spec, sets", [(HUNDREDS_FIRST[0], 1), (HUNDREDS_FIRST[1], 2)])
def test_law_14_3_3_ruin_items_placed_once_when_the_hundreds_set_up_first(spec, sets):
    """Law 14.3.3 ("unless this has already been done") with 9.3.4 and 9.8.1: whoever of the Hundreds and the first
    Vagabond sets up first places the "R" items under the ruins, one set (two with two Vagabonds); the other places
    none, and the box keeps every other item."""
    placer, s = _through_setup(spec)
    assert placer == HUNDREDS  # the case of the break: the Hundreds set up before the Vagabond
    under = np.concatenate([s[RUIN_ITEM:RUIN_ITEM + NC], s[RUIN_ITEM + NC:RUIN_ITEM + 2 * NC]])
    assert (under >= 0).sum() == sets * len(RUIN_ITEMS)
    assert sorted(under[under >= 0].tolist()) == sorted(list(RUIN_ITEMS) * sets)
    assert (s[ITEM_BOX:ITEM_BOX + NITEM] >= 0).all()
    assert first_out_of_range(s, LO, HI) == -1 and check_state(s) == 0


def test_law_9_3_4_vagabond_first_places_the_ruin_items_and_the_hundreds_none():
    """Law 9.3.4 then 14.3.3: in Standard Setup the Vagabond sets up before the Hundreds: he places the items, they
    place none."""
    spec = {"factions": ["hundreds", "vagabond", "marquise"], "seed": 5, "mix": -1,
            "options": {"map": "autumn", "setup": "standard"}}
    placer, s = _through_setup(spec)
    assert placer == VAGABOND
    assert (s[RUIN_ITEM:RUIN_ITEM + NC] >= 0).sum() == len(RUIN_ITEMS)
    assert (s[ITEM_BOX:ITEM_BOX + NITEM] >= 0).all() and check_state(s) == 0


def test_law_c_2_5_slip_from_the_ferry_offers_each_clearing_once_with_riverboats():
    """Law C.2.5 with 11.2.7.II and 9.4.2: slipping from the Ferry's clearing with Riverboats, a coastal clearing the
    lake as a river leads to and the Ferry reaches too is one option (the Ferry is asked after, ask_ferry)."""
    for g, a in steps(SLIP_WITH_FERRY):
        if int(g.state[DECISIONS]) == SLIP_DECISION:
            break
    s = g.state
    assert g.decision == "vagabond: slip"
    legal = s[LEGAL:LEGAL + int(s[LEGAL_N])].tolist()
    assert len(legal) == len(set(legal)), [g.describe(x) for x in legal]
    assert int(s[FERRY]) >= 0 and check_state(s) == 0


# The initial position of a game with the Cult's study option lizard_start_acolytes was refused on loading (the
# validator wanted every warrior of a faction not yet set up in its supply): a legal game could not be saved and
# loaded before the Cult's setup.
START_ACOLYTES = {"factions": ["corvids", "keepers", "lizards"], "mix": 48, "seed": 2000976,
                  "options": {"lizard_draw_bonus": "first_printing", "lizard_start_acolytes": 2, "map": "autumn",
                              "setup": "standard", "random_seating": False, "auto_forced": False, "max_turns": 300}}


@pytest.mark.parametrize("k", [1, 4])
def test_law_10_3_study_option_start_acolytes_loads_before_the_cults_setup(k):
    """Law 10.3 places no acolyte; the study option lizard_start_acolytes puts k warriors from the Cult's supply in
    the Acolytes box before anyone sets up: each position of setup before the Cult's own loads again."""
    g = Game.new(("marquise", "eyrie", "lizards"), seed=3, lizard_start_acolytes=k)
    seen = 0
    while int(g.state[TURN]) == 0:
        if int(g.state[ACTIVE]) != LIZARDS:
            Game.from_snapshot(g.to_snapshot())  # refused before the fix: "a faction that has not set up yet ..."
            seen += 1
        g.apply(int(g.legal_actions()[0]))
    assert seen >= 2


def test_the_start_acolytes_game_of_the_sweep_plays_cleanly():
    broke, decisions, _, _ = run_game(START_ACOLYTES, False)
    assert broke is None, broke

"""Law 5 and Appendix A.8: Advanced Setup with five and six factions that would start in corner clearings.

Their Marauder setup cards put homelands on the map edge or anywhere (docs/rules.md, Advanced Setup), so Advanced
Setup seats such tables. Seeded uniformly random games, compiled, checked after every decision by the engine's
invariants (``tests.test_invariants``: piece and card conservation, a non-empty legal-action list with no duplicate
while the game runs, the position loadable by the validator, hand limits, VP ranges, the game's end and winners),
on the Autumn map and a variant map, with the seats as given and shuffled; and the same seed plays the same game.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env.data import MAP_OPTION_SHIFT, SETUP_OPTION_BIT
from root_env.map_data import WINTER, LAKE, MOUNTAIN
from tests.test_invariants import _run, _assert_clean

CORNER_TABLES = [("marquise", "eyrie", "lizards", "hundreds", "duchy"),
                 ("eyrie", "duchy", "hundreds", "keepers", "marquise"),
                 ("marquise", "eyrie", "lizards", "hundreds", "duchy", "keepers"),
                 ("keepers", "lizards", "corvids", "duchy", "eyrie", "hundreds"),
                 ("bot:mechanical_marquise", "bot:electric_eyrie", "lizards", "hundreds", "keepers", "vagabond")]


@pytest.mark.parametrize("factions", CORNER_TABLES)
def test_law_5_invariants_advanced_setup_five_and_six_corner_factions(factions):
    """80 games a table on the Autumn map (60 with random seating, 20 as seated), every invariant after every
    decision; most end before the 300-turn cap and each that ends has a winner; the same seeds replay the same games."""
    seeds = np.arange(140_000, 140_060)
    res = _run(factions, seeds, 300, random_seating=1, auto_forced=SETUP_OPTION_BIT)
    _assert_clean(res, factions, seeds, 300, random_seating=1, auto_forced=SETUP_OPTION_BIT)
    again = _run(factions, seeds, 300, random_seating=1, auto_forced=SETUP_OPTION_BIT)
    for k in ("codes", "stops", "winners", "truncated", "turns", "decisions", "vp"):
        assert np.array_equal(res[k], again[k]), k  # same seed, same game
    assert res["winners"][res["truncated"] == 0].all()  # a game that ends has a winner
    assert (res["truncated"] == 0).mean() > 0.5  # the games end
    seeds = np.arange(141_000, 141_020)
    res = _run(factions, seeds, 300, auto_forced=1 | SETUP_OPTION_BIT)
    _assert_clean(res, factions, seeds, 300, auto_forced=1 | SETUP_OPTION_BIT)


@pytest.mark.parametrize("bits", [WINTER << MAP_OPTION_SHIFT, LAKE << MAP_OPTION_SHIFT, MOUNTAIN << MAP_OPTION_SHIFT],
                         ids=["winter", "lake", "mountain"])
def test_law_5_invariants_advanced_setup_six_corner_factions_on_variant_maps(bits):
    """The six-corner-faction table on the variant maps (their own map edges, corners and closed paths), 30 games."""
    factions = CORNER_TABLES[2]
    seeds = np.arange(142_000, 142_030)
    res = _run(factions, seeds, 300, random_seating=1, auto_forced=bits | SETUP_OPTION_BIT)
    _assert_clean(res, factions, seeds, 300, random_seating=1, auto_forced=bits | SETUP_OPTION_BIT)

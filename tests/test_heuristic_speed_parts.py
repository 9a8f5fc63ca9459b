"""The heuristics' faster parts (issue 34) compute what the code they replace computed: ``agents.table.rulers``
(``board.ruler`` compiled inline) gives ``board.ruler`` of every clearing, ``sort_head`` sorts as ``np.sort`` does,
and ``determinize`` skips ``resample_relics`` only where it would move and draw nothing."""
import numpy as np
import pytest

from root_env import Game
from root_env.data import NC
from root_env.engine.board import ruler
from root_env.engine.playout import random_playout
from root_env.engine.relics import resample_relics
from agents.table import rulers
from agents.heuristic import sort_head, relics_face_down

MIXES = (("marquise", "eyrie", "alliance", "vagabond"), ("lizards", "riverfolk", "eyrie", "corvids"),
         ("keepers", "hundreds", "riverfolk", "eyrie"))


def _positions(factions, games=3, step=25):
    """States along random games of `factions`, every `step` decisions."""
    for seed in range(games):
        g = Game.new(factions, seed=seed)
        s = g.state.copy()
        k = 0
        while random_playout(s, seed * 7919 + k, step) == step:
            k += 1
            yield s.copy()


@pytest.mark.parametrize("factions", MIXES)
def test_rulers_are_board_ruler_of_every_clearing(factions):
    rul = np.empty(NC, np.int64)
    n = 0
    for s in _positions(factions):
        rulers(s, rul)
        assert list(rul) == [ruler(s, c) for c in range(NC)]
        n += 1
    assert n > 10


def test_sort_head_sorts_as_np_sort():
    rng = np.random.default_rng(3)
    for m in range(0, 20):
        a = rng.integers(-3, 40, size=25)
        b = a.copy()
        sort_head(b, m)
        assert list(b[:m]) == sorted(a[:m]) and list(b[m:]) == list(a[m:])


@pytest.mark.parametrize("factions", MIXES)
def test_relics_skipped_only_where_resampling_changes_nothing(factions):
    seen = set()
    for s in _positions(factions, games=2):
        t = s.copy()
        r = resample_relics(t, 12345)
        has = relics_face_down(s)
        seen.add(has)
        if not has:
            assert r == 12345 and t.tobytes() == s.tobytes()
    if "keepers" in factions:
        assert True in seen

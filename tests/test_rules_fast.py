"""``board.rules`` and ``board.ruled_mask`` answer whether a faction rules without asking who rules (they stop at the
first seat that outdoes the faction: a speed change, docs/performance.md); their answers must be ``ruler``'s (Law 2.8,
7.2.2 Lords of the Forest, 10.2.4 Pilgrims, 11.2.7.III Mercenaries). Checked for every faction (and -1, "nobody")
in every clearing of positions of seeded random games of several mixes, compiled and compared in one function."""
import numpy as np
import pytest

from root_env.data import NC, NF
from root_env.inputs import faction_ids
from root_env.layout import STATE_SIZE, GAME_OVER
from root_env.engine.jit import njit
from root_env.engine.board import ruler, rules, ruled_mask
from root_env.engine.core import new_game
from root_env.engine.playout import random_playout

MIXES = [("hundreds", "marquise", "vagabond", "lizards"), ("duchy", "marquise", "eyrie", "alliance"),
         ("keepers", "marquise", "eyrie", "alliance"), ("riverfolk", "corvids", "lizards", "eyrie"),
         ("marquise", "eyrie", "alliance", "vagabond")]


@njit(cache=True)
def _disagreements(state):
    """(faction, clearing) pairs of this position where rules differ from ruler, and factions whose ruled_mask
    does."""
    bad = 0
    for f in range(-1, NF):
        m = 0
        for c in range(NC):
            r = ruler(state, c)
            if r == f:
                m |= 1 << c
            if rules(state, f, c) != (r == f):
                bad += 1
        if f >= 0 and ruled_mask(state, f) != m:
            bad += 1
    return bad


@pytest.mark.parametrize("mix", MIXES, ids=["+".join(m) for m in MIXES])
def test_law_2_8_rules_and_ruled_mask_agree_with_ruler(mix):
    ids = np.array(faction_ids(mix), dtype=np.int64)
    seen = 0
    for seed in range(8):
        s = np.zeros(STATE_SIZE, dtype=np.int64)
        new_game(s, ids, seed, 100, 0, 1)
        k = 0
        while s[GAME_OVER] == 0 and k < 400:  # a position every 7 decisions, to the end of the game
            random_playout(s, 1000 * seed + k, 7)
            assert _disagreements(s) == 0, (mix, seed, k)
            seen += 1
            k += 1
    assert seen > 200  # positions checked, all through the games

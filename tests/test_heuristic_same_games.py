"""The heuristics' games are those recorded (``benchmarks.heuristic_same_games``): a speed change to ``agents.heuristic``
or ``agents.table`` must not change one decision of ``heuristic`` or ``heuristic_v1``."""
import json

import pytest

from benchmarks import heuristic_same_games as hsg

RECORD = json.loads(hsg.DATA.read_text())


@pytest.mark.parametrize("mix", list(hsg.MIXES))
@pytest.mark.parametrize("kind", hsg.KINDS)
def test_heuristic_games_match_the_recorded_digests(mix, kind):
    seats, map_name = hsg.MIXES[mix]
    got = hsg.game_digests(seats, kind, RECORD["test_games"], map_name)
    assert hsg.combined(got) == RECORD["test_digest"][f"{mix} | {kind}"], f"{kind} plays other games in {mix}"


def test_the_record_covers_every_mix_and_kind():
    assert RECORD["seed0"] == hsg.SEED0 and RECORD["test_games"] <= RECORD["games"]
    assert set(RECORD["test_digest"]) == {f"{m} | {k}" for m in hsg.MIXES for k in hsg.KINDS}

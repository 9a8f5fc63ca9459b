"""The engine plays the same games as when the digests were recorded: seeded random games of six faction mixes (the
Keepers and the Hundreds among them) on every map, in standard and Advanced Setup, end in byte-identical states
(``benchmarks.same_games``). A change made for speed or tidiness must keep them; a change meant to change games (a
rule's fix) records them anew with ``python -m benchmarks.same_games --write`` and says so in its commit."""
import json

from benchmarks.same_games import MIXES, ROOT, TEST_DIGESTS, digests


def test_seeded_random_games_are_unchanged():
    rec = json.loads(TEST_DIGESTS.read_text())
    assert set(rec["digests"]) == set(MIXES)
    now = digests(ROOT, MIXES, rec["games_per_map_and_setup"])
    changed = [name for name in MIXES if now[name] != rec["digests"][name]]
    assert not changed, (f"seeded random games of {changed} differ from those recorded at {rec['recorded_at']} "
                         "(python -m benchmarks.same_games --rev REV compares two trees)")

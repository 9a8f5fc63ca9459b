"""benchmarks.vector_kernel_parts (issue 32): it times every part of the compiled vector step it names, for the seated
and the full observation, and its engine figure is the engine on the copy less the copy, round by round; and
benchmarks.vector_observe_blocks' cuts are found in the seated encoder's source (a changed encoder fails here, not in
a half-hour run)."""
import statistics

import pytest

from benchmarks import vector_kernel_parts as K

PARTS = {"call", "check", "mask", "observation", "copy", "copy_engine", "kernel", "engine"}


@pytest.mark.parametrize("kw", [{"obs_dtype": "uint8", "observation": "seated", "max_turns": 255},
                                {"obs_dtype": "float32", "observation": "full"}])
def test_vector_kernel_parts_times_every_part_on_the_kernels_positions(kw):
    figures, legal = K.measure(2, ("marquise", "eyrie"), kw, 0.002, 2)
    assert set(figures) == PARTS and legal >= 1.0
    for name, f in figures.items():
        assert len(f["rounds_ns"]) == 2 and f["ns_per_decision"] == pytest.approx(statistics.median(f["rounds_ns"]))
        if name != "engine":
            assert all(x > 0 for x in f["rounds_ns"]), name
    for r in range(2):
        assert figures["engine"]["rounds_ns"][r] == pytest.approx(
            figures["copy_engine"]["rounds_ns"][r] - figures["copy"]["rounds_ns"][r])


def test_vector_observe_blocks_cuts_are_found_in_the_seated_encoders_source():
    from benchmarks import vector_observe_blocks as O
    src = O.source()
    assert "from numba import njit" in src and "cache=True" not in src and "from ." not in src
    for name, cuts in O.CUTS.items():
        for text, _ in cuts:
            assert src.count(text) == 1, (name, text)
    assert set(O.CUTS) == {"whole", "no_cards", "no_board", "no_map", "no_registers", "empty"}

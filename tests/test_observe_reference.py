"""The observation and mask encoders against digests written before their rewrite (tests/observe_reference.py):
every entry of every seated faction's observation, raw and normalised, and every mask entry, the same bytes,
whatever the output buffer held before (the reference buffers are filled with NaN / 7 first)."""
from __future__ import annotations

import numpy as np
import pytest

from root_env.layout import STATE_SIZE
import observe_reference as R


@pytest.fixture(scope="module")
def reference():
    with np.load(R.PATH) as z:
        return {k: z[k] for k in z.files}


def test_reference_covers_every_mix_and_many_positions(reference):
    assert reference["states"].shape == (len(R.MIXES) * R.GAMES * R.POINTS, STATE_SIZE)
    assert (reference["viewers"] >= 0).sum() > 800


def test_observation_and_mask_bytes_match_the_reference(reference):
    bad = []
    for i, s in enumerate(reference["states"]):
        got = R.encodings(s)
        want = [(int(v), str(r), str(n)) for v, r, n in zip(reference["viewers"][i], reference["raw"][i],
                                                             reference["norm"][i]) if v != -2]
        if got != want:
            bad.append(i)
    assert not bad, f"positions whose observation or mask changed: {bad[:20]}"

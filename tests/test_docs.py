"""The documentation pages state the sizes the code has (action blocks, observation size)."""
from pathlib import Path

import root_env.codes as K
from root_env.engine.observe import OBS_SIZE

DOC = (Path(__file__).resolve().parents[1] / "docs" / "actions_and_observations.md").read_text(encoding="utf-8")
README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_action_blocks_documented():
    assert f"One `Discrete({K.N_ACTIONS})`" in DOC
    for name, start, size in K.BLOCKS:
        ids = f"{start}..{start + size - 1}" if size > 1 else f"{start}"
        assert f"| {name} | {ids} | {size} |" in DOC, name


def test_observation_size_documented():
    assert f"of {OBS_SIZE} entries" in DOC
    assert f"Box(float32, {OBS_SIZE})" in README and f"Box(int8, {K.N_ACTIONS})" in README

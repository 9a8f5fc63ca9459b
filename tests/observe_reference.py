"""Reference positions for the observation and mask encoders: states of random games of several mixes, with
the SHA-256 of every seated faction's observation (raw and normalised) and of the mask.

The digests were written by the encoders before the rewrite that made them cheaper (issue 32, "Vector env
speed": the same bytes, written once each instead of zeroing the whole vector first), so
``tests/test_observe_reference.py`` proves the rewrite changed no entry of any of these positions. A change
of the state layout (root_env/layout.py) invalidates the stored states: regenerate them with

    python tests/observe_reference.py        # writes tests/data/observe/reference.npz

once the new layout's encoder is known to be right (the digests then pin the encoder from there on).
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

PATH = Path(__file__).resolve().parent / "data" / "observe" / "reference.npz"
MIXES = (("marquise", "eyrie"), ("marquise", "eyrie", "alliance", "vagabond"),
         ("marquise", "eyrie", "lizards", "riverfolk", "vagabond"), ("corvids", "marquise", "alliance", "eyrie"),
         ("vagabond", "vagabond2", "marquise", "eyrie", "riverfolk"), ("bot:mechanical_marquise", "eyrie", "corvids"),
         ("lizards", "corvids", "riverfolk", "alliance"), ("hundreds", "marquise", "vagabond", "lizards"),
         ("keepers", "corvids", "hundreds", "bot:automated_alliance"), ("duchy", "lizards", "marquise", "vagabond"))
GAMES, POINTS, STRIDE = 8, 4, 37  # games per mix, positions per game, random decisions between them


def digest(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()[:32]


def encodings(state: np.ndarray) -> list:
    """(viewer, digest of observe, digest of observe + normalize) for every seated faction, then the mask's
    digest as (-1, mask, "")."""
    from root_env.engine.core import fill_mask
    from root_env.engine.observe import OBS_SIZE, observe, normalize
    from root_env.codes import N_ACTIONS
    from root_env.data import NF
    from root_env.layout import FACTION_SEAT
    out = []
    for f in range(NF):
        if state[FACTION_SEAT + f] >= 0:
            o = np.full(OBS_SIZE, np.nan, np.float32)  # an entry left unwritten shows as NaN
            observe(state, f, o)
            raw = digest(o)
            out.append((f, raw, digest(normalize(state, o))))
    m = np.full(N_ACTIONS, 7, np.int8)
    fill_mask(state, m)
    out.append((-1, digest(m), ""))
    return out


def positions() -> np.ndarray:
    """The reference states: GAMES random games of each mix, POINTS positions each, STRIDE decisions apart
    (auto-reset games included, so that setups and game ends appear)."""
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    rows = []
    for i, mix in enumerate(MIXES):
        b = B.Batch(GAMES, faction_ids(mix), obs=False, mask=False)
        b.reset(seed=1000 * i)
        for _ in range(POINTS):
            b.random_step(STRIDE)
            rows.append(b.states.copy())
    return np.concatenate(rows)


def main() -> None:
    states = positions()
    table = [encodings(s) for s in states]
    viewers = np.array([[v for v, _, _ in t] + [-2] * (9 - len(t)) for t in table], np.int64)
    raw = np.array([[d for _, d, _ in t] + [""] * (9 - len(t)) for t in table])
    norm = np.array([[d for _, _, d in t] + [""] * (9 - len(t)) for t in table])
    PATH.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(PATH, states=states, viewers=viewers, raw=raw, norm=norm)
    print(f"{PATH}: {len(states)} positions, {int((viewers >= 0).sum())} observations")


if __name__ == "__main__":
    main()

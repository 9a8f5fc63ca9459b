"""The observation's parts as the structured encoder reads them (numpy only: the trainer's torch encoder,
``agents.train.encoder``, and the shipped policies' numpy inference, ``agents.pretrained``, share it).

Every field of ``engine.observe.OBS_TABLE`` with an axis named ``clearing`` gives features of that clearing, one with
an axis ``card`` features of that card, the remaining ones with an axis ``faction`` features of that faction (a field
goes to the first of ``GROUPS`` whose axis it has); everything else is the global part.
"""
from __future__ import annotations

import numpy as np

from root_env.engine.observe import OBS_TABLE

GROUPS = ("clearing", "card", "faction")  # axis names, in the order a field is assigned to a group
POOLED = ("card",)                         # groups summed over their entities; the others are concatenated


def obs_parts(table=OBS_TABLE) -> dict[str, np.ndarray]:
    """Observation indices of each part: ``parts[g]`` (entities, features per entity) for each group g of
    ``GROUPS`` (entity e's features are ``obs[parts[g][e]]``), and ``parts["global"]`` (the other entries, 1-D).
    Built from the fields' axis names; every entry of the observation is in exactly one part."""
    per = {g: [] for g in GROUPS}
    rest, k = [], 0
    for f in table:
        idx = np.arange(k, k + f.size).reshape(f.shape)
        k += f.size
        g = next((g for g in GROUPS if g in f.axes), None)
        if g is None:
            rest.append(idx.ravel())
            continue
        per[g].append(np.moveaxis(idx, f.axes.index(g), 0).reshape(f.shape[f.axes.index(g)], -1))
    parts = {}
    for g, blocks in per.items():
        sizes = {b.shape[0] for b in blocks}
        if len(sizes) > 1:
            raise ValueError(f"observation fields with a {g!r} axis disagree on its length: {sorted(sizes)}")
        parts[g] = np.concatenate(blocks, axis=1) if blocks else np.zeros((0, 0), np.int64)
    parts["global"] = np.concatenate(rest) if rest else np.zeros(0, np.int64)
    return parts


def parts_summary(table=OBS_TABLE) -> dict[str, tuple]:
    """Shape of each part (for the docs and the tests)."""
    return {g: tuple(a.shape) for g, a in obs_parts(table).items()}

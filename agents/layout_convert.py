"""Policy files trained on an older observation and action layout, rewritten for this engine's (state format 15).

Format 12 (the maps, Law Appendix C) changed what a trained actor reads and writes: the ``vagabond_pawn`` field has
ten forest places (was seven), ``decision`` three kinds more, ``context`` one register more, ``map`` and
``open_paths`` follow the last field, and the action space's forest block (7 -> 10 ids) and option block (72 -> 73)
grew, which moves every later id. Format 13 (the Lake map's Ferry, C.2.5) added the ``ferry`` field at the end, a
decision kind ("move: with the Ferry?") and an option ("with the Ferry": the option block 73 -> 74 ids, which moves
every later id). Format 14 (the Keepers in Iron, Law 15) added a faction slot (every field with a faction axis grows
by a row, and the ``cards`` field's per-faction features move: they are matched by name, ``card_features``), piece
kinds, decision kinds and options at the end of their blocks, and the ``keepers_*`` fields at the end. Format 15 (the
Underground Duchy, Law 12) did the same again (a faction slot, piece kinds, decision kinds, options, the ``duchy_*``
fields at the end) and appended a Burrow action. A policy file of ``agents.pretrained`` of format 11 (``obs_size``
3423, 249 actions), 12 (3581, 253), 13 (3595, 254) or 14 (4358, 283) keeps every weight it learned: each input column
goes to the same entry of the field of the same name (``root_env/data/format11_observation.json`` to
``format14_observation.json``: the old fields frozen), each output row to
the action's new id (``root_env.legacy``); the new inputs get no weight (mean 0, scale 1) and the new actions a bias
below every learned one, so the policy plays as before and takes a new action only when nothing else is legal.

    python -m agents.layout_convert agents/models/policy_marquise.npz [...]   # rewrites each file and its card
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from root_env import codes
from root_env.engine.observe import OBS_TABLE, OBS_SIZE, CARD_FEATURE_NAMES
from root_env.legacy import ACTION_TABLES
from root_env.layout import FORMAT_VERSION

_DATA = Path(__file__).resolve().parent.parent / "root_env" / "data"
OLD_LAYOUTS = {fmt: json.loads((_DATA / f"format{fmt}_observation.json").read_text()) for fmt in (11, 12, 13, 14)}
# The cards field's features by name: formats 11 to 13 had the same nine factions, so the same features (format 14's
# file names its own).
_OLD_CARD_FEATURES = OLD_LAYOUTS[13]["card_features"]
_OLD = OLD_LAYOUTS[11]


def old_format(raw: dict) -> int:
    """The state format whose observation and action sizes a policy file's arrays have (11 to 14); ValueError else."""
    for fmt, old in OLD_LAYOUTS.items():
        if int(raw["obs_size"]) == old["obs_size"] and int(raw["n_actions"]) == old["n_actions"]:
            return fmt
    raise ValueError(f"not a policy of format {' or '.join(map(str, OLD_LAYOUTS))} (observation "
                     f"{int(raw['obs_size'])}, actions {int(raw['n_actions'])})")


def observation_index(fmt: int = 11) -> np.ndarray:
    """Old observation entry (format `fmt`) -> this engine's entry, by field name and index within the field."""
    old = OLD_LAYOUTS[fmt]
    new = {}
    k = 0
    for f in OBS_TABLE:
        new[f.name] = (k, tuple(f.shape))
        k += f.size
    out = np.full(old["obs_size"], -1, np.int64)
    k = 0
    for name, shape in old["fields"]:
        size = int(np.prod(shape))
        start, nshape = new[name]
        for i, idx in enumerate(np.ndindex(*shape)):
            if name == "cards":  # (card, feature): the feature of the same name (per-faction features moved, 14)
                idx = (idx[0], CARD_FEATURE_NAMES.index(old.get("card_features", _OLD_CARD_FEATURES)[idx[1]]))
            assert all(a < b for a, b in zip(idx, nshape)), (name, idx, nshape)
            out[k + i] = start + int(np.ravel_multi_index(idx, nshape))
        k += size
    assert k == old["obs_size"] and (out >= 0).all()
    return out


def convert(raw: dict) -> dict:
    """The arrays of a format-11 to 14 policy file (``agents.pretrained``'s keys) for this engine's layout."""
    from agents.pretrained import obs_signature
    fmt = old_format(raw)
    obs = observation_index(fmt)
    act = ACTION_TABLES[fmt]
    out = {k: np.asarray(v) for k, v in raw.items()}
    mean = np.zeros(OBS_SIZE, np.float32)
    scale = np.ones(OBS_SIZE, np.float32)
    mean[obs], scale[obs] = raw["mean"], raw["scale"]
    w0 = np.zeros((raw["W0"].shape[0], OBS_SIZE), raw["W0"].dtype)  # float16 layers stay float16
    w0[:, obs] = raw["W0"]
    wout = np.zeros((codes.N_ACTIONS, raw["Wout"].shape[1]), raw["Wout"].dtype)
    # below every logit an old action can have (the hidden units are tanh, |z| <= 1)
    floor = float(np.min(raw["bout"].astype(np.float64) - np.abs(raw["Wout"].astype(np.float64)).sum(axis=1))) - 1.0
    bout = np.full(codes.N_ACTIONS, floor, raw["bout"].dtype)
    wout[act], bout[act] = raw["Wout"], raw["bout"]
    out.update(mean=mean, scale=scale, W0=w0, Wout=wout, bout=bout, obs_size=np.array(OBS_SIZE),
               n_actions=np.array(codes.N_ACTIONS), obs_signature=np.array(obs_signature()))
    return out


def convert_file(path) -> Path:
    """Rewrite policy file `path` for this engine's layout, and its card (``path`` with ``.json``): the digest of the
    new file where the card's was the old file's, and a note naming the old digest."""
    from agents.train.export import file_digest
    path = Path(path)
    before = file_digest(path)
    with np.load(path, allow_pickle=False) as z:
        raw = {k: z[k] for k in z.files}
    fmt = old_format(raw)
    np.savez(path, **convert(raw))
    card = path.with_suffix(".json")
    if card.exists():
        d = json.loads(card.read_text())
        if d.get("sha256") == before:  # the card's figures were measured on the file before: they still hold
            d["sha256"] = file_digest(path)
        note = (f"state format {fmt} -> {FORMAT_VERSION} by agents.layout_convert from the file of digest {before} (the "
                "strength above was measured on it; the conversion keeps every old action's logit, the new "
                "inputs unweighted, the new actions below every learned logit: the same play on the maps "
                "it knew)")
        d["converted"] = f"{d['converted']}; then {note}" if d.get("converted") else note  # earlier conversions kept
        card.write_text(json.dumps(d, indent=1) + "\n")
    from agents.pretrained import load_arrays
    load_arrays(path)  # reads back as a policy of this engine
    return path


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Rewrite format-11 to 14 policy files for this engine's layout.")
    p.add_argument("paths", nargs="+")
    for path in p.parse_args(argv).paths:
        print("converted", convert_file(path))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

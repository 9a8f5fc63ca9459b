"""The observation vector by name: slicing, scaling, its Gymnasium space, and its documentation.

    >>> from root_env import Game
    >>> from root_env.observation import obs_fields
    >>> g = Game.new(seed=0)
    >>> f = obs_fields(g.observe("marquise"))
    >>> f["warriors"].shape          # (faction, clearing)
    (8, 12)
    >>> f["warriors"][0, 9]          # the Marquise's warriors in clearing 10

Everything here comes from one table, ``engine.observe.OBS_TABLE`` (name, shape, axes, content,
divisor under ``normalize=True``); ``engine.observe.observe`` writes that layout, and the field
table of ``docs/actions_and_observations.md`` is generated from it::

    python -m root_env.observation --write-docs
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from gymnasium import spaces

from .data import BT_NAMES, TT_NAMES, ITEM_NAMES, SUIT_NAMES, LEADER_NAMES, CHARACTER_NAMES, DECREE_COLUMNS
from .layout import PHASE_NAMES
from .engine.observe import OBS_TABLE, OBS_SIZE, OBS_INV_SCALE, TURN_CAP, CARD_FEATURE_NAMES, CONTEXT_REGS
from .engine.observe_seated import seated_layout, SeatedLayout

__all__ = ["obs_fields", "field_slices", "observation_space", "fields_markdown", "seated_fields", "OBS_TABLE",
           "OBS_SIZE"]

DOC_PATH = Path(__file__).resolve().parents[1] / "docs" / "actions_and_observations.md"
BEGIN, END = "<!-- obs-fields:begin (generated: python -m root_env.observation --write-docs) -->", \
    "<!-- obs-fields:end -->"


def field_slices(table=OBS_TABLE) -> dict[str, slice]:
    """name -> slice of the observation vector (of `table`: a seated layout's, ``seated_fields``), in order."""
    out, k = {}, 0
    for f in table:
        out[f.name] = slice(k, k + f.size)
        k += f.size
    return out


_SLICES = field_slices()


def obs_fields(obs: np.ndarray, table=OBS_TABLE) -> dict[str, np.ndarray]:
    """Split an observation (``(..., OBS_SIZE)``: one vector or a batch) into its named fields.

    Returns name -> a view of ``obs`` shaped ``(..., *field.shape)``, axes as in ``OBS_TABLE``
    (e.g. ``warriors[..., faction, clearing]``, ``cards[..., card, feature]``), normalised or not
    as ``obs`` was. A seated observation splits by its own table (``seated_fields(...).table``, or
    ``RootVectorEnv.obs_table``): its fields are fewer and their per-faction axes cut to the seated ones.
    Raises ``ValueError`` if the last axis is not the table's size."""
    slices = _SLICES if table is OBS_TABLE else field_slices(table)
    size = OBS_SIZE if table is OBS_TABLE else sum(f.size for f in table)
    a = np.asarray(obs)
    if a.ndim == 0 or a.shape[-1] != size:
        raise ValueError(f"obs_fields: expected an observation with last axis {size}, got shape {a.shape}")
    lead = a.shape[:-1]
    return {f.name: a[..., slices[f.name]].reshape(*lead, *f.shape) for f in table}


def seated_fields(factions) -> SeatedLayout:
    """The seated observation of a game of `factions` (names as ``Game.new`` takes them, a Clockwork bot seat's
    "bot:..." included): ``.table`` (its fields, as ``OBS_TABLE``: ``fields_markdown(.table)``,
    ``obs_fields(obs, .table)``), ``.index`` (the full observation's index of each entry: ``full[..., .index]``
    is it), ``.size``. See ``engine.observe_seated``."""
    from .inputs import faction_ids, faction_names
    return seated_layout(faction_ids(faction_names(factions)))


def observation_space(max_turns: int, normalize: bool, index=None) -> spaces.Box:
    """The ``Box`` of one observation vector: raw entries are counts, flags, turns or a bitmask,
    all in [0, max(max_turns, 255)]; normalised entries are in [0, 1] where the divisor is a hard
    bound and in [0, 255 / divisor] where it is a typical maximum. With `index` (a seated layout's),
    the ``Box`` of the seated observation: those entries' bounds."""
    size = OBS_SIZE if index is None else len(index)
    if not normalize:
        return spaces.Box(low=0.0, high=float(max(max_turns, 255)), shape=(size,), dtype=np.float32)
    high = np.ones(OBS_SIZE, np.float32)
    for f in OBS_TABLE:
        if not f.exact:
            high[_SLICES[f.name]] = 255.0 * OBS_INV_SCALE[_SLICES[f.name]]
    return spaces.Box(low=0.0, high=high if index is None else high[index], shape=(size,), dtype=np.float32)


# The indices of an axis, in order, for the docs (an axis not listed is described by its label).
_AXIS_NAMES = {
    "building type": BT_NAMES, "token type": TT_NAMES, "item": ITEM_NAMES, "suit": SUIT_NAMES,
    "crafting suit": SUIT_NAMES[:3], "card feature": CARD_FEATURE_NAMES, "register": tuple(n for n, _, _ in CONTEXT_REGS),
    "leader": LEADER_NAMES, "leader state": ("face up", "current", "face down"), "Decree column": DECREE_COLUMNS,
    "once-per-turn card": ("Tax Collector", "Codebreakers", "Stand and Deliver!", "Command Warren"),
    "phase": PHASE_NAMES, "character": CHARACTER_NAMES,
    "relationship": ("indifferent", "amiable 1", "amiable 2", "allied", "hostile"),
    "item state": ("face up", "exhausted", "damaged", "damaged and exhausted"),
}
_AXIS_NOTES = {"faction": "faction (`data.FACTION_NAMES`)", "clearing": "clearing 1..12",
               "card": "card id 0..53 (`data.CARD_NAMES`)", "quest": "quest id 0..14 (`data.QUEST_NAMES`)",
               "decision kind": "decision (`codes.DECISION_NAMES`)"}


def _axis_doc(axis: str) -> str:
    if axis in _AXIS_NAMES:
        return f"{axis} ({', '.join(_AXIS_NAMES[axis])})"
    return _AXIS_NOTES.get(axis, axis)


def _scale_doc(f) -> str:
    if isinstance(f.scale, str):
        return f"÷ the game's `{TURN_CAP}`"
    vals = np.asarray(f.scale).ravel()
    if (vals == 1).all():
        return "as is (0/1)"
    num = str(int(vals[0])) if vals.size == 1 else "(" + ", ".join(str(int(v)) for v in vals) + ")"
    return f"÷ {num}: {f.why}" + ("" if f.exact else " *(about)*")


def fields_markdown(table=OBS_TABLE) -> str:
    """The observation field table as Markdown (one row per field of ``OBS_TABLE``, or of a seated layout's
    ``table``: ``seated_fields``)."""
    rows = ["| field | entries | shape: axes, outer to inner | content | normalize=True |",
            "|---|---|---|---|---|"]
    k = 0
    for f in table:
        shape = "×".join(str(n) for n in f.shape)
        axes = "; ".join(_axis_doc(a) for a in f.axes if a) or "scalar"
        at = f"{k}" if f.size == 1 else f"{k}..{k + f.size - 1}"
        rows.append(f"| {f.name} | {at} | {shape}: {axes} | {f.content} | {_scale_doc(f)} |")
        k += f.size
    return "\n".join(rows)


def doc_section() -> str:
    """The generated section of the docs page, with its markers."""
    return f"{BEGIN}\n{fields_markdown()}\n{END}"


def write_docs(path: Path = DOC_PATH) -> bool:
    """Replace the generated section of `path`; True if it changed."""
    text = path.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    new = text[:start] + doc_section() + text[end:]
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Print the observation field table, or write it into the docs.")
    p.add_argument("--write-docs", action="store_true", help=f"update {DOC_PATH.name}")
    args = p.parse_args(argv)
    if args.write_docs:
        print("updated" if write_docs() else "already current", DOC_PATH)
    else:
        print(fields_markdown())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

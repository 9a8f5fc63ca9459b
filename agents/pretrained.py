"""Trained policies shipped with the package: ``pretrained:<faction>`` wherever agents are named.

    >>> from agents.pretrained import load, shipped
    >>> shipped()                          # factions with a shipped policy
    ('marquise', 'eyrie', 'alliance', 'vagabond', 'vagabond2', 'lizards', 'riverfolk', 'hundreds', 'duchy')
    >>> agent = load("alliance")              # act(observation, action_mask), act_batch(observations, masks)

Each shipped policy is two files in ``agents/models/``: ``policy_<faction>.npz``, the policy's arrays, and
``policy_<faction>.json``, its model card (how it was trained, the budget in updates and CPU seconds, its measured
strength against the heuristic with Wilson 95 % intervals and the games played, the commit). The agent plays the
policy alone, no search: the likeliest legal action (``greedy=True``, how the card's strength was measured) or a
draw from the policy. Inference is numpy (no torch needed to play).

**File** (``.npz`` read with ``allow_pickle=False``; a file from outside is untrusted and ``load_arrays`` checks
everything before it is used, raising ``PretrainedModelError``, a ValueError, naming what is wrong): ``format``
(= ``FORMAT``), ``faction`` (the faction's name), ``obs_size``, ``n_actions``, ``obs_signature`` (a digest of the
observation's field table and the action count: a policy trained on another observation layout is refused),
``mean`` and ``scale`` (the input is ``clip((x - mean) * scale, -10, 10)``), ``W0, b0, W1, b1, ...`` (hidden
layers, ``W_k`` of shape (out, in), tanh) and ``Wout`` (n_actions, in), ``bout`` (n_actions,): the logits. Arrays
float16, float32 or float64, finite; at most ``MAX_LAYERS`` hidden layers of at most ``MAX_WIDTH`` units; a file of at
most ``MAX_FILE_BYTES``.

Two formats: ``FORMAT`` (1), the MLP above over the whole normalised input; ``FORMAT_STRUCTURED`` (2), the trainer's
structured encoder (``net="structured"``, ``agents.train.encoder``) before those layers. A structured file also holds,
for each group g of the observation's parts (``agents.obs_parts``: ``clearing``, ``card``, ``faction``, each of n
entities with k features), ``enc_<g>_W`` (width, k), ``enc_<g>_b`` (width,) and ``enc_<g>_embed`` (n, width): entity
e's features are ``relu(W z[parts[g][e]] + b + embed[e])``, concatenated over the clearings and factions and summed over
the cards; ``enc_global_W`` (width, globals), ``enc_global_b``: ``relu`` of the global part; ``enc_mix_W`` (hidden,
all those), ``enc_mix_b``: ``relu`` of their concatenation, the input of ``W0`` (so ``W0`` has ``hidden`` columns).

``export`` stores the layers' weights and biases as float16 (``WEIGHT_DTYPE``: half the
bytes of float32, so more policies fit in the package) and ``mean`` and ``scale`` as float32 (a constant input's
``scale`` is large, and float16's rounding of its ``mean`` would move the normalised input); every array is loaded as
float32 and the policy computes in float32. ``agents.train.shrink`` rewrites a float32 file so, measuring how often the
choices stay the same.

``export(policy, faction, folder, card)`` writes both files from a trained ``agents.train.ppo.Policy`` (the actor
of its one network, or of the faction's network in a policy with one per faction; the critic is not needed to play).
``python -m agents.train.export`` does it from a trainer's checkpoint and writes the model card.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np
from root_env import blas_threads
from root_env.files import float_array, npz_bytes, plain_npz

from agents.obs_parts import GROUPS, POOLED, obs_parts

from root_env.codes import N_ACTIONS
from root_env.data import NF, FACTION_NAMES
from root_env.engine.observe import OBS_TABLE, OBS_SIZE

FORMAT = 1             # an MLP over the whole normalised observation
FORMAT_STRUCTURED = 2  # the structured encoder (agents.obs_parts' parts), then the MLP's layers
MAX_LAYERS = 4
MAX_WIDTH = 2048
MAX_FILE_BYTES = 24 << 20
WEIGHT_DTYPE = np.float16  # how export stores the layers (the module doc)
MODELS = Path(__file__).resolve().parent / "models"


class PretrainedModelError(ValueError):
    """A shipped-policy file that cannot be used (missing, malformed, wrong shapes, dtypes or observation layout)."""


def obs_signature() -> str:
    """Digest of the observation's field table (names, shapes) and the action count this engine has."""
    text = ";".join(f"{f.name}:{tuple(f.shape)}" for f in OBS_TABLE) + f"|{OBS_SIZE}|{N_ACTIONS}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def path_of(faction: str) -> Path:
    return MODELS / f"policy_{faction}.npz"


def shipped() -> tuple[str, ...]:
    """The factions with a shipped policy, in ``FACTION_NAMES`` order."""
    return tuple(f for f in FACTION_NAMES if path_of(f).is_file())


def card(faction: str) -> dict:
    """The model card (``policy_<faction>.json``) of a shipped policy."""
    _check_faction(faction)
    return json.loads(path_of(faction).with_suffix(".json").read_text())


def _check_faction(faction) -> None:
    if not isinstance(faction, str) or faction not in FACTION_NAMES:
        raise PretrainedModelError(f"pretrained: unknown faction {faction!r}; factions: {', '.join(FACTION_NAMES)}")
    if not path_of(faction).is_file():
        have = shipped()
        raise PretrainedModelError(f"no policy is shipped for {faction!r} (pretrained:<faction> exists for: "
                                   f"{', '.join(have) if have else 'none'}); train one with python -m "
                                   f"agents.train.expert or python -m agents.train")


def _bad(path, why):
    return PretrainedModelError(f"policy file {str(path)!r}: {why}")


# Checked policy files by the SHA-256 of their bytes: a study seats a fresh agent per game (to seed it), and reading
# and checking a file again each time cost 8-14 ms a seat. Keyed by content, not path and mtime, so a file rewritten
# in place is never served stale; the arrays are read-only, so no holder can change another's.
_CHECKED: dict = {}
_CHECKED_MAX = 32


def load_arrays(path) -> dict:
    """The checked arrays of a policy file (read-only float32 arrays; ``faction`` as a str), or
    PretrainedModelError. The file is read (bounded) every call; the unpacking and checking are done once per
    distinct content."""
    if not isinstance(path, (str, os.PathLike)):
        raise PretrainedModelError(f"a policy file is a path to an .npz file, got {path!r}")
    data = npz_bytes(path, MAX_FILE_BYTES, _bad)
    key = hashlib.sha256(data).digest()
    m = _CHECKED.get(key)
    if m is None:
        m = check(plain_npz(data, path, MAX_FILE_BYTES, _bad), path)
        for v in m.values():
            if isinstance(v, np.ndarray):
                v.setflags(write=False)
        if len(_CHECKED) >= _CHECKED_MAX:
            _CHECKED.pop(next(iter(_CHECKED)))
        _CHECKED[key] = m
    return dict(m)


def check(raw: dict, path="<arrays>") -> dict:
    """`raw` (name -> array) checked as a policy file (the module doc)."""
    def integer(name):
        a = raw.get(name)
        if not isinstance(a, np.ndarray) or a.shape != () or a.dtype.kind not in "iu":
            raise _bad(path, f"{name!r} must be an integer scalar array")
        return int(a)

    def text(name):
        a = raw.get(name)
        if not isinstance(a, np.ndarray) or a.shape != () or a.dtype.kind != "U":
            raise _bad(path, f"{name!r} must be a text scalar array")
        return str(a)

    def arr(name, shape):  # float16 widens to float32 exactly (an inf stays inf), so one check serves all three
        a = raw.get(name)
        if isinstance(a, np.ndarray) and a.dtype not in (np.float16, np.float32, np.float64):
            raise _bad(path, f"{name!r} must be float16, float32 or float64, got {a.dtype}")
        half = {name: a.astype(np.float32)} if isinstance(a, np.ndarray) and a.dtype == np.float16 else raw
        return float_array(half, name, shape, path, _bad).astype(np.float32)

    fmt = integer("format")
    if fmt not in (FORMAT, FORMAT_STRUCTURED):
        raise _bad(path, f"format {fmt}, this version reads formats {FORMAT} (MLP) and {FORMAT_STRUCTURED} "
                         f"(structured encoder)")
    faction = text("faction")
    if faction not in FACTION_NAMES:
        raise _bad(path, f"unknown faction {faction!r}")
    if integer("obs_size") != OBS_SIZE or integer("n_actions") != N_ACTIONS or text("obs_signature") != obs_signature():
        raise _bad(path, f"trained for another observation or action layout (observation {int(raw['obs_size'])}, "
                         f"actions {int(raw['n_actions'])}, signature {str(raw['obs_signature'])}; this engine: "
                         f"{OBS_SIZE}, {N_ACTIONS}, {obs_signature()})")
    m = {"faction": faction, "mean": arr("mean", (OBS_SIZE,)), "scale": arr("scale", (OBS_SIZE,))}
    width, k = OBS_SIZE, 0
    if fmt == FORMAT_STRUCTURED:
        width = _check_encoder(raw, m, arr, path)
    while f"W{k}" in raw:
        if k >= MAX_LAYERS:
            raise _bad(path, f"more than {MAX_LAYERS} hidden layers")
        out = _rows(raw, f"W{k}", path)
        m[f"W{k}"] = arr(f"W{k}", (out, width))
        m[f"b{k}"] = arr(f"b{k}", (out,))
        width, k = out, k + 1
    m["Wout"] = arr("Wout", (N_ACTIONS, width))
    m["bout"] = arr("bout", (N_ACTIONS,))
    extra = set(raw) - set(m) - {"format", "obs_size", "n_actions", "obs_signature"}
    if extra:
        raise _bad(path, f"unknown arrays {sorted(extra)}")
    m["layers"], m["net"] = k, "structured" if fmt == FORMAT_STRUCTURED else "mlp"
    return m


def _rows(raw, name, path) -> int:
    """The rows of matrix ``raw[name]`` (1..MAX_WIDTH), before its shape is checked in full."""
    w = raw.get(name)
    if w is None:
        raise _bad(path, f"array {name!r} is missing (has {sorted(raw)})")
    out = w.shape[0] if isinstance(w, np.ndarray) and w.ndim == 2 else -1
    if not 1 <= out <= MAX_WIDTH:
        raise _bad(path, f"{name!r} must be a matrix of 1..{MAX_WIDTH} rows, got shape {getattr(w, 'shape', None)}")
    return out


def _check_encoder(raw, m, arr, path) -> int:
    """The structured encoder's arrays of `raw` checked into `m` (``arr(name, shape)`` checks one); returns its width."""
    parts, mixed = obs_parts(), 0
    for g in _groups(parts):
        n, k = parts[g].shape
        w = _rows(raw, f"enc_{g}_W", path)
        m[f"enc_{g}_W"], m[f"enc_{g}_b"] = arr(f"enc_{g}_W", (w, k)), arr(f"enc_{g}_b", (w,))
        m[f"enc_{g}_embed"] = arr(f"enc_{g}_embed", (n, w))
        mixed += w if g in POOLED else n * w
    w = _rows(raw, "enc_global_W", path)
    m["enc_global_W"], m["enc_global_b"] = arr("enc_global_W", (w, len(parts["global"]))), arr("enc_global_b", (w,))
    hidden = _rows(raw, "enc_mix_W", path)
    m["enc_mix_W"], m["enc_mix_b"] = arr("enc_mix_W", (hidden, mixed + w)), arr("enc_mix_b", (hidden,))
    return hidden


def _groups(parts) -> tuple[str, ...]:
    """The groups with entries in this observation (as ``agents.train.encoder.StructuredEncoder`` builds them)."""
    return tuple(g for g in GROUPS if parts[g].size)


def encode(m: dict, z: np.ndarray, parts: dict) -> np.ndarray:
    """The structured encoder (the module doc) of normalised rows `z`, with the checked arrays `m` of a file and
    ``agents.obs_parts.obs_parts()``: the input of the file's first hidden layer."""
    relu = lambda a: np.maximum(a, 0)  # noqa: E731
    outs = []
    for g in _groups(parts):
        e = relu(z[:, parts[g]] @ m[f"enc_{g}_W"].T + m[f"enc_{g}_b"] + m[f"enc_{g}_embed"])  # (rows, entities, width)
        outs.append(e.sum(1) if g in POOLED else e.reshape(len(z), -1))
    outs.append(relu(z[:, parts["global"]] @ m["enc_global_W"].T + m["enc_global_b"]))
    return relu(np.concatenate(outs, 1) @ m["enc_mix_W"].T + m["enc_mix_b"])


class PretrainedAgent:
    """A shipped (or exported) policy behind the policy protocol: ``act(observation, action_mask)`` and
    ``act_batch(observations, masks)`` for the faction it was trained for (an observation from another faction's
    view is refused). `greedy`: the likeliest legal action; otherwise a draw from the policy (generator `seed`).
    `dtype`: the arithmetic (float32; float64 is how policies computed before ``WEIGHT_DTYPE``, kept for
    ``agents.train.shrink``'s comparison)."""

    def __init__(self, model: dict, seed: int = 0, greedy: bool = True, dtype=np.float32):
        self.greedy, self.dtype = greedy, np.dtype(dtype)
        self.model = {k: (v.astype(self.dtype, copy=False) if isinstance(v, np.ndarray) else v)
                      for k, v in model.items()}
        self.faction = model["faction"]
        self.fid = FACTION_NAMES.index(self.faction)
        self.rng = np.random.default_rng(seed)
        self.parts = obs_parts() if model.get("net") == "structured" else None

    def logits(self, observations, masks) -> np.ndarray:
        m = self.model
        x = np.asarray(observations, self.dtype).reshape(-1, OBS_SIZE)
        mask = np.asarray(masks).reshape(-1, N_ACTIONS) != 0
        if x.shape[0] != mask.shape[0]:
            raise ValueError(f"{x.shape[0]} observations but {mask.shape[0]} masks")
        if not mask.any(axis=1).all():
            raise ValueError("every action mask needs at least one legal action")
        viewer = x[:, :NF].argmax(1)  # the observation's first field: the viewer, one-hot
        if (viewer != self.fid).any():
            other = FACTION_NAMES[int(viewer[viewer != self.fid][0])]
            raise ValueError(f"pretrained:{self.faction} plays the {self.faction} only, got an observation of {other!r}")
        with blas_threads.limited():  # one BLAS thread: the default collapses on a busy machine (its module doc)
            z = np.clip((x - m["mean"]) * m["scale"], -10.0, 10.0)
            if self.parts is not None:
                z = encode(m, z, self.parts)
            for k in range(m["layers"]):
                z = np.tanh(z @ m[f"W{k}"].T + m[f"b{k}"])
            return np.where(mask, z @ m["Wout"].T + m["bout"], -np.inf)

    def act_batch(self, observations, masks) -> np.ndarray:
        lg = self.logits(observations, masks)
        if self.greedy:
            return lg.argmax(1).astype(np.int64)
        p = np.exp(lg - lg.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        u = self.rng.random((p.shape[0], 1))
        a = (np.cumsum(p, 1) < u).sum(1)
        a = np.minimum(a, N_ACTIONS - 1)
        bad = p[np.arange(len(a)), a] <= 0  # rounding at the top of the last legal interval
        a[bad] = p[bad].argmax(1)
        return a.astype(np.int64)

    def act(self, observation, action_mask=None) -> int:
        if isinstance(observation, dict):
            observation, action_mask = observation["observation"], observation["action_mask"]
        return int(self.act_batch(np.asarray(observation)[None], np.asarray(action_mask)[None])[0])


def load(faction: str, seed: int = 0, greedy: bool = True) -> PretrainedAgent:
    """The shipped policy of `faction` as an agent (``pretrained:<faction>``); PretrainedModelError (a ValueError)
    for a faction with no shipped policy or a damaged file."""
    _check_faction(faction)
    return PretrainedAgent(load_arrays(path_of(faction)), seed, greedy)


def load_path(path, seed: int = 0, greedy: bool = True) -> PretrainedAgent:
    """A policy file written by ``export`` as an agent."""
    return PretrainedAgent(load_arrays(path), seed, greedy)


def stored(arrays: dict) -> dict:
    """`arrays` (a policy file's, as ``arrays_of`` makes them or a file holds them) as ``export`` stores them: the
    layers' weights and biases as ``WEIGHT_DTYPE``, ``mean`` and ``scale`` as float32, the rest as they are."""
    out = dict(arrays)
    for k, v in arrays.items():
        if k in ("mean", "scale"):
            out[k] = np.asarray(v, np.float32)
        elif k[0] in "Wb" or k.startswith("enc_"):  # W0, b0, ..., Wout, bout; the structured encoder's
            out[k] = np.asarray(v, np.float32).astype(WEIGHT_DTYPE)
    return out


def arrays_of(policy, faction: str) -> dict:
    """The file's arrays for the actor that plays `faction` in an ``agents.train.ppo.Policy``: its one network, or with
    one network per faction (``per_faction``) that faction's; an MLP network (format ``FORMAT``) or a structured one
    (``FORMAT_STRUCTURED``: its actor's encoder too)."""
    import torch
    if faction not in FACTION_NAMES:
        raise ValueError(f"unknown faction {faction!r}")
    per_faction = bool(getattr(policy, "per_faction", False))
    if len(policy.nets) != (NF if per_faction else 1):
        raise ValueError(f"a policy of {len(policy.nets)} networks is neither one network nor one per faction")
    net = policy.nets[FACTION_NAMES.index(faction) if per_faction else 0]
    layers = [mod for mod in net.actor if isinstance(mod, torch.nn.Linear)]
    out = {"format": np.array(FORMAT if net.encoder is None else FORMAT_STRUCTURED), "faction": np.array(faction),
           "obs_size": np.array(OBS_SIZE), "n_actions": np.array(N_ACTIONS), "obs_signature": np.array(obs_signature()),
           "mean": net.mean.detach().numpy().astype(np.float32),
           "scale": (1.0 / torch.sqrt(net.var + 1e-8)).detach().numpy().astype(np.float32)}
    if net.encoder is not None:
        out.update(_encoder_arrays(net.encoder))
    for k, lin in enumerate(layers[:-1]):
        out[f"W{k}"] = lin.weight.detach().numpy().astype(np.float32)
        out[f"b{k}"] = lin.bias.detach().numpy().astype(np.float32)
    out["Wout"] = layers[-1].weight.detach().numpy().astype(np.float32)
    out["bout"] = layers[-1].bias.detach().numpy().astype(np.float32)
    return out


def _encoder_arrays(enc) -> dict:
    """A structured encoder's (``agents.train.encoder.StructuredEncoder``) arrays as a file holds them."""
    parts = obs_parts()
    if enc.groups != _groups(parts) or [tuple(parts[g].shape) for g in enc.groups] != [tuple(s) for s in enc.shapes]:
        raise ValueError("the structured encoder was built for another observation table than this engine's")
    f32 = lambda t: t.detach().numpy().astype(np.float32)  # noqa: E731
    out = {}
    for g in enc.groups:
        out[f"enc_{g}_W"], out[f"enc_{g}_b"] = f32(enc.entity[g].weight), f32(enc.entity[g].bias)
        out[f"enc_{g}_embed"] = f32(enc.embed[g])
    out["enc_global_W"], out["enc_global_b"] = f32(enc.glob.weight), f32(enc.glob.bias)
    out["enc_mix_W"], out["enc_mix_b"] = f32(enc.mix.weight), f32(enc.mix.bias)
    return out


def export(policy, faction: str, folder, card: dict) -> Path:
    """Write ``policy_<faction>.npz`` (the actor's arrays, checked by reading them back) and ``policy_<faction>.json``
    (`card`) into `folder`. Returns the .npz path."""
    if faction not in FACTION_NAMES:
        raise ValueError(f"unknown faction {faction!r}")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"policy_{faction}.npz"
    np.savez_compressed(path, **stored(arrays_of(policy, faction)))
    load_arrays(path)
    (folder / f"policy_{faction}.json").write_text(json.dumps(card, indent=1) + "\n")
    return path

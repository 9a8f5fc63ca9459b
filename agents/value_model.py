"""The learned value model: each seat's chance to win from what that seat can see (issue 34, section 2).

A small multilayer perceptron (or, with no hidden layer, a logistic regression) over ``agents.value_features``
(``features``: the position as the seat sees it), trained by ``python -m agents.value_train`` on positions of
heuristic self-play games, labelled by whether the seat won. The shipped model is ``DEFAULT_PATH``
(``agents/models/value_v1.npz``, its training and measurements beside it in ``value_v1.json``). A model in
``agents/models/value_NAME.npz`` is named by NAME (``load("v1")``; ``ismcts:100:value=v1`` in an arena spec).

File (``.npz``, read with ``allow_pickle=False``; a file from outside is untrusted and ``load`` checks every
array): ``format`` (= FORMAT), ``n_features`` (= ``N_FEATURES``), ``mean`` and ``scale`` (n_features each: the
input is ``(x - mean) * scale``), ``W0, b0, W1, b1, ...`` (hidden layers, ``W_k`` of shape (out, in), ReLU) and
``Wout`` (in,), ``bout`` (1,): the logit. float32 or float64, every value finite.

For the compiled callers the model is one flat float64 array (``pack``): ``[MAGIC, n_features, L, h_1..h_L,
mean, scale, W0, b0, ..., Wout, bout]``; ``predict(state, f, w)`` reads it inside njit (ISMCTS's leaf ``"value"``
takes it at the end of its options array, ``agents.ismcts.options(value=...)``; the agent ``agents.value_agent``
the same way).
"""
from __future__ import annotations

import math
import os

import numpy as np
from root_env.files import float_array, read_plain_npz
from root_env.engine.jit import njit

from agents.value_features import features, N_FEATURES

FORMAT = 1
MAGIC = 7341.0              # first value of a packed model (a check that the options' tail is one)
MAX_LAYERS = 4
MAX_WIDTH = 1024
MAX_FILE_BYTES = 32 << 20   # a model is tens of kB; anything near this is refused before it is read
MODELS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
DEFAULT_PATH = os.path.join(MODELS_DIR, "value_v1.npz")


class ValueModelError(ValueError):
    """A value-model file that cannot be used (missing, malformed, wrong shapes or dtypes, not finite)."""


def _bad(path, why):
    return ValueModelError(f"value model {str(path)!r}: {why}")


def load(path=None) -> dict:
    """The model in `path` (default ``DEFAULT_PATH``) as a dict of float64 arrays, checked (``ValueModelError``,
    a ValueError, naming what is wrong; nothing in the file is executed: ``allow_pickle=False``)."""
    path = DEFAULT_PATH if path is None else named(path)
    if not isinstance(path, (str, os.PathLike)):
        raise ValueModelError(f"a value model is a path to an .npz file, got {path!r}")
    raw = read_plain_npz(path, MAX_FILE_BYTES, _bad)
    return check(raw, path)


def named(path):
    """The path of a model named NAME (letters, digits and ``_``; not a file in the working directory) when
    ``agents/models/value_NAME.npz`` exists (``v1``: ``DEFAULT_PATH``); anything else as given. So an arena spec
    names a shipped model without a path: ``ismcts:100:value=v1``."""
    if (isinstance(path, str) and path.replace("_", "").isalnum() and path.isascii() and not os.path.exists(path)
            and os.path.isfile(os.path.join(MODELS_DIR, f"value_{path}.npz"))):
        return os.path.join(MODELS_DIR, f"value_{path}.npz")
    return path


def check(raw: dict, path="<arrays>") -> dict:
    """``raw`` (name -> array) checked as a model (see the module doc); float64 copies."""
    def arr(name, shape):
        return float_array(raw, name, shape, path, _bad)

    def integer(name):
        a = raw.get(name)
        if not isinstance(a, np.ndarray) or a.shape != () or a.dtype.kind not in "iu":
            raise _bad(path, f"{name!r} must be an integer scalar array")
        return int(a)

    if integer("format") != FORMAT:
        raise _bad(path, f"format {int(raw['format'])}, this version reads format {FORMAT}")
    if integer("n_features") != N_FEATURES:
        raise _bad(path, f"made for {int(raw['n_features'])} features, agents.value_features has {N_FEATURES}")
    m = {"mean": arr("mean", (N_FEATURES,)), "scale": arr("scale", (N_FEATURES,))}
    width = N_FEATURES
    k = 0
    while f"W{k}" in raw:
        if k >= MAX_LAYERS:
            raise _bad(path, f"more than {MAX_LAYERS} hidden layers")
        w = raw[f"W{k}"]
        out = w.shape[0] if isinstance(w, np.ndarray) and w.ndim == 2 else -1
        if not 1 <= out <= MAX_WIDTH:
            raise _bad(path, f"'W{k}' must be a matrix of 1..{MAX_WIDTH} rows, got shape {getattr(w, 'shape', None)}")
        m[f"W{k}"] = arr(f"W{k}", (out, width))
        m[f"b{k}"] = arr(f"b{k}", (out,))
        width = out
        k += 1
    m["Wout"] = arr("Wout", (width,))
    m["bout"] = arr("bout", (1,))
    extra = set(raw) - set(m) - {"format", "n_features"}
    if extra:
        raise _bad(path, f"unknown arrays {sorted(extra)}")
    return m


def layers(m: dict) -> int:
    """Hidden layers of a model dict."""
    k = 0
    while f"W{k}" in m:
        k += 1
    return k


def pack(m: dict) -> np.ndarray:
    """A checked model dict as the flat float64 array ``predict`` reads (the module doc)."""
    L = layers(m)
    head = [MAGIC, N_FEATURES, L] + [m[f"W{k}"].shape[0] for k in range(L)]
    parts = [np.array(head, np.float64), m["mean"], m["scale"]]
    for k in range(L):
        parts += [m[f"W{k}"].ravel(), m[f"b{k}"]]
    parts += [m["Wout"], m["bout"]]
    return np.concatenate(parts).astype(np.float64)


def packed(model=None) -> np.ndarray:
    """A model given as a path (None: ``DEFAULT_PATH``), a model dict or an already packed array, packed."""
    if isinstance(model, np.ndarray):
        if model.ndim != 1 or model.dtype != np.float64 or model.size < 3 or model[0] != MAGIC:
            raise ValueModelError("a packed value model is the float64 array of agents.value_model.pack")
        return model
    if isinstance(model, dict):
        return pack(check(model))
    return pack(load(model))


def save(path, m: dict) -> None:
    """Write model dict `m` (float32) to `path` (.npz)."""
    out = {"format": np.array(FORMAT, np.int64), "n_features": np.array(N_FEATURES, np.int64)}
    out.update({k: np.asarray(v, np.float32) for k, v in m.items()})
    np.savez(path, **out)


@njit(cache=True)
def logit_of(x, w):
    """The model's logit for the feature vector x (``w``: a packed model)."""
    n = int(w[1])
    L = int(w[2])
    at = 3 + L
    h = np.empty(n, np.float64)
    for i in range(n):
        h[i] = (x[i] - w[at + i]) * w[at + n + i]
    at += 2 * n
    width = n
    for k in range(L):
        out = int(w[3 + k])
        g = np.empty(out, np.float64)
        for o in range(out):
            acc = w[at + out * width + o]  # the bias, after the matrix
            row = at + o * width
            for i in range(width):
                acc += w[row + i] * h[i]
            g[o] = acc if acc > 0.0 else 0.0
        at += out * width + out
        h = g
        width = out
    z = w[at + width]
    for i in range(width):
        z += w[at + i] * h[i]
    return z


@njit(cache=True)
def sigmoid(z):
    z = min(40.0, max(-40.0, z))
    return 1.0 / (1.0 + math.exp(-z))


@njit(cache=True)
def predict(s, f, w):
    """Faction f's chance to win state `s` as the model `w` (packed) sees it from f's information."""
    x = np.empty(N_FEATURES, np.float64)
    features(s, f, x)
    return sigmoid(logit_of(x, w))


def predict_game(game, model=None) -> dict:
    """Each seated faction's predicted chance to win a ``root_env.Game`` (each from its own view)."""
    from root_env.data import FACTION_NAMES
    w = packed(model)
    return {g: float(predict(game.state, FACTION_NAMES.index(g), w)) for g in game.factions}

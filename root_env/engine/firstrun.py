"""The first-run notice: say so on stderr, once, before a slow first compile; stay silent when cached.

numba compiles lazily, at a function's first call, and prints nothing. The Python entry points of
each compiled layer call ``compile_once(stage, what, warm)`` first. When the stage is not in the
cache yet, that prints one line ("root_env: compiling the Root engine, first run only, about 40 s...")
and runs ``warm``, which calls the stage's entry points so that they compile now, then ends the line
with the time taken and writes a stamp. When the stamp is there, ``compile_once`` only checks, with a
few ``stat`` calls, that the numba index files it lists still exist.

The stamp lives in the folder of the stage's cache layer (``cache_layers``: named by a hash of the
sources) and its name carries the numba and Python versions, so a changed source or toolchain reads as
a cold cache; it lists the index files of the stage's layer and the layers below. The shipped cache
(``cache_layers``) carries the stamps of every stage, so an install it serves is warm from the start.
The estimate is the time this machine took last time (``root_env_compile_times.json`` in the cache
root), else the wall time measured on the project's 2-core benchmark machine (``ESTIMATE_S``,
docs/performance.md). When a shipped cache exists but cannot serve this install, the notice says why.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from . import cache_layers

# First-run compile, wall seconds of each stage on the 2-core benchmark machine with nothing else running, empty
# cache (issue 32: 66 s for the engine, 157 s for every stage, the rest split as the CPU seconds of the other stages
# split when the shipped cache was first built), for an
# install without a shipped cache's manifest, whose figures come first (estimate()).
ESTIMATE_S = {"engine": 66, "agents": 15, "batch": 8, "steps": 13, "parallel": 9, "arena": 19, "trainer": 27}
# The cache layer each stage's compiled code lies in (cache_layers.LAYERS).
LAYER = {"engine": "engine", "steps": "engine", "batch": "engine", "parallel": "engine",
         "agents": "agents", "arena": "agents", "trainer": "trainer"}

_done: set[str] = set()


def _stamp(stage: str) -> Path:
    import numba
    v = sys.version_info
    return cache_layers.layer_dir(LAYER[stage]) / f"root_env-{stage}-numba{numba.__version__}-py{v.major}{v.minor}.stamp"


def _times_file() -> Path:
    return cache_layers.cache_root() / "root_env_compile_times.json"


def _prepare(stage: str) -> str | None:
    """Unpack the shipped cache of the stage's layers where it serves (once per process); why it did not."""
    why = None
    for layer in cache_layers.layers_up_to(LAYER[stage]):
        why = cache_layers.unpack_shipped(layer) or why
    return why


def is_cached(stage: str) -> bool:
    """True when `stage` was compiled into the current cache and its numba index files still exist."""
    _prepare(stage)
    try:
        listed = json.loads(_stamp(stage).read_text(encoding="utf-8"))["index_files"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    root = cache_layers.cache_root()
    return isinstance(listed, list) and all(isinstance(p, str) and (root / p).is_file() for p in listed)


def estimate(stage: str) -> tuple[float, bool]:
    """Seconds the first compile of `stage` should take here, and whether that is this machine's own
    figure (its last compile of the stage) rather than the project's 2-core machine's: the wall time the
    stage took when the shipped cache was built there (its manifest), else ESTIMATE_S."""
    try:
        return float(json.loads(_times_file().read_text(encoding="utf-8"))[stage]), True
    except (OSError, ValueError, KeyError, TypeError):
        pass
    try:
        cumulative = [(s, float(t["wall_s"])) for s, t in cache_layers._manifest()["stages"].items()]
        i = [s for s, _ in cumulative].index(stage)
        return cumulative[i][1] - (cumulative[i - 1][1] if i else 0.0), False
    except (TypeError, KeyError, ValueError, AttributeError):
        return float(ESTIMATE_S.get(stage, 30)), False


def _record(stage: str, seconds: float) -> None:
    root = cache_layers.cache_root()
    index = sorted(p.relative_to(root).as_posix() for layer in cache_layers.layers_up_to(LAYER[stage])
                   for p in cache_layers.layer_dir(layer).rglob("*.nbi"))
    try:
        _stamp(stage).parent.mkdir(parents=True, exist_ok=True)
        _stamp(stage).write_text(json.dumps({"index_files": index, "seconds": round(seconds, 1)}), encoding="utf-8")
        try:
            times = json.loads(_times_file().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            times = {}
        times = times if isinstance(times, dict) else {}
        if seconds >= 2:  # shorter: numba loaded it from its cache, which says nothing about compiling
            times[stage] = round(seconds)
        _times_file().write_text(json.dumps(times, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    except OSError:
        pass  # a read-only cache: numba itself warns; the notice then shows each process, harmlessly


def compile_once(stage: str, what: str, warm) -> None:
    """Before the first use of a compiled `stage` in this process: when it is not cached, print one
    line on stderr saying it compiles `what`, roughly how long that takes, then compile it (`warm`)."""
    if stage in _done:
        return
    _done.add(stage)  # first, so that `warm` calling entry points that call compile_once does not recurse
    import numba
    if numba.config.DISABLE_JIT or is_cached(stage):
        return
    why = _prepare(stage)  # why the shipped cache did not serve it (computed once, by is_cached)
    seconds, here = estimate(stage)
    basis = "as last time here" if here else "on the project's 2-core machine"
    print(f"root_env: compiling {what}, first run only, about {seconds:.0f} s {basis}"
          f"{f' ({why})' if why else ''}...", end="", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    try:
        warm()
    except BaseException:
        print(" failed", file=sys.stderr, flush=True)
        raise
    dt = time.perf_counter() - t0
    _record(stage, dt)
    print(f" done ({dt:.0f} s)", file=sys.stderr, flush=True)

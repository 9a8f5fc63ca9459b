"""The first-run notice: say so on stderr, once, before a slow first compile; stay silent when cached.

numba compiles lazily, at a function's first call, and prints nothing. The Python entry points of
each compiled layer call ``compile_once(stage, what, warm)`` first. When the stage is not in the
cache yet, that prints one line ("root_env: compiling the Root engine, first run only, about 40 s...")
and runs ``warm``, which calls the stage's entry points so that they compile now, then ends the line
with the time taken and writes a stamp. When the stamp is there, ``compile_once`` only checks, with a
few ``stat`` calls, that the numba index files it lists still exist.

The stamp lives in numba's cache folder (``numba.config.CACHE_DIR``, named by a hash of the engine's
sources, see ``engine/__init__``) and its name carries that hash and the numba and Python versions,
so a changed source or toolchain reads as a cold cache. The estimate is the time this machine took
last time (``root_env_compile_times.json`` beside the cache folders), else the figure measured on the
project's 2-core benchmark machine (``ESTIMATE_S``, docs/performance.md).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

# First-run compile, CPU seconds on the 2-core benchmark machine (python -m root_env.warmup --json,
# docs/performance.md).
ESTIMATE_S = {"engine": 33, "agents": 6, "batch": 4, "parallel": 13, "arena": 8, "steps": 6, "trainer": 12}

_done: set[str] = set()


def _cache_dir() -> Path:
    import numba
    return Path(numba.config.CACHE_DIR or Path(__file__).resolve().parent / "__pycache__")


def _stamp(stage: str) -> Path:
    import numba
    from . import SOURCE_HASH
    v = sys.version_info
    return _cache_dir() / f"root_env-{stage}-{SOURCE_HASH}-numba{numba.__version__}-py{v.major}{v.minor}.stamp"


def _times_file() -> Path:
    # Beside the per-hash folders (engine/__pycache__) when the folder is ours, so that the figures
    # outlive a source change; inside a folder the user named.
    root = _cache_dir()
    return (root.parent if root.name.startswith("nb-") else root) / "root_env_compile_times.json"


def is_cached(stage: str) -> bool:
    """True when `stage` was compiled into the current cache and its numba index files still exist."""
    try:
        listed = json.loads(_stamp(stage).read_text(encoding="utf-8"))["index_files"]
    except (OSError, ValueError, KeyError):
        return False
    root = _cache_dir()
    return all((root / p).is_file() for p in listed)


def estimate(stage: str) -> float:
    """Seconds the first compile of `stage` should take here: last time's figure, else ESTIMATE_S."""
    try:
        return float(json.loads(_times_file().read_text(encoding="utf-8"))[stage])
    except (OSError, ValueError, KeyError, TypeError):
        return float(ESTIMATE_S.get(stage, 30))


def _record(stage: str, seconds: float) -> None:
    root = _cache_dir()
    index = sorted(str(p.relative_to(root)) for p in root.rglob("*.nbi"))
    try:
        _stamp(stage).write_text(json.dumps({"index_files": index, "seconds": round(seconds, 1)}), encoding="utf-8")
        try:
            times = json.loads(_times_file().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            times = {}
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
    print(f"root_env: compiling {what}, first run only, about {estimate(stage):.0f} s...", end="",
          file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    try:
        warm()
    except BaseException:
        print(" failed", file=sys.stderr, flush=True)
        raise
    dt = time.perf_counter() - t0
    _record(stage, dt)
    print(f" done ({dt:.0f} s)", file=sys.stderr, flush=True)

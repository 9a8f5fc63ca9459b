"""The compiled rules engine: plain ``@njit(cache=True)`` functions over the flat state array.

numba's on-disk cache is keyed on each function's own source file, not on the constants it reads
from other modules (layout offsets, game data). So that a changed layout can never load a stale
compiled function, the cache lives in a folder named by a hash of every engine source file and the
game data (and of the compiled agents beside it), unless the user sets ``NUMBA_CACHE_DIR`` themselves.
"""
import hashlib
import os
from pathlib import Path


def _source_hash() -> str:
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    files = [root / n for n in ("data.py", "layout.py", "codes.py", "data/root_data.json")]
    # Every engine module but the two plain-Python helpers with no compiled code.
    files += sorted(p for p in root.glob("engine/**/*.py") if p.name not in ("firstrun.py", "threads.py"))
    # The compiled agents call the engine and are cached with it (a caller's cache holds its callees).
    files += sorted((root.parent / "agents").glob("*.py"))
    for p in files:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


SOURCE_HASH = _source_hash()

if not os.environ.get("NUMBA_CACHE_DIR"):
    import numba

    numba.config.CACHE_DIR = str(Path(__file__).resolve().parent / "__pycache__" / f"nb-{SOURCE_HASH}")

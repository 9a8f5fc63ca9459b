"""Where the compiled code is cached: three layers, portable folders, and the precompiled cache shipped
with the package.

**Layers.** numba checks, when it loads a cached function, only that function's own source file, while
the machine code of a caller holds compiled copies of its callees from other files. So the cache is split
into layers, each in a folder named by a hash of its own sources and of the layers below it:

- ``engine``: the game data, the state layout, the action codes, the maps and every module the compiled engine
  modules import;
- ``agents``: what the compiled agents (``agents/*.py``) import, over the engine;
- ``trainer``: what the self-play stepper and its compiled helpers (``agents/train/*.py``) import, over the agents.

A layer's hash covers the project modules that its compiled modules import at module level, directly or through
each other (``_layer_sets``): a global that compiled code reads is frozen into its machine code, and numba checks
only each function's own file. A changed agent renews the agents' and the trainer's folders and leaves the
engine's in place; a changed engine source or map renews all three, so no stale callee is ever loaded; a module
no compiled code imports (``agents.evaluate``, ``agents.policies``, the PPO trainer) renews nothing.

**Portable folders.** Inside a layer folder a function's files lie in a folder named by its package
(``root_env.engine.factions``), not, as numba's own locators do, by the absolute path of its source, and the
source stamp is a hash of the source's bytes, not its modification time: a cache made in one checkout
serves any other checkout or install of the same sources.

**The shipped cache.** ``root_env/compiled/`` holds each layer compiled for one CPU level of x86-64 (numba's
``NUMBA_CPU_NAME``; the manifest's ``cpu``, checked against this CPU's features before use), built by
``python -m root_env.build_cache``; ``manifest.json`` says from which sources (the layer hashes) and with
which numba, llvmlite, Python and platform. At the first use of a layer in a process, when the layer's folder
does not exist yet and the manifest matches, the layer is unpacked into place: a fresh install runs its
first game without compiling. Code compiled on this machine later (new signatures, changed sources) is
compiled for this machine's CPU as usual; ``lazycache`` looks up the host CPU's entry first, then the
shipped level's. ``ROOT_ENV_SHIPPED_CACHE=0`` turns the shipped cache off (the cold-compile benchmarks do).

The cache root is ``NUMBA_CACHE_DIR`` when set, else ``root_env/engine/__pycache__`` when writable, else
``$XDG_CACHE_HOME/root_env`` (``~/.cache/root_env``).
"""
from __future__ import annotations

import functools
import hashlib
import json
import lzma
import os
import re
import shutil
import sys
import sysconfig
import tarfile
import tempfile
from pathlib import Path

from numba.core.caching import _CacheLocator

ROOT_ENV = Path(__file__).resolve().parent.parent  # the root_env package
SITE = ROOT_ENV.parent  # the folder holding root_env/ and agents/
SHIPPED = ROOT_ENV / "compiled"
MANIFEST = SHIPPED / "manifest.json"
LAYERS = ("engine", "agents", "trainer")
# Engine modules with no compiled code: changing them changes no machine code.
_PLAIN = frozenset({"__init__.py", "firstrun.py", "threads.py", "cache_layers.py"})


# Module-level imports only (at the start of a line): a name that compiled code reads as a global is bound when
# its module is imported, so an import inside a function feeds no compiled code.
_FROM = re.compile(rb"^from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*)", re.M)
_IMPORT = re.compile(rb"^import[ \t]+([\w.]+)", re.M)


def _module_file(dotted: str) -> Path | None:
    """The file of a module of this project (``root_env.engine.core``), or None (another package's, or none)."""
    parts = dotted.split(".")
    if parts[0] not in ("root_env", "agents") or not all(parts):
        return None
    base = SITE.joinpath(*parts)
    for p in (base.with_suffix(".py"), base / "__init__.py"):
        if p.is_file():
            return p
    return None


def _imported(path: Path) -> frozenset:
    """The project's modules `path` imports at module level (``_FROM``, ``_IMPORT``)."""
    package = ".".join(path.parent.relative_to(SITE).parts)  # a module's package, or an __init__'s own
    text = path.read_bytes()
    out = set()
    for m in _FROM.finditer(text):
        mod = m.group(1).decode()
        if mod.startswith("."):  # relative: one dot is this package, each more dot one package up
            dots = len(mod) - len(mod.lstrip("."))
            up = package.split(".")[:len(package.split(".")) - (dots - 1)]
            mod = ".".join(up + ([mod.lstrip(".")] if mod.lstrip(".") else []))
        found = _module_file(mod)
        if found is not None and found.name == "__init__.py":  # `from package import module, ...`
            names = [n.split()[0] for n in m.group(2).decode().strip("()").split(",") if n.split()]  # `a as b`: a
            subs = [_module_file(f"{mod}.{name}") for name in names]
            out.update(p for p in subs if p)
            if all(subs):  # only modules named: the package's own names are not read
                continue
        if found:
            out.add(found)
    for m in _IMPORT.finditer(text):
        found = _module_file(m.group(1).decode())
        if found:
            out.add(found)
    return frozenset(out)


def _closure(seeds, allowed, imported) -> set[Path]:
    """Every module of `allowed` that `seeds` import, directly or through each other (a seed only if imported:
    numba checks each function's own file itself, ``LayerLocator.get_source_stamp``). `imported`: a memo of
    ``_imported``."""
    def imports(p):
        if p not in imported:
            imported[p] = _imported(p)
        return imported[p]

    done, todo = set(), [q for p in seeds for q in imports(p) if allowed(q)]
    while todo:
        p = todo.pop()
        if p in done:
            continue
        done.add(p)
        todo.extend(q for q in imports(p) if q not in done and allowed(q))
    return done


# A compiled module: one with a jit decorator (``@njit(...)``, ``@numba.njit``, ``@jit``) at the start of a line or a
# ``name = njit(...)(function)``. A word in a docstring does not make one (until 2026-11-30 any mention of "njit"
# did, which put agents/__init__.py's and policies.py's imports into the agents layer).
_COMPILED = re.compile(rb"^[ \t]*@(?:numba\.)?n?jit\b|^[ \t]*\w+[ \t]*=[ \t]*(?:numba\.)?njit\(", re.M)


def _compiled_modules(folder: Path, recursive: bool = True) -> list[Path]:
    files = folder.rglob("*.py") if recursive else folder.glob("*.py")
    return [p for p in files if _COMPILED.search(p.read_bytes())]


def _layer_sources(layer: str) -> list[Path]:
    """The files whose change can change a layer's machine code (``_layer_sets``)."""
    return _layer_sets()[layer]


def _layer_sets() -> dict[str, list[Path]]:
    """Each layer's files: the modules its compiled modules import (module-level arrays and constants are
    frozen into the machine code of the functions that read them), directly or through each other, less the
    layers below; a compiled module's own file counts only where another imports it, since numba checks each
    function's own file itself. A module no compiled code imports (the evaluation CLI, the shipped policies'
    numpy inference, the trainer's PPO in torch) is in no layer: editing it compiles nothing. The game data's
    JSON is read by ``root_env.data``, so it is named. The few compiled functions of ``root_env`` outside
    ``engine/`` (the vector env's, the rollouts') are renewed by their own files and the engine layer: a global
    they read must live in an engine module or their own file."""
    engine_dir, agents_dir, train_dir = ROOT_ENV / "engine", SITE / "agents", SITE / "agents" / "train"

    def plain(p):  # engine modules with no compiled code and nothing compiled code reads
        return p.parent == engine_dir and p.name in _PLAIN

    memo: dict = {}
    in_root_env, in_train = str(ROOT_ENV) + os.sep, str(train_dir) + os.sep
    engine = _closure(_compiled_modules(engine_dir), lambda p: str(p).startswith(in_root_env) and not plain(p), memo)
    engine |= {ROOT_ENV / n for n in ("data.py", "layout.py", "codes.py")}
    agents = _closure(_compiled_modules(agents_dir, recursive=False),
                      lambda p: not str(p).startswith(in_train) and not plain(p) and p not in engine, memo)
    trainer = _closure(_compiled_modules(train_dir), lambda p: not plain(p) and p not in engine | agents, memo)
    return {"engine": sorted(engine) + [ROOT_ENV / "data" / "root_data.json"], "agents": sorted(agents),
            "trainer": sorted(trainer)}


def _layer_hashes() -> dict[str, str]:
    out, below, sets = {}, "", _layer_sets()
    for layer in LAYERS:
        h = hashlib.sha256(below.encode())
        for p in sets[layer]:
            h.update(p.relative_to(SITE).as_posix().encode())
            h.update(p.read_bytes())
        below = out[layer] = h.hexdigest()[:16]
    return out


HASHES = _layer_hashes()


def layer_of(py_file: str) -> tuple[str, str] | None:
    """(layer, package) of a source file of this project, e.g. ("engine", "root_env.engine.factions");
    None for any other file (numba's own locators then place its cache)."""
    try:
        rel = Path(py_file).resolve().relative_to(SITE)
    except ValueError:
        return None
    parts = rel.parts[:-1]
    if not parts or parts[0] not in ("root_env", "agents"):
        return None
    layer = "engine" if parts[0] == "root_env" else "trainer" if parts[:2] == ("agents", "train") else "agents"
    return layer, ".".join(parts)


@functools.lru_cache(maxsize=None)
def _root_for(numba_cache_dir: str) -> Path:
    if numba_cache_dir:
        return Path(numba_cache_dir)
    here = ROOT_ENV / "engine" / "__pycache__"
    try:
        here.mkdir(exist_ok=True)
        tempfile.TemporaryFile(dir=here).close()
        return here
    except OSError:  # a read-only install: the user's cache folder, as numba's UserWideCacheLocator does
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "root_env"


def cache_root() -> Path:
    """The folder holding the layer folders (see the module doc)."""
    from numba import config
    return _root_for(config.CACHE_DIR or "")


def layer_dir(layer: str) -> Path:
    """The cache folder of `layer` for the current sources."""
    return cache_root() / f"nb-{layer}-{HASHES[layer]}"


def layers_up_to(layer: str) -> tuple[str, ...]:
    """`layer` and the layers below it, bottom first."""
    return LAYERS[:LAYERS.index(layer) + 1]


@functools.lru_cache(maxsize=None)
def source_stamp(py_file: str) -> str:
    """A source file's stamp in the cache index: a hash of its bytes (the same in every checkout)."""
    return hashlib.sha256(Path(py_file).read_bytes()).hexdigest()


# ---- the shipped cache ----

def toolchain() -> dict:
    """What a compiled cache depends on besides the sources, as the manifest records it."""
    import llvmlite
    import numba
    return {"numba": numba.__version__, "llvmlite": llvmlite.__version__,
            "python": f"{sys.version_info.major}.{sys.version_info.minor}", "platform": sysconfig.get_platform()}


def _manifest() -> dict | None:
    try:
        st = MANIFEST.stat()
    except OSError:
        return None
    return _read_manifest(str(MANIFEST), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=8)
def _read_manifest(path: str, mtime_ns: int, size: int) -> dict | None:  # noqa: ARG001 (the memo's key)
    try:
        m = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return m if isinstance(m, dict) and isinstance(m.get("layers"), dict) else None


# What each CPU level the shipped cache may be built for needs of the CPU that runs it (LLVM's feature names,
# as llvmlite.binding.get_host_cpu_features reports them; the x86-64 microarchitecture levels).
_V2 = ("cx16", "sahf", "popcnt", "sse3", "sse4.1", "sse4.2", "ssse3")
CPU_LEVELS = {"generic": (), "x86-64-v2": _V2,
              "x86-64-v3": _V2 + ("avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave")}


def shipped_cpu() -> tuple[str, str]:
    """The CPU name and features numba's cache keys the shipped entries with (NUMBA_CPU_NAME at build time)."""
    m = _manifest() or {}
    return (m.get("cpu") if m.get("cpu") in CPU_LEVELS else "generic"), ""


def _missing_cpu_features(level: str) -> list[str]:
    import llvmlite.binding as ll
    have = ll.get_host_cpu_features()
    return [f for f in CPU_LEVELS.get(level, ("unknown level",)) if not have.get(f, False)]


def shipped_problem(layer: str) -> str | None:
    """Why the shipped cache cannot serve `layer` here (a short phrase), or None when it can."""
    if os.environ.get("ROOT_ENV_SHIPPED_CACHE", "1") == "0":
        return "ROOT_ENV_SHIPPED_CACHE=0"
    m = _manifest()
    if m is None:
        return "no precompiled cache in this install"
    for key, here in toolchain().items():
        if m.get(key) != here:
            return f"the precompiled cache is for {key} {m.get(key)}, this is {here}"
    missing = _missing_cpu_features(str(m.get("cpu", "generic")))
    if missing:
        return f"the precompiled cache is for {m.get('cpu')} CPUs, this one lacks {', '.join(missing)}"
    entry = m["layers"].get(layer)
    if not isinstance(entry, dict) or entry.get("hash") != HASHES[layer]:
        return "the precompiled cache was built from other sources"
    archive = SHIPPED / str(entry.get("file", ""))
    try:
        digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    except OSError:
        return "the precompiled cache's archive is missing"
    if digest != entry.get("sha256"):
        return "the precompiled cache's archive is damaged"
    return None


_checked: dict[str, str | None] = {}  # layer -> why the shipped cache was not used (None: used or not needed)


def unpack_shipped(layer: str) -> str | None:
    """Once per process and layer: unless the layer's folder already holds a cache (a stamp or an index
    file), unpack the shipped cache into it if it serves these sources here. Returns why it was not
    unpacked (None when it was, or when the folder was already in use)."""
    if layer in _checked:
        return _checked[layer]
    dest = layer_dir(layer)
    why = None
    if not _in_use(dest):
        why = shipped_problem(layer)
        if why is None:
            why = _unpack(SHIPPED / _manifest()["layers"][layer]["file"], dest)
    _checked[layer] = why
    return why


def _in_use(folder: Path) -> bool:
    # A folder numba's locator made (empty package folders) before anything was cached is not in use.
    return folder.is_dir() and (any(folder.glob("root_env-*.stamp")) or any(folder.rglob("*.nbi")))


def _unpack(archive: Path, dest: Path) -> str | None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}-", dir=dest.parent))
    try:
        with tarfile.open(archive, "r:xz") as tar:
            for m in tar.getmembers():
                if not (m.isfile() or m.isdir()) or m.name.startswith("/") or ".." in Path(m.name).parts:
                    return "the precompiled cache's archive holds an unexpected entry"
            if hasattr(tarfile, "data_filter"):
                tar.extractall(tmp, filter="data")
            else:  # Python < 3.11.4: the members were checked above
                tar.extractall(tmp)
        try:
            os.rename(tmp, dest)  # atomic when nothing is there yet
        except OSError:  # the folder exists (empty package folders, or another process was first): merge,
            # data files first, then index files, then stamps, so that whatever a reader finds is complete
            order = {".nbc": 0, ".nbi": 1}
            for p in sorted((p for p in tmp.rglob("*") if p.is_file()), key=lambda p: order.get(p.suffix, 2)):
                target = dest / p.relative_to(tmp)
                target.parent.mkdir(parents=True, exist_ok=True)
                if not target.exists():
                    os.replace(p, target)
        return None
    except (OSError, tarfile.TarError, EOFError, lzma.LZMAError) as e:
        return f"the precompiled cache could not be unpacked ({type(e).__name__})"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


class LayerLocator(_CacheLocator):
    """numba's cache locator for this project's functions: the layer's folder, then the package (module doc)."""

    def __init__(self, py_func, py_file, layer, package):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._path = str(layer_dir(layer) / package)

    def get_cache_path(self):
        return self._path

    def get_source_stamp(self):
        return source_stamp(self._py_file)

    def get_disambiguator(self):
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func, py_file):
        found = layer_of(py_file)
        if found is None or not os.path.exists(py_file):
            return None  # not ours: numba's own locators place it
        unpack_shipped(found[0])
        self = cls(py_func, py_file, *found)
        try:
            self.ensure_cache_path()
        except OSError:
            return None
        return self

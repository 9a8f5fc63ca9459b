"""The engine's ``njit`` (root_env.engine.jit) and cache (root_env.engine.lazycache): a function called
with different constants compiles once, without Python wrappers when only jitted code calls it; a Python
call still works; a cached function loads without parsing its linking bitcode, and still links into a
function compiled later; it loads without numba's typing and lowering registries (nor SciPy), with what
its machine code needs (the runtime, the hash secret), and a later compile still finds every registry.
Each case runs small functions in a fresh process with its own cache."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numba

ROOT = Path(__file__).resolve().parents[1]

MODULE = '''
import numpy as np

from root_env.engine.jit import njit


@njit(cache=True)
def leaf(a, k):
    return a[0] * 10 + k


@njit(cache=True)
def top(a):
    return leaf(a, 1) + leaf(a, 2) + leaf(a, True)


@njit(cache=True)
def runtime(k):
    out = np.zeros(2, np.int64)  # numba's runtime (NRT)
    out[0] = hash(str(k))  # the hash secret numba.cpython.hashing gives the linker
    out[1] = k
    return out
'''


def _run(tmp_path: Path, code: str, cache: Path, disable_jit: bool = False) -> str:
    (tmp_path / "jitmod.py").write_text(MODULE, encoding="utf-8")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}",
               NUMBA_DISABLE_JIT="1" if disable_jit else "0")
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_constants_compile_one_wrapperless_version_and_python_calls_work(tmp_path):
    out = _run(tmp_path, """
        import numpy as np, jitmod
        a = np.arange(3)
        print(jitmod.top(a))
        print(len(jitmod.leaf._jitted.overloads), len(jitmod.leaf.overloads))
        print(jitmod.leaf(a, 5), len(jitmod.leaf.overloads))
        """, tmp_path / "cache")
    # leaf(a, 1), leaf(a, 2) and leaf(a, True): int64 and bool, two versions, none with Python wrappers
    assert out.splitlines() == ["4", "2 0", "5 1"]


def test_a_cached_function_loads_without_its_bitcode_and_still_links(tmp_path):
    cache = tmp_path / "cache"
    _run(tmp_path, "import numpy as np, jitmod; jitmod.top(np.arange(3))", cache)
    out = _run(tmp_path, """
        import numpy as np, jitmod
        from root_env.engine.jit import njit
        a = np.arange(3)
        print(jitmod.top(a), sum(jitmod.top.stats.cache_hits.values()))
        lib = jitmod.top.overloads[jitmod.top.signatures[0]].library
        print(type(lib).__name__, lib._shared_module is None)

        @njit
        def caller(a):
            return jitmod.top(a) + 1   # links top's cached library: its bitcode is parsed now

        print(caller(a), lib._shared_module is None)
        """, cache)
    assert out.splitlines() == ["4 1", "LazyLinkLibrary True", "5 False"]


def test_a_cached_function_loads_without_numbas_registries(tmp_path):
    # lazycache.LazyLinkCache.load_overload skips numba's target_context.refresh(), which imports every
    # registry (numba.np.arraymath imports SciPy's BLAS): this fails when a numba upgrade changes that.
    cache = tmp_path / "cache"
    _run(tmp_path, "import jitmod; jitmod.runtime(7)", cache)
    out = _run(tmp_path, """
        import sys, numpy as np, jitmod
        from root_env.engine.jit import njit
        out = jitmod.runtime(7)
        print(out[0] == hash("7"), out[1], sum(jitmod.runtime.stats.cache_hits.values()))
        print([m for m in ("numba.np.arraymath", "numba.np.linalg", "scipy.linalg") if m in sys.modules])

        @njit
        def later(a):
            return a.max()  # numba.np.arraymath: numba's compile refreshes every registry first

        print(later(np.arange(4)), "numba.np.arraymath" in sys.modules)
        """, cache)
    assert out.splitlines() == ["True 7 1", "[]", "3 True"]


def test_numba_gives_the_linker_symbols_where_lazycache_expects():
    # lazycache._prepare_loading gives loaded machine code the symbols that numba's registries add at
    # import (the NRT's, the hash secret); the context itself and a parallel function's reload_init add
    # the rest. A numba that adds symbols elsewhere fails here: check _prepare_loading against it.
    root = Path(numba.__file__).parent
    adding = {p.relative_to(root).as_posix() for p in root.rglob("*.py")
              if "tests" not in p.parts and "add_symbol(" in p.read_text(encoding="utf-8")}
    assert adding == {"core/base.py", "core/externals.py", "core/runtime/nrt.py", "cpython/hashing.py",
                      "np/ufunc/parallel.py"}


def test_disabled_jit_gives_the_python_functions(tmp_path):
    out = _run(tmp_path, """
        import numpy as np, jitmod
        print(jitmod.top(np.arange(3)), hasattr(jitmod.top, "py_func"))
        """, tmp_path / "cache", disable_jit=True)
    assert out == "4 False"

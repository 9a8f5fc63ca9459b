"""The engine's ``njit`` (root_env.engine.jit) and cache (root_env.engine.lazycache): a function called
with different constants compiles once, without Python wrappers when only jitted code calls it; a Python
call still works; a cached function loads without parsing its linking bitcode, and still links into a
function compiled later. Each case runs small functions in a fresh process with its own cache."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULE = '''
from root_env.engine.jit import njit


@njit(cache=True)
def leaf(a, k):
    return a[0] * 10 + k


@njit(cache=True)
def top(a):
    return leaf(a, 1) + leaf(a, 2) + leaf(a, True)
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


def test_disabled_jit_gives_the_python_functions(tmp_path):
    out = _run(tmp_path, """
        import numpy as np, jitmod
        print(jitmod.top(np.arange(3)), hasattr(jitmod.top, "py_func"))
        """, tmp_path / "cache", disable_jit=True)
    assert out == "4 False"

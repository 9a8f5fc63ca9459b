"""A first compile says so on stderr, once per stage; a warm cache prints nothing, and loads it without
numba's registries.

Each case runs in a fresh process with its own NUMBA_CACHE_DIR and the shipped cache off (that cache has
tests of its own, test_shipped_cache.py). The cold case copies this checkout's numba cache without the
first-run stamps: the processes see a cold cache (no stamp) and announce every stage, while numba still
loads the machine code, so the test does not pay for a real compile.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numba
import pytest

from root_env.engine import cache_layers, firstrun
from root_env.warmup import STAGES

ROOT = Path(__file__).resolve().parents[1]
WHAT = {"engine": "the Root engine", "agents": "the heuristic agents", "batch": "the batch kernel",
        "parallel": "the threaded batch kernels", "arena": "the agents' arena",
        "steps": "the step-level engine (scenarios, logs)", "trainer": "the self-play stepper"}


def _run(code: str, cache: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), ROOT_ENV_SHIPPED_CACHE="0")
    env.pop("NUMBA_DISABLE_JIT", None)
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True)


@pytest.fixture()
def unstamped_cache(tmp_path):
    """A copy of this checkout's numba cache with every first-run stamp removed."""
    subprocess.run([sys.executable, "-m", "root_env.warmup"], cwd=ROOT, check=True, capture_output=True)
    cache = tmp_path / "nb"
    for layer in cache_layers.LAYERS:
        shutil.copytree(cache_layers.layer_dir(layer), cache / cache_layers.layer_dir(layer).name)
    for stamp in cache.rglob("root_env-*.stamp"):
        stamp.unlink()
    return cache


def test_empty_cache_reads_as_cold_without_compiling(tmp_path):
    out = _run("from root_env.engine import firstrun\n"
               f"print(all(not firstrun.is_cached(s) for s in {STAGES!r}))", tmp_path)
    assert out.stdout.strip() == "True" and out.stderr == ""


def test_every_stage_announces_its_first_compile_once_then_a_warm_cache_is_silent(unstamped_cache):
    first = _run("from root_env import warmup; warmup.warmup(); warmup.warmup()", unstamped_cache)
    lines = first.stderr.splitlines()
    assert len(lines) == len(STAGES), first.stderr
    for stage, line in zip(STAGES, lines):
        assert line.startswith(f"root_env: compiling {WHAT[stage]}, first run only, about "), line
        assert line.endswith(" s)") and "... done (" in line, line
    again = _run("from root_env import warmup; warmup.warmup()", unstamped_cache)
    assert again.stderr == ""


def test_the_game_api_announces_the_engine_compile(unstamped_cache):
    code = ("from root_env import Game\n"
            "g = Game.new(('marquise', 'eyrie'), seed=1)\n"
            "g.apply(int(g.legal_actions()[0]))\n"
            "Game.new(('marquise', 'eyrie'), seed=2)\n")
    first = _run(code, unstamped_cache)
    assert first.stderr.startswith("root_env: compiling the Root engine, first run only, about ")
    assert len(first.stderr.splitlines()) == 1, first.stderr
    assert _run(code, unstamped_cache).stderr == ""


def test_a_deleted_index_file_reads_as_cold(unstamped_cache):
    _run("from root_env.engine import core; core.ensure_compiled()", unstamped_cache)
    stamp = next(unstamped_cache.rglob("root_env-engine-*.stamp"))
    listed = json.loads(stamp.read_text(encoding="utf-8"))["index_files"]
    assert listed
    (unstamped_cache / listed[0]).unlink()
    out = _run("from root_env.engine import firstrun\nprint(firstrun.is_cached('engine'))", unstamped_cache)
    assert out.stdout.strip() == "False"


def test_a_warm_start_loads_no_numba_registry_nor_scipy():
    # Loading cached machine code needs none of numba's typing and lowering registries (engine.lazycache),
    # and they were 0.3 s of a 0.9 s warm start (numba.np.arraymath imports SciPy's BLAS). A compiled
    # function that calls one of numba's NumPy functions (arr.max(), np.sum, ...) brings it back: its
    # cached record names the module, which loading then imports; a loop does not.
    subprocess.run([sys.executable, "-m", "root_env.warmup"], cwd=ROOT, check=True, capture_output=True)
    out = _run("import sys\nfrom root_env import warmup\nwarmup.warmup()\n"
               "print([m for m in ('numba.np.arraymath', 'numba.np.linalg', 'scipy.linalg') if m in sys.modules])",
               cache_layers.cache_root())
    assert out.stdout.strip() == "[]" and out.stderr == ""


def test_disabled_jit_prints_nothing(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), NUMBA_DISABLE_JIT="1", ROOT_ENV_SHIPPED_CACHE="0")
    out = subprocess.run([sys.executable, "-c", "from root_env import Game; Game.new(seed=1)"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    assert out.stderr == ""


def test_estimate_falls_back_to_the_measured_defaults(tmp_path, monkeypatch):
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path / "nb"))
    monkeypatch.setattr(cache_layers, "MANIFEST", tmp_path / "none.json")
    assert firstrun.estimate("engine") == (firstrun.ESTIMATE_S["engine"], False)


def test_estimate_reads_the_stage_times_of_the_shipped_cache_build(tmp_path, monkeypatch):
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path / "nb"))
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"layers": {}, "stages": {"engine": {"wall_s": 70.0}, "agents": {"wall_s": 82.5}}}))
    monkeypatch.setattr(cache_layers, "MANIFEST", manifest)
    assert firstrun.estimate("engine") == (70.0, False) and firstrun.estimate("agents") == (12.5, False)
    assert firstrun.estimate("trainer") == (firstrun.ESTIMATE_S["trainer"], False)

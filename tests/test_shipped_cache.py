"""The precompiled cache shipped with the package (root_env/compiled/, engine.cache_layers): it is current
for these sources; a fresh copy of the package with an empty cache folder plays its first game and loads
every stage without compiling anything (machine code built for a CPU level, x86-64-v3, loaded on this CPU);
a shipped cache that does not fit (another numba, other sources, a damaged or hostile archive) is not
used and the compile notice says why; the cache layers renew only what a change touches."""
import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from root_env import build_cache
from root_env.engine import cache_layers

ROOT = Path(__file__).resolve().parents[1]


def _fresh_copy(tmp_path: Path) -> Path:
    """root_env/ and agents/ copied elsewhere, without any compiled cache: a fresh install."""
    site = tmp_path / "site"
    for pkg in ("root_env", "agents"):
        shutil.copytree(ROOT / pkg, site / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    return site


def _run(site: Path, code: str, cache: Path, **env) -> subprocess.CompletedProcess:
    e = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "ROOT_ENV_SHIPPED_CACHE")}
    e.update(NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(site), **env)
    return subprocess.run([sys.executable, "-c", code], cwd=site, env=e, capture_output=True, text=True, check=True)


# Counts numba's compile events while the code runs (numba.core.event).
COUNT_COMPILES = """
from numba.core import event
compiled = []
class L(event.Listener):
    def on_start(self, ev): compiled.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev): pass
event.register("numba:compile", L())
"""


def test_the_shipped_cache_is_current():
    stale = build_cache.stale_layers()
    assert stale == [], f"the shipped cache is stale for {stale}: run python -m root_env.build_cache"


def test_a_fresh_install_plays_and_loads_every_stage_without_compiling(tmp_path):
    """On a CPU with the shipped level's features (x86-64-v3: AVX2); below it, that the cache is refused with
    the reason (and then the stages compile, as tests/test_first_run.py checks)."""
    assert build_cache.stale_layers() == [], "the shipped cache is stale: run python -m root_env.build_cache"
    missing = cache_layers._missing_cpu_features(json.loads(cache_layers.MANIFEST.read_text())["cpu"])
    if missing:  # a CPU below the shipped level: it must not be used, and the notice must say why (no compile here)
        why = cache_layers.shipped_problem("engine")
        assert why is not None and why.endswith(f"this one lacks {', '.join(missing)}")
        return
    site = _fresh_copy(tmp_path)
    code = COUNT_COMPILES + (
        "import root_env\n"
        "from root_env import Game, warmup\n"
        "g = Game.new(('marquise', 'eyrie', 'alliance', 'vagabond'), seed=3)\n"
        "for _ in range(200):\n"
        "    g.apply(int(g.legal_actions()[0]))\n"
        "warmup.warmup()\n"
        "print(root_env.__file__)\n"
        "print(compiled)\n")
    out = _run(site, code, tmp_path / "cache")
    where, compiled = out.stdout.strip().splitlines()
    assert where.startswith(str(site))
    assert compiled == "[]" and out.stderr == ""
    assert sorted(p.name for p in (tmp_path / "cache").iterdir() if p.name.startswith("nb-")) == sorted(
        f"nb-{layer}-{cache_layers.HASHES[layer]}" for layer in cache_layers.LAYERS)


def test_with_the_shipped_cache_off_the_first_run_compiles_and_says_so(tmp_path):
    site = _fresh_copy(tmp_path)
    out = _run(site, "from root_env.engine import firstrun\n"
                     "print(firstrun.is_cached('engine'), firstrun._prepare('engine'))",
               tmp_path / "cache", ROOT_ENV_SHIPPED_CACHE="0")
    assert out.stdout.strip() == "False ROOT_ENV_SHIPPED_CACHE=0"


@pytest.fixture()
def shipped_copy(tmp_path, monkeypatch):
    """The shipped cache copied to a scratch folder that cache_layers reads instead, and a scratch cache root.
    Its manifest is made to match these sources, this toolchain and any CPU, so that these tests check the
    mechanism whether or not the shipped cache is current (test_the_shipped_cache_is_current checks that)."""
    shipped = tmp_path / "compiled"
    shutil.copytree(cache_layers.SHIPPED, shipped)
    m = json.loads((shipped / "manifest.json").read_text())
    m.update(cache_layers.toolchain(), cpu="generic")  # any x86-64 CPU passes the features check
    for layer, entry in m["layers"].items():
        entry["hash"] = cache_layers.HASHES[layer]
    (shipped / "manifest.json").write_text(json.dumps(m))
    monkeypatch.setattr(cache_layers, "SHIPPED", shipped)
    monkeypatch.setattr(cache_layers, "MANIFEST", shipped / "manifest.json")
    monkeypatch.setattr(cache_layers, "_checked", {})
    monkeypatch.setattr("numba.config.CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ROOT_ENV_SHIPPED_CACHE", raising=False)
    return shipped


def _edit_manifest(shipped: Path, **changes):
    m = json.loads((shipped / "manifest.json").read_text())
    m.update(changes)
    (shipped / "manifest.json").write_text(json.dumps(m))


def test_a_shipped_cache_for_another_numba_is_not_used_and_says_why(shipped_copy):
    _edit_manifest(shipped_copy, numba="0.1.0")
    why = cache_layers.unpack_shipped("engine")
    assert why.startswith("the precompiled cache is for numba 0.1.0, this is ")
    assert not cache_layers.layer_dir("engine").exists()


def test_a_shipped_cache_built_from_other_sources_is_not_used(shipped_copy):
    m = json.loads((shipped_copy / "manifest.json").read_text())
    m["layers"]["agents"]["hash"] = "0" * 16
    (shipped_copy / "manifest.json").write_text(json.dumps(m))
    assert cache_layers.unpack_shipped("agents") == "the precompiled cache was built from other sources"
    assert cache_layers.unpack_shipped("engine") is None and cache_layers.layer_dir("engine").is_dir()


def test_a_damaged_shipped_archive_is_not_used(shipped_copy):
    (shipped_copy / "engine.tar.xz").write_bytes(b"not an archive")
    assert cache_layers.unpack_shipped("engine") == "the precompiled cache's archive is damaged"
    assert not cache_layers.layer_dir("engine").exists()


def test_a_shipped_archive_with_an_entry_outside_its_folder_unpacks_nothing(shipped_copy, tmp_path):
    evil = tmp_path / "evil.txt"
    evil.write_text("x")
    with tarfile.open(shipped_copy / "engine.tar.xz", "w:xz") as tar:
        tar.add(evil, arcname="../outside.txt")
    import hashlib
    m = json.loads((shipped_copy / "manifest.json").read_text())
    m["layers"]["engine"]["sha256"] = hashlib.sha256((shipped_copy / "engine.tar.xz").read_bytes()).hexdigest()
    (shipped_copy / "manifest.json").write_text(json.dumps(m))
    assert cache_layers.unpack_shipped("engine") == "the precompiled cache's archive holds an unexpected entry"
    assert not cache_layers.layer_dir("engine").exists()
    assert not (tmp_path / "outside.txt").exists() and not (tmp_path / "cache" / "outside.txt").exists()


def test_a_cache_folder_in_use_is_left_as_it_is(shipped_copy):
    folder = cache_layers.layer_dir("engine") / "root_env.engine"
    folder.mkdir(parents=True)
    (folder / "core.f-1.py311.nbi").write_bytes(b"a local index")
    assert cache_layers.unpack_shipped("engine") is None
    assert [p.name for p in cache_layers.layer_dir("engine").rglob("*") if p.is_file()] == ["core.f-1.py311.nbi"]


def test_empty_package_folders_made_before_anything_was_cached_are_filled(shipped_copy):
    (cache_layers.layer_dir("engine") / "root_env.engine").mkdir(parents=True)
    assert cache_layers.unpack_shipped("engine") is None
    assert any(cache_layers.layer_dir("engine").glob("root_env-engine-*.stamp"))
    assert len(list(cache_layers.layer_dir("engine").rglob("*.nbi"))) > 100


def test_a_changed_agent_renews_the_agents_and_trainer_layers_not_the_engine(tmp_path, monkeypatch):
    site = _fresh_copy(tmp_path)
    monkeypatch.setattr(cache_layers, "SITE", site)
    monkeypatch.setattr(cache_layers, "ROOT_ENV", site / "root_env")
    before = cache_layers._layer_hashes()
    assert before == cache_layers.HASHES
    with open(site / "agents" / "heuristic.py", "a", encoding="utf-8") as f:
        f.write("\n# changed\n")
    after = cache_layers._layer_hashes()
    assert after["engine"] == before["engine"]
    assert after["agents"] != before["agents"] and after["trainer"] != before["trainer"]
    with open(site / "root_env" / "layout.py", "a", encoding="utf-8") as f:
        f.write("\n# changed\n")
    assert all(a != b for a, b in zip(cache_layers._layer_hashes().values(), after.values()))


def test_functions_are_cached_by_package_not_by_path():
    assert cache_layers.layer_of(str(ROOT / "root_env" / "engine" / "factions" / "eyrie.py")) == (
        "engine", "root_env.engine.factions")
    assert cache_layers.layer_of(str(ROOT / "agents" / "arena.py")) == ("agents", "agents")
    assert cache_layers.layer_of(str(ROOT / "agents" / "train" / "stepper.py")) == ("trainer", "agents.train")
    assert cache_layers.layer_of(str(ROOT / "tests" / "test_engine_jit.py")) is None


def test_make_installs_the_toolchain_the_shipped_cache_was_built_with():
    pins = dict(line.split("==") for line in (ROOT / "constraints.txt").read_text().splitlines()
                if line and not line.startswith("#"))
    manifest = json.loads(cache_layers.MANIFEST.read_text())
    assert pins == {"numba": manifest["numba"], "llvmlite": manifest["llvmlite"]}
    makefile = (ROOT / "Makefile").read_text()
    assert makefile.count("pip install -c constraints.txt -e") == 2


def test_the_compile_notice_says_why_the_shipped_cache_did_not_serve(shipped_copy, monkeypatch, capsys):
    from root_env.engine import firstrun
    _edit_manifest(shipped_copy, numba="0.1.0")
    monkeypatch.setattr(firstrun, "_done", set())
    firstrun.compile_once("trainer", "the self-play stepper", lambda: None)
    line = capsys.readouterr().err
    assert line.startswith("root_env: compiling the self-play stepper, first run only, about "), line
    assert f"(the precompiled cache is for numba 0.1.0, this is {cache_layers.toolchain()['numba']})... done (" in line


def test_a_shipped_cache_for_a_cpu_level_this_cpu_lacks_is_not_used(shipped_copy, monkeypatch):
    import llvmlite.binding as ll
    _edit_manifest(shipped_copy, cpu="x86-64-v3")
    have = {f: True for f in cache_layers.CPU_LEVELS["x86-64-v3"]}
    monkeypatch.setattr(ll, "get_host_cpu_features", lambda: {**have, "avx2": False})
    assert cache_layers.unpack_shipped("engine") == "the precompiled cache is for x86-64-v3 CPUs, this one lacks avx2"
    assert not cache_layers.layer_dir("engine").exists()
    monkeypatch.setattr(cache_layers, "_checked", {})
    monkeypatch.setattr(ll, "get_host_cpu_features", lambda: have)
    assert cache_layers.shipped_problem("engine") in (None, "the precompiled cache was built from other sources")
    assert cache_layers.shipped_cpu() == ("x86-64-v3", "")


def test_a_wheel_carries_the_shipped_cache(tmp_path):
    from benchmarks.first_run import install_wheel
    site = install_wheel(tmp_path)  # pip wheel, then pip install --target
    shipped = site / "root_env" / "compiled"
    assert json.loads((shipped / "manifest.json").read_text()) == json.loads(cache_layers.MANIFEST.read_text())
    for layer in cache_layers.LAYERS:
        assert (shipped / f"{layer}.tar.xz").read_bytes() == (cache_layers.SHIPPED / f"{layer}.tar.xz").read_bytes()


def test_a_rebuild_keeps_the_current_layers_from_the_bottom_up(shipped_copy, tmp_path):
    cpu = json.loads((shipped_copy / "manifest.json").read_text())["cpu"]
    assert build_cache._keep_current_layers(tmp_path / "b1", cpu) == ["engine", "agents", "trainer"]
    assert any((tmp_path / "b1" / f"nb-engine-{cache_layers.HASHES['engine']}").rglob("*.nbi"))
    m = json.loads((shipped_copy / "manifest.json").read_text())
    m["layers"]["agents"]["hash"] = "0" * 16  # the agents changed: they and the trainer above them compile
    (shipped_copy / "manifest.json").write_text(json.dumps(m))
    assert build_cache._keep_current_layers(tmp_path / "b2", cpu) == ["engine"]
    other = next(level for level in cache_layers.CPU_LEVELS if level != cpu)
    assert build_cache._keep_current_layers(tmp_path / "b3", other) == []  # another CPU level: all compile


def test_a_rebuild_keeps_the_compile_times_of_the_kept_stages(shipped_copy):
    _edit_manifest(shipped_copy, stages={"engine": {"wall_s": 60.0, "cpu_s": 58.0},
                                         "agents": {"wall_s": 70.0, "cpu_s": 67.0}})
    now = {"engine": {"wall_s": 1.0, "cpu_s": 1.0}, "agents": {"wall_s": 21.0, "cpu_s": 20.0}}
    assert build_cache._stage_times(now, ["engine"]) == {"engine": {"wall_s": 60.0, "cpu_s": 58.0},
                                                         "agents": {"wall_s": 80.0, "cpu_s": 77.0}}

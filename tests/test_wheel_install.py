"""The wheel ships every module, its data and its dependency list: it is built from a copy of the
checkout, installed into a fresh virtual environment outside the checkout, and plays a seeded game there.

How the fresh environment gets its dependencies: the wheel is installed with ``--no-deps``, and the
environment sees exactly the distributions that the wheel's own ``Requires-Dist`` names (and what they
require in turn), linked from this test's environment into one folder that a ``.pth`` file adds to the
path. Installing numpy and numba again from the registry would prove the same but takes minutes here;
seeing the whole test environment (``--system-site-packages`` or a ``.pth`` to its site-packages) would
hide an undeclared dependency. The checkout is never on the path: the editable install's finder lives in
the test environment's site-packages, which the fresh environment does not read, and the game runs with
the working directory outside the checkout and ``python -I``.

The game runs with ``NUMBA_DISABLE_JIT=1``: a cold compile of the engine takes minutes, and every other
test runs the compiled engine from the same source files. It must end in the same state, byte for byte,
as the same game played here.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[1]
INCLUDE = ["root_env*", "agents*", "benchmarks*"]   # the project's top-level packages, whatever pyproject says
SEED, MOVES_SEED = 3, 11

# Played the same way here and in the fresh environment: a seeded game, seeded random legal moves.
GAME = f"""
import json, sys
import numpy as np
import root_env
from root_env import Game
g = Game.new(seed={SEED})
rng = np.random.default_rng({MOVES_SEED})
while not g.is_over:
    legal = g.legal_actions()
    g.apply(int(legal[rng.integers(len(legal))]))
rec = g.to_record()
assert Game.from_record(rec).to_record() == rec     # replayed, checked byte for byte
print(json.dumps({{"file": root_env.__file__, "factions": list(g.factions), "winners": list(g.winners),
                  "sha": rec["final_sha256"], "decisions": len(rec["actions"])}}))
"""

# Imports every module of the installed packages. A module may fail only for want of an optional
# extra's package (the argument: those top-level names); anything else is a missing file or dependency.
IMPORT_ALL = """
import importlib, json, pkgutil, sys
optional = set(sys.argv[1].split(","))
done, skipped = [], {}
for top in sys.argv[2].split(","):
    pkg = importlib.import_module(top)
    names = [top] + [m.name for m in pkgutil.walk_packages(pkg.__path__, top + ".")
                     if not m.name.endswith(".__main__")]   # importing it would run the command
    for name in names:
        try:
            importlib.import_module(name)
            done.append(name)
        except ModuleNotFoundError as e:
            if (e.name or "").split(".")[0] not in optional:
                raise
            skipped[name] = e.name
print(json.dumps({"imported": done, "skipped": skipped}))
"""


def _wheel_requirements(wheel: Path) -> list[Requirement]:
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
    return [Requirement(line.split(":", 1)[1].strip()) for line in text.splitlines()
            if line.startswith("Requires-Dist:")]


def _closure(requirements, extra=None) -> set[str]:
    """Distribution names the requirements need (recursively), without optional extras."""
    seen: set[str] = set()
    todo = [r for r in requirements if r.marker is None or r.marker.evaluate({"extra": extra or ""})]
    while todo:
        r = todo.pop()
        name = metadata.distribution(r.name).metadata["Name"]
        if name.lower() in seen:
            continue
        seen.add(name.lower())
        for line in metadata.distribution(name).requires or []:
            q = Requirement(line)
            if q.marker is None or q.marker.evaluate({"extra": ""}):
                todo.append(q)
    return seen


def _top_level_entries(dist_name: str) -> set[str]:
    return {Path(str(f)).parts[0] for f in metadata.distribution(dist_name).files or []
            if not str(f).startswith("..")}


def _link_dependencies(names, into: Path) -> None:
    into.mkdir()
    for name in names:
        base = Path(metadata.distribution(name).locate_file(""))
        for entry in _top_level_entries(name):
            if (base / entry).exists() and not (into / entry).exists():
                (into / entry).symlink_to(base / entry)


def _optional_top_levels(wheel: Path) -> set[str]:
    """Top-level import names of the packages only the extras bring (scipy, matplotlib, torch, ...)."""
    core = _closure(_wheel_requirements(wheel))
    optional: set[str] = set()
    for r in _wheel_requirements(wheel):
        if r.marker is None:
            continue
        base = Requirement(str(r).split(";")[0])
        try:
            names = _closure([base]) - core
        except metadata.PackageNotFoundError:   # an extra not installed here (torch, ray): its own name
            optional.add(base.name.lower().replace("-", "_"))
            continue
        for name in names:
            optional |= {e.split(".")[0] for e in _top_level_entries(name) if not e.endswith("-info")}
    return optional


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel")
    # Built as a user builds it (an isolated build environment with pyproject's build requirements),
    # from a copy: an in-tree build would leave build/ in the checkout, and a stale build/lib can
    # ship a module that the sources no longer have.
    src = tmp / "src"
    shutil.copytree(ROOT, src, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", "results", "runs"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q",
                    "-w", str(tmp / "dist")], check=True, cwd=tmp)
    wheel = next((tmp / "dist").glob("root_env-*.whl"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, cwd=tmp)
    py = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "-q", str(wheel)],
                   check=True, cwd=tmp)
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    _link_dependencies(_closure(_wheel_requirements(wheel)), tmp / "deps")
    (site / "declared_dependencies.pth").write_text(str(tmp / "deps") + "\n")
    run = tmp / "elsewhere"
    run.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NUMBA_", "VIRTUAL_ENV"))}
    env["NUMBA_DISABLE_JIT"] = "1"

    def python(*args):
        out = subprocess.run([str(py), "-I", *args], cwd=run, env=env, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr[-3000:]
        return out.stdout

    return {"wheel": wheel, "venv": venv, "site": site, "python": python, "env": env, "run": run}


def test_wheel_holds_every_module_and_the_data(installed):
    with zipfile.ZipFile(installed["wheel"]) as z:
        names = set(z.namelist())
    packages = find_packages(str(ROOT), include=INCLUDE)
    assert {"root_env", "root_env.engine", "root_env.balance", "agents"} <= set(packages)
    for pkg in packages:
        folder = ROOT / pkg.replace(".", "/")
        for f in folder.glob("*.py"):
            assert f.relative_to(ROOT).as_posix() in names, f"{f.relative_to(ROOT)} is not in the wheel"
    assert "root_env/data/root_data.json" in names
    for page in ("index.html", "game.html", "new.js", "game.js", "app.css"):  # the browser game (root_env.web)
        assert f"root_env/web/static/{page}" in names, page
    assert not any(n.startswith(("tests/", "notebooks/", "benchmarks/results/")) for n in names)


def test_every_module_imports_from_the_fresh_environment(installed):
    optional = _optional_top_levels(installed["wheel"])
    assert {"scipy", "matplotlib"} <= optional
    out = json.loads(installed["python"]("-c", IMPORT_ALL, ",".join(sorted(optional)), "root_env,agents,benchmarks"))
    assert "root_env.engine.core" in out["imported"] and "agents.heuristic" in out["imported"]
    assert "root_env.balance.cli" in out["imported"]
    # only modules that need an extra may be missing, and they name it
    assert all(m.split(".")[0] in optional for m in out["skipped"].values()), out["skipped"]


def test_seeded_game_from_the_wheel_matches_the_checkout(installed):
    out = json.loads(installed["python"]("-c", GAME))
    assert Path(out["file"]).resolve().is_relative_to(installed["site"].resolve())
    assert not Path(out["file"]).resolve().is_relative_to(ROOT)
    assert out["factions"] == ["marquise", "eyrie"]   # the default seating
    here = {}
    exec(GAME.replace("print(json.dumps(", "here.update(("), {"here": here})
    assert out["sha"] == here["sha"] and out["decisions"] == here["decisions"] and out["winners"] == here["winners"]
    assert out["decisions"] > 50


def test_console_script_ships(installed):
    out = subprocess.run([str(installed["venv"] / "bin" / "root-balance"), "--help"], cwd=installed["run"],
                         env=installed["env"], capture_output=True, text=True)
    assert out.returncode == 0 and "run" in out.stdout and "sprt" in out.stdout

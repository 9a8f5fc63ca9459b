"""The first minute of a fresh install: how long until the first game, and until every stage is ready.

    python -m benchmarks.first_run [--cold] [--json benchmarks/results/first_run.json]

This tree is installed afresh, twice, each with no compiled cache at all:

- ``wheel``: a wheel built from this tree (``pip wheel --no-deps``) and installed into an empty folder
  (``pip install --no-deps --target``), imported from there, its cache where an install keeps it
  (``root_env/engine/__pycache__`` inside the install);
- ``checkout``: ``root_env/`` and ``agents/`` copied to an empty folder (a fresh clone), run from there.

For each, in fresh processes, one after the other (wall seconds from process start to exit):

1. ``first game``: a four-player game (Marquise, Eyrie, Alliance, Vagabond) played to the end through the
   Game API with the first legal action each time;
2. ``demo``: ``python -m root_env.demo``, the game ``make demo`` shows;
3. ``every stage``: ``python -m root_env.warmup`` (the engine, agents, batch kernels, arena, trainer);
4. ``warm start``: the first-game process again, everything now cached.

``--cold`` adds the same for a checkout with the shipped precompiled cache off (``ROOT_ENV_SHIPPED_CACHE=0``):
what a first run costs when it must compile (minutes on a 2-core machine); then the engine's speed in the
two checkouts, the shipped machine code (compiled for the manifest's CPU level) against the code compiled here for
this CPU: ``benchmarks.side_by_side``'s timer (random playouts, the serial batch of 64 with observations and
masks, per CPU second), ``--rounds`` rounds, the two taking turns, medians. The dependencies come from the
running interpreter (the install step is not timed). Prints a table and the JSON (``--json``), with the
machine, the date and the load average before and after.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_GAME = ("from root_env import Game\n"
              "g = Game.new(('marquise', 'eyrie', 'alliance', 'vagabond'), seed=1)\n"
              "while not g.is_over:\n"
              "    g.apply(int(g.legal_actions()[0]))\n"
              "print(g.turn)\n")
STEPS = (("first game", ["-c", FIRST_GAME]), ("demo", ["-m", "root_env.demo"]),
         ("every stage", ["-m", "root_env.warmup"]), ("warm start", ["-c", FIRST_GAME]))


def install_wheel(dest: Path) -> Path:
    """A wheel of this tree installed into `dest`/site; returns that folder. Built from a copy of the
    tree's sources, so that the build leaves nothing in the tree."""
    src, wheels = dest / "src", dest / "wheels"
    src.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md", "root_env", "agents", "benchmarks"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "results"))
        else:
            shutil.copy2(ROOT / name, src / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                    str(wheels), str(src)], check=True, capture_output=True)
    site = dest / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site),
                    *map(str, wheels.glob("*.whl"))], check=True, capture_output=True)
    return site


def copy_checkout(dest: Path) -> Path:
    site = dest / "checkout"
    for pkg in ("root_env", "agents"):
        shutil.copytree(ROOT / pkg, site / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    return site


def timed(site: Path, env_extra: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT",
                                                            "ROOT_ENV_SHIPPED_CACHE", "PYTHONPATH")}
    env.update(PYTHONPATH=str(site), **env_extra)
    out = {}
    with tempfile.TemporaryDirectory() as cwd:  # not this tree: its root_env must not shadow the install
        for name, args in STEPS:
            t0 = time.perf_counter()
            r = subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True)
            if r.returncode:
                raise RuntimeError(f"{name} failed in {site}:\n{r.stderr[-2000:]}")
            out[name] = {"wall_s": round(time.perf_counter() - t0, 2),
                         "compile_notices": [l for l in r.stderr.splitlines() if "compiling" in l]}
    return out


def engine_speed(trees: dict, rounds: int, seconds: float) -> dict:
    """Decisions per CPU second in each tree (side_by_side's timer), the trees taking turns; medians."""
    import statistics
    from benchmarks.side_by_side import MIXES, _TIMER
    runs: dict = {t: {} for t in trees}
    for _ in range(rounds):
        for tree, (site, extra) in trees.items():
            env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PYTHONPATH")}
            env.update(PYTHONPATH=str(site), **extra)
            r = subprocess.run([sys.executable, "-c", _TIMER, json.dumps(MIXES), str(seconds)], cwd=site, env=env,
                               capture_output=True, text=True, check=True)
            for mix, fig in json.loads(r.stdout.strip().splitlines()[-1]).items():
                runs[tree].setdefault(mix, []).append(round(fig["decisions_per_cpu_s"]))
    mixes = list(next(iter(runs.values())))
    return {"runs": runs, "medians": {m: {t: statistics.median(runs[t][m]) for t in trees} for m in mixes}}


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cold", action="store_true", help="also a checkout with the shipped cache off (minutes)")
    p.add_argument("--rounds", type=int, default=5, help="speed rounds with --cold")
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per speed figure with --cold")
    p.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = p.parse_args(argv)
    load0 = os.getloadavg()
    rows = {}
    with tempfile.TemporaryDirectory(prefix="root-env-first-run-") as tmp:
        rows["wheel"] = timed(install_wheel(Path(tmp) / "w"), {})
        rows["checkout"] = timed(copy_checkout(Path(tmp) / "c"), {})
        speed = None
        if args.cold:
            cold = copy_checkout(Path(tmp) / "cold")
            rows["checkout, shipped cache off"] = timed(cold, {"ROOT_ENV_SHIPPED_CACHE": "0"})
            speed = engine_speed({"shipped (CPU level)": (Path(tmp) / "c" / "checkout", {}),
                                  "compiled here (this CPU)": (cold, {"ROOT_ENV_SHIPPED_CACHE": "0"})},
                                 args.rounds, args.seconds)
    import numba
    result = {"what": "wall seconds from process start to exit, fresh installs with no compiled cache (module doc)",
              "date": datetime.date.today().isoformat(), "cpu_count": os.cpu_count(),
              "machine": platform.platform(), "python": platform.python_version(), "numba": numba.__version__,
              "load_before": [round(x, 2) for x in load0],
              "load_after": [round(x, 2) for x in os.getloadavg()], "installs": rows}
    if speed:
        result["engine_speed"] = speed
    names = [n for n, _ in STEPS]
    print(f"{'install':32s}" + "".join(f"{n:>14s}" for n in names))
    for install, r in rows.items():
        print(f"{install:32s}" + "".join(f"{r[n]['wall_s']:>13.1f}s" for n in names))
    for mix, figs in (speed or {}).get("medians", {}).items():
        print(f"{mix:32s}" + "".join(f"{tree}: {v / 1e3:,.0f} k/CPU s   " for tree, v in figs.items()))
    print(f"load average before {result['load_before']}, after {result['load_after']}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()

"""Compile time and engine speed of this tree against another git revision, side by side in one run.

    python -m benchmarks.side_by_side --rev 3ba9e40 [--rounds 5] [--seconds 2] [--stages full] [--warm-starts 5]
        [--no-compile] [--map NAME] [--json PATH]

The other revision is exported (``git archive``) to a temporary folder and imported from there in its
own processes, each tree with its own empty numba cache. For each tree, in turn:

- cold compile: a fresh process runs ``python -m root_env.warmup --json`` over the warm-up stages
  (``--stages``: ``engine``, ``demo``, ``full`` or ``all``, ``root_env.warmup``), and the CPU seconds it
  reports after each stage (cumulative) are kept: the single-game engine, what ``make demo`` needs, the
  full warm-up, every stage (what ``make test`` compiles first);
- warm start: fresh processes load the stages from the cache just filled, for each stage set within
  ``--stages`` (the engine, what ``make demo`` needs, the full warm-up, every stage); the figure is the
  whole process's CPU time (interpreter start, imports, cache loads and exit: user + system), the median
  of ``--warm-starts`` runs (default 5), the two trees taking turns.

Then the trees take turns, round after round, each round a fresh process per tree timing random playouts
of every faction mix for ``--seconds`` of CPU time each. Figures are per CPU second (``time.process_time``,
``getrusage``), so that other load on the machine changes them little; the median over rounds is
reported, with the ratio new / old, and beside it the median of the rounds' own ratios (``paired``: each
round's two processes ran back to back) and the ratio of the best rounds (``best``: a neighbour's load only ever
slows a run), which resolve more on a busy machine. Both trees play the same games: a tree that offers the
Vagabond more than the base game's three characters is limited to those.

``--no-compile`` measures speed alone: each tree loads its own shipped precompiled cache (a revision whose
``root_env/compiled/`` is current for its sources; another compiles once, untimed, before its first round).
``--here`` (with ``--no-compile``) times this checkout itself as the new tree, its working tree with the compiled
cache it already holds, instead of an export of HEAD: after an engine edit, whose shipped cache is not current, the
export would first compile the whole engine (10-40 minutes on a loaded machine).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import io
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
MIXES = {"marquise+eyrie": ("marquise", "eyrie"), "base 4": BASE4}

# Run inside each tree: time random playouts of each mix and the serial batch kernel, print one JSON line.
_TIMER = r"""
import json, sys, time
from root_env.engine.core import make_state, new_game
from root_env.engine.playout import random_playout
from root_env.game import faction_ids
mixes, seconds = json.loads(sys.argv[1]), float(sys.argv[2])
map_name = sys.argv[3] if len(sys.argv) > 3 else None  # a tree with the maps (format 12): play them on this map
out = {}
# The same games in both trees: where a tree offers the Vagabond more characters than the base game's three
# (issue 40), the option word limits it to those (a random Vagabond otherwise plays other characters' turns).
try:
    from root_env.data import CHARACTER_NAMES, BASE_CHARACTERS, CHARACTER_OPTION_SHIFT
    opts = sum(1 << (CHARACTER_OPTION_SHIFT + k) for k, n in enumerate(CHARACTER_NAMES) if n not in BASE_CHARACTERS)
except ImportError:
    opts = 0
batch_kw = {}
if map_name is not None:
    from root_env.data import MAP_OPTION_SHIFT
    from root_env.map_data import MAP_NAMES
    opts |= MAP_NAMES.index(map_name) << MAP_OPTION_SHIFT
    batch_kw["map"] = map_name
s = make_state()
for name, factions in mixes.items():
    ids = faction_ids(tuple(factions))
    new_game(s, ids, 0, 300, 0, opts)
    random_playout(s, 0, 1 << 40)
    games = decisions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        new_game(s, ids, games + 1, 300, 0, opts)
        decisions += random_playout(s, games + 1, 1 << 40)
        games += 1
    dt = time.process_time() - t0
    out[name] = {"decisions_per_cpu_s": decisions / dt, "games_per_cpu_s": games / dt}
# The serial batch kernel: 64 games of the first mix, random decisions, with observations and masks.
from root_env.engine.batch import Batch, I_TERMINATED, I_TRUNCATED
b = Batch(64, faction_ids(tuple(next(iter(mixes.values())))), parallel=False, **batch_kw)
b.reset(seed=0)
b.random_step()
steps = ended = 0
t0 = time.process_time()
while time.process_time() - t0 < seconds:
    b.random_step()
    steps += 1
    ended += int(b.info[:, I_TERMINATED].sum() + b.info[:, I_TRUNCATED].sum())
dt = time.process_time() - t0
out["batch 64, obs+mask"] = {"decisions_per_cpu_s": 64 * steps / dt, "games_per_cpu_s": ended / dt}
print(json.dumps(out))
"""
STAGE_SETS = {"engine": ("engine",), "demo": ("engine", "agents", "batch", "steps"),
              "full": ("engine", "agents", "batch", "steps", "parallel", "arena"),  # root_env.warmup's DEMO and FULL
              "all": ("engine", "agents", "batch", "steps", "parallel", "arena", "trainer")}  # its STAGES


def _loadavg() -> str:
    """The machine's load averages (1, 5, 15 minutes), kept with the figures: other load slows a run."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def export(rev: str, dest: Path) -> Path:
    """Write the tree of `rev` into dest (git archive), returning its root."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as t:
        t.extractall(dest, filter="data")
    return dest


def _run(tree: Path, cache: Path | None, args: list[str]) -> tuple[str, float]:
    """Run ``python ARGS`` in `tree` with numba's cache in `cache` (None: the tree's own, from its shipped
    precompiled cache where it has a current one): (last line of stdout, CPU seconds of the whole process, user +
    system)."""
    # The shipped precompiled cache off: the cold figures are compiles (older trees have none).
    env = {**os.environ, "PYTHONPATH": str(tree), "NUMBA_CACHE_DIR": str(cache), "ROOT_ENV_SHIPPED_CACHE": "0"}
    if cache is None:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        env.pop("NUMBA_CACHE_DIR", None)
        env.pop("ROOT_ENV_SHIPPED_CACHE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise RuntimeError(f"benchmark process in {tree} failed:\n{r.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r.stdout.strip().splitlines()[-1], cpu


def cold_compile(tree: Path, cache: Path, stages: tuple[str, ...]) -> dict:
    """Cold compile of `stages`: cumulative CPU s after each, empty cache."""
    out, _ = _run(tree, cache, ["-m", "root_env.warmup", "--json", *stages])
    return {s: v["cpu_s"] for s, v in json.loads(out).items()}


def warm_starts(trees: dict, caches: dict, stages: tuple[str, ...], n: int) -> dict:
    """Per tree, per stage set within `stages`: the median CPU s of `n` fresh processes loading that set
    from the filled cache, the trees and sets taking turns (so that a busy moment hits both alike)."""
    sets = [name for name, s in STAGE_SETS.items() if set(s) <= set(stages)]
    cpu = {k: {name: [] for name in sets} for k in trees}
    for _ in range(n):
        for name in sets:
            for k, t in trees.items():
                cpu[k][name].append(_run(t, caches[k], ["-m", "root_env.warmup", *STAGE_SETS[name]])[1])
    return {k: {name: statistics.median(v) for name, v in by_set.items()} for k, by_set in cpu.items()}


def timer_args(mixes: dict, seconds: float, map_name: str | None = None) -> list[str]:
    """The arguments of ``python`` that time `mixes` (and the batch kernel) for `seconds` CPU seconds each, on
    `map_name` (None: the tree's default, the Autumn map)."""
    return ["-c", _TIMER, json.dumps(mixes), str(seconds)] + ([map_name] if map_name else [])


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.side_by_side", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rev", required=True, help="the git revision to compare with (e.g. the commit before a change)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per mix per round")
    p.add_argument("--mix", action="append", default=[], metavar="NAME=F1,F2,...",
                   help="a mix timed in both trees, besides marquise+eyrie and base 4")
    p.add_argument("--new-mix", action="append", default=[], metavar="NAME=F1,F2,...",
                   help="a mix timed in this tree only (e.g. lizards=marquise,eyrie,alliance,vagabond,lizards)")
    p.add_argument("--stages", choices=tuple(STAGE_SETS), default="full",
                   help="warm-up stages whose cold compile and warm start are measured (default: full)")
    p.add_argument("--warm-starts", type=int, default=5, help="warm-start runs per tree and stage set (median)")
    p.add_argument("--no-compile", action="store_true",
                   help="speed only: each tree loads its shipped precompiled cache (compiling, untimed, where it has "
                        "no current one) and no compile or warm start is measured")
    p.add_argument("--here", action="store_true",
                   help="with --no-compile: the new tree is this checkout (its working tree and warm cache), not an "
                        "export of HEAD")
    p.add_argument("--map", default=None, help="play every game on this map in both trees (both need the maps, "
                   "format 12; benchmarks.map_speed compares the maps in one tree)")
    p.add_argument("--json", metavar="PATH")
    a = p.parse_args(argv)
    if a.rounds < 1 or a.seconds <= 0 or a.warm_starts < 1:
        p.error("--rounds and --warm-starts must be >= 1 and --seconds > 0")
    if a.here and not a.no_compile:
        p.error("--here measures speed alone: give --no-compile too")
    def mixes(specs):
        out = {}
        for spec in specs:
            name, _, fs = spec.partition("=")
            if not name or not fs:
                p.error(f"--mix and --new-mix want NAME=F1,F2,..., got {spec!r}")
            out[name] = tuple(fs.split(","))
        return out
    load_start = _loadavg()
    both = dict(MIXES, **mixes(a.mix))
    new_only = mixes(a.new_mix)
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"old": export(a.rev, Path(tmp) / "old"), "new": ROOT if a.here else export("HEAD", Path(tmp) / "new")}
        caches = {k: None if a.no_compile else Path(tmp) / f"cache-{k}" for k in trees}
        compiled = {}
        if not a.no_compile:
            compiled = {k: {"cold_cpu_s": cold_compile(t, caches[k], STAGE_SETS[a.stages])} for k, t in trees.items()}
            for k, warm in warm_starts(trees, caches, STAGE_SETS[a.stages], a.warm_starts).items():
                compiled[k]["warm_start_cpu_s"] = warm
        runs = {"old": [], "new": []}
        for _ in range(a.rounds):
            for k, t in trees.items():
                timed = dict(both, **(new_only if k == "new" else {}))
                runs[k].append(json.loads(_run(t, caches[k], timer_args(timed, a.seconds, a.map))[0]))
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    dirty = a.here and subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                                      capture_output=True, text=True).stdout.strip() != ""
    res = {"rev_old": a.rev, "rev_new": head + (" + uncommitted changes" if dirty else ""), "here": a.here,
           "rounds": a.rounds, "cpu_seconds_per_mix": a.seconds, "map": a.map or "autumn",
           "stages": a.stages, "compile": compiled, "loadavg_start": load_start, "loadavg_end": _loadavg(),
           "mixes": {}}
    for name in list(both) + list(new_only) + ["batch 64, obs+mask"]:
        row = {}
        for k in ("old", "new"):
            if name in runs[k][0]:
                for fig in ("decisions_per_cpu_s", "games_per_cpu_s"):
                    row[f"{fig}_{k}"] = statistics.median(r[name][fig] for r in runs[k])
        if "decisions_per_cpu_s_old" in row:
            row["ratio_decisions"] = row["decisions_per_cpu_s_new"] / row["decisions_per_cpu_s_old"]
            row["ratio_games"] = row["games_per_cpu_s_new"] / row["games_per_cpu_s_old"]
            # Each round's two processes ran back to back: the median of the rounds' own ratios, and the ratio of
            # the best rounds (a neighbour's load only ever slows a run), resolve more than the medians on a busy
            # machine. The rounds themselves are kept.
            old_r = [r[name]["decisions_per_cpu_s"] for r in runs["old"]]
            new_r = [r[name]["decisions_per_cpu_s"] for r in runs["new"]]
            row["rounds_decisions_old"], row["rounds_decisions_new"] = old_r, new_r
            row["ratio_decisions_paired"] = statistics.median(b / a for a, b in zip(old_r, new_r))
            row["ratio_decisions_best"] = max(new_r) / max(old_r)
        res["mixes"][name] = row
    print(f"old {res['rev_old']} vs new {res['rev_new']}, median of {a.rounds} rounds, per CPU second; load average "
          f"{res['loadavg_start']} at the start, {res['loadavg_end']} at the end")
    print(f"{'mix':<20}{'decisions/s old':>17}{'new':>12}{'ratio':>8}{'games/s old':>13}{'new':>9}{'ratio':>8}"
          f"{'paired':>8}{'best':>7}")
    for name, r in res["mixes"].items():
        old_d = f"{r['decisions_per_cpu_s_old']:,.0f}" if "decisions_per_cpu_s_old" in r else "-"
        old_g = f"{r['games_per_cpu_s_old']:,.1f}" if "games_per_cpu_s_old" in r else "-"
        print(f"{name:<20}{old_d:>17}{r['decisions_per_cpu_s_new']:>12,.0f}{r.get('ratio_decisions', float('nan')):>8.3f}"
              f"{old_g:>13}{r['games_per_cpu_s_new']:>9,.1f}{r.get('ratio_games', float('nan')):>8.3f}"
              f"{r.get('ratio_decisions_paired', float('nan')):>8.3f}{r.get('ratio_decisions_best', float('nan')):>7.3f}")
    if a.no_compile:
        if a.json:
            Path(a.json).write_text(json.dumps(res, indent=2))
        return res
    print(f"\n{'CPU s':<44}{'old':>8}{'new':>8}{'ratio':>8}")
    labels = {"engine": "cold compile: the engine", "batch": "cold compile: what make demo needs",
              "arena": "cold compile: the full warm-up"}
    rows = [(labels.get(s, f"cold compile: + {s}"), compiled["old"]["cold_cpu_s"][s], compiled["new"]["cold_cpu_s"][s])
            for s in STAGE_SETS[a.stages]]
    rows += [(f"warm start ({name}), whole process", compiled["old"]["warm_start_cpu_s"][name],
              compiled["new"]["warm_start_cpu_s"][name]) for name in compiled["new"]["warm_start_cpu_s"]]
    for label, old, new in rows:
        print(f"{label:<44}{old:>8.2f}{new:>8.2f}{new / old:>8.3f}")
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=2))
    return res


if __name__ == "__main__":
    main()

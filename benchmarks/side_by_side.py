"""Engine speed of this tree against another git revision, side by side in one run.

    python -m benchmarks.side_by_side --rev 3ba9e40 [--rounds 5] [--seconds 2] [--json PATH]

The other revision is exported (``git archive``) to a temporary folder and imported from there in its
own processes, with its own numba cache. For each tree the first process measures the cold compile of the
single-game engine (empty cache, CPU seconds); then the trees take turns, round after round, each round a
fresh process per tree timing random playouts of every faction mix for ``--seconds`` of CPU time each.
Figures are per CPU second of the timing process (``time.process_time``), so that other load on the
machine changes them little; the median over rounds is reported, with the ratio new / old.
"""
from __future__ import annotations

import argparse
import json
import os
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

# Run inside each tree: time random playouts of each mix, print one JSON line.
_TIMER = r"""
import json, sys, time
from root_env.engine.core import make_state, new_game
from root_env.engine.playout import random_playout
from root_env.game import faction_ids
mixes, seconds = json.loads(sys.argv[1]), float(sys.argv[2])
out = {}
s = make_state()
for name, factions in mixes.items():
    ids = faction_ids(tuple(factions))
    new_game(s, ids, 0, 300, 0, 0)
    random_playout(s, 0, 1 << 40)
    games = decisions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        new_game(s, ids, games + 1, 300, 0, 0)
        decisions += random_playout(s, games + 1, 1 << 40)
        games += 1
    dt = time.process_time() - t0
    out[name] = {"decisions_per_cpu_s": decisions / dt, "games_per_cpu_s": games / dt}
print(json.dumps(out))
"""
_COMPILE = r"""
import time
t0 = time.process_time()
from root_env.engine import core
core.ensure_compiled()
print(time.process_time() - t0)
"""


def export(rev: str, dest: Path) -> Path:
    """Write the tree of `rev` into dest (git archive), returning its root."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as t:
        t.extractall(dest, filter="data")
    return dest


def _run(tree: Path, code: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    r = subprocess.run([sys.executable, "-c", code, *args], cwd=tree, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"benchmark process in {tree} failed:\n{r.stderr[-2000:]}")
    return r.stdout.strip().splitlines()[-1]


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.side_by_side", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rev", required=True, help="the git revision to compare with (e.g. the commit before a change)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per mix per round")
    p.add_argument("--new-mix", action="append", default=[], metavar="NAME=F1,F2,...",
                   help="a mix timed in this tree only (e.g. lizards=marquise,eyrie,alliance,vagabond,lizards)")
    p.add_argument("--json", metavar="PATH")
    a = p.parse_args(argv)
    if a.rounds < 1 or a.seconds <= 0:
        p.error("--rounds must be >= 1 and --seconds > 0")
    new_only = {}
    for spec in a.new_mix:
        name, _, fs = spec.partition("=")
        if not name or not fs:
            p.error(f"--new-mix wants NAME=F1,F2,..., got {spec!r}")
        new_only[name] = tuple(fs.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"old": export(a.rev, Path(tmp) / "old"), "new": export("HEAD", Path(tmp) / "new")}
        compile_s = {k: float(_run(t, _COMPILE)) for k, t in trees.items()}
        runs = {"old": [], "new": []}
        for _ in range(a.rounds):
            for k, t in trees.items():
                mixes = dict(MIXES, **(new_only if k == "new" else {}))
                runs[k].append(json.loads(_run(t, _TIMER, json.dumps(mixes), str(a.seconds))))
    res = {"rev_old": a.rev, "rev_new": subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                                       capture_output=True, text=True).stdout.strip(),
           "rounds": a.rounds, "cpu_seconds_per_mix": a.seconds,
           "cold_compile_engine_cpu_s": compile_s, "mixes": {}}
    for name in list(MIXES) + list(new_only):
        row = {}
        for k in ("old", "new"):
            if name in runs[k][0]:
                for fig in ("decisions_per_cpu_s", "games_per_cpu_s"):
                    row[f"{fig}_{k}"] = statistics.median(r[name][fig] for r in runs[k])
        if "decisions_per_cpu_s_old" in row:
            row["ratio_decisions"] = row["decisions_per_cpu_s_new"] / row["decisions_per_cpu_s_old"]
            row["ratio_games"] = row["games_per_cpu_s_new"] / row["games_per_cpu_s_old"]
        res["mixes"][name] = row
    print(f"old {res['rev_old']} vs new {res['rev_new']}, median of {a.rounds} rounds, per CPU second")
    print(f"{'mix':<16}{'decisions/s old':>17}{'new':>12}{'ratio':>8}{'games/s old':>13}{'new':>9}{'ratio':>8}")
    for name, r in res["mixes"].items():
        old_d = f"{r['decisions_per_cpu_s_old']:,.0f}" if "decisions_per_cpu_s_old" in r else "-"
        old_g = f"{r['games_per_cpu_s_old']:,.1f}" if "games_per_cpu_s_old" in r else "-"
        print(f"{name:<16}{old_d:>17}{r['decisions_per_cpu_s_new']:>12,.0f}{r.get('ratio_decisions', float('nan')):>8.3f}"
              f"{old_g:>13}{r['games_per_cpu_s_new']:>9,.1f}{r.get('ratio_games', float('nan')):>8.3f}")
    print(f"cold compile of the engine, CPU s: old {compile_s['old']:.1f}, new {compile_s['new']:.1f}")
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=2))
    return res


if __name__ == "__main__":
    main()

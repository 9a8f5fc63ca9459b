"""Where random games spend their time inside the compiled engine, by function (Linux ``perf``, one core).

    python -m benchmarks.profile_engine [--mix hundreds,marquise,vagabond,lizards] [--seconds 8] [--top 30]
        [--agents random|heuristic|heuristic_v1|...] [--json PATH]

numba's machine code has no symbols that ``perf`` can read: it lies in anonymous memory that LLVM's loader filled
from the compiled cache. This tool runs random playouts (``engine.playout.random_playout``, by
``benchmarks.throughput.engine_single_core``) in a child process under ``perf record``; the child keeps the object code of
each library the cache loads, reads its functions' offsets and sizes (``nm``), places its code section by the address
of one of its own (global) functions (``get_pointer_to_function``) and writes every function's address to
``/tmp/perf-PID.map``, the file ``perf`` reads JIT symbols from. Every engine entry point holds its own copy of the
engine; a callee is bound to the copy loaded first (the library of ``new_game``), which is where most samples fall.
Samples in the 4 KiB page of numba's reference counting (``NRT_incref`` / ``NRT_decref``: the arrays passed between
functions that were not inlined) are counted as such. Self time only (numba's frames keep no call chains ``perf``
can walk). A function that compiles during the run (missing from the compiled cache) is named in a warning and in the
JSON (``compiled_during_run``): its compile's samples would otherwise read as time "outside the engine". Needs ``perf`` and ``nm`` (binutils) and ``perf_event_paranoid`` <= 2.
"""
from __future__ import annotations

import argparse
import bisect
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

CHILD = "--child"


def _agent_games(seconds: float, mix: tuple, agents: str, clock) -> dict:
    """Games of `agents` at every seat (``agents.arena.play_games``, one thread) for `seconds` of `clock`."""
    from agents.arena import play_games
    play_games(1, mix, agents, seed=0, threads=1)  # loaded (or compiled) before timing
    games = decisions = 0
    t0 = clock()
    while clock() - t0 < seconds:
        decisions += int(play_games(2, mix, agents, seed=1 + games, threads=1)["decisions"].sum())
        games += 2
    dt = clock() - t0
    return {"engine_decisions_per_s_1core": decisions / dt, "games_per_s_1core": games / dt}


def _child(mix: tuple, seconds: float, workdir: str, agents: str = "random") -> None:
    """Under perf: games for `seconds` of CPU (random playouts by ``benchmarks.throughput``, or `agents` at every
    seat by the arena), then the loaded code's perf map."""
    from root_env.engine import lazycache

    objects = []
    original = lazycache.LazyLinkLibrary._set_compiled_object

    def keep(self, value):
        objects.append((self, value))
        return original(self, value)

    lazycache.LazyLinkLibrary._set_compiled_object = keep
    import time

    from numba.core import event

    from benchmarks.throughput import engine_single_core  # (imports the engine after the patch above)

    # A function missing from the compiled cache compiles inside the profiled run, and its compile's samples fall
    # "outside the engine": numba announces each cache miss as a "numba:compile" event, so the report can say so.
    with event.install_recorder("numba:compile") as recorder:
        if agents == "random":
            rate = engine_single_core(seconds, mix, clock=time.process_time)["engine_decisions_per_s_1core"]
        else:
            rate = _agent_games(seconds, mix, agents, time.process_time)["engine_decisions_per_s_1core"]
    compiled = sorted({str(getattr(ev.data.get("dispatcher"), "py_func", ev.data.get("dispatcher")).__qualname__)
                       for _, ev in recorder.buffer if ev.is_start and isinstance(ev.data, dict)})
    regions = []
    for line in open("/proc/self/maps"):
        p = line.split()
        if "x" in p[1] and len(p) < 6:  # executable, anonymous
            a, b = (int(x, 16) for x in p[0].split("-"))
            regions.append((a, b))
    lines = []
    path = os.path.join(workdir, "lib.o")
    for library, data in objects:
        with open(path, "wb") as fh:
            fh.write(data)
        syms = [row.split() for row in subprocess.run(["nm", "-S", "--defined-only", path], capture_output=True,
                                                       text=True).stdout.splitlines()]
        syms = [q for q in syms if len(q) == 4 and q[2] in "tTW"]
        # The library's own (global, not weak) functions have one address: it places the code section.
        base = None
        for q in syms:
            if q[2] == "T":
                try:
                    base = library.get_pointer_to_function(q[3]) - int(q[0], 16)
                    break
                except Exception:
                    continue
        if not base or base < 0:
            continue
        for q in syms:
            lines.append(f"{base + int(q[0], 16):x} {int(q[1], 16):x} {library.name}:{q[3]}\n")
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as fh:
        fh.writelines(lines)
    nrt = [a for a, b in regions if b - a == 4096]
    json.dump({"decisions_per_s": rate, "pid": os.getpid(), "nrt_pages": nrt,
               "symbols": len(lines), "compiled": compiled}, open(os.path.join(workdir, "child.json"), "w"))


def _short(symbol: str) -> str:
    """'root_env.engine.score.check_victory' from a mangled numba name."""
    name = symbol.split(":", 1)[1]
    m = re.match(r"_ZN(.*?)(?:__jitted)?B\d", name)
    if not m:
        return name[:60]
    parts, rest = [], m.group(1)
    while rest and rest[0].isdigit():
        k = int(re.match(r"\d+", rest).group(0))
        rest = rest[len(str(k)):]
        parts.append(rest[:k])
        rest = rest[k:]
    return ".".join(parts).replace("__jitted", "") or name[:60]


def profile(mix: tuple, seconds: float, top: int, agents: str = "random") -> dict:
    work = tempfile.mkdtemp(prefix="profile_engine_")
    data = os.path.join(work, "perf.data")
    cmd = ["perf", "record", "-q", "-F", "2000", "-o", data, sys.executable, "-m", "benchmarks.profile_engine", CHILD,
           ",".join(mix), str(seconds), work, agents]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    child = json.load(open(os.path.join(work, "child.json")))
    mapfile = f"/tmp/perf-{child['pid']}.map"
    table = []
    for row in open(mapfile):
        a, n, sym = row.rstrip("\n").split(" ", 2)
        table.append((int(a, 16), int(n, 16), sym))
    table.sort()
    starts = [t[0] for t in table]
    ips = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True, text=True).stdout.split()
    counts = collections.Counter()
    for text in ips:
        ip = int(text, 16)
        i = bisect.bisect_right(starts, ip) - 1
        if i >= 0 and ip < table[i][0] + table[i][1]:
            counts[_short(table[i][2])] += 1
        elif any(p <= ip < p + 4096 for p in child["nrt_pages"]):
            counts["(numba NRT_incref / NRT_decref)"] += 1
        else:
            counts["(outside the engine: Python, set-up, kernel)"] += 1
    total = sum(counts.values())
    os.remove(mapfile)
    return {"mix": list(mix), "agents": agents, "seconds": seconds, "decisions_per_s": child["decisions_per_s"],
            "samples": total, "symbols": child["symbols"], "compiled_during_run": child["compiled"],
            "top": [{"function": k, "share": v / total} for k, v in counts.most_common(top)]}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mix", default="hundreds,marquise,vagabond,lizards")
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--agents", default="random", help="random (compiled random playouts, the default) or an arena "
                    "kind at every seat, e.g. heuristic or heuristic_v1 (agents.arena.play_games, one thread)")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    out = profile(tuple(args.mix.split(",")), args.seconds, args.top, args.agents)
    print(f"{out['mix']} ({out['agents']}): {out['decisions_per_s']:,.0f} decisions / CPU s under perf, {out['samples']} samples")
    if out["compiled_during_run"]:
        names = out["compiled_during_run"]
        print(f"WARNING: {len(names)} function(s) compiled during the profiled run (not in the compiled cache: "
              f"{', '.join(names[:5])}{' ...' if len(names) > 5 else ''}); their compile falls 'outside the engine'. "
              f"Warm the cache (python -m root_env.warmup) and run again.", file=sys.stderr)
    print("| share | function (self time) |\n|---:|---|")
    for row in out["top"]:
        print(f"| {100 * row['share']:.1f} % | {row['function']} |")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return out


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == CHILD:
        _child(tuple(sys.argv[2].split(",")), float(sys.argv[3]), sys.argv[4], sys.argv[5])
    else:
        main()

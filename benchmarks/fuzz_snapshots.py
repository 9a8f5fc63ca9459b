"""Fuzz of untrusted snapshots: mutated positions must be refused by name or play cleanly.

    python -m benchmarks.fuzz_snapshots [--cases 20000] [--procs 2] [--seed 0] [--json PATH]

Each case takes a real position (random games of every faction and Clockwork bot mix, competitive and
cooperative, at random decision points, some finished), changes 1, 2 or 5 entries of its state (extreme
values, negatives, off-by-one values at the region's bounds, small steps, random values in range), recomputes
the snapshot's sha256 (as anyone editing a file can) and loads it with ``Game.from_snapshot``. The outcome is
one of:

- ``refused``: a ``RecordError`` naming a state region (``named_mutated``: the region of a changed
  entry is among those named);
- ``played``: accepted, then 200 random legal actions (or until the game ends), every position after each
  within the ranges of ``layout.BOUNDS`` and keeping the invariants (``engine.invariants.check_state``), and
  the last one loading again (``engine.validate.state_problem``);
- ``unchanged``: every change wrote the value already there (accepted, and played as above);
- failures: ``crash`` (the process died, e.g. a segfault), ``hang`` (a case ran past the time limit),
  ``engine_error`` (an accepted position raised while playing), ``broke`` (an accepted position reached a
  position out of range, breaking an invariant, or refused on loading: a state that loads and then breaks),
  ``load_error`` (an error other than a RecordError while loading), ``unnamed`` (refused without naming a
  region).

Cases run in child processes that report each case before and after running it, so a crash or a hang
is attributed to its case, and the run goes on in a new child; the parent reads the children's output
unbuffered (``os.read`` on the pipe, whole lines split here), so no reported line waits unseen in a buffer.
Prints JSON and a table.
"""
from __future__ import annotations

import argparse
import json
import os
import selectors
import subprocess
import sys
import time

import numpy as np

# Every faction and every Clockwork bot (each level and trait somewhere), competitive and Cooperative (a mix's
# second element: Game.new's keyword options).
MIXES = tuple((m, {}) for m in (
    ("marquise", "eyrie"), ("eyrie", "marquise"), ("alliance", "vagabond"), ("vagabond", "eyrie"),
    ("marquise", "alliance"), ("marquise", "eyrie", "alliance", "vagabond"),
    ("alliance", "vagabond", "marquise", "eyrie"), ("eyrie", "alliance", "vagabond"),
    ("lizards", "marquise"), ("eyrie", "lizards", "alliance"), ("marquise", "eyrie", "alliance", "vagabond", "lizards"),
    ("riverfolk", "marquise"), ("eyrie", "riverfolk", "alliance"), ("vagabond", "riverfolk"),
    ("marquise", "eyrie", "alliance", "vagabond", "riverfolk"), ("riverfolk", "lizards", "vagabond"),
    ("corvids", "marquise"), ("eyrie", "corvids", "alliance"), ("vagabond", "corvids"),
    ("marquise", "eyrie", "alliance", "vagabond", "corvids"), ("corvids", "riverfolk", "lizards"),
    ("vagabond", "vagabond2"), ("marquise", "vagabond", "eyrie", "vagabond2", "riverfolk"),
    ("hundreds", "marquise"), ("vagabond", "hundreds", "lizards", "corvids"),
    ("bot:mechanical_marquise", "eyrie"), ("alliance", "bot:mechanical_marquise:easy+blitz+fortified"),
    ("bot:mechanical_marquise:nightmare+iron_will+hospitals", "lizards", "riverfolk", "corvids"),
    ("bot:electric_eyrie", "marquise"), ("vagabond", "bot:electric_eyrie:challenging+relentless+swoop"),
    ("bot:electric_eyrie:nightmare+nobility+war_tax", "riverfolk", "alliance", "vagabond2", "vagabond"),
    ("bot:automated_alliance", "marquise"), ("eyrie", "bot:automated_alliance:easy+veterans+popularity"),
    ("bot:automated_alliance:challenging+informants+wildfire", "corvids", "lizards", "vagabond"),
    ("bot:mechanical_marquise", "bot:electric_eyrie", "bot:automated_alliance", "vagabond", "riverfolk"),
)) + (
    (("bot:mechanical_marquise:normal+blitz", "eyrie", "riverfolk"), {"cooperative": True}),
    (("bot:electric_eyrie:easy", "bot:automated_alliance", "marquise", "vagabond"),
     {"cooperative": True, "bot_rules": "law"}),
    (("bot:automated_alliance:nightmare", "lizards", "corvids"),
     {"bot_options": {"aa_bird_order": "any", "aa_spread_fallback": "literal", "aa_track": "alliance",
                      "aa_wildfire": "after_discard"}}),
    # The Lake map (Law C.2): positions with the Ferry moved and used (the FERRY region, its turn flags)
    (("riverfolk", "vagabond", "marquise", "corvids"), {"map": "lake"}),
    (("bot:mechanical_marquise", "eyrie", "alliance", "vagabond", "hundreds"), {"map": "lake"}),
    # The Keepers in Iron (Law 15): relics in forests, clearings and on the Relics spaces, the Retinue's cards
    (("keepers", "marquise"), {}), (("corvids", "keepers", "vagabond", "bot:automated_alliance"), {}),
    (("keepers", "hundreds", "riverfolk"), {"map": "mountain"}),
    # The Underground Duchy (Law 12): warriors in the Burrow, tunnels, swayed ministers, crowns lost, revealed cards
    (("duchy", "marquise"), {}), (("duchy", "corvids", "vagabond", "bot:automated_alliance"), {}),
    (("duchy", "keepers", "riverfolk"), {"map": "winter"}),
)
CHANGES = (1, 2, 5)
PLAY_ACTIONS = 200
FAILURES = ("crash", "hang", "engine_error", "broke", "load_error", "unnamed")
OUTCOMES = ("refused", "played", "unchanged") + FAILURES


# ---------------------------------------------------------------- positions and mutations
def base_states(n: int, seed: int) -> list[np.ndarray]:
    """`n` real positions: random games of each mix, stopped at random points (every 8th played out)."""
    from root_env import Game
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        mix, options = MIXES[i % len(MIXES)]
        g = Game.new(mix, seed=int(rng.integers(1 << 30)), max_turns=int(rng.choice([5, 40, 300])),
                     random_seating=bool(i % 3 == 0), auto_forced=bool(i % 2), **options)
        stop = 1 << 30 if i % 8 == 7 else int(rng.integers(0, 600))
        k = 0
        while not g.is_over and k < stop:
            legal = g.legal_actions()
            g.apply(int(legal[rng.integers(len(legal))]))
            k += 1
        out.append(g.state.copy())
    return out


def _value(rng, lo: int, hi: int, old: int) -> int:
    kind = rng.integers(9)
    if kind == 0:
        return int(rng.choice([2**63 - 1, -2**63, 2**62, -10**12, 10**12, 10**6, 2**32, 2**31]))
    if kind == 1:
        return int(rng.choice([-1, -2, -100, -int(rng.integers(1, 1 << 40))]))
    if kind == 2:
        return int(rng.choice([lo - 1, hi + 1]))         # just outside the region's bounds
    if kind == 3:
        return int(rng.choice([lo, hi]))                 # at the bounds
    if kind in (4, 5):
        return old + int(rng.choice([-1, 1]))            # off by one from the real value
    return int(rng.integers(lo, hi + 1)) if hi - lo < (1 << 62) else old + int(rng.integers(-3, 4))


def mutate(state: np.ndarray, rng, k: int) -> tuple[np.ndarray, list[tuple[str, int, int, int]]]:
    """A copy of `state` with `k` entries changed: (state, [(region, index, old, new)])."""
    from root_env.layout import REGIONS, BOUNDS
    s = state.copy()
    changes = []
    for _ in range(k):
        name, start, size = REGIONS[rng.integers(len(REGIONS))]
        j = int(rng.integers(size))
        _, lo, hi = BOUNDS[name]
        old = int(s[start + j])
        new = _value(rng, lo[j], hi[j], old)
        new = max(-2**63, min(2**63 - 1, new))
        s[start + j] = new
        changes.append((name, start + j, old, new))
    return s, changes


def snapshot_of(state: np.ndarray) -> dict:
    """A snapshot dict of any state array, its checksum recomputed."""
    import base64
    import hashlib
    from root_env.layout import FORMAT_VERSION, STATE_SIZE
    raw = np.ascontiguousarray(state, dtype="<i8").tobytes()
    return {"format": "root_env/snapshot", "format_version": 1, "state_format_version": FORMAT_VERSION,
            "state_size": STATE_SIZE, "dtype": "<i8", "state": base64.b64encode(raw).decode("ascii"),
            "sha256": hashlib.sha256(raw).hexdigest()}


def run_case(state: np.ndarray, changes, rng) -> tuple[str, str]:
    """(outcome, detail) of loading and playing one mutated state."""
    from root_env import Game
    from root_env.layout import REGIONS
    from root_env.records import RecordError
    try:
        g = Game.from_snapshot(snapshot_of(state))
    except RecordError as e:
        msg = str(e)
        named = [n for n, _, _ in REGIONS if n in msg]
        if not named:
            return "unnamed", msg[:200]
        return "refused", "named_mutated" if any(c[0] in named for c in changes) else "named_other"
    except Exception as e:  # noqa: BLE001 - any other error is a finding
        return "load_error", f"{type(e).__name__}: {str(e)[:200]}"
    try:
        broke = play_checked(g, rng, PLAY_ACTIONS)
    except Exception as e:  # noqa: BLE001
        return "engine_error", f"{type(e).__name__}: {str(e)[:200]}"
    if broke:
        return "broke", broke[:300]
    return ("unchanged" if all(c[2] == c[3] for c in changes) else "played"), ""


def play_checked(g, rng, n: int) -> str | None:
    """Play up to `n` random legal actions in game `g`, checking every position reached: None, or what broke
    (a region out of its range, an invariant, or the last position refused on loading)."""
    from root_env.engine.invariants import check_state, CHECKS
    from root_env.engine.validate import LO, HI, first_out_of_range, region_of, state_problem
    for k in range(n):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(int(legal[rng.integers(len(legal))]))
        i = int(first_out_of_range(g.state, LO, HI))
        if i >= 0:
            return f"after {k + 1} actions: {region_of(i)} = {int(g.state[i])} outside its range"
        code = int(check_state(g.state))
        if code:
            return f"after {k + 1} actions: {CHECKS[code]}"
    problem = state_problem(g.state)
    return f"the position reached does not load: {problem}" if problem else None


def case_inputs(i: int, seed: int, bases: list[np.ndarray]):
    """The mutated state of case i (deterministic in (seed, i)) and its rng for play."""
    rng = np.random.default_rng([seed, i])
    k = CHANGES[i % len(CHANGES)]
    state, changes = mutate(bases[int(rng.integers(len(bases)))], rng, k)
    return state, changes, rng, k


# ---------------------------------------------------------------- child process
def child(first: int, last: int, seed: int, n_bases: int) -> None:
    """Run cases [first, last): print 'start i' before and 'done i outcome k detail' after each."""
    bases = base_states(n_bases, seed)
    from root_env import Game
    Game.from_state(bases[0])  # compiles the validator now, not inside the first case's time limit
    print("ready", flush=True)
    for i in range(first, last):
        state, changes, rng, k = case_inputs(i, seed, bases)
        print(f"start {i}", flush=True)
        outcome, detail = run_case(state, changes, rng)
        where = ";".join(f"{c[0]}@{c[1]}:{c[2]}->{c[3]}" for c in changes)
        print(json.dumps({"i": i, "outcome": outcome, "k": k, "detail": detail, "changes": where}), flush=True)


# ---------------------------------------------------------------- parent
class LineReader:
    """Whole lines from a pipe read unbuffered (``os.read``): ``fill`` reads what the pipe holds (after a select
    said it is readable), ``line`` returns the next whole line, "" at the end of the output, None while no whole
    line has arrived. (A buffered file's ``readline`` can read several lines at once and leave the later ones in
    its buffer, where a select on the pipe never sees them: a reported case would wait there as a hang.)"""

    def __init__(self, fd: int):
        self.fd = fd
        self.buf = b""
        self.eof = False

    def fill(self) -> None:
        chunk = os.read(self.fd, 1 << 16)
        if chunk:
            self.buf += chunk
        else:
            self.eof = True

    def line(self) -> str | None:
        j = self.buf.find(b"\n")
        if j >= 0:
            out, self.buf = self.buf[:j + 1], self.buf[j + 1:]
            return out.decode(errors="replace")
        if self.eof:
            out, self.buf = self.buf, b""
            return out.decode(errors="replace")  # "" at the end; a last line without its newline, whole
        return None


def _run_range(first: int, last: int, seed: int, n_bases: int, time_limit: float, results: dict) -> None:
    """Run cases [first, last) in child processes; a crash or a hang ends a child, the next one goes on."""
    i = first
    while i < last:
        cmd = [sys.executable, "-m", "benchmarks.fuzz_snapshots", "--child", str(i), str(last),
               "--seed", str(seed), "--bases", str(n_bases)]
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
                             cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        current = None
        deadline = None
        sel = selectors.DefaultSelector()
        sel.register(p.stdout, selectors.EVENT_READ)
        ready_limit = time.monotonic() + 600  # building the base positions (and a cold numba cache)
        reader = LineReader(p.stdout.fileno())
        while True:
            line = reader.line()  # a whole line already read: no select, which sees only the pipe itself
            if line is None:
                limit = deadline if deadline is not None else ready_limit
                ev = sel.select(timeout=max(0.0, limit - time.monotonic()))
                if not ev:  # the current case ran past the limit
                    p.kill()
                    p.wait()
                    if current is None:
                        raise RuntimeError("the fuzz child did not start")
                    results[current] = {"i": current, "outcome": "hang", "k": None, "detail": f"> {time_limit} s"}
                    i = current + 1
                    break
                reader.fill()
                continue
            if not line:  # the child exited
                code = p.wait()
                if current is not None and current not in results:
                    err = p.stderr.read()[-300:].decode(errors="replace")
                    results[current] = {"i": current, "outcome": "crash", "k": None,
                                        "detail": f"exit code {code}: {err}"}
                    i = current + 1
                elif current is None:
                    raise RuntimeError(f"the fuzz child failed: {p.stderr.read()[-2000:].decode(errors='replace')}")
                else:
                    i = current + 1
                break
            if line.startswith("start "):
                current = int(line.split()[1])
                deadline = time.monotonic() + time_limit
            elif line.startswith("{"):
                r = json.loads(line)
                results[r["i"]] = r
                deadline = None
        sel.close()
        if i >= last:
            break


def run(cases: int, seed: int = 0, procs: int = 2, n_bases: int = 48, time_limit: float = 60.0) -> dict:
    """Run `cases` cases split over `procs` child chains (threads of this process wait on them)."""
    import threading
    results: dict = {}
    bounds = np.linspace(0, cases, procs + 1).astype(int)
    t0 = time.perf_counter()
    threads = [threading.Thread(target=_run_range, args=(int(a), int(b), seed, n_bases, time_limit, results))
               for a, b in zip(bounds[:-1], bounds[1:]) if b > a]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    dt = time.perf_counter() - t0
    rs = [results[i] for i in sorted(results)]
    counts = {o: sum(1 for r in rs if r["outcome"] == o) for o in OUTCOMES}
    by_k = {str(k): {o: sum(1 for r in rs if r["outcome"] == o and r["k"] == k) for o in OUTCOMES} for k in CHANGES}
    named_mutated = sum(1 for r in rs if r["outcome"] == "refused" and r["detail"] == "named_mutated")
    return {"cases": len(rs), "seed": seed, "seconds": round(dt, 1), "counts": counts, "by_changes": by_k,
            "refused_naming_a_changed_region": named_mutated,
            "failures": [r for r in rs if r["outcome"] in FAILURES][:50]}


def table(res: dict) -> str:
    lines = [f"fuzz of mutated snapshots: {res['cases']} cases in {res['seconds']} s (seed {res['seed']})", "",
             "| outcome | all | " + " | ".join(f"{k} change(s)" for k in CHANGES) + " |",
             "|---|---:|" + "---:|" * len(CHANGES)]
    for o in OUTCOMES:
        lines.append(f"| {o} | {res['counts'][o]} | " + " | ".join(str(res['by_changes'][str(k)][o]) for k in CHANGES)
                     + " |")
    lines.append("")
    lines.append(f"refused naming a changed region: {res['refused_naming_a_changed_region']} of "
                 f"{res['counts']['refused']}")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.fuzz_snapshots", description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=20_000)
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bases", type=int, default=48, help="real positions the mutations start from")
    p.add_argument("--time-limit", type=float, default=60.0, help="seconds one case may take")
    p.add_argument("--json", default=None, help="also write the JSON here")
    p.add_argument("--child", nargs=2, type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        child(args.child[0], args.child[1], args.seed, args.bases)
        return 0
    res = run(args.cases, args.seed, args.procs, args.bases, args.time_limit)
    text = json.dumps(res, indent=1)
    print(text)
    print(table(res))
    if args.json:
        with open(args.json, "w") as fh:
            fh.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

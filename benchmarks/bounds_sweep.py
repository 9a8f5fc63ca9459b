"""Random games over many faction mixes, every position checked against the state's declared bounds.

    python -m benchmarks.bounds_sweep [--games 2000] [--mixes 0] [--seed 0] [--jobs 2] [--chunk 50]
                                      [--json PATH] [--progress PATH] [--resume]
    python -m benchmarks.bounds_sweep --replay '<a break's "game" JSON>'

Each game is a mix (``MIXES``: every faction, the second Vagabond, the Clockwork bots at each difficulty and with
their traits, competitive and Cooperative, 2 to 6 players) played with options drawn from its seed (``variant``):
one of the four maps, Standard or Advanced Setup, random seating or not, single-option decisions applied by the
engine (``auto_forced``) or not, the default turn cap or a low one, the Vagabonds' characters offered. It is played
by random legal actions in compiled code, one turn per call of ``engine.validate.checked_playout``, which checks
after every decision that every entry of the state lies in its ``layout.BOUNDS`` range and that the invariants
hold (``engine.invariants.check_state``: pieces, cards and items conserved, the actor's legal actions non-empty,
...), and that the turn ends (within ``TURN_GUARD`` decisions). The games end (the turn cap at the latest). One game
in ``REPLAY_EVERY`` is played twice and its final states compared (the same seed, the same game).

The first and the last position of every game must load (``check_loadable``). A break (``kind``: ``range``,
``invariant``, ``engine_refused``, ``no_end``, ``not_loadable``, ``error``, ``not_same``) is recorded
with its mix, map, setup, seed, decision index, the region and its value (a range break), the last action and a
reproducer command (``--replay``), which replays the game to the break in Python and prints it. Games run in
chunks over ``--jobs`` processes; ``--progress`` keeps every finished chunk (JSON lines), so that ``--resume`` goes
on where an interrupted run stopped. Prints a table per mix and writes JSON (``--json``, by default
benchmarks/results/bounds_sweep.json).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from benchmarks.fuzz_snapshots import MIXES as FUZZ_MIXES

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_JSON = ROOT / "benchmarks" / "results" / "bounds_sweep.json"
MAPS = ("autumn", "winter", "lake", "mountain")
TURN_GUARD = 200_000  # decisions one turn may take before the game counts as not ending
REPLAY_EVERY = 40  # one game in this many is played twice (the same seed, the same game)
LOW_CAPS = (5, 12, 30, 60)  # low turn caps (a game stopped mid-way: the truncation path)
SEED_SPAN = 1 << 31

# The fuzz of snapshots' mixes (every faction and bot, Cooperative play, the Lake and Mountain maps), and more: the
# Keepers and the Hundreds with everyone, six-player tables, each bot at each difficulty, the bots' own options.
MIXES = FUZZ_MIXES + tuple((m, o) for m, o in (
    (("keepers", "hundreds"), {}),
    (("hundreds", "keepers", "vagabond", "vagabond2"), {}),
    (("keepers", "eyrie", "alliance", "vagabond", "vagabond2", "hundreds"), {}),
    (("lizards", "riverfolk", "corvids", "hundreds", "keepers", "marquise"), {}),
    (("marquise", "eyrie", "alliance", "vagabond", "lizards", "riverfolk"), {}),
    (("corvids", "keepers", "lizards"), {"lizard_draw_bonus": "first_printing", "lizard_start_acolytes": 2}),
    (("bot:mechanical_marquise:easy", "keepers"), {}),
    (("bot:mechanical_marquise:challenging+fortified+iron_will", "hundreds", "vagabond"), {}),
    (("bot:electric_eyrie:normal+swoop", "hundreds", "lizards"), {}),
    (("bot:electric_eyrie:easy+relentless", "keepers", "vagabond", "vagabond2"), {"bot_rules": "law"}),
    (("bot:automated_alliance:nightmare+veterans", "riverfolk", "vagabond"), {}),
    (("bot:automated_alliance:normal+popularity+wildfire", "keepers", "hundreds"), {"bot_rules": "law"}),
    (("bot:mechanical_marquise:challenging+fortified", "bot:electric_eyrie:nightmare+nobility",
      "bot:automated_alliance:easy+popularity", "keepers", "hundreds", "corvids"), {}),
    (("bot:electric_eyrie:challenging+war_tax", "keepers", "vagabond"), {"cooperative": True}),
    (("bot:mechanical_marquise:nightmare+hospitals", "bot:automated_alliance:challenging+informants", "hundreds",
      "vagabond", "vagabond2"), {"cooperative": True, "bot_rules": "law"}),
    # the Underground Duchy (Law 12): the Burrow, tunnels, Parliament, the Price of Failure
    (("duchy", "marquise"), {}),
    (("duchy", "eyrie", "alliance", "vagabond", "keepers", "hundreds"), {}),
    (("lizards", "riverfolk", "corvids", "duchy"), {"map": "lake"}),
    (("bot:electric_eyrie:normal", "duchy", "vagabond"), {"map": "mountain"}),
))


def variant(mix: int, seed: int) -> dict:
    """The game's ``Game.new`` keywords: the mix's, and the options drawn from (mix, seed)."""
    from root_env.data import IMPLEMENTED_CHARACTERS
    factions, fixed = MIXES[mix]
    rng = np.random.default_rng([mix, seed])
    kw = {"map": MAPS[int(rng.integers(len(MAPS)))],
          "setup": "advanced" if rng.random() < 1 / 3 else "standard",
          "random_seating": bool(rng.random() < 0.5),
          "auto_forced": bool(rng.random() < 0.5),
          "max_turns": int(rng.choice(LOW_CAPS)) if rng.random() < 0.2 else 300}
    vagabonds = sum(f in ("vagabond", "vagabond2") for f in factions)
    if vagabonds and rng.random() < 0.5:
        n = int(rng.integers(vagabonds, len(IMPLEMENTED_CHARACTERS) + 1))
        kw["vagabond_characters"] = sorted(rng.choice(IMPLEMENTED_CHARACTERS, n, replace=False).tolist())
    kw.update(fixed)
    return kw


def game_spec(mix: int, seed: int) -> dict:
    """Everything that makes a game: its factions, its keywords, its seed (the reproducer's input)."""
    return {"factions": list(MIXES[mix][0]), "options": variant(mix, seed), "seed": seed, "mix": mix}


def turn_seed(seed: int, k: int) -> int:
    """The seed of the random actions of a game's k-th turn call (checked_playout's seed)."""
    return (seed * 100_003 + k) % SEED_SPAN


# ---------------------------------------------------------------- playing
def play(spec: dict):
    """Play the game of `spec`: (None or (k, state before the k-th call, its code, work[0]), final state, decisions,
    turns). The first and the last position must also load (``check_loadable``, without continuations): a refusal
    is reported with k = -1."""
    from root_env import Game
    from root_env.engine.validate import checked_playout, check_loadable, LO, HI
    from root_env.layout import GAME_OVER, DECISIONS, TURN
    g = Game.new(tuple(spec["factions"]), seed=spec["seed"], **spec["options"])
    s = g.state.copy()
    w = np.empty_like(s)
    code = int(check_loadable(s, w, LO, HI, 0, 0))
    if code != 0:
        return (-1, s, code, int(w[0])), s, 0, 0
    k = 0
    while s[GAME_OVER] == 0:
        code = int(checked_playout(s, w, turn_seed(spec["seed"], k), TURN_GUARD, LO, HI))
        if code != 0:
            return (k, s, code, 0), w, int(w[DECISIONS]), int(w[TURN])
        s, w = w, s
        k += 1
    code = int(check_loadable(s, w, LO, HI, 0, 0))
    if code != 0:
        return (-1, s, code, int(w[0])), s, int(s[DECISIONS]), int(s[TURN])
    return None, s, int(s[DECISIONS]), int(s[TURN])


def steps(spec: dict, k: int = 0, start: np.ndarray | None = None):
    """The game of `spec` replayed in Python, one decision at a time, from the start of its k-th turn call (`start`:
    the state then; None: the game's first): yields (game, the action about to be taken), then applies it (raising
    if the engine refuses it), as ``play`` does in compiled code."""
    from root_env import Game
    from root_env.engine.rng import xorshift32, M32
    from root_env.layout import LEGAL, LEGAL_N, GAME_OVER, TURN, ACTIVE
    if start is None:
        g = Game._wrap(Game.new(tuple(spec["factions"]), seed=spec["seed"], **spec["options"]).state)
    else:
        g = Game._wrap(start.copy())  # (not from_state: its checked continuations could meet the break first)
    s = g.state
    while s[GAME_OVER] == 0:
        seed = turn_seed(spec["seed"], k)
        r = (seed * 2654435761 + 12345) & M32 or 1
        turn, active = int(s[TURN]), int(s[ACTIVE])
        for _ in range(TURN_GUARD):
            if s[GAME_OVER] != 0 or s[TURN] != turn or s[ACTIVE] != active:
                break
            r = int(xorshift32(r))
            a = int(s[LEGAL + ((r * int(s[LEGAL_N])) >> 32)])
            yield g, a
            _raw_apply(s, a)
        else:
            return
        k += 1


def locate(spec: dict, k: int, start: np.ndarray) -> dict:
    """Replay the k-th turn call from `start` in Python, decision by decision, to the one that broke: what broke
    there (the region and its value for a range break), the decision index, the last action."""
    from root_env.engine.validate import first_out_of_range, LO, HI, region_of
    from root_env.engine.invariants import check_state, CHECKS
    from root_env.layout import DECISIONS

    def problem(s):
        i = int(first_out_of_range(s, LO, HI))
        if i >= 0:
            return {"kind": "range", "region": region_of(i), "value": int(s[i]), "range": [int(LO[i]), int(HI[i])],
                    "what": f"{region_of(i)} = {int(s[i])}"}
        c = int(check_state(s))
        return {"kind": "invariant", "what": CHECKS[c]} if c else None

    last, g = None, None
    try:
        for j, (g, a) in enumerate(steps(spec, k, start)):
            p = problem(g.state) if last is not None else None
            if p is not None or j > TURN_GUARD:
                return dict(p or {"kind": "no_end", "what": f"a turn ran past {TURN_GUARD} decisions"}, last=last)
            last = {"decision": int(g.state[DECISIONS]), "player": g.current_player, "action": a,
                    "describe": g.describe(a)}
    except RuntimeError as e:
        return {"kind": "engine_refused", "last": last, "what": str(e)}
    p = problem(g.state) if g is not None else None
    return dict(p or {"kind": "unlocated", "what": "the break did not replay in Python"}, last=last)


def _raw_apply(state: np.ndarray, a: int) -> None:
    """Apply action `a` in place with the compiled engine (as checked_playout does), raising if it is refused."""
    from root_env.engine.core import apply, OK
    if int(apply(state, a)) != OK:
        raise RuntimeError(f"apply refused action {a}")


KIND_OF_STAGE = {1: "range", 3: "invariant", 5: "engine_refused", 7: "no_end"}


def reproducer(spec: dict) -> str:
    return f"python -m benchmarks.bounds_sweep --replay '{json.dumps(spec, sort_keys=True)}'"


def run_game(spec: dict, twice: bool) -> tuple[dict | None, int, int, bool]:
    """(break or None, decisions, turns, truncated) of one game; `twice`: replay it and compare."""
    from root_env.engine.validate import STAGE, describe_problem
    from root_env.layout import TRUNCATED, DECISIONS
    try:
        broke, final, decisions, turns = play(spec)
    except Exception as e:  # noqa: BLE001 - any error of setup or play is a finding
        return {"kind": "error", "what": f"{type(e).__name__}: {str(e)[:300]}"}, 0, 0, False
    if broke is not None:
        k, start, code, work0 = broke
        if k < 0:
            return ({"kind": "not_loadable", "what": describe_problem(start, code, work0),
                     "decision_index": int(start[DECISIONS])}, decisions, turns, False)
        info = locate(spec, k, start)
        info.setdefault("kind", KIND_OF_STAGE.get(code // STAGE, "error"))
        info["turn_call"] = k
        info["decision_index"] = info.get("last", {}).get("decision")
        return info, decisions, turns, False
    if twice:
        _, again, _, _ = play(spec)
        if not np.array_equal(again, final):
            return {"kind": "not_same", "what": "the same seed played a different game"}, decisions, turns, False
    return None, decisions, turns, bool(final[TRUNCATED])


# ---------------------------------------------------------------- chunks
def run_chunk(args) -> dict:
    """Games [first, last) of the sweep: game i is mix i % n_mixes with seed base + i."""
    first, last, base, n_mixes = args
    t0 = time.process_time()
    per_mix: dict[int, list[int]] = {}
    breaks = []
    for i in range(first, last):
        mix = i % n_mixes
        spec = game_spec(mix, (base + i) % SEED_SPAN)
        b, decisions, turns, truncated = run_game(spec, i % REPLAY_EVERY == 0)
        m = per_mix.setdefault(mix, [0, 0, 0, 0])  # games, decisions, truncated, breaks
        m[0] += 1
        m[1] += decisions
        m[2] += truncated
        if b is not None:
            m[3] += 1
            opts = spec["options"]
            b.update({"mix": mix, "factions": spec["factions"], "map": opts["map"], "setup": opts["setup"],
                      "seed": spec["seed"], "game": spec, "reproducer": reproducer(spec)})
            breaks.append(b)
    return {"first": first, "last": last, "base": base, "cpu_s": time.process_time() - t0,
            "per_mix": {str(k): v for k, v in per_mix.items()}, "breaks": breaks}


def _init_worker() -> None:
    os.environ.setdefault("OMP_NUM_THREADS", "1")


def sweep(games: int, n_mixes: int, seed: int, jobs: int, chunk: int, progress: Path | None = None,
          resume: bool = False) -> dict:
    """Run the sweep (chunks over `jobs` processes); returns the summary dict."""
    n_mixes = n_mixes or len(MIXES)
    assert 1 <= n_mixes <= len(MIXES), f"--mixes: 1..{len(MIXES)}"
    tasks = [(a, min(a + chunk, games), seed, n_mixes) for a in range(0, games, chunk)]
    done: list[dict] = []
    if progress is not None and resume and progress.exists():
        for line in progress.read_text().splitlines():
            r = json.loads(line)
            if r["base"] == seed:
                done.append(r)
        have = {(r["first"], r["last"]) for r in done}
        tasks = [t for t in tasks if (t[0], t[1]) not in have]
    elif progress is not None and progress.exists():
        progress.unlink()
    t0 = time.perf_counter()
    out = open(progress, "a") if progress is not None else None
    try:
        if jobs <= 1:
            results = map(run_chunk, tasks)
        else:
            import multiprocessing as mp
            pool = mp.get_context("fork").Pool(jobs, initializer=_init_worker)
            results = pool.imap_unordered(run_chunk, tasks)
        for r in results:
            done.append(r)
            if out is not None:
                out.write(json.dumps(r) + "\n")
                out.flush()
            if r["breaks"]:
                for b in r["breaks"]:
                    print(f"BREAK {b['kind']}: {b['what']} (mix {b['mix']}, seed {b['seed']})", flush=True)
        if jobs > 1:
            pool.close()
            pool.join()
    finally:
        if out is not None:
            out.close()
    return summarise(done, n_mixes, seed, time.perf_counter() - t0)


def mix_label(mix: int) -> str:
    factions, opts = MIXES[mix]
    extra = ",".join(f"{k}={v}" for k, v in sorted(opts.items()) if k != "bot_options") + (
        ",bot_options" if "bot_options" in opts else "")
    return "+".join(factions) + (f" [{extra}]" if extra else "")


def summarise(done: list[dict], n_mixes: int, seed: int, wall: float) -> dict:
    per_mix = {m: [0, 0, 0, 0] for m in range(n_mixes)}
    breaks = []
    cpu = 0.0
    for r in done:
        cpu += r["cpu_s"]
        breaks += r["breaks"]
        for k, v in r["per_mix"].items():
            per_mix[int(k)] = [a + b for a, b in zip(per_mix[int(k)], v)]
    games = sum(v[0] for v in per_mix.values())
    decisions = sum(v[1] for v in per_mix.values())
    return {"games": games, "mixes": n_mixes, "seed": seed, "decisions": decisions, "cpu_s": round(cpu, 1),
            "wall_s": round(wall, 1), "decisions_per_cpu_s": round(decisions / cpu) if cpu else None,
            "breaks": sorted(breaks, key=lambda b: (b["mix"], b["seed"])),
            "per_mix": [{"mix": m, "label": mix_label(m), "games": v[0], "decisions": v[1], "truncated": v[2],
                         "breaks": v[3]} for m, v in sorted(per_mix.items())]}


def table(res: dict) -> str:
    lines = [f"bounds sweep: {res['games']} games over {res['mixes']} mixes (seed {res['seed']}), "
             f"{res['decisions']} decisions in {res['cpu_s']} CPU s ({res['decisions_per_cpu_s']} per CPU s, "
             f"wall {res['wall_s']} s), {len(res['breaks'])} breaks", "",
             "| mix | games | decisions | turn cap reached | breaks |", "|---|---:|---:|---:|---:|"]
    for m in res["per_mix"]:
        lines.append(f"| {m['label']} | {m['games']} | {m['decisions']} | {m['truncated']} | {m['breaks']} |")
    for b in res["breaks"]:
        lines.append("")
        lines.append(f"BREAK {b['kind']}: {b['what']} at decision {b.get('decision_index')} "
                     f"(mix {b['mix']} {mix_label(b['mix'])}, {b['map']}, {b['setup']}, seed {b['seed']}); "
                     f"last action: {b.get('last', {}).get('describe')}")
        lines.append(f"  {b['reproducer']}")
    return "\n".join(lines)


def replay(spec: dict) -> int:
    """Replay one game (a break's "game" JSON) and print where it breaks; 1 if it does."""
    b, decisions, turns, truncated = run_game(spec, True)
    print(json.dumps({"game": spec, "decisions": decisions, "turns": turns, "truncated": truncated, "break": b},
                     indent=1))
    return 1 if b else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.bounds_sweep", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--mixes", type=int, default=0, help=f"the first N mixes (0: all {len(MIXES)})")
    p.add_argument("--seed", type=int, default=0, help="game i plays seed + i")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--chunk", type=int, default=50, help="games per chunk (the unit of --resume)")
    p.add_argument("--json", default=str(DEFAULT_JSON))
    p.add_argument("--progress", default=None, help="JSON lines of finished chunks (default: JSON path + .progress)")
    p.add_argument("--resume", action="store_true", help="skip the chunks already in --progress")
    p.add_argument("--replay", default=None, help="replay one game: a break's 'game' JSON")
    args = p.parse_args(argv)
    if args.replay:
        return replay(json.loads(args.replay))
    progress = Path(args.progress or args.json + ".progress")
    res = sweep(args.games, args.mixes, args.seed, args.jobs, args.chunk, progress, args.resume)
    res["command"] = "python -m benchmarks.bounds_sweep " + " ".join(argv if argv is not None else sys.argv[1:])
    text = json.dumps(res, indent=1)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(text + "\n")
    print(table(res))
    return 1 if res["breaks"] else 0


if __name__ == "__main__":
    sys.exit(main())

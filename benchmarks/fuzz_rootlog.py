"""Fuzz of untrusted Rootlog text: every mutated log is imported or refused with a ``RootlogError``, quickly.

    python -m benchmarks.fuzz_rootlog [--cases 2000] [--seed 0] [--games 1] [--memory-mb 2048] [--time-limit 1800]
                                      [--json PATH]
    python -m benchmarks.fuzz_rootlog --round-trip 200 --faction duchy [--seed 6000] [--json PATH]

The corpus is the Rootlog export of random games of every faction mix (both Vagabonds, the Cult, the Riverfolk,
the Corvids, the Hundreds, the Keepers: their relics, waystations, Retinue columns and flips, the Underground Duchy: the
Burrow "0", tunnels, citadels, markets and ministers, mutated on their own lines and onto other factions'), the handwritten logs of ``tests/data/rootlog`` and, for the bots, the same logs with a player
line naming a Clockwork bot (the export refuses bot games; the import must refuse such a log by name). Each
case takes a log and mutates it one of these ways:

- ``truncate``: cut at a random character;
- ``lines``: delete, duplicate or swap lines, or move a line to another faction's letter;
- ``token``: replace an action with another action of the corpus, or change one character of it (digits,
  large and Unicode numbers, notation characters, letters);
- ``huge``: one line of one action repeated to just under, or just over, the line limit;
- ``composite``: a composite action ``a+b+...->1+2+...`` of random width on both sides (up to far over the
  expansion limit), or a grouped one ``(...)V$->d``;
- ``bot``: a player line naming a Clockwork bot.

The outcome of a case is ``imported`` (an ``ImportedGame``, its disagreements listed) or ``refused`` (a
``RootlogError``, a ``ValueError``); anything else is a failure: ``error`` (any other exception, or a
``RootlogError`` from the importer's last guard, "could not apply", which only a bug reaches) or ``slow`` (a
case over ``SLOW_S`` seconds). Cases run in a child process whose address space is limited (``--memory-mb``),
so unbounded memory shows as a failure (a ``MemoryError`` or the child killed), as does a hang (the child's
time limit).

``--round-trip N`` is the other check, of correct logs: N random games with ``--faction`` and one to four others
(``faction_mix``: every player count, every other faction, the four maps, the faction's seat drawn), each played to
its end by seeded random legal actions, exported, imported, and the imported position after every line compared with
the engine's (``Position.COMPARED``); it counts the games, lines, differences and disagreements (0 expected) and
prints them as JSON and a table.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "rootlog"
HANDWRITTEN = ("handwritten_two_player", "handwritten_cult", "handwritten_riverfolk", "handwritten_corvids",
               "handwritten_two_vagabonds", "handwritten_hundreds", "handwritten_keepers")
MIXES = (("marquise", "eyrie"), ("alliance", "vagabond", "eyrie"), ("lizards", "marquise", "riverfolk"),
         ("corvids", "alliance", "riverfolk"), ("vagabond", "vagabond2", "marquise", "lizards"),
         ("marquise", "eyrie", "alliance", "vagabond", "corvids"), ("hundreds", "marquise", "vagabond"),
         ("keepers", "marquise", "eyrie"), ("duchy", "marquise", "eyrie"), ("alliance", "duchy", "corvids", "riverfolk"))
BOT_NAMES = ("Mechanical Marquise", "Electric Eyrie", "Automated Alliance", "bot:mechanical_marquise:nightmare")
KINDS = ("truncate", "lines", "token", "huge", "composite", "bot")
SLOW_S = 5.0
OUTCOMES = ("imported", "refused", "error", "slow")


MAPS = ("autumn", "winter", "lake", "mountain")


def faction_mix(faction: str, seed: int) -> tuple[tuple, str]:
    """`faction` and one to four other implemented factions (the second Vagabond only beside the first), at most four
    of them starting in corners (Law 5); the faction's seat and the map (by the seed, the four in turn) drawn too."""
    from root_env.data import IMPLEMENTED_FACTIONS
    from root_env.inputs import corners_needed, N_CORNERS  # Law 5: Standard Setup (played here) refuses five
    r = random.Random(seed)
    others = [f for f in IMPLEMENTED_FACTIONS if f not in (faction, "vagabond2")]
    while True:
        fs = r.sample(others, r.randint(1, 4))
        if "vagabond" in fs and len(fs) < 4 and r.random() < 0.3:
            fs.append("vagabond2")
        fs.insert(r.randint(0, len(fs)), faction)
        if corners_needed(fs) <= N_CORNERS:
            return tuple(fs), MAPS[seed % len(MAPS)]


def random_game(mix, seed: int, max_actions: int, map: str = "autumn"):
    """A game of `mix` after up to `max_actions` seeded uniformly random legal actions (fewer if it ends)."""
    from root_env import Game
    g = Game.new(mix, seed=seed, map=map)
    rng = np.random.default_rng(seed)
    for _ in range(max_actions):
        if g.is_over:
            break
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def export_corpus(games_per_mix: int = 1, max_actions: int = 250, seed: int = 0) -> list[str]:
    """Rootlog exports of random games of every mix (each stopped after `max_actions` decisions)."""
    from root_env.rootlog import to_rootlog
    return [to_rootlog(random_game(mix, seed + 100 * i + k, max_actions))
            for i, mix in enumerate(MIXES) for k in range(games_per_mix)]


def line_differences(imported, states) -> list:
    """(line number, differences) for each turn line whose imported position differs from the engine's state."""
    from root_env.rootlog.position import position_of_state
    return [(n, d) for (n, pos), st in zip(imported.line_positions, states)
            for d in [pos.differences(position_of_state(st))] if d]


def round_trip(faction: str, games: int, seed: int, max_actions: int = 1 << 30) -> dict:
    """Export and import `games` random games of `faction_mix(faction, seed + k)`; the imported position after every
    line against the engine's, the disagreements, by player count and map; the first 20 problems in full."""
    from root_env.rootlog import export_lines, from_rootlog
    t0 = time.perf_counter()
    rows = {}
    problems = []
    for k in range(games):
        mix, mp = faction_mix(faction, seed + k)
        g = random_game(mix, seed + k, max_actions, mp)
        lines, states = export_lines(g)
        imp = from_rootlog("\n".join(lines) + "\n")
        diffs = line_differences(imp, states)
        row = rows.setdefault(f"{len(mix)}p {mp}", {"games": 0, "lines": 0, "differences": 0, "disagreements": 0,
                                                     "bad_games": 0})
        row["games"] += 1
        row["lines"] += len(lines)
        row["differences"] += len(diffs)
        row["disagreements"] += len(imp.disagreements)
        row["bad_games"] += bool(diffs or imp.disagreements or len(imp.line_positions) != len(states))
        print(f"round trip {k + 1}/{games}: seed {seed + k} {','.join(mix)} {mp}: {len(lines)} lines, "
              f"{len(diffs)} differences, {len(imp.disagreements)} disagreements", file=sys.stderr, flush=True)
        if (diffs or imp.disagreements) and len(problems) < 20:
            problems.append({"seed": seed + k, "mix": mix, "map": mp, "disagreements": [str(d) for d in
                             imp.disagreements[:3]], "differences": [(n, lines[n - 1][:120], d) for n, d in diffs[:1]]})
    total = {key: sum(r[key] for r in rows.values()) for key in ("games", "lines", "differences", "disagreements",
                                                                 "bad_games")}
    seated = sorted({f for k in range(games) for f in faction_mix(faction, seed + k)[0]})
    return {"faction": faction, "games": games, "seed": seed, "total": total, "by_players_map": dict(sorted(rows.items())),
            "factions_seated": seated, "problems": problems, "wall_s": round(time.perf_counter() - t0, 1)}


def round_trip_table(res: dict) -> str:
    out = ["| players, map | games | lines | differences | disagreements | games with either |", "|---|---:|---:|---:|---:|---:|"]
    for name, r in list(res["by_players_map"].items()) + [("all", res["total"])]:
        out.append(f"| {name} | {r['games']} | {r['lines']} | {r['differences']} | {r['disagreements']} | "
                   f"{r['bad_games']} |")
    return "\n".join(out)


def corpus(games_per_mix: int = 1, max_actions: int = 250, seed: int = 0) -> list[str]:
    return export_corpus(games_per_mix, max_actions, seed) + [(DATA / f"{n}.rootlog").read_text() for n in HANDWRITTEN]


def _actions(texts: list[str]) -> list[str]:
    out = []
    for t in texts:
        for line in t.splitlines():
            name, colon, rest = line.partition(":")
            if len(name) == 1 and colon and not rest.startswith(" "):
                out += [a for a in rest.split("/") if a]
    return out


_NOTATION = "wbtp#%$_->+()XZ@^?<*/;:0123456789CEAVGLOPDHKrmxbsdefhcQjf"
_NUMBERS = ("0", "13", "99", "999", "1000", "99999999999999999999", "\u0663", "\uff11", "-1", "1_99", "1_2")


def mutate(text: str, rng: np.random.Generator, actions: list[str], kind: str) -> str:
    """One mutation of `kind` (KINDS) of a Rootlog text."""
    from root_env.rootlog.reader import MAX_LINE_CHARS
    lines = text.splitlines()
    turns = [i for i, ln in enumerate(lines) if len(ln.partition(":")[0]) == 1 and ":" in ln
             and not ln.partition(":")[2].startswith(" ")]
    players = [i for i, ln in enumerate(lines) if len(ln.partition(":")[0]) == 1 and ln.partition(":")[2].startswith(" ")]
    letters = [lines[i][0] for i in players] or ["C"]
    if kind == "truncate":
        return text[:int(rng.integers(0, len(text) + 1))]
    if kind == "lines":
        i, j = (int(x) for x in rng.integers(0, len(lines), 2))
        op = int(rng.integers(0, 4))
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(j, lines[i])
        elif op == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif turns:
            k = turns[int(rng.integers(0, len(turns)))]
            lines[k] = str(rng.choice(letters + ["D", "Z"])) + lines[k][1:]
        return "\n".join(lines) + "\n"
    if not turns:
        return text
    k = turns[int(rng.integers(0, len(turns)))]
    head, rest = lines[k][:2], lines[k][2:]
    acts = rest.split("/") if rest else [""]
    a = int(rng.integers(0, len(acts)))
    if kind == "token":
        op = int(rng.integers(0, 3))
        if op == 0 and actions:
            acts[a] = actions[int(rng.integers(0, len(actions)))]
        else:
            s = acts[a]
            pos = int(rng.integers(0, len(s) + 1))
            new = str(rng.choice(_NUMBERS)) if op == 1 else str(rng.choice(list(_NOTATION)))
            acts[a] = s[:pos] + new + s[pos + int(rng.integers(0, 2)):]
    elif kind == "huge":
        unit = (acts[a] or "w1->2") + "/"
        limit = MAX_LINE_CHARS + (-len(unit) - 8 if rng.random() < 0.5 else 64)
        acts = [acts[a]] * max(1, limit // len(unit))
    elif kind == "composite":
        things = [x for x in ("w", "b_s", "t", "2w", "Ew", "%s", "t_k") if True]
        n, m = (int(x) for x in rng.choice([1, 2, 3, 8, 11, 40, 300], 2))
        lhs = "+".join(str(rng.choice(things)) for _ in range(n))
        rhs = "+".join(str(int(rng.integers(1, 13))) for _ in range(m))
        acts[a] = f"({lhs})V$->d" if rng.random() < 0.2 else f"{lhs}->{rhs}"
    elif kind == "bot":
        p = players[int(rng.integers(0, len(players)))] if players else 0
        return "\n".join(lines[:p] + [f"{lines[p][:1] or 'C'}: {rng.choice(BOT_NAMES)}"] + lines[p + 1:]) + "\n"
    lines[k] = head + "/".join(acts)
    return "\n".join(lines) + "\n"


def run_cases(texts: list[str], cases: int, seed: int) -> dict:
    """Run `cases` mutated imports in this process; counts by outcome and by kind, the slowest case, failures."""
    from root_env.rootlog import from_rootlog, RootlogError
    rng = np.random.default_rng(seed)
    actions = _actions(texts)
    counts = {k: 0 for k in OUTCOMES}
    by_kind = {k: {o: 0 for o in OUTCOMES} for k in KINDS}
    failures, slowest = [], 0.0
    for case in range(cases):
        kind = KINDS[case % len(KINDS)]
        text = mutate(texts[int(rng.integers(0, len(texts)))], rng, actions, kind)
        t = time.perf_counter()
        try:
            from_rootlog(text)
            outcome = "imported"
        except RootlogError as e:
            outcome = "error" if "could not apply" in str(e) else "refused"
            why = str(e)
        except Exception as e:  # noqa: BLE001 - the fuzz reports every other error
            outcome, why = "error", f"{type(e).__name__}: {e}"
        dt = time.perf_counter() - t
        slowest = max(slowest, dt)
        if outcome != "error" and dt > SLOW_S:
            outcome, why = "slow", f"{dt:.1f} s"
        counts[outcome] += 1
        by_kind[kind][outcome] += 1
        if outcome in ("error", "slow") and len(failures) < 20:
            failures.append({"case": case, "kind": kind, "why": why[:300], "text_head": text[:200]})
    return {"cases": cases, "seed": seed, "counts": counts, "by_kind": by_kind, "slowest_s": round(slowest, 3),
            "failures": failures}


def _child(args) -> None:
    import resource
    if args.memory_mb:
        lim = args.memory_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
    texts = json.loads(Path(args.corpus).read_text())
    print(json.dumps(run_cases(texts, args.cases, args.seed)))


def run(cases: int = 2000, seed: int = 0, games_per_mix: int = 1, max_actions: int = 250, memory_mb: int = 2048,
        time_limit: float = 600.0, workdir=None) -> dict:
    """The fuzz: the corpus is built here (it needs the engine), the cases run in a child process with its
    address space limited to `memory_mb` and its run to `time_limit` seconds."""
    import tempfile
    texts = corpus(games_per_mix, max_actions, seed)
    with tempfile.TemporaryDirectory(dir=workdir) as d:
        path = Path(d) / "corpus.json"
        path.write_text(json.dumps(texts))
        t = time.perf_counter()
        try:
            r = subprocess.run([sys.executable, "-m", "benchmarks.fuzz_rootlog", "--child", "--corpus", str(path),
                                "--cases", str(cases), "--seed", str(seed), "--memory-mb", str(memory_mb)],
                               capture_output=True, text=True, timeout=time_limit,
                               cwd=Path(__file__).resolve().parents[1])
        except subprocess.TimeoutExpired:
            return {"cases": cases, "seed": seed, "child": "hang", "wall_s": time_limit}
    if r.returncode != 0:
        return {"cases": cases, "seed": seed, "child": f"exit {r.returncode}", "stderr": r.stderr[-3000:]}
    res = json.loads(r.stdout.strip().splitlines()[-1])
    res.update(child="ok", wall_s=round(time.perf_counter() - t, 1), corpus=len(texts), memory_mb=memory_mb)
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.fuzz_rootlog", description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=1, help="exported games per faction mix")
    ap.add_argument("--max-actions", type=int, default=250, help="decisions played in each exported game")
    ap.add_argument("--memory-mb", type=int, default=2048, help="the child's address space limit")
    ap.add_argument("--time-limit", type=float, default=1800.0, help="seconds for the whole run (the child's limit)")
    ap.add_argument("--json", help="also write the result here")
    ap.add_argument("--round-trip", type=int, default=0, metavar="N",
                    help="instead of the fuzz: round-trip N random full games with --faction (see above)")
    ap.add_argument("--faction", default="duchy", help="the faction seated in every --round-trip game")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--corpus", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        _child(args)
        return 0
    if args.round_trip:
        res = round_trip(args.faction, args.round_trip, args.seed)
        print(json.dumps(res, indent=1))
        print(round_trip_table(res))
        if args.json:
            Path(args.json).write_text(json.dumps(res, indent=1) + "\n")
        return 0 if res["total"]["bad_games"] == 0 else 1
    res = run(args.cases, args.seed, args.games, args.max_actions, args.memory_mb, args.time_limit)
    print(json.dumps(res, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1) + "\n")
    ok = res.get("child") == "ok" and res["counts"]["error"] == 0 and res["counts"]["slow"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

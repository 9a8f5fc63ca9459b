"""One faction under search on a draft ladder's own tables (issue 36: why the Lord of the Hundreds win so much, why the
Keepers in Iron so little). Replays the self games of a draft ladder's ISMCTS rung that seat the faction
(``--faction``, default ``hundreds``; ``ladder.self_specs``: the same tables, seeds and seats) with every other seat
searching as the rung does, and the faction searching only for the decision kinds named (heuristic v2 for the rest),
with its own extra options or budget, or every other seat's search given extra options:

    python -m benchmarks.faction_search benchmarks/results/ladder_draft_4p --games 120 --search all
    python -m benchmarks.faction_search benchmarks/results/ladder_draft_4p --games 120 --search none
    python -m benchmarks.faction_search benchmarks/results/ladder_draft_4p --games 120 --search military
    python -m benchmarks.faction_search benchmarks/results/ladder_draft_4p --games 120 --search all --others oppress=5
    python -m benchmarks.faction_search benchmarks/results/ladder_draft_4p --games 80 --search all --others-budget 400
    python -m benchmarks.faction_search benchmarks/results/ladder_draft_4p --faction keepers --rung ismcts:400 \
        --games 80 --fo idle=1,prior=0
    python -m benchmarks.faction_search benchmarks/results/ladder_draft_4p --faction keepers --rung ismcts:400 \
        --games 80 --faction-budget 1600

``--search``: ``all`` (the rung itself: the ladder's own games when nothing else changes), ``none`` (heuristic v2 for
every decision of the faction), or a comma list of the faction's ``KINDS`` keys or decision names (``root_env.codes
.DECISION_NAMES``). ``--others``/``--fo`` (``--hd``, its old name): ``agents.ismcts.options`` keywords
(``key=value,...``) for the other seats' searches / the faction's. ``--faction-budget``/``--others-budget``: the
faction's / the other seats' iterations (default: the rung's). Games are played decision by decision in Python with
the compiled agents (the same functions and random streams as ``agents.arena.play_one``). Prints the faction's and the
other seats' win rates with Wilson intervals, the same tables' rates in the ladder, and writes them as JSON with the
games (each with the faction's VP by source, ``root_env.layout.VP_SOURCE_NAMES``, and its own turns) and CPU seconds.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

# Each faction's decisions by kind (root_env.codes.DECISION_NAMES); any faction may name decisions one by one.
# The Hundreds':
HUNDREDS_KINDS = {
    # Daylight: which action (Command the Hundreds: move, battle, build; Advance the Warlord: move, battle, done)
    "actions": ("command the hundreds", "advance the warlord"),
    # ... the battles' own choices and the stronghold's place and card
    "battles": ("battle: where", "battle: defender", "loot?", "loot: which item", "remove piece (hits)",
                "bitter: remove mob", "ambush?", "foil ambush?", "battle effects", "stronghold: where",
                "stronghold: card"),
    # ... where the moves go and how many
    "moves": ("move: from", "move: to", "move: how many", "move: with the warlord?"),
    "evening": ("incite: where", "incite: card", "jubilant: roll?"),
    "birdsong": ("mob: where", "hundreds: mood", "anoint: where", "lavish: remove item"),
}
HUNDREDS_KINDS["military"] = HUNDREDS_KINDS["actions"] + HUNDREDS_KINDS["battles"] + HUNDREDS_KINDS["moves"]
KINDS = HUNDREDS_KINDS  # the old name
FACTION_KINDS = {"hundreds": HUNDREDS_KINDS}


def searched_decisions(spec: str, faction: str = "hundreds"):
    """The decision names `faction` searches for (None: every one)."""
    from root_env.codes import DECISION_NAMES
    if spec == "all":
        return None
    kinds = FACTION_KINDS.get(faction, {})
    names = set()
    for part in filter(None, spec.split(",")):
        if part == "none":
            continue
        if part in kinds:
            names |= set(kinds[part])
        elif part in DECISION_NAMES:
            names.add(part)
        else:
            raise SystemExit(f"--search: unknown kind or decision {part!r} (kinds: {', '.join(kinds) or 'none'})")
    return names


def play(spec: dict, budget: int, searched, hd_extra: str, others_extra: str, max_turns: int,
         others_budget: int | None = None, faction: str = "hundreds", faction_budget: int | None = None) -> dict:
    """One ladder game, `faction` searching only for `searched` (None: all) with `faction_budget` iterations a
    decision (`budget` if None) and its options `hd_extra`, the other seats with `others_budget` (`budget` if None)
    and `others_extra`."""
    from agents import ismcts
    from agents.arena import seated, parse_spec, options_table
    from agents.heuristic import choose, seed_rand
    from root_env import Game
    from root_env.codes import DECISION_NAMES
    from root_env.data import FACTION_NAMES, NF
    from root_env.layout import (STATE_SIZE, GAME_OVER, DECIDER, DECISION, TURN, VP, WINNERS, ACTIVE, VP_SOURCE,
                                 N_VS, VP_SOURCE_NAMES)
    from root_env.engine.core import apply
    seating = spec["seating"]
    game = Game.new(seating, seed=spec["seed"], max_turns=max_turns, **spec.get("game_options", {}))
    state = game.state.copy()
    over = {}
    for f in seating:
        extra = hd_extra if f == faction else others_extra
        over[f] = parse_spec(f"ismcts:{budget}" + (":" + extra if extra else ""))[2]
    opts = options_table(over)
    work = np.zeros((2, STATE_SIZE), np.int64)
    me = FACTION_NAMES.index(faction)
    others_budget = budget if others_budget is None else others_budget
    faction_budget = budget if faction_budget is None else faction_budget
    nodes, value, mark, path = ismcts.new_tree(max(faction_budget, others_budget))
    r = seed_rand(spec["seed"] ^ 0x2545F491)  # as agents.arena.play_one
    own_turns, last = 0, -1
    while state[GAME_OVER] == 0:
        f = state[DECIDER]
        if state[ACTIVE] == me and state[TURN] != last:
            own_turns, last = own_turns + 1, state[TURN]
        if f != me or searched is None or DECISION_NAMES[state[DECISION]] in searched:
            opts[f, ismcts.O_ITERS] = faction_budget if f == me else others_budget
            a, r = ismcts.choose(state, f, r, opts[f], nodes, value, mark, path, work)
        else:
            a, r = choose(state, f, r, work)
        apply(state, a)
    return {"game": spec["game"], "seed": spec["seed"], "seating": seating,
            "winners": [FACTION_NAMES[g] for g in range(NF) if state[WINNERS] >> g & 1],
            "vp": {FACTION_NAMES[g]: int(state[VP + g]) for g in range(NF) if FACTION_NAMES[g] in seating},
            "turns": int(state[TURN]), "own_turns": own_turns,
            "vp_source": {VP_SOURCE_NAMES[q]: int(state[VP_SOURCE + me * N_VS + q])
                          for q in range(len(VP_SOURCE_NAMES)) if state[VP_SOURCE + me * N_VS + q]}}


def rates(records, faction: str = "hundreds") -> dict:
    """`faction`'s and the other seats' win rates (Wilson intervals), turns and `faction`'s VP (and, where the
    records have them, its VP by source per game and per own turn). The keys name the faction."""
    from root_env.balance.stats import wilson
    n = len(records)
    k = sum(faction in r["winners"] for r in records)
    seats = sum(len(r["seating"]) - 1 for r in records)
    ko = sum(len([f for f in r["winners"] if f != faction]) for r in records)
    out = {"games": n, faction: k / n, f"{faction}_ci": list(wilson(k, n)), "others": ko / seats,
           "others_ci": list(wilson(ko, seats)), "turns": sum(r["turns"] for r in records) / n,
           f"{faction}_vp": sum(r["vp"][faction] for r in records) / n}
    if records and all("vp_source" in r for r in records):
        own = sum(r["own_turns"] for r in records)
        names = sorted({q for r in records for q in r["vp_source"]})
        out["own_turns"] = own / n
        out["vp_source"] = {q: sum(r["vp_source"].get(q, 0) for r in records) / n for q in names}
        out["vp_source_per_own_turn"] = {q: round(sum(r["vp_source"].get(q, 0) for r in records) / own, 4)
                                         for q in names}
    return out


def ladder_games_of(records, rung: str, games) -> list:
    """The ladder's self games of `rung` (of its `records`) on the tables of `games` (by seed)."""
    from root_env.balance.ladder_stats import self_rung
    seeds = {g["seed"] for g in games}
    return [r for r in records if self_rung(r) == rung and r["seed"] in seeds]


def paired(games, ladder_games, faction: str, boot: int = 4000, seed: int = 0) -> dict:
    """The same tables here and in the ladder: tables `faction` won here only and there only, with the exact two-sided
    sign test of those discordant tables (scipy's ``binomtest``), and the win rate here minus the ladder's with a 95 %
    bootstrap interval over the tables (paired: a table's two games are drawn together)."""
    import numpy as np
    from scipy.stats import binomtest
    there = {r["seed"]: faction in r["winners"] for r in ladder_games}
    d = np.array([int(faction in g["winners"]) - int(there[g["seed"]]) for g in games], np.int64)
    here_only, there_only = int((d > 0).sum()), int((d < 0).sum())
    n = here_only + there_only
    means = np.random.default_rng(seed).choice(d, (boot, d.size)).mean(axis=1) if d.size else np.zeros(1)
    return {"here_only": here_only, "ladder_only": there_only,
            "sign_test_p": float(binomtest(here_only, n).pvalue) if n else 1.0,
            "difference": float(d.mean()) if d.size else 0.0,
            "difference_ci95": [float(np.quantile(means, 0.025)), float(np.quantile(means, 0.975))]}


def saved_games(group: str) -> tuple[list[dict], list]:
    """(the ``--out`` files of `group` ("A.json,B.json": one run played in parts), their games together)."""
    parts = []
    for path in group.split(","):
        with open(path) as fh:
            parts.append(json.load(fh))
    return parts, [g for x in parts for g in x["games"]]


def baseline_games(against: str, rung: str) -> list:
    """The games of a baseline (``--against``): a comma list of ladder or rung folders (their self games of `rung`,
    e.g. ``balance rung``'s output) and ``--out`` files (their games), together."""
    from root_env.balance.ladder_stats import load_ladder, self_rung
    out = []
    for part in against.split(","):
        if os.path.isdir(part):
            out += [r for r in load_ladder(part)[1] if self_rung(r) == rung]
        else:
            out += saved_games(part)[1]
    return out


def summary(groups, against: str | None = None) -> str:
    """A markdown table of saved runs (``--out`` files; a group "A.json,B.json" is one run played in parts): each
    faction's win rate here on the ladder's tables and in the ladder's own games on the same tables (or, `against`,
    in a baseline's games on them: ``baseline_games``; only the tables both played), the difference with its paired
    bootstrap interval, the tables won on one side only with the sign test, the faction's VP difference (mean and
    95 % interval, paired) and the CPU time."""
    from root_env.balance.ladder_stats import load_ladder
    there_name = "the baseline's games" if against else "the ladder's games"
    rows = [f"| faction | settings | tables | here (95 % CI) | {there_name} | here minus there (95 % CI) | "
            "won here only / there only (sign test p) | VP here minus there | others' win here | CPU s a game |",
            "|---|---|---:|---:|---:|---:|---|---:|---:|---:|"]
    ladders = {}
    for group in groups:
        parts, games = saved_games(group)
        d = parts[0]
        fac = d["faction"]
        if against:
            pool = {g["seed"]: g for g in baseline_games(against, d["rung"])}
            games = [g for g in games if g["seed"] in pool]
            ladder_games = [pool[g["seed"]] for g in games]
        else:
            if d["ladder"] not in ladders:
                ladders[d["ladder"]] = load_ladder(d["ladder"])[1]
            ladder_games = ladder_games_of(ladders[d["ladder"]], d["rung"], games)
        if not games:
            raise SystemExit(f"{group}: no table in common with the baseline")
        h, lg, pr = rates(games, fac), rates(ladder_games, fac), paired(games, ladder_games, fac)
        there = {g["seed"]: g["vp"][fac] for g in ladder_games}
        vp = np.array([g["vp"][fac] - there[g["seed"]] for g in games], float)
        vp_half = 1.96 * vp.std(ddof=1) / np.sqrt(vp.size) if vp.size > 1 else 0.0
        lo, hi = h[f"{fac}_ci"]
        dlo, dhi = pr["difference_ci95"]
        who = ("every seat" if d["hd"] and d["others"] else f"{fac} only" if d["hd"] else
               "the others only" if d["others"] else "")
        setting = "; ".join(x for x in (f"search={d['search']}" if d["search"] != "all" else "",
                                        f"{who}: {d['hd'] or d['others']}" if who else "",
                                        f"{fac} at {d['faction_budget']}" if d.get("faction_budget") else "",
                                        f"others at {d['others_budget']}" if d.get("others_budget") else "") if x)
        rows.append(f"| {fac} | {d['rung']}{'; ' + setting if setting else ''} | {h['games']} | "
                    f"{100 * h[fac]:.1f} ({100 * lo:.1f}-{100 * hi:.1f}) | {100 * lg[fac]:.1f} | "
                    f"{100 * pr['difference']:+.1f} ({100 * dlo:+.1f} to {100 * dhi:+.1f}) | {pr['here_only']} / "
                    f"{pr['ladder_only']} ({pr['sign_test_p']:.3f}) | {vp.mean():+.2f} ± {vp_half:.2f} | "
                    f"{100 * h['others']:.1f} | "
                    f"{sum(x['cpu_s'] for x in parts) / h['games']:.2f} |")
    return "\n".join(rows)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ladder", nargs="?", help="a draft ladder's folder (study.json, results.jsonl.gz)")
    ap.add_argument("--summary", nargs="+", metavar="JSON", help="print a table of saved runs (--out files; A.json,B.json: "
                    "one run in parts) instead, each paired with the ladder's games on the same tables")
    ap.add_argument("--against", default=None, metavar="BASE",
                    help="with --summary: pair with this baseline instead of the ladder's games: a comma list of "
                    "ladder or rung folders (their self games of the run's rung) and --out files")
    ap.add_argument("--rung", default="ismcts:100")
    ap.add_argument("--faction", default="hundreds", help="the faction studied (root_env.data.FACTION_NAMES)")
    ap.add_argument("--games", type=int, default=120, help="tables with the faction (the first of the rung's)")
    ap.add_argument("--start", type=int, default=0, help="skip this many of those tables first")
    ap.add_argument("--search", default="all")
    ap.add_argument("--fo", "--hd", dest="hd", default="",
                    help="extra ISMCTS options of the faction's search (key=value,...; --hd: the old name)")
    ap.add_argument("--faction-budget", type=int, default=None, help="the faction's iterations (default: the rung's)")
    ap.add_argument("--others", default="", help="extra ISMCTS options of the other seats' searches")
    ap.add_argument("--others-budget", type=int, default=None, help="the other seats' iterations (default: the rung's)")
    ap.add_argument("--out", default=None, help="write the figures and games as JSON")
    a = ap.parse_args(argv)
    if a.summary:
        print(summary(a.summary, a.against))
        return
    if a.ladder is None:
        ap.error("a ladder folder is needed (or --summary FILES)")
    from root_env.balance import ladder
    from root_env.balance.ladder_stats import load_ladder
    from agents.arena import parse_spec
    from root_env.data import FACTION_NAMES
    if a.faction not in FACTION_NAMES:
        raise SystemExit(f"--faction: unknown faction {a.faction!r}")
    fac = a.faction
    params, records, _ = load_ladder(a.ladder)
    budget = parse_spec(a.rung)[1]
    specs = [s for s in ladder.self_specs(params, a.rung, params["self_games"]) if fac in s["seating"]]
    specs = specs[a.start:a.start + a.games]
    searched = searched_decisions(a.search, fac)
    t = time.process_time()
    games = [play(s, budget, searched, a.hd, a.others, params["max_turns"], a.others_budget, fac, a.faction_budget)
             for s in specs]
    cpu = time.process_time() - t
    ladder_games = ladder_games_of(records, a.rung, specs)  # the specs seat the faction: so do these games
    out = {"ladder": str(a.ladder), "rung": a.rung, "faction": fac, "search": a.search, "hd": a.hd,
           "others": a.others, "others_budget": a.others_budget, "faction_budget": a.faction_budget,
           "start": a.start, "here": rates(games, fac), "ladder_games": rates(ladder_games, fac),
           "paired": paired(games, ladder_games, fac), "cpu_s": round(cpu, 1), "games": games}
    name = fac.capitalize()
    print(f"| {'':32s} | games | {name} win (95 % CI) | others' win | turns | {name}' VP |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, f in ((f"the ladder's {a.rung} games", out["ladder_games"]),
                     (f"search={a.search} fo={a.hd or '-'} others={a.others or '-'}"
                      + (f" {fac} at {a.faction_budget}" if a.faction_budget else "")
                      + (f" others at {a.others_budget}" if a.others_budget else ""), out["here"])):
        lo, hi = f[f"{fac}_ci"]
        print(f"| {label:32s} | {f['games']} | {f[fac]:.3f} ({lo:.3f}-{hi:.3f}) | {f['others']:.3f} | "
              f"{f['turns']:.1f} | {f[f'{fac}_vp']:.1f} |")
    if "vp_source_per_own_turn" in out["here"]:
        h = out["here"]
        print(f"{name}' own turns {h['own_turns']:.1f}; VP by source a game: "
              + ", ".join(f"{q} {v:.2f}" for q, v in h["vp_source"].items())
              + "; per own turn: " + ", ".join(f"{q} {v:.3f}" for q, v in h["vp_source_per_own_turn"].items()))
    pr = out["paired"]
    print(f"same tables: won here only {pr['here_only']}, in the ladder only {pr['ladder_only']} "
          f"(sign test p = {pr['sign_test_p']:.3f}); here minus the ladder {100 * pr['difference']:+.1f} points "
          f"({100 * pr['difference_ci95'][0]:+.1f} to {100 * pr['difference_ci95'][1]:+.1f})")
    print(f"CPU {cpu:.0f} s")
    if a.out:
        with open(a.out, "w") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()

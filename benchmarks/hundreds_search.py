"""Why do the Lord of the Hundreds win so much under search? (issue 36). Replays the self games of a draft ladder's
ISMCTS rung that seat the Hundreds (``ladder.self_specs``: the same tables, seeds and seats) with every other seat
searching as the rung does, and the Hundreds searching only for the decision kinds named (heuristic v2 for the rest),
or every seat's search given extra options:

    python -m benchmarks.hundreds_search benchmarks/results/ladder_draft_4p --games 120 --search all
    python -m benchmarks.hundreds_search benchmarks/results/ladder_draft_4p --games 120 --search none
    python -m benchmarks.hundreds_search benchmarks/results/ladder_draft_4p --games 120 --search military
    python -m benchmarks.hundreds_search benchmarks/results/ladder_draft_4p --games 120 --search all --others oppress=5
    python -m benchmarks.hundreds_search benchmarks/results/ladder_draft_4p --games 80 --search all --others-budget 400

``--search``: ``all`` (the rung itself: the ladder's own games when nothing else changes), ``none`` (heuristic v2 for
every decision of the Hundreds), or a comma list of ``KINDS`` keys or decision names (``root_env.codes
.DECISION_NAMES``). ``--others``/``--hd``: ``agents.ismcts.options`` keywords (``key=value,...``) for the other seats'
searches / the Hundreds'. Games are played decision by decision in Python with the compiled agents (the same
functions and random streams as ``agents.arena.play_one``). Prints the Hundreds' and the other seats' win rates with
Wilson intervals, the same tables' rates in the ladder, and writes them as JSON with the games and CPU seconds.
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np

# The Hundreds' decisions by kind (root_env.codes.DECISION_NAMES).
KINDS = {
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
KINDS["military"] = KINDS["actions"] + KINDS["battles"] + KINDS["moves"]


def searched_decisions(spec: str):
    """The decision names the Hundreds search for (None: every one)."""
    from root_env.codes import DECISION_NAMES
    if spec == "all":
        return None
    names = set()
    for part in filter(None, spec.split(",")):
        if part == "none":
            continue
        if part in KINDS:
            names |= set(KINDS[part])
        elif part in DECISION_NAMES:
            names.add(part)
        else:
            raise SystemExit(f"--search: unknown kind or decision {part!r} (kinds: {', '.join(KINDS)})")
    return names


def play(spec: dict, budget: int, searched, hd_extra: str, others_extra: str, max_turns: int,
         others_budget: int | None = None) -> dict:
    """One ladder game, the Hundreds searching only for `searched` (None: all), with `budget` iterations a decision
    (the other seats with `others_budget`, `budget` if None)."""
    from agents import ismcts
    from agents.arena import seated, parse_spec, options_table
    from agents.heuristic import choose, seed_rand
    from root_env import Game
    from root_env.codes import DECISION_NAMES
    from root_env.data import FACTION_NAMES, NF, HUNDREDS
    from root_env.layout import STATE_SIZE, GAME_OVER, DECIDER, DECISION, TURN, VP, WINNERS
    from root_env.engine.core import apply
    seating = spec["seating"]
    game = Game.new(seating, seed=spec["seed"], max_turns=max_turns, **spec.get("game_options", {}))
    state = game.state.copy()
    over = {}
    for f in seating:
        extra = hd_extra if f == "hundreds" else others_extra
        over[f] = parse_spec(f"ismcts:{budget}" + (":" + extra if extra else ""))[2]
    opts = options_table(over)
    work = np.zeros((2, STATE_SIZE), np.int64)
    others_budget = budget if others_budget is None else others_budget
    nodes, value, mark, path = ismcts.new_tree(max(budget, others_budget))
    r = seed_rand(spec["seed"] ^ 0x2545F491)  # as agents.arena.play_one
    while state[GAME_OVER] == 0:
        f = state[DECIDER]
        if f != HUNDREDS or searched is None or DECISION_NAMES[state[DECISION]] in searched:
            opts[f, ismcts.O_ITERS] = budget if f == HUNDREDS else others_budget
            a, r = ismcts.choose(state, f, r, opts[f], nodes, value, mark, path, work)
        else:
            a, r = choose(state, f, r, work)
        apply(state, a)
    return {"game": spec["game"], "seed": spec["seed"], "seating": seating,
            "winners": [FACTION_NAMES[g] for g in range(NF) if state[WINNERS] >> g & 1],
            "vp": {FACTION_NAMES[g]: int(state[VP + g]) for g in range(NF) if FACTION_NAMES[g] in seating},
            "turns": int(state[TURN])}


def rates(records) -> dict:
    from root_env.balance.stats import wilson
    n = len(records)
    k = sum("hundreds" in r["winners"] for r in records)
    seats = sum(len(r["seating"]) - 1 for r in records)
    ko = sum(len([f for f in r["winners"] if f != "hundreds"]) for r in records)
    return {"games": n, "hundreds": k / n, "hundreds_ci": list(wilson(k, n)), "others": ko / seats,
            "others_ci": list(wilson(ko, seats)), "turns": sum(r["turns"] for r in records) / n,
            "hundreds_vp": sum(r["vp"]["hundreds"] for r in records) / n}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ladder", help="a draft ladder's folder (study.json, results.jsonl.gz)")
    ap.add_argument("--rung", default="ismcts:100")
    ap.add_argument("--games", type=int, default=120, help="tables with the Hundreds (the first of the rung's)")
    ap.add_argument("--start", type=int, default=0, help="skip this many of those tables first")
    ap.add_argument("--search", default="all")
    ap.add_argument("--hd", default="", help="extra ISMCTS options of the Hundreds' search (key=value,...)")
    ap.add_argument("--others", default="", help="extra ISMCTS options of the other seats' searches")
    ap.add_argument("--others-budget", type=int, default=None, help="the other seats' iterations (default: the rung's)")
    ap.add_argument("--out", default=None, help="write the figures and games as JSON")
    a = ap.parse_args(argv)
    from root_env.balance import ladder
    from root_env.balance.ladder_stats import load_ladder, self_rung
    from agents.arena import parse_spec
    params, records, _ = load_ladder(a.ladder)
    budget = parse_spec(a.rung)[1]
    specs = [s for s in ladder.self_specs(params, a.rung, params["self_games"]) if "hundreds" in s["seating"]]
    specs = specs[a.start:a.start + a.games]
    searched = searched_decisions(a.search)
    t = time.process_time()
    games = [play(s, budget, searched, a.hd, a.others, params["max_turns"], a.others_budget) for s in specs]
    cpu = time.process_time() - t
    seeds = {s["seed"] for s in specs}
    ladder_games = [r for r in records if self_rung(r) == a.rung and r["seed"] in seeds and "hundreds" in r["seating"]]
    out = {"ladder": str(a.ladder), "rung": a.rung, "search": a.search, "hd": a.hd, "others": a.others,
           "others_budget": a.others_budget,
           "start": a.start, "here": rates(games), "ladder_games": rates(ladder_games), "cpu_s": round(cpu, 1),
           "games": games}
    print(f"| {'':32s} | games | Hundreds win (95 % CI) | others' win | turns | Hundreds' VP |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, f in ((f"the ladder's {a.rung} games", out["ladder_games"]),
                    (f"search={a.search} hd={a.hd or '-'} others={a.others or '-'}"
                     + (f" others at {a.others_budget}" if a.others_budget else ""), out["here"])):
        lo, hi = f["hundreds_ci"]
        print(f"| {name:32s} | {f['games']} | {f['hundreds']:.3f} ({lo:.3f}-{hi:.3f}) | {f['others']:.3f} | "
              f"{f['turns']:.1f} | {f['hundreds_vp']:.1f} |")
    print(f"CPU {cpu:.0f} s")
    if a.out:
        with open(a.out, "w") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()

"""Playing the table against the Alliance and the Corvids (issues 34 and 36): why they over-win heuristic v2 tables,
and whether answering them is a best response. Paired games, one process, no recompiling.

    python -m benchmarks.heuristic_alliance [--games 800] [--table marquise,eyrie,alliance,vagabond]
        [--variant "name:P_AL_SYMPATHY=20,P_AL_BASE=30" ...] [--deviators marquise,eyrie,vagabond] [--all]
        [--seed0 900000] [--json PATH]

Every seat plays heuristic v2 (``agents.heuristic.choose_params`` with its faction's row of ``PARAMS[2]``). Arm
``base``: those rows. For each ``--variant`` and each faction of ``--deviators``: that faction's row alone changed as the
variant says (columns named by their ``agents.table.P_*`` constant), the others unchanged; with ``--all`` also an arm
where every deviator changes. Game i is seated in rotation i % n of the table and seeded SEED0 + i in every arm
(paired). A change is a best response for a faction when that faction, alone changed, wins at least as often as in
``base`` (the same seeds, seats and opponents); that, not how close any win rate comes to the human figures, is how
the columns of ``PARAMS`` are chosen.

Per arm: every faction's win rate with its Wilson 95 % interval and mean final VP; for the deviator, the games it won
that it lost in ``base`` and the reverse; and what the table did against the Alliance and the Corvids, per game:
sympathy tokens placed and removed (by whose turn), bases removed, Outrage (cards added to the supporters during
another faction's turn, Law 8.2.4), the most sympathy on the map, plots placed and removed by others; the VP by source
of each faction. Results as JSON and a Markdown table beside it.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from datetime import datetime, timezone

import numpy as np

from root_env.engine.jit import njit
from root_env.data import NF, ALLIANCE, CORVIDS, TT_SYMPATHY, TT_PLOT, FACTION_NAMES
from root_env.layout import STATE_SIZE, GAME_OVER, DECIDER, VP, WINNERS, VP_SOURCE, N_VS, TURN, NSEATS, ACTIVE
from root_env.engine.core import new_game, apply
from root_env.engine.board import tokens_on_map
from root_env.engine.supporters import supporters_n, bases_on_map
from agents.heuristic import choose_params, seed_rand, PARAMS
from agents import table
from benchmarks.heuristic_eyrie import parse_variant  # name:P_X=v,... -> (name, {column: value})

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
SEED0 = 900_000  # tuning seeds (benchmarks.heuristic_strength publishes others)
(ST_SYM_PLACED, ST_SYM_REMOVED, ST_BASES_REMOVED, ST_OUTRAGE, ST_SYM_MAX, ST_PLOTS_PLACED, ST_PLOTS_REMOVED,
 ST_ROUNDS, N_ST) = range(9)


@njit
def plots_on_map(state):
    n = 0
    for t in range(4):
        n += tokens_on_map(state, TT_PLOT + t)
    return n


# Not cached (numba's cache of a file outside root_env/ and agents/ is keyed by that file alone): compiled per process.
@njit(nogil=True)
def play_rows(factions, rows, seeds, max_turns, options, winners, vp, sources, stats, sym_by):
    """Play the games of `seeds`, faction f deciding with heuristic v2's row rows[f] (``agents.arena``'s games with
    every seat ``heuristic`` when rows is PARAMS[2]); the table's play against the Alliance and the Corvids in
    stats[i, ST_*], sympathy removed on each faction's turn in sym_by[i, g]."""
    state = np.zeros(STATE_SIZE, np.int64)
    work = np.zeros((2, STATE_SIZE), np.int64)
    for i in range(seeds.shape[0]):
        new_game(state, factions, seeds[i], max_turns, 0, options)
        r = seed_rand(seeds[i] ^ 0x2545F491)
        sym = tokens_on_map(state, TT_SYMPATHY)
        bases = bases_on_map(state)
        sup = supporters_n(state)
        plots = plots_on_map(state)
        while state[GAME_OVER] == 0:
            f = state[DECIDER]
            a, r = choose_params(state, f, r, work, rows[f])
            apply(state, a)
            act = state[ACTIVE]
            s2 = tokens_on_map(state, TT_SYMPATHY)
            if s2 > sym:
                stats[i, ST_SYM_PLACED] += s2 - sym
            elif s2 < sym:
                stats[i, ST_SYM_REMOVED] += sym - s2
                if act >= 0:
                    sym_by[i, act] += sym - s2
            sym = s2
            stats[i, ST_SYM_MAX] = max(stats[i, ST_SYM_MAX], s2)
            b2 = bases_on_map(state)
            if b2 < bases:
                stats[i, ST_BASES_REMOVED] += bases - b2
            bases = b2
            u2 = supporters_n(state)
            if u2 > sup and act != ALLIANCE:
                stats[i, ST_OUTRAGE] += u2 - sup
            sup = u2
            p2 = plots_on_map(state)
            if p2 > plots:
                stats[i, ST_PLOTS_PLACED] += p2 - plots
            elif p2 < plots and act != CORVIDS:
                stats[i, ST_PLOTS_REMOVED] += plots - p2
            plots = p2
        stats[i, ST_ROUNDS] = (state[TURN] - 1) // state[NSEATS] + 1
        winners[i] = state[WINNERS]
        for g in range(NF):
            vp[i, g] = state[VP + g]
            for k in range(N_VS):
                sources[i, g, k] = state[VP_SOURCE + g * N_VS + k]


def play_arm(rows, games, seats, seed0=SEED0, threads=2, map_name="autumn", max_turns=300) -> dict:
    """The `games` paired games with faction f deciding by rows[f]: arrays by game (game order, seats rotated)."""
    from root_env.inputs import option_bits, faction_ids
    from root_env.map_data import check_map
    from root_env.engine.threads import for_slices
    options = option_bits(False, map=check_map(map_name))
    n = len(seats)
    out = {"winners": np.zeros(games, np.int64), "vp": np.zeros((games, NF), np.int64),
           "sources": np.zeros((games, NF, N_VS), np.int64), "stats": np.zeros((games, N_ST), np.int64),
           "sym_by": np.zeros((games, NF), np.int64)}
    for rot in range(n):
        idx = np.arange(rot, games, n)
        if idx.size == 0:
            continue
        ids = faction_ids(tuple(seats[rot:]) + tuple(seats[:rot]))
        seeds = (seed0 + idx).astype(np.int64)
        part = {k: np.zeros((idx.size,) + v.shape[1:], np.int64) for k, v in out.items()}

        def kernel(lo, hi):
            play_rows(ids, rows, seeds[lo:hi], max_turns, options, part["winners"][lo:hi], part["vp"][lo:hi],
                      part["sources"][lo:hi], part["stats"][lo:hi], part["sym_by"][lo:hi])

        for_slices(kernel, idx.size, threads, 2)
        for k in out:
            out[k][idx] = part[k]
    return out


def summary(arm: dict, seats) -> dict:
    from root_env.balance.stats import wilson
    from root_env.layout import VP_SOURCE_NAMES
    n = arm["winners"].size
    st = arm["stats"]
    res = {"games": n, "win_rate": {}, "wilson95": {}, "mean_vp": {}, "vp_by_source_per_game": {}}
    for name in seats:
        g = FACTION_NAMES.index(name)
        won = (arm["winners"] >> g) & 1
        res["win_rate"][name] = float(won.mean())
        res["wilson95"][name] = list(wilson(int(won.sum()), n))
        res["mean_vp"][name] = float(arm["vp"][:, g].mean())
        src = arm["sources"][:, g, :].sum(axis=0)
        res["vp_by_source_per_game"][name] = {VP_SOURCE_NAMES[k]: float(src[k]) / n
                                              for k in range(len(VP_SOURCE_NAMES)) if src[k]}
    per_game = {k: float(st[:, i].mean()) for i, k in enumerate(
        ("sympathy_placed", "sympathy_removed", "bases_removed", "outrage_cards", "sympathy_max", "plots_placed",
         "plots_removed_by_others", "rounds"))}
    per_game["sympathy_removed_on_turn_of"] = {name: float(arm["sym_by"][:, FACTION_NAMES.index(name)].mean())
                                               for name in seats}
    per_game["games_with_a_base_removed"] = float((st[:, ST_BASES_REMOVED] > 0).mean())
    res["per_game"] = per_game
    return res


def run(games, variants, deviators, seats, all_arm=False, threads=2, map_name="autumn", seed0=SEED0) -> dict:
    res = {"command": None, "games": games, "table": list(seats), "seed0": seed0, "map": map_name,
           "date": datetime.now(timezone.utc).isoformat(timespec="seconds"), "machine": platform.node(), "arms": {}}
    plans = [("base", None, {})]
    for v in variants:
        name, changes = parse_variant(v)
        for d in deviators:
            plans.append((f"{name}/{d}", (d,), changes))
        if all_arm:
            plans.append((f"{name}/all", tuple(deviators), changes))
    base_won = None
    for arm_name, who, changes in plans:
        rows = PARAMS[2].copy()
        for d in who or ():
            for k, v in changes.items():
                rows[FACTION_NAMES.index(d), k] = v
        t0, c0 = time.perf_counter(), time.process_time()
        load0 = open("/proc/loadavg").read().split()[:3]
        arm = play_arm(rows, games, seats, seed0=seed0, threads=threads, map_name=map_name)
        s = summary(arm, seats)
        s["deviators"] = list(who or ())
        s["changes"] = {[k for k in dir(table) if k.startswith("P_") and getattr(table, k) == c][0]: v
                        for c, v in changes.items()}
        s["wall_s"], s["cpu_s"], s["load"] = time.perf_counter() - t0, time.process_time() - c0, load0
        if base_won is None:
            base_won = arm["winners"]
        if who and len(who) == 1:
            g = FACTION_NAMES.index(who[0])
            won, bw = (arm["winners"] >> g) & 1, (base_won >> g) & 1
            s["deviator_won_base_lost"] = int(((won == 1) & (bw == 0)).sum())
            s["deviator_lost_base_won"] = int(((won == 0) & (bw == 1)).sum())
            s["best_response"] = s["win_rate"][who[0]] >= res["arms"]["base"]["win_rate"][who[0]]
        res["arms"][arm_name] = s
        pg = s["per_game"]
        print(f"{arm_name:>22}: " + " ".join(f"{f[:4]} {s['win_rate'][f]:.3f}" for f in seats)
              + f" | sym +{pg['sympathy_placed']:.1f} -{pg['sympathy_removed']:.1f} bases -{pg['bases_removed']:.2f}"
              f" outrage {pg['outrage_cards']:.1f} plots -{pg['plots_removed_by_others']:.1f}"
              + (f" | +{s['deviator_won_base_lost']}/-{s['deviator_lost_base_won']}" if "best_response" in s else "")
              + f" ({s['wall_s']:.0f} s)", flush=True)
    return res


def table_md(res: dict) -> str:
    seats = res["table"]
    lines = [f"Command: `{res['command']}`; {res['games']} games an arm, every seat heuristic v2 (seats rotated), "
             f"seeds {res['seed0']} on, map {res['map']}, {res['date']}.", "",
             "| arm | changes | " + " | ".join(f"{f} [Wilson 95 %]" for f in seats)
             + " | sympathy placed / removed | bases removed | Outrage cards | plots removed | deviator +won/-lost |",
             "|---|---|" + "---|" * len(seats) + "---:|---:|---:|---:|---:|"]
    for name, s in res["arms"].items():
        ch = ", ".join(f"{k}={v:g}" for k, v in s["changes"].items()) or "(PARAMS[2])"
        cells = []
        for f in seats:
            mark = "**" if f in s["deviators"] and len(s["deviators"]) == 1 else ""
            cells.append(f"{mark}{s['win_rate'][f]:.3f}{mark} [{s['wilson95'][f][0]:.3f}, {s['wilson95'][f][1]:.3f}]")
        pg = s["per_game"]
        dev = (f"+{s['deviator_won_base_lost']} / -{s['deviator_lost_base_won']}" if "deviator_won_base_lost" in s
               else "")
        lines.append(f"| {name} | {ch} | " + " | ".join(cells) + f" | {pg['sympathy_placed']:.1f} / "
                     f"{pg['sympathy_removed']:.1f} | {pg['bases_removed']:.2f} | {pg['outrage_cards']:.1f} | "
                     f"{pg['plots_removed_by_others']:.1f} | {dev} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.heuristic_alliance", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=800, help="games per arm (a multiple of the seats)")
    ap.add_argument("--variant", action="append", default=[], help="name:P_COLUMN=value,... (repeatable)")
    ap.add_argument("--deviators", default="marquise,eyrie,vagabond", help="factions that try each variant alone")
    ap.add_argument("--all", action="store_true", help="also an arm where every deviator changes")
    ap.add_argument("--table", default=",".join(BASE4))
    ap.add_argument("--map", default="autumn")
    ap.add_argument("--seed0", type=int, default=SEED0, help="game i is seeded seed0 + i")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", default=None, help="write the results here (and a .md table beside it)")
    a = ap.parse_args(argv)
    seats = tuple(a.table.split(","))
    if a.games < len(seats) or a.games % len(seats):
        ap.error("--games must be a positive multiple of the number of seats")
    deviators = [d for d in a.deviators.split(",") if d]
    res = run(a.games, a.variant, deviators, seats, a.all, a.threads, a.map, a.seed0)
    res["command"] = "python -m benchmarks.heuristic_alliance " + " ".join(argv if argv is not None else sys.argv[1:])
    md = table_md(res)
    print(md)
    if a.json:
        from benchmarks.heuristic_strength import write_results
        write_results(a.json, res, md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

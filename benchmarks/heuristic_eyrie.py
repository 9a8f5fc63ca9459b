"""The Eyrie's heuristic v2 against itself changed (issues 34 and 36): paired games, one process, no recompiling.

    python -m benchmarks.heuristic_eyrie [--games 400] [--variant "name:P_EY_DECREE=3,P_EY_CAPACITY=1" ...]
                                         [--table marquise,eyrie,alliance,vagabond] [--json PATH]
    python -m benchmarks.heuristic_eyrie --same-games

Every seat plays heuristic v2 (``agents.heuristic.choose_params``); the Eyrie's seat plays it with its row of
``agents.heuristic.PARAMS[2]`` (arm ``base``) or with that row changed as each ``--variant`` says (columns named by
their ``agents.table.P_*`` constant). Game i is seated in rotation i % 4 of the table and seeded SEED0 + i in every arm,
as ``benchmarks.heuristic_strength`` seats its games, so the arms play the same seats and seeds (paired) and each seat
is played games / 4 times. The rows are arguments of one compiled loop (``play_rows``), so a variant costs games, not a
compile. With the base row the games are ``agents.arena.play_games``'s with every seat ``heuristic`` (the test checks
it).

Per arm: the Eyrie's win rate with its Wilson 95 % interval, mean final VP, turmoils per game (Law 7.7), the share
of them "foreseen" (an action of the Decree could not be taken already when that Daylight's Decree began), those in
rounds 1 and 2, VP lost to them, the longest Decree, roosts at the end, the VP by source; and the games the variant
won that the base lost and the reverse (paired). Results as JSON and a Markdown table beside it.

``--same-games``: the heuristic games of mixes without the Eyrie (``NO_EYRIE_MIXES``, both versions), digested as
``benchmarks.heuristic_same_games`` digests them, against those recorded at 525aca8 (``SAME_GAMES``): the Eyrie's
changes must move none of them (every mix of ``benchmarks.heuristic_same_games`` seats the Eyrie).
"""
from __future__ import annotations

import argparse
import json
import platform
import time
from datetime import datetime, timezone

import numpy as np

from root_env.engine.jit import njit
from root_env.data import NF, NCARD, EYRIE, BT_ROOST, CARD_SUIT, BIRD
from root_env.codes import D_CHOOSE_LEADER, D_EY_DECREE
from root_env.layout import (STATE_SIZE, GAME_OVER, DECIDER, DECISION, VP, WINNERS, CARD_LOC, CARD_FLAG, LOC_DECREE,
                             VP_SOURCE, N_VS, TURN, NSEATS, EY_VIZIER_COL, EY_VIZIER_DONE)
from root_env.engine.core import new_game, apply
from root_env.engine.board import buildings_on_map
from root_env.engine.factions.eyrie import decree_action_possible
from agents.heuristic import choose_params, seed_rand, PARAMS
from agents import table

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")
SEED0 = 340_000  # benchmarks.heuristic_strength's seeds
# Eyrie statistics per game (columns of ``play_rows``'s `stats`).
# ST_FORESEEN: turmoils in a turn whose Decree already held an action that could not be taken when its Daylight's
# Decree began (``decree_stuck``); ST_EARLY: turmoils in rounds 1 and 2.
(ST_TURMOIL, ST_VP_LOST, ST_DECREE_MAX, ST_ROOSTS_END, ST_ROOSTS_MAX, ST_FIRST_TURMOIL_ROUND, ST_FORESEEN, ST_EARLY,
 N_ST) = range(9)


# Not cached (numba's cache of a file outside root_env/ and agents/ is keyed by that file alone, and would keep linking
# the heuristic as it was compiled first): compiled in each process, about a minute.
@njit
def decree_length(state):
    n = 0
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        if LOC_DECREE <= loc < LOC_DECREE + 4:
            n += 1
    return n


@njit
def decree_stuck(state):
    """Whether a Decree card or Loyal Vizier still to resolve could not take its action as the map stands (Law 7.5.2)."""
    for c in range(NCARD):
        loc = state[CARD_LOC + c]
        if LOC_DECREE <= loc < LOC_DECREE + 4 and state[CARD_FLAG + c] == 0:
            if not decree_action_possible(state, loc - LOC_DECREE, CARD_SUIT[c]):
                return True
    for k in range(2):
        if state[EY_VIZIER_COL + k] >= 0 and state[EY_VIZIER_DONE + k] == 0:
            if not decree_action_possible(state, state[EY_VIZIER_COL + k], BIRD):
                return True
    return False


@njit(nogil=True)
def play_rows(factions, rows, seeds, max_turns, options, winners, vp, sources, stats):
    """Play the games of `seeds`, faction f deciding with heuristic v2's row rows[f] (``agents.arena.play_one``'s
    game with every seat ``heuristic`` when rows is PARAMS[2]); the Eyrie's statistics in stats[i, ST_*]."""
    state = np.zeros(STATE_SIZE, np.int64)
    work = np.zeros((2, STATE_SIZE), np.int64)
    for i in range(seeds.shape[0]):
        new_game(state, factions, seeds[i], max_turns, 0, options)
        r = seed_rand(seeds[i] ^ 0x2545F491)
        leaders = 0
        stats[i, ST_FIRST_TURMOIL_ROUND] = -1
        turn_seen = -1
        stuck_at_start = False
        while state[GAME_OVER] == 0:
            f = state[DECIDER]
            if f == EYRIE and state[DECISION] == D_EY_DECREE and state[TURN] != turn_seen:
                turn_seen = state[TURN]
                stuck_at_start = decree_stuck(state)
            if f == EYRIE and state[DECISION] == D_CHOOSE_LEADER:
                leaders += 1
                rnd = (state[TURN] - 1) // state[NSEATS] + 1
                if leaders == 2:
                    stats[i, ST_FIRST_TURMOIL_ROUND] = rnd
                if leaders >= 2:
                    if stuck_at_start and state[TURN] == turn_seen:
                        stats[i, ST_FORESEEN] += 1
                    if rnd <= 2:
                        stats[i, ST_EARLY] += 1
            before = state[VP + EYRIE]
            n_decree = decree_length(state)
            a, r = choose_params(state, f, r, work, rows[f])
            apply(state, a)
            if state[VP + EYRIE] < before:
                stats[i, ST_VP_LOST] += before - state[VP + EYRIE]
            stats[i, ST_DECREE_MAX] = max(stats[i, ST_DECREE_MAX], n_decree)
            stats[i, ST_ROOSTS_MAX] = max(stats[i, ST_ROOSTS_MAX], buildings_on_map(state, BT_ROOST))
        stats[i, ST_TURMOIL] = max(0, leaders - 1)
        stats[i, ST_ROOSTS_END] = buildings_on_map(state, BT_ROOST)
        winners[i] = state[WINNERS]
        for g in range(NF):
            vp[i, g] = state[VP + g]
            for k in range(N_VS):
                sources[i, g, k] = state[VP_SOURCE + g * N_VS + k]


# Mixes without the Eyrie (nor the Keepers, whose heuristic changes elsewhere): their heuristic games must not move.
NO_EYRIE_MIXES = {
    "marquise alliance vagabond lizards": (("marquise", "alliance", "vagabond", "lizards"), "autumn"),
    "riverfolk corvids hundreds duchy": (("riverfolk", "corvids", "hundreds", "duchy"), "autumn"),
    "two vagabonds without the eyrie, winter": (("marquise", "alliance", "vagabond", "vagabond2"), "winter"),
}
SAME_GAMES = "tests/data/heuristic_same_games_no_eyrie.json"  # recorded at 525aca8 (16 games a mix and kind), again
# after the Daylight-end fix of 2026-12-02 (a rules change: the Hundreds', the Keepers' and the Duchy's games moved)


def same_games(games: int) -> dict:
    """{"mix | kind": [digest of each game]}: ``benchmarks.heuristic_same_games``'s digests of `games` seeded games of
    each mix of ``NO_EYRIE_MIXES``, every seat heuristic v2 or every seat heuristic v1."""
    from benchmarks.heuristic_same_games import game_digests
    return {f"{name} | {kind}": game_digests(seats, kind, games, map_name)
            for name, (seats, map_name) in NO_EYRIE_MIXES.items() for kind in ("heuristic", "heuristic_v1")}


def parse_variant(text: str) -> tuple[str, dict]:
    """``name:P_X=v,P_Y=w`` -> (name, {column index: value}); ValueError on an unknown column."""
    name, _, body = text.partition(":")
    changes = {}
    for part in filter(None, body.split(",")):
        key, _, val = part.partition("=")
        key = key.strip()
        if not key.startswith("P_") or not hasattr(table, key):
            raise ValueError(f"unknown column {key!r} in variant {text!r} (agents.table.P_* names)")
        changes[getattr(table, key)] = float(val)
    return name, changes


def eyrie_row(changes: dict) -> np.ndarray:
    row = PARAMS[2, EYRIE].copy()
    for k, v in changes.items():
        row[k] = v
    return row


def play_arm(row, games, seats=BASE4, seed0=SEED0, threads=2, map_name="autumn", max_turns=300) -> dict:
    """The `games` paired games with the Eyrie playing `row`: arrays by game (in game order, seats rotated)."""
    from root_env.inputs import option_bits, faction_ids
    from root_env.map_data import check_map
    from root_env.engine.threads import for_slices
    options = option_bits(False, map=check_map(map_name))
    rows = PARAMS[2].copy()
    rows[EYRIE] = row
    out = {"winners": np.zeros(games, np.int64), "vp": np.zeros((games, NF), np.int64),
           "sources": np.zeros((games, NF, N_VS), np.int64), "stats": np.zeros((games, N_ST), np.int64),
           "seat": np.zeros(games, np.int64)}
    for rot in range(4):
        idx = np.arange(rot, games, 4)
        if idx.size == 0:
            continue
        table_rot = tuple(seats[rot:]) + tuple(seats[:rot])
        ids = faction_ids(table_rot)
        seeds = (seed0 + idx).astype(np.int64)
        w = np.zeros(idx.size, np.int64)
        vp = np.zeros((idx.size, NF), np.int64)
        src = np.zeros((idx.size, NF, N_VS), np.int64)
        st = np.zeros((idx.size, N_ST), np.int64)

        def kernel(lo, hi):
            play_rows(ids, rows, seeds[lo:hi], max_turns, options, w[lo:hi], vp[lo:hi], src[lo:hi], st[lo:hi])

        for_slices(kernel, idx.size, threads, 2)
        out["winners"][idx], out["vp"][idx], out["sources"][idx], out["stats"][idx] = w, vp, src, st
        out["seat"][idx] = table_rot.index("eyrie")
    return out


def summary(arm: dict) -> dict:
    from root_env.balance.stats import wilson
    from root_env.layout import VP_SOURCE_NAMES
    won = (arm["winners"] >> EYRIE) & 1
    n = won.size
    lo, hi = wilson(int(won.sum()), n)
    st = arm["stats"]
    src = arm["sources"][:, EYRIE, :].sum(axis=0)
    return {"games": n, "wins": int(won.sum()), "win_rate": float(won.mean()), "wilson95": [lo, hi],
            "mean_vp": float(arm["vp"][:, EYRIE].mean()),
            "turmoil_per_game": float(st[:, ST_TURMOIL].mean()),
            "games_with_turmoil": float((st[:, ST_TURMOIL] > 0).mean()),
            "turmoils_foreseen_share": float(st[:, ST_FORESEEN].sum() / max(1, st[:, ST_TURMOIL].sum())),
            "turmoils_in_rounds_1_2_per_game": float(st[:, ST_EARLY].mean()),
            "vp_lost_per_game": float(st[:, ST_VP_LOST].mean()),
            "first_turmoil_round_median": (float(np.median(st[st[:, ST_FIRST_TURMOIL_ROUND] > 0, ST_FIRST_TURMOIL_ROUND]))
                                           if (st[:, ST_FIRST_TURMOIL_ROUND] > 0).any() else None),
            "decree_max_mean": float(st[:, ST_DECREE_MAX].mean()),
            "roosts_end_mean": float(st[:, ST_ROOSTS_END].mean()),
            "roosts_max_mean": float(st[:, ST_ROOSTS_MAX].mean()),
            "vp_by_source_per_game": {VP_SOURCE_NAMES[k]: float(src[k]) / n for k in range(len(VP_SOURCE_NAMES))
                                      if src[k]},
            "win_rate_by_seat": [float(won[arm["seat"] == s].mean()) for s in range(4)]}


def run(games: int, variants: list[str], seats=BASE4, threads: int = 2, map_name: str = "autumn",
        seed0: int = SEED0) -> dict:
    arms = {"base": {}}
    for v in variants:
        name, changes = parse_variant(v)
        arms[name] = changes
    res = {"command": None, "games": games, "table": list(seats), "seed0": seed0, "map": map_name,
           "date": datetime.now(timezone.utc).isoformat(timespec="seconds"), "machine": platform.node(),
           "arms": {}}
    base_won = None
    for name, changes in arms.items():
        t0, c0 = time.perf_counter(), time.process_time()
        load0 = open("/proc/loadavg").read().split()[:3]
        arm = play_arm(eyrie_row(changes), games, seats, seed0=seed0, threads=threads, map_name=map_name)
        s = summary(arm)
        s["changes"] = {[k for k in dir(table) if k.startswith("P_") and getattr(table, k) == c][0]: v
                        for c, v in changes.items()}
        s["wall_s"], s["cpu_s"] = time.perf_counter() - t0, time.process_time() - c0
        s["load"] = load0
        won = (arm["winners"] >> EYRIE) & 1
        if base_won is None:
            base_won = won
        s["won_not_base"] = int(((won == 1) & (base_won == 0)).sum())
        s["base_not_won"] = int(((won == 0) & (base_won == 1)).sum())
        res["arms"][name] = s
        print(f"{name:>14}: {s['win_rate']:.3f} [{s['wilson95'][0]:.3f}, {s['wilson95'][1]:.3f}] vp {s['mean_vp']:.1f}"
              f" turmoil {s['turmoil_per_game']:.2f} lost {s['vp_lost_per_game']:.1f} decree {s['decree_max_mean']:.1f}"
              f" roosts {s['roosts_end_mean']:.1f}/{s['roosts_max_mean']:.1f} +{s['won_not_base']}/-{s['base_not_won']}"
              f" ({s['wall_s']:.0f} s)", flush=True)
    return res


def table_md(res: dict) -> str:
    lines = [f"Command: `{res['command']}`; {res['games']} games an arm, table {', '.join(res['table'])} "
             f"(every seat heuristic v2, seats rotated), seeds {res['seed0']} on, map {res['map']}, {res['date']}.", "",
             "| arm | changes | Eyrie win rate [Wilson 95 %] | mean VP | turmoils/game | of them foreseen | in rounds 1-2 |"
             " VP lost/game | longest Decree | roosts end / max | won, base lost / lost, base won |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, s in res["arms"].items():
        ch = ", ".join(f"{k}={v:g}" for k, v in s["changes"].items()) or "(PARAMS[2, EYRIE])"
        lines.append(f"| {name} | {ch} | {s['win_rate']:.3f} [{s['wilson95'][0]:.3f}, {s['wilson95'][1]:.3f}] | "
                     f"{s['mean_vp']:.1f} | {s['turmoil_per_game']:.2f} | {s.get('turmoils_foreseen_share', float('nan')):.2f} | "
                     f"{s.get('turmoils_in_rounds_1_2_per_game', float('nan')):.2f} | {s['vp_lost_per_game']:.1f} | "
                     f"{s['decree_max_mean']:.1f} | {s['roosts_end_mean']:.1f} / {s['roosts_max_mean']:.1f} | "
                     f"{s['won_not_base']} / {s['base_not_won']} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    import sys
    ap = argparse.ArgumentParser(prog="python -m benchmarks.heuristic_eyrie", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="games per arm (a multiple of 4)")
    ap.add_argument("--variant", action="append", default=[], help="name:P_COLUMN=value,... (repeatable)")
    ap.add_argument("--table", default=",".join(BASE4))
    ap.add_argument("--map", default="autumn")
    ap.add_argument("--seed0", type=int, default=SEED0, help="game i is seeded seed0 + i (tuning: 900,000 on)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", default=None, help="write the results here (and a .md table beside it)")
    ap.add_argument("--same-games", action="store_true", help=f"compare the games without the Eyrie with {SAME_GAMES}")
    ap.add_argument("--write", action="store_true", help="with --same-games: record them anew (after a rules change)")
    a = ap.parse_args(argv)
    if a.same_games:
        from pathlib import Path
        path = Path(__file__).resolve().parents[1] / SAME_GAMES
        recorded = json.loads(path.read_text())
        n = min(len(v) for v in recorded.values())
        got = same_games(n)
        if a.write:
            path.write_text(json.dumps(got, indent=1) + "\n")
            print(f"wrote {path} ({n} games a mix and kind)")
            return 0
        bad = [k for k in recorded if got.get(k) != recorded[k]]
        print(f"{len(recorded) - len(bad)} of {len(recorded)} mixes and kinds play the recorded games ({n} each)"
              + (f"; differ: {bad}" if bad else ""))
        return 1 if bad else 0
    if a.games < 4 or a.games % 4:
        ap.error("--games must be a positive multiple of 4")
    seats = tuple(a.table.split(","))
    if "eyrie" not in seats or len(seats) != 4:
        ap.error("--table must seat four factions, the Eyrie among them")
    res = run(a.games, a.variant, seats, a.threads, a.map, a.seed0)
    res["command"] = "python -m benchmarks.heuristic_eyrie " + " ".join(argv if argv is not None else sys.argv[1:])
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(res, fh, indent=1)
        with open(a.json.rsplit(".", 1)[0] + ".md", "w") as fh:
            fh.write(table_md(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How much a warrior paid to the Riverfolk should cost the payer in the second heuristic's valuation
(``agents.table``'s ``P_RF_PAID``), measured as a best response (issue 34, section 1; issue 36's Riverfolk).

    python -m benchmarks.riverfolk_payments [--games 400] [--high 8.0] [--low 0.6]
                                            [--json benchmarks/results/riverfolk_payments.json]

Every seat of the four-player table marquise, eyrie, alliance, riverfolk plays ``heuristic`` (v2) with its
faction's row of ``agents.heuristic.PARAMS``, except the column ``P_RF_PAID`` of the three buyers, which is set
here at run time (one compiled game loop, ``play``, takes the rows as an argument). Arms, on the same seeds and
seats (game i seeded SEED0 + i, seated in rotation i % 4):

- ``all_low``: every buyer at ``--low`` (0.6, the value before 2026-11-28);
- ``all_high``: every buyer at ``--high``;
- ``<faction>_deviates``: every buyer at ``--high`` but that faction, at ``--low``.

If a deviator wins less than it does in ``all_high``, paying the Riverfolk freely is the worse answer when the
others do not: ``--high`` is the better response for every buyer, which is how the parameter is chosen (not by how
close the Riverfolk's win rate comes to the human figure, which would make a balance study's verdict our own).
A buyer alone refusing (``--high`` against ``--low`` buyers) changes little: whoever pays, the Riverfolk win.
"""
from __future__ import annotations

import argparse
from datetime import datetime, timezone

import numpy as np
from root_env.engine.jit import njit

from root_env.data import FACTION_NAMES, NF
from root_env.layout import STATE_SIZE, GAME_OVER, DECIDER, WINNERS, TURN
from root_env.engine.core import new_game, apply
from root_env.balance.stats import wilson
from agents.heuristic import choose_params, PARAMS, seed_rand
from agents.table import P_RF_PAID
from benchmarks.heuristic_strength import write_results

TABLE = ("marquise", "eyrie", "alliance", "riverfolk")
BUYERS = TABLE[:3]
SEED0 = 820_000


@njit(cache=True)
def play(factions, rows, seeds, winners, turns):
    """Play the games of `seeds` with every seat's faction f choosing by ``choose_params`` with rows[f]."""
    state = np.zeros(STATE_SIZE, np.int64)
    work = np.zeros((2, STATE_SIZE), np.int64)
    for i in range(seeds.shape[0]):
        new_game(state, factions, seeds[i], 300, 0, 1)
        r = seed_rand(seeds[i] ^ 0x2545F491)
        while state[GAME_OVER] == 0:
            f = state[DECIDER]
            a, r = choose_params(state, f, r, work, rows[f])
            apply(state, a)
        winners[i] = state[WINNERS]
        turns[i] = state[TURN]


def arm(paid: dict, games: int) -> dict:
    """Win rates (Wilson 95 %) of every faction of TABLE with the buyers' P_RF_PAID given by `paid`."""
    rows = PARAMS[2].copy()
    for f, v in paid.items():
        rows[FACTION_NAMES.index(f), P_RF_PAID] = v
    ids = [FACTION_NAMES.index(f) for f in TABLE]
    won = dict.fromkeys(TABLE, 0)
    turns = []
    for rot in range(4):
        seeds = np.arange(SEED0 + rot, SEED0 + games, 4, dtype=np.int64)
        w = np.zeros(len(seeds), np.int64)
        t = np.zeros(len(seeds), np.int64)
        play(np.array(ids[rot:] + ids[:rot], np.int64), rows, seeds, w, t)
        for f, i in zip(TABLE, ids):
            won[f] += int(((w >> i) & 1).sum())
        turns += t.tolist()
    n = len(turns)
    return {"paid": paid, "games": n, "mean_turns": float(np.mean(turns)),
            "win_rate": {f: won[f] / n for f in TABLE},
            "wilson95": {f: list(wilson(won[f], n)) for f in TABLE}}


def run(games: int, high: float, low: float) -> dict:
    arms = {"all_low": arm(dict.fromkeys(BUYERS, low), games), "all_high": arm(dict.fromkeys(BUYERS, high), games)}
    for f in BUYERS:
        arms[f"{f}_deviates"] = arm({g: (low if g == f else high) for g in BUYERS}, games)
    better = {f: arms[f"{f}_deviates"]["win_rate"][f] < arms["all_high"]["win_rate"][f] for f in BUYERS}
    return {"command": "python -m benchmarks.riverfolk_payments", "date": datetime.now(timezone.utc).isoformat(),
            "table": list(TABLE), "games_per_arm": games, "seed0": SEED0, "high": high, "low": low, "arms": arms,
            "high_is_the_better_response": better}


def table_md(res: dict) -> str:
    lines = ["| arm | " + " | ".join(TABLE) + " | mean turns |", "|---|" + "---|" * (len(TABLE) + 1)]
    for name, a in res["arms"].items():
        cells = [f"{a['win_rate'][f]:.3f} ({a['wilson95'][f][0]:.3f}–{a['wilson95'][f][1]:.3f})" for f in TABLE]
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {a['mean_turns']:.1f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="games per arm (a multiple of 4)")
    ap.add_argument("--high", type=float, default=8.0)
    ap.add_argument("--low", type=float, default=0.6)
    ap.add_argument("--json", default="benchmarks/results/riverfolk_payments.json")
    a = ap.parse_args(argv)
    if a.games < 4 or a.games % 4:
        ap.error("--games must be a positive multiple of 4")
    res = run(a.games, a.high, a.low)
    md = table_md(res)
    print(md)
    print("high is the better response:", res["high_is_the_better_response"])
    if a.json:
        write_results(a.json, res, md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

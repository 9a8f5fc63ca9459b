"""Rungs of draft ladders side by side on the same tables: each rung's self games on the first N tables of the draw,
taken from the ladder directories that played them (the r-th self game of every rung of a ladder of the same seed and
mix has table r, seating and seed ``game_seed(seed, r)``: ``root_env.balance.ladder.ladder_spec``), and each rung's
balance figures over those games alone (``ladder_stats.rung_summary``: faction win rates with Wilson intervals, the
MAD from the human figures with its bootstrap interval and noise floor, Spearman, spread), and each rung's MAD minus
the first rung's with a paired bootstrap interval (the tables resampled, the same for every rung):

    python -m benchmarks.ladder_same_tables --tables 240 \\
        --rung benchmarks/results/ladder_draft_4p:ismcts:100 \\
        --rung benchmarks/results/ladder_draft_4p_value400:ismcts:100:leaf=value \\
        --rung benchmarks/results/ladder_draft_4p_valuedraft:ismcts:100:leaf=value,value=agents/models/value_draft.npz \\
        --out benchmarks/results/ladder_draft_4p_valuedraft/same_tables.json

A rung is DIR:RUNG (DIR the ladder directory, RUNG one of its rungs). The ladders must share seed, mix, players and
factions (refused otherwise), and every rung must have played its first N tables (the seats of each game are checked
against the other rungs'). Prints a table and writes it as JSON (and markdown beside it).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path


def rung_games(ladder_dir, rung: str, tables: int) -> tuple[dict, dict]:
    """(params, {r: record}) of `rung`'s self games on tables r < `tables` of the ladder in `ladder_dir`."""
    from root_env.balance.ladder import self_games_by_table
    from root_env.balance.ladder_stats import load_ladder
    params, records, _ = load_ladder(ladder_dir)
    if rung not in params["rungs"]:
        raise SystemExit(f"{ladder_dir}: no rung {rung!r} (rungs: {', '.join(params['rungs'])})")
    got = self_games_by_table(params, records, rung, tables)
    missing = [r for r in range(tables) if r not in got]
    if missing:
        raise SystemExit(f"{ladder_dir} {rung}: {len(missing)} of the first {tables} tables not played "
                         f"(first {missing[:5]})")
    return params, got


def compare(rungs: list[tuple[str, str]], tables: int) -> dict:
    from root_env.balance.ladder_stats import rung_summary
    from root_env.balance.report import HUMAN_REFERENCE
    key = ("seed", "mix", "players", "factions", "max_turns")
    ref = None
    out = {"tables": tables, "rungs": []}
    games0 = None
    all_games = []
    for d, rung in rungs:
        params, games = rung_games(d, rung, tables)
        if ref is None:
            ref, games0 = {k: params.get(k) for k in key}, games
            out.update(ref)
        elif {k: params.get(k) for k in key} != ref:
            raise SystemExit(f"{d}: not the same draw ({ {k: params.get(k) for k in key} } vs {ref})")
        for r in range(tables):
            if games[r]["seating"] != games0[r]["seating"]:
                raise SystemExit(f"{d} {rung}: table {r} seats {games[r]['seating']}, not {games0[r]['seating']}")
        recs = [games[r] for r in range(tables)]
        all_games.append(games)
        s = rung_summary(recs, ref["factions"], fit=False, players=ref["players"])
        out["rungs"].append({"dir": str(d), "rung": rung, "games": len(recs),
                             "truncated": s["truncated"], "faction_win_rate": s["faction_win_rate"],
                             "human_distance": s.get("human_distance"), "rounds_mean": s.get("rounds_mean")})
    out["human"] = {f: HUMAN_REFERENCE[f] for f in ref["factions"]}
    out["mad_minus_first"] = paired_mad_difference(all_games, ref["factions"], tables)
    return out


def paired_mad_difference(all_games: list[dict], factions, tables: int, boot: int = 2000, seed: int = 0) -> list:
    """Each rung's MAD minus the first rung's, with a 95 % bootstrap interval resampling the tables (the same tables
    for every rung: the comparison is paired). Games without a winner are left out, as in the win rates."""
    import numpy as np
    from root_env.balance.report import HUMAN_REFERENCE
    from root_env.balance.ladder_stats import win_seat_arrays, resampled_mads
    h = np.array([HUMAN_REFERENCE[f] for f in factions])

    def arrays(games):
        return win_seat_arrays([games[r] if games[r]["winners"] and not games[r]["truncated"] else None
                                for r in range(tables)], factions)

    rng = np.random.default_rng(seed)
    idx = rng.integers(0, tables, size=(boot, tables))
    W0, S0 = arrays(all_games[0])
    m0 = resampled_mads(W0, S0, h, idx)
    out = []
    for games in all_games:
        W, S = arrays(games)
        d = resampled_mads(W, S, h, idx) - m0
        point = float(np.abs(W.sum(0) / np.maximum(S.sum(0), 1) - h).mean() - np.abs(W0.sum(0) / np.maximum(S0.sum(0), 1) - h).mean())
        out.append({"difference": point, "ci95": [float(np.quantile(d, 0.025)), float(np.quantile(d, 0.975))]})
    return out


def table(res: dict) -> str:
    names = [f"{Path(r['dir']).name}: {r['rung']}" for r in res["rungs"]]
    lines = [f"Self games on the first {res['tables']} tables of the draw (seed {res['seed']}, mix {res['mix']})", "",
             "| | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]

    def row(label, cells):
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    hd = [r["human_distance"] or {} for r in res["rungs"]]
    row("MAD (95 % CI)", [f"{100 * h['mad']:.1f} ({100 * h['mad_ci95'][0]:.1f}-{100 * h['mad_ci95'][1]:.1f})" for h in hd])
    row("MAD minus the first rung's (paired, 95 % CI)", [f"{100 * d['difference']:+.1f} ({100 * d['ci95'][0]:+.1f} to "
                                                        f"{100 * d['ci95'][1]:+.1f})" for d in res["mad_minus_first"]])
    row("noise floor", [f"{100 * h['noise_floor']:.1f}" for h in hd])
    row("Spearman (p)", [f"{h['spearman']:+.2f} ({h['spearman_p']:.2f})" for h in hd])
    row(f"spread (human {100 * hd[0]['human_spread']:.1f})", [f"{100 * h['spread']:.1f}" for h in hd])
    for f in res["factions"]:
        cells = []
        for r in res["rungs"]:
            w = r["faction_win_rate"][f]
            cells.append(f"{100 * w['rate']:.1f} ({100 * w['ci95'][0]:.0f}-{100 * w['ci95'][1]:.0f}; {w['games']})"
                         if w["games"] else "-")
        row(f"{f} (human {100 * res['human'][f]:.1f})", cells)
    return "\n".join(lines) + "\n"


def add_rung_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of a comparison of rungs on the first N tables: --rung DIR:RUNG (repeated), --tables, --out."""
    ap.add_argument("--rung", action="append", required=True, metavar="DIR:RUNG")
    ap.add_argument("--tables", type=int, required=True, help="the first N tables of the draw")
    ap.add_argument("--out", help="write the comparison as JSON (and .md beside it)")


def parsed_rungs(ap: argparse.ArgumentParser, args) -> list[tuple[str, str]]:
    """[(directory, rung)] of the --rung options, checked (and --tables >= 1): ``ap.error`` otherwise."""
    rungs = []
    for spec in args.rung:
        d, sep, rung = spec.partition(":")
        if not sep or not rung:
            ap.error(f"--rung is DIR:RUNG, got {spec!r}")
        rungs.append((d, rung))
    if args.tables < 1:
        ap.error("--tables >= 1")
    return rungs


def emit(args, res: dict, text: str) -> int:
    """Print the table `text`; with --out, write `res` as JSON there and `text` beside it (.md)."""
    print(text)
    if args.out:
        Path(args.out).write_text(json.dumps(res, indent=1, default=float) + "\n")
        Path(args.out).with_suffix(".md").write_text(text)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ladder_same_tables", description=__doc__.split("\n\n")[0])
    add_rung_arguments(ap)
    args = ap.parse_args(argv)
    res = compare(parsed_rungs(ap, args), args.tables)
    return emit(args, res, table(res))


if __name__ == "__main__":
    raise SystemExit(main())

"""A rung's balance by map (Law Appendix C): the self games of one or more one-rung ladders on the first N tables of a
draw, grouped by the map each game was played on (its line's ``map``, else its study.json's ``map``, else the Autumn
map), and per faction its win rate on each map and over all of them (the pool), with Wilson intervals; whether the
maps differ (``stats.homogeneity_test``, each map's games an independent sample; and Cochran's Q, which pairs the
maps table by table where every map played the same tables); and per map and for the pool the MAD from the human
figures with its bootstrap interval and noise floor, Spearman and spread (``ladder_stats.human_distance``):

    python -m benchmarks.ladder_maps --tables 240 \\
        --rung benchmarks/results/ladder_draft_4p_defaults/ismcts100:ismcts:100 \\
        --rung benchmarks/results/ladder_draft_4p_maps/ismcts100_winter:ismcts:100 \\
        --rung benchmarks/results/ladder_draft_4p_maps/ismcts100_mountain:ismcts:100 \\
        --rung benchmarks/results/ladder_draft_4p_maps/ismcts100_lake:ismcts:100 \\
        --out benchmarks/results/ladder_draft_4p_maps/ismcts100.json

A rung is DIR:RUNG as for ``benchmarks.ladder_same_tables`` (whose checks it shares: the same draw, every table
played). The human figures are the league's over all its maps (it publishes none per map). Prints a table and
writes it as JSON (and markdown beside it).
"""
from __future__ import annotations

import argparse

import numpy as np

from benchmarks.ladder_same_tables import add_rung_arguments, parsed_rungs, emit, rung_games


def cochran_q(x: np.ndarray) -> dict:
    """Cochran's Q test that k related binary samples (`x`: blocks x k, 0/1) have the same success rate: Q =
    (k - 1) (k sum_j C_j^2 - N^2) / (k N - sum_i R_i^2), chi-square on k - 1 df (C_j column totals, R_i block totals,
    N the grand total). p = 1 when no block differs between its samples."""
    from scipy.stats import chi2
    x = np.asarray(x, dtype=float)
    k = x.shape[1]
    C, R, N = x.sum(axis=0), x.sum(axis=1), x.sum()
    den = k * N - (R ** 2).sum()
    q = float((k - 1) * (k * (C ** 2).sum() - N ** 2) / den) if den > 0 else 0.0
    return {"test": "cochran_q", "statistic": q, "df": k - 1, "blocks": int(x.shape[0]),
            "p_value": float(chi2.sf(q, k - 1)) if den > 0 else 1.0}


def by_map(rungs: list[tuple[str, str]], tables: int, draw=None) -> dict:
    """The comparison (see the module docstring). `draw` (maps, e.g. "autumn,winter,lake,mountain"): also the column
    "draw", one game per table, table r's game on ``ladder.table_map`` of a ladder of this seed with ``--maps
    DRAW`` (the game such a ladder plays there: tests/test_ladder_maps.py); it needs every table on those maps."""
    from root_env.balance import stats
    from root_env.balance.ladder_stats import human_distance, win_rate
    from root_env.balance.report import HUMAN_REFERENCE
    from root_env.map_data import MAP_NAMES
    key = ("seed", "mix", "players", "factions", "max_turns")
    ref, seats = None, None
    games: dict = {}   # map -> {table: record}
    for d, rung in rungs:
        params, got = rung_games(d, rung, tables)
        if ref is None:
            ref, seats = {k: params.get(k) for k in key}, {r: got[r]["seating"] for r in got}
        elif {k: params.get(k) for k in key} != ref:
            raise SystemExit(f"{d}: not the same draw ({ {k: params.get(k) for k in key} } vs {ref})")
        for r, rec in got.items():
            if rec["seating"] != seats[r]:
                raise SystemExit(f"{d} {rung}: table {r} seats {rec['seating']}, not {seats[r]}")
            m = rec.get("map") or params.get("map") or "autumn"
            if r in games.setdefault(m, {}):
                raise SystemExit(f"{d} {rung}: table {r} on the {m} map given twice")
            games[m][r] = rec
    maps = [m for m in MAP_NAMES if m in games]
    factions = ref["factions"]

    def used(recs):
        return [g for g in recs if g["winners"] and not g["truncated"]]
    pool = [g for m in maps for g in games[m].values()]
    col = {m: list(games[m].values()) for m in maps}
    col["pool"] = pool
    drawn_map, dmaps = None, None
    if draw:
        from root_env.balance.ladder import parse_maps, table_map
        dmaps = parse_maps(draw)
        if not dmaps or len(dmaps) < 2 or any(m not in games or len(games[m]) != tables for m in dmaps):
            raise SystemExit(f"--draw {draw}: two or more maps, each with all {tables} tables here (maps: {maps})")
        drawn_map = {r: table_map({"seed": ref["seed"], "maps": dmaps}, r) for r in range(tables)}
        col["draw"] = [games[drawn_map[r]][r] for r in range(tables)]
    cols = maps + ["pool"] + (["draw"] if draw else [])
    out = {**ref, "tables": tables, "rungs": [f"{d}:{r}" for d, r in rungs], "maps": maps,
           "columns": cols, "draw": dmaps,
           "games": {m: len(col[m]) for m in cols}, "used": {m: len(used(col[m])) for m in cols},
           "human": {f: HUMAN_REFERENCE[f] for f in factions}, "win_rate": {}, "human_distance": {}}
    same_tables = len({frozenset(games[m]) for m in maps}) == 1
    for f in factions:
        rates = {}
        for m in cols:
            u = used(col[m])
            rates[m] = win_rate(sum(f in g["winners"] for g in u), sum(f in g["seating"] for g in u))
        row = {"by_map": rates}
        sat = [m for m in maps if rates[m]["games"]]   # a drawn table may not seat f on some map
        if len(sat) >= 2:
            row["homogeneity"] = stats.homogeneity_test([rates[m]["wins"] for m in sat],
                                                        [rates[m]["games"] for m in sat])
            if same_tables:   # the tables where f sits and every map's game ended with a winner
                ts = [r for r in sorted(games[maps[0]]) if f in seats[r]
                      and all(games[m][r]["winners"] and not games[m][r]["truncated"] for m in maps)]
                if ts and len(sat) == len(maps):
                    row["cochran_q"] = cochran_q([[f in games[m][r]["winners"] for m in maps] for r in ts])
        out["win_rate"][f] = row
    for m in cols:
        u = used(col[m])
        seen = [f for f in factions if any(f in g["seating"] for g in u)]
        out["human_distance"][m] = human_distance(u, seen) if len(seen) >= 2 else None
    if same_tables and len(maps) >= 2:
        out["mad_minus_first"] = paired_mad_vs_first(games, maps, factions, sorted(games[maps[0]]), drawn_map)
    if draw:
        out["other_draws"] = other_draws(games, dmaps, factions, tables)
    return out


def other_draws(games: dict, dmaps: list, factions, tables: int, n: int = 1000, seed: int = 1) -> dict:
    """The MAD of `n` other map draws of the same kind (one game per table, each block of k tables a random
    permutation of the k maps `dmaps`), so that the draw column's MAD can be read beside the spread that the map
    assignment alone gives: their mean and 2.5 / 97.5 % quantiles."""
    from root_env.balance.ladder_stats import win_seat_arrays
    from root_env.balance.report import HUMAN_REFERENCE
    h = np.array([HUMAN_REFERENCE[f] for f in factions])
    k = len(dmaps)
    W, S = (np.stack(a) for a in zip(*(win_seat_arrays(
        [g if g["winners"] and not g["truncated"] else None for g in (games[m][r] for r in range(tables))], factions)
        for m in dmaps)))   # maps x tables x factions
    rng = np.random.default_rng(seed)
    blocks = -(-tables // k)
    pick = np.concatenate([rng.permuted(np.tile(np.arange(k), (n, 1)), axis=1) for _ in range(blocks)], axis=1)
    pick = pick[:, :tables]   # draws x tables: the map of each table
    cols = np.arange(tables)
    mads = []
    for row in pick:
        g = S[row, cols].sum(axis=0)
        mads.append(np.nanmean(np.where(g > 0, np.abs(W[row, cols].sum(axis=0) / np.maximum(g, 1) - h), np.nan)))
    mads = np.array(mads)
    return {"draws": n, "mean": float(mads.mean()), "q025": float(np.quantile(mads, 0.025)),
            "q975": float(np.quantile(mads, 0.975))}


def paired_mad_vs_first(games: dict, maps: list, factions, tables: list, drawn_map=None, boot: int = 2000,
                        seed: int = 0) -> dict:
    """Each map's MAD, the pool's (every map's games) and, with `drawn_map` ({table: map}), the draw's (one game per
    table, on its drawn map), minus the first map's, with a 95 % bootstrap interval that resamples the tables (the
    same resample for every column: paired). Games without a winner are left out."""
    from root_env.balance.ladder_stats import win_seat_arrays, resampled_mads
    from root_env.balance.report import HUMAN_REFERENCE
    h = np.array([HUMAN_REFERENCE[f] for f in factions])
    T = len(tables)
    arr = {m: win_seat_arrays([g if g["winners"] and not g["truncated"] else None
                               for g in (games[m][r] for r in tables)], factions) for m in maps}
    arr["pool"] = tuple(np.vstack([arr[m][i] for m in maps]) for i in (0, 1))
    extra = ["pool"]
    if drawn_map is not None:
        arr["draw"] = tuple(np.array([arr[drawn_map[r]][i][k] for k, r in enumerate(tables)]) for i in (0, 1))
        extra.append("draw")

    def mad(W, S):
        g = S.sum(axis=0)
        return float(np.nanmean(np.where(g > 0, np.abs(W.sum(axis=0) / np.maximum(g, 1) - h), np.nan)))

    rng = np.random.default_rng(seed)
    idx = rng.integers(0, T, size=(boot, T))
    res = {}
    for m in maps[1:] + extra:
        d = []
        for b in range(0, boot, 100):   # 100 resamples at a time: memory stays small
            i = idx[b:b + 100]
            ip = np.hstack([i + j * T for j in range(len(maps))]) if m == "pool" else i
            d.append(resampled_mads(*arr[m], h, ip) - resampled_mads(*arr[maps[0]], h, i))
        d = np.concatenate(d)
        res[m] = {"difference": mad(*arr[m]) - mad(*arr[maps[0]]),
                  "ci95": [float(np.quantile(d, 0.025)), float(np.quantile(d, 0.975))]}
    return res


def _test(t) -> str:
    if not t:
        return "-"
    if t["test"] == "fisher_exact":
        return f"Fisher p = {t['p_value']:.3g}"
    return f"{'Q' if t['test'] == 'cochran_q' else 'chi2'} {t['statistic']:.1f} ({t['df']} df), p = {t['p_value']:.3g}"


def table(res: dict) -> str:
    cols = res.get("columns") or res["maps"] + ["pool"]
    L = [f"Self games of {', '.join(res['rungs'])} on the first {res['tables']} tables of the draw (seed {res['seed']}, "
         f"mix {res['mix']}), by map; games (used): " + ", ".join(f"{m} {res['games'][m]} ({res['used'][m]})"
                                                                  for m in cols), "",
         "| | " + " | ".join(cols) + " | maps differ? homogeneity (independent) | Cochran's Q (paired by table) |",
         "|---|" + "---:|" * len(cols) + "---|---|"]
    hd = res["human_distance"]
    L.append("| MAD (95 % CI) | " + " | ".join(f"{100 * hd[m]['mad']:.1f} ({100 * hd[m]['mad_ci95'][0]:.1f}-"
                                              f"{100 * hd[m]['mad_ci95'][1]:.1f})" for m in cols) + " | | |")
    if res.get("mad_minus_first"):
        dd = res["mad_minus_first"]
        L.append(f"| MAD minus {cols[0]}'s (paired by table, 95 % CI) | " + " | ".join(
            "" if m not in dd else f"{100 * dd[m]['difference']:+.1f} ({100 * dd[m]['ci95'][0]:+.1f} to "
            f"{100 * dd[m]['ci95'][1]:+.1f})" for m in cols) + " | | |")
    if res.get("other_draws"):
        o = res["other_draws"]
        L.append(f"| MAD of {o['draws']} other map draws (mean, 2.5-97.5 %) | " + " | ".join(
            f"{100 * o['mean']:.1f} ({100 * o['q025']:.1f}-{100 * o['q975']:.1f})" if m == "draw" else ""
            for m in cols) + " | | |")
    L.append("| noise floor | " + " | ".join(f"{100 * hd[m]['noise_floor']:.1f}" for m in cols) + " | | |")
    L.append("| Spearman | " + " | ".join(f"{hd[m]['spearman']:+.2f}" for m in cols) + " | | |")
    L.append(f"| spread (human {100 * hd['pool']['human_spread']:.1f}) | "
             + " | ".join(f"{100 * hd[m]['spread']:.1f}" for m in cols) + " | | |")
    for f in res["factions"]:
        w = res["win_rate"][f]
        cells = [f"{100 * x['rate']:.1f} ({100 * x['ci95'][0]:.0f}-{100 * x['ci95'][1]:.0f}; {x['games']})"
                 if x["games"] else "-" for x in (w["by_map"][m] for m in cols)]
        L.append(f"| {f} (human {100 * res['human'][f]:.1f}) | " + " | ".join(cells)
                 + f" | {_test(w.get('homogeneity'))} | {_test(w.get('cochran_q'))} |")
    L += ["", "Win rates in % (Wilson 95 %; games the faction sat in). The human figures are the league's over all "
          "its maps. Homogeneity: Fisher's exact test (two maps) or the chi-square test of homogeneity, each map's "
          "games an independent sample; Cochran's Q: the same question paired by table (the tables where the faction "
          "sits and every map's game has a winner), where every map played the same tables. One test per faction "
          "row, no correction for the several rows. Pool: every map's games together; draw: one game per table, on "
          "the map a ladder with --maps draws for it (ladder.table_map)."]
    return "\n".join(L) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ladder_maps", description=__doc__.split("\n\n")[0])
    add_rung_arguments(ap)
    ap.add_argument("--draw", metavar="MAPS", help="also the column 'draw': one game per table, on the map a ladder "
                    "with --maps MAPS draws for it (ladder.table_map)")
    args = ap.parse_args(argv)
    res = by_map(parsed_rungs(ap, args), args.tables, args.draw)
    return emit(args, res, table(res))


if __name__ == "__main__":
    raise SystemExit(main())

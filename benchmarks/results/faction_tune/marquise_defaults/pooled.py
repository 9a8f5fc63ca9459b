"""Pool ``benchmarks.faction_search`` runs of one Marquise setting on disjoint tables and pair them (by game id) with a
baseline: the games of a rung folder (``balance rung`` output, e.g. ladder_draft_4p_defaults/ismcts100) or other
pooled runs (today's defaults replayed by faction_search with no --fo). Prints the tables, the wins on each side, the
tables won on one side only with the exact two-sided sign test, the difference with a 95 % paired bootstrap interval,
and the Marquise's VP difference.
    python benchmarks/results/faction_tune/marquise_defaults/pooled.py RUNG A.json[,B.json...] BASE
BASE: a comma list of rung folders and X.json files; RUNG: ismcts:100 or ismcts:400 (which of the folder's games)."""
import json
import sys

import numpy as np
from scipy.stats import binomtest

FACTION = "marquise"


def pooled(files):
    """{game id: (won, VP)} over faction_search --out files (comma list)."""
    out = {}
    for f in files.split(","):
        for g in json.load(open(f))["games"]:
            out[g["game"]] = (FACTION in g["winners"], g["vp"][FACTION])
    return out


def baseline(base, rung):
    """{game id: (won, VP)} over a comma list of rung folders (their `rung` games) and --out files."""
    from root_env.balance.ladder_stats import load_ladder, self_rung
    out = {}
    for b in base.split(","):
        if b.endswith(".json"):
            out.update(pooled(b))
            continue
        _, records, _ = load_ladder(b)
        out.update({r["game"]: (FACTION in r["winners"], r["vp"][FACTION]) for r in records
                    if self_rung(r) == rung and FACTION in r["seating"]})
    return out


def main(rung, files, base):
    here, there = pooled(files), baseline(base, rung)
    ids = sorted(g for g in here if g in there)
    missing = [g for g in here if g not in there]
    if missing:
        raise SystemExit(f"{len(missing)} games without a baseline game (e.g. {missing[:3]})")
    d = np.array([int(here[g][0]) - int(there[g][0]) for g in ids])
    a, b = int((d > 0).sum()), int((d < 0).sum())
    p = binomtest(a, a + b).pvalue if a + b else 1.0
    boot = np.random.default_rng(0).choice(d, (4000, d.size)).mean(axis=1)
    lo, hi = np.quantile(boot, [0.025, 0.975])
    vp = np.array([here[g][1] - there[g][1] for g in ids], float)
    n = len(ids)
    print(f"{rung} | {n} tables | here {sum(here[g][0] for g in ids)} wins ({100 * np.mean([here[g][0] for g in ids]):.1f} %)"
          f" | base {sum(there[g][0] for g in ids)} ({100 * np.mean([there[g][0] for g in ids]):.1f} %) | "
          f"{100 * d.mean():+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f}) | {a} / {b} (p = {p:.4f}) | "
          f"VP {vp.mean():+.2f} +- {1.96 * vp.std(ddof=1) / np.sqrt(n):.2f}")


if __name__ == "__main__":
    main(*sys.argv[1:4])

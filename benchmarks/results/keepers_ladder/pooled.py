"""Pool runs of one Keepers setting on disjoint tables of a draft ladder rung and pair them (by game id) with the
ladder's own games on those tables, or with another pooled set: wins here / there, tables won on one side only, exact
two-sided sign test, the Keepers' VP difference (mean +- 1.96 standard errors).
    python benchmarks/results/keepers_ladder/pooled.py RUNG A.json[,B.json...] [C.json[,D.json...]]
A file is a ``benchmarks.faction_search`` --out JSON (its "games") or an older replay with "games_list" and "won"."""
import json
import math
import sys

from scipy.stats import binomtest

from root_env.balance.ladder_stats import load_ladder, self_rung

LADDER = "benchmarks/results/ladder_draft_4p"


def pooled(files):
    """{game id: (Keepers won, Keepers' VP or None)} over the files."""
    out = {}
    for f in files.split(","):
        d = json.load(open(f))
        if isinstance(d.get("games"), list):
            for g in d["games"]:
                out[g["game"]] = ("keepers" in g["winners"], g["vp"]["keepers"])
        else:
            for g, w in zip(d["games_list"], d["won"]):
                out[g] = (bool(w), None)
    return out


def main(rung, files, other=None):
    _, records, _ = load_ladder(LADDER)
    there = {r["game"]: ("keepers" in r["winners"], r["vp"]["keepers"]) for r in records
             if self_rung(r) == rung and "keepers" in r["seating"]}
    here = pooled(files)
    if other:
        there = pooled(other)
    ids = sorted(g for g in here if g in there)
    w_here = sum(here[g][0] for g in ids)
    w_there = sum(there[g][0] for g in ids)
    a = sum(here[g][0] and not there[g][0] for g in ids)
    b = sum(not here[g][0] and there[g][0] for g in ids)
    p = binomtest(a, a + b).pvalue if a + b else 1.0
    d = [here[g][1] - there[g][1] for g in ids if here[g][1] is not None and there[g][1] is not None]
    m = sum(d) / len(d)
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1))
    n = len(ids)
    print(f"{rung} {files} against {other or 'the ladder'}: {n} tables; Keepers win here {w_here}/{n} = "
          f"{w_here / n:.3f}, there {w_there}/{n} = {w_there / n:.3f} ({100 * (w_here - w_there) / n:+.1f} points); "
          f"won here only {a}, there only {b} (sign test p = {p:.4f}); Keepers' VP here minus there {m:+.2f} +- "
          f"{1.96 * sd / math.sqrt(len(d)):.2f} over {len(d)} tables with VP")


if __name__ == "__main__":
    main(*sys.argv[1:4])

"""Paired comparison of faction_search JSONs with the ladder's same tables (by seed): Hundreds wins, discordant
pairs, exact sign-test p, CPU-s per game. Usage: paired.py A.json [B.json ...] (B.. also compared with A)."""
import json, sys, math
from root_env.balance.ladder_stats import load_ladder, self_rung

def binom_p(k, n):
    if n == 0:
        return 1.0
    lo = min(k, n - k)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(lo + 1)) / 2 ** n)

def wins(d, fac="hundreds"):
    return {g["seed"]: fac in g["winners"] for g in d["games"]}

files = sys.argv[1:]
data = [json.load(open(f)) for f in files]
_, records, _ = load_ladder(data[0]["ladder"])
rung = data[0]["rung"]
lad = {r["seed"]: "hundreds" in r["winners"] for r in records if self_rung(r) == rung and "hundreds" in r["seating"]}
for f, d in zip(files, data):
    w = wins(d)
    seeds = list(w)
    a = sum(w[s] for s in seeds); b = sum(lad[s] for s in seeds)
    up = sum(w[s] and not lad[s] for s in seeds); dn = sum(lad[s] and not w[s] for s in seeds)
    print(f"{f}: n={len(seeds)} here {a} ({a/len(seeds):.3f}) ladder {b} ({b/len(seeds):.3f}) "
          f"won-here-only {up} ladder-only {dn} sign p={binom_p(up, up+dn):.3f} cpu/game={d['cpu_s']/len(seeds):.2f} "
          f"others={d['here']['others']:.3f}")

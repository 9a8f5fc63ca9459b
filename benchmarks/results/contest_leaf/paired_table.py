"""Markdown rows: each faction_search run (comma-joined JSON parts) against the ladder's same tables, paired."""
import sys, json, random
sys.path.insert(0, '.')
from root_env.balance.ladder_stats import load_ladder, self_rung
from root_env.balance.stats import wilson
_, recs, _ = load_ladder('benchmarks/results/ladder_draft_4p')
lads = {}
def lad_for(rung):
    if rung not in lads:
        lads[rung] = {r['seed']: r for r in recs if self_rung(r) == rung and 'hundreds' in r['seating']}
    return lads[rung]
print("| run | who has it | tables | Hundreds win (95 % CI) | the same tables in the ladder | paired difference (95 % CI) | others' win | turns | CPU s |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
for arg in sys.argv[1:]:
    label, files = arg.split('::', 1)
    games, cpu = [], 0.0
    for p in files.split(','):
        d = json.load(open(p)); games += d['games']; cpu += d['cpu_s']
    lad = lad_for(d['rung'])
    who = "every seat" if d['hd'] and d['others'] else ("the Hundreds only" if d['hd'] else ("the other seats only" if d['others'] else "none"))
    n = len(games)
    w = [1 if 'hundreds' in g['winners'] else 0 for g in games]
    wl = [1 if 'hundreds' in lad[g['seed']]['winners'] else 0 for g in games]
    d_ = [a - b for a, b in zip(w, wl)]
    rng = random.Random(0)
    bs = sorted(sum(d_[rng.randrange(n)] for _ in range(n)) / n for _ in range(4000))
    lo, hi = wilson(sum(w), n)
    ow = sum(len([f for f in g['winners'] if f != 'hundreds']) for g in games) / sum(len(g['seating']) - 1 for g in games)
    print(f"| `{label}` | {who}, {d['rung']} | {n} | {100*sum(w)/n:.1f} % ({100*lo:.1f}-{100*hi:.1f}) | {100*sum(wl)/n:.1f} % | "
          f"{100*sum(d_)/n:+.1f} ({100*bs[100]:+.1f} to {100*bs[3899]:+.1f}) | {100*ow:.1f} % | "
          f"{sum(g['turns'] for g in games)/n:.1f} | {cpu:.0f} |")

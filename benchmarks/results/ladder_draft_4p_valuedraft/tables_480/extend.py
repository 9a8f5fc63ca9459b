"""Run from the repository root with agents/models/value_draft.npz = ../value_draft.npz. Tables 240-479 of the draft ladder (seed 0) for the rung ismcts:100:value=draft, appended to the shipped 240 as
a ladder of 480 self games a rung (the same specs the ladder would play: ladder.self_specs)."""
import json, time, gzip
from root_env.balance import ladder
from root_env.balance.study import play_specs
RUNG = "ismcts:100:value=draft"
params = ladder.ladder_params(None, (RUNG, "random"), 480, 0, seed=0, mix="draft")
specs = ladder.self_specs(params, RUNG, 480)
old = {r["seed"]: r for r in map(json.loads, gzip.open("benchmarks/results/ladder_draft_4p_valuedraft/results.jsonl.gz", "rt")) if set(r["agents"].values()) == {RUNG}}
out = "benchmarks/results/ladder_draft_4p_valuedraft/tables_480"  # (as run: a scratch folder; results.jsonl then gzipped here)
json.dump(params, open(f"{out}/study.json", "w"), indent=1)
t = time.process_time()
recs = []
for s in specs[:240]:
    r = dict(old[s["seed"]]); assert r["seating"] == s["seating"] and r["agents"] == s["agents"]; r["game"] = s["game"]; recs.append(r)
for k in range(240, 480, 24):
    recs += play_specs(specs[k:k + 24], max_turns=300, threads=1)
    print(k + 24, round(time.process_time() - t, 1), flush=True)
with open(f"{out}/results.jsonl", "w") as fh:
    for r in recs:
        fh.write(json.dumps(r) + "\n")
print("cpu_s", time.process_time() - t)

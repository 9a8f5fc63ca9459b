"""The draft ladder's first N tables (seed 0, the same specs as benchmarks/results/ladder_draft_4p) played by
ismcts:1600 in every seat; records appended chunk by chunk to results.jsonl (partial results usable)."""
import json, sys, time
from root_env.balance import ladder
from root_env.balance.study import play_specs
RUNG, N = sys.argv[1], int(sys.argv[2])
out = sys.argv[3]
START = int(sys.argv[4]) if len(sys.argv) > 4 else 0
params = ladder.ladder_params(None, (RUNG, "random"), N, 0, seed=0, mix="draft")
specs = ladder.self_specs(params, RUNG, N)
json.dump(params, open(f"{out}/study.json", "w"), indent=1)
t = time.process_time()
done = 0
try:
    done = sum(1 for _ in open(f"{out}/results.jsonl"))
except FileNotFoundError:
    pass
for k in range(START + done, N, 12):
    recs = play_specs(specs[k:k + 12], max_turns=300, threads=1)
    with open(f"{out}/results.jsonl", "a") as fh:
        for r in recs:
            fh.write(json.dumps(r) + "\n")
    print(k + 12, round(time.process_time() - t, 1), flush=True)
print("cpu_s", time.process_time() - t)

"""A Keepers policy file's agreement with heuristic v2 at the Keepers' decisions of heuristic games at their table,
by the action block of the heuristic's answer, beside the heuristic's own consistency (4 answers per decision)."""
import sys
from collections import defaultdict
import numpy as np
from agents import pretrained
from agents.train import bc
from agents.train.expert import TABLES
from root_env.actions import block_of
from root_env.data import FACTION_NAMES

samples, seed = int(sys.argv[1]), int(sys.argv[2])
d = bc.collect(TABLES["keepers"], samples, seed=seed, keep=1.0, votes=4)
mine = d["faction"] == FACTION_NAMES.index("keepers")
obs, masks, acts, votes = d["obs"][mine], d["masks"][mine], d["acts"][mine], d["votes"][mine]
self_agree = votes[np.arange(len(acts)), acts] / votes.sum(1)
print("keepers decisions", len(acts), "heuristic self-agreement", round(float(self_agree.mean()), 3))
for p in sys.argv[3:]:
    ch = pretrained.load_path(p).act_batch(obs, masks)
    ok = ch == acts
    by = defaultdict(lambda: [0, 0, 0.0])
    for a, o, s in zip(acts, ok, self_agree):
        b = by[block_of(int(a))[0]]
        b[0] += 1; b[1] += int(o); b[2] += float(s)
    print(p, "agreement", round(float(ok.mean()), 3))
    for k, (n, o, s) in sorted(by.items(), key=lambda kv: -kv[1][0]):
        print(f"  {k:24s} n={n:5d} policy={o / n:.3f} heuristic_self={s / n:.3f}")

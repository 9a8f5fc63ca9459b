"""Who leads in the table leaf while the Hundreds lead on VP? Replays the draft ladder's first N Hundreds tables
(ismcts:100 every seat, options from argv[2]) and at each new turn records the VP leader, the leaf's (softmax) leader
and the Hundreds' leaf chance.
usage (from the repository root): python benchmarks/results/contest_leaf/trace_leader.py N ["key=value,..."] [OUT.json]"""
import sys, json
import numpy as np
sys.path.insert(0, '.')
from agents import ismcts
from agents.arena import parse_spec, options_table
from agents.ismcts_leaf import table_rewards
from root_env import Game
from root_env.data import FACTION_NAMES, NF, HUNDREDS
from root_env.layout import STATE_SIZE, GAME_OVER, DECIDER, TURN, VP, NSEATS, SEAT_FACTION
from root_env.engine.core import apply
from agents.heuristic import seed_rand
from root_env.balance import ladder
from root_env.balance.ladder_stats import load_ladder
N = int(sys.argv[1]); extra = sys.argv[2] if len(sys.argv) > 2 else ""
params, _, _ = load_ladder('benchmarks/results/ladder_draft_4p')
specs = [s for s in ladder.self_specs(params, 'ismcts:100', params['self_games']) if 'hundreds' in s['seating']][:N]
rows = []
for spec in specs:
    g = Game.new(spec['seating'], seed=spec['seed'], max_turns=params['max_turns'], **spec.get('game_options', {}))
    st = g.state.copy()
    opts = options_table({f: parse_spec('ismcts:100' + (':' + extra if extra else ''))[2] for f in spec['seating']})
    work = np.zeros((2, STATE_SIZE), np.int64)
    nodes, value, mark, path = ismcts.new_tree(100)
    r = seed_rand(spec['seed'] ^ 0x2545F491)
    last = -1
    rew = np.zeros(NF)
    while st[GAME_OVER] == 0:
        if st[TURN] != last:
            last = st[TURN]
            seats = [int(st[SEAT_FACTION + p]) for p in range(int(st[NSEATS]))]
            table_rewards(st, rew, 20.0, 2.0)
            vps = {f: int(st[VP + f]) for f in seats}
            top = max(vps.values())
            rows.append({"turn": int(last), "hd_vp": vps[HUNDREDS], "top_vp": top,
                         "hd_vp_lead": vps[HUNDREDS] == top and top > 0,
                         "leaf_leader": FACTION_NAMES[max(seats, key=lambda f: rew[f])], "p_hd": float(rew[HUNDREDS]),
                         "p_top_other": float(max(rew[f] for f in seats if f != HUNDREDS))})
        f = st[DECIDER]
        a, r = ismcts.choose(st, f, r, opts[f], nodes, value, mark, path, work)
        apply(st, a)
lead = [x for x in rows if x['hd_vp_lead']]
print(f"{len(specs)} games, {len(rows)} turns; Hundreds lead (or tie) on VP in {len(lead)}; of those the leaf's leader is the Hundreds in "
      f"{sum(x['leaf_leader']=='hundreds' for x in lead)}; mean p_hd there {np.mean([x['p_hd'] for x in lead]):.3f}, best other {np.mean([x['p_top_other'] for x in lead]):.3f}")
for lo, hi in ((0, 8), (8, 16), (16, 24), (24, 40)):
    sel = [x for x in rows if lo <= x['hd_vp'] < hi]
    if sel:
        print(f"Hundreds VP {lo}-{hi - 1}: {len(sel)} turns, VP leader {np.mean([x['hd_vp_lead'] for x in sel]):.2f}, leaf leader "
              f"{np.mean([x['leaf_leader']=='hundreds' for x in sel]):.2f}, p_hd {np.mean([x['p_hd'] for x in sel]):.3f}, best other p {np.mean([x['p_top_other'] for x in sel]):.3f}")
if len(sys.argv) > 3:  # where to write the rows as JSON
    json.dump(rows, open(sys.argv[3], 'w'))

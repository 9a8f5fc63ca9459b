import json, sys
from collections import Counter
for fn in sys.argv[1:]:
    d=json.load(open(fn)); g=d['games']; n=len(g)
    m=lambda k: sum(x[k] for x in g)/n
    print(fn, 'cpu', round(d['cpu_s']), 'games', n, 'win', sum('hundreds' in x['winners'] for x in g)/n)
    for k in ['hd_vp','raze_vp','other_removal_vp','removal_vp','oppress_vp','placed_into_mob_by_opp','exposed_by_hundreds','mobs_removed_by_opp','hd_turns','razes_nonzero','opp_turns','exposed_at_opp_turn_end']:
        print(' ', k, round(m(k),2))
    own=Counter(); c=Counter(f for x in g for f in x['seating'] if f!='hundreds')
    for x in g: own.update(x['razed_by_owner'])
    print('  razed per table by owner', {k:round(own.get(k,0)/v,2) for k,v in sorted(c.items())})

"""How often the Daylight-end decisions of the fix arise in heuristic-v2 games on drafted tables, and what is chosen."""
import sys, collections, json
import numpy as np
from root_env.game import Game
from root_env.setup import drafted_table
from root_env import codes as K
from root_env.layout import KP_COL, TURN_FLAGS, TF_SWAYED, DECISION
from root_env.data import RETINUE_COLUMNS
from agents.heuristic_agent import HeuristicAgent
from root_env.engine.card_effects import is_daylight_option

n = int(sys.argv[1])
new_dec = collections.Counter(); used = collections.Counter(); kinds = collections.Counter()
games_by_f = collections.Counter()
for r in range(n):
    d = drafted_table(0, r)
    kw = d.game_kwargs()
    g = Game.new(seed=1000 + r, max_turns=300, **kw)
    agents = {f: HeuristicAgent(f, seed=r, version=2) for f in g.factions}
    for f in g.factions: games_by_f[f] += 1
    while not g.is_over:
        f = g.current_player
        a = int(agents[f].act(g))
        s = g.state
        dec = int(s[DECISION]); legal = [int(x) for x in g.legal_actions()]
        opts = [x for x in legal if is_daylight_option(x)]
        point = None
        if dec == K.D_EY_DECREE and K.A_DONE in legal: point = "eyrie after the Decree"
        elif dec == K.D_KP_RETINUE and int(s[KP_COL]) >= RETINUE_COLUMNS: point = "keepers after the Retinue"
        elif dec == K.D_HD_ADVANCE and opts: point = "hundreds between Advances"
        elif dec == K.D_DU_SWAY and opts: point = "duchy at Sway" + (" (swayed)" if int(s[TURN_FLAGS]) & TF_SWAYED else "")
        if point:
            new_dec[point] += 1
            if is_daylight_option(a):
                used[point] += 1; kinds[(point, g.describe(a).split(": ", 1)[-1])] += 1
        g.apply(a)
print(json.dumps({"tables": n, "decisions": new_dec, "options_taken": used,
                  "taken": {f"{p} | {k}": v for (p, k), v in kinds.most_common(20)}, "games_by_faction": games_by_f}, indent=1))

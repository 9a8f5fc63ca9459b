"""At the ISMCTS-400 defaults rung's tables with the Hundreds: how often each seat meets the new Daylight-end decisions
and which options it takes (the Game API, ismcts:400 at every seat, the rung's seeds and seating)."""
import sys, json, collections, ast, gzip
from root_env.game import Game
from root_env import codes as K
from root_env.engine.card_effects import is_daylight_option
from root_env.layout import DECISION, KP_COL, TURN_FLAGS, TF_SWAYED
from root_env.balance.ladder import ladder_spec
from agents.game_loop import seat_agent
study = json.load(open('benchmarks/results/ladder_draft_4p_defaults/ismcts400/study.json'))
first, n = int(sys.argv[1]), int(sys.argv[2])
met = collections.Counter(); took = collections.Counter(); kinds = collections.Counter(); games = 0; hwins = 0
r = first
while games < n:
    spec = ladder_spec(study, r); r += 1
    seating = spec["seating"] if "seating" in spec else spec["factions"]
    if "hundreds" not in seating: continue
    games += 1
    g = Game.new(seating, seed=spec["seed"], max_turns=300, **spec.get("game_options", {}))
    agents = {f: seat_agent(f, "ismcts:400", spec["seed"]) for f in seating}
    while not g.is_over:
        f = g.current_player; a = int(agents[f].act(g))
        dec = int(g.state[DECISION]); legal = [int(x) for x in g.legal_actions()]
        if any(is_daylight_option(x) for x in legal) and dec in (K.D_HD_ADVANCE, K.D_EY_DECREE, K.D_KP_RETINUE, K.D_DU_SWAY):
            key = (f, g.decision); met[key] += 1
            if is_daylight_option(a): took[key] += 1; kinds[(f, g.describe(a).split(": ", 1)[-1][:40])] += 1
        g.apply(a)
    hwins += 'hundreds' in g.winners
    print(r - 1, seating, g.winners, flush=True)
print(json.dumps({"games": games, "hundreds_wins": hwins, "met": {f"{a} | {b}": v for (a, b), v in met.items()},
                  "took": {f"{a} | {b}": v for (a, b), v in took.items()},
                  "kinds": {f"{a} | {b}": v for (a, b), v in kinds.most_common(20)}}, indent=1))

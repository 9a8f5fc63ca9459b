"""Do the Hundreds lose through the new options' uses, or through the searches? On the draft ladder's tables that seat the
Hundreds and the Corvids (first 480), ismcts:400 at every seat through the Game API at the current engine, two arms:
'free' (every seat plays its choice) and 'done' (at the four Daylight-end menus of the fix, a seat that picks an option of
any time in Daylight plays 'done' instead: the games keep the old engine's choices there, the searches still see the new
options). Usage: python uses_or_search.py ARM [TABLES]"""
import sys, json, ast
from root_env.game import Game
from root_env import codes as K
from root_env.engine.card_effects import is_daylight_option
from root_env.layout import DECISION, KP_COL
from root_env.data import RETINUE_COLUMNS
from root_env.balance.ladder import ladder_spec
from agents.game_loop import seat_agent
arm = sys.argv[1]
tables = int(sys.argv[2]) if len(sys.argv) > 2 else 480
study = json.load(open('benchmarks/results/ladder_draft_4p_defaults/ismcts400/study.json'))
wins = games = swapped = 0
for r in range(tables):
    spec = ladder_spec(study, r)
    seating = spec["seating"]
    if "hundreds" not in seating or "corvids" not in seating:
        continue
    g = Game.new(seating, seed=spec["seed"], max_turns=300, **spec.get("game_options", {}))
    agents = {f: seat_agent(f, "ismcts:400", spec["seed"]) for f in seating}
    while not g.is_over:
        f = g.current_player
        a = int(agents[f].act(g))
        d = int(g.state[DECISION])
        new_menu = ((d == K.D_EY_DECREE and K.A_DONE in g.legal_actions()) or
                    (d == K.D_KP_RETINUE and int(g.state[KP_COL]) >= RETINUE_COLUMNS) or
                    d == K.D_HD_ADVANCE or d == K.D_DU_SWAY)
        if arm == "done" and new_menu and is_daylight_option(a):
            a = K.A_DONE
            swapped += 1
        g.apply(a)
    games += 1
    wins += "hundreds" in g.winners
    print(r, seating, g.winners, flush=True)
print(json.dumps({"arm": arm, "games": games, "hundreds_wins": wins, "swapped": swapped}))

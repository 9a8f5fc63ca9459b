"""Trace the Marquise on a draft ladder's own tables (every seat the rung's search). Per Marquise turn (at its end):
buildings by type, wood on the map, wood in ruled areas with an open slot, Daylight actions by kind, VP.

    python trace_marquise.py LADDER RUNG TABLES OUT.json [START] [MARQUISE_OPTS]
"""
import json, sys, time
import numpy as np
sys.path.insert(0, ".")
from agents import ismcts
from agents.arena import parse_spec, options_table
from agents.heuristic import seed_rand
from root_env import Game
from root_env.balance import ladder
from root_env.balance.ladder_stats import load_ladder
from root_env.data import FACTION_NAMES, NC, MARQUISE, TT_WOOD, BT_SAWMILL, BT_WORKSHOP, BT_RECRUITER
from root_env.layout import (STATE_SIZE, GAME_OVER, DECIDER, TURN, VP, WINNERS, ACTIVE, TOKENS, DECISION, WARRIORS,
                             HAND_N)
from root_env.codes import D_MQ_ACTION, A_OPT, OPT_BATTLE, OPT_MARCH, OPT_RECRUIT, OPT_BUILD, OPT_OVERWORK
from root_env.engine.core import apply
from root_env.engine.board import buildings_on_map, ruled_mask, open_slots, connected_area
from agents.ismcts_leaf import build_potential

M = MARQUISE
NAMES = {OPT_BATTLE: "battle", OPT_MARCH: "march", OPT_RECRUIT: "recruit", OPT_BUILD: "build",
         OPT_OVERWORK: "overwork"}


def snapshot(s):
    ruled = ruled_mask(s, M)
    usable = 0
    seen = 0
    slots = 0
    for c in range(NC):
        if (ruled >> c) & 1 and open_slots(s, c) > 0:
            slots += int(open_slots(s, c))
            area = connected_area(s, c, ruled)
            if area & ~seen:
                seen |= area
    for c in range(NC):
        if (seen >> c) & 1:
            usable += int(s[TOKENS + TT_WOOD * NC + c])
    return dict(vp=int(s[VP + M]), saw=int(buildings_on_map(s, BT_SAWMILL)), work=int(buildings_on_map(s, BT_WORKSHOP)),
                recr=int(buildings_on_map(s, BT_RECRUITER)), wood=int(sum(s[TOKENS + TT_WOOD * NC + c] for c in range(NC))),
                usable_wood=usable, ruled=bin(ruled).count("1"), open_slots=slots, potential=int(build_potential(s)),
                warriors=int(sum(s[WARRIORS + M * NC + c] for c in range(NC))), hand=int(s[HAND_N + M]))


def play(spec, budget, extra_m, max_turns):
    seating = spec["seating"]
    game = Game.new(seating, seed=spec["seed"], max_turns=max_turns, **spec.get("game_options", {}))
    state = game.state.copy()
    over = {f: parse_spec(f"ismcts:{budget}" + (":" + extra_m if f == "marquise" and extra_m else ""))[2]
            for f in seating}
    opts = options_table(over)
    work = np.zeros((2, STATE_SIZE), np.int64)
    nodes, value, mark, path = ismcts.new_tree(budget)
    r = seed_rand(spec["seed"] ^ 0x2545F491)
    turns = []
    acts = {v: 0 for v in NAMES.values()}
    while state[GAME_OVER] == 0:
        f = state[DECIDER]
        opts[f, ismcts.O_ITERS] = budget
        a, r = ismcts.choose(state, f, r, opts[f], nodes, value, mark, path, work)
        if f == M and state[DECISION] == D_MQ_ACTION and a - A_OPT in NAMES:
            acts[NAMES[a - A_OPT]] += 1
        before_active, before_turn = state[ACTIVE], state[TURN]
        apply(state, a)
        if before_active == M and (state[TURN] != before_turn or state[GAME_OVER]):
            snap = snapshot(state)
            snap.update(acts)
            turns.append(snap)
            acts = {v: 0 for v in NAMES.values()}
    return dict(seed=spec["seed"], seating=seating,
                winners=[FACTION_NAMES[g] for g in range(len(FACTION_NAMES)) if state[WINNERS] >> g & 1],
                turns=int(state[TURN]), vp={f: int(state[VP + FACTION_NAMES.index(f)]) for f in seating}, mq_turns=turns)


if __name__ == "__main__":
    lad, rung, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    start = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    xm = sys.argv[6] if len(sys.argv) > 6 else ""
    params, records, _ = load_ladder(lad)
    budget = parse_spec(rung)[1]
    specs = [s for s in ladder.self_specs(params, rung, params["self_games"]) if "marquise" in s["seating"]]
    specs = specs[start:start + n]
    t0 = time.process_time()
    games = []
    for s in specs:
        g = play(s, budget, xm, params["max_turns"])
        games.append(g)
        last = g["mq_turns"][-1] if g["mq_turns"] else {}
        print(g["seed"], g["winners"], g["vp"], last, flush=True)
    json.dump({"cpu_s": time.process_time() - t0, "games": games}, open(out, "w"), indent=1)
    print("CPU", time.process_time() - t0)

"""Trace the Hundreds' razes on a draft ladder's own tables (every seat the rung's search, as faction_search --search all).
Per game: removal VP of the Hundreds split into raze (scored in their Birdsong) and the rest (battles); enemy
buildings/tokens standing in mob clearings; how they got there (an opponent placed one into a mob clearing, or the
Hundreds' mob arrived on it); how many the opponents removed (mobs removed by opponents). Run from the repository root:

    python benchmarks/results/raze_leaf/trace/trace_raze.py LADDER RUNG TABLES OUT.json [START] [HUNDREDS_OPTS] [OTHERS_OPTS]
    python benchmarks/results/raze_leaf/trace/summarize.py OUT.json ...

With no options it replays the ladder's games (checked: winners, turns and the Hundreds' VP of the first 40 tables at
ismcts:100 and ismcts:400). The raze is counted as the removal VP the Hundreds score in their own Birdsong (Law 14.4.1;
nothing else removes pieces there); "placed" counts enemy buildings/tokens newly standing in a mob clearing during an
opponent's turn (only the opponent can put them there), "exposed by the Hundreds" those a mob spread or Incite put a
mob on during the Hundreds' turn."""
import json, sys, time
import numpy as np
sys.path.insert(0, ".")
from agents import ismcts
from agents.arena import parse_spec, options_table
from agents.heuristic import seed_rand
from root_env import Game
from root_env.balance import ladder
from root_env.balance.ladder_stats import load_ladder
from root_env.data import FACTION_NAMES, NF, NC, NBT, NTT, BT_OWNER, TT_OWNER, HUNDREDS, TT_MOB, BT_NAMES, TT_NAMES
from root_env.layout import (STATE_SIZE, GAME_OVER, DECIDER, TURN, VP, WINNERS, ACTIVE, PHASE, PH_BIRDSONG,
                             VP_SOURCE, N_VS, VP_SOURCE_NAMES, BUILDINGS, TOKENS, WARRIORS)
from root_env.engine.core import apply
from root_env.engine.enemies import is_enemy

H = HUNDREDS
REM = VP_SOURCE + H * N_VS + VP_SOURCE_NAMES.index("removal")
OPP = VP_SOURCE + H * N_VS + VP_SOURCE_NAMES.index("oppress")


def exposed(s):
    """per owner faction: enemy buildings+tokens in clearings with a mob"""
    out = np.zeros(NF, np.int64)
    for c in range(NC):
        if s[TOKENS + TT_MOB * NC + c] <= 0:
            continue
        for bt in range(NBT):
            k = s[BUILDINGS + bt * NC + c]
            if k > 0 and is_enemy(s, H, BT_OWNER[bt]):
                out[BT_OWNER[bt]] += k
        for tt in range(NTT):
            k = s[TOKENS + tt * NC + c]
            if k > 0 and is_enemy(s, H, TT_OWNER[tt]):
                out[TT_OWNER[tt]] += k
    return out


def mobs(s):
    return int(sum(s[TOKENS + TT_MOB * NC + c] for c in range(NC)))


def play(spec, budget, extra_h, extra_o, max_turns):
    seating = spec["seating"]
    game = Game.new(seating, seed=spec["seed"], max_turns=max_turns, **spec.get("game_options", {}))
    state = game.state.copy()
    over = {f: parse_spec(f"ismcts:{budget}" + (":" + (extra_h if f == "hundreds" else extra_o)
                                                if (extra_h if f == "hundreds" else extra_o) else ""))[2]
            for f in seating}
    opts = options_table(over)
    work = np.zeros((2, STATE_SIZE), np.int64)
    nodes, value, mark, path = ismcts.new_tree(budget)
    r = seed_rand(spec["seed"] ^ 0x2545F491)
    t = dict(raze_vp=0, other_removal_vp=0, placed_into_mob_by_opp=0, exposed_by_hundreds=0, mobs_removed_by_opp=0,
             hd_turns=0, exposed_at_opp_turn_end=0, opp_turns=0, razed_by_owner={}, razes_nonzero=0)
    while state[GAME_OVER] == 0:
        f = state[DECIDER]
        opts[f, ismcts.O_ITERS] = budget
        a, r = ismcts.choose(state, f, r, opts[f], nodes, value, mark, path, work)
        before = state.copy()
        apply(state, a)
        d_rem = int(state[REM] - before[REM])
        new_turn = state[TURN] != before[TURN]
        act = int(state[ACTIVE])
        e0, e1 = exposed(before), exposed(state)
        if new_turn and before[ACTIVE] != H:
            t["exposed_at_opp_turn_end"] += int(e0.sum()); t["opp_turns"] += 1
        if act == H and state[PHASE] == PH_BIRDSONG or (new_turn and act == H):
            # the raze: pieces that stood in mob clearings before and are gone now
            gone = np.maximum(e0 - e1, 0) if new_turn or before[PHASE] == PH_BIRDSONG else np.zeros(NF, np.int64)
            if new_turn and act == H:
                t["hd_turns"] += 1
                if e0.sum() > 0:
                    t["razes_nonzero"] += 1
                for g in range(NF):
                    if e0[g]:
                        t["razed_by_owner"][FACTION_NAMES[g]] = t["razed_by_owner"].get(FACTION_NAMES[g], 0) + int(e0[g])
            t["raze_vp"] += d_rem
            # mobs spreading in Birdsong onto enemy pieces
            if not new_turn:
                t["exposed_by_hundreds"] += int(np.maximum(e1 - e0, 0).sum())
        else:
            t["other_removal_vp"] += d_rem
            inc = int(np.maximum(e1 - e0, 0).sum())
            if before[ACTIVE] == H and not new_turn:
                t["exposed_by_hundreds"] += inc  # Incite, mob moves by the Hundreds
            elif before[ACTIVE] != H and not new_turn:
                t["placed_into_mob_by_opp"] += inc
            else:
                t["placed_into_mob_by_opp" if before[ACTIVE] != H else "exposed_by_hundreds"] += inc
            if before[ACTIVE] != H:
                t["mobs_removed_by_opp"] += max(0, mobs(before) - mobs(state))
    t.update(seed=spec["seed"], seating=seating, winners=[FACTION_NAMES[g] for g in range(NF) if state[WINNERS] >> g & 1],
             hd_vp=int(state[VP + H]), removal_vp=int(state[REM]), oppress_vp=int(state[OPP]), turns=int(state[TURN]))
    return t


if __name__ == "__main__":
    lad, rung, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    start = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    xh = sys.argv[6] if len(sys.argv) > 6 else ""
    xo = sys.argv[7] if len(sys.argv) > 7 else ""
    params, records, _ = load_ladder(lad)
    budget = parse_spec(rung)[1]
    specs = [s for s in ladder.self_specs(params, rung, params["self_games"]) if "hundreds" in s["seating"]]
    specs = specs[start:start + n]
    t0 = time.process_time()
    games = []
    for s in specs:
        games.append(play(s, budget, xh, xo, params["max_turns"]))
        g = games[-1]
        print(g["seed"], g["winners"], g["hd_vp"], "raze", g["raze_vp"], "other_rem", g["other_removal_vp"], "opp", g["oppress_vp"],
              "placed", g["placed_into_mob_by_opp"], "exposedH", g["exposed_by_hundreds"], flush=True)
    json.dump({"cpu_s": time.process_time() - t0, "games": games}, open(out, "w"), indent=1)
    print("CPU", time.process_time() - t0)

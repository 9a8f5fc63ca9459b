"""What a faction's agent chooses, per game: heuristic v2 or ISMCTS in the same seats and seeds (issue 34, diagnosis).

    python -m benchmarks.ismcts_choices corvids --games 16 --agent v2
    python -m benchmarks.ismcts_choices corvids --games 16 --agent search --options '{"prior": 0}'

The faction F sits at its four-player table (marquise, eyrie, alliance, F), game i seated in rotation i % 4 and
seeded 900,000 + i (the tuning seeds), the three others heuristic v2 (``HeuristicAgent(seed=i)``). F is heuristic v2
(``--agent v2``) or ``ISMCTSAgent(F, iterations=--iterations, seed=i, threads=1, **options)`` with F's defaults
changed by ``--options`` (``--agent search``). For each of F's decisions with more than one option whose decision
code is one of F's own (``D_CV_*`` for the Corvids, ``D_RF_*`` for the Riverfolk, ...), the chosen action's text
(``Game.describe``, numbers and parentheses removed, cut to 40 characters) is counted; printed: wins, mean VP and
each (decision, choice) per game. A cheap look at where a search departs from heuristic v2 (the Corvids' exerting,
the Riverfolk's hoarded funds: ``benchmarks/results/ismcts_v5_corvids_riverfolk.md``).
"""
from __future__ import annotations

import argparse
import collections
import json
import re

import numpy as np

PREFIX = {"corvids": "D_CV_", "riverfolk": "D_RF_", "lizards": "D_LZ_", "alliance": "D_AL_", "eyrie": "D_EY_",
          "marquise": "D_MQ_"}


def choices(faction: str, games: int, agent: str, options: dict, iterations: int = 200):
    from root_env import Game, codes
    from root_env.layout import DECISION
    from agents.ismcts_agent import ISMCTSAgent
    from agents.heuristic_agent import HeuristicAgent
    table = ("marquise", "eyrie", "alliance", faction)
    names = {getattr(codes, k): k for k in dir(codes) if k.startswith("D_")}
    prefix = PREFIX.get(faction, "D_")
    count = collections.Counter()
    wins, vps = 0, []
    for i in range(games):
        seats = table[i % 4:] + table[:i % 4]
        g = Game.new(seats, seed=900_000 + i)
        agents = {f: HeuristicAgent(f, seed=i) for f in seats}
        if agent == "search":
            agents[faction] = ISMCTSAgent(faction, iterations=iterations, seed=i, threads=1, **options)
        while not g.is_over:
            p = g.current_player
            a = agents[p].act(g)
            if p == faction and len(g.legal_actions()) > 1:
                d = names.get(int(g.state[DECISION]))
                if d and d.startswith(prefix):
                    count[(d, re.sub(r"\d+|\(.*?\)|#", "", g.describe(a)).strip()[:40])] += 1
            g.apply(a)
        wins += faction in g.winners
        vps.append(g.vp[faction])
    return wins, float(np.mean(vps)), count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("faction")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--agent", choices=("v2", "search"), default="search")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--options", default="{}", help="JSON: agents.ismcts.options keywords for the search")
    a = ap.parse_args(argv)
    if a.games < 1 or a.iterations < 1:
        ap.error("games and iterations must be >= 1")
    wins, vp, count = choices(a.faction, a.games, a.agent, json.loads(a.options), a.iterations)
    print(f"{a.agent} wins {wins} / {a.games} mean vp {vp}")
    for k in sorted(count):
        print(f"{k[0]:16s} {k[1]:42s} {count[k] / a.games:6.2f}/game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

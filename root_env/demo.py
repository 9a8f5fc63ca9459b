"""``make demo``: a seeded four-player game (Marquise, Eyrie, Alliance, Vagabond) between the
heuristic agents, shown as text (``--factions marquise,eyrie`` for another mix, ``--agents random``
for uniformly random players).

Prints the board at a few points, the log of every decision (each with the battle dice and hits it led to and
the pieces it removed), the final score and winner, then a one-line throughput figure from compiled random
playouts.
"""
from __future__ import annotations

import argparse
import time


from agents import RandomAgent, HeuristicAgent
from root_env import Game
from root_env.gamelog import changes, traced_apply
from root_env.render import render_text
from root_env.rollout import random_games


BASE4 = ("marquise", "eyrie", "alliance", "vagabond")


def battle_report(events: list[str], before, after) -> list[str]:
    """What a decision's fighting did: each battle's clearing, attacker, defender and dice, the hits dealt
    (Law 4.3), then every piece removed (``gamelog.changes``: an ambush's hits, a battle's, any other removal)."""
    fights = [e for e in events if e.startswith(("battle in ", "hits: "))]
    return fights + [c for c in changes(before, after) if " loses " in c or " removed" in c]


def play(seed: int, show_every: int, factions=BASE4, kind: str = "heuristic") -> Game:
    g = Game.new(factions, seed=seed)
    if kind == "heuristic":
        agents = {f: HeuristicAgent(f, seed=seed * 10 + i) for i, f in enumerate(g.factions)}
    else:
        agents = {f: RandomAgent(seed=seed * 10 + i) for i, f in enumerate(g.factions)}
    print(render_text(g))
    turn = -1
    while not g.is_over:
        if g.turn != turn:
            turn = g.turn
            if turn > 0 and turn % show_every == 0:
                print()
                print(render_text(g))
            print(f"\n--- turn {turn}: {g.active} ---" if turn > 0 else "\n--- setup ---")
        player = g.current_player
        a = agents[player].act(g) if kind == "heuristic" else agents[player].act(None, g.action_mask())
        line = g.describe(a, None)  # the table's reading, as the board printed (face-down plots unnamed)
        vp_before, before = g.vp, g.state.copy()
        events = traced_apply(g.state.copy(), a)  # what happened on the way: battle dice and hits (Law 4.3)
        g.apply(a)
        gained = {f: g.vp[f] - vp_before[f] for f in g.factions if g.vp[f] != vp_before[f]}
        extra = "  [" + ", ".join(f"{f} {v:+d} VP" for f, v in gained.items()) + "]" if gained else ""
        print(f"  {line}{extra}")
        print("".join(f"    >> {e}\n" for e in battle_report(events, before, g.state)), end="")
    print()
    print(render_text(g))
    return g


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--show-every", type=int, default=8, help="print the board every N turns")
    p.add_argument("--agents", choices=("heuristic", "random"), default="heuristic", help="who plays every seat")
    p.add_argument("--factions", default=",".join(BASE4), help="comma-separated factions in seating order")
    args = p.parse_args(argv)
    factions = tuple(args.factions.split(","))
    g = play(args.seed, args.show_every, factions, args.agents)
    print("\n=== final ===")
    print("score:", ", ".join(f"{f} {v}" for f, v in g.vp.items()))
    if g.truncated:
        print(f"no winner: the game reached the cap of {g.to_dict()['max_turns']} turns")
    else:
        print("winner:", ", ".join(g.winners), f"after {g.turn} turns and {g.to_dict()['decisions_taken']} decisions")
    random_games(8, factions, seed=0, threads=1)  # compile / load the cache outside the timing
    t = time.perf_counter()
    r = random_games(1000, factions, seed=1, threads=1)
    dt = time.perf_counter() - t
    print(f"throughput: {r['decisions'].sum() / dt:,.0f} engine decisions/s, {1000 / dt:,.0f} random games/s "
          f"on one core inside njit (mean {r['decisions'].mean():.0f} decisions per game, {', '.join(factions)})")


if __name__ == "__main__":
    main()

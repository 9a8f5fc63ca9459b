"""Evaluate a pool of agents: win rates per faction and seat with Wilson intervals, seats rotated, and
OpenSkill ratings of every agent x faction.

    python -m agents.evaluate --pool heuristic,random,ppo:runs/x/last.pt --games 48 --out results/eval
    python -m agents.evaluate --pool heuristic,heuristic_v1 --opponents heuristic_v1 --games 400

Each pool agent plays each faction in ``games`` games against ``--opponents`` (heuristic by default)
in the other seats; game i rotates the seating by i, so every seat is played. Every game also updates
OpenSkill (Plackett-Luce) ratings of each seat's agent x faction: winners ranked first. Writes
``evaluation.json``, ``evaluation.md`` and ``evaluation.png`` (needs the ``stats`` extra).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from root_env import torch_threads
from root_env.data import FACTION_NAMES
from root_env.map_data import PLAYABLE_MAPS, check_map
from agents.policies import play, resolve, seat_spec


def wilson(wins: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    from statsmodels.stats.proportion import proportion_confint
    lo, hi = proportion_confint(wins, n, alpha=alpha, method="wilson")
    return float(lo), float(hi)


def evaluate(pool, factions=("marquise", "eyrie", "alliance", "vagabond"), games: int = 24,
             opponents: str = "heuristic", seed: int = 0, max_turns: int = 300, map: str = "autumn") -> dict:
    """Results of every pool agent in every faction, every game on `map` (``Game.new``'s; Law Appendix C). ``rows``: agent, faction, games, wins, win
    rate, Wilson 95 % interval, wins by seat, OpenSkill mu/sigma/ordinal."""
    from openskill.models import PlackettLuce
    factions = tuple(factions)
    map = check_map(map)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int, got {games!r}")
    model = PlackettLuce()
    ratings = {}
    rows = []
    P = len(factions)
    loaded: dict = {}

    def agent_for(spec, faction):  # one policy object per spec and faction ("pretrained" differs by faction)
        key = (seat_spec(spec, faction) if isinstance(spec, str) else id(spec))
        if key not in loaded:
            loaded[key] = resolve(spec, seed, faction=faction)
        return loaded[key]

    for g in factions:
        agent_for(opponents, g)  # a bad opponent spec fails before any game
    for agent in pool:
        name = agent if isinstance(agent, str) else type(agent).__name__
        for f in factions:
            policy = agent_for(agent, f)
            wins, by_seat = 0, [[0, 0] for _ in range(P)]
            for rot in range(P):  # the seating rotated; the same seeds for every agent (paired)
                seating = factions[rot:] + factions[:rot]
                k = len(range(rot, games, P))
                if k == 0:
                    continue
                seeds = seed + np.arange(rot, games, P)
                agents = {g: (policy if g == f else agent_for(opponents, g)) for g in seating}
                res = play(seating, agents, k, seeds=seeds, max_turns=max_turns, map=map)
                seat = seating.index(f)
                for i in range(k):
                    w = res["winners"][i]
                    won = bool((w >> FACTION_NAMES.index(f)) & 1)
                    wins += won
                    by_seat[seat][0] += won
                    by_seat[seat][1] += 1
                    teams, ranks = [], []
                    for g in seating:
                        key = (name if g == f else opponents, g)
                        if key not in ratings:
                            ratings[key] = model.rating(name=f"{key[0]}@{key[1]}")
                        teams.append([ratings[key]])
                        ranks.append(0 if (w >> FACTION_NAMES.index(g)) & 1 else 1)
                    new = model.rate(teams, ranks=ranks)
                    for g, t in zip(seating, new):
                        ratings[(name if g == f else opponents, g)] = t[0]
            lo, hi = wilson(wins, games)
            rows.append({"agent": name, "faction": f, "games": games, "wins": wins, "win_rate": wins / games,
                         "ci95": [lo, hi], "by_seat": by_seat})
    for r in rows:
        t = ratings[(r["agent"], r["faction"])]
        r["openskill"] = {"mu": t.mu, "sigma": t.sigma, "ordinal": t.ordinal()}
    return {"factions": list(factions), "opponents": opponents, "games": games, "seed": seed, "map": map, "rows": rows}


def table(result: dict) -> str:
    lines = ["| agent | faction | games | win rate | 95 % Wilson | OpenSkill ordinal |", "|---|---|---|---|---|---|"]
    for r in result["rows"]:
        lines.append(f"| {r['agent']} | {r['faction']} | {r['games']} | {r['win_rate']:.3f} | "
                     f"{r['ci95'][0]:.3f}–{r['ci95'][1]:.3f} | {r['openskill']['ordinal']:.2f} |")
    return "\n".join(lines)


def plot(result: dict, path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    agents = sorted({r["agent"] for r in result["rows"]})
    fac = result["factions"]
    fig, ax = plt.subplots(figsize=(7, 3.8))
    width = 0.8 / len(agents)
    for j, a in enumerate(agents):
        rs = [next(r for r in result["rows"] if r["agent"] == a and r["faction"] == f) for f in fac]
        x = np.arange(len(fac)) + j * width
        y = [r["win_rate"] for r in rs]
        err = [[r["win_rate"] - r["ci95"][0] for r in rs], [r["ci95"][1] - r["win_rate"] for r in rs]]
        ax.bar(x, y, width, yerr=err, capsize=3, label=a)
    ax.set_xticks(np.arange(len(fac)) + 0.4 - width / 2, fac)
    ax.set_ylabel(f"win rate vs {result['opponents']} (95 % Wilson)")
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agents.evaluate", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pool", required=True, help="comma-separated agents (random, heuristic, heuristic_v1, ismcts:N, ppo:PATH, pretrained:FACTION, pretrained, module:fn)")
    ap.add_argument("--factions", default="marquise,eyrie,alliance,vagabond")
    ap.add_argument("--games", type=int, default=24, help="games per agent and faction")
    ap.add_argument("--opponents", default="heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-turns", type=int, default=300)
    ap.add_argument("--map", default="autumn", help="the map of every game: " + ", ".join(PLAYABLE_MAPS))
    ap.add_argument("--out", default=None, help="folder for evaluation.json/.md/.png")
    a = ap.parse_args(argv)
    torch_threads.for_inference()  # one torch thread beside the engine's threads (root_env.torch_threads)
    try:
        res = evaluate([s.strip() for s in a.pool.split(",")], tuple(x.strip() for x in a.factions.split(",")),
                       a.games, a.opponents, a.seed, a.max_turns, a.map)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(table(res))
    if a.out:
        out = Path(a.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "evaluation.json").write_text(json.dumps(res, indent=1))
        (out / "evaluation.md").write_text(table(res) + "\n")
        plot(res, out / "evaluation.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

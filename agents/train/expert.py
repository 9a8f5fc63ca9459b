"""Expert iteration for one faction: learn from ISMCTS (Anthony, Tian & Barber 2017; Silver et al. 2017, with
determinization for hidden information).

One faction, the apprentice's, sits at four-player tables against three heuristic agents (``heuristic``, the second
version: the setting in which the policy is measured), its seat rotated game by game (game ``i`` of a round seated in
rotation ``i % 4`` of the table). Each iteration:

1. **Search data.** At the apprentice faction's decisions with a choice, ISMCTS (``agents.ismcts``, the faction's
   default options, ``budget`` iterations, no time budget) searches from what the faction can see and records the
   root's visit counts: the policy target, a distribution over the legal actions. Iteration 0 lets the search play
   (it plays its most visited action: ISMCTS-against-heuristic games); later iterations let the apprentice play
   (sampling from the policy) and the search label a ``keep`` share of the positions it reaches (the apprentice
   chooses the states, the expert the targets, as DAgger). Each recorded decision also keeps the search's value
   estimate of the root for the faction (``q``, its mean leaf reward in [0, 1]) and, once the game ends, the outcome
   (+1 won, -1 lost, 0 cut at ``max_turns``).
2. **Distillation** into a ``agents.train.ppo.Policy`` (``agents.train.bc.fit``): cross-entropy between the masked
   policy and the visit distribution, and squared error between the critic and the value target
   ``(1 - value_mix) * outcome + value_mix * (2 q - 1)``, both on every decision kept so far (the data of all
   iterations, aggregated).
3. **Measure**: the policy alone (its likeliest action, no search) against three heuristic agents, ``eval_games``
   games, seats rotated.

``python -m agents.train.expert --faction eyrie --iterations 2 --games 64 --budget 200 --out runs/exit_eyrie``
writes ``last.pt`` (a checkpoint ``ppo:PATH`` loads), ``log.json`` (each iteration's data, fit and win rate, with
wall and CPU seconds) and, with ``--export NAME``, ``agents.pretrained``'s files for the policy.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
import torch

from root_env.codes import N_ACTIONS
from root_env.data import FACTION_NAMES
from root_env.inputs import check_count, check_seed
from root_env.layout import VERSION
from root_env.engine.observe import OBS_SIZE
from root_env import torch_threads
from agents.arena import KIND_HEURISTIC
from agents.heuristic import seed_rand
from agents.train import bc
from agents.train.search_labels import search_targets, search_options
from agents.train.stepper import Stepper, KIND_NET
from agents.train.ppo import Policy, PPOAgent, Config, FORMAT

TABLES = {  # the faction's four-player table (benchmarks.heuristic_strength.TABLES)
    "marquise": ("marquise", "eyrie", "alliance", "vagabond"),
    "eyrie": ("marquise", "eyrie", "alliance", "vagabond"),
    "alliance": ("marquise", "eyrie", "alliance", "vagabond"),
    "vagabond": ("marquise", "eyrie", "alliance", "vagabond"),
    "vagabond2": ("marquise", "eyrie", "vagabond", "vagabond2"),
    "lizards": ("marquise", "eyrie", "alliance", "lizards"),
    "riverfolk": ("marquise", "eyrie", "alliance", "riverfolk"),
    "corvids": ("marquise", "eyrie", "alliance", "corvids"),
    "hundreds": ("marquise", "eyrie", "alliance", "hundreds"),
    "keepers": ("marquise", "eyrie", "alliance", "keepers"),
    "duchy": ("marquise", "eyrie", "alliance", "duchy"),
}


def collect(faction: str, games: int, budget: int, seed: int, policy=None, keep: float = 1.0, envs: int = 16,
            max_turns: int = 300, options: str = "", threads: int = 1) -> dict:
    """Search data from `games` games of `faction` against three heuristic agents (seats rotated; game i of the
    round seeded ``seed + i``). Without `policy` the search plays the faction (its most visited action) and every
    decision with a choice is recorded; with one, the policy plays (sampling) and a `keep` share of its decisions
    with a choice is searched and recorded. Returns ``agents.train.bc.collect``'s arrays (``votes``: the visit
    counts; ``acts``: the action played) plus ``q`` (the search's value of the root for the faction, in [0, 1])."""
    if faction not in TABLES:
        raise ValueError(f"faction must be one of {sorted(TABLES)}, got {faction!r}")
    check_count("games", games, 1, 1 << 30)
    check_count("budget", budget, 1, 1 << 24)
    check_count("envs", envs, 1, 1 << 16)
    seed = check_seed(seed)
    if not 0.0 < keep <= 1.0:
        raise ValueError(f"keep must be in (0, 1], got {keep!r}")
    opts = search_options(budget, options)
    table = TABLES[faction]
    fid = FACTION_NAMES.index(faction)
    rows_out = {k: [] for k in ("obs", "masks", "votes", "acts", "faction", "q", "dec_at", "vp_at")}
    ends = []  # per recorded decision: index of its game in `games_out`
    games_out = []  # (outcome, final_vp, decisions of the faction)
    agent = None if policy is None else PPOAgent(policy, seed)
    pick = np.random.default_rng(seed)
    t0, c0 = time.perf_counter(), time.process_time()
    for rot in range(4):
        seeds = seed + np.arange(rot, games, 4, dtype=np.int64)
        if seeds.size == 0:
            continue
        seats = table[rot:] + table[:rot]
        fids = np.array([FACTION_NAMES.index(x) for x in seats], np.int64)
        p = seats.index(faction)
        for lo in range(0, seeds.size, envs):
            chunk = seeds[lo:lo + envs]
            n = chunk.size
            st = Stepper(n, fids, max_turns, threads=threads)
            kinds = np.full((n, 4), KIND_HEURISTIC, np.int64)
            kinds[:, p] = KIND_NET
            st.reset(chunk, kinds)
            rng = np.array([int(seed_rand(int(s) ^ 0x51ED)) for s in chunk], np.int64)
            pending = [[] for _ in range(n)]  # recorded decisions of each row's current game
            dec = np.zeros(n, np.int64)
            done = np.zeros(n, bool)
            while not done.all():
                live = ~done
                choice = live & (st.masks.sum(1) > 1)
                if agent is None:
                    rec = np.flatnonzero(choice)
                else:
                    rec = np.flatnonzero(choice & (pick.random(n) < keep))
                visits, q = search_targets(st.states, rec, rng, opts, threads)
                if agent is None:
                    act = np.array([int(np.flatnonzero(m)[0]) for m in st.masks], np.int64)
                    act[rec] = visits.argmax(1)
                else:
                    act = agent.act_batch(st.obs, st.masks)
                for i, g in enumerate(rec):
                    pending[g].append(len(ends))
                    ends.append(-1)
                    rows_out["obs"].append(st.obs[g].copy())
                    rows_out["masks"].append(st.masks[g].copy())
                    rows_out["votes"].append(visits[i])
                    rows_out["acts"].append(act[g])
                    rows_out["faction"].append(fid)
                    rows_out["q"].append(q[i])
                    rows_out["dec_at"].append(dec[g])
                    rows_out["vp_at"].append(st.vp[g, p])
                dec[live] += 1
                st.step(act)  # a finished row plays its next game on (discarded) until the chunk ends
                for g in np.flatnonzero((st.ended > 0) & ~done):
                    done[g] = True
                    won = (st.winners[g] >> fid) & 1
                    outcome = 0 if st.truncated[g] else (1 if won else -1)
                    games_out.append((outcome, int(st.final_vp[g, p]), int(dec[g])))
                    for j in pending[g]:
                        ends[j] = len(games_out) - 1
                    pending[g] = []
    m = len(ends)
    gi = np.array(ends, np.int64)
    go = np.array(games_out, np.int64).reshape(-1, 3)
    out = {"obs": np.array(rows_out["obs"], np.float32).reshape(m, OBS_SIZE),
           "masks": np.array(rows_out["masks"], np.int8).reshape(m, N_ACTIONS),
           "votes": np.array(rows_out["votes"], np.float32).reshape(m, N_ACTIONS),
           "acts": np.array(rows_out["acts"], np.int64), "faction": np.array(rows_out["faction"], np.int64),
           "q": np.array(rows_out["q"], np.float32), "dec_at": np.array(rows_out["dec_at"], np.int64),
           "vp_at": np.array(rows_out["vp_at"], np.int64),
           "outcome": go[gi, 0] if m else np.zeros(0, np.int64), "final_vp": go[gi, 1] if m else np.zeros(0, np.int64),
           "dec_total": go[gi, 2] if m else np.zeros(0, np.int64),
           "games": len(games_out), "wins": int((go[:, 0] == 1).sum()) if len(go) else 0,
           "seconds": time.perf_counter() - t0, "cpu_seconds": time.process_time() - c0}
    return out


def value_targets(data: dict, gamma: float, value_mix: float) -> dict:
    """`data` with ``target``/``target_has`` for ``bc.fit``'s critic: ``(1 - value_mix) * gamma ** (decisions
    left) * outcome + value_mix * (2 q - 1)``."""
    if not 0.0 <= value_mix <= 1.0:
        raise ValueError(f"value_mix must be in [0, 1], got {value_mix!r}")
    z, has = bc.returns(data, gamma, 0.0)
    out = dict(data)
    out["target"] = ((1.0 - value_mix) * z + value_mix * (2.0 * data["q"] - 1.0)).astype(np.float32)
    out["target_has"] = np.ones_like(has)
    return out


def evaluate(policy, faction: str, games: int, seed: int, greedy: bool = True, max_turns: int = 300) -> dict:
    """Wins of `policy` (alone, no search; its likeliest action when `greedy`) as `faction` against three heuristic
    agents over `games` games, seats rotated (game i in rotation i % 4, seeded seed + i)."""
    from agents.policies import play
    agent = PPOAgent(policy, seed, greedy)
    table = TABLES[faction]
    fid = FACTION_NAMES.index(faction)
    wins, by_seat = 0, [[0, 0] for _ in range(4)]
    for rot in range(4):
        seeds = seed + np.arange(rot, games, 4, dtype=np.int64)
        if seeds.size == 0:
            continue
        seats = table[rot:] + table[:rot]
        res = play(seats, {x: (agent if x == faction else "heuristic") for x in seats}, seeds.size, seeds=seeds,
                   max_turns=max_turns)
        w = int(((res["winners"] >> fid) & 1).sum())
        wins += w
        by_seat[rot][0] += w
        by_seat[rot][1] += int(seeds.size)
    return {"wins": wins, "games": games, "win_rate": wins / games, "by_seat": by_seat}


def save(path, policy, cfg: dict, log: list) -> None:
    """A checkpoint ``agents.train.ppo.load`` reads (``ppo:PATH``): the policy's weights and its shape."""
    c = Config(factions=tuple(TABLES[cfg["faction"]]), hidden=cfg["hidden"])
    torch.save({"format": FORMAT, "env_version": VERSION, "obs_size": OBS_SIZE, "n_actions": N_ACTIONS,
                "config": {**{k: v for k, v in vars(c).items() if isinstance(v, (int, float, str, bool))},
                           "hidden": cfg["hidden"], "per_faction": False, "privileged_critic": False, "net": "mlp"},
                "model": policy.state_dict(), "expert": json.dumps({"options": cfg, "log": log})}, path)


def run(faction: str = "eyrie", iterations: int = 2, games: int = 64, budget: int = 200, seed: int = 0,
        keep: float = 0.5, epochs: int = 4, lr: float = 1e-3, batch: int = 256, hidden: int = 256,
        value_mix: float = 0.0, gamma: float = 0.999, eval_games: int = 64, envs: int = 16, options: str = "",
        out: str | None = None, threads: int = 1, progress: bool = False) -> dict:
    """`iterations` rounds of search data, distillation and measurement (module doc). Returns the policy, the
    aggregated data and the log (one dict per iteration)."""
    check_count("iterations", iterations, 1, 1 << 20)
    check_count("eval_games", eval_games, 0, 1 << 30)
    check_count("hidden", hidden, 1, 1 << 16)
    torch_threads.for_training(threads)
    torch.manual_seed(seed)
    policy = Policy(hidden)
    data = None
    log = []
    cfg = dict(faction=faction, iterations=iterations, games=games, budget=budget, seed=seed, keep=keep, epochs=epochs,
               lr=lr, batch=batch, hidden=hidden, value_mix=value_mix, gamma=gamma, eval_games=eval_games,
               options=options)
    c_start = time.process_time()
    for it in range(iterations):
        new = collect(faction, games, budget, seed + 1_000_003 * it, policy=None if it == 0 else policy,
                      keep=1.0 if it == 0 else keep, envs=envs, options=options, threads=threads)
        part = {k: v for k, v in new.items() if k not in ("wins", "cpu_seconds")}
        data = part if data is None else bc.concat(data, part)
        c0 = time.process_time()
        fit = bc.fit(policy, value_targets(data, gamma, value_mix), epochs=epochs, lr=lr, batch=batch, gamma=gamma,
                     seed=seed + it)
        fit_cpu = time.process_time() - c0
        row = {"iteration": it, "player": "search" if it == 0 else "policy", "games": new["games"],
               "player_wins": new["wins"], "decisions": int(len(new["acts"])), "data": int(len(data["acts"])),
               "collect_seconds": new["seconds"], "collect_cpu_seconds": new["cpu_seconds"],
               "holdout_ce": fit["holdout_ce"], "holdout_value_loss": fit["holdout_value_loss"],
               "agreement": fit["agreement"], "fit_seconds": fit["seconds"], "fit_cpu_seconds": fit_cpu,
               "fit_updates": fit["epochs"] * -(-fit["train_samples"] // batch)}
        if eval_games:
            c0 = time.process_time()
            ev = evaluate(policy, faction, eval_games, 777_000 + seed)
            row.update(eval_wins=ev["wins"], eval_games=ev["games"], eval_win_rate=ev["win_rate"],
                       eval_cpu_seconds=time.process_time() - c0)
        row["cpu_seconds_total"] = time.process_time() - c_start
        log.append(row)
        if progress:
            print(json.dumps(row), file=sys.stderr, flush=True)
        if out:
            Path(out).mkdir(parents=True, exist_ok=True)
            save(Path(out) / "last.pt", policy, cfg, log)
            (Path(out) / "log.json").write_text(json.dumps({"options": cfg, "log": log}, indent=1))
    return {"policy": policy, "data": data, "log": log, "options": cfg}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agents.train.expert", description=__doc__.split("\n\n")[0])
    ap.add_argument("--faction", default="eyrie", choices=sorted(TABLES))
    ap.add_argument("--iterations", type=int, default=2, help="rounds of search data + distillation")
    ap.add_argument("--games", type=int, default=64, help="games of search data per iteration")
    ap.add_argument("--budget", type=int, default=200, help="ISMCTS iterations per searched decision")
    ap.add_argument("--options", default="", help="more ISMCTS options, 'key=value,...' (agents.ismcts.options)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--keep", type=float, default=0.5, help="share of the policy's decisions searched (iterations >= 1)")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--value-mix", type=float, default=0.0, help="weight of the search's value in the critic's target (default 0: the table leaf's value is not a calibrated chance)")
    ap.add_argument("--eval-games", type=int, default=64, help="games measuring the policy after each iteration")
    ap.add_argument("--envs", type=int, default=16, help="games played together")
    ap.add_argument("--threads", type=int, default=1, help="engine and torch threads")
    ap.add_argument("--out", default="runs/expert")
    ap.add_argument("--export", default=None, help="also write agents.pretrained's files for the policy under this "
                                                  "folder (policy_<faction>.npz and .json)")
    a = ap.parse_args(argv)
    try:
        res = run(a.faction, a.iterations, a.games, a.budget, a.seed, a.keep, a.epochs, a.lr, hidden=a.hidden,
                  value_mix=a.value_mix, eval_games=a.eval_games, envs=a.envs, options=a.options, out=a.out,
                  threads=a.threads, progress=True)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.export:
        from agents import pretrained
        pretrained.export(res["policy"], a.faction, a.export, card={"trained_by": "agents.train.expert",
                                                                     "options": res["options"], "log": res["log"]})
    print(json.dumps(res["log"][-1]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

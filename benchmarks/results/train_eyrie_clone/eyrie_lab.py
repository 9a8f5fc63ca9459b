"""Cheap diagnosis of the Eyrie's clone (issue 35): the heuristic's own consistency, held-out agreement of networks of
several sizes on the same data, and DAgger rounds at the clone's own positions with the Eyrie seat alone played by the
clone (the other seats heuristic v2, the table benchmarks.pretrained_strength measures).

    python eyrie_lab.py collect N SEED OUT.npz           # N Eyrie decisions of heuristic games, 4 answers each
    python eyrie_lab.py fit DATA.npz HIDDEN EPOCHS OUT.pt [NET]
    python eyrie_lab.py dagger DATA.npz POLICY.pt N SEED ROUNDS EPOCHS OUT.pt
    python eyrie_lab.py eval DATA.npz POLICY.pt
    python eyrie_lab.py export POLICY.pt DIR
"""
import sys, time, json, resource
from collections import defaultdict
import numpy as np
import torch
torch.set_num_threads(1)
from agents.train import bc
from agents.train.ppo import Policy, PPOAgent
from agents.train.expert import TABLES
from agents.train.stepper import Stepper, KIND_NET
from agents.arena import KIND_HEURISTIC
from agents.heuristic import choose_version, seed_rand
from root_env.actions import block_of
from root_env.codes import N_ACTIONS
from root_env.data import FACTION_NAMES
from root_env.layout import STATE_SIZE, DECIDER

EY = FACTION_NAMES.index("eyrie")
KEYS = ("obs", "masks", "votes", "acts", "faction", "vp_at", "dec_at", "outcome", "final_vp", "dec_total")


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def load(path):
    """A dataset written by ``collect``, or several joined by '+' (in order: the last file's tail is the held-out)."""
    parts = []
    for one in path.split("+"):
        z = np.load(one)
        parts.append({k: z[k] for k in KEYS} | {"games": int(z["games"]), "seconds": float(z["seconds"])})
    return parts[0] if len(parts) == 1 else bc.concat(*parts)


def by_block(policy, d, rows):
    obs, masks, votes = (torch.as_tensor(d[k][rows]) for k in ("obs", "masks", "votes"))
    with torch.no_grad():
        logits, _ = policy(obs, masks)
    ch = logits.argmax(1).numpy()
    v = d["votes"][rows]
    best = v.argmax(1)
    self_ag = v[np.arange(len(best)), best] / v.sum(1)
    agg = defaultdict(lambda: [0, 0, 0.0])
    for b, c, s in zip(best, ch, self_ag):
        e = agg[block_of(int(b))[0]]
        e[0] += 1; e[1] += int(b == c); e[2] += float(s)
    return float((ch == best).mean()), {k: (n, round(o / n, 3), round(s / n, 3)) for k, (n, o, s) in
                                        sorted(agg.items(), key=lambda kv: -kv[1][0])}


def make(hidden, net="mlp"):
    return Policy(hidden, per_faction=False, net=net)


def holdout_rows(n):
    return slice(int(round(n * 0.9)), n)


def cmd_collect(n, seed, out):
    t, c = time.time(), cpu()
    parts, have, r = [], 0, 0
    while have < n:
        d = bc.collect(TABLES["eyrie"], 4 * min(n - have, 20000) + 400, seed=seed + r * 7919, keep=0.5, votes=4)
        rows = (d["faction"] == EY) & (d["masks"].sum(1) > 1)
        parts.append({k: (v[rows] if isinstance(v, np.ndarray) else v) for k, v in d.items()})
        have += int(rows.sum()); r += 1
        print("round", r, "eyrie decisions", have, "games", d["games"], flush=True)
    d = bc.concat(*parts)
    d = {k: (v[:n] if isinstance(v, np.ndarray) else v) for k, v in d.items()}
    v = d["votes"]
    self_ag = (v.max(1) / v.sum(1)).mean()
    first = (v[np.arange(len(v)), d["acts"]] / v.sum(1)).mean()
    np.savez(out, **d)
    print(json.dumps({"decisions": len(v), "games": d["games"], "heuristic_modal_share": round(float(self_ag), 3),
                      "heuristic_played_answer_share": round(float(first), 3),
                      "wall_s": round(time.time() - t), "cpu_s": round(cpu() - c)}))


def cmd_fit(data, hidden, epochs, out, net="mlp"):
    d = load(data)
    c = cpu()
    torch.manual_seed(0)
    p = make(hidden, net)
    res = bc.fit(p, d, epochs=epochs, seed=0)
    ag, blocks = by_block(p, d, holdout_rows(len(d["acts"])))
    torch.save({"hidden": hidden, "net": net, "state": p.state_dict()}, out)
    print(json.dumps({"hidden": hidden, "net": net, "epochs": epochs, "holdout_ce": round(res["holdout_ce"], 4),
                      "agreement": round(res["agreement"], 4), "fit_s": round(res["seconds"]),
                      "cpu_s": round(cpu() - c)}))
    for k, b in blocks.items():
        print("  ", k, b)


def restore(path):
    ck = torch.load(path, weights_only=False)
    p = make(ck["hidden"], ck["net"])
    p.load_state_dict(ck["state"])
    return p, ck


def on_policy(policy, n, seed, envs=8):
    """Heuristic v2's answers (4 each) at the Eyrie decisions with a choice that `policy` (greedy) meets in the Eyrie
    seat, the three other seats heuristic v2, the four seat rotations."""
    agent = PPOAgent(policy, seed, greedy=True)
    fids0 = np.array([FACTION_NAMES.index(f) for f in TABLES["eyrie"]], np.int64)
    work = np.zeros((2, STATE_SIZE), np.int64)
    r = int(seed_rand(seed ^ 0x5DEECE6))
    obs, masks, counts, acts = [], [], [], []
    games = 0
    for rot in range(4):
        fids = np.roll(fids0, rot)
        st = Stepper(envs, fids, 300, threads=1)
        kinds = np.where(fids == EY, KIND_NET, KIND_HEURISTIC)
        st.reset(seed + 1000 * rot, np.tile(kinds, (envs, 1)))
        while len(acts) < n * (rot + 1) // 4:
            for g in np.flatnonzero(st.masks.sum(1) > 1):
                c = np.zeros(N_ACTIONS, np.float32)
                for v in range(4):
                    a, r = choose_version(st.states[g], EY, r, work, 2)
                    c[a] += 1
                    if v == 0:
                        acts.append(int(a))
                obs.append(st.obs[g].copy()); masks.append(st.masks[g].copy()); counts.append(c)
            st.step(agent.act_batch(st.obs, st.masks))
        games += int(st.episode.sum())
    m = len(acts)
    z = np.zeros(m, np.int64)
    return {"obs": np.stack(obs), "masks": np.stack(masks), "votes": np.stack(counts), "acts": np.array(acts),
            "faction": np.full(m, EY, np.int64), "vp_at": z, "dec_at": z, "final_vp": z, "dec_total": z,
            "outcome": np.full(m, bc.UNFINISHED, np.int64), "games": games, "seconds": 0.0}


def cmd_dagger(data, pol, n, seed, rounds, epochs, out):
    d = load(data)
    p, ck = restore(pol)
    nd = len(d["acts"])
    hold = holdout_rows(nd)
    train = {k: (v[:hold.start] if isinstance(v, np.ndarray) else v) for k, v in d.items()}
    held = {k: (v[hold] if isinstance(v, np.ndarray) else v) for k, v in d.items()}
    extra = []
    for k in range(rounds):
        c = cpu()
        t = time.time()
        more = on_policy(p, n, seed + 100000 * k)
        m = len(more["acts"])
        ag_new, _ = by_block(p, more, slice(0, m))  # the policy's agreement at its own positions, before refitting
        extra.append(more)
        allx = bc.concat(train, *extra, held)  # held-out stays last: bc.fit holds out its last 10 %
        # fit on the training part only: holdout share chosen so the held-out rows are exactly `held`
        res = bc.fit(p, allx, epochs=epochs, seed=k + 1, holdout=len(held["acts"]) / len(allx["acts"]))
        ag_own, _ = by_block(p, more, slice(0, m))
        print(json.dumps({"round": k + 1, "own_decisions": m, "own_games": more["games"],
                          "agreement_at_own_positions_before": round(ag_new, 4),
                          "agreement_at_own_positions_after": round(ag_own, 4),
                          "heuristic_holdout_agreement": round(res["agreement"], 4),
                          "heuristic_holdout_ce": round(res["holdout_ce"], 4),
                          "wall_s": round(time.time() - t), "cpu_s": round(cpu() - c)}), flush=True)
        torch.save({"hidden": ck["hidden"], "net": ck["net"], "state": p.state_dict()}, out.replace(".pt", f"_r{k + 1}.pt"))


def cmd_export(pol, folder):
    from agents import pretrained
    p, ck = restore(pol)
    print(pretrained.export(p, "eyrie", folder, {"note": "eyrie_lab clone, not shipped", "source": pol}))


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[0] == "collect":
        cmd_collect(int(a[1]), int(a[2]), a[3])
    elif a[0] == "fit":
        cmd_fit(a[1], int(a[2]), int(a[3]), a[4], *(a[5:6]))
    elif a[0] == "dagger":
        cmd_dagger(a[1], a[2], int(a[3]), int(a[4]), int(a[5]), int(a[6]), a[7])
    elif a[0] == "eval":  # eval DATA POLICY.pt: held-out agreement (the last 10 %), by block
        d = load(a[1])
        ag, blocks = by_block(restore(a[2])[0], d, holdout_rows(len(d["acts"])))
        print(json.dumps({"policy": a[2], "agreement": round(ag, 4)}), blocks)
    elif a[0] == "export":
        cmd_export(a[1], a[2])

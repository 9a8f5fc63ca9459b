"""Behaviour-cloning warm start for the PPO trainer: imitate the compiled heuristic agent.

``collect`` plays heuristic-against-heuristic games inside njit (``agents.heuristic.choose`` for every
seat) and records a sample of the decisions that have a choice (more than one legal action): the
decider's observation, the action mask, the heuristic's action, and what is needed for the value
target: the decider's VP then, its number of decisions so far in the game, and, once the game ends,
whether it won, its final VP and its number of decisions in the whole game.

``fit`` trains a ``Policy`` on such data by cross-entropy against the heuristic's answers (the masked
logits; the heuristic decides by random lookahead, so it is asked ``votes`` times and the target is the
share of each answer) and, for the critic, by squared error on the return PPO would assign the decision:
``gamma ** (decisions left) * (+1 win / -1 loss / 0 truncated) + vp_reward * (VP still to score)``.
Decisions of the game left unfinished when a row's buffer filled up train the actor only.
``agreement`` is the share of decisions on which the policy's likeliest action is the heuristic's most
frequent answer (the heuristic agrees with itself on about half of its decisions with a choice).

``collect_on_policy`` (DAgger) records the heuristic's answers at the decisions the policy itself meets,
where a cloned policy's small mistakes have led it; ``concat`` joins datasets.

    >>> data = collect(("marquise", "eyrie"), samples=2000, seed=0)
    >>> stats = fit(policy, data, epochs=3, seed=0)
"""
from __future__ import annotations

import time

import numpy as np
import torch

from root_env.engine.jit import njit
from root_env.codes import N_ACTIONS
from root_env.data import FACTION_NAMES
from root_env.inputs import check_count, check_seed
from root_env.layout import STATE_SIZE, LEGAL, LEGAL_N, GAME_OVER, DECIDER, VP, WINNERS, TRUNCATED
from root_env.engine.core import apply, fill_mask
from root_env.engine.observe import observe, OBS_SIZE
from root_env.engine.threads import for_slices
from agents.heuristic import choose_version, next_rand, seed_rand
from agents.train.stepper import _start, _seat_of
from agents.arena import parse_spec, options_table, KIND_HEURISTIC, KIND_HEURISTIC_V1, KIND_ISMCTS
from agents import ismcts

UNFINISHED = -2  # outcome of a decision whose game had not ended when its row's buffer filled up


@njit(cache=True, nogil=True)
def _collect_rows(lo, hi, states, base, episode, factions, max_turns, rng, work, keep, n_votes, iters, version, opts, obs,
                  masks, acts, votes, fac, vp_at, dec_at, outcome, final_vp, dec_total):
    """Rows lo..hi-1: games until each row's buffer (``acts.shape[1]`` decisions) is full.

    `iters` 0: every seat is heuristic `version` (1 or 2), and a recorded decision asks it `n_votes` times in all (its
    generator moves on), counting its answers in ``votes``; the first answer is played. `iters` > 0: the
    seat ``(row + episode) % seats`` is ISMCTS with `iters` iterations (``opts[f]``: faction f's options),
    the others heuristic `version`; only the ISMCTS seat's decisions are recorded, with the root's visit counts
    in ``votes``, and it plays its most visited action."""
    cap = acts.shape[1]
    P = factions.shape[0]
    nodes, value, mark, path = ismcts.new_tree(max(iters, 1))
    for g in range(lo, hi):
        s = states[g]
        dec = np.zeros(P, np.int64)
        k = 0
        start = 0
        while k < cap:
            if s[GAME_OVER] != 0:
                for j in range(start, k):
                    f = fac[g, j]
                    if s[TRUNCATED] != 0:
                        outcome[g, j] = 0
                    else:
                        outcome[g, j] = 1 if (s[WINNERS] >> f) & 1 else -1
                    final_vp[g, j] = s[VP + f]
                    dec_total[g, j] = dec[_seat_of(factions, f)]
                episode[g] += 1
                _start(s, g, base, episode, factions, max_turns, rng)
                dec[:] = 0
                start = k
                continue
            f = s[DECIDER]
            p = _seat_of(factions, f)
            r = rng[g]
            searched = iters > 0 and p == (g + episode[g]) % P
            record = False
            if s[LEGAL_N] > 1 and (iters == 0 or searched):
                r = next_rand(r)
                record = (r & 0xFFFF) < keep
            if record:
                observe(s, f, obs[g, k])
                fill_mask(s, masks[g, k])
                fac[g, k] = f
                vp_at[g, k] = s[VP + f]
                dec_at[g, k] = dec[p]
            if searched and s[LEGAL_N] > 1:
                n_nodes = ismcts.reset_tree(nodes, value)
                n_nodes, r = ismcts.search(s, f, r, iters, opts[f], nodes, value, n_nodes, mark, path, work[g])
                a = ismcts.best_root_action(s, nodes)
                if record:
                    for i in range(s[LEGAL_N]):
                        b = s[LEGAL + i]
                        ch = ismcts._child(nodes, 0, b)
                        if ch >= 0:
                            votes[g, k, b] = nodes[ch, ismcts.N_VISITS]
                    if votes[g, k, a] == 0:
                        votes[g, k, a] = 1
            else:
                a, r = choose_version(s, f, r, work[g], version)
                if record:
                    votes[g, k, a] += 1
                    for _ in range(n_votes - 1):
                        b, r = choose_version(s, f, r, work[g], version)
                        votes[g, k, b] += 1
            rng[g] = r
            if record:
                acts[g, k] = a
                k += 1
            dec[p] += 1
            apply(s, a)


def collect(factions, samples: int, seed: int = 0, keep: float = 0.5, votes: int = 1, max_turns: int = 300,
            rows: int = 8, threads: int = 1, teacher: str = "heuristic") -> dict:
    """About `samples` decisions with a choice of the `teacher`, each kept with probability `keep`, from games
    seated `factions`. Teacher ``"heuristic"``: every seat is the heuristic, asked `votes` times per
    recorded decision (the first answer is played; the heuristic decides by random lookahead, so the
    answers differ). Teacher ``"ismcts:N"``: one seat per game (rotating) searches with N iterations
    (``agents.ismcts``, its faction's default options) against heuristic seats; its root visit counts are
    the answers. Game ``(seed + row, episode)`` is seeded as the trainer's stepper seeds it. Returns arrays:
    ``obs``, ``masks``, ``acts`` (the answer played), ``votes`` (each action's count of answers, float32),
    ``faction`` (faction ids), ``vp_at``,
    ``dec_at``, ``outcome`` (+1 won, -1 lost, 0 truncated, ``UNFINISHED``), ``final_vp``, ``dec_total``."""
    check_count("samples", samples, 1, 1 << 40)
    check_count("rows", rows, 1, 1 << 20)
    check_count("threads", threads, 1, 1 << 10)
    check_count("votes", votes, 1, 1 << 20)
    kind, iters, kw = parse_spec(teacher)
    if kind not in (KIND_HEURISTIC, KIND_HEURISTIC_V1, KIND_ISMCTS) or kw.get("seconds"):
        raise ValueError(f"teacher must be 'heuristic', 'heuristic_v1' or 'ismcts:N[:key=value,...]' (no time budget: "
                         f"the data must not depend on the machine's speed), got {teacher!r}")
    version = 1 if kind == KIND_HEURISTIC_V1 else 2
    opts = options_table({name: kw for name in FACTION_NAMES})
    seed = check_seed(seed)
    if not 0.0 < keep <= 1.0:
        raise ValueError(f"keep must be in (0, 1], got {keep!r}")
    fids = np.array([FACTION_NAMES.index(f) for f in factions], np.int64)
    cap = -(-samples // rows)
    states = np.zeros((rows, STATE_SIZE), np.int64)
    base = seed + np.arange(rows, dtype=np.int64)
    episode = np.zeros(rows, np.int64)
    rng = np.zeros(rows, np.int64)
    for g in range(rows):
        _start(states[g], g, base, episode, fids, max_turns, rng)
    work = np.zeros((rows, 2, STATE_SIZE), np.int64)
    obs = np.zeros((rows, cap, OBS_SIZE), np.float32)
    masks = np.zeros((rows, cap, N_ACTIONS), np.int8)
    counts = np.zeros((rows, cap, N_ACTIONS), np.float32)
    ints = {k: np.zeros((rows, cap), np.int64) for k in ("acts", "faction", "vp_at", "dec_at", "final_vp", "dec_total")}
    outcome = np.full((rows, cap), UNFINISHED, np.int64)
    keep16 = int(round(keep * 0x10000))

    def run(lo, hi):
        _collect_rows(lo, hi, states, base, episode, fids, max_turns, rng, work, keep16, votes, iters, version, opts, obs,
                      masks, ints["acts"], counts, ints["faction"], ints["vp_at"], ints["dec_at"], outcome,
                      ints["final_vp"], ints["dec_total"])
    t = time.perf_counter()
    for_slices(run, rows, threads, 1)
    out = {"obs": obs.reshape(-1, OBS_SIZE), "masks": masks.reshape(-1, N_ACTIONS),
           "votes": counts.reshape(-1, N_ACTIONS), "outcome": outcome.reshape(-1)}
    out.update({k: v.reshape(-1) for k, v in ints.items()})
    out["games"] = int(episode.sum())
    out["seconds"] = time.perf_counter() - t
    return out


def returns(data: dict, gamma: float, vp_reward: float) -> tuple[np.ndarray, np.ndarray]:
    """The critic's target for each decision (see the module doc) and whether it has one (its game ended). A dataset
    that brings its own targets (``target`` and ``target_has``: ``agents.train.expert.value_targets``) gives those."""
    if "target" in data:
        return np.asarray(data["target"], np.float32), np.asarray(data["target_has"], bool)
    left = data["dec_total"] - data["dec_at"]
    ret = gamma ** left * data["outcome"] + vp_reward * (data["final_vp"] - data["vp_at"])
    has = data["outcome"] != UNFINISHED
    return np.where(has, ret, 0.0).astype(np.float32), has


def _losses(policy, obs, masks, votes, ret, has):
    """Cross-entropy against the heuristic's answers, the critic's loss where it has a target, and which
    decisions the policy's likeliest action is the heuristic's most frequent answer."""
    logits, value = policy(obs, masks)
    target = votes.float() / votes.sum(1, keepdim=True).float()
    ce = -(target * torch.log_softmax(logits, -1)).sum(1).mean()
    if value is None:  # a privileged critic: the recorded decisions lack the hidden features, so it waits for PPO
        vl = torch.zeros(())
    else:
        vl = 0.5 * (((value - ret) ** 2) * has).sum() / has.sum().clamp(min=1)
    return ce, vl, logits.argmax(1) == votes.argmax(1)


def fit(policy, data: dict, epochs: int = 3, lr: float = 1e-3, batch: int = 256, vf_coef: float = 0.5,
        gamma: float = 0.999, vp_reward: float = 0.0, holdout: float = 0.1, seed: int = 0,
        minutes: float | None = None) -> dict:
    """Fit `policy` (an ``agents.train.ppo.Policy``) to the heuristic's decisions in `data` (``collect``):
    `epochs` passes (stopped early after `minutes` when given) of Adam on cross-entropy plus `vf_coef` times
    the critic's squared error. The last `holdout` share of the decisions is kept out of training and
    measures it. Returns the held-out cross-entropy, value loss and agreement, and the seconds taken."""
    check_count("epochs", epochs, 1, 1 << 20)
    check_count("batch", batch, 1, 1 << 30)
    gen = torch.Generator().manual_seed(seed)
    ret, has = returns(data, gamma, vp_reward)
    obs, masks = torch.as_tensor(data["obs"]), torch.as_tensor(data["masks"])
    votes = torch.as_tensor(data["votes"])
    ret_t, has_t = torch.as_tensor(ret), torch.as_tensor(has.astype(np.float32))
    n = len(votes)
    n_train = max(1, int(round(n * (1.0 - holdout))))
    policy.update_normalizer(obs[:n_train])
    from agents.train.ppo import adam  # the trainer's optimizer (ppo imports this module lazily)
    opt = adam(policy.parameters(), lr)
    t0 = time.perf_counter()
    done_epochs = 0
    for _ in range(epochs):
        perm = torch.randperm(n_train, generator=gen)
        for s in range(0, n_train, batch):
            i = perm[s:s + batch]
            ce, vl, _ = _losses(policy, obs[i], masks[i], votes[i], ret_t[i], has_t[i])
            opt.zero_grad()
            (ce + vf_coef * vl).backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
            opt.step()
        done_epochs += 1
        if minutes is not None and time.perf_counter() - t0 >= minutes * 60:
            break
    return dict(evaluate_fit(policy, data, slice(n_train, n), gamma, vp_reward), epochs=done_epochs,
                train_samples=n_train, seconds=time.perf_counter() - t0)


def evaluate_fit(policy, data: dict, rows=slice(None), gamma: float = 0.999, vp_reward: float = 0.0) -> dict:
    """On `data[rows]`: `policy`'s cross-entropy against the heuristic's answers, its critic's loss, and its
    agreement (likeliest action = the heuristic's most frequent answer), overall and by faction."""
    ret, has = returns(data, gamma, vp_reward)
    sel = [torch.as_tensor(v[rows]) for v in (data["obs"], data["masks"], data["votes"], ret, has.astype(np.float32))]
    fac = data["faction"][rows]
    if len(fac) == 0:
        return {"holdout_ce": None, "holdout_value_loss": None, "agreement": None, "agreement_by_faction": {}}
    with torch.no_grad():
        ce, vl, agree = _losses(policy, *sel)
    agree = agree.numpy()
    critic = not getattr(policy, "privileged", False)  # a privileged critic is not fitted here
    return {"holdout_ce": ce.item(), "holdout_value_loss": vl.item() if critic else None,
            "agreement": float(agree.mean()),
            "agreement_by_faction": {FACTION_NAMES[f]: float(agree[fac == f].mean()) for f in np.unique(fac)}}


def collect_on_policy(policy, factions, samples: int, seed: int = 0, votes: int = 4, envs: int = 32,
                      max_turns: int = 300, version: int = 2) -> dict:
    """DAgger: heuristic `version`'s answers (`votes` per decision; 2: ``heuristic``, 1: ``heuristic_v1``) at the
    decisions with a choice that `policy` meets when it plays every seat (sampling its actions), as ``collect``
    returns them; these decisions train the actor only (``outcome`` is ``UNFINISHED``)."""
    from agents.train.ppo import PPOAgent
    from agents.train.stepper import Stepper, KIND_NET
    check_count("samples", samples, 1, 1 << 40)
    check_count("votes", votes, 1, 1 << 20)
    if version not in (1, 2):
        raise ValueError(f"version must be 1 or 2, got {version!r}")
    fids = np.array([FACTION_NAMES.index(f) for f in factions], np.int64)
    st = Stepper(envs, fids, max_turns)
    st.reset(check_seed(seed), np.full((envs, len(fids)), KIND_NET, np.int64))
    agent = PPOAgent(policy, seed)
    work = np.zeros((2, STATE_SIZE), np.int64)
    r = int(seed_rand(seed ^ 0x5DEECE6))
    obs, masks, counts, acts, fac = [], [], [], [], []
    t = time.perf_counter()
    while len(acts) < samples:
        for g in np.flatnonzero(st.masks.sum(1) > 1):
            f = int(st.states[g, DECIDER])
            c = np.zeros(N_ACTIONS, np.float32)
            for v in range(votes):
                a, r = choose_version(st.states[g], f, r, work, version)
                c[a] += 1
                if v == 0:
                    acts.append(int(a))
            obs.append(st.obs[g].copy())
            masks.append(st.masks[g].copy())
            counts.append(c)
            fac.append(f)
        st.step(agent.act_batch(st.obs, st.masks))
    n = len(acts)
    zeros = np.zeros(n, np.int64)
    return {"obs": np.stack(obs), "masks": np.stack(masks), "votes": np.stack(counts), "acts": np.array(acts),
            "faction": np.array(fac, np.int64), "vp_at": zeros, "dec_at": zeros, "final_vp": zeros,
            "dec_total": zeros, "outcome": np.full(n, UNFINISHED, np.int64), "games": int(st.episode.sum()),
            "seconds": time.perf_counter() - t}


def concat(*datasets) -> dict:
    """One dataset from several (``collect``, ``collect_on_policy``), in order."""
    out = {k: np.concatenate([d[k] for d in datasets]) for k in datasets[0] if k not in ("games", "seconds")}
    out["games"] = sum(d["games"] for d in datasets)
    out["seconds"] = sum(d["seconds"] for d in datasets)
    return out

"""Behaviour-cloning warm start for the PPO trainer: imitate the compiled heuristic agent.

``collect`` plays heuristic-against-heuristic games inside njit (``agents.heuristic.choose`` for every
seat) and records a sample of the decisions that have a choice (more than one legal action): the
decider's observation, the action mask, the heuristic's action, and what is needed for the value
target: the decider's VP then, its number of decisions so far in the game, and, once the game ends,
whether it won, its final VP and its number of decisions in the whole game.

``fit`` trains a ``Policy`` on such data by cross-entropy against the heuristic's answers (the masked
logits; with ``votes`` > 1 the heuristic is asked several times and the target is the share of each answer) and, for the critic, by squared error on the return PPO would assign the decision:
``gamma ** (decisions left) * (+1 win / -1 loss / 0 truncated) + vp_reward * (VP still to score)``.
Decisions of the game left unfinished when a row's buffer filled up train the actor only.
``agreement`` is the share of decisions on which the policy's likeliest action is the heuristic's.

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
from root_env.layout import STATE_SIZE, LEGAL_N, GAME_OVER, DECIDER, VP, WINNERS, TRUNCATED
from root_env.engine.core import apply, fill_mask
from root_env.engine.observe import observe, OBS_SIZE
from root_env.engine.threads import for_slices
from agents.heuristic import choose, next_rand
from agents.train.stepper import _start, _seat_of

UNFINISHED = -2  # outcome of a decision whose game had not ended when its row's buffer filled up


@njit(cache=True, nogil=True)
def _collect_rows(lo, hi, states, base, episode, factions, max_turns, rng, work, keep, n_votes, obs, masks, acts,
                  votes, fac, vp_at, dec_at, outcome, final_vp, dec_total, count):
    """Rows lo..hi-1: heuristic games until each row's buffer (``acts.shape[1]`` decisions) is full.
    A recorded decision asks the heuristic `n_votes` times in all (its own generator moves on) and counts
    its answers in ``votes``; the first answer is played."""
    cap = acts.shape[1]
    P = factions.shape[0]
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
            record = False
            if s[LEGAL_N] > 1:
                r = next_rand(r)
                record = (r & 0xFFFF) < keep
            if record:
                observe(s, f, obs[g, k])
                fill_mask(s, masks[g, k])
                fac[g, k] = f
                vp_at[g, k] = s[VP + f]
                dec_at[g, k] = dec[p]
            a, r = choose(s, f, r, work[g])
            rng[g] = r
            if record:
                acts[g, k] = a
                votes[g, k, a] += 1
                for _ in range(n_votes - 1):
                    b, r = choose(s, f, r, work[g])
                    votes[g, k, b] += 1
                rng[g] = r
                k += 1
            dec[p] += 1
            apply(s, a)
        count[g] = k


def collect(factions, samples: int, seed: int = 0, keep: float = 0.5, votes: int = 1, max_turns: int = 300,
            rows: int = 8, threads: int = 1) -> dict:
    """About `samples` heuristic decisions with a choice, from heuristic games seated `factions`, each such
    decision kept with probability `keep` and asked of the heuristic `votes` times (the first answer is
    played; the heuristic decides by random lookahead, so the answers differ). Game ``(seed + row,
    episode)`` is seeded as the trainer's stepper seeds it. Returns arrays: ``obs``, ``masks``, ``acts``
    (the answer played), ``votes`` (each action's count of answers), ``faction`` (faction ids), ``vp_at``,
    ``dec_at``, ``outcome`` (+1 won, -1 lost, 0 truncated, ``UNFINISHED``), ``final_vp``, ``dec_total``."""
    check_count("samples", samples, 1, 1 << 40)
    check_count("rows", rows, 1, 1 << 20)
    check_count("threads", threads, 1, 1 << 10)
    check_count("votes", votes, 1, 127)
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
    counts = np.zeros((rows, cap, N_ACTIONS), np.int8)
    ints = {k: np.zeros((rows, cap), np.int64) for k in ("acts", "faction", "vp_at", "dec_at", "final_vp", "dec_total")}
    outcome = np.full((rows, cap), UNFINISHED, np.int64)
    count = np.zeros(rows, np.int64)
    keep16 = int(round(keep * 0x10000))

    def run(lo, hi):
        _collect_rows(lo, hi, states, base, episode, fids, max_turns, rng, work, keep16, votes, obs, masks,
                      ints["acts"], counts, ints["faction"], ints["vp_at"], ints["dec_at"], outcome, ints["final_vp"], ints["dec_total"],
                      count)
    t = time.perf_counter()
    for_slices(run, rows, threads, 1)
    out = {"obs": obs.reshape(-1, OBS_SIZE), "masks": masks.reshape(-1, N_ACTIONS),
           "votes": counts.reshape(-1, N_ACTIONS), "outcome": outcome.reshape(-1)}
    out.update({k: v.reshape(-1) for k, v in ints.items()})
    out["games"] = int(episode.sum())
    out["seconds"] = time.perf_counter() - t
    return out


def returns(data: dict, gamma: float, vp_reward: float) -> tuple[np.ndarray, np.ndarray]:
    """The critic's target for each decision (see the module doc) and whether it has one (its game ended)."""
    left = data["dec_total"] - data["dec_at"]
    ret = gamma ** left * data["outcome"] + vp_reward * (data["final_vp"] - data["vp_at"])
    has = data["outcome"] != UNFINISHED
    return np.where(has, ret, 0.0).astype(np.float32), has


def _losses(policy, obs, masks, acts, votes, ret, has):
    logits, value = policy(obs, masks)
    target = votes.float() / votes.sum(1, keepdim=True).float()
    ce = -(target * torch.log_softmax(logits, -1)).sum(1).mean()
    vl = 0.5 * (((value - ret) ** 2) * has).sum() / has.sum().clamp(min=1)
    agree = (logits.argmax(1) == acts).float().mean()
    return ce, vl, agree


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
    acts, votes = torch.as_tensor(data["acts"]), torch.as_tensor(data["votes"])
    ret_t, has_t = torch.as_tensor(ret), torch.as_tensor(has.astype(np.float32))
    n = len(acts)
    n_train = max(1, int(round(n * (1.0 - holdout))))
    policy.update_normalizer(obs[:n_train])
    opt = torch.optim.Adam(policy.parameters(), lr=lr, eps=1e-5)
    t0 = time.perf_counter()
    done_epochs = 0
    for _ in range(epochs):
        perm = torch.randperm(n_train, generator=gen)
        for s in range(0, n_train, batch):
            i = perm[s:s + batch]
            ce, vl, _ = _losses(policy, obs[i], masks[i], acts[i], votes[i], ret_t[i], has_t[i])
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
    """Cross-entropy, critic loss and agreement with the heuristic of `policy` on `data[rows]`."""
    ret, has = returns(data, gamma, vp_reward)
    sel = {k: torch.as_tensor(v[rows]) for k, v in (("obs", data["obs"]), ("masks", data["masks"]),
                                                     ("acts", data["acts"]), ("votes", data["votes"]), ("ret", ret),
                                                     ("has", has.astype(np.float32)))}
    if len(sel["acts"]) == 0:
        return {"holdout_ce": None, "holdout_value_loss": None, "agreement": None}
    with torch.no_grad():
        ce, vl, agree = _losses(policy, sel["obs"], sel["masks"], sel["acts"], sel["votes"], sel["ret"],
                                sel["has"])
    return {"holdout_ce": ce.item(), "holdout_value_loss": vl.item(), "agreement": agree.item()}

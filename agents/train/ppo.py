"""Masked PPO by self-play, fed directly by the compiled engine (``agents.train.stepper``).

One readable module in the CleanRL style. Every decision of a seat played by the learner is a sample;
seats played by frozen snapshots of the learner (the league), the heuristic or the random agent are
opponents. ``SeatBook`` gives each seat exactly its own rewards and bootstrap values.

    >>> from agents.train.ppo import Config, train
    >>> result = train(Config(factions=("marquise", "eyrie"), minutes=1, out="runs/try"))

Needs the ``train`` extra (torch).
"""
from __future__ import annotations

import contextlib
import csv
import dataclasses
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from root_env.codes import N_ACTIONS
from root_env.data import NF, FACTION_NAMES, IMPLEMENTED_FACTIONS
from root_env.layout import VERSION
from root_env.inputs import check_count, check_flag
from root_env.engine.observe import OBS_SIZE
from root_env.engine.batch import observe_batch
from agents.arena import KIND_RANDOM, KIND_HEURISTIC, KIND_HEURISTIC_V1, KIND_ISMCTS, KIND_VALUE, parse_kind, parse_spec, is_kind
from agents.train.stepper import Stepper, KIND_NET
from root_env.engine.threads import default_threads
from agents.train.seats import SeatBook
from agents.train.runlog import RunLog
from agents.train.shaping import potential
from agents.train.privileged import hidden, PRIV_SIZE
from agents.train.encoder import StructuredEncoder
from root_env import torch_threads

FORMAT = "root_env/ppo"
OPPONENT_KINDS = ("self", "league", "heuristic", "heuristic_v1", "random")
NETS = ("structured", "mlp")  # Config.net: the structured encoder (agents.train.encoder) or the old dense MLP
DEFAULT_NET = "mlp"  # the structured network did not learn as well per update in the A/B (docs/training.md)
COMPILED_OPPONENTS = {"heuristic": KIND_HEURISTIC, "heuristic_v1": KIND_HEURISTIC_V1, "random": KIND_RANDOM}


@dataclass
class Config:
    """Options of a training run (saved in every checkpoint)."""
    factions: tuple = ("marquise", "eyrie", "alliance", "vagabond")
    envs: int = 32                 # games stepped together
    steps: int = 64                # decisions per game per update
    minutes: float | None = None   # wall-clock budget; with `updates` too, the run stops at whichever comes first
    updates: int | None = None     # updates of this call (a resumed run counts from where it resumes)
                                   # (neither given: 60 minutes)
    lr: float = 2.5e-4
    gamma: float = 0.999           # per decision of the same seat
    lam: float = 0.95
    clip: float = 0.2
    epochs: int = 4
    minibatches: int = 4
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 256
    net: str = DEFAULT_NET         # "mlp" (2 x hidden MLPs) or "structured" (agents.train.encoder)
    fast: bool = True              # compact first layers (Net.compact_) and fused Adam; False: the arithmetic before them
    per_faction: bool = False      # one network per faction instead of one for all
    privileged_critic: bool = False  # the critic also sees the hidden state (agents.train.privileged); never the actor
    vp_reward: float = 0.0         # reward per VP scored (0: win/lose only)
    shaping: float = 0.0           # potential-based shaping by the heuristic's position score (agents.train.shaping)
    opponents: dict = field(default_factory=lambda: {"self": 0.5, "league": 0.2, "heuristic": 0.2, "random": 0.1})
    learner_weights: dict = field(default_factory=dict)  # how often each faction is the learner's seat (default 1)
    snapshot_win_rate: float = 0.6  # the learner joins the league when its recent win rate passes this
    league_size: int = 8
    prioritized: bool = False      # sample league members that beat the learner more often
    max_turns: int = 300
    seed: int = 0
    eval_games: int = 32           # games against heuristic opponents per evaluation (0: none)
    eval_every: int = 10           # updates between evaluations
    eval_greedy: bool = False      # the evaluation plays the likeliest action instead of sampling
    out: str = "runs/ppo"
    tensorboard: bool = True       # also log to out/tb/ when the tensorboard package is installed
    threads: int | None = None     # torch threads (None: the free cores, root_env.torch_threads.training_threads)
    # Behaviour-cloning warm start (agents.train.bc), inside the budget: 0 samples: none
    bc_samples: int = 0            # teacher decisions to imitate before PPO starts
    bc_teacher: str = "heuristic"  # or "heuristic_v1", or "ismcts:N": compiled search with N iterations (agents.ismcts)
    bc_votes: int = 4              # answers of the heuristic teacher per decision (its soft target)
    bc_keep: float = 0.25          # share of the heuristic games' decisions recorded
    bc_epochs: int = 2
    bc_lr: float = 1e-3
    bc_dagger: int = 0             # then the heuristic's answers at this many of the cloned policy's own decisions
    bc_coef: float = 0.0           # PPO penalty: KL(warm-started policy || learner) on the learner's samples
    bc_factions: tuple = ()        # keep only these factions' decisions (bc_samples of them); empty: every seat's

    def __post_init__(self):
        for f in self.factions:
            if f not in IMPLEMENTED_FACTIONS:
                raise ValueError(f"unknown or unimplemented faction {f!r}; implemented: {', '.join(IMPLEMENTED_FACTIONS)}")
        if len(set(self.factions)) != len(self.factions) or not 2 <= len(self.factions) <= len(IMPLEMENTED_FACTIONS):
            raise ValueError(f"factions: two to {len(IMPLEMENTED_FACTIONS)} different factions")
        extra = {kind: [k for k in self.opponents if k not in OPPONENT_KINDS and is_kind(k) and parse_kind(k)[0] == kind]
                 for kind in (KIND_ISMCTS, KIND_VALUE)}
        unknown = set(self.opponents) - set(OPPONENT_KINDS) - set(extra[KIND_ISMCTS]) - set(extra[KIND_VALUE])
        if unknown or not self.opponents or any(p < 0 for p in self.opponents.values()) \
                or sum(self.opponents.values()) <= 0 or max(len(v) for v in extra.values()) > 1:
            raise ValueError(f"opponents: weights >= 0 over {OPPONENT_KINDS}, at most one 'ismcts:N' and one "
                             f"'value[:PATH]', got {self.opponents}")
        probe = Stepper(1, np.array([0, 1], np.int64))  # refuses a time budget or a bad model file now, not later
        for k in extra[KIND_ISMCTS]:
            probe.set_ismcts(k)
        for k in extra[KIND_VALUE]:
            probe.set_value(k)
        if set(self.learner_weights) - set(self.factions) or any(
                not isinstance(v, (int, float)) or v <= 0 for v in self.learner_weights.values()):
            raise ValueError(f"learner_weights: weights > 0 for seated factions, got {self.learner_weights}")
        if self.net not in NETS:
            raise ValueError(f"net must be one of {NETS}, got {self.net!r}")
        if self.minutes is None and self.updates is None:
            self.minutes = 60.0
        if self.minutes is not None and (isinstance(self.minutes, bool) or not isinstance(self.minutes, (int, float))
                                         or not np.isfinite(self.minutes) or self.minutes <= 0):
            raise ValueError(f"minutes must be a finite number > 0 (or None), got {self.minutes!r}")
        if self.updates is not None:
            check_count("updates", self.updates, 1, 1 << 40)
        if self.threads is not None:
            check_count("threads", self.threads, 1, 1 << 16)
        for name in ("envs", "steps", "epochs", "minibatches", "hidden", "max_turns", "league_size",
                     "bc_votes", "bc_epochs"):
            check_count(name, getattr(self, name), 1, 1 << 30)  # the project's one check of a count
        check_count("bc_samples", self.bc_samples, 0, 1 << 40)
        check_count("bc_dagger", self.bc_dagger, 0, 1 << 40)
        kind, _, kw = parse_spec(self.bc_teacher)
        if kind not in (KIND_HEURISTIC, KIND_HEURISTIC_V1, KIND_ISMCTS) or kw.get("seconds"):
            raise ValueError(f"bc_teacher must be 'heuristic', 'heuristic_v1' or 'ismcts:N[:key=value,...]' (no time "
                             f"budget), got {self.bc_teacher!r}")
        self.bc_factions = tuple(self.bc_factions)
        if set(self.bc_factions) - set(self.factions):
            raise ValueError(f"bc_factions: seated factions, got {self.bc_factions}")
        if not 0.0 < self.bc_keep <= 1.0 or self.bc_coef < 0 or self.bc_lr <= 0:
            raise ValueError(f"bc_keep in (0, 1], bc_coef >= 0, bc_lr > 0; got {self.bc_keep}, {self.bc_coef}, "
                             f"{self.bc_lr}")
        if not (np.isfinite(self.shaping) and self.shaping >= 0 and np.isfinite(self.vp_reward) and self.vp_reward >= 0):
            raise ValueError(f"shaping and vp_reward: finite and >= 0, got {self.shaping}, {self.vp_reward}")
        self.tensorboard = check_flag("tensorboard", self.tensorboard)
        self.privileged_critic = check_flag("privileged_critic", self.privileged_critic)
        self.eval_greedy = check_flag("eval_greedy", self.eval_greedy)
        self.fast = check_flag("fast", self.fast)


class Net(nn.Module):
    """Actor and critic over a running-normalised observation. ``net="mlp"`` (the default): a 2 x `hidden` MLP each
    for actor and critic over the whole observation. ``net="structured"``: the structured encoder
    (``agents.train.encoder``: per-clearing, per-card, per-faction and global parts, mixed to `hidden` features), one
    for the actor and one for the critic, each followed by a `hidden` x `hidden` layer.
    A privileged critic (`privileged`) also reads the hidden features of the state (``agents.train.privileged``);
    the actor reads the observation only."""

    def __init__(self, hidden: int = 256, privileged: bool = False, net: str = DEFAULT_NET):
        super().__init__()
        if net not in NETS:
            raise ValueError(f"net must be one of {NETS}, got {net!r}")
        self.privileged, self.net = privileged, net
        self.register_buffer("mean", torch.zeros(OBS_SIZE))
        self.register_buffer("var", torch.ones(OBS_SIZE))
        self.register_buffer("count", torch.tensor(1e-4))
        priv = PRIV_SIZE if privileged else 0

        def mlp(n_in, out, layers=2):
            mods = [nn.Linear(n_in, hidden), nn.Tanh()]
            if layers == 2:
                mods += [nn.Linear(hidden, hidden), nn.Tanh()]
            return nn.Sequential(*mods, nn.Linear(hidden, out))
        if net == "mlp":
            self.encoder = None
            self.actor = mlp(OBS_SIZE, N_ACTIONS)
            self.critic = mlp(OBS_SIZE + priv, 1)
        else:
            self.encoder = StructuredEncoder(hidden)  # the actor's; the critic has its own, as in the MLP
            self.critic_encoder = StructuredEncoder(hidden)
            self.actor = mlp(hidden, N_ACTIONS, layers=1)
            self.critic = mlp(hidden + priv, 1, layers=1)
        self.compact = False  # the MLP's first layers over the changed columns only (``compact_``); not in the weights
        self.frozen_parts = None  # inside ``Policy.frozen``: what the compact first layers reuse between calls

    def update_normalizer(self, x: torch.Tensor) -> None:
        m, v, n = _moments(x)
        d, tot = m - self.mean, self.count + n
        self.mean += d * n / tot
        self.var = (self.var * self.count + v * n + d * d * self.count * n / tot) / tot
        self.count = tot

    def _norm(self, x):
        return ((x - self.mean) / torch.sqrt(self.var + 1e-8)).clamp(-10, 10)

    def prepare(self, x):
        """What the layers read: the normalised observation (reordered part by part for the structured encoder).
        Depends on the normaliser only, so the PPO update prepares a rollout once for all its minibatches."""
        if self._compacts():
            return self._compact_rows(x)  # only the columns the compact first layers read (``_compact_head``)
        z = self._norm(x)
        return z if self.encoder is None else self.encoder.gather(z)

    def forward(self, x, mask, priv=None):
        """(masked logits, value). A privileged critic needs `priv` (the rows' hidden features); without
        them its value is None (the actor alone)."""
        return self.head(self.prepare(x), mask, priv)

    def head(self, z, mask, priv=None, value=True):
        """``forward`` of prepared rows (``prepare``); ``value=False``: the logits alone (value None)."""
        if self._compacts():
            return self._compact_head(z, mask, value)
        za = z if self.encoder is None else self.encoder.body(z)
        logits = self.actor(za).masked_fill(mask == 0, -1e9)
        if (self.privileged and priv is None) or not value:
            return logits, None
        zc = z if self.encoder is None else self.critic_encoder.body(z)
        if self.privileged:
            zc = torch.cat([zc, torch.as_tensor(priv)], 1)
        return logits, self.critic(zc).squeeze(-1)

    def compact_(self, on: bool = True) -> "Net":
        """Compute the MLP's first layers over the columns that change (below): the same function as the dense
        layers, to float rounding, at a fraction of the arithmetic. The trainer turns it on for the networks it
        trains and plays; a loaded checkpoint (``load``) stays dense, so it plays bit for bit as it did."""
        self.compact = bool(on)
        return self

    def _compacts(self) -> bool:
        """Whether ``prepare`` and ``head`` take the compact path (the MLP without a privileged critic)."""
        return self.compact and self.encoder is None and not self.privileged

    def _compact_rows(self, x) -> "CompactRows":
        """Rows x for the compact first layers: the columns where some row is not 0, normalised, less what a 0
        normalises to (``_compact_head``). Depends on the normaliser only, like ``prepare``."""
        cols = (x.abs().amax(0) > 0).nonzero().squeeze(1)
        std, z0 = self._frozen("z0", lambda: self._z0())
        xc = x.index_select(1, cols)
        return CompactRows(cols, ((xc - self.mean[cols]) / std[cols]).clamp(-10, 10) - z0[cols], z0)

    def _z0(self):
        std = torch.sqrt(self.var + 1e-8)
        return std, ((0.0 - self.mean) / std).clamp(-10, 10)  # what ``_norm`` makes of a 0

    def _frozen(self, key, make):
        """make(), kept for later calls inside ``Policy.frozen`` without gradients (the weights and the normaliser
        cannot change there); otherwise computed each call."""
        if self.frozen_parts is None or torch.is_grad_enabled():
            return make()
        if key not in self.frozen_parts:
            self.frozen_parts[key] = make()
        return self.frozen_parts[key]

    def _compact_head(self, x, mask, value=True):
        """The MLP over raw rows x (or rows made by ``_compact_rows``), its first layers computed on the columns where
        some row is not 0. An entry that is 0 normalises to the same z0 in every row, so with z the normalised rows
        ``W z + b = (W z0 + b) + W[:, cols] (z - z0)[:, cols]``: exact, and about a quarter of the observation's
        columns are non-zero anywhere in a rollout of the base game (about 240 entries of a row are non-zero);
        only those columns are normalised. The PPO update prepares its rollout's rows once (``prepare``) and
        gathers each minibatch from them: the columns of the whole rollout, a superset of the minibatch's, the same
        function."""
        rows = x if isinstance(x, CompactRows) else self._compact_rows(x)

        def first(layer):
            if self.frozen_parts is not None and not torch.is_grad_enabled():  # W^T's rows: a contiguous gather
                wt, c = self._frozen(id(layer), lambda: (layer.weight.t().contiguous(),
                                                         F.linear(rows.z0, layer.weight, layer.bias)))
                return torch.addmm(c, rows.dc, wt.index_select(0, rows.cols))
            return F.linear(rows.dc, layer.weight.index_select(1, rows.cols)) + F.linear(rows.z0, layer.weight,
                                                                                         layer.bias)
        logits = _after_first(self.actor, first(self.actor[0])).masked_fill(mask == 0, -1e9)
        if not value:
            return logits, None
        return logits, _after_first(self.critic, first(self.critic[0])).squeeze(-1)


def _after_first(seq: nn.Sequential, h):
    """``seq[1:](h)`` without building a new Sequential at every call."""
    for i, layer in enumerate(seq):
        if i:
            h = layer(h)
    return h


@dataclass
class CompactRows:
    """Observation rows prepared for ``Net._compact_head``: `cols`, the columns where some row is not 0; `dc`, those
    columns normalised less `z0[cols]`; `z0`, what the normaliser makes of a 0 (every column). ``rows.take(i)``:
    rows i (the same columns)."""
    cols: torch.Tensor
    dc: torch.Tensor
    z0: torch.Tensor

    def take(self, i: torch.Tensor) -> "CompactRows":
        return CompactRows(self.cols, self.dc.index_select(0, i), self.z0)


def take(rows, i: torch.Tensor):
    """Rows i of a tensor or of ``CompactRows`` (``index_select``: several times faster than ``x[i]`` on the CPU)."""
    return rows.take(i) if isinstance(rows, CompactRows) else rows.index_select(0, i)


def _moments(x: torch.Tensor):
    """(mean, variance, rows) of x over its rows, computed on the columns that are not 0 everywhere (the others'
    are exactly 0): the normaliser's statistics of a rollout, without torch's slow ``var`` over a sparse batch."""
    n = x.shape[0]
    cols = (x.abs().amax(0) > 0).nonzero().squeeze(1)
    xc = x.index_select(1, cols)
    mc = xc.mean(0)
    d = xc - mc
    m, v = torch.zeros(x.shape[1], dtype=x.dtype), torch.zeros(x.shape[1], dtype=x.dtype)
    m[cols], v[cols] = mc, (d * d).mean(0)
    return m, v, n


class Policy(nn.Module):
    """One shared network, or one per faction (chosen by the observation's viewer field)."""

    def __init__(self, hidden: int = 256, per_faction: bool = False, privileged: bool = False, net: str = DEFAULT_NET):
        super().__init__()
        self.per_faction, self.privileged = per_faction, privileged
        self.nets = nn.ModuleList([Net(hidden, privileged, net) for _ in range(NF if per_faction else 1)])

    def forward(self, x, mask, priv=None, value=True):
        """(masked logits, values); ``value=False``: the logits alone (values None)."""
        if not self.per_faction:
            return self.nets[0].head(self.nets[0].prepare(x), mask, priv, value)
        who = x[:, :NF].argmax(1)  # the observation's first field is the viewer, one-hot
        logits = torch.zeros(x.shape[0], N_ACTIONS)
        values = None if (self.privileged and priv is None) or not value else torch.zeros(x.shape[0])
        priv = None if priv is None else torch.as_tensor(priv)
        for f in torch.unique(who).tolist():
            rows = who == f
            net = self.nets[f]
            logits[rows], v = net.head(net.prepare(x[rows]), mask[rows], None if priv is None else priv[rows], value)
            if values is not None:
                values[rows] = v
        return logits, values

    @contextlib.contextmanager
    def frozen(self):
        """Inside, the weights and the normaliser stay as they are (the rollout, an evaluation): calls without
        gradients keep what depends on them alone (W^T and W z0 + b of the compact first layers, ``Net._frozen``)
        instead of computing it at every call. The same function, to float rounding."""
        for net in self.nets:
            net.frozen_parts = {}
        try:
            yield self
        finally:
            for net in self.nets:
                net.frozen_parts = None

    def compact_(self, on: bool = True) -> "Policy":
        """``Net.compact_`` for every network (the trainer's speed; the weights and the function are unchanged)."""
        for net in self.nets:
            net.compact_(on)
        return self

    def prepare(self, x):
        """Rows prepared for ``forward_prepared`` (one network: ``Net.prepare``; one per faction: the rows as they
        are, each network prepares its own)."""
        return x if self.per_faction else self.nets[0].prepare(x)

    def forward_prepared(self, z, mask, priv=None):
        """``forward`` of rows made by ``prepare``."""
        return self.forward(z, mask, priv) if self.per_faction else self.nets[0].head(z, mask, priv)

    def update_normalizer(self, x):
        who = x[:, :NF].argmax(1)
        for f, net in enumerate(self.nets):
            rows = x if not self.per_faction else x[who == f]
            if rows.shape[0] > 1:
                net.update_normalizer(rows)


def new_policy(cfg: Config) -> Policy:
    """An untrained policy shaped as `cfg` asks (network, hidden size, per faction, privileged critic), its MLP's first
    layers computed compactly with ``cfg.fast`` (``Policy.compact_``: the trainer's networks, the learner, its league
    and its anchor)."""
    return Policy(cfg.hidden, cfg.per_faction, cfg.privileged_critic, cfg.net).compact_(cfg.fast)


def draw(probs: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """One action per row of `probs` (rows summing to 1), by the inverse of the cumulative distribution (one
    uniform number per row: faster than ``torch.multinomial`` for these small batches). Never an action of
    probability 0."""
    u = torch.rand(probs.shape[0], 1, generator=gen, dtype=probs.dtype)
    cdf = probs.cumsum(-1)
    a = (cdf <= u * cdf[:, -1:]).sum(-1)
    # a row's uniform at the very top of the last legal action's interval: step back to a legal action
    a = a.clamp_(max=probs.shape[1] - 1)
    bad = probs.gather(1, a[:, None]).squeeze(1) <= 0
    if bad.any():
        a[bad] = probs[bad].argmax(-1)
    return a


def sample(policy, obs, masks, gen, priv=None):
    """Sample actions (and their log-probabilities and values) for rows of obs/masks (and, for a privileged
    critic's values, the rows' hidden features; without them the values are None)."""
    with torch.no_grad():
        logits, value = policy(torch.as_tensor(obs), torch.as_tensor(masks), priv)
        probs = torch.softmax(logits, -1)
        a = draw(probs, gen)
        logp = torch.log(probs.gather(1, a[:, None]).squeeze(1) + 1e-12)
    return a.numpy(), logp.numpy(), None if value is None else value.numpy()


class PPOAgent:
    """A trained policy behind the project's policy protocol: ``act(observation, action_mask)`` and
    ``act_batch(observations, masks)``. Samples from the policy (``greedy=True``: the likeliest)."""

    def __init__(self, policy: Policy, seed: int = 0, greedy: bool = False):
        self.policy = policy.eval()
        self.greedy = greedy
        self.gen = torch.Generator().manual_seed(seed)

    def act_batch(self, observations, masks) -> np.ndarray:
        obs = np.asarray(observations, np.float32).reshape(-1, OBS_SIZE)
        m = np.asarray(masks).reshape(-1, N_ACTIONS)
        if not (m != 0).any(axis=1).all():
            raise ValueError("every action mask needs at least one legal action")
        if self.greedy:
            with torch.no_grad():
                logits, _ = self.policy(torch.as_tensor(obs), torch.as_tensor(m))
            return logits.argmax(1).numpy()
        return sample(self.policy, obs, m, self.gen)[0]

    def act(self, observation, action_mask=None) -> int:
        if isinstance(observation, dict):
            observation, action_mask = observation["observation"], observation["action_mask"]
        return int(self.act_batch(observation[None], np.asarray(action_mask)[None])[0])


def load(path, seed: int = 0, greedy: bool = False) -> PPOAgent:
    """A PPOAgent from a checkpoint written by ``train`` (loaded with ``weights_only``: no code runs)."""
    ck = torch.load(path, map_location="cpu", weights_only=True)
    if not isinstance(ck, dict) or ck.get("format") != FORMAT:
        raise ValueError(f"{path}: not a root_env PPO checkpoint")
    if ck.get("env_version") != VERSION or ck.get("obs_size") != OBS_SIZE or ck.get("n_actions") != N_ACTIONS:
        raise ValueError(f"{path}: trained for another environment version (observation {ck.get('obs_size')}, "
                         f"actions {ck.get('n_actions')}, version {ck.get('env_version')})")
    cfg = ck["config"]
    # A checkpoint from before Config.net has the old network ("mlp").
    policy = Policy(cfg["hidden"], cfg["per_faction"], bool(cfg.get("privileged_critic", False)), cfg.get("net", "mlp"))
    policy.load_state_dict(ck["model"])
    torch_threads.for_inference()
    return PPOAgent(policy, seed, greedy)


# ----------------------------------------------------------------------------------- self-play
class _League:
    """Frozen snapshots of the learner, with each one's record against it."""

    def __init__(self, cfg: Config):
        self.cfg, self.members, self.wins, self.games = cfg, [], [], []

    def add(self, policy: Policy) -> None:
        snap = new_policy(self.cfg)
        snap.load_state_dict(policy.state_dict())
        self.members.append(snap.eval())
        self.wins.append(1.0)
        self.games.append(2.0)
        if len(self.members) > self.cfg.league_size:
            for lst in (self.members, self.wins, self.games):
                lst.pop(0)

    def pick(self, rng) -> int:
        if not self.cfg.prioritized:
            return int(rng.integers(len(self.members)))
        w = np.array(self.wins) / np.array(self.games)  # how often each beats the learner
        return int(rng.choice(len(self.members), p=(w + 0.05) / (w + 0.05).sum()))


class SelfPlay:
    """Chooses who plays each seat of each game, and collects rollouts for the learner."""

    NET_LEARNER = 0  # policy_of codes: 0 learner, k >= 1 league member k - 1, -1 compiled agent

    def __init__(self, cfg: Config, policy: Policy, rng: np.random.Generator, gen: torch.Generator):
        self.cfg, self.policy, self.rng, self.gen = cfg, policy, rng, gen
        self.fids = np.array([FACTION_NAMES.index(f) for f in cfg.factions], np.int64)
        self.P = len(self.fids)
        self.league = _League(cfg)
        self.kind_names = list(cfg.opponents)
        w = np.array([cfg.opponents[k] for k in self.kind_names], np.float64)
        self.kind_p = w / w.sum()
        lw = np.array([cfg.learner_weights.get(f, 1.0) for f in cfg.factions], np.float64)
        self.learner_p = None if (lw == 1.0).all() else lw / lw.sum()
        self.stepper = Stepper(cfg.envs, self.fids, cfg.max_turns)
        # An ISMCTS opponent ("ismcts:N" among cfg.opponents) searches with its faction's options (agents.ismcts); a
        # value opponent ("value" or "value:PATH") plays the learned value model (agents.value_agent).
        self.extra = {k: parse_kind(k)[0] for k in cfg.opponents if k not in OPPONENT_KINDS}
        for k, kind in self.extra.items():
            (self.stepper.set_ismcts if kind == KIND_ISMCTS else self.stepper.set_value)(k)
        self.recent = []  # 1/0 wins of the guaranteed learner seat, latest games
        self.env_seconds = 0.0  # time inside the compiled engine (stepping and opponents' moves)

    def _draw(self):
        """One game's seats: one learner seat at random (cfg.learner_weights), the others from the opponent mix."""
        policy_of = np.zeros(self.P, np.int64)
        kinds = np.full(self.P, KIND_NET, np.int64)
        learner = int(self.rng.integers(self.P)) if self.learner_p is None else \
            int(self.rng.choice(self.P, p=self.learner_p))
        for p in range(self.P):
            if p == learner:
                continue
            k = self.kind_names[int(self.rng.choice(len(self.kind_names), p=self.kind_p))]
            if k == "league" and self.league.members:
                policy_of[p] = 1 + self.league.pick(self.rng)
            elif k in COMPILED_OPPONENTS or k in self.extra:
                policy_of[p] = -1
                kinds[p] = COMPILED_OPPONENTS[k] if k in COMPILED_OPPONENTS else self.extra[k]
        return policy_of, kinds, learner

    def reset(self, seed: int) -> None:
        n = self.cfg.envs
        self.policy_of = np.zeros((n, self.P), np.int64)
        self.learner = np.zeros(n, np.int64)
        self.next = [self._draw() for _ in range(n)]
        now = [self._draw() for _ in range(n)]
        kinds = np.stack([k for _, k, _ in now])
        for g, (po, _, ls) in enumerate(now):
            self.policy_of[g], self.learner[g] = po, ls
        self.last_vp = np.zeros((n, self.P), np.int64)
        self.last_phi = np.zeros((n, self.P), np.float64)
        self.stepper.reset(seed, kinds)
        for g, (_, k, _) in enumerate(self.next):
            self.stepper.next_kinds[g] = k

    def values_of_views(self) -> np.ndarray:
        """The learner's value of every seat's view of every game now (bootstrap at rollout end)."""
        st = self.stepper
        out = np.zeros((st.n, self.P), np.float32)
        obs = np.zeros((st.n, OBS_SIZE), np.float32)
        masks = torch.ones(st.n, N_ACTIONS, dtype=torch.int8)
        priv = self._hidden(st.states)  # the hidden part is the same whoever views
        for p in range(self.P):
            observe_batch(st.states, np.full(st.n, self.fids[p], np.int64), obs)
            with torch.no_grad():
                out[:, p] = self.policy(torch.as_tensor(obs), masks, priv)[1].numpy()
        return out

    def _hidden(self, states):
        """The privileged critic's hidden features of rows of states (None without one)."""
        return hidden(states) if self.cfg.privileged_critic else None

    def rollout(self, stats: dict):
        """One rollout of cfg.steps decisions per game (``_rollout``), the networks' weights frozen meanwhile."""
        with contextlib.ExitStack() as stack:
            for net in [self.policy, *self.league.members]:
                stack.enter_context(net.frozen())
            return self._rollout(stats)

    def _rollout(self, stats: dict):
        cfg, st, P = self.cfg, self.stepper, self.P
        book = SeatBook(st.n, P)
        obs_l, mask_l, act_l, logp_l, priv_l = [], [], [], [], []
        for _ in range(cfg.steps):
            seat = st.seat.copy()
            who = self.policy_of[np.arange(st.n), seat]
            actions = np.zeros(st.n, np.int64)
            for code in np.unique(who):
                rows = np.flatnonzero(who == code)
                learner = code == self.NET_LEARNER
                net = self.policy if learner else self.league.members[code - 1]
                priv = self._hidden(st.states[rows]) if learner else None
                a, logp, v = sample(net, st.obs[rows], st.masks[rows], self.gen, priv)
                actions[rows] = a
                if not learner:
                    continue
                phi = self._potentials(rows, seat[rows])
                credit = bool(cfg.vp_reward or cfg.shaping)  # otherwise a seat earns nothing between decisions
                for g, p, v_g, phi_g in zip(rows.tolist(), seat[rows].tolist(), v.tolist(), phi.tolist()):
                    if credit:
                        self._credit(book, g, p, phi_g)
                    book.record(g, p, v_g)
                obs_l.append(st.obs[rows])  # rows by an index array: already copies
                mask_l.append(st.masks[rows])
                act_l.append(a)
                logp_l.append(logp)
                if priv is not None:
                    priv_l.append(priv)
            t = time.perf_counter()
            st.step(actions)
            self.env_seconds += time.perf_counter() - t
            for g in np.flatnonzero(st.ended):
                self._game_ended(g, book, stats)
        games, seats = np.nonzero(book.open >= 0)  # what each open seat earned until the rollout's end
        for g, p, phi in zip(games, seats, self._potentials(games, seats)):
            self._credit(book, g, p, phi)
        book.close(self.values_of_views())
        return (book, np.concatenate(obs_l), np.concatenate(mask_l), np.concatenate(act_l), np.concatenate(logp_l),
                np.concatenate(priv_l) if priv_l else None)

    def _potentials(self, rows, seats) -> np.ndarray:
        """The shaping potential of games `rows` for the seats `seats` (zeros when shaping is off)."""
        if not self.cfg.shaping:
            return np.zeros(len(rows))
        return potential(self.stepper.states[rows], self.fids[seats])

    def _credit(self, book, g, p, phi) -> None:
        """Give seat p of game g's last decision what the seat earned since: the VP it scored
        (cfg.vp_reward) and the shaping gamma * phi - phi_before (cfg.shaping), phi its potential now."""
        cfg, st = self.cfg, self.stepper
        r = 0.0
        if cfg.vp_reward:
            r += cfg.vp_reward * (st.vp[g, p] - self.last_vp[g, p])
            self.last_vp[g, p] = st.vp[g, p]
        if cfg.shaping:
            r += cfg.shaping * (cfg.gamma * phi - self.last_phi[g, p])
            self.last_phi[g, p] = phi
        book.add_reward(g, p, r)

    def _game_ended(self, g, book, stats):
        st, P = self.stepper, self.P
        trunc = bool(st.truncated[g])
        won = np.array([(st.winners[g] >> f) & 1 for f in self.fids], bool)
        rewards = np.zeros(P) if trunc else np.where(won, 1.0, -1.0)
        if self.cfg.vp_reward:
            rewards = rewards + self.cfg.vp_reward * (st.final_vp[g] - self.last_vp[g])
        rewards = rewards - self.cfg.shaping * self.last_phi[g]  # the potential of an ended game is 0
        boot = None
        if trunc:
            priv = None if not self.cfg.privileged_critic else np.repeat(st.final_hidden[g][None], P, 0)
            with torch.no_grad():
                boot = self.policy(torch.as_tensor(st.final_obs[g]), torch.ones(P, N_ACTIONS, dtype=torch.int8),
                                   priv)[1]
            boot = boot.numpy()
        book.end_game(g, rewards, trunc, boot)
        ls = self.learner[g]
        self.recent = (self.recent + [float(won[ls])])[-200:]
        stats["games"] += 1
        stats["truncated"] += int(trunc)
        for p in range(P):  # the league's record against the learner
            code = self.policy_of[g, p]
            if code >= 1 and code - 1 < len(self.league.members):
                self.league.games[code - 1] += 1
                self.league.wins[code - 1] += float(won[p])
        self.policy_of[g], _, self.learner[g] = self.next[g]
        self.last_vp[g] = 0
        self.last_phi[g] = 0.0
        self.next[g] = self._draw()
        st.next_kinds[g] = self.next[g][1]


def evaluate(policy: Policy, factions, games: int, seed: int, opponent: int = KIND_HEURISTIC,
             max_turns: int = 300, greedy: bool = False) -> dict:
    """Win rate of `policy` (sampling, or its likeliest action if `greedy`) in each seat against compiled
    opponents (seats rotated: game g puts the policy in seat g % len(factions)). Returns {faction: (wins, games)}."""
    fids = np.array([FACTION_NAMES.index(f) for f in factions], np.int64)
    P = len(fids)
    st = Stepper(games, fids, max_turns)
    kinds = np.full((games, P), opponent, np.int64)
    kinds[np.arange(games), np.arange(games) % P] = KIND_NET
    st.reset(seed, kinds)
    agent = PPOAgent(policy, seed, greedy)
    done = np.zeros(games, bool)
    result = {f: [0, 0] for f in factions}
    with policy.frozen():
        while not done.all():
            st.step(agent.act_batch(st.obs, st.masks))
            for g in np.flatnonzero(st.ended & ~done):
                done[g] = True
                p = g % P
                result[factions[p]][1] += 1
                result[factions[p]][0] += int((st.winners[g] >> fids[p]) & 1)
    return {f: tuple(v) for f, v in result.items()}


# ----------------------------------------------------------------------------------- training
def _ppo_update(cfg, policy, opt, obs, masks, acts, logp_old, adv, ret, gen, anchor=None, priv=None):
    """CleanRL's clipped PPO loss, plus cfg.bc_coef times KL(anchor || policy) when an anchor (the
    warm-started policy, frozen) is given. `priv`: the samples' hidden features for a privileged critic."""
    n = len(acts)
    obs_t, mask_t = torch.as_tensor(obs), torch.as_tensor(masks) != 0
    priv_t = None if priv is None else torch.as_tensor(priv)
    with torch.no_grad():
        prep = policy.prepare(obs_t)  # normalised (and reordered) once for every minibatch
    anchor_lp = None
    if anchor is not None and cfg.bc_coef > 0:
        with torch.no_grad():
            anchor_lp = torch.log_softmax(anchor(obs_t, mask_t, value=False)[0], -1)  # its actor only
    acts_t, logp_t = torch.as_tensor(acts), torch.as_tensor(logp_old)
    adv_t, ret_t = torch.as_tensor(adv), torch.as_tensor(ret)
    mb = max(1, n // cfg.minibatches)
    losses = []
    for _ in range(cfg.epochs):
        perm = torch.randperm(n, generator=gen)
        for s in range(0, n, mb):
            i = perm[s:s + mb]
            mask_i = mask_t.index_select(0, i)
            logits, value = policy.forward_prepared(take(prep, i), mask_i, None if priv_t is None else priv_t[i])
            logp_all = torch.log_softmax(logits, -1)
            logp = logp_all.gather(1, acts_t[i][:, None]).squeeze(1)
            ratio = torch.exp(logp - logp_t[i])
            a = adv_t[i]
            a = (a - a.mean()) / (a.std() + 1e-8) if len(i) > 1 else a
            pg = torch.max(-a * ratio, -a * ratio.clamp(1 - cfg.clip, 1 + cfg.clip)).mean()
            p = torch.softmax(logits, -1)
            ent = -(p * logp_all.masked_fill(~mask_i, 0.0)).sum(-1).mean()
            vl = 0.5 * ((value - ret_t[i]) ** 2).mean()
            loss = pg - cfg.ent_coef * ent + cfg.vf_coef * vl
            if anchor_lp is not None:
                q = anchor_lp.index_select(0, i)
                loss = loss + cfg.bc_coef * (q.exp() * (q - logp_all)).sum(-1).mean()
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), cfg.max_grad_norm)
            opt.step()
            losses.append((pg.item(), vl.item(), ent.item()))
    return np.mean(losses, axis=0)


def _save(path, cfg, policy, opt, update, steps, sp, gen, elapsed, anchor=None, bc_stats=None, cpu_seconds=0.0):
    torch.save({"anchor": None if anchor is None else anchor.state_dict(), "bc": json.dumps(bc_stats),
                "format": FORMAT, "config": dataclasses.asdict(cfg), "env_version": VERSION, "obs_size": OBS_SIZE,
                "n_actions": N_ACTIONS, "model": policy.state_dict(), "optimizer": opt.state_dict(),
                "update": update, "steps": steps, "elapsed": elapsed, "cpu_seconds": cpu_seconds,
                "league": [m.state_dict() for m in sp.league.members],
                "league_record": [sp.league.wins, sp.league.games],
                "numpy_rng": json.dumps(sp.rng.bit_generator.state), "torch_rng": gen.get_state()}, path)


def _frozen(cfg: Config, state_dict) -> Policy:
    """A frozen copy of a policy's weights (the warm start's anchor)."""
    snap = new_policy(cfg)
    snap.load_state_dict(state_dict)
    return snap.eval().requires_grad_(False)


BC_ROUND = 100_000  # decisions of every seat recorded per round when the warm start keeps some factions only


def _teacher_data(cfg: Config) -> dict:
    """The warm start's teacher decisions: ``cfg.bc_samples`` of every seat, or with ``cfg.bc_factions`` that many
    of those factions' seats only, gathered in rounds of ``BC_ROUND`` decisions (fewer for a small warm start; round
    r's games seeded from ``cfg.seed + r * 7919``) so that the learner's network gets all of them and memory holds one round at a time."""
    from agents.train import bc
    kw = dict(keep=cfg.bc_keep, votes=cfg.bc_votes, max_turns=cfg.max_turns, threads=default_threads(),
              teacher=cfg.bc_teacher)
    if not cfg.bc_factions:
        return bc.collect(cfg.factions, cfg.bc_samples, seed=cfg.seed, **kw)
    wanted = np.array([FACTION_NAMES.index(f) for f in cfg.bc_factions], np.int64)
    parts, have, r = [], 0, 0
    while have < cfg.bc_samples:
        size = min(BC_ROUND, 2 * cfg.bc_samples * len(cfg.factions))
        d = bc.collect(cfg.factions, size, seed=cfg.seed + r * 7919, **kw)
        rows = np.isin(d["faction"], wanted) & (d["masks"].sum(1) > 0)
        parts.append({k: (v[rows] if isinstance(v, np.ndarray) else v) for k, v in d.items()})
        have += int(rows.sum())
        r += 1
    data = bc.concat(*parts)
    return {k: (v[:cfg.bc_samples] if isinstance(v, np.ndarray) else v) for k, v in data.items()}


def _warm_start(cfg: Config, policy: Policy) -> dict:
    """Behaviour cloning of the heuristic (agents.train.bc) before PPO; returns its figures."""
    from agents.train import bc
    data = _teacher_data(cfg)
    kw = dict(lr=cfg.bc_lr, vf_coef=cfg.vf_coef, gamma=cfg.gamma, vp_reward=cfg.vp_reward, seed=cfg.seed)
    res = bc.fit(policy, data, epochs=cfg.bc_epochs, **kw)
    dagger, first = 0, res
    if cfg.bc_dagger:  # one DAgger round: label the cloned policy's own decisions, fit once more on everything
        more = bc.collect_on_policy(policy, cfg.factions, cfg.bc_dagger, seed=cfg.seed, votes=cfg.bc_votes,
                                    max_turns=cfg.max_turns, version=1 if cfg.bc_teacher == "heuristic_v1" else 2)
        dagger = len(more["acts"])
        data = bc.concat(data, more)
        res = bc.fit(policy, data, epochs=1, **kw)
        res["seconds"] += first["seconds"]
        res["agreement_before_dagger"] = first["agreement"]
    return dict(res, samples=len(data["acts"]), dagger_samples=dagger, games=data["games"],
                collect_seconds=data["seconds"])


def adam(params, lr: float, fused: bool = True) -> torch.optim.Adam:
    """The trainer's Adam: the fused kernel (one pass over each parameter: 3-4 times faster on the CPU than the default
    loop over tensors, the same update to float rounding); ``fused=False``: torch's default."""
    return torch.optim.Adam(params, lr=lr, eps=1e-5, fused=True if fused else None)


def budget_spent(cfg: Config, updates: int, seconds: float) -> bool:
    """Whether a run that made `updates` updates in `seconds` has spent its budget: ``cfg.updates`` updates or
    ``cfg.minutes`` minutes, whichever comes first (a budget that is None does not count)."""
    return (cfg.updates is not None and updates >= cfg.updates) or \
        (cfg.minutes is not None and seconds >= cfg.minutes * 60)


def train(cfg: Config, resume: str | None = None, progress: bool = False) -> dict:
    """Train by self-play; writes ``last.pt``, ``log.csv``, ``learning_curve.png`` and (cfg.tensorboard, with
    tensorboard installed) TensorBoard event files in ``tb/`` under cfg.out.
    Stops after ``cfg.updates`` updates or ``cfg.minutes`` minutes, whichever comes first. Returns a summary:
    updates (in all, and of this call), decisions, wall and CPU seconds (of this call, and in all over resumed
    calls), torch threads, network, games, last evaluation, checkpoint."""
    threads = torch_threads.for_training(cfg.threads)
    torch.manual_seed(cfg.seed)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    policy = new_policy(cfg)
    opt = adam(policy.parameters(), cfg.lr, cfg.fast)
    gen = torch.Generator().manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)
    sp = SelfPlay(cfg, policy, rng, gen)
    update, steps, elapsed0, cpu0 = 0, 0, 0.0, 0.0
    anchor, bc_stats = None, None
    t0 = time.perf_counter()  # the budget counts the warm start too
    c0 = time.process_time()  # CPU seconds of the process, every thread
    if resume:
        ck = torch.load(resume, map_location="cpu", weights_only=True)
        if ck.get("format") != FORMAT:
            raise ValueError(f"{resume}: not a root_env PPO checkpoint")
        ck_net = ck["config"].get("net", "mlp")  # a checkpoint from before Config.net has the old network
        if ck_net != cfg.net:
            raise ValueError(f"{resume}: a checkpoint of the {ck_net!r} network; resume it with net={ck_net!r}")
        policy.load_state_dict(ck["model"])
        opt.load_state_dict(ck["optimizer"])
        for group in opt.param_groups:  # a checkpoint's options include its kernel: resume with the fused one
            group["fused"], group["foreach"] = (True if cfg.fast else None), None
        update, steps, elapsed0 = ck["update"], ck["steps"], ck["elapsed"]
        cpu0 = float(ck.get("cpu_seconds", 0.0))
        for sd in ck["league"]:
            snap = new_policy(cfg)
            snap.load_state_dict(sd)
            sp.league.members.append(snap.eval())
        sp.league.wins, sp.league.games = [list(x) for x in ck["league_record"]]
        rng.bit_generator.state = json.loads(ck["numpy_rng"])
        gen.set_state(ck["torch_rng"])
        bc_stats = json.loads(ck.get("bc") or "null")
        if ck.get("anchor") is not None:
            anchor = _frozen(cfg, ck["anchor"])
    elif cfg.bc_samples:
        bc_stats = _warm_start(cfg, policy)
        anchor = _frozen(cfg, policy.state_dict()) if cfg.bc_coef > 0 else None
    sp.reset(cfg.seed * 1_000_003 + update * cfg.envs)
    stats = {"games": 0, "truncated": 0}
    run_log = RunLog(out, bool(resume), steps, cfg.tensorboard, cfg.factions)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=cfg.updates or int(cfg.minutes * 60), unit="upd" if cfg.updates else "s")  # updates if given
    last_eval = None
    first = update
    try:  # the logs are closed however the loop ends (an interrupt included)
        while True:
            if budget_spent(cfg, update - first, time.perf_counter() - t0):
                break
            t_roll = time.perf_counter()
            env_before = sp.env_seconds
            book, obs, masks, acts, logp, priv = sp.rollout(stats)
            adv, ret = book.advantages(cfg.gamma, cfg.lam)
            policy.update_normalizer(torch.as_tensor(obs))
            pl, vl, ent = _ppo_update(cfg, policy, opt, obs, masks, acts, logp, adv, ret, gen, anchor, priv)
            update += 1
            steps += len(acts)
            wr = float(np.mean(sp.recent)) if sp.recent else float("nan")
            if len(sp.recent) >= 50 and wr >= cfg.snapshot_win_rate:
                sp.league.add(policy)  # Self-play league: the learner joins when it wins often enough
                sp.recent = []
            ev, ev_by = None, {}
            if cfg.eval_games and update % cfg.eval_every == 0:
                res = evaluate(policy, cfg.factions, cfg.eval_games, seed=10_000_019 + update, max_turns=cfg.max_turns,
                               greedy=cfg.eval_greedy)
                ev = last_eval = sum(w for w, _ in res.values()) / max(1, sum(n for _, n in res.values()))
                ev_by = {f"eval_{f}": w / n for f, (w, n) in res.items() if n}
            dt = time.perf_counter() - t0
            t_upd = time.perf_counter() - t_roll
            cpu = time.process_time() - c0 + cpu0
            run_log.write({"update": update, "decisions": steps, "seconds": dt + elapsed0, "cpu_seconds": cpu,
                           "decisions_per_s": len(acts) / t_upd, "env_share": (sp.env_seconds - env_before) / t_upd,
                           "games": stats["games"], "win_rate_recent": wr, "league": len(sp.league.members),
                           "policy_loss": pl, "value_loss": vl, "entropy": ent, "eval_win_rate": ev, **ev_by})
            if bar is not None:
                bar.update(1 if cfg.updates else int(time.perf_counter() - t0) - bar.n)
                bar.set_postfix(dec_s=f"{steps / max(dt, 1e-9):.0f}", win=f"{wr:.2f}", league=len(sp.league.members))
            _save(out / "last.pt", cfg, policy, opt, update, steps, sp, gen, dt + elapsed0, anchor, bc_stats, cpu)
    finally:
        run_log.close()
        if bar is not None:
            bar.close()
    _plot(out / "log.csv", out / "learning_curve.png")
    total = time.perf_counter() - t0
    return {"updates": update, "updates_this_run": update - first, "decisions": steps, "seconds": total,
            "cpu_seconds": time.process_time() - c0, "cpu_seconds_total": time.process_time() - c0 + cpu0,
            "torch_threads": threads, "net": cfg.net, "games": stats["games"],
            "truncated": stats["truncated"], "eval_win_rate": last_eval, "checkpoint": str(out / "last.pt"),
            "warm_start": bc_stats,
            "tensorboard": None if run_log.tb_dir is None else str(run_log.tb_dir)}


def _plot(log_path, png) -> None:
    """Win rate against the heuristic evaluation pool over training decisions (matplotlib if present)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    rows = [r for r in csv.DictReader(open(log_path)) if r["eval_win_rate"]]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    x = [int(r["decisions"]) for r in rows]
    ax.plot(x, [float(r["eval_win_rate"]) for r in rows], marker="o", color="black", label="all seats")
    for col in [c for c in (rows[0] if rows else {}) if c.startswith("eval_") and c != "eval_win_rate"]:
        ax.plot(x, [float(r[col]) if r[col] else float("nan") for r in rows], alpha=0.7, label=col[5:])
    if len(ax.lines) > 1:
        ax.legend(fontsize=7)
    ax.set_xlabel("learner decisions")
    ax.set_ylabel("win rate vs heuristic seats")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    plt.close(fig)

"""One policy protocol for every agent, and games between any of them.

A policy is anything with ``act(observation, action_mask) -> action``; ``act_batch(observations,
masks) -> actions`` is used when present (a loop over ``act`` otherwise). An agent is named by a spec,
wherever the tools take agent kinds:

==================  ===========================================================================
``random``          the uniformly random agent, compiled (whole games run inside compiled code)
``heuristic``       the faction heuristic, second version (plays the table: ``agents.table``), compiled
``heuristic_v1``    the first faction heuristic (its own plan only), compiled; kept for studies
``ismcts:N``        information-set MCTS with N iterations per decision (``ismcts``: 200), compiled;
                    ``ismcts:Xs`` searches X seconds per decision; either takes options after a colon,
                    ``ismcts:400:trees=2,leaf=heuristic`` (``agents.ismcts.options`` keywords,
                    ``agents.arena.parse_spec``); with ``guide=pretrained`` (or ``guide=PATH``) the shipped
                    policy guides the search (``agents.ismcts_agent``: ``ismcts:1600:guide=pretrained``), which
                    asks the policy in Python: such games play through ``agents.game_loop`` beside ``heuristic``,
                    ``heuristic_v1`` and ``ismcts`` seats
``value[:PATH]``    the learned value model with a short look-ahead (``agents.value_agent``), compiled
``ppo:PATH``        a checkpoint written by ``python -m agents.train`` (``agents.train.ppo.load``)
``pretrained:F``    the policy shipped for faction F (``agents.pretrained``: ``pretrained:eyrie``), no search
``pretrained``      each seat's own shipped policy, heuristic v2 for a faction with none (``seat_spec``): the
                    trained policies as one agent, e.g. a ladder rung
``strongest``       each seat the compiled agent that wins most for its faction against the draft ladder's top
                    rung (``agents.strongest``: ``ismcts:400``; the Keepers ``ismcts:1600:idle=1,prior=0``, the
                    Hundreds and the Eyrie ``ismcts:1600``)
``module:callable`` an import path; the callable is called with ``seed=`` and returns a policy
==================  ===========================================================================

``play`` runs games between any mix: compiled seats play inside compiled code, and each Python policy decides
for all the games waiting on it in one batched call. ISMCTS seats play in all-compiled mixes
(``arena.play_games``); the trainer's stepper does not run them beside Python policies.
"""
from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from root_env import torch_threads
from root_env.map_data import check_map
from agents.ismcts_agent import is_guided
from agents import strongest
from agents.arena import (AGENT_KINDS, KIND_RANDOM, KIND_HEURISTIC, KIND_HEURISTIC_V1, KIND_ISMCTS, KIND_VALUE, play_games, is_kind, parse_kind, seated,
                          refuse_bot_agents)

COMPILED_KINDS = {"random": KIND_RANDOM, "heuristic": KIND_HEURISTIC, "heuristic_v1": KIND_HEURISTIC_V1,
                  "ismcts": KIND_ISMCTS, "value": KIND_VALUE}


PRETRAINED_EACH = "pretrained"  # every seat its faction's shipped policy (heuristic v2 where none ships)


def seat_spec(spec: Any, faction: str) -> Any:
    """The spec that plays `faction` for `spec`: ``"pretrained"`` is ``"pretrained:<faction>"`` where a policy ships
    for that faction (``agents.pretrained.shipped``) and ``"heuristic"`` (v2) where none does; ``"strongest"`` is
    ``agents.strongest.spec_for(faction)``; any other spec is itself."""
    if isinstance(spec, str) and spec == PRETRAINED_EACH:
        from agents import pretrained
        return f"pretrained:{faction}" if faction in pretrained.shipped() else "heuristic"
    if isinstance(spec, str) and spec == strongest.NAME:
        return strongest.spec_for(faction)
    return spec


def per_seat(spec: Any) -> bool:
    """Whether `spec` names a different agent for each faction (``"pretrained"``, ``"strongest"``)."""
    return isinstance(spec, str) and spec in (PRETRAINED_EACH, strongest.NAME)


def compiled_per_seat(spec: Any) -> bool:
    """Whether `spec` names a compiled kind for every faction (``"strongest"``; not ``"pretrained"``, whose shipped
    policies are Python objects): its games then play inside the compiled arena like one kind's, each seat with
    ``seat_spec(spec, faction)``."""
    from root_env.data import FACTION_NAMES
    return per_seat(spec) and all(is_kind(seat_spec(spec, f)) for f in FACTION_NAMES)


def resolve(spec: Any, seed: int = 0, faction: str | None = None) -> Any:
    """A compiled kind's name (``"random"``, ``"heuristic"``, ``"heuristic_v1"``, ``"ismcts"``,
    ``"ismcts:N[:key=value,...]"``) or a Python policy object. `faction`: the seat the agent plays, needed by
    ``"pretrained"`` (``seat_spec``), ignored by every other spec."""
    if callable(getattr(spec, "act", None)):
        return spec
    if per_seat(spec):
        if faction is None:
            raise ValueError(f"{spec!r} plays each seat with its own faction's agent: resolve it for a faction")
        return resolve(seat_spec(spec, faction), seed)
    if not isinstance(spec, str):
        raise ValueError(f"an agent is a kind ({', '.join(AGENT_KINDS)}), 'ppo:PATH', 'pretrained:FACTION', "
                         f"'pretrained', 'module:callable' or an "
                         f"object with act(observation, action_mask); got {spec!r}")
    if is_kind(spec):
        return spec
    if is_guided(spec):  # a Python search: checked (its policy loaded) here, played by agents.game_loop
        from agents.ismcts_agent import split_guide, check_guide, ISMCTSAgent, D_GUIDE_PRIOR, D_GUIDE_SPREAD
        if faction is None:  # no seat named: the spec's budget and options checked, its policy loaded per seat
            plain, kw = split_guide(spec)
            parse_kind(plain)
            check_guide(kw.get("guide_prior", D_GUIDE_PRIOR), kw.get("guide_spread", D_GUIDE_SPREAD))
        else:
            ISMCTSAgent.from_spec(faction, spec, seed=seed, threads=1)
        return spec
    if spec.startswith("ismcts:"):
        parse_kind(spec)  # raises with what a budget or an option must be
    if spec.startswith("ppo:"):
        from agents.train.ppo import load
        return load(spec[4:], seed=seed)  # in one torch thread (ppo.load: root_env.torch_threads.for_inference)
    if spec.startswith("pretrained:"):
        from agents import pretrained
        return pretrained.load(spec[len("pretrained:"):], seed=seed)  # numpy: no torch threads
    mod, sep, name = spec.partition(":")
    if not sep or not mod or not name:
        raise ValueError(f"unknown agent {spec!r}: use {', '.join(AGENT_KINDS)}, 'ismcts:N[:key=value,...]', 'ppo:PATH', "
                         f"'pretrained:FACTION', 'pretrained' or 'module:callable'")
    try:
        obj = getattr(importlib.import_module(mod), name)
    except (ImportError, AttributeError) as e:
        raise ValueError(f"agent {spec!r}: cannot import {name} from {mod}: {e}") from None
    # A class (RandomAgent has an `act` method too) or a factory is called; an instance is used as is.
    factory = isinstance(obj, type) or (callable(obj) and not callable(getattr(obj, "act", None)))
    policy = obj(seed=seed) if factory else obj
    if not callable(getattr(policy, "act", None)):
        raise ValueError(f"agent {spec!r} gave {policy!r}, which has no act(observation, action_mask)")
    return policy


def act_batch(policy, observations, masks) -> np.ndarray:
    """Actions of `policy` for rows of observations and masks."""
    if callable(getattr(policy, "act_batch", None)):
        return np.asarray(policy.act_batch(observations, masks), np.int64)
    return np.array([policy.act(o, m) for o, m in zip(observations, masks)], np.int64)


def play(factions, agents, games: int, seed: int = 0, max_turns: int = 300, seeds=None, map: str = "autumn") -> dict:
    """Play `games` games (game i seeded ``seed + i`` or ``seeds[i]``) with `factions` seated in order;
    `agents` is one spec for every seat or a dict faction -> spec (none for a Clockwork bot's seat,
    "bot:mechanical_marquise", which plays itself; ``factions`` in the result names it by that label). Returns ``winners`` (bitmask of
    faction ids), ``vp`` (games, seats), ``truncated``, ``turns``, ``decisions``, ``vp_sources`` (games,
    seats, VP source) and ``factions``. With compiled agents only it is ``arena.play_games``; the same
    games either way. `map`: the map of every game (``Game.new``'s; a network seat plays on the Autumn map only:
    the trainer's stepper seats its games there)."""
    from agents.train.stepper import Stepper, KIND_NET
    seats, ids, plain, names, players = seated(factions)
    if not isinstance(agents, dict):
        agents = {f: agents for f in players}
    refuse_bot_agents(agents, seats)
    if set(agents) != set(players):
        raise ValueError(f"agents must name one agent for each of {players}, got {sorted(agents)}")
    resolved = {f: resolve(a, seed, faction=f) for f, a in agents.items()}
    if seeds is None:
        if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
            raise ValueError(f"games must be a positive integer, got {games!r}")
        seeds = np.arange(seed, seed + games, dtype=np.int64)
    seeds = np.asarray(seeds, np.int64)
    if any(is_guided(a) for a in resolved.values()):
        from agents.game_loop import play_games as play_in_python
        if check_map(map) != "autumn" or len(players) != len(seats):
            raise ValueError("a guided search seat plays on the Autumn map without Clockwork bots (agents.game_loop)")
        r = play_in_python(seats, resolved, seeds, max_turns)
        return {k: r[k] for k in ("winners", "vp", "truncated", "turns", "decisions", "vp_sources", "factions")}
    if all(isinstance(a, str) for a in resolved.values()):
        r = play_games(len(seeds), seats, resolved, max_turns=max_turns, seeds=seeds, map=map)
        return {k: r[k] for k in ("winners", "vp", "truncated", "turns", "decisions", "vp_sources", "factions")}
    if any(isinstance(a, str) and parse_kind(a)[0] in (KIND_ISMCTS, KIND_VALUE) for a in resolved.values()):
        raise ValueError("ISMCTS and value seats play only beside compiled agents (random, heuristic, heuristic_v1, "
                         f"ismcts, value): got {agents!r}")
    if check_map(map) != "autumn":
        raise ValueError(f"network agents play on the Autumn map only (agents.train.stepper seats its games there), "
                         f"got map={map!r}")
    torch_threads.for_inference()  # one torch thread beside the stepper's threads (root_env.torch_threads)
    n, P = len(seeds), len(ids)
    st = Stepper(n, ids, max_turns)
    # A Clockwork bot's seat never decides: its kind is never read (random, so that it counts as no network seat).
    kinds = np.array([[COMPILED_KINDS["random"] if f not in resolved
                       else COMPILED_KINDS[resolved[f]] if isinstance(resolved[f], str) else KIND_NET
                       for f in names]] * n)
    st.reset(seeds, kinds)
    done = np.zeros(n, bool)
    out = {"winners": np.zeros(n, np.int64), "vp": np.zeros((n, P), np.int64), "truncated": np.zeros(n, bool),
           "turns": np.zeros(n, np.int64), "decisions": np.zeros(n, np.int64),
           "vp_sources": np.zeros((n, P, st.final_stats.shape[2] - 2), np.int64), "factions": np.array(seats)}
    while not done.all():
        actions = np.zeros(n, np.int64)
        for p in np.unique(st.seat):
            rows = np.flatnonzero(st.seat == p)
            actions[rows] = act_batch(resolved[names[p]], st.obs[rows], st.masks[rows])
        st.step(actions)
        for g in np.flatnonzero((st.ended > 0) & ~done):
            done[g] = True
            out["winners"][g] = st.winners[g]
            out["vp"][g] = st.final_vp[g]
            out["truncated"][g] = bool(st.truncated[g])
            out["turns"][g] = st.final_stats[g, 0, 0]
            out["decisions"][g] = st.final_stats[g, 0, 1]
            out["vp_sources"][g] = st.final_stats[g, :, 2:]
    return out

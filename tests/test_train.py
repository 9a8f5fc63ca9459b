"""The self-play trainer (agents.train): its compiled stepper plays the same games as the engine, a tiny
run writes a checkpoint, log and curve that load back behind the policy protocol, resumes, and is
reproducible from its seed. The torch CPU build is installed by ``make test`` (dev extra)."""
from __future__ import annotations

import csv

import numpy as np
import pytest
import torch

from root_env import Game
from root_env.data import FACTION_NAMES
from root_env.codes import N_ACTIONS
from agents.arena import KIND_HEURISTIC
from agents.train.stepper import Stepper, KIND_NET
from agents.train.ppo import Config, train, load, PPOAgent, Policy, evaluate
from agents.train.__main__ import main

TWO = ("marquise", "eyrie")
FIDS = np.array([FACTION_NAMES.index(f) for f in TWO])


def test_stepper_with_network_seats_plays_the_games_the_engine_plays():
    st = Stepper(3, FIDS, max_turns=300)
    st.reset(seed=5, kinds=np.full((3, 2), KIND_NET))
    games = [Game.new(TWO, seed=5 + g) for g in range(3)]
    rng = np.random.default_rng(0)
    for _ in range(200):
        acts = np.array([rng.choice(np.flatnonzero(st.masks[g])) for g in range(3)])
        for g, game in enumerate(games):
            assert np.array_equal(np.flatnonzero(st.masks[g]), np.sort(game.legal_actions()))
            assert np.array_equal(st.obs[g], game.observe(game.current_player))
            assert FIDS[st.seat[g]] == FACTION_NAMES.index(game.current_player)
            game.apply(int(acts[g]))
        st.step(acts)
        assert not st.ended.any()


def test_stepper_plays_compiled_seats_itself_and_records_ended_games():
    kinds = np.array([[KIND_NET, KIND_HEURISTIC]] * 4)
    st = Stepper(4, FIDS, max_turns=6)  # short games, so that they end (truncated) in the test
    st.reset(seed=1, kinds=kinds)
    ended = 0
    for _ in range(400):
        assert (st.seat == 0).all()  # only the network seat is ever asked
        acts = np.array([np.flatnonzero(st.masks[g])[0] for g in range(4)])
        st.step(acts)
        ended += int(st.ended.sum())
        for g in np.flatnonzero(st.ended):
            assert st.truncated[g] == 1
            assert st.final_obs[g, 0, FIDS[0]] == 1.0 and st.final_obs[g, 1, FIDS[1]] == 1.0  # viewer field
    assert ended > 0
    assert (st.episode >= 1).any()
    with pytest.raises(ValueError, match="legal"):
        st.step(np.full(4, -5))
    with pytest.raises(ValueError, match="network seat"):
        st.reset(seed=0, kinds=np.full((4, 2), KIND_HEURISTIC))


def _tiny(out, **kw):
    # one torch thread: the default follows the machine's load (root_env.torch_threads), and two runs compared
    # bit for bit must use the same count
    return Config(factions=TWO, envs=4, steps=24, updates=2, epochs=1, minibatches=2, hidden=32, eval_games=2,
                  eval_every=1, max_turns=4, out=str(out), **{"threads": 1, **kw})


def _replay_compiled_eyrie(st, seed, choose_eyrie, decisions):
    """Row 0 of `st` (the Marquise a network seat, the Eyrie a compiled one) against the same game replayed in Python,
    the Eyrie's decisions by ``choose_eyrie(state, f, r) -> (action, r)`` with the row's generator: the network seat
    must be asked at the same positions."""
    from agents.heuristic import seed_rand
    from root_env.engine.batch import game_seed
    g = Game.new(TWO, seed=game_seed(seed, 0))
    r = int(seed_rand(game_seed(seed, 0) ^ 0x2545F491))
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        while g.current_player == "eyrie":
            a, r = choose_eyrie(g.state, FACTION_NAMES.index("eyrie"), r)
            g.apply(int(a))
        assert np.array_equal(st.obs[0], g.observe("marquise"))
        a = int(rng.choice(np.flatnonzero(st.masks[0])))
        g.apply(a)
        st.step(np.array([a]))
        if st.ended[0]:
            break


def test_stepper_plays_ismcts_opponents_as_the_search_would():
    """Issue 34 section 3: an ISMCTS seat in the trainer's games plays what ``agents.ismcts.choose`` chooses with
    its faction's options (same generator state, same position), and the trainer takes one ``ismcts:N`` opponent
    (a time budget or two searches are refused)."""
    from agents import ismcts
    from agents.arena import KIND_ISMCTS
    from root_env.layout import STATE_SIZE
    st = Stepper(1, FIDS, max_turns=300)
    st.set_ismcts("ismcts:6")
    st.reset(seed=3, kinds=np.array([[KIND_NET, KIND_ISMCTS]]))
    nodes, value, mark, path = ismcts.new_tree(6)
    work = np.zeros((2, STATE_SIZE), np.int64)
    opts = ismcts.faction_options("eyrie", iterations=6)
    _replay_compiled_eyrie(st, 3, lambda s, f, r: ismcts.choose(s, f, r, opts, nodes, value, mark, path, work), 60)
    Config(factions=TWO, opponents={"ismcts:20": 1.0, "self": 1.0, "value": 1.0})
    for bad in ({"ismcts:0.5s": 1.0}, {"ismcts:5": 1.0, "ismcts:6": 1.0}, {"ismcts:0": 1.0},
                {"value": 1.0, "value:agents/models/value_v1.npz": 1.0}, {"value:no/such/model.npz": 1.0}):
        with pytest.raises(ValueError, match="ismcts|opponents|value|model|such"):
            Config(factions=TWO, opponents=bad)


def test_stepper_plays_value_opponents_as_the_value_agent_would():
    """Issue 34 section 3: a value seat in the trainer's games plays what ``agents.value_agent.choose`` chooses."""
    from agents import value_agent
    from agents.arena import KIND_VALUE
    from root_env.layout import STATE_SIZE
    st = Stepper(1, FIDS, max_turns=300)
    st.set_value("value")
    st.reset(seed=4, kinds=np.array([[KIND_NET, KIND_VALUE]]))
    work = np.zeros((2, STATE_SIZE), np.int64)
    opts = value_agent.options()
    _replay_compiled_eyrie(st, 4, lambda s, f, r: value_agent.choose(s, f, r, opts, work), 40)


def test_tiny_run_writes_checkpoint_log_and_curve_and_loads_as_an_agent(tmp_path):
    res = train(_tiny(tmp_path / "a"))
    assert res["updates"] == 2 and res["decisions"] > 0 and res["games"] > 0
    rows = list(csv.DictReader(open(tmp_path / "a" / "log.csv")))
    assert [int(r["update"]) for r in rows] == [1, 2]
    assert all(0.0 < float(r["env_share"]) < 1.0 for r in rows)  # the engine's share of each update
    assert (tmp_path / "a" / "learning_curve.png").stat().st_size > 1000
    agent = load(tmp_path / "a" / "last.pt")
    g = Game.new(TWO, seed=3)
    for _ in range(30):
        a = agent.act(g.observe(g.current_player), g.action_mask())
        assert a in set(g.legal_actions().tolist())
        g.apply(a)
    obs = np.stack([g.observe(g.current_player)] * 3)
    masks = np.stack([g.action_mask()] * 3)
    assert set(agent.act_batch(obs, masks).tolist()) <= set(g.legal_actions().tolist())


def test_same_seed_same_weights_and_resume_continues(tmp_path):
    train(_tiny(tmp_path / "a"))
    train(_tiny(tmp_path / "b"))
    wa = torch.load(tmp_path / "a" / "last.pt", weights_only=True)["model"]
    wb = torch.load(tmp_path / "b" / "last.pt", weights_only=True)["model"]
    assert all(torch.equal(wa[k], wb[k]) for k in wa)
    res = train(_tiny(tmp_path / "a"), resume=str(tmp_path / "a" / "last.pt"))
    assert res["updates"] == 4
    assert [int(r["update"]) for r in csv.DictReader(open(tmp_path / "a" / "log.csv"))] == [1, 2, 3, 4]


def test_per_faction_networks_and_evaluation_counts():
    pol = Policy(hidden=16, per_faction=True)
    res = evaluate(pol, TWO, games=4, seed=1, max_turns=6)
    assert {f: n for f, (_, n) in res.items()} == {"marquise": 2, "eyrie": 2}


def test_bad_options_and_files_are_refused(tmp_path):
    for bad in ({"factions": ("marquise", "lizard")}, {"factions": ("marquise",)}, {"envs": 0},
                {"opponents": {"self": 1.0, "wizards": 1.0}}, {"opponents": {"self": -1.0}}, {"steps": True}):
        with pytest.raises(ValueError):
            Config(**bad)
    junk = tmp_path / "junk.pt"
    torch.save({"format": "something else"}, junk)
    with pytest.raises(ValueError, match="not a root_env PPO checkpoint"):
        load(junk)
    assert main(["--factions", "marquise,wizards", "--updates", "1", "--out", str(tmp_path / "x")]) == 2
    with pytest.raises(ValueError, match="legal action"):
        PPOAgent(Policy(hidden=8)).act_batch(np.zeros((1, Game.new(TWO).observe("marquise").size)),
                                             np.zeros((1, N_ACTIONS)))

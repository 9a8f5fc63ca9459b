"""RLlib and Ray (the ``dist`` extra): the multi-agent adapter under RLlib's own env checker (2 to MAX_SEATS seats, Clockwork
bots among them) and PPO training iterations on a local Ray instance, one of them with a bot seated; the balance
CLI's ``--ray`` study equals the ``--jobs`` one."""
from __future__ import annotations

import json

import numpy as np
import pytest
import ray
from ray.rllib.utils.pre_checks.env import check_multiagent_environments

from agents.rllib_adapter import RootMultiAgentEnv, self_play_config
from root_env import Game, IllegalActionError
from root_env.balance.cli import main as balance_main
from root_env.balance.study import load_results

TWO = ("marquise", "eyrie")
ALL_EIGHT = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards", "riverfolk", "corvids")
WITH_BOT = ("eyrie", "bot:mechanical_marquise", "vagabond")


@pytest.fixture(scope="module")
def local_ray():
    # Two CPUs: the machine is shared; the instance lives for this module's tests only.
    ray.init(num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()


def _legal(obs):
    return np.flatnonzero(obs["action_mask"])


def _play_out(env, seed):
    """Random legal play to the end, checking every step; returns the last step's results."""
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        (who, o), = obs.items()  # exactly one agent: the one that must decide
        assert who == env.game.current_player
        assert set(o) == {"observations", "action_mask"}
        assert env.observation_spaces[who].contains(o)
        np.testing.assert_array_equal(o["observations"], env.game.observe(who, normalize=True))
        np.testing.assert_array_equal(_legal(o), np.sort(env.game.legal_actions()))
        obs, rewards, terminateds, truncateds, infos = env.step({who: int(rng.choice(_legal(o)))})
        if terminateds["__all__"] or truncateds["__all__"]:
            # Every faction gets its final observation (nothing left to choose) and its reward.
            assert env.game.is_over
            assert set(obs) == set(rewards) == set(env.factions)
            assert all(not o["action_mask"].any() and env.observation_spaces[f].contains(o) for f, o in obs.items())
            return rewards, terminateds, truncateds
        assert rewards == {who: 0.0}


def test_only_the_deciding_faction_observes_and_the_winner_gets_plus_one():
    env = RootMultiAgentEnv({"factions": TWO, "max_turns": 300})
    rewards, terminateds, truncateds = _play_out(env, seed=0)  # random play: won before the cap
    won = env.game.winners
    assert len(won) == 1 and not env.game.truncated
    assert rewards == {f: 1.0 if f in won else -1.0 for f in TWO}
    assert terminateds == {"marquise": True, "eyrie": True, "__all__": True}
    assert truncateds == {"marquise": False, "eyrie": False, "__all__": False}


def test_a_game_cut_at_max_turns_is_truncated_with_no_reward():
    env = RootMultiAgentEnv({"factions": ("marquise", "eyrie", "alliance", "vagabond"), "max_turns": 3})
    rewards, terminateds, truncateds = _play_out(env, seed=5)
    assert env.game.truncated
    assert rewards == dict.fromkeys(env.factions, 0.0)
    assert truncateds["__all__"] and not terminateds["__all__"]


def test_seeded_reset_replays_the_same_game():
    a, b = RootMultiAgentEnv({"factions": TWO}), RootMultiAgentEnv({"factions": TWO})
    oa, _ = a.reset(seed=11)
    ob, _ = b.reset(seed=11)
    assert a.game.state.tolist() == b.game.state.tolist()
    np.testing.assert_array_equal(oa["marquise"]["observations"], ob["marquise"]["observations"])


def test_illegal_action_raises_and_leaves_the_game_unchanged():
    env = RootMultiAgentEnv({"factions": TWO})
    obs, _ = env.reset(seed=1)
    (who, o), = obs.items()
    bad = int(np.flatnonzero(o["action_mask"] == 0)[0])
    before = env.game.state.copy()
    with pytest.raises(IllegalActionError):
        env.step({who: bad})
    np.testing.assert_array_equal(env.game.state, before)
    with pytest.raises(ValueError, match="only"):
        env.step({"eyrie" if who == "marquise" else "marquise": int(_legal(o)[0])})


@pytest.mark.parametrize("config,match", [({"faction": TWO}, "unknown env_config"),
                                          ({"factions": ("marquise", "cats")}, "unknown faction"),
                                          ({"factions": "marquise"}, "sequence of names"),
                                          ({"factions": ("eyrie", "eyrie")}, "seated once"),
                                          ({"max_turns": 0}, "max_turns"),
                                          ({"illegal_action": "ignore"}, "illegal_action")])
def test_bad_config_raises_a_clear_error(config, match):
    with pytest.raises(ValueError, match=match):
        RootMultiAgentEnv(config)


def test_illegal_action_lose_ends_the_game_for_the_chooser():
    env = RootMultiAgentEnv({"factions": TWO, "illegal_action": "lose"})
    obs, _ = env.reset(seed=1)
    (who, o), = obs.items()
    _, rewards, terminateds, truncateds, _ = env.step({who: int(np.flatnonzero(o["action_mask"] == 0)[0])})
    assert rewards[who] == -1.0 and sum(rewards.values()) == -1.0
    assert terminateds["__all__"] and not truncateds["__all__"]


def test_rllib_env_checker_accepts_the_adapter():
    # RLlib's checker steps one random unmasked action, hence illegal_action="lose" (as the example config).
    # The supported seat counts (2 to layout.MAX_SEATS, one a faction), with Clockwork bots among them.
    for factions in (TWO, ("marquise", "eyrie", "alliance", "vagabond"), ALL_EIGHT, WITH_BOT,
                     ("riverfolk", "bot:mechanical_marquise", "bot:electric_eyrie", "bot:automated_alliance")):
        check_multiagent_environments(RootMultiAgentEnv({"factions": factions, "illegal_action": "lose"}))


@pytest.mark.parametrize("seed", [0, 3])
def test_a_bot_seat_is_no_agent_and_games_end_with_the_agents_rewards(seed):
    """A Clockwork bot's seat (the old adapter raised at game end: "'bot:...' is not a faction in this game"): the
    agents are the other factions, the bot never decides, and the end gives each agent its reward from the game's
    result; a table of bots alone has no agent and is refused."""
    env = RootMultiAgentEnv({"factions": WITH_BOT, "max_turns": 300})
    assert env.possible_agents == ["eyrie", "vagabond"] and env.seats == WITH_BOT
    rewards, terminateds, truncateds = _play_out(env, seed=seed)
    g = env.game
    assert not g.truncated and g.winners
    assert rewards == {f: 1.0 if f in g.winners else -1.0 for f in ("eyrie", "vagabond")}
    assert set(terminateds) == {"eyrie", "vagabond", "__all__"}
    env = RootMultiAgentEnv({"factions": WITH_BOT, "max_turns": 2})
    rewards, _, truncateds = _play_out(env, seed=seed)
    assert truncateds["__all__"] and rewards == {"eyrie": 0.0, "vagabond": 0.0}
    with pytest.raises(ValueError, match="no agent"):
        RootMultiAgentEnv({"factions": ("bot:mechanical_marquise", "bot:electric_eyrie")})
    from root_env.layout import MAX_SEATS
    with pytest.raises(ValueError, match=f"2 to {MAX_SEATS} factions"):
        RootMultiAgentEnv({"factions": ("marquise",)})


def test_ppo_iteration_with_a_bot_seated_on_local_ray(local_ray):
    """One training iteration of the example config with the Mechanical Marquise seated: games end (max_turns=2)
    inside RLlib's sampling, so the adapter's end of game runs with the bot's seat."""
    config = self_play_config(("eyrie", "bot:mechanical_marquise"), max_turns=2, hidden=(16,),
                              train_batch_size=200, minibatch_size=100, num_epochs=1)
    algo = config.build_algo()
    try:
        result = algo.train()
    finally:
        algo.stop()
    assert result["training_iteration"] == 1 and result["env_runners"]["num_env_steps_sampled"] >= 200
    assert result["env_runners"]["num_episodes"] > 0
    # RLlib's per-agent returns (docs/training.md): the agent only, not the bot's seat
    assert set(result["env_runners"]["agent_episode_returns_mean"]) == {"eyrie"}
    assert np.isfinite(result["learners"]["shared"]["policy_loss"])


def test_one_ppo_iteration_with_the_masking_module_on_local_ray(local_ray):
    config = self_play_config(TWO, max_turns=2, hidden=(32,), train_batch_size=400, minibatch_size=200,
                              num_epochs=1)
    algo = config.build_algo()
    try:
        before = algo.get_module("shared").get_state()
        result = algo.train()
        after = algo.get_module("shared").get_state()
    finally:
        algo.stop()
    assert result["training_iteration"] == 1
    assert result["env_runners"]["num_env_steps_sampled"] >= 400
    # Both factions were played by the one shared module, and the learner updated it.
    assert result["env_runners"]["num_module_steps_sampled"].keys() == {"shared"}
    assert np.isfinite(result["learners"]["shared"]["policy_loss"])
    assert any(not np.array_equal(np.asarray(before[k]), np.asarray(after[k])) for k in before)


def test_balance_study_on_ray_equals_the_same_study_with_jobs(local_ray, tmp_path):
    common = ["run", "--factions", "marquise,eyrie,alliance", "--agents", "random", "--games", "6",
              "--seed", "3", "--max-turns", "40", "--chunk", "2", "--quiet"]
    # The test's local Ray instance is already up: --ray uses it (a cluster address joins that cluster).
    assert balance_main(common + ["--out", str(tmp_path / "ray"), "--ray", "auto"]) == 0
    assert balance_main(common + ["--out", str(tmp_path / "jobs"), "--jobs", "2"]) == 0
    on_ray, _ = load_results(tmp_path / "ray")
    with_jobs, _ = load_results(tmp_path / "jobs")
    assert [r["game"] for r in on_ray] == list(range(6))
    assert json.dumps(on_ray, sort_keys=True) == json.dumps(with_jobs, sort_keys=True)
    # The games were really played: not every game is the same.
    assert len({json.dumps(r["vp"]) for r in on_ray}) > 1


def test_balance_ladder_on_ray_equals_the_same_ladder_with_jobs(local_ray, tmp_path):
    """The ladder plays through the same machinery as `run`: on Ray, game for game what --jobs plays."""
    common = ["ladder", "--factions", "marquise,eyrie", "--rungs", "random,heuristic", "--self-games", "2",
              "--cross-games", "1", "--seed", "5", "--max-turns", "30", "--chunk", "2", "--quiet", "--no-report"]
    assert balance_main(common + ["--out", str(tmp_path / "ray"), "--ray", "auto"]) == 0
    assert balance_main(common + ["--out", str(tmp_path / "jobs"), "--jobs", "2"]) == 0
    on_ray, _ = load_results(tmp_path / "ray")
    with_jobs, _ = load_results(tmp_path / "jobs")
    assert len(on_ray) == len(with_jobs) > 4
    assert json.dumps(on_ray, sort_keys=True) == json.dumps(with_jobs, sort_keys=True)

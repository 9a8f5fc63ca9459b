"""RootVectorEnv under Gymnasium's own vector machinery, in each autoreset mode: it steps exactly as
Gymnasium's reference ``SyncVectorEnv`` over single games (observations, rewards, final_obs and
final_info included), and Gymnasium's ``RecordEpisodeStatistics``, ``NormalizeObservation``,
``DictInfoToList`` and ``benchmark_vector_step`` run on it. Bad options are refused."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.utils.passive_env_checker import check_obs
from gymnasium.utils.performance import benchmark_vector_step
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from gymnasium.wrappers.vector import DictInfoToList, NormalizeObservation, RecordEpisodeStatistics

from root_env import Game, RootError
from root_env.codes import N_ACTIONS
from root_env.engine import batch as B
from root_env.observation import observation_space
from root_env.vector import RootVectorEnv

FACTIONS = ("marquise", "eyrie")
MODES = list(AutoresetMode)
MAX_TURNS = 6  # short games: many endings, truncations among them


class OneGame(gymnasium.Env):
    """The reference: one Game as a single-agent Gymnasium env, reward for the seat that decided,
    seeded as RootVectorEnv seeds a row (``Game.new(seed)``, then ``batch.game_seed(seed, k)``)."""

    def __init__(self, factions=FACTIONS, max_turns=MAX_TURNS, normalize=False):
        self.factions, self.max_turns, self.normalize = factions, max_turns, normalize
        self.observation_space = gymnasium.spaces.Dict({
            "observation": observation_space(max_turns, normalize),
            "action_mask": gymnasium.spaces.Box(0, 1, (N_ACTIONS,), np.int8)})
        self.action_space = gymnasium.spaces.Discrete(N_ACTIONS)
        self.base, self.episode, self.game = 0, 0, None

    def _obs(self, seat):
        mask = np.zeros(N_ACTIONS, np.int8) if self.game.is_over else self.game.action_mask()
        return {"observation": self.game.observe(seat, self.normalize), "action_mask": mask}

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self.base, self.episode = seed, 0
        else:
            self.episode += 1
        self.game = Game.new(self.factions, seed=int(B.game_seed(self.base, self.episode)), max_turns=self.max_turns)
        return self._obs(self.game.current_player), {}

    def step(self, action):
        seat = self.game.current_player
        self.game.apply(int(action))
        g = self.game
        if not g.is_over:
            return self._obs(g.current_player), 0.0, False, False, {}
        reward = 0.0 if g.truncated or not g.winners else (1.0 if seat in g.winners else -1.0)
        return self._obs(seat), reward, not g.truncated, g.truncated, {"final_vp": np.array([g.vp[f] for f in FACTIONS])}


def _masked_actions(obs, rng):
    """A random legal action per row (0 where the mask is empty: an ended game)."""
    masks = obs["action_mask"]
    out = np.zeros(len(masks), np.int64)
    for g, m in enumerate(masks):
        legal = np.flatnonzero(m)
        if legal.size:
            out[g] = rng.choice(legal)
    return out


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
def test_steps_like_gymnasiums_sync_vector_env_with_final_obs(mode):
    """Step by step against SyncVectorEnv(OneGame): the same observations, masks, scalar rewards,
    terminations and truncations, and in SAME_STEP the same final_obs (the last position seen by the
    seat that decided: a reference replay of each game)."""
    n = 3
    ours = RootVectorEnv(n, FACTIONS, max_turns=MAX_TURNS, autoreset_mode=mode)
    ref = SyncVectorEnv([OneGame for _ in range(n)], autoreset_mode=mode)
    assert ours.metadata["autoreset_mode"] == ref.metadata["autoreset_mode"] == mode
    o1, i1 = ours.reset(seed=11)
    o2, _ = ref.reset(seed=11)
    assert data_equivalence(o1, o2, exact=True)
    check_obs(o1, ours.observation_space, "reset")
    rng = np.random.default_rng(0)
    ended = truncated = 0
    for step in range(700):
        acts = _masked_actions(o1, rng)
        o1, r1, te1, tr1, i1 = ours.step(acts)
        o2, r2, te2, tr2, i2 = ref.step(acts)
        assert data_equivalence(o1, o2, exact=True), step
        assert r1.shape == (n,) and r1.dtype == np.float32 and (r1 == r2).all(), step
        assert (te1 == te2).all() and (tr1 == tr2).all(), step
        check_obs(o1, ours.observation_space, "step")
        done = te1 | tr1
        if mode == AutoresetMode.SAME_STEP:
            assert ("final_obs" in i1) == ("final_obs" in i2) == done.any()
            if done.any():
                assert (i1["_final_obs"] == i2["_final_obs"]).all() and (i1["_final_info"] == done).all()
                for g in np.flatnonzero(done):
                    assert data_equivalence(i1["final_obs"][g], i2["final_obs"][g], exact=True)
                    assert (i1["final_info"]["final_vp"][g] == i2["final_info"]["final_vp"][g]).all()
                    assert i1["final_info"]["current_player"][g] == -1
        elif done.any():
            assert (i1["_final_vp"] == done).all()
            for g in np.flatnonzero(done):
                assert (i1["final_vp"][g] == i2["final_vp"][g]).all()
                assert i1["current_player"][g] == -1 and not o1["action_mask"][g].any()
            if mode == AutoresetMode.DISABLED:
                o1, _ = ours.reset(options={"reset_mask": done})
                o2, _ = ref.reset(options={"reset_mask": done})
                assert data_equivalence(o1, o2, exact=True)
        ended += int(done.sum())
        truncated += int(tr1.sum())
    assert ended >= 6 and truncated >= 1


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
def test_record_episode_statistics(mode):
    """Gymnasium's RecordEpisodeStatistics: each finished game's length is its number of decisions
    and its return the acting seat's final reward."""
    env = RecordEpisodeStatistics(RootVectorEnv(4, FACTIONS, seed=3, max_turns=MAX_TURNS, autoreset_mode=mode))
    obs, _ = env.reset()
    rng = np.random.default_rng(1)
    episodes = 0
    while episodes < 8:
        obs, rew, term, trunc, infos = env.step(_masked_actions(obs, rng))
        done = term | trunc
        if not done.any():
            assert "episode" not in infos
            continue
        final = infos["final_info"] if mode == AutoresetMode.SAME_STEP else infos
        for g in np.flatnonzero(done):
            assert infos["_episode"][g]
            assert infos["episode"]["l"][g] == final["episode_decisions"][g]
            assert infos["episode"]["r"][g] == rew[g]
            assert rew[g] == infos["seat_rewards"][g, infos["acting_player"][g]]
            episodes += 1
        if mode == AutoresetMode.DISABLED:
            obs, _ = env.reset(options={"reset_mask": done})
    assert len(env.return_queue) == len(env.length_queue) == episodes


def test_normalize_observation_in_next_step_mode():
    """Gymnasium's NormalizeObservation needs a Box observation and NEXT_STEP autoreset (it refuses
    the other modes itself): action_mask="info" gives it the observation array."""
    base = RootVectorEnv(4, FACTIONS, seed=0, max_turns=MAX_TURNS, autoreset_mode="NextStep", action_mask="info")
    env = NormalizeObservation(base)
    obs, infos = env.reset()
    rng = np.random.default_rng(2)
    for _ in range(300):
        obs, rew, term, trunc, infos = env.step(_masked_actions({"action_mask": infos["action_mask"]}, rng))
        assert obs.shape == (4, base.single_observation_space.shape[0]) and np.isfinite(obs).all()
    assert env.obs_rms.count > 300
    for mode in (AutoresetMode.SAME_STEP, AutoresetMode.DISABLED):
        with pytest.raises(ValueError, match="NEXT_STEP"):
            NormalizeObservation(RootVectorEnv(2, FACTIONS, autoreset_mode=mode, action_mask="info"))


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
def test_gymnasium_benchmark_and_dict_info_to_list(mode):
    """Gymnasium's benchmark_vector_step drives the autoreset protocol of each mode (reset_mask in
    DISABLED); DictInfoToList turns the infos into one dict per game."""
    env = RootVectorEnv(4, FACTIONS, max_turns=2, autoreset_mode=mode, action_mask="info")
    # sampled actions are random ids: keep them legal by stepping through the legal-action check
    env.action_space.sample = lambda: env.random_actions(np.random.default_rng())
    assert benchmark_vector_step(env, target_duration=0.3, seed=0) > 0
    wrapped = DictInfoToList(RootVectorEnv(2, FACTIONS, seed=1, max_turns=2, autoreset_mode=mode))
    obs, infos = wrapped.reset()
    assert isinstance(infos, list) and set(infos[0]) == {"current_player"}
    rng = np.random.default_rng(0)
    for _ in range(400):
        obs, rew, term, trunc, infos = wrapped.step(_masked_actions(obs, rng))
        for g in np.flatnonzero(term | trunc):
            where = infos[g]["final_info"] if mode == AutoresetMode.SAME_STEP else infos[g]
            assert where["final_vp"].shape == (2,) and where["seat_obs"].shape[0] == 2
            if mode == AutoresetMode.DISABLED:
                wrapped.reset(options={"reset_mask": term | trunc})
            return
    pytest.fail("no game ended")


def test_reward_matrix_and_seat_obs():
    """reward="matrix" returns the per-seat matrix; the final info has every seat's last view."""
    env = RootVectorEnv(2, FACTIONS, seed=4, max_turns=MAX_TURNS, reward="matrix")
    obs, _ = env.reset()
    rng = np.random.default_rng(0)
    replay = [Game.new(FACTIONS, seed=4 + g, max_turns=MAX_TURNS) for g in range(2)]
    for _ in range(2000):
        acts = env.random_actions(rng)
        obs, rew, term, trunc, infos = env.step(acts)
        assert rew.shape == (2, 2) and (rew == infos["seat_rewards"]).all()
        for g in range(2):
            replay[g].apply(int(acts[g]))
        done = term | trunc
        if done.any():
            g = int(np.flatnonzero(done)[0])
            game = replay[g]
            assert game.is_over
            for p, f in enumerate(FACTIONS):
                assert (infos["final_info"]["seat_obs"][g][p] == game.observe(f)).all()
                want = 0.0 if game.truncated or not game.winners else (1.0 if f in game.winners else -1.0)
                assert rew[g, p] == want
            return
    pytest.fail("no game ended")


def test_partial_reset_seeds():
    """reset(seed=s, options={"reset_mask": m}) restarts the masked games as reset(seed=s) would;
    without a seed a game moves on to its next seed; the other games keep their position."""
    env = RootVectorEnv(3, FACTIONS, seed=0, autoreset_mode="Disabled")
    env.reset(seed=20)
    env.step(env.random_actions(np.random.default_rng(0)))
    before = env.states.copy()
    mask = np.array([False, True, False])
    env.reset(seed=50, options={"reset_mask": mask})
    assert env.states[1].tobytes() == Game.new(FACTIONS, seed=51).state.tobytes()
    assert env.states[0].tobytes() == before[0].tobytes() and env.states[2].tobytes() == before[2].tobytes()
    env.reset(options={"reset_mask": mask})
    assert env.states[1].tobytes() == Game.new(FACTIONS, seed=int(B.game_seed(51, 1))).state.tobytes()


@pytest.mark.parametrize("kwargs, error, match", [
    ({"autoreset_mode": "sometimes"}, ValueError, "autoreset_mode"),
    ({"autoreset_mode": 1}, TypeError, "autoreset_mode"),
    ({"reward": "winner"}, ValueError, "reward"),
    ({"reward": None}, TypeError, "reward"),
    ({"action_mask": "both"}, ValueError, "action_mask"),
    ({"normalize": "yes"}, ValueError, "normalize"),  # inputs.check_flag: True/False (or 0/1), as every flag
    ({"normalize": 2}, ValueError, "normalize"),
])
def test_bad_options_are_refused(kwargs, error, match):
    with pytest.raises(error, match=match):
        RootVectorEnv(2, FACTIONS, **kwargs)


def test_bad_reset_options_and_disabled_step_are_refused():
    env = RootVectorEnv(2, FACTIONS, seed=0, max_turns=1, autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(RootError, match="first full reset"):
        env.reset(options={"reset_mask": np.array([True, False])})
    env.reset()
    with pytest.raises(TypeError, match="reset_mask"):
        env.reset(options={"reset_mask": [True, False]})
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"reset_mask": np.array([True])})
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"reset_mask": np.zeros(2, bool)})
    with pytest.raises(ValueError, match="unknown reset option"):
        env.reset(options={"mask": np.ones(2, bool)})
    with pytest.raises(TypeError, match="options"):
        env.reset(options=[1])
    rng = np.random.default_rng(0)
    for _ in range(500):
        _, _, term, trunc, _ = env.step(env.random_actions(rng))
        if (term | trunc).any():
            break
    before = env.states.copy()
    with pytest.raises(RootError, match="reset_mask"):
        env.step(env.random_actions(rng))
    assert env.states.tobytes() == before.tobytes()

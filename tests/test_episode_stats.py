"""SeatEpisodeStatistics (root_env.episode_stats) on real games of RootVectorEnv, in each autoreset mode and with a
Clockwork bot seated: every finished game's per-seat return, win, VP and decisions equal those of the same game
replayed through ``Game`` (the vector env seeds row g's k-th game ``batch.game_seed(seed + g, k)``)."""
from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from root_env import Game, RootError
from root_env.engine import batch as B
from root_env.episode_stats import SeatEpisodeStatistics
from root_env.names import seat_faction
from root_env.vector import RootVectorEnv

MODES = list(AutoresetMode)


def _reward(game: Game, faction: str) -> float:
    return 0.0 if game.truncated or not game.winners else (1.0 if faction in game.winners else -1.0)


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
@pytest.mark.parametrize("seats,max_turns", [(("marquise", "bot:electric_eyrie", "vagabond"), 6),
                                             (("marquise", "eyrie"), 300)], ids=["bot-truncated", "played-out"])
def test_per_seat_statistics_match_the_replayed_games(mode, seats, max_turns):
    n, seed = 2, 7
    env = SeatEpisodeStatistics(RootVectorEnv(n, seats, max_turns=max_turns, autoreset_mode=mode), buffer_length=50)
    plain = [seat_faction(s) if s.startswith("bot:") else s for s in seats]
    obs, infos = env.reset(seed=seed)
    episode = [0] * n
    replay = [Game.new(seats, seed=seed + g, max_turns=max_turns) for g in range(n)]
    taken = [dict.fromkeys(plain, 0) for _ in range(n)]
    rng = np.random.default_rng(0)
    checked, outcomes = 0, set()
    waiting = np.zeros(n, bool)  # NEXT_STEP: the row's action is ignored while it resets
    for _ in range(20_000):
        actions = env.unwrapped.random_actions(rng)
        for g in range(n):
            if not waiting[g]:
                taken[g][replay[g].current_player] += 1
                replay[g].apply(int(actions[g]))
        obs, rewards, term, trunc, infos = env.step(actions)
        done = term | trunc
        waiting[:] = False
        if not done.any():
            assert "seat_episode" not in infos
            continue
        stats = infos["seat_episode"]
        assert (infos["_seat_episode"] == done).all()
        for g in np.flatnonzero(done):
            game = replay[g]
            assert game.is_over and bool(trunc[g]) == game.truncated
            np.testing.assert_array_equal(stats["r"][g], [_reward(game, f) for f in plain])
            np.testing.assert_array_equal(stats["won"][g], [f in game.winners for f in plain])
            np.testing.assert_array_equal(stats["vp"][g], [game.vp[f] for f in plain])
            np.testing.assert_array_equal(stats["decisions"][g], [taken[g][f] for f in plain])
            assert stats["l"][g] == sum(taken[g].values()) and stats["turns"][g] == game.turn
            assert stats["truncated"][g] == game.truncated
            outcomes.add((game.truncated, tuple(stats["won"][g])))
            checked += 1
            episode[g] += 1
            replay[g] = Game.new(seats, seed=int(B.game_seed(seed + g, episode[g])), max_turns=max_turns)
            taken[g] = dict.fromkeys(plain, 0)
        for g in np.flatnonzero(~done):
            assert not stats["decisions"][g].any() and not stats["r"][g].any()
        if mode == AutoresetMode.DISABLED:
            env.reset(options={"reset_mask": done})
        elif mode == AutoresetMode.NEXT_STEP:
            waiting = done.copy()
        if checked >= 6:
            break
    assert checked >= 6
    bot_seats = [i for i, s in enumerate(seats) if s.startswith("bot:")]
    assert all(e["seats"][seats[i]]["decisions"] == 0 for e in env.episodes for i in bot_seats)  # a bot never decides
    if max_turns == 300:  # played out: someone won, and the per-seat returns do not cancel out to one number
        assert any(not t for t, _ in outcomes)
    summary = env.summary()
    assert summary["all"]["episodes"] == len(env.episodes) == env.episode_count == checked
    for i, s in enumerate(seats):
        assert summary[s]["win_rate"] == pytest.approx(np.mean([e["seats"][s]["won"] for e in env.episodes]))
        assert summary[s]["vp"] == pytest.approx(np.mean([e["seats"][s]["vp"] for e in env.episodes]))


def test_buffer_length_and_bad_wrapping():
    env = SeatEpisodeStatistics(RootVectorEnv(4, ("marquise", "eyrie"), max_turns=1), buffer_length=3)
    env.reset(seed=0)
    rng = np.random.default_rng(1)
    while env.episode_count < 5:
        env.step(env.unwrapped.random_actions(rng))
    assert len(env.episodes) == 3 and env.summary()["all"]["truncated"] == 1.0
    with pytest.raises(RootError, match="RootVectorEnv"):
        from gymnasium.vector import SyncVectorEnv
        import gymnasium
        SeatEpisodeStatistics(SyncVectorEnv([lambda: gymnasium.make("CartPole-v1")]))
    with pytest.raises(ValueError, match="buffer_length"):
        SeatEpisodeStatistics(RootVectorEnv(1, ("marquise", "eyrie")), buffer_length=0)

"""RootVectorEnv: shapes and dtypes, seeding, agreement with single Games (rewards, auto-reset),
bad input."""
from __future__ import annotations

import numpy as np
import pytest

from root_env import Game, IllegalActionError, RootError
from root_env.codes import N_ACTIONS
from root_env.engine import batch as B
from root_env.engine.observe import OBS_SIZE
from root_env.layout import STATE_SIZE
from root_env.vector import RootVectorEnv

FACTIONS = ("marquise", "eyrie")


def test_shapes_dtypes_and_spaces():
    v = RootVectorEnv(4, factions=FACTIONS, seed=0)
    obs, infos = v.reset()
    assert obs["observation"].shape == (4, OBS_SIZE) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (4, N_ACTIONS) and obs["action_mask"].dtype == np.int8
    assert infos["current_player"].shape == (4,) and infos["current_player"].dtype == np.int64
    assert v.observation_space.contains(obs)
    assert v.single_action_space.n == N_ACTIONS and v.action_space.shape == (4,)
    assert v.states.shape == (4, STATE_SIZE)
    obs, rew, term, trunc, infos = v.step(v.random_actions(np.random.default_rng(0)))
    assert rew.shape == (4,) and rew.dtype == np.float32
    assert infos["seat_rewards"].shape == (4, 2) and infos["seat_rewards"].dtype == np.float32
    assert term.shape == trunc.shape == (4,) and term.dtype == trunc.dtype == np.bool_
    assert infos["acting_player"].shape == (4,)
    assert v.observation_space.contains(obs)
    assert v.possible_agents == list(FACTIONS) and v.num_players == 2


def test_rows_are_the_acting_players_view_of_seeded_games():
    v = RootVectorEnv(3, factions=("eyrie", "marquise"))
    obs, infos = v.reset(seed=50)
    for g in range(3):
        game = Game.new(("eyrie", "marquise"), seed=50 + g)
        assert v.states[g].tobytes() == game.state.tobytes()
        assert v.possible_agents[infos["current_player"][g]] == game.current_player
        assert (obs["observation"][g] == game.observe(game.current_player)).all()
        assert (obs["action_mask"][g] == game.action_mask()).all()


def test_seeding():
    a = RootVectorEnv(3, seed=9)
    b = RootVectorEnv(3, seed=9)
    oa, _ = a.reset()
    ob, _ = b.reset()
    assert (oa["observation"] == ob["observation"]).all()
    # the seedless resets after a seeded one are reproducible too
    oa, _ = a.reset()
    ob, _ = b.reset()
    assert a.states.tobytes() == b.states.tobytes()
    # explicit seeds: an int gives seed + g, a sequence one seed per game
    a.reset(seed=4)
    b.reset(seed=[4, 5, 6])
    assert a.states.tobytes() == b.states.tobytes()
    b.reset(seed=[7, 7, 8])
    assert b.states[0].tobytes() == b.states[1].tobytes() != b.states[2].tobytes()
    c = RootVectorEnv(3, seed=10)
    c.reset()
    assert c.states.tobytes() != a.states.tobytes()
    # same seed, same actions: same trajectory
    a.reset(seed=1)
    b.reset(seed=[1, 2, 3])
    ra, rb = np.random.default_rng(3), np.random.default_rng(3)
    for _ in range(200):
        a.step(a.random_actions(ra))
        b.step(b.random_actions(rb))
    assert a.states.tobytes() == b.states.tobytes()


def test_steps_match_single_games_with_rewards_and_auto_reset():
    n, seed = 3, 30
    v = RootVectorEnv(n, factions=FACTIONS, threads=1, parallel=True, reward="matrix")
    obs, infos = v.reset(seed=seed)
    games = [Game.new(FACTIONS, seed=seed + g) for g in range(n)]
    episodes = [0] * n
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(1500):
        acts = v.random_actions(rng)
        obs, rew, term, trunc, infos = v.step(acts)
        for g, game in enumerate(games):
            game.apply(int(acts[g]))
            if game.is_over:
                final = infos["final_info"]
                assert term[g] != game.truncated and trunc[g] == game.truncated and infos["_final_info"][g]
                want = [0 if game.truncated or not game.winners else (1 if f in game.winners else -1) for f in FACTIONS]
                assert list(rew[g]) == want
                assert list(final["final_vp"][g]) == [game.vp[f] for f in FACTIONS]
                assert [bool(x) for x in final["winners"][g]] == [f in game.winners for f in FACTIONS]
                assert final["episode_turns"][g] == game.turn
                episodes[g] += 1
                ended += 1
                games[g] = game = Game.new(FACTIONS, seed=int(B.game_seed(seed + g, episodes[g])))
            else:
                assert not term[g] and not trunc[g] and not rew[g].any()
            assert v.states[g].tobytes() == game.state.tobytes()
            assert v.possible_agents[infos["current_player"][g]] == game.current_player
            assert (obs["action_mask"][g] == game.action_mask()).all()
    assert ended >= 2
    assert (obs["observation"][0] == games[0].observe(games[0].current_player)).all()


def test_truncation():
    v = RootVectorEnv(2, seed=0, max_turns=1)
    v.reset()
    rng = np.random.default_rng(0)
    for _ in range(400):
        _, rew, term, trunc, _ = v.step(v.random_actions(rng))
        assert not term.any()
        assert not rew.any()
        if trunc.any():
            return
    pytest.fail("no game was truncated at max_turns=1")


def test_illegal_and_bad_input():
    v = RootVectorEnv(2, seed=0)
    with pytest.raises(RootError, match="reset"):
        v.step([0, 0])
    v.reset()
    before = v.states.copy()
    legal = v.random_actions(np.random.default_rng(0))
    bad = legal.copy()
    bad[1] = N_ACTIONS - 1
    with pytest.raises(IllegalActionError, match=rf"game 1: action {N_ACTIONS - 1} \(legal: "):
        v.step(bad)
    assert v.states.tobytes() == before.tobytes()
    with pytest.raises(IllegalActionError, match="shape"):
        v.step(legal[:1])
    with pytest.raises(IllegalActionError, match="integer"):
        v.step(legal.astype(float))
    v.step(legal)
    with pytest.raises(RootError, match="unknown faction"):
        RootVectorEnv(2, factions=("marquise", "cats"))
    with pytest.raises(RootError, match="second Vagabond"):
        RootVectorEnv(2, factions=("marquise", "vagabond2"))
    with pytest.raises(RootError, match="num_envs"):
        RootVectorEnv(0)
    with pytest.raises(RootError, match="seed"):
        v.reset(seed=-1)
    with pytest.raises(RootError, match="one seed per game"):
        v.reset(seed=[1, 2, 3])


def test_copy_false_returns_the_buffers():
    v = RootVectorEnv(2, seed=0, copy=False)
    obs, _ = v.reset()
    obs2, *_ = v.step(v.random_actions(np.random.default_rng(0)))
    assert obs2["observation"] is obs["observation"]
    w = RootVectorEnv(2, seed=0)
    o1, _ = w.reset()
    o2, *_ = w.step(w.random_actions(np.random.default_rng(0)))
    assert not np.shares_memory(o1["observation"], o2["observation"])


def test_four_player_vector_env_runs_full_games():
    """The four base factions: rewards per seat, coalition wins (two winners) and auto-resets."""
    from root_env.vector import RootVectorEnv
    four = ("marquise", "eyrie", "alliance", "vagabond")
    env = RootVectorEnv(8, factions=four, seed=5)
    obs, infos = env.reset(seed=5)
    assert obs["action_mask"].shape[0] == 8 and obs["observation"].shape[0] == 8
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(4000):
        obs, _, term, trunc, infos = env.step(env.random_actions(rng))
        rewards = infos["seat_rewards"]
        assert rewards.shape == (8, 4)
        assert (obs["action_mask"].sum(axis=1) >= 1).all()
        for g in np.flatnonzero(term):
            finished += 1
            assert set(rewards[g]) <= {-1.0, 1.0} and (rewards[g] == 1.0).sum() in (1, 2)
    assert finished >= 8


def test_default_is_serial_and_threads_give_the_same_games():
    # docs/performance.md, "Threads": the vector env is serial unless threads are asked for; the threaded
    # mode plays the same games, byte for byte, ended games and illegal actions included.
    four = ("marquise", "eyrie", "alliance", "vagabond")
    assert not RootVectorEnv(64, factions=four).parallel
    serial = RootVectorEnv(16, factions=four, seed=3, max_turns=6)
    threaded = RootVectorEnv(16, factions=four, seed=3, max_turns=6, threads=2)
    assert threaded.parallel and not serial.parallel
    (o1, i1), (o2, i2) = serial.reset(), threaded.reset()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(300):
        acts = serial.random_actions(rng)
        r1, r2 = serial.step(acts), threaded.step(acts)
        for a, b in zip(r1[:4], r2[:4]):
            a, b = (a, b) if isinstance(a, dict) else ({"x": a}, {"x": b})
            assert all(a[k].tobytes() == b[k].tobytes() for k in a)
        assert r1[4]["seat_rewards"].tobytes() == r2[4]["seat_rewards"].tobytes()
        assert r1[4]["acting_player"].tobytes() == r2[4]["acting_player"].tobytes()
        if "final_info" in r1[4]:  # every seat's last view, written by each thread's slice of the compiled step
            e = np.flatnonzero(r1[4]["_final_info"])
            assert all(r1[4]["final_info"]["seat_obs"][g].tobytes() == r2[4]["final_info"]["seat_obs"][g].tobytes()
                       for g in e)
        assert serial.states.tobytes() == threaded.states.tobytes()
        ended += int(r1[3].sum())
    assert ended >= 16
    bad = serial.random_actions(rng)
    bad[5] = N_ACTIONS + 1
    before = threaded.states.copy()
    with pytest.raises(IllegalActionError, match=rf"game 5: action {N_ACTIONS + 1}"):
        threaded.step(bad)
    assert threaded.states.tobytes() == before.tobytes()


@pytest.mark.parametrize("action_mask", ["obs", "info"])
def test_returned_arrays_are_never_written_again(action_mask):
    # copy=True: the arrays a call returns are the caller's (no later step, reset or refused step writes them)
    v = RootVectorEnv(4, seed=0, action_mask=action_mask, autoreset_mode="NextStep", max_turns=2)

    def arrays(obs, infos, *step):
        out = [obs, infos["action_mask"]] if action_mask == "info" else [obs["observation"], obs["action_mask"]]
        # and every array a step returns: rewards, flags, the seat rewards and columns (issue 32: the kernel
        # writes them; a later reset or restart must not)
        return out + list(step) + [infos[k] for k in ("current_player", "seat_rewards", "acting_player") if k in infos]
    rng = np.random.default_rng(0)
    kept = [arrays(*v.reset())]
    snap = [[a.copy() for a in kept[0]]]
    for i in range(40):
        obs, rew, term, trunc, infos = v.step(v.random_actions(rng))
        kept.append(arrays(obs, infos, rew, term, trunc))
        snap.append([a.copy() for a in kept[-1]])
        if i % 7 == 3:
            kept.append(arrays(*v.reset(options={"reset_mask": np.arange(4) == 1})))
            snap.append([a.copy() for a in kept[-1]])
    with pytest.raises(IllegalActionError):
        v.step(np.full(4, N_ACTIONS + 1))
    for got, want in zip(kept, snap):
        assert all(a.tobytes() == b.tobytes() for a, b in zip(got, want))


# ---------------------------------------------------------------- issue 33: loading states compares whole seats
def _states(factions, n=2, **kw):
    rows = []
    for s in range(n):
        g = Game.new(factions, seed=s, **kw)
        rng = np.random.default_rng(s)
        for _ in range(20):
            if g.is_over:
                break
            g.apply(int(rng.choice(g.legal_actions())))
        rows.append(g.state)
    return np.stack(rows)


MM = ("bot:mechanical_marquise", "eyrie")


@pytest.mark.parametrize("seats,loaded,kw,match", [
    (MM, ("marquise", "eyrie"), {}, "marquise are played by its Clockwork bot here and by a player in the state"),
    (("marquise", "eyrie"), MM, {}, "marquise are played by a player here and by its Clockwork bot in the state"),
    (MM, ("bot:mechanical_marquise:nightmare", "eyrie"), {}, "'nightmare' in the state, not 'normal'"),
    (MM, ("bot:mechanical_marquise+blitz", "eyrie"), {}, "traits blitz in the state, not none"),
    (MM, MM, {"cooperative": True}, "option cooperative is on"),
    (MM, MM, {"bot_rules": "law"}, "option bot_rules='law' is on"),
    (MM, MM, {"auto_forced": True}, "option auto_forced is on"),
    (("bot:automated_alliance", "eyrie"), ("bot:automated_alliance", "eyrie"), {"bot_options": {"aa_track": "alliance"}},
     "option aa_track='alliance' is on"),
])
def test_batch_load_states_compares_bots_levels_traits_and_options(seats, loaded, kw, match):
    """Issue 33: a batch seated with bot:mechanical_marquise accepted a human Marquise's state (the bot then
    decided for her): the bot flag, level, traits and the options are compared too."""
    from root_env.game import faction_ids
    b = B.Batch(2, faction_ids(seats), parallel=False)
    good = _states(seats)
    b.load_states(good)
    assert b.states.tobytes() == good.tobytes()
    with pytest.raises(RootError, match=match):
        b.load_states(_states(loaded, **kw))
    assert b.states.tobytes() == good.tobytes()  # nothing changed


def test_vector_env_batch_refuses_a_state_of_another_seat():
    v = RootVectorEnv(2, MM, seed=0)
    v.reset()
    with pytest.raises(RootError, match="played by its Clockwork bot here"):
        v._batch.load_states(_states(("marquise", "eyrie")))


def test_refused_step_changes_nothing_and_the_next_step_is_as_without_it():
    """The vector env passes its validated actions to the kernel without validating them again (issue 32): a
    step with an illegal action still raises, naming the game, and changes no game or counter (only the error
    column of the batch's info says which game was refused), so the
    steps after it are exactly those of an env that never saw it."""
    rng = np.random.default_rng(3)
    v, w = RootVectorEnv(8, seed=5), RootVectorEnv(8, seed=5)
    v.reset(), w.reset()
    for t in range(300):
        a = v.random_actions(rng)
        if t % 7 == 3:
            bad = a.copy()
            bad[t % 8] = -1
            before = (v.states.copy(), v._batch.meta.copy(), v._batch.info[:, B.I_PLAYER:].copy())
            with pytest.raises(IllegalActionError, match=rf"game {t % 8}: action -1 \(legal: "):
                v.step(bad)
            assert all(x.tobytes() == y.tobytes() for x, y in zip(before, (v.states, v._batch.meta,
                                                                                 v._batch.info[:, B.I_PLAYER:].copy())))
        got, want = v.step(a), w.step(a)
        assert got[0]["observation"].tobytes() == want[0]["observation"].tobytes()
        assert got[0]["action_mask"].tobytes() == want[0]["action_mask"].tobytes()
        assert got[1].tobytes() == want[1].tobytes() and (got[2] == want[2]).all() and (got[3] == want[3]).all()
    assert v.states.tobytes() == w.states.tobytes()


# ---------------------------------------------------------------- issue 32: a vector step is one compiled call
def test_a_step_is_one_compiled_call_and_one_more_where_a_game_ended(monkeypatch):
    """SAME_STEP (the default): the actions are checked, played, the ended games' last views of every seat written
    and the games restarted, the acting column, rewards and flags written, all in one call of the compiled
    ``vector_step``; a step in which a game ended makes one more, ``final_fill`` (the final info's arrays: issue 32's
    tenth round); no other kernel runs from Python during a step."""
    v = RootVectorEnv(8, seed=0, max_turns=1)
    v.reset()
    calls, fills = [], []
    real, real_fill = B.vector_step, B.final_fill

    def counted(*args):
        calls.append(1)
        return real(*args)

    def counted_fill(*args):
        fills.append(1)
        return real_fill(*args)

    def boom(*args, **kw):
        raise AssertionError("a second compiled call in a step")
    monkeypatch.setattr(B, "vector_step", counted)
    monkeypatch.setattr(B, "final_fill", counted_fill)
    for name in ("restart_rows", "run_batch_serial", "run_batch", "run_rows", "observe_batch", "mask_batch"):
        monkeypatch.setattr(B, name, boom)
    rng = np.random.default_rng(0)
    ended = steps = with_final = steps_with_an_end = 0
    while ended < 8:
        _, _, term, trunc, infos = v.step(v.random_actions(rng))
        steps += 1
        ended += int((term | trunc).sum())
        steps_with_an_end += bool((term | trunc).any())
        with_final += (term | trunc).any() and infos["_final_info"].any()
        assert len(calls) == steps and len(fills) == steps_with_an_end
    assert with_final >= 1


@pytest.mark.parametrize("mode", ["SameStep", "NextStep"])
def test_ended_games_views_vp_and_rewards_match_single_games_with_a_bot_seat(mode):
    """The compiled step writes an ended game's last position as every seat sees it (normalised here) before
    restarting it; the final observation, seat_obs, final VP and the acting seat's reward are those of the same
    game played alone, a Clockwork bot's seat (read by its faction, not its seat code) included."""
    seats, n, seed, cap = ("bot:mechanical_marquise", "eyrie"), 4, 11, 30
    v = RootVectorEnv(n, seats, seed=seed, max_turns=cap, autoreset_mode=mode, normalize=True)
    v.reset()
    games = [Game.new(seats, seed=seed + g, max_turns=cap) for g in range(n)]
    names = list(games[0].factions)
    episodes, waiting = [0] * n, [False] * n
    rng = np.random.default_rng(2)
    ended = won = 0
    for _ in range(3000):
        acts = v.random_actions(rng)
        obs, rew, term, trunc, infos = v.step(acts)
        details = infos.get("final_info", {}) if mode == "SameStep" else infos
        for g in range(n):
            if waiting[g]:  # NEXT_STEP: this step started the game's next episode
                games[g] = Game.new(seats, seed=int(B.game_seed(seed + g, episodes[g])), max_turns=cap)
                waiting[g] = False
                assert rew[g] == 0 and not term[g] and not trunc[g] and infos["acting_player"][g] == -1
                continue
            game = games[g]
            seat = game.current_player
            assert infos["acting_player"][g] == names.index(seat)
            game.apply(int(acts[g]))
            if not game.is_over:
                assert rew[g] == 0 and not term[g] and not trunc[g]
                continue
            ended += 1
            won += bool(game.winners)
            assert term[g] != game.truncated and trunc[g] == game.truncated
            want = 0.0 if game.truncated or not game.winners else (1.0 if seat in game.winners else -1.0)
            assert rew[g] == want
            assert list(details["final_vp"][g]) == [game.vp[f] for f in names]
            for p, f in enumerate(names):
                assert details["seat_obs"][g][p].tobytes() == game.observe(f, normalize=True).tobytes()
            last = infos["final_obs"][g]["observation"] if mode == "SameStep" else obs["observation"][g]
            assert last.tobytes() == game.observe(seat, normalize=True).tobytes()
            episodes[g] += 1
            if mode == "SameStep":
                games[g] = Game.new(seats, seed=int(B.game_seed(seed + g, episodes[g])), max_turns=cap)
            else:
                waiting[g] = True
        for g in range(n):
            if not waiting[g]:
                assert v.states[g].tobytes() == games[g].state.tobytes()
        if ended >= 8 and won >= 2:
            return
    pytest.fail(f"only {ended} games ended ({won} won)")


@pytest.mark.parametrize("mode", ["SameStep", "NextStep"])
def test_a_reset_after_a_won_game_leaves_the_returned_rewards_alone(mode):
    """The compiled step writes the seat rewards into the array the step returns (issue 32); a reset, full or
    partial, after a step in which a game was won must not write that array (nor the scalar rewards) again."""
    v = RootVectorEnv(4, seed=0, autoreset_mode=mode)
    v.reset()
    rng = np.random.default_rng(0)
    for _ in range(5000):
        obs, rew, term, trunc, infos = v.step(v.random_actions(rng))
        if term.any():  # a game won: +1 and -1 in its row
            break
    assert term.any() and np.abs(infos["seat_rewards"][term]).sum() > 0
    saved = [a.copy() for a in (rew, term, infos["seat_rewards"], infos["acting_player"], infos["current_player"])]
    v.reset(options={"reset_mask": term})
    v.reset()
    got = (rew, term, infos["seat_rewards"], infos["acting_player"], infos["current_player"])
    assert all(a.tobytes() == b.tobytes() for a, b in zip(got, saved))


# ---------------------------------------------------------------- issue 32: fewer arguments to the compiled step
def test_the_batch_int_buffers_are_views_of_one_block_the_step_kernel_takes():
    """cfg, factions, meta, actions, info and final_vp are C-contiguous views of ``Batch.ints`` (the one int64
    argument of ``vector_step``, eight array arguments in all): writing a view is what the kernel reads, and each
    keeps the array type of a separate array (so the other kernels compile nothing new)."""
    b = B.Batch(3, np.array([0, 1]), views=True)
    views = dict(zip(("cfg", "factions", "meta", "actions", "info", "final_vp"), B.int_views(b.ints, 3)))
    assert b.ints.size == B.int_block_size(3, 2) and int(b.ints[B.N_CFG]) == 2
    for name, got in views.items():
        mine = getattr(b, name)
        assert mine.flags.c_contiguous and mine.dtype == np.int64 and np.shares_memory(mine, b.ints), name
        assert got.shape == mine.shape and got.tobytes() == mine.tobytes(), name
    assert b.meta.shape == (3, B.N_META) and b.info.shape == (3, B.N_INFO) and b.final_vp.shape == (3, 2)
    assert b.factions.tolist() == [0, 1]
    b.reset(seed=0)
    b.actions[:] = b.states[:, B.LEGAL]  # written through the view, played by the kernel
    cols, floats, flags = np.full((2, 3), 7), np.full(3 * 2 + 3, 7, np.float32), np.ones((2, 3), bool)
    assert b.step_vector(cols, floats, flags) == (0, 0)
    assert cols[1].tolist() == b.info[:, B.I_PLAYER].tolist() and not flags.any() and not floats.any()
    b.actions[:] = B.N_ACTIONS + 1
    assert b.step_vector(cols, floats, flags)[0] == 3 and (b.info[:, B.I_ERROR] != 0).all()


def test_a_step_returns_contiguous_arrays_of_its_own():
    """The step's columns, flags, rewards and seat rewards are views of three arrays the step allocates: each
    C-contiguous, of the documented shape and dtype, and none shared with the next step's."""
    v = RootVectorEnv(5, factions=("marquise", "eyrie", "alliance"), seed=0)
    v.reset()
    rng = np.random.default_rng(0)
    first = v.step(v.random_actions(rng))
    second = v.step(v.random_actions(rng))
    for out in (first, second):
        obs, rew, term, trunc, infos = out
        for a, shape, dtype in ((rew, (5,), np.float32), (term, (5,), bool), (trunc, (5,), bool),
                                (infos["current_player"], (5,), np.int64), (infos["acting_player"], (5,), np.int64),
                                (infos["seat_rewards"], (5, 3), np.float32)):
            assert a.shape == shape and a.dtype == dtype and a.flags.c_contiguous
    for a, b in zip(first[1:4] + (first[4]["seat_rewards"],), second[1:4] + (second[4]["seat_rewards"],)):
        assert not np.shares_memory(a, b)

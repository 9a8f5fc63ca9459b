"""The PettingZoo AEC layer (root_env.pettingzoo_env) and the text renderer."""
from __future__ import annotations

import copy
import pickle
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import root_env
from root_env import IllegalActionError, Game
from root_env.codes import N_ACTIONS
from root_env.engine.observe import OBS_SIZE
from root_env.layout import CARD_LOC, CARD_KNOWN, DECK, DECK_N, LOC_DECK, LOC_HAND
from root_env.data import FACTION_NAMES, NCARD
from root_env.pettingzoo_env import env as make_env, raw_env
from root_env.render import render_text


@pytest.fixture(autouse=True)
def _quiet():
    # api_test warns about style choices (dict observations, agent names); illegal moves warn too.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _random_action(e, obs, rng):
    legal = np.flatnonzero(obs["action_mask"])
    return int(rng.choice(legal))


def _play_to_end(e, rng, check=None):
    """Masked random play through agent_iter; returns the final (reward, terminated, truncated) per agent."""
    final = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if check is not None:
            check(e, agent, obs)
        if term or trunc:
            final[agent] = (reward, term, trunc, info)
            e.step(None)
        else:
            e.step(_random_action(e, obs, rng))
    return final


# ---------------------------------------------------------------- PettingZoo test suite
def test_api():
    api_test(make_env(), num_cycles=200)


def test_api_raw_env_to_game_end():
    # Enough cycles for a whole game, so the end-of-game agent removal is exercised too.
    api_test(raw_env(seed=3), num_cycles=2000)


def test_api_truncated():
    api_test(make_env(max_turns=2), num_cycles=400)


def test_seed():
    seed_test(make_env, num_cycles=200)
    seed_test(lambda: raw_env(auto_forced=True), num_cycles=200)


def test_seeding_semantics():
    a, b = raw_env(seed=11), raw_env(seed=11)
    a.reset()
    b.reset()
    assert np.array_equal(a.game.state, b.game.state)
    a.reset()
    b.reset()  # seedless resets after a seed replay the same sequence
    assert np.array_equal(a.game.state, b.game.state)
    c = raw_env()
    c.reset(seed=11)
    assert np.array_equal(c.game.state, Game.new(seed=11).state)
    d1, d2 = raw_env(), raw_env()
    d1.reset()
    d2.reset()
    assert not np.array_equal(d1.game.state, d2.game.state)  # fresh entropy


# ---------------------------------------------------------------- rollouts
def test_masked_random_games():
    rng = np.random.default_rng(0)
    for seed in range(3):
        e = make_env(seed=seed)
        e.reset()
        steps = [0]

        def check(e, agent, obs):
            u = e.unwrapped
            assert agent == e.agent_selection
            if u.game.is_over:
                assert not obs["action_mask"].any()
                return
            steps[0] += 1
            assert agent == u.game.current_player
            assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
            assert obs["observation"].shape == (OBS_SIZE,) and obs["action_mask"].shape == (N_ACTIONS,)
            assert np.array_equal(np.flatnonzero(obs["action_mask"]), np.sort(u.game.legal_actions()))
            assert obs["action_mask"].sum() > 0
            for other in u.possible_agents:
                o = u.observe(other)
                assert e.observation_space(other).contains(o)
                if other != agent:
                    assert not o["action_mask"].any()
            assert e.infos[agent]["decision"] == u.game.decision

        final = _play_to_end(e, rng, check)
        g = e.unwrapped.game
        assert steps[0] > 50 and g.is_over and not e.agents
        assert set(final) == {"marquise", "eyrie"}
        if g.truncated:
            assert all(r == 0 and trunc and not term for r, term, trunc, _ in final.values())
        else:
            assert len(g.winners) == 1
            assert sum(r for r, *_ in final.values()) == 0
            for a, (r, term, trunc, info) in final.items():
                assert term and not trunc
                assert r == (1 if a in g.winners else -1)
                assert info["winners"] == g.winners


def test_multi_step_and_interrupts_follow_the_decider():
    """The same agent often acts several times in a row; agent_selection always tracks the game."""
    e = raw_env(seed=5)
    e.reset()
    rng = np.random.default_rng(5)
    runs, prev, switches, interrupts = 0, None, 0, 0
    while not e.game.is_over:
        assert e.agent_selection == e.game.current_player
        if e.agent_selection == prev:
            runs += 1
        elif prev is not None:
            switches += 1
        if e.game.phase != "setup" and e.agent_selection != e.game.active:
            interrupts += 1  # Ambush!, Field Hospitals, ...: the non-active faction decides
        prev = e.agent_selection
        e.step(_random_action(e, e.observe(e.agent_selection), rng))
    assert runs > 100 and switches > 10


def test_truncation_at_turn_cap():
    e = make_env(seed=1, max_turns=3)
    e.reset()
    final = _play_to_end(e, np.random.default_rng(1))
    g = e.unwrapped.game
    assert g.truncated and g.turn == 3
    assert all(r == 0 and trunc and not term for r, term, trunc, _ in final.values())


def test_random_seating_and_auto_forced():
    for seed in range(6):
        e = raw_env(seed=seed, random_seating=True, auto_forced=True)
        e.reset()
        assert e.agents == list(e.game.factions)
        assert set(e.agents) == set(e.possible_agents) == {"marquise", "eyrie"}
        assert e.agent_selection == e.game.current_player


# ---------------------------------------------------------------- copying
def _advance(e, n, rng):
    for _ in range(n):
        obs, *_ = e.last()
        e.step(_random_action(e, obs, rng))


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_pickle_round_trip(how):
    e = make_env(seed=21)
    e.reset()
    _advance(e, 150, np.random.default_rng(0))
    f = pickle.loads(pickle.dumps(e)) if how == "pickle" else copy.deepcopy(e)
    assert f.unwrapped is not e.unwrapped
    assert np.array_equal(f.unwrapped.game.state, e.unwrapped.game.state)
    r1, r2 = np.random.default_rng(9), np.random.default_rng(9)
    for a1, a2 in zip(e.agent_iter(), f.agent_iter()):
        assert a1 == a2
        o1, rew1, t1, tr1, i1 = e.last()
        o2, rew2, t2, tr2, i2 = f.last()
        assert np.array_equal(o1["observation"], o2["observation"])
        assert np.array_equal(o1["action_mask"], o2["action_mask"])
        assert (rew1, t1, tr1, i1) == (rew2, t2, tr2, i2)
        assert e.rewards == f.rewards and e.terminations == f.terminations
        if t1 or tr1:
            e.step(None)
            f.step(None)
        else:
            e.step(_random_action(e, o1, r1))
            f.step(_random_action(f, o2, r2))
    assert not e.agents and not f.agents
    assert np.array_equal(e.unwrapped.game.state, f.unwrapped.game.state)


# ---------------------------------------------------------------- hidden information
def _swap_hand_card_with_deck(state, owner: str, viewer_id: int) -> bool:
    """Swap one card of `owner`'s hand (that the viewer has not seen) with one deck card."""
    o = FACTION_NAMES.index(owner)
    loc = state[CARD_LOC:CARD_LOC + NCARD]
    hand = [c for c in range(NCARD) if loc[c] == LOC_HAND + o and not (state[CARD_KNOWN + c] >> viewer_id) & 1]
    deck = [c for c in range(NCARD) if loc[c] == LOC_DECK and not (state[CARD_KNOWN + c] >> viewer_id) & 1]
    if not hand or not deck:
        return False
    c, d = hand[0], deck[-1]
    state[CARD_LOC + c], state[CARD_LOC + d] = LOC_DECK, LOC_HAND + o
    state[CARD_KNOWN + c], state[CARD_KNOWN + d] = state[CARD_KNOWN + d], state[CARD_KNOWN + c]
    pos = [i for i in range(int(state[DECK_N])) if state[DECK + i] == d]
    assert len(pos) == 1
    state[DECK + pos[0]] = c
    return True


def test_other_hand_does_not_leak():
    e = raw_env(seed=8)
    e.reset()
    rng = np.random.default_rng(8)
    checked = 0
    for step in range(600):
        if e.game.is_over:
            break
        if step % 25 == 0:
            for viewer in e.possible_agents:
                other = next(a for a in e.possible_agents if a != viewer)
                before = e.observe(viewer)["observation"]
                other_before = e.observe(other)["observation"]
                saved = e.game.state.copy()
                if not _swap_hand_card_with_deck(e.game.state, other, FACTION_NAMES.index(viewer)):
                    continue
                after = e.observe(viewer)["observation"]
                assert np.array_equal(before, after), f"{viewer} sees a change in {other}'s hand at step {step}"
                # The edit is real: the owner does see its new card.
                assert not np.array_equal(other_before, e.observe(other)["observation"])
                e.game.state[:] = saved
                checked += 1
        e.step(_random_action(e, e.observe(e.agent_selection), rng))
    assert checked >= 10


# ---------------------------------------------------------------- bad input, illegal actions
@pytest.mark.parametrize("kwargs", [
    {"factions": ("marquise", "lemmings")},
    {"factions": ("marquise",)},
    {"factions": ("marquise", "marquise")},
    {"factions": "marquise"},
    {"render_mode": "svg"},
    {"max_turns": 0},
    {"seed": -1},
])
def test_bad_constructor_arguments(kwargs):
    with pytest.raises(ValueError):
        raw_env(**kwargs)
    with pytest.raises(ValueError):
        make_env(**kwargs)


def test_unknown_faction_is_root_error():
    with pytest.raises(root_env.RootError, match="lemmings"):
        make_env(factions=("marquise", "lemmings"))


def test_illegal_action_wrapped_terminates():
    e = make_env(seed=4)
    e.reset()
    _advance(e, 30, np.random.default_rng(4))
    agent = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    rewards = {}
    for a in e.agent_iter():
        _, r, term, trunc, _ = e.last()
        assert term or trunc
        rewards[a] = r
        e.step(None)
    assert rewards[agent] == -1
    assert all(r == 0 for a, r in rewards.items() if a != agent)
    assert set(rewards) == {"marquise", "eyrie"}


def test_illegal_action_raw_raises_and_keeps_state():
    e = raw_env(seed=4)
    e.reset()
    _advance(e, 30, np.random.default_rng(4))
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.game.state.tobytes()
    sel, rew, cum = e.agent_selection, dict(e.rewards), dict(e._cumulative_rewards)
    for bad in (int(np.flatnonzero(mask == 0)[0]), N_ACTIONS, -1, 1.5, None):
        with pytest.raises(IllegalActionError):
            e.step(bad)
        assert e.game.state.tobytes() == before
        assert (e.agent_selection, e.rewards, e._cumulative_rewards) == (sel, rew, cum)
    e.step(int(np.flatnonzero(mask)[0]))  # and the game goes on


# ---------------------------------------------------------------- rendering
def test_render():
    e = make_env(seed=2, render_mode="ansi")
    e.reset()
    _advance(e, 120, np.random.default_rng(2))
    text = e.render()
    lines = text.splitlines()
    assert lines[0].startswith("Turn ") and "VP MQ" in lines[0]
    assert [int(line.split()[0]) for line in lines[1:13]] == list(range(1, 13))
    assert "keep" in text and "Hands:" in text and "Eyrie: leader" in text
    assert "rule" in lines[1]
    assert e.render() == render_text(e.unwrapped.game)
    # Hidden information stays hidden unless a viewer is named.
    g = e.unwrapped.game
    hand = g.to_dict()["hands"]["eyrie"]
    if hand:
        assert "Hand of eyrie" in render_text(g, viewer="eyrie")
        assert "Hand of" not in text
    e.close()


def test_render_without_mode_warns():
    e = make_env(seed=2)
    e.reset()
    with pytest.warns(UserWarning):
        warnings.simplefilter("always")
        assert e.render() is None


def test_render_game_over():
    g = Game.new(seed=3)
    rng = np.random.default_rng(3)
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
    assert "GAME OVER" in render_text(g).splitlines()[0]

"""The observation by name (root_env.observation): field slicing against the state, normalisation
in every API that returns observations, the generated docs table, and PettingZoo's float rewards."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from root_env import Game
from root_env.data import NC, NF, NCARD, FACTION_NAMES, BOT_CODE_FLAG
from root_env.engine import batch as B
from root_env.engine.observe import OBS_TABLE, OBS_SIZE, OBS_FIELDS, OBS_INV_SCALE, CARD_FEATURE_NAMES
from root_env.game import faction_ids
from root_env.layout import WARRIORS, BUILDINGS, TOKENS, VP, HAND_N, CARD_LOC, LOC_HAND, TURN, MAX_TURNS
from root_env.observation import DOC_PATH, doc_section, field_slices, obs_fields, observation_space
from root_env.pettingzoo_env import env as make_env, raw_env
from root_env.vector import RootVectorEnv

FOUR = ("marquise", "eyrie", "alliance", "vagabond")


def _played(factions=FOUR, seed=0, decisions=400) -> Game:
    g = Game.new(factions, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        if g.is_over:
            break
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def test_table_covers_the_vector_in_order():
    sl = field_slices()
    assert [n for n, _ in OBS_FIELDS] == [f.name for f in OBS_TABLE] == list(sl)
    assert sum(f.size for f in OBS_TABLE) == OBS_SIZE == sl[OBS_TABLE[-1].name].stop
    assert all(len(f.axes) == len(f.shape) for f in OBS_TABLE)
    assert len(CARD_FEATURE_NAMES) == dict((f.name, f.shape) for f in OBS_TABLE)["cards"][1]


def test_obs_fields_match_the_state():
    g = _played()
    s = g.state
    for viewer in g.factions:
        obs = g.observe(viewer)
        f = obs_fields(obs)
        assert np.concatenate([f[x.name].ravel() for x in OBS_TABLE]).tobytes() == obs.tobytes()
        v = FACTION_NAMES.index(viewer)
        assert f["viewer"][v] == 1 and f["viewer"].sum() == 1
        assert (f["warriors"] == s[WARRIORS:WARRIORS + NF * NC].reshape(NF, NC)).all()
        assert (f["buildings"] == s[BUILDINGS:BUILDINGS + f["buildings"].size].reshape(f["buildings"].shape)).all()
        assert (f["tokens"] == s[TOKENS:TOKENS + f["tokens"].size].reshape(f["tokens"].shape)).all()
        assert (f["vp"] == s[VP:VP + NF]).all() and (f["hand_size"] == s[HAND_N:HAND_N + NF]).all()
        mine = s[CARD_LOC:CARD_LOC + NCARD] == LOC_HAND + v
        assert (f["cards"][:, CARD_FEATURE_NAMES.index("in_my_hand")] == mine).all()
        assert f["turn"][0] == s[TURN] and f["turns_left"][0] == s[MAX_TURNS] - s[TURN]
    # a batch: views of the same shapes behind the batch axes, no copy
    batch = np.stack([g.observe(p) for p in g.factions])
    fb = obs_fields(batch)
    assert fb["cards"].shape == (4, NCARD, len(CARD_FEATURE_NAMES)) and np.shares_memory(fb["cards"], batch)
    assert (fb["warriors"][2] == obs_fields(g.observe(g.factions[2]))["warriors"]).all()


def test_obs_fields_refuses_a_wrong_shape():
    import root_env
    assert root_env.obs_fields is obs_fields
    with pytest.raises(ValueError, match="obs_fields"):
        obs_fields(np.zeros(OBS_SIZE - 1, np.float32))
    with pytest.raises(ValueError, match="obs_fields"):
        obs_fields(np.float32(1.0))


def test_game_observe_normalize():
    g = _played(decisions=300)
    for p in g.factions:
        raw, norm = g.observe(p), g.observe(p, normalize=True)
        f = obs_fields(norm)
        turns = np.zeros(OBS_SIZE, bool)
        turns[field_slices()["turn"]] = turns[field_slices()["turns_left"]] = True
        assert np.allclose(norm[~turns], raw[~turns] * OBS_INV_SCALE[~turns])
        assert f["turns_left"][0] == pytest.approx((g.state[MAX_TURNS] - g.state[TURN]) / g.state[MAX_TURNS])
        assert observation_space(300, True).contains(norm) and observation_space(300, False).contains(raw)
    assert (g.observe(g.factions[0]) == g.observe(g.factions[0], normalize=False)).all()
    with pytest.raises(TypeError, match="normalize"):
        g.observe(g.factions[0], normalize="yes")


# Every faction, both Vagabonds and every Clockwork bot, in two- to eight-seat games (issue 31: the Riverfolk's boxes
# once reached 2.5 and Trade Disruption 3.0).
MIXES = [("marquise", "eyrie"), FOUR, ("vagabond", "alliance", "eyrie"),
         ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards", "riverfolk", "corvids"),
         ("riverfolk", "corvids"), ("lizards", "riverfolk", "vagabond", "vagabond2"),
         ("riverfolk", "marquise", "lizards"), ("corvids", "alliance", "riverfolk"),
         ("bot:mechanical_marquise", "bot:electric_eyrie", "bot:automated_alliance", "riverfolk", "corvids", "lizards")]


@pytest.mark.parametrize("factions", MIXES, ids=["+".join(m) for m in MIXES])
def test_normalized_entries_lie_in_about_0_1(factions):
    """Random games through the batch kernel with normalize=True, for faction mixes that seat every faction, both
    Vagabonds and every Clockwork bot: every entry of every seat's view is in [0, 1] where the divisor is a bound,
    and below 2 where it is a typical maximum (random play piles up more Alliance supporters than real play: 31
    seen, 1.55); the batch kernel's rows equal Game.observe(normalize=True)."""
    ids = faction_ids(factions)
    b = B.Batch(16, ids, normalize=True)
    b.reset(seed=100)
    exact = np.zeros(OBS_SIZE, bool)
    for f in OBS_TABLE:
        exact[field_slices()[f.name]] = f.exact
    hi = np.zeros(OBS_SIZE, np.float32)
    out = np.zeros((16, OBS_SIZE), np.float32)
    for step in range(3000):
        b.random_step()
        assert b.obs.min() >= 0
        np.maximum(hi, b.obs.max(axis=0), out=hi)
        if step % 50 == 0:
            for p in ids % BOT_CODE_FLAG:  # every seat's view, not only the decider's
                B.observe_batch(b.states, np.full(16, p), out, True)
                np.maximum(hi, out.max(axis=0), out=hi)
            g = 3
            game = Game.from_state(b.states[g].copy())
            if not game.is_over and game.current_player is not None:
                assert (b.obs[g] == game.observe(game.current_player, normalize=True)).all()
    assert hi[exact].max() <= 1.0, [f.name for f in OBS_TABLE if f.exact and hi[field_slices()[f.name]].max() > 1]
    assert hi.max() < 2.0, [f.name for f in OBS_TABLE if hi[field_slices()[f.name]].max() >= 2.0]


def test_docs_table_is_generated_from_the_table():
    text = DOC_PATH.read_text(encoding="utf-8")
    assert doc_section() in text, "run: python -m root_env.observation --write-docs"


def test_vector_env_normalize():
    v = RootVectorEnv(3, FOUR, seed=5, normalize=True)
    obs, infos = v.reset()
    assert v.observation_space.contains(obs)
    for _ in range(50):
        obs, *_ = v.step(v.random_actions(np.random.default_rng(0)))
    for g in range(3):
        game = Game.from_state(v.states[g].copy())
        assert (obs["observation"][g] == game.observe(game.current_player, normalize=True)).all()


def test_pettingzoo_normalize_and_float_rewards():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(raw_env(seed=3, normalize=True, max_turns=4), num_cycles=400)
    e = raw_env(factions=FOUR, seed=1, normalize=True, max_turns=8)
    e.reset()
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        assert type(reward) is float
        assert (obs["observation"] == e.game.observe(agent, normalize=True)).all()
        assert e.observation_space(agent)["observation"].contains(obs["observation"])
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert all(type(r) is float for r in e.rewards.values())
    with pytest.raises(TypeError, match="normalize"):
        raw_env(normalize="yes")
    w = make_env(seed=2)
    w.reset()
    assert all(type(r) is float for r in w.rewards.values())


def test_pettingzoo_docstring_is_current():
    """The env card states the sizes, factions and version the code has."""
    import root_env.pettingzoo_env as pz
    from root_env.codes import N_ACTIONS
    from root_env.data import IMPLEMENTED_FACTIONS

    doc = pz.__doc__
    assert f"Discrete({N_ACTIONS})" in doc and f"({OBS_SIZE},)" in doc and f"({N_ACTIONS},) int8" in doc
    assert ("four base factions" in doc and "Lizard Cult" in doc and "Riverfolk Company" in doc
            and "Corvid" in doc and "second Vagabond" in doc and "Lord of the Hundreds" in doc
            and "Keepers in Iron" in doc and "Underground Duchy" in doc and len(IMPLEMENTED_FACTIONS) == 11)
    assert f"* {raw_env.metadata['name']}:" in doc

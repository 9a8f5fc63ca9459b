"""The seated observation (``observation="seated"``, issue 32): the full observation without the entries of the
factions that are not seated and of the rules they bring, written by its own compiled encoder
(``engine.observe_seated``): equal, entry for entry, to the full observation at ``layout.index``; the entries it drops
are zero in every game of those seats."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from root_env.engine import batch as B
from root_env.engine.observe import OBS_SIZE, OBS_TABLE, normalize, observe
from root_env.engine.observe_seated import observe_seated, normalize_seated, seated_layout, FIELD_OWNERS
from root_env.errors import RootError
from root_env.inputs import faction_ids
from root_env.data import BOT_CODE_FLAG
from root_env.observation import obs_fields, seated_fields, fields_markdown, observation_space
from root_env.vector import RootVectorEnv
from root_env import pettingzoo_env

REPO = Path(__file__).resolve().parent.parent
TWO = ("marquise", "eyrie")
FIVE = ("vagabond", "riverfolk", "corvids", "keepers", "hundreds")
MIXES = (TWO, ("alliance", "lizards"), FIVE, ("bot:mechanical_marquise", "eyrie", "vagabond"),
         ("marquise", "vagabond", "vagabond2", "alliance"))


def _bits(a):
    return np.ascontiguousarray(a, np.float32).view(np.uint32)


def _positions(mix, games=8, steps=220, seed=0, max_turns=60):
    """Every position of random games of `mix` (a batch of `games`, `steps` decisions each, games restarting)."""
    b = B.Batch(games, faction_ids(mix), max_turns=max_turns, obs=False, mask=False)
    b.reset(seed=seed)
    for _ in range(steps):
        b.random_step()
        yield b.states


def test_the_two_player_layout_keeps_the_seated_factions_columns_and_drops_the_absent_rules():
    lay = seated_fields(TWO)
    names = [f.name for f in lay.table]
    f = dict((x.name, x) for x in lay.table)
    assert lay.size == 1481 and lay.index.shape == (1481,) and lay.size < OBS_SIZE / 2
    assert f["warriors"].shape == (2, 12) and f["cards"].shape == (54, 14) and f["buildings"].shape == (4, 12)
    assert f["tokens"].shape == (2, 12) and "ey_leader" in names and "mq_actions" in names
    for gone in ("alliance_officers", "vagabond_character", "quests", "plots", "bots", "keepers_places",
                 "hundreds_mood", "riverfolk_boxes", "lizards_outcast"):
        assert gone not in names
    full = obs_fields(np.arange(OBS_SIZE), OBS_TABLE)
    mine = obs_fields(lay.index, lay.table)  # each seated field's full indices, by name
    assert np.array_equal(mine["warriors"], full["warriors"][:2])
    assert np.array_equal(mine["vp"], full["vp"][:2]) and np.array_equal(mine["open_paths"], full["open_paths"])
    assert sum(x.size for x in lay.table) == lay.size and np.all(np.diff(lay.index) > 0)
    assert "| warriors | 2..25 | 2×12:" in fields_markdown(lay.table)


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "+".join(m))
def test_seated_observation_is_the_full_one_at_its_index_after_every_decision(mix):
    """After every decision of random games, every seat as viewer, float32 raw and normalised and uint8: the seated
    encoder writes the full observation's entries at ``layout.index`` (into buffers full of garbage), and each entry
    it drops holds one value in every position of every game of these seats (zero, or a constant of an absent
    faction such as its untouched supply), but for the absent Marquise's and Corvids' Daylight actions, which every
    turn's start sets to 3 for every faction (0 during setup: what the phase field shows). Nothing a game of these
    seats can show is lost."""
    codes = faction_ids(mix)
    lay = seated_layout(codes)
    dropped = np.setdiff1d(np.arange(OBS_SIZE), lay.index)
    viewers = codes % BOT_CODE_FLAG
    first = None
    seen = 0
    for states in _positions(mix):
        for s in states:
            for v in viewers:
                full = observe(s, v, np.full(OBS_SIZE, np.nan, np.float32))
                first = full[dropped].copy() if first is None else first
                moved = dropped[full[dropped] != first]
                assert {OBS_TABLE_NAME[i] for i in moved} <= {"mq_actions", "corvids_turn"}
                assert set(full[moved].tolist()) <= {0.0, 3.0} and set(first[np.isin(dropped, moved)]) <= {0.0, 3.0}
                got = observe_seated(s, v, np.full(lay.size, np.nan, np.float32), lay.sel)
                assert np.array_equal(_bits(got), _bits(full[lay.index]))
                narrow = observe_seated(s, v, np.full(lay.size, 77, np.uint8), lay.sel)
                assert np.array_equal(narrow, full[lay.index].astype(np.uint8))
                normalize(s, full)
                normalize_seated(s, got, lay.sel)
                assert np.array_equal(_bits(got), _bits(full[lay.index]))
                seen += 1
    assert seen > 3000


OBS_TABLE_NAME = [f.name for f in OBS_TABLE for _ in range(f.size)]


@pytest.mark.parametrize("mode", ["SameStep", "NextStep"])
@pytest.mark.parametrize("dtype,normalized", [("float32", False), ("float32", True), ("uint8", False)])
def test_seated_vector_env_plays_the_full_envs_games_with_the_cut_observations(mode, dtype, normalized):
    """The same seeds and actions in a full and a seated env: the same games, masks, rewards and flags, and every
    observation, final observation and seat view of the seated env is the full env's at ``obs_index``; partial
    resets too."""
    for mix in (TWO, FIVE):
        kw = dict(seed=5, max_turns=14, normalize=normalized, autoreset_mode=mode, obs_dtype=dtype)
        full, cut = RootVectorEnv(8, mix, **kw), RootVectorEnv(8, mix, observation="seated", **kw)
        idx = cut.obs_index
        assert cut.obs_size == seated_fields(mix).size and cut.single_observation_space["observation"].shape == (cut.obs_size,)
        assert np.array_equal(cut.obs_scale, full.obs_scale[idx])
        a, c = full.reset(), cut.reset()
        rng = np.random.default_rng(2)
        ended = 0
        for step in range(300):
            (oa, ia), (oc, ic) = a, c
            assert oc["observation"].dtype == np.dtype(dtype) and cut.observation_space.contains(oc)
            assert np.array_equal(oc["observation"], oa["observation"][:, idx])
            assert np.array_equal(oc["action_mask"], oa["action_mask"]) and np.array_equal(full.states, cut.states)
            acts = full.random_actions(rng)
            ra, rc = full.step(acts), cut.step(acts)
            for x, y in zip(ra[1:4], rc[1:4]):
                assert np.array_equal(x, y)
            ia, ic = ra[4], rc[4]
            fa, fc = ia.get("final_info", ia), ic.get("final_info", ic)
            if "seat_obs" in fc:
                for g in np.flatnonzero(fc["_seat_obs"]):
                    ended += 1
                    assert np.array_equal(fc["seat_obs"][g], fa["seat_obs"][g][:, idx])
                    if mode == "SameStep":
                        assert np.array_equal(ic["final_obs"][g]["observation"], ia["final_obs"][g]["observation"][idx])
            a, c = (ra[0], ia), (rc[0], ic)
            if step == 150:
                mask = np.arange(8) % 3 == 0
                a, c = full.reset(options={"reset_mask": mask}), cut.reset(options={"reset_mask": mask})
        assert ended >= 2, mix


def test_pettingzoo_seated_observation_is_the_full_one_cut():
    kw = dict(factions=FIVE, seed=3, max_turns=30, normalize=True)
    full, cut = pettingzoo_env.raw_env(**kw), pettingzoo_env.raw_env(observation="seated", **kw)
    full.reset(), cut.reset()
    idx = cut.obs_index
    assert cut.observation_space("keepers")["observation"].shape == (seated_fields(FIVE).size,)
    assert np.array_equal(cut.observation_space("keepers")["observation"].high,
                          observation_space(30, True).high[idx])
    rng = np.random.default_rng(0)
    for _ in range(200):
        if not full.agents:
            break
        for agent in full.agents:
            o, p = full.observe(agent), cut.observe(agent)
            assert np.array_equal(_bits(p["observation"]), _bits(o["observation"][idx]))
            assert cut.observation_space(agent).contains(p)
        legal = np.flatnonzero(full.observe(full.agent_selection)["action_mask"])
        a = int(rng.choice(legal))
        full.step(a), cut.step(a)


def test_bad_observation_options_are_refused():
    with pytest.raises(RootError, match="observation must be one of 'full', 'seated', got 'small'"):
        RootVectorEnv(2, observation="small")
    with pytest.raises(TypeError, match="observation"):
        RootVectorEnv(2, observation=None)
    with pytest.raises(RootError, match="observation must be one of 'full', 'seated'"):
        pettingzoo_env.raw_env(observation="seatd")
    with pytest.raises(RootError, match="observation must be one of 'full', 'seated', got 'cut'"):
        B.Batch(2, np.array([0, 1]), observation="cut")
    with pytest.raises(RootError, match="observation must be one of 'full', 'seated', got None"):
        B.Batch(2, np.array([0, 1]), observation=None)  # inputs.check_choice, as the PettingZoo env checks it
    with pytest.raises(ValueError, match="expected an observation with last axis 1481"):
        obs_fields(np.zeros(OBS_SIZE), seated_fields(TWO).table)


def test_the_full_observation_stays_the_default():
    v = RootVectorEnv(2)
    assert v.observation == "full" and v.obs_size == OBS_SIZE and v.obs_table is OBS_TABLE
    assert v.single_observation_space["observation"].shape == (OBS_SIZE,) and v._batch.layout is None
    assert v._batch.ints.shape[0] == B.int_block_size(2, 2)


def test_the_full_and_the_seated_step_are_kernels_of_their_own(monkeypatch):
    """The default (full) step never reads a seated layout: it runs ``vector_step``, whose ``_observe_row`` is
    compiled for ``sel`` None, and its batch's int64 block ends with the views; a seated env runs
    ``vector_step_seated``, which reads the layout that follows them (issue 32: the full step had slowed by reading
    an empty one)."""
    calls = []
    for name in ("vector_step", "vector_step_seated"):
        real = getattr(B, name)
        monkeypatch.setattr(B, name, lambda *a, real=real, name=name: calls.append(name) or real(*a))
    full, cut = RootVectorEnv(3, TWO, seed=2), RootVectorEnv(3, TWO, seed=2, observation="seated")
    full.reset(), cut.reset()
    assert full._batch.ints.size == B.int_block_size(3, 2)
    assert cut._batch.ints.size == B.int_block_size(3, 2) + cut._batch.layout.sel.shape[0]
    rng = np.random.default_rng(2)
    for _ in range(5):
        a = full.random_actions(rng)
        o, *_ = full.step(a)
        assert calls == ["vector_step"]
        p, *_ = cut.step(a)
        assert calls == ["vector_step", "vector_step_seated"]
        assert np.array_equal(p["observation"], o["observation"][:, cut.obs_index])
        calls.clear()


def test_every_owned_field_names_a_field_of_the_table():
    assert set(FIELD_OWNERS) <= {f.name for f in OBS_TABLE}


def test_seated_env_without_the_compiler_writes_the_full_envs_entries():
    """NUMBA_DISABLE_JIT=1: the seated uint8 env as plain Python writes the compiled full env's entries at its
    index (a short game of five factions, ends included)."""
    code = ("import numpy as np, hashlib; from root_env.vector import RootVectorEnv; "
            "v = RootVectorEnv(2, %r, seed=4, max_turns=3, obs_dtype='uint8', observation='seated'); o, _ = v.reset(); "
            "r = np.random.default_rng(0); h = hashlib.sha256(o['observation'].tobytes()); "
            "[h.update(v.step(v.random_actions(r))[0]['observation'].tobytes()) for _ in range(40)]; "
            "print(h.hexdigest())") % (FIVE,)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=REPO)
    import hashlib
    v = RootVectorEnv(2, FIVE, seed=4, max_turns=3, obs_dtype="uint8")
    idx = seated_fields(FIVE).index
    o, _ = v.reset()
    r = np.random.default_rng(0)
    h = hashlib.sha256(np.ascontiguousarray(o["observation"][:, idx]).tobytes())
    for _ in range(40):
        h.update(np.ascontiguousarray(v.step(v.random_actions(r))[0]["observation"][:, idx]).tobytes())
    assert out.stdout.split() == [h.hexdigest()]


def test_single_agent_env_seated_observation_is_the_full_one_cut():
    from root_env.single_agent import SingleAgentEnv
    kw = dict(faction="eyrie", factions=TWO, opponents="random", max_turns=20, normalize=True)
    full, cut = SingleAgentEnv(**kw), SingleAgentEnv(observation="seated", **kw)
    (o, i), (p, j) = full.reset(seed=1), cut.reset(seed=1)
    assert cut.observation_space.shape == (1481,) and cut.observation_space.contains(p)
    rng = np.random.default_rng(0)
    for _ in range(150):
        assert np.array_equal(_bits(p), _bits(o[cut.obs_index]))
        a = int(rng.choice(np.flatnonzero(i["action_mask"])))
        (o, r, te, tr, i), (p, r2, te2, tr2, j) = full.step(a), cut.step(a)
        assert (r, te, tr) == (r2, te2, tr2)
        if te or tr:
            assert np.array_equal(_bits(p), _bits(o[cut.obs_index]))
            (o, i), (p, j) = full.reset(), cut.reset()
    with pytest.raises(RootError, match="observation must be one of"):
        SingleAgentEnv(observation="half")

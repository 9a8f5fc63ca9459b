"""The vector env's compact observations (``obs_dtype="uint8"`` / ``"uint16"``, issue 32): the raw integer entries
written by the same compiled encoder, which ``obs_scale`` turns into the float32 observation bit for bit."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from root_env.engine import batch as B
from root_env.engine.observe import OBS_SIZE, normalize, observe
from root_env.errors import RootError
from root_env.layout import FACTION_SEAT, MAX_TURNS
from root_env.data import NF
from root_env.vector import RootVectorEnv
import observe_reference as R

REPO = Path(__file__).resolve().parent.parent


def _bits(a):
    return np.ascontiguousarray(a, np.float32).view(np.uint32)


def test_compact_observation_times_the_scale_is_the_float_observation_of_every_reference_position():
    """Every seated faction's view of the 224 reference positions (seven mixes: the base factions, Lizards,
    Riverfolk, Corvids, two Vagabonds, a Clockwork bot), raw and normalised: the uint16 encoding times
    ``obs_scale`` is the float32 encoding, bit for bit; the uint8 one is the same integers but in the turn
    fields (these games' cap, 300, does not fit a uint8: the vector env refuses uint8 with it)."""
    with np.load(R.PATH) as z:
        states = z["states"]
    views = 0
    for s in states:
        cap = int(s[MAX_TURNS])
        raw_scale, norm_scale = B.obs_scale(cap, False), B.obs_scale(cap, True)
        for f in range(NF):
            if s[FACTION_SEAT + f] < 0:
                continue
            want = observe(s, f, np.full(OBS_SIZE, np.nan, np.float32))
            got = observe(s, f, np.full(OBS_SIZE, 777, np.uint16))
            narrow = observe(s, f, np.full(OBS_SIZE, 77, np.uint8))
            assert np.array_equal(np.delete(narrow, B._TURN_AT), np.delete(got, B._TURN_AT))  # cap 300 > 255
            assert np.array_equal(_bits((got * raw_scale).astype(np.float32)), _bits(want))
            normalize(s, want)
            assert np.array_equal(_bits((got * norm_scale).astype(np.float32)), _bits(want))
            views += 1
    assert views > 800


def test_the_turn_fields_scale_rounds_as_normalize_divides_for_every_turn_and_cap():
    """``normalize`` divides the turn fields by the cap (float64, rounded to float32); the float64 factor
    1 / cap times the raw turn rounds to the same float32 for every turn 0..cap and every cap up to 3,000."""
    for cap in range(1, 3001):
        t = np.arange(cap + 1)
        want = (t.astype(np.float32).astype(np.float64) / cap).astype(np.float32)
        got = (t.astype(np.uint16) * B.obs_scale(cap, True)[B._TURN_AT[0]]).astype(np.float32)
        assert np.array_equal(_bits(got), _bits(want)), cap


MIXES = (("marquise", "eyrie"), ("vagabond", "vagabond2", "riverfolk"), ("lizards", "corvids", "alliance"),
         ("bot:mechanical_marquise", "eyrie", "vagabond"))


@pytest.mark.parametrize("mode", ["SameStep", "NextStep"])
@pytest.mark.parametrize("normalized", [False, True])
def test_compact_vector_env_plays_the_same_games_as_the_float32_one(mode, normalized):
    """The same seeds and actions: the same games, masks, rewards, flags and infos, and every observation,
    final observation and seat view of the uint8 env times ``obs_scale`` equals the float32 env's, bit for bit
    (short games: a low turn cap truncates some, others end by a win)."""
    for mix in MIXES:
        kw = dict(seed=3, max_turns=12, normalize=normalized, autoreset_mode=mode)
        f32, u8 = RootVectorEnv(8, mix, **kw), RootVectorEnv(8, mix, obs_dtype="uint8", **kw)
        assert u8.observation_space["observation"].dtype == np.uint8 and u8.obs_scale.dtype == np.float64
        a, c = f32.reset(), u8.reset()
        rng = np.random.default_rng(1)
        ended = 0
        for _ in range(400):
            (oa, ia), (oc, ic) = a, c
            assert oc["observation"].dtype == np.uint8 and u8.observation_space.contains(oc)
            assert np.array_equal(_bits((oc["observation"] * u8.obs_scale).astype(np.float32)),
                                  _bits(oa["observation"]))
            assert np.array_equal(oc["action_mask"], oa["action_mask"])
            assert np.array_equal(f32.states, u8.states)
            acts = f32.random_actions(rng)
            ra, rc = f32.step(acts), u8.step(acts)
            for x, y in zip(ra[1:4], rc[1:4]):
                assert np.array_equal(x, y)
            ia, ic = ra[4], rc[4]
            assert ia.keys() == ic.keys()
            fa = ia.get("final_info", ia)
            fc = ic.get("final_info", ic)
            for k in ("final_vp", "winners", "episode_decisions", "episode_turns", "current_player", "seat_rewards"):
                if k in fa:
                    assert np.array_equal(fa[k], fc[k]), k
            if "seat_obs" in fc:
                for g in np.flatnonzero(fc["_seat_obs"]):
                    ended += 1
                    assert np.array_equal(_bits((fc["seat_obs"][g] * u8.obs_scale).astype(np.float32)),
                                          _bits(fa["seat_obs"][g]))
                    if mode == "SameStep":
                        assert np.array_equal(
                            _bits((ic["final_obs"][g]["observation"] * u8.obs_scale).astype(np.float32)),
                            _bits(ia["final_obs"][g]["observation"]))
            a, c = (ra[0], ia), (rc[0], ic)
        assert ended >= 2, mix


def test_obs_dtype_choices_and_their_limits():
    v = RootVectorEnv(2, obs_dtype=np.uint16, normalize=True)  # default cap 300: uint16
    assert v.obs_dtype == np.uint16 and v.observation_space["observation"].high.max() == 300
    assert v.obs_scale[B._TURN_AT].tolist() == [1 / 300] * len(B._TURN_AT)
    assert RootVectorEnv(2).obs_scale.tolist() == [1.0] * OBS_SIZE  # float32: the observation itself
    assert RootVectorEnv(2, obs_dtype="uint8", max_turns=255).obs_dtype == np.uint8
    with pytest.raises(RootError, match="uint8 holds values up to 255.*max_turns 300"):
        RootVectorEnv(2, obs_dtype="uint8")
    with pytest.raises(RootError, match="max_turns 70000"):
        RootVectorEnv(2, obs_dtype="uint16", max_turns=70_000)
    with pytest.raises(RootError, match="obs_dtype must be one of 'float32', 'uint8', 'uint16', got 'int8'"):
        RootVectorEnv(2, obs_dtype="int8")
    with pytest.raises(TypeError, match="obs_dtype"):
        RootVectorEnv(2, obs_dtype=3)
    with pytest.raises(RootError, match="normalize needs obs_dtype float32"):
        B.Batch(2, np.array([0, 1]), normalize=True, obs_dtype=np.uint8, max_turns=20)


def _run_without_jit(code: str) -> subprocess.CompletedProcess:
    """`code` run as plain Python (NUMBA_DISABLE_JIT=1) in a fresh process from this checkout."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=REPO)


def test_compact_uint16_env_runs_without_the_compiler_with_the_same_bytes():
    """NUMBA_DISABLE_JIT=1: the uint16 env as plain Python writes the integers of the compiled float32 env."""
    code = ("import numpy as np, hashlib; from root_env.vector import RootVectorEnv; "
            "v = RootVectorEnv(2, ('marquise', 'vagabond'), seed=4, obs_dtype='uint16'); o, _ = v.reset(); "
            "r = np.random.default_rng(0); h = hashlib.sha256(o['observation'].tobytes()); "
            "[h.update(v.step(v.random_actions(r))[0]['observation'].tobytes()) for _ in range(30)]; "
            "print(o['observation'].dtype, h.hexdigest())")
    out = _run_without_jit(code)
    import hashlib
    v = RootVectorEnv(2, ("marquise", "vagabond"), seed=4)  # the float32 env, compiled: the same integers
    o, _ = v.reset()
    r = np.random.default_rng(0)
    h = hashlib.sha256(o["observation"].astype(np.uint16).tobytes())
    for _ in range(30):
        h.update(v.step(v.random_actions(r))[0]["observation"].astype(np.uint16).tobytes())
    assert out.stdout.split() == ["uint16", h.hexdigest()]


def test_compact_env_on_threads_gives_the_serial_bytes_without_the_compiler():
    """NUMBA_DISABLE_JIT=1 (the threaded uint8 kernel is compiled on first use only): slices of the games on two
    threads write the same uint8 observations, masks and final views as the serial step."""
    code = ("import numpy as np, hashlib; from root_env.vector import RootVectorEnv\n"
            "for par in (False, True):\n"
            "    v = RootVectorEnv(4, ('marquise', 'eyrie'), seed=2, max_turns=3, obs_dtype='uint8', parallel=par, "
            "threads=2)\n"
            "    o, _ = v.reset(); r = np.random.default_rng(0); h = hashlib.sha256(o['observation'].tobytes()); n = 0\n"
            "    for _ in range(60):\n"
            "        o, rew, te, tr, i = v.step(v.random_actions(r)); n += int(te.sum() + tr.sum())\n"
            "        h.update(o['observation'].tobytes() + o['action_mask'].tobytes() + rew.tobytes())\n"
            "        [h.update(i['final_info']['seat_obs'][g].tobytes()) for g in np.flatnonzero(i.get('_final_info', []))]\n"
            "    print(v.parallel, n, h.hexdigest())\n")
    out = _run_without_jit(code)
    serial, threaded = (line.split() for line in out.stdout.splitlines())
    assert serial[0] == "False" and threaded[0] == "True" and int(serial[1]) >= 2 and serial[1:] == threaded[1:]


def test_a_partial_reset_of_a_compact_env_rewrites_only_the_reset_rows():
    """reset(options={"reset_mask": ...}): the restarted rows are written through the float32 scratch buffer and
    cast; the other rows keep their observation; all equal the float32 env's after the scale."""
    kw = dict(seed=6, max_turns=40, normalize=True)
    f32, u8 = RootVectorEnv(6, ("marquise", "alliance"), **kw), RootVectorEnv(6, ("marquise", "alliance"),
                                                                               obs_dtype="uint8", **kw)
    f32.reset(), u8.reset()
    rng = np.random.default_rng(3)
    for _ in range(25):
        acts = f32.random_actions(rng)
        f32.step(acts), u8.step(acts)
    mask = np.array([True, False, False, True, False, True])
    (oa, _), (oc, _) = f32.reset(options={"reset_mask": mask}), u8.reset(options={"reset_mask": mask})
    assert np.array_equal(_bits((oc["observation"] * u8.obs_scale).astype(np.float32)), _bits(oa["observation"]))
    assert np.array_equal(oc["action_mask"], oa["action_mask"]) and np.array_equal(f32.states, u8.states)

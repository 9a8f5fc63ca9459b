"""A policy's forward pass runs on one BLAS thread (root_env.blas_threads): numpy's default of one per core
collapses on a busy machine (benchmarks/blas_threads.py)."""
import numpy as np
import pytest
from root_env import blas_threads
from agents import pretrained


def _blas_threads():
    # the BLAS libraries the limit governs: those loaded when it was first used (numpy's; a torch imported later by
    # another test brings its own, which torch's thread setting governs, root_env.torch_threads)
    return {lib["filepath"]: lib["num_threads"] for lib in blas_threads.controller().info()}


def test_limited_sets_one_blas_thread_and_restores_the_process_setting():
    before = _blas_threads()
    assert any("numpy" in path for path in before), "numpy's BLAS is among the libraries governed"
    with blas_threads.limited():
        assert set(_blas_threads().values()) == {1}
    assert _blas_threads() == before


def test_the_environment_variable_sets_the_count_and_a_bad_one_is_refused(monkeypatch):
    monkeypatch.setenv(blas_threads.ENV_VAR, "2")
    assert blas_threads.inference_threads() == 2
    with blas_threads.limited():
        assert set(_blas_threads().values()) == {2}
    for bad in ("0", "-1", "two"):
        monkeypatch.setenv(blas_threads.ENV_VAR, bad)
        with pytest.raises(ValueError, match=blas_threads.ENV_VAR):
            blas_threads.inference_threads()


@pytest.mark.parametrize("faction", ["marquise", "eyrie"])  # an MLP and a structured network
def test_a_pretrained_forward_pass_runs_on_one_blas_thread(monkeypatch, faction):
    policy = pretrained.load(faction)
    seen = []
    tanh = np.tanh

    def spy(x, *a, **k):  # every layer's activation: the BLAS threads while the products run
        seen.append(set(_blas_threads().values()))
        return tanh(x, *a, **k)

    monkeypatch.setattr(np, "tanh", spy)
    obs = np.zeros((3, pretrained.OBS_SIZE), np.float32)
    obs[:, pretrained.FACTION_NAMES.index(faction)] = 1.0
    mask = np.ones((3, pretrained.N_ACTIONS), np.int8)
    assert policy.logits(obs, mask).shape == (3, pretrained.N_ACTIONS)
    assert seen and all(s == {1} for s in seen)

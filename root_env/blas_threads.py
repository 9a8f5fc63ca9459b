"""numpy's BLAS threads for a policy's forward pass: one per process, as torch's are (``root_env.torch_threads``).

numpy's bundled OpenBLAS splits a matrix product over every core once it is large enough (a shipped MLP's first layer
on one observation is). On a machine whose cores are busy, as they are beside a parallel arena, a balance study's
other jobs or a trainer, those threads wait for one another after every product: on the shared 2-core host, while two
other jobs ran, one decision of ``pretrained:marquise`` took 1.8 ms with the default threads and 0.11 ms with one;
``python -m benchmarks.blas_threads`` (every seat a shipped policy) measures 1.25x the wall time and 1.9x the CPU
with two threads beside an engine workload, and 0.69x the wall time at 1.3x the CPU on a quiet machine (a price
paid for not collapsing, as with torch's threads). So ``agents.pretrained`` runs its forward pass under ``limited()``:
``ROOT_ENV_BLAS_THREADS`` (a positive integer) threads, else 1, restored afterwards, so the rest of the process keeps
its own setting. threadpoolctl sets the count on the BLAS libraries loaded when it is first used.
"""
from __future__ import annotations

import os

ENV_VAR = "ROOT_ENV_BLAS_THREADS"
_controller = None


def inference_threads() -> int:
    """BLAS threads for a policy's forward pass: ``ROOT_ENV_BLAS_THREADS``, else 1."""
    text = os.environ.get(ENV_VAR, "").strip()
    if not text:
        return 1
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{ENV_VAR} must be a positive integer, got {text!r}")
    return int(text)


def controller():
    """The threadpoolctl controller of the BLAS libraries loaded when it was first asked for (numpy's among them)."""
    global _controller
    if _controller is None:
        from threadpoolctl import ThreadpoolController
        _controller = ThreadpoolController().select(user_api="blas")
    return _controller


def limited():
    """A context manager under which numpy's BLAS runs ``inference_threads()`` threads (a few microseconds)."""
    return controller().limit(limits=inference_threads(), user_api="blas")

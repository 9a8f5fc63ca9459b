"""Torch thread counts that fit the machine: one thread per process for inference, every usable core for training.

torch runs its operations on an OpenMP pool whose idle threads spin for a while before they sleep. Beside the
engine's own threads (``engine.threads``: Python threads running compiled slices of games) a torch pool sized to
every core takes the cores the games need, and evaluating a network can run many times slower than with one
torch thread (``benchmarks/torch_threads.py``; docs/performance.md, "Torch threads"). So:

- ``for_inference()``: the tools that play games with a network (``agents.evaluate``, ``agents.policies`` when it
  loads a checkpoint, ``agents.arena``, the balance tools) use ``inference_threads()`` torch threads: 1;
- ``for_training(n)``: the trainer (``agents.train``) uses ``n`` or ``training_threads()``: the cores this process
  may run on (``os.sched_getaffinity``) that other work is not keeping busy (the load average), since its PPO
  update is torch's alone; on a machine whose cores are all busy, one thread.

The environment variable ``ROOT_ENV_TORCH_THREADS`` (a positive integer) overrides both defaults. Otherwise a
process that chose its training threads keeps them: a later ``for_inference()`` (the trainer's evaluation plays
through the same tools) leaves them as they are. Nothing here imports torch: a process that never loads torch pays nothing, and
torch's setting is applied when torch is already imported (``agents.train.ppo.load`` calls ``for_inference`` after
importing it).
"""
from __future__ import annotations

import os
import sys

ENV_VAR = "ROOT_ENV_TORCH_THREADS"
_training: int | None = None  # the thread count a trainer chose in this process (inference leaves it)


def usable_cores() -> int:
    """Cores this process may run on (its CPU affinity; ``os.cpu_count()`` where there is none)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def _override() -> int | None:
    text = os.environ.get(ENV_VAR, "").strip()
    if not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{ENV_VAR} must be a positive integer, got {text!r}")
    return int(text)


def inference_threads() -> int:
    """Torch threads for playing games with a network: ``ROOT_ENV_TORCH_THREADS``, else 1."""
    n = _override()
    return 1 if n is None else n


def free_cores() -> int:
    """Usable cores that other work is not already keeping busy: the usable cores less the load average of the last
    minute (rounded), at least 1. A core shared with a busy process is not free: torch's threads meet at a barrier
    after every operation, and one of them waiting for a busy core stalls them all."""
    cores = usable_cores()
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return cores
    return max(1, min(cores, int(cores - load + 0.5)))


def training_threads() -> int:
    """Torch threads for the trainer: ``ROOT_ENV_TORCH_THREADS``, else the free cores (``free_cores``: every usable
    core on an idle machine, 1 on a busy one)."""
    n = _override()
    return free_cores() if n is None else n


def _apply(n: int) -> None:
    torch = sys.modules.get("torch")
    if torch is not None and torch.get_num_threads() != n:
        torch.set_num_threads(n)


def for_inference() -> int:
    """Use ``inference_threads()`` torch threads in this process (unless a trainer chose its own here and
    ``ROOT_ENV_TORCH_THREADS`` is not set); returns the count in force."""
    if _training is not None and _override() is None:
        return _training
    n = inference_threads()
    _apply(n)
    return n


def for_training(n: int | None = None) -> int:
    """Use `n` (default ``training_threads()``) torch threads in this process from now on, also through later
    ``for_inference()`` calls; returns the count."""
    global _training
    if n is None:
        n = training_threads()
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"torch threads must be a positive integer, got {n!r}")
    _training = n
    _apply(n)
    return n


def reset() -> None:
    """Forget a trainer's choice (tests)."""
    global _training
    _training = None

"""Games on several cores from Python threads, each running a compiled ``nogil`` kernel on its own slice of
the games: the one way the package runs in parallel (docs/performance.md, "Threads").

Used for whole games (random rollouts, the agents' arena, slices of milliseconds) and for one decision of
every game of a batch (``batch.Batch(parallel=True)``, the trainer's stepper, slices of tens of
microseconds). The threads are a pool kept for the process (``ThreadPoolExecutor``): a thread with nothing
to do sleeps on a lock, it never spins, so a busy core elsewhere costs a call at most its share of the
CPU, not a scheduler slice per call as numba's OpenMP threads (``parallel=True``, which spin at every
barrier) did. The calling thread plays slices too, and slices are handed out one at a time, so games of
different lengths keep every thread busy. numba's ``parallel=True`` would also compile the whole engine
three more times per kernel (the loop body, its gufunc wrapper and the calling function).
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def default_threads() -> int:
    """numba's current thread count (``numba.set_num_threads``, ``NUMBA_NUM_THREADS``: the usable cores)."""
    import numba
    return numba.get_num_threads()


def _submit(fn, n: int) -> list:
    """`fn` submitted `n` times to the process's pool (made, or replaced by a larger one, as needed)."""
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < n:
            old = _pool
            _pool, _pool_size = ThreadPoolExecutor(max_workers=n, thread_name_prefix="root_env"), n
            if old is not None:
                old.shutdown(wait=False)  # its threads end once their queued work is done
        return [_pool.submit(fn) for _ in range(n)]


def for_slices(kernel, n: int, threads: int, size: int) -> None:
    """Call ``kernel(lo, hi)`` for consecutive slices ``[lo, hi)`` of ``range(n)``, at most `size`
    long, on `threads` threads (the calling thread alone when 1, or when there is one slice). `kernel`
    must release the GIL (``@njit(nogil=True)``) and write only its own slice. Returns when every slice
    is done; an exception in a slice is raised here (after the other threads have finished)."""
    starts = range(0, n, size)
    k = min(int(threads), len(starts))
    if k <= 1:
        for lo in starts:
            kernel(lo, min(lo + size, n))
        return
    todo = iter(starts)
    lock = threading.Lock()

    def work():
        while True:
            with lock:
                lo = next(todo, None)
            if lo is None:
                return
            kernel(lo, min(lo + size, n))

    helpers = _submit(work, k - 1)
    try:
        work()
    finally:
        for f in helpers:
            f.result()

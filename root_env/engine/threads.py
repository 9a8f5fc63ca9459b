"""Whole games on several cores from Python threads, each running a compiled nogil kernel on its own
slice of the games.

Used where one call plays whole games (random rollouts, the agents' arena): a slice of games takes
milliseconds, so starting threads costs nothing that shows, and slices handed out one at a time keep
every core busy however long the games run. numba's ``parallel=True`` would compile the whole engine
three more times per kernel (the loop body, its gufunc wrapper and the calling function); the
stepping kernel ``batch.run_batch``, called once per decision, keeps it, as its calls are too short
for Python threads.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor


def default_threads() -> int:
    """numba's current thread count (``numba.set_num_threads``, ``NUMBA_NUM_THREADS``)."""
    import numba
    return numba.get_num_threads()


def for_slices(kernel, n: int, threads: int, size: int) -> None:
    """Call ``kernel(lo, hi)`` for consecutive slices ``[lo, hi)`` of ``range(n)``, at most `size`
    long, on `threads` threads (the calling thread alone when 1). `kernel` must release the GIL
    (``@njit(nogil=True)``) and write only its own slice. An exception in a slice is raised here."""
    starts = range(0, n, size)
    if threads <= 1 or len(starts) <= 1:
        for lo in starts:
            kernel(lo, min(lo + size, n))
        return
    with ThreadPoolExecutor(max_workers=min(threads, len(starts))) as pool:
        for _ in pool.map(lambda lo: kernel(lo, min(lo + size, n)), starts):
            pass

"""``njit`` for the engine: numba's, but compiling a function once per argument *type*, not per constant.

numba compiles a jitted function once for each distinct tuple of argument types it is called with
from other jitted code, and a constant argument (``draw(state, f, 1)``, ``place_warriors(state,
MARQUISE, c, 1)``, a module constant such as a step id) has a literal type of its own
(``Literal[int](1)``), so every distinct constant at a call site compiled the callee once more: 400
signatures for 300 engine functions, about a third of the engine's first-run compile
(docs/performance.md). The dispatcher below types such a call with the constants' plain types
(``int64``, ``bool``), so one compiled version serves every call site. The generated code receives
the same values, so nothing the engine computes changes; LLVM still sees the constants where it
inlines the callee.

Used exactly like ``numba.njit`` (keyword options only); under ``NUMBA_DISABLE_JIT=1`` it returns
the plain Python function, as numba does.
"""
from numba import config
from numba.core import types
from numba.core.registry import CPUDispatcher


class UnliteralDispatcher(CPUDispatcher):
    """A CPU dispatcher whose calls from jitted code are typed with non-literal argument types."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(types.unliteral(a) for a in args),
                                         {k: types.unliteral(v) for k, v in kws.items()})


def njit(func=None, *, cache=False, **options):
    """``numba.njit(cache=..., **options)`` with one compiled version per argument type
    (``UnliteralDispatcher``). Keyword options only: the engine compiles lazily, at first use."""
    if func is not None and not callable(func):
        raise TypeError("the engine's njit takes keyword options, not signatures")

    def wrap(f):
        if config.DISABLE_JIT:
            return f
        # The target options numba.njit would pass (numba.core.decorators.jit).
        disp = UnliteralDispatcher(py_func=f, locals={}, targetoptions=dict(options, nopython=True, boundscheck=None))
        if cache:
            disp.enable_caching()
        return disp

    return wrap if func is None else wrap(func)

"""``njit`` for the engine: numba's, with two changes that cut the first-run compile time, not the code.

1. **One compiled version per argument type, not per constant.** numba compiles a jitted function once
   for each distinct tuple of argument types it is called with from other jitted code, and a constant
   argument (``draw(state, f, 1)``, ``place_warriors(state, MARQUISE, c, 1)``, a step id) has a literal
   type of its own (``Literal[int](1)``): every distinct constant at a call site compiled the callee once
   more (400 signatures for 300 engine functions). Calls from jitted code are typed here with the
   constants' plain types (``int64``, ``bool``), so one compiled version serves every call site.
2. **No Python wrappers for the functions only jitted code calls.** numba emits, with each compiled
   version, a wrapper that converts Python objects (``cpython`` wrapper) and a C-callable one, then
   optimises them and writes them to the cache. Most engine functions are only ever called by other
   engine functions. A call from jitted code is therefore served by a twin dispatcher of the same Python
   function compiled without those wrappers (cached in files of its own, ``<name>__jitted``), unless
   this function already has a version for those types, compiled for a Python call or in the cache.
   A call from Python compiles (or loads) the usual version with its wrappers, as numba does.

Both change only what numba compiles how often: each call runs the same compiled code on the same
values, so no result changes (docs/performance.md has the figures). The cache is ``lazycache``'s, which
loads a function without parsing the bitcode numba keeps for linking it into later callers. Used like ``numba.njit`` with
keyword options; under ``NUMBA_DISABLE_JIT=1`` it returns the plain Python function, as numba does.
"""
import types as pytypes

from numba import config
from numba.core import sigutils, types
from numba.core.caching import NullCache
from numba.core.registry import CPUDispatcher

from . import lazycache

_NO_WRAPPERS = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}


def _unliteral(args, kws):
    return tuple(types.unliteral(a) for a in args), {k: types.unliteral(v) for k, v in kws.items()}


class UnliteralDispatcher(CPUDispatcher):
    """A CPU dispatcher whose calls from jitted code are typed with non-literal argument types."""

    def get_call_template(self, args, kws):
        return super().get_call_template(*_unliteral(args, kws))

    def enable_caching(self):
        self._cache = (lazycache.LazyLinkCache if lazycache.SUPPORTED else lazycache.LayerCache)(self.py_func)


class EngineDispatcher(UnliteralDispatcher):
    """``UnliteralDispatcher`` whose calls from jitted code use a wrapper-less twin (see the module doc)."""

    _jitted = None  # the twin, made at the first call from jitted code that needs it
    _probed = None  # argument types whose version with wrappers was looked for in the cache, not found

    def _twin(self) -> UnliteralDispatcher:
        if self._jitted is None:
            f = self.py_func
            g = pytypes.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__, f.__closure__)
            g.__kwdefaults__, g.__module__, g.__doc__ = f.__kwdefaults__, f.__module__, f.__doc__
            g.__qualname__ = f.__qualname__ + "__jitted"  # its own cache files
            twin = UnliteralDispatcher(py_func=g, locals=self.locals, targetoptions={**self.targetoptions, **_NO_WRAPPERS})
            if not isinstance(self._cache, NullCache):
                twin.enable_caching()
            self._jitted = twin
        return self._jitted

    def _has_own(self, args) -> bool:
        """True when this dispatcher has a version (with wrappers) for `args`, compiled or in its cache
        (then loaded, as ``Dispatcher.compile`` loads it)."""
        if args in self.overloads:
            return True
        if self._probed is None:
            self._probed = set()
        if args in self._probed:
            return False
        self._probed.add(args)
        cres = self._cache.load_overload(args, self.targetctx)
        if cres is None:
            return False
        self._cache_hits[args] += 1
        self.targetctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
        self.add_overload(cres)
        return True

    def get_call_template(self, args, kws):
        args, kws = _unliteral(args, kws)
        _, folded = self._compiler.fold_argument_types(args, kws)
        if self._has_own(tuple(folded)):
            return super().get_call_template(args, kws)
        return self._twin().get_call_template(args, kws)

    def get_overload(self, sig):
        args, _ = sigutils.normalize_signature(sig)
        if tuple(args) in self.overloads or self._jitted is None:
            return super().get_overload(sig)
        return self._jitted.get_overload(sig)


def njit(func=None, *, cache=False, **options):
    """``numba.njit(cache=..., **options)`` compiled as the module doc says (``EngineDispatcher``).
    Keyword options only: the engine compiles lazily, at first use."""
    if func is not None and not callable(func):
        raise TypeError("the engine's njit takes keyword options, not signatures")

    def wrap(f):
        if config.DISABLE_JIT:
            return f
        # The target options numba.njit would pass (numba.core.decorators.jit).
        disp = EngineDispatcher(py_func=f, locals={}, targetoptions=dict(options, nopython=True, boundscheck=None))
        if cache:
            disp.enable_caching()
        return disp

    return wrap if func is None else wrap(func)

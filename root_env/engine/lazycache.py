"""numba's on-disk cache for the engine's functions, loading faster: the bitcode for linking is parsed lazily.

numba caches each compiled function as its machine code plus the LLVM bitcode of everything it calls,
kept so that a function compiled later can link it in. Loading a cached function parses that bitcode at
once (and keeps the parsed module), although a process that only runs the engine never links anything:
for the engine's entry points and kernels, each holding a copy of the whole engine, that parsing was
about a fifth of a warm start's CPU time (docs/performance.md).

``LazyLinkCache`` stores, beside numba's own record of a compiled function, the names of the symbols
its machine code defines (numba reads them from the parsed bitcode), and loads the function from the
machine code alone; the bitcode is parsed when a new caller first links the function. The machine code
run is the one numba compiled and cached, so nothing it computes changes.

It replaces the steps of numba's ``CompileResult._rebuild`` and ``JITCodeLibrary._unserialize``
(numba 0.59 to 0.68) without the parsing; ``SUPPORTED`` is False when this numba lacks what it uses,
and the dispatchers then keep numba's own ``FunctionCache``.

Loading also skips numba's ``target_context.refresh()``, which imports and installs every typing and
lowering registry (``numba.np.arraymath`` among them, which imports SciPy's BLAS to see whether
``np.dot`` can compile): a third of a warm start, and of no use to machine code that is already
compiled. What that code needs of it is done here (``_prepare_loading``): the runtime (NRT) and the
hash secret that ``numba.cpython.hashing`` gives the linker. numba refreshes both contexts itself
before it compiles anything (``CompilerBase``), so a later compile sees every registry as before.
"""
from llvmlite import binding as ll
from numba.core.caching import CompileResultCacheImpl, FunctionCache
from numba.core.codegen import JITCodeLibrary, JitEngine
from numba.core.compiler import CompileResult
from numba.core.runtime import rtsys

from .cache_layers import LayerLocator, shipped_cpu


class LazyLinkLibrary(JITCodeLibrary):
    """A library loaded from the cache whose bitcode for linking is parsed at the first link."""

    _lazy_bitcode = None

    def _get_module_for_linking(self):
        if self._shared_module is None and self._lazy_bitcode is not None:
            self._shared_module = ll.parse_bitcode(self._lazy_bitcode)
            self._lazy_bitcode = None
        return super()._get_module_for_linking()


def _defined_symbols(library) -> frozenset:
    """The names numba's ``JitEngine._load_defined_symbols`` registers for `library`."""
    mod = library._get_module_for_linking()
    return frozenset(gv.name for group in (mod.functions, mod.global_variables) for gv in group
                     if not gv.is_declaration)


def _load_library(codegen, libdata, symbols) -> LazyLinkLibrary:
    """``JITCodeLibrary._unserialize`` for object code, with the bitcode left unparsed."""
    name, kind, (object_code, shared_bitcode) = libdata
    if kind != "object":
        raise ValueError(f"unsupported serialization kind {kind!r}")
    library = LazyLinkLibrary(codegen, name)
    library.enable_object_caching()
    library._set_compiled_object(object_code)
    library._lazy_bitcode = shared_bitcode
    library._finalize_final_module()
    codegen._engine._defined_symbols |= symbols
    return library


class LayerImpl(CompileResultCacheImpl):
    """numba's cache of compile results, in the project's layer folders (``cache_layers.LayerLocator``)."""

    _locator_classes = [LayerLocator, *CompileResultCacheImpl._locator_classes]


class PortableKeys:
    """A cache that, when it holds no entry for this machine's CPU, looks for one compiled for the shipped
    cache's CPU level (``cache_layers``: unpacked only where this CPU has that level's features)."""

    def _load_overload(self, sig, target_context):
        if not self._enabled:
            return None
        key = self._index_key(sig, target_context.codegen())
        data = self._cache_file.load(key)
        triple, cpu, features = key[1]
        shipped = shipped_cpu()
        if data is None and (cpu, features) != shipped:
            data = self._cache_file.load((key[0], (triple, *shipped), key[2]))
        return None if data is None else self._impl.rebuild(target_context, data)


class LayerCache(PortableKeys, FunctionCache):
    """numba's ``FunctionCache`` in the layer folders, with the generic CPU's entries as a fallback."""

    _impl_class = LayerImpl


class LazyLinkImpl(LayerImpl):
    """numba's cache of compile results, with the defined symbols saved and the bitcode parsed lazily."""

    def reduce(self, cres):
        return cres._reduce(), _defined_symbols(cres.library)

    def rebuild(self, target_context, payload):
        if not (isinstance(payload, tuple) and len(payload) == 2):  # numba's own record (a NUMBA_CACHE_DIR shared
            return super().rebuild(target_context, payload)         # with an older version of this package)
        # CompileResult._rebuild, with _load_library in place of codegen.unserialize_library.
        (libdata, fndesc, env, signature, objectmode, lifted, typeann, reload_init, referenced_envs), symbols = payload
        for fn in reload_init or ():
            fn()
        library = _load_library(target_context.codegen(), libdata, symbols)
        cres = CompileResult(target_context=target_context, typing_context=target_context.typing_context,
                             library=library, environment=env,
                             entry_point=target_context.get_executable(library, fndesc, env), fndesc=fndesc,
                             type_annotation=typeann, signature=signature, objectmode=objectmode, lifted=lifted,
                             typing_error=None, call_helper=None, metadata=None, reload_init=reload_init,
                             referenced_envs=referenced_envs)
        for e in referenced_envs:
            library.codegen.set_env(e.env_name, e)
        return cres


def _prepare_loading(target_context) -> None:
    """What machine code loaded from the cache needs of ``target_context.refresh()``: the symbols that
    the registries' imports give the linker, not the registries. numba's NRT (``rtsys.initialize``, as
    ``CPUContext.load_additional_registries`` calls it) and the hash secret (``numba.cpython.hashing``
    adds it at import). The other symbols come from the context itself (``_helperlib``, C maths),
    from the process, or from a parallel function's own ``reload_init`` (the thread pool)."""
    rtsys.initialize(target_context)
    import numba.cpython.hashing  # noqa: F401  (the _numba_hashsecret_* symbols)


class LazyLinkCache(PortableKeys, FunctionCache):
    """``FunctionCache`` with ``LazyLinkImpl``: same files and keys, a payload of its own, and loading
    without refreshing the target context (see the module doc)."""

    _impl_class = LazyLinkImpl

    def load_overload(self, sig, target_context):
        # numba's Cache.load_overload, with _prepare_loading in place of target_context.refresh().
        _prepare_loading(target_context)
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)
        return None  # the guard swallowed an error, as in numba's


SUPPORTED = (all(hasattr(JITCodeLibrary, a) for a in ("_set_compiled_object", "_finalize_final_module",
                                                       "enable_object_caching", "_get_module_for_linking"))
             and hasattr(JitEngine, "_load_defined_symbols") and hasattr(CompileResult, "_rebuild")
             and all(hasattr(FunctionCache, a) for a in ("_guard_against_spurious_io_errors", "_load_overload", "_index_key"))
             and hasattr(rtsys, "initialize"))

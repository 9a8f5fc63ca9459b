"""``borrowed(a)``: the same array without numba's reference count, for the hot loops of the engine's entry points.

numba counts the references of every array it passes between compiled functions: a function that was not inlined
takes a count of its array argument at entry and releases it at exit (``NRT_incref`` / ``NRT_decref``, an atomic add
on the array's ``MemInfo``), and its pruning pass leaves many such pairs in place (``board.ruler``, a leaf with a loop
and two early exits, keeps its pair). With the state array passed to every function of the engine, these atomic
operations were 17-26 % of a random game's compiled time (``benchmarks.profile_engine``, docs/performance.md).

``borrowed(state)`` returns a view of the same memory, shape and strides whose ``MemInfo`` pointer is null: numba's
``NRT_incref`` and ``NRT_decref`` return at once on a null pointer, so every count taken on the view costs a test
instead of an atomic operation. The view owns nothing: it is valid while the array it was made from is alive, and
must not outlive the call that made it (not returned, not stored). The engine's entry points make it from their own
argument, which the caller holds for the whole call. Nothing computed changes: the same code reads and writes the
same memory.

Under ``NUMBA_DISABLE_JIT=1`` it returns its argument.
"""
from numba import config, types
from numba.core import cgutils
from numba.extending import intrinsic

if config.DISABLE_JIT:
    def borrowed(a):
        return a
else:
    @intrinsic
    def borrowed(typingctx, a):
        if not isinstance(a, types.Array):
            return None

        def codegen(context, builder, sig, args):
            view = context.make_array(sig.args[0])(context, builder, value=args[0])
            view.meminfo = cgutils.get_null_value(view.meminfo.type)
            return view._getvalue()  # (no count taken: the caller's array keeps the memory alive)

        return a(a), codegen

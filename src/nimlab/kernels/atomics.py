"""Atomic operations for the parallel kernels (Numba intrinsics, LLVM atomics).

Numba has no atomics on the CPU, so these few are written as intrinsics over one element of a
1-d ``int64`` array:

* :func:`load_acquire` ``(array, i)`` - read ``array[i]``; every write the writer made before its
  :func:`store_release` of that value is visible after it;
* :func:`store_release` ``(array, i, value)`` - publish ``array[i] = value`` after every earlier
  write of this thread;
* :func:`compare_swap` ``(array, i, expected, value)`` - write ``value`` if ``array[i]`` holds
  ``expected``, in one step; whether it did (a thread taking a piece of work no other holds);
* :func:`sched_yield` ``()`` - give the core away while waiting (the C library's ``sched_yield``).

:func:`wait_at_least` spins on a progress counter, politely: it yields the core while it waits, so
that on a loaded machine the thread it waits for can run.  For the parallel kernels whose threads
take blocks of work as they become ready: :func:`take` (a block no other thread holds) and
:func:`idle_look` (a look that found nothing to take).
"""

from __future__ import annotations

from nimlab.kernels.jit import intrinsic, njit

# The intrinsics' bodies run only when a kernel using them is compiled; they import llvmlite and
# Numba there (:mod:`nimlab.kernels.jit`: a process running the ahead-of-time kernels imports
# neither).


def _pointer(context, builder, sig, args):
    from numba.core import cgutils

    array_type = sig.args[0]
    array = context.make_array(array_type)(context, builder, args[0])
    return cgutils.get_item_pointer(context, builder, array_type, array, [args[1]])


@intrinsic
def load_acquire(typingctx, array, index):
    def codegen(context, builder, sig, args):
        return builder.load_atomic(_pointer(context, builder, sig, args), ordering="acquire",
                                   align=8)
    return array.dtype(array, index), codegen


@intrinsic
def store_release(typingctx, array, index, value):
    from numba import types

    def codegen(context, builder, sig, args):
        item = context.cast(builder, args[2], sig.args[2], sig.args[0].dtype)
        builder.store_atomic(item, _pointer(context, builder, sig, args), ordering="release",
                             align=8)
        return context.get_dummy_value()
    return types.void(array, index, value), codegen


@intrinsic
def compare_swap(typingctx, array, index, expected, value):
    from numba import types

    def codegen(context, builder, sig, args):
        dtype = sig.args[0].dtype
        old = context.cast(builder, args[2], sig.args[2], dtype)
        new = context.cast(builder, args[3], sig.args[3], dtype)
        pair = builder.cmpxchg(_pointer(context, builder, sig, args), old, new,
                               ordering="seq_cst", failordering="seq_cst")
        return builder.extract_value(pair, 1)
    return types.boolean(array, index, expected, value), codegen


@intrinsic
def sched_yield(typingctx):
    from llvmlite import ir
    from numba import types
    from numba.core import cgutils

    def codegen(context, builder, sig, args):
        function = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.IntType(32), []), "sched_yield")
        builder.call(function, [])
        return context.get_dummy_value()
    return types.void(), codegen


@njit(cache=True, inline="always")
def wait_at_least(progress, index, need, seen):
    """Wait until ``progress[index] >= need`` (``seen``: the value last read); returns the value
    read.  Spins a little, then yields the core at each look."""
    spins = 0
    while seen < need:
        seen = load_acquire(progress, index)
        spins += 1
        if spins > 100 and seen < need:
            sched_yield()
    return seen


#: The looks a thread of a parallel kernel makes before it gives up on a block whose next piece
#: is not ready, and the looks for work it makes before it starts yielding its core.
PATIENCE = 64


@njit(cache=True, inline="always")
def take(holder, i):
    """Whether this thread has taken block ``i``: no thread held it (``holder[i] == 0``) and
    this one's compare-and-swap to 1 won.  The holder gives it back with
    ``store_release(holder, i, 0)``."""
    return load_acquire(holder, i) == 0 and compare_swap(holder, i, 0, 1)


@njit(cache=True, inline="always")
def idle_look(looks):
    """One more look for work that found none (``looks`` before it); past :data:`PATIENCE`
    looks, each yields the core, so that the threads holding the work can run.  Returns the
    looks so far."""
    looks += 1
    if looks > PATIENCE:
        sched_yield()
    return looks

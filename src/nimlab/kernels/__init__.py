"""Compiled (Numba) kernels for big tables, each beside a plain reference implementation.

Every module holds a *reference* (straight from the rules, obviously correct, slow) and a *fast
kernel*; the tests compare them on whole boxes and compare the references with the generic solver
(:mod:`nimlab.engine`).  The kernels are what ``nimlab table`` runs, usually through the result
store (:mod:`nimlab.store`), which keeps computed tables on disk.

Python API for other modules (all return NumPy arrays):

* :func:`nimlab.kernels.sharing.sharing_values` ``(B)`` - ``V[a, b] = G(0, a, b)`` of 3-pile
  Sharing Nim, -1 below the diagonal; :func:`~nimlab.kernels.sharing.extend_sharing_values` grows
  a stored table.
* :func:`nimlab.kernels.fibonacci.last_p_table` ``(piles, N, factor)`` - for every sorted pile
  tuple the largest previous removal for which it is a P-position;
  :func:`~nimlab.kernels.fibonacci.first_move_p_positions`.
* :func:`nimlab.kernels.endnim.endnim_values` ``(piles, N, variant)`` - End-Nim values.
* :func:`nimlab.kernels.cash.subtraction_values` ``(set, n)`` and
  :func:`nimlab.kernels.cash.cash_winners` ``(set, n, d)`` - NIM(A) and NIM(A) with cash.

* :func:`nimlab.kernels.wythoff.wythoff_table` ``(N)`` - ``G[a, b]`` of Wythoff's game.
* :func:`nimlab.kernels.fibonacci.last_p_table4` ``(piles, N, factor, parallel=False)`` - the
  Fibonacci kernel for 1 to 4 piles (``last_p_table`` hands 4 piles to it).
* :func:`nimlab.kernels.graphnim.graph_values` ``(vertices, edges, N)`` - Graph Nim on a digraph
  of up to 4 vertices; :func:`~nimlab.kernels.graphnim.sharing4_values` ``(total)`` - 4-pile
  Sharing Nim; ``endnim_values(4, N, variant)`` - 4-pile End-Nim.
* ``parallel`` (Sharing Nim and Wythoff: default ``True``): parallel kernels on as many threads
  as ``NUMBA_NUM_THREADS`` (else the cores; each takes the pieces of work that are ready;
  Wythoff's worker on the process's own threads, :mod:`nimlab.kernels.workers`, Sharing Nim's
  on Numba's), run in short steps by :mod:`nimlab.kernels.pace`, which measures both modes and
  uses the threads only while they are faster than one; ``"always"`` forces them.
  Fibonacci (``parallel=True``, off by default): ``prange`` over the tuples of one pile total.
  The same table bit for bit in every mode.
* Look-ups for the dispatcher's fast paths (``covers`` / ``value`` / ``outcome``, raising
  :class:`~nimlab.errors.InputError` outside their bounds):
  :class:`~nimlab.kernels.wythoff.WythoffLookup`, :class:`~nimlab.kernels.fibonacci.FibonacciLookup`,
  :class:`~nimlab.kernels.graphnim.GraphNimLookup`, :class:`~nimlab.kernels.graphnim.Sharing4Lookup`,
  :class:`~nimlab.kernels.endnim.EndNimLookup`.

* :func:`nimlab.kernels.solvers.table_solver` ``(game, bound, **options)`` - the generic
  solver's ``value(position)`` / ``outcome(position)`` answered from a kernel table.

For cached access (computed once, kept on disk) use :mod:`nimlab.store`.  Progress callbacks
follow :mod:`nimlab.progress` (``progress(done, total)``, default :func:`nimlab.progress.quiet`).
"""

from __future__ import annotations

from contextvars import ContextVar

#: Where a kernel's table may be computed instead of fresh memory: an ``.npy`` file being
#: written (:class:`nimlab.fileio.MappedNpy`), set by :func:`nimlab.tables.write_table`.
OUTPUT: ContextVar = ContextVar("nimlab_kernel_output", default=None)


def table_array(shape: tuple[int, ...], dtype, workers: int = 1):
    """An uninitialised array for a kernel's result table: the output file's data when a table
    is being written to an ``.npy`` file and takes it (:data:`OUTPUT`), else ``np.empty``.
    ``workers``: the threads that will compute the table, which also share the first touch of
    the file's pages (:meth:`nimlab.fileio.MappedNpy.claim`)."""
    import numpy as np

    target = OUTPUT.get()
    if target is not None:
        array = target.claim(shape, dtype, workers)
        if array is not None:
            return array
    return np.empty(shape, dtype=dtype)


def pages_present(array) -> bool:
    """Whether ``array`` (from :func:`table_array`) is an output file's data whose pages are
    made present already: a kernel need not pay their first touch itself (as it must for
    ``np.empty``)."""
    target = OUTPUT.get()
    return target is not None and target.holds(array)


def rows_final(array, rows: int) -> None:
    """The first ``rows`` rows of ``array`` (from :func:`table_array`) are final: an output file
    may start writing them to the disk (:class:`nimlab.fileio.Writeback`)."""
    target = OUTPUT.get()
    if target is not None:
        target.settled(array, rows)


def check_memory(nbytes: int, what: str) -> None:
    """Refuse (one-line :class:`~nimlab.errors.InputError`) a table larger than the machine's
    RAM, rather than let the system kill the process half-way."""
    from nimlab.errors import InputError, gigabytes, machine_memory

    ram = machine_memory()
    if ram is None:  # pragma: no cover - not POSIX
        return
    if nbytes > ram:
        raise InputError(f"{what} needs about {gigabytes(nbytes)} GB of memory and this "
                         f"machine has {gigabytes(ram)} GB; choose a smaller bound")

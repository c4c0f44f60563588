"""Wythoff's game: the Grundy table ``G[a, b]`` for ``0 <= a, b <= N``.

A move takes tokens from one pile, or the same number from both, so the options of ``(a, b)`` are
the earlier cells of its row, of its column and of its diagonal: ``G(a, b)`` is the mex of three
*prefixes of lines* (the same situation as the Sharing Nim kernel, :mod:`nimlab.kernels.sharing`).

**Fast kernel** (:func:`wythoff_table`).  The table is symmetric, so only ``a <= b`` is computed
(in bands of rows, tile by tile: :func:`_wythoff_band`) and mirrored.  Every column ``b`` and
every diagonal ``b - a`` keeps the set of values met so far as a bitset (``uint64`` words).  The
row of ``a`` starts from the column ``a`` (``G(a, b') = G(b', a)`` for ``b' < a``, already known)
and gathers the values of its own cells.  A value is the lowest zero bit of the OR of the three
bitsets.  Each bitset also keeps the index of its first word that is not all ones; no value
below ``64 * max(those indices)`` can be free, so the search starts there.  And each keeps a
summary, a bit for each of its words that is full: a word full in any of the three lines
cannot hold the value, so the search skips such words 64 at a time and ORs only the others
(:func:`_first_free_word`): about two words a cell, where a scan from the pointers read 20 at
N = 6,000 and more as the table grows.  So each cell costs a few word operations instead of
``a + b`` look-ups.

Values never exceed ``a + b`` (a cell has ``a + b + min(a, b)`` options but they include the
values of a row, which are distinct), so the table is ``uint16`` while ``2 N < 65535``
(``N <= 32766``), ``int32`` beyond.

**Reference** (:func:`wythoff_reference` in Python, :func:`wythoff_reference_compiled` with
Numba): for every cell, look up every option and take the mex - the straightforward triple loop.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory, pages_present, rows_final, table_array
from nimlab.kernels.atomics import PATIENCE, idle_look, load_acquire, store_release, take
from nimlab.kernels.jit import njit
from nimlab.kernels.sharing import _DEBRUIJN_INDEX, lowest_zero_bit
from nimlab.kernels.workers import run_workers
from nimlab.progress import Progress, quiet


def value_dtype(bound: int) -> np.dtype:
    """``uint16`` while every value (at most ``2 * bound``) fits, else ``int32``."""
    return np.dtype(np.uint16) if 2 * bound < np.iinfo(np.uint16).max else np.dtype(np.int32)


# --------------------------------------------------------------------------- reference
def _reference_fill(G):
    n = G.shape[0]
    seen = np.zeros(3 * n + 1, np.bool_)
    for a in range(n):
        for b in range(n):
            seen[:] = False
            for k in range(1, a + 1):  # take k from the first pile
                seen[G[a - k, b]] = True
            for k in range(1, b + 1):  # take k from the second pile
                seen[G[a, b - k]] = True
            for k in range(1, min(a, b) + 1):  # take k from both
                seen[G[a - k, b - k]] = True
            g = 0
            while seen[g]:
                g += 1
            G[a, b] = g
    return G


def wythoff_reference(bound: int) -> np.ndarray:
    """The triple loop in plain Python (slow; for tests on small ``bound``)."""
    G = np.zeros((bound + 1, bound + 1), dtype=np.int64)
    return _reference_fill(G)


_reference_fill_compiled = njit(cache=True)(_reference_fill)


def wythoff_reference_compiled(bound: int) -> np.ndarray:
    """The same triple loop compiled with Numba: the benchmark's baseline."""
    G = np.zeros((bound + 1, bound + 1), dtype=value_dtype(bound))
    return _reference_fill_compiled(G)


# --------------------------------------------------------------------------- fast kernel
@njit(cache=True, inline="always")
def _add(bits, full_words, ptr, line, g):
    """Put value ``g`` in bitset ``bits[line]``; a word that becomes full is marked in
    ``full_words[line]`` (bit ``k`` of the line's summary: word ``k`` is all ones), and the
    first-non-full pointer moves on past it."""
    full = ~np.uint64(0)
    k = g >> 6
    word = bits[line, k] | (np.uint64(1) << np.uint64(g & 63))
    bits[line, k] = word
    # without a branch: with ``if word == full:`` around this line (or around the pointer's
    # move) the compiled kernel ran 3.5 times slower at N = 6,000, though the branch is rare
    full_words[line, k >> 6] |= np.uint64(word == full) << np.uint64(k & 63)
    p = ptr[line]
    while bits[line, p] == full:
        p += 1
    ptr[line] = p


@njit(cache=True, inline="always")
def _first_free_word(row, rfull, r, col, cfull, b, diag, dfull, d, w, index_table):
    """The first word ``>= w`` at which the union of the three bitsets is not full, and that
    union.  A word full in any one of them is skipped with the summaries (64 words at a look);
    only the others are OR-ed (at N = 8,000, 96% of the words a plain scan went through were
    full in one line alone)."""
    full = ~np.uint64(0)
    one = np.uint64(1)
    while True:
        k = w >> 6
        m = rfull[r, k] | cfull[b, k] | dfull[d, k] | ((one << np.uint64(w & 63)) - one)
        if m == full:
            w = (k + 1) << 6
            continue
        w = (k << 6) + lowest_zero_bit(m, index_table)
        x = row[r, w] | col[b, w] | diag[d, w]
        if x != full:
            return w, x
        w += 1


@njit(cache=True, inline="always")
def _wythoff_cell(G, base, row, rfull, rptr, r, col, cfull, cptr, diag, dfull, dptr, a, b,
                  known, index_table):
    """The value of ``(a, b)``, ``a <= b``, from the bitsets of its row (``row[r]``, the row of
    ``a`` so far), column ``b`` and diagonal ``b - a`` (each with its summary of full words,
    ``rfull``, ``cfull``, ``dfull``); written to ``G[a - base, b]`` (and, for a whole table,
    ``base = -1``: to ``G[a, b]`` and ``G[b, a]``), or with ``known`` read from there; then added
    to the three bitsets.  The one loop body of both drivers below."""
    d = b - a
    if known:
        g = G[a - max(base, 0), b]
    else:
        w, x = _first_free_word(row, rfull, r, col, cfull, b, diag, dfull, d,
                                max(rptr[r], cptr[b], dptr[d]), index_table)
        g = w * 64 + lowest_zero_bit(x, index_table)
        if base < 0:
            G[a, b] = g
            G[b, a] = g
        else:
            G[a - base, b] = g
    _add(row, rfull, rptr, r, g)
    _add(col, cfull, cptr, b, g)
    _add(diag, dfull, dptr, d, g)
    return g


@njit(cache=True, inline="always")
def _start_row(row, rfull, rptr, r, col, cfull, cptr, a):
    """The row of ``a`` before ``(a, a)``: the values of column ``a`` so far (``G(b', a)``,
    ``b' < a``)."""
    for w in range(col.shape[1]):
        row[r, w] = col[a, w]
    for k in range(cfull.shape[1]):
        rfull[r, k] = cfull[a, k]
    rptr[r] = cptr[a]


#: Rows are computed in bands of at most this many (the lines a thread of the parallel kernel
#: takes); wide tables use fewer (:func:`band_rows`).
ROWS = 128
#: A band holds about this many cells at most, so that a parallel step (a band for every thread
#: at least) ends within about a second even for the widest tables (a band of 2 ** 22 cells
#: takes about 0.2 s on one thread; at N = 20,000 bands of 128 rows ran 4% faster on two threads
#: than bands of 64, 4.59 s against 4.81 s in one process, the medians of 3).
BAND_CELLS = 2 ** 22
#: A band computes its cells in chunks of columns ``[k * COLUMNS, (k + 1) * COLUMNS)``.
COLUMNS = 256


@njit(cache=True, inline="always")
def _wythoff_tile(G, base, col, cfull, cptr, diag, dfull, dptr, row, rfull, rptr, r0, a0, a1,
                  c0, c1, known, index_table):
    """The tile of rows ``a0 <= a < a1`` (a band; row bitsets ``row[r0 + a - a0]``) and columns
    ``c0 <= b < c1``: every row of the band computes its cells there, top to bottom (rows below
    the chunk have no cell in it: ``b >= a``)."""
    for a in range(a0, min(a1, c1)):
        r = r0 + a - a0
        lo = max(c0, a)
        if lo == a:
            _start_row(row, rfull, rptr, r, col, cfull, cptr, a)
        for b in range(lo, c1):
            _wythoff_cell(G, base, row, rfull, rptr, r, col, cfull, cptr, diag, dfull, dptr, a,
                          b, known, index_table)


@njit(cache=True, inline="always")
def _chunk_end(c0, n):
    """The end of the chunk of columns that starts at ``c0`` (the next multiple of
    :data:`COLUMNS`, or ``n``)."""
    return min((c0 // COLUMNS + 1) * COLUMNS, n)


@njit(cache=True, inline="always")
def _wythoff_band(G, base, col, cfull, cptr, diag, dfull, dptr, row, rfull, rptr, r0, a0, a1,
                  known, index_table):
    """Rows ``a0 <= a < a1`` (a band), tile by tile (:func:`_wythoff_tile`): for each chunk of
    columns ``[c0, c1)`` (multiples of :data:`COLUMNS`), every row of the band computes its cells
    there.  A tile reads and writes the bitsets of its own columns and of the diagonals through
    it, a few hundred kilobytes that stay in the core's cache while the tile's rows reuse them
    (the skewed blocks of 16 rows this replaced swept every column of the table per block: about
    15% slower on one core at N = 6,000).

    The tiled order is one of the orders the rule allows: cell ``(a, b)`` reads the cells of its
    row to the left (earlier chunks, or this chunk earlier), of its column above (earlier rows of
    the band, or earlier bands) and of its diagonal above (both)."""
    n = G.shape[1]
    c0 = a0
    while c0 < n:
        c1 = _chunk_end(c0, n)
        _wythoff_tile(G, base, col, cfull, cptr, diag, dfull, dptr, row, rfull, rptr, r0, a0,
                      a1, c0, c1, known, index_table)
        c0 = c1


#: The Numba types of a line kind's arrays: its bitsets, their summaries of full words, their
#: first-non-full pointers.
_LINES = "u8[:, ::1], u8[:, ::1], i8[::1]"


@njit(cache=True, aot=[f"{t}[:, ::1], i8, {_LINES}, {_LINES}, {_LINES}, i8, i8, b1, i8[::1], i8"
                      for t in ("u2", "i4")])
def _wythoff_rows(G, base, col, cfull, cptr, diag, dfull, dptr, row, rfull, rptr, a_start,
                  a_stop, known, index_table, rows):
    """Rows ``a_start <= a < a_stop`` of the upper half (``b >= a``), into ``G`` (see
    :func:`_wythoff_cell`); with ``known`` the values are read from ``G`` (rebuilding the
    bitsets of rows computed before)."""
    # two loops, so that each inlined copy of the band is compiled for its constant ``known``
    # (a runtime flag in the innermost loop made the computing loop about 1.5 times slower)
    if known:
        for a0 in range(a_start, a_stop, rows):
            _wythoff_band(G, base, col, cfull, cptr, diag, dfull, dptr, row, rfull, rptr, 0, a0,
                          min(a0 + rows, a_stop), True, index_table)
    else:
        for a0 in range(a_start, a_stop, rows):
            _wythoff_band(G, base, col, cfull, cptr, diag, dfull, dptr, row, rfull, rptr, 0, a0,
                          min(a0 + rows, a_stop), False, index_table)


#: A parallel step lasts this many steps of one thread (:func:`nimlab.kernels.pace.run_paced`,
#: ``stretch``: two seconds).  A step ends with its last band computed alone, the other threads
#: idle: at N = 20,000, 12 to 16 ms of each step of a quarter of a second (0.2 to 0.3 s of a
#: 4.6-second table on two threads, counted as the workers' looks for work that found none).
#: A signal stops the workers within a tile (:func:`_wythoff_worker`'s ``stop``), so longer
#: steps cost no responsiveness; and fewer steps leave fewer tries of one thread.
STRETCH = 8

#: Bands a parallel step keeps in flight at most, per thread: their row bitsets
#: (``row[rows * (band % slots) + m]``) are in use until the band ends.
SLOTS_PER_THREAD = 4


@njit(cache=True, inline="always")
def _ready(progress, i, n):
    """The end of band ``i``'s next tile if the band above (none for the step's first band) has
    finished its columns below it; ``-1`` if it has not, ``0`` if band ``i`` is done."""
    c0 = load_acquire(progress, i)
    if c0 >= n:
        return 0
    c1 = _chunk_end(c0, n)
    if i > 0 and load_acquire(progress, i - 1) < c1:
        return -1
    return c1


@njit(cache=True, nogil=True,
      aot=[f"{t}[:, ::1], i8, {_LINES}, {_LINES}, {_LINES}, i8[::1], i8[::1], i8[::1], i8, i8, "
           "i8[::1], i8, i8" for t in ("u2", "i4")])
def _wythoff_worker(G, base, col, cfull, cptr, diag, dfull, dptr, row, rfull, rptr, progress,
                    holder, stop, a_start, a_stop, index_table, rows, slots):
    """One worker of the parallel kernel (:func:`nimlab.kernels.workers.run_workers` runs
    several at once): rows ``a_start <= a < a_stop`` of :func:`_wythoff_rows`, by tiles taken as
    they become ready; returns when every band is done, or as soon as ``stop[0]`` is set (it is
    read before every tile: the rows are then unfinished).

    A tile (band ``i``, columns ``[c0, c1)``) is ready once the band above has finished its
    columns below ``c1`` (``progress[i - 1] >= c1``; ``progress[i]`` is the first column band
    ``i`` has not done, starting at its first row).  A worker holds one band at a time
    (``holder[i]``, taken by a compare-and-swap) and computes its ready tiles one after
    another; when the next one is not ready it waits a moment
    (:data:`~nimlab.kernels.atomics.PATIENCE` looks), then puts the band down and takes the
    topmost band, among the ``slots`` lowest unfinished, whose next tile is ready.  So a thread
    that the system deschedules (other processes on the cores) holds back only the tiles below
    and to the right of its own: the others fill the bands below it meanwhile, instead of
    waiting as a thread bound to a fixed band would.

    Any order of ready tiles gives the sequential table: a tile's cells read their row to the
    left (earlier tiles of the band), their column and diagonal above (earlier rows of the tile,
    and the bands above, finished up to ``c1``); two tiles in flight at once, ``(i, [c0, c1))``
    above ``(j, [d0, d1))``, have ``d1 <= c0``, so they touch different columns, and the
    diagonals of the lower tile (``b - a < d1 - a0(j) <= c0 - a1(i) + 1``) lie below those of
    the upper one.  Bands finish in order, and a band's row bitsets are reused (band ``i +
    slots``) only after band ``i`` has finished.  Same table, bit for bit."""
    n = G.shape[1]
    bands = (a_stop - a_start + rows - 1) // rows
    low = 0  # bands below are finished
    idle = 0
    while load_acquire(stop, 0) == 0:
        while low < bands and load_acquire(progress, low) >= n:
            low += 1
        if low >= bands:
            break
        i = -1
        for j in range(low, min(low + slots, bands)):
            if _ready(progress, j, n) > 0 and take(holder, j):
                i = j
                break
        if i < 0:  # nothing ready: the threads holding the bands above are behind
            idle = idle_look(idle)
            continue
        idle = 0
        a0 = a_start + i * rows
        a1 = min(a0 + rows, a_stop)
        r0 = rows * (i % slots)
        while load_acquire(stop, 0) == 0:
            c1 = _ready(progress, i, n)
            waited = 0
            while c1 < 0 and waited < PATIENCE:
                waited += 1
                c1 = _ready(progress, i, n)
            if c1 <= 0:  # done, or the band above is still behind: put it down
                break
            _wythoff_tile(G, base, col, cfull, cptr, diag, dfull, dptr, row, rfull, rptr, r0,
                          a0, a1, progress[i], c1, False, index_table)
            store_release(progress, i, c1)
        store_release(holder, i, 0)
    return 0


def band_rows(bound: int) -> int:
    """The rows of a band for a table up to ``bound``: :data:`ROWS`, halved (down to 16) while a
    band would hold more than :data:`BAND_CELLS` cells."""
    rows = ROWS
    while rows > 16 and rows * (bound + 1) > BAND_CELLS:
        rows //= 2
    return rows


def _words(bound: int) -> int:
    return (2 * bound + 2) // 64 + 2


def _summary_words(words: int) -> int:
    """The words of a line's summary of full words (a bit for each of its ``words``)."""
    return words // 64 + 1


def _check(bound: int) -> None:
    words = _words(bound)
    check_memory((bound + 1) ** 2 * value_dtype(bound).itemsize
                 + 2 * (bound + 1) * (words + _summary_words(words)) * 8,
                 f"the Wythoff table for N = {bound}")


class WythoffRun:
    """A table being computed: the column and diagonal bitsets, the row bitsets of the bands in
    flight and the rows done.  :meth:`step` computes rows into ``G`` (the whole table with ``base =
    -1``, mirrored; or a window of rows ``G[a - base]``, upper half only: the record runner of
    :mod:`nimlab.research.records` writes each window to a file); :meth:`replay` rebuilds the
    bitsets from rows computed before (a checkpoint)."""

    #: a parallel step lasts this many steps of one thread (:data:`STRETCH`)
    stretch = STRETCH

    def __init__(self, bound: int, workers: int | None = None, rows: int | None = None):
        """``workers``: the parallel kernel's threads (default:
        :func:`~nimlab.kernels.pace.threads_available`); ``rows``: the rows of
        a band (default :func:`band_rows`); both for tests."""
        from nimlab.kernels.pace import threads_available

        n, words = bound + 1, _words(bound)
        self.bound = bound
        self.workers = threads_available() if workers is None else workers
        #: the rows of a band: the lines a thread of the parallel kernel takes at a time
        self.block = band_rows(bound) if rows is None else rows
        #: bands a parallel step keeps in flight (each with its row bitsets)
        self.slots = SLOTS_PER_THREAD * max(self.workers, 1)
        lines, summary = self.block * self.slots, _summary_words(words)
        self.row = np.zeros((lines, words), dtype=np.uint64)
        self.col = np.zeros((n, words), dtype=np.uint64)
        self.diag = np.zeros((n, words), dtype=np.uint64)
        #: each line's summary: bit ``k`` is set once its word ``k`` is full
        self.rfull = np.zeros((lines, summary), dtype=np.uint64)
        self.cfull = np.zeros((n, summary), dtype=np.uint64)
        self.dfull = np.zeros((n, summary), dtype=np.uint64)
        self.cptr = np.zeros(n, dtype=np.int64)
        self.dptr = np.zeros(n, dtype=np.int64)
        self.rptr = np.zeros(lines, dtype=np.int64)
        self.done = 0
        self.broken = False  # a parallel step was cut short by a signal
        self.touched = False  # the bitsets' memory (:meth:`_touch`)

    def _touch(self) -> None:
        """The first touch of the bitsets' memory (all zero, in pages the system gives on their
        first write), shared out among the threads before the first band: that band alone
        would otherwise meet a page of every column and diagonal, on one thread (0.76 s at N =
        20,000 in one measurement on this machine, against 0.06 s for the second band)."""
        from nimlab.kernels.pace import fill_rows

        for bits in (self.col, self.diag, self.row, self.cfull, self.dfull):
            fill_rows(bits, 0, bits.shape[0], 0, True)
        self.touched = True

    def lines(self) -> tuple:
        """The kernels' arguments for the three kinds of line: columns, diagonals, rows (each
        its bitsets, their summaries of full words, their first-non-full pointers)."""
        return (self.col, self.cfull, self.cptr, self.diag, self.dfull, self.dptr, self.row,
                self.rfull, self.rptr)

    def worker_args(self, G: np.ndarray, base: int, progress: np.ndarray, holder: np.ndarray,
                    lo: int, hi: int, stop: np.ndarray | None = None) -> tuple:
        """The arguments of :func:`_wythoff_worker` for rows ``lo..hi-1`` (``stop``: its flag,
        by default one never set)."""
        stop = np.zeros(1, dtype=np.int64) if stop is None else stop
        return (G, base, *self.lines(), progress, holder, stop, lo, hi, _DEBRUIJN_INDEX,
                self.block, self.slots)

    def _rows(self, G, base, lo, hi, known):
        self._continues(lo)
        _wythoff_rows(G, base, *self.lines(), lo, hi, known, _DEBRUIJN_INDEX, self.block)
        self.done = hi

    def replay(self, G: np.ndarray, base: int, lo: int, hi: int) -> None:
        """Add rows ``lo..hi-1``, already computed (``G[a - base, b]``, ``b >= a``)."""
        self._rows(G, base, lo, hi, True)

    def step(self, G: np.ndarray, base: int, lo: int, hi: int, threads: bool,
             settled: Callable[[int], None] | None = None) -> None:
        """Compute rows ``lo..hi-1`` into ``G``, on the threads or on one.  ``settled(rows)``
        is called, while the threads work, with the rows (from 0) whose bands are finished, so
        far: in a whole table (``base = -1``) those rows are final (a row's cells left of the
        diagonal are the mirror of earlier rows)."""
        if threads:
            self._continues(lo)
            if lo == 0 < hi and not self.touched:
                self._touch()
            bands = -(-(hi - lo) // self.block)
            start = lo + self.block * np.arange(bands, dtype=np.int64)  # at the diagonal
            progress = start.copy()
            holder = np.zeros(bands, dtype=np.int64)  # 1 while a worker holds the band
            stop = np.zeros(1, dtype=np.int64)  # set by a signal that arrives meanwhile

            def watch() -> None:  # the bands finished so far, from the first
                ended = progress >= G.shape[1]
                finished = bands if ended.all() else int(np.argmin(ended))
                if finished:
                    settled(min(hi, lo + finished * self.block))

            try:
                run_workers(_wythoff_worker,
                            self.worker_args(G, base, progress, holder, lo, hi, stop),
                            self.workers if hi > lo else 1, stop, watch if settled else None)
            except BaseException:  # cut short: rows lo..hi-1 are partly in the bitsets if
                # a tile was computed (not if the kernel was missing, found before any thread)
                self.broken = bool(np.any(progress != start))
                raise
            self.done = hi
        else:
            self._rows(G, base, lo, hi, False)

    def _continues(self, lo: int) -> None:
        """A step must start where the last one ended, and none after a step cut short."""
        if self.broken:
            raise RuntimeError("this Wythoff run was interrupted; start a new one")
        assert lo == self.done


#: One thread's seconds per unit (cell) of :func:`work_model`, a guess on the lower side (a
#: cell costs more as the table grows: N = 6,000 0.95-1.75 s, 20,000 22-28 s on one thread of
#: the idle 2-core machine of 27 November, 5.3e-8 to 1.4e-7 a cell).
SECONDS_PER_WORK = 5e-8


def work_model(bound: int) -> np.ndarray:
    """The work of rows ``0..a-1`` (row ``a`` has ``bound + 1 - a`` cells), for
    :func:`nimlab.kernels.pace.run_paced`."""
    n = bound + 1
    return np.concatenate([[0.0], np.cumsum(np.arange(n, 0, -1, dtype=np.float64))])


def wythoff_table(bound: int, progress: Progress = quiet, parallel: bool | str = True) -> np.ndarray:
    """``G[a, b]`` = the Grundy value of Wythoff's game at ``(a, b)``, ``0 <= a, b <= bound``.

    ``parallel=True`` (the default) runs the parallel kernel's workers on as many threads
    (:func:`nimlab.kernels.pace.threads_available`) whenever that is faster than one thread
    (:mod:`nimlab.kernels.pace`); ``False``: one thread; ``"always"``: the parallel kernel for
    every step.  The table is the same, bit for bit.
    """
    from nimlab.kernels.pace import fill_rows, run_paced

    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    _check(bound)
    run = WythoffRun(bound)
    # the output file, if any, its pages touched meanwhile by the threads that may compute it
    G = table_array((bound + 1, bound + 1), value_dtype(bound), run.workers if parallel else 1)

    def step(lo: int, hi: int, threads: bool) -> None:
        # the first step writes the first column of every row: a fresh table is touched row
        # by row first (much cheaper), unless its pages are present already (an output file)
        if lo == 0 < hi and not pages_present(G):
            fill_rows(G, 0, bound + 1, 0, threads)
        run.step(G, -1, lo, hi, threads, lambda rows: rows_final(G, rows))
        rows_final(G, hi)  # rows below hi are whole (the row of a, and the mirror of rows < a)

    run_paced(0, bound + 1, step, work_model(bound), parallel, progress, block=run.block,
              seconds_per_work=SECONDS_PER_WORK, stretch=run.stretch)
    return G


class WythoffLookup:
    """Values of Wythoff's game (game ``wythoff``) for positions ``(a, b)`` with both piles
    ``<= bound``, from the table of :func:`wythoff_table` (or one given, e.g. from the store).

    ``value(position)`` / ``outcome(position)``; a position outside raises
    :class:`~nimlab.errors.InputError`.  ``covers(position)`` decides cheaply.
    """

    def __init__(self, bound: int, table: np.ndarray | None = None):
        self.bound = bound
        self.table = wythoff_table(bound) if table is None else table
        if self.table.shape[0] < bound + 1:
            raise InputError(f"the given Wythoff table stops at {self.table.shape[0] - 1}")

    def covers(self, position) -> bool:
        return len(position) == 2 and 0 <= min(position) and max(position) <= self.bound

    def value(self, position) -> int:
        if not self.covers(position):
            raise InputError(f"{','.join(map(str, position))} lies outside the Wythoff table "
                             f"(piles up to {self.bound}); use a larger bound or the generic "
                             "solver")
        a, b = position
        return int(self.table[a, b])

    def outcome(self, position) -> str:
        return "P" if self.value(position) == 0 else "N"

"""3-pile Sharing Nim: the table ``V[a, b] = G(0, a, b)`` for ``0 <= a <= b <= B``.

Both functions return the contract of :func:`nimlab.tables.sharing_values`: a square integer
array, ``-1`` below the diagonal (``a > b``).  Values never exceed ``b`` (a position has at most
``b`` options), so ``int16`` storage is used up to ``B = 48,000`` (values stay near ``0.66 b``; the
kernel widens the table to ``int32`` before a value could overflow) and ``int32`` beyond.

**Reference** (:func:`sharing_reference`): the triple loop - every option of every position
``(0, a, b)`` by the three move types of the paper's Section 1, reduced by Lemma 1 (subtract the
smallest pile, sort), then mex.  About ``B**3 / 3`` option look-ups.  The same Python function is
compiled with Numba (:data:`sharing_reference_compiled`) for the benchmark.

**Fast kernel** (:func:`sharing_values`).  Write a position as the point ``(c, d)`` of the table
(``0 <= c <= d``) and use Lemma 1 and Theorem 1 (``G(0, c, d) = G(0, d - c, d)``).  For
``a <= b / 2`` the options of ``(0, a, b)`` are exactly:

1. middle pile to the empty one, ``(k, a - k, b) ~ (a - 2k, b - k)``: the earlier points of the
   line of slope ``(2, 1)`` through ``(a, b)``;
2. big pile to the middle one, ``(0, a + k, b - k) ~ (b - a - 2k, b - k)`` (Theorem 1): the
   earlier points of the ``(2, 1)`` line through the mirror point ``(b - a, b)``;
3. big pile to the empty one with ``k <= a``, ``(k, a, b - k) ~ (a - k, b - 2k)``: the earlier
   points of the line of slope ``(1, 2)`` through ``(a, b)`` (it stays in the half ``c <= d/2``);
4. big pile to the empty one with ``a < k <= b/2``, ``~ (k - a, b - a - k)``: an anti-diagonal
   which Theorem 1 folds onto the earlier points of the ``(2, 1)`` line ending at ``(s, s)``,
   ``s = b - 2a`` - the (frozen) option set of type 1 of ``(0, s, s)``.

So every option set is a union of four *prefixes of lines*.  The kernel keeps, for every line,
the set of values met so far as a bitset (``uint64`` words; the word count grows when a value
outgrows it), adds one bit per point, and finds each value as the mex of the OR of four bitsets:
``O(value / 64)`` word operations per point instead of ``O(b)`` look-ups.  It computes only the
half ``a <= b/2`` and mirrors it (Theorem 1, the palindrome columns).  Columns ``b`` are done in
chunks, so a caller sees progress and a stored table can be *extended* (:func:`extend_sharing_values`)
by rebuilding the line bitsets from it in ``O(B**2)``.
"""

from __future__ import annotations

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.atomics import (PATIENCE, idle_look, load_acquire, store_release, take,
                                    wait_at_least)
from nimlab.kernels.jit import njit, prange
from nimlab.progress import Progress, quiet

WORD = 64


#: ``int16`` tables up to this bound.  A value never exceeds ``b``, and in practice stays near
#: ``0.66 b`` (1315 at b = 2000, 5280 at b = 8000), so ``int16`` holds the tables up to about
#: b = 49,000; the kernel checks before every chunk that the values it may produce fit, and
#: widens the table to ``int32`` if they might not (never seen; correct either way).
INT16_BOUND = 48000


def value_dtype(bound: int) -> np.dtype:
    """``int16`` up to :data:`INT16_BOUND` (the kernel widens if ever needed), else ``int32``."""
    return np.dtype(np.int16) if bound <= INT16_BOUND else np.dtype(np.int32)


def reference_dtype(bound: int) -> np.dtype:
    """The references' dtype: ``int16`` while every conceivable value (``<= bound``) fits."""
    return np.dtype(np.int16) if bound < np.iinfo(np.int16).max else np.dtype(np.int32)


# --------------------------------------------------------------------------- reference
def _reference_fill(V, b_start, b_stop):
    """Fill columns ``b_start <= b < b_stop`` of ``V`` (earlier columns must be filled)."""
    for b in range(b_start, b_stop):
        seen = np.zeros(b + 2, np.bool_)
        for a in range(b + 1):
            seen[:] = False
            # The piles are (0, a, b); a move takes k from a pile and adds them to another
            # pile that ends no larger than the source (Section 1, moves (1)-(3)).
            for src in range(3):
                for dst in range(3):
                    if src == dst:
                        continue
                    size_src = (0, a, b)[src]
                    size_dst = (0, a, b)[dst]
                    for k in range(1, (size_src - size_dst) // 2 + 1):
                        p0, p1, p2 = 0, a, b
                        if src == 0:
                            p0 -= k
                        elif src == 1:
                            p1 -= k
                        else:
                            p2 -= k
                        if dst == 0:
                            p0 += k
                        elif dst == 1:
                            p1 += k
                        else:
                            p2 += k
                        low = min(p0, p1, p2)
                        high = max(p0, p1, p2)
                        middle = p0 + p1 + p2 - low - high
                        seen[V[middle - low, high - low]] = True  # Lemma 1
            g = 0
            while seen[g]:
                g += 1
            V[a, b] = g
    return V


def sharing_reference(bound: int) -> np.ndarray:
    """The triple loop in plain Python (slow; for tests on small ``bound``)."""
    V = np.full((bound + 1, bound + 1), -1, dtype=reference_dtype(bound))
    return _reference_fill(V, 0, bound + 1)


_reference_fill_compiled = njit(cache=True)(_reference_fill)


def sharing_reference_compiled(bound: int) -> np.ndarray:
    """The same triple loop compiled with Numba: the benchmark's baseline."""
    V = np.full((bound + 1, bound + 1), -1, dtype=reference_dtype(bound))
    return _reference_fill_compiled(V, 0, bound + 1)


# --------------------------------------------------------------------------- fast kernel
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_INDEX[((1 << _i) * 0x03F79D71B4CB0A89 & (2**64 - 1)) >> 58] = _i


@njit(cache=True, inline="always")
def lowest_zero_bit(word, index_table):
    """Index of the lowest 0 bit of a ``uint64`` word that is not all ones."""
    free = ~word
    low = free & (~free + np.uint64(1))
    return index_table[(low * _DEBRUIJN) >> np.uint64(58)]


@njit(cache=True, inline="always")
def _sharing_point(T, base, PA, PB, a, b, known, index_table):
    """The value of the point ``(a, b)`` (``a <= b/2``): computed from the four line bitsets and
    written to ``T[b - base, a]`` and ``T[b - base, b - a]`` (or, with ``known``, read from
    ``T[b - base, a]``); then added to the bitsets of the lines it lies on.  The one loop body of
    both drivers below.  (``base``: the column held in ``T``'s first row; 0 for a whole table.)"""
    s = b - 2 * a
    own, mirror = 2 * b - a, b + a
    if known:
        g = T[b - base, a]
    else:
        full = ~np.uint64(0)
        w = 0
        while True:
            x = PA[own, w] | PA[mirror, w] | PB[s, w] | PA[s, w]
            if x != full:
                break
            w += 1
        g = w * 64 + lowest_zero_bit(x, index_table)
        T[b - base, a] = g
        T[b - base, b - a] = g  # Theorem 1
    word, bit = g >> 6, np.uint64(1) << np.uint64(g & 63)
    if a < b:  # (b, b) ends its line: its own value is never an option there
        PA[own, word] |= bit
    if a > 0:  # the mirror point (b - a, b)
        PA[mirror, word] |= bit
    PB[s, word] |= bit
    return g


#: Columns are computed in blocks of this many, skewed (see :func:`_sharing_block`).
BLOCK = 16
#: A column publishes its progress every this many points (fewer cache-line transfers).
PUBLISH = 32
#: A thread of the parallel kernel computes this many steps of a block's skewed order (a
#: *segment*, tens of microseconds) before it looks again whether the next are ready.
SEGMENT = 64
#: Blocks in flight at most, per thread, in the parallel kernel (the topmost ready one is taken).
WINDOW_PER_THREAD = 4


@njit(cache=True, inline="always")
def _block_steps(c0, c1):
    """The steps of the skewed order of block ``[c0, c1)``: its last column's length, plus two
    steps of delay per column."""
    return (c1 - 1) // 2 + 1 + 2 * (c1 - c0 - 1)


@njit(cache=True, inline="always")
def _sharing_block(T, base, PA, PB, c0, c1, known, index_table, done, first, wait, t0, t1):
    """Columns ``c0 <= b < c1`` in a skewed order, steps ``t0 <= t < t1`` of it: at step ``t``
    column ``c0 + m`` computes its point ``a = t - 2m`` (``m`` increasing), so every column is
    two points behind the one before it, which is all it needs (see
    :func:`_sharing_columns_parallel`).  Consecutive columns read and write the same line
    bitsets within a few steps, so they stay in the cache (a column at a time streams every line
    of the table through it).  With ``wait``, column ``c0`` first waits for the column before it
    (``done[c0 - 1 - first]``, maybe another thread's) and every column publishes its progress
    in ``done[b - first]``, every :data:`PUBLISH` points and at ``t1``.  Returns the largest
    value."""
    top = 0
    count = c1 - c0
    seen = 0
    before = (c0 - 1) // 2 + 1  # the previous column's length
    if c0 == first:
        seen = before  # columns below ``first`` are complete
    for t in range(t0, t1):
        for m in range(count):
            b = c0 + m
            a = t - 2 * m
            if a < 0:
                break
            if a > b // 2:
                continue
            if wait and m == 0:
                need = min(a + 2, before)
                if seen < need:
                    seen = wait_at_least(done, c0 - 1 - first, need, seen)
            g = _sharing_point(T, base, PA, PB, a, b, known, index_table)
            if g > top:
                top = g
            if wait and (a % PUBLISH == PUBLISH - 1 or a == b // 2):
                store_release(done, b - first, a + 1)
    if wait:
        for m in range(count):  # the points each column has finished: ``0..t1 - 1 - 2m``
            b = c0 + m
            finished = min(t1 - 2 * m, b // 2 + 1)
            if finished > 0:
                store_release(done, b - first, finished)
    return top


@njit(cache=True, aot=[f"{t}[:, ::1], i8, u8[:, ::1], u8[:, ::1], i8, i8, b1, i8[::1]"
                      for t in ("i1", "i2", "i4")])
def _sharing_columns(T, base, PA, PB, b_start, b_stop, known, index_table):
    """Columns ``b_start..b_stop-1`` of ``T[b, a] = G(0, a, b)`` (the transpose of ``V``).

    ``PA[2d - c]`` is the bitset of values met on the slope-(2, 1) line through ``(c, d)``;
    ``PB[d - 2c]`` that of the slope-(1, 2) line (half ``2c <= d`` only).  With ``known`` the
    values are read from ``T`` (rebuilding the bitsets of a stored table) instead of computed.
    Returns the largest value in these columns.
    """
    top = 0
    done = np.zeros(1, dtype=np.int64)
    # two calls, so that each inlined copy of the block is compiled for its constant ``known``
    for c0 in range(b_start, b_stop, BLOCK):
        c1 = min(c0 + BLOCK, b_stop)
        steps = _block_steps(c0, c1)
        if known:
            g = _sharing_block(T, base, PA, PB, c0, c1, True, index_table, done, b_start, False,
                               0, steps)
        else:
            g = _sharing_block(T, base, PA, PB, c0, c1, False, index_table, done, b_start,
                               False, 0, steps)
        if g > top:
            top = g
    return top


@njit(cache=True, inline="always")
def _segment_end(clock, done, i, c0, c1, first):
    """The end of block ``i``'s next segment (steps ``clock[i]`` onwards, at most
    :data:`SEGMENT`, as far as the column before ``c0`` allows); ``clock[i]`` itself if it
    cannot start, ``-1`` if the block is done."""
    t0 = load_acquire(clock, i)
    steps = _block_steps(c0, c1)
    if t0 >= steps:
        return -1
    t1 = min(t0 + SEGMENT, steps)
    if c0 > first:
        before = (c0 - 1) // 2 + 1
        have = load_acquire(done, c0 - 1 - first)
        if have < before:  # step t needs the points 0..t+1 of the column before
            t1 = min(t1, have - 1)
    return max(t1, t0)


@njit(cache=True, parallel=True)
def _sharing_columns_parallel(T, base, PA, PB, b_start, b_stop, index_table, workers):
    """:func:`_sharing_columns` (computing) on ``workers`` threads, by segments taken as they
    become ready.

    The rule throughout: the point ``(a, b)`` is computed only once column ``b - 1`` has finished
    its points ``0..a+1`` (or all of them).  That is all it needs: by induction column ``b - k``
    has then finished the points ``0..a+2k-1``, which holds every point whose value lies on a
    line ``(a, b)`` reads (own and PB lines: ``(a - 2k, b - k)``, ``(a - k, b - 2k)``; mirror
    line: ``(a + k, b - k)`` and, near the end of the column, ``(b - a - 2k, b - k)``; the line
    ending at ``(s, s)``: points of columns below ``s``), and every earlier point that reads a
    line ``(a, b)`` writes has read it.  Two points being computed at the same time never write
    the same bitset.  Within a block the skewed order of :func:`_sharing_block` keeps the rule;
    a block's first column needs the last column of the block before, whose progress
    (``done``) is published as it goes.

    A thread holds one block at a time (``holder[i]``, taken by a compare-and-swap) and computes
    segments of its skewed order (``clock[i]``: the steps done) while the block before allows;
    when it does not, the thread waits a moment (:data:`~nimlab.kernels.atomics.PATIENCE`
    looks), then puts the block down and takes the topmost block, among the lowest unfinished
    ones, that can go on.  So a thread
    the system deschedules (other processes on the cores) holds back only the blocks after its
    own, and only once they have caught up with it.  The table is that of the sequential
    kernel, bit for bit, whatever the threads' timing; there is no barrier between blocks.
    """
    count = b_stop - b_start
    blocks = (count + BLOCK - 1) // BLOCK
    done = np.zeros(max(count, 1), dtype=np.int64)  # points finished, per column
    clock = np.zeros(max(blocks, 1), dtype=np.int64)  # steps of the skewed order done, per block
    holder = np.zeros(max(blocks, 1), dtype=np.int64)  # 1 while a thread holds the block
    tops = np.zeros(workers, dtype=np.int64)
    window = WINDOW_PER_THREAD * workers
    for worker in prange(workers):
        top = 0
        low = 0  # blocks below are finished
        idle = 0
        while True:
            while low < blocks and load_acquire(clock, low) >= _block_steps(
                    b_start + low * BLOCK, min(b_start + (low + 1) * BLOCK, b_stop)):
                low += 1
            if low >= blocks:
                break
            i = -1
            for j in range(low, min(low + window, blocks)):
                c0 = b_start + j * BLOCK
                if (_segment_end(clock, done, j, c0, min(c0 + BLOCK, b_stop), b_start)
                        > load_acquire(clock, j) and take(holder, j)):
                    i = j
                    break
            if i < 0:  # nothing can go on: the threads holding the blocks before are behind
                idle = idle_look(idle)
                continue
            idle = 0
            c0 = b_start + i * BLOCK
            c1 = min(c0 + BLOCK, b_stop)
            while True:
                t0 = clock[i]
                t1 = _segment_end(clock, done, i, c0, c1, b_start)
                waited = 0
                while t1 == t0 and waited < PATIENCE:
                    waited += 1
                    t1 = _segment_end(clock, done, i, c0, c1, b_start)
                if t1 <= t0:  # done, or the block before is still behind: put it down
                    break
                g = _sharing_block(T, base, PA, PB, c0, c1, False, index_table, done, b_start,
                                   True, t0, t1)
                if g > top:
                    top = g
                store_release(clock, i, t1)
            store_release(holder, i, 0)
        tops[worker] = top
    return tops.max()


class SharingRun:
    """A table being computed: the line bitsets (grown as values grow), the largest value so far
    and the columns done.  :meth:`step` computes columns into a block of rows ``T[b - base]``
    (the whole table, or a window of it: the record runner of :mod:`nimlab.research.records`
    writes each window to a file); :meth:`replay` rebuilds the bitsets from columns computed
    before (a stored table, a checkpoint)."""

    #: The lines a thread of the parallel kernel takes at a time.
    block = BLOCK
    #: a parallel step is as long as one thread's (Numba's parallel loop cannot be stopped
    #: within a step, so steps stay short for Ctrl-C)
    stretch = 1

    def __init__(self, bound: int, words: int = 1):
        from nimlab.kernels.pace import threads_available

        self.bound = bound
        self.PA = np.zeros((2 * bound + 1, words), dtype=np.uint64)
        self.PB = np.zeros((bound + 1, words), dtype=np.uint64)
        self.top = 0
        self.done = 0
        self.workers = threads_available()

    def ensure(self, largest_value: int) -> None:
        words = largest_value // WORD + 2
        if words > self.PA.shape[1]:
            words = max(words, self.PA.shape[1] * 3 // 2)
            for name in ("PA", "PB"):
                old = getattr(self, name)
                new = np.zeros((old.shape[0], words), dtype=np.uint64)
                new[:, :old.shape[1]] = old
                setattr(self, name, new)

    def limit(self, hi: int) -> int:
        """The largest value columns ``done..hi-1`` can hold: a value is at most one more than
        the largest value among its options, and at most ``b``."""
        return min(self.top + (hi - self.done) + 1, max(hi, 1))

    def replay(self, T: np.ndarray, base: int, lo: int, hi: int) -> None:
        """Add columns ``lo..hi-1``, already computed (``T[b - base, a]``, ``a <= b/2``)."""
        assert lo == self.done
        if hi > lo:
            self.ensure(int(T[:hi - base].max()))
        self.top = max(self.top, int(_sharing_columns(T, base, self.PA, self.PB, lo, hi, True,
                                                      _DEBRUIJN_INDEX)))
        self.done = hi

    def step(self, T: np.ndarray, base: int, lo: int, hi: int, threads: bool) -> None:
        """Compute columns ``lo..hi-1`` into ``T[b - base]`` (its dtype must hold
        :meth:`limit` ``(hi)``), on the threads or on one."""
        assert lo == self.done
        self.ensure(self.limit(hi))
        if threads:
            top = _sharing_columns_parallel(T, base, self.PA, self.PB, lo, hi, _DEBRUIJN_INDEX,
                                            self.workers)
        else:
            top = _sharing_columns(T, base, self.PA, self.PB, lo, hi, False, _DEBRUIJN_INDEX)
        self.top = max(self.top, int(top))
        self.done = hi


#: One thread's seconds per unit of :func:`work_model`, a guess on the lower side (B = 12,000:
#: 3.9-6.2 s on the idle 2-core machine of 27 November, 2.3-3.6e-12 a unit).
SECONDS_PER_WORK = 2e-12


def work_model(bound: int) -> np.ndarray:
    """The work of columns ``0..b-1`` (about ``b**3``: a column has ``b/2`` points, each costs
    about ``b/64`` word operations), for :func:`nimlab.kernels.pace.run_paced`."""
    return np.arange(bound + 2, dtype=np.float64) ** 3


def _run(T: np.ndarray, done: int, bound: int, progress: Progress,
         parallel: bool | str = True) -> np.ndarray:
    """Fill columns ``done..bound`` of ``T`` (columns below ``done`` already hold values), in
    short steps (:func:`nimlab.kernels.pace.run_paced`: Ctrl-C acts between two, and each runs
    on one thread or all of them, whichever is faster now)."""
    from nimlab.kernels.pace import fill_rows, run_paced

    run = SharingRun(bound)
    run.replay(T, 0, 0, done)
    held = {"T": T}

    def step(lo: int, hi: int, threads: bool) -> None:
        if run.limit(hi) > np.iinfo(held["T"].dtype).max:  # widen before a value could overflow
            held["T"] = held["T"].astype(np.int32)
        fill_rows(held["T"], lo, hi, -1, threads)  # the rows' first touch, in their step
        run.step(held["T"], 0, lo, hi, threads)

    run_paced(done, bound + 1, step, work_model(bound), parallel, progress, block=run.block,
              seconds_per_work=SECONDS_PER_WORK)
    return held["T"].T


def table_bytes(bound: int) -> int:
    """The memory the kernel needs for ``bound``: the table, plus the line bitsets (3B lines of
    at most B/64 + 2 words)."""
    return (bound + 1) ** 2 * value_dtype(bound).itemsize + 3 * (bound + 1) * \
        (bound // 64 + 2) * 8


def _check(bound: int) -> None:
    check_memory(table_bytes(bound), f"the Sharing Nim table for B = {bound}")


def sharing_values(bound: int, progress: Progress = quiet,
                   parallel: bool | str = True) -> np.ndarray:
    """``V[a, b] = G(0, a, b)`` for ``0 <= a <= b <= bound``, -1 below the diagonal (fast).

    ``parallel=True`` (the default) lets the parallel kernel use Numba's threads (their number is
    ``NUMBA_NUM_THREADS``, or :func:`numba.set_num_threads`) whenever it is faster than one
    thread (:mod:`nimlab.kernels.pace`); ``False``: one thread; ``"always"``: the parallel kernel
    for every step.  Same table, bit for bit.  (Its loop is Numba's ``prange``, not a worker on
    the process's threads as Wythoff's: compiled as a plain function, the same loop ran a
    quarter slower, ahead of time and just in time alike.)

    The array is the transpose view of a C-ordered ``T[b, a]`` (columns are computed one at a
    time); ``np.ascontiguousarray`` makes a copy if a caller needs one.
    """
    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    _check(bound)
    T = np.empty((bound + 1, bound + 1), dtype=value_dtype(bound))  # rows filled in their step
    return _run(T, 0, bound, progress, parallel)


def extend_sharing_values(stored: np.ndarray, bound: int, progress: Progress = quiet,
                          parallel: bool | str = True) -> np.ndarray:
    """Grow a table ``stored`` (``V`` for some smaller bound) to ``bound`` without recomputing it."""
    done = stored.shape[0]
    if done > bound + 1:
        return stored[:bound + 1, :bound + 1]
    _check(bound)
    T = np.empty((bound + 1, bound + 1), dtype=value_dtype(bound))  # rows filled in their step
    T[:done, :done] = stored.T
    T[:done, done:] = -1
    return _run(T, done, bound, progress, parallel)

"""An octal game's nim-sequence by the sparse-space method, on every core that pays.

:func:`sparse_values` gives the same sequence as :func:`nimlab.kernels.octal.octal_values` by the
sparse-space method (Winning Ways, chapter 4; Gangolli and Plambeck 1989; Flammenkamp): where a
mask leaves few *rare* heaps, a heap's options of one parity come only from splits with a rare
heap, and the mex rarely needs more than a few other splits; its work is about ``N`` times the
rare heaps where the plain kernel's is ``N^2 / 4``.  It computes plainly where no mask makes the
rare heaps few, and says so.

**Both cores.**  A heap's options are heaps at least ``lag`` smaller (``lag``: the fewest tokens
a move that leaves a heap takes; 2 for 0.16 and 0.1777, 3 for 0.007), so ``lag`` consecutive
heaps do not depend on one another.  :func:`_wave` is one worker: it takes the next heap
(a shared counter), waits until every heap ``lag`` or more below it is done (the *frontier*:
every heap below it is done), computes it (plainly or sparsely) with a stamp array of its own,
and marks it done.  No thread is bound to a heap, so a thread the system puts aside holds back
only the heaps that need its own (:mod:`nimlab.kernels.pace` chooses one thread or all, by the
speed measured).  The rare heaps a worker finds go into a list of its own (each in increasing
order); the rare pass reads every list.  Same sequence, bit for bit, on any number of threads.

**Resuming.**  ``sparse_values(..., out=G, start=m)`` takes ``G[:m]`` as computed and goes on
from heap ``m`` (the record runs of :mod:`nimlab.research.records` checkpoint a memory-mapped
``G``); the values do not depend on where a run started, stopped or which mask it used.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from nimlab.kernels.atomics import compare_swap, load_acquire, sched_yield, store_release
from nimlab.kernels.jit import njit
from nimlab.kernels.octal import octal_values
from nimlab.progress import Progress, quiet

__all__ = ["sparse_values", "SparseRun", "choose_mask", "lag_of", "MASK_BITS", "FIRST_PLAIN",
           "SPARSE_SHARE", "BLOCK"]

#: The smaller heaps the search for a witness takes at a time.
BLOCK = 64
#: Heaps a worker's "done" marks are kept for (a ring): more than the heaps in flight at once.
RING = 1024
#: The largest lag a worker waits by (a smaller one only waits longer: still exact).
MAX_LAG = RING // 4


@njit(cache=True, inline="always")
def _parity(x):
    """The parity of the set bits of ``x`` (an ``int64``)."""
    x ^= x >> 32
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@njit(cache=True, inline="always")
def _fetch_add(counter, i, amount):
    """``counter[i] += amount`` in one step; the value before."""
    while True:
        seen = load_acquire(counter, i)
        if compare_swap(counter, i, seen, seen + amount):
            return seen


@njit(cache=True, inline="always")
def _counted(stats, t, computed, rare_splits, witness_splits, plain_splits):
    """The worker's counters added to ``stats[t]``; its heaps computed."""
    stats[t, 0] += rare_splits
    stats[t, 1] += witness_splits
    stats[t, 2] += plain_splits
    return computed


@njit(cache=True, inline="always")
def _publish(array, i, value):
    """``array[i] = value`` with a full fence (a locked exchange): a worker's later read of the
    frontier cannot pass it, so the worker that finishes a heap and the one that moves the
    frontier cannot both miss the other's write (a release store alone allows that)."""
    while True:
        seen = load_acquire(array, i)
        if compare_swap(array, i, seen, value):
            return


@njit(cache=True, nogil=True,
      aot=["i4[::1], i8[:, ::1], i8[::1], i8[:, ::1], i8[::1], i8[:, ::1], i8[::1], i8[::1], "
           "i8[::1], i8, i8, i8, b1, i8, i8, i8, b1"])
def _wave(G, stamps, digits, rare, rcounts, stats, shared, done, halt, lo, hi, lag, sparse,
          mask, twist, common, solo):
    """One worker: heaps taken one at a time from ``shared[1]`` (the next heap, from ``lo``)
    until ``hi``; returns the number of heaps it computed.

    ``shared``: ``[0]`` the tickets (each worker's number: its stamp row ``stamps[t]``, rare
    list ``rare[t, :rcounts[t]]`` and counters ``stats[t]``: splits of the rare pass, of the
    search for witnesses, or of the plain mex), ``[1]`` the next heap, ``[2]`` the frontier
    (every heap below it is done).  ``done[n % RING] == n`` once heap ``n`` is done.  A worker
    waits until the frontier passes ``n - lag`` before heap ``n``.  ``halt[0]`` (a signal, or a
    worker that needs a larger stamp array or rare list) stops every worker before its next
    heap; the heaps below the frontier are then done, and those above it may be computed again.

    ``sparse``: the sparse-space method with the mask ``(mask, twist, common)`` (see
    :func:`sparse_values`; heap ``x`` is rare when ``parity(G[x] & mask) != common ^ (twist &
    x)``, and the rare heaps found are appended to the worker's list as ``x << 32 | G[x]``);
    else the plain mex over every move.  ``solo``: the only worker (no counters shared, no
    waiting: the heaps in order, the frontier set when it returns)."""
    t = _fetch_add(shared, 0, 1)
    stamp = stamps[t]
    cap = stamp.shape[0]
    nsplits = 0
    for k in range(digits.shape[0]):
        if digits[k] & 4:
            nsplits += 1
    splits = np.zeros(max(nsplits, 1), dtype=np.int64)
    nsplits = 0
    for k in range(digits.shape[0]):
        if digits[k] & 4:
            splits[nsplits] = k
            nsplits += 1
    first = splits[0]  # the split that leaves the most
    computed = 0
    # the counters are the worker's own until it returns (a shared cache line would cost)
    rare_splits = witness_splits = plain_splits = 0
    n = lo - 1
    while True:
        if solo:
            n += 1
            shared[2] = n  # every heap below n is done
        if load_acquire(halt, 0) != 0:
            return _counted(stats, t, computed, rare_splits, witness_splits, plain_splits)
        if sparse and rcounts[t] >= rare.shape[1]:  # no room for a rare heap: a longer list
            store_release(halt, 0, 1)
            return _counted(stats, t, computed, rare_splits, witness_splits, plain_splits)
        if not solo:
            n = _fetch_add(shared, 1, 1)
        if n >= hi:
            return _counted(stats, t, computed, rare_splits, witness_splits, plain_splits)
        spins = 0
        while not solo and load_acquire(shared, 2) <= n - lag:  # heaps up to n - lag done
            spins += 1
            if spins > 64:
                if load_acquire(halt, 0) != 0:
                    return _counted(stats, t, computed, rare_splits, witness_splits, plain_splits)
                sched_yield()
        plain_splits += 1  # the heap itself (codes without splits count their work so)
        own = common ^ (twist & n)  # the parity of a common value at heap n
        # (the moves as kernels.octal._octal_step reads them, written again on purpose: that
        # loop is the reference this worker is tested against, and the benchmarks' plain loop)
        for k in range(digits.shape[0]):
            if k > n:
                break
            d = digits[k]
            rest = n - k
            if d & 1 and rest == 0 and k > 0:
                stamp[0] = n
            if d & 2 and rest >= 1 and k > 0:
                stamp[G[rest]] = n
            if d & 4 and rest >= 2:
                if sparse:  # every split with a rare heap in it
                    for u in range(rare.shape[0]):
                        count = rcounts[t] if u == t else load_acquire(rcounts, u)
                        for i in range(count):
                            a = rare[u, i] >> 32
                            if a >= rest:
                                break
                            stamp[(rare[u, i] & 0xFFFFFFFF) ^ G[rest - a]] = n
                            rare_splits += 1
                else:
                    for a in range(1, rest // 2 + 1):
                        stamp[G[a] ^ G[rest - a]] = n
                    plain_splits += rest // 2
            if d & 8 and rest >= 3:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        stamp[G[a] ^ G[b] ^ G[rest - a - b]] = n
                    plain_splits += (rest - a) // 2 + 1 - a
        g = 0
        if not sparse:
            while g < cap and stamp[g] == n:
                g += 1
        else:
            # every value of parity `own` among the options is marked now; one of the other
            # parity is looked for among all the splits, in blocks of BLOCK smaller heaps a:
            # the first block (the smallest heaps), then the others in a strided order (heaps
            # of similar sizes and unequal ones alike)
            half = (n - first) // 2
            blocks = (half + BLOCK - 1) // BLOCK
            stride = 0
            searched = 0  # blocks searched
            r = 0  # the block after the first: 1 + r, r = (searched - 1) * stride % (blocks - 1)
            while True:
                while g < cap and stamp[g] == n:
                    g += 1
                if g >= cap // 2 or searched == blocks:
                    break
                if _parity(g & mask) == own:
                    break
                if stride == 0 and blocks > 2:  # a stride prime to blocks - 1, near it / phi
                    stride = max(1, int((blocks - 1) * 0.6180339887498949))
                    while True:
                        p, q = stride, blocks - 1
                        while q:
                            p, q = q, p % q
                        if p == 1:
                            break
                        stride += 1
                while searched < blocks and stamp[g] != n:
                    block = 0 if searched == 0 else 1 + r
                    if searched > 0:
                        r += stride
                        if r >= blocks - 1:
                            r -= blocks - 1
                    searched += 1
                    start = 1 + block * BLOCK
                    for j in range(nsplits):
                        rest = n - splits[j]
                        end = min(start + BLOCK, rest // 2 + 1)
                        for a in range(start, end):
                            stamp[G[a] ^ G[rest - a]] = n
                        if end > start:
                            witness_splits += end - start
        if g >= cap // 2:  # a value this large could make XORs past the stamp array
            store_release(halt, 0, 1)
            return _counted(stats, t, computed, rare_splits, witness_splits, plain_splits)
        G[n] = g
        if sparse and n > 0 and _parity(g & mask) != own:
            rare[t, rcounts[t]] = (n << 32) | g
            store_release(rcounts, t, rcounts[t] + 1)
        computed += 1
        if solo:
            continue
        _publish(done, n % RING, n)
        # the frontier moves past every heap done
        while True:
            front = load_acquire(shared, 2)
            if front >= hi or load_acquire(done, front % RING) != front:
                break
            compare_swap(shared, 2, front, front + 1)


def lag_of(digits: tuple[int, ...]) -> int:
    """The fewest tokens a move that leaves a heap takes (at least 1): heaps that close are
    independent.  0.16, 0.1777: 2; 0.007: 3; Kayles (0.77): 1."""
    leaving = [max(k, 1) for k, d in enumerate(digits) if d & 2 and k > 0 or d & 4]
    return min(leaving, default=1)


def _walsh(h: np.ndarray) -> np.ndarray:
    """``sum_v h[v] (-1)^popcount(v & m)`` for every ``m`` (the Walsh-Hadamard transform)."""
    h = h.astype(np.int64)
    step = 1
    while step < h.shape[0]:
        h = h.reshape(-1, 2, step)
        h = np.stack((h[:, 0] + h[:, 1], h[:, 0] - h[:, 1]), axis=1).reshape(-1)
        step *= 2
    return h


#: Values past this many bits: no mask is looked for (the plain kernel goes on).
MASK_BITS = 16


def _split_parities(digits: tuple[int, ...]) -> set[int]:
    return {k & 1 for k, d in enumerate(digits) if d & 4}


def choose_mask(digits: tuple[int, ...], G: np.ndarray) -> tuple[int, int, int, int] | None:
    """The ``(mask, twist, common, rare)`` that makes the fewest heaps of ``G[1:]`` rare, or
    ``None`` (values past :data:`MASK_BITS` bits, or no split).  The mask is an infinite
    bitstring: every bit past the largest value's is set (a negative integer).

    Heap ``x`` is common when the parity of ``G[x] & mask`` is ``common ^ (twist & x)``.
    ``twist = 0`` is the sparse space in the range (Winning Ways, "Sparse space spells speed";
    common values have odd parity); ``twist = 1`` the sparse space in the domain (Flammenkamp),
    open only to codes whose splits all take an even, or all an odd, number of tokens.  Either
    way two common heaps left by a split XOR to the other parity than a common value of the
    heap split, which is what :func:`_wave` needs; ``common`` follows from ``twist``."""
    parities = _split_parities(digits)
    top = int(G[1:].max(initial=0))
    if not parities or top >= 1 << MASK_BITS:
        return None
    size = 1 << max(1, top.bit_length())
    best = None
    for twist in (0, 1):
        if twist and len(parities) > 1:
            continue
        common = 1 ^ (twist & next(iter(parities)))
        rare = np.zeros(size, dtype=np.int64)
        for side in (0, 1) if twist else (0,):
            values = (G[2::2] if side == 0 else G[1::2]) if twist else G[1:]  # (views)
            counts = sum((np.bincount(values[low:low + (1 << 20)], minlength=size)
                          for low in range(0, values.shape[0], 1 << 20)),  # little memory
                         np.zeros(size, dtype=np.int64))
            odd = (values.shape[0] - _walsh(counts)) // 2
            rare += odd if (common ^ (twist & side)) == 0 else values.shape[0] - odd
        low = int(np.argmin(rare[1:])) + 1
        if best is None or rare[low] < best[3]:
            # the bits past the values' own are set (Flammenkamp's bitstrings): larger values
            # to come keep the parity their high bits give
            best = (low | -size, twist, common, int(rare[low]))
    return best


def _rare_heaps(G: np.ndarray, mask: int, twist: int, common: int, start: int = 0
                ) -> np.ndarray:
    """The rare heaps of ``G`` from ``start`` on, as :func:`_wave` keeps them:
    ``x << 32 | G[x]``."""
    found = []
    for low in range(start, G.shape[0], 1 << 20):  # a piece at a time: little memory
        heaps = np.arange(low, min(G.shape[0], low + (1 << 20)), dtype=np.int64)
        values = G[heaps[0]:heaps[-1] + 1].astype(np.int64)
        rare = ((np.bitwise_count(values & mask) & 1) != (common ^ (twist & heaps))) & (heaps > 0)
        found.append(heaps[rare] << 32 | values[rare])
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


@dataclass
class SparseRun:
    """How :func:`sparse_values` computed a sequence."""

    mask: int | None = None  # the last mask chosen (None: never sparse)
    twist: int = 0  # 1: the sparse space in the domain
    rare: int = 0  # rare heaps in the sequence for the last mask
    sparse_heaps: int = 0  # heaps computed by the sparse-space method
    plain_heaps: int = 0  # heaps computed by the plain mex over every split
    rare_splits: int = 0  # splits visited by the rare pass
    witness_splits: int = 0  # splits visited looking for witnesses
    threads: int = 1  # the most threads a step ran on
    parallel_heaps: int = 0  # heaps computed by steps on more than one thread
    note: str = ""

    @property
    def work(self) -> int:
        return self.rare_splits + self.witness_splits


#: Heaps computed plainly before a mask is first chosen.
FIRST_PLAIN = 1 << 11
#: The sparse-space method runs while its work per heap is below this share of the plain's
#: (a split costs about the same in both: measured on 0.007 at 2^18 heaps).
SPARSE_SHARE = 0.8
#: A step on several threads starts only past this much work per heap (below it, waiting for
#: the frontier costs more than it saves).
PARALLEL_WORK = 2_000


class _Arrays:
    """The workers' state between steps: stamps, rare lists, counters (grown as needed)."""

    def __init__(self, rows: int, largest: int = 0):
        """``largest``: the largest value computed so far (a resumed run's): the stamp arrays
        hold twice the power of two past it, so that every XOR of two values fits."""
        self.rows = rows
        width = max(64, 2 << int(largest).bit_length())
        self.stamps = np.full((rows, width), -1, dtype=np.int64)
        self.rare = np.zeros((rows, 1024), dtype=np.int64)
        self.rcounts = np.zeros(rows, dtype=np.int64)
        self.stats = np.zeros((rows, 3), dtype=np.int64)
        self.done = np.full(RING, -1, dtype=np.int64)

    def set_rare(self, heaps: np.ndarray) -> None:
        """The rare lists start again from ``heaps`` (a new mask), all in the first list."""
        width = max(1024, 2 * heaps.shape[0])
        self.rare = np.zeros((self.rows, width), dtype=np.int64)
        self.rare[0, :heaps.shape[0]] = heaps
        self.rcounts[:] = 0
        self.rcounts[0] = heaps.shape[0]

    def append_rare(self, heaps: np.ndarray) -> None:
        """Rare heaps found past every list's last (a plain step's) go to the first list."""
        need = int(self.rcounts[0]) + heaps.shape[0]
        if need > self.rare.shape[1]:
            self._widen(need)
        self.rare[0, self.rcounts[0]:need] = heaps
        self.rcounts[0] = need

    def _widen(self, need: int) -> None:
        grown = np.zeros((self.rows, max(need, 2 * self.rare.shape[1])), dtype=np.int64)
        grown[:, :self.rare.shape[1]] = self.rare
        self.rare = grown

    def cut(self, reached: int) -> None:
        """Keep only the rare heaps below ``reached`` (a halted step's heaps above the frontier
        are computed again)."""
        for u in range(self.rows):
            heaps = self.rare[u, :self.rcounts[u]] >> 32
            self.rcounts[u] = int(np.searchsorted(heaps, reached))

    def grow(self) -> None:
        """After a halt: a larger stamp array or longer rare lists, whichever was short."""
        if np.any(self.rcounts >= self.rare.shape[1]):
            self._widen(2 * self.rare.shape[1])
        else:
            self.stamps = np.full((self.rows, 2 * self.stamps.shape[1]), -1, dtype=np.int64)

    def counted(self) -> np.ndarray:
        """The splits visited: ``[rare pass, witnesses, plain]``."""
        return self.stats.sum(axis=0)


def _run_step(G: np.ndarray, arrays: _Arrays, code: np.ndarray, lo: int, hi: int, lag: int,
              sparse: bool, chosen, threads: int) -> int:
    """Heaps ``lo <= n < hi`` on ``threads`` workers; the first heap not done (``hi``, or the
    frontier where a worker needed a larger array: the caller grows it and calls again)."""
    from nimlab.kernels.workers import run_workers

    mask, twist, common = chosen if chosen is not None else (0, 0, 0)
    shared = np.array([0, lo, lo], dtype=np.int64)
    halt = np.zeros(1, dtype=np.int64)
    args = (G, arrays.stamps, code, arrays.rare, arrays.rcounts, arrays.stats, shared,
            arrays.done, halt, lo, hi, min(lag, MAX_LAG), bool(sparse), int(mask), int(twist),
            int(common))
    if threads > 1:
        run_workers(_wave, args + (False,), threads, halt)  # a signal: halt, the workers end,
    else:  # and it is raised again here
        _wave(*args, True)
    reached = int(shared[2])
    while reached < hi and arrays.done[reached % RING] == reached:  # (a frontier left behind)
        reached += 1
    if reached < hi:
        arrays.cut(reached)
        arrays.grow()
        arrays.done.fill(-1)  # the heaps past the frontier are computed again: no mark stays
    return reached


def sparse_values(digits: tuple[int, ...], bound: int, progress: Progress = quiet,
                  mask: tuple[int, int] | None = None, *, out: np.ndarray | None = None,
                  start: int = 0, threads: bool | str = True) -> tuple[np.ndarray, SparseRun]:
    """``G(0..bound)`` (int32), the same as :func:`~nimlab.kernels.octal.octal_values`, by the
    sparse-space method where it pays, and how it went (:class:`SparseRun`).

    The method (Berlekamp, Conway and Guy, *Winning Ways*, chapter 4, "Sparse space spells
    speed"; Gangolli and Plambeck, "A note on periodicity in some octal games", IJGT 18, 1989;
    Flammenkamp's tables of octal games): a mask splits the values by the parity of
    ``popcount(value & mask)``; the heaps whose values have the unusual parity are *rare*
    (:func:`choose_mask`).  The XOR of two common heaps has the parity that a common heap's
    value never has, so every option of a heap with that parity comes from a split with a rare
    heap in it: the rare heaps, paired with their partners, give them all.  The mex is then the
    first value not found that has the common parity, unless a smaller value of the other parity
    is missing too: each such candidate is looked for among all the splits, from where the last
    search stopped (usually found within a few splits; only a rare heap's value takes a whole
    pass).  The answer is exact for any mask; the mask only decides the speed.

    The first :data:`FIRST_PLAIN` heaps are computed plainly; the mask is chosen again from all
    the values so far each time the heaps double; while the sparse work per heap is not below
    :data:`SPARSE_SHARE` of the plain's (too many rare heaps), heaps are computed plainly, and
    the run's ``note`` says so.  Hexadecimal codes (three heaps) are computed plainly.
    ``mask=(mask, twist)`` fixes the mask from the start (for the tests: any mask is exact).

    ``out`` (an ``int32`` array of ``bound + 1`` values, a memory map say) receives the values,
    ``G[:start]`` already computed (a run resumed).  ``threads``: ``True`` uses every core
    while that measures faster (:class:`nimlab.kernels.pace.Pace`), ``False`` one thread,
    ``"always"`` every core for every step past :data:`PARALLEL_WORK` (tests, benchmarks)."""
    from nimlab.kernels.pace import Pace

    digits = tuple(digits)
    run = SparseRun()
    G = np.zeros(bound + 1, dtype=np.int32) if out is None else out
    if G.dtype != np.int32 or G.shape != (bound + 1,) or not 0 <= start <= bound + 1:
        raise ValueError("out: an int32 array of bound + 1 values, and 0 <= start <= bound + 1")
    code = np.array(digits, dtype=np.int64)
    splits = [k for k, d in enumerate(digits) if d & 4]
    hexadecimal = any(d & 8 for d in digits)
    if (hexadecimal or not splits) and start == 0 and out is None:
        run.note = ("plain: a hexadecimal code" if hexadecimal
                    else "plain: no split (the plain kernel is linear)")
        run.plain_heaps = bound + 1
        return octal_values(digits, bound, progress), run
    lag = lag_of(digits)
    pace = Pace(threads if lag > 1 else False)
    pace.ready = True  # one kernel for both modes: loaded by the first step
    largest = max(int(G[:start].max(initial=0)) if start else 0, 0)
    arrays = _Arrays(max(1, pace.workers), largest)
    fixed = None
    if mask is not None:
        parities = _split_parities(digits)
        if mask[1] and len(parities) > 1:
            raise ValueError("a mask in the domain needs splits that all take an even, or all "
                             "an odd, number of tokens")
        fixed = (mask[0], mask[1], 1 ^ (mask[1] & next(iter(parities))))
    chosen = None  # (mask, twist, common): the rare heaps of the lists are for it
    sparse = False
    per_heap = float(BLOCK * len(splits))  # sparse work per heap: measured once it runs
    since = [0, 0]  # sparse work and heaps since the mask was last chosen
    plain = lambda n: sum(max(0, n - k) // 2 for k in splits)  # noqa: E731  (per heap)
    next_choice = start if fixed else max(FIRST_PLAIN, start)
    phases: list[tuple[int, str, object]] = [(start, "plain (the first heaps)" if start == 0
                                              else "resumed", None)]
    n = start
    while n <= bound:
        if n >= next_choice and not hexadecimal and splits:  # choose the mask (again)
            next_choice = 2 * n if not fixed else bound + 1
            found = fixed or choose_mask(digits, G[:n])
            if found and found[:3] != chosen:
                chosen = found[:3]
                arrays.set_rare(_rare_heaps(G[:n], *chosen))
            rares = int(arrays.rcounts.sum()) if found else 0
            sparse = bool(found) and (fixed is not None or len(splits) * rares + per_heap
                                      < SPARSE_SHARE * plain(n))
            since = [0, 0]
            if sparse:
                what = (f"sparse (mask {_bits(chosen[0])}"
                        f"{' in the domain' if chosen[1] else ''}, {rares:,} rare heaps then)")
            elif found:
                what = (f"plain ({rares:,} of {n:,} heaps rare at the fewest, mask "
                        f"{_bits(chosen[0])}{' in the domain' if chosen[1] else ''}: no sparse "
                        "space)")
            else:
                what = "plain (values past 2^16: no mask looked for)"
            if (what.split()[0], sparse and chosen) != (phases[-1][1].split()[0], phases[-1][2]):
                phases.append((n, what, sparse and chosen))
        cost = max(per_heap if sparse else float(plain(n)), 1.0)  # splits per heap, about
        mode, seconds = pace.choose()
        mode = mode and cost >= PARALLEL_WORK
        rate = pace.sizing_rate(mode)
        width = int((rate * seconds if rate else 2_000_000) // cost)
        stop = min(bound + 1, n + max(1, width), next_choice if n < next_choice else bound + 1)
        before = arrays.counted()
        began = time.perf_counter()
        reached = _run_step(G, arrays, code, n, stop, lag, sparse, chosen,
                            pace.workers if mode else 1)
        took = time.perf_counter() - began
        after = arrays.counted()
        if reached > n:
            pace.record(mode, float((after - before).sum()), took, reached - n)
            run.parallel_heaps += (reached - n) if mode else 0
            run.threads = max(run.threads, pace.workers if mode else 1)
        if not sparse:
            if chosen is not None and reached > n:  # the rare heaps kept up to date
                arrays.append_rare(_rare_heaps(G[:reached], *chosen, start=n))
            run.plain_heaps += reached - n
        elif reached > n:
            work = float(after[0] + after[1] - before[0] - before[1])
            per_heap = work / (reached - n)
            run.sparse_heaps += reached - n
            since = [since[0] + work, since[1] + reached - n]
            average = since[0] / since[1]
            if fixed is None and since[1] >= max(256, reached // 16) and \
                    average > SPARSE_SHARE * plain(reached):
                sparse = False  # plain until the mask is chosen again
                per_heap = average
                phases.append((reached, f"plain (the sparse-space method took "
                                        f"{average:,.0f} splits a heap, the plain one "
                                        f"{plain(reached):,})", False))
        n = reached
        progress(n, bound + 1)
    if chosen is not None:
        run.mask, run.twist, run.rare = chosen[0], chosen[1], int(arrays.rcounts.sum())
    run.note = "; ".join(f"from heap {begin:,}: {what}" for begin, what, _ in phases)
    if run.parallel_heaps:
        run.note += f"; {run.parallel_heaps:,} heaps on {run.threads} threads"
    counted = arrays.counted()
    run.rare_splits, run.witness_splits = int(counted[0]), int(counted[1])
    return G, run


def _bits(mask: int) -> str:
    """A mask as Flammenkamp writes his bitstrings: ``-72`` (every bit set past the seventh) is
    ``...10111000``."""
    if mask >= 0:
        return format(mask, "b")
    width = (~mask).bit_length()
    return "...1" + format(mask & ((1 << width) - 1), f"0{width}b") if width else "...1"

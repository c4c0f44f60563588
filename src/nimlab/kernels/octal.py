"""The nim-sequence of an octal (or hexadecimal) game, compiled: ``G(0..N)`` by a plain mex over
every move, each heap's options marked in a stamp array (no clearing between heaps).

``digits[k]`` is the code's digit for taking ``k`` tokens (1: nothing left, 2: one heap, 4: two
heaps, 8: three heaps; see :mod:`nimlab.games.octal`).  Splitting into two heaps visits every
split, so the work grows like ``N^2`` (three heaps: ``N^3``); :func:`reference_values` is the same
in plain Python, for the tests.

:func:`sparse_values` gives the same sequence by the sparse-space method (Winning Ways, chapter
4; Gangolli and Plambeck 1989; Flammenkamp): where a mask leaves few *rare* heaps, a heap's
options of one parity come only from splits with a rare heap, and the mex rarely needs more than
a few other splits; its work is about ``N`` times the rare heaps where the plain kernel's is
``N^2 / 4``.  It computes plainly where no mask makes the rare heaps few, and says so.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet

__all__ = ["octal_values", "sparse_values", "SparseRun", "choose_mask", "reference_values",
           "work_of", "check_work", "MAX_WORK"]


@njit(cache=True, aot=["i4[::1], i8[::1], i8[::1], i8, i8"])
def _octal_step(G, stamp, digits, lo, hi):
    """Fill ``G[lo:hi]``; returns the first heap not filled: ``hi``, or a heap whose value could
    reach ``len(stamp)`` (the caller doubles ``stamp`` and calls again)."""
    cap = stamp.shape[0]
    for n in range(lo, hi):
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
                for a in range(1, rest // 2 + 1):
                    stamp[G[a] ^ G[rest - a]] = n
            if d & 8 and rest >= 3:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        stamp[G[a] ^ G[b] ^ G[rest - a - b]] = n
        g = 0
        while g < cap and stamp[g] == n:
            g += 1
        if g >= cap // 2:  # a value this large could make XORs past the stamp array
            return n
        G[n] = g
    return hi


#: The smaller heaps the sparse kernel's search for a witness takes at a time.
BLOCK = 64


@njit(cache=True, aot=["i4[::1], i8[::1], i8[::1], i8[::1], i8[::1], i8, i8, i8, i8, i8"])
def _sparse_step(G, stamp, digits, rare, counts, lo, hi, mask, twist, common):
    """Fill ``G[lo:hi]`` by the sparse-space method (see :func:`sparse_values`); returns the
    first heap not filled: ``hi``, a heap whose value could reach ``len(stamp)``, or one that
    would overflow ``rare`` (the caller grows the array and calls again).

    ``rare[:counts[0]]`` lists the rare heaps below ``lo`` in increasing order, each heap ``x``
    with its value as ``x << 32 | G[x]`` (heap ``x >= 1`` is common when the parity of
    ``G[x] & mask`` is ``common ^ (twist & x)``); the heaps found rare are appended.
    ``counts[1]`` and ``counts[2]`` add up the splits visited by the rare pass and by the search
    for witnesses."""
    cap = stamp.shape[0]
    nsplits = 0
    for k in range(digits.shape[0]):
        if digits[k] & 4:
            nsplits += 1
    splits = np.zeros(nsplits, dtype=np.int64)
    nsplits = 0
    for k in range(digits.shape[0]):
        if digits[k] & 4:
            splits[nsplits] = k
            nsplits += 1
    first = splits[0]  # the split that leaves the most
    for n in range(lo, hi):
        if counts[0] >= rare.shape[0]:
            return n
        own = common ^ (twist & n)  # the parity of a common value at heap n
        for k in range(digits.shape[0]):
            if k > n:
                break
            d = digits[k]
            rest = n - k
            if d & 1 and rest == 0 and k > 0:
                stamp[0] = n
            if d & 2 and rest >= 1 and k > 0:
                stamp[G[rest]] = n
            if d & 4 and rest >= 2:  # every split with a rare heap in it
                for i in range(counts[0]):
                    a = rare[i] >> 32
                    if a >= rest:
                        break
                    stamp[(rare[i] & 0xFFFFFFFF) ^ G[rest - a]] = n
                    counts[1] += 1
        # every value of parity `own` among the options is marked now; one of the other parity
        # is looked for among all the splits, from where the last search stopped, in blocks of
        # BLOCK smaller heaps a: the first block (the smallest heaps), then the others in a
        # strided order (heaps of similar sizes and unequal ones alike)
        half = (n - first) // 2
        blocks = (half + BLOCK - 1) // BLOCK
        stride = 0
        done = 0  # blocks searched
        r = 0  # the block after the first: 1 + r, r = (done - 1) * stride mod (blocks - 1)
        g = 0
        while True:
            while g < cap and stamp[g] == n:
                g += 1
            if g >= cap // 2 or done == blocks:
                break
            x = g & mask
            x ^= x >> 32
            x ^= x >> 16
            x ^= x >> 8
            x ^= x >> 4
            x ^= x >> 2
            x ^= x >> 1
            if x & 1 == own:
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
            while done < blocks and stamp[g] != n:
                block = 0 if done == 0 else 1 + r
                if done > 0:
                    r += stride
                    if r >= blocks - 1:
                        r -= blocks - 1
                done += 1
                start = 1 + block * BLOCK
                for j in range(nsplits):
                    rest = n - splits[j]
                    end = min(start + BLOCK, rest // 2 + 1)
                    for a in range(start, end):
                        stamp[G[a] ^ G[rest - a]] = n
                    if end > start:
                        counts[2] += end - start
        if g >= cap // 2:  # a value this large could make XORs past the stamp array
            return n
        G[n] = g
        x = g & mask
        x ^= x >> 32
        x ^= x >> 16
        x ^= x >> 8
        x ^= x >> 4
        x ^= x >> 2
        x ^= x >> 1
        if x & 1 != own and n > 0:
            rare[counts[0]] = (n << 32) | g
            counts[0] += 1
    return hi


def work_of(digits: tuple[int, ...], bound: int) -> int:
    """About how many options the kernel visits for ``G(0..bound)``."""
    n = bound + 1
    work = n * len(digits)
    if any(d & 4 for d in digits):
        work += n * n // 4
    if any(d & 8 for d in digits):
        work += n ** 3 // 36
    return work


#: Moves the kernel visits in about a minute here (measured: 2.2 * 10^9 in 3.2 s); past it a
#: table is refused in one line, with the largest bound that fits.
MAX_WORK = 40_000_000_000


def check_work(digits: tuple[int, ...], bound: int) -> None:
    """Refuse (one line) a table past :data:`MAX_WORK` (hexadecimal codes grow like ``N^3``).

    The bound is the plain kernel's: :func:`sparse_values` often visits far fewer moves, but how
    many depends on the rare heaps, which no bound known beforehand limits."""
    work = work_of(digits, bound)
    if work <= MAX_WORK:
        return
    low, high = 0, bound
    while low < high:  # the largest bound that fits
        mid = (low + high + 1) // 2
        low, high = (mid, high) if work_of(digits, mid) <= MAX_WORK else (low, mid - 1)
    from nimlab.errors import InputError, about

    raise InputError(f"the nim-sequence up to heap {bound:,} may visit about {about(work)} "
                     f"moves, about {about(work * 60 // MAX_WORK)} seconds here (fewer where a "
                     "sparse space holds, which only the computation shows); heaps up to "
                     f"{low:,} fit in a minute")


def octal_values(digits: tuple[int, ...], bound: int, progress: Progress = quiet) -> np.ndarray:
    """``G(0..bound)`` (int32) of the game with these code digits, in steps that report
    ``progress(done, total)`` (so Ctrl-C and deadlines act between them)."""
    G = np.zeros(bound + 1, dtype=np.int32)
    stamp = np.full(64, -1, dtype=np.int64)
    code = np.array(digits, dtype=np.int64)
    n = 0
    total = work_of(digits, bound)
    while n <= bound:
        # steps of about 20 million options: a fraction of a second each
        width = max(1, 20_000_000 // max(1, (n + 1) * (2 if any(d & 4 for d in digits) else 1)))
        stop = min(bound + 1, n + width)
        reached = _octal_step(G, stamp, code, n, stop)
        if reached < stop:
            grown = np.full(2 * stamp.shape[0], -1, dtype=np.int64)
            grown[:stamp.shape[0]] = stamp
            stamp = grown
        n = reached
        progress(work_of(digits, n - 1) if n else 0, total)
    return G


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
    heap split, which is what :func:`_sparse_step` needs; ``common`` follows from ``twist``."""
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
    """The rare heaps of ``G`` from ``start`` on, as :func:`_sparse_step` keeps them:
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
    note: str = ""

    @property
    def work(self) -> int:
        return self.rare_splits + self.witness_splits


#: Heaps computed plainly before a mask is first chosen.
FIRST_PLAIN = 1 << 11
#: The sparse-space method runs while its work per heap is below this share of the plain's
#: (a split costs about the same in both: measured on 0.007 at 2^18 heaps).
SPARSE_SHARE = 0.8


def sparse_values(digits: tuple[int, ...], bound: int, progress: Progress = quiet,
                  mask: tuple[int, int] | None = None) -> tuple[np.ndarray, SparseRun]:
    """``G(0..bound)`` (int32), the same as :func:`octal_values`, by the sparse-space method
    where it pays, and how it went (:class:`SparseRun`).

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
    ``mask=(mask, twist)`` fixes the mask from the start (for the tests: any mask is exact)."""
    digits = tuple(digits)
    run = SparseRun()
    G = np.zeros(bound + 1, dtype=np.int32)
    stamp = np.full(64, -1, dtype=np.int64)
    code = np.array(digits, dtype=np.int64)
    splits = [k for k, d in enumerate(digits) if d & 4]
    if any(d & 8 for d in digits) or not splits:
        run.note = ("plain: a hexadecimal code" if any(d & 8 for d in digits)
                    else "plain: no split (the plain kernel is linear)")
        run.plain_heaps = bound + 1
        return octal_values(digits, bound, progress), run
    counts = np.zeros(3, dtype=np.int64)
    rare = np.zeros(1024, dtype=np.int64)
    fixed = None
    if mask is not None:
        parities = _split_parities(digits)
        if mask[1] and len(parities) > 1:
            raise ValueError("a mask in the domain needs splits that all take an even, or all "
                             "an odd, number of tokens")
        fixed = (mask[0], mask[1], 1 ^ (mask[1] & next(iter(parities))))
    chosen = None  # (mask, twist, common): the rare heaps of `rare` are for it
    sparse = False
    per_heap = float(BLOCK * len(splits))  # sparse work per heap: measured once it runs
    since = [0, 0]  # sparse work and heaps since the mask was last chosen
    plain = lambda n: sum(max(0, n - k) // 2 for k in splits)  # noqa: E731  (per heap)
    next_choice = 0 if fixed else FIRST_PLAIN
    phases: list[tuple[int, str, object]] = [(0, "plain (the first heaps)", None)]
    n = 0
    while n <= bound:
        if n >= next_choice:  # choose the mask (again): from all the values so far
            next_choice = 2 * n if not fixed else bound + 1
            found = fixed or choose_mask(digits, G[:n])
            if found and found[:3] != chosen:
                chosen = found[:3]
                heaps = _rare_heaps(G[:n], *chosen)
                rare = np.zeros(max(1024, 2 * heaps.shape[0]), dtype=np.int64)
                rare[:heaps.shape[0]] = heaps
                counts[0] = heaps.shape[0]
            rares = int(counts[0]) if found else 0
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
        if not sparse:
            width = max(1, 20_000_000 // max(1, plain(n)))
            stop = min(bound + 1, n + width, next_choice)
            reached = _octal_step(G, stamp, code, n, stop)
            if chosen is not None and reached > n:  # the rare heaps kept up to date
                heaps = _rare_heaps(G[:reached], *chosen, start=n)
                if counts[0] + heaps.shape[0] > rare.shape[0]:
                    rare = np.concatenate((rare, np.zeros(max(rare.shape[0], heaps.shape[0]),
                                                          dtype=np.int64)))
                rare[counts[0]:counts[0] + heaps.shape[0]] = heaps
                counts[0] += heaps.shape[0]
            run.plain_heaps += reached - n
            full = False
        else:
            width = max(1, int(20_000_000 // max(per_heap, 1.0)))
            stop = min(bound + 1, n + width, next_choice)
            before = counts[1] + counts[2]
            reached = _sparse_step(G, stamp, code, rare, counts, n, stop, *chosen)
            full = bool(counts[0] >= rare.shape[0])
            if reached > n:
                per_heap = (counts[1] + counts[2] - before) / (reached - n)
                run.sparse_heaps += reached - n
                since = [since[0] + counts[1] + counts[2] - before, since[1] + reached - n]
                average = since[0] / since[1]
                if fixed is None and since[1] >= max(256, reached // 16) and \
                        average > SPARSE_SHARE * plain(reached):
                    sparse = False  # plain until the mask is chosen again
                    per_heap = average
                    phases.append((reached, f"plain (the sparse-space method took "
                                            f"{average:,.0f} splits a heap, the plain one "
                                            f"{plain(reached):,})", False))
        if reached < stop:
            if full:
                rare = np.concatenate((rare, np.zeros_like(rare)))
            else:
                grown = np.full(2 * stamp.shape[0], -1, dtype=np.int64)
                grown[:stamp.shape[0]] = stamp
                stamp = grown
        n = reached
        progress(n, bound + 1)
    if chosen is not None:
        run.mask, run.twist, run.rare = chosen[0], chosen[1], int(counts[0])
    run.note = "; ".join(f"from heap {start:,}: {what}" for start, what, _ in phases)
    run.rare_splits, run.witness_splits = int(counts[1]), int(counts[2])
    return G, run


def _bits(mask: int) -> str:
    """A mask as Flammenkamp writes his bitstrings: ``-72`` (every bit set past the seventh) is
    ``...10111000``."""
    if mask >= 0:
        return format(mask, "b")
    width = (~mask).bit_length()
    return "...1" + format(mask & ((1 << width) - 1), f"0{width}b") if width else "...1"


def reference_values(digits: tuple[int, ...], bound: int) -> list[int]:
    """The same sequence in plain Python (the tests' reference)."""
    G: list[int] = []
    for n in range(bound + 1):
        seen = set()
        for k, d in enumerate(digits):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0 and k > 0:
                seen.add(0)
            if d & 2 and rest >= 1 and k > 0:
                seen.add(G[rest])
            if d & 4:
                seen.update(G[a] ^ G[rest - a] for a in range(1, rest // 2 + 1))
            if d & 8:
                seen.update(G[a] ^ G[b] ^ G[rest - a - b] for a in range(1, rest // 3 + 1)
                            for b in range(a, (rest - a) // 2 + 1))
        g = 0
        while g in seen:
            g += 1
        G.append(g)
    return G

"""Can an octal game's nim-sequence be cut into pieces for Dask workers?  A measurement.

The sequence itself is sequential (heap n needs every smaller heap), but the work of a *block*
of heaps is not.  For the heaps ``n <= m < n + B`` of a block, a split ``m - k = a + b``
(``a <= b``) whose two heaps are both below ``n`` (*old*: ``b < n``) needs only values already
known; only the few splits with ``b >= n`` (at most ``B`` a heap) need the block's own values.
So:

1. cut the smaller heap ``a`` of the old splits into ``P`` ranges, one piece each: a piece marks,
   for each heap of the block, the values its splits reach (``B x V`` bits: 1 MB for ``B =
   4096`` heaps and values below ``V = 2048``: 8 MB as bytes), from ``G[0..n)``;
2. OR the pieces' marks;
3. finish the block in order: the new splits, the moves that leave one heap, the mex.

Workers need ``G[0..n)`` (4 bytes a heap) and receive only the block's ``B`` new values after
each block; each returns ``B x V`` bits.  This script runs the decomposition for 0.007 (the
unsolved game whose values grow, so no sparse space helps) on a range of heaps: the pieces one
after another in this process, then on a local Dask cluster (2 worker processes: the scattered
prefix, the pieces as tasks, the merge here), checks the values against the sparse kernel's
(tested equal to the plain kernel's), times the plain kernel on the same heaps, and prints the
times.

    python benchmarks/octal_pieces.py                 # 0.007, heaps 2^17 .. 2^17 + 2^14
    python benchmarks/octal_pieces.py 1048576 8192    # from heap 2^20, 8,192 heaps

It is a measurement, not a command: nimlab computes on one machine's cores
(:mod:`nimlab.kernels.octal_sparse`).
"""

from __future__ import annotations

import sys
import time

import numpy as np
from numba import njit

from nimlab.games.octal import parse_code
from nimlab.kernels.octal import _octal_step
from nimlab.kernels.octal_sparse import sparse_values

#: The block's heaps.
BLOCK = 4096


@njit(cache=True)
def piece(G, k, n, B, lo, hi, V):
    """The marks of the old splits ``a`` in ``[lo, hi)`` for the heaps ``n .. n + B - 1``:
    ``marks[j, v]`` when a split of heap ``n + j`` (taking ``k``) reaches value ``v``."""
    marks = np.zeros((B, V), dtype=np.uint8)
    for j in range(B):
        rest = n + j - k
        # old splits: a <= rest // 2 and rest - a < n
        a0 = max(lo, rest - n + 1, 1)
        a1 = min(hi, rest // 2 + 1)
        row = marks[j]
        for a in range(a0, a1):
            row[G[a] ^ G[rest - a]] = 1
    return marks


@njit(cache=True)
def finish(G, marks, digits, n, B):
    """Heaps ``n .. n + B - 1`` in order: the marks, the new splits, one-heap moves, the mex."""
    for j in range(B):
        m = n + j
        row = marks[j]
        for k in range(digits.shape[0]):
            if k > m:
                break
            d = digits[k]
            rest = m - k
            if d & 1 and rest == 0 and k > 0:
                row[0] = 1
            if d & 2 and rest >= 1 and k > 0:
                row[G[rest]] = 1
            if d & 4 and rest >= 2:  # the new splits: the larger heap in the block
                for a in range(1, min(rest // 2, rest - n) + 1):
                    row[G[a] ^ G[rest - a]] = 1
        g = 0
        while row[g]:
            g += 1
        G[m] = g


def split_ranges(n: int, B: int, k: int, pieces: int) -> list[tuple[int, int]]:
    top = (n + B - 1 - k) // 2 + 1
    edges = np.linspace(1, top, pieces + 1).astype(int)
    return [(int(a), int(b)) for a, b in zip(edges[:-1], edges[1:]) if b > a]


def run(start: int, heaps: int) -> None:
    digits = parse_code("0.007")
    code = np.array(digits, dtype=np.int64)
    k = 3
    end = start + heaps
    began = time.perf_counter()
    plain, _ = sparse_values(digits, end - 1)  # the values (the same as the plain kernel's)
    reference = time.perf_counter() - began
    # the plain kernel on the range alone, from the prefix
    G = np.zeros(end, dtype=np.int32)
    G[:start] = plain[:start]
    stamp = np.full(4 << int(plain.max()).bit_length(), -1, dtype=np.int64)
    _octal_step(G, stamp, code, start, start + 1)  # loaded once
    began = time.perf_counter()
    assert _octal_step(G, stamp, code, start + 1, end) == end
    plain_range = time.perf_counter() - began
    assert np.array_equal(G, plain)
    print(f"0.007, heaps {start:,} .. {end - 1:,}: the plain kernel {plain_range:.2f} s on the "
          f"range (the values from heap 0 by the sparse kernel: {reference:.1f} s); largest "
          f"value {int(plain.max())}")
    VALUES = 2 << int(plain.max()).bit_length()  # every XOR of two values is below it
    G0 = np.zeros(end, dtype=np.int32)
    G0[:start] = plain[:start]

    # the pieces one after another, here (2 pieces a block: what each of 2 workers would do)
    piece(G0, k, start, 1, 1, 2, VALUES)  # compiled once
    finish(G0.copy(), np.zeros((1, VALUES), np.uint8), code, start, 1)
    G = G0.copy()
    slowest = merge = finishing = 0.0
    total = 0.0
    for n in range(start, end, BLOCK):
        B = min(BLOCK, end - n)
        parts = []
        times = []
        for lo, hi in split_ranges(n, B, k, 2):
            t = time.perf_counter()
            parts.append(piece(G, k, n, B, lo, hi, VALUES))
            times.append(time.perf_counter() - t)
        total += sum(times)
        slowest += max(times)
        t = time.perf_counter()
        marks = np.bitwise_or.reduce(parts)
        merge += time.perf_counter() - t
        t = time.perf_counter()
        finish(G, marks, code, n, B)
        finishing += time.perf_counter() - t
    assert np.array_equal(G, plain), "the pieces gave other values"
    print(f"  in pieces of {BLOCK:,} heaps x half the splits: the pieces {total:.2f} s in all "
          f"({total / plain_range:.2f}x the plain kernel's work), the slower of each pair "
          f"{slowest:.2f} s; merging {merge:.2f} s, finishing {finishing:.2f} s; so two workers "
          f"would take about {slowest + merge + finishing:.2f} s "
          f"({plain_range / (slowest + merge + finishing):.2f}x), the same values")

    # the same on a local Dask cluster: 2 worker processes
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      silence_logs=50) as cluster, Client(cluster) as client:
        client.run(lambda: piece(np.zeros(8, np.int32), 3, 4, 1, 1, 2, 16))  # compile there
        G = G0.copy()
        t0 = time.perf_counter()
        sent = 0
        for n in range(start, end, BLOCK):
            B = min(BLOCK, end - n)
            prefix = client.scatter(G[:n], broadcast=True)
            sent += n * 4 * 2
            futures = [client.submit(piece, prefix, k, n, B, lo, hi, VALUES, pure=False)
                       for lo, hi in split_ranges(n, B, k, 2)]
            marks = np.bitwise_or.reduce(client.gather(futures))
            finish(G, marks, code, n, B)
        took = time.perf_counter() - t0
    assert np.array_equal(G, plain), "the Dask pieces gave other values"
    print(f"  on a local Dask cluster (2 worker processes, the prefix scattered to both every "
          f"block: {sent / 2**20:,.0f} MB in all, {BLOCK * VALUES / 2**20:.0f} MB of marks back "
          f"a piece): {took:.2f} s ({plain_range / took:.2f}x the plain kernel), the same values")
    print("  (a cluster would send each worker the prefix once and then only the block's new "
          f"values: {BLOCK * 4 / 1024:.0f} kB a block)")


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:]]
    run(arguments[0] if arguments else 1 << 17, arguments[1] if len(arguments) > 1 else 1 << 14)

"""Octal games and heap games: the compiled nim-sequence against its plain Python reference in the
same run (the ratio printed), the sparse-space kernel on one thread and as by default (every
core that pays) against the plain compiled kernel (the same values checked, the ratios printed),
and the sums of a heap game of one's own (Kayles written in Python).

    python benchmarks/octal.py            # about two minutes on a 2-core machine
    python benchmarks/octal.py --long     # also 0.16 at 2^20 and 0.007 at 2^19 plainly (+5 min)

Each line: what was timed, the reference's and the fast path's seconds (best of a few runs after a
warm-up; the kernel's first run, with compilation, is timed apart), and the ratio.  The plain
kernel at 2^19 heaps and more runs once (it takes tens of seconds).
"""

from __future__ import annotations

import sys
import time

import numpy as np

import nimlab
from nimlab.games.octal import parse_code
from nimlab.kernels.octal import octal_values, reference_values
from nimlab.kernels.octal_sparse import sparse_values


def best(call, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def kernel_against_reference() -> None:
    start = time.perf_counter()
    octal_values(parse_code("0.77"), 10)
    print(f"octal kernel, first call (compiled ahead of time or from the cache): "
          f"{time.perf_counter() - start:.2f} s")
    for code, n in (("0.77", 3000), ("0.137", 3000), ("0.177", 3000), ("0.007", 3000)):
        digits = parse_code(code)
        slow = best(lambda: reference_values(digits, n), runs=1)
        fast = best(lambda: octal_values(digits, n))
        print(f"{code:>6} G(0..{n}): Python {slow:.3f} s, compiled {fast:.4f} s, "
              f"{slow / fast:,.0f}x")


def timed(call):
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def sparse_against_plain(long: bool = False) -> None:
    first, _ = timed(lambda: sparse_values(parse_code("0.16"), 3000))
    print(f"sparse kernel, first call of 3,000 heaps (compiled ahead of time or from the cache, "
          f"or compiled now): {first:.2f} s")
    cases = [("0.16", 1 << 19), ("0.007", 1 << 18), ("0.6", 1 << 17), ("0.127", 1 << 17)]
    if long:
        cases += [("0.16", 1 << 20), ("0.007", 1 << 19)]
    plain_016 = None
    for code, n in cases:
        digits = parse_code(code)
        slow, G = timed(lambda: octal_values(digits, n - 1))
        one = best(lambda: sparse_values(digits, n - 1, threads=False))
        fast = best(lambda: sparse_values(digits, n - 1))  # the default: every core that pays
        S, run = sparse_values(digits, n - 1)
        assert np.array_equal(G, S), code
        if code == "0.16" and n == 1 << 19:
            plain_016 = slow
        print(f"{code:>6} G(0..2^{n.bit_length() - 1}): plain compiled {slow:.2f} s, sparse on "
              f"one thread {one:.3f} s ({slow / one:,.1f}x), sparse as by default {fast:.3f} s, "
              f"{slow / fast:,.1f}x, the same values; {run.rare:,} rare heaps, "
              f"{run.sparse_heaps:,} heaps sparse, {run.plain_heaps:,} plain, "
              f"{run.parallel_heaps:,} on {run.threads} threads ({run.note.split('; ')[-1]})")
    for code, bits in (("0.16", 22), ("0.16", 24)):  # the plain kernel: N^2 from 2^19
        fast, (_, run) = timed(lambda: sparse_values(parse_code(code), (1 << bits) - 1))
        estimate = plain_016 * 4 ** (bits - 19)
        print(f"{code:>6} G(0..2^{bits}): sparse {fast:.2f} s ({run.rare:,} rare heaps); the "
              f"plain kernel would take about {estimate / 60:,.0f} min (N^2 from its 2^19 time "
              f"above; not run), about {estimate / fast:,.0f}x")


def heap_game_sums() -> None:
    class Kayles(nimlab.HeapGame):
        name = "bench-kayles"

        def heap_moves(self, n):
            for take in (1, 2):
                for left in range(n - take + 1):
                    yield tuple(h for h in (left, n - take - left) if h)

    game = Kayles()
    start = time.perf_counter()
    nimlab.answer(game, (200,))
    first = time.perf_counter() - start
    four = best(lambda: nimlab.answer(game, (200, 171, 133, 97)))
    print(f"Kayles written as a HeapGame: a row of 200 first {first:.3f} s (its heap values "
          f"computed), then a sum of four rows {four * 1e6:.0f} microseconds")


if __name__ == "__main__":
    kernel_against_reference()
    sparse_against_plain(long="--long" in sys.argv[1:])
    heap_game_sums()

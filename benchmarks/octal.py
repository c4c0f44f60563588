"""Octal games and heap games: the compiled nim-sequence against its plain Python reference in the
same run (the ratio printed), and the sums of a heap game of one's own (Kayles written in Python).

    python benchmarks/octal.py            # about a minute on a 2-core machine

Each line: what was timed, the reference's and the fast path's seconds (best of a few runs after a
warm-up; the kernel's first run, with compilation, is timed apart), and the ratio.
"""

from __future__ import annotations

import time

import nimlab
from nimlab.games.octal import parse_code
from nimlab.kernels.octal import octal_values, reference_values


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
    heap_game_sums()

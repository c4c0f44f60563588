"""Time and memory of the threshold table of NIM(A) with cash (docs/DISCOVERIES.md, "Thresholds
of NIM with cash"), and at a small N the cube kernel beside it.

Usage: ``python benchmarks/cash_thresholds.py N SET [SET ...]`` (a SET as ``1,3,4``); one line
per set: seconds, the table's size, the process's peak memory, and T[N, N].
"""

from __future__ import annotations

import resource
import sys
import time

from nimlab.kernels import cash_thresholds as ct


def main(argv: list[str]) -> None:
    bound = int(argv[0])
    for text in argv[1:]:
        A = tuple(int(a) for a in text.split(","))
        ct.cash_thresholds(A, 20)  # compiled or loaded outside the timing
        start = time.perf_counter()
        T = ct.cash_thresholds(A, bound)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        top = "never" if T[bound, bound] == ct.NEVER else f"{T[bound, bound]:,}"
        print(f"A = {{{text}}}, N = {bound:,}: {seconds:.2f} s, table {T.nbytes / 2**30:.2f} GiB, "
              f"peak {peak:.2f} GiB, T[N, N] = {top}")
        del T


if __name__ == "__main__":
    main(sys.argv[1:])

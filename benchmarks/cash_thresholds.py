"""Time and memory of the threshold table of NIM(A) with cash (docs/DISCOVERIES.md, "Thresholds
of NIM with cash"): the rows of loss limits, packed in unary (about 2 bits a number).

Usage: ``python benchmarks/cash_thresholds.py N SET [SET ...]`` (a SET as ``1,3,4``); one line
per set: seconds, the table's size (and the uint16 triangle's and int32 square's it replaces),
the process's peak
memory, and T[N, N].  With ``--from M`` the table of ``M`` is computed first (not timed) and the
table of ``N`` grown from it, the old one dropped: the peak then shows what the growth holds.
"""

from __future__ import annotations

import resource
import sys
import time

from nimlab.kernels import cash_thresholds as ct


def main(argv: list[str]) -> None:
    start_from = None
    if "--from" in argv:
        at = argv.index("--from")
        start_from = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    bound = int(argv[0])
    for text in argv[1:]:
        A = tuple(int(a) for a in text.split(","))
        ct.cash_thresholds(A, 20)  # compiled or loaded outside the timing
        ct.extend_cash_thresholds(A, ct.cash_thresholds(A, 10), 20)
        if start_from is None:
            start = time.perf_counter()
            L = ct.cash_thresholds(A, bound)
        else:
            old = ct.cash_thresholds(A, start_from)
            before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
            print(f"A = {{{text}}}: the table of {start_from:,}, {old.nbytes / 2**30:.2f} GiB, "
                  f"peak so far {before:.2f} GiB")
            start = time.perf_counter()
            L = ct.extend_cash_thresholds(A, old, bound)
            del old
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        last = int(ct.loss_row(L, bound)[-1])  # L[N, N]: T[N, N] - 1, or N for never
        top = "never" if last >= bound else f"{last + 1:,}"
        triangle = (bound + 1) * (bound + 2) // 2 * (2 if bound <= 65535 else 4)
        print(f"A = {{{text}}}, N = {bound:,}: {seconds:.2f} s, table {L.nbytes / 2**30:.2f} GiB "
              f"packed (the triangle of before, {'uint16' if bound <= 65535 else 'uint32'}: "
              f"{triangle / 2**30:.2f} GiB; the int32 square: {4 * (bound + 1) ** 2 / 2**30:.2f} "
              f"GiB), "
              f"peak {peak:.2f} GiB, T[N, N] = {top}")
        del L


if __name__ == "__main__":
    main(sys.argv[1:])

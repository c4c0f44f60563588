"""Octal games' periods from the literature, checked by the octal periodicity theorem on values
computed by the sparse-space kernel (``kernels.octal.sparse_values``).

    python benchmarks/octal_periods.py 0.16     # Gangolli and Plambeck 1989: under a second
    python benchmarks/octal_periods.py 0.1777   # Flammenkamp: 443 million heaps, 1.8 GB, minutes
    python benchmarks/octal_periods.py 0.77 0.07 0.137 0.177 0.127   # RECORDS.md's table

The theorem (Guy and Smith 1956; Winning Ways, chapter 4): if ``G(n + p) = G(n)`` for every
``n0 <= n < 2 n0 + p + k``, ``k`` the place of the code's last digit, then for every ``n >= n0``.
So the values of heaps ``0 .. 2 n0 + 2 p + k - 1`` decide it.  The script computes them, checks
the theorem's range, that heap ``n0 - 1`` is an exception (so ``n0`` is the least preperiod for
``p``), and that no proper divisor of ``p`` is a period from ``n0`` (the least period of an
eventually periodic sequence divides every period), and prints the time and peak memory.
"""

from __future__ import annotations

import resource
import sys
import time

from nimlab.games.octal import parse_code
from nimlab.kernels.octal_sparse import sparse_values
from nimlab.research.octal import check_period

#: code -> (the first periodic heap n0, the period p, the source)
KNOWN = {
    "0.77": (71, 12, "Kayles: Guy and Smith 1956, last exception at heap 70"),
    "0.07": (53, 34, "Dawson's Kayles: last exception at heap 52"),
    "0.137": (52, 34, "Dawson's chess: last exception at heap 51"),
    "0.177": (497, 20, "OEIS A071435: period 20, last exception at heap 496"),
    "0.127": (46_578, 4, "Gangolli and Plambeck 1989; OEIS A071464: period 4, last exception "
                         "at heap 46,577"),
    "0.16": (105_351, 149_459, "Gangolli and Plambeck 1989; OEIS A071430: period 149,459, last "
                               "exception at heap 105,350"),
    "0.1777": (160_949_018, 60_620_715, "Flammenkamp; OEIS A071509: period 60,620,715, last "
                                        "exception at heap 160,949,017"),
}


def check(code: str) -> None:
    digits = parse_code(code)
    n0, p, source = KNOWN[code]
    k = len(digits) - 1
    terms = 2 * n0 + 2 * p + k
    print(f"{code}: {source}; the theorem needs G(0..{terms - 1:,}) ({terms * 4 / 2**30:.2f} GB)")
    start = time.perf_counter()
    G, run = sparse_values(digits, terms - 1)
    took = time.perf_counter() - start
    print(f"  computed in {took:.1f} s: {run.rare:,} rare heaps, {run.sparse_heaps:,} heaps "
          f"sparse, {run.plain_heaps:,} plain ({run.note.split('; ')[-1]}); largest value "
          f"{int(G.max())}")
    found = check_period(digits, G, n0, p)  # the tested decision (research/octal.py)
    print(f"  {found.status}: {found.proof}; peak memory "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GB")


if __name__ == "__main__":
    for code in sys.argv[1:] or ["0.16"]:
        check(code)

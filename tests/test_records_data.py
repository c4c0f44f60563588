"""The published data sets of docs/data/ agree with what is known independently of the kernels.

Wythoff's P-positions are the pairs (floor(n phi), floor(n phi^2)) (Wythoff, 1907): the record's
list (written by ``benchmarks/records_doc.py`` from a ``nimlab record wythoff`` run) must be
exactly these pairs up to its bound, computed here with integer arithmetic only.
"""

import csv
import re
from math import isqrt
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "docs" / "data"


def wythoff_pairs(bound: int) -> list[tuple[int, int]]:
    pairs, n = [], 0
    while True:
        a = (n + isqrt(5 * n * n)) // 2  # floor(n * phi)
        b = a + n                        # floor(n * phi^2)
        if b > bound:
            return pairs
        pairs.append((a, b))
        n += 1


def test_wythoff_record_data_are_wythoffs_pairs():
    files = sorted(DATA.glob("wythoff-p-positions-*.csv"))
    assert files, "no Wythoff data set in docs/data"
    for path in files:
        bound = int(re.search(r"(\d+)\.csv$", path.name).group(1))
        with path.open() as handle:
            rows = [row for row in csv.reader(handle) if row and row[0].isdigit()]
        assert [(int(a), int(b)) for a, b in rows] == wythoff_pairs(bound), path.name

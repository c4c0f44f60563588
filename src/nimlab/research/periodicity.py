"""Periodicity of integer sequences, with the evidence and, where one exists, a proof.

Definitions (Ho 2015, Section 4): a sequence ``s`` is *ultimately periodic* with
preperiod ``q`` and period ``p > 0`` when ``s[i + p] = s[i]`` for every ``i >= q``; it is
*ultimately arithmetic periodic* with saltus ``t != 0`` when ``s[i + p] = s[i] + t`` for every
``i >= q``.  (A saltus of 0 is plain periodicity, so both are searched at once.)

**What is reported for a finite prefix.**  Only ``n`` terms are known, so every statement is
about them.  A pair ``(q, p)`` *fits* the data when ``s[i + p] - s[i]`` is the same for all
``q <= i < n - p``; it counts as *evidence* only when the fitting tail holds at least
``min_repetitions`` full periods, ``(n - q) // p >= min_repetitions`` (default 3; a single
repetition proves nothing, and two are easily matched by chance on short alphabets), **and** is
at least as long as the preperiod, ``2 q <= n`` (a fit of the last terms only is chance: a 0/1
sequence of 4,000 terms that ends in four 0s "has period 1 from term 3,996"; the octal
periodicity theorem, too, asks for data about twice the preperiod).  When no pair is evidence
the answer is ``none``, with the longest fitting stretch that fell short in a note.  Among the
pairs that are evidence, the answer is the one with the **least preperiod, then the least
period**.  For an infinite ultimately periodic sequence this is its least period with the least
preperiod for it (every period is a multiple of the least one and has the same least preperiod);
for a prefix, ordering by preperiod first keeps a short *near-period* (a pattern that repeats
except at one place per true period) from being reported with a huge preperiod.

**Proofs.**  When the terms obey a recurrence of finite memory ``w`` - term ``i`` is a function of
the ``w`` terms before it, the same function for every ``i >= w`` - then a fitting pair with
``n - q >= p + w`` repeats a whole window of ``w`` terms (``s[q..q+w-1] = s[q+p..q+p+w-1]``),
and by induction the sequence is periodic from ``q`` on for ever: the status is ``proven``.  NIM(A) is such a game: ``G(n) = mex{G(n - a) : a in A}`` uses only the last
``max(A)`` values once ``n >= max(A)`` (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4; the
same holds for the P/N outcomes).  A proof needs neither evidence rule.  Periodic pairs only:
an arithmetic pair is never proven this way.  Everything else is ``observed`` up to ``n``, or
``none`` found.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Sequence

import numpy as np

from nimlab.errors import InputError

#: Full periods the fitting tail must hold before a pair is reported.
DEFAULT_MIN_REPETITIONS = 3


@dataclass
class Periodicity:
    """The verdict on a sequence; see the module docstring."""

    kind: str  # "periodic", "arithmetic" or "none"
    status: str  # "proven", "observed" or "none"
    terms: int  # how many terms were checked
    preperiod: int | None = None
    period: int | None = None
    saltus: int | None = None
    full_periods: int | None = None  # full periods seen after the preperiod
    min_repetitions: int = DEFAULT_MIN_REPETITIONS
    largest_period_tried: int = 0
    proof: str = ""
    notes: list[str] = field(default_factory=list)
    label: str = ""
    #: Term i of the data is s(first_index + i): preperiods count terms, not indices.
    first_index: int = 0

    def to_dict(self) -> dict:
        return asdict(self)

    def summary(self) -> str:
        """One sentence for people."""
        if self.kind == "none":
            return (f"no period found in {self.terms} terms, n = {self.first_index}.."
                    f"{self.first_index + self.terms - 1} (periods up to "
                    f"{self.largest_period_tried} tried; at least {self.min_repetitions} full "
                    "periods and a preperiod of at most half the terms required)")
        shape = (f"period {self.period}" if self.kind == "periodic"
                 else f"period {self.period}, saltus {self.saltus:+d}")
        head = "ultimately periodic" if self.kind == "periodic" else "ultimately arithmetic periodic"
        last = self.first_index + self.terms - 1
        how = "proven" if self.status == "proven" else f"observed up to n = {last}"
        start = self.first_index + self.preperiod
        return (f"{head}: preperiod {self.preperiod} (periodic from n = {start}), {shape}; {how} "
                f"({self.full_periods} full periods seen after the preperiod, at least "
                f"{self.min_repetitions} required)")


#: Most comparisons of terms a search may make (terms times periods tried, at worst): past it
#: the search is refused before it starts, with what would fit.
MAX_SEARCH_WORK = 10 ** 10
#: Terms at most this large in absolute value are compared as 64-bit integers (their differences
#: then cannot overflow); larger ones exactly, as Python integers.
_INT64_SAFE = 2 ** 62


def check_search(terms: int, min_repetitions: int = DEFAULT_MIN_REPETITIONS,
                 max_period: int | None = None) -> int:
    """The largest period a search of ``terms`` terms tries; refuses (one line, with what would
    work) a search of more than :data:`MAX_SEARCH_WORK` comparisons."""
    largest = max(terms // max(min_repetitions, 1) if max_period is None
                  else min(max_period, terms - 1), 0)
    if terms * largest > MAX_SEARCH_WORK:
        fits = MAX_SEARCH_WORK // max(terms, 1)
        fix = (f"give --max-period {fits:,} or less, or fewer terms" if fits >= 1 else
               f"use at most {MAX_SEARCH_WORK:,} terms")
        raise InputError(f"a periodicity search of {terms:,} terms trying every period up to "
                         f"{largest:,} makes about {terms * largest:.1e} comparisons, over "
                         f"{MAX_SEARCH_WORK:.0e}; {fix}")
    return largest


def _as_array(values: Sequence[int]) -> np.ndarray:
    """The terms as an array: 64-bit integers when that is exact, Python integers otherwise
    (terms past 2^62, whose differences a 64-bit integer cannot hold)."""
    array = np.asarray(values) if isinstance(values, np.ndarray) else None
    if array is not None and array.ndim == 1 and np.issubdtype(array.dtype, np.integer) \
            and array.dtype.itemsize <= 8 and array.dtype != np.uint64:
        return array.astype(np.int64, copy=False)
    items = list(values)
    if any(isinstance(v, (list, tuple, np.ndarray)) for v in items):
        raise InputError("a sequence is a flat list of integers")
    if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in items):
        raise InputError("a sequence must hold integers")
    items = [int(v) for v in items]
    if all(-_INT64_SAFE <= v <= _INT64_SAFE for v in items):
        return np.array(items, dtype=np.int64)
    exact = np.empty(len(items), dtype=object)
    exact[:] = items
    return exact


def fit(values: np.ndarray, period: int) -> tuple[int, int]:
    """``(q, t)``: the least preperiod for ``period`` and its saltus, from the data alone.

    ``q`` is the least index from which ``s[i + period] - s[i]`` is constant (``t``) up to the end;
    ``t`` is 0 when there is no pair of terms ``period`` apart.
    """
    n = len(values)
    if period >= n:
        return n, 0
    diff = values[period:] - values[:-period]
    saltus = int(diff[-1])
    wrong = np.flatnonzero(np.asarray(diff != saltus, dtype=bool))
    return (int(wrong[-1]) + 1 if wrong.size else 0), saltus


def find_periodicity(values: Sequence[int], *, min_repetitions: int = DEFAULT_MIN_REPETITIONS,
                     max_period: int | None = None, arithmetic: bool = True,
                     window: int | None = None, label: str = "",
                     first_index: int = 0) -> Periodicity:
    """Search ``values`` for ultimate (arithmetic) periodicity; see the module docstring.

    ``window``: the memory ``w`` of a recurrence the sequence is known to obey from index ``w``
    on (``max(A)`` for NIM(A)); a periodic pair whose fitting tail holds ``p + w`` terms is then
    ``proven``, even with fewer than ``min_repetitions`` periods.
    """
    if min_repetitions < 1:
        raise InputError(f"--min-repetitions must be at least 1, got {min_repetitions}")
    s = _as_array(values)
    n = len(s)
    largest = check_search(n, min_repetitions, max_period)
    best: tuple[int, int, int] | None = None  # (preperiod, period, saltus)
    best_proof: tuple[int, int] | None = None
    short: tuple[int, int, int] | None = None  # the longest fit that is no evidence: 2 q > n
    for p in range(1, max(largest, 0) + 1):
        if best is not None and best[0] == 0 and (window is None or best_proof is not None):
            break  # nothing can beat preperiod 0
        q, t = fit(s, p)
        tail = n - q
        if t == 0 and window is not None and tail >= p + window:
            if best_proof is None or q < best_proof[0]:
                best_proof = (q, p)
        if tail // p < min_repetitions or (t != 0 and not arithmetic):
            continue
        if 2 * q > n:  # the fitting stretch is shorter than the preperiod: chance
            if short is None or q < short[0]:
                short = (q, p, t)
            continue
        if best is None or q < best[0]:
            best = (q, p, t)
    if best_proof is not None and (best is None or best_proof[0] <= best[0]):
        q, p = best_proof
        return Periodicity(
            "periodic", "proven", n, q, p, 0, (n - q) // p, min_repetitions, largest,
            proof=(f"the terms obey a recurrence of memory {window}; terms {q}..{n - 1} repeat "
                   f"with period {p}, a stretch of {n - q} >= period + memory = {p + window} "
                   "terms, so a whole window repeats and every later term repeats by induction"),
            label=label, first_index=first_index)
    if best is None:
        result = Periodicity("none", "none", n, min_repetitions=min_repetitions,
                             largest_period_tried=largest, label=label, first_index=first_index)
        if short is not None:
            q, p, t = short
            shape = f"period {p}" + (f", saltus {t:+d}" if t else "")
            result.notes.append(
                f"longest candidate, not counted: {shape} from n = {first_index + q} fits only "
                f"the last {n - q} of {n} terms, fewer than its preperiod {q} (it would count "
                f"with {2 * q} terms or more if it still fits)")
        return result
    q, p, t = best
    result = Periodicity("periodic" if t == 0 else "arithmetic", "observed", n, q, p, t,
                         (n - q) // p, min_repetitions, largest, label=label,
                         first_index=first_index)
    if window is not None and t == 0:
        result.notes.append(f"not yet proven: a proof needs {q + p + window} terms "
                            f"(preperiod + period + memory {window}); compute further")
    return result

"""Octal games: proven periods (the octal periodicity theorem) and values of heaps of any size.

**The theorem** (Guy and Smith 1956; *Winning Ways*, chapter 4).  Let an octal game have its last
non-zero code digit at ``k`` (its moves take at most ``k`` tokens and leave at most two heaps).  If
``G(n + p) = G(n)`` for every ``n`` with ``n0 <= n < 2 n0 + p + k``, then it holds for every
``n >= n0``.  Why: for ``n >= 2 n0 + p + k`` a move of heap ``n + p`` takes ``j <= k`` tokens and
leaves one heap ``n + p - j`` (whose value is that of ``n - j >= n0``, by induction) or two heaps
``a + b = n + p - j``, one of which is larger than ``n0 + p``, and ``p`` fewer tokens in that one
give a move of heap ``n`` with the same XOR; and the other way round.  So the values of heap
``n + p`` and heap ``n`` are mexes of the same sets.  The check is exact on the computed prefix,
and the status is ``proven`` only when the prefix holds the values of every heap the hypothesis
names, up to ``(2 n0 + p + k - 1) + p``: ``2 n0 + 2 p + k`` values.  Hexadecimal codes
(three heaps) are only observed here.

:func:`octal_period` finds the least ``n0`` (the preperiod: the first heap from which the sequence
repeats) for the least period, and says whether it is proven; :func:`heap_value` gives ``G(n)``
for any ``n`` from a proven period; :class:`OctalValues` is the game's fast path: a position's
value as the XOR of its heaps' values, from the compiled table or the proven period.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from nimlab import store
from nimlab.engine.analysis import Answer
from nimlab.engine.sums import winning_heap_move
from nimlab.errors import InputError
from nimlab.games.octal import OctalGame, code_text
from nimlab.kernels.octal import MAX_WORK, work_of
from nimlab.kernels.repeats import last_mismatch, tail_matches
from nimlab.progress import Progress, quiet

__all__ = ["OctalPeriod", "octal_period", "check_period", "prove_period", "heap_value",
           "OctalValues",
           "DIRECT", "PROOF_STEPS"]

#: Heaps whose values the fast path reads from the compiled table directly.
DIRECT = 1 << 15
#: Heaps whose table the web lab's fast lane counts as cheap.
QUICK = 1 << 12


@dataclass
class OctalPeriod:
    """The verdict on an octal game's nim-sequence ``G(0..terms-1)``."""

    code: str
    status: str  # "proven", "observed" or "none"
    terms: int
    preperiod: int | None = None  # the first heap n0 from which G(n + p) = G(n)
    period: int | None = None
    last_exception: int | None = None  # n0 - 1: the last heap outside the period (None if n0 = 0)
    needed: int | None = None  # the terms the proof needs: 2 n0 + 2 p + k
    proof: str = ""

    def to_dict(self) -> dict:
        return asdict(self)

    def summary(self) -> str:
        if self.period is None:
            return f"no period found in {self.terms:,} terms"
        head = (f"periodic from heap {self.preperiod} with period {self.period}"
                + (f" (last exception: heap {self.last_exception})"
                   if self.last_exception is not None else ""))
        if self.status == "proven":
            return f"{head}: proven"
        return f"{head}: observed up to heap {self.terms - 1:,}; a proof needs " \
               f"{self.needed:,} terms"


def _int32(G) -> np.ndarray:
    """``G`` as a contiguous ``int32`` array (a view where it is one: a record's memory map)."""
    return np.ascontiguousarray(G, dtype=np.int32)


def _repeats_from(G: np.ndarray, p: int, n0: int, terms: int) -> bool:
    """``G(n + p) = G(n)`` for every ``n0 <= n < terms - p``."""
    return last_mismatch(G[:terms], p, n0) < n0


def check_period(digits: tuple[int, ...], G: np.ndarray, n0: int, p: int) -> OctalPeriod:
    """Decide a given period: ``proven`` when ``G`` (the values of heaps ``0 .. len(G) - 1``)
    reaches the theorem's bound and repeats with period ``p`` from ``n0`` over it, heap
    ``n0 - 1`` is an exception (``n0`` is least for ``p``) and no proper divisor of ``p`` is a
    period from ``n0`` (so ``p`` is the least period: the least divides every period); else
    ``observed`` (the values do not reach the bound) or ``none`` (they contradict it).  For a
    period known from the literature, whose search by :func:`octal_period` would be too long."""
    code = code_text(digits)
    k = len(digits) - 1
    if any(d & 8 for d in digits):
        raise InputError(f"{code}: nimlab proves periods of octal codes only")
    if n0 < 0 or p < 1:
        raise InputError(f"a period is at least 1 and a preperiod at least 0, not {p} and {n0}")
    G = _int32(G)
    last = 2 * n0 + p + k - 1
    needed = last + p + 1
    terms = min(len(G), needed)
    holds = terms - p <= n0 or _repeats_from(G, p, n0, terms)
    least = n0 == 0 or (n0 - 1 + p < len(G) and G[n0 - 1] != G[n0 - 1 + p])
    divisors = sorted({e for q in range(1, int(p ** 0.5) + 1) if p % q == 0
                       for e in (q, p // q)} - {p})
    smaller = [d for d in divisors if terms - d <= n0 or _repeats_from(G, d, n0, terms)]
    last_exception = n0 - 1 if n0 else None
    if not holds or not least or smaller:
        why = ("the values break the period" if not holds else
               f"heap {n0 - 1} repeats too: the preperiod is smaller" if not least else
               f"{smaller[0]} divides {p} and is a period too")
        return OctalPeriod(code, "none", len(G), n0, p, last_exception, needed, why)
    if len(G) < needed:
        return OctalPeriod(code, "observed", len(G), n0, p, last_exception, needed,
                           f"the theorem needs the values of {needed:,} heaps")
    return OctalPeriod(code, "proven", len(G), n0, p, last_exception, needed,
                       f"G(n + {p}) = G(n) for every n from {n0} to {last} (= 2*{n0} + {p} + "
                       f"{k} - 1; the values of {needed:,} heaps), heap {n0 - 1} an exception, "
                       f"no divisor of {p} a period: by the octal periodicity theorem (Guy and "
                       f"Smith) period {p} for every n >= {n0}")


#: The last terms whose earlier occurrences give the candidate periods (at most a quarter of
#: the terms).
WINDOW = 4096
#: The search compares at most this many times the terms, then ends with what it found (and
#: says so).
SCAN_FACTOR = 32


def _candidates(G: np.ndarray, top: int):
    """The periods ``p <= top`` at which the last terms occur again, increasing (every period
    that fits the data is one, see :func:`octal_period`), and the window's length."""
    terms = len(G)
    w = max(1, min(WINDOW, terms // 4))
    out = np.zeros(4096, dtype=np.int64)
    below = terms - w
    while below > 0:
        count = tail_matches(G, w, below, out)
        for i in out[:count].tolist():
            if terms - w - i > top:
                return
            yield terms - w - i
        if count < out.shape[0]:
            return
        below = int(out[count - 1])


def octal_period(digits: tuple[int, ...], G: np.ndarray, min_repetitions: int = 3,
                 max_period: int | None = None) -> OctalPeriod:
    """The least period that ``G`` proves (with its least preperiod: ``G`` reaches the theorem's
    bound, ``2 n0 + 2 p + k`` values, so two full periods or more; octal codes only, see the
    module docstring); if none, the
    fitting pair with the least preperiod, then the least period, among those with at least
    ``min_repetitions`` full periods after the preperiod and a preperiod in the first half of
    the data (a fit of the last terms only is chance), as ``observed``.  At least two full
    periods are asked for.

    The search (:mod:`nimlab.kernels.repeats`), in time about linear in the terms: the periods
    tried are those at which the last ``w`` terms (``w`` = :data:`WINDOW`, at most a quarter of
    the terms) occur again, in increasing order, and each is followed back from the end only as
    far as it could still be proven or beat the best fit.  Nothing is missed: a period ``p`` at
    which the last ``w`` terms do not recur fits only from ``n0 > len - w - p``, which the
    theorem's bound (``len >= 2 n0 + 2 p + k``) and the first-half rule both exclude.  After
    comparing :data:`SCAN_FACTOR` times the terms the search ends with the best fit so far, and
    says so (a sequence repeating a short pattern without a period: rare)."""
    if min_repetitions < 2:
        raise InputError("an octal game's period search asks for 2 or more full periods (with "
                         "one, the whole sequence is a period of itself)")
    G = _int32(G)
    terms = len(G)
    k = len(digits) - 1
    code = code_text(digits)
    top = min(max_period or terms // 2, terms // 2)
    hexadecimal = any(d & 8 for d in digits)
    best: OctalPeriod | None = None
    scanned, budget = 0, SCAN_FACTOR * max(terms, 1)
    for p in _candidates(G, top):
        # the deepest preperiod that could still matter: a proof needs 2 n0 + 2 p + k <= terms
        # (two full periods at least, whatever min_repetitions says: a proof is a proof), a
        # better fit n0 < best's, n0 <= terms / 2 and min_repetitions full periods
        useful = max(-1 if hexadecimal else (terms - 2 * p - k) // 2,
                     min(terms // 2, best.preperiod - 1 if best else terms,
                         terms - min_repetitions * p))
        if useful < 0:
            continue
        high = last_mismatch(G, p, useful)  # (from the end down to `useful`)
        scanned += terms - p - max(high, useful)
        if high >= useful:
            continue  # it repeats only from past `useful`
        n0 = last_mismatch(G, p, 0, useful - 1) + 1 if useful > 0 else 0
        scanned += max(useful - n0, 0)
        needed = 2 * n0 + 2 * p + k  # the theorem's bound (check_period, the one decision)
        if terms >= needed and not hexadecimal:
            found = check_period(digits, G, n0, p)
            if found.status == "proven":  # the least period proven: the answer
                return found
        if 2 * n0 <= terms and (terms - n0) // p >= min_repetitions and \
                (best is None or (n0, p) < (best.preperiod, best.period)):
            best = OctalPeriod(code, "observed", terms, n0, p, n0 - 1 if n0 else None, needed,
                               "a hexadecimal code: nimlab proves periods of octal codes only"
                               if hexadecimal else "")
        if scanned > budget:
            stopped = (f"the search ended at period {p:,} after comparing {scanned:,} terms "
                       f"(periods up to {top:,} were to be tried)")
            if best is None:
                return OctalPeriod(code, "none", terms, proof=stopped)
            best.proof = "; ".join(filter(None, (best.proof, stopped)))
            return best
    return best or OctalPeriod(code, "none", terms)


#: The table sizes tried first, in turn, to prove a period for larger heaps.
PROOF_STEPS = (1 << 10, 1 << 12, 1 << 14, 1 << 16)
#: Then the tables double, up to this many heaps, while the next one is expected to take at most
#: :data:`PROOF_SECONDS` (from the last one's time, as if the work grew like the square).
PROOF_MAX = 1 << 20
PROOF_SECONDS = 5.0


def prove_period(digits: tuple[int, ...], steps=PROOF_STEPS, progress: Progress = quiet,
                 use_cache: bool = True, further: bool = True) -> OctalPeriod:
    """Try tables of the sizes ``steps`` in turn until a period is proven; then (``further``)
    tables twice as large up to :data:`PROOF_MAX` heaps while the next one should take at most
    :data:`PROOF_SECONDS` (0.16's period, proven from 509,622 values, in a fraction of a
    second; 0.007's values stop at 2^16 or 2^18)."""
    import time

    found = None
    sizes = list(steps)
    i = 0
    while i < len(sizes):
        size = sizes[i]
        if work_of(digits, size - 1) > MAX_WORK and any(d & 8 for d in digits):
            break  # (hexadecimal codes: N^3) no further
        began = time.monotonic()
        G = store.octal_values(digits, size - 1, progress, use_cache=use_cache)
        took = time.monotonic() - began
        found = octal_period(digits, G)
        if found.status == "proven":
            return found
        if further and i == len(sizes) - 1 and 2 * size <= PROOF_MAX and \
                not any(d & 8 for d in digits) and took * 4 <= PROOF_SECONDS:
            sizes.append(2 * size)
        i += 1
    return found or OctalPeriod(code_text(digits), "none", 0)


def heap_value(found: OctalPeriod, G: np.ndarray, n: int) -> int:
    """``G(n)`` for any heap from a proven period (or the table, where it reaches)."""
    if n < len(G):
        return int(G[n])
    if found.status != "proven":
        raise InputError(f"heap {n} is past the table and {found.code} has no proven period")
    n0, p = found.preperiod, found.period
    return int(G[n0 + (n - n0) % p])


class OctalValues:
    """The fast path of :class:`~nimlab.games.octal.OctalGame`: the XOR of the heaps' values,
    read from the compiled table (heaps below :data:`DIRECT`) or a proven period."""

    method = "kernel table"
    takes_budget = True
    skips_move = True

    def ready(self, game: Any, position: Any) -> bool | None:
        """For the web lab's fast lane (:func:`nimlab.solve.cost`): ``None`` where this path
        does not answer; otherwise whether the answer is cheap at once (never assumed)."""
        return None if type(game) is not OctalGame or game.misere else False

    def quick(self, game: Any, position: Any) -> bool:
        """Cheap to compute: heaps below :data:`QUICK` (their table takes a fraction of a
        second even with splits)."""
        return max(position, default=0) < (QUICK if not game.hexadecimal else QUICK // 16)

    def answer(self, game: Any, position: Any, budget=None, need_move: bool = True
               ) -> Answer | None:
        if type(game) is not OctalGame or game.misere:
            return None
        top = max(position, default=0)
        source = f"the octal game {game.code}'s nim-sequence (compiled table); the XOR of heaps"
        if top < DIRECT:
            if work_of(game.digits, top) > MAX_WORK:  # a hexadecimal code's big heap: not here
                return None
            G = store.octal_values(game.digits, max(top, 64))
            value = lambda n: int(G[n])  # noqa: E731
        else:
            if game.hexadecimal:
                return None
            found = prove_period(game.digits)
            if found.status != "proven":
                return None
            G = store.octal_values(game.digits, found.terms - 1)
            value = lambda n: heap_value(found, G, n)  # noqa: E731
            source = (f"the octal game {game.code}: period {found.period} from heap "
                      f"{found.preperiod}, proven by the octal periodicity theorem; the XOR of "
                      "heaps")
        values = [value(n) for n in position]
        total = 0
        for v in values:
            total ^= v
        if total == 0:
            return Answer("P", 0, self.method, source, None, "the heaps' values XOR to 0")
        # a heap past the table is left for the generic search
        move = winning_heap_move(game, position, total, value, lambda n: n < DIRECT) \
            if need_move else None
        return Answer("N", total, self.method, source, move,
                      f"the heaps' values XOR to {total}")

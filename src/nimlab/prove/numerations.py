"""Numeration systems: how the prover writes numbers as words of digits.

A :class:`Numeration` is the **greedy numeration of an increasing sequence of weights**
``W(0) = 1 < W(1) < W(2) < ...``: a number n is written ``d_(m-1) ... d_1 d_0`` (most significant
digit first) by taking the largest weight not above n as often as it fits, then the next, and so
on; the words so written are the *valid* words (a word is valid exactly when, for every i, its
last i + 1 digits are worth less than ``W(i+1)``).  Digits run from 0 to ``radix - 1``, the
largest ``ceil(W(i+1) / W(i)) - 1``.  The weights obey a linear recurrence from some index on
(:class:`Recurrence`), which is what the automata need (:mod:`nimlab.prove.linear`).

The numerations, by name (the ``--base`` of ``nimlab prove``, the ``base`` of the Python API):

* ``"2"`` .. ``"16"``: base b, every word valid (Walnut's ``msd_b``).
* ``"fib"``: Zeckendorf, weights 1, 2, 3, 5, 8, ... (Walnut's ``msd_fib``).
* ``"fibK"`` (K = 2 .. 20; ``"fib2"`` is ``"fib"``): the weights of Fibonacci Nim with factor K
  (Schwenk's take-away game, Zhou's multiple Fibonacci Nim): ``H(1) = 1``,
  ``H(j+1) = H(j) + H(m)`` with m the least index with ``K*H(m) >= H(j)``: 1, 2, 3, 4, 6, 8, 11,
  15, ... for K = 3, eventually ``H(j+1) = H(j) + H(j-d)`` (d = 3 for K = 3).
* Ostrowski numerations of a quadratic irrational ``alpha = [0; a1, a2, ...]`` in (0, 1) (Walnut's
  ``ost``): weights the denominators ``q_n`` of its convergents (``q_0 = 1``, ``q_1 = a1``,
  ``q_(n+1) = a_(n+1) q_n + q_(n-1)``; when a1 = 1 the repeated weight 1 is kept once).  Names:
  ``"ost_sqrtD"`` for the fractional part of sqrt(D) (D not a square, at most 10,000),
  ``"ost_golden"`` for the golden ratio's (the weights of Zeckendorf), and in general
  ``"ost[PRE][PERIOD]"`` with the partial quotients of the pre-period (after the integer part)
  and of the period, separated by commas: ``"ost[][2]"`` is sqrt 2's (Pell numbers 1, 2, 5, 12,
  ...), ``"ost[][1,2]"`` sqrt 3's.  Walnut names the latter ``msd_ost_r_2``, ``msd_ost_r_1_2``
  (``ost_PRE_r_PERIOD``), names nimlab reads too.

Each numeration gives :meth:`Numeration.encode` / :meth:`~Numeration.decode` (digits as the
characters ``0-9a-f``), and automata built by the prover's own construction: :meth:`valid`
(the valid words), :meth:`addition` (x + y = z), :meth:`less` (x < y) and :meth:`equal` (x = y
with any leading zeros).  A numeration whose automata are not finite within
:data:`NUMERATION_STATES` states (its dominant root is not a Pisot number, as for Fibonacci Nim
with factor 4) is refused in one line (:class:`NumerationError`).
:func:`nimlab.prove.walnut.write_numeration` writes a numeration's files for Walnut's
``Custom Bases``.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from nimlab.errors import short_text
from nimlab.prove import automata as am
from nimlab.prove.atoms import linear_dfa as first_linear_dfa, zeckendorf_valid
from nimlab.prove.automata import DFA, Limits
from nimlab.prove.linear import NON_PISOT_STATES, NumerationError, invalid_dfa, linear_dfa

#: Most states of a numeration's own automata (valid words, addition, order) on the way.
NUMERATION_STATES = 200_000

#: Seconds a numeration's own automata may take.
NUMERATION_SECONDS = 60.0

#: Terms of a Fibonacci Nim weight sequence on which its recurrence is checked.
CHECKED_TERMS = 600

#: Largest radix (digits are written 0-9, a-f).
MAX_RADIX = 16


class Recurrence(NamedTuple):
    """``W(i + order) = sum_k coefficients[i mod p][k] * W(i + k)`` for every ``i >= start``
    (p = ``len(coefficients)``)."""

    order: int
    start: int
    coefficients: tuple[tuple[int, ...], ...]


class Numeration:
    """The greedy numeration of the weights ``initial`` continued by ``recurrence``.

    ``name``: nimlab's name; ``walnut``: the name in Walnut's ``msd_NAME``; ``initial``: the
    weights ``W(0) .. W(start + order - 1)`` (at least); ``all_valid``: every word is valid
    (bases), so automata need no validity step.
    """

    def __init__(self, name: str, walnut: str, description: str, initial: list[int],
                 recurrence: Recurrence, all_valid: bool = False):
        self.name, self.walnut, self.description = name, walnut, description
        self.recurrence = recurrence
        self.all_valid = all_valid
        if initial[0] != 1 or any(b <= a for a, b in zip(initial, initial[1:])):
            raise NumerationError(f"numeration {name}: the weights must start at 1 and increase")
        self._w = list(initial)
        need = recurrence.start + recurrence.order
        if len(self._w) < need:
            raise NumerationError(f"numeration {name}: {need} initial weights needed")
        for i in range(recurrence.start, len(initial) - recurrence.order):
            if self._next(i) != initial[i + recurrence.order]:
                raise NumerationError(f"numeration {name}: the recurrence does not give the "
                                      f"weight W({i + recurrence.order})")
        top = 1
        for i in range(recurrence.start + 4 * recurrence.order * len(recurrence.coefficients)
                       + 8):
            top = max(top, -(-self.weight(i + 1) // self.weight(i)))
        self.radix = top
        if self.radix > MAX_RADIX:
            raise NumerationError(f"numeration {name}: digits up to {self.radix - 1}; nimlab "
                                  f"writes digits 0 to {MAX_RADIX - 1} (0-9, a-f)")
        self._automata: dict[str, DFA] = {}

    def __repr__(self) -> str:
        return f"Numeration({self.name!r})"

    def _next(self, i: int) -> int:
        rec = self.recurrence
        c = rec.coefficients[i % len(rec.coefficients)]
        return sum(ck * self._w[i + k] for k, ck in enumerate(c))

    def weight(self, i: int) -> int:
        """``W(i)`` (``W(0) = 1``)."""
        while len(self._w) <= i:
            value = self._next(len(self._w) - self.recurrence.order)
            if value <= self._w[-1]:
                raise NumerationError(f"numeration {self.name}: the weights stop increasing")
            self._w.append(value)
        return self._w[i]

    def weights(self, count: int) -> list[int]:
        """``W(0) .. W(count - 1)``."""
        self.weight(count)
        return self._w[:count]

    # ------------------------------------------------------------ words
    def encode(self, n: int) -> str:
        """The greedy word of ``n`` (most significant digit first; '' for 0)."""
        if n < 0:
            raise ValueError("natural numbers only")
        m = 0
        while self.weight(m) <= n:
            m += 1
        digits = []
        for i in range(m - 1, -1, -1):
            d, n = divmod(n, self.weight(i))
            digits.append(am.DIGIT_CHARS[d])
        return "".join(digits)

    def decode(self, word: str) -> int:
        """The number of a word of digits (most significant first; any word, valid or not)."""
        word = word.lower()
        return sum(am.digit_value(c) * self.weight(i) for i, c in enumerate(reversed(word)))

    def is_valid(self, word: str) -> bool:
        """Whether ``word`` (with or without leading zeros) is a greedy word (plain check)."""
        total = 0
        for i, c in enumerate(reversed(word.lower())):
            d = am.digit_value(c)
            if d >= self.radix:
                return False
            total += d * self.weight(i)
            if total >= self.weight(i + 1):
                return False
        return True

    # ------------------------------------------------------------ automata
    def _build(self, key: str, make, limits: Limits | None) -> DFA:
        found = self._automata.get(key)
        if found is not None:
            return found
        own = Limits(max_states=NUMERATION_STATES if self.pisot() is not False
                     else NON_PISOT_STATES, time_limit=NUMERATION_SECONDS)
        try:
            dfa = make(own)
        except am.Budget:
            raise NumerationError(self.refusal(key, own.max_states)) from None
        if limits is not None:
            limits.record(dfa)
        self._automata[key] = dfa
        return dfa

    def refusal(self, what: str, states: int = NUMERATION_STATES) -> str:
        reason = ""
        roots = self.characteristic_roots()
        if roots is not None and len(roots) > 1 and abs(roots[1]) >= 1:
            reason = (f"; its dominant root {abs(roots[0]):.4f} is not a Pisot number (another "
                      f"root has modulus {abs(roots[1]):.4f} >= 1), so addition is not done by a "
                      "finite automaton")
        return (f"numeration {self.name}: the automaton of its {what} is not finite within "
                f"{states:,} states{reason}")

    def pisot(self) -> bool | None:
        """Whether the recurrence's dominant root is a Pisot number (every other root of its
        polynomial inside the unit circle); None when the coefficients have a period."""
        roots = self.characteristic_roots()
        if roots is None:
            return None
        return bool(len(roots) < 2 or abs(roots[1]) < 1 - 1e-9)

    def characteristic_roots(self) -> np.ndarray | None:
        """The roots of the recurrence's polynomial by decreasing modulus (period 1), or None."""
        rec = self.recurrence
        if len(rec.coefficients) != 1:
            return None
        c = rec.coefficients[0]
        poly = [1] + [-c[k] for k in range(rec.order - 1, -1, -1)]
        roots = np.roots(np.array(poly, dtype=float))
        return roots[np.argsort(-np.abs(roots))]

    def valid(self, name: str = "x", limits: Limits | None = None) -> DFA:
        """The valid words of the track ``name`` (every number with any leading zeros)."""
        def make(own):
            if self.all_valid:
                return DFA(("x",), np.zeros((1, self.radix), dtype=np.int32), np.array([True]),
                           self.radix)
            if self.name == "fib":
                return zeckendorf_valid("x")
            return am.complement(invalid_dfa(self, "x", own))
        return am.rename(self._build("valid", make, limits), {"x": name})

    def restrict(self, dfa: DFA, limits: Limits = am.UNLIMITED) -> DFA:
        """``dfa`` on valid words of every track only."""
        if self.all_valid:
            return dfa
        for v in dfa.vars:
            dfa = am.product(dfa, self.valid(v, limits), "and", limits)
        return dfa

    def relation(self, coeffs: dict[str, int], const: int, kind: str, modulus: int = 0,
                 limits: Limits = am.UNLIMITED) -> DFA:
        """``sum c_v v + const`` = 0 / <= 0 / = 0 mod m on valid words (not restricted)."""
        if self.name in ("2", "fib"):
            return first_linear_dfa(coeffs, const, kind, self.name, modulus, limits)
        return linear_dfa(self, coeffs, const, kind, modulus, limits)

    def _named(self, key: str, coeffs: dict[str, int], const: int, kind: str,
               limits: Limits | None) -> DFA:
        def make(own):
            self.valid("x", own)  # refused first if the valid words are not finite
            return self.restrict(self.relation(coeffs, const, kind, 0, own), own)
        return self._build(key, make, limits)

    def addition(self, limits: Limits | None = None) -> DFA:
        """``x + y = z`` on valid words (tracks x, y, z)."""
        return self._named("addition (x + y = z)", {"x": 1, "y": 1, "z": -1}, 0, "eq", limits)

    def less(self, limits: Limits | None = None) -> DFA:
        """``x < y`` on valid words (tracks x, y)."""
        return self._named("order (x < y)", {"x": 1, "y": -1}, 1, "le", limits)

    def equal(self, limits: Limits | None = None) -> DFA:
        """``x = y`` on valid words, whatever their leading zeros (tracks x, y)."""
        return self._named("equality (x = y)", {"x": 1, "y": -1}, 0, "eq", limits)


# ====================================================================== the numerations
def base_numeration(b: int) -> Numeration:
    return Numeration(str(b), str(b), f"base {b}", [1, b], Recurrence(1, 0, ((b,),)),
                      all_valid=True)


def fibonacci_weights(factor: int, count: int) -> list[int]:
    """The first ``count`` weights of Fibonacci Nim with ``factor`` (H(1), H(2), ...): plain."""
    h = [1]
    m = 0
    while len(h) < count:
        while factor * h[m] < h[-1]:
            m += 1
        h.append(h[-1] + h[m])
    return h


def fibonacci_numeration(factor: int) -> Numeration:
    """The greedy numeration of Fibonacci Nim's weights with ``factor`` (see the module doc).

    The weights obey ``H(j+1) = H(j) + H(j-d)`` from some j on; d and the start are read off the
    first :data:`CHECKED_TERMS` terms (the recurrence holds on all of them past the start)."""
    h = fibonacci_weights(factor, CHECKED_TERMS)
    for d in range(0, CHECKED_TERMS // 4):
        bad = [j for j in range(d, CHECKED_TERMS - 1) if h[j + 1] != h[j] + h[j - d]]
        last = bad[-1] if bad else d - 1
        if last < CHECKED_TERMS // 2:
            start = last + 1 - d  # h[i + d + 1] = h[i + d] + h[i] for i >= start
            order = d + 1
            coeffs = tuple([1] + [0] * (order - 2) + [1]) if order > 1 else (2,)
            name = "fib" if factor == 2 else f"fib{factor}"
            return Numeration(name, name, f"Fibonacci Nim with factor {factor}: weights "
                              f"{', '.join(map(str, h[:8]))}, ...",
                              h[:start + order + 1], Recurrence(order, start, (coeffs,)))
    raise NumerationError(f"numeration fib{factor}: no recurrence found")


def continued_fraction_sqrt(d: int) -> list[int]:
    """The period of the continued fraction of sqrt(d) (d not a square)."""
    a0 = math.isqrt(d)
    m, q, a = 0, 1, a0
    period = []
    while a != 2 * a0:
        m = q * a - m
        q = (d - m * m) // q
        a = (a0 + m) // q
        period.append(a)
    return period


def ostrowski_numeration(pre: list[int], period: list[int], name: str, walnut: str,
                         what: str) -> Numeration:
    """The Ostrowski numeration of [0; pre, period, period, ...] (see the module doc)."""
    while pre and pre[0] == 0:  # the integer part, if given
        pre = pre[1:]
    if not period or any(a < 1 for a in pre + period):
        raise NumerationError(f"numeration {name}: the partial quotients must be positive and "
                              "the period not empty")

    def a(n):  # a_n, n >= 1
        return pre[n - 1] if n <= len(pre) else period[(n - len(pre) - 1) % len(period)]

    shift = 1 if a(1) == 1 else 0  # with a1 = 1 the weight 1 comes twice: keep one
    p = len(period)
    start = max(0, len(pre) - 1 - shift)
    coeffs = tuple((1, a(i + 2 + shift)) for i in range(start, start + p))
    coeffs = tuple(coeffs[(j - start) % p] for j in range(p))  # indexed by i mod p
    q = [1, a(1)]
    while len(q) < start + 4 + shift:
        n = len(q)
        q.append(a(n) * q[-1] + q[-2])
    return Numeration(name, walnut, f"Ostrowski numeration of {what}", q[shift:],
                      Recurrence(2, start, coeffs))


_OST = re.compile(r"^ost\[([\d,\s]*)\]\[([\d,\s]*)\]$")
_OST_WALNUT = re.compile(r"^ost((?:_\d+)*)_r((?:_\d+)+)$")
_NAMES_HELP = ("2 to 16, fib, fib3 (fibK, K = 2 to 20: Fibonacci Nim with factor K), ost_sqrt2 "
               "(ost_sqrtD), ost_golden, ost[PRE][PERIOD] (a continued fraction)")


def names_help() -> str:
    return _NAMES_HELP


_CANONICAL: dict[str, Numeration] = {}


def get(name) -> Numeration:
    """The numeration named ``name`` (see the module doc; one object per numeration, whatever
    the name's spelling), or one :func:`register` ed; a one-line error otherwise."""
    if isinstance(name, Numeration):
        return name
    found = _CANONICAL.get(name)
    return found if found is not None else _known(name)


@lru_cache(maxsize=None)
def _known(name: str) -> Numeration:
    made = _make(name)
    return _CANONICAL.setdefault(made.name, made)


def register(numeration: Numeration) -> Numeration:
    """Make a numeration of one's own known by its name (``--base NAME`` and every function
    that takes a numeration's name), e.g. Tribonacci:
    ``register(Numeration("trib", "trib", "Tribonacci", [1, 2, 4], Recurrence(3, 0, ((1, 1,
    1),))))``.  A name nimlab already knows is refused."""
    try:
        taken = get(numeration.name)
    except NumerationError:
        taken = None
    if taken is not None and taken is not numeration:
        raise NumerationError(f"numeration {numeration.name}: the name is taken")
    if not re.fullmatch(r"[A-Za-z]\w*", numeration.walnut):
        raise NumerationError(f"numeration {numeration.name}: Walnut's name must be a letter "
                              f"and letters, digits or _, not {numeration.walnut!r}")
    _CANONICAL[numeration.name] = numeration
    return numeration


def _make(name: str) -> Numeration:
    text = str(name).strip()
    low = text.lower()
    if low.startswith("msd_"):
        low = low[4:]
    if re.fullmatch(r"\d+", low) and 2 <= int(low) <= MAX_RADIX:
        return base_numeration(int(low))
    if low == "fib":
        return fibonacci_numeration(2)
    m = re.fullmatch(r"fib(\d+)", low)
    if m and 2 <= int(m.group(1)) <= 20:
        return get("fib") if int(m.group(1)) == 2 else fibonacci_numeration(int(m.group(1)))
    if low == "ost_golden":
        return ostrowski_numeration([], [1], "ost_golden", "ost_golden",
                                    "the golden ratio, [0; 1, 1, ...]")
    m = re.fullmatch(r"ost_sqrt(\d+)", low)
    if m and int(m.group(1)) <= 10_000 and math.isqrt(int(m.group(1))) ** 2 != int(m.group(1)):
        d = int(m.group(1))
        period = continued_fraction_sqrt(d)
        return ostrowski_numeration([], period, f"ost_sqrt{d}", f"ost_sqrt{d}",
                                    f"sqrt {d} (fractional part [0; "
                                    f"{', '.join(map(str, period))}, ...])")
    m = _OST.fullmatch(low.replace(" ", ""))
    w = _OST_WALNUT.fullmatch(low)
    if m or w:
        if m:
            pre = [int(x) for x in m.group(1).split(",") if x.strip()]
            period = [int(x) for x in m.group(2).split(",") if x.strip()]
        else:
            pre = [int(x) for x in w.group(1).split("_") if x]
            period = [int(x) for x in w.group(2).split("_") if x]
        if len(pre) + len(period) > 40 or max(pre + period, default=0) > 1000:
            raise NumerationError(f"numeration {short_text(text, 40)}: at most 40 partial "
                                  "quotients of at most 1000")
        while pre and pre[0] == 0:
            pre = pre[1:]
        canonical = f"ost[{','.join(map(str, pre))}][{','.join(map(str, period))}]"
        walnut = "ost" + "".join(f"_{x}" for x in pre) + "_r" + "".join(f"_{x}" for x in period)
        shown = pre + period * max(1, -(-3 // max(1, len(period))))  # three quotients at least
        return ostrowski_numeration(pre, period, canonical, walnut,
                                    f"[0; {', '.join(map(str, shown))}, ...] (repeating "
                                    f"{', '.join(map(str, period))})")
    raise NumerationError(f"unknown numeration {short_text(text, 40)!r}; nimlab knows "
                          f"{_NAMES_HELP}")


def name_of(base: str) -> str:
    """The canonical name of a numeration (``"fib2"`` is ``"fib"``)."""
    return get(base).name


am.NUMERATION_LOOKUP = get  # the engine reads words of every numeration by name

"""Linear relations in any linear numeration, as automata (the general carry construction).

A numeration of :mod:`nimlab.prove.numerations` writes numbers by weights ``W(0) = 1 < W(1) <
...`` that obey, from an index ``start`` on, a linear recurrence whose coefficients may depend on
the index modulo a period ``p``::

    W(i + r) = sum_k c[i mod p][k] * W(i + k)          (i >= start, k = 0 .. r-1)

(base b: r = 1, c = [b]; Zeckendorf: r = 2, c = [1, 1]; Fibonacci Nim with factor 3: r = 4,
``W(i+4) = W(i+3) + W(i)`` from some index on; Ostrowski: r = 2, c = [1, a], a a partial
quotient of the continued fraction, periodic).

:func:`linear_dfa` builds the automaton of ``sum c_v v + const`` = 0, <= 0 or = 0 mod m on the
valid words of the numeration, reading the digits most significant first.  After a prefix with
``i`` digits to come the value read so far is written ``sum_k s_k W(i + k)``: the state is the
vector ``s`` (and the phase ``i mod p``), and a digit of letter value ``e`` turns it into the
vector of the next index by the recurrence.  The last ``start`` digits, where the recurrence may
not hold, are read with the exact value of the prefix.  The automaton cannot know how many
digits are to come, so it guesses the phase (and the moment the exact part begins) and the guess
is checked at the end: a nondeterministic automaton, made deterministic by subsets and
minimised.

**Finiteness.**  The remaining digits of a valid word of ``i`` digits are worth at most
``W(i) - 1``, so a state whose prefix value is so large (or small) that no remaining digits can
change the answer becomes one of two sinks; the test uses proven bounds on ``W(i+k)/W(i)`` per
phase (:func:`ratio_bounds`: exact ratios up to some index, then an interval that the
recurrence maps into itself, checked in rational arithmetic; ``1 .. radix**k`` if none is
found).  For a Pisot numeration (the dominant root of the recurrence a
Pisot number, as for bases, Zeckendorf, quadratic Ostrowski numerations and Fibonacci Nim with
factor 3) only finitely many states stay between the sinks; otherwise the construction stops at
the budget (:class:`~nimlab.prove.automata.Budget`).  Residues keep the vector modulo m and are
always finite.

:func:`invalid_nfa_dfa` gives the automaton of the *invalid* words (a suffix of the word, from
some position i, is worth ``W(i+1)`` or more, so the word is not the greedy representation), by
the same construction from a guessed position; its complement is the automaton of valid words.
"""

from __future__ import annotations

from collections import OrderedDict
from fractions import Fraction
from functools import lru_cache

import numpy as np

from nimlab.errors import InputError
from nimlab.prove import automata as am
from nimlab.prove.automata import DFA, Limits, UNLIMITED

#: Most states of any automaton of a linear relation in a numeration whose dominant root is not
#: a Pisot number (those are not finite as a rule: refused soon).
NON_PISOT_STATES = 20_000


class NumerationError(InputError):
    """A numeration nimlab does not know, or whose automata are not finite within budget."""

#: The rejecting sink; a state ("lo", "v", phase) or ("lo", "x", j) accepts whatever follows
#: once the guessed position is confirmed at the end (``le`` only), FREE is the restarter.
HI, FREE = ("hi",), ("free",)


def _ratio_interval(numeration, low: list, high: list, ph: int) -> tuple:
    """Bounds of ``W(i+r) / W(i+r-1)`` for ``i = ph (mod p)`` from bounds of the earlier
    consecutive ratios (``low``/``high`` by phase)."""
    rec = numeration.recurrence
    r, p, c = rec.order, len(rec.coefficients), rec.coefficients[ph]
    lo = hi = Fraction(0)
    for k in range(r):
        small = big = Fraction(1)
        for t in range(k, r - 1):  # W(i+k) / W(i+r-1) = 1 / prod of the ratios between
            small *= high[(ph + t) % p]
            big *= low[(ph + t) % p]
        lo += c[k] / small
        hi += c[k] / big
    return lo, hi


@lru_cache(maxsize=None)
def _consecutive_bounds(numeration) -> tuple[tuple, tuple]:
    """Proven bounds ``low[ph] <= W(i+1)/W(i) <= high[ph]`` for every ``i >= start`` with
    ``i = ph (mod p)``."""
    rec = numeration.recurrence
    r, i0, p = rec.order, rec.start, len(rec.coefficients)
    w = numeration.weight
    n0 = i0 + 30 * p + 4 * r
    n1 = n0 + 30 * p + 4 * r

    def ratio(i):
        return Fraction(w(i + 1), w(i))

    found = None
    if any(x < 0 for c in rec.coefficients for x in c):  # the induction below needs c >= 0
        top = Fraction(numeration.radix)
        return tuple([Fraction(1)] * p), tuple([top] * p)
    for delta in (Fraction(1, 1000), Fraction(1, 100), Fraction(1, 20), Fraction(1, 5)):
        low = [min(ratio(i) for i in range(n0, n1) if i % p == ph) * (1 - delta)
               for ph in range(p)]
        high = [max(ratio(i) for i in range(n0, n1) if i % p == ph) * (1 + delta)
                for ph in range(p)]
        # induction: ratios n0 .. n0+r-2 lie in the box, and the recurrence maps the box of
        # r-1 consecutive ratios into the box of the next one
        if all(low[(i + r - 1) % p] <= lo and hi <= high[(i + r - 1) % p]
               for i in range(p) for lo, hi in [_ratio_interval(numeration, low, high, i)]):
            found = (low, high)
            break
    if found is None:
        top = Fraction(numeration.radix)
        return tuple([Fraction(1)] * p), tuple([top] * p)
    low, high = found
    for i in range(i0, n0):
        low[i % p] = min(low[i % p], ratio(i))
        high[i % p] = max(high[i % p], ratio(i))
    return tuple(low), tuple(high)


def ratio_bounds(numeration, ph: int) -> tuple[list, list]:
    """Proven bounds ``lo[k] <= W(i+k)/W(i) <= hi[k]`` (k < order) for ``i >= start``,
    ``i = ph (mod p)``."""
    low, high = _consecutive_bounds(numeration)
    p = len(low)
    lo, hi = [Fraction(1)], [Fraction(1)]
    for k in range(1, numeration.recurrence.order):
        lo.append(lo[-1] * low[(ph + k - 1) % p])
        hi.append(hi[-1] * high[(ph + k - 1) % p])
    return lo, hi


class _Machine:
    """The nondeterministic automaton of one linear form (states are tuples)."""

    def __init__(self, numeration, values: list[int], const: int, kind: str, modulus: int,
                 pos: int, neg: int):
        self.w = numeration.weight
        rec = numeration.recurrence
        self.r, self.start, self.c = rec.order, rec.start, rec.coefficients
        self.p = len(self.c)
        self.radix = numeration.radix
        self.values, self.const, self.kind, self.m = values, const, kind, modulus
        self.pos, self.neg = pos, neg
        # least weight of the indices i >= start of each phase, bounds of W(i+k)/W(i)
        self.w_min = [self.w(self.start + ((ph - self.start) % self.p)) for ph in range(self.p)]
        self.bounds = [ratio_bounds(numeration, ph) for ph in range(self.p)] \
            if kind != "mod" else []

    # ------------------------------------------------------------ states
    def vector(self, ph: int, s: tuple) -> tuple:
        if self.kind == "mod":
            return ("v", ph, tuple(x % self.m for x in s))
        lo, hi = self.bounds[ph]
        umin = sum(x * (lo[k] if x >= 0 else hi[k]) for k, x in enumerate(s))
        umax = sum(x * (hi[k] if x >= 0 else lo[k]) for k, x in enumerate(s))
        wm = self.w_min[ph]
        if umin - self.neg >= 0 and wm * (umin - self.neg) + self.const + self.neg > 0:
            return HI
        if umax + self.pos <= 0 and wm * (umax + self.pos) + self.const - self.pos < 0:
            return ("lo", "v", ph) if self.kind == "le" else HI
        return ("v", ph, s)

    def exact(self, j: int, value: int) -> tuple:
        if self.kind == "mod":
            return ("x", j, value % self.m)
        room = self.w(j) - 1
        if value + self.const - self.neg * room > 0:
            return HI
        if value + self.const + self.pos * room < 0:
            return ("lo", "x", j) if self.kind == "le" else HI
        return ("x", j, value)

    def starts(self, first: tuple | None = None, raw: bool = False) -> list[tuple]:
        """The states before the first digit: every phase (and every exact position), the
        vector ``first`` (default 0) as the value read (for the exact positions, its value);
        ``raw``: without the sink test (its bound assumes valid remaining digits)."""
        s = first or (0,) * self.r
        if raw:
            out = [("v", ph, s) for ph in range(self.p)]
        else:
            out = [self.vector(ph, s) for ph in range(self.p)]
        for j in range(self.start):
            value = sum(x * self.w(j + k) for k, x in enumerate(s))
            out.append(("x", j, value) if raw else self.exact(j, value))
        return out

    def at_end(self, mode: str, where: int) -> bool:
        """Whether a state of this mode and phase (or exact position) may have no digit to
        come."""
        if mode == "v":
            return not self.start and where % self.p == 0
        return where == 0

    def accepts(self, q: tuple) -> bool:
        if q == HI:
            return False
        if q[0] == "lo":
            return self.at_end(q[1], q[2])
        if q[0] == "v":
            if self.start or q[1] % self.p:
                return False
            value = sum(x * self.w(k) for k, x in enumerate(q[2]))
        elif q[1]:
            return False
        else:
            value = q[2]
        total = value + self.const
        if self.kind == "eq":
            return total == 0
        if self.kind == "le":
            return total <= 0
        return total % self.m == 0

    def successors(self, q: tuple, e: int) -> list[tuple]:
        if q == HI:
            return [q]
        if q[0] == "lo":  # the position is still followed, to be confirmed at the end
            mode, where = q[1], q[2]
            if mode == "x":
                return [("lo", "x", where - 1)] if where else []
            out = [("lo", "v", (where - 1) % self.p)]
            if self.start and where % self.p == self.start % self.p:
                out.append(("lo", "x", self.start - 1))
            return out
        if q[0] == "x":
            j, value = q[1], q[2]
            if j == 0:
                return []
            return [self.exact(j - 1, value + e * self.w(j - 1))]
        _, ph, s = q
        out = []
        prev = (ph - 1) % self.p  # the index i - 1 of the identity used
        c = self.c[prev]
        top = s[-1]
        nxt = (e + top * c[0],) + tuple(s[k - 1] + top * c[k] for k in range(1, self.r))
        out.append(self.vector(prev, nxt))
        if self.start and ph % self.p == self.start % self.p:  # i may be start exactly
            value = sum(x * self.w(self.start + k) for k, x in enumerate(s))
            out.append(self.exact(self.start - 1, value + e * self.w(self.start - 1)))
        return out


def _determinise(machine: _Machine, starts: list[tuple], names: tuple[str, ...],
                 e_index: np.ndarray, limits: Limits, what: str, free: bool = False) -> DFA:
    """The subset construction; ``free``: a state that stays and restarts ``starts`` at every
    position (some suffix of the word is checked)."""
    count = len(machine.values)
    memo: dict[tuple, tuple] = {}

    def step(q, a):
        key = (q, a)
        found = memo.get(key)
        if found is None:
            found = memo[key] = tuple(machine.successors(q, machine.values[a]))
        return found

    first = frozenset(starts) | ({FREE} if free else frozenset())
    ids = {first: 0}
    subsets = [first]
    rows = []
    k = 0
    while k < len(subsets):
        current = subsets[k]
        row = []
        for a in range(count):
            nxt = set()
            for q in current:
                if q == FREE:
                    nxt.add(FREE)
                    for s0 in starts:
                        nxt.update(step(s0, a))
                else:
                    nxt.update(step(q, a))
            key = frozenset(nxt)
            found = ids.get(key)
            if found is None:
                found = ids[key] = len(subsets)
                subsets.append(key)
            row.append(found)
        rows.append(row)
        k += 1
        if k % 64 == 0:
            limits.check(len(subsets), what)
    limits.check(len(subsets), what)
    trans = np.array(rows, dtype=np.int32).reshape(len(subsets), count)[:, e_index]
    accept = np.array([any(q != FREE and machine.accepts(q) for q in s) for s in subsets],
                      dtype=bool)
    return am.minimize(DFA(names, trans, accept, machine.radix), limits)


#: Linear atoms kept between proofs (discover proves hypothesis after hypothesis with the same
#: move formula), at most this many automaton states in all, the least recently used dropped.
KEPT_STATES = 2_000_000
_KEPT: "OrderedDict[tuple, DFA]" = OrderedDict()


def linear_dfa(numeration, coeffs: dict[str, int], const: int, kind: str, modulus: int = 0,
               limits: Limits = UNLIMITED) -> DFA:
    """``sum c_v v + const`` = 0 (``eq``), <= 0 (``le``) or = 0 mod ``modulus`` (``mod``) on
    valid words of ``numeration`` (see the module doc).  An atom built once is kept (read-only
    arrays) for the next proof that asks for it."""
    key = (numeration, tuple(sorted((v, c) for v, c in coeffs.items() if c)), const, kind,
           modulus)
    kept = _KEPT.get(key)
    if kept is not None:
        _KEPT.move_to_end(key)
        limits.check(kept.n, f"a linear atom in numeration {numeration.name}")
        return limits.record(kept)
    dfa = _linear_dfa(numeration, coeffs, const, kind, modulus, limits)
    dfa.trans.flags.writeable = False
    dfa.accept.flags.writeable = False
    _KEPT[key] = dfa
    while sum(d.n for d in _KEPT.values()) > KEPT_STATES and len(_KEPT) > 1:
        _KEPT.popitem(last=False)
    return dfa


def _linear_dfa(numeration, coeffs: dict[str, int], const: int, kind: str, modulus: int,
                limits: Limits) -> DFA:
    names = tuple(sorted(v for v, c in coeffs.items() if c))
    radix = numeration.radix
    am.check_tracks(len(names), radix)
    digits = am.letter_digits(len(names), radix).astype(object)
    e = np.zeros(radix ** len(names), dtype=object)
    for v in names:
        e = e + coeffs[v] * digits[:, names.index(v)]
    values, e_index = np.unique(e.astype(object), return_inverse=True) if len(names) else \
        (np.array([0], dtype=object), np.zeros(1, dtype=np.int64))
    pos = sum(c for c in coeffs.values() if c > 0)
    neg = -sum(c for c in coeffs.values() if c < 0)
    machine = _Machine(numeration, [int(x) for x in values], const, kind, modulus, pos, neg)
    what = f"a linear atom in numeration {numeration.name}"
    if kind == "mod" or numeration.pisot() is not False:
        return _determinise(machine, machine.starts(), names, e_index.reshape(-1), limits, what)
    own = Limits(max_states=min(limits.max_states, NON_PISOT_STATES),
                 time_limit=limits.time_limit, started=limits.started)
    try:
        dfa = _determinise(machine, machine.starts(), names, e_index.reshape(-1), own, what)
    except am.Budget:
        raise NumerationError(numeration.refusal(f"linear atom over {', '.join(names)}",
                                                 own.max_states)) from None
    return limits.record(dfa)


def invalid_dfa(numeration, name: str, limits: Limits = UNLIMITED) -> DFA:
    """The words of ``name`` that are not greedy representations: some suffix, from position
    i, is worth ``W(i+1)`` or more."""
    radix = numeration.radix
    # W(i+1) - (value of the suffix) <= 0, started with i+1 digits to come: the vector (1, 0..)
    machine = _Machine(numeration, list(range(radix)), 0, "le", 0, 0, 1)
    machine.values = [-d for d in range(radix)]  # the suffix is subtracted
    unit = (1,) + (0,) * (machine.r - 1)
    # raw: the digits after the start may not be assumed valid (that is what is checked);
    # those after the first digit may (an invalid rest is caught from a later start)
    starts = machine.starts(unit, raw=True)
    # an exact start at 0 digits to come would check the empty suffix: never part of a word
    starts = [q for q in starts if not (q[0] == "x" and q[1] == 0)]
    return _determinise(machine, starts, (name,), np.arange(radix), limits,
                        f"the valid words of numeration {numeration.name}", free=True)

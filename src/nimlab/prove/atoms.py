"""The atoms of the formula language as automata: linear (in)equations, residues, xor,
regular expressions, Zeckendorf validity.

* :func:`linear_dfa` - ``sum c_v v + sum e_j (x_j1 ^ x_j2 ^ ...) + const`` = 0, <= 0, or = 0 mod
  m, by a carry automaton reading all tracks at once (deterministic: no projection).  A state is
  the value of the digits read so far: base 2 - one integer ``s`` (the prefix is worth
  ``s * 2^i`` with ``i`` digits to come); Fibonacci - a pair ``(s, t)`` (worth
  ``s W_i + t W_(i-1)``, W = 1, 2, 3, 5, ..., W_(-1) = 1).  The remaining digits are worth at most
  ``2^i - 1`` (resp. ``W_i - 1``, a valid Zeckendorf word) times the largest letter value, so a
  state whose sign can no longer change becomes one of two sinks; residues keep states mod m.
  Bitwise xor of plain variables (base 2) is digit by digit, so it is a letter value like any
  other.
* **Exact integers.**  Coefficients, constants and moduli are Python integers of any size; a
  letter's value is computed in 64-bit NumPy integers only when no sum of the weights can come
  near 2^63, and otherwise in Python integers.  A common factor of the coefficients is divided
  out first (``2^62 a + 2^62 b < 0`` is ``a + b <= -1``); an automaton that is still too large
  for the exact statement is refused by the budget, never built from wrapped sums.
* **Constants cost their digits.**  A constant larger than :data:`BIG_CONSTANT` would make the
  carry range as wide as the constant; it is read instead as an extra track ``#k`` whose only
  word is the constant's digits (one state per digit) and the track is projected away: the
  automaton of ``p1 = 300000`` has a few dozen states.
* :func:`regex_dfa` - Thompson NFA and subsets, with a start state that absorbs leading zeros.
* In every other numeration (:mod:`nimlab.prove.numerations`) a linear atom is built by the
  general construction of :mod:`nimlab.prove.linear`; xor is base 2 only.
"""

from __future__ import annotations

from itertools import count as _count
from math import gcd

import numpy as np

from nimlab.prove import automata as am
from nimlab.prove.automata import DFA, Limits, UNLIMITED
from nimlab.prove.syntax import parse_regex

#: Constants of larger absolute value are read by their digits (see the module doc).
BIG_CONSTANT = 64


def regex_nfa(tree):
    """Thompson NFA: (number of states, start, final, edges {(q, sym or None): set})."""
    edges: dict[tuple[int, int | None], set[int]] = {}
    counter = _count()

    def add(q, s, r):
        edges.setdefault((q, s), set()).add(r)

    def build(node):
        kind = node[0]
        a, b = next(counter), next(counter)
        if kind == "eps":
            add(a, None, b)
        elif kind == "sym":
            add(a, node[1], b)
        elif kind == "cat":
            a1, b1 = build(node[1])
            a2, b2 = build(node[2])
            add(a, None, a1), add(b1, None, a2), add(b2, None, b)
        elif kind == "alt":
            for child in node[1:]:
                a1, b1 = build(child)
                add(a, None, a1), add(b1, None, b)
        else:  # star, plus, opt
            a1, b1 = build(node[1])
            add(a, None, a1), add(b1, None, b)
            if kind in ("star", "opt"):
                add(a, None, b)
            if kind in ("star", "plus"):
                add(b1, None, a1)
        return a, b

    start, final = build(tree)
    return next(counter), start, final, edges


def regex_dfa(names: tuple[str, ...], text: str, radix: int = 2) -> DFA:
    """``names in "text"``: some zero-padding of the digits of ``names`` matches ``text``."""
    width = len(names)
    am.check_tracks(width, radix)
    _, start, final, edges = regex_nfa(parse_regex(text, width, radix))
    letters = [tuple((n // radix ** i) % radix for i in range(width))
               for n in range(radix ** width)]
    zero_letter = (0,) * width

    def closure(states):
        stack, seen = list(states), set(states)
        while stack:
            q = stack.pop()
            for r in edges.get((q, None), ()):
                if r not in seen:
                    seen.add(r)
                    stack.append(r)
        return frozenset(seen)

    def step(states, d):
        return closure({r for q in states for r in edges.get((q, d), ())})

    zero = closure({start})
    while True:  # states reachable from the start by leading zeros
        bigger = zero | step(zero, zero_letter)
        if bigger == zero:
            break
        zero = bigger
    # state 0: only zero letters read so far (the padding); then ordinary subsets
    ids: dict[frozenset, int] = {}
    table: list[list[int]] = [[-1] * len(letters)]
    subsets: list[frozenset] = []

    def ident(s):
        if s not in ids:
            ids[s] = len(subsets) + 1
            subsets.append(s)
            table.append([-1] * len(letters))
        return ids[s]

    for index, letter in enumerate(letters):
        table[0][index] = 0 if letter == zero_letter else ident(step(zero, letter))
    k = 0
    while k < len(subsets):
        s = subsets[k]
        table[k + 1] = [ident(step(s, letter)) for letter in letters]
        k += 1
    accept = [final in zero] + [final in s for s in subsets]
    ordered = tuple(sorted(names))
    trans = np.array(table, dtype=np.int32)[:, am.letter_map(ordered, names, radix)]
    return am.minimize(DFA(ordered, trans, np.array(accept), radix))


def zeckendorf_valid(name: str) -> DFA:
    """Words of ``name`` without two consecutive 1s."""
    trans = np.array([[0, 1], [0, 2], [2, 2]], dtype=np.int32)
    return DFA((name,), trans, np.array([True, True, False]))


def constant_dfa(name: str, value: int, base: str) -> DFA:
    """The track ``name`` reads exactly ``value`` (one state per digit, and a dead state)."""
    word = am.encode(value, base)
    radix = 2 if base in ("2", "fib") else am.numeration(base).radix
    n = len(word)
    dead = n + 1
    trans = np.full((n + 2, radix), dead, dtype=np.int32)
    trans[0, 0] = 0  # leading zeros
    for i, d in enumerate(word):
        trans[0 if i == 0 else i, am.digit_value(d)] = i + 1
    accept = np.zeros(n + 2, dtype=bool)
    accept[n if n else 0] = True
    return DFA((name,), trans, accept, radix)



def exact_in_int64(*weights) -> bool:
    """Whether every sum of these weights (each taken 0 or 1 times, with its sign) stays well
    inside a 64-bit integer, so NumPy's int64 letter values cannot wrap."""
    return sum(abs(int(w)) for group in weights for w in group) < 1 << 62


def linear_dfa(coeffs: dict[str, int], const: int, kind: str, base: str, modulus: int = 0,
               limits: Limits = UNLIMITED,
               xors: tuple[tuple[int, tuple[str, ...]], ...] = ()) -> DFA:
    """``sum c_v v + sum e (x1 ^ x2 ^ ...) + const`` = 0 (``eq``), <= 0 (``le``) or
    = 0 mod ``modulus`` (``mod``); see the module doc.  ``base``: "2", "fib", or any other
    numeration (its name or object, see :mod:`nimlab.prove.numerations`)."""
    xors = tuple((e, names) for e, names in xors if e and names)
    if kind == "mod":
        const %= modulus
        coeffs = {v: c % modulus for v, c in coeffs.items()}
        xors = tuple((e % modulus, names) for e, names in xors if e % modulus)
    else:
        g = gcd(*coeffs.values(), *(e for e, _ in xors))
        if g > 1:  # divide out the common factor: fewer carry states, the same solutions
            if kind == "eq" and const % g:
                return am.constant(False)
            coeffs = {v: c // g for v, c in coeffs.items()}
            xors = tuple((e // g, names) for e, names in xors)
            const = -((-const) // g) if kind == "le" else const // g  # le: rounded up
    if kind != "mod" and abs(const) > BIG_CONSTANT:
        track = "#k"
        atom = linear_dfa({**coeffs, track: 1 if const > 0 else -1}, 0, kind, base, modulus,
                          limits, xors)
        atom = am.product(atom, constant_dfa(track, abs(const), base), "and", limits)
        if base == "fib":  # only valid words: the subsets stay few (as in Compiler.normalise)
            for v in atom.vars:
                atom = am.product(atom, zeckendorf_valid(v), "and", limits)
        elif base != "2":
            atom = am.numeration(base).restrict(atom, limits)
        return am.project(atom, track, limits)
    if base not in ("2", "fib"):
        if xors:
            raise ValueError("xor is read in base 2 only")
        from nimlab.prove import linear
        return linear.linear_dfa(am.numeration(base), coeffs, const, kind, modulus, limits)
    names = tuple(sorted({v for v, c in coeffs.items() if c} |
                         {v for _, group in xors for v in group}))
    am.check_tracks(len(names))
    digits = am.letter_digits(len(names))
    if not exact_in_int64(coeffs.values(), (w for w, _ in xors)):
        digits = digits.astype(object)  # Python integers: a letter's value never wraps
    e = np.zeros(1 << len(names), dtype=digits.dtype)
    for v, c in coeffs.items():
        if c:
            e += c * digits[:, names.index(v)]
    for weight, group in xors:
        parity = np.zeros_like(e)
        for v in group:
            parity ^= digits[:, names.index(v)]
        e += weight * parity
    values, e_index = np.unique(e, return_inverse=True)
    values = [int(x) for x in values]
    pos = max(int(e.max()), 0)
    neg = max(-int(e.min()), 0)
    slack = abs(const) + 1
    HI, LO = "hi", "lo"

    if base == "2":
        start = 0

        def nxt(s, d):
            if kind == "mod":
                return (2 * s + d) % modulus
            v = 2 * s + d
            if v >= neg + slack:
                return HI
            if v <= -(pos + slack):
                return LO
            return v

        def final(s):
            return s + const
    else:
        start = (0, 0)

        def nxt(st, d):
            s, t = st
            if kind == "mod":
                return ((s + t + d) % modulus, s % modulus)
            s, t = s + t + d, s
            low2 = min(2 * s + t, 2 * (s + t))  # twice the least of s + t r, r in [1/2, 1]
            high2 = max(2 * s + t, 2 * (s + t))
            if low2 >= 2 * (neg + slack):
                return HI
            if high2 <= -2 * (pos + slack):
                return LO
            return (s, t)

        def final(st):
            return st[0] + st[1] + const

    ids = {start: 0}
    order = [start]
    rows = []
    k = 0
    while k < len(order):
        s = order[k]
        if s in (HI, LO):
            row = [ids[s]] * len(values)
        else:
            row = []
            for d in values:
                t = nxt(s, d)
                if t not in ids:
                    ids[t] = len(order)
                    order.append(t)
                row.append(ids[t])
        rows.append(row)
        k += 1
        if k % 256 == 0:
            limits.check(len(order), "a linear atom")
    trans = np.array(rows, dtype=np.int32)[:, e_index.reshape(-1)]
    accept = []
    for s in order:
        if s == HI:
            accept.append(False)
        elif s == LO:
            accept.append(kind == "le")
        elif kind == "eq":
            accept.append(final(s) == 0)
        elif kind == "le":
            accept.append(final(s) <= 0)
        else:
            accept.append(final(s) % modulus == 0)
    return am.minimize(DFA(names, trans, np.array(accept, dtype=bool)), limits)


def xor_dfa(w: str, a: str, b: str) -> DFA:
    """``w = a ^ b`` digit by digit (base 2)."""
    names = tuple(sorted({w, a, b}))
    digits = am.letter_digits(len(names))
    col = {v: digits[:, names.index(v)] for v in names}
    ok = col[w] == (col[a] ^ col[b])
    trans = np.array([np.where(ok, 0, 1), np.ones_like(ok, dtype=np.int64)], dtype=np.int32)
    return DFA(names, trans, np.array([True, False]))

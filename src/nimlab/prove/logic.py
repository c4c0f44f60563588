"""The formula language of ``nimlab prove`` and its compilation to automata.

Grammar (loosest binding first)::

    formula  := quant | iff
    quant    := ("E" | "A") name ("," name)* "." formula     (extends as far right as it can)
    iff      := implies ("<=>" implies)*
    implies  := or ("=>" implies)?                           (right associative)
    or       := and ("|" and)*
    and      := unary ("&" unary)*
    unary    := "~" unary | quant | "(" formula ")" | atom | "true" | "false"
    atom     := term rel term | term "%" NUM ("=" | "!=") NUM | name "in" "REGEX"
              | "(" name ("," name)+ ")" "in" "REGEX"
    rel      := "=" | "!=" | "<" | "<=" | ">" | ">="
    term     := sum ("^" sum)*          (bitwise xor; base 2 only)
    sum      := prod ("+" prod)*
    prod     := NUM "*" factor | factor "*" NUM | factor
    factor   := NUM | name | "(" term ")"

Variables are lowercase names; ``E`` and ``A`` are the quantifiers over the naturals.
``v in "REGEX"`` holds when the digits of ``v`` (in the numeration of the proof, most significant
first), with some number of leading zeros, match REGEX (digits 0 and 1, ``| * + ? ( ) .``).
``(u, v) in "REGEX"`` reads the digits of u and v side by side (the shorter padded with zeros):
a letter is written ``[10]`` (u's digit 1, v's digit 0); ``.`` is any letter.

:func:`compile_formula` turns a formula into a :class:`~nimlab.prove.automata.DFA` whose tracks are
its free variables: linear atoms by a carry automaton, ``^`` by fresh variables bound by ``E``,
``%`` by residues, ``in`` by a regular-expression automaton; connectives by products and
complements, quantifiers by projection.  :func:`evaluate` is the plain evaluator the tests use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import count as _count

import numpy as np

from nimlab.errors import InputError
from nimlab.prove import automata as am
from nimlab.prove.automata import DFA, Limits, UNLIMITED

BASES = ("2", "fib")


class FormulaError(InputError):
    """A formula that is not in the language (or not in the language of its numeration)."""


class RegexError(FormulaError):
    """A regular expression that is not in the language (never retried as another reading)."""


# ====================================================================== parsing
TOKEN = re.compile(r"""\s*(?:
    (?P<num>\d+) |
    (?P<name>[A-Za-z_][A-Za-z0-9_]*) |
    (?P<str>"[^"]*") |
    (?P<op><=>|=>|<=|>=|!=|[=<>~&|().,+*^%])
)""", re.VERBOSE)

RELS = ("=", "!=", "<", "<=", ">", ">=")


def tokenize(text: str) -> list[tuple[str, str]]:
    tokens, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise FormulaError(f"cannot read the formula at {text[pos:pos + 12]!r} (position "
                               f"{pos + 1}); see `nimlab prove --help` for the language")
        kind = m.lastgroup
        tokens.append((kind, m.group(kind)))
        pos = m.end()
    tokens.append(("end", ""))
    return tokens


class Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0

    # helpers
    def peek(self, k: int = 0) -> tuple[str, str]:
        return self.tokens[min(self.i + k, len(self.tokens) - 1)]

    def accept(self, value: str) -> bool:
        if self.peek()[1] == value and self.peek()[0] in ("op", "name"):
            self.i += 1
            return True
        return False

    def expect(self, value: str) -> None:
        if not self.accept(value):
            self.fail(f"expected {value!r}")

    def fail(self, what: str):
        kind, value = self.peek()
        where = "the end" if kind == "end" else repr(value)
        raise FormulaError(f"formula {self.text!r}: {what} at {where}")

    # formulas
    def parse(self):
        f = self.formula()
        if self.peek()[0] != "end":
            self.fail("unexpected text")
        return f

    def formula(self):
        if self.peek() in (("name", "E"), ("name", "A")):
            return self.quant()
        return self.iff()

    def quant(self):
        q = self.peek()[1]
        self.i += 1
        names = [self.var_name()]
        while self.accept(","):
            names.append(self.var_name())
        self.expect(".")
        body = self.formula()
        for name in reversed(names):
            body = (q, name, body)
        return body

    def var_name(self) -> str:
        kind, value = self.peek()
        if kind != "name" or not value[0].islower() or value in ("in", "true", "false"):
            self.fail("expected a variable name (lowercase)")
        self.i += 1
        return value

    def iff(self):
        f = self.implies()
        while self.accept("<=>"):
            f = ("iff", f, self.implies())
        return f

    def implies(self):
        f = self.disj()
        if self.accept("=>"):
            return ("implies", f, self.implies_or_quant())
        return f

    def implies_or_quant(self):
        if self.peek() in (("name", "E"), ("name", "A")):
            return self.quant()
        return self.implies()

    def disj(self):
        f = self.conj()
        while self.accept("|"):
            f = ("or", f, self.conj_or_quant())
        return f

    def conj_or_quant(self):
        if self.peek() in (("name", "E"), ("name", "A")):
            return self.quant()
        return self.conj()

    def conj(self):
        f = self.unary()
        while self.accept("&"):
            f = ("and", f, self.unary())
        return f

    def unary(self):
        if self.accept("~"):
            return ("not", self.unary())
        if self.peek() in (("name", "E"), ("name", "A")):
            return self.quant()
        if self.peek() == ("name", "true"):
            self.i += 1
            return ("true",)
        if self.peek() == ("name", "false"):
            self.i += 1
            return ("false",)
        if self.peek() == ("op", "("):
            saved = self.i
            try:
                return self.atom()
            except RegexError:
                raise
            except FormulaError:
                self.i = saved
            self.i += 1
            f = self.formula()
            self.expect(")")
            return f
        return self.atom()

    def atom(self):
        kind, value = self.peek()
        names = None
        if kind == "name" and self.peek(1) == ("name", "in"):
            names = (self.var_name(),)
        elif (kind, value) == ("op", "(") and self.peek(1)[0] == "name" and \
                self.peek(2) == ("op", ","):
            self.i += 1
            names = [self.var_name()]
            while self.accept(","):
                names.append(self.var_name())
            self.expect(")")
            names = tuple(names)
            if len(set(names)) != len(names):
                raise RegexError(f"formula {self.text!r}: a variable repeats in the tuple "
                                 f"({', '.join(names)})")
            if self.peek() != ("name", "in"):
                self.fail('expected "in" after a tuple of variables')
        if names is not None:
            self.i += 1
            kind, text = self.peek()
            if kind != "str":
                self.fail('expected a quoted regular expression after "in"')
            self.i += 1
            regex = text[1:-1]
            parse_regex(regex, len(names))  # validate now
            return ("in", names, regex)
        left = self.term()
        if self.accept("%"):
            m = self.number("a modulus")
            if m < 1:
                self.fail("the modulus must be at least 1")
            if self.accept("="):
                op = "="
            elif self.accept("!="):
                op = "!="
            else:
                self.fail("expected = or != after the modulus")
            r = self.number("a residue")
            return ("mod", left, m, r, op)
        kind, value = self.peek()
        if kind == "op" and value in RELS:
            self.i += 1
            return ("cmp", value, left, self.term())
        self.fail("expected a comparison (= != < <= > >=)")

    def number(self, what: str) -> int:
        kind, value = self.peek()
        if kind != "num":
            self.fail(f"expected {what}")
        self.i += 1
        return int(value)

    # terms
    def term(self):
        t = self.sum()
        while self.accept("^"):
            t = ("xor", t, self.sum())
        return t

    def sum(self):
        t = self.prod()
        while self.accept("+"):
            t = ("add", t, self.prod())
        return t

    def prod(self):
        kind, value = self.peek()
        if kind == "num" and self.peek(1) == ("op", "*"):
            self.i += 2
            return ("mul", int(value), self.factor())
        f = self.factor()
        if self.accept("*"):
            return ("mul", self.number("a constant factor (only constant multiples are allowed)"),
                    f)
        return f

    def factor(self):
        kind, value = self.peek()
        if kind == "num":
            self.i += 1
            return ("num", int(value))
        if kind == "name" and value[0].islower() and value not in ("in", "true", "false"):
            self.i += 1
            return ("var", value)
        if self.accept("("):
            t = self.term()
            self.expect(")")
            return t
        self.fail("expected a number, a variable or a parenthesised term")


def parse(text: str):
    """The syntax tree of ``text`` (tuples); raises :class:`FormulaError`."""
    if not str(text).strip():
        raise FormulaError("the formula is empty")
    return Parser(str(text)).parse()


# ====================================================================== regular expressions
def parse_regex(text: str, width: int = 1):
    """Parse a regular expression over letters of ``width`` digits into a small tree."""
    pos = 0
    letters = [tuple((n >> (width - 1 - i)) & 1 for i in range(width)) for n in range(1 << width)]

    def any_letter():
        node = ("sym", letters[0])
        for letter in letters[1:]:
            node = ("alt", node, ("sym", letter))
        return node

    def alt():
        nonlocal pos
        node = cat()
        while pos < len(text) and text[pos] == "|":
            pos += 1
            node = ("alt", node, cat())
        return node

    def cat():
        nonlocal pos
        node = ("eps",)
        while pos < len(text) and text[pos] not in "|)":
            node = ("cat", node, star())
        return node

    def star():
        nonlocal pos
        node = atom()
        while pos < len(text) and text[pos] in "*+?":
            node = ({"*": "star", "+": "plus", "?": "opt"}[text[pos]], node)
            pos += 1
        return node

    def atom():
        nonlocal pos
        c = text[pos]
        if c == "(":
            pos += 1
            node = alt()
            if pos >= len(text) or text[pos] != ")":
                raise RegexError(f'regular expression "{text}": missing ")"')
            pos += 1
            return node
        if c in "01" and width == 1:
            pos += 1
            return ("sym", (int(c),))
        if c == "[":
            end = text.find("]", pos)
            body = text[pos + 1:end] if end > 0 else ""
            if end < 0 or len(body) != width or set(body) - {"0", "1"}:
                raise RegexError(f'regular expression "{text}": a letter is [d1...d{width}], '
                                   f"one digit 0 or 1 per variable")
            pos = end + 1
            return ("sym", tuple(int(d) for d in body))
        if c == ".":
            pos += 1
            return any_letter()
        if c == " ":
            pos += 1
            return ("eps",)
        raise RegexError(f'regular expression "{text}": {c!r} is not allowed (letters '
                           f'{"0 and 1" if width == 1 else "[..] of " + str(width) + " digits"}, '
                           "and | * + ? ( ) .)")

    tree = alt()
    if pos != len(text):
        raise RegexError(f'regular expression "{text}": unbalanced ")"')
    return tree


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


def regex_dfa(names: tuple[str, ...], text: str) -> DFA:
    """``names in "text"``: some zero-padding of the digits of ``names`` matches ``text``."""
    width = len(names)
    _, start, final, edges = regex_nfa(parse_regex(text, width))
    letters = [tuple((n >> i) & 1 for i in range(width)) for n in range(1 << width)]
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
    trans = np.array(table, dtype=np.int32)[:, am.letter_map(ordered, names)]
    return am.minimize(DFA(ordered, trans, np.array(accept)))


def zeckendorf_valid(name: str) -> DFA:
    """Words of ``name`` without two consecutive 1s."""
    trans = np.array([[0, 1], [0, 2], [2, 2]], dtype=np.int32)
    return DFA((name,), trans, np.array([True, True, False]))


def linear_dfa(coeffs: dict[str, int], const: int, kind: str, base: str, modulus: int = 0,
               limits: Limits = UNLIMITED) -> DFA:
    """``sum c_v v + const`` = 0 (``eq``), <= 0 (``le``) or = 0 mod ``modulus`` (``mod``).

    A state is the value of the digits read so far: base 2 - one integer ``s`` (the prefix is
    worth ``s * 2^i`` with ``i`` digits to come); Fibonacci - a pair ``(s, t)`` (worth
    ``s W_i + t W_(i-1)``, with W = 1, 2, 3, 5, ... and W_(-1) = 1).  States whose sign can no
    longer change (the remaining digits are worth at most ``2^i - 1``, resp. ``W_i - 1``, per
    variable) become two sinks; residues keep states mod ``modulus``.
    """
    names = tuple(sorted(v for v, c in coeffs.items() if c))
    am.check_tracks(len(names))
    c = np.array([coeffs[v] for v in names], dtype=np.int64)
    digits = am.letter_digits(len(names))
    e = digits @ c if len(names) else np.zeros(1, dtype=np.int64)
    values, e_index = np.unique(e, return_inverse=True)
    values = [int(x) for x in values]
    pos = int(c[c > 0].sum()) if len(names) else 0
    neg = int(-c[c < 0].sum()) if len(names) else 0
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


# ====================================================================== compiler
class Compiler:
    """Compiles syntax trees to automata in one numeration, with memoised subformulas."""

    def __init__(self, base: str = "2", limits: Limits | None = None):
        if base not in BASES:
            raise FormulaError(f"unknown numeration --base {base!r}; use 2 or fib")
        self.base = base
        self.limits = limits or Limits()
        self.memo: dict = {}
        self.fresh = _count(1)

    def valid(self, name: str) -> DFA:
        return zeckendorf_valid(name)

    def normalise(self, dfa: DFA) -> DFA:
        """In the Fibonacci numeration: the same language on valid words, nothing else.

        Only valid (Zeckendorf) words carry meaning; rejecting the others keeps automata small
        (an addition automaton otherwise tracks carries of invalid words too).  Conjunctions and
        projections of normalised automata stay normalised; the other operations are followed by
        this step.
        """
        for name in dfa.vars:
            dfa = am.product(dfa, self.valid(name), "and", self.limits)
        return dfa

    def compile(self, node) -> DFA:
        key = node
        if key in self.memo:
            return self.memo[key]
        dfa = self._compile(node)
        if self.base == "fib" and node[0] not in ("and", "E", "true", "false"):
            dfa = self.normalise(dfa)
        self.limits.check(dfa.n, "a subformula")
        self.limits.record(dfa)
        self.memo[key] = dfa
        return dfa

    def exists(self, name: str, dfa: DFA) -> DFA:
        if name not in dfa.vars:
            return dfa
        if self.base == "fib":
            dfa = am.product(dfa, self.valid(name), "and", self.limits)
        return am.project(dfa, name, self.limits)

    def _compile(self, node) -> DFA:
        kind = node[0]
        if kind == "true":
            return am.constant(True)
        if kind == "false":
            return am.constant(False)
        if kind == "not":
            return am.complement(self.compile(node[1]))
        if kind in ("and", "or", "implies", "iff"):
            return am.product(self.compile(node[1]), self.compile(node[2]), kind, self.limits)
        if kind == "E":
            return self.exists(node[1], self.compile(node[2]))
        if kind == "A":
            inner = am.complement(self.compile(node[2]))
            return am.complement(self.exists(node[1], inner))
        if kind == "in":
            return regex_dfa(node[1], node[2])
        if kind == "cmp":
            return self.comparison(node[1], node[2], node[3])
        if kind == "mod":
            _, term, m, r, op = node
            if r >= m:  # no residue mod m is that large
                dfa = am.constant(False)
            else:
                dfa = self.linear_atom(term, ("num", 0), "mod", m, r)
            return am.complement(dfa) if op == "!=" else dfa
        raise FormulaError(f"unknown formula node {kind}")

    def comparison(self, op: str, left, right) -> DFA:
        if op == "!=":
            return am.complement(self.linear_atom(left, right, "eq"))
        if op == "=":
            return self.linear_atom(left, right, "eq")
        if op == "<=":
            return self.linear_atom(left, right, "le")
        if op == "<":
            return self.linear_atom(left, ("add", right, ("num", -1)), "le")
        if op == ">=":
            return self.linear_atom(right, left, "le")
        return self.linear_atom(right, ("add", left, ("num", -1)), "le")

    def linear_atom(self, left, right, kind: str, modulus: int = 0, residue: int = 0) -> DFA:
        """``left - right`` = 0 / <= 0 / = residue mod modulus, xor subterms by fresh variables."""
        side: list[tuple[str, tuple, tuple]] = []  # (fresh var, a-term, b-term)
        lc, lk = self.linearise(left, side)
        rc, rk = self.linearise(right, side)
        coeffs = dict(lc)
        for v, c in rc.items():
            coeffs[v] = coeffs.get(v, 0) - c
        const = lk - rk - (residue if kind == "mod" else 0)
        dfa = linear_dfa(coeffs, const, kind, self.base, modulus, self.limits)
        if not side:
            return dfa
        fresh_names = []
        for w, a, b in side:
            fresh_names.append(w)
            dfa = am.product(dfa, self.xor_constraint(w, a, b, fresh_names), "and", self.limits)
        for w in reversed(fresh_names):
            dfa = am.project(dfa, w, self.limits)
        return dfa

    def xor_constraint(self, w: str, a: tuple, b: tuple, fresh_names: list[str]) -> DFA:
        names = []
        parts = []
        for term in (a, b):
            coeffs, k = term
            simple = [v for v, c in coeffs.items() if c]
            if k == 0 and len(simple) == 1 and coeffs[simple[0]] == 1:
                names.append(simple[0])
            else:
                t = f"#{next(self.fresh)}"
                fresh_names.append(t)
                names.append(t)
                eq = dict(coeffs)
                eq[t] = eq.get(t, 0) - 1
                parts.append(linear_dfa(eq, k, "eq", self.base, 0, self.limits))
        dfa = xor_dfa(w, names[0], names[1])
        for part in parts:
            dfa = am.product(dfa, part, "and", self.limits)
        return dfa

    def linearise(self, term, side) -> tuple[dict[str, int], int]:
        kind = term[0]
        if kind == "num":
            return {}, term[1]
        if kind == "var":
            return {term[1]: 1}, 0
        if kind == "add":
            a, ka = self.linearise(term[1], side)
            b, kb = self.linearise(term[2], side)
            out = dict(a)
            for v, c in b.items():
                out[v] = out.get(v, 0) + c
            return out, ka + kb
        if kind == "mul":
            a, ka = self.linearise(term[2], side)
            return {v: term[1] * c for v, c in a.items()}, term[1] * ka
        if kind == "xor":
            if self.base != "2":
                raise FormulaError("^ (bitwise xor) is only in the language of base 2; it is not "
                                   "Fibonacci-automatic: use --base 2, or write the condition "
                                   "without ^")
            w = f"#{next(self.fresh)}"
            side.append((w, self.linearise(term[1], side), self.linearise(term[2], side)))
            return {w: 1}, 0
        raise FormulaError(f"unknown term {kind}")


def compile_formula(text_or_tree, base: str = "2", limits: Limits | None = None,
                    compiler: Compiler | None = None) -> DFA:
    tree = parse(text_or_tree) if isinstance(text_or_tree, str) else text_or_tree
    compiler = compiler or Compiler(base, limits)
    return compiler.compile(tree)


# ====================================================================== plain evaluation
def free_vars(node) -> set[str]:
    kind = node[0]
    if kind in ("E", "A"):
        return free_vars(node[2]) - {node[1]}
    if kind == "var":
        return {node[1]}
    if kind == "in":
        return set(node[1])
    out: set[str] = set()
    for child in node[1:]:
        if isinstance(child, tuple):
            out |= free_vars(child)
    return out


def eval_term(term, env: dict[str, int]) -> int:
    kind = term[0]
    if kind == "num":
        return term[1]
    if kind == "var":
        return env[term[1]]
    if kind == "add":
        return eval_term(term[1], env) + eval_term(term[2], env)
    if kind == "mul":
        return term[1] * eval_term(term[2], env)
    return eval_term(term[1], env) ^ eval_term(term[2], env)


def evaluate(node, env: dict[str, int], base: str = "2", bound: int = 0) -> bool:
    """Plain truth of ``node`` under ``env``; quantifiers range over ``0..bound``."""
    kind = node[0]
    if kind == "true":
        return True
    if kind == "false":
        return False
    if kind == "not":
        return not evaluate(node[1], env, base, bound)
    if kind == "and":
        return evaluate(node[1], env, base, bound) and evaluate(node[2], env, base, bound)
    if kind == "or":
        return evaluate(node[1], env, base, bound) or evaluate(node[2], env, base, bound)
    if kind == "implies":
        return (not evaluate(node[1], env, base, bound)) or evaluate(node[2], env, base, bound)
    if kind == "iff":
        return evaluate(node[1], env, base, bound) == evaluate(node[2], env, base, bound)
    if kind in ("E", "A"):
        results = (evaluate(node[2], {**env, node[1]: v}, base, bound) for v in range(bound + 1))
        return any(results) if kind == "E" else all(results)
    if kind == "cmp":
        a, b = eval_term(node[2], env), eval_term(node[3], env)
        return {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
                ">=": a >= b}[node[1]]
    if kind == "mod":
        same = eval_term(node[1], env) % node[2] == node[3] % node[2] if node[3] < node[2] \
            else False
        return same if node[4] == "=" else not same
    if kind == "in":
        names, text = node[1], node[2]
        words = [am.encode(env[v], base) for v in names]
        width = max(len(w) for w in words)
        pattern = re.compile(_python_regex(text, len(names)))
        for k in range(2 * len(text) + 4):
            padded = [w.rjust(width + k, "0") for w in words]
            letters = "".join(chr(97 + int("".join(col), 2)) for col in zip(*padded)) \
                if width + k else ""
            if pattern.fullmatch(letters):
                return True
        return False
    raise ValueError(kind)


def _python_regex(text: str, width: int) -> str:
    """The regular expression over letters a, b, ... (letter = digits read as binary)."""
    out, i = [], 0
    text = text.replace(" ", "")
    while i < len(text):
        c = text[i]
        if c == "[":
            end = text.index("]", i)
            out.append(chr(97 + int(text[i + 1:end], 2)))
            i = end + 1
            continue
        if c in "01":
            out.append(chr(97 + int(c)))
        elif c == ".":
            out.append("[" + "".join(chr(97 + n) for n in range(1 << width)) + "]")
        else:
            out.append(c)
        i += 1
    return "".join(out)

"""The compiler of ``nimlab prove``'s formula language to automata.

The language itself (grammar, the meaning of ``in``, ``-``, ``$name(...)``, the depth limit) is
described in :mod:`nimlab.prove.syntax`; the atoms' automata are built in
:mod:`nimlab.prove.atoms`; plain evaluation is :mod:`nimlab.prove.evaluation`.  The names of
those rooms stay importable from here.

:class:`Compiler` turns a syntax tree into a :class:`~nimlab.prove.automata.DFA` whose tracks are
its free variables:

* atoms directly as deterministic automata: linear atoms (with xor of plain variables, digit by
  digit) by a carry automaton, ``%`` by residues, ``in`` by a regular-expression automaton,
  ``$name(x, y)`` by the saved automaton with its tracks renamed; only an xor of compound terms
  (``(x + 1) ^ y``), a constant larger than ``atoms.BIG_CONSTANT`` and a compound argument of an
  automaton atom bring in a fresh variable that is projected away again;
* connectives by products and complements (so a formula without quantifiers is a product of
  deterministic atoms), quantifiers by projection;
* before compiling, quantifiers are pushed inwards (*miniscoping*): ``E v. (f & g)`` with v not
  free in f becomes ``f & E v. g``, ``E v`` distributes over ``|``, ``A v`` over ``&``, and
  ``A v. (f | g)`` with v not free in f becomes ``f | A v. g``.  Each step is an equivalence
  over the naturals; projections then see fewer tracks.
"""

from __future__ import annotations

from itertools import count as _count
from typing import Mapping

from nimlab.prove import automata as am
from nimlab.prove.atoms import (BIG_CONSTANT, linear_dfa, regex_dfa, regex_nfa,  # noqa: F401
                                xor_dfa, zeckendorf_valid)
from nimlab.prove.automata import DFA, Limits, UNLIMITED  # noqa: F401
from nimlab.prove.evaluation import eval_term, evaluate  # noqa: F401
from nimlab.prove.library import AutomatonLibrary
from nimlab.prove.syntax import (FormulaError, Parser, RegexError, balanced,  # noqa: F401
                                 deep_recursion, free_vars, parse, parse_regex, tokenize)

#: The numerations of the first prover (any name of :mod:`nimlab.prove.numerations` works).
BASES = ("2", "fib")


# ====================================================================== miniscoping
def _flatten(op: str, node) -> list:
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if n[0] == op:
            stack.extend((n[2], n[1]))
        elif op == "or" and n[0] == "implies":
            stack.extend((n[2], ("not", n[1])))
        else:
            out.append(n)
    return out


def miniscope(node):
    """The same formula with quantifiers pushed inwards (see the module doc)."""
    kind = node[0]
    if kind in ("E", "A"):
        block, body = [node[1]], node[2]
        while body[0] == kind:  # a block of quantifiers of one kind: E v. E w. ...
            block.append(body[1])
            body = body[2]
        return _scope(kind, block, miniscope(body))
    if kind in ("not", "and", "or", "implies", "iff"):
        return (kind,) + tuple(miniscope(c) for c in node[1:])
    return node


def _scope(kind: str, block: list[str], body):
    """``kind v1. kind v2. ... body`` (body miniscoped) with each quantifier pushed inwards.

    Quantifiers of one kind commute, so the variable that occurs in the fewest conjuncts (of
    the disjuncts, for A) is placed innermost first (ties: the innermost as written)."""
    names: list[str] = []
    for v in reversed(block):  # innermost first; an outer repeat of a name binds nothing
        if v not in names:
            names.append(v)
    names = [v for v in names if v in free_vars(body)]
    if not names:
        return body
    spread, keep = ("or", "and") if kind == "E" else ("and", "or")
    parts = _flatten(spread, body)
    if len(parts) > 1:  # E over |, A over &
        return balanced(spread, [_scope(kind, list(reversed(names)), p) for p in parts])
    parts = _flatten(keep, body)
    counts = [sum(1 for p in parts if v in free_vars(p)) for v in names]
    v = names[counts.index(min(counts))]
    inside = [p for p in parts if v in free_vars(p)]
    outside = [p for p in parts if v not in free_vars(p)]
    scoped = (kind, v, balanced(keep, inside))
    rest = [w for w in reversed(names) if w != v]
    if not outside:
        return _scope(kind, rest, scoped) if rest else scoped
    return _scope(kind, rest, balanced(keep, outside + [scoped])) if rest else \
        balanced(keep, outside + [scoped])


# ====================================================================== compiler
class Compiler:
    """Compiles syntax trees to automata in one numeration, with memoised subformulas.

    ``automata``: saved automata for ``$name(...)`` atoms, name -> (DFA, base), looked up before
    the directories of ``$NIMLAB_AUTOMATA`` and the current directory
    (:class:`~nimlab.prove.library.AutomatonLibrary`).
    """

    def __init__(self, base: str = "2", limits: Limits | None = None,
                 automata: Mapping[str, tuple[DFA, str]] | None = None):
        from nimlab.prove.numerations import NumerationError, get
        try:
            self.numeration = get(base)
        except NumerationError as e:
            raise FormulaError(f"--base: {e}") from None
        self.base = self.numeration.name
        self.radix = self.numeration.radix
        #: only valid words carry meaning: automata are restricted to them (not in bases)
        self.restricted = not self.numeration.all_valid
        self.limits = limits or Limits()
        self.memo: dict = {}
        self.fresh = _count(1)
        self.library = automata if isinstance(automata, AutomatonLibrary) else \
            AutomatonLibrary(automata)
        self.miniscoping = True  # False: compile trees as written (for measurements)

    def valid(self, name: str) -> DFA:
        if self.base == "fib":
            return zeckendorf_valid(name)
        return self.numeration.valid(name, self.limits)

    def normalise(self, dfa: DFA) -> DFA:
        """In a numeration with invalid words (Fibonacci, ...): the same language on valid
        words, nothing else.

        Only valid (Zeckendorf) words carry meaning; rejecting the others keeps automata small
        (an addition automaton otherwise tracks carries of invalid words too).  Conjunctions and
        projections of normalised automata stay normalised; the other operations are followed by
        this step.
        """
        for name in dfa.vars:
            dfa = am.product(dfa, self.valid(name), "and", self.limits)
        return dfa

    def compile(self, node) -> DFA:
        """The automaton of ``node`` (quantifiers pushed inwards first)."""
        with deep_recursion():
            return self._memo(miniscope(node) if self.miniscoping else node)

    def _memo(self, node) -> DFA:
        key = node
        if key in self.memo:
            return self.memo[key]
        dfa = self._compile(node)
        if self.restricted and node[0] not in ("and", "E", "true", "false"):
            dfa = self.normalise(dfa)
        self.limits.check(dfa.n, "a subformula")
        self.limits.record(dfa)
        self.memo[key] = dfa
        return dfa

    def exists(self, name: str, dfa: DFA) -> DFA:
        if name not in dfa.vars:
            return dfa
        if self.restricted:
            dfa = am.product(dfa, self.valid(name), "and", self.limits)
        return am.project(dfa, name, self.limits)

    def _compile(self, node) -> DFA:
        kind = node[0]
        if kind == "true":
            return am.constant(True, self.radix)
        if kind == "false":
            return am.constant(False, self.radix)
        if kind == "not":
            return am.complement(self._memo(node[1]))
        if kind in ("and", "or", "implies", "iff"):
            return am.product(self._memo(node[1]), self._memo(node[2]), kind, self.limits)
        if kind == "E":
            return self.exists(node[1], self._memo(node[2]))
        if kind == "A":
            inner = am.complement(self._memo(node[2]))
            return am.complement(self.exists(node[1], inner))
        if kind == "in":
            return regex_dfa(node[1], node[2], self.radix)
        if kind == "cmp":
            return self.comparison(node[1], node[2], node[3])
        if kind == "mod":
            _, term, m, r, op = node
            if r >= m:  # no residue mod m is that large
                return self.linear_atom(term, ("num", 0), "never", negate=op == "!=")
            return self.linear_atom(term, ("num", 0), "mod", m, r, negate=op == "!=")
        if kind == "auto":
            return self.automaton_atom(node[1], node[2:])
        raise FormulaError(f"unknown formula node {kind}")

    def automaton_atom(self, name: str, args: tuple) -> DFA:
        dfa, base = self.library.get(name)
        if len(args) != len(dfa.vars):
            raise FormulaError(f"${name} reads {len(dfa.vars)} number"
                               f"{'s' if len(dfa.vars) != 1 else ''}, not {len(args)}: write "
                               f"${name}({', '.join(f'x{i + 1}' for i in range(len(dfa.vars)))})")
        if dfa.vars and base != self.base:
            raise FormulaError(f"${name} reads numbers in base {base} (msd_{base}), but this "
                               f"proof reads them in base {self.base}: use --base {base} or an "
                               "automaton of the same numeration")
        mapping: dict[str, str] = {}
        bound = []  # fresh tracks t with an equation t = argument
        for track, arg in zip(dfa.vars, args):
            if arg[0] == "var" and arg[1] not in mapping.values():
                mapping[track] = arg[1]
            else:
                fresh = f"#{next(self.fresh)}"
                mapping[track] = fresh
                bound.append((fresh, arg))
        out = am.rename(dfa, mapping)
        if self.restricted and bound:  # valid words only before the products
            out = self.normalise(out)
        for fresh, arg in bound:  # each equation compiled as an atom (normalised, memoised)
            out = am.product(out, self._memo(("cmp", "=", ("var", fresh), arg)), "and",
                             self.limits)
        for fresh, _ in reversed(bound):
            out = self.exists(fresh, out)
        return out

    def comparison(self, op: str, left, right) -> DFA:
        if op == "!=":
            return self.linear_atom(left, right, "eq", negate=True)
        if op == "=":
            return self.linear_atom(left, right, "eq")
        if op == "<=":
            return self.linear_atom(left, right, "le")
        if op == "<":
            return self.linear_atom(left, ("add", right, ("num", -1)), "le")
        if op == ">=":
            return self.linear_atom(right, left, "le")
        return self.linear_atom(right, ("add", left, ("num", -1)), "le")

    def linear_atom(self, left, right, kind: str, modulus: int = 0, residue: int = 0,
                    negate: bool = False) -> DFA:
        """``left - right`` = 0 / <= 0 / = residue mod modulus (``never``: false), negated if
        asked, and false wherever a subtraction inside is undefined."""
        side: list[tuple[str, tuple, tuple]] = []  # (fresh var, a-form, b-form): var = a ^ b
        conds: list[tuple] = []  # linear forms that must be >= 0 (subtractions)
        lc, lk, lx = self.linearise(left, side, conds)
        rc, rk, rx = self.linearise(right, side, conds)
        coeffs = dict(lc)
        for v, c in rc.items():
            coeffs[v] = coeffs.get(v, 0) - c
        xors = tuple(lx) + tuple((-e, names) for e, names in rx)
        if kind == "never":
            dfa = am.constant(False, self.radix)
        else:
            const = lk - rk - (residue if kind == "mod" else 0)
            dfa = linear_dfa(coeffs, const, kind, self.base, modulus, self.limits, xors)
        if negate:
            dfa = am.complement(dfa)
        for c, k, x in conds:  # c.v + k + x >= 0, i.e. -(...) <= 0
            defined = linear_dfa({v: -a for v, a in c.items()}, -k, "le", self.base, 0,
                                 self.limits, tuple((-e, names) for e, names in x))
            dfa = am.product(dfa, defined, "and", self.limits)
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
            coeffs, k, xors = term
            simple = [v for v, c in coeffs.items() if c]
            if k == 0 and not xors and len(simple) == 1 and coeffs[simple[0]] == 1:
                names.append(simple[0])
            else:
                t = f"#{next(self.fresh)}"
                fresh_names.append(t)
                names.append(t)
                eq = dict(coeffs)
                eq[t] = eq.get(t, 0) - 1
                parts.append(linear_dfa(eq, k, "eq", self.base, 0, self.limits, xors))
        dfa = xor_dfa(w, names[0], names[1])
        for part in parts:
            dfa = am.product(dfa, part, "and", self.limits)
        return dfa

    def linearise(self, term, side, conds) -> tuple[dict[str, int], int, list]:
        """(coefficients, constant, xors) of a term: sum c_v v + k + sum e (x1 ^ x2 ^ ...)."""
        kind = term[0]
        if kind == "num":
            return {}, term[1], []
        if kind == "var":
            return {term[1]: 1}, 0, []
        if kind in ("add", "sub"):
            a, ka, xa = self.linearise(term[1], side, conds)
            b, kb, xb = self.linearise(term[2], side, conds)
            sign = 1 if kind == "add" else -1
            out = dict(a)
            for v, c in b.items():
                out[v] = out.get(v, 0) + sign * c
            if kind == "sub":  # defined where a - b >= 0
                conds.append((out, ka - kb, xa + [(-e, n) for e, n in xb]))
            return out, ka + sign * kb, xa + [(sign * e, n) for e, n in xb]
        if kind == "mul":
            a, ka, xa = self.linearise(term[2], side, conds)
            c = term[1]
            return {v: c * x for v, x in a.items()}, c * ka, [(c * e, n) for e, n in xa]
        if kind == "xor":
            if self.base != "2":
                raise FormulaError(f"^ (bitwise xor) is only in the language of base 2; it is "
                                   f"not automatic in numeration {self.base} (its digits are "
                                   "not bits): use --base 2, or write the condition without ^")
            plain = _xor_leaves(term)
            if plain is not None:  # digit by digit: a letter value of the carry automaton
                return {}, 0, [(1, plain)] if plain else []
            w = f"#{next(self.fresh)}"
            side.append((w, self.linearise(term[1], side, conds),
                         self.linearise(term[2], side, conds)))
            return {w: 1}, 0, []
        raise FormulaError(f"unknown term {kind}")


def _xor_leaves(term) -> tuple[str, ...] | None:
    """The variables of an xor of plain variables (each kept once per odd count), else None."""
    odd: set[str] = set()
    stack = [term]
    while stack:
        t = stack.pop()
        if t[0] == "xor":
            stack.extend((t[1], t[2]))
        elif t[0] == "var":
            odd ^= {t[1]}
        else:
            return None
    return tuple(sorted(odd))


def compile_formula(text_or_tree, base: str = "2", limits: Limits | None = None,
                    compiler: Compiler | None = None,
                    automata: Mapping[str, tuple[DFA, str]] | None = None) -> DFA:
    tree = parse(text_or_tree) if isinstance(text_or_tree, str) else text_or_tree
    compiler = compiler or Compiler(base, limits, automata)
    return compiler.compile(tree)

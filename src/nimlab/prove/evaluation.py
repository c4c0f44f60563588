"""Plain evaluation of formulas at given numbers (the tests' reference and the fast refutation).

:func:`evaluate` computes the truth of a syntax tree under an assignment of the free variables.
Quantifiers range over ``0..bound`` (exact only when the witnesses are known to be that small)
unless ``exact`` is given, and then every quantifier is exact:

* a quantifier *bounded at these numbers* (``E v. v <= t & ...``, ``A v. v < t => ...``, the
  bound term ``t`` without ``v`` and with all its variables assigned) tries the finitely many
  values ``0..t`` (:func:`bound_of`); past ``t`` the guard is false, so nothing is left out;
* any other quantifier: ``exact`` returns the automaton of the quantified subformula, which is
  then run on the numbers.

``deadline`` (a :func:`time.monotonic` time) ends a long trial of values with
:class:`~nimlab.prove.automata.Paused`.  Automaton atoms ``$name(...)`` run the automaton of
``automata(name)``.  A subtraction ``x - y`` with x < y makes its atom false.
"""

from __future__ import annotations

import re
import time
from typing import Callable, NamedTuple

from nimlab.prove import automata as am
from nimlab.prove.syntax import deep_recursion, free_vars


class Undefined(Exception):
    """A subtraction x - y with x < y inside a term."""


def eval_term(term, env: dict[str, int]) -> int:
    """The value of a term (raises :class:`Undefined` for a subtraction below zero)."""
    kind = term[0]
    if kind == "num":
        return term[1]
    if kind == "var":
        return env[term[1]]
    if kind == "add":
        return eval_term(term[1], env) + eval_term(term[2], env)
    if kind == "sub":
        a, b = eval_term(term[1], env), eval_term(term[2], env)
        if a < b:
            raise Undefined
        return a - b
    if kind == "mul":
        return term[1] * eval_term(term[2], env)
    return eval_term(term[1], env) ^ eval_term(term[2], env)


class _How(NamedTuple):
    """How quantifiers and automaton atoms are read (the arguments of :func:`evaluate`)."""

    base: str
    bound: int
    automata: Callable | None
    exact: Callable | None
    deadline: float | None


def evaluate(node, env: dict[str, int], base: str = "2", bound: int = 0,
             automata: Callable | None = None, exact: Callable | None = None,
             deadline: float | None = None) -> bool:
    """Plain truth of ``node`` under ``env``; quantifiers range over ``0..bound`` (see above)."""
    with deep_recursion():
        return _evaluate(node, env, _How(base, bound, automata, exact, deadline))


def bound_of(node, env: dict[str, int]) -> int | None:
    """The largest value the variable of the quantifier ``node`` can usefully take at ``env``
    (-1: none), or None when the quantifier is not bounded there.

    ``E v. ... & v <= t & ...``: a value past t makes the conjunction false; ``A v. (... & v <= t
    & ...) => ...`` (or ``~(...) | ...``): a value past t makes the implication true.  The
    comparisons read ``v <= t``, ``v < t``, ``v = t``, ``t >= v``, ``t > v`` or ``t = v``, with
    every variable of t in ``env`` and not v itself; an undefined t (a subtraction below zero)
    makes the comparison false for every v.
    """
    kind, v, body = node
    if kind == "E":
        guard = body
    elif body[0] == "implies":
        guard = body[1]
    elif body[0] == "or" and body[1][0] == "not":
        guard = body[1][1]
    else:
        return None
    conjuncts, found = [guard], None
    while conjuncts:
        c = conjuncts.pop()
        if c[0] == "and":
            conjuncts += [c[1], c[2]]
            continue
        if c[0] != "cmp":
            continue
        _, op, left, right = c
        if left == ("var", v) and op in ("<=", "<", "="):
            term, strict = right, op == "<"
        elif right == ("var", v) and op in (">=", ">", "="):
            term, strict = left, op == ">"
        else:
            continue
        names = free_vars(term)
        if v in names or not names <= env.keys():
            continue
        try:
            top = eval_term(term, env) - strict
        except Undefined:
            top = -1
        found = top if found is None else min(found, top)
    return found


def _evaluate(node, env, how: _How) -> bool:
    kind = node[0]
    if kind == "true":
        return True
    if kind == "false":
        return False
    if kind == "not":
        return not _evaluate(node[1], env, how)
    if kind == "and":
        return _evaluate(node[1], env, how) and _evaluate(node[2], env, how)
    if kind == "or":
        return _evaluate(node[1], env, how) or _evaluate(node[2], env, how)
    if kind == "implies":
        return (not _evaluate(node[1], env, how)) or _evaluate(node[2], env, how)
    if kind == "iff":
        return _evaluate(node[1], env, how) == _evaluate(node[2], env, how)
    if kind in ("E", "A"):
        return _quantifier(node, env, how)
    try:
        if kind == "cmp":
            a, b = eval_term(node[2], env), eval_term(node[3], env)
            return {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
                    ">=": a >= b}[node[1]]
        if kind == "mod":
            value = eval_term(node[1], env)
            same = node[3] < node[2] and value % node[2] == node[3]
            return same if node[4] == "=" else not same
        if kind == "auto":
            if how.automata is None:
                raise ValueError(f"no automaton for ${node[1]}")
            dfa = how.automata(node[1])
            values = [eval_term(t, env) for t in node[2:]]
            return dfa.run(dict(zip(dfa.vars, values)), base=how.base)
    except Undefined:
        return False
    if kind == "in":
        return _matches(node[1], node[2], env, how.base)
    raise ValueError(kind)


def _quantifier(node, env, how: _How) -> bool:
    kind, v, body = node
    top = None
    if how.exact is not None:
        top = bound_of(node, env)
        if top is None:  # not bounded here: the subformula's automaton
            dfa = how.exact(node)
            return dfa.run({w: env[w] for w in dfa.vars}, base=how.base)
    values = range((how.bound if top is None else top) + 1)
    for value in values:  # E: the first true body decides; A: the first false one
        if how.deadline is not None and time.monotonic() > how.deadline:
            raise am.Paused("trying the values of a bounded quantifier")
        if _evaluate(body, {**env, v: value}, how) == (kind == "E"):
            return kind == "E"
    return kind == "A"


def _matches(names, text: str, env, base: str) -> bool:
    radix = 2 if base in ("2", "fib") else _radix(base)
    words = [am.encode(env[v], base) for v in names]
    width = max(len(w) for w in words)
    pattern = re.compile(_python_regex(text, len(names), radix))
    for k in range(2 * len(text) + 4):
        padded = [w.rjust(width + k, "0") for w in words]
        letters = "".join(_letter(int("".join(col), radix)) for col in zip(*padded)) \
            if width + k else ""
        if pattern.fullmatch(letters):
            return True
    return False


def _radix(base: str) -> int:
    from nimlab.prove.numerations import get
    return get(base).radix


def _letter(n: int) -> str:
    """A letter (a tuple of digits read as a number) as one character of a Python regex."""
    return chr(0x4E00 + n)  # a block of letters no regex syntax uses


def _python_regex(text: str, width: int, radix: int = 2) -> str:
    """The regular expression over one character per letter (letter = digits read in base
    ``radix``, the first variable's digit most significant)."""
    out, i = [], 0
    text = text.replace(" ", "").lower()
    while i < len(text):
        c = text[i]
        if c == "[":
            end = text.index("]", i)
            out.append(_letter(int(text[i + 1:end], radix)))
            i = end + 1
            continue
        if c in "0123456789abcdef":
            out.append(_letter(int(c, radix)))
        elif c == ".":
            out.append("[" + "".join(_letter(n) for n in range(radix ** width)) + "]")
        else:
            out.append(c)
        i += 1
    return "".join(out)

"""Plain evaluation of formulas at given numbers (the tests' reference and the fast refutation).

:func:`evaluate` computes the truth of a syntax tree under an assignment of the free variables.
Quantifiers range over ``0..bound`` (exact only when the witnesses are known to be that small)
unless ``exact`` is given: a function that returns the automaton of a quantified subformula,
which is then run on the numbers (exact).  Automaton atoms ``$name(...)`` run the automaton of
``automata(name)``.  A subtraction ``x - y`` with x < y makes its atom false.
"""

from __future__ import annotations

import re
from typing import Callable

from nimlab.prove import automata as am
from nimlab.prove.syntax import deep_recursion


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


def evaluate(node, env: dict[str, int], base: str = "2", bound: int = 0,
             automata: Callable | None = None, exact: Callable | None = None) -> bool:
    """Plain truth of ``node`` under ``env``; quantifiers range over ``0..bound`` (see above)."""
    with deep_recursion():
        return _evaluate(node, env, base, bound, automata, exact)


def _evaluate(node, env, base, bound, automata, exact) -> bool:
    kind = node[0]
    rec = _evaluate
    if kind == "true":
        return True
    if kind == "false":
        return False
    if kind == "not":
        return not rec(node[1], env, base, bound, automata, exact)
    if kind == "and":
        return rec(node[1], env, base, bound, automata, exact) and \
            rec(node[2], env, base, bound, automata, exact)
    if kind == "or":
        return rec(node[1], env, base, bound, automata, exact) or \
            rec(node[2], env, base, bound, automata, exact)
    if kind == "implies":
        return (not rec(node[1], env, base, bound, automata, exact)) or \
            rec(node[2], env, base, bound, automata, exact)
    if kind == "iff":
        return rec(node[1], env, base, bound, automata, exact) == \
            rec(node[2], env, base, bound, automata, exact)
    if kind in ("E", "A"):
        if exact is not None:
            dfa = exact(node)
            return dfa.run({v: env[v] for v in dfa.vars}, base=base)
        results = (rec(node[2], {**env, node[1]: v}, base, bound, automata, exact)
                   for v in range(bound + 1))
        return any(results) if kind == "E" else all(results)
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
            if automata is None:
                raise ValueError(f"no automaton for ${node[1]}")
            dfa = automata(node[1])
            values = [eval_term(t, env) for t in node[2:]]
            return dfa.run(dict(zip(dfa.vars, values)), base=base)
    except Undefined:
        return False
    if kind == "in":
        return _matches(node[1], node[2], env, base)
    raise ValueError(kind)


def _matches(names, text: str, env, base: str) -> bool:
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

"""Proofs about games for all positions: conditions as formulas, decided by automata.

``prove_p_positions(game, F)`` decides whether the formula F over the position variables is
exactly the set of P-positions.  By induction on the (finite, acyclic) game that holds iff

1. no move joins two positions of F;
2. every position outside F that has a move has a move into F;
3. every terminal position (no move) is in F.

``prove_value(game, G, F, given)`` decides whether F is the set of positions of value G, given
the sets of values 0..G-1 (an option of every smaller value from F, no move inside F, a move into
F from every position of none of the values 0..G, and F disjoint from the given sets).

Each failing condition is an automaton over the position variables; the answer ``disproven``
names the smallest counterexample: least sum of the position numbers, then lexicographically
least, with the condition that fails there (and a move that shows it, for condition 1).

Two more kinds serve the registered claims: ``sentence`` (a formula true at every position) and
``p-subset`` (every move from a position of S can be answered by a move back into S, so S holds
only P-positions), ``n-set`` (every position of S has a move into T, and T is a p-subset, so S
holds only N-positions) and ``independent`` (no move joins two positions of S).
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any, Mapping

from nimlab.errors import InputError
from nimlab.progress import Progress, quiet
from nimlab.prove import automata as am
from nimlab.prove.games import GameFormula
from nimlab.prove.linear import NumerationError
from nimlab.prove.logic import Compiler, FormulaError, free_vars, linear_dfa, parse
from nimlab.prove.refute import AUTOMATA_FIRST
from nimlab.prove.syntax import automaton_names

#: Changes whenever a change of the procedure could change an answer; part of a record's key.
PROCEDURE_VERSION = "prove-2"  # prove-1 could wrap big coefficients: its records are not read

KINDS = ("p-positions", "value", "sentence", "p-subset", "n-set", "independent")


def rename(node, mapping: dict[str, str]):
    """Substitute free variables of a syntax tree (bound variables are left alone)."""
    kind = node[0]
    if kind in ("E", "A"):
        inner = {k: v for k, v in mapping.items() if k != node[1]}
        return (kind, node[1], rename(node[2], inner))
    if kind == "var":
        return ("var", mapping.get(node[1], node[1]))
    if kind == "in":
        return ("in", tuple(mapping.get(v, v) for v in node[1]), node[2])
    return (kind,) + tuple(rename(c, mapping) if isinstance(c, tuple) else c for c in node[1:])


def substitute(node, values: dict[str, int]):
    """The tree with the free variables of ``values`` replaced by numbers in terms (``in``
    atoms keep their variables: pin them with equations)."""
    kind = node[0]
    if kind in ("E", "A"):
        inner = {k: v for k, v in values.items() if k != node[1]}
        return (kind, node[1], substitute(node[2], inner))
    if kind == "var":
        return ("num", values[node[1]]) if node[1] in values else node
    if kind == "in":
        return node
    return (kind,) + tuple(substitute(c, values) if isinstance(c, tuple) else c
                           for c in node[1:])


def conj(*parts):
    out = parts[0]
    for p in parts[1:]:
        out = ("and", out, p)
    return out


def neg(f):
    return ("not", f)


def exists(names, f):
    for n in reversed(names):
        f = ("E", n, f)
    return f


def disj(parts):
    if not parts:
        return ("false",)
    out = parts[0]
    for p in parts[1:]:
        out = ("or", out, p)
    return out


class Prover:
    """The formulas of one game, compiled on demand with one budget."""

    def __init__(self, game: GameFormula, max_states: int = 200_000, time_limit: float = 600.0,
                 progress: Progress = quiet,
                 automata: Mapping[str, tuple[am.DFA, str]] | None = None,
                 refute: bool = True, automata_first: float = AUTOMATA_FIRST):
        self.game = game
        self.automata_first = automata_first
        self.progress = progress
        self.limits = am.Limits(max_states=max_states, time_limit=time_limit)
        self.limits.tick = lambda built: progress(built, 0) if built % 16 == 0 else None
        self.compiler = Compiler(game.base, self.limits, automata)
        self.refute = refute
        self.names = game.names
        self.q = game.next_names
        self.r = tuple(n + "'" for n in self.q)
        move = parse(game.move)
        self.move = rename(move, dict(zip(game.template_next, self.q)))
        self.move_qr = rename(self.move, {**dict(zip(self.names, self.q)),
                                          **dict(zip(self.q, self.r))})
        self.domain = parse(game.domain)
        self.sizes: dict[str, int] = {}

    # ----------------------------------------------------------- formulas
    def automaton_digests(self, texts: list[str]) -> dict[str, str]:
        """Content hashes of the saved automata the texts use (a parse error waits for read)."""
        names: set[str] = set()
        for text in texts:
            if "$" in text:
                try:
                    names |= automaton_names(parse(text.replace("MOVE", "true")))
                except FormulaError:
                    continue
        return {name: self.compiler.library.digest(name) for name in sorted(names)}

    def read(self, text: str, what: str = "formula"):
        if "MOVE" in text:
            # MOVE: the move relation from (p1, ..) to (q1, ..) (y for x), bound by the formula
            text = text.replace("MOVE", f"({self.game.move})")
        tree = parse(text)
        unknown = sorted(free_vars(tree) - set(self.names))
        if unknown:
            raise FormulaError(f"the {what} {text!r} uses {', '.join(unknown)}, which is not a "
                               f"position variable of {self.game.describe()} (its position is "
                               f"{','.join(self.names)}); bind it with E or A")
        return tree

    def at_next(self, tree):
        return rename(tree, dict(zip(self.names, self.q)))

    def at_next2(self, tree):
        return rename(tree, dict(zip(self.names, self.r)))

    def move_into(self, tree):
        """E q. M(p, q) & tree(q)."""
        return exists(self.q, conj(self.move, self.at_next(tree)))

    def has_move(self):
        return exists(self.q, self.move)

    def compile(self, tree, label: str | None = None) -> am.DFA:
        dfa = self.compiler.compile(tree)
        if label:
            self.sizes[label] = dfa.n
        return dfa

    # ----------------------------------------------------------- searching
    def restrict(self, dfa: am.DFA) -> am.DFA:
        """Over all position variables, valid words only (in a numeration with invalid words,
        such as Zeckendorf)."""
        dfa = am.extend(dfa, tuple(sorted(set(dfa.vars) | set(self.names))))
        if self.compiler.restricted:
            for n in self.names:
                dfa = am.product(dfa, self.compiler.valid(n), "and", self.limits)
        return dfa

    def smallest(self, dfa: am.DFA, names: tuple[str, ...] | None = None) -> tuple | None:
        """The accepted tuple of least sum, then lexicographically least (None if empty)."""
        names = names or self.names
        dfa = am.extend(dfa, tuple(sorted(set(dfa.vars) | set(names))))
        if self.compiler.restricted:
            for n in names:
                dfa = am.product(dfa, self.compiler.valid(n), "and", self.limits)
        if dfa.is_empty():
            return None
        base = self.compiler.base
        try:
            return am.min_tuple(dfa, names, base)
        except ValueError:  # past 60 digits: by projections onto a sum track
            pass
        total = "#sum"
        summed = am.product(dfa, linear_dfa({**{n: 1 for n in names}, total: -1}, 0, "eq", base,
                                            0, self.limits), "and", self.limits)
        for n in names:
            summed = am.project(summed, n, self.limits)
        if self.compiler.restricted:
            summed = am.product(summed, self.compiler.valid(total), "and", self.limits)
        s0 = am.min_single(am.extend(summed, (total,)), base)
        fixed = am.product(dfa, linear_dfa({n: 1 for n in names}, -s0, "eq", base, 0,
                                           self.limits), "and", self.limits)
        values = []
        for i, n in enumerate(names):
            part = fixed
            for other in names[i + 1:]:
                part = am.project(part, other, self.limits)
            for prev, v in zip(names[:i], values):
                part = am.product(part, linear_dfa({prev: 1}, -v, "eq", base, 0, self.limits),
                                  "and", self.limits)
                part = am.project(part, prev, self.limits)
            v = am.min_single(am.extend(part, (n,)), base)
            values.append(v)
            fixed = am.product(fixed, linear_dfa({n: 1}, -v, "eq", base, 0, self.limits), "and",
                               self.limits)
        return tuple(values)

    def at(self, position: tuple) -> dict[str, int]:
        return dict(zip(self.names, position))

    def fix(self, position: tuple):
        return conj(*[("cmp", "=", ("var", n), ("num", v)) for n, v in zip(self.names,
                                                                           position)])

    def holds_at(self, position: tuple, tree) -> bool:
        """Whether ``tree`` (over the position variables) holds at ``position``, by automata
        on the tree with the position's numbers substituted."""
        dfa = self.compile(conj(self.fix(position), substitute(tree, self.at(position))))
        return not dfa.is_empty()

    def witness(self, position: tuple, tree_over_next) -> tuple | None:
        """The least next position q with M(position, q) & tree(q)."""
        dfa = self.compile(conj(self.fix(position), substitute(self.move, self.at(position)),
                                tree_over_next))
        for n in self.names:
            dfa = self.compiler.exists(n, dfa)
        return self.smallest(dfa, self.q)

    def by_move(self, bad, witness_tree, move: tuple):
        """A tree that implies ``bad`` at a position: the move to ``move`` as its witness.

        ``bad`` = ``A & E q. M(p, q) & W`` (W = ``witness_tree``) becomes ``A & M(p, m) & W``
        with the numbers of m for q, so no automaton reads q (W at every next position may be
        large; at one it is small).  Any other shape gets ``bad & E q. M & q = m & W``."""
        pinned = self.at_next(self.fix(move))
        if bad[0] == "and" and bad[2] == exists(self.q, conj(self.move, witness_tree)):
            values = dict(zip(self.q, move))
            return conj(bad[1], pinned, substitute(conj(self.move, witness_tree), values))
        return conj(bad, exists(self.q, conj(self.move, pinned, witness_tree)))

    # ----------------------------------------------------------- proofs
    def box_search(self, conditions, kind: str, sets: dict):
        """The smallest counterexample found on a box and confirmed by automata, or None."""
        from nimlab.prove.refute import BoxSearch, checks_for

        search = BoxSearch(self, self.limits.time_limit)
        found = search.first(checks_for(kind, search, [c[0] for c in conditions], sets))
        if found is None:
            return None
        where, labels, move = found
        by_label = {c[0]: c for c in conditions}
        shows = None  # the condition the move shows (the first failing one with a witness)
        if move is not None:
            shows = next(lb for lb in labels if by_label[lb][2] is not None)
        try:
            for label in labels:  # each failing condition, confirmed at the position by automata
                _, bad, witness_tree = by_label[label]
                if label == shows:
                    bad = self.by_move(bad, witness_tree, move)
                if not self.holds_at(where, conj(self.domain, bad)):
                    return None
        except (am.Budget, NumerationError):  # not confirmed within the budget (or not by
            return None  # automata at all): the automata have the last word
        return [(where, label, by_label[label][2], move if label == shows else None)
                for label in labels]

    def automata(self, conditions, first=None) -> list:
        """The least counterexample of each condition, by automata."""
        for tree, label in first or ():
            self.compile(tree, label)
        failures = []
        for k, (label, bad, witness_tree) in enumerate(conditions):
            self.progress(k, len(conditions))
            dfa = self.restrict(self.compile(conj(self.domain, bad), f"condition {k + 1}"))
            if dfa.is_empty():
                continue
            failures.append((self.smallest(dfa), label, witness_tree, None))
        return failures

    def automata_within(self, seconds: float, conditions, first=None) -> list | None:
        """:meth:`automata` if they finish within ``seconds`` and the budget, else None (what
        they built meanwhile stays memoised)."""
        if seconds <= 0:
            return None
        self.limits.pause_at = time.monotonic() + seconds
        try:
            return self.automata(conditions, first)
        except (am.Paused, am.Budget, NumerationError):  # a numeration whose automata are not
            return None  # finite (not Pisot): the box search still looks for a counterexample
        finally:
            self.limits.pause_at = None

    def decide(self, conditions: list[tuple[str, Any, Any]], kind: str = "",
               sets: dict | None = None, first: list | None = None) -> dict:
        """Each condition: (name, tree of its counterexamples, tree for a witness move or None).

        With ``kind`` and ``sets`` (the trees of the statement), the automata get a short head
        start (:data:`~nimlab.prove.refute.AUTOMATA_FIRST`; an easy statement ends there), then
        a box search looks for the smallest counterexample (:mod:`nimlab.prove.refute`; also
        when the head start reached the state cap, so no refusal comes before it), then the
        automata finish what they began (what they built is kept)."""
        started = time.monotonic()
        trees = [t for v in (sets or {}).values() for t in (v if isinstance(v, list) else [v])]
        about_positions = any(set(self.names) & free_vars(t) for t in trees)
        failures = None
        found_by = "automata"
        if self.refute and kind and about_positions:  # a closed statement has nothing to scan
            failures = self.automata_within(self.automata_first, conditions, first)
            if failures is None:
                failures = self.box_search(conditions, kind, sets or {})
                found_by = "box search" if failures else "automata"
        if failures is None:
            failures = self.automata(conditions, first)
        self.progress(len(conditions), len(conditions))
        result: dict[str, Any] = {"game": self.game.describe(), "variables": list(self.names),
                                  "base": self.game.base}
        if not failures:
            result.update(status="proven", counterexample=None)
        else:
            order = min(failures, key=lambda f: (sum(f[0]), f[0]))[0]
            failing = [f for f in failures if f[0] == order]
            example: dict[str, Any] = {"position": list(order),
                                       "conditions": [f[1] for f in failing]}
            for f in failing:
                if f[2] is not None:
                    move = f[3] if f[3] is not None else self.witness(order, f[2])
                    if move is not None:
                        example["move_to"] = list(move)
                        break
            if self.game.note:
                example["note"] = self.game.note
            result.update(status="disproven", counterexample=example)
        result["found_by"] = found_by if failures else "automata"
        result["sizes"] = dict(self.sizes, largest=self.limits.largest,
                               automata=self.limits.built)
        result["seconds"] = round(time.monotonic() - self.limits.started, 3)
        result["decide_seconds"] = round(time.monotonic() - started, 3)
        return result

    def p_positions(self, text: str) -> dict:
        P = self.read(text)
        into = self.move_into(P)
        conditions = [
            ("a move joins two positions of the set", conj(P, into), self.at_next(P)),
            ("a position outside the set has moves but none into the set",
             conj(neg(P), self.has_move(), neg(into)), None),
            ("a terminal position (no move) is outside the set",
             conj(neg(P), neg(self.has_move())), None),
        ]
        first = [(P, "formula")] + ([(self.move, "move")] if self.game.build_move else [])
        return self.decide(conditions, "p-positions", {"formula": P}, first)

    def value(self, g: int, text: str, given: list[str]) -> dict:
        if g < 1:
            raise InputError("--value G needs G >= 1 (the value-0 positions are --p-positions)")
        if len(given) != g:
            raise InputError(f"--value {g} needs the sets of values 0..{g - 1}: --given with "
                             f"{g} formulas separated by ';' (got {len(given)})")
        V = self.read(text)
        lower = [self.read(t, f"--given formula {j}") for j, t in enumerate(given)]
        into = self.move_into(V)
        conditions = [("a move joins two positions of the set", conj(V, into), self.at_next(V))]
        for j, G in enumerate(lower):
            conditions.append((f"a position of the set has no move to value {j}",
                               conj(V, neg(self.move_into(G))), None))
        for j, G in enumerate(lower):
            conditions.append((f"the set meets the given value-{j} set", conj(V, G), None))
        conditions.append(("a position of none of the values 0..G has no move into the set",
                           conj(neg(V), neg(disj(lower)), neg(into)), None))
        return self.decide(conditions, "value", {"formula": V, "given": lower}, [(V, "formula")])

    def sentence(self, text: str) -> dict:
        F = self.read(text)
        return self.decide([("the statement is false here", neg(F), None)], "sentence",
                           {"formula": F})

    def p_subset(self, text: str) -> dict:
        S = self.read(text)
        answer = exists(self.r, conj(self.move_qr, self.at_next2(S)))
        bad_move = conj(self.move, neg(answer))
        return self.decide([("a move from the set cannot be answered by a move back into it",
                             conj(S, exists(self.q, bad_move)), neg(answer))], "p-subset",
                           {"formula": S})

    def n_set(self, text: str, target: str) -> dict:
        S = self.read(text)
        T = self.read(target, "target formula")
        answer = exists(self.r, conj(self.move_qr, self.at_next2(T)))
        return self.decide([
            ("a position of the set has no move into the target set",
             conj(S, neg(self.move_into(T))), None),
            ("a move from the target set cannot be answered by a move back into it",
             conj(T, exists(self.q, conj(self.move, neg(answer)))), neg(answer))], "n-set",
            {"formula": S, "target": T})

    def independent(self, text: str) -> dict:
        S = self.read(text)
        return self.decide([("a move joins two positions of the set",
                             conj(S, self.move_into(S)), self.at_next(S))], "independent",
                           {"formula": S})


def run(game: GameFormula, kind: str, formula: str, *, value: int = 0,
        given: list[str] | None = None, target: str | None = None, max_states: int = 200_000,
        time_limit: float = 600.0, progress: Progress = quiet, store: bool = True,
        automata: Mapping[str, tuple[am.DFA, str]] | None = None, refute: bool = True,
        automata_first: float = AUTOMATA_FIRST) -> dict:
    """Decide one statement about ``game``; the answer is a JSON-ready dict.

    ``automata``: saved automata for ``$name(...)`` atoms (see :mod:`nimlab.prove.library`).
    ``refute``: look for a counterexample on a small box (:mod:`nimlab.prove.refute`) when
    the automata do not answer within ``automata_first`` seconds.
    """
    prover = Prover(game, max_states, time_limit, progress, automata, refute, automata_first)
    digests = prover.automaton_digests([formula, *(given or []), target or ""])
    if kind == "p-positions":
        result = prover.p_positions(formula)
    elif kind == "value":
        result = prover.value(value, formula, list(given or []))
    elif kind == "sentence":
        result = prover.sentence(formula)
    elif kind == "p-subset":
        result = prover.p_subset(formula)
    elif kind == "n-set":
        result = prover.n_set(formula, target or "false")
    elif kind == "independent":
        result = prover.independent(formula)
    else:
        raise InputError(f"unknown kind of statement {kind!r}; known: {', '.join(KINDS)}")
    result = {"kind": kind, "formula": formula, **({"value": value, "given": given}
                                                   if kind == "value" else {}),
              **({"target": target} if kind == "n-set" else {}), **result,
              "procedure": PROCEDURE_VERSION}
    if store:
        save_record(record_key(game, kind, formula, value, given, target, digests), result)
    return result


# ------------------------------------------------------------------ the record store
def record_key(game: GameFormula, kind: str, formula: str, value: int = 0,
               given: list[str] | None = None, target: str | None = None,
               automata: dict[str, str] | None = None) -> str:
    """The key of a proof record; ``automata``: name -> content hash of each saved automaton
    the statement uses (a changed automaton gets a new key)."""
    parts = [PROCEDURE_VERSION, game.describe(), game.move, game.domain, kind, formula, value,
             list(given or []), target]
    if automata:
        parts.append(sorted(automata.items()))
    text = json.dumps(parts, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def record_dir():
    from nimlab.store import cache_dir
    return cache_dir() / "proofs"


def save_record(key: str, result: dict) -> None:
    from nimlab.fileio import write_json
    write_json(record_dir() / f"{key}.json", result, make_parents=True)


def load_record(key: str) -> dict | None:
    path = record_dir() / f"{key}.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None

"""Fast refutation: the conditions of a proof checked position by position on a small box.

The automata of a proof first get a head start of :data:`AUTOMATA_FIRST` seconds: an easy
statement, true or false, is answered there.  When they need longer, or reach the state cap
(:class:`~nimlab.prove.automata.Budget`) within it, :class:`BoxSearch` has its turn *before* any
refusal: it walks the positions in the order of the answer's smallest counterexample (least sum
of the position's numbers, then lexicographically least), within its own budget of
:data:`MAX_POSITIONS` positions and :data:`MAX_SECONDS` seconds, and checks every condition of
the proof at each position directly:

* the sets (the formula, the given sets, the target) are evaluated exactly at a position: parts
  without quantifiers by plain evaluation; a quantifier bounded at the position (``E g. g <= p1
  & ...``, ``A g. g < p1 + 2 => ...``) by trying its finitely many values; any other quantified
  part by its own automaton (usually small, and memoised for the full proof if it comes to
  that);
* the moves from a position are the game's own moves (:meth:`ImpartialGame.successors`), the
  move relation the formulas describe (tests check the two against each other on boxes).

The search's budget binds the automata it builds too: past its seconds, or at the proof's state
cap, it gives up quietly and the automata go on (and refuse, at the cap, as before).  The first
position where some condition fails is the smallest counterexample the automata would report,
so the answer is the same, only sooner.  The procedure then confirms each failing condition at
that position with automata on the formula with the position's numbers substituted (small
automata; for the condition the found move shows, the move's numbers are substituted too, so no
automaton reads all next positions) before it answers ``disproven``; ``proven`` never comes from
here, and a confirmation past the budget leaves the answer to the automata.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from nimlab.prove import automata as am
from nimlab.prove.evaluation import evaluate

#: Seconds the automata of a proof run before the box search is tried (what they build is
#: kept for after it).
AUTOMATA_FIRST = 0.05
#: Most positions the box search visits, and most seconds it spends (also at most a tenth of
#: the proof's time limit).  A true statement whose automata take longer than AUTOMATA_FIRST
#: pays this time, so it stays short: a false one is usually false at a small position.
MAX_POSITIONS = 3_000
MAX_SECONDS = 0.15


def compositions(total: int, k: int):
    """Tuples of k naturals with the given sum, lexicographically increasing."""
    if k == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in compositions(total - first, k - 1):
            yield (first,) + rest


def _flat(q) -> tuple:
    out: list[int] = []
    stack = [q]
    while stack:
        x = stack.pop()
        if isinstance(x, (tuple, list)):
            stack.extend(reversed(x))
        else:
            out.append(int(x))
    return tuple(out)


def least(positions) -> tuple | None:
    """The position of least sum, then lexicographically least."""
    positions = list(positions)
    return min(positions, key=lambda q: (sum(q), q)) if positions else None


class BoxSearch:
    """Membership and moves at single positions, for the conditions of one proof."""

    def __init__(self, prover, time_limit: float):
        self.prover = prover
        gf = prover.game
        self.names = prover.names
        self.base = gf.base
        self.game = gf.make_game()
        self.to_game = gf.to_game
        self.seconds = min(MAX_SECONDS, time_limit / 10)
        self._options: dict[tuple, list[tuple]] = {}
        self.usable = True
        self.deadline: float | None = None
        library = prover.compiler.library
        self._automaton = lambda name: library.get(name)[0]
        self.domain = self.member(prover.domain)

    def member(self, tree) -> Callable[[tuple], bool]:
        memo: dict[tuple, bool] = {}
        names, base, compiler = self.names, self.base, self.prover.compiler

        def inside(p: tuple) -> bool:
            found = memo.get(p)
            if found is None:
                found = memo[p] = evaluate(tree, dict(zip(names, p)), base,
                                           automata=self._automaton, exact=compiler.compile,
                                           deadline=self.deadline)
            return found
        return inside

    def options(self, p: tuple) -> list[tuple]:
        found = self._options.get(p)
        if found is None:
            found = []
            for q in self.game.successors(self.to_game(p)):
                t = _flat(q)
                t = (0,) * (len(self.names) - len(t)) + t
                if len(t) != len(self.names) or self.to_game(t) != q:
                    raise _Unmapped
                found.append(t)
            self._options[p] = found
        return found

    def first(self, checks: list[tuple[str, Callable, Callable | None]]):
        """(position, failing labels, witness move or None) of the first failure, or None.

        Within the search's own budget only: past its positions or seconds, or when an automaton
        it builds would pass the proof's state cap, the answer is None (the automata go on)."""
        limits = self.prover.limits
        self.deadline = time.monotonic() + self.seconds
        limits.pause_at = self.deadline  # the automata built here stop there too
        try:
            return self._walk(checks)
        except (_Unmapped, am.Paused, am.Budget):
            return None
        finally:
            limits.pause_at = None

    def _walk(self, checks):
        visited = 0
        total = 0
        while True:
            for p in compositions(total, len(self.names)):
                visited += 1
                if visited > MAX_POSITIONS or time.monotonic() > self.deadline:
                    return None
                if not self.domain(p):
                    continue
                failing = [(label, witness) for label, test, witness in checks if test(p)]
                if failing:
                    move = None
                    for _, witness in failing:
                        if witness is not None:
                            move = witness(p)
                            if move is not None:
                                break
                    return p, [label for label, _ in failing], move
            total += 1


class _Unmapped(Exception):
    """A move of the game does not map back onto the position variables."""


def checks_for(kind: str, search: BoxSearch, labels: list[str], sets: dict[str, Any]):
    """The conditions of ``kind`` as position tests, in the order of the prover's labels."""
    opts = search.options
    if kind == "sentence":
        F = search.member(sets["formula"])
        return [(labels[0], lambda p: not F(p), None)]
    if kind == "independent":
        S = search.member(sets["formula"])
        return [(labels[0], lambda p: S(p) and any(S(q) for q in opts(p)),
                 lambda p: least(q for q in opts(p) if S(q)))]
    if kind in ("p-subset", "n-set"):
        S = search.member(sets["formula"])
        T = search.member(sets.get("target", sets["formula"]))

        def unanswered(q):  # a move to q cannot be answered back into T
            return not any(T(r) for r in opts(q))

        back = (lambda p: T(p) and any(unanswered(q) for q in opts(p)),
                lambda p: least(q for q in opts(p) if unanswered(q)))
        if kind == "p-subset":
            return [(labels[0],) + back]
        return [(labels[0], lambda p: S(p) and not any(T(q) for q in opts(p)), None),
                (labels[1],) + back]
    F = search.member(sets["formula"])
    first = (labels[0], lambda p: F(p) and any(F(q) for q in opts(p)),
             lambda p: least(q for q in opts(p) if F(q)))
    if kind == "p-positions":
        return [first,
                (labels[1], lambda p: not F(p) and bool(opts(p)) and
                 not any(F(q) for q in opts(p)), None),
                (labels[2], lambda p: not F(p) and not opts(p), None)]
    given = [search.member(g) for g in sets["given"]]
    out = [first]
    for j, G in enumerate(given):
        out.append((labels[1 + j], lambda p, G=G: F(p) and not any(G(q) for q in opts(p)),
                    None))
    for j, G in enumerate(given):
        out.append((labels[1 + len(given) + j], lambda p, G=G: F(p) and G(p), None))
    out.append((labels[-1], lambda p: not F(p) and not any(G(p) for G in given) and
                not any(F(q) for q in opts(p)), None))
    return out

"""Fibonacci Nim values by rows: a plain-Python fast path before the generic solver.

The generic solver (:mod:`nimlab.engine.solver`) stores one value per position ``(piles; x)``
and lists every position's moves as :class:`~nimlab.games.base.Take` objects, one canonical key
each.  Fibonacci Nim has more structure than that: a larger previous removal ``x`` allows every
move a smaller one does, and more (the limit ``floor(R x)`` grows with ``x``).  So this module
keeps one *row* per tuple of piles ``t`` (sorted, largest first, empty piles dropped): the
values ``G(t; x)`` for ``x = 1 .. enough(t[0])`` (:meth:`FibonacciNim.enough`; the game's key
lowers a larger ``x`` to that).  A row is one pass over the options ordered by the chips ``c``
they take, each option ``(t'; min(c, enough(t'[0])))`` read from the row of ``t'``, with a
running mex: ``G(t; x)`` is the mex of the options with ``c <= floor(R x)``, so as ``x`` grows
the set of option values only grows.  The first move (``x = 0``: any pile, never all of it) is
one more mex, for the position asked about only.

Every row needs the rows of all the tuples below it (componentwise smaller, sorted), and a tuple
below ``t`` comes before ``t`` in the lexicographic order, so the rows are filled in that order,
without recursion.  All arithmetic is on integers (the factor's numerator and denominator), which
is exact for every rational factor.

The fast path (:class:`FibonacciRows`, listed in :attr:`FibonacciNim.fast_paths`) answers when
the game's own estimate of the positions (:meth:`FibonacciNim.estimate_states`, also a bound on
the values the rows hold for a factor of at least 1) fits the question's ``--max-states`` and
the rows' work fits its ``--time-limit``; it stops at the question's deadline like a kernel
table (:func:`nimlab.progress.quiet`).  Otherwise the dispatcher goes on to the generic solver
and its refusals.
"""

from __future__ import annotations

from typing import Any, Iterator

from nimlab.engine.analysis import Answer
from nimlab.engine.solver import DEFAULT_MAX_STATES, Budget
from nimlab.games.base import sorted_tuples_below
from nimlab.games.fibonacci import FibonacciNim
from nimlab.progress import quiet

__all__ = ["FibonacciRows", "tuples_below", "ROW_SPEED", "SOURCE"]

#: Options the rows examine per second, about (measured: 2-3 million on one busy core; the
#: figure is cautious, so only what is clearly out of reach is left to the solver's refusal).
ROW_SPEED = 1_000_000
SOURCE = "Sprague-Grundy values computed by the solver (Fibonacci Nim rows of removals)"

Rows = dict[tuple[int, ...], list[int]]


def tuples_below(bounds: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every sorted tuple componentwise at most the sorted ``bounds`` (largest first, zeros
    dropped, ``bounds`` itself last), each after every tuple below it (lexicographic order)."""
    size = len(bounds)

    def walk(i: int, prefix: tuple[int, ...], ceiling: int) -> Iterator[tuple[int, ...]]:
        if i == size:
            yield prefix
            return
        yield from walk(i + 1, prefix, 0)  # this entry and all after it are zero
        for a in range(1, min(ceiling, bounds[i]) + 1):
            yield from walk(i + 1, prefix + (a,), a)

    return walk(0, (), bounds[0] if bounds else 0)


def options(piles: tuple[int, ...], rows: Rows) -> Iterator[tuple[int, int, int]]:
    """``(c, left, value)`` for each option of the tuple ``piles`` under a limit of at least its
    largest pile: ``c`` chips taken from a pile (one of each size), ``left`` in that pile, and the
    option's value after a removal of ``c``, read from ``rows``."""
    last_size = 0
    for i, size in enumerate(piles):
        if size == last_size:  # equal piles have the same options
            continue
        last_size = size
        rest = piles[:i] + piles[i + 1:]
        j, n = i, len(rest)  # rest[:i] holds piles >= size: the place of size - c is at i or later
        for c in range(1, size + 1):
            left = size - c
            while j < n and rest[j] > left:
                j += 1
            option = rest[:j] + (left,) + rest[j:] if left else rest
            if not option:
                yield c, 0, 0
                continue
            row = rows[option]
            yield c, left, row[c - 1] if c <= len(row) else row[-1]


def row(piles: tuple[int, ...], rows: Rows, num: int, den: int) -> list[int]:
    """``G(piles; x)`` for ``x = 1 .. enough(piles[0])``, from the rows of the tuples below."""
    top = piles[0]
    by_take: list[list[int]] = [[] for _ in range(top + 1)]
    for c, _, value in options(piles, rows):
        by_take[c].append(value)
    seen: set[int] = set()
    mex, taken, values = 0, 0, []
    for x in range(1, max(1, -(-top * den // num)) + 1):
        reach = min(num * x // den, top)
        while taken < reach:
            taken += 1
            seen.update(by_take[taken])
            while mex in seen:
                mex += 1
        values.append(mex)
    return values


def first_move(piles: tuple[int, ...], rows: Rows) -> int:
    """``G(piles; 0)``: the mex over the moves that leave their pile non-empty."""
    seen = {value for _, left, value in options(piles, rows) if left}
    mex = 0
    while mex in seen:
        mex += 1
    return mex


class FibonacciRows:
    """The fast path: exact values of Fibonacci Nim positions from rows (module docstring)."""

    method = "solver"
    skips_move = True
    #: :meth:`answer` takes the question's ``budget=`` (the dispatcher passes it).
    takes_budget = True

    def __init__(self) -> None:
        self._factor: tuple[int, int] | None = None
        self._rows: Rows = {}
        self._held = 0  # values held in the rows

    def _rows_for(self, game: FibonacciNim) -> Rows:
        factor = (game.factor.numerator, game.factor.denominator)
        if factor != self._factor:
            self._factor, self._rows, self._held = factor, {}, 0
        return self._rows

    def _known(self, game: FibonacciNim, key: tuple) -> int | None:
        piles, last = key
        if not piles:
            return 0
        rows = self._rows_for(game)
        if piles not in rows:
            return None
        if last == 0:
            return first_move(piles, rows)
        held = rows[piles]
        return held[min(last, len(held)) - 1]

    def ready(self, game: Any, position: Any) -> bool | None:
        """True when the rows hold the answer (a look-up); else ``None`` (the dispatcher's
        estimate for the solver decides)."""
        if not isinstance(game, FibonacciNim):
            return None
        return True if self._known(game, game.key(position)) is not None else None

    def fits(self, game: FibonacciNim, position: Any, budget: Budget) -> bool:
        """Whether the rows for ``position`` fit ``budget``: the game's estimate of positions
        within ``max_states``, the options to examine within ``time_limit`` at
        :data:`ROW_SPEED`."""
        piles, _ = game.key(position)
        states = game.estimate_states(position)
        work = sorted_tuples_below(piles) * max(sum(piles), 1)
        return states <= budget.max_states and work <= budget.time_limit * ROW_SPEED

    def fill(self, game: FibonacciNim, piles: tuple[int, ...]) -> None:
        """Compute the rows of ``piles`` and of every tuple below it not yet held; stops between
        two rows past the question's deadline (:func:`nimlab.progress.quiet`)."""
        rows = self._rows_for(game)
        num, den = self._factor
        total = sorted_tuples_below(piles)
        for done, below in enumerate(tuples_below(piles)):
            if below and below not in rows:
                held = rows[below] = row(below, rows, num, den)
                self._held += len(held)
            if not done & 255:
                quiet(done, total)

    def value(self, game: FibonacciNim, position: Any) -> int:
        """The value of ``position``, filling the rows it needs (no budget: callers check
        :meth:`fits`)."""
        key = game.key(position)
        found = self._known(game, key)
        if found is None:
            self.fill(game, key[0])
            found = self._known(game, key)
        return found

    def answer(self, game: Any, position: Any, need_move: bool = True,
               budget: Budget | None = None) -> Answer | None:
        if not isinstance(game, FibonacciNim):
            return None
        budget = budget or Budget()
        key = game.key(position)
        found = self._known(game, key)
        if found is None:
            if not self.fits(game, position, budget):
                return None
            if self._held + game.estimate_states(position) > max(budget.max_states,
                                                                 DEFAULT_MAX_STATES):
                self._rows.clear()  # memory stays bounded: the held rows go first
                self._held = 0
            found = self.value(game, position)
        move = None
        if found and need_move:  # the first move, in the game's order, to a P-position
            move = next(m for m, q in game.options(position) if self.value(game, q) == 0)
        return Answer("P" if found == 0 else "N", found, self.method, SOURCE, move)

"""The kernels behind the generic solver's API: ``value(position)`` and ``outcome(position)``.

:func:`table_solver` computes (or reads from the result store) one table covering every position
with piles up to ``bound`` and answers look-ups from it::

    from nimlab.kernels.solvers import table_solver
    solver = table_solver("sharing", 2000)
    solver.value((5, 700, 1900)), solver.outcome((0, 4, 8))

Positions are those the games of :mod:`nimlab.games` take (the same ``key`` folds them), so a
:class:`TableSolver` can stand in for :class:`nimlab.engine.Solver` inside its range:

* ``sharing`` - 3 piles, values (any shift of the piles, Lemma 1: the spread must be <= bound);
* ``end-nim`` - rows of 1 to 3 piles, values (``piles`` = the longest row, default 3);
* ``subtraction`` - values for ``n <= bound``;
* ``fibonacci`` - outcomes only (the kernel keeps P/N status, not Sprague-Grundy values), piles
  ``<= bound``; a first move (``x = 0``) must have exactly ``piles`` piles (default 3);
* ``cash`` - outcomes only, ``n <= bound`` (money beyond ``n`` is never spent).

A position outside the table raises :class:`~nimlab.errors.InputError`.
"""

from __future__ import annotations

from typing import Any

from nimlab import store
from nimlab.errors import InputError
from nimlab.games import make_game


class TableSolver:
    """Look-ups in a kernel table of ``game`` for piles up to ``bound``."""

    def __init__(self, name: str, bound: int, use_cache: bool = True, **options: Any):
        self.name, self.bound = name, bound
        piles = options.pop("piles", 3)
        self.game = make_game(name, **options)
        self.piles = piles
        if name == "sharing":
            self.table = store.sharing_values(bound, use_cache=use_cache)
        elif name == "end-nim":
            self.table = store.endnim_values(piles, bound, self.game.variant, use_cache=use_cache)
        elif name == "subtraction":
            self.table = store.subtraction_values(self.game.set, bound, use_cache=use_cache)
        elif name == "cash":
            self.table = store.cash_winners(self.game.set, bound, bound, use_cache=use_cache)
        elif name == "fibonacci":
            from nimlab.kernels.fibonacci import last_p_table
            self.table = last_p_table(piles, bound, self.game.factor)
        else:
            raise InputError(f"no kernel for {name!r}; kernels exist for sharing, end-nim, "
                             "subtraction, fibonacci, cash")

    def _outside(self, position: Any) -> InputError:
        return InputError(f"{self.game.format(position)} lies outside the {self.name} table "
                          f"(piles up to {self.bound}); use a larger bound or the generic solver")

    def value(self, position: Any) -> int:
        """The Sprague-Grundy value (sharing, end-nim, subtraction)."""
        key = self.game.key(position)
        if self.name == "sharing":
            if len(key) != 3 or key[2] > self.bound:
                raise self._outside(position)
            return int(self.table[key[1], key[2]])
        if self.name == "subtraction":
            if key > self.bound:
                raise self._outside(position)
            return int(self.table[key])
        if self.name == "end-nim":
            if not 1 <= len(key) <= self.piles or max(key) > self.bound:
                raise self._outside(position)
            # Index 0 is a missing pile (layout of nimlab.kernels.endnim); one pile of a
            # 3-pile table sits in the middle.
            index = (0, key[0], 0) if self.piles == 3 and len(key) == 1 else \
                tuple(key) + (0,) * (self.piles - len(key))
            return int(self.table[index])
        raise InputError(f"the {self.name} kernel keeps outcomes only: use outcome()")

    def outcome(self, position: Any) -> str:
        """``"P"`` or ``"N"``."""
        if self.name == "cash":
            n, d1, d2 = self.game.key(position)
            if n > self.bound:
                raise self._outside(position)
            return "N" if self.table[n, d1, d2] else "P"
        if self.name == "fibonacci":
            piles, last = self.game.key(position)
            if len(piles) > self.piles or (piles and piles[0] > self.bound) or \
                    (last == 0 and len(piles) != self.piles):
                raise self._outside(position)
            return "P" if self.table.is_p(piles or (0,), last) else "N"
        return "P" if self.value(position) == 0 else "N"

    def analyse(self, position: Any):
        """Value, options and winning moves, as :meth:`nimlab.engine.Solver.analyse` gives them
        (sharing, end-nim, subtraction: every option of a covered position is covered too)."""
        from nimlab.engine.solver import analyse_with

        return analyse_with(self.value, self.game, position)


def table_solver(name: str, bound: int, use_cache: bool = True, **options: Any) -> TableSolver:
    """A :class:`TableSolver` for ``name`` (options as for :func:`nimlab.games.make_game`, plus
    ``piles`` for end-nim and fibonacci)."""
    return TableSolver(name, bound, use_cache=use_cache, **options)

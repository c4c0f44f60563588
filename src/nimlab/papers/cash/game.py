"""The computed side of "NIM with Cash": what the game itself gives, from its rules alone.

The winner table :func:`winner_grid` (the compiled cash kernel, through
:func:`nimlab.research.sequences.cash_wins`, filled from the rules of Def 1.4), the cash function
``f`` of Def 7.1 (:func:`f_values`), the generic solver for NIM(A) without cash and for single
states, and the two strategies of Def 2.2 played out against every reply (:func:`wins_normally`,
:func:`miser_tables`, :func:`miserly_wins`).  The paper's formulas
(:mod:`nimlab.papers.cash.formulas`) are never consulted here.

One accessor per table, each memoised in process for the run (they are small: ``bound <= 300``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np

from nimlab.engine.solver import solver_for
from nimlab.games import CashNim, SubtractionNim
from nimlab.papers.cash.formulas import SEC6
from nimlab.research.sequences import cash_function, cash_wins


@lru_cache(maxsize=None)
def winner_grid(subtraction_set: tuple[int, ...], bound: int) -> np.ndarray:
    """``G[n, d1, d2]`` True when Player I wins ``(n; d1, d2)``, for ``n <= bound`` and budgets
    ``d1, d2 <= bound + 1``."""
    return cash_wins(subtraction_set, bound, bound + 1)


def player_one_wins(subtraction_set: Sequence[int], n: int, d1: int, d2: int) -> bool:
    """Whether Player I (to move, ``d1`` dollars) wins ``(n; d1, d2)``, by the generic solver."""
    return solver_for(CashNim(tuple(subtraction_set))).value((n, d1, d2)) != 0


def plain_winner(subtraction_set: Sequence[int], n: int) -> str:
    """``W(n)``: who wins NIM(A) from ``n`` stones with unlimited funds (``"I"`` or ``"II"``)."""
    return "II" if solver_for(SubtractionNim(tuple(subtraction_set))).value(n) == 0 else "I"


@lru_cache(maxsize=None)
def _cash_f(subtraction_set: tuple[int, ...], bound: int) -> tuple[int, ...]:
    return tuple(cash_function(subtraction_set, bound))


def f_values(subtraction_set: Sequence[int], bound: int) -> tuple[int, ...]:
    """``f(0..bound)`` of Def 7.1."""
    return _cash_f(tuple(sorted(subtraction_set)), bound)


def least_winning_budget(subtraction_set: Sequence[int], n: int) -> int:
    """Def 7.1's ``f(n)``: the least ``d`` such that ``W(n)`` wins with ``d`` dollars against
    unlimited funds (delegates to :func:`nimlab.research.sequences.cash_function`)."""
    size = max(16, 1 << max(n, 1).bit_length())  # share one table among nearby n
    return _cash_f(tuple(sorted(subtraction_set)), size)[n]


@lru_cache(maxsize=None)
def _normal_wins(subtraction_set: tuple[int, ...], n: int, budget: int, mover: bool) -> bool:
    """The plain-game winner, holding ``budget`` and moving only to P-positions of NIM(A), wins
    against unlimited funds (``mover``: it is the plain-game winner's turn)."""
    plain = solver_for(SubtractionNim(subtraction_set))
    if mover:
        return any(not plain.value(n - a) and _normal_wins(subtraction_set, n - a, budget - a,
                                                            False)
                   for a in subtraction_set if a <= n and a <= budget)
    return all(_normal_wins(subtraction_set, n - a, budget, True)
               for a in subtraction_set if a <= n)


def wins_normally(subtraction_set: Sequence[int], n: int, budget: int) -> bool:
    """Def 2.2: ``W(n)`` wins with ``budget`` against unlimited funds by the plain-game strategy
    (every move of his goes to a P-position of NIM(A))."""
    s = tuple(sorted(subtraction_set))
    return _normal_wins(s, n, budget, plain_winner(s, n) == "I")


def least_normal_budget(subtraction_set: Sequence[int], n: int) -> int:
    """The least budget with which ``W(n)`` wins normally (Def 2.2) against unlimited funds."""
    d = 0
    while not wins_normally(subtraction_set, n, d):
        d += 1
    return d


@lru_cache(maxsize=None)
def _miser_wins(subtraction_set: tuple[int, ...], n: int, mine: int, theirs: int,
                my_turn: bool) -> bool:
    if my_turn:
        return n >= 1 and mine >= 1 and _miser_wins(subtraction_set, n - 1, mine - 1, theirs,
                                                    False)
    return all(_miser_wins(subtraction_set, n - a, mine, theirs - a, True)
               for a in subtraction_set if a <= n and a <= theirs)


@lru_cache(maxsize=None)
def miser_tables(subtraction_set: tuple[int, ...], bound: int) -> tuple[np.ndarray, np.ndarray]:
    """The miserly strategy of Def 2.2 for every state at once: ``M[n, mine, theirs]`` (the
    miser to move) and ``O[n, mine, theirs]`` (his opponent to move) are True when the miser,
    always removing one stone, wins whatever the opponent does; ``n <= bound``, money
    ``<= bound + 1``.  The same recursion as :func:`miserly_wins`, filled layer by layer."""
    size = bound + 2
    M = np.zeros((bound + 1, size, size), bool)
    O = np.zeros((bound + 1, size, size), bool)
    for n in range(bound + 1):
        if n >= 1:
            M[n, 1:, :] = O[n - 1, :-1, :]  # pay one dollar, remove one stone
        O[n] = True  # an opponent without a move loses
        for a in subtraction_set:
            if a <= n:  # a reply of a stones: lost for the opponent if the miser then wins
                O[n, :, a:] &= M[n - a, :, : size - a]
    return M, O


def miserly_wins(subtraction_set: Sequence[int], n: int, d1: int, d2: int, player: str) -> bool:
    """Whether ``player`` ("I" or "II") wins ``(n; d1, d2)`` (Player I to move) by the miserly
    strategy of Def 2.2, always removing one stone, whatever the opponent does."""
    s = tuple(sorted(subtraction_set))
    if player == "I":
        return _miser_wins(s, n, d1, d2, True)
    return _miser_wins(s, n, d2, d1, False)


def one_wins_line(state) -> bool:
    """Player I wins ``(n, dI, dII, turn)`` of NIM(1,3,4) (the paper's notation of Section 5:
    money of I, of II, whose turn)."""
    n, d_one, d_two, turn = state
    if turn == "I":
        return player_one_wins(SEC6, n, d_one, d_two)
    return not player_one_wins(SEC6, n, d_two, d_one)


def winning_removals(subtraction_set: Sequence[int], position) -> list[int]:
    """The stones removed by the winning moves of the player to move at ``(n, d1, d2)``."""
    solver = solver_for(CashNim(tuple(subtraction_set)))
    return [o.move.count for o in solver.analyse(position).winning_moves]


def plain_p_moves(subtraction_set: Sequence[int], n: int) -> list[int]:
    """The removals from ``n`` stones to a P-position of NIM(A) (the unlimited-funds moves)."""
    plain = solver_for(SubtractionNim(tuple(subtraction_set)))
    return [a for a in subtraction_set if a <= n and plain.value(n - a) == 0]

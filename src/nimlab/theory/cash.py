"""Claims and artifacts of Gasarch and Purtilo, "NIM with Cash" (nim-with-cash.txt).

Conventions (Def 2.1 of the paper): the state ``(n; d1, d2)`` has Player I to move with ``d1``
dollars and Player II with ``d2``; removing ``a`` stones costs ``a`` dollars; a player who cannot
move (too few stones or too little money) loses.  ``W(n)`` is the winner with unlimited funds and
``f(n)`` the least money with which ``W(n)`` still wins against an opponent with unlimited funds
(Def 7.1; ``n`` dollars are unlimited from ``n`` stones).

The computed side of every claim comes from the game itself: the winner table
:func:`nimlab.research.sequences.cash_wins` (filled from the rules of Def 1.4), the cash
function :func:`nimlab.research.sequences.cash_function` (Def 7.1) and, for NIM(A) without
cash and for single positions, the generic solver.  The paper's formulas are coded separately
below (:func:`f_def41`, :func:`f_def61`, the theorems' predicates) and never consulted by the
computed side.
"""

from __future__ import annotations

import os
import re
import tempfile
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from nimlab.engine.solver import solver_for
from nimlab.games import CashNim, SubtractionNim
from nimlab.research.sequences import cash_function, cash_wins
from nimlab.tables import Table
from nimlab.theory.artifacts import Difference, Outcome, artifact, printed
from nimlab.theory.registry import Counterexample, Evidence, claim, compare
from nimlab.theory.sharing import compare_blocks, pick

PAPER = "cash"
SEC6 = (1, 3, 4)
#: The games NIM(1..L) of Section 4 checked by default.
SEC4_L = (2, 3, 4, 5)

# =============================================================================== the game side


@lru_cache(maxsize=None)
def winner_grid(subtraction_set: tuple[int, ...], bound: int) -> np.ndarray:
    """``G[n, d1, d2]`` True when Player I wins ``(n; d1, d2)``, ``n <= bound``, ``d <= bound + 1``."""
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


def least_winning_budget(subtraction_set: Sequence[int], n: int) -> int:
    """Def 7.1's ``f(n)``: the least ``d`` such that ``W(n)`` wins with ``d`` dollars against
    unlimited funds (delegates to :func:`nimlab.research.sequences.cash_function`)."""
    size = max(16, 1 << max(n, 1).bit_length())  # share one table among nearby n
    return _cash_f(tuple(sorted(subtraction_set)), size)[n]


def f_values(subtraction_set: Sequence[int], bound: int) -> tuple[int, ...]:
    """``f(0..bound)`` of Def 7.1."""
    return _cash_f(tuple(sorted(subtraction_set)), bound)


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


# ========================================================================= the paper's formulas


def f_def41(L: int, n: int) -> int:
    """Def 4.1 as printed: ``f((L+1)k + i) = (L-1)k + i`` for ``0 <= i <= L``."""
    k, i = divmod(n, L + 1)
    return (L - 1) * k + i


def f_def41_corrected(L: int, n: int) -> int:
    """Def 4.1 corrected (what the game gives): ``f((L+1)k + i) = Lk + i``."""
    k, i = divmod(n, L + 1)
    return L * k + i


def w_def41(L: int, n: int) -> str:
    return "II" if n % (L + 1) == 0 else "I"


@lru_cache(maxsize=None)
def _def61_data() -> tuple[tuple[int, ...], tuple[str, ...]]:
    data = printed(PAPER, "def6.1")
    return tuple(data["c"]), tuple(data["W"])


def f_def61(n: int) -> int:
    """Def 6.1 (transcribed in data/cash/def6.1.json): ``f(7k + r) = 5k + c_r`` with
    ``c = (0, 1, 1, 2, 4, 4, 5)``."""
    return 5 * (n // 7) + _def61_data()[0][n % 7]


def w_def61(n: int) -> str:
    """Def 6.1's ``W(7k + r)``: II for r = 0, 2, else I."""
    return _def61_data()[1][n % 7]


def who(one_wins: bool) -> str:
    return "I" if one_wins else "II"


# The theorems' predicates and predictions below take the stones n as an int and the budgets
# (d1, d2, b) as ints or, elementwise for a whole grid of budgets at once, NumPy arrays; a
# prediction is "I", "II", or "" where the statement says nothing.


def sec4_set(L: int) -> tuple[int, ...]:
    return tuple(range(1, L + 1))


# ================================================================================ check helpers


def _states(bound: int, *sets: tuple[int, ...]) -> Iterable[tuple]:
    """All ``(set, n, d1, d2)`` with ``n <= bound`` and budgets ``0..n+1`` (more is the same as
    ``n + 1``), in increasing ``n``."""
    for n in range(bound + 1):
        for s in sets:
            for d1 in range(n + 2):
                for d2 in range(n + 2):
                    yield s, n, d1, d2


def _label(s: tuple[int, ...]) -> str:
    return "NIM(" + ",".join(map(str, s)) + ")"


def _show(case) -> str:
    s, n, d1, d2 = case[:4]
    return f"{_label(s)} ({n}; {d1}, {d2})"


def state_claim(bound: int, sets: Sequence[tuple[int, ...]], condition: Callable,
                prediction: Callable, note: str = "") -> Evidence:
    """Compare ``prediction(s, n, d1, d2)`` ("I"/"II") with the winner over every state in the
    box where ``condition(s, n, d1, d2)`` holds.

    Vectorised: for each ``n`` and game, the condition and the prediction are evaluated on the
    whole grid of budgets ``d1, d2 <= n + 1`` at once (the order of :func:`_states`)."""
    grids = {s: winner_grid(s, bound) for s in sets}

    def blocks():
        for n in range(bound + 1):
            d = np.arange(n + 2)
            d1, d2 = d[:, None], d[None, :]
            for s in sets:
                box = np.broadcast_to(condition(s, n, d1, d2), (n + 2, n + 2))
                won = np.where(grids[s][n, : n + 2, : n + 2], "I", "II")
                yield (s, n), box, np.broadcast_to(prediction(s, n, d1, d2) != won, box.shape)

    return compare_blocks(blocks(), lambda c: prediction(*c),
                          lambda c: who(bool(grids[c[0]][c[1], c[2], c[3]])), show=_show,
                          note=note or f"every state (n; d1, d2) with n <= {bound} and d1, d2 <= "
                                       f"n + 1 that meets the hypothesis, games "
                                       f"{', '.join(map(_label, sets))} (whole budget grids)")


def sec6_claim(bound: int, condition: Callable, prediction: Callable) -> Evidence:
    return state_claim(bound, [SEC6], lambda s, n, d1, d2: condition(n, d1, d2),
                       lambda s, n, d1, d2: prediction(n, d1, d2))


def sec4_claim(bound: int, condition: Callable, prediction: Callable, corrected_f: bool = False
               ) -> Evidence:
    f = f_def41_corrected if corrected_f else f_def41
    return state_claim(bound, [sec4_set(L) for L in SEC4_L],
                       lambda s, n, d1, d2: condition(n, d1, d2, f(len(s), n), len(s)),
                       lambda s, n, d1, d2: prediction(n, d1, d2, f(len(s), n), len(s)))


def facts(items: Iterable[tuple[str, object, object]], note: str = "") -> Evidence:
    """Evidence from a list of ``(what, claimed, computed)`` facts."""
    items = list(items)
    return compare(items, lambda x: x[1], lambda x: x[2], show=lambda x: x[0], note=note)


# ================================================================================ Section 1


def _form(form: Sequence[int], L: int) -> int:
    return form[0] + form[1] * L


def _expand(spec: dict, L: int) -> list[int]:
    if "list" in spec:
        return [_form(f, L) for f in spec["list"]]
    lo, hi = (_form(f, L) for f in spec["range"])
    return list(range(lo, hi + 1, spec["step"]))


def example13_games(item: str, largest_L: int) -> list[tuple[int, tuple[int, ...], int, set]]:
    """``(L, set, modulus, Player II residues)`` of Example 1.3's item for each L it covers."""
    spec = printed(PAPER, "example-1.3")["items"][item]
    out = []
    for L in range(spec["L_min"], largest_L + 1):
        if spec["parity"] == "even" and L % 2 or spec["parity"] == "odd" and not L % 2:
            continue
        moves = tuple(sorted(set(_expand(spec["set"], L))))
        out.append((L, moves, _form(spec["modulus"], L), set(_expand(spec["residues"], L))))
    return out


def _pattern_evidence(games, bound: int) -> Evidence:
    cases = [(L, s, m, r, n) for L, s, m, r in games for n in range(bound + 1)]
    cases.sort(key=lambda c: (c[4], c[0]))
    return compare(cases, lambda c: "II" if c[4] % c[2] in c[3] else "I",
                   lambda c: plain_winner(c[1], c[4]),
                   show=lambda c: f"L={c[0]} {_label(c[1])} n={c[4]}",
                   note=f"n <= {bound}; L = " + ", ".join(str(g[0]) for g in games))


EX13_L = 12


def _register_example13(item: str, place_item: str) -> None:
    spec = printed(PAPER, "example-1.3")["items"][item]

    @claim(f"cash.ex1.3.{item}", PAPER, f"Section 1, Example 1.3 item {place_item}", "example",
           f"In plain NIM without cash ({spec['text'].split(':')[0]}), Player II wins exactly "
           f"at the residues listed in item {item}: {spec['text'].split(': ', 1)[1]}.",
           bound=80, bound_help="n <=")
    def check(bound: int) -> Evidence:
        return _pattern_evidence(example13_games(item, EX13_L), bound)


for _item in "123456":
    _register_example13(_item, _item)


@claim("cash.ex1.3.2odd", PAPER, "Section 1, Example 1.3 item 2 (remark on odd L)", "remark",
       "For odd L >= 3 the omitted 'simple mod-2 pattern' of NIM(1,L) is: Player II wins iff n is "
       "even (every move removes an odd number of stones).", bound=80, bound_help="n <=")
def _ex13_odd(bound: int) -> Evidence:
    games = [(L, (1, L), 2, {0}) for L in range(3, EX13_L + 1, 2)]
    return _pattern_evidence(games, bound)


@claim("cash.abstract.nim123", PAPER, "Abstract", "example",
       "In NIM(1,2,3) Player II wins iff n is divisible by 4.", bound=200, bound_help="n <=")
def _abstract_123(bound: int) -> Evidence:
    return _pattern_evidence([(3, (1, 2, 3), 4, {0})], bound)


@claim("cash.def1.1", PAPER, "Section 1, Def 1.1", "definition",
       "NIM(a1..ak; n): a move removes some a_i <= n stones; the player who cannot move loses. "
       "(Checked: nimlab's subtraction game has exactly these moves, and its loser is the player "
       "without a move.)", bound=30, bound_help="n <=")
def _def11(bound: int) -> Evidence:
    sets = [(1, 2, 3), (1, 3, 4), (2, 3), (2, 5, 7)]
    cases = [(s, n) for n in range(bound + 1) for s in sets]

    def moves(c):
        s, n = c
        return sorted(n - m.count for m in SubtractionNim(s).moves(n))

    return compare(cases, lambda c: sorted(c[1] - a for a in c[0] if a <= c[1]), moves,
                   show=lambda c: f"{_label(c[0])} n={c[1]}",
                   note=f"successors of n <= {bound} for {', '.join(map(_label, sets))}")


@claim("cash.def1.4", PAPER, "Section 1, Def 1.4", "definition",
       "With cash, removing j stones costs the mover j dollars; a player loses when he cannot "
       "move, either because fewer than a1 stones are left or because he cannot pay for any "
       "removal. (Checked: nimlab's cash game has exactly these moves.)",
       bound=14, bound_help="n <=")
def _def14(bound: int) -> Evidence:
    sets = [(1, 3, 4), (2, 3), (1, 2, 3)]
    cases = list(_states(bound, *sets))

    def moves(c):
        s, n, d1, d2 = c
        return sorted(CashNim(s).successors((n, d1, d2)))

    return compare(cases, lambda c: sorted((c[1] - a, c[3], c[2] - a) for a in c[0]
                                           if a <= c[1] and a <= c[2]),
                   moves, show=_show, note=f"successor states for n <= {bound}, all budgets")


@claim("cash.intro.poorer-wins", PAPER, "Abstract and Section 1", "claim",
       "There are states where both players are poor (less money than f(n)) and yet the one with "
       "less money wins. (Checked in NIM(1,3,4): such states exist; the smallest are listed.)",
       bound=30, bound_help="n <=")
def _poorer(bound: int) -> Evidence:
    g = winner_grid(SEC6, bound)
    poor = [(n, d1, d2) for n in range(bound + 1) for d1 in range(n + 1) for d2 in range(n + 1)
            if d1 != d2 and max(d1, d2) < f_def61(n)]
    witnesses = [(n, d1, d2) for n, d1, d2 in poor if (d1 < d2) == bool(g[n, d1, d2])]
    bad = [] if witnesses else [Counterexample(f"NIM(1,3,4), n <= {bound}", "a witness", "none")]
    shown = "; ".join(f"({n}; {d1}, {d2}) won by Player {'I' if d1 < d2 else 'II'}"
                      for n, d1, d2 in witnesses[:3])
    return Evidence(len(poor), bad, f"{len(witnesses)} of {len(poor)} poor unequal states are "
                                    f"won by the poorer player; smallest: {shown}")


# ================================================================================ Section 3

#: Games with a1 = 1 for Theorem 3.1: those of the paper, and a few more.
THM31_SETS = [(1,), (1, 2), (1, 2, 3), (1, 3, 4), (1, 4), (1, 2, 3, 4), (1, 4, 5), (1, 5, 6)]
#: Default bound of Theorem 3.1's checks (whole budget grids at once, :func:`miser_tables`).
THM31_BOUND = 300


def _thm31(bound: int, player: str, rule: Callable[[int], tuple[int, int]]) -> Evidence:
    """States where ``rule(n) = (lo, hi)`` puts the miser's money >= lo and the other's <= hi.

    Vectorised: per n and game, the grid of (miser's money, other's money) <= n + 1 at once,
    from :func:`miser_tables` (Player I's miser moves first, Player II's moves second)."""
    tables = {s: miser_tables(s, bound)[0 if player == "I" else 1] for s in THM31_SETS}

    def blocks():
        for n in range(bound + 1):
            lo, hi = rule(n)
            d = np.arange(n + 2)
            box = (d[:, None] >= lo) & (d[None, :] <= hi)  # [miser's money, other's money]
            for s in THM31_SETS:
                yield (s, n), box, ~tables[s][n, : n + 2, : n + 2]

    def case(c):  # (set, n, d1, d2) from (set, n, miser's money, other's money)
        return c if player == "I" else (c[0], c[1], c[3], c[2])

    return compare_blocks(blocks(), lambda c: True,
                          lambda c: bool(tables[c[0]][c[1], c[2], c[3]]),
                          show=lambda c: _show(case(c)),
                          note=f"n <= {bound}, games {', '.join(map(_label, THM31_SETS))}; the "
                               f"computation plays Player {player}'s miserly strategy (always "
                               "remove one stone) against every reply, for all budgets at once")


def _floor(x: Fraction) -> int:
    return x.numerator // x.denominator


def _ceil(x: Fraction) -> int:
    return -((-x.numerator) // x.denominator)


@claim("cash.thm3.1.1", PAPER, "Section 3, Theorem 3.1(1)", "theorem",
       "If a1 = 1 and n >= 1, Player I wins by always removing one stone whenever he has at least "
       "floor(n/2) dollars and Player II has at most floor(n/2 - 1).", bound=THM31_BOUND,
       bound_help="n <=")
def _thm311(bound: int) -> Evidence:
    return _thm31(bound, "I", lambda n: (_floor(Fraction(n, 2)), _floor(Fraction(n, 2) - 1))
                  if n >= 1 else (n + 2, -1))


@claim("cash.thm3.1.1.proof", PAPER, "Section 3, proof of Theorem 3.1(1)", "theorem",
       "The form the proof of Theorem 3.1(1) uses, with ceilings: if a1 = 1 and n >= 1, Player I "
       "wins by always removing one stone whenever he has at least ceil(n/2) dollars and Player "
       "II at most ceil(n/2 - 1).", bound=THM31_BOUND, bound_help="n <=")
def _thm311_ceil(bound: int) -> Evidence:
    return _thm31(bound, "I", lambda n: (_ceil(Fraction(n, 2)), _ceil(Fraction(n, 2) - 1))
                  if n >= 1 else (n + 2, -1))


@claim("cash.thm3.1.2", PAPER, "Section 3, Theorem 3.1(2)", "theorem",
       "If a1 = 1 and n >= 0, Player II wins by always removing one stone whenever Player I has at "
       "most floor(n/2) dollars and Player II at least floor(n/2).", bound=THM31_BOUND, bound_help="n <=")
def _thm312(bound: int) -> Evidence:
    # the miser is Player II: his money >= floor(n/2), Player I's <= floor(n/2)
    return _thm31(bound, "II", lambda n: (n // 2, n // 2))


# ================================================================================ Section 4

SEC4_BOUND = 40
#: Bounds of the claims checked on whole budget grids at once (vectorised, the cash kernel).
STATES4, STATES6 = 300, 300


@claim("cash.def4.1", PAPER, "Section 4, Def 4.1", "definition",
       "For NIM(1..L) with cash, the money the unlimited-funds winner needs, f(n) of Def 7.1 (the "
       "least d with which W(n) still wins against an opponent with unlimited money, n dollars "
       "being unlimited), is f((L+1)k + i) = (L-1)k + i for 0 <= i <= L, and W(n) = II iff "
       "(L+1) | n.", bound=STATES4, bound_help="n <=")
def _def41(bound: int) -> Evidence:
    return _f_claim(bound, f_def41)


@claim("cash.def4.1.corrected", PAPER, "Section 4, Def 4.1", "definition",
       "Corrected Def 4.1: for NIM(1..L) with cash, f((L+1)k + i) = Lk + i for 0 <= i <= L "
       "(slope L per period, not L-1), and W(n) = II iff (L+1) | n.", bound=STATES4,
       bound_help="n <=", corrects="cash.def4.1")
def _def41_fixed(bound: int) -> Evidence:
    return _f_claim(bound, f_def41_corrected)


def _f_claim(bound: int, f: Callable[[int, int], int]) -> Evidence:
    cases = [(L, n) for n in range(bound + 1) for L in SEC4_L]
    return compare(cases, lambda c: (f(c[0], c[1]), w_def41(*c)),
                   lambda c: (f_values(sec4_set(c[0]), bound)[c[1]],
                              plain_winner(sec4_set(c[0]), c[1])),
                   show=lambda c: f"NIM(1..{c[0]}) n={c[1]} (f, W)",
                   note=f"n <= {bound}, L = {', '.join(map(str, SEC4_L))}")


@claim("cash.def4.1.normal", PAPER, "Section 4, remark after Def 4.1", "remark",
       "f(n) is how much W(n) needs to win normally (Def 2.2, by the unlimited-funds strategy): "
       "checked with the corrected f of Def 4.1, the least budget for a normal win equals f(n).",
       bound=30, bound_help="n <=")
def _def41_normal(bound: int) -> Evidence:
    cases = [(L, n) for n in range(bound + 1) for L in SEC4_L]
    return compare(cases, lambda c: f_def41_corrected(*c),
                   lambda c: least_normal_budget(sec4_set(c[0]), c[1]),
                   show=lambda c: f"NIM(1..{c[0]}) n={c[1]}",
                   note=f"n <= {bound}, L = {', '.join(map(str, SEC4_L))}")


def _thm42(bound: int, residue_zero: bool) -> Evidence:
    cases = []
    for d in range(bound + 1):
        for L in SEC4_L:
            for n in range(d // L + d + 1):
                if (n % (L + 1) == 0) == residue_zero:
                    cases.append((L, n, d))
    cases.sort(key=lambda c: (c[1], c[2], c[0]))
    return compare(cases, lambda c: True,
                   lambda c: wins_normally(sec4_set(c[0]), c[1], c[2]),
                   show=lambda c: f"NIM(1..{c[0]}) n={c[1]}, d={c[2]}",
                   note=f"d <= {bound}, every n <= floor(d/L) + d, L = "
                        f"{', '.join(map(str, SEC4_L))}; the winner plays the unlimited-funds "
                        "strategy with d dollars against unlimited funds")


@claim("cash.thm4.2.1", PAPER, "Section 4, Theorem 4.2(1)", "theorem",
       "NIM(1..L): if n <= floor(d/L) + d and (L+1) | n, Player II wins normally with d dollars "
       "against a Player I with unlimited money.", bound=30, bound_help="d <=")
def _thm421(bound: int) -> Evidence:
    return _thm42(bound, True)


@claim("cash.thm4.2.2", PAPER, "Section 4, Theorem 4.2(2)", "theorem",
       "NIM(1..L): if n <= floor(d/L) + d and (L+1) does not divide n, Player I wins normally "
       "with d dollars against a Player II with unlimited money.", bound=30, bound_help="d <=")
def _thm422(bound: int) -> Evidence:
    return _thm42(bound, False)


def _rich_normal(bound: int, f: Callable[[int, int], int]) -> Evidence:
    cases = [(L, n) for n in range(bound + 1) for L in SEC4_L]
    return compare(cases, lambda c: True,
                   lambda c: wins_normally(sec4_set(c[0]), c[1], f(*c)),
                   show=lambda c: f"NIM(1..{c[0]}) n={c[1]}, W(n) = {w_def41(*c)} with "
                                  f"f(n) = {f(*c)} dollars",
                   note=f"n <= {bound}, L = {', '.join(map(str, SEC4_L))}; the winner has "
                        "exactly f(n) (more only helps) against unlimited funds")


@claim("cash.sec4.rich", PAPER, "Section 4, remark after Theorem 4.2", "remark",
       "If d1, d2 >= f(n) (Def 4.1 as printed), the player who wins with unlimited funds wins "
       "normally.", bound=SEC4_BOUND, bound_help="n <=")
def _sec4_rich(bound: int) -> Evidence:
    return _rich_normal(bound, f_def41)


@claim("cash.sec4.rich.corrected", PAPER, "Section 4, remark after Theorem 4.2", "remark",
       "With the corrected f of Def 4.1 (Lk + i): if d1, d2 >= f(n), the unlimited-funds winner "
       "wins normally.", bound=SEC4_BOUND, bound_help="n <=", corrects="cash.sec4.rich")
def _sec4_rich_fixed(bound: int) -> Evidence:
    return _rich_normal(bound, f_def41_corrected)


@claim("cash.thm4.3", PAPER, "Section 4, Theorem 4.3", "theorem",
       "NIM(1..L) with f of Def 4.1 as printed: if d1 <= d <= d2 with d < f(n), Player II wins; "
       "that is, d1 <= d2 and d1 < f(n) make Player II the winner.", bound=STATES4,
       bound_help="n <=")
def _thm43(bound: int) -> Evidence:
    return sec4_claim(bound, lambda n, d1, d2, f, L: (d1 <= d2) & (d1 < f),
                      lambda *a: "II")


@claim("cash.thm4.4", PAPER, "Section 4, Theorem 4.4", "theorem",
       "NIM(1..L), read as printed: if d2 <= d1 - 1 and d2 <= f(n), Player I wins (by always "
       "removing one stone).", bound=STATES4, bound_help="n <=")
def _thm44(bound: int) -> Evidence:
    return sec4_claim(bound, lambda n, d1, d2, f, L: (d2 <= d1 - 1) & (d2 <= f),
                      lambda *a: "I")


@claim("cash.thm4.4.corrected", PAPER, "Section 4, Theorem 4.4", "theorem",
       "Corrected Theorem 4.4 (strict bound, as Theorem 4.5 items 2 and 4(b) use it), with the "
       "corrected f of Def 4.1: if d2 <= d1 - 1 and d2 < f(n), Player I wins.",
       bound=STATES4, bound_help="n <=", corrects="cash.thm4.4")
def _thm44_fixed(bound: int) -> Evidence:
    return sec4_claim(bound, lambda n, d1, d2, f, L: (d2 <= d1 - 1) & (d2 < f),
                      lambda *a: "I", corrected_f=True)


def thm45_printed(n: int, d1, d2, f: int, L: int):
    """Theorem 4.5's winner as printed (item 1(b) says Player II)."""
    return pick((d1 >= f) & (d2 >= f), "II",
                pick(d1 >= f, "I", pick(d2 >= f, "II", pick(d1 <= d2, "II", "I"))))


def thm45_corrected(n: int, d1, d2, f: int, L: int):
    """Theorem 4.5 with item 1(b) saying Player I (use with the corrected f)."""
    return pick((d1 >= f) & (d2 >= f), w_def41(L, n), thm45_printed(n, d1, d2, f, L))


_THM45 = {
    "1a": ("Section 4, Theorem 4.5 item 1(a)",
           "If both players have at least f(n) (Def 4.1 as printed) and (L+1) | n, Player II wins.",
           lambda n, d1, d2, f, L: (d1 >= f) & (d2 >= f) & (n % (L + 1) == 0), "II"),
    "1b": ("Section 4, Theorem 4.5 item 1(b)",
           "As printed: if both players have at least f(n) and (L+1) does not divide n, Player II "
           "wins.", lambda n, d1, d2, f, L: (d1 >= f) & (d2 >= f) & (n % (L + 1) != 0), "II"),
    "2": ("Section 4, Theorem 4.5 item 2", "If d1 >= f(n) > d2, Player I wins.",
          lambda n, d1, d2, f, L: (d1 >= f) & (f > d2), "I"),
    "3": ("Section 4, Theorem 4.5 item 3", "If d2 >= f(n) > d1, Player II wins.",
          lambda n, d1, d2, f, L: (d2 >= f) & (f > d1), "II"),
    "4a": ("Section 4, Theorem 4.5 item 4(a)", "If d1, d2 < f(n) and d1 <= d2, Player II wins.",
           lambda n, d1, d2, f, L: (d1 < f) & (d2 < f) & (d1 <= d2), "II"),
    "4b": ("Section 4, Theorem 4.5 item 4(b)", "If d1, d2 < f(n) and d1 > d2, Player I wins.",
           lambda n, d1, d2, f, L: (d1 < f) & (d2 < f) & (d1 > d2), "I"),
}


def _register_thm45(item: str) -> None:
    place, text, condition, winner = _THM45[item]

    @claim(f"cash.thm4.5.{item}", PAPER, place, "theorem",
           f"NIM(1..L) with cash, f of Def 4.1 as printed: {text}", bound=STATES4,
           bound_help="n <=")
    def check(bound: int) -> Evidence:
        return sec4_claim(bound, condition, lambda *a: winner)


for _item in _THM45:
    _register_thm45(_item)


@claim("cash.thm4.5.1a.corrected", PAPER, "Section 4, Theorem 4.5 item 1(a)", "theorem",
       "With the corrected f of Def 4.1 (f((L+1)k + i) = Lk + i): if both players have at least "
       "f(n) and (L+1) | n, Player II wins.", bound=STATES4, bound_help="n <=",
       corrects="cash.thm4.5.1a")
def _thm451a_fixed(bound: int) -> Evidence:
    return sec4_claim(bound, _THM45["1a"][2], lambda *a: "II", corrected_f=True)


@claim("cash.thm4.5.1b.corrected", PAPER, "Section 4, Theorem 4.5 item 1(b)", "theorem",
       "Item 1(b) with Player I (the unlimited-funds winner) and the corrected f of Def 4.1: if "
       "both players have at least f(n) and (L+1) does not divide n, Player I wins.",
       bound=STATES4, bound_help="n <=", corrects="cash.thm4.5.1b")
def _thm451b_fixed(bound: int) -> Evidence:
    return sec4_claim(bound, _THM45["1b"][2], lambda *a: "I", corrected_f=True)


@claim("cash.thm4.5.corrected", PAPER, "Section 4, Theorem 4.5", "theorem",
       "Theorem 4.5 as a complete description, with the corrected f of Def 4.1 and Player I in "
       "item 1(b), predicts the winner of every state (n; d1, d2) of NIM(1..L) with cash.",
       bound=STATES4, bound_help="n <=")
def _thm45_all(bound: int) -> Evidence:
    return sec4_claim(bound, lambda *a: True, thm45_corrected, corrected_f=True)


# ================================================================================ Section 5


def one_wins_line(state) -> bool:
    """Player I wins ``(n, dI, dII, turn)`` (paper's notation: money of I, of II, whose turn)."""
    n, d_one, d_two, turn = state
    if turn == "I":
        return player_one_wins(SEC6, n, d_one, d_two)
    return not player_one_wins(SEC6, n, d_two, d_one)


def _example14_facts() -> list[tuple[str, object, object]]:
    data = printed(PAPER, "example14")
    n, d1, d2 = data["state"]
    solver = solver_for(CashNim(SEC6))
    winning = [o.move.count for o in solver.analyse((n, d1, d2)).winning_moves]
    plain = solver_for(SubtractionNim(SEC6))
    m, dI, dII, _ = data["after_first_move"]
    plain_moves = [a for a in SEC6 if a <= m and plain.value(m - a) == 0]
    out = [
        ("winner of (14; 9, 9)", data["winner"], who(player_one_wins(SEC6, n, d1, d2))),
        ("winning first moves from (14; 9, 9)", [data["first_move"]], winning),
        ("unlimited-funds winning moves from 13 stones", [data["unlimited_reply"]], plain_moves),
    ]
    line = data["line"]
    for state in line:
        out.append((f"winner of ({state[0]}; {state[1]}, {state[2]}, {state[3]})", "I",
                    who(one_wins_line(tuple(state)))))
    for state in line[1:-1]:
        if state[3] != "II":
            continue
        n2, dI2, dII2, _ = state
        others = [a for a in SEC6 if a != 1 and a <= min(n2, dII2)]
        losing = [a for a in others if player_one_wins(SEC6, n2 - a, dI2, dII2 - a)]
        out.append((f"({n2}; {dI2}, {dII2}, II): replies other than 1 that lose for II",
                    others, losing))
    return out


@claim("cash.sec5.example", PAPER, "Section 5, the state (14; 9, 9)", "example",
       "In NIM(1,3,4) with cash Player I wins (14; 9, 9); his winning first move is to remove "
       "one stone (the only one); from 13 stones an unlimited Player II would remove four; "
       "Player II must remove one stone at (13; 8, 9, II) and (11; 7, 8, II), Player I answering "
       "with one stone, and Player I wins every state of the line down to (10; 7, 7).", bound=0,
       bound_help="(fixed example)")
def _sec5(bound: int) -> Evidence:
    return facts(_example14_facts(), "the facts Section 5 states about (14; 9, 9), each by the "
                                     "solver")


def _sec5_replies(miserly: Callable[[int], bool]) -> Evidence:
    data = printed(PAPER, "example14")
    m, d_one, d_two, _ = data["after_first_move"]
    items = []
    for a in data["miserly_after_replies"]:
        state = (m - a, d_one, d_two - a)
        items.append((f"(13; 8, 9, II), II removes {a} -> ({state[0]}; {state[1]}, {state[2]}):"
                      " Player I wins by always removing one stone", miserly(a),
                      miserly_wins(SEC6, *state, "I")))
        items.append((f"(13; 8, 9, II), II removes {a}: Player I wins", True,
                      player_one_wins(SEC6, *state)))
    return facts(items, "the miserly strategy played out against every reply of Player II")


@claim("cash.sec5.miserly", PAPER, "Section 5, the state (14; 9, 9)", "example",
       "At (13; 8, 9, II), if Player II removes three or four stones, Player I wins with the "
       "miserly strategy (always removing one stone).", bound=0, bound_help="(fixed example)")
def _sec5_miserly(bound: int) -> Evidence:
    return _sec5_replies(lambda a: True)


@claim("cash.sec5.miserly.corrected", PAPER, "Section 5, the state (14; 9, 9)", "example",
       "Corrected: at (13; 8, 9, II), if Player II removes four stones Player I wins miserly; if "
       "he removes three, Player I still wins, but not miserly: from (10; 8, 6) Player II can "
       "answer every single stone with a single stone and take the last one, so Player I must "
       "remove three at some point.", bound=0, bound_help="(fixed example)",
       corrects="cash.sec5.miserly")
def _sec5_miserly_fixed(bound: int) -> Evidence:
    return _sec5_replies(lambda a: a == 4)


@claim("cash.sec5.nim134", PAPER, "Section 5, items 1-2", "example",
       "In NIM(1,3,4) without cash Player II wins iff n = 0 or 2 (mod 7).", bound=200,
       bound_help="n <=")
def _sec5_pattern(bound: int) -> Evidence:
    return _pattern_evidence([(4, SEC6, 7, {0, 2})], bound)


@claim("cash.sec5.speculation", PAPER, "Section 5, the incorrect speculation", "claim",
       "The speculation Section 5 refutes ('equal poor players: Player II wins') is indeed false "
       "in NIM(1,3,4): some state (n; d, d) with d < f(n) is won by Player I.", bound=30,
       bound_help="n <=")
def _sec5_speculation(bound: int) -> Evidence:
    g = winner_grid(SEC6, bound)
    equal = [(n, d) for n in range(bound + 1) for d in range(f_def61(n))]
    won = [(n, d) for n, d in equal if g[n, d, d]]
    bad = [] if won else [Counterexample(f"n <= {bound}", "a state won by Player I", "none")]
    return Evidence(len(equal), bad, f"{len(won)} of {len(equal)} equal poor states are won by "
                                     f"Player I; smallest: "
                                     + ", ".join(f"({n}; {d}, {d})" for n, d in won[:3]))


# ================================================================================ Section 6

SEC6_BOUND = 70


@claim("cash.def6.1", PAPER, "Section 6, Def 6.1", "definition",
       "For NIM(1,3,4) with cash, f(7k + r) = 5k + (0, 1, 1, 2, 4, 4, 5)[r] is Def 7.1's least "
       "winning budget, and W(7k + r) = II iff r = 0 or 2.", bound=STATES6, bound_help="n <=")
def _def61(bound: int) -> Evidence:
    f = f_values(SEC6, bound)
    return compare(range(bound + 1), lambda n: (f_def61(n), w_def61(n)),
                   lambda n: (f[n], plain_winner(SEC6, n)), show=lambda n: f"n={n} (f, W)",
                   note=f"n <= {bound}")


@claim("cash.def6.1.normal", PAPER, "Section 6, remark after Def 6.1", "remark",
       "f(n) of Def 6.1 is how much W(n) needs to win normally: the least budget with which W(n) "
       "wins by the unlimited-funds strategy (Def 2.2) equals f(n).", bound=45,
       bound_help="n <=")
def _def61_normal(bound: int) -> Evidence:
    return compare(range(bound + 1), f_def61, lambda n: least_normal_budget(SEC6, n),
                   show=lambda n: f"n={n}", note=f"n <= {bound}")


def _thm62(bound: int, residues: set) -> list[tuple[int, int]]:
    """``(n, d)``: n in the residues, ``d >= f(n)`` (beyond n + 1 nothing changes)."""
    return [(n, d) for n in range(bound + 1) if n % 7 in residues
             for d in range(f_def61(n), n + 2)]


@claim("cash.thm6.2.1", PAPER, "Section 6.1, Theorem 6.2 first item", "theorem",
       "As printed: if n = 1, 3, 4, 5, 6 (mod 7), Player II wins normally from (n; UF, >= f(n)) "
       "(Player I unlimited, Player II at least f(n)).", bound=SEC6_BOUND, bound_help="n <=")
def _thm621(bound: int) -> Evidence:
    g = winner_grid(SEC6, bound)
    cases = _thm62(bound, {1, 3, 4, 5, 6})
    return compare(cases, lambda c: "II", lambda c: who(bool(g[c[0], c[0] + 1, c[1]])),
                   show=lambda c: f"({c[0]}; UF, {c[1]})", note=f"n <= {bound}")


@claim("cash.thm6.2.1.corrected", PAPER, "Section 6.1, Theorem 6.2 first item", "theorem",
       "Corrected (players exchanged): if n = 1, 3, 4, 5, 6 (mod 7), Player I wins normally from "
       "(n; d, UF) for every d >= f(n).", bound=SEC6_BOUND, bound_help="n <=",
       corrects="cash.thm6.2.1")
def _thm621_fixed(bound: int) -> Evidence:
    cases = _thm62(bound, {1, 3, 4, 5, 6})
    return compare(cases, lambda c: True, lambda c: wins_normally(SEC6, c[0], c[1]),
                   show=lambda c: f"({c[0]}; {c[1]}, UF)", note=f"n <= {bound}")


@claim("cash.thm6.2.2", PAPER, "Section 6.1, Theorem 6.2 second item", "theorem",
       "As printed: if n = 0, 2 (mod 7), Player I wins normally from (n; >= f(n), UF).",
       bound=SEC6_BOUND, bound_help="n <=")
def _thm622(bound: int) -> Evidence:
    g = winner_grid(SEC6, bound)
    cases = _thm62(bound, {0, 2})
    return compare(cases, lambda c: "I", lambda c: who(bool(g[c[0], c[1], c[0] + 1])),
                   show=lambda c: f"({c[0]}; {c[1]}, UF)", note=f"n <= {bound}")


@claim("cash.thm6.2.2.corrected", PAPER, "Section 6.1, Theorem 6.2 second item", "theorem",
       "Corrected (players exchanged): if n = 0, 2 (mod 7), Player II wins normally from "
       "(n; UF, d) for every d >= f(n).", bound=SEC6_BOUND, bound_help="n <=",
       corrects="cash.thm6.2.2")
def _thm622_fixed(bound: int) -> Evidence:
    cases = _thm62(bound, {0, 2})
    return compare(cases, lambda c: True, lambda c: wins_normally(SEC6, c[0], c[1]),
                   show=lambda c: f"({c[0]}; UF, {c[1]})", note=f"n <= {bound}")


# ---------------------------------------------------------------------------------- Tables 1-3
TABLE_K = 6


def _yes(flag: bool) -> str:
    return "YES" if flag else "NO"


def _graded(fn: int, fm: int, a: int, extra: int) -> str:
    """'YES' if f(n) <= f(m) + a, 'NO(YES)' if only f(n) <= f(m) + a + extra, else 'NO'."""
    if fn <= fm + a:
        return "YES"
    return "NO(YES)" if fn <= fm + a + extra else "NO"


def table_rows(name: str, K: int) -> list[tuple[str, object, object]]:
    """``(where, printed, computed)`` for every entry of Table 1 or 2, for k = 1..K, with f and W
    from the game (Def 7.1)."""
    data = printed(PAPER, name)
    f = f_values(SEC6, 7 * K + 7)
    out = []
    for r, a, (koff, res), cfn, cfm, col6, col7 in data["rows"]:
        for k in range(1, K + 1):
            n = 7 * k + r
            m = n - a - 1
            where = f"n=7k+{r} (k={k}), a={a}"
            out.append((f"{where}: n-a-1", 7 * (k + koff) + res, m))
            out.append((f"{where}: f(n)", 5 * k + cfn, f[n]))
            out.append((f"{where}: f(n-a-1)", 5 * k + cfm, f[m]))
            if name == "table1":
                out.append((f"{where}: f(n) <= f(n-a-1)+a(+1)", col6, _graded(f[n], f[m], a, 1)))
                out.append((f"{where}: f(n-a-1) <= f(n)-1?", col7, _yes(f[m] <= f[n] - 1)))
            else:
                out.append((f"{where}: f(n) <= f(n-a-1)+a(+3)", col6, _graded(f[n], f[m], a, 3)))
                out.append((f"{where}: W", col7, plain_winner(SEC6, n)))
    return out


def table3_rows(K: int, B: int) -> list[tuple[str, object, object]]:
    """Table 3's identities, for k = 1..K and b = 0..B, with f from the game."""
    f = f_values(SEC6, 7 * K + 7)
    out = []
    for r, (koff, res), c, c3, s1, s2 in printed(PAPER, "table3")["rows"]:
        for k in range(1, K + 1):
            for b in range(B + 1):
                n = 7 * k + r
                actual = (n - 2, f[n] - b - 1, f[n] - b - 2)
                shown = (7 * (k + koff) + res, 5 * (k + koff) + c - (b - s1),
                         5 * (k + koff) + c3 - (b - s1))
                b2 = b - s2
                out.append((f"n=7k+{r} (k={k}, b={b}): (n-2, f(n)-b-1, f(n)-b-2)", shown, actual))
                out.append((f"n=7k+{r} (k={k}, b={b}): = (n-2, f(n-2)-b', f(n-2)-b'-1), "
                            f"b' = b-{s2}", actual, (n - 2, f[n - 2] - b2, f[n - 2] - b2 - 1)))
    return out


def _table_claim(rows: list) -> Evidence:
    return compare(rows, lambda x: x[1], lambda x: x[2], show=lambda x: x[0])


@claim("cash.table1", PAPER, "Section 6.2, Table 1", "table",
       "Every entry of Table 1 (for n = 7k + r and a = 1, 3, 4: n-a-1, f(n), f(n-a-1), whether "
       "f(n) <= f(n-a-1) + a (or + a + 1), and whether f(n-a-1) <= f(n) - 1) is what f gives.",
       bound=TABLE_K, bound_help="k <=")
def _table1(bound: int) -> Evidence:
    ev = _table_claim(table_rows("table1", max(bound, 1)))
    ev.note = f"each row for k = 1..{max(bound, 1)}, f from the game (Def 7.1)"
    return ev


@claim("cash.table2", PAPER, "Section 6.4, Table 2", "table",
       "Every entry of Table 2 (n-a-1, f(n), f(n-a-1), whether f(n) <= f(n-a-1) + a (or + a + 3), "
       "and W(n)) is what f and the game give.", bound=TABLE_K, bound_help="k <=")
def _table2(bound: int) -> Evidence:
    ev = _table_claim(table_rows("table2", max(bound, 1)))
    ev.note = f"each row for k = 1..{max(bound, 1)}, f and W from the game"
    return ev


@claim("cash.table3", PAPER, "Section 6.5, Table 3", "table",
       "Each row of Table 3 is an identity: for n = 7k + r, (n-2, f(n)-b-1, f(n)-b-2) equals the "
       "printed expression and equals (n-2, f(n-2)-b', f(n-2)-b'-1) with b' = b for r = 0, 1, 2, "
       "3, 6, b' = b-2 for r = 4 and b' = b-1 for r = 5.", bound=TABLE_K, bound_help="k <=")
def _table3(bound: int) -> Evidence:
    ev = _table_claim(table3_rows(max(bound, 1), 6))
    ev.note = f"each row for k = 1..{max(bound, 1)} and b = 0..6, f from the game"
    return ev


# -------------------------------------------------------------------------- Theorems 6.3-6.10


def thm67_prediction(n: int, b):
    """Theorem 6.7 (= 6.10 item 5): the winner of (n; f(n)-b, f(n)-b-1)."""
    one = pick((3 * n <= 14 * (b - 1) + 9) | (n % 7 in (0, 2, 5)), "I", "II")
    two = pick((3 * n <= 14 * (b - 2) + 27) | (n % 7 in (1, 3, 4, 6)), "I", "II")
    return pick(b % 3 == 0, "I", pick(b % 3 == 1, one, two))


def thm69_prediction(n: int, b):
    """Theorem 6.9 (= 6.10 item 6) as printed: the winner of (n; f(n)-b, f(n)-b), or "" where
    the statement says nothing (for b = 0 (mod 3) the bounds 14(b-1)/3 + 11 and + 12 are not
    integers and leave one n between them)."""
    zero = pick((3 * n <= 14 * (b - 1) + 33) | (n % 7 in (1, 3, 4, 6)), "I",
                pick(3 * n >= 14 * (b - 1) + 36, "II", ""))
    one = pick((3 * n <= 14 * (b - 1) + 15) | (n % 7 in (0, 2, 5)), "I", "II")
    return pick(b % 3 == 0, zero, pick(b % 3 == 1, one, "II"))


def thm69_corrected(n: int, b):
    """Theorem 6.9 corrected from the data: with equal money the small cases go to Player II."""
    rich = "I" if n % 7 in (1, 3, 4, 5, 6) else "II"
    zero = pick((3 * n >= 14 * (b - 3) + 33) & (n % 7 in (1, 3, 4, 6)), "I", "II")
    one = pick((3 * n >= 14 * (b - 1) + 15) & (n % 7 in (0, 2, 5)), "I", "II")
    return pick(b == 0, rich, pick(b % 3 == 0, zero, pick(b % 3 == 1, one, "II")))


def _family(bound: int, gap: int, residue: int | None, predict: Callable[[int, int], str | None]
            ) -> Evidence:
    """States (n; f(n)-b, f(n)-b-gap) with f(n)-b-gap >= 0 and b = residue (mod 3), where the
    statement predicts a winner."""
    def condition(n, d1, d2):
        b = f_def61(n) - d1
        return (b >= 0) & (d2 == d1 - gap) & (d2 >= 0) & \
            (True if residue is None else b % 3 == residue) & (predict(n, b) != "")

    return sec6_claim(bound, condition, lambda n, d1, d2: predict(n, f_def61(n) - d1))


THM6 = {}


def thm6(*ids: str, place: str, statement: str, kind: str = "theorem",
         corrects: str | None = None, bound: int = STATES6):
    """Register one check under several ids (a theorem and its restatement in Theorem 6.10)."""
    def register(check):
        for i, (one, where) in enumerate(zip(ids, place.split(" | "))):
            fix = corrects.split(" | ")[i] if corrects else "None"
            fix = None if fix == "None" else fix
            claim(one, PAPER, where, kind, statement, bound=bound, bound_help="n <=",
                  corrects=fix)(check)
        return check
    return register


@thm6("cash.thm6.10.1", place="Section 6.7, Theorem 6.10 item 1",
      statement="NIM(1,3,4): if d1, d2 >= f(n), Player I wins iff n = 1, 3, 4, 5, 6 (mod 7).")
def _thm6101(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: (d1 >= f_def61(n)) & (d2 >= f_def61(n)),
                      lambda n, d1, d2: "I" if n % 7 in (1, 3, 4, 5, 6) else "II")


@thm6("cash.thm6.10.2", place="Section 6.7, Theorem 6.10 item 2",
      statement="NIM(1,3,4): if one player has at least f(n) and the other less, the one with at "
                "least f(n) wins.")
def _thm6102(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: (d1 >= f_def61(n)) != (d2 >= f_def61(n)),
                      lambda n, d1, d2: pick(d1 >= f_def61(n), "I", "II"))


@thm6("cash.thm6.3", "cash.thm6.10.4.corrected",
      place="Section 6.3, Theorem 6.3 | Section 6.7, Theorem 6.10 item 4",
      statement="NIM(1,3,4), n >= 1: if d1 < d2 and d1 < f(n), Player II wins.",
      corrects="None | cash.thm6.10.4")
def _thm63(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: (n >= 1) & (d1 < d2) & (d1 < f_def61(n)),
                      lambda *a: "II")


@thm6("cash.thm6.10.4", place="Section 6.7, Theorem 6.10 item 4",
      statement="As printed: in NIM(1,3,4), if d1 < d2 then Player II wins (no bound by f(n)).")
def _thm6104(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: d1 < d2, lambda *a: "II")


@thm6("cash.thm6.4", "cash.thm6.10.3", "cash.sec6.4.heading.corrected",
      place="Section 6.4, Theorem 6.4 | Section 6.7, Theorem 6.10 item 3 | Section 6.4 heading",
      statement="NIM(1,3,4), n >= 1: if d2 < d1 - 1 and d2 < f(n), Player I wins.",
      corrects="None | None | cash.sec6.4.heading")
def _thm64(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: (n >= 1) & (d2 < d1 - 1) & (d2 < f_def61(n)),
                      lambda *a: "I")


@thm6("cash.sec6.4.heading", place="Section 6.4 heading",
      statement="The heading of Section 6.4: in NIM(1,3,4), if d2 < d1 + 1 and d2 < f(n), Player "
                "I wins.", kind="claim")
def _sec64_heading(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: (n >= 1) & (d2 < d1 + 1) & (d2 < f_def61(n)),
                      lambda *a: "I")


@thm6("cash.thm6.5", place="Section 6.5, Theorem 6.5",
      statement="NIM(1,3,4), n >= 1: Player I wins (n; f(n), f(n) - 1).")
def _thm65(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: (n >= 1) & (d1 == f_def61(n)) & (d2 == d1 - 1),
                      lambda *a: "I")


def _lemma66(bound: int, first: Sequence[int], second: Sequence[int], winner: str) -> Evidence:
    g = winner_grid(SEC6, bound)
    cases = []
    for n in range(bound + 1):
        f = f_def61(n)
        for b in range(1, f):
            d1, d2 = f - b, f - b - 1
            for a in first:
                for c in second:
                    if a <= min(n, d1) and c <= min(n - a, d2):
                        cases.append((n, b, a, c))
    # after I removes a and II removes c: (n - a - c; d1 - a, d2 - c), Player I to move
    return compare(cases, lambda c: winner,
                   lambda c: who(bool(g[c[0] - c[2] - c[3], f_def61(c[0]) - c[1] - c[2],
                                        f_def61(c[0]) - c[1] - 1 - c[3]])),
                   show=lambda c: f"n={c[0]}, b={c[1]}: I removes {c[2]}, II removes {c[3]}",
                   note=f"n <= {bound}, every b >= 1 with f(n) - b - 1 >= 0")


@thm6("cash.lemma6.6.1", place="Section 6.5, Lemma 6.6(1)", kind="lemma",
      statement="NIM(1,3,4), from (n; f(n)-b, f(n)-b-1) with b >= 1: if Player I first removes 3 "
                "or 4 stones and Player II answers with one stone, Player II wins.")
def _lemma661(bound: int) -> Evidence:
    return _lemma66(bound, (3, 4), (1,), "II")


@thm6("cash.lemma6.6.2", place="Section 6.5, Lemma 6.6(2)", kind="lemma",
      statement="NIM(1,3,4), from (n; f(n)-b, f(n)-b-1) with b >= 1: if Player I first removes one "
                "stone and Player II answers with 3 or 4, Player I wins.")
def _lemma662(bound: int) -> Evidence:
    return _lemma66(bound, (1,), (3, 4), "I")


@thm6("cash.thm6.8", place="Section 6.6, Theorem 6.8",
      statement="NIM(1,3,4), n >= 1: Player I wins (n; f(n)-1, f(n)-1) iff n = 0, 2, 5 (mod 7).")
def _thm68(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: (n >= 1) & (d1 == d2) & (d2 == f_def61(n) - 1),
                      lambda n, d1, d2: "I" if n % 7 in (0, 2, 5) else "II")


@thm6("cash.thm6.8.corrected", place="Section 6.6, Theorem 6.8", corrects="cash.thm6.8",
      statement="Corrected Theorem 6.8: for n >= 1, Player I wins (n; f(n)-1, f(n)-1) iff "
                "n = 0, 2, 5 (mod 7) and n != 2 (at n = 2 the state is (2; 0, 0) and Player I "
                "cannot move).")
def _thm68_fixed(bound: int) -> Evidence:
    return sec6_claim(bound, lambda n, d1, d2: (n >= 1) & (d1 == d2) & (d2 == f_def61(n) - 1),
                      lambda n, d1, d2: "I" if n % 7 in (0, 2, 5) and n != 2 else "II")


#: Theorems 6.7 and 6.9 (restated as Theorem 6.10 items 5 and 6), item by item:
#: (ids, places, statement, gap d1 - d2, b mod 3, the predicted winner of (n, b), corrects).
FAMILIES = [
    ("cash.thm6.7.1 | cash.thm6.10.5a", "Theorem 6.7(1) | Theorem 6.10 item 5(a)",
     "NIM(1,3,4), state (n; f(n)-b, f(n)-b-1) with f(n)-b-1 >= 0: if b = 0 (mod 3), Player I "
     "wins.", 1, 0, thm67_prediction, None),
    ("cash.thm6.7.2 | cash.thm6.10.5b", "Theorem 6.7(2) | Theorem 6.10 item 5(b)",
     "NIM(1,3,4), state (n; f(n)-b, f(n)-b-1): if b = 1 (mod 3), Player I wins when "
     "n <= 14(b-1)/3 + 3 or n = 0, 2, 5 (mod 7), and Player II wins when n >= 14(b-1)/3 + 4 and "
     "n = 1, 3, 4, 6 (mod 7).", 1, 1, thm67_prediction, None),
    ("cash.thm6.7.3 | cash.thm6.10.5c", "Theorem 6.7(3) | Theorem 6.10 item 5(c)",
     "NIM(1,3,4), state (n; f(n)-b, f(n)-b-1): if b = 2 (mod 3), Player I wins when "
     "n <= 14(b-2)/3 + 9 or n = 1, 3, 4, 6 (mod 7), and Player II wins when n >= 14(b-2)/3 + 10 "
     "and n = 0, 2, 5 (mod 7).", 1, 2, thm67_prediction, None),
    ("cash.thm6.9.1 | cash.thm6.10.6a", "Theorem 6.9(1) | Theorem 6.10 item 6(a)",
     "As printed: NIM(1,3,4), state (n; f(n)-b, f(n)-b) with f(n)-b >= 0 and b = 0 (mod 3): "
     "Player I wins when n <= 14(b-1)/3 + 11 or n = 1, 3, 4, 6 (mod 7); Player II wins when "
     "n >= 14(b-1)/3 + 12 and n = 0, 2, 5 (mod 7).", 0, 0, thm69_prediction, None),
    ("cash.thm6.9.2 | cash.thm6.10.6b", "Theorem 6.9(2) | Theorem 6.10 item 6(b)",
     "As printed: NIM(1,3,4), state (n; f(n)-b, f(n)-b) with b = 1 (mod 3): Player I wins when "
     "n <= 14(b-1)/3 + 5 or n = 0, 2, 5 (mod 7); Player II wins when n >= 14(b-1)/3 + 6 and "
     "n = 1, 3, 4, 6 (mod 7).", 0, 1, thm69_prediction, None),
    ("cash.thm6.9.3 | cash.thm6.10.6c", "Theorem 6.9(3) | Theorem 6.10 item 6(c)",
     "NIM(1,3,4), state (n; f(n)-b, f(n)-b) with f(n)-b >= 0 and b = 2 (mod 3): Player II "
     "wins.", 0, 2, thm69_prediction, None),
    ("cash.thm6.9.1.corrected | cash.thm6.10.6a.corrected",
     "Theorem 6.9(1) | Theorem 6.10 item 6(a)",
     "Corrected from the data: state (n; f(n)-b, f(n)-b), b = 0 (mod 3). For b = 0 (both rich) "
     "Player I wins iff n = 1, 3, 4, 5, 6 (mod 7). For b >= 3 Player I wins iff "
     "n >= 14(b-3)/3 + 11 and n = 1, 3, 4, 6 (mod 7); otherwise (all smaller n, and "
     "n = 0, 2, 5 (mod 7)) Player II wins.", 0, 0, thm69_corrected,
     "cash.thm6.9.1 | cash.thm6.10.6a"),
    ("cash.thm6.9.2.corrected | cash.thm6.10.6b.corrected",
     "Theorem 6.9(2) | Theorem 6.10 item 6(b)",
     "Corrected from the data: state (n; f(n)-b, f(n)-b), b = 1 (mod 3): Player I wins iff "
     "n >= 14(b-1)/3 + 5 and n = 0, 2, 5 (mod 7); otherwise Player II wins.", 0, 1,
     thm69_corrected, "cash.thm6.9.2 | cash.thm6.10.6b"),
]


def _register_family(ids, places, statement, gap, residue, predict, corrects) -> None:
    sections = ("Section 6.5, " if gap else "Section 6.6, ", "Section 6.7, ")
    place = " | ".join(sec + p for sec, p in zip(sections, places.split(" | ")))

    def check(bound: int) -> Evidence:
        return _family(bound, gap, residue, predict)

    thm6(*ids.split(" | "), place=place, statement=statement, corrects=corrects)(check)


for _family_spec in FAMILIES:
    _register_family(*_family_spec)


def thm610(n: int, d1, d2, equal_money: Callable):
    """Theorem 6.10's winner, items tried in order (the first that applies decides); item 6
    (equal money, Theorem 6.9) is ``equal_money(n, b)``."""
    f = f_def61(n)
    rich = "I" if n % 7 in (1, 3, 4, 5, 6) else "II"
    poor = pick(d2 < d1 - 1, "I", pick(d1 < d2, "II", pick(d1 == d2 + 1, thm67_prediction(
        n, f - d1), equal_money(n, f - d1))))
    return pick((d1 >= f) & (d2 >= f), rich,
                pick((d2 < f) & (f <= d1), "I", pick((d1 < f) & (f <= d2), "II", poor)))


def thm610_printed(n: int, d1, d2):
    """Theorem 6.10 as printed ("" where item 6(a) says nothing)."""
    return thm610(n, d1, d2, thm69_prediction)


def thm610_corrected(n: int, d1, d2):
    """Theorem 6.10 with items 6(a) and 6(b) corrected: a complete description."""
    return thm610(n, d1, d2, thm69_corrected)


@thm6("cash.thm6.10.corrected", place="Section 6.7, Theorem 6.10",
      statement="Theorem 6.10 as a complete description, with items 6(a) and 6(b) corrected, "
                "predicts the winner of every state (n; d1, d2) of NIM(1,3,4) with cash.")
def _thm610_all(bound: int) -> Evidence:
    return sec6_claim(bound, lambda *a: True, thm610_corrected)


# ================================================================================ Section 7

CONJ_BOUND = 80


def conjecture_games(largest_L: int = 8) -> list[tuple[str, tuple[int, ...], int, set]]:
    """The games of Example 1.3 (items 1-6, L <= largest_L, and odd L for NIM(1,L)) with their
    period M and Player II residues, in order of item and L."""
    out = []
    for item in "123456":
        for L, s, m, r in example13_games(item, largest_L):
            out.append((f"item {item}, L={L}", s, m, r))
    for L in range(3, largest_L + 1, 2):
        out.append((f"item 2 (odd L), L={L}", (1, L), 2, {0}))
    return out


def _conjecture(bound: int, games, bullet: int) -> Evidence:
    cases, seen = [], set()
    for name, s, m, r in games:
        if s in seen:
            continue
        seen.add(s)
        f = f_values(s, max(bound, m) if bullet == 1 else bound)  # bullet 1: f(0..M-1)
        if bullet == 1:
            cases += [(name, s, m, len(r), i, f) for i in range(m)]
        else:
            cases += [(name, s, m, len(r), n, f) for n in range(bound + 1)]
    cases.sort(key=lambda c: (c[4], c[2]))
    if bullet == 1:
        claimed = lambda c: f"f({c[4]}) <= {c[2] - c[3] - 1}"
        computed = lambda c: claimed(c) if c[5][c[4]] <= c[2] - c[3] - 1 else f"f({c[4]}) = {c[5][c[4]]}"
    else:
        claimed = lambda c: (c[2] - c[3]) * (c[4] // c[2]) + c[5][c[4] % c[2]]
        computed = lambda c: c[5][c[4]]
    ev = compare(cases, claimed, computed,
                 show=lambda c: f"{_label(c[1])} ({c[0]}), M={c[2]}, L={c[3]}, n={c[4]}")
    ev.note = (f"{len(seen)} games, n <= {bound}; f from Def 7.1" if bullet == 2 else
               f"{len(seen)} games; f from Def 7.1")
    return ev


@claim("cash.conj7.1", PAPER, "Section 7, Conjecture, first bullet", "conjecture",
       "For each game of Section 1 (Player II wins iff n = b_1..b_L mod M): f(i) <= M - L - 1 for "
       "0 <= i <= M - 1 (the paper says the conjecture holds for all these games).",
       bound=CONJ_BOUND, bound_help="n <=", finite=False)
def _conj71(bound: int) -> Evidence:
    return _conjecture(bound, conjecture_games(), 1)


@claim("cash.conj7.2", PAPER, "Section 7, Conjecture, second bullet", "conjecture",
       "For each game of Section 1: f(Mk + i) = (M - L)k + f(i) for all k >= 0 and 0 <= i < M "
       "(the paper says the conjecture holds for all these games).", bound=CONJ_BOUND,
       bound_help="n <=", finite=False)
def _conj72(bound: int) -> Evidence:
    return _conjecture(bound, conjecture_games(), 2)


@claim("cash.conj7.nim134", PAPER, "Section 7, Conjecture, second bullet", "conjecture",
       "For NIM(1,3,4) (M = 7, L = 2): f(7k + i) = 5k + f(i) for all k >= 0.",
       bound=STATES6, bound_help="n <=", finite=False)
def _conj7_134(bound: int) -> Evidence:
    return _conjecture(bound, [("Section 6", SEC6, 7, {0, 2})], 2)


# ================================================================================ Appendix


def appendix_program(subtraction_set: Sequence[int], n: int, winner: Callable[[int], str],
                     repaired: bool) -> list[int | None]:
    """The Appendix's program for f, run as printed or repaired.

    As printed, the branch that looks for a removal a_j leading to a Player-II position runs
    when W(i) = II (where no such removal exists), and the branch ``f(i) = x`` runs when
    W(i) = I, with ``x`` never set before (taken as 0 here); ``f(i)`` stays unset (None) where
    no branch assigns it.  Repaired: the two branches are exchanged, so a Player-I position takes
    the first removal to a Player-II position, ``f(i) = a_j + f(i - a_j)``, and a Player-II
    position inherits the last such value ``x``.
    """
    moves = sorted(subtraction_set)
    f: list[int | None] = [None] * (n + 1)
    x = 0
    for i in range(n + 1):
        if i < moves[0]:
            f[i] = 0
            continue
        search = winner(i) == ("I" if repaired else "II")
        if search:
            for a in moves:
                if a <= i and winner(i - a) == "II" and f[i - a] is not None:
                    f[i] = a + f[i - a]
                    x = f[i]
                    break
        else:
            f[i] = x
    return f


def appendix_cases(bound: int, repaired: bool, only_with_one: bool) -> list[tuple]:
    """``(game name, set, i, program's f(i), Def 7.1's f(i))`` for the games of Section 1 and
    NIM(1,3,4), in increasing ``i``."""
    games = [(name, s) for name, s, _, _ in conjecture_games()] + [("Section 6", SEC6)]
    out, seen = [], set()
    for name, s in games:
        if s in seen or (only_with_one and s[0] != 1):
            continue
        seen.add(s)
        f = f_values(s, bound)
        prog = appendix_program(s, bound, lambda i, s=s: plain_winner(s, i), repaired)
        out += [(name, s, i, "unset" if prog[i] is None else prog[i], f[i])
                for i in range(bound + 1)]
    out.sort(key=lambda c: (c[2], len(c[1]), c[1]))
    return out


def _appendix_evidence(bound: int, repaired: bool, only_with_one: bool) -> Evidence:
    return compare(appendix_cases(bound, repaired, only_with_one), lambda c: c[3],
                   lambda c: c[4], show=lambda c: f"{_label(c[1])} ({c[0]}) f({c[2]})",
                   note=f"n <= {bound}; claimed = the program's output, computed = Def 7.1")


@claim("cash.appendix", PAPER, "Appendix 9.1, program Finding f(n)", "algorithm",
       "The Appendix program, run as printed (it searches for a removal to a Player-II position "
       "when W(i) = II and sets f(i) = x when W(i) = I), outputs Def 7.1's f for the games of "
       "Section 1 and NIM(1,3,4).", bound=40, bound_help="n <=")
def _appendix(bound: int) -> Evidence:
    return _appendix_evidence(bound, repaired=False, only_with_one=False)


@claim("cash.appendix.corrected", PAPER, "Appendix 9.1, program Finding f(n)", "algorithm",
       "With its two branches exchanged (a Player-I position takes the first removal a_j to a "
       "Player-II position and f(i) = a_j + f(i - a_j); a Player-II position takes the last such "
       "value), the Appendix program outputs Def 7.1's f for every game of Section 1 whose set "
       "contains 1, and for NIM(1,3,4). (For sets without 1, e.g. NIM(2,3), it does not: see the "
       "artifact cash.appendix-f.)", bound=60, bound_help="n <=", corrects="cash.appendix")
def _appendix_fixed(bound: int) -> Evidence:
    return _appendix_evidence(bound, repaired=True, only_with_one=True)


# ================================================================================ artifacts


def write_csv(directory: Path, name: str, columns: list[str], rows: list[list]) -> str:
    """Write a CSV atomically (via :meth:`nimlab.tables.Table.write`); return its path."""
    path = directory / name
    Table(name, "list", columns, rows).write(path)
    return str(path)


def write_png(fig, path: Path) -> str:
    """Save a Matplotlib figure atomically (temporary file, then rename)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".png")
    os.close(fd)
    try:
        fig.savefig(tmp, dpi=110, bbox_inches="tight")
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return str(path)


@artifact("cash.example1.3", PAPER, "Section 1, Example 1.3",
          "Player II's residues in NIM(A) for each item of Example 1.3 and L up to 12, "
          "recomputed and compared with the printed residue lists")
def _art_example13(directory: Path) -> Outcome:
    rows, diffs = [], []
    for item in "123456":
        for L, s, m, printed_residues in example13_games(item, EX13_L):
            stable = sorted(r for r in range(m)
                            if all(plain_winner(s, r + j * m) == "II" for j in range(6)))
            rows.append([item, L, _label(s), m, " ".join(map(str, sorted(printed_residues))),
                         " ".join(map(str, stable))])
            if sorted(printed_residues) != stable:
                diffs.append(Difference(f"item {item}, L={L}, {_label(s)} mod {m}",
                                        sorted(printed_residues), stable))
    path = write_csv(directory, "cash_example1.3.csv",
                     ["item", "L", "game", "modulus", "printed residues", "computed residues"],
                     rows)
    return Outcome([path], len(rows), diffs,
                   "computed residues: r in 0..M-1 with Player II winning at r, r+M, ..., r+5M"
                   if not diffs else "the printed residue list differs from the game")


def _table_artifact(directory: Path, name: str, rows: list) -> Outcome:
    csv_rows, diffs, seen = [], [], {}
    for where, shown, computed in rows:
        csv_rows.append([where, str(shown), str(computed), "yes" if shown == computed else "NO"])
        if shown != computed:
            head, column = where.split(": ", 1)
            key = (re.sub(r" \(k=\d+(, b=\d+)?\)", "", head), column)
            if key not in seen:
                seen[key] = True
                diffs.append(Difference(f"{key[0]}, column '{column}'", shown, computed))
    path = write_csv(directory, f"cash_{name}.csv", ["entry", "printed", "computed", "match"],
                     csv_rows)
    return Outcome([path], len(rows), diffs, "")


@artifact("cash.sec6-table1", PAPER, "Section 6.2, Table 1",
          "Table 1 of NIM(1,3,4) recomputed from f (Def 7.1) for k = 1..6, entry by entry")
def _art_table1(directory: Path) -> Outcome:
    out = _table_artifact(directory, "table1", table_rows("table1", TABLE_K))
    out.explanation = (
        "In the rows n = 7k+4, a = 1 and n = 7k+5, a = 1 the last column prints NO, but "
        "f(n-a-1) = 5k+1 resp. 5k+2 is at most f(n) - 1 = 5k+3, so its own inequality holds (YES) "
        "for every k. These are the two rows that Case 2.3 of the proof of Theorem 6.3 treats "
        "separately; the NO seems to mark that case rather than the printed inequality.")
    return out


@artifact("cash.sec6-table2", PAPER, "Section 6.4, Table 2",
          "Table 2 of NIM(1,3,4) recomputed from f and W (Def 7.1) for k = 1..6, entry by entry")
def _art_table2(directory: Path) -> Outcome:
    out = _table_artifact(directory, "table2", table_rows("table2", TABLE_K))
    out.explanation = "every entry agrees with f and W" if out.matches else ""
    return out


@artifact("cash.sec6-table3", PAPER, "Section 6.5, Table 3",
          "Table 3's identities for NIM(1,3,4), k = 1..6 and b = 0..6, f from Def 7.1")
def _art_table3(directory: Path) -> Outcome:
    out = _table_artifact(directory, "table3", table3_rows(TABLE_K, 6))
    out.explanation = "every identity holds" if out.matches else ""
    return out


@artifact("cash.appendix-f", PAPER, "Appendix 9.1, program Finding f(n)",
          "The Appendix program's f(n), as printed and repaired, against Def 7.1's f and Def 6.1")
def _art_appendix(directory: Path) -> Outcome:
    bound = 40
    literal = {(c[1], c[2]): c[3] for c in appendix_cases(bound, False, False)}
    rows, diffs = [], []
    for name, s, i, repaired, f in appendix_cases(bound, True, False):
        formula = f_def61(i) if s == SEC6 else ""
        rows.append([_label(s), name, i, f, formula, literal[(s, i)], repaired])
        if repaired != f:
            diffs.append(Difference(f"{_label(s)} f({i}), program repaired", repaired, f))
    path = write_csv(directory, "cash_appendix_f.csv",
                     ["game", "from", "n", "f (Def 7.1)", "f (Def 6.1)", "program as printed",
                      "program repaired"], rows)
    bad_literal = sum(1 for (s, i), v in literal.items() if v != f_values(s, bound)[i])
    return Outcome([path], len(rows), diffs,
                   f"As printed the program searches for a removal to a Player-II position when "
                   f"W(i) = II, where none exists, and assigns the never-set x when W(i) = I: it "
                   f"disagrees with Def 7.1 at {bad_literal} of {len(literal)} entries. With its "
                   f"two branches exchanged it gives Def 7.1's f (and Def 6.1 for NIM(1,3,4)) for "
                   f"every game whose set contains 1; the listed differences are the games without "
                   f"1 (NIM(2..L), NIM(L-2,L-1,L) for L >= 4), where f at a Player-II position is "
                   f"the largest f over Player I's moves, not the value x of the last Player-I "
                   f"position, and the cheapest winning removal is not always the first.")


@artifact("cash.example14", PAPER, "Section 5, the state (14; 9, 9)",
          "The line of play from (14; 9, 9) in NIM(1,3,4) with cash, with each state's winner "
          "and winning moves, against the facts Section 5 states")
def _art_example14(directory: Path) -> Outcome:
    data = printed(PAPER, "example14")
    solver = solver_for(CashNim(SEC6))
    rows = []
    for n, d_one, d_two, turn in data["line"]:
        position = (n, d_one, d_two) if turn == "I" else (n, d_two, d_one)
        wins = [o.move.count for o in solver.analyse(position).winning_moves]
        rows.append([n, d_one, d_two, turn, who(one_wins_line((n, d_one, d_two, turn))),
                     " ".join(map(str, wins))])
    path = write_csv(directory, "cash_example14.csv",
                     ["stones", "money of I", "money of II", "to move", "winner",
                      "winning removals of the player to move"], rows)
    checks = _example14_facts() + [(w, c, g) for w, c, g in
                                   ((x.position, x.claimed, x.computed) for x in
                                    _sec5_replies(lambda a: True).counterexamples)]
    diffs = [Difference(w, c, g) for w, c, g in checks if c != g]
    return Outcome([path], len(checks) + 2, diffs,
                   "After Player II removes 3 at (13; 8, 9, II) the state is (10; 8, 6): Player I "
                   "still wins (by removing 1 or 3), but not miserly - if he always removes one "
                   "stone, Player II answers with one stone each time and takes the last of the "
                   "10 stones with money to spare. After a removal of 4 the miserly strategy "
                   "works." if diffs else "every stated fact holds")


def _grid_artifact(directory: Path, name: str, games: list[tuple], predict_printed: Callable,
                   predict_fixed: Callable, title: str) -> Outcome:
    """``games``: (label, set, n). Writes a CSV of every cell and a PNG heatmap per game."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows, diffs, fixed_bad = [], [], 0
    fig, axes = plt.subplots(1, len(games), figsize=(3.2 * len(games), 3.4), squeeze=False)
    for ax, (label, s, n) in zip(axes[0], games):
        g = winner_grid(s, n)
        size = n + 2
        image = np.zeros((size, size))
        for d1 in range(size):
            for d2 in range(size):
                got = who(bool(g[n, d1, d2]))
                want, fixed = predict_printed(s, n, d1, d2), predict_fixed(s, n, d1, d2)
                rows.append([label, n, d1, d2, got, want or "", fixed])
                image[d1, d2] = 1 if got == "I" else 0
                if want and want != got:
                    diffs.append(Difference(f"{label} ({n}; {d1}, {d2})", want, got))
                    ax.plot(d2, d1, "x", color="red", markersize=4)
                fixed_bad += fixed != got
        ax.imshow(image, origin="lower", cmap="Greys", vmin=-0.3, vmax=1.3)
        ax.set_title(f"{label}, n = {n}", fontsize=9)
        ax.set_xlabel("d2 (Player II)")
        ax.set_ylabel("d1 (Player I)")
    fig.suptitle(title + " (black: Player I wins; red x: printed theorem wrong)", fontsize=9)
    png = write_png(fig, directory / f"{name}.png")
    plt.close(fig)
    path = write_csv(directory, f"{name}.csv",
                     ["game", "n", "d1", "d2", "winner", "printed theorem", "corrected theorem"],
                     rows)
    return Outcome([path, png], len(rows), diffs, f"corrected theorem wrong in {fixed_bad} cells")


@artifact("cash.thm4.5-grid", PAPER, "Section 4, Theorem 4.5",
          "Complete winner grids over (d1, d2) of NIM(1..L) with cash for L = 2, 3, 4 and several "
          "n, cell by cell against Theorem 4.5 as printed (Def 4.1's f, item 1(b) as printed)")
def _art_thm45(directory: Path) -> Outcome:
    games = [(f"NIM(1..{L})", sec4_set(L), n) for L, n in ((2, 6), (2, 7), (3, 8), (4, 10))]
    out = _grid_artifact(
        directory, "cash_thm4.5_grid", games,
        lambda s, n, d1, d2: thm45_printed(n, d1, d2, f_def41(len(s), n), len(s)),
        lambda s, n, d1, d2: thm45_corrected(n, d1, d2, f_def41_corrected(len(s), n), len(s)),
        "Theorem 4.5")
    out.explanation = (
        "The differences come from two errors: Def 4.1 prints f((L+1)k + i) = (L-1)k + i where "
        "the game gives Lk + i, so states with L-1 <= d/k < L count as rich; and item 1(b) names "
        f"Player II where the unlimited-funds winner Player I is meant. With both corrected the "
        f"theorem is right everywhere ({out.explanation}).")
    return out


@artifact("cash.thm6.10-grid", PAPER, "Section 6.7, Theorem 6.10",
          "Complete winner grids over (d1, d2) of NIM(1,3,4) with cash for several n, cell by "
          "cell against Theorem 6.10 as printed (items tried in order)")
def _art_thm610(directory: Path) -> Outcome:
    games = [("NIM(1,3,4)", SEC6, n) for n in (9, 14, 20, 27, 33)]
    out = _grid_artifact(directory, "cash_thm6.10_grid", games,
                         lambda s, n, d1, d2: thm610_printed(n, d1, d2),
                         lambda s, n, d1, d2: thm610_corrected(n, d1, d2), "Theorem 6.10")
    out.explanation = (
        "All differences are on the diagonal d1 = d2 < f(n) (item 6 = Theorem 6.9): with equal "
        "money and few stones Player II wins (Theorem 3.1(2), miserly), where items 6(a) and "
        "6(b) give the small n to Player I; the thresholds are n >= 14(b-3)/3 + 11 (b = 0 mod 3, "
        "b >= 3) and n >= 14(b-1)/3 + 5 (b = 1 mod 3), and b = 0 is the rich case of item 1. "
        "Item 4 (d1 < d2 without f(n)) is shadowed here by items 1-2, which are tried first. "
        f"With 6(a), 6(b) corrected the theorem is right everywhere ({out.explanation}).")
    return out

"""Claims and artifacts of G. Cairns and N. B. Ho, "Some Remarks on End-Nim" (end-nim.txt).

Closed forms (the functions l, r, r_m, r_o of Section 2 and the conditions of Theorems 2.1-2.3
and 5.1-5.4) are coded from the statements; the computed side is the generic solver for rows of
any length and the End-Nim kernel (through :func:`nimlab.tables.endnim_table`) for 2 and 3 piles.
Misere End-Nim follows nimlab's convention (normal play without the moves that end the game),
which is the one under which the paper's misere values hold.

Rows are written with ``a_1 <= a_k`` where a statement assumes it (reverse the row otherwise).
"""

from __future__ import annotations

from functools import reduce
from itertools import product
from operator import and_, or_
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from nimlab.engine.solver import Solver, solver_for
from nimlab.games import EndNim, Nim
from nimlab.theory.artifacts import Difference, Outcome, artifact, printed
from nimlab.theory.registry import KEEP, Counterexample, Evidence, claim, compare
from nimlab.theory.sharing import Unfolded, check_steps, compare_blocks, pick, write_csv

PAPER = "end-nim"
VARIANTS = ("normal", "misere", "loop")
GAMES = {v: EndNim(v) for v in VARIANTS}
NAMES = {"normal": "End-Nim", "misere": "misere End-Nim", "loop": "Loop-End-Nim"}


class UnfoldedEndNim(Unfolded, EndNim):
    pass


def show(row: Sequence[int]) -> str:
    return "(" + ",".join(map(str, row)) + ")"


def oriented(row: Sequence[int]) -> tuple[int, ...]:
    """The row or its reverse, whichever has ``a_1 <= a_k``."""
    row = tuple(row)
    return row if row[0] <= row[-1] else row[::-1]


# ================================================================================ Section 2
# The closed forms below take a row as a sequence of piles, each an int or (elementwise, for a
# whole box of rows at once) a NumPy array; arrays broadcast against each other and the ints.
def all_equal(values) -> bool:
    values = list(values)
    return reduce(and_, (x == values[0] for x in values[1:]), True)


def l_of(row: Sequence) -> int:
    """l(A): the largest i with a_1 = ... = a_{i-1} <= a_i (1-based)."""
    out = 1  # i = 1 always qualifies
    for i in range(2, len(row) + 1):
        out = pick(all_equal(row[: i - 1]) & (row[i - 2] <= row[i - 1]), i, out)
    return out


def r_of(row: Sequence, variant: str = "normal") -> int:
    """r(A) of Section 2 (r_m for misere, r_o for loop): the largest j with
    a_{k-j+1} >= a_{k-j+2} = ... = a_k; 0 for a constant row (r_m: 1 for all ones, r_o: 1 for
    any constant row)."""
    k = len(row)
    out = 1  # j = 1 always qualifies
    for j in range(2, k + 1):
        out = pick(all_equal(row[k - j + 1:]) & (row[k - j] >= row[k - j + 1]), j, out)
    constant = {"normal": 0, "misere": pick(row[0] == 1, 1, 0), "loop": 1}[variant]
    return pick(all_equal(row), constant, out)


def theorem2_p(row: Sequence, variant: str) -> bool:
    """Theorems 2.1 (normal), 2.2 (misere) and 2.3 (loop): whether the row is a P-position."""
    k = len(row)
    flip = row[0] > row[-1]
    a = [pick(flip, row[k - 1 - i], row[i]) for i in range(k)]  # oriented: a_1 <= a_k
    l, r = l_of(a), r_of(a, variant)
    return ((a[0] == a[-1]) & ((l + r) % 2 == 0)) | \
        ((a[-1] == a[0] + 1) & (l % 2 == 1) & (r % 2 == 0))


def constant_p(row: Sequence[int], variant: str) -> bool:
    """Corollary 2.4 (a)-(c): constant rows (a_1 = ... = a_k) that are P-positions."""
    k, a = len(row), row[0]
    if variant == "normal":
        return k % 2 == 0
    if variant == "misere":
        return (k % 2 == 0 and a > 1) or (k % 2 == 1 and a == 1)
    return k % 2 == 1


def rows(count: int, bound: int) -> list[tuple[int, ...]]:
    """All rows of ``count`` piles in 1..bound, in increasing order."""
    return [tuple(r) for r in product(range(1, bound + 1), repeat=count)]


#: Default bounds of the claims checked on the kernel's whole tables at once.
THREE, TWO = 300, 2000
#: Rows of 1, 4 and 5 piles (the generic solver, one row at a time) stay at piles <= SMALL.
SMALL = 6


def small_rows(bound: int) -> list[tuple[int, ...]]:
    """Rows of 1, 4 and 5 piles with piles <= min(bound, SMALL) and of 6 piles <= min(bound, 4):
    the rows of :func:`general_box` the kernels do not cover."""
    top = min(bound, SMALL)
    return [r for k in (1, 4, 5) for r in rows(k, top)] + rows(6, min(bound, 4))


def general_box(bound: int) -> list[tuple[int, ...]]:
    """Every row the Section 2 claims check, one by one: :func:`small_rows`, then the 2- and
    3-pile rows with piles <= bound (the order of :func:`row_blocks`)."""
    return small_rows(bound) + rows(2, bound) + rows(3, bound)


BOX_HELP = ("2- and 3-pile rows with piles <= bound, rows of 1, 4, 5 piles <= min(bound, 6) "
            "and of 6 piles <= 4; bound")


def row_blocks(bound: int, pair_bad=None, triple_bad=None, pair_box=None, triple_box=None):
    """The blocks of :func:`nimlab.theory.sharing.compare_blocks` for the 2-pile rows (prefix
    ``(2,)``, one block) and the 3-pile rows by first pile (prefix ``(3, a1)``), piles in
    1..bound.  ``pair_bad(a1, a2)`` and ``triple_bad(a1, a2, a3)`` get ``a1`` as an int (3 piles)
    or a column and the other piles as a column and a row; ``pair_box`` and ``triple_box`` (same
    arguments) limit the rows (default: all)."""
    piles = np.arange(1, bound + 1)
    col, row = piles[:, None], piles[None, :]
    full = np.ones((bound, bound), bool)
    if pair_bad is not None:
        box = full if pair_box is None else np.broadcast_to(pair_box(col, row), full.shape)
        yield (2,), box, pair_bad(col, row)
    if triple_bad is not None:
        for a1 in range(1, bound + 1):
            box = full if triple_box is None else \
                np.broadcast_to(triple_box(a1, col, row), full.shape)
            yield (3, a1), box, triple_bad(a1, col, row)


def row_of(c: tuple[int, ...]) -> tuple[int, ...]:
    """The row at index ``c`` of :func:`row_blocks`."""
    return (c[1] + 1, c[2] + 1) if c[0] == 2 else (c[1], c[2] + 1, c[3] + 1)


def rows_evidence(blocks, claimed, computed, note: str) -> Evidence:
    """:func:`compare_blocks` over :func:`row_blocks`, with claimed/computed/show of rows."""
    return compare_blocks(blocks, lambda c: claimed(row_of(c)), lambda c: computed(row_of(c)),
                          show=lambda c: show(row_of(c)), note=note)


def joined(first: Evidence, second: Evidence) -> Evidence:
    """Two checks run one after the other, as one."""
    return Evidence(first.checked + second.checked,
                    (first.counterexamples + second.counterexamples)[:KEEP],
                    "; ".join(x for x in (first.note, second.note) if x))

_KERNEL: dict[tuple[str, int], np.ndarray] = {}


def three_pile(variant: str, bound: int) -> np.ndarray:
    """``T[a, b, c]`` = value of the row (a, b, c), piles 1..bound (the kernel's table)."""
    have = _KERNEL.get((variant, 3))
    if have is None or have.shape[0] <= bound:
        from nimlab.tables import endnim_table

        have = _KERNEL[(variant, 3)] = endnim_table(3, max(bound, 1), variant).rows.values
    return have


def two_pile(variant: str, bound: int) -> np.ndarray:
    """``T[a, b]`` = value of the row (a, b), piles 1..bound (index 0 unused)."""
    have = _KERNEL.get((variant, 2))
    if have is None or have.shape[0] <= bound:
        from nimlab.tables import endnim_table

        inner = endnim_table(2, max(bound, 1), variant).array
        have = np.full((inner.shape[0] + 1,) * 2, -1, dtype=np.int64)
        have[1:, 1:] = inner
        _KERNEL[(variant, 2)] = have
    return have


def value(variant: str, row: Sequence[int]) -> int:
    """Value of any row: the kernel's tables for 2 and 3 piles, else the generic solver."""
    table = _KERNEL.get((variant, len(row)))
    if len(row) in (2, 3) and table is not None and max(row) < table.shape[0]:
        return int(table[tuple(row)])
    return solver_for(GAMES[variant]).value(tuple(row))


def p_tables(variant: str, bound: int) -> tuple[np.ndarray, np.ndarray]:
    """Where the 2- and 3-pile rows with piles in 1..bound are P-positions (kernel tables):
    ``(P2[a1-1, a2-1], P3[a1, a2-1, a3-1])`` (P3's first axis keeps the pile as its index)."""
    inner = slice(1, bound + 1)
    return (two_pile(variant, bound)[inner, inner] == 0,
            three_pile(variant, bound)[:, inner, inner] == 0)


@claim("endnim.sec1.reverse", PAPER, "Section 1", "claim",
       "Reversing a row does not change its value, in all three games (so one may assume "
       "a_1 <= a_k); computed without folding reversed rows together.",
       bound=5, bound_help="piles <= (k <= 4)")
def _reverse(bound: int) -> Evidence:
    cases = [(v, r) for v in VARIANTS for k in range(1, 5) for r in rows(k, bound)]
    raw = {v: Solver(UnfoldedEndNim(v)) for v in VARIANTS}
    return compare(cases, lambda c: raw[c[0]].value(c[1][::-1]), lambda c: raw[c[0]].value(c[1]),
                   show=lambda c: f"{NAMES[c[0]]} {show(c[1])}")


def box_note(bound: int) -> str:
    return (f"rows of 1, 4, 5 piles <= {min(bound, SMALL)} and 6 piles <= {min(bound, 4)} one by "
            f"one; 2- and 3-pile rows <= {bound:,} on the kernel's whole tables")


def _register_thm2(cid: str, place: str, variant: str, text: str) -> None:
    @claim(cid, PAPER, place, "theorem", text, bound=THREE, bound_help=BOX_HELP)
    def check(bound: int) -> Evidence:
        P2, P3 = p_tables(variant, bound)

        def claimed(r):
            return theorem2_p(r, variant)

        def computed(r):
            return value(variant, r) == 0

        blocks = row_blocks(bound, lambda a1, a2: P2 != theorem2_p((a1, a2), variant),
                            lambda a1, a2, a3: P3[a1] != theorem2_p((a1, a2, a3), variant))
        return joined(compare(small_rows(bound), claimed, computed, show=show),
                      rows_evidence(blocks, claimed, computed, box_note(bound)))


_register_thm2("endnim.thm2.1", "Theorem 2.1", "normal",
               "In End-Nim a row with a_1 <= a_k is a P-position iff (a) a_1 = a_k and l(A) + r(A) "
               "is even, or (b) a_k = a_1 + 1, l(A) is odd and r(A) is even.")
_register_thm2("endnim.thm2.2", "Theorem 2.2", "misere",
               "In misere End-Nim the same holds with r_m (r, except r_m = 1 for a row of ones).")
_register_thm2("endnim.thm2.3", "Theorem 2.3", "loop",
               "In Loop-End-Nim the same holds with r_o (r, except r_o = 1 for a constant row).")


def _register_closure(variant: str, theorem: str) -> None:
    @claim(f"endnim.thm2.{theorem}.proof", PAPER, f"Theorem 2.{theorem}, proof (Sections 2-3)",
           "claim", f"The rows meeting the conditions of Theorem 2.{theorem} are closed as the "
           "P-positions must be: no move joins two of them, and every other row has a move to "
           "one of them (checked on the conditions alone, without values).",
           bound=5, bound_help="rows of 1-5 piles, piles <=")
    def check(bound: int) -> Evidence:
        game = GAMES[variant]
        cases = [r for k in range(1, 6) for r in rows(k, bound)]

        def verdict(r):  # the empty row (normal play's end) counts as a P-position
            zero = [q for q in game.successors(r) if not q or theorem2_p(q, variant)]
            if theorem2_p(r, variant):
                return f"moves to {show(zero[0])}" if zero else "closed"
            return "closed" if zero else "no move to a row meeting the conditions"

        return compare(cases, lambda r: "closed", verdict, show=show)


for _variant, _number in (("normal", "1"), ("misere", "2"), ("loop", "3")):
    _register_closure(_variant, _number)


@claim("endnim.cor2.4", PAPER, "Corollary 2.4", "corollary",
       "The three games have the same P-positions among rows that are not constant.",
       bound=THREE, bound_help=BOX_HELP)
def _cor24(bound: int) -> Evidence:
    tables = [p_tables(v, bound) for v in VARIANTS]

    def verdict(r):
        if len({value(v, r) == 0 for v in VARIANTS}) == 1:
            return "same in all three"
        return ", ".join(f"{NAMES[v]}: {'P' if value(v, r) == 0 else 'N'}" for v in VARIANTS)

    def differ(P):  # the three games disagree
        return (P[0] != P[1]) | (P[0] != P[2])

    blocks = row_blocks(bound, lambda a1, a2: differ([t[0] for t in tables]),
                        lambda a1, a2, a3: differ([t[1][a1] for t in tables]),
                        pair_box=lambda a1, a2: a1 != a2,
                        triple_box=lambda a1, a2, a3: (a2 != a1) | (a3 != a1))
    return joined(compare([r for r in small_rows(bound) if len(set(r)) > 1],
                          lambda r: "same in all three", verdict, show=show),
                  rows_evidence(blocks, lambda r: "same in all three", verdict,
                                box_note(bound) + ", rows not constant"))


def _register_cor24(item: str, variant: str, text: str) -> None:
    @claim(f"endnim.cor2.4.{item}", PAPER, f"Corollary 2.4 ({item})", "corollary", text,
           bound=12, bound_help="piles and row length <=")
    def check(bound: int) -> Evidence:
        cases = [(a,) * k for k in range(1, bound + 1) for a in range(1, bound + 1)]
        return compare(cases, lambda r: constant_p(r, variant),
                       lambda r: value(variant, r) == 0, show=show)


_register_cor24("a", "normal",
                "A constant row of k piles is a P-position of End-Nim iff k is even.")
_register_cor24("b", "misere", "A constant row (a,...,a) of k piles is a P-position of misere "
                "End-Nim iff k is even and a > 1, or k is odd and a = 1.")
_register_cor24("c", "loop", "A constant row of k piles is a P-position of Loop-End-Nim iff k "
                "is odd.")


# ================================================================================ Section 3
def _ones(k: int) -> tuple[int, ...]:
    return (1,) * k


# The proofs' moves in Section 3: (id, variant, the positions A of that step, the target).
SECTION3 = [
    ("endnim.thm2.2.proof.1", "misere", "Proof of Theorem 2.2, (1), first step",
     "A row of an even number of ones moves to a P-position by dropping an end pile.",
     lambda r: set(r) == {1} and len(r) % 2 == 0, lambda r: r[:-1]),
    ("endnim.thm2.2.proof.2", "misere", "Proof of Theorem 2.2, (1), former case",
     "A row (1,...,1,a_k), a_k > 1, of even length moves to a P-position by removing a_k.",
     lambda r: len(r) % 2 == 0 and set(r[:-1]) == {1} and r[-1] > 1, lambda r: r[:-1]),
    ("endnim.thm2.2.proof.3", "misere", "Proof of Theorem 2.2, (1), latter case",
     "A row (1,...,1,a_k), a_k > 1, of odd length moves to a P-position by reducing a_k to 1.",
     lambda r: len(r) % 2 == 1 and set(r[:-1]) == {1} and r[-1] > 1, lambda r: r[:-1] + (1,)),
    ("endnim.thm2.3.proof.1", "loop", "Proof of Theorem 2.3, (1), first step",
     "A constant row of even length moves to a P-position by dropping an end pile.",
     lambda r: len(set(r)) == 1 and len(r) % 2 == 0, lambda r: r[:-1]),
    ("endnim.thm2.3.proof.2", "loop", "Proof of Theorem 2.3, (1), former case",
     "A row (a,...,a,a_k), a < a_k, of even length moves to a P-position by removing a_k.",
     lambda r: len(r) % 2 == 0 and len(set(r[:-1])) == 1 and r[-1] > r[0], lambda r: r[:-1]),
    ("endnim.thm2.3.proof.3a", "loop", "Proof of Theorem 2.3, (1), latter case (a)",
     "A row a_1 < a_2 = ... = a_k of odd length moves to C = (a_1,...,a_{k-1},a_1), a "
     "P-position with l(C) + r_o(C) = 4.",
     lambda r: len(r) % 2 == 1 and len(r) >= 3 and len(set(r[1:])) == 1 and r[0] < r[1],
     lambda r: r[:-1] + (r[0],)),
    ("endnim.thm2.3.proof.3b", "loop", "Proof of Theorem 2.3, (1), latter case (b)",
     "A row a_1 = ... = a_{k-1} < a_k of odd length moves to (a_1,...,a_{k-1},a_{k-1}).",
     lambda r: len(r) % 2 == 1 and len(r) >= 2 and len(set(r[:-1])) == 1 and r[-1] > r[0],
     lambda r: r[:-1] + (r[-2],)),
]


def two_level_rows(bound: int) -> list[tuple[int, ...]]:
    """Rows (a,...,a,b,...,b) of length <= bound with a, b <= bound: every row the proofs of
    Section 3 treat (constant rows, a constant row with a different last or first pile)."""
    found = {(a,) * i + (b,) * (k - i) for k in range(1, bound + 1) for i in range(k + 1)
             for a in range(1, bound + 1) for b in range(1, bound + 1)}
    return sorted(found, key=lambda r: (len(r), r))


def _register_section3(cid, variant, place, text, when, target) -> None:
    @claim(cid, PAPER, place, "claim", text, bound=12, bound_help="piles and row length <=")
    def check(bound: int) -> Evidence:
        cases = two_level_rows(bound)
        game = GAMES[variant]
        ev = check_steps(game, solver_for(game), cases,
                         lambda r: (r, target(r)) if when(r) else None, 0, show=show)
        if cid.endswith("3a"):  # the proof also says l(C) + r_o(C) = 4
            sums = [(r, l_of(target(r)) + r_of(target(r), "loop")) for r in cases if when(r)]
            ev.counterexamples += [Counterexample(show(r), "l(C) + r_o(C) = 4", total)
                                   for r, total in sums if total != 4][:3]
        return ev


for _entry in SECTION3:
    _register_section3(*_entry)


# ================================================================================ Section 4
def two_note(bound: int) -> str:
    return f"every 2-pile row with piles <= {bound:,}, on the kernel's whole table"


def _two_pile_claim(cid, place, kind, text, variant, formula, bound=TWO):
    @claim(cid, PAPER, place, kind, text, bound=bound, bound_help="piles <=")
    def check(bound: int) -> Evidence:
        T = two_pile(variant, bound)[1:bound + 1, 1:bound + 1]
        return rows_evidence(row_blocks(bound, lambda a1, a2: T != formula(a1, a2)),
                             lambda r: formula(*r), lambda r: value(variant, r), two_note(bound))


_two_pile_claim("endnim.sec4.nim", "Section 4", "claim",
                "Two-pile End-Nim is two-pile Nim: G(a,b) = a XOR b.", "normal",
                lambda a, b: a ^ b)
_two_pile_claim("endnim.prop4.1", "Proposition 4.1", "proposition",
                "In Loop-End-Nim, G_o(a,b) = ((a-1) XOR (b-1)) + 1 for all a, b > 0.", "loop",
                lambda a, b: ((a - 1) ^ (b - 1)) + 1)


def _two_pile_set(cid, place, kind, text, variant, g, rule, bound=TWO):
    """``rule(x, y)`` (elementwise, x <= y) says whether the row has value ``g``."""
    @claim(cid, PAPER, place, kind, text, bound=bound, bound_help="piles <=")
    def check(bound: int) -> Evidence:
        T = two_pile(variant, bound)[1:bound + 1, 1:bound + 1]
        def bad(a1, a2):
            return (T == g) != rule(np.minimum(a1, a2), np.maximum(a1, a2))

        return rows_evidence(row_blocks(bound, bad), lambda r: rule(*sorted(r)),
                             lambda r: value(variant, r) == g, two_note(bound))


_two_pile_set("endnim.sec6.two-pile", "Section 6, proof of property (1)", "claim",
              "In End-Nim a row (x,y), x <= y, has value 1 iff x is even and y = x + 1.",
              "normal", 1, lambda x, y: even(x) & (y == x + 1))
_two_pile_set("endnim.sec4.misere0", "Section 4, before Proposition 4.2", "claim",
              "In misere End-Nim a row (a,b) has value 0 iff a = b != 1.", "misere", 0,
              lambda a, b: (a == b) & (b != 1))
_two_pile_set("endnim.prop4.2", "Proposition 4.2", "proposition",
              "In misere End-Nim a row (a,b), a <= b, has value 1 iff a = b = 1, or a >= 3 is odd "
              "and b = a + 1.", "misere", 1,
              lambda a, b: ((a == 1) & (b == 1)) | ((a >= 3) & odd(a) & (b == a + 1)))


class MisereNim(Nim):
    """Nim in which the player who takes the last token loses (nimlab's misere convention)."""

    misere = True


@claim("endnim.sec4.misere-nim", PAPER, "Section 4, before Proposition 4.2", "claim",
       "With two piles misere End-Nim is misere Nim: G_m(a,b) equals the misere-Nim value of "
       "(a,b) (an emptied pile leaves the row, a pile of 0 in Nim).", bound=30,
       bound_help="piles <=")
def _misere_nim(bound: int) -> Evidence:
    T = two_pile("misere", bound)
    nim = Solver(MisereNim())
    cases = [(a, b) for a in range(1, bound + 1) for b in range(1, bound + 1)]
    return compare(cases, lambda c: nim.value(c), lambda c: int(T[c]), show=show)


# ================================================================================ Section 5
def p3(variant: str) -> Callable:
    """Section 5's description of the 3-pile P-positions (ints or arrays, elementwise)."""
    def rule(a1, a2, a3):
        symmetric = (a3 == a1) & (a2 != a1)
        if variant == "misere":
            return symmetric | ((a1 == 1) & (a2 == 1) & (a3 == 1))
        if variant == "loop":
            return symmetric | ((a1 == a2) & (a2 == a3))
        return symmetric
    return rule


def odd(n):
    return n % 2 == 1


def even(n):
    return n % 2 == 0


def exactly(*piles):
    """Whether the row is exactly ``piles`` (elementwise)."""
    return lambda *row: reduce(and_, (x == y for x, y in zip(row, piles)), True)


# Theorems 5.1-5.4: (variant, value, {item: condition on (a1, a2, a3) with a1 <= a3}).  The
# conditions are written with & and | so that they apply to ints and elementwise to arrays.
THEOREMS5 = {
    "endnim.thm5.1": ("normal", 1, "Theorem 5.1", {
        "a": exactly(1, 1, 1),
        "b.i": lambda a1, a2, a3: (a3 == a1 + 1) & even(a1) & (a2 < a1),
        "b.ii": lambda a1, a2, a3: (a3 == a1 + 1) & odd(a1) & (a2 > a1) & (a2 != a1 + 2),
        "c": lambda a1, a2, a3: (a3 == a1 + 2) & odd(a1) & (a2 == a3)}),
    "endnim.thm5.2": ("misere", 1, "Theorem 5.2", {
        "a": exactly(1, 2, 2),
        "b": lambda a1, a2, a3: (a1 == a2) & (a2 == a3) & (a3 >= 3),
        "c.i": lambda a1, a2, a3: (a3 == a1 + 1) & even(a1) & (a2 == 1),
        "c.ii": lambda a1, a2, a3: (a3 == a1 + 1) & odd(a1) & (((2 <= a2) & (a2 < a1)) |
                                                             (a2 > a3))}),
    "endnim.thm5.3": ("loop", 1, "Theorem 5.3", {
        "a.i": lambda a1, a2, a3: (a3 == a1 + 1) & even(a1) & (a2 < a1),
        "a.ii": lambda a1, a2, a3: (a3 == a1 + 1) & odd(a1) & (a2 > a3),
        "b": lambda a1, a2, a3: (a3 == a1 + 2) & odd(a1) & (a2 == a1 + 1)}),
    "endnim.thm5.4": ("normal", 2, "Theorem 5.4", {
        "a": lambda a1, a2, a3: (a1 == a2) & (a2 == a3) & (a3 >= 2) &
        ((a1 % 4 == 1) | (a1 % 4 == 2)),
        "b.i": exactly(1, 1, 2),
        "b.ii": lambda a1, a2, a3: (a3 == a1 + 1) & (a1 % 4 == 2) & (a2 == a3),
        "b.iii": lambda a1, a2, a3: (a3 == a1 + 1) & odd(a1) & (a1 >= 7) & (5 <= a2) &
        (a2 <= a1 - 1) & ((a2 % 4 == 1) | (a2 % 4 == 2)) &
        ((a1 % 4 != 3) | (a2 != a1 - 2)),
        "c.i": lambda a1, a2, a3: (a3 == a1 + 2) & (a1 % 4 == 0) & (a2 <= a1 - 1) &
        ((a2 < 5) | (a2 % 4 == 0) | (a2 % 4 == 3)),
        "c.ii.I": exactly(1, 2, 3),
        "c.ii.II": lambda a1, a2, a3: (a3 == a1 + 2) & (a1 % 4 == 1) & (a2 >= a1 + 3),
        "c.ii.III": lambda a1, a2, a3: (a3 == a1 + 2) & (a1 % 4 == 1) & (a2 <= a1 - 1) &
        ((a2 < 5) | (a2 % 4 == 0) | (a2 % 4 == 3)),
        "c.iii": lambda a1, a2, a3: (a3 == a1 + 2) & (a1 % 4 == 2) &
        (((a2 == a1 - 1) & (a1 - 1 >= 5)) | ((a2 >= a1 + 2) & (a2 != a1 + 4))),
        "d": lambda a1, a2, a3: (a3 == a1 + 3) & (a1 % 4 == 2) & (a2 == a1 + 4)}),
}


def theorem5(cid: str) -> Callable[[tuple[int, int, int]], bool]:
    """Whether a 3-pile row meets one of the theorem's conditions (after orienting it)."""
    items = THEOREMS5[cid][3]
    return lambda r: any(cond(*oriented(r)) for cond in items.values())


def three_box(bound: int) -> list[tuple[int, int, int]]:
    return [r for r in rows(3, bound) if r[0] <= r[2]]


def in_three_box(a1, a2, a3):
    """The rows of :func:`three_box` (elementwise)."""
    return a1 <= a3


def three_note(bound: int) -> str:
    return f"every 3-pile row with a1 <= a3, piles <= {bound:,}, on the kernel's whole table"


def _register_p3(variant: str) -> None:
    @claim(f"endnim.sec5.p.{variant}", PAPER, "Section 5, first paragraph", "claim",
           {"normal": "In 3-pile End-Nim the P-positions are the rows (a,b,a) with b != a.",
            "misere": "In 3-pile misere End-Nim the P-positions are the rows (a,b,a), b != a, "
                      "and (1,1,1).",
            "loop": "In 3-pile Loop-End-Nim the P-positions are the rows (a,b,a), b != a, and "
                    "the constant rows (a,a,a)."}[variant],
           bound=THREE, bound_help="piles <=")
    def check(bound: int) -> Evidence:
        _, P3 = p_tables(variant, bound)
        return rows_evidence(row_blocks(bound, triple_bad=lambda *r: P3[r[0]] != p3(variant)(*r),
                                        triple_box=in_three_box),
                             lambda r: p3(variant)(*r), lambda r: value(variant, r) == 0,
                             three_note(bound))


for _v in VARIANTS:
    _register_p3(_v)


def _register_thm5(cid: str) -> None:
    variant, g, place, items = THEOREMS5[cid]

    @claim(cid, PAPER, place, "theorem",
           f"In 3-pile {NAMES[variant]}, a row (a1,a2,a3) with a1 <= a3 has value {g} iff it "
           f"meets one of the conditions {', '.join(items)} of {place}.",
           bound=THREE, bound_help="piles <=")
    def check(bound: int) -> Evidence:
        T = three_pile(variant, bound)[:, 1:bound + 1, 1:bound + 1]

        def bad(*r):  # in the box a1 <= a3, so the rows are already oriented
            return (T[r[0]] == g) != reduce(or_, (cond(*r) for cond in items.values()))

        return rows_evidence(row_blocks(bound, triple_bad=bad, triple_box=in_three_box),
                             theorem5(cid), lambda r: value(variant, r) == g, three_note(bound))

    for item, cond in items.items():
        _register_item(cid, item, cond, variant, g, place)


def _register_item(cid, item, cond, variant, g, place) -> None:
    @claim(f"{cid}.{item.lower()}", PAPER, f"{place} ({item})", "theorem",
           f"Every 3-pile row meeting condition ({item}) of {place} has value {g} in "
           f"{NAMES[variant]}.", bound=THREE, bound_help="piles <=")
    def check(bound: int) -> Evidence:
        T = three_pile(variant, bound)[:, 1:bound + 1, 1:bound + 1]
        return rows_evidence(row_blocks(bound, triple_bad=lambda *r: T[r[0]] != g,
                                        triple_box=lambda *r: in_three_box(*r) & cond(*r)),
                             lambda r: g, lambda r: value(variant, r), three_note(bound))


for _cid in THEOREMS5:
    _register_thm5(_cid)


# ================================================================================ Section 6
def one_position(row: Sequence[int]) -> bool:
    """Section 6's 1-positions: 2-pile rows of value 1 (x XOR y = 1) and Theorem 5.1's rows."""
    if len(row) == 2:
        return row[0] ^ row[1] == 1
    return len(row) == 3 and theorem5("endnim.thm5.1")(row)


@claim("endnim.sec6.prop1", PAPER, "Section 6, property (1)", "claim",
       "No move leads from a 1-position (Theorem 5.1's rows and the 2-pile rows of value 1) to "
       "another 1-position.", bound=30, bound_help="piles <=")
def _sec6_prop1(bound: int) -> Evidence:
    game = GAMES["normal"]
    cases = [r for r in three_box(bound) if one_position(r)]
    return compare(cases, lambda r: "no move to a 1-position",
                   lambda r: next((f"moves to {show(q)}" for q in game.successors(r)
                                   if one_position(q)), "no move to a 1-position"), show=show)


@claim("endnim.sec6.adjacent", PAPER, "Section 6, proof of property (1)", "claim",
       "If a 3-pile row is a 1-position then |a3 - a2| != 1, and if |a1 - a2| = 1 it is of "
       "type (b).", bound=40, bound_help="piles <=")
def _sec6_adjacent(bound: int) -> Evidence:
    b_type = THEOREMS5["endnim.thm5.1"][3]
    cases = [r for r in three_box(bound) if one_position(r)]

    def facts(r):
        a1, a2, a3 = r
        return abs(a3 - a2) != 1 and (abs(a1 - a2) != 1 or b_type["b.i"](*r) or
                                      b_type["b.ii"](*r))

    return compare(cases, lambda r: True, facts, show=show)


# Section 6, moves B1-B7 from 1-positions of types (c) and (b), each claimed not a 1-position.
PROP1_MOVES = {
    "B1": ("c", lambda a1, a2: (a1, a1 + 2, a1 + 1)),
    "B2": ("c", lambda a1, a2: (a1, a1 + 2, a1 - 1)),
    "B3": ("c", lambda a1, a2: (a1, a1 + 2, a1 - 2)),
    "B4": ("b", lambda a1, a2: (a1 - 1, a2, a1 + 1)),
    "B5": ("b", lambda a1, a2: (a1, a2, a1 - 2)),
    "B6": ("b", lambda a1, a2: (a1, a2, a1 - 1)),
    "B7": ("b", lambda a1, a2: (a1, a2, a1)),
}


@claim("endnim.sec6.b-moves", PAPER, "Section 6, (6.1) and (6.2)", "claim",
       "The moves B1-B3 from a type (c) 1-position and B4-B7 from a type (b) 1-position never "
       "reach a 1-position.", bound=40, bound_help="piles <=")
def _sec6_bmoves(bound: int) -> Evidence:
    items = THEOREMS5["endnim.thm5.1"][3]
    cases = []
    for r in three_box(bound):
        kind = "c" if items["c"](*r) else "b" if items["b.i"](*r) or items["b.ii"](*r) else None
        for name, (t, target) in PROP1_MOVES.items():
            b = target(r[0], r[1])
            if kind == t and min(b) >= 1:
                cases.append((r, name, b))
    return compare(cases, lambda c: False, lambda c: one_position(c[2]),
                   show=lambda c: f"{show(c[0])} -> {c[1]} = {show(c[2])}")


# Property (2): the seven cases and their subcases, (case, subcase, condition, target row).
CASES6 = {
    "a": lambda b1, b2, b3: b3 > b1 + 2,
    "b": lambda b1, b2, b3: b3 == b1 + 2 and not odd(b1),
    "c": lambda b1, b2, b3: b3 == b1 + 2 and odd(b1) and b2 != b3,
    "d": lambda b1, b2, b3: b3 == b1 + 1 and not odd(b1) and b2 >= b1,
    "e": lambda b1, b2, b3: b3 == b1 + 1 and odd(b1) and b2 <= b1,
    "f": lambda b1, b2, b3: b3 == b1 + 1 and odd(b1) and b2 == b1 + 2,
    "g": lambda b1, b2, b3: b3 == b2 == b1 and b1 != 1,
}
_EVEN_LOW = ("i", lambda b1, b2: not odd(b1) and b2 < b1, lambda b1, b2: (b1, b2, b1 + 1))
_EVEN_MID = ("ii", lambda b1, b2: not odd(b1) and (b2 == b1 or b2 > b1 + 1),
             lambda b1, b2: (b1, b2, b1 - 1))
_EVEN_NEXT = ("iii", lambda b1, b2: not odd(b1) and b2 == b1 + 1, lambda b1, b2: (b1, b2))
_ODD = [
    (lambda b1, b2: odd(b1) and (b2 == b1 + 1 or b2 > b1 + 2), lambda b1, b2: (b1, b2, b1 + 1)),
    (lambda b1, b2: odd(b1) and b2 == b1 + 2, lambda b1, b2: (b1, b2, b2)),
    (lambda b1, b2: odd(b1) and b1 > 1 and b2 < b1 - 1, lambda b1, b2: (b1, b2, b1 - 1)),
    (lambda b1, b2: odd(b1) and b1 > 1 and b2 == b1, lambda b1, b2: (b1, b1, b1 - 2)),
    (lambda b1, b2: odd(b1) and b1 > 1 and b2 == b1 - 1, lambda b1, b2: (b1, b1 - 1)),
    (lambda b1, b2: b1 == b2 == 1, lambda b1, b2: (1, 1, 1)),
]
SUBCASES6 = {
    "a": [_EVEN_LOW, _EVEN_MID, _EVEN_NEXT] + [
        (n, c, t) for n, (c, t) in zip(("iv", "v", "vi", "vii", "viii", "ix"), _ODD)],
    "b": [_EVEN_LOW, _EVEN_MID, _EVEN_NEXT],
    "c": [(n, c, t) for n, (c, t) in zip(("i", "ii", "iii", "iv", "v"),
                                         [_ODD[0]] + _ODD[2:])],
    "d": [("i",) + _EVEN_MID[1:], ("ii",) + _EVEN_NEXT[1:]],
    "e": [(n, c, t) for n, (c, t) in zip(("i", "ii", "iii", "iv"), _ODD[2:])],
    "f": [("", lambda b1, b2: True, lambda b1, b2: (b2, b1 + 1))],
    "g": [("i", lambda b1, b2: odd(b1), lambda b1, b2: (b1 - 2, b1, b1)),
          ("ii", lambda b1, b2: not odd(b1), lambda b1, b2: (b1, b1, b1 - 1))],
}


def property2_domain(bound: int) -> list[tuple[int, int, int]]:
    """3-pile rows (b1 <= b3) that are neither 0-positions nor 1-positions (Theorem 5.1)."""
    return [r for r in three_box(bound) if not p3("normal")(*r) and not one_position(r)]


@claim("endnim.sec6.cases", PAPER, "Section 6, proof of property (2)", "claim",
       "Every 3-pile row that is neither a 0- nor a 1-position falls in one of the cases (a)-(g) "
       "and in one of that case's subcases.", bound=40, bound_help="piles <=")
def _sec6_cases(bound: int) -> Evidence:
    def where(r):
        for case, cond in CASES6.items():
            if cond(*r):
                hit = [n for n, c, _ in SUBCASES6[case] if c(r[0], r[1])]
                return "covered" if hit else f"case ({case}), no subcase"
        return "no case"

    return compare(property2_domain(bound), lambda r: "covered", where, show=show)


def _register_case6(case: str, sub: str, cond, target) -> None:
    label = f"{case}.{sub}" if sub else case
    place = f"Section 6, property (2), case ({case})" + (f"({sub})" if sub else "")

    @claim(f"endnim.sec6.case.{label}", PAPER, place, "claim",
           f"In case ({case}){f'({sub})' if sub else ''} the printed move reaches a 1-position.",
           bound=30, bound_help="piles <=")
    def check(bound: int) -> Evidence:
        game = GAMES["normal"]
        three_pile("normal", bound)
        plan = (lambda r: (r, target(r[0], r[1]))
                if CASES6[case](*r) and cond(r[0], r[1]) else None)
        return check_steps(game, solver_for(game), property2_domain(bound), plan, 1, show=show)


for _case, _subs in SUBCASES6.items():
    for _sub, _cond, _target in _subs:
        _register_case6(_case, _sub, _cond, _target)


# ================================================================================ artifact
def theorem_class(variant: str, row: tuple[int, int, int]) -> str:
    """What Sections 5-6 say a 3-pile row's value is: '0', '1', '2' or '' (no statement)."""
    if p3(variant)(*oriented(row)):
        return "0"
    if theorem5({"normal": "endnim.thm5.1", "misere": "endnim.thm5.2",
                 "loop": "endnim.thm5.3"}[variant])(row):
        return "1"
    if variant == "normal" and theorem5("endnim.thm5.4")(row):
        return "2"
    return "" if variant != "normal" else ">2"


@artifact("endnim.p3", PAPER, "Section 5 (Theorems 5.1-5.4)",
          "3-pile rows of value 0, 1 and 2 in End-Nim, misere End-Nim and Loop-End-Nim")
def _art_p3(directory: Path) -> Outcome:
    data = printed(PAPER, "p3")
    bound = data["bound"]
    files, diffs, compared = [], [], 0
    for variant in VARIANTS:
        T = three_pile(variant, bound)
        out = []
        for r in rows(3, bound):
            g = int(T[r])
            said = theorem_class(variant, r)
            if g <= 2:
                out.append([*r, g, said])
            if said in ("0", "1", "2") or (said == ">2") or (said == "" and g < 2):
                compared += 1
                ok = (str(g) == said) if said in ("0", "1", "2") else \
                    (g > 2 if said == ">2" else g >= 2)
                if not ok and len(diffs) < 200:
                    diffs.append(Difference(f"{NAMES[variant]} {show(r)}",
                                            f"value {said or '>= 2'} (theorems)", g))
        files.append(write_csv(directory / f"endnim_{variant}_values_0_2.csv",
                               ["a1", "a2", "a3", "value", "theorems say"], out))
    return Outcome(files, compared, diffs,
                   "" if not diffs else "rows whose computed value is not the one Sections 5-6 "
                   "state (value 2 is stated for End-Nim only, by Theorem 5.4)")

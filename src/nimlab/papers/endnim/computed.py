"""The computed side of End-Nim's claims: the kernel's 2- and 3-pile tables, the generic solver
for rows of other lengths, the boxes of rows the claims check, and the helpers that turn a
statement about rows into a check over the kernel's whole tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Callable, Sequence

import numpy as np

from nimlab.claims.checks import Region, Unfolded
from nimlab.claims.registry import KEEP, Evidence
from nimlab.engine.solver import solver_for
from nimlab.games import EndNim, Nim
from nimlab.papers.endnim.formulas import VARIANTS, show

PAPER = "end-nim"
GAMES = {v: EndNim(v) for v in VARIANTS}


class UnfoldedEndNim(Unfolded, EndNim):
    pass


class MisereNim(Nim):
    """Nim in which the player who takes the last token loses (nimlab's misere convention)."""

    misere = True


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


def box_note(bound: int) -> str:
    return (f"rows of 1, 4, 5 piles <= {min(bound, SMALL)} and 6 piles <= {min(bound, 4)} one by "
            f"one; 2- and 3-pile rows <= {bound:,} on the kernel's whole tables")


def three_box(bound: int) -> list[tuple[int, int, int]]:
    return [r for r in rows(3, bound) if r[0] <= r[2]]


def in_three_box(a1, a2, a3):
    """The rows of :func:`three_box` (elementwise)."""
    return a1 <= a3


def three_note(bound: int) -> str:
    return f"every 3-pile row with a1 <= a3, piles <= {bound:,}, on the kernel's whole table"


def two_note(bound: int) -> str:
    return f"every 2-pile row with piles <= {bound:,}, on the kernel's whole table"


# ================================================================================ the tables
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


def normal_solver(bound: int):
    """The value function of the generic End-Nim solver, after building the kernel's 3-pile
    table up to ``bound``."""
    three_pile("normal", bound)
    return solver_for(GAMES["normal"]).value


# ================================================================================ rows as blocks
def row_blocks(bound: int, pair_bad=None, triple_bad=None, pair_box=None, triple_box=None):
    """The blocks of :func:`nimlab.claims.checks.compare_blocks` for the 2-pile rows (prefix
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


def row_region(table: Callable[[int], Any], blocks: Callable[[Any, int], Any],
               claimed: Callable[[tuple], Any], computed: Callable[[tuple], Any],
               note: Callable[[int], str]) -> Region:
    """A :class:`Region` over :func:`row_blocks`: ``claimed(row)`` and ``computed(row)`` describe
    the counterexamples kept, named by their rows."""
    return Region(table, blocks, claimed=lambda data, c: claimed(row_of(c)),
                  computed=lambda data, c: computed(row_of(c)),
                  show=lambda c: show(row_of(c)), note=note)


@dataclass(frozen=True)
class Joined:
    """Two checks run one after the other, as one: the cases are counted together and the
    counterexamples of the first come first (the smallest rows are the first check's)."""

    first: Callable[[int], Evidence]
    second: Callable[[int], Evidence]

    def __call__(self, bound: int) -> Evidence:
        one, two = self.first(bound), self.second(bound)
        return Evidence(one.checked + two.checked,
                        (one.counterexamples + two.counterexamples)[:KEEP],
                        "; ".join(x for x in (one.note, two.note) if x))

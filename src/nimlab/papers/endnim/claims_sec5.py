"""End-Nim, Section 5: the 3-pile P-positions and Theorems 5.1-5.4 (values 1 and 2)."""

from __future__ import annotations

from functools import reduce
from operator import or_

from nimlab.claims.registry import Claim, holds, register
from nimlab.papers.endnim.computed import (PAPER, THREE, in_three_box, p_tables, row_blocks,
                                           row_region, three_note, three_pile, value)
from nimlab.papers.endnim.formulas import NAMES, THEOREMS5, VARIANTS, p3, theorem5

P3_TEXT = {
    "normal": "In 3-pile End-Nim the P-positions are the rows (a,b,a) with b != a.",
    "misere": "In 3-pile misere End-Nim the P-positions are the rows (a,b,a), b != a, and "
              "(1,1,1).",
    "loop": "In 3-pile Loop-End-Nim the P-positions are the rows (a,b,a), b != a, and the "
            "constant rows (a,a,a)."}


def inner(variant: str):
    """``T[a1, a2-1, a3-1]``: the kernel's 3-pile table, piles 1..bound."""
    return lambda bound: three_pile(variant, bound)[:, 1:bound + 1, 1:bound + 1]


def p_positions(variant: str):
    """Section 5's 3-pile P-positions against the kernel's, rows with a1 <= a3."""
    rule = p3(variant)
    return row_region(lambda bound: p_tables(variant, bound)[1],
                      lambda P3, bound: row_blocks(bound,
                                                   triple_bad=lambda *r: P3[r[0]] != rule(*r),
                                                   triple_box=in_three_box),
                      lambda r: rule(*r), lambda r: value(variant, r) == 0, three_note)


def theorem(cid: str):
    """Theorem 5.x: value g iff one of the conditions (rows a1 <= a3, already oriented)."""
    variant, g, _, items = THEOREMS5[cid]

    def blocks(T, bound):
        return row_blocks(bound, triple_bad=lambda *r: (T[r[0]] == g) !=
                          reduce(or_, (cond(*r) for cond in items.values())),
                          triple_box=in_three_box)

    return row_region(inner(variant), blocks, theorem5(cid), lambda r: value(variant, r) == g,
                      three_note)


def item(cid: str, cond):
    """One condition of Theorem 5.x: every row meeting it has value g."""
    variant, g = THEOREMS5[cid][:2]
    return row_region(inner(variant),
                      lambda T, bound: row_blocks(bound, triple_bad=lambda *r: T[r[0]] != g,
                                                  triple_box=lambda *r: in_three_box(*r) &
                                                  cond(*r)),
                      lambda r: g, lambda r: value(variant, r), three_note)


CLAIMS = register(PAPER, [
    *[Claim(f"endnim.sec5.p.{variant}", "Section 5, first paragraph", "claim", P3_TEXT[variant],
            p_positions(variant), bound=THREE, bound_help="piles <=", expect=holds(24))
      for variant in VARIANTS],
    *[row
      for cid, (variant, g, place, items) in THEOREMS5.items()
      for row in [
          Claim(cid, place, "theorem",
                f"In 3-pile {NAMES[variant]}, a row (a1,a2,a3) with a1 <= a3 has value {g} iff "
                f"it meets one of the conditions {', '.join(items)} of {place}.",
                theorem(cid), bound=THREE, bound_help="piles <=", expect=holds(24)),
          *[Claim(f"{cid}.{name.lower()}", f"{place} ({name})", "theorem",
                  f"Every 3-pile row meeting condition ({name}) of {place} has value {g} in "
                  f"{NAMES[variant]}.",
                  item(cid, cond), bound=THREE, bound_help="piles <=", expect=holds(24))
            for name, cond in items.items()]]],
])

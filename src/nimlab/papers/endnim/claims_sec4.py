"""End-Nim, Section 4 (and the 2-pile fact of Section 6): rows of two piles."""

from __future__ import annotations

import numpy as np

from nimlab.claims.checks import Region
from nimlab.claims.registry import Claim, holds, register
from nimlab.engine.solver import Solver
from nimlab.papers.endnim.computed import (PAPER, TWO, MisereNim, row_blocks, row_region,
                                           two_note, two_pile, value)
from nimlab.papers.endnim.formulas import even, odd, show


def inner(variant: str):
    """``T[a-1, b-1]``: the kernel's 2-pile table, piles 1..bound."""
    return lambda bound: two_pile(variant, bound)[1:bound + 1, 1:bound + 1]


def formula(variant: str, rule) -> Region:
    """``G(a, b) = rule(a, b)`` on every 2-pile row."""
    return row_region(inner(variant), lambda T, bound: row_blocks(bound, lambda a1, a2:
                                                                   T != rule(a1, a2)),
                      lambda r: rule(*r), lambda r: value(variant, r), two_note)


def value_set(variant: str, g: int, rule) -> Region:
    """``G(x, y) = g`` iff ``rule(x, y)`` (elementwise, x <= y) on every 2-pile row."""
    def blocks(T, bound):
        return row_blocks(bound, lambda a1, a2: (T == g) != rule(np.minimum(a1, a2),
                                                                 np.maximum(a1, a2)))

    return row_region(inner(variant), blocks, lambda r: rule(*sorted(r)),
                      lambda r: value(variant, r) == g, two_note)


def misere_nim_table(bound: int):
    """The kernel's misere 2-pile table and a fresh solver of misere Nim."""
    return two_pile("misere", bound), Solver(MisereNim())


def misere_nim_blocks(data, bound):
    T, nim = data
    want = np.array([[nim.value((a, b)) for b in range(1, bound + 1)]
                     for a in range(1, bound + 1)], dtype=np.int64).reshape(bound, bound)
    return np.ones((bound, bound), bool), T[1:bound + 1, 1:bound + 1] != want


CLAIMS = register(PAPER, [
    Claim("endnim.sec4.nim", "Section 4", "claim",
          "Two-pile End-Nim is two-pile Nim: G(a,b) = a XOR b.",
          formula("normal", lambda a, b: a ^ b),
          bound=TWO, bound_help="piles <=", expect=holds(30)),
    Claim("endnim.prop4.1", "Proposition 4.1", "proposition",
          "In Loop-End-Nim, G_o(a,b) = ((a-1) XOR (b-1)) + 1 for all a, b > 0.",
          formula("loop", lambda a, b: ((a - 1) ^ (b - 1)) + 1),
          bound=TWO, bound_help="piles <=", expect=holds(30)),
    Claim("endnim.sec6.two-pile", "Section 6, proof of property (1)", "claim",
          "In End-Nim a row (x,y), x <= y, has value 1 iff x is even and y = x + 1.",
          value_set("normal", 1, lambda x, y: even(x) & (y == x + 1)),
          bound=TWO, bound_help="piles <=", expect=holds(16)),
    Claim("endnim.sec4.misere0", "Section 4, before Proposition 4.2", "claim",
          "In misere End-Nim a row (a,b) has value 0 iff a = b != 1.",
          value_set("misere", 0, lambda a, b: (a == b) & (b != 1)),
          bound=TWO, bound_help="piles <=", expect=holds(30)),
    Claim("endnim.prop4.2", "Proposition 4.2", "proposition",
          "In misere End-Nim a row (a,b), a <= b, has value 1 iff a = b = 1, or a >= 3 is odd "
          "and b = a + 1.",
          value_set("misere", 1,
                    lambda a, b: ((a == 1) & (b == 1)) | ((a >= 3) & odd(a) & (b == a + 1))),
          bound=TWO, bound_help="piles <=", expect=holds(30)),
    Claim("endnim.sec4.misere-nim", "Section 4, before Proposition 4.2", "claim",
          "With two piles misere End-Nim is misere Nim: G_m(a,b) equals the misere-Nim value of "
          "(a,b) (an emptied pile leaves the row, a pile of 0 in Nim).",
          Region(misere_nim_table, misere_nim_blocks,
                 claimed=lambda data, c: data[1].value((c[0] + 1, c[1] + 1)),
                 computed=lambda data, c: int(data[0][c[0] + 1, c[1] + 1]),
                 show=lambda c: show((c[0] + 1, c[1] + 1))),
          bound=30, bound_help="piles <=", expect=holds(30)),
])

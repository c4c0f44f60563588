"""End-Nim, Sections 1-3: reversal, Theorems 2.1-2.3, Corollary 2.4 and the proofs' moves."""

from __future__ import annotations

from nimlab.claims.checks import Cases, Steps
from nimlab.claims.registry import Claim, Counterexample, Evidence, holds, register
from nimlab.engine.solver import Solver, solver_for
from nimlab.papers.endnim.computed import (BOX_HELP, GAMES, PAPER, THREE, Joined,
                                           UnfoldedEndNim, box_note, p_tables, row_blocks,
                                           row_region, rows, small_rows, value)
from nimlab.papers.endnim.formulas import (NAMES, VARIANTS, constant_p, l_of, r_of, show,
                                           theorem2_p)


# ================================================================================ Section 1
def reversal_cases(bound: int) -> list[tuple]:
    """``(variant, row, solver)`` for rows of 1-4 piles <= bound, each variant solved by a fresh
    solver that does not fold reversed rows together."""
    raw = {v: Solver(UnfoldedEndNim(v)) for v in VARIANTS}
    return [(v, r, raw[v]) for v in VARIANTS for k in range(1, 5) for r in rows(k, bound)]


# ================================================================================ Section 2
def theorem2(variant: str) -> Joined:
    """Theorem 2.x's condition against the computed P-positions: the rows of 1, 4, 5, 6 piles one
    by one, then the 2- and 3-pile rows on the kernel's whole tables."""
    def claimed(r):
        return theorem2_p(r, variant)

    def computed(r):
        return value(variant, r) == 0

    return Joined(
        Cases(small_rows, claimed, computed, show=show),
        row_region(lambda bound: p_tables(variant, bound),
                   lambda P, bound: row_blocks(
                       bound, lambda a1, a2: P[0] != theorem2_p((a1, a2), variant),
                       lambda a1, a2, a3: P[1][a1] != theorem2_p((a1, a2, a3), variant)),
                   claimed, computed, box_note))


def closure_verdict(variant: str):
    """Whether a row behaves as Theorem 2.x's conditions need: a row meeting them has no move to
    another such row, any other row has a move to one (the empty row counts as one)."""
    game = GAMES[variant]

    def verdict(r):
        zero = [q for q in game.successors(r) if not q or theorem2_p(q, variant)]
        if theorem2_p(r, variant):
            return f"moves to {show(zero[0])}" if zero else "closed"
        return "closed" if zero else "no move to a row meeting the conditions"
    return verdict


def same_verdict(r) -> str:
    if len({value(v, r) == 0 for v in VARIANTS}) == 1:
        return "same in all three"
    return ", ".join(f"{NAMES[v]}: {'P' if value(v, r) == 0 else 'N'}" for v in VARIANTS)


def _differ(P):  # the three games disagree
    return (P[0] != P[1]) | (P[0] != P[2])


def _cor24_blocks(tables, bound):
    return row_blocks(bound, lambda a1, a2: _differ([t[0] for t in tables]),
                      lambda a1, a2, a3: _differ([t[1][a1] for t in tables]),
                      pair_box=lambda a1, a2: a1 != a2,
                      triple_box=lambda a1, a2, a3: (a2 != a1) | (a3 != a1))


def constant_rows(bound: int) -> list[tuple[int, ...]]:
    return [(a,) * k for k in range(1, bound + 1) for a in range(1, bound + 1)]


THM2 = [("endnim.thm2.1", "Theorem 2.1", "normal", "1",
         "In End-Nim a row with a_1 <= a_k is a P-position iff (a) a_1 = a_k and l(A) + r(A) "
         "is even, or (b) a_k = a_1 + 1, l(A) is odd and r(A) is even."),
        ("endnim.thm2.2", "Theorem 2.2", "misere", "2",
         "In misere End-Nim the same holds with r_m (r, except r_m = 1 for a row of ones)."),
        ("endnim.thm2.3", "Theorem 2.3", "loop", "3",
         "In Loop-End-Nim the same holds with r_o (r, except r_o = 1 for a constant row).")]

COR24 = [("a", "normal", "A constant row of k piles is a P-position of End-Nim iff k is even."),
         ("b", "misere", "A constant row (a,...,a) of k piles is a P-position of misere "
                         "End-Nim iff k is even and a > 1, or k is odd and a = 1."),
         ("c", "loop", "A constant row of k piles is a P-position of Loop-End-Nim iff k "
                       "is odd.")]


# ================================================================================ Section 3
def two_level_rows(bound: int) -> list[tuple[int, ...]]:
    """Rows (a,...,a,b,...,b) of length <= bound with a, b <= bound: every row the proofs of
    Section 3 treat (constant rows, a constant row with a different last or first pile)."""
    found = {(a,) * i + (b,) * (k - i) for k in range(1, bound + 1) for i in range(k + 1)
             for a in range(1, bound + 1) for b in range(1, bound + 1)}
    return sorted(found, key=lambda r: (len(r), r))


# The proofs' moves in Section 3: (id, variant, place, statement, the rows A of that step,
# the target).
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
    ("endnim.thm2.3.proof.3b", "loop", "Proof of Theorem 2.3, (1), latter case (b)",
     "A row a_1 = ... = a_{k-1} < a_k of odd length moves to (a_1,...,a_{k-1},a_{k-1}).",
     lambda r: len(r) % 2 == 1 and len(r) >= 2 and len(set(r[:-1])) == 1 and r[-1] > r[0],
     lambda r: r[:-1] + (r[-2],)),
]


def _proof_3a_when(r) -> bool:
    return len(r) % 2 == 1 and len(r) >= 3 and len(set(r[1:])) == 1 and r[0] < r[1]


def _proof_3a_target(r):
    return r[:-1] + (r[0],)


def proof_3a(bound: int) -> Evidence:
    """A plain check: the proof's move (a :class:`Steps` check) and, on the same rows, the sum
    l(C) + r_o(C) = 4 it states, whose counterexamples join the moves' without adding cases to
    the count (no check kind combines the two that way)."""
    cases = two_level_rows(bound)
    ev = Steps(GAMES["loop"], lambda b: solver_for(GAMES["loop"]).value, lambda b: cases,
               lambda r: (r, _proof_3a_target(r)) if _proof_3a_when(r) else None, 0,
               show=show)(bound)
    sums = [(r, l_of(_proof_3a_target(r)) + r_of(_proof_3a_target(r), "loop"))
            for r in cases if _proof_3a_when(r)]
    ev.counterexamples += [Counterexample(show(r), "l(C) + r_o(C) = 4", total)
                           for r, total in sums if total != 4][:3]
    return ev


def _steps(variant: str, when, target) -> Steps:
    game = GAMES[variant]
    return Steps(game, lambda bound: solver_for(game).value, two_level_rows,
                 lambda r: (r, target(r)) if when(r) else None, 0, show=show)


CLAIMS = register(PAPER, [
    Claim("endnim.sec1.reverse", "Section 1", "claim",
          "Reversing a row does not change its value, in all three games (so one may assume "
          "a_1 <= a_k); computed without folding reversed rows together.",
          Cases(reversal_cases, claimed=lambda c: c[2].value(c[1][::-1]),
                computed=lambda c: c[2].value(c[1]), show=lambda c: f"{NAMES[c[0]]} {show(c[1])}"),
          bound=5, bound_help="piles <= (k <= 4)", expect=holds(4)),
    *[Claim(cid, place, "theorem", text, theorem2(variant), bound=THREE, bound_help=BOX_HELP,
            expect=holds(4))
      for cid, place, variant, _, text in THM2],
    *[Claim(f"endnim.thm2.{number}.proof", f"Theorem 2.{number}, proof (Sections 2-3)", "claim",
            f"The rows meeting the conditions of Theorem 2.{number} are closed as the "
            "P-positions must be: no move joins two of them, and every other row has a move to "
            "one of them (checked on the conditions alone, without values).",
            Cases(lambda bound: [r for k in range(1, 6) for r in rows(k, bound)],
                  lambda r: "closed", closure_verdict(variant), show=show),
            bound=5, bound_help="rows of 1-5 piles, piles <=", expect=holds(4))
      for _, _, variant, number, _ in THM2],
    Claim("endnim.cor2.4", "Corollary 2.4", "corollary",
          "The three games have the same P-positions among rows that are not constant.",
          Joined(Cases(lambda bound: [r for r in small_rows(bound) if len(set(r)) > 1],
                       lambda r: "same in all three", same_verdict, show=show),
                 row_region(lambda bound: [p_tables(v, bound) for v in VARIANTS], _cor24_blocks,
                            lambda r: "same in all three", same_verdict,
                            lambda bound: box_note(bound) + ", rows not constant")),
          bound=THREE, bound_help=BOX_HELP, expect=holds(4)),
    *[Claim(f"endnim.cor2.4.{item}", f"Corollary 2.4 ({item})", "corollary", text,
            Cases(constant_rows, lambda r, v=variant: constant_p(r, v),
                  lambda r, v=variant: value(v, r) == 0, show=show),
            bound=12, bound_help="piles and row length <=", expect=holds(4))
      for item, variant, text in COR24],
    *[Claim(cid, place, "claim", text, _steps(variant, when, target), bound=12,
            bound_help="piles and row length <=", expect=holds(4))
      for cid, variant, place, text, when, target in SECTION3[:5]],
    Claim("endnim.thm2.3.proof.3a", "Proof of Theorem 2.3, (1), latter case (a)", "claim",
          "A row a_1 < a_2 = ... = a_k of odd length moves to C = (a_1,...,a_{k-1},a_1), a "
          "P-position with l(C) + r_o(C) = 4.",
          proof_3a, bound=12, bound_help="piles and row length <=", expect=holds(4)),
    *[Claim(cid, place, "claim", text, _steps(variant, when, target), bound=12,
            bound_help="piles and row length <=", expect=holds(4))
      for cid, variant, place, text, when, target in SECTION3[5:]],
])

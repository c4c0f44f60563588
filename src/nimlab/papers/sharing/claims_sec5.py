"""Sharing Nim, Section 5: the 1-positions (Theorem 4), the cases of its proof, and
Corollary 5."""

from __future__ import annotations

from nimlab.claims import Claim, Expect, fails, holds, register
from nimlab.claims.checks import Cases, Facts, Region, Steps
from nimlab.papers.sharing.computed import (BIG, PAPER, box_note, columns, pos, solver_value,
                                            thm4_outside, triangle, triangle_masks, values)
from nimlab.papers.sharing.formulas import (GAME, THM4_CASE, THM4_CASES, THM4_FIXES, in_b, in_p,
                                            normal, thm4_covered, thm4_fixed, thm4_move)


def b_blocks(C, bound: int):
    a, b, tri, _ = triangle_masks(bound)
    return tri, (C == 1) != in_b(a, b)


def both_sets(masks, bound: int):
    a, b, tri, _ = masks
    return tri, in_p(a, b) & in_b(a, b)


def reaches_b(c: tuple[int, int]) -> bool:
    """Whether some move from (0,a,b) reaches a position of B."""
    return any(in_b(*normal(q)) for q in GAME.successors((0, *c)))


def case_steps(subcases) -> Steps:
    """The proof's moves from every x = (0,a,b), a <= b/2, outside P and B, that ``subcases``
    cover: each legal and reaching a 1-position."""
    def plan(c):
        step = thm4_move(*c, subcases)
        return None if step is None else ((0, *c), step)
    return Steps(GAME, solver_value, thm4_outside, plan, 1, show=pos)


def case_place(label: str) -> str:
    sub = "".join(f"({p})" for p in label.split(".")[1:])
    return f"Theorem 4, proof of (ii), case ({label.split('.')[0]}){sub}"


def case_id(label: str) -> str:
    return f"sharing.thm4.case.{label.lower()}"


def illegal(at: str, k: int) -> Expect:
    """Fails at ``at``: the printed move of k tokens from the third pile to the first is not
    legal there."""
    move = f"move {k} tokens from pile 3 to pile 1"
    return fails(60, at, f"{move} reaches a 1-position", f"{move} is not a legal move")


#: The cases whose printed move fails, with the smallest counterexample (b <= 60).
CASE_FAILS = {
    "I.2": illegal("(0,1,5)", 3),
    "II.3": illegal("(0,2,7)", 4),
    "III.2": fails(60, "(0,1,3)", "the proof gives a move to a 1-position",
                   "moves -1 tokens: not a move"),
    "IV.1": illegal("(0,4,11)", 6),
}

LINES = {"row a=0": lambda V, n: V[0, n], "main diagonal": lambda V, n: V[n, n],
         "row a=2": lambda V, n: V[2, n], "diagonal (0,n-2,n)": lambda V, n: V[n - 2, n]}
RULES = {"row a=0": lambda n: n % 4 == 2, "main diagonal": lambda n: n % 4 == 2,
         "row a=2": lambda n: n % 4 == 1 or n == 2,
         "diagonal (0,n-2,n)": lambda n: n % 4 == 1 or n == 2}


def cor5_facts(bound: int):
    V = values(bound)
    return [(f"{name}, b={n}", RULES[name](n), bool(line(V, n) == 1))
            for name, line in LINES.items() for n in range(2, bound + 1)]


CLAIMS = register(PAPER, [
    Claim("sharing.thm4", "Theorem 4", "theorem",
          "The 1-positions are (0,0,4k+2), (0,4k+2,4k+2), (0,2,4k+1) and (0,4l-1,4l+1), "
          "k >= 0, l >= 1.",
          Region(columns, b_blocks, claimed=lambda C, c: in_b(c[1], c[0]),
                 computed=lambda C, c: bool(C[c] == 1), show=lambda c: pos((c[1], c[0])),
                 note=box_note),
          bound=BIG, bound_help="b <=", expect=holds(300)),
    Claim("sharing.thm4.disjoint", "Theorem 4, proof", "claim",
          "The sets P (Theorem 2) and B (Theorem 4) are disjoint.",
          Region(triangle_masks, both_sets, claimed=lambda m, c: False,
                 computed=lambda m, c: in_p(c[1], c[0]) and in_b(c[1], c[0]),
                 show=lambda c: pos((c[1], c[0])),
                 note=lambda bound: f"every (0,a,b) with a <= b <= {bound:,} (closed forms "
                                    "only)"),
          bound=BIG, bound_help="b <=", expect=holds(300)),
    Claim("sharing.thm4.proof.i", "Theorem 4, proof of (i)", "claim",
          "No move leads from one position of B to another.",
          Cases(lambda bound: [c for c in triangle(bound) if in_b(*c)], lambda c: False,
                reaches_b, show=pos),
          bound=120, bound_help="b <=", expect=holds(60)),
    *[Claim(case_id(label), case_place(label), "claim",
            f"Case t={t}, r={r} of the proof (a = 4q+r, b = a+4s+t): moving the printed number "
            "of tokens between the printed piles is legal and reaches the printed position of "
            "B.", case_steps([THM4_CASE[label]]),
            bound=150, bound_help="b <=", expect=CASE_FAILS.get(label, holds(60)))
      for label, t, r, *_ in THM4_CASES],
    *[Claim(f"{case_id(label)}.corrected", case_place(label), "claim",
            f"Case t={THM4_CASE[label][0]}, r={THM4_CASE[label][1]} with the gap closed: "
            f"{words}; elsewhere the printed move works.", case_steps(thm4_fixed(label)),
            bound=150, bound_help="b <=", expect=holds(60), corrects=case_id(label))
      for label, (words, *_) in THM4_FIXES.items()],
    Claim("sharing.thm4.proof.cover", "Theorem 4, proof of (ii)", "claim",
          "Every position (0,a,b) with a <= b/2 outside P and B falls into one of the proof's "
          "cases (I)-(IV).",
          Cases(thm4_outside, lambda c: True, lambda c: thm4_covered(*c), show=pos),
          bound=1000, bound_help="b <=", expect=holds(60)),
    Claim("sharing.cor5", "Corollary 5", "corollary",
          "The 1-positions are periodic on the bottom row and the main diagonal (b = 2 mod 4) "
          "and on the third row a = 2 and its diagonal (b = 1 mod 4 from b = 3 on, plus "
          "(0,2,2)).",
          Facts(cor5_facts), bound=BIG, bound_help="b <=", expect=holds(300)),
])

"""Sharing Nim, Section 7 (Discussion): Wythoff's palindromes, Section 2's results for 4 and 5
piles, and Graph Nim on the complete graph."""

from __future__ import annotations

from nimlab.claims import Claim, holds, register
from nimlab.claims.checks import Cases
from nimlab.engine.solver import solver_for
from nimlab.games import GraphNim, Wythoff
from nimlab.papers.sharing.computed import (PAPER, UNFOLDED, complement_isomorphism, piles_box,
                                            pos)
from nimlab.papers.sharing.formulas import GAME


def complement_cases(bound: int) -> list[tuple[tuple[int, ...], int]]:
    """(p, n): 4 piles with n <= bound, 5 piles with n <= bound - 2, every pile <= n."""
    boxes = {4: bound, 5: max(bound - 2, 0)}
    return [(p, n) for k, top in boxes.items() for n in range(top + 1) for p in piles_box(k, n)]


def complement_holds(c: tuple[tuple[int, ...], int]) -> bool:
    """The complement x -> n - x maps the options of p onto those of its image, with the same
    option values, and keeps the value."""
    p, n = c
    solver = solver_for(GAME)
    mapped, direct, v1, v2 = complement_isomorphism(p)
    return mapped == direct and v1 == v2 and \
        solver.value(tuple(n - x for x in p)) == solver.value(p)


def wythoff_palindrome(a: int) -> bool:
    """Whether G(a-i, i), i = 0..a, of Wythoff's game reads the same backwards."""
    solver = solver_for(Wythoff())
    seq = [solver.value((a - i, i)) for i in range(a + 1)]
    return seq == seq[::-1]


def complete_graph_value(piles: tuple[int, ...]) -> int:
    """The value in Graph Nim on K_n (both directions of every edge), n = len(piles)."""
    n = len(piles)
    edges = [(u, v) for u in range(n) for v in range(u + 1, n)] + \
        [(v, u) for u in range(n) for v in range(u + 1, n)]
    return solver_for(GraphNim(n, edges)).value(piles)


CLAIMS = register(PAPER, [
    Claim("sharing.sec7.complement", "Section 7 (more piles)", "claim",
          "Section 2 carries over to 4 and 5 piles: the complement G(p) = G(n - p) (n >= every "
          "pile), and the complement map is an isomorphism of the move graphs.",
          Cases(complement_cases, lambda c: True, complement_holds,
                show=lambda c: f"{pos(c[0])} with n={c[1]}"),
          bound=8, bound_help="n <= (5 piles: n <= bound - 2)", expect=holds(6)),
    Claim("sharing.sec7.wythoff", "Section 7, first paragraph", "claim",
          "In Wythoff's game the values on each line orthogonal to the main diagonal, "
          "G(a-i, i) for i = 0..a, read the same backwards (a palindrome).",
          Cases(lambda bound: range(bound + 1), lambda a: True, wythoff_palindrome,
                show=lambda a: f"a={a}"),
          bound=40, bound_help="a <=", expect=holds(20)),
    Claim("sharing.sec7.translation", "Section 7 (more piles)", "claim",
          "Lemma 1 carries over to 4 piles: adding the same number to every pile keeps the "
          "value (computed without folding translates).",
          Cases(lambda bound: piles_box(4, bound),
                lambda p: solver_for(GAME).value(tuple(x - p[0] for x in p)),
                lambda p: solver_for(UNFOLDED).value(p), show=pos),
          bound=8, bound_help="piles <=", expect=holds(6)),
    Claim("sharing.sec7.graph", "Section 7 (Graph Nim)", "claim",
          "Graph Nim on the complete graph K_n (tokens may move along an edge either way) is "
          "n-pile Sharing Nim, for n = 2, 3, 4 piles.",
          Cases(lambda bound: [p for n in (2, 3, 4) for p in piles_box(n, bound)],
                complete_graph_value, lambda p: solver_for(GAME).value(p), show=pos),
          bound=8, bound_help="piles <=", expect=holds(6)),
])

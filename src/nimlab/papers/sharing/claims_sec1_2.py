"""Sharing Nim, Sections 1-2: the moves, translation (Lemma 1), palindromes (Theorem 1),
complement (Remark 2) and Corollaries 1-3."""

from __future__ import annotations

from typing import Callable

import numpy as np

from nimlab.claims import Claim, fails, holds, register
from nimlab.claims.artifacts import printed
from nimlab.claims.checks import Cases, Region
from nimlab.engine.solver import solver_for
from nimlab.games import Share
from nimlab.papers.sharing.computed import (BIG, PAPER, UNFOLDED, box3, box_note, columns,
                                            complement_isomorphism, pos, triangle, value3, values)
from nimlab.papers.sharing.formulas import GAME, normal, paper_moves


def successors_sorted(t: tuple[int, int, int]) -> list[tuple[int, ...]]:
    """The game's options of ``t``, each sorted, in sorted order."""
    return sorted(tuple(sorted(q)) for q in GAME.successors(t))


# ---------------------------------------------------------------- Theorem 1 and its proof
def mirror_blocks(C: np.ndarray, bound: int):
    """Theorem 1, column by column: G(0,a,b) against G(0,b-a,b)."""
    return (((b,), np.ones(b + 1, bool), C[b, : b + 1] != C[b, b::-1]) for b in range(bound + 1))


def eq1_blocks(C: np.ndarray, bound: int):
    """Equation (1), by n+1 = m: for k = 1..m/2, G(0,k,m-k) = C[m-k, k] against
    G(k,m-k,m) = G(0,m-2k,m-k)."""
    for m in range(1, bound + 1):
        k = np.arange(1, m // 2 + 1)
        yield (m,), np.ones(len(k), bool), C[m - k, k] != C[m - k, m - 2 * k]


def thm1_proof_cases(bound: int) -> list[tuple[int, int, int]]:
    """(n, m, k): p = (0, m+1, n+1), q = (0, n-m, n+1), 1 <= k <= (m+1)/2, n + 1 <= bound."""
    values(bound)
    return [(n, m, k) for n in range(bound) for m in range(n + 1)
            for k in range(1, (m + 1) // 2 + 1)]


def q_prime_said(printed_q: Callable[[int, int, int], tuple[int, int]]):
    """Where the proof says the move from q goes (``printed_q``), and the value of p'."""
    def said(c):
        n, m, k = c
        p_prime = (0, m + 1 - 2 * k, n + 1 - k)
        return f"{pos(normal((0, *printed_q(n, m, k))))} of value {value3(p_prime)}"
    return said


def q_prime_reached(c) -> str:
    """Move k tokens from q's pile of n+1 to its pile of n-m: where it goes, and its value."""
    n, m, k = c
    q = (0, n - m, n + 1)
    if (n - m) + k > (n + 1) - k:  # the rule: the receiving pile may not end larger
        return "not a legal move"
    got = normal(GAME.do_move(q, Share(2, 1, k)))
    return f"{pos(got)} of value {value3((0, *got))}"


def show_q(c) -> str:
    return f"q=(0,{c[0] - c[1]},{c[0] + 1}), k={c[2]}"


# ---------------------------------------------------------------- Remark 2, Corollaries 1-3
def complement_cases(bound: int) -> list[tuple[int, int, int, int]]:
    """(a, b, c, n) with a <= b <= c <= n <= bound."""
    values(bound)
    return [(a, b, c, n) for n in range(bound + 1) for a, b, c in box3(n)]


def isomorphic(piles: tuple[int, ...]) -> bool:
    """Corollary 1 at ``piles``: the complement maps its options onto those of its image, and
    the option values agree as multisets."""
    mapped, direct, v1, v2 = complement_isomorphism(piles)
    return mapped == direct and v1 == v2


def segment_blocks(C: np.ndarray, bound: int):
    """Corollary 2: the segment from a (a <= b/2) of column b is a palindrome iff column b has
    no mirror mismatch in a..b/2 (mismatches come in mirror pairs)."""
    for b in range(bound + 1):
        half = b // 2
        mismatch = C[b, : half + 1] != C[b, b: b - half - 1 if b > half else None: -1]
        yield (b,), np.ones(half + 1, bool), np.logical_or.accumulate(mismatch[::-1])[::-1]


def row_diagonal_blocks(C: np.ndarray, bound: int):
    """Corollary 3 with b = 2a+i: G(0,a+i,b) = C[b, b-a] against G(0,a,b) = C[b, a], a <= b/2."""
    for b in range(bound + 1):
        half = b // 2
        yield (b,), np.ones(half + 1, bool), \
            C[b, : half + 1] != C[b, b: b - half - 1 if b > half else None: -1]


def column5() -> dict:
    return printed(PAPER, "column5")


CLAIMS = register(PAPER, [
    Claim("sharing.sec1.moves", "Section 1, move types (1)-(3)", "definition",
          "From (a,b,c) with a <= b <= c the moves are exactly: k tokens from b to a, from c to "
          "a, or from c to b, with 1 <= k <= half the difference of the two piles.",
          Cases(box3, paper_moves, successors_sorted, show=pos),
          bound=14, bound_help="piles <=", expect=holds(10)),
    Claim("sharing.sec1.terminal", "Section 1 (the milk-bottle game)", "definition",
          "The game is over exactly when the largest and the smallest pile differ by at most "
          "one.",
          Cases(triangle, lambda c: c[1] <= 1, lambda c: GAME.primitive((0, *c)), show=pos),
          bound=60, bound_help="b <=", expect=holds(60)),
    Claim("sharing.ex.col5", "Section 1, text after Table 1", "example",
          "The column b = 5 of Table 1, G(0,a,5) for a = 0..5, reads (0,3,1,1,3,0).",
          Cases(lambda bound: range(column5()["b"] + 1), lambda a: column5()["column"][a],
                lambda a: value3((0, a, column5()["b"])), show=lambda a: pos((a, column5()["b"]))),
          bound=5, bound_help="b =", expect=holds(5)),
    Claim("sharing.lemma1", "Lemma 1", "lemma",
          "Translation: G(a,b,c) = G(0, b-a, c-a) for a <= b <= c (computed without folding "
          "translates together).",
          Cases(box3, value3, lambda t: solver_for(UNFOLDED).value(t), show=pos),
          bound=14, bound_help="piles <=", expect=holds(10)),
    Claim("sharing.thm1", "Theorem 1", "theorem",
          "Palindromes: G(0,a,b) = G(0,b-a,b) for all 0 <= a <= b.",
          Region(columns, mirror_blocks, claimed=lambda C, c: int(C[c[0], c[0] - c[1]]),
                 computed=lambda C, c: int(C[c]), show=lambda c: pos((c[1], c[0])),
                 note=box_note),
          bound=BIG, bound_help="b <=", expect=holds(300)),
    Claim("sharing.thm1.proof", "Theorem 1, proof, equation (1)", "claim",
          "G(0,k,n+1-k) = G(k,n+1-k,n+1) whenever 2k <= n+1 (the two options of (0,0,n+1) and "
          "(0,n+1,n+1) that move k tokens).",
          Region(columns, eq1_blocks, claimed=lambda C, c: int(C[c[0] - c[1] - 1, c[1] + 1]),
                 computed=lambda C, c: int(C[c[0] - c[1] - 1, c[0] - 2 * c[1] - 2]),
                 show=lambda c: f"k={c[1] + 1}, n+1={c[0]}",
                 note=lambda bound: f"every k and n+1 <= {bound:,} with 2k <= n+1, from the "
                                    "whole table at once"),
          bound=BIG, bound_help="n+1 <=", expect=holds(300)),
    Claim("sharing.thm1.proof.move", "Theorem 1, proof (the move q -> q')", "claim",
          "With p = (0,m+1,n+1) and q = (0,n-m,n+1): moving k tokens from q's largest pile to "
          "its middle pile reaches q' = (0, n+1-m+k, n+1-k), whose value is that of p' = "
          "(0, m+1-2k, n+1-k).",
          Cases(thm1_proof_cases, q_prime_said(lambda n, m, k: (n + 1 - m + k, n + 1 - k)),
                q_prime_reached, show=show_q),
          bound=120, bound_help="n+1 <=",
          expect=fails(40, "q=(0,0,2), k=1", "(0,1,2) of value 0", "(0,1,1) of value 0")),
    Claim("sharing.thm1.proof.move.corrected", "Theorem 1, proof (the move q -> q')", "claim",
          "The move reaches q' = (0, n-m+k, n+1-k), the complement of p' (the printed middle "
          "entry is one too large), and G(q') = G(p').",
          Cases(thm1_proof_cases, q_prime_said(lambda n, m, k: (n - m + k, n + 1 - k)),
                q_prime_reached, show=show_q),
          bound=120, bound_help="n+1 <=", expect=holds(40), corrects="sharing.thm1.proof.move"),
    Claim("sharing.rem2", "Section 2, after Theorem 1; Remark 2", "remark",
          "Complement: G(a,b,c) = G(n-a,n-b,n-c) for all a <= b <= c <= n.",
          Cases(complement_cases, lambda t: value3((t[3] - t[0], t[3] - t[1], t[3] - t[2])),
                lambda t: value3(t[:3]), show=lambda t: f"({t[0]},{t[1]},{t[2]}) with n={t[3]}"),
          bound=36, bound_help="n <=", expect=holds(20)),
    Claim("sharing.cor1", "Corollary 1", "corollary",
          "(0,a,b) and (0,b-a,b) are isomorphic: the complement map x -> b-x carries the moves "
          "of one onto the moves of the other (checked at every position of the box, so on the "
          "whole move graph), and the option values agree as multisets.",
          Cases(triangle, lambda c: True, lambda c: isomorphic((0, *c)), show=pos),
          bound=50, bound_help="b <=", expect=holds(30)),
    Claim("sharing.cor2", "Corollary 2", "corollary",
          "For a <= b/2 the column segment G(0,a,b), G(0,a+1,b), ..., G(0,b-a,b) is a "
          "palindrome.",
          Region(columns, segment_blocks, claimed=lambda C, c: True,
                 computed=lambda C, c: False, show=lambda c: pos((c[1], c[0])),
                 note=lambda bound: box_note(bound, half=True)),
          bound=BIG, bound_help="b <=", expect=holds(300)),
    Claim("sharing.cor3", "Corollary 3", "corollary",
          "Row equals diagonal: G(0,a,2a+i) = G(0,a+i,2a+i) for all a, i >= 0.",
          Region(columns, row_diagonal_blocks, claimed=lambda C, c: int(C[c[0], c[0] - c[1]]),
                 computed=lambda C, c: int(C[c]), show=lambda c: f"a={c[1]}, i={c[0] - 2 * c[1]}",
                 note=lambda bound: f"every a, i >= 0 with 2a+i <= {bound:,}, the whole table "
                                    "at once"),
          bound=BIG, bound_help="2a+i <=", expect=holds(300)),
])

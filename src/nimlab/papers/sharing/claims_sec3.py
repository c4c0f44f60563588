"""Sharing Nim, Section 3: the P-positions (Theorem 2 and its proof), the P-test (Remark 4),
the winning moves and the classroom strategy (Remarks 5-6), and Proposition 1."""

from __future__ import annotations

import numpy as np

from nimlab.claims import Claim, fails, holds, register
from nimlab.claims.checks import Cases, Region, Steps
from nimlab.papers.sharing.computed import (BIG, PAPER, box3, box_note, columns, n_positions,
                                            p_counts, pos, solver_value, triangle,
                                            triangle_masks, value3, values, winning)
from nimlab.papers.sharing.formulas import (GAME, classroom_move, equalising_moves, in_p,
                                            levelling_moves, normal, p_test, thm2_move,
                                            thm2_move_corrected)


# ---------------------------------------------------------------- Theorem 2 and its proof
def thm2_blocks(C: np.ndarray, bound: int):
    a, b, tri, _ = triangle_masks(bound)
    return tri, (C == 0) != in_p(a, b)


def reaches_p(c: tuple[int, int]) -> bool:
    """Whether some move from (0,a,b) reaches a position of Theorem 2's set."""
    return any(in_p(*normal(q)) for q in GAME.successors((0, *c)))


def only_cases(bound: int) -> list[tuple[str, int]]:
    return [(kind, m) for m in range(2, bound + 1) for kind in ("(0,0,m)", "(0,m,m)")]


def only_said(c: tuple[str, int]) -> list[tuple[int, int]]:
    """Theorem 2's proof of (1)(i)-(ii): the one position of the shape it names."""
    kind, m = c
    if m % 2:
        return []
    return [(m // 2, m // 2)] if kind == "(0,0,m)" else [(0, m // 2)]


def only_found(c: tuple[str, int]) -> list[tuple[int, int]]:
    """The options of (0,0,m) with the two largest piles equal (and not empty), or of (0,m,m)
    with the two smallest equal."""
    kind, m = c
    start = (0, 0, m) if kind == "(0,0,m)" else (0, m, m)
    found = sorted({normal(q) for q in GAME.successors(start)})
    if kind == "(0,0,m)":
        return [x for x in found if x[0] == x[1] and x[0] > 0]
    return [x for x in found if x[0] == 0]


def thm2_plan(move):
    """The proof of (2) from (0,a,b) outside the set (b >= 2): ``move(a, b)``."""
    def plan(c):
        a, b = c
        if in_p(a, b) or b <= 1:
            return None
        return (0, a, b), move(a, b)
    return plan


# ---------------------------------------------------------------- Remarks 4-6
def p_or_n(is_p: bool) -> str:
    return "P" if is_p else "N"


def levelling_wins(c: tuple[int, int]) -> bool:
    """Remark 5 corrected at (0,a,b): some levelling move wins, and the winning moves are
    exactly the winning levelling moves."""
    p = (0, *c)
    level = winning(p, levelling_moves(p))
    every = winning(p, GAME.available_moves(p))
    return bool(level) and sorted(map(str, level)) == sorted(map(str, every))


def two_equal_n_positions(bound: int) -> list[tuple[int, int, int]]:
    """The N-positions (0,0,b) and (0,b,b), 2 <= b <= bound."""
    V = values(bound)
    return [p for b in range(2, bound + 1) for p in ((0, 0, b), (0, b, b)) if V[normal(p)]]


def equalising_wins(p: tuple[int, int, int]) -> bool:
    win = winning(p, GAME.available_moves(p))
    return bool(win) and all(m in equalising_moves(p) for m in win)


def classroom(corrected: bool):
    """What the classroom strategy finds from (0,a,b)."""
    def found(c):
        move = classroom_move((0, *c), corrected)
        if move is None:
            return "no move found"
        return "winning move" if value3(GAME.do_move((0, *c), move)) == 0 else \
            f"{move.describe()} does not win"
    return found


# ---------------------------------------------------------------- Proposition 1
def counts(smallest: int):
    """The table P(n) of Proposition 1 (piles >= ``smallest``), n = 0..bound."""
    return lambda bound: p_counts(bound, smallest)


def prop1_region(formula, smallest: int) -> Region:
    """P(n) against ``formula(n)`` for 1 <= n <= bound (``formula`` elementwise on arrays)."""
    return Region(counts(smallest),
                  lambda P, bound: (np.arange(bound + 1) >= 1, P != formula(np.arange(bound + 1))),
                  claimed=lambda P, c: int(formula(c[0])), computed=lambda P, c: int(P[c[0]]),
                  show=lambda c: f"n={c[0]}",
                  note=lambda bound: f"1 <= n <= {bound:,}, counted from the whole table "
                                     f"b <= {bound:,}")


CLAIMS = register(PAPER, [
    Claim("sharing.thm2", "Theorem 2", "theorem",
          "The P-positions are (0,0,0), (0,0,m) and (0,m,m) with m = 4^k (2l+1).",
          Region(columns, thm2_blocks, claimed=lambda C, c: in_p(c[1], c[0]),
                 computed=lambda C, c: bool(C[c] == 0), show=lambda c: pos((c[1], c[0])),
                 note=box_note),
          bound=BIG, bound_help="b <=", expect=holds(300)),
    Claim("sharing.thm2.proof1", "Theorem 2, proof of (1)", "claim",
          "No move leads from one position of Theorem 2's set to another.",
          Cases(lambda bound: [c for c in triangle(bound) if in_p(*c)], lambda c: False,
                reaches_p, show=pos),
          bound=120, bound_help="b <=", expect=holds(60)),
    Claim("sharing.thm2.proof1.only", "Theorem 2, proof of (1)(i)-(ii)", "claim",
          "From (0,0,m) the only move leaving the two largest piles equal reaches (0,m/2,m/2) "
          "(none for odd m); from (0,m,m) the only move leaving the two smallest piles equal "
          "reaches (0,0,m/2).",
          Cases(only_cases, only_said, only_found, show=lambda c: c[0].replace("m", str(c[1]))),
          bound=300, bound_help="m <=", expect=holds(100)),
    Claim("sharing.thm2.proof2", "Theorem 2, proof of (2)", "claim",
          "From (0,a,a+y) not in the set, a <= y, write y-a = 4^k(2l+1) (move a tokens from the "
          "largest pile to the empty one, reaching (0,0,y-a)) or y-a = 2*4^k(2l+1) (move "
          "a+(y-a)/2 tokens, reaching (0,m,m)); either way the move reaches a P-position.",
          Steps(GAME, solver_value, lambda bound: triangle(bound, half=True),
                thm2_plan(thm2_move), 0, show=pos),
          bound=150, bound_help="b <=",
          expect=fails(60, "(0,1,2)", "the proof gives a move to a 0-position",
                       "y - a = 0 is neither 4^k(2l+1) nor 2*4^k(2l+1): no move given")),
    Claim("sharing.thm2.proof2.corrected", "Theorem 2, proof of (2)", "claim",
          "The proof's moves reach a P-position once the missing case y = a (positions "
          "(0,a,2a), a >= 1) is added: move a tokens from the largest pile to the empty one, "
          "reaching (a,a,a).",
          Steps(GAME, solver_value, lambda bound: triangle(bound, half=True),
                thm2_plan(thm2_move_corrected), 0, show=pos),
          bound=150, bound_help="b <=", expect=holds(60), corrects="sharing.thm2.proof2"),
    Claim("sharing.rem4", "Remark 4", "algorithm",
          "The P-test: a position is a P-position iff it has two equal piles and the difference "
          "d between them and the third pile is 4^k(2l+1) (shift d right by two bits while it "
          "ends in 00, then test the last bit).",
          Cases(box3, lambda t: p_or_n(p_test(t)), lambda t: p_or_n(value3(t) == 0), show=pos),
          bound=40, bound_help="piles <=", expect=fails(40, "(0,0,0)", "N", "P")),
    Claim("sharing.rem4.corrected", "Remark 4", "algorithm",
          "The P-test is right once three equal piles (difference 0, the terminal position "
          "(0,0,0)) are accepted as P-positions.",
          Cases(box3, lambda t: p_or_n(p_test(t, all_equal=True)),
                lambda t: p_or_n(value3(t) == 0), show=pos),
          bound=40, bound_help="piles <=", expect=holds(40), corrects="sharing.rem4"),
    Claim("sharing.rem5", "Remark 5", "remark",
          "From every N-position exactly one of the three equalising moves (move half the "
          "difference of two piles from the larger to the smaller) is a winning move.",
          Cases(n_positions, lambda c: 1,
                lambda c: len(winning((0, *c), equalising_moves((0, *c)))), show=pos),
          bound=150, bound_help="b <=", expect=fails(60, "(0,0,2)", 1, 2)),
    Claim("sharing.rem5.corrected", "Remark 5", "remark",
          "From every N-position some levelling move wins, where a levelling move equalises the "
          "two piles it touches or brings the receiving or the giving pile level with the third "
          "pile; and every winning move is a levelling move.",
          Cases(n_positions, lambda c: True, levelling_wins, show=pos),
          bound=150, bound_help="b <=", expect=holds(60), corrects="sharing.rem5"),
    Claim("sharing.rem5.equal", "Remark 5, second paragraph", "remark",
          "From an N-position with two equal piles, every winning move equalises one of the two "
          "equal piles with the third pile.",
          Cases(two_equal_n_positions, lambda p: True, equalising_wins, show=pos),
          bound=1000, bound_help="b <=", expect=holds(60)),
    Claim("sharing.rem6", "Remark 6 and the strategy paragraph before it", "algorithm",
          "The classroom strategy: from an N-position, test each equalising move of Remark 5 "
          "with the P-test of Remark 4 and play the one that passes; it always finds a winning "
          "move.",
          Cases(n_positions, lambda c: "winning move", classroom(False), show=pos),
          bound=150, bound_help="b <=",
          expect=fails(60, "(0,1,2)", "winning move", "no move found")),
    Claim("sharing.rem6.corrected", "Remark 6", "algorithm",
          "The strategy always finds a winning move once it tries every levelling move (at most "
          "nine candidates, so still quadratic time) with the corrected P-test.",
          Cases(n_positions, lambda c: "winning move", classroom(True), show=pos),
          bound=150, bound_help="b <=", expect=holds(60), corrects="sharing.rem6"),
    Claim("sharing.prop1", "Proposition 1", "proposition",
          "P(n), the number of P-positions with exactly n tokens (three piles, empty piles "
          "allowed as in Theorem 2, order ignored), is floor(n/3).",
          prop1_region(lambda n: n // 3, 0),
          bound=BIG, bound_help="n <=", expect=fails(100, "n=1", 0, 1)),
    Claim("sharing.prop1.corrected", "Proposition 1", "proposition",
          "With empty piles allowed, P(n) = floor(n/3) + 1: one P-position for each smallest "
          "pile a = 0..floor(n/3) (the proof leaves out a = 0).",
          prop1_region(lambda n: n // 3 + 1, 0),
          bound=BIG, bound_help="n <=", expect=holds(100), corrects="sharing.prop1"),
    Claim("sharing.prop1.positive", "Proposition 1", "proposition",
          "Counting only positions with three non-empty piles, P(n) = floor(n/3) (the count the "
          "proof's range 1 <= a <= floor(n/3) gives).",
          prop1_region(lambda n: n // 3, 1),
          bound=BIG, bound_help="n <=", expect=holds(100), corrects="sharing.prop1"),
])

"""End-Nim, Section 6: the proof that Theorem 5.1's rows are the 1-positions (properties (1)
and (2), the moves B1-B7 and the cases (a)-(g) with their subcases)."""

from __future__ import annotations

from nimlab.claims.checks import Cases, Steps
from nimlab.claims.registry import Claim, holds, register
from nimlab.papers.endnim.computed import GAMES, PAPER, normal_solver, three_box
from nimlab.papers.endnim.formulas import THEOREMS5, odd, one_position, p3, show

THM51 = THEOREMS5["endnim.thm5.1"][3]


def first_move_to_one(r) -> str:
    return next((f"moves to {show(q)}" for q in GAMES["normal"].successors(r)
                 if one_position(q)), "no move to a 1-position")


def one_positions(bound: int) -> list[tuple[int, int, int]]:
    return [r for r in three_box(bound) if one_position(r)]


def adjacent_facts(r) -> bool:
    a1, a2, a3 = r
    return abs(a3 - a2) != 1 and (abs(a1 - a2) != 1 or THM51["b.i"](*r) or THM51["b.ii"](*r))


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


def b_moves(bound: int) -> list[tuple]:
    """``(row, move name, target)`` for the moves B1-B7 from the 1-positions of their type."""
    cases = []
    for r in three_box(bound):
        kind = "c" if THM51["c"](*r) else "b" if THM51["b.i"](*r) or THM51["b.ii"](*r) else None
        for name, (t, target) in PROP1_MOVES.items():
            b = target(r[0], r[1])
            if kind == t and min(b) >= 1:
                cases.append((r, name, b))
    return cases


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


def covered(r) -> str:
    for case, cond in CASES6.items():
        if cond(*r):
            hit = [n for n, c, _ in SUBCASES6[case] if c(r[0], r[1])]
            return "covered" if hit else f"case ({case}), no subcase"
    return "no case"


def case_move(case: str, cond, target) -> Steps:
    """The printed move of one subcase of property (2), from every row of that subcase."""
    return Steps(GAMES["normal"], normal_solver, property2_domain,
                 lambda r: (r, target(r[0], r[1])) if CASES6[case](*r) and cond(r[0], r[1])
                 else None, 1, show=show)


CLAIMS = register(PAPER, [
    Claim("endnim.sec6.prop1", "Section 6, property (1)", "claim",
          "No move leads from a 1-position (Theorem 5.1's rows and the 2-pile rows of value 1) "
          "to another 1-position.",
          Cases(one_positions, lambda r: "no move to a 1-position", first_move_to_one, show=show),
          bound=30, bound_help="piles <=", expect=holds(16)),
    Claim("endnim.sec6.adjacent", "Section 6, proof of property (1)", "claim",
          "If a 3-pile row is a 1-position then |a3 - a2| != 1, and if |a1 - a2| = 1 it is of "
          "type (b).",
          Cases(one_positions, lambda r: True, adjacent_facts, show=show),
          bound=40, bound_help="piles <=", expect=holds(16)),
    Claim("endnim.sec6.b-moves", "Section 6, (6.1) and (6.2)", "claim",
          "The moves B1-B3 from a type (c) 1-position and B4-B7 from a type (b) 1-position never "
          "reach a 1-position.",
          Cases(b_moves, lambda c: False, lambda c: one_position(c[2]),
                show=lambda c: f"{show(c[0])} -> {c[1]} = {show(c[2])}"),
          bound=40, bound_help="piles <=", expect=holds(16)),
    Claim("endnim.sec6.cases", "Section 6, proof of property (2)", "claim",
          "Every 3-pile row that is neither a 0- nor a 1-position falls in one of the cases "
          "(a)-(g) and in one of that case's subcases.",
          Cases(property2_domain, lambda r: "covered", covered, show=show),
          bound=40, bound_help="piles <=", expect=holds(16)),
    *[Claim(f"endnim.sec6.case.{case}.{sub}" if sub else f"endnim.sec6.case.{case}",
            f"Section 6, property (2), case ({case})" + (f"({sub})" if sub else ""), "claim",
            f"In case ({case}){f'({sub})' if sub else ''} the printed move reaches a 1-position.",
            case_move(case, cond, target), bound=30, bound_help="piles <=", expect=holds(16))
      for case, subs in SUBCASES6.items() for sub, cond, target in subs],
])

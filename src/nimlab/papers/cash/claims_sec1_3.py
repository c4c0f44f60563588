"""Claims of "NIM with Cash", the abstract and Sections 1-3: the plain games of Example 1.3, the
rules of Defs 1.1 and 1.4, and the miserly strategy of Theorem 3.1."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import numpy as np

from nimlab.claims import Claim, Counterexample, Evidence, holds, register
from nimlab.claims.checks import Cases, Region
from nimlab.games import CashNim, SubtractionNim
from nimlab.papers.cash import game
from nimlab.papers.cash.common import (EX13_L, PAPER, example13_games, label, pattern,
                                       show_state, states)
from nimlab.papers.cash.formulas import SEC6, f_def61


# ================================================================================ Section 1
def ex13(item: str) -> Cases:
    return pattern(example13_games(item, EX13_L))


#: The games of Defs 1.1 and 1.4 whose moves are compared with the definitions.
DEF11_SETS = [(1, 2, 3), (1, 3, 4), (2, 3), (2, 5, 7)]
DEF14_SETS = [(1, 3, 4), (2, 3), (1, 2, 3)]


def plain_successors(c) -> list[int]:
    s, n = c
    return sorted(n - m.count for m in SubtractionNim(s).available_moves(n))


def cash_successors(c) -> list[tuple]:
    s, n, d1, d2 = c
    return sorted(CashNim(s).successors((n, d1, d2)))


def poorer_wins(bound: int) -> Evidence:
    """An existence claim: ``checked`` counts the candidate states and the only counterexample
    is the absence of a witness, so no check kind fits."""
    g = game.winner_grid(SEC6, bound)
    poor = [(n, d1, d2) for n in range(bound + 1) for d1 in range(n + 1) for d2 in range(n + 1)
            if d1 != d2 and max(d1, d2) < f_def61(n)]
    witnesses = [(n, d1, d2) for n, d1, d2 in poor if (d1 < d2) == bool(g[n, d1, d2])]
    bad = [] if witnesses else [Counterexample(f"NIM(1,3,4), n <= {bound}", "a witness", "none")]
    shown = "; ".join(f"({n}; {d1}, {d2}) won by Player {'I' if d1 < d2 else 'II'}"
                      for n, d1, d2 in witnesses[:3])
    return Evidence(len(poor), bad, f"{len(witnesses)} of {len(poor)} poor unequal states are "
                                    f"won by the poorer player; smallest: {shown}")


# ================================================================================ Section 3
#: Games with a1 = 1 for Theorem 3.1: those of the paper, and a few more.
THM31_SETS = [(1,), (1, 2), (1, 2, 3), (1, 3, 4), (1, 4), (1, 2, 3, 4), (1, 4, 5), (1, 5, 6)]
#: Default bound of Theorem 3.1's checks (whole budget grids at once, :func:`game.miser_tables`).
THM31_BOUND = 300


def _floor(x: Fraction) -> int:
    return x.numerator // x.denominator


def _ceil(x: Fraction) -> int:
    return -((-x.numerator) // x.denominator)


@dataclass(frozen=True)
class Miserly:
    """Theorem 3.1's statements: Player ``player``'s miserly strategy (always remove one stone)
    wins every state where ``rule(n) = (lo, hi)`` puts the miser's money >= lo and the other's
    <= hi.  The ``blocks`` of a :class:`Region` over :func:`game.miser_tables`: per n and game,
    the grid of (miser's money, other's money) <= n + 1 at once (Player I's miser moves first,
    Player II's second)."""

    player: str
    rule: Callable[[int], tuple[int, int]]

    def tables(self, bound: int) -> dict:
        return {s: game.miser_tables(s, bound)[0 if self.player == "I" else 1]
                for s in THM31_SETS}

    def __call__(self, tables: dict, bound: int):
        for n in range(bound + 1):
            lo, hi = self.rule(n)
            d = np.arange(n + 2)
            box = (d[:, None] >= lo) & (d[None, :] <= hi)  # [miser's money, other's money]
            for s in THM31_SETS:
                yield (s, n), box, ~tables[s][n, : n + 2, : n + 2]

    def case(self, c: tuple) -> tuple:
        """``(set, n, d1, d2)`` from ``(set, n, miser's money, other's money)``."""
        return c if self.player == "I" else (c[0], c[1], c[3], c[2])

    def show(self, c: tuple) -> str:
        return show_state(self.case(c))

    def note(self, bound: int) -> str:
        return (f"n <= {bound}, games {', '.join(map(label, THM31_SETS))}; the computation plays "
                f"Player {self.player}'s miserly strategy (always remove one stone) against every "
                "reply, for all budgets at once")

    def region(self) -> Region:
        return Region(self.tables, self, lambda tables, c: True,
                      lambda tables, c: bool(tables[c[0]][c[1], c[2], c[3]]), self.show,
                      self.note)


THM311 = Miserly("I", lambda n: (_floor(Fraction(n, 2)), _floor(Fraction(n, 2) - 1))
                 if n >= 1 else (n + 2, -1))
THM311_PROOF = Miserly("I", lambda n: (_ceil(Fraction(n, 2)), _ceil(Fraction(n, 2) - 1))
                       if n >= 1 else (n + 2, -1))
# the miser is Player II: his money >= floor(n/2), Player I's <= floor(n/2)
THM312 = Miserly("II", lambda n: (n // 2, n // 2))


CLAIMS = register(PAPER, [
    # ------------------------------------------------------------------------ Section 1
    Claim("cash.ex1.3.1", "Section 1, Example 1.3 item 1", "example",
          "In plain NIM without cash (L >= 1), Player II wins exactly at the residues listed in "
          "item 1: Player II wins NIM(1,...,L) iff n = 0 (mod L+1).",
          ex13("1"), bound=80, bound_help="n <=", expect=holds(30)),
    Claim("cash.ex1.3.2", "Section 1, Example 1.3 item 2", "example",
          "In plain NIM without cash (L >= 2 even), Player II wins exactly at the residues listed "
          "in item 2: Player II wins NIM(1,L) iff n = 0,2,4,...,L-2 (mod L+1).",
          ex13("2"), bound=80, bound_help="n <=", expect=holds(30)),
    Claim("cash.ex1.3.3", "Section 1, Example 1.3 item 3", "example",
          "In plain NIM without cash (L >= 3 odd), Player II wins exactly at the residues listed "
          "in item 3: Player II wins NIM(1,L-1,L) iff n = 0,2,4,...,L-3 (mod 2L-2).",
          ex13("3"), bound=80, bound_help="n <=", expect=holds(30)),
    Claim("cash.ex1.3.4", "Section 1, Example 1.3 item 4", "example",
          "In plain NIM without cash (L >= 4 even), Player II wins exactly at the residues listed "
          "in item 4: Player II wins NIM(1,L-1,L) iff n = 0,2,4,...,L-2 (mod 2L-1).",
          ex13("4"), bound=80, bound_help="n <=", expect=holds(30)),
    Claim("cash.ex1.3.5", "Section 1, Example 1.3 item 5", "example",
          "In plain NIM without cash (L >= 3), Player II wins exactly at the residues listed in "
          "item 5: Player II wins NIM(2,3,...,L) iff n = 0,1 (mod L+2).",
          ex13("5"), bound=80, bound_help="n <=", expect=holds(30)),
    Claim("cash.ex1.3.6", "Section 1, Example 1.3 item 6", "example",
          "In plain NIM without cash (L >= 3), Player II wins exactly at the residues listed in "
          "item 6: Player II wins NIM(L-2,L-1,L) iff n = 0,1,...,L-3 (mod 2L-2).",
          ex13("6"), bound=80, bound_help="n <=", expect=holds(30)),
    Claim("cash.ex1.3.2odd", "Section 1, Example 1.3 item 2 (remark on odd L)", "remark",
          "For odd L >= 3 the omitted 'simple mod-2 pattern' of NIM(1,L) is: Player II wins iff n "
          "is even (every move removes an odd number of stones).",
          pattern([(L, (1, L), 2, {0}) for L in range(3, EX13_L + 1, 2)]),
          bound=80, bound_help="n <=", expect=holds(30)),
    Claim("cash.abstract.nim123", "Abstract", "example",
          "In NIM(1,2,3) Player II wins iff n is divisible by 4.",
          pattern([(3, (1, 2, 3), 4, {0})]), bound=200, bound_help="n <=", expect=holds(30)),
    Claim("cash.def1.1", "Section 1, Def 1.1", "definition",
          "NIM(a1..ak; n): a move removes some a_i <= n stones; the player who cannot move loses. "
          "(Checked: nimlab's subtraction game has exactly these moves, and its loser is the "
          "player without a move.)",
          Cases(lambda bound: [(s, n) for n in range(bound + 1) for s in DEF11_SETS],
                claimed=lambda c: sorted(c[1] - a for a in c[0] if a <= c[1]),
                computed=plain_successors, show=lambda c: f"{label(c[0])} n={c[1]}",
                note=lambda bound: f"successors of n <= {bound} for "
                                   f"{', '.join(map(label, DEF11_SETS))}"),
          bound=30, bound_help="n <=", expect=holds(16)),
    Claim("cash.def1.4", "Section 1, Def 1.4", "definition",
          "With cash, removing j stones costs the mover j dollars; a player loses when he cannot "
          "move, either because fewer than a1 stones are left or because he cannot pay for any "
          "removal. (Checked: nimlab's cash game has exactly these moves.)",
          Cases(lambda bound: list(states(bound, *DEF14_SETS)),
                claimed=lambda c: sorted((c[1] - a, c[3], c[2] - a) for a in c[0]
                                         if a <= c[1] and a <= c[2]),
                computed=cash_successors, show=show_state,
                note=lambda bound: f"successor states for n <= {bound}, all budgets"),
          bound=14, bound_help="n <=", expect=holds(8)),
    Claim("cash.intro.poorer-wins", "Abstract and Section 1", "claim",
          "There are states where both players are poor (less money than f(n)) and yet the one "
          "with less money wins. (Checked in NIM(1,3,4): such states exist; the smallest are "
          "listed.)",
          poorer_wins, bound=30, bound_help="n <=", expect=holds(16)),
    # ------------------------------------------------------------------------ Section 3
    Claim("cash.thm3.1.1", "Section 3, Theorem 3.1(1)", "theorem",
          "If a1 = 1 and n >= 1, Player I wins by always removing one stone whenever he has at "
          "least floor(n/2) dollars and Player II has at most floor(n/2 - 1).",
          THM311.region(), bound=THM31_BOUND, bound_help="n <=", expect=holds(16)),
    Claim("cash.thm3.1.1.proof", "Section 3, proof of Theorem 3.1(1)", "theorem",
          "The form the proof of Theorem 3.1(1) uses, with ceilings: if a1 = 1 and n >= 1, "
          "Player I wins by always removing one stone whenever he has at least ceil(n/2) dollars "
          "and Player II at most ceil(n/2 - 1).",
          THM311_PROOF.region(), bound=THM31_BOUND, bound_help="n <=", expect=holds(16)),
    Claim("cash.thm3.1.2", "Section 3, Theorem 3.1(2)", "theorem",
          "If a1 = 1 and n >= 0, Player II wins by always removing one stone whenever Player I "
          "has at most floor(n/2) dollars and Player II at least floor(n/2).",
          THM312.region(), bound=THM31_BOUND, bound_help="n <=", expect=holds(16)),
])

"""Claims of "NIM with Cash", Section 7 (the conjecture on f for the games of Section 1) and the
Appendix (the program "Finding f(n)")."""

from __future__ import annotations

from nimlab.claims import Claim, fails, holds, refuted, register, supported
from nimlab.claims.checks import Cases
from nimlab.papers.cash import game
from nimlab.papers.cash.common import PAPER, appendix_cases, conjecture_games, label
from nimlab.papers.cash.formulas import SEC6

CONJ_BOUND = 80
#: The conjecture for NIM(1,3,4) is checked as far as the states of Section 6.
STATES6 = 300


# ================================================================================ Section 7
def _distinct(games) -> list[tuple]:
    """The games with distinct sets, in order (a set of two items is checked once)."""
    out, seen = [], set()
    for g in games:
        if g[1] not in seen:
            seen.add(g[1])
            out.append(g)
    return out


def conj_first(games) -> Cases:
    """First bullet: f(i) <= M - L - 1 for 0 <= i <= M - 1 (L = the number of residues)."""
    def cases(bound: int):
        out = []
        for name, s, m, r in _distinct(games):
            f = game.f_values(s, max(bound, m))  # f(0..M-1), whatever the bound
            out += [(name, s, m, len(r), i, f) for i in range(m)]
        out.sort(key=lambda c: (c[4], c[2]))
        return out

    def claimed(c):
        return f"f({c[4]}) <= {c[2] - c[3] - 1}"

    return Cases(cases, claimed,
                 lambda c: claimed(c) if c[5][c[4]] <= c[2] - c[3] - 1 else
                 f"f({c[4]}) = {c[5][c[4]]}",
                 show=_show, note=f"{len(_distinct(games))} games; f from Def 7.1")


def conj_second(games) -> Cases:
    """Second bullet: f(Mk + i) = (M - L)k + f(i) for every n = Mk + i <= bound."""
    def cases(bound: int):
        out = []
        for name, s, m, r in _distinct(games):
            f = game.f_values(s, bound)
            out += [(name, s, m, len(r), n, f) for n in range(bound + 1)]
        out.sort(key=lambda c: (c[4], c[2]))
        return out

    return Cases(cases, lambda c: (c[2] - c[3]) * (c[4] // c[2]) + c[5][c[4] % c[2]],
                 lambda c: c[5][c[4]], show=_show,
                 note=lambda bound: f"{len(_distinct(games))} games, n <= {bound}; f from "
                                    "Def 7.1")


def _show(c) -> str:
    return f"{label(c[1])} ({c[0]}), M={c[2]}, L={c[3]}, n={c[4]}"


# ================================================================================ Appendix
def appendix(repaired: bool, only_with_one: bool) -> Cases:
    """The Appendix program's f (claimed) against Def 7.1's (computed)."""
    return Cases(lambda bound: appendix_cases(bound, repaired, only_with_one),
                 lambda c: c[3], lambda c: c[4],
                 show=lambda c: f"{label(c[1])} ({c[0]}) f({c[2]})",
                 note=lambda bound: f"n <= {bound}; claimed = the program's output, computed = "
                                    "Def 7.1")


CLAIMS = register(PAPER, [
    Claim("cash.conj7.1", "Section 7, Conjecture, first bullet", "conjecture",
          "For each game of Section 1 (Player II wins iff n = b_1..b_L mod M): f(i) <= M - L - 1 "
          "for 0 <= i <= M - 1 (the paper says the conjecture holds for all these games).",
          conj_first(conjecture_games()), bound=CONJ_BOUND, bound_help="n <=", finite=False,
          expect=refuted(16, "NIM(1) (item 1, L=1), M=2, L=1, n=1", "f(1) <= 0", "f(1) = 1")),
    Claim("cash.conj7.2", "Section 7, Conjecture, second bullet", "conjecture",
          "For each game of Section 1: f(Mk + i) = (M - L)k + f(i) for all k >= 0 and "
          "0 <= i < M (the paper says the conjecture holds for all these games).",
          conj_second(conjecture_games()), bound=CONJ_BOUND, bound_help="n <=", finite=False,
          expect=refuted(30, "NIM(1,4) (item 2, L=4), M=5, L=2, n=5", 3, 4)),
    Claim("cash.conj7.nim134", "Section 7, Conjecture, second bullet", "conjecture",
          "For NIM(1,3,4) (M = 7, L = 2): f(7k + i) = 5k + f(i) for all k >= 0.",
          conj_second([("Section 6", SEC6, 7, {0, 2})]), bound=STATES6, bound_help="n <=",
          finite=False, expect=supported(30)),
    Claim("cash.appendix", "Appendix 9.1, program Finding f(n)", "algorithm",
          "The Appendix program, run as printed (it searches for a removal to a Player-II "
          "position when W(i) = II and sets f(i) = x when W(i) = I), outputs Def 7.1's f for the "
          "games of Section 1 and NIM(1,3,4).",
          appendix(repaired=False, only_with_one=False), bound=40, bound_help="n <=",
          expect=fails(16, "NIM(1) (item 1, L=1) f(1)", 0, 1)),
    Claim("cash.appendix.corrected", "Appendix 9.1, program Finding f(n)", "algorithm",
          "With its two branches exchanged (a Player-I position takes the first removal a_j to a "
          "Player-II position and f(i) = a_j + f(i - a_j); a Player-II position takes the last "
          "such value), the Appendix program outputs Def 7.1's f for every game of Section 1 "
          "whose set contains 1, and for NIM(1,3,4). (For sets without 1, e.g. NIM(2,3), it "
          "does not: see the artifact cash.appendix-f.)",
          appendix(repaired=True, only_with_one=True), bound=60, bound_help="n <=",
          expect=holds(16), corrects="cash.appendix"),
])

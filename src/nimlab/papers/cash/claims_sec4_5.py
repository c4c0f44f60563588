"""Claims of "NIM with Cash", Sections 4 and 5: NIM(1..L) with cash (Def 4.1, Theorems 4.2-4.5)
and the state (14; 9, 9) of NIM(1,3,4) that Section 5 plays out."""

from __future__ import annotations

from typing import Callable

from nimlab.claims import Claim, Counterexample, Evidence, fails, holds, register
from nimlab.claims.checks import Cases, Facts
from nimlab.papers.cash import game
from nimlab.papers.cash.common import (PAPER, SEC4_L, example14_facts, pattern, sec4_games,
                                       sec4_rule, sec5_reply_facts)
from nimlab.papers.cash.formulas import (SEC6, f_def41, f_def41_corrected, f_def61, sec4_set,
                                         thm45_corrected, w_def41)

#: Bound of the normal-play checks (one state at a time, by recursion).
SEC4_BOUND = 40
#: Bound of the claims checked on whole budget grids at once (vectorised, the cash kernel).
STATES4 = 300


# ================================================================================ Section 4
def f_cases(f: Callable[[int, int], int]) -> Cases:
    """``(f(n), W(n))`` of a formula for f against Def 7.1's f and the plain game's winner."""
    def cases(bound: int):
        tables = {L: game.f_values(sec4_set(L), bound) for L in SEC4_L}
        return [(L, n, tables[L]) for n in range(bound + 1) for L in SEC4_L]

    return Cases(cases, lambda c: (f(c[0], c[1]), w_def41(c[0], c[1])),
                 lambda c: (c[2][c[1]], game.plain_winner(sec4_set(c[0]), c[1])),
                 show=lambda c: f"NIM(1..{c[0]}) n={c[1]} (f, W)",
                 note=lambda bound: f"n <= {bound}, L = {sec4_games()}")


def thm42(residue_zero: bool) -> Cases:
    """Theorem 4.2: the unlimited-funds winner wins normally with d dollars when
    ``n <= floor(d/L) + d``; ``residue_zero`` picks the n with (L+1) | n (item 1) or not."""
    def cases(bound: int):
        out = [(L, n, d) for d in range(bound + 1) for L in SEC4_L
               for n in range(d // L + d + 1) if (n % (L + 1) == 0) == residue_zero]
        out.sort(key=lambda c: (c[1], c[2], c[0]))
        return out

    return Cases(cases, lambda c: True, lambda c: game.wins_normally(sec4_set(c[0]), c[1], c[2]),
                 show=lambda c: f"NIM(1..{c[0]}) n={c[1]}, d={c[2]}",
                 note=lambda bound: f"d <= {bound}, every n <= floor(d/L) + d, L = "
                                    f"{sec4_games()}; the winner plays the unlimited-funds "
                                    "strategy with d dollars against unlimited funds")


def rich_normal(f: Callable[[int, int], int]) -> Cases:
    """With f(n) dollars the unlimited-funds winner wins normally against unlimited funds."""
    return Cases(lambda bound: [(L, n) for n in range(bound + 1) for L in SEC4_L],
                 lambda c: True, lambda c: game.wins_normally(sec4_set(c[0]), c[1], f(*c)),
                 show=lambda c: f"NIM(1..{c[0]}) n={c[1]}, W(n) = {w_def41(*c)} with "
                                f"f(n) = {f(*c)} dollars",
                 note=lambda bound: f"n <= {bound}, L = {sec4_games()}; the winner has exactly "
                                    "f(n) (more only helps) against unlimited funds")


def _always(winner: str) -> Callable:
    return lambda *a: winner


#: Theorem 4.5 item by item: (id, place, statement after the common head, hypothesis
#: ``(n, d1, d2, f, L)``, winner, expected at bound 16).
THM45 = [
    ("cash.thm4.5.1a", "Section 4, Theorem 4.5 item 1(a)",
     "If both players have at least f(n) (Def 4.1 as printed) and (L+1) | n, Player II wins.",
     lambda n, d1, d2, f, L: (d1 >= f) & (d2 >= f) & (n % (L + 1) == 0), "II",
     fails(16, "NIM(1,2) (3; 2, 1)", "II", "I")),
    ("cash.thm4.5.1b", "Section 4, Theorem 4.5 item 1(b)",
     "As printed: if both players have at least f(n) and (L+1) does not divide n, Player II "
     "wins.", lambda n, d1, d2, f, L: (d1 >= f) & (d2 >= f) & (n % (L + 1) != 0), "II",
     fails(16, "NIM(1,2) (1; 1, 1)", "II", "I")),
    ("cash.thm4.5.2", "Section 4, Theorem 4.5 item 2",
     "If d1 >= f(n) > d2, Player I wins.",
     lambda n, d1, d2, f, L: (d1 >= f) & (f > d2), "I", holds(16)),
    ("cash.thm4.5.3", "Section 4, Theorem 4.5 item 3",
     "If d2 >= f(n) > d1, Player II wins.",
     lambda n, d1, d2, f, L: (d2 >= f) & (f > d1), "II", holds(16)),
    ("cash.thm4.5.4a", "Section 4, Theorem 4.5 item 4(a)",
     "If d1, d2 < f(n) and d1 <= d2, Player II wins.",
     lambda n, d1, d2, f, L: (d1 < f) & (d2 < f) & (d1 <= d2), "II", holds(16)),
    ("cash.thm4.5.4b", "Section 4, Theorem 4.5 item 4(b)",
     "If d1, d2 < f(n) and d1 > d2, Player I wins.",
     lambda n, d1, d2, f, L: (d1 < f) & (d2 < f) & (d1 > d2), "I", holds(16)),
]
THM45_HYPOTHESIS = {id: hypothesis for id, _, _, hypothesis, _, _ in THM45}


# ================================================================================ Section 5
def speculation(bound: int) -> Evidence:
    """An existence claim (a state won by Player I): ``checked`` counts the candidates and the
    only counterexample is the absence of a witness, so no check kind fits."""
    g = game.winner_grid(SEC6, bound)
    equal = [(n, d) for n in range(bound + 1) for d in range(f_def61(n))]
    won = [(n, d) for n, d in equal if g[n, d, d]]
    bad = [] if won else [Counterexample(f"n <= {bound}", "a state won by Player I", "none")]
    return Evidence(len(equal), bad, f"{len(won)} of {len(equal)} equal poor states are won by "
                                     f"Player I; smallest: "
                                     + ", ".join(f"({n}; {d}, {d})" for n, d in won[:3]))


REPLIES_NOTE = "the miserly strategy played out against every reply of Player II"


CLAIMS = register(PAPER, [
    # ------------------------------------------------------------------------ Section 4
    Claim("cash.def4.1", "Section 4, Def 4.1", "definition",
          "For NIM(1..L) with cash, the money the unlimited-funds winner needs, f(n) of Def 7.1 "
          "(the least d with which W(n) still wins against an opponent with unlimited money, n "
          "dollars being unlimited), is f((L+1)k + i) = (L-1)k + i for 0 <= i <= L, and W(n) = "
          "II iff (L+1) | n.",
          f_cases(f_def41), bound=STATES4, bound_help="n <=",
          expect=fails(16, "NIM(1..2) n=3 (f, W)", (1, "II"), (2, "II"))),
    Claim("cash.def4.1.corrected", "Section 4, Def 4.1", "definition",
          "Corrected Def 4.1: for NIM(1..L) with cash, f((L+1)k + i) = Lk + i for 0 <= i <= L "
          "(slope L per period, not L-1), and W(n) = II iff (L+1) | n.",
          f_cases(f_def41_corrected), bound=STATES4, bound_help="n <=", expect=holds(16),
          corrects="cash.def4.1"),
    Claim("cash.def4.1.normal", "Section 4, remark after Def 4.1", "remark",
          "f(n) is how much W(n) needs to win normally (Def 2.2, by the unlimited-funds "
          "strategy): checked with the corrected f of Def 4.1, the least budget for a normal win "
          "equals f(n).",
          Cases(lambda bound: [(L, n) for n in range(bound + 1) for L in SEC4_L],
                lambda c: f_def41_corrected(*c),
                lambda c: game.least_normal_budget(sec4_set(c[0]), c[1]),
                show=lambda c: f"NIM(1..{c[0]}) n={c[1]}",
                note=lambda bound: f"n <= {bound}, L = {sec4_games()}"),
          bound=30, bound_help="n <=", expect=holds(16)),
    Claim("cash.thm4.2.1", "Section 4, Theorem 4.2(1)", "theorem",
          "NIM(1..L): if n <= floor(d/L) + d and (L+1) | n, Player II wins normally with d "
          "dollars against a Player I with unlimited money.",
          thm42(True), bound=30, bound_help="d <=", expect=holds(16)),
    Claim("cash.thm4.2.2", "Section 4, Theorem 4.2(2)", "theorem",
          "NIM(1..L): if n <= floor(d/L) + d and (L+1) does not divide n, Player I wins normally "
          "with d dollars against a Player II with unlimited money.",
          thm42(False), bound=30, bound_help="d <=", expect=holds(16)),
    Claim("cash.sec4.rich", "Section 4, remark after Theorem 4.2", "remark",
          "If d1, d2 >= f(n) (Def 4.1 as printed), the player who wins with unlimited funds wins "
          "normally.",
          rich_normal(f_def41), bound=SEC4_BOUND, bound_help="n <=",
          expect=fails(16, "NIM(1..2) n=3, W(n) = II with f(n) = 1 dollars", True, False)),
    Claim("cash.sec4.rich.corrected", "Section 4, remark after Theorem 4.2", "remark",
          "With the corrected f of Def 4.1 (Lk + i): if d1, d2 >= f(n), the unlimited-funds "
          "winner wins normally.",
          rich_normal(f_def41_corrected), bound=SEC4_BOUND, bound_help="n <=", expect=holds(16),
          corrects="cash.sec4.rich"),
    Claim("cash.thm4.3", "Section 4, Theorem 4.3", "theorem",
          "NIM(1..L) with f of Def 4.1 as printed: if d1 <= d <= d2 with d < f(n), Player II "
          "wins; that is, d1 <= d2 and d1 < f(n) make Player II the winner.",
          sec4_rule(lambda n, d1, d2, f, L: (d1 <= d2) & (d1 < f), _always("II")),
          bound=STATES4, bound_help="n <=", expect=holds(16)),
    Claim("cash.thm4.4", "Section 4, Theorem 4.4", "theorem",
          "NIM(1..L), read as printed: if d2 <= d1 - 1 and d2 <= f(n), Player I wins (by always "
          "removing one stone).",
          sec4_rule(lambda n, d1, d2, f, L: (d2 <= d1 - 1) & (d2 <= f), _always("I")),
          bound=STATES4, bound_help="n <=", expect=fails(16, "NIM(1,2) (0; 1, 0)", "I", "II")),
    Claim("cash.thm4.4.corrected", "Section 4, Theorem 4.4", "theorem",
          "Corrected Theorem 4.4 (strict bound, as Theorem 4.5 items 2 and 4(b) use it), with "
          "the corrected f of Def 4.1: if d2 <= d1 - 1 and d2 < f(n), Player I wins.",
          sec4_rule(lambda n, d1, d2, f, L: (d2 <= d1 - 1) & (d2 < f), _always("I"),
                    corrected_f=True),
          bound=STATES4, bound_help="n <=", expect=holds(16), corrects="cash.thm4.4"),
    *[Claim(id, place, "theorem",
            f"NIM(1..L) with cash, f of Def 4.1 as printed: {text}",
            sec4_rule(hypothesis, _always(winner)), bound=STATES4, bound_help="n <=",
            expect=expect)
      for id, place, text, hypothesis, winner, expect in THM45],
    Claim("cash.thm4.5.1a.corrected", "Section 4, Theorem 4.5 item 1(a)", "theorem",
          "With the corrected f of Def 4.1 (f((L+1)k + i) = Lk + i): if both players have at "
          "least f(n) and (L+1) | n, Player II wins.",
          sec4_rule(THM45_HYPOTHESIS["cash.thm4.5.1a"], _always("II"), corrected_f=True),
          bound=STATES4, bound_help="n <=", expect=holds(16), corrects="cash.thm4.5.1a"),
    Claim("cash.thm4.5.1b.corrected", "Section 4, Theorem 4.5 item 1(b)", "theorem",
          "Item 1(b) with Player I (the unlimited-funds winner) and the corrected f of Def 4.1: "
          "if both players have at least f(n) and (L+1) does not divide n, Player I wins.",
          sec4_rule(THM45_HYPOTHESIS["cash.thm4.5.1b"], _always("I"), corrected_f=True),
          bound=STATES4, bound_help="n <=", expect=holds(16), corrects="cash.thm4.5.1b"),
    Claim("cash.thm4.5.corrected", "Section 4, Theorem 4.5", "theorem",
          "Theorem 4.5 as a complete description, with the corrected f of Def 4.1 and Player I "
          "in item 1(b), predicts the winner of every state (n; d1, d2) of NIM(1..L) with cash.",
          sec4_rule(lambda *a: True, thm45_corrected, corrected_f=True),
          bound=STATES4, bound_help="n <=", expect=holds(16)),
    # ------------------------------------------------------------------------ Section 5
    Claim("cash.sec5.example", "Section 5, the state (14; 9, 9)", "example",
          "In NIM(1,3,4) with cash Player I wins (14; 9, 9); his winning first move is to remove "
          "one stone (the only one); from 13 stones an unlimited Player II would remove four; "
          "Player II must remove one stone at (13; 8, 9, II) and (11; 7, 8, II), Player I "
          "answering with one stone, and Player I wins every state of the line down to "
          "(10; 7, 7).",
          Facts(lambda bound: example14_facts(),
                "the facts Section 5 states about (14; 9, 9), each by the solver"),
          bound=0, bound_help="(fixed example)", expect=holds(0)),
    Claim("cash.sec5.miserly", "Section 5, the state (14; 9, 9)", "example",
          "At (13; 8, 9, II), if Player II removes three or four stones, Player I wins with the "
          "miserly strategy (always removing one stone).",
          Facts(lambda bound: sec5_reply_facts(lambda a: True), REPLIES_NOTE),
          bound=0, bound_help="(fixed example)",
          expect=fails(0, "(13; 8, 9, II), II removes 3 -> (10; 8, 6): Player I wins by always "
                          "removing one stone", True, False)),
    Claim("cash.sec5.miserly.corrected", "Section 5, the state (14; 9, 9)", "example",
          "Corrected: at (13; 8, 9, II), if Player II removes four stones Player I wins miserly; "
          "if he removes three, Player I still wins, but not miserly: from (10; 8, 6) Player II "
          "can answer every single stone with a single stone and take the last one, so Player I "
          "must remove three at some point.",
          Facts(lambda bound: sec5_reply_facts(lambda a: a == 4), REPLIES_NOTE),
          bound=0, bound_help="(fixed example)", expect=holds(0),
          corrects="cash.sec5.miserly"),
    Claim("cash.sec5.nim134", "Section 5, items 1-2", "example",
          "In NIM(1,3,4) without cash Player II wins iff n = 0 or 2 (mod 7).",
          pattern([(4, SEC6, 7, {0, 2})]), bound=200, bound_help="n <=", expect=holds(30)),
    Claim("cash.sec5.speculation", "Section 5, the incorrect speculation", "claim",
          "The speculation Section 5 refutes ('equal poor players: Player II wins') is indeed "
          "false in NIM(1,3,4): some state (n; d, d) with d < f(n) is won by Player I.",
          speculation, bound=30, bound_help="n <=", expect=holds(16)),
])

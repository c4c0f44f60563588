"""Claims of "NIM with Cash", Section 6: NIM(1,3,4) with cash (Def 6.1, Theorems 6.2-6.10,
Lemma 6.6, Tables 1-3).  Theorem 6.10 restates Theorems 6.3-6.9 item by item; a restated item
is a row of its own that shares the check of the theorem it restates."""

from __future__ import annotations

from typing import Sequence

from nimlab.claims import Claim, fails, holds, register
from nimlab.claims.checks import Cases, Facts, pick
from nimlab.papers.cash import game
from nimlab.papers.cash.common import PAPER, TABLE_K, sec6_rule, table3_rows, table_rows
from nimlab.papers.cash.formulas import (SEC6, f_def61, thm610_corrected, thm67_prediction,
                                         thm69_corrected, thm69_prediction, w_def61, who)

#: Bound of Theorem 6.2's checks (the normal strategy, one state at a time).
SEC6_BOUND = 70
#: Bound of the claims checked on whole budget grids at once (vectorised, the cash kernel).
STATES6 = 300


# ================================================================================ Def 6.1, 6.2
def def61_cases(bound: int) -> list[tuple]:
    f = game.f_values(SEC6, bound)
    return [(n, f) for n in range(bound + 1)]


def thm62_cases(bound: int, residues: set, grid: bool = False) -> list[tuple]:
    """``(n, d[, winner grid])``: n in the residues, ``d >= f(n)`` (beyond n + 1 nothing
    changes)."""
    g = game.winner_grid(SEC6, bound) if grid else None
    return [(n, d, g) for n in range(bound + 1) if n % 7 in residues
            for d in range(f_def61(n), n + 2)]


def thm62_printed(residues: set, winner: str, uf_first: bool) -> Cases:
    """Theorem 6.2 as printed: Player ``winner`` wins (n; UF, d) (``uf_first``) or (n; d, UF)."""
    def computed(c):
        n, d, g = c
        return who(bool(g[n, n + 1, d] if uf_first else g[n, d, n + 1]))

    return Cases(lambda bound: thm62_cases(bound, residues, grid=True), lambda c: winner,
                 computed, show=(lambda c: f"({c[0]}; UF, {c[1]})") if uf_first else
                 (lambda c: f"({c[0]}; {c[1]}, UF)"), note=lambda bound: f"n <= {bound}")


def thm62_normal(residues: set, uf_first: bool) -> Cases:
    """Theorem 6.2 corrected: the unlimited-funds winner wins normally with any d >= f(n)."""
    return Cases(lambda bound: thm62_cases(bound, residues), lambda c: True,
                 lambda c: game.wins_normally(SEC6, c[0], c[1]),
                 show=(lambda c: f"({c[0]}; UF, {c[1]})") if uf_first else
                 (lambda c: f"({c[0]}; {c[1]}, UF)"), note=lambda bound: f"n <= {bound}")


# ================================================================================ Tables 1-3
def table(name: str, what: str) -> Facts:
    return Facts(lambda bound: table_rows(name, max(bound, 1)),
                 note=lambda bound: f"each row for k = 1..{max(bound, 1)}, {what}")


# ================================================================================ Theorems 6.3-6.10
def rich(n: int) -> str:
    return "I" if n % 7 in (1, 3, 4, 5, 6) else "II"


def always(winner: str):
    return lambda *a: winner


THM6101 = sec6_rule(lambda n, d1, d2: (d1 >= f_def61(n)) & (d2 >= f_def61(n)),
                    lambda n, d1, d2: rich(n))
THM6102 = sec6_rule(lambda n, d1, d2: (d1 >= f_def61(n)) != (d2 >= f_def61(n)),
                    lambda n, d1, d2: pick(d1 >= f_def61(n), "I", "II"))
THM63 = sec6_rule(lambda n, d1, d2: (n >= 1) & (d1 < d2) & (d1 < f_def61(n)), always("II"))
THM6104 = sec6_rule(lambda n, d1, d2: d1 < d2, always("II"))
THM64 = sec6_rule(lambda n, d1, d2: (n >= 1) & (d2 < d1 - 1) & (d2 < f_def61(n)), always("I"))
SEC64_HEADING = sec6_rule(lambda n, d1, d2: (n >= 1) & (d2 < d1 + 1) & (d2 < f_def61(n)),
                          always("I"))
THM65 = sec6_rule(lambda n, d1, d2: (n >= 1) & (d1 == f_def61(n)) & (d2 == d1 - 1), always("I"))
THM68 = sec6_rule(lambda n, d1, d2: (n >= 1) & (d1 == d2) & (d2 == f_def61(n) - 1),
                  lambda n, d1, d2: "I" if n % 7 in (0, 2, 5) else "II")
THM68_FIXED = sec6_rule(lambda n, d1, d2: (n >= 1) & (d1 == d2) & (d2 == f_def61(n) - 1),
                        lambda n, d1, d2: "I" if n % 7 in (0, 2, 5) and n != 2 else "II")
THM610_ALL = sec6_rule(lambda *a: True, thm610_corrected)


def lemma66(first: Sequence[int], second: Sequence[int], winner: str) -> Cases:
    """Lemma 6.6: from (n; f(n)-b, f(n)-b-1), b >= 1, Player I removes a in ``first`` and
    Player II c in ``second``; then (n - a - c; d1 - a, d2 - c), Player I to move, is won by
    ``winner``."""
    def cases(bound: int):
        g = game.winner_grid(SEC6, bound)
        out = []
        for n in range(bound + 1):
            f = f_def61(n)
            for b in range(1, f):
                d1, d2 = f - b, f - b - 1
                out += [(n, b, a, c, g) for a in first for c in second
                        if a <= min(n, d1) and c <= min(n - a, d2)]
        return out

    return Cases(cases, lambda c: winner,
                 lambda c: who(bool(c[4][c[0] - c[2] - c[3], f_def61(c[0]) - c[1] - c[2],
                                         f_def61(c[0]) - c[1] - 1 - c[3]])),
                 show=lambda c: f"n={c[0]}, b={c[1]}: I removes {c[2]}, II removes {c[3]}",
                 note=lambda bound: f"n <= {bound}, every b >= 1 with f(n) - b - 1 >= 0")


def family(gap: int, residue: int, predict):
    """States (n; f(n)-b, f(n)-b-gap) with f(n)-b-gap >= 0 and b = residue (mod 3), where the
    statement ``predict(n, b)`` names a winner (Theorems 6.7 and 6.9)."""
    def condition(n, d1, d2):
        b = f_def61(n) - d1
        return (b >= 0) & (d2 == d1 - gap) & (d2 >= 0) & (b % 3 == residue) & \
            (predict(n, b) != "")

    return sec6_rule(condition, lambda n, d1, d2: predict(n, f_def61(n) - d1))


#: Theorems 6.7 and 6.9 and their restatements in Theorem 6.10 items 5 and 6: (statement, check,
#: the rows ``(id, place, corrects, expected at bound 16)``).
FAMILIES = [
    ("NIM(1,3,4), state (n; f(n)-b, f(n)-b-1) with f(n)-b-1 >= 0: if b = 0 (mod 3), Player I "
     "wins.", family(1, 0, thm67_prediction),
     [("cash.thm6.7.1", "Section 6.5, Theorem 6.7(1)", None, holds(16)),
      ("cash.thm6.10.5a", "Section 6.7, Theorem 6.10 item 5(a)", None, holds(16))]),
    ("NIM(1,3,4), state (n; f(n)-b, f(n)-b-1): if b = 1 (mod 3), Player I wins when "
     "n <= 14(b-1)/3 + 3 or n = 0, 2, 5 (mod 7), and Player II wins when n >= 14(b-1)/3 + 4 and "
     "n = 1, 3, 4, 6 (mod 7).", family(1, 1, thm67_prediction),
     [("cash.thm6.7.2", "Section 6.5, Theorem 6.7(2)", None, holds(16)),
      ("cash.thm6.10.5b", "Section 6.7, Theorem 6.10 item 5(b)", None, holds(16))]),
    ("NIM(1,3,4), state (n; f(n)-b, f(n)-b-1): if b = 2 (mod 3), Player I wins when "
     "n <= 14(b-2)/3 + 9 or n = 1, 3, 4, 6 (mod 7), and Player II wins when n >= 14(b-2)/3 + 10 "
     "and n = 0, 2, 5 (mod 7).", family(1, 2, thm67_prediction),
     [("cash.thm6.7.3", "Section 6.5, Theorem 6.7(3)", None, holds(16)),
      ("cash.thm6.10.5c", "Section 6.7, Theorem 6.10 item 5(c)", None, holds(16))]),
    ("As printed: NIM(1,3,4), state (n; f(n)-b, f(n)-b) with f(n)-b >= 0 and b = 0 (mod 3): "
     "Player I wins when n <= 14(b-1)/3 + 11 or n = 1, 3, 4, 6 (mod 7); Player II wins when "
     "n >= 14(b-1)/3 + 12 and n = 0, 2, 5 (mod 7).", family(0, 0, thm69_prediction),
     [("cash.thm6.9.1", "Section 6.6, Theorem 6.9(1)", None,
       fails(16, "NIM(1,3,4) (0; 0, 0)", "I", "II")),
      ("cash.thm6.10.6a", "Section 6.7, Theorem 6.10 item 6(a)", None,
       fails(16, "NIM(1,3,4) (0; 0, 0)", "I", "II"))]),
    ("As printed: NIM(1,3,4), state (n; f(n)-b, f(n)-b) with b = 1 (mod 3): Player I wins when "
     "n <= 14(b-1)/3 + 5 or n = 0, 2, 5 (mod 7); Player II wins when n >= 14(b-1)/3 + 6 and "
     "n = 1, 3, 4, 6 (mod 7).", family(0, 1, thm69_prediction),
     [("cash.thm6.9.2", "Section 6.6, Theorem 6.9(2)", None,
       fails(16, "NIM(1,3,4) (1; 0, 0)", "I", "II")),
      ("cash.thm6.10.6b", "Section 6.7, Theorem 6.10 item 6(b)", None,
       fails(16, "NIM(1,3,4) (1; 0, 0)", "I", "II"))]),
    ("NIM(1,3,4), state (n; f(n)-b, f(n)-b) with f(n)-b >= 0 and b = 2 (mod 3): Player II "
     "wins.", family(0, 2, thm69_prediction),
     [("cash.thm6.9.3", "Section 6.6, Theorem 6.9(3)", None, holds(16)),
      ("cash.thm6.10.6c", "Section 6.7, Theorem 6.10 item 6(c)", None, holds(16))]),
    ("Corrected from the data: state (n; f(n)-b, f(n)-b), b = 0 (mod 3). For b = 0 (both rich) "
     "Player I wins iff n = 1, 3, 4, 5, 6 (mod 7). For b >= 3 Player I wins iff "
     "n >= 14(b-3)/3 + 11 and n = 1, 3, 4, 6 (mod 7); otherwise (all smaller n, and "
     "n = 0, 2, 5 (mod 7)) Player II wins.", family(0, 0, thm69_corrected),
     [("cash.thm6.9.1.corrected", "Section 6.6, Theorem 6.9(1)", "cash.thm6.9.1", holds(16)),
      ("cash.thm6.10.6a.corrected", "Section 6.7, Theorem 6.10 item 6(a)", "cash.thm6.10.6a",
       holds(16))]),
    ("Corrected from the data: state (n; f(n)-b, f(n)-b), b = 1 (mod 3): Player I wins iff "
     "n >= 14(b-1)/3 + 5 and n = 0, 2, 5 (mod 7); otherwise Player II wins.",
     family(0, 1, thm69_corrected),
     [("cash.thm6.9.2.corrected", "Section 6.6, Theorem 6.9(2)", "cash.thm6.9.2", holds(16)),
      ("cash.thm6.10.6b.corrected", "Section 6.7, Theorem 6.10 item 6(b)", "cash.thm6.10.6b",
       holds(16))]),
]

THM63_TEXT = "NIM(1,3,4), n >= 1: if d1 < d2 and d1 < f(n), Player II wins."
THM64_TEXT = "NIM(1,3,4), n >= 1: if d2 < d1 - 1 and d2 < f(n), Player I wins."
LEMMA66_HEAD = "NIM(1,3,4), from (n; f(n)-b, f(n)-b-1) with b >= 1: "


def state_claim(id: str, place: str, statement: str, check, expect, kind: str = "theorem",
                corrects: str | None = None) -> Claim:
    """A row over the states of NIM(1,3,4) up to n <= 300 (whole budget grids)."""
    return Claim(id, place, kind, statement, check, bound=STATES6, bound_help="n <=",
                 expect=expect, corrects=corrects)


CLAIMS = register(PAPER, [
    # ------------------------------------------------------------------------ Def 6.1, 6.2
    Claim("cash.def6.1", "Section 6, Def 6.1", "definition",
          "For NIM(1,3,4) with cash, f(7k + r) = 5k + (0, 1, 1, 2, 4, 4, 5)[r] is Def 7.1's "
          "least winning budget, and W(7k + r) = II iff r = 0 or 2.",
          Cases(def61_cases, lambda c: (f_def61(c[0]), w_def61(c[0])),
                lambda c: (c[1][c[0]], game.plain_winner(SEC6, c[0])),
                show=lambda c: f"n={c[0]} (f, W)", note=lambda bound: f"n <= {bound}"),
          bound=STATES6, bound_help="n <=", expect=holds(30)),
    Claim("cash.def6.1.normal", "Section 6, remark after Def 6.1", "remark",
          "f(n) of Def 6.1 is how much W(n) needs to win normally: the least budget with which "
          "W(n) wins by the unlimited-funds strategy (Def 2.2) equals f(n).",
          Cases(lambda bound: range(bound + 1), f_def61,
                lambda n: game.least_normal_budget(SEC6, n), show=lambda n: f"n={n}",
                note=lambda bound: f"n <= {bound}"),
          bound=45, bound_help="n <=", expect=holds(16)),
    Claim("cash.thm6.2.1", "Section 6.1, Theorem 6.2 first item", "theorem",
          "As printed: if n = 1, 3, 4, 5, 6 (mod 7), Player II wins normally from "
          "(n; UF, >= f(n)) (Player I unlimited, Player II at least f(n)).",
          thm62_printed({1, 3, 4, 5, 6}, "II", uf_first=True), bound=SEC6_BOUND,
          bound_help="n <=", expect=fails(16, "(1; UF, 1)", "II", "I")),
    Claim("cash.thm6.2.1.corrected", "Section 6.1, Theorem 6.2 first item", "theorem",
          "Corrected (players exchanged): if n = 1, 3, 4, 5, 6 (mod 7), Player I wins normally "
          "from (n; d, UF) for every d >= f(n).",
          thm62_normal({1, 3, 4, 5, 6}, uf_first=False), bound=SEC6_BOUND, bound_help="n <=",
          expect=holds(16), corrects="cash.thm6.2.1"),
    Claim("cash.thm6.2.2", "Section 6.1, Theorem 6.2 second item", "theorem",
          "As printed: if n = 0, 2 (mod 7), Player I wins normally from (n; >= f(n), UF).",
          thm62_printed({0, 2}, "I", uf_first=False), bound=SEC6_BOUND, bound_help="n <=",
          expect=fails(16, "(0; 0, UF)", "I", "II")),
    Claim("cash.thm6.2.2.corrected", "Section 6.1, Theorem 6.2 second item", "theorem",
          "Corrected (players exchanged): if n = 0, 2 (mod 7), Player II wins normally from "
          "(n; UF, d) for every d >= f(n).",
          thm62_normal({0, 2}, uf_first=True), bound=SEC6_BOUND, bound_help="n <=",
          expect=holds(16), corrects="cash.thm6.2.2"),
    # ------------------------------------------------------------------------ Tables 1-3
    Claim("cash.table1", "Section 6.2, Table 1", "table",
          "Every entry of Table 1 (for n = 7k + r and a = 1, 3, 4: n-a-1, f(n), f(n-a-1), "
          "whether f(n) <= f(n-a-1) + a (or + a + 1), and whether f(n-a-1) <= f(n) - 1) is what "
          "f gives.",
          table("table1", "f from the game (Def 7.1)"), bound=TABLE_K, bound_help="k <=",
          expect=fails(2, "n=7k+4 (k=1), a=1: f(n-a-1) <= f(n)-1?", "NO", "YES")),
    Claim("cash.table2", "Section 6.4, Table 2", "table",
          "Every entry of Table 2 (n-a-1, f(n), f(n-a-1), whether f(n) <= f(n-a-1) + a (or "
          "+ a + 3), and W(n)) is what f and the game give.",
          table("table2", "f and W from the game"), bound=TABLE_K, bound_help="k <=",
          expect=holds(2)),
    Claim("cash.table3", "Section 6.5, Table 3", "table",
          "Each row of Table 3 is an identity: for n = 7k + r, (n-2, f(n)-b-1, f(n)-b-2) equals "
          "the printed expression and equals (n-2, f(n-2)-b', f(n-2)-b'-1) with b' = b for "
          "r = 0, 1, 2, 3, 6, b' = b-2 for r = 4 and b' = b-1 for r = 5.",
          Facts(lambda bound: table3_rows(max(bound, 1), 6),
                note=lambda bound: f"each row for k = 1..{max(bound, 1)} and b = 0..6, f from "
                                   "the game"),
          bound=TABLE_K, bound_help="k <=", expect=holds(2)),
    # ------------------------------------------------------------------------ Theorems 6.3-6.10
    state_claim("cash.thm6.10.1", "Section 6.7, Theorem 6.10 item 1",
                "NIM(1,3,4): if d1, d2 >= f(n), Player I wins iff n = 1, 3, 4, 5, 6 (mod 7).",
                THM6101, holds(16)),
    state_claim("cash.thm6.10.2", "Section 6.7, Theorem 6.10 item 2",
                "NIM(1,3,4): if one player has at least f(n) and the other less, the one with at "
                "least f(n) wins.", THM6102, holds(16)),
    state_claim("cash.thm6.3", "Section 6.3, Theorem 6.3", THM63_TEXT, THM63, holds(16)),
    state_claim("cash.thm6.10.4.corrected", "Section 6.7, Theorem 6.10 item 4", THM63_TEXT,
                THM63, holds(16), corrects="cash.thm6.10.4"),
    state_claim("cash.thm6.10.4", "Section 6.7, Theorem 6.10 item 4",
                "As printed: in NIM(1,3,4), if d1 < d2 then Player II wins (no bound by f(n)).",
                THM6104, fails(16, "NIM(1,3,4) (1; 1, 2)", "II", "I")),
    state_claim("cash.thm6.4", "Section 6.4, Theorem 6.4", THM64_TEXT, THM64, holds(16)),
    state_claim("cash.thm6.10.3", "Section 6.7, Theorem 6.10 item 3", THM64_TEXT, THM64,
                holds(16)),
    state_claim("cash.sec6.4.heading.corrected", "Section 6.4 heading", THM64_TEXT, THM64,
                holds(16), corrects="cash.sec6.4.heading"),
    state_claim("cash.sec6.4.heading", "Section 6.4 heading",
                "The heading of Section 6.4: in NIM(1,3,4), if d2 < d1 + 1 and d2 < f(n), Player "
                "I wins.", SEC64_HEADING, fails(16, "NIM(1,3,4) (1; 0, 0)", "I", "II"),
                kind="claim"),
    state_claim("cash.thm6.5", "Section 6.5, Theorem 6.5",
                "NIM(1,3,4), n >= 1: Player I wins (n; f(n), f(n) - 1).", THM65, holds(16)),
    state_claim("cash.lemma6.6.1", "Section 6.5, Lemma 6.6(1)",
                LEMMA66_HEAD + "if Player I first removes 3 or 4 stones and Player II answers "
                "with one stone, Player II wins.", lemma66((3, 4), (1,), "II"), holds(16),
                kind="lemma"),
    state_claim("cash.lemma6.6.2", "Section 6.5, Lemma 6.6(2)",
                LEMMA66_HEAD + "if Player I first removes one stone and Player II answers with "
                "3 or 4, Player I wins.", lemma66((1,), (3, 4), "I"), holds(16), kind="lemma"),
    state_claim("cash.thm6.8", "Section 6.6, Theorem 6.8",
                "NIM(1,3,4), n >= 1: Player I wins (n; f(n)-1, f(n)-1) iff n = 0, 2, 5 "
                "(mod 7).", THM68, fails(16, "NIM(1,3,4) (2; 0, 0)", "I", "II")),
    state_claim("cash.thm6.8.corrected", "Section 6.6, Theorem 6.8",
                "Corrected Theorem 6.8: for n >= 1, Player I wins (n; f(n)-1, f(n)-1) iff "
                "n = 0, 2, 5 (mod 7) and n != 2 (at n = 2 the state is (2; 0, 0) and Player I "
                "cannot move).", THM68_FIXED, holds(16), corrects="cash.thm6.8"),
    *[state_claim(id, place, statement, check, expect, corrects=corrects)
      for statement, check, rows in FAMILIES for id, place, corrects, expect in rows],
    state_claim("cash.thm6.10.corrected", "Section 6.7, Theorem 6.10",
                "Theorem 6.10 as a complete description, with items 6(a) and 6(b) corrected, "
                "predicts the winner of every state (n; d1, d2) of NIM(1,3,4) with cash.",
                THM610_ALL, holds(16)),
])

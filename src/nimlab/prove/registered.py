"""The papers' claims that the formula language states, with their formulas.

Each :class:`Registered` names a claim of ``nimlab verify --list`` (same id), the game the
formula speaks of, the kind of statement (see :mod:`nimlab.prove.procedure`), the formula(s) and
what exactly a proof establishes (``proves``; ``scope`` when only some pile counts are handled).
``requires`` lists registered claims the statement builds on (a sentence about the P-positions
uses the formula whose P-set another claim proves); a claim counts as proven only when they are.

:func:`proof_status` answers from the records the prover stored (result store under
``NIMLAB_CACHE``, keyed by the formula and the procedure version) without proving anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from nimlab.errors import InputError
from nimlab.progress import Progress, quiet
from nimlab.prove.games import game_formula
from nimlab.prove.procedure import load_record, record_key, run

# ---------------------------------------------------------------- Sharing Nim (base 2)
#: Theorem 2: two equal piles, the third differs by 0 or 4^k(2l+1) (binary: ...1(00)*).
SHARE_P_T = ('E dd. (dd = 0 | dd in "(0|1)*1(00)*") & '
             '(({a} = {b} & ({c} = {a} + dd | {a} = {c} + dd)) | '
             '({a} = {c} & ({b} = {a} + dd | {a} = {b} + dd)) | '
             '({b} = {c} & ({a} = {b} + dd | {b} = {a} + dd)))')
SHARE_P = SHARE_P_T.format(a="p1", b="p2", c="p3")
#: Remark 4's P-test, corrected (three equal piles accepted), as a user would type it.
SHARE_REM4 = ('(p1 = p2 & p2 = p3) | E d. d in "(0|1)*1(00)*" & ((p1 = p2 & (p3 = p1 + d | '
              'p1 = p3 + d)) | (p1 = p3 & (p2 = p1 + d | p1 = p2 + d)) | (p2 = p3 & '
              '(p1 = p2 + d | p2 = p1 + d)))')
#: Remark 5 corrected: MOVE is the move relation from (p1,p2,p3) to (q1,q2,q3).  A move changes
#: two piles and keeps the third, so it is levelling (the touched piles end equal, or one of
#: them ends level with the third) exactly when it leaves two equal piles.
_LEVEL = "(q1 = q2 | q1 = q3 | q2 = q3)"
_SHARE_Q = SHARE_P_T.format(a="q1", b="q2", c="q3")
SHARE_REM5 = (f"(~({SHARE_P}) => E q1, q2, q3. MOVE & {_LEVEL} & ({_SHARE_Q})) & "
              f"(A q1, q2, q3. (MOVE & ({_SHARE_Q})) => {_LEVEL})")
#: Theorem 4's 1-positions, translated by the smallest pile m, in any order of the piles.
_B_PAIR = ("(u = 0 & v % 4 = 2) | (v = 0 & u % 4 = 2) | (u = v & u % 4 = 2) | "
           "(u = 2 & v % 4 = 1) | (v = 2 & u % 4 = 1) | (v = u + 2 & u % 4 = 3) | "
           "(u = v + 2 & v % 4 = 3)")
SHARE_B = ("E m, u, v. ((p1 = m & p2 = m + u & p3 = m + v) | (p2 = m & p1 = m + u & p3 = m + v) "
           f"| (p3 = m & p1 = m + u & p2 = m + v)) & ({_B_PAIR})")
_ROW0 = SHARE_P_T.format(a="0", b="0", c="{n}")
SHARE_NOT_PERIODIC = ("A t, s. t >= 1 => E n, w. n >= s & w = n + t & ~((" +
                      _ROW0.format(n="n") + ") <=> (" + _ROW0.format(n="w") + "))")


def _bottom(condition: str, p_position: bool) -> str:
    row = "(p1 = 0 & p2 = 0 & " + condition + ")"
    return f"{row} => {'' if p_position else '~'}({SHARE_P})"


# ---------------------------------------------------------------- End-Nim (base 2)
def _end_row(k: int, n: int) -> tuple[str, list[str]]:
    """The condition 'the row has n piles' in the K-pile encoding and the names of its piles."""
    piles = [f"p{i}" for i in range(k - n + 1, k + 1)]
    parts = [f"p{k - n} = 0"] if n < k else []
    if n:
        parts.append(f"{piles[0]} > 0")
    return " & ".join(parts) or "true", piles


def _eq_chain(names: list[str]) -> str:
    return " & ".join(f"{a} = {b}" for a, b in zip(names, names[1:])) or "true"


def _l_is(a: list[str], i: int) -> str:
    """l(A) = i: largest i with a_1 = ... = a_(i-1) <= a_i."""
    def cond(j):
        if j == 1:
            return "true"
        return f"({_eq_chain(a[:j - 1])} & {a[j - 2]} <= {a[j - 1]})"
    return " & ".join([cond(i)] + [f"~{cond(j)}" for j in range(i + 1, len(a) + 1)])


def _r_is(a: list[str], j: int, variant: str) -> str:
    """r(A) = j (r_m for misere, r_o for loop), for a row of at least one pile."""
    n = len(a)
    constant = _eq_chain(a)
    ones = " & ".join(f"{x} = 1" for x in a)

    def cond(m):  # a_(n-m+1) >= a_(n-m+2) = ... = a_n
        if m == 1:
            return "true"
        return f"({_eq_chain(a[n - m + 1:])} & {a[n - m]} >= {a[n - m + 1]})"

    if j == 0:
        return {"normal": f"({constant})", "misere": f"(({constant}) & ~({ones}))",
                "loop": "false"}[variant]
    plain = " & ".join([cond(j)] + [f"~{cond(m)}" for m in range(j + 1, n + 1)])
    out = f"(~({constant}) & {plain})"
    if j == 1 and variant != "normal":
        out = f"(({ones if variant == 'misere' else constant}) | {out})"
    return out


def _thm2_condition(a: list[str], variant: str) -> str:
    n = len(a)
    ls = {i: _l_is(a, i) for i in range(1, n + 1)}
    rs = {j: _r_is(a, j, variant) for j in range(0, n + 1)}
    cond_a = " | ".join(f"(({ls[i]}) & {rs[j]})" for i in ls for j in rs if (i + j) % 2 == 0)
    cond_b = " | ".join(f"(({ls[i]}) & {rs[j]})" for i in ls for j in rs
                        if i % 2 == 1 and j % 2 == 0)
    return f"(({a[0]} = {a[-1]} & ({cond_a})) | ({a[-1]} = {a[0]} + 1 & ({cond_b})))"


def endnim_thm2(k: int, variant: str) -> str:
    """Theorems 2.1-2.3 for every row of 1..k piles (and the empty row, terminal: P)."""
    rows = [f"p{k} = 0"]
    for n in range(1, k + 1):
        shape, a = _end_row(k, n)
        rows.append(f"({shape} & ({_thm2_condition(a, variant)} | "
                    f"({a[-1]} <= {a[0]} & {_thm2_condition(a[::-1], variant)})))")
    return " | ".join(f"({r})" for r in rows)


END3_NORMAL = "(p1 > 0 & p1 = p3 & p2 != p1) | (p1 = 0 & p2 = p3)"
END3_MISERE = ("(p1 > 0 & ((p1 = p3 & p2 != p1) | (p1 = 1 & p2 = 1 & p3 = 1))) | "
               "(p1 = 0 & p2 > 0 & p2 = p3 & p2 != 1) | (p1 = 0 & p2 = 0 & p3 <= 1)")
END3_LOOP = "(p1 > 0 & p1 = p3) | (p1 = 0 & p2 = 0)"
END2_MISERE_P = "(p1 > 0 & p1 = p2 & p1 != 1) | (p1 = 0 & p2 <= 1)"
END2_MISERE_1 = ("(p1 = 1 & p2 = 1) | (p1 >= 3 & p1 % 2 = 1 & p2 = p1 + 1) | "
                 "(p2 >= 3 & p2 % 2 = 1 & p1 = p2 + 1) | (p1 = 0 & p2 = 2)")
END2_NORMAL_1 = "(p1 % 2 = 0 & p2 = p1 + 1) | (p2 % 2 = 0 & p2 > 0 & p1 = p2 + 1)"

# Section 5: 3-pile rows of value 1 (Theorems 5.1-5.3) and 2 (Theorem 5.4), for a1 <= a3,
# as templates over {a}, {b}, {c}; rows of fewer piles are added from Section 4.
THM51 = ("({a} = 1 & {b} = 1 & {c} = 1) | ({c} = {a} + 1 & (({a} % 2 = 0 & {b} < {a}) | "
         "({a} % 2 = 1 & {b} > {a} & {b} != {a} + 2))) | ({c} = {a} + 2 & {a} % 2 = 1 & "
         "{b} = {c})")
THM52 = ("({a} = 1 & {b} = 2 & {c} = 2) | ({a} = {b} & {b} = {c} & {a} >= 3) | "
         "({c} = {a} + 1 & (({a} % 2 = 0 & {b} = 1) | ({a} % 2 = 1 & ((2 <= {b} & {b} < {a}) "
         "| {b} > {c}))))")
THM53 = ("({c} = {a} + 1 & (({a} % 2 = 0 & {b} < {a}) | ({a} % 2 = 1 & {b} > {c}))) | "
         "({c} = {a} + 2 & {a} % 2 = 1 & {b} = {a} + 1)")
_LOW = "({b} >= 5 => ({b} % 4 = 0 | {b} % 4 = 3))"
THM54 = ("({a} = {b} & {b} = {c} & {a} >= 2 & ({a} % 4 = 1 | {a} % 4 = 2)) | "
         "({c} = {a} + 1 & (({a} = 1 & {b} = 1) | ({a} % 4 = 2 & {b} = {c}) | "
         "({a} % 2 = 1 & {a} >= 7 & 5 <= {b} & {b} + 1 <= {a} & ({b} % 4 = 1 | {b} % 4 = 2) & "
         "~({a} % 4 = 3 & {b} + 2 = {a})))) | "
         "({c} = {a} + 2 & (({a} % 4 = 0 & {b} + 1 <= {a} & " + _LOW + ") | "
         "({a} % 4 = 1 & (({a} = 1 & {b} = 2) | {b} >= {a} + 3 | ({b} + 1 <= {a} & " + _LOW +
         "))) | ({a} % 4 = 2 & (({b} + 1 = {a} & {b} >= 5) | ({b} >= {a} + 2 & "
         "{b} != {a} + 4))))) | ({c} = {a} + 3 & {a} % 4 = 2 & {b} = {a} + 4)")


def _end3(template: str, smaller: str) -> str:
    """3-pile rows meeting ``template`` in either orientation, or smaller rows in ``smaller``."""
    fwd = template.format(a="p1", b="p2", c="p3")
    rev = template.format(a="p3", b="p2", c="p1")
    return f"(p1 > 0 & ((p1 <= p3 & ({fwd})) | (p3 <= p1 & ({rev})))) | (p1 = 0 & ({smaller}))"


#: Rows of at most 2 piles (0,a,b) of value 1 and 2: Section 4 (Nim, misere Nim, Prop 4.1).
END_SMALL_1 = {
    "normal": "(p2 = 0 & p3 = 1) | (p2 > 0 & ((p2 % 2 = 0 & p3 = p2 + 1) | "
              "(p3 % 2 = 0 & p2 = p3 + 1)))",
    "misere": "(p2 = 0 & p3 = 2) | (p2 > 0 & ((p2 = 1 & p3 = 1) | (p2 >= 3 & p2 % 2 = 1 & "
              "p3 = p2 + 1) | (p3 >= 3 & p3 % 2 = 1 & p2 = p3 + 1)))",
    "loop": "p2 > 0 & p2 = p3",
}
END_SMALL_2 = ("(p2 = 0 & p3 = 2) | (p2 > 0 & (((p2 % 4 = 0 | p2 % 4 = 1) & p3 = p2 + 2) | "
               "((p3 % 4 = 0 | p3 % 4 = 1) & p2 = p3 + 2)))")
END3_V1 = {v: _end3(t, END_SMALL_1[v]) for v, t in
           (("normal", THM51), ("misere", THM52), ("loop", THM53))}
END3_V2 = _end3(THM54, END_SMALL_2)

# ---------------------------------------------------------------- Fibonacci Nim (Zeckendorf)
#: z is the smallest Zeckendorf term of n: the pair of digit strings (n, z).
LOWEST = '(p1, z) in "([00]|[10])*[11][00]*"'
FIB1_P = (f"(x > 0 & (p1 = 0 | E z. {LOWEST} & z > 2*x)) | "
          '(x = 0 & (p1 = 0 | p1 in "0*10*"))')


@dataclass(frozen=True)
class Registered:
    id: str
    game: str
    kind: str
    formula: str
    proves: str
    options: dict = field(default_factory=dict)
    piles: int | None = None
    value: int = 0
    given: tuple[str, ...] = ()
    target: str | None = None
    requires: tuple[str, ...] = ()
    scope: str = ""

    @property
    def paper(self) -> str:
        return {"sharing": "sharing", "endnim": "end-nim", "fib": "fibonacci",
                "cash": "cash"}[self.id.split(".")[0]]

    def game_formula(self):
        return game_formula(self.game, self.piles, **self.options)

    def key(self) -> str:
        return record_key(self.game_formula(), self.kind, self.formula, self.value,
                          list(self.given) if self.kind == "value" else None, self.target)


def _end(id_, kind, formula, proves, k, variant, **kw):
    return Registered(id_, "end-nim", kind, formula, proves, {"variant": variant}, k, **kw)


CLAIMS: list[Registered] = [
    # Sharing Nim
    Registered("sharing.thm2", "sharing", "p-positions", SHARE_P,
               "the P-positions of 3-pile Sharing Nim (any order of the piles, any translate) are "
               "exactly the positions with two equal piles and the third differing by 0 or "
               "4^k(2l+1)", piles=3),
    Registered("sharing.rem4.corrected", "sharing", "p-positions", SHARE_REM4,
               "Remark 4's P-test with three equal piles accepted is exactly the P-set",
               piles=3),
    Registered("sharing.thm2.proof1", "sharing", "independent", SHARE_P,
               "no move joins two positions of Theorem 2's set", piles=3),
    Registered("sharing.rem5.corrected", "sharing", "sentence", SHARE_REM5,
               "from every N-position some levelling move (one leaving two equal piles) wins, "
               "and every winning move is levelling", piles=3, requires=("sharing.thm2",)),
    Registered("sharing.thm4", "sharing", "value", SHARE_B,
               "the positions of value 1 are exactly the translates and reorderings of "
               "(0,0,4k+2), (0,4k+2,4k+2), (0,2,4k+1), (0,4l-1,4l+1)", piles=3, value=1,
               given=(SHARE_P,), requires=("sharing.thm2",)),
    Registered("sharing.thm4.disjoint", "sharing", "sentence", f"~(({SHARE_P}) & ({SHARE_B}))",
               "Theorem 2's and Theorem 4's sets are disjoint", piles=3),
    Registered("sharing.thm4.proof.i", "sharing", "independent", SHARE_B,
               "no move joins two positions of Theorem 4's set", piles=3),
    Registered("sharing.prop2.1", "sharing", "sentence", _bottom("p3 >= 3 & p3 % 2 = 1", True),
               "(0,0,n) is a P-position for every odd n >= 3 (f(n) = 0)", piles=3,
               requires=("sharing.thm2",)),
    Registered("sharing.prop2.2", "sharing", "sentence",
               _bottom("p3 >= 3 & (p3 % 32 = 4 | p3 % 32 = 12 | p3 % 32 = 16 | p3 % 32 = 20 | "
                       "p3 % 32 = 28)", True),
               "(0,0,n) is a P-position when n mod 32 is 4, 12, 16, 20 or 28", piles=3,
               requires=("sharing.thm2",)),
    Registered("sharing.prop2.3", "sharing", "sentence",
               _bottom("p3 >= 3 & (" + " | ".join(f"p3 % 32 = {r}" for r in
                                                  (2, 6, 8, 10, 14, 18, 22, 24, 26, 30)) + ")",
                       False),
               "(0,0,n) is an N-position (f(n) = 1) for the ten residues mod 32", piles=3,
               requires=("sharing.thm2",)),
    Registered("sharing.sec4.zeros.corrected", "sharing", "sentence",
               _bottom("p3 % 2 = 1", True),
               "G(0,0,b) = 0 for every odd b", piles=3, requires=("sharing.thm2",)),
    Registered("sharing.thm3", "sharing", "sentence", SHARE_NOT_PERIODIC,
               "for every period t >= 1 and start s some n >= s has f(n) != f(n+t): f is not "
               "ultimately periodic", piles=3, requires=("sharing.thm2",)),
    Registered("sharing.cor4", "sharing", "sentence", SHARE_NOT_PERIODIC,
               "the P-positions (0,0,n) of the bottom row are not ultimately periodic", piles=3,
               requires=("sharing.thm2",)),
    Registered("sharing.rem7", "sharing", "sentence", SHARE_NOT_PERIODIC,
               "the zeros of the bottom row G(0,0,n) are not ultimately periodic, so neither is "
               "the row", piles=3, requires=("sharing.thm2",)),
    # End-Nim
    _end("endnim.sec5.p.normal", "p-positions", END3_NORMAL,
         "the P-positions of End-Nim on rows of at most 3 piles: (a,b,a) with b != a, the "
         "2-pile rows (a,a) and the empty row", 3, "normal"),
    _end("endnim.sec5.p.misere", "p-positions", END3_MISERE,
         "misere End-Nim, rows of at most 3 piles: (a,b,a) with b != a, (1,1,1), the 2-pile "
         "rows (a,a), a != 1, the row (1) and the empty row", 3, "misere"),
    _end("endnim.sec5.p.loop", "p-positions", END3_LOOP,
         "Loop-End-Nim, rows of at most 3 piles: (a,b,a) for all a, b, every single pile and "
         "the empty row (no 2-pile row is P)", 3, "loop"),
    _end("endnim.sec4.misere0", "p-positions", END2_MISERE_P,
         "misere End-Nim, rows of at most 2 piles: (a,b) is P iff a = b != 1 (with the row (1) "
         "and the empty row)", 2, "misere"),
    _end("endnim.prop4.2", "value", END2_MISERE_1,
         "misere End-Nim, rows of at most 2 piles: value 1 iff a = b = 1, or a >= 3 odd and "
         "b = a + 1 (and the single pile (2))", 2, "misere", value=1, given=(END2_MISERE_P,),
         requires=("endnim.sec4.misere0",)),
    _end("endnim.sec6.two-pile", "value", END2_NORMAL_1,
         "End-Nim, rows of at most 2 piles: (x,y), x <= y, has value 1 iff x is even and "
         "y = x + 1", 2, "normal", value=1, given=("p1 = p2",)),
]
CLAIMS += [
    _end(f"endnim.thm2.{i}", "p-positions", endnim_thm2(4, variant),
         f"{name}: every row of 1 to 4 piles is P iff it meets Theorem 2.{i}'s conditions "
         "(the empty row is P)", 4, variant, scope="rows of at most 4 piles")
    for i, variant, name in ((1, "normal", "End-Nim"), (2, "misere", "misere End-Nim"),
                             (3, "loop", "Loop-End-Nim"))
]
CLAIMS += [
    _end(f"endnim.thm5.{i}", "value", END3_V1[variant],
         f"{name}, rows of at most 3 piles: the 3-pile rows of value 1 are exactly those of "
         f"Theorem 5.{i} (either orientation), with Section 4's rows of fewer piles", 3,
         variant, value=1, given=(p_set,), requires=(p_claim,))
    for i, variant, name, p_set, p_claim in (
        (1, "normal", "End-Nim", END3_NORMAL, "endnim.sec5.p.normal"),
        (2, "misere", "misere End-Nim", END3_MISERE, "endnim.sec5.p.misere"),
        (3, "loop", "Loop-End-Nim", END3_LOOP, "endnim.sec5.p.loop"))
]
CLAIMS += [
    _end("endnim.thm5.4", "value", END3_V2,
         "End-Nim, rows of at most 3 piles: the 3-pile rows of value 2 are exactly those of "
         "Theorem 5.4 (either orientation), with the rows of fewer piles of value 2", 3,
         "normal", value=2, given=(END3_NORMAL, END3_V1["normal"]),
         requires=("endnim.sec5.p.normal", "endnim.thm5.1")),
]
CLAIMS += [
    # Fibonacci Nim
    Registered("fib.thm3.1.1", "fibonacci", "p-subset", "p1 = p2 & x > 0",
               "every move from (m,m;x), x > 0, is answered back into the set (mirror), so "
               "each is a P-position", piles=2),
    Registered("fib.thm3.1.2", "fibonacci", "n-set", "p1 > p2 & p1 <= p2 + 2*x",
               "(m+k,m;x) with 0 < k <= 2x has a move to (m,m;k), a P-position", piles=2,
               target="p1 = p2 & x > 0"),
    Registered("fib.cor3.2", "fibonacci", "n-set", "x = 0 & p2 > 1 & p1 > p2",
               "the first-move position (m+k,m;0), m > 1, k > 0, moves to (m,m;k), a "
               "P-position", piles=2, target="p1 = p2 & x > 0"),
    Registered("fib.thm2.1", "fibonacci", "p-subset", "p1 = 0 & p2 = 0 & x > 0",
               "(0,0;x) has no move, so it is a P-position", piles=2,
               scope="two piles"),
    Registered("fib.lemma3.3", "fibonacci", "n-set", "p1 > 0 & p1 <= 2*x",
               "a single pile (m;x) with 0 < m <= 2x has a move to the terminal (0;m)", piles=1,
               target="p1 = 0 & x > 0"),
    Registered("fib.intro.zeckendorf", "fibonacci", "p-positions", FIB1_P,
               "single-pile Fibonacci Nim: (n;x), x > 0, is P iff n = 0 or the smallest "
               "Zeckendorf term of n exceeds 2x; (n;0) is P iff n is 0 or a Fibonacci number",
               piles=1),
    Registered("fib.intro.classic", "fibonacci", "p-positions", FIB1_P,
               "the first-move position (n;0) is P iff n is a Fibonacci number (with the whole "
               "P-set of single-pile Fibonacci Nim)", piles=1),
    # NIM with cash (subtraction games without cash)
    Registered("cash.sec5.nim134", "subtraction", "p-positions", "p1 % 7 = 0 | p1 % 7 = 2",
               "NIM(1,3,4): Player II wins iff n = 0 or 2 (mod 7)", {"set": "1,3,4"}),
    Registered("cash.abstract.nim123", "subtraction", "p-positions", "p1 % 4 = 0",
               "NIM(1,2,3): Player II wins iff 4 divides n", {"set": "1,2,3"}),
]

BY_ID = {c.id: c for c in CLAIMS}
PAPERS = ("sharing", "end-nim", "fibonacci", "cash")


def select(ids_or_prefixes: list[str] | None = None, paper: str | None = None) -> list[Registered]:
    if paper and paper != "all" and paper not in PAPERS:
        raise InputError(f"unknown paper {paper!r}; papers: {', '.join(PAPERS)}, all")
    chosen = [c for c in CLAIMS if paper in (None, "all") or c.paper == paper]
    if ids_or_prefixes:
        out = []
        for text in ids_or_prefixes:
            found = [c for c in chosen if c.id == text or c.id.startswith(text + ".")]
            if not found:
                raise InputError(f"no registered proof for claim {text!r}; `nimlab prove --list` "
                                 "shows the claims the prover states")
            out += [c for c in found if c not in out]
        return out
    return chosen


def prove_claim(claim: Registered, max_states: int = 200_000, time_limit: float = 600.0,
                progress: Progress = quiet) -> dict:
    result = run(claim.game_formula(), claim.kind, claim.formula, value=claim.value,
                 given=list(claim.given), target=claim.target, max_states=max_states,
                 time_limit=time_limit, progress=progress)
    return {"id": claim.id, "paper": claim.paper, "proves": claim.proves, "scope": claim.scope,
            "requires": list(claim.requires), **result}


def proof_status(claim_id: str) -> dict | None:
    """The stored proof of ``claim_id``: ``None`` if the claim has no formula or no record.

    Never proves anything.  ``status`` is ``proven`` only when the claim's own record and those
    of the claims it requires are ``proven``; ``disproven`` when its own record is.
    """
    claim = BY_ID.get(claim_id)
    if claim is None:
        return None
    record = load_record(claim.key())
    if record is None:
        return None
    status = record.get("status")
    missing = []
    for other in claim.requires:
        sub = proof_status(other)
        if sub is None or sub["status"] != "proven":
            missing.append(other)
    if status == "proven" and missing:
        status = "pending"
    return {"id": claim_id, "status": status, "scope": claim.scope, "proves": claim.proves,
            "formula": claim.formula, "seconds": record.get("seconds"),
            "sizes": record.get("sizes"), "counterexample": record.get("counterexample"),
            "requires_unproven": missing, "procedure": record.get("procedure")}


def attach_proofs(results, prove: Sequence[str] = (), max_states: int = 200_000,
                  time_limit: float = 600.0, progress: Progress = quiet) -> None:
    """Set ``result.proof`` of every claim result that has a stored proof record.

    The claims named in ``prove`` (and the claims their proofs require) are proven first, under
    the budget, so their records are fresh; the others are read from the store as they are.
    """
    todo: list[Registered] = []

    def want(claim_id: str) -> None:
        claim = BY_ID.get(claim_id)
        if claim is None or claim in todo:
            return
        for other in claim.requires:
            want(other)
        todo.append(claim)

    for claim_id in prove:
        want(claim_id)
    for done, claim in enumerate(todo):
        progress(done, len(todo))
        prove_claim(claim, max_states=max_states, time_limit=time_limit)
    progress(len(todo), len(todo))
    for result in results:
        result.proof = proof_status(result.claim.id)

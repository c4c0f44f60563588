"""Sharing Nim, Section 4: Proposition 1's proof, Proposition 2, Theorem 3 (f is not ultimately
periodic) and its proof, Remark 7, Conjectures 1-2 and the bounds on the sequences of the text
and of Figures 4-5 (Appendix)."""

from __future__ import annotations

import numpy as np

from nimlab.claims import Claim, Evidence, fails, holds, register, supported
from nimlab.claims.artifacts import printed
from nimlab.claims.checks import Cases, Facts, NotPeriodic, Region
from nimlab.games import Share
from nimlab.papers.sharing.computed import (BIG, PAPER, constant_residues, f_seq, pos,
                                            residue_witness, row_maxima, sequence_values,
                                            uncovered_residues, value3, values)
from nimlab.papers.sharing.formulas import (GAME, PROP2_ONE, PROP2_ZERO, S1, S2, S_PRINTED,
                                            T_PRINTED)


# ---------------------------------------------------------------- Proposition 1's proof
def prop1_proof_cases(bound: int) -> list[tuple[str, int]]:
    values(bound)
    return [(kind, b) for b in range(1, bound // 2 + 1) for kind in ("(0,0,b)", "(0,b,b)")]


def both_p(c: tuple[str, int]) -> bool:
    """Whether (0,0,b) and (0,b/2,b/2) (or (0,b,b) and (0,0,2b)) are both P-positions."""
    kind, b = c
    if kind == "(0,0,b)":
        return b % 2 == 0 and value3((0, 0, b)) == 0 and value3((0, b // 2, b // 2)) == 0
    return value3((0, b, b)) == 0 and value3((0, 0, 2 * b)) == 0


# ---------------------------------------------------------------- Proposition 2, Theorem 3
def f_array(bound: int) -> np.ndarray:
    """f(n), n = 0..bound, as an array (0 iff (0,0,n) is a P-position)."""
    return np.array(f_seq(bound), dtype=np.int64)


def residue_region(residues: tuple[int, ...], want: int) -> Region:
    """f(n) = ``want`` for every n >= 3 with n mod 32 in ``residues``."""
    def blocks(f, bound):
        n = np.arange(bound + 1)
        return (n >= 3) & np.isin(n % 32, residues), f != want
    return Region(f_array, blocks, claimed=lambda f, c: want, computed=lambda f, c: int(f[c[0]]),
                  show=lambda c: f"n={c[0]}")


# Proposition 2: (id, place, statement, residues mod 32, value of f there).
PROP2 = [
    ("sharing.prop2.1", "Proposition 2 (1)", "If n >= 3 is odd then f(n) = 0.",
     tuple(range(1, 32, 2)), 0),
    ("sharing.prop2.2", "Proposition 2 (2)", "If n >= 3 and n mod 32 is 4, 12, 16, 20 or 28 "
     "then f(n) = 0.", PROP2_ZERO, 0),
    ("sharing.prop2.3", "Proposition 2 (3)", "If n >= 3 and n mod 32 is 2, 6, 8, 10, 14, 18, "
     "22, 24, 26 or 30 then f(n) = 1.", PROP2_ONE, 1),
]


def proof_sets(bound: int) -> list[tuple[str, list[int], list[int]]]:
    """Theorem 3's proof: the sets S1, S2, S and T as printed, and as the computed f gives."""
    f = f_seq(bound)
    s1, s2 = constant_residues(f, 0), constant_residues(f, 1)
    s = {x - y for x in s1 for y in s2 if x > y}
    return [("set S1", sorted(S1), sorted(s1)), ("set S2", sorted(S2), sorted(s2)),
            ("set S", list(S_PRINTED), sorted(s)),
            ("set T", list(T_PRINTED), sorted(set(range(0, 32, 2)) - s))]


def witness_facts(bound: int, residue: int, claimed, found, missing):
    """For every p <= bound/2 with p mod 32 in T: is there n = ``residue`` mod 32 with
    f(n+p) != f(n)?"""
    f = f_seq(bound)
    return [(f"p={p}", claimed, found if residue_witness(f, p, residue) else missing)
            for p in range(1, bound // 2 + 1) if p % 32 in T_PRINTED]


def bottom_row_region(parity: int) -> Region:
    """G(0,0,b) = 0 for every b >= 1 of the given parity."""
    def blocks(row, bound):
        b = np.arange(bound + 1)
        return (b >= 1) & (b % 2 == parity), row != 0
    return Region(lambda bound: values(bound)[0], blocks, claimed=lambda row, c: 0,
                  computed=lambda row, c: int(row[c[0]]), show=lambda c: pos((0, c[0])))


def bottom_row_arith(bound: int) -> Evidence:
    # A plain check: the evidence is a count of late zeros and the row's maximum, not a list of
    # cases, and the verdict (refuted when no late zero is left) has no counterexample.
    V = values(bound)
    last_half_zero = [b for b in range(bound // 2, bound + 1) if V[0, b] == 0]
    biggest = int(V[0].max())
    return Evidence(bound + 1, [], f"G(0,0,b) = 0 at {len(last_half_zero)} values of b in the "
                    f"upper half of 0..{bound}; the row never exceeds {biggest}",
                    contradicted=not last_half_zero)


# ---------------------------------------------------------------- Conjectures 1-2
def conj_rows(bound: int) -> int:
    """The rows a = 1..14 the conjectures are checked on (fewer for a small bound)."""
    return min(14, bound // 4)


def late_maxima(bound: int) -> list[tuple[str, str, str]]:
    """Conjecture 1: for each row a, whether its maximum is first reached in its last half."""
    want = "bounded: no new maximum late in the row"
    return [(f"row a={a}", want, want if at - a <= n // 2 else
             f"maximum {m} first reached at b={at}, in the last half")
            for a, (m, at, n) in row_maxima(values(bound), conj_rows(bound)).items()]


def maxima_note(bound: int) -> str:
    maxima = row_maxima(values(bound), conj_rows(bound))
    return "row maxima (value at b): " + ", ".join(f"a={a}: {m} at {at}"
                                                  for a, (m, at, n) in maxima.items())


def move_reaches(t: tuple[int, int, int]) -> bool:
    """From (0,a,n), moving a-c tokens from the largest pile to the smallest reaches
    (0,c,n-2(a-c))."""
    a, n, c = t
    move = Share(2, 0, a - c)
    return move in GAME.available_moves((0, a, n)) and \
        GAME.key(GAME.do_move((0, a, n), move)) == (0, c, n - 2 * (a - c))


# ---------------------------------------------------------------- the bounded sequences
def bounded_sequence(key: str) -> Cases:
    """The first ``bound`` values of the sequence ``key`` of ``section4.json`` are at most the
    bound the text states."""
    spec = printed(PAPER, "section4")["sequences"][key]
    (x, y, n0), top = spec["first"], spec["bound"]

    def note(bound: int) -> str:
        seq = sequence_values(spec["first"], bound)
        if not seq:
            return "no values asked for"
        i = max(range(len(seq)), key=lambda j: (seq[j], -j))
        return f"largest value {seq[i]} at G({x},{y},{n0 + i})"

    return Cases(lambda bound: list(enumerate(sequence_values(spec["first"], bound))),
                 lambda c: f"<= {top}", lambda c: f"<= {top}" if c[1] <= top else c[1],
                 show=lambda c: f"G({x},{y},{n0 + c[0]})", note=note)


# (id, key in section4.json, kind, place, statement)
SEC4 = [
    ("sharing.sec4.row0", "text-row0", "example", "Section 4, after Conjecture 1",
     "The first 490 values of G(0,0,n), n >= 1, are at most 12."),
    ("sharing.sec4.row0.1000", "text-row0-1000", "example", "Section 4, before Theorem 3",
     "The first 1000 values of G(0,0,n), n >= 1, are at most 12."),
    ("sharing.sec4.row2", "text-row2", "example", "Section 4, after Conjecture 1",
     "The first 500 values of G(0,2,n), n >= 3, are at most 41."),
    ("sharing.sec4.row6", "text-row6", "example", "Section 4, after Conjecture 1",
     "The first 800 values of G(0,6,n), n >= 3, are at most 72 (for n < 6 the position "
     "(0,6,n) is (0,n,6))."),
    ("sharing.fig4", "fig4", "figure", "Appendix, Figure 4",
     "Figure 4 shows the first 500 values of G(1,3,n), n >= 3 (= G(0,2,n-1)); the text bounds "
     "them by 41."),
    ("sharing.fig5", "fig5", "figure", "Appendix, Figure 5",
     "Figure 5 shows the first 800 values of G(1,7,n), n >= 7 (= G(0,6,n-1)); the text bounds "
     "them by 72."),
]


def _count(key: str) -> int:
    return printed(PAPER, "section4")["sequences"][key]["count"]


def f_not_periodic(bound: int) -> dict[str, list[int]]:
    return {"f": f_seq(bound)}


CLAIMS = register(PAPER, [
    Claim("sharing.prop1.proof", "Proposition 1, proof", "claim",
          "If (a,a,a+b) is a P-position then (a,a+b/2,a+b/2) is not, and if (a,a+b,a+b) is one "
          "then (a,a,a+2b) is not: at most one P-position per smallest pile and token count.",
          Cases(prop1_proof_cases, lambda c: False, both_p,
                show=lambda c: c[0].replace("b", str(c[1]))),
          bound=BIG, bound_help="b <=", expect=holds(1000)),
    *[Claim(cid, place, "proposition", text, residue_region(residues, want),
            bound=BIG, bound_help="n <=", expect=holds(1000))
      for cid, place, text, residues, want in PROP2],
    Claim("sharing.prop2.exception", "Section 4, before Theorem 3", "claim",
          "The only residue mod 32 that Proposition 2 leaves open is 0, and f really takes both "
          "values there (the bold column of Table 3).",
          Facts(lambda bound: [("residues of n mod 32 where f is not constant", [0],
                                sorted(uncovered_residues(f_seq(bound))))]),
          bound=BIG, bound_help="n <=", expect=holds(1000)),
    Claim("sharing.thm3", "Theorem 3", "theorem",
          "f(n) (0 iff (0,0,n) is a P-position) is not ultimately periodic.",
          NotPeriodic(f_not_periodic, lambda bound: f"f(n), n <= {bound:,}"),
          bound=BIG, bound_help="n <=", finite=False, expect=supported(1000)),
    Claim("sharing.cor4", "Corollary 4", "corollary",
          "The P-positions on the bottom row (0,0,n) are not ultimately periodic.",
          NotPeriodic(f_not_periodic, lambda bound: f"f(n), n <= {bound:,}"),
          bound=BIG, bound_help="n <=", finite=False, expect=supported(1000)),
    Claim("sharing.thm3.proof.sets", "Theorem 3, proof", "claim",
          "With S1 (even residues mod 32 where f = 0) and S2 (where f = 1), the differences "
          "s1 - s2 > 0 form S = {2,4,6,8,10,12,14,18,20,22,26}, and the even residues outside "
          "S are T = {0,16,24,28,30}.",
          Facts(proof_sets), bound=BIG, bound_help="n <=", expect=holds(1000)),
    Claim("sharing.thm3.proof.witness", "Theorem 3, proof (case p mod 32 in T)", "claim",
          "For every p with p mod 32 in T = {0,16,24,28,30} there is n with n mod 32 = 1 and "
          "f(n+p) != f(n).",
          Facts(lambda bound: witness_facts(
              bound, 1, "witness n = 1 mod 32", "witness n = 1 mod 32",
              "f(n+p) = f(n) = 0 for every n = 1 mod 32 (both odd)")),
          bound=BIG, bound_help="n + p <=",
          expect=fails(1000, "p=16", "witness n = 1 mod 32",
                       "f(n+p) = f(n) = 0 for every n = 1 mod 32 (both odd)")),
    Claim("sharing.thm3.proof.witness.corrected", "Theorem 3, proof (case p mod 32 in T)",
          "claim", "For every p with p mod 32 in T there is n = 0 mod 32 (the form "
          "2^s(2t+1)2^5 the proof then uses) with f(n+p) != f(n).",
          Facts(lambda bound: witness_facts(bound, 0, True, True, False)),
          bound=BIG, bound_help="n + p <=", expect=holds(1000),
          corrects="sharing.thm3.proof.witness"),
    Claim("sharing.rem7", "Remark 7", "remark",
          "The bottom row G(0,0,n) (and so the main diagonal) is not ultimately periodic.",
          NotPeriodic(lambda bound: {"row a=0": [int(x) for x in values(bound)[0]],
                                     "main diagonal": [int(x) for x in np.diag(values(bound))]},
                      lambda bound: f"G(0,0,n) and G(0,n,n), n <= {bound:,}"),
          bound=BIG, bound_help="n <=", finite=False, expect=supported(1000)),
    Claim("sharing.sec4.zeros", "Section 4, before Conjecture 1", "claim",
          "The bottom row (labelled 'a = 1' in the text; the bottom row is a = 0) has entry 0 "
          "whenever b is even.",
          bottom_row_region(0), bound=BIG, bound_help="b <=",
          expect=fails(1000, "(0,0,2)", 0, 1)),
    Claim("sharing.sec4.zeros.corrected", "Section 4, before Conjecture 1", "claim",
          "The bottom row (a = 0) has entry 0 whenever b is odd.",
          bottom_row_region(1), bound=BIG, bound_help="b <=", expect=holds(1000),
          corrects="sharing.sec4.zeros"),
    Claim("sharing.sec4.arith", "Section 4, before Conjecture 1", "claim",
          "The bottom row is not ultimately arithmetic periodic: its zeros recur (every odd b) "
          "while an arithmetic-periodic sequence with s > 0 grows without bound.",
          bottom_row_arith, bound=BIG, bound_help="b <=", finite=False,
          expect=supported(1000)),
    Claim("sharing.conj1", "Conjecture 1", "conjecture",
          "For each a >= 1 the row G(0,a,n), n >= a, is bounded.",
          Facts(late_maxima, note=maxima_note),
          bound=BIG, bound_help="n <=, rows a <= 14,", finite=False, expect=supported(1000)),
    Claim("sharing.conj2", "Conjecture 2", "conjecture",
          "No row G(0,a,n), n >= a, of Table 1 is ultimately periodic.",
          NotPeriodic(lambda bound: {f"row a={a}": [int(x) for x in values(bound)[a, a:]]
                                     for a in range(1, conj_rows(bound) + 1)},
                      lambda bound: f"rows a = 1..14, n <= {bound:,}"),
          bound=BIG, bound_help="n <=, rows a <= 14,", finite=False, expect=supported(1000)),
    Claim("sharing.conj2.moves", "Section 4, after Conjecture 2", "claim",
          "From (0,a,n) with n >= 2a, moving a-c tokens (0 <= c < a) from the largest pile to "
          "the smallest reaches (0,c,n-2(a-c)). (The text says 'the pile of size 1'; the "
          "smallest pile has size 0.)",
          Cases(lambda bound: [(a, n, c) for n in range(bound + 1) for a in range(n // 2 + 1)
                               for c in range(a)],
                lambda t: True, move_reaches, show=lambda t: f"(0,{t[0]},{t[1]}), c={t[2]}"),
          bound=60, bound_help="n <=", expect=holds(30)),
    *[Claim(cid, place, kind, text, bounded_sequence(key), bound=_count(key),
            bound_help="values:", expect=holds(_count(key)))
      for cid, key, kind, place, text in SEC4],
])

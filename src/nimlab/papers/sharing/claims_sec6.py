"""Sharing Nim, Section 6 (where the values lie: the rows of the 0-, 1-, 2- and 3-positions,
Conjecture 3, the printed lists) and the printed Tables 1-3 (Sections 1 and 4)."""

from __future__ import annotations

import numpy as np

from nimlab.claims import Claim, fails, holds, register, supported
from nimlab.claims.artifacts import printed
from nimlab.claims.checks import Cases, Facts, Region
from nimlab.papers.sharing.computed import (BIG, PAPER, a_bounds, box_note, columns, f_seq,
                                            list_differences, pos, rows_of_value, table1_cells,
                                            triangle_masks, value3, values)
from nimlab.papers.sharing.formulas import bold_column


# ---------------------------------------------------------------- Section 6
def half_note(what: str):
    return lambda bound: f"the {what} among {box_note(bound, half=True)}"


def p_rows(C: np.ndarray, bound: int):
    a, b, _, half = triangle_masks(bound)
    return half & (C == 0), a != 0


def one_rows(C: np.ndarray, bound: int):
    a, b, _, half = triangle_masks(bound)
    return half & (C == 1), ~((a == 0) | (a == 2) | ((a == 1) & (b == 2)))


def conj3_blocks(C: np.ndarray, bound: int):
    # a > 2g - 1 iff g <= floor(a/2), compared in the table's own integer type
    a, b, _, half = triangle_masks(bound)
    return half & (C >= 2), C <= (a // 2).astype(C.dtype)


def conj3_note(bound: int) -> str:
    _, _, _, half = triangle_masks(bound)
    count = int(np.count_nonzero(half & (columns(bound) >= 2)))
    return f"{count:,} positions of value >= 2 with 2a <= b <= {bound:,} (whole table)"


def in_rows(g: int, allowed) -> Cases:
    """Every g-position (0,a,b), a <= b/2, lies on a row ``allowed`` accepts."""
    return Cases(lambda bound: rows_of_value(values(bound), g, bound), lambda c: "allowed row",
                 lambda c: "allowed row" if allowed(c) else f"row a = {c[0]}",
                 show=lambda c: f"{pos(c)} of value {g}")


def printed_list(g: int) -> Cases:
    """The printed list of g-positions against the computed ones, b <= bound, a = 0..3."""
    return Cases(lambda bound: list_differences(g, bound), lambda r: r[2], lambda r: r[3],
                 show=lambda r: f"(0,{r[0]},{r[1]}) listed as a {g}-position")


def a_bound_facts(bound: int):
    data = {int(g): a for g, a in printed(PAPER, "a_bounds")["bounds"].items()}
    got = a_bounds(bound)
    return [(f"largest a for g={g}", data[g], got.get(g)) for g in sorted(data)]


# ---------------------------------------------------------------- Tables 1-3
def table1_cases(bound: int) -> list[tuple[int, int, int]]:
    """Table 1's printed cells (b, a, value) with b <= bound, column by column."""
    values(16)
    return sorted((b, a, v) for a, b, v in table1_cells() if b <= bound)


def table2_facts(start: int, zero_one: bool = False):
    """Table 2's printed values as G(0,0,n) (or f(n)) for n = start, start+1, ..."""
    squash = (lambda v: int(v > 0)) if zero_one else int

    def facts(bound: int):
        data = printed(PAPER, "table2")["values"][:bound]
        V = values(len(data) + start)
        return [(f"n={i + start}", squash(data[i]), squash(V[0, i + start]))
                for i in range(len(data))]
    return facts


def bold_facts(first_n: int):
    """Table 3's bold column (numbering the values from ``first_n``): is f constant there?"""
    def facts(bound: int):
        f = f_seq(first_n + 490)
        column = bold_column(first_n)
        residues = sorted({n % 32 for n in column})
        return [(f"bold column (n = {residues[0]} mod 32)", "not constant",
                 "not constant" if len({f[n] for n in column}) > 1 else
                 f"constant {f[column[0]]}")]
    return facts


CLAIMS = register(PAPER, [
    Claim("sharing.sec6.p", "Section 6, first paragraph", "claim",
          "With a <= b/2, the P-positions lie on the bottom row a = 0 only.",
          Region(columns, p_rows, claimed=lambda C, c: 0, computed=lambda C, c: c[1],
                 show=lambda c: pos((c[1], c[0])), note=half_note("P-positions")),
          bound=BIG, bound_help="b <=", expect=holds(300)),
    Claim("sharing.sec6.ones", "Section 6, first paragraph", "claim",
          "With a <= b/2, the 1-positions lie on the rows a = 0 and a = 2 only, except (0,1,2).",
          Region(columns, one_rows, claimed=lambda C, c: True, computed=lambda C, c: False,
                 show=lambda c: pos((c[1], c[0])), note=half_note("1-positions")),
          bound=BIG, bound_help="b <=", expect=holds(300)),
    Claim("sharing.conj3", "Conjecture 3 (and the computation before it)", "conjecture",
          "For a <= b/2, if G(0,a,b) = g >= 2 then a <= 2g - 1.",
          Region(columns, conj3_blocks, claimed=lambda C, c: f"a <= {2 * int(C[c]) - 1}",
                 computed=lambda C, c: f"a = {c[1]}",
                 show=lambda c: f"{pos((c[1], c[0]))} value {int(columns(c[0])[c])}",
                 note=conj3_note),
          bound=BIG, bound_help="b <=", finite=False, expect=supported(300)),
    Claim("sharing.sec6.g2.rows", "Section 6, 2-positions", "claim",
          "The 2-positions (0,a,b) with a <= b/2 and b <= 300 have a <= 3.",
          in_rows(2, lambda c: c[0] <= 3), bound=300, bound_help="b <=", expect=holds(300)),
    Claim("sharing.sec6.g3.rows", "Section 6, 3-positions", "claim",
          "The 3-positions (0,a,b) with a <= b/2 and b <= 300 have a <= 3.",
          in_rows(3, lambda c: c[0] <= 3), bound=300, bound_help="b <=",
          expect=fails(300, "(0,4,8) of value 3", "allowed row", "row a = 4")),
    Claim("sharing.sec6.g3.rows.corrected", "Section 6, 3-positions", "claim",
          "The 3-positions (0,a,b) with a <= b/2 and b <= 300 have a <= 3, except (0,4,8) "
          "(where a = b/2).",
          in_rows(3, lambda c: c[0] <= 3 or c == (4, 8)), bound=300, bound_help="b <=",
          expect=holds(300), corrects="sharing.sec6.g3.rows"),
    *[Claim(f"sharing.sec6.g{g}.list", f"Section 6, list of {g}-positions", "list",
            f"The printed lists of b <= 300 with G(0,a,b) = {g}, for a = 0, 1, 2, 3, are "
            "complete and correct.", printed_list(g),
            bound=300, bound_help="b <=", expect=holds(300))
      for g in (2, 3)],
    Claim("sharing.sec6.abounds", "Section 6, display after Conjecture 3", "list",
          "Up to b = 200 the g-positions (a <= b/2) have a <= 6, 6, 7, 9, 12, 11, 13 for "
          "g = 4..10, each bound attained.",
          Facts(a_bound_facts), bound=200, bound_help="b <=", expect=holds(200)),
    Claim("sharing.table1", "Table 1", "table",
          "Table 1 gives G(0,a,b) for 0 <= a <= b <= 16.",
          Cases(table1_cases, lambda c: c[2], lambda c: value3((0, c[1], c[0])),
                show=lambda c: pos((c[1], c[0]))),
          bound=16, bound_help="b <=", expect=holds(16)),
    Claim("sharing.table2", "Table 2", "table",
          "Table 2 lists G(0,0,n) for n = 1..490 (as its caption says), left to right.",
          Facts(table2_facts(1)), bound=490, bound_help="values:",
          expect=fails(490, "n=2", 0, 1)),
    Claim("sharing.table2.corrected", "Table 2", "table",
          "Table 2 lists G(0,0,n) for n = 0..489: the caption's index should start at 0.",
          Facts(table2_facts(0)), bound=490, bound_help="values:", expect=holds(490),
          corrects="sharing.table2"),
    Claim("sharing.table3", "Table 3", "table",
          "Table 3 (illegible in the source) is f(n), n >= 1, obtained from Table 2 by "
          "replacing positive values by 1.",
          Facts(table2_facts(1, zero_one=True)), bound=490, bound_help="values:",
          expect=fails(490, "n=2", 0, 1)),
    Claim("sharing.table3.corrected", "Table 3", "table",
          "Table 2 turned to 0/1 is f(n) for n = 0..489 (same index shift as Table 2).",
          Facts(table2_facts(0, zero_one=True)), bound=490, bound_help="values:",
          expect=holds(490), corrects="sharing.table3"),
    Claim("sharing.table3.bold", "Section 4, Table 3 and the text after it", "table",
          "Table 3 has a first row of 10 values and then rows of 32; its bold column, the 10th "
          "from the right, holds f(n) for n = 1 mod 32 (numbering from n = 1 as the caption "
          "does) and is the column where f is not periodic, the exceptional residue of "
          "Proposition 2.",
          Facts(bold_facts(1)), bound=490, bound_help="values:",
          expect=fails(490, "bold column (n = 1 mod 32)", "not constant", "constant 0")),
    Claim("sharing.table3.bold.corrected", "Section 4, Table 3 and the text after it",
          "table", "Numbering the values from n = 0 (as Table 2, from which Table 3 is made, "
          "really is), the same layout puts n = 0 mod 32 in the bold column, the residue the "
          "text later names, and there f is not constant.",
          Facts(bold_facts(0)), bound=490, bound_help="values:", expect=holds(490),
          corrects="sharing.table3.bold"),
])

"""Sharing Nim's tables, lists and figures, regenerated and compared with the print."""

from __future__ import annotations

from pathlib import Path

from nimlab.claims.artifacts import Artifact, Difference, Outcome, printed, register_artifacts
from nimlab.fileio import write_csv
from nimlab.papers.sharing.computed import (PAPER, a_bounds, f_seq, list_differences, p_counts,
                                            pos, sequence_values, table1_cells, values)
from nimlab.papers.sharing.formulas import table3_rows


def table1(directory: Path) -> Outcome:
    V = values(16)
    path = write_csv(directory / "sharing_table1.csv", ["a/b", *range(17)],
                     [[a, *["" if b < a else int(V[a, b]) for b in range(17)]] for a in range(17)])
    diffs = [Difference(pos((a, b)), v, int(V[a, b])) for a, b, v in table1_cells()
             if int(V[a, b]) != v]
    return Outcome([str(path)], len(table1_cells()), diffs,
                   "" if not diffs else "the printed entries differ from the computed values")


def table2(directory: Path) -> Outcome:
    data = printed(PAPER, "table2")["values"]
    V = values(len(data) + 1)
    path = write_csv(directory / "sharing_table2.csv", ["n", "G(0,0,n)", "printed (caption: n>=1)"],
                     [[n, int(V[0, n]), data[n - 1] if 1 <= n <= len(data) else ""]
                      for n in range(len(data) + 1)])
    diffs = [Difference(f"n={n}", data[n - 1], int(V[0, n])) for n in range(1, len(data) + 1)
             if data[n - 1] != V[0, n]]
    shifted = all(data[i] == V[0, i] for i in range(len(data)))
    why = "the printed values differ from the computed ones"
    if shifted:
        why = ("The caption says G(0,0,n) for n >= 1, but the printed sequence is G(0,0,n) for "
               "n = 0..489: read from n = 0, all 490 printed values equal the computed ones "
               "(e.g. the first 3 is printed 9th, and G(0,0,8) = 3 since 8 = 2^3).")
    return Outcome([str(path)], len(data), diffs, why)


def table3(directory: Path) -> Outcome:
    data = printed(PAPER, "table2")["values"]
    f = f_seq(len(data) + 1)
    layout = table3_rows(0, len(data))
    rows = [[row[0], *[f[n] for n in row]] for row in layout]
    path = write_csv(directory / "sharing_table3.csv",
                     ["first n of the row", *[f"col {i}" for i in range(1, 33)]], rows)
    diffs = [Difference(f"n={n}", int(data[n - 1] > 0), f[n]) for n in range(1, len(data) + 1)
             if int(data[n - 1] > 0) != f[n]]
    why = ("The printed Table 3 is illegible in the source, so it is compared with what the text "
           "says it is: Table 2 with positive values replaced by 1, numbered from n = 1 as the "
           "caption says. The differences are Table 2's index shift again: Table 2 turned to 0/1 "
           "equals f(n) for n = 0..489. The CSV uses the layout the text describes (a first row "
           "of 10 values, then rows of 32) with n from 0; its bold column, the 10th from the "
           "right (col 23), is then n = 0 mod 32, the one residue Proposition 2 leaves open, as "
           "the text after Table 3 says; the text's 'n mod 32 = 1' is the caption's numbering, "
           "and its later 'first column' fits neither description.")
    return Outcome([str(path)], len(data), diffs, why)


def g_list(g: int):
    """The list of g-positions of Section 6 (rows a <= 14), against the printed lists."""
    def build(directory: Path) -> Outcome:
        data = printed(PAPER, f"g{g}_list")
        bound = data["max_b"]
        V = values(bound)
        rows = [[a, b] for a in range(15) for b in range(2 * a, bound + 1) if V[a, b] == g]
        path = write_csv(directory / f"sharing_g{g}_positions.csv", ["a", "b"], rows)
        diffs = [Difference(f"(0,{a},{b})", "listed" if shown else "not listed",
                            f"value {int(V[a, b])}")
                 for a, b, shown, got in list_differences(g, bound) if shown != got]
        beyond = [(a, b) for a, b in rows if a > 3]
        diffs += [Difference(f"(0,{a},{b})", f"a <= 3 for every {g}-position (a <= b/2)",
                             f"a {g}-position with a = {a}") for a, b in beyond]
        why = "" if not diffs else (
            f"Rows a = 0..14, b <= {bound}, a <= b/2 were computed."
            + (f" The text says every {g}-position has a <= 3, but "
               f"{', '.join(pos(c) for c in beyond)} has value {g} (a = b/2 there)."
               if beyond else ""))
        return Outcome([str(path)], len(list_differences(g, bound)) + len(rows), diffs, why)
    return build


def a_bounds_table(directory: Path) -> Outcome:
    data = printed(PAPER, "a_bounds")
    got = a_bounds(data["max_b"])
    path = write_csv(directory / "sharing_a_bounds.csv", ["g", "largest a", "printed"],
                     [[g, got[g], data["bounds"][str(g)]] for g in sorted(got)])
    diffs = [Difference(f"g={g}", data["bounds"][str(g)], got[g]) for g in sorted(got)
             if got[g] != data["bounds"][str(g)]]
    return Outcome([str(path)], len(got), diffs, "" if not diffs else
                   "the printed bound is not the largest a found")


def figure(key: str):
    """Figure 4 or 5: the values (CSV) and the plot (PNG), compared with the text's bound."""
    def build(directory: Path) -> Outcome:
        from matplotlib.figure import Figure  # no pyplot: the user's backend is left alone
        from nimlab.research.plots import save  # the one deterministic writer

        spec = printed(PAPER, "section4")["sequences"][key]
        x, y, n0 = spec["first"]
        seq = sequence_values(spec["first"], spec["count"])
        csv_path = write_csv(directory / f"sharing_{key}.csv", ["n", f"G({x},{y},n)"],
                             [[n0 + i, v] for i, v in enumerate(seq)])
        fig = Figure(figsize=(10, 3.5))
        ax = fig.subplots()
        ax.plot(range(n0, n0 + len(seq)), seq, ".", markersize=2)
        ax.set_xlabel("n")
        ax.set_ylabel(f"G({x},{y},n)")
        ax.set_title(f"The first {len(seq)} values of G({x},{y},n), n >= {n0}")
        png = save(fig, directory / f"sharing_{key}.png", dpi=100, tight=False)
        top = max(seq)
        diffs = [] if top == spec["bound"] else [Difference("largest value", spec["bound"], top)]
        return Outcome([str(csv_path), str(png)], 1, diffs,
                       "The printed figure has no numbers; the comparison is the bound the text "
                       f"states for it ({spec['bound']}), here the largest value "
                       f"{'equals' if not diffs else 'differs from'} it. G({x},{y},n) = "
                       f"G(0,{y - x},n-{x}), the sequence the text names with a shifted index.")
    return build


def prop1(directory: Path) -> Outcome:
    bound = 200
    counts = [p_counts(bound, 0), p_counts(bound, 1)]
    rows = [[n, int(counts[0][n]), int(counts[1][n]), n // 3] for n in range(1, bound + 1)]
    path = write_csv(directory / "sharing_prop1.csv",
                     ["n", "P(n) piles >= 0", "P(n) piles >= 1", "floor(n/3) (printed)"], rows)
    diffs = [Difference(f"n={n}", want, got) for n, got, _, want in rows if got != want]
    return Outcome([str(path)], len(rows), diffs,
                   "Proposition 1 says P(n) = floor(n/3). Counting positions with empty piles "
                   "allowed (as Theorem 2 does: (0,0,m), (0,m,m)) gives floor(n/3) + 1 for every "
                   "n, one P-position per smallest pile a = 0..floor(n/3); the proof's count "
                   "starts at a = 1, which is right only for three non-empty piles (third column).")


ARTIFACTS = register_artifacts(PAPER, [
    Artifact("sharing.table1", "Table 1", "nim-values G(0,a,b) for 0 <= a <= b <= 16", table1),
    Artifact("sharing.table2", "Table 2", "the first 490 values of the bottom row G(0,0,n)",
             table2),
    Artifact("sharing.table3", "Table 3", "the first 490 values of f(n) (0 iff (0,0,n) is P)",
             table3),
    *[Artifact(f"sharing.g{g}-list", f"Section 6, {g}-positions",
               f"the {g}-positions (0,a,b), a <= b/2, b <= 300 (rows a <= 14)", g_list(g))
      for g in (2, 3)],
    Artifact("sharing.a-bounds", "Section 6, display after Conjecture 3",
             "the largest row a holding a g-position (a <= b/2, b <= 200), g = 4..10",
             a_bounds_table),
    Artifact("sharing.fig4", "Appendix, Figure 4",
             "plot and values of the first 500 values of G(1,3,n), n >= 3", figure("fig4")),
    Artifact("sharing.fig5", "Appendix, Figure 5",
             "plot and values of the first 800 values of G(1,7,n), n >= 7", figure("fig5")),
    Artifact("sharing.prop1", "Proposition 1",
             "P(n), the number of P-positions with n tokens, n <= 200", prop1),
])

"""Multiple Fibonacci Nim's artifacts: the one-, two- and three-pile P-position lists, each
compared with what the paper prints or implies (the Fibonacci numbers, Theorem 3.1 and
Corollary 3.2) and with the output of its algorithms PPos1, PPos2 and PPos3."""

from __future__ import annotations

from pathlib import Path

from nimlab.claims.artifacts import Artifact, Difference, Outcome, register_artifacts
from nimlab.fileio import write_csv
from nimlab.papers.fibonacci.algorithms import ppos1, ppos3, tables12
from nimlab.papers.fibonacci.computed import PAPER, boxes, is_p
from nimlab.papers.fibonacci.formulas import fib_numbers
from nimlab.papers.fibonacci.formulas import x_star as _x_star
from nimlab.tables import fibonacci_first_move_p_positions


def x_star(piles: tuple[int, ...]) -> int:
    """The largest x > 0 with (piles; x) P, by the solver."""
    return _x_star(piles, is_p)


def _write(directory: Path, name: str, columns: list[str], rows: list[list]) -> str:
    return str(write_csv(directory / name, columns, rows))


def _diff_lists(where: str, printed_items: list, computed_items: list) -> list[Difference]:
    a, b = set(map(tuple, printed_items)), set(map(tuple, computed_items))
    return ([Difference(f"{where}: {list(x)}", "listed", "not P") for x in sorted(a - b)]
            + [Difference(f"{where}: {list(x)}", "not listed", "P") for x in sorted(b - a)])


P1_N, P2_N, P3_N, P3_FIRST = 200, 40, 14, 30


def art_p1(directory: Path) -> Outcome:
    first = [(n,) for n in range(1, P1_N + 1) if is_p((n,), 0)]
    fibs = [(n,) for n in fib_numbers(P1_N)]
    table = ppos1(P1_N)
    solved = [(m, x_star((m,))) for m in range(1, P1_N + 1) if is_p((m,), 1)]
    files = [_write(directory, "fib_p1_first_move.csv", ["n"], [list(p) for p in first]),
             _write(directory, "fib_p1_ppos1arr.csv", ["m", "x_star"],
                    [[m, x] for m, x in solved])]
    diffs = _diff_lists("first-move P-position", fibs, first)
    diffs += _diff_lists("PPos1Arr entry (m, x*)", sorted(table.items()), solved)
    return Outcome(files, len(first) + len(solved), diffs,
                   "" if not diffs else "the listed positions differ from the solver")


def art_p2(directory: Path) -> Outcome:
    first = fibonacci_first_move_p_positions(2, P2_N, cache=False)
    expected = [(m, m) for m in range(2, P2_N + 1)]
    _, t2 = tables12(P2_N)
    algorithm = sorted((m + k, m, x) for (m, k), x in t2.items())
    solved = sorted((a, b, x_star((a, b))) for b in range(1, P2_N) for a in range(b + 1, P2_N + 1)
                    if a - b > 2 and is_p((a, b), 1))
    files = [_write(directory, "fib_p2_first_move.csv", ["pile1", "pile2"],
                    [list(p) for p in first]),
             _write(directory, "fib_p2_ppos2arr.csv", ["m+k", "m", "x_star"],
                    [list(r) for r in solved])]
    diffs = _diff_lists("first-move P-position", expected, first)
    diffs += _diff_lists("PPos2Arr entry (m+k, m, x*)", algorithm, solved)
    return Outcome(files, len(first) + len(solved), diffs,
                   "The paper prints no two-pile list; the first-move P-positions are compared "
                   "with (m, m), m >= 2, which Theorem 3.1 and Corollary 3.2 imply, and PPos2Arr "
                   "(this module's PPos2) with the solver.")


def art_p3(directory: Path) -> Outcome:
    first = fibonacci_first_move_p_positions(3, P3_FIRST, cache=False)
    alg = ppos3(P3_N)
    from_alg = sorted(p for p in alg.first if min(p) >= 2)
    small = [p for p in first if p[0] <= P3_N]
    stored = sorted((h, k, m, x) for (h, k, m), x in alg.stored.items())
    solved = sorted((h, k, m, x_star((h, k, m))) for h, k, m in boxes(3, P3_N, 1)
                    if is_p((h, k, m), 1))
    files = [_write(directory, "fib_p3_first_move.csv", ["pile1", "pile2", "pile3"],
                    [list(p) for p in first]),
             _write(directory, "fib_p3_ppos3arr.csv", ["h", "k", "m", "x_star"],
                    [list(r) for r in solved])]
    diffs = _diff_lists(f"first-move P-position (piles <= {P3_N})", from_alg, small)
    diffs += _diff_lists("PPos3Arr entry (h, k, m, x*)", stored, solved)
    return Outcome(files, len(small) + len(solved), diffs,
                   "The paper prints no three-pile list: the lists are compared with the output "
                   "of its algorithm PPos3 (with the Note for x = 0), run here.")


ARTIFACTS = register_artifacts(PAPER, [
    Artifact("fib.p1", "Section 1 and Algorithm PPos1 (Section 3.2)",
             "Single-pile P-positions: first-move positions (n; 0) up to 200 against the "
             "Fibonacci numbers, and PPos1Arr (m; x*) against the solver",
             art_p1),
    Artifact("fib.p2", "Theorem 3.1, Corollary 3.2 and PPos2 (Section 3)",
             "Two-pile P-positions: first-move positions with piles in 2..40 against (m, m), "
             "PPos2Arr (m+k, m; x*), k > 2x*, against the solver",
             art_p2),
    Artifact("fib.p3", "Section 4, PPos3 and its Note",
             "Three-pile P-positions: first-move positions with piles in 2..30 (kernel) and "
             "PPos3Arr (h, k, m; x*) with piles <= 14, against the paper's algorithm PPos3",
             art_p3),
])

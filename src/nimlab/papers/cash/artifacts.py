"""Artifacts of "NIM with Cash": Example 1.3's residues, Tables 1-3, the line of play from
(14; 9, 9), the Appendix program's output and the winner grids of Theorems 4.5 and 6.10,
regenerated into CSV (and PNG) files and compared with the print."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import numpy as np

from nimlab.claims.artifacts import Artifact, Difference, Outcome, printed, register_artifacts
from nimlab.fileio import write_csv
from nimlab.papers.cash import game
from nimlab.papers.cash.common import (EX13_L, PAPER, TABLE_K, appendix_cases, example13_games,
                                       example14_facts, label, sec5_reply_facts, table3_rows,
                                       table_rows)
from nimlab.papers.cash.formulas import (SEC6, f_def41, f_def41_corrected, f_def61, sec4_set,
                                         thm45_corrected, thm45_printed, thm610_corrected,
                                         thm610_printed, who)


def _csv(directory: Path, name: str, columns: list[str], rows: list[list]) -> str:
    return str(write_csv(directory / name, columns, rows))


def example13(directory: Path) -> Outcome:
    rows, diffs = [], []
    for item in "123456":
        for L, s, m, printed_residues in example13_games(item, EX13_L):
            stable = sorted(r for r in range(m)
                            if all(game.plain_winner(s, r + j * m) == "II" for j in range(6)))
            rows.append([item, L, label(s), m, " ".join(map(str, sorted(printed_residues))),
                         " ".join(map(str, stable))])
            if sorted(printed_residues) != stable:
                diffs.append(Difference(f"item {item}, L={L}, {label(s)} mod {m}",
                                        sorted(printed_residues), stable))
    path = _csv(directory, "cash_example1.3.csv",
                ["item", "L", "game", "modulus", "printed residues", "computed residues"], rows)
    return Outcome([path], len(rows), diffs,
                   "computed residues: r in 0..M-1 with Player II winning at r, r+M, ..., r+5M"
                   if not diffs else "the printed residue list differs from the game")


def _table_artifact(directory: Path, name: str, rows: list) -> Outcome:
    """Every ``(where, printed, computed)`` entry as a CSV row; one difference per row kind and
    column (the entries of all k differ together)."""
    csv_rows, diffs, seen = [], [], {}
    for where, shown, computed in rows:
        csv_rows.append([where, str(shown), str(computed), "yes" if shown == computed else "NO"])
        if shown != computed:
            head, column = where.split(": ", 1)
            key = (re.sub(r" \(k=\d+(, b=\d+)?\)", "", head), column)
            if key not in seen:
                seen[key] = True
                diffs.append(Difference(f"{key[0]}, column '{column}'", shown, computed))
    path = _csv(directory, f"cash_{name}.csv", ["entry", "printed", "computed", "match"],
                csv_rows)
    return Outcome([path], len(rows), diffs, "")


def table1(directory: Path) -> Outcome:
    out = _table_artifact(directory, "table1", table_rows("table1", TABLE_K))
    out.explanation = (
        "In the rows n = 7k+4, a = 1 and n = 7k+5, a = 1 the last column prints NO, but "
        "f(n-a-1) = 5k+1 resp. 5k+2 is at most f(n) - 1 = 5k+3, so its own inequality holds (YES) "
        "for every k. These are the two rows that Case 2.3 of the proof of Theorem 6.3 treats "
        "separately; the NO seems to mark that case rather than the printed inequality.")
    return out


def table2(directory: Path) -> Outcome:
    out = _table_artifact(directory, "table2", table_rows("table2", TABLE_K))
    out.explanation = "every entry agrees with f and W" if out.matches else ""
    return out


def table3(directory: Path) -> Outcome:
    out = _table_artifact(directory, "table3", table3_rows(TABLE_K, 6))
    out.explanation = "every identity holds" if out.matches else ""
    return out


def appendix_f(directory: Path) -> Outcome:
    bound = 40
    literal = {(c[1], c[2]): c[3] for c in appendix_cases(bound, False, False)}
    rows, diffs = [], []
    for name, s, i, repaired, f in appendix_cases(bound, True, False):
        formula = f_def61(i) if s == SEC6 else ""
        rows.append([label(s), name, i, f, formula, literal[(s, i)], repaired])
        if repaired != f:
            diffs.append(Difference(f"{label(s)} f({i}), program repaired", repaired, f))
    path = _csv(directory, "cash_appendix_f.csv",
                ["game", "from", "n", "f (Def 7.1)", "f (Def 6.1)", "program as printed",
                 "program repaired"], rows)
    bad_literal = sum(1 for (s, i), v in literal.items() if v != game.f_values(s, bound)[i])
    return Outcome([path], len(rows), diffs,
                   f"As printed the program searches for a removal to a Player-II position when "
                   f"W(i) = II, where none exists, and assigns the never-set x when W(i) = I: it "
                   f"disagrees with Def 7.1 at {bad_literal} of {len(literal)} entries. With its "
                   f"two branches exchanged it gives Def 7.1's f (and Def 6.1 for NIM(1,3,4)) for "
                   f"every game whose set contains 1; the listed differences are the games without "
                   f"1 (NIM(2..L), NIM(L-2,L-1,L) for L >= 4), where f at a Player-II position is "
                   f"the largest f over Player I's moves, not the value x of the last Player-I "
                   f"position, and the cheapest winning removal is not always the first.")


def example14(directory: Path) -> Outcome:
    data = printed(PAPER, "example14")
    rows = []
    for n, d_one, d_two, turn in data["line"]:
        position = (n, d_one, d_two) if turn == "I" else (n, d_two, d_one)
        wins = game.winning_removals(SEC6, position)
        rows.append([n, d_one, d_two, turn, who(game.one_wins_line((n, d_one, d_two, turn))),
                     " ".join(map(str, wins))])
    path = _csv(directory, "cash_example14.csv",
                ["stones", "money of I", "money of II", "to move", "winner",
                 "winning removals of the player to move"], rows)
    # the facts of cash.sec5.example, and the replies of cash.sec5.miserly that disagree
    checks = example14_facts() + [(w, c, g) for w, c, g in sec5_reply_facts(lambda a: True)
                                  if c != g]
    diffs = [Difference(w, c, g) for w, c, g in checks if c != g]
    return Outcome([path], len(checks) + 2, diffs,
                   "After Player II removes 3 at (13; 8, 9, II) the state is (10; 8, 6): Player I "
                   "still wins (by removing 1 or 3), but not miserly - if he always removes one "
                   "stone, Player II answers with one stone each time and takes the last of the "
                   "10 stones with money to spare. After a removal of 4 the miserly strategy "
                   "works." if diffs else "every stated fact holds")


def _grid_artifact(directory: Path, name: str, games: list[tuple], predict_printed: Callable,
                   predict_fixed: Callable, title: str) -> Outcome:
    """``games``: (label, set, n). Writes a CSV of every cell and a PNG heatmap per game."""
    from matplotlib.figure import Figure  # no pyplot: the user's backend is left alone
    from nimlab.research.plots import save  # the one deterministic writer

    rows, diffs, fixed_bad = [], [], 0
    fig = Figure(figsize=(3.2 * len(games), 3.4))
    axes = fig.subplots(1, len(games), squeeze=False)
    for ax, (title_of, s, n) in zip(axes[0], games):
        g = game.winner_grid(s, n)
        size = n + 2
        image = np.zeros((size, size))
        for d1 in range(size):
            for d2 in range(size):
                got = who(bool(g[n, d1, d2]))
                want, fixed = predict_printed(s, n, d1, d2), predict_fixed(s, n, d1, d2)
                rows.append([title_of, n, d1, d2, got, want or "", fixed])
                image[d1, d2] = 1 if got == "I" else 0
                if want and want != got:
                    diffs.append(Difference(f"{title_of} ({n}; {d1}, {d2})", want, got))
                    ax.plot(d2, d1, "x", color="red", markersize=4)
                fixed_bad += fixed != got
        ax.imshow(image, origin="lower", cmap="Greys", vmin=-0.3, vmax=1.3)
        ax.set_title(f"{title_of}, n = {n}", fontsize=9)
        ax.set_xlabel("d2 (Player II)")
        ax.set_ylabel("d1 (Player I)")
    fig.suptitle(title + " (black: Player I wins; red x: printed theorem wrong)", fontsize=9)
    png = str(save(fig, directory / f"{name}.png", dpi=110))
    path = _csv(directory, f"{name}.csv",
                ["game", "n", "d1", "d2", "winner", "printed theorem", "corrected theorem"], rows)
    return Outcome([path, png], len(rows), diffs, f"corrected theorem wrong in {fixed_bad} cells")


def thm45_grid(directory: Path) -> Outcome:
    games = [(f"NIM(1..{L})", sec4_set(L), n) for L, n in ((2, 6), (2, 7), (3, 8), (4, 10))]
    out = _grid_artifact(
        directory, "cash_thm4.5_grid", games,
        lambda s, n, d1, d2: thm45_printed(n, d1, d2, f_def41(len(s), n), len(s)),
        lambda s, n, d1, d2: thm45_corrected(n, d1, d2, f_def41_corrected(len(s), n), len(s)),
        "Theorem 4.5")
    out.explanation = (
        "The differences come from two errors: Def 4.1 prints f((L+1)k + i) = (L-1)k + i where "
        "the game gives Lk + i, so states with L-1 <= d/k < L count as rich; and item 1(b) names "
        f"Player II where the unlimited-funds winner Player I is meant. With both corrected the "
        f"theorem is right everywhere ({out.explanation}).")
    return out


def thm610_grid(directory: Path) -> Outcome:
    games = [("NIM(1,3,4)", SEC6, n) for n in (9, 14, 20, 27, 33)]
    out = _grid_artifact(directory, "cash_thm6.10_grid", games,
                         lambda s, n, d1, d2: thm610_printed(n, d1, d2),
                         lambda s, n, d1, d2: thm610_corrected(n, d1, d2), "Theorem 6.10")
    out.explanation = (
        "All differences are on the diagonal d1 = d2 < f(n) (item 6 = Theorem 6.9): with equal "
        "money and few stones Player II wins (Theorem 3.1(2), miserly), where items 6(a) and "
        "6(b) give the small n to Player I; the thresholds are n >= 14(b-3)/3 + 11 (b = 0 mod 3, "
        "b >= 3) and n >= 14(b-1)/3 + 5 (b = 1 mod 3), and b = 0 is the rich case of item 1. "
        "Item 4 (d1 < d2 without f(n)) is shadowed here by items 1-2, which are tried first. "
        f"With 6(a), 6(b) corrected the theorem is right everywhere ({out.explanation}).")
    return out


ARTIFACTS = register_artifacts(PAPER, [
    Artifact("cash.example1.3", "Section 1, Example 1.3",
             "Player II's residues in NIM(A) for each item of Example 1.3 and L up to 12, "
             "recomputed and compared with the printed residue lists", example13),
    Artifact("cash.sec6-table1", "Section 6.2, Table 1",
             "Table 1 of NIM(1,3,4) recomputed from f (Def 7.1) for k = 1..6, entry by entry",
             table1),
    Artifact("cash.sec6-table2", "Section 6.4, Table 2",
             "Table 2 of NIM(1,3,4) recomputed from f and W (Def 7.1) for k = 1..6, entry by "
             "entry", table2),
    Artifact("cash.sec6-table3", "Section 6.5, Table 3",
             "Table 3's identities for NIM(1,3,4), k = 1..6 and b = 0..6, f from Def 7.1",
             table3),
    Artifact("cash.appendix-f", "Appendix 9.1, program Finding f(n)",
             "The Appendix program's f(n), as printed and repaired, against Def 7.1's f and "
             "Def 6.1", appendix_f),
    Artifact("cash.example14", "Section 5, the state (14; 9, 9)",
             "The line of play from (14; 9, 9) in NIM(1,3,4) with cash, with each state's winner "
             "and winning moves, against the facts Section 5 states", example14),
    Artifact("cash.thm4.5-grid", "Section 4, Theorem 4.5",
             "Complete winner grids over (d1, d2) of NIM(1..L) with cash for L = 2, 3, 4 and "
             "several n, cell by cell against Theorem 4.5 as printed (Def 4.1's f, item 1(b) as "
             "printed)", thm45_grid),
    Artifact("cash.thm6.10-grid", "Section 6.7, Theorem 6.10",
             "Complete winner grids over (d1, d2) of NIM(1,3,4) with cash for several n, cell by "
             "cell against Theorem 6.10 as printed (items tried in order)", thm610_grid),
])

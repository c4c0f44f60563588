"""Tables of values: the builders behind ``nimlab table`` and their file formats.

A :class:`Table` is either a *grid* (rows and columns indexed by integers, e.g. the paper's
Table 1 of Sharing Nim, ``G(0, a, b)``) or a *list* (one record per line, e.g. the first-move
P-positions of Fibonacci Nim).  Tables are written by the file's extension: ``.csv``, ``.json`` or
``.npy`` (grids of integers; cells that do not exist, such as ``a > b``, hold -1).
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from nimlab.engine.solver import DEFAULT_MAX_STATES, solver_for
from nimlab.errors import InputError
from nimlab.games import CashNim, EndNim, FibonacciNim, SharingNim, SubtractionNim, make_game

Progress = Callable[[int, int], None]


def _no_progress(done: int, total: int) -> None:
    return None


@dataclass
class Table:
    """A table of results; see the module docstring."""

    title: str
    kind: str  # "grid" or "list"
    columns: list[Any]
    rows: list[list[Any]]
    row_labels: list[Any] = field(default_factory=list)
    corner: str = ""
    #: Rich display: print grid rows from the last to the first (the paper's layout).
    descending: bool = False
    #: Whether a CSV of this table starts with a header line.
    header: bool = True
    meta: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        data = {"title": self.title, "kind": self.kind, "columns": self.columns,
                "rows": self.rows, **self.meta}
        if self.kind == "grid":
            data["row_labels"] = self.row_labels
            data["corner"] = self.corner
        return data

    def to_array(self) -> np.ndarray:
        cells = [[-1 if c is None else c for c in row] for row in self.rows]
        try:
            return np.array(cells, dtype=np.int64)
        except (TypeError, ValueError):
            raise InputError(f"{self.title}: .npy holds integer tables only; write .csv or "
                             ".json") from None

    def csv_text(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        if self.kind == "grid":
            writer.writerow([self.corner, *self.columns])
            for label, row in zip(self.row_labels, self.rows):
                writer.writerow([label, *["" if c is None else c for c in row]])
        else:
            if self.header:
                writer.writerow(self.columns)
            writer.writerows(self.rows)
        return out.getvalue()

    def write(self, path: str | os.PathLike) -> Path:
        """Write by extension (.csv, .json, .npy), atomically: a partial file never appears."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix not in (".csv", ".json", ".npy"):
            raise InputError(f"cannot write {path.name}: the file name must end in .csv, .json "
                             "or .npy")
        payload = self.to_array() if suffix == ".npy" else None
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
        try:
            with os.fdopen(fd, "wb") as handle:
                if suffix == ".npy":
                    np.save(handle, payload)
                elif suffix == ".json":
                    handle.write(json.dumps(self.to_dict(), indent=1).encode())
                else:
                    handle.write(self.csv_text().encode())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path


# ------------------------------------------------------------------------------- builders
def sharing_values(bound: int, progress: Progress = _no_progress,
                   max_states: int = DEFAULT_MAX_STATES) -> np.ndarray:
    """``V[a, b] = G(0, a, b)`` of 3-pile Sharing Nim for ``0 <= a <= b <= bound``; -1 below."""
    solver = solver_for(SharingNim(), max_states)
    table = np.full((bound + 1, bound + 1), -1, dtype=np.int64)
    for b in range(bound + 1):
        for a in range(b + 1):
            table[a, b] = solver.value((0, a, b))
        progress(b + 1, bound + 1)
    return table


def sharing_table(bound: int, progress: Progress = _no_progress,
                  max_states: int = DEFAULT_MAX_STATES) -> Table:
    """The paper's Table 1: ``G(0, a, b)`` for ``0 <= a <= b <= bound`` (row a, column b)."""
    values = sharing_values(bound, progress, max_states)
    rows = [[int(values[a, b]) if b >= a else None for b in range(bound + 1)]
            for a in range(bound + 1)]
    return Table(f"Sharing Nim: G(0,a,b) for 0 <= a <= b <= {bound} (sharing-nim.txt, Table 1)",
                 "grid", list(range(bound + 1)), rows, list(range(bound + 1)), "a/b",
                 descending=True, meta={"game": "sharing", "max": bound})


def fibonacci_first_move_p_positions(piles: int, bound: int, factor: Any = 2,
                                     progress: Progress = _no_progress,
                                     max_states: int = DEFAULT_MAX_STATES) -> list[tuple[int, ...]]:
    """All first-move P-positions with ``piles`` piles in ``2..bound``, descending piles."""
    game = FibonacciNim(factor)
    solver = solver_for(game, max_states)
    found = []
    candidates = [tuple(sorted(c, reverse=True))
                  for c in combinations_with_replacement(range(2, bound + 1), piles)]
    candidates.sort(key=lambda c: (max(c), c))
    for done, position in enumerate(candidates, 1):
        if solver.value((position, 0)) == 0:
            found.append(position)
        progress(done, len(candidates))
    return sorted(found)


def fibonacci_table(piles: int, bound: int, factor: Any = 2, progress: Progress = _no_progress,
                    max_states: int = DEFAULT_MAX_STATES) -> Table:
    found = fibonacci_first_move_p_positions(piles, bound, factor, progress, max_states)
    return Table(f"Fibonacci Nim (factor {factor}): first-move P-positions, {piles} piles in "
                 f"2..{bound}", "list", [f"pile{i + 1}" for i in range(piles)],
                 [list(p) for p in found], header=False,
                 meta={"game": "fibonacci", "piles": piles, "max": bound, "factor": str(factor)})


def endnim_table(piles: int, bound: int, variant: str = "normal",
                 progress: Progress = _no_progress,
                 max_states: int = DEFAULT_MAX_STATES) -> Table:
    """Values of End-Nim rows of 2 piles (a grid) or 3 piles (a list) with piles in ``1..bound``."""
    game = EndNim(variant)
    solver = solver_for(game, max_states)
    title = f"End-Nim ({variant}): values of {piles}-pile rows with piles in 1..{bound}"
    meta = {"game": "end-nim", "variant": variant, "piles": piles, "max": bound}
    if piles == 2:
        rows = []
        for a in range(1, bound + 1):
            rows.append([solver.value((a, b)) for b in range(1, bound + 1)])
            progress(a, bound)
        return Table(title, "grid", list(range(1, bound + 1)), rows, list(range(1, bound + 1)),
                     "a1/a2", meta=meta)
    if piles == 3:
        rows = []
        for a in range(1, bound + 1):
            for b in range(1, bound + 1):
                for c in range(1, bound + 1):
                    rows.append([a, b, c, solver.value((a, b, c))])
            progress(a, bound)
        return Table(title, "list", ["a1", "a2", "a3", "value"], rows, meta=meta)
    raise InputError(f"End-Nim tables have 2 or 3 piles, got --piles {piles}")


def cash_table(subtraction_set: Any, stones: int, bound: int,
               progress: Progress = _no_progress,
               max_states: int = DEFAULT_MAX_STATES) -> Table:
    """Who wins NIM(A) with cash from ``(n; d1, d2)`` for ``0 <= d1, d2 <= bound``."""
    game = CashNim(subtraction_set)
    solver = solver_for(game, max_states)
    rows = []
    for d1 in range(bound + 1):
        rows.append(["I" if solver.value((stones, d1, d2)) else "II" for d2 in range(bound + 1)])
        progress(d1 + 1, bound + 1)
    label = ",".join(map(str, game.set))
    return Table(f"NIM({label}) with cash, n = {stones}: winner by budgets (rows d1, columns d2)",
                 "grid", list(range(bound + 1)), rows, list(range(bound + 1)), "d1/d2",
                 meta={"game": "cash", "set": label, "n": stones, "max": bound})


def subtraction_table(subtraction_set: Any, bound: int, progress: Progress = _no_progress,
                      max_states: int = DEFAULT_MAX_STATES) -> Table:
    """The nim-sequence of NIM(A) for ``n = 0..bound`` with the winner as in the paper."""
    game = SubtractionNim(subtraction_set)
    solver = solver_for(game, max_states)
    rows = []
    for n in range(bound + 1):
        g = solver.value(n)
        rows.append([n, g, "P" if g == 0 else "N", "II" if g == 0 else "I"])
        progress(n + 1, bound + 1)
    label = ",".join(map(str, game.set))
    return Table(f"NIM({label}): values for n = 0..{bound}", "list",
                 ["n", "value", "outcome", "winner"], rows,
                 meta={"game": "subtraction", "set": label, "max": bound})


def two_pile_table(name: str, bound: int, progress: Progress = _no_progress,
                   max_states: int = DEFAULT_MAX_STATES, **options: Any) -> Table:
    """Values of a two-pile game (nim, wythoff) on ``0..bound`` squared."""
    game = make_game(name, **options)
    solver = solver_for(game, max_states)
    rows = []
    for a in range(bound + 1):
        rows.append([solver.value((a, b)) for b in range(bound + 1)])
        progress(a + 1, bound + 1)
    return Table(f"{name}: values of (a, b) for 0 <= a, b <= {bound}", "grid",
                 list(range(bound + 1)), rows, list(range(bound + 1)), "a/b",
                 meta={"game": name, "max": bound})


def build_table(game: str, *, bound: int | None, piles: int | None = None,
                stones: int | None = None, variant: str | None = None,
                subtraction_set: str | None = None, factor: str | None = None,
                progress: Progress = _no_progress,
                max_states: int = DEFAULT_MAX_STATES) -> Table:
    """Dispatch ``nimlab table GAME``; raises :class:`InputError` for options that do not fit."""
    defaults = {"sharing": 16, "fibonacci": 20, "end-nim": 12, "cash": 20, "subtraction": 50,
                "nim": 15, "wythoff": 15}
    if game not in defaults:
        raise InputError(f"no table for {game!r}; tables exist for: {', '.join(defaults)}")
    bound = defaults[game] if bound is None else bound
    if bound < 0:
        raise InputError(f"--max must be >= 0, got {bound}")
    unused = {"--piles": piles, "--n": stones, "--variant": variant, "--set": subtraction_set,
              "--factor": factor}
    allowed = {"sharing": (), "fibonacci": ("--piles", "--factor"), "end-nim": ("--piles", "--variant"),
               "cash": ("--set", "--n"), "subtraction": ("--set",), "nim": (), "wythoff": ()}[game]
    for flag, val in unused.items():
        if val is not None and flag not in allowed:
            raise InputError(f"{flag} does not apply to the {game} table (its options: "
                             f"{', '.join(('--max',) + allowed)})")
    common = {"progress": progress, "max_states": max_states}
    if game == "sharing":
        return sharing_table(bound, **common)
    if game == "fibonacci":
        piles = 3 if piles is None else piles
        if piles < 1:
            raise InputError(f"--piles must be >= 1, got {piles}")
        return fibonacci_table(piles, bound, 2 if factor is None else factor, **common)
    if game == "end-nim":
        return endnim_table(3 if piles is None else piles, max(bound, 1), variant or "normal",
                            **common)
    if game in ("cash", "subtraction"):
        if subtraction_set is None:
            raise InputError(f"the {game} table needs --set a1,...,ak")
        if game == "subtraction":
            return subtraction_table(subtraction_set, bound, **common)
        return cash_table(subtraction_set, 14 if stones is None else stones, bound, **common)
    return two_pile_table(game, bound, **common)

"""Tables of values: the builders behind ``nimlab table`` and their file formats.

A :class:`Table` is either a *grid* (rows and columns indexed by integers, e.g. the paper's
Table 1 of Sharing Nim, ``G(0, a, b)``) or a *list* (one record per line, e.g. the first-move
P-positions of Fibonacci Nim).  Tables are written by the file's extension: ``.csv``, ``.json`` or
``.npy`` (grids of integers; cells that do not exist, such as ``a > b``, hold -1), through
:mod:`nimlab.fileio` (atomically, with the user's umask, into an existing directory).

The tables of the papers' games are computed by the compiled kernels (:mod:`nimlab.kernels`)
through the result store (:mod:`nimlab.store`), so a table is computed once and then read, sliced
or extended; big tables keep their array (:attr:`Table.array`) and read rows from it on demand.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections import abc
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any, Callable

import numpy as np

from nimlab import fileio, store
from nimlab.engine.solver import DEFAULT_MAX_STATES, solver_for
from nimlab.errors import InputError, about, gigabytes, short_text
from nimlab.games import (CashNim, FibonacciNim, GraphNim, SubtractionNim, edge_text,
                          make_game, parse_edges)
from nimlab.games.endnim import VARIANTS
from nimlab.progress import Progress, quiet
from nimlab.references import cite
from nimlab.table_boxes import PileRows, box_rows, box_table, check_box, check_positions


def check_target(path: str | os.PathLike) -> Path:
    """``path`` as a table file to write: .csv, .json or .npy in an existing directory (else a
    one-line :class:`InputError`; call it before a long computation)."""
    return fileio.check_target(path, (".csv", ".json", ".npy", ".tex"), "table file")


@dataclass
class Table:
    """A table of results; see the module docstring."""

    title: str
    kind: str  # "grid" or "list"
    columns: list[Any]
    rows: abc.Sequence  # a list of rows, or rows read from an array on demand
    row_labels: list[Any] = field(default_factory=list)
    corner: str = ""
    #: Rich display: print grid rows from the last to the first (the paper's layout).
    descending: bool = False
    #: Whether a CSV of this table starts with a header line.
    header: bool = True
    meta: dict = field(default_factory=dict)
    #: The table as an array (or a function making it), for .npy without a list of lists.
    array: Any = None

    def to_dict(self) -> dict:
        data = {"title": self.title, "kind": self.kind, "columns": self.columns,
                "rows": [list(row) for row in self.rows], **self.meta}
        if self.kind == "grid":
            data["row_labels"] = self.row_labels
            data["corner"] = self.corner
        return data

    def to_array(self) -> np.ndarray:
        if self.array is not None:
            return self.array() if callable(self.array) else self.array
        cells = [[-1 if c is None else c for c in row] for row in self.rows]
        try:
            return np.array(cells, dtype=np.int64)
        except (TypeError, ValueError):
            raise InputError(f"{self.title}: .npy holds integer tables only; write .csv or "
                             ".json") from None

    def csv_text(self) -> str:
        out = io.BytesIO()
        self.write_csv(out)
        return out.getvalue().decode()

    def write_csv(self, handle) -> None:
        """Write the CSV text in pieces (a big table is never one string)."""
        text = io.TextIOWrapper(handle, encoding="utf-8", newline="")
        writer = csv.writer(text, lineterminator="\n")
        if self.kind == "grid":
            writer.writerow([self.corner, *self.columns])
            for label, row in zip(self.row_labels, self.rows):
                writer.writerow([label, *["" if c is None else c for c in row]])
        else:
            if self.header:
                writer.writerow(self.columns)
            writer.writerows(self.rows)
        text.flush()
        text.detach()

    def write(self, path: str | os.PathLike) -> Path:
        """Write by extension (.csv, .json, .npy), atomically: a partial file never appears.

        The directory must exist: a missing one is a one-line error, never created."""
        path = check_target(path)
        suffix = path.suffix.lower()
        payload = self.to_array() if suffix == ".npy" else None

        if suffix == ".tex":
            self.check_latex()

        def write(handle) -> None:
            if suffix == ".npy":
                np.save(handle, payload)
            elif suffix == ".json":
                from nimlab.provenance import made_by

                handle.write(json.dumps({**self.to_dict(), "made_by": made_by()},
                                        indent=1).encode())
            elif suffix == ".tex":
                handle.write(self.latex().encode())
            else:
                self.write_csv(handle)

        return fileio.write_bytes(path, write)


    def check_latex(self) -> None:
        """Refuse, in one line, a table too large for LaTeX pages (before it is written)."""
        width = len(self.columns) + (1 if self.kind == "grid" else 0)
        if width > LATEX_COLUMNS or len(self.rows) > LATEX_ROWS:
            raise InputError(f"{self.title}: {len(self.rows):,} rows and {width} columns are "
                             f"too many for a LaTeX table (at most {LATEX_ROWS:,} rows of "
                             f"{LATEX_COLUMNS} columns); write .csv, or a smaller --max")

    def latex(self) -> str:
        """The table as a LaTeX ``longtable`` with booktabs rules (``\\usepackage{booktabs,
        longtable}``), headed by a comment naming what made it."""
        from nimlab.provenance import made_by_line

        grid = self.kind == "grid"
        header = ([self.corner] if grid else []) + list(self.columns)
        lines = [f"% {latex_comment(self.title)}",
                 f"% made by {latex_comment(made_by_line())}",
                 "% needs \\usepackage{booktabs,longtable}",
                 "\\begin{longtable}{" + "r" * len(header) + "}",
                 "\\caption{" + latex_text(self.title) + "}\\\\",
                 "\\toprule",
                 " & ".join(latex_text(h) for h in header) + " \\\\",
                 "\\midrule", "\\endhead"]
        labels = self.row_labels if grid else [None] * len(self.rows)
        for label, row in zip(labels, self.rows):
            cells = ([label] if grid else []) + ["" if c is None else c for c in row]
            lines.append(" & ".join(latex_text(c) for c in cells) + " \\\\")
        lines += ["\\bottomrule", "\\end{longtable}", ""]
        return "\n".join(lines)


#: The largest table written as LaTeX: a page's width of columns, and rows for a few pages
#: more than a paper prints (a longtable breaks across pages).
LATEX_COLUMNS = 40
LATEX_ROWS = 5000
_LATEX_SPECIAL = {"\\": "\\textbackslash{}", "&": "\\&", "%": "\\%", "$": "\\$",
                  "#": "\\#", "_": "\\_", "{": "\\{", "}": "\\}",
                  "~": "\\textasciitilde{}", "^": "\\textasciicircum{}",
                  "<": "\\textless{}", ">": "\\textgreater{}"}


def latex_text(value: Any) -> str:
    """A cell or a title as LaTeX text (its special characters escaped)."""
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in str(value))


def latex_comment(text: str) -> str:
    """Text for a LaTeX comment line (no line breaks)."""
    return " ".join(str(text).split())


def write_table(out: str | os.PathLike, build: Callable[[], "Table"]) -> tuple["Table", Path]:
    """Build a table (``build()``) and write it to ``out`` atomically; the table and the path.

    An ``.npy`` table whose kernel allocates its result with
    :func:`nimlab.kernels.table_array` (Wythoff's) is computed straight into the file being
    written (:class:`nimlab.fileio.MappedNpy`): a big table is not copied into the file at the
    end (about 3 s for the 800 MB of Wythoff N = 20,000 here).  The temporary file exists while
    the table is computed and is removed if the computation fails or is interrupted."""
    from nimlab.kernels import OUTPUT

    path = check_target(out)
    if path.suffix.lower() != ".npy":
        table = build()
        return table, table.write(path)
    built = []

    def write(handle) -> None:
        target = fileio.MappedNpy(handle)
        token = OUTPUT.set(target)
        try:
            built.append(build())
        finally:
            OUTPUT.reset(token)
            if not built:  # failed or interrupted: its threads end before the file goes
                target.close()
        target.finish(built[0].to_array())

    fileio.write_bytes(path, write)
    return built[0], path


# ------------------------------------------------------------------------------- builders
# The builders of the papers' games run the compiled kernels (nimlab.kernels) through the result
# store (nimlab.store): ``cache=False`` computes without reading or writing stored tables.
# ``max_states`` only applies where the generic solver still runs (Fibonacci Nim with 4 or more
# piles, nim, wythoff).


class GridRows(abc.Sequence):
    """Rows of a grid table read from an array on demand (a big table is never a list of lists).

    Row ``i`` is ``array[i]``, each cell passed through ``cell``; cells holding -1 (no such
    position) read as ``None`` when ``missing`` is set.
    """

    def __init__(self, array: np.ndarray, missing: bool = False,
                 cell: Callable[[int], Any] = int):
        self.array, self.missing, self.cell = array, missing, cell

    def __len__(self) -> int:
        return self.array.shape[0]

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        row = self.array[i % len(self)].tolist()
        if self.missing:
            return [None if c < 0 else self.cell(c) for c in row]
        return [self.cell(c) for c in row]


#: The 3-pile End-Nim rows' former name.
TripleRows = PileRows


def sharing_values(bound: int, progress: Progress = quiet,
                   max_states: int = DEFAULT_MAX_STATES, cache: bool = True) -> np.ndarray:
    """``V[a, b] = G(0, a, b)`` of 3-pile Sharing Nim for ``0 <= a <= b <= bound``; -1 below:
    the array of :func:`nimlab.store.sharing_values` (read-only), with the builders' options."""
    return store.sharing_values(bound, progress, use_cache=cache)


def sharing_table(bound: int, progress: Progress = quiet,
                  max_states: int = DEFAULT_MAX_STATES, cache: bool = True) -> Table:
    """The paper's Table 1 as a :class:`Table`: ``G(0, a, b)`` for ``0 <= a <= b <= bound`` (row
    a, column b).  The bare array is :func:`sharing_values`."""
    values = sharing_values(bound, progress, max_states, cache)
    return Table(f"Sharing Nim: G(0,a,b) for 0 <= a <= b <= {bound} ({cite('sharing', 'Table 1')})",
                 "grid", list(range(bound + 1)), GridRows(values, missing=True),
                 list(range(bound + 1)), "a/b", descending=True,
                 meta={"game": "sharing", "max": bound}, array=values)


#: A table the generic solver fills is refused when the solver would need longer than this
#: (seconds, estimated from the game's own estimates before anything runs).  The estimate is
#: that of the table's largest position; filling the whole table measured 3 to 5 times longer
#: (6-pile Fibonacci Nim, --max 10: estimate 2 s, run 8 s), so the limit leaves that margin for
#: a run of about a minute at most.
SOLVER_TABLE_SECONDS = 15


def check_solver_table(what: str, bound: int, largest: Callable[[int], tuple[Any, Any]],
                       max_states: int) -> None:
    """Refuse, in one line with the estimate and the largest ``--max`` that fits, a table the
    solver would take more than :data:`SOLVER_TABLE_SECONDS` (or ``max_states`` positions) to
    fill; ``largest(b)`` is ``(game, the largest position of the table for --max b)`` (the
    solver's cache makes every smaller position part of that one's work)."""
    from nimlab.solve import estimate

    def cost(b: int) -> tuple[int, int]:
        game, position = largest(b)
        states, seconds = estimate(game, position)
        return states or 0, seconds or 0

    states, seconds = cost(bound)
    if seconds <= SOLVER_TABLE_SECONDS and states <= max_states:
        return
    low, high = 0, bound  # the largest bound that fits
    while low < high:
        mid = (low + high + 1) // 2
        s, t = cost(mid)
        if t <= SOLVER_TABLE_SECONDS and s <= max_states:
            low = mid
        else:
            high = mid - 1
    raise InputError(f"the {what} table for --max {bound} is filled by the generic solver: about "
                     f"{about(states)} positions and {about(seconds)} seconds, over "
                     f"{SOLVER_TABLE_SECONDS} seconds or --max-states {max_states:,}; use "
                     f"--max {low} or less")


def fibonacci_first_move_p_positions(piles: int, bound: int, factor: Any = 2,
                                     progress: Progress = quiet,
                                     max_states: int = DEFAULT_MAX_STATES,
                                     cache: bool = True) -> list[tuple[int, ...]]:
    """All first-move P-positions with ``piles`` piles in ``2..bound``, descending piles.

    1 to 4 piles: the kernels of :mod:`nimlab.kernels.fibonacci` (4 piles: refused beyond
    N = 320, hours of work); more piles: the generic solver.
    """
    if piles == 4:
        cells = (bound + 1) * (bound + 2) * (bound + 3) * (bound + 4) // 24
        if cells > 450_000_000:  # N = 320: about 5 GB and 10 minutes on a 2-core machine
            raise InputError(f"the 4-pile Fibonacci table for --max {short_text(str(bound))} has "
                             f"{about(cells)} cells, about {gigabytes(cells * 11)} GB and hours "
                             "of work; use --max 320 or less")
    if piles in (1, 2, 3, 4):
        return store.fibonacci_first_move(piles, bound, factor, progress, use_cache=cache)
    game = FibonacciNim(factor)
    check_solver_table(f"{piles}-pile Fibonacci Nim", bound,
                       lambda b: (game, ((max(b, 2),) * piles, 0)), max_states)
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


def fibonacci_table(piles: int, bound: int, factor: Any = 2, progress: Progress = quiet,
                    max_states: int = DEFAULT_MAX_STATES, cache: bool = True) -> Table:
    found = fibonacci_first_move_p_positions(piles, bound, factor, progress, max_states, cache)
    return Table(f"Fibonacci Nim (factor {factor}): first-move P-positions, {piles} piles in "
                 f"2..{bound}", "list", [f"pile{i + 1}" for i in range(piles)],
                 [list(p) for p in found], header=False,
                 meta={"game": "fibonacci", "piles": piles, "max": bound, "factor": str(factor)})


def endnim_table(piles: int, bound: int, variant: str = "normal",
                 progress: Progress = quiet,
                 max_states: int = DEFAULT_MAX_STATES, cache: bool = True) -> Table:
    """Values of End-Nim rows of ``piles`` piles in ``1..bound`` (a pile of 0 is no pile):
    2 piles as a grid (row a1, column a2), 3 or more as one row per position ``[a1, ...,
    ak, value]``, from the kernels through the store."""
    if variant not in VARIANTS:
        raise InputError(f"unknown End-Nim variant {variant!r}; allowed: {', '.join(VARIANTS)}")
    if piles < 2:
        raise InputError(f"End-Nim tables have 2 or more piles, got --piles {piles}")
    values = store.endnim_values(piles, bound, variant, progress, use_cache=cache)
    title = f"End-Nim ({variant}): values of {piles}-pile rows with piles in 1..{bound}"
    meta = {"game": "end-nim", "variant": variant, "piles": piles, "max": bound}
    if piles == 2:
        inner = values[1:, 1:]
        return Table(title, "grid", list(range(1, bound + 1)), GridRows(inner),
                     list(range(1, bound + 1)), "a1/a2", meta=meta, array=inner)
    rows = PileRows(values)
    return Table(title, "list", [f"a{i}" for i in range(1, piles + 1)] + ["value"], rows,
                 meta=meta, array=rows.array)


def graph_nim_table(edges: str, bound: int, vertices: int | None = None,
                    progress: Progress = quiet, max_states: int = DEFAULT_MAX_STATES,
                    cache: bool = True) -> Table:
    """Values of Graph Nim on the digraph ``edges`` (``"1-2,2-3"``, vertices numbered from 1):
    one row ``[p1, ..., pn, value]`` for every position with piles in ``0..bound``; the
    compiled kernel through the store (up to 4 vertices), else the generic solver within
    ``max_states``.  ``vertices``: more than the edges name (isolated vertices)."""
    from nimlab.kernels.graphnim import MAX_VERTICES

    game = graph_nim_game(edges, bound, vertices)
    vertices = game.vertices
    solver = vertices > MAX_VERTICES
    if not solver:
        values = store.graph_values(vertices, game.edges, bound, progress, use_cache=cache)
        how = "the compiled kernel"
    else:
        from nimlab.solve import value_function

        cells = (bound + 1) ** vertices
        if cells > max_states:
            raise InputError(f"the Graph Nim table on {vertices} vertices for --max {bound} has "
                             f"{about(cells)} positions for the generic solver, over --max-states "
                             f"{max_states:,}; use a smaller --max or a larger --max-states")
        value = value_function(game, max_states)
        values = np.empty((bound + 1,) * vertices, dtype=np.int64)
        for done, position in enumerate(np.ndindex(*values.shape)):
            values[position] = value(tuple(int(p) for p in position))
            if done % 4096 == 0:
                progress(done, cells)
        progress(cells, cells)
        how = "the generic solver"
    label = edge_text(game.edges)
    rows = PileRows(values, low=0)
    return Table(f"Graph Nim on {label} ({cite('sharing', 'Section 7')}): values of every "
                 f"position with piles in 0..{bound}", "list",
                 [f"p{i}" for i in range(1, vertices + 1)] + ["value"], rows,
                 meta={"game": "graph-nim", "edges": label, "piles": vertices, "max": bound,
                       "method": how}, array=rows.array)


def graph_nim_game(edges: str, bound: int, vertices: int | None = None) -> GraphNim:
    """The :class:`~nimlab.games.GraphNim` of a table on ``edges`` (``vertices``: default the
    largest vertex the edges name), its size checked by :func:`check_positions` (the compiled
    kernel up to 4 vertices, the generic solver's speed beyond)."""
    from nimlab.games.sharing import edge_vertices
    from nimlab.kernels.graphnim import MAX_VERTICES
    from nimlab.solve import SOLVER_SPEED

    vertices = edge_vertices(edges) if vertices is None else vertices
    game = GraphNim(vertices, parse_edges(edges, vertices))
    check_positions("graph-nim", bound, vertices, len(game.edges),
                    *((SOLVER_SPEED, SOLVER_TABLE_SECONDS) if vertices > MAX_VERTICES else ()))
    return game


def cash_table(subtraction_set: Any, stones: int, bound: int,
               progress: Progress = quiet,
               max_states: int = DEFAULT_MAX_STATES, cache: bool = True) -> Table:
    """Who wins NIM(A) with cash from ``(n; d1, d2)`` for ``0 <= d1, d2 <= bound``."""
    game = CashNim(subtraction_set)
    winners = store.cash_winners(game.set, stones, bound, progress, use_cache=cache)[stones]
    label = ",".join(map(str, game.set))
    return Table(f"NIM({label}) with cash, n = {stones}: winner by budgets (rows d1, columns d2)",
                 "grid", list(range(bound + 1)), GridRows(winners, cell=lambda w: "I" if w else
                                                          "II"),
                 list(range(bound + 1)), "d1/d2",
                 meta={"game": "cash", "set": label, "n": stones, "max": bound})


class SequenceRows(abc.Sequence):
    """Rows ``[n, value, outcome, winner]`` of a nim-sequence (``[n, value, outcome]`` with
    ``winner=False``), made on demand from its array (a list table of millions of rows is never
    a list of lists: a CSV of it streams)."""

    def __init__(self, values: np.ndarray, winner: bool = True):
        self.values = values
        self.winner = winner

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        n = i % len(self)
        g = int(self.values[n])
        row = [n, g, "P" if g == 0 else "N"]
        return row + ["II" if g == 0 else "I"] if self.winner else row


#: The largest --max of a subtraction table: 10 million rows, a CSV of about 200 MB written in
#: about a minute (in bounded memory: the rows stream from the array).
SUBTRACTION_MAX = 10_000_000

#: The most rows a list table prints as text or JSON (each row a Python list held at once);
#: beyond, the table is written with --out FILE.csv, which streams.
MAX_LISTED_ROWS = 1_000_000


def list_rows(game: str, bound: int, piles: int | None = None,
              edges: str | None = None) -> int | None:
    """How many rows the list table ``game`` has for ``--max bound`` (at most), computed
    without building it; ``None`` for a grid or a table whose rows are few (Fibonacci Nim's
    P-positions)."""
    if game == "subtraction":
        return bound + 1
    if game == "end-nim" and (3 if piles is None else piles) >= 3:
        return max(bound, 1) ** (3 if piles is None else piles)
    if game == "graph-nim" and edges is not None:
        from nimlab.games.sharing import edge_vertices

        return (bound + 1) ** (edge_vertices(edges) if piles is None else piles)
    return box_rows(game, bound, piles)


def check_rows(game: str, bound: int | None, piles: int | None = None,
               form: str | None = None, edges: str | None = None) -> None:
    """Refuse up front (one line, with the count) a list table too long to build, or, for
    ``form`` ``"text"`` or ``"JSON"``, too long to hold whole (a CSV or .npy file streams)."""
    bound = table_spec(game).default if bound is None else bound
    if game == "end-nim":
        check_positions(game, bound, 3 if piles is None else piles)
    if game == "graph-nim" and edges is not None:
        graph_nim_game(edges, bound, piles)
    check_box(game, bound, piles)
    rows = list_rows(game, bound, piles, edges)
    if game == "subtraction" and bound > SUBTRACTION_MAX:
        raise InputError(f"the subtraction table for --max {short_text(str(bound))} has "
                         f"{about(rows)} rows, about {gigabytes(rows * 14)} GB as CSV; use "
                         f"--max {SUBTRACTION_MAX} or less")
    if form and rows is not None and rows > MAX_LISTED_ROWS:
        raise InputError(f"the {game} table for --max {short_text(str(bound))} has "
                         f"{about(rows)} rows, too many to hold as {form} (at most "
                         f"{MAX_LISTED_ROWS:,}); write it with --out FILE.csv, which streams")


def subtraction_table(subtraction_set: Any, bound: int, progress: Progress = quiet,
                      max_states: int = DEFAULT_MAX_STATES, cache: bool = True) -> Table:
    """The nim-sequence of NIM(A) for ``n = 0..bound`` with the winner as in the paper (rows
    made on demand; refused past :data:`SUBTRACTION_MAX`)."""
    game = SubtractionNim(subtraction_set)
    check_rows("subtraction", bound)
    values = store.subtraction_values(game.set, bound, use_cache=cache)
    rows = SequenceRows(values)
    progress(bound + 1, bound + 1)
    label = ",".join(map(str, game.set))
    return Table(f"NIM({label}): values for n = 0..{bound}", "list",
                 ["n", "value", "outcome", "winner"], rows,
                 meta={"game": "subtraction", "set": label, "max": bound}, array=_words)


def _words() -> np.ndarray:
    raise InputError("the subtraction table holds words (P/N, I/II): .npy holds integer "
                     "tables only; write .csv or .json")


def two_pile_table(name: str, bound: int, progress: Progress = quiet,
                   max_states: int = DEFAULT_MAX_STATES, **options: Any) -> Table:
    """Values of a two-pile game (nim, wythoff) on ``0..bound`` squared."""
    from nimlab.solve import value_function

    game = make_game(name, **options)
    check_solver_table(name, bound, lambda b: (game, (b, b)), max_states)
    value = value_function(game, max_states)  # the closed form where the game declares one
    rows = value_grid(value, bound, progress)
    return Table(f"{name}: values of (a, b) for 0 <= a, b <= {bound}", "grid",
                 list(range(bound + 1)), rows, list(range(bound + 1)), "a/b",
                 meta={"game": name, "max": bound})


def value_grid(value: Callable[[Any], int], bound: int, progress: Progress = quiet
               ) -> list[list[int]]:
    """``value((a, b))`` for ``0 <= a, b <= bound``, a row at a time, reporting each row."""
    rows = []
    for a in range(bound + 1):
        rows.append([value((a, b)) for b in range(bound + 1)])
        progress(a + 1, bound + 1)
    return rows


def wythoff_table(bound: int, progress: Progress = quiet,
                  max_states: int = DEFAULT_MAX_STATES, cache: bool = True,
                  a: Any = None) -> Table:
    """Wythoff's Grundy values ``G(a, b)``, ``0 <= a, b <= bound``, from the compiled kernel
    (:mod:`nimlab.kernels.wythoff`) through the store; refused beyond N = 30,000.  ``a >= 2``:
    the a-Wythoff game (:mod:`nimlab.kernels.awythoff`)."""
    from nimlab.games.nim import parse_a

    a = parse_a(1 if a is None else a)
    if a != 1:  # refused up front past its memory or time (the store asks the kernel)
        values = store.awythoff_table(bound, a, progress, use_cache=cache)
        return Table(f"wythoff, a = {a}: Grundy values G(x, y) for 0 <= x, y <= {bound}",
                     "grid", list(range(bound + 1)), GridRows(values), list(range(bound + 1)),
                     "x/y", meta={"game": "wythoff", "a": a, "max": bound}, array=values)
    if bound > 30000:  # N = 20,000 took 344 s on a loaded 2-core machine; time grows ~N**3
        minutes = 344 * bound ** 3 // (20000 ** 3 * 60)
        raise InputError(f"the Wythoff table for --max {short_text(str(bound))} would take about "
                         f"{about(minutes)} minutes and {gigabytes((bound + 1) ** 2 * 2)} GB; "
                         "use --max 30000 or less")
    values = store.wythoff_table(bound, progress, use_cache=cache)
    return Table(f"wythoff: Grundy values G(a, b) for 0 <= a, b <= {bound}", "grid",
                 list(range(bound + 1)), GridRows(values), list(range(bound + 1)), "a/b",
                 meta={"game": "wythoff", "max": bound}, array=values)


def _fibonacci(bound, piles, stones, variant, subtraction_set, factor, common) -> Table:
    piles = 3 if piles is None else piles
    if piles < 1:
        raise InputError(f"--piles must be >= 1, got {piles}")
    return fibonacci_table(piles, bound, 2 if factor is None else factor, **common)


def _needs_set(game: str, subtraction_set: str | None) -> str:
    if subtraction_set is None:
        raise InputError(f"the {game} table needs --set a1,...,ak")
    return subtraction_set


@dataclass(frozen=True)
class TableSpec:
    """How ``nimlab table GAME`` builds the table of one game."""

    default: int
    allowed: tuple[str, ...]
    build: Callable[..., Table]
    cached: bool = True
    #: Whether the table has a column per value 0..--max (too wide to print past a few hundred).
    grid: bool = True


def octal_table(code: str, bound: int, progress: Progress = quiet,
                max_states: int = DEFAULT_MAX_STATES, cache: bool = True) -> Table:
    """The nim-sequence ``G(0..bound)`` of an octal game (the compiled kernel, through the
    store): a hexadecimal code's refused up front past a minute of work
    (:func:`nimlab.kernels.octal.check_work`), an octal code's as soon as its pace shows it
    would pass :data:`nimlab.kernels.octal.MAX_SECONDS` (the store)."""
    from nimlab.games.octal import OctalGame
    from nimlab.kernels.octal import check_work

    game = OctalGame(code)
    try:
        check_work(game.digits, bound)
    except InputError as refused:
        raise InputError(f"the octal table of {game.code}: {refused}; use a smaller --max, or "
                         f"`nimlab periodicity octal --code {game.code}` for a proven period") \
            from None
    values = store.octal_values(game.digits, bound, progress, use_cache=cache)
    return Table(f"octal game {game.code}: values G(n) for n = 0..{bound}", "list",
                 ["n", "value", "outcome"], SequenceRows(values, winner=False),
                 meta={"game": "octal", "code": game.code, "max": bound}, array=values)


#: The tables, by game: default ``--max``, the options that apply, and the builder
#: ``build(bound, piles, stones, variant, subtraction_set, factor, common)``.
TABLES: dict[str, TableSpec] = {
    "sharing": TableSpec(16, ("--piles",), lambda b, p, n, v, s, f, c: _sharing(b, p, c)),
    "fibonacci": TableSpec(20, ("--piles", "--factor"), _fibonacci, grid=False),
    "end-nim": TableSpec(12, ("--piles", "--variant"), lambda b, p, n, v, s, f, c: _end_nim(
        3 if p is None else p, max(b, 1), v or "normal", c)),
    "graph-nim": TableSpec(8, ("--edges", "--piles"), lambda b, p, n, v, s, f, c: graph_nim_table(
        _needs_edges(c), b, p, **c), grid=False),
    "cash": TableSpec(20, ("--set", "--n"), lambda b, p, n, v, s, f, c: cash_table(
        _needs_set("cash", s), 14 if n is None else n, b, **c)),
    "subtraction": TableSpec(50, ("--set",), lambda b, p, n, v, s, f, c: subtraction_table(
        _needs_set("subtraction", s), b, **c), grid=False),
    "nim": TableSpec(15, ("--piles",), lambda b, p, n, v, s, f, c: _nim(b, p, c), False),
    "wythoff": TableSpec(15, ("--a",), lambda b, p, n, v, s, f, c: wythoff_table(b, **c)),
    "octal": TableSpec(100, ("--code",), lambda b, p, n, v, s, f, c: octal_table(
        _needs_code(c), b, **c), grid=False),
}


def _sharing(bound: int, piles: int | None, common: dict) -> Table:
    if piles not in (None, 3, 4):
        raise InputError(f"the sharing table has 3 piles (G(0,a,b)) or 4, got --piles {piles}")
    if piles != 4:
        return sharing_table(bound, **common)
    return Table(**box_table("sharing", 4, bound, common["progress"], common.get("cache", True)))


def _nim(bound: int, piles: int | None, common: dict) -> Table:
    if piles is not None and piles < 2:
        raise InputError(f"the nim table has 2 piles (a grid) or more, got --piles {piles}")
    if piles is None or piles == 2:
        return two_pile_table("nim", bound, **common)
    return Table(**box_table("nim", piles, bound, common["progress"]))


def _end_nim(piles: int, bound: int, variant: str, common: dict) -> Table:
    check_positions("end-nim", bound, piles)  # refused before the kernel runs
    return endnim_table(piles, bound, variant, **common)


def _needs_edges(common: dict) -> str:
    edges = common.pop("edges", None)
    if edges is None:
        raise InputError("the graph-nim table needs --edges u-v,... (vertices numbered from 1, "
                         "e.g. --edges 1-2,2-3,3-1)")
    return edges


def _needs_code(common: dict) -> str:
    code = common.pop("code", None)
    if code is None:
        raise InputError("the octal table needs --code, e.g. --code 0.77 (Kayles)")
    return code


#: The default --max of a game of one's own's table.
OWN_DEFAULT = 30


def own_game(game: Any) -> Any:
    """The game object of a game of one's own (given by object, or by a name registered with
    ``--rules`` or an entry point), or ``None`` for a built-in game's name."""
    from nimlab.games import ImpartialGame
    from nimlab.games.registry import is_own

    if isinstance(game, ImpartialGame):
        return game
    return make_game(game) if game not in TABLES and is_own(game) else None


def table_spec(game: Any) -> TableSpec:
    """The :class:`TableSpec` of ``game``; raises :class:`InputError` for a game with none."""
    spec = TABLES.get(game) if isinstance(game, str) else None
    if spec is None:
        mine = own_game(game)
        if mine is not None:
            return TableSpec(OWN_DEFAULT, (), lambda b, p, n, v, s, f, c: game_table(mine, b, **c),
                             cached=False, grid=own_shape(mine) == "grid")
        raise InputError(f"no table for {game!r}; tables exist for: {', '.join(TABLES)} and "
                         "the games of your own of one or two numbers")
    return spec


def own_shape(game: Any) -> str:
    """``"list"`` for a game of one number (or a heap game: one heap), ``"grid"`` for two."""
    from nimlab.games import HeapGame

    count = getattr(game, "pile_count", None)
    if isinstance(game, HeapGame) or count == 1:
        return "list"
    if count == 2:
        return "grid"
    raise InputError(f"a table of {game.name} needs positions of one number or two (set "
                     "pile_count = 1 or 2, or write a HeapGame); ask for positions with "
                     "`nimlab value`")


def game_table(game: Any, bound: int, progress: Progress = quiet,
               max_states: int = DEFAULT_MAX_STATES) -> Table:
    """The values of a game of one's own: ``G(n)`` for ``n = 0..bound`` (one number, or one
    heap of a heap game: its nim-sequence) or ``G(a, b)`` on ``0..bound`` squared (two numbers);
    by the game's own fast paths where it has them (a heap game: the heaps' values), else the
    generic solver, within ``max_states`` positions."""
    from nimlab.games import HeapGame
    from nimlab.solve import value_function

    shape = own_shape(game)
    cells = bound + 1 if shape == "list" else (bound + 1) ** 2
    if cells > max_states:
        raise InputError(f"the {game.name} table for --max {short_text(str(bound))} has "
                         f"{about(cells)} positions, over --max-states {max_states:,}; use a "
                         "smaller --max or a larger --max-states")
    label = game.describe()
    if shape == "list":
        if isinstance(game, HeapGame) and not game.misere:
            from nimlab.engine.sums import OPTIONS_PER_SECOND, heap_values, heap_work

            def seconds(b: int) -> int:
                return heap_work(game, b) // OPTIONS_PER_SECOND

            if seconds(bound) > SOLVER_TABLE_SECONDS:
                low, high = 0, bound
                while low < high:  # the largest --max that fits
                    mid = (low + high + 1) // 2
                    low, high = (mid, high) if seconds(mid) <= SOLVER_TABLE_SECONDS else \
                        (low, mid - 1)
                raise InputError(
                    f"the {game.name} table for --max {short_text(str(bound))} would examine "
                    f"about {about(heap_work(game, bound))} heap options in Python, about "
                    f"{about(seconds(bound))} seconds, over {SOLVER_TABLE_SECONDS} seconds; use "
                    f"--max {low} or less")

            values = np.zeros(bound + 1, dtype=np.int64)
            step = max(1, (bound + 1) // 100)
            for n in range(bound + 1):  # in order: each heap's options are known below it
                values[n] = heap_values(game, (n,), max_states)[n]
                if n % step == 0 or n == bound:
                    progress(n + 1, bound + 1)
        else:
            value = value_function(game, max_states)
            values = np.array([value((n,)) for n in range(bound + 1)], dtype=np.int64)
            progress(bound + 1, bound + 1)
        return Table(f"{label}: values G(n) for n = 0..{bound}", "list",
                     ["n", "value", "outcome"], SequenceRows(values, winner=False),
                     meta={"game": game.name, "params": game.params(), "max": bound},
                     array=values)
    rows = value_grid(value_function(game, max_states), bound, progress)
    return Table(f"{label}: values G(a, b) for 0 <= a, b <= {bound}", "grid",
                 list(range(bound + 1)), rows, list(range(bound + 1)), "a/b",
                 meta={"game": game.name, "params": game.params(), "max": bound})


def build_table(game: str, *, bound: int | None, piles: int | None = None,
                stones: int | None = None, variant: str | None = None,
                subtraction_set: str | None = None, factor: str | None = None,
                code: str | None = None, edges: str | None = None, a: Any = None,
                progress: Progress = quiet, max_states: int = DEFAULT_MAX_STATES,
                cache: bool = True) -> Table:
    """Build ``nimlab table GAME`` from :data:`TABLES`; raises :class:`InputError` for options
    that do not fit."""
    spec = table_spec(game)
    if not isinstance(game, str):
        game = game.name
    bound = spec.default if bound is None else bound
    if bound < 0:
        raise InputError(f"--max must be >= 0, got {bound}")
    unused = {"--piles": piles, "--n": stones, "--variant": variant, "--set": subtraction_set,
              "--factor": factor, "--code": code, "--edges": edges, "--a": a}
    for flag, val in unused.items():
        if val is not None and flag not in spec.allowed:
            raise InputError(f"{flag} does not apply to the {game} table (its options: "
                             f"{', '.join(('--max',) + spec.allowed)})")
    common: dict[str, Any] = {"progress": progress, "max_states": max_states}
    if spec.cached:
        common["cache"] = cache
    if code is not None:
        common["code"] = code
    if edges is not None:
        common["edges"] = edges
    if a is not None:
        common["a"] = a
    return spec.build(bound, piles, stones, variant, subtraction_set, factor, common)

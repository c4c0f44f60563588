"""Pictures of nimlab's tables, sequences and sweeps (Matplotlib: PDF, PNG or SVG).

Every ``*_figure`` function returns a :class:`matplotlib.figure.Figure` made without pyplot, so
nothing here chooses or changes the user's Matplotlib backend (no ``matplotlib.use``): a figure
shows in a notebook and :func:`save` writes it by the file's extension through
:mod:`nimlab.fileio` (atomically, with the user's umask, into an existing directory) with
Matplotlib's file writers alone.  Every picture nimlab writes goes through
:func:`write_figure`: it names nimlab's version and the command that made it in the file's
metadata (:mod:`nimlab.provenance`), carries no date and no random ids, so the same command
writes the same bytes.  Heat maps are images (``imshow``), never one patch per cell,
so a table of millions of cells draws in seconds.  The data come
from the builders of :mod:`nimlab.tables` and the sequences of :mod:`nimlab.research.sequences`.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import BinaryIO

import matplotlib
import numpy as np
from matplotlib.colors import ListedColormap, LogNorm
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from nimlab import fileio
from nimlab.errors import InputError
from nimlab.progress import Progress, quiet
from nimlab.provenance import made_by_line, version
from nimlab.research.sequences import sharing_row
from nimlab.store import sharing_values
from nimlab.tables import SequenceRows, Table, cash_table, endnim_table

FORMATS = (".pdf", ".png", ".svg")


def check_target(path: str | os.PathLike) -> Path:
    """``path`` as a picture to write: .pdf, .png or .svg, in an existing directory (else a
    one-line :class:`InputError`, before anything is computed)."""
    return fileio.check_target(path, FORMATS, "picture")


def figure_metadata(kind: str) -> dict[str, str | None]:
    """What a picture of format ``kind`` (``pdf``, ``png``, ``svg``) says about itself, under
    Matplotlib's documented keys for that format: nimlab's version and the command that made it
    (:func:`nimlab.provenance.made_by_line`), and no date."""
    software = f"nimlab {version()} (Matplotlib {matplotlib.__version__})"
    if kind == "png":  # text chunks
        return {"Software": software, "Description": made_by_line()}
    if kind == "svg":  # Dublin Core, in <metadata>
        return {"Creator": software, "Description": made_by_line(), "Date": None}
    if kind == "pdf":  # the document information dictionary
        return {"Creator": software, "Subject": made_by_line(), "CreationDate": None}
    raise InputError(f"no picture format {kind!r}; nimlab writes {', '.join(FORMATS)}")


def write_figure(figure: Figure, handle: BinaryIO, kind: str, dpi: int = 110,
                 tight: bool = True) -> None:
    """Write ``figure`` as ``kind`` (``pdf``, ``png``, ``svg``) to a binary handle: the one
    way nimlab writes a picture.  Its metadata say what made it (:func:`figure_metadata`); the
    SVG's ids come from a fixed salt (``svg.hashsalt``, set only while writing) and no format
    holds a date, so the same command writes the same bytes."""
    metadata = figure_metadata(kind)
    with matplotlib.rc_context({"svg.hashsalt": made_by_line()}):
        figure.savefig(handle, format=kind, dpi=dpi, metadata=metadata,
                       bbox_inches="tight" if tight else None)


def figure_bytes(figure: Figure, kind: str = "png", dpi: int = 110, tight: bool = True) -> bytes:
    """The bytes :func:`write_figure` writes (a notebook's picture, say)."""
    out = io.BytesIO()
    write_figure(figure, out, kind, dpi, tight)
    return out.getvalue()


def save(figure: Figure, path: str | os.PathLike, dpi: int = 110, tight: bool = True) -> Path:
    """Write ``figure`` to ``path`` (.pdf, .png or .svg) atomically through
    :func:`write_figure` (no backend is involved: the figure belongs to no pyplot window)."""
    path = check_target(path)
    return fileio.write_bytes(path, lambda handle: write_figure(
        figure, handle, path.suffix.lower()[1:], dpi, tight))


def _figure(width: float = 7.5, height: float = 5.0):
    figure = Figure(figsize=(width, height))
    return figure, figure.subplots()


def _subplots(columns: int, width: float, height: float):
    figure = Figure(figsize=(width, height))
    return figure, figure.subplots(1, columns)


# ----------------------------------------------------------------------- any table
#: A heat map shows at most this many rows and columns (a screen has fewer pixels); a bigger
#: grid is drawn from every k-th row and column, and its title says so.
PICTURE_SIDE = 2000


def picture_step(side: int) -> int:
    """Every how many rows and columns a heat map of ``side`` cells a side reads (1: all)."""
    return max(-(-side // PICTURE_SIDE), 1)


def thinned_note(step: int) -> str:
    """The title's note on a thinned picture (empty when every cell is drawn)."""
    return f"\n(one row and column in {step} drawn; all of them in the table)" if step > 1 \
        else ""


def numbers_image(array: np.ndarray, step: int) -> np.ndarray:
    """Every ``step``-th row and column of an integer array as floats, -1 (no cell) as NaN."""
    data = np.array(array[::step, ::step], dtype=float)
    data[data < 0] = np.nan
    return data


def picture_cells(table: Table, step: int = 1) -> tuple[np.ndarray, list[str]]:
    """A grid's cells (every ``step``-th row and column) as numbers for a picture, and the names
    of word cells (``I``, ``II``) in the order of their numbers (empty for a grid of numbers);
    missing cells are NaN."""
    if table.array is not None:
        return numbers_image(table.array() if callable(table.array) else table.array, step), []
    raw = getattr(table.rows, "array", None)
    if raw is not None:  # rows read from an array (GridRows): map its few distinct cells at once
        raw = np.asarray(raw)[::step, ::step]
        distinct, where = np.unique(raw, return_inverse=True)
        names = [table.rows.cell(int(v)) for v in distinct]
        if all(isinstance(n, (int, np.integer)) for n in names):
            return np.asarray(raw, dtype=float), []
        words = sorted(set(map(str, names)))
        codes = np.array([words.index(str(n)) for n in names], dtype=float)
        return codes[where].reshape(np.shape(raw)), words
    words = sorted({c for row in table.rows for c in row
                    if c is not None and not isinstance(c, (int, np.integer))})
    code = {w: k for k, w in enumerate(words)}
    data = np.array([[np.nan if c is None else code.get(c, c) for c in row[::step]]
                     for row in table.rows[::step]], dtype=float)
    return data, words


def table_figure(table: Table) -> Figure:
    """A table as a picture: a grid as a heat map (one image, ``imshow``, rows upwards, a colour
    bar or a legend of the words, whatever its size); a nim-sequence (a list of ``n, value,
    ...``) as its values against ``n`` (:func:`sequence_table_figure`)."""
    if table.kind != "grid":
        return sequence_table_figure(table)
    step = picture_step(max(len(table.rows), len(table.columns)))
    data, words = picture_cells(table, step)
    figure, axes = _figure(7, 5.5)
    rows, columns = data.shape
    extent = (-0.5, (columns - 1) * step + 0.5, -0.5, (rows - 1) * step + 0.5)
    if words:
        colours = ListedColormap(["#2c7fb8", "#e6550d", "#31a354", "#d9d9d9"][:max(len(words),
                                                                                    2)])
        axes.imshow(data, origin="lower", cmap=colours, interpolation="nearest", aspect="auto",
                    vmin=-0.5, vmax=max(len(words), 2) - 0.5, extent=extent)
        handles = [axes.scatter([], [], marker="s", color=colours(k), label=w)
                   for k, w in enumerate(words)]
        axes.legend(handles=handles, loc="upper right", fontsize=8)
    else:
        image = axes.imshow(data, origin="lower", cmap="viridis", interpolation="nearest",
                            aspect="auto", extent=extent)
        figure.colorbar(image, ax=axes, label="value")
    corner = table.corner.split("/")
    if len(corner) == 2:
        axes.set_ylabel(corner[0])
        axes.set_xlabel(corner[1])
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_title(table.title + thinned_note(step), fontsize=9)
    return figure


#: A nim-sequence plot draws at most this many points (a screen is narrower); a longer one is
#: drawn as blocks of consecutive ``n``, each the range of its values, and its title says so.
SEQUENCE_POINTS = 10_000


def is_sequence(table: Table) -> bool:
    """Whether ``table`` is a nim-sequence: a list whose columns begin ``n, value`` (a
    subtraction game's, an octal game's, a heap game's of one's own)."""
    return table.kind != "grid" and [str(c) for c in table.columns[:2]] == ["n", "value"]


def sequence_values(table: Table) -> tuple[np.ndarray, np.ndarray]:
    """The ``n`` and the values of a nim-sequence table (:func:`is_sequence`) as integer
    arrays; any other list is refused in one line."""
    if not is_sequence(table):
        raise InputError(f"{table.title}: only a grid (a heat map) or a nim-sequence (columns "
                         "n, value; drawn against n) is drawn")
    if isinstance(table.rows, SequenceRows):  # its array, never a list of rows
        values = np.asarray(table.rows.values, dtype=np.int64)
        return np.arange(len(values), dtype=np.int64), values
    try:
        pairs = np.array([row[:2] for row in table.rows], dtype=np.int64).reshape(-1, 2)
    except (TypeError, ValueError):
        raise InputError(f"{table.title}: a value that is not an integer cannot be "
                         "drawn") from None
    return pairs[:, 0], pairs[:, 1]


def sequence_table_figure(table: Table) -> Figure:
    """A nim-sequence as its values against ``n``: one point per ``n`` up to
    :data:`SEQUENCE_POINTS` of them; beyond, one vertical bar per block of consecutive ``n``
    from the block's smallest value to its largest (so no value falls outside the picture and a
    period cannot alias away), as the title says."""
    n, values = sequence_values(table)
    figure, axes = _figure(9, 4)
    step = max(-(-len(values) // SEQUENCE_POINTS), 1)
    note = ""
    if step == 1:
        axes.plot(n, values, ".", ms=4 if len(values) <= 200 else 2, color="tab:blue")
    else:
        starts = np.arange(0, len(values), step)
        low = np.minimum.reduceat(values, starts)
        high = np.maximum.reduceat(values, starts)
        axes.vlines(n[starts], low, high, lw=0.6, color="tab:blue")
        note = (f"\n(one bar per {step:,} consecutive n, from their least value to their "
                "greatest; every n in the table)")
    axes.set_xlabel("n")
    axes.set_ylabel("value")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.grid(alpha=0.3)
    top = f"; max {int(values.max())}" if len(values) else ""
    axes.set_title(table.title + top + note, fontsize=9)
    return figure


# ----------------------------------------------------------------------- Sharing Nim
def sharing_heatmap_figure(bound: int, progress: Progress = quiet) -> Figure:
    """``G(0, a, b)`` over ``0 <= a <= b <= bound``: columns are palindromes (Theorem 1)."""
    step = picture_step(bound + 1)
    table = numbers_image(sharing_values(bound, progress), step)
    figure, axes = _figure(8, 6)
    top = (table.shape[0] - 1) * step + 0.5
    image = axes.imshow(table, origin="lower", cmap="viridis", interpolation="nearest",
                        aspect="auto", extent=(-0.5, top, -0.5, top))
    b = np.arange(bound + 1)
    axes.plot(b, b / 2, color="red", lw=0.8, ls="--", label="a = b/2 (mirror of each column)")
    axes.set_xlabel("b (largest pile)")
    axes.set_ylabel("a (middle pile)")
    axes.set_title(f"Sharing Nim: G(0, a, b) for 0 <= a <= b <= {bound}\n"
                   "each column reads the same upwards and downwards (Theorem 1)"
                   + thinned_note(step))
    axes.legend(loc="upper left", fontsize=8)
    figure.colorbar(image, ax=axes, label="nim-value")
    return figure


def sequence_figure(a: int, count: int, progress: Progress = quiet) -> Figure:
    """Row ``a``: ``G(0, a, b)`` for the first ``count`` values of ``b >= a``, as the paper's
    Figures 4 (``a = 2``, 500 values) and 5 (``a = 6``, 800 values) show ``G(1, a+1, n)``."""
    if count < 1:
        raise InputError("--count must be at least 1")
    table = sharing_values(a + count - 1, progress)
    values = sharing_row(table, a)[:count]
    n = np.arange(a + 1, a + 1 + len(values))
    figure, axes = _figure(9, 4)
    axes.plot(n, values, lw=0.6, color="tab:blue")
    axes.plot(n, values, ".", ms=2.5, color="tab:blue")
    axes.set_xlabel(f"n  (G(1, {a + 1}, n) = G(0, {a}, n - 1))")
    axes.set_ylabel("nim-value")
    axes.set_title(f"The first {len(values)} nim-values of (G(1, {a + 1}, n))_(n >= {a + 1}); "
                   f"max {max(values)}")
    axes.grid(alpha=0.3)
    return figure


def g_distribution_figure(bound: int, g_max: int, progress: Progress = quiet) -> Figure:
    """Where the g-positions lie (Section 6): for each ``g``, the rows ``a <= b/2`` holding one,
    with Conjecture 3's bound ``a <= 2g - 1``."""
    table = sharing_values(bound, progress)
    rows = bound // 2 + 1
    counts = np.zeros((rows, g_max + 1))
    for a in range(rows):
        right = table[a, 2 * a:]
        right = right[right <= g_max]
        np.add.at(counts[a], right, 1)
    figure, axes = _figure(8, 5.5)
    shown = np.where(counts > 0, counts, np.nan)
    top = int(np.max(np.nonzero(counts.any(axis=1)))) if counts.any() else 0
    image = axes.imshow(shown[: top + 2], origin="lower", aspect="auto", cmap="magma_r",
                        interpolation="nearest", norm=LogNorm())
    g = np.arange(g_max + 1)
    axes.plot(g[2:], 2 * g[2:] - 1, color="tab:blue", lw=1.2, label="a = 2g - 1 (Conjecture 3)")
    axes.set_xlabel("nim-value g")
    axes.set_ylabel("row a (positions (0, a, b) with a <= b/2)")
    axes.set_ylim(-0.5, top + 1.5)
    axes.set_title(f"Sharing Nim: how many g-positions each row holds, b <= {bound}")
    axes.legend(loc="upper left", fontsize=8)
    figure.colorbar(image, ax=axes, label="number of positions")
    return figure


# --------------------------------------------------------------------- End-Nim, cash
def endnim_slice_figure(bound: int, middle: int, variant: str = "normal",
                        progress: Progress = quiet) -> Figure:
    """3-pile End-Nim values of ``(a, middle, c)``, ``1 <= a, c <= bound``."""
    if not 1 <= middle <= bound:
        raise InputError(f"--middle must be between 1 and --max {bound}, got {middle}")
    table = endnim_table(3, bound, variant, progress)
    values = table.rows.values  # values[a, b, c] for piles 1..bound (the table's array)
    grid = np.asarray(values[1:, middle, 1:], dtype=float)
    figure, axes = _figure(6.5, 5.5)
    extent = (0.5, bound + 0.5, 0.5, bound + 0.5)
    image = axes.imshow(grid, origin="lower", cmap="viridis", interpolation="nearest",
                        extent=extent)
    # the P-positions as a second image (red cells), not one marker per position
    axes.imshow(np.ma.masked_where(grid != 0, np.ones_like(grid)), origin="lower",
                cmap=ListedColormap(["red"]), interpolation="nearest", extent=extent)
    axes.scatter([], [], marker="s", color="red", label="P-positions (value 0)")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("c (right pile)")
    axes.set_ylabel("a (left pile)")
    axes.set_title(f"End-Nim ({variant}): values of (a, {middle}, c)")
    axes.legend(loc="upper left", fontsize=8)
    figure.colorbar(image, ax=axes, label="nim-value")
    return figure


def cash_grid_figure(subtraction_set: str, stones: int, bound: int,
                     progress: Progress = quiet) -> Figure:
    """Who wins NIM(A) with cash from ``(n; d1, d2)`` over the budgets."""
    table = cash_table(subtraction_set, stones, bound, progress)
    grid = np.asarray(table.rows.array).astype(bool).astype(int)  # 1: Player I wins
    figure, axes = _figure(6, 5.5)
    axes.imshow(grid, origin="lower", cmap=ListedColormap(["#d9d9d9", "#2c7fb8"]),
                interpolation="nearest", vmin=0, vmax=1)
    axes.set_xlabel("d2 (Player II's money)")
    axes.set_ylabel("d1 (Player I's money)")
    label = table.meta["set"]
    axes.set_title(f"NIM({label}) with cash, n = {stones}: blue = Player I wins, "
                   "grey = Player II")
    return figure


# ---------------------------------------------------------------------------- sweeps
def _read(path: str | os.PathLike) -> list[dict[str, str]]:
    try:
        with open(path, newline="") as handle:
            return list(csv.DictReader(handle))
    except OSError as problem:
        raise InputError(f"cannot read the sweep table {path}: {problem.strerror}") from None


def sweep_figure(path: str | os.PathLike) -> Figure:
    """A summary picture of a sweep's CSV (the sweep is recognised by its columns)."""
    rows = _read(path)
    if not rows:
        raise InputError(f"{path} holds no rows")
    columns = set(rows[0])
    for marker, draw in _SWEEP_PLOTS:
        if marker in columns:
            try:
                return draw(rows)
            except (KeyError, ValueError, IndexError) as problem:
                raise InputError(f"{path}: a row of the sweep table is malformed ({problem}); "
                                 "rerun the sweep into a new file") from None
    raise InputError(f"{path} is not the table of a nimlab sweep")


def _cash_summary_plot(rows) -> Figure:
    rows = [r for r in rows if r["verdict"] in ("holds", "fails")]
    figure, (left, right) = _subplots(2, 10, 4.2)
    excess = [int(r["max_f_minus_M_plus_L"]) for r in rows]
    values = sorted(set(excess))
    left.bar([str(v) for v in values], [excess.count(v) for v in values], color="tab:blue")
    left.set_xlabel("max f(i) over one period  -  (M - L)")
    left.set_ylabel("subtraction sets")
    left.set_title("part (a) asks for f(i) <= M - L - 1, i.e. <= -1 here")
    by_size: dict[int, list[int]] = {}
    for r in rows:
        by_size.setdefault(int(r["max_element"]), [0, 0])[r["b_holds"] != "yes"] += 1
    sizes = sorted(by_size)
    holds = [by_size[s][0] for s in sizes]
    fails = [by_size[s][1] for s in sizes]
    right.bar(sizes, holds, color="tab:green", label="part (b) holds")
    right.bar(sizes, fails, bottom=holds, color="tab:red", label="part (b) fails")
    right.set_xlabel("largest element of A")
    right.set_ylabel("subtraction sets containing 1")
    right.set_title("f(Mk + i) = (M - L)k + f(i)?")
    right.legend(fontsize=8)
    figure.suptitle(f"NIM with Cash, Section 7 conjecture: {len(rows)} sets, "
                    f"n <= {rows[0]['n_max']}")
    figure.tight_layout()
    return figure


def _sharing_summary_plot(rows) -> Figure:
    whole = [r for r in rows if not r["a"]]
    rows = [r for r in rows if r["a"]]
    figure, (left, right) = _subplots(2, 11, 4.3)
    a = [int(r["a"]) for r in rows]
    left.plot(a, [int(r["max_value"]) for r in rows], "o-", ms=3, label="max of the row")
    left.plot(a, [int(r["max_first_half"]) for r in rows], ".", ms=4,
              label="max over the first half of the row")
    left.set_xlabel("row a")
    left.set_ylabel("largest G(0, a, b)")
    left.set_title(f"Conjecture 1: rows bounded? (b <= {rows[0]['b_max']})")
    left.legend(fontsize=8)
    left.grid(alpha=0.3)
    if whole:
        pairs = [tuple(map(int, x.split(":"))) for x in whole[0]["largest_a_per_g"].split(";")]
        g = np.array([p[0] for p in pairs])
        right.plot(g, [p[1] for p in pairs], ".", ms=3, label="largest a holding a g-position")
        right.plot(g, 2 * g - 1, "--", color="tab:red", lw=1, label="a = 2g - 1 (Conjecture 3)")
        right.plot(g, g, ":", color="grey", lw=1, label="a = g")
        right.set_xlabel("nim-value g")
        right.set_ylabel("row a (a <= b/2)")
        right.set_title(f"Conjecture 3 on the whole table, b <= {whole[0]['b_max']}")
        right.legend(fontsize=8)
        right.grid(alpha=0.3)
    figure.tight_layout()
    return figure


def _graph_summary_plot(rows) -> Figure:
    figure, axes = _subplots(2, 10, 4.2)
    for axis, v in zip(axes, ("3", "4"), strict=True):
        mine = [r for r in rows if r["vertices"] == v]
        for strong, colour in (("yes", "tab:red"), ("no", "tab:blue")):
            sel = [r for r in mine if r["strongly_connected"] == strong]
            axis.scatter([int(r["arcs"]) for r in sel],
                         [int(r["only_graph"]) + int(r["only_sharing"]) for r in sel],
                         s=14, color=colour, alpha=0.7,
                         label=f"strongly connected: {strong}")
        axis.set_xlabel("number of arcs")
        axis.set_ylabel("positions whose P/N status differs from Sharing Nim")
        axis.set_title(f"{v} vertices, piles 0..{mine[0]['tokens']}")
        axis.legend(fontsize=8)
    figure.suptitle("Graph Nim on every digraph up to isomorphism vs Sharing Nim")
    figure.tight_layout()
    return figure


def _sharing4_summary_plot(rows) -> Figure:
    totals = sorted((r for r in rows if r["kind"] == "total"), key=lambda r: int(r["n"]))
    n = [int(r["n"]) for r in totals]
    figure, axes = _figure(8, 4.5)
    axes.plot(n, [int(r["p_count"]) for r in totals], "o-", ms=3, label="4 piles: P(n)")
    axes.plot(n, [int(r["p_reduced"]) for r in totals], "s-", ms=3,
              label="4 piles: P-positions with an empty pile")
    axes.plot(n, [int(r["p3_count"]) for r in totals], "--", color="grey",
              label="3 piles (Proposition 1: floor(n/3) with positive piles, +1 with an "
              "empty one)")
    axes.set_xlabel("total number of tokens n")
    axes.set_ylabel("number of P-positions")
    axes.set_title("4-pile Sharing Nim: P-positions by total")
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3)
    return figure


_SWEEP_PLOTS = [("max_f_minus_M_plus_L", _cash_summary_plot),
                ("conj3_violations", _sharing_summary_plot),
                ("only_sharing", _graph_summary_plot),
                ("p_reduced", _sharing4_summary_plot)]

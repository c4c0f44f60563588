"""Tables of every position of a box (End-Nim rows of any length, Graph Nim): their rows, read
from the kernel's array on demand, and their size, refused up front when too big.

:class:`PileRows` gives the rows ``[p1, ..., pk, value]`` (a CSV of millions of rows streams
from the array in blocks); :func:`check_positions` refuses, in one line with the estimate and
the largest ``--max`` that fits, a box beyond :data:`MAX_POSITIONS` rows or its work.
"""

from __future__ import annotations

from collections import abc

import numpy as np

from nimlab.errors import InputError, about, gigabytes, short_text


class PileRows(abc.Sequence):
    """Rows ``[p1, ..., pk, value]`` of every position of a box, piles in ``low..side``, read
    from ``values[p1, ..., pk]`` on demand (the last pile fastest).  End-Nim's tables start at
    ``low=1`` (a pile of 0 is no pile: index 0 holds the shorter rows), Graph Nim's at 0.
    Iteration reads blocks of rows from the array, so a CSV of millions of rows streams."""

    BLOCK = 1 << 16

    def __init__(self, values: np.ndarray, low: int = 1):
        self.values, self.low = values, low
        self.piles = values.ndim
        self.side = values.shape[0] - low

    def __len__(self) -> int:
        return self.side ** self.piles

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        return self.block(i % len(self), i % len(self) + 1).tolist()[0]

    def __iter__(self):
        for start in range(0, len(self), self.BLOCK):
            yield from self.block(start, min(start + self.BLOCK, len(self))).tolist()

    def block(self, start: int, stop: int) -> np.ndarray:
        """Rows ``start..stop-1`` as an integer array of ``piles + 1`` columns."""
        index = np.unravel_index(np.arange(start, stop), (self.side,) * self.piles)
        piles = tuple(i + self.low for i in index)
        return np.column_stack([*piles, self.values[piles]])

    def array(self) -> np.ndarray:
        """Every row, in the smallest integer type that holds the piles and the values."""
        kind = np.promote_types(self.values.dtype, np.min_scalar_type(self.side + self.low))
        out = np.empty((len(self), self.piles + 1), dtype=kind)
        for start in range(0, len(self), self.BLOCK):
            stop = min(start + self.BLOCK, len(self))
            out[start:stop] = self.block(start, stop)
        return out


#: The most positions a table of a whole box holds (End-Nim, Graph Nim): 30 million rows, a
#: CSV of about 0.5 GB written in about half a minute (the rows stream from the array); End-Nim's
#: kernel table, which holds the shorter rows too, at most 4 times as many cells.
MAX_POSITIONS = 30_000_000
#: Options Graph Nim's compiled kernel examines a second, about (120 to 700 million measured
#: here), and the seconds of work a table may take.
GRAPH_NIM_RATE = 100_000_000
GRAPH_NIM_SECONDS = 30
#: The most piles (or vertices) of a table of every position.
MAX_TABLE_PILES = 32



def largest_fitting(bound: int, over) -> int:
    """The largest ``--max`` up to ``bound`` for which ``over(b)`` is false (``over`` grows with
    ``b``; 0 when none fits), by bisection: what a size refusal offers instead."""
    low, high = 0, bound
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (low, mid - 1) if over(mid) else (mid, high)
    return low


def check_positions(game: str, bound: int, piles: int, arcs: int = 0,
                    rate: int = GRAPH_NIM_RATE, seconds: int = GRAPH_NIM_SECONDS) -> None:
    """Refuse up front, in one line with the estimate and the largest ``--max`` that fits, a
    table of every position of a box beyond :data:`MAX_POSITIONS` rows: End-Nim rows of
    ``piles`` piles in ``1..bound`` (and its kernel's cells), or Graph Nim on ``piles``
    vertices with ``arcs`` arcs, piles in ``0..bound``, also beyond ``seconds`` of work at
    ``rate`` options a second (a position has about ``arcs * bound / 6`` options)."""
    graph = game == "graph-nim"
    if piles > MAX_TABLE_PILES:  # never a power of a huge exponent
        raise InputError(f"a table of every position has at most {MAX_TABLE_PILES} piles "
                         f"(NumPy arrays' axes), got {short_text(str(piles))}")

    def rows(b: int) -> int:
        return (b + 1) ** piles if graph else max(b, 1) ** piles

    def work(b: int) -> int:
        return rows(b) * arcs * b // 6

    def over(b: int) -> bool:
        if graph:
            return rows(b) > MAX_POSITIONS or work(b) > rate * seconds
        return rows(b) > MAX_POSITIONS or (max(b, 1) + 1) ** piles > 4 * MAX_POSITIONS

    if not over(bound):
        return
    low = largest_fitting(bound, over)
    count, text = rows(bound), short_text(str(bound))
    if graph:
        raise InputError(f"the Graph Nim table on {piles} vertices for --max {text} has "
                         f"{about(count)} positions and about {about(work(bound))} options to "
                         f"examine, about {about(work(bound) // rate)} s; a table holds at most "
                         f"{MAX_POSITIONS:,} positions and {seconds} s of work: use --max {low} "
                         "or less")
    size = gigabytes(count * (piles + 1) * (len(str(bound)) + 1))
    cells = (max(bound, 1) + 1) ** piles
    fits = f"use --max {low} or less" if low else "use fewer piles"
    raise InputError(f"the {piles}-pile End-Nim table for --max {text} has {about(count)} "
                     f"positions (about {size} GB as CSV) and its kernel {about(cells)} cells "
                     f"(the shorter rows too); a table holds at most {MAX_POSITIONS:,} "
                     f"positions and {4 * MAX_POSITIONS:,} cells: {fits}")


# ------------------------------------------------------------- nim and Sharing Nim boxes
#: The piles of the box tables: nim from 3 piles up (2 piles: the grid), Sharing Nim 4 (3 piles:
#: the paper's triangle G(0, a, b)).
BOX_GAMES = {"nim": "nim", "sharing": "Sharing Nim"}


def is_box(game: str, piles: int | None) -> bool:
    """Whether ``nimlab table game --piles piles`` is one row per position of a box."""
    return piles is not None and (game == "nim" and piles >= 3 or game == "sharing" and
                                  piles == 4)


def box_rows(game: str, bound: int, piles: int | None) -> int | None:
    """The rows of the box table of ``game`` (every pile in ``0..bound``), else ``None``."""
    return (bound + 1) ** piles if is_box(game, piles) and piles <= MAX_TABLE_PILES else None


def check_box(game: str, bound: int, piles: int | None) -> None:
    """Refuse up front, in one line with the estimate and the largest ``--max`` that fits, a
    nim or Sharing Nim box table (piles in ``0..bound``) beyond :data:`MAX_POSITIONS` rows."""
    if not is_box(game, piles):
        return
    if piles > MAX_TABLE_PILES:
        raise InputError(f"a table of every position has at most {MAX_TABLE_PILES} piles "
                         f"(NumPy arrays' axes), got {short_text(str(piles))}")

    def over(b: int) -> bool:
        return (b + 1) ** piles > MAX_POSITIONS

    if not over(bound):
        return
    low = largest_fitting(bound, over)
    count, text = (bound + 1) ** piles, short_text(str(bound))
    size = gigabytes(count * (piles + 1) * (len(str(bound)) + 1))
    fits = f"use --max {low} or less" if low else "use fewer piles"
    raise InputError(f"the {piles}-pile {BOX_GAMES[game]} table for --max {text} has "
                     f"{about(count)} positions (about {size} GB as CSV); a table holds at most "
                     f"{MAX_POSITIONS:,} positions: {fits}")


def nim_values(piles: int, bound: int) -> np.ndarray:
    """``values[p1, ..., pk] = p1 ^ ... ^ pk`` for every pile in ``0..bound``."""
    kind = np.min_scalar_type(bound)  # the XOR of numbers below 2**b is below 2**b
    values = np.zeros((bound + 1,) * piles, dtype=kind)
    for axis in range(piles):
        values ^= np.arange(bound + 1, dtype=kind).reshape((-1,) + (1,) * (piles - 1 - axis))
    return values


def sharing4_box(bound: int, progress=None, cache: bool = True) -> np.ndarray:
    """``values[p1, p2, p3, p4]`` of 4-pile Sharing Nim for every pile in ``0..bound``, from
    :func:`nimlab.store.sharing4_values` by translation and order: a position's value is
    ``G(0, x, y, z)`` of its piles minus the smallest, sorted.  Those keys sum to at most
    ``3 * bound`` (``(0, b, b, b)``), the total the store's table needs."""
    from nimlab import store
    from nimlab.progress import quiet

    keys = np.asarray(store.sharing4_values(3 * bound, progress or quiet, use_cache=cache))
    side, kind = bound + 1, np.min_scalar_type(bound)
    out = np.empty((side,) * 4, dtype=keys.dtype)
    rest = np.indices((side,) * 3, dtype=kind)
    for first in range(side):  # one slab of the first pile at a time
        p = np.concatenate([np.full((1,) + rest.shape[1:], first, dtype=kind), rest])
        p.sort(axis=0)
        out[first] = keys[p[1] - p[0], p[2] - p[0], p[3] - p[0]]
    return out


def box_table(game: str, piles: int, bound: int, progress=None, cache: bool = True) -> dict:
    """The parts of the table of nim (``piles >= 3``) or 4-pile Sharing Nim (``Table(**parts)``
    in :mod:`nimlab.tables`, which imports this module): one row ``[p1, ..., pk, value]`` per
    position, every pile in ``0..bound``, refused past :data:`MAX_POSITIONS`."""
    from nimlab.references import cite

    check_box(game, bound, piles)
    if game == "nim":
        values, how = nim_values(piles, bound), "the XOR of the piles"
    else:
        values = sharing4_box(bound, progress, cache)
        how = f"G(0,x,y,z) by translation ({cite('sharing', 'Lemma 1')})"
    if progress is not None:
        progress(1, 1)
    rows = PileRows(values, low=0)
    return {"title": f"{BOX_GAMES[game]}: values of every {piles}-pile position with piles in "
                     f"0..{bound} ({how})", "kind": "list",
            "columns": [f"p{i}" for i in range(1, piles + 1)] + ["value"], "rows": rows,
            "meta": {"game": game, "piles": piles, "max": bound}, "array": rows.array}

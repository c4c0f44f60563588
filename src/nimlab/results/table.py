"""A table of values as a result: numbers out (NumPy, pandas), a heat map (a grid) or a plot
against n (a nim-sequence) in a notebook, text in blocks that fit the terminal.

``to_json()`` is what ``nimlab table GAME --json`` prints, less its ``made_by``.

>>> from nimlab.tables import build_table
>>> t = TableResult(build_table("subtraction", bound=6, subtraction_set="1,3,4"))
>>> t.rows[4]
[4, 2, 'N', 'I']
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

from nimlab.results.position import escape
from nimlab.results.text import grid_text, text_table, wrap
from nimlab.tables import Table

#: Rows of a list table shown in a notebook's HTML (the rest: ``to_pandas()``/``to_numpy()``).
HTML_ROWS = 500


@dataclass(frozen=True, repr=False)
class TableResult:
    """A table built by :func:`nimlab.table`: ``title``, ``kind`` (``grid`` or ``list``),
    ``columns``, ``rows`` (read on demand from the array for big grids), ``row_labels``."""

    table: Table
    #: The file it was written to (``nimlab.table(..., out=PATH)``), if any.
    saved: Any = None

    title = property(lambda self: self.table.title)
    kind = property(lambda self: self.table.kind)
    columns = property(lambda self: self.table.columns)
    rows = property(lambda self: self.table.rows)
    row_labels = property(lambda self: self.table.row_labels)
    meta = property(lambda self: self.table.meta)

    @property
    def shape(self) -> tuple[int, int]:
        return (len(self.table.rows), len(self.table.columns))

    def to_json(self) -> dict:
        return self.table.to_dict()

    def save(self, path):
        """Write the table by its name's extension (``.csv``, ``.json``, ``.npy``, ``.tex``),
        atomically (a partial file never appears), as ``nimlab table ... --out PATH`` does;
        returns the path.  The directory must exist."""
        return self.table.write(path)

    def to_numpy(self):
        """The table as a NumPy array: integers with -1 where a grid has no cell (``a > b``);
        a table of words (who wins) as an array of strings."""
        import numpy as np

        from nimlab.errors import InputError

        try:
            return self.table.to_array()
        except InputError:
            return np.array([[("" if c is None else str(c)) for c in row]
                             for row in self.table.rows])

    def to_pandas(self):
        """The table as a :class:`pandas.DataFrame` (rows labelled as in the table; missing grid
        cells are ``NA``).  Needs pandas."""
        try:
            import pandas as pd
        except ImportError:
            from nimlab.errors import NimlabError

            raise NimlabError("to_pandas() needs pandas (pip install pandas); to_numpy() "
                              "works without it") from None
        rows = [list(r) for r in self.table.rows]
        if self.kind == "grid":
            frame = pd.DataFrame(rows, index=list(self.row_labels), columns=list(self.columns))
            frame.index.name, frame.columns.name = self.table.corner.partition("/")[::2]
            return frame
        return pd.DataFrame(rows, columns=[str(c) for c in self.columns])

    def text(self, width: int = 80) -> list[str]:
        """The table as lines of at most ``width`` characters, every cell in full."""
        t = self.table
        if t.kind == "grid":
            grid = grid_text(t.rows, t.row_labels, t.columns, t.corner, width, t.descending)
            return [*wrap(t.title, width), *grid]
        headers = [str(c) for c in t.columns]
        return [*wrap(t.title, width), *text_table(headers, t.rows, width)]

    def __str__(self) -> str:
        return "\n".join(self.text())

    def __repr__(self) -> str:
        rows, columns = self.shape
        return f"TableResult({self.title!r}: {self.kind}, {rows} rows x {columns} columns)"

    def figure(self):
        """The table as a Matplotlib Figure: a grid as a heat map (an image: fast at any size),
        a nim-sequence as its values against n; other lists are refused in one line."""
        from nimlab.research.plots import table_figure

        return table_figure(self.table)

    def _png(self) -> bytes:
        from nimlab.research.plots import figure_bytes

        return figure_bytes(self.figure(), "png", dpi=80)

    def _repr_png_(self) -> bytes | None:
        # a list's own display is its rows (HTML), a nim-sequence's with its plot above
        return self._png() if self.kind == "grid" else None

    def _repr_html_(self) -> str:
        title = f"<b>{escape(self.title)}</b>"
        if self.kind == "grid":
            png = base64.b64encode(self._png()).decode()
            return (f'<div>{title}<br><img src="data:image/png;base64,{png}" '
                    f'alt="{escape(self.title)}"/><br><small>{self.shape[0]} rows x '
                    f"{self.shape[1]} columns; the numbers: .to_numpy(), .to_pandas()</small>"
                    "</div>")
        from nimlab.research.plots import is_sequence

        if is_sequence(self.table):  # a nim-sequence: its plot above its rows
            png = base64.b64encode(self._png()).decode()
            title += (f'<br><img src="data:image/png;base64,{png}" '
                      f'alt="{escape(self.title)}"/>')
        rows = self.table.rows
        head = "".join(f"<th>{escape(c)}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                       for row in rows[:HTML_ROWS])
        note = (f"<small>the first {HTML_ROWS} of {len(rows)} rows; all of them: .to_pandas(), "
                ".to_numpy()</small>" if len(rows) > HTML_ROWS else "")
        return f"<div>{title}<table><tr>{head}</tr>{body}</table>{note}</div>"


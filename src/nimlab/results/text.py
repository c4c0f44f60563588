"""Plain-text tables that never hide data, at any width.

A table that fits the width is printed as aligned columns.  A grid wider than the width is cut
into blocks of whole columns, one under the other, each with its row labels and a line saying
which columns it holds.  A list whose rows are wider than the width is printed as records, one
``name: value`` line per cell.  Every cell is printed in full: nothing is cut, nothing replaced
by an ellipsis, whatever the width and whether the output is a terminal, a file or a pipe.

>>> print("\\n".join(text_table(["n", "value"], [[0, 0], [1, 1]], width=80)))
n  value
0      0
1      1
>>> for line in grid_text([[1, 2, 3], [4, 5, 6]], ["r0", "r1"], [0, 1, 2], "a/b", width=8):
...     print(line)
columns 0..1 of 0..2
  r0 1 2
  r1 4 5
 a/b 0 1
<BLANKLINE>
columns 2..2 of 0..2
  r0 3
  r1 6
 a/b 2
"""

from __future__ import annotations

import textwrap
from typing import Any, Sequence


def cell(value: Any) -> str:
    return "" if value is None else str(value)


def wrap(text: str, width: int = 80, indent: str = "") -> list[str]:
    """A line of words over as many lines of ``width`` as it needs, the next lines indented by
    ``indent`` (a long number is split across lines, never cut)."""
    return textwrap.wrap(text, width, subsequent_indent=indent, break_long_words=True,
                         break_on_hyphens=False) or [""]


def text_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], width: int = 80,
               right: Sequence[int] | None = None) -> list[str]:
    """Aligned columns when they fit ``width``; records (``header: value``) when not."""
    texts = [[cell(c) for c in row] for row in rows]
    right = set(range(len(headers))) if right is None else set(right)
    widths = [max([len(h)] + [len(r[k]) for r in texts]) for k, h in enumerate(headers)]
    if sum(widths) + 2 * (len(widths) - 1) <= width:
        def line(values: Sequence[str]) -> str:
            return "  ".join(v.rjust(w) if k in right else v.ljust(w)
                             for k, (v, w) in enumerate(zip(values, widths))).rstrip()
        return [line(list(headers)), *[line(r) for r in texts]]
    out: list[str] = []
    label = max(len(h) for h in headers)
    for n, row in enumerate(texts):
        if n:
            out.append("")
        for h, v in zip(headers, row):
            out.extend(_fold(f"{h.rjust(label)}: ", v, width))
    return out


def _fold(prefix: str, value: str, width: int) -> list[str]:
    """``prefix + value`` over as many lines as needed (a long number is split, never cut)."""
    room = max(width - len(prefix), 8)
    if len(value) <= room:
        return [prefix + value]
    pieces = [value[i:i + room] for i in range(0, len(value), room)]
    return [prefix + pieces[0]] + [" " * len(prefix) + p for p in pieces[1:]]


def grid_text(rows: Sequence[Sequence[Any]], row_labels: Sequence[Any], columns: Sequence[Any],
              corner: str = "", width: int = 80, descending: bool = False) -> list[str]:
    """A grid in blocks of whole columns that fit ``width``; the column labels close each
    block (the papers' layout), rows from the last to the first when ``descending``; a row
    with no cell in a block's columns (such as ``a > b``) is left out of that block."""
    heads = [cell(c) for c in columns]
    labels = [cell(x) for x in row_labels]
    texts = [[cell(c) for c in row] for row in rows]
    size = max([len(h) for h in heads] + [len(c) for r in texts for c in r] + [1])
    side = max([len(x) for x in labels] + [len(corner)])
    per_block = max(1, (width - side) // (size + 1))
    order = list(range(len(texts)))
    if descending:
        order.reverse()
    out: list[str] = []
    blocks = range(0, max(len(heads), 1), per_block)
    for n, start in enumerate(blocks):
        stop = min(start + per_block, len(heads))
        if len(blocks) > 1:
            if n:
                out.append("")
            out.append(f"columns {heads[start]}..{heads[stop - 1]} of {heads[0]}..{heads[-1]}")
        for i in order:
            if not any(texts[i][start:stop]):
                continue  # no cell of this row in these columns (e.g. a > b): nothing to show
            shown = " ".join(c.rjust(size) for c in texts[i][start:stop])
            out.append(f"{labels[i].rjust(side)} {shown}".rstrip())
        out.append(f"{corner.rjust(side)} " + " ".join(h.rjust(size) for h in heads[start:stop]))
    return out

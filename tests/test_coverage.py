"""The games x tools page (docs/TOOLS.md) against the code: every cell is run again here.

A cell is the tool's answer on a small case (``yes``) or its own one-line refusal, which must
say why; the page must show exactly that (a ``discover`` or ``prove`` cell's status in brackets
depends on the machine's speed within its few seconds, so only ``yes`` is compared there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nimlab.cli import coverage

PAGE = Path(__file__).resolve().parent.parent / "docs" / "TOOLS.md"
CELLS = [(row, tool) for row in coverage.ROWS for tool in coverage.TOOLS]


def test_the_page_has_every_cell_and_is_what_the_generator_writes_of_it():
    shown = coverage.read_cells(PAGE.read_text())
    assert set(shown) == {(row.label, tool) for row, tool in CELLS}
    # the page round-trips through the generator's own layout
    rebuilt = {key: coverage.Cell(text.startswith("yes"), text) for key, text in shown.items()}
    again = coverage.read_cells(coverage.markdown(
        {k: coverage.Cell(True, c.text[5:-1] if c.text.startswith("yes (") else "")
         if c.ok else coverage.Cell(False, c.text[4:]) for k, c in rebuilt.items()}))
    assert again == shown


@pytest.mark.parametrize("row, tool", CELLS, ids=[f"{r.label}-{t}" for r, t in CELLS])
def test_each_cell_is_what_the_tool_does(row, tool):
    cell = coverage.TOOLS[tool](row)
    shown = coverage.read_cells(PAGE.read_text())[(row.label, tool)]
    if cell.ok:
        assert shown.startswith("yes"), (shown, cell)
        if tool not in ("discover", "prove"):
            assert shown == cell.markdown()
    else:
        assert shown == cell.markdown()
        assert "defect" not in cell.text and len(cell.text) > 20  # a reason, not a traceback

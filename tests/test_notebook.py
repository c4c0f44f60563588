"""The example notebook docs/notebooks/tour.ipynb runs from top to bottom (nbclient, a real
kernel), so it never rots: every cell succeeds and the pictures are there."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

TOUR = Path(__file__).resolve().parents[1] / "docs" / "notebooks" / "tour.ipynb"


def test_the_tour_notebook_runs():
    notebook = nbformat.read(TOUR, as_version=4)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert len(code) >= 10
    assert all(not c.outputs for c in code), "the notebook is kept without outputs"
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = [o for c in code for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    first = code[0].outputs[0]["data"]
    assert "value 3, N-position" in first["text/plain"] and "<svg" in first["text/html"]
    pictures = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(pictures) == 2  # the Sharing Nim table and the cash table, as heat maps
    hint_text = "".join(o.get("text", "") for o in code[3].outputs)
    assert "-> (4, 4, 20)" in hint_text or "-> (5, 5, 18)" in hint_text
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)  # a position drawn

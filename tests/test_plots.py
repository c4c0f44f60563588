"""Pictures: every kind writes a valid PDF, PNG and SVG; bad input is one line and exit code 2."""

from __future__ import annotations


import pytest
from click.testing import CliRunner

from nimlab.cli import main
from nimlab.research import plots
from nimlab.research.families import (
    SWEEPS,
    check_cash_conjecture,
    compare_graph,
    sharing4_total,
)
from nimlab.research.sweeps import ResultFile

PNG = b"\x89PNG\r\n\x1a\n"


def valid(path) -> bool:
    data = path.read_bytes()
    if path.suffix == ".png":
        return data.startswith(PNG) and data.endswith(b"IEND\xaeB`\x82")
    if path.suffix == ".pdf":
        return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    return b"<svg" in data[:2000] and data.rstrip().endswith(b"</svg>")


@pytest.mark.parametrize("suffix", [".pdf", ".png", ".svg"])
@pytest.mark.parametrize("make", [
    lambda: plots.sharing_heatmap_figure(30),
    lambda: plots.sequence_figure(2, 40),
    lambda: plots.g_distribution_figure(40, 8),
    lambda: plots.endnim_slice_figure(8, 3, "misere"),
    lambda: plots.cash_grid_figure("1,3,4", 14, 10),
], ids=["heatmap", "sequence", "g-distribution", "endnim-slice", "cash-grid"])
def test_every_kind_writes_a_valid_file(make, suffix, tmp_path):
    path = plots.save(make(), tmp_path / f"picture{suffix}")
    assert valid(path)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def sweep_table(tmp_path, name, rows):
    results = ResultFile(tmp_path / f"{name}.csv", SWEEPS[name].columns)
    for i, row in enumerate(rows):
        results.add(f"job{i}", row)
    return results.path


def test_sweep_summaries(tmp_path):
    tables = [
        sweep_table(tmp_path, "cash-conjecture",
                    [check_cash_conjecture(s, 30) for s in [(1,), (1, 2), (1, 3, 4), (1, 4)]]),
        sweep_table(tmp_path, "graph-nim",
                    [compare_graph(3, e, 3) for e in [(), ((0, 1),), ((0, 1), (1, 2), (2, 0))]]
                    + [compare_graph(4, ((0, 1), (1, 2)), 2)]),
        sweep_table(tmp_path, "sharing4", [sharing4_total(n) for n in range(8)]),
    ]
    for table in tables:
        path = plots.save(plots.sweep_figure(table), tmp_path / f"{table.stem}.png")
        assert valid(path)


def test_the_picture_shows_the_computed_values(tmp_path):
    # the sequence plot draws exactly the row of the table
    from nimlab.research.sequences import sharing_row
    from nimlab.store import sharing_values

    figure = plots.sequence_figure(6, 50)
    line = figure.axes[0].lines[0]
    assert list(line.get_ydata()) == sharing_row(sharing_values(60), 6)[:50]
    assert list(line.get_xdata()) == list(range(7, 57))
    plots.save(figure, tmp_path / "x.png")


def test_cli_writes_svg_and_json(tmp_path):
    out = tmp_path / "h.svg"
    done = CliRunner().invoke(main, ["plot", "sharing-heatmap", "--max", "20", "--out", str(out),
                                     "--json"])
    assert done.exit_code == 0, done.output
    assert valid(out) and '"kind": "sharing-heatmap"' in done.stdout


@pytest.mark.parametrize("args", [
    ["plot", "nosuch", "--out", "x.png"],
    ["plot", "sharing-heatmap", "--out", "x.jpg"],
    ["plot", "sweep", "--out", "x.png"],
    ["plot", "sweep", "--table", "missing.csv", "--out", "x.png"],
    ["plot", "endnim-slice", "--max", "5", "--middle", "9", "--out", "x.png"],
    ["plot", "cash-grid", "--set", "0,1", "--out", "x.png"],
    ["plot", "sharing-heatmap"],
])
def test_cli_bad_input(args, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from nimlab.cli import main

    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert not list(tmp_path.glob("x.*"))

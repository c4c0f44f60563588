"""Figures for a paper: PDF, PNG and SVG; the same command writes the same bytes; every file
names nimlab's version and the command that made it; a nim-sequence table draws as its values
against n (thinned past a screen's width, as its title says)."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import matplotlib
import numpy as np
import pytest
from PIL import Image

import nimlab
from nimlab.errors import InputError
from nimlab.research import plots

CLI = "import sys; from nimlab.cli import main; sys.argv[0] = 'nimlab'; main()"
#: Two small plots, each written in every format by two processes (different hash seeds).
COMMANDS = {"cash-grid": ["plot", "cash-grid", "--set", "1,3,4", "--n", "14", "--max", "10"],
            "sequence": ["plot", "sequence", "--a", "2", "--count", "100"]}


def run(args, cwd, seed: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd, env=dict(os.environ, PYTHONHASHSEED=seed))


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """``{(plot, format): [bytes of the first run, bytes of the second]}``, each run in a
    directory of its own with the same command line."""
    found = {}
    for name, args in COMMANDS.items():
        for kind in ("pdf", "png", "svg"):
            for seed in ("1", "2"):
                cwd = tmp_path_factory.mktemp(f"{name}-{kind}-{seed}")
                done = run([*args, "--out", f"figure.{kind}"], cwd, seed)
                assert done.returncode == 0, done.stderr
                found.setdefault((name, kind), []).append((cwd / f"figure.{kind}").read_bytes())
    return found


CASES = [(name, kind) for name in COMMANDS for kind in ("pdf", "png", "svg")]


@pytest.mark.parametrize("name, kind", CASES)
def test_the_same_command_writes_the_same_bytes(written, name, kind):
    first, second = written[name, kind]
    magic = {"pdf": b"%PDF-", "png": b"\x89PNG\r\n\x1a\n", "svg": b"<?xml"}[kind]
    assert first.startswith(magic) and len(first) > 1000
    assert first == second


def command_line(name: str, kind: str) -> str:
    return "nimlab " + " ".join([*COMMANDS[name], "--out", f"figure.{kind}"])


@pytest.mark.parametrize("name, kind", CASES)
def test_a_figure_names_nimlab_and_its_command(written, name, kind):
    data = written[name, kind][0]
    made_by = f"nimlab {nimlab.__version__}: {command_line(name, kind)}"
    if kind == "png":
        text = Image.open(io.BytesIO(data)).text
        assert text["Description"] == made_by
        assert text["Software"].startswith(f"nimlab {nimlab.__version__} ")
    elif kind == "svg":
        assert f"<dc:description>{made_by}</dc:description>".encode() in data
        assert b"<dc:date>" not in data
    else:
        assert f"/Subject ({made_by})".encode() in data
        assert f"/Creator (nimlab {nimlab.__version__} ".encode() in data
        assert b"/CreationDate" not in data


def test_saving_leaves_matplotlibs_settings_alone(tmp_path):
    before = dict(matplotlib.rcParams)
    figure = plots.cash_grid_figure("1,3,4", 14, 10)
    first = plots.save(figure, tmp_path / "a.svg").read_bytes()
    second = plots.save(figure, tmp_path / "b.svg").read_bytes()
    assert first == second and b'id="p' in first  # clip paths have ids, and they are stable
    assert dict(matplotlib.rcParams) == before


def test_a_missing_or_unknown_format_is_one_line(tmp_path):
    from click.testing import CliRunner

    from nimlab.cli import main

    done = CliRunner().invoke(main, [*COMMANDS["sequence"], "--out", str(tmp_path / "x.eps")])
    assert done.exit_code == 2 and ".pdf, .png or .svg" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    with pytest.raises(InputError, match="must end in .pdf, .png or .svg"):
        plots.check_target(tmp_path / "x.jpg")


def test_the_tour_draws_its_picture_as_pdf(tmp_path):
    done = run(["tour", "--picture", "tour.pdf"], tmp_path, "0")
    assert done.returncode == 0, done.stderr
    data = (tmp_path / "tour.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and b"nimlab tour --picture tour.pdf" in data


# ------------------------------------------------------------------ a list table as a plot
def mex_sequence(moves, bound: int) -> list[int]:
    """A subtraction game's nim-sequence, computed here from its rules."""
    values: list[int] = []
    for n in range(bound + 1):
        seen = {values[n - m] for m in moves if m <= n}
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values


def test_a_nim_sequence_draws_as_its_values_against_n():
    table = nimlab.table("subtraction", set=(1, 3, 4), max=40)
    axes = table.figure().axes[0]
    assert len(axes.lines) == 1 and not axes.images and not axes.collections
    line = axes.lines[0]
    assert list(line.get_xdata()) == list(range(41))
    assert list(line.get_ydata()) == [row[1] for row in table.rows] == mex_sequence((1, 3, 4), 40)
    assert line.get_marker() == "." and "one bar per" not in axes.get_title()
    assert axes.get_title().startswith(table.title)


def test_an_octal_game_draws_its_sequence():
    table = nimlab.table("octal", code="0.77", max=100)
    line = table.figure().axes[0].lines[0]
    assert list(line.get_ydata()) == [row[1] for row in table.rows]
    assert max(line.get_ydata()) > 0


def test_a_long_sequence_is_drawn_in_blocks_that_hide_no_value(monkeypatch):
    monkeypatch.setattr(plots, "SEQUENCE_POINTS", 10)
    table = nimlab.table("subtraction", set=(2, 5, 7), max=40)
    axes = table.figure().axes[0]
    values = np.array([row[1] for row in table.rows])
    step = 5  # 41 values in at most 10 bars
    bars = axes.collections[0].get_segments()
    assert len(bars) == 9 and not axes.lines
    for k, bar in enumerate(bars):
        block = values[k * step:(k + 1) * step]
        assert bar[0][0] == bar[1][0] == k * step
        assert (bar[0][1], bar[1][1]) == (block.min(), block.max())
    assert "one bar per 5 consecutive n" in axes.get_title()
    assert "every n in the table" in axes.get_title()


def test_a_list_that_is_no_sequence_is_refused_in_one_line():
    table = nimlab.table("fibonacci", max=8)
    with pytest.raises(InputError, match="only a grid .* or a nim-sequence") as refused:
        table.figure()
    assert "\n" not in str(refused.value)


def test_a_sequence_in_a_notebook_shows_its_plot_above_its_rows():
    shown = nimlab.table("subtraction", set=(1, 3, 4), max=10)._repr_html_()
    assert shown.index('<img src="data:image/png;base64,') < shown.index("<table>")
    assert "<td>10</td>" in shown


@pytest.mark.parametrize("name", ["sharing.fig4", "cash.thm4.5-grid"])
def test_the_papers_pictures_are_written_the_same_way(tmp_path, name):
    from nimlab.claims.artifacts import select_artifacts

    (artifact,) = select_artifacts([name])
    pictures = []
    for run_dir in (tmp_path / "a", tmp_path / "b"):
        files = artifact.run(run_dir)["files"]
        (png,) = [f for f in files if f.endswith(".png")]
        pictures.append((run_dir / png).read_bytes())
    assert pictures[0] == pictures[1]
    text = Image.open(io.BytesIO(pictures[0])).text
    assert text["Description"].startswith(f"nimlab {nimlab.__version__}: ")


# ------------------------------------------------------------------ table --out a picture
@pytest.mark.parametrize("suffix", [".pdf", ".png", ".svg"])
def test_a_table_written_to_a_pictures_name_is_its_figure(tmp_path, suffix):
    """``nimlab table ... --out h.pdf`` (and ``nimlab.table(..., out=...)``) draws the table:
    a grid as a heat map, a nim-sequence against n; the picture says what made it."""
    from click.testing import CliRunner

    from nimlab.cli import main

    target = tmp_path / f"k{suffix}"
    args = ["table", "octal", "--code", "0.77", "--max", "80", "--out", str(target)]
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 0, done.output
    assert done.output.startswith(f"drew {target} (81 rows)")
    data = target.read_bytes()
    assert ("nimlab " + " ".join(args)).encode() in data or suffix == ".png"
    if suffix == ".png":
        assert Image.open(target).text["Description"].endswith(" ".join(args))
    grid = nimlab.table("wythoff", max=12, out=tmp_path / f"w{suffix}")
    assert grid.saved == tmp_path / f"w{suffix}" and grid.saved.stat().st_size > 1000


def test_a_list_that_is_no_sequence_is_refused_before_anything_is_written(tmp_path):
    from click.testing import CliRunner

    from nimlab.cli import main

    done = CliRunner().invoke(main, ["table", "fibonacci", "--piles", "3", "--max", "8",
                                     "--out", str(tmp_path / "f.svg")])
    assert done.exit_code == 2 and "only a grid (a heat map) or a nim-sequence" in done.output
    assert list(tmp_path.iterdir()) == []
    missing = CliRunner().invoke(main, ["table", "nim", "--max", "4", "--out",
                                        str(tmp_path / "none" / "n.pdf")])
    assert missing.exit_code == 2 and "does not exist" in missing.output

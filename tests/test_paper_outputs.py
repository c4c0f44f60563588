"""From the lab into a paper: tables written as LaTeX (booktabs, longtable) and figures written
as PDF compile with pdflatex in a document; tables say what made them and escape what they hold.
Without pdflatex the compile tests skip with a clear message, except under CI=true, where they
fail (.ci/run installs TeX Live's LaTeX packages with apt)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from conftest import without_made_by

from nimlab.tables import Table, latex_text

CLI = "import sys; from nimlab.cli import main; sys.argv[0] = 'nimlab'; main()"
DOCUMENT = r"""\documentclass{article}
\usepackage{booktabs,longtable}
\begin{document}
\input{grid.tex}
\input{list.tex}
\input{octal.tex}
\end{document}
"""


def pdflatex() -> str:
    found = shutil.which("pdflatex")
    if not found:
        message = "no pdflatex (apt-get install texlive-latex-base texlive-latex-recommended)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"the LaTeX test cannot run in CI: {message}")
        pytest.skip(message)
    return found


def cli(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd, env=dict(os.environ))


def test_tables_as_latex_compile_in_a_document(tmp_path):
    compiler = pdflatex()
    for args in (("table", "sharing", "--max", "16", "--out", "grid.tex"),
                 ("table", "subtraction", "--set", "1,3,4", "--max", "40", "--out", "list.tex"),
                 ("table", "octal", "--code", "0.77", "--max", "100", "--out", "octal.tex")):
        done = cli(*args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    grid = (tmp_path / "grid.tex").read_text()
    assert "% made by nimlab" in grid and "nimlab table sharing --max 16" in grid
    assert "\\toprule" in grid and "\\bottomrule" in grid
    (tmp_path / "doc.tex").write_text(DOCUMENT)
    done = subprocess.run([compiler, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:]
    assert (tmp_path / "doc.pdf").stat().st_size > 1000


FIGURE_DOCUMENT = r"""\documentclass{article}
\usepackage{booktabs,longtable,graphicx}
\begin{document}
\input{t.tex}
\begin{figure}
\includegraphics[width=\linewidth]{f.pdf}
\caption{The first 100 values of G(1, 3, n).}
\end{figure}
\end{document}
"""


def test_a_table_and_a_pdf_figure_compile_in_a_document(tmp_path):
    compiler = pdflatex()
    for args in (("table", "subtraction", "--set", "1,3,4", "--max", "40", "--out", "t.tex"),
                 ("plot", "sequence", "--a", "2", "--count", "100", "--out", "f.pdf")):
        done = cli(*args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "f.pdf").read_bytes().startswith(b"%PDF-")
    (tmp_path / "doc.tex").write_text(FIGURE_DOCUMENT)
    done = subprocess.run([compiler, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:]
    log = (tmp_path / "doc.log").read_text(errors="replace")
    assert "<f.pdf" in log and "Warning" not in log.split("<f.pdf")[1][:200]
    assert (tmp_path / "doc.pdf").stat().st_size > (tmp_path / "f.pdf").stat().st_size // 2


def test_latex_escapes_what_a_table_holds():
    assert latex_text("a_b & 50% {x} <= #1 ~ ^ $ \\") == (
        "a\\_b \\& 50\\% \\{x\\} \\textless{}= \\#1 \\textasciitilde{} \\textasciicircum{} "
        "\\$ \\textbackslash{}")
    table = Table("T_1 & co", "list", ["n", "x_y"], [[1, "P"], [2, None]])
    text = table.latex()
    assert "\\caption{T\\_1 \\& co}" in text and "n & x\\_y" in text and "2 &  \\\\" in text


def test_a_table_too_wide_for_latex_is_refused_in_one_line(tmp_path):
    done = cli("table", "sharing", "--max", "100", "--out", "wide.tex", cwd=tmp_path)
    assert done.returncode == 2 and "too many for a LaTeX table" in done.stderr
    assert not (tmp_path / "wide.tex").exists()


# --------------------------------------------------------------------------- nimlab cite
def test_cite_lists_nimlab_the_papers_and_what_results_rest_on():
    import json
    import re

    import nimlab

    found = nimlab.cite()
    keys = [e["key"] for e in found.entries]
    assert keys[0] == "nimlab" and len(keys) == len(set(keys)) == 17
    assert {"ho2015sharing", "zhou2005fibonacci", "cairns2011endnim", "gasarch2015cash",
            "mousavi2016walnut", "larsson2016fibonacci", "chen2019cash", "oeis"} <= set(keys)
    done = subprocess.run([sys.executable, "-c", CLI, "cite", "--json"], capture_output=True,
                          text=True, timeout=60)
    assert without_made_by(json.loads(done.stdout)) == found.to_json()
    bib = subprocess.run([sys.executable, "-c", CLI, "cite", "--bibtex"], capture_output=True,
                         text=True, timeout=60).stdout
    assert re.findall(r"^@\w+\{([^,]+),", bib, re.M) == keys
    assert bib.count("{") == bib.count("}")


def test_the_bibtex_of_cite_builds_a_bibliography(tmp_path):
    compiler = pdflatex()
    if not shutil.which("bibtex"):
        pytest.skip("no bibtex")
    bib = subprocess.run([sys.executable, "-c", CLI, "cite", "--bibtex"], capture_output=True,
                         text=True, timeout=60).stdout
    (tmp_path / "refs.bib").write_text(bib)
    (tmp_path / "doc.tex").write_text("\\documentclass{article}\\begin{document}\\nocite{*}"
                                      "\\bibliographystyle{plain}\\bibliography{refs}"
                                      "\\end{document}\n")
    for step in ([compiler, "-interaction=nonstopmode", "doc.tex"], ["bibtex", "doc"],
                 [compiler, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"]):
        done = subprocess.run(step, capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert done.returncode == 0, (step, done.stdout[-3000:])
    assert "Walnut" in (tmp_path / "doc.bbl").read_text()


def test_a_command_run_in_a_process_is_forgotten_once_it_has_ended():
    """What the Python API writes after a command ran in the same process (a notebook that
    used CliRunner, a test) names the Python API, not that command."""
    from click.testing import CliRunner

    from nimlab import provenance
    from nimlab.cli import main

    assert CliRunner().invoke(main, ["value", "nim", "1,2,3"]).exit_code == 0
    assert provenance.command() == "nimlab (Python API)"

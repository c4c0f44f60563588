"""docs/FORMATS.md: every reader shown there runs on the file the command shown beside it
writes (the commands through bash, exactly as printed; the sweep's through the same function in
this process, to spare the start of a cluster)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

FORMATS = Path(__file__).parents[1] / "docs" / "FORMATS.md"


def sections() -> list[tuple[str, str, str]]:
    """(heading, bash command, python reader) for each section of the page."""
    found = []
    for part in FORMATS.read_text().split("\n## ")[1:]:
        heading = part.splitlines()[0]
        bash = re.findall(r"```bash\n(.*?)```", part, re.S)
        python = re.findall(r"```python\n(.*?)```", part, re.S)
        found.append((heading, bash[0].strip(), python[0]))
    return found


def test_every_format_has_a_command_and_a_three_line_reader():
    found = sections()
    assert len(found) == 7
    for heading, bash, python in found:
        assert bash.startswith(("nimlab ", "printf ")), heading
        assert len(python.strip().splitlines()) == 3, heading


@pytest.mark.parametrize("heading, bash, python", sections(), ids=[s[0][:20] for s in sections()])
def test_reader_runs_on_what_the_command_writes(heading, bash, python, tmp_path):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    if bash.startswith("nimlab sweep"):
        from nimlab.research.families import SWEEPS
        from nimlab.research.sweeps import run_sweep

        name = bash.split()[2]
        bounds = {k.replace("-", "_"): int(v) for k, v in re.findall(r"--([a-z-]+) (\d+)", bash)}
        out = re.search(r"--out (\S+)", bash).group(1)
        run_sweep(SWEEPS[name], tmp_path / out, bounds, processes=False, workers=1)
    else:
        done = subprocess.run(["bash", "-c", bash], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    reader = subprocess.run([sys.executable, "-c", python], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60)
    assert reader.returncode == 0, reader.stderr
    assert reader.stdout.strip() or "print" not in python

"""Benchmarks of the Python API's own costs: ``python benchmarks/api.py [--quick]``.

Not part of the test suite.  Each case runs in a fresh subprocess (its start-up and peak memory
are its own) and prints wall seconds and the maximum resident set size:

* ``import nimlab`` (every name loads on first use), and ``nimlab value nim 1,2,3``;
* ``nimlab.answer`` of a 31-digit Sharing Nim position (a closed form) after the import;
* drawing a table's heat map (``TableResult._repr_png_``, as a notebook shows it) and the End-Nim
  slice picture, with their tables already in the store (the drawing alone is timed).

The store is a temporary directory (``NIMLAB_CACHE``), filled by a first, untimed run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = {
    "import nimlab": "import nimlab",
    "answer 31-digit sharing": "import nimlab\nnimlab.answer('sharing', (10**30 + 7, 3, 17))",
    "heat map sharing B={b}": "import nimlab\nt = nimlab.table('sharing', max={b})\n"
                              "import time\ns = time.perf_counter(); t._repr_png_()\n"
                              "print('DRAW', time.perf_counter() - s)",
    "heat map cash B={b}": "import nimlab\nt = nimlab.table('cash', set=(1, 3, 4), n=14, "
                           "max={b})\nimport time\ns = time.perf_counter(); t._repr_png_()\n"
                           "print('DRAW', time.perf_counter() - s)",
    "end-nim slice N={n}": "from nimlab.research.plots import endnim_slice_figure\n"
                           "from nimlab.store import endnim_values\nendnim_values(3, {n})\n"
                           "import time\ns = time.perf_counter(); "
                           "endnim_slice_figure({n}, 5).savefig(__import__('io').BytesIO())\n"
                           "print('DRAW', time.perf_counter() - s)",
}

MEASURE = ("import resource, subprocess, sys, time\n"
           "s = time.perf_counter()\n"
           "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
           "wall = time.perf_counter() - s\n"
           "rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
           "draw = [l.split()[1] for l in done.stdout.splitlines() if l.startswith('DRAW')]\n"
           "print(wall, rss, draw[0] if draw else '-', done.returncode)\n")


def measure(args: list[str], env: dict) -> tuple[float, int, str]:
    out = subprocess.run([sys.executable, "-c", MEASURE, *args], capture_output=True,
                         text=True, env=env, check=True).stdout.split()
    if out[3] != "0":
        raise SystemExit(f"failed: {' '.join(args)}")
    return float(out[0]), int(out[1]), out[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small tables (seconds)")
    options = parser.parse_args()
    sizes = {"b": 300 if options.quick else 3000, "n": 40 if options.quick else 150}
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NIMLAB_CACHE": cache}
        nimlab = str(Path(sys.executable).parent / "nimlab")
        runs = [("nimlab value nim 1,2,3", [nimlab, "value", "nim", "1,2,3"])]
        runs += [(name.format(**sizes), [sys.executable, "-c", code.format(**sizes)])
                 for name, code in CASES.items()]
        print(f"{'case':32} {'wall s':>8} {'draw s':>8} {'max RSS MB':>11}")
        for name, args in runs:
            measure(args, env)  # fills the store, compiles what Numba compiles
            wall, rss, draw = measure(args, env)
            shown = f"{float(draw):8.2f}" if draw != "-" else f"{'-':>8}"
            print(f"{name:32} {wall:8.2f} {shown} {rss / 1024:11.0f}")


if __name__ == "__main__":
    main()

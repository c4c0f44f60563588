"""End to end against C: ``python benchmarks/endtoend.py [--repeat K] [--json FILE]``.

Not part of the test suite.  Builds the straightforward C references in ``benchmarks/c/`` with
the system ``cc -O2`` (build time not counted) and times, best of ``--repeat`` (default 3), whole
processes that produce the same result:

* Sharing Nim B = 3000: ``nimlab table sharing --max 3000 --out F.npy --no-cache`` against
  ``sharing_triple 3000 OUT`` (the triple loop over every option; raw int16 table);
* Fibonacci Nim, 3 piles, N = 300: ``nimlab table fibonacci --piles 3 --max 300 --out F.csv
  --no-cache`` against ``fibonacci_scan 300 OUT`` (every removal of every pile of every tuple;
  the first-move P-positions).

nimlab's time includes the interpreter's start, the imports and the kernels (compiled ahead of
time when the package was built; the parallel ones, which a table this small does not use, from
Numba's disk cache).  "first run" is a run on an empty Numba cache (``NUMBA_CACHE_DIR``: a new
directory), as the first run after install; its ratio is judged too.  The results are
compared (same table, same positions) before any ratio is printed.  Also times the start-up
cases: ``nimlab value nim 1,2,3`` and a trivial ``nimlab prove``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
NIMLAB = [sys.executable, "-m", "nimlab.cli"]


def timed(command: list[str], env: dict | None = None) -> float:
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return took


def best(command: list[str], repeat: int, env: dict | None = None) -> float:
    return min(timed(command, env) for _ in range(repeat))


def build(work: Path, name: str) -> Path:
    binary = work / name
    subprocess.run(["cc", "-O2", "-o", str(binary), str(HERE / "c" / f"{name}.c")], check=True)
    return binary


def cold(work: Path) -> dict:
    """The environment of a first run after install: an empty Numba cache."""
    return {**os.environ, "NUMBA_CACHE_DIR": tempfile.mkdtemp(dir=work)}


def sharing_case(work: Path, repeat: int, bound: int = 3000) -> dict:
    binary = build(work, "sharing_triple")
    c_out, py_out = work / "sharing.bin", work / "sharing.npy"
    nimlab = NIMLAB + ["table", "sharing", "--max", str(bound), "--out", str(py_out),
                       "--no-cache"]
    first = timed(nimlab, cold(work))
    timed(nimlab)
    ours = best(nimlab, repeat)
    theirs = best([str(binary), str(bound), str(c_out)], repeat)
    V = np.fromfile(c_out, dtype=np.int16).reshape(bound + 1, bound + 1)
    same = bool(np.array_equal(np.load(py_out), V))
    return {"case": f"Sharing Nim table, B = {bound}", "nimlab_s": ours, "first_run_s": first,
            "c_s": theirs, "ratio": theirs / ours, "first_ratio": theirs / first, "same": same,
            "target": 40}


def fibonacci_case(work: Path, repeat: int, bound: int = 300) -> dict:
    binary = build(work, "fibonacci_scan")
    c_out, py_out = work / "fibonacci.txt", work / "fibonacci.csv"
    nimlab = NIMLAB + ["table", "fibonacci", "--piles", "3", "--max", str(bound), "--out",
                       str(py_out), "--no-cache"]
    first = timed(nimlab, cold(work))
    timed(nimlab)
    ours = best(nimlab, repeat)
    theirs = best([str(binary), str(bound), str(c_out)], repeat)
    expected = sorted(tuple(map(int, line.split(","))) for line in c_out.read_text().split())
    with open(py_out) as handle:
        rows = [r for r in csv.reader(handle)]
    found = sorted(tuple(int(x) for x in r) for r in rows
                   if r and all(x.strip().isdigit() for x in r))  # (a header, if any, skipped)
    same = found == expected
    return {"case": f"Fibonacci Nim, 3 piles, N = {bound}", "nimlab_s": ours,
            "first_run_s": first, "c_s": theirs, "ratio": theirs / ours,
            "first_ratio": theirs / first, "same": same, "target": 4}


def startup_cases(repeat: int) -> list[dict]:
    rows = []
    for label, args, target in [
            ("nimlab value nim 1,2,3", ["value", "nim", "1,2,3"], 0.3),
            ("nimlab prove nim --piles 2 --p-positions 'p1 = p2'",
             ["prove", "nim", "--piles", "2", "--p-positions", "p1 = p2"], 0.4)]:
        timed(NIMLAB + args)
        rows.append({"case": label, "nimlab_s": best(NIMLAB + args, max(repeat, 5)),
                     "target_s": target})
    return rows


def measure(repeat: int = 3) -> tuple[list[dict], list[dict]]:
    """The two cases against C and the start-up cases (module docstring), printed."""
    if shutil.which("cc") is None:
        raise SystemExit("no C compiler (cc) on the PATH")
    print(f"load average at start: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        rows = [sharing_case(work, repeat), fibonacci_case(work, repeat)]
    for r in rows:
        verdict = ("met" if min(r["ratio"], r["first_ratio"]) >= r["target"] and r["same"]
                   else "MISSED")
        print(f"{r['case']}: nimlab {r['nimlab_s']:.2f} s (first run {r['first_run_s']:.2f} s), "
              f"C {r['c_s']:.2f} s, ratio {r['ratio']:.1f}x (first run {r['first_ratio']:.1f}x; "
              f"target {r['target']}x: {verdict})"
              f"{'' if r['same'] else ', RESULTS DIFFER'}", flush=True)
    starts = startup_cases(repeat)
    for r in starts:
        verdict = "met" if r["nimlab_s"] < r["target_s"] else "MISSED"
        print(f"{r['case']}: {r['nimlab_s']:.3f} s best of {max(repeat, 5)} "
              f"(target < {r['target_s']} s: {verdict})", flush=True)
    print(f"load average at end: {os.getloadavg()}", flush=True)
    return rows, starts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()
    rows, starts = measure(args.repeat)
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "startup": starts,
                                               "load": os.getloadavg()}, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""Every core against one thread: ``python benchmarks/threads.py [--compete] [--repeat K]``.

Not part of the test suite.  Runs ``nimlab table sharing --max 12000`` and ``nimlab table wythoff
--max 6000`` (``--no-cache``, output to a temporary .npy file) as whole processes, with the
default threads and with ``NUMBA_NUM_THREADS=1``, alternately, ``--repeat`` times (default 3),
and prints the ratio (one thread's time / the default's; above 1: the threads win) of the best
runs, of the median runs, and the median of the pairs' ratios (each one-thread run against the
default run right after it).  The two output files must be identical.  It also times the
computation alone (``nimlab.table(..., cache=False)`` in a fresh process, after a small table
on the parallel kernel has loaded it), with the same two settings: a whole process pays a fixed
cost that no thread count changes (the interpreter, the imports, the allocation, the fsync'd
write).  Wythoff's parallel worker runs compiled ahead of time like the sequential kernels;
a default Sharing Nim run that uses the threads (or any, without the extension) also imports
Numba and loads its parallel kernel from Numba's disk cache (about half a second), which is
filled first.  ``--compete`` runs one CPU-bound process (a Python busy loop) during the whole
measurement: the "one competing process" case, where the ratio must
stay at 0.95 or above.  ``--sizes`` changes the sizes (e.g. ``--sizes 6000 3000`` for a quick
look).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

NIMLAB = [sys.executable, "-m", "nimlab.cli"]


def run(game: str, size: int, threads: str | None, out: Path) -> float:
    """One whole process writing a new table file ``out`` (the previous run's is removed first,
    untimed: replacing an 800 MB file costs 0.2 s of freeing its blocks, in either mode)."""
    env = dict(os.environ)
    if threads is not None:
        env["NUMBA_NUM_THREADS"] = threads
    out.unlink(missing_ok=True)
    began = time.perf_counter()
    subprocess.run(NIMLAB + ["table", game, "--max", str(size), "--out", str(out), "--no-cache"],
                   env=env, check=True, capture_output=True)
    return time.perf_counter() - began


#: A small table on the parallel kernel: without the extension, loads it (Numba, and its code
#: from Numba's disk cache, compiled there by the first such run), which a default run does only
#: for a table long enough to pay for it (nimlab.kernels.pace); Wythoff's worker, compiled ahead
#: of time, needs no loading.
WARM = {"sharing": "from nimlab.kernels.sharing import sharing_values as warm\n"
                   "warm(300, parallel='always')\n",
        "wythoff": "from nimlab.kernels.wythoff import wythoff_table as warm\n"
                   "warm(300, parallel='always')\n"}

COMPUTE = ("import sys, time\nfrom nimlab import table\n"
           "game, size = sys.argv[1], int(sys.argv[2])\n"
           "exec(sys.argv[3])\nbegan = time.perf_counter()\n"
           "table(game, max=size, cache=False)\nprint(time.perf_counter() - began)\n")


def warm(game: str) -> None:
    """Fill Numba's disk cache with the game's parallel kernel."""
    subprocess.run([sys.executable, "-c", WARM[game]], check=True, capture_output=True)


def compute(game: str, size: int, threads: str | None) -> float:
    """The seconds of the table's computation alone, in a fresh process."""
    env = dict(os.environ)
    if threads is not None:
        env["NUMBA_NUM_THREADS"] = threads
    done = subprocess.run([sys.executable, "-c", COMPUTE, game, str(size), WARM[game]], env=env,
                          check=True, capture_output=True, text=True)
    return float(done.stdout.split()[-1])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def measure(sizes=(12000, 6000), repeat: int = 3, compete: bool = False,
            cases: list[tuple[str, int]] | None = None) -> list[dict]:
    """Both games at ``sizes`` (Sharing Nim, Wythoff), or the ``(game, size)`` of ``cases``,
    one row each (module docstring)."""
    rival = None
    if compete:
        rival = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    rows = []
    try:
        print(f"load average at start: {os.getloadavg()}; competing process: "
              f"{'yes' if rival else 'no'}", flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            for game, size in cases or list(zip(("sharing", "wythoff"), sizes)):
                one, every = Path(tmp, "one.npy"), Path(tmp, "every.npy")
                warm(game)  # fill Numba's cache first
                times = {"one": [], "every": [], "one_compute": [], "every_compute": []}
                for _ in range(repeat):
                    times["one"].append(run(game, size, "1", one))
                    times["every"].append(run(game, size, None, every))
                    times["one_compute"].append(compute(game, size, "1"))
                    times["every_compute"].append(compute(game, size, None))
                row = {"game": game, "size": size, "compete": compete,
                       "one_thread_s": min(times["one"]),
                       "default_s": min(times["every"]), "all_one": times["one"],
                       "all_default": times["every"], "same": digest(one) == digest(every),
                       "load": os.getloadavg()}
                row["ratio"] = row["one_thread_s"] / row["default_s"]
                row["median_ratio"] = median(times["one"]) / median(times["every"])
                row["compute_one_s"] = min(times["one_compute"])
                row["compute_default_s"] = min(times["every_compute"])
                row["compute_ratio"] = row["compute_one_s"] / row["compute_default_s"]
                row["compute_median_ratio"] = (median(times["one_compute"])
                                               / median(times["every_compute"]))
                # each one-thread run against the default run right after it: a slow drift of
                # the host's speed (minutes) cancels within a pair
                row["paired_ratio"] = median(o / e for o, e in zip(times["one"], times["every"]))
                row["compute_paired_ratio"] = median(
                    o / e for o, e in zip(times["one_compute"], times["every_compute"]))
                row["all_one_compute"] = times["one_compute"]
                row["all_default_compute"] = times["every_compute"]
                rows.append(row)
                print(f"{game} {size}: one thread {row['one_thread_s']:.2f} s, default "
                      f"{row['default_s']:.2f} s, ratio {row['ratio']:.2f}x (medians "
                      f"{row['median_ratio']:.2f}x, pairs {row['paired_ratio']:.2f}x), same "
                      f"table: {row['same']} (runs: "
                      f"{', '.join(f'{t:.2f}' for t in times['one'])} / "
                      f"{', '.join(f'{t:.2f}' for t in times['every'])}; load "
                      f"{row['load'][0]:.1f})", flush=True)
                print(f"{game} {size}, the computation alone: one thread "
                      f"{row['compute_one_s']:.2f} s, default {row['compute_default_s']:.2f} s, "
                      f"ratio {row['compute_ratio']:.2f}x (medians "
                      f"{row['compute_median_ratio']:.2f}x, pairs "
                      f"{row['compute_paired_ratio']:.2f}x; runs: "
                      f"{', '.join(f'{t:.2f}' for t in times['one_compute'])} / "
                      f"{', '.join(f'{t:.2f}' for t in times['every_compute'])})", flush=True)
    finally:
        if rival is not None:
            rival.kill()
            rival.wait()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compete", action="store_true", help="one CPU-bound process meanwhile")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs=2, default=(12000, 6000),
                        metavar=("SHARING", "WYTHOFF"))
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    rows = measure(args.sizes, args.repeat, args.compete)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()

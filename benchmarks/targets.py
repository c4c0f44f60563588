"""Every speed target in one run: ``python benchmarks/targets.py [--repeat K] [--records DIR]``.

Not part of the test suite; take it on an idle machine (it starts its own competing process for
the load case).  In order, each part printing its figures as it goes:

1. every core against one thread, idle (``benchmarks/threads.py``): Sharing Nim B = 12,000 and
   Wythoff N = 6,000, the computation at >= 1.7x one thread; Wythoff N = 20,000 as whole
   processes at >= 1.8x;
2. the same (Sharing 12,000 and Wythoff 6,000) with one competing CPU-bound process, with twice
   as many runs: never below 0.95x (whole processes and the computation alone);
3. end to end against C and the start-up (``benchmarks/endtoend.py``): Sharing B = 3000 >= 40x,
   Fibonacci 3 piles N = 300 >= 4x, both also on a first run after install (an empty Numba
   cache), ``nimlab value nim 1,2,3`` < 0.3 s, a trivial ``nimlab prove`` < 0.4 s;
4. the first run after install and the fixed cost (``benchmarks/first_run.py``): ``nimlab
   tour`` on empty caches <= 3 s, ``table sharing --max 3000`` on an empty Numba cache <= 2x a
   warm run, a tiny kernel table <= 0.35 s, ``value fibonacci 300/5`` <= 1 s and ``moves`` <= 2 s;
5. with ``--records DIR``: ``nimlab record sharing --max 100000`` (< 45 minutes) and
   ``nimlab record wythoff --max 50000`` (< 10 minutes) in a new directory inside ``DIR``
   (about 15 GB of disk; removed afterwards), with their peak memory (< 24 GB).  Without it the
   records are left out (they take about a quarter of an hour more).

Then one line per target: the figure and whether it is met.  The thread ratios are judged on the
median runs of each setting (the best runs and the median of the pairs' ratios are printed
beside them): the best of a few runs differs by the noise alone (the first touch of a fresh
table varies from 0.01 to 0.16 s on this virtual machine, and the same one-thread computation by
20% from run to run).  ``--json FILE`` keeps every
figure.  Parts 1-4 take about 11 minutes with the default 5 runs (27 November).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import endtoend  # noqa: E402
import first_run  # noqa: E402
import threads  # noqa: E402

RECORDS = [("sharing", 100_000, 45 * 60), ("wythoff", 50_000, 10 * 60)]


def record(game: str, bound: int, parent: Path) -> dict:
    """One record table from scratch in a new directory inside ``parent``, as a whole process:
    wall seconds and peak memory."""
    directory = Path(tempfile.mkdtemp(prefix=f"record-{game}-", dir=parent))
    began = time.perf_counter()
    child = subprocess.Popen(threads.NIMLAB + ["record", game, "--max", str(bound), "--dir",
                                               str(directory)], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)  # this child's own peak memory
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - began
    if child.returncode != 0:
        raise SystemExit(f"nimlab record {game} --max {bound} failed ({child.returncode})")
    peak = usage.ru_maxrss * 1024
    state = json.loads((directory / "record.json").read_text())
    shutil.rmtree(directory)
    return {"game": game, "bound": bound, "seconds": seconds, "peak_bytes": peak,
            "finished": bool(state.get("finished")), "sha256": state.get("sha256")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="best of this many runs")
    parser.add_argument("--records", metavar="DIR", type=Path,
                        help="also compute the record tables in a new directory in DIR")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"{started}; {os.cpu_count()} cores; load average {os.getloadavg()}", flush=True)
    idle = threads.measure(repeat=args.repeat)
    wide = threads.measure(repeat=args.repeat, cases=[("wythoff", 20_000)])
    # the load case: twice the runs, for medians within a few per cent on a host whose speed
    # varies by 20% from run to run
    loaded = threads.measure(repeat=2 * args.repeat, compete=True)
    against_c, starts = endtoend.measure(max(2, args.repeat // 2))
    firsts = first_run.measure(max(3, args.repeat // 2))
    records = []
    if args.records:
        for game, bound, _ in RECORDS:
            records.append(record(game, bound, args.records))
            print(f"record {game} {bound}: {records[-1]['seconds'] / 60:.1f} min, peak "
                  f"{records[-1]['peak_bytes'] / 2**30:.1f} GB", flush=True)

    verdicts = []

    def verdict(text: str, met: bool) -> None:
        verdicts.append(met)
        print(f"{'met   ' if met else 'MISSED'} {text}")

    print("\nTargets (threads: medians of the runs, best runs in brackets):")
    for row in idle:
        verdict(f"{row['game']} {row['size']}, idle: the computation "
                f"{row['compute_median_ratio']:.2f}x one thread [{row['compute_ratio']:.2f}x] "
                f"(>= 1.7x; whole processes {row['median_ratio']:.2f}x [{row['ratio']:.2f}x])",
                row["compute_median_ratio"] >= 1.7 and row["same"])
    for row in wide:
        verdict(f"{row['game']} {row['size']}, idle, whole processes: "
                f"{row['median_ratio']:.2f}x one thread [{row['ratio']:.2f}x; pairs "
                f"{row['paired_ratio']:.2f}x] (>= 1.8x; the computation "
                f"{row['compute_median_ratio']:.2f}x)",
                row["median_ratio"] >= 1.8 and row["same"])
    for row in loaded:
        low = min(row["median_ratio"], row["compute_median_ratio"])
        verdict(f"{row['game']} {row['size']}, one competing process: whole processes "
                f"{row['median_ratio']:.2f}x [{row['ratio']:.2f}x; pairs "
                f"{row['paired_ratio']:.2f}x], the computation {row['compute_median_ratio']:.2f}x "
                f"[{row['compute_ratio']:.2f}x; pairs {row['compute_paired_ratio']:.2f}x] "
                f"(>= 0.95x)",
                low >= 0.95 and row["same"])
    for row in against_c:
        verdict(f"{row['case']}: {row['ratio']:.1f}x the C reference, first run after install "
                f"{row['first_ratio']:.1f}x (>= {row['target']}x)",
                min(row["ratio"], row["first_ratio"]) >= row["target"] and row["same"])
    for row in starts:
        verdict(f"{row['case']}: {row['nimlab_s']:.3f} s (< {row['target_s']} s)",
                row["nimlab_s"] < row["target_s"])
    for row in firsts:
        if "ratio" in row:
            verdict(f"{row['case']}: {row['ratio']:.2f}x (<= {row['target']}x)", row["met"])
        else:
            verdict(f"{row['case']}: {row['best_s']:.3f} s best, {row['median_s']:.3f} s median "
                    f"(<= {row['target']} s)", row["met"])
    for row, (_, _, limit) in zip(records, RECORDS):
        verdict(f"record {row['game']} {row['bound']}: {row['seconds'] / 60:.1f} min "
                f"(< {limit // 60} min), peak {row['peak_bytes'] / 2**30:.1f} GB (< 24 GB)",
                row["finished"] and row["seconds"] < limit and row["peak_bytes"] < 24 * 2**30)
    if not records:
        print("(records left out: --records DIR)")
    print(f"{sum(verdicts)} of {len(verdicts)} targets met; load average at end "
          f"{os.getloadavg()}")
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"started": started, "idle": idle, "wide": wide, "compete": loaded,
             "against_c": against_c, "startup": starts, "first_run": firsts,
             "records": records}, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""Benchmarks of the nimlab kernels: ``python benchmarks/run.py [--quick | --full] [--markdown]``.

Not part of the test suite.  Each case runs in a fresh subprocess (so its peak memory is its own):
the kernel is compiled first (Numba; compile time reported separately), then the reference and
the kernel run in the same process on the same input and the ratio is printed; cases marked
"target" run the kernel alone at the size of a target.  Peak memory is the peak of
traced allocations (tracemalloc, which sees NumPy's arrays) and the process's maximum resident
set size (``ru_maxrss``).

``--quick`` runs small sizes (a minute); the default adds the targets up to B = 10,000 and
N = 300; ``--full`` adds B = 20,000 and Fibonacci N = 1000 (several minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
import tracemalloc
from typing import Callable

import numpy as np


# ------------------------------------------------------------------------------ cases
def _sharing(kind: str, size: int) -> Callable[[], object]:
    from nimlab.kernels import sharing
    fn = {"kernel": sharing.sharing_values, "reference": sharing.sharing_reference_compiled}[kind]
    return lambda: fn(size)


def _fibonacci(kind: str, size: int) -> Callable[[], object]:
    from nimlab.kernels import fibonacci
    if kind == "kernel":
        return lambda: fibonacci.last_p_table(3, size, 2)
    return lambda: fibonacci.reference_status(3, size, 2)


def _endnim(kind: str, size: int) -> Callable[[], object]:
    from itertools import product

    from nimlab.kernels import endnim
    if kind == "kernel":
        return lambda: [endnim.endnim_values(3, size, v) for v in endnim.VARIANTS]

    def reference():
        for variant in endnim.VARIANTS:
            value = endnim.reference_values(variant)
            for row in product(range(1, size + 1), repeat=3):
                value(row)
    return reference


def _cash(kind: str, size: int) -> Callable[[], object]:
    from itertools import product

    from nimlab.kernels import cash
    A = (2, 3, 7)
    if kind == "kernel":
        return lambda: cash.cash_winners(A, size, size)

    def reference():
        wins = cash.reference_cash(A)
        for m, d1, d2 in product(range(size + 1), repeat=3):
            wins(m, d1, d2)
    return reference


def _wythoff(kind: str, size: int) -> Callable[[], object]:
    from nimlab.kernels import wythoff
    fn = {"kernel": wythoff.wythoff_table, "reference": wythoff.wythoff_reference_compiled}[kind]
    return lambda: fn(size)


def _fibonacci4(kind: str, size: int) -> Callable[[], object]:
    from nimlab.kernels import fibonacci
    if kind == "kernel":
        return lambda: fibonacci.last_p_table4(4, size, 2)
    return lambda: fibonacci.reference_status(4, size, 2)


def _sharing_threads(kind: str, size: int) -> Callable[[], object]:
    """The parallel Sharing Nim kernel on 1 thread ("reference") and on 2 ("kernel")."""
    import numba

    from nimlab.kernels import sharing

    def run():
        numba.set_num_threads(1 if kind == "reference" else min(2, numba.config.NUMBA_NUM_THREADS))
        table = sharing.sharing_values(size, parallel="always")
        import hashlib
        _DIGESTS[kind] = hashlib.sha256(np.ascontiguousarray(table).tobytes()).hexdigest()
        return table
    return run


def _sharing_parallel(kind: str, size: int) -> Callable[[], object]:
    from nimlab.kernels import sharing
    if kind == "kernel":
        return lambda: sharing.sharing_values(size, parallel="always")
    return lambda: sharing.sharing_values(size, parallel=False)


def _graph_all(kind: str, size: int) -> Callable[[], object]:
    """Every digraph on 4 labelled vertices (4096), tokens <= size each ("kernel"); the
    memoised Python recursion on the complete digraph alone ("reference")."""
    from itertools import combinations, permutations

    from nimlab.kernels import graphnim
    arcs = list(permutations(range(4), 2))
    if kind == "kernel":
        def run():
            for r in range(len(arcs) + 1):
                for edges in combinations(arcs, r):
                    graphnim.graph_values(4, edges, size)
        return run

    def reference():
        value = graphnim.graph_reference(4, arcs)
        for p in graphnim.all_positions(4, size):
            value(p)
    return reference


def _graph_one(kind: str, size: int) -> Callable[[], object]:
    from itertools import permutations

    from nimlab.kernels import graphnim
    arcs = list(permutations(range(4), 2))
    if kind == "kernel":
        return lambda: graphnim.graph_values(4, arcs, size)

    def reference():
        value = graphnim.graph_reference(4, arcs)
        for p in graphnim.all_positions(4, size):
            value(p)
    return reference


def _sharing4(kind: str, size: int) -> Callable[[], object]:
    from itertools import permutations

    from nimlab.kernels import graphnim
    if kind == "kernel":
        return lambda: graphnim.sharing4_values(size)

    def reference():  # the memoised recursion over every key of total <= size
        value = graphnim.graph_reference(4, list(permutations(range(4), 2)))
        for z in range(size + 1):
            for y in range(z + 1):
                for x in range(y + 1):
                    if x + y + z <= size:
                        value((0, x, y, z))
    return reference


def _endnim4(kind: str, size: int) -> Callable[[], object]:
    from itertools import product

    from nimlab.kernels import endnim
    if kind == "kernel":
        return lambda: [endnim.endnim_values(4, size, v) for v in endnim.VARIANTS]

    def reference():
        for variant in endnim.VARIANTS:
            value = endnim.reference_values(variant)
            for row in product(range(1, size + 1), repeat=4):
                value(row)
    return reference


_DIGESTS: dict[str, str] = {}

GAMES = {"sharing": _sharing, "fibonacci": _fibonacci, "end-nim": _endnim, "cash": _cash,
         "wythoff": _wythoff, "fibonacci4": _fibonacci4, "sharing-threads": _sharing_threads,
         "sharing-parallel": _sharing_parallel, "graph-all": _graph_all,
         "graph-one": _graph_one, "sharing4": _sharing4, "end-nim4": _endnim4}
WHAT = {"sharing": "Sharing Nim table, B = {n}",
        "fibonacci": "Fibonacci Nim, 3 piles, factor 2, N = {n}",
        "end-nim": "End-Nim, 3 piles <= {n}, all three variants",
        "cash": "NIM(2,3,7) with cash, n, d1, d2 <= {n}",
        "wythoff": "Wythoff G(a, b), a, b <= {n}",
        "fibonacci4": "Fibonacci Nim, 4 piles, factor 2, N = {n}",
        "sharing-threads": "Sharing Nim table, B = {n}: parallel kernel, 1 thread vs 2",
        "sharing-parallel": "Sharing Nim table, B = {n}: parallel kernel (2 threads)",
        "graph-all": "Graph Nim, all 4096 digraphs on 4 vertices, tokens <= {n}",
        "graph-one": "Graph Nim, complete digraph on 4 vertices, tokens <= {n}",
        "sharing4": "Sharing Nim, 4 piles, total <= {n}",
        "end-nim4": "End-Nim, 4 piles <= {n}, all three variants"}
TARGETS = {("sharing", 10000): 120, ("sharing", 20000): 900, ("fibonacci", 300): 3,
           ("fibonacci", 1000): 300, ("end-nim", 400): 60, ("cash", 500): 60}

#: (game, size, with reference?) per mode.
PLANS = {
    "quick": [("sharing", 1000, True), ("fibonacci", 14, True), ("end-nim", 10, True),
              ("cash", 30, True), ("sharing", 4000, False), ("fibonacci", 300, False),
              ("end-nim", 400, False), ("cash", 500, False)],
}
PLANS["default"] = [("sharing", 2000, True), ("fibonacci", 18, True), ("end-nim", 14, True),
                    ("cash", 40, True), ("sharing", 10000, False), ("fibonacci", 300, False),
                    ("end-nim", 400, False), ("cash", 500, False)]
PLANS["full"] = PLANS["default"] + [("sharing", 20000, False), ("fibonacci", 1000, False)]
#: Wythoff, 4-pile games, Graph Nim and the second core (``--frontier``; ``--frontier-quick``).
PLANS["frontier-quick"] = [("wythoff", 1000, True), ("fibonacci4", 6, True),
                           ("sharing-threads", 4000, True), ("graph-one", 6, True),
                           ("sharing4", 24, True), ("end-nim4", 6, True),
                           ("fibonacci4", 60, False), ("graph-all", 6, False)]
PLANS["frontier"] = [("wythoff", 4000, True), ("fibonacci4", 7, True),
                     ("sharing-threads", 20000, True), ("graph-one", 7, True),
                     ("sharing4", 30, True), ("end-nim4", 7, True),
                     ("wythoff", 20000, False), ("fibonacci4", 60, False),
                     ("fibonacci4", 120, False), ("graph-all", 12, False),
                     ("sharing4", 300, False), ("end-nim4", 60, False),
                     ("sharing-parallel", 40000, False)]
TARGETS.update({("wythoff", 20000): 300, ("fibonacci4", 60): 60, ("fibonacci4", 120): 900,
                ("graph-all", 12): 600, ("sharing-parallel", 40000): 600})


def measure(fn: Callable[[], object]) -> tuple[float, int]:
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.perf_counter()
    result = fn()
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del result
    return seconds, peak


def run_case(game: str, size: int, with_reference: bool) -> dict:
    """Run one case in this process; returns its figures."""
    factory = GAMES[game]
    start = time.perf_counter()
    factory("kernel", 4)()  # compile (or load the cached machine code)
    compile_s = time.perf_counter() - start
    row = {"case": WHAT[game].format(n=size), "game": game, "size": size,
           "compile_s": compile_s}
    if with_reference:
        factory("reference", 3)()
        row["reference_s"], row["reference_peak"] = measure(factory("reference", size))
    row["kernel_s"], row["kernel_peak"] = measure(factory("kernel", size))
    if with_reference:
        row["ratio"] = row["reference_s"] / max(row["kernel_s"], 1e-9)
    if _DIGESTS:  # 1 thread and 2 threads: the same table?
        row["same_table"] = len(set(_DIGESTS.values())) == 1
    import numba
    row["threads"] = numba.config.NUMBA_NUM_THREADS
    row["load"] = os.getloadavg()
    row["maxrss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    target = TARGETS.get((game, size))
    if target is not None:
        row["target_s"] = target
    return row


def machine() -> dict:
    import numba
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    return {"nproc": os.cpu_count(), "cpu": cpu, "ram_gb": round(ram / 2**30, 1),
            "python": platform.python_version(), "numpy": np.__version__,
            "numba": numba.__version__, "load": os.getloadavg()}


def mb(n: int) -> str:
    return f"{n / 2**20:,.0f} MB"


def show(rows: list[dict], markdown: bool) -> None:
    head = ["case", "reference", "kernel", "ratio", "peak (traced)", "max RSS", "compile",
            "target"]
    lines = []
    for r in rows:
        lines.append([
            r["case"],
            f"{r['reference_s']:.3f} s" if "reference_s" in r else "-",
            f"{r['kernel_s']:.3f} s",
            f"{r['ratio']:,.0f}x" if "ratio" in r else "-",
            mb(r["kernel_peak"]), mb(r["maxrss"]), f"{r['compile_s']:.1f} s"
            + ("" if "same_table" not in r else
               ", same table" if r["same_table"] else ", TABLES DIFFER"),
            (("met" if r["kernel_s"] < r["target_s"] else "MISSED") + f" (< {r['target_s']} s)")
            if "target_s" in r else "-",
        ])
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for line in lines:
            print("| " + " | ".join(line) + " |")
        return
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)]
    for line in [head, *lines]:
        print("  ".join(str(x).ljust(w) for x, w in zip(line, widths)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="small sizes only")
    mode.add_argument("--full", action="store_true", help="also B = 20,000 and N = 1000")
    mode.add_argument("--frontier", action="store_true",
                      help="Wythoff, 4-pile games, Graph Nim, two cores (long)")
    mode.add_argument("--frontier-quick", action="store_true",
                      help="the frontier cases at small sizes (a few minutes)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    parser.add_argument("--case", nargs=3, metavar=("GAME", "SIZE", "REF"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        game, size, ref = args.case
        print(json.dumps(run_case(game, int(size), ref == "1")))
        return
    plan = PLANS["quick" if args.quick else "full" if args.full else
                 "frontier" if args.frontier else "frontier-quick" if args.frontier_quick
                 else "default"]
    info = machine()
    print("machine: " + ", ".join(f"{k} {v}" for k, v in info.items()), flush=True)
    rows = []
    for game, size, ref in plan:
        done = subprocess.run([sys.executable, __file__, "--case", game, str(size),
                               "1" if ref else "0"], capture_output=True, text=True)
        if done.returncode != 0:
            print(f"{game} {size}: failed\n{done.stderr}", file=sys.stderr)
            continue
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
        print(f"  done: {rows[-1]['case']} ({rows[-1]['kernel_s']:.2f} s)", flush=True)
    show(rows, args.markdown)
    if args.json:
        from nimlab.fileio import write_json
        write_json(args.json, {"machine": info, "rows": rows}, indent=1)


if __name__ == "__main__":
    main()

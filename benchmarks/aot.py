"""The kernels compiled ahead of time against Numba's just-in-time code:
``python benchmarks/aot.py [--repeat K]``.

Not part of the test suite.  In one process, each table (on one thread; the last with Wythoff's
parallel worker on every core), computed with the extension ``nimlab.kernels._aot``
and with ``NIMLAB_AOT=0`` (Numba's code, compiled or loaded from its cache by an untimed first
call), alternately, best of ``--repeat`` (default 5); the ratio is Numba's time over the
extension's (1.0: as fast).  The tables are compared.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from nimlab.kernels import cash, endnim, fibonacci, jit, sharing, wythoff

CASES = [
    ("Sharing Nim B = 3000",
     lambda: np.ascontiguousarray(sharing.sharing_values(3000, parallel=False))),
    ("Wythoff N = 4000", lambda: wythoff.wythoff_table(4000, parallel=False)),
    ("Fibonacci Nim 3 piles N = 300", lambda: fibonacci.last_p_table4(3, 300).last_p),
    ("one-pile Fibonacci values N = 3000", lambda: fibonacci.one_pile_values(3000)),
    ("End-Nim 3 piles N = 150", lambda: endnim.endnim_values(3, 150)),
    ("NIM(1,3,4) with cash n = 400, d = 400", lambda: cash.cash_winners((1, 3, 4), 400, 400)),
    ("Wythoff N = 6000, every core", lambda: wythoff.wythoff_table(6000, parallel="always")),
]


def timed(build) -> tuple[float, np.ndarray]:
    began = time.perf_counter()
    table = build()
    return time.perf_counter() - began, table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()}; extension: {jit.aot_status()}",
          flush=True)
    for name, build in CASES:
        os.environ["NIMLAB_AOT"] = "0"
        build()  # Numba compiles, or loads from its cache
        del os.environ["NIMLAB_AOT"]
        ahead, just = [], []
        for _ in range(args.repeat):
            seconds, one = timed(build)
            ahead.append(seconds)
            os.environ["NIMLAB_AOT"] = "0"
            seconds, other = timed(build)
            del os.environ["NIMLAB_AOT"]
            just.append(seconds)
        same = bool(np.array_equal(one, other))
        print(f"{name}: ahead of time {min(ahead):.3f} s, Numba {min(just):.3f} s, ratio "
              f"{min(just) / min(ahead):.2f}x{'' if same else ', TABLES DIFFER'}", flush=True)
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()

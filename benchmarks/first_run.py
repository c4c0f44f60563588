"""The first run after install, and the fixed cost of a process:
``python benchmarks/first_run.py [--repeat K] [--json FILE]``.

Not part of the test suite.  Whole processes (``python -m nimlab.cli ...``), each case
``--repeat`` times (default 3; the tiny table 5), best and median printed:

* ``nimlab tour`` on a first run after install (an empty Numba cache, ``NUMBA_CACHE_DIR``, and an
  empty result store, ``NIMLAB_CACHE``: new directories for every run) against a second run
  (warm Numba cache, empty store): the first at most 3 s;
* ``nimlab table sharing --max 3000 --out F.npy --no-cache``, on an empty Numba cache against a
  warm one: at most 2x;
* a tiny kernel table, ``nimlab table wythoff --max 10 --out F.csv --no-cache``, warm: at most
  0.35 s (best of 5);
* ``nimlab value fibonacci 300/5`` at most 1 s and ``nimlab moves fibonacci 300/5`` at most 2 s
  (empty store each run).

The ahead-of-time kernels are those of the installed package (``nimlab.kernels.jit.aot_status``
is printed: "current" is what ``pip install`` leaves).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

NIMLAB = [sys.executable, "-m", "nimlab.cli"]


def timed(args: list[str], env: dict) -> float:
    began = time.perf_counter()
    done = subprocess.run(NIMLAB + args, capture_output=True, text=True, env=env)
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"nimlab {' '.join(args)} failed:\n{done.stderr}")
    return took


def fresh(work: Path, **keep) -> dict:
    """An environment with new, empty Numba cache and store directories (``keep``: given ones
    instead)."""
    env = {**os.environ, "NIMLAB_COMPILE_NOTICE": "0"}
    for name in ("NUMBA_CACHE_DIR", "NIMLAB_CACHE"):
        env[name] = str(keep.get(name) or tempfile.mkdtemp(dir=work))
    return env


def row(case: str, times: list[float], target: float, **extra) -> dict:
    return {"case": case, "best_s": min(times), "median_s": median(times), "runs": times,
            "target": target, **extra}


def measure(repeat: int = 3) -> list[dict]:
    from nimlab.kernels.jit import aot_status

    print(f"load average at start: {os.getloadavg()}; ahead-of-time kernels: {aot_status()}",
          flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        out = work / "out"
        out.mkdir()
        # the tour: a first run, then a second on the Numba cache the first filled
        cold, warm = [], []
        for _ in range(repeat):
            env = fresh(work)
            cold.append(timed(["tour"], env))
            warm.append(timed(["tour"], fresh(work, NUMBA_CACHE_DIR=env["NUMBA_CACHE_DIR"])))
        rows.append(row("nimlab tour, first run after install", cold, 3.0,
                        warm_best_s=min(warm), warm_median_s=median(warm)))
        # Sharing B = 3000 cold against warm
        args = ["table", "sharing", "--max", "3000", "--out", str(out / "s.npy"), "--no-cache"]
        warmed = fresh(work)
        timed(args, warmed)
        cold = [timed(args, fresh(work)) for _ in range(repeat)]
        warm = [timed(args, warmed) for _ in range(repeat)]
        rows.append({"case": "table sharing --max 3000, first run / warm run",
                     "ratio": median(cold) / median(warm), "cold_runs": cold, "warm_runs": warm,
                     "target": 2.0})
        # the tiny table, warm
        args = ["table", "wythoff", "--max", "10", "--out", str(out / "w.csv"), "--no-cache"]
        timed(args, warmed)
        rows.append(row("table wythoff --max 10 --out F --no-cache (warm)",
                        [timed(args, warmed) for _ in range(max(repeat, 5))], 0.35))
        for command, target in (("value", 1.0), ("moves", 2.0)):
            times = [timed([command, "fibonacci", "300/5"],
                           fresh(work, NUMBA_CACHE_DIR=warmed["NUMBA_CACHE_DIR"]))
                     for _ in range(repeat)]
            rows.append(row(f"nimlab {command} fibonacci 300/5", times, target))
    for r in rows:
        if "ratio" in r:
            met = r["ratio"] <= r["target"]
            print(f"{r['case']}: {r['ratio']:.2f}x (medians; first runs "
                  f"{', '.join(f'{t:.2f}' for t in r['cold_runs'])} s, warm "
                  f"{', '.join(f'{t:.2f}' for t in r['warm_runs'])} s; target <= "
                  f"{r['target']}x: {'met' if met else 'MISSED'})", flush=True)
        else:
            met = r["best_s"] <= r["target"]
            print(f"{r['case']}: best {r['best_s']:.3f} s, median {r['median_s']:.3f} s (runs "
                  f"{', '.join(f'{t:.2f}' for t in r['runs'])}; target <= {r['target']} s: "
                  f"{'met' if met else 'MISSED'})", flush=True)
            if "warm_best_s" in r:
                print(f"  second run: best {r['warm_best_s']:.2f} s, median "
                      f"{r['warm_median_s']:.2f} s", flush=True)
        r["met"] = met
    print(f"load average at end: {os.getloadavg()}", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    rows = measure(args.repeat)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()

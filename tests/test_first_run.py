"""A first run with the kernels compiled ahead of time compiles nothing.  Without them (no
extension, or ``NIMLAB_AOT=0``) a first run compiles kernels, and says so at once on standard
error, once per process, with an estimate of how long; a run on a warm compile cache says
nothing of it."""

from __future__ import annotations

import csv
import os
import re
import subprocess
import sys

import brute

NOTICE = re.compile(r"^nimlab: note: compiling the NIM\(A\) kernel \(first run only, about "
                    r"\d+ s\)$")


def announcing(cache_dir, aot: bool = False) -> dict:
    """The environment of a process with its own compile cache, announcing (conftest silences
    the notice in the tests' processes); without the kernels compiled ahead of time unless
    ``aot``."""
    env = {k: v for k, v in os.environ.items() if k not in ("NIMLAB_COMPILE_NOTICE",
                                                             "NIMLAB_AOT")}
    return {**env, "NUMBA_CACHE_DIR": str(cache_dir), **({} if aot else {"NIMLAB_AOT": "0"})}


def run_table(out, cache_dir, aot: bool = False):
    env = announcing(cache_dir, aot)
    done = subprocess.run([sys.executable, "-m", "nimlab.cli", "table", "subtraction", "--set",
                           "1,3,4", "--max", "60", "--out", str(out), "--no-cache"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    with open(out, newline="") as handle:
        values = [int(row["value"]) for row in csv.DictReader(handle)]
    assert values == [brute.subtraction(n, (1, 3, 4)) for n in range(61)]
    return done.stderr.splitlines()


def test_a_cold_compile_cache_is_announced_once_and_a_warm_one_not_at_all(tmp_path):
    cache_dir = tmp_path / "numba"
    cache_dir.mkdir()
    cold = run_table(tmp_path / "cold.csv", cache_dir)
    assert [line for line in cold if "compil" in line] == [cold[0]], cold
    assert NOTICE.match(cold[0]), cold
    assert any(cache_dir.rglob("*.nbi"))  # the compiled kernel was kept
    warm = run_table(tmp_path / "warm.csv", cache_dir)
    assert not [line for line in warm if "compil" in line], warm
    other = tmp_path / "other"
    other.mkdir()
    env = {**announcing(other), "NIMLAB_COMPILE_NOTICE": "0"}  # cold, but asked to be quiet
    done = subprocess.run([sys.executable, "-c", "from nimlab.kernels.cash import "
                           "subtraction_values as f; print(f((1, 3, 4), 6).tolist())"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr, done.stdout.split()[0]) == (0, "", "[0,")


def test_a_first_run_with_the_kernels_compiled_ahead_of_time_compiles_nothing(tmp_path):
    """After ``pip install`` (the extension built), a first run on an empty compile cache
    neither compiles nor announces anything."""
    cache_dir = tmp_path / "numba"
    cache_dir.mkdir()
    assert run_table(tmp_path / "first.csv", cache_dir, aot=True) == []
    assert not any(cache_dir.rglob("*.nbi"))


def test_other_numba_functions_are_not_announced(tmp_path):
    """A user's own Numba function compiles silently; with warnings made errors the notice
    stops nothing; it is issued once per process."""
    code = ("import warnings; warnings.simplefilter('error')\n"
            "import nimlab.kernels.jit as jit, numba\n"
            "assert numba.njit(lambda x: x + 1)(1) == 2 and not jit._announced\n"
            "assert jit.announce('nimlab.kernels.cash') is True\n"  # raised as an error: ignored
            "assert jit.announce('nimlab.kernels.cash') is False\n")  # once per process
    done = subprocess.run([sys.executable, "-c", code], env=announcing(tmp_path), capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr

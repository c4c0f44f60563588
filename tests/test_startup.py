"""Start-up stays light: the command line imports a command's module only when it runs, and
``nimlab value nim 1,2,3`` (a closed form) never loads Numba or Matplotlib."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from nimlab.cli import main
sys.argv = ["nimlab"] + {args!r}
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=list(args))],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def heavy(modules: set[str]) -> set[str]:
    roots = {"numba", "matplotlib", "dask", "starlette", "uvicorn", "networkx", "llvmlite"}
    return {m for m in modules if m.split(".")[0] in roots}


def test_value_by_closed_form_imports_no_numba_nor_matplotlib():
    modules = modules_after("value", "nim", "1,2,3")
    assert "nimlab.cli.commands.value" in modules  # the probe did run the command
    assert heavy(modules) == set()
    assert "nimlab.cli.commands.plot" not in modules


def test_help_still_lists_every_command():
    done = subprocess.run([sys.executable, "-m", "nimlab.cli", "--help"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    for name in ("value", "moves", "table", "prove", "verify", "cache", "plot"):
        assert f"  {name} " in done.stdout


def test_a_command_in_a_module_of_another_name_is_found():
    from nimlab.cli import main

    assert main.commands.get("moves") is not None
    assert main.commands.get("no-such-command") is None  # looked for in every module


def test_moves_imports_no_other_command():
    """``moves`` lives in its own module: running it loads no other command (``plot`` would
    load Matplotlib, a second of start-up)."""
    modules = modules_after("moves", "nim", "1,2")
    assert "nimlab.cli.commands.moves" in modules  # the probe did run the command
    assert {m for m in modules if m.startswith("nimlab.cli.commands.")} == {
        "nimlab.cli.commands.moves"}
    assert heavy(modules) == set()


CACHED = """
from nimlab.kernels import wythoff
wythoff.wythoff_table(5, parallel=False)
stats = wythoff._wythoff_rows.stats
print(sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


def test_a_second_process_loads_the_compiled_kernel_from_the_disk_cache(tmp_path):
    # NUMBA_CACHE_DIR is where an installation without a writable package directory keeps it
    # (Numba's default then is the user's cache directory).
    import os
    # (NIMLAB_AOT=0: Numba's own code, not the kernels compiled ahead of time)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "NIMLAB_AOT": "0"}
    runs = [subprocess.run([sys.executable, "-c", CACHED], env=env, capture_output=True,
                           text=True, timeout=300) for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr
    first, second = (tuple(map(int, r.stdout.split())) for r in runs)
    assert first[1] >= 1  # compiled (and written to the cache)
    assert second == (1, 0)  # loaded, not compiled
    assert any(tmp_path.rglob("*.nbi"))


LEAN = """
import importlib.util, sys
from nimlab.kernels import wythoff
table = wythoff.wythoff_table(40)
print("scipy.linalg" in sys.modules, "scipy.linalg.cython_blas" in sys.modules)
if importlib.util.find_spec("scipy") is not None:  # Numba's np.dot needs SciPy's BLAS
    import numpy as np
    from numba import njit

    @njit
    def dot(a, b):
        return np.dot(a, b)

    print(dot(np.arange(3.0), np.arange(3.0)))
"""


def test_kernels_load_without_scipy_blas_and_user_blas_code_still_compiles():
    import importlib.util

    import os

    # NIMLAB_AOT=0: the table through Numba (the kernels compiled ahead of time load no Numba)
    done = subprocess.run([sys.executable, "-c", LEAN], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "NIMLAB_AOT": "0"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert lines[0] == "False False"  # a table computed, SciPy's linalg never loaded
    if importlib.util.find_spec("scipy") is not None:
        assert lines[1] == "5.0"  # np.dot in a user's @njit code: SciPy's BLAS found then

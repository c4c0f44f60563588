"""The kernels compiled ahead of time (``nimlab.kernels._aot``, built by ``pip install``) against
the same kernels compiled by Numba just in time: the same tables, bit for bit; a process that
runs only ahead-of-time kernels never imports Numba; a stale extension is not used; the
parallel kernels are really parallel; a kernel missing from Numba's cache can be compiled by
another process."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import warnings

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from nimlab.kernels import aot, jit

#: Every table kind with an ahead-of-time kernel, small enough for a test.
TABLES = """
import hashlib, sys
from fractions import Fraction
import numpy as np
from nimlab.kernels import (automata, cash, endnim, fibonacci, graphnim, octal, octal_sparse,
                            sharing, wythoff)
arrays = [
    sharing.sharing_values(90), sharing.sharing_values(300),
    wythoff.wythoff_table(200),
    wythoff.wythoff_table(200, parallel="always"),
    fibonacci.last_p_table4(3, 40).last_p, fibonacci.last_p_table4(4, 14, factor=3).last_p,
    fibonacci.last_p_table4(1, 40000, factor=Fraction(1, 2)).last_p,
    fibonacci.one_pile_values(60),
    endnim.endnim_values(3, 12), endnim.endnim_values4(6),
    graphnim.graph_values(3, [(0, 1), (1, 2), (2, 0)], 9), graphnim.sharing4_values(12),
    cash.subtraction_values((1, 3, 4), 200), cash.cash_winners((1, 3, 4), 30, 12),
    automata.accepted(np.array([[0, 1], [1, 0]]), np.array([True, False]),
                      np.array([[n >> 3 - i & 1 for i in range(4)] for n in range(16)]), 1, 0,
                      16),
    octal.octal_values((0, 7, 7), 3000), octal_sparse.sparse_values((0, 1, 6), 5000)[0],
    octal_sparse.sparse_values((0, 1, 2, 7), 3000, mask=(-63, 1))[0],
    octal_sparse.sparse_values((0, 0, 0, 7), 9000, threads="always")[0],
]
digest = hashlib.sha256()
for array in arrays:
    digest.update(np.ascontiguousarray(array).tobytes())
print(digest.hexdigest(), "numba" in sys.modules)
"""


def run(code: str, **env) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, **env},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_extension_is_built_and_current():
    assert jit.aot_status() == "current", (
        f"the ahead-of-time kernels are {jit.aot_status()}: rebuild them with `pip install .` "
        "(or `python -m nimlab.kernels.aot --inplace` in a source checkout)")
    extension = jit._extension()
    names = {jit.export_name(kernel.module, kernel.py_func.__name__,
                             aot.type_key(aot.normalize(spec)))
             for kernel, spec in aot.declared()}
    assert len(names) >= 17 and all(hasattr(extension, name) for name in names)


def test_every_table_is_the_same_ahead_of_time_and_just_in_time_and_needs_no_numba():
    ahead, numba_loaded = run(TABLES)
    just_in_time, _ = run(TABLES, NIMLAB_AOT="0")
    assert ahead == just_in_time
    assert numba_loaded == "False"  # every kernel above ran ahead of time


@given(st.integers(0, 400), st.integers(0, 300), st.integers(1, 3), st.integers(0, 60))
def test_random_tables_ahead_of_time_equal_just_in_time(sharing_bound, wythoff_bound, piles,
                                                        fib_bound):
    from nimlab.kernels import fibonacci, sharing, wythoff

    def tables():
        return (np.ascontiguousarray(sharing.sharing_values(sharing_bound, parallel=False)),
                wythoff.wythoff_table(wythoff_bound, parallel=False),
                fibonacci.last_p_table4(piles, fib_bound).last_p)

    ahead = tables()
    os.environ["NIMLAB_AOT"] = "0"
    try:
        just_in_time = tables()
    finally:
        del os.environ["NIMLAB_AOT"]
    for one, other in zip(ahead, just_in_time):
        assert one.dtype == other.dtype and np.array_equal(one, other)


def test_arguments_of_undeclared_types_go_to_numba():
    from nimlab.kernels import cash

    A = np.array([1, 3, 4], dtype=np.int64)
    assert jit.type_code(A) == "i8x1c" and jit.type_code(A[::2]) == "i8x1a"
    frozen = A.copy()
    frozen.flags.writeable = False
    assert jit.type_code(frozen) is None and jit.type_code("x") is None
    assert jit.type_code(True) == "b" and jit.type_code(np.int32(5)) == "i"
    assert jit.type_code(2**70) is None
    assert cash._subtraction.ahead_of_time((A, 50)) is not None
    assert cash._subtraction.ahead_of_time((frozen, 50)) is None
    assert np.array_equal(cash._subtraction(frozen, 50), cash._subtraction(A, 50))


def test_a_stale_extension_is_not_used(monkeypatch):
    monkeypatch.setattr(jit, "_extension_state", [])
    monkeypatch.setattr(jit, "fingerprint", lambda: -1)
    assert jit.aot_status() == "stale" and jit._extension() is None
    monkeypatch.setenv("NIMLAB_AOT", "0")
    assert jit.aot_status() == "off"


def test_kernels_pickle_by_reference():
    from nimlab.kernels import sharing

    assert pickle.loads(pickle.dumps(sharing._sharing_columns)) is sharing._sharing_columns


PARALLEL = """
import warnings
import numba
from nimlab.kernels import fibonacci, jit, sharing
for module in (fibonacci, sharing):
    assert jit._view(module.__name__)["prange"] is numba.prange
    assert module.prange is range  # the module itself is not changed
with warnings.catch_warnings():
    warnings.simplefilter("error", numba.NumbaPerformanceWarning)  # "no parallel loop"
    fibonacci.last_p_table4(3, 10, parallel=True)
    sharing.sharing_values(70, parallel="always")
print(sum(len(k.compiled().overloads) for k in (fibonacci._levels4,
                                                sharing._sharing_columns_parallel)))
"""


def test_parallel_kernels_compile_with_numba_prange_into_parallel_loops(tmp_path):
    """The view Numba compiles binds ``prange`` to Numba's: with Python's ``range`` the
    parallel kernels would still be right, on one thread, so only this catches it (Numba warns
    when a ``parallel=True`` function has no parallel loop).  Compiled afresh: with an empty
    Numba cache, since a cached kernel would hide the compilation and its warning."""
    assert run(PARALLEL, NUMBA_CACHE_DIR=str(tmp_path)) == ["2"]


MISSING = """
import numpy as np
from nimlab.kernels import jit, wythoff
G = np.zeros((6, 6), dtype=np.uint16)
run = wythoff.WythoffRun(5, workers=2, rows=2)
try:
    with jit.loading_only():
        run.step(G, -1, 0, 6, True)
except jit.NeedsCompiling as need:
    child = need.compile_elsewhere()
    print("missing", child.wait(timeout=300))
with jit.loading_only():
    run.step(G, -1, 0, 6, True)  # now loaded from the disk cache, not compiled
print(np.array_equal(G, wythoff.wythoff_reference(5)),
      sum(wythoff._wythoff_worker.stats.cache_hits.values()))
"""


def test_a_kernel_not_in_the_cache_is_compiled_by_another_process(tmp_path):
    out = run(MISSING, NUMBA_CACHE_DIR=str(tmp_path), NIMLAB_AOT="0")
    assert out == ["missing", "0", "True", "1"]
    assert any(tmp_path.rglob("*.nbi"))

"""The one place the kernels import Numba from: ``from nimlab.kernels.jit import njit, prange``.

Numba, when it first sets up its typing of NumPy functions, imports SciPy's BLAS bindings
(``scipy.linalg.cython_blas``, with all of ``scipy.linalg``) whenever SciPy is installed, to
know whether ``np.dot`` and friends may call BLAS.  That costs every process a tenth to a fifth
of a second, and no kernel of nimlab uses BLAS.  So, unless SciPy's ``linalg`` is loaded
already, Numba's NumPy typing is imported here with those bindings hidden for the moment; they
are visible again right after, and Numba still loads them when a function it compiles needs
them (``np.dot`` in a user's own ``@njit`` code checks for them when it is compiled).  The only
lasting effect: Numba's vector inner product for ``np.cov``-like code uses its plain loop.

It is also where a first run says that it compiles.  The kernels are compiled once and kept in
Numba's disk cache (``cache=True``: the package's ``__pycache__``, or ``NUMBA_CACHE_DIR``); on
an empty or stale cache the first call of a kernel compiles for seconds.  Numba announces each
real compilation, after its cache missed, as a ``numba:compile`` event (a kernel loaded from the
cache sends none); the listener registered here turns the first such event of a nimlab kernel
into one :class:`~nimlab.errors.NimlabNotice` per process, before the compilation starts:
"compiling the Sharing Nim kernel (first run only, about 8 s)".  The library prints nothing;
the command line shows it as one ``nimlab: note:`` line on standard error.
``NIMLAB_COMPILE_NOTICE=0`` leaves it out (the test suite does, in its own processes, where the
commands' whole output is compared).
"""

from __future__ import annotations

import sys

_HIDDEN = "scipy.linalg.cython_blas"

if "numba.np.arraymath" not in sys.modules and "scipy.linalg" not in sys.modules:
    sys.modules[_HIDDEN] = None  # an import of it fails at once, without loading scipy.linalg
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        if sys.modules.get(_HIDDEN, 0) is None:
            del sys.modules[_HIDDEN]

import os  # noqa: E402
import warnings  # noqa: E402

from numba import njit, prange  # noqa: E402
from numba.core import event  # noqa: E402

from nimlab.errors import NimlabNotice  # noqa: E402

__all__ = ["njit", "prange", "COMPILING", "announce"]

#: What a first run compiles, by the module of the first kernel it compiles: its name and about
#: how many seconds compiling it takes on an idle 2-core machine (measured under load, where it
#: took about 1.5 times as long: Sharing Nim 12 s, Wythoff 6 s, Fibonacci Nim 3 to 3.5 s, the
#: others 1 to 1.5 s; the kernels a command goes on to use may add to it).
COMPILING: dict[str, tuple[str, int]] = {
    "nimlab.kernels.sharing": ("the Sharing Nim kernel", 8),
    "nimlab.kernels.wythoff": ("the Wythoff kernel", 4),
    "nimlab.kernels.fibonacci": ("the Fibonacci Nim kernel", 2),
    "nimlab.kernels.endnim": ("the End-Nim kernel", 1),
    "nimlab.kernels.graphnim": ("the Graph Nim kernel", 1),
    "nimlab.kernels.cash": ("the NIM(A) kernel", 1),
    "nimlab.kernels.automata": ("the automaton kernel", 1),
    "nimlab.kernels.pace": ("the kernels' step runner", 1),
}
_OTHER = ("nimlab's compiled kernels", 5)

_announced = False


def announce(module: str) -> bool:
    """Issue the notice that a kernel of ``module`` is being compiled, the first time only in
    this process; whether it was issued now."""
    global _announced
    if _announced or os.environ.get("NIMLAB_COMPILE_NOTICE") == "0":
        return False
    _announced = True
    name, seconds = COMPILING.get(module, _OTHER)
    try:
        warnings.warn(f"compiling {name} (first run only, about {seconds} s)", NimlabNotice,
                      stacklevel=2)
    except Warning:  # warnings made errors: the compilation goes on regardless
        pass
    return True


class _FirstCompile(event.Listener):
    """Announces the first compilation of a nimlab kernel (Numba's own and a user's functions
    are not ours to announce)."""

    def on_start(self, happening: event.Event) -> None:
        if _announced:
            return
        compiled = getattr(happening.data.get("dispatcher"), "py_func", None)
        module = getattr(compiled, "__module__", "") or ""
        if module.startswith("nimlab."):
            announce(module)

    def on_end(self, happening: event.Event) -> None:
        pass


event.register("numba:compile", _FirstCompile())

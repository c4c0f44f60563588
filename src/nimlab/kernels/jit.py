"""The one place the kernels import Numba from: ``from nimlab.kernels.jit import njit, prange``.

Numba, when it first sets up its typing of NumPy functions, imports SciPy's BLAS bindings
(``scipy.linalg.cython_blas``, with all of ``scipy.linalg``) whenever SciPy is installed, to
know whether ``np.dot`` and friends may call BLAS.  That costs every process a tenth to a fifth
of a second, and no kernel of nimlab uses BLAS.  So, unless SciPy's ``linalg`` is loaded
already, Numba's NumPy typing is imported here with those bindings hidden for the moment; they
are visible again right after, and Numba still loads them when a function it compiles needs
them (``np.dot`` in a user's own ``@njit`` code checks for them when it is compiled).  The only
lasting effect: Numba's vector inner product for ``np.cov``-like code uses its plain loop.
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

from numba import njit, prange  # noqa: E402

__all__ = ["njit", "prange"]

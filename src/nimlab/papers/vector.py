"""One closed form for one position or a whole box of positions.

The papers' formulas are written once and evaluated either on Python ints (one position, any
size) or elementwise on NumPy arrays (a whole table at once, for the claims' checks).  The only
construct that differs between the two is the conditional, :func:`pick`.
"""

from __future__ import annotations

import numpy as np


def pick(cond, yes, no):
    """``yes`` where ``cond`` holds, else ``no``: a plain if for a bool, :func:`numpy.where` for
    arrays."""
    if isinstance(cond, np.ndarray):
        return np.where(cond, yes, no)
    return yes if cond else no

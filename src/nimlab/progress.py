"""The one progress protocol of nimlab.

Long computations (kernels, sweeps, claim checks, proofs) take a ``progress`` callable and call
``progress(done, total)`` now and then; :data:`quiet` is the default that shows nothing.  The
command line passes a Rich progress bar (:func:`nimlab.cli.common.progress_bar`); a notebook can
pass a ``print`` or a tqdm update.
"""

from __future__ import annotations

from typing import Callable

#: ``progress(done, total)``: ``done`` of ``total`` units finished.
Progress = Callable[[int, int], None]


def quiet(done: int, total: int) -> None:
    """A progress reporter that shows nothing."""


__all__ = ["Progress", "quiet"]

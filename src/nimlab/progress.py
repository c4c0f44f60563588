"""The one progress protocol of nimlab.

Long computations (kernels, sweeps, claim checks, proofs) take a ``progress`` callable and call
``progress(done, total)`` now and then; :data:`quiet` is the default that shows nothing.  The
command line passes a Rich progress bar (:func:`nimlab.cli.common.progress_bar`); a notebook can
pass a ``print`` or a tqdm update.

A question with a time limit (``nimlab value ... --time-limit``) runs its computations inside
:func:`deadline`: then :data:`quiet`, called at each step, stops a computation that has passed
the deadline by raising :class:`PastDeadline` (a table being built stops between two chunks,
and nothing half-built is kept).
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from typing import Callable, Iterator

#: ``progress(done, total)``: ``done`` of ``total`` units finished.
Progress = Callable[[int, int], None]

_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("nimlab_deadline",
                                                                        default=None)


class PastDeadline(Exception):
    """A computation reporting progress went past the deadline of the question it serves."""


def quiet(done: int, total: int) -> None:
    """A progress reporter that shows nothing (and stops work past the :func:`deadline`)."""
    limit = _DEADLINE.get()
    if limit is not None and time.monotonic() > limit:
        raise PastDeadline(f"stopped at {done:,} of {total:,}: past the time limit")


def reporter(progress: "Progress | bool | None", label: str = "") -> Progress:
    """The reporter an API call uses: ``None``/``False`` show nothing, a callable is called as
    ``progress(done, total)``, ``True`` draws a ``tqdm.auto`` bar (a widget in a notebook) when
    tqdm is installed, and shows nothing otherwise."""
    if progress is None or progress is False:
        return quiet
    if progress is True:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            return quiet
        bar = tqdm(desc=label or None, total=None, leave=False)

        def update(done: int, total: int) -> None:
            if total and bar.total != total:
                bar.total = total
            bar.n = done
            bar.refresh()
            if total and done >= total:
                bar.close()

        return update
    if not callable(progress):
        raise TypeError(f"progress: give True, False or a callable progress(done, total), "
                         f"not {progress!r}")
    return progress


@contextlib.contextmanager
def deadline(at: float | None) -> Iterator[None]:
    """Computations reporting to :data:`quiet` inside this block stop once ``time.monotonic()``
    passes ``at`` (``None``: no deadline)."""
    token = _DEADLINE.set(at)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


__all__ = ["Progress", "quiet", "reporter", "deadline", "PastDeadline"]

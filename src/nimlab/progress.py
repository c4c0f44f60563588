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


class Projected:
    """A progress reporter that passes every report on to ``inner`` and ends the computation, in
    one line (:class:`~nimlab.errors.InputError` naming ``what``, the estimate and ``advice``),
    as soon as its recent pace says the whole would take more than ``limit`` seconds: for work
    whose cost no bound known beforehand gives (an octal game's nim-sequence through the
    sparse-space method), so that the question still ends in bounded time.  The pace is that of
    the last :data:`WINDOW` seconds or more (work that grows per unit, the plain mex's, is
    projected from its latest speed, never from its cheap start); nothing is decided in the
    first ``grace`` seconds."""

    WINDOW = 1.0

    def __init__(self, inner: Progress, limit: float, what: str, advice: str,
                 grace: float = 2.0):
        self.inner, self.limit, self.what, self.advice = inner, limit, what, advice
        self.grace = grace
        self.began = time.monotonic()
        self.mark = (self.began, 0)

    def __call__(self, done: int, total: int) -> None:
        self.inner(done, total)
        now = time.monotonic()
        elapsed = now - self.began
        since, before = self.mark
        if now - since < self.WINDOW or done >= total:
            return
        rate = (done - before) / (now - since)
        self.mark = (now, done)
        if elapsed < self.grace or rate <= 0:
            return
        rest = (total - done) / rate
        if elapsed + rest > self.limit:
            from nimlab.errors import InputError, about

            raise InputError(f"{self.what}: {done:,} of {total:,} done in {elapsed:.0f} s; at "
                             f"this pace the rest needs about {about(int(rest))} s more, past the "
                             f"limit of {self.limit:.0f} s; {self.advice}")


__all__ = ["Progress", "quiet", "reporter", "deadline", "PastDeadline", "Projected"]

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


__all__ = ["Progress", "quiet", "reporter"]


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


__all__ = ["Progress", "quiet", "reporter"]

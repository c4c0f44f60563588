"""Record tables: Sharing Nim and Wythoff tables too large to keep in memory, computed in a
directory that survives an interruption.

:func:`run_record` ``(game, bound, directory)`` computes the table line after line (Sharing Nim:
columns ``b``; Wythoff: rows ``a``) with the kernels' run objects
(:class:`nimlab.kernels.sharing.SharingRun`, :class:`nimlab.kernels.wythoff.WythoffRun`), in short
paced steps on every core that pays (:mod:`nimlab.kernels.pace`), and appends each step's lines
to ``values.bin``.  Only the half the kernel computes is kept:

* ``sharing``: column ``b`` holds ``G(0, a, b)`` for ``a = 0..b//2`` (Theorem 1 gives the rest);
* ``wythoff``: row ``a`` holds ``G(a, b)`` for ``b = a..N`` (the table is symmetric);

raw little-endian integers of the ``dtype`` in ``record.json``, line after line (B = 100,000:
10 GB in ``int32``; N = 50,000: 5 GB).

**Checkpoints.**  Every ``checkpoint_seconds``, at the end and when interrupted (Ctrl-C, or
SIGTERM in the command), ``values.bin`` is flushed to disk first and ``record.json`` (the lines
done and the bytes that hold them) is then replaced atomically.  A run started again in the same
directory - after a crash, a kill, a reboot - cuts ``values.bin`` back to the bytes its last
checkpoint vouches for, rebuilds the kernel's bitsets from the lines done (a fast pass that reads
instead of computing) and continues: the finished file is the same, bit for bit, as an
uninterrupted run's (tests: ``tests/test_records.py``).  A finished run records the file's
SHA-256.

:func:`summarize` reads a finished record and returns what ``docs/RECORDS.md`` publishes
(``benchmarks/records_doc.py`` writes it): counts of each small value, the maxima, and the
papers' statements checked on the whole range.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from nimlab import __version__, fileio
from nimlab.errors import InputError
from nimlab.progress import Progress, quiet

GAMES = ("sharing", "wythoff")
STATE = "record.json"
VALUES = "values.bin"
#: A window of lines computed at once holds at most this many bytes.
WINDOW_BYTES = 64 << 20


@dataclass(frozen=True)
class Layout:
    """How a record's lines lie in ``values.bin``."""

    game: str
    bound: int
    dtype: np.dtype

    @property
    def lines(self) -> int:
        return self.bound + 1

    def first(self, i: int) -> int:
        """The first index (``a`` or ``b``) line ``i`` keeps."""
        return 0 if self.game == "sharing" else i

    def length(self, i: int) -> int:
        return i // 2 + 1 if self.game == "sharing" else self.bound + 1 - i

    def offsets(self) -> np.ndarray:
        """``offsets[i]``: the number of values before line ``i`` (length ``lines + 1``)."""
        i = np.arange(self.lines, dtype=np.int64)
        lengths = i // 2 + 1 if self.game == "sharing" else self.bound + 1 - i
        return np.concatenate([[0], np.cumsum(lengths)])


def layout(game: str, bound: int) -> Layout:
    if game not in GAMES:
        raise InputError(f"record tables exist for {', '.join(GAMES)}, not {game!r}")
    if bound < 0:
        raise InputError(f"the bound must be >= 0, got {bound}")
    if game == "sharing":  # values never exceed b
        dtype = np.dtype(np.int16) if bound < np.iinfo(np.int16).max else np.dtype(np.int32)
    else:
        from nimlab.kernels.wythoff import value_dtype
        dtype = np.dtype(value_dtype(bound))
    return Layout(game, bound, dtype)


def _kernel(game: str):
    if game == "sharing":
        from nimlab.kernels import sharing as module
        return module.SharingRun, module.work_model
    from nimlab.kernels import wythoff as module
    return module.WythoffRun, module.work_model


def record_bytes(game: str, bound: int) -> dict[str, int]:
    """The disk and memory a record run needs: ``file`` (values.bin) and ``memory`` (the
    kernel's bitsets at their largest, plus a window)."""
    shape = layout(game, bound)
    if game == "sharing":  # column b keeps b // 2 + 1 values
        values = (bound + 1) + (bound // 2) * ((bound + 1) // 2)
    else:  # row a keeps bound + 1 - a values
        values = (bound + 1) * (bound + 2) // 2
    file = values * shape.dtype.itemsize
    if game == "sharing":  # 3B line bitsets of about 0.66 B / 64 words, grown by half at most
        memory = 3 * (bound + 1) * (bound * 21 // 1280 + 2) * 8  # 0.7 B / 64 x 1.5 words
    else:
        from nimlab.kernels.wythoff import _words
        memory = 2 * (bound + 1) * _words(bound) * 8
    return {"file": file, "memory": memory + 2 * WINDOW_BYTES}


def read_state(directory: Path) -> dict | None:
    path = Path(directory) / STATE
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as problem:
        raise InputError(f"cannot read {path}: {problem}; remove the directory to start "
                         "again") from None


def _write_state(directory: Path, state: dict) -> None:
    from nimlab.fileio import write_json
    write_json(directory / STATE, state, indent=1)


def _window_lines(shape: Layout) -> int:
    return max(1, WINDOW_BYTES // (shape.lines * shape.dtype.itemsize))


def _window(shape: Layout, lines: int) -> np.ndarray:
    return np.zeros((lines, shape.lines), dtype=shape.dtype)


@dataclass
class RecordResult:
    """What :func:`run_record` reports: the state (``record.json``) and this session's time."""

    directory: Path
    state: dict
    resumed_from: int
    seconds: float

    @property
    def finished(self) -> bool:
        return bool(self.state.get("finished"))

    def to_json(self) -> dict[str, Any]:
        return {"directory": str(self.directory), **self.state,
                "resumed_from": self.resumed_from, "session_seconds": round(self.seconds, 3)}


def run_record(game: str, bound: int, directory: str | os.PathLike, *,
               progress: Progress = quiet, parallel: bool | str = True,
               checkpoint_seconds: float = 60.0,
               stop_after: Callable[[int], bool] | None = None) -> RecordResult:
    """Compute (or resume) the record table of ``game`` up to ``bound`` in ``directory``.

    ``progress(done, total)`` is called after every step with the *work* done (the kernel's
    work model, so that a caller can show an honest ETA).  ``stop_after(lines_done)`` (tests)
    ends the session after a checkpoint when it returns true.  Returns the state written.
    """
    shape = layout(game, bound)
    directory = fileio.named(directory, "record directory")
    if not directory.parent.is_dir():  # nimlab creates the record's directory, never its parents
        raise InputError(f"record directory {directory}: {directory.parent} does not exist; "
                         "create it first (nimlab makes only the last directory)")
    directory.mkdir(exist_ok=True)
    values = directory / VALUES
    for stale in directory.glob(f".{STATE}.*.part"):  # a checkpoint cut short by a kill
        stale.unlink(missing_ok=True)
    state = read_state(directory)
    if state is None:
        state = {"game": game, "bound": bound, "dtype": shape.dtype.str,
                 "layout": "sharing: columns b, a = 0..b//2" if game == "sharing"
                 else "wythoff: rows a, b = a..N", "done": 0, "bytes": 0,
                 "version": __version__, "seconds": 0.0, "finished": False}
        values.open("wb").close()
        _write_state(directory, state)
    elif (state.get("game"), state.get("bound")) != (game, bound):
        raise InputError(f"{directory} holds the {state.get('game')} record up to "
                         f"{state.get('bound')}; use another directory for {game} up to {bound}")
    elif state.get("dtype") != shape.dtype.str:
        raise InputError(f"{directory}/{STATE} has dtype {state.get('dtype')}, expected "
                         f"{shape.dtype.str}; remove the directory to start again")
    offsets = shape.offsets()
    done = int(state["done"])
    vouched = int(offsets[done]) * shape.dtype.itemsize
    if int(state["bytes"]) != vouched or not values.exists() or values.stat().st_size < vouched:
        raise InputError(f"{values} is shorter than its checkpoint says ({vouched:,} bytes); "
                         "remove the directory to start again")
    if state.get("finished"):
        return RecordResult(directory, state, done, 0.0)
    Run, work_model = _kernel(game)
    run = Run(bound)
    per_window = _window_lines(shape)
    began = time.monotonic()
    with fileio.journal(values, vouched) as handle:  # what came after the checkpoint goes
        for lo in range(0, done, per_window):  # rebuild the bitsets from the lines done
            hi = min(done, lo + per_window)
            window = _window(shape, hi - lo)
            flat = np.fromfile(handle, dtype=shape.dtype, count=int(offsets[hi] - offsets[lo]))
            for i in range(lo, hi):
                first, start = shape.first(i), int(offsets[i] - offsets[lo])
                window[i - lo, first:first + shape.length(i)] = flat[start:start + shape.length(i)]
            run.replay(window, lo, lo, hi)
        handle.seek(vouched)
        work = work_model(bound)
        last = [time.monotonic()]
        written = [done]  # lines in the file (the kernel may be ahead when interrupted)

        def checkpoint() -> None:
            lines = written[0]
            size = int(offsets[lines]) * shape.dtype.itemsize
            handle.flush()
            if handle.tell() != size:  # a signal between a line's write and its count: the
                handle.truncate(size)  # file keeps exactly the lines the state vouches for
                handle.seek(size)
            os.fsync(handle.fileno())
            state.update(done=lines, bytes=int(offsets[lines]) * shape.dtype.itemsize,
                         seconds=round(float(state["seconds"]) + time.monotonic() - last[0], 3))
            last[0] = time.monotonic()
            _write_state(directory, state)

        def step(lo: int, hi: int, threads: bool) -> None:
            if hi == lo:  # the pace loads the compiled kernels with empty steps
                run.step(_window(shape, 1), lo, lo, lo, threads)
                return
            for start in range(lo, hi, per_window):
                stop = min(hi, start + per_window)
                window = _window(shape, stop - start)
                run.step(window, start, start, stop, threads)
                for i in range(start, stop):
                    first = shape.first(i)
                    window[i - start, first:first + shape.length(i)].tofile(handle)
                    written[0] = i + 1
            stopping = stop_after is not None and stop_after(hi) and hi < shape.lines
            if time.monotonic() - last[0] >= checkpoint_seconds or hi == shape.lines \
                    or stopping:
                checkpoint()
            if stopping:
                raise _Stop

        from nimlab.kernels.pace import run_paced

        try:
            run_paced(done, shape.lines, step, work, parallel,
                      lambda i, total: progress(int(work[i]), int(work[total])), block=run.block,
                      stretch=run.stretch)
        except _Stop:
            return RecordResult(directory, state, done, time.monotonic() - began)
        except BaseException:  # Ctrl-C, SIGTERM: keep what is done (the file stays valid)
            checkpoint()
            raise
    state.update(finished=True, sha256=_sha256(values))
    _write_state(directory, state)
    return RecordResult(directory, state, done, time.monotonic() - began)


class _Stop(Exception):
    """Ends a session early (``stop_after``)."""


# --------------------------------------------------------------------------- octal games
def octal_record_bytes(bound: int) -> dict[str, int]:
    """The disk and memory an octal record needs: ``values.bin`` (``int32``, ``bound + 1``
    values) is mapped into memory whole, and the kernel keeps a few small arrays."""
    return {"file": (bound + 1) * 4, "memory": (bound + 1) * 4 + WINDOW_BYTES}


def run_octal_record(code: str, bound: int, directory: str | os.PathLike, *,
                     progress: Progress = quiet, threads: bool | str = True,
                     checkpoint_seconds: float = 60.0,
                     stop_after: Callable[[int], bool] | None = None) -> RecordResult:
    """Compute (or resume) an octal game's nim-sequence ``G(0..bound)`` in ``directory``.

    ``values.bin`` holds the values as little-endian ``int32`` (heap ``n`` at byte ``4 n``),
    computed straight into a memory map of the file by the sparse-space kernel on every core
    that pays (:func:`nimlab.kernels.octal_sparse.sparse_values`); ``record.json`` the heaps
    done.  A checkpoint (every ``checkpoint_seconds``, and at Ctrl-C or SIGTERM) writes the
    map's pages to the disk first, then the state; a run started again continues from the
    heaps the state vouches for (the values past them are computed again), and the file is the
    same, bit for bit, as an unbroken run's.  ``progress(done, total)`` counts heaps.
    ``stop_after(heaps_done)`` (tests) ends a session after a checkpoint.

    At the end the state records the file's SHA-256, the largest value, how the kernel went
    (mask, rare heaps, threads) and the verdict of the octal periodicity theorem on the whole
    sequence (:func:`nimlab.research.octal.octal_period`)."""
    from nimlab.games.octal import code_text, parse_code
    from nimlab.kernels.octal import check_work
    from nimlab.kernels.octal_sparse import sparse_values
    from nimlab.provenance import made_by
    from nimlab.research.octal import octal_period

    digits = parse_code(code)
    code = code_text(digits)
    if bound < 0:
        raise InputError(f"a heap holds 0 or more tokens, got --max {bound}")
    check_work(digits, bound)  # (hexadecimal codes: three heaps, N^3) refused up front
    directory = fileio.named(directory, "record directory")
    if not directory.parent.is_dir():
        raise InputError(f"record directory {directory}: {directory.parent} does not exist; "
                         "create it first (nimlab makes only the last directory)")
    directory.mkdir(exist_ok=True)
    values = directory / VALUES
    for stale in directory.glob(f".{STATE}.*.part"):
        stale.unlink(missing_ok=True)
    size = (bound + 1) * 4
    state = read_state(directory)
    if state is None:
        free = shutil.disk_usage(directory).free
        if size > free:
            raise InputError(f"the octal record of {code} up to heap {bound:,} needs "
                             f"{size / 2**30:.2f} GB in {directory}; {free / 2**30:.2f} GB are "
                             "free there")
        state = {"game": "octal", "code": code, "bound": bound, "dtype": "<i4",
                 "layout": "octal: G(n) for n = 0..bound, int32 little-endian", "done": 0,
                 "bytes": 0, "version": __version__, "seconds": 0.0, "finished": False,
                 "made_by": made_by()}
        fileio.sized(values, size)  # (a sparse file: the disk fills as the values come)
        _write_state(directory, state)
    elif (state.get("game"), state.get("code"), state.get("bound")) != ("octal", code, bound):
        raise InputError(f"{directory} holds the {state.get('game')} record "
                         f"{state.get('code') or ''} up to {state.get('bound')}; use another "
                         f"directory for the octal game {code} up to {bound}")
    if not values.exists() or values.stat().st_size != size:
        raise InputError(f"{values} is not the {size:,} bytes its record says; remove the "
                         "directory to start again")
    done = int(state["done"])
    if state.get("finished"):
        return RecordResult(directory, state, done, 0.0)
    began = time.monotonic()
    G = np.memmap(values, dtype="<i4", mode="r+", shape=(bound + 1,))
    last = [time.monotonic(), done]  # the last checkpoint's time, the heaps reported

    def checkpoint(heaps: int) -> None:
        G.flush()  # the values first, then the state that vouches for them
        state.update(done=heaps, bytes=heaps * 4,
                     seconds=round(float(state["seconds"]) + time.monotonic() - last[0], 3))
        last[0] = time.monotonic()
        _write_state(directory, state)

    def report(heaps: int, total: int) -> None:
        last[1] = heaps
        progress(heaps, total)
        stopping = stop_after is not None and stop_after(heaps) and heaps < total
        if time.monotonic() - last[0] >= checkpoint_seconds or stopping:
            checkpoint(heaps)
        if stopping:
            raise _Stop

    try:
        _, run = sparse_values(digits, bound, report, out=G, start=done, threads=threads)
    except _Stop:
        return RecordResult(directory, state, done, time.monotonic() - began)
    except BaseException:  # Ctrl-C, SIGTERM: keep what is done (the file stays valid)
        checkpoint(last[1])
        raise
    checkpoint(bound + 1)
    found = octal_period(digits, G)
    state.update(finished=True, sha256=_sha256(values), largest=int(G.max(initial=0)),
                 kernel=run.note, rare_heaps=run.rare, period=found.to_dict(),
                 verdict=found.summary())
    _write_state(directory, state)
    del G
    return RecordResult(directory, state, done, time.monotonic() - began)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 24):
            digest.update(chunk)
    return digest.hexdigest()


def values(directory: str | os.PathLike) -> tuple[Layout, np.ndarray]:
    """The layout and the values of a finished record (a read-only memory map)."""
    directory = Path(directory)
    state = read_state(directory)
    if state is None or not state.get("finished"):
        raise InputError(f"{directory} holds no finished record table")
    shape = layout(state["game"], int(state["bound"]))
    flat = np.memmap(directory / VALUES, dtype=shape.dtype, mode="r")
    return shape, flat


def lines(directory: str | os.PathLike, start: int = 0, stop: int | None = None):
    """``(i, first, values)`` for each line of a finished record (``values`` a view)."""
    shape, flat = values(directory)
    offsets = shape.offsets()
    for i in range(start, shape.lines if stop is None else stop):
        yield i, shape.first(i), flat[offsets[i]:offsets[i + 1]]


# ------------------------------------------------------------------------------ summaries
SMALL = 10  # counts of the values 0..SMALL-1 are reported
ROWS = 20  # Sharing Nim: the rows a = 1..ROWS of Table 1 (Conjecture 1: each is bounded)


def summarize(directory: str | os.PathLike, p_positions: int = 0) -> dict[str, Any]:
    """What a finished record shows, for ``docs/RECORDS.md``: positions, counts of the values
    below :data:`SMALL` (P-positions: value 0), the largest value and where it first occurs, and
    the papers' statements checked on the whole range.  Counts are over the whole table (Sharing
    Nim: every ``(0, a, b)``, ``0 <= a <= b <= B``; Wythoff: every ``(a, b)``, ``0 <= a, b <=
    N``), found from the kernel's half by symmetry.  ``p_positions``: also return up to this
    many P-positions (Sharing Nim: ``(a, b)``, ``a <= b/2``; Wythoff: ``(a, b)``, ``a <= b``)."""
    shape, flat = values(directory)
    state = read_state(Path(directory))
    counts = np.zeros(SMALL, dtype=np.int64)
    top, top_at, positions = -1, None, 0
    found: list[tuple[int, int]] = []
    checks: dict[str, Any] = {}
    if shape.game == "sharing":
        bad3, first3 = 0, None  # Conjecture 3: a <= b/2 and G >= 2 imply a <= 2G - 1
        row_max = np.zeros(ROWS + 1, dtype=np.int64)
        row_last = np.zeros(ROWS + 1, dtype=np.int64)
    else:
        wythoff_p = _wythoff_p_positions(shape.bound)
        p_found = 0
    for i, first, line in lines(directory):
        line = np.asarray(line, dtype=np.int64)
        index = np.arange(first, first + len(line))
        if shape.game == "sharing":  # (a, b) and (b - a, b) are two positions unless equal
            weight = np.where(2 * index == i, 1, 2)
        else:  # (a, b) and (b, a)
            weight = np.where(index == i, 1, 2)
        positions += int(weight.sum())
        small = line < SMALL
        counts += np.bincount(line[small], weights=weight[small], minlength=SMALL).astype(np.int64)
        peak = int(line.max())
        if peak > top:
            top, top_at = peak, (int(index[int(line.argmax())]), i)
        zeros = index[line == 0]
        if p_positions and len(found) < p_positions:
            found.extend((int(x), i) if shape.game == "sharing" else (i, int(x))
                         for x in zeros[:p_positions - len(found)])
        if shape.game == "sharing":
            wrong = (line >= 2) & (index > 2 * line - 1)
            if wrong.any():
                bad3 += int(wrong.sum())
                first3 = first3 or (int(index[wrong.argmax()]), i)
            for a in range(1, min(ROWS, i) + 1):  # G(0, a, i) = line[min(a, i - a)]
                g = int(line[min(a, i - a)])
                if g > row_max[a]:
                    row_max[a] = g
                if g == row_max[a]:
                    row_last[a] = i
        else:
            for b in zeros:
                p_found += 1
                if (i, int(b)) not in wythoff_p:
                    checks.setdefault("wythoff_theorem_counterexample", (i, int(b)))
    if shape.game == "sharing":
        checks["conjecture_3"] = {"statement": "a <= b/2 and G(0, a, b) = g >= 2 imply "
                                  "a <= 2g - 1", "violations": bad3, "first": first3}
        checks["conjecture_1_rows"] = [
            {"a": a, "max": int(row_max[a]), "last_attained_at_b": int(row_last[a])}
            for a in range(1, ROWS + 1)]
    else:
        checks["wythoff_theorem"] = {
            "statement": "the P-positions are the pairs (floor(n phi), floor(n phi^2)) and their "
                         "mirrors", "p_positions_found": p_found,
            "p_positions_expected": len(wythoff_p),
            "holds": p_found == len(wythoff_p)
            and "wythoff_theorem_counterexample" not in checks}
    return {"game": shape.game, "bound": shape.bound, "sha256": state.get("sha256"),
            "file_bytes": state.get("bytes"), "computation_seconds": state.get("seconds"),
            "version": state.get("version"), "positions": positions,
            "p_positions": int(counts[0]),
            "value_counts": {str(v): int(c) for v, c in enumerate(counts)},
            "max_value": top, "max_first_at": top_at, "checks": checks,
            "p_position_list": found}


def _wythoff_p_positions(bound: int) -> set[tuple[int, int]]:
    """The P-positions ``(a, b)``, ``a <= b <= bound``, by Wythoff's theorem (exact integers:
    ``floor(n phi) = (n + isqrt(5 n^2)) // 2``)."""
    from math import isqrt

    found, n = set(), 0
    while True:
        a = (n + isqrt(5 * n * n)) // 2
        b = a + n
        if b > bound:
            return found
        found.add((a, b))
        n += 1

"""The one way nimlab writes a file: atomically, with the user's permissions.

Every file nimlab produces (tables, CSV rows of a sweep, pictures, reports, the result store) is
written to a temporary file beside its target and moved over it with :func:`os.replace`, so an
interrupted run never leaves a partial file.  The new file gets the permissions an ordinary
``open(path, "w")`` would give it (``0o666`` less the process umask), not the private ``0o600``
of :func:`tempfile.mkstemp`.  A missing parent directory is an error, not created silently,
unless the caller asks for it (``make_parents=True``, for nimlab's own directories).

>>> from pathlib import Path
>>> import tempfile
>>> d = Path(tempfile.mkdtemp())
>>> write_text(d / "a.txt", "hello\\n")
PosixPath('...a.txt')
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
import signal
import tempfile
import threading
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Iterator, Sequence

__all__ = ["atomic_file", "staged_directory", "Terminated", "terminate_as_exception", "write_bytes", "write_text", "write_csv", "write_json", "umask_mode",
           "check_target", "MappedNpy"]


def umask_mode(base: int = 0o666) -> int:
    """``base`` less the process umask (read without changing it for good)."""
    mask = os.umask(0)
    os.umask(mask)
    return base & ~mask


def named(path: str | os.PathLike, what: str = "file") -> Path:
    """``path`` as a :class:`Path`; an empty name (a shell's ``''``, which ``Path`` would read
    as the current directory) is a one-line :class:`~nimlab.errors.InputError`."""
    from nimlab.errors import InputError

    if not str(path).strip():
        raise InputError(f"the {what} name is empty; give one")
    return Path(path)


def directory_setting(env: str) -> Path | None:
    """The directory the environment variable ``env`` names (``None`` if unset); one naming
    an existing file is a one-line :class:`~nimlab.errors.InputError` (the store's
    ``NIMLAB_CACHE``: never read as an empty store)."""
    from nimlab.errors import InputError

    text = os.environ.get(env)
    if not text:
        return None
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise InputError(f"{env}={text} is a file, not a directory; point it at a directory "
                         "(it is created if missing)")
    return path


def check_target(path: str | os.PathLike, suffixes: Sequence[str] = (),
                 kind: str = "file") -> Path:
    """``path`` as a file to write, checked before any work: its name ends in one of
    ``suffixes`` (if given) and its directory exists.  Otherwise a one-line
    :class:`~nimlab.errors.InputError` (nothing is created)."""
    from nimlab.errors import InputError

    path = named(path, kind)
    if path.is_dir():
        raise InputError(f"cannot write {path}: it is a directory; give a file name in it")
    if path.exists() and not path.is_file():
        raise InputError(f"cannot write {path}: it is not a regular file (a device or a "
                         "pipe); give a file name")
    if suffixes and path.suffix.lower() not in suffixes:
        names = ", ".join(suffixes[:-1]) + (" or " if len(suffixes) > 1 else "") + suffixes[-1]
        raise InputError(f"cannot write {path.name}: the {kind}'s name must end in {names}")
    parent = path.parent
    if not parent.is_dir():
        state = "is not a directory" if parent.exists() else "does not exist"
        raise InputError(f"cannot write {path}: the directory {parent} {state}; create it "
                         "first or choose another --out")
    if write_protected(path):
        raise InputError(f"cannot write {path}: it is write-protected; nothing was replaced "
                         "(make it writable, or choose another --out)")
    return path


def write_protected(path: Path) -> bool:
    """Whether ``path`` is an existing file its owner may not write (mode 444, say): nimlab
    never replaces such a file, even where it could (as root)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not mode & 0o200 or not os.access(path, os.W_OK)


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: raised like :class:`KeyboardInterrupt` for Ctrl-C, so that the
    same clean-up runs (no ``.NAME.*.part`` file is left)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    def __str__(self) -> str:
        return signal.Signals(self.signum).name


TERMINATING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                    if hasattr(signal, name))


def _terminate(signum: int, frame: Any) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def terminate_as_exception() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`Terminated` (in the main thread, where
    Python runs signal handlers; elsewhere, and where a handler other than the default is already
    installed, nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {}
    for signum in TERMINATING:
        if signal.getsignal(signum) == signal.SIG_DFL:
            saved[signum] = signal.signal(signum, _terminate)
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP held back from this thread within the block (and from the
    threads started there, which keep the mask: the signals go to a thread that runs Python's
    handlers), delivered at its end: for the few steps that must not be cut between (a
    temporary file made and its name kept for the clean-up; threads started together)."""
    held = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
            if hasattr(signal, name)}
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike, *, make_parents: bool = False) -> Iterator[BinaryIO]:
    """A binary handle whose content replaces ``path`` only when the block ends without error.

    ``make_parents`` creates missing parent directories (for nimlab's own store); otherwise a
    missing directory raises :class:`FileNotFoundError` before anything is written.
    """
    path = Path(path)
    parent = path.parent
    if make_parents:
        parent.mkdir(parents=True, exist_ok=True)
    elif not parent.is_dir():
        raise FileNotFoundError(2, "no such directory", str(parent))
    if write_protected(path):
        raise PermissionError(errno.EACCES, "the file is write-protected; nothing was replaced",
                              str(path))
    with terminate_as_exception():
        tmp = None
        try:
            # A signal between the file's making and the keeping of its name would leave it:
            # signals wait until both are done (and then clean up as any other interruption).
            with signals_held():
                try:
                    fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.",
                                               suffix=".part")
                except OSError as problem:  # named by the user's file, never the temporary one
                    raise _naming(problem, path, problem.filename) from None
                handle = os.fdopen(fd, "wb")
            with handle:
                os.fchmod(handle.fileno(), umask_mode())
                yield handle
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException as problem:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
            if isinstance(problem, OSError) and tmp is not None:
                raise _naming(problem, path, tmp) from None
            raise


@contextlib.contextmanager
def staged_directory(directory: str | os.PathLike) -> Iterator[Path]:
    """A fresh hidden directory beside ``directory`` whose files move into ``directory`` (made
    if missing) only when the block ends without error: an interrupted or failed run of many
    files (``nimlab reproduce``) leaves none of them, and no new ``directory`` either.  SIGTERM
    and SIGHUP clean up as Ctrl-C does."""
    import shutil

    directory = Path(directory)
    with terminate_as_exception():
        _remove_stale_stagings(directory)
        staging = None
        try:
            with signals_held():  # the directory made and its name kept, as atomic_file does
                try:
                    staging = Path(tempfile.mkdtemp(dir=directory.parent,
                                                    prefix=f".{directory.name}.{os.getpid()}.",
                                                    suffix=".part"))
                except OSError as problem:
                    raise _naming(problem, directory, None) from None
            yield staging
            directory.mkdir(exist_ok=True)
            for source in sorted(staging.rglob("*")):
                if source.is_file():
                    target = directory / source.relative_to(staging)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(source, target)
        except OSError as problem:  # named by the user's directory, never the staging one
            if staging is None:
                raise
            name = str(problem.filename or "")
            inside = directory / Path(name).relative_to(staging) if name.startswith(
                str(staging)) else directory
            raise _naming(problem, inside, name if name.startswith(str(staging)) else None) \
                from None
        finally:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)


def _remove_stale_stagings(directory: Path) -> None:
    """Remove the staging directories beside ``directory`` that a killed run left (``kill -9``
    runs no cleanup): those whose process, named in their name, is gone."""
    import shutil

    for old in directory.parent.glob(f".{glob_escape(directory.name)}.*.part"):
        pid = old.name[len(directory.name) + 2:].split(".", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(old, ignore_errors=True)
        except OSError:  # another user's live process: not ours to remove
            pass


def glob_escape(name: str) -> str:
    """``name`` with the glob characters escaped."""
    import glob

    return glob.escape(name)


@contextlib.contextmanager
def journal(path: str | os.PathLike, keep: int) -> Iterator[BinaryIO]:
    """A binary handle on the append-only file ``path`` (a record run's values), cut back to its
    first ``keep`` bytes and positioned at its start.  The one writer that does not replace a file
    whole: what such a file holds past ``keep`` is vouched for only by a checkpoint that the
    caller writes atomically (:func:`write_json`) after flushing, so a killed run loses at most
    the lines after its last checkpoint and never leaves a file that claims more."""
    path = Path(path)
    try:
        handle = open(path, "r+b")
    except OSError as problem:
        raise _naming(problem, path, None) from None
    with handle:
        handle.truncate(keep)
        handle.seek(0)
        yield handle


def sized(path: str | os.PathLike, size: int) -> Path:
    """Make ``path`` a file of ``size`` zero bytes (sparse: the disk fills as it is written), for
    a record run whose values a memory map fills in place (an octal record's): like
    :func:`journal`, vouched for only by the checkpoints its caller writes."""
    path = Path(path)
    try:
        with open(path, "wb") as handle:
            handle.truncate(size)
    except OSError as problem:
        raise _naming(problem, path, None) from None
    return path


def _naming(problem: OSError, path: Path, tmp: str | None) -> OSError:
    """``problem`` about the user's file ``path``: an error on the temporary file, or one that
    names no file at all (a full disk), names ``path`` instead."""
    if problem.filename not in (None, tmp) and problem.filename2 in (None, str(path)):
        return problem  # about another file: keep it
    if problem.errno is None and "requested and" in str(problem):  # NumPy's short write
        return OSError(errno.ENOSPC, f"{os.strerror(errno.ENOSPC)} (the file was not "
                                     "written)", str(path))
    renamed = type(problem)(problem.errno, problem.strerror or str(problem), str(path))
    return renamed


def write_bytes(path: str | os.PathLike, data: bytes | Callable[[BinaryIO], Any], *,
                make_parents: bool = False) -> Path:
    """Write ``data`` (bytes, or a function that writes to a binary handle) atomically."""
    with atomic_file(path, make_parents=make_parents) as handle:
        if callable(data):
            data(handle)
        else:
            handle.write(data)
    return Path(path)


#: ``madvise``'s advice that makes pages present and writable (Linux 5.14 on).
MADV_POPULATE_WRITE = 23


def _libc(name: str, *argtypes):
    """The C library's function ``name`` (through :mod:`ctypes`, which lets Python's other
    threads run while it is in the call), or ``None`` where there is none."""
    import ctypes

    try:
        function = getattr(ctypes.CDLL(None, use_errno=True), name)
    except (AttributeError, OSError):
        return None
    function.argtypes = list(argtypes)
    return function


def populate(mapping, address: int, length: int, workers: int = 1) -> None:
    """Make the pages of a shared writable ``mapping`` (an :class:`mmap.mmap` at ``address``,
    ``length`` bytes) present and writable in one call each, not a page fault each (0.15 to 0.6
    s for 800 MB on this machine, against 0.3 to 2.8 s of faults; its first touch of memory the
    host has not given it lately costs up to 2.6 s either way).  With ``workers > 1`` that many
    threads share the pages, and the call returns when all are done (in the background, while
    the kernel's threads had begun, it was 2% slower at N = 20,000: the cores were shared four
    ways).  The advice is only advice: an older system, or a failure, leaves the pages to come
    as they are first written."""
    import ctypes
    import mmap

    advice = getattr(mmap, "MADV_POPULATE_WRITE", MADV_POPULATE_WRITE)
    madvise = _libc("madvise", ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
    if workers <= 1 or madvise is None:
        try:
            mapping.madvise(advice)
        except (AttributeError, OSError, ValueError):
            pass
        return
    page = mmap.PAGESIZE
    share = -(-length // (workers * page)) * page
    threads = [threading.Thread(target=madvise, args=(address + start,
                                                      min(share, length - start), advice),
                                daemon=True, name="nimlab-populate")
               for start in range(0, length, share)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


#: ``sync_file_range``'s flag that starts writing a range's dirty pages and returns.
SYNC_FILE_RANGE_WRITE = 2


def _sync_file_range():
    """The C library's ``sync_file_range`` (Linux), or ``None``."""
    import ctypes

    return _libc("sync_file_range", ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint)


class Writeback:
    """Writes the first bytes of a file to the disk in the background as they become final,
    so that the flush at the end waits only for the last of them: a big table computed into its
    file (:class:`MappedNpy`) says after each step how far it is final (:meth:`upto`), and one
    thread at a time starts the writing of what is new (``sync_file_range``, which may block
    while the disk's queue is full: 0.25-0.33 s for 800 MB here, with 0.03 s of processor
    time; the flush of the whole file at the end took 0.33-0.47 s).  The thread has its own
    duplicate of the file descriptor; :meth:`close` waits for it and closes that.  Without
    ``sync_file_range`` nothing is written early.  The writing starts by :data:`CHUNK` at
    least: each start is a thread (and the disk's work) beside the kernel's threads, which with
    another process on the cores lose more than their share (Wythoff N = 6,000 on two threads
    with a competing process, finished rows passed on every 50 ms and written as they came:
    1.12 s at the median against 0.99 s without writing early)."""

    #: The least new bytes a start of the writing takes (the rest waits for the flush).
    CHUNK = 32 << 20

    def __init__(self, fd: int):
        self._sync = _sync_file_range()
        self._fd = os.dup(fd) if self._sync is not None else -1
        self._lock = threading.Lock()
        self._want = 0  # bytes [0, want) are final
        self._started = 0  # bytes [0, started) are being written or written
        self._thread: threading.Thread | None = None

    def upto(self, end: int) -> None:
        """Bytes ``[0, end)`` will not change: write them (whole pages) in the background."""
        import mmap

        end -= end % mmap.PAGESIZE
        with self._lock:
            if self._fd < 0 or end < self._want + self.CHUNK:  # (started <= want)
                return
            self._want = end
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True,
                                                name="nimlab-writeback")
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                fd, start, end = self._fd, self._started, self._want
                if start >= end or fd < 0:  # nothing new, or closed (the flush does the rest)
                    self._thread = None
                    return
                self._started = end
            self._sync(fd, start, end - start, SYNC_FILE_RANGE_WRITE)  # the lock let go

    def close(self) -> None:
        """Wait for the writing started so far to be handed to the disk; close the duplicate."""
        with self._lock:
            thread = self._thread
            fd, self._fd = self._fd, -1
        if thread is not None:
            thread.join()
        if fd >= 0:
            os.close(fd)


class MappedNpy:
    """An ``.npy`` file being written (the temporary file of :func:`atomic_file`) that a kernel
    may compute its table straight into: :meth:`claim` gives the file's data as a writable
    array (file-backed memory), so that the table is never copied into the file afterwards;
    :meth:`finish` then only flushes it, or writes whatever array the table turned out to be.
    The whole length is reserved on the disk before the array is given (a full disk is an
    error then, not a crash of the mapped memory later)."""

    #: Tables smaller than this are computed in memory and written (mapping pays for big ones).
    MIN_BYTES = 64 << 20

    def __init__(self, handle: BinaryIO):
        self.handle = handle
        self.array = None
        self._writeback: Writeback | None = None
        self._offset = 0  # the data's first byte in the file

    def claim(self, shape: tuple[int, ...], dtype: Any, workers: int = 1):
        """The file's data as an array of ``shape`` and ``dtype`` (C order), the first time a
        big enough table asks; else ``None`` (the caller allocates memory as usual).  Its pages
        are made present and writable (:func:`populate`) before it is returned, by ``workers``
        threads (as many as will compute the table)."""
        import numpy as np

        dtype = np.dtype(dtype)
        nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        if (self.array is not None or nbytes < self.MIN_BYTES
                or not hasattr(os, "posix_fallocate")):
            return None
        np.lib.format.write_array_header_1_0(self.handle, {
            "descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False,
            "shape": tuple(int(n) for n in shape)})
        self.handle.flush()
        offset = self.handle.tell()
        os.posix_fallocate(self.handle.fileno(), 0, offset + nbytes)
        import mmap

        self._mapping = mmap.mmap(self.handle.fileno(), offset + nbytes)  # shared, writable
        self.array = np.ndarray(tuple(shape), dtype=dtype, buffer=self._mapping, offset=offset)
        populate(self._mapping, self.array.ctypes.data - offset, offset + nbytes, workers)
        self._offset = offset
        self._writeback = Writeback(self.handle.fileno())
        return self.array

    def settled(self, array: Any, rows: int) -> None:
        """The first ``rows`` rows of the claimed ``array`` will not change: the disk may have
        them now (:class:`Writeback`)."""
        if self._writeback is not None and self.holds(array):
            self._writeback.upto(self._offset + rows * array.strides[0])

    def close(self) -> None:
        """Wait for the writing to the disk started so far (:class:`Writeback`), after
        :meth:`finish` or when the table failed."""
        if self._writeback is not None:
            self._writeback.close()

    def holds(self, array: Any) -> bool:
        """Whether ``array`` is the claimed one, whole (what the file must hold; its pages are
        made present and writable by :meth:`claim`, so a kernel need not touch them first)."""
        mapped = self.array
        return (mapped is not None and getattr(array, "shape", None) == mapped.shape
                and array.dtype == mapped.dtype and array.flags.c_contiguous
                and array.__array_interface__["data"][0] == mapped.__array_interface__["data"][0])

    def finish(self, array: Any) -> None:
        """Make the file hold ``array``: flush the mapped table if it is that one, else write
        ``array`` over whatever the file holds."""
        import numpy as np

        self.close()  # before the file is flushed or cut: the writing started is done
        if self.holds(array):
            self._mapping.flush()
            return
        self.handle.seek(0)
        self.handle.truncate()
        np.save(self.handle, array)


def write_text(path: str | os.PathLike, text: str, *, make_parents: bool = False) -> Path:
    """Write ``text`` (UTF-8) atomically."""
    return write_bytes(path, text.encode("utf-8"), make_parents=make_parents)


def write_csv(path: str | os.PathLike, header: Sequence[Any] | None,
              rows: Iterable[Sequence[Any]], *, make_parents: bool = False) -> Path:
    """Write a CSV (``header`` first unless ``None``) atomically, ``\\n`` line ends."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if header is not None:
        writer.writerow(header)
    writer.writerows(rows)
    return write_text(path, buffer.getvalue(), make_parents=make_parents)


def write_json(path: str | os.PathLike, data: Any, *, make_parents: bool = False,
               indent: int | None = 2) -> Path:
    """Write ``data`` as JSON atomically (a trailing newline)."""
    return write_text(path, json.dumps(data, indent=indent) + "\n", make_parents=make_parents)

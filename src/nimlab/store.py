"""The result store: computed tables kept on disk, reused, sliced and extended.

Tables live in :func:`cache_dir` (the user's cache directory, or ``$NIMLAB_CACHE``).  An entry is
a ``.npy`` file and a small JSON sidecar holding its key - game, parameters, range (``bound``) and
nimlab version - and the file's size and CRC-32.  Both are written through :mod:`nimlab.fileio`
(atomically, with the user's umask), data first, so an interrupted run leaves at worst a data file
without a sidecar, which is never read (``nimlab cache list`` shows it, ``cache clear`` removes
it).  A file whose size, checksum or contents do not match its sidecar is deleted, with a one-line
warning on stderr, and the table recomputed.

A request is answered by the smallest stored table of the same key that covers it (sliced down),
else by extending the largest smaller one when the game allows it (Sharing Nim grows by columns
``b``), else by computing.  Tables that are cheap to compute (less than :data:`MIN_WORK` cells)
are not written.  Before anything is read or computed, the memory the table needs is checked
(:func:`nimlab.kernels.check_memory`): a table larger than the machine is refused in one line.

This module is also nimlab's one in-process cache: the last tables handed out (at most
:data:`MEMO_BYTES` in all) are kept in memory, read-only, so a process asking twice computes or
reads once.  :func:`forget` empties it.

Python API for other modules::

    from nimlab import store
    V = store.sharing_values(5000)                   # G(0, a, b), computed once, then reused
    store.fibonacci_first_move(3, 200, factor=2)     # first-move P-positions
    store.endnim_values(3, 100, "misere")            # End-Nim values (layout: nimlab.kernels.endnim)
    store.cash_winners((1, 3, 4), 100, 100)          # W[n, d1, d2]
    store.cached(game, params, bound, compute, ...)  # any other table

Every function takes ``use_cache=False`` to compute without touching the disk or the memo.
Arrays handed out are read-only (copy them to change them).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import time
import warnings
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from nimlab import __version__, fileio
from nimlab.errors import InputError, NimlabError, NimlabWarning
from nimlab.kernels import check_memory
from nimlab.parsing import parse_size
from nimlab.progress import Progress, Projected, quiet

ENV = "NIMLAB_CACHE"
#: The store's size limit: ``$NIMLAB_CACHE_MAX`` (``500M``, ``4G``, bytes; ``0`` stores nothing),
#: else :data:`DEFAULT_MAX_BYTES`.  Past it, the least recently used tables are deleted.
MAX_ENV = "NIMLAB_CACHE_MAX"
DEFAULT_MAX_BYTES = 4 * 2**30
#: A run that stores more than this says so (how much, and where) when it ends.
ANNOUNCE_BYTES = 100 * 2**20
#: The names of the store's tables (``nimlab cache clear --game``); ``fibonacci`` is read as
#: ``fibonacci-first-move``.
TABLE_NAMES = ("sharing", "sharing4", "fibonacci-first-move", "end-nim", "cash", "subtraction",
               "wythoff", "graph-nim")
_ALIASES = {"fibonacci": "fibonacci-first-move"}
#: Tables computed from fewer cells than this are not worth a file.
MIN_WORK = 4_000_000
#: The in-process memo keeps at most this many bytes of tables (0: no memo).
MEMO_BYTES = 1 << 30

Bound = Any  # an int, or a tuple of ints (one per dimension of the range)
Slicer = Callable[[np.ndarray, Bound, Bound], np.ndarray]
Extender = Callable[[np.ndarray, Bound, Bound, Progress], np.ndarray]

#: File names the store writes: ``GAME-KEY-BOUND.npy`` (KEY: 12 hex digits, BOUND: ``NxM``).
_NAME = re.compile(r"^(?P<game>.+)-(?P<key>[0-9a-f]{12})-(?P<bound>\d+(?:x\d+)*)$")


def cache_dir() -> Path:
    """Where tables are kept: ``$NIMLAB_CACHE`` if set, else the user's cache directory."""
    path = fileio.directory_setting(ENV)
    if path is not None:
        return path
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("nimlab"))


def max_bytes() -> int:
    """The store's cap in bytes (``$NIMLAB_CACHE_MAX``; a bad value is a one-line error)."""
    text = os.environ.get(MAX_ENV, "").strip()
    return parse_size(text, MAX_ENV) if text else DEFAULT_MAX_BYTES


def describe_size(nbytes: int) -> str:
    return f"{nbytes / 2**30:,.1f} GB" if nbytes >= 2**30 else f"{nbytes / 2**20:,.1f} MB"


def table_name(game: str) -> str:
    """``game`` as a name of the store's tables, or a one-line error naming them."""
    name = _ALIASES.get(game, game)
    if name not in TABLE_NAMES:
        raise InputError(f"the store keeps no {game!r} tables; its tables are: "
                         f"{', '.join(TABLE_NAMES)}")
    return name


def warn(message: str) -> None:
    """A :class:`~nimlab.errors.NimlabWarning` (the store's only way to speak; the command line
    prints it as one line on stderr)."""
    warnings.warn(" ".join(message.split()), NimlabWarning, stacklevel=3)


@dataclass
class Entry:
    """One stored table: ``path`` (the .npy file) and its sidecar ``meta``.

    ``problem`` is set (``"metadata unreadable"`` or ``"metadata missing"``) for a data file
    whose sidecar cannot be used; such an entry is listed and cleared, never read.
    """

    path: Path
    meta: dict
    problem: str | None = None

    @property
    def sidecar(self) -> Path:
        return self.path.with_suffix(".json")

    @property
    def game(self) -> str | None:
        if self.problem is None:
            return self.meta["game"]
        found = _NAME.match(self.path.stem)
        return found.group("game") if found else None

    @property
    def bound(self) -> tuple[int, ...]:
        return tuple(self.meta["bound"])

    @property
    def size(self) -> int:
        """Bytes on disk (the sidecar's record, or the file's size when it was listed)."""
        return int(self.meta["size"])

    def to_dict(self) -> dict:
        if self.problem is not None:
            return {"game": self.game, "params": None, "bound": None, "version": None,
                    "shape": None, "dtype": None, "bytes": self.size, "file": str(self.path),
                    "current": False, "problem": self.problem}
        return {"game": self.meta["game"], "params": self.meta["params"],
                "bound": _unwrap(self.bound), "version": self.meta["version"],
                "shape": self.meta["shape"], "dtype": self.meta["dtype"],
                "bytes": self.meta["size"], "file": str(self.path),
                "current": self.meta["version"] == __version__, "problem": None}

    def remove(self) -> None:
        self.sidecar.unlink(missing_ok=True)
        self.path.unlink(missing_ok=True)


def _as_tuple(bound: Bound) -> tuple[int, ...]:
    return tuple(int(b) for b in bound) if isinstance(bound, (tuple, list)) else (int(bound),)


def _unwrap(bound: tuple[int, ...]) -> Bound:
    return bound[0] if len(bound) == 1 else list(bound)


def _key(game: str, params: dict) -> str:
    text = json.dumps({"game": game, "params": params, "version": __version__}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _read_meta(sidecar: Path) -> dict | None:
    try:
        meta = json.loads(sidecar.read_text())
        meta["game"], meta["bound"], meta["size"], meta["shape"], meta["dtype"]  # noqa: B018
        [int(b) for b in meta["bound"]]
        int(meta["size"])
        return meta
    except (OSError, ValueError, KeyError, TypeError):
        return None


def entries(directory: Path | None = None) -> list[Entry]:
    """Every entry with a readable sidecar (current and older nimlab versions)."""
    return [e for e in listing(directory) if e.problem is None]


def listing(directory: Path | None = None) -> list[Entry]:
    """Every table file of the store: the readable entries and, with ``problem`` set, the data
    files whose sidecar is unreadable or missing (what ``nimlab cache list`` shows)."""
    directory = cache_dir() if directory is None else directory
    if not directory.is_dir():
        return []
    found = []
    for path in sorted(directory.glob("*.npy")):
        sidecar = path.with_suffix(".json")
        meta = _read_meta(sidecar) if sidecar.exists() else None
        if meta is None:
            try:
                size = path.stat().st_size
            except OSError:
                continue
            problem = "metadata unreadable" if sidecar.exists() else "metadata missing"
            found.append(Entry(path, {"size": size}, problem))
        else:
            found.append(Entry(path, meta))
    return found


def _matching(game: str, params: dict) -> list[Entry]:
    return [e for e in entries() if e.meta["game"] == game and e.meta.get("params") == params
            and e.meta.get("version") == __version__]


def _checksum(path: Path) -> int:
    crc = 0
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 24):
            crc = zlib.crc32(chunk, crc)
    return crc


#: Bytes this process has stored (for the note at its end), and whether a table was refused.
_STORED = {"bytes": 0, "directory": None, "skipped": 0}


def stored_bytes() -> int:
    """Bytes of tables this process has stored so far."""
    return _STORED["bytes"]


def stored_note(since: int = 0) -> str | None:
    """A line saying how much was stored (since ``stored_bytes()`` was ``since``) and where,
    once that passed ANNOUNCE_BYTES (the command line prints it when a command ends; the library
    itself never prints)."""
    stored = _STORED["bytes"] - since
    if stored <= ANNOUNCE_BYTES:
        return None
    return (f"this run stored {describe_size(stored)} of tables in "
            f"{_STORED['directory']} (capped at {describe_size(max_bytes())}, {MAX_ENV}; "
            "`nimlab cache` shows it, `nimlab cache clear` empties it)")


def growth_note(before: dict) -> str | None:
    """A line saying what work done outside this process (a sweep's workers) stored, from the
    store's :func:`usage` ``before`` it and now; ``None`` when nothing much changed."""
    now = usage()
    added, grown = now["tables"] - before["tables"], now["bytes"] - before["bytes"]
    if added <= 0 and grown <= ANNOUNCE_BYTES:
        return None
    full = now["bytes"] + ANNOUNCE_BYTES >= now["max_bytes"]
    return (f"the result store {now['directory']} now holds {now['tables']} tables "
            f"({added:+,}), {describe_size(now['bytes'])} of at most "
            f"{describe_size(now['max_bytes'])} ({MAX_ENV})"
            + ("; it is at its cap, the least recently used tables make room" if full else "")
            + "; `nimlab cache clear` empties it")


def used(entry: Entry) -> None:
    """Mark ``entry`` as just used (its file's time), for least-recently-used eviction."""
    try:
        os.utime(entry.path)
    except OSError:
        pass


def _last_use(entry: Entry) -> float:
    try:
        return entry.path.stat().st_mtime
    except OSError:
        return 0.0


def usage() -> dict:
    """Where the store is, how many tables it holds, their bytes and the cap."""
    found = listing()
    return {"directory": str(cache_dir()), "tables": len(found),
            "bytes": sum(e.size for e in found), "max_bytes": max_bytes(), "max_env": MAX_ENV}


def make_room(nbytes: int, cap: int | None = None) -> bool:
    """Delete the least recently used tables until ``nbytes`` more fit under the cap; False if
    ``nbytes`` alone exceeds it (the store is then only brought down to its cap)."""
    cap = max_bytes() if cap is None else cap
    fits = nbytes <= cap
    held = sorted(listing(), key=_last_use)
    total = sum(e.size for e in held)
    while held and total + (nbytes if fits else 0) > cap:
        oldest = held.pop(0)
        total -= oldest.size
        oldest.remove()
    return fits


def save(game: str, params: dict, bound: Bound, array: np.ndarray) -> Entry | None:
    """Store ``array`` under (game, params, bound, version), atomically, within the cap
    (least recently used tables make room; a table larger than the cap is not stored, with a
    one-line warning)."""
    directory = cache_dir()
    cap = max_bytes()
    try:
        fits = make_room(array.nbytes + 4096, cap)
    except OSError as problem:  # a read-only store: nothing can go
        _not_stored(directory, problem)
        return None
    if not fits:
        _STORED["skipped"] += 1
        if cap > 0:
            warn(f"the {game} table ({describe_size(array.nbytes)}) is larger than the store's "
                 f"cap ({describe_size(cap)}, {MAX_ENV}): computed but not stored")
        return None
    bound = _as_tuple(bound)
    stem = f"{game}-{_key(game, params)}-{'x'.join(map(str, bound))}"
    path = directory / f"{stem}.npy"
    entry = Entry(path, {})
    try:
        fileio.write_bytes(path, lambda handle: np.save(handle, array), make_parents=True)
        meta = {"game": game, "params": params, "bound": list(bound), "version": __version__,
                "shape": list(array.shape), "dtype": str(array.dtype),
                "size": path.stat().st_size, "crc32": _checksum(path), "created": time.time()}
        entry.meta = meta
        fileio.write_json(entry.sidecar, meta, indent=1)
    except OSError as problem:  # a read-only or full store: the result stands, unstored
        try:
            entry.remove()
        except OSError:
            pass
        _not_stored(directory, problem)
        return None
    _STORED["bytes"] += meta["size"]
    _STORED["directory"] = directory
    return entry


def _not_stored(directory: Path, problem: OSError) -> None:
    """Say once per process that the store cannot be written (the commands still succeed)."""
    _STORED["skipped"] += 1
    if _STORED.get("unwritable"):
        return
    _STORED["unwritable"] = True
    reason = problem.strerror or str(problem)
    warn(f"the result store {directory} cannot be written ({reason}): results are computed "
         f"but nothing is stored (set {ENV} to a writable directory)")


def _entry_bytes(entry: Entry) -> int:
    return int(np.prod(entry.meta["shape"], dtype=object)) * np.dtype(entry.meta["dtype"]).itemsize


def load(entry: Entry, bound: Bound | None = None, slicer: Slicer | None = None) -> np.ndarray | None:
    """The entry's array (cut down by ``slicer(array, stored, bound)`` if given), or ``None`` -
    with a one-line warning on stderr and the entry deleted - if the file is damaged."""
    meta = entry.meta
    try:
        if entry.path.stat().st_size != meta["size"]:
            raise ValueError("truncated or grown: its size does not match its record")
        if _checksum(entry.path) != meta["crc32"]:
            raise ValueError("its checksum does not match its record")
        array = np.load(entry.path, mmap_mode="r", allow_pickle=False)
        if list(array.shape) != meta["shape"] or str(array.dtype) != meta["dtype"]:
            raise ValueError("its shape or type does not match its record")
        if slicer is None or _as_tuple(bound) == entry.bound:
            wanted = array
        else:
            wanted = slicer(array, _unwrap(entry.bound), bound)
        check_memory(wanted.nbytes, f"reading the stored table {entry.path.name}")
        wanted = np.array(wanted)  # in memory, not a view of the file
        used(entry)
        return wanted
    except NimlabError:  # too large to read: refused, the file is kept
        raise
    except (MemoryError, OSError) as problem:
        if isinstance(problem, MemoryError) or problem.errno in (errno.ENOMEM, errno.EAGAIN):
            # the process may not map or allocate it (`ulimit -v`, a full machine): the file is
            # good and kept
            raise InputError(f"not enough memory to read the stored table {entry.path.name} "
                             f"({describe_size(entry.meta['size'])}; the process's memory is "
                             "limited or the machine's is taken); it is kept: free memory or "
                             "raise the limit (ulimit -v), or choose a smaller bound") from None
        if isinstance(problem, FileNotFoundError):  # removed meanwhile (the store was cleared)
            entry.remove()
            return None
        return _drop_damaged(entry, problem)
    except (ValueError, KeyError, EOFError) as problem:
        return _drop_damaged(entry, problem)


def _drop_damaged(entry: Entry, problem: BaseException) -> None:
    """Delete a damaged entry, saying so in one line (the caller recomputes it)."""
    entry.remove()
    reason = getattr(problem, "strerror", None) or problem
    warn(f"dropped the damaged stored table {entry.path.name} ({reason}); recomputing it")
    return None


def slice_square(array: np.ndarray, stored: Bound, bound: Bound) -> np.ndarray:
    """Default slicer: every axis indexed ``0..bound`` (one bound for all axes)."""
    (b,) = _as_tuple(bound)
    return array[(slice(0, b + 1),) * array.ndim]


# ------------------------------------------------------------------------ the memo
#: (cache directory, game, parameters) -> (bound, read-only array), least recently used first.
_MEMO: OrderedDict[tuple[str, str, str], tuple[tuple[int, ...], np.ndarray]] = OrderedDict()


def forget() -> None:
    """Empty the in-process memo (the tables on disk stay)."""
    _MEMO.clear()


def _memo_key(game: str, params: dict) -> tuple[str, str, str]:
    return (str(cache_dir()), game, json.dumps(params, sort_keys=True))


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


def _remember(key: tuple[str, str, str], bound: tuple[int, ...], array: np.ndarray) -> None:
    if array.nbytes > MEMO_BYTES:
        return
    _MEMO.pop(key, None)
    _MEMO[key] = (bound, array)
    while sum(a.nbytes for _, a in _MEMO.values()) > MEMO_BYTES:
        _MEMO.popitem(last=False)


def _recall(key: tuple[str, str, str], want: tuple[int, ...], bound: Bound,
            slicer: Slicer) -> np.ndarray | None:
    held = _MEMO.get(key)
    if held is None or not all(s >= w for s, w in zip(held[0], want)):
        return None
    _MEMO.move_to_end(key)
    stored, array = held
    return array if stored == want else _frozen(slicer(array, _unwrap(stored), bound))


# ------------------------------------------------------------------------ the lookup
def cached(game: str, params: dict, bound: Bound, compute: Callable[[Bound, Progress], np.ndarray],
           *, slicer: Slicer = slice_square, extend: Extender | None = None,
           use_cache: bool = True, progress: Progress = quiet,
           work: int | None = None, nbytes: int | None = None,
           what: str | None = None) -> np.ndarray:
    """The table ``compute(bound, progress)``, from the memo or the store when possible.

    ``bound`` is an int or a tuple (a stored table covers a request when it is at least as large
    in every component); ``slicer(array, stored_bound, bound)`` cuts a stored table down;
    ``extend(array, stored_bound, bound, progress)`` grows a smaller one, if the game allows it.
    ``work`` is the number of cells the computation visits (default: the result's size).
    ``nbytes`` is the memory the computation needs at most: above the machine's memory the
    request is refused (:class:`~nimlab.errors.InputError`, one line naming ``what``) before
    anything is read or allocated.
    """
    if nbytes is not None:
        check_memory(nbytes, what or f"the {game} table for {_unwrap(_as_tuple(bound))}")
    if not use_cache:
        return compute(bound, progress)
    want = _as_tuple(bound)
    key = _memo_key(game, params)
    if MEMO_BYTES > 0:
        held = _recall(key, want, bound, slicer)
        if held is not None:
            return held
    same = _matching(game, params)
    covering = sorted((e for e in same if all(s >= w for s, w in zip(e.bound, want))),
                      key=lambda e: e.meta["size"])
    for entry in covering:
        array = load(entry, bound, slicer)
        if array is not None:
            _remember(key, want, _frozen(array))
            return array
    result = None
    held = _MEMO.get(key) if MEMO_BYTES > 0 else None
    if extend is not None and held is not None and all(s <= w for s, w in zip(held[0], want)):
        result = extend(held[1], _unwrap(held[0]), bound, progress)
    elif extend is not None:
        smaller = sorted((e for e in same if all(s <= w for s, w in zip(e.bound, want))
                          and e.path.exists()),
                         key=lambda e: e.meta["size"], reverse=True)
        for entry in smaller:
            array = load(entry)
            if array is not None:
                result = extend(array, _unwrap(entry.bound), bound, progress)
                break
    if result is None:
        result = compute(bound, progress)
    if (result.size if work is None else work) >= MIN_WORK and \
            save(game, params, want, result) is not None:
        for entry in same:  # superseded: the new table covers them
            if entry.path.exists() and all(s <= w for s, w in zip(entry.bound, want)) \
                    and entry.bound != want:
                entry.remove()
    _remember(key, want, _frozen(result))
    return result


def clear(game: str | None = None, older_than: float | None = None) -> list[Entry]:
    """Delete stored tables (of ``game`` only, and/or unused for ``older_than`` days, if given)
    and leftovers; returns what went.  An unknown ``game`` is a one-line error naming the
    store's tables.

    Data files whose sidecar is unreadable go too (their game is read from the file name)."""
    directory = cache_dir()
    if game is not None:
        game = table_name(game)
    if older_than is not None and older_than < 0:
        raise InputError(f"--older-than must be >= 0 days, got {older_than}")
    limit = None if older_than is None else time.time() - older_than * 86400
    gone = [e for e in listing() if (game is None or e.game == game)
            and (limit is None or _last_use(e) < limit)]
    for entry in gone:
        entry.remove()
    if game is None and older_than is None and directory.is_dir():
        stray = list(directory.glob(".*.part")) + [
            p for p in directory.glob("*.json") if not p.with_suffix(".npy").exists()]
        for leftover in stray:
            leftover.unlink(missing_ok=True)
    forget()
    return gone


# ------------------------------------------------------------------------------ the games
# One function per kind of table: the key (game, parameters), the kernel that computes it, how a
# stored table is sliced or extended, and the memory it needs (checked before anything else).
def sharing_bytes(bound: int) -> int:
    """The memory :func:`sharing_values` needs for ``bound`` (the kernel's table and bitsets)."""
    from nimlab.kernels import sharing

    return sharing.table_bytes(bound)


def sharing_values(bound: int, progress: Progress = quiet, use_cache: bool = True) -> np.ndarray:
    """``V[a, b] = G(0, a, b)`` of 3-pile Sharing Nim (see :mod:`nimlab.kernels.sharing`)."""
    from nimlab.kernels import sharing

    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    return cached("sharing", {}, bound, lambda b, p: sharing.sharing_values(b, p),
                  extend=lambda array, old, b, p: sharing.extend_sharing_values(array, b, p),
                  use_cache=use_cache, progress=progress, work=(bound + 1) ** 2,
                  nbytes=sharing.table_bytes(bound),
                  what=f"the Sharing Nim table for B = {bound}")


def fibonacci_first_move(piles: int, bound: int, factor: Any = 2,
                         progress: Progress = quiet,
                         use_cache: bool = True) -> list[tuple[int, ...]]:
    """First-move P-positions of ``piles`` (1-4) piles in ``2..bound``, descending, sorted."""
    from nimlab.kernels import fibonacci

    factor = fibonacci._factor(factor)
    if piles not in (1, 2, 3, 4):
        raise InputError(f"the Fibonacci kernels handle 1 to 4 piles, got {piles}")
    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")

    def compute(b: int, p: Progress) -> np.ndarray:
        found = fibonacci.first_move_p_positions(piles, b, factor, p)
        return np.array(found, dtype=np.int32).reshape(len(found), piles)

    def slicer(array: np.ndarray, stored: Bound, b: Bound) -> np.ndarray:
        return array[array.max(axis=1, initial=0) <= b] if len(array) else array

    cells = fibonacci.cell_count(piles, bound)
    rows = cached("fibonacci-first-move", {"piles": piles, "factor": str(factor)}, bound,
                  compute, slicer=slicer, use_cache=use_cache, progress=progress, work=cells,
                  nbytes=cells * (fibonacci._dtype_for(bound, factor).itemsize + 1 + 2 * piles),
                  what=f"the {piles}-pile Fibonacci Nim table for N = {bound}")
    return [tuple(int(x) for x in row) for row in rows]


def fibonacci_table(piles: int, bound: int, progress: Progress = quiet, factor: int = 2):
    """The Fibonacci kernel's whole table (``last_p`` and first-move flags of every sorted
    tuple of ``piles`` piles in ``0..bound``, factor 2 unless given; computed, not kept on disk:
    it takes about as long to compute as to read)."""
    from nimlab.kernels import fibonacci

    return fibonacci.last_p_table4(piles, bound, factor, progress)


def fibonacci_one_pile_firsts(bound: int, factor: int = 2, count: int = 1) -> np.ndarray:
    """``F[n, v]``, the least removal from ``n`` tokens to a position of value ``v`` in
    one-pile Fibonacci Nim with factor ``factor``
    (:func:`nimlab.kernels.fibonacci.one_pile_firsts`; computed, not kept on disk)."""
    from nimlab.kernels import fibonacci

    return fibonacci.one_pile_firsts(bound, factor, count)


def fibonacci_firsts_values(F: np.ndarray, factor: int, n, x) -> np.ndarray:
    """``G(n; x)`` read off a removals table (:func:`fibonacci_one_pile_firsts`; ``-1``: a value
    the table does not reach)."""
    from nimlab.kernels import fibonacci

    return fibonacci.firsts_values(F, factor, n, x)


def fibonacci_one_pile_values(bound: int, factor: int = 2) -> np.ndarray:
    """``V[n, x]``, the values of one-pile Fibonacci Nim with factor ``factor``
    (:func:`nimlab.kernels.fibonacci.one_pile_values`; computed, not kept on disk)."""
    from nimlab.kernels import fibonacci

    return fibonacci.one_pile_values(bound, factor)


def endnim_values(piles: int, bound: int, variant: str = "normal",
                  progress: Progress = quiet, use_cache: bool = True) -> np.ndarray:
    """End-Nim values of rows of ``piles`` piles (layout of
    :func:`nimlab.kernels.endnim_rows.row_values`: 1 to 4 piles as
    :func:`nimlab.kernels.endnim.endnim_values`)."""
    from nimlab.kernels import endnim_rows

    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    side = bound + 1
    # The 1-pile values, the 2-pile grid (int64) and, for 3 piles, the cube and a work grid.
    need = side * 8 + (side * side * 8 if piles >= 2 else 0) + \
        (side ** 3 * 4 + side * side * 8 if piles >= 3 else 0)
    return cached("end-nim", {"piles": piles, "variant": variant}, bound,
                  lambda b, p: endnim_rows.row_values(piles, b, variant, p),
                  use_cache=use_cache, progress=progress, nbytes=need,
                  what=f"the {piles}-pile End-Nim table for N = {bound}")


def cash_winners(subtraction_set: Sequence[int], stones: int, budget: int,
                 progress: Progress = quiet, use_cache: bool = True) -> np.ndarray:
    """``W[n, d1, d2]`` of NIM(A) with cash (see :mod:`nimlab.kernels.cash`)."""
    from nimlab.kernels import cash

    if stones < 0 or budget < 0:
        raise InputError("stones and budgets must be >= 0")

    def slicer(array: np.ndarray, stored: Bound, b: Bound) -> np.ndarray:
        n, d = b
        return array[:n + 1, :d + 1, :d + 1]

    return cached("cash", {"set": sorted(int(a) for a in subtraction_set)}, (stones, budget),
                  lambda b, p: cash.cash_winners(subtraction_set, b[0], b[1], p),
                  slicer=slicer, use_cache=use_cache, progress=progress,
                  nbytes=(stones + 1) * (budget + 1) ** 2,
                  what=f"the cash table for n = {stones}, d = {budget}")


def cash_thresholds(subtraction_set: Sequence[int], bound: int, progress: Progress = quiet,
                    use_cache: bool = True) -> np.ndarray:
    """The threshold table of NIM(A) with cash for ``n <= bound``: the rows of loss limits
    ``L[n, d2]`` (``d2 <= n``), packed in unary (about 2 bits a cell), the mover winning
    exactly when ``min(d1, n) > L[n, min(d2, n)]`` (see :mod:`nimlab.kernels.cash_thresholds`;
    its ``threshold_member`` asks it).  Kept under the ``cash`` tables; a smaller stored table is
    grown (its rows copied, the new rows computed)."""
    from nimlab.kernels import cash_thresholds as thresholds

    if bound < 0:
        raise InputError(f"the bound must be >= 0, got {bound}")
    return cached("cash", {"set": sorted(int(a) for a in subtraction_set),
                           "table": "thresholds", "packing": "unary rows"},
                  bound, lambda b, p: thresholds.cash_thresholds(subtraction_set, b, p),
                  slicer=lambda array, stored, b: thresholds.cut_thresholds(array, b),
                  extend=lambda array, old, b, p: thresholds.extend_cash_thresholds(
                      subtraction_set, np.asarray(array), b, p),
                  use_cache=use_cache, progress=progress,
                  work=(bound + 1) ** 2 * max(1, len(subtraction_set)),
                  nbytes=thresholds.table_nbytes(bound) + thresholds.work_nbytes(
                      subtraction_set, bound),
                  what=f"the cash threshold table for N = {bound}")


def wythoff_rows(top: int, side: int, progress: Progress = quiet,
                 use_cache: bool = True) -> np.ndarray:
    """``partners[g, x]``: the ``y`` with ``G(x, y) = g`` in Wythoff's game, for ``g <= top``
    and every row ``x < side`` (see :mod:`nimlab.kernels.wythoff_lines`)."""
    from nimlab.kernels import wythoff_lines as lines

    if side < 1 or top < 0:
        raise InputError(f"the rows and the values: side >= 1 and G >= 0, got {side}, {top}")
    return cached("wythoff", {"table": "rows", "top": top}, side,
                  lambda b, p: lines.wythoff_partners(top, b, p),
                  slicer=lambda array, stored, b: array, use_cache=use_cache,
                  progress=progress, nbytes=lines.partners_nbytes(top, side),
                  what=f"Wythoff's positions of values 0..{top} in rows below {side:,}")


def sharing_points(top: int, bound: int, progress: Progress = quiet,
                   use_cache: bool = True) -> np.ndarray:
    """3-pile Sharing Nim's points ``(a, b)``, ``a <= b <= bound``, of values ``0..top``, as
    the sorted keys ``b (bound + 1) + a`` and their values (two rows; see
    :mod:`nimlab.kernels.sharing_lines`)."""
    from nimlab.kernels import sharing_lines as lines

    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    return cached("sharing", {"table": "points", "top": top}, bound,
                  lambda b, p: lines.point_table(top, b, p),
                  slicer=lambda array, stored, b: lines.cut_point_table(array, stored, b),
                  use_cache=use_cache, progress=progress,
                  nbytes=lines.points_nbytes(top, bound),
                  what=f"Sharing Nim's positions of values 0..{top} for B = {bound}")


def endnim_four_pile_points(top: int, bound: int, variant: str = "normal",
                            progress: Progress = quiet, use_cache: bool = True,
                            three_piles: np.ndarray | None = None) -> np.ndarray:
    """``D[g, b, c, a]``: the ``d`` with End-Nim value ``g <= top`` at the row ``(a, b, c,
    d)``, every pile ``1..bound`` (see :mod:`nimlab.kernels.endnim_points`); ``three_piles``:
    the caller's :func:`endnim_values` ``(3, bound, variant)``, if it holds it already."""
    from nimlab.kernels import endnim_points as points

    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    if three_piles is not None and np.shape(three_piles) != (bound + 1,) * 3:
        raise InputError(f"the 3-pile table for N = {bound} is a cube of side {bound + 1}, "
                         f"got shape {np.shape(three_piles)}")
    return cached("end-nim", {"piles": 4, "variant": variant, "points": top}, bound,
                  lambda b, p: points.four_pile_points(
                      top, np.asarray(endnim_values(3, b, variant) if three_piles is None
                                      else three_piles), p),
                  slicer=lambda array, stored, b: points.cut_points(array, b),
                  use_cache=use_cache, progress=progress,
                  nbytes=points.points_nbytes(top, bound),
                  what=f"End-Nim's 4-pile positions of values 0..{top} for N = {bound}")


def subtraction_values(subtraction_set: Sequence[int], bound: int,
                       use_cache: bool = True) -> np.ndarray:
    """The nim-sequence of NIM(A) for ``n = 0..bound``."""
    from nimlab.kernels import cash

    if bound < 0:
        raise InputError(f"n must be >= 0, got {bound}")
    return cached("subtraction", {"set": sorted(int(a) for a in subtraction_set)}, bound,
                  lambda b, p: cash.subtraction_values(subtraction_set, b),
                  use_cache=use_cache, nbytes=(bound + 1) * 8,
                  what=f"the nim-sequence of NIM(A) up to n = {bound}")



def octal_values(digits: Sequence[int], bound: int, progress: Progress = quiet,
                 use_cache: bool = True) -> np.ndarray:
    """The nim-sequence ``G(0..bound)`` of the octal game with these code digits (see
    :mod:`nimlab.kernels.octal`): by the sparse-space method where it pays, else the plain
    kernel (the same values; :func:`nimlab.kernels.octal_sparse.sparse_values`)."""
    from nimlab.kernels import octal, octal_sparse

    if bound < 0:
        raise InputError(f"a heap holds 0 or more tokens, got --max {bound}")
    digits = tuple(int(d) for d in digits)
    octal.check_work(digits, bound)  # (hexadecimal codes) refused before anything is computed
    code = f"{digits[0]:x}." + "".join(f"{d:x}" for d in digits[1:])
    watched = Projected(progress, octal.MAX_SECONDS,
                        f"the nim-sequence of the octal game {code} up to heap {bound:,}",
                        f"`nimlab record octal --code {code} --max {bound} --dir DIR` computes "
                        "it without a time limit, resumably")
    return cached("octal", {"digits": list(digits)}, bound,
                  lambda b, p: octal_sparse.sparse_values(digits, b, p)[0],
                  use_cache=use_cache, progress=watched, nbytes=(bound + 1) * 4,
                  what=f"the nim-sequence of the octal game up to heap {bound}")


# ------------------------------------------------------------------- the issue-12 kernels
def wythoff_table(bound: int, progress: Progress = quiet,
                  use_cache: bool = True) -> np.ndarray:
    """``G[a, b]`` of Wythoff's game for ``0 <= a, b <= bound`` (see
    :mod:`nimlab.kernels.wythoff`)."""
    from nimlab.kernels import wythoff

    return cached("wythoff", {}, bound, lambda b, p: wythoff.wythoff_table(b, p),
                  use_cache=use_cache, progress=progress, nbytes=(bound + 1) ** 2 * 2,
                  what=f"the Wythoff table for N = {bound}")


def awythoff_bytes(bound: int, a: int) -> int:
    """The memory of the a-Wythoff table up to ``bound`` while it is made."""
    from nimlab.kernels import awythoff

    return awythoff.table_bytes(bound, a)


def awythoff_table(bound: int, a: int, progress: Progress = quiet,
                   use_cache: bool = True) -> np.ndarray:
    """``G[x, y]`` of Fraenkel's a-Wythoff game for ``0 <= x, y <= bound`` (see
    :mod:`nimlab.kernels.awythoff`); ``a = 1`` is Wythoff's own table (:func:`wythoff_table`).
    Kept under ``wythoff`` with the parameter ``a``."""
    from nimlab.kernels import awythoff

    if a == 1:
        return wythoff_table(bound, progress, use_cache)
    awythoff.check_work(bound, a)  # one line, with the largest bound that fits
    return cached("wythoff", {"a": int(a)}, bound,
                  lambda b, p: awythoff.awythoff_table(b, a, p),
                  use_cache=use_cache, progress=progress,
                  nbytes=awythoff.table_bytes(bound, a),
                  what=f"the a-Wythoff table for a = {a}, N = {bound}")


def graph_values(vertices: int, edges: Sequence[tuple[int, int]], bound: int,
                 progress: Progress = quiet, use_cache: bool = True) -> np.ndarray:
    """Graph Nim values on the box ``[0, bound]^vertices`` (see :mod:`nimlab.kernels.graphnim`)."""
    from nimlab.kernels import graphnim

    arcs = sorted([int(u), int(v)] for u, v in edges)
    return cached("graph-nim", {"vertices": vertices, "edges": arcs}, bound,
                  lambda b, p: graphnim.graph_values(vertices, edges, b, p),
                  use_cache=use_cache, progress=progress, nbytes=2 * (bound + 1) ** vertices,
                  what=f"the Graph Nim table on {vertices} vertices for N = {bound}")


def sharing4_values(total: int, progress: Progress = quiet,
                    use_cache: bool = True) -> np.ndarray:
    """``V[x, y, z] = G(0, x, y, z)`` of 4-pile Sharing Nim for keys of total ``<= total``
    (see :func:`nimlab.kernels.graphnim.sharing4_values`)."""
    from nimlab.kernels import graphnim

    def slicer(array: np.ndarray, stored: Bound, t: Bound) -> np.ndarray:
        part = np.array(array[:t + 1, :t + 1, :t + 1])
        x, y, z = np.indices(part.shape, sparse=True)
        part[x + y + z > t] = -1
        return part

    return cached("sharing4", {}, total, lambda t, p: graphnim.sharing4_values(t, p),
                  slicer=slicer, use_cache=use_cache, progress=progress,
                  work=(total + 1) ** 3 // 6, nbytes=2 * (total + 1) ** 3,
                  what=f"the 4-pile Sharing Nim table for total {total}")

"""The result store: computed tables kept on disk, reused, sliced and extended.

Tables live in :func:`cache_dir` (the user's cache directory, or ``$NIMLAB_CACHE``).  An entry is
a ``.npy`` file and a small JSON sidecar holding its key - game, parameters, range (``bound``) and
nimlab version - and the file's size and CRC-32.  Both are written atomically (temporary file,
then ``os.replace``), data first, so an interrupted run leaves at worst a data file without a
sidecar, which is ignored; a file whose size, checksum or contents do not match its sidecar is
deleted and the table recomputed.

A request is answered by the smallest stored table of the same key that covers it (sliced down),
else by extending the largest smaller one when the game allows it (Sharing Nim grows by columns
``b``), else by computing.  Tables that are cheap to compute (less than :data:`MIN_WORK` cells)
are not written.

Python API for other modules::

    from nimlab import store
    V = store.sharing_table(5000)                    # G(0, a, b), computed once, then reused
    store.fibonacci_first_move(3, 200, factor=2)     # first-move P-positions
    store.endnim_values(3, 100, "misere")            # End-Nim values (layout: nimlab.kernels.endnim)
    store.cash_winners((1, 3, 4), 100, 100)          # W[n, d1, d2]
    store.cached(game, params, bound, compute, ...)  # any other table

Every function takes ``use_cache=False`` to compute without touching the disk.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from nimlab import __version__
from nimlab.kernels import Progress, no_progress

ENV = "NIMLAB_CACHE"
#: Tables computed from fewer cells than this are not worth a file.
MIN_WORK = 4_000_000

Bound = Any  # an int, or a tuple of ints (one per dimension of the range)
Slicer = Callable[[np.ndarray, Bound, Bound], np.ndarray]
Extender = Callable[[np.ndarray, Bound, Bound, Progress], np.ndarray]


def cache_dir() -> Path:
    """Where tables are kept: ``$NIMLAB_CACHE`` if set, else the user's cache directory."""
    env = os.environ.get(ENV)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("nimlab"))


@dataclass
class Entry:
    """One stored table: ``path`` (the .npy file) and its sidecar ``meta``."""

    path: Path
    meta: dict

    @property
    def sidecar(self) -> Path:
        return self.path.with_suffix(".json")

    @property
    def bound(self) -> tuple[int, ...]:
        return tuple(self.meta["bound"])

    def to_dict(self) -> dict:
        return {"game": self.meta["game"], "params": self.meta["params"],
                "bound": _unwrap(self.bound), "version": self.meta["version"],
                "shape": self.meta["shape"], "dtype": self.meta["dtype"],
                "bytes": self.meta["size"], "file": str(self.path),
                "current": self.meta["version"] == __version__}

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


def entries(directory: Path | None = None) -> list[Entry]:
    """Every entry with a readable sidecar (current and older nimlab versions)."""
    directory = cache_dir() if directory is None else directory
    found = []
    for sidecar in sorted(directory.glob("*.json")) if directory.is_dir() else []:
        try:
            meta = json.loads(sidecar.read_text())
            meta["game"], meta["bound"], meta["size"]  # noqa: B018 - required keys
        except (OSError, ValueError, KeyError, TypeError):
            continue
        found.append(Entry(sidecar.with_suffix(".npy"), meta))
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


def atomic_write(path: Path, write: Callable[[Any], None]) -> Path:
    """Create ``path`` by ``write(binary_handle)`` on a temporary file then ``os.replace``: an
    interrupted write never leaves a partial ``path`` (only a hidden ``.part`` file, removed)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def save(game: str, params: dict, bound: Bound, array: np.ndarray) -> Entry:
    """Store ``array`` under (game, params, bound, version), atomically."""
    directory = cache_dir()
    directory.mkdir(parents=True, exist_ok=True)
    bound = _as_tuple(bound)
    stem = f"{game}-{_key(game, params)}-{'x'.join(map(str, bound))}"
    path = directory / f"{stem}.npy"
    atomic_write(path, lambda handle: np.save(handle, array))
    meta = {"game": game, "params": params, "bound": list(bound), "version": __version__,
            "shape": list(array.shape), "dtype": str(array.dtype),
            "size": path.stat().st_size, "crc32": _checksum(path), "created": time.time()}
    entry = Entry(path, meta)
    atomic_write(entry.sidecar, lambda handle: handle.write(json.dumps(meta, indent=1).encode()))
    return entry


def load(entry: Entry) -> np.ndarray | None:
    """The entry's array, or ``None`` (and the entry deleted) if the file is damaged."""
    meta = entry.meta
    try:
        if entry.path.stat().st_size != meta["size"] or _checksum(entry.path) != meta["crc32"]:
            raise ValueError("size or checksum")
        array = np.load(entry.path, allow_pickle=False)
        if list(array.shape) != meta["shape"] or str(array.dtype) != meta["dtype"]:
            raise ValueError("shape or dtype")
        return array
    except (OSError, ValueError, KeyError, EOFError):
        entry.remove()
        return None


def slice_square(array: np.ndarray, stored: Bound, bound: Bound) -> np.ndarray:
    """Default slicer: every axis indexed ``0..bound`` (one bound for all axes)."""
    (b,) = _as_tuple(bound)
    return array[(slice(0, b + 1),) * array.ndim]


def cached(game: str, params: dict, bound: Bound, compute: Callable[[Bound, Progress], np.ndarray],
           *, slicer: Slicer = slice_square, extend: Extender | None = None,
           use_cache: bool = True, progress: Progress = no_progress,
           work: int | None = None) -> np.ndarray:
    """The table ``compute(bound, progress)``, from the store when possible.

    ``bound`` is an int or a tuple (a stored table covers a request when it is at least as large
    in every component); ``slicer(array, stored_bound, bound)`` cuts a stored table down;
    ``extend(array, stored_bound, bound, progress)`` grows a smaller one, if the game allows it.
    ``work`` is the number of cells the computation visits (default: the result's size).
    """
    if not use_cache:
        return compute(bound, progress)
    want = _as_tuple(bound)
    same = _matching(game, params)
    covering = sorted((e for e in same if all(s >= w for s, w in zip(e.bound, want))),
                      key=lambda e: e.meta["size"])
    for entry in covering:
        array = load(entry)
        if array is not None:
            if entry.bound == want:
                return array
            return np.array(slicer(array, _unwrap(entry.bound), bound))  # a copy, not a view
    result = None
    if extend is not None:
        smaller = sorted((e for e in same if all(s <= w for s, w in zip(e.bound, want))),
                         key=lambda e: e.meta["size"], reverse=True)
        for entry in smaller:
            array = load(entry)
            if array is not None:
                result = extend(array, _unwrap(entry.bound), bound, progress)
                break
    if result is None:
        result = compute(bound, progress)
    if (result.size if work is None else work) >= MIN_WORK:
        save(game, params, want, result)
        for entry in same:  # superseded: the new table covers them
            if entry.path.exists() and all(s <= w for s, w in zip(entry.bound, want)) \
                    and entry.bound != want:
                entry.remove()
    return result


def clear(game: str | None = None) -> list[Entry]:
    """Delete stored tables (of ``game`` only, if given) and leftovers; returns what went."""
    directory = cache_dir()
    gone = [e for e in entries() if game is None or e.meta["game"] == game]
    for entry in gone:
        entry.remove()
    if game is None and directory.is_dir():
        for leftover in list(directory.glob("*.npy")) + list(directory.glob(".*.part")):
            leftover.unlink(missing_ok=True)
    return gone


# ------------------------------------------------------------------------------ the games
def sharing_table(bound: int, progress: Progress = no_progress,
                  use_cache: bool = True) -> np.ndarray:
    """``V[a, b] = G(0, a, b)`` of 3-pile Sharing Nim (see :mod:`nimlab.kernels.sharing`)."""
    from nimlab.kernels import sharing

    return cached("sharing", {}, bound, lambda b, p: sharing.sharing_table(b, p),
                  extend=lambda array, old, b, p: sharing.extend_sharing_table(array, b, p),
                  use_cache=use_cache, progress=progress, work=(bound + 1) ** 2)


def fibonacci_first_move(piles: int, bound: int, factor: Any = 2,
                         progress: Progress = no_progress,
                         use_cache: bool = True) -> list[tuple[int, ...]]:
    """First-move P-positions of ``piles`` (1-3) piles in ``2..bound``, descending, sorted."""
    from nimlab.kernels import fibonacci

    factor = fibonacci._factor(factor)

    def compute(b: int, p: Progress) -> np.ndarray:
        found = fibonacci.first_move_p_positions(piles, b, factor, p)
        return np.array(found, dtype=np.int32).reshape(len(found), piles)

    def slicer(array: np.ndarray, stored: Bound, b: Bound) -> np.ndarray:
        return array[array.max(axis=1, initial=0) <= b] if len(array) else array

    rows = cached("fibonacci-first-move", {"piles": piles, "factor": str(factor)}, bound,
                  compute, slicer=slicer, use_cache=use_cache, progress=progress,
                  work=fibonacci.cell_count(piles, bound))
    return [tuple(int(x) for x in row) for row in rows]


def endnim_values(piles: int, bound: int, variant: str = "normal",
                  progress: Progress = no_progress, use_cache: bool = True) -> np.ndarray:
    """End-Nim values (layout of :func:`nimlab.kernels.endnim.endnim_values`)."""
    from nimlab.kernels import endnim

    return cached("end-nim", {"piles": piles, "variant": variant}, bound,
                  lambda b, p: endnim.endnim_values(piles, b, variant, p),
                  use_cache=use_cache, progress=progress)


def cash_winners(subtraction_set: Sequence[int], stones: int, budget: int,
                 progress: Progress = no_progress, use_cache: bool = True) -> np.ndarray:
    """``W[n, d1, d2]`` of NIM(A) with cash (see :mod:`nimlab.kernels.cash`)."""
    from nimlab.kernels import cash

    def slicer(array: np.ndarray, stored: Bound, b: Bound) -> np.ndarray:
        n, d = b
        return array[:n + 1, :d + 1, :d + 1]

    return cached("cash", {"set": sorted(int(a) for a in subtraction_set)}, (stones, budget),
                  lambda b, p: cash.cash_winners(subtraction_set, b[0], b[1], p),
                  slicer=slicer, use_cache=use_cache, progress=progress)


def subtraction_values(subtraction_set: Sequence[int], bound: int,
                       use_cache: bool = True) -> np.ndarray:
    """The nim-sequence of NIM(A) for ``n = 0..bound``."""
    from nimlab.kernels import cash

    return cached("subtraction", {"set": sorted(int(a) for a in subtraction_set)}, bound,
                  lambda b, p: cash.subtraction_values(subtraction_set, b),
                  use_cache=use_cache)


# ------------------------------------------------------------------- the issue-12 kernels
def wythoff_table(bound: int, progress: Progress = no_progress,
                  use_cache: bool = True) -> np.ndarray:
    """``G[a, b]`` of Wythoff's game for ``0 <= a, b <= bound`` (see
    :mod:`nimlab.kernels.wythoff`)."""
    from nimlab.kernels import wythoff

    return cached("wythoff", {}, bound, lambda b, p: wythoff.wythoff_table(b, p),
                  use_cache=use_cache, progress=progress)


def graph_values(vertices: int, edges: Sequence[tuple[int, int]], bound: int,
                 progress: Progress = no_progress, use_cache: bool = True) -> np.ndarray:
    """Graph Nim values on the box ``[0, bound]^vertices`` (see :mod:`nimlab.kernels.graphnim`)."""
    from nimlab.kernels import graphnim

    arcs = sorted([int(u), int(v)] for u, v in edges)
    return cached("graph-nim", {"vertices": vertices, "edges": arcs}, bound,
                  lambda b, p: graphnim.graph_values(vertices, edges, b, p),
                  use_cache=use_cache, progress=progress)


def sharing4_values(total: int, progress: Progress = no_progress,
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
                  work=(total + 1) ** 3 // 6)

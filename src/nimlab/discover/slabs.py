"""The box learner's residual classes, one slab of the box at a time (base 2).

:func:`nimlab.discover.learn.residuals` holds the whole box and, for each suffix length ``j``,
every prefix's row at once.  Here the box is cut into ``2**s`` slabs along the first number
(its top ``s`` digits), and each slab is asked for, reduced and dropped in turn: peak memory is
one slab and the rows' ids, never the box.

**Rows that fit in a slab.**  The row of a prefix ``u`` (``i`` digits) at suffix length ``j`` is
the sub-box of the ``2**j`` values of each number after ``u``: along the first number it spans
``2**j`` values, inside one slab (of ``2**(L - s)`` values) when ``j <= L - s``.  Each slab gives
the rows of the prefixes whose first number it holds; equal rows get equal ids through one
dictionary of the rows' packed bits (the distinct rows are few: the classes).

**Rows that span slabs** (``j > L - s``): the row, in the order of the suffixes (first number
most significant), is the concatenation of its parts in slab order, so the tuple of the parts'
ids identifies it exactly; a second dictionary numbers the tuples.

The ids are laid out as :class:`nimlab.discover.learn.Residuals` lays them out (prefixes
stacked by length, each length in C order), so the hypotheses, the classes and the
certificates are computed from them unchanged.  ``member`` (the ids at ``j = 0``) is kept for
the prefixes of at most ``L - 1`` digits only: the whole words of ``L`` digits are the box.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from nimlab.discover.learn import Residuals


def _keys_of(rows: np.ndarray) -> tuple[list, np.ndarray]:
    """The distinct rows (one per line) as keys, and each line's index among them: the row's
    bits as one integer up to 64 columns (a sort of integers, no bytes), packed bytes beyond."""
    columns = rows.shape[1]
    if columns == 0:
        rows = np.zeros((rows.shape[0], 1), dtype=bool)
        columns = 1
    if columns <= 64:
        keys = np.zeros(rows.shape[0], dtype=np.uint64)
        for c in range(columns):  # one column at a time: no (rows x columns) integer copy
            keys |= rows[:, c].astype(np.uint64) << np.uint64(c)
        unique, inverse = np.unique(keys, return_inverse=True)
        return [int(k) for k in unique], inverse.reshape(-1)
    packed = np.ascontiguousarray(np.packbits(rows, axis=1))
    keys = packed.view(np.dtype((np.void, packed.shape[1]))).ravel()
    unique, inverse = np.unique(keys, return_inverse=True)
    return [bytes(k) for k in unique], inverse.reshape(-1)


def slab_rows(M: np.ndarray, lo: int, tracks: int, L: int, s: int) -> list[tuple]:
    """The rows of one slab (first number ``lo..lo + 2**(L - s) - 1``, membership ``M``), as
    records ``(j, start, spanning, keys, inverse)``: the prefixes ``start, start + 1, ...`` (in
    the stacked order of :class:`~nimlab.discover.learn.Residuals`) have the rows
    ``keys[inverse]`` at suffix length ``j`` (for a spanning row: this slab's part of it).  Runs
    anywhere (a Dask worker): it holds no state."""
    k, width = tracks, (1 << L) >> s
    M = np.asarray(M, dtype=bool)
    out = []
    offsets = [0]
    for i in range(L + 1):
        offsets.append(offsets[-1] + (1 << (i * k)))
    for j in range(L + 1):
        wj = 1 << j
        for i in range(L - j + 1):
            span = 1 << (i + j)  # the values of each number a prefix of i digits reaches
            if (j == 0 and i == L) or lo >= span:
                continue  # whole words (the box itself), or no prefix of this length here
            if j <= L - s:
                top = min(width, span)  # first number: lo .. lo + top - 1
                sub = M[(slice(0, top),) + (slice(0, span),) * (k - 1)]
                sub = sub.reshape([top // wj, wj] + [1 << i, wj] * (k - 1))
                order = list(range(0, 2 * k, 2)) + list(range(1, 2 * k, 2))
                rows = sub.transpose(order).reshape(-1, wj ** k)
                # prefixes (u1, u2..uk) with u1 from lo // wj on: a C-order block
                start = offsets[i] + (lo // wj) * (1 << (i * (k - 1)))
                if j == 0:  # the membership itself (as learn.residuals keeps it)
                    out.append((0, start, False, None, rows[:, 0].astype(np.int8)))
                else:
                    out.append((j, start, False) + _keys_of(rows))
            else:
                # the row of each prefix (u1 = lo // wj) spans slabs: this is one part,
                # ordered (first number's low values, then the others' suffixes)
                sub = M[(slice(0, width),) + (slice(0, span),) * (k - 1)]
                sub = sub.reshape([width] + [1 << i, wj] * (k - 1))
                order = list(range(1, 2 * k - 1, 2)) + [0] + list(range(2, 2 * k - 1, 2))
                rows = sub.transpose(order).reshape(-1, width * wj ** (k - 1))
                start = offsets[i] + (lo // wj) * (1 << (i * (k - 1)))
                out.append((j, start, True) + _keys_of(rows))
    return out


def _slab_task(spec: tuple, side: int, g: int, lo: int, hi: int, tracks: int, L: int, s: int):
    """:func:`slab_rows` on a Dask worker, the slab read from the worker's own table."""
    from nimlab.discover import oracle
    from nimlab.progress import quiet

    game, piles, options = spec
    key = ("slab", spec, side, g)
    if _WORKER.get("key") != key:
        _WORKER.clear()
        _WORKER.update(key=key, part=oracle.source(game, piles, dict(options),
                                                   top_value=g).slab(side, quiet))
    return slab_rows(_WORKER["part"](lo, hi) == g, lo, tracks, L, s)


_WORKER: dict = {}


def residuals_by_slabs(slab: Callable[[int, int], np.ndarray], tracks: int, L: int, s: int,
                       progress=None, client=None, task: tuple | None = None) -> Residuals:
    """The residuals of the box of ``L`` binary digits of ``tracks`` numbers, whose membership
    ``slab(lo, hi)`` gives for the first number in ``lo..hi-1`` (shape ``(hi - lo,) + (2**L,) *
    (tracks - 1)``), asked for in ``2**s`` slabs, each once.  With a Dask ``client`` and
    ``task = (spec, side, g)`` the slabs are reduced on the workers (:func:`_slab_task`), each
    from its own table, and only their rows' keys come back."""
    k, side = tracks, 1 << L
    s = max(0, min(s, L))
    width = side >> s  # values of the first number in one slab
    offsets = [0]
    for i in range(L + 1):
        offsets.append(offsets[-1] + (1 << (i * k)))
    # ids[j][offsets[i] + flat(u)] for i <= L - j (j = 0: i <= L - 1)
    ids = [np.full(offsets[min(L - j, L - 1) + 1] if j == 0 else offsets[L - j + 1], -1,
                   dtype=np.int64) for j in range(L + 1)]
    tables: list[dict] = [dict() for _ in range(L + 1)]
    parts: list[dict] = [dict() for _ in range(L + 1)]  # spanning rows: flat -> part ids

    def merge(records) -> None:
        for j, start, spanning, keys, inverse in records:
            if keys is None:
                ids[j][start:start + len(inverse)] = inverse
                continue
            local = np.array([tables[j].setdefault(key, len(tables[j])) for key in keys],
                             dtype=np.int64)
            found = local[inverse]
            if spanning:
                for r, part in enumerate(found):
                    parts[j].setdefault(start + r, []).append(int(part))
            else:
                ids[j][start:start + len(found)] = found

    slabs = [index * width for index in range(1 << s)]
    if client is not None and task is not None and len(slabs) > 1:
        spec, box_side, g = task
        futures = [client.submit(_slab_task, spec, box_side, g, lo, lo + width, k, L, s,
                                 pure=False) for lo in slabs]
        try:
            for index, future in enumerate(futures):  # in slab order: parts stay in order
                merge(future.result())
                if progress:
                    progress(index + 1, len(slabs))
        finally:
            client.cancel(futures)
    else:
        for index, lo in enumerate(slabs):
            merge(slab_rows(slab(lo, lo + width), lo, k, L, s))
            if progress:
                progress(index + 1, len(slabs))
    for j in range(L + 1):
        if parts[j]:
            combined: dict = {}
            for flat, pieces in parts[j].items():
                ids[j][flat] = combined.setdefault(tuple(pieces), len(combined))
    # the smallest integer types, as learn.residuals keeps them
    out = []
    for j in range(L + 1):
        a = ids[j]
        assert (a >= 0).all(), ("a prefix's row was not computed", j)
        out.append(a.astype(np.uint8 if a.max(initial=0) < 256 else np.int32))
    return Residuals("2", k, L, out, offsets, out[0].astype(bool))

"""Graph Nim on small digraphs and Sharing Nim with 4 piles (Ho 2015, Section 7).

A move sends ``k >= 1`` tokens along an arc ``u -> v`` when the receiving pile ends no larger
than the source: ``p_v + k <= p_u - k``.  The total never changes and the sum of the squares of
the piles strictly falls (``(s - k)**2 + (t + k)**2 < s**2 + t**2`` for ``k < s - t``), so the
positions of a box, visited by increasing sum of squares, meet every option before the positions
that reach it.  An option of a position with every pile in ``0..N`` has its piles between the two
piles of the move, so it stays in the box.

**Graph Nim kernel** (:func:`graph_values`): the values of every position of the box
``[0, N]^n`` of a digraph on ``n <= 4`` vertices (``V[p_0, ..., p_{n-1}]``), a compiled mex over
the options in that order.

**Sharing Nim with 4 piles** (:func:`sharing4_values`): Sharing Nim is Graph Nim on the complete
digraph; with Lemma 1 (adding one number to every pile changes nothing) and the symmetry of the
piles a position is its key ``(0, x, y, z)``, ``x <= y <= z``.  The table holds every key of
total ``x + y + z <= N`` (``V[x, y, z]``, -1 elsewhere), which covers every position of total
``<= N``.  A move keeps the total and the key's total can only fall, so keys are visited by total,
then by sum of squares.

**Reference**: the plain recursion of ``tests/brute.py`` (independent code) in the tests, and
:func:`graph_reference` here (memoised Python, straight from the rules).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Sequence

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet

MAX_VERTICES = 4


def _edges_array(vertices: int, edges: Sequence[tuple[int, int]]) -> np.ndarray:
    if not 1 <= vertices <= MAX_VERTICES:
        raise InputError(f"the Graph Nim kernel handles 1 to {MAX_VERTICES} vertices, "
                         f"got {vertices}")
    arcs = sorted({(int(u), int(v)) for u, v in edges})
    for u, v in arcs:
        if not (0 <= u < vertices and 0 <= v < vertices) or u == v:
            raise InputError(f"edge {u}-{v} is not an arc between two of the vertices "
                             f"0..{vertices - 1}")
    return np.array(arcs, dtype=np.int64).reshape(len(arcs), 2)


@njit(cache=True, aot=[f"{t}[::1], i8, i8, i8[:, ::1], i8[::1]" for t in ("i2", "i4")])
def _graph_fill(V, n, side, edges, order):
    """``V`` (flat, the box ``[0, side)^n`` in C order) by a mex over the options, visiting the
    flat indices ``order`` (increasing sum of squares)."""
    weights = np.ones(n, dtype=np.int64)
    for i in range(n - 2, -1, -1):
        weights[i] = weights[i + 1] * side
    seen = np.full(edges.shape[0] * side + 2, -1, dtype=np.int64)
    piles = np.zeros(n, dtype=np.int64)
    for idx in order:
        rest = idx
        for i in range(n - 1, -1, -1):
            piles[i] = rest % side
            rest //= side
        for e in range(edges.shape[0]):
            u, v = edges[e, 0], edges[e, 1]
            for k in range(1, (piles[u] - piles[v]) // 2 + 1):
                g = V[idx - k * weights[u] + k * weights[v]]
                if g < seen.size:
                    seen[g] = idx
        g = 0
        while seen[g] == idx:
            g += 1
        V[idx] = g


def graph_values(vertices: int, edges: Sequence[tuple[int, int]], bound: int,
                 progress: Progress = quiet) -> np.ndarray:
    """``V[p_0, ..., p_{n-1}]``: values of Graph Nim on the digraph ``edges`` (arcs ``(u, v)``:
    tokens move from ``u`` to ``v``) for every position with piles in ``0..bound``."""
    arcs = _edges_array(vertices, edges)
    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    side = bound + 1
    cells = side ** vertices
    dtype = np.dtype(np.int16) if len(arcs) * bound < np.iinfo(np.int16).max else np.dtype(np.int32)
    check_memory(cells * (dtype.itemsize + 8 + 8),
                 f"the Graph Nim table of {vertices} vertices for piles <= {bound}")
    grid = np.indices((side,) * vertices, dtype=np.int64).reshape(vertices, -1)
    order = np.argsort((grid ** 2).sum(axis=0), kind="stable")
    del grid
    V = np.full(cells, -1, dtype=dtype)
    _graph_fill(V, vertices, side, arcs, order)
    progress(1, 1)
    return V.reshape((side,) * vertices)


def graph_reference(vertices: int, edges: Sequence[tuple[int, int]]):
    """A function ``position -> value`` by memoised recursion straight from the rules."""
    arcs = tuple(map(tuple, _edges_array(vertices, edges).tolist()))

    @lru_cache(maxsize=None)
    def value(position: tuple) -> int:
        seen = set()
        for u, v in arcs:
            for k in range(1, (position[u] - position[v]) // 2 + 1):
                q = list(position)
                q[u] -= k
                q[v] += k
                seen.add(value(tuple(q)))
        g = 0
        while g in seen:
            g += 1
        return g

    return value


# ------------------------------------------------------------------------- sharing, 4 piles
@njit(cache=True, inline="always")
def _key4(p0, p1, p2, p3):
    """Sorted, minus the smallest: ``(x, y, z)`` of the key ``(0, x, y, z)``."""
    if p0 > p1:
        p0, p1 = p1, p0
    if p2 > p3:
        p2, p3 = p3, p2
    if p0 > p2:
        p0, p2 = p2, p0
    if p1 > p3:
        p1, p3 = p3, p1
    if p1 > p2:
        p1, p2 = p2, p1
    return p1 - p0, p2 - p0, p3 - p0


@njit(cache=True, aot=["i8"])
def _sharing4_keys(bound):
    """Every key ``(x, y, z)``, ``x <= y <= z``, ``x + y + z <= bound``, as rows."""
    count = 0
    for z in range(bound + 1):
        for y in range(z + 1):
            for x in range(y + 1):
                if x + y + z <= bound:
                    count += 1
    keys = np.empty((count, 3), dtype=np.int64)
    i = 0
    for z in range(bound + 1):
        for y in range(z + 1):
            for x in range(y + 1):
                if x + y + z <= bound:
                    keys[i, 0], keys[i, 1], keys[i, 2] = x, y, z
                    i += 1
    return keys


@njit(cache=True, aot=[f"{t}[:, :, ::1], i8[:, ::1], i8[::1]" for t in ("i2", "i4")])
def _sharing4_fill(V, keys, order):
    seen = np.full(12 * V.shape[0] + 2, -1, dtype=np.int64)
    piles = np.zeros(4, dtype=np.int64)
    for step in range(order.size):
        i = order[step]
        piles[0], piles[1], piles[2], piles[3] = 0, keys[i, 0], keys[i, 1], keys[i, 2]
        for u in range(4):
            for v in range(4):
                if u == v:
                    continue
                for k in range(1, (piles[u] - piles[v]) // 2 + 1):
                    piles[u] -= k
                    piles[v] += k
                    x, y, z = _key4(piles[0], piles[1], piles[2], piles[3])
                    piles[u] += k
                    piles[v] -= k
                    g = V[x, y, z]
                    if g < seen.size:
                        seen[g] = step
        g = 0
        while seen[g] == step:
            g += 1
        V[keys[i, 0], keys[i, 1], keys[i, 2]] = g


def sharing4_values(total: int, progress: Progress = quiet) -> np.ndarray:
    """``V[x, y, z] = G(0, x, y, z)`` of 4-pile Sharing Nim for ``x <= y <= z``,
    ``x + y + z <= total``; -1 elsewhere."""
    if total < 0:
        raise InputError(f"the total must be >= 0, got {total}")
    side = total + 1
    dtype = np.dtype(np.int16) if 6 * total < np.iinfo(np.int16).max else np.dtype(np.int32)
    check_memory(side ** 3 * dtype.itemsize + side ** 3 // 6 * 48,
                 f"the 4-pile Sharing Nim table for total {total}")
    keys = _sharing4_keys(total)
    order = np.lexsort(((keys ** 2).sum(axis=1), keys.sum(axis=1)))
    V = np.full((side, side, side), -1, dtype=dtype)
    _sharing4_fill(V, keys, order)
    progress(1, 1)
    return V


# ------------------------------------------------------------------------------- look-ups
class GraphNimLookup:
    """Values of Graph Nim (game ``graph-nim``) on one digraph of ``vertices <= 4`` vertices,
    for positions whose key (every pile minus the smallest, Lemma 1) has every pile ``<= bound``,
    from :func:`graph_values`.  ``value`` / ``outcome``; ``covers`` decides cheaply; a position
    outside raises :class:`~nimlab.errors.InputError`."""

    def __init__(self, vertices: int, edges: Sequence[tuple[int, int]], bound: int,
                 table: np.ndarray | None = None):
        self.vertices, self.edges, self.bound = vertices, tuple(map(tuple, edges)), bound
        self.table = graph_values(vertices, edges, bound) if table is None else table

    def covers(self, position) -> bool:
        return len(position) == self.vertices and max(position) - min(position) <= self.bound

    def value(self, position) -> int:
        if not self.covers(position):
            raise InputError(f"{','.join(map(str, position))} lies outside the Graph Nim table "
                             f"({self.vertices} piles, spread up to {self.bound}); use a larger "
                             "bound or the generic solver")
        low = min(position)
        return int(self.table[tuple(p - low for p in position)])

    def outcome(self, position) -> str:
        return "P" if self.value(position) == 0 else "N"


class Sharing4Lookup:
    """Values of Sharing Nim (game ``sharing``) with 4 piles, for positions whose key
    ``(0, x, y, z)`` has ``x + y + z <= total`` (every position of total ``<= total`` is one),
    from :func:`sharing4_values`.  ``value`` / ``outcome``; ``covers`` decides cheaply; a
    position outside raises :class:`~nimlab.errors.InputError`."""

    def __init__(self, total: int, table: np.ndarray | None = None):
        self.total = total
        self.table = sharing4_values(total) if table is None else table

    @staticmethod
    def key(position) -> tuple[int, int, int]:
        low = min(position)
        _, x, y, z = sorted(p - low for p in position)
        return x, y, z

    def covers(self, position) -> bool:
        return len(position) == 4 and sum(self.key(position)) <= self.total

    def value(self, position) -> int:
        if not self.covers(position):
            raise InputError(f"{','.join(map(str, position))} lies outside the 4-pile Sharing "
                             f"Nim table (key total up to {self.total}); use a larger total or "
                             "the generic solver")
        return int(self.table[self.key(position)])

    def outcome(self, position) -> str:
        return "P" if self.value(position) == 0 else "N"


def all_positions(vertices: int, bound: int):
    """Every position of the box ``[0, bound]^vertices`` (for tests and sweeps)."""
    return product(range(bound + 1), repeat=vertices)

"""The computed side of the Sharing Nim claims: the kernel's table and what the claims read.

The one table is ``V[a, b] = G(0, a, b)`` (:func:`nimlab.tables.sharing_values`, kept in memory
once per process by :func:`values`; :func:`columns` is the same table transposed).  Everything
else here is derived from it on the fly, independently of the closed forms of
:mod:`.formulas`.  The case lists over a box (:func:`triangle`, :func:`box3`, ...) load the
box's table first, so that the value reads of a check all hit it.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Sequence

import numpy as np

from nimlab.claims.artifacts import printed
from nimlab.claims.checks import Unfolded
from nimlab.engine.solver import solver_for
from nimlab.games import SharingNim
from nimlab.papers.sharing.formulas import GAME, in_b, in_p

PAPER = "sharing"
#: Default bound of the claims checked on the whole table at once (NumPy over the kernel's table).
BIG = 10_000


class UnfoldedSharing(Unfolded, SharingNim):
    """Sharing Nim solved without folding translates or orders together."""


UNFOLDED = UnfoldedSharing()


# ================================================================================ the table
_TABLE: dict[str, np.ndarray] = {}


def values(bound: int) -> np.ndarray:
    """``V[a, b] = G(0, a, b)`` for ``0 <= a <= b <= bound`` (-1 below the diagonal)."""
    have = _TABLE.get("V")
    if have is None or have.shape[0] <= bound:
        from nimlab.tables import sharing_values

        have = _TABLE["V"] = sharing_values(max(bound, 1))
    return have[: bound + 1, : bound + 1]


def columns(bound: int) -> np.ndarray:
    """``C[b, a] = G(0, a, b)`` (the table transposed, contiguous: column b is a row of C)."""
    have = _TABLE.get("C")
    if have is None or have.shape[0] <= bound:
        have = _TABLE["C"] = np.ascontiguousarray(values(bound).T)
    return have[: bound + 1, : bound + 1]


def g3(V: np.ndarray, piles: Sequence[int]) -> int:
    """Value of any 3-pile position, read from ``V`` after sorting and translating."""
    x, y, z = sorted(piles)
    return int(V[y - x, z - x])


def value3(piles: Sequence[int]) -> int:
    """The value of any 3-pile position, read from the table (:func:`values`)."""
    x, y, z = sorted(piles)
    V = _TABLE.get("V")
    if V is None or V.shape[0] <= z - x:
        V = values(z - x)
    return int(V[y - x, z - x])


def pos(case: tuple[int, ...]) -> str:
    """``(0,a,b)`` for a pair ``(a, b)``, else the piles as given."""
    return "(" + ",".join(map(str, (0, *case) if len(case) == 2 else case)) + ")"


# ================================================================================ case lists
def triangle(bound: int, half: bool = False) -> list[tuple[int, int]]:
    """The positions ``(0, a, b)`` with ``a <= b <= bound`` (``a <= b/2`` if ``half``), by b."""
    values(bound)
    return [(a, b) for b in range(bound + 1) for a in range((b // 2 if half else b) + 1)]


def box3(bound: int) -> list[tuple[int, int, int]]:
    """Every 3-pile position with piles ``<= bound``, sorted, in increasing order."""
    values(bound)
    return list(combinations_with_replacement(range(bound + 1), 3))


def piles_box(count: int, bound: int) -> list[tuple[int, ...]]:
    """Every ``count``-pile position with piles ``<= bound``, sorted, in increasing order."""
    return list(combinations_with_replacement(range(bound + 1), count))


def n_positions(bound: int) -> list[tuple[int, int]]:
    """The N-positions ``(0, a, b)`` of the triangle ``a <= b <= bound``."""
    V = values(bound)
    return [c for c in triangle(bound) if V[c] != 0]


def thm4_outside(bound: int) -> list[tuple[int, int]]:
    """Positions (0,a,b), a <= b/2, b <= bound, in neither P nor B (Theorem 4's proof's x)."""
    return [c for c in triangle(bound, half=True) if not in_p(*c) and not in_b(*c)]


def triangle_masks(bound: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Index grids in the layout of :func:`columns` (``b`` a column, ``a`` a row vector) and the
    masks of the triangle ``a <= b`` and the half ``a <= b/2``; C order is :func:`triangle`'s."""
    b = np.arange(bound + 1)[:, None]
    a = np.arange(bound + 1)[None, :]
    return a, b, a <= b, 2 * a <= b


def box_note(bound: int, half: bool = False) -> str:
    return (f"every (0,a,b) with {'2a' if half else 'a'} <= b <= {bound:,}, "
            "the kernel's whole table at once")


def solver_value(bound: int):
    """The generic solver's value function (for the proofs' moves, :class:`Steps`)."""
    return solver_for(GAME).value


# ================================================================================ derived data
def winning(piles: tuple[int, ...], moves) -> list:
    """The moves among ``moves`` that reach a P-position (read from the table)."""
    return [m for m in moves if value3(GAME.do_move(piles, m)) == 0]


def complement_isomorphism(piles: tuple[int, ...]) -> tuple[list, list, list, list]:
    """Options of ``p`` mapped by the complement ``x -> max(p) - x``, and those of its image.

    Returns the two key multisets and the two value multisets (sorted lists), values from the
    generic solver.
    """
    n = max(piles)
    image = tuple(n - x for x in piles)
    solver = solver_for(GAME)
    mapped = sorted(GAME.key(tuple(n - x for x in q)) for q in GAME.successors(piles))
    direct = sorted(GAME.key(q) for q in GAME.successors(image))
    return (mapped, direct, sorted(solver.value(q) for q in GAME.successors(piles)),
            sorted(solver.value(q) for q in GAME.successors(image)))


def p_counts(bound: int, smallest: int = 0) -> np.ndarray:
    """``P[n]``, n = 0..bound: how many 3-pile positions (unordered, piles >= ``smallest``) with
    n tokens have value 0, counted from the whole table at once.

    The position ``(x, x+a, x+b)`` (``a <= b``) has ``3x + a + b`` tokens and the value of
    ``(0, a, b)`` (Lemma 1), so with ``Z[t]`` the number of zeros ``(0, a, b)`` with ``a + b = t``,
    ``P[n] = sum of Z[n - 3x] over x >= smallest``: a running sum along each residue mod 3.
    """
    C = columns(bound)
    _, _, tri, _ = triangle_masks(bound)
    b, a = np.nonzero(tri & (C == 0))
    Z = np.bincount(a + b, minlength=2 * bound + 1)[: bound + 1]
    total = Z.copy()
    for t in range(3, bound + 1):
        total[t] += total[t - 3]
    out = np.zeros(bound + 1, dtype=np.int64)
    shift = 3 * smallest
    if shift <= bound:
        out[shift:] = total[: bound + 1 - shift]
    return out


def f_seq(bound: int) -> list[int]:
    """f(n) = 0 if (0,0,n) is a P-position, else 1, for n = 0..bound (computed)."""
    V = values(bound)
    return [0 if V[0, n] == 0 else 1 for n in range(bound + 1)]


def uncovered_residues(f: Sequence[int]) -> set[int]:
    """Residues r mod 32 on which the computed f (n >= 3) takes both values."""
    seen: dict[int, set[int]] = {}
    for n in range(3, len(f)):
        seen.setdefault(n % 32, set()).add(f[n])
    return {r for r, vals in seen.items() if len(vals) > 1}


def residue_witness(f: Sequence[int], p: int, residue: int) -> bool:
    """Whether some n = ``residue`` mod 32 (n >= 1) has f(n) != f(n + p)."""
    return any(f[n] != f[n + p] for n in range(residue or 32, len(f) - p, 32))


def constant_residues(f: Sequence[int], value: int) -> set[int]:
    """The even residues r mod 32 on which f (n >= 3) is constantly ``value``."""
    even = range(0, 32, 2)
    first = {r: r if r >= 3 else r + 32 for r in even}
    return {r for r in even if all(f[n] == value for n in range(first[r], len(f), 32))}


def sequence_values(first: Sequence[int], count: int) -> list[int]:
    """G(x, y, n) for n = first[2], first[2]+1, ... (count values)."""
    x, y, n0 = first
    top = n0 + count - 1
    V = values(max(top, x, y) - min(x, y, n0))
    return [g3(V, (x, y, n)) for n in range(n0, top + 1)]


def row_maxima(V: np.ndarray, rows: int) -> dict[int, tuple[int, int, int]]:
    """Per row a: (largest value, where it is first reached, length of the row)."""
    out = {}
    for a in range(1, rows + 1):
        seq = V[a, a:]
        out[a] = (int(seq.max()), int(np.argmax(seq)) + a, len(seq))
    return out


def rows_of_value(V: np.ndarray, g: int, bound: int) -> list[tuple[int, int]]:
    """Positions (0,a,b) with a <= b/2, b <= bound and value g."""
    return [c for c in triangle(bound, half=True) if V[c] == g]


def list_differences(g: int, bound: int) -> list[tuple[int, int, bool, bool]]:
    """(a, b, printed, computed) for every b <= bound and a = 0..3: whether the paper's list of
    g-positions holds (0,a,b), and whether its value is g."""
    data = printed(PAPER, f"g{g}_list")
    V = values(bound)
    out = []
    for a in range(4):
        listed = set(data["lists"][str(a)])
        for b in range(max(a, 2 * a), bound + 1):
            out.append((a, b, b in listed, bool(V[a, b] == g)))
    return out


def a_bounds(bound: int) -> dict[int, int]:
    """For g = 4..10: the largest a with a <= b/2, b <= bound and G(0,a,b) = g."""
    V = values(bound)
    return {g: max((c[0] for c in rows_of_value(V, g, bound)), default=-1)
            for g in range(4, 11)}


def table1_cells() -> list[tuple[int, int, int]]:
    """Table 1 as printed: ``(a, b, G(0,a,b))``."""
    data = printed(PAPER, "table1")
    return [(a, a + i, v) for a_text, row in data["rows"].items() for a in [int(a_text)]
            for i, v in enumerate(row)]

"""The paper's algorithms, written in Python from their descriptions: PPos1 and PPos2
(Section 3.2), Mult2FibGame (Section 3.1), PPos3 with the storage of (i)-(ii) and its Note
(Section 4), mFib3Win and its modules (Section 4).

PPos1, PPos2 and PPos3 compute from their own arrays, as the paper's procedures do; the two
playing algorithms (Mult2FibGame, mFib3Win) are played against every reply, each position
judged by the solver (:func:`nimlab.papers.fibonacci.computed.is_p`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from nimlab.papers.fibonacci.computed import is_p
from nimlab.papers.fibonacci.formulas import bump, show


# ------------------------------------------------------------------------ Mult2FibGame
def mult2fib(m: int, k: int) -> str:
    """Play Algorithm Mult2FibGame for Left from (m + k, m; 0) against every reply of Right.

    Left removes k from the pile of m + k; Right removes R (0 < R <= min(m, 2L)) from a pile;
    Left then removes R from the other pile, and so on.  Returns "Left wins" or what goes wrong
    first.  Every position Left leaves must be a P-position (the solver decides).
    """
    if k >= m + k:
        return f"first move takes the whole pile of {m + k} (not allowed on the first move)"
    position = ((m, m), k)
    if not is_p(*position):
        return f"Left leaves {show(*position)}, an N-position"
    # After Left's move the position is (m, m; L); Right takes R, Left mirrors to (m-R, m-R; R).
    todo, seen = [(m, k)], set()
    while todo:
        size, last = todo.pop()
        if (size, last) in seen:
            continue
        seen.add((size, last))
        for r in range(1, min(size, 2 * last) + 1):
            after = ((size - r, size - r), r)
            if not is_p(*after):
                return f"Left leaves {show(*after)}, an N-position"
            if size - r:
                todo.append((size - r, r))
    return "Left wins"


# ------------------------------------------------------------------------ PPos1 and PPos2
def ppos1(N: int, loop_back: bool = True) -> dict[int, int]:
    """Algorithm PPos1: the array PPos1Arr as a map ``m -> x*`` (``(m; x)`` P for ``x <= x*``).

    The steps as listed: (1) m = 3; (2) stop if m > N; (3) x = 1; (4) if 2x >= m go to (12);
    (5)-(8) look for i <= 2x with 3i < m and (m - i; i) P; (9) none: (m; x) is P, x += 1, back
    to (4); (10) found: (m; x) is N; (12) m += 1.  As printed, step (12) is followed by step
    (13) End - there is no jump back to (2); ``loop_back=False`` runs it that way.
    """
    table: dict[int, int] = {}

    def p1(m: int, x: int) -> bool:
        return m == 0 or table.get(m, 0) >= x

    m = 3
    while m <= N:
        x = 1
        while 2 * x < m:
            if any(p1(m - i, i) for i in range(1, 2 * x + 1) if 3 * i < m):
                break
            table[m] = x
            x += 1
        m += 1
        if not loop_back:
            break
    return table


def p1_lookup(table: dict[int, int], m: int, x: int) -> bool:
    return m == 0 or table.get(m, 0) >= x


def ppos2(N: int, table1: dict[int, int]) -> dict[tuple[int, int], int]:
    """PPos2 of Section 3.2: ``(m, k) -> x*`` for the P-positions (m + k, m; x), k > 2x > 0."""
    table: dict[tuple[int, int], int] = {}

    def in2(a: int, b: int, x: int) -> bool:
        return table.get((b, a - b), 0) >= x

    for m in range(1, N):
        for k in range(1, N - m + 1):
            x = 1
            while 2 * x < k:
                if any((i < m and in2(m + k, m - i, i)) or (i == m and p1_lookup(table1, m + k, i))
                       or (3 * i < k and in2(m + k - i, m, i)) for i in range(1, 2 * x + 1)):
                    break
                table[(m, k)] = x
                x += 1
    return table


def p2_lookup(table1: dict, table2: dict, a: int, b: int, x: int) -> bool:
    """Whether (a, b; x), x > 0, is P by the PPos1/PPos2 arrays and Theorem 3.1."""
    a, b = max(a, b), min(a, b)
    if b == 0:
        return p1_lookup(table1, a, x)
    if a == b:
        return True
    if a - b <= 2 * x:
        return False
    return table2.get((b, a - b), 0) >= x


@lru_cache(maxsize=None)
def tables12(N: int) -> tuple[dict, dict]:
    t1 = ppos1(N)
    return t1, ppos2(N, t1)


# ------------------------------------------------------------------------------- PPos3
class PPos3:
    """Algorithm PPos3 with the storage of (i) and (ii): for h >= k >= m >= 1 keep only the
    P-positions and, per (h, k, m), the largest x (``stored``); the first-move variant of the Note
    in ``first``.  Positions with an empty pile come from PPos1/PPos2 (Section 3)."""

    def __init__(self, N: int):
        self.N = N
        self.t1, self.t2 = tables12(N)
        self.stored: dict[tuple[int, int, int], int] = {}
        self.first: set[tuple[int, int, int]] = set()
        self._run()

    def p(self, piles: Sequence[int], x: int) -> bool:
        """IsPPos3 for any three piles and x > 0."""
        h, k, m = sorted(piles, reverse=True)
        if k == 0:
            return p1_lookup(self.t1, h, x)
        if m == 0:
            return p2_lookup(self.t1, self.t2, h, k, x)
        best = self.stored.get((h, k, m), 0)
        return best >= min(x, (h + 1) // 2)  # from x = ceil(h/2) on, Theorem 2.7

    def _run(self) -> None:
        N, p = self.N, self.p
        for m in range(1, N + 1):              # steps (1)-(2), (19)
            for k in range(m, N + 1):          # steps (3)-(4), (18)
                for h in range(k, N + 1):      # steps (5)-(6), (17)
                    x = 1                      # step (7)
                    while 2 * x <= h + 1:      # step (8)
                        bd = min(h, 2 * x)     # step (9)
                        if any((i <= m and p((h, k, m - i), i)) or (i <= k and p((h, k - i, m), i))
                               or p((h - i, k, m), i) for i in range(1, bd + 1)):
                            break              # steps (12), (14)
                        self.stored[(h, k, m)] = x   # step (15)
                        x += 1                 # step (16)
        for m in range(1, N + 1):              # the Note: x = 0
            for k in range(m, N + 1):
                for h in range(k, N + 1):
                    if not any((i < m and p((h, k, m - i), i)) or (i < k and p((h, k - i, m), i))
                               or p((h - i, k, m), i) for i in range(1, h)):
                        self.first.add((h, k, m))


@lru_cache(maxsize=None)
def ppos3(N: int) -> PPos3:
    return PPos3(N)


# ----------------------------------------------------------------------------- mFib3Win
def mfib3win(start: tuple[int, int, int], repaired: bool) -> str:
    """Play Algorithm mFib3Win for Left from the first-move N-position ``start`` against every
    reply of Right; return "Left wins" or the first failure.

    As printed: ``found`` is set to 0 only in step (1), so after Left's first move only
    search(1) (search_1 of the first candidate pile) is ever tried; the modules search, search_1
    and search_2 reuse search0's test "i >= t: stop", so they never try i = t = min(pile, 2R);
    and search_2 tests IsPPos1(t - i, i) with t = min(pile, 2R) rather than the pile.
    ``repaired`` resets ``found`` each turn, lets i reach t and tests the pile itself.
    P-tests come from the solver.
    """
    def search(piles, ords, limit, first):
        for o in ords:
            size = piles[o]
            t = size if first else min(size, limit)
            top = t - 1 if first or not repaired else t
            for i in range(1, top + 1):
                after = bump(piles, o, -i)
                if not repaired and sum(1 for q in piles if q) == 1 and not first:
                    rest = t - i  # search_2 as printed tests (t - i; i)
                    if is_p((rest,), i):
                        return o, i
                    continue
                if is_p(after, i):
                    return o, i
        return None

    def ords_for(piles, found):
        live = [o for o in range(3) if piles[o]]
        if not repaired and found:
            return live[:1]
        return live

    first = search(start, [0, 1, 2], 0, True)
    if first is None:
        return f"no first move found from {show(start, 0)}"
    o, i = first
    todo = [(bump(start, o, -i), i)]
    seen = set()
    while todo:
        piles, last = todo.pop()
        if (piles, last) in seen:
            continue
        seen.add((piles, last))
        for o2 in range(3):
            for r in range(1, min(piles[o2], 2 * last) + 1):
                after = bump(piles, o2, -r)
                if not any(after):
                    return f"Right takes the last chip: {show(piles, last)} -> {show(after, r)}"
                move = search(after, ords_for(after, True), 2 * r, False)
                if move is None:
                    return f"Left finds no move at {show(after, r)}"
                o3, j = move
                nxt = bump(after, o3, -j)
                if any(nxt):
                    todo.append((nxt, j))
    return "Left wins"


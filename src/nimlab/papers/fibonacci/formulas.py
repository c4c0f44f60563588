"""Multiple Fibonacci Nim's definitions and theorem conditions, coded from the statements of
Zhou 2005.

Conditions that speak of followers being P-positions take the outcome function
``P(piles, x) -> bool`` as an argument (the solver's or a table's).  Nothing here registers a
claim or imports one.
"""

from __future__ import annotations

from typing import Callable, Sequence

from math import comb
from itertools import combinations_with_replacement

Outcomes = Callable[[Sequence[int], int], bool]


def show(piles: Sequence[int], x: int) -> str:
    return f"({', '.join(map(str, piles))}; {x})"


def bump(piles: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """``piles`` with pile ``i`` changed by ``delta``."""
    out = list(piles)
    out[i] += delta
    return tuple(out)


def cap(piles: Sequence[int]) -> int:
    """The least ``x`` from which ``(piles; x)`` allows every removal (Theorem 2.7)."""
    return max(1, (max(piles, default=0) + 1) // 2)


# ============================================================================ Introduction
def fib_numbers(limit: int) -> list[int]:
    """The Fibonacci numbers 1, 2, 3, 5, 8, ... up to ``limit``."""
    out, a, b = [], 1, 2
    while a <= limit:
        out.append(a)
        a, b = b, a + b
    return out


def zeckendorf_smallest(n: int) -> int:
    """The smallest term of the Zeckendorf representation of ``n >= 1`` (greedy)."""
    smallest = n
    for f in reversed(fib_numbers(n)):
        if f <= n:
            n -= f
            smallest = f
    return smallest


def position_count(count: int, N: int) -> int:
    """Positions up to permutation with piles ``1..N`` and previous removal ``x`` in ``1..N``."""
    return sum(1 for _ in combinations_with_replacement(range(1, N + 1), count)) * N


def position_count_closed(count: int, N: int) -> int:
    """The corrected count of the introduction: ``C(N + n - 1, n) * N``."""
    return comb(N + count - 1, count) * N


# ================================================================================ Section 2
def x_star(piles: tuple[int, ...], P: Outcomes) -> int:
    """The largest x > 0 with (piles; x) a P-position (outcomes ``P``); the Theorem 2.7 cap if
    P up to it."""
    best = 0
    for x in range(1, cap(piles) + 1):
        if not P(piles, x):
            break
        best = x
    return best


def thm262_says(p: tuple[int, ...], P: Outcomes) -> str:
    """Theorem 2.6(2)'s verdict on (p; 0), with the outcomes ``P(piles, x)`` of the followers."""
    xs = x_star(p, P)
    ok = all(not P(bump(p, i, -j), j) for i, a in enumerate(p) if a > 2 * xs + 1
             for j in range(2 * xs + 1, a))
    return "P" if ok else "N"


# ================================================================================ Section 3
def forms(m: int, k: int, x: int) -> set:
    """Form1, Form2 and Form3 of Section 3.2 for (m + k, m; x), k > 2x: the followers as
    positions ``(piles, removal)``."""
    out = {((m + k, m - i), i) for i in range(1, min(m - 1, 2 * x) + 1)}
    if m <= 2 * x:
        out.add(((m + k, 0), m))
    out |= {((m + k - i, m), i) for i in range(1, 2 * x + 1)}
    return out


def thm35_says_n(m: int, k: int, x: int, P: Outcomes) -> bool:
    """Theorem 3.5's condition for (m + k, m; x) to be an N-position (k > 2x)."""
    return any((i < m and P((m + k, m - i), i)) or (i == m and P((m + k,), i))
               or (3 * i < k and P((m + k - i, m), i)) for i in range(1, 2 * x + 1))


# ================================================================================ Section 4
def thm41_says_n(h: int, k: int, m: int, x: int, P: Outcomes) -> bool:
    """Theorem 4.1's six conditions for (h, k, m; x), hkm != 0, x > 0."""
    for i in range(1, 2 * x + 1):
        if i == m and (h == k or P((h, k), i)):
            return True
        if i == k and (h == m or P((h, m), i)):
            return True
        if i == h and (k == m or P((k, m), i)):
            return True
        if (i < m and P((h, k, m - i), i)) or (i < k and P((h, k - i, m), i)) \
                or (i < h and P((h - i, k, m), i)):
            return True
    return False


def thm42_says(p: tuple[int, int, int], P: Outcomes) -> str:
    """Theorem 4.2's verdict on the first-move position (h, k, m; 0)."""
    h, k, m = p
    return "N" if any((i < m and P((h, k, m - i), i)) or (i < k and P((h, k - i, m), i))
                      or (i < h and P((h - i, k, m), i)) for i in range(1, h)) else "P"

"""Plain brute-force solvers, written from the papers' rules independently of nimlab.

Each function computes a Sprague-Grundy value by direct recursion over the raw positions (no
canonical keys, no shared code with ``nimlab``).  They are slow and obviously correct; the tests
compare nimlab against them on whole boxes of positions.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from functools import lru_cache
from math import floor

sys.setrecursionlimit(100_000)


def mex(values) -> int:
    values = set(values)
    g = 0
    while g in values:
        g += 1
    return g


@lru_cache(maxsize=None)
def nim(piles: tuple) -> int:
    return mex(nim(piles[:i] + (p - k,) + piles[i + 1:])
               for i, p in enumerate(piles) for k in range(1, p + 1))


@lru_cache(maxsize=None)
def wythoff(a: int, b: int) -> int:
    opts = [wythoff(a - k, b) for k in range(1, a + 1)]
    opts += [wythoff(a, b - k) for k in range(1, b + 1)]
    opts += [wythoff(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return mex(opts)


def shares(piles: tuple, edges: tuple):
    """The positions after moving k tokens from u to v along an edge (u, v), for every k with
    piles[v] + k <= piles[u] - k (Graph Nim's rule; Sharing Nim's on the complete digraph)."""
    for u, v in edges:
        k = 1
        while piles[v] + k <= piles[u] - k:
            q = list(piles)
            q[u] -= k
            q[v] += k
            yield tuple(q)
            k += 1


def complete(n: int) -> tuple:
    """Every edge (u, v), u != v, of the complete digraph on n vertices."""
    return tuple((u, v) for u in range(n) for v in range(n) if u != v)


@lru_cache(maxsize=None)
def graph_nim(piles: tuple, edges: tuple) -> int:
    """Move k tokens from u to v along an edge (u, v) when piles[v] + k <= piles[u] - k."""
    return mex(graph_nim(q, edges) for q in shares(piles, edges))


def sharing(piles: tuple) -> int:
    return graph_nim(tuple(piles), complete(len(piles)))


@lru_cache(maxsize=None)
def end_nim(row: tuple, variant: str) -> int:
    """End-Nim: take from the first or last pile of the row; emptied piles leave the row."""
    if variant == "loop" and len(row) <= 1:
        return 0
    opts = set()
    for k in range(1, (row[0] if row else 0) + 1):
        left = (row[0] - k,) if row[0] > k else ()
        opts.add(left + row[1:])
    if len(row) >= 2:
        for k in range(1, row[-1] + 1):
            right = (row[-1] - k,) if row[-1] > k else ()
            opts.add(row[:-1] + right)
    if variant == "misere":
        opts = {q for q in opts if q}  # taking the last coin loses: never a useful option
    return mex(end_nim(q, variant) for q in opts)


@lru_cache(maxsize=None)
def fibonacci(piles: tuple, last: int, factor: Fraction = Fraction(2)) -> int:
    opts = []
    for i, p in enumerate(piles):
        most = p - 1 if last == 0 else min(p, floor(factor * last))
        for k in range(1, most + 1):
            opts.append(fibonacci(piles[:i] + (p - k,) + piles[i + 1:], k, factor))
    return mex(opts)


@lru_cache(maxsize=None)
def subtraction(n: int, moves: tuple) -> int:
    return mex(subtraction(n - a, moves) for a in moves if a <= n)


@lru_cache(maxsize=None)
def cash(n: int, mine: int, theirs: int, moves: tuple) -> int:
    """NIM with cash from the mover's view: removing a stones costs the mover a dollars."""
    return mex(cash(n - a, theirs, mine - a, moves) for a in moves if a <= n and a <= mine)


def cash_player_one_wins(n: int, d1: int, d2: int, moves: tuple) -> bool:
    """Who wins by plain game-tree search of win/lose (no values): True if Player I wins."""
    @lru_cache(maxsize=None)
    def wins(n: int, mine: int, theirs: int) -> bool:
        return any(not wins(n - a, theirs, mine - a) for a in moves if a <= n and a <= mine)

    return wins(n, d1, d2)


def _remoteness(children: list[tuple[bool, int]]) -> tuple[bool, int]:
    """(the player to move wins, moves to the end) under perfect play: the winner wins as fast
    as it can, the loser loses as slowly as it can."""
    if not children:
        return False, 0
    losing = [far for wins, far in children if not wins]
    return (True, 1 + min(losing)) if losing else (False, 1 + max(f for _, f in children))


@lru_cache(maxsize=None)
def nim_remoteness(piles: tuple) -> tuple[bool, int]:
    return _remoteness([nim_remoteness(piles[:i] + (p - k,) + piles[i + 1:])
                        for i, p in enumerate(piles) for k in range(1, p + 1)])


@lru_cache(maxsize=None)
def sharing_remoteness(piles: tuple) -> tuple[bool, int]:
    """Sharing Nim: move k tokens from pile u to pile v when piles[v] + k <= piles[u] - k."""
    return _remoteness([sharing_remoteness(q) for q in shares(piles, complete(len(piles)))])


@lru_cache(maxsize=None)
def misere_subtraction_wins(n: int, moves: tuple) -> bool:
    """Misere NIM(A) under nimlab's convention: a move to a position with no move left (the
    game over) is never made; the player to move from ``n`` wins."""
    def over(m):
        return not any(a <= m for a in moves)
    return any(not misere_subtraction_wins(n - a, moves)
               for a in moves if a <= n and not over(n - a))


@lru_cache(maxsize=None)
def misere_nim_wins(piles: tuple) -> bool:
    """Misere Nim (the player who takes the last token loses): the player to move wins."""
    if not any(piles):
        return True  # the other player took the last token
    return any(not misere_nim_wins(piles[:i] + (p - k,) + piles[i + 1:])
               for i, p in enumerate(piles) for k in range(1, p + 1))


def kayles_row(n: int) -> int:
    """Kayles on a row of n pins: knock down one pin or two adjacent ones."""
    return _kayles(n)


@lru_cache(maxsize=None)
def _kayles(n: int) -> int:
    options = set()
    for take in (1, 2):
        for left in range(0, n - take + 1):
            options.add(_kayles(left) ^ _kayles(n - take - left))
    return mex(options)


@lru_cache(maxsize=None)
def kayles_position(heaps: tuple) -> int:
    """Kayles on several rows at once, by recursion on the whole position (no sum theorem)."""
    options = set()
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for take in (1, 2):
            for left in range(n - take + 1):
                after = tuple(sorted(rest + tuple(h for h in (left, n - take - left) if h)))
                options.add(kayles_position(after))
    return mex(options)


@lru_cache(maxsize=None)
def misere_kayles_wins(heaps: tuple) -> bool:
    """Misere Kayles (the player who knocks down the last pin loses): the mover wins."""
    if not any(heaps):
        return True
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for take in (1, 2):
            for left in range(n - take + 1):
                after = tuple(sorted(rest + tuple(h for h in (left, n - take - left) if h)))
                if not misere_kayles_wins(after):
                    return True
    return False


@lru_cache(maxsize=None)
def euclid(a: int, b: int) -> int:
    """Euclid's game: take a positive multiple of the smaller number from the larger."""
    if a == 0 or b == 0:
        return 0
    if a >= b:
        return mex(euclid(a - k * b, b) for k in range(1, a // b + 1))
    return mex(euclid(a, b - k * a) for k in range(1, b // a + 1))


@lru_cache(maxsize=None)
def euclid_remoteness(a: int, b: int) -> tuple[bool, int]:
    if a == 0 or b == 0:
        return False, 0
    small, large = min(a, b), max(a, b)
    return _remoteness([euclid_remoteness(large - k * small, small)
                        for k in range(1, large // small + 1)])


def octal_options(n: int, digits: tuple) -> list[tuple]:
    """The heaps a heap of n may become in the octal (or hexadecimal) game with these code
    digits, written from Winning Ways' definition: digit k is a sum of 1 (take k, nothing left),
    2 (one heap left), 4 (two heaps), 8 (three heaps); heaps left are non-empty."""
    out = []
    for k, d in enumerate(digits):
        rest = n - k
        if rest < 0:
            break
        for count, bit in ((0, 1), (1, 2), (2, 4), (3, 8)):
            if not d & bit or (k == 0 and count < 2):
                continue
            for parts in _compositions(rest, count):
                out.append(parts)
    return out


def _compositions(total: int, count: int) -> list[tuple]:
    if count == 0:
        return [()] if total == 0 else []
    if count == 1:
        return [(total,)] if total >= 1 else []
    return [(first,) + rest for first in range(1, total + 1)
            for rest in _compositions(total - first, count - 1)]


def octal_sequence(digits: tuple, bound: int) -> list[int]:
    """G(0..bound) by a plain mex over every move (every ordered way of leaving the heaps)."""
    G: list[int] = []
    for n in range(bound + 1):
        values = set()
        for parts in octal_options(n, digits):
            x = 0
            for h in parts:
                x ^= G[h]
            values.add(x)
        G.append(mex(values))
    return G

"""Two-pile Fibonacci Nim by Theorem 3.1 and Corollary 3.2 of Zhou 2005.

A position is ``(piles; x)`` with ``x`` the previous removal (0 before the first move) and the
limit ``floor(R x)`` on the next removal (``R = 2`` in the paper).  Empty piles play no part, so
"two piles" means at most two non-empty piles.

* Theorem 2.1: with no chip left (and ``x > 0``) the player to move has lost.
* Lemma 3.3: one pile ``m <= floor(R x)`` is won by taking it all.
* Theorem 3.1: ``(m, m; x)`` with ``x > 0`` is a P-position, and ``(m + k, m; x)`` with
  ``0 < k <= floor(R x)`` is won by taking ``k`` from the larger pile, to ``(m, m; k)``.
* Corollary 3.2: on the first move (``x = 0``, every pile ``> 1``) ``(m + k, m; 0)`` with
  ``k > 0`` is won the same way.

* One pile, factor 2 (Whinihan's Fibonacci Nim, quoted in the paper's introduction): with
  ``z`` the smallest term of the Zeckendorf representation of the pile (a sum of non-consecutive
  Fibonacci numbers 1, 2, 3, 5, ...), the player to move wins iff ``z`` is within the limit
  (``2x``; on a first move ``m - 1``, so a first move loses iff the pile is a Fibonacci number),
  by taking ``z``: the next smallest term of the rest exceeds ``2z``.  Other factors are left to
  the solver (nimlab uses no rule the papers do not give).

The paper proves these for ``R = 2``; the proof of Theorem 3.1 uses only ``k <= floor(R k)``, so
it holds for every factor ``R >= 1`` and nimlab uses it there (the tests check factors 1, 3/2, 2
and 3 against a brute force).  For a factor below 1, for two unequal piles with ``k > floor(R x)``,
for ``(m, m; 0)`` and for three or more piles the hint comes from the solver.
"""

from __future__ import annotations

from nimlab.games.base import Take
from nimlab.games.fibonacci import FibonacciNim
from nimlab.strategy.base import Strategy, Verdict
from nimlab.references import cite

PAPER = cite("fibonacci")
WHINIHAN = f"Whinihan's Zeckendorf rule for one pile, factor 2 (cited in {PAPER}, Section 1)"


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf terms of ``n >= 1``, largest first (Fibonacci numbers 1, 2, 3, 5, ...)."""
    fibs = [1, 2]
    while fibs[-1] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    terms = []
    for f in reversed(fibs):
        if f <= n:
            terms.append(f)
            n -= f
    return terms


def one_pile(size: int, pile: int, last: int, limit: int) -> Verdict:
    """Whinihan's rule for one pile of ``size`` chips (factor 2); ``limit`` is the most the
    player to move may take."""
    terms = zeckendorf(size)
    z = terms[-1]
    written = " + ".join(map(str, terms))
    if last == 0:
        limit = size - 1
    if z > limit:
        return Verdict(True, f"one pile of {size} = {written} (Zeckendorf): its smallest term {z} "
                       f"exceeds the limit {limit}", WHINIHAN)
    return Verdict(False, f"one pile of {size} = {written} (Zeckendorf): take its smallest term "
                   f"{z} (within the limit {limit}); the rest's smallest term exceeds {2 * z}",
                   WHINIHAN, Take(pile, z, "chips"))


class FibonacciStrategy(Strategy):
    name = "fibonacci two-pile closed form"

    def verdict(self, game: FibonacciNim, position) -> Verdict | None:
        piles, last = position
        if game.factor < 1:
            return None
        live = [i for i, p in enumerate(piles) if p]
        limit = game.limit(last)
        if not live:
            return Verdict(True, "no chip is left: the player to move has lost",
                           f"Theorem 2.1 ({PAPER})")
        if len(live) == 1:
            (i,) = live
            if last > 0 and piles[i] <= limit:
                return Verdict(False, f"the only pile left, pile {i + 1} ({piles[i]}), is within "
                               f"the limit {limit}: take it all (Lemma 3.3)",
                               f"Lemma 3.3 ({PAPER})", Take(i, piles[i], "chips"))
            if game.factor == 2:
                return one_pile(piles[i], i, last, limit)
            return None
        if len(live) > 2:
            return None
        i, j = live
        big, small = (i, j) if piles[i] >= piles[j] else (j, i)
        m, k = piles[small], piles[big] - piles[small]
        if last > 0 and k == 0:
            return Verdict(True, f"the two piles are equal ({m}, {m}) after a removal of {last}: "
                           "a P-position by Theorem 3.1(1), since whatever you take from one "
                           "pile the opponent takes from the other", f"Theorem 3.1 ({PAPER})")
        if last > 0 and 0 < k <= limit:
            return Verdict(False, f"the piles differ by {k}, within the limit {limit}: take {k} "
                           f"from pile {big + 1} to make them equal (Theorem 3.1(2))",
                           f"Theorem 3.1 ({PAPER})", Take(big, k, "chips"))
        if last == 0 and k > 0 and m > 1:
            return Verdict(False, f"first move with unequal piles ({m + k}, {m}): take {k} "
                           f"from pile {big + 1} to make them equal (Corollary 3.2)",
                           f"Corollary 3.2 ({PAPER})", Take(big, k, "chips"))
        return None

    def value_is_cheap(self, game: FibonacciNim, position) -> bool:
        return sum(position[0]) <= 40

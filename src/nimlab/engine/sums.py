"""Sums of heaps: the Sprague-Grundy theorem as a fast path of every heap game.

A position of a :class:`~nimlab.games.rules.HeapGame` is a sum of independent heaps, so in normal
play its value is the XOR of the heaps' values (Sprague 1935, Grundy 1939), and a heap's value is
the mex of the XORs of the heaps it may become.  :func:`heap_values` computes the values of single
heaps (depth first, with an explicit stack, within a budget of heaps and a deadline; a loop in the
rules is named, never followed); :class:`HeapSums` answers a whole position from them, with a
winning move.  It answers only where the theorem holds: normal play, and moves made by the
heap-game machinery itself (a subclass that overrides the moves of positions is not a sum).
"""

from __future__ import annotations

import time
from typing import Any

from nimlab.engine.analysis import Answer
from nimlab.engine.solver import DEFAULT_MAX_STATES, Budget, mex
from nimlab.errors import TooManyStates
from nimlab.games.rules import Game, HeapGame, HeapMove, RulesError

__all__ = ["HeapSums", "heap_values", "heap_work", "is_sum_of_heaps", "winning_heap_move",
           "SOURCE",
           "OPTIONS_PER_SECOND"]

SOURCE = "Sprague-Grundy theorem: the XOR of the heaps' values"

#: The machinery a heap game must keep for its positions to be sums of its heaps.
_SUM_METHODS = ("moves", "legal_moves", "options", "do_move", "primitive", "successors")


def is_sum_of_heaps(game: Any) -> bool:
    """Whether ``game``'s positions are sums of independent heaps: a :class:`HeapGame` in normal
    play whose moves are the heap machinery's own (none of :data:`_SUM_METHODS` overridden)."""
    if not isinstance(game, HeapGame) or game.misere:
        return False
    cls = type(game)
    return all(getattr(cls, name) is getattr(HeapGame, name) for name in _SUM_METHODS)


def _memo(game: HeapGame) -> dict[int, int]:
    return game.__dict__.setdefault("_heap_values", {})


def heap_values(game: HeapGame, heaps, max_states: int = DEFAULT_MAX_STATES,
                deadline: float | None = None) -> dict[int, int]:
    """The value of each heap in ``heaps`` (and of every heap below it), kept on the game.

    At most ``max_states`` heaps are held; past it, or past ``deadline`` (``time.monotonic()``),
    a one-line :class:`TooManyStates`.  A heap that can come back to itself is a loop in the
    rules: a :class:`RulesError` naming it.
    """
    memo = _memo(game)
    for start in heaps:
        if start in memo:
            continue
        stack = [start]
        pending: dict[int, list[tuple[int, ...]]] = {}
        steps = 0
        while stack:
            n = stack[-1]
            if n in memo:
                stack.pop()
                continue
            steps += 1
            if deadline is not None and time.monotonic() > deadline:  # each heap may be costly
                raise TooManyStates(f"the heap values of {game.name} up to {start} take more "
                                    "than the time limit; raise --time-limit")
            if n not in pending:
                pending[n] = game.heap_options(n)
            missing = {h for parts in pending[n] for h in parts if h not in memo}
            if missing:
                loop = missing & set(pending)
                if loop:
                    raise RulesError(_loop_text(game, stack, loop.pop()))
                if len(memo) + len(pending) + len(missing) > max_states:
                    raise TooManyStates(
                        f"the heap values of {game.name} up to {start} need more than "
                        f"{max_states:,} heaps (--max-states); raise --max-states")
                stack.extend(sorted(missing))
                continue
            value = mex(_xor(memo, parts) for parts in pending.pop(n))
            memo[n] = value
            stack.pop()
    return memo


#: Heap options a second that :func:`heap_values` examines in a user's heap game, about
#: (measured: Kayles to heap 2,000, about 2 million options in 14 s, is 150,000 a second).
OPTIONS_PER_SECOND = 150_000
#: More options than this from one heap are not counted (the estimate is then "too many").
COUNT_CAP = 1_000_000


def heap_work(game: HeapGame, bound: int) -> int:
    """About how many heap options :func:`heap_values` examines for the heaps ``0..bound``,
    without computing any value: the options of a few heaps (``bound``, ``bound/2``,
    ``bound/4``, each counted up to :data:`COUNT_CAP`) times the number of heaps."""
    from itertools import islice

    samples = sorted({bound, bound // 2, bound // 4})
    counts = []
    for n in samples:
        try:
            counts.append(sum(1 for _ in islice(game.heap_moves(n), COUNT_CAP)))
        except Exception:  # the rules' own failure is reported, in one line, when they run
            counts.append(1)
    return (bound + 1) * max(1, sum(counts) // len(counts))


def _xor(memo: dict[int, int], parts) -> int:
    total = 0
    for h in parts:
        total ^= memo[h]
    return total


def _loop_text(game: Game, stack: list[int], back: int) -> str:
    path = []
    for n in stack:  # the heaps being expanded, in order: the loop is from `back` on
        if n == back or path:
            if not path or path[-1] != n:
                path.append(n)
    path.append(back)
    return (f"the rules of {game.name} have a loop: a heap of {back} can come back to itself "
            f"({' -> '.join(map(str, path))}); nimlab solves games that end (no cycles)")


class HeapSums:
    """The fast path of every heap game: the XOR of the heaps' values (see the module doc)."""

    method = "sum of heaps"
    takes_budget = True
    skips_move = True

    def answer(self, game: Any, position: Any, budget: Budget | None = None,
               need_move: bool = True) -> Answer | None:
        if not is_sum_of_heaps(game):
            return None
        budget = budget or Budget()
        memo = heap_values(game, sorted(set(position)), budget.max_states,
                           time.monotonic() + budget.time_limit)
        total = _xor(memo, position)
        if total == 0:
            return Answer("P", 0, self.method, SOURCE, None,
                          "the heaps' values XOR to 0")
        move = winning_heap_move(game, position, total, memo.__getitem__) \
            if need_move else None
        return Answer("N", total, self.method, SOURCE, move,
                      f"the heaps' values XOR to {total}")

    def closed_value(self, game: Any, position: Any) -> int | None:
        return self.answer(game, position, need_move=False).value \
            if is_sum_of_heaps(game) else None

    def applies(self, game: Any, position: Any) -> bool:
        return is_sum_of_heaps(game)



def winning_heap_move(game: HeapGame, position: Any, total: int, value,
                      searched=lambda n: True) -> HeapMove | None:
    """A move of a sum of heaps (value ``total`` > 0) to value 0: a heap of value g becomes
    heaps of value ``g ^ total``, found among its options (``value(n)``: a heap's value; only
    the heaps ``searched(n)`` allows are searched)."""
    for i, n in enumerate(position):
        g = value(n)
        want = g ^ total
        if want < g and searched(n):
            for parts in game.heap_options(n):
                x = 0
                for h in parts:
                    x ^= value(h)
                if x == want:
                    return HeapMove(i, n, parts)
    return None

"""Membership oracles for discovery: a game's values on a whole box of positions, at once.

:func:`box` returns ``V`` with ``V[p1, ..., pk] = G(p1, ..., pk)`` for every variable (pile,
and Fibonacci Nim's previous removal ``x``) in ``0..side-1``, from the game's exact tables in the
result store (the compiled kernels behind them) or a closed computation over the box; ``-1``
marks tuples that are not positions (End-Nim rows with a zero inside).  Games whose tables hold
the outcome only (Fibonacci Nim, NIM with cash) give ``0`` at a P-position and ``1`` elsewhere,
with :attr:`Source.values` false so that a value above 0 is refused.

The search refuses a box of more positions than its budget before anything is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from nimlab.errors import InputError


@dataclass(frozen=True)
class Source:
    """Where the values of one game come from."""

    describe: str  # the table, in words
    build: Callable  # build(side, progress) -> np.ndarray of shape (side,) * tracks
    values: bool = True  # False: the table knows P (0) and N (1) only


def _index_type(side: int):
    """The smallest signed integer type holding ``0 .. side - 1`` (boxes are built in it: a box
    of three numbers of 10 digits has 2^30 positions, 8 GB per int64 coordinate)."""
    import numpy as np
    return np.int16 if side <= 2**15 else np.int32


def _nim(tracks: int) -> Source:
    def build(side, progress):
        import numpy as np
        kind = _index_type(side)
        out = np.zeros((side,) * tracks, dtype=kind)
        for t in range(tracks):  # the nim-sum by broadcasting: no coordinate grids
            shape = [1] * tracks
            shape[t] = side
            out ^= np.arange(side, dtype=kind).reshape(shape)
        return out
    return Source("Bouton's nim-sum (the game's closed form)", build)


def _by_translation(V, side: int, tracks: int):
    """``out[p] = V[sorted(p)[1:] - min(p)]`` on the box ``(side,) * tracks``, one slab of the
    first number at a time (the coordinates of one slab only, in the smallest integer type)."""
    import numpy as np
    kind = _index_type(side)
    out = np.empty((side,) * tracks, dtype=V.dtype)
    rest = np.indices((side,) * (tracks - 1), dtype=kind)
    for first in range(side):
        p = np.concatenate([np.full((1,) + rest.shape[1:], first, dtype=kind), rest])
        p.sort(axis=0)
        out[first] = V[tuple(p[i] - p[0] for i in range(1, tracks))]
    return out


def _wythoff() -> Source:
    def build(side, progress):
        from nimlab import store
        import numpy as np
        return np.asarray(store.wythoff_table(side - 1, progress), dtype=np.int32)
    return Source("the Wythoff kernel table (store)", build)


def _sharing(tracks: int) -> Source:
    if tracks == 3:
        def build(side, progress):
            import numpy as np
            from nimlab import store
            return _by_translation(np.asarray(store.sharing_values(side - 1, progress)), side, 3)
        return Source("the 3-pile Sharing Nim kernel table G(0,a,b) (store), by translation "
                      "and order", build)
    if tracks == 4:
        def build(side, progress):
            import numpy as np
            from nimlab import store
            return _by_translation(np.asarray(store.sharing4_values(3 * (side - 1), progress)),
                                   side, 4)
        return Source("the 4-pile Sharing Nim kernel table G(0,x,y,z) (store), by translation "
                      "and order", build)
    raise InputError(f"discover reads Sharing Nim with 3 or 4 piles, not {tracks}")


def _end_nim(tracks: int, variant: str) -> Source:
    if not 2 <= tracks <= 4:
        raise InputError(f"discover reads End-Nim rows of 2 to 4 piles, not {tracks}")

    def build(side, progress):
        import numpy as np
        from nimlab import store
        out = np.full((side,) * tracks, -1, dtype=np.int32)
        # the empty row: no move, value 0
        out[(0,) * tracks] = 0
        for n in range(1, tracks + 1):
            if n == 1:
                from nimlab.games import EndNim
                from nimlab.solve import answer
                game = EndNim(variant)
                row = [0] + [answer(game, (a,)).value for a in range(1, side)]
                table = np.asarray(row, dtype=np.int32)
            else:
                table = np.asarray(store.endnim_values(n, side - 1, variant, progress))
            inner = table[(slice(1, None),) * n]
            out[(0,) * (tracks - n) + (slice(1, None),) * n] = inner
        return out
    return Source(f"the End-Nim kernel tables ({variant}; rows of 1..{tracks} piles, store)",
                  build)


def _subtraction(values: str) -> Source:
    from nimlab.games.subtraction import parse_subtraction_set
    s = parse_subtraction_set(values)

    def build(side, progress):
        import numpy as np
        from nimlab import store
        return np.asarray(store.subtraction_values(s, side - 1), dtype=np.int32)
    return Source(f"the nim-sequence of NIM({','.join(map(str, s))}) (store)", build)


def _cash(values: str) -> Source:
    from nimlab.games.subtraction import parse_subtraction_set
    s = parse_subtraction_set(values)

    def build(side, progress):
        import numpy as np
        from nimlab import store
        W = np.asarray(store.cash_winners(s, side - 1, side - 1, progress))
        return (W != 0).view(np.uint8)  # the player to move wins: N (1); else P (0)
    return Source(f"the NIM({','.join(map(str, s))}) with cash winner table (store)", build,
                  values=False)


def fibonacci_p_box(piles: int, side: int, progress=None):
    """``P[p1, ..., pk, x]``: whether ``(p; x)`` is a P-position of Fibonacci Nim (factor 2),
    for piles and ``x`` in ``0..side-1``, straight from the rules (first move: a whole pile may
    not be taken).  For ``x >= 1`` the removals allowed are ``1..2x``, so ``(p; x)`` is N iff
    ``2x >= t(p)``, ``t(p)`` the least removal ``y`` to a P-position ``(p - y e_j; y)``: one
    number per sorted tuple of piles, computed in order of the pile total."""
    import numpy as np
    from itertools import combinations_with_replacement
    big = 1 << 40
    last: dict[tuple, int] = {}  # sorted piles -> largest x >= 0 with (p; x) P (x >= 1 part)
    first: dict[tuple, bool] = {}

    def p_at(q: tuple, y: int) -> bool:
        return last[tuple(sorted(q))] >= y

    tuples = sorted(combinations_with_replacement(range(side), piles), key=sum)
    for done, p in enumerate(tuples):
        t = big
        fm = True
        for j in range(piles):
            if j and p[j] == p[j - 1]:
                continue
            for y in range(1, p[j] + 1):
                if y >= t:
                    break
                q = p[:j] + (p[j] - y,) + p[j + 1:]
                if p_at(q, y):
                    t = y
                    break
        for j in range(piles):
            if j and p[j] == p[j - 1]:
                continue
            for y in range(1, p[j]):
                q = p[:j] + (p[j] - y,) + p[j + 1:]
                if p_at(q, y):
                    fm = False
                    break
            if not fm:
                break
        last[p] = big if t == big else (t + 1) // 2 - 1
        first[p] = fm
        if progress and done % 4096 == 0:
            progress(done, len(tuples))
    grid = np.sort(np.indices((side,) * piles, dtype=np.int64), axis=0)
    lookup_last = np.array([min(last[p], side) for p in tuples], dtype=np.int64)
    lookup_first = np.array([first[p] for p in tuples], dtype=bool)
    codes = np.array([sum(v * side ** (piles - 1 - j) for j, v in enumerate(p))
                      for p in tuples], dtype=np.int64)
    code = np.zeros(grid.shape[1:], dtype=np.int64)
    for j in range(piles):
        code = code * side + grid[j]
    sorter = np.argsort(codes)
    keys = sorter[np.searchsorted(codes[sorter], code)]  # the sorted tuple of each point
    x = np.arange(side)
    P = x[(None,) * piles] <= lookup_last[keys][..., None]
    P[..., 0] = lookup_first[keys]
    return P


def _fibonacci(piles: int) -> Source:
    if not 1 <= piles <= 3:
        raise InputError(f"discover reads Fibonacci Nim with 1 to 3 piles, not {piles}")

    def build(side, progress):
        return (~fibonacci_p_box(piles, side, progress)).astype("int32")
    return Source(f"the {piles}-pile Fibonacci Nim P-positions over the box, from the rules",
                  build, values=False)


def source(game: str, piles: int, options: dict) -> Source:
    """The :class:`Source` of ``game`` with ``piles`` piles (as the prover names it)."""
    if game == "nim":
        return _nim(piles)
    if game == "wythoff":
        return _wythoff()
    if game == "sharing":
        return _sharing(piles)
    if game == "end-nim":
        return _end_nim(piles, options.get("variant", "normal"))
    if game == "subtraction":
        return _subtraction(options["set"])
    if game == "cash":
        return _cash(options["set"])
    if game == "fibonacci":
        return _fibonacci(piles)
    raise InputError(f"discover has no table for {game!r}; it reads nim, wythoff, sharing, "
                     "end-nim, subtraction, cash, fibonacci")

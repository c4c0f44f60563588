"""Membership oracles for discovery: a game's exact values, on a whole box or position by position.

Two ways to ask, from the same exact tables (the result store's compiled kernels, or a closed
computation):

* :attr:`Source.build` ``(side, progress)`` returns the whole box ``V`` with
  ``V[p1, ..., pk] = G(p1, ..., pk)`` for every variable (pile, and Fibonacci Nim's previous
  removal ``x``) in ``0..side-1`` (the passive learner of :mod:`nimlab.discover.learn`);
* :attr:`Source.table` ``(side, progress)`` returns a function ``values(P)`` of an integer array
  ``P`` of positions (one row each, every number below ``side``): the table behind it is the
  game's own (two numbers for three-pile Sharing Nim, sorted tuples for Fibonacci Nim), never
  the box (the active learner of :mod:`nimlab.discover.active`).

``-1`` marks tuples that are not positions (End-Nim rows with a zero inside).  Games whose tables
hold the outcome only (Fibonacci Nim, NIM with cash) give ``0`` at a P-position and ``1``
elsewhere, with :attr:`Source.values` false so that a value above 0 is refused.
:attr:`Source.reach` is the largest side a table can have (the kernels' index types); a table
that does not fit in memory is refused by the store with a one-line :class:`InputError`.

The search refuses a box of more positions than its budget before anything is built.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from nimlab.discover.source import Source
from nimlab.errors import InputError


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

    def table(side, progress):
        import numpy as np
        return lambda P: np.bitwise_xor.reduce(np.asarray(P, dtype=np.int64), axis=1)
    return Source("Bouton's nim-sum (the game's closed form)", build, table=table)


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


def _translated(V):
    """``values(P)``: ``V[sorted(p)[1:] - min(p)]`` for each row ``p`` of ``P``."""
    import numpy as np

    def values(P):
        S = np.sort(np.asarray(P, dtype=np.int64), axis=1)
        return V[tuple(S[:, i] - S[:, 0] for i in range(1, S.shape[1]))].astype(np.int64)
    return values


def _wythoff(top_value: int | None = None) -> Source:
    """Wythoff's game: the square of values of its kernel; for a value up to
    :data:`nimlab.discover.points.WYTHOFF_ROWS_TOP`, the positions of values ``0..G`` row by
    row (:func:`nimlab.discover.points.wythoff_rows`)."""
    from nimlab.discover import points
    if top_value is not None and 0 <= top_value <= points.WYTHOFF_ROWS_TOP:
        return points.wythoff_rows(top_value, _wythoff_square)

    def table(side, progress):
        import numpy as np
        from nimlab import store
        T = np.asarray(store.wythoff_table(side - 1, progress))
        return lambda P: T[P[:, 0], P[:, 1]].astype(np.int64)
    return Source("the Wythoff kernel table (store)", _wythoff_square, table=table,
                  nbytes=lambda side: 6 * side * side)  # the table and an int32 copy


def _wythoff_square(side, progress):
    """The box of Wythoff's values (the square of its kernel, store)."""
    from nimlab import store
    import numpy as np
    return np.asarray(store.wythoff_table(side - 1, progress), dtype=np.int32)


def awythoff_p_partners(a: int, side: int, progress=None):
    """Fraenkel's a-Wythoff game from the rules, P-positions only, piles below ``side``:
    ``partner[x]`` is the ``y`` with ``(x, y)`` a P-position (``-1`` when it is not below
    ``side``).  A row, a column and a diagonal hold one P-position at most (any two of one line
    are a move apart), so row ``x`` is scanned for its first cell with no P-position among its
    options: above it in its column, or on a diagonal ``e = d + k`` (``d = y - x``,
    ``|k| < a``) below the row, and for ``k > 0`` left of column ``y`` (row ``< x - k``).
    Memory: a few numbers a pile, not a square."""
    import numpy as np

    big = np.int64(1) << 62
    partner = np.full(side, -1, dtype=np.int64)
    column = np.zeros(side, dtype=bool)  # a P-position above, in this column
    diagonal = np.full(2 * side + 2 * a, big, dtype=np.int64)  # its row, per diagonal e
    off = side + a  # diagonal e sits at e + off
    y = np.arange(side, dtype=np.int64)
    for x in range(side):
        if progress and not x & 1023:
            progress(x, side)
        blocked = column.copy()
        for k in range(-(a - 1), a):
            rows = diagonal[y - x + k + off]
            blocked |= rows < (big if k <= 0 else x - k)
        free = np.flatnonzero(~blocked)
        if free.size:
            partner[x] = c = int(free[0])
            column[c] = True
            diagonal[c - x + off] = x
    return partner


def _awythoff(a: int, p_only: bool) -> Source:
    """Fraenkel's a-Wythoff game: the Grundy table of its own kernel (from the rules, checked
    against a plain search in tests/test_awythoff.py), one table per side, kept; for the
    P-positions alone, :func:`awythoff_p_partners` (0 at a P-position, 1 elsewhere), which
    reaches far larger piles."""
    held: dict = {}

    if p_only:
        def partners(side, progress):
            if held.get("side", 0) < side:
                held["side"], held["T"] = side, awythoff_p_partners(a, side, progress)
            return held["T"]

        def build_p(side, progress):
            import numpy as np
            T = partners(side, progress)[:side]
            out = np.ones((side, side), dtype=np.int32)
            rows = np.flatnonzero((T >= 0) & (T < side))
            out[rows, T[rows]] = 0
            return out

        def table_p(side, progress):
            T = partners(side, progress)
            return lambda P: (T[P[:, 0]] != P[:, 1]).astype("int64")

        return Source(f"the a-Wythoff P-positions from the rules (a = {a})", build_p,
                      values=False, table=table_p, nbytes=lambda side: 48 * side)

    def build(side, progress):
        from nimlab import store

        if held.get("side", 0) < side:  # the store refuses, in one line, what will not end
            held["side"], held["T"] = side, np.asarray(store.awythoff_table(side - 1, a,
                                                                            progress))
        return held["T"][:side, :side].astype(np.int32)

    def table(side, progress):
        T = build(side, progress)
        return lambda P: T[P[:, 0], P[:, 1]].astype("int64")

    def nbytes(side):
        from nimlab import store
        return store.awythoff_bytes(side - 1, a) + 4 * side * side  # and the int32 copy

    return Source(f"the a-Wythoff kernel table (a = {a})", build, table=table, nbytes=nbytes)


def _sharing_bytes(side: int) -> int:
    from nimlab import store
    return store.sharing_bytes(side - 1)


def _sharing3_box(side, progress):
    """The box of 3-pile Sharing Nim's values, from the kernel table G(0, a, b) (store)."""
    import numpy as np
    from nimlab import store
    return _by_translation(np.asarray(store.sharing_values(side - 1, progress)), side, 3)


def _sharing(tracks: int, top_value: int | None = None) -> Source:
    from nimlab.discover import points
    if tracks == 3 and top_value is not None and 0 <= top_value <= points.SHARING_POINTS_TOP:
        return points.sharing_points(top_value, _sharing3_box)
    if tracks == 3:
        build = _sharing3_box

        def table(side, progress):
            import numpy as np
            from nimlab import store
            return _translated(np.asarray(store.sharing_values(side - 1, progress)))
        return Source("the 3-pile Sharing Nim kernel table G(0,a,b) (store), by translation "
                      "and order", build, table=table, nbytes=_sharing_bytes)
    if tracks == 4:
        def build(side, progress):
            import numpy as np
            from nimlab import store
            return _by_translation(np.asarray(store.sharing4_values(3 * (side - 1), progress)),
                                   side, 4)

        def table(side, progress):
            import numpy as np
            from nimlab import store
            return _translated(np.asarray(store.sharing4_values(3 * (side - 1), progress)))
        return Source("the 4-pile Sharing Nim kernel table G(0,x,y,z) (store), by translation "
                      "and order", build, table=table)
    raise InputError(f"discover reads Sharing Nim with 3 or 4 piles, not {tracks}")


def _end_nim(tracks: int, variant: str, top_value: int | None = None) -> Source:
    """End-Nim rows of up to ``tracks`` piles (zeros on the left: a shorter row).  Rows of four
    piles asked for a value up to ``top_value`` come from
    :mod:`nimlab.kernels.endnim_points` (the positions of values ``0..G`` without the table
    of values: ``(G + 1) side^3`` numbers where the table takes ``side^4``; every value up to
    ``G`` is asked, as the smaller values' sets are learnt first)."""
    from nimlab.kernels import endnim_points as points
    if tracks < 2:
        raise InputError(f"discover reads End-Nim rows of 2 or more piles, not {tracks}")
    few = tracks == 4 and top_value is not None and 0 <= top_value <= points.MAX_TOP

    def rows(n, side, progress):
        """The values of the rows of ``n`` piles below ``side``."""
        import numpy as np
        from nimlab import store
        return np.asarray(store.endnim_values(n, side - 1, variant, progress))

    def build(side, progress):
        import numpy as np
        out = np.full((side,) * tracks, -1, dtype=np.int32)
        # the empty row: no move, value 0
        out[(0,) * tracks] = 0
        for n in range(1, tracks + 1):
            inner = rows(n, side, progress)[(slice(1, None),) * n]
            out[(0,) * (tracks - n) + (slice(1, None),) * n] = inner
        return out

    def table(side, progress):
        import numpy as np
        tables = [None] + [rows(n, side, progress) for n in range(1, tracks + (0 if few else 1))]
        if few:  # the rows of four piles: their points of values 0..G
            # every value up to G: the smaller values' sets are learnt (and proven) first
            from nimlab import store
            D = np.asarray(store.endnim_four_pile_points(top_value, side - 1, variant,
                                                         progress, three_piles=tables[3]))
            tables.append(lambda Q: points.point_values(D, Q))

        def values(P):
            P = np.asarray(P, dtype=np.int64)
            out = np.full(P.shape[0], -1, dtype=np.int64)
            zero = P == 0
            # a row: zeros on the left only (no zero after a pile)
            ok = ~(~zero[:, :-1] & zero[:, 1:]).any(axis=1)
            n = tracks - zero.sum(axis=1)
            out[ok & (n == 0)] = 0
            for k in range(1, tracks + 1):
                pick = ok & (n == k)
                if pick.any():
                    Q = P[pick][:, tracks - k:]
                    look = tables[k]
                    out[pick] = look(Q) if callable(look) else look[tuple(Q[:, i]
                                                                          for i in range(k))]
            return out
        return values
    if few:
        return Source(f"the End-Nim kernel tables ({variant}; rows of 1..3 piles, store) and "
                      f"the 4-pile rows' positions of values 0..{top_value} (no table)", build,
                      table=table,
                      # the points and the 3-pile table, and the 3-pile kernel's int32 cube
                      # while that table is made (an upper bound: 12.9 GB at side 1,024, the
                      # whole run measured at 9.7 GB)
                      nbytes=lambda side: points.points_nbytes(top_value, side - 1) +
                      2 * side ** 3)
    return Source(f"the End-Nim kernel tables ({variant}; rows of 1..{tracks} piles, store)",
                  build, table=table)


def _graph_nim(tracks: int, edges_text: str | None) -> Source:
    """Graph Nim on the digraph ``edges_text``: the compiled kernel's table is the box itself
    (every position with piles below ``side``), so the box learner reads it in slabs."""
    from nimlab import store
    from nimlab.games import edge_text, parse_edges

    if edges_text is None:
        raise InputError("graph-nim needs --edges u-v,... (e.g. --edges 1-2,2-3,3-1)")
    edges = parse_edges(edges_text, tracks)
    try:  # the kernel's own limit on the vertices, said now (a table of one cell)
        store.graph_values(tracks, edges, 0, use_cache=False)
    except InputError as refused:
        raise InputError(f"discover reads Graph Nim from its compiled table: {refused}") from None

    def box(side, progress):
        import numpy as np
        return np.asarray(store.graph_values(tracks, edges, side - 1, progress))

    def table(side, progress):
        import numpy as np
        V = box(side, progress)
        return lambda P: V[tuple(np.asarray(P, dtype=np.int64).T)].astype(np.int64)

    def slab(side, progress):
        V = box(side, progress)
        return lambda lo, hi: V[lo:hi]
    return Source(f"the Graph Nim kernel table on {edge_text(edges)} (store)", box, table=table,
                  active=False, slab=slab)


def _subtraction(values: str) -> Source:
    from nimlab.games.subtraction import parse_subtraction_set
    s = parse_subtraction_set(values)

    def build(side, progress):
        import numpy as np
        from nimlab import store
        return np.asarray(store.subtraction_values(s, side - 1), dtype=np.int32)

    def table(side, progress):
        T = build(side, progress)
        return lambda P: T[P[:, 0]].astype("int64")
    return Source(f"the nim-sequence of NIM({','.join(map(str, s))}) (store)", build,
                  table=table, nbytes=lambda side: 16 * side)  # int64, then int32 copies


def _first_number_need(P) -> int:
    """The side a table indexed by the first number alone must have for the rows of ``P``."""
    return int(P[:, 0].max()) + 1


def _cash(values: str) -> Source:
    """NIM(A) with cash, read from the threshold table ``T[n, d2]``
    (:mod:`nimlab.kernels.cash_thresholds`): the mover wins exactly from a threshold of its own
    money on, so a row of never-decreasing numbers per stone count, packed at about 2 bits a
    number, answers every ``(n, d1, d2)`` below ``side`` - membership
    for the active learner at any position, and the box learner's cube layer by layer."""
    from nimlab.games.subtraction import parse_subtraction_set
    s = parse_subtraction_set(values)

    def thresholds(side, progress):
        import numpy as np
        from nimlab import store
        return np.asarray(store.cash_thresholds(s, side - 1, progress))

    def build(side, progress):  # N (1): the mover wins; P (0)
        from nimlab.kernels.cash_thresholds import threshold_slab
        return threshold_slab(thresholds(side, progress), 0, side, side - 1)

    def table(side, progress):
        import numpy as np
        from nimlab.kernels.cash_thresholds import threshold_member
        T = thresholds(side, progress)

        def values(P):  # money beyond the stones buys nothing: a player spends at most n
            return np.asarray(threshold_member(T, P[:, 0], P[:, 1], P[:, 2]), dtype=np.int64)
        return values

    def slab(side, progress):
        from nimlab.kernels.cash_thresholds import threshold_slab
        T = thresholds(side, progress)
        return lambda lo, hi: threshold_slab(T, lo, hi, side - 1)
    return Source(f"the NIM({','.join(map(str, s))}) with cash threshold table (store)", build,
                  values=False, table=table, active=True, need=_first_number_need,
                  slab=slab, nbytes=lambda side: _cash_table_bytes(s, side))


def _cash_table_bytes(subtraction_set, side: int) -> int:
    """The packed threshold table below ``side``, the ring of rows it is computed in, and the
    table of half the side it may be grown from (held while it is copied)."""
    from nimlab.kernels import cash_thresholds as ct
    bound = side - 1
    return ct.table_nbytes(bound) + ct.work_nbytes(subtraction_set, bound) + \
        ct.table_nbytes(bound // 2)


def fibonacci_p_box(piles: int, side: int, progress=None, factor: int = 2):
    """``P[p1, ..., pk, x]``: whether ``(p; x)`` is a P-position of Fibonacci Nim (factor
    ``K``, 2 by default), for piles and ``x`` in ``0..side-1``, straight from the rules (first
    move: a whole pile may not be taken).  For ``x >= 1`` the removals allowed are ``1..Kx``,
    so ``(p; x)`` is N iff ``Kx >= t(p)``, ``t(p)`` the least removal ``y`` to a P-position
    ``(p - y e_j; y)``: one number per sorted tuple of piles, computed in order of the pile
    total."""
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
        last[p] = big if t == big else (t - 1) // factor  # the largest x with K x < t
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


def fibonacci_one_pile_p(factor: int, side: int):
    """One-pile Fibonacci Nim with a whole factor ``K``, from the rules, for ``n < side``: ``t[n]``,
    the least removal ``y`` to a P-position ``(n - y; y)`` (``(0; y)`` always is one), so that
    ``(n; x >= 1)`` is P iff ``K x < t[n]``; and ``(n; 0)`` is P iff ``t[n] = n`` (no removal
    but the whole pile reaches one, and the first move may not take it).  Linear time but for
    the scans, short ones (``t[n]`` is the least term of ``n``'s greedy representation).  The
    plain reference of the removals table's first column and of Schwenk's theorem in the
    tests."""
    big = 1 << 62
    t = [big] * side
    for n in range(1, side):
        y = 1
        while factor * y >= t[n - y]:
            y += 1
        t[n] = y
    T = np.array(t, dtype=np.int64)
    first = T == np.arange(side)
    first[0] = True  # (0; 0): no move
    return T, first


@lru_cache(maxsize=None)
def _fibonacci_weights(factor: int) -> tuple[int, ...]:
    """The weights of ``fibK`` below 2^63 (the numbers a table may hold)."""
    from nimlab.prove.numerations import get

    numeration = get(f"fib{factor}") if factor > 2 else get("fib")
    count = 8
    while numeration.weight(count - 1) < 1 << 63:
        count += 8
    return tuple(w for w in numeration.weights(count) if w < 1 << 63)


def schwenk_least_terms(factor: int, n: np.ndarray):
    """``(t, first)`` of :func:`fibonacci_one_pile_p` by Schwenk's theorem (A. J. Schwenk,
    "Take-away games", Fibonacci Quart. 8, 1970) instead of the rules: the least removal to a
    P-position is the least term of ``n``'s greedy representation over the weights of
    ``fibK``, and ``(n; 0)`` is P exactly when ``n`` is a weight or 0.  The discovered automaton
    is proven from the rules, not from this; tests/test_discover_fibk.py compares it with the
    rules (:func:`fibonacci_one_pile_p` and the removals table)."""
    n = np.asarray(n, dtype=np.int64)
    top = int(n.max(initial=0))
    weights = [w for w in _fibonacci_weights(factor) if w <= top]
    t = np.full(n.shape, 1 << 62, dtype=np.int64)
    terms = np.zeros(n.shape, dtype=np.int64)
    rest = n.copy()
    for w in reversed(weights):
        take = rest >= w
        rest = np.where(take, rest - w, rest)
        t = np.where(take, w, t)  # the last taken is the least
        terms += take
    return t, (terms <= 1)


#: Tokens below which one-pile Fibonacci Nim's removals table may be made (four bytes a pile and
#: a value: 4 GB a value here, so the memory cap decides first); past it, the P-positions only,
#: by Schwenk's theorem.
FIRSTS_REACH = 1 << 30
#: Values the removals table keeps when the value asked is not said (a worker's table).
FIRSTS_VALUES = 16


def _fibonacci_one_pile(factor: int, top_value: int | None) -> Source:
    """One-pile Fibonacci Nim with a whole factor ``K``: ``G(n; x)`` read off the removals
    table (:func:`nimlab.kernels.fibonacci.one_pile_firsts`, from the rules: the least removal
    to each value ``0..top_value``, a few numbers a pile), ``-2`` for a value above
    ``top_value``.  Past :data:`FIRSTS_REACH` tokens only the P-positions are answered, by
    Schwenk's theorem (:func:`schwenk_least_terms`; the tests compare it with the rules), which
    the P-positions' words need (piles of 10^14 tokens for factor 3); the sets of values above 0
    stop there (:attr:`Source.value_reach`)."""
    count = FIRSTS_VALUES if top_value is None else top_value + 1
    held: dict = {}

    def firsts(side):
        from nimlab import store

        # past the reach only the P-positions are asked (the teacher refuses the others), and
        # Schwenk's theorem answers them: the table does not grow for them
        size = side if side <= FIRSTS_REACH else held.get("side", 1 << 20)
        if held.get("side", 0) < size:
            held["side"], held["F"] = size, store.fibonacci_one_pile_firsts(size - 1, factor,
                                                                            count)
        return held["F"]

    def table(side, progress):
        from nimlab.store import fibonacci_firsts_values as firsts_values

        F = firsts(side)

        def values(P):
            P = np.asarray(P, dtype=np.int64).reshape(-1, 2)
            n, x = P[:, 0], P[:, 1]
            inside = n < len(F)
            out = np.empty(len(P), dtype=np.int64)
            got = firsts_values(F, factor, n[inside], x[inside])
            out[inside] = np.where(got < 0, -2, got)
            if not inside.all():  # past the table: P-positions by Schwenk's theorem
                t, first = schwenk_least_terms(factor, n[~inside])
                p = np.where(x[~inside] == 0, first, factor * x[~inside] < t)
                out[~inside] = np.where(p, 0, -2)
            return out
        return values

    def build(side, progress):
        values = table(side, progress)
        grid = np.indices((side, side), dtype=np.int64).reshape(2, -1).T
        return values(grid).reshape(side, side).astype("int32")

    def probes(rng, count_, side):
        # (n; x) with x next to t(n) / K, the boundary of the P-positions (Schwenk), n a sum of
        # a few weights with the least of them anywhere: where mistakes hide
        weights = np.array([w for w in _fibonacci_weights(factor) if w < side], dtype=np.int64)
        low = rng.integers(0, len(weights), size=count_)
        n = weights[low].copy()
        for _ in range(2):
            more = np.minimum(low + rng.integers(factor + 1, len(weights) + 1, size=count_),
                              len(weights) - 1)
            add = (rng.random(count_) < 0.5) & (more > low + factor)
            n = np.where(add, n + weights[more], n)
        t, _ = schwenk_least_terms(factor, n)
        x = np.maximum(t // factor + rng.integers(-2, 3, size=count_), 0)
        P = np.stack([n, x], axis=1)
        return P[(P < side).all(axis=1)]

    return Source(f"one-pile Fibonacci Nim with factor {factor}: the least removal to each "
                  f"value from the rules (compiled) below {FIRSTS_REACH:,} tokens, the "
                  "P-positions by Schwenk's theorem above", build, table=table,
                  reach=1 << 62, need=_first_number_need, probes=probes,
                  value_reach=FIRSTS_REACH if count > 1 else None,
                  # the new table beside the last (half its size) while it is made
                  nbytes=lambda side: 6 * (side if side <= FIRSTS_REACH else 1 << 20) * count)


def _fibonacci(piles: int, factor=2, top_value: int | None = None) -> Source:
    """Fibonacci Nim's P-positions (factor 2: the box from the rules; a whole factor ``K >= 3``
    in the greedy numeration ``fibK``: the box read off the kernel's table, which the tests
    compare with the rules); one pile, any whole factor: its values
    (:func:`_fibonacci_one_pile`)."""
    import numpy as np

    if not 1 <= piles <= 3:
        raise InputError(f"discover reads Fibonacci Nim with 1 to 3 piles, not {piles}")
    if not str(factor).isdigit() or int(factor) < 2:
        raise InputError(f"discover reads Fibonacci Nim with a whole factor, not {factor}")
    factor = int(factor)
    if piles == 1:  # any whole factor: the removals table, from the rules
        return _fibonacci_one_pile(factor, top_value)

    def build(side, progress):
        if factor == 2:
            return (~fibonacci_p_box(piles, side, progress)).astype("int32")
        values = table(side, progress)
        grid = np.indices((side,) * (piles + 1), dtype=np.int64).reshape(piles + 1, -1).T
        return values(grid).reshape((side,) * (piles + 1)).astype("int32")

    def table(side, progress):
        from nimlab import store
        T = store.fibonacci_table(piles, side - 1, progress, factor)
        last, first = T.last_p.astype(np.int64), T.first != 0

        def values(P):
            P = np.asarray(P, dtype=np.int64)
            S = -np.sort(-P[:, :piles], axis=1)  # the piles, largest first
            index = np.zeros(P.shape[0], dtype=np.int64)
            for j in range(piles):  # the kernel's cell: sum of C(s_j + k - 1, k), k = piles - j
                k, term = piles - j, np.ones(P.shape[0], dtype=np.int64)
                for i in range(k):
                    term = term * (S[:, j] + i) // (i + 1)
                index += term
            x = P[:, piles]
            p = np.where(x == 0, first[index], last[index] >= x)
            return (~p).astype(np.int64)  # P-position: 0, else 1
        return values
    what = ("the compiled kernel of sorted pile tuples; a box from the rules" if factor == 2
            else f"factor {factor}: the compiled kernel of sorted pile tuples")
    return Source(f"the {piles}-pile Fibonacci Nim P-positions ({what})", build, values=False,
                  table=table, reach=0xFFFF)


#: The largest box a game of one's own's hypotheses are checked on (its values come from Python).
OWN_CHECK_CELLS = 1 << 11


def _own(name: str, piles: int) -> Source:
    """A game of one's own (with a ``move_formula``): its values by its own fast paths or the
    generic solver, position by position (the active learner asks only what it needs)."""
    import numpy as np

    from nimlab.games import make_game
    from nimlab.prove.logic import compile_formula
    from nimlab.solve import DEFAULT_MAX_STATES, value_function

    game = make_game(name)
    k, base = type(game).pile_count or piles, game.numeration
    everything = game.domain_formula.strip() == "true"
    domain = None if everything else compile_formula(game.domain_formula, base)
    names = tuple(f"p{i}" for i in range(1, k + 1))
    held = {"states": 0, "value": None}

    def values_for(side: int):
        """One solver for every table, large enough for the box: the positions below ``side``
        (the search's own budget has bounded the box's size before it asks)."""
        states = max(DEFAULT_MAX_STATES, 2 * side ** k)
        if states > held["states"]:
            held["states"], held["value"] = states, value_function(game, states)
        value = held["value"]

        def one(row) -> int:
            if domain is not None:
                env = dict(zip(names, row))
                if not domain.run({v: env[v] for v in domain.vars}, base=base):
                    return -1
            return value(row)
        return one

    def build(side, progress):
        """The whole box, in increasing order (each value costs only what is new), reporting
        progress so that the search's deadline stops it."""
        if held.get("side", 0) >= side:
            return held["box"][(slice(0, side),) * k]
        one = values_for(side)
        out = np.empty((side,) * k, dtype=np.int64)
        total = out.size
        for done, index in enumerate(np.ndindex(*out.shape)):
            if not done & 1023:
                progress(done, total)
            out[index] = one(tuple(int(x) for x in index))
        held["side"], held["box"] = side, out
        return out

    def table(side, progress):
        box = build(side, progress)
        return lambda P: box[tuple(np.asarray(P, dtype=np.int64).T)]

    return Source(f"the values of {name} (its own rules: fast paths or the solver)", build,
                  table=table, check_cells=OWN_CHECK_CELLS)


def source(game: str, piles: int, options: dict, top_value: int | None = None) -> Source:
    """The :class:`Source` of ``game`` with ``piles`` piles (as the prover names it);
    ``top_value``: the largest value asked (0: the P-positions only; a game may then answer
    from a cheaper table; None: not said)."""
    if game == "nim":
        return _nim(piles)
    if game == "wythoff":
        if options.get("a", 1) == 1:
            return _wythoff(top_value)
        return _awythoff(int(options["a"]), top_value == 0)
    if game == "sharing":
        return _sharing(piles, top_value)
    if game == "end-nim":
        return _end_nim(piles, options.get("variant", "normal"), top_value)
    if game == "graph-nim":
        return _graph_nim(piles, options.get("edges"))
    if game == "subtraction":
        return _subtraction(options["set"])
    if game == "cash":
        return _cash(options["set"])
    if game == "fibonacci":
        return _fibonacci(piles, options.get("factor", 2), top_value)
    from nimlab.games.registry import user_games

    if game in user_games():
        return _own(game, piles)
    raise InputError(f"discover has no table for {game!r}; it reads nim, wythoff, sharing, "
                     "graph-nim, end-nim, subtraction, cash, fibonacci")

"""The teacher's tables for a question about one value ``G``, built from the positions of values
``0..G`` alone, without the table of values (a few numbers a line where the table holds one a
position): Wythoff's rows and 3-pile Sharing Nim's points.  (End-Nim's 4-pile rows are read the
same way inside :func:`nimlab.discover.oracle._end_nim`, beside its shorter rows.)

Each :class:`~nimlab.discover.oracle.Source` here reads its table from the store, says where
the set's boundary lies (``probes``: positions next to a position of value ``0..G``, where a
wrong hypothesis errs and a position drawn at random almost never is), and names a table cheap
enough to build for the random checks before a proof (``check_side``).  The box learner's boxes
stay the game's table of values (``box``).
"""

from __future__ import annotations

import numpy as np

from nimlab.discover.source import Source

#: The largest value Wythoff's positions are read row by row for (``G + 1`` numbers a row);
#: above it, the square of values.
WYTHOFF_ROWS_TOP = 16
#: The rows the random checks read before a proof (2^24: 0.3 GB and about 2 s for value 1).
WYTHOFF_CHECK_SIDE = 1 << 24
#: The largest value 3-pile Sharing Nim's points are kept for (one word of bits a line).
SHARING_POINTS_TOP = 62
#: The piles 3-pile Sharing Nim's random checks read before a proof (2^16: about 2 s).
SHARING_CHECK_SIDE = 1 << 16


def _log_uniform(rng, count: int, side: int) -> np.ndarray:
    """Numbers below ``side`` with as many of each number of digits (about)."""
    return np.minimum((side ** rng.random(count)).astype(np.int64), side - 1)


def wythoff_rows(top_value: int, box) -> Source:
    """Wythoff's game asked for a value up to ``top_value``: the ``g``-position of every row,
    ``g <= top_value`` (:func:`nimlab.store.wythoff_rows`, the greedy pass from the rules),
    which reaches piles of 10^8 where the square of values stops near 40,000."""
    from nimlab import store
    from nimlab.kernels import wythoff_lines as lines
    held: dict = {}

    def table(side, progress):
        if held.get("side", 0) < side:
            held.clear()  # the smaller table goes before the larger one is made
            # made again each time (10^8 rows in 8 s) rather than written to the user's
            # store: the checks' table alone would leave a file of hundreds of MB
            held["side"], held["T"] = side, np.asarray(store.wythoff_rows(
                top_value, side, progress, use_cache=False))
        T = held["T"]
        return lambda P: lines.partner_values(T, P[:, 0], P[:, 1])

    def probes(rng, count, side):
        T = held["T"]
        x = _log_uniform(rng, count, side)
        g = rng.integers(0, top_value + 1, size=count)
        y = T[g, x].astype(np.int64) + rng.integers(-2, 3, size=count)
        P = np.stack([x, y], axis=1)
        flip = rng.random(count) < 0.5
        P[flip] = P[flip][:, ::-1]
        return P[((P >= 0) & (P < side)).all(axis=1)]

    return Source(f"Wythoff's positions of values 0..{top_value} row by row (the greedy pass "
                  "from the rules, store)", box, table=table, probes=probes,
                  check_side=WYTHOFF_CHECK_SIDE,
                  nbytes=lambda side: lines.partners_nbytes(top_value, side))


def sharing_points(top_value: int, box) -> Source:
    """3-pile Sharing Nim asked for a value up to ``top_value``: the points of values
    ``0..top_value`` from the line kernel without the table (:func:`nimlab.store.sharing_points`),
    where the table of values stops near 2^15."""
    from nimlab import store
    from nimlab.kernels import sharing_lines as lines
    held: dict = {}

    def points(side, progress):
        if held.get("side", 0) < side:
            held.clear()
            held["side"], held["T"] = side, np.asarray(store.sharing_points(top_value, side - 1,
                                                                            progress))
        return held["T"]

    def table(side, progress):
        T = points(side, progress)
        bound = held["side"] - 1  # the table held may be larger than asked (an earlier level)
        return lambda P: lines.position_values(T, bound, top_value, P)

    def probes(rng, count, side):
        # a point of value 0..G, shifted a little and translated by a smallest pile
        T = held["T"]
        if not T.shape[1]:
            return np.zeros((0, 3), dtype=np.int64)
        b, a = np.divmod(T[0][rng.integers(0, T.shape[1], size=count)], held["side"])
        a = np.maximum(a + rng.integers(-2, 3, size=count), 0)
        b = b + rng.integers(-2, 3, size=count)
        low = _log_uniform(rng, count, side)
        P = rng.permuted(np.stack([low, low + a, low + b], axis=1), axis=1)
        return P[((P >= 0) & (P < side)).all(axis=1)]

    return Source(f"3-pile Sharing Nim's positions of values 0..{top_value} (the line kernel, "
                  "no table, store)", box, table=table, probes=probes,
                  check_side=SHARING_CHECK_SIDE,
                  nbytes=lambda side: lines.points_nbytes(top_value, side))

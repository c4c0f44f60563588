"""Where a game's values come from, for discovery: :class:`Source`, what each game's source in
:mod:`nimlab.discover.oracle` (and :mod:`nimlab.discover.points`) says about its tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Source:
    """Where the values of one game come from."""

    describe: str  # the table, in words
    build: Callable  # build(side, progress) -> np.ndarray of shape (side,) * tracks
    values: bool = True  # False: the table knows P (0) and N (1) only
    #: table(side, progress) -> values(P): the values at the rows of P (numbers < side)
    table: Callable | None = None
    reach: int = 1 << 62  # the largest side a table may have
    #: whether the active learner suits the game (its table is smaller than the box: fewer
    #: numbers, or sorted tuples); where the table is the box itself (NIM with cash: one cell per
    #: (n, d1, d2)), the box learner asks nothing it does not already have
    active: bool = True
    #: need(P) -> the side a table must have to answer the rows of P (default: the largest
    #: number + 1; NIM with cash: the stones only, as money beyond them buys nothing)
    need: Callable | None = None
    #: slab(side, progress) -> part(lo, hi): the values of the box whose first number is in
    #: lo..hi-1, from a table held once (the box learner in slabs; where the table is the box)
    slab: Callable | None = None
    #: The largest box the hypotheses are checked on before the prover decides (``None``: the
    #: search's default); a table computed in Python (a game of one's own) checks smaller boxes,
    #: since the proof does not rest on them
    check_cells: int | None = None
    #: nbytes(side) -> about the memory a table of numbers below ``side`` takes (with the
    #: copies made to read it); the active learner's teacher compares it with the memory cap
    #: before building (``None``: only the store's check against the machine's memory)
    nbytes: Callable | None = None
    #: probes(rng, count, side) -> positions (rows, numbers below ``side``) where the set's
    #: boundary lies, drawn at random: where the active learner's teacher looks for a
    #: hypothesis' mistakes before a proof (None: positions drawn a digit count at a time)
    probes: Callable | None = None
    #: The side past which the table knows only whether a value is 0 (a P-position) or not:
    #: the sets of values above 0 are not asked past it (None: values everywhere)
    value_reach: int | None = None
    #: The side of a table cheap enough to build for the teacher's random checks alone (a few
    #: numbers a pile): before a proof, the checks read a table this large even when the
    #: words asked so far need a smaller one (None: the table the words made)
    check_side: int | None = None

"""Discovery inside a slice of the positions (``nimlab discover ... --restrict FORMULA``).

A slice is a formula of the prover's language over the position variables (``p1 = 0``: a row of
Sharing Nim's table; ``p1 = p2``; ``p3 <= 5``).  Discovery then learns the set of the positions
*of the slice* with value ``G``: the game's table with every position outside the slice read as
having no value (:func:`restricted`), so that the learners and their certificates are about that
set alone.

**When it is proven.**  A position's value depends on the positions its moves reach.  If every
move from the slice stays in it (*closed under moves*: the prover decides it, :func:`closure`),
the values inside are those of the game played inside, and the proof goes through as for the
whole game with the slice as the domain (each smaller value's set learned and proven inside it
first).  If a move leaves the slice, the value-``G`` positions inside depend on positions
outside, which no automaton of the slice describes: the automaton learned is a hypothesis that
agrees with the exact values on every box checked, reported ``unknown``, with the move that
leaves the slice, and never called proven.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from nimlab.errors import InputError

__all__ = ["Slice", "make_slice", "restricted", "inside_rows"]


@dataclass
class Slice:
    """A slice of a game's positions: its formula, its automaton, whether it is closed under
    moves, and if not a move that leaves it."""

    formula: str
    dfa: object  # prove.automata.DFA over the game's position variables
    names: tuple[str, ...]
    base: str
    closed: bool
    leaving: tuple | None = None  # (position, next position) of a move out of the slice

    def describe(self) -> str:
        return f"inside {self.formula}"

    def why_unproven(self) -> str:
        where = ""
        if self.leaving is not None:
            a, b = self.leaving
            where = f" ({','.join(map(str, a))} -> {','.join(map(str, b))})"
        return (f"the slice {self.formula} is not closed under moves: a move leaves it"
                f"{where}, so the values inside depend on positions outside; the automaton "
                "agrees with the exact values on the boxes checked and is a hypothesis, not "
                "proven")


def make_slice(gf, formula: str, max_states: int = 200_000, time_limit: float = 60.0) -> Slice:
    """The slice of ``formula`` for the game formula ``gf``: compiled, and decided whether it
    is closed under moves (a one-line :class:`~nimlab.errors.InputError` for a formula that is
    not over the game's variables or not in the language)."""
    from nimlab.prove import automata as am
    from nimlab.prove.procedure import Prover, conj, neg
    from nimlab.prove.syntax import FormulaError, free_vars, parse

    text = str(formula).strip()
    if not text:
        raise InputError("--restrict: give a formula over the position variables, e.g. "
                         f"'{gf.names[0]} = 0'")
    try:
        tree = parse(text)
    except FormulaError as problem:
        raise InputError(f"--restrict {text!r}: {problem}") from None
    unknown = sorted(free_vars(tree) - set(gf.names))
    if unknown:
        raise InputError(f"--restrict {text!r} uses {', '.join(unknown)}, which is not a "
                         f"position variable of {gf.describe()} ({', '.join(gf.names)})")
    prover = Prover(gf, max_states=max_states, time_limit=time_limit)
    try:
        dfa = am.extend(prover.compile(tree), tuple(sorted(gf.names)))
        if dfa.is_empty():
            raise InputError(f"--restrict {text!r}: no position of {gf.describe()} is in it")
        if gf.move is None:
            return Slice(text, dfa, gf.names, gf.base, False)
        leaves = conj(prover.domain, tree, prover.move, neg(prover.at_next(tree)))
        out = prover.restrict(prover.compile(leaves))
        out = am.extend(out, tuple(sorted(set(out.vars) | set(prover.q))))
        # (a numeration with invalid words: the next position's words valid too)
        if getattr(prover.compiler, "restricted", gf.base == "fib"):
            for q in prover.q:
                out = am.product(out, prover.compiler.valid(q), "and", prover.limits)
        closed = out.is_empty()
        leaving = None
        if not closed:
            both = prover.smallest(out, gf.names + prover.q)
            if both is not None:
                leaving = (both[:len(gf.names)], both[len(gf.names):])
    except am.Budget as problem:
        raise InputError(f"--restrict {text!r}: deciding whether moves stay in the slice "
                         f"passed the prover's budget ({problem})") from None
    return Slice(text, dfa, gf.names, gf.base, closed, leaving)


def _digits(numbers: np.ndarray, base: str, width: int) -> np.ndarray:
    """The digits of each number (most significant first), ``width`` of them, as a matrix."""
    numbers = numbers.astype(np.int64)
    if base == "2":
        shifts = np.arange(width - 1, -1, -1, dtype=np.int64)
        return ((numbers[:, None] >> shifts) & 1).astype(np.int64)
    if base == "fib":
        weights = [1, 2]
        while len(weights) < width:
            weights.append(weights[-1] + weights[-2])
        rest = numbers.copy()
        out = np.zeros((len(numbers), width), dtype=np.int64)
        for i, w in enumerate(reversed(weights[:width])):
            take = rest >= w
            out[:, i] = take
            rest -= take * w
        return out
    from nimlab.prove import automata as am

    out = np.zeros((len(numbers), width), dtype=np.int64)
    for r, n in enumerate(numbers.tolist()):
        word = am.encode(int(n), base)
        out[r, width - len(word):] = [int(c, 36) for c in word]
    return out


def inside_rows(piece: Slice, P: np.ndarray) -> np.ndarray:
    """Whether each row of ``P`` (numbers in the order of ``piece.names``) is in the slice: the
    slice's automaton run on all the rows at once."""
    from nimlab.prove import automata as am

    P = np.asarray(P, dtype=np.int64).reshape(-1, len(piece.names))
    if P.shape[0] == 0:
        return np.zeros(0, dtype=bool)
    top = int(P.max(initial=0))
    width = max(1, len(am.encode(top, piece.base)))
    dfa = piece.dfa
    radix = int(getattr(dfa, "radix", 2))
    columns = [piece.names.index(v) for v in dfa.vars]
    digits = [_digits(P[:, c], piece.base, width) for c in columns]
    state = np.zeros(P.shape[0], dtype=np.int64)
    for i in range(width):
        letter = np.zeros(P.shape[0], dtype=np.int64)
        for t, d in enumerate(digits):
            letter += d[:, i] * radix ** t
        state = dfa.trans[state, letter]
    return np.asarray(dfa.accept, dtype=bool)[state]


#: Positions a box's slice mask is computed for at a time.
CHUNK = 1 << 20


def _inside_box(piece: Slice, side: int, tracks: int) -> np.ndarray:
    mask = np.zeros(side ** tracks, dtype=bool)
    for lo in range(0, mask.shape[0], CHUNK):
        flat = np.arange(lo, min(mask.shape[0], lo + CHUNK), dtype=np.int64)
        rows = np.stack(np.unravel_index(flat, (side,) * tracks), axis=1)
        mask[lo:lo + flat.shape[0]] = inside_rows(piece, rows)
    return mask.reshape((side,) * tracks)


def restricted(src, piece: Slice, tracks: int):
    """The :class:`~nimlab.discover.oracle.Source` of ``src`` with every position outside the
    slice read as value ``-1`` (in no value's set).  Whole boxes only (no slabs)."""

    def signed(V: np.ndarray) -> np.ndarray:
        V = np.asarray(V)
        if V.dtype.kind == "b" or V.dtype.itemsize == 1:
            return V.astype(np.int16)
        return V if V.dtype.kind == "i" else V.astype(np.int64)

    def build(side, progress):
        V = signed(src.build(side, progress)).copy()
        V[~_inside_box(piece, side, tracks)] = -1
        return V

    table = None
    if src.table is not None:
        def table(side, progress):
            values = src.table(side, progress)
            return lambda P: np.where(inside_rows(piece, P), signed(values(P)), -1)

    return replace(src, describe=f"{src.describe}, {piece.describe()}", build=build,
                   table=table, slab=None)

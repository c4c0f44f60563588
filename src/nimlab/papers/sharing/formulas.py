"""Closed forms and definitions of "Three-pile Sharing Nim", coded from the paper's statements.

Nothing here registers a claim or reads a computed table: the hints (:mod:`nimlab.strategy`)
and the prover use these functions freely, and the claims (``claims_sec*``) check them against
the computed values.  Where a printed statement is wrong, the printed form and nimlab's
corrected form are both here, side by side (e.g. :func:`p_test` with ``all_equal``).

The set functions (:func:`four_power_odd`, :func:`in_p`, :func:`in_b`) take ints or broadcasting
NumPy integer arrays, so that one formula serves a single position and a whole box.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from nimlab.games.base import Move
from nimlab.games.sharing import Share, SharingNim

GAME = SharingNim()

#: The bits 4^k, k = 0..31 (for NumPy's 64-bit integers).
EVEN_BITS = 0x5555555555555555


# ================================================================================ Section 1
def paper_moves(piles: Sequence[int]) -> list[tuple[int, ...]]:
    """Section 1's move types (1)-(3) from ``(a, b, c)``, ``a <= b <= c``: ``k`` tokens from
    ``b`` to ``a``, from ``c`` to ``a`` or from ``c`` to ``b``, ``1 <= k <=`` half the
    difference; the positions reached, each sorted, in sorted order."""
    a, b, c = piles
    out = [(a + k, b - k, c) for k in range(1, (b - a) // 2 + 1)]
    out += [(a + k, b, c - k) for k in range(1, (c - a) // 2 + 1)]
    out += [(a, b + k, c - k) for k in range(1, (c - b) // 2 + 1)]
    return sorted(tuple(sorted(q)) for q in out)


def normal(piles: Sequence[int]) -> tuple[int, int]:
    """``(a, b)`` with ``(0, a, b)`` the translate of the sorted 3-pile position (Lemma 1)."""
    x, y, z = sorted(piles)
    return y - x, z - x


# ================================================================================ Section 3
def four_power_odd(n):
    """Whether ``n = 2^(2k) (2l+1)`` for some ``k, l >= 0`` (Theorem 2's pile differences)."""
    # n = 2^v (odd) with v even: the lowest set bit of n sits at an even position.  For a
    # Python int of any size, the position of that bit; elementwise on a NumPy integer array
    # (at most 64 bits), a mask of the even positions.
    if isinstance(n, int):
        return n > 0 and (n & -n).bit_length() % 2 == 1
    return (n > 0) & ((n & -n & EVEN_BITS) != 0)


def in_p(a, b):
    """Theorem 2: ``(0, a, b)`` (``a <= b``) is a P-position (ints, or broadcasting arrays)."""
    return ((a == 0) & (b == 0)) | (((a == 0) | (a == b)) & four_power_odd(b))


def thm2_move(a: int, b: int) -> Move | str:
    """The move of Theorem 2's proof of (2) from ``(0, a, b)``, ``a <= b/2``, as printed: with
    ``y - a = b - 2a``, ``a`` tokens from the largest pile to the empty one if ``y - a`` is
    ``4^k(2l+1)``, ``a + (y-a)/2`` tokens if it is ``2*4^k(2l+1)``; else the words why none."""
    d = (b - a) - a
    if four_power_odd(d):
        return Share(2, 0, a)
    if d > 0 and four_power_odd(d // 2) and d % 2 == 0:
        return Share(2, 0, a + d // 2)
    return f"y - a = {d} is neither 4^k(2l+1) nor 2*4^k(2l+1): no move given"


def thm2_move_corrected(a: int, b: int) -> Move | str:
    """:func:`thm2_move` with the missing case ``y = a`` (positions ``(0, a, 2a)``): move ``a``
    tokens from the largest pile to the empty one, reaching ``(a, a, a)``."""
    step = thm2_move(a, b)
    return Share(2, 0, a) if isinstance(step, str) else step


def p_test(piles: Sequence[int], *, all_equal: bool = False) -> bool:
    """Remark 4's test: two equal piles whose difference d to the third, shifted right two bits
    at a time while the last two bits are 00, ends in a 1 bit.  ``all_equal`` adds the case of
    three equal piles (difference 0, which the printed test rejects)."""
    x, y, z = sorted(piles)
    if x == y == z:
        return all_equal
    if x != y and y != z:
        return False
    d = z - x
    while d & 3 == 0:
        d >>= 2
    return d & 1 == 1


def equalising_moves(piles: Sequence[int]) -> list[Move]:
    """Remark 5's three moves: make two piles equal by moving half their (even) difference."""
    moves = []
    for i, j in ((0, 1), (1, 2), (0, 2)):
        lo, hi = (i, j) if piles[i] <= piles[j] else (j, i)
        d = piles[hi] - piles[lo]
        if d >= 2 and d % 2 == 0:
            moves.append(Share(hi, lo, d // 2))
    return moves


def levelling_moves(piles: Sequence[int]) -> list[Move]:
    """Every move that leaves two equal piles: equalise the two piles it touches, or bring the
    receiving or the giving pile level with the third pile (nimlab's reading of Remark 5)."""
    out = []
    for src in range(3):
        for dst in range(3):
            if src == dst:
                continue
            third = piles[3 - src - dst]
            for k in {(piles[src] - piles[dst]) // 2, third - piles[dst], piles[src] - third}:
                move = Share(src, dst, k)
                if k >= 1 and move not in out and piles[dst] + k <= piles[src] - k:
                    out.append(move)
    return out


def classroom_move(piles: tuple[int, ...], corrected: bool = False) -> Move | None:
    """Section 3's strategy (Remarks 5 and 6): try the equalising moves with the P-test of
    Remark 4 and play the first that passes.  ``corrected`` tries every levelling move and uses
    the corrected P-test."""
    candidates = levelling_moves(piles) if corrected else equalising_moves(piles)
    for move in candidates:
        if p_test(GAME.do_move(piles, move), all_equal=corrected):
            return move
    return None


# ================================================================================ Section 4
#: Proposition 2: the residues of n mod 32 (n >= 3) on which f(n) is 0, and those where it is 1.
PROP2_ZERO = (4, 12, 16, 20, 28)
PROP2_ONE = (2, 6, 8, 10, 14, 18, 22, 24, 26, 30)
#: Theorem 3's proof: S1 and S2 (the even residues of Proposition 2), S = {s1 - s2 > 0} as
#: printed, and the even residues outside S.
S1, S2 = set(PROP2_ZERO), set(PROP2_ONE)
S_PRINTED = (2, 4, 6, 8, 10, 12, 14, 18, 20, 22, 26)
T_PRINTED = (0, 16, 24, 28, 30)


def table3_rows(first_n: int, count: int = 490) -> list[list[int]]:
    """Table 3's layout (Section 4): a first row of 10 values, then rows of 32; each row is the
    list of the n it shows, numbering the values from ``first_n``."""
    ns = list(range(first_n, first_n + count))
    return [ns[:10]] + [ns[i: i + 32] for i in range(10, count, 32)]


def bold_column(first_n: int) -> list[int]:
    """The n in the bold column, 'the 10th one from the right', of the full rows."""
    return [row[-10] for row in table3_rows(first_n)[1:] if len(row) == 32]


# ================================================================================ Section 5
def in_b(a, b):
    """Theorem 4: ``(0, a, b)`` (``a <= b``) is a 1-position, the set B (ints, or arrays)."""
    return (((a == 0) | (a == b)) & (b % 4 == 2)) | ((a == 1) & (b == 2)) | \
        ((a == 2) & (b % 4 == 1) & (b >= 5)) | ((b == a + 2) & (a % 4 == 3))


def thm4_split(a: int, b: int) -> tuple[int, int, int, int]:
    """(q, r, s, t) with a = 4q + r and b = a + 4s + t (Theorem 4's proof of (ii))."""
    q, r = divmod(a, 4)
    s, t = divmod(b - a, 4)
    return q, r, s, t


#: One case of Theorem 4's proof of (ii): ``(t, r, condition(q, s), source pile, target pile,
#: tokens(q, s), reached(q, s))`` where ``reached`` is the ``(x, y)`` of the ``(0, x, y)`` the
#: text says the move reaches.
Thm4Case = tuple[int, int, Callable[[int, int], bool], int, int, Callable[[int, int], int],
                 Callable[[int, int], tuple[int, int]]]

# Theorem 4, proof of (ii): x = (0, a, b), a = 4q + r, b = a + 4s + t, a <= b/2, x not in P or B.
# Each case: (label, t, r, condition on (q, s), source pile, target pile, tokens(q, s), the
# position (x, y) of (0, x, y) the text says is reached (as a function of q, s)).
THM4_CASES = [
    ("I.1.a", 0, 0, lambda q, s: s % 2 == 1, 2, 1, lambda q, s: 2 * s,
     lambda q, s: (4 * (q + (s - 1) // 2) + 2,) * 2),
    ("I.1.b", 0, 0, lambda q, s: s % 2 == 0, 2, 1, lambda q, s: 2 * s - 1,
     lambda q, s: (4 * (q + s // 2) - 1, 4 * (q + s // 2) + 1)),
    ("I.2", 0, 1, lambda q, s: s > q, 2, 0, lambda q, s: 4 * q + 3,
     lambda q, s: (2, 4 * (s - q - 1) + 1)),
    ("I.3.a", 0, 2, lambda q, s: s > q and s % 2 == 1, 2, 1, lambda q, s: 2 * (s - 1) + 1,
     lambda q, s: (4 * (q + (s - 1) // 2 + 1) - 1, 4 * (q + (s - 1) // 2 + 1) + 1)),
    ("I.3.b", 0, 2, lambda q, s: s > q and s % 2 == 0, 2, 1, lambda q, s: 2 * s,
     lambda q, s: (4 * (q + s // 2) + 2,) * 2),
    ("I.4", 0, 3, lambda q, s: s > q, 2, 0, lambda q, s: 4 * q + 1,
     lambda q, s: (2, 4 * (s - q) + 1)),
    ("II.1", 1, 0, lambda q, s: s >= q, 2, 0, lambda q, s: 4 * q - 2,
     lambda q, s: (2, 4 * (s + 1 - q) + 1)),
    ("II.2.a", 1, 1, lambda q, s: s >= q and (s - q) % 2 == 1, 2, 0,
     lambda q, s: 2 * q + 2 * s + 1, lambda q, s: (4 * ((s - q - 1) // 2) + 2,) * 2),
    ("II.2.b", 1, 1, lambda q, s: s >= q and (s - q) % 2 == 0, 2, 0, lambda q, s: 2 * q + 2 * s,
     lambda q, s: (2 * (s - q) - 1, 2 * (s - q) + 1)),
    ("II.3", 1, 2, lambda q, s: s > q, 2, 0, lambda q, s: 4 * q + 4,
     lambda q, s: (2, 4 * (s - 1 - q) + 1)),
    ("II.4", 1, 3, lambda q, s: s > q, 2, 0, lambda q, s: 4 * q + 3,
     lambda q, s: (0, 4 * (s - q - 1) + 2)),
    ("III.1", 2, 0, lambda q, s: s >= q, 2, 0, lambda q, s: 4 * q,
     lambda q, s: (0, 4 * (s - q) + 2)),
    ("III.2", 2, 1, lambda q, s: s >= q, 2, 0, lambda q, s: 4 * q - 1,
     lambda q, s: (2, 4 * (s - q + 1) + 1)),
    ("III.3", 2, 2, lambda q, s: s == q, 2, 0, lambda q, s: 4 * q + 1, lambda q, s: (1, 2)),
    ("III.3.a", 2, 2, lambda q, s: s > q and (s - q) % 2 == 0, 2, 0,
     lambda q, s: 2 * q + 2 * s + 1, lambda q, s: (2 * (s - q) - 1, 2 * (s - q) + 1)),
    ("III.3.b", 2, 2, lambda q, s: s > q and (s - q) % 2 == 1, 2, 0,
     lambda q, s: 2 * q + 2 * s + 2, lambda q, s: (2 * (s - q), 2 * (s - q))),
    ("III.4.a", 2, 3, lambda q, s: s > q and s % 2 == 0, 2, 1, lambda q, s: 2 * s,
     lambda q, s: (4 * (q + s // 2 + 1) - 1, 4 * (q + s // 2 + 1) + 1)),
    ("III.4.b", 2, 3, lambda q, s: s > q and s % 2 == 1, 2, 1, lambda q, s: 2 * s + 1,
     lambda q, s: (4 * (q + (s - 1) // 2 + 1) + 2,) * 2),
    ("IV.1", 3, 0, lambda q, s: s >= q, 2, 0, lambda q, s: 4 * q + 2,
     lambda q, s: (2, 4 * (s - q) + 1)),
    ("IV.2", 3, 1, lambda q, s: s >= q, 2, 0, lambda q, s: 4 * q + 1,
     lambda q, s: (0, 4 * (s - q) + 2)),
    ("IV.3", 3, 2, lambda q, s: s >= q, 2, 0, lambda q, s: 4 * q,
     lambda q, s: (2, 4 * (s - q + 1) + 1)),
    ("IV.4.a", 3, 3, lambda q, s: s == q, 2, 0, lambda q, s: 4 * q + 2, lambda q, s: (1, 2)),
    ("IV.4.b.i", 3, 3, lambda q, s: s > q and (s - q) % 2 == 1, 2, 0,
     lambda q, s: 2 * q + 2 * s + 3, lambda q, s: (2 * (s - q), 2 * (s - q))),
    ("IV.4.b.ii", 3, 3, lambda q, s: s > q and (s - q) % 2 == 0, 2, 0,
     lambda q, s: 2 * q + 2 * s + 2, lambda q, s: (2 * (s - q) - 1, 2 * (s - q) + 1)),
]

#: Label -> the case without its label.
THM4_CASE: dict[str, Thm4Case] = {label: tuple(case) for label, *case in THM4_CASES}

# Where a printed move is illegal: the positions it misses (words, condition) and a move that
# works there, (words, condition(q, s), source, target, tokens(q, s), reached(q, s)).
THM4_FIXES = {
    "I.2": ("for s = q+1 (the printed move would leave the receiving pile larger) move 4q+2 "
            "tokens from the third pile to the first, reaching (0,1,2)",
            lambda q, s: s == q + 1, 2, 0, lambda q, s: 4 * q + 2, lambda q, s: (1, 2)),
    "II.3": ("for s = q+1 move 4q+3 tokens from the third pile to the first, reaching (0,1,2)",
             lambda q, s: s == q + 1, 2, 0, lambda q, s: 4 * q + 3, lambda q, s: (1, 2)),
    "III.2": ("for q = 0 (the printed move takes -1 tokens) move 2s+1 tokens (s even) from the "
              "third pile to the second, reaching (0,2s+2,2s+2), or 2s tokens (s odd), reaching "
              "(0,2s+1,2s+3)",
              lambda q, s: q == 0, 2, 1, lambda q, s: 2 * s + 1 - s % 2,
              lambda q, s: (2 * s + 2, 2 * s + 2) if s % 2 == 0 else (2 * s + 1, 2 * s + 3)),
    "IV.1": ("for s = q move 4q+1 tokens from the third pile to the first, reaching (0,1,2)",
             lambda q, s: s == q, 2, 0, lambda q, s: 4 * q + 1, lambda q, s: (1, 2)),
}


def thm4_fixed(label: str) -> list[Thm4Case]:
    """The corrected sub-cases of case ``label``: the gap's move first, then the printed one."""
    words, cond, *move = THM4_FIXES[label]
    t, r = THM4_CASE[label][:2]
    return [(t, r, cond, *move), THM4_CASE[label]]


def thm4_covered(a: int, b: int) -> bool:
    """Whether ``(0, a, b)`` falls into one of the printed cases (I)-(IV)."""
    q, r, s, t = thm4_split(a, b)
    return any((t, r) == (t0, r0) and cond(q, s) for t0, r0, cond, *_ in THM4_CASE.values())


def _show(xy: tuple[int, int]) -> str:
    return f"(0,{xy[0]},{xy[1]})"


def thm4_move(a: int, b: int, subcases: Iterable[Thm4Case]) -> Move | str | None:
    """The proof's move from ``x = (0, a, b)`` under the first matching sub-case: a
    :class:`Share`, the words why the printed move is no move or misses its printed target, or
    ``None`` when no sub-case applies."""
    x = (0, a, b)
    q, r, s, t = thm4_split(a, b)
    for t0, r0, cond, src, dst, tokens, target in subcases:
        if (t, r) != (t0, r0) or not cond(q, s):
            continue
        k = tokens(q, s)
        if k < 1:
            return f"moves {k} tokens: not a move"
        move = Share(src, dst, k)
        if move in GAME.available_moves(x):
            got = normal(GAME.do_move(x, move))
            if normal((0, *target(q, s))) != got:
                return f"reaches {_show(got)}, not the printed {_show(target(q, s))}"
        return move
    return None

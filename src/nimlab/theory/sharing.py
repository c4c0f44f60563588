"""Claims and artifacts of N. B. Ho, "Three-pile Sharing Nim" (sharing-nim.txt).

Every closed form below is coded from the paper's statement, independently of the engine; the
computed side is the generic solver (:mod:`nimlab.engine`) or the table builder
:func:`nimlab.tables.sharing_values`.  Positions ``(0, a, b)`` with ``a <= b`` stand for every
translate ``(c, a + c, b + c)`` (Lemma 1).  Bounds are on ``b`` (the largest pile minus the
smallest) unless a claim says otherwise.

The module also holds the helpers the End-Nim claims share (:func:`check_steps`,
:func:`periodicity_evidence`, :class:`Unfolded`).
"""

from __future__ import annotations

import csv
import os
import tempfile
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from nimlab.engine.solver import Solver, solver_for
from nimlab.games import GraphNim, Share, SharingNim, Wythoff
from nimlab.games.base import ImpartialGame, Move
from nimlab.theory.artifacts import Difference, Outcome, artifact, printed
from nimlab.theory.registry import KEEP, Counterexample, Evidence, claim, compare

PAPER = "sharing"
GAME = SharingNim()


# ================================================================================ shared helpers
class Unfolded:
    """Mixin: a game whose canonical key is the raw position (no symmetry is folded).

    Solving such a game checks symmetries (translation, reversal) that the ordinary key assumes.
    """

    def key(self, position):
        return tuple(position)


class UnfoldedSharing(Unfolded, SharingNim):
    pass


def write_csv(path: Path, header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> str:
    """Write a CSV atomically (temp file + os.replace); return the path as a string."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "w", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(header)
            writer.writerows(rows)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return str(path)


def check_steps(game: ImpartialGame, solver: Solver, cases: Iterable[Any],
                plan: Callable[[Any], tuple[Any, Any] | None], want: int,
                show: Callable[[Any], str] = str, note: str = "") -> Evidence:
    """Check a proof's prescribed moves: each leads, legally, to a position of value ``want``.

    ``plan(case)`` returns ``(position, step)`` or ``None`` when the case is not the proof's;
    ``step`` is a :class:`Move` (checked against the game's legal moves) or a target position
    (checked to be one move away), or a string saying why the proof gives no move.
    """
    checked, bad = 0, []
    for case in cases:
        planned = plan(case)
        if planned is None:
            continue
        checked += 1
        position, step = planned
        if isinstance(step, str):
            claimed, target, verdict = f"the proof gives a move to a {want}-position", None, step
        elif isinstance(step, Move):
            claimed = f"{step.describe()} reaches a {want}-position"
            target = game.do_move(position, step) if step in game.moves(position) else None
            verdict = f"{step.describe()} is not a legal move"
        else:
            claimed = f"move to {game.format(step)}, a {want}-position"
            keys = {game.key(q) for q in game.successors(position)}
            target = step if game.key(step) in keys else None
            verdict = f"{game.format(step)} is not one move away"
        if target is not None:
            got = solver.value(target)
            if got == want:
                continue
            verdict = f"reaches {game.format(target)} of value {got}"
        if len(bad) < KEEP:
            bad.append(Counterexample(show(case), claimed, verdict))
    return Evidence(checked, bad, note)


def periodicity_evidence(rows: dict[Any, Sequence[int]], what: str) -> Evidence:
    """Evidence that each sequence is not ultimately periodic.

    For a sequence of length N and each period ``p <= N/8``, look for ``n`` in the second half
    with ``s[n] != s[n + p]``.  A period with no such late disagreement is the evidence that
    would contradict the statement (the data look periodic from ``N/2`` on, over at least three
    whole periods).  With periods up to N/4 the window could hold fewer than two periods, and
    sequences ruled by the 2-adic valuation, such as f(n) of Theorem 3, then look periodic at
    the scale of the data: f has no late disagreement for p = 2048 when N = 10,000 (disagreements
    for a power of two p recur only every few multiples of p).
    """
    checked, bad, periods = 0, [], 0
    for label, seq in rows.items():
        n_len = len(seq)
        half = n_len // 2
        for p in range(1, n_len // 8 + 1):
            checked += 1
            if not any(seq[n] != seq[n + p] for n in range(half, n_len - p)):
                if len(bad) < KEEP:
                    bad.append(Counterexample(f"{label}, period {p}", "not periodic",
                                              f"periodic on the last {n_len - half} terms"))
        periods = max(periods, n_len // 8)
    note = (f"{what}: for every period p <= N/8 (N = length, up to {periods * 8}) a late "
            f"disagreement s(n) != s(n+p) with n >= N/2 was " +
            ("found" if not bad else "NOT found for some p"))
    return Evidence(checked, bad, note, contradicted=bool(bad))


# ================================================================================ values
_VALUES: dict[str, np.ndarray] = {}


def values(bound: int) -> np.ndarray:
    """``V[a, b] = G(0, a, b)`` for ``0 <= a <= b <= bound`` (-1 below the diagonal)."""
    have = _VALUES.get("V")
    if have is None or have.shape[0] <= bound:
        from nimlab.tables import sharing_values

        have = _VALUES["V"] = sharing_values(max(bound, 1))
    return have[: bound + 1, : bound + 1]


def g3(V: np.ndarray, piles: Sequence[int]) -> int:
    """Value of any 3-pile position, read from ``V`` after sorting and translating."""
    x, y, z = sorted(piles)
    return int(V[y - x, z - x])


def triangle(bound: int, half: bool = False) -> list[tuple[int, int]]:
    """The positions ``(0, a, b)`` with ``a <= b <= bound`` (``a <= b/2`` if ``half``), by b."""
    return [(a, b) for b in range(bound + 1) for a in range((b // 2 if half else b) + 1)]


def pos(case: tuple[int, ...]) -> str:
    return "(" + ",".join(map(str, (0, *case) if len(case) == 2 else case)) + ")"


# ================================================================================ vectorised checks
#: Default bound of the claims checked on the whole table at once (NumPy over the kernel's table).
BIG = 10_000


def pick(cond, yes, no):
    """``yes`` where ``cond`` holds, else ``no``: a plain if for a bool, np.where for arrays, so
    that one closed form serves a single position and a whole box of positions."""
    if isinstance(cond, np.ndarray):
        return np.where(cond, yes, no)
    return yes if cond else no


def first_cells(mask: np.ndarray, keep: int = KEEP) -> list[tuple[int, ...]]:
    """Up to ``keep`` index tuples where ``mask`` is true, in C order (without listing them all)."""
    if mask.size == 0:
        return []
    if mask.ndim < 2:
        return [(int(i),) for i in np.flatnonzero(mask)[:keep]]
    flat = mask.reshape(mask.shape[0], -1)
    out: list[tuple[int, ...]] = []
    for row in np.flatnonzero(flat.any(axis=1)):
        for j in np.flatnonzero(flat[row])[:keep - len(out)]:
            out.append((int(row), *(int(x) for x in np.unravel_index(j, mask.shape[1:]))))
        if len(out) >= keep:
            break
    return out


def compare_blocks(blocks: Iterable[tuple[tuple[int, ...], np.ndarray, np.ndarray]],
                   claimed: Callable[[tuple[int, ...]], Any],
                   computed: Callable[[tuple[int, ...]], Any],
                   show: Callable[[tuple[int, ...]], str], note: str = "") -> Evidence:
    """:func:`~nimlab.theory.registry.compare` over whole arrays: each block is ``(prefix, box,
    bad)``, ``box`` marking the cases and ``bad`` those where statement and table disagree.

    Cases are visited block by block, in C order inside a block, so list the blocks (and lay out
    the arrays) in the order of the per-position check.  ``claimed``/``computed``/``show`` are
    called only for the few counterexamples kept, on ``prefix + index``.
    """
    checked, cells = 0, []
    for prefix, box, bad in blocks:
        checked += int(np.count_nonzero(box))
        if len(cells) < KEEP:
            cells += [prefix + c for c in first_cells(box & bad, KEEP - len(cells))]
    return Evidence(checked, [Counterexample(show(c), claimed(c), computed(c)) for c in cells],
                    note)


def columns(bound: int) -> np.ndarray:
    """``C[b, a] = G(0, a, b)`` (the table transposed, contiguous: column b is a row of C)."""
    have = _VALUES.get("C")
    if have is None or have.shape[0] <= bound:
        have = _VALUES["C"] = np.ascontiguousarray(values(bound).T)
    return have[: bound + 1, : bound + 1]


def triangle_masks(bound: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Index grids in the layout of :func:`columns` (``b`` a column, ``a`` a row vector) and the
    masks of the triangle ``a <= b`` and the half ``a <= b/2``; C order is :func:`triangle`'s."""
    b = np.arange(bound + 1)[:, None]
    a = np.arange(bound + 1)[None, :]
    return a, b, a <= b, 2 * a <= b


def box_note(bound: int, half: bool = False) -> str:
    return (f"every (0,a,b) with {'2a' if half else 'a'} <= b <= {bound:,}, "
            "the kernel's whole table at once")


# ================================================================================ closed forms
EVEN_BITS = 0x5555555555555555  # the bits 4^k, k = 0..31


def four_power_odd(n):
    """Whether ``n = 2^(2k) (2l+1)`` for some ``k, l >= 0`` (Theorem 2's pile differences)."""
    # n = 2^v (odd) with v even: the lowest set bit of n sits at an even position.  Written with
    # bit operations so that it applies to an int or elementwise to a NumPy integer array.
    return (n > 0) & ((n & -n & EVEN_BITS) != 0)


def in_p(a, b):
    """Theorem 2: ``(0, a, b)`` (``a <= b``) is a P-position (ints, or broadcasting arrays)."""
    return ((a == 0) & (b == 0)) | (((a == 0) | (a == b)) & four_power_odd(b))


def in_b(a, b):
    """Theorem 4: ``(0, a, b)`` (``a <= b``) is a 1-position, the set B (ints, or arrays)."""
    return (((a == 0) | (a == b)) & (b % 4 == 2)) | ((a == 1) & (b == 2)) | \
        ((a == 2) & (b % 4 == 1) & (b >= 5)) | ((b == a + 2) & (a % 4 == 3))


def normal(piles: Sequence[int]) -> tuple[int, int]:
    """``(a, b)`` with ``(0, a, b)`` the translate of the sorted 3-pile position."""
    x, y, z = sorted(piles)
    return y - x, z - x


# ================================================================================ Section 1-2
@claim("sharing.sec1.moves", PAPER, "Section 1, move types (1)-(3)", "definition",
       "From (a,b,c) with a <= b <= c the moves are exactly: k tokens from b to a, from c to a, "
       "or from c to b, with 1 <= k <= half the difference of the two piles.",
       bound=14, bound_help="piles <=")
def _moves(bound: int) -> Evidence:
    def paper_moves(t):
        a, b, c = t
        out = [(a + k, b - k, c) for k in range(1, (b - a) // 2 + 1)]
        out += [(a + k, b, c - k) for k in range(1, (c - a) // 2 + 1)]
        out += [(a, b + k, c - k) for k in range(1, (c - b) // 2 + 1)]
        return sorted(tuple(sorted(q)) for q in out)

    cases = list(combinations_with_replacement(range(bound + 1), 3))
    return compare(cases, paper_moves,
                   lambda t: sorted(tuple(sorted(q)) for q in GAME.successors(t)), show=pos)


@claim("sharing.sec1.terminal", PAPER, "Section 1 (the milk-bottle game)", "definition",
       "The game is over exactly when the largest and the smallest pile differ by at most one.",
       bound=60, bound_help="b <=")
def _terminal(bound: int) -> Evidence:
    return compare(triangle(bound), lambda c: c[1] <= 1,
                   lambda c: GAME.primitive((0, *c)), show=pos)


@claim("sharing.ex.col5", PAPER, "Section 1, text after Table 1", "example",
       "The column b = 5 of Table 1, G(0,a,5) for a = 0..5, reads (0,3,1,1,3,0).",
       bound=5, bound_help="b =")
def _col5(bound: int) -> Evidence:
    data = printed(PAPER, "column5")
    V = values(data["b"])
    return compare(range(data["b"] + 1), lambda a: data["column"][a],
                   lambda a: int(V[a, data["b"]]), show=lambda a: pos((a, data["b"])))


@claim("sharing.lemma1", PAPER, "Lemma 1", "lemma",
       "Translation: G(a,b,c) = G(0, b-a, c-a) for a <= b <= c (computed without folding "
       "translates together).", bound=14, bound_help="piles <=")
def _lemma1(bound: int) -> Evidence:
    raw = Solver(UnfoldedSharing())
    V = values(bound)
    cases = list(combinations_with_replacement(range(bound + 1), 3))
    return compare(cases, lambda t: int(V[t[1] - t[0], t[2] - t[0]]), raw.value, show=pos)


@claim("sharing.thm1", PAPER, "Theorem 1", "theorem",
       "Palindromes: G(0,a,b) = G(0,b-a,b) for all 0 <= a <= b.", bound=BIG, bound_help="b <=")
def _thm1(bound: int) -> Evidence:
    C = columns(bound)
    blocks = (((b,), np.ones(b + 1, bool), C[b, : b + 1] != C[b, b::-1]) for b in range(bound + 1))
    return compare_blocks(blocks, lambda c: int(C[c[0], c[0] - c[1]]), lambda c: int(C[c]),
                          show=lambda c: pos((c[1], c[0])), note=box_note(bound))


@claim("sharing.thm1.proof", PAPER, "Theorem 1, proof, equation (1)", "claim",
       "G(0,k,n+1-k) = G(k,n+1-k,n+1) whenever 2k <= n+1 (the two options of (0,0,n+1) and "
       "(0,n+1,n+1) that move k tokens).", bound=BIG, bound_help="n+1 <=")
def _thm1_eq1(bound: int) -> Evidence:
    C = columns(bound)

    def block(m):  # k = 1..m/2: G(0,k,m-k) = C[m-k, k] and G(k,m-k,m) = G(0,m-2k,m-k)
        k = np.arange(1, m // 2 + 1)
        return (m,), np.ones(len(k), bool), C[m - k, k] != C[m - k, m - 2 * k]

    return compare_blocks((block(m) for m in range(1, bound + 1)),
                          lambda c: int(C[c[0] - c[1] - 1, c[1] + 1]),
                          lambda c: int(C[c[0] - c[1] - 1, c[0] - 2 * c[1] - 2]),
                          show=lambda c: f"k={c[1] + 1}, n+1={c[0]}",
                          note=f"every k and n+1 <= {bound:,} with 2k <= n+1, from the whole "
                               "table at once")


def thm1_proof_cases(bound: int) -> list[tuple[int, int, int]]:
    """(n, m, k): p = (0, m+1, n+1), q = (0, n-m, n+1), 1 <= k <= (m+1)/2, n + 1 <= bound."""
    return [(n, m, k) for n in range(bound) for m in range(n + 1)
            for k in range(1, (m + 1) // 2 + 1)]


def _thm1_move(bound: int, printed_q: Callable[[int, int, int], tuple[int, int]]) -> Evidence:
    """Move k tokens from q's pile of n+1 to its pile of n-m: compare where it goes (and the
    value there) with ``printed_q`` (and the value of p')."""
    V = values(bound)

    def said(c):
        n, m, k = c
        p_prime = normal((0, m + 1 - 2 * k, n + 1 - k))
        return f"{pos(normal((0, *printed_q(n, m, k))))} of value {int(V[p_prime])}"

    def reached(c):
        n, m, k = c
        q = (0, n - m, n + 1)
        if (n - m) + k > (n + 1) - k:  # the rule: the receiving pile may not end larger
            return "not a legal move"
        got = normal(GAME.do_move(q, Share(2, 1, k)))
        return f"{pos(got)} of value {int(V[got])}"

    return compare(thm1_proof_cases(bound), said, reached,
                   show=lambda c: f"q=(0,{c[0] - c[1]},{c[0] + 1}), k={c[2]}")


@claim("sharing.thm1.proof.move", PAPER, "Theorem 1, proof (the move q -> q')", "claim",
       "With p = (0,m+1,n+1) and q = (0,n-m,n+1): moving k tokens from q's largest pile to its "
       "middle pile reaches q' = (0, n+1-m+k, n+1-k), whose value is that of p' = "
       "(0, m+1-2k, n+1-k).", bound=120, bound_help="n+1 <=")
def _thm1_move_printed(bound: int) -> Evidence:
    return _thm1_move(bound, lambda n, m, k: (n + 1 - m + k, n + 1 - k))


@claim("sharing.thm1.proof.move.corrected", PAPER, "Theorem 1, proof (the move q -> q')",
       "claim", "The move reaches q' = (0, n-m+k, n+1-k), the complement of p' (the printed "
       "middle entry is one too large), and G(q') = G(p').", bound=120, bound_help="n+1 <=",
       corrects="sharing.thm1.proof.move")
def _thm1_move_fixed(bound: int) -> Evidence:
    return _thm1_move(bound, lambda n, m, k: (n - m + k, n + 1 - k))


@claim("sharing.rem2", PAPER, "Section 2, after Theorem 1; Remark 2", "remark",
       "Complement: G(a,b,c) = G(n-a,n-b,n-c) for all a <= b <= c <= n.",
       bound=36, bound_help="n <=")
def _rem2(bound: int) -> Evidence:
    V = values(bound)
    cases = [(a, b, c, n) for n in range(bound + 1)
             for a, b, c in combinations_with_replacement(range(n + 1), 3)]
    return compare(cases, lambda t: g3(V, (t[3] - t[0], t[3] - t[1], t[3] - t[2])),
                   lambda t: g3(V, t[:3]),
                   show=lambda t: f"({t[0]},{t[1]},{t[2]}) with n={t[3]}")


def complement_isomorphism(piles: tuple[int, ...]) -> tuple[list, list, list, list]:
    """Options of ``p`` mapped by the complement ``x -> max(p) - x``, and those of its image.

    Returns the two key multisets and the two value multisets (sorted lists).
    """
    n = max(piles)
    image = tuple(n - x for x in piles)
    solver = solver_for(GAME)
    mapped = sorted(GAME.key(tuple(n - x for x in q)) for q in GAME.successors(piles))
    direct = sorted(GAME.key(q) for q in GAME.successors(image))
    return (mapped, direct, sorted(solver.value(q) for q in GAME.successors(piles)),
            sorted(solver.value(q) for q in GAME.successors(image)))


@claim("sharing.cor1", PAPER, "Corollary 1", "corollary",
       "(0,a,b) and (0,b-a,b) are isomorphic: the complement map x -> b-x carries the moves of "
       "one onto the moves of the other (checked at every position of the box, so on the whole "
       "move graph), and the option values agree as multisets.", bound=50, bound_help="b <=")
def _cor1(bound: int) -> Evidence:
    def ok(c):
        mapped, direct, v1, v2 = complement_isomorphism((0, *c))
        return mapped == direct and v1 == v2

    return compare(triangle(bound), lambda c: True, ok, show=pos)


@claim("sharing.cor2", PAPER, "Corollary 2", "corollary",
       "For a <= b/2 the column segment G(0,a,b), G(0,a+1,b), ..., G(0,b-a,b) is a palindrome.",
       bound=BIG, bound_help="b <=")
def _cor2(bound: int) -> Evidence:
    C = columns(bound)

    def block(b):  # the segment from a is a palindrome iff column b has no mirror mismatch in
        half = b // 2  # a..b/2 (mismatches come in mirror pairs)
        mismatch = C[b, : half + 1] != C[b, b: b - half - 1 if b > half else None: -1]
        return (b,), np.ones(half + 1, bool), np.logical_or.accumulate(mismatch[::-1])[::-1]

    return compare_blocks((block(b) for b in range(bound + 1)), lambda c: True,
                          lambda c: False, show=lambda c: pos((c[1], c[0])),
                          note=box_note(bound, half=True))


@claim("sharing.cor3", PAPER, "Corollary 3", "corollary",
       "Row equals diagonal: G(0,a,2a+i) = G(0,a+i,2a+i) for all a, i >= 0.",
       bound=BIG, bound_help="2a+i <=")
def _cor3(bound: int) -> Evidence:
    C = columns(bound)  # b = 2a+i: G(0,a+i,b) = C[b, b-a] and G(0,a,b) = C[b, a], a <= b/2

    def block(b):
        half = b // 2
        return (b,), np.ones(half + 1, bool), \
            C[b, : half + 1] != C[b, b: b - half - 1 if b > half else None: -1]

    return compare_blocks((block(b) for b in range(bound + 1)),
                          lambda c: int(C[c[0], c[0] - c[1]]), lambda c: int(C[c]),
                          show=lambda c: f"a={c[1]}, i={c[0] - 2 * c[1]}",
                          note=f"every a, i >= 0 with 2a+i <= {bound:,}, the whole table at once")


# ================================================================================ Section 3
@claim("sharing.thm2", PAPER, "Theorem 2", "theorem",
       "The P-positions are (0,0,0), (0,0,m) and (0,m,m) with m = 4^k (2l+1).",
       bound=BIG, bound_help="b <=")
def _thm2(bound: int) -> Evidence:
    C = columns(bound)
    a, b, tri, _ = triangle_masks(bound)
    return compare_blocks([((), tri, (C == 0) != in_p(a, b))], lambda c: in_p(c[1], c[0]),
                          lambda c: bool(C[c] == 0), show=lambda c: pos((c[1], c[0])),
                          note=box_note(bound))


@claim("sharing.thm2.proof1", PAPER, "Theorem 2, proof of (1)", "claim",
       "No move leads from one position of Theorem 2's set to another.",
       bound=120, bound_help="b <=")
def _thm2_proof1(bound: int) -> Evidence:
    cases = [c for c in triangle(bound) if in_p(*c)]
    return compare(cases, lambda c: False,
                   lambda c: any(in_p(*normal(q)) for q in GAME.successors((0, *c))), show=pos)


@claim("sharing.thm2.proof1.only", PAPER, "Theorem 2, proof of (1)(i)-(ii)", "claim",
       "From (0,0,m) the only move leaving the two largest piles equal reaches (0,m/2,m/2) "
       "(none for odd m); from (0,m,m) the only move leaving the two smallest piles equal reaches "
       "(0,0,m/2).", bound=300, bound_help="m <=")
def _thm2_only(bound: int) -> Evidence:
    def shapes(c):
        kind, m = c
        start = (0, 0, m) if kind == "(0,0,m)" else (0, m, m)
        found = sorted({normal(q) for q in GAME.successors(start)})
        if kind == "(0,0,m)":
            return [x for x in found if x[0] == x[1] and x[0] > 0]
        return [x for x in found if x[0] == 0]

    def said(c):
        kind, m = c
        if m % 2:
            return []
        return [(m // 2, m // 2)] if kind == "(0,0,m)" else [(0, m // 2)]

    cases = [(kind, m) for m in range(2, bound + 1) for kind in ("(0,0,m)", "(0,m,m)")]
    return compare(cases, said, shapes, show=lambda c: c[0].replace("m", str(c[1])))


def thm2_move(a: int, b: int) -> Move | str:
    """The move of Theorem 2's proof of (2) from (0, a, b), a <= b/2, as printed."""
    d = (b - a) - a
    if four_power_odd(d):
        return Share(2, 0, a)
    if d > 0 and four_power_odd(d // 2) and d % 2 == 0:
        return Share(2, 0, a + d // 2)
    return f"y - a = {d} is neither 4^k(2l+1) nor 2*4^k(2l+1): no move given"


def _thm2_plan(corrected: bool):
    def plan(c):
        a, b = c
        if in_p(a, b) or b <= 1:
            return None
        step = thm2_move(a, b)
        if corrected and isinstance(step, str):
            step = Share(2, 0, a)  # y = a: move a tokens onto the empty pile, giving (a,a,a)
        return (0, a, b), step
    return plan


@claim("sharing.thm2.proof2", PAPER, "Theorem 2, proof of (2)", "claim",
       "From (0,a,a+y) not in the set, a <= y, write y-a = 4^k(2l+1) (move a tokens from the "
       "largest pile to the empty one, reaching (0,0,y-a)) or y-a = 2*4^k(2l+1) (move "
       "a+(y-a)/2 tokens, reaching (0,m,m)); either way the move reaches a P-position.",
       bound=150, bound_help="b <=")
def _thm2_proof2(bound: int) -> Evidence:
    values(bound)
    return check_steps(GAME, solver_for(GAME), triangle(bound, half=True), _thm2_plan(False),
                       0, show=pos)


@claim("sharing.thm2.proof2.corrected", PAPER, "Theorem 2, proof of (2)", "claim",
       "The proof's moves reach a P-position once the missing case y = a (positions (0,a,2a), "
       "a >= 1) is added: move a tokens from the largest pile to the empty one, reaching (a,a,a).",
       bound=150, bound_help="b <=", corrects="sharing.thm2.proof2")
def _thm2_proof2_fix(bound: int) -> Evidence:
    values(bound)
    return check_steps(GAME, solver_for(GAME), triangle(bound, half=True), _thm2_plan(True),
                       0, show=pos)


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


@claim("sharing.rem4", PAPER, "Remark 4", "algorithm",
       "The P-test: a position is a P-position iff it has two equal piles and the difference "
       "d between them and the third pile is 4^k(2l+1) (shift d right by two bits while it "
       "ends in 00, then test the last bit).", bound=40, bound_help="piles <=")
def _rem4(bound: int) -> Evidence:
    V = values(bound)
    cases = list(combinations_with_replacement(range(bound + 1), 3))
    return compare(cases, lambda t: "P" if p_test(t) else "N",
                   lambda t: "P" if g3(V, t) == 0 else "N", show=pos)


@claim("sharing.rem4.corrected", PAPER, "Remark 4", "algorithm",
       "The P-test is right once three equal piles (difference 0, the terminal position "
       "(0,0,0)) are accepted as P-positions.", bound=40, bound_help="piles <=",
       corrects="sharing.rem4")
def _rem4_fix(bound: int) -> Evidence:
    V = values(bound)
    cases = list(combinations_with_replacement(range(bound + 1), 3))
    return compare(cases, lambda t: "P" if p_test(t, all_equal=True) else "N",
                   lambda t: "P" if g3(V, t) == 0 else "N", show=pos)


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
    receiving or the giving pile level with the third pile."""
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


def _winning(V: np.ndarray, piles: tuple[int, ...], moves: Iterable[Move]) -> list[Move]:
    return [m for m in moves if g3(V, GAME.do_move(piles, m)) == 0]


@claim("sharing.rem5", PAPER, "Remark 5", "remark",
       "From every N-position exactly one of the three equalising moves (move half the "
       "difference of two piles from the larger to the smaller) is a winning move.",
       bound=150, bound_help="b <=")
def _rem5(bound: int) -> Evidence:
    V = values(bound)
    cases = [c for c in triangle(bound) if V[c] != 0]
    return compare(cases, lambda c: 1,
                   lambda c: len(_winning(V, (0, *c), equalising_moves((0, *c)))), show=pos)


@claim("sharing.rem5.corrected", PAPER, "Remark 5", "remark",
       "From every N-position some levelling move wins, where a levelling move equalises the two "
       "piles it touches or brings the receiving or the giving pile level with the third pile; "
       "and every winning move is a levelling move.", bound=150, bound_help="b <=",
       corrects="sharing.rem5")
def _rem5_fix(bound: int) -> Evidence:
    V = values(bound)
    cases = [c for c in triangle(bound) if V[c] != 0]

    def facts(c):
        p = (0, *c)
        level = _winning(V, p, levelling_moves(p))
        every = _winning(V, p, GAME.moves(p))
        return bool(level) and sorted(map(str, level)) == sorted(map(str, every))

    return compare(cases, lambda c: True, facts, show=pos)


@claim("sharing.rem5.equal", PAPER, "Remark 5, second paragraph", "remark",
       "From an N-position with two equal piles, every winning move equalises one of the two "
       "equal piles with the third pile.", bound=1000, bound_help="b <=")
def _rem5_equal(bound: int) -> Evidence:
    V = values(bound)
    cases = [p for b in range(2, bound + 1) for p in ((0, 0, b), (0, b, b)) if V[normal(p)]]

    def ok(p):
        win = _winning(V, p, GAME.moves(p))
        return bool(win) and all(m in equalising_moves(p) for m in win)

    return compare(cases, lambda p: True, ok, show=pos)


def classroom_move(piles: tuple[int, ...], corrected: bool = False) -> Move | None:
    """Section 3's strategy (Remarks 5 and 6): try the equalising moves with the P-test of
    Remark 4 and play the first that passes.  ``corrected`` tries every levelling move and uses
    the corrected P-test."""
    candidates = levelling_moves(piles) if corrected else equalising_moves(piles)
    for move in candidates:
        if p_test(GAME.do_move(piles, move), all_equal=corrected):
            return move
    return None


def _classroom(bound: int, corrected: bool) -> Evidence:
    V = values(bound)
    cases = [c for c in triangle(bound) if V[c] != 0]

    def found(c):
        move = classroom_move((0, *c), corrected)
        if move is None:
            return "no move found"
        return "winning move" if g3(V, GAME.do_move((0, *c), move)) == 0 else \
            f"{move.describe()} does not win"

    return compare(cases, lambda c: "winning move", found, show=pos)


@claim("sharing.rem6", PAPER, "Remark 6 and the strategy paragraph before it", "algorithm",
       "The classroom strategy: from an N-position, test each equalising move of Remark 5 with "
       "the P-test of Remark 4 and play the one that passes; it always finds a winning move.",
       bound=150, bound_help="b <=")
def _rem6(bound: int) -> Evidence:
    return _classroom(bound, False)


@claim("sharing.rem6.corrected", PAPER, "Remark 6", "algorithm",
       "The strategy always finds a winning move once it tries every levelling move (at most "
       "nine candidates, so still quadratic time) with the corrected P-test.",
       bound=150, bound_help="b <=", corrects="sharing.rem6")
def _rem6_fix(bound: int) -> Evidence:
    return _classroom(bound, True)


def p_counts(bound: int, smallest: int = 0) -> np.ndarray:
    """``P[n]``, n = 0..bound: how many 3-pile positions (unordered, piles >= ``smallest``) with
    n tokens have value 0, counted from the whole table at once.

    The position ``(x, x+a, x+b)`` (``a <= b``) has ``3x + a + b`` tokens and the value of
    ``(0, a, b)`` (Lemma 1), so with ``Z[t]`` the number of zeros ``(0, a, b)`` with ``a + b = t``,
    ``P[n] = sum of Z[n - 3x] over x >= smallest``: a running sum along each residue mod 3.
    """
    C = columns(bound)
    _, _, tri, _ = triangle_masks(bound)
    b, a = np.nonzero(tri & (C == 0))
    Z = np.bincount(a + b, minlength=2 * bound + 1)[: bound + 1]
    total = Z.copy()
    for t in range(3, bound + 1):
        total[t] += total[t - 3]
    out = np.zeros(bound + 1, dtype=np.int64)
    shift = 3 * smallest
    if shift <= bound:
        out[shift:] = total[: bound + 1 - shift]
    return out


def _prop1(bound: int, formula: Callable[[int], int], smallest: int) -> Evidence:
    counts = p_counts(bound, smallest)
    return compare(range(1, bound + 1), formula, lambda n: int(counts[n]),
                   show=lambda n: f"n={n}",
                   note=f"1 <= n <= {bound:,}, counted from the whole table b <= {bound:,}")


@claim("sharing.prop1", PAPER, "Proposition 1", "proposition",
       "P(n), the number of P-positions with exactly n tokens (three piles, empty piles allowed "
       "as in Theorem 2, order ignored), is floor(n/3).", bound=BIG, bound_help="n <=")
def _prop1_printed(bound: int) -> Evidence:
    return _prop1(bound, lambda n: n // 3, 0)


@claim("sharing.prop1.corrected", PAPER, "Proposition 1", "proposition",
       "With empty piles allowed, P(n) = floor(n/3) + 1: one P-position for each smallest pile "
       "a = 0..floor(n/3) (the proof leaves out a = 0).", bound=BIG, bound_help="n <=",
       corrects="sharing.prop1")
def _prop1_fix(bound: int) -> Evidence:
    return _prop1(bound, lambda n: n // 3 + 1, 0)


@claim("sharing.prop1.positive", PAPER, "Proposition 1", "proposition",
       "Counting only positions with three non-empty piles, P(n) = floor(n/3) (the count the "
       "proof's range 1 <= a <= floor(n/3) gives).", bound=BIG, bound_help="n <=",
       corrects="sharing.prop1")
def _prop1_positive(bound: int) -> Evidence:
    return _prop1(bound, lambda n: n // 3, 1)


# ================================================================================ Section 4
@claim("sharing.prop1.proof", PAPER, "Proposition 1, proof", "claim",
       "If (a,a,a+b) is a P-position then (a,a+b/2,a+b/2) is not, and if (a,a+b,a+b) is one then "
       "(a,a,a+2b) is not: at most one P-position per smallest pile and token count.",
       bound=BIG, bound_help="b <=")
def _prop1_proof(bound: int) -> Evidence:
    V = values(bound)
    cases = [(kind, b) for b in range(1, bound // 2 + 1) for kind in ("(0,0,b)", "(0,b,b)")]

    def both(c):
        kind, b = c
        if kind == "(0,0,b)":
            return bool(V[0, b] == 0 and b % 2 == 0 and V[b // 2, b // 2] == 0)
        return bool(V[b, b] == 0 and V[0, 2 * b] == 0)

    return compare(cases, lambda c: False, both, show=lambda c: c[0].replace("b", str(c[1])))


def f_seq(bound: int) -> list[int]:
    """f(n) = 0 if (0,0,n) is a P-position, else 1, for n = 0..bound (computed)."""
    V = values(bound)
    return [0 if V[0, n] == 0 else 1 for n in range(bound + 1)]


PROP2 = {
    "sharing.prop2.1": ("Proposition 2 (1)", "If n >= 3 is odd then f(n) = 0.",
                        lambda n: n % 2 == 1, 0),
    "sharing.prop2.2": ("Proposition 2 (2)", "If n >= 3 and n mod 32 is 4, 12, 16, 20 or 28 then "
                        "f(n) = 0.", lambda n: n % 32 in (4, 12, 16, 20, 28), 0),
    "sharing.prop2.3": ("Proposition 2 (3)", "If n >= 3 and n mod 32 is 2, 6, 8, 10, 14, 18, 22, "
                        "24, 26 or 30 then f(n) = 1.",
                        lambda n: n % 32 in (2, 6, 8, 10, 14, 18, 22, 24, 26, 30), 1),
}


def _register_prop2(cid: str, place: str, text: str, when: Callable[[int], bool], want: int):
    @claim(cid, PAPER, place, "proposition", text, bound=BIG, bound_help="n <=")
    def check(bound: int) -> Evidence:
        f = f_seq(bound)
        return compare([n for n in range(3, bound + 1) if when(n)], lambda n: want,
                       lambda n: f[n], show=lambda n: f"n={n}")


for _cid, (_place, _text, _when, _want) in PROP2.items():
    _register_prop2(_cid, _place, _text, _when, _want)


def uncovered_residues(f: Sequence[int]) -> set[int]:
    """Residues r mod 32 on which the computed f (n >= 3) takes both values."""
    seen: dict[int, set[int]] = {}
    for n in range(3, len(f)):
        seen.setdefault(n % 32, set()).add(f[n])
    return {r for r, vals in seen.items() if len(vals) > 1}


@claim("sharing.prop2.exception", PAPER, "Section 4, before Theorem 3", "claim",
       "The only residue mod 32 that Proposition 2 leaves open is 0, and f really takes both "
       "values there (the bold column of Table 3).", bound=BIG, bound_help="n <=")
def _prop2_exception(bound: int) -> Evidence:
    return compare(["residues of n mod 32 where f is not constant"], lambda _: [0],
                   lambda _: sorted(uncovered_residues(f_seq(bound))))


@claim("sharing.thm3", PAPER, "Theorem 3", "theorem",
       "f(n) (0 iff (0,0,n) is a P-position) is not ultimately periodic.",
       bound=BIG, bound_help="n <=", finite=False)
def _thm3(bound: int) -> Evidence:
    return periodicity_evidence({"f": f_seq(bound)}, f"f(n), n <= {bound:,}")


claim("sharing.cor4", PAPER, "Corollary 4", "corollary",
      "The P-positions on the bottom row (0,0,n) are not ultimately periodic.",
      bound=BIG, bound_help="n <=", finite=False)(_thm3)


S1, S2 = {4, 12, 16, 20, 28}, {2, 6, 8, 10, 14, 18, 22, 24, 26, 30}


@claim("sharing.thm3.proof.sets", PAPER, "Theorem 3, proof", "claim",
       "With S1 (even residues mod 32 where f = 0) and S2 (where f = 1), the differences "
       "s1 - s2 > 0 form S = {2,4,6,8,10,12,14,18,20,22,26}, and the even residues outside S are "
       "T = {0,16,24,28,30}.", bound=BIG, bound_help="n <=")
def _thm3_sets(bound: int) -> Evidence:
    f = f_seq(bound)
    even = range(0, 32, 2)
    first = {r: r if r >= 3 else r + 32 for r in even}
    s1 = {r for r in even if all(f[n] == 0 for n in range(first[r], bound + 1, 32))}
    s2 = {r for r in even if all(f[n] == 1 for n in range(first[r], bound + 1, 32))}
    s = {x - y for x in s1 for y in s2 if x > y}
    claimed = {"S1": sorted(S1), "S2": sorted(S2), "S": [2, 4, 6, 8, 10, 12, 14, 18, 20, 22, 26],
               "T": [0, 16, 24, 28, 30]}
    computed = {"S1": sorted(s1), "S2": sorted(s2), "S": sorted(s),
                "T": sorted(set(even) - s)}
    return compare(list(claimed), claimed.get, computed.get, show=lambda k: f"set {k}")


def _residue_witness(f: Sequence[int], p: int, residue: int) -> bool:
    return any(f[n] != f[n + p] for n in range(residue or 32, len(f) - p, 32))


@claim("sharing.thm3.proof.witness", PAPER, "Theorem 3, proof (case p mod 32 in T)", "claim",
       "For every p with p mod 32 in T = {0,16,24,28,30} there is n with n mod 32 = 1 and "
       "f(n+p) != f(n).", bound=BIG, bound_help="n + p <=")
def _thm3_witness(bound: int) -> Evidence:
    f = f_seq(bound)
    cases = [p for p in range(1, bound // 2 + 1) if p % 32 in (0, 16, 24, 28, 30)]
    return compare(cases, lambda p: "witness n = 1 mod 32",
                   lambda p: "witness n = 1 mod 32" if _residue_witness(f, p, 1)
                   else "f(n+p) = f(n) = 0 for every n = 1 mod 32 (both odd)",
                   show=lambda p: f"p={p}")


@claim("sharing.thm3.proof.witness.corrected", PAPER, "Theorem 3, proof (case p mod 32 in T)",
       "claim", "For every p with p mod 32 in T there is n = 0 mod 32 (the form 2^s(2t+1)2^5 the "
       "proof then uses) with f(n+p) != f(n).", bound=BIG, bound_help="n + p <=",
       corrects="sharing.thm3.proof.witness")
def _thm3_witness_fix(bound: int) -> Evidence:
    f = f_seq(bound)
    cases = [p for p in range(1, bound // 2 + 1) if p % 32 in (0, 16, 24, 28, 30)]
    return compare(cases, lambda p: True, lambda p: _residue_witness(f, p, 0),
                   show=lambda p: f"p={p}")


@claim("sharing.rem7", PAPER, "Remark 7", "remark",
       "The bottom row G(0,0,n) (and so the main diagonal) is not ultimately periodic.",
       bound=BIG, bound_help="n <=", finite=False)
def _rem7(bound: int) -> Evidence:
    V = values(bound)
    return periodicity_evidence({"row a=0": [int(x) for x in V[0]],
                                 "main diagonal": [int(V[n, n]) for n in range(bound + 1)]},
                                f"G(0,0,n) and G(0,n,n), n <= {bound:,}")


@claim("sharing.sec4.zeros", PAPER, "Section 4, before Conjecture 1", "claim",
       "The bottom row (labelled 'a = 1' in the text; the bottom row is a = 0) has entry 0 "
       "whenever b is even.", bound=BIG, bound_help="b <=")
def _sec4_zeros(bound: int) -> Evidence:
    V = values(bound)
    return compare(range(2, bound + 1, 2), lambda b: 0, lambda b: int(V[0, b]),
                   show=lambda b: pos((0, b)))


@claim("sharing.sec4.zeros.corrected", PAPER, "Section 4, before Conjecture 1", "claim",
       "The bottom row (a = 0) has entry 0 whenever b is odd.", bound=BIG, bound_help="b <=",
       corrects="sharing.sec4.zeros")
def _sec4_zeros_fix(bound: int) -> Evidence:
    V = values(bound)
    return compare(range(1, bound + 1, 2), lambda b: 0, lambda b: int(V[0, b]),
                   show=lambda b: pos((0, b)))


@claim("sharing.sec4.arith", PAPER, "Section 4, before Conjecture 1", "claim",
       "The bottom row is not ultimately arithmetic periodic: its zeros recur (every odd b) while "
       "an arithmetic-periodic sequence with s > 0 grows without bound.",
       bound=BIG, bound_help="b <=", finite=False)
def _sec4_arith(bound: int) -> Evidence:
    V = values(bound)
    last_half_zero = [b for b in range(bound // 2, bound + 1) if V[0, b] == 0]
    biggest = int(V[0].max())
    return Evidence(bound + 1, [], f"G(0,0,b) = 0 at {len(last_half_zero)} values of b in the "
                    f"upper half of 0..{bound}; the row never exceeds {biggest}",
                    contradicted=not last_half_zero)


def row_maxima(V: np.ndarray, rows: int) -> dict[int, tuple[int, int, int]]:
    """Per row a: (largest value, where it is first reached, length of the row)."""
    out = {}
    for a in range(1, rows + 1):
        seq = V[a, a:]
        out[a] = (int(seq.max()), int(np.argmax(seq)) + a, len(seq))
    return out


@claim("sharing.conj1", PAPER, "Conjecture 1", "conjecture",
       "For each a >= 1 the row G(0,a,n), n >= a, is bounded.", bound=BIG,
       bound_help="n <=, rows a <= 14,", finite=False)
def _conj1(bound: int) -> Evidence:
    V = values(bound)
    maxima = row_maxima(V, min(14, bound // 4))
    late = [Counterexample(f"row a={a}", "bounded: no new maximum late in the row",
                           f"maximum {m} first reached at b={at}, in the last half")
            for a, (m, at, n) in maxima.items() if at - a > n // 2]
    note = "row maxima (value at b): " + ", ".join(f"a={a}: {m} at {at}"
                                                  for a, (m, at, n) in maxima.items())
    return Evidence(len(maxima), late[:KEEP], note, contradicted=bool(late))


@claim("sharing.conj2", PAPER, "Conjecture 2", "conjecture",
       "No row G(0,a,n), n >= a, of Table 1 is ultimately periodic.", bound=BIG,
       bound_help="n <=, rows a <= 14,", finite=False)
def _conj2(bound: int) -> Evidence:
    V = values(bound)
    rows = {f"row a={a}": [int(x) for x in V[a, a:]] for a in range(1, min(14, bound // 4) + 1)}
    return periodicity_evidence(rows, f"rows a = 1..14, n <= {bound:,}")


@claim("sharing.conj2.moves", PAPER, "Section 4, after Conjecture 2", "claim",
       "From (0,a,n) with n >= 2a, moving a-c tokens (0 <= c < a) from the largest pile to the "
       "smallest reaches (0,c,n-2(a-c)). (The text says 'the pile of size 1'; the smallest "
       "pile has size 0.)", bound=60, bound_help="n <=")
def _conj2_moves(bound: int) -> Evidence:
    cases = [(a, n, c) for n in range(bound + 1) for a in range(n // 2 + 1) for c in range(a)]

    def reached(t):
        a, n, c = t
        move = Share(2, 0, a - c)
        return move in GAME.moves((0, a, n)) and \
            GAME.key(GAME.do_move((0, a, n), move)) == (0, c, n - 2 * (a - c))

    return compare(cases, lambda t: True, reached, show=lambda t: f"(0,{t[0]},{t[1]}), c={t[2]}")


def sequence_values(first: Sequence[int], count: int) -> list[int]:
    """G(x, y, n) for n = first[2], first[2]+1, ... (count values)."""
    x, y, n0 = first
    top = n0 + count - 1
    V = values(max(top, x, y) - min(x, y, n0))
    return [g3(V, (x, y, n)) for n in range(n0, top + 1)]


SEC4 = {
    "sharing.sec4.row0": ("text-row0", "Section 4, after Conjecture 1",
                          "The first 490 values of G(0,0,n), n >= 1, are at most 12."),
    "sharing.sec4.row0.1000": ("text-row0-1000", "Section 4, before Theorem 3",
                               "The first 1000 values of G(0,0,n), n >= 1, are at most 12."),
    "sharing.sec4.row2": ("text-row2", "Section 4, after Conjecture 1",
                          "The first 500 values of G(0,2,n), n >= 3, are at most 41."),
    "sharing.sec4.row6": ("text-row6", "Section 4, after Conjecture 1",
                          "The first 800 values of G(0,6,n), n >= 3, are at most 72 (for n < 6 "
                          "the position (0,6,n) is (0,n,6))."),
    "sharing.fig4": ("fig4", "Appendix, Figure 4",
                     "Figure 4 shows the first 500 values of G(1,3,n), n >= 3 (= G(0,2,n-1)); "
                     "the text bounds them by 41."),
    "sharing.fig5": ("fig5", "Appendix, Figure 5",
                     "Figure 5 shows the first 800 values of G(1,7,n), n >= 7 (= G(0,6,n-1)); "
                     "the text bounds them by 72."),
}


def _register_sec4(cid: str, key: str, place: str, text: str) -> None:
    spec = printed(PAPER, "section4")["sequences"][key]
    kind = "figure" if cid.startswith("sharing.fig") else "example"

    @claim(cid, PAPER, place, kind, text, bound=spec["count"], bound_help="values:")
    def check(bound: int) -> Evidence:
        seq = sequence_values(spec["first"], bound)
        x, y, n0 = spec["first"]
        if not seq:
            return Evidence(0, [], "no values asked for")
        top = max(range(len(seq)), key=lambda i: (seq[i], -i))
        return Evidence(len(seq), [] if seq[top] <= spec["bound"] else [Counterexample(
            f"G({x},{y},{n0 + top})", f"<= {spec['bound']}", seq[top])],
            f"largest value {seq[top]} at G({x},{y},{n0 + top})")


for _cid, (_key, _place, _text) in SEC4.items():
    _register_sec4(_cid, _key, _place, _text)


# ================================================================================ Section 5
@claim("sharing.thm4", PAPER, "Theorem 4", "theorem",
       "The 1-positions are (0,0,4k+2), (0,4k+2,4k+2), (0,2,4k+1) and (0,4l-1,4l+1), k >= 0, "
       "l >= 1.", bound=BIG, bound_help="b <=")
def _thm4(bound: int) -> Evidence:
    C = columns(bound)
    a, b, tri, _ = triangle_masks(bound)
    return compare_blocks([((), tri, (C == 1) != in_b(a, b))], lambda c: in_b(c[1], c[0]),
                          lambda c: bool(C[c] == 1), show=lambda c: pos((c[1], c[0])),
                          note=box_note(bound))


@claim("sharing.thm4.disjoint", PAPER, "Theorem 4, proof", "claim",
       "The sets P (Theorem 2) and B (Theorem 4) are disjoint.", bound=BIG, bound_help="b <=")
def _thm4_disjoint(bound: int) -> Evidence:
    a, b, tri, _ = triangle_masks(bound)
    return compare_blocks([((), tri, in_p(a, b) & in_b(a, b))], lambda c: False,
                          lambda c: in_p(c[1], c[0]) and in_b(c[1], c[0]),
                          show=lambda c: pos((c[1], c[0])),
                          note=f"every (0,a,b) with a <= b <= {bound:,} (closed forms only)")


@claim("sharing.thm4.proof.i", PAPER, "Theorem 4, proof of (i)", "claim",
       "No move leads from one position of B to another.", bound=120, bound_help="b <=")
def _thm4_i(bound: int) -> Evidence:
    cases = [c for c in triangle(bound) if in_b(*c)]
    return compare(cases, lambda c: False,
                   lambda c: any(in_b(*normal(q)) for q in GAME.successors((0, *c))), show=pos)


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


def thm4_split(a: int, b: int) -> tuple[int, int, int, int]:
    """(q, r, s, t) with a = 4q + r and b = a + 4s + t."""
    q, r = divmod(a, 4)
    s, t = divmod(b - a, 4)
    return q, r, s, t


def thm4_outside(bound: int) -> list[tuple[int, int]]:
    """Positions (0,a,b), a <= b/2, b <= bound, in neither P nor B (the proof's x)."""
    return [c for c in triangle(bound, half=True) if not in_p(*c) and not in_b(*c)]


def _thm4_plan(subcases):
    """The proof's move for x = (0, a, b) under the first matching sub-case, or None."""
    def plan(c):
        q, r, s, t = thm4_split(*c)
        for t0, r0, cond, src, dst, tokens, target in subcases:
            if (t, r) != (t0, r0) or not cond(q, s):
                continue
            k = tokens(q, s)
            if k < 1:
                return (0, *c), f"moves {k} tokens: not a move"
            move = Share(src, dst, k)
            if move in GAME.moves((0, *c)):
                got = normal(GAME.do_move((0, *c), move))
                if normal((0, *target(q, s))) != got:
                    return (0, *c), f"reaches {pos(got)}, not the printed {pos(target(q, s))}"
            return (0, *c), move
        return None
    return plan


def _register_thm4_case(cid: str, place: str, text: str, subcases: list,
                        corrects: str | None = None) -> None:
    @claim(cid, PAPER, place, "claim", text, bound=150, bound_help="b <=", corrects=corrects)
    def check(bound: int) -> Evidence:
        values(bound)
        return check_steps(GAME, solver_for(GAME), thm4_outside(bound), _thm4_plan(subcases), 1,
                           show=pos)


def _thm4_place(label: str) -> str:
    sub = "".join(f"({p})" for p in label.split(".")[1:])
    return f"Theorem 4, proof of (ii), case ({label.split('.')[0]}){sub}"


for _label, *_case in THM4_CASES:
    _register_thm4_case(f"sharing.thm4.case.{_label.lower()}", _thm4_place(_label),
                        f"Case t={_case[0]}, r={_case[1]} of the proof (a = 4q+r, b = a+4s+t): "
                        "moving the printed number of tokens between the printed piles is legal "
                        "and reaches the printed position of B.", [_case])

_CASE = {label: case for label, *case in THM4_CASES}
# Where a printed move is illegal, the positions it misses and a move that works there.
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
for _label, (_words, _cond, *_move) in THM4_FIXES.items():
    _t, _r = _CASE[_label][:2]
    _register_thm4_case(f"sharing.thm4.case.{_label.lower()}.corrected", _thm4_place(_label),
                        f"Case t={_t}, r={_r} with the gap closed: {_words}; elsewhere the "
                        "printed move works.", [(_t, _r, _cond, *_move), _CASE[_label]],
                        corrects=f"sharing.thm4.case.{_label.lower()}")


@claim("sharing.thm4.proof.cover", PAPER, "Theorem 4, proof of (ii)", "claim",
       "Every position (0,a,b) with a <= b/2 outside P and B falls into one of the proof's "
       "cases (I)-(IV).", bound=1000, bound_help="b <=")
def _thm4_cover(bound: int) -> Evidence:
    def covered(c):
        q, r, s, t = thm4_split(*c)
        return any((t, r) == (t0, r0) and cond(q, s) for t0, r0, cond, *_ in _CASE.values())

    return compare(thm4_outside(bound), lambda c: True, covered, show=pos)


@claim("sharing.cor5", PAPER, "Corollary 5", "corollary",
       "The 1-positions are periodic on the bottom row and the main diagonal (b = 2 mod 4) and on "
       "the third row a = 2 and its diagonal (b = 1 mod 4 from b = 3 on, plus (0,2,2)).",
       bound=BIG, bound_help="b <=")
def _cor5(bound: int) -> Evidence:
    V = values(bound)
    lines = {"row a=0": lambda n: V[0, n], "main diagonal": lambda n: V[n, n],
             "row a=2": lambda n: V[2, n], "diagonal (0,n-2,n)": lambda n: V[n - 2, n]}
    rule = {"row a=0": lambda n: n % 4 == 2, "main diagonal": lambda n: n % 4 == 2,
            "row a=2": lambda n: n % 4 == 1 or n == 2,
            "diagonal (0,n-2,n)": lambda n: n % 4 == 1 or n == 2}
    cases = [(name, n) for name in lines for n in range(2, bound + 1)]
    return compare(cases, lambda c: rule[c[0]](c[1]), lambda c: bool(lines[c[0]](c[1]) == 1),
                   show=lambda c: f"{c[0]}, b={c[1]}")


# ================================================================================ Section 6
def rows_of_value(V: np.ndarray, g: int, bound: int) -> list[tuple[int, int]]:
    """Positions (0,a,b) with a <= b/2, b <= bound and value g."""
    return [c for c in triangle(bound, half=True) if V[c] == g]


@claim("sharing.sec6.p", PAPER, "Section 6, first paragraph", "claim",
       "With a <= b/2, the P-positions lie on the bottom row a = 0 only.",
       bound=BIG, bound_help="b <=")
def _sec6_p(bound: int) -> Evidence:
    C = columns(bound)
    a, b, _, half = triangle_masks(bound)
    return compare_blocks([((), half & (C == 0), a != 0)], lambda c: 0, lambda c: c[1],
                          show=lambda c: pos((c[1], c[0])),
                          note=f"the P-positions among {box_note(bound, half=True)}")


@claim("sharing.sec6.ones", PAPER, "Section 6, first paragraph", "claim",
       "With a <= b/2, the 1-positions lie on the rows a = 0 and a = 2 only, except (0,1,2).",
       bound=BIG, bound_help="b <=")
def _sec6_ones(bound: int) -> Evidence:
    C = columns(bound)
    a, b, _, half = triangle_masks(bound)
    allowed = (a == 0) | (a == 2) | ((a == 1) & (b == 2))
    return compare_blocks([((), half & (C == 1), ~allowed)], lambda c: True, lambda c: False,
                          show=lambda c: pos((c[1], c[0])),
                          note=f"the 1-positions among {box_note(bound, half=True)}")


@claim("sharing.conj3", PAPER, "Conjecture 3 (and the computation before it)", "conjecture",
       "For a <= b/2, if G(0,a,b) = g >= 2 then a <= 2g - 1.", bound=BIG, bound_help="b <=",
       finite=False)
def _conj3(bound: int) -> Evidence:
    C = columns(bound)
    a, b, _, half = triangle_masks(bound)
    # a > 2g - 1 iff g <= floor(a/2), compared in the table's own integer type
    ev = compare_blocks([((), half & (C >= 2), C <= (a // 2).astype(C.dtype))],
                        lambda c: f"a <= {2 * int(C[c]) - 1}", lambda c: f"a = {c[1]}",
                        show=lambda c: f"{pos((c[1], c[0]))} value {int(C[c])}")
    ev.note = f"{ev.checked:,} positions of value >= 2 with 2a <= b <= {bound:,} (whole table)"
    return ev


def _g_rows(g: int, bound: int, allowed: Callable[[tuple[int, int]], bool]) -> Evidence:
    V = values(bound)
    return compare(rows_of_value(V, g, bound), lambda c: "allowed row",
                   lambda c: "allowed row" if allowed(c) else f"row a = {c[0]}",
                   show=lambda c: f"{pos(c)} of value {g}")


@claim("sharing.sec6.g2.rows", PAPER, "Section 6, 2-positions", "claim",
       "The 2-positions (0,a,b) with a <= b/2 and b <= 300 have a <= 3.",
       bound=300, bound_help="b <=")
def _g2_rows(bound: int) -> Evidence:
    return _g_rows(2, bound, lambda c: c[0] <= 3)


@claim("sharing.sec6.g3.rows", PAPER, "Section 6, 3-positions", "claim",
       "The 3-positions (0,a,b) with a <= b/2 and b <= 300 have a <= 3.",
       bound=300, bound_help="b <=")
def _g3_rows(bound: int) -> Evidence:
    return _g_rows(3, bound, lambda c: c[0] <= 3)


@claim("sharing.sec6.g3.rows.corrected", PAPER, "Section 6, 3-positions", "claim",
       "The 3-positions (0,a,b) with a <= b/2 and b <= 300 have a <= 3, except (0,4,8) (where "
       "a = b/2).", bound=300, bound_help="b <=", corrects="sharing.sec6.g3.rows")
def _g3_rows_fix(bound: int) -> Evidence:
    return _g_rows(3, bound, lambda c: c[0] <= 3 or c == (4, 8))


def list_differences(g: int, bound: int) -> list[tuple[int, int, bool, bool]]:
    """(a, b, printed, computed) for every b <= bound and a = 0..3 where the paper's list of
    g-positions and the computed set disagree."""
    data = printed(PAPER, f"g{g}_list")
    V = values(bound)
    out = []
    for a in range(4):
        listed = set(data["lists"][str(a)])
        for b in range(max(a, 2 * a), bound + 1):
            shown, got = b in listed, bool(V[a, b] == g)
            out.append((a, b, shown, got))
    return out


def _register_list(g: int) -> None:
    @claim(f"sharing.sec6.g{g}.list", PAPER, f"Section 6, list of {g}-positions", "list",
           f"The printed lists of b <= 300 with G(0,a,b) = {g}, for a = 0, 1, 2, 3, are complete "
           "and correct.", bound=300, bound_help="b <=")
    def check(bound: int) -> Evidence:
        rows = list_differences(g, bound)
        return compare(rows, lambda r: r[2], lambda r: r[3],
                       show=lambda r: f"(0,{r[0]},{r[1]}) listed as a {g}-position")


for _g in (2, 3):
    _register_list(_g)


def a_bounds(bound: int) -> dict[int, int]:
    """For g = 4..10: the largest a with a <= b/2, b <= bound and G(0,a,b) = g."""
    V = values(bound)
    return {g: max((c[0] for c in rows_of_value(V, g, bound)), default=-1)
            for g in range(4, 11)}


@claim("sharing.sec6.abounds", PAPER, "Section 6, display after Conjecture 3", "list",
       "Up to b = 200 the g-positions (a <= b/2) have a <= 6, 6, 7, 9, 12, 11, 13 for g = 4..10, "
       "each bound attained.", bound=200, bound_help="b <=")
def _abounds(bound: int) -> Evidence:
    data = {int(g): a for g, a in printed(PAPER, "a_bounds")["bounds"].items()}
    got = a_bounds(bound)
    return compare(sorted(data), data.get, got.get, show=lambda g: f"largest a for g={g}")


# ================================================================================ tables
def table1_cells() -> list[tuple[int, int, int]]:
    data = printed(PAPER, "table1")
    return [(a, a + i, v) for a_text, row in data["rows"].items() for a in [int(a_text)]
            for i, v in enumerate(row)]


@claim("sharing.table1", PAPER, "Table 1", "table",
       "Table 1 gives G(0,a,b) for 0 <= a <= b <= 16.", bound=16, bound_help="b <=")
def _table1(bound: int) -> Evidence:
    V = values(16)
    cells = sorted((b, a, v) for a, b, v in table1_cells() if b <= bound)
    return compare(cells, lambda c: c[2], lambda c: int(V[c[1], c[0]]),
                   show=lambda c: pos((c[1], c[0])))


def table2_compare(start: int, bound: int, zero_one: bool = False) -> Evidence:
    """Table 2's printed values as G(0,0,n) (or f(n)) for n = start, start+1, ..."""
    data = printed(PAPER, "table2")["values"][:bound]
    V = values(len(data) + start)
    squash = (lambda v: int(v > 0)) if zero_one else int
    return compare(range(len(data)), lambda i: squash(data[i]),
                   lambda i: squash(V[0, i + start]), show=lambda i: f"n={i + start}")


@claim("sharing.table2", PAPER, "Table 2", "table",
       "Table 2 lists G(0,0,n) for n = 1..490 (as its caption says), left to right.",
       bound=490, bound_help="values:")
def _table2(bound: int) -> Evidence:
    return table2_compare(1, bound)


@claim("sharing.table2.corrected", PAPER, "Table 2", "table",
       "Table 2 lists G(0,0,n) for n = 0..489: the caption's index should start at 0.",
       bound=490, bound_help="values:", corrects="sharing.table2")
def _table2_fix(bound: int) -> Evidence:
    return table2_compare(0, bound)


@claim("sharing.table3", PAPER, "Table 3", "table",
       "Table 3 (illegible in the source) is f(n), n >= 1, obtained from Table 2 by replacing "
       "positive values by 1.", bound=490, bound_help="values:")
def _table3(bound: int) -> Evidence:
    return table2_compare(1, bound, zero_one=True)


@claim("sharing.table3.corrected", PAPER, "Table 3", "table",
       "Table 2 turned to 0/1 is f(n) for n = 0..489 (same index shift as Table 2).",
       bound=490, bound_help="values:", corrects="sharing.table3")
def _table3_fix(bound: int) -> Evidence:
    return table2_compare(0, bound, zero_one=True)


def table3_rows(first_n: int, count: int = 490) -> list[list[int]]:
    """Table 3's layout (Section 4): a first row of 10 values, then rows of 32; each row is the
    list of the n it shows, numbering the values from ``first_n``."""
    ns = list(range(first_n, first_n + count))
    return [ns[:10]] + [ns[i: i + 32] for i in range(10, count, 32)]


def bold_column(first_n: int) -> list[int]:
    """The n in the bold column, 'the 10th one from the right', of the full rows."""
    return [row[-10] for row in table3_rows(first_n)[1:] if len(row) == 32]


def _bold(bound: int, first_n: int) -> Evidence:
    f = f_seq(first_n + 490)
    column = bold_column(first_n)
    residues = sorted({n % 32 for n in column})
    return compare([f"bold column (n = {residues[0]} mod 32)"], lambda _: "not constant",
                   lambda _: "not constant" if len({f[n] for n in column}) > 1 else
                   f"constant {f[column[0]]}")


@claim("sharing.table3.bold", PAPER, "Section 4, Table 3 and the text after it", "table",
       "Table 3 has a first row of 10 values and then rows of 32; its bold column, the 10th from "
       "the right, holds f(n) for n = 1 mod 32 (numbering from n = 1 as the caption does) and is "
       "the column where f is not periodic, the exceptional residue of Proposition 2.",
       bound=490, bound_help="values:")
def _table3_bold(bound: int) -> Evidence:
    return _bold(bound, 1)


@claim("sharing.table3.bold.corrected", PAPER, "Section 4, Table 3 and the text after it",
       "table", "Numbering the values from n = 0 (as Table 2, from which Table 3 is made, really "
       "is), the same layout puts n = 0 mod 32 in the bold column, the residue the text later "
       "names, and there f is not constant.", bound=490, bound_help="values:",
       corrects="sharing.table3.bold")
def _table3_bold_fix(bound: int) -> Evidence:
    return _bold(bound, 0)


# ================================================================================ Section 7
def piles_box(count: int, bound: int) -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(range(bound + 1), count))


@claim("sharing.sec7.complement", PAPER, "Section 7 (more piles)", "claim",
       "Section 2 carries over to 4 and 5 piles: the complement G(p) = G(n - p) (n >= every "
       "pile), and the complement map is an isomorphism of the move graphs.", bound=8,
       bound_help="n <= (5 piles: n <= bound - 2)")
def _sec7_complement(bound: int) -> Evidence:
    solver = solver_for(GAME)
    boxes = {4: bound, 5: max(bound - 2, 0)}
    cases = [(p, n) for k, top in boxes.items() for n in range(top + 1) for p in piles_box(k, n)]

    def same(c):
        p, n = c
        mapped, direct, v1, v2 = complement_isomorphism(p)
        return mapped == direct and v1 == v2 and \
            solver.value(tuple(n - x for x in p)) == solver.value(p)

    return compare(cases, lambda c: True, same, show=lambda c: f"{pos(c[0])} with n={c[1]}")


@claim("sharing.sec7.wythoff", PAPER, "Section 7, first paragraph", "claim",
       "In Wythoff's game the values on each line orthogonal to the main diagonal, "
       "G(a-i, i) for i = 0..a, read the same backwards (a palindrome).",
       bound=40, bound_help="a <=")
def _sec7_wythoff(bound: int) -> Evidence:
    solver = solver_for(Wythoff())

    def line(a):
        seq = [solver.value((a - i, i)) for i in range(a + 1)]
        return seq == seq[::-1]

    return compare(range(bound + 1), lambda a: True, line, show=lambda a: f"a={a}")


@claim("sharing.sec7.translation", PAPER, "Section 7 (more piles)", "claim",
       "Lemma 1 carries over to 4 piles: adding the same number to every pile keeps the value "
       "(computed without folding translates).", bound=8, bound_help="piles <=")
def _sec7_translation(bound: int) -> Evidence:
    raw = Solver(UnfoldedSharing())
    solver = solver_for(GAME)
    return compare(piles_box(4, bound), lambda p: solver.value(tuple(x - p[0] for x in p)),
                   raw.value, show=pos)


@claim("sharing.sec7.graph", PAPER, "Section 7 (Graph Nim)", "claim",
       "Graph Nim on the complete graph K_n (tokens may move along an edge either way) is "
       "n-pile Sharing Nim, for n = 2, 3, 4 piles.", bound=8, bound_help="piles <=")
def _sec7_graph(bound: int) -> Evidence:
    solver = solver_for(GAME)
    cases = [p for n in (2, 3, 4) for p in piles_box(n, bound)]
    graphs = {n: Solver(GraphNim(n, [(u, v) for u in range(n) for v in range(u + 1, n)] +
                                 [(v, u) for u in range(n) for v in range(u + 1, n)]))
              for n in (2, 3, 4)}
    return compare(cases, lambda p: graphs[len(p)].value(p), solver.value, show=pos)


# ================================================================================ artifacts
def _progress(label: str):
    from nimlab.cli.common import progress_bar

    return progress_bar(label)


@artifact("sharing.table1", PAPER, "Table 1", "nim-values G(0,a,b) for 0 <= a <= b <= 16")
def _art_table1(directory: Path) -> Outcome:
    V = values(16)
    path = write_csv(directory / "sharing_table1.csv", ["a/b", *range(17)],
                     [[a, *["" if b < a else int(V[a, b]) for b in range(17)]] for a in range(17)])
    diffs = [Difference(pos((a, b)), v, int(V[a, b])) for a, b, v in table1_cells()
             if int(V[a, b]) != v]
    return Outcome([path], len(table1_cells()), diffs,
                   "" if not diffs else "the printed entries differ from the computed values")


@artifact("sharing.table2", PAPER, "Table 2", "the first 490 values of the bottom row G(0,0,n)")
def _art_table2(directory: Path) -> Outcome:
    data = printed(PAPER, "table2")["values"]
    V = values(len(data) + 1)
    path = write_csv(directory / "sharing_table2.csv", ["n", "G(0,0,n)", "printed (caption: n>=1)"],
                     [[n, int(V[0, n]), data[n - 1] if 1 <= n <= len(data) else ""]
                      for n in range(len(data) + 1)])
    diffs = [Difference(f"n={n}", data[n - 1], int(V[0, n])) for n in range(1, len(data) + 1)
             if data[n - 1] != V[0, n]]
    shifted = all(data[i] == V[0, i] for i in range(len(data)))
    why = "the printed values differ from the computed ones"
    if shifted:
        why = ("The caption says G(0,0,n) for n >= 1, but the printed sequence is G(0,0,n) for "
               "n = 0..489: read from n = 0, all 490 printed values equal the computed ones "
               "(e.g. the first 3 is printed 9th, and G(0,0,8) = 3 since 8 = 2^3).")
    return Outcome([path], len(data), diffs, why)


@artifact("sharing.table3", PAPER, "Table 3", "the first 490 values of f(n) (0 iff (0,0,n) is P)")
def _art_table3(directory: Path) -> Outcome:
    data = printed(PAPER, "table2")["values"]
    f = f_seq(len(data) + 1)
    layout = table3_rows(0, len(data))
    rows = [[row[0], *[f[n] for n in row]] for row in layout]
    path = write_csv(directory / "sharing_table3.csv",
                     ["first n of the row", *[f"col {i}" for i in range(1, 33)]], rows)
    diffs = [Difference(f"n={n}", int(data[n - 1] > 0), f[n]) for n in range(1, len(data) + 1)
             if int(data[n - 1] > 0) != f[n]]
    why = ("The printed Table 3 is illegible in the source, so it is compared with what the text "
           "says it is: Table 2 with positive values replaced by 1, numbered from n = 1 as the "
           "caption says. The differences are Table 2's index shift again: Table 2 turned to 0/1 "
           "equals f(n) for n = 0..489. The CSV uses the layout the text describes (a first row "
           "of 10 values, then rows of 32) with n from 0; its bold column, the 10th from the "
           "right (col 23), is then n = 0 mod 32, the one residue Proposition 2 leaves open, as "
           "the text after Table 3 says; the text's 'n mod 32 = 1' is the caption's numbering, "
           "and its later 'first column' fits neither description.")
    return Outcome([path], len(data), diffs, why)


def _list_artifact(g: int, directory: Path) -> Outcome:
    data = printed(PAPER, f"g{g}_list")
    bound = data["max_b"]
    V = values(bound)
    rows = [[a, b] for a in range(15) for b in range(2 * a, bound + 1) if V[a, b] == g]
    path = write_csv(directory / f"sharing_g{g}_positions.csv", ["a", "b"], rows)
    diffs = [Difference(f"(0,{a},{b})", "listed" if shown else "not listed",
                        f"value {int(V[a, b])}")
             for a, b, shown, got in list_differences(g, bound) if shown != got]
    beyond = [(a, b) for a, b in rows if a > 3]
    diffs += [Difference(f"(0,{a},{b})", f"a <= 3 for every {g}-position (a <= b/2)",
                         f"a {g}-position with a = {a}") for a, b in beyond]
    why = "" if not diffs else (
        f"Rows a = 0..14, b <= {bound}, a <= b/2 were computed."
        + (f" The text says every {g}-position has a <= 3, but {', '.join(pos(c) for c in beyond)} "
           f"has value {g} (a = b/2 there)." if beyond else ""))
    return Outcome([path], len(list_differences(g, bound)) + len(rows), diffs, why)


@artifact("sharing.g2-list", PAPER, "Section 6, 2-positions",
          "the 2-positions (0,a,b), a <= b/2, b <= 300 (rows a <= 14)")
def _art_g2(directory: Path) -> Outcome:
    return _list_artifact(2, directory)


@artifact("sharing.g3-list", PAPER, "Section 6, 3-positions",
          "the 3-positions (0,a,b), a <= b/2, b <= 300 (rows a <= 14)")
def _art_g3(directory: Path) -> Outcome:
    return _list_artifact(3, directory)


@artifact("sharing.a-bounds", PAPER, "Section 6, display after Conjecture 3",
          "the largest row a holding a g-position (a <= b/2, b <= 200), g = 4..10")
def _art_abounds(directory: Path) -> Outcome:
    data = printed(PAPER, "a_bounds")
    got = a_bounds(data["max_b"])
    path = write_csv(directory / "sharing_a_bounds.csv", ["g", "largest a", "printed"],
                     [[g, got[g], data["bounds"][str(g)]] for g in sorted(got)])
    diffs = [Difference(f"g={g}", data["bounds"][str(g)], got[g]) for g in sorted(got)
             if got[g] != data["bounds"][str(g)]]
    return Outcome([path], len(got), diffs, "" if not diffs else
                   "the printed bound is not the largest a found")


def _figure_artifact(key: str, directory: Path) -> Outcome:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    spec = printed(PAPER, "section4")["sequences"][key]
    x, y, n0 = spec["first"]
    seq = sequence_values(spec["first"], spec["count"])
    csv_path = write_csv(directory / f"sharing_{key}.csv", ["n", f"G({x},{y},n)"],
                         [[n0 + i, v] for i, v in enumerate(seq)])
    fig, ax = plt.subplots(figsize=(10, 3.5))
    ax.plot(range(n0, n0 + len(seq)), seq, ".", markersize=2)
    ax.set_xlabel("n")
    ax.set_ylabel(f"G({x},{y},n)")
    ax.set_title(f"The first {len(seq)} values of G({x},{y},n), n >= {n0}")
    png = directory / f"sharing_{key}.png"
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{png.name}.", suffix=".part")
    os.close(fd)
    try:
        fig.savefig(tmp, format="png", dpi=100)
        os.replace(tmp, png)
    finally:
        plt.close(fig)
        Path(tmp).unlink(missing_ok=True)
    top = max(seq)
    diffs = [] if top == spec["bound"] else [Difference("largest value", spec["bound"], top)]
    return Outcome([csv_path, str(png)], 1, diffs,
                   "The printed figure has no numbers; the comparison is the bound the text "
                   f"states for it ({spec['bound']}), here the largest value "
                   f"{'equals' if not diffs else 'differs from'} it. G({x},{y},n) = "
                   f"G(0,{y - x},n-{x}), the sequence the text names with a shifted index.")


@artifact("sharing.fig4", PAPER, "Appendix, Figure 4",
          "plot and values of the first 500 values of G(1,3,n), n >= 3")
def _art_fig4(directory: Path) -> Outcome:
    return _figure_artifact("fig4", directory)


@artifact("sharing.fig5", PAPER, "Appendix, Figure 5",
          "plot and values of the first 800 values of G(1,7,n), n >= 7")
def _art_fig5(directory: Path) -> Outcome:
    return _figure_artifact("fig5", directory)


@artifact("sharing.prop1", PAPER, "Proposition 1",
          "P(n), the number of P-positions with n tokens, n <= 200")
def _art_prop1(directory: Path) -> Outcome:
    bound = 200
    counts = [p_counts(bound, 0), p_counts(bound, 1)]
    rows = [[n, int(counts[0][n]), int(counts[1][n]), n // 3] for n in range(1, bound + 1)]
    path = write_csv(directory / "sharing_prop1.csv",
                     ["n", "P(n) piles >= 0", "P(n) piles >= 1", "floor(n/3) (printed)"], rows)
    diffs = [Difference(f"n={n}", want, got) for n, got, _, want in rows if got != want]
    return Outcome([path], len(rows), diffs,
                   "Proposition 1 says P(n) = floor(n/3). Counting positions with empty piles "
                   "allowed (as Theorem 2 does: (0,0,m), (0,m,m)) gives floor(n/3) + 1 for every "
                   "n, one P-position per smallest pile a = 0..floor(n/3); the proof's count "
                   "starts at a = 1, which is right only for three non-empty piles (third column).")

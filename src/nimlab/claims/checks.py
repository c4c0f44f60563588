"""The check kinds a claim row uses, and the comparison machinery behind them.

A claim's check is ``check(bound) -> Evidence``.  Most claims use one of these kinds:

* :class:`Cases` - a statement's answer against the computed one, case by case, for the cases
  of the box in increasing order (the smallest counterexample is the first disagreement);
* :class:`Region` - a predicate over a region of a table, on whole NumPy arrays at once;
* :class:`Steps` - a proof's prescribed moves, each checked to be legal and to reach a position
  of the value the proof says;
* :class:`Facts` - a list of named facts (e.g. printed values) against the computed ones;
* :class:`NotPeriodic` - evidence that sequences are not ultimately periodic (an infinite
  statement: the claim is ``finite=False``).

A plain function ``check(bound) -> Evidence`` is used only where no kind fits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from nimlab.claims.registry import KEEP, Counterexample, Evidence
from nimlab.games.base import ImpartialGame, Move
from nimlab.papers.vector import pick


__all__ = ["Cases", "Region", "Steps", "Facts", "NotPeriodic", "compare", "compare_blocks",
           "check_steps", "periodicity_evidence", "facts", "first_cells", "pick", "Unfolded"]


def _text(note: str | Callable[[int], str], bound: int) -> str:
    return note(bound) if callable(note) else note


# ================================================================================ machinery
def compare(cases: Iterable[Any], claimed: Callable[[Any], Any], computed: Callable[[Any], Any],
            *, show: Callable[[Any], str] = str, note: str = "") -> Evidence:
    """Compare ``claimed(case)`` with ``computed(case)`` for every case, in the given order.

    The order of ``cases`` defines "smallest": list them in increasing order.
    """
    checked, bad = 0, []
    for case in cases:
        checked += 1
        want, got = claimed(case), computed(case)
        if want != got and len(bad) < KEEP:
            bad.append(Counterexample(show(case), want, got))
    return Evidence(checked, bad, note)


def facts(items: Iterable[tuple[str, object, object]], note: str = "") -> Evidence:
    """Evidence from a list of ``(what, claimed, computed)`` facts."""
    return compare(list(items), lambda x: x[1], lambda x: x[2], show=lambda x: x[0], note=note)


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
    """:func:`compare` over whole arrays: each block is ``(prefix, box, bad)``, ``box`` marking
    the cases and ``bad`` those where statement and table disagree.

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


def check_steps(game: ImpartialGame, value: Callable[[Any], int], cases: Iterable[Any],
                plan: Callable[[Any], tuple[Any, Any] | None], want: int,
                show: Callable[[Any], str] = str, note: str = "") -> Evidence:
    """Check a proof's prescribed moves: each leads, legally, to a position of value ``want``.

    ``value(position)`` is the Sprague-Grundy value (a solver's or a table's).  ``plan(case)``
    returns ``(position, step)`` or ``None`` when the case is not the proof's; ``step`` is a
    :class:`Move` (checked against the game's legal moves) or a target position (checked to be one
    move away), or a string saying why the proof gives no move.
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
            target = game.do_move(position, step) if step in game.available_moves(position) else None
            verdict = f"{step.describe()} is not a legal move"
        else:
            claimed = f"move to {game.format(step)}, a {want}-position"
            keys = {game.key(q) for q in game.successors(position)}
            target = step if game.key(step) in keys else None
            verdict = f"{game.format(step)} is not one move away"
        if target is not None:
            got = value(target)
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
    sequences ruled by the 2-adic valuation, such as f(n) of Sharing Nim's Theorem 3, then look
    periodic at the scale of the data: f has no late disagreement for p = 2048 when N = 10,000
    (disagreements for a power of two p recur only every few multiples of p).
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


class Unfolded:
    """Mixin: a game whose canonical key is the raw position (no symmetry is folded).

    Solving such a game checks symmetries (translation, reversal) that the ordinary key assumes.
    """

    def key(self, position):
        return tuple(position)


# ================================================================================ check kinds
@dataclass(frozen=True)
class Cases:
    """``claimed(case)`` against ``computed(case)`` for every case of ``cases(bound)``, listed in
    increasing order; ``show(case)`` names a counterexample.  ``note`` is a text or a function of
    the bound."""

    cases: Callable[[int], Iterable[Any]]
    claimed: Callable[[Any], Any]
    computed: Callable[[Any], Any]
    show: Callable[[Any], str] = str
    note: str | Callable[[int], str] = ""

    def __call__(self, bound: int) -> Evidence:
        return compare(self.cases(bound), self.claimed, self.computed, show=self.show,
                       note=_text(self.note, bound))


@dataclass(frozen=True)
class Region:
    """A predicate over a region of a table, on the whole array at once.

    ``table(bound)`` gives the data (an array, or any object the other functions read);
    ``blocks(data, bound)`` gives either one ``(box, bad)`` pair of boolean arrays (the region and
    where statement and table disagree) or an iterable of ``(prefix, box, bad)`` blocks in the
    order of the per-position check (see :func:`compare_blocks`).  ``claimed(data, cell)``,
    ``computed(data, cell)`` and ``show(cell)`` describe the few counterexamples kept.
    """

    table: Callable[[int], Any]
    blocks: Callable[[Any, int], Any]
    claimed: Callable[[Any, tuple], Any]
    computed: Callable[[Any, tuple], Any]
    show: Callable[[tuple], str]
    note: str | Callable[[int], str] = ""

    def __call__(self, bound: int) -> Evidence:
        data = self.table(bound)
        blocks = self.blocks(data, bound)
        if isinstance(blocks, tuple) and len(blocks) == 2 and isinstance(blocks[0], np.ndarray):
            blocks = [((), *blocks)]
        return compare_blocks(blocks, lambda c: self.claimed(data, c),
                              lambda c: self.computed(data, c), self.show,
                              _text(self.note, bound))


@dataclass(frozen=True)
class Steps:
    """A proof's prescribed moves (see :func:`check_steps`): ``plan(case)`` for every case of
    ``cases(bound)``; ``value(bound)`` returns the value function to judge the targets with."""

    game: ImpartialGame
    value: Callable[[int], Callable[[Any], int]]
    cases: Callable[[int], Iterable[Any]]
    plan: Callable[[Any], tuple[Any, Any] | None]
    want: int
    show: Callable[[Any], str] = str
    note: str | Callable[[int], str] = ""

    def __call__(self, bound: int) -> Evidence:
        return check_steps(self.game, self.value(bound), self.cases(bound), self.plan, self.want,
                           show=self.show, note=_text(self.note, bound))


@dataclass(frozen=True)
class Facts:
    """Named facts ``(what, claimed, computed)`` from ``facts(bound)``, e.g. a printed list
    against the computed one entry by entry."""

    facts: Callable[[int], Iterable[tuple[str, Any, Any]]]
    note: str | Callable[[int], str] = ""

    def __call__(self, bound: int) -> Evidence:
        return facts(self.facts(bound), note=_text(self.note, bound))


@dataclass(frozen=True)
class NotPeriodic:
    """Sequences ``rows(bound)`` (label -> sequence) are not ultimately periodic
    (:func:`periodicity_evidence`); for ``finite=False`` claims.  ``what`` names them: a text,
    or a function of the bound."""

    rows: Callable[[int], dict[Any, Sequence[int]]]
    what: str | Callable[[int], str]

    def __call__(self, bound: int) -> Evidence:
        return periodicity_evidence(self.rows(bound), _text(self.what, bound))

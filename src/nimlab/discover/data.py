"""Learning from a user's data: ``nimlab discover --from FILE.csv`` (``discover_data``).

The file holds rows of natural numbers ``n1,...,nk,label`` (blank lines skipped), with an
optional first line of names (``pile,money,label``: the first k name the automaton's variables,
else ``p1..pk``; the label's name is not used).  The label is 0/1 membership (1: a member), or
a value: ``value=G`` takes the rows labelled G, ``p_positions=True`` those labelled 0.

The data must hold a whole box: every position whose numbers are all below ``width(L)`` (the
numbers of at most L digits, :func:`nimlab.discover.learn.width`), for the largest such L.  Its
residual classes (:func:`nimlab.discover.learn.residuals`) give a hypothesis per suffix depth m
(:func:`nimlab.discover.learn.hypothesis`); a hypothesis is kept only if it agrees with the
whole box and then with every row of the data (rows beyond the box are extra checks), and the
smallest kept is the answer.  Nothing learned from data is proven (only a game's rules can
prove): the answer is a :class:`~nimlab.discover.search.Discovery` with status ``unknown`` and
the automaton as its ``hypothesis``.  Bad data is one :class:`~nimlab.errors.InputError` naming
the line.
"""

from __future__ import annotations

import re
import sys
import time
from typing import Any

import numpy as np

from nimlab.discover import learn
from nimlab.errors import InputError, short_text
from nimlab.progress import Progress, quiet
from nimlab.prove import automata as am

#: The largest file read (bytes); a box of three 8-digit numbers is about 200 MB of rows.
MAX_BYTES = 512 * 2 ** 20
#: The largest number read (the automaton runner works on 64-bit integers).
MAX_NUMBER = 2 ** 62 - 1
#: Numbers per row at most (letters of 2^k digits; the prover's limit is 16, boxes end first).
MAX_NUMBERS = 9
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
INTEGER = re.compile(r"[+-]?\d+$")


def _text(source: Any) -> tuple[str, str]:
    """The text of ``source`` (a path, ``"-"`` for standard input, or an open text file) and
    how to name it in messages."""
    if hasattr(source, "read"):
        text, where = source.read(MAX_BYTES + 1), getattr(source, "name", "the data")
    elif str(source) == "-":
        text, where = sys.stdin.read(MAX_BYTES + 1), "standard input"
    else:
        from nimlab.fileio import named

        path = named(source, "data file")
        where = str(path)
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read(MAX_BYTES + 1)
        except FileNotFoundError:
            raise InputError(f"cannot read {where}: no such file") from None
        except IsADirectoryError:
            raise InputError(f"cannot read {where}: it is a directory") from None
        except OSError as problem:
            raise InputError(f"cannot read {where}: {problem.strerror or problem}") from None
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if len(text) > MAX_BYTES:
        raise InputError(f"{where} passes {MAX_BYTES // 2 ** 20} MB; give a smaller table")
    return text.lstrip("\ufeff"), where


def read_table(text: str, where: str = "the data"):
    """``(names, positions, labels, lines)`` of the table's text: positions ``(rows, k)`` and
    labels as int64 arrays, lines the line number of each row.  Bad data raises one
    :class:`InputError` naming its line."""
    names = None
    rows: list[list[int]] = []
    lines: list[int] = []
    width = None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        fields = [f.strip() for f in line.split(",")]
        at = f"{where}, line {number}"
        if width is None and names is None and not any(INTEGER.match(f) for f in fields):
            words = [f.strip('"').strip("'") for f in fields]
            for w in words:
                if not NAME.match(w):
                    raise InputError(f"{at}: the header's name {short_text(w, 30)!r} is not a "
                                     "name (letters, digits and _, not first a digit)")
            if len(set(words)) != len(words):
                raise InputError(f"{at}: the header names a column twice")
            names, width = tuple(words), len(words)
            if width < 2:
                raise InputError(f"{at}: a row needs at least one number and a label")
            continue
        if width is None:
            width = len(fields)
            if width < 2:
                raise InputError(f"{at}: a row needs at least one number and a label "
                                 "(n1,...,nk,label)")
        if len(fields) != width:
            raise InputError(f"{at}: {len(fields)} fields where the "
                             f"{'header has' if names else 'first row has'} {width}")
        row = []
        for f in fields:
            if not (f.isascii() and f.isdigit()):
                if INTEGER.match(f) and int(f) < 0:
                    raise InputError(f"{at}: {short_text(f, 30)} is negative; the numbers and "
                                     "labels are natural numbers")
                if INTEGER.match(f):
                    f = f.lstrip("+")
                else:
                    raise InputError(f"{at}: {short_text(f, 30)!r} is not an integer")
            n = int(f)
            if n > MAX_NUMBER:
                raise InputError(f"{at}: {short_text(f, 30)} is past 2^62 - 1, the largest "
                                 "number read")
            row.append(n)
        rows.append(row)
        lines.append(number)
    if not rows:
        raise InputError(f"{where} holds no rows of data (n1,...,nk,label)")
    k = width - 1
    if k > MAX_NUMBERS:
        raise InputError(f"{where}: rows of {k} numbers; discover reads at most {MAX_NUMBERS}")
    table = np.array(rows, dtype=np.int64)
    if names is None:
        names = tuple(f"p{i + 1}" for i in range(k))
    return names[:k], table[:, :k], table[:, k], np.array(lines, dtype=np.int64)


def _membership(labels, lines, value, p_positions, where) -> tuple[np.ndarray, str]:
    if value is not None:
        return labels == value, f"value {value}"
    if p_positions:
        return labels == 0, "p-positions"
    bad = np.flatnonzero(labels > 1)
    if bad.size:
        i = int(bad[0])
        raise InputError(f"{where}, line {int(lines[i])}: label {int(labels[i])} is not 0 or "
                         "1; for a table of values give --value G or --p-positions")
    return labels == 1, "label 1"


def _unique(P, member, lines, where):
    """The distinct positions and their membership; a position given twice with different
    labels is refused, naming both lines."""
    order = np.lexsort(P.T[::-1])
    P, member, lines = P[order], member[order], lines[order]
    same = (P[1:] == P[:-1]).all(axis=1) if len(P) > 1 else np.zeros(0, bool)
    clash = np.flatnonzero(same & (member[1:] != member[:-1]))
    if clash.size:
        i = int(clash[0])
        a, b = sorted((int(lines[i]), int(lines[i + 1])))
        raise InputError(f"{where}, line {b}: position ({', '.join(map(str, P[i]))}) is also "
                         f"on line {a} with another label")
    keep = np.concatenate([[True], ~same])
    return P[keep], member[keep]


def run_rows(dfa: am.DFA, P: np.ndarray, base: str) -> np.ndarray:
    """Whether ``dfa`` accepts each row of ``P`` (numbers in the automaton's track order)."""
    top = int(P.max()) if P.size else 0
    D = len(am.encode(top, base))
    S = np.zeros(len(P), dtype=np.int64)
    if base == "2":
        for t in range(D - 1, -1, -1):
            letter = np.zeros(len(P), dtype=np.int64)
            for v in range(P.shape[1]):
                letter |= ((P[:, v] >> t) & 1) << v
            S = dfa.trans[S, letter]
        return dfa.accept[S]
    w = am.fib_weights(max(D, 1))[::-1]
    rest = P.copy()
    for weight in w[len(w) - D:]:  # greedy: the Zeckendorf digits, most significant first
        d = rest >= weight
        rest -= d * weight
        letter = np.zeros(len(P), dtype=np.int64)
        for v in range(P.shape[1]):
            letter |= d[:, v].astype(np.int64) << v
        S = dfa.trans[S, letter]
    return dfa.accept[S]


def _box(P: np.ndarray, base: str, where: str) -> int:
    """The largest L whose box (every number below width(L)) the distinct positions cover."""
    k = P.shape[1]
    L = 0
    while learn.width(L + 1, base) ** k <= len(P):
        side = learn.width(L + 1, base)
        if int((P < side).all(axis=1).sum()) < side ** k:
            break
        L += 1
    if L == 0:
        import itertools

        have = {tuple(int(x) for x in p) for p in P[(P < 2).all(axis=1)]}
        gap = next(p for p in itertools.product(range(2), repeat=k) if p not in have)
        raise InputError(f"{where} does not hold the smallest box (every position of numbers "
                         f"0 and 1): position ({', '.join(map(str, gap))}) is missing")
    return L


def discover_data(source: Any, *, value: int | None = None, p_positions: bool = False,
                  base: str | int | None = None, max_states: int = 2000,
                  name: str | None = None, progress: Progress = quiet):
    """Learn, from a table of one's own, the automaton of its members (never proven).

    ``source``: a CSV file's path, ``"-"`` (standard input) or an open text file, of rows
    ``n1,...,nk,label`` with an optional header line of names; ``value=G`` takes the rows
    labelled G, ``p_positions=True`` those labelled 0, neither the rows labelled 1 (labels
    0/1 only).  ``base``: ``"2"`` (default) or ``"fib"``.  Returns a
    :class:`~nimlab.discover.search.Discovery` with status ``unknown`` and, when an automaton
    of at most ``max_states`` states agrees with every row, that automaton as ``hypothesis``.
    """
    from nimlab.discover.search import Discovery, _integer

    started = time.monotonic()
    if isinstance(base, int) and not isinstance(base, bool):
        base = str(base)
    base = base or "2"
    if base not in ("2", "fib"):
        raise InputError(f"unknown numeration --base {base!r}; use 2 or fib")
    value = _integer(value, "value", 0)
    max_states = _integer(max_states, "max_states", 1)
    if value is not None and p_positions and value != 0:
        raise InputError("give --p-positions or --value G, not both")
    if not callable(progress):
        from nimlab.progress import reporter

        progress = reporter(progress, "learning")
    text, where = _text(source)
    names, P, labels, lines = read_table(text, where)
    member, target = _membership(labels, lines, value, p_positions, where)
    order = sorted(range(len(names)), key=lambda i: names[i])  # automata's tracks are sorted
    names, P = tuple(names[i] for i in order), P[:, order]
    U, umember = _unique(P, member, lines, where)
    L = _box(U, base, where)
    side = learn.width(L, base)
    k = len(names)
    inside = (U < side).all(axis=1)
    M = np.zeros((side,) * k, dtype=bool)
    M[tuple(U[inside].T)] = umember[inside]
    res = learn.residuals(M, base, L)
    progress(L, 0)
    best, depth = None, None
    for m in range(0, L):
        h = learn.hypothesis(res, m, max_states)
        if h is None or not learn.agrees(h, M, L, base):
            continue
        h = am.minimize(am.DFA(names, h.trans, h.accept))
        if (best is None or h.n < best.n) and np.array_equal(run_rows(h, P, base), member):
            best, depth = h, m
    shown = depth if depth is not None else max(1, L // 2)
    counts = res.counts(min(shown, L))
    rows, boxed = len(P), int((P < side).all(axis=1).sum())
    evidence = (f"residual classes at lengths 0..{len(counts) - 1} (suffixes of up to {shown} "
                f"digit{'' if shown == 1 else 's'}, box of {L} digits: every position of "
                f"numbers below {side}): "
                f"{', '.join(map(str, counts))}; ")
    checked = f"all {rows:,} rows of the data ({boxed:,} in the box, {rows - boxed:,} beyond it)"
    if best is not None:
        evidence += (f"an automaton of {best.n} states (suffix depth {depth}) agrees with "
                     f"{checked}; learned from data, not proven")
        reason = ("learned from data: a hypothesis, not proven (only a game's rules can prove "
                  "it)")
        further = ("the game's rules: nimlab discover GAME, or a rules file with its "
                   "move_formula (docs/RULESETS.md), so that the prover can decide it")
    else:
        evidence += (f"no automaton of at most {max_states} states from suffix depths "
                     f"0..{L - 1} agrees with {checked}")
        reason = f"no automaton of at most {max_states} states agrees with the data"
        wider = learn.width(L + 1, base)
        further = (f"more data (the box of {L + 1} digits: every position of numbers below "
                   f"{wider:,}, {wider ** k:,} rows), or a larger --max-states")
    level = {"value": value if value is not None else (0 if p_positions else None),
             "states": None, "digits": L, "seconds": round(time.monotonic() - started, 3),
             "proofs": [], "learner": "box", "depth": depth, "counts": counts, "rows": rows,
             "rows_in_box": boxed, "rows_beyond": rows - boxed,
             "hypothesis_states": None if best is None else best.n}
    game = "data" if where == "the data" else f"data ({where})"
    return Discovery("unknown", game, target, base, names, None, L,
                     time.monotonic() - started, None, evidence, name or "data", None, (),
                     (level,), reason, learner="box", further=further, hypothesis=best)

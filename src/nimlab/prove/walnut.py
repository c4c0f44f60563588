"""Walnut's automaton text format: write nimlab's automata for Walnut, read Walnut's for nimlab.

The format (as Walnut's automaton reader accepts it)::

    msd_2 msd_2 msd_2          <- one number system per track (here: three numbers, base 2)

    0 1                        <- a state and its output (1 accepting, 0 not)
    0 0 0 -> 0                 <- a letter, one digit per track in header order, and the target
    0 1 1 -> 1
    ...

    1 0
    ...

The first state declared is the initial state (Walnut writes it as 0) and states are numbered
0, 1, 2, ... A letter without a transition leads to a dead state (Walnut omits the non-accepting
sink).  Digits are read most significant first.  A file ``true`` or ``false`` is an automaton
over no track.

:func:`dumps` writes the minimal automaton in that layout: state 0 the initial state, the others
numbered in breadth-first order, transitions in Walnut's letter order (the first track's digit
changes fastest), the dead state and every transition into it left out; the file loads in Walnut
unchanged (save it as ``NAME.txt`` in Walnut's ``Automata Library``).

:func:`loads` reads such files, also ones Walnut or a person wrote: blank lines, whole-line or
trailing comments (``#`` or ``//``), the header forms ``msd_2``, ``msd2``, ``msd``, ``2``,
``msd_fib``, ``fib``, ``msd_NAME`` for every numeration of :mod:`nimlab.prove.numerations`
(``msd_3`` .. ``msd_16``, ``msd_fib3``, ``msd_ost_sqrt2``, ...), alphabets written ``{0, 1, ...}``
(a track of the digits of the numeration of the other tracks; when every track is so written,
base 2 for ``{0, 1}`` or the numeration given as ``loads(text, base=NAME)`` - the form of the
files of Walnut's ``Custom Bases``), wildcards ``*``, several targets on one line (a
nondeterministic automaton, made deterministic).  It refuses, in one line, least significant
digit first (``lsd_``) files, unknown numerations, mixed numerations, digits past the
numeration's, outputs other than 0 and 1.

**Tracks and variable names.**  The automaton read has the tracks ``t01, t02, ...`` (two digits,
so that their sorted order, the order nimlab keeps tracks in, is the file's order): the i-th track
of the file is the i-th argument of an automaton atom ``$name(x1, ..., xk)``.

**Leading zeros.**  nimlab's automata accept a tuple of numbers whatever the number of leading
zeros.  The automaton read accepts a tuple when the file's automaton accepts its digits padded
with *some* number of leading zero letters (as nimlab's ``in "REGEX"`` atoms do); for every
automaton Walnut builds this is the file's own language.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np

from nimlab.errors import InputError
from nimlab.prove import automata as am
from nimlab.prove.automata import DFA

__all__ = ["dumps", "loads", "save", "load", "track_names", "BASE_NAMES", "numeration_files",
           "write_numeration", "read_numeration"]

#: The header word of each numeration nimlab reads digits in.
BASE_NAMES = {"2": "msd_2", "fib": "msd_fib"}

#: Most states a file may declare (nimlab's default budget for any automaton).
MAX_FILE_STATES = 200_000

#: Most (state, letter) pairs the reader makes deterministic (a bound on its time).
MAX_FILE_STEPS = 5_000_000

_ALIASES = {"msd_2": "2", "msd2": "2", "msd": "2", "2": "2",
            "msd_fib": "fib", "msdfib": "fib", "fib": "fib"}
_SET = re.compile(r"\{([^{}]*)\}")
_STATE = re.compile(r"^(\d+)\s+([+-]?\s*\d+)$")
_TRANSITION = re.compile(r"^((?:[+-]?\s*\d+|\*)(?:\s*,?\s*(?:[+-]?\s*\d+|\*))*)\s*->\s*(\d+(?:\s+\d+)*)$")


class WalnutError(InputError):
    """A file that is not an automaton nimlab can read in Walnut's format."""


def track_names(count: int) -> tuple[str, ...]:
    """The track names of an automaton read from a file: t01, t02, ... (sorted = file order)."""
    return tuple(f"t{i:02d}" for i in range(1, count + 1))


# ====================================================================== writing
def dumps(dfa: DFA, base: str, order: tuple[str, ...] | None = None) -> str:
    """The minimal automaton of ``dfa`` in Walnut's format, tracks in ``order`` (default vars)."""
    from nimlab.prove.numerations import NumerationError, get
    try:
        numeration = get(base)
    except NumerationError as e:
        raise WalnutError(f"cannot write an automaton in numeration {base!r}: {e}") from None
    order = tuple(dfa.vars if order is None else order)
    if sorted(order) != sorted(dfa.vars) or len(set(order)) != len(order):
        raise WalnutError(f"the track order ({', '.join(order)}) must name each track of the "
                          f"automaton ({', '.join(dfa.vars)}) once")
    if not order:
        return "true\n" if bool(dfa.accept[0]) else "false\n"
    if dfa.radix != numeration.radix:
        raise WalnutError(f"the automaton reads digits 0 to {dfa.radix - 1}, numeration {base} "
                          f"digits 0 to {numeration.radix - 1}")
    dfa = am.minimize(dfa)
    k, radix = len(order), dfa.radix
    # Walnut's letter order: the first track's digit changes fastest
    walnut_letters = [tuple((n // radix ** i) % radix for i in range(k))
                      for n in range(radix ** k)]
    index = [dfa.vars.index(v) for v in order]
    ours = [sum(d * radix ** index[i] for i, d in enumerate(digits))
            for digits in walnut_letters]
    trans = dfa.trans[:, ours]
    dead = [q for q in range(dfa.n) if not dfa.accept[q] and (trans[q] == q).all()]
    dead_state = dead[0] if dead else -1
    number = {0: 0}
    queue = [0]
    for q in queue:  # breadth-first renumbering, as Walnut's canonical form
        if q == dead_state:
            continue
        for target in trans[q]:
            target = int(target)
            if target != dead_state and target not in number:
                number[target] = len(queue)
                queue.append(target)
    lines = [" ".join(f"msd_{numeration.walnut}" for _ in order)]
    for q in queue:
        lines += ["", f"{number[q]} {int(bool(dfa.accept[q]))}"]
        if q == dead_state:  # only when the initial state is dead (the empty language)
            continue
        for digits, target in zip(walnut_letters, trans[q]):
            if int(target) != dead_state:
                lines.append(" ".join(map(str, digits)) + f" -> {number[int(target)]}")
    return "\n".join(lines) + "\n"


def save(path: str | os.PathLike, dfa: DFA, base: str,
         order: tuple[str, ...] | None = None) -> Path:
    """Write ``dumps(dfa, base, order)`` to ``path`` atomically."""
    from nimlab.fileio import write_text

    return write_text(path, dumps(dfa, base, order))


# ====================================================================== reading
def _strip(line: str) -> str:
    for mark in ("//", "#"):
        cut = line.find(mark)
        if cut >= 0:
            line = line[:cut]
    return line.strip()


def _numeration(word: str, where: str) -> str:
    """The numeration (nimlab's name) of a header word such as msd_2, msd_fib, msd_fib3."""
    from nimlab.prove.numerations import NumerationError, get

    name = word.lower()
    if name.startswith("lsd"):
        raise WalnutError(f"{where}: {word} reads digits least significant first; nimlab "
                          "reads msd_ automata (most significant digit first)")
    if name in _ALIASES:
        return _ALIASES[name]
    try:
        return get(name[4:] if name.startswith("msd_") else name).name
    except NumerationError:
        raise WalnutError(f"{where}: unknown or unsupported number system {word!r}; nimlab "
                          "reads msd_2 .. msd_16, msd_fib and the numerations of "
                          "nimlab.prove.numerations (msd_fib3, msd_ost_sqrt2, ...)") from None


def _header(line: str, where: str, given: str | None = None) -> tuple[int, str]:
    """(number of tracks, base) of a header line; ``given``: the numeration of tracks written
    as alphabets ``{0, 1, ...}`` when no track names one."""
    from nimlab.prove.numerations import get

    sets = []

    def keep_set(m):
        sets.append(m.group(1))
        return f" {{{len(sets) - 1}}} "

    words = _SET.sub(keep_set, line).split()
    bases = set()
    alphabets = set()
    for word in words:
        if word.startswith("{"):
            body = sets[int(word[1:-1])]
            try:
                digits = {int(d.replace(" ", "")) for d in body.split(",") if d.strip()}
            except ValueError:
                raise WalnutError(f"{where}: the alphabet {{{body}}} is not a list of integers")
            if digits != set(range(len(digits))) or len(digits) < 2:
                raise WalnutError(f"{where}: the alphabet {{{body}}} is not {{0, 1, ..., b-1}}; "
                                  "nimlab reads automata over the digits of a numeration")
            alphabets.add(len(digits))
            continue
        bases.add(_numeration(word, where))
    if not words:
        raise WalnutError(f"{where}: the header names no track")
    if len(bases) > 1:
        raise WalnutError(f"{where}: the tracks mix {' and '.join(sorted(bases))}; nimlab reads "
                          "an automaton in one numeration")
    if bases:
        base = bases.pop()
    elif given is not None:
        base = get(given).name
    elif alphabets == {2}:
        base = "2"
    else:
        raise WalnutError(f"{where}: tracks of digits {{0, ..., {max(alphabets) - 1}}} name no "
                          "numeration; give it (walnut.load(path, base=NAME))")
    radix = get(base).radix
    if alphabets - {radix}:
        raise WalnutError(f"{where}: an alphabet of {max(alphabets - {radix})} digits in "
                          f"numeration {base}, whose digits are 0 to {radix - 1}")
    return len(words), base


def loads(text: str, *, source: str = "the automaton",
          base: str | None = None) -> tuple[DFA, str]:
    """The automaton of a Walnut-format text and its base ("2", "fib", ...); see the module
    doc.  ``base``: the numeration of a file whose tracks are all written as alphabets
    ``{0, 1, ...}`` (the files of Walnut's ``Custom Bases``)."""
    from nimlab.prove.numerations import get
    lines = [(n, _strip(raw)) for n, raw in enumerate(str(text).splitlines(), 1)]
    lines = [(n, line) for n, line in lines if line]
    if not lines:
        raise WalnutError(f"{source} is empty: a Walnut automaton starts with a line of number "
                          "systems such as msd_2 msd_2")
    first_no, first = lines[0]
    if first in ("true", "false"):
        if len(lines) > 1:
            raise WalnutError(f"{source}, line {lines[1][0]}: nothing may follow {first}")
        return am.constant(first == "true"), "2"
    k, base = _header(first, f"{source}, line {first_no}", base)
    radix = get(base).radix
    letters = radix ** k
    if letters > am.MAX_LETTERS:
        raise WalnutError(f"{source}: {k} tracks of {radix} digits; nimlab reads automata of "
                          f"at most {am.max_tracks(radix)} such tracks")
    outputs: dict[int, bool] = {}
    edges: dict[int, dict[int, set[int]]] = {}
    start = None
    current = None
    expanded = 0
    for n, line in lines[1:]:
        where = f"{source}, line {n}"
        m = _STATE.match(line)
        if m:
            q, out = int(m.group(1)), int(m.group(2).replace(" ", ""))
            if out not in (0, 1):
                raise WalnutError(f"{where}: state {q} has output {out}; nimlab reads automata "
                                  "with outputs 0 and 1 (not word automata)")
            if q in outputs:
                raise WalnutError(f"{where}: state {q} is declared twice")
            if len(outputs) >= min(MAX_FILE_STATES, MAX_FILE_STEPS // letters):
                raise WalnutError(f"{source} is too large to read: more than "
                                  f"{min(MAX_FILE_STATES, MAX_FILE_STEPS // letters):,} states "
                                  f"of {letters:,} letters")
            outputs[q] = bool(out)
            edges[q] = {}
            current = q
            start = q if start is None else start
            continue
        m = _TRANSITION.match(line)
        if not m:
            raise WalnutError(f"{where}: cannot read {line[:40]!r} (expected a state 'Q OUTPUT' "
                              "or a transition 'd1 ... dk -> Q')")
        if current is None:
            raise WalnutError(f"{where}: a transition before any state is declared")
        digits = re.findall(r"[+-]?\s*\d+|\*", m.group(1))
        if len(digits) != k:
            raise WalnutError(f"{where}: {len(digits)} digits where the header declares {k} "
                              "tracks")
        choices = []
        for d in digits:
            if d == "*":
                choices.append(tuple(range(radix)))
                continue
            value = int(d.replace(" ", ""))
            if not 0 <= value < radix:
                raise WalnutError(f"{where}: digit {value}; the digits of numeration {base} are "
                                  f"0 to {radix - 1}")
            choices.append((value,))
        targets = {int(t) for t in m.group(2).split()}
        expanded += int(np.prod([len(c) for c in choices]))
        if expanded > MAX_FILE_STEPS:
            raise WalnutError(f"{source} is too large to read: more than {MAX_FILE_STEPS:,} "
                              "transitions once wildcards are expanded")
        for letter in _letters(choices, radix):
            edges[current].setdefault(letter, set()).update(targets)
    if start is None:
        raise WalnutError(f"{source} declares no state")
    declared = sorted(outputs)
    if declared != list(range(len(declared))):
        missing = next(i for i in range(len(declared) + 1) if i not in outputs)
        raise WalnutError(f"{source}: the states must be numbered 0, 1, 2, ... ({missing} is "
                          "missing)")
    for q, row in edges.items():
        for targets in row.values():
            unknown = targets - outputs.keys()
            if unknown:
                raise WalnutError(f"{source}: state {q} has a transition to state "
                                  f"{min(unknown)}, which is never declared")
    return _determinise(k, start, outputs, edges, radix), base


def _letters(choices, radix: int = 2) -> list[int]:
    """The letters (nimlab's numbering: track i's digit times radix**i) of a line with
    wildcards."""
    out = [0]
    for i, options in enumerate(choices):
        out = [letter + d * radix ** i for letter in out for d in options]
    return out


def _determinise(k: int, start: int, outputs: dict[int, bool],
                 edges: dict[int, dict[int, set[int]]], radix: int = 2) -> DFA:
    """A complete DFA: the subset construction, with leading zero letters absorbed at the start.

    State 0 has read only zero letters; its set is every state the file's automaton reaches from
    its initial state by zero letters, and a zero letter keeps it there.
    """
    letters = radix ** k

    def step(subset: frozenset, letter: int) -> frozenset:
        out: set[int] = set()
        for q in subset:
            out |= edges[q].get(letter, set())
        return frozenset(out)

    padding = {start}
    frontier = [start]
    while frontier:
        nxt = [r for q in frontier for r in edges[q].get(0, ()) if r not in padding]
        padding.update(nxt)
        frontier = nxt
    ids: dict[frozenset, int] = {}
    subsets: list[frozenset] = [frozenset(padding)]
    rows: list[list[int]] = []

    def ident(s: frozenset) -> int:
        found = ids.get(s)
        if found is None:
            found = ids[s] = len(subsets)
            subsets.append(s)
            if len(subsets) > MAX_FILE_STATES or len(subsets) * letters > MAX_FILE_STEPS:
                raise WalnutError(f"the automaton is too large to read: more than "
                                  f"{min(MAX_FILE_STATES, MAX_FILE_STEPS // letters):,} states "
                                  f"of {letters:,} letters once made deterministic")
        return found

    rows.append([0] + [ident(step(subsets[0], a)) for a in range(1, letters)])
    i = 1
    while i < len(subsets):
        rows.append([ident(step(subsets[i], a)) for a in range(letters)])
        i += 1
    accept = np.array([any(outputs[q] for q in s) for s in subsets], dtype=bool)
    dfa = DFA(track_names(k), np.array(rows, dtype=np.int32).reshape(len(subsets), letters),
              accept, radix)
    return am.minimize(dfa)


def load(path: str | os.PathLike, base: str | None = None) -> tuple[DFA, str]:
    """Read the Walnut-format file ``path`` (see :func:`loads`)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise WalnutError(f"cannot read {path}: not a text file (UTF-8)")
    except OSError as e:
        raise WalnutError(f"cannot read {path}: {e.strerror or e}")
    return loads(text, source=str(path), base=base)


# ====================================================================== Walnut's Custom Bases
def _custom_text(dfa: DFA, base: str, order: tuple[str, ...]) -> str:
    """An automaton in Walnut's format with alphabet headers ``{0, 1, ...}`` (the form of the
    files that define a numeration)."""
    text = dumps(dfa, base, order)
    alphabet = "{" + ", ".join(str(d) for d in range(dfa.radix)) + "}"
    return " ".join(alphabet for _ in order) + "\n" + text.split("\n", 1)[1]


def numeration_files(base: str) -> dict[str, str]:
    """The files of numeration ``base`` for Walnut's ``Custom Bases`` directory: file name ->
    text (``msd_NAME.txt`` the valid words, ``msd_NAME_addition.txt`` x + y = z in that track
    order, ``msd_NAME_less_than.txt`` x < y), each with alphabet headers ``{0, 1, ...}`` as
    Walnut's own custom bases are written."""
    from nimlab.prove.numerations import get

    numeration = get(base)
    stem = f"msd_{numeration.walnut}"
    name = numeration.name
    return {f"{stem}.txt": _custom_text(numeration.valid("x"), name, ("x",)),
            f"{stem}_addition.txt": _custom_text(numeration.addition(), name, ("x", "y", "z")),
            f"{stem}_less_than.txt": _custom_text(numeration.less(), name, ("x", "y"))}


def write_numeration(base: str, directory: str | os.PathLike) -> list[Path]:
    """Write numeration ``base``'s files (:func:`numeration_files`) into ``directory``; with
    them in its ``Custom Bases`` directory Walnut reads numbers written ``msd_NAME``."""
    from nimlab.fileio import write_text

    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    return [write_text(directory / name, text) for name, text in numeration_files(base).items()]


def read_numeration(base: str, directory: str | os.PathLike) -> dict[str, DFA]:
    """Read back the files :func:`write_numeration` wrote: the ``valid``, ``addition`` and
    ``less_than`` automata (tracks t01, t02, ...)."""
    from nimlab.prove.numerations import get

    numeration = get(base)
    stem = Path(directory) / f"msd_{numeration.walnut}"
    out = {}
    for key, suffix in (("valid", ""), ("addition", "_addition"), ("less_than", "_less_than")):
        out[key], _ = load(f"{stem}{suffix}.txt", base=numeration.name)
    return out

"""Saved automata for the atoms ``$name(x1, ..., xk)`` of nimlab's formulas.

A name is looked up, in this order:

1. the mapping the caller passes (``automata=`` of :func:`nimlab.prove.run`, ``Prover``,
   ``Compiler``): ``name -> (DFA, base)``, the i-th track in ``dfa.vars`` order being the i-th
   argument (the automata :func:`nimlab.prove.walnut.load` returns have tracks ``t01, t02, ...``
   in file order);
2. the file ``name.txt`` (Walnut's automaton format) in each directory of ``$NIMLAB_AUTOMATA``
   (separated by ``os.pathsep``);
3. the file ``name.txt`` in the current directory.

``nimlab prove --automata DIR`` (repeatable) passes :class:`Directories`, a mapping that reads
``DIR/name.txt``, so its directories come first.  An automaton must accept a tuple of numbers
whatever the number of leading zeros (every automaton nimlab and Walnut build does; files are
read that way, see :mod:`nimlab.prove.walnut`).  Each automaton has a content hash
(:meth:`AutomatonLibrary.digest`, of its minimal automaton in Walnut's format) that proof
records include in their key, so a changed file never serves a stale record.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Iterator

from nimlab.errors import InputError
from nimlab.prove import automata as am
from nimlab.prove.automata import DFA

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class Directories(Mapping):
    """``name -> (DFA, base)`` read from ``DIR/name.txt`` in the given directories, in order."""

    def __init__(self, dirs=()):
        self.dirs = [Path(d) for d in dirs]
        for d in self.dirs:
            if not d.is_dir():
                raise InputError(f"--automata {d}: no such directory")
        self._cache: dict[str, tuple[DFA, str]] = {}

    def path(self, name: str) -> Path | None:
        if not NAME.match(name):
            return None
        for d in self.dirs:
            candidate = d / f"{name}.txt"
            if candidate.is_file():
                return candidate
        return None

    def __getitem__(self, name: str) -> tuple[DFA, str]:
        if name not in self._cache:
            path = self.path(name)
            if path is None:
                raise KeyError(name)
            from nimlab.prove.walnut import load
            self._cache[name] = load(path)
        return self._cache[name]

    def __contains__(self, name) -> bool:
        return isinstance(name, str) and (name in self._cache or self.path(name) is not None)

    def __iter__(self) -> Iterator[str]:
        seen = set()
        for d in self.dirs:
            for p in sorted(d.glob("*.txt")):
                if p.stem not in seen and NAME.match(p.stem):
                    seen.add(p.stem)
                    yield p.stem

    def __len__(self) -> int:
        return sum(1 for _ in self)


def default_dirs() -> list[Path]:
    """The directories of ``$NIMLAB_AUTOMATA``, then the current directory."""
    env = os.environ.get("NIMLAB_AUTOMATA", "")
    return [Path(p) for p in env.split(os.pathsep) if p] + [Path.cwd()]


class AutomatonLibrary:
    """Resolves ``$name`` atoms: the caller's mapping, then $NIMLAB_AUTOMATA, then the cwd."""

    def __init__(self, mapping: Mapping[str, tuple[DFA, str]] | None = None):
        self.mapping = mapping if mapping is not None else {}
        self._found: dict[str, tuple[DFA, str]] = {}

    def get(self, name: str) -> tuple[DFA, str]:
        """(minimal DFA, base) of ``name``; a one-line error if unknown or unusable."""
        if name in self._found:
            return self._found[name]
        if name in self.mapping:
            dfa, base = self.mapping[name]
        else:
            dirs = [d for d in default_dirs() if d.is_dir()]
            found = Directories(dirs).path(name)
            if found is None:
                given = list(getattr(self.mapping, "dirs", ()))  # --automata DIR, first
                where = ", ".join(str(d) for d in [*given, *dirs]) or "no directory"
                raise InputError(f"unknown automaton ${name}: no {name}.txt in --automata "
                                 f"directories, $NIMLAB_AUTOMATA or the current directory "
                                 f"(looked in {where})")
            from nimlab.prove.walnut import load
            dfa, base = load(found)
        from nimlab.prove.numerations import NumerationError, get
        try:
            base = get(base).name
        except NumerationError as e:
            raise InputError(f"automaton ${name}: {e}") from None
        if dfa.vars and dfa.radix != get(base).radix:
            raise InputError(f"automaton ${name} reads digits 0 to {dfa.radix - 1}, but "
                             f"numeration {base} has digits 0 to {get(base).radix - 1}")
        dfa = am.minimize(dfa)
        if dfa.vars and int(dfa.trans[0, 0]) != 0:
            raise InputError(f"automaton ${name} does not accept its numbers with every number "
                             "of leading zeros; nimlab needs automata that do (read it with "
                             "nimlab.prove.walnut.loads, which makes it so)")
        self._found[name] = (dfa, base)
        return dfa, base

    def digest(self, name: str) -> str:
        """A hash of the automaton's content (its minimal form in Walnut's format)."""
        from nimlab.prove.walnut import dumps
        dfa, base = self.get(name)
        order = dfa.vars
        return hashlib.sha256(dumps(dfa, base, order).encode()).hexdigest()[:16]

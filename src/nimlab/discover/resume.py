"""Resumable discoveries (``nimlab discover ... --resume DIR``): the checkpoint of a run.

``DIR/checkpoint.json`` holds

* ``question``: what the run asks (game, its options, the value, the numeration, the name of
  the automata); a run of another question in the same directory is refused;
* ``levels``: the values already proven, each with its automaton in Walnut's text format
  (``DIR/level_G.txt``, :mod:`nimlab.prove.walnut`) and its line of the answer's ``levels``;
* ``current``: the active learner's state for the value in progress, as it was at the start of
  its last hypothesis round: the access words ``S`` and the suffixes ``E`` (in their order: the
  learner is deterministic, so the resumed run asks what the unbroken run would have asked),
  the counterexamples still pending, and the rounds and proofs so far.

The membership answers are not saved: a resumed run rebuilds the observation table from ``S``
and ``E`` by asking the teacher (the game's tables are kept by the store).  Every file is
replaced atomically (:mod:`nimlab.fileio`), so an interruption leaves the last checkpoint
whole.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nimlab.errors import InputError, short_text

FORMAT = 1
FILE = "checkpoint.json"


def _plain(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples as lists, other objects as text)."""
    return json.loads(json.dumps(value, default=str))


class Damaged(Exception):
    """The checkpoint cannot be read: ``str()`` says what is wrong."""


def _words(data: Any, letters: int, what: str) -> list[tuple]:
    if not isinstance(data, list):
        raise Damaged(f"{what} is not a list of words")
    out = []
    for w in data:
        if not isinstance(w, list) or not all(type(a) is int and 0 <= a < letters for a in w):
            raise Damaged(f"{what} holds {short_text(repr(w), 40)}, not a word of letters "
                          f"0..{letters - 1}")
        out.append(tuple(w))
    if len(set(out)) != len(out):
        raise Damaged(f"{what} repeats a word")
    return out


class Checkpoint:
    """The checkpoint of one question in directory ``root`` (see the module docstring)."""

    def __init__(self, root: str | Path, question: dict, tracks: int):
        self.root = Path(root)
        self.question = _plain(question)
        self.tracks, self.letters = tracks, 1 << tracks
        self.levels: dict[int, dict] = {}
        self.current: dict | None = None
        where = f"--resume {short_text(str(root), 80)}"
        if self.root.exists() and not self.root.is_dir():
            raise InputError(f"{where}: not a directory")
        if not self.root.exists():
            if not self.root.parent.is_dir():
                raise InputError(f"{where}: its parent directory {self.root.parent} does not "
                                 "exist")
            self.root.mkdir()
        path = self.root / FILE
        if not path.exists():
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise Damaged(f"not a checkpoint of format {FORMAT}")
        except (OSError, UnicodeDecodeError, ValueError, Damaged) as bad:
            raise InputError(f"{where}: the checkpoint {FILE} is damaged ({short_text(str(bad), 80)}); "
                             "remove it to start again") from None
        if data.get("question") != self.question:
            raise InputError(f"{where} holds the run of another question "
                             f"({short_text(_describe(data.get('question')), 120)}), not "
                             f"{_describe(self.question)}: use another directory")
        try:
            self._read(data)
        except Damaged as bad:
            raise InputError(f"{where}: the checkpoint {FILE} is damaged ({short_text(str(bad), 120)}); "
                             "remove it to start again") from None

    def _read(self, data: dict) -> None:
        levels = data.get("levels")
        if not isinstance(levels, list):
            raise Damaged("its levels are not a list")
        for entry in levels:
            if not isinstance(entry, dict) or not isinstance(entry.get("level"), dict) or \
                    not isinstance(entry.get("name"), str) or \
                    type(entry.get("value")) is not int or entry["value"] in self.levels:
                raise Damaged("an entry of its levels is not a proven value's")
            self.levels[entry["value"]] = dict(entry)
        current = data.get("current")
        if current is not None:
            if not isinstance(current, dict) or type(current.get("value")) is not int or \
                    current["value"] in self.levels:
                raise Damaged("the value in progress is not a number, or is proven already")
            S = _words(current.get("S"), self.letters, "S")
            E = _words(current.get("E"), self.letters, "E")
            if not S or S[0] != () or not E or E[0] != ():
                raise Damaged("S and E must start with the empty word")
            pending = current.get("pending")
            if not isinstance(pending, list) or not all(
                    isinstance(p, list) and len(p) == self.tracks and
                    all(type(v) is int and v >= 0 for v in p) for p in pending):
                raise Damaged(f"the pending counterexamples are not positions of {self.tracks} "
                              "numbers")
            rounds, proofs = current.get("rounds", []), current.get("proofs", [])
            if not isinstance(rounds, list) or not isinstance(proofs, list):
                raise Damaged("its rounds or proofs are not lists")
            self.current = {"value": current["value"], "S": S, "E": E,
                            "pending": [tuple(p) for p in pending], "rounds": rounds,
                            "proofs": proofs}

    # ---------------------------------------------------------------- reading
    def proven(self, g: int, names: tuple[str, ...], base: str):
        """``(dfa, entry)`` of a proven value read back, or None if ``g`` is not proven."""
        from nimlab.prove import automata as am
        from nimlab.prove.walnut import WalnutError, loads

        entry = self.levels.get(g)
        if entry is None:
            return None
        path = self.root / f"level_{g}.txt"
        where = f"--resume {short_text(str(self.root), 80)}"
        try:
            dfa, read_base = loads(path.read_text(encoding="utf-8"), source=path.name)
        except (OSError, UnicodeDecodeError, WalnutError) as bad:
            raise InputError(f"{where}: the proven automaton {path.name} cannot be read "
                             f"({short_text(str(bad), 120)}); remove the directory to start "
                             "again") from None
        if len(dfa.vars) != len(names) or (read_base != base and len(names)):
            raise InputError(f"{where}: the proven automaton {path.name} reads "
                             f"{len(dfa.vars)} numbers in base {read_base}, not {len(names)} "
                             f"in base {base}; remove the directory to start again")
        return am.minimize(am.DFA(tuple(names), dfa.trans, dfa.accept)), entry

    def state(self, g: int) -> dict | None:
        """The learner's saved state for value ``g`` (None: start afresh)."""
        if self.current is not None and self.current["value"] == g:
            return self.current
        return None

    # ---------------------------------------------------------------- writing
    def _write(self) -> None:
        from nimlab.fileio import write_json

        current = None
        if self.current is not None:
            current = {**self.current,
                       "S": [list(w) for w in self.current["S"]],
                       "E": [list(w) for w in self.current["E"]],
                       "pending": [list(p) for p in self.current["pending"]]}
        write_json(self.root / FILE, _plain({
            "format": FORMAT, "question": self.question,
            "levels": [self.levels[g] for g in sorted(self.levels)],
            "current": current}), indent=None)

    def save(self, g: int, S: list, E: list, pending: list, rounds: list,
             proofs: list) -> None:
        """The learner's state of value ``g`` at the start of a round (copied)."""
        self.current = {"value": g, "S": list(S), "E": list(E), "pending": list(pending),
                        "rounds": list(rounds), "proofs": list(proofs)}
        self._write()

    def prove(self, g: int, name: str, dfa, base: str, level: dict, evidence: str) -> None:
        """Value ``g`` is proven: its automaton and its line of the answer are kept."""
        from nimlab.fileio import write_text
        from nimlab.prove.walnut import dumps

        write_text(self.root / f"level_{g}.txt", dumps(dfa, base))
        self.levels[g] = {"value": g, "name": name, "level": _plain(level),
                          "evidence": evidence}
        self.current = None
        self._write()


def _describe(question: Any) -> str:
    if not isinstance(question, dict):
        return "unreadable"
    return ", ".join(f"{k} {v}" for k, v in question.items() if v not in (None, [], {}))

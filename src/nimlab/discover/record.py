"""What a saved discovery says about itself: how its words encode positions, in one sentence,
and the comment at the head of its Walnut file (what it is, how to read it, what made it).

The comment is ``#`` lines before the header line; nimlab's reader (:mod:`nimlab.prove.walnut`)
and Walnut's current reader both skip them (older Walnut releases do not: ``grep -v '^#'``).

* :func:`numeration_words` ``(base)``, :func:`encoding` ``(game, base)``: the sentence of
  ``MANIFEST.json``'s ``encoding`` and of a certificate;
* :func:`header` the comment of a file; :func:`entry_header` the one of a ``MANIFEST.json``
  entry; :func:`with_header` a Walnut text with its comment replaced; :func:`entries` every
  saved automaton of a directory; :func:`refresh` rewrites their comments from the manifest.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

#: How each game's positions are read off the variables (docs/discoveries/README.md says it at
#: length).
VARIABLES = {
    "cash": "p1 the stones, p2 the money of the player to move, p3 the other player's money; "
            "accepted: the mover loses",
    "end-nim": "the piles p1..pk, a row of fewer piles padded with zeros on the left; a zero "
               "after a pile is no row (rejected)",
    "fibonacci": "the piles, then x, the previous removal (x = 0 before the first move)",
    "subtraction": "p1 the heap",
    "sharing": "the piles p1..pk", "wythoff": "the two piles p1, p2",
}

_NUMERATIONS = {
    "2": "base 2",
    "fib": "Zeckendorf (digits weighted 1, 2, 3, 5, 8, ...; no two adjacent 1s; words with two "
           "adjacent 1s in a number are rejected)",
}


def numeration_words(base: str | None) -> str:
    """The numeration of a discovery's words, in words."""
    base = "2" if base is None else str(base)
    if base in _NUMERATIONS:
        return _NUMERATIONS[base]
    from nimlab.discover import learn
    return (f"the greedy numeration {base} (digits weighted "
            f"{', '.join(map(str, learn.weights(8, base)[::-1]))}, ...; the greedy "
            "representation only; words that are not greedy representations are rejected)")


def encoding(game: str, base: str | None) -> str:
    """A saved automaton's encoding in one sentence: the numeration, the variables, the sink."""
    return (f"{numeration_words(base)}, most significant digit first, one digit of each "
            f"variable per letter, any number of leading zeros; "
            f"{VARIABLES.get(game, 'the piles p1..pk')}; the states counted include the "
            "rejecting sink, which the file leaves out")


def header(name: str, what: str, encoding_text: str, states: int, made_by: str,
           given: list[str] | tuple = ()) -> str:
    """The comment lines (each ``# ...``) at the head of a saved automaton."""
    parts = [f"{name}: {what}, proven by nimlab's prover.",
             f"Encoding: {encoding_text}.",
             f"States: {states} (with the sink).",
             f"Made by: {made_by}."]
    if given:
        parts.append(f"Proven given: {', '.join(given)} (the smaller values).")
    lines = []
    for part in parts:
        lines += textwrap.wrap(part, 96, break_on_hyphens=False, break_long_words=False)
    return "".join(f"# {line}\n" for line in lines)


def with_header(text: str, comment: str) -> str:
    """``text`` (an automaton in Walnut's format) with its leading ``#`` lines replaced."""
    lines = text.splitlines(keepends=True)
    while lines and lines[0].lstrip().startswith("#"):
        lines.pop(0)
    return comment + "".join(lines)


def _what(entry: dict) -> str:
    options = dict(entry.get("options") or {})
    if entry.get("piles") is not None:
        options = {"piles": entry["piles"], **options}
    if entry.get("base") not in (None, "2", "fib"):
        options["base"] = entry["base"]
    args = ", ".join(f"{k}={v}" for k, v in options.items())
    game = f"{entry['game']}({args})" if args else entry["game"]
    target = ("the P-positions" if entry["kind"] == "p-positions"
              else f"the positions of Grundy value {entry['value']}")
    return f"{target} of {game}"


def entry_header(name: str, entry: dict) -> str:
    """The comment of the automaton of a ``MANIFEST.json`` entry."""
    return header(name, _what(entry), entry.get("encoding")
                  or encoding(entry["game"], entry.get("base")),
                  entry["states"], entry["command"],
                  [Path(g).stem for g in entry.get("given", [])])


def _given_entry(parent: dict, index: int, directory: Path) -> dict:
    """The entry of the ``index``-th file a value's entry lists in ``given`` (the positions of
    value ``index``, written by the same command, itself proven given the ones before)."""
    from nimlab.prove import automata as am
    from nimlab.prove.walnut import load

    dfa, _ = load(directory / parent["given"][index])
    return {**parent, "kind": "value", "value": index, "states": am.minimize(dfa).n,
            "given": parent["given"][:index], "file": parent["given"][index]}


def entries(directory: str | Path) -> dict[str, dict]:
    """Every automaton saved in ``directory``, by name: the ``MANIFEST.json`` entries, and the
    files they list in ``given`` as entries of their own."""
    directory = Path(directory)
    manifest = json.loads((directory / "MANIFEST.json").read_text())
    out = dict(manifest)
    for entry in manifest.values():
        for index, given in enumerate(entry.get("given", [])):
            if Path(given).stem not in out:
                out[Path(given).stem] = _given_entry(entry, index, directory)
    return out


def refresh(directory: str | Path) -> list[Path]:
    """Rewrite the comment of every automaton saved in ``directory`` from its entry
    (:func:`entries`); returns the files changed."""
    from nimlab.fileio import write_text

    directory = Path(directory)
    changed = []
    for name, entry in sorted(entries(directory).items()):
        path = directory / entry["file"]
        text = path.read_text()
        new = with_header(text, entry_header(name, entry))
        if new != text:
            write_text(path, new)
            changed.append(path)
    return changed


def discovery_files(found, game: str, name: str, given_names: list[str] | tuple,
                    made_by: str) -> dict[str, str]:
    """The Walnut texts ``nimlab discover --out`` writes for a proven discovery: ``name`` (the
    set found) and ``given_names`` (the smaller values it was proven given, in order), each
    with its comment; ``game`` the game's command name (``cash``, ``end-nim``, ...)."""
    from nimlab.prove import automata as am
    from nimlab.prove.walnut import dumps

    sentence = encoding(game, found.base)
    out = {}
    for value, ((_, dfa), given_name) in enumerate(zip(found.given, given_names)):
        what = f"the positions of Grundy value {value} of {found.game}"
        out[given_name] = header(given_name, what, sentence, am.minimize(dfa).n, made_by,
                                 list(given_names[:value])) + \
            dumps(dfa, found.base, found.variables)
    target = found.target
    what = ("the P-positions" + target[len("p-positions"):] if target.startswith("p-positions")
            else "the positions of Grundy " + target)
    out[name] = header(name, f"{what} of {found.game}", sentence, found.states, made_by,
                       list(given_names)) + found.walnut()
    return out

"""Active learning of a set of positions: L* with Rivest-Schapire counterexamples, no box needed.

The learner asks a :class:`~nimlab.discover.teacher.Teacher` two kinds of questions:

* **membership** of words: a word (one digit per number per letter, most significant first, as
  :mod:`nimlab.prove.automata` reads them) is turned into numbers and answered by the game's
  exact table, grown on demand; only the words the learner needs are asked;
* **equivalence** of a hypothesis: the teacher compares it with the table on boxes, then hands it
  to the prover, and returns words where the hypothesis is wrong.

**The observation table.**  ``S`` holds one *access word* per state (the empty word first) and
``E`` the *suffixes* (the empty word first).  The row of a word ``u`` is the membership of
``u e`` for every ``e`` in ``E``: ``1`` member, ``0`` not, ``2`` not a valid word (Zeckendorf:
two adjacent 1s in a number).  The rows of the access words are pairwise different; the table is
*closed* when the row of every ``s a`` (``s`` in ``S``, ``a`` a letter) is the row of some access
word, which gives the hypothesis: state ``s``, letter ``a`` -> the access word with the row of
``s a``.  A counterexample ``w`` is processed as Rivest and Schapire do: with ``s_i`` the access
word of the state reached on ``w[:i]``, the membership of ``s_i w[i:]`` is that of ``w`` at
``i = 0`` and the hypothesis' answer at ``i = |w|``; at the first ``i`` where it changes, the
suffix ``w[i:]`` separates ``s_{i-1} w[i-1]`` from every access word, so closing the table adds
at least one state.

**Lower bounds** (:meth:`Learner.certificate`).  Words whose rows differ are separated by a
suffix on exact data, so every automaton that reads this encoding (Zeckendorf: one that rejects
the words that are not Zeckendorf words) needs a state for each of them: the number of
different rows (invalid answers read as "not a member") among the access words is a lower bound
on the states of the minimal automaton.  The certificate lists those words and a small set of
suffixes that already separates them (chosen greedily), so that anyone can check it with an
independent computation (:func:`check_certificate`).  It also names the words among them that
are separated under valid words only (:func:`check_any_invalid`): the lower bound for automata
that may do anything with invalid words, without the encoding's convention.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nimlab.discover import learn
from nimlab.prove import automata as am

#: Most letters of the words of one membership batch, held at once (memory of a batch).
BATCH_LETTERS = 1 << 24


class Words:
    """Words over the letters of ``tracks`` numbers in numeration ``base``: a letter is
    ``sum(d_t * radix**t)`` over the tracks, as :mod:`nimlab.prove.automata` reads them (radix 2
    for base 2, Zeckendorf and fibK; 3 for sqrt 2's Ostrowski numeration ``ost[][2]``, ...)."""

    def __init__(self, base: str, tracks: int):
        self.base, self.tracks = base, tracks
        self.radix = learn.radix(base)
        self.letters = self.radix ** tracks

    def digits(self, W: np.ndarray, t: int) -> np.ndarray:
        """The digits of track ``t`` in the rows of letters ``W``."""
        if self.radix == 2:
            return (W >> t) & 1
        return (W.astype(np.int64) // self.radix ** t) % self.radix

    def numbers(self, W: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(P, valid)``: the numbers of each row of letters ``W`` (shape ``(n, length)``), one
        column per track, and whether each row is a word of the numeration."""
        n, length = W.shape
        weights = learn.weights(length, self.base)
        P = np.zeros((n, self.tracks), dtype=np.int64)
        valid = np.ones(n, dtype=bool)
        for t in range(self.tracks):
            d = self.digits(W, t)
            if length:
                P[:, t] = d.astype(np.int64) @ weights
            if self.base == "fib" and length > 1:
                valid &= ~(d[:, 1:] & d[:, :-1]).any(axis=1)
            elif self.base != "2" and length:  # another greedy numeration (fibK, Ostrowski)
                valid &= learn.valid_rows(d.astype(np.int64), self.base)
        return P, valid

    def word(self, position, length: int | None = None) -> tuple:
        """The word of a tuple of numbers (shortest unless ``length`` is given)."""
        texts = [am.encode(int(v), self.base) for v in position]
        width = max([len(x) for x in texts] + [length or 0])
        texts = [x.rjust(width, "0") for x in texts]
        return tuple(sum(int(texts[t][i], 16) * self.radix ** t for t in range(self.tracks))
                     for i in range(width))

    def letters_of(self, P: np.ndarray) -> np.ndarray:
        """The words of many positions at once (rows of ``P``, one number per track), padded
        to one length with leading zero letters: ``(rows, length)`` letters."""
        P = np.asarray(P, dtype=np.int64).reshape(-1, self.tracks)
        top = int(P.max(initial=0))
        length = 0
        while learn.width(length, self.base) <= top:
            length += 1
        out = np.zeros((len(P), length), dtype=np.int64)
        for t in range(self.tracks):
            out += learn.digits_of(P[:, t], length, self.base) * self.radix ** t
        return out

    def accepts(self, dfa: am.DFA, P: np.ndarray) -> np.ndarray:
        """Whether ``dfa`` accepts each row of positions ``P`` (vectorised :meth:`DFA.run`)."""
        W = self.letters_of(P)
        state = np.zeros(len(W), dtype=np.int64)
        for i in range(W.shape[1]):
            state = dfa.trans[state, W[:, i]]
        return dfa.accept[state]

    def text(self, word: tuple) -> list[str]:
        """The word as one digit string per track (most significant first)."""
        return ["".join("0123456789abcdef"[(a // self.radix ** t) % self.radix] for a in word)
                for t in range(self.tracks)]


def _padded(words: list[tuple], width: int) -> np.ndarray:
    """Rows of letters, each word padded on the left with the zero letter (leading zeros)."""
    out = np.zeros((len(words), width), dtype=np.uint8)
    for i, w in enumerate(words):
        if w:
            out[i, width - len(w):] = w
    return out


class Learner:
    """The observation table of L* (see the module docstring)."""

    def __init__(self, words: Words, member):
        #: member(P, valid) -> 0/1/2 per row; P the numbers, valid their validity
        self.words, self.member = words, member
        self.S: list[tuple] = [()]
        self.E: list[tuple] = [()]
        self.rows: dict[tuple, bytearray] = {}
        self.queries = 0

    # ---------------------------------------------------------------- membership
    def ask(self, words: list[tuple]) -> np.ndarray:
        """Membership (0, 1, 2 = invalid) of whole words."""
        out = np.empty(len(words), dtype=np.uint8)
        if not words:
            return out
        width = max(len(w) for w in words)
        step = max(1, BATCH_LETTERS // max(width, 1))
        for lo in range(0, len(words), step):
            W = _padded(words[lo:lo + step], width)
            P, valid = self.words.numbers(W)
            out[lo:lo + len(W)] = self.member(P, valid)
        self.queries += len(words)
        return out

    def _fill(self, prefixes: list[tuple], suffixes: list[tuple]) -> np.ndarray:
        """``M[i, j]``: membership of ``prefixes[i] + suffixes[j]``."""
        M = np.empty((len(prefixes), len(suffixes)), dtype=np.uint8)
        if not prefixes or not suffixes:
            return M
        width = max(len(p) for p in prefixes)
        A = _padded(prefixes, width)
        by_length: dict[int, list[int]] = {}
        for j, e in enumerate(suffixes):
            by_length.setdefault(len(e), []).append(j)
        for length, cols in by_length.items():
            B = np.array([suffixes[j] for j in cols], dtype=np.uint8).reshape(len(cols), length)
            per = max(1, BATCH_LETTERS // (max(width + length, 1) * len(cols)))
            for lo in range(0, len(prefixes), per):
                a = A[lo:lo + per]
                W = np.concatenate([np.repeat(a, len(cols), axis=0),
                                    np.tile(B, (len(a), 1))], axis=1)
                P, valid = self.words.numbers(W)
                M[lo:lo + len(a), cols] = self.member(P, valid).reshape(len(a), len(cols))
                self.queries += len(W)
        return M

    def _add_rows(self, words: list[tuple]) -> None:
        new = [w for w in dict.fromkeys(words) if w not in self.rows]
        if new:
            M = self._fill(new, self.E)
            for w, r in zip(new, M):
                self.rows[w] = bytearray(r.tobytes())

    def add_suffix(self, suffix: tuple) -> bool:
        """Add a column; False if it is there already."""
        if suffix in self.E:
            return False
        words = list(self.rows)
        column = self._fill(words, [suffix])[:, 0]  # first: an interruption leaves E as it was
        self.E.append(suffix)
        for w, v in zip(words, column):
            self.rows[w].append(int(v))
        return True

    # ---------------------------------------------------------------- hypothesis
    def close(self, max_states: int) -> bool:
        """Make the table closed; False if it would need more than ``max_states`` states."""
        letters = self.words.letters
        self._add_rows(self.S)
        index = {bytes(self.rows[s]): i for i, s in enumerate(self.S)}
        done = 0
        while done < len(self.S):
            batch = self.S[done:]
            done = len(self.S)
            children = [s + (a,) for s in batch for a in range(letters)]
            self._add_rows(children)
            for w in children:
                key = bytes(self.rows[w])
                if key not in index:
                    index[key] = len(self.S)
                    self.S.append(w)
                    if len(self.S) > max_states:
                        return False
            self._add_rows(self.S[done:])
        return True

    def hypothesis(self, names: tuple[str, ...]) -> am.DFA:
        """The automaton of a closed table (state i: access word ``S[i]``)."""
        letters = self.words.letters
        index = {bytes(self.rows[s]): i for i, s in enumerate(self.S)}
        trans = np.empty((len(self.S), letters), dtype=np.int32)
        accept = np.zeros(len(self.S), dtype=bool)
        for i, s in enumerate(self.S):
            accept[i] = self.rows[s][0] == 1
            for a in range(letters):
                trans[i, a] = index[bytes(self.rows[s + (a,)])]
        return am.DFA(names, trans, accept, self.words.radix)

    def counterexample(self, dfa: am.DFA, word: tuple) -> bool:
        """Process ``word`` (Rivest-Schapire); False if the hypothesis is right on it."""
        states = [0]
        for a in word:
            states.append(int(dfa.trans[states[-1], a]))
        probes = [self.S[q] + word[i:] for i, q in enumerate(states)]
        alpha = self.ask(probes)
        truth = alpha[0]
        if truth == 2 or (dfa.accept[states[-1]] == (truth == 1)):
            return False
        # the last place where the answer changes: the shortest separating suffix (shorter
        # words ask for smaller numbers)
        last = int(np.flatnonzero(alpha[:-1] != alpha[1:])[-1])
        return self.add_suffix(word[last + 1:])

    # ---------------------------------------------------------------- lower bound
    def certificate(self) -> "Certificate":
        """The access words with different rows (invalid read as 0), and suffixes that
        separate them: a lower bound on the states of any automaton of the set."""
        keys: dict[bytes, tuple] = {}
        for s in self.S:
            if s not in self.rows:  # stopped before its row was asked: it proves nothing
                continue
            keys.setdefault(bytes(1 if v == 1 else 0 for v in self.rows[s]), s)
        prefixes = list(keys.values())
        full = np.array([list(self.rows[s]) for s in prefixes],
                        dtype=np.uint8).reshape(len(prefixes), len(self.E))
        chosen = _separating_columns((full == 1).astype(np.uint8))
        return Certificate(self.words.base, self.words.tracks, prefixes,
                           [self.E[j] for j in chosen], _strictly_separated(full[:, chosen]))


def _separating_columns(rows: np.ndarray) -> list[int]:
    """Columns under which the (pairwise different) rows stay pairwise different: each column
    in turn is kept when it splits some group of rows not yet told apart."""
    n = rows.shape[0]
    if n <= 1:  # nothing to separate
        return []
    group = np.zeros(n, dtype=np.int64)
    count = 1
    chosen: list[int] = []
    for j in range(rows.shape[1]):
        if count == n:
            break
        _, refined = np.unique(group * 2 + rows[:, j], return_inverse=True)
        refined = refined.reshape(-1)
        if refined.max() + 1 > count:
            chosen.append(j)
            group, count = refined, int(refined.max()) + 1
    if count < n:
        raise AssertionError("rows that differ are not separated by their columns")
    return chosen


def _strictly_separated(rows: np.ndarray) -> list[int]:
    """Rows (0, 1, or 2 for an invalid word) pairwise separated by a column where both are valid
    and differ, chosen greedily in order: a lower bound on the states of *any* automaton that
    agrees with the set on valid words, whatever it does with invalid ones."""
    kept: list[int] = []
    for i in range(rows.shape[0]):
        if kept:
            other = rows[kept]
            row = rows[i]
            apart = ((other != 2) & (row != 2) & (other != row)).any(axis=1)
            if not apart.all():
                continue
        kept.append(i)
    return kept


def box_certificate(M, res, m: int, cap: int) -> "Certificate":
    """The certificate of the residual classes of a box ``M`` (:mod:`~nimlab.discover.learn`,
    depth ``m``): one prefix per class (the first, at most ``cap``) and, among all suffixes of
    at most ``m`` digits, a few that separate them (every word stays inside the box).  ``M``:
    the box's membership, or a function of an array of positions giving it."""
    base, k = res.base, res.tracks
    words = Words(base, k)
    cls = res.classes(m)
    _, first = np.unique(cls, return_index=True)
    first = np.sort(first)[:cap]
    offsets = np.array(res.offsets)
    prefixes = []
    for pos in first:
        i = int(np.searchsorted(offsets, pos, side="right") - 1)
        u = np.unravel_index(int(pos - offsets[i]), (learn.width(i, base),) * k)
        prefixes.append(words.word(tuple(int(v) for v in u), length=i)[-i:] if i else ())
    suffixes: list[tuple] = [()]
    for j in range(1, m + 1):
        grid = np.indices((words.letters,) * j).reshape(j, -1).T.astype(np.uint8)
        _, valid = words.numbers(grid)
        suffixes += [tuple(int(a) for a in row) for row in grid[valid]]

    def member(P, valid):
        out = np.full(len(P), 2, dtype=np.uint8)
        Q = P[valid]
        out[valid] = M(Q) if callable(M) else M[tuple(Q[:, t] for t in range(k))]
        return out

    full = Learner(words, member)._fill(prefixes, suffixes)
    chosen = _separating_columns((full == 1).astype(np.uint8))
    return Certificate(base, k, prefixes, [suffixes[j] for j in chosen],
                       _strictly_separated(full[:, chosen]))


@dataclass(frozen=True)
class Certificate:
    """Words pairwise separated by suffixes: ``len(prefixes)`` is a lower bound on the states."""

    base: str
    tracks: int
    prefixes: list[tuple]
    suffixes: list[tuple]
    #: the prefixes (indices) pairwise separated by a suffix under which both words are valid:
    #: the bound for automata that may do anything with invalid words
    strict: list[int] | None = None

    @property
    def bound(self) -> int:
        return len(self.prefixes)

    def convention(self) -> str:
        """The bound's convention in words, with the bound without it where they differ."""
        if self.strict_bound == self.bound:
            return ""
        return (f" (invalid words read as not members, as the automata nimlab writes reject "
                f"them; {self.strict_bound} for automata that may do anything with invalid "
                "words)")

    @property
    def strict_bound(self) -> int:
        """The lower bound without the encoding's convention on invalid words (the same as
        :attr:`bound` in base 2, where every word is valid)."""
        return self.bound if self.strict is None else len(self.strict)

    def to_json(self, names: tuple[str, ...]) -> dict:
        w = Words(self.base, self.tracks)
        return {"lower_bound": self.bound, "encoding": _encoding(self.base), "base": self.base,
                "lower_bound_any_invalid": self.strict_bound,
                "any_invalid_prefixes": list(range(self.bound)) if self.strict is None
                else list(self.strict),
                "tracks": list(names),
                "prefixes": [w.text(p) for p in self.prefixes],
                "suffixes": [w.text(e) for e in self.suffixes]}


def _encoding(base: str) -> str:
    """The certificate's encoding in words."""
    from nimlab.discover.record import numeration_words
    return (f"{numeration_words(base)}, most significant digit first, one digit of each number "
            "per letter, any number of leading zeros")


def _certificate_rows(data: dict, member) -> list[tuple]:
    """Each prefix's row over the suffixes: 1 member, 0 not, None an invalid word."""
    base = data.get("base") or ("fib" if data["encoding"].startswith("Zeckendorf") else "2")
    rows = []
    for prefix in data["prefixes"]:
        row = []
        for suffix in data["suffixes"]:
            texts = [p + s for p, s in zip(prefix, suffix)]
            if base == "fib" and any("11" in t for t in texts):
                row.append(None)
                continue
            if base not in ("2", "fib") and not all(am.numeration(base).is_valid(t)
                                                    for t in texts):
                row.append(None)
                continue
            row.append(int(bool(member(tuple(am.decode(t, base) for t in texts)))))
        rows.append(tuple(row))
    return rows


def check_certificate(data: dict, member) -> int:
    """Check a certificate (``Certificate.to_json``) with ``member(numbers) -> bool``, an
    independent membership test of a tuple of numbers; the lower bound it proves (invalid
    words read as "not a member", the encoding's convention).  Raises ``AssertionError`` if two
    prefixes are not separated."""
    seen = set()
    for prefix, row in zip(data["prefixes"], _certificate_rows(data, member)):
        row = tuple(0 if v is None else v for v in row)
        assert row not in seen, ("two prefixes are not separated", prefix)
        seen.add(row)
    return len(seen)


def any_invalid_prefixes(data: dict, member) -> list[int]:
    """For a certificate written without them (``any_invalid_prefixes``): its prefixes pairwise
    separated under valid words only, chosen greedily in order, by ``member``."""
    rows = _certificate_rows(data, member)
    table = np.array([[2 if v is None else v for v in row] for row in rows], dtype=np.uint8)
    return _strictly_separated(table.reshape(len(rows), len(data["suffixes"])))


def check_any_invalid(data: dict, member) -> int:
    """Check the certificate's bound without the convention (``lower_bound_any_invalid``):
    every two of its ``any_invalid_prefixes`` are separated by a suffix under which both words
    are valid.  Returns that bound; ``AssertionError`` if two are not."""
    rows = _certificate_rows(data, member)
    chosen = data["any_invalid_prefixes"]
    for i, a in enumerate(chosen):
        for b in chosen[:i]:
            assert any(x is not None and y is not None and x != y
                       for x, y in zip(rows[a], rows[b])), \
                ("two prefixes are separated only through invalid words",
                 data["prefixes"][a], data["prefixes"][b])
    return len(chosen)

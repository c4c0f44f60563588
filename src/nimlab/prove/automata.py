"""A compact deterministic-automaton engine on NumPy arrays (nimlab's own code).

An automaton reads tuples of digits, one digit per *track* (variable), most significant digit
first.  Every track uses the digits ``0 .. radix-1`` of the automaton's ``radix`` (2 for base 2,
the Fibonacci numeration and the other binary numerations; b for base b; see
:mod:`nimlab.prove.numerations`).  A letter is the integer ``sum(d_i * radix**i)`` over the tracks
``vars[i]``.

:class:`DFA` holds a complete transition table ``trans[state, letter]`` (``int32``), a boolean
``accept`` vector and the initial state 0.  Every automaton nimlab builds accepts a word exactly
when it accepts the word with leading zero letters added (numbers do not change under leading
zeros); the operations keep that property:

* :func:`product` - intersection, union or any Boolean combination, over the union of the
  tracks, built by breadth-first search on pairs of states (NumPy index arithmetic per layer);
* :func:`complement` - flip the accepting states;
* :func:`project` - existential quantification: drop a track, determinise by the subset
  construction, starting from the set of states reachable from 0 by letters that are zero on the
  remaining tracks (the leading-zero closure Walnut also uses: a witness may be longer than the
  other numbers);
* :func:`minimize` - Moore's partition refinement, vectorised.

Budgets: every construction raises :class:`Budget` when an automaton would exceed
``limits.max_states`` states or the time limit passes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from nimlab.errors import NimlabError


class Budget(NimlabError):
    """A proof would exceed its budget of automaton states or seconds."""


class Paused(Exception):
    """A time slice given with :attr:`Limits.pause_at` is over (not an error: the caller
    tries another way and may come back to the automata)."""


@dataclass
class Limits:
    """The budget of one proof and the statistics gathered on the way."""

    max_states: int = 200_000
    time_limit: float = 600.0
    started: float = field(default_factory=time.monotonic)
    largest: int = 0
    built: int = 0
    tick: object = None  # optional callable(built) for progress
    pause_at: float | None = None  # time.monotonic() at which Paused is raised

    def check(self, states: int, what: str) -> None:
        if self.pause_at is not None and time.monotonic() > self.pause_at:
            raise Paused(what)
        if states > self.max_states:
            raise Budget(f"the proof needs an automaton of more than {self.max_states:,} states "
                         f"({what}); raise --max-states or simplify the formula")
        elapsed = time.monotonic() - self.started
        if elapsed > self.time_limit:
            raise Budget(f"the proof ran past its time limit of {self.time_limit:g} s "
                         f"({what}); raise --time-limit or simplify the formula")

    def record(self, dfa: "DFA") -> "DFA":
        self.largest = max(self.largest, dfa.n)
        self.built += 1
        if callable(self.tick):
            self.tick(self.built)
        return dfa


UNLIMITED = Limits(max_states=10**9, time_limit=10**9)

#: Most numbers one automaton of binary digits reads at once (2**MAX_TRACKS letters).
MAX_TRACKS = 16

#: Most letters of one automaton (``radix ** tracks``).
MAX_LETTERS = 1 << MAX_TRACKS


def check_tracks(count: int, radix: int = 2) -> None:
    if radix ** count > MAX_LETTERS:
        most = max_tracks(radix)
        raise Budget(f"the proof needs an automaton reading {count} numbers at once "
                     f"({radix}^{count} letters); nimlab handles at most {most} numbers of "
                     f"{radix} digits: use fewer piles or fewer variables in one subformula")


def max_tracks(radix: int) -> int:
    """Most tracks of an automaton with digits ``0 .. radix-1``."""
    most = 0
    while radix ** (most + 1) <= MAX_LETTERS:
        most += 1
    return most


def digit_value(c: str) -> int:
    """A digit character: 0-9, then a-f for 10 to 15."""
    return int(c, 16)


DIGIT_CHARS = "0123456789abcdef"


@dataclass
class DFA:
    """A complete DFA over tracks ``vars`` (sorted names) of digits ``0 .. radix-1``; initial
    state 0."""

    vars: tuple[str, ...]
    trans: np.ndarray  # (n, radix**len(vars)) int32
    accept: np.ndarray  # (n,) bool
    radix: int = 2

    @property
    def n(self) -> int:
        return int(self.trans.shape[0])

    @property
    def letters(self) -> int:
        return self.radix ** len(self.vars)

    def run(self, values: dict[str, int] | None = None, *, words: dict[str, str] | None = None,
            base: str = "2") -> bool:
        """Whether the automaton accepts the numbers ``values`` (or digit ``words``)."""
        if words is None:
            words = {v: encode(values[v], base) for v in self.vars}
        width = max([len(words[v]) for v in self.vars] + [0])
        padded = {v: words[v].rjust(width, "0") for v in self.vars}
        state = 0
        for i in range(width):
            letter = sum(digit_value(padded[v][i]) * self.radix ** k
                         for k, v in enumerate(self.vars))
            state = int(self.trans[state, letter])
        return bool(self.accept[state])

    def is_empty(self) -> bool:
        return not self.accept[reachable(self)].any()


# ------------------------------------------------------------------ numerations
def fib_weights(count: int) -> list[int]:
    """Weights of the Zeckendorf digits, least significant first: 1, 2, 3, 5, 8, ..."""
    w = [1, 2]
    while len(w) < count:
        w.append(w[-1] + w[-2])
    return w[:count]


#: How a numeration's name is looked up (set by :mod:`nimlab.prove.numerations` when it is
#: imported, so that this engine, below it, imports nothing of it).
NUMERATION_LOOKUP = None


def numeration(base):
    """The numeration object of ``base`` (a name, or the object itself)."""
    if not isinstance(base, str):
        return base
    if NUMERATION_LOOKUP is None:
        raise ValueError(f"numeration {base!r}: import nimlab.prove.numerations first")
    return NUMERATION_LOOKUP(base)


def encode(n: int, base: str) -> str:
    """The digits of ``n`` (no leading zeros; '' for 0) in the numeration ``base`` (a name of
    :mod:`nimlab.prove.numerations`: "2", "fib", "3", ...)."""
    if n < 0:
        raise ValueError("natural numbers only")
    if base == "2":
        return format(n, "b") if n else ""
    if base != "fib":
        return numeration(base).encode(n)
    w = [1, 2]
    while w[-1] <= n:
        w.append(w[-1] + w[-2])
    digits = []
    for weight in reversed(w):
        if weight <= n:
            digits.append("1")
            n -= weight
        else:
            digits.append("0")
    return "".join(digits).lstrip("0")


def decode(word: str, base: str) -> int:
    if base == "2":
        return int(word, 2) if word else 0
    if base != "fib":
        return numeration(base).decode(word)
    weights = fib_weights(len(word))
    return sum(weights[i] for i, d in enumerate(reversed(word)) if d == "1")


# ------------------------------------------------------------------ letters
def letter_digits(count: int, radix: int = 2) -> np.ndarray:
    """``D[letter, i]``: digit of track ``i`` in ``letter`` (letters of ``count`` tracks)."""
    letters = np.arange(radix ** count, dtype=np.int64)
    powers = radix ** np.arange(count, dtype=np.int64)
    return ((letters[:, None] // powers[None, :]) % radix).astype(np.int64)


def letter_map(union: tuple[str, ...], sub: tuple[str, ...], radix: int = 2) -> np.ndarray:
    """For each letter over ``union``, the letter over ``sub`` (a subset of ``union``)."""
    digits = letter_digits(len(union), radix)
    out = np.zeros(radix ** len(union), dtype=np.int64)
    for j, name in enumerate(sub):
        out += digits[:, union.index(name)] * radix ** j
    return out


def common_radix(*dfas: "DFA") -> int:
    """The radix of automata combined together (automata over no track fit any radix)."""
    radices = {d.radix for d in dfas if d.vars}
    if len(radices) > 1:
        raise ValueError(f"automata of different digit ranges ({sorted(radices)}) cannot be "
                         "combined")
    return radices.pop() if radices else dfas[0].radix


# ------------------------------------------------------------------ basic operations
def reachable(dfa: DFA) -> np.ndarray:
    seen = np.zeros(dfa.n, dtype=bool)
    seen[0] = True
    frontier = np.array([0])
    while frontier.size:
        nxt = np.unique(dfa.trans[frontier])
        nxt = nxt[~seen[nxt]]
        seen[nxt] = True
        frontier = nxt
    return seen


def trim(dfa: DFA) -> DFA:
    keep = reachable(dfa)
    if keep.all():
        return dfa
    index = np.cumsum(keep) - 1
    return DFA(dfa.vars, index[dfa.trans[keep]].astype(np.int32), dfa.accept[keep], dfa.radix)


def minimize(dfa: DFA, limits: Limits = UNLIMITED) -> DFA:
    """The minimal DFA of the same language (Moore refinement on the reachable part).

    Each round gives every state a 64-bit hash of the classes of its successors and splits the
    classes by (class, hash): whole-array NumPy work, no sorting of rows.  A hash collision can
    only keep apart-worthy states together, so the final partition is checked to be a congruence
    (every member of a class goes, letter by letter, to the classes its representative goes to);
    if it is not, the exact refinement on whole rows is run instead.
    """
    dfa = trim(dfa)
    classes = _refine_hashed(dfa, limits)
    if classes is None:
        classes = _refine_exact(dfa, limits)
    count = int(classes.max()) + 1 if dfa.n else 0
    # renumber so that the class of the initial state is 0
    order = np.arange(count, dtype=np.int64)
    start_class = int(classes[0])
    order[start_class], order[0] = 0, start_class
    rep = np.zeros(count, dtype=np.int64)
    rep[order[classes]] = np.arange(dfa.n)
    trans = order[classes[dfa.trans[rep]]].astype(np.int32)
    accept = dfa.accept[rep]
    return limits.record(DFA(dfa.vars, trans, accept, dfa.radix))


_RANDOM = np.random.default_rng(20261125)


def _split(classes: np.ndarray, key: np.ndarray) -> tuple[np.ndarray, int]:
    """Classes refined by ``key`` (numbered by first appearance in sorted order)."""
    order = np.lexsort((key, classes))
    c, k = classes[order], key[order]
    new_group = np.ones(len(order), dtype=bool)
    new_group[1:] = (c[1:] != c[:-1]) | (k[1:] != k[:-1])
    ids = np.cumsum(new_group) - 1
    out = np.empty_like(ids)
    out[order] = ids
    return out, int(ids[-1]) + 1


def _refine_hashed(dfa: DFA, limits: Limits) -> np.ndarray | None:
    n = dfa.n
    classes, count = _split(np.zeros(n, dtype=np.int64), dfa.accept.astype(np.int64))
    weights = _RANDOM.integers(1, 2**63 - 1, size=dfa.trans.shape[1], dtype=np.int64) | 1
    salt = _RANDOM.integers(1, 2**63 - 1, size=n + 1, dtype=np.int64)
    trans = dfa.trans
    with np.errstate(over="ignore"):
        while True:
            limits.check(n, "minimisation")
            # a hash of the successors' classes, letter by letter
            salted = salt[classes]
            key = np.zeros(n, dtype=np.int64)
            for j in range(0, trans.shape[1], 32):  # in column blocks: temporaries stay small
                key += salted[trans[:, j:j + 32]] @ weights[j:j + 32]
            new, new_count = _split(classes, key)
            classes = new
            if new_count == count:
                break
            count = new_count
    # check: a congruence for the transitions (acceptance is refined from the first split)
    rep = np.zeros(count, dtype=np.int64)
    rep[classes] = np.arange(n)
    if not (classes[trans] == classes[trans[rep[classes]]]).all():
        return None
    return classes


def _refine_exact(dfa: DFA, limits: Limits) -> np.ndarray:
    classes = dfa.accept.astype(np.int64)
    count = len(np.unique(classes))
    while True:
        limits.check(dfa.n, "minimisation")
        signature = np.column_stack([classes, classes[dfa.trans]])
        _, new = np.unique(signature, axis=0, return_inverse=True)
        new = new.reshape(-1)
        new_count = int(new.max()) + 1
        classes = new
        if new_count == count:
            break
        count = new_count
    return classes


def complement(dfa: DFA) -> DFA:
    return DFA(dfa.vars, dfa.trans, ~dfa.accept, dfa.radix)


def constant(value: bool, radix: int = 2) -> DFA:
    return DFA((), np.zeros((1, 1), dtype=np.int32), np.array([value]), radix)


def rename(dfa: DFA, mapping: dict[str, str]) -> DFA:
    """The same automaton with track ``v`` renamed ``mapping[v]`` (tracks re-sorted)."""
    new = [mapping.get(v, v) for v in dfa.vars]
    if len(set(new)) != len(new):
        raise ValueError("a renaming must keep the tracks apart")
    ordered = tuple(sorted(new))
    if tuple(new) == ordered:
        return DFA(ordered, dfa.trans, dfa.accept, dfa.radix)
    return DFA(ordered, dfa.trans[:, letter_map(ordered, tuple(new), dfa.radix)], dfa.accept,
               dfa.radix)


def extend(dfa: DFA, names: tuple[str, ...]) -> DFA:
    """The same language over the (sorted) tracks ``names`` that include ``dfa.vars``."""
    if names == dfa.vars:
        return dfa
    check_tracks(len(names), dfa.radix)
    mapping = letter_map(names, dfa.vars, dfa.radix)
    return DFA(names, dfa.trans[:, mapping], dfa.accept, dfa.radix)


OPS = {
    "and": np.logical_and,
    "or": np.logical_or,
    "iff": np.equal,
    "implies": lambda a, b: np.logical_or(~a, b),
}


#: Products of at most this many state pairs mark visited pairs in a dense array.
DENSE_PAIRS = 1 << 24


def product(a: DFA, b: DFA, op: str, limits: Limits = UNLIMITED) -> DFA:
    """The Boolean combination ``op`` (and, or, iff, implies) of two automata."""
    union = tuple(sorted(set(a.vars) | set(b.vars)))
    radix = common_radix(a, b)
    check_tracks(len(union), radix)
    ta = a.trans[:, letter_map(union, a.vars, radix)].astype(np.int64)
    tb = b.trans[:, letter_map(union, b.vars, radix)].astype(np.int64)
    nb = b.n
    if a.n * nb <= DENSE_PAIRS:  # breadth-first with a dense visited array
        visited = np.zeros(a.n * nb, dtype=bool)
        visited[0] = True
        frontier = np.array([0], dtype=np.int64)
        count = 1
        while frontier.size:
            nxt = (ta[frontier // nb] * nb + tb[frontier % nb]).ravel()
            nxt = nxt[~visited[nxt]]
            visited[nxt] = True
            frontier = np.unique(nxt)
            count += frontier.size
            limits.check(count, "product")
        codes = np.flatnonzero(visited)
        index = np.zeros(a.n * nb, dtype=np.int32)
        index[codes] = np.arange(codes.size, dtype=np.int32)
        trans = index[ta[codes // nb] * nb + tb[codes % nb]]
    else:
        seen = np.array([0], dtype=np.int64)
        frontier = seen
        while frontier.size:
            nxt = np.unique(ta[frontier // nb] * nb + tb[frontier % nb])
            fresh = np.setdiff1d(nxt, seen, assume_unique=True)
            seen = np.union1d(seen, fresh)
            limits.check(seen.size, "product")
            frontier = fresh
        codes = seen  # sorted; code 0 (the pair of initial states) comes first
        trans = np.searchsorted(codes, ta[codes // nb] * nb + tb[codes % nb]).astype(np.int32)
    accept = OPS[op](a.accept[codes // nb], b.accept[codes % nb])
    return minimize(DFA(union, trans, np.asarray(accept, dtype=bool), radix), limits)


def unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(rows, axis=0, return_inverse=True)`` (in some order of the distinct rows),
    by a 64-bit hash of each row; a collision is detected and the exact method used."""
    if rows.shape[1] == 0 or rows.shape[0] == 0:
        return np.unique(rows, axis=0, return_inverse=True)
    weights = _RANDOM.integers(1, 2**63 - 1, size=rows.shape[1], dtype=np.int64) | 1
    with np.errstate(over="ignore"):
        key = (rows.astype(np.int64) * weights[None, :]).sum(axis=1)
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    if (rows == rows[first[inverse]]).all():
        return rows[first], inverse
    _, inverse = np.unique(rows, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    first = np.zeros(int(inverse.max()) + 1, dtype=np.int64)
    first[inverse[::-1]] = np.arange(len(inverse))[::-1]
    return rows[first], inverse


#: Most target entries one batch of the subset construction handles at once.
BATCH = 1 << 22


def project(dfa: DFA, name: str, limits: Limits = UNLIMITED) -> DFA:
    """``E name. dfa``: drop the track ``name`` (determinised and minimised).

    The subset construction runs breadth first, a layer of subsets at a time (in batches):
    the targets of every (subset, letter) are gathered, sorted and deduplicated as rows of one
    array, and each distinct row is looked up once by its bytes.
    """
    if name not in dfa.vars:
        return dfa
    keep = tuple(v for v in dfa.vars if v != name)
    pos = dfa.vars.index(name)
    radix = dfa.radix
    # old letter for (new letter, digit of the dropped track)
    new_digits = letter_digits(len(keep), radix)
    old = np.zeros((radix ** len(keep), radix), dtype=np.int64)
    for j, v in enumerate(keep):
        old += (new_digits[:, j] * radix ** dfa.vars.index(v))[:, None]
    old += (np.arange(radix, dtype=np.int64) * radix ** pos)[None, :]
    n = dfa.n
    # leading-zero closure of the initial state
    start = np.zeros(n, dtype=bool)
    start[0] = True
    frontier = np.array([0])
    while frontier.size:
        nxt = np.unique(dfa.trans[frontier][:, old[0]])
        nxt = nxt[~start[nxt]]
        start[nxt] = True
        frontier = nxt
    L = old.shape[0]
    # moves[q, letter, digit]; a sentinel row n (no state) pads short subsets
    moves = np.full((n + 1, L, radix), n, dtype=np.int32)
    moves[:n] = dfa.trans[:, old.reshape(-1)].reshape(n, L, radix)
    first = np.flatnonzero(start).astype(np.int32)
    keys = {first.tobytes(): 0}
    subsets = [first]
    rows: dict[int, np.ndarray] = {}
    layer = [0]
    while layer:
        upcoming: list[int] = []
        width = max(len(subsets[i]) for i in layer)
        chunk = max(1, BATCH // max(1, width * L * radix))
        for c in range(0, len(layer), chunk):
            part = layer[c:c + chunk]
            members = np.full((len(part), width), n, dtype=np.int32)
            for r, i in enumerate(part):
                members[r, :len(subsets[i])] = subsets[i]
            tg = moves[members].transpose(0, 2, 1, 3).reshape(len(part) * L, width * radix)
            tg.sort(axis=1)
            if tg.shape[1] > 1:
                dup = np.zeros(tg.shape, dtype=bool)
                dup[:, 1:] = tg[:, 1:] == tg[:, :-1]
                tg[dup] = n
                tg.sort(axis=1)
                tg = tg[:, :max(1, int((tg < n).sum(axis=1).max()))]
            uniq, inverse = unique_rows(tg)
            ids = np.empty(len(uniq), dtype=np.int32)
            for k, row in enumerate(uniq):
                members_k = row[row < n]
                key = members_k.tobytes()
                found = keys.get(key)
                if found is None:
                    found = len(subsets)
                    keys[key] = found
                    subsets.append(members_k)
                    upcoming.append(found)
                ids[k] = found
            table = ids[inverse.reshape(-1)].reshape(len(part), L)
            for r, i in enumerate(part):
                rows[i] = table[r]
            limits.check(len(subsets), "subset construction")
        layer = upcoming
    trans = np.array([rows[i] for i in range(len(subsets))], dtype=np.int32)
    accept = np.array([dfa.accept[s].any() for s in subsets], dtype=bool)
    return minimize(DFA(keep, trans.reshape(len(subsets), L), accept, radix), limits)


# ------------------------------------------------------------------ searches
def shortest_accepted_length(dfa: DFA) -> int | None:
    """Length of a shortest accepted word, or None for the empty language."""
    dist = np.full(dfa.n, -1, dtype=np.int64)
    dist[0] = 0
    frontier = np.array([0])
    depth = 0
    while frontier.size:
        if dfa.accept[frontier].any():
            return depth
        depth += 1
        nxt = np.unique(dfa.trans[frontier])
        nxt = nxt[dist[nxt] < 0]
        dist[nxt] = depth
        frontier = nxt
    return None


def coreach_within(dfa: DFA, steps: int) -> list[np.ndarray]:
    """``ok[k][q]``: some accepted word of length exactly ``k`` starts at ``q`` (k <= steps)."""
    ok = [dfa.accept.copy()]
    for _ in range(steps):
        ok.append(ok[-1][dfa.trans].any(axis=1))
    return ok


def min_single(dfa: DFA, base: str) -> int | None:
    """The least number accepted by a one-track automaton that accepts only valid words of its
    numeration (the least word of the shortest length: greedy words of one length are ordered
    as numbers lexicographically)."""
    assert len(dfa.vars) == 1
    length = shortest_accepted_length(dfa)
    if length is None:
        return None
    ok = coreach_within(dfa, length)
    state, digits = 0, []
    for left in range(length, 0, -1):
        for d in range(dfa.radix):
            nxt = int(dfa.trans[state, d])
            if ok[left - 1][nxt]:
                state = nxt
                digits.append(DIGIT_CHARS[d])
                break
    return decode("".join(digits), base)


def min_tuple(dfa: DFA, names: tuple[str, ...], base: str) -> tuple[int, ...] | None:
    """The accepted tuple over ``names`` of least sum, then lexicographically least (None if the
    language is empty; raises ValueError past 60 digits).

    ``dfa`` must accept with every number of leading zeros and (Fibonacci) only valid words.
    The least tuple has at most m digits, m = the shortest accepted length plus a few (its
    numbers are below the sum of any accepted tuple), so a backward dynamic programme over
    words of length m finds it: ``best[i][q]`` is the least vector (sum, n1, ..., nk) that i more
    digits can add from state q to reach acceptance.  Vectors add digit by digit and their
    lexicographic order is compatible with addition, so the minimum of the sums is the sum of
    minima; the choices are kept per (i, q) and followed forward.
    """
    length = shortest_accepted_length(dfa)
    if length is None:
        return None
    k = len(names)
    if base in ("2", "fib"):
        m = length + 2 * max(k, 1).bit_length() + 2
        if m > 60:
            raise ValueError("too many digits for the dynamic programme")
        weights = [1 << j for j in range(m)] if base == "2" else fib_weights(m)
    else:  # a tuple of least sum has numbers below k * W(length): at most m digits
        system = numeration(base)
        m = length + 2
        while system.weight(m) < max(k, 1) * system.weight(length):
            m += 1
        weights = [system.weight(j) for j in range(m)]
        if weights[-1] * dfa.radix * (k + 1) * 4 >= 1 << 62:
            raise ValueError("too many digits for the dynamic programme")
    cols = [dfa.vars.index(v) for v in names]
    digits = letter_digits(len(dfa.vars), dfa.radix)
    vec = np.zeros((dfa.letters, k + 1), dtype=np.int64)
    for i, c in enumerate(cols):
        vec[:, i + 1] = digits[:, c]
    vec[:, 0] = vec[:, 1:].sum(axis=1)
    big = np.int64(1) << 62
    best = np.zeros((dfa.n, k + 1), dtype=np.int64)
    best[~dfa.accept, 0] = big
    choices = []
    for i in range(1, m + 1):
        w = weights[i - 1]
        new = np.full((dfa.n, k + 1), big, dtype=np.int64)
        pick = np.zeros(dfa.n, dtype=np.int32)
        for a in range(dfa.letters):
            nxt = best[dfa.trans[:, a]]
            cand = nxt + w * vec[a][None, :]
            cand[nxt[:, 0] >= big] = big
            less = np.zeros(dfa.n, dtype=bool)
            equal = np.ones(dfa.n, dtype=bool)
            for j in range(k + 1):
                less |= equal & (cand[:, j] < new[:, j])
                equal &= cand[:, j] == new[:, j]
            new[less] = cand[less]
            pick[less] = a
        best = new
        choices.append(pick)
    if best[0, 0] >= big:
        return None
    state, words = 0, [[] for _ in names]
    for i in range(m, 0, -1):
        a = int(choices[i - 1][state])
        for t, c in enumerate(cols):
            words[t].append(DIGIT_CHARS[(a // dfa.radix ** c) % dfa.radix])
        state = int(dfa.trans[state, a])
    return tuple(decode("".join(w), base) for w in words)

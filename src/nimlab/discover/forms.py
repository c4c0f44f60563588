"""Readable forms of a found automaton, each proven equal to it before it is shown.

* :func:`periodic_form`: a set of one number that is ultimately periodic, as
  ``p1 % m = r`` alternatives (plus the exceptions below the preperiod);
* :func:`regex_form`: a small automaton as a regular expression over its tuples of digits,
  ``(p1, p2) in "..."`` (state elimination), kept when short.
"""

from __future__ import annotations

import numpy as np

from nimlab.prove import automata as am

#: Longest regular expression shown.
MAX_REGEX = 400


def periodic_form(member: np.ndarray, name: str = "p1") -> str | None:
    """The description of ``member[0..N-1]`` with the least period (then the least preperiod,
    at most N/3) that holds on the rest of the box, as a formula (None if none fits)."""
    n = len(member)
    for period in range(1, n // 3 + 1):
        # the preperiod stays within the first third, so that the rest shows two periods
        for pre in range(0, min(n // 3, n - 2 * period) + 1):
            tail = member[pre:]
            if np.array_equal(tail[period:], tail[:-period]):
                break
        else:
            continue
        residues = [r for r in range(period) if member[pre + ((r - pre) % period)]]
        parts = [f"{name} = {a}" for a in range(pre) if member[a]]
        if residues:
            mod = " | ".join(f"{name} % {period} = {r}" for r in residues)
            parts.append(f"({name} >= {pre} & ({mod}))" if pre else mod)
        return " | ".join(parts) if parts else "false"
    return None


def _letter(letter: int, tracks: int) -> str:
    digits = "".join(str((letter >> t) & 1) for t in range(tracks))
    return digits if tracks == 1 else f"[{digits}]"


def _union(a, b):
    if a is None:
        return b
    if b is None or a == b:
        return a
    return f"{a}|{b}"


def _group(a: str) -> str:
    return a if len(a) <= 1 or (a.startswith("[") and a.endswith("]") and a.count("[") == 1) \
        else f"({a})"


def _concat(*parts):
    if any(p is None for p in parts):
        return None
    return "".join(_group(p) if "|" in p else p for p in parts if p != "")


def _star(a):
    if a is None or a == "":
        return ""
    return f"{_group(a)}*"


def regex_form(dfa: am.DFA, names: tuple[str, ...]) -> str | None:
    """``names in "REGEX"`` for the automaton (state elimination), or None when too long."""
    tracks = len(names)
    live = am.coreach_within(dfa, dfa.n)
    useful = np.zeros(dfa.n, dtype=bool)
    for level in live:
        useful |= level
    if not useful[0]:
        return "false"
    states = [q for q in range(dfa.n) if useful[q]]
    start, final = "S", "F"
    edge: dict = {}

    def add(a, b, r):
        edge[(a, b)] = _union(edge.get((a, b)), r)

    add(start, 0, "")
    for q in states:
        if dfa.accept[q]:
            add(q, final, "")
        for letter in range(1 << tracks):
            t = int(dfa.trans[q, letter])
            if useful[t]:
                add(q, t, _letter(letter, tracks))
    remaining = list(states)
    while remaining:
        def cost(q):
            ins = sum(1 for (a, b) in edge if b == q and a != q)
            outs = sum(1 for (a, b) in edge if a == q and b != q)
            return ins * outs
        q = min(remaining, key=cost)
        remaining.remove(q)
        loop = _star(edge.pop((q, q), None))
        ins = [(a, r) for (a, b), r in list(edge.items()) if b == q]
        outs = [(b, r) for (a, b), r in list(edge.items()) if a == q]
        for a, _ in ins:
            edge.pop((a, q))
        for b, _ in outs:
            edge.pop((q, b))
        for a, r1 in ins:
            for b, r2 in outs:
                add(a, b, _concat(r1, loop, r2))
        if sum(len(r or "") for r in edge.values()) > 4 * MAX_REGEX:
            return None
    text = edge.get((start, final))
    if text is None:
        return "false"
    if text == "" or len(text) > MAX_REGEX:
        return None
    tup = names[0] if tracks == 1 else f"({', '.join(names)})"
    return f'{tup} in "{text}"'

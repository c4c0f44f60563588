"""What the claim and artifact modules of "NIM with Cash" share: names of games and states, the
state-grid check (:class:`StateRule`), and the printed data expanded into cases (Example 1.3,
the games of Section 7, Tables 1-3, the state (14; 9, 9) of Section 5, the Appendix program).

Claimed values come from :mod:`.formulas` and the transcriptions in ``nimlab/data/cash/``;
computed values from :mod:`.game`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import numpy as np

from nimlab.claims.artifacts import printed
from nimlab.claims.checks import Cases, Region
from nimlab.papers.cash import game
from nimlab.papers.cash.formulas import (SEC6, appendix_program, f_def41, f_def41_corrected,
                                         sec4_set, who)

PAPER = "cash"
#: The games NIM(1..L) of Section 4 checked by default.
SEC4_L = (2, 3, 4, 5)
#: Example 1.3's families are checked for L up to this.
EX13_L = 12
#: Tables 1-3 are checked for k = 1..TABLE_K by default.
TABLE_K = 6


# ================================================================================ names
def label(s: tuple[int, ...]) -> str:
    return "NIM(" + ",".join(map(str, s)) + ")"


def show_state(case) -> str:
    s, n, d1, d2 = case[:4]
    return f"{label(s)} ({n}; {d1}, {d2})"


def states(bound: int, *sets: tuple[int, ...]) -> Iterable[tuple]:
    """All ``(set, n, d1, d2)`` with ``n <= bound`` and budgets ``0..n+1`` (more is the same as
    ``n + 1``), in increasing ``n``."""
    for n in range(bound + 1):
        for s in sets:
            for d1 in range(n + 2):
                for d2 in range(n + 2):
                    yield s, n, d1, d2


def sec4_games() -> str:
    return ", ".join(map(str, SEC4_L))


# ================================================================================ state grids
@dataclass(frozen=True)
class StateRule:
    """A statement about the winner of the states ``(n; d1, d2)`` of some games: where
    ``condition(s, n, d1, d2)`` holds, Player ``prediction(s, n, d1, d2)`` ("I"/"II") wins.

    It serves as the ``blocks`` of a :class:`Region` over the winner grids
    (:meth:`region`): for each ``n`` and game, the condition and the prediction are evaluated on
    the whole grid of budgets ``d1, d2 <= n + 1`` at once, in the order of :func:`states`.  Both
    functions also take scalars (the per-state check of the tests)."""

    sets: tuple[tuple[int, ...], ...]
    condition: Callable
    prediction: Callable

    def grids(self, bound: int) -> dict:
        return {s: game.winner_grid(s, bound) for s in self.sets}

    def __call__(self, grids: dict, bound: int):
        for n in range(bound + 1):
            d = np.arange(n + 2)
            d1, d2 = d[:, None], d[None, :]
            for s in self.sets:
                box = np.broadcast_to(self.condition(s, n, d1, d2), (n + 2, n + 2))
                won = np.where(grids[s][n, : n + 2, : n + 2], "I", "II")
                yield (s, n), box, np.broadcast_to(self.prediction(s, n, d1, d2) != won,
                                                   box.shape)

    def claimed(self, grids: dict, c: tuple):
        return self.prediction(*c)

    @staticmethod
    def computed(grids: dict, c: tuple) -> str:
        return who(bool(grids[c[0]][c[1], c[2], c[3]]))

    def note(self, bound: int) -> str:
        return (f"every state (n; d1, d2) with n <= {bound} and d1, d2 <= n + 1 that meets the "
                f"hypothesis, games {', '.join(map(label, self.sets))} (whole budget grids)")

    def region(self) -> Region:
        return Region(self.grids, self, self.claimed, self.computed, show_state, self.note)


def sec4_rule(condition: Callable, prediction: Callable, corrected_f: bool = False) -> Region:
    """A statement on NIM(1..L), L in :data:`SEC4_L`: ``condition(n, d1, d2, f, L)`` and
    ``prediction(n, d1, d2, f, L)`` with ``f = f(n)`` of Def 4.1 (as printed or corrected)."""
    f = f_def41_corrected if corrected_f else f_def41
    return StateRule(tuple(sec4_set(L) for L in SEC4_L),
                     lambda s, n, d1, d2: condition(n, d1, d2, f(len(s), n), len(s)),
                     lambda s, n, d1, d2: prediction(n, d1, d2, f(len(s), n), len(s))).region()


def sec6_rule(condition: Callable, prediction: Callable) -> Region:
    """A statement on NIM(1,3,4): ``condition(n, d1, d2)``, ``prediction(n, d1, d2)``."""
    return StateRule((SEC6,), lambda s, n, d1, d2: condition(n, d1, d2),
                     lambda s, n, d1, d2: prediction(n, d1, d2)).region()


# ================================================================================ Section 1
def _form(form: Sequence[int], L: int) -> int:
    return form[0] + form[1] * L


def _expand(spec: dict, L: int) -> list[int]:
    if "list" in spec:
        return [_form(f, L) for f in spec["list"]]
    lo, hi = (_form(f, L) for f in spec["range"])
    return list(range(lo, hi + 1, spec["step"]))


def example13_games(item: str, largest_L: int) -> list[tuple[int, tuple[int, ...], int, set]]:
    """``(L, set, modulus, Player II residues)`` of Example 1.3's item for each L it covers."""
    spec = printed(PAPER, "example-1.3")["items"][item]
    out = []
    for L in range(spec["L_min"], largest_L + 1):
        if spec["parity"] == "even" and L % 2 or spec["parity"] == "odd" and not L % 2:
            continue
        moves = tuple(sorted(set(_expand(spec["set"], L))))
        out.append((L, moves, _form(spec["modulus"], L), set(_expand(spec["residues"], L))))
    return out


def pattern_cases(games, bound: int) -> list[tuple]:
    """``(L, set, M, Player II residues, n)`` for every game and ``n <= bound``."""
    cases = [(L, s, m, r, n) for L, s, m, r in games for n in range(bound + 1)]
    cases.sort(key=lambda c: (c[4], c[0]))
    return cases


def pattern_claimed(c) -> str:
    return "II" if c[4] % c[2] in c[3] else "I"


def pattern_computed(c) -> str:
    return game.plain_winner(c[1], c[4])


def pattern_show(c) -> str:
    return f"L={c[0]} {label(c[1])} n={c[4]}"


def pattern_note(games) -> Callable[[int], str]:
    return lambda bound: f"n <= {bound}; L = " + ", ".join(str(g[0]) for g in games)


def pattern(games) -> Cases:
    """Player II wins NIM(A) exactly at the listed residues, for every game
    ``(L, set, M, residues)`` and n <= bound (the plain game, by the solver)."""
    return Cases(lambda bound: pattern_cases(games, bound), pattern_claimed, pattern_computed,
                 show=pattern_show, note=pattern_note(games))


# ================================================================================ Section 5
def example14_facts() -> list[tuple[str, object, object]]:
    """The facts Section 5 states about (14; 9, 9) of NIM(1,3,4): ``(what, claimed, computed)``."""
    data = printed(PAPER, "example14")
    n, d1, d2 = data["state"]
    m, _, _, _ = data["after_first_move"]
    out = [
        ("winner of (14; 9, 9)", data["winner"], who(game.player_one_wins(SEC6, n, d1, d2))),
        ("winning first moves from (14; 9, 9)", [data["first_move"]],
         game.winning_removals(SEC6, (n, d1, d2))),
        ("unlimited-funds winning moves from 13 stones", [data["unlimited_reply"]],
         game.plain_p_moves(SEC6, m)),
    ]
    line = data["line"]
    for state in line:
        out.append((f"winner of ({state[0]}; {state[1]}, {state[2]}, {state[3]})", "I",
                    who(game.one_wins_line(tuple(state)))))
    for state in line[1:-1]:
        if state[3] != "II":
            continue
        n2, dI2, dII2, _ = state
        others = [a for a in SEC6 if a != 1 and a <= min(n2, dII2)]
        losing = [a for a in others if game.player_one_wins(SEC6, n2 - a, dI2, dII2 - a)]
        out.append((f"({n2}; {dI2}, {dII2}, II): replies other than 1 that lose for II",
                    others, losing))
    return out


def sec5_reply_facts(miserly: Callable[[int], bool]) -> list[tuple[str, object, object]]:
    """Each reply of Player II at (13; 8, 9, II) Section 5 discusses: whether Player I then wins
    miserly (claimed ``miserly(a)``) and whether he wins at all (claimed True)."""
    data = printed(PAPER, "example14")
    m, d_one, d_two, _ = data["after_first_move"]
    items = []
    for a in data["miserly_after_replies"]:
        state = (m - a, d_one, d_two - a)
        items.append((f"(13; 8, 9, II), II removes {a} -> ({state[0]}; {state[1]}, {state[2]}):"
                      " Player I wins by always removing one stone", miserly(a),
                      game.miserly_wins(SEC6, *state, "I")))
        items.append((f"(13; 8, 9, II), II removes {a}: Player I wins", True,
                      game.player_one_wins(SEC6, *state)))
    return items


# ================================================================================ Tables 1-3
def _yes(flag: bool) -> str:
    return "YES" if flag else "NO"


def _graded(fn: int, fm: int, a: int, extra: int) -> str:
    """'YES' if f(n) <= f(m) + a, 'NO(YES)' if only f(n) <= f(m) + a + extra, else 'NO'."""
    if fn <= fm + a:
        return "YES"
    return "NO(YES)" if fn <= fm + a + extra else "NO"


def table_rows(name: str, K: int) -> list[tuple[str, object, object]]:
    """``(where, printed, computed)`` for every entry of Table 1 or 2, for k = 1..K, with f and W
    from the game (Def 7.1)."""
    data = printed(PAPER, name)
    f = game.f_values(SEC6, 7 * K + 7)
    out = []
    for r, a, (koff, res), cfn, cfm, col6, col7 in data["rows"]:
        for k in range(1, K + 1):
            n = 7 * k + r
            m = n - a - 1
            where = f"n=7k+{r} (k={k}), a={a}"
            out.append((f"{where}: n-a-1", 7 * (k + koff) + res, m))
            out.append((f"{where}: f(n)", 5 * k + cfn, f[n]))
            out.append((f"{where}: f(n-a-1)", 5 * k + cfm, f[m]))
            if name == "table1":
                out.append((f"{where}: f(n) <= f(n-a-1)+a(+1)", col6, _graded(f[n], f[m], a, 1)))
                out.append((f"{where}: f(n-a-1) <= f(n)-1?", col7, _yes(f[m] <= f[n] - 1)))
            else:
                out.append((f"{where}: f(n) <= f(n-a-1)+a(+3)", col6, _graded(f[n], f[m], a, 3)))
                out.append((f"{where}: W", col7, game.plain_winner(SEC6, n)))
    return out


def table3_rows(K: int, B: int) -> list[tuple[str, object, object]]:
    """Table 3's identities, for k = 1..K and b = 0..B, with f from the game."""
    f = game.f_values(SEC6, 7 * K + 7)
    out = []
    for r, (koff, res), c, c3, s1, s2 in printed(PAPER, "table3")["rows"]:
        for k in range(1, K + 1):
            for b in range(B + 1):
                n = 7 * k + r
                actual = (n - 2, f[n] - b - 1, f[n] - b - 2)
                shown = (7 * (k + koff) + res, 5 * (k + koff) + c - (b - s1),
                         5 * (k + koff) + c3 - (b - s1))
                b2 = b - s2
                out.append((f"n=7k+{r} (k={k}, b={b}): (n-2, f(n)-b-1, f(n)-b-2)", shown, actual))
                out.append((f"n=7k+{r} (k={k}, b={b}): = (n-2, f(n-2)-b', f(n-2)-b'-1), "
                            f"b' = b-{s2}", actual, (n - 2, f[n - 2] - b2, f[n - 2] - b2 - 1)))
    return out


# ================================================================================ Section 7
def conjecture_games(largest_L: int = 8) -> list[tuple[str, tuple[int, ...], int, set]]:
    """The games of Example 1.3 (items 1-6, L <= largest_L, and odd L for NIM(1,L)) with their
    period M and Player II residues, in order of item and L."""
    out = []
    for item in "123456":
        for L, s, m, r in example13_games(item, largest_L):
            out.append((f"item {item}, L={L}", s, m, r))
    for L in range(3, largest_L + 1, 2):
        out.append((f"item 2 (odd L), L={L}", (1, L), 2, {0}))
    return out


# ================================================================================ Appendix
def appendix_cases(bound: int, repaired: bool, only_with_one: bool) -> list[tuple]:
    """``(game name, set, i, program's f(i), Def 7.1's f(i))`` for the games of Section 1 and
    NIM(1,3,4), in increasing ``i``."""
    games = [(name, s) for name, s, _, _ in conjecture_games()] + [("Section 6", SEC6)]
    out, seen = [], set()
    for name, s in games:
        if s in seen or (only_with_one and s[0] != 1):
            continue
        seen.add(s)
        f = game.f_values(s, bound)
        prog = appendix_program(s, bound, lambda i, s=s: game.plain_winner(s, i), repaired)
        out += [(name, s, i, "unset" if prog[i] is None else prog[i], f[i])
                for i in range(bound + 1)]
    out.sort(key=lambda c: (c[2], len(c[1]), c[1]))
    return out

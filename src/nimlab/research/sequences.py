"""The integer sequences nimlab computes, ready for :mod:`nimlab.research.periodicity`.

Every sequence comes from the games' own values: the Sharing Nim table through
:func:`nimlab.store.sharing_values`, nim-sequences through :func:`nimlab.tables.subtraction_table`,
and NIM with cash through :func:`cash_wins` (the winners over ``(n, d1, d2)``, from the
compiled kernel of :mod:`nimlab.kernels.cash` through :func:`nimlab.store.cash_winners`).  The
store is the only cache: a table asked for twice in a process is computed once.

**NIM with cash.**  ``cash_wins(A, N, D)[n, d1, d2]`` is True when the player to move wins
``(n; d1, d2)`` (Def 1.4 and 2.1 of Gasarch and Purtilo 2015: removing ``a`` stones costs ``a``
dollars; a player who cannot afford any removal cannot move and loses).

The **cash function** ``f(n)`` of Def 7.1: let ``W(n)`` be the winner of NIM(A) with unlimited
funds (Player II exactly at the P-positions).  Then ``f(n)`` is the least ``d`` such that
``W(n)`` still wins when he has only ``d`` dollars and his opponent has unlimited funds.  A player
never spends more than ``n`` dollars from ``n`` stones, so a budget of ``n`` *is* unlimited here:
``f(n)`` = least ``d`` with ``win(n; d, n)`` if Player I wins, least ``d`` with
``not win(n; n, d)`` if Player II wins.  (More money never hurts, so every larger ``d`` wins too.)

What can be **proven** about cash games: with every budget capped at ``D``, the whole grid
``(win(n; d1, d2))_{d1, d2 <= D}`` at ``n`` is a fixed function of the grids at ``n - a``
(``a`` in ``A``) once ``n >= max(A)``, so the sequence of grids obeys a recurrence of memory
``max(A)`` and its periodicity is proven exactly as for NIM(A) (``cash-fixed``).  The function
``f(n)`` is not of that form (its budgets grow with ``n``); its arithmetic periodicity is only
observed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from nimlab import store
from nimlab.errors import InputError
from nimlab.games import SubtractionNim
from nimlab.games.subtraction import parse_subtraction_set
from nimlab.progress import Progress, quiet
from nimlab.research.periodicity import Periodicity, check_search, find_periodicity
from nimlab.tables import subtraction_table


# ----------------------------------------------------------------------------- NIM(A)
def nim_sequence(subtraction_set, bound: int, progress: Progress = quiet) -> list[int]:
    """``G(n)`` of NIM(A) for ``n = 0..bound``."""
    table = subtraction_table(subtraction_set, bound, progress, cache=False)
    return [row[1] for row in table.rows]


def losing_indicator(values) -> list[int]:
    """1 where the value is 0 (a P-position: Player II wins), else 0."""
    return [1 if v == 0 else 0 for v in values]


# ------------------------------------------------------------------------------- cash
def cash_wins(subtraction_set, stones: int, budgets: int,
              progress: Progress = quiet, use_cache: bool = True) -> np.ndarray:
    """``W[n, d1, d2]``: the player to move wins ``(n; d1, d2)``, ``n <= stones``, ``d <= budgets``.

    The table comes from the compiled kernel :func:`nimlab.kernels.cash.cash_winners`, through
    the result store (``use_cache=False``: computed in memory, never stored).
    """
    moves = parse_subtraction_set(subtraction_set)
    if stones < 0 or budgets < 0:
        raise InputError("stones and budgets must be >= 0")
    return store.cash_winners(moves, stones, budgets, progress,
                              use_cache=use_cache).astype(bool)


def cash_function(subtraction_set, bound: int, wins: np.ndarray | None = None,
                  progress: Progress = quiet) -> list[int]:
    """``f(n)`` of Def 7.1 for ``n = 0..bound`` (see the module docstring for the definition)."""
    if wins is None:
        wins = cash_wins(subtraction_set, bound, bound, progress)
    values = []
    for n in range(bound + 1):
        if wins[n, n, n]:  # Player I wins with unlimited funds
            values.append(int(np.argmax(wins[n, : n + 1, n])))
        else:
            values.append(int(np.argmax(~wins[n, n, : n + 1])))
    return values


# ------------------------------------------------------------------------- Sharing Nim
def sharing_row(table: np.ndarray, a: int) -> list[int]:
    """``(G(0, a, b))_{b = a..}`` from a table."""
    return [int(x) for x in table[a, a:]]


def sharing_diagonal(table: np.ndarray, d: int) -> list[int]:
    """``(G(0, i, i + d))_{i >= 0}``: the diagonal at distance ``d`` from the main one."""
    top = table.shape[1] - 1
    return [int(table[i, i + d]) for i in range(top - d + 1)]


# ---------------------------------------------------------------------------- the specs
@dataclass
class SequenceSpec:
    """A named family of sequences for ``nimlab periodicity``."""

    name: str
    help: str
    needs: tuple[str, ...]
    build: Callable[..., "Built"]
    #: The sequence's verdict comes from its own search, about linear in the terms (an octal
    #: game's), not from the generic one that :func:`check_search` bounds.
    own_search: bool = False


@dataclass
class Built:
    values: Sequence[int]  # a list, or an array (an octal game's values: millions of terms)
    label: str
    first_index: int = 0
    window: int | None = None
    notes: list[str] = field(default_factory=list)
    #: A proven statement that covers this sequence without being about it alone.
    proven_by: Periodicity | None = None
    #: The sequence's own verdict, decided by the game's theory (an octal game's period by the
    #: octal periodicity theorem): reported as it is, instead of a search of the data.
    verdict: Periodicity | None = None


def _need(options: dict, *names: str) -> None:
    for name in names:
        if options.get(name) is None:
            raise InputError(f"this sequence needs --{name.replace('_', '-')}")


def _bound(options: dict, default: int) -> int:
    bound = options.get("max")
    return default if bound is None else bound


def _build_values(options: dict, progress: Progress) -> Built:
    terms = options.get("terms")
    if not terms:
        raise InputError("`values` needs the terms: nimlab periodicity values 1,2,3,1,2,3")
    from nimlab.parsing import MAX_DIGITS, parse_int_list

    # Any integer is a term, negative or past 2^63 (up to Python's 4,300 digits).
    values = list(parse_int_list(str(terms), "the sequence", minimum=-(10 ** MAX_DIGITS)))
    return Built(values, "explicit sequence")


def _build_subtraction(options: dict, progress: Progress) -> Built:
    _need(options, "set")
    game = SubtractionNim(options["set"])
    bound = _bound(options, 200)
    values = nim_sequence(game.set, bound, progress)
    label = f"NIM({','.join(map(str, game.set))})"
    if options.get("outcomes"):
        values, label = losing_indicator(values), f"{label}: 1 where Player II wins (P)"
    else:
        label = f"{label}: nim-sequence G(n)"
    return Built(values, label, 0, max(game.set))


def _sharing_index(options: dict, key: str, progress: Progress) -> tuple[int, int, np.ndarray]:
    """``(--key, --max, table)`` for a sequence read off the Sharing Nim table."""
    _need(options, key)
    index, bound = options[key], _bound(options, 500)
    if index > bound:
        raise InputError(f"--{key} {index} is beyond --max {bound}")
    return index, bound, store.sharing_values(bound, progress)


def _build_sharing_row(options: dict, progress: Progress) -> Built:
    a, bound, table = _sharing_index(options, "a", progress)
    return Built(sharing_row(table, a), f"Sharing Nim row G(0,{a},b), b = {a}..{bound}", a)


def _build_sharing_diagonal(options: dict, progress: Progress) -> Built:
    d, bound, table = _sharing_index(options, "d", progress)
    return Built(sharing_diagonal(table, d),
                 f"Sharing Nim diagonal G(0,i,i+{d}), i = 0..{bound - d}", 0)


def _build_sharing_f(options: dict, progress: Progress) -> Built:
    bound = _bound(options, 500)
    table = store.sharing_values(bound, progress)
    values = [0 if table[0, n] == 0 else 1 for n in range(bound + 1)]
    return Built(values, f"Sharing Nim f(n): 0 if (0,0,n) is a P-position, else 1 "
                 f"(Ho 2015 Section 4), n = 0..{bound}", 0,
                 notes=["Theorem 3 of Ho 2015 proves this sequence is NOT ultimately "
                        "periodic; any period found is an artefact of the finite prefix"])


def _build_sharing_g(options: dict, progress: Progress) -> Built:
    _need(options, "g")
    a, bound, table = _sharing_index(options, "a", progress)
    g = options["g"]
    values = [1 if v == g else 0 for v in sharing_row(table, a)]
    return Built(values, f"Sharing Nim: 1 where G(0,{a},b) = {g}, b = {a}..{bound}", a)


def _build_cash_f(options: dict, progress: Progress) -> Built:
    _need(options, "set")
    moves = parse_subtraction_set(options["set"])
    bound = _bound(options, 150)
    values = cash_function(moves, bound, progress=progress)
    return Built(values, f"NIM({','.join(map(str, moves))}) with cash: f(n), the least money the "
                 "unlimited-funds winner needs against unlimited funds (Def 7.1)", 0,
                 notes=["f(n) is only observed: its budgets grow with n, so no finite-memory "
                        "recurrence covers it (see `cash-fixed` for what is proven)"])


def _build_cash_fixed(options: dict, progress: Progress) -> Built:
    _need(options, "set", "budgets")
    moves = parse_subtraction_set(options["set"])
    from nimlab.parsing import parse_int_list
    budgets = parse_int_list(options["budgets"], "--budgets")
    if len(budgets) != 2:
        raise InputError(f"--budgets takes two amounts d1,d2, got {len(budgets)}")
    d1, d2 = budgets
    bound, cap = _bound(options, 200), max(d1, d2)
    wins = cash_wins(moves, bound, cap, progress)
    symbols: dict[bytes, int] = {}
    grid_sequence = [symbols.setdefault(wins[n].tobytes(), len(symbols)) for n in range(bound + 1)]
    label = ",".join(map(str, moves))
    grid = find_periodicity(grid_sequence, window=max(moves),
                            label=f"NIM({label}) with cash: winner grids over budgets <= {cap}")
    values = [1 if wins[n, d1, d2] else 0 for n in range(bound + 1)]
    return Built(values, f"NIM({label}) with cash: 1 where Player I wins (n; {d1}, {d2}), "
                 f"n = 0..{bound}", 0, proven_by=grid)


def _build_octal(options: dict, progress: Progress) -> Built:
    """An octal game's nim-sequence: up to --max, or by default the table sizes of
    :data:`nimlab.research.octal.PROOF_STEPS` in turn until a period is proven; the proof by
    the octal periodicity theorem covers the sequence (``proven_by``)."""
    from nimlab.games.octal import parse_code
    from nimlab.research.octal import octal_period, prove_period

    _need(options, "code")
    digits = parse_code(options["code"])
    if options.get("max") is not None:
        from nimlab.tables import octal_table

        values = octal_table(options["code"], options["max"], progress).to_array()
        found = octal_period(digits, values, options.get("min_repetitions") or 3,
                             options.get("max_period"))
    else:
        found = prove_period(digits, progress=progress)
        values = store.octal_values(digits, found.terms - 1)
    verdict = Periodicity("periodic" if found.period else "none", found.status, found.terms,
                          found.preperiod, found.period, 0 if found.period else None,
                          (found.terms - found.preperiod) // found.period if found.period
                          else None, largest_period_tried=found.terms // 3, proof=found.proof,
                          label=f"octal game {found.code}")
    notes = [f"the octal periodicity theorem needs G up to heap 2 n0 + 2 p + k - 1 = "
             f"{found.needed - 1:,}" if found.needed else "no period fits the data"]
    if found.last_exception is not None:
        notes.append(f"last exception: heap {found.last_exception}")
    return Built(values, f"octal game {found.code}: G(n), n >= 0", notes=notes,
                 verdict=verdict)


SPECS: dict[str, SequenceSpec] = {spec.name: spec for spec in [
    SequenceSpec("values", "an explicit sequence: TERMS, e.g. 1,2,3,1,2,3", ("terms",),
                 _build_values),
    SequenceSpec("octal", "nim-sequence of an octal game, --code (proven by the octal "
                 "periodicity theorem when the data reach its bound)", ("code",), _build_octal,
                 own_search=True),
    SequenceSpec("subtraction", "nim-sequence of NIM(A) (--outcomes: 1 at P-positions); --set, "
                 "--max (default 200); periodicity proven", ("set",), _build_subtraction),
    SequenceSpec("sharing-row", "row a of the Sharing Nim table, G(0,a,b) for b = a..max; --a",
                 ("a",), _build_sharing_row),
    SequenceSpec("sharing-diagonal", "diagonal G(0,i,i+d), i >= 0; --d", ("d",),
                 _build_sharing_diagonal),
    SequenceSpec("sharing-f", "the paper's f(n): 0 if (0,0,n) is a P-position, else 1", (),
                 _build_sharing_f),
    SequenceSpec("sharing-g", "1 where G(0,a,b) = g in row a; --a, --g", ("a", "g"),
                 _build_sharing_g),
    SequenceSpec("cash-f", "the cash function f(n) of NIM(A) (Def 7.1); --set, --max "
                 "(default 150)", ("set",), _build_cash_f),
    SequenceSpec("cash-fixed", "1 where Player I wins (n; d1, d2) with fixed budgets; --set, "
                 "--budgets d1,d2; periodicity proven via the winner grids", ("set", "budgets"),
                 _build_cash_fixed),
]}


#: The default --max of a game of one's own's sequence.
OWN_DEFAULT = 200


def _own_game_spec(name: str) -> SequenceSpec | None:
    """The nim-sequence of a game of one's own registered as ``name`` (one number or one heap);
    its periodicity is observed, never proven (nimlab knows no recurrence of its rules)."""
    from nimlab.tables import game_table, own_game, own_shape

    game = own_game(name)
    if game is None:
        return None
    if own_shape(game) != "list":
        raise InputError(f"{name} has positions of two numbers: periodicity is for a sequence "
                         "(a game of one number or one heap)")

    def build(options: dict, progress: Progress) -> Built:
        table = game_table(game, _bound(options, OWN_DEFAULT), progress)
        return Built([int(v) for v in table.to_array()], f"{game.describe()}: G(n), n >= 0",
                     notes=["a game of your own: the period is observed only (nimlab knows no "
                            "recurrence of finite memory for its rules)"])

    return SequenceSpec(name, "the nim-sequence of a game of your own", (), build)


def analyse_sequence(name: str, options: dict, *, min_repetitions: int = 3,
                     max_period: int | None = None,
                     progress: Progress = quiet) -> tuple[Periodicity, Built]:
    """Build the sequence ``name`` with ``options`` and decide its periodicity."""
    spec = SPECS.get(name) or _own_game_spec(name)
    if spec is None:
        raise InputError(f"unknown sequence {name!r}; the sequences are: {', '.join(SPECS)}, "
                         "and the nim-sequence of a game of your own of one number or one heap "
                         "(--rules FILE.py)")
    if options.get("max") is not None and not spec.own_search:  # a hopeless search: refused
        check_search(options["max"] + 1, min_repetitions, max_period)  # at once
    built = spec.build({**options, "min_repetitions": min_repetitions,
                        "max_period": max_period}, progress)
    if len(built.values) == 0:
        raise InputError("the sequence is empty; raise --max")
    if built.verdict is not None:
        built.verdict.notes.extend(built.notes)
        return built.verdict, built
    result = find_periodicity(built.values, min_repetitions=min_repetitions,
                              max_period=max_period, window=built.window, label=built.label,
                              first_index=built.first_index)
    result.notes.extend(built.notes)
    grid = built.proven_by
    if grid is not None:
        if grid.status == "proven":
            result.notes.append(
                f"proven: {grid.label} are periodic from n = {grid.preperiod} with period "
                f"{grid.period} (a recurrence of memory max(A)), so this sequence is too")
            # The observed pair holds for ever if the data reach one grid period past it.
            if (result.kind == "periodic" and grid.period % result.period == 0
                    and result.preperiod <= grid.preperiod
                    and result.terms >= grid.preperiod + grid.period + result.period):
                result.status = "proven"
                result.proof = (f"{result.notes[-1]}; terms up to preperiod + grid period + "
                                "period agree with the observed period, which therefore holds "
                                "for every n")
        else:
            result.notes.append(f"the winner grids are not yet proven periodic in "
                                f"{grid.terms} terms ({grid.summary()}); raise --max")
    return result, built
